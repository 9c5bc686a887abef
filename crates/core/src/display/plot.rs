//! Terminal plots of thermographs, in Unicode box drawing, at most 80 columns wide.
//!
//! The drawing follows CGSuite's convention (here `{3||2*|1*}`): temperature t increases
//! upwards, from t = −1 to a little above the mast's foot; the value increases to the LEFT,
//! so Left's side of the picture is Left's side of the board. Walls are `│` where vertical and `╱` `╲` where they
//! slant, the mast is `┃` and ends in `▲` (it goes on for ever). A dotted line marks t = 0,
//! where the walls stand on the stops. The axes carry exact values: critical temperatures
//! on the left, the mast, stops and corners below.
//!
//! ```text
//!   t ▲               ▲
//!     │               ┃
//!     │               ┃
//! 3/4 ┤               ┃
//!     │              ╱ ╲
//! 1/2 ┤             ╱   ╲
//!     │            ╱    │
//!     │           ╱     │
//!     │          ╱      │
//!   0 ┤┈┈┈┈┈┈┈┈┈╱┈┈┈┈┈┈┈│┈┈┈┈┈┈┈┈┈
//!     │        ╱         ╲
//!     │       ╱           ╲
//!     │      ╱             ╲
//!     │     ╱               ╲
//!     │    ╱                 ╲
//!     │   ╱                   ╲
//!     │  ╱                     ╲
//!  -1 ┤ ╱                       ╲
//!     └─┬───────┬─────┬─┬───────┬─
//!       4       3    9/4        1
//!                       2
//!      ← Left              Right →
//! ```
//!
//! Rows are exact temperatures t = j/s, and the mast's column is its exact value, for one
//! scale s = 2^k cells per unit on both axes: a slope ±1 wall moves exactly one column per
//! row. The scale is the largest (at most 8) that fits in 80 columns and 20 rows; where a
//! corner falls between rows or columns the picture rounds, but labels stay exact (and the
//! text form printed above the plot has every value).

use super::thermograph_shape::Shape;
use crate::engine::{Dyadic, Thermograph};
use std::collections::HashMap;
use unicode_width::UnicodeWidthStr;

/// The plot never gets wider than this.
pub const PLOT_WIDTH: usize = 80;
/// Rows from t = −1 up to the mast's foot (or t = 0) are kept within this.
const MAX_DATA_ROWS: usize = 20;
/// At most 2^3 = 8 cells per unit: finer only stretches the picture.
const MAX_SCALE_EXP: i32 = 3;
/// Coarsest scale tried before giving up (values beyond 2^100 do not fit anyway).
const MIN_SCALE_EXP: i32 = -100;
/// The drawing area is at least this wide, so that narrow pictures still have room for
/// their labels and the orientation line.
const MIN_AREA_WIDTH: usize = 21;
/// Mast rows drawn above the highest point of interest, the arrowhead included.
const MAST_ROWS: i128 = 3;

const MAST: char = '┃';
const MAST_TOP: char = '▲';
const WALL: char = '│';
const LEFT_SLANT: char = '╱';
const RIGHT_SLANT: char = '╲';
const CROSSED: char = '╳';
const ZERO_LINE: char = '┈';

/// The plot of a thermograph, each line ending in a newline; `None` if it cannot be drawn
/// (values too large to place on a grid).
pub fn plot(th: &Thermograph) -> Option<String> {
    let shape = Shape::of(th)?;
    let temperature_labels: Vec<String> =
        shape.temperatures.iter().map(|t| t.to_string()).collect();
    // "t" heads the temperature axis.
    let label_width = temperature_labels
        .iter()
        .map(|l| l.width())
        .chain([1])
        .max()
        .unwrap_or(1);
    let margin = label_width + 2;
    // The area has a blank column on each side of the walls.
    let max_columns = PLOT_WIDTH.checked_sub(margin + 2)?;
    let grid = Grid::fit(&shape, max_columns)?;
    let canvas = grid.draw(th)?;
    let mut out = String::new();
    let row_labels = grid.temperature_rows(&shape.temperatures, &temperature_labels);
    for (i, row) in canvas.iter().enumerate() {
        let (label, axis) = if i == 0 {
            ("t", '▲')
        } else if let Some(l) = row_labels.get(&i) {
            (l.as_str(), '┤')
        } else {
            ("", '│')
        };
        let cells: String = row.iter().collect();
        out += &format!("{label:>label_width$} {axis}{}\n", cells.trim_end());
    }
    out += &grid.value_axis(&shape, margin)?;
    Some(out)
}

/// The grid chosen for one plot: scale, rows and the placement of columns.
struct Grid {
    /// s = 2^scale cells per unit, on both axes.
    scale: i32,
    /// The temperature of each row, top row first.
    rows: Vec<Dyadic>,
    /// Rows above this index are the mast's extension above the data.
    first_data_row: usize,
    mast_value: Dyadic,
    /// The mast's column in the drawing area.
    mast_column: usize,
    /// Width of the drawing area (walls plus blank space).
    width: usize,
}

impl Grid {
    /// The finest scale (at most 8 cells per unit) at which the shape fits.
    fn fit(shape: &Shape, max_columns: usize) -> Option<Grid> {
        let mast = shape.mast_value;
        for scale in (MIN_SCALE_EXP..=MAX_SCALE_EXP).rev() {
            // Columns left and right of the mast.
            let left = -offset_from_mast(mast, shape.max_value, scale)?;
            let right = offset_from_mast(mast, shape.min_value, scale)?;
            let columns = left.checked_add(right)?.checked_add(1)?;
            let rows = data_rows(shape.top, scale)?;
            if rows.len() > MAX_DATA_ROWS || columns > max_columns as i128 {
                continue;
            }
            let columns = usize::try_from(columns).ok()?;
            let width = columns.max(MIN_AREA_WIDTH) + 2;
            let mast_column = 1 + (width - 2 - columns) / 2 + usize::try_from(left).ok()?;
            let step = times_pow2(Dyadic::ONE, -scale)?;
            let mut all = Vec::with_capacity(rows.len() + MAST_ROWS as usize);
            for j in (1..=MAST_ROWS).rev() {
                all.push(rows[0].checked_add(&step.checked_mul_int(j)?)?);
            }
            all.extend(rows);
            return Some(Grid {
                scale,
                rows: all,
                first_data_row: MAST_ROWS as usize,
                mast_value: mast,
                mast_column,
                width,
            });
        }
        None
    }

    /// The column (within the drawing area) of value v.
    fn column(&self, v: Dyadic) -> Option<usize> {
        let offset = offset_from_mast(self.mast_value, v, self.scale)?;
        let c = i128::try_from(self.mast_column).ok()?.checked_add(offset)?;
        usize::try_from(c).ok()
    }

    /// The drawing area: one row of cells per temperature.
    fn draw(&self, th: &Thermograph) -> Option<Vec<Vec<char>>> {
        let mut canvas = vec![vec![' '; self.width]; self.rows.len()];
        let mut left_cols = Vec::with_capacity(self.rows.len());
        let mut right_cols = Vec::with_capacity(self.rows.len());
        for (i, &t) in self.rows.iter().enumerate() {
            let l = th.left_wall().value_at(t)?;
            let r = th.right_wall().value_at(t)?;
            let (cl, cr) = (self.column(l)?, self.column(r)?);
            left_cols.push(cl);
            right_cols.push(cr);
            if t.is_zero() {
                canvas[i].fill(ZERO_LINE);
            }
            // A wall slants in a row when it has moved since the row above.
            let slants = |cols: &[usize]| i > 0 && cols[i - 1] != cols[i];
            let (left_slants, right_slants) = (slants(&left_cols), slants(&right_cols));
            let row = &mut canvas[i];
            if l == r {
                row[cl] = if i == 0 { MAST_TOP } else { MAST };
            } else if cl == cr {
                // Distinct values rounded into one cell: just below a mast's foot that falls
                // between rows, the walls still look like the mast.
                row[cl] = match (left_slants, right_slants) {
                    (true, true) => CROSSED,
                    (true, false) => LEFT_SLANT,
                    (false, true) => RIGHT_SLANT,
                    (false, false) if cl == self.mast_column => MAST,
                    (false, false) => WALL,
                };
            } else {
                row[cl] = if left_slants { LEFT_SLANT } else { WALL };
                row[cr] = if right_slants { RIGHT_SLANT } else { WALL };
            }
        }
        Some(canvas)
    }

    /// Which row carries each temperature label: the row of exactly that temperature, else
    /// the nearest one (the upper one on a tie). Exact labels are placed first, then the
    /// others in order of importance, each only on a row still free.
    fn temperature_rows(
        &self,
        temperatures: &[Dyadic],
        labels: &[String],
    ) -> HashMap<usize, String> {
        let data = || self.rows.iter().enumerate().skip(self.first_data_row);
        let mut placed = HashMap::new();
        for (t, label) in temperatures.iter().zip(labels) {
            if let Some((i, _)) = data().find(|(_, r)| *r == t) {
                placed.entry(i).or_insert_with(|| label.clone());
            }
        }
        for (t, label) in temperatures.iter().zip(labels) {
            if self.rows.contains(t) {
                continue;
            }
            let nearest = data()
                .filter_map(|(i, r)| Some((i, distance(*r, *t)?)))
                .min_by(|a, b| a.1.cmp(&b.1));
            if let Some((i, _)) = nearest {
                placed.entry(i).or_insert_with(|| label.clone());
            }
        }
        placed
    }

    /// The value axis under the drawing area, its labels (on up to two lines) and a line
    /// saying which side is Left's.
    fn value_axis(&self, shape: &Shape, margin: usize) -> Option<String> {
        let total = margin + self.width;
        let mut axis: Vec<char> = vec!['─'; self.width];
        let mut lines = [vec![' '; PLOT_WIDTH], vec![' '; PLOT_WIDTH]];
        for (_, v) in &shape.values {
            let label: Vec<char> = v.to_string().chars().collect();
            let tick = margin + self.column(*v)?;
            let Some((line, start)) = place_label(&mut lines, tick, label.len()) else {
                continue;
            };
            lines[line][start..start + label.len()].copy_from_slice(&label);
            axis[tick - margin] = '┬';
        }
        let mut out = format!("{} └{}\n", " ".repeat(margin - 2), String::from_iter(axis));
        for line in &lines {
            let text: String = line.iter().collect();
            let text = text.trim_end();
            if !text.is_empty() {
                out += text;
                out.push('\n');
            }
        }
        // Values increase to the left: say whose side is whose.
        let (left, right) = ("← Left", "Right →");
        let gap = total.saturating_sub(margin + left.width() + right.width());
        out += &format!("{}{left}{}{right}\n", " ".repeat(margin), " ".repeat(gap));
        Some(out)
    }
}

/// Where a value label of `len` characters goes: the first of the label lines where it can
/// cover its tick column with a blank on each side, centred if possible, else shifted as
/// little as possible.
fn place_label(lines: &mut [Vec<char>], tick: usize, len: usize) -> Option<(usize, usize)> {
    let centred = (tick + 1).saturating_sub(len.div_ceil(2));
    let mut starts: Vec<usize> = (tick.saturating_sub(len - 1)..=tick)
        .filter(|&s| s + len <= PLOT_WIDTH)
        .collect();
    starts.sort_by_key(|&s| s.abs_diff(centred));
    for (i, line) in lines.iter().enumerate() {
        for &start in &starts {
            let lo = start.saturating_sub(1);
            let hi = (start + len + 1).min(line.len());
            if line[lo..hi].iter().all(|&c| c == ' ') {
                return Some((i, start));
            }
        }
    }
    None
}

/// The temperatures of the rows from `top` (rounded up to the grid) down to −1, at s = 2^scale
/// rows per unit. With s < 1, −1 is not on the grid and gets a row of its own at the bottom.
fn data_rows(top: Dyadic, scale: i32) -> Option<Vec<Dyadic>> {
    let j_top = times_pow2(top, scale)?.ceil();
    let j_bottom = times_pow2(Dyadic::MINUS_ONE, scale)?.ceil();
    let count = j_top.checked_sub(j_bottom)?.checked_add(1)?;
    if count > MAX_DATA_ROWS as i128 {
        // Too many for any plot: report the count without building the rows.
        return Some(vec![Dyadic::ZERO; MAX_DATA_ROWS + 1]);
    }
    let mut rows = Vec::with_capacity(count as usize + 1);
    for j in (j_bottom..=j_top).rev() {
        rows.push(times_pow2(Dyadic::from_i128(j), -scale)?);
    }
    if rows.last() != Some(&Dyadic::MINUS_ONE) {
        rows.push(Dyadic::MINUS_ONE);
    }
    Some(rows)
}

/// How many columns right of the mast value v goes at s = 2^scale columns per unit (values
/// increase to the left), rounded to the nearest column, halves away from the mast. Rounding
/// away from the mast keeps mirror-image walls mirror images, and since each wall stays on
/// one side of the mast, a wall moving one unit of 1/s still moves exactly one column.
fn offset_from_mast(mast: Dyadic, v: Dyadic, scale: i32) -> Option<i128> {
    let x = times_pow2(mast.checked_sub(&v)?, scale)?;
    if x.signum() < 0 {
        round(x.checked_neg()?)?.checked_neg()
    } else {
        round(x)
    }
}

/// d·2^k, exact.
fn times_pow2(d: Dyadic, k: i32) -> Option<Dyadic> {
    if k >= 0 {
        d.checked_mul_int(1i128.checked_shl(k as u32)?)
    } else {
        Dyadic::new(d.numerator(), d.exponent().checked_add(k.unsigned_abs())?)
    }
}

/// The nearest integer, halves rounded up.
fn round(d: Dyadic) -> Option<i128> {
    Some(d.checked_add(&Dyadic::new(1, 1)?)?.floor())
}

/// |a − b|
fn distance(a: Dyadic, b: Dyadic) -> Option<Dyadic> {
    let d = a.checked_sub(&b)?;
    if d.signum() < 0 {
        d.checked_neg()
    } else {
        Some(d)
    }
}

#[cfg(test)]
mod tests {
    use super::super::thermograph_shape::tests::thermograph_of;
    use super::*;

    fn plot_of(text: &str) -> String {
        plot(&thermograph_of(text)).expect("plot")
    }

    /// The games the plot was designed on, the benchmark sum among them.
    const GAMES: &[&str] = &[
        "{3||2*|1*}",
        "{2|-1}",
        "{3||2|1}",
        "{1|-1}",
        "0",
        "5",
        "-7",
        "1/2",
        "1/4",
        "-3/8",
        "^",
        "^*",
        "v*3",
        "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        "{7|1} + {3|2}",
        "{100|-100}",
        "{1000000|-1000000}",
        "1/1024",
        "{1*,1*|^,-2} + {v,*2|-1} + {v|0} + {1,2|v,{1|*}} + {1*,-1*|-1/2} + {v,1/2|-2} \
         + {v*|^*,-1*} + {v|{0,*|-1}} + {1|{1|0}} + {1,v*|-2,{*|-1}}",
    ];

    #[test]
    fn switch_with_a_bent_right_wall() {
        let expected = "  t ▲               ▲\n    │               ┃\n    │               ┃\n\
                        3/4 ┤               ┃\n    │              ╱ ╲\n\
                        1/2 ┤             ╱   ╲\n    │            ╱    │\n\
                        \x20   │           ╱     │\n    │          ╱      │\n\
                        \x20 0 ┤┈┈┈┈┈┈┈┈┈╱┈┈┈┈┈┈┈│┈┈┈┈┈┈┈┈┈\n\
                        \x20   │        ╱         ╲\n    │       ╱           ╲\n\
                        \x20   │      ╱             ╲\n    │     ╱               ╲\n\
                        \x20   │    ╱                 ╲\n    │   ╱                   ╲\n\
                        \x20   │  ╱                     ╲\n -1 ┤ ╱                       ╲\n\
                        \x20   └─┬───────┬─────┬─┬───────┬─\n      4       3    9/4        1\n\
                        \x20                     2\n     ← Left              Right →\n";
        assert_eq!(plot_of("{3||2*|1*}"), expected);
    }

    #[test]
    fn fits_in_80_columns_and_ends_every_line() {
        for g in GAMES {
            let p = plot_of(g);
            assert!(p.ends_with('\n'), "{g}");
            for line in p.lines() {
                assert!(line.width() <= PLOT_WIDTH, "{g}: {line:?}");
                assert_eq!(line, line.trim_end(), "{g}: trailing blanks");
            }
            // Data rows, the mast above them, the axis, labels and the orientation line.
            let rows = p.lines().count();
            assert!(
                rows <= MAX_DATA_ROWS + MAST_ROWS as usize + 4,
                "{g}: {rows} lines"
            );
        }
    }

    #[test]
    fn mast_is_on_top_and_axes_carry_exact_values() {
        for g in GAMES {
            let th = thermograph_of(g);
            let p = plot_of(g);
            let lines: Vec<&str> = p.lines().collect();
            assert!(
                lines[0].starts_with("  t ▲") || lines[0].contains("t ▲"),
                "{g}"
            );
            assert_eq!(
                lines[0].matches('▲').count(),
                2,
                "{g}: axis and mast arrows"
            );
            let mean = th.mast_value().to_string();
            let bottom: String = lines[lines.len() - 3..].join("\n");
            assert!(
                bottom.split_whitespace().any(|w| w == mean),
                "{g}: mean {mean} not labelled in\n{p}"
            );
            let zero = lines.iter().find(|l| l.contains('┈')).expect("zero line");
            assert!(zero.trim_start().starts_with("0 ┤"), "{g}: {zero}");
            let bottom_row = lines[lines.len() - 5..].iter().find(|l| l.contains("-1 ┤"));
            assert!(bottom_row.is_some(), "{g}: t = -1 labelled\n{p}");
        }
    }

    /// The drawing area of each line down to the axis (what follows the axis character).
    fn areas(p: &str) -> Vec<Vec<char>> {
        p.lines()
            .take_while(|l| !l.contains('└'))
            .map(|l| {
                l.chars()
                    .skip_while(|c| !matches!(c, '┤' | '│' | '▲'))
                    .skip(1)
                    .collect()
            })
            .collect()
    }

    /// The drawn cells of a line of the area, as (column, glyph): not blanks, not t = 0 dots.
    fn drawn(area: &[char]) -> Vec<(usize, char)> {
        area.iter()
            .copied()
            .enumerate()
            .filter(|&(_, c)| !matches!(c, ' ' | ZERO_LINE))
            .collect()
    }

    #[test]
    fn integers_are_a_bare_mast() {
        let p = plot_of("5");
        let areas = areas(&p);
        let mast = drawn(&areas[0]);
        assert_eq!(mast.len(), 1);
        for area in &areas[1..] {
            assert_eq!(drawn(area), vec![(mast[0].0, MAST)], "{p}");
        }
        assert!(p.lines().any(|l| l.trim() == "5"), "{p}");
    }

    /// Mirror-image games draw as mirror images: the walls stand as far left of the mast as
    /// right of it, slanting the opposite ways.
    #[test]
    fn symmetric_switches_draw_symmetrically() {
        for g in [
            "{1|-1}",
            "{100|-100}",
            "{1000000|-1000000}",
            "^*",
            "{1/2|-1/2}",
        ] {
            let p = plot_of(g);
            let areas = areas(&p);
            let top = drawn(&areas[0]);
            assert_eq!(top.len(), 1, "{g}: the mast's arrowhead alone on top");
            let mast = top[0].0;
            for area in &areas[1..] {
                match drawn(area).as_slice() {
                    [(c, MAST)] => assert_eq!(*c, mast, "{g}\n{p}"),
                    [(a, LEFT_SLANT), (b, RIGHT_SLANT)] | [(a, WALL), (b, WALL)] => {
                        assert_eq!(a + b, 2 * mast, "{g}\n{p}")
                    }
                    other => panic!("{g}: unexpected row {other:?} in\n{p}"),
                }
            }
        }
    }

    /// Each wall moves by at most one column from row to row, and only towards its side as
    /// the temperature falls.
    #[test]
    fn walls_are_continuous_and_monotone() {
        for g in GAMES {
            let th = thermograph_of(g);
            let shape = Shape::of(&th).expect("shape");
            let grid = Grid::fit(&shape, 60).expect("grid");
            let mut previous: Option<(usize, usize)> = None;
            for &t in &grid.rows {
                let l = grid.column(th.left_wall().value_at(t).unwrap()).unwrap();
                let r = grid.column(th.right_wall().value_at(t).unwrap()).unwrap();
                assert!(l <= grid.mast_column && grid.mast_column <= r, "{g} at {t}");
                if let Some((pl, pr)) = previous {
                    assert!(pl - l <= 1 && r - pr <= 1, "{g} at {t}");
                }
                previous = Some((l, r));
            }
        }
    }

    #[test]
    fn exact_rows_take_their_labels_first() {
        // The mast's foot −1/1024 falls between rows; the row of 0 keeps its own label.
        let p = plot_of("1/1024");
        assert!(p.lines().any(|l| l.starts_with("      0 ┤┈")), "{p}");
        // Labels of the benchmark sum's critical temperatures, all on rows of their own.
        let p = plot_of(GAMES[GAMES.len() - 1]);
        for t in ["5/4", "1", "3/4", "0", "-1/2", "-1"] {
            assert!(
                p.lines()
                    .any(|l| l.trim_start().starts_with(&format!("{t} ┤"))),
                "{t} in\n{p}"
            );
        }
    }

    fn switch_at(t: Dyadic) -> Thermograph {
        Thermograph::new(
            crate::engine::Trajectory::new(Dyadic::ZERO, &[t], &[0, -1]).expect("wall"),
            crate::engine::Trajectory::new(Dyadic::ZERO, &[t], &[0, 1]).expect("wall"),
        )
    }

    #[test]
    fn huge_temperatures_use_a_coarse_grid() {
        // ±2^100: one row and one column for every 2^97.
        let p = plot(&switch_at(Dyadic::from_i128(1i128 << 100))).expect("plot");
        assert!(p.contains("1267650600228229401496703205376 ┤"), "{p}");
        assert!(p.lines().all(|l| l.width() <= PLOT_WIDTH), "{p}");
        assert_eq!(areas(&p)[0].iter().filter(|&&c| c == MAST_TOP).count(), 1);
    }

    #[test]
    fn values_beyond_any_grid_give_no_plot() {
        // Temperature 2^120: even at 2^100 units per row it needs a million rows.
        assert_eq!(plot(&switch_at(Dyadic::from_i128(1i128 << 120))), None);
    }
}
