//! Laws of loopy games over random stoppers typed as labelled braces (`a{0,pass|{*|a}}`):
//! comparison is a partial order with one printed form per value, printing round-trips,
//! `on` and `off` absorb every short game, and sums of stoppers are monotone.

use cgcalc_core::eval::{Session, Value};
use proptest::prelude::*;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// A small short game.
fn short_leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        (-2i32..=2).prop_map(|n| n.to_string()),
        Just("1/2".to_string()),
        Just("*".to_string()),
        Just("^".to_string()),
        Just("v*".to_string()),
        Just("{1|-1}".to_string()),
    ]
}

/// A loopy node body: options are short leaves, back references to the label `a`, passes,
/// loopy constants, or nested nodes.
fn loopy_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        4 => short_leaf(),
        2 => Just("a".to_string()),
        1 => Just("over".to_string()),
        1 => Just("upon".to_string()),
        1 => Just("on".to_string()),
    ];
    let node = leaf.prop_recursive(3, 12, 2, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    });
    (
        prop::collection::vec(node.clone(), 0..3),
        prop::collection::vec(node, 0..3),
        any::<bool>(),
    )
        .prop_map(|(l, mut r, pass)| {
            if pass {
                r.push("pass".to_string());
            }
            format!("a{{{}|{}}}", l.join(","), r.join(","))
        })
}

fn eval(session: &mut Session, src: &str) -> Result<Value, String> {
    let mut results = session.eval_source(src, 1);
    assert_eq!(results.len(), 1, "{src}");
    results.remove(0).result.map_err(|d| d.message)
}

fn truth(session: &mut Session, src: &str) -> bool {
    match eval(session, src) {
        Ok(Value::Bool(b)) => b,
        other => panic!("{src}: {other:?}"),
    }
}

/// The value of `text` if it is a stopper.
fn stopper(session: &mut Session, text: &str) -> Option<String> {
    eval(session, text).ok()?;
    truth(session, &format!("({text}).IsStopper")).then(|| text.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn printed_loopy_values_parse_back(text in loopy_text()) {
        let mut session = Session::new();
        // Stoppers, stopper-sided values and general sided values all print and parse back.
        let Ok(value) = eval(&mut session, &text) else { return Ok(()) };
        let printed = session.render(&value);
        let again = eval(&mut session, &printed).map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
        prop_assert_eq!(session.render(&again), printed.clone(), "{} printed as {}", text, printed);
        if truth(&mut session, &format!("({text}).IsStopperSided")) {
            prop_assert!(truth(&mut session, &format!("({text}) == ({printed})").to_string()), "{} printed as {}", text, printed);
        }
    }

    #[test]
    fn comparison_is_a_partial_order_with_one_form_per_value(
        a in loopy_text(), b in loopy_text(), c in loopy_text()
    ) {
        let mut session = Session::new();
        let (Some(a), Some(b), Some(c)) = (stopper(&mut session, &a), stopper(&mut session, &b), stopper(&mut session, &c)) else {
            return Ok(());
        };
        { let q = format!("({a}) <= ({a})"); prop_assert!(truth(&mut session, &q), "{}", q); }
        let ab = truth(&mut session, &format!("({a}) <= ({b})"));
        let ba = truth(&mut session, &format!("({b}) <= ({a})"));
        let bc = truth(&mut session, &format!("({b}) <= ({c})"));
        if ab && bc {
            prop_assert!(truth(&mut session, &format!("({a}) <= ({c})").to_string()), "{} <= {} <= {}", a, b, c);
        }
        // Equal values print the same (one canonical form).
        let pa = eval(&mut session, &a).map(|v| session.render(&v)).unwrap_or_default();
        let pb = eval(&mut session, &b).map(|v| session.render(&v)).unwrap_or_default();
        prop_assert_eq!(ab && ba, pa == pb, "{} ({}) vs {} ({})", a, pa, b, pb);
    }

    #[test]
    fn on_and_off_absorb_short_games_and_sums_are_monotone(
        a in loopy_text(), b in loopy_text(), x in short_leaf()
    ) {
        let mut session = Session::new();
        { let q = format!("on + ({x}) == on"); prop_assert!(truth(&mut session, &q), "{}", q); }
        { let q = format!("off + ({x}) == off"); prop_assert!(truth(&mut session, &q), "{}", q); }
        let (Some(a), Some(b)) = (stopper(&mut session, &a), stopper(&mut session, &b)) else {
            return Ok(());
        };
        // Adding a short game keeps a stopper a stopper, and keeps the order.
        if truth(&mut session, &format!("({a}) <= ({b})")) {
            { let q = format!("({a}) + ({x}) <= ({b}) + ({x})"); prop_assert!(truth(&mut session, &q), "{}", q); }
        }
        // −(−G) = G.
        { let q = format!("-(-({a})) == ({a})"); prop_assert!(truth(&mut session, &q), "{}", q); }
    }
}

#[test]
fn on_plus_off_is_dud() {
    let mut session = Session::new();
    let v = eval(&mut session, "on + off").unwrap();
    assert_eq!(session.render(&v), "dud");
    assert!(truth(&mut session, "dud + over == dud"));
    assert!(truth(&mut session, "over + over == over"));
    assert!(truth(&mut session, "1over + 2over == 3over"));
    assert!(truth(&mut session, "0 < over and over < 1/2 and ^ < upon"));
}

#[test]
fn cgsuite_examples_print_exactly() {
    let mut session = Session::new();
    for (input, printed) in [
        ("{pass|*}", "^[on]"),
        ("{0||0|0,pass}", "^<on>"),
        ("5+({0|0,pass})", "5v[on]*"),
        ("{pass|3/2}", "3/2under"),
        ("+-{5|pass}", "+-(5over)"),
        ("over+^", "over"),
        ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}"),
        ("a{1||a|0}", "2 & +-1"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
        ("^.Pow({1|pass})", "{0||0,pass|0,*}"),
        ("({0||0|under}).Degree", "Tiny(over)"),
        (
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
            "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
        ),
        ("9*(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9"),
    ] {
        let v = eval(&mut session, input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(session.render(&v), printed, "{input}");
        let again = eval(&mut session, printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
        assert_eq!(session.render(&again), printed, "{printed} pasted back");
    }
}
