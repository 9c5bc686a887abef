//! A partizan position as a value of the calculator: it prints as its canonical form, pastes
//! back through `describe`, draws itself in the REPL summary, and lists its options as
//! positions (`domineering(2,2).LeftOptions`).

use super::Rules;
use crate::engine::{Engine, EngineResult, GameId};
use crate::rulesets::{Position, no_args};
use crate::value::picture::Picture;
use crate::value::{EvalResult, Side, Value};
use std::rc::Rc;

/// A position of a partizan ruleset.
#[derive(Debug)]
pub struct PartizanPosition<G: Rules> {
    game: G,
}

impl<G: Rules> PartizanPosition<G> {
    pub fn new(game: G) -> Self {
        PartizanPosition { game }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The positions one move away, without repeats, in the order the rules produce them.
    fn option_positions(&self, left: bool) -> Vec<Rc<dyn Position>> {
        let mut moves = Vec::new();
        self.game.moves(left, &mut moves);
        let mut seen = std::collections::HashSet::new();
        moves
            .into_iter()
            .filter(|m| seen.insert(m.describe()))
            .map(|m| Rc::new(PartizanPosition::new(m)) as Rc<dyn Position>)
            .collect()
    }

    fn option_set(&self, left: bool) -> Value {
        Value::Set(
            self.option_positions(left)
                .into_iter()
                .map(Value::Position)
                .collect(),
        )
    }
}

impl<G: Rules> Position for PartizanPosition<G> {
    fn describe(&self) -> String {
        self.game.describe()
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        self.game.solve(engine)
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let _ = engine;
        match key {
            "leftoptions" => {
                no_args("LeftOptions", args)?;
                Ok(Some(self.option_set(true)))
            }
            "rightoptions" => {
                no_args("RightOptions", args)?;
                Ok(Some(self.option_set(false)))
            }
            "gridstring" => {
                no_args("GridString", args)?;
                Ok(self.game.grid_string().map(Value::Str))
            }
            "options" => match args {
                [Value::Side(Side::Left)] => Ok(Some(self.option_set(true))),
                [Value::Side(Side::Right)] => Ok(Some(self.option_set(false))),
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    fn picture(&self) -> Option<Picture> {
        self.game.picture()
    }

    fn grid_string(&self) -> Option<String> {
        self.game.grid_string()
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let _ = engine;
        Ok(Some(self.option_positions(left)))
    }

    fn is_impartial(&self) -> bool {
        self.game.is_impartial()
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        let mut parts = Vec::new();
        self.game.components(&mut parts);
        let count: u64 = parts.iter().map(|(_, n)| n).sum();
        // Too many copies to list one by one: let the analysis search the sum itself.
        if count > 1_000 {
            return None;
        }
        Some(
            parts
                .into_iter()
                .flat_map(|(part, n)| {
                    (0..n).map(move |_| {
                        Rc::new(PartizanPosition::new(part.clone())) as Rc<dyn Position>
                    })
                })
                .collect(),
        )
    }
}
