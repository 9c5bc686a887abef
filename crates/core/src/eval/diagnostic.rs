//! The diagnostic shown to the user for a failed statement: message, line and caret column.

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

/// `line:column: message`, or `line: message` when the error has no column.
impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.column {
            Some(column) => write!(f, "{}:{column}: {}", self.line, self.message),
            None => write!(f, "{}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}
