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
pub mod draws;
pub mod dyadic;
pub mod loopy;
pub mod memory;
pub mod nim_arith;
pub mod nus;
mod ops;
pub mod ordinal;
mod ordinal_product;
mod products;
pub mod progress;
mod properties;
mod reduced;
pub mod shared;
pub mod table;
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
pub use uptimal::{PowError, RunsId, UptimalExpansion, UptimalRuns, UptimalRunsTable};

#[cfg(test)]
mod short_ops_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;

/// Below this much free stack, a recursive step continues on a fresh segment.
const STACK_RED_ZONE: usize = 256 << 10;
/// Size of each extra stack segment.
const STACK_SEGMENT: usize = 16 << 20;

impl Engine {
    /// Make a cached per-game property available for every follower of g that lacks it,
    /// children before parents, without recursing natively: `done(x)` says whether x needs
    /// nothing (cached, or cheap without its options, as NUS games usually are), and
    /// `compute(x)` is the ordinary recursive function, called when all of x's options are
    /// done, so it descends one level only. A game a million levels deep then costs a
    /// million loop steps, not a million stack frames (and their page faults).
    pub(crate) fn fill_bottom_up(
        &mut self,
        g: GameId,
        done: impl Fn(&Engine, GameId) -> bool,
        mut compute: impl FnMut(&mut Engine, GameId) -> EngineResult<()>,
    ) -> EngineResult<()> {
        // The usual case, a game whose options are done, allocates nothing.
        if self.options_done(g, &done)? {
            return Ok(());
        }
        // (game, options pushed): each entry is expanded once, then computed when it comes
        // back to the top, so the walk ends even if `compute` failed to make x done.
        let mut stack = vec![(g, false)];
        let mut steps = 0u32;
        while let Some((top, expanded)) = stack.pop() {
            if expanded {
                compute(self, top)?;
                continue;
            }
            if done(self, top) {
                continue;
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1 << 12) {
                self.poll()?;
            }
            stack.push((top, true));
            let (left, left_len) = self.left_span(top)?;
            let (right, right_len) = self.right_span(top)?;
            for i in (left..left + left_len).chain(right..right + right_len) {
                let option = self.pool[i];
                if !done(self, option) {
                    stack.push((option, false));
                }
            }
        }
        Ok(())
    }

    fn options_done(
        &mut self,
        g: GameId,
        done: &impl Fn(&Engine, GameId) -> bool,
    ) -> EngineResult<bool> {
        let (left, left_len) = self.left_span(g)?;
        let (right, right_len) = self.right_span(g)?;
        let pool = &self.pool;
        Ok(pool[left..left + left_len]
            .iter()
            .chain(&pool[right..right + right_len])
            .all(|&x| done(self, x)))
    }
}

/// Run one step of a recursion over a game's options, on a new stack segment when the
/// current one is nearly used up. Canonical games can be arbitrarily deep (n·↑ has birthday
/// n + 1), and every recursive operation (sum, comparison, canonicalisation, properties)
/// descends one native frame per level, so each recursive step passes through here: depth is
/// then bounded by memory, not by the thread's stack.
/// The segments count towards the memory ceiling.
pub(crate) fn grow<R>(f: impl FnOnce() -> R) -> R {
    if let Some(left) = stacker::remaining_stack() {
        memory::note_stack_remaining(left);
        if left >= STACK_RED_ZONE {
            return f();
        }
    }
    let _counted = memory::StackSegment::new(STACK_SEGMENT);
    stacker::grow(STACK_SEGMENT, f)
}
