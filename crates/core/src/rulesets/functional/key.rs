//! How position values print inside `R(p)`. (They are memoised by [`crate::value::Key`].)

use crate::value::Value;
use num_traits::One;
use std::fmt::Write;

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
        Value::Sequence(s) => {
            let _ = write!(out, "{s}");
        }
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
