//! Errors raised while computing a value: a message and, when known, where in the source.
//! Every layer that computes on values (rulesets, misère games, the evaluator) returns them.

use crate::engine::EngineError;
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

impl From<EngineError> for EvalError {
    fn from(e: EngineError) -> Self {
        EvalError::new(e.to_string())
    }
}
