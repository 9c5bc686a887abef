//! Nim sequences of heap rulesets — the contest toolkit's speed targets: Kayles, Dawson's
//! Kayles and `0.137` to 10^6 heaps (target < 5 s each), `0.16` to 10^6 by the sparse-space
//! method (target < 30 s), and subtraction games to 10^7 (target < 0.15 s; the `cgt` crate
//! takes 0.46 s for {2,3,5}). Grundy's game and the plain definition (the O(n²) mex over all
//! options, the fast paths' oracle) are measured at smaller sizes for comparison.
//!
//! Each iteration starts from a fresh sequence, so nothing computed in one iteration is reused.

use cgcalc::rulesets::heap::code::{CodeKind, TbCode};
use cgcalc::rulesets::heap::rules::HeapRules;
use cgcalc::rulesets::heap::sequence::{NimSequence, naive_values};
use cgcalc::rulesets::heap::subtraction::FiniteSubtraction;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

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

criterion_group!(benches, octal, subtraction);
criterion_main!(benches);
