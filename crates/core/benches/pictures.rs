//! Pictures (issue 29), through the language: the scatter plot of a nim-value sequence of
//! 10^6 values that is already computed (`s := nim_values(grundy_game, 1000000); plot(s)`)
//! in the terminal and to SVG and TikZ files, the intensity plot of a 64×64 Wythoff table,
//! and the pictures of a board, a Hackenbush position and an option DAG as files. Prints the
//! best of `CGCALC_BENCH_RUNS` (default 5) of each; files go to a temporary directory.
//!
//! Run with `cargo bench --bench pictures`.

use cgcalc_core::eval::Session;
use std::time::{Duration, Instant};

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

fn main() {
    let runs: usize = std::env::var("CGCALC_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let dir = std::env::temp_dir().join(format!("cgcalc-bench-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = |name: &str| dir.join(name).to_string_lossy().replace('\\', "/");

    let mut session = Session::new();
    let setup = "s := nim_values(grundy_game, 1000000); \
                 w := [[wythoff(a, b).NimValue for b from 0 to 63] for a from 0 to 63]; \
                 h := hackenbush(\"LRGLRGLRGLRG(LR,GG(L,R,G),RRL) GGG(L,LR(G,G)) LLRRGG\");";
    let computed = session.eval_source(setup, 1);
    assert!(
        computed.iter().all(|r| r.result.is_ok()),
        "the setup computes"
    );
    let cases = [
        (
            "plot(s), s = nim_values(grundy_game, 10^6), terminal",
            "plot(s)".to_string(),
        ),
        (
            "the same plot to SVG",
            format!("plot(s, \"{}\")", file("s.svg")),
        ),
        (
            "the same plot to TikZ",
            format!("plot(s, \"{}\")", file("s.tex")),
        ),
        (
            "intensity plot of a 64×64 Wythoff table, terminal",
            "intensity_plot(w)".to_string(),
        ),
        (
            "the same to SVG",
            format!("intensity_plot(w, \"{}\")", file("w.svg")),
        ),
        (
            "a 6×6 Clobber board to SVG",
            format!(
                "draw(game.grid.Clobber(\"xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxoxox\"), \"{}\")",
                file("c.svg")
            ),
        ),
        (
            "a 33-edge Hackenbush picture to SVG",
            format!("draw(h, \"{}\")", file("h.svg")),
        ),
        (
            "the option DAG of domineering(3, 3) to SVG",
            format!("graph(domineering(3, 3), \"{}\")", file("d.svg")),
        ),
    ];
    println!("| picture | time | target |\n|---|---:|---|");
    for (label, statement) in cases {
        let mut best = Duration::MAX;
        for _ in 0..runs {
            let start = Instant::now();
            let results = session.eval_source(&statement, 2);
            best = best.min(start.elapsed());
            if let Some(Err(e)) = results.last().map(|r| &r.result) {
                panic!("{statement}: {}", e.message);
            }
        }
        let target = if label.contains("10^6") || label.starts_with("the same plot") {
            "< 1 s"
        } else {
            ""
        };
        println!(
            "| {label} | {:.1} ms | {target} |",
            best.as_secs_f64() * 1e3
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
