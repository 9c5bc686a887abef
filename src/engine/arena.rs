//! Placeholder; the arena is being written.
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome { L, R, P, N }

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError { Overflow, Interrupted }

pub struct Engine { interrupt: Arc<AtomicBool> }

impl Default for Engine { fn default() -> Self { Self::new() } }

impl Engine {
    pub fn new() -> Self { Engine { interrupt: Arc::new(AtomicBool::new(false)) } }
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> { self.interrupt.clone() }
}
