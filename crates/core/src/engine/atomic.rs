//! Atomic weight (Norton's "atomic weight calculus"), with the far-star correction and an
//! exact atomicity check, so a game without an atomic weight is reported, never given a wrong
//! value.
//!
//! G° = {G^L° − 2 | G^R° + 2}, except when that is an integer and G is comparable with the far
//! star *N (N one more than the largest nimber among G's followers): if G > *N, G° is the
//! greatest integer n ⧏ every G^R° + 2; if G < *N, the least integer n ⧐ every G^L° − 2.
//! A game with both stops 0 is atomic when −ε ≤ G − G°·↑ ≤ ε for ε = ↑* + (*N′ : −1), N′ the
//! least power of two above N; all-small games always are.

use super::arena::{Engine, EngineError, EngineResult, GameId};
use super::compare::Relation;
use super::dyadic::Dyadic;
use super::nus::Nus;
use rustc_hash::{FxHashMap, FxHashSet};

/// Followers of one NUS option enumerated to find its largest nimber, at most.
const NUS_FOLLOWER_LIMIT: usize = 1 << 20;

#[derive(Default)]
pub struct AtomicCaches {
    naive: FxHashMap<GameId, GameId>,
    /// The largest m with *m a follower, by general game and by NUS option.
    largest_nimber: FxHashMap<GameId, u64>,
    largest_nimber_of_nus: FxHashMap<Nus, u64>,
}

impl AtomicCaches {
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        let slot = |key: usize, value: usize| key + value + 1;
        self.naive.capacity() * slot(size_of::<GameId>(), size_of::<GameId>())
            + self.largest_nimber.capacity() * slot(size_of::<GameId>(), size_of::<u64>())
            + self.largest_nimber_of_nus.capacity() * slot(size_of::<Nus>(), size_of::<u64>())
    }
}

impl Engine {
    /// The atomic weight of g, or `None` when g is not atomic.
    pub fn atomic_weight(&mut self, g: GameId) -> EngineResult<Option<GameId>> {
        if !self.left_stop(g).is_zero() || !self.right_stop(g).is_zero() {
            return Ok(None);
        }
        // A known uptimal with stops 0 is all-small, and its weight is its coefficient of ↑.
        if let Some(up) = self.known_up_coefficient(g) {
            return Ok(Some(self.integer(up)));
        }
        let weight = self.naive_atomic_weight(g)?;
        if self.is_all_small(g)? || self.within_atomic_tolerance(g, weight)? {
            Ok(Some(weight))
        } else {
            Ok(None)
        }
    }

    pub fn is_atomic(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.atomic_weight(g)?.is_some())
    }

    /// The calculus without the atomicity check.
    pub(super) fn naive_atomic_weight(&mut self, g: GameId) -> EngineResult<GameId> {
        if let Some(n) = self.as_nus(g) {
            return Ok(self.integer(n.ups));
        }
        if let Some(&w) = self.atomic.naive.get(&g) {
            return Ok(w);
        }
        self.poll()?;
        self.fill_bottom_up(
            g,
            |e, x| e.as_nus(x).is_some() || e.atomic.naive.contains_key(&x),
            |e, x| e.naive_atomic_weight(x).map(drop),
        )?;
        if let Some(&w) = self.atomic.naive.get(&g) {
            return Ok(w);
        }
        crate::engine::grow(|| {
            let two = self.integer(2);
            let mut left = Vec::new();
            for o in self.left_options(g)? {
                let w = self.naive_atomic_weight(o)?;
                left.push(self.sub(w, two)?);
            }
            let mut right = Vec::new();
            for o in self.right_options(g)? {
                let w = self.naive_atomic_weight(o)?;
                right.push(self.add(w, two)?);
            }
            let mut weight = self.game_from_options(&left, &right)?;
            if self.as_number(weight).is_some_and(|x| x.is_integer()) {
                let far_star = self.far_star(g)?;
                let star = self.nimber(far_star);
                match self.relation(g, star)? {
                    Relation::Greater => weight = self.greatest_integer_below_all(&right)?,
                    Relation::Less => weight = self.least_integer_above_all(&left)?,
                    _ => {}
                }
            }
            self.atomic.naive.insert(g, weight);
            Ok(weight)
        })
    }

    /// N = 1 + the largest m with *m a follower of g (at least 1).
    fn far_star(&mut self, g: GameId) -> EngineResult<u64> {
        Ok(self.largest_nimber_follower(g)? + 1)
    }

    /// The largest m with *m a follower of g (0 is *0). Cached and built from the options,
    /// since the atomic weight asks it of every follower: one follower walk each made
    /// `^[10000]` quadratic in time and memory.
    pub(super) fn largest_nimber_follower(&mut self, g: GameId) -> EngineResult<u64> {
        if let Some(value) = self.as_nus(g) {
            return self.largest_nimber_of_nus(value);
        }
        if let Some(&m) = self.atomic.largest_nimber.get(&g) {
            return Ok(m);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut largest = 0;
            for side in [true, false] {
                let (start, len) = self.side_span(g, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    largest = largest.max(self.largest_nimber_follower(option)?);
                }
            }
            self.atomic.largest_nimber.insert(g, largest);
            Ok(largest)
        })
    }

    /// [`Engine::largest_nimber_follower`] of a NUS, by enumerating its followers as values.
    fn largest_nimber_of_nus(&mut self, value: Nus) -> EngineResult<u64> {
        if value.is_nimber() {
            return Ok(value.nim);
        }
        if let Some(&m) = self.atomic.largest_nimber_of_nus.get(&value) {
            return Ok(m);
        }
        let mut seen = FxHashSet::default();
        let mut stack = vec![value];
        seen.insert(value);
        let mut largest = 0;
        while let Some(v) = stack.pop() {
            if seen.len() % 1024 == 0 {
                self.poll()?;
            }
            if v.is_nimber() {
                largest = largest.max(v.nim);
                continue;
            }
            if v.ups == 0 {
                // x + *m with x ≠ 0 is {x + *j | x + *j}: no option is a nimber, and the
                // followers below them are x's own, so x stands for all m of them.
                let x = Nus::number(v.number);
                if seen.insert(x) {
                    stack.push(x);
                }
                continue;
            }
            let left = v.left_options().ok_or(EngineError::Overflow)?;
            let right = v.right_options().ok_or(EngineError::Overflow)?;
            for option in left.into_iter().chain(right) {
                if seen.insert(option) {
                    stack.push(option);
                }
            }
            if seen.len() > NUS_FOLLOWER_LIMIT {
                return Err(EngineError::TooMany {
                    what: "followers",
                    limit: NUS_FOLLOWER_LIMIT as u64,
                });
            }
        }
        self.atomic.largest_nimber_of_nus.insert(value, largest);
        Ok(largest)
    }

    /// The greatest integer n with n ⧏ h (not n ≥ h) for every h in `games` (0 if none).
    fn greatest_integer_below_all(&mut self, games: &[GameId]) -> EngineResult<GameId> {
        let mut best: Option<i128> = None;
        for &h in games {
            // n ⧏ h fails for n large; start above h's left stop and walk down.
            let mut n = self.left_stop(h).ceil() + 1;
            loop {
                let ng = self.number(Dyadic::from_i128(n));
                if !self.leq(h, ng)? {
                    break;
                }
                n -= 1;
            }
            best = Some(best.map_or(n, |b| b.min(n)));
        }
        Ok(self.number(Dyadic::from_i128(best.unwrap_or(0))))
    }

    /// The least integer n with n ⧐ h (not n ≤ h) for every h in `games` (0 if none).
    fn least_integer_above_all(&mut self, games: &[GameId]) -> EngineResult<GameId> {
        let mut best: Option<i128> = None;
        for &h in games {
            let mut n = self.right_stop(h).floor() - 1;
            loop {
                let ng = self.number(Dyadic::from_i128(n));
                if !self.leq(ng, h)? {
                    break;
                }
                n += 1;
            }
            best = Some(best.map_or(n, |b| b.max(n)));
        }
        Ok(self.number(Dyadic::from_i128(best.unwrap_or(0))))
    }

    /// −ε ≤ g − weight·↑ ≤ ε, with ε = ↑* + (*N′ : −1).
    fn within_atomic_tolerance(&mut self, g: GameId, weight: GameId) -> EngineResult<bool> {
        // The power of two strictly above N: with only 0 among the followers (N = 1), *1 : −1
        // = ↓* would make ε = 0 and reject atomic games such as Tiny(3/2).
        let n = (self
            .far_star(g)?
            .checked_add(1)
            .ok_or(super::arena::EngineError::Overflow)?)
        .next_power_of_two();
        let star = self.nimber(n);
        let minus_one = self.integer(-1);
        let remote = self.ordinal_sum(star, minus_one)?;
        let up_star = self.nus(super::nus::Nus {
            number: Dyadic::ZERO,
            ups: 1,
            nim: 1,
        });
        let epsilon = self.add(up_star, remote)?;
        let up = self.ups(1);
        let weighted = self.norton_product(weight, up)?;
        let difference = self.sub(g, weighted)?;
        let minus_epsilon = self.neg(epsilon)?;
        Ok(self.leq(minus_epsilon, difference)? && self.leq(difference, epsilon)?)
    }
}
