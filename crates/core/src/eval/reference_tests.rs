//! Tests of the reference table: it agrees with every dispatch list, every example runs, and
//! argument counts, suggestions, `:help NAME` and the generated page come from it.

use super::*;
use crate::eval::tests::{check_in, run};
use crate::eval::{Session, Value};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

fn set<'a>(names: impl Iterator<Item = &'a str>) -> BTreeSet<&'a str> {
    names.collect()
}

#[test]
fn the_table_and_each_dispatch_list_agree_in_both_directions() {
    // Every misère method in the table is a key that `*[...]` values answer.
    let answered: BTreeSet<String> = dispatch_keys("eval/misere.rs", MISERE_PROPERTIES)
        .into_iter()
        .chain(dispatch_keys("eval/misere.rs", MISERE_INFIX))
        .collect();
    for name in names(Kind::MisereMethod) {
        assert!(
            answered.contains(&method_key(name)),
            "{name} is a misère method in the table, but eval/misere.rs does not answer it"
        );
    }
    assert_eq!(
        set(names(Kind::Ruleset)),
        set(crate::rulesets::constant_names()),
        "the reference table's rulesets and the ruleset constants differ"
    );
    for name in names(Kind::Ruleset) {
        assert!(
            crate::rulesets::constant(name).is_some(),
            "{name} is in the table but is not a ruleset"
        );
    }
    for (name, key) in crate::rulesets::heap::CONSTANTS {
        assert_eq!(method_key(name), *key, "{name}'s key");
    }
}

/// Where the dispatch of `*[...]` properties and of their infix methods starts.
const MISERE_PROPERTIES: &str = "let v = with_arena(engine, |a| -> EvalResult<Option<Value>> {";
const MISERE_INFIX: &str = "\"misereminus\" => match";

/// The keys of the match arms in the body of `start` in `file` (under src/): string literals
/// that make up a pattern, alone or first in a tuple pattern, on one line or several.
fn dispatch_keys(file: &str, start: &str) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let text = std::fs::read_to_string(root.join(file)).expect("source file");
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{file}: no {start}"));
    let body = &text[from..];
    let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
    let body = &body[..body.find("\n    }\n").map_or(body.len(), |end| end)];
    let pattern = regex::Regex::new(
        r#"^\s*\|?\s*\(?\s*("[a-z]+"(?:\s*\|\s*"[a-z]+")*)\s*(?:\||,[^=]*=>|(?:if [^=]*)?=>|$)"#,
    )
    .expect("valid pattern");
    let key = regex::Regex::new(r#""([a-z]+)""#).expect("valid pattern");
    body.lines()
        .filter_map(|line| pattern.captures(line))
        .flat_map(|arm| {
            key.captures_iter(&arm[1])
                .map(|k| k[1].to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The reverse direction for methods, whose dispatch is spread over match arms: every key a
/// method-dispatch `match` accepts has an entry (or an alias of one) in the table.
#[test]
fn every_method_key_in_the_dispatch_code_has_an_entry() {
    let sources = [
        ("eval/methods.rs", "fn game_method("),
        ("eval/methods.rs", "fn number_method("),
        (
            "eval/methods.rs",
            "if let Value::Thermograph(t) = receiver {",
        ),
        ("eval/properties.rs", "fn game_property("),
        ("eval/values.rs", "fn applies("),
        ("eval/values.rs", "fn tuple_method("),
        ("eval/values.rs", "fn string_method("),
        ("eval/values.rs", "fn range_method("),
        ("eval/misere.rs", MISERE_PROPERTIES),
        ("eval/misere.rs", MISERE_INFIX),
        ("eval/quotient.rs", "pub fn method("),
    ];
    let mut checked = 0;
    let mut missing = Vec::new();
    for (file, start) in sources {
        for key in dispatch_keys(file, start) {
            checked += 1;
            if !lookup(&key).iter().any(|e| e.kind.is_method()) {
                missing.push(format!(
                    "{file}: method `{key}` has no entry in the reference table"
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(
        checked > 150,
        "only {checked} method keys found: has the dispatch moved?"
    );
}

#[test]
fn every_name_appears_once_per_kind_with_a_known_topic_and_sane_counts() {
    let mut seen = BTreeSet::new();
    for e in TABLE {
        assert!(
            seen.insert((method_key(e.name), e.kind)),
            "{} ({:?}) twice",
            e.name,
            e.kind
        );
        assert!(
            TOPICS.contains(&e.topic),
            "{}: unknown topic {}",
            e.name,
            e.topic
        );
        assert!(e.min_args <= e.max_args, "{}: min > max", e.name);
        assert!(!e.help.is_empty() && !e.example.is_empty(), "{}", e.name);
        for r in e.related {
            assert!(
                !lookup(r).is_empty(),
                "{}: related name {r} is unknown",
                e.name
            );
        }
    }
    // Functions are snake_case, methods CamelCase, as users type them.
    for e in TABLE.iter().filter(|e| e.kind == Kind::Function) {
        assert!(
            !e.name.chars().any(|c| c.is_ascii_uppercase()),
            "{}",
            e.name
        );
    }
    for e in TABLE.iter().filter(|e| e.kind.is_method()) {
        assert!(
            e.name.starts_with(|c: char| c.is_ascii_uppercase()),
            "{}",
            e.name
        );
    }
}

#[test]
fn aliases_stand_for_names_in_the_table() {
    for (alias, name) in ALIASES {
        assert!(
            !lookup(name).is_empty(),
            "{alias} stands for unknown {name}"
        );
        let ids =
            |n: &str| -> Vec<(&str, Kind)> { lookup(n).iter().map(|e| (e.name, e.kind)).collect() };
        // An alias may also be a name of its own (`nim_pow` is a function and `NimPow` a
        // spelling of NimExp), so its entries include the name's.
        let of_alias = ids(alias);
        assert!(
            ids(name).iter().all(|e| of_alias.contains(e)),
            "{alias}: {of_alias:?}"
        );
    }
    let mut s = Session::new();
    check_in(
        &mut s,
        &[
            ("(7/2).ceil", "4"),
            ("(-3).signum", "-1"),
            ("[1, 2].len", "2"),
            ("(2, 5).column", "5"),
            ("{3|-1}.Thermograph.mast_value", "1"),
            ("3.NimPower(2)", "2"),
            ("{1|-1}.outcome", "N"),
            (
                "toads_and_frogs(\"TT__F\") == toads_frogs(\"TT__F\")",
                "true",
            ),
            ("misere_game(\"*[2]\")", "*[2]"),
            ("*[2].MisereOutcome", "N"),
        ],
    );
}

/// An example shows what its name is for: it prints a value, or (for the names used for their
/// effects) prints lines.
#[test]
fn every_example_shows_something() {
    let mut blank = Vec::new();
    for e in TABLE.iter().filter(|e| e.name != "Nothing") {
        let mut session = Session::new();
        let results = session.eval_source(e.example, 1);
        let printed = results.iter().any(|r| !r.printed.is_empty());
        let shown = results
            .last()
            .is_some_and(|r| !matches!(r.result, Ok(Value::Nothing)));
        if !printed && !shown {
            blank.push(format!("{}: {}", e.name, e.example));
        }
    }
    assert!(
        blank.is_empty(),
        "examples that show nothing:\n{}",
        blank.join("\n")
    );
}

#[test]
fn every_example_evaluates_in_a_fresh_session() {
    let mut failures = Vec::new();
    let mut slow = Vec::new();
    for e in TABLE {
        let mut session = Session::new();
        let start = Instant::now();
        let result = run(&mut session, e.example);
        let took = start.elapsed();
        if result.is_err() {
            failures.push(format!("{}: {} gave {result:?}", e.name, e.example));
        }
        // Examples are meant to answer at once (about 50 ms in a release build). Timing is
        // reported, not asserted: the machine is shared, and a loaded CI runner doubles it.
        if took >= Duration::from_millis(50) {
            slow.push(format!("{}: {} took {took:?}", e.name, e.example));
        }
    }
    if !slow.is_empty() {
        eprintln!("slow examples:\n{}", slow.join("\n"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn functions_refuse_a_wrong_count_of_arguments_naming_their_signature() {
    let mut s = Session::new();
    check_in(
        &mut s,
        &[
            (
                "temperature({1|0}, 5)",
                "!temperature takes 1 argument, 2 given: temperature(G)",
            ),
            ("temperature({1|0})", "1/2"),
            (
                "cool({3|-1})",
                "!cool takes 2 arguments, 1 given: cool(G, t)",
            ),
            (
                "nim_values(kayles)",
                "!nim_values takes 2 arguments, 1 given: nim_values(R, n)",
            ),
            ("gcd(4, 6, 8)", "!gcd takes 2 arguments, 3 given: gcd(a, b)"),
            ("period(kayles, 10, 20)", "!period takes 1 or 2 arguments"),
            ("moore_nim()", "!`moore_nim` is a built-in function"),
            // A property called as a function counts the arguments after the game.
            ("nim_value(*3, 1)", "!NimValue takes 0 arguments, 1 given"),
            ("stop({3|-1}, Left)", "3"),
        ],
    );
}

#[test]
fn a_pasted_thermograph_with_extra_lists_is_an_error() {
    let mut s = Session::new();
    let printed = run(&mut s, "{3|-1}.Thermograph").expect("thermograph");
    assert!(printed.starts_with("Thermograph("), "{printed}");
    let error = run(&mut s, &printed).expect_err("not a game");
    assert!(error.contains("thermograph takes 1 argument"), "{error}");
}

#[test]
fn methods_refuse_a_wrong_count_of_arguments() {
    let mut s = Session::new();
    check_in(
        &mut s,
        &[
            ("{3|-1}.Cool", "!Cool takes 1 argument, 0 given: G.Cool(t)"),
            ("{3|-1}.Cool(1, 2)", "!Cool takes 1 argument, 2 given"),
            (
                "{3|-1}.Temperature(1)",
                "!Temperature takes 0 arguments, 1 given",
            ),
            ("17.Div(4, 5)", "!Div takes 1 argument, 2 given: a.Div(b)"),
            ("17.Div(4)", "4"),
            ("*[1].Link", "!Link takes 1 argument, 0 given: M.Link(N)"),
            ("4.IsEven(1)", "!IsEven takes 0 arguments, 1 given"),
            ("(2, 5).Swap(1)", "!Swap takes 0 arguments, 1 given: p.Swap"),
            (
                "{3|-1}.Thermograph.LeftWall(1)",
                "!LeftWall takes 0 arguments, 1 given",
            ),
            ("*[2].Genus(1)", "!Genus takes 0 arguments, 1 given"),
            ("*[2, 2].Genus", "0^0"),
        ],
    );
}

#[test]
fn unknown_names_suggest_by_edit_distance_and_by_prefix() {
    let mut s = Session::new();
    check_in(
        &mut s,
        &[
            ("{1|0}.Temp", "!did you mean `Temperature`?"),
            ("{1|0}.Temprature", "!did you mean `Temperature`?"),
            ("kayels[5]", "!did you mean `kayles`?"),
            ("temprature({1|0})", "!did you mean `temperature`?"),
            ("[1].Sortd", "!did you mean `Sorted`?"),
        ],
    );
    let names = ["Temperature", "Thermograph", "Tiny"];
    assert_eq!(suggestion("temp", names.into_iter()), Some("Temperature"));
    assert_eq!(
        suggestion("Thermgraph", names.into_iter()),
        Some("Thermograph")
    );
    assert_eq!(suggestion("zzzz", names.into_iter()), None);
    assert_eq!(suggestion("", names.into_iter()), None);
    // The name typed is never its own suggestion (any spelling).
    assert_eq!(suggestion("tiny", names.into_iter()), None);
    assert_eq!(suggestion("Temperature", names.into_iter()), None);
}

#[test]
fn distant_and_short_names_get_no_suggestion() {
    let mut s = Session::new();
    // Issue 25: these suggested `on`, `Left`, `pow`, `gcd`.
    for name in ["x", "foo", "len", "length", "Plot", "Grid", "zz", "qwerty"] {
        let err = run(&mut s, name).expect_err(name);
        assert!(!err.contains("did you mean"), "{name}: {err}");
    }
    // Real typos and abbreviations still find their name.
    check_in(
        &mut s,
        &[
            ("{1|0}.Temprature", "!did you mean `Temperature`?"),
            ("temprature", "!did you mean `temperature`?"),
            ("Kayels", "!did you mean `kayles`?"),
            ("gdc", "!did you mean `gcd`?"),
            ("heap_nim_valu", "!did you mean `heap_nim_value`?"),
            ("{1|0}.LeftStp", "!did you mean `LeftStop`?"),
            ("{1|0}.Temp", "!did you mean `Temperature`?"),
        ],
    );
    let all = || TABLE.iter().map(|e| e.name);
    assert_eq!(suggestion("x", all()), None);
    assert_eq!(suggestion("on", all()), None);
    assert_eq!(suggestion("Plot", all()), None);
    assert_eq!(suggestion("load", all()), None);
    assert!(suggestion("Birthdya", all()).is_some_and(|n| n.eq_ignore_ascii_case("birthday")));
}

#[test]
fn a_known_method_that_does_not_apply_says_what_it_belongs_to() {
    let mut s = Session::new();
    check_in(
        &mut s,
        &[
            (
                "game.strip.ToadsAndFrogs(\"t.f\").GridString",
                "!`GridString` does not apply to this game: The board of a CGSuite grid position",
            ),
            (
                "(*3).GridString",
                "!`GridString` applies to positions of rulesets, not to the game *3",
            ),
            (
                "game.grid.Clobber.EdgeLabels",
                "!`EdgeLabels` does not apply to this ruleset",
            ),
            ("game.grid.Clobber(\"xox\").GridString", "\"xox\""),
        ],
    );
}

#[test]
fn help_on_a_name_shows_signature_description_example_and_related_names() {
    let cool = help("cool").expect("cool is known");
    assert!(cool.contains("cool(G, t)"), "{cool}");
    assert!(cool.contains("G.Cool(t)"), "{cool}");
    assert!(cool.contains("Example: cool({3|-1}, 1)"), "{cool}");
    assert!(cool.contains("See also: Cool, heat"), "{cool}");
    // Case and underscores do not matter.
    assert_eq!(help("NIM_VALUE"), help("nimvalue"));
    assert!(help("NimValue").is_some_and(|t| t.contains("G.NimValue")));
    assert_eq!(help("no_such_name"), None);
    assert_eq!(close_names("temprature"), Some("temperature"));
}

#[test]
fn the_topic_listing_names_everything_and_fits_a_terminal() {
    let listing = names_by_topic();
    for e in TABLE {
        assert!(listing.contains(e.name), "{} is missing", e.name);
    }
    let page = markdown();
    for (alias, _) in ALIASES {
        assert!(
            page.contains(&format!("`{alias}`")),
            "{alias} is not on the page"
        );
    }
    assert!(listing.lines().all(|l| l.chars().count() <= 80));
    assert!(listing.lines().all(|l| !l.ends_with(' ')), "{listing}");
}

/// `docs/reference.md` is generated: `CGCALC_BLESS=1 cargo test -p cgcalc-core --lib reference` rewrites it.
#[test]
fn the_checked_in_reference_page_is_the_generated_one() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/reference.md");
    let generated = markdown();
    if std::env::var_os("CGCALC_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write docs/reference.md");
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "docs/reference.md is out of date with src/eval/reference.rs; regenerate it with \
         `CGCALC_BLESS=1 cargo test -p cgcalc-core --lib reference`"
    );
}

/// The reverse direction for functions, whose dispatch is spread over match arms: every key a
/// function-dispatch `match` accepts has an entry (or an alias of one) in the table.
#[test]
fn every_function_key_in_the_dispatch_code_has_an_entry() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources = [
        ("rulesets/heap/names.rs", "pub fn function("),
        ("rulesets/functional/mod.rs", "pub fn function("),
        ("rulesets/contest.rs", "pub fn function("),
        ("rulesets/partizan/mod.rs", "pub fn function("),
        ("eval/builtins.rs", "fn call_builtin("),
    ];
    let arm = regex::Regex::new(r#"^\s*((?:"[a-z]+"\s*\|\s*)*"[a-z]+")\s*(?:if [^=]*)?=>"#)
        .expect("valid pattern");
    let key = regex::Regex::new(r#""([a-z]+)""#).expect("valid pattern");
    let mut checked = 0;
    for (file, start) in sources {
        let text = std::fs::read_to_string(root.join(file)).expect("source file");
        let from = text
            .find(start)
            .unwrap_or_else(|| panic!("{file}: no {start}"));
        let body = &text[from..];
        let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
        for line in body.lines() {
            let Some(arm) = arm.captures(line) else {
                continue;
            };
            for k in key.captures_iter(&arm[1]) {
                checked += 1;
                assert!(
                    lookup(&k[1]).iter().any(|e| e.kind == Kind::Function),
                    "{file}: function `{}` has no entry in the reference table",
                    &k[1]
                );
            }
        }
    }
    assert!(
        checked > 40,
        "only {checked} function keys found: has the dispatch moved?"
    );
}

/// Methods that check their own arguments (collections, strings, misère games, positions,
/// rulesets, thermographs) agree with the table: one argument too many, or one too few, is
/// an error when called on the receiver of the entry's example.
#[test]
fn method_counts_in_the_table_agree_with_the_methods_own_checks() {
    let mut failures = Vec::new();
    for e in TABLE.iter().filter(|e| e.kind.is_method()) {
        let Some(at) = e.example.find(&format!(".{}", e.name)) else {
            continue;
        };
        let receiver = &e.example[..at];
        let call = |n: usize| {
            let args = vec!["0"; n].join(", ");
            format!("{receiver}.{}({args})", e.name)
        };
        let mut wrong = Vec::new();
        if e.max_args != MANY {
            wrong.push(call(e.max_args + 1));
        }
        if e.min_args > 0 {
            wrong.push(call(e.min_args - 1));
        }
        for input in wrong {
            if let Ok(v) = run(&mut Session::new(), &input) {
                failures.push(format!("{:?} {}: {input} gave {v}", e.kind, e.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn decompositions_paste_back_and_add_up_to_the_position() {
    let mut s = Session::new();
    for board in [
        "game.grid.Domineering(\"..#.|#.#.|##..\")",
        "game.grid.Clobber(\"xo.ox|.....|x.o..\")",
        "game.grid.Cram(\"..#...|##.#..\")",
        "game.grid.Kings(\"xo..|...x|o...\")",
        "game.graph.ArcKayles(\"--;-;.;---\")",
        "game.graph.PartizanArcKayles(\"lle;r;e(l;r)\")",
        "game.grid.Domineering(\"..#|...\")",
    ] {
        let printed = run(&mut s, &format!("D := {board}.Decomposition")).expect("decomposes");
        // The printed list reads back as the same positions.
        assert_eq!(
            run(&mut s, &format!("{printed} == D")).as_deref(),
            Ok("true"),
            "{board}: {printed}"
        );
        // Their sum is the position (no quirk here: the parts cannot interact).
        let sum = run(&mut s, "S := 0; for p in D do S := S + p end; S").expect("adds up");
        assert_eq!(
            run(&mut s, &format!("S == {board}")).as_deref(),
            Ok("true"),
            "{board}: the parts add up to {sum}"
        );
    }
}

/// Every ruleset that `game.heap.X`, `game.grid.X`, `game.strip.X` and `game.graph.X` accept
/// is in the table under its full name, and every such entry names a ruleset dispatch knows.
#[test]
fn every_ruleset_of_a_name_space_has_an_entry_and_every_entry_a_ruleset() {
    let table: BTreeSet<String> = names(Kind::NamespaceRuleset).map(method_key).collect();
    let mut accepted: Vec<String> = Vec::new();
    for space in ["grid", "strip"] {
        for name in crate::rulesets::board::names(space) {
            accepted.push(format!("game.{space}.{name}"));
        }
    }
    for name in crate::rulesets::loopy::fox_geese::NAMES {
        accepted.push(format!("game.grid.{name}"));
    }
    for name in crate::rulesets::graph::NAMES {
        accepted.push(format!("game.graph.{name}"));
    }
    // Built by their own functions in `rulesets/cgsuite.rs`.
    for name in [
        "game.graph.GenCol",
        "game.graph.GenHackenbush",
        "game.graph.GenArcKayles",
    ] {
        accepted.push(name.to_string());
    }
    accepted.push("game.strip.Turning".to_string());
    // The heap names are the string keys of the `cgsuite_heap` dispatchers.
    let key = regex::Regex::new(r#""([a-z]+)""#).expect("valid pattern");
    for file in ["rulesets/heap/names.rs", "rulesets/functional/mod.rs"] {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let text = std::fs::read_to_string(root.join(file)).expect("source file");
        let body = &text[text.find("pub fn cgsuite_heap(").expect("dispatcher")..];
        let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
        for k in key.captures_iter(body) {
            accepted.push(format!("game.heap.{}", &k[1]));
        }
    }
    accepted.push("game.heap.wythoff".to_string());
    for name in &accepted {
        assert!(
            table.contains(&method_key(name)),
            "{name} is accepted but not in the table"
        );
    }
    let accepted: BTreeSet<String> = accepted.iter().map(|n| method_key(n)).collect();
    for name in names(Kind::NamespaceRuleset) {
        assert!(
            accepted.contains(&method_key(name)),
            "{name} is in the table but no dispatcher accepts it"
        );
    }
    // Each name space lists only its own, and every name space is in the table.
    for space in ["game.heap", "game.grid", "game.strip", "game.graph"] {
        let members = namespace_members(space).expect(space);
        assert!(!members.is_empty(), "{space}");
        for member in members {
            assert!(
                lookup(&format!("{space}.{member}"))
                    .iter()
                    .any(|e| e.kind == Kind::NamespaceRuleset),
                "{space}.{member}"
            );
        }
    }
    assert_eq!(
        namespace_members("game").expect("game"),
        ["graph", "grid", "heap", "strip"]
    );
    assert_eq!(namespace_members("game.heap.Kayles"), None);
}

#[test]
fn help_finds_rulesets_of_name_spaces_by_full_and_short_name() {
    for (asked, shown) in [
        ("game.grid.Domineering", "game.grid.Domineering(\"board\")"),
        ("Domineering", "game.grid.Domineering(\"board\")"),
        ("Amazons", "game.grid.Amazons(\"board\")"),
        ("Konane", "game.grid.Konane(\"board\")"),
        ("game.heap.HeapRuleset", "game.heap.HeapRuleset(f)"),
        ("HeapRuleset", "game.heap.HeapRuleset(f)"),
        (
            "game.strip.ToadsAndFrogs",
            "game.strip.ToadsAndFrogs(\"strip\")",
        ),
        ("game.graph.hackenbush", "game.graph.Hackenbush(\"graph\")"),
    ] {
        let text = help(asked).unwrap_or_else(|| panic!("no help on {asked}"));
        assert!(text.contains(shown), "{asked}: {text}");
        assert!(text.contains("Example: game."), "{asked}: {text}");
    }
    // A name space lists its members.
    let heap = help("game.heap").expect("game.heap");
    assert!(
        heap.contains("Members:") && heap.contains("Kayles"),
        "{heap}"
    );
    // `:help all` names them, under their topics.
    let all = names_by_topic();
    for name in [
        "game.grid.Domineering",
        "game.strip.TopplingDominoes",
        "game.graph.Col",
        "game.heap.Subtraction",
    ] {
        assert!(all.contains(name), "{name} missing from :help all");
    }
}

/// Completion after a dot and the methods that run agree: a misère game answers the game
/// methods too (`*[2].NimValue`), a number the number ones, a game not.
#[test]
fn the_names_after_a_dot_are_those_that_apply() {
    let misere = Receiver::Misere.member_names();
    assert!(misere.contains(&"NimValue") && misere.contains(&"MisereNimValue"));
    let number = Receiver::Number.member_names();
    assert!(number.contains(&"Isqrt") && number.contains(&"Temperature"));
    let game = Receiver::Game.member_names();
    assert!(game.contains(&"Temperature") && !game.contains(&"Isqrt"));
    let mut s = Session::new();
    check_in(
        &mut s,
        &[("*[2].NimValue", "2"), ("*[2].MisereNimValue", "2")],
    );
}
