//! Renders a failed statement for standard error, numbat-style:
//!
//! ```text
//! error: expected an option, `|` or `}`
//!   ┌─ notes.cg:3:4
//! 3 │ {1|
//!   │    ^
//! ```
//!
//! At the REPL prompt the `┌─` header and the line number are left out, since the line was
//! just typed. Without a known column there is no caret, and at the prompt no source line. Long source lines are cut to a
//! window around the caret, and control characters are neutralised so that input can never
//! send escape sequences to the terminal.

use super::style::Palette;
use cgcalc_core::eval::Diagnostic;
use unicode_width::UnicodeWidthChar;

/// The widest stretch of source line shown; wider lines are cut around the caret.
const MAX_SOURCE_WIDTH: usize = 100;

/// The rendered diagnostic, ending in a newline. `origin` names the input (`<stdin>`, a file
/// name) and selects the full form; `None` is the short form used at the prompt.
pub fn render(diag: &Diagnostic, origin: Option<&str>, p: Palette) -> String {
    let mut out = format!(
        "{} {}\n",
        p.error("error:"),
        p.strong(&sanitize(&diag.message))
    );
    let number = diag.line.to_string();
    let gutter_width = if origin.is_some() { number.len() } else { 1 };
    let blank_gutter = " ".repeat(gutter_width);

    if let Some(name) = origin {
        let location = match diag.column {
            Some(column) => format!("{}:{}:{}", name, diag.line, column),
            None => format!("{}:{}", name, diag.line),
        };
        out += &format!("{} {} {}\n", blank_gutter, p.gutter("┌─"), location);
    }
    // Without a column, the source line is only worth showing where the header says which
    // line it is; at the prompt it was just typed.
    if diag.column.is_none() && (origin.is_none() || diag.source_line.trim().is_empty()) {
        return out;
    }

    let (shown, caret_offset) = source_window(&diag.source_line, diag.column);
    let line_gutter = if origin.is_some() {
        number
    } else {
        blank_gutter.clone()
    };
    out += &format!("{} {}\n", p.gutter(&format!("{line_gutter} │")), shown);
    if let Some(offset) = caret_offset {
        out += &format!(
            "{} {}{}\n",
            p.gutter(&format!("{blank_gutter} │")),
            " ".repeat(offset),
            p.caret("^")
        );
    }
    out
}

/// Replace characters that would disturb the terminal: control characters become `�`, a tab
/// becomes one space (so the caret arithmetic stays simple).
fn sanitize(text: &str) -> String {
    text.chars().map(display_char).collect()
}

fn display_char(c: char) -> char {
    match c {
        '\t' => ' ',
        c if c.is_control() && c != '\n' => '\u{FFFD}',
        c => c,
    }
}

fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The part of `line` to show and the display column (0-based) of the caret under it.
/// `column` is 1-based in characters and may be one past the end (an error at end of line).
fn source_window(line: &str, column: Option<usize>) -> (String, Option<usize>) {
    let chars: Vec<char> = line.chars().map(display_char).collect();
    let caret_index = column.map(|c| c.clamp(1, chars.len() + 1) - 1);
    let total_width: usize = chars.iter().map(|&c| char_width(c)).sum();

    let (start, end) = if total_width <= MAX_SOURCE_WIDTH {
        (0, chars.len())
    } else {
        window_bounds(&chars, caret_index.unwrap_or(0))
    };

    let mut shown = String::new();
    let mut caret = None;
    let mut width = 0;
    if start > 0 {
        shown.push('…');
        width += 1;
    }
    for (index, &c) in chars.iter().enumerate().take(end).skip(start) {
        if Some(index) == caret_index {
            caret = Some(width);
        }
        shown.push(c);
        width += char_width(c);
    }
    if caret_index.is_some() && caret.is_none() {
        caret = Some(width);
    }
    if end < chars.len() {
        shown.push('…');
    }
    (shown, caret)
}

/// A range of about `MAX_SOURCE_WIDTH` columns around `focus`, a third of it before the caret.
fn window_bounds(chars: &[char], focus: usize) -> (usize, usize) {
    let before = MAX_SOURCE_WIDTH / 3;
    let mut start = focus.min(chars.len());
    let mut width = 0;
    while start > 0 && width + char_width(chars[start - 1]) <= before {
        start -= 1;
        width += char_width(chars[start]);
    }
    let mut end = start;
    width = 0;
    while end < chars.len() && width + char_width(chars[end]) <= MAX_SOURCE_WIDTH {
        width += char_width(chars[end]);
        end += 1;
    }
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(line: usize, column: Option<usize>, source: &str) -> Diagnostic {
        Diagnostic {
            message: "expected an option, `|` or `}`".into(),
            line,
            column,
            source_line: source.into(),
        }
    }

    #[test]
    fn prompt_form_has_no_header() {
        let text = render(&diag(1, Some(4), "{1|"), None, Palette::PLAIN);
        assert_eq!(
            text,
            "error: expected an option, `|` or `}`\n  │ {1|\n  │    ^\n"
        );
    }

    #[test]
    fn script_form_names_the_source_and_line() {
        let text = render(&diag(3, Some(4), "{1|"), Some("<stdin>"), Palette::PLAIN);
        assert_eq!(
            text,
            "error: expected an option, `|` or `}`\n  ┌─ <stdin>:3:4\n3 │ {1|\n  │    ^\n"
        );
    }

    #[test]
    fn gutter_grows_with_the_line_number() {
        let text = render(&diag(120, Some(1), "x"), Some("a.cg"), Palette::PLAIN);
        assert_eq!(
            text,
            "error: expected an option, `|` or `}`\n    ┌─ a.cg:120:1\n120 │ x\n    │ ^\n"
        );
    }

    #[test]
    fn unknown_column_shows_the_line_without_caret() {
        let text = render(
            &diag(2, None, "5.AtomicWeight"),
            Some("<stdin>"),
            Palette::PLAIN,
        );
        assert_eq!(
            text,
            "error: expected an option, `|` or `}`\n  ┌─ <stdin>:2\n2 │ 5.AtomicWeight\n"
        );
        let short = render(&diag(2, None, "5.AtomicWeight"), None, Palette::PLAIN);
        assert_eq!(short, "error: expected an option, `|` or `}`\n");
    }

    #[test]
    fn caret_accounts_for_wide_and_control_characters() {
        let (shown, caret) = source_window("\t漢\u{1b}x", Some(4));
        assert_eq!(shown, " 漢\u{FFFD}x");
        assert_eq!(caret, Some(4));
    }

    #[test]
    fn column_past_the_end_is_clamped() {
        assert_eq!(source_window("ab", Some(99)), ("ab".into(), Some(2)));
        assert_eq!(source_window("ab", Some(0)), ("ab".into(), Some(0)));
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let line = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let (shown, caret) = source_window(&line, Some(5001));
        let caret = caret.expect("caret");
        assert!(shown.starts_with('…') && shown.ends_with('…'));
        assert!(shown.chars().count() <= MAX_SOURCE_WIDTH + 2);
        assert_eq!(shown.chars().nth(caret), Some('X'));
    }

    #[test]
    fn long_line_with_error_at_the_end() {
        let line = "{".repeat(100_000);
        let (shown, caret) = source_window(&line, Some(100_001));
        assert!(shown.starts_with('…') && !shown.ends_with('…'));
        assert_eq!(caret, Some(shown.chars().count()));
    }
}
