//! Coin-turning games on a strip (`game.strip.Turning("1-3")("hth")`, or
//! `game.strip.Turning(H)` for a heap ruleset H): coins `t` (tails) and `h` (heads), coin 1
//! the leftmost.
//!
//! A move picks a heads coin n and one heap option [a₁, …, aₖ] of H at heap n; it turns coin
//! n to tails and turns over each listed coin (a coin listed twice is turned once; heaps of 0
//! turn nothing). The nim value is the xor of H's nim values at the heads positions (heads
//! at n is a heap of n), so it needs no search; misère analyses go through the coin options.

use super::heap::rules::HeapRules;
use super::heap::spawning::SpawnCode;
use super::heap::{HeapGame, HeapRuleset};
use super::{Args, Position, Ruleset};
use crate::engine::{Engine, EngineResult, GameId};
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;

/// `game.strip.Turning(…)`: the ruleset, waiting for a strip of coins.
#[derive(Debug)]
pub struct TurningRuleset {
    /// How the ruleset prints: `game.strip.Turning("1-3")`.
    name: Rc<str>,
    game: Rc<HeapGame>,
}

/// `game.strip.Turning` with its arguments: a turning code (for `game.heap.Spawning`) or a
/// heap ruleset.
pub fn ruleset(args: Option<&Args>) -> EvalResult<Value> {
    let usage = || {
        EvalError::new(
            "game.strip.Turning takes a turning code or a heap ruleset: \
             game.strip.Turning(\"1-3\")(\"hth\"), game.strip.Turning(game.heap.Spawning(\"1-3\"))",
        )
    };
    let args = args.ok_or_else(usage)?;
    if !args.named.is_empty() {
        return Err(usage());
    }
    let r = match args.positional.as_slice() {
        [Value::Str(code)] => {
            let code = SpawnCode::parse(code).map_err(EvalError::new)?;
            return Ok(Value::Ruleset(Rc::new(TurningRuleset {
                name: format!("game.strip.Turning({:?})", code_text(&args.positional[0])).into(),
                game: HeapGame::shared(HeapRules::Spawning(code)),
            })));
        }
        [Value::Ruleset(r)] => r,
        _ => return Err(usage()),
    };
    let Some(h) = r.as_any().and_then(|a| a.downcast_ref::<HeapRuleset>()) else {
        return Err(EvalError::new(format!(
            "game.strip.Turning needs a take-and-break or spawning heap ruleset \
             (game.heap.Spawning(\"1-3\"), game.heap.Nim, …); {} is not one",
            r.name()
        )));
    };
    Ok(Value::Ruleset(Rc::new(TurningRuleset {
        name: format!("game.strip.Turning({})", r.name()).into(),
        game: h.game().clone(),
    })))
}

fn code_text(v: &Value) -> &str {
    match v {
        Value::Str(s) => s,
        _ => "",
    }
}

impl Ruleset for TurningRuleset {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
        let _ = engine;
        let [Value::Str(text)] = args else {
            return Err(EvalError::new(format!(
                "{} takes one strip of coins, such as {}(\"hth\")",
                self.name, self.name
            )));
        };
        let mut heads = Vec::with_capacity(text.len());
        for (at, c) in text.chars().enumerate() {
            heads.push(match c {
                't' | 'T' => false,
                'h' | 'H' => true,
                _ => {
                    return Err(EvalError::in_string(
                        format!("{}: '{c}' is not a coin (t tails, h heads)", self.name),
                        text,
                        at,
                    ));
                }
            });
        }
        Ok(Value::Position(Rc::new(TurningPosition {
            name: self.name.clone(),
            game: self.game.clone(),
            heads,
        })))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match (key, args) {
            ("charmap", []) => Ok(Some(Value::Str("th".into()))),
            _ => {
                let _ = engine;
                Ok(None)
            }
        }
    }
}

/// A strip of coins.
#[derive(Debug)]
pub struct TurningPosition {
    name: Rc<str>,
    game: Rc<HeapGame>,
    heads: Vec<bool>,
}

impl TurningPosition {
    fn nim_value(&self, engine: &Engine) -> EngineResult<u64> {
        let mut x = 0;
        for (i, &h) in self.heads.iter().enumerate() {
            if h {
                x ^= self.game.nim_value(i as u64 + 1, engine)?;
            }
        }
        Ok(x)
    }

    /// The strips one move away, heads coin by heads coin, each in H's option order.
    fn option_positions(&self, engine: &Engine) -> EvalResult<Vec<TurningPosition>> {
        let len = self.heads.len() as u64;
        let mut out = Vec::new();
        for n in 1..=len {
            if !self.heads[n as usize - 1] {
                continue;
            }
            engine.check_interrupt()?;
            let options = self.game.rules().options_of(n, MAX_OPTIONS)?;
            for option in options {
                let mut turned = vec![false; self.heads.len()];
                turned[n as usize - 1] = true;
                for &a in &option {
                    if a == 0 {
                        continue;
                    }
                    if a > len {
                        return Err(EvalError::new(format!(
                            "{}: a move from coin {n} turns coin {a}, beyond the strip's {len} coins",
                            self.name
                        )));
                    }
                    turned[a as usize - 1] = true;
                }
                let heads = self
                    .heads
                    .iter()
                    .zip(&turned)
                    .map(|(&h, &t)| h != t)
                    .collect();
                out.push(TurningPosition {
                    name: self.name.clone(),
                    game: self.game.clone(),
                    heads,
                });
            }
        }
        Ok(out)
    }
}

/// Most options one position lists.
const MAX_OPTIONS: usize = 1_000_000;

impl Position for TurningPosition {
    fn describe(&self) -> String {
        let coins: String = self
            .heads
            .iter()
            .map(|&h| if h { 'h' } else { 't' })
            .collect();
        format!("{}(\"{coins}\")", self.name)
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        let x = self.nim_value(engine)?;
        Ok(engine.nimber(x))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match (key, args) {
            ("nimvalue", []) => Ok(Some(Value::integer(self.nim_value(engine)?))),
            ("options" | "leftoptions" | "rightoptions", []) => Ok(Some(
                crate::rulesets::position_list(self.option_positions(engine)?),
            )),
            _ => Ok(None),
        }
    }

    fn options(
        &self,
        _left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        Ok(Some(crate::rulesets::dyn_positions(
            self.option_positions(engine)?,
        )))
    }

    fn is_impartial(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::brute::Rng;
    use crate::rulesets::impartial::mex;
    use rustc_hash::FxHashMap;

    fn turning(code: &str, e: &mut Engine) -> Value {
        let args = Args {
            positional: vec![Value::Str(code.to_string())],
            named: Vec::new(),
        };
        let _ = e;
        ruleset(Some(&args)).expect("ruleset")
    }

    fn strip(r: &Value, coins: &str, e: &mut Engine) -> Rc<dyn Position> {
        let Value::Ruleset(r) = r else { panic!() };
        match r.position(&[Value::Str(coins.to_string())], e) {
            Ok(Value::Position(p)) => p,
            other => panic!("{other:?}"),
        }
    }

    /// The nim value by mex over the coin options, by description.
    fn searched(p: &Rc<dyn Position>, e: &mut Engine, memo: &mut FxHashMap<String, u32>) -> u32 {
        if let Some(&v) = memo.get(&p.describe()) {
            return v;
        }
        let options = p.options(true, e).unwrap().unwrap();
        let mut values: Vec<u32> = options.iter().map(|o| searched(o, e, memo)).collect();
        let v = mex(&mut values);
        memo.insert(p.describe(), v);
        v
    }

    #[test]
    fn spec_examples() {
        let mut e = Engine::new();
        let mock = turning("1-3", &mut e);
        assert_eq!(
            strip(&mock, "hth", &mut e).value(&mut e).unwrap(),
            e.nimber(5)
        );
        let r = turning("1-2", &mut e);
        let options: Vec<String> = strip(&r, "hh", &mut e)
            .options(true, &mut e)
            .unwrap()
            .unwrap()
            .iter()
            .map(|o| o.describe())
            .collect();
        assert_eq!(
            options,
            [
                "game.strip.Turning(\"1-2\")(\"th\")",
                "game.strip.Turning(\"1-2\")(\"ht\")",
                "game.strip.Turning(\"1-2\")(\"tt\")"
            ]
        );
    }

    /// The heap formula (xor of H's nim values at the heads) agrees with a search over the
    /// coin options on random strips, for several turning codes.
    #[test]
    fn nim_value_agrees_with_search_over_coins() {
        let mut e = Engine::new();
        let mut rng = Rng(0x7e57_c01e);
        for code in ["1-3", "1-2", "1+C", "2", "2-4E", "3S"] {
            let r = turning(code, &mut e);
            let mut memo = FxHashMap::default();
            for _ in 0..25 {
                let len = 1 + rng.below(8) as usize;
                let coins = rng.string("th", len);
                let p = strip(&r, &coins, &mut e);
                let fast = p.value(&mut e).unwrap();
                let slow = searched(&p, &mut e, &mut memo);
                assert_eq!(fast, e.nimber(u64::from(slow)), "{code} {coins}");
            }
        }
    }
}
