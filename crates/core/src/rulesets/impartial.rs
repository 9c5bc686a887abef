//! Impartial rulesets searched by nim value (Arc Kayles, Cram): both players have the same
//! moves, so a position's value is the nimber `*g` with g the minimum excluded value of its
//! options' nim values, and a sum's nim value is the xor of its components'.
//!
//! [`ImpartialRules`] says what a position's moves and independent components are and how to
//! name a component compactly (its shape up to symmetry); [`NimSolver`] remembers nim values by
//! key, one table per ruleset for the session (like the partizan solver's), so every shape is
//! searched once. [`ImpartialPosition`] makes a position a value of the calculator.

use super::Position;
use crate::engine::{Engine, EngineResult, GameId, progress};
use crate::value::picture::Picture;
use crate::value::{EvalError, EvalResult, Value};
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::Hash;
use std::rc::Rc;

/// The rules of an impartial game, seen from one position.
pub trait ImpartialRules: Clone + fmt::Debug + Sized + 'static {
    /// A compact name of a component, equal only for positions with equal nim values.
    type Key: Clone + Eq + Hash + fmt::Debug + 'static;

    /// The positions one move away, appended to `out` (whole positions of the same board).
    fn moves(&self, out: &mut Vec<Self>);

    /// The independent parts whose sum this position is, appended to `out` (parts without
    /// moves may be dropped). The default is the position itself.
    fn components(&self, out: &mut Vec<Self>) {
        out.push(self.clone());
    }

    /// The key of a component (a position from [`ImpartialRules::components`]).
    fn key(&self) -> Self::Key;

    /// The position in a form that pastes back.
    fn describe(&self) -> String;

    /// What the position looks like, for `draw(P)` and the REPL summary.
    fn picture(&self) -> Option<Picture> {
        None
    }
}

/// A table of nim values for one ruleset, and the search that fills it.
pub struct NimSolver<G: ImpartialRules> {
    table: FxHashMap<G::Key, u32>,
}

impl<G: ImpartialRules> Default for NimSolver<G> {
    fn default() -> Self {
        NimSolver {
            table: FxHashMap::default(),
        }
    }
}

impl<G: ImpartialRules> NimSolver<G> {
    /// The nim value of a position: the xor of its components' values.
    pub fn nim_value(&mut self, position: &G, engine: &Engine) -> EngineResult<u32> {
        let mut parts = Vec::new();
        position.components(&mut parts);
        let mut total = 0;
        for part in &parts {
            total ^= self.component_value(part, engine)?;
        }
        Ok(total)
    }

    fn component_value(&mut self, part: &G, engine: &Engine) -> EngineResult<u32> {
        let key = part.key();
        if let Some(&v) = self.table.get(&key) {
            return Ok(v);
        }
        engine.check_interrupt()?;
        let mut moves = Vec::new();
        part.moves(&mut moves);
        let mut seen = Vec::with_capacity(moves.len());
        for m in &moves {
            seen.push(self.nim_value(m, engine)?);
        }
        let value = mex(&mut seen);
        self.table.insert(key, value);
        if self.table.len().is_multiple_of(1 << 12) {
            progress::report(self.table.len() as u64, "positions solved");
            if self.table.len().is_multiple_of(1 << 16) {
                engine.check_memory()?;
            }
        }
        Ok(value)
    }
}

/// The least natural number not in `values` (which it sorts).
pub fn mex(values: &mut [u32]) -> u32 {
    values.sort_unstable();
    let mut m = 0;
    for &v in values.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// The nim value of a position, through the session's table for its ruleset.
pub fn nim_value<G: ImpartialRules>(position: &G, engine: &Engine) -> EngineResult<u32> {
    super::partizan::with_session_table(engine, |solver: &mut NimSolver<G>| {
        solver.nim_value(position, engine)
    })
}

/// An impartial position as a value: it prints as its nimber, pastes back, and lists its
/// options as positions.
#[derive(Debug)]
pub struct ImpartialPosition<G: ImpartialRules> {
    game: G,
}

impl<G: ImpartialRules> ImpartialPosition<G> {
    pub fn new(game: G) -> Self {
        ImpartialPosition { game }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    fn option_positions(&self) -> Vec<Rc<dyn Position>> {
        let mut moves = Vec::new();
        self.game.moves(&mut moves);
        let mut seen = std::collections::HashSet::new();
        moves
            .into_iter()
            .filter(|m| seen.insert(m.describe()))
            .map(|m| Rc::new(ImpartialPosition::new(m)) as Rc<dyn Position>)
            .collect()
    }
}

impl<G: ImpartialRules> Position for ImpartialPosition<G> {
    fn describe(&self) -> String {
        self.game.describe()
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        let g = nim_value(&self.game, engine)?;
        Ok(engine.nimber(u64::from(g)))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let list = |positions: Vec<Rc<dyn Position>>| {
            Value::List(positions.into_iter().map(Value::Position).collect())
        };
        match key {
            "leftoptions" | "rightoptions" | "options" => {
                if !args.is_empty() && key != "options" {
                    return Err(EvalError::new("Options take no arguments here"));
                }
                Ok(Some(list(self.option_positions())))
            }
            "nimvalue" if args.is_empty() => {
                let g = nim_value(&self.game, engine)?;
                Ok(Some(Value::integer(g)))
            }
            _ => Ok(None),
        }
    }

    fn picture(&self) -> Option<Picture> {
        self.game.picture()
    }

    fn options(
        &self,
        _left: bool,
        _engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        Ok(Some(self.option_positions()))
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        let mut parts = Vec::new();
        self.game.components(&mut parts);
        Some(
            parts
                .into_iter()
                .map(|p| Rc::new(ImpartialPosition::new(p)) as Rc<dyn Position>)
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_skips_repeats_and_gaps() {
        assert_eq!(mex(&mut []), 0);
        assert_eq!(mex(&mut [1, 2]), 0);
        assert_eq!(mex(&mut [2, 0, 1, 1, 4]), 3);
    }
}
