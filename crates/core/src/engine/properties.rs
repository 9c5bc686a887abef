//! Properties of canonical games, as CGSuite reports them: birthday, followers, stop count,
//! incentives, temper, misère outcome, and the shape predicates (`IsAllSmall`, `IsNumberTiny`,
//! ...). Definitions follow spec/notation.md §2.
//!
//! Games of the form number + ups + star (NUS) are answered from closed forms wherever a
//! traversal would have to walk down a huge number: `-1823437481924` has 1823437481925
//! followers, and `.Birthday` must still be instant. Each closed form is derived in a comment
//! next to it and checked against the recursive definition by the unit tests at the bottom.
//! General games recurse over their canonical options, with one cache per property keyed by
//! [`GameId`] (a canonical game never changes, so the caches never go stale).

use super::arena::{Engine, EngineError, EngineResult, GameId, Outcome};
use super::dyadic::Dyadic;
use super::nus::Nus;
use num_bigint::BigUint;
use rustc_hash::{FxHashMap, FxHashSet};

/// Beyond this many followers `followers`/`follower_count` give up with an error rather
/// than enumerate (and, for `followers`, store) them all.
const FOLLOWER_LIMIT: u64 = 1_000_000;

/// Most levels an operation may recurse through options (its games' birthdays added up):
/// each level is a stack frame, and the evaluation thread's stack holds well over this many.
pub const MAX_RECURSION: u64 = 100_000;

/// The error for an operation that would recurse deeper than [`MAX_RECURSION`].
pub const TOO_DEEP: EngineError = EngineError::TooMany {
    what: "levels of recursion through the games' options",
    limit: MAX_RECURSION,
};

/// Largest m for which the stop count 2·3^(m−1) of *m is computed (about 200 KB of digits);
/// larger nimbers report overflow instead of exhausting memory.
const MAX_STOP_COUNT_NIMBER: u64 = 1 << 20;

/// Which of the two mirror-image shapes a game has (see `Engine::tiny_parts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TinyKind {
    /// {x || x | K}: prints as `[x]Tiny(x−K)` when mean(K) < x.
    Tiny,
    /// {K | x || x}: prints as `[x]Miny(K−x)` when mean(K) > x.
    Miny,
}

/// Temper of a game: numbers are even; a non-number is even-tempered when every option is
/// odd-tempered and odd-tempered when every option is even-tempered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Temper {
    Even,
    Odd,
    Neither,
}

/// Misère play from a position: does the player who moves first win, for each player?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MisereWins {
    left_first: bool,
    right_first: bool,
}

impl MisereWins {
    const L: MisereWins = MisereWins {
        left_first: true,
        right_first: false,
    };
    const R: MisereWins = MisereWins {
        left_first: false,
        right_first: true,
    };
    const P: MisereWins = MisereWins {
        left_first: false,
        right_first: false,
    };
    const N: MisereWins = MisereWins {
        left_first: true,
        right_first: true,
    };

    fn outcome(self) -> Outcome {
        Outcome::from_first_moves(self.left_first, self.right_first)
    }

    /// The same position with the players' roles exchanged (the negative).
    fn mirrored(self) -> MisereWins {
        MisereWins {
            left_first: self.right_first,
            right_first: self.left_first,
        }
    }
}

/// Per-game caches of derived properties (general games only: NUS values use closed forms).
#[derive(Default)]
pub struct PropertyCaches {
    birthday: BirthdayTable,
    follower_count: FxHashMap<GameId, u64>,
    stop_count: FxHashMap<GameId, BigUint>,
    /// Heap bytes held by the big integers in `stop_count`.
    stop_count_heap: usize,
    all_small: FxHashMap<GameId, bool>,
    temper: FxHashMap<GameId, Temper>,
    misere: FxHashMap<GameId, MisereWins>,
}

impl PropertyCaches {
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        // hashbrown stores one control byte per bucket next to each (key, value) slot.
        fn map<V>(m: &FxHashMap<GameId, V>) -> usize {
            m.capacity() * (size_of::<GameId>() + size_of::<V>() + 1)
        }
        self.birthday.memory_bytes()
            + map(&self.follower_count)
            + map(&self.stop_count)
            + self.stop_count_heap
            + map(&self.all_small)
            + map(&self.temper)
            + map(&self.misere)
    }
}

/// Birthdays of general games, by game index: a million-level game asks for one per follower,
/// and a hash map of them cost a third of the time of `^<1000000>`'s summary. A birthday too
/// wide for the slot (one past an integer's) goes to `wide`.
#[derive(Default)]
struct BirthdayTable {
    /// Birthday + 1 (0: not known yet; `u32::MAX`: in `wide`).
    slots: Vec<u32>,
    wide: FxHashMap<GameId, u128>,
}

impl BirthdayTable {
    fn get(&self, g: GameId) -> Option<u128> {
        match self.slots.get(g.index()).copied().unwrap_or(0) {
            0 => None,
            u32::MAX => self.wide.get(&g).copied(),
            b => Some(u128::from(b - 1)),
        }
    }

    fn contains(&self, g: GameId) -> bool {
        self.slots.get(g.index()).is_some_and(|&b| b != 0)
    }

    fn insert(&mut self, g: GameId, birthday: u128) {
        let i = g.index();
        if self.slots.len() <= i {
            // Grown to the arena's size, by doublings, not one slot at a time.
            let len = (i + 1).max(2 * self.slots.len());
            self.slots.resize(len, 0);
        }
        self.slots[i] = match birthday.checked_add(1).map(u32::try_from) {
            Some(Ok(b)) if b != u32::MAX => b,
            _ => {
                self.wide.insert(g, birthday);
                u32::MAX
            }
        };
    }

    fn memory_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<u32>()
            + self.wide.capacity() * (std::mem::size_of::<(GameId, u128)>() + 1)
    }
}

/// Birthday of a NUS x + n·↑ + *k, without building its options. The parts add (every
/// follower of x + G is x + a follower of G, or a follower of x: see the follower count).
///
/// * A number: [`Dyadic::birthday`].
/// * n↑*k with n > 0 (n < 0 mirrors): n↑*k = {0 | (n−1)↑*(k⊕1)} except ↑* = {0,*|0}, so
///   the chain runs through n−1 up-nodes down to ↑*j with j = k ⊕ ((n−1) mod 2), and
///   b(↑*j) = 1 + (j⊕1) for j ≠ 1, b(↑*) = 2. Summing: n + 1 when k = 0; n + (k⊕1) when n is
///   odd and k ≠ 1; n + k otherwise; *k alone has birthday k.
fn nus_birthday(value: &Nus) -> Option<u128> {
    let number_part = value.number.birthday()?;
    let n = u128::from(value.ups.unsigned_abs());
    let k = u128::from(value.nim);
    let infinitesimal_part = if n == 0 {
        k
    } else if k == 0 {
        n + 1
    } else if n % 2 == 1 && k != 1 {
        n + (k ^ 1)
    } else {
        n + k
    };
    number_part.checked_add(infinitesimal_part)
}

/// Stop count of *m: 1 for 0, else 2·3^(m−1) (each *j, j < m, is an option on both sides,
/// and 1 + 2·(1 + 3 + … + 3^(m−2)) = 3^(m−1)).
fn nimber_stop_count(m: u64) -> EngineResult<BigUint> {
    if m == 0 {
        return Ok(BigUint::from(1u32));
    }
    if m > MAX_STOP_COUNT_NIMBER {
        return Err(EngineError::Overflow);
    }
    let exponent = u32::try_from(m - 1).map_err(|_| EngineError::Overflow)?;
    Ok(BigUint::from(3u32).pow(exponent) * 2u32)
}

/// Stop count of a NUS. A number counts 1. For a non-number x + G the options are x + Gᴼ,
/// so the number part only relabels the leaves and SC(x + G) = SC(G) = SC(−G). Along the
/// chain n↑*k = {0 | (n−1)↑*(k⊕1)} each up-node adds the 1 of its Left option 0, down to
/// ↑*j (j = k ⊕ ((n−1) mod 2)): SC(↑*) = SC({0,*|0}) = 4, else SC(↑*j) = 1 + SC(*(j⊕1)).
fn nus_stop_count(value: &Nus) -> EngineResult<BigUint> {
    if value.is_number() {
        return Ok(BigUint::from(1u32));
    }
    let n = value.ups.unsigned_abs();
    let k = value.nim;
    if n == 0 {
        return nimber_stop_count(k);
    }
    let j = k ^ ((n - 1) & 1);
    let tail = if j == 1 {
        BigUint::from(4u32)
    } else {
        nimber_stop_count(j ^ 1)? + 1u32
    };
    Ok(tail + (n - 1))
}

/// Temper of a NUS: x is even and x* = {x|x} is odd. Every other non-number NUS is neither:
/// x + *m (m ≥ 2) has the options x (even) and x* (odd); x + ↑* = {x, x* | x} likewise;
/// x + ↑*k (k ≠ 1) = {x | x*(k⊕1)} pairs the even x with x* (odd, for ↑) or with
/// x + *(k⊕1), k⊕1 ≥ 2 (neither); and x + n↑*k, n ≥ 2, pairs x with a non-number other than
/// x*, which is neither by induction on n. Negative n mirrors.
fn nus_temper(value: &Nus) -> Temper {
    if value.is_number() {
        Temper::Even
    } else if value.ups == 0 && value.nim == 1 {
        Temper::Odd
    } else {
        Temper::Neither
    }
}

/// Misère outcome of a NUS x + n·↑ + *k, played on its canonical form.
///
/// Numbers: Left moving first in x wins iff x ≤ 0, Right iff x ≥ 0 (so 0 is N, x > 0 is R).
/// Induction on the birthday: 0 has no moves, so the mover wins. For x > 0 every Left option
/// is a number ≥ 0, from which Right (moving first) wins, so Left loses; Right either has no
/// move (an integer) or moves to a Right option > 0, from which Left loses. x < 0 mirrors.
///
/// x + G, x > 0 a number, G ≠ 0 an infinitesimal NUS: R. The canonical options are x + Gᴼ,
/// both sides non-empty, with Gᴼ again infinitesimal NUS (possibly 0). By induction on G
/// (base: the number x, which is R) every option is R: Left moving first must move to an R
/// position with Right to move, and Right wins it; Right moves to an R position with Left
/// to move, and Left loses it. x < 0 mirrors to L.
///
/// x = 0, n ≥ 0 (n < 0 mirrors). Nimbers: *1 is P (the mover must take the last move and
/// hand the opponent a position without moves), every other *m is N (move to *1, or no
/// move at all in 0). With n ≥ 1 the only Left option is 0, where Right to move wins, so Left
/// moving first loses — except in ↑* = {0,*|0}, where Left moves to * and wins. Right's only
/// option is (n−1)↑*(k⊕1) (0 for ↑*), so Right moving first wins iff Left moving first
/// loses there:
/// * ↑ = {0|*}: * is lost by its mover: R. ↑* : Right moves to 0 and loses: L.
///   ↑*k (k ≥ 2) = {0|*(k⊕1)}: *(k⊕1) is N: P.
/// * ⇑ = {0|↑*}: Left wins ↑* moving first: P. ⇑*k (k ≥ 1) = {0|↑*(k⊕1)}, k⊕1 ≠ 1: R.
/// * n ≥ 3: Left loses every (n−1)↑*… with n−1 ≥ 2 moving first: R.
fn nus_misere(value: &Nus) -> MisereWins {
    match value.number.signum() {
        1 => return MisereWins::R,
        -1 => return MisereWins::L,
        _ => {}
    }
    let wins = match (value.ups.unsigned_abs(), value.nim) {
        (0, 1) => MisereWins::P,
        (0, _) => MisereWins::N,
        (1, 0) => MisereWins::R,
        (1, 1) => MisereWins::L,
        (1, _) => MisereWins::P,
        (2, 0) => MisereWins::P,
        _ => MisereWins::R,
    };
    if value.ups < 0 { wins.mirrored() } else { wins }
}

impl Engine {
    /// (start, len) of one side's options in the pool.
    pub(super) fn side_span(&mut self, g: GameId, left: bool) -> EngineResult<(usize, usize)> {
        if left {
            self.left_span(g)
        } else {
            self.right_span(g)
        }
    }

    /// Fail unless an operation that recurses through the options of `games` (one level per
    /// birthday) stays within `MAX_RECURSION` levels, so it cannot overflow the stack.
    pub fn check_recursion_depth(&mut self, games: &[GameId]) -> EngineResult<()> {
        let mut depth: u128 = 0;
        for &g in games {
            let b = self.birthday(g).map_err(|e| match e {
                EngineError::Overflow => TOO_DEEP,
                e => e,
            })?;
            depth = depth.saturating_add(b);
        }
        if depth > u128::from(MAX_RECURSION) {
            return Err(TOO_DEEP);
        }
        Ok(())
    }

    /// The birthday: b(0) = 0, b(G) = 1 + max b(option) over the canonical form. Wide, since
    /// an integer's birthday is the integer (`10^30 * {1|0}` is born on day 5·10^29).
    pub fn birthday(&mut self, g: GameId) -> EngineResult<u128> {
        if let Some(value) = self.as_nus(g) {
            return nus_birthday(&value).ok_or(EngineError::Overflow);
        }
        if let Some(b) = self.caches.birthday.get(g) {
            return Ok(b);
        }
        self.poll()?;
        self.fill_bottom_up(
            g,
            |e, x| e.as_nus(x).is_some() || e.caches.birthday.contains(x),
            |e, x| e.birthday(x).map(drop),
        )?;
        if let Some(b) = self.caches.birthday.get(g) {
            return Ok(b);
        }
        crate::engine::grow(|| {
            let mut max = 0;
            for side in [true, false] {
                let (start, len) = self.side_span(g, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    max = max.max(self.birthday(option)?);
                }
            }
            let b = max.checked_add(1).ok_or(EngineError::Overflow)?;
            self.caches.birthday.insert(g, b);
            Ok(b)
        })
    }

    /// The number of distinct subpositions of the canonical form, g included.
    ///
    /// For a NUS this is its birthday + 1. The followers of a number x are the numbers on
    /// its path from 0 in the tree of numbers (both options of x are ancestors, and the
    /// parent is one of them), b(x) + 1 of them. The followers of a non-number n↑*k form the
    /// chain n↑*k, (n−1)↑*(k⊕1), …, ↑*j followed by the nimbers 0, …, *M that ↑*j reaches —
    /// b(n↑*k) + 1 distinct games. And the followers of x + G (G ≠ 0 infinitesimal) are x + H
    /// for the followers H ≠ 0 of G (all distinct non-numbers) plus the followers of x.
    ///
    /// A general game enumerates its followers (NUS ones as values, without storing them)
    /// and fails with [`EngineError::TooMany`] past `FOLLOWER_LIMIT`.
    pub fn follower_count(&mut self, g: GameId) -> EngineResult<u64> {
        if let Some(value) = self.as_nus(g) {
            return nus_birthday(&value)
                .and_then(|b| u64::try_from(b).ok()?.checked_add(1))
                .ok_or(EngineError::Overflow);
        }
        if let Some(&n) = self.caches.follower_count.get(&g) {
            return Ok(n);
        }
        let too_many = EngineError::TooMany {
            what: "followers",
            limit: FOLLOWER_LIMIT,
        };
        let mut general: FxHashSet<GameId> = FxHashSet::default();
        let mut values: FxHashSet<Nus> = FxHashSet::default();
        let mut general_stack = vec![g];
        let mut value_stack: Vec<Nus> = Vec::new();
        general.insert(g);
        let count = |general: &FxHashSet<GameId>, values: &FxHashSet<Nus>| {
            (general.len() + values.len()) as u64
        };
        while let Some(h) = general_stack.pop() {
            self.poll()?;
            for side in [true, false] {
                let (start, len) = self.side_span(h, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    match self.as_nus(option) {
                        Some(value) => {
                            // One huge number is enough to give up, before enumerating it.
                            let own = nus_birthday(&value)
                                .and_then(|b| u64::try_from(b).ok()?.checked_add(1))
                                .unwrap_or(u64::MAX);
                            if own > FOLLOWER_LIMIT {
                                return Err(too_many);
                            }
                            if values.insert(value) {
                                value_stack.push(value);
                            }
                        }
                        None => {
                            if general.insert(option) {
                                general_stack.push(option);
                            }
                        }
                    }
                }
            }
            if count(&general, &values) > FOLLOWER_LIMIT {
                return Err(too_many);
            }
        }
        let mut steps = 0u32;
        while let Some(value) = value_stack.pop() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1024) {
                self.poll()?;
            }
            let left = value.left_options().ok_or(EngineError::Overflow)?;
            let right = value.right_options().ok_or(EngineError::Overflow)?;
            for option in left.into_iter().chain(right) {
                if values.insert(option) {
                    value_stack.push(option);
                }
            }
            if count(&general, &values) > FOLLOWER_LIMIT {
                return Err(too_many);
            }
        }
        let n = count(&general, &values);
        self.caches.follower_count.insert(g, n);
        Ok(n)
    }

    /// All distinct subpositions of the canonical form, g included, sorted by id. Fails with
    /// [`EngineError::TooMany`] past `FOLLOWER_LIMIT` (checked before anything is stored).
    pub fn followers(&mut self, g: GameId) -> EngineResult<Vec<GameId>> {
        if self.follower_count(g)? > FOLLOWER_LIMIT {
            return Err(EngineError::TooMany {
                what: "followers",
                limit: FOLLOWER_LIMIT,
            });
        }
        let mut seen: FxHashSet<GameId> = FxHashSet::default();
        seen.insert(g);
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            self.poll()?;
            for side in [true, false] {
                let (start, len) = self.side_span(h, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    if seen.insert(option) {
                        stack.push(option);
                    }
                }
            }
        }
        let mut result: Vec<GameId> = seen.into_iter().collect();
        result.sort_unstable();
        Ok(result)
    }

    /// CGSuite's stop count: 1 for a number, 2·3^(m−1) for *m, otherwise the sum over all
    /// (Left and Right) options.
    pub fn stop_count(&mut self, g: GameId) -> EngineResult<BigUint> {
        if let Some(value) = self.as_nus(g) {
            return nus_stop_count(&value);
        }
        if let Some(sc) = self.caches.stop_count.get(&g) {
            return Ok(sc.clone());
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut total = BigUint::default();
            for side in [true, false] {
                let (start, len) = self.side_span(g, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    total += self.stop_count(option)?;
                }
            }
            self.caches.stop_count_heap += total.bits().div_ceil(8) as usize;
            self.caches.stop_count.insert(g, total.clone());
            Ok(total)
        })
    }

    /// Left incentives Gᴸ − G, distinct, sorted by id.
    pub fn left_incentives(&mut self, g: GameId) -> EngineResult<Vec<GameId>> {
        let options = self.left_options(g)?;
        let mut result = options
            .into_iter()
            .map(|o| self.sub(o, g))
            .collect::<EngineResult<Vec<_>>>()?;
        result.sort_unstable();
        result.dedup();
        Ok(result)
    }

    /// Right incentives G − Gᴿ, distinct, sorted by id.
    pub fn right_incentives(&mut self, g: GameId) -> EngineResult<Vec<GameId>> {
        let options = self.right_options(g)?;
        let mut result = options
            .into_iter()
            .map(|o| self.sub(g, o))
            .collect::<EngineResult<Vec<_>>>()?;
        result.sort_unstable();
        result.dedup();
        Ok(result)
    }

    /// The union of the Left and Right incentives without duplicates and without dominated
    /// values: an incentive is dropped when another one is strictly greater (a bigger
    /// incentive is a better move for its player), so ↑ gives {↑*}.
    pub fn incentives(&mut self, g: GameId) -> EngineResult<Vec<GameId>> {
        let mut all = self.left_incentives(g)?;
        all.extend(self.right_incentives(g)?);
        all.sort_unstable();
        all.dedup();
        let mut result = Vec::with_capacity(all.len());
        for &a in &all {
            let mut dominated = false;
            for &b in &all {
                if a != b && self.leq(a, b)? {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                result.push(a);
            }
        }
        Ok(result)
    }

    /// Both stops are 0 (so 0 itself counts as infinitesimal, as in CGSuite's definition
    /// L(G) = R(G) = 0).
    pub fn is_infinitesimal(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.left_stop(g).is_zero() && self.right_stop(g).is_zero())
    }

    /// Every subposition of the canonical form is infinitesimal. A NUS qualifies exactly when
    /// its number part is 0 (its followers are then infinitesimal NUS values; otherwise its
    /// own stops are the nonzero number part).
    pub fn is_all_small(&mut self, g: GameId) -> EngineResult<bool> {
        if let Some(value) = self.as_nus(g) {
            return Ok(value.number.is_zero());
        }
        if let Some(&known) = self.caches.all_small.get(&g) {
            return Ok(known);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut result = self.is_infinitesimal(g)?;
            'sides: for side in [true, false] {
                if !result {
                    break;
                }
                let (start, len) = self.side_span(g, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    if !self.is_all_small(option)? {
                        result = false;
                        break 'sides;
                    }
                }
            }
            self.caches.all_small.insert(g, result);
            Ok(result)
        })
    }

    /// Left stop equals right stop.
    pub fn is_numberish(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.left_stop(g) == self.right_stop(g))
    }

    fn temper(&mut self, g: GameId) -> EngineResult<Temper> {
        if let Some(value) = self.as_nus(g) {
            return Ok(nus_temper(&value));
        }
        if let Some(&known) = self.caches.temper.get(&g) {
            return Ok(known);
        }
        self.poll()?;
        crate::engine::grow(|| {
            // A general game is not a number, so its options decide.
            let (mut all_even, mut all_odd) = (true, true);
            for side in [true, false] {
                let (start, len) = self.side_span(g, side)?;
                for i in 0..len {
                    let option = self.pool[start + i];
                    match self.temper(option)? {
                        Temper::Even => all_odd = false,
                        Temper::Odd => all_even = false,
                        Temper::Neither => {
                            all_even = false;
                            all_odd = false;
                        }
                    }
                }
            }
            let result = if all_odd {
                Temper::Even
            } else if all_even {
                Temper::Odd
            } else {
                Temper::Neither
            };
            self.caches.temper.insert(g, result);
            Ok(result)
        })
    }

    /// A number, or a game all of whose options are odd-tempered.
    pub fn is_even_tempered(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.temper(g)? == Temper::Even)
    }

    /// Not a number, and all options even-tempered.
    pub fn is_odd_tempered(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.temper(g)? == Temper::Odd)
    }

    /// G + G = G. For short games this holds only for 0 (subtract G from both sides), so no
    /// sum is computed.
    pub fn is_idempotent(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(g == Engine::ZERO)
    }

    /// The canonical form has no Right options. Among NUS values only the integers n ≥ 0
    /// qualify (every other NUS has a Right option), so huge numbers are not expanded.
    pub fn is_ordinal(&mut self, g: GameId) -> EngineResult<bool> {
        if let Some(value) = self.as_nus(g) {
            return Ok(value.is_number()
                && value.number.is_integer()
                && value.number.signum() >= 0);
        }
        Ok(self.right_span(g)?.1 == 0)
    }

    /// An even integer (CGSuite's `IsEven` is about integers: `(*8).IsEven` is false).
    pub fn is_even(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self
            .as_number(g)
            .is_some_and(|x| x.is_integer() && x.numerator() % 2 == 0))
    }

    /// An odd integer.
    pub fn is_odd(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self
            .as_number(g)
            .is_some_and(|x| x.is_integer() && x.numerator() % 2 != 0))
    }

    /// The Tiny/Miny shape of g, without the mean condition: `(Tiny, x, K)` when g = {x || x|K}
    /// (exactly one Left option, the number x, and exactly one Right option {x|K}, itself with
    /// one option on each side), `(Miny, x, K)` for the mirror image {K|x || x}. The caller
    /// decides mean(K) < x (Tiny) or mean(K) > x (Miny); [`Engine::tiny_stop_test`] settles
    /// most cases from the stops. NUS values give `None`: a NUS with this shape has
    /// K = x + an infinitesimal, whose mean is x, so it never passes the mean test.
    fn tiny_parts(&mut self, g: GameId) -> EngineResult<Option<(TinyKind, Dyadic, GameId)>> {
        if self.as_nus(g).is_some() {
            return Ok(None);
        }
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        if left.len() != 1 || right.len() != 1 {
            return Ok(None);
        }
        let (a, b) = (left[0], right[0]);
        if let Some(x) = self.as_number(a) {
            let bl = self.left_options(b)?;
            let br = self.right_options(b)?;
            if bl.len() == 1 && br.len() == 1 && bl[0] == a {
                return Ok(Some((TinyKind::Tiny, x, br[0])));
            }
        }
        if let Some(x) = self.as_number(b) {
            let al = self.left_options(a)?;
            let ar = self.right_options(a)?;
            if al.len() == 1 && ar.len() == 1 && ar[0] == b {
                return Ok(Some((TinyKind::Miny, x, al[0])));
            }
        }
        Ok(None)
    }

    /// Decide the mean condition of a Tiny/Miny shape from K's stops, since
    /// R(K) ≤ mean(K) ≤ L(K). Tiny needs mean(K) < x: true when L(K) < x, false when
    /// R(K) ≥ x. Miny needs mean(K) > x: true when R(K) > x, false when L(K) ≤ x.
    /// `None` when x lies between the stops and only the mean itself can tell.
    fn tiny_stop_test(&self, kind: TinyKind, x: Dyadic, k: GameId) -> Option<bool> {
        let (l, r) = (self.left_stop(k), self.right_stop(k));
        match kind {
            TinyKind::Tiny if l < x => Some(true),
            TinyKind::Tiny if r >= x => Some(false),
            TinyKind::Miny if r > x => Some(true),
            TinyKind::Miny if l <= x => Some(false),
            _ => None,
        }
    }

    /// A number, or x + Tiny(·) / x + Miny(·) (see [`Engine::tiny`]).
    pub fn is_number_tiny(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.is_number(g) || self.tiny(g)?.is_some())
    }

    /// The Tiny/Miny decomposition of g, mean condition included: (kind, x, K) with
    /// g = {x || x | K} and mean(K) < x (Tiny), or g = {K | x || x} and mean(K) > x (Miny).
    pub fn tiny(&mut self, g: GameId) -> EngineResult<Option<(TinyKind, Dyadic, GameId)>> {
        let Some((kind, x, k)) = self.tiny_parts(g)? else {
            return Ok(None);
        };
        let fits = match self.tiny_stop_test(kind, x, k) {
            Some(decided) => decided,
            None => {
                let mean = self.mean(k)?;
                if kind == TinyKind::Tiny {
                    mean < x
                } else {
                    mean > x
                }
            }
        };
        Ok(fits.then_some((kind, x, k)))
    }

    fn misere_wins(&mut self, g: GameId) -> EngineResult<MisereWins> {
        if let Some(value) = self.as_nus(g) {
            return Ok(nus_misere(&value));
        }
        if let Some(&known) = self.caches.misere.get(&g) {
            return Ok(known);
        }
        self.poll()?;
        crate::engine::grow(|| {
            // The mover wins iff they have no move, or can move to a position that the opponent,
            // now moving first, loses.
            let (start, len) = self.left_span(g)?;
            let mut left_first = len == 0;
            for i in 0..len {
                let option = self.pool[start + i];
                if !self.misere_wins(option)?.right_first {
                    left_first = true;
                    break;
                }
            }
            let (start, len) = self.right_span(g)?;
            let mut right_first = len == 0;
            for i in 0..len {
                let option = self.pool[start + i];
                if !self.misere_wins(option)?.left_first {
                    right_first = true;
                    break;
                }
            }
            let result = MisereWins {
                left_first,
                right_first,
            };
            self.caches.misere.insert(g, result);
            Ok(result)
        })
    }

    /// The outcome class of the canonical form played under misère rules (the player who
    /// cannot move wins).
    pub fn misere_outcome(&mut self, g: GameId) -> EngineResult<Outcome> {
        Ok(self.misere_wins(g)?.outcome())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::game;
    use super::*;
    use std::collections::BTreeSet;

    /// Small NUS values: numbers with integer and fractional parts of both signs, times a
    /// range of ups and nimbers.
    fn small_nus(e: &mut Engine) -> Vec<GameId> {
        let mut result = Vec::new();
        for x in [
            (0, 0),
            (1, 0),
            (-1, 0),
            (3, 0),
            (1, 1),
            (-3, 2),
            (5, 3),
            (-9, 3),
        ] {
            for ups in -4..=4 {
                for nim in 0..6 {
                    let number = Dyadic::new(x.0, x.1).unwrap();
                    result.push(e.nus(Nus { number, ups, nim }));
                }
            }
        }
        result
    }

    fn all_options(e: &mut Engine, g: GameId) -> Vec<GameId> {
        let mut v = e.left_options(g).unwrap();
        v.extend(e.right_options(g).unwrap());
        v
    }

    fn brute_birthday(e: &mut Engine, g: GameId) -> u128 {
        all_options(e, g)
            .into_iter()
            .map(|o| brute_birthday(e, o) + 1)
            .max()
            .unwrap_or(0)
    }

    fn brute_followers(e: &mut Engine, g: GameId, seen: &mut BTreeSet<GameId>) {
        if seen.insert(g) {
            for o in all_options(e, g) {
                brute_followers(e, o, seen);
            }
        }
    }

    fn brute_stop_count(e: &mut Engine, g: GameId) -> BigUint {
        if e.is_number(g) {
            return BigUint::from(1u32);
        }
        all_options(e, g)
            .into_iter()
            .map(|o| brute_stop_count(e, o))
            .sum()
    }

    fn brute_misere(e: &mut Engine, g: GameId) -> MisereWins {
        let left = e.left_options(g).unwrap();
        let right = e.right_options(g).unwrap();
        MisereWins {
            left_first: left.is_empty() || left.iter().any(|&o| !brute_misere(e, o).right_first),
            right_first: right.is_empty() || right.iter().any(|&o| !brute_misere(e, o).left_first),
        }
    }

    fn brute_temper(e: &mut Engine, g: GameId) -> Temper {
        if e.is_number(g) {
            return Temper::Even;
        }
        let t: Vec<Temper> = all_options(e, g)
            .into_iter()
            .map(|o| brute_temper(e, o))
            .collect();
        if t.iter().all(|&t| t == Temper::Odd) {
            Temper::Even
        } else if t.iter().all(|&t| t == Temper::Even) {
            Temper::Odd
        } else {
            Temper::Neither
        }
    }

    fn brute_all_small(e: &mut Engine, g: GameId) -> bool {
        e.left_stop(g).is_zero()
            && e.right_stop(g).is_zero()
            && all_options(e, g).into_iter().all(|o| brute_all_small(e, o))
    }

    #[test]
    fn nus_closed_forms_match_the_recursive_definitions() {
        let mut e = Engine::new();
        for g in small_nus(&mut e) {
            let v = e.as_nus(g).unwrap();
            assert_eq!(e.birthday(g).unwrap(), brute_birthday(&mut e, g), "{v:?}");
            let mut seen = BTreeSet::new();
            brute_followers(&mut e, g, &mut seen);
            assert_eq!(e.follower_count(g).unwrap(), seen.len() as u64, "{v:?}");
            let followers: BTreeSet<GameId> = e.followers(g).unwrap().into_iter().collect();
            assert_eq!(followers, seen, "{v:?}");
            assert_eq!(
                e.stop_count(g).unwrap(),
                brute_stop_count(&mut e, g),
                "{v:?}"
            );
            assert_eq!(nus_misere(&v), brute_misere(&mut e, g), "{v:?}");
            assert_eq!(nus_temper(&v), brute_temper(&mut e, g), "{v:?}");
            assert_eq!(
                e.is_all_small(g).unwrap(),
                brute_all_small(&mut e, g),
                "{v:?}"
            );
            let ordinal = e.right_options(g).unwrap().is_empty();
            assert_eq!(e.is_ordinal(g).unwrap(), ordinal, "{v:?}");
            // The general-game paths agree too: g + ±1 is a general game full of NUS values.
            let sw = game(&mut e, "{1|-1}");
            let h = e.add(g, sw).unwrap();
            assert!(e.as_nus(h).is_none());
            let mut seen = BTreeSet::new();
            brute_followers(&mut e, h, &mut seen);
            assert_eq!(e.follower_count(h).unwrap(), seen.len() as u64, "{v:?}");
            assert_eq!(e.birthday(h).unwrap(), brute_birthday(&mut e, h), "{v:?}");
            assert_eq!(
                e.stop_count(h).unwrap(),
                brute_stop_count(&mut e, h),
                "{v:?}"
            );
            assert_eq!(e.misere_wins(h).unwrap(), brute_misere(&mut e, h), "{v:?}");
            assert_eq!(e.temper(h).unwrap(), brute_temper(&mut e, h), "{v:?}");
        }
    }

    #[test]
    fn huge_numbers_answer_instantly() {
        let mut e = Engine::new();
        let g = game(&mut e, "-1823437481924");
        assert_eq!(e.birthday(g).unwrap(), 1823437481924);
        assert_eq!(e.follower_count(g).unwrap(), 1823437481925);
        assert_eq!(e.stop_count(g).unwrap(), BigUint::from(1u32));
        assert_eq!(e.misere_outcome(g).unwrap(), Outcome::L);
        assert!(!e.is_ordinal(g).unwrap());
        assert!(e.is_even(g).unwrap());
        let too_many = EngineError::TooMany {
            what: "followers",
            limit: FOLLOWER_LIMIT,
        };
        assert_eq!(e.followers(g), Err(too_many.clone()));
        // A general game with a huge number inside gives up instead of enumerating it.
        let big = game(&mut e, "{1823437481924|-5}");
        assert_eq!(e.follower_count(big), Err(too_many));
        assert_eq!(e.birthday(big).unwrap(), 1823437481925);
        // Nimbers too large for an exact stop count report overflow.
        let huge_nimber = e.nimber(1 << 40);
        assert_eq!(e.stop_count(huge_nimber), Err(EngineError::Overflow));
        assert_eq!(e.birthday(huge_nimber).unwrap(), 1 << 40);
    }

    #[test]
    fn laws_under_negation() {
        let mut e = Engine::new();
        let texts = [
            "{3||2+*|1+*}",
            "{1|^^^||^}",
            "{0|||0||-1|-3}",
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{5||3|1|||0||||0}",
            "{^^^|vv}",
            "73/16+v9*8",
            "{0,*|0,*,*2}",
        ];
        for text in texts {
            let g = game(&mut e, text);
            let n = e.neg(g).unwrap();
            assert_eq!(e.birthday(g).unwrap(), e.birthday(n).unwrap(), "{text}");
            assert_eq!(
                e.follower_count(g).unwrap(),
                e.follower_count(n).unwrap(),
                "{text}"
            );
            assert_eq!(e.stop_count(g).unwrap(), e.stop_count(n).unwrap(), "{text}");
            // (−G)ᴸ − (−G) = G − Gᴿ: the incentives swap sides and keep their values.
            assert_eq!(
                e.left_incentives(n).unwrap(),
                e.right_incentives(g).unwrap(),
                "{text}"
            );
            assert_eq!(
                e.right_incentives(n).unwrap(),
                e.left_incentives(g).unwrap(),
                "{text}"
            );
            assert_eq!(e.incentives(n).unwrap(), e.incentives(g).unwrap(), "{text}");
            let m = e.misere_outcome(g).unwrap();
            let mirrored = match m {
                Outcome::L => Outcome::R,
                Outcome::R => Outcome::L,
                other => other,
            };
            assert_eq!(e.misere_outcome(n).unwrap(), mirrored, "{text}");
            assert_eq!(e.is_all_small(g).unwrap(), e.is_all_small(n).unwrap());
            assert_eq!(e.temper(g).unwrap(), e.temper(n).unwrap(), "{text}");
            assert_eq!(
                e.is_number_tiny(g).unwrap(),
                e.is_number_tiny(n).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn tiny_and_miny_shapes() {
        let mut e = Engine::new();
        // Tiny(3/2) = {0||0|-3/2}: K = −3/2.
        let g = game(&mut e, "{0||0|-3/2}");
        let k = game(&mut e, "-3/2");
        assert_eq!(
            e.tiny_parts(g).unwrap(),
            Some((TinyKind::Tiny, Dyadic::ZERO, k))
        );
        // {5||3|1|||0||||0} = {{5||3|1}|0||0} = Miny({5||3|1}).
        let g = game(&mut e, "{5||3|1|||0||||0}");
        let k = game(&mut e, "{5||3|1}");
        assert_eq!(
            e.tiny_parts(g).unwrap(),
            Some((TinyKind::Miny, Dyadic::ZERO, k))
        );
        // 2 + Tiny({1|0}) = {2||2|{2|1}}, with K = {2|1}: L(K) = 2 is not below x = 2 and
        // R(K) = 1 is, so only mean(K) = 3/2 < 2 shows it is tiny: the stops cannot decide.
        let g = game(&mut e, "{2||2|{2|1}}");
        let (kind, x, k) = e.tiny_parts(g).unwrap().unwrap();
        assert_eq!((kind, x), (TinyKind::Tiny, Dyadic::from_int(2)));
        assert_eq!(e.tiny_stop_test(kind, x, k), None);
        assert!(e.is_number_tiny(g).unwrap(), "the mean decides: 3/2 < 2");
        // ↑ = {0|*} has the shape but K = 0 is not below 0; NUS values are never reported.
        let up = game(&mut e, "^");
        assert_eq!(e.tiny_parts(up).unwrap(), None);
    }

    #[test]
    fn misere_of_general_games_recurse() {
        let mut e = Engine::new();
        // {1|-1}: Left's move to 1 leaves Right without a move, so Right wins; Right's move
        // to −1 does the same for Left. Whoever moves first loses: P.
        let g = game(&mut e, "{1|-1}");
        assert_eq!(e.misere_outcome(g).unwrap(), Outcome::P);
        let g = game(&mut e, "{-1|1}");
        // {-1|1} is the number 0.
        assert_eq!(e.misere_outcome(g).unwrap(), Outcome::N);
    }

    /// CGSuite's expected values (conformance file `cgsuite-public.tsv`, `property:*` rows for
    /// the properties in this file): `(expr).Property <TAB> expected`.
    const CONFORMANCE: &str = r#"
(*8).Birthday	8
(-1823437481924).Birthday	1823437481924
(6+^*).Birthday	8
({0|*||*|||*||||*}).Birthday	5
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).Birthday	9
({1|^^^||^}).Birthday	6
({1|^^||^}).Birthday	5
({^^^|vv}).Birthday	5
(-19/1).Birthday	19
(3/16).Birthday	5
(-1/2).FollowerCount	3
(6+^*).FollowerCount	9
(73/16+v9*8).FollowerCount	28
(9/8+*).FollowerCount	7
(^).FollowerCount	3
(^*6).FollowerCount	9
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).FollowerCount	13
({0|*||*|||*||||*}).FollowerCount	6
({0||0|v*}).FollowerCount	5
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).FollowerCount	17
({3||2+*|1+*}).FollowerCount	8
({5||3|1|||0||||0}).FollowerCount	10
(0).Followers	{0}
(25/16).Followers	{0,1,3/2,25/16,13/8,7/4,2}
(5).Followers	{0,1,2,3,4,5}
(v*).Followers	{0,*,v*}
({0|||0||-1|-3}).Followers	{-3,-2,-1,0,{-1|-3},{0||-1|-3},Tiny({3|1})}
(*8).Incentives	{*8,*9,*10,*11,*12,*13,*14,*15}
(-1/2).Incentives	{-1/2}
(25/16).Incentives	{-1/16}
(6+^*).Incentives	{^*}
(73/16+v9*8).Incentives	{^*}
(9/8+*).Incentives	{*}
(v*).Incentives	{^*}
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).Incentives	{^[4]*}
({0||0|-3/2}).Incentives	{{3/2,{3/2|0}|0}}
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).Incentives	{{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0},{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}}
({3||2+*|1+*}).Incentives	{{2*|1*||0}}
({5||3|1|||0||||0}).Incentives	{{5Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}}
({^^^|vv}).Incentives	{{^5|0}}
(25/16).IsAllSmall	false
(^).IsAllSmall	true
({0||0|vvv}).IsAllSmall	true
({1|^^^||^}).IsAllSmall	false
({1|^^||^}).IsAllSmall	false
(*8).IsEven	false
(5).IsEven	false
(9/8+*).IsEven	false
(^).IsEven	false
(^*6).IsEven	false
({0|*||*|||*||||*}).IsEven	false
({0||0|vvv}).IsEven	false
({1|^^||^}).IsEven	false
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).IsEven	false
({3||2+*|1+*}).IsEven	false
(*8).IsEvenTempered	false
(6+^*).IsEvenTempered	false
(9/8+*).IsEvenTempered	false
(^*6).IsEvenTempered	false
(v*).IsEvenTempered	false
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).IsEvenTempered	false
({0|*||*|||*||||*}).IsEvenTempered	false
({0||0|-3/2}).IsEvenTempered	false
({0||0|v*}).IsEvenTempered	false
({0||0|vvv}).IsEvenTempered	false
({0|||0||-1|-3}).IsEvenTempered	false
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).IsEvenTempered	false
({3||2+*|1+*}).IsEvenTempered	false
({5||3|1|||0||||0}).IsEvenTempered	false
({^^^|vv}).IsEvenTempered	false
(-1/2).IsIdempotent	false
(25/16).IsIdempotent	false
(5).IsIdempotent	false
(^).IsIdempotent	false
(^*6).IsIdempotent	false
(v*).IsIdempotent	false
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).IsIdempotent	false
({0|*||*|||*||||*}).IsIdempotent	false
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).IsIdempotent	false
({0||0|-3/2}).IsIdempotent	false
({1|^^^||^}).IsIdempotent	false
({1|^^||^}).IsIdempotent	false
(*8).IsInfinitesimal	true
(-1823437481924).IsInfinitesimal	false
(6+^*).IsInfinitesimal	false
(9/8+*).IsInfinitesimal	false
(^).IsInfinitesimal	true
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).IsInfinitesimal	true
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).IsInfinitesimal	true
({0||0|-3/2}).IsInfinitesimal	true
({0||0|v*}).IsInfinitesimal	true
({0|||0||-1|-3}).IsInfinitesimal	true
({1|^^||^}).IsInfinitesimal	true
({5||3|1|||0||||0}).IsInfinitesimal	true
({^^^|vv}).IsInfinitesimal	true
(-1/2).IsNumberTiny	true
(0).IsNumberTiny	true
(25/16).IsNumberTiny	true
(^).IsNumberTiny	false
(^*6).IsNumberTiny	false
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).IsNumberTiny	false
({0||0|-3/2}).IsNumberTiny	true
({0||0|v*}).IsNumberTiny	false
({5||3|1|||0||||0}).IsNumberTiny	true
({^^^|vv}).IsNumberTiny	false
(-1/2).IsNumberish	true
(25/16).IsNumberish	true
(5).IsNumberish	true
(6+^*).IsNumberish	true
(9/8+*).IsNumberish	true
(^).IsNumberish	true
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).IsNumberish	true
({0||0|v*}).IsNumberish	true
({0||0|vvv}).IsNumberish	true
({1|^^||^}).IsNumberish	true
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).IsNumberish	false
({5||3|1|||0||||0}).IsNumberish	true
({^^^|vv}).IsNumberish	true
(0).IsOdd	false
(5).IsOdd	true
(6+^*).IsOdd	false
(73/16+v9*8).IsOdd	false
(9/8+*).IsOdd	false
(^).IsOdd	false
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).IsOdd	false
({0||0|-3/2}).IsOdd	false
({5||3|1|||0||||0}).IsOdd	false
({^^^|vv}).IsOdd	false
(*8).IsOddTempered	false
(-1/2).IsOddTempered	false
(25/16).IsOddTempered	false
(5).IsOddTempered	false
(73/16+v9*8).IsOddTempered	false
(^).IsOddTempered	false
({0|*||*|||*||||*}).IsOddTempered	false
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).IsOddTempered	false
({0||0|vvv}).IsOddTempered	false
({1|^^||^}).IsOddTempered	false
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).IsOddTempered	false
({3||2+*|1+*}).IsOddTempered	true
({^^^|vv}).IsOddTempered	false
(-1/2).IsOrdinal	false
(-1823437481924).IsOrdinal	false
(0).IsOrdinal	true
(6+^*).IsOrdinal	false
(73/16+v9*8).IsOrdinal	false
(^).IsOrdinal	false
({0||0|v*}).IsOrdinal	false
({1|^^^||^}).IsOrdinal	false
({5||3|1|||0||||0}).IsOrdinal	false
(-1823437481924).LeftIncentives	{}
(0).LeftIncentives	{}
(73/16+v9*8).LeftIncentives	{^*}
(9/8+*).LeftIncentives	{*}
(v*).LeftIncentives	{^*}
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).LeftIncentives	{{{^^*4||||{^^*4|*4,^*5},^^*4|||^^*4|*4,^*5||0,*,*2,*3,*4}|{^^*4|*4,^*5||0,*,*2,*3,*4},{{^^*4|*4,^*5},^^*4|||^^*4|*4,^*5||0,*,*2,*3,*4}||0,*,*2,*3,{^^*4|*4,^*5||0,*,*2,*3,*4}},{{^^*5||||{^^*5|*5,^*4},^^*5|||^^*5|*5,^*4||0,*,*2,*3,*4,*5}|{^^*5|*5,^*4||0,*,*2,*3,*4,*5},{{^^*5|*5,^*4},^^*5|||^^*5|*5,^*4||0,*,*2,*3,*4,*5}||0,*,*2,*3,*4,{^^*5|*5,^*4||0,*,*2,*3,*4,*5}},{{^^*6||||{^^*6|*6,^*7},^^*6|||^^*6|*6,^*7||0,*,*2,*3,*4,*5,*6}|{^^*6|*6,^*7||0,*,*2,*3,*4,*5,*6},{{^^*6|*6,^*7},^^*6|||^^*6|*6,^*7||0,*,*2,*3,*4,*5,*6}||0,*,*2,*3,*4,*5,{^^*6|*6,^*7||0,*,*2,*3,*4,*5,*6}},{{^^*7||||{^^*7|*7,^*6},^^*7|||^^*7|*7,^*6||0,*,*2,*3,*4,*5,*6,*7}|{^^*7|*7,^*6||0,*,*2,*3,*4,*5,*6,*7},{{^^*7|*7,^*6},^^*7|||^^*7|*7,^*6||0,*,*2,*3,*4,*5,*6,*7}||0,*,*2,*3,*4,*5,*6,{^^*7|*7,^*6||0,*,*2,*3,*4,*5,*6,*7}},{0|^[3]*||0,^[3]*|||0}}
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).LeftIncentives	{{0|^[3]*||0,^[3]*|||0}}
({0|||0||-1|-3}).LeftIncentives	{Miny({3|1})}
({1|^^^||^}).LeftIncentives	{{{1v|^^},{1v||1v3|0}|0,{^^|0,{0|-1^3}}}}
({1|^^||^}).LeftIncentives	{{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}}
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).LeftIncentives	{{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}}
(*8).MisereOutcomeClass	N
(-1823437481924).MisereOutcomeClass	L
(0).MisereOutcomeClass	N
(5).MisereOutcomeClass	R
(6+^*).MisereOutcomeClass	R
(9/8+*).MisereOutcomeClass	R
(^*6).MisereOutcomeClass	P
({0||0|v*}).MisereOutcomeClass	R
({0|||0||-1|-3}).MisereOutcomeClass	R
({1|^^^||^}).MisereOutcomeClass	R
({3||2+*|1+*}).MisereOutcomeClass	R
({^^^|vv}).MisereOutcomeClass	R
(*8).RightIncentives	{*8,*9,*10,*11,*12,*13,*14,*15}
(-1/2).RightIncentives	{-1/2}
(-1823437481924).RightIncentives	{-1}
(0).RightIncentives	{}
(5).RightIncentives	{}
(^).RightIncentives	{^*}
(^*6).RightIncentives	{^*}
(v*).RightIncentives	{v,v*}
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).RightIncentives	{^[4]*}
({0||0|v*}).RightIncentives	{^[2]*}
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).RightIncentives	{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}|||0,{5/2|1*,{1*|1/2}||-1/2|-2*,{-2*|-5/2}}},{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}}
({5||3|1|||0||||0}).RightIncentives	{Miny({5||3|1})}
({3|{2|1}}).StopCount	3
(*8).StopCount	4374
(-1823437481924).StopCount	1
(6+^*).StopCount	4
(9/8+*).StopCount	2
({0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}).StopCount	1509
({0|*||*|||*||||*}).StopCount	9
({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}).StopCount	79
({3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}).StopCount	11
({3||2+*|1+*}).StopCount	5
({^^^|vv}).StopCount	10
"#;

    /// Rewrite CGSuite output notation that the test reader lacks into plain game literals.
    fn expand(text: &str) -> String {
        const RULES: [(&str, &str); 7] = [
            ("5Tiny({5||3|1})", "5+{0||0|{-1|-3||-5}}"),
            ("Tiny({3|1})", "{0||0|{-1|-3}}"),
            ("Miny({5||3|1})", "{{5||3|1}|0||0}"),
            ("Miny({3|1})", "{{3|1}|0||0}"),
            ("^[4]*", "{0|*||*|||*||||*}+*"),
            ("^[3]*", "{0|*||*|||*}+*"),
            ("^[2]*", "{^|*}+*"),
        ];
        let mut s = text.to_string();
        for (from, to) in RULES {
            s = s.replace(from, to);
        }
        s
    }

    /// The elements of a printed set `{a,b,{c|d}}`, split at top-level commas.
    fn set_elements(text: &str) -> Vec<String> {
        let inner = &text[1..text.len() - 1];
        let mut result = Vec::new();
        let mut depth = 0;
        let mut current = String::new();
        for c in inner.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if c == ',' && depth == 0 {
                result.push(std::mem::take(&mut current));
            } else {
                current.push(c);
            }
        }
        if !current.is_empty() {
            result.push(current);
        }
        result
    }

    #[test]
    fn conformance_rows() {
        let mut checked = 0;
        for line in CONFORMANCE.lines().filter(|l| !l.trim().is_empty()) {
            let (call, expected) = line.split_once('\t').unwrap();
            let split = call.rfind(").").unwrap();
            let (expr, property) = (&call[1..split], &call[split + 2..]);
            let mut e = Engine::new();
            let g = game(&mut e, expr);
            let set = |e: &mut Engine, ids: Vec<GameId>| -> (Vec<GameId>, Vec<GameId>) {
                let mut want: Vec<GameId> = set_elements(expected)
                    .iter()
                    .map(|t| game(e, &expand(t)))
                    .collect();
                want.sort_unstable();
                let mut got = ids;
                got.sort_unstable();
                (got, want)
            };
            let boolean = |b: EngineResult<bool>| b.unwrap().to_string();
            match property {
                "Birthday" => assert_eq!(e.birthday(g).unwrap().to_string(), expected, "{call}"),
                "FollowerCount" => {
                    assert_eq!(e.follower_count(g).unwrap().to_string(), expected, "{call}")
                }
                "StopCount" => assert_eq!(e.stop_count(g).unwrap().to_string(), expected, "{call}"),
                "Followers" | "Incentives" | "LeftIncentives" | "RightIncentives" => {
                    let ids = match property {
                        "Followers" => e.followers(g),
                        "Incentives" => e.incentives(g),
                        "LeftIncentives" => e.left_incentives(g),
                        _ => e.right_incentives(g),
                    }
                    .unwrap();
                    let (got, want) = set(&mut e, ids);
                    assert_eq!(got, want, "{call}");
                }
                "MisereOutcomeClass" => {
                    assert_eq!(e.misere_outcome(g).unwrap().letter(), expected, "{call}")
                }
                "IsAllSmall" => assert_eq!(boolean(e.is_all_small(g)), expected, "{call}"),
                "IsInfinitesimal" => assert_eq!(boolean(e.is_infinitesimal(g)), expected, "{call}"),
                "IsNumberish" => assert_eq!(boolean(e.is_numberish(g)), expected, "{call}"),
                "IsEven" => assert_eq!(boolean(e.is_even(g)), expected, "{call}"),
                "IsOdd" => assert_eq!(boolean(e.is_odd(g)), expected, "{call}"),
                "IsEvenTempered" => assert_eq!(boolean(e.is_even_tempered(g)), expected, "{call}"),
                "IsOddTempered" => assert_eq!(boolean(e.is_odd_tempered(g)), expected, "{call}"),
                "IsIdempotent" => assert_eq!(boolean(e.is_idempotent(g)), expected, "{call}"),
                "IsOrdinal" => assert_eq!(boolean(e.is_ordinal(g)), expected, "{call}"),
                "IsNumberTiny" => assert_eq!(boolean(e.is_number_tiny(g)), expected, "{call}"),
                other => panic!("unexpected property {other}"),
            }
            checked += 1;
        }
        assert_eq!(checked, 196);
    }
}
