//! The process's memory, counted. Every allocation goes through a counting allocator, so the
//! memory ceiling covers everything a computation builds (games, lists, sequences, strings,
//! tables), and its message gives the real figure rather than an estimate of one structure.
//! Deep recursions use stack mapped outside the allocator: the evaluating thread's own (large)
//! stack as far as it goes, then extra segments ([`super::grow`]). Both are counted here too.
//! Underneath is mimalloc: an interpreter makes and drops millions of small lists, and the
//! system allocator spent a fifth of the time of a user-defined ruleset on them.

use cap::Cap;
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

#[global_allocator]
static HEAP: Cap<mimalloc::MiMalloc> = Cap::new(mimalloc::MiMalloc, usize::MAX);

/// Bytes of extra stack segments in use.
static STACK_SEGMENTS: AtomicUsize = AtomicUsize::new(0);
/// Bytes currently allocated by the whole process (its heap and extra stack segments), plus
/// the stack that the calling thread's deep recursion is using. Memory checks run on the
/// thread that computes, so its own stack is the one that matters; another thread's deep
/// recursion (tests run side by side) does not count against this one.
pub fn heap_bytes() -> usize {
    HEAP.allocated() + STACK_SEGMENTS.load(Ordering::Relaxed) + STACK_IN_USE.with(Cell::get)
}

/// Whether the calling thread's recursion is already past a few megabytes of stack: deep
/// enough that operations switch to explicit stacks for what lies below.
pub(crate) fn deep_recursion() -> bool {
    STACK_IN_USE.with(Cell::get) != 0
}

thread_local! {
    /// Free stack at the first recursion step this thread took: its stack top, near enough.
    static STACK_TOP_REMAINING: Cell<usize> = const { Cell::new(0) };
    /// Bytes of this thread's own stack used at the last recursion step (updated by
    /// [`super::grow`] at every step, so it follows the recursion down and back up); 0 while
    /// shallower than a few megabytes.
    static STACK_IN_USE: Cell<usize> = const { Cell::new(0) };
}

/// Note how much of this thread's stack is in use, given the free stack left below the
/// current frame. Only depths past a few megabytes are worth counting.
pub(crate) fn note_stack_remaining(remaining: usize) {
    const WORTH_COUNTING: usize = 8 << 20;
    let top = STACK_TOP_REMAINING.with(|top| {
        if remaining > top.get() {
            top.set(remaining);
        }
        top.get()
    });
    let used = top - remaining;
    STACK_IN_USE.with(|in_use| in_use.set(if used >= WORTH_COUNTING { used } else { 0 }));
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
