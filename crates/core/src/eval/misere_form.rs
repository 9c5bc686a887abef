//! Partizan games kept as written, for misère play (misere.md Part C): `misere_form(TEXT)`,
//! formal sums and conjugates, and their misère outcomes, ends and universes.

use super::{EvalError, EvalResult, Value};
use crate::engine::{Engine, GameId, Outcome};
use crate::misere::form::{FormId, Universe, with_forms};
use rustc_hash::FxHashMap;

/// `misere_form(TEXT)`: the form in literal brace notation.
pub fn parse(text: &str) -> EvalResult<Value> {
    with_forms(|a| a.parse(text))
        .map(Value::MisereForm)
        .map_err(|e| EvalError::new(format!("misere_form: {e}")))
}

/// The form of a value: a form as it is; an explicit game's own options (each option's
/// canonical form); a game or number its canonical form. `None` for other values.
pub fn form_of(v: &Value, engine: &mut Engine) -> Option<EvalResult<FormId>> {
    let result = match v {
        Value::MisereForm(f) => Ok(*f),
        Value::Explicit(e) => (|| {
            let mut memo = FxHashMap::default();
            let mut left = Vec::new();
            for &o in &e.left {
                left.push(canonical_form(o, engine, &mut memo)?);
            }
            let mut right = Vec::new();
            for &o in &e.right {
                right.push(canonical_form(o, engine, &mut memo)?);
            }
            Ok(with_forms(|a| a.form(left, right))?)
        })(),
        Value::Game(_) | Value::Number(_) => (|| {
            let g = match v {
                Value::Game(g) => *g,
                Value::Number(r) => {
                    let d = super::convert::dyadic(&r.big())?;
                    engine.number(d)
                }
                _ => unreachable!("matched above"),
            };
            canonical_form(g, engine, &mut FxHashMap::default())
        })(),
        _ => return None,
    };
    Some(result)
}

/// The literal form of a canonical game.
fn canonical_form(
    g: GameId,
    engine: &mut Engine,
    memo: &mut FxHashMap<GameId, FormId>,
) -> EvalResult<FormId> {
    crate::engine::grow(|| canonical_form_step(g, engine, memo))
}

fn canonical_form_step(
    g: GameId,
    engine: &mut Engine,
    memo: &mut FxHashMap<GameId, FormId>,
) -> EvalResult<FormId> {
    if let Some(&f) = memo.get(&g) {
        return Ok(f);
    }
    let mut left = Vec::new();
    for o in engine.left_options(g)? {
        left.push(canonical_form(o, engine, memo)?);
    }
    let mut right = Vec::new();
    for o in engine.right_options(g)? {
        right.push(canonical_form(o, engine, memo)?);
    }
    let f = with_forms(|a| a.form(left, right))?;
    memo.insert(g, f);
    Ok(f)
}

/// `F + G` when either is a form: the formal sum (misere.md §C.7).
pub fn add(a: &Value, b: &Value, engine: &mut Engine) -> EvalResult<Value> {
    let (Some(f), Some(g)) = (form_of(a, engine), form_of(b, engine)) else {
        return Err(EvalError::new(
            "a misère game form adds to forms, games and numbers only",
        ));
    };
    let (f, g) = (f?, g?);
    Ok(Value::MisereForm(with_forms(|x| x.add(f, g))?))
}

/// `-F`: the conjugate.
pub fn conjugate(f: FormId) -> EvalResult<Value> {
    Ok(Value::MisereForm(with_forms(|a| a.conjugate(f))?))
}

/// The misère outcome from who wins moving first.
fn outcome(wins: (bool, bool)) -> Outcome {
    match wins {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// The universe an argument names: the constants `Dicot`, `DeadEnding`, `AllGames`, or the
/// strings `"dicot"`, `"dead-ending"`, `"all"` (any case).
fn universe(v: &Value) -> EvalResult<Universe> {
    let name = match v {
        Value::Text(t) if t.kind == "universe" => t.text.to_ascii_lowercase(),
        Value::Str(s) => s.to_ascii_lowercase(),
        other => {
            return Err(EvalError::new(format!(
                "expected a universe (Dicot, DeadEnding or AllGames), found {}",
                crate::value::type_name(other)
            )));
        }
    };
    match name.replace(['-', '_', ' '], "").as_str() {
        "dicot" | "dicots" => Ok(Universe::Dicot),
        "deadending" => Ok(Universe::DeadEnding),
        "all" | "allgames" => Ok(Universe::All),
        _ => Err(EvalError::new(format!(
            "no universe {name:?}: Dicot, DeadEnding or AllGames"
        ))),
    }
}

/// The universe constants, as values that print as their names.
pub fn universe_constant(name: &str) -> Option<Value> {
    matches!(name, "Dicot" | "DeadEnding" | "AllGames").then(|| Value::text("universe", name))
}

/// Fail unless the form lies in the universe.
fn require_in(g: FormId, u: Universe) -> EvalResult<()> {
    if with_forms(|a| a.is_in(g, u)) {
        return Ok(());
    }
    let what = match u {
        Universe::Dicot => "a dicot",
        Universe::DeadEnding => "dead-ending",
        Universe::All => "a game",
    };
    let shown = with_forms(|a| a.render(g))?;
    Err(EvalError::new(format!(
        "That game is not {what}: misere_form(\"{shown}\")"
    )))
}

/// `G.MisereGeq(H, U)` and its kin, on any two games (their forms): misere.md §C.2, C.4.
pub fn comparison(
    receiver: &Value,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    if !matches!(
        key,
        "miseregeq" | "misereleq" | "misereequiv" | "miserecompare" | "ismisereinvertible"
    ) {
        return None;
    }
    let result = (|| {
        let g = match form_of(receiver, engine) {
            Some(g) => g?,
            None => return Err(EvalError::new(format!("{key} applies to games"))),
        };
        let (other, u) = match (key, args) {
            ("ismisereinvertible", []) => (None, Universe::All),
            ("ismisereinvertible", [u]) => (None, universe(u)?),
            (_, [h]) => (Some(h), Universe::All),
            (_, [h, u]) => (Some(h), universe(u)?),
            _ => return Err(EvalError::new(format!("wrong arguments for {key}"))),
        };
        require_in(g, u)?;
        let Some(h) = other else {
            let s = with_forms(|a| -> crate::engine::EngineResult<bool> {
                let c = a.conjugate(g)?;
                let s = a.add(g, c)?;
                Ok(a.geq(s, FormId::ZERO, u) && a.geq(FormId::ZERO, s, u))
            })?;
            return Ok(Value::Bool(s));
        };
        let h = match form_of(h, engine) {
            Some(h) => h?,
            None => {
                return Err(EvalError::new(format!(
                    "misère comparisons take two games, found {}",
                    crate::value::type_name(h)
                )));
            }
        };
        require_in(h, u)?;
        let (ge, le) = with_forms(|a| (a.geq(g, h, u), a.geq(h, g, u)));
        Ok(match key {
            "miseregeq" => Value::Bool(ge),
            "misereleq" => Value::Bool(le),
            "misereequiv" => Value::Bool(ge && le),
            _ => Value::Str(
                match (ge, le) {
                    (true, true) => "=",
                    (true, false) => ">",
                    (false, true) => "<",
                    (false, false) => "<>",
                }
                .to_string(),
            ),
        })
    })();
    Some(result)
}

/// `F.key(args)`; `Ok(None)` when forms have no such member.
pub fn method(f: FormId, key: &str, args: &[Value]) -> EvalResult<Option<Value>> {
    if !args.is_empty() {
        return Ok(None);
    }
    let list = |xs: &[FormId]| Value::List(xs.iter().map(|&x| Value::MisereForm(x)).collect());
    Ok(Some(match key {
        "misereoutcomeclass" | "misereoutcome" => {
            Value::Outcome(outcome(with_forms(|a| a.wins(f))))
        }
        "isleftend" => Value::Bool(with_forms(|a| a.left(f).is_empty())),
        "isrightend" => Value::Bool(with_forms(|a| a.right(f).is_empty())),
        "isleftdeadend" => Value::Bool(with_forms(|a| a.is_left_dead_end(f))),
        "isrightdeadend" => Value::Bool(with_forms(|a| a.is_right_dead_end(f))),
        "isdicot" => Value::Bool(with_forms(|a| a.is_dicot(f))),
        "isdeadending" => Value::Bool(with_forms(|a| a.is_dead_ending(f))),
        "ispfree" => Value::Bool(with_forms(|a| a.is_p_free(f))),
        "conjugate" => return conjugate(f).map(Some),
        "birthday" => Value::integer(with_forms(|a| a.birthday(f))),
        "leftoptions" => with_forms(|a| list(a.left(f))),
        "rightoptions" => with_forms(|a| list(a.right(f))),
        _ => return Ok(None),
    }))
}
