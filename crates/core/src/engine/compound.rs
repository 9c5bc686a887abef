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
    /// forms. The selective sum depends on the forms: where one component stays as it is
    /// (G^L ∨ H), it keeps its given form, so an explicit {*|*} stays {*|*} below the top.
    pub fn selective_sum(&mut self, g: Form, h: Form) -> EngineResult<GameId> {
        // *a ∨ *b = *(a + b): by induction the options reach every value below a + b. This
        // spares the recursion for large heaps.
        if let (Some(a), Some(b)) = (self.nimber_of_form(g), self.nimber_of_form(h)) {
            let n = a
                .checked_add(b)
                .ok_or(super::arena::EngineError::Overflow)?;
            return Ok(self.nimber(n));
        }
        let depth = self.form_depth(g).saturating_add(self.form_depth(h));
        if depth > MAX_RECURSION {
            return Err(TOO_DEEP);
        }
        let mut memo = FxHashMap::default();
        self.selective_of_nodes(g, h, None, None, &mut memo)
    }

    /// m when the form is exactly the canonical form of *m.
    fn nimber_of_form(&mut self, (left, right): Form) -> Option<u64> {
        if left != right {
            return None;
        }
        let mut values = Vec::with_capacity(left.len());
        for &o in left {
            let n = self.as_nus(o).filter(|n| n.is_nimber())?;
            values.push(n.nim);
        }
        values.sort_unstable();
        let m = u64::try_from(values.len()).ok()?;
        (0..m).eq(values.iter().copied()).then_some(m)
    }

    /// x ∨ y, where `None` stands for the given top-level form (of G for x, of H for y) and
    /// `Some(id)` for a canonical follower. Pairs of canonical games use the shared cache.
    fn selective_of_nodes(
        &mut self,
        g: Form,
        h: Form,
        x: Option<GameId>,
        y: Option<GameId>,
        memo: &mut FxHashMap<(Option<GameId>, Option<GameId>), GameId>,
    ) -> EngineResult<GameId> {
        if let (Some(a), Some(b)) = (x, y) {
            return self.compound_canonical(Compound::Selective, a, b);
        }
        if let Some(&r) = memo.get(&(x, y)) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let x_options = match x {
                None => [g.0.to_vec(), g.1.to_vec()],
                Some(a) => [self.left_options(a)?, self.right_options(a)?],
            };
            let y_options = match y {
                None => [h.0.to_vec(), h.1.to_vec()],
                Some(b) => [self.left_options(b)?, self.right_options(b)?],
            };
            let mut sides = [Vec::new(), Vec::new()];
            for side in 0..2 {
                for &a in &x_options[side] {
                    let alone = self.selective_of_nodes(g, h, Some(a), y, memo)?;
                    sides[side].push(alone);
                    for &b in &y_options[side] {
                        let both = self.compound_canonical(Compound::Selective, a, b)?;
                        sides[side].push(both);
                    }
                }
                for &b in &y_options[side] {
                    let alone = self.selective_of_nodes(g, h, x, Some(b), memo)?;
                    sides[side].push(alone);
                }
            }
            let [left, right] = sides;
            let r = self.game_from_options(&left, &right)?;
            memo.insert((x, y), r);
            Ok(r)
        })
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

    /// CGSuite's `G.Subordinate(B)`: the H with B : H = G, for a base B in the given form.
    /// For each follower K reached, every Left option b of B must be matched in K (some
    /// K^L ≥ b, or some b^R ≤ K), and every Right option b likewise (some K^R ≤ b, or some
    /// b^L ≥ K); then K's options that are B's own (as values) are dropped and the others
    /// subordinated in turn. `None` when some follower fails the test.
    pub fn subordinate(&mut self, g: GameId, base: Form) -> EngineResult<Option<GameId>> {
        self.check_recursion_depth(&[g])?;
        let base_options = [base.0.to_vec(), base.1.to_vec()];
        let mut base_counter_options = [Vec::new(), Vec::new()];
        for (side, options) in base_options.iter().enumerate() {
            for &b in options {
                // b^R for a Left option b, b^L for a Right option b.
                let counter = if side == 0 {
                    self.right_options(b)?
                } else {
                    self.left_options(b)?
                };
                base_counter_options[side].push(counter);
            }
        }
        let base = SubordinateBase {
            options: base_options,
            counter_options: base_counter_options,
        };
        let mut memo = FxHashMap::default();
        self.subordinate_memo(g, &base, &mut memo)
    }

    /// Whether K matches every option of the base (the test in [`Engine::subordinate`]).
    fn matches_base(&mut self, k: GameId, base: &SubordinateBase) -> EngineResult<bool> {
        let k_options = [self.left_options(k)?, self.right_options(k)?];
        for (side, side_options) in k_options.iter().enumerate() {
            for (&b, counters) in base.options[side].iter().zip(&base.counter_options[side]) {
                let mut matched = false;
                for &o in side_options {
                    // K^L ≥ b, or K^R ≤ b.
                    let (lo, hi) = if side == 0 { (b, o) } else { (o, b) };
                    if self.leq(lo, hi)? {
                        matched = true;
                        break;
                    }
                }
                if !matched {
                    for &c in counters {
                        // b^R ≤ K, or b^L ≥ K.
                        let (lo, hi) = if side == 0 { (c, k) } else { (k, c) };
                        if self.leq(lo, hi)? {
                            matched = true;
                            break;
                        }
                    }
                }
                if !matched {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    fn subordinate_memo(
        &mut self,
        k: GameId,
        base: &SubordinateBase,
        memo: &mut FxHashMap<GameId, Option<GameId>>,
    ) -> EngineResult<Option<GameId>> {
        if let Some(&r) = memo.get(&k) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            if !self.matches_base(k, base)? {
                memo.insert(k, None);
                return Ok(None);
            }
            let mut sides = [Vec::new(), Vec::new()];
            for (side, options) in [self.left_options(k)?, self.right_options(k)?]
                .into_iter()
                .enumerate()
            {
                for o in options {
                    if base.options[side].contains(&o) {
                        continue;
                    }
                    match self.subordinate_memo(o, base, memo)? {
                        Some(h) => sides[side].push(h),
                        None => {
                            memo.insert(k, None);
                            return Ok(None);
                        }
                    }
                }
            }
            let [left, right] = sides;
            let r = Some(self.game_from_options(&left, &right)?);
            memo.insert(k, r);
            Ok(r)
        })
    }
}

/// A subordination base: its options, and for each Left option b its Right options b^R
/// (for each Right option, its Left options b^L).
struct SubordinateBase {
    options: [Vec<GameId>; 2],
    counter_options: [Vec<Vec<GameId>>; 2],
}
