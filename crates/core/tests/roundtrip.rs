//! Round trip is a law: every game the printer emits parses back to the same game.
//! Random games are typed as braces, evaluated, printed, and the printed text is evaluated
//! again in the same session (same arena, so equal values have equal ids).

use cgcalc_core::eval::{Session, Value};
use proptest::prelude::*;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// A random game written as cgcalc input: leaves are small juxtaposed literals.
fn game_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-3i32..=3).prop_map(|n| n.to_string()),
        (-7i32..=7, 1u32..=3).prop_map(|(n, k)| format!("{n}/{}", 1 << k)),
        (0u32..4).prop_map(|m| format!("*{m}")),
        (-3i32..=3, 0u32..3).prop_map(|(u, m)| {
            let ups = if u >= 0 {
                format!("^{u}")
            } else {
                format!("v{}", -u)
            };
            format!("{ups}*{m}")
        }),
    ];
    leaf.prop_recursive(4, 32, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    })
}

fn eval(session: &mut Session, src: &str) -> Value {
    let mut results = session.eval_source(src, 1);
    assert_eq!(results.len(), 1, "{src}");
    match results.remove(0).result {
        Ok(v) => v,
        Err(d) => panic!("{src} failed: {}", d.message),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn printed_games_parse_back(text in game_text()) {
        let mut session = Session::new();
        let value = eval(&mut session, &text);
        let printed = session.render(&value);
        let again = eval(&mut session, &printed);
        let same = eval(&mut session, &format!("({text}) == ({printed})"));
        prop_assert!(matches!(same, Value::Bool(true)), "{text} printed as {printed}");
        prop_assert_eq!(session.render(&again), printed);
    }

    #[test]
    fn sums_print_and_parse_back(a in game_text(), b in game_text(), c in game_text()) {
        let mut session = Session::new();
        let src = format!("{a} + {b} - {c}");
        let value = eval(&mut session, &src);
        let printed = session.render(&value);
        let same = eval(&mut session, &format!("({src}) == ({printed})"));
        prop_assert!(matches!(same, Value::Bool(true)), "{src} printed as {printed}");
    }

    /// Loopy nim values ∞(K), alone and plus nimbers (Smith's rule: ∞(K) + *a + *a = ∞(K)),
    /// print in a form that reads back as the same value.
    #[test]
    fn loopy_nimbers_print_and_parse_back(
        k in prop::collection::vec(0u32..20, 0..6),
        a in 0u32..20,
        ascii in any::<bool>(),
    ) {
        let mut session = Session::new();
        let items: Vec<String> = k.iter().map(u32::to_string).collect();
        let src = format!("{}({}) + *{a}", if ascii { "oo" } else { "∞" }, items.join(", "));
        let value = eval(&mut session, &src);
        let printed = session.render(&value);
        let same = eval(&mut session, &format!("({src}) == ({printed})"));
        prop_assert!(matches!(same, Value::Bool(true)), "{src} printed as {printed}");
        let back = eval(&mut session, &format!("{printed} + *{a}"));
        let original = eval(&mut session, &format!("oo({})", items.join(",")));
        prop_assert_eq!(back, original, "{} + *{} + *{}", src, a, a);
    }
}

/// An ordinal as cgcalc input: a sum of `omega^(β)*c` with ordinal exponents β and positive
/// coefficients, nested up to three levels.
fn ordinal_text() -> impl Strategy<Value = String> {
    let leaf = (0u32..4).prop_map(|n| n.to_string());
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop::collection::vec((inner, 1u32..4), 1..4).prop_map(|terms| {
            let parts: Vec<String> = terms
                .iter()
                .map(|(e, c)| format!("omega^({e})*{c}"))
                .collect();
            format!("({})", parts.join(" + "))
        })
    })
}

/// A generalized ordinal: terms with ordinal exponents and coefficients of either sign.
fn gen_ordinal_text() -> impl Strategy<Value = String> {
    prop::collection::vec((ordinal_text(), -3i32..=3), 1..4).prop_map(|terms| {
        let parts: Vec<String> = terms
            .iter()
            .map(|(e, c)| format!("omega^({e})*({c})"))
            .collect();
        format!("({})", parts.join(" + "))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Surreal quotients of generalized ordinals print (with `ω`, `×` and CGSuite's
    /// parenthesisation) as text that reads back as the same value and prints identically.
    #[test]
    fn surreal_numbers_print_and_parse_back(a in gen_ordinal_text(), b in gen_ordinal_text()) {
        let mut session = Session::new();
        let src = format!("{a} / {b}");
        let mut results = session.eval_source(&src, 1);
        // A denominator that comes out 0 is an error, not a value to print.
        let Ok(value) = results.remove(0).result else {
            return Ok(());
        };
        let printed = session.render(&value);
        let again = eval(&mut session, &printed);
        prop_assert_eq!(session.render(&again), printed.clone(), "{}", src);
        let same = eval(&mut session, &format!("({src}) == ({printed})"));
        prop_assert!(matches!(same, Value::Bool(true)), "{src} printed as {printed}");
    }

    /// Transfinite nimbers `*α` print as `*ω^e` or `*(…)` and read back (the star rule).
    #[test]
    fn transfinite_nimbers_print_and_parse_back(alpha in ordinal_text()) {
        let mut session = Session::new();
        let value = eval(&mut session, &format!("*{alpha}"));
        let printed = session.render(&value);
        let again = eval(&mut session, &printed);
        prop_assert_eq!(session.render(&again), printed.clone(), "*{}", alpha);
        let same = eval(&mut session, &format!("(*{alpha}) == ({printed})"));
        prop_assert!(matches!(same, Value::Bool(true)), "*{alpha} printed as {printed}");
    }
}

#[test]
fn notation_examples_round_trip() {
    let mut session = Session::new();
    for text in [
        "6^*",
        "^*6",
        "73/16v9*8",
        "2*",
        "-1^^",
        "+-1",
        "+-1/2",
        "+-^^",
        "+-(1*)",
        "+-{1,1*}",
        "{3||2*|1*}",
        "{1|^^||^}",
        "{0|^<2>}",
        "^<2>",
        "^<2>*",
        "^[4]",
        "^[2]*",
        "Tiny(3/2)",
        "Miny(1)",
        "9Tiny({2|1})",
        "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
    ] {
        let value = eval(&mut session, text);
        let printed = session.render(&value);
        let same = eval(&mut session, &format!("({text}) == ({printed})"));
        assert!(
            matches!(same, Value::Bool(true)),
            "{text} printed as {printed}"
        );
        let again = eval(&mut session, &printed);
        assert_eq!(session.render(&again), printed, "{text}");
    }
}

/// Loopy values print in CGSuite's notation, extended so that everything printed pastes back
/// (`5over`, `^[on]`, `v<on>*`, labelled braces, `S & T`); the random loopy games of
/// `tests/loopy_laws.rs` check the same law.
#[test]
fn loopy_notation_examples_round_trip() {
    let mut session = Session::new();
    for text in [
        "on",
        "off",
        "dud",
        "over",
        "-1/4under",
        "5over",
        "^[on]",
        "^[on]*",
        "5v[on]*",
        "^<on>",
        "v<on>*",
        "+-(5over)",
        "+-over",
        "Tiny(over)",
        "5Tiny(on)",
        "Miny(on)",
        "{0||||0|||Miny(on)|0||off}",
        "a{0||||0|||a|*||*}",
        "a{0|{0||||0,*2|||a|0||0}||0}",
        "{0||0,pass|0,v[4]*}",
        "2 & +-1",
        "^ & v*",
        "19/4over & 19/4under",
        "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
    ] {
        let value = eval(&mut session, text);
        let printed = session.render(&value);
        assert_eq!(printed, text, "{text} prints as itself");
        let again = eval(&mut session, &printed);
        assert_eq!(session.render(&again), printed, "{text}");
    }
}

/// A misère quotient prints as the expression that rebuilds it (misere.md §B.2): that text
/// evaluates to an equal quotient with the same presentation.
#[test]
fn misere_quotients_paste_back() {
    let mut session = Session::new();
    for text in [
        "kayles.MisereQuotient(12)",
        "misere_quotient(dawson, 14)",
        "octal(\"0.75\").MisereSolution(100)",
        "kayles.MisereQuotient(8, MaxOrder => 100)",
    ] {
        let value = eval(&mut session, text);
        let printed = session.render(&value);
        let again = eval(&mut session, &printed);
        assert_eq!(session.render(&again), printed, "{text}");
        let same = eval(
            &mut session,
            &format!("({text}).Presentation == ({printed}).Presentation"),
        );
        assert!(
            matches!(same, Value::Bool(true)),
            "{text} printed as {printed}"
        );
    }
}

/// An explicit game prints in CGSuite's quote notation, nested quotes for options that are
/// not canonical, and the printed text evaluates to the same form (misere.md §C.7).
#[test]
fn explicit_games_paste_back() {
    let mut session = Session::new();
    for text in [
        "misere_form(\"{*|*}\")",
        "misere_form(\"{{0,1|*}|-1}\")",
        "'{'{0,1|*}'|-1}'",
        "misere_form(\"^\") + misere_form(\"{0|1}\")",
        "-misere_form(\"{2|*3}\")",
        "'{1|*}' + misere_form(\"*\") + 1/2",
        "3 * '{*|*}'",
        "('{0|}' + '{0|0}').MisereCanonicalForm(DeadEnding)",
    ] {
        let value = eval(&mut session, text);
        let printed = session.render(&value);
        let again = eval(&mut session, &printed);
        assert_eq!(again, value, "{text} printed as {printed}");
        assert_eq!(session.render(&again), printed, "{text}");
    }
}

/// A partizan game tree, for brute force independent of the calculator.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    /// Literal brace notation, every brace literal (misere.md §0).
    fn text(&self) -> String {
        let side = |xs: &[Tree]| xs.iter().map(Tree::text).collect::<Vec<_>>().join(",");
        format!("{{{}|{}}}", side(&self.left), side(&self.right))
    }
}

fn tree() -> impl Strategy<Value = Tree> {
    Just(Tree {
        left: vec![],
        right: vec![],
    })
    .prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
}

/// Whether the player to move (Left when `left`) wins the sum of `parts` in misère play: a
/// player with no move in any part wins.
fn wins(
    parts: &[Tree],
    left: bool,
    memo: &mut std::collections::HashMap<(Vec<Tree>, bool), bool>,
) -> bool {
    let mut key: Vec<Tree> = parts.to_vec();
    key.sort_by_key(Tree::text);
    if let Some(&w) = memo.get(&(key.clone(), left)) {
        return w;
    }
    let mut has_move = false;
    let mut w = false;
    for (i, part) in parts.iter().enumerate() {
        for option in if left { &part.left } else { &part.right } {
            has_move = true;
            let mut next = parts.to_vec();
            next[i] = option.clone();
            if !wins(&next, !left, memo) {
                w = true;
            }
        }
    }
    let w = w || !has_move;
    memo.insert((key, left), w);
    w
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The misère outcome of a formal sum of explicit games typed in quote notation (nested
    /// quotes where the printer puts them) is the brute-force outcome of the sum of the
    /// trees; each summand reads back as the same form.
    #[test]
    fn formal_sums_of_explicit_games_play_like_their_trees(
        parts in prop::collection::vec(tree(), 1..4),
    ) {
        let mut session = Session::new();
        let mut typed = Vec::new();
        for part in &parts {
            let value = eval(&mut session, &format!("misere_form(\"{}\")", part.text()));
            let printed = session.render(&value);
            let again = eval(&mut session, &printed);
            prop_assert_eq!(&again, &value);
            typed.push(printed);
        }
        let expr = format!("({}).MisereOutcomeClass", typed.join(" + "));
        let outcome = eval(&mut session, &expr);
        let got = session.render(&outcome);
        let mut memo = std::collections::HashMap::new();
        let want = match (wins(&parts, true, &mut memo), wins(&parts, false, &mut memo)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        };
        prop_assert_eq!(got, want, "{}", expr);
    }
}
