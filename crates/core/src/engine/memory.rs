//! The process's memory, counted. Every allocation goes through a counting allocator, so the
//! memory ceiling covers everything a computation builds (games, lists, sequences, strings,
//! tables), and its message gives the real figure rather than an estimate of one structure.
//! Deep recursions use stack mapped outside the allocator: the evaluating thread's own (large)
//! stack as far as it goes, then extra segments (`super::grow`). Both are counted here too.
//! Underneath is mimalloc: an interpreter makes and drops millions of small lists, and the
//! system allocator spent a fifth of the time of a user-defined ruleset on them.
//!
//! Each thread counts its allocations in a counter of its own and adds them to the process's
//! count in steps of [`COUNT_STEP`]: one shared counter updated at every allocation was a
//! cache line that two searching threads took from each other millions of times a second (it
//! doubled the allocator's share of a two-thread Domineering search, to an eighth). The count
//! is then exact to within a step per thread.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering};

/// The allocator underneath.
static HEAP: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Bytes allocated and not yet freed, as the threads have reported them.
static REPORTED: AtomicIsize = AtomicIsize::new(0);

/// A thread reports its allocations once they differ from what it reported by this much.
const COUNT_STEP: isize = 256 << 10;

thread_local! {
    /// Bytes this thread allocated (less what it freed) since it last reported. A plain cell
    /// with a constant start, so that using it never allocates.
    static UNREPORTED: Cell<isize> = const { Cell::new(0) };
}

/// Count `bytes` more (or fewer) allocated bytes.
#[inline]
fn count(bytes: isize) {
    UNREPORTED.with(|unreported| {
        let total = unreported.get() + bytes;
        if total.abs() >= COUNT_STEP {
            REPORTED.fetch_add(total, Ordering::Relaxed);
            unreported.set(0);
        } else {
            unreported.set(total);
        }
    });
}

/// Report what the calling thread has counted: a thread that ends should, so that its last
/// step does not go missing from the count (the search's worker threads do).
pub fn report_thread_allocations() {
    let unreported = UNREPORTED.with(|unreported| unreported.replace(0));
    REPORTED.fetch_add(unreported, Ordering::Relaxed);
}

/// mimalloc, counting the bytes it holds. A library does not choose its users' allocator, so
/// installing it is up to the program; without it the memory ceiling sees only the extra stack
/// segments, and a runaway computation is stopped by the system rather than by an error. The
/// `cgcalc` binary, the tests and the benchmarks install it:
///
/// ```ignore
/// #[global_allocator]
/// static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;
/// ```
pub struct CountingAllocator;

// SAFETY: every call is passed on unchanged to `HEAP`, a `GlobalAlloc` that upholds the
// contract; the handle adds nothing.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees are `HEAP.alloc`'s.
        let ptr = unsafe { HEAP.alloc(layout) };
        if !ptr.is_null() {
            count(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from `HEAP`, with `layout`.
        unsafe { HEAP.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let ptr = unsafe { HEAP.alloc_zeroed(layout) };
        if !ptr.is_null() {
            count(layout.size() as isize);
        }
        ptr
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and the caller's guarantees on `new_size` are `HEAP`'s.
        let moved = unsafe { HEAP.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        moved
    }
}

// mimalloc's own call to give free memory back to the system. The `mimalloc` crate exposes it
// only through a feature that needs another crate; the C library it links always has it.
unsafe extern "C" {
    fn mi_collect(force: bool);
}

/// Ask the allocator to return the pages nothing uses any more to the system, so that the
/// process's resident size falls back after a computation that took a lot and failed (mimalloc
/// otherwise keeps freed pages for reuse, and the REPL held 9 GB after a failed `.Followers`).
/// Collects the calling thread's heap and the pages other threads abandoned.
pub fn return_free_pages() {
    // SAFETY: mi_collect takes no pointers and may be called at any time from any thread.
    unsafe { mi_collect(true) }
}

/// The session's memory ceiling, for the structures that grow where no error can be returned
/// (the caches' tables): they stop growing at it, and the next memory check reports it. A
/// table that doubled unchecked held its old and new slots at once, and Konane on a 6×6
/// board reached 1.8 GB of real memory under a 1000 MiB ceiling.
static GROWTH_CEILING: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Set the ceiling that growing tables respect (the session's `CGCALC_MAX_MEMORY_MB`).
pub fn set_growth_ceiling(bytes: usize) {
    GROWTH_CEILING.store(bytes, Ordering::Relaxed);
}

/// Bytes a refused growth wanted on top of the heap (0: none refused since the last check).
static REFUSED_GROWTH: AtomicUsize = AtomicUsize::new(0);

/// Whether `extra` more bytes would take the process past the growth ceiling. A refusal is
/// remembered, so that the next memory check reports the ceiling with the figure that was
/// needed instead of letting the computation go on with a table that has stopped growing.
pub(crate) fn growth_passes_ceiling(extra: usize) -> bool {
    let passes = heap_bytes().saturating_add(extra) > GROWTH_CEILING.load(Ordering::Relaxed);
    if passes {
        REFUSED_GROWTH.store(extra.max(1), Ordering::Relaxed);
    }
    passes
}

/// The bytes of a growth refused since the last call (0 if none), forgetting it.
pub(crate) fn take_refused_growth() -> usize {
    // A plain load first: this runs at every memory check, and a swap is a locked write.
    if REFUSED_GROWTH.load(Ordering::Relaxed) == 0 {
        return 0;
    }
    REFUSED_GROWTH.swap(0, Ordering::Relaxed)
}

/// Bytes of extra stack segments in use.
static STACK_SEGMENTS: AtomicUsize = AtomicUsize::new(0);
/// Bytes currently allocated by the whole process (its heap and extra stack segments), plus
/// the stack that the calling thread's deep recursion is using. Memory checks run on the
/// thread that computes, so its own stack is the one that matters; another thread's deep
/// recursion (tests run side by side) does not count against this one.
pub fn heap_bytes() -> usize {
    let heap = REPORTED.load(Ordering::Relaxed) + UNREPORTED.with(Cell::get);
    usize::try_from(heap).unwrap_or(0)
        + STACK_SEGMENTS.load(Ordering::Relaxed)
        + STACK_IN_USE.with(Cell::get)
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
