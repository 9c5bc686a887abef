//! Errors raised while computing a value: a message and, when known, where in the source.
//! Every layer that computes on values (rulesets, misère games, the evaluator) returns them.

use crate::engine::EngineError;
use crate::syntax::ast::Span;

/// An error raised while evaluating: its [`ErrorDetail`], boxed. Results travel through
/// every step of evaluation, and a one-word error keeps `EvalResult<Value>` as small as a
/// value.
#[derive(Clone, PartialEq)]
pub struct EvalError(Box<ErrorDetail>);

/// What went wrong; `span` (byte offsets into the statement's source) says where, when
/// known.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorDetail {
    pub message: String,
    pub span: Option<Span>,
}

impl EvalError {
    pub fn with_span(message: impl Into<String>, span: Option<Span>) -> Self {
        EvalError(Box::new(ErrorDetail {
            message: message.into(),
            span,
        }))
    }

    pub fn new(message: impl Into<String>) -> Self {
        EvalError::with_span(message, None)
    }

    pub fn at(message: impl Into<String>, span: Span) -> Self {
        EvalError::with_span(message, Some(span))
    }

    pub fn into_detail(self) -> ErrorDetail {
        *self.0
    }

    /// Attach a span unless the error already has a more precise one.
    pub fn or_at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }
}

impl std::ops::Deref for EvalError {
    type Target = ErrorDetail;
    fn deref(&self) -> &ErrorDetail {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut ErrorDetail {
        &mut self.0
    }
}

impl std::fmt::Debug for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

pub type EvalResult<T> = Result<T, EvalError>;

impl From<EngineError> for EvalError {
    fn from(e: EngineError) -> Self {
        EvalError::new(e.to_string())
    }
}
