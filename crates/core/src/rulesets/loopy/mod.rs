//! Loopy rulesets: rulesets whose positions can come back (Fox and Geese, Backsliding Toads
//! and Frogs). A ruleset supplies positions and moves through [`LoopyRules`]; [`solver`]
//! builds the graph of every position reachable, cut into levels by the ruleset's
//! `DepthHint`, and hands it to the loopy engine (`engine::loopy`), which simplifies it to a
//! canonical stopper or to a sided value `onside & offside` (theory/loopy.md §5).
//!
//! `CanonicalForm` is CGSuite's: an error as soon as the search meets a cycle, or when the
//! value is not a short game; `GameValue` is the loopy value (a short game when it is one).

pub mod fox_geese;
pub mod solver;
#[cfg(test)]
mod tests;

pub use fox_geese::{FoxAndGeese, FoxParams};
pub use solver::{Search, Solved};

use crate::engine::loopy::LoopyResult;
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use crate::rulesets::{Position, no_args};
use crate::value::picture::Picture;
use crate::value::{EvalError, EvalResult, Side, Value};
use std::cell::RefCell;
use std::fmt;
use std::hash::Hash;
use std::rc::Rc;

/// CGSuite's error for `CanonicalForm` on a position whose search meets a cycle.
pub const NOT_SHORT: &str = "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.";

/// A position whose value is fixed by the rules without search (Fox and Geese: the fox has
/// escaped past every goose, so the position is `off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    On,
    Off,
}

/// The rules of a loopy partizan game, seen from one position.
pub trait LoopyRules: Clone + fmt::Debug + Sized + 'static {
    /// Equal keys mean the same position (the search's node identity).
    type Key: Clone + Eq + Hash + fmt::Debug + 'static;

    fn key(&self) -> Self::Key;

    /// The positions Left (`left`) or Right can move to, in the ruleset's order, appended to
    /// `out`.
    fn moves(&self, left: bool, out: &mut Vec<Self>);

    /// CGSuite's `DepthHint`: a number no move increases. Positions of equal hint joined by
    /// moves form one level of the search; a move to a lower hint leaves the level, and its
    /// value is computed first, on its own.
    fn depth_hint(&self) -> u64 {
        0
    }

    /// The value when the rules fix it without search.
    fn settled(&self) -> Option<Settled> {
        None
    }

    /// The position in a form that pastes back.
    fn describe(&self) -> String;

    /// What the position looks like, for `draw(P)` and the REPL summary.
    fn picture(&self) -> Option<Picture> {
        None
    }
}

/// A position of a loopy ruleset as a value. Its search result is kept: printing, `GameValue`
/// and `CanonicalForm` all ask for it.
pub struct LoopyPosition<G: LoopyRules> {
    game: G,
    solved: RefCell<Option<Solved>>,
}

impl<G: LoopyRules> fmt::Debug for LoopyPosition<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoopyPosition")
            .field("game", &self.game)
            .finish()
    }
}

impl<G: LoopyRules> LoopyPosition<G> {
    pub fn new(game: G) -> Self {
        LoopyPosition {
            game,
            solved: RefCell::new(None),
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The loopy value and whether the search met a cycle (computed once).
    pub fn solve(&self, engine: &mut Engine) -> EngineResult<Solved> {
        if let Some(s) = self.solved.borrow().as_ref() {
            return Ok(s.clone());
        }
        let solved = Search::new().solve(&self.game, engine)?;
        *self.solved.borrow_mut() = Some(solved.clone());
        Ok(solved)
    }

    /// The short value, or CGSuite's error when the position is not a short game.
    fn short_value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        match self.solve(engine)? {
            Solved {
                value: LoopyResult::Short(g),
                cyclic: false,
            } => Ok(g),
            _ => Err(EngineError::InvalidArgument(NOT_SHORT.into())),
        }
    }

    fn option_list(&self, left: bool) -> Value {
        Value::List(
            self.option_positions(left)
                .into_iter()
                .map(Value::Position)
                .collect(),
        )
    }

    /// The distinct positions one move away for one player, in the rules' order.
    fn option_positions(&self, left: bool) -> Vec<Rc<dyn Position>> {
        let mut moves = Vec::new();
        self.game.moves(left, &mut moves);
        let mut seen = std::collections::HashSet::new();
        moves
            .into_iter()
            .filter(|m| seen.insert(m.key()))
            .map(|m| Rc::new(LoopyPosition::new(m)) as Rc<dyn Position>)
            .collect()
    }
}

/// A loopy result as a value.
pub(crate) fn result_value(r: LoopyResult) -> Value {
    match r {
        LoopyResult::Short(g) => Value::Game(g),
        LoopyResult::Loopy(l) => Value::Loopy(Rc::new(l)),
    }
}

impl<G: LoopyRules> Position for LoopyPosition<G> {
    fn describe(&self) -> String {
        self.game.describe()
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        self.short_value(engine)
    }

    fn loopy_value(&self, engine: &mut Engine) -> Option<EngineResult<LoopyResult>> {
        Some(self.solve(engine).map(|s| s.value))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match key {
            "gamevalue" => {
                no_args("GameValue", args)?;
                Ok(Some(result_value(self.solve(engine)?.value)))
            }
            "canonicalform" => {
                no_args("CanonicalForm", args)?;
                Ok(Some(Value::Game(self.short_value(engine)?)))
            }
            // CGSuite's `Decomposition`: `[off]` (or `[on]`) when the rules settle the
            // value (a Fox and Geese fox that has escaped), else the position itself.
            "decomposition" => {
                no_args("Decomposition", args)?;
                let part = match self.game.settled() {
                    Some(s) => result_value(solver::settled_value(s, engine)?),
                    None => Value::Position(Rc::new(LoopyPosition::new(self.game.clone()))),
                };
                Ok(Some(Value::List(vec![part])))
            }
            "depthhint" => {
                no_args("DepthHint", args)?;
                Ok(Some(Value::integer(self.game.depth_hint() as i64)))
            }
            "leftoptions" => {
                no_args("LeftOptions", args)?;
                Ok(Some(self.option_list(true)))
            }
            "rightoptions" => {
                no_args("RightOptions", args)?;
                Ok(Some(self.option_list(false)))
            }
            "options" => match args {
                [Value::Side(Side::Left)] => Ok(Some(self.option_list(true))),
                [Value::Side(Side::Right)] => Ok(Some(self.option_list(false))),
                [] => {
                    let (Value::List(mut all), Value::List(right)) =
                        (self.option_list(true), self.option_list(false))
                    else {
                        return Ok(None);
                    };
                    all.extend(right);
                    Ok(Some(Value::List(all)))
                }
                _ => Err(EvalError::new(
                    "Options takes at most one argument, Left or Right",
                )),
            },
            _ => Ok(None),
        }
    }

    fn picture(&self) -> Option<Picture> {
        self.game.picture()
    }

    // No `options`: generic analyses (misère play, winning moves) search by recursion and
    // would never end on a cycle. `Followers` keeps a set of the positions seen, so it may.
    // A position the rules settle (a fox that has escaped) is a leaf, as in the solver: its
    // value is fixed, and its moves would go on without end (the board has no far edge).
    fn moves(&self, left: bool, _: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        if self.game.settled().is_some() {
            return Ok(Some(Vec::new()));
        }
        Ok(Some(self.option_positions(left)))
    }
}
