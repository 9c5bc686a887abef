//! CGSuite's universal order of values (language.md §9), for sets, map keys and `Sorted`:
//! Nothing, numbers and games, misère games, Booleans (`true` first), strings, tuples, lists
//! and ranges, sets, maps, and the rest.

use super::{EvalResult, Evaluator, Value};
use crate::value::Rational;
use std::cmp::Ordering;

fn rank(v: &Value) -> u8 {
    match v {
        Value::Nothing => 0,
        Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Position(_) => 1,
        Value::Loopy(_)
        | Value::Surreal(_)
        | Value::TransfiniteNimber(_)
        | Value::Infinity { .. } => 1,
        Value::Misere(_) | Value::LoopyNimber(_) => 2,
        Value::Bool(_) => 3,
        Value::Str(_) => 4,
        Value::Tuple(_) => 5,
        Value::List(_) | Value::Range(_) | Value::Sequence(_) => 6,
        Value::Set(_) => 7,
        Value::Map(_) => 8,
        Value::Entry(_) => 9,
        Value::Outcome(_) => 10,
        Value::Side(_) => 11,
        Value::Thermograph(_) | Value::Trajectory(_) | Value::Text(_) => 12,
        Value::Ruleset(_) | Value::MisereQuotient(_) => 13,
        Value::Function(_) => 14,
    }
}

impl Evaluator<'_> {
    /// Sort values into set order. A game that is a number becomes that number, so that `5`
    /// and `{4|}` are one element, and set elements that are numbers work as numbers do.
    pub(super) fn sort_values(&mut self, values: &mut [Value]) -> EvalResult<()> {
        for v in values.iter_mut() {
            self.normalise_element(v)?;
        }
        // Every comparison asks for Ctrl-C: a set of a million elements is a long loop.
        let sorted = merge_sort(self, values.to_vec(), &mut |ev, a, b| {
            ev.engine.check_interrupt()?;
            ev.compare_values(a, b)
        })?;
        values.clone_from_slice(&sorted);
        Ok(())
    }

    /// A set element or map key in its one form: an explicit game canonical, a game that is a
    /// number as that number.
    pub(super) fn normalise_element(&mut self, v: &mut Value) -> EvalResult<()> {
        if let Value::Explicit(_) = v {
            *v = Value::Game(self.game_of(v)?);
        }
        if let Value::Game(g) = v
            && let Some(d) = self.engine.as_number(*g)
        {
            *v = Value::Number(d.into());
        }
        Ok(())
    }

    pub(super) fn compare_values(&mut self, a: &Value, b: &Value) -> EvalResult<Ordering> {
        let by_rank = rank(a).cmp(&rank(b));
        if by_rank != Ordering::Equal {
            return Ok(by_rank);
        }
        if let Some(order) = self.transfinite_set_order(a, b) {
            return Ok(order);
        }
        Ok(match (a, b) {
            (Value::Number(x), Value::Number(y)) => x.cmp(y),
            (Value::Number(x), Value::Game(g)) => match self.engine.as_number(*g) {
                Some(d) => x.cmp(&d.into()),
                None => Ordering::Less,
            },
            (Value::Game(g), Value::Number(y)) => match self.engine.as_number(*g) {
                Some(d) => Rational::from(d).cmp(y),
                None => Ordering::Greater,
            },
            (Value::Game(g), Value::Game(h)) => {
                self.ctx
                    .printer
                    .borrow_mut()
                    .compare_games(self.engine, *g, *h)?
            }
            (Value::Misere(g), Value::Misere(h)) => {
                crate::misere::with_arena(self.engine, |a| a.compare(*g, *h))
            }
            // Misère games first, then loopy nim values by their sets K.
            (Value::Misere(_), Value::LoopyNimber(_)) => Ordering::Less,
            (Value::LoopyNimber(_), Value::Misere(_)) => Ordering::Greater,
            (Value::LoopyNimber(x), Value::LoopyNimber(y)) => x.cmp(y),
            // Loopy values after short games; equal values are one element; otherwise in the
            // order of their text (deterministic, though not CGSuite's hash order).
            (Value::Loopy(_), Value::Loopy(_)) => {
                if self.loopy_compare(crate::syntax::ast::CmpOp::Eq, a, b)? == Some(true) {
                    Ordering::Equal
                } else {
                    self.render(a).cmp(&self.render(b))
                }
            }
            (Value::Loopy(_), _) => Ordering::Greater,
            (_, Value::Loopy(_)) => Ordering::Less,
            // CGSuite puts `true` before `false`.
            (Value::Bool(x), Value::Bool(y)) => y.cmp(x),
            (Value::Str(x), Value::Str(y)) => x.encode_utf16().cmp(y.encode_utf16()),
            (Value::Outcome(x), Value::Outcome(y)) => x.cmp(y),
            (Value::Side(x), Value::Side(y)) => x.cmp(y),
            (Value::List(x), Value::List(y))
            | (Value::Set(x), Value::Set(y))
            | (Value::Tuple(x), Value::Tuple(y)) => {
                for (p, q) in x.iter().zip(y) {
                    let o = self.compare_values(p, q)?;
                    if o != Ordering::Equal {
                        return Ok(o);
                    }
                }
                x.len().cmp(&y.len())
            }
            // Lexicographic, as for lists, without listing either sequence.
            (Value::Sequence(x), Value::Sequence(y)) => x.iter().cmp(y.iter()),
            (Value::Range(_) | Value::Sequence(_), _)
            | (_, Value::Range(_) | Value::Sequence(_)) => {
                let x = super::collections::as_list(a, self.engine)?;
                let y = super::collections::as_list(b, self.engine)?;
                self.compare_values(&Value::List(x), &Value::List(y))?
            }
            (Value::Map(x), Value::Map(y)) => {
                for ((k1, v1), (k2, v2)) in x.iter().zip(y) {
                    let o = self.compare_values(k1, k2)?;
                    if o != Ordering::Equal {
                        return Ok(o);
                    }
                    let o = self.compare_values(v1, v2)?;
                    if o != Ordering::Equal {
                        return Ok(o);
                    }
                }
                x.len().cmp(&y.len())
            }
            (Value::Entry(x), Value::Entry(y)) => match self.compare_values(&x.0, &y.0)? {
                Ordering::Equal => self.compare_values(&x.1, &y.1)?,
                o => o,
            },
            _ => Ordering::Equal,
        })
    }
}

/// A stable merge sort whose comparison may fail (it may need the engine, or call a user's
/// function). A comparison that is not a total order gives some order, never a panic, which
/// `slice::sort_by` does not promise.
pub(super) fn merge_sort<C, T>(
    ctx: &mut C,
    mut items: Vec<T>,
    cmp: &mut impl FnMut(&mut C, &T, &T) -> EvalResult<Ordering>,
) -> EvalResult<Vec<T>> {
    if items.len() <= 1 {
        return Ok(items);
    }
    let right = items.split_off(items.len() / 2);
    let left = merge_sort(ctx, items, cmp)?;
    let right = merge_sort(ctx, right, cmp)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut left = left.into_iter().peekable();
    let mut right = right.into_iter().peekable();
    while let (Some(a), Some(b)) = (left.peek(), right.peek()) {
        // Ties take the left element first, which keeps the sort stable.
        let next = if cmp(ctx, b, a)? == Ordering::Less {
            right.next()
        } else {
            left.next()
        };
        out.extend(next);
    }
    out.extend(left);
    out.extend(right);
    Ok(out)
}
