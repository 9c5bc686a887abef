//! Tests of rulesets built from functions, with Rust closures standing in for CGScript lambdas.

use super::*;
use crate::engine::Engine;
use crate::rulesets::Position;
use num_traits::ToPrimitive;
use proptest::prelude::*;
use std::fmt;

type Body = dyn Fn(&[Value], &mut Engine) -> EvalResult<Value>;

/// A user function written in Rust.
struct RustFn {
    arity: usize,
    body: Box<Body>,
}

impl fmt::Debug for RustFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RustFn/{}", self.arity)
    }
}

impl Callable for RustFn {
    fn call(&self, args: Vec<Value>, engine: &mut Engine) -> EvalResult<Value> {
        (self.body)(&args, engine)
    }
    fn arity(&self) -> usize {
        self.arity
    }
    fn render(&self) -> String {
        "<rust>".into()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn func(arity: usize, body: impl Fn(&[Value]) -> EvalResult<Value> + 'static) -> Value {
    Value::Function(Rc::new(RustFn {
        arity,
        body: Box::new(move |args, _| body(args)),
    }))
}

fn int(n: i64) -> Value {
    Value::integer(n)
}

fn as_i64(v: &Value) -> i64 {
    match v {
        Value::Number(r) => r.to_integer().to_i64().expect("small"),
        other => panic!("not a number: {other:?}"),
    }
}

fn list(items: Vec<Value>) -> Value {
    Value::List(items)
}

fn pair(a: i64, b: i64) -> Value {
    Value::Tuple(vec![int(a), int(b)])
}

/// A heap rule in Rust: heap n → the heap lists one move can leave.
fn heap_fn(rule: impl Fn(i64) -> Vec<Vec<i64>> + 'static) -> Value {
    func(1, move |args| {
        let n = as_i64(&args[0]);
        Ok(list(
            rule(n)
                .into_iter()
                .map(|hs| list(hs.into_iter().map(int).collect()))
                .collect(),
        ))
    })
}

fn args(positional: Vec<Value>) -> Args {
    Args {
        positional,
        named: Vec::new(),
    }
}

fn heap(name: &str, positional: Vec<Value>, e: &mut Engine) -> Value {
    cgsuite_heap(name, Some(&args(positional)), e)
        .expect("a functional ruleset name")
        .expect("built")
}

fn ruleset(v: &Value) -> &Rc<dyn Ruleset> {
    match v {
        Value::Ruleset(r) => r,
        other => panic!("not a ruleset: {other:?}"),
    }
}

use crate::rulesets::Ruleset;

fn at(r: &Value, p: Vec<Value>, e: &mut Engine) -> Rc<dyn Position> {
    match ruleset(r).position(&p, e).expect("position") {
        Value::Position(p) => p,
        other => panic!("not a position: {other:?}"),
    }
}

/// A property as text (numbers, outcomes, genera, position lists).
fn prop(p: &Rc<dyn Position>, key: &str, e: &mut Engine) -> EvalResult<String> {
    let v = match p.method(key, &[], e)? {
        Some(v) => v,
        None => match crate::eval::misere::position_method(p, key, &[], e)? {
            Some(v) => v,
            None => crate::rulesets::analysis::position_method(p, key, &[], e)?
                .expect("a known property"),
        },
    };
    Ok(text(&v, e))
}

fn text(v: &Value, e: &mut Engine) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        Value::Text(t) => t.text.clone(),
        Value::Outcome(o) => o.letter().to_string(),
        Value::LoopyNimber(k) => crate::display::notation::loopy_nimber(k),
        Value::Misere(m) => crate::misere::render(*m, e).expect("render"),
        Value::Game(g) => crate::display::notation::Printer::new()
            .render_game(e, *g)
            .expect("render"),
        Value::Position(p) => p.describe(),
        Value::Sequence(s) => s.to_string(),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(|x| text(x, e)).collect();
            format!("[{}]", parts.join(","))
        }
        Value::Set(items) => {
            let parts: Vec<String> = items.iter().map(|x| text(x, e)).collect();
            format!("{{{}}}", parts.join(","))
        }
        other => format!("{other:?}"),
    }
}

fn method(r: &Value, key: &str, a: Vec<Value>, e: &mut Engine) -> EvalResult<Value> {
    Ok(ruleset(r).method(key, &a, e)?.expect("a ruleset method"))
}

fn squares() -> Value {
    func(1, |args| {
        let n = as_i64(&args[0]);
        Ok(list(
            (1..)
                .map(|k| k * k)
                .take_while(|&s| s <= n)
                .map(|s| list(vec![int(n - s)]))
                .collect(),
        ))
    })
}

#[test]
fn subtraction_game_from_a_function() {
    let mut e = Engine::new();
    let f = heap_fn(|n| {
        [1, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|k| vec![n - k])
            .collect()
    });
    let r = heap("HeapRuleset", vec![f], &mut e);
    let seq = method(&r, "nimvaluesequence", vec![int(10)], &mut e).unwrap();
    assert_eq!(text(&seq, &mut e), "[1,0,1,2,0,1,0,1,2,0]");
    assert_eq!(
        method(&r, "checkperiodicity", vec![int(100)], &mut e).unwrap(),
        Value::Nothing
    );
    let observed = method(&r, "observedperiod", vec![int(100)], &mut e).unwrap();
    assert_eq!(
        text(&observed, &mut e),
        "ObservedPeriodicity(Period => 5, Preperiod => 0, Saltus => 0, Heaps => 100, \
         Proven => false)"
    );
    let p = at(&r, vec![int(8)], &mut e);
    assert_eq!(prop(&p, "nimvalue", &mut e).unwrap(), "1");
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "N");
    assert_eq!(
        prop(&p, "options", &mut e).unwrap(),
        "[ruleset(7),ruleset(4)]"
    );
    assert_eq!(prop(&p, "winningmoves", &mut e).unwrap(), "[ruleset(7)]");
    ruleset(&r).assigned("R");
    ruleset(&r).assigned("Other");
    assert_eq!(prop(&p, "winningmoves", &mut e).unwrap(), "[R(7)]");
    let sum = at(&r, vec![int(3), int(0), int(2)], &mut e);
    assert_eq!(sum.describe(), "R[2,3]");
    assert_eq!(prop(&sum, "nimvalue", &mut e).unwrap(), "1");
}

#[test]
fn heap_zero_is_zero_without_calling_f() {
    let mut e = Engine::new();
    let f = func(1, |args| {
        let n = as_i64(&args[0]);
        if n == 0 {
            return Err(EvalError::new("f(0) was called"));
        }
        Ok(list(vec![list(vec![int(n - 1)])]))
    });
    let r = heap("HeapRuleset", vec![f], &mut e);
    let p = at(&r, vec![int(3)], &mut e);
    assert_eq!(prop(&p, "nimvalue", &mut e).unwrap(), "1");
    let zero = at(&r, vec![int(0)], &mut e);
    assert_eq!(prop(&zero, "nimvalue", &mut e).unwrap(), "0");
    let err = prop(&zero, "options", &mut e).unwrap_err();
    assert!(err.message.contains("f(0) was called"), "{}", err.message);
    // Analyses agree with the value: heap 0 ends the game.
    assert_eq!(prop(&p, "genus", &mut e).unwrap(), "1");
    assert_eq!(prop(&p, "winningmoves", &mut e).unwrap(), "[ruleset(2)]");
    let pr = heap("PartizanHeapRuleset", vec![r.clone(), r.clone()], &mut e);
    let q = at(&pr, vec![int(3)], &mut e);
    assert_eq!(prop(&q, "canonicalform", &mut e).unwrap(), "*");
    assert_eq!(prop(&q, "misereoutcomeclass", &mut e).unwrap(), "P");
}

#[test]
fn bad_options_name_the_heap() {
    let mut e = Engine::new();
    let f = func(1, |args| Ok(list(vec![args[0].clone()])));
    let r = heap("HeapRuleset", vec![f], &mut e);
    let err = method(&r, "heapnimvalue", vec![int(5)], &mut e).unwrap_err();
    assert!(err.message.contains("heap 5"), "{}", err.message);
    let f = func(1, |_| Ok(list(vec![list(vec![int(-1)])])));
    let r = heap("HeapRuleset", vec![f], &mut e);
    let err = method(&r, "heapnimvalue", vec![int(2)], &mut e).unwrap_err();
    assert!(err.message.contains("heap 2"), "{}", err.message);
    let f = func(1, |_| Ok(int(3)));
    let r = heap("HeapRuleset", vec![f], &mut e);
    let err = method(&r, "heapnimvalue", vec![int(2)], &mut e).unwrap_err();
    assert!(err.message.contains("heap 2"), "{}", err.message);
}

#[test]
fn loopy_heap_rules_are_errors() {
    let mut e = Engine::new();
    // 4 → 6 → 3 → 5 → 2 → 4
    let r = heap(
        "HeapRuleset",
        vec![heap_fn(|n| match n {
            0 | 1 => vec![],
            n if n < 5 => vec![vec![n + 2]],
            n => vec![vec![n - 3]],
        })],
        &mut e,
    );
    let err = method(&r, "heapnimvalue", vec![int(4)], &mut e).unwrap_err();
    assert!(
        err.message.contains("the ruleset is loopy"),
        "{}",
        err.message
    );
    // The table is not left half-filled: a later question fails the same way.
    let err = method(&r, "heapnimvalue", vec![int(4)], &mut e).unwrap_err();
    assert!(
        err.message.contains("the ruleset is loopy"),
        "{}",
        err.message
    );
    let r = heap("HeapRuleset", vec![heap_fn(|n| vec![vec![n]])], &mut e);
    let err = method(&r, "heapnimvalue", vec![int(3)], &mut e).unwrap_err();
    assert_eq!(
        err.message,
        "the options of heap 3 lead back to 3: the ruleset is loopy"
    );
    // A game that never ends is stopped before it fills memory.
    let r = heap("HeapRuleset", vec![heap_fn(|n| vec![vec![n + 1]])], &mut e);
    let err = method(&r, "heapnimvalue", vec![int(3)], &mut e).unwrap_err();
    assert!(err.message.contains("may never end"), "{}", err.message);
    // A part larger than n is fine when it ends.
    let r = heap(
        "HeapRuleset",
        vec![heap_fn(|n| if n == 2 { vec![vec![7]] } else { vec![] })],
        &mut e,
    );
    let v = method(&r, "heapnimvalue", vec![int(2)], &mut e).unwrap();
    assert_eq!(v, int(1));
}

#[test]
fn deep_chains_use_no_native_stack() {
    let mut e = Engine::new();
    let r = heap("HeapRuleset", vec![heap_fn(|n| vec![vec![n - 1]])], &mut e);
    let v = method(&r, "heapnimvalue", vec![int(100_000)], &mut e).unwrap();
    assert_eq!(v, int(0));
    let p = at(&r, vec![int(99_999)], &mut e);
    assert_eq!(prop(&p, "nimvalue", &mut e).unwrap(), "1");
    // The general solver too, on a partizan chain: n → n − 1 for both.
    let down = func(1, |args| {
        let n = as_i64(&args[0]);
        Ok(list(if n > 0 { vec![int(n - 1)] } else { vec![] }))
    });
    let up = func(1, |_| Ok(list(vec![])));
    let g = function("partizanruleset", &args(vec![down.clone(), up]), &mut e)
        .unwrap()
        .unwrap();
    let p = at(&g, vec![int(100_000)], &mut e);
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "L");
    assert_eq!(prop(&p, "canonicalform", &mut e).unwrap(), "100000");
    let imp = function("impartialruleset", &args(vec![down]), &mut e)
        .unwrap()
        .unwrap();
    let p = at(&imp, vec![int(100_001)], &mut e);
    assert_eq!(prop(&p, "nimvalue", &mut e).unwrap(), "1");
}

#[test]
fn remove_a_square_to_a_hundred_thousand() {
    let mut e = Engine::new();
    let r = heap("HeapRuleset", vec![squares()], &mut e);
    let start = std::time::Instant::now();
    let seq = method(&r, "nimvaluesequence", vec![int(100_000)], &mut e).unwrap();
    let elapsed = start.elapsed();
    let Value::Sequence(values) = seq else {
        panic!("a nim sequence")
    };
    assert_eq!(values.len(), 100_000);
    let first: Vec<i64> = values.iter().take(10).map(i64::from).collect();
    assert_eq!(first, [1, 0, 1, 2, 0, 1, 0, 1, 2, 0]);
    // Timing is reported, not asserted: the machine is shared.
    eprintln!("squares to 10^5: {elapsed:?}");
}

/// Octal code digits after the point, as Rust rules.
fn octal_rule(digits: Vec<u8>) -> impl Fn(i64) -> Vec<Vec<i64>> {
    move |n| {
        let mut out = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let k = i as i64 + 1;
            if d & 1 != 0 && n == k {
                out.push(vec![]);
            }
            if d & 2 != 0 && n > k {
                out.push(vec![n - k]);
            }
            if d & 4 != 0 && n - k >= 2 {
                for a in 1..=(n - k) / 2 {
                    out.push(vec![a, n - k - a]);
                }
            }
        }
        out
    }
}

fn builtin_values(r: &Value, n: i64, e: &mut Engine) -> Vec<i64> {
    match method(r, "nimvalues", vec![int(n)], e).unwrap() {
        Value::Sequence(s) => s.iter().map(i64::from).collect(),
        other => panic!("{other:?}"),
    }
}

fn function_values(f: Value, n: i64, e: &mut Engine) -> Vec<i64> {
    let r = heap("HeapRuleset", vec![f], e);
    builtin_values(&r, n, e)
}

#[test]
fn named_games_agree_with_the_built_in_rulesets() {
    let mut e = Engine::new();
    let kayles = crate::rulesets::constant("kayles").unwrap();
    assert_eq!(
        function_values(heap_fn(octal_rule(vec![7, 7])), 80, &mut e),
        builtin_values(&kayles, 80, &mut e)
    );
    let grundy = crate::rulesets::constant("grundy_game").unwrap();
    let grundy_fn = heap_fn(|n| (1..(n + 1) / 2).map(|a| vec![a, n - a]).collect());
    assert_eq!(
        function_values(grundy_fn, 80, &mut e),
        builtin_values(&grundy, 80, &mut e)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn octal_codes_agree_with_the_built_in_ruleset(digits in prop::collection::vec(0u8..8, 1..4)) {
        let mut e = Engine::new();
        let code: String = digits.iter().map(|d| d.to_string()).collect();
        let built = crate::rulesets::function(
            "octal",
            &args(vec![Value::Str(format!("0.{code}"))]),
            &mut e,
        ).unwrap().unwrap();
        let expected = builtin_values(&built, 60, &mut e);
        prop_assert_eq!(function_values(heap_fn(octal_rule(digits)), 60, &mut e), expected);
    }

    #[test]
    fn subtraction_games_agree_with_the_built_in_ruleset(set in prop::collection::btree_set(1i64..12, 1..5)) {
        let mut e = Engine::new();
        let members: Vec<Value> = set.iter().map(|&s| int(s)).collect();
        let built = crate::rulesets::function("subtraction", &args(members), &mut e)
            .unwrap()
            .unwrap();
        let expected = builtin_values(&built, 60, &mut e);
        let set2 = set.clone();
        let f = heap_fn(move |n| set2.iter().filter(|&&s| s <= n).map(|&s| vec![n - s]).collect());
        prop_assert_eq!(function_values(f, 60, &mut e), expected);
    }
}

#[test]
fn gen_mem_matches_cgsuite() {
    let mut e = Engine::new();
    let p = func(2, |a| Ok(Value::Bool(a[1] != a[0])));
    let r = heap("GenMem", vec![p], &mut e);
    let at_pair = |a, b, e: &mut Engine| at(&r, vec![pair(a, b)], e);
    let q = at_pair(10, 1, &mut e);
    assert_eq!(prop(&q, "nimvalue", &mut e).unwrap(), "6");
    let q = at_pair(10, 6, &mut e);
    assert_eq!(prop(&q, "genus", &mut e).unwrap(), "3");
    let q = at(&r, vec![int(10), int(14)], &mut e);
    assert_eq!(prop(&q, "genus", &mut e).unwrap(), "6");
    // Mem (a ≥ k) is GenMem((k, a) -> a >= k).
    let mem = func(2, |a| Ok(Value::Bool(as_i64(&a[1]) >= as_i64(&a[0]))));
    let r = heap("GenMem", vec![mem], &mut e);
    let q = at(&r, vec![pair(10, 8)], &mut e);
    assert_eq!(prop(&q, "genus", &mut e).unwrap(), "1");
}

#[test]
fn gen_wythoff_matches_cgsuite() {
    let mut e = Engine::new();
    let f = func(1, |a| Ok(int(as_i64(&a[0]) + 2)));
    let r = heap("GenWythoff", vec![f], &mut e);
    for (b, nim) in [(11, "21"), (0, "10"), (13, "23")] {
        let q = at(&r, vec![pair(10, b)], &mut e);
        assert_eq!(prop(&q, "nimvalue", &mut e).unwrap(), nim, "(10,{b})");
    }
    let q = at(&r, vec![pair(10, 17)], &mut e);
    assert_eq!(prop(&q, "genus", &mut e).unwrap(), "15");
    // GenWythoff(k -> k + 1) is Wythoff: its options in CGSuite's order and count.
    let w = heap(
        "GenWythoff",
        vec![func(1, |a| Ok(int(as_i64(&a[0]) + 1)))],
        &mut e,
    );
    let q = at(&w, vec![pair(10, 10)], &mut e);
    assert_eq!(prop(&q, "nimvalue", &mut e).unwrap(), "14");
    let Some(Value::List(options)) = q.method("options", &[], &mut e).unwrap() else {
        panic!("a list")
    };
    assert_eq!(options.len(), 30);
    let q = at(&w, vec![pair(10, 4)], &mut e);
    assert_eq!(prop(&q, "genus", &mut e).unwrap(), "13^(13)");
}

fn nim_two_heaps() -> Value {
    func(2, |a| {
        let (m, n) = (as_i64(&a[0]), as_i64(&a[1]));
        let mut out: Vec<Value> = (1..=m).map(|k| pair(m - k, n)).collect();
        out.extend((1..=n).map(|k| pair(m, n - k)));
        Ok(list(out))
    })
}

#[test]
fn coordinate_rulesets_and_tables() {
    let mut e = Engine::new();
    let r = heap("CoordinateRuleset", vec![nim_two_heaps()], &mut e);
    let q = at(&r, vec![int(3), int(5)], &mut e);
    assert_eq!(prop(&q, "nimvalue", &mut e).unwrap(), "6");
    let t = method(&r, "nimvaluetable", vec![int(1), int(3)], &mut e).unwrap();
    let Value::Text(t) = t else {
        panic!("a table is text, found {t:?}");
    };
    assert_eq!(t.text, "0 | 1 | 2 | 3\n--+---+---+--\n1 | 0 | 3 | 2");
    // Its numbers are kept for the intensity plot.
    assert_eq!(
        t.cells,
        Some(vec![
            vec!["0".to_string(), "1".into(), "2".into(), "3".into()],
            vec!["1".to_string(), "0".into(), "3".into(), "2".into()],
        ])
    );
    // A function of one pair is the classic mistake.
    let one = func(1, |_| Ok(list(vec![])));
    let err = cgsuite_heap("CoordinateRuleset", Some(&args(vec![one])), &mut e)
        .unwrap()
        .unwrap_err();
    assert!(err.message.contains("two arguments"), "{}", err.message);
}

/// Deletes one letter `c` from a string, in every way.
fn deletions(c: char) -> Value {
    func(1, move |a| {
        let Value::Str(s) = &a[0] else {
            return Err(EvalError::new("not a string"));
        };
        let chars: Vec<char> = s.chars().collect();
        Ok(list(
            (0..chars.len())
                .filter(|&i| chars[i] == c)
                .map(|i| {
                    let mut t = chars.clone();
                    t.remove(i);
                    Value::Str(t.into_iter().collect())
                })
                .collect(),
        ))
    })
}

#[test]
fn partizan_rulesets_over_strings() {
    let mut e = Engine::new();
    let g = function(
        "partizanruleset",
        &args(vec![deletions('L'), deletions('R')]),
        &mut e,
    )
    .unwrap()
    .unwrap();
    ruleset(&g).assigned("G");
    let p = at(&g, vec![Value::Str("LLR".into())], &mut e);
    assert_eq!(prop(&p, "canonicalform", &mut e).unwrap(), "1");
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "L");
    assert_eq!(
        prop(&p, "leftoptions", &mut e).unwrap(),
        "[G(\"LR\"),G(\"LR\")]"
    );
    assert_eq!(prop(&p, "rightoptions", &mut e).unwrap(), "[G(\"LL\")]");
    assert_eq!(
        prop(&p, "leftwinningmoves", &mut e).unwrap(),
        "[G(\"LR\"),G(\"LR\")]"
    );
    assert_eq!(prop(&p, "rightwinningmoves", &mut e).unwrap(), "[]");
    assert!(prop(&p, "winningmoves", &mut e).is_err());
    assert!(prop(&p, "nimvalue", &mut e).is_err());
    assert_eq!(prop(&p, "misereoutcomeclass", &mut e).unwrap(), "R");
    // Named arguments, and the shorthand.
    let named = Args {
        positional: vec![],
        named: vec![
            ("left".into(), deletions('L')),
            ("right".into(), deletions('R')),
        ],
    };
    let g2 = function("partizanruleset", &named, &mut e)
        .unwrap()
        .unwrap();
    let p = at(&g2, vec![Value::Str("LRR".into())], &mut e);
    assert_eq!(prop(&p, "canonicalform", &mut e).unwrap(), "-1");
    let p = function(
        "partizangame",
        &args(vec![
            Value::Str("RRR".into()),
            deletions('L'),
            deletions('R'),
        ]),
        &mut e,
    )
    .unwrap()
    .unwrap();
    let Value::Position(p) = p else { panic!() };
    assert_eq!(prop(&p, "canonicalform", &mut e).unwrap(), "-3");
}

#[test]
fn errors_in_option_functions_say_where() {
    let mut e = Engine::new();
    let bad = func(1, |_| Err(EvalError::new("boom")));
    let g = function("partizanruleset", &args(vec![bad, deletions('R')]), &mut e)
        .unwrap()
        .unwrap();
    ruleset(&g).assigned("R");
    let p = at(&g, vec![Value::Str("LRL".into())], &mut e);
    let err = prop(&p, "canonicalform", &mut e).unwrap_err();
    assert_eq!(
        err.message,
        "boom, while computing the Left options of R(\"LRL\")"
    );
    let not_a_list = func(1, |_| Ok(int(1)));
    let g = function("impartialruleset", &args(vec![not_a_list]), &mut e)
        .unwrap()
        .unwrap();
    let p = at(&g, vec![int(1)], &mut e);
    let err = prop(&p, "nimvalue", &mut e).unwrap_err();
    assert!(err.message.contains("list or set"), "{}", err.message);
}

#[test]
fn general_games_may_repeat() {
    let mut e = Engine::new();
    // (a, b) → (b, a): (2,1) reaches itself in two moves, and play never ends.
    let swap = func(1, |a| match &a[0] {
        Value::Tuple(items) => Ok(list(vec![Value::Tuple(vec![
            items[1].clone(),
            items[0].clone(),
        ])])),
        _ => Ok(list(vec![])),
    });
    let g = function("impartialruleset", &args(vec![swap]), &mut e)
        .unwrap()
        .unwrap();
    ruleset(&g).assigned("R");
    let p = at(&g, vec![int(2), int(1)], &mut e);
    assert_eq!(prop(&p, "loopynimvalue", &mut e).unwrap(), "∞");
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "D");
    assert_eq!(prop(&p, "remoteness", &mut e).unwrap(), "Nothing");
    let err = prop(&p, "nimvalue", &mut e).unwrap_err();
    assert_eq!(
        err.message,
        "R((2,1)) has loopy nim value ∞: it has no finite nim value (LoopyNimValue gives it)"
    );
}

#[test]
fn a_search_that_never_repeats_stops_at_the_limit() {
    let mut e = Engine::new();
    let up = func(1, |a| Ok(list(vec![Value::integer(as_i64(&a[0]) + 1)])));
    let call = Args {
        positional: vec![up],
        named: vec![("limit".into(), int(100))],
    };
    let g = function("impartialruleset", &call, &mut e)
        .unwrap()
        .unwrap();
    ruleset(&g).assigned("R");
    let p = at(&g, vec![int(0)], &mut e);
    let err = prop(&p, "outcomeclass", &mut e).unwrap_err();
    assert!(
        err.message
            .starts_with("R(0) reaches more than 100 positions (limit => 100)"),
        "{}",
        err.message
    );
}

#[test]
fn a_loop_through_a_split_is_an_error() {
    let mut e = Engine::new();
    // n → n + 1 (split into n and 1): R(5) reaches R(5) + R(1), R(5) + R(1) + R(1), ….
    let grow = func(1, |a| {
        let n = as_i64(&a[0]);
        Ok(list(if n > 1 {
            vec![Value::integer(n + 100)]
        } else {
            vec![]
        }))
    });
    let split = func(1, |a| {
        let n = as_i64(&a[0]);
        Ok(list(if n > 100 {
            vec![Value::integer(n - 100), int(1)]
        } else {
            vec![Value::integer(n)]
        }))
    });
    let call = Args {
        positional: vec![grow],
        named: vec![("split".into(), split)],
    };
    let g = function("impartialruleset", &call, &mut e)
        .unwrap()
        .unwrap();
    ruleset(&g).assigned("R");
    let p = at(&g, vec![int(5)], &mut e);
    let err = prop(&p, "outcomeclass", &mut e).unwrap_err();
    assert!(
        err.message
            .contains("a loop through a sum gives infinitely many positions"),
        "{}",
        err.message
    );
}

/// Nim on a list of heaps, the position being the list itself.
fn list_nim() -> Value {
    func(1, |a| {
        let Value::List(h) = &a[0] else {
            return Err(EvalError::new("not a list"));
        };
        let mut out = Vec::new();
        for i in 0..h.len() {
            for k in 0..as_i64(&h[i]) {
                let mut next = h.clone();
                next[i] = int(k);
                out.push(Value::List(next));
            }
        }
        Ok(list(out))
    })
}

#[test]
fn impartial_rulesets_over_lists() {
    let mut e = Engine::new();
    let n = function("impartialruleset", &args(vec![list_nim()]), &mut e)
        .unwrap()
        .unwrap();
    ruleset(&n).assigned("N");
    let heaps = |hs: &[i64]| list(hs.iter().map(|&h| int(h)).collect());
    let p = at(&n, vec![heaps(&[1, 2, 3])], &mut e);
    assert_eq!(prop(&p, "nimvalue", &mut e).unwrap(), "0");
    assert_eq!(prop(&p, "winningmoves", &mut e).unwrap(), "[]");
    let p = at(&n, vec![heaps(&[1, 2, 4])], &mut e);
    assert_eq!(prop(&p, "winningmoves", &mut e).unwrap(), "[N([1,2,3])]");
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "N");
    // Misère Nim: (1, 1, 2) → (1, 1, 1).
    let p = at(&n, vec![heaps(&[1, 1, 2])], &mut e);
    assert_eq!(
        prop(&p, "miserewinningmoves", &mut e).unwrap(),
        "[N([1,1,1])]"
    );
    assert_eq!(prop(&p, "position", &mut e).unwrap(), "[1,1,2]");
}

#[test]
fn split_positions_are_valued_by_components() {
    let mut e = Engine::new();
    let split = func(1, |a| {
        let Value::List(h) = &a[0] else {
            return Err(EvalError::new("not a list"));
        };
        Ok(list(h.iter().map(|x| list(vec![x.clone()])).collect()))
    });
    let named = Args {
        positional: vec![list_nim()],
        named: vec![("split".into(), split)],
    };
    let n = function("impartialruleset", &named, &mut e)
        .unwrap()
        .unwrap();
    let heaps = |hs: &[i64]| list(hs.iter().map(|&h| int(h)).collect());
    let p = at(&n, vec![heaps(&[5, 9, 30])], &mut e);
    assert_eq!(
        prop(&p, "nimvalue", &mut e).unwrap(),
        (5 ^ 9 ^ 30).to_string()
    );
    let p = at(&n, vec![heaps(&[3, 3])], &mut e);
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "P");
}

#[test]
fn options_may_be_games_of_other_rulesets() {
    let mut e = Engine::new();
    let kayles = crate::rulesets::constant("kayles").unwrap();
    let k3 = ruleset(&kayles).position(&[int(3)], &mut e).unwrap();
    // 1 → kayles[3] (nim value 3) or 0; 0 has no move.
    let f = func(1, move |a| {
        Ok(list(if as_i64(&a[0]) == 1 {
            vec![k3.clone(), int(0)]
        } else {
            vec![]
        }))
    });
    let g = function("impartialruleset", &args(vec![f]), &mut e)
        .unwrap()
        .unwrap();
    let p = at(&g, vec![int(1)], &mut e);
    assert_eq!(prop(&p, "nimvalue", &mut e).unwrap(), "1");
    assert_eq!(
        prop(&p, "options", &mut e).unwrap(),
        "[kayles[3],ruleset(0)]"
    );
}

#[test]
fn partizan_heap_rulesets() {
    let mut e = Engine::new();
    // PartizanSubtraction([1,3],[2,3]) built from functions.
    let sub = |set: &'static [i64]| {
        heap_fn(move |n| {
            set.iter()
                .filter(|&&k| k <= n)
                .map(|&k| vec![n - k])
                .collect()
        })
    };
    let l = heap("HeapRuleset", vec![sub(&[1, 3])], &mut e);
    let r = heap("HeapRuleset", vec![sub(&[2, 3])], &mut e);
    let p = heap("PartizanHeapRuleset", vec![l.clone(), r.clone()], &mut e);
    let q = at(&p, vec![int(6)], &mut e);
    assert_eq!(
        prop(&q, "canonicalform", &mut e).unwrap(),
        "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"
    );
    let seq = method(&p, "gamevaluesequence", vec![int(3)], &mut e).unwrap();
    assert_eq!(text(&seq, &mut e), "[1,{1|0},{0,{1|0}|0}]");
    // The same through PartizanJoin, and with a built-in side.
    let j = method(&l, "partizanjoin", vec![r], &mut e).unwrap();
    let q = at(&j, vec![int(6)], &mut e);
    assert_eq!(
        prop(&q, "canonicalform", &mut e).unwrap(),
        "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"
    );
    let kayles = crate::rulesets::constant("kayles").unwrap();
    let mixed = heap("PartizanHeapRuleset", vec![kayles, l], &mut e);
    let q = at(&mixed, vec![int(0)], &mut e);
    assert_eq!(prop(&q, "canonicalform", &mut e).unwrap(), "0");
}

#[test]
fn partizan_coordinate_rulesets() {
    let mut e = Engine::new();
    // PartizanEuclid from two coordinate rules.
    let euclid = |left: bool| {
        func(2, move |a| {
            let (p, q) = (as_i64(&a[0]), as_i64(&a[1]));
            if q == 0 || p % q == 0 {
                return Ok(list(vec![]));
            }
            let r = p % q;
            Ok(list(vec![if left { pair(q, r) } else { pair(q, q - r) }]))
        })
    };
    let cl = heap("CoordinateRuleset", vec![euclid(true)], &mut e);
    let cr = heap("CoordinateRuleset", vec![euclid(false)], &mut e);
    let pe = heap("PartizanCoordinateRuleset", vec![cl, cr], &mut e);
    for (a, b, v) in [(8, 0, "0"), (8, 5, "0")] {
        let q = at(&pe, vec![pair(a, b)], &mut e);
        assert_eq!(prop(&q, "canonicalform", &mut e).unwrap(), v);
    }
    let t = method(&pe, "gamevaluetable", vec![int(2), int(2)], &mut e).unwrap();
    assert!(matches!(t, Value::Text(t) if t.kind == "table"));
}

#[test]
fn observed_periods() {
    assert_eq!(observed_period(&[0, 1, 0, 1, 0, 1]), Some((2, 0)));
    assert_eq!(observed_period(&[5, 0, 1, 0, 1, 0, 1]), Some((2, 1)));
    assert_eq!(observed_period(&[0, 1, 2, 3]), None);
}

#[test]
fn fixed_values_and_followers() {
    let mut e = Engine::new();
    let two = function("value", &args(vec![int(2)]), &mut e)
        .unwrap()
        .unwrap();
    // p → Value(2) for Left, p - 1 for Right, down to 0.
    let left = func(1, move |a| {
        Ok(list(if as_i64(&a[0]) > 0 {
            vec![two.clone()]
        } else {
            vec![]
        }))
    });
    let right = func(1, |a| {
        let n = as_i64(&a[0]);
        Ok(list(if n > 0 { vec![int(n - 1)] } else { vec![] }))
    });
    let g = function("partizanruleset", &args(vec![left, right]), &mut e)
        .unwrap()
        .unwrap();
    ruleset(&g).assigned("G");
    let p = at(&g, vec![int(1)], &mut e);
    // {2 | 0}
    assert_eq!(prop(&p, "canonicalform", &mut e).unwrap(), "{2|0}");
    assert_eq!(prop(&p, "outcomeclass", &mut e).unwrap(), "N");
    assert_eq!(prop(&p, "leftoptions", &mut e).unwrap(), "[Value(2)]");
    assert_eq!(prop(&p, "followercount", &mut e).unwrap(), "5");
    let p = at(&g, vec![int(2)], &mut e);
    assert_eq!(
        prop(&p, "followers", &mut e).unwrap(),
        "{G(2),Value(2),G(1),Value(1),G(0),Value(0)}"
    );
}

fn nim_heap() -> Value {
    heap_fn(|n| (0..n).map(|k| vec![k]).collect())
}

#[test]
fn products_of_heap_rulesets() {
    let mut e = Engine::new();
    let nim = heap("HeapRuleset", vec![nim_heap()], &mut e);
    let direct = method(&nim, "directproduct", vec![nim.clone()], &mut e).unwrap();
    let acrostic = method(&nim, "acrosticproduct", vec![nim.clone()], &mut e).unwrap();
    for (m, n, product) in [(2, 2, 3), (2, 3, 1), (3, 3, 2), (4, 4, 6), (5, 3, 15)] {
        let q = at(&direct, vec![pair(m, n)], &mut e);
        assert_eq!(
            prop(&q, "nimvalue", &mut e).unwrap(),
            product.to_string(),
            "({m},{n})"
        );
        let q = at(&acrostic, vec![pair(m, n)], &mut e);
        assert_eq!(prop(&q, "nimvalue", &mut e).unwrap(), (m ^ n).to_string());
    }
    // Cutcake: cut a heap into two.
    let cut = heap(
        "HeapRuleset",
        vec![heap_fn(|n| (1..=n / 2).map(|a| vec![a, n - a]).collect())],
        &mut e,
    );
    let cake = method(&cut, "cakeproduct", vec![cut.clone()], &mut e).unwrap();
    let q = at(&cake, vec![pair(8, 3)], &mut e);
    assert_eq!(prop(&q, "canonicalform", &mut e).unwrap(), "-3");
    let cutcake = heap("GenCutcake", vec![cut.clone(), cut], &mut e);
    let q = at(&cutcake, vec![pair(3, 8)], &mut e);
    assert_eq!(prop(&q, "canonicalform", &mut e).unwrap(), "3");
    // Adjoin: Nim on the first heap only, adjoined with Nim on the second, is 2-heap Nim.
    let first = heap(
        "CoordinateRuleset",
        vec![func(2, |a| {
            let (m, n) = (as_i64(&a[0]), as_i64(&a[1]));
            Ok(list((0..m).map(|k| pair(k, n)).collect()))
        })],
        &mut e,
    );
    let second = heap(
        "CoordinateRuleset",
        vec![func(2, |a| {
            let (m, n) = (as_i64(&a[0]), as_i64(&a[1]));
            Ok(list((0..n).map(|k| pair(m, k)).collect()))
        })],
        &mut e,
    );
    let both = method(&first, "adjoin", vec![second], &mut e).unwrap();
    let q = at(&both, vec![pair(5, 3)], &mut e);
    assert_eq!(prop(&q, "nimvalue", &mut e).unwrap(), "6");
}

#[test]
fn each_heap_calls_f_once() {
    use std::cell::Cell;
    let mut e = Engine::new();
    let calls = Rc::new(Cell::new(0u64));
    let counter = calls.clone();
    let f = func(1, move |a| {
        counter.set(counter.get() + 1);
        let n = as_i64(&a[0]);
        Ok(list(
            (1..)
                .map(|k| k * k)
                .take_while(|&s| s <= n)
                .map(|s| list(vec![int(n - s)]))
                .collect(),
        ))
    });
    let r = heap("HeapRuleset", vec![f], &mut e);
    // Asked from the top, so most heaps wait for their parts.
    let top = method(&r, "heapnimvalue", vec![int(5000)], &mut e).unwrap();
    assert!(calls.get() <= 5000, "{} calls", calls.get());
    let values = builtin_values(&r, 5000, &mut e);
    assert_eq!(int(values[5000]), top);
    assert_eq!(calls.get(), 5000);
}
