//! Properties of `ImpartialRuleset` and `PartizanRuleset` positions, whose play may never end
//! (draws.md §2.6): what [`crate::rulesets::draws::properties`] needs to know of a position of
//! a user's ruleset, or of a sum of them, from the solver's labels.

use super::position::UserPosition;
use crate::engine::Engine;
use crate::engine::draws::partial::{PartizanLabel, Remoteness};
use crate::engine::draws::{LoopyNim, Verdict};
use crate::engine::loopy::Graph;
use crate::rulesets::Position;
use crate::rulesets::draws::product::{product_graph, product_label};
use crate::rulesets::draws::properties::DrawPosition;
use crate::value::EvalResult;
use std::rc::Rc;

impl DrawPosition for UserPosition {
    fn describe(&self) -> String {
        Position::describe(self)
    }

    fn loopy_nim(&self, engine: &mut Engine) -> EvalResult<Option<LoopyNim>> {
        if !self.game().is_impartial() {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(self.parts().len());
        for &p in self.parts() {
            values.push(self.game().loopy_nim(p, engine)?);
        }
        Ok(Some(LoopyNim::sum(&values)))
    }

    fn label(&self, engine: &mut Engine) -> EvalResult<PartizanLabel> {
        if let [node] = self.parts() {
            return Ok(self.game().draw_label(*node, engine)?.partizan());
        }
        if let Some(value) = self.loopy_nim(engine)? {
            // Smith's rule for the verdict; the remoteness is known when at most one part
            // can still move.
            let verdict = value.verdict();
            let mut live = Vec::new();
            for &p in self.parts() {
                let l = self.game().draw_label(p, engine)?.partizan();
                if l.remoteness[0] != Remoteness::Moves(0) {
                    live.push(l.remoteness[0]);
                }
            }
            let remoteness = match live.as_slice() {
                [] => Remoteness::Moves(0),
                [one] => *one,
                _ if verdict == Verdict::Draw => Remoteness::Draw,
                _ => Remoteness::Unknown,
            };
            return Ok(PartizanLabel {
                verdict: [verdict; 2],
                remoteness: [remoteness; 2],
            });
        }
        if !self.is_loopfree(engine)? {
            return product_label(&self.singles(), &Position::describe(self), engine);
        }
        let g = self.game_value(engine)?;
        Ok(PartizanLabel::of_short(engine.outcome(g)?))
    }

    fn options_for(&self, left: bool, engine: &mut Engine) -> EvalResult<Vec<Rc<dyn Position>>> {
        self.option_positions(left, true, engine)
    }

    fn is_loopfree(&self, engine: &mut Engine) -> EvalResult<bool> {
        for &p in self.parts() {
            if !self.game().draw_label(p, engine)?.loopfree {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn game_graph(&self, engine: &mut Engine) -> EvalResult<Graph> {
        self.repeating_graph(engine)
    }

    fn exact_label(&self, engine: &mut Engine) -> EvalResult<Option<PartizanLabel>> {
        if self.parts().len() < 2 {
            return Ok(None);
        }
        product_label(&self.singles(), &Position::describe(self), engine).map(Some)
    }
}

impl UserPosition {
    /// Each part alone.
    pub fn singles(&self) -> Vec<Rc<dyn Position>> {
        self.parts()
            .iter()
            .map(|&p| Rc::new(UserPosition::single(self.game().clone(), p)) as Rc<dyn Position>)
            .collect()
    }

    /// The game graph (rulesets whose positions can repeat): one part's explored graph, or
    /// the product of the parts'.
    pub fn repeating_graph(&self, engine: &mut Engine) -> EvalResult<Graph> {
        match self.parts() {
            [node] => self.game().game_graph(*node, engine),
            _ => product_graph(&self.singles(), &Position::describe(self), engine),
        }
    }
}
