//! Nim sequences of heap rulesets — the contest toolkit's speed targets: Kayles, Dawson's
//! Kayles and `0.137` to 10^6 heaps (target < 5 s each), `0.16` to 10^6 by the sparse-space
//! method (target < 30 s), and subtraction games to 10^7 (target < 0.15 s; the `cgt` crate
//! takes 0.46 s for {2,3,5}). Grundy's game and the plain definition (the O(n²) mex over all
//! options, the fast paths' oracle) are measured at smaller sizes for comparison.
//!
//! Each iteration starts from a fresh sequence, so nothing computed in one iteration is reused.
//!
//! After the criterion groups, the record-scale workloads of issues 11 and 30 run once each and
//! print their timings (too slow to repeat): Grundy's game to 2^20 and 2^24 heaps, Treblecross
//! (`0.007`) to 2^22 and 2^24 (each stopped after [`RECORD_CAP`], printing how far it got), and
//! the ten classic long periods found by computing and testing, each asserted against the
//! published answer. They run on `CGCALC_BENCH_THREADS` threads (default: every core), so that
//! the sparse method's helper thread is measured too. `CGCALC_BENCH_RECORDS=0` skips them;
//! a comma-separated list of `grundy`, `treblecross` and `periods` runs only those.

use cgcalc_core::engine::EngineError;
use cgcalc_core::rulesets::heap::code::{CodeKind, TbCode};
use cgcalc_core::rulesets::heap::rules::HeapRules;
use cgcalc_core::rulesets::heap::sequence::{NimSequence, naive_values};
use cgcalc_core::rulesets::heap::subtraction::FiniteSubtraction;
use criterion::{Criterion, criterion_group};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// How long one record workload may run before it is stopped.
const RECORD_CAP: Duration = Duration::from_secs(120);

/// Threads for the record workloads.
fn threads() -> usize {
    std::env::var("CGCALC_BENCH_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

fn rules(code: &str) -> HeapRules {
    match TbCode::parse(code, CodeKind::TakeAndBreak) {
        Ok(code) => HeapRules::TakeAndBreak(code),
        Err(e) => panic!("bad benchmark code: {e}"),
    }
}

/// g(0), …, g(len − 1) from a fresh sequence.
fn sequence(rules: &HeapRules, len: usize) -> Vec<u32> {
    let mut seq = NimSequence::new(rules);
    match seq.prefix(rules, len, &|| Ok(())) {
        Ok(v) => v,
        Err(e) => panic!("benchmark sequence failed: {e}"),
    }
}

fn octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_1e6");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for code in ["0.77", "0.07", "0.137", "0.16"] {
        let r = rules(code);
        group.bench_function(code, |b| b.iter(|| black_box(sequence(&r, 1_000_000))));
    }
    group.finish();

    let mut group = c.benchmark_group("octal_small");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let grundy = rules("4!.0");
    group.bench_function("grundy_1e4", |b| {
        b.iter(|| black_box(sequence(&grundy, 10_000)))
    });
    let r = rules("0.16");
    group.bench_function("0.16_sparse_2e4", |b| {
        b.iter(|| black_box(sequence(&r, 20_000)))
    });
    group.bench_function("0.16_definition_2e4", |b| {
        b.iter(|| black_box(naive_values(&r, 20_000)))
    });
    group.finish();
}

fn subtraction(c: &mut Criterion) {
    let mut group = c.benchmark_group("subtraction_1e7");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let r = rules("0.03303");
    // What users get: values until the period is proven, then the period copied.
    group.bench_function("{2,3,5}", |b| {
        b.iter(|| black_box(sequence(&r, 10_000_000)))
    });
    // Every value by the mex of its options, no periodic shortcut.
    let HeapRules::TakeAndBreak(code) = &r else {
        unreachable!("built above")
    };
    group.bench_function("{2,3,5}_every_value", |b| {
        b.iter(|| {
            let mut m = FiniteSubtraction::new(code).expect("a subtraction code");
            let mut g = Vec::with_capacity(10_000_000);
            g.push(0);
            m.extend(&mut g, 10_000_000);
            black_box(g)
        })
    });
    let allbut = rules("0.3003330[3]");
    group.bench_function("allbut(2,3,7)", |b| {
        b.iter(|| black_box(sequence(&allbut, 10_000_000)))
    });
    group.finish();
}

/// Heaps 0 … len − 1 of a code, stopped after RECORD_CAP; prints the time (or how far it got).
fn record_values(code: &str, len: usize) {
    let r = rules(code);
    let mut seq = NimSequence::new(&r);
    seq.set_threads(threads());
    let start = Instant::now();
    let poll = || {
        if start.elapsed() > RECORD_CAP {
            Err(EngineError::Interrupted)
        } else {
            Ok(())
        }
    };
    match seq.extend(&r, len, &poll) {
        Ok(()) => {
            let max = seq.computed().iter().max().copied().unwrap_or(0);
            println!(
                "record {code} to {len} heaps: {:.2} s (largest value {max})",
                start.elapsed().as_secs_f64()
            );
        }
        Err(_) => println!(
            "record {code} to {len} heaps: stopped after {:.0} s at heap {}",
            start.elapsed().as_secs_f64(),
            seq.computed().len()
        ),
    }
}

/// The ten classic long periods (Flammenkamp's table), each found by the unbounded search
/// and, where the answer is given here, checked against it (each accepted answer is also a
/// proof: CGSuite's test is one for these codes).
fn record_periods() {
    let codes: [(&str, Option<(usize, usize)>); 10] = [
        ("0.45", None),
        ("0.156", None),
        ("0.356", None),
        ("0.644", None),
        ("0.165", None),
        ("0.16", Some((149_459, 105_351))),
        ("0.56", None),
        ("0.127", None),
        ("0.376", None),
        ("0.354", Some((1_180, 10_061_916))),
    ];
    let all = Instant::now();
    for (code, published) in codes {
        let r = rules(code);
        let mut seq = NimSequence::new(&r);
        seq.set_threads(threads());
        let start = Instant::now();
        let found = match seq.search_period(&r, usize::MAX, &|| Ok(())) {
            Ok(p) => p,
            Err(e) => panic!("period search for {code} failed: {e}"),
        };
        let got = found.map(|p| (p.period, p.preperiod));
        println!(
            "record period({code}): (period, preperiod) {got:?} after {} heaps, {:.2} s",
            seq.computed().len(),
            start.elapsed().as_secs_f64()
        );
        assert!(got.is_some(), "no period found for {code}");
        if let Some(p) = published {
            assert_eq!(got, Some(p), "published period of {code}");
        }
    }
    println!(
        "record: the ten periods in {:.2} s",
        all.elapsed().as_secs_f64()
    );
}

fn records() {
    let chosen = std::env::var("CGCALC_BENCH_RECORDS").unwrap_or_default();
    let wanted = |name: &str| chosen.is_empty() || chosen.split(',').any(|c| c == name);
    println!("record workloads on {} thread(s)", threads());
    if wanted("grundy") {
        record_values("4!.0", 1 << 20);
        record_values("4!.0", 1 << 24);
    }
    if wanted("treblecross") {
        record_values("0.007", 1 << 22);
        record_values("0.007", 1 << 24);
    }
    if wanted("periods") {
        record_periods();
    }
}

criterion_group!(benches, octal, subtraction);

fn main() {
    benches();
    records();
    Criterion::default().configure_from_args().final_summary();
}
