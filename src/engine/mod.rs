//! The game engine: an arena in which every canonical short game is stored once and named by a
//! small integer [`GameId`], with cached sums, negatives and comparisons.
//!
//! The engine does no I/O. Long recursions poll an interrupt flag, so a computation can be
//! stopped from outside (Ctrl-C) and the arena stays consistent (it only ever gains complete
//! entries).

mod arena;
mod atomic;
mod canonical;
mod compare;
mod compound;
pub mod dyadic;
pub mod loopy;
pub mod memory;
pub mod nim_arith;
pub mod nus;
mod ops;
mod products;
pub mod progress;
mod properties;
mod reduced;
mod thermograph;
mod trajectory;
mod uptimal;

pub use arena::{Engine, EngineError, EngineResult, GameId, Outcome};
pub use compare::Relation;
pub use dyadic::Dyadic;
pub use nus::Nus;
pub use properties::TinyKind;
pub use thermograph::Thermograph;
pub use trajectory::Trajectory;
pub use uptimal::UptimalExpansion;

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;

/// Below this much free stack, a recursive step continues on a fresh segment.
const STACK_RED_ZONE: usize = 256 << 10;
/// Size of each extra stack segment.
const STACK_SEGMENT: usize = 16 << 20;

/// Run one step of a recursion over a game's options, on a new stack segment when the
/// current one is nearly used up. Canonical games can be arbitrarily deep (n·↑ has birthday
/// n + 1), and every recursive operation (sum, comparison, canonicalisation, properties)
/// descends one native frame per level, so each recursive step passes through here: depth is
/// then bounded by memory, not by the thread's stack.
/// The segments count towards the memory ceiling.
pub(crate) fn grow<R>(f: impl FnOnce() -> R) -> R {
    if stacker::remaining_stack().is_some_and(|left| left >= STACK_RED_ZONE) {
        return f();
    }
    let _counted = memory::StackSegment::new(STACK_SEGMENT);
    stacker::grow(STACK_SEGMENT, f)
}
