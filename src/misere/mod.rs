//! Misère canonical impartial games — CGSuite's `*[...]` (`rulesets.md` §8).
//!
//! In misère play (the player who makes the last move loses) impartial games do not reduce to
//! nim heaps; each still has a unique simplest form, its *misère canonical form*. The
//! [`MisereArena`] stores every such form once, named by a [`MisereId`], with cached sums,
//! canonical order, phyla, genera, 2-partitions, mates and distinguishers.
//!
//! One arena serves a whole thread ([`with_arena`]): ruleset positions reach misère analyses
//! through `Position::method`, which is handed the normal-play engine only, so the misère
//! arena cannot live beside it in the session. It only ever grows, so ids stay valid.

mod arena;
mod distinguish;
mod genus;
pub mod methods;
mod notation;
mod order;
mod partitions;
mod phylum;
mod sum;
#[cfg(test)]
mod tests;

pub use arena::{MAX_BIRTHDAY, MisereArena, MisereId, mex};
pub use distinguish::{LinkResult, Unlinked};
pub use genus::Genus;
pub use phylum::Phylum;

use crate::engine::Engine;
use std::cell::RefCell;

thread_local! {
    static ARENA: RefCell<MisereArena> = RefCell::new(MisereArena::new());
}

/// Run `f` on this thread's misère arena, polling `engine`'s interrupt flag (Ctrl-C).
///
/// `f` must not call `with_arena` again (the arena is borrowed for the duration).
pub fn with_arena<T>(engine: &Engine, f: impl FnOnce(&mut MisereArena) -> T) -> T {
    ARENA.with(|cell| {
        let mut arena = cell.borrow_mut();
        arena.set_interrupt(engine.interrupt_flag());
        f(&mut arena)
    })
}
