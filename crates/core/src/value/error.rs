//! Errors raised while computing a value: a message and, when known, where in the source.
//! Every layer that computes on values (rulesets, misère games, the evaluator) returns them.

use crate::engine::EngineError;
use crate::syntax::ast::Span;

/// An error raised while evaluating: its `ErrorDetail`, boxed. Results travel through
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
    /// The fault is at this character (counted in characters) of this string argument. The
    /// evaluator points the span at it when the string is a literal in the source; else the
    /// message shows the string with a caret (see [`EvalError::with_string_drawn`]).
    pub string_char: Option<(String, usize)>,
    /// An integer was needed and this game came instead: the session explains it when the
    /// game is one a power was likely meant for (`10^7` is 10 + ↑7).
    pub integer_wanted: Option<crate::engine::GameId>,
}

impl EvalError {
    pub fn with_span(message: impl Into<String>, span: Option<Span>) -> Self {
        EvalError(Box::new(ErrorDetail {
            message: message.into(),
            span,
            string_char: None,
            integer_wanted: None,
        }))
    }

    /// "An integer was needed, `found` came": `message`, remembering the game if it is one
    /// (see `ErrorDetail::integer_wanted`).
    pub fn integer_wanted(message: impl Into<String>, found: &super::Value) -> Self {
        let mut e = EvalError::new(message);
        if let super::Value::Game(g) = found {
            e.integer_wanted = Some(*g);
        }
        e
    }

    /// An error about the character at `index` (in characters) of the string `source`.
    pub fn in_string(message: impl Into<String>, source: &str, index: usize) -> Self {
        let mut e = EvalError::new(message);
        e.string_char = Some((source.to_string(), index));
        e
    }

    /// The message, with the string and a caret under the faulty character when the error
    /// could not point into the source.
    pub fn with_string_drawn(mut self) -> Self {
        if let Some((source, index)) = self.string_char.take() {
            let width: usize = source
                .chars()
                .take(index)
                .map(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(1))
                .sum();
            self.message = format!(
                "{}\n    {source}\n    {}^ character {}",
                self.message,
                " ".repeat(width),
                index + 1
            );
        }
        self
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

    /// The error as the engine's, for a failure inside a ruleset met through the engine's
    /// interface (a position's value): an interrupt stays one.
    pub fn into_engine_error(self) -> crate::engine::EngineError {
        use crate::engine::EngineError;
        if self.message == EngineError::Interrupted.to_string() {
            EngineError::Interrupted
        } else {
            EngineError::InvalidArgument(self.into_detail().message)
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

/// The message alone; the span is the caller's to show against the source.
impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

pub type EvalResult<T> = Result<T, EvalError>;

impl From<EngineError> for EvalError {
    fn from(e: EngineError) -> Self {
        EvalError::new(e.to_string())
    }
}
