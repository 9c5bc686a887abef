//! The evaluator: a [`Session`] holds the variables and the game engine, and evaluates
//! parsed statements into [`Value`]s.

pub mod error;
pub mod value;

pub use error::{Diagnostic, EvalError, EvalResult};
pub use value::{Side, Value};

use crate::display::Summary;
use crate::engine::Engine;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The result of one statement.
#[derive(Debug)]
pub struct StatementResult {
    /// 1-based line (in the whole input) where the statement starts.
    pub line: usize,
    /// The statement's source text, trimmed.
    pub input: String,
    /// True when the statement ended in `;` (evaluate, print nothing).
    pub silent: bool,
    pub result: Result<Value, Diagnostic>,
}

/// A calculator session: variables, the engine and its caches.
pub struct Session {
    engine: Engine,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    pub fn new() -> Self {
        Session {
            engine: Engine::new(),
        }
    }

    /// The flag that long computations poll; set it (e.g. from a Ctrl-C handler) to stop the
    /// current computation with an "interrupted" error.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.engine.interrupt_flag()
    }

    /// Evaluate a chunk of source: one or more complete lines whose first line is line
    /// `first_line` (1-based) of the whole input. Returns one result per statement, in order;
    /// a syntax error gives a single failed result.
    pub fn eval_source(&mut self, src: &str, first_line: usize) -> Vec<StatementResult> {
        let _ = (src, first_line);
        Vec::new()
    }

    /// Variables defined so far, with their printed values (for `:vars`).
    pub fn variables(&mut self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Forget all variables (`:clear`).
    pub fn clear(&mut self) {}

    /// Write `value` in CGSuite's notation.
    pub fn write_value(
        &mut self,
        value: &Value,
        out: &mut dyn std::fmt::Write,
    ) -> std::fmt::Result {
        crate::display::write_value(&mut self.engine, value, out)
    }

    /// The property summary shown under a game result (None for non-games).
    pub fn summary(&mut self, value: &Value) -> Option<Summary> {
        crate::display::summary(&mut self.engine, value)
    }

    /// Names that tab completion offers after a `.` (properties and methods).
    pub fn completions(&self) -> Vec<&'static str> {
        Vec::new()
    }
}
