//! The process's memory, counted. Every allocation goes through a counting allocator, so the
//! memory ceiling covers everything a computation builds (games, lists, sequences, strings,
//! tables), and its message gives the real figure rather than an estimate of one structure.
//! Deep recursions run on extra stack segments ([`super::grow`]), mapped outside the
//! allocator; they are counted here too.
//! Underneath is mimalloc: an interpreter makes and drops millions of small lists, and the
//! system allocator spent a fifth of the time of a user-defined ruleset on them.

use cap::Cap;
use std::sync::atomic::{AtomicUsize, Ordering};

#[global_allocator]
static HEAP: Cap<mimalloc::MiMalloc> = Cap::new(mimalloc::MiMalloc, usize::MAX);

/// Bytes of extra stack segments in use.
static STACK_SEGMENTS: AtomicUsize = AtomicUsize::new(0);

/// Bytes currently allocated by the whole process: its heap and extra stack segments.
pub fn heap_bytes() -> usize {
    HEAP.allocated() + STACK_SEGMENTS.load(Ordering::Relaxed)
}

/// An extra stack segment of `bytes`, counted while the value lives.
pub(crate) struct StackSegment(usize);

impl StackSegment {
    pub fn new(bytes: usize) -> Self {
        STACK_SEGMENTS.fetch_add(bytes, Ordering::Relaxed);
        StackSegment(bytes)
    }
}

impl Drop for StackSegment {
    fn drop(&mut self) {
        STACK_SEGMENTS.fetch_sub(self.0, Ordering::Relaxed);
    }
}
