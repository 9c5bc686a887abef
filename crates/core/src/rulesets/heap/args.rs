//! Reading constructor and method arguments (heap sizes, subtraction sets, codes, flags) with
//! clear errors.

use super::super::Args;
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

pub fn integer_value(n: impl Into<BigInt>) -> Value {
    Value::integer(n)
}

pub fn describe_kind(v: &Value) -> &'static str {
    match v {
        Value::Number(r) if r.is_integer() => "an integer",
        Value::Number(_) => "a fraction",
        Value::Str(_) => "a string",
        Value::List(_) => "a list",
        Value::Set(_) => "a set",
        Value::Tuple(_) => "a tuple",
        Value::Bool(_) => "a boolean",
        Value::Ruleset(_) => "a ruleset",
        Value::Nothing => "Nothing",
        _ => "a game",
    }
}

pub fn integer(v: &Value, what: &str) -> EvalResult<BigInt> {
    match v {
        Value::Number(r) if r.is_integer() => Ok(r.numer().clone()),
        other => Err(EvalError::integer_wanted(
            format!("{what} must be an integer, found {}", describe_kind(other)),
            other,
        )),
    }
}

/// A non-negative integer (a heap size, a count).
pub fn natural(v: &Value, what: &str) -> EvalResult<u64> {
    let n = integer(v, what)?;
    if n.is_negative() {
        return Err(EvalError::new(format!(
            "{what} must be non-negative, found {n}"
        )));
    }
    n.to_u64()
        .ok_or_else(|| EvalError::new(format!("{what} is too large: {n}")))
}

/// The integers of `f(1, 2, 3)` or `f([1, 2, 3])` / `f({1, 2, 3})`.
pub fn integer_list(args: &[Value], what: &str) -> EvalResult<Vec<BigInt>> {
    let items = match args {
        [Value::List(items)] | [Value::Set(items)] | [Value::Tuple(items)] => items.as_slice(),
        _ => args,
    };
    items.iter().map(|v| integer(v, what)).collect()
}

pub fn string<'a>(v: &'a Value, what: &str) -> EvalResult<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(EvalError::new(format!(
            "{what} must be a string (in quotes), found {}",
            describe_kind(other)
        ))),
    }
}

pub fn boolean(v: &Value, what: &str) -> EvalResult<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(EvalError::new(format!(
            "{what} must be true or false, found {}",
            describe_kind(other)
        ))),
    }
}

/// The named flag `name => b` (default false); any other name is an error.
pub fn flag(args: &Args, name: &str, function: &str) -> EvalResult<bool> {
    let mut value = false;
    for (n, v) in &args.named {
        if n.eq_ignore_ascii_case(name) {
            value = boolean(v, &format!("`{name}`"))?;
        } else {
            return Err(EvalError::new(format!(
                "{function} has no argument named `{n}`"
            )));
        }
    }
    Ok(value)
}

/// Fail if any named argument was given.
pub fn no_named(args: &Args, function: &str) -> EvalResult<()> {
    match args.named.first() {
        Some((n, _)) => Err(EvalError::new(format!(
            "{function} has no argument named `{n}`"
        ))),
        None => Ok(()),
    }
}

/// Exactly `n` positional arguments.
pub fn arity<'a>(args: &'a [Value], n: usize, function: &str) -> EvalResult<&'a [Value]> {
    if args.len() == n {
        Ok(args)
    } else {
        Err(EvalError::new(format!(
            "{function} takes {n} argument{}, {} given",
            if n == 1 { "" } else { "s" },
            args.len()
        )))
    }
}
