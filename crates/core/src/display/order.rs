//! CGSuite's deterministic order of games, used for options in braces and for sets:
//! numbers ascending, then nimbers ascending, then uptimals (number part, coefficients
//! lexicographically, length, nim part), then other games (lexicographically by their
//! ordered Left options, then Right options).

use crate::engine::{Engine, EngineResult, GameId, RunsId, UptimalRuns, UptimalRunsTable};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// Sorts options for printing, remembering each game's sorted option lists.
#[derive(Default)]
pub struct GameOrder {
    sorted: FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
    class: FxHashMap<GameId, Class>,
    /// The uptimals' expansions found so far, in runs: each is built from its lone option's,
    /// so a deep uptimal's followers cost linear time and memory in all.
    uptimal_runs: UptimalRunsTable,
}

/// An uptimal's expansion is as long as its depth (`^<100000>` has 100 000 coefficients): it
/// is kept in runs, in the order's table.
#[derive(Clone, Copy, Debug)]
enum Class {
    Number,
    Nimber,
    Uptimal(RunsId),
    Other,
}

impl Class {
    fn rank(&self) -> u8 {
        match self {
            Class::Number => 0,
            Class::Nimber => 1,
            Class::Uptimal(_) => 2,
            Class::Other => 3,
        }
    }
}

impl GameOrder {
    /// g's uptimal expansion in runs (`None`: g is no uptimal), remembered for the next.
    pub fn uptimal_runs(
        &mut self,
        engine: &mut Engine,
        g: GameId,
    ) -> EngineResult<Option<UptimalRuns<'_>>> {
        Ok(engine
            .uptimal_runs(g, &mut self.uptimal_runs)?
            .map(|id| self.uptimal_runs.get(id)))
    }

    fn class(&mut self, engine: &mut Engine, g: GameId) -> EngineResult<Class> {
        if let Some(&c) = self.class.get(&g) {
            return Ok(c);
        }
        let c = match engine.as_nus(g) {
            Some(n) if n.is_number() => Class::Number,
            Some(n) if n.is_nimber() => Class::Nimber,
            _ => match engine.uptimal_runs(g, &mut self.uptimal_runs)? {
                Some(id) => Class::Uptimal(id),
                None => Class::Other,
            },
        };
        self.class.insert(g, c);
        // Sorting a set of a million games is a loop like any other: Ctrl-C and the memory
        // ceiling stop it.
        engine.check_interrupt()?;
        Ok(c)
    }

    /// g's Left and Right options in display order.
    pub fn sorted_options(
        &mut self,
        engine: &mut Engine,
        g: GameId,
    ) -> EngineResult<(Vec<GameId>, Vec<GameId>)> {
        if let Some(s) = self.sorted.get(&g) {
            return Ok(s.clone());
        }
        let mut left = engine.left_options(g)?;
        let mut right = engine.right_options(g)?;
        self.sort(engine, &mut left)?;
        self.sort(engine, &mut right)?;
        self.sorted.insert(g, (left.clone(), right.clone()));
        Ok((left, right))
    }

    /// Sort games into display order.
    pub fn sort(&mut self, engine: &mut Engine, games: &mut [GameId]) -> EngineResult<()> {
        // Insertion sort keeps the fallible comparator simple; option lists are short.
        for i in 1..games.len() {
            let mut j = i;
            while j > 0 && self.compare(engine, games[j - 1], games[j])? == Ordering::Greater {
                games.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(())
    }

    pub fn compare(&mut self, engine: &mut Engine, a: GameId, b: GameId) -> EngineResult<Ordering> {
        if a == b {
            return Ok(Ordering::Equal);
        }
        // Sorting a set compares cached classes without touching the engine: the comparison
        // itself asks for Ctrl-C (an atomic load), so that no sort runs on past it.
        engine.check_interrupt()?;
        let (ca, cb) = (self.class(engine, a)?, self.class(engine, b)?);
        let by_rank = ca.rank().cmp(&cb.rank());
        if by_rank != Ordering::Equal {
            return Ok(by_rank);
        }
        Ok(match (ca, cb) {
            (Class::Number, Class::Number) => engine.as_number(a).cmp(&engine.as_number(b)),
            (Class::Nimber, Class::Nimber) => engine
                .as_nus(a)
                .map(|n| n.nim)
                .cmp(&engine.as_nus(b).map(|n| n.nim)),
            (Class::Uptimal(x), Class::Uptimal(y)) => self
                .uptimal_runs
                .get(x)
                .display_cmp(&self.uptimal_runs.get(y)),
            // Recursion into the options, as deep as the games: on a fresh stack segment when
            // the thread's runs low (a value 50 000 levels deep overflowed an 8 MiB thread).
            _ => crate::engine::grow(|| -> EngineResult<Ordering> {
                let (la, ra) = self.sorted_options(engine, a)?;
                let (lb, rb) = self.sorted_options(engine, b)?;
                let by_left = self.compare_lists(engine, &la, &lb)?;
                if by_left != Ordering::Equal {
                    Ok(by_left)
                } else {
                    self.compare_lists(engine, &ra, &rb)
                }
            })?,
        })
    }

    fn compare_lists(
        &mut self,
        engine: &mut Engine,
        a: &[GameId],
        b: &[GameId],
    ) -> EngineResult<Ordering> {
        for (&x, &y) in a.iter().zip(b) {
            let o = self.compare(engine, x, y)?;
            if o != Ordering::Equal {
                return Ok(o);
            }
        }
        Ok(a.len().cmp(&b.len()))
    }
}
