//! Values as hash keys, compared structurally: numbers exactly, strings by content,
//! collections element by element, games by id, functions and rulesets by identity. A range
//! or a nim sequence is keyed as the list of its elements, since it equals that list. Values with no such
//! identity (thermographs, positions, explicit game forms) have no key.
//!
//! User-defined rulesets memoise their positions by key (language.md §11), and the evaluator
//! memoises function calls by the keys of their arguments.

use super::{Rational, Value};
use std::rc::Rc;

/// Longest range accepted as (part of) a key.
const MAX_RANGE_KEY: u64 = 1_000_000;

/// The structural identity of a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Number(Rational),
    /// A surreal number that is not rational, and a transfinite nimber, by value.
    Surreal(Rc<crate::engine::ordinal::Surreal>),
    TransfiniteNimber(Rc<crate::engine::ordinal::GenOrdinal>),
    /// `inf` (false) and `-inf` (true).
    Infinity(bool),
    Game(u32),
    Bool(bool),
    Str(Box<str>),
    Nothing,
    Side(bool),
    Outcome(Box<str>),
    /// Lists, ranges and nim sequences.
    List(Box<[Key]>),
    Set(Box<[Key]>),
    Tuple(Box<[Key]>),
    Map(Box<[(Key, Key)]>),
    /// Rulesets and functions, by identity.
    Ruleset(usize),
    Function(usize),
}

impl Key {
    /// The key of `v`, or `None` when `v` has no structural identity.
    pub fn of(v: &Value) -> Option<Key> {
        Some(match v {
            Value::Number(r) => Key::Number(r.clone()),
            Value::Surreal(x) => Key::Surreal(x.clone()),
            Value::TransfiniteNimber(a) => Key::TransfiniteNimber(a.clone()),
            Value::Infinity { negative } => Key::Infinity(*negative),
            Value::Game(g) => Key::Game(g.0),
            Value::Bool(b) => Key::Bool(*b),
            Value::Str(s) => Key::Str(s.as_str().into()),
            Value::Nothing => Key::Nothing,
            Value::Side(s) => Key::Side(*s == super::Side::Left),
            Value::Outcome(o) => Key::Outcome(format!("{o:?}").into()),
            Value::List(items) => Key::List(seq(items)?),
            Value::Set(items) => Key::Set(seq(items)?),
            Value::Tuple(items) => Key::Tuple(seq(items)?),
            Value::Range(r) => Key::List(
                r.integers(MAX_RANGE_KEY)?
                    .into_iter()
                    .map(|n| Key::Number(n.into()))
                    .collect(),
            ),
            Value::Sequence(s) if s.len() as u64 <= MAX_RANGE_KEY => {
                Key::List(s.iter().map(|v| Key::Number(v.into())).collect())
            }
            Value::Map(entries) => Key::Map(
                entries
                    .iter()
                    .map(|(k, v)| Some((Key::of(k)?, Key::of(v)?)))
                    .collect::<Option<_>>()?,
            ),
            Value::Entry(e) => Key::Tuple(Box::new([Key::of(&e.0)?, Key::of(&e.1)?])),
            Value::Ruleset(r) => Key::Ruleset(Rc::as_ptr(r) as *const () as usize),
            Value::Function(f) => Key::Function(Rc::as_ptr(f) as *const () as usize),
            _ => return None,
        })
    }
}

fn seq(items: &[Value]) -> Option<Box<[Key]>> {
    items.iter().map(Key::of).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::IntRange;

    fn int(n: i64) -> Value {
        Value::integer(n)
    }

    #[test]
    fn equal_values_have_equal_keys() {
        let a = Value::Tuple(vec![int(1), Value::Str("x".into())]);
        let b = Value::Tuple(vec![int(1), Value::Str("x".into())]);
        assert_eq!(Key::of(&a), Key::of(&b));
        assert_ne!(Key::of(&a), Key::of(&Value::List(vec![int(1)])));
        let range = Value::Range(Box::new(IntRange {
            start: 1.into(),
            end: 3.into(),
            step: 1.into(),
        }));
        assert_eq!(
            Key::of(&range),
            Key::of(&Value::List(vec![int(1), int(2), int(3)]))
        );
    }
}
