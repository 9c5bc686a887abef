//! Canonical forms of the benchmark sums in `../shared/bench/` (8–12 random short games), the
//! comparison of two of them, and their thermographs — the workloads behind the speed targets
//! (ratios against the `cgt` crate's timings in `../shared/bench/README.md`).
//!
//! Each iteration uses a fresh session, so no cache survives between iterations.

mod common;

use common::evaluate;
use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;

fn bench_input(n: usize) -> Option<String> {
    let path = format!(
        "{}/../../../shared/bench/sum_{n}_seed1.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
}

fn sums(c: &mut Criterion) {
    let mut group = c.benchmark_group("canonical");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for n in [8, 10, 11, 12] {
        let Some(sum) = bench_input(n) else { continue };
        group.bench_function(format!("sum_{n}"), |b| b.iter(|| evaluate(&sum)));
    }
    group.finish();

    let mut group = c.benchmark_group("compare");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    if let (Some(a), Some(b)) = (bench_input(11), bench_input(12)) {
        let src = format!("({a}) <= ({b})");
        group.bench_function("sum_11 <= sum_12", |bench| bench.iter(|| evaluate(&src)));
    }
    group.finish();

    let mut group = c.benchmark_group("thermograph");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for n in [10, 11, 12] {
        let Some(sum) = bench_input(n) else { continue };
        let src = format!("g := {sum}; g.Temperature; g.Mean; g.Thermograph");
        group.bench_function(format!("sum_{n}"), |b| b.iter(|| evaluate(&src)));
    }
    group.finish();
}

criterion_group!(benches, sums);
criterion_main!(benches);
