//! The rule families of impartial heap games: each lists, for a heap of n tokens, the heap
//! options — the sizes of the heaps a move leaves (rulesets.md §1).

use super::code::TbCode;
use super::options;
use super::spawning::SpawnCode;
use crate::engine::EngineResult;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRules {
    /// Take-and-break games: Nim, subtraction, octal and hexadecimal games, Grundy's game.
    TakeAndBreak(TbCode),
    /// Coin-turning games in heap form.
    Spawning(SpawnCode),
}

impl HeapRules {
    /// Calls `visit` with the options of heap n, in CGSuite's order.
    pub fn for_each_option(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> EngineResult<()>,
    ) -> EngineResult<()> {
        match self {
            HeapRules::TakeAndBreak(code) => options::for_each_option(code, n, visit),
            HeapRules::Spawning(code) => code.for_each_option(n, visit),
        }
    }

    /// The heap options of n as lists, failing past `limit` of them.
    pub fn options_of(&self, n: u64, limit: usize) -> EngineResult<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        self.for_each_option(n, &mut |heaps| {
            if out.len() >= limit {
                return Err(crate::engine::EngineError::TooMany {
                    what: "options",
                    limit: limit as u64,
                });
            }
            out.push(heaps.to_vec());
            Ok(())
        })?;
        Ok(out)
    }

    /// The take-and-break code, if these rules have one.
    pub fn code(&self) -> Option<&TbCode> {
        match self {
            HeapRules::TakeAndBreak(code) => Some(code),
            HeapRules::Spawning(_) => None,
        }
    }

    /// Identifies the rules (not their spelling), for sharing computed sequences.
    pub fn key(&self) -> String {
        match self {
            HeapRules::TakeAndBreak(code) => format!("tb:{}", code.rules_key()),
            HeapRules::Spawning(code) => format!("spawn:{code:?}"),
        }
    }
}
