//! The loopy-game properties (`Degree`, `Onside`, `IsStopper`, …) and loopy values in the
//! evaluator. On a short game they are trivial (a short game is its own onside and offside, of
//! degree 0); on loopy values they are computed by `engine::loopy`.

use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::GameId;

impl Evaluator<'_> {
    /// The loopy-game properties of a short game `g`; `None` if `key` is not one.
    pub(super) fn short_loopy_property(
        &mut self,
        g: GameId,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let e = &mut *self.engine;
        let zero = e.zero();
        match key {
            // A loopfree game has degree 0 and variety 0 (CGSuite's convention).
            "degree" | "variety" => Ok(Some(Value::Game(zero))),
            "isstopper" | "isstoppersided" | "isloopfree" | "isplumtree" | "isstable" => {
                Ok(Some(Value::Bool(true)))
            }
            "ispseudonumber" => Ok(Some(Value::Bool(e.is_number(g)))),
            "onside" | "offside" => Ok(Some(Value::Game(g))),
            "strongstop" => {
                let [side] = args else {
                    return Err(EvalError::new("StrongStop takes one argument, Left or Right"));
                };
                let stop = match super::methods::side(side)? {
                    super::Side::Left => e.left_stop(g),
                    super::Side::Right => e.right_stop(g),
                };
                Ok(Some(super::methods::number(stop.to_rational())))
            }
            _ => Ok(None),
        }
    }
}
