//! After a statement fails, the memory it took goes back to the system: the process's resident
//! size falls back near where it was. Its own test binary, with one test, so that no other
//! test's allocations move the figure.

use cgcalc_core::eval::Session;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// The process's resident size in KiB, from `/proc/self/status` (Linux).
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_failed_statement_gives_its_memory_back() {
    let Some(before) = resident_kib() else {
        return; // Not Linux: nothing to read.
    };
    let mut session = Session::new();
    let ceiling = cgcalc_core::engine::memory::heap_bytes() + (384 << 20);
    session.engine().set_memory_limit(ceiling);
    let results = session.eval_source("[x for x from 1 where x > 0]", 1);
    let error = results[0]
        .result
        .as_ref()
        .expect_err("the ceiling stops it");
    assert!(error.message.contains("memory limit reached"), "{error:?}");
    let after = resident_kib().expect("VmRSS");
    // The list reached 384 MiB before failing; mimalloc kept those pages before.
    assert!(
        after < before + 64 * 1024,
        "resident {before} KiB before, {after} KiB after"
    );
    // The session goes on.
    let results = session.eval_source("1 + 1", 2);
    assert!(results[0].result.is_ok());
}
