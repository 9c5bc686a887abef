//! libFuzzer target: arbitrary bytes, read as UTF-8 (lossily), evaluated as a cgcalc script
//! through a fresh `Session`. Checks the evaluator's contract on any input: no panic, one
//! result per statement the parser finds, and every error carries a message.
//!
//! Slow inputs must not look like hangs to libFuzzer, and a runaway computation must not
//! exhaust memory: each session gets a low memory ceiling, and a watchdog thread raises the
//! session's interrupt flag once an input has run for `WATCHDOG`. Inputs that needed the
//! watchdog are appended to a log (`CGCALC_FUZZ_HANG_LOG`, default
//! `$TMPDIR/cgcalc-fuzz/hangs.log`): they are slow cases worth reporting, not crashes.

#![no_main]

use cgcalc_core::eval::Session;
use libfuzzer_sys::fuzz_target;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Allocations are counted, so the memory ceiling below applies.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// How long one input may run before the watchdog interrupts it.
const WATCHDOG: Duration = Duration::from_secs(1);
/// The memory an input may take: far below libFuzzer's `-rss_limit_mb`, so a runaway
/// computation ends with cgcalc's own "memory limit" error rather than an OOM report.
const MEMORY_LIMIT: usize = 512 << 20;

/// The input now running: its interrupt flag, start time and whether the watchdog fired.
struct Job {
    flag: Arc<AtomicBool>,
    started: Instant,
    fired: Arc<AtomicBool>,
}

struct Harness {
    job: Mutex<Option<Job>>,
    hang_log: PathBuf,
    /// The input now running (`$TMPDIR/cgcalc-fuzz/current`).
    current_input: PathBuf,
}

/// Set up once per process: a scratch working directory (so `thermograph_svg(G, "f")` writes
/// its files there, not into the repository) and the watchdog thread, which is shared by all
/// inputs because spawning a thread per input would dominate the run time.
fn harness() -> &'static Harness {
    static H: OnceLock<&'static Harness> = OnceLock::new();
    H.get_or_init(|| {
        let scratch = std::env::temp_dir().join("cgcalc-fuzz");
        let _ = std::fs::create_dir_all(&scratch);
        let hang_log = std::env::var_os("CGCALC_FUZZ_HANG_LOG")
            .map(PathBuf::from)
            .unwrap_or_else(|| scratch.join("hangs.log"));
        let _ = std::env::set_current_dir(&scratch);
        let h: &'static Harness = Box::leak(Box::new(Harness {
            job: Mutex::new(None),
            hang_log,
            current_input: scratch.join("current"),
        }));
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(50));
                if let Some(job) = h.job.lock().unwrap_or_else(|e| e.into_inner()).as_ref()
                    && job.started.elapsed() >= WATCHDOG
                {
                    job.fired.store(true, Ordering::Relaxed);
                    job.flag.store(true, Ordering::Relaxed);
                }
            }
        });
        h
    })
}

fn log_hang(path: &PathBuf, src: &str, elapsed: Duration) {
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(f, "{:.2}s\t{:?}", elapsed.as_secs_f64(), src);
    }
}

fuzz_target!(|data: &[u8]| {
    let h = harness();
    // A crash that kills the process before libFuzzer can save the input (a stack overflow
    // leaves its signal handler no stack to run on) still leaves the input here.
    let _ = std::fs::write(&h.current_input, data);
    let src = String::from_utf8_lossy(data);
    let mut session = Session::new();
    // On top of what the process already holds: rulesets keep per-thread caches from input to
    // input, and a fixed ceiling would in time fail every input at once (an `error(…)` whose
    // message could no longer be printed was the first sign).
    let held = cgcalc_core::engine::memory::heap_bytes();
    session.engine().set_memory_limit(held.saturating_add(MEMORY_LIMIT));
    let fired = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    *h.job.lock().unwrap_or_else(|e| e.into_inner()) = Some(Job {
        flag: session.interrupt_flag(),
        started,
        fired: fired.clone(),
    });

    let results = session.eval_source(&src, 1);
    // The parser's own count of statements is what the evaluator must answer for: one result
    // each, or a single failed result for a syntax error; a chunk with nothing in it (blank, or
    // only comments) may answer nothing, but never more than one result.
    match cgcalc_core::syntax::parse_statements(&src) {
        // Ctrl-C (here the watchdog) ends the chunk at the statement it stopped; the slow input
        // is logged below as a hang, not reported as a missing result.
        Ok(statements) if !statements.is_empty() && !fired.load(Ordering::Relaxed) => {
            assert_eq!(results.len(), statements.len(), "results per statement");
        }
        Ok(statements) if !statements.is_empty() => {
            assert!(results.len() <= statements.len(), "results per statement");
        }
        Ok(_) => assert!(
            results.len() <= 1,
            "an empty chunk gave {} results",
            results.len()
        ),
        Err(_) => assert_eq!(results.len(), 1, "a syntax error gives one result"),
    }
    for r in &results {
        match &r.result {
            // The printer is half of what a user sees: render every value (it polls the same
            // interrupt flag, so a huge value cannot hang here either).
            Ok(value) => {
                let _ = session.render(value);
            }
            Err(d) => assert!(!d.message.trim().is_empty(), "an error without a message"),
        }
    }

    *h.job.lock().unwrap_or_else(|e| e.into_inner()) = None;
    if fired.load(Ordering::Relaxed) {
        log_hang(&h.hang_log, &src, started.elapsed());
    }
});
