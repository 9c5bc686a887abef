//! Values of partizan positions from scratch: the empty Domineering boards (W columns × H
//! rows, Left vertical) and the Toads-and-Frogs strips whose `cgt` 0.11 timings are in
//! `../shared/bench/README.md` (the targets are 3× faster than those).
//!
//! Each iteration evaluates `….CanonicalForm` (a position alone is built without its value) in
//! a fresh session, so neither the arena nor the transposition table survives between
//! iterations. Domineering 6×5 takes seconds per iteration; it runs
//! only with `CGCALC_BENCH_SLOW=1`. Whole-process timings and peak memory are measured with
//! `/usr/bin/time -v target/release/cgcalc -q -e 'domineering(6,5)'` (see docs/rulesets.md).

mod common;

use common::evaluate;
use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;

fn partizan(c: &mut Criterion) {
    let slow = std::env::var_os("CGCALC_BENCH_SLOW").is_some_and(|v| v == "1");

    let mut group = c.benchmark_group("domineering");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let mut boards = vec![(4, 5), (6, 4), (5, 5), (3, 9), (7, 4)];
    if slow {
        boards.push((6, 5));
    }
    for (w, h) in boards {
        let src = format!("domineering({w},{h}).CanonicalForm");
        group.bench_function(format!("{w}x{h}"), |b| b.iter(|| evaluate(&src)));
    }
    group.finish();

    let mut group = c.benchmark_group("toads_frogs");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for strip in [
        "TTTTTT__FFFFFF",
        "TTTTTTTT__FFFFFFFF",
        "TTTTTTTTT__FFFFFFFFF",
        "TTTTT____FFFFF",
    ] {
        let src = format!("toads_frogs(\"{strip}\").CanonicalForm");
        group.bench_function(strip, |b| b.iter(|| evaluate(&src)));
    }
    group.finish();
}

criterion_group!(benches, partizan);
criterion_main!(benches);
