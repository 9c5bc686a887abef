//! Rulesets built from user functions (language.md §10–§11): CGSuite's `game.heap.HeapRuleset(f)`,
//! `CoordinateRuleset(f)`, `GenMem(p)`, `GenWythoff(f)`, `PartizanHeapRuleset(RL, RR)` and
//! `PartizanCoordinateRuleset(CL, CR)`, and cgcalc's `PartizanRuleset(L, R)`,
//! `ImpartialRuleset(F)` (with `split => S`) and `PartizanGame(p, …)` over arbitrary position
//! values.
//!
//! [`game`] holds the rules, the memo table of each ruleset value and the searches;
//! [`position`] the ruleset and position values; [`key`] position values as hash keys.
//! Entry points: [`cgsuite_heap`] (`game.heap.X(args)`) and [`function`] (snake_case and
//! cgcalc names), both chained first by `rulesets::cgsuite_heap` / `rulesets::function`.

pub mod builtin;
pub mod fixed;
pub mod game;
pub mod key;
pub mod position;
mod repeating;

use self::game::{HeapSource, Rules, UserGame};
use self::position::{UserPosition, UserRuleset};
use super::Args;
use super::heap::HeapGame;
use crate::engine::Engine;
use crate::rulesets::Callable;
use crate::rulesets::name_key as key_of;
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;

/// CGSuite's `game.heap.X(args)` for the rulesets built from functions; `None` for other
/// names (and for `PartizanHeapRuleset` of two built-in rulesets, which `heap` builds).
pub fn cgsuite_heap(
    name: &str,
    call: Option<&Args>,
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    let key = key_of(name);
    let shown = format!("game.heap.{name}");
    if !matches!(
        key.as_str(),
        "heapruleset"
            | "functionalheapruleset"
            | "coordinateruleset"
            | "genmem"
            | "genwythoff"
            | "partizanheapruleset"
            | "partizancoordinateruleset"
            | "gencutcake"
    ) {
        return None;
    }
    let Some(call) = call else {
        if matches!(key.as_str(), "partizanheapruleset" | "gencutcake") {
            return None;
        }
        return Some(Err(EvalError::new(format!("{shown} needs arguments"))));
    };
    construct(&key, &shown, call, engine)
}

/// The snake_case constructors (`heap_ruleset(f)`, `partizan_ruleset(L, R)`, …) and cgcalc's
/// `PartizanRuleset`, `ImpartialRuleset`, `PartizanGame`.
pub fn function(key: &str, args: &Args, engine: &mut Engine) -> Option<EvalResult<Value>> {
    let shown = match key {
        "heapruleset" => "heap_ruleset",
        "functionalheapruleset" => "functional_heap_ruleset",
        "coordinateruleset" => "coordinate_ruleset",
        "genmem" => "gen_mem",
        "genwythoff" => "gen_wythoff",
        "partizanheapruleset" => "partizan_heap_ruleset",
        "partizancoordinateruleset" => "partizan_coordinate_ruleset",
        "partizanruleset" => "partizan_ruleset",
        "impartialruleset" => "impartial_ruleset",
        "partizangame" => "partizan_game",
        "impartialgame" => "impartial_game",
        "value" => return Some(fixed::value_function(&args.positional, engine)),
        _ => return None,
    };
    // cgcalc has no other snake_case form, so built-in sides are taken here too.
    if key == "partizanheapruleset" {
        return Some(partizan_heap(shown, args));
    }
    construct(key, shown, args, engine)
}

fn construct(
    key: &str,
    shown: &str,
    call: &Args,
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    let result = match key {
        "heapruleset" | "functionalheapruleset" => {
            one_function(shown, call, 1).map(|f| ruleset(key, Rules::Heap(HeapSource::Function(f))))
        }
        "coordinateruleset" => {
            one_function(shown, call, 2).map(|f| ruleset(key, Rules::Coordinate(f)))
        }
        "genmem" => one_function(shown, call, 2).map(|f| ruleset(key, Rules::GenMem(f))),
        "genwythoff" => one_function(shown, call, 1).map(|f| ruleset(key, Rules::GenWythoff(f))),
        "partizanheapruleset" => {
            // Two built-in heap rulesets are `heap`'s business.
            if !call.positional.iter().any(is_user_ruleset) {
                return None;
            }
            partizan_heap(shown, call)
        }
        "partizancoordinateruleset" => partizan_coordinate(shown, call),
        "gencutcake" => {
            if !call.positional.iter().any(is_user_ruleset) {
                return None;
            }
            gen_cutcake(shown, call)
        }
        "partizanruleset" => general(shown, call, false).map(UserRuleset::value),
        "impartialruleset" => general(shown, call, true).map(UserRuleset::value),
        "partizangame" | "impartialgame" => game_shorthand(shown, call, engine),
        _ => return None,
    };
    Some(result)
}

fn kind_name(key: &str) -> &'static str {
    match key {
        "heapruleset" | "functionalheapruleset" => "game.heap.HeapRuleset",
        "coordinateruleset" => "game.heap.CoordinateRuleset",
        "genmem" => "game.heap.GenMem",
        "genwythoff" => "game.heap.GenWythoff",
        "partizanheapruleset" => "game.heap.PartizanHeapRuleset",
        "partizancoordinateruleset" => "game.heap.PartizanCoordinateRuleset",
        "gencutcake" => "game.heap.GenCutcake",
        "impartialruleset" => "ImpartialRuleset",
        _ => "PartizanRuleset",
    }
}

fn ruleset(key: &str, rules: Rules) -> Value {
    UserRuleset::value(UserGame::new(kind_name(key), rules))
}

fn function_arg(v: &Value, shown: &str, what: &str) -> EvalResult<Rc<dyn Callable>> {
    match v {
        Value::Function(f) => Ok(f.clone()),
        other => Err(EvalError::new(format!(
            "{shown} needs {what} (such as n -> [[n - 1]]), found {}",
            crate::value::type_name(other)
        ))),
    }
}

/// The single function argument; `params` is how many arguments the rules pass it, which
/// catches a pair-taking function given to `CoordinateRuleset` (it takes m and n apart).
fn one_function(shown: &str, call: &Args, params: usize) -> EvalResult<Rc<dyn Callable>> {
    if let Some((n, _)) = call.named.first() {
        return Err(EvalError::new(format!(
            "{shown} has no argument named `{n}`"
        )));
    }
    let [f] = &call.positional[..] else {
        return Err(EvalError::new(format!(
            "{shown} takes one argument, a function ({} given)",
            call.positional.len()
        )));
    };
    let f = function_arg(f, shown, "a function")?;
    if params == 2 && f.arity() == 1 {
        return Err(EvalError::new(format!(
            "{shown}'s function takes two arguments, (m, n) -> …, not one pair"
        )));
    }
    Ok(f)
}

fn is_user_ruleset(v: &Value) -> bool {
    user_game(v).is_some()
}

fn user_game(v: &Value) -> Option<Rc<UserGame>> {
    match v {
        Value::Ruleset(r) => r
            .as_any()
            .and_then(|a| a.downcast_ref::<UserRuleset>())
            .map(|u| u.game.clone()),
        _ => None,
    }
}

/// A heap ruleset as one side of a partizan ruleset or a join: built from a function, or
/// built in (`game.heap.Kayles`).
pub fn heap_source_arg(v: &Value) -> EvalResult<HeapSource> {
    if let Some(g) = user_game(v) {
        return match &g.rules {
            Rules::Heap(src) => Ok(src.clone()),
            _ => Err(EvalError::new(format!(
                "{} is not an impartial heap ruleset",
                g.label()
            ))),
        };
    }
    if let Value::Ruleset(r) = v
        && let Some(game) = HeapGame::named(&r.name())
    {
        return Ok(HeapSource::Builtin(game));
    }
    Err(EvalError::new(format!(
        "expected a heap ruleset, found {}",
        match v {
            Value::Ruleset(r) => r.name(),
            other => crate::value::type_name(other).to_string(),
        }
    )))
}

/// An impartial coordinate ruleset built from functions (for `Adjoin`,
/// `PartizanCoordinateRuleset`).
pub fn pair_game_arg(v: &Value) -> EvalResult<Rc<UserGame>> {
    if let Value::Ruleset(r) = v
        && let Some(any) = r.as_any()
    {
        if any.is::<crate::rulesets::wythoff::Wythoff>() {
            return Ok(builtin::coordinate_game(builtin::CoordinateRules::Wythoff));
        }
        if let Some(m) = any.downcast_ref::<crate::rulesets::heap::memory::MemRuleset>() {
            return Ok(builtin::coordinate_game(m.coordinate_rules()));
        }
    }
    match user_game(v) {
        Some(g) if g.rules.is_pair() && g.is_impartial() => Ok(g),
        _ => Err(EvalError::new(format!(
            "expected an impartial coordinate ruleset built from functions (such as \
             CoordinateRuleset(f)), found {}",
            match v {
                Value::Ruleset(r) => r.name(),
                other => crate::value::type_name(other).to_string(),
            }
        ))),
    }
}

fn no_named(shown: &str, call: &Args) -> EvalResult<()> {
    match call.named.first() {
        Some((n, _)) => Err(EvalError::new(format!(
            "{shown} has no argument named `{n}`"
        ))),
        None => Ok(()),
    }
}

fn partizan_heap(shown: &str, call: &Args) -> EvalResult<Value> {
    no_named(shown, call)?;
    let [l, r] = &call.positional[..] else {
        return Err(EvalError::new(format!(
            "{shown} takes two heap rulesets, Left's and Right's"
        )));
    };
    let rules = Rules::PartizanHeap(heap_source_arg(l)?, heap_source_arg(r)?);
    Ok(ruleset("partizanheapruleset", rules))
}

fn partizan_coordinate(shown: &str, call: &Args) -> EvalResult<Value> {
    no_named(shown, call)?;
    let side = |v: &Value| -> EvalResult<Rc<UserGame>> {
        pair_game_arg(v).map_err(|e| EvalError::new(format!("{shown}: {}", e.message)))
    };
    let [l, r] = &call.positional[..] else {
        return Err(EvalError::new(format!(
            "{shown} takes two CoordinateRulesets, Left's and Right's"
        )));
    };
    let rules = Rules::PartizanCoordinate(side(l)?, side(r)?);
    Ok(ruleset("partizancoordinateruleset", rules))
}

/// `GenCutcake(RL, RR, twisted => b)` with a heap ruleset built from a function.
fn gen_cutcake(shown: &str, call: &Args) -> EvalResult<Value> {
    let [l, r] = &call.positional[..] else {
        return Err(EvalError::new(format!(
            "{shown} takes two heap rulesets (and twisted => true)"
        )));
    };
    let mut twisted = false;
    for (n, v) in &call.named {
        match (key_of(n).as_str(), v) {
            ("twisted", Value::Bool(b)) => twisted = *b,
            ("twisted", _) => {
                return Err(EvalError::new(format!(
                    "{shown}: `twisted` must be true or false"
                )));
            }
            _ => {
                return Err(EvalError::new(format!(
                    "{shown} has no argument named `{n}`"
                )));
            }
        }
    }
    let rules = Rules::Cake {
        left: heap_source_arg(l)?,
        right: heap_source_arg(r)?,
        twisted,
    };
    Ok(ruleset("gencutcake", rules))
}

/// `PartizanRuleset(L, R)` / `(left => L, right => R)` and `ImpartialRuleset(F)`, each with
/// an optional `split => S`.
fn general(shown: &str, call: &Args, impartial: bool) -> EvalResult<Rc<UserGame>> {
    let mut left = None;
    let mut right = None;
    let mut split = None;
    let wanted = if impartial { 1 } else { 2 };
    if call.positional.len() > wanted {
        return Err(EvalError::new(format!(
            "{shown} takes {} (and split => S, limit => N)",
            if impartial {
                "one function, the options of a position"
            } else {
                "two functions, Left's and Right's options"
            }
        )));
    }
    for (i, v) in call.positional.iter().enumerate() {
        let f = function_arg(v, shown, "an option function")?;
        if i == 0 {
            left = Some(f)
        } else {
            right = Some(f)
        }
    }
    let mut limit = None;
    for (n, v) in &call.named {
        if key_of(n) == "limit" {
            if limit.is_some() {
                return Err(EvalError::new(format!("{shown}: `{n}` is given twice")));
            }
            limit = Some(position_limit(shown, v)?);
            continue;
        }
        let slot = match key_of(n).as_str() {
            "left" if !impartial => &mut left,
            "right" if !impartial => &mut right,
            "options" | "moves" if impartial => &mut left,
            "split" => &mut split,
            _ => {
                return Err(EvalError::new(format!(
                    "{shown} has no argument named `{n}`"
                )));
            }
        };
        if slot.is_some() {
            return Err(EvalError::new(format!("{shown}: `{n}` is given twice")));
        }
        *slot = Some(function_arg(v, shown, "a function")?);
    }
    let Some(left) = left else {
        return Err(EvalError::new(format!(
            "{shown} needs {}",
            if impartial {
                "a function giving the options of a position"
            } else {
                "Left's option function"
            }
        )));
    };
    if !impartial && right.is_none() {
        return Err(EvalError::new(format!(
            "{shown} needs Right's option function too"
        )));
    }
    let kind = if impartial {
        "ImpartialRuleset"
    } else {
        "PartizanRuleset"
    };
    let limit = limit.unwrap_or(game::DEFAULT_LIMIT);
    Ok(UserGame::new(
        kind,
        Rules::General {
            left,
            right,
            split,
            limit,
        },
    ))
}

/// `limit => N`: a positive integer.
fn position_limit(shown: &str, v: &Value) -> EvalResult<u64> {
    match v {
        Value::Number(r) if r.is_integer() => num_traits::ToPrimitive::to_u64(&r.numer())
            .filter(|&n| n > 0)
            .ok_or_else(|| EvalError::new(format!("{shown}: limit must be a positive integer"))),
        other => Err(EvalError::new(format!(
            "{shown}: limit must be a positive integer, not {}",
            crate::value::type_name(other)
        ))),
    }
}

/// `PartizanGame(p, L, R)` and `PartizanGame(p, F)`.
fn game_shorthand(shown: &str, call: &Args, engine: &mut Engine) -> EvalResult<Value> {
    let Some((p, rest)) = call.positional.split_first() else {
        return Err(EvalError::new(format!(
            "{shown} takes a position and its option functions: {shown}(p, L, R) or {shown}(p, F)"
        )));
    };
    let rest = Args {
        positional: rest.to_vec(),
        named: call.named.clone(),
    };
    let impartial = rest.positional.len() == 1
        && !rest
            .named
            .iter()
            .any(|(n, _)| matches!(key_of(n).as_str(), "left" | "right"));
    let game = general(shown, &rest, impartial)?;
    let node = game.intern(p.clone())?;
    Ok(UserPosition::new(game, vec![node], engine)?.into_value())
}

/// The smallest (period, preperiod) that the values repeat with, seen at least three times
/// over after the preperiod and minimising period + preperiod. Not a proof: later values may
/// break it.
pub fn observed_period(values: &[u32]) -> Option<(usize, usize)> {
    let n = values.len();
    let mut best: Option<(usize, usize)> = None;
    for p in 1..=n / 3 {
        // The longest periodic suffix with period p.
        let mut q = n - p;
        while q > 0 && values[q - 1] == values[q - 1 + p] {
            q -= 1;
        }
        if n - q < 3 * p {
            continue;
        }
        if best.is_none_or(|(bp, bq)| p + q < bp + bq) {
            best = Some((p, q));
        }
    }
    best
}

#[cfg(test)]
mod tests;
