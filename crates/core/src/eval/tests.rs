//! Unit tests of the methods of non-game values (language.md §7–§9), through whole sessions.
//!
//! Function arguments (`Filter(p)`, `SortedWith(c)`) are native test functions bound to
//! globals, and maps are built through the evaluator, so that these tests do not depend on
//! how lambdas and map literals are parsed.

use super::{Session, Value};
use crate::engine::Engine;
use crate::value::Callable;
use crate::value::{EvalError, EvalResult};
use std::rc::Rc;

/// A native function for tests: a name to print and the code to run.
struct Native {
    name: &'static str,
    arity: usize,
    body: fn(&[Value]) -> EvalResult<Value>,
}

impl std::fmt::Debug for Native {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Callable for Native {
    fn call(&self, args: Vec<Value>, _engine: &mut Engine) -> EvalResult<Value> {
        (self.body)(&args)
    }
    fn arity(&self) -> usize {
        self.arity
    }
    fn render(&self) -> String {
        self.name.to_string()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn int_arg(args: &[Value], i: usize) -> EvalResult<num_bigint::BigInt> {
    super::convert::expect_integer(&args[i])
}

/// A session with `odd` (a predicate), `double`, `bycount` (compares lists by length, longest
/// first), `wrong` (a comparator answering a string) and the map `m = {7 => true, 1/2 => ^^*}`.
fn session() -> Session {
    let mut s = Session::new();
    let natives = [
        Native {
            name: "odd",
            arity: 1,
            body: |a| Ok(Value::Bool(int_arg(a, 0)?.bit(0))),
        },
        Native {
            name: "double",
            arity: 1,
            body: |a| Ok(super::convert::integer(int_arg(a, 0)? * 2)),
        },
        Native {
            name: "bycount",
            arity: 2,
            body: |a| {
                let len = |v: &Value| match v {
                    Value::List(x) => Ok(x.len() as i64),
                    _ => Err(EvalError::new("not a list")),
                };
                Ok(super::convert::integer(len(&a[1])? - len(&a[0])?))
            },
        },
        Native {
            name: "wrong",
            arity: 2,
            body: |_| Ok(Value::Str("I am a banana.".into())),
        },
        Native {
            name: "notbool",
            arity: 1,
            body: |_| Ok(super::convert::integer(1)),
        },
    ];
    for n in natives {
        let name = n.name;
        s.ctx.set_global(name, Value::Function(Rc::new(n)));
    }
    run(&mut s, "h := ^^*").unwrap();
    // Stepped ranges, whose syntax is the parser's business.
    for (name, (start, end, step)) in [
        ("r", (3, 12, 3)),
        ("odds", (1, 10, 2)),
        ("down", (10, 1, -3)),
    ] {
        let range = crate::value::IntRange {
            start: start.into(),
            end: end.into(),
            step: step.into(),
        };
        s.ctx.set_global(name, Value::Range(Box::new(range)));
    }
    let h = s.ctx.global("h").unwrap();
    let half = Value::Number(num_rational::BigRational::new(1.into(), 2.into()).into());
    let seven = super::convert::integer(7);
    let m = s
        .evaluator()
        .make_map(vec![(seven, Value::Bool(true)), (half, h)])
        .unwrap();
    s.ctx.set_global("m", m);
    s
}

/// The printed value of the last statement, or its error message.
pub(crate) fn run(s: &mut Session, src: &str) -> Result<String, String> {
    let results = s.eval_source(src, 1);
    match results.into_iter().last().map(|r| r.result) {
        Some(Ok(v)) => Ok(s.render(&v)),
        Some(Err(d)) => Err(d.message),
        None => Err("no statement".into()),
    }
}

/// Each `(input, printed)` pair; a printed value starting with `!` is an error that contains
/// the rest.
fn check(cases: &[(&str, &str)]) {
    check_in(&mut session(), cases);
}

/// [`check`] in a given session.
pub(super) fn check_in(s: &mut Session, cases: &[(&str, &str)]) {
    for &(input, expected) in cases {
        let got = run(s, input);
        match expected.strip_prefix('!') {
            Some(message) => match &got {
                Err(e) => assert!(
                    e.contains(message),
                    "{input}: error {e:?}, want {message:?}"
                ),
                Ok(v) => panic!("{input}: gave {v}, want an error containing {message:?}"),
            },
            None => assert_eq!(got.as_deref(), Ok(expected), "{input}"),
        }
    }
}

#[test]
fn collection_methods() {
    check(&[
        ("[0,1,3,9,7,5].Size", "6"),
        ("[].IsEmpty", "true"),
        ("{}.IsEmpty", "true"),
        ("[0,1,3,9,7,5].Head", "0"),
        ("[\"a\",\"b\",\"c\"].Tail", "[\"b\",\"c\"]"),
        ("[].Head", "!That `Collection` is empty."),
        ("[].Tail", "!That `Collection` is empty."),
        ("[].Adjoin(19)", "[19]"),
        ("{3,1}.Adjoin(2)", "{1,2,3}"),
        ("{3,1}.Adjoin(1)", "{1,3}"),
        ("[0,1].Concat([10,*2])", "[0,1,10,*2]"),
        ("[1,2,3,4,5].Filter(odd)", "[1,3,5]"),
        ("{1,2,3}.Filter(odd)", "{1,3}"),
        ("(1..10).Filter(odd)", "[1,3,5,7,9]"),
        ("[1,2,3].Count(odd)", "2"),
        ("[2,4].Exists(odd)", "false"),
        ("[1,3].ForAll(odd)", "true"),
        ("[].ForAll(odd)", "true"),
        ("[2,4,5,7].Find(odd)", "5"),
        ("[2,4].Find(odd)", "Nothing"),
        ("[1].Filter(notbool)", "!expected true or false"),
        ("[1,2].ForEach(double)", "Nothing"),
        ("[[1,2],3,{4}].Flattened", "[1,2,3,4]"),
        ("[[1,[2]]].Flattened", "[1,[2]]"),
        ("[].Flattened", "[]"),
        ("[1,2,3].Sum", "6"),
        ("[^,*].Sum", "^*"),
        ("[\"Winning\",\"Ways\"].Sum", "\"WinningWays\""),
        ("[(1,2),(3,4)].Sum", "(4,6)"),
        ("[].Sum", "!That `Collection` is empty."),
        (
            "[\"Winning\",\"Ways\",\"Mathematical\",\"Plays\"].Max",
            "\"Winning\"",
        ),
        (
            "[\"Winning\",\"Ways\",\"Mathematical\",\"Plays\"].Min",
            "\"Mathematical\"",
        ),
        ("[3,1/2,7,2].Max", "7"),
        ("[*,0].Max", "*"),
        ("[0,*].Max", "0"),
        ("[].Max", "!That `Collection` is empty."),
        ("[].Mex", "0"),
        ("[0,1,3].Mex", "2"),
        ("[*,*2].Mex", "0"),
        ("[\"a\",-1,1/2,0].Mex", "1"),
        ("{0,1,2}.Mex", "3"),
        ("[].ToList", "[]"),
        ("[].ToSet", "{}"),
        ("(1..3).ToList", "1..3"),
        ("{3,1,2}.ToList", "[1,2,3]"),
        ("[3,1,3].ToSet", "{1,3}"),
        ("[1,2].Apply(double)", "[2,4]"),
        ("{1,2}.Apply(double)", "{2,4}"),
    ]);
}

#[test]
fn global_collection_functions() {
    check(&[
        ("Sum([1,2,3])", "6"),
        ("Sum([\"Winning\",\"Ways\"])", "\"WinningWays\""),
        (
            "Max([\"Winning\",\"Ways\",\"Mathematical\"])",
            "\"Winning\"",
        ),
        ("Min({5,3,4})", "3"),
        ("Mex([\"Winning\",\"Ways\"])", "0"),
        ("Mex(1..3)", "0"),
        ("Mex(0..3)", "4"),
        ("Sum(1..1000000000000)", "500000000000500000000000"),
        ("Max(1..1000000000000)", "1000000000000"),
        ("mex(0, 1, 3)", "2"),
        ("mex(0, -1)", "!non-negative"),
        ("max(3, 5)", "5"),
        ("Sum([])", "!That `Collection` is empty."),
    ]);
}

#[test]
fn list_methods() {
    check(&[
        ("[5,12,13][4]", "!List index out of bounds: 4"),
        ("[5,12,13][0]", "!List index out of bounds: 0"),
        ("[5,12,13][3]", "13"),
        ("[5,12,13].Length", "3"),
        ("[5,12,13].Contains(12)", "true"),
        ("[5,12,13].Contains(\"12\")", "false"),
        ("[*,{0|}].Contains(1)", "true"),
        ("[5,12,13].IndexOf(13)", "3"),
        ("[5,12,13].IndexOf(4)", "0"),
        ("[3,1,3,2,1].Distinct", "[3,1,2]"),
        ("[92/47, 41/23, 9/4, 3].Sorted", "[41/23,92/47,9/4,3]"),
        (
            "[[5,3,7],[1,6,3],[9,2,8]].Sorted",
            "[[1,6,3],[5,3,7],[9,2,8]]",
        ),
        ("[\"b\",2,*,[1],true].Sorted", "[2,*,true,\"b\",[1]]"),
        (
            "[[1],[1,2,3],[1,2]].SortedWith(bycount)",
            "[[1,2,3],[1,2],[1]]",
        ),
        (
            "[[5,3,7],[1,6,3]].SortedWith(wrong)",
            "!must return an Integer",
        ),
        ("[1,2].SortedWith(double)", "!must take 2 arguments"),
        ("[1,2,3,4,5].Grouped(2)", "[[1,2],[3,4],[5]]"),
        ("[1,2].Grouped(0)", "!positive"),
        ("[1,2,3,4,5].Sublist(2,4)", "[2,3,4]"),
        ("[1,2,3].Sublist(0,9)", "[1,2,3]"),
        ("[1,2,3].Sublist(3,2)", "[]"),
        ("[1,2,3].Take(2)", "[1,2]"),
        ("[1,2,3].Take(9)", "[1,2,3]"),
        ("[5,12,13].Updated(2, 99)", "[5,99,13]"),
        ("[5,12,13].Updated(0, 99)", "!List index out of bounds: 0"),
        ("[1,2,3].Reversed", "[3,2,1]"),
        ("[1,*,\"x\"].MkOutput(\", \")", "\"1, *, \"x\"\""),
        ("[1,2,3,4].PeriodicTable(2)", "1 | 2\n--+--\n3 | 4"),
        ("{1,2}.Sorted", "!`Sorted` applies to lists, not to a set"),
        (
            "[1].Frobnicate",
            "!no property or method `Frobnicate` for a list",
        ),
        ("[1].Sortd", "!did you mean `Sorted`?"),
    ]);
}

#[test]
fn range_methods() {
    check(&[
        ("1..10", "1..10"),
        ("r", "3..12..3"),
        ("1..0", "1..0"),
        ("[1..3,5]", "[1..3,5]"),
        ("(1..10).IsEmpty", "false"),
        ("(1..0).IsEmpty", "true"),
        ("odds.Size", "5"),
        ("[odds, 5]", "[1..10..2,5]"),
        ("odds.ToList", "1..10..2"),
        ("(1..1000000000000).Size", "1000000000000"),
        ("r.Start", "3"),
        ("r.End", "12"),
        ("r.Step", "3"),
        ("(1..10).Contains(9)", "true"),
        ("odds.Contains(9)", "true"),
        ("down.Tail", "7..1..-3"),
        ("down.Sorted", "[1,4,7,10]"),
        ("odds.Contains(8)", "false"),
        ("down.Contains(4)", "true"),
        ("down.Contains(11)", "false"),
        ("(1..4).Tail", "2..4"),
        ("(1..1000000000000).Tail.Head", "2"),
        ("(1..1000000000000).ToList.Size", "1000000000000"),
        ("(1..4).Sum", "10"),
        ("(1..1000000000000).Sum", "500000000000500000000000"),
        ("down.Sum", "22"),
        ("down.Max", "10"),
        ("down.Min", "1"),
        ("(1..0).Sum", "!That `Collection` is empty."),
        ("(1..4).Reversed", "[4,3,2,1]"),
        ("(1..4) == [1,2,3,4]", "true"),
        ("(1..0) == []", "true"),
        ("(1..4)[2]", "2"),
    ]);
}

#[test]
fn set_methods() {
    check(&[
        ("{1,2}.Contains(1)", "true"),
        ("{0,1,7,5,3,2,9}.Contains(9)", "true"),
        ("{1,2}.Contains(1/3)", "false"),
        ("{*,1}.Contains({0|})", "true"),
        ("{0,1,7,5,3,2,9}.ToList", "[0,1,2,3,5,7,9]"),
        ("{1,2}.Union([2,3])", "{1,2,3}"),
        ("{1,2,3}.Intersection({2,3,4})", "{2,3}"),
        (
            "{3,\"foo\",[],true,Nothing,[3,5,3,1],+-6,*2,\"bar\"}",
            "{Nothing,3,*2,+-6,true,\"bar\",\"foo\",[],[3,5,3,1]}",
        ),
        ("{\"x\", 2, *, [1], true}", "{2,*,true,\"x\",[1]}"),
        ("{1,2,7}.Replaced(m)", "{1,2,true}"),
        ("{1,2}.Head", "1"),
        (
            "{1,2}.Updated(1, 5)",
            "!applies to lists and maps, not to a set",
        ),
    ]);
}

#[test]
fn map_methods() {
    check(&[
        ("m", "{1/2 => ^^*, 7 => true}"),
        ("m[7]", "true"),
        ("m(1/2)", "^^*"),
        ("m[1/4]", "!Key not found: 1/4"),
        ("m.ContainsKey(7)", "true"),
        ("m ContainsKey 8", "false"),
        ("m.Keys", "{1/2,7}"),
        ("m.Values", "{^^*,true}"),
        ("m.Entries", "{1/2 => ^^*,7 => true}"),
        ("m.Reversed", "{^^* => 1/2, true => 7}"),
        ("m.Updated(7, 8)", "{1/2 => ^^*, 7 => 8}"),
        (
            "m.Updated(\"b\", Nothing)",
            "{1/2 => ^^*, 7 => true, \"b\" => }",
        ),
        (
            "m.Updated(m.Reversed)",
            "{1/2 => ^^*, 7 => true, ^^* => 1/2, true => 7}",
        ),
        ("m.Size", "2"),
        ("m.Head", "1/2 => ^^*"),
        ("m.Head.Key", "1/2"),
        ("m.Head.Value", "^^*"),
        ("m.Tail", "{7 => true}"),
        ("m.Tail.Tail", "{=>}"),
        ("m.Adjoin(3)", "!a map holds entries"),
        ("m.Concat(m.Reversed).Size", "4"),
        ("m.Keys.Sorted", "!`Sorted` applies to lists"),
        ("m.ToList", "[1/2 => ^^*,7 => true]"),
    ]);
}

#[test]
fn tuple_methods() {
    check(&[
        ("(1,3)", "(1,3)"),
        ("(1,3).Row", "1"),
        ("(1,3).Col", "3"),
        ("(1,3).Swap", "(3,1)"),
        ("(1,-1).IsUnit", "true"),
        ("(1,2).IsUnit", "false"),
        ("(1,2) + (3,4)", "(4,6)"),
        ("(1,2) - (3,4)", "(-2,-2)"),
        ("(1,2) * 3", "(3,6)"),
        ("(1,2) <> (2,1)", "true"),
        ("(1,2,3).Row", "!applies to pairs"),
    ]);
}

#[test]
fn string_methods() {
    check(&[
        ("\"Hackenbush\"[7]", "\"b\""),
        ("\"Hackenbush\"[11]", "!String index out of bounds: 11"),
        ("\"Hackenbush\".Length", "10"),
        ("\"Winning \" Concat \"Ways\"", "\"Winning Ways\""),
        ("\"Winning \" + \"Ways\"", "\"Winning Ways\""),
        ("\"n=\" + 3", "!No operation `+`"),
        ("\"Conway\".Substring(2, 4)", "\"onw\""),
        ("\"Clobber\".Substring(4, 6)", "\"bbe\""),
        ("\"Clobber\".Substring(4, 3)", "\"\""),
        (
            "\"Clobber\".Substring(0, 3)",
            "!String index out of bounds: 0",
        ),
        (
            "\"Clobber\".Substring(2, 8)",
            "!String index out of bounds: 8",
        ),
        ("\"Clobber\".Updated(1, \"G\")", "\"Globber\""),
        ("\"banana\".Replace(\"an\", \"AN\")", "\"bANANa\""),
        ("\"On Numbers and Games\" Matches \".*umber.*G+.*\"", "true"),
        ("\"On Numbers\" Matches \"umber\"", "false"),
        (
            "\"Mathematical Plays\".ReplaceRegex(\"(t|P)..\", \"\")",
            "\"Mamaal ys\"",
        ),
        (
            "\"Winning Ways\".ReplaceRegex(\"W(.)[a-z]*\", \"M$1sh\")",
            "\"Mish Mash\"",
        ),
        ("\"ab\".ReplaceRegex(\"(a)\", \"\\\\$1\")", "\"$1b\""),
        ("\"ab\".ReplaceRegex(\"(a)\", \"$2\")", "!No group 2"),
        ("\"ab\".Matches(\"(\")", "!invalid regular expression"),
        ("\"Toads and Frogs\".ToLowerCase", "\"toads and frogs\""),
        ("\"Toads\".ToUpperCase", "\"TOADS\""),
        ("3.ToString", "\"3\""),
        ("[1,\"a\"].ToString", "\"[1,\"a\"]\""),
        ("\"a\".ToString", "\"a\""),
        ("^*.ToString", "\"^*\""),
        ("\"abc\".Size", "3"),
        (
            "\"abc\".Head",
            "!`Head` applies to collections, not to a string",
        ),
        ("\"a\" < \"b\"", "true"),
        ("*\"foo\"", "!"),
        ("v\"foo\"*9", "!"),
    ]);
}

#[test]
fn number_methods() {
    check(&[
        ("-7 % 3", "-1"),
        ("7 % -3", "1"),
        ("7 % 3", "1"),
        ("(-7/2) % 1", "-1/2"),
        ("(-7).Div(2)", "-3"),
        ("7.Div(2)", "3"),
        ("(-7).Mod(3)", "2"),
        ("12.Gcd(-18)", "6"),
        ("4.Lcm(6)", "12"),
        ("0.Isqrt", "0"),
        ("1.Isqrt", "1"),
        ("17.Isqrt", "4"),
        ("(-1).Isqrt", "!negative"),
        ("1.Lb", "0"),
        ("17.Lb", "4"),
        ("0.Lb", "!not strictly positive"),
        ("16.IsTwoPower", "true"),
        ("12.IsTwoPower", "false"),
        ("3.IsEvil", "true"),
        ("7.IsOdious", "true"),
        ("(-3).IsEvil", "!non-negative"),
        ("(1/2).IsDyadic", "true"),
        ("(1/3).IsDyadic", "false"),
        ("pow(2, 40).IsSmallInteger", "false"),
        ("5.IsSmallInteger", "true"),
        ("11 NimSum 3", "8"),
        ("11 NimSum -1", "!non-negative"),
        ("3 NimProduct 3", "2"),
        ("(-3).NimInverse", "!non-negative"),
        ("(-5).Abs", "5"),
        ("(-5/2).Sign", "-1"),
        ("4 Max 3 + 5", "8"),
        ("3.Max(5)", "5"),
        ("3.Min(5)", "3"),
        ("3.Max", "!Max takes 1 argument, 0 given: a.Max(b)"),
        ("(7/2).Floor", "3"),
        ("(-7/2).Floor", "-4"),
        ("(7/2).Ceiling", "4"),
        ("(6/4).Numerator", "3"),
        ("(6/4).Denominator", "2"),
        ("(2/3).Reciprocal", "3/2"),
        ("97.IsPrime", "true"),
        ("1.IsPrime", "false"),
        ("360.PrimeFactors", "[2,2,2,3,3,5]"),
        ("0.PrimeFactors", "!positive"),
    ]);
}

#[test]
fn equality_of_values() {
    check(&[
        ("[1,2] == [1,2]", "true"),
        ("[1,*] == [{0|}, *]", "true"),
        ("0 == []", "false"),
        ("{1} == {1}", "true"),
        ("\"a\" == \"a\"", "true"),
        ("\"a\" != \"b\"", "true"),
        ("[1/3] == [1/3]", "true"),
    ]);
}

#[test]
fn no_panic_on_big_or_odd_arguments() {
    let mut s = session();
    for input in [
        "[1,2].Take(-1)",
        "[1,2].Sublist(-5, 10^30)",
        "[1,2].Grouped(10^30)",
        "\"ab\".Substring(10^30, 1)",
        "(1..10^30).Sum",
        "[1,2][10^30]",
        "(18446744073709551617).IsPrime",
    ] {
        let _ = run(&mut s, input);
    }
    assert_eq!(run(&mut s, "[1,2].Take(-1)"), Ok("[]".to_string()));
}

/// A value 50 000 levels deep prints on a test thread's 2 MiB stack: the display order's
/// comparison of options recurses as deep as the games, and overflowed the fuzz target's
/// 8 MiB thread (fuzz finding `haf:=^:0665^:^51688`).
#[test]
fn a_deep_value_prints_on_a_small_stack() {
    let printed = run(&mut Session::new(), "^:0665^:^51688").expect("evaluates");
    assert!(
        printed.starts_with("{^[666]|*,{^[666]|*,^[666]}||"),
        "{}",
        &printed[..80]
    );
    assert!(printed.len() > 2_000_000, "{}", printed.len());
}
