//! Property tests: the fast nim-sequence paths against the definition, the option enumerator
//! against an independent brute force, the periodicity test against its restatement and
//! against long runs of the definition.

use super::code::{CodeKind, Modifier, TbCode};
use super::options::for_each_option;
use super::periodicity;
use super::rules::HeapRules;
use super::sequence::{NimSequence, naive_values};
use proptest::prelude::*;

fn rules(code: &str) -> HeapRules {
    HeapRules::TakeAndBreak(TbCode::parse(code, CodeKind::TakeAndBreak).unwrap())
}

fn fast(r: &HeapRules, len: usize) -> Vec<u32> {
    NimSequence::new(r).prefix(r, len, &|| Ok(())).unwrap()
}

/// The same on two threads (in tests the sparse method's helper starts at heap 1024).
fn fast_on_two_threads(r: &HeapRules, len: usize) -> Vec<u32> {
    let mut sequence = NimSequence::new(r);
    sequence.set_threads(2);
    sequence.prefix(r, len, &|| Ok(())).unwrap()
}

/// An octal-like code: a few digits 0-7 after the point, maybe a split digit before it, maybe
/// modifiers.
fn octal_code() -> impl Strategy<Value = String> {
    let digit = (
        0u8..8,
        prop::sample::select(vec!["", "", "", "!", "?", "="]),
    )
        .prop_map(|(d, m)| format!("{d}{m}"));
    (
        prop::sample::select(vec!["0", "0", "0", "4", "4!"]),
        prop::collection::vec(digit, 1..5),
    )
        .prop_map(|(before, after)| format!("{before}.{}", after.concat()))
}

fn subtraction_code() -> impl Strategy<Value = String> {
    (
        prop::collection::btree_set(1u32..14, 1..5),
        any::<bool>(),
        prop::sample::select(vec!['3', '2', '1']),
    )
        .prop_map(|(set, allbut, d)| {
            let max = *set.iter().max().unwrap_or(&1);
            let body: String = (1..=max)
                .map(|j| if set.contains(&j) != allbut { d } else { '0' })
                .collect();
            if allbut {
                format!("0.{body}[{d}]")
            } else {
                format!("0.{body}")
            }
        })
}

/// Every option of heap n by brute force: all compositions of r (cut points as bit masks),
/// sorted into multisets, filtered by count and modifier.
fn brute_options(code: &TbCode, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let first = -code.max_addition();
    for j in first..=n as i64 {
        let Some(d) = code.digit(j) else { continue };
        let r = (n as i64 - j) as u64;
        if r == 0 {
            if d.allows(0) {
                out.push(Vec::new());
            }
            continue;
        }
        let mut seen = std::collections::BTreeSet::new();
        for cuts in 0u64..1 << (r - 1) {
            let mut parts = Vec::new();
            let mut last = 0;
            for i in 1..r {
                if cuts >> (i - 1) & 1 == 1 {
                    parts.push(i - last);
                    last = i;
                }
            }
            parts.push(r - last);
            parts.sort_unstable();
            seen.insert(parts);
        }
        for parts in seen {
            let k = parts.len() as u32;
            if !d.allows(k) {
                continue;
            }
            let all_equal = parts.iter().all(|&p| p == parts[0]);
            let distinct = parts.windows(2).all(|w| w[0] != w[1]);
            let ok = match d.modifier(k) {
                Modifier::None => true,
                Modifier::Distinct => distinct,
                Modifier::Equal => all_equal,
                Modifier::NotAllEqual if k == 1 => r >= 2,
                Modifier::NotAllEqual => !all_equal,
            };
            if ok {
                out.push(parts);
            }
        }
    }
    out.sort();
    out
}

/// §7.3 restated literally (π by brute force), for comparison with the linear-time version.
fn literal_check(v: &[u32], a: u64, t: u64) -> Option<(usize, usize)> {
    let n = v.len();
    let d: Vec<i64> = (0..n - 1)
        .map(|i| i64::from(v[i]) - i64::from(v[i + 1]))
        .collect();
    let pi = |i: usize| -> usize {
        let s = &d[i.min(d.len())..];
        (1..=s.len().max(1))
            .find(|&p| (0..s.len().saturating_sub(p)).all(|j| s[j] == s[j + p]))
            .unwrap_or(1)
    };
    let accepted = |q: usize, p: usize| {
        p < n && v[n - 1] == v[n - 1 - p] && a * (q + p) as u64 + t <= n as u64
    };
    for i in (0..n - 1).rev() {
        if pi(i) > pi(i + 1) + 1 {
            let q = i + 1;
            let p = pi(q);
            if 2 * p <= n - q && accepted(q, p) {
                return Some((p, q));
            }
        }
    }
    let p = pi(0);
    (p < n - 1 && accepted(0, p)).then_some((p, 0))
}

/// Subtraction codes made of a few long runs of removals (at least 63 in all), the case
/// `bash(m)` is: their values are counted over sliding windows.
fn long_run_code() -> impl Strategy<Value = String> {
    (
        prop::collection::vec((0usize..40, 1usize..120), 1..4),
        prop::sample::select(vec!['3', '2', '1']),
    )
        .prop_map(|(runs, d)| {
            let mut body = String::new();
            for (gap, run) in runs {
                body.push_str(&"0".repeat(gap));
                body.extend(std::iter::repeat_n(d, run));
            }
            format!("0.{body}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn octal_fast_path_is_the_definition(code in octal_code()) {
        let code_ok = TbCode::parse(&code, CodeKind::TakeAndBreak).unwrap();
        prop_assume!(code_ok.loopiness().is_none());
        let r = HeapRules::TakeAndBreak(code_ok);
        prop_assert_eq!(fast(&r, 400), naive_values(&r, 400), "code {}", code);
    }

    #[test]
    fn subtraction_fast_paths_are_the_definition(code in subtraction_code()) {
        let r = rules(&code);
        prop_assert_eq!(fast(&r, 500), naive_values(&r, 500), "code {}", code);
    }

    #[test]
    fn long_runs_of_removals_are_the_definition(code in long_run_code()) {
        let r = rules(&code);
        prop_assert_eq!(fast(&r, 1500), naive_values(&r, 1500), "code {}", code);
    }

    #[test]
    fn options_are_every_legal_split(code in octal_code(), n in 0u64..13) {
        let parsed = TbCode::parse(&code, CodeKind::TakeAndBreak).unwrap();
        prop_assume!(parsed.loopiness().is_none());
        let mut listed = Vec::new();
        for_each_option(&parsed, n, &mut |p| { listed.push(p.to_vec()); Ok(()) }).unwrap();
        let mut sorted = listed.clone();
        sorted.sort();
        prop_assert_eq!(sorted, brute_options(&parsed, n), "code {}", code);
    }

    #[test]
    fn hexadecimal_options_are_every_legal_split(
        digits in prop::collection::vec((0u8..16, prop::sample::select(vec!["", "!", "?", "="])), 1..4),
        n in 0u64..13,
    ) {
        let code = format!("0.{}", digits.iter().map(|(d, m)| format!("{d:X}{m}")).collect::<String>());
        let parsed = TbCode::parse(&code, CodeKind::Hexadecimal).unwrap();
        let mut listed = Vec::new();
        for_each_option(&parsed, n, &mut |p| { listed.push(p.to_vec()); Ok(()) }).unwrap();
        listed.sort();
        prop_assert_eq!(listed, brute_options(&parsed, n), "code {}", code);
    }

    #[test]
    fn periodicity_test_matches_its_definition(
        v in prop::collection::vec(0u32..4, 2..60),
        a in 1u64..4,
        t in 0u64..6,
    ) {
        let got = periodicity::check(&v, a, t).map(|p| (p.period, p.preperiod));
        prop_assert_eq!(got, literal_check(&v, a, t));
    }

    #[test]
    fn proven_periods_hold_far_beyond_the_test(code in octal_code()) {
        let parsed = TbCode::parse(&code, CodeKind::TakeAndBreak).unwrap();
        prop_assume!(parsed.loopiness().is_none() && periodicity::is_provable(&parsed));
        let (a, t) = periodicity::constants(&parsed).unwrap();
        let r = HeapRules::TakeAndBreak(parsed);
        let long = naive_values(&r, 1200);
        if let Some(p) = periodicity::check(&long[..400], a, t) {
            for n in p.preperiod..1200 - p.period {
                prop_assert_eq!(long[n], long[n + p.period], "code {} heap {}", code, n);
            }
        }
    }

    /// The search accepts a period at the theorem's bound, sooner than CGSuite's test: the
    /// period holds far beyond, and CGSuite's test, given heaps enough, finds the same.
    #[test]
    fn the_theorems_bound_proves_the_same_periods_sooner(code in octal_code()) {
        let parsed = TbCode::parse(&code, CodeKind::TakeAndBreak).unwrap();
        prop_assume!(parsed.loopiness().is_none() && periodicity::is_provable(&parsed));
        let (a, t) = periodicity::proof_constants(&parsed).unwrap();
        let (cgsuite_a, cgsuite_t) = periodicity::constants(&parsed).unwrap();
        let r = HeapRules::TakeAndBreak(parsed);
        let long = naive_values(&r, 1200);
        // Every prefix: a bound too small shows as a short prefix that looks periodic.
        for len in 2..300 {
            let Some(p) = periodicity::check(&long[..len], a, t) else {
                continue;
            };
            for n in p.preperiod..1200 - p.period {
                prop_assert_eq!(long[n], long[n + p.period], "code {} heap {}", code, n);
            }
            if periodicity::heaps_needed(p, cgsuite_a, cgsuite_t) <= 1200 {
                prop_assert_eq!(
                    periodicity::check(&long, cgsuite_a, cgsuite_t),
                    Some(p),
                    "code {}", code
                );
            }
        }
    }
}

#[test]
fn cgsuite_periodicity_vectors() {
    let check = |code: &str, n: usize| {
        let r = rules(code);
        let HeapRules::TakeAndBreak(c) = &r else {
            unreachable!()
        };
        let (a, t) = periodicity::constants(c).unwrap();
        periodicity::check(&fast(&r, n), a, t).map(|p| (p.period, p.preperiod))
    };
    assert_eq!(check("0.07", 2000), Some((34, 53)));
    assert_eq!(check("0.0330003", 2000), Some((5, 0)));
    assert_eq!(check("4!.0", 2000), None);
    assert_eq!(check("0.77", 254), Some((12, 71)));
    assert_eq!(check("0.77", 253), None);
    assert_eq!(check("0.[3]", 500), None);
}

#[test]
fn worked_examples_from_the_theory_notes() {
    // Bash (take 1..m): g(n) = n mod (m + 1).
    let bash = fast(&rules("0.333"), 50);
    assert!(bash.iter().enumerate().all(|(n, &g)| g as usize == n % 4));
    // Nim: g(n) = n.
    let nim = fast(&rules("0.[3]"), 50);
    assert!(nim.iter().enumerate().all(|(n, &g)| g as usize == n));
    // S-Nim with S = {2, 5}: the memoised search of the contest notes.
    let s_nim = fast(&rules("0.03003"), 12);
    assert_eq!(s_nim, [0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0]);
}

#[test]
fn ruleset_summary_shows_the_start_and_the_period() {
    let mut engine = crate::engine::Engine::new();
    let Some(crate::value::Value::Ruleset(kayles)) = super::constant("kayles") else {
        panic!("kayles is a ruleset")
    };
    let summary = kayles.summary(&mut engine).unwrap();
    assert!(
        summary.starts_with("nim values from heap 0: 0 1 2 3 1 4 3 2"),
        "{summary}"
    );
    assert!(
        summary.contains("period 12 after a preperiod of 71: 7 4 1 2 8 1 4 7 2 1 8 2"),
        "{summary}"
    );
    let Some(crate::value::Value::Ruleset(grundy)) = super::constant("grundy_game") else {
        panic!("grundy_game is a ruleset")
    };
    let summary = grundy.summary(&mut engine).unwrap();
    assert!(!summary.contains("period"), "{summary}");
}

/// A code with hexadecimal digits (0-F: up to three heaps), each maybe with `!` or `?`, and
/// maybe a split digit before the point.
fn hexadecimal_code() -> impl Strategy<Value = String> {
    let digit = (0u8..16, prop::sample::select(vec!["", "", "!", "?"]))
        .prop_map(|(d, m)| format!("{d:X}{m}"));
    (
        prop::sample::select(vec!["0", "0", "0", "4", "4!", "4?"]),
        prop::collection::vec(digit, 1..4),
    )
        .prop_map(|(before, after)| format!("{before}.{}", after.concat()))
}

proptest! {
    // The sparse-space method reviews its mask at 256, 384, … heaps and marks rare pairs in
    // blocks of 256 heaps: 2000 heaps cover several reviews and blocks.
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn sparse_method_is_the_definition_to_heap_2000(code in octal_code()) {
        let parsed = TbCode::parse(&code, CodeKind::TakeAndBreak).unwrap();
        prop_assume!(parsed.loopiness().is_none());
        let r = HeapRules::TakeAndBreak(parsed);
        prop_assert_eq!(fast(&r, 2000), naive_values(&r, 2000), "code {}", code);
    }

    /// The helper thread shares the block pass and the scans in every proportion (tests
    /// cycle its load), and the values do not change.
    #[test]
    fn sparse_method_on_two_threads_is_the_definition(code in octal_code()) {
        let parsed = TbCode::parse(&code, CodeKind::TakeAndBreak).unwrap();
        prop_assume!(parsed.loopiness().is_none());
        let r = HeapRules::TakeAndBreak(parsed);
        let two = fast_on_two_threads(&r, 12_000);
        prop_assert_eq!(&two[..4000], &naive_values(&r, 4000)[..], "code {}", code);
        prop_assert_eq!(two, fast(&r, 12_000), "code {}", code);
    }

    #[test]
    fn hexadecimal_sequences_are_the_definition_to_heap_2000(code in hexadecimal_code()) {
        let parsed = TbCode::parse(&code, CodeKind::Hexadecimal).unwrap();
        prop_assume!(parsed.loopiness().is_none());
        // Digits 8-F leave three heaps: those codes are computed by the definition itself,
        // in O(n²) a heap, so a shorter run keeps the test quick.
        let len = if parsed.max_count() <= Some(2) { 2000 } else { 120 };
        let r = HeapRules::TakeAndBreak(parsed);
        prop_assert_eq!(fast(&r, len), naive_values(&r, len), "code {}", code);
    }
}

/// The hot loops of the sparse method built for any x86-64 and for x86-64-v3 (chosen at run
/// time) give the same values, on one thread and on two: Grundy's game, Treblecross, and
/// 0.376 (two split moves), far enough for the block pass and the helper.
#[cfg(target_arch = "x86_64")]
#[test]
fn sparse_method_portable_and_wide_builds_agree() {
    for code in ["4!.0", "0.007", "0.376"] {
        let r = rules(code);
        let wide = (fast(&r, 20_000), fast_on_two_threads(&r, 20_000));
        super::sparse::force_portable(true);
        let portable = (fast(&r, 20_000), fast_on_two_threads(&r, 20_000));
        super::sparse::force_portable(false);
        assert_eq!(wide.0, portable.0, "{code}, one thread");
        assert_eq!(wide.1, portable.1, "{code}, two threads");
        assert_eq!(wide.0, wide.1, "{code}");
    }
}

/// Grundy's game to 2^21 heaps against the published figures: the largest nim value is 231,
/// first at heap 763 622; under the rare mask 0xfe there are 1 274 rare heaps (heap 0, of
/// value 0, included), the last at 82 860. Computed on two threads (the helper shares the
/// work from heap 1024 on).
#[test]
fn grundy_game_to_two_to_the_21() {
    let values = fast_on_two_threads(&rules("4!.0"), 1 << 21);
    let max = values.iter().copied().max().unwrap();
    assert_eq!(max, 231);
    assert_eq!(values.iter().position(|&v| v == max), Some(763_622));
    let rare: Vec<usize> = (0..values.len())
        .filter(|&n| (values[n] & 0xfe).count_ones().is_multiple_of(2))
        .collect();
    assert_eq!(rare.len(), 1274);
    assert_eq!(rare.last(), Some(&82_860));
}

/// Ctrl-C in a sequence on two threads: the call stops with the error, its helper thread
/// with it, and a later call goes on to the same values as one thread computes.
#[test]
fn an_interrupted_sequence_on_two_threads_resumes_with_the_same_values() {
    let r = rules("4!.0");
    let mut sequence = NimSequence::new(&r);
    sequence.set_threads(2);
    let polls = std::cell::Cell::new(0);
    let interrupt_at_the_fourth_poll = || {
        polls.set(polls.get() + 1);
        if polls.get() == 4 {
            Err(crate::engine::EngineError::Interrupted)
        } else {
            Ok(())
        }
    };
    let stopped = sequence.extend(&r, 20_000, &interrupt_at_the_fourth_poll);
    assert!(matches!(
        stopped,
        Err(crate::engine::EngineError::Interrupted)
    ));
    assert!(sequence.computed().len() < 20_000);
    sequence.extend(&r, 20_000, &|| Ok(())).unwrap();
    assert_eq!(sequence.computed(), &fast(&r, 20_000)[..]);
}

/// The ten octal games with long periods (Flammenkamp's table) whose periods `period(R)` must
/// find by computing and testing; the slow ones are checked by the heap benchmark.
#[test]
fn periods_of_octal_games_are_found_incrementally() {
    for (code, period, preperiod) in [("0.45", 20, 498), ("0.156", 349, 3479)] {
        let r = rules(code);
        let mut seq = NimSequence::new(&r);
        let p = seq
            .search_period(&r, usize::MAX, &|| Ok(()))
            .unwrap()
            .unwrap();
        assert_eq!((p.period, p.preperiod), (period, preperiod), "code {code}");
        // The search stops as soon as the theorem's bound is reached (about 2·(q + p) heaps,
        // where CGSuite's test needs about 3·(q + p)): the candidate is there by then.
        let HeapRules::TakeAndBreak(c) = &r else {
            unreachable!()
        };
        let (a, t) = periodicity::proof_constants(c).unwrap();
        assert_eq!(
            seq.computed().len() as u64,
            periodicity::heaps_needed(p, a, t),
            "code {code}"
        );
        assert!(seq.computed().len() < 2 * (period + preperiod) + 8);
    }
}
