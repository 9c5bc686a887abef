//! Misère canonical impartial games — CGSuite's `*[...]` (`rulesets.md` §8).
//!
//! In misère play (the player who makes the last move loses) impartial games do not reduce to
//! nim heaps; each still has a unique simplest form, its *misère canonical form*. The
//! [`MisereArena`] stores every such form once, named by a [`MisereId`], with cached sums,
//! canonical order, phyla, genera, 2-partitions, mates and distinguishers.
//!
//! This layer knows games only: it sits below the values, which hold a [`MisereId`]. The
//! properties of `*[...]` values live with the evaluator (`eval::misere`), and the misère forms
//! of ruleset positions with the rulesets (`rulesets::analysis`).
//!
//! One arena serves a whole thread ([`with_arena`]): ruleset positions reach misère analyses
//! through `Position::method`, which is handed the normal-play engine only, so the misère
//! arena cannot live beside it in the session. It only ever grows, so ids stay valid.

mod arena;
mod distinguish;
pub mod form;
mod form_canonical;
pub mod form_values;
mod genus;
mod notation;
mod order;
mod partitions;
mod phylum;
pub mod quotient;
mod sum;
#[cfg(test)]
mod tests;

pub use arena::{MAX_BIRTHDAY, MisereArena, MisereId, mex};
pub use distinguish::{LinkResult, Unlinked};
pub use genus::Genus;
pub use phylum::Phylum;

use crate::engine::{Engine, EngineResult, GameId};
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

/// `*[...]` as CGSuite prints it.
pub fn render(g: MisereId, engine: &Engine) -> EngineResult<String> {
    with_arena(engine, |a| a.to_notation(g))
}

/// The options of a misère game as normal-play nimbers, for compounds that depend on the
/// form (ordinal sums): `*[...]` is also the impartial game with these options.
pub fn options_as_nimbers(g: MisereId, engine: &mut Engine) -> Vec<GameId> {
    let values: Vec<u32> = with_arena(engine, |a| {
        a.options(g).iter().map(|&x| a.nim_value(x)).collect()
    });
    values
        .into_iter()
        .map(|v| engine.nimber(u64::from(v)))
        .collect()
}

/// A misère game's normal-play value, the nimber *g⁺.
pub fn normal_value(g: MisereId, engine: &mut Engine) -> GameId {
    let v = with_arena(engine, |a| a.nim_value(g));
    engine.nimber(u64::from(v))
}
