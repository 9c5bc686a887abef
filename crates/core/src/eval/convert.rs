//! Conversions between values: numbers to games, values to integers, and the type names used
//! in error messages.

pub use crate::value::type_name;

use super::{EvalError, EvalResult, Evaluator, Value};
use crate::display::PrintError;
use crate::engine::{Dyadic, GameId};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};

impl Evaluator<'_> {
    /// The canonical game a value stands for (dyadic numbers are games).
    pub(super) fn game_of(&mut self, v: &Value) -> EvalResult<GameId> {
        match v {
            Value::Game(g) => Ok(*g),
            Value::Explicit(e) => super::explicit::normal_value(e, self.engine),
            Value::Position(p) => Ok(p.value(self.engine)?),
            // Outside misère play `*[...]` is the impartial game *g⁺ (rulesets.md §8.13).
            Value::Misere(m) => Ok(crate::misere::normal_value(*m, self.engine)),
            Value::Number(r) => {
                let d = dyadic(&r.big())?;
                Ok(self.engine.number(d))
            }
            other => Err(EvalError::new(format!(
                "expected a game, found {}",
                type_name(other)
            ))),
        }
    }

    /// A value in CGSuite's notation, for messages and string conversions (what was printed
    /// before an interruption, if one came).
    pub(super) fn render(&mut self, v: &Value) -> String {
        let mut s = String::new();
        let _ = self.write_rendered(v, &mut s);
        s
    }

    /// A value named in a message: `the game {1|0}` when its notation is short, else only
    /// its type (`a game`); positions are not evaluated for it.
    pub(super) fn describe(&mut self, v: &Value) -> String {
        const SHORT: usize = 40;
        let kind = type_name(v);
        if !matches!(v, Value::Number(_) | Value::Game(_) | Value::Explicit(_)) {
            return kind.to_string();
        }
        let text = self.render(v);
        if text.is_empty() || text.chars().count() > SHORT {
            return kind.to_string();
        }
        let noun = kind
            .strip_prefix("an ")
            .or_else(|| kind.strip_prefix("a "))
            .unwrap_or(kind);
        format!("the {noun} {text}")
    }

    /// [`Self::render`], failing (interrupted, memory ceiling) instead of giving what it had.
    pub(super) fn try_render(&mut self, v: &Value) -> EvalResult<String> {
        let mut s = String::new();
        let printed = self.write_rendered(v, &mut s);
        match printed {
            Ok(()) => Ok(s),
            Err(PrintError::Engine(e)) => Err(e.into()),
            Err(e) => Err(EvalError::new(e.to_string())),
        }
    }

    fn write_rendered(&mut self, v: &Value, out: &mut String) -> Result<(), PrintError> {
        self.ctx
            .printer
            .borrow_mut()
            .write_value(self.engine, v, out)
    }
}

/// The dyadic rational of an exact number, or a clear error.
pub fn dyadic(r: &BigRational) -> EvalResult<Dyadic> {
    if !Dyadic::is_dyadic_rational(r) {
        return Err(EvalError::new(format!(
            "{}/{} is not a dyadic rational, so it is not a short game",
            r.numer(),
            r.denom()
        )));
    }
    Dyadic::from_rational(r)
        .ok_or_else(|| EvalError::new("number too large to use as a game (overflow)"))
}

pub fn expect_integer(v: &Value) -> EvalResult<BigInt> {
    match v {
        Value::Number(r) if r.is_integer() => Ok(r.numer().clone()),
        other => Err(EvalError::integer_wanted(
            format!("expected an integer, found {}", type_name(other)),
            other,
        )),
    }
}

pub fn expect_number(v: &Value) -> EvalResult<BigRational> {
    match v {
        Value::Number(r) => Ok(r.clone().into_big()),
        other => Err(EvalError::new(format!(
            "expected a number, found {}",
            type_name(other)
        ))),
    }
}

pub fn expect_bool(v: &Value) -> EvalResult<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(EvalError::new(format!(
            "expected true or false, found {}",
            type_name(other)
        ))),
    }
}

/// A non-negative integer that fits in u64 (nimber indices, counts).
pub fn expect_u64(v: &Value, what: &str) -> EvalResult<u64> {
    let n = expect_integer(v)?;
    if n.is_negative() {
        return Err(EvalError::new(format!("{what} is negative: {n}")));
    }
    n.to_u64()
        .ok_or_else(|| EvalError::new(format!("{what} is too large: {n}")))
}

pub fn integer(n: impl Into<BigInt>) -> Value {
    Value::Number(n.into().into())
}
