//! Grammar fuzzing in the normal suite: random statements built from cgcalc's grammar (games,
//! numbers, sums, comparisons, lists, assignments, calls, properties, lambdas, `if`,
//! comprehensions, ruleset positions), some of them mutated byte by byte, are evaluated.
//! The contract on any input: no panic, at least one result for every chunk that holds
//! something, a message on every error, and no statement that runs away. The same generated
//! statements piped to the binary with `--json` must give one JSON object per line.
//!
//! The libFuzzer target in fuzz/ explores further (docs/fuzzing.md); this test keeps a cheap,
//! deterministic slice of that in every `cargo test`.

use cgcalc_core::eval::Session;
use proptest::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// The longest one chunk may run before the watchdog interrupts it and the test fails with the
/// input. Generous in debug builds, which are an order of magnitude slower.
const BUDGET: Duration = if cfg!(debug_assertions) {
    Duration::from_secs(20)
} else {
    Duration::from_secs(2)
};

/// Each session's memory ceiling (the heap of the whole test process is what is counted).
const MEMORY_LIMIT: usize = 1 << 30;

/// A random expression from the grammar. Sizes are small so that every statement is fast: the
/// point is the variety of shapes, not the size of the games.
fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-4i32..=4).prop_map(|n| n.to_string()),
        (-7i32..=7, 1u32..=3).prop_map(|(n, k)| format!("{n}/{}", 1 << k)),
        (0u32..5).prop_map(|m| format!("*{m}")),
        Just("^".to_string()),
        Just("v".to_string()),
        Just("^*".to_string()),
        Just("vv*3".to_string()),
        Just("x".to_string()),
        Just("y".to_string()),
        Just("true".to_string()),
        (0u32..8).prop_map(|n| format!("kayles[{n}]")),
        (0u32..6).prop_map(|n| format!("dawson[{n}]")),
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        let two = (inner.clone(), inner.clone());
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", "))),
            (
                two.clone(),
                prop::sample::select(vec!["+", "-", "<", ">=", "==", "<|", "<>"])
            )
                .prop_map(|((a, b), op)| format!("({a}) {op} ({b})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            (
                inner.clone(),
                prop::sample::select(vec![
                    "Temperature",
                    "Mean",
                    "LeftStop",
                    "RightStop",
                    "Birthday",
                    "OutcomeClass",
                    "CanonicalForm",
                    "Thermograph",
                ])
            )
                .prop_map(|(a, p)| format!("({a}).{p}")),
            (inner.clone(), 0u32..3).prop_map(|(a, t)| format!("cool({a}, {t})")),
            (
                inner.clone(),
                prop::sample::select(vec!["mean", "temperature", "birthday"])
            )
                .prop_map(|(a, f)| format!("{f}({a})")),
            two.clone()
                .prop_map(|(a, b)| format!("(z -> z + ({a}))({b})")),
            (inner.clone(), two.clone())
                .prop_map(|(c, (a, b))| format!("if ({c}) > 0 then {a} else {b} end")),
            inner
                .clone()
                .prop_map(|a| format!("[w + ({a}) for w in 1..3]")),
            (inner.clone(), 1u32..4).prop_map(|(a, n)| format!("{n} * ({a})")),
        ]
    })
}

/// A statement: an expression, or an assignment to one of the names that expressions read.
fn statement() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => expr(),
        1 => (prop::sample::select(vec!["x", "y"]), expr())
            .prop_map(|(n, e)| format!("{n} := {e}")),
        1 => expr().prop_map(|e| format!("{e};")),
    ]
}

/// One edit of a statement's bytes: where (a fraction of its length) and what.
#[derive(Clone, Debug)]
enum Mutation {
    Delete(f64),
    Insert(f64, u8),
    Duplicate(f64, f64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Bytes that matter to the scanner and the parser, a few letters and digits, and a lone
    // UTF-8 lead byte (decoded lossily into U+FFFD).
    let byte = prop::sample::select(b"{}|*^v:=->()[],;.<>!?'\"\n 0123456789xTf\xe2".to_vec());
    prop_oneof![
        (0.0..1.0f64).prop_map(Mutation::Delete),
        (0.0..1.0f64, byte).prop_map(|(at, b)| Mutation::Insert(at, b)),
        (0.0..1.0f64, 0.0..1.0f64).prop_map(|(a, b)| Mutation::Duplicate(a, b)),
    ]
}

fn mutate(text: &str, edits: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let at = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
    for edit in edits {
        let len = bytes.len();
        match *edit {
            Mutation::Delete(f) if len > 0 => {
                bytes.remove(at(f, len - 1));
            }
            Mutation::Delete(_) => {}
            Mutation::Insert(f, b) => bytes.insert(at(f, len), b),
            Mutation::Duplicate(a, b) => {
                let (i, j) = (at(a.min(b), len), at(a.max(b), len));
                let slice = bytes[i..j].to_vec();
                bytes.splice(j..j, slice);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A chunk of statements: each generated statement, mutated with probability about 1/3.
fn chunk_lines() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        (
            statement(),
            prop::option::weighted(0.35, prop::collection::vec(mutation(), 1..4)),
        )
            .prop_map(|(s, edits)| match edits {
                Some(edits) => mutate(&s, &edits),
                None => s,
            }),
        20,
    )
}

/// The chunk now evaluated, for the watchdog: its interrupt flag and start time.
struct Job {
    flag: Arc<AtomicBool>,
    started: Instant,
    fired: Arc<AtomicBool>,
}

/// One watchdog thread for the whole test binary: it interrupts the running chunk once it has
/// run for `BUDGET`, and the test then fails with that chunk (a hang becomes a report).
fn watchdog() -> &'static Mutex<Option<Job>> {
    static JOB: OnceLock<&'static Mutex<Option<Job>>> = OnceLock::new();
    JOB.get_or_init(|| {
        let job: &'static Mutex<Option<Job>> = Box::leak(Box::new(Mutex::new(None)));
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(20));
                if let Some(j) = job.lock().unwrap_or_else(|e| e.into_inner()).as_ref()
                    && j.started.elapsed() >= BUDGET
                {
                    j.fired.store(true, Ordering::Relaxed);
                    j.flag.store(true, Ordering::Relaxed);
                }
            }
        });
        job
    })
}

/// True when the chunk may hold a comment (`//`, `/*`), after which "blank" depends on the
/// scanner's reading of it; the result count is then not checked.
fn may_hold_comment(chunk: &str) -> bool {
    chunk.contains("//") || chunk.contains("/*")
}

/// Evaluate `chunk` in `session` under the watchdog and check the contract.
fn check_chunk(session: &mut Session, chunk: &str, line: usize) -> Result<(), TestCaseError> {
    let fired = Arc::new(AtomicBool::new(false));
    *watchdog().lock().unwrap_or_else(|e| e.into_inner()) = Some(Job {
        flag: session.interrupt_flag(),
        started: Instant::now(),
        fired: fired.clone(),
    });
    let results = session.eval_source(chunk, line);
    let rendered: Vec<String> = results
        .iter()
        .filter_map(|r| r.result.as_ref().ok())
        .map(|v| session.render(v))
        .collect();
    *watchdog().lock().unwrap_or_else(|e| e.into_inner()) = None;
    // The watchdog is per chunk, but its flag belongs to the session: lower it so a fired
    // watchdog does not interrupt the next chunk too (the test fails right below anyway).
    session.interrupt_flag().store(false, Ordering::Relaxed);

    prop_assert!(
        !fired.load(Ordering::Relaxed),
        "ran over {BUDGET:?} and was interrupted: {chunk:?}"
    );
    if !chunk.trim().is_empty() && !may_hold_comment(chunk) {
        prop_assert!(!results.is_empty(), "no result for {chunk:?}");
    }
    for r in &results {
        if let Err(d) = &r.result {
            prop_assert!(
                !d.message.trim().is_empty(),
                "an error without a message for {chunk:?}"
            );
        }
    }
    prop_assert_eq!(
        rendered.len(),
        results.iter().filter(|r| r.result.is_ok()).count()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// 500 sessions × 20 statements: 10^4 statements per run, about a third of them mutated.
    #[test]
    fn random_statements_evaluate_without_panicking(lines in chunk_lines()) {
        let mut session = Session::new();
        session.engine().set_memory_limit(MEMORY_LIMIT);
        for (i, chunk) in lines.iter().enumerate() {
            check_chunk(&mut session, chunk, i + 1)?;
        }
    }
}

/// Generated statements with no mutations: each is one complete line and one statement.
fn script() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(statement(), 1..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The binary's `--json` mode: every stdout line is a JSON object, one per input line.
    #[test]
    fn json_mode_answers_one_object_per_line(lines in script()) {
        let input = lines.join("\n") + "\n";
        let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_cgcalc"))
            .arg("--json")
            .env("CGCALC_MAX_MEMORY_MB", "1024")
            .env("NO_COLOR", "1")
            .write_stdin(input.clone())
            .timeout(Duration::from_secs(60))
            .output()
            .expect("cgcalc runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        prop_assert!(output.status.code().is_some(), "killed (timeout?) on {input:?}");
        let mut objects = 0;
        for line in stdout.lines() {
            let value: serde_json::Value = serde_json::from_str(line)
                .map_err(|e| TestCaseError::fail(format!("not JSON ({e}): {line:?} for {input:?}")))?;
            prop_assert!(value.is_object(), "not an object: {line:?}");
            objects += 1;
        }
        let expected = lines.iter().filter(|l| !l.trim().is_empty()).count();
        prop_assert_eq!(objects, expected, "objects per line for {:?}", input);
    }
}
