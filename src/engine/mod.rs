//! The game engine: an arena in which every canonical short game is stored once and named by a
//! small integer [`GameId`], with cached sums, negatives and comparisons.
//!
//! The engine does no I/O. Long recursions poll an interrupt flag, so a computation can be
//! stopped from outside (Ctrl-C) and the arena stays consistent.

mod arena;
pub mod dyadic;

pub use arena::{Engine, EngineError, GameId, Nus, Outcome};
pub use dyadic::Dyadic;
