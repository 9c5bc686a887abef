//! The process's heap, counted. Every allocation goes through a counting allocator, so the
//! memory ceiling covers everything a computation builds (games, lists, sequences, strings,
//! tables), and its message gives the real figure rather than an estimate of one structure.

use cap::Cap;
use std::alloc::System;

#[global_allocator]
static HEAP: Cap<System> = Cap::new(System, usize::MAX);

/// Bytes currently allocated on the heap by the whole process.
pub fn heap_bytes() -> usize {
    HEAP.allocated()
}
