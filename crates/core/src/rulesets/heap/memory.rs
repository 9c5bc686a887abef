//! Games with a memory of the last move (rulesets.md §5.1): `Mem`, `TakeAway(r)` and
//! `FibonacciNim` (= `TakeAway(2)`). A position (n, k) has n tokens, the previous move having
//! taken k; a move takes a tokens (1 ≤ a ≤ n) when the rule allows it after k, and leads to
//! (n − a, a).
//!
//! Values: for TakeAway the allowed a form a prefix 1 ≤ a ≤ ⌊r·k⌋, for Mem a suffix a ≥ k, so
//! g(n, k) is a prefix (suffix) mex of the row n. Each row is stored as the points where that
//! running mex changes, and rows are computed in order of n.

use super::args::{self, integer_value};
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use crate::rulesets::{Position, Ruleset};
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::cell::RefCell;
use std::rc::Rc;

/// Rows computed at most (each costs O(n)).
const MAX_TOKENS: u64 = 200_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemRules {
    /// a ≥ k.
    Mem,
    /// a ≤ (num/den)·k.
    TakeAway { num: u64, den: u64 },
}

impl MemRules {
    pub fn take_away_int(r: u64) -> MemRules {
        MemRules::TakeAway { num: r, den: 1 }
    }

    /// `TakeAway(r)` for a positive rational r (numerator and denominator within u64).
    pub fn take_away(r: &BigRational) -> Option<MemRules> {
        Some(MemRules::TakeAway {
            num: r.numer().to_u64()?,
            den: r.denom().to_u64()?,
        })
    }

    fn allows(&self, k: u64, a: u64) -> bool {
        match *self {
            MemRules::Mem => a >= k,
            MemRules::TakeAway { num, den } => {
                u128::from(a) * u128::from(den) <= u128::from(num) * u128::from(k)
            }
        }
    }

    /// The largest a allowed after k (TakeAway), as a u64 bound.
    fn prefix_limit(num: u64, den: u64, k: u64) -> u64 {
        let l = u128::from(num) * u128::from(k) / u128::from(den);
        u64::try_from(l).unwrap_or(u64::MAX)
    }
}

/// Rows of running mexes, computed in order.
#[derive(Debug, Default)]
struct Table {
    /// rows[n]: (a, mex) where the running mex becomes `mex` once a is included (TakeAway:
    /// a = 1, 2, … ascending; Mem: a = n, n − 1, … descending).
    rows: Vec<Vec<(u64, u32)>>,
}

#[derive(Debug)]
pub struct MemGame {
    rules: MemRules,
    table: RefCell<Table>,
}

impl MemGame {
    fn lookup(&self, table: &Table, n: u64, k: u64) -> u32 {
        let row = &table.rows[n as usize];
        match self.rules {
            MemRules::TakeAway { num, den } => {
                let limit = MemRules::prefix_limit(num, den, k).min(n);
                // The last change at a ≤ limit.
                let i = row.partition_point(|&(a, _)| a <= limit);
                if i == 0 { 0 } else { row[i - 1].1 }
            }
            MemRules::Mem => {
                let from = k.max(1);
                // Changes are listed with a descending: the last one with a ≥ from.
                let i = row.partition_point(|&(a, _)| a >= from);
                if i == 0 { 0 } else { row[i - 1].1 }
            }
        }
    }

    /// g(n, k).
    pub fn nim_value(&self, n: u64, k: u64, engine: &Engine) -> EngineResult<u32> {
        if n > MAX_TOKENS {
            return Err(EngineError::TooMany {
                what: "tokens for this memory game",
                limit: MAX_TOKENS,
            });
        }
        let mut table = self.table.borrow_mut();
        while table.rows.len() as u64 <= n {
            let m = table.rows.len() as u64;
            if m.is_multiple_of(256) {
                engine.check_interrupt()?;
            }
            let values: Vec<u32> = (1..=m).map(|a| self.lookup(&table, m - a, a)).collect();
            let order: Box<dyn Iterator<Item = u64>> = match self.rules {
                MemRules::TakeAway { .. } => Box::new(1..=m),
                MemRules::Mem => Box::new((1..=m).rev()),
            };
            let mut seen = vec![false; m as usize + 2];
            let mut mex = 0u32;
            let mut row = Vec::new();
            for a in order {
                let v = values[(a - 1) as usize] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
                let before = mex;
                while seen.get(mex as usize).copied().unwrap_or(false) {
                    mex += 1;
                }
                if mex != before {
                    row.push((a, mex));
                }
            }
            table.rows.push(row);
        }
        Ok(self.lookup(&table, n, k))
    }

    /// The options of (n, k), a ascending.
    fn options(&self, n: u64, k: u64) -> Vec<(u64, u64)> {
        (1..=n)
            .filter(|&a| self.rules.allows(k, a))
            .map(|a| (n - a, a))
            .collect()
    }
}

/// `game.heap.Mem`, `game.heap.TakeAway(r)`, `game.heap.FibonacciNim`.
#[derive(Debug)]
pub struct MemRuleset {
    name: Rc<str>,
    game: Rc<MemGame>,
}

impl MemRuleset {
    pub fn value(name: &str, rules: MemRules) -> Value {
        Value::Ruleset(Rc::new(MemRuleset {
            name: name.into(),
            game: Rc::new(MemGame {
                rules,
                table: RefCell::new(Table::default()),
            }),
        }))
    }
}

/// Pairs from `R((a,b), (c,d))` or `R(a, b)`.
pub fn pairs(args: &[Value], name: &str) -> EvalResult<Vec<(u64, u64)>> {
    let pair = |items: &[Value]| -> EvalResult<(u64, u64)> {
        match items {
            [a, b] => Ok((
                args::natural(a, "a coordinate")?,
                args::natural(b, "a coordinate")?,
            )),
            _ => Err(EvalError::new(format!(
                "{name} positions are pairs, as in {name}((10,3))"
            ))),
        }
    };
    if args.len() == 2 && args.iter().all(|a| matches!(a, Value::Number(_))) {
        return Ok(vec![pair(args)?]);
    }
    if args.is_empty() {
        return Err(EvalError::new(format!(
            "{name} positions are pairs, as in {name}((10,3))"
        )));
    }
    args.iter()
        .map(|a| match a {
            Value::Tuple(items) | Value::List(items) => pair(items),
            _ => Err(EvalError::new(format!(
                "{name} positions are pairs, as in {name}((10,3))"
            ))),
        })
        .collect()
}

pub fn describe_pairs(name: &str, pairs: &[(u64, u64)]) -> String {
    format!(
        "{name}[{}]",
        pairs
            .iter()
            .map(|(a, b)| format!("({a},{b})"))
            .collect::<Vec<_>>()
            .join(",")
    )
}

impl Ruleset for MemRuleset {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
        let _ = engine;
        Ok(Value::Position(Rc::new(MemPosition {
            name: self.name.clone(),
            game: self.game.clone(),
            pairs: pairs(args, &self.name)?,
        })))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        use crate::rulesets::functional::builtin;
        if key == "adjoin" {
            return builtin::coordinate_method(self.coordinate_rules(), key, args, engine);
        }
        builtin::value_tables(self, key, args, engine)
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

impl MemRuleset {
    /// The moves as a function-built `GenMem` has them (for `Adjoin`).
    pub fn coordinate_rules(&self) -> crate::rulesets::functional::builtin::CoordinateRules {
        crate::rulesets::functional::builtin::CoordinateRules::Memory((&self.game.rules).into())
    }
}

/// A sum of (tokens, last move) pairs.
#[derive(Debug)]
pub struct MemPosition {
    name: Rc<str>,
    game: Rc<MemGame>,
    pairs: Vec<(u64, u64)>,
}

impl MemPosition {
    fn nim_value(&self, engine: &Engine) -> EngineResult<u64> {
        let mut x = 0;
        for &(n, k) in &self.pairs {
            x ^= u64::from(self.game.nim_value(n, k, engine)?);
        }
        Ok(x)
    }

    fn option_positions(&self) -> EngineResult<Vec<MemPosition>> {
        let mut out = Vec::new();
        for (i, &(n, k)) in self.pairs.iter().enumerate() {
            if n > MAX_TOKENS {
                return Err(EngineError::TooMany {
                    what: "options",
                    limit: MAX_TOKENS,
                });
            }
            for option in self.game.options(n, k) {
                // Described as a multiset without empty heaps, like heap positions.
                let mut pairs = self.pairs.clone();
                pairs[i] = option;
                pairs.retain(|&(n, _)| n != 0);
                pairs.sort_unstable();
                if pairs.is_empty() {
                    pairs.push((0, 0));
                }
                out.push(MemPosition {
                    name: self.name.clone(),
                    game: self.game.clone(),
                    pairs,
                });
            }
        }
        Ok(out)
    }
}

impl Position for MemPosition {
    fn describe(&self) -> String {
        describe_pairs(&self.name, &self.pairs)
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        let x = self.nim_value(engine)?;
        Ok(engine.nimber(x))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match key {
            "nimvalue" if args.is_empty() => {
                Ok(Some(integer_value(BigInt::from(self.nim_value(engine)?))))
            }
            "options" | "leftoptions" | "rightoptions" => Ok(Some(crate::rulesets::position_list(
                self.option_positions()?,
            ))),
            _ => Ok(None),
        }
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let _ = (left, engine);
        Ok(Some(crate::rulesets::dyn_positions(
            self.option_positions()?,
        )))
    }

    fn is_impartial(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(rules: &MemRules, n: u64, k: u64) -> u32 {
        let opts: Vec<u32> = (1..=n)
            .filter(|&a| rules.allows(k, a))
            .map(|a| naive(rules, n - a, a))
            .collect();
        (0..).find(|v| !opts.contains(v)).unwrap_or(0)
    }

    fn game(rules: MemRules) -> MemGame {
        MemGame {
            rules,
            table: RefCell::new(Table::default()),
        }
    }

    #[test]
    fn tables_agree_with_the_definition() {
        let engine = Engine::new();
        for rules in [
            MemRules::Mem,
            MemRules::take_away_int(2),
            MemRules::take_away_int(3),
            MemRules::TakeAway { num: 3, den: 2 },
        ] {
            let g = game(rules.clone());
            for n in 0..14 {
                for k in 0..18 {
                    assert_eq!(
                        g.nim_value(n, k, &engine).unwrap(),
                        naive(&rules, n, k),
                        "{rules:?} ({n},{k})"
                    );
                }
            }
        }
    }

    #[test]
    fn conformance_values() {
        let engine = Engine::new();
        let fib = game(MemRules::take_away_int(2));
        assert_eq!(fib.nim_value(10, 3, &engine).unwrap(), 2);
        assert_eq!(fib.nim_value(10, 10, &engine).unwrap(), 5);
        let t3 = game(MemRules::take_away_int(3));
        assert_eq!(t3.nim_value(10, 0, &engine).unwrap(), 0);
        assert_eq!(t3.nim_value(10, 10, &engine).unwrap(), 6);
        assert_eq!(t3.options(10, 10).len(), 10);
        let mem = game(MemRules::Mem);
        assert_eq!(mem.nim_value(10, 3, &engine).unwrap(), 3);
        assert_eq!(mem.nim_value(10, 4, &engine).unwrap(), 2);
    }
}
