//! Partizan rulesets — Hackenbush, Toads and Frogs, Domineering, Cutcake (and the equal-parts
//! cake of the seeds' rectangle-cutting problem), Clobber — behind one small trait, [`Rules`],
//! and one generic solver (`solver`).
//!
//! A ruleset says what the players may do (its moves), how a position falls apart into
//! independent components, and how to name a component compactly (its key, up to the
//! symmetries of the board, possibly "this is the negative of the keyed one"). The solver
//! turns that into canonical values in the engine's arena: each component is solved once per
//! session (a transposition table keyed by the canonical key), options are sums of component
//! values, and the engine builds the canonical form of `{options | options}`.
//!
//! [`function`] is the entry point the evaluator calls for `hackenbush("LLR")`,
//! `toads_frogs("TT__FF")`, `domineering(4, 5)`, `cutcake(3, 8)`, `maundy_cake(6, 4)` and
//! `clobber("xo.ox")`.

mod args;
mod clobber;
mod cutcake;
mod domineering;
mod domineering_small;
pub(crate) mod grid;
mod hackenbush;
mod narrow_map;
mod parallel;
mod position;
mod solver;
mod toads_frogs;

#[cfg(test)]
mod tests;

pub use position::PartizanPosition;
pub use solver::{NarrowKey, Solver};
pub(crate) use solver::{release_tables_of, with_session_table, with_table_of};

use crate::engine::{Engine, EngineResult, GameId};
use crate::value::picture::Picture;
use crate::value::{EvalResult, Value};
use std::fmt;
use std::hash::Hash;
use std::rc::Rc;

/// The rules of a partizan game, seen from one position.
pub trait Rules: Clone + fmt::Debug + Sized + Send + Sync + 'static {
    /// A compact name of a component, equal for positions known to have equal values.
    type Key: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// The positions Left (`left`) or Right can move to, appended to `out`. They are whole
    /// positions of the same board (they paste back through [`Rules::describe`]).
    fn moves(&self, left: bool, out: &mut Vec<Self>);

    /// The independent parts whose sum this position is, each with a multiplicity, appended
    /// to `out`. Parts where nobody can ever move may be dropped. The default is the position
    /// itself.
    fn components(&self, out: &mut Vec<(Self, u64)>) {
        out.push((self.clone(), 1));
    }

    /// The key of a component (a position from [`Rules::components`]) and whether the keyed
    /// representative is the *negative* of this component (a reflection that swaps the
    /// players' roles, e.g. a Domineering board turned a quarter).
    fn key(&self) -> (Self::Key, bool);

    /// The key of a component exactly as it stands, no symmetry applied, for rulesets whose
    /// [`Rules::key`] costs far more than this (a search over the board's images, a colour
    /// refinement of a graph). It must never equal the key of a component of another value:
    /// in the same space as [`Rules::key`]'s, or told apart from it. The solver
    /// looks a component up by it first and, once the component's value is known, remembers
    /// it under this key too: most components recur as they stood before. `None` (the
    /// default) skips that.
    fn literal_key(&self) -> Option<Self::Key> {
        None
    }

    /// The key in 96 bits, when it fits: the solver keeps such keys in a table of 16-byte
    /// entries beside the table of whole keys. Most searches' tables outgrow the processor's
    /// caches, and a whole key of two to five words made an entry 24–48 bytes: twice the
    /// memory or more to fetch at each probe and, as the table doubles, to have the kernel zero.
    /// It must give equal narrow keys only for equal keys, and decide by the key alone (a
    /// key is always looked for where it was stored). `None` (the default) keeps every key
    /// whole.
    fn narrow_key(key: &Self::Key) -> Option<NarrowKey> {
        let _ = key;
        None
    }

    /// The value of a component when a formula gives it without search (blue-red stalks,
    /// green trees, one-player regions); `Ok(None)` to search.
    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        let _ = engine;
        Ok(None)
    }

    /// The value of this position, through the session's table. A ruleset may hand the
    /// search to a faster representation of the same position (Domineering's small boards).
    fn solve(&self, engine: &mut Engine) -> EngineResult<GameId> {
        solver::solve(self, engine)
    }

    /// The position in a form that pastes back (`domineering("../..")`).
    fn describe(&self) -> String;

    /// What the position looks like, for `draw(P)` and the REPL summary.
    fn picture(&self) -> Option<Picture> {
        None
    }

    /// The board as CGSuite's `GridString` (grid rulesets only).
    fn grid_string(&self) -> Option<String> {
        None
    }

    /// True when a cheap test shows that neither player can move here (the value is 0). The
    /// solver answers such positions without its table: they are many of a search's leaves,
    /// and keeping them out keeps the table small. The default says nothing.
    fn is_over(&self) -> bool {
        false
    }

    /// True when both players have the same moves here and in every later position (green
    /// Hackenbush), so that impartial analyses (misère forms, `WinningMoves`) apply.
    fn is_impartial(&self) -> bool {
        false
    }
}

/// A partizan position as a value, or `None` if `key` names no partizan ruleset function.
pub fn function(
    key: &str,
    args: &crate::rulesets::Args,
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    let _ = engine;
    let result = match key {
        "hackenbush" => hackenbush::from_args(args).map(position),
        "toadsfrogs" | "toadsandfrogs" => toads_frogs::from_args(args).map(position),
        "domineering" => domineering::from_args(args).map(position),
        "cutcake" => cutcake::cutcake_from_args(args).map(position),
        "maundycake" => cutcake::maundy_from_args(args).map(position),
        "clobber" => clobber::from_args(args).map(position),
        _ => return None,
    };
    Some(result)
}

/// `game.grid.Domineering("..|..")`, `game.grid.Clobber("xo|ox")` and
/// `game.strip.ToadsAndFrogs("tt..ff")`: CGSuite's names, with the same arguments as the
/// snake_case functions (CGSuite separates rows with `|`, which the board reader accepts).
pub fn cgsuite_board(
    space: &str,
    name: &str,
    args: Option<&crate::rulesets::Args>,
) -> Option<EvalResult<Value>> {
    let function = match (space, name) {
        ("grid", "Domineering") => "domineering",
        ("grid", "Clobber") => "clobber",
        ("strip", "ToadsAndFrogs") => "toads_frogs",
        _ => return None,
    };
    let Some(args) = args else {
        return Some(Err(crate::value::EvalError::new(format!(
            "game.{space}.{name} needs a position: game.{space}.{name}(\"…\"), as {function}(…)"
        ))));
    };
    let result = match function {
        "domineering" => domineering::from_args(args).map(position),
        "clobber" => clobber::from_args(args).map(position),
        _ => toads_frogs::from_args(args).map(position),
    };
    Some(result)
}

/// CGSuite's `game.graph.Hackenbush` on an edge list (colours 1 blue, 2 red, 3 green;
/// vertex 0 the ground): the native Hackenbush, with its tree formulas.
pub fn hackenbush_from_edges(edges: &[(u8, u8, u8)]) -> EvalResult<Value> {
    hackenbush::Hackenbush::from_edges(edges).map(position)
}

fn position<G: Rules>(game: G) -> Value {
    Value::Position(Rc::new(PartizanPosition::new(game)))
}
