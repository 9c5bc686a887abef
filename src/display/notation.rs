//! CGSuite's notation for games and values.

use crate::engine::Engine;
use crate::eval::Value;

pub fn write_value(
    _engine: &mut Engine,
    _value: &Value,
    out: &mut dyn std::fmt::Write,
) -> std::fmt::Result {
    out.write_str("?")
}
