//! Collections as values: ranges expanded to lists where a list is needed, and structural
//! equality (`===`, set membership, map keys).

use super::{EvalError, EvalResult, Value};
use crate::value::IntRange;

/// Largest range we materialise as a list.
pub const MAX_RANGE: u64 = 10_000_000;

/// The integers of a range, in order.
pub fn range_items(r: &IntRange) -> EvalResult<Vec<Value>> {
    let integers = r.integers(MAX_RANGE).ok_or_else(|| {
        EvalError::new(format!("range too long (more than {MAX_RANGE} elements)"))
    })?;
    Ok(integers.into_iter().map(Value::integer).collect())
}

/// A list's or range's elements.
pub fn as_list(v: &Value) -> EvalResult<Vec<Value>> {
    match v {
        Value::List(items) => Ok(items.clone()),
        Value::Range(r) => range_items(r),
        other => Err(EvalError::new(format!(
            "expected a list, found {}",
            super::type_name(other)
        ))),
    }
}

/// Ranges expanded into lists, at any depth (for functions that only know lists).
pub fn expand_ranges(v: Value) -> EvalResult<Value> {
    Ok(match v {
        Value::Range(r) => Value::List(range_items(&r)?),
        Value::List(items) => Value::List(
            items
                .into_iter()
                .map(expand_ranges)
                .collect::<EvalResult<_>>()?,
        ),
        Value::Tuple(items) => Value::Tuple(
            items
                .into_iter()
                .map(expand_ranges)
                .collect::<EvalResult<_>>()?,
        ),
        other => other,
    })
}

/// Structural equality (`===`): a range equals the list of its elements.
pub fn structurally_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Range(_), Value::List(_)) | (Value::List(_), Value::Range(_)) => {
            match (as_list(a), as_list(b)) {
                (Ok(x), Ok(y)) => {
                    x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| structurally_equal(p, q))
                }
                _ => false,
            }
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
