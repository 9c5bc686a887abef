//! Quotients against the published ones (misere.md §A.9) and against brute force.

use super::*;
use rustc_hash::FxHashMap;

/// Options of heap n in the octal game with these digits (digit k: removing k tokens; bit 1
/// leaves nothing, bit 2 one heap, bit 4 two heaps).
fn octal_options(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &d) in digits.iter().enumerate() {
        let k = i as u64 + 1;
        if k > n {
            break;
        }
        let rest = n - k;
        if d & 1 != 0 && rest == 0 {
            out.push(vec![]);
        }
        if d & 2 != 0 && rest > 0 {
            out.push(vec![rest]);
        }
        if d & 4 != 0 && rest >= 2 {
            for a in 1..=rest / 2 {
                out.push(vec![a, rest - a]);
            }
        }
    }
    out
}

fn nim_options(n: u64) -> Vec<Vec<u64>> {
    (0..n)
        .map(|j| if j == 0 { vec![] } else { vec![j] })
        .collect()
}

fn build(options: &dyn Fn(u64) -> Vec<Vec<u64>>, n: usize) -> QuotientBuilder {
    let mut b = QuotientBuilder::new();
    for h in 1..=n as u64 {
        b.push_heap(&options(h), DEFAULT_MAX_ORDER, &|| Ok(()))
            .unwrap();
    }
    b
}

fn summary(q: &Quotient) -> (usize, String, String, String) {
    let phi: Vec<String> = q
        .pretending_function()
        .iter()
        .map(|&x| q.word(x, false))
        .collect();
    (
        q.order(),
        q.presentation_text(false),
        q.p_portion_text(false),
        phi.join(" "),
    )
}

const KAYLES: &[u8] = &[7, 7];
const DAWSON: &[u8] = &[0, 7];

#[test]
fn misere_nim_gives_the_tame_quotients() {
    let b = build(&nim_options, 7);
    let cases = [
        (1, 2, "<a | a2=1>", "{a}", "1 a", 1),
        (3, 6, "<a,b | a2=1,b3=b>", "{a,b2}", "1 a b ab", 2),
        (
            7,
            10,
            "<a,b,c | a2=1,b3=b,b2c=c,c2=b2>",
            "{a,b2}",
            "1 a b ab c ac bc abc",
            3,
        ),
    ];
    for (n, order, text, p, phi, k) in cases {
        let q = b.quotient(n).unwrap();
        assert_eq!(
            summary(&q),
            (order, text.into(), p.into(), phi.into()),
            "nim {n}"
        );
        assert_eq!(q.tame_index().unwrap(), Some(k));
    }
}

#[test]
fn kayles_quotients_match_the_published_ones() {
    let b = build(&|n| octal_options(KAYLES, n), 12);
    let cases = [
        (4, 6, "<a,b | a2=1,b3=b>", "{a,b2}", "1 a b ab a"),
        (
            8,
            12,
            "<a,b,c | a2=1,b3=b,c2=1>",
            "{a,b2,ac}",
            "1 a b ab a c ab b ab2",
        ),
        (
            11,
            18,
            "<a,b,c,d | a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d>",
            "{a,b2,ac,ac2,d,ad2}",
            "1 a b ab a c ab b ab2 d b bc",
        ),
        (
            12,
            24,
            "<a,b,c,d,e | a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d,be=bc,ce=b2,e2=de>",
            "{a,b2,ac,ac2,d,ad2,e,ade}",
            "1 a b ab a c ab b ab2 d b bc e",
        ),
    ];
    for (n, order, text, p, phi) in cases {
        let q = b.quotient(n).unwrap();
        assert_eq!(
            summary(&q),
            (order, text.into(), p.into(), phi.into()),
            "kayles {n}"
        );
    }
    assert_eq!(
        b.changes(),
        vec![(1, 2), (2, 6), (5, 12), (9, 18), (12, 24)]
    );
    assert_eq!(b.quotient(4).unwrap().tame_index().unwrap(), Some(2));
    assert_eq!(b.quotient(8).unwrap().tame_index().unwrap(), None);
}

#[test]
fn dawsons_kayles_and_0_75_match_the_published_ones() {
    let b = build(&|n| octal_options(DAWSON, n), 14);
    let q = b.quotient(13).unwrap();
    assert_eq!(
        summary(&q),
        (
            12,
            "<a,b,c | a2=1,b4=b2,b2c=ab3,c2=1>".into(),
            "{a,b2,ac}".into(),
            "1 1 a a b 1 ab a a 1 c ab ac b".into()
        )
    );
    assert_eq!(b.quotient(14).unwrap().order(), 24);
    assert_eq!(b.quotient(1).unwrap().presentation_text(false), "<>");

    let b = build(&|n| octal_options(&[7, 5], n), 12);
    let q = b.quotient(12).unwrap();
    assert_eq!(
        summary(&q),
        (
            8,
            "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>".into(),
            "{a,b2}".into(),
            "1 a b a b c b c b ab2 b ab2 b".into()
        )
    );
    assert_eq!(q.word(q.pretend(9).unwrap(), false), "ab2");
}

/// The misère outcome of a multiset of heaps by search, memoised.
fn brute_is_p(
    heaps: &mut Vec<u64>,
    options: &dyn Fn(u64) -> Vec<Vec<u64>>,
    memo: &mut FxHashMap<Vec<u64>, bool>,
) -> bool {
    heaps.retain(|&h| h != 0);
    heaps.sort_unstable();
    if let Some(&v) = memo.get(heaps.as_slice()) {
        return v;
    }
    let mut has_move = false;
    let mut p = true;
    'outer: for i in 0..heaps.len() {
        for o in options(heaps[i]) {
            has_move = true;
            let mut next: Vec<u64> = heaps[..i].to_vec();
            next.extend_from_slice(&heaps[i + 1..]);
            next.extend_from_slice(&o);
            if brute_is_p(&mut next, options, memo) {
                p = false;
                break 'outer;
            }
        }
    }
    let v = has_move && p;
    memo.insert(heaps.clone(), v);
    v
}

#[test]
fn quotient_outcomes_equal_brute_force() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let games: [(&str, Vec<u8>); 5] = [
        ("kayles", KAYLES.to_vec()),
        ("dawson", DAWSON.to_vec()),
        ("0.75", vec![7, 5]),
        ("0.123", vec![1, 2, 3]),
        ("0.47", vec![4, 7]),
    ];
    for (name, digits) in games {
        let opts = |n: u64| octal_options(&digits, n);
        let b = build(&opts, 11);
        let q = b.quotient(11).unwrap();
        let memo = std::cell::RefCell::new(FxHashMap::default());
        let mut runner = TestRunner::new(Config {
            cases: 150,
            ..Config::default()
        });
        runner
            .run(&proptest::collection::vec(0u64..=11, 0..5), |mut heaps| {
                if heaps.iter().sum::<u64>() > 26 {
                    return Ok(());
                }
                let fast = q.is_p(q.image(&heaps).unwrap());
                let slow = brute_is_p(&mut heaps, &opts, &mut memo.borrow_mut());
                prop_assert_eq!(fast, slow, "{} {:?}", name, heaps);
                Ok(())
            })
            .unwrap();
    }
}

/// Kayles' quotient changes at heaps 25 and 27 (to orders 32 and 40); sums that use those
/// heaps, against brute force.
#[test]
fn kayles_past_its_late_changes_equals_brute_force() {
    let opts = |n: u64| octal_options(KAYLES, n);
    let b = build(&opts, 30);
    assert_eq!(&b.changes()[5..], &[(25, 32), (27, 40)]);
    let q = b.quotient(30).unwrap();
    let memo = std::cell::RefCell::new(FxHashMap::default());
    let mut runner = proptest::test_runner::TestRunner::new(proptest::test_runner::Config {
        cases: 120,
        ..proptest::test_runner::Config::default()
    });
    let sums = (20u64..=30, proptest::collection::vec(0u64..=9, 0..3));
    runner
        .run(&sums, |(big, small)| {
            let mut heaps = small.clone();
            heaps.push(big);
            if heaps.iter().sum::<u64>() > 38 {
                return Ok(());
            }
            let fast = q.is_p(q.image(&heaps).unwrap());
            let slow = brute_is_p(&mut heaps.clone(), &opts, &mut memo.borrow_mut());
            proptest::prop_assert_eq!(fast, slow, "{:?}", heaps);
            Ok(())
        })
        .unwrap();
}

/// A heap whose work is stopped part way (Ctrl-C, a deadline) leaves the builder as it was:
/// trying it again gives the quotient of an uninterrupted build. (Before, the heap's options
/// stayed recorded without an image, and the next heap panicked.)
#[test]
fn a_stopped_heap_can_be_tried_again() {
    let options = |n| octal_options(&[3, 6, 4], n);
    let whole = build(&options, 18);
    let mut b = QuotientBuilder::new();
    let mut stops = 0;
    for h in 1..=18u64 {
        for budget in [1usize, 5, usize::MAX] {
            let calls = std::cell::Cell::new(0usize);
            let poll = || {
                calls.set(calls.get() + 1);
                if calls.get() > budget {
                    Err(EngineError::Interrupted)
                } else {
                    Ok(())
                }
            };
            match b.push_heap(&options(h), DEFAULT_MAX_ORDER, &poll) {
                Ok(_) => break,
                Err(EngineError::Interrupted) => stops += 1,
                Err(e) => panic!("heap {h}: {e}"),
            }
            assert_eq!(b.heaps() as u64, h - 1);
        }
    }
    assert!(stops > 10, "the polls stopped only {stops} heaps");
    assert_eq!(
        summary(&b.quotient(18).unwrap()),
        summary(&whole.quotient(18).unwrap())
    );
}
