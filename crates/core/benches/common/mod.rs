//! Shared by the benchmarks: evaluate a source text in a fresh session, so no cache survives
//! between iterations, and insist that it succeeds.

use cgcalc_core::eval::Session;
use std::hint::black_box;

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

pub fn evaluate(src: &str) {
    let mut session = Session::new();
    let results = session.eval_source(src, 1);
    assert!(
        results.iter().all(|r| r.result.is_ok()),
        "benchmark input failed: {results:?}"
    );
    black_box(results);
}
