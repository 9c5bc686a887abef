//! Position values as hash keys, and how they print inside `R(p)`.
//!
//! A user-defined ruleset memoises by position value, compared structurally (language.md §11):
//! numbers exactly, strings by content, collections element by element, games by id. A range
//! is keyed as the list of its elements, since it equals that list. Values with no structural
//! identity (functions, thermographs, positions) cannot be positions.

use crate::value::{IntRange, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::fmt::Write;

/// Longest range accepted as (part of) a position.
const MAX_RANGE_KEY: u64 = 1_000_000;

/// The structural identity of a position value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// Small integers, the common case, kept unboxed.
    Int(i64),
    Rational(BigRational),
    Game(u32),
    Bool(bool),
    Str(Box<str>),
    Nothing,
    Side(bool),
    Outcome(Box<str>),
    /// Lists and ranges.
    List(Box<[Key]>),
    Set(Box<[Key]>),
    Tuple(Box<[Key]>),
    Map(Box<[(Key, Key)]>),
    /// Rulesets by identity.
    Ruleset(usize),
}

impl Key {
    /// The key of `v`, or `None` when `v` cannot serve as a position.
    pub fn of(v: &Value) -> Option<Key> {
        Some(match v {
            Value::Number(r) => number(&r.big()),
            Value::Game(g) => Key::Game(g.0),
            Value::Bool(b) => Key::Bool(*b),
            Value::Str(s) => Key::Str(s.as_str().into()),
            Value::Nothing => Key::Nothing,
            Value::Side(s) => Key::Side(*s == crate::value::Side::Left),
            Value::Outcome(o) => Key::Outcome(format!("{o:?}").into()),
            Value::List(items) => Key::List(seq(items)?),
            Value::Set(items) => Key::Set(seq(items)?),
            Value::Tuple(items) => Key::Tuple(seq(items)?),
            Value::Range(r) => Key::List(
                range_values(r, MAX_RANGE_KEY)?
                    .into_iter()
                    .map(|n| number(&BigRational::from_integer(n)))
                    .collect(),
            ),
            Value::Map(entries) => Key::Map(
                entries
                    .iter()
                    .map(|(k, v)| Some((Key::of(k)?, Key::of(v)?)))
                    .collect::<Option<_>>()?,
            ),
            Value::Ruleset(r) => Key::Ruleset(std::rc::Rc::as_ptr(r) as *const () as usize),
            _ => return None,
        })
    }
}

fn number(r: &BigRational) -> Key {
    if r.is_integer()
        && let Some(n) = r.numer().to_i64()
    {
        return Key::Int(n);
    }
    Key::Rational(r.clone())
}

fn seq(items: &[Value]) -> Option<Box<[Key]>> {
    items.iter().map(Key::of).collect()
}

/// The integers of a range, if it has at most `limit` of them.
pub fn range_values(r: &IntRange, limit: u64) -> Option<Vec<BigInt>> {
    if r.step.is_zero() {
        return None;
    }
    let span = &r.end - &r.start;
    let count = if span.is_zero() || span.is_negative() == r.step.is_negative() {
        (&span / &r.step) + BigInt::one()
    } else {
        BigInt::zero()
    };
    if count > BigInt::from(limit) {
        return None;
    }
    let count = count.to_u64()?;
    let mut out = Vec::with_capacity(count as usize);
    let mut x = r.start.clone();
    for _ in 0..count {
        out.push(x.clone());
        x += &r.step;
    }
    Some(out)
}

/// A position value as it prints inside `R(…)`, without the engine: games that are not
/// numbers print by id (position values that are games are rare; see the module report).
pub fn render(v: &Value, out: &mut String) {
    let list = |items: &[Value], open: &str, close: &str, out: &mut String| {
        out.push_str(open);
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            render(x, out);
        }
        out.push_str(close);
    };
    match v {
        Value::Number(r) => {
            let _ = write!(out, "{r}");
        }
        Value::Str(s) => {
            let _ = write!(out, "\"{s}\"");
        }
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Nothing => out.push_str("Nothing"),
        Value::Side(s) => out.push_str(if *s == crate::value::Side::Left {
            "Left"
        } else {
            "Right"
        }),
        Value::Outcome(o) => {
            let _ = write!(out, "{}", o.letter());
        }
        Value::List(items) => list(items, "[", "]", out),
        Value::Set(items) => list(items, "{", "}", out),
        Value::Tuple(items) => list(items, "(", ")", out),
        Value::Range(r) => {
            let _ = write!(out, "{}..{}", r.start, r.end);
            if !r.step.is_one() {
                let _ = write!(out, "..{}", r.step);
            }
        }
        Value::Map(entries) => {
            if entries.is_empty() {
                out.push_str("{=>}");
                return;
            }
            out.push('{');
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                render(k, out);
                out.push_str(" => ");
                render(x, out);
            }
            out.push('}');
        }
        Value::Game(g) => {
            let _ = write!(out, "<game {}>", g.0);
        }
        Value::Ruleset(r) => out.push_str(&r.name()),
        other => out.push_str(crate::value::type_name(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: i64) -> Value {
        Value::integer(n)
    }

    #[test]
    fn equal_values_have_equal_keys() {
        let a = Value::Tuple(vec![int(1), Value::Str("x".into())]);
        let b = Value::Tuple(vec![int(1), Value::Str("x".into())]);
        assert_eq!(Key::of(&a), Key::of(&b));
        assert_ne!(Key::of(&a), Key::of(&Value::List(vec![int(1)])));
        // `into` whether or not the range is boxed.
        #[allow(clippy::useless_conversion)]
        let range = Value::Range(
            IntRange {
                start: 1.into(),
                end: 3.into(),
                step: 1.into(),
            }
            .into(),
        );
        assert_eq!(
            Key::of(&range),
            Key::of(&Value::List(vec![int(1), int(2), int(3)]))
        );
    }

    #[test]
    fn values_print_as_cgsuite_writes_them() {
        let mut s = String::new();
        render(
            &Value::Tuple(vec![
                int(1),
                int(4),
                Value::List(vec![Value::Str("a".into())]),
            ]),
            &mut s,
        );
        assert_eq!(s, "(1,4,[\"a\"])");
    }
}
