//! Pictures (issue 29): the terminal scatter plot of a nim-value sequence of 10^6 values that
//! is already computed (`s := nim_values(kayles, 1000000); plot(s)`), through the language.
//! Prints the best of `CGCALC_BENCH_RUNS` (default 5) next to the target (under a second).
//!
//! Run with `cargo bench --bench pictures`.

use cgcalc_core::eval::{Session, Value};
use std::time::{Duration, Instant};

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

fn main() {
    let runs: usize = std::env::var("CGCALC_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let mut session = Session::new();
    let computed = session.eval_source("s := nim_values(kayles, 1000000);", 1);
    assert!(
        computed.iter().all(|r| r.result.is_ok()),
        "the sequence computes"
    );
    let mut best = Duration::MAX;
    let mut lines = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let mut results = session.eval_source("plot(s)", 2);
        best = best.min(start.elapsed());
        if let Some(Ok(Value::Text(t))) = results.pop().map(|r| r.result) {
            lines = t.text.lines().count();
        }
    }
    println!("| step | time | target |\n|---|---:|---|");
    println!(
        "| plot(s), s = nim_values(kayles, 10^6), terminal ({lines} lines) | {:.1} ms | < 1 s |",
        best.as_secs_f64() * 1e3
    );
}
