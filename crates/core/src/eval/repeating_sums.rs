//! Sums of positions whose play can repeat (draws.md §2.4): `G + x` with G a digraph token or
//! a position of a ruleset that may loop, and x a game, a number, a stopper or another
//! position, is the sum as a position, whose outcome, value and moves come from game graphs
//! (`rulesets::draws`) rather than from canonical values, which such positions do not have.

use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::Engine;
use crate::rulesets::Position;
use crate::rulesets::analysis::add_positions;
use crate::rulesets::draws::product::StopperPart;
use crate::rulesets::functional::fixed;
use crate::syntax::ast::BinOp;
use std::rc::Rc;

impl Evaluator<'_> {
    /// `G + x` where G is a position whose play can repeat and x a game, a stopper or
    /// another position: the sum as a position (draws.md §2.4), so that its outcome, value
    /// and moves come from the game graphs. `None` when no operand can repeat, or for ∞(K)
    /// values (Smith's rule on values, below).
    pub(super) fn repeating_sum(
        &mut self,
        op: BinOp,
        a: &Value,
        b: &Value,
    ) -> EvalResult<Option<Value>> {
        if !matches!(op, BinOp::Add | BinOp::Sub) {
            return Ok(None);
        }
        let repeats = |v: &Value, engine: &mut Engine| -> EvalResult<bool> {
            match v {
                Value::Position(p) => p.can_repeat(engine),
                _ => Ok(false),
            }
        };
        if !repeats(a, self.engine)? && !repeats(b, self.engine)? {
            return Ok(None);
        }
        let (Some(x), Some(y)) = (self.sum_part(a)?, self.sum_part(b)?) else {
            return Ok(None);
        };
        if op == BinOp::Sub && !(x.is_impartial() && y.is_impartial()) {
            return Err(EvalError::new(
                "positions whose play can repeat are added, not subtracted: write G + H",
            ));
        }
        Ok(Some(add_positions(x, y)))
    }

    /// A value as a part of a sum of positions; `None` for values that are not (∞(K) adds by
    /// Smith's rule on values instead).
    fn sum_part(&mut self, v: &Value) -> EvalResult<Option<Rc<dyn Position>>> {
        Ok(Some(match v {
            Value::Position(p) => p.clone(),
            Value::Loopy(l) => {
                let text = self.render(v);
                Rc::new(StopperPart::new(l, text)?)
            }
            Value::Game(_) | Value::Number(_) | Value::Explicit(_) => {
                let g = fixed::game_of(v, self.engine)?;
                Rc::new(fixed::FixedValue::plain(g, self.engine)?)
            }
            _ => return Ok(None),
        }))
    }
}
