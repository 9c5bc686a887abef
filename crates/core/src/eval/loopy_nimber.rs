//! Loopy nim values ∞(K) as calculator values (draws.md §2.1): reading `∞(…)` and `oo(…)`,
//! Smith's sum rule for `+` with nimbers and other ∞ values, multiples, comparisons and their
//! properties. A finite loopy nim value is a plain integer (the nimber *n in sums); only the
//! infinite ones are values of this kind, and they add only in impartial play.

use super::{EvalError, EvalResult, Evaluator, Value, type_name};
use crate::engine::draws::LoopyNim;
use crate::syntax::ast::{BinOp, CmpOp};
use num_traits::{Signed, ToPrimitive, Zero};

/// Why ∞(K) adds only to impartial games (draws.md §1.5): its partizan value is not
/// determined by K.
const IMPARTIAL_ONLY: &str = "is a value of impartial play; it adds only to nimbers and \
                              impartial games (add the position itself)";

impl Evaluator<'_> {
    /// `∞(a, b, …)`: K from natural numbers and nimbers, or from the elements of one
    /// collection argument (`oo({0,1})`, `oo(0..2)`); order and repeats do not matter.
    pub(super) fn loopy_nimber_literal(&mut self, args: Vec<Value>) -> EvalResult<Value> {
        let items = match args.as_slice() {
            [Value::Set(items) | Value::Tuple(items)] => items.clone(),
            [one] if is_collection(one) => super::collections::as_list(one, self.engine)?,
            _ => args,
        };
        let mut k = Vec::with_capacity(items.len());
        for item in &items {
            k.push(self.nim_heap_size(item)?);
        }
        k.sort_unstable();
        k.dedup();
        Ok(Value::LoopyNimber(k.into()))
    }

    /// An element of K: a natural number, or a nimber standing for its heap size.
    fn nim_heap_size(&mut self, v: &Value) -> EvalResult<u32> {
        let wrong = |this: &mut Self, v: &Value| {
            EvalError::new(format!(
                "`∞(…)` takes natural numbers or nimbers: {}",
                this.render(v)
            ))
        };
        match v {
            Value::Number(r) if r.is_integer() => {
                let n = r.numer();
                if n.is_negative() {
                    return Err(wrong(self, v));
                }
                n.to_u32().ok_or_else(|| {
                    EvalError::new(format!("`∞(…)`: {n} is too large for a loopy nim value"))
                })
            }
            Value::Game(g) => match self.nimber_size(*g) {
                Some(n) => Ok(n),
                None => Err(wrong(self, v)),
            },
            _ => Err(wrong(self, v)),
        }
    }

    /// The heap size of a nimber (*0 = 0), if `g` is one that fits.
    fn nimber_size(&self, g: crate::engine::GameId) -> Option<u32> {
        let nus = self.engine.as_nus(g)?;
        (nus.number.is_zero() && nus.ups == 0)
            .then(|| u32::try_from(nus.nim).ok())
            .flatten()
    }

    /// The loopy nim value an operand of an impartial sum stands for: a nimber (`0` is *0),
    /// ∞(K), or an impartial position (a digraph token's value may be infinite). `None` for
    /// anything else.
    fn impartial_value(&mut self, v: &Value) -> EvalResult<Option<LoopyNim>> {
        match v {
            Value::Number(r) if r.is_zero() => Ok(Some(LoopyNim::Finite(0))),
            Value::Game(g) => Ok(self.nimber_size(*g).map(LoopyNim::Finite)),
            Value::LoopyNimber(k) => Ok(Some(LoopyNim::Infinite(k.to_vec()))),
            Value::Position(p) if p.is_impartial() => {
                if let Some(value) = p.loopy_nim_value(self.engine) {
                    return Ok(Some(value?));
                }
                let g = p.value(self.engine)?;
                Ok(self.nimber_size(g).map(LoopyNim::Finite))
            }
            _ => Ok(None),
        }
    }

    /// `+`, `-` and `*` when a loopy nim value takes part, or when a position that may draw is
    /// added to a value (Smith's rule); `None` otherwise.
    pub(super) fn loopy_nimber_binary(
        &mut self,
        op: BinOp,
        a: &Value,
        b: &Value,
    ) -> Option<EvalResult<Value>> {
        let infinite = |v: &Value| matches!(v, Value::LoopyNimber(_));
        // A position that may draw, added to a value rather than to another position (which
        // the rulesets add as positions).
        let drawn = |v: &Value, other: &Value| {
            matches!(v, Value::Position(p) if p.is_impartial())
                && !matches!(other, Value::Position(_))
        };
        // The cheap test first: `may_draw` solves a digraph on first use.
        let smith = matches!(op, BinOp::Add | BinOp::Sub)
            && (drawn(a, b) && self.may_draw(a) || drawn(b, a) && self.may_draw(b));
        if !infinite(a) && !infinite(b) && !smith {
            return None;
        }
        Some(match op {
            // Every impartial value is its own negative, so G − H = G + H.
            BinOp::Add | BinOp::Sub => self.loopy_nimber_sum(a, b),
            BinOp::Mul => self.loopy_nimber_multiple(a, b),
            _ => Err(EvalError::new(format!(
                "No operation `{}` for a loopy nim value: they add (Smith's rule) and take \
                 integer multiples",
                super::expr::op_symbol(op)
            ))),
        })
    }

    /// Whether `v` is a position whose value is a loopy nim value (it may draw).
    fn may_draw(&mut self, v: &Value) -> bool {
        matches!(v, Value::Position(p) if p.loopy_nim_value(self.engine).is_some())
    }

    /// Smith's rule (draws.md §1.4): ∞(K) + *a = ∞(K ⊕ a), and ∞(K) + ∞(L) = ∞.
    fn loopy_nimber_sum(&mut self, a: &Value, b: &Value) -> EvalResult<Value> {
        let mut parts = Vec::with_capacity(2);
        for (v, other) in [(a, b), (b, a)] {
            match self.impartial_value(v)? {
                Some(value) => parts.push(value),
                None => {
                    let shown = self.render(other);
                    let what = self.describe(v);
                    return Err(EvalError::new(format!(
                        "{shown} {IMPARTIAL_ONLY}, not to {what}"
                    )));
                }
            }
        }
        Ok(match LoopyNim::sum(&parts) {
            LoopyNim::Finite(n) => Value::Game(self.engine.nimber(u64::from(n))),
            LoopyNim::Infinite(k) => Value::LoopyNimber(k.into()),
        })
    }

    /// `n * ∞(K)`: |n| copies added, so ∞(K) once, ∞ for two or more (two infinite parts), 0
    /// for none.
    fn loopy_nimber_multiple(&mut self, a: &Value, b: &Value) -> EvalResult<Value> {
        let (k, n) = match (a, b) {
            (Value::LoopyNimber(k), Value::Number(n))
            | (Value::Number(n), Value::LoopyNimber(k))
                if n.is_integer() =>
            {
                (k, n.numer())
            }
            _ => {
                return Err(EvalError::new(format!(
                    "a loopy nim value can only be multiplied by an integer, not by {}",
                    type_name(if matches!(a, Value::LoopyNimber(_)) {
                        b
                    } else {
                        a
                    })
                )));
            }
        };
        Ok(if n.is_zero() {
            Value::Game(self.engine.zero())
        } else if n.abs() == 1.into() {
            Value::LoopyNimber(k.clone())
        } else {
            Value::LoopyNimber(Box::new([]))
        })
    }

    /// Comparisons with a loopy nim value: equal only to the same ∞(K); not ordered. `None`
    /// when neither operand is one.
    pub(super) fn loopy_nimber_compare(
        &mut self,
        op: CmpOp,
        a: &Value,
        b: &Value,
    ) -> Option<EvalResult<bool>> {
        if !matches!(a, Value::LoopyNimber(_)) && !matches!(b, Value::LoopyNimber(_)) {
            return None;
        }
        Some(match op {
            CmpOp::Eq => Ok(a == b),
            CmpOp::Ne => Ok(a != b),
            _ => Err(EvalError::new(format!(
                "loopy nim values are not ordered (`{}`): compare them with == or !=",
                crate::syntax::compare_text(op)
            ))),
        })
    }

    /// The properties of ∞(K) (draws.md §2.1); `Ok(None)` for other keys.
    pub(super) fn loopy_nimber_method(
        &mut self,
        k: &[u32],
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        if !args.is_empty() {
            return Ok(None);
        }
        Ok(Some(match key {
            "outcomeclass" | "outcome" => {
                Value::loopy_outcome(LoopyNim::Infinite(k.to_vec()).verdict().outcome())
            }
            "finiteoptionvalues" => Value::Set(k.iter().map(|&x| Value::integer(x)).collect()),
            "loopynimvalue" => Value::LoopyNimber(k.into()),
            "nimvalue" => {
                return Err(EvalError::new(format!(
                    "{} has no finite nim value; LoopyNimValue gives it",
                    crate::display::notation::loopy_nimber(k)
                )));
            }
            _ => return Ok(None),
        }))
    }
}

/// Whether `v` is a collection whose elements can make K (`oo({0,1})`, `loopy_nimber(0..2)`).
pub(super) fn is_collection(v: &Value) -> bool {
    matches!(
        v,
        Value::List(_) | Value::Set(_) | Value::Range(_) | Value::Sequence(_) | Value::Tuple(_)
    )
}
