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
pub mod memory;
pub mod nim_arith;
pub mod nus;
mod ops;
mod products;
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
