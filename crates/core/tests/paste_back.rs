//! Positions of the partizan rulesets, and their options, read back through the evaluator as
//! the same positions (an integration test: rulesets sit below the evaluator).

use cgcalc_core::eval::{Session, Value};

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

#[test]
fn positions_and_their_options_paste_back() {
    // Each position, and each position one move away, read back through the evaluator as the
    // same position with the same value.
    let mut session = Session::new();
    let mut eval = |src: &str| -> Value {
        let results = session.eval_source(src, 1);
        match &results[..] {
            [r] => r
                .result
                .clone()
                .unwrap_or_else(|d| panic!("{src}: {}", d.message)),
            _ => panic!("{src}: one statement expected"),
        }
    };
    for src in [
        "hackenbush(\"LR(G,L) GG\")",
        "hackenbush(\"0-1:L 1-2:R 2-0:G 2-3:G\")",
        "toads_frogs(\"LL_RR\")",
        "toads_frogs(\"TT..F.F\")",
        "domineering(3,2)",
        "domineering(\"..#/...\")",
        "cutcake(4,3)",
        "maundy_cake(6,4,1,0)",
        "clobber(\"xox/o.x\")",
    ] {
        let Value::Position(p) = eval(src) else {
            panic!("{src} is a position");
        };
        assert_eq!(p.describe(), src);
        for side in ["LeftOptions", "RightOptions"] {
            let Value::Set(options) = eval(&format!("{src}.{side}")) else {
                panic!("{src}.{side} is a set");
            };
            for option in options {
                let Value::Position(o) = option else {
                    panic!("{src}.{side} holds positions");
                };
                let text = o.describe();
                assert_eq!(eval(&format!("({text}) == {text}")), Value::Bool(true));
                if let Value::Position(back) = eval(&text) {
                    assert_eq!(back.describe(), text);
                }
            }
        }
    }
}

/// Misère games print in CGSuite's notation (`*[2[2]]`, `*[2#0]`), and that text reads back
/// as the same game; CGSuite's list input (`*[2, 3]`, `*[[2]]`, `*[23]`) keeps its meaning.
#[test]
fn misere_games_paste_back() {
    let mut session = Session::new();
    let mut printed = |src: &str| -> String {
        let results = session.eval_source(src, 1);
        let value = results
            .last()
            .and_then(|r| r.result.clone().ok())
            .unwrap_or_else(|| panic!("{src} fails"));
        session.render(&value)
    };
    for src in [
        "*[2, 3]",
        "*[[2]]",
        "*[[2], 1]",
        "*[23]",
        "*[[[2]],[[[2],0],0,1]]",
        "*[2] + *[2]",
        "*[[2]] + *[1]",
        "kayles[7].MisereCanonicalForm",
        "kayles[9].MisereCanonicalForm",
        "grundy_game[8].MisereCanonicalForm",
    ] {
        let text = printed(src);
        assert!(text.starts_with("*["), "{src} printed {text}");
        assert_eq!(
            printed(&text),
            text,
            "{src} printed {text}, which reads back differently"
        );
        assert_eq!(
            printed(&format!("({src}) == {text}")),
            "true",
            "{src} vs {text}"
        );
    }
    assert_eq!(printed("*[23]"), "*[&23;]");
    assert_eq!(printed("*[2, 3]"), "*[2[2]]");
}
