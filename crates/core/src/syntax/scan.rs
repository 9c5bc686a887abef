//! A light character scanner that runs before pest.
//!
//! It has three jobs, all of which need to know which brackets are open but none of which
//! needs a full parse:
//!
//! * split a script chunk into statements at top-level `;` and newlines. A newline does not
//!   split inside an open `{`, `<`, `(` or `[`, inside a block (`begin`, `if`, and `for` or
//!   `while` where an expression starts, up to the matching `end`), inside an open `/* */`
//!   comment, or after a token that cannot end an expression (`:=`, `->`, `+`, `and`, a
//!   keyword other than `end`, `true`, `false`, ...): language spec §2;
//! * inside a block, find the newlines that end a statement (the last token can end an
//!   expression and the block is in its body, not its header such as `for x in L`): the
//!   parser reads them as `;`;
//! * bound the nesting depth *before* pest runs, because pest (and the AST built from its
//!   output) recurse once per bracket level: 100 000 nested braces must be a clean error, not a
//!   stack overflow;
//! * tell a REPL whether the text ends inside an open bracket ([`needs_more_input`]).
//!
//! Strings (`"..."`), `//` and `/* */` comments are skipped; a word after a single `.` is a
//! member name, never a keyword (`(1..5).End`). `<` is ambiguous (angle game or
//! comparison); following the grammar, it opens a game only where an operand may start.
//!
//! [`needs_more_input`]: super::needs_more_input

use super::parser::{MAX_NESTING, ParseError};

/// One statement's slice of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Offsets of the newlines inside blocks that end a statement there (read as `;`).
    pub soft_breaks: Vec<usize>,
    /// Byte ranges of the `//` comments inside the statement: where a soft break follows
    /// one, the parser blanks it, or the `;` would be read as part of the comment.
    pub line_comments: Vec<(usize, usize)>,
}

/// The kinds of bracket the scanner tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bracket {
    Paren,
    Square,
    Brace,
    Angle,
    /// `begin`, `if`, `for` or `while` up to its `end`.
    Block,
}

impl Bracket {
    pub(crate) fn open_char(self) -> char {
        match self {
            Bracket::Paren => '(',
            Bracket::Square => '[',
            Bracket::Brace => '{',
            Bracket::Angle => '<',
            Bracket::Block => 'b',
        }
    }

    pub(crate) fn close_char(self) -> char {
        match self {
            Bracket::Paren => ')',
            Bracket::Square => ']',
            Bracket::Brace => '}',
            Bracket::Angle => '>',
            Bracket::Block => 'e',
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
    /// A block still in its header (`if c`, `for x in L`): newlines there end nothing.
    header: bool,
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
    /// The text ends inside a `/* */` comment opened at this byte offset.
    pub open_comment: Option<usize>,
    /// The text's last token cannot end an expression (`1 +`, `x :=`, `if c then`).
    pub dangling: bool,
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
    /// The last significant character was `^` (or an up arrow): a name now is an exponent or
    /// an up count (`x^y`, `^n`), an operand, never a named infix operator.
    after_caret: bool,
    /// The last token cannot end an expression (see the module documentation).
    dangling: bool,
    /// The last token was a single `.`, so a word now is a member name.
    after_dot: bool,
    /// Inside `def f(...)` before its `:=` or `begin`: a newline there does not split.
    def_header: bool,
    /// Soft statement breaks of the current statement.
    soft_breaks: Vec<usize>,
    /// `//` comments of the current statement.
    line_comments: Vec<(usize, usize)>,
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
    let mut s = Scanner::new(src);
    s.run();
    s.scan
}

/// Tells whether a text that grows a line at a time needs more lines, in time linear in its
/// whole length: each line is scanned once, from where the scan of the text before it
/// stopped (an open `/* */` comment is searched again from its start). For one text,
/// `needs_more_input` gives what [`super::needs_more_input`] would.
pub(crate) struct GrowingScan {
    state: Scanner<'static>,
    scanned: usize,
}

impl std::fmt::Debug for GrowingScan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GrowingScan")
            .field("scanned", &self.scanned)
            .finish_non_exhaustive()
    }
}

impl GrowingScan {
    pub(crate) fn new() -> Self {
        GrowingScan {
            state: Scanner::new(""),
            scanned: 0,
        }
    }

    /// True when the text so far is inside a block (`begin`, `if`, a loop).
    pub(crate) fn in_block(&self) -> bool {
        self.state.stack.iter().any(|f| f.kind == Bracket::Block)
    }

    /// `text` must be the text of the previous call with more appended.
    pub(crate) fn needs_more_input(&mut self, text: &str) -> bool {
        let mut scanner: Scanner<'_> = std::mem::replace(&mut self.state, Scanner::new(""));
        scanner.src = text;
        let from = match scanner.scan.open_comment.take() {
            Some(comment) => comment,
            None if self.scanned == 0 => scanner.start(),
            None => self.scanned,
        };
        scanner.advance(from);
        self.scanned = text.len();
        let pending = scanner.scan.stray_closers.is_empty()
            && (!scanner.stack.is_empty()
                || scanner.scan.open_comment.is_some()
                || (scanner.dangling && scanner.content.is_some()));
        self.state = scanner.detach();
        pending
    }
}

/// Split `src` into statements, failing if the nesting is too deep.
pub(crate) fn split(src: &str) -> Result<Vec<Chunk>, ParseError> {
    let scan = scan(src);
    if let Some(offset) = scan.too_deep {
        return Err(ParseError {
            message: format!("nesting too deep (more than {MAX_NESTING} levels)"),
            offset,
            incomplete: false,
        });
    }
    // Whatever follows an unclosed `/*` is lost, so it is an error, never a silent end.
    if let Some(offset) = scan.open_comment {
        return Err(ParseError {
            message: UNCLOSED_COMMENT.into(),
            offset,
            incomplete: true,
        });
    }
    Ok(scan.chunks)
}

/// Reserved words that cgcalc parses only to reject them by name, with a hint: CGSuite knows
/// them, cgcalc never evaluates them.
pub(crate) const REJECTED_KEYWORDS: [&str; 6] =
    ["return", "break", "continue", "clear", "try", "finally"];

/// The message for a `/*` with no matching `*/`.
pub(crate) const UNCLOSED_COMMENT: &str = "unclosed comment: `/*` needs a matching `*/`";

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl<'a> Scanner<'a> {
    fn new(src: &'a str) -> Self {
        Scanner {
            src,
            stack: Vec::new(),
            top_pending: 0,
            total_pending: 0,
            star_lt: 0,
            operand_start: true,
            after_star: false,
            after_caret: false,
            dangling: false,
            def_header: false,
            after_dot: false,
            soft_breaks: Vec::new(),
            line_comments: Vec::new(),
            scan: Scan::default(),
            max_depth: 0,
            chunk_start: 0,
            content: None,
        }
    }

    /// The same state, no longer tied to the text it has scanned.
    fn detach(self) -> Scanner<'static> {
        Scanner {
            src: "",
            stack: self.stack,
            top_pending: self.top_pending,
            total_pending: self.total_pending,
            star_lt: self.star_lt,
            operand_start: self.operand_start,
            after_star: self.after_star,
            after_caret: self.after_caret,
            dangling: self.dangling,
            def_header: self.def_header,
            after_dot: self.after_dot,
            soft_breaks: self.soft_breaks,
            line_comments: self.line_comments,
            scan: self.scan,
            max_depth: self.max_depth,
            chunk_start: self.chunk_start,
            content: self.content,
        }
    }

    fn run(&mut self) {
        let start = self.start();
        self.advance(start);
        self.scan.open = self.stack.iter().map(|f| (f.kind, f.offset)).collect();
        self.scan.dangling = self.dangling && self.content.is_some();
        self.end_chunk(self.src.len(), false);
    }

    /// Where scanning starts: a byte-order mark at the very start is not part of the first
    /// statement.
    fn start(&mut self) -> usize {
        let start = if self.src.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        self.chunk_start = start;
        start
    }

    /// Scan `src` from byte `from` to its end.
    fn advance(&mut self, from: usize) {
        let src = self.src;
        let bytes = src.as_bytes();
        let mut i = from;
        while i < src.len() {
            // Every branch below advances `i` by at least one whole character.
            let Some(c) = src[i..].chars().next() else {
                break;
            };
            let next = bytes.get(i + 1).copied();
            let after_dot = std::mem::take(&mut self.after_dot);
            match c {
                '\n' => {
                    self.newline(i);
                    i += 1;
                }
                ' ' | '\t' | '\r' | '\u{a0}' => i += c.len_utf8(),
                '/' if next == Some(b'/') => {
                    // A comment runs to the end of the line; the newline itself is kept.
                    let end = src[i..].find('\n').map_or(src.len(), |n| i + n);
                    self.line_comments.push((i, end));
                    i = end;
                }
                '/' if next == Some(b'*') => match src[i + 2..].find("*/") {
                    Some(n) => i += n + 4,
                    None => {
                        self.scan.open_comment = Some(i);
                        i = src.len();
                    }
                },
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
                    if after_dot {
                        self.operand(i, end);
                    } else {
                        self.word(i, end);
                    }
                    i = end;
                }
                // `^<2>`, `v<3>`: CGSuite's up powers are part of a literal, not a comparison.
                '<' if src[..i].ends_with(['^', 'v', '↑', '↓']) && up_power_len(&src[i..]) > 0 =>
                {
                    let end = i + up_power_len(&src[i..]);
                    self.operand(i, end);
                    i = end;
                }
                _ => {
                    let two = src.get(i..i + 2).unwrap_or("");
                    if matches!(two, "->" | "=>" | ":=" | "..") {
                        if two == ":=" {
                            self.def_header = false;
                        }
                        self.operator(i, i + 2);
                        i += 2;
                    } else {
                        self.symbol(c, i);
                        if c == '.' {
                            self.after_dot = true;
                        }
                        i += c.len_utf8();
                    }
                }
            }
        }
    }

    /// A newline: it ends the statement at the top level, and a statement inside a block in
    /// its body, unless the line dangles.
    fn newline(&mut self, at: usize) {
        if self.dangling || self.def_header {
            return;
        }
        match self.stack.last() {
            None => self.end_chunk(at, false),
            Some(frame) if frame.kind == Bracket::Block && !frame.header => {
                if self.content.is_some() {
                    self.soft_breaks.push(at);
                }
                self.operand_start = true;
                self.after_star = false;
                self.after_caret = false;
                self.dangling = true;
            }
            Some(_) => {}
        }
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
                soft_breaks: std::mem::take(&mut self.soft_breaks),
                line_comments: std::mem::take(&mut self.line_comments),
            });
        }
        self.soft_breaks.clear();
        self.line_comments.clear();
        self.dangling = false;
        self.def_header = false;
        self.max_depth = 0;
        self.chunk_start = at + 1;
        self.star_lt = 0;
        self.stack.clear();
        self.top_pending = 0;
        self.total_pending = 0;
        self.operand_start = true;
        self.after_star = false;
        self.after_caret = false;
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
        self.after_caret = false;
        self.dangling = false;
    }

    /// An operator that may be followed by an operand.
    fn operator(&mut self, start: usize, end: usize) {
        self.touch(start, end);
        self.operand_start = true;
        self.after_star = false;
        self.after_caret = false;
        self.dangling = true;
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
            "begin" => {
                self.def_header = false;
                self.push_block(start, end, false)
            }
            "def" => {
                self.def_header = true;
                self.operator(start, end);
            }
            "if" => self.push_block(start, end, true),
            // After an operand these are comprehension or loop clauses.
            "for" | "while" if self.operand_start => self.push_block(start, end, true),
            "then" | "else" | "do" | "yield" => {
                self.set_header(false);
                self.operator(start, end);
            }
            "elseif" => {
                self.set_header(true);
                self.operator(start, end);
            }
            "end" => {
                if let Some(pos) = self.stack.iter().rposition(|f| f.kind == Bracket::Block) {
                    for frame in self.stack.drain(pos..) {
                        self.total_pending -= frame.pending_prefix;
                    }
                }
                self.operand(start, end);
            }
            // `pass` is an option of a loopy game (`{pass|*}`).
            "true" | "false" | "pass" => self.operand(start, end),
            "and" | "or" | "in" | "for" | "while" | "from" | "to" | "by" | "where" | "var"
            | "is" | "error" => self.operator(start, end),
            // Keywords cgcalc rejects end their statement at once, so that the error comes
            // now rather than after swallowing the next line (`clear` typed as a reflex).
            word if REJECTED_KEYWORDS.contains(&word) => self.operand(start, end),
            _ if self.operand_start
                || self.after_caret
                || word.starts_with(|c: char| c.is_ascii_digit()) =>
            {
                self.operand(start, end)
            }
            // A name between two operands is a named infix operator (`G Heat 2`); it does not
            // make the line dangle.
            _ => {
                self.operator(start, end);
                self.dangling = false;
            }
        }
    }

    /// `begin`, `if`, or a `for` / `while` that starts a loop: a block until its `end`.
    fn push_block(&mut self, start: usize, end: usize, header: bool) {
        self.operator(start, end);
        self.stack.push(Frame {
            kind: Bracket::Block,
            offset: start,
            pending_prefix: 0,
            header,
        });
        self.check_depth(start);
    }

    /// Mark the innermost open block as in its header or its body.
    fn set_header(&mut self, header: bool) {
        if let Some(frame) = self.stack.last_mut()
            && frame.kind == Bracket::Block
        {
            frame.header = header;
        }
    }

    fn push(&mut self, kind: Bracket, at: usize) {
        self.operator(at, at + 1);
        self.stack.push(Frame {
            kind,
            offset: at,
            pending_prefix: 0,
            header: false,
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
            // A trailing `*` or `^` does not make a line dangle: `2*` is a complete literal.
            '^' | '↑' | '↓' | '⇑' | '⇓' => {
                self.operand(at, end);
                self.after_caret = true;
            }
            _ => self.operator(at, end),
        }
    }
}

/// The length of `<digits>` at the start of `text`, or 0.
fn up_power_len(text: &str) -> usize {
    let digits = text[1..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len() - 1);
    if digits > 0 && text[1 + digits..].starts_with('>') {
        digits + 2
    } else {
        0
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
