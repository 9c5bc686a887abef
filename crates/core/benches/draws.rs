//! Games with draws (draws.md §3): the fixed benchmark digraph (10^6 vertices, about 5·10^6
//! edges, xorshift64* seeded with 1), built, then solved by retrograde analysis (outcome
//! classes and remoteness of every vertex), by stage labelling (the loopy nim value of every
//! vertex), and as a partizan game with Right's edges from seed 2. Prints one timing per step
//! (best of `CGCALC_BENCH_RUNS`, default 3) next to the spec's target, and the run's figures.
//!
//! Run with `cargo bench --bench draws`.

use cgcalc_core::Engine;
use cgcalc_core::engine::draws::{
    Digraph, INFINITE, LoopyNim, Verdict, benchmark_graph, loopy_nim_values, outcomes,
    partizan_outcomes,
};
use cgcalc_core::eval::Session;
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
    // Tokens on vertices of finite value, so that no ∞ cuts the sum short.
    // What the solved graph keeps (both adjacencies, outcomes with remoteness, values): the
    // heap in use now, less the edge arrays the benchmark made; and the process's peak.
    let inputs = (edges.len() + right_edges.len()) * std::mem::size_of::<(u32, u32)>();
    let right_bytes = (right.edge_count() * 2 + right.vertex_count() as usize * 2) * 4;
    println!(
        "| memory: the graph, its outcome classes and loopy nim values | {} MB | < 128 MB |",
        (cgcalc_core::engine::memory::heap_bytes() - inputs - right_bytes) >> 20
    );
    println!(
        "| memory: the process's peak so far (with the edge arrays and Right's graph) | {} MB | |",
        peak_resident_mb()
    );
    let tokens: Vec<u32> = (0..VERTICES)
        .filter(|&v| values[v as usize] != INFINITE)
        .cycle()
        .take(100_000)
        .collect();
    let (sum, _) = best(runs, || {
        Ok::<_, ()>(std::hint::black_box(LoopyNim::of_tokens(
            &g,
            &values,
            std::hint::black_box(&tokens),
        )))
    });
    println!(
        "| value of a sum of 10^5 tokens, graph solved (Smith) | {} µs | ≤ 10 ms |",
        sum.as_micros()
    );
    let file = file_read(runs, &edges);
    println!(
        "| DigraphRuleset(file => …), {} edges | {} | ≤ 2 s |",
        edges.len(),
        secs(file)
    );
    let (rate, explored) = script_rate(runs, USER_POSITIONS, &user_ruleset(USER_POSITIONS));
    println!(
        "| ImpartialRuleset from CGScript, {explored} positions, 5 options each | {rate:.0} positions/s | ≥ 2·10^5 positions/s |"
    );
    let (rate, explored) = script_rate(runs, USER_POSITIONS, &user_partizan(USER_POSITIONS));
    println!(
        "| PartizanRuleset from CGScript, {explored} positions, 3 + 2 options | {rate:.0} positions/s | ≥ 2·10^5 positions/s |"
    );
    let (product, edges) = product_rate(runs);
    println!(
        "| partizan sum of two positions: product of {edges} state-edges, with both searches | {} ({:.1}·10^6 state-edges/s) | ≥ 10^7 state-edges/s |",
        secs(product),
        edges as f64 / product.as_secs_f64() / 1e6
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

/// Reading the benchmark graph from an edge file (written to a temporary directory, removed
/// after).
fn file_read(runs: usize, edges: &[(u32, u32)]) -> Duration {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("cgcalc-bench-draws-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("graph.txt");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("create"));
    writeln!(out, "{VERTICES} {}", edges.len()).expect("write");
    for (u, v) in edges {
        writeln!(out, "{} {}", u + 1, v + 1).expect("write");
    }
    drop(out);
    let script = format!("G := DigraphRuleset(file => \"{}\");", path.display());
    let (time, _) = best(runs, || run_script(&script));
    std::fs::remove_dir_all(&dir).expect("clean up");
    time
}

/// The peak resident set of this process (Linux's VmHWM), in MB; 0 where it is not known.
fn peak_resident_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb >> 10)
}

/// Runs a script in a fresh session; the first error, if any.
fn run_script(script: &str) -> Result<(), String> {
    let mut session = Session::new();
    let results = session.eval_source(script, 1);
    match results.iter().find_map(|r| r.result.as_ref().err()) {
        Some(e) => Err(e.message.clone()),
        None => Ok(()),
    }
}

/// Positions in the CGScript workloads.
const USER_POSITIONS: u32 = 100_000;

/// WindUp with five steps: i → i − s mod n, 0 ends the game; one search explores every
/// position.
fn user_ruleset(n: u32) -> String {
    format!(
        "W := ImpartialRuleset(i -> if i == 0 then [] else [(i + {n} - s) % {n} for s in \
         [1, 2, 3, 5, 8]] end); W(1).LoopyNimValue"
    )
}

/// The same circle with Left stepping 1, 2 or 5 and Right 3 or 8.
fn user_partizan(n: u32) -> String {
    format!(
        "P := PartizanRuleset(i -> if i == 0 then [] else [(i + {n} - s) % {n} for s in \
         [1, 2, 5]] end, i -> if i == 0 then [] else [(i + {n} - s) % {n} for s in [3, 8]] \
         end); P(1).OutcomeClass"
    )
}

/// Positions per second of a script whose one search explores `positions` positions (a
/// fresh session per run).
fn script_rate(runs: usize, positions: u32, script: &str) -> (f64, u32) {
    let (time, _) = best(runs, || run_script(script));
    (f64::from(positions) / time.as_secs_f64(), positions)
}

/// The outcome of a sum of two positions of a partizan ruleset on 1500 positions (Left
/// steps 7i + 1…3, Right 5i + 1…3, mod n): retrograde analysis of the product graph, built
/// from the positions' game graphs. Returns the time and the product's edges.
fn product_rate(runs: usize) -> (Duration, u64) {
    let n = 1500u64;
    let script = format!(
        "A := [[(i * 7 + k) % {n} + 1 for k in [1, 2, 3]] for i from 1 to {n}]; \
         B := [[(i * 5 + k) % {n} + 1 for k in [1, 2, 3]] for i from 1 to {n}]; \
         P := PartizanRuleset(x -> A[x], x -> B[x]); P(1).OutcomeClass; P(2).OutcomeClass; \
         (P(1) + P(2)).OutcomeClass"
    );
    let (time, _) = best(runs, || run_script(&script));
    // Every state (a, b) has 3 + 3 moves for each player.
    (time, n * n * 12)
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
