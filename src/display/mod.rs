//! Printing: values in CGSuite's notation ([`notation`]) and the property summary shown under
//! a game result ([`summary`]).

pub mod notation;

use crate::engine::Engine;
use crate::eval::Value;

/// The properties shown under a game result in text mode and carried in `--json` objects.
/// Fields that do not apply are `None` (JSON `null`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// `L`, `R`, `P` or `N`.
    pub outcome: String,
    /// The outcome in words ("Left wins", "second player wins", ...).
    pub outcome_meaning: String,
    pub left_stop: String,
    pub right_stop: String,
    pub birthday: String,
    pub mean: Option<String>,
    pub temperature: Option<String>,
    pub atomic_weight: Option<String>,
    /// For positions of rulesets: how the position was built (`kayles[5]`).
    pub position: Option<String>,
}

/// Write a value in CGSuite's notation.
pub fn write_value(
    engine: &mut Engine,
    value: &Value,
    out: &mut dyn std::fmt::Write,
) -> std::fmt::Result {
    notation::write_value(engine, value, out)
}

/// The summary of a game-valued result; `None` for other values.
pub fn summary(_engine: &mut Engine, _value: &Value) -> Option<Summary> {
    None
}
