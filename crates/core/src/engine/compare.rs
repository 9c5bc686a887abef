//! Comparison of games: `leq` with fast paths (NUS arithmetic, number avoidance, stops) and a
//! cache keyed by the pair of ids; the derived order relations and outcome classes.

use super::arena::{Engine, EngineResult, GameId, Outcome};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// A game {left | right} given by option lists, not (yet) in the arena, with the comparisons
/// against it made so far. Bypassing reversible options compares the form with the options of
/// all its options, and their followers repeat (every *j below each *k of `*1212 : 1`): without
/// the memo those comparisons grow as a power of the depth.
pub(super) struct UnbuiltGame<'a> {
    pub left: &'a [GameId],
    pub right: &'a [GameId],
    /// x ≤ G, by x.
    below: Memo,
    /// G ≤ y, by y.
    above: Memo,
}

impl<'a> UnbuiltGame<'a> {
    pub fn new(left: &'a [GameId], right: &'a [GameId]) -> Self {
        UnbuiltGame {
            left,
            right,
            below: Memo::default(),
            above: Memo::default(),
        }
    }
}

/// Answers by game id: a short list searched in order while it is short (a canonical form
/// is built for every position of a search, and most make a handful of comparisons), a hash
/// map once it grows.
#[derive(Default)]
struct Memo {
    few: SmallVec<[(GameId, bool); Memo::FEW]>,
    many: FxHashMap<GameId, bool>,
}

impl Memo {
    /// Past this many answers, they move to the map.
    const FEW: usize = 16;

    fn get(&self, g: GameId) -> Option<bool> {
        if self.many.is_empty() {
            self.few.iter().find(|e| e.0 == g).map(|e| e.1)
        } else {
            self.many.get(&g).copied()
        }
    }

    fn insert(&mut self, g: GameId, answer: bool) {
        if self.many.is_empty() {
            if self.few.len() < Self::FEW {
                self.few.push((g, answer));
                return;
            }
            self.many.extend(self.few.drain(..));
        }
        self.many.insert(g, answer);
    }
}

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
        if self.some_stop_exceeds(g, h) {
            return Ok(false);
        }
        if let Some(known) = self.leq_cache.get(&(g, h)) {
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
        self.prefetch_option_comparisons(g, h)?;
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

    /// Prefetch the cache slots of the comparisons [`Engine::leq_by_options`] is about to
    /// make (those the stops do not settle), so that their memory reads overlap.
    fn prefetch_option_comparisons(&mut self, g: GameId, h: GameId) -> EngineResult<()> {
        let needs_cache = |engine: &Engine, a: GameId, b: GameId| {
            a != b
                && (engine.as_nus(a).is_none() || engine.as_nus(b).is_none())
                && !engine.some_stop_exceeds(a, b)
        };
        if !self.is_number(h) {
            let (start, len) = self.right_span(h)?;
            for &hr in &self.pool[start..start + len] {
                if needs_cache(self, hr, g) {
                    self.leq_cache.touch(&(hr, g));
                }
            }
        }
        if !self.is_number(g) {
            let (start, len) = self.left_span(g)?;
            for &gl in &self.pool[start..start + len] {
                if needs_cache(self, h, gl) {
                    self.leq_cache.touch(&(h, gl));
                }
            }
        }
        Ok(())
    }

    /// x ≤ G, for a game G given by option lists.
    pub(super) fn leq_unbuilt(&mut self, x: GameId, g: &mut UnbuiltGame) -> EngineResult<bool> {
        if let Some(known) = g.below.get(x) {
            return Ok(known);
        }
        self.poll()?;
        // Recurses through x's options (unbuilt_leq calls back here) without passing leq.
        let result = super::grow(|| self.leq_unbuilt_by_options(x, g))?;
        g.below.insert(x, result);
        Ok(result)
    }

    fn leq_unbuilt_by_options(&mut self, x: GameId, g: &mut UnbuiltGame) -> EngineResult<bool> {
        for i in 0..g.right.len() {
            if self.leq(g.right[i], x)? {
                return Ok(false);
            }
        }
        let (start, len) = self.left_span(x)?;
        for i in 0..len {
            let xl = self.pool[start + i];
            if self.unbuilt_leq(g, xl)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// G ≤ y, for a game G given by option lists.
    pub(super) fn unbuilt_leq(&mut self, g: &mut UnbuiltGame, y: GameId) -> EngineResult<bool> {
        if let Some(known) = g.above.get(y) {
            return Ok(known);
        }
        self.poll()?;
        let result = super::grow(|| self.unbuilt_leq_by_options(g, y))?;
        g.above.insert(y, result);
        Ok(result)
    }

    fn unbuilt_leq_by_options(&mut self, g: &mut UnbuiltGame, y: GameId) -> EngineResult<bool> {
        for i in 0..g.left.len() {
            if self.leq(y, g.left[i])? {
                return Ok(false);
            }
        }
        let (start, len) = self.right_span(y)?;
        for i in 0..len {
            let yr = self.pool[start + i];
            if self.leq_unbuilt(yr, g)? {
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
