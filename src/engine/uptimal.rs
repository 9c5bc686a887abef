//! Uptimal expansions (being written; this stub recognises NUS values only).

use super::arena::{Engine, EngineResult, GameId};
use super::dyadic::Dyadic;

/// Per-game cache of uptimal expansions.
#[derive(Default)]
pub struct UptimalCaches {}

impl UptimalCaches {
    pub fn memory_bytes(&self) -> usize {
        0
    }
}

/// x + *nim + Σ coefficients[i]·↑^(i+1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UptimalExpansion {
    pub number: Dyadic,
    pub nim: u64,
    pub coefficients: Vec<i64>,
}

impl Engine {
    pub fn uptimal_expansion(&mut self, g: GameId) -> EngineResult<Option<UptimalExpansion>> {
        Ok(self.as_nus(g).map(|n| UptimalExpansion {
            number: n.number,
            nim: n.nim,
            coefficients: if n.ups == 0 { vec![] } else { vec![n.ups] },
        }))
    }
}
