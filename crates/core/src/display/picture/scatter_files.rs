//! Scatter plots of number sequences as files: SVG (composed with the `svg` crate) and TikZ.
//! The same picture as the terminal plot in braille (`display::scatter`): the index runs to
//! the right, the value up, and the axes carry the caller's exact labels (`low` and `high` at
//! the smallest and largest value, `0` and `last` at the first and last index).
//!
//! A file must stay small and quick to write for a million values, so the marks sit on a fixed
//! grid (300×150 cells of 2 px in SVG, 200×100 cells of 0.5 mm in TikZ). With more values than
//! grid columns, a column shows one mark for every grid row that any value of its indices falls
//! in, so rare values stay visible; vertical runs of marks are drawn as one stroke, which bounds
//! the file by the grid, not by the number of values. With at most one value per column, each
//! value gets its own disc at its exact position.
//!
//! Values that are not finite (NaN, ±∞) have no mark, but still take their place on the index
//! axis. A constant sequence sits at mid-height, with one tick labelled `high`.

use super::{axis_label, axis_line, plot_document, px, tex_escape};
use std::fmt::Write as _;
use svg::node::element::{Group, Path};

/// The exact labels of a scatter plot, given by the caller.
pub struct ScatterLabels<'a> {
    /// The smallest value.
    pub low: &'a str,
    /// The largest value.
    pub high: &'a str,
    /// The last index.
    pub last: &'a str,
    /// The heading above the plot (may be empty).
    pub title: &'a str,
}

/// The SVG marking grid: columns × rows cells of `CELL` pixels.
const SVG_COLUMNS: usize = 300;
const SVG_ROWS: usize = 150;
const CELL: f64 = 2.0;
/// The TikZ marking grid, in cells of `TIKZ_CELL`.
const TIKZ_COLUMNS: usize = 200;
const TIKZ_ROWS: usize = 100;
const TIKZ_CELL: &str = "0.5mm";

/// Blank space between the axes and the grid, in pixels and in TikZ cells.
const PAD: f64 = 8.0;
const TIKZ_PAD: f64 = 4.0;
const MARGIN: f64 = 16.0;
const FONT_SIZE: f64 = 13.0;
/// Rough advances of a label and a title character, for making room.
const CHAR_WIDTH: f64 = 7.4;
const TITLE_CHAR_WIDTH: f64 = 9.5;
const MARK_COLOUR: &str = "#1f5fbf";
const MARK_RGB: (u8, u8, u8) = (31, 95, 191);

/// Where the values go on a grid of `columns` × `rows` cells. Positions are in cells, x from
/// the left and y from the bottom.
struct Placement<'v> {
    values: &'v [f64],
    columns: usize,
    rows: usize,
    /// The smallest and largest finite value; `None` when there is none.
    range: Option<(f64, f64)>,
}

impl<'v> Placement<'v> {
    fn new(values: &'v [f64], columns: usize, rows: usize) -> Self {
        let (min, max) = values
            .iter()
            .filter(|v| v.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            });
        Placement {
            values,
            columns,
            rows,
            range: (min <= max).then_some((min, max)),
        }
    }

    /// Each value its own mark, rather than marks per column.
    fn one_mark_per_value(&self) -> bool {
        self.values.len() <= self.columns
    }

    /// The centre of the marks of index `i`.
    fn x(&self, i: usize) -> f64 {
        let n = self.values.len();
        if n <= 1 {
            0.5
        } else if self.one_mark_per_value() {
            // Spread over the width, as in the terminal plot.
            0.5 + i as f64 * (self.columns - 1) as f64 / (n - 1) as f64
        } else {
            self.column(i) as f64 + 0.5
        }
    }

    /// The grid column of index `i` when indices share columns.
    fn column(&self, i: usize) -> usize {
        let n = self.values.len().max(1) as u128;
        (i as u128 * self.columns as u128 / n) as usize
    }

    /// The height of `v` in [0, 1]: 0 for the smallest value, ½ for a constant sequence.
    fn fraction(&self, v: f64) -> f64 {
        match self.range {
            Some((min, max)) if max > min => ((v - min) / (max - min)).clamp(0.0, 1.0),
            _ => 0.5,
        }
    }

    /// The centre of the mark of `v`: exact with one mark per value, else its grid row's.
    fn y(&self, v: f64) -> f64 {
        if self.one_mark_per_value() {
            0.5 + self.fraction(v) * (self.rows - 1) as f64
        } else {
            self.row(v) as f64 + 0.5
        }
    }

    /// The grid row (from the bottom) of `v`.
    fn row(&self, v: f64) -> usize {
        ((self.fraction(v) * (self.rows - 1) as f64).round() as usize).min(self.rows - 1)
    }

    /// The occupied cells, column by column: `runs[c]` lists the vertical runs of occupied rows
    /// of column `c` as (lowest row, length), from the bottom up. One pass over the values.
    fn runs(&self) -> Vec<Vec<(usize, usize)>> {
        let n = self.values.len();
        let mut occupied = vec![false; self.columns * self.rows];
        for c in 0..self.columns {
            // The indices i with ⌊i·columns/n⌋ = c.
            let start = first_index(c, n, self.columns);
            let end = first_index(c + 1, n, self.columns);
            let column = &mut occupied[c * self.rows..(c + 1) * self.rows];
            for &v in self.values.get(start..end).unwrap_or_default() {
                if v.is_finite() {
                    column[self.row(v)] = true;
                }
            }
        }
        occupied
            .chunks(self.rows)
            .map(|column| {
                let mut runs: Vec<(usize, usize)> = Vec::new();
                for (r, &on) in column.iter().enumerate() {
                    if !on {
                        continue;
                    }
                    match runs.last_mut() {
                        Some((low, len)) if *low + *len == r => *len += 1,
                        _ => runs.push((r, 1)),
                    }
                }
                runs
            })
            .collect()
    }

    /// The radius of a disc when each value has its own, in cells: smaller as they crowd,
    /// but never smaller than a binned mark.
    fn disc_radius(&self) -> f64 {
        let n = self.values.len();
        let spacing = if n <= 1 {
            self.columns as f64
        } else {
            (self.columns - 1) as f64 / (n - 1) as f64
        };
        (0.6 * spacing).clamp(1.0, 2.5)
    }
}

/// The first index of grid column `c`: ⌈c·n/columns⌉.
fn first_index(c: usize, n: usize, columns: usize) -> usize {
    (c as u128 * n as u128).div_ceil(columns as u128) as usize
}

/// The SVG picture of `values` (positions 0, 1, … on the x axis) with the exact `labels`.
pub fn scatter_svg(values: &[f64], labels: &ScatterLabels) -> String {
    let place = Placement::new(values, SVG_COLUMNS, SVG_ROWS);
    let n = values.len();
    let label_chars = labels.low.chars().count().max(labels.high.chars().count());
    let axis_x = MARGIN + label_chars as f64 * CHAR_WIDTH + 10.0;
    let grid_left = axis_x + PAD;
    let grid_top = 48.0;
    let grid_width = SVG_COLUMNS as f64 * CELL;
    let grid_height = SVG_ROWS as f64 * CELL;
    let axis_y = grid_top + grid_height + PAD;
    let last_chars = labels.last.chars().count() as f64;
    let width = (grid_left + grid_width + PAD + (last_chars * CHAR_WIDTH / 2.0).max(MARGIN))
        .max(2.0 * MARGIN + labels.title.chars().count() as f64 * TITLE_CHAR_WIDTH);
    let height = axis_y + 36.0;
    // Grid positions (cells, y from the bottom) to pixels.
    let to_x = |gx: f64| px(grid_left + gx * CELL);
    let to_y = |gy: f64| px(grid_top + grid_height - gy * CELL);

    let mut doc = plot_document(width, height, labels.title);

    // The marks, all in one path.
    if place.range.is_some() {
        let mut d = String::new();
        if place.one_mark_per_value() {
            let r = px(place.disc_radius() * CELL);
            for (i, &v) in values.iter().enumerate() {
                if v.is_finite() {
                    // A disc as two half-circle arcs.
                    let _ = write!(
                        d,
                        "M{} {}a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 {} 0",
                        px(to_x(place.x(i)) - r),
                        to_y(place.y(v)),
                        px(2.0 * r),
                        px(-2.0 * r),
                    );
                }
            }
            doc = doc.add(Path::new().set("d", d).set("fill", MARK_COLOUR));
        } else {
            // In cell units, each column's runs as vertical strokes one cell wide, top down:
            // an absolute move to the first, relative moves to the next.
            for (c, runs) in place.runs().iter().enumerate() {
                let mut bottom_of_previous = None;
                for &(low, len) in runs.iter().rev() {
                    let top = SVG_ROWS - low - len;
                    match bottom_of_previous {
                        None => {
                            let _ = write!(d, "M{c} {top}v{len}");
                        }
                        Some(prev) => {
                            let _ = write!(d, "m0 {}v{len}", top - prev);
                        }
                    }
                    bottom_of_previous = Some(top + len);
                }
            }
            doc = doc.add(
                Path::new()
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", MARK_COLOUR)
                    .set("stroke-width", 1)
                    .set(
                        "transform",
                        format!(
                            "translate({} {}) scale({CELL})",
                            px(grid_left + CELL / 2.0),
                            px(grid_top)
                        ),
                    ),
            );
        }
    }

    // The axes, with ticks and the exact labels.
    let mut axes = Group::new()
        .set("font-size", FONT_SIZE)
        .add(axis_line((axis_x, grid_top - PAD), (axis_x, axis_y)))
        .add(axis_line(
            (axis_x, axis_y),
            (grid_left + grid_width + PAD, axis_y),
        ));
    if let Some((min, max)) = place.range {
        let y_ticks: &[(f64, &str)] = if max > min {
            &[(min, labels.low), (max, labels.high)]
        } else {
            &[(max, labels.high)]
        };
        for &(v, text) in y_ticks {
            let y = to_y(place.y(v));
            axes = axes
                .add(axis_line((axis_x - 5.0, y), (axis_x, y)))
                .add(axis_label(text, axis_x - 8.0, y + 4.5, "end"));
        }
    }
    if n > 0 {
        let x_ticks: &[(usize, &str)] = if n > 1 {
            &[(0, "0"), (n - 1, labels.last)]
        } else {
            &[(0, "0")]
        };
        for &(i, text) in x_ticks {
            let x = to_x(place.x(i));
            axes = axes
                .add(axis_line((x, axis_y), (x, axis_y + 5.0)))
                .add(axis_label(text, x, axis_y + 19.0, "middle"));
        }
    }
    doc.add(axes).to_string()
}

/// The TikZ picture of `values` (positions 0, 1, … on the x axis) with the exact `labels`;
/// it needs only `\usepackage{tikz}`. Coordinates are grid cells of 0.5 mm.
pub fn scatter_tikz(values: &[f64], labels: &ScatterLabels) -> String {
    let place = Placement::new(values, TIKZ_COLUMNS, TIKZ_ROWS);
    let n = values.len();
    let (width, height) = (TIKZ_COLUMNS as f64, TIKZ_ROWS as f64);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "% Scatter plot of a sequence of length {n}: index to the right, value up. Marks sit \
         on a {TIKZ_COLUMNS}x{TIKZ_ROWS} grid of {TIKZ_CELL} cells;"
    );
    let _ = writeln!(
        out,
        "% with more values than columns, a column marks every row that a value of its indices \
         falls in."
    );
    let _ = writeln!(out, "\\begin{{tikzpicture}}[x={TIKZ_CELL},y={TIKZ_CELL}]");
    let (r, g, b) = MARK_RGB;
    let _ = writeln!(out, "\\definecolor{{scattermark}}{{RGB}}{{{r},{g},{b}}}");
    if !labels.title.is_empty() {
        let _ = writeln!(
            out,
            "\\node[anchor=south west,inner sep=0pt,font=\\bfseries] at ({},{}) {{{}}};",
            -TIKZ_PAD,
            height + TIKZ_PAD + 3.0,
            tex_escape(labels.title)
        );
    }
    if place.range.is_some() {
        if place.one_mark_per_value() {
            let radius = place.disc_radius();
            for (i, &v) in values.iter().enumerate() {
                if v.is_finite() {
                    let _ = writeln!(
                        out,
                        "\\fill[scattermark] ({:.2},{:.2}) circle[radius={radius:.2}];",
                        place.x(i),
                        place.y(v)
                    );
                }
            }
        } else {
            // One \fill per column keeps each path short (TeX builds long paths slowly).
            for (c, runs) in place.runs().iter().enumerate() {
                if runs.is_empty() {
                    continue;
                }
                out.push_str("\\fill[scattermark]");
                for &(low, len) in runs {
                    let _ = write!(out, " ({c},{low}) rectangle +(1,{len})");
                }
                out.push_str(";\n");
            }
        }
    }
    // The axes, with ticks and the exact labels.
    let _ = writeln!(
        out,
        "\\draw[black!70] ({a},{top}) -- ({a},{a}) -- ({right},{a});",
        a = -TIKZ_PAD,
        top = height + TIKZ_PAD,
        right = width + TIKZ_PAD
    );
    if let Some((min, max)) = place.range {
        let y_ticks: &[(f64, &str)] = if max > min {
            &[(min, labels.low), (max, labels.high)]
        } else {
            &[(max, labels.high)]
        };
        for &(v, text) in y_ticks {
            let _ = writeln!(
                out,
                "\\draw[black!70] ({},{y:.2}) -- +(-2,0) node[anchor=east,font=\\small] {{{}}};",
                -TIKZ_PAD,
                tex_escape(text),
                y = place.y(v)
            );
        }
    }
    if n > 0 {
        let x_ticks: &[(usize, &str)] = if n > 1 {
            &[(0, "0"), (n - 1, labels.last)]
        } else {
            &[(0, "0")]
        };
        for &(i, text) in x_ticks {
            let _ = writeln!(
                out,
                "\\draw[black!70] ({x:.2},{}) -- +(0,-2) node[anchor=north,font=\\small] {{{}}};",
                -TIKZ_PAD,
                tex_escape(text),
                x = place.x(i)
            );
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::display::picture::rendered::ink;

    const LABELS: ScatterLabels = ScatterLabels {
        low: "0",
        high: "9",
        last: "99",
        title: "Test",
    };

    /// Grundy's game: split a heap into two unequal nonempty heaps.
    pub(crate) fn grundys_game(count: usize) -> Vec<f64> {
        let mut g: Vec<usize> = Vec::with_capacity(count);
        for n in 0..count {
            let mut seen = vec![false; n + 1];
            for a in 1..n.div_ceil(2) {
                let x = g[a] ^ g[n - a];
                if x < seen.len() {
                    seen[x] = true;
                }
            }
            g.push(seen.iter().position(|s| !s).unwrap_or(seen.len()));
        }
        g.into_iter().map(|v| v as f64).collect()
    }

    #[test]
    fn grundys_game_starts_as_known() {
        let g = grundys_game(12);
        assert_eq!(g, [0., 0., 0., 1., 0., 2., 1., 0., 2., 1., 0., 2.]);
    }

    #[test]
    fn every_svg_parses_and_shows_ink() {
        let cases: Vec<Vec<f64>> = vec![
            vec![],
            vec![5.0],
            vec![3.0; 50],
            vec![3.0; 5000],
            (0..100).map(|i| (i % 10) as f64).collect(),
            (0..10_000).map(|i| ((i * 7) % 13) as f64).collect(),
            vec![1.0, f64::NAN, 2.0, f64::INFINITY],
            vec![f64::NAN; 3],
        ];
        for values in &cases {
            let svg = scatter_svg(values, &LABELS);
            assert!(ink(&svg) > 0, "{} values", values.len());
        }
    }

    #[test]
    fn marks_carry_ink_beyond_the_axes() {
        // The same axes with and without marks: the marks add pixels.
        let with = ink(&scatter_svg(
            &(0..1000).map(f64::from).collect::<Vec<_>>(),
            &LABELS,
        ));
        let without = ink(&scatter_svg(&[f64::NAN; 1000], &LABELS));
        assert!(with > without + 500, "{with} vs {without}");
    }

    #[test]
    fn labels_are_exact_and_escaped() {
        let labels = ScatterLabels {
            low: "-1/2",
            high: "<3&",
            last: "999",
            title: "a_b 50% {x}",
        };
        let svg = scatter_svg(&[0.0, 1.0, -1.0], &labels);
        assert!(svg.contains(">\n-1/2\n<"), "{svg}");
        assert!(svg.contains("&lt;3&amp;"));
        assert!(svg.contains(">\n999\n<"));
        let tikz = scatter_tikz(&[0.0, 1.0, -1.0], &labels);
        assert!(tikz.contains("{a\\_b 50\\% \\{x\\}}"), "{tikz}");
        assert!(tikz.contains("{\\textless{}3\\&}"));
        assert!(tikz.contains("{-1/2}"));
        assert!(tikz.contains("{999}"));
    }

    #[test]
    fn tex_escape_covers_specials_and_game_symbols() {
        assert_eq!(
            tex_escape("\\~^#$%&_{}|"),
            "\\textbackslash{}\\textasciitilde{}\\textasciicircum{}\\#\\$\\%\\&\\_\\{\\}\\textbar{}"
        );
        assert_eq!(tex_escape("↑*±½"), "$\\uparrow$*$\\pm$$\\frac12$");
        assert_eq!(tex_escape("x ⊕ y"), "x $\\oplus$ y");
    }

    #[test]
    fn a_constant_sequence_has_one_y_tick_at_mid_height() {
        let labels = ScatterLabels {
            low: "3",
            high: "3",
            last: "9",
            title: "",
        };
        let tikz = scatter_tikz(&[3.0; 10], &labels);
        let circles: Vec<&str> = tikz.lines().filter(|l| l.contains("circle")).collect();
        assert_eq!(circles.len(), 10);
        assert!(circles.iter().all(|l| l.contains(",50.00)")), "{tikz}");
        assert_eq!(tikz.matches("anchor=east").count(), 1);
        // Binned too: every column's one mark in the middle row.
        let tikz = scatter_tikz(&[3.0; 1000], &labels);
        assert!(tikz.contains("\\fill[scattermark] (0,50) rectangle +(1,1);"));
        assert_eq!(tikz.matches("rectangle").count(), TIKZ_COLUMNS);
    }

    #[test]
    fn one_value_and_no_values() {
        let labels = ScatterLabels {
            low: "7",
            high: "7",
            last: "0",
            title: "one",
        };
        let tikz = scatter_tikz(&[7.0], &labels);
        assert_eq!(tikz.matches("circle").count(), 1);
        assert_eq!(tikz.matches("anchor=north").count(), 1);
        let empty = scatter_tikz(&[], &labels);
        assert!(!empty.contains("circle") && !empty.contains("rectangle"));
        assert!(empty.ends_with("\\end{tikzpicture}\n"));
        assert!(scatter_svg(&[], &labels).contains("<line"));
    }

    #[test]
    fn rare_values_stay_visible_when_binned() {
        let values: Vec<f64> = (0..1_000_000)
            .map(|i| if i == 777_777 { 9.0 } else { 1.0 })
            .collect();
        let tikz = scatter_tikz(&values, &LABELS);
        // Column ⌊777777·200/10⁶⌋ = 155 has the bottom row and the top row.
        assert!(
            tikz.contains(
                "\\fill[scattermark] (155,0) rectangle +(1,1) (155,99) rectangle +(1,1);"
            ),
            "{tikz}"
        );
    }

    #[test]
    fn a_million_values_make_a_small_svg() {
        // Grundy-like noise over a wide range: many runs per column.
        let values: Vec<f64> = (0..1_000_000u64)
            .map(|i| ((i * 2_654_435_761) % 1000) as f64)
            .collect();
        let svg = scatter_svg(&values, &LABELS);
        assert!(svg.len() < 1_000_000, "{} bytes", svg.len());
        assert_eq!(svg.matches("<path").count(), 1);
        // Alternating rows are the worst case for runs: still well under a megabyte.
        let values: Vec<f64> = (0..1_000_000u64)
            .map(|i| ((i % 75) * 2 + (i / 13_331) % 2) as f64)
            .collect();
        let svg = scatter_svg(&values, &LABELS);
        assert!(svg.len() < 400_000, "{} bytes", svg.len());
        assert!(scatter_tikz(&values, &LABELS).len() < 1_000_000);
        assert!(ink(&svg) > 0);
    }

    #[test]
    fn output_is_deterministic() {
        let values = grundys_game(500);
        let labels = ScatterLabels {
            low: "0",
            high: "9",
            last: "499",
            title: "Grundy",
        };
        assert_eq!(scatter_svg(&values, &labels), scatter_svg(&values, &labels));
        assert_eq!(
            scatter_tikz(&values, &labels),
            scatter_tikz(&values, &labels)
        );
    }
}
