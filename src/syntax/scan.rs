//! A light character scanner that runs before pest.
//!
//! It has three jobs, all of which need to know which brackets are open but none of which
//! needs a full parse:
//!
//! * split a script chunk into statements at top-level `;` and newlines (a newline inside an
//!   open `{`, `<`, `(` or `[` continues the statement);
//! * bound the nesting depth *before* pest runs, because pest (and the AST built from its
//!   output) recurse once per bracket level: 100 000 nested braces must be a clean error, not a
//!   stack overflow;
//! * tell a REPL whether the text ends inside an open bracket ([`needs_more_input`]).
//!
//! Strings (`"..."`) and `//` comments are skipped. `<` is ambiguous (angle game or
//! comparison); following the grammar, it opens a game only where an operand may start.
//!
//! [`needs_more_input`]: super::needs_more_input

use super::parser::{MAX_NESTING, ParseError};

/// One statement's slice of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chunk {
    /// Byte range handed to pest (excludes the terminating `;` or newline).
    pub start: usize,
    pub end: usize,
    /// Byte range of the statement text proper: no surrounding white space or comments.
    pub content_start: usize,
    pub content_end: usize,
    /// The statement was terminated by `;`.
    pub silent: bool,
    /// Deepest nesting reached inside the statement (brackets plus pending prefix operators).
    pub max_depth: usize,
}

/// The kinds of bracket the scanner tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bracket {
    Paren,
    Square,
    Brace,
    Angle,
}

impl Bracket {
    pub(crate) fn open_char(self) -> char {
        match self {
            Bracket::Paren => '(',
            Bracket::Square => '[',
            Bracket::Brace => '{',
            Bracket::Angle => '<',
        }
    }

    pub(crate) fn close_char(self) -> char {
        match self {
            Bracket::Paren => ')',
            Bracket::Square => ']',
            Bracket::Brace => '}',
            Bracket::Angle => '>',
        }
    }
}

/// One open bracket, plus the number of prefix operators (`-`, `+`, `±`, `not`) seen at this
/// level since its last operand: those also nest in the AST (`---1` is three `Unary` nodes).
#[derive(Clone, Copy, Debug)]
struct Frame {
    kind: Bracket,
    offset: usize,
    pending_prefix: usize,
}

/// What the scanner learned about a piece of text.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    pub chunks: Vec<Chunk>,
    /// Brackets still open at the end of the text, outermost first.
    pub open: Vec<(Bracket, usize)>,
    /// Closing brackets that matched no open bracket (byte offset, char).
    pub stray_closers: Vec<(usize, char)>,
    /// First place where the nesting bound was exceeded.
    pub too_deep: Option<usize>,
}

/// Scanner state; see the module documentation.
struct Scanner<'a> {
    src: &'a str,
    stack: Vec<Frame>,
    /// Prefix operators pending at the top level (outside every bracket).
    top_pending: usize,
    /// Sum of all `pending_prefix` counts, including `top_pending`.
    total_pending: usize,
    /// Comparisons `* <` in the current statement: after a `*` the grammar may read `<` as
    /// the start of an angle game (`x * <1|0>`) or as a comparison (`* < 1`); the scanner
    /// treats it as a comparison for splitting but counts it toward the depth bound.
    star_lt: usize,
    /// True where an operand may start (so `<` opens an angle game).
    operand_start: bool,
    /// The last significant character was `*`.
    after_star: bool,
    scan: Scan,
    /// Deepest nesting seen in the current statement.
    max_depth: usize,
    /// Current statement: where it starts, and its content range so far.
    chunk_start: usize,
    content: Option<(usize, usize)>,
}

/// Scan `src`: split it into statements and measure nesting. Never fails; see the fields of
/// [`Scan`] for what went wrong.
pub(crate) fn scan(src: &str) -> Scan {
    let mut s = Scanner {
        src,
        stack: Vec::new(),
        top_pending: 0,
        total_pending: 0,
        star_lt: 0,
        operand_start: true,
        after_star: false,
        scan: Scan::default(),
        max_depth: 0,
        chunk_start: 0,
        content: None,
    };
    s.run();
    s.scan
}

/// Split `src` into statements, failing if the nesting is too deep.
pub(crate) fn split(src: &str) -> Result<Vec<Chunk>, ParseError> {
    let scan = scan(src);
    match scan.too_deep {
        Some(offset) => Err(ParseError {
            message: format!("nesting too deep (more than {MAX_NESTING} levels)"),
            offset,
        }),
        None => Ok(scan.chunks),
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl Scanner<'_> {
    fn run(&mut self) {
        let src = self.src;
        let bytes = src.as_bytes();
        // A byte-order mark at the very start is not part of the first statement.
        let mut i = if src.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        self.chunk_start = i;
        while i < src.len() {
            // Every branch below advances `i` by at least one whole character.
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let next = bytes.get(i + 1).copied();
            match c {
                '\n' => {
                    if self.stack.is_empty() {
                        self.end_chunk(i, false);
                    }
                    i += 1;
                }
                ' ' | '\t' | '\r' => i += 1,
                '/' if next == Some(b'/') => {
                    // A comment runs to the end of the line; the newline itself is kept.
                    i = src[i..].find('\n').map_or(src.len(), |n| i + n);
                }
                ';' if self.stack.is_empty() => {
                    self.end_chunk(i, true);
                    i += 1;
                }
                '"' => {
                    let end = string_end(src, i);
                    self.operand(i, end);
                    i = end;
                }
                c if is_word_char(c) => {
                    let end = src[i..]
                        .find(|ch: char| !is_word_char(ch))
                        .map_or(src.len(), |n| i + n);
                    self.word(i, end);
                    i = end;
                }
                _ => {
                    self.symbol(c, i);
                    i += c.len_utf8();
                }
            }
        }
        self.scan.open = self.stack.iter().map(|f| (f.kind, f.offset)).collect();
        self.end_chunk(src.len(), false);
    }

    /// Record `start..end` as statement content.
    fn touch(&mut self, start: usize, end: usize) {
        self.content = Some(match self.content {
            Some((s, _)) => (s, end),
            None => (start, end),
        });
    }

    fn end_chunk(&mut self, at: usize, silent: bool) {
        if let Some((content_start, content_end)) = self.content.take() {
            self.scan.chunks.push(Chunk {
                start: self.chunk_start,
                end: at,
                content_start,
                content_end,
                silent,
                max_depth: self.max_depth,
            });
        }
        self.max_depth = 0;
        self.chunk_start = at + 1;
        self.star_lt = 0;
        self.stack.clear();
        self.top_pending = 0;
        self.total_pending = 0;
        self.operand_start = true;
        self.after_star = false;
    }

    fn depth(&self) -> usize {
        self.stack.len() + self.total_pending + self.star_lt
    }

    fn check_depth(&mut self, at: usize) {
        self.max_depth = self.max_depth.max(self.depth());
        if self.depth() > MAX_NESTING && self.scan.too_deep.is_none() {
            self.scan.too_deep = Some(at);
        }
    }

    fn pending_mut(&mut self) -> &mut usize {
        match self.stack.last_mut() {
            Some(frame) => &mut frame.pending_prefix,
            None => &mut self.top_pending,
        }
    }

    /// An operand (or the end of one) at `start..end`: pending prefix operators are applied.
    fn operand(&mut self, start: usize, end: usize) {
        self.touch(start, end);
        let pending = std::mem::take(self.pending_mut());
        self.total_pending -= pending;
        self.operand_start = false;
        self.after_star = false;
    }

    /// An operator that may be followed by an operand.
    fn operator(&mut self, start: usize, end: usize) {
        self.touch(start, end);
        self.operand_start = true;
        self.after_star = false;
    }

    /// A prefix operator: counts toward the depth until its operand arrives.
    fn prefix(&mut self, start: usize, end: usize) {
        self.operator(start, end);
        *self.pending_mut() += 1;
        self.total_pending += 1;
        self.check_depth(start);
    }

    fn word(&mut self, start: usize, end: usize) {
        let word = &self.src[start..end];
        match word {
            "not" => self.prefix(start, end),
            "and" | "or" | "in" | "for" | "def" => self.operator(start, end),
            _ if self.operand_start || word.starts_with(|c: char| c.is_ascii_digit()) => {
                self.operand(start, end)
            }
            // A name between two operands is a named infix operator (`G Heat 2`).
            _ => self.operator(start, end),
        }
    }

    fn push(&mut self, kind: Bracket, at: usize) {
        self.operator(at, at + 1);
        self.stack.push(Frame {
            kind,
            offset: at,
            pending_prefix: 0,
        });
        self.check_depth(at);
    }

    /// Close the innermost open `kind`, also closing any angle brackets opened inside it.
    fn close(&mut self, kind: Bracket, c: char, at: usize) {
        if let Some(pos) = self.stack.iter().rposition(|f| f.kind == kind) {
            for frame in self.stack.drain(pos..) {
                self.total_pending -= frame.pending_prefix;
            }
        } else {
            self.scan.stray_closers.push((at, c));
        }
        self.operand(at, at + c.len_utf8());
    }

    fn symbol(&mut self, c: char, at: usize) {
        let was_after_star = self.after_star;
        let end = at + c.len_utf8();
        match c {
            '(' => self.push(Bracket::Paren, at),
            '[' => self.push(Bracket::Square, at),
            '{' => self.push(Bracket::Brace, at),
            ')' => self.close(Bracket::Paren, c, at),
            ']' => self.close(Bracket::Square, c, at),
            '}' => self.close(Bracket::Brace, c, at),
            '<' if self.operand_start => self.push(Bracket::Angle, at),
            '<' => {
                if was_after_star {
                    self.star_lt += 1;
                    self.check_depth(at);
                }
                self.operator(at, end);
            }
            '>' if self.stack.last().is_some_and(|f| f.kind == Bracket::Angle) => {
                self.close(Bracket::Angle, c, at)
            }
            '-' | '+' | '±' => self.prefix(at, end),
            '*' => {
                self.operand(at, end);
                self.after_star = true;
            }
            '\'' => {
                // An explicit game `'{...}'`: the opening quote stands where an operand may
                // start, the closing one ends the operand.
                if self.operand_start {
                    self.operator(at, end);
                } else {
                    self.operand(at, end);
                }
            }
            '^' | '↑' | '↓' | '⇑' | '⇓' => self.operand(at, end),
            _ => self.operator(at, end),
        }
    }
}

/// The end of the string literal starting at `start` (just past the closing quote, or at the
/// end of the line if it is unterminated).
pub(crate) fn string_end(src: &str, start: usize) -> usize {
    let mut escaped = false;
    for (k, c) in src[start + 1..].char_indices() {
        let at = start + 1 + k;
        match c {
            '\n' => return at,
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return at + 1,
            _ => escaped = false,
        }
    }
    src.len()
}
