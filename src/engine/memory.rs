//! The process's heap, counted. Every allocation goes through a counting allocator, so the
//! memory ceiling covers everything a computation builds (games, lists, sequences, strings,
//! tables), and its message gives the real figure rather than an estimate of one structure.
//! Underneath is mimalloc: an interpreter makes and drops millions of small lists, and the
//! system allocator spent a fifth of the time of a user-defined ruleset on them.

use cap::Cap;

#[global_allocator]
static HEAP: Cap<mimalloc::MiMalloc> = Cap::new(mimalloc::MiMalloc, usize::MAX);

/// Bytes currently allocated on the heap by the whole process.
pub fn heap_bytes() -> usize {
    HEAP.allocated()
}
