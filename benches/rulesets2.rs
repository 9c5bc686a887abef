//! Whole-process timings of the grid, strip and graph rulesets on the positions of
//! `../shared/bench/rulesets2.tsv`, against the `cgt` 0.11 timings recorded there.
//!
//! For each row with a CGSuite expression (the rulesets cgcalc has), and the Konane, Ski
//! Jumps and Digraph Placement rows (as `game.grid.Konane(…)`, `game.grid.SkiJumps(…)`,
//! `game.graph.DigraphPlacement(…)`, cgt's notation unchanged), it runs the release
//! binary once on that expression (`cgcalc -q -e …`, best of `CGCALC_BENCH_RUNS` runs,
//! default 1), then checks the value against the canonical form cgt printed
//! (`rulesets2-forms/<ruleset>_<tier>.txt`) with `==` in cgcalc, and prints a Markdown table
//! of times and ratios. Rows whose cgt time is below 0.05 s are timed but not ranked (the
//! process start dominates both).
//!
//! Run with `cargo build --release && cargo bench --bench rulesets2`. `CGCALC_BENCH_DATA`
//! points at another copy of the bench directory; `CGCALC_BENCH_MAX_CGT` skips rows that cgt
//! needs longer than that many seconds for.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn main() {
    let data = std::env::var_os("CGCALC_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/bench"));
    let table = data.join("rulesets2.tsv");
    let Ok(text) = std::fs::read_to_string(&table) else {
        eprintln!("rulesets2: no {} (set CGCALC_BENCH_DATA)", table.display());
        return;
    };
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target"));
    let binary = target.join("release/cgcalc");
    if !binary.exists() {
        eprintln!("rulesets2: build {} first", binary.display());
        return;
    }
    let runs: usize = std::env::var("CGCALC_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let max_cgt: f64 = std::env::var("CGCALC_BENCH_MAX_CGT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(f64::INFINITY);
    let tiers = ["sanity", "0.5s", "3s", "20_60s"];
    let mut seen: Vec<(String, usize)> = Vec::new();
    println!("| ruleset | position | cgt s | cgcalc s | cgt / cgcalc | value equal |");
    println!("|---|---|---:|---:|---:|---|");
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [ruleset, cgt_notation, expr, cgt_seconds, ..] = cols[..] else {
            continue;
        };
        // The cgt-tools rulesets CGSuite lacks, under cgcalc's names (same notation).
        let own;
        let expr = match (expr, ruleset) {
            ("", "Konane") => {
                own = format!("game.grid.Konane(\"{cgt_notation}\")");
                own.as_str()
            }
            ("", "Ski Jumps") => {
                own = format!("game.grid.SkiJumps(\"{cgt_notation}\")");
                own.as_str()
            }
            ("", "Digraph Placement") => {
                own = format!("game.graph.DigraphPlacement(\"{cgt_notation}\")");
                own.as_str()
            }
            _ => expr,
        };
        let tier = match seen.iter_mut().find(|(r, _)| r == ruleset) {
            Some((_, k)) => {
                *k += 1;
                *k
            }
            None => {
                seen.push((ruleset.to_string(), 0));
                0
            }
        };
        let cgt: f64 = cgt_seconds.parse().unwrap_or(f64::NAN);
        if expr.is_empty() || cgt > max_cgt {
            continue;
        }
        let mut best = f64::INFINITY;
        let mut ok = true;
        for _ in 0..runs {
            let start = Instant::now();
            let status = Command::new(&binary).args(["-q", "-e", expr]).output();
            best = best.min(start.elapsed().as_secs_f64());
            ok &= status.is_ok_and(|o| o.status.success());
        }
        let form_file = data.join("rulesets2-forms").join(format!(
            "{}_{}.txt",
            ruleset.to_lowercase().replace(' ', "_"),
            tiers.get(tier).copied().unwrap_or("?")
        ));
        let equal = ok && same_value(&binary, expr, &form_file);
        let ratio = if cgt >= 0.05 {
            format!("{:.1}×", cgt / best)
        } else {
            "—".to_string()
        };
        let shown: String = expr.chars().take(48).collect();
        println!(
            "| {ruleset} | `{shown}{}` | {cgt:.2} | {best:.2} | {ratio} | {} |",
            if expr.chars().count() > 48 { "…" } else { "" },
            if equal { "yes" } else { "**NO**" }
        );
    }
}

/// Whether the position's value equals the form cgt printed.
fn same_value(binary: &Path, expr: &str, form_file: &Path) -> bool {
    let Ok(form) = std::fs::read_to_string(form_file) else {
        return false;
    };
    let check = format!("({expr}).CanonicalForm == ({})", form.trim());
    Command::new(binary)
        .args(["-q", "-e", &check])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "true")
}
