//! Arithmetic on games: disjunctive sum (cached), negative (cached), difference, integer
//! multiples and ordinal sum.

use super::arena::{Engine, EngineError, EngineResult, GameId};
use super::dyadic::Dyadic;
use super::nus::Nus;

impl Engine {
    /// The disjunctive sum g + h.
    pub fn add(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        if g == Engine::ZERO {
            return Ok(h);
        }
        if h == Engine::ZERO {
            return Ok(g);
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            let sum = a.checked_add(&b).ok_or(EngineError::Overflow)?;
            return Ok(self.nus(sum));
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(s) = self.sum_cache.get(&key) {
            return Ok(s.into());
        }
        self.poll()?;
        if let Some((nus, rest)) = self.regrouped(g, h) {
            let result = self.add(nus, rest)?;
            self.sum_cache.insert(key, result.into());
            return Ok(result);
        }
        if !self.filling_sums && super::memory::deep_recursion() {
            self.fill_sums_bottom_up(g, h)?;
            if let Some(s) = self.sum_cache.get(&key) {
                return Ok(s.into());
            }
        }
        let games_before = self.game_count();
        crate::engine::grow(|| {
            let result = self.add_by_options(g, h)?;
            self.sum_cache.insert(key, result.into());
            self.remember_parts(g, h, result, games_before);
            Ok(result)
        })
    }

    /// (c + b, d) when one of g, h is a NUS b and the other was built as c + d, c a NUS: then
    /// g + h = (c + b) + d, where c + b is a closed form. So `^781090*4 + Tiny(1) − ^781090`
    /// (the atomic weight's check) is `*4 + Tiny(1)`, not a walk down 781 090 levels.
    fn regrouped(&mut self, g: GameId, h: GameId) -> Option<(GameId, GameId)> {
        let (b, built) = match (self.as_nus(g), self.as_nus(h)) {
            (Some(b), None) => (b, h),
            (None, Some(b)) => (b, g),
            _ => return None,
        };
        let (c, d) = self.sum_parts.get(&built)?;
        let c = self.as_nus(c.into())?;
        let nus = c.checked_add(&b)?;
        Some((self.nus(nus), d.into()))
    }

    /// Record the parts of a NUS-plus-general sum that built a new game. Only new games get
    /// parts, and a game's general part is older than it, so regrouping always ends.
    fn remember_parts(&mut self, g: GameId, h: GameId, sum: GameId, games_before: usize) {
        if sum.index() < games_before || self.as_nus(sum).is_some() {
            return;
        }
        let (c, d) = match (self.as_nus(g).is_some(), self.as_nus(h).is_some()) {
            (true, false) => (g, h),
            (false, true) => (h, g),
            _ => return,
        };
        self.sum_parts.insert(sum, (c.into(), d.into()));
    }

    fn add_by_options(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        // Number translation: x + G = {x + G^L | x + G^R} is already canonical when G is not
        // a number, so only the general game's options are needed.
        let (number, other) = if self.is_number(g) {
            (Some(g), h)
        } else if self.is_number(h) {
            (Some(h), g)
        } else {
            (None, g)
        };
        if let Some(x) = number {
            let left = self.left_options(other)?;
            let right = self.right_options(other)?;
            let left = left
                .into_iter()
                .map(|o| self.add(x, o))
                .collect::<EngineResult<Vec<_>>>()?;
            let right = right
                .into_iter()
                .map(|o| self.add(x, o))
                .collect::<EngineResult<Vec<_>>>()?;
            return self.intern_canonical(left, right);
        }
        if let Some(sum) = self.switch_plus_nus(g, h)? {
            return Ok(sum);
        }
        let left = self.sum_options(g, h, true)?;
        let right = self.sum_options(g, h, false)?;
        self.game_from_options(&left, &right)
    }

    /// {a | b} + G = {a + G | b + G} for numbers a > b and G = x + n·↑ + *m any NUS
    /// (checked in both orders).
    ///
    /// Why: write G = x + ε with ε infinitesimal. A Left move in G, G^L + {a|b}, is at most
    /// a + G: their difference is δ + {0 | b − a} with δ = G^L − G ⧏ 0 a NUS infinitesimal
    /// whose own options are infinitesimal; Left moving first in the switch leaves δ, which
    /// Right wins moving first, and Left moving in δ is answered in the switch by a negative
    /// number plus an infinitesimal. Right's moves in G are dominated the same way. Nor is
    /// a + G reversible: a + G^R − (G + {a|b}) = δ′ + {a − b | 0} with δ′ ⧐ 0 infinitesimal,
    /// which Left wins moving first in the switch. Listing the sum's options instead builds
    /// every follower of G plus the switch: `*885 + +-1844` compared *j + {a|b} pairwise
    /// (half a minute), and `^800000 + {0|-1}` went 800 000 levels deep (2 s).
    fn switch_plus_nus(&mut self, g: GameId, h: GameId) -> EngineResult<Option<GameId>> {
        let Some((value, a, b)) = self.switch_and_nus(g, h)? else {
            return Ok(None);
        };
        let shift = |n: Dyadic| {
            n.checked_add(&value.number)
                .map(|number| Nus { number, ..value })
                .ok_or(EngineError::Overflow)
        };
        let left = self.nus(shift(a)?);
        let right = self.nus(shift(b)?);
        self.game_from_options(&[left], &[right]).map(Some)
    }

    /// (G, a, b) when one of g, h is a NUS G and the other a switch {a | b} with numbers
    /// a > b.
    fn switch_and_nus(
        &mut self,
        g: GameId,
        h: GameId,
    ) -> EngineResult<Option<(Nus, Dyadic, Dyadic)>> {
        for (nus, switch) in [(g, h), (h, g)] {
            let Some(value) = self.as_nus(nus) else {
                continue;
            };
            if self.as_nus(switch).is_some() {
                continue;
            }
            let (ls, ll) = self.left_span(switch)?;
            let (rs, rl) = self.right_span(switch)?;
            if ll != 1 || rl != 1 {
                continue;
            }
            let (Some(a), Some(b)) = (self.as_number(self.pool[ls]), self.as_number(self.pool[rs]))
            else {
                continue;
            };
            if a > b {
                return Ok(Some((value, a, b)));
            }
        }
        Ok(None)
    }

    /// Compute the sums that g + h is built from before g + h itself, children first, with
    /// an explicit stack: used once a recursion is already deep, so a game hundreds of
    /// thousands of levels deep adds in a loop instead of a stack frame per level. The
    /// sums needed mirror [`Engine::add_by_options`] exactly (number translation and the
    /// switch rule need fewer), so nothing is computed that the recursion would not.
    fn fill_sums_bottom_up(&mut self, g: GameId, h: GameId) -> EngineResult<()> {
        self.filling_sums = true;
        let result = self.fill_sums_loop(g, h);
        self.filling_sums = false;
        result
    }

    fn fill_sums_loop(&mut self, g: GameId, h: GameId) -> EngineResult<()> {
        let mut stack = vec![((g, h), false)];
        let mut needs = Vec::new();
        let mut steps = 0u32;
        while let Some(((a, b), expanded)) = stack.pop() {
            if expanded {
                self.add(a, b)?;
                continue;
            }
            if self.sum_is_at_hand(a, b) {
                continue;
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1 << 12) {
                self.poll()?;
            }
            stack.push(((a, b), true));
            needs.clear();
            self.sums_needed(a, b, &mut needs)?;
            for &(c, d) in &needs {
                if !self.sum_is_at_hand(c, d) {
                    stack.push(((c, d), false));
                }
            }
        }
        Ok(())
    }

    /// Whether g + h needs no recursion: a zero, two NUS values, or a cached sum.
    fn sum_is_at_hand(&self, g: GameId, h: GameId) -> bool {
        let key = if g <= h { (g, h) } else { (h, g) };
        g == Engine::ZERO
            || h == Engine::ZERO
            || (self.as_nus(g).is_some() && self.as_nus(h).is_some())
            || self.sum_cache.contains_key(&key)
    }

    /// The sums [`Engine::add_by_options`] asks for when it builds g + h.
    fn sums_needed(
        &mut self,
        g: GameId,
        h: GameId,
        needs: &mut Vec<(GameId, GameId)>,
    ) -> EngineResult<()> {
        let number = if self.is_number(g) {
            Some((g, h))
        } else if self.is_number(h) {
            Some((h, g))
        } else {
            None
        };
        if let Some(regrouped) = self.regrouped(g, h) {
            needs.push(regrouped);
            return Ok(());
        }
        if let Some((x, other)) = number {
            for o in self
                .left_options(other)?
                .into_iter()
                .chain(self.right_options(other)?)
            {
                needs.push((x, o));
            }
            return Ok(());
        }
        if self.switch_and_nus(g, h)?.is_some() {
            return Ok(());
        }
        for (moving, fixed) in [(g, h), (h, g)] {
            for o in self
                .left_options(moving)?
                .into_iter()
                .chain(self.right_options(moving)?)
            {
                needs.push((o, fixed));
            }
        }
        Ok(())
    }

    /// The options of g + h on one side: g^X + h and g + h^X.
    fn sum_options(&mut self, g: GameId, h: GameId, left: bool) -> EngineResult<Vec<GameId>> {
        let mut result = Vec::new();
        for (moving, fixed) in [(g, h), (h, g)] {
            let (start, len) = if left {
                self.left_span(moving)?
            } else {
                self.right_span(moving)?
            };
            for i in 0..len {
                let option = self.pool[start + i];
                result.push(self.add(option, fixed)?);
            }
        }
        Ok(result)
    }

    /// The negative −g.
    pub fn neg(&mut self, g: GameId) -> EngineResult<GameId> {
        if let Some(n) = self.as_nus(g) {
            let neg = n.checked_neg().ok_or(EngineError::Overflow)?;
            return Ok(self.nus(neg));
        }
        if let Some(n) = self.cached_negative(g) {
            return Ok(n);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let left = self.left_options(g)?;
            let right = self.right_options(g)?;
            // The negative of a canonical form is canonical: swap and negate the options.
            let new_left = right
                .into_iter()
                .map(|o| self.neg(o))
                .collect::<EngineResult<Vec<_>>>()?;
            let new_right = left
                .into_iter()
                .map(|o| self.neg(o))
                .collect::<EngineResult<Vec<_>>>()?;
            let result = self.intern_canonical(new_left, new_right)?;
            self.set_negative(g, result);
            Ok(result)
        })
    }

    /// g − h.
    pub fn sub(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        let neg = self.neg(h)?;
        self.add(g, neg)
    }

    /// n·g: the sum of n copies of g (of −g when n < 0), by repeated doubling.
    pub fn multiple(&mut self, n: i128, g: GameId) -> EngineResult<GameId> {
        if let Some(value) = self.as_nus(g) {
            let number = value
                .number
                .checked_mul_int(n)
                .ok_or(EngineError::Overflow)?;
            let ups = i64::try_from(n)
                .ok()
                .and_then(|k| value.ups.checked_mul(k))
                .ok_or(EngineError::Overflow)?;
            let nim = if n % 2 == 0 { 0 } else { value.nim };
            return Ok(self.nus(Nus { number, ups, nim }));
        }
        let base = if n < 0 { self.neg(g)? } else { g };
        let mut k = n.unsigned_abs();
        let mut power = base;
        let mut result = Engine::ZERO;
        while k > 0 {
            if k & 1 == 1 {
                result = self.add(result, power)?;
            }
            k >>= 1;
            if k > 0 {
                power = self.add(power, power)?;
            }
        }
        Ok(result)
    }

    /// The ordinal sum g : h = {g^L, g:h^L | g^R, g:h^R}, using the canonical form of g.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        if h == Engine::ZERO {
            return Ok(g);
        }
        // x*a : *b = x*(a+b): the options of x*a are x*j, so the sum keeps the shape.
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h))
            && a.ups == 0
            && b.is_nimber()
        {
            let nim = a.nim.checked_add(b.nim).ok_or(EngineError::Overflow)?;
            return Ok(self.nus(Nus { nim, ..a }));
        }
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        self.ordinal_sum_of_form(&left, &right, h)
    }

    /// The ordinal sum whose base is the game {base_left | base_right} in exactly that form
    /// (the ordinal sum depends on the base's form, not only its value).
    pub fn ordinal_sum_of_form(
        &mut self,
        base_left: &[GameId],
        base_right: &[GameId],
        h: GameId,
    ) -> EngineResult<GameId> {
        self.check_recursion_depth(&[h])?;
        let mut memo = rustc_hash::FxHashMap::default();
        self.ordinal_sum_memo(base_left, base_right, h, &mut memo)
    }

    fn ordinal_sum_memo(
        &mut self,
        base_left: &[GameId],
        base_right: &[GameId],
        h: GameId,
        memo: &mut rustc_hash::FxHashMap<GameId, GameId>,
    ) -> EngineResult<GameId> {
        if let Some(&r) = memo.get(&h) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut left = base_left.to_vec();
            let mut right = base_right.to_vec();
            for o in self.left_options(h)? {
                left.push(self.ordinal_sum_memo(base_left, base_right, o, memo)?);
            }
            for o in self.right_options(h)? {
                right.push(self.ordinal_sum_memo(base_left, base_right, o, memo)?);
            }
            let r = self.game_from_options(&left, &right)?;
            memo.insert(h, r);
            Ok(r)
        })
    }
}
