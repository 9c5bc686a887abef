//! Tests of the heap-ruleset combinations (`Join`, `PartizanJoin`, `AcrosticProduct`,
//! `DirectProduct`, `Adjoin`) of built-in rulesets against a direct search over the
//! product's positions, and of the form-dependent short-game operations through whole
//! sessions (explicit games keep their forms).

use super::Session;
use super::tests::run;

/// Kayles (0.77): remove one or two adjacent tokens, leaving up to two heaps.
fn kayles_options(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for take in 1..=2.min(n) {
        let rest = n - take;
        for a in 0..=rest / 2 {
            let parts: Vec<usize> = [a, rest - a].into_iter().filter(|&p| p > 0).collect();
            out.push(parts);
        }
    }
    out
}

/// Nim: any smaller heap.
fn nim_options(n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|k| if k == 0 { vec![] } else { vec![k] })
        .collect()
}

fn mex(values: impl IntoIterator<Item = usize>) -> usize {
    let seen: std::collections::HashSet<usize> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

type Options = fn(usize) -> Vec<Vec<usize>>;

/// Nim values of the heaps 0..=n of R.Join(S), by direct search.
fn join_values(r: Options, s: Options, n: usize) -> Vec<usize> {
    let mut g = Vec::new();
    for h in 0..=n {
        let options = r(h).into_iter().chain(s(h));
        let v = mex(options.map(|parts| parts.iter().fold(0, |x, &p| x ^ g[p])));
        g.push(v);
    }
    g
}

/// Nim values of the positions (m, n), m, n ≤ size, of R.AcrosticProduct(S) or
/// R.DirectProduct(S), by direct search.
fn product_values(r: Options, s: Options, size: usize, direct: bool) -> Vec<Vec<usize>> {
    let mut g = vec![vec![0; size + 1]; size + 1];
    for m in 0..=size {
        for n in 0..=size {
            let mut values = Vec::new();
            if direct {
                for a in r(m) {
                    for b in s(n) {
                        let mut x = 0;
                        for &ai in &a {
                            x ^= g[ai][n];
                            for &bj in &b {
                                x ^= g[ai][bj];
                            }
                        }
                        for &bj in &b {
                            x ^= g[m][bj];
                        }
                        values.push(x);
                    }
                }
            } else {
                for a in r(m) {
                    values.push(a.iter().fold(0, |x, &ai| x ^ g[ai][n]));
                }
                for b in s(n) {
                    values.push(b.iter().fold(0, |x, &bj| x ^ g[m][bj]));
                }
            }
            g[m][n] = mex(values);
        }
    }
    g
}

const KAYLES: &str = "game.heap.Kayles";
const NIM: &str = "game.heap.Nim";

#[test]
fn joins_of_built_in_heap_rulesets_match_a_direct_search() {
    let mut s = Session::new();
    let rulesets: [(&str, Options); 2] = [(KAYLES, kayles_options), (NIM, nim_options)];
    for (r_name, r) in rulesets {
        for (s_name, s_options) in rulesets {
            let expected = join_values(r, s_options, 12);
            for (h, v) in expected.iter().enumerate() {
                let input = format!("{r_name}.Join({s_name})({h}).NimValue");
                assert_eq!(run(&mut s, &input), Ok(v.to_string()), "{input}");
            }
        }
    }
}

#[test]
fn products_of_built_in_heap_rulesets_match_a_direct_search() {
    let mut s = Session::new();
    let rulesets: [(&str, Options); 2] = [(KAYLES, kayles_options), (NIM, nim_options)];
    let size = 6;
    let mut checked = 0;
    for (r_name, r) in rulesets {
        for (s_name, s_options) in rulesets {
            for (method, direct) in [("AcrosticProduct", false), ("DirectProduct", true)] {
                let expected = product_values(r, s_options, size, direct);
                for (m, row) in expected.iter().enumerate() {
                    for (n, value) in row.iter().enumerate() {
                        let input = format!("{r_name}.{method}({s_name})(({m},{n})).NimValue");
                        let want = value.to_string();
                        assert_eq!(run(&mut s, &input), Ok(want), "{input}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300);
}

#[test]
fn partizan_join_of_built_in_heap_rulesets_matches_a_direct_search() {
    let mut s = Session::new();
    // p_n = {Kayles options of n | Nim options of n}, each option the sum of its heaps.
    let sum = |parts: &[usize]| -> String {
        if parts.is_empty() {
            "0".into()
        } else {
            parts
                .iter()
                .map(|p| format!("p{p}"))
                .collect::<Vec<_>>()
                .join("+")
        }
    };
    for n in 0..=7 {
        let left: Vec<String> = kayles_options(n).iter().map(|o| sum(o)).collect();
        let right: Vec<String> = nim_options(n).iter().map(|o| sum(o)).collect();
        let define = format!("p{n} := {{{}|{}}}", left.join(","), right.join(","));
        run(&mut s, &define).unwrap();
        let input = format!("{KAYLES}.PartizanJoin({NIM})({n}) == p{n}");
        assert_eq!(run(&mut s, &input), Ok("true".into()), "{input}");
    }
}

#[test]
fn adjoin_and_value_tables_of_built_in_coordinate_rulesets() {
    let mut s = Session::new();
    // Adjoin keeps both option lists: Wythoff (1,1) has 3 options, so 6.
    for (input, want) in [
        (
            "game.heap.Wythoff.Adjoin(game.heap.Wythoff)((1,1)).Options.Size",
            "6",
        ),
        // Mem at (3, 0) may take 1, 2 or 3; TakeAway(3) at (3, 0) nothing.
        (
            "game.heap.TakeAway(3).Adjoin(game.heap.Mem)((3,0)).Options.Size",
            "3",
        ),
        (
            "game.heap.Wythoff.NimValueTable(1,2)",
            "0 | 1 | 2\n--+---+--\n1 | 2 | 0",
        ),
        ("game.heap.Cutcake.GameValueTable(1,3)", "0 | 1 | 2"),
        (
            "game.heap.PartizanSubtraction([1],[2]).GameValueSequence(3)",
            "[1,{1|0},0]",
        ),
    ] {
        assert_eq!(run(&mut s, input).as_deref(), Ok(want), "{input}");
    }
    // The adjoined Wythoff's nim values agree with a direct search over its positions: the
    // options of (m, n) are Wythoff's, twice (which changes no mex).
    for m in 0..4 {
        for n in 0..4 {
            let a = run(
                &mut s,
                &format!("game.heap.Wythoff.Adjoin(game.heap.Wythoff)(({m},{n})).NimValue"),
            );
            let b = run(&mut s, &format!("game.heap.Wythoff(({m},{n})).NimValue"));
            assert_eq!(a, b);
        }
    }
}

#[test]
fn form_dependent_operations_in_sessions() {
    let mut s = Session::new();
    for (input, want) in [
        ("'{*|*}' SelectiveSum 1", "1"),
        ("*3 SelectiveSum *4", "*7"),
        ("{0|*}.Subordinate('{*|*}')", "1"),
        ("(^.PowTo(5)+*).Subordinate(*)", "5"),
        ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}"),
        ("(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}"),
        ("*2 OrdinalProduct *3", "*6"),
        ("{1|-1}.OrdinalProduct(1)", "+-1"),
    ] {
        assert_eq!(run(&mut s, input).as_deref(), Ok(want), "{input}");
    }
    for (input, message) in [
        ("*.Subordinate(1)", "That game cannot be subordinated"),
        ("^.Pow(0)", "Invalid exponent."),
        ("(+-1).Pow(2)", "Invalid base for `Pow` operation"),
    ] {
        let got = run(&mut s, input);
        assert!(
            got.as_ref().is_err_and(|e| e.contains(message)),
            "{input}: {got:?}"
        );
    }
}

/// The value of the last statement of `src`.
fn value_of(s: &mut Session, src: &str) -> super::Value {
    let results = s.eval_source(src, 1);
    match results.into_iter().last().map(|r| r.result) {
        Some(Ok(v)) => v,
        other => panic!("{src}: {:?}", other.map(|r| r.map_err(|d| d.message))),
    }
}

#[test]
fn sensible_lines_end_at_exactly_the_canonical_options() {
    let mut s = Session::new();
    let small = [
        "0", "*", "1", "-1", "^", "v", "{1|-1}", "1/2", "*2", "{1|*}", "{0|-1}",
    ];
    let mut checked = 0;
    for (i, a) in small.iter().enumerate() {
        for (j, b) in small.iter().enumerate() {
            for c in &small[..4] {
                let _ = (i, j);
                let form = format!("'{{{a},{b}|{c}}}'");
                for (side, options) in [("Left", "LeftOptions"), ("Right", "RightOptions")] {
                    let lines = value_of(&mut s, &format!("{form}.SensibleLines({side})"));
                    let super::Value::List(lines) = lines else {
                        panic!("{form}: lines are not a list");
                    };
                    // Every line ends at a canonical option, and every canonical option is
                    // reached by some line.
                    let mut ends = Vec::new();
                    for line in &lines {
                        let super::Value::List(moves) = line else {
                            panic!("{form}: a line is not a list");
                        };
                        let last = moves.last().expect("a line has a move");
                        ends.push(s.render(last));
                        // A line alternates: the player's moves at odd lengths.
                        assert_eq!(moves.len() % 2, 1, "{form}: {}", s.render(line));
                    }
                    let canonical = value_of(&mut s, &format!("{form}.CanonicalForm.{options}"));
                    let super::Value::Set(canonical) = canonical else {
                        panic!("{form}: options are not a set");
                    };
                    let mut want: Vec<String> = canonical.iter().map(|v| s.render(v)).collect();
                    want.sort();
                    ends.sort();
                    ends.dedup();
                    assert_eq!(ends, want, "{form}.SensibleLines({side})");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500);
    // Canonical games: every option is sensible. Dominated options are not.
    for (input, want) in [
        ("(^*).SensibleLeftOptions", "{0,*}"),
        ("'{0,*,^|*}'.SensibleLeftOptions", "{^}"),
        ("'{{1|*},0|0}'.SensibleLines(Left)", "[[0],[{1|*},*,0]]"),
        ("{1|0}.Options", "{0,1}"),
        ("*2.Options", "{0,*}"),
    ] {
        assert_eq!(run(&mut s, input).as_deref(), Ok(want), "{input}");
    }
}
