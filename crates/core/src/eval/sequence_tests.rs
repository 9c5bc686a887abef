//! A nim sequence ([`Value::Sequence`]) must behave exactly as the list of its integers:
//! every expression below gives the same printed value, or the same error, for both.

use super::tests::run;
use super::{Session, Value};
use proptest::prelude::*;

/// A session with `s` bound to the compact sequence of `values` and `l` to the equal list.
fn session_with(values: &[u32]) -> Session {
    let s = Session::new();
    s.ctx.set_global("s", Value::sequence(values));
    let list = values.iter().map(|&v| Value::Number(v.into())).collect();
    s.ctx.set_global("l", Value::List(list));
    s
}

/// Expressions over a collection `X` (spelled `s` or `l`), with indices and elements around
/// the sequence's bounds and contents.
fn expressions(len: usize, probe: u32) -> Vec<String> {
    let mut out: Vec<String> = [
        "X",
        "X.Length",
        "X.Size",
        "X.IsEmpty",
        "X.Head",
        "X.Tail",
        "X.Max",
        "X.Min",
        "X.Sum",
        "X.Mex",
        "Max(X)",
        "Min(X)",
        "Sum(X)",
        "mex(X)",
        "X.Reversed",
        "X.Sorted",
        "X.Distinct",
        "X.ToSet",
        "X.ToList",
        "[x + 1 for x in X]",
        "X == l",
        "l == X",
        "X === l",
        "X != [1]",
        "[X, [0, 5], [1], []].Sorted",
        "X.Adjoin(3)",
    ]
    .map(String::from)
    .to_vec();
    let len = len as i64;
    for i in [-1, 0, 1, 2, len - 1, len, len + 1] {
        out.push(format!("X[{i}]"));
        out.push(format!("X.Take({i})"));
        for j in [0, 1, len / 2, len, len + 3] {
            out.push(format!("X.Sublist({i}, {j})"));
        }
    }
    for k in [0, 1, probe, 70000] {
        out.push(format!("X.Contains({k})"));
        out.push(format!("X.IndexOf({k})"));
    }
    out
}

/// Nim values: mostly small, sometimes beyond 16 bits (so both widths are exercised).
fn values() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(
        prop_oneof![8 => 0u32..20, 1 => 65530u32..65540, 1 => 0u32..1_000_000],
        0..24,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_nim_sequence_behaves_as_the_equal_list(values in values(), probe in 0u32..20) {
        let mut session = session_with(&values);
        for e in expressions(values.len(), probe) {
            let compact = run(&mut session, &e.replace('X', "s"));
            let list = run(&mut session, &e.replace('X', "l"));
            prop_assert_eq!(compact, list, "{} with {:?}", e, values);
        }
    }
}

#[test]
fn methods_that_keep_a_sequence_compact_give_sequences() {
    let mut session = session_with(&[3, 1, 4, 1, 5]);
    for e in [
        "s.Tail",
        "s.Take(2)",
        "s.Sublist(2, 3)",
        "s.Reversed",
        "s.ToList",
    ] {
        let results = session.eval_source(e, 1);
        let value = results.into_iter().last().map(|r| r.result);
        assert!(
            matches!(value, Some(Ok(Value::Sequence(_)))),
            "{e}: {value:?}"
        );
    }
    // The others build ordinary lists.
    assert_eq!(run(&mut session, "s.Adjoin(9)"), Ok("[3,1,4,1,5,9]".into()));
}

#[test]
fn listing_a_long_sequence_meets_the_memory_ceiling() {
    const LEN: usize = 12_000_000;
    let mut session = Session::new();
    let values = vec![1u32; LEN];
    session.ctx.set_global("s", Value::sequence(&values));
    drop(values);
    // Room for more than the sequence (24 MB) but not for it as values (384 MB).
    let ceiling = crate::engine::memory::heap_bytes() + (256 << 20);
    session.engine().set_memory_limit(ceiling);
    let err = run(&mut session, "s.Sorted").expect_err("too big to list");
    assert!(err.contains("memory limit reached"), "{err}");
    // That the array's own answers and a loop over it fit under a ceiling is checked in a
    // process of its own (tests/cli.rs): here the heap is shared with the tests beside this
    // one, so only a failure can be asserted.
}
