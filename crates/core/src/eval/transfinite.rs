//! Transfinite values in the language (transfinite.md): the constant ω, surreal arithmetic on
//! generalized ordinals and their quotients, transfinite nimbers `*α`, ordinal nim arithmetic
//! (`NimSum`, `NimProduct`, `NimExp`, `ConwayProduct`) and the properties of these values.
//!
//! Rationals stay [`Value::Number`]; a result that reduces to one becomes one again
//! ([`Value::surreal`]), and a dyadic one is a short game again. The engine
//! ([`crate::engine::ordinal`]) does the arithmetic; this module decides which operation a
//! user's expression means and says clearly when there is none.

use super::convert::type_name;
use super::reference::{self, Kind};
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::display::{Summary, TransfiniteFacts};
use crate::engine::Outcome;
use crate::engine::ordinal::{self, GenOrdinal, Surreal};
use crate::syntax::ast::{BinOp, CmpOp};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;
use std::cmp::Ordering;

/// The constant ω, under both of its names (`omega` may be shadowed by a variable; `ω` cannot).
pub(super) fn constant(name: &str) -> Option<Value> {
    matches!(name, "omega" | "ω").then(|| Value::surreal(Surreal::omega()))
}

/// `v` as a surreal number, if it is one (a rational or a [`Value::Surreal`]).
pub(super) fn as_surreal(v: &Value) -> Option<Surreal> {
    match v {
        Value::Number(r) => {
            let r = r.big();
            Surreal::from_ratio(r.numer().clone(), r.denom().clone()).ok()
        }
        Value::Surreal(x) => Some((**x).clone()),
        _ => None,
    }
}

/// `v` as an ordinal for nim arithmetic: a non-negative integer or an ordinal
/// (every coefficient positive). `None` when `v` is no generalized ordinal at all.
fn as_gen_ordinal(v: &Value) -> Option<GenOrdinal> {
    match v {
        Value::Number(r) if r.is_integer() => Some(GenOrdinal::integer(r.numer())),
        Value::Surreal(x) => x.as_ordinal().cloned(),
        _ => None,
    }
}

fn is_transfinite(v: &Value) -> bool {
    matches!(
        v,
        Value::Surreal(_) | Value::TransfiniteNimber(_) | Value::Infinity { .. }
    )
}

/// A surreal number or ±inf as a fraction a/b with b = 0 for ±inf (CGSuite's `inf` is 1/0).
fn as_fraction(v: &Value) -> Option<(GenOrdinal, GenOrdinal)> {
    match v {
        Value::Infinity { negative } => Some((
            GenOrdinal::integer(if *negative { -1 } else { 1 }),
            GenOrdinal::zero(),
        )),
        _ => as_surreal(v).map(|x| (x.numerator().clone(), x.denominator().clone())),
    }
}

/// The value of a fraction a/b from the formulas of `inf` arithmetic: ±inf when b = 0, an
/// error for 0/0 (`inf - inf`, `inf * 0`, `inf / inf`).
fn from_fraction(a: GenOrdinal, b: GenOrdinal) -> EvalResult<Value> {
    if b.is_zero() {
        return match a.signum() {
            0 => Err(EvalError::new(
                "undefined: the result is 0/0 (as inf - inf, inf * 0 and inf / inf are)",
            )),
            s => Ok(Value::Infinity { negative: s < 0 }),
        };
    }
    Surreal::new(a, b).map(Value::surreal).map_err(engine_error)
}

/// The order of surreal numbers extended by -inf below and inf above them all.
fn extended_order(a: &Value, b: &Value) -> Option<Ordering> {
    let rank = |v: &Value| match v {
        Value::Infinity { negative: true } => Some(-1),
        Value::Infinity { negative: false } => Some(1),
        _ => as_surreal(v).map(|_| 0),
    };
    let (ra, rb) = (rank(a)?, rank(b)?);
    if ra != 0 || rb != 0 {
        return Some(ra.cmp(&rb));
    }
    Some(as_surreal(a)?.cmp(&as_surreal(b)?))
}

fn engine_error(e: ordinal::Error) -> EvalError {
    EvalError::new(e.to_string())
}

fn ordinal_value(x: GenOrdinal) -> Value {
    Value::surreal(Surreal::from_ordinal(x))
}

fn outcome_of_sign(sign: i32) -> Value {
    Value::Outcome(match sign {
        s if s > 0 => Outcome::L,
        s if s < 0 => Outcome::R,
        _ => Outcome::P,
    })
}

impl Evaluator<'_> {
    /// The nim value of a nimber: `Some(α)` for a transfinite nimber or a short nimber *n.
    fn nim_value_of(&mut self, v: &Value) -> Option<GenOrdinal> {
        match v {
            Value::TransfiniteNimber(a) => Some((**a).clone()),
            Value::Game(g) => {
                let nus = self.engine.as_nus(*g)?;
                (nus.number.is_zero() && nus.ups == 0)
                    .then(|| GenOrdinal::integer(BigInt::from(nus.nim)))
            }
            Value::Number(r) if r.is_zero() => Some(GenOrdinal::zero()),
            _ => None,
        }
    }

    /// A nimber with value α (ordinal): short when α is finite.
    fn nimber(&mut self, alpha: GenOrdinal) -> EvalResult<Value> {
        let Some(n) = alpha.to_integer() else {
            return Value::transfinite_nimber(alpha)
                .ok_or_else(|| EvalError::new("not a nim value"));
        };
        let n = num_traits::ToPrimitive::to_u64(&n)
            .ok_or_else(|| EvalError::new(format!("nim value too large: {n}")))?;
        Ok(Value::Game(self.engine.nimber(n)))
    }

    /// `*x` for a value x that is not an integer: a transfinite nimber when x is an infinite
    /// ordinal; `None` when x is no surreal number (the caller reports it).
    pub(super) fn star_of_transfinite(&mut self, x: &Value) -> Option<EvalResult<Value>> {
        let Value::Surreal(s) = x else {
            return None;
        };
        Some(match s.as_ordinal() {
            Some(a) if a.is_ordinal() => self.nimber(a.clone()),
            Some(a) => Err(EvalError::new(format!(
                "Nim value is not an ordinal: {a} (a nimber *α needs every coefficient of α \
                 positive)"
            ))),
            None => Err(EvalError::new(format!(
                "nim value must be an ordinal, found the surreal number {s}"
            ))),
        })
    }

    /// Runs `f` so that the engine's long loops stop on Ctrl-C and at the memory ceiling.
    fn guarded<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let flag = self.engine.interrupt_flag();
        let limit = self.engine.memory_limit();
        ordinal::with_limits(flag, limit, || f(self))
    }

    /// `+ - * / ^` when a transfinite value takes part; `None` otherwise.
    pub(super) fn transfinite_binary(
        &mut self,
        op: BinOp,
        a: &Value,
        b: &Value,
    ) -> Option<EvalResult<Value>> {
        if !is_transfinite(a) && !is_transfinite(b) {
            return None;
        }
        Some(self.guarded(|ev| ev.transfinite_binary_op(op, a, b)))
    }

    fn transfinite_binary_op(&mut self, op: BinOp, a: &Value, b: &Value) -> EvalResult<Value> {
        let infinite = |v: &Value| matches!(v, Value::Infinity { .. });
        if (infinite(a) || infinite(b))
            && let (Some((p, q)), Some((r, s))) = (as_fraction(a), as_fraction(b))
        {
            // CGSuite's fraction formulas, applied blindly (transfinite.md §1.4); dividing by
            // an exact 0 stays an error (language.md §12.11).
            return match op {
                BinOp::Add => from_fraction(&p * &s + &r * &q, q * s),
                BinOp::Sub => from_fraction(&p * &s - &r * &q, q * s),
                BinOp::Mul => from_fraction(p * r, q * s),
                BinOp::Div if r.is_zero() => Err(EvalError::new("division by zero")),
                BinOp::Div => from_fraction(p * s, q * r),
                _ => Err(no_operation(op, a, b)),
            };
        }
        if let (Some(x), Some(y)) = (as_surreal(a), as_surreal(b)) {
            let r = match op {
                BinOp::Add => x.add(&y),
                BinOp::Sub => x.sub(&y),
                BinOp::Mul => x.mul(&y),
                BinOp::Div => x.div(&y),
                BinOp::Pow => return power(&x, &y).map(Value::surreal),
                _ => return Err(no_operation(op, a, b)),
            };
            return r.map(Value::surreal).map_err(engine_error);
        }
        // Nimbers among themselves add by nim sum (an extension of CGSuite, spec §4.6); they
        // never mix with other games.
        if matches!(op, BinOp::Add | BinOp::Sub)
            && let (Some(x), Some(y)) = (self.nim_value_of(a), self.nim_value_of(b))
        {
            let sum = ordinal::nim_sum(&x, &y).map_err(engine_error)?;
            return self.nimber(sum);
        }
        Err(no_operation(op, a, b))
    }

    /// `-x` of a transfinite value.
    pub(super) fn transfinite_negate(&mut self, v: &Value) -> Option<Value> {
        match v {
            Value::Surreal(x) => Some(Value::surreal(x.neg())),
            // Every nimber is its own negative.
            Value::TransfiniteNimber(_) => Some(v.clone()),
            Value::Infinity { negative } => Some(Value::Infinity {
                negative: !negative,
            }),
            _ => None,
        }
    }

    /// Comparisons when a transfinite value takes part: surreal numbers by value, nimbers by
    /// equality only. `None` when neither operand is transfinite.
    pub(super) fn transfinite_compare(
        &mut self,
        op: CmpOp,
        a: &Value,
        b: &Value,
    ) -> Option<EvalResult<bool>> {
        if !is_transfinite(a) && !is_transfinite(b) {
            return None;
        }
        if let Some(order) = extended_order(a, b) {
            return Some(Ok(match op {
                CmpOp::Eq | CmpOp::Same => order == Ordering::Equal,
                CmpOp::Ne | CmpOp::NotSame => order != Ordering::Equal,
                CmpOp::Le => order != Ordering::Greater,
                CmpOp::Ge => order != Ordering::Less,
                CmpOp::Lt | CmpOp::LessOrConfused => order == Ordering::Less,
                CmpOp::Gt | CmpOp::GreaterOrConfused => order == Ordering::Greater,
                CmpOp::Confused | CmpOp::Order => false,
            }));
        }
        if let (Some(x), Some(y)) = (self.nim_value_of(a), self.nim_value_of(b)) {
            return Some(match op {
                CmpOp::Eq | CmpOp::Same => Ok(x == y),
                CmpOp::Ne | CmpOp::NotSame => Ok(x != y),
                _ => Err(EvalError::new(format!(
                    "transfinite nimbers are compared with == and != only, not `{}`",
                    crate::syntax::compare_text(op)
                ))),
            });
        }
        Some(match op {
            CmpOp::Eq | CmpOp::Same => Ok(false),
            CmpOp::Ne | CmpOp::NotSame => Ok(true),
            _ => Err(EvalError::new(format!(
                "cannot compare {} with {} (`{}`): an infinite value is compared with numbers \
                 only",
                type_name(a),
                type_name(b),
                crate::syntax::compare_text(op)
            ))),
        })
    }

    /// The order of sets and sorting (language.md §9): `None` unless a transfinite value
    /// takes part. Surreal numbers sit among the numbers by value, before every other game;
    /// transfinite nimbers after the short games, by nim value.
    pub(super) fn transfinite_set_order(&mut self, a: &Value, b: &Value) -> Option<Ordering> {
        if !is_transfinite(a) && !is_transfinite(b) {
            return None;
        }
        // Numbers (games that are numbers included) and ±inf, as values to order.
        let number = |ev: &mut Self, v: &Value| match v {
            Value::Game(g) => ev.engine.as_number(*g).map(|d| Value::Number(d.into())),
            Value::Number(_) | Value::Surreal(_) | Value::Infinity { .. } => Some(v.clone()),
            _ => None,
        };
        Some(match (number(self, a), number(self, b)) {
            (Some(x), Some(y)) => extended_order(&x, &y).unwrap_or(Ordering::Equal),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => match (a, b) {
                (Value::TransfiniteNimber(x), Value::TransfiniteNimber(y)) => x.cmp(y),
                (Value::TransfiniteNimber(_), _) => Ordering::Greater,
                _ => Ordering::Less,
            },
        })
    }

    /// Nim arithmetic (`NimSum`, `NimProduct`, `NimExp`) with an infinite ordinal as receiver
    /// or argument, and integers too large for a machine word; `None` for other calls.
    pub(super) fn ordinal_nim_call(
        &mut self,
        receiver: &Value,
        key: &str,
        args: &[Value],
    ) -> Option<EvalResult<Value>> {
        let operation = match key {
            "nimsum" => NimOp::Sum,
            "nimproduct" => NimOp::Product,
            "nimexp" | "nimpow" | "nimpower" => NimOp::Exp,
            _ => return None,
        };
        let [arg] = args else {
            return None;
        };
        let big = |v: &Value| match v {
            Value::Number(r) => r.is_integer() && r.small().is_none(),
            _ => false,
        };
        let takes_part = is_transfinite(receiver)
            || (operation != NimOp::Exp && is_transfinite(arg))
            || big(receiver)
            || (operation == NimOp::Product && big(arg));
        if !takes_part {
            return None;
        }
        Some(self.guarded(|ev| ev.ordinal_nim(operation, receiver, arg)))
    }

    fn ordinal_nim(&mut self, op: NimOp, receiver: &Value, arg: &Value) -> EvalResult<Value> {
        let name = op.name();
        let not_ordinal = |v: &Value| {
            EvalError::new(format!(
                "{name} applies only to ordinals (every coefficient non-negative), not {}",
                describe_value(v)
            ))
        };
        let x = as_gen_ordinal(receiver).ok_or_else(|| not_ordinal(receiver))?;
        let result = match op {
            NimOp::Exp => {
                let n = match arg {
                    Value::Number(r) if r.is_integer() => r.numer(),
                    _ => {
                        return Err(EvalError::new(format!(
                            "the exponent of NimExp must be a non-negative integer, not {}",
                            describe_value(arg)
                        )));
                    }
                };
                ordinal::nim_exp(&x, &n)
            }
            NimOp::Sum | NimOp::Product => {
                let y = as_gen_ordinal(arg).ok_or_else(|| not_ordinal(arg))?;
                if op == NimOp::Sum {
                    ordinal::nim_sum(&x, &y)
                } else {
                    ordinal::nim_product(&x, &y)
                }
            }
        };
        result.map(ordinal_value).map_err(|e| match e {
            ordinal::Error::NimNotOrdinal => {
                let culprit = [receiver, arg]
                    .into_iter()
                    .find(|v| as_gen_ordinal(v).is_some_and(|x| !x.is_ordinal()))
                    .unwrap_or(receiver);
                not_ordinal(culprit)
            }
            ordinal::Error::NimOutOfRange => EvalError::new(format!(
                "{name} out of range: nim products are known below ω^(ω^ω) as far as the α \
                 table reaches, so every exponent must be below ω^(ω^55) and no product may \
                 carry past level 54"
            )),
            other => engine_error(other),
        })
    }

    /// `nim_sum(a, b, …)` with an infinite ordinal among the arguments; `None` otherwise.
    pub(super) fn ordinal_nim_sum_of(&mut self, args: &[Value]) -> Option<EvalResult<Value>> {
        if !args.iter().any(is_transfinite) {
            return None;
        }
        let mut acc = GenOrdinal::zero();
        for v in args {
            let Some(x) = as_gen_ordinal(v) else {
                return Some(Err(EvalError::new(format!(
                    "nim_sum applies only to ordinals, not {}",
                    describe_value(v)
                ))));
            };
            match ordinal::nim_sum(&acc, &x) {
                Ok(sum) => acc = sum,
                Err(e) => return Some(Err(engine_error(e))),
            }
        }
        Some(Ok(ordinal_value(acc)))
    }

    /// A property or method of an infinite surreal number, ±inf or a transfinite nimber, with
    /// its argument count checked against the reference table: `Ok(None)` for a name they do
    /// not have; `None` for other receivers.
    pub(super) fn transfinite_method(
        &mut self,
        receiver: &Value,
        key: &str,
        args: &[Value],
    ) -> Option<EvalResult<Option<Value>>> {
        let kind = match receiver {
            Value::Surreal(_) | Value::Infinity { .. } => Kind::SurrealMethod,
            Value::TransfiniteNimber(_) => Kind::TransfiniteNimberMethod,
            _ => return None,
        };
        if let Some(entry) = reference::entry_by_key(key, kind)
            && let Err(e) = entry.check_arity(args.len())
        {
            return Some(Err(e));
        }
        Some(match receiver {
            Value::Surreal(x) => self.surreal_method(x, key, args),
            Value::Infinity { negative } => self.infinity_method(*negative, key, args),
            Value::TransfiniteNimber(alpha) => self.transfinite_nimber_method(alpha, key, args),
            _ => Ok(None),
        })
    }

    /// What a rational answers as a surreal number rather than as a short game (spec §3.5): a
    /// non-dyadic one is born on day ω (the limit of its binary expansion) and is no ordinal;
    /// `n.OmegaPower` is ω^n; `Max` and `Min` take infinite arguments. `Ok(None)` otherwise.
    pub(super) fn rational_surreal_method(
        &mut self,
        r: &BigRational,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let dyadic = crate::engine::Dyadic::is_dyadic_rational(r);
        let against_infinite = args.iter().any(is_transfinite);
        match key {
            "birthday" if !dyadic => Ok(Some(Value::surreal(Surreal::omega()))),
            "isordinal" if !dyadic => Ok(Some(Value::Bool(false))),
            "omegapower" if !r.is_integer() => Err(EvalError::new(format!(
                "OmegaPower applies to integers and generalized ordinals, not to {r}"
            ))),
            "omegapower" => {
                let n = GenOrdinal::integer(r.numer().clone());
                Ok(Some(Value::surreal(n.omega_power().map_err(engine_error)?)))
            }
            "max" | "min" if against_infinite => {
                let x = Surreal::from_ratio(r.numer().clone(), r.denom().clone())
                    .map_err(engine_error)?;
                self.surreal_method(&x, key, args)
            }
            _ => Ok(None),
        }
    }

    /// The properties and methods of a surreal number that is not rational (spec §3.5).
    pub(super) fn surreal_method(
        &mut self,
        x: &Surreal,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let as_ord = x.as_ordinal();
        let v = match key {
            "sign" | "signum" => Value::integer(x.signum()),
            "abs" => Value::surreal(x.abs()),
            "birthday" => match as_ord {
                Some(a) => ordinal_value(a.birthday()),
                None => {
                    return Err(EvalError::new(format!(
                        "Birthday is computed for rationals and generalized ordinals only, \
                         not for the quotient {x}"
                    )));
                }
            },
            "isordinal" => Value::Bool(x.is_ordinal()),
            "outcomeclass" | "outcome" => outcome_of_sign(x.signum()),
            "numerator" => ordinal_value(x.numerator().clone()),
            "denominator" => ordinal_value(x.denominator().clone()),
            "reciprocal" => Value::surreal(x.recip().map_err(engine_error)?),
            "max" | "min" => {
                let [other] = args else {
                    return Ok(None);
                };
                let this = Value::surreal(x.clone());
                let order = extended_order(&this, other).ok_or_else(|| {
                    EvalError::new(format!(
                        "{} compares numbers, not {}",
                        if key == "max" { "Max" } else { "Min" },
                        type_name(other)
                    ))
                })?;
                let keep_this = (order != Ordering::Less) == (key == "max");
                if keep_this { this } else { other.clone() }
            }
            "omegapower" => match as_ord {
                Some(a) => Value::surreal(a.omega_power().map_err(engine_error)?),
                None => {
                    return Err(EvalError::new(format!(
                        "OmegaPower applies to generalized ordinals, not to the quotient {x}"
                    )));
                }
            },
            "isnumber" | "isnumberish" | "isloopfree" | "isstopper" | "isstoppersided"
            | "isplumtree" | "ispseudonumber" | "isuptimal" | "isnumbertiny" => Value::Bool(true),
            "isinteger" | "iszero" | "isnimber" | "isallsmall" | "isfinite" | "isinfinitesimal"
            | "isdyadic" | "issmallinteger" => Value::Bool(false),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// The properties of `inf` and `-inf` (transfinite.md §1.4).
    pub(super) fn infinity_method(
        &mut self,
        negative: bool,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let this = Value::Infinity { negative };
        let sign = if negative { -1 } else { 1 };
        let v = match key {
            "sign" | "signum" => Value::integer(sign),
            "abs" => Value::Infinity { negative: false },
            "outcomeclass" | "outcome" => outcome_of_sign(sign),
            "numerator" => Value::integer(sign),
            "denominator" => Value::integer(0),
            "reciprocal" => Value::integer(0),
            "max" | "min" => {
                let [other] = args else {
                    return Ok(None);
                };
                let order = extended_order(&this, other).ok_or_else(|| {
                    EvalError::new(format!(
                        "inf compares with numbers, not {}",
                        type_name(other)
                    ))
                })?;
                let keep_this = (order != Ordering::Less) == (key == "max");
                if keep_this { this } else { other.clone() }
            }
            "birthday" | "floor" | "ceiling" | "omegapower" => {
                return Err(EvalError::new(format!(
                    "{} has no {}: it is no surreal number",
                    if negative { "-inf" } else { "inf" },
                    match key {
                        "birthday" => "birthday",
                        "omegapower" => "OmegaPower",
                        _ => "integer part",
                    }
                )));
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// The properties of a transfinite nimber *α (spec §4.6).
    pub(super) fn transfinite_nimber_method(
        &mut self,
        alpha: &GenOrdinal,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let v = match key {
            "outcomeclass" | "outcome" => Value::Outcome(Outcome::N),
            "nimvalue" => ordinal_value(alpha.clone()),
            "conwayproduct" => {
                let [other] = args else {
                    return Ok(None);
                };
                return self.conway_product_of_nimbers(alpha, other).map(Some);
            }
            "isnimber" | "isnumberish" | "isallsmall" | "isloopfree" | "isstopper"
            | "isstoppersided" | "isplumtree" | "isuptimal" | "isinfinitesimal" => {
                Value::Bool(true)
            }
            "isnumber" | "isinteger" | "iszero" | "isfinite" | "ispseudonumber"
            | "isnumbertiny" => Value::Bool(false),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// `*a ConwayProduct *b` = *(a ⊗ b) for nimbers, either of them transfinite.
    fn conway_product_of_nimbers(&mut self, a: &GenOrdinal, other: &Value) -> EvalResult<Value> {
        let b = self.nim_value_of(other).ok_or_else(|| {
            EvalError::new(format!(
                "ConwayProduct of a transfinite nimber takes another nimber, not {}",
                type_name(other)
            ))
        })?;
        let product = self
            .guarded(|_| ordinal::nim_product(a, &b))
            .map_err(engine_error)?;
        self.nimber(product)
    }

    /// `G.ConwayProduct(*α)` with a short nimber G and a transfinite argument; `None` when
    /// the argument is not transfinite.
    pub(super) fn conway_product_with_transfinite(
        &mut self,
        receiver: &Value,
        args: &[Value],
    ) -> Option<EvalResult<Value>> {
        let [Value::TransfiniteNimber(b)] = args else {
            return None;
        };
        let b = (**b).clone();
        Some(match self.nim_value_of(receiver) {
            Some(a) => self
                .guarded(|_| ordinal::nim_product(&a, &b))
                .map_err(engine_error)
                .and_then(|p| self.nimber(p)),
            None => Err(EvalError::new(format!(
                "ConwayProduct with a transfinite nimber takes a nimber, not {}",
                type_name(receiver)
            ))),
        })
    }
}

/// The summary under an infinite surreal number: sign and outcome, whether it is an
/// ordinal, and its birthday where defined (generalized ordinals).
pub(super) fn surreal_summary(x: &Surreal) -> Summary {
    let (outcome, meaning) = match x.signum() {
        s if s > 0 => ("L", "positive: Left wins"),
        s if s < 0 => ("R", "negative: Right wins"),
        _ => ("P", "zero: second player wins"),
    };
    let ordinal = x.as_ordinal();
    Summary {
        outcome: outcome.into(),
        outcome_meaning: meaning.into(),
        birthday: ordinal
            .map(|a| a.birthday().to_string())
            .unwrap_or_default(),
        transfinite: Some(TransfiniteFacts {
            is_ordinal: ordinal.map(GenOrdinal::is_ordinal),
            nim_value: None,
        }),
        ..Summary::default()
    }
}

/// The summary under a transfinite nimber *α: the first player wins; its nim value.
pub(super) fn nimber_summary(alpha: &GenOrdinal) -> Summary {
    Summary {
        outcome: "N".into(),
        outcome_meaning: "first player wins".into(),
        transfinite: Some(TransfiniteFacts {
            is_ordinal: None,
            nim_value: Some(alpha.to_string()),
        }),
        ..Summary::default()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum NimOp {
    Sum,
    Product,
    Exp,
}

impl NimOp {
    fn name(self) -> &'static str {
        match self {
            NimOp::Sum => "NimSum",
            NimOp::Product => "NimProduct",
            NimOp::Exp => "NimExp",
        }
    }
}

/// "the generalized ordinal ω-1", "a game": what a value is, with its text when it is a
/// number.
fn describe_value(v: &Value) -> String {
    match v {
        Value::Surreal(x) => format!("{} {x}", type_name(v)),
        Value::Number(r) => format!("{} {r}", type_name(v)),
        _ => type_name(v).to_string(),
    }
}

/// `x ^ y` on surreal numbers (spec §3.4): ω to a generalized ordinal, or any surreal to an
/// integer power.
fn power(x: &Surreal, y: &Surreal) -> EvalResult<Surreal> {
    if let Some(n) = y.as_integer() {
        if n.is_negative() && x.is_zero() {
            return Err(EvalError::new("division by zero"));
        }
        return x.pow(&n).map_err(engine_error);
    }
    let is_omega = x.as_ordinal().is_some_and(|a| *a == GenOrdinal::omega());
    match y.as_ordinal() {
        Some(e) if is_omega => e.omega_power().map_err(engine_error),
        Some(_) => Err(EvalError::new(format!(
            "`^` with an infinite exponent needs the base ω exactly, not {x}"
        ))),
        None => Err(EvalError::new(format!(
            "the exponent of `^` must be an integer (or a generalized ordinal, with base ω), \
             not {y}"
        ))),
    }
}

/// CGSuite's "No operation" error for operator and operand types that do not combine.
fn no_operation(op: BinOp, a: &Value, b: &Value) -> EvalError {
    let hint = if [a, b].into_iter().any(is_transfinite)
        && [a, b].iter().any(|v| {
            matches!(
                v,
                Value::Game(_) | Value::Explicit(_) | Value::Position(_) | Value::Loopy(_)
            )
        }) {
        ": infinite values do not mix with games that are not numbers"
    } else {
        ""
    };
    let message = format!(
        "No operation `{}` for arguments of types {} and {}{hint}",
        super::expr::op_symbol(op),
        type_name(a),
        type_name(b)
    );
    // A game typed as `10^2` (10 + ↑2) where a number was meant gets the hint that says so.
    match [a, b].into_iter().find(|v| matches!(v, Value::Game(_))) {
        Some(game) => EvalError::integer_wanted(message, game),
        None => EvalError::new(message),
    }
}
