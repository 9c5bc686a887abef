//! Terminal scatter plots of number sequences (`plot(S)`, `S.ScatterPlot`), in Unicode braille:
//! each character cell holds 2×4 dots, so 64 columns and 16 rows give 128×64 points.
//!
//! ```text
//! 8 ┤  ⠁ ⠈   ⠁ ⠈
//!   │⠐⠀⡀⠂⠠⠠⠐⠀⡀⠂⠠⠠
//! 0 ┤⠁⠄⠂⠈⠁⠄⠂⠈⠁⠄⠂⠈
//!   └┬──────────┬
//!    0         99
//! ```
//!
//! The index runs to the right, the value up. With more values than dot columns, a column
//! shows every value of the indices it covers, so rare values stay visible; the work is one
//! pass over the values (a million plot in milliseconds). Labels are exact, given by the caller.

/// Character cells of the plotting area.
pub const WIDTH: usize = 64;
pub const HEIGHT: usize = 16;

/// The braille bit of the dot at column `dx` (0–1) and row `dy` (0–3, from the top) of a cell.
fn braille_bit(dx: usize, dy: usize) -> u32 {
    match (dx, dy) {
        (0, 3) => 0x40,
        (1, 3) => 0x80,
        (0, y) => 1 << y,
        (_, y) => 1 << (y + 3),
    }
}

/// The plot of `values` (positions 0, 1, … on the x axis). `low` and `high` label the
/// smallest and largest value, `last` the last index; they are the exact values, which the
/// dots only approximate.
pub fn scatter_plot(values: &[f64], low: &str, high: &str, last: &str) -> String {
    let (dot_cols, dot_rows) = (WIDTH * 2, HEIGHT * 4);
    let n = values.len();
    // A column per index while they fit, spread over the width; else indices share one.
    let column = |i: usize| {
        if n <= 1 {
            0
        } else if n <= dot_cols {
            i * (dot_cols - 1) / (n - 1)
        } else {
            i * dot_cols / n
        }
    };
    let (min, max) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    let mut cells = vec![0u32; WIDTH * HEIGHT];
    for (i, &v) in values.iter().enumerate() {
        let x = column(i);
        let y_from_bottom = if max > min {
            (((v - min) / (max - min)) * (dot_rows - 1) as f64).round() as usize
        } else {
            dot_rows / 2
        };
        let y = dot_rows - 1 - y_from_bottom.min(dot_rows - 1);
        cells[(y / 4) * WIDTH + x / 2] |= braille_bit(x % 2, y % 4);
    }
    let label_width = low.chars().count().max(high.chars().count());
    let mut out = String::new();
    for row in 0..HEIGHT {
        let label = match row {
            0 => high,
            r if r == HEIGHT - 1 => low,
            _ => "",
        };
        let tick = if label.is_empty() { '│' } else { '┤' };
        out.push_str(&format!("{label:>label_width$} {tick}"));
        let line: String = cells[row * WIDTH..(row + 1) * WIDTH]
            .iter()
            .map(|&bits| char::from_u32(0x2800 + bits).unwrap_or(' '))
            .collect();
        // Blank braille cells at the end of a row are dropped; inside it they keep the
        // columns aligned.
        out.push_str(line.trim_end_matches('\u{2800}'));
        out.push('\n');
    }
    // The x axis, with ticks under the first and the last index.
    let last_cell = column(n.saturating_sub(1)) / 2;
    let pad = " ".repeat(label_width + 1);
    let axis: String = (0..=last_cell)
        .map(|c| {
            if c == 0 || c == last_cell {
                '┬'
            } else {
                '─'
            }
        })
        .collect();
    out.push_str(&format!("{pad}└{axis}\n"));
    let room = (last_cell + 1)
        .saturating_sub(1 + last.chars().count())
        .max(1);
    if n > 1 {
        out.push_str(&format!("{pad} 0{}{last}", " ".repeat(room)));
    } else {
        out.push_str(&format!("{pad} 0"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_sequence_is_one_row_of_dots_with_exact_labels() {
        let text = scatter_plot(&[3.0; 128], "3", "3", "127");
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), HEIGHT + 2);
        assert_eq!(rows[0], "3 ┤");
        // A constant sits halfway: dot row 31 of 64 from the top, the bottom dots of cell row 7.
        assert_eq!(rows[7], format!("  │{}", "\u{28c0}".repeat(WIDTH)));
        assert_eq!(rows[HEIGHT - 1], "3 ┤");
        assert_eq!(
            rows[HEIGHT + 1],
            format!("   0{}127", " ".repeat(WIDTH - 4))
        );
    }

    #[test]
    fn the_extremes_land_in_the_corners() {
        let text = scatter_plot(&[0.0, 10.0], "0", "10", "1");
        let rows: Vec<&str> = text.lines().collect();
        // 10 at the top right, 0 at the bottom left.
        assert!(rows[0].ends_with('\u{2808}'), "{:?}", rows[0]);
        assert!(
            rows[HEIGHT - 1].starts_with(" 0 ┤\u{2840}"),
            "{:?}",
            rows[HEIGHT - 1]
        );
    }

    #[test]
    fn many_values_share_columns_and_all_show() {
        let values: Vec<f64> = (0..1_000_000)
            .map(|i| if i == 777_777 { 9.0 } else { 1.0 })
            .collect();
        let text = scatter_plot(&values, "1", "9", "999999");
        // The one rare value still has its dot in the top row.
        let top = text.lines().next().unwrap_or_default();
        let marks = |r: &str| r.chars().filter(|c| !matches!(c, ' ' | '\u{2800}')).count();
        assert_eq!(marks(top), 3, "{top:?}");
    }
}
