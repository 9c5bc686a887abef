//! Laws of games with draws over random small game graphs typed as option functions
//! (draws.md §5, "Invariants worth property tests"), each answer checked against an
//! independent computation through another part of the calculator:
//!
//! * a partizan position's `OutcomeClass` (retrograde analysis) equals the class of its
//!   `GameValue` (the loopy engine's sided value), and the same game as a partizan digraph
//!   has the same class;
//! * an impartial position of finite loopy nim value n has `GameValue` *n, and its
//!   `OutcomeClass` is that of its value;
//! * the outcome of a sum of two or three tokens by Smith's rule (`G[a, b]`, impartial) equals
//!   the outcome of the same sum as partizan positions, which is solved on the product graph;
//! * a user's `ImpartialRuleset` over the same graph gives the digraph's values.

use cgcalc_core::eval::Session;
use proptest::prelude::*;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

type Adj = Vec<Vec<u32>>;

/// 1..=n vertices (numbered from 1), out-degrees 0..=3.
fn arb_adj(n: usize) -> impl Strategy<Value = Adj> {
    (1..=n).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(1..=n as u32, 0..=3), n))
}

/// CGScript for adjacency lists (1-based) and a function reading them.
fn lists(adj: &Adj) -> String {
    let rows: Vec<String> = adj
        .iter()
        .map(|r| {
            let items: Vec<String> = r.iter().map(u32::to_string).collect();
            format!("[{}]", items.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// Runs definitions, which must all succeed.
fn define(session: &mut Session, src: &str) {
    for r in session.eval_source(src, 1) {
        if let Err(d) = &r.result {
            panic!("{src}: {}", d.message);
        }
    }
}

fn eval(session: &mut Session, src: &str) -> String {
    let results = session.eval_source(src, 1);
    let last = results.last().expect("a result");
    match &last.result {
        Ok(v) => session.render(v),
        Err(d) => format!("error: {}", d.message),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn partizan_outcome_class_is_that_of_the_game_value(left in arb_adj(6), right in arb_adj(6)) {
        // Right's lists cover Left's vertices: extra vertices are dropped, missing ones have
        // no moves.
        let n = left.len();
        let right: Adj = (0..n)
            .map(|v| right.get(v).cloned().unwrap_or_default().into_iter().filter(|&t| t as usize <= n).collect())
            .collect();
        let mut s = Session::new();
        define(&mut s, &format!(
            "L := {}; R := {}; P := PartizanRuleset(x -> L[x], x -> R[x]); \
             D := DigraphRuleset(left => L, right => R);",
            lists(&left), lists(&right)
        ));
        for v in 1..=n {
            let class = eval(&mut s, &format!("P({v}).OutcomeClass"));
            let of_value = eval(&mut s, &format!("P({v}).GameValue.OutcomeClass"));
            prop_assert!(!class.starts_with("error"), "{class}");
            prop_assert_eq!(&class, &of_value, "P({}) with Left {:?}, Right {:?}", v, left, right);
            prop_assert_eq!(&class, &eval(&mut s, &format!("D({v}).OutcomeClass")));
        }
    }

    #[test]
    fn impartial_values_agree_with_game_values(adj in arb_adj(6)) {
        let mut s = Session::new();
        define(&mut s, &format!("A := {}; G := DigraphRuleset(A); R := ImpartialRuleset(x -> A[x]);", lists(&adj)));
        for v in 1..=adj.len() {
            let value = eval(&mut s, &format!("G({v}).LoopyNimValue"));
            prop_assert_eq!(&value, &eval(&mut s, &format!("R({v}).LoopyNimValue")));
            let class = eval(&mut s, &format!("R({v}).OutcomeClass"));
            prop_assert_eq!(&class, &eval(&mut s, &format!("G({v}).OutcomeClass")));
            prop_assert_eq!(&class, &eval(&mut s, &format!("R({v}).GameValue.OutcomeClass")));
            if !value.starts_with('∞') {
                prop_assert_eq!(eval(&mut s, &format!("R({v}).GameValue == *{value}")), "true");
            }
        }
    }

    #[test]
    fn smith_sums_agree_with_the_product_graph(adj in arb_adj(7), tokens in prop::collection::vec(0usize..7, 2..=3)) {
        let n = adj.len();
        let at: Vec<usize> = tokens.iter().map(|t| t % n + 1).collect();
        let mut s = Session::new();
        define(&mut s, &format!(
            "A := {}; G := DigraphRuleset(A); P := PartizanRuleset(x -> A[x], x -> A[x]);",
            lists(&adj)
        ));
        let listed: Vec<String> = at.iter().map(usize::to_string).collect();
        let smith = eval(&mut s, &format!("G[{}].OutcomeClass", listed.join(",")));
        let parts: Vec<String> = at.iter().map(|v| format!("P({v})")).collect();
        let product = eval(&mut s, &format!("({}).OutcomeClass", parts.join(" + ")));
        prop_assert_eq!(&smith, &product, "tokens {:?} on {:?}", at, adj);
        // Remoteness of the impartial sum comes from its product graph too.
        let remote = eval(&mut s, &format!("G[{}].Remoteness", listed.join(",")));
        let remote_p = eval(&mut s, &format!("({}).Remoteness(Left)", parts.join(" + ")));
        prop_assert_eq!(remote, remote_p);
    }
}
