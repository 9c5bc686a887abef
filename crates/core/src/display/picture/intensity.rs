//! Intensity plots of tables of numbers (`IntensityPlot`): each cell shaded by its value, row 0
//! at the top and column 0 at the left, as plain text, SVG (composed with the `svg` crate) and
//! TikZ. A 64×64 table of Wythoff nim values, say, shows values growing away from the corner
//! with the zero diagonals cutting through.
//!
//! ```text
//!    0       8
//!   ┌┴───────┴───────┐
//! 0 ┤  ░░░▒▒▒▒▒▓▓▓▓██│
//! ```
//!
//! Text has five shades, ` ░▒▓█`, linear in value from the smallest to the largest; the
//! pictures a continuous colour map (viridis) with a legend bar. Integral tables are shaded in
//! equal runs of integers, so that the legend can name them exactly (`0–12`, `13–25`, …). The
//! ends of every legend carry the caller's exact labels `low` and `high`. Missing cells (and
//! values that are not finite) show as `·` in text and light grey in pictures.
//!
//! Large tables are drawn in blocks, each showing its largest value, so that the text stays
//! within 96×48 characters, the SVG within 512×512 cells and the TikZ within 128×128; the
//! work is one pass over the values. Output is byte-identical for the same input.

use super::{AXIS_COLOUR, axis_label, axis_line, plot_document, px, tex_escape};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use svg::node::element::{Group, Path, Rectangle};

/// A table of numbers to plot, with the exact labels of its smallest and largest value.
pub struct Table<'a> {
    pub rows: usize,
    pub cols: usize,
    /// Row-major, `rows × cols` of them; `None` is a missing cell (so is any cell beyond the
    /// end of the slice).
    pub values: &'a [Option<f64>],
    pub low: &'a str,
    pub high: &'a str,
    pub title: &'a str,
}

/// The shades of text, from low to high, and the mark of a missing cell.
const SHADES: [char; 5] = [' ', '░', '▒', '▓', '█'];
const MISSING: char = '·';
/// Largest text plot, in characters.
const TEXT_MAX_COLS: usize = 96;
const TEXT_MAX_ROWS: usize = 48;
/// Text ticks every this many characters.
const TEXT_TICK: usize = 8;
/// Largest SVG and TikZ plots, in cells (each side).
const SVG_MAX_CELLS: usize = 512;
const TIKZ_MAX_CELLS: usize = 128;

/// SVG layout, in pixels.
const SVG_PLOT_SIZE: usize = 512;
const SVG_MAX_CELL: usize = 24;
const MARGIN: f64 = 16.0;
const FONT_SIZE: f64 = 12.0;
const CHAR_WIDTH: f64 = 7.0;
const TITLE_CHAR_WIDTH: f64 = 9.5;
const BAR_WIDTH: f64 = 14.0;
const BAR_MIN_HEIGHT: f64 = 128.0;
/// Steps of the legend bar.
const BAR_STEPS: usize = 32;
const MISSING_COLOUR: &str = "#d9d9d9";
/// TikZ layout, in cm.
const TIKZ_PLOT_SIZE: f64 = 9.0;
const TIKZ_MAX_CELL: f64 = 0.5;

/// Colours used: as good as continuous to the eye, while runs of one colour stay long enough
/// to keep large tables' files small (half the size of 256 levels).
const LEVELS: u8 = 64;
/// Viridis, sampled at nine equally spaced points; colours in between are interpolated.
const VIRIDIS: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (71, 44, 122),
    (59, 81, 139),
    (44, 113, 142),
    (33, 144, 141),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
];

/// How values map to shades and colours.
#[derive(Clone, Copy)]
enum Scale {
    /// No cell has a value.
    NoValues,
    /// Every value is the same: the middle shade and colour.
    Constant,
    /// Integers from `min` on, `count` of them (at least 2): shades cover equal runs.
    Integral { min: i128, count: i128 },
    /// Anything else: five equal intervals from `min` to `max`.
    Real { min: f64, max: f64 },
}

/// Integers are exact in an f64 up to here.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

impl Scale {
    fn of(values: &[Option<f64>]) -> Scale {
        let mut range: Option<(f64, f64)> = None;
        let mut integral = true;
        for v in values.iter().flatten().filter(|v| v.is_finite()) {
            integral &= v.fract() == 0.0 && v.abs() <= EXACT_INTEGERS;
            range = Some(match range {
                None => (*v, *v),
                Some((lo, hi)) => (lo.min(*v), hi.max(*v)),
            });
        }
        match range {
            None => Scale::NoValues,
            Some((min, max)) if min == max => Scale::Constant,
            Some((min, max)) if integral => Scale::Integral {
                min: min as i128,
                count: max as i128 - min as i128 + 1,
            },
            Some((min, max)) => Scale::Real { min, max },
        }
    }

    /// The text shade (0–4) of a value of the table.
    fn shade(self, v: f64) -> usize {
        match self {
            Scale::NoValues => 0,
            Scale::Constant => 2,
            Scale::Integral { min, count } => {
                let d = (v as i128 - min).clamp(0, count - 1);
                if count >= 5 {
                    (d * 5 / count) as usize
                } else {
                    // Fewer integers than shades: spread them, the ends on the ends.
                    ((8 * d + count - 1) / (2 * (count - 1))) as usize
                }
            }
            Scale::Real { min, max } => {
                (((v - min) / (max - min) * 5.0).floor().max(0.0) as usize).min(4)
            }
        }
    }

    /// Where a value of the table lies between the smallest (0) and the largest (1).
    fn fraction(self, v: f64) -> f64 {
        let (min, max) = match self {
            Scale::NoValues | Scale::Constant => return 0.5,
            Scale::Integral { min, count } => (min as f64, (min + count - 1) as f64),
            Scale::Real { min, max } => (min, max),
        };
        ((v - min) / (max - min)).clamp(0.0, 1.0)
    }

    /// The text legend: each shade used with the values it stands for, the ends named by
    /// the exact labels.
    fn legend(self, low: &str, high: &str) -> Vec<(char, String)> {
        match self {
            Scale::NoValues => Vec::new(),
            Scale::Constant => vec![(SHADES[2], high.to_string())],
            Scale::Integral { min, count } => {
                let max = min + count - 1;
                let name = |x: i128| match x {
                    x if x == min => low.to_string(),
                    x if x == max => high.to_string(),
                    x => x.to_string(),
                };
                if count < 5 {
                    return (min..=max)
                        .map(|x| (SHADES[self.shade(x as f64)], name(x)))
                        .collect();
                }
                // Shade i covers d with ⌊5d/count⌋ = i: from ⌈i·count/5⌉ on.
                let start = |i: i128| min + (i * count + 4) / 5;
                (0..5)
                    .map(|i| {
                        let (lo, hi) = (start(i), start(i + 1) - 1);
                        let text = if lo == hi {
                            name(lo)
                        } else {
                            format!("{}–{}", name(lo), name(hi))
                        };
                        (SHADES[i as usize], text)
                    })
                    .collect()
            }
            Scale::Real { min, max } => {
                let width = (max - min) / 5.0;
                let bound = |i: usize| match i {
                    0 => low.to_string(),
                    5 => high.to_string(),
                    _ => compact(min + i as f64 * width, width),
                };
                (0..5)
                    .map(|i| (SHADES[i], format!("{}–{}", bound(i), bound(i + 1))))
                    .collect()
            }
        }
    }
}

/// `x` with just enough decimals to tell steps of `step` apart, trailing zeros dropped.
fn compact(x: f64, step: f64) -> String {
    let decimals = (1.0 - step.log10().ceil()).clamp(0.0, 12.0) as usize;
    let mut text = format!("{x:.decimals$}");
    if text.contains('.') {
        text = text.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    if text == "-0" {
        text = "0".to_string();
    }
    text
}

/// The cells to draw: the table itself, or the largest value of each `block`×`block` square
/// when the table has more than `max_rows` rows or `max_cols` columns.
struct Grid {
    rows: usize,
    cols: usize,
    block: usize,
    cells: Vec<Option<f64>>,
    scale: Scale,
}

impl Grid {
    fn new(t: &Table, max_rows: usize, max_cols: usize) -> Grid {
        let block = t
            .rows
            .div_ceil(max_rows)
            .max(t.cols.div_ceil(max_cols))
            .max(1);
        let (rows, cols) = (t.rows.div_ceil(block), t.cols.div_ceil(block));
        let mut cells: Vec<Option<f64>> = vec![None; rows * cols];
        // One pass over the values; cells past rows × cols are not part of the table.
        let used = t.values.len().min(t.rows.saturating_mul(t.cols));
        let values = t.values.get(..used).unwrap_or_default();
        for (i, v) in values.iter().enumerate() {
            let Some(v) = v.filter(|v| v.is_finite()) else {
                continue;
            };
            let (r, c) = (i / t.cols / block, i % t.cols / block);
            let cell = &mut cells[r * cols + c];
            *cell = Some(cell.map_or(v, |m| m.max(v)));
        }
        Grid {
            rows,
            cols,
            block,
            cells,
            scale: Scale::of(values),
        }
    }

    fn is_empty(&self) -> bool {
        self.rows == 0 || self.cols == 0
    }

    fn any_missing(&self) -> bool {
        self.cells.iter().any(Option::is_none)
    }

    /// Each row's runs of equal colour level (`None`: missing) as (row, first column,
    /// length, level).
    fn runs(&self) -> Vec<(usize, usize, usize, Option<u8>)> {
        let mut runs = Vec::new();
        for (r, row) in self.cells.chunks(self.cols.max(1)).enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let level = cell.map(|v| level(self.scale.fraction(v)));
                match runs.last_mut() {
                    Some((rr, _, len, l)) if *rr == r && *l == level => *len += 1,
                    _ => runs.push((r, c, 1, level)),
                }
            }
        }
        runs
    }
}

/// The text plot of `t`: one character per cell (or per block of a large table), a frame with
/// index ticks every 8 characters, and a legend line.
pub fn intensity_text(t: &Table) -> String {
    let grid = Grid::new(t, TEXT_MAX_ROWS, TEXT_MAX_COLS);
    let mut out = String::new();
    if !t.title.is_empty() {
        out.push_str(t.title);
        out.push('\n');
    }
    if grid.is_empty() {
        out.push_str("(empty table)\n");
        return out;
    }
    let row_label = |r: usize| {
        r.is_multiple_of(TEXT_TICK)
            .then(|| (r * grid.block).to_string())
    };
    let label_width = (0..grid.rows)
        .filter_map(row_label)
        .map(|l| l.len())
        .max()
        .unwrap_or(0);
    let pad = " ".repeat(label_width + 1);
    // Column numbers above their ticks, each left out if it would run into the one before.
    let mut numbers = String::new();
    for c in (0..grid.cols).step_by(TEXT_TICK) {
        let at = numbers.chars().count();
        if at == 0 || at < c {
            numbers.push_str(&" ".repeat(c - at));
            numbers.push_str(&(c * grid.block).to_string());
        }
    }
    let _ = writeln!(out, "{pad} {numbers}");
    let border = |tick: char| -> String {
        (0..grid.cols)
            .map(|c| {
                if c.is_multiple_of(TEXT_TICK) {
                    tick
                } else {
                    '─'
                }
            })
            .collect()
    };
    let _ = writeln!(out, "{pad}┌{}┐", border('┴'));
    for (r, row) in grid.cells.chunks(grid.cols).enumerate() {
        let (label, tick) = match row_label(r) {
            Some(label) => (label, '┤'),
            None => (String::new(), '│'),
        };
        let cells: String = row
            .iter()
            .map(|cell| cell.map_or(MISSING, |v| SHADES[grid.scale.shade(v)]))
            .collect();
        let _ = writeln!(out, "{label:>label_width$} {tick}{cells}│");
    }
    let _ = writeln!(out, "{pad}└{}┘", border('─'));
    if grid.block > 1 {
        let k = grid.block;
        let _ = writeln!(
            out,
            "each character is a {k}×{k} block, showing its largest value"
        );
    }
    let mut legend: Vec<String> = grid
        .scale
        .legend(t.low, t.high)
        .into_iter()
        .map(|(shade, text)| format!("[{shade}] {text}"))
        .collect();
    if grid.any_missing() {
        legend.push(format!("[{MISSING}] missing"));
    }
    let _ = writeln!(out, "{}", legend.join("  "));
    out
}

/// The colour level (0 to `LEVELS − 1`) of a fraction of the way from the smallest value to
/// the largest.
fn level(fraction: f64) -> u8 {
    (fraction.clamp(0.0, 1.0) * f64::from(LEVELS - 1)).round() as u8
}

/// The viridis colour of a level, interpolated between the two nearest samples.
fn rgb(level: u8) -> (u8, u8, u8) {
    let at = f64::from(level.min(LEVELS - 1)) / f64::from(LEVELS - 1) * (VIRIDIS.len() - 1) as f64;
    let i = (at.floor() as usize).min(VIRIDIS.len() - 2);
    let s = at - i as f64;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * s).round() as u8;
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn hex(level: u8) -> String {
    let (r, g, b) = rgb(level);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The indices that get a tick: multiples of a power of two, at least `block` (one tick per
/// drawn cell at most), spaced at least `min_spacing` in units where a drawn cell is `cell`.
fn ticks(count: usize, block: usize, cell: f64, min_spacing: impl Fn(usize) -> f64) -> Vec<usize> {
    let mut step = 1usize;
    while step < count
        && (step < block || step as f64 / block as f64 * cell < min_spacing(count - 1))
    {
        step = step.saturating_mul(2);
    }
    (0..count).step_by(step).collect()
}

/// The SVG picture of `t`: cells in the viridis colour map (a table larger than 512×512 in
/// blocks), row and column ticks, the title and a legend bar labelled `low` and `high`.
pub fn intensity_svg(t: &Table) -> String {
    let grid = Grid::new(t, SVG_MAX_CELLS, SVG_MAX_CELLS);
    let cell = (SVG_PLOT_SIZE / grid.rows.max(grid.cols).max(1)).clamp(1, SVG_MAX_CELL);
    let cell_px = cell as f64;
    let (plot_w, plot_h) = (grid.cols as f64 * cell_px, grid.rows as f64 * cell_px);
    let header = if grid.block > 1 { 52.0 } else { 34.0 };
    let plot_top = header + 24.0;
    let chars = |i: usize| i.to_string().len() as f64;
    let row_ticks = ticks(t.rows, grid.block, cell_px, |_| 36.0);
    let col_ticks = ticks(t.cols, grid.block, cell_px, |last| {
        (chars(last) * CHAR_WIDTH + 10.0).max(36.0)
    });
    let row_label_width = row_ticks.last().map_or(0.0, |&i| chars(i) * CHAR_WIDTH);
    let plot_left = MARGIN + row_label_width + 12.0;
    let bar_x = plot_left + plot_w + 20.0;
    let bar_h = plot_h.max(BAR_MIN_HEIGHT);
    let legend_chars = t.low.chars().count().max(t.high.chars().count()).max(7) as f64;
    let width = (bar_x + BAR_WIDTH + 8.0 + legend_chars * CHAR_WIDTH + MARGIN)
        .max(2.0 * MARGIN + t.title.chars().count() as f64 * TITLE_CHAR_WIDTH);
    // Below the plot or the legend (the bar, and the "missing" swatch under it).
    let legend_h = match grid.scale {
        Scale::NoValues => 0.0,
        Scale::Constant => 24.0,
        Scale::Integral { .. } | Scale::Real { .. } => bar_h + 12.0,
    } + if grid.any_missing() { BAR_WIDTH } else { 0.0 };
    let height = plot_top + plot_h.max(legend_h) + 24.0;

    let mut doc = plot_document(width, height, t.title);
    if grid.block > 1 {
        let k = grid.block;
        doc = doc.add(
            axis_label(
                &format!(
                    "each cell is a {k}×{k} block of the {}×{} table, showing its largest value",
                    t.rows, t.cols
                ),
                MARGIN,
                44.0,
                "start",
            )
            .set("font-size", FONT_SIZE)
            .set("fill", "#555555"),
        );
    }
    if grid.is_empty() {
        return doc
            .add(
                axis_label("empty table", MARGIN, plot_top + 12.0, "start")
                    .set("font-size", FONT_SIZE),
            )
            .to_string();
    }

    // The cells, in cell units: one path per colour, a subpath per run of it within a row,
    // drawn as a stroke one cell wide along the row's middle (half the bytes of a filled
    // rectangle).
    let missing = usize::from(LEVELS);
    let mut paths: Vec<String> = vec![String::new(); missing + 1];
    for (r, c, len, level) in grid.runs() {
        let d = &mut paths[level.map_or(missing, usize::from)];
        let _ = write!(d, "M{c} {r}h{len}");
    }
    let mut cells = Group::new()
        .set(
            "transform",
            format!(
                "translate({} {}) scale({cell})",
                px(plot_left),
                px(plot_top + cell_px / 2.0)
            ),
        )
        .set("shape-rendering", "crispEdges")
        .set("fill", "none")
        .set("stroke-width", 1);
    for (i, d) in paths.into_iter().enumerate() {
        if d.is_empty() {
            continue;
        }
        let colour = match u8::try_from(i) {
            Ok(level) if level < LEVELS => hex(level),
            _ => MISSING_COLOUR.to_string(),
        };
        cells = cells.add(Path::new().set("d", d).set("stroke", colour));
    }
    doc = doc.add(cells).add(
        Rectangle::new()
            .set("x", px(plot_left - 0.5))
            .set("y", px(plot_top - 0.5))
            .set("width", px(plot_w + 1.0))
            .set("height", px(plot_h + 1.0))
            .set("fill", "none")
            .set("stroke", AXIS_COLOUR)
            .set("stroke-width", 1),
    );

    // Ticks at the middle of the cells (or blocks) they name.
    let mut axes = Group::new().set("font-size", FONT_SIZE);
    let scale = cell_px / grid.block as f64;
    for &i in &col_ticks {
        let x = plot_left + (i as f64 + 0.5) * scale;
        axes = axes
            .add(axis_line((x, plot_top - 5.5), (x, plot_top - 0.5)))
            .add(axis_label(&i.to_string(), x, plot_top - 9.0, "middle"));
    }
    for &i in &row_ticks {
        let y = plot_top + (i as f64 + 0.5) * scale;
        axes = axes
            .add(axis_line((plot_left - 5.5, y), (plot_left - 0.5, y)))
            .add(axis_label(&i.to_string(), plot_left - 8.0, y + 4.0, "end"));
    }
    doc = doc.add(axes);

    // The legend bar: low at the bottom, high at the top.
    let mut legend = Group::new().set("font-size", FONT_SIZE);
    let text_x = bar_x + BAR_WIDTH + 6.0;
    let mut swatch_y = plot_top;
    match grid.scale {
        Scale::NoValues => {}
        Scale::Constant => {
            legend = legend
                .add(swatch(bar_x, plot_top, &hex(level(0.5))))
                .add(axis_label(t.high, text_x, plot_top + 11.0, "start"));
            swatch_y += 24.0;
        }
        Scale::Integral { .. } | Scale::Real { .. } => {
            let mut steps = Group::new().set("shape-rendering", "crispEdges");
            let y_of = |i: usize| px(plot_top + bar_h * (BAR_STEPS - i) as f64 / BAR_STEPS as f64);
            for i in 0..BAR_STEPS {
                let fraction = (i as f64 + 0.5) / BAR_STEPS as f64;
                steps = steps.add(
                    Rectangle::new()
                        .set("x", px(bar_x))
                        .set("y", y_of(i + 1))
                        .set("width", BAR_WIDTH)
                        .set("height", px(y_of(i) - y_of(i + 1)))
                        .set("fill", hex(level(fraction))),
                );
            }
            legend = legend
                .add(steps)
                .add(
                    Rectangle::new()
                        .set("x", px(bar_x - 0.5))
                        .set("y", px(plot_top - 0.5))
                        .set("width", BAR_WIDTH + 1.0)
                        .set("height", px(bar_h + 1.0))
                        .set("fill", "none")
                        .set("stroke", AXIS_COLOUR)
                        .set("stroke-width", 1),
                )
                .add(axis_label(t.high, text_x, plot_top + 9.0, "start"))
                .add(axis_label(t.low, text_x, plot_top + bar_h, "start"));
            swatch_y += bar_h + 12.0;
        }
    }
    if grid.any_missing() {
        legend = legend
            .add(swatch(bar_x, swatch_y, MISSING_COLOUR))
            .add(axis_label("missing", text_x, swatch_y + 11.0, "start"));
    }
    doc.add(legend).to_string()
}

/// A square legend swatch with its top left corner at (x, y).
fn swatch(x: f64, y: f64, fill: &str) -> Rectangle {
    Rectangle::new()
        .set("x", px(x))
        .set("y", px(y))
        .set("width", BAR_WIDTH)
        .set("height", BAR_WIDTH)
        .set("fill", fill)
        .set("stroke", AXIS_COLOUR)
        .set("stroke-width", 1)
}

/// The TikZ picture of `t`, needing only `\usepackage{tikz}`: as the SVG, with at most
/// 128×128 cells so that TeX compiles it in reasonable time.
pub fn intensity_tikz(t: &Table) -> String {
    let grid = Grid::new(t, TIKZ_MAX_CELLS, TIKZ_MAX_CELLS);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "% Intensity plot of a {}x{} table: row 0 at the top, colours from viridis.",
        t.rows, t.cols
    );
    if grid.block > 1 {
        let k = grid.block;
        let _ = writeln!(
            out,
            "% Each cell is a {k}x{k} block of the table, showing its largest value (TikZ \
             pictures are capped at {TIKZ_MAX_CELLS}x{TIKZ_MAX_CELLS} cells to keep compile \
             times sane)."
        );
    }
    // One cell is `unit` cm; coordinates are cells, y up from the bottom row.
    let unit = (TIKZ_PLOT_SIZE / grid.rows.max(grid.cols).max(1) as f64).min(TIKZ_MAX_CELL);
    let _ = writeln!(out, "\\begin{{tikzpicture}}[x={unit:.4}cm,y={unit:.4}cm]");
    let (rows, cols) = (grid.rows as f64, grid.cols as f64);
    if !t.title.is_empty() {
        let _ = writeln!(
            out,
            "\\node[anchor=south west,inner sep=0pt,yshift=6mm,font=\\bfseries] at (0,{rows}) \
             {{{}}};",
            tex_escape(t.title)
        );
    }
    if grid.is_empty() {
        let _ = writeln!(out, "\\node[anchor=north west] at (0,0) {{empty table}};");
        out.push_str("\\end{tikzpicture}\n");
        return out;
    }

    // The bar: where it goes (in cells) and the colour level of each of its steps.
    let bar_x = cols + 0.6 / unit;
    let bar_w = 0.35 / unit;
    let bar_h = rows.max(3.0 / unit);
    let bar_levels: Vec<u8> = (0..BAR_STEPS)
        .map(|i| level((i as f64 + 0.5) / BAR_STEPS as f64))
        .collect();
    let runs = grid.runs();
    let mut used: BTreeSet<u8> = runs.iter().filter_map(|run| run.3).collect();
    match grid.scale {
        Scale::Integral { .. } | Scale::Real { .. } => used.extend(&bar_levels),
        Scale::Constant => {
            used.insert(level(0.5));
        }
        Scale::NoValues => {}
    }
    for &l in &used {
        let (r, g, b) = rgb(l);
        let _ = writeln!(out, "\\definecolor{{ip{l}}}{{RGB}}{{{r},{g},{b}}}");
    }
    for (r, c, len, level) in runs {
        let colour = level.map_or("black!15".to_string(), |l| format!("ip{l}"));
        let _ = writeln!(
            out,
            "\\fill[{colour}] ({c},{}) rectangle +({len},1);",
            grid.rows - 1 - r
        );
    }
    let _ = writeln!(out, "\\draw[black!70] (0,0) rectangle ({cols},{rows});");

    // Ticks at the middle of the cells (or blocks) they name.
    let scale = 1.0 / grid.block as f64;
    for i in ticks(t.cols, grid.block, unit, |last| {
        (i_chars(last) * 0.16 + 0.25).max(0.6)
    }) {
        let _ = writeln!(
            out,
            "\\draw[black!70] ({:.3},{rows}) -- +(0,3pt) node[anchor=south,font=\\scriptsize] \
             {{{i}}};",
            (i as f64 + 0.5) * scale
        );
    }
    for i in ticks(t.rows, grid.block, unit, |_| 0.6) {
        let _ = writeln!(
            out,
            "\\draw[black!70] (0,{:.3}) -- +(-3pt,0) node[anchor=east,font=\\scriptsize] \
             {{{i}}};",
            rows - (i as f64 + 0.5) * scale
        );
    }

    // The legend bar: low at the bottom, high at the top.
    let label_x = bar_x + bar_w;
    let mut swatch_top = rows;
    let swatch_h = 0.35 / unit;
    match grid.scale {
        Scale::NoValues => {}
        Scale::Constant => {
            let _ = writeln!(
                out,
                "\\filldraw[fill=ip{},draw=black!70] ({bar_x:.3},{:.3}) rectangle +({bar_w:.3},{swatch_h:.3});",
                level(0.5),
                rows - swatch_h
            );
            let _ = writeln!(
                out,
                "\\node[anchor=west,font=\\small] at ({label_x:.3},{:.3}) {{{}}};",
                rows - swatch_h / 2.0,
                tex_escape(t.high)
            );
            swatch_top -= 2.0 * swatch_h;
        }
        Scale::Integral { .. } | Scale::Real { .. } => {
            let step = bar_h / BAR_STEPS as f64;
            for (i, l) in bar_levels.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "\\fill[ip{l}] ({bar_x:.3},{:.3}) rectangle +({bar_w:.3},{step:.3});",
                    rows - bar_h + i as f64 * step
                );
            }
            let _ = writeln!(
                out,
                "\\draw[black!70] ({bar_x:.3},{:.3}) rectangle +({bar_w:.3},{bar_h:.3});",
                rows - bar_h
            );
            let _ = writeln!(
                out,
                "\\node[anchor=north west,font=\\small] at ({label_x:.3},{rows}) {{{}}};",
                tex_escape(t.high)
            );
            let _ = writeln!(
                out,
                "\\node[anchor=south west,font=\\small] at ({label_x:.3},{:.3}) {{{}}};",
                rows - bar_h,
                tex_escape(t.low)
            );
            swatch_top -= bar_h + swatch_h;
        }
    }
    if grid.any_missing() {
        let _ = writeln!(
            out,
            "\\filldraw[fill=black!15,draw=black!70] ({bar_x:.3},{:.3}) rectangle +({bar_w:.3},{swatch_h:.3});",
            swatch_top - swatch_h
        );
        let _ = writeln!(
            out,
            "\\node[anchor=west,font=\\small] at ({label_x:.3},{:.3}) {{missing}};",
            swatch_top - swatch_h / 2.0
        );
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

fn i_chars(i: usize) -> f64 {
    i.to_string().len() as f64
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::display::picture::rendered::ink;

    /// Wythoff's game: the nim value of (x, y) is the mex of those of (x−k, y), (x, y−k)
    /// and (x−k, y−k).
    pub(crate) fn wythoff(size: usize) -> Vec<Option<f64>> {
        let mut g = vec![0usize; size * size];
        for x in 0..size {
            for y in 0..size {
                let mut seen = vec![false; 3 * size + 1];
                for k in 1..=x {
                    seen[g[(x - k) * size + y]] = true;
                }
                for k in 1..=y {
                    seen[g[x * size + y - k]] = true;
                }
                for k in 1..=x.min(y) {
                    seen[g[(x - k) * size + y - k]] = true;
                }
                g[x * size + y] = seen.iter().position(|s| !s).unwrap_or(seen.len());
            }
        }
        g.into_iter().map(|v| Some(v as f64)).collect()
    }

    fn max_label(values: &[Option<f64>]) -> String {
        values
            .iter()
            .flatten()
            .fold(0.0f64, |m, &v| m.max(v))
            .to_string()
    }

    fn table<'a>(rows: usize, cols: usize, values: &'a [Option<f64>]) -> Table<'a> {
        Table {
            rows,
            cols,
            values,
            low: "0",
            high: "11",
            title: "T",
        }
    }

    #[test]
    fn wythoff_starts_as_known() {
        let g = wythoff(4);
        let row: Vec<f64> = g.iter().take(4).flatten().copied().collect();
        assert_eq!(row, [0.0, 1.0, 2.0, 3.0]);
        // (1, 1) and (2, 1): P-positions are (1, 2) and (2, 1).
        assert_eq!(g[5], Some(2.0));
        assert_eq!(g[2 * 4 + 1], Some(0.0));
    }

    #[test]
    fn small_table_text_is_exact() {
        let values: Vec<Option<f64>> = (0..12).map(|i| (i != 5).then_some(f64::from(i))).collect();
        let text = intensity_text(&table(3, 4, &values));
        assert_eq!(
            text,
            "T\n   0\n  ┌┴───┐\n0 ┤   ░│\n  │░·▒▒│\n  │▓▓██│\n  └────┘\n\
             [ ] 0–2  [░] 3–4  [▒] 5–7  [▓] 8–9  [█] 10–11  [·] missing\n"
        );
    }

    #[test]
    fn ticks_every_eight_with_block_indices() {
        let values = vec![Some(1.0); 20 * 20];
        let text = intensity_text(&table(20, 20, &values));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "    0       8       16");
        assert_eq!(lines[2], "   ┌┴───────┴───────┴───┐");
        assert!(lines[3].starts_with(" 0 ┤▒"));
        assert!(lines[11].starts_with(" 8 ┤"));
        assert!(lines[19].starts_with("16 ┤"));
        assert_eq!(*lines.last().unwrap_or(&""), "[▒] 11");
    }

    #[test]
    fn large_tables_are_shown_in_blocks_of_their_maxima() {
        // 96×96, zero but for one 7 at (95, 50): more than 48 rows, so 48×48 characters of
        // 2×2 blocks, and the bottom row shows the 7.
        let mut values = vec![Some(0.0); 96 * 96];
        values[95 * 96 + 50] = Some(7.0);
        let t = Table {
            rows: 96,
            cols: 96,
            values: &values,
            low: "0",
            high: "7",
            title: "",
        };
        let text = intensity_text(&t);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    0       16      32      48      64      80");
        assert!(
            text.contains("\neach character is a 2×2 block, showing its largest value\n"),
            "{text}"
        );
        assert_eq!(lines.len(), 1 + 1 + 48 + 1 + 2);
        let last_row = lines[lines.len() - 4];
        assert_eq!(last_row.chars().filter(|&c| c == '█').count(), 1, "{text}");
        assert_eq!(last_row.chars().position(|c| c == '█'), Some(4 + 25));
        assert!(lines.iter().any(|l| l.starts_with("80 ┤")));
        // One more row: 3×3 blocks.
        let t = Table {
            rows: 97,
            values: &values,
            ..t
        };
        assert!(intensity_text(&t).contains("each character is a 3×3 block"));
        // No footer without blocks.
        let small = intensity_text(&table(3, 3, &values[..9]));
        assert!(!small.contains("block"));
    }

    #[test]
    fn legends_name_the_ends_exactly() {
        let values: Vec<Option<f64>> = (0..64).map(|i| Some(f64::from(i))).collect();
        let t = Table {
            rows: 8,
            cols: 8,
            values: &values,
            low: "zero",
            high: "63",
            title: "",
        };
        let text = intensity_text(&t);
        assert!(
            text.ends_with("[ ] zero–12  [░] 13–25  [▒] 26–38  [▓] 39–51  [█] 52–63\n"),
            "{text}"
        );
        // Three integers: each its own shade, ends on the ends.
        let values = [Some(-1.0), Some(0.0), Some(1.0)];
        let t = Table {
            rows: 1,
            cols: 3,
            values: &values,
            low: "-1",
            high: "1",
            title: "",
        };
        let text = intensity_text(&t);
        assert!(text.contains("0 ┤ ▒█│"), "{text}");
        assert!(text.ends_with("[ ] -1  [▒] 0  [█] 1\n"), "{text}");
        // Fractions: five equal intervals, boundaries as short decimals.
        let values = [Some(0.0), Some(0.5), Some(1.0)];
        let t = Table {
            rows: 1,
            cols: 3,
            values: &values,
            low: "0",
            high: "1",
            title: "",
        };
        let text = intensity_text(&t);
        assert!(text.contains("0 ┤ ▒█│"), "{text}");
        assert!(
            text.ends_with("[ ] 0–0.2  [░] 0.2–0.4  [▒] 0.4–0.6  [▓] 0.6–0.8  [█] 0.8–1\n"),
            "{text}"
        );
    }

    #[test]
    fn compact_numbers() {
        assert_eq!(compact(0.2, 0.2), "0.2");
        assert_eq!(compact(12.6, 2.5), "13");
        assert_eq!(compact(12.625, 0.25), "12.6");
        assert_eq!(compact(1234.7, 300.0), "1235");
        assert_eq!(compact(0.000123, 0.00002), "0.00012");
        assert_eq!(compact(-0.0001, 1.0), "0");
    }

    #[test]
    fn degenerate_tables_do_not_panic() {
        let one = [Some(4.0)];
        let missing = [None, None, None, None];
        let constant = [Some(2.5); 6];
        let nan = [Some(f64::NAN), Some(1.0)];
        let cases = [
            table(1, 1, &one),
            table(2, 2, &missing),
            table(2, 3, &constant),
            table(1, 2, &nan),
            table(0, 0, &[]),
            table(3, 0, &[]),
            // Fewer values than cells, and more.
            table(3, 3, &one),
            table(1, 1, &constant),
        ];
        for t in &cases {
            let text = intensity_text(t);
            assert!(!text.is_empty());
            let _ = intensity_tikz(t);
            let svg = intensity_svg(t);
            // Without fonts only the cells and frames show; an empty table has none.
            let cells = t.rows.min(t.values.len()) * t.cols;
            assert!(cells == 0 || ink(&svg) > 0, "{svg}");
        }
        assert!(intensity_text(&cases[1]).ends_with("  │··│\n  └──┘\n[·] missing\n"));
        assert!(intensity_text(&cases[2]).ends_with("[▒] 11\n"));
        assert!(intensity_text(&cases[4]).ends_with("(empty table)\n"));
    }

    #[test]
    fn every_svg_parses_and_rasterises() {
        let wythoff = wythoff(64);
        let high = max_label(&wythoff);
        let t = Table {
            rows: 64,
            cols: 64,
            values: &wythoff,
            low: "0",
            high: &high,
            title: "Wythoff",
        };
        let svg = intensity_svg(&t);
        assert!(ink(&svg) > 64 * 64 * 8 * 8 / 2);
        assert!(svg.contains(">\nWythoff\n<"));
        assert!(!svg.contains("block"));
    }

    #[test]
    fn large_tables_stay_small() {
        // Nim: x ⊕ y over 1000×1000, capped at 500×500 blocks.
        let values: Vec<Option<f64>> = (0..1_000_000usize)
            .map(|i| Some(((i / 1000) ^ (i % 1000)) as f64))
            .collect();
        let t = Table {
            rows: 1000,
            cols: 1000,
            values: &values,
            low: "0",
            high: "1023",
            title: "Nim",
        };
        let svg = intensity_svg(&t);
        assert!(svg.contains("each cell is a 2×2 block of the 1000×1000 table"));
        assert!(svg.len() < 1_000_000, "{} bytes", svg.len());
        assert!(ink(&svg) > 0);
        let tikz = intensity_tikz(&t);
        assert!(tikz.contains("% Each cell is a 8x8 block"));
        assert!(tikz.len() < 600_000, "{} bytes", tikz.len());
        assert!(intensity_text(&t).contains("each character is a 21×21 block"));
    }

    #[test]
    fn tikz_cells_colours_and_labels() {
        let values = [Some(0.0), None, Some(2.0), Some(2.0)];
        let t = Table {
            rows: 2,
            cols: 2,
            values: &values,
            low: "0",
            high: "2_max",
            title: "50% & more",
        };
        let tikz = intensity_tikz(&t);
        assert!(tikz.contains("\\definecolor{ip0}{RGB}{68,1,84}"), "{tikz}");
        assert!(tikz.contains("\\definecolor{ip63}{RGB}{253,231,37}"));
        // Row 0 is the top one (y = 1); the bottom row is one run of two.
        assert!(tikz.contains("\\fill[ip0] (0,1) rectangle +(1,1);"));
        assert!(tikz.contains("\\fill[black!15] (1,1) rectangle +(1,1);"));
        assert!(tikz.contains("\\fill[ip63] (0,0) rectangle +(2,1);"));
        assert!(tikz.contains("{50\\% \\& more}"));
        assert!(tikz.contains("{2\\_max}"));
        assert!(tikz.contains("{missing}"));
    }

    #[test]
    fn viridis_ends_and_middle() {
        assert_eq!(hex(0), "#440154");
        assert_eq!(hex(LEVELS - 1), "#fde725");
        assert_eq!(level(1.0), LEVELS - 1);
        assert_eq!(rgb(level(0.5)), (33, 146, 140));
    }

    #[test]
    fn output_is_deterministic() {
        let wythoff = wythoff(24);
        let t = Table {
            rows: 24,
            cols: 24,
            values: &wythoff,
            low: "0",
            high: "47",
            title: "W",
        };
        assert_eq!(intensity_text(&t), intensity_text(&t));
        assert_eq!(intensity_svg(&t), intensity_svg(&t));
        assert_eq!(intensity_tikz(&t), intensity_tikz(&t));
    }
}
