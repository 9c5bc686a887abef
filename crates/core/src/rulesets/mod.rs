//! Rulesets and their positions: heap games for the contest toolkit (Nim, subtraction and
//! take-and-break games, ...) and partizan games (Hackenbush, Domineering, ...).
//!
//! A [`Ruleset`] is a value (`kayles`, `subtraction(1,3,4)`); indexing it gives a
//! [`Position`] (`kayles[5]`), a game that remembers how it was built. A position prints as
//! its canonical form, takes part in arithmetic through [`Position::value`], and answers the
//! properties that depend on its form (`Genus`, `Options`, `WinningMoves`, ...) itself.

pub mod analysis;
pub mod board;
#[cfg(test)]
pub mod brute;
pub mod cgsuite;
pub mod contest;
pub mod draws;
pub mod enclosed;
pub mod functional;
pub mod game_variant;
pub mod graph;
pub mod heap;
pub mod impartial;
pub mod loopy;
pub mod partizan;
pub mod turning;
pub mod variant;
pub mod wythoff;

pub use crate::value::{Callable, Position, Ruleset};

use crate::engine::Engine;
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;

/// Canonical spelling of a user-visible name for lookup (methods, functions, rulesets): lower
/// case, no underscores, so `NimValue`, `nim_value` and `nimvalue` are one name.
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The check of a position method that takes no arguments.
pub(crate) fn no_args(name: &str, args: &[Value]) -> EvalResult<()> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(EvalError::new(format!("{name} takes no arguments")))
    }
}

/// Positions as trait objects (for [`Position::options`]).
pub fn dyn_positions<P: Position + 'static>(positions: Vec<P>) -> Vec<Rc<dyn Position>> {
    positions
        .into_iter()
        .map(|p| Rc::new(p) as Rc<dyn Position>)
        .collect()
}

/// Positions as a list value (for `Options`, `LeftOptions`, ...).
pub fn position_list<P: Position + 'static>(positions: Vec<P>) -> Value {
    Value::List(
        positions
            .into_iter()
            .map(|p| Value::Position(Rc::new(p)))
            .collect(),
    )
}

/// A ruleset named by a constant (`kayles`, `dawson`, `grundy_game`, `nim`), if `name` is one.
pub fn constant(name: &str) -> Option<Value> {
    heap::constant(name)
}

/// The names [`constant`] accepts, as users type them.
pub fn constant_names() -> impl Iterator<Item = &'static str> {
    heap::CONSTANTS.iter().map(|&(name, _)| name)
}

/// A sequence of nim values as a value: a compact [`Value::Sequence`] of 2 or 4 bytes per
/// heap, never one value per heap (`nim_values(kayles, 10^7)` would take gigabytes as a
/// list). Values that need 32 bits keep `values`' buffer; narrowing them to 16 bits takes
/// a half-size copy for a moment, checked against the memory ceiling first.
pub fn nim_value_list(values: Vec<u32>, engine: &Engine) -> EvalResult<Value> {
    engine.check_memory_for(std::mem::size_of_val(values.as_slice()) / 2)?;
    engine.check_interrupt()?;
    Ok(Value::Sequence(Rc::new(
        crate::value::NimSequence::from_vec(values),
    )))
}

/// The nim values of heaps 1..=n (CGSuite's `NimValueSequence`) from those of heaps 0..=n,
/// in place.
pub fn without_heap_zero(mut values: Vec<u32>) -> Vec<u32> {
    if !values.is_empty() {
        values.remove(0);
    }
    values
}

/// Arguments of a call: positional ones in order, then named ones (`allbut => true`).
#[derive(Clone, Debug, Default)]
pub struct Args {
    pub positional: Vec<Value>,
    pub named: Vec<(String, Value)>,
}

/// A ruleset or position built by a function (`subtraction(1,3,4)`, `octal("0.77")`,
/// `toads_frogs("TT__FF")`), by key (lower case, no underscores); `None` if `key` names no
/// such function.
pub fn function(key: &str, args: &Args, engine: &mut Engine) -> Option<EvalResult<Value>> {
    functional::function(key, args, engine)
        .or_else(|| heap::function(key, args, engine))
        .or_else(|| contest::function(key, args, engine))
        .or_else(|| partizan::function(key, args, engine))
        .or_else(|| graph::function(key, args))
        .or_else(|| draws::function(key, args, engine))
}

/// CGSuite's `game.grid.X`, `game.strip.X` and `game.graph.X` rulesets, alone (a ruleset
/// object) or applied (`game.grid.Clobber("xo|ox")`); `None` if there is no such ruleset.
pub fn cgsuite_board(space: &str, name: &str, args: Option<&Args>) -> Option<EvalResult<Value>> {
    cgsuite::board(space, name, args)
}

/// CGSuite's helper objects `Graph.X`, `Grid.X` and `Coordinates.X` (the arguments of the
/// board rulesets); `None` if `root.name` is none of them.
pub fn cgsuite_helper(root: &str, name: &str, args: Option<&Args>) -> Option<EvalResult<Value>> {
    cgsuite::helper(root, name, args)
}

/// CGSuite's `game.heap.X` (args `None`) and `game.heap.X(args)` names.
pub fn cgsuite_heap(
    name: &str,
    args: Option<&Args>,
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    functional::cgsuite_heap(name, args, engine)
        .or_else(|| heap::cgsuite_heap(name, args, engine))
        .or_else(|| wythoff::cgsuite_heap(name, args))
}
