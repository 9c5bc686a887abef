//! Explicit games (misere.md §C.7–C.8): `'{…}'` and `misere_form(TEXT)` keep a game exactly
//! as written, nested quotes included; a sum with an explicit operand is a formal sum, and a
//! negative the conjugate. Their misère properties, and the misère comparisons and canonical
//! forms modulo a universe of any game, read forms: an explicit game its literal tree, a value
//! its canonical form, a ruleset position its game tree.

use super::{EvalError, EvalResult, Value};
use crate::engine::{Engine, Outcome};
use crate::misere::form::{FormId, Universe, with_forms};
use crate::misere::form_values::{NormalValues, form_of_game};
use crate::value::{Explicit, Position, Summand};
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// `misere_form(TEXT)`: the explicit game with this literal brace notation.
pub fn parse(text: &str) -> EvalResult<Value> {
    with_forms(|a| a.parse(text))
        .map(|f| Value::Explicit(Box::new(Explicit::quoted(f))))
        .map_err(|e| EvalError::new(format!("misere_form: {e}")))
}

/// The form of a value: an explicit game's literal tree (a formal sum's is the sum of its
/// summands'), a game's or number's canonical form, a position's game tree. `None` for
/// values that are not games.
pub fn form_of(v: &Value, engine: &mut Engine) -> Option<EvalResult<FormId>> {
    let result = match v {
        Value::Explicit(e) => e.form().map_err(EvalError::from),
        Value::Game(g) => form_of_game(engine, *g).map_err(EvalError::from),
        Value::Number(r) => super::convert::dyadic(&r.big()).and_then(|d| {
            let g = engine.number(d);
            Ok(form_of_game(engine, g)?)
        }),
        Value::Position(p) => position_form(p, engine, &mut FxHashMap::default()),
        _ => return None,
    };
    Some(result)
}

/// The game tree of a ruleset position (a sum of positions: the formal sum of its parts').
fn position_form(
    p: &Rc<dyn Position>,
    engine: &mut Engine,
    memo: &mut FxHashMap<String, FormId>,
) -> EvalResult<FormId> {
    crate::engine::grow(|| {
        let key = p.memo_key();
        if let Some(&f) = memo.get(&key) {
            return Ok(f);
        }
        engine.check_interrupt()?;
        let f = if let Some(parts) = p.components() {
            let mut sum = FormId::ZERO;
            for part in &parts {
                let f = position_form(part, engine, memo)?;
                sum = with_forms(|a| a.add(sum, f))?;
            }
            sum
        } else {
            let mut sides = [Vec::new(), Vec::new()];
            for (side, left) in [(0, true), (1, false)] {
                let Some(options) = p.options(left, engine)? else {
                    // A ruleset that does not list its moves: its value's canonical form.
                    let g = p.value(engine)?;
                    return Ok(form_of_game(engine, g)?);
                };
                for o in &options {
                    sides[side].push(position_form(o, engine, memo)?);
                }
            }
            let [left, right] = sides;
            with_forms(|a| a.form(left, right))?
        };
        memo.insert(key, f);
        Ok(f)
    })
}

/// A value as summands of a formal sum: an explicit game's own; a value's form, quoted
/// unless it is canonical (a position's tree need not be).
fn summands(v: &Value, engine: &mut Engine) -> EvalResult<Vec<Summand>> {
    if let Value::Explicit(e) = v {
        return Ok(e.parts.clone());
    }
    let Some(form) = form_of(v, engine) else {
        return Err(EvalError::new(format!(
            "an explicit game adds to games, numbers and positions, not to {}",
            crate::value::type_name(v)
        )));
    };
    let form = form?;
    let quoted =
        matches!(v, Value::Position(_)) && !NormalValues::new().is_canonical(engine, form)?;
    Ok(vec![Summand { form, quoted }])
}

/// `G + H` when either is explicit: the formal sum, summands kept in order (misere.md §C.7).
pub fn add(a: &Value, b: &Value, engine: &mut Engine) -> EvalResult<Value> {
    let mut parts = summands(a, engine)?;
    parts.extend(summands(b, engine)?);
    Ok(Value::Explicit(Box::new(Explicit { parts })))
}

/// `-G` of an explicit game: its conjugate.
pub fn conjugate(e: &Explicit) -> EvalResult<Value> {
    Ok(Value::Explicit(Box::new(e.conjugate()?)))
}

/// The most copies `n * G` writes out for an explicit game G.
const MAX_COPIES: u32 = 10_000;

/// `n * G` for an explicit game: the formal sum of n copies (of the conjugate for n < 0).
pub fn multiple(e: &Explicit, n: &num_bigint::BigInt) -> EvalResult<Value> {
    use num_traits::Signed;
    let copies = n
        .abs()
        .to_u32()
        .filter(|&c| c <= MAX_COPIES)
        .ok_or_else(|| {
            EvalError::new(format!(
                "n * G of an explicit game writes out n copies, at most {MAX_COPIES}"
            ))
        })?;
    if copies == 0 {
        return Ok(Value::Number(0.into()));
    }
    let one = if n.is_negative() {
        e.conjugate()?
    } else {
        e.clone()
    };
    let mut parts = Vec::with_capacity(one.parts.len() * copies as usize);
    for _ in 0..copies {
        parts.extend_from_slice(&one.parts);
    }
    Ok(Value::Explicit(Box::new(Explicit { parts })))
}

/// The misère outcome of an explicit game's form, as a letter (`--json`'s `misere_outcome`).
pub fn misere_outcome(e: &Explicit) -> EvalResult<String> {
    let f = e.form()?;
    Ok(outcome(with_forms(|a| a.wins(f))).letter().to_string())
}

/// The line shown under an explicit game in text mode: what its form does in misère play
/// (the summary above it is of its normal-play value).
pub fn details(e: &Explicit) -> EvalResult<String> {
    let f = e.form()?;
    let (wins, birthday, dicot, dead_ending) =
        with_forms(|a| (a.wins(f), a.birthday(f), a.is_dicot(f), a.is_dead_ending(f)));
    let o = outcome(wins);
    let universe = if dicot {
        "a dicot"
    } else if dead_ending {
        "dead-ending"
    } else {
        "not dead-ending"
    };
    Ok(format!(
        "form: misère outcome {} ({}) · birthday {birthday} · {universe}",
        o.letter(),
        o.meaning()
    ))
}

/// An option of a literal form as a value: a canonical form is its value, anything else an
/// explicit game.
fn option_value(f: FormId, values: &mut NormalValues, engine: &mut Engine) -> EvalResult<Value> {
    Ok(if values.is_canonical(engine, f)? {
        Value::Game(values.value(engine, f)?)
    } else {
        Value::Explicit(Box::new(Explicit::quoted(f)))
    })
}

/// The misère outcome from who wins moving first.
fn outcome((left, right): (bool, bool)) -> Outcome {
    Outcome::from_first_moves(left, right)
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

/// The most followers a game may have in a misère comparison or canonical form.
const MAX_FOLLOWERS: usize = 1_000_000;

/// Fail unless the form lies in the universe and is small enough to compare.
fn require_in(g: FormId, u: Universe, engine: &mut Engine) -> EvalResult<()> {
    if with_forms(|a| a.followers(g).len()) > MAX_FOLLOWERS {
        return Err(crate::engine::EngineError::TooMany {
            what: "followers in a misère comparison",
            limit: MAX_FOLLOWERS as u64,
        }
        .into());
    }
    if with_forms(|a| a.is_in(g, u)) {
        return Ok(());
    }
    let what = match u {
        Universe::Dicot => "a dicot",
        Universe::DeadEnding => "dead-ending",
        Universe::All => "a game",
    };
    let shown = render(g, engine)?;
    Err(EvalError::new(format!("That game is not {what}: {shown}")))
}

/// A form as an explicit game prints (`'{0|}'`), for messages.
fn render(g: FormId, engine: &mut Engine) -> EvalResult<String> {
    let mut text = String::new();
    crate::display::Printer::new()
        .write_value(
            engine,
            &Value::Explicit(Box::new(Explicit::quoted(g))),
            &mut text,
        )
        .map_err(|e| EvalError::new(e.to_string()))?;
    Ok(text)
}

/// The game a misère comparison reads, with a clear error for other values.
fn game_form(v: &Value, engine: &mut Engine) -> EvalResult<FormId> {
    form_of(v, engine).unwrap_or_else(|| {
        Err(EvalError::new(format!(
            "misère comparisons take games, found {}",
            crate::value::type_name(v)
        )))
    })
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
        let g = game_form(receiver, engine)?;
        let (other, u) = match (key, args) {
            ("ismisereinvertible", []) => (None, Universe::All),
            ("ismisereinvertible", [u]) => (None, universe(u)?),
            (_, [h]) => (Some(h), Universe::All),
            (_, [h, u]) => (Some(h), universe(u)?),
            _ => return Err(EvalError::new(format!("wrong arguments for {key}"))),
        };
        require_in(g, u, engine)?;
        let Some(h) = other else {
            let s = with_forms(|a| -> crate::engine::EngineResult<bool> {
                let c = a.conjugate(g)?;
                let s = a.add(g, c)?;
                Ok(a.geq(s, FormId::ZERO, u) && a.geq(FormId::ZERO, s, u))
            })?;
            return Ok(Value::Bool(s));
        };
        let h = game_form(h, engine)?;
        require_in(h, u, engine)?;
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

/// The misère properties that read a game's form (misere.md §C.8), on any game; an explicit
/// game also answers its misère outcome, options and birthday from its literal tree.
/// `Ok(None)` when the name is not one of them.
pub fn method(
    receiver: &Value,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    let literal_only = matches!(
        key,
        "misereoutcomeclass" | "misereoutcome" | "birthday" | "leftoptions" | "rightoptions"
    );
    let any_game = matches!(
        key,
        "isleftend"
            | "isrightend"
            | "isleftdeadend"
            | "isrightdeadend"
            | "isdicot"
            | "isdeadending"
            | "ispfree"
            | "conjugate"
    );
    let explicit = matches!(receiver, Value::Explicit(_));
    match (key, args) {
        ("miserecanonicalform", [u]) => return universe_canonical(receiver, u, engine).map(Some),
        ("miseredistinguisher", [h]) => {
            return distinguisher(receiver, h, Universe::All, engine).map(Some);
        }
        ("miseredistinguisher", [h, u]) => {
            return distinguisher(receiver, h, universe(u)?, engine).map(Some);
        }
        ("miserecanonicalform" | "genus" | "miserenimvalue", []) if explicit => {
            return impartial_property(receiver, key, engine).map(Some);
        }
        _ => {}
    }
    if !args.is_empty() || !(any_game || (explicit && literal_only)) {
        return Ok(None);
    }
    let Some(f) = form_of(receiver, engine) else {
        return Ok(None);
    };
    let f = f?;
    let mut values = NormalValues::new();
    let mut list = |xs: Vec<FormId>| -> EvalResult<Value> {
        let mut out = Vec::with_capacity(xs.len());
        for x in xs {
            out.push(option_value(x, &mut values, engine)?);
        }
        Ok(Value::List(out))
    };
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
        "conjugate" => match receiver {
            Value::Explicit(e) => conjugate(e)?,
            _ => Value::Explicit(Box::new(Explicit::quoted(with_forms(|a| a.conjugate(f))?))),
        },
        "birthday" => Value::integer(with_forms(|a| a.birthday(f))),
        "leftoptions" => list(with_forms(|a| a.left(f).to_vec()))?,
        "rightoptions" => list(with_forms(|a| a.right(f).to_vec()))?,
        _ => return Ok(None),
    }))
}

/// An explicit game's own Left and Right options, each as its normal-play value: what
/// ordinal sums and the other operations that read a base's top-level form need.
pub fn options_as_games(
    e: &Explicit,
    engine: &mut Engine,
) -> EvalResult<(Vec<crate::engine::GameId>, Vec<crate::engine::GameId>)> {
    let f = e.form()?;
    let (left, right) = with_forms(|a| (a.left(f).to_vec(), a.right(f).to_vec()));
    let mut values = NormalValues::new();
    let mut games = |xs: Vec<FormId>| -> EvalResult<Vec<crate::engine::GameId>> {
        xs.into_iter()
            .map(|x| Ok(values.value(engine, x)?))
            .collect()
    };
    Ok((games(left)?, games(right)?))
}

/// An explicit game's normal-play value: the sum of its summands' values.
pub fn normal_value(e: &Explicit, engine: &mut Engine) -> EvalResult<crate::engine::GameId> {
    Ok(crate::misere::form_values::sum_value(
        engine,
        e.parts.iter().map(|p| p.form),
    )?)
}

/// `G.MisereCanonicalForm(U)`: the canonical form modulo the universe (misere.md §C.3), as
/// an explicit game.
fn universe_canonical(receiver: &Value, u: &Value, engine: &mut Engine) -> EvalResult<Value> {
    let u = universe(u)?;
    let g = game_form(receiver, engine)?;
    require_in(g, u, engine)?;
    let c = with_forms(|a| a.canonical(g, u))?;
    Ok(Value::Explicit(Box::new(Explicit::quoted(c))))
}

/// An explicit game's misère canonical form, genus or misère nim value as an impartial game
/// (`*[...]`), read from its literal tree, which must be impartial.
fn impartial_property(receiver: &Value, key: &str, engine: &mut Engine) -> EvalResult<Value> {
    let g = game_form(receiver, engine)?;
    let mut memo: FxHashMap<FormId, crate::misere::MisereId> = FxHashMap::default();
    let Some(m) = impartial(g, engine, &mut memo)? else {
        let shown = render(g, engine)?;
        return Err(EvalError::new(format!(
            "{shown} is not impartial: misère canonical forms, genus and misère nim values \
             are defined for impartial games; for a partizan game name a universe, as in \
             G.MisereCanonicalForm(Dicot)"
        )));
    };
    super::misere::call(m, key, &[], engine)?
        .ok_or_else(|| EvalError::new(format!("no misère property {key}")))
}

/// The impartial misère game of a literal form whose every follower has the same options
/// for both players; `None` when some follower does not.
fn impartial(
    g: FormId,
    engine: &mut Engine,
    memo: &mut FxHashMap<FormId, crate::misere::MisereId>,
) -> EvalResult<Option<crate::misere::MisereId>> {
    crate::engine::grow(|| {
        if let Some(&m) = memo.get(&g) {
            return Ok(Some(m));
        }
        let (left, right) = with_forms(|a| (a.left(g).to_vec(), a.right(g).to_vec()));
        if left != right {
            return Ok(None);
        }
        let mut options = Vec::with_capacity(left.len());
        for o in left {
            match impartial(o, engine, memo)? {
                Some(m) => options.push(m),
                None => return Ok(None),
            }
        }
        let m = crate::misere::with_arena(engine, |a| a.construct(options))?;
        memo.insert(g, m);
        Ok(Some(m))
    })
}

/// The most days of values listed: `misere_values(U, n)` takes n ≤ 3 for the dicots (1 268
/// values), n ≤ 2 for the others (196 and 256).
fn max_day(u: Universe) -> u32 {
    match u {
        Universe::Dicot => 3,
        Universe::DeadEnding | Universe::All => 2,
    }
}

/// `misere_values(U, n)`: the canonical forms modulo U born by day n, as explicit games,
/// sorted by birthday and then by literal text.
pub fn values(args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
    let [u, n] = args else {
        return Err(EvalError::new(
            "misere_values takes a universe and a day: misere_values(Dicot, 2)",
        ));
    };
    let u = universe(u)?;
    let day = super::convert::expect_integer(n)?;
    let day = day.to_u32().filter(|&d| d <= max_day(u)).ok_or_else(|| {
        EvalError::new(format!(
            "misere_values({}, n) lists the values born by day n for n from 0 to {}",
            u.name(),
            max_day(u)
        ))
    })?;
    let forms = listed_values(u, day, engine)?;
    let mut keyed = Vec::with_capacity(forms.len());
    for f in forms {
        keyed.push(with_forms(|a| -> crate::engine::EngineResult<_> {
            Ok(((a.birthday(f), a.render(f)?), f))
        })?);
    }
    keyed.sort();
    Ok(Value::List(
        keyed
            .into_iter()
            .map(|(_, f)| Value::Explicit(Box::new(Explicit::quoted(f))))
            .collect(),
    ))
}

/// The values modulo U born by `day`, polling for Ctrl-C.
fn listed_values(u: Universe, day: u32, engine: &mut Engine) -> EvalResult<Vec<FormId>> {
    let flag = engine.interrupt_flag();
    let listed = with_forms(|a| {
        a.values_born_by(u, day, || flag.load(std::sync::atomic::Ordering::Relaxed))
    })?;
    match listed {
        Some(values) => Ok(values),
        None => Err(crate::engine::EngineError::Interrupted.into()),
    }
}

/// `G.MisereDistinguisher(H, U)`: a game X of U with o(G + X) ≠ o(H + X), found among the
/// values of U by birthday (through day 2, day 3 for the dicots), then their pairwise sums
/// and the adjoints of G and H; `Nothing` when G ≡ H modulo U.
fn distinguisher(
    receiver: &Value,
    h: &Value,
    u: Universe,
    engine: &mut Engine,
) -> EvalResult<Value> {
    let g = game_form(receiver, engine)?;
    let h = game_form(h, engine)?;
    require_in(g, u, engine)?;
    require_in(h, u, engine)?;
    if with_forms(|a| a.geq(g, h, u) && a.geq(h, g, u)) {
        return Ok(Value::Nothing);
    }
    let tells_apart = |x: FormId| -> crate::engine::EngineResult<bool> {
        with_forms(|a| {
            let gx = a.add(g, x)?;
            let hx = a.add(h, x)?;
            Ok(a.wins(gx) != a.wins(hx))
        })
    };
    let mut tried: Vec<FormId> = Vec::new();
    for day in 0..=max_day(u).min(2) {
        for x in listed_values(u, day, engine)? {
            if !tried.contains(&x) {
                if tells_apart(x)? {
                    return Ok(Value::Explicit(Box::new(Explicit::quoted(x))));
                }
                tried.push(x);
            }
        }
    }
    let adjoints =
        with_forms(|a| -> crate::engine::EngineResult<_> { Ok([a.adjoint(g)?, a.adjoint(h)?]) })?;
    for x in adjoints {
        if with_forms(|a| a.is_in(x, u)) && tells_apart(x)? {
            return Ok(Value::Explicit(Box::new(Explicit::quoted(x))));
        }
    }
    for (i, &x) in tried.iter().enumerate() {
        engine.check_interrupt()?;
        for &y in &tried[i..] {
            let xy = with_forms(|a| a.add(x, y))?;
            if tells_apart(xy)? {
                return Ok(Value::Explicit(Box::new(Explicit::quoted(xy))));
            }
        }
    }
    if u == Universe::Dicot {
        for x in listed_values(u, 3, engine)? {
            if tells_apart(x)? {
                return Ok(Value::Explicit(Box::new(Explicit::quoted(x))));
            }
        }
    }
    Err(EvalError::new(
        "no distinguishing game was found among the values searched, though the two games \
         are not equivalent (MisereCompare)",
    ))
}
