//! Compound sums other than the disjunctive one: the conjunctive sum G ∧ H (move in every
//! component; play ends when any component ends) and the selective sum G ∨ H (move in any
//! non-empty set of components). Both depend on the form of the top-level games, so the
//! entry points take option lists; below the top they work on canonical forms, cached.

use super::arena::{Engine, EngineResult, GameId};
use super::properties::{MAX_RECURSION, TOO_DEEP};
use rustc_hash::FxHashMap;

/// The option lists of a game in a given form: (Left options, Right options).
pub type Form<'a> = (&'a [GameId], &'a [GameId]);

#[derive(Default)]
pub struct CompoundCaches {
    conjunctive: FxHashMap<(GameId, GameId), GameId>,
    selective: FxHashMap<(GameId, GameId), GameId>,
}

#[derive(Clone, Copy)]
enum Compound {
    Conjunctive,
    Selective,
}

impl CompoundCaches {
    fn cache(&mut self, kind: Compound) -> &mut FxHashMap<(GameId, GameId), GameId> {
        match kind {
            Compound::Conjunctive => &mut self.conjunctive,
            Compound::Selective => &mut self.selective,
        }
    }

    pub fn memory_bytes(&self) -> usize {
        (self.conjunctive.capacity() + self.selective.capacity()) * 13
    }
}

impl Engine {
    /// G ∧ H = {G^L ∧ H^L | G^R ∧ H^R} for G and H in the given forms.
    pub fn conjunctive_sum(&mut self, g: Form, h: Form) -> EngineResult<GameId> {
        // Play ends with the shorter component: the recursion is as deep as the lesser depth.
        if self.form_depth(g).min(self.form_depth(h)) > MAX_RECURSION {
            return Err(TOO_DEEP);
        }
        self.conjunctive_of_forms(g, h)
    }

    /// The birthday of a game with these options (saturating: a birthday beyond u64 counts as
    /// u64::MAX).
    fn form_depth(&mut self, (left, right): Form) -> u64 {
        let mut depth = 0;
        for &o in left.iter().chain(right) {
            let b = self.birthday(o).map_or(u64::MAX, |b| {
                u64::try_from(b).unwrap_or(u64::MAX).saturating_add(1)
            });
            depth = depth.max(b);
        }
        depth
    }

    fn conjunctive_of_forms(&mut self, g: Form, h: Form) -> EngineResult<GameId> {
        let mut left = Vec::new();
        for &a in g.0 {
            for &b in h.0 {
                left.push(self.compound_canonical(Compound::Conjunctive, a, b)?);
            }
        }
        let mut right = Vec::new();
        for &a in g.1 {
            for &b in h.1 {
                right.push(self.compound_canonical(Compound::Conjunctive, a, b)?);
            }
        }
        self.game_from_options(&left, &right)
    }

    /// G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | likewise for Right} for G and H in the given
    /// forms; `g_id`/`h_id` are their values, used where one component stays as it is.
    pub fn selective_sum(
        &mut self,
        g: Form,
        g_id: GameId,
        h: Form,
        h_id: GameId,
    ) -> EngineResult<GameId> {
        self.check_recursion_depth(&[g_id, h_id])?;
        self.selective_of_forms(g, g_id, h, h_id)
    }

    fn selective_of_forms(
        &mut self,
        g: Form,
        g_id: GameId,
        h: Form,
        h_id: GameId,
    ) -> EngineResult<GameId> {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, (go, ho)) in [(g.0, h.0), (g.1, h.1)].into_iter().enumerate() {
            for &a in go {
                sides[side].push(self.compound_canonical(Compound::Selective, a, h_id)?);
                for &b in ho {
                    sides[side].push(self.compound_canonical(Compound::Selective, a, b)?);
                }
            }
            for &b in ho {
                sides[side].push(self.compound_canonical(Compound::Selective, g_id, b)?);
            }
        }
        let [left, right] = sides;
        self.game_from_options(&left, &right)
    }

    /// A compound sum of two canonical games (it is symmetric), cached per kind.
    fn compound_canonical(&mut self, kind: Compound, g: GameId, h: GameId) -> EngineResult<GameId> {
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&r) = self.compound.cache(kind).get(&key) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let (gl, gr) = (self.left_options(g)?, self.right_options(g)?);
            let (hl, hr) = (self.left_options(h)?, self.right_options(h)?);
            let r = match kind {
                Compound::Conjunctive => self.conjunctive_of_forms((&gl, &gr), (&hl, &hr))?,
                Compound::Selective => self.selective_of_forms((&gl, &gr), g, (&hl, &hr), h)?,
            };
            self.compound.cache(kind).insert(key, r);
            Ok(r)
        })
    }

    /// The H with base : H = g, if there is one: g's options are the base's options together
    /// with base : H's options. The answer is checked by recomputing the ordinal sum.
    pub fn subordinate(&mut self, g: GameId, base: GameId) -> EngineResult<Option<GameId>> {
        self.check_recursion_depth(&[g])?;
        let mut memo = FxHashMap::default();
        let Some(h) = self.subordinate_memo(g, base, &mut memo)? else {
            return Ok(None);
        };
        Ok((self.ordinal_sum(base, h)? == g).then_some(h))
    }

    fn subordinate_memo(
        &mut self,
        g: GameId,
        base: GameId,
        memo: &mut FxHashMap<GameId, Option<GameId>>,
    ) -> EngineResult<Option<GameId>> {
        if g == base {
            return Ok(Some(Engine::ZERO));
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let (bl, br) = (self.left_options(base)?, self.right_options(base)?);
            let mut sides = [Vec::new(), Vec::new()];
            for (side, (options, base_options)) in
                [(self.left_options(g)?, bl), (self.right_options(g)?, br)]
                    .into_iter()
                    .enumerate()
            {
                for o in options {
                    if base_options.contains(&o) {
                        continue;
                    }
                    match self.subordinate_memo(o, base, memo)? {
                        Some(h) => sides[side].push(h),
                        None => {
                            memo.insert(g, None);
                            return Ok(None);
                        }
                    }
                }
            }
            let [left, right] = sides;
            let r = Some(self.game_from_options(&left, &right)?);
            memo.insert(g, r);
            Ok(r)
        })
    }
}
