//! Sums of positions in which play may never end (draws.md §2.4): an impartial sum's value
//! and outcome by Smith's rule from its parts' values, without the product; a partizan sum,
//! and an impartial sum's remoteness, from the product graph ([`super::product`]).

use super::product::{product_graph, product_label};
use super::properties::{self, DrawPosition};
use crate::engine::Engine;
use crate::engine::draws::LoopyNim;
use crate::engine::draws::partial::{PartizanLabel, Remoteness};
use crate::engine::loopy::Graph;
use crate::rulesets::Position;
use crate::rulesets::analysis::SumPosition;
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;

/// The loopy nim value of an impartial part: its own, or its nimber's.
fn part_value(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<LoopyNim> {
    if let Some(v) = p.loopy_nim_value(engine) {
        return Ok(v?);
    }
    let g = p.value(engine)?;
    crate::rulesets::functional::game::nim_of_game(g, engine)
        .map(LoopyNim::Finite)
        .ok_or_else(|| {
            EvalError::new(format!(
                "{} is part of an impartial sum but is not a nimber",
                p.describe()
            ))
        })
}

impl DrawPosition for SumPosition {
    fn describe(&self) -> String {
        Position::describe(self)
    }

    fn loopy_nim(&self, engine: &mut Engine) -> EvalResult<Option<LoopyNim>> {
        if !self.is_impartial() {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(self.parts().len());
        for p in self.parts() {
            values.push(part_value(p, engine)?);
        }
        Ok(Some(LoopyNim::sum(&values)))
    }

    fn label(&self, engine: &mut Engine) -> EvalResult<PartizanLabel> {
        match self.loopy_nim(engine)? {
            Some(v) => {
                let verdict = v.verdict();
                let remoteness = if verdict == crate::engine::draws::Verdict::Draw {
                    Remoteness::Draw
                } else {
                    Remoteness::Unknown
                };
                Ok(PartizanLabel {
                    verdict: [verdict; 2],
                    remoteness: [remoteness; 2],
                })
            }
            None => product_label(self.parts(), &Position::describe(self), engine),
        }
    }

    fn options_for(&self, left: bool, engine: &mut Engine) -> EvalResult<Vec<Rc<dyn Position>>> {
        Position::moves(self, left, engine)?.ok_or_else(|| {
            EvalError::new(format!(
                "the options of {} cannot be listed: a part does not list its own",
                Position::describe(self)
            ))
        })
    }

    fn is_loopfree(&self, engine: &mut Engine) -> EvalResult<bool> {
        Ok(!self.can_repeat(engine)?)
    }

    fn exact_label(&self, engine: &mut Engine) -> EvalResult<Option<PartizanLabel>> {
        product_label(self.parts(), &Position::describe(self), engine).map(Some)
    }

    fn game_graph(&self, engine: &mut Engine) -> EvalResult<Graph> {
        product_graph(self.parts(), &Position::describe(self), engine)
    }
}

/// The properties of a sum with a part that can repeat; `Ok(None)` otherwise.
pub fn method(
    sum: &SumPosition,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if !sum.can_repeat(engine)? {
        return Ok(None);
    }
    properties::method(sum, key, args, engine)
}
