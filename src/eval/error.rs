//! Evaluation errors and the diagnostics shown to the user (message, line, caret column).

use crate::syntax::ast::Span;

/// An error raised while evaluating; `span` (byte offsets into the statement's source) says
/// where, when known.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    pub message: String,
    pub span: Option<Span>,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
            span: None,
        }
    }

    pub fn at(message: impl Into<String>, span: Span) -> Self {
        EvalError {
            message: message.into(),
            span: Some(span),
        }
    }

    /// Attach a span unless the error already has a more precise one.
    pub fn or_at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }
}

pub type EvalResult<T> = Result<T, EvalError>;

/// What the user sees for a failed statement: the message, and where it happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub message: String,
    /// 1-based line number in the whole input (script or session).
    pub line: usize,
    /// 1-based column (in characters) within `source_line`, when the error has a position.
    pub column: Option<usize>,
    /// The text of the line the error is on (without the newline).
    pub source_line: String,
}
