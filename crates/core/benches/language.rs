//! The language's speed targets (issue 9): a HeapRuleset written as a function — "remove a
//! square number of tokens" — to heap 10^5 (target < 2 s), and the memoised recursive
//! Fibonacci function to 90 (target < 10 ms). Smaller sizes are measured too, to show how
//! the time grows. Each iteration starts from a fresh session, so no cache carries over.

mod common;

use common::evaluate;
use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;

const SQUARES: &str = "S := game.heap.HeapRuleset(n -> [[n - k * k] for k from 1 to n.Isqrt]);";

fn squares(c: &mut Criterion) {
    let mut group = c.benchmark_group("heap_ruleset_squares");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for n in [10_000, 100_000] {
        let src = format!("{SQUARES} S.NimValueSequence({n}).Length");
        group.bench_function(format!("nim_values_to_{n}"), |b| b.iter(|| evaluate(&src)));
    }
    group.finish();
}

fn fibonacci(c: &mut Criterion) {
    let src = "fib := n -> if n < 2 then n else fib(n-1) + fib(n-2) end; fib(90)";
    c.bench_function("memoised_fib_90", |b| b.iter(|| evaluate(src)));
}

fn interpreter(c: &mut Criterion) {
    // The interpreter's raw speed: a million rounds of a comprehension.
    let src = "[k * k - 1 for k in 1..1000000].Length";
    let mut group = c.benchmark_group("interpreter");
    group.sample_size(10);
    group.bench_function("comprehension_1e6", |b| b.iter(|| evaluate(src)));
    group.finish();
}

criterion_group!(benches, squares, fibonacci, interpreter);
criterion_main!(benches);
