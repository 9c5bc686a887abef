//! The parser's entry points: split the source into statements, bound the nesting depth,
//! run the pest grammar on each statement and build the AST.
//!
//! The work is shared out as follows: [`scan`](super::scan) finds statement boundaries and
//! checks nesting before pest runs (pest and the tree builder recurse per bracket level);
//! `grammar/cgcalc.pest` recognises one statement; [`build`](super::build) turns pest's pairs
//! into [`Statement`]s; [`errors`](super::errors) words pest's failures for people.

use pest::Parser;

use super::ast::{Span, Statement};
use super::build::Builder;
use super::grammar::{CgcalcParser, Rule};
use super::scan::{self, Chunk};

/// Deepest bracket nesting accepted; deeper input is an error, never a stack overflow.
pub const MAX_NESTING: usize = 2000;

/// Deepest expression tree the parser builds; deeper input is an error. Each operator of a
/// chain adds a level (`1+1+...+1` with n terms is n − 1 deep, being left-associative), so
/// this allows sums of 10 000 terms while keeping every tree shallow enough to be dropped and
/// walked recursively on an ordinary thread stack.
pub const MAX_DEPTH: usize = 12_000;

/// A syntax error: `offset` is a byte offset into the source passed to [`parse_statements`].
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    pub message: String,
    pub offset: usize,
    /// The parse reached the end of the text: more text could still complete it (`{1|`, `x :=`,
    /// an open `/*`), where other errors cannot be repaired by anything after them.
    pub incomplete: bool,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parse a chunk of source (one or more lines) into statements.
///
/// Statements are separated by newlines and `;` (a statement ending in `;` is silent); a line
/// that ends inside an open bracket continues on the next line. Blank lines and comments are
/// skipped. The first syntax error stops the parse.
pub fn parse_statements(src: &str) -> Result<Vec<Statement>, ParseError> {
    let chunks = scan::split(src)?;
    // Sized at once: a line of half a million statements spent a fifth of its time copying a
    // doubling vector into fresh pages.
    let mut statements = Vec::with_capacity(chunks.len());
    for (index, chunk) in chunks.iter().enumerate() {
        // Only the last statement can be completed by more text: a `;` or a newline has
        // ended the others.
        let last = index + 1 == chunks.len();
        statements.push(parse_chunk(src, chunk).map_err(|mut e| {
            e.incomplete &= last;
            e
        })?);
    }
    Ok(statements)
}

/// True when `src` ends inside an open `{`, `<` (game bracket), `(` or `[`, inside a block
/// (`begin`, `if`, a loop) that has not reached its `end`, inside a `/* */` comment, or after a
/// token that cannot end an expression (`1 +`, `x :=`): a REPL or script reader should then
/// append the next line before parsing. A closing bracket that matches nothing (`(1` then
/// `]`) is an error that no further line can repair, so it ends the input at once.
pub fn needs_more_input(src: &str) -> bool {
    let scan = scan::scan(src);
    scan.stray_closers.is_empty()
        && (!scan.open.is_empty() || scan.open_comment.is_some() || scan.dangling)
}

/// Statements nested deeper than this are parsed on a thread of their own with a stack sized
/// for the depth: pest and the tree builder recurse once per bracket level, and an unoptimised
/// build needs several kilobytes of stack per level.
const DEEP: usize = 48;

/// Stack bytes reserved per nesting level on that thread: measured needs are up to 24 KiB per
/// level in an unoptimised build and 8 KiB in an optimised one; this leaves a wide margin.
/// (Only address space is reserved; pages are used as the recursion reaches them.)
const STACK_PER_LEVEL: usize = if cfg!(debug_assertions) { 64 } else { 32 } * 1024;

/// Parse one statement, on a big-stack thread if it is deeply nested.
fn parse_chunk(src: &str, chunk: &Chunk) -> Result<Statement, ParseError> {
    if chunk.max_depth <= DEEP {
        return parse_chunk_here(src, chunk);
    }
    let stack = (chunk.max_depth + 64) * STACK_PER_LEVEL;
    let fail = |message: &str| ParseError {
        message: message.into(),
        offset: chunk.content_start,
        incomplete: false,
    };
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("cgcalc-parse".into())
            .stack_size(stack)
            .spawn_scoped(scope, || parse_chunk_here(src, chunk));
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|_| Err(fail("internal parser error (please report this input)"))),
            Err(_) => Err(fail("nesting too deep: not enough memory to parse it")),
        }
    })
}

/// Parse one statement on the current thread.
fn parse_chunk_here(src: &str, chunk: &Chunk) -> Result<Statement, ParseError> {
    let text = &src[chunk.start..chunk.end];
    // Newlines that end a statement inside a block are read as `;` (one byte for one byte, so
    // every offset stays valid). A `//` comment would run on over that `;` to the end of the
    // text, so comments are blanked first.
    let owned;
    let text = if chunk.soft_breaks.is_empty() {
        text
    } else {
        let mut bytes = text.as_bytes().to_vec();
        for &(from, to) in &chunk.line_comments {
            if let Some(comment) = bytes.get_mut(from - chunk.start..to - chunk.start) {
                comment.fill(b' ');
            }
        }
        for &at in &chunk.soft_breaks {
            if let Some(b) = bytes.get_mut(at - chunk.start) {
                *b = b';';
            }
        }
        owned = String::from_utf8(bytes).map_err(|_| ParseError {
            message: "internal parser error (please report this input)".into(),
            offset: chunk.content_start,
            incomplete: false,
        })?;
        owned.as_str()
    };
    let mut pairs = CgcalcParser::parse(Rule::statement_input, text)
        .map_err(|e| super::errors::from_pest(&e, text, chunk.start))?;
    let input = pairs.next().ok_or(ParseError {
        message: "internal parser error (please report this input)".into(),
        offset: chunk.content_start,
        incomplete: false,
    })?;
    let kind = Builder::new(chunk.start).statement(input)?;
    Ok(Statement {
        kind,
        silent: chunk.silent,
        span: Span::new(chunk.content_start, chunk.content_end),
    })
}
