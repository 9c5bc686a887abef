//! Collections as values: ranges and nim sequences expanded to lists where a list is
//! needed, and structural equality (`===`, set membership, map keys).

use super::{EvalError, EvalResult, Value};
use crate::engine::Engine;
use crate::value::{IntRange, NimSequence};

/// Largest range we materialise as a list.
pub const MAX_RANGE: u64 = 10_000_000;

/// The integers of a range, in order.
pub fn range_items(r: &IntRange) -> EvalResult<Vec<Value>> {
    let integers = r.integers(MAX_RANGE).ok_or_else(|| {
        EvalError::new(format!("range too long (more than {MAX_RANGE} elements)"))
    })?;
    Ok(integers.into_iter().map(Value::integer).collect())
}

/// A nim sequence's elements as values. A value is 32 bytes where the sequence stores 2 or
/// 4, so a long sequence is checked against the memory ceiling first, and the copy can be
/// interrupted.
pub fn sequence_items(s: &NimSequence, engine: &Engine) -> EvalResult<Vec<Value>> {
    engine.check_memory_for(s.len().saturating_mul(std::mem::size_of::<Value>()))?;
    let mut items = Vec::with_capacity(s.len());
    for (i, v) in s.iter().enumerate() {
        if i % (1 << 16) == 0 {
            engine.check_interrupt()?;
        }
        items.push(Value::Number(v.into()));
    }
    Ok(items)
}

/// A list's, range's or nim sequence's elements.
pub fn as_list(v: &Value, engine: &Engine) -> EvalResult<Vec<Value>> {
    match v {
        Value::List(items) => Ok(items.clone()),
        Value::Range(r) => range_items(r),
        Value::Sequence(s) => sequence_items(s, engine),
        other => Err(EvalError::new(format!(
            "expected a list, found {}",
            super::type_name(other)
        ))),
    }
}

/// Ranges and nim sequences expanded into lists, at any depth (for functions that only know
/// lists).
pub fn expand_ranges(v: Value, engine: &Engine) -> EvalResult<Value> {
    Ok(match v {
        Value::Range(r) => Value::List(range_items(&r)?),
        Value::Sequence(s) => Value::List(sequence_items(&s, engine)?),
        Value::List(items) => Value::List(
            items
                .into_iter()
                .map(|x| expand_ranges(x, engine))
                .collect::<EvalResult<_>>()?,
        ),
        Value::Tuple(items) => Value::Tuple(
            items
                .into_iter()
                .map(|x| expand_ranges(x, engine))
                .collect::<EvalResult<_>>()?,
        ),
        other => other,
    })
}

/// Structural equality (`===`): a range or a nim sequence equals the list of its elements.
pub fn structurally_equal(a: &Value, b: &Value) -> bool {
    let range_list = |r: &IntRange| range_items(r).map(Value::List);
    match (a, b) {
        (Value::Range(r), Value::List(_)) | (Value::List(_), Value::Range(r)) => {
            let other = if matches!(a, Value::Range(_)) { b } else { a };
            match range_list(r) {
                Ok(x) => structurally_equal(&x, other),
                Err(_) => false,
            }
        }
        // A sequence holds only integers, which compare structurally as `==` does.
        (Value::Sequence(_), Value::Sequence(_) | Value::List(_))
        | (Value::List(_), Value::Sequence(_)) => a == b,
        (Value::Range(r), Value::Sequence(_)) | (Value::Sequence(_), Value::Range(r)) => {
            let other = if matches!(a, Value::Range(_)) { b } else { a };
            range_list(r).is_ok_and(|x| x == *other)
        }
        (Value::Range(x), Value::Range(y)) => x == y || (x.is_empty() && y.is_empty()),
        (Value::List(x), Value::List(y))
        | (Value::Tuple(x), Value::Tuple(y))
        | (Value::Set(x), Value::Set(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| structurally_equal(p, q))
        }
        _ => a == b,
    }
}
