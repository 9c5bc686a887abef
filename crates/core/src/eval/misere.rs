//! Misère games as calculator values: reading CGSuite's `*[...]` input from evaluated list
//! elements, and the properties and infix methods of `*[...]` values (`Genus`, `Mate`,
//! `Parts`, `G Link H`, ...), by method key (lower case, no underscores). The same properties
//! of an impartial ruleset position go through its misère canonical form, which the rulesets
//! compute ([`crate::rulesets::analysis::misere_form`]).

use crate::engine::{Engine, Outcome};
use crate::misere::{MisereArena, MisereId, Phylum, Unlinked, with_arena};
use crate::rulesets::Position;
use crate::rulesets::analysis::misere_form;
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use std::rc::Rc;

/// `*[items]`: at the top level a single element is that element itself.
pub fn from_star_list(items: &[Value], engine: &Engine) -> EvalResult<Value> {
    let id = with_arena(engine, |a| -> EvalResult<MisereId> {
        match items {
            [] => Ok(MisereId::ZERO),
            [one] => element(a, one),
            _ => {
                let options = items
                    .iter()
                    .map(|v| element(a, v))
                    .collect::<EvalResult<Vec<_>>>()?;
                Ok(a.construct(options)?)
            }
        }
    })?;
    Ok(Value::Misere(id))
}

/// An element of a `*[...]` list: a nim heap size, a list of options, or a misère game.
fn element(a: &mut MisereArena, v: &Value) -> EvalResult<MisereId> {
    a.poll()?;
    match v {
        Value::Misere(m) => Ok(*m),
        Value::List(items) => {
            let options = items
                .iter()
                .map(|x| element(a, x))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(a.construct(options)?)
        }
        // A nim sequence is a list of nim heap sizes.
        Value::Sequence(heaps) => {
            let options = heaps
                .iter()
                .map(|h| a.nim_heap(u64::from(h)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(a.construct(options)?)
        }
        Value::Number(r) if r.is_integer() => Ok(a.nim_heap(heap_size(&r.numer())?)?),
        other => Err(EvalError::new(format!(
            "*[...] takes nim heap sizes (non-negative integers), lists of options and misère \
             games; found {}",
            describe_kind(other)
        ))),
    }
}

fn heap_size(n: &BigInt) -> EvalResult<u64> {
    if n.is_negative() {
        return Err(EvalError::new(format!(
            "a nim heap in *[...] cannot be negative: {n}"
        )));
    }
    n.to_u64()
        .ok_or_else(|| EvalError::new(format!("nim heap *{n} is too large")))
}

fn describe_kind(v: &Value) -> &'static str {
    match v {
        Value::Number(_) => "a fraction",
        Value::Game(_) | Value::Explicit(_) | Value::Position(_) => {
            "a normal-play game (write nim heaps as plain integers: *[2] is the heap *2)"
        }
        Value::Bool(_) => "a boolean",
        Value::Str(_) => "a string",
        _ => "another kind of value",
    }
}

/// A value that takes part in misère arithmetic: a misère game, or a nimber / nim heap size
/// standing for its nim heap.
pub fn operand(v: &Value, engine: &mut Engine) -> Option<EvalResult<MisereId>> {
    match v {
        Value::Misere(m) => Some(Ok(*m)),
        Value::Game(g) => {
            let nus = engine.as_nus(*g)?;
            if !nus.is_nimber() {
                return None;
            }
            Some(with_arena(engine, |a| a.nim_heap(nus.nim)).map_err(EvalError::from))
        }
        Value::Position(p) if p.is_impartial() => Some(misere_form(p, engine)),
        _ => None,
    }
}

fn expect_operand(v: &Value, engine: &mut Engine, method: &str) -> EvalResult<MisereId> {
    operand(v, engine).unwrap_or_else(|| {
        Err(EvalError::new(format!(
            "{method} takes a misère game (*[...])"
        )))
    })
}

/// `G + H` (and `G - H`, the same thing for impartial games) in misère play.
pub fn add(a: &Value, b: &Value, engine: &mut Engine) -> Option<EvalResult<Value>> {
    if !matches!(a, Value::Misere(_)) && !matches!(b, Value::Misere(_)) {
        return None;
    }
    let result = (|| {
        let (g, h) = match (operand(a, engine), operand(b, engine)) {
            (Some(g), Some(h)) => (g?, h?),
            _ => {
                return Err(EvalError::new(
                    "a misère game can only be added to misère games and nimbers",
                ));
            }
        };
        Ok(Value::Misere(with_arena(engine, |x| x.add(g, h))?))
    })();
    Some(result)
}

/// The misère properties of an impartial ruleset position (`MisereCanonicalForm`, `Genus`,
/// `MisereNimValue`, `MisereOutcomeClass`), from its misère canonical form, or from its parts'
/// forms when it is a sum (the tame rule then answers outcomes without building the sum's form,
/// which can be huge: `nim[100,200,300]`). `Ok(None)` for other keys and for partizan positions.
pub fn position_method(
    p: &Rc<dyn Position>,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if !p.is_impartial() {
        return Ok(None);
    }
    if let Some(parts) = p.components().filter(|parts| parts.len() > 1) {
        return misere_of_sum(&parts, key, args, engine);
    }
    if !FORM_KEYS.contains(&key) || !args.is_empty() {
        return Ok(None);
    }
    let form = misere_form(p, engine)?;
    call(form, key, args, engine)
}

/// The properties [`position_method`] answers from misère canonical forms.
const FORM_KEYS: &[&str] = &[
    "miserenimvalue",
    "misereoutcomeclass",
    "misereoutcome",
    "genus",
    "miserecanonicalform",
];

/// Misère properties of a sum of impartial positions, from the parts' misère canonical
/// forms: g⁻ by the tame rule when every part is (generally) tame, otherwise from their
/// canonical sum. `Ok(None)` for other keys.
fn misere_of_sum(
    parts: &[Rc<dyn Position>],
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if !FORM_KEYS.contains(&key) || !args.is_empty() {
        return Ok(None);
    }
    let mut forms = Vec::with_capacity(parts.len());
    for p in parts {
        forms.push(misere_form(p, engine)?);
    }
    if matches!(
        key,
        "miserenimvalue" | "misereoutcomeclass" | "misereoutcome"
    ) && let Some(minus) = with_arena(engine, |a| tame_sum_minus(a, &forms))
    {
        return Ok(Some(if key == "miserenimvalue" {
            Value::integer(minus)
        } else {
            Value::Outcome(if minus == 0 { Outcome::P } else { Outcome::N })
        }));
    }
    let sum = with_arena(engine, |a| {
        forms
            .iter()
            .try_fold(MisereId::ZERO, |acc, &f| a.add(acc, f))
    })?;
    call(sum, key, args, engine)
}

/// g⁻ of a sum of generally tame games (the generalised Sprague–Grundy rule of misère
/// play): the nim sum of the parts' g⁺, toggled when every part is like 0 or * (genus 0^1
/// or 1^0). `None` when some part is not generally tame.
fn tame_sum_minus(a: &mut MisereArena, parts: &[MisereId]) -> Option<u32> {
    if !parts.iter().all(|&g| a.phylum(g).is_generally_tame()) {
        return None;
    }
    let x = parts.iter().fold(0, |acc, &g| acc ^ a.nim_value(g));
    let small = parts
        .iter()
        .all(|&g| a.nim_value(g) <= 1 && a.misere_nim_value(g) == 1 - a.nim_value(g));
    Some(if small { x ^ 1 } else { x })
}

fn int(n: impl Into<BigInt>) -> Value {
    Value::integer(n)
}

fn list(games: Vec<MisereId>) -> Value {
    Value::List(games.into_iter().map(Value::Misere).collect())
}

/// The properties and methods of a misère game; `Ok(None)` when `key` is not one of them
/// (the caller then treats the game as the impartial game *g⁺ of normal play).
pub fn call(
    g: MisereId,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if let [other] = args {
        return binary(g, key, other, engine);
    }
    if !args.is_empty() {
        return Ok(None);
    }
    let v = with_arena(engine, |a| -> EvalResult<Option<Value>> {
        let b = |x: bool| Ok(Some(Value::Bool(x)));
        match key {
            "birthday" => Ok(Some(int(a.birthday(g)))),
            "nimvalue" => Ok(Some(int(a.nim_value(g)))),
            "miserenimvalue" => Ok(Some(int(a.misere_nim_value(g)))),
            "misereoutcomeclass" | "misereoutcome" => {
                Ok(Some(Value::Outcome(if a.is_p_position(g) {
                    Outcome::P
                } else {
                    Outcome::N
                })))
            }
            "miserecanonicalform" => {
                // Say now, not as a display failure later, when the form is too big to print.
                a.to_notation(g)?;
                Ok(Some(Value::Misere(g)))
            }
            "genus" => Ok(Some(Value::text("genus", a.genus(g).to_string()))),
            "options" => Ok(Some(list(a.sorted_options(g).to_vec()))),
            "miserewinningmoves" => {
                let moves = a
                    .sorted_options(g)
                    .iter()
                    .copied()
                    .filter(|&x| a.is_p_position(x))
                    .collect();
                Ok(Some(list(moves)))
            }
            "iseven" => b(a.is_even(g)),
            "isodd" => b(!a.is_even(g)),
            "isnimheap" => b(a.is_nim_heap(g)?),
            "isintroverted" => b(a.even_part(g) == MisereId::ZERO),
            "isextraverted" => b(a.is_extraverted(g)?),
            "istame" => b(matches!(
                a.phylum(g),
                Phylum::NimHeap | Phylum::HereditarilyTame
            )),
            "isgenerallytame" => b(a.phylum(g).is_generally_tame()),
            "istameable" => b(a.phylum(g).is_tameable()),
            "isrestive" => b(a.phylum(g) == Phylum::HereditarilyRestive),
            "isgenerallyrestive" => b(matches!(
                a.phylum(g),
                Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
            )),
            "isrestless" => b(a.phylum(g) == Phylum::Restless),
            "iswild" => b(a.phylum(g) == Phylum::Wild),
            "ishalftame" => b(a.is_half_tame(g)?),
            "isprime" => b(a.is_prime(g)?),
            "mate" => Ok(Some(Value::Misere(a.mate(g)?))),
            "parts" => Ok(Some(list(a.parts(g)?))),
            "partitions" => Ok(Some(Value::List(
                a.prime_partitions(g)?.into_iter().map(list).collect(),
            ))),
            _ => Ok(None),
        }
    })?;
    Ok(v)
}

/// `G MisereMinus H`, `G Link H`, `G Distinguisher H`, `G IsLinkedTo H`.
fn binary(g: MisereId, key: &str, other: &Value, engine: &mut Engine) -> EvalResult<Option<Value>> {
    if !matches!(key, "misereminus" | "link" | "distinguisher" | "islinkedto") {
        return Ok(None);
    }
    let h = expect_operand(other, engine, key)?;
    with_arena(engine, |a| {
        let shown = |a: &mut MisereArena| -> EvalResult<String> {
            Ok(format!("{}, {}", a.to_notation(g)?, a.to_notation(h)?))
        };
        let linked = |a: &mut MisereArena, r: Result<MisereId, Unlinked>| match r {
            Ok(t) => Ok(Some(Value::Misere(t))),
            Err(Unlinked::Equal) => Err(EvalError::new(format!(
                "Those misere games are equal, so nothing distinguishes them: {}",
                shown(a)?
            ))),
            Err(Unlinked::NotLinked(..)) => Err(EvalError::new(format!(
                "Those misere games are not linked: {}",
                shown(a)?
            ))),
        };
        match key {
            "misereminus" => match a.subtract(g, h)? {
                Some(d) => Ok(Some(Value::Misere(d))),
                None => Err(EvalError::new(format!(
                    "Those misere games are not subtractable: {}",
                    shown(a)?
                ))),
            },
            "link" => {
                let r = a.link(g, h)?;
                linked(a, r)
            }
            "distinguisher" => {
                let r = a.distinguisher_pn(g, h)?;
                linked(a, r)
            }
            "islinkedto" => Ok(Some(Value::Bool(a.is_linked(g, h)))),
            _ => Ok(None),
        }
    })
}

/// Misère properties of a normal-play game value: a nimber *n stands for the nim heap *n
/// (`(*4).Genus` is `4`). `Ok(None)` for other keys.
pub fn nimber_method(
    g: crate::engine::GameId,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if !matches!(key, "genus" | "miserenimvalue" | "miserecanonicalform") || !args.is_empty() {
        return Ok(None);
    }
    match engine.as_nus(g) {
        Some(n) if n.is_nimber() => {
            let heap = with_arena(engine, |a| a.nim_heap(n.nim))?;
            call(heap, key, args, engine)
        }
        _ => Err(EvalError::new(
            "misère canonical forms, genus and misère nim values are defined for impartial \
             games (nimbers, *[...] and impartial positions)",
        )),
    }
}

/// `n * G`: n copies of a misère game added together (−n copies are the same, as every
/// impartial game is its own negative).
pub fn multiple(g: MisereId, n: &BigInt, engine: &Engine) -> EvalResult<Value> {
    let n = n
        .abs()
        .to_u64()
        .ok_or_else(|| EvalError::new("multiplier too large"))?;
    Ok(Value::Misere(with_arena(engine, |a| a.multiple(g, n))?))
}
