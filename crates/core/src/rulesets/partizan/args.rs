//! Reading the arguments of the partizan ruleset functions, and the error that points at a
//! bad character of a board or string.

use crate::rulesets::Args;
use crate::value::{EvalError, EvalResult, Value};
use num_traits::ToPrimitive;

/// Fail on named arguments (`domineering(4, 5, x => 1)`): none of these functions has any.
pub fn no_named(function: &str, args: &Args) -> EvalResult<()> {
    match args.named.first() {
        Some((name, _)) => Err(EvalError::new(format!(
            "{function} has no argument named `{name}`"
        ))),
        None => Ok(()),
    }
}

/// The text of a string argument.
pub fn text<'a>(function: &str, value: &'a Value) -> EvalResult<&'a str> {
    match value {
        Value::Str(s) => Ok(s),
        other => Err(EvalError::new(format!(
            "{function} expects a string such as {}, found {}",
            example(function),
            describe_kind(other)
        ))),
    }
}

/// A board size: an integer from 1 to `max`.
pub fn size(function: &str, what: &str, value: &Value, max: u64) -> EvalResult<u64> {
    let n = match value {
        Value::Number(r) if r.is_integer() => r.numer().clone(),
        other => {
            return Err(EvalError::integer_wanted(
                format!(
                    "{function}: the {what} must be an integer, found {}",
                    describe_kind(other)
                ),
                other,
            ));
        }
    };
    match n.to_u64() {
        Some(k) if (1..=max).contains(&k) => Ok(k),
        _ => Err(EvalError::new(format!(
            "{function}: the {what} must be between 1 and {max}, found {n}"
        ))),
    }
}

/// A 0/1 or true/false flag.
pub fn flag(function: &str, what: &str, value: &Value) -> EvalResult<bool> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Number(r) if r.small() == Some(0) || r.small() == Some(1) => {
            Ok(r.small() == Some(1))
        }
        _ => Err(EvalError::new(format!(
            "{function}: {what} must be 0, 1, true or false"
        ))),
    }
}

/// An error about the character at `index` (in characters) of `source`.
pub fn bad_char(function: &str, source: &str, index: usize, message: &str) -> EvalError {
    EvalError::in_string(format!("{function}: {message}"), source, index)
}

fn example(function: &str) -> &'static str {
    match function {
        "hackenbush" => "\"LLR\"",
        "toads_frogs" => "\"TT__FF\"",
        "domineering" => "\"..#./....\"",
        "clobber" => "\"xo.ox\"",
        _ => "\"...\"",
    }
}

fn describe_kind(value: &Value) -> &'static str {
    match value {
        Value::Number(r) if r.is_integer() => "an integer",
        Value::Number(_) => "a rational number",
        Value::Str(_) => "a string",
        Value::Bool(_) => "a boolean",
        Value::List(_) => "a list",
        Value::Set(_) => "a set",
        Value::Tuple(_) => "a tuple",
        Value::Game(_) | Value::Explicit(_) | Value::Position(_) => "a game",
        _ => "another kind of value",
    }
}
