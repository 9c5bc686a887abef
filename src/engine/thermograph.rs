//! Thermographs, mean and temperature (being written).

/// Per-game caches of thermographs.
#[derive(Default)]
pub struct ThermoCaches {}

impl ThermoCaches {
    pub fn memory_bytes(&self) -> usize {
        0
    }
}
