//! Uptimal expansions (being written).

/// Per-game cache of uptimal expansions.
#[derive(Default)]
pub struct UptimalCaches {}

impl UptimalCaches {
    pub fn memory_bytes(&self) -> usize {
        0
    }
}
