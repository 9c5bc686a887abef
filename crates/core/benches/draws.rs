//! Games with draws (draws.md §3): the fixed benchmark digraph (10^6 vertices, about 5·10^6
//! edges, xorshift64* seeded with 1), built, then solved by retrograde analysis (outcome
//! classes and remoteness of every vertex), by stage labelling (the loopy nim value of every
//! vertex), and as a partizan game with Right's edges from seed 2. Prints one timing per step
//! (best of `CGCALC_BENCH_RUNS`, default 3) next to the spec's target, and the run's figures.
//!
//! Run with `cargo bench --bench draws`.

use cgcalc_core::Engine;
use cgcalc_core::engine::draws::{
    Digraph, INFINITE, Verdict, benchmark_graph, loopy_nim_values, outcomes, partizan_outcomes,
};
use std::time::{Duration, Instant};

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

const VERTICES: u32 = 1_000_000;

fn main() {
    let runs: usize = std::env::var("CGCALC_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let engine = Engine::new();
    let edges = benchmark_graph(VERTICES, 1);
    let right_edges = benchmark_graph(VERTICES, 2);

    let (build, g) = best(runs, || Digraph::from_edges(VERTICES, &edges, &engine));
    let (retrograde, solved) = best(runs, || outcomes(&g, &engine));
    let (labelling, values) = best(runs, || loopy_nim_values(&g, &engine));
    let right = Digraph::from_edges(VERTICES, &right_edges, &engine).expect("the graph builds");
    let (partizan, _) = best(runs, || partizan_outcomes(&g, &right, &engine));

    println!(
        "draws: {VERTICES} vertices, {} edges (seed 1)",
        g.edge_count()
    );
    println!("| step | time | target |\n|---|---:|---|");
    println!(
        "| build (forward and reverse) | {} | ≤ 0.3 s |",
        secs(build)
    );
    println!(
        "| outcome classes and remoteness, with the build | {} | ≤ 1 s |",
        secs(build + retrograde)
    );
    println!(
        "| loopy nim values | {} | ≤ 1.5 s when M ≤ 8 |",
        secs(labelling)
    );
    println!(
        "| partizan outcomes (Right's edges from seed 2) | {} | ≥ 10^7 state-edges/s |",
        secs(partizan)
    );
    let count = |want: Verdict| (0..VERTICES).filter(|&v| solved.verdict(v) == want).count();
    let largest = values.iter().filter(|&&x| x != INFINITE).max();
    println!(
        "N {} · P {} · D {} · infinite values {} · largest finite value {:?}",
        count(Verdict::Win),
        count(Verdict::Lose),
        count(Verdict::Draw),
        values.iter().filter(|&&x| x == INFINITE).count(),
        largest
    );
}

/// The shortest of `runs` runs of `f`, and its last result.
fn best<T, E: std::fmt::Debug>(runs: usize, mut f: impl FnMut() -> Result<T, E>) -> (Duration, T) {
    let mut fastest = Duration::MAX;
    let mut last = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let result = f().expect("the benchmark graph is solved");
        fastest = fastest.min(start.elapsed());
        last = Some(result);
    }
    (fastest, last.expect("at least one run"))
}

fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}
