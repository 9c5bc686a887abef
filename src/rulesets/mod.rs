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

use crate::engine::{Engine, EngineResult, GameId};
use crate::value::{EvalError, EvalResult, Value};
use std::fmt;
use std::rc::Rc;

/// Canonical spelling of a user-visible name for lookup (methods, functions, rulesets): lower
/// case, no underscores, so `NimValue`, `nim_value` and `nimvalue` are one name.
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// A function value written by the user (a CGScript lambda such as `n -> [[n - 1]]`).
///
/// The evaluator implements it; rulesets built from functions (`HeapRuleset(f)`, ...) call
/// through it without knowing anything of the evaluator above them.
pub trait Callable: fmt::Debug {
    /// Call with positional arguments. Errors inside the body come back as values.
    fn call(&self, args: Vec<Value>, engine: &mut Engine) -> EvalResult<Value>;

    /// How many parameters it takes (without defaults: the required count is not checked
    /// here; a wrong count is the call's error).
    fn arity(&self) -> usize;

    /// Its source form, as CGSuite prints functions (`n -> n + 1`).
    fn render(&self) -> String;

    /// For the evaluator, which calls its own functions directly.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A ruleset value.
pub trait Ruleset: fmt::Debug {
    /// How the ruleset prints and reads back (`kayles`, `subtraction(1,3,4)`).
    fn name(&self) -> String;

    /// The position `R[args]` (also `R(args)`).
    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value>;

    /// A method of the ruleset (`NimValueSequence`, `CheckPeriodicity`, ...), looked up by its
    /// key (lower case, no underscores); `Ok(None)` if it has no such method. Named arguments
    /// (`twisted => true`) arrive after the positional ones, in the order written.
    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>>;

    /// Extra lines for the REPL summary (the start of the nim sequence, the period).
    fn summary(&self, engine: &mut Engine) -> Option<String> {
        let _ = engine;
        None
    }

    /// Told the name a ruleset value is assigned to (`R := HeapRuleset(f)`), so rulesets built
    /// from functions can print their positions as `R(5)`. Only the first name counts.
    fn assigned(&self, name: &str) {
        let _ = name;
    }

    /// For constructors that take rulesets of their own family (`PartizanHeapRuleset(RL, RR)`).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

/// The check of a position method that takes no arguments.
pub(crate) fn no_args(name: &str, args: &[Value]) -> EvalResult<()> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(EvalError::new(format!("{name} takes no arguments")))
    }
}

/// A position of a ruleset.
pub trait Position: fmt::Debug {
    /// How the position was built, in a form that pastes back (`kayles[5]`, `nim[1,4,5]`).
    fn describe(&self) -> String;

    /// Its value: a canonical game in the engine's arena.
    fn value(&self, engine: &mut Engine) -> EngineResult<GameId>;

    /// The value of a position of a loopy ruleset (a loopy game, or a short one); `None` for
    /// the other rulesets, whose value is [`Position::value`]. Printing uses it.
    fn loopy_value(
        &self,
        engine: &mut Engine,
    ) -> Option<EngineResult<crate::engine::loopy::LoopyResult>> {
        let _ = engine;
        None
    }

    /// The key generic analyses memoise the position under: equal keys must mean equal games.
    /// The description, unless two rulesets can print alike (user rulesets named `ruleset`).
    fn memo_key(&self) -> String {
        self.describe()
    }

    /// For rulesets that read positions back (a user's option function returning `R(q)`).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }

    /// The board as CGSuite's `GridString`, for grid positions.
    fn grid_string(&self) -> Option<String> {
        None
    }

    /// The position with its ruleset, if it is a CGSuite board or graph position.
    fn as_enclosed(&self) -> Option<&enclosed::EnclosedPosition> {
        None
    }

    /// A property that depends on the position's form (`Genus`, `MisereNimValue`, `Options`,
    /// `WinningMoves`, ...), by key; `Ok(None)` to fall back to the value's properties.
    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>>;

    /// A small drawing for the REPL summary (grids), if the ruleset has one.
    fn drawing(&self) -> Option<String> {
        None
    }

    /// The positions one move away, for Left (`left`) or Right; `Ok(None)` if the ruleset does
    /// not enumerate them. Generic analyses (misère play, winning moves) work through this.
    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let _ = (left, engine);
        Ok(None)
    }

    /// The positions one move away for listing them (`Options`, `Followers`): the same as
    /// [`Position::options`], except that loopy rulesets, which withhold `options` from the
    /// analyses that recurse, list theirs here.
    fn moves(&self, left: bool, engine: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        self.options(left, engine)
    }

    /// True when both players always have the same options.
    fn is_impartial(&self) -> bool {
        false
    }

    /// The independent parts of a position that is a sum (`kayles[3,5]` is `kayles[3]` +
    /// `kayles[5]`), or `None`. Misère analyses add the parts' canonical forms instead of
    /// searching every position of the whole sum.
    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        None
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
