//! Heap positions (`kayles[3, 5]`, `wythoff(2, 7)`) drawn as rows of tokens, one row per
//! heap with its size in front; a heap too large to count by eye shows its size alone.
//!
//! ```text
//! 3 │ ● ● ●
//! 5 │ ● ● ● ● ●
//! ```

use super::{Paint, colour, tex_escape};
use crate::value::picture::Tint;
use std::fmt::Write;
use svg::node::element::{Circle, Text};

/// Heaps up to this size are drawn token by token in the terminal.
const MAX_TEXT_TOKENS: u64 = 32;
/// And in files.
const MAX_FILE_TOKENS: u64 = 48;
/// At most this many heaps are drawn; the rest are counted.
const MAX_HEAPS: usize = 200;

/// The heaps as rows of tokens.
pub fn text(heaps: &[u64], paint: Paint) -> String {
    let width = heaps
        .iter()
        .take(MAX_HEAPS)
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for &h in heaps.iter().take(MAX_HEAPS) {
        let tokens = if h == 0 {
            "(empty)".to_string()
        } else if h <= MAX_TEXT_TOKENS {
            paint(Tint::Plain, &vec!["●"; h as usize].join(" "))
        } else {
            format!("{} … ({h} tokens)", paint(Tint::Plain, &["●"; 8].join(" ")))
        };
        let _ = writeln!(out, "{h:>width$} │ {tokens}");
    }
    if heaps.len() > MAX_HEAPS {
        let _ = writeln!(out, "… and {} more heaps", heaps.len() - MAX_HEAPS);
    }
    out
}

const ROW_PX: u32 = 24;
const TOKEN_PX: u32 = 18;
const LABEL_PX: u32 = 56;

/// The heaps as an SVG picture.
pub fn svg(heaps: &[u64], title: &str) -> String {
    let shown = &heaps[..heaps.len().min(MAX_HEAPS)];
    let longest = shown
        .iter()
        .map(|&h| h.min(MAX_FILE_TOKENS))
        .max()
        .unwrap_or(0) as u32;
    let width = LABEL_PX + longest.max(1) * TOKEN_PX + 80;
    let height = shown.len().max(1) as u32 * ROW_PX + 16;
    let mut doc = super::svg_document(f64::from(width), f64::from(height), title);
    for (i, &h) in shown.iter().enumerate() {
        let y = 8 + i as u32 * ROW_PX + ROW_PX / 2;
        doc = doc.add(
            Text::new(h.to_string())
                .set("x", LABEL_PX - 12)
                .set("y", y + 5)
                .set("font-size", 14)
                .set("text-anchor", "end"),
        );
        let drawn = h.min(MAX_FILE_TOKENS) as u32;
        for k in 0..drawn {
            doc = doc.add(
                Circle::new()
                    .set("cx", LABEL_PX + k * TOKEN_PX + TOKEN_PX / 2)
                    .set("cy", y)
                    .set("r", 7)
                    .set("fill", colour(Tint::Plain)),
            );
        }
        if h > MAX_FILE_TOKENS {
            doc = doc.add(
                Text::new("…")
                    .set("x", LABEL_PX + drawn * TOKEN_PX + 6)
                    .set("y", y + 5)
                    .set("font-size", 14),
            );
        }
    }
    format!("{doc}\n")
}

/// The heaps as a TikZ picture, one row per heap from the top.
pub fn tikz(heaps: &[u64], title: &str) -> String {
    let shown = &heaps[..heaps.len().min(MAX_HEAPS)];
    let mut out = format!(
        "% {}\n\\begin{{tikzpicture}}[x=0.45cm,y=0.6cm]\n",
        title.replace('\n', " ")
    );
    out.push_str(&super::tikz_colours());
    for (i, &h) in shown.iter().enumerate() {
        let y = -(i as i64);
        let _ = writeln!(
            out,
            "\\node[anchor=east] at (-0.3,{y}) {{{}}};",
            tex_escape(&h.to_string())
        );
        let drawn = h.min(MAX_FILE_TOKENS);
        for k in 0..drawn {
            let _ = writeln!(out, "\\fill[cgPlain] ({}.5,{y}) circle (0.17);", k);
        }
        if h > MAX_FILE_TOKENS {
            let _ = writeln!(out, "\\node[anchor=west] at ({drawn},{y}) {{\\dots}};");
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_heaps_are_tokens_and_large_ones_are_counted() {
        let drawn = text(&[3, 40, 0], &super::super::no_paint);
        assert_eq!(
            drawn,
            " 3 │ ● ● ●\n40 │ ● ● ● ● ● ● ● ● … (40 tokens)\n 0 │ (empty)\n"
        );
    }

    #[test]
    fn files_draw_one_token_per_unit_up_to_the_cap() {
        let s = svg(&[2, 100], "nim[2,100]");
        assert_eq!(s.matches("<circle").count(), 2 + MAX_FILE_TOKENS as usize);
        let t = tikz(&[2, 100], "nim[2,100]");
        assert_eq!(
            t.matches("circle (0.17)").count(),
            2 + MAX_FILE_TOKENS as usize
        );
        assert!(t.contains("\\dots"));
    }
}
