//! Games with draws (draws.md): rulesets whose positions may repeat, solved by the game-graph
//! algorithms of [`crate::engine::draws`] (retrograde analysis, the generalized Sprague–Grundy
//! function, Smith's sum rule). [`digraph`] is `DigraphRuleset`: tokens on an explicit directed
//! graph.

pub mod digraph;
pub mod edge_file;
pub mod explored;
pub mod product;
pub mod properties;
pub mod sums;

use crate::engine::Engine;
use crate::engine::draws::LoopyNim;
use crate::rulesets::Args;
use crate::value::{EvalError, EvalResult, Value};

/// The rulesets of this module built by a function, by key; `None` for other keys.
pub fn function(key: &str, args: &Args, engine: &mut Engine) -> Option<EvalResult<Value>> {
    match key {
        "digraphruleset" => Some(digraph::digraph_ruleset(args, engine)),
        _ => None,
    }
}

/// A loopy nim value as a calculator value: an integer when finite, else ∞(K).
pub fn loopy_nim_value(v: &LoopyNim) -> Value {
    match v {
        LoopyNim::Finite(n) => Value::integer(*n),
        LoopyNim::Infinite(k) => Value::LoopyNimber(k.clone().into()),
    }
}

/// `NimValue` of a position with a loopy nim value: the finite value, or an error naming the
/// position and its infinite value.
pub(crate) fn finite_nim_value(described: &str, v: &LoopyNim) -> EvalResult<Value> {
    match v {
        LoopyNim::Finite(n) => Ok(Value::integer(*n)),
        LoopyNim::Infinite(k) => Err(EvalError::new(format!(
            "{described} has loopy nim value {}: it has no finite nim value (LoopyNimValue \
             gives it)",
            crate::display::notation::loopy_nimber(k)
        ))),
    }
}
