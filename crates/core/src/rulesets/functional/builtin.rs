//! Built-in rulesets in the combinators of the rulesets built from functions: a built-in heap
//! ruleset (`game.heap.Kayles`) joined or multiplied with another (`Join`, `PartizanJoin`,
//! `AcrosticProduct`, `DirectProduct`), built-in coordinate rulesets (`Wythoff`, `Mem`,
//! `TakeAway(r)`) adjoined (`Adjoin`), and the value tables of every coordinate ruleset
//! (`NimValueTable`, `GameValueTable`) and the value sequences of partizan heap rulesets.
//!
//! A built-in coordinate ruleset takes part as the function-built ruleset with the same
//! moves: `Wythoff` is `GenWythoff(k -> k + 1)`, `Mem` is `GenMem((k, a) -> a >= k)` and
//! `TakeAway(r)` is `GenMem((k, a) -> a <= r * k)`, their functions native.

use super::game::{HeapSource, Rules, UserGame};
use super::position::{UserRuleset, table};
use crate::engine::Engine;
use crate::rulesets::heap::HeapGame;
use crate::rulesets::heap::memory::MemRules;
use crate::rulesets::{Callable, Ruleset};
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::rc::Rc;

/// `Join`, `PartizanJoin`, `AcrosticProduct`, `DirectProduct` of a built-in heap ruleset:
/// the same methods of the function-built ruleset with its moves. `Ok(None)` for other keys.
pub fn heap_method(
    game: &Rc<HeapGame>,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if !matches!(
        key,
        "join" | "partizanjoin" | "acrosticproduct" | "directproduct"
    ) {
        return Ok(None);
    }
    let rules = Rules::Heap(HeapSource::Builtin(game.clone()));
    UserRuleset {
        game: UserGame::new("game.heap.HeapRuleset", rules),
    }
    .method(key, args, engine)
}

/// The moves of a built-in coordinate ruleset, as a function-built one.
#[derive(Clone, Copy, Debug)]
pub enum CoordinateRules {
    /// `GenWythoff(k -> k + 1)`.
    Wythoff,
    /// `GenMem` with the rule of `Mem` or `TakeAway(r)`.
    Memory(MemRulesCopy),
}

/// [`MemRules`] as a `Copy` value (the native function keeps it).
#[derive(Clone, Copy, Debug)]
pub enum MemRulesCopy {
    AtLeast,
    AtMost { num: u64, den: u64 },
}

impl From<&MemRules> for MemRulesCopy {
    fn from(rules: &MemRules) -> Self {
        match *rules {
            MemRules::Mem => MemRulesCopy::AtLeast,
            MemRules::TakeAway { num, den } => MemRulesCopy::AtMost { num, den },
        }
    }
}

/// The native function behind a built-in coordinate ruleset.
#[derive(Debug)]
struct NativeRule(CoordinateRules);

fn natural_arg(v: &Value) -> EvalResult<BigInt> {
    match v {
        Value::Number(r) if r.is_integer() => Ok(r.numer().clone()),
        _ => Err(EvalError::new("expected an integer")),
    }
}

impl Callable for NativeRule {
    fn call(&self, args: Vec<Value>, _engine: &mut Engine) -> EvalResult<Value> {
        match (self.0, &args[..]) {
            (CoordinateRules::Wythoff, [k]) => Ok(Value::integer(natural_arg(k)? + 1)),
            (CoordinateRules::Memory(rule), [k, a]) => {
                let (k, a) = (natural_arg(k)?, natural_arg(a)?);
                Ok(Value::Bool(match rule {
                    MemRulesCopy::AtLeast => a >= k,
                    MemRulesCopy::AtMost { num, den } => a * den <= k * num,
                }))
            }
            _ => Err(EvalError::new(format!(
                "{} takes {} arguments",
                self.render(),
                self.arity()
            ))),
        }
    }

    fn arity(&self) -> usize {
        match self.0 {
            CoordinateRules::Wythoff => 1,
            CoordinateRules::Memory(_) => 2,
        }
    }

    fn render(&self) -> String {
        match self.0 {
            CoordinateRules::Wythoff => "k -> k + 1".into(),
            CoordinateRules::Memory(MemRulesCopy::AtLeast) => "(k, a) -> a >= k".into(),
            CoordinateRules::Memory(MemRulesCopy::AtMost { num, den: 1 }) => {
                format!("(k, a) -> a <= {num} * k")
            }
            CoordinateRules::Memory(MemRulesCopy::AtMost { num, den }) => {
                format!("(k, a) -> a <= {num}/{den} * k")
            }
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The function-built ruleset with the moves of a built-in coordinate ruleset.
pub fn coordinate_game(rules: CoordinateRules) -> Rc<UserGame> {
    let f: Rc<dyn Callable> = Rc::new(NativeRule(rules));
    match rules {
        CoordinateRules::Wythoff => UserGame::new("game.heap.GenWythoff", Rules::GenWythoff(f)),
        CoordinateRules::Memory(_) => UserGame::new("game.heap.GenMem", Rules::GenMem(f)),
    }
}

/// `Adjoin` of a built-in coordinate ruleset (through its function-built twin); `Ok(None)`
/// for other keys.
pub fn coordinate_method(
    rules: CoordinateRules,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if key != "adjoin" {
        return Ok(None);
    }
    UserRuleset {
        game: coordinate_game(rules),
    }
    .method(key, args, engine)
}

/// `NimValueTable(r, c)` (rows 0..r, columns 0..c) and `GameValueTable(r, c)` (rows 1..r,
/// columns 1..c) of a coordinate ruleset, from its positions `R((m, n))`; and
/// `GameValueSequence(n)` (heaps 1..n) of a partizan heap ruleset. `Ok(None)` for other keys.
pub fn value_tables(
    ruleset: &dyn Ruleset,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    let natural = |v: &Value, what: &str| -> EvalResult<u64> {
        match v {
            Value::Number(r) if r.is_integer() => r
                .numer()
                .to_u64()
                .ok_or_else(|| EvalError::new(format!("{what} must be a natural number"))),
            _ => Err(EvalError::new(format!("{what} must be a natural number"))),
        }
    };
    let value_of = |args: Vec<Value>, engine: &mut Engine| -> EvalResult<crate::engine::GameId> {
        match ruleset.position(&args, engine)? {
            Value::Position(p) => Ok(p.value(engine)?),
            _ => Err(EvalError::new("expected a position")),
        }
    };
    match key {
        "nimvaluetable" | "gamevaluetable" => {
            let [r, c] = args else {
                return Err(EvalError::new(format!(
                    "{key} takes two arguments (rows, columns)"
                )));
            };
            let (r, c) = (
                natural(r, "the row count")?,
                natural(c, "the column count")?,
            );
            let first = if key == "nimvaluetable" { 0 } else { 1 };
            let mut printer = crate::display::notation::Printer::new();
            let mut rows = Vec::new();
            for m in first..=r {
                let mut row = Vec::new();
                for n in first..=c {
                    engine.check_interrupt()?;
                    let pair = Value::Tuple(vec![
                        Value::integer(BigInt::from(m)),
                        Value::integer(BigInt::from(n)),
                    ]);
                    let g = value_of(vec![pair], engine)?;
                    let cell = if key == "nimvaluetable" {
                        match engine.as_nus(g).filter(|n| n.is_nimber()) {
                            Some(n) => n.nim.to_string(),
                            None => {
                                return Err(EvalError::new(format!(
                                    "NimValueTable needs an impartial ruleset; ({m},{n}) is not a nimber"
                                )));
                            }
                        }
                    } else {
                        printer.render_game(engine, g)?
                    };
                    row.push(cell);
                }
                rows.push(row);
            }
            Ok(Some(table(rows)))
        }
        "gamevaluesequence" => {
            let [n] = args else {
                return Err(EvalError::new(
                    "GameValueSequence takes one argument (the largest heap)",
                ));
            };
            let n = natural(n, "the largest heap")?;
            let mut out = Vec::new();
            for h in 1..=n {
                engine.check_interrupt()?;
                out.push(Value::Game(value_of(
                    vec![Value::integer(BigInt::from(h))],
                    engine,
                )?));
            }
            Ok(Some(Value::List(out)))
        }
        _ => Ok(None),
    }
}
