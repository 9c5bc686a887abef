//! The properties and methods of misère quotients (misere.md §B.1), and the lines shown
//! under one (§B.2).

use crate::engine::Outcome;
use crate::misere::quotient::{Quotient, QuotientValue};
use crate::rulesets::heap::HeapPosition;
use crate::value::{EvalError, EvalResult, Value};
use num_traits::ToPrimitive;

/// `Q.key(args)`; `Ok(None)` when the quotient has no such member.
pub fn method(qv: &QuotientValue, key: &str, args: &[Value]) -> EvalResult<Option<Value>> {
    let q = &qv.quotient;
    let words = |xs: &mut dyn Iterator<Item = u32>| -> Value {
        Value::List(xs.map(|x| Value::Str(q.word(x, false))).collect())
    };
    let v = match (key, args) {
        ("order" | "size", []) => Value::integer(q.order() as u64),
        ("pportion", []) => words(&mut q.p_portion().into_iter()),
        ("pportionsize", []) => Value::integer(q.p_portion().len() as u64),
        ("elements", []) => words(&mut (0..q.order() as u32)),
        ("generators", []) => Value::List(
            (0..q.generator_count())
                .map(|i| Value::Str(crate::misere::quotient::generator_name(i)))
                .collect(),
        ),
        ("relations", []) => Value::List(q.relations(false).into_iter().map(Value::Str).collect()),
        ("presentation", []) => Value::Str(q.presentation_text(false)),
        ("heaps", []) => Value::integer(q.heaps() as u64),
        ("pretendingfunction", []) => words(&mut q.pretending_function().iter().copied()),
        ("pretend" | "image", [x]) => Value::Str(q.word(element(qv, x)?, false)),
        ("multiply", [u, v]) => {
            let (x, y) = (element(qv, u)?, element(qv, v)?);
            Value::Str(q.word(q.multiply(x, y), false))
        }
        ("isp", [u]) => Value::Bool(q.is_p(element(qv, u)?)),
        ("outcome", [u]) => Value::Outcome(if q.is_p(element(qv, u)?) {
            Outcome::P
        } else {
            Outcome::N
        }),
        ("multiplicationtable", []) => multiplication_table(q),
        ("istame", []) => Value::Bool(q.tame_index()?.is_some()),
        ("tameindex", []) => match q.tame_index()? {
            Some(k) => Value::integer(k),
            None => Value::Nothing,
        },
        ("isisomorphic", [other]) => match other {
            Value::MisereQuotient(o) => Value::Bool(q.is_isomorphic(&o.quotient)?),
            _ => {
                return Err(EvalError::new(format!(
                    "IsIsomorphic compares two misère quotients, found {}",
                    crate::value::type_name(other)
                )));
            }
        },
        ("periodicity", []) => match qv.solution {
            Some(s) => Value::text(
                "periodicity",
                format!(
                    "Periodicity(Period => {}, Preperiod => {}, Saltus => 0)",
                    s.period, s.preperiod
                ),
            ),
            None => Value::Nothing,
        },
        ("lastrogue", []) => match qv.solution.and_then(|s| s.last_rogue) {
            Some(h) => Value::integer(h as u64),
            None => Value::Nothing,
        },
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// The element an argument names: a word (`"ab2"`), a heap (`9`, its image), or a position
/// of the quotient's ruleset (the image of its sum).
fn element(qv: &QuotientValue, x: &Value) -> EvalResult<u32> {
    let q = &qv.quotient;
    let covered = |h: u64| -> EvalResult<u32> {
        let heap = usize::try_from(h).ok();
        if let Some(s) = qv.solution {
            // A solution covers every heap: Φ is periodic past its preperiod.
            let h = crate::misere::quotient::periodic_heap(h, q.heaps(), s.preperiod, s.period);
            return Ok(q.pretend(h as usize).unwrap_or(0));
        }
        heap.and_then(|h| q.pretend(h)).ok_or_else(|| {
            EvalError::new(format!(
                "Heap {h} is beyond this quotient (heaps 0..{})",
                q.heaps()
            ))
        })
    };
    match x {
        Value::Str(text) => q.parse(text).map_err(EvalError::new),
        Value::Number(r) if r.is_integer() => {
            let h = r.numer().to_u64().ok_or_else(|| {
                EvalError::new(format!("a heap size must be a natural number, found {r}"))
            })?;
            covered(h)
        }
        Value::Position(p) => {
            let Some(pos) = p.as_any().and_then(|a| a.downcast_ref::<HeapPosition>()) else {
                return Err(EvalError::new(format!(
                    "{} is not a position of {}",
                    p.describe(),
                    qv.ruleset
                )));
            };
            if pos.ruleset_name() != qv.ruleset {
                return Err(EvalError::new(format!(
                    "{} is not a position of {}",
                    p.describe(),
                    qv.ruleset
                )));
            }
            pos.heaps()
                .iter()
                .try_fold(0, |acc, &h| Ok(q.multiply(acc, covered(h)?)))
        }
        other => Err(EvalError::new(format!(
            "expected a word of the quotient (\"ab2\"), a heap or a position, found {}",
            crate::value::type_name(other)
        ))),
    }
}

/// Rows and columns in word order, entries as normal words.
fn multiplication_table(q: &Quotient) -> Value {
    let cells: Vec<Vec<String>> = q
        .multiplication_table()
        .into_iter()
        .map(|row| row.into_iter().map(|x| q.word(x, false)).collect())
        .collect();
    let text = crate::display::table::render(&cells);
    Value::table(text, cells)
}

/// The figures a quotient's `--json` object carries; no game figure applies.
pub fn summary(qv: &QuotientValue) -> crate::display::summary::Summary {
    let q = &qv.quotient;
    let words = |xs: &mut dyn Iterator<Item = u32>| xs.map(|x| q.word(x, false)).collect();
    crate::display::summary::Summary {
        quotient: Some(crate::display::summary::QuotientFacts {
            order: q.order(),
            p_portion_size: q.p_portion().len(),
            presentation: q.presentation_text(false),
            p_portion: words(&mut q.p_portion().into_iter()),
            phi: words(&mut q.pretending_function().iter().copied()),
            tame: matches!(q.tame_index(), Ok(Some(_))),
            heaps: q.heaps(),
            periodicity: qv.solution.map(|s| (s.period, s.preperiod)),
        }),
        ..Default::default()
    }
}

/// How much of Φ the lines under a quotient show.
const PHI_WIDTH: usize = 96;

/// The lines shown under a quotient in text mode (misere.md §B.2), MisereSolver's layout.
pub fn details(qv: &QuotientValue, pretty: bool) -> String {
    let q = &qv.quotient;
    let kind = match q.tame_index() {
        Ok(Some(k)) => format!("tame (T{k})"),
        Ok(None) if q.order() == 8 => "wild (R8)".to_string(),
        Ok(None) => "wild".to_string(),
        Err(_) => "tameness not determined".to_string(),
    };
    // Φ folded to a line; `Q.PretendingFunction` lists it whole.
    let mut phi: Vec<String> = Vec::new();
    let mut width = 0;
    for &x in q.pretending_function() {
        let w = q.word(x, pretty);
        width += w.chars().count() + 1;
        if width > PHI_WIDTH {
            phi.push("…".into());
            break;
        }
        phi.push(w);
    }
    let mut out = format!(
        "Q = {}; P = {}\n|Q| = {}; |P| = {} · {kind}\n{} = {}",
        q.presentation_text(pretty),
        q.p_portion_text(pretty),
        q.order(),
        q.p_portion().len(),
        if pretty { "Φ" } else { "Phi" },
        phi.join(" ")
    );
    match qv.solution {
        Some(s) => {
            out += &format!(
                "\nsolution at heap {}: period {}, preperiod {}",
                q.heaps(),
                s.period,
                s.preperiod
            );
            if let Some(h) = s.last_rogue {
                out += &format!(" · last rogue heap {h}");
            }
        }
        None => out += &format!("\nheaps 0..{} only", q.heaps()),
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::eval::{Session, Value};

    /// The lines under a quotient: ASCII for pipes, the papers' notation for a UTF-8 terminal
    /// (misere.md §A.8, B.2).
    #[test]
    fn details_in_ascii_and_in_the_pretty_form() {
        let mut session = Session::new();
        let mut results = session.eval_source("octal(\"0.75\").MisereQuotient(12)", 1);
        let q: Value = results.remove(0).result.expect("a quotient");
        let ascii = session.details(&q, false).expect("details");
        assert!(
            ascii.contains("Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}"),
            "{ascii}"
        );
        assert!(ascii.contains("Phi = 1 a b a b c b c b ab2"), "{ascii}");
        let pretty = session.details(&q, true).expect("details");
        assert!(
            pretty.contains("Q = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩; P = {a, b²}"),
            "{pretty}"
        );
        assert!(pretty.contains("Φ = 1 a b a b c b c b ab²"), "{pretty}");
    }
}
