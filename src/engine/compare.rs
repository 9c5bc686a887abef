//! Comparison of games: `leq` with fast paths (NUS arithmetic, number avoidance, stops) and a
//! cache keyed by the pair of ids; the derived order relations and outcome classes.

use super::arena::{Engine, EngineResult, GameId, Outcome};

/// How two games compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    Confused,
}

impl Engine {
    /// Is g ≤ h?
    pub fn leq(&mut self, g: GameId, h: GameId) -> EngineResult<bool> {
        if g == h {
            return Ok(true);
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            return Ok(a.leq(&b));
        }
        // g ≤ h forces L(g) ≤ L(h) and R(g) ≤ R(h).
        if self.left_stop(g) > self.left_stop(h) || self.right_stop(g) > self.right_stop(h) {
            return Ok(false);
        }
        if let Some(&known) = self.leq_cache.get(&(g, h)) {
            return Ok(known);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let result = self.leq_by_options(g, h)?;
            self.leq_cache.insert((g, h), result);
            Ok(result)
        })
    }

    /// g ≤ h iff no g^L ≥ h and no h^R ≤ g. A number on either side is never the better
    /// place to move (number avoidance), so its options need not be tried.
    fn leq_by_options(&mut self, g: GameId, h: GameId) -> EngineResult<bool> {
        if !self.is_number(h) {
            let (start, len) = self.right_span(h)?;
            for i in 0..len {
                let hr = self.pool[start + i];
                if self.leq(hr, g)? {
                    return Ok(false);
                }
            }
        }
        if !self.is_number(g) {
            let (start, len) = self.left_span(g)?;
            for i in 0..len {
                let gl = self.pool[start + i];
                if self.leq(h, gl)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// x ≤ G where G = {left | right} is given by option lists (not necessarily canonical).
    pub(super) fn leq_id_lists(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> EngineResult<bool> {
        // Recurses through x's options (lists_leq_id calls back here) without passing leq.
        super::grow(|| self.leq_id_lists_inner(x, left, right))
    }

    fn leq_id_lists_inner(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> EngineResult<bool> {
        for &r in right {
            if self.leq(r, x)? {
                return Ok(false);
            }
        }
        let (start, len) = self.left_span(x)?;
        for i in 0..len {
            let xl = self.pool[start + i];
            if self.lists_leq_id(left, right, xl)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// G ≤ y where G = {left | right} is given by option lists.
    pub(super) fn lists_leq_id(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        y: GameId,
    ) -> EngineResult<bool> {
        for &l in left {
            if self.leq(y, l)? {
                return Ok(false);
            }
        }
        let (start, len) = self.right_span(y)?;
        for i in 0..len {
            let yr = self.pool[start + i];
            if self.leq_id_lists(yr, left, right)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    pub fn relation(&mut self, g: GameId, h: GameId) -> EngineResult<Relation> {
        let le = self.leq(g, h)?;
        let ge = self.leq(h, g)?;
        Ok(match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        })
    }

    pub fn outcome(&mut self, g: GameId) -> EngineResult<Outcome> {
        let zero = self.zero();
        Ok(match self.relation(g, zero)? {
            Relation::Equal => Outcome::P,
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Confused => Outcome::N,
        })
    }
}
