//! Reduced canonical forms (equal modulo infinitesimals) and companions.

use super::arena::{Engine, EngineResult, GameId, Outcome};
use rustc_hash::FxHashMap;

impl Engine {
    /// CGSuite's `ReducedCanonicalForm`: the simplest game infinitesimally close to g. A NUS
    /// reduces to its number part; otherwise heat by * and replace every x* subposition by x.
    pub fn reduced_canonical_form(&mut self, g: GameId) -> EngineResult<GameId> {
        if let Some(n) = self.as_nus(g) {
            return Ok(self.number(n.number));
        }
        let star = self.nimber(1);
        let heated = self.heat(g, star)?;
        self.star_projection(heated, &mut FxHashMap::default())
    }

    /// Replace every subposition x* (x a number) by x.
    fn star_projection(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> EngineResult<GameId> {
        if let Some(n) = self.as_nus(g) {
            if n.is_number() {
                return Ok(g);
            }
            if n.ups == 0 && n.nim == 1 {
                return Ok(self.number(n.number));
            }
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut left = Vec::new();
            for o in self.left_options(g)? {
                left.push(self.star_projection(o, memo)?);
            }
            let mut right = Vec::new();
            for o in self.right_options(g)? {
                right.push(self.star_projection(o, memo)?);
            }
            let r = self.game_from_options(&left, &right)?;
            memo.insert(g, r);
            Ok(r)
        })
    }

    /// The companion of g: numbers other than 0 are their own companions, 0's is *, and
    /// otherwise the companion is built from the options' companions, with 0 added as a Left
    /// option when g > 0 and as a Right option when g < 0. (For all-small g it is g + *.)
    pub fn companion(&mut self, g: GameId) -> EngineResult<GameId> {
        self.companion_memo(g, &mut FxHashMap::default())
    }

    fn companion_memo(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> EngineResult<GameId> {
        if g == Engine::ZERO {
            return Ok(self.nimber(1));
        }
        if self.is_number(g) {
            return Ok(g);
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut left = Vec::new();
            let mut right = Vec::new();
            match self.outcome(g)? {
                Outcome::L => left.push(Engine::ZERO),
                Outcome::R => right.push(Engine::ZERO),
                _ => {}
            }
            for o in self.left_options(g)? {
                left.push(self.companion_memo(o, memo)?);
            }
            for o in self.right_options(g)? {
                right.push(self.companion_memo(o, memo)?);
            }
            let r = self.game_from_options(&left, &right)?;
            memo.insert(g, r);
            Ok(r)
        })
    }
}
