//! Fitting a long value on the screen, for the REPL: wrap it at token boundaries and cut it
//! after about a screenful, so that a 10 000-option game does not scroll the session away.
//! Breaks fall only after a `,`, a `|` or a space, never inside a number or a name, so every
//! piece is still readable notation. Scripts and `--json` never fold (see [`Screen`]).

/// The room a value may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// Terminal width: lines longer than this wrap. `None` leaves wrapping to the terminal.
    pub width: Option<usize>,
    /// Wrapped lines shown before the value is cut (with a known width).
    pub lines: Option<usize>,
    /// Characters shown before the value is cut (when the lines cannot be counted).
    pub limit: usize,
}

/// Used when the terminal's size is unknown.
pub const DEFAULT_LIMIT: usize = 4000;

/// Rows kept free under a cut value: the echoed input, two summary lines, the note and the
/// next prompt, so the value's first line stays on screen.
const RESERVED_ROWS: usize = 5;

impl Screen {
    /// A screen of `(rows, columns)`, or the default limit without wrapping when unknown.
    pub fn new(size: Option<(usize, usize)>) -> Self {
        match size {
            Some((rows, columns)) if rows > 0 && columns > 0 => Screen {
                width: Some(columns),
                lines: Some(rows.saturating_sub(RESERVED_ROWS).max(1)),
                limit: usize::MAX,
            },
            _ => Screen {
                width: None,
                lines: None,
                limit: DEFAULT_LIMIT,
            },
        }
    }

    /// The same width with no cut, for printing a value in full.
    pub fn uncut(self) -> Self {
        Screen {
            width: self.width,
            lines: None,
            limit: usize::MAX,
        }
    }
}

/// A value as it will be shown.
#[derive(Debug, PartialEq, Eq)]
pub struct Folded {
    pub text: String,
    /// The full length in characters, when the text was cut.
    pub cut_from: Option<usize>,
}

/// A break may follow these characters.
fn is_boundary(c: char) -> bool {
    matches!(c, ',' | '|' | ' ')
}

/// Cut `value` after at most `screen.limit` characters (at a boundary), wrap its lines to
/// `screen.width`, and keep at most `screen.lines` of them.
pub fn fold(value: &str, screen: Screen) -> Folded {
    let total = value.chars().count();
    let (kept, mut cut_from) = if total > screen.limit {
        (cut(value, screen.limit), Some(total))
    } else {
        (value, None)
    };
    let Some(width) = screen.width else {
        return Folded {
            text: kept.to_string(),
            cut_from,
        };
    };
    let wrapped = kept
        .split('\n')
        .map(|line| wrap(line, width))
        .collect::<Vec<_>>()
        .join("\n");
    let text = match screen.lines {
        Some(lines) if wrapped.lines().count() > lines => {
            cut_from = Some(total);
            wrapped.lines().take(lines).collect::<Vec<_>>().join("\n")
        }
        _ => wrapped,
    };
    Folded { text, cut_from }
}

/// The longest prefix of `value` with at most `limit` characters that ends just after a
/// boundary; the first `limit` characters if there is no boundary at all (one giant number).
fn cut(value: &str, limit: usize) -> &str {
    let mut end_at_limit = value.len();
    let mut last_boundary = None;
    for (count, (index, c)) in value.char_indices().enumerate() {
        if count == limit {
            end_at_limit = index;
            break;
        }
        if is_boundary(c) {
            last_boundary = Some(index + c.len_utf8());
        }
    }
    &value[..last_boundary.unwrap_or(end_at_limit)]
}

/// Break `line` into pieces of at most `width` characters, each ending after a boundary; a
/// run with no boundary that is longer than `width` stays whole (the terminal wraps it).
fn wrap(line: &str, width: usize) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / width.max(1));
    let mut start = 0;
    let mut length = 0;
    let mut last_boundary: Option<(usize, usize)> = None;
    for (index, c) in line.char_indices() {
        length += 1;
        let end = index + c.len_utf8();
        if length > width
            && let Some((boundary, length_after)) = last_boundary.take()
        {
            out.push_str(line[start..boundary].trim_end());
            out.push('\n');
            start = boundary;
            length -= length_after;
        }
        if is_boundary(c) {
            last_boundary = Some((end, length));
        }
    }
    out.push_str(&line[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(width: Option<usize>, limit: usize) -> Screen {
        Screen {
            width,
            lines: None,
            limit,
        }
    }

    #[test]
    fn short_values_are_untouched() {
        let folded = fold("{1|0}", screen(Some(80), 100));
        assert_eq!(folded.text, "{1|0}");
        assert_eq!(folded.cut_from, None);
    }

    #[test]
    fn long_values_are_cut_after_a_boundary() {
        let value = "[12345,67890,13579]";
        let folded = fold(value, screen(None, 15));
        assert_eq!(folded.text, "[12345,67890,");
        assert_eq!(folded.cut_from, Some(19));
        // No boundary at all: cut at the limit rather than show nothing.
        assert_eq!(fold("123456789", screen(None, 4)).text, "1234");
    }

    #[test]
    fn lines_wrap_between_tokens() {
        let folded = fold("{100,200,300|400,500}", screen(Some(9), 1000));
        assert_eq!(folded.text, "{100,200,\n300|400,\n500}");
        for line in folded.text.lines() {
            assert!(line.chars().count() <= 9, "{line}");
        }
        // Spaces at a break are dropped, not carried to the next line.
        assert_eq!(fold("aa bb cc", screen(Some(5), 100)).text, "aa\nbb cc");
        // A name longer than the width is never split.
        assert_eq!(
            fold("abcdefghij,k", screen(Some(4), 100)).text,
            "abcdefghij,\nk"
        );
    }

    #[test]
    fn a_screenful_of_wrapped_lines_is_kept() {
        let value = (1..=100)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let small = Screen::new(Some((8, 20)));
        let folded = fold(&value, small);
        assert_eq!(folded.text.lines().count(), 3);
        assert_eq!(folded.cut_from, Some(value.len()));
        assert!(folded.text.starts_with("1,2,3,4,5,6,7,8,9,\n10,11,"));
        assert!(folded.text.ends_with(','), "{}", folded.text);
        // Uncut, every number is there, wrapped.
        let full = fold(&value, small.uncut());
        assert_eq!(full.cut_from, None);
        assert_eq!(full.text.replace('\n', ""), value);
    }

    #[test]
    fn screens_from_terminal_sizes() {
        let known = Screen::new(Some((24, 80)));
        assert_eq!((known.width, known.lines), (Some(80), Some(19)));
        assert_eq!(Screen::new(None), screen(None, DEFAULT_LIMIT));
        assert_eq!(Screen::new(Some((0, 0))), screen(None, DEFAULT_LIMIT));
        assert_eq!(Screen::new(Some((3, 10))).lines, Some(1));
    }
}
