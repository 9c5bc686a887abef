//! cgcalc and `cgt` 0.11 side by side: the grid, strip and graph rulesets on the positions of
//! `../shared/bench/rulesets2.tsv`, Domineering, Toads and Frogs and the random sums, each
//! timed as whole processes, the two programs alternating, in one run.
//!
//! The cgt side is `../shared/bench/anchor-cgt`, a small program on the published `cgt` crate;
//! the bench builds it into a directory of its own (`$TMPDIR/cgcalc-anchor-cgt`). When it
//! cannot be built (no registry), the ratios fall back to the cgt times recorded in
//! `rulesets2.tsv` and `README.md`, and the table says so per row ("recorded").
//!
//! For each workload the programs run `CGCALC_BENCH_RUNS` times each (default 3), alternating:
//! cgt, cgcalc on one thread (`--threads 1`) and cgcalc on `CGCALC_BENCH_THREADS` threads
//! (default 2), each run starting with the next of the three. The table gives the median of
//! each, cgt's time over each of cgcalc's, the same ratio of the fastest runs of cgt and of
//! cgcalc on one thread ("best / best": on a shared machine interference only slows runs
//! down, and the medians of three drift by up to 1.5×), and what the threads gained. With
//! `CGCALC_BENCH_BIG=1`, Domineering 6×5, 6×6 and 7×5 are timed too, for cgcalc only (cgt
//! needs minutes to hours; cgcalc about a minute and 2-3 GB each). cgcalc's value is checked
//! against the canonical form cgt printed (`rulesets2-forms/<ruleset>_<tier>.txt`, compared
//! with `==` in cgcalc). Rows whose cgt time is below 0.05 s are timed but not ranked (the
//! process start dominates both).
//!
//! Run with `cargo build --release && cargo bench --bench rulesets2`. `CGCALC_BENCH_DATA`
//! points at another copy of the bench directory; `CGCALC_BENCH_MAX_CGT` skips workloads that
//! cgt needs longer than that many seconds for (by the recorded time); `CGCALC_BENCH_ONLY`
//! keeps the workloads whose name contains it (`Konane`, `sum`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// One workload: how each program runs it, and cgt's recorded time.
struct Workload {
    name: String,
    shown: String,
    cgcalc: Vec<String>,
    /// `None`: cgcalc only.
    cgt: Option<Vec<String>>,
    recorded_cgt: f64,
    /// The canonical form cgt printed, for the value check.
    form_file: Option<PathBuf>,
}

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
    let runs: usize = env_number("CGCALC_BENCH_RUNS").map_or(3, |r| r.max(1.0) as usize);
    let max_cgt = env_number("CGCALC_BENCH_MAX_CGT").unwrap_or(f64::INFINITY);
    let only = std::env::var("CGCALC_BENCH_ONLY").unwrap_or_default();
    let threads = env_number("CGCALC_BENCH_THREADS").map_or(2, |t| t.max(1.0) as usize);
    let anchor = build_anchor(&data);
    match &anchor {
        Some(path) => println!(
            "cgt: {} (built from anchor-cgt), timed in this run\n",
            path.display()
        ),
        None => println!("cgt: anchor-cgt could not be built; ratios use cgt's recorded times\n"),
    }
    println!(
        "| workload | cgt s | cgcalc s | cgt / cgcalc | best / best | cgcalc {threads} threads s | cgt / cgcalc {threads} threads | {threads} threads gain | cgt timed | value equal |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
    for w in workloads(&text, &data) {
        if w.recorded_cgt > max_cgt || !w.name.contains(only.as_str()) {
            continue;
        }
        let mut cgt_times = Vec::new();
        let mut cgcalc_times = Vec::new();
        let mut threaded_times = Vec::new();
        let with_threads = |n: usize| {
            let mut args = vec!["--threads".to_string(), n.to_string()];
            args.extend(w.cgcalc.iter().cloned());
            args
        };
        let mut ok = true;
        for run in 0..runs {
            // The three programs take turns at going first, so that what a run leaves behind
            // (memory handed back, caches) does not always fall on the same program.
            for program in (0..3).map(|k| (k + run) % 3) {
                match program {
                    0 => {
                        if let (Some(anchor), Some(cgt_args)) = (&anchor, &w.cgt) {
                            match time(anchor, cgt_args) {
                                Some(t) => cgt_times.push(t),
                                None => eprintln!("rulesets2: anchor-cgt failed on {}", w.shown),
                            }
                        }
                    }
                    k => {
                        let (n, times) = if k == 1 {
                            (1, &mut cgcalc_times)
                        } else {
                            (threads, &mut threaded_times)
                        };
                        match time(&binary, &with_threads(n)) {
                            Some(t) => times.push(t),
                            None => ok = false,
                        }
                    }
                }
            }
        }
        // Interference only ever slows a run down, so the fastest runs are the other estimate.
        let best = |times: &[f64]| times.iter().copied().reduce(f64::min);
        let best_ratio = match (best(&cgt_times), best(&cgcalc_times)) {
            (Some(c), Some(t)) if c >= 0.05 && t > 0.0 => format!("{:.1}×", c / t),
            _ => "—".to_string(),
        };
        let (cgt, source) = match (median(&mut cgt_times), &w.cgt) {
            (Some(t), _) => (t, "same run"),
            (None, Some(_)) => (w.recorded_cgt, "recorded"),
            (None, None) => (f64::NAN, "—"),
        };
        let cgcalc = median(&mut cgcalc_times).unwrap_or(f64::NAN);
        let threaded = median(&mut threaded_times).unwrap_or(f64::NAN);
        let equal = match &w.form_file {
            Some(f) => {
                if ok && same_value(&binary, &w.cgcalc, f) {
                    "yes"
                } else {
                    "**NO**"
                }
            }
            None => "—",
        };
        let ratio = |time: f64| {
            if cgt >= 0.05 && time > 0.0 {
                format!("{:.1}×", cgt / time)
            } else {
                "—".to_string()
            }
        };
        let (one, many) = (ratio(cgcalc), ratio(threaded));
        let gain = cgcalc / threaded;
        // A `|` inside a Markdown table cell must be escaped, even in code.
        println!(
            "| {} `{}` | {cgt:.2} | {cgcalc:.3} | {one} | {best_ratio} | {threaded:.3} | {many} | {gain:.2}× | {source} | {equal} |",
            w.name,
            w.shown.replace('|', "\\|")
        );
    }
}

/// Every workload: the `rulesets2.tsv` rows cgcalc has, then Domineering, Toads and Frogs
/// and the sums of `README.md` (with their recorded cgt times).
fn workloads(table: &str, data: &Path) -> Vec<Workload> {
    let tiers = ["sanity", "0.5s", "3s", "20_60s"];
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut out = Vec::new();
    for line in table.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [ruleset, cgt_notation, expr, cgt_seconds, ..] = cols[..] else {
            continue;
        };
        // The cgt-tools rulesets CGSuite lacks, under cgcalc's names (same notation).
        let expr = match (expr, ruleset) {
            ("", "Konane") => format!("game.grid.Konane(\"{cgt_notation}\")"),
            ("", "Ski Jumps") => format!("game.grid.SkiJumps(\"{cgt_notation}\")"),
            ("", "Digraph Placement") => format!("game.graph.DigraphPlacement(\"{cgt_notation}\")"),
            _ => expr.to_string(),
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
        if expr.is_empty() {
            continue;
        }
        let subcommand = ruleset.to_lowercase().replace(' ', "-");
        let subcommand = match subcommand.as_str() {
            "toppling-dominoes" => "toppling".to_string(),
            _ => subcommand,
        };
        let shown: String = cgt_notation.chars().take(40).collect();
        out.push(Workload {
            name: format!("{ruleset} {}", tiers.get(tier).copied().unwrap_or("?")),
            shown: if cgt_notation.chars().count() > 40 {
                format!("{shown}…")
            } else {
                shown
            },
            cgcalc: vec!["-q".into(), "-e".into(), expr],
            cgt: Some(vec![subcommand, cgt_notation.to_string()]),
            recorded_cgt: cgt_seconds.parse().unwrap_or(f64::NAN),
            form_file: Some(data.join("rulesets2-forms").join(format!(
                "{}_{}.txt",
                ruleset.to_lowercase().replace(' ', "_"),
                tiers.get(tier).copied().unwrap_or("?")
            ))),
        });
    }
    // Recorded in README.md (cgt 0.11, 2026-11-21). Domineering W H: W columns, H rows; Left
    // plays vertically in both programs.
    for (w, h, recorded) in [(5, 5, 6.54), (6, 4, 3.27), (9, 3, 10.3)] {
        out.push(Workload {
            name: "Domineering".into(),
            shown: format!("{w}×{h}"),
            cgcalc: vec!["-q".into(), "-e".into(), format!("domineering({w},{h})")],
            cgt: Some(vec!["domineering".into(), w.to_string(), h.to_string()]),
            recorded_cgt: recorded,
            form_file: None,
        });
    }
    let big = std::env::var_os("CGCALC_BENCH_BIG").is_some();
    for (w, h) in [(6, 5), (6, 6), (7, 5)].into_iter().filter(|_| big) {
        out.push(Workload {
            name: "Domineering".into(),
            shown: format!("{w}×{h}"),
            cgcalc: vec!["-q".into(), "-e".into(), format!("domineering({w},{h})")],
            cgt: None,
            // Far beyond any `CGCALC_BENCH_MAX_CGT`, which then skips these.
            recorded_cgt: f64::INFINITY,
            form_file: None,
        });
    }
    for (strip, recorded) in [("TTTTTTTT__FFFFFFFF", 1.08), ("TTTTTTTTT__FFFFFFFFF", 3.97)] {
        out.push(Workload {
            name: "Toads and Frogs".into(),
            shown: strip.into(),
            cgcalc: vec![
                "-q".into(),
                "-e".into(),
                format!("toads_frogs(\"{strip}\")"),
            ],
            cgt: Some(vec!["toads".into(), strip.into()]),
            recorded_cgt: recorded,
            form_file: None,
        });
    }
    for (n, recorded) in [(11, 2.81), (12, 44.0)] {
        let file = data.join(format!("sum_{n}_seed1.txt"));
        out.push(Workload {
            name: "random sum".into(),
            shown: format!("sum_{n}"),
            cgcalc: vec!["-q".into(), file.to_string_lossy().into_owned()],
            cgt: Some(vec!["sum".into(), n.to_string(), "1".into()]),
            recorded_cgt: recorded,
            form_file: None,
        });
    }
    out
}

/// Build anchor-cgt (quietly) into a directory of its own; its path, or `None`.
fn build_anchor(data: &Path) -> Option<PathBuf> {
    let manifest = data.join("anchor-cgt/Cargo.toml");
    let target = std::env::temp_dir().join("cgcalc-anchor-cgt");
    let built = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .status()
        .is_ok_and(|s| s.success());
    let binary = target.join("release/anchor-cgt");
    (built && binary.exists()).then_some(binary)
}

/// Seconds one whole run of `program args` takes, if it succeeds.
fn time(program: &Path, args: &[String]) -> Option<f64> {
    let start = Instant::now();
    let output = Command::new(program).args(args).output().ok()?;
    let elapsed = start.elapsed().as_secs_f64();
    output.status.success().then_some(elapsed)
}

fn median(times: &mut [f64]) -> Option<f64> {
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    Some(times[times.len() / 2])
}

fn env_number(name: &str) -> Option<f64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Whether the position's value equals the form cgt printed.
fn same_value(binary: &Path, cgcalc_args: &[String], form_file: &Path) -> bool {
    let (Ok(form), Some(expr)) = (std::fs::read_to_string(form_file), cgcalc_args.last()) else {
        return false;
    };
    let check = format!("({expr}).CanonicalForm == ({})", form.trim());
    Command::new(binary)
        .args(["-q", "-e", &check])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "true")
}
