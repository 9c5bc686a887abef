//! CGSuite's order of values in sets: Nothing, then games and numbers, then booleans,
//! strings, lists and the rest.

use super::{EvalResult, Session, Value};
use crate::engine::Dyadic;
use std::cmp::Ordering;

fn rank(v: &Value) -> u8 {
    match v {
        Value::Nothing => 0,
        Value::Number(_)
        | Value::Game(_)
        | Value::Explicit { .. }
        | Value::Position(_)
        | Value::Misere(_) => 1,
        Value::Bool(_) => 2,
        Value::Str(_) => 3,
        Value::List(_) => 4,
        Value::Set(_) => 5,
        Value::Tuple(_) => 6,
        Value::Outcome(_) => 7,
        Value::Side(_) => 8,
        Value::Thermograph(_) | Value::Trajectory(_) | Value::Text { .. } => 9,
        Value::Ruleset(_) => 10,
    }
}

impl Session {
    /// Sort values into set order. Dyadic numbers inside sets become games, so that `5` and
    /// `{4|}` are one element.
    pub(super) fn sort_values(&mut self, values: &mut [Value]) -> EvalResult<()> {
        for v in values.iter_mut() {
            if let Value::Number(r) = v
                && let Some(d) = Dyadic::from_rational(r)
            {
                *v = Value::Game(self.engine.number(d));
            }
        }
        // Insertion sort: the comparator is fallible (it may need the engine).
        for i in 1..values.len() {
            let mut j = i;
            while j > 0 && self.compare_values(&values[j - 1], &values[j])? == Ordering::Greater {
                values.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(())
    }

    fn compare_values(&mut self, a: &Value, b: &Value) -> EvalResult<Ordering> {
        let by_rank = rank(a).cmp(&rank(b));
        if by_rank != Ordering::Equal {
            return Ok(by_rank);
        }
        Ok(match (a, b) {
            (Value::Number(x), Value::Number(y)) => x.cmp(y),
            (Value::Number(x), Value::Game(g)) => match self.engine.as_number(*g) {
                Some(d) => x.cmp(&d.to_rational()),
                None => Ordering::Less,
            },
            (Value::Game(g), Value::Number(y)) => match self.engine.as_number(*g) {
                Some(d) => d.to_rational().cmp(y),
                None => Ordering::Greater,
            },
            (Value::Game(g), Value::Game(h)) => {
                self.printer.compare_games(&mut self.engine, *g, *h)?
            }
            (Value::Misere(g), Value::Misere(h)) => {
                crate::misere::with_arena(&self.engine, |a| a.compare(*g, *h))
            }
            (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
            (Value::Str(x), Value::Str(y)) => x.cmp(y),
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
            _ => Ordering::Equal,
        })
    }
}
