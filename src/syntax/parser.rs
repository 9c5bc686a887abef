//! Builds the AST from the pest parse tree; checks nesting depth before pest runs.
//! (Stub: the real parser is being written.)

use super::ast::Statement;

/// Deepest bracket nesting accepted; deeper input is an error, never a stack overflow.
pub const MAX_NESTING: usize = 2000;

/// A syntax error: `offset` is a byte offset into the source passed to [`parse_statements`].
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    pub message: String,
    pub offset: usize,
}

/// Parse a chunk of source (one or more lines) into statements.
pub fn parse_statements(_src: &str) -> Result<Vec<Statement>, ParseError> {
    Err(ParseError {
        message: "parser not written yet".into(),
        offset: 0,
    })
}

/// True when `src` ends inside an open `{`, `<` (game bracket), `(` or `[`, so a REPL or script
/// reader should append the next line before parsing.
pub fn needs_more_input(_src: &str) -> bool {
    false
}
