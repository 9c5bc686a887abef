//! Properties and methods (`G.Temperature`, `17.Div(4)`, `11 NimSum 3`), dispatched by name,
//! case-insensitively, on the receiver's type. Functions (`temperature(G)`) reach the same
//! code through [`Session::call_method`] with the first argument as receiver.

use super::convert::{expect_integer, expect_number, expect_u64, integer, type_name};
use super::reference::{self, Kind};
use super::{EvalError, EvalResult, Evaluator, Side, Value};
use crate::engine::{GameId, Thermograph, nim_arith};
use crate::syntax::ast::BinOp;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

pub use crate::rulesets::name_key as method_key;

impl Evaluator<'_> {
    /// `receiver.name(args)`.
    pub(super) fn call_method(
        &mut self,
        receiver: &Value,
        name: &str,
        args: Vec<Value>,
    ) -> EvalResult<Value> {
        let key = method_key(name);
        // Pictures of anything that has one (positions, thermographs, tables).
        match key.as_str() {
            "draw" => {
                if let Some(entry) = reference::entry_by_key(&key, Kind::PositionMethod) {
                    entry.check_arity(args.len())?;
                }
                return self.draw(receiver, args.first());
            }
            "intensityplot" => {
                if let Some(entry) = reference::entry_by_key(&key, Kind::CollectionMethod) {
                    entry.check_arity(args.len())?;
                }
                return self.intensity_plot_of(receiver, args.first());
            }
            _ => {}
        }
        // Misère comparisons read the games' forms (misere.md §C.2).
        if let Some(r) = super::explicit::comparison(receiver, &key, &args, self.engine) {
            if let Some(entry) = reference::entry_by_key(&key, Kind::GameMethod) {
                entry.check_arity(args.len())?;
            }
            return r;
        }
        // Properties that read a game's form: an explicit game plays misère on its literal
        // tree, as CGSuite recurses over it (`'{*2|}'` is R, though its value is 0).
        if let Some(v) = super::explicit::method(receiver, &key, &args, self.engine)? {
            if let Some(entry) = reference::entry_by_key(&key, Kind::GameMethod) {
                entry.check_arity(args.len())?;
            }
            return Ok(v);
        }
        if matches!(key.as_str(), "conjunctivesum" | "selectivesum") {
            return self.compound_sum(receiver, &key, &args);
        }
        // `G.OrdinalSum(H)` (and `ordinal_sum(G, H)`) is `G : H`, which keeps G's form when it
        // has one (`'{-1|1}'`) and takes loopy games.
        if key == "ordinalsum"
            && let [h] = args.as_slice()
            && matches!(
                receiver,
                Value::Number(_)
                    | Value::Game(_)
                    | Value::Explicit(_)
                    | Value::Position(_)
                    | Value::Misere(_)
                    | Value::Loopy(_)
            )
        {
            return self.binary(BinOp::OrdinalSum, receiver.clone(), h.clone());
        }
        // CGSuite's variants of any game (§5 of rulesets-grid.md), over its canonical form.
        if matches!(
            receiver,
            Value::Number(_) | Value::Game(_) | Value::Explicit(_)
        ) && crate::rulesets::variant::Variant::from_key(&key).is_some()
        {
            let g = self.game_of(receiver)?;
            if let Some(v) = crate::rulesets::game_variant::game_method(g, &key, &args, self.engine)
            {
                return v;
            }
        }
        if let Value::Side(player) = receiver
            && key == "opponent"
        {
            if let Some(entry) = reference::entry_by_key(&key, Kind::PlayerMethod) {
                entry.check_arity(args.len())?;
            }
            return Ok(Value::Side(match player {
                Side::Left => Side::Right,
                Side::Right => Side::Left,
            }));
        }
        if let Some(v) = self.ordinal_nim_call(receiver, &key, &args) {
            return v;
        }
        if key == "conwayproduct"
            && let Some(v) = self.conway_product_with_transfinite(receiver, &args)
        {
            return v;
        }
        if let Some(v) = self.transfinite_method(receiver, &key, &args) {
            return v?.ok_or_else(|| self.unknown_method(name, receiver));
        }
        if let Value::Number(r) = receiver
            && let Some(v) = self.number_method(&r.big(), &key, &args)?
        {
            return Ok(v);
        }
        if let Some(v) = self.loopy_call(receiver, &key, &args)? {
            return Ok(v);
        }
        if let Some(v) = self.value_method(receiver, name, &key, &args)? {
            return Ok(v);
        }
        if let Some(v) = self.sensible(receiver, &key, &args)? {
            return Ok(v);
        }
        if let Value::Thermograph(t) = receiver {
            if let Some(entry) = reference::entry_by_key(&key, Kind::ThermographMethod) {
                entry.check_arity(args.len())?;
            }
            let wall = match key.as_str() {
                "leftwall" => Some(t.left_wall()),
                "rightwall" => Some(t.right_wall()),
                "wall" => match args.as_slice() {
                    [s] => Some(t.wall(side(s)? == Side::Left)),
                    _ => return Err(EvalError::new("Wall takes one argument, Left or Right")),
                },
                _ => None,
            };
            if let Some(w) = wall {
                return Ok(Value::Trajectory(Box::new(w.clone())));
            }
            match key.as_str() {
                "mast" | "mastvalue" | "mean" => return Ok(number(t.mast_value().to_rational())),
                "svg" => return save_thermograph_svg(t, None, &args, "Svg"),
                // CGSuite's name for the picture; the same plot the REPL shows under it.
                "plot" => return self.draw(receiver, None),
                "temperature" => {
                    if let Some(c) = t.top_critical_point() {
                        return Ok(number(c.to_rational()));
                    }
                }
                _ => {}
            }
        }
        match receiver {
            Value::Ruleset(r) => {
                if let Some(v) =
                    crate::rulesets::variant::ruleset_method(r, &key, &args, self.engine)
                {
                    return v;
                }
                return r.method(&key, &args, self.engine)?.ok_or_else(|| {
                    if matches!(key.as_str(), "miserequotient" | "miseresolution") {
                        EvalError::new(format!(
                            "Misère quotients are defined here for impartial heap rulesets, \
                             and {} is not one",
                            r.name()
                        ))
                    } else {
                        self.unknown_method(name, receiver)
                    }
                });
            }
            Value::Position(p) => {
                if let Some(v) = p.method(&key, &args, self.engine)? {
                    return Ok(v);
                }
                if let Some(v) = super::misere::position_method(p, &key, &args, self.engine)? {
                    return Ok(v);
                }
                if let Some(v) =
                    crate::rulesets::analysis::position_method(p, &key, &args, self.engine)?
                {
                    return Ok(v);
                }
            }
            Value::MisereQuotient(q) => {
                if let Some(entry) = reference::entry_by_key(&key, Kind::QuotientMethod) {
                    entry.check_arity(args.len())?;
                }
                return super::quotient::method(q, &key, &args)?
                    .ok_or_else(|| self.unknown_method(name, receiver));
            }
            Value::Misere(m) => {
                // Names misère games share with games (`Options`) are checked as game methods.
                if let Some(entry) = reference::entry_by_key(&key, Kind::MisereMethod)
                    && reference::entry_by_key(&key, Kind::GameMethod).is_none()
                {
                    entry.check_arity(args.len())?;
                }
                if let Some(v) = super::misere::call(*m, &key, &args, self.engine)? {
                    return Ok(v);
                }
            }
            Value::LoopyNimber(k) => {
                if let Some(entry) = reference::entry_by_key(&key, Kind::LoopyNimberMethod) {
                    entry.check_arity(args.len())?;
                }
                return self
                    .loopy_nimber_method(k, &key, &args)?
                    .ok_or_else(|| self.unknown_method(name, receiver));
            }
            _ => {}
        }
        let game_like = matches!(
            receiver,
            Value::Number(_)
                | Value::Game(_)
                | Value::Explicit(_)
                | Value::Position(_)
                | Value::Misere(_)
        );
        if game_like {
            if matches!(receiver, Value::Number(_)) && !self.is_known_game_method(&key) {
                return Err(self.unknown_method(name, receiver));
            }
            // A name that is no method at all fails before the position's value is computed:
            // a misspelt `.MisereOutlass` on a 2×42 Domineering board was an error only after
            // minutes of search.
            if !reference::lookup(&key).iter().any(|e| e.kind.is_method()) {
                return Err(self.unknown_method(name, receiver));
            }
            if let Some(entry) = reference::entry_by_key(&key, Kind::GameMethod) {
                entry.check_arity(args.len())?;
            }
            let g = self.game_of(receiver)?;
            if let Some(v) = super::misere::nimber_method(g, &key, &args, self.engine)? {
                return Ok(v);
            }
            if let Some(v) = self.game_method(g, &key, &args)? {
                return Ok(v);
            }
        }
        Err(self.unknown_method(name, receiver))
    }

    fn is_known_game_method(&self, key: &str) -> bool {
        reference::entry_by_key(key, Kind::GameMethod).is_some()
    }

    fn game_method(&mut self, g: GameId, key: &str, args: &[Value]) -> EvalResult<Option<Value>> {
        let e = &mut *self.engine;
        let bool_value = |b: bool| Ok(Some(Value::Bool(b)));
        let arity = |n: usize| -> EvalResult<()> {
            if args.len() == n {
                Ok(())
            } else {
                Err(EvalError::new(format!(
                    "expects {n} argument{}, {} given",
                    if n == 1 { "" } else { "s" },
                    args.len()
                )))
            }
        };
        match key {
            "outcomeclass" | "outcome" => Ok(Some(Value::Outcome(e.outcome(g)?))),
            "leftstop" => Ok(Some(number(e.left_stop(g).to_rational()))),
            "rightstop" => Ok(Some(number(e.right_stop(g).to_rational()))),
            "stop" => {
                arity(1)?;
                let stop = match side(&args[0])? {
                    Side::Left => e.left_stop(g),
                    Side::Right => e.right_stop(g),
                };
                Ok(Some(number(stop.to_rational())))
            }
            "leftoptions" => {
                let opts = e.left_options(g)?;
                self.game_set(opts).map(Some)
            }
            "rightoptions" => {
                let opts = e.right_options(g)?;
                self.game_set(opts).map(Some)
            }
            "options" => {
                // Without a side: Left's options and Right's, as one set.
                let opts = match args {
                    [] => {
                        let mut all = e.left_options(g)?;
                        all.extend(e.right_options(g)?);
                        all
                    }
                    [s] => match side(s)? {
                        Side::Left => e.left_options(g)?,
                        Side::Right => e.right_options(g)?,
                    },
                    _ => {
                        return Err(EvalError::new(
                            "Options takes at most one argument, Left or Right",
                        ));
                    }
                };
                self.game_set(opts).map(Some)
            }
            "canonicalform" => Ok(Some(Value::Game(g))),
            "iszero" => bool_value(g == e.zero()),
            "isnumber" => bool_value(e.is_number(g)),
            "isinteger" => bool_value(e.as_number(g).is_some_and(|x| x.is_integer())),
            "isdyadic" => bool_value(e.is_number(g)),
            "isnimber" => bool_value(e.as_nus(g).is_some_and(|n| n.is_nimber())),
            "nimvalue" => match e.as_nus(g) {
                Some(n) if n.is_nimber() => Ok(Some(integer(n.nim))),
                _ => Err(EvalError::new(
                    "NimValue applies to impartial games (nimbers)",
                )),
            },
            "isuptimal" => bool_value(e.is_uptimal(g)?),
            _ => self.game_property(g, key, args),
        }
    }

    /// A set of games in CGSuite's order.
    pub(super) fn game_set(&mut self, games: Vec<GameId>) -> EvalResult<Value> {
        self.make_set(games.into_iter().map(Value::Game).collect())
    }

    fn number_method(
        &mut self,
        r: &BigRational,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let int = || -> EvalResult<BigInt> {
            if r.is_integer() {
                Ok(r.numer().clone())
            } else {
                Err(EvalError::new(format!(
                    "{key} applies to integers, not {}",
                    super::convert::type_name(&number(r.clone()))
                )))
            }
        };
        let arg_number = |i: usize| -> EvalResult<BigRational> {
            args.get(i)
                .ok_or_else(|| EvalError::new("missing argument"))
                .and_then(expect_number)
        };
        let arg_integer = |i: usize| -> EvalResult<BigInt> {
            args.get(i)
                .ok_or_else(|| EvalError::new("missing argument"))
                .and_then(|v| {
                    expect_integer(v).map_err(|_| {
                        EvalError::new(format!(
                            "method `{key}` of an integer cannot be applied to {}",
                            type_name(v)
                        ))
                    })
                })
        };
        let nim_arg = |n: &BigInt| -> EvalResult<u64> {
            if n.is_negative() {
                return Err(EvalError::new(format!(
                    "nim arithmetic applies to non-negative integers, found {n}"
                )));
            }
            n.to_u64().ok_or_else(|| {
                EvalError::new(format!(
                    "{n} is out of range for nim arithmetic (at most 2^64 − 1)"
                ))
            })
        };
        // Game properties that numbers answer here (`4.IsEven`) count like the game's.
        if let Some(entry) = reference::entry_by_key(key, Kind::NumberMethod)
            .or_else(|| reference::entry_by_key(key, Kind::GameMethod))
        {
            entry.check_arity(args.len())?;
        }
        if let Some(v) = self.rational_surreal_method(r, key, args)? {
            return Ok(Some(v));
        }
        let v = match key {
            "abs" => number(r.abs()),
            "floor" => integer(r.floor().to_integer()),
            "ceiling" | "ceil" => integer(r.ceil().to_integer()),
            "numerator" => integer(r.numer().clone()),
            "denominator" => integer(r.denom().clone()),
            "sign" | "signum" => integer(r.signum().to_integer()),
            "isdyadic" => Value::Bool(crate::engine::Dyadic::is_dyadic_rational(r)),
            // Every rational is a number: its sign decides who wins.
            "outcomeclass" | "outcome" => Value::Outcome(match r.signum() {
                s if s.is_positive() => crate::engine::Outcome::L,
                s if s.is_negative() => crate::engine::Outcome::R,
                _ => crate::engine::Outcome::P,
            }),
            "isinteger" => Value::Bool(r.is_integer()),
            "iszero" => Value::Bool(r.is_zero()),
            "iseven" => Value::Bool(r.is_integer() && r.numer().is_even()),
            "isodd" => Value::Bool(r.is_integer() && r.numer().is_odd()),
            "reciprocal" => {
                if r.is_zero() {
                    return Err(EvalError::new("division by zero"));
                }
                number(r.recip())
            }
            "max" | "min" => {
                // `x.Max(y)` on numbers; `L.Max` (no argument) is the collection method.
                let [y] = args else {
                    return Err(EvalError::new(format!(
                        "`{key}` of a number takes one argument, as in `3.Max(5)`"
                    )));
                };
                let y = expect_number(y)?;
                number(if key == "max" {
                    r.clone().max(y)
                } else {
                    r.clone().min(y)
                })
            }
            "div" => {
                let d = arg_number(0)?;
                if d.is_zero() {
                    return Err(EvalError::new("division by zero"));
                }
                // CGSuite's Div truncates towards zero: (-7).Div(2) = -3.
                integer((r / d).trunc().to_integer())
            }
            "mod" => {
                let d = arg_number(0)?;
                if d.is_zero() {
                    return Err(EvalError::new("division by zero"));
                }
                number(r - &d * (r / &d).floor())
            }
            "gcd" => integer(int()?.gcd(&arg_integer(0)?)),
            "lcm" => integer(int()?.lcm(&arg_integer(0)?)),
            "lb" => {
                let n = int()?;
                if !n.is_positive() {
                    return Err(EvalError::new(format!(
                        "Argument to Lb is not strictly positive: {n}"
                    )));
                }
                integer(n.bits() - 1)
            }
            "istwopower" => {
                let n = int()?;
                Value::Bool(n.is_positive() && (&n & (&n - BigInt::one())).is_zero())
            }
            "isqrt" => {
                let n = int()?;
                if n.is_negative() {
                    return Err(EvalError::new(format!(
                        "Argument to Isqrt is negative: {n}"
                    )));
                }
                integer(n.sqrt())
            }
            "isodious" | "isevil" => {
                let n = int()?;
                if n.is_negative() {
                    return Err(EvalError::new(format!(
                        "{key} applies to non-negative integers, found {n}"
                    )));
                }
                let ones: u64 = n.iter_u64_digits().map(|d| d.count_ones() as u64).sum();
                Value::Bool((ones % 2 == 1) == (key == "isodious"))
            }
            "nimsum" => {
                let (a, b) = (int()?, arg_integer(0)?);
                for n in [&a, &b] {
                    if n.is_negative() {
                        return Err(EvalError::new(format!(
                            "nim arithmetic applies to non-negative integers, found {n}"
                        )));
                    }
                }
                integer(a ^ b)
            }
            "issmallinteger" => Value::Bool(r.is_integer() && r.numer().to_i32().is_some()),
            "isprime" => Value::Bool(super::primes::is_prime(&int()?)?),
            "primefactors" => Value::List(
                super::primes::prime_factors(&int()?)?
                    .into_iter()
                    .map(integer)
                    .collect(),
            ),
            "nimproduct" => {
                let (a, b) = (nim_arg(&int()?)?, nim_arg(&arg_integer(0)?)?);
                integer(nim_arith::nim_product(a, b))
            }
            "uglyproduct" => {
                let (a, b) = (nim_arg(&int()?)?, nim_arg(&arg_integer(0)?)?);
                integer(nim_arith::ugly_product(a, b))
            }
            "niminverse" => {
                let a = nim_arg(&int()?)?;
                let inv = nim_arith::nim_inverse(a).ok_or_else(|| {
                    EvalError::new("NimInverse applies only to positive integers.")
                })?;
                integer(inv)
            }
            "nimdiv" => {
                let (a, b) = (nim_arg(&int()?)?, nim_arg(&arg_integer(0)?)?);
                integer(
                    nim_arith::nim_div(a, b)
                        .ok_or_else(|| EvalError::new("nim division by zero"))?,
                )
            }
            "nimpow" | "nimpower" | "nimexp" => {
                let a = nim_arg(&int()?)?;
                let n = expect_u64(
                    args.first()
                        .ok_or_else(|| EvalError::new("missing exponent"))?,
                    "exponent",
                )?;
                integer(nim_arith::nim_pow(a, n as u128))
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// An "unknown method" error that names the receiver's type and suggests a close name:
    /// for a method of another kind of value, what it applies to.
    fn unknown_method(&mut self, name: &str, receiver: &Value) -> EvalError {
        // A known name that this receiver lacks: say what it applies to, from the reference
        // table (`Isqrt` applies to integers, not to the game {1|0}).
        let entries: Vec<&reference::Entry> = reference::lookup(name)
            .iter()
            .copied()
            .filter(|e| e.kind.is_method())
            .collect();
        if let Some(first) = entries.first() {
            // Of the receiver's kind, but not of this one (a grid ruleset's `EdgeLabels`).
            if let Some(entry) = entries
                .iter()
                .find(|e| applicable_kinds(receiver).contains(&e.kind))
            {
                return EvalError::new(format!(
                    "`{}` does not apply to this {}: {}",
                    entry.name,
                    type_name(receiver).trim_start_matches("a "),
                    entry.help.trim_end_matches('.')
                ));
            }
            // Misère games and positions are games: a game method names only games.
            let is_game_method = entries.iter().any(|e| e.kind == Kind::GameMethod);
            // Infinite numbers are numbers: a number's method names numbers only.
            let is_number_method = entries
                .iter()
                .any(|e| matches!(e.kind, Kind::GameMethod | Kind::NumberMethod));
            let mut owners: Vec<&str> = entries
                .iter()
                .filter(|e| {
                    let shadowed_by_games = is_game_method
                        && matches!(e.kind, Kind::MisereMethod | Kind::PositionMethod);
                    let shadowed_by_numbers = is_number_method && e.kind == Kind::SurrealMethod;
                    !shadowed_by_games && !shadowed_by_numbers
                })
                .map(|e| e.applies_to())
                .collect();
            owners.dedup();
            let hint = match receiver {
                Value::Ruleset(_) if entries.iter().any(|e| e.kind == Kind::GameMethod) => {
                    format!("; ask a position, as in R[5].{}", first.name)
                }
                _ => String::new(),
            };
            return EvalError::new(format!(
                "`{}` applies to {}, not to {}{hint}",
                first.name,
                owners.join(" and "),
                self.describe(receiver)
            ));
        }
        let candidates = method_candidates(receiver);
        let hint = super::names::suggestion(name, candidates.iter().copied());
        EvalError::new(format!(
            "no property or method `{name}` for {}{}",
            type_name(receiver),
            hint.map(|h| format!("; did you mean `{h}`?"))
                .unwrap_or_default()
        ))
    }
}

/// The method names a receiver of this kind may mean, for suggestions.
fn method_candidates(receiver: &Value) -> Vec<&'static str> {
    receiver_kinds(receiver)
        .iter()
        .flat_map(|&k| reference::names(k))
        .collect()
}

/// The kinds of methods that really apply to a receiver, as completion sees them: a game
/// that happens to be a number (`{|}` kept as a game) still has no number methods.
fn applicable_kinds(receiver: &Value) -> &'static [Kind] {
    reference::Receiver::of(receiver).map_or(
        &[Kind::GameMethod, Kind::NumberMethod],
        reference::Receiver::kinds,
    )
}

/// The kinds of methods a receiver of this kind may mean, for suggestions: a game may mean
/// a number's method too.
fn receiver_kinds(receiver: &Value) -> &'static [Kind] {
    match receiver {
        Value::Game(_) | Value::Explicit(_) | Value::Loopy(_) => {
            &[Kind::GameMethod, Kind::NumberMethod]
        }
        _ => applicable_kinds(receiver),
    }
}

/// `G.Thermograph.Svg(FILE)` and `thermograph_svg(G, FILE)`: write the thermograph's SVG
/// picture to FILE (headed by `title`, the game, when known) and answer FILE.
pub(super) fn save_thermograph_svg(
    th: &Thermograph,
    title: Option<&str>,
    args: &[Value],
    called: &str,
) -> EvalResult<Value> {
    let path = match args {
        [Value::Str(path)] => path,
        [other] => {
            return Err(EvalError::new(format!(
                "{called} expects a file name in quotes, found {}",
                type_name(other)
            )));
        }
        _ => {
            return Err(EvalError::new(format!(
                "{called} expects one file name: .{called}(\"g.svg\")"
            )));
        }
    };
    crate::display::thermograph_svg::save(th, title, path)
        .map_err(|e| EvalError::new(e.to_string()))?;
    Ok(Value::Str(path.clone()))
}

pub fn number(r: BigRational) -> Value {
    Value::Number(r.into())
}

pub(super) fn side(v: &Value) -> EvalResult<Side> {
    match v {
        Value::Side(s) => Ok(*s),
        other => Err(EvalError::new(format!(
            "expected Left or Right, found {}",
            type_name(other)
        ))),
    }
}
