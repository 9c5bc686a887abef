//! Canonical games that several threads share.
//!
//! An [`Engine`] belongs to one thread: its arena, indexes and caches are used through
//! `&mut self`, and locking them would tax every operation of the single-threaded path. Threads
//! that split one search each compute in an engine of their own and exchange *results* as
//! games of one [`SharedGames`] store: immutable canonical games whose options are stored games
//! too, which any thread may read without a lock. A game crosses over once per engine:
//! an [`Exchange`] remembers, for one engine, which of its games have a shared form and which
//! shared games it already holds, so exporting a value costs one look-up per game the other
//! side has not seen, and importing one rebuilds only what the engine lacks (by hash-consing,
//! without canonicalising again: the options are canonical already).

use super::arena::{Engine, EngineResult, GameId};
use super::nus::Nus;

/// The canonical games that engines have exchanged, each readable from any thread without a
/// lock, in order of arrival (a game exported by two engines is stored twice; no harm).
#[derive(Default)]
pub struct SharedGames {
    games: boxcar::Vec<SharedGame>,
}

/// A game's place in [`SharedGames`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedId(u32);

impl SharedId {
    /// The id as a number, for maps that keep ids in atomic words.
    pub(crate) fn to_u32(self) -> u32 {
        self.0
    }

    /// The id that [`SharedId::to_u32`] gave as `n`.
    pub(crate) fn from_u32(n: u32) -> SharedId {
        SharedId(n)
    }
}

/// A canonical game as stored in [`SharedGames`].
#[derive(Debug)]
enum SharedGame {
    /// A number, up or nimber sum (its options follow from the value).
    Nus(Nus),
    /// Any other canonical game: its Left options, then its Right ones.
    General {
        options: Box<[SharedId]>,
        left: usize,
    },
}

impl SharedGames {
    fn push(&self, game: SharedGame) -> SharedId {
        // Ids are 32-bit like the engines' own, far beyond any memory ceiling.
        SharedId(self.games.push(game) as u32)
    }

    fn get(&self, id: SharedId) -> &SharedGame {
        &self.games[id.0 as usize]
    }

    /// How many games are stored.
    pub fn len(&self) -> usize {
        self.games.count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One engine's record of what it has exchanged (both ways dense vectors: every id is small).
#[derive(Default)]
pub struct Exchange {
    /// The shared id + 1 of each of this engine's games that has one (0: none yet).
    exported: Vec<u32>,
    /// This engine's id + 1 of each shared game it holds (0: none yet).
    imported: Vec<u32>,
}

impl Exchange {
    fn remember(&mut self, id: GameId, shared: SharedId) {
        let mark = |ids: &mut Vec<u32>, at: usize, value: u32| {
            if ids.len() <= at {
                ids.resize((at + 1).next_power_of_two(), 0);
            }
            ids[at] = value + 1;
        };
        mark(&mut self.exported, id.index(), shared.0);
        mark(&mut self.imported, shared.0 as usize, id.0);
    }

    fn exported(&self, id: GameId) -> Option<SharedId> {
        stored(&self.exported, id.index()).map(SharedId)
    }

    fn imported(&self, shared: SharedId) -> Option<GameId> {
        stored(&self.imported, shared.0 as usize).map(GameId)
    }
}

/// The id kept at `at` of an [`Exchange`] vector (kept as id + 1, 0 meaning none).
fn stored(ids: &[u32], at: usize) -> Option<u32> {
    ids.get(at).and_then(|&n| n.checked_sub(1))
}

impl Engine {
    /// A fresh engine for a worker thread: it shares this engine's interrupt flag (so Ctrl-C
    /// stops every worker) and memory ceiling, and none of its games.
    pub fn worker(&self) -> Engine {
        let mut engine = Engine::with_interrupt_flag(self.interrupt_flag());
        engine.set_memory_limit(self.memory_limit());
        engine
    }

    /// The id in `store` of the canonical game `g`, storing it (and those of its followers
    /// that this engine has not stored yet).
    pub fn export(
        &mut self,
        g: GameId,
        store: &SharedGames,
        exchange: &mut Exchange,
    ) -> EngineResult<SharedId> {
        if let Some(shared) = exchange.exported(g) {
            return Ok(shared);
        }
        let game = match self.as_nus(g) {
            Some(value) => SharedGame::Nus(value),
            None => super::grow(|| -> EngineResult<SharedGame> {
                let left = self.left_options(g)?;
                let right = self.right_options(g)?;
                let options = left
                    .iter()
                    .chain(&right)
                    .map(|&o| self.export(o, store, exchange))
                    .collect::<EngineResult<_>>()?;
                Ok(SharedGame::General {
                    options,
                    left: left.len(),
                })
            })?,
        };
        let shared = store.push(game);
        exchange.remember(g, shared);
        Ok(shared)
    }

    /// This engine's id of the game `shared` of `store`.
    pub fn import(
        &mut self,
        shared: SharedId,
        store: &SharedGames,
        exchange: &mut Exchange,
    ) -> EngineResult<GameId> {
        if let Some(id) = exchange.imported(shared) {
            return Ok(id);
        }
        let id = match store.get(shared) {
            SharedGame::Nus(value) => self.nus(*value),
            SharedGame::General { options, left } => super::grow(|| -> EngineResult<GameId> {
                self.poll()?;
                let mut ids = options
                    .iter()
                    .map(|&o| self.import(o, store, exchange))
                    .collect::<EngineResult<Vec<GameId>>>()?;
                let right = ids.split_off(*left);
                self.intern_canonical(ids, right)
            })?,
        };
        exchange.remember(id, shared);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testutil::{SAMPLE_GAMES, game};

    /// A game exported from one engine and imported into another is the same value (it comes
    /// back to the first engine as the very game it left), and a second import adds nothing.
    #[test]
    fn games_cross_between_engines_unchanged() {
        let mut from = Engine::new();
        let mut to = Engine::new();
        let store = SharedGames::default();
        let (mut out, mut into) = (Exchange::default(), Exchange::default());
        for text in SAMPLE_GAMES {
            let g = game(&mut from, text);
            let shared = from.export(g, &store, &mut out).unwrap();
            let h = to.import(shared, &store, &mut into).unwrap();
            let (games, stored) = (to.game_count(), store.len());
            assert_eq!(to.import(shared, &store, &mut into).unwrap(), h, "{text}");
            assert_eq!(to.game_count(), games, "{text}");
            // Exporting what was imported hands back the same shared game.
            assert_eq!(to.export(h, &store, &mut into).unwrap(), shared);
            assert_eq!(store.len(), stored, "{text}");
            // A fresh round trip from `to` lands on g itself.
            let again = to.export(h, &store, &mut Exchange::default()).unwrap();
            let back = from
                .import(again, &store, &mut Exchange::default())
                .unwrap();
            assert_eq!(back, g, "{text}");
        }
    }
}
