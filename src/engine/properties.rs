//! Properties of canonical games (being written).

/// Per-game caches of derived properties.
#[derive(Default)]
pub struct PropertyCaches {}

impl PropertyCaches {
    pub fn memory_bytes(&self) -> usize {
        0
    }
}
