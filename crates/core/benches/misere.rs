//! Misère quotients (issue 31): Kayles' quotient up to the heap where it is proven complete
//! (`kayles.MisereSolution(300)`, which stops at heap 253), `kayles[80].MisereOutcomeClass`
//! (48 s by misère canonical forms before quotients), and Dawson's Kayles' quotient of heaps
//! 0..30 (order 360). Each workload runs `CGCALC_BENCH_RUNS` times (default 5) on a fresh
//! thread, so nothing is cached between runs; the median and the fastest are printed.
//!
//! `cargo bench -p cgcalc-core --bench misere`.

use cgcalc_core::Session;
use std::time::{Duration, Instant};

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

const WORKLOADS: &[(&str, &str, &str)] = &[
    (
        "Kayles solution (heap 253)",
        "kayles.MisereSolution(300).Heaps",
        "253",
    ),
    (
        "kayles[80] misère outcome",
        "kayles[80].MisereOutcomeClass",
        "N",
    ),
    (
        "Dawson's Kayles, heaps 0..30",
        "dawson.MisereQuotient(30).Order",
        "360",
    ),
    (
        "0.75 solution (heap 34)",
        "octal(\"0.75\").MisereSolution(100).Heaps",
        "34",
    ),
];

fn main() {
    let runs: usize = std::env::var("CGCALC_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    println!("{:<32} {:>12} {:>12}", "workload", "median", "fastest");
    for &(name, source, expected) in WORKLOADS {
        let mut times: Vec<Duration> = (0..runs)
            .map(|_| {
                // A fresh thread: the heap rulesets' caches are per thread.
                std::thread::spawn(move || {
                    let mut session = Session::new();
                    let start = Instant::now();
                    let results = session.eval_source(source, 1);
                    let elapsed = start.elapsed();
                    let shown = match results.last().map(|r| &r.result) {
                        Some(Ok(v)) => session.render(v),
                        other => panic!("{source}: {other:?}"),
                    };
                    assert_eq!(shown, expected, "{source}");
                    elapsed
                })
                .join()
                .expect("the workload runs")
            })
            .collect();
        times.sort();
        println!(
            "{:<32} {:>10.1?} {:>12.1?}",
            name,
            times[times.len() / 2],
            times[0]
        );
    }
}
