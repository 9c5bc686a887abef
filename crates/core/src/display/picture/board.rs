//! Boards (grid and strip rulesets) drawn three ways: Unicode text for the terminal, SVG and
//! TikZ for papers.
//!
//! ```text
//! ┌─────────┐
//! │ ● ○ · ■ │
//! │ · T · F │
//! └─────────┘
//! ```
//!
//! Left's pieces are blue discs `●`, Right's red rings `○` (the shapes differ, so a terminal
//! without colour still tells them apart), neutral ones `◆`; lettered pieces keep their
//! letter; `■` is a blocked cell and `·` an empty one.

use super::{Paint, colour, tex_escape};
use crate::value::picture::{Board, Cell, Tint};
use std::fmt::Write;
use svg::node::element::{Circle, Rectangle, Text};

/// One cell's glyph in the terminal, and whose colour it takes.
fn glyph(cell: Cell) -> (Tint, String) {
    match cell {
        Cell::Empty => (Tint::Plain, "·".into()),
        Cell::Blocked => (Tint::Plain, "■".into()),
        Cell::Stone(Tint::Left) => (Tint::Left, "●".into()),
        Cell::Stone(Tint::Right) => (Tint::Right, "○".into()),
        Cell::Stone(tint) => (tint, "◆".into()),
        Cell::Letter(tint, c) => (tint, c.to_string()),
    }
}

/// The board as framed Unicode text, at most `max_rows` rows of cells (the rest is cut with a
/// count); `paint` colours each piece.
pub fn text(board: &Board, max_rows: usize, paint: Paint) -> String {
    let bar = "─".repeat(2 * board.cols + 1);
    let mut out = format!("┌{bar}┐\n");
    for r in 0..board.rows.min(max_rows) {
        out.push('│');
        for c in 0..board.cols {
            let (tint, g) = glyph(board.get(r, c));
            out.push(' ');
            match board.get(r, c) {
                Cell::Empty | Cell::Blocked => out.push_str(&g),
                _ => out.push_str(&paint(tint, &g)),
            }
        }
        out.push_str(" │\n");
    }
    if board.rows > max_rows {
        let _ = writeln!(
            out,
            "… cut: {} rows in all; draw(P) shows all of them",
            board.rows
        );
    } else {
        let _ = writeln!(out, "└{bar}┘");
    }
    out
}

/// Side of a cell in SVG pixels and in TikZ centimetres.
const CELL_PX: u32 = 40;
const CELL_CM: f64 = 0.8;
const MARGIN_PX: u32 = 8;
const EMPTY_FILL: &str = "#f3ede2";
const BLOCKED_FILL: &str = "#5b5b5b";
const GRID_STROKE: &str = "#8a8a8a";

/// The board as an SVG picture; `title` (the position) is its `<title>`.
pub fn svg(board: &Board, title: &str) -> String {
    let (w, h) = (
        board.cols as u32 * CELL_PX + 2 * MARGIN_PX,
        board.rows as u32 * CELL_PX + 2 * MARGIN_PX,
    );
    let mut doc = super::svg_document(f64::from(w), f64::from(h), title);
    for r in 0..board.rows {
        for c in 0..board.cols {
            let (x, y) = (
                MARGIN_PX + c as u32 * CELL_PX,
                MARGIN_PX + r as u32 * CELL_PX,
            );
            let cell = board.get(r, c);
            let fill = if cell == Cell::Blocked {
                BLOCKED_FILL
            } else {
                EMPTY_FILL
            };
            doc = doc.add(
                Rectangle::new()
                    .set("x", x)
                    .set("y", y)
                    .set("width", CELL_PX)
                    .set("height", CELL_PX)
                    .set("fill", fill)
                    .set("stroke", GRID_STROKE),
            );
            let (cx, cy) = (x + CELL_PX / 2, y + CELL_PX / 2);
            match cell {
                Cell::Stone(tint) => {
                    doc = doc.add(
                        Circle::new()
                            .set("cx", cx)
                            .set("cy", cy)
                            .set("r", 14)
                            .set("fill", colour(tint))
                            .set("stroke", "#1b1b1b"),
                    );
                }
                Cell::Letter(tint, letter) => {
                    doc = doc
                        .add(
                            Circle::new()
                                .set("cx", cx)
                                .set("cy", cy)
                                .set("r", 15)
                                .set("fill", colour(tint)),
                        )
                        .add(
                            Text::new(letter.to_string())
                                .set("x", cx)
                                .set("y", cy + 6)
                                .set("font-size", 18)
                                .set("font-weight", "bold")
                                .set("fill", "white")
                                .set("text-anchor", "middle"),
                        );
                }
                Cell::Empty | Cell::Blocked => {}
            }
        }
    }
    format!("{doc}\n")
}

/// The board as a TikZ picture (needs only `\usepackage{tikz}`); row 0 on top.
pub fn tikz(board: &Board, title: &str) -> String {
    let mut out = format!("% {}\n", title.replace('\n', " "));
    let _ = writeln!(out, "\\begin{{tikzpicture}}[x={CELL_CM}cm,y={CELL_CM}cm]");
    out.push_str(&super::tikz_colours());
    let _ = writeln!(
        out,
        "\\definecolor{{cgEmpty}}{{HTML}}{{{}}}\n\\definecolor{{cgBlocked}}{{HTML}}{{{}}}",
        &EMPTY_FILL[1..].to_uppercase(),
        &BLOCKED_FILL[1..].to_uppercase()
    );
    let (rows, cols) = (board.rows, board.cols);
    let _ = writeln!(out, "\\fill[cgEmpty] (0,0) rectangle ({cols},{rows});");
    for r in 0..rows {
        let y = rows - 1 - r;
        for c in 0..cols {
            let (cx, cy) = (c as f64 + 0.5, y as f64 + 0.5);
            match board.get(r, c) {
                Cell::Empty => {}
                Cell::Blocked => {
                    let _ = writeln!(
                        out,
                        "\\fill[cgBlocked] ({c},{y}) rectangle ({},{});",
                        c + 1,
                        y + 1
                    );
                }
                Cell::Stone(tint) => {
                    let _ = writeln!(
                        out,
                        "\\filldraw[fill={},draw=black] ({cx:.1},{cy:.1}) circle (0.35);",
                        super::tikz_colour_name(tint)
                    );
                }
                Cell::Letter(tint, letter) => {
                    let _ = writeln!(
                        out,
                        "\\fill[{}] ({cx:.1},{cy:.1}) circle (0.38);\n\\node[text=white,font=\\bfseries\\sffamily] at ({cx:.1},{cy:.1}) {{{}}};",
                        super::tikz_colour_name(tint),
                        tex_escape(&letter.to_string())
                    );
                }
            }
        }
    }
    let _ = writeln!(out, "\\draw[gray] (0,0) grid ({cols},{rows});");
    out.push_str("\\end{tikzpicture}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::picture::Board;

    fn sample() -> Board {
        Board::from_rows("xo.#|.tf.", |c| match c {
            'x' => Cell::Stone(Tint::Left),
            'o' => Cell::Stone(Tint::Right),
            '#' => Cell::Blocked,
            't' => Cell::Letter(Tint::Left, 'T'),
            'f' => Cell::Letter(Tint::Right, 'F'),
            _ => Cell::Empty,
        })
    }

    #[test]
    fn the_terminal_board_is_framed_with_one_glyph_per_cell() {
        let plain = |_: Tint, s: &str| s.to_string();
        assert_eq!(
            text(&sample(), 10, &plain),
            "┌─────────┐\n│ ● ○ · ■ │\n│ · T F · │\n└─────────┘\n"
        );
    }

    #[test]
    fn paint_wraps_only_the_pieces() {
        let marked = |t: Tint, s: &str| format!("<{t:?}>{s}");
        let drawn = text(&sample(), 10, &marked);
        assert!(drawn.contains("<Left>● <Right>○ · ■"), "{drawn}");
    }

    #[test]
    fn tall_boards_are_cut_with_a_count() {
        let board = Board::from_rows(&vec!["..."; 30].join("|"), |_| Cell::Empty);
        let plain = |_: Tint, s: &str| s.to_string();
        let drawn = text(&board, 4, &plain);
        assert_eq!(drawn.lines().count(), 6);
        assert!(drawn.ends_with("… cut: 30 rows in all; draw(P) shows all of them\n"));
    }

    #[test]
    fn files_have_one_square_per_cell() {
        let s = svg(&sample(), "clobber(\"xo.#/.tf.\")");
        assert_eq!(s.matches("<rect fill=\"#").count(), 8);
        assert!(s.contains("<title>clobber(\"xo.#/.tf.\")</title>"), "{s}");
        let t = tikz(&sample(), "t");
        assert_eq!(t.matches("circle").count(), 4);
        assert!(
            t.contains("\\fill[cgBlocked] (3,1) rectangle (4,2);"),
            "{t}"
        );
    }
}
