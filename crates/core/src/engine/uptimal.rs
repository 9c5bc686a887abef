//! Uptimals: the games x + *m + Σ aᵢ·↑ⁱ (x a number, finitely many integer coefficients),
//! where ↑ⁿ = {0 | ↓^→(n−1) *} and ↑^→n = ↑ + ↑² + … + ↑ⁿ = {↑^→(n−1) | *}.
//!
//! Construction: [`Engine::up_power`], [`Engine::up_power_to`] (both cached), the general
//! `G.Pow(n)` / `G.PowTo(x)` for G = {0|H} ([`Engine::pow`], [`Engine::pow_to`]) and
//! [`Engine::uptimal`], which sums the terms of an expansion.
//!
//! Recognition ([`Engine::uptimal_expansion`]) rests on the shape of canonical uptimals. Let G
//! be an uptimal that is not a NUS (x + a·↑ + *m), so its length n (index of the last nonzero
//! coefficient) is at least 2. If aₙ > 0, G has exactly one Right option, G − ↑^→n*, and its
//! Left options are uptimals of length < n; if aₙ < 0, the mirror image. (Observed on every
//! expansion of length ≤ 5 with coefficients in −2..=2 and m < 4, and checked by the tests on
//! wider ranges.) So the expansion of G follows from the expansion of its lone option S on one
//! side plus the length n, which is M or M + 1 for M the largest length among G's options.
//! Each candidate is then *built* (S ± ↑^→n*, a sum whose value is exactly the candidate
//! expansion) and accepted only if it is the same game as G, so an answer is never wrong even
//! if the shape rule were incomplete; the rule only decides which games are found.
//!
//! The cheap tests (equal stops, which every uptimal has; a lone option on some side, as the
//! shape rule requires; every option with those same stops) come before any recursion, and the
//! lone option is examined before the other side, so most non-uptimals are rejected after
//! looking at a few nodes.

use super::arena::{Engine, EngineError, EngineResult, GameId};
use super::dyadic::Dyadic;
use super::nus::Nus;
use rustc_hash::FxHashMap;
use std::fmt;

/// Per-game cache of uptimal shapes, and the powers of ↑ built so far.
#[derive(Default)]
pub struct UptimalCaches {
    /// ↑ⁿ by n (each is built from the chain ↑^→k * alone, so a deep power does not build
    /// the shallower ones).
    powers: FxHashMap<u32, GameId>,
    /// ↑^→n at index n − 1.
    powers_to: Vec<GameId>,
    /// ↑^→n * at index n (index 0 holds *).
    powers_to_star: Vec<GameId>,
    /// The shape of each general (non-NUS) game examined, packed.
    shapes: ShapeTable,
}

/// Shapes by game index: a deep power of ↑ records two shapes a level for games numbered in
/// order, and a hash map of them was a quarter of the time of `^<1000000>`. A slot holds the
/// entry's position + 1 (0: not examined yet), so an unexamined game costs 4 bytes.
#[derive(Default)]
struct ShapeTable {
    slots: Vec<u32>,
    entries: Vec<StoredShape>,
}

impl ShapeTable {
    /// Bytes per recorded shape: its slot and its entry.
    const ENTRY_BYTES: usize = std::mem::size_of::<u32>() + std::mem::size_of::<StoredShape>();

    fn get(&self, g: GameId) -> Option<&StoredShape> {
        match self.slots.get(g.index()).copied().unwrap_or(0) {
            0 => None,
            i => self.entries.get(i as usize - 1),
        }
    }

    fn insert(&mut self, g: GameId, shape: StoredShape) {
        let i = g.index();
        if self.slots.len() <= i {
            // Grown to the arena's size, by doublings, not one slot at a time.
            let len = (i + 1).max(2 * self.slots.len());
            self.slots.resize(len, 0);
        }
        match self.slots[i] {
            0 => {
                self.entries.push(shape);
                // Entries number fewer than games, whose ids fit in u32.
                self.slots[i] = self.entries.len() as u32;
            }
            slot => self.entries[slot as usize - 1] = shape,
        }
    }

    /// Room for `additional` more shapes, asked for once before a long chain is built.
    fn reserve(&mut self, additional: usize) {
        let _ = self.entries.try_reserve(additional);
    }

    #[cfg(test)]
    fn iter(&self) -> impl Iterator<Item = (GameId, &StoredShape)> {
        self.slots
            .iter()
            .enumerate()
            .filter(|&(_, &slot)| slot != 0)
            .map(|(i, &slot)| (GameId(i as u32), &self.entries[slot as usize - 1]))
    }

    fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.slots.capacity() * size_of::<u32>()
            + self.entries.capacity() * size_of::<StoredShape>()
    }
}

impl UptimalCaches {
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        self.powers.capacity() * (size_of::<(u32, GameId)>() + 1)
            + (self.powers_to.capacity() + self.powers_to_star.capacity()) * size_of::<GameId>()
            + self.shapes.memory_bytes()
    }
}

/// What recognition keeps of a general uptimal G: G = S + sign·(↑^→n *) for its lone option
/// S, plus the length and last coefficient that the next recognition step needs. Whole
/// coefficient vectors per game would cost O(n²) along a chain like the followers of ↑^[n];
/// [`Engine::uptimal_expansion`] rebuilds the one asked for by walking the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct UptimalShape {
    lone: GameId,
    n: usize,
    sign: i64,
    length: usize,
    /// The coefficient of ↑ (the atomic weight) and the last one.
    first: i64,
    last: i64,
}

/// An `Option<UptimalShape>` in 24 bytes rather than 56: lengths and coefficients are bounded
/// by the arena's size, far below `u32`/`i32`. A shape that does not fit is not stored (it is
/// recognised again when asked).
#[derive(Clone, Copy, Debug)]
struct StoredShape {
    lone: GameId,
    /// `u32::MAX`: not an uptimal.
    n: u32,
    length: u32,
    first: i32,
    last: i32,
    sign: i8,
}

impl StoredShape {
    const NOT_UPTIMAL: StoredShape = StoredShape {
        lone: GameId(0),
        n: u32::MAX,
        length: 0,
        first: 0,
        last: 0,
        sign: 0,
    };

    fn pack(shape: Option<UptimalShape>) -> Option<StoredShape> {
        let Some(s) = shape else {
            return Some(StoredShape::NOT_UPTIMAL);
        };
        Some(StoredShape {
            lone: s.lone,
            n: u32::try_from(s.n).ok().filter(|&n| n != u32::MAX)?,
            length: u32::try_from(s.length).ok()?,
            first: i32::try_from(s.first).ok()?,
            last: i32::try_from(s.last).ok()?,
            sign: i8::try_from(s.sign).ok()?,
        })
    }

    fn unpack(self) -> Option<UptimalShape> {
        (self.n != u32::MAX).then(|| UptimalShape {
            lone: self.lone,
            n: self.n as usize,
            sign: i64::from(self.sign),
            length: self.length as usize,
            first: i64::from(self.first),
            last: i64::from(self.last),
        })
    }
}

/// x + *m + Σ aᵢ·↑ⁱ, written `x*m.a₁a₂…` by CGSuite.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UptimalExpansion {
    pub number: Dyadic,
    pub nim: u64,
    /// `coefficients[i]` multiplies ↑^(i+1); no trailing zeros.
    pub coefficients: Vec<i64>,
}

impl UptimalExpansion {
    /// The expansion of a NUS x + a·↑ + *m.
    pub fn from_nus(n: Nus) -> UptimalExpansion {
        UptimalExpansion {
            number: n.number,
            nim: n.nim,
            coefficients: if n.ups == 0 { vec![] } else { vec![n.ups] },
        }
    }

    /// The index of the last nonzero coefficient (0 for x + *m).
    pub fn length(&self) -> usize {
        self.coefficients.len()
    }

    /// self + sign·(↑^→n *), or `None` on overflow (the tests' statement of the shape rule).
    #[cfg(test)]
    fn plus_up_to_star(&self, n: usize, sign: i64) -> Option<UptimalExpansion> {
        let mut coefficients = self.coefficients.clone();
        if coefficients.len() < n {
            coefficients.resize(n, 0);
        }
        for c in coefficients.iter_mut().take(n) {
            *c = c.checked_add(sign)?;
        }
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        Some(UptimalExpansion {
            number: self.number,
            nim: self.nim ^ 1,
            coefficients,
        })
    }
}

/// Uptimal expansions with their coefficients in runs of equal values, for many games at
/// once: what sorting and printing need of the followers of a deep uptimal. The followers of
/// ↑^\[n\] are n uptimals of lengths 1 … n, so their coefficient vectors take O(n²) memory
/// (`^<20000>.Followers` took 3.5 GB); their runs take O(1) each, and each is built from its
/// lone option's ([`Engine::uptimal_runs`]), so the whole chain costs O(n). All runs share one
/// pool, so that forgetting a table of a million games is two frees, not two million.
#[derive(Default)]
pub struct UptimalRunsTable {
    /// Every entry's runs, one after another.
    pool: Vec<(i64, usize)>,
    entries: Vec<RunsEntry>,
    by_game: FxHashMap<GameId, RunsId>,
}

/// An entry of an [`UptimalRunsTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RunsId(u32);

#[derive(Clone, Copy, Debug)]
struct RunsEntry {
    number: Dyadic,
    nim: u64,
    start: usize,
    len: usize,
}

impl UptimalRunsTable {
    /// The expansion of entry `id`.
    pub fn get(&self, id: RunsId) -> UptimalRuns<'_> {
        let e = self.entries[id.0 as usize];
        UptimalRuns {
            number: e.number,
            nim: e.nim,
            runs: &self.pool[e.start..e.start + e.len],
        }
    }

    /// How many games have an entry.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn push(&mut self, number: Dyadic, nim: u64, runs: &[(i64, usize)]) -> RunsId {
        let start = self.pool.len();
        self.pool.extend_from_slice(runs);
        self.push_pooled(number, nim, start)
    }

    /// An entry for the runs from `start` to the end of the pool.
    fn push_pooled(&mut self, number: Dyadic, nim: u64, start: usize) -> RunsId {
        let id = RunsId(u32::try_from(self.entries.len()).unwrap_or(u32::MAX));
        self.entries.push(RunsEntry {
            number,
            nim,
            start,
            len: self.pool.len() - start,
        });
        id
    }

    /// A new entry for entry `base` + sign·(↑^→n *): `sign` added to the first n
    /// coefficients, the star flipped; in time linear in the runs. `None` on overflow.
    fn plus_up_to_star(&mut self, base: RunsId, n: usize, sign: i64) -> Option<RunsId> {
        let e = self.entries[base.0 as usize];
        let start = self.pool.len();
        let push = |pool: &mut Vec<(i64, usize)>, c: i64, count: usize| {
            if count == 0 {
                return;
            }
            // Only this entry's runs (from `start`) merge.
            let fresh = pool.len() > start;
            match pool.last_mut() {
                Some((last, k)) if fresh && *last == c => *k += count,
                _ => pool.push((c, count)),
            }
        };
        let mut left = n;
        for i in e.start..e.start + e.len {
            let (c, count) = self.pool[i];
            let inside = count.min(left);
            push(&mut self.pool, c.checked_add(sign)?, inside);
            push(&mut self.pool, c, count - inside);
            left -= inside;
        }
        push(&mut self.pool, sign, left);
        while self.pool.len() > start && self.pool.last().is_some_and(|&(c, _)| c == 0) {
            self.pool.pop();
        }
        Some(self.push_pooled(e.number, e.nim ^ 1, start))
    }
}

/// One uptimal expansion in runs (see [`UptimalRunsTable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UptimalRuns<'a> {
    pub number: Dyadic,
    pub nim: u64,
    /// (coefficient, how many times), from the coefficient of ↑; no run is empty, no two
    /// neighbours are equal, and the last is not 0.
    pub runs: &'a [(i64, usize)],
}

impl UptimalRuns<'_> {
    /// The index of the last nonzero coefficient (0 for x + *m).
    pub fn length(&self) -> usize {
        self.runs.iter().map(|&(_, count)| count).sum()
    }

    /// The last coefficient (0 for x + *m).
    pub fn last(&self) -> i64 {
        self.runs.last().map_or(0, |&(c, _)| c)
    }

    /// Every coefficient, in order (as long as [`UptimalRuns::length`]).
    pub fn coefficients(&self) -> impl Iterator<Item = i64> + '_ {
        self.runs
            .iter()
            .flat_map(|&(c, count)| std::iter::repeat_n(c, count))
    }

    /// The runs written out, as [`Engine::uptimal_expansion`] gives them.
    pub fn expansion(&self) -> UptimalExpansion {
        UptimalExpansion {
            number: self.number,
            nim: self.nim,
            coefficients: self.coefficients().collect(),
        }
    }

    /// CGSuite's order of uptimals: the number, the coefficients from ↑ on (as far as both
    /// go), the length, the star; in time linear in the runs.
    pub fn display_cmp(&self, other: &UptimalRuns<'_>) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        let by_number = self.number.cmp(&other.number);
        if by_number != Ordering::Equal {
            return by_number;
        }
        let (mut i, mut j) = (0, 0);
        // Coefficients left in the current run of each.
        let (mut a_left, mut b_left) = (
            self.runs.first().map_or(0, |r| r.1),
            other.runs.first().map_or(0, |r| r.1),
        );
        while i < self.runs.len() && j < other.runs.len() {
            let by_value = self.runs[i].0.cmp(&other.runs[j].0);
            if by_value != Ordering::Equal {
                return by_value;
            }
            let step = a_left.min(b_left);
            a_left -= step;
            b_left -= step;
            if a_left == 0 {
                i += 1;
                a_left = self.runs.get(i).map_or(0, |r| r.1);
            }
            if b_left == 0 {
                j += 1;
                b_left = other.runs.get(j).map_or(0, |r| r.1);
            }
        }
        self.length()
            .cmp(&other.length())
            .then(self.nim.cmp(&other.nim))
    }
}

/// CGSuite's `.UptimalExpansion` text: the number part (omitted when it is 0 and there is a
/// star part), the star part, a point, then one digit per coefficient (`0` when there are
/// none). Digits run 0-9, A-Z, then `(n)`; a negative digit is followed by `-`.
impl fmt::Display for UptimalExpansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || self.nim == 0 {
            write!(f, "{}", self.number)?;
        }
        match self.nim {
            0 => {}
            1 => write!(f, "*")?,
            m => write!(f, "*{m}")?,
        }
        write!(f, ".")?;
        if self.coefficients.is_empty() {
            return write!(f, "0");
        }
        for &c in &self.coefficients {
            let a = c.unsigned_abs();
            match a {
                0..=9 => write!(f, "{a}")?,
                10..=35 => write!(f, "{}", char::from(b'A' + (a - 10) as u8))?,
                _ => write!(f, "({a})")?,
            }
            if c < 0 {
                write!(f, "-")?;
            }
        }
        Ok(())
    }
}

impl Engine {
    /// ↑ⁿ = {0 | ↓^→(n−1) *} for n ≥ 1 (cached). n = 0 gives 0, the empty sum.
    ///
    /// The powers are built from their canonical forms, known in closed form (see
    /// `Engine::up_power_to_star`), so each level costs a few lookups rather than a
    /// canonicalisation: `^<1000000>` is a million levels deep.
    pub fn up_power(&mut self, n: u32) -> EngineResult<GameId> {
        if n == 0 {
            return Ok(Engine::ZERO);
        }
        if let Some(&g) = self.uptimal.powers.get(&n) {
            return Ok(g);
        }
        let g = if n == 1 {
            self.ups(1)
        } else {
            let up_to_star = self.up_power_to_star(n - 1)?;
            let right = self.neg(up_to_star)?;
            let g = self.intern_canonical(vec![Engine::ZERO], vec![right])?;
            // ↑ⁿ = (↓^→(n−1) *) + ↑^→n *: the shape is known by construction, and
            // recognising it would compare the chain's members pairwise.
            self.known_shape(g, right, n as usize, 0);
            g
        };
        self.uptimal.powers.insert(n, g);
        Ok(g)
    }

    /// ↑^→n = ↑ + ↑² + … + ↑ⁿ = {↑^→(n−1) | *} (cached; n = 0 gives 0), already canonical.
    pub fn up_power_to(&mut self, n: u32) -> EngineResult<GameId> {
        if n == 0 {
            return Ok(Engine::ZERO);
        }
        let index = n as usize - 1;
        while self.uptimal.powers_to.len() <= index {
            self.poll()?;
            let g = match self.uptimal.powers_to.last() {
                None => self.ups(1),
                Some(&prev) => {
                    let star = self.nimber(1);
                    let g = self.intern_canonical(vec![prev], vec![star])?;
                    // ↑^→n = * + ↑^→n *.
                    self.known_shape(g, star, self.uptimal.powers_to.len() + 1, 1);
                    g
                }
            };
            self.uptimal.powers_to.push(g);
        }
        Ok(self.uptimal.powers_to[index])
    }

    /// ↑^→n * = {0, ↑^→(n−1) * | 0} for n ≥ 1, already canonical (cached; n = 0 gives *).
    /// The tests check these closed forms against canonicalisation.
    fn up_power_to_star(&mut self, n: u32) -> EngineResult<GameId> {
        let index = n as usize;
        // Each level adds two recorded shapes; growing the table once, not by doublings that
        // rehash a million entries, is a fifth of the time of `^<1000000>`.
        let missing = (index + 1).saturating_sub(self.uptimal.powers_to_star.len());
        if missing > 1024 {
            // A level is two general games (↑^→n * and its negative) of three options each,
            // and their shapes: a chain that cannot fit is refused before it is built.
            let level = 2 * Engine::GENERAL_GAME_BYTES
                + 6 * std::mem::size_of::<GameId>()
                + 2 * ShapeTable::ENTRY_BYTES;
            self.check_memory_for(missing.saturating_mul(level))?;
            self.reserve_general(2 * missing, 6 * missing);
            self.uptimal.shapes.reserve(2 * missing);
        }
        while self.uptimal.powers_to_star.len() <= index {
            self.poll()?;
            let g = match self.uptimal.powers_to_star.last() {
                None => self.nimber(1),
                Some(&prev) => {
                    let g = self.intern_canonical(vec![Engine::ZERO, prev], vec![Engine::ZERO])?;
                    // ↑^→n * = 0 + ↑^→n * and its negative 0 − ↑^→n *: known shapes, so
                    // printing a power of ↑ never recognises the chain below it.
                    let n = self.uptimal.powers_to_star.len();
                    let negative = self.neg(g)?;
                    self.known_shape_signed(g, Engine::ZERO, n, 1);
                    self.known_shape_signed(negative, Engine::ZERO, n, -1);
                    g
                }
            };
            self.uptimal.powers_to_star.push(g);
        }
        Ok(self.uptimal.powers_to_star[index])
    }

    /// Record that g = lone + (↑^→n *), with the expansion of length n ending in 1 and
    /// starting with `first`, for a g built that way (a power of ↑; n ≥ 2).
    fn known_shape(&mut self, g: GameId, lone: GameId, n: usize, first: i64) {
        self.record_shape(g, lone, n, 1, first);
    }

    /// Record that g = lone + sign·(↑^→n *) for a lone option 0: its expansion is n
    /// coefficients equal to `sign`. NUS games (↑*) need no shape.
    fn known_shape_signed(&mut self, g: GameId, lone: GameId, n: usize, sign: i64) {
        if self.as_nus(g).is_none() {
            self.record_shape(g, lone, n, sign, sign);
        }
    }

    fn record_shape(&mut self, g: GameId, lone: GameId, n: usize, sign: i64, first: i64) {
        let shape = UptimalShape {
            lone,
            n,
            sign,
            length: n,
            first,
            last: sign,
        };
        self.store_shape(g, Some(shape));
    }

    /// The coefficient of ↑ in g's uptimal expansion (its atomic weight) when g is already
    /// known to be an uptimal, without recognising anything new.
    pub(super) fn known_up_coefficient(&self, g: GameId) -> Option<i64> {
        match self.as_nus(g) {
            Some(n) => Some(n.ups),
            None => self
                .uptimal
                .shapes
                .get(g)
                .and_then(|s| s.unpack())
                .map(|s| s.first),
        }
    }
}

/// Why `Pow`/`PowTo` cannot be taken (CGSuite's messages are in the evaluator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowError {
    /// `Pow` needs a base {0|H} with one option a side.
    InvalidBase,
    /// The exponent is not 1 : K for any K (it is negative).
    InvalidExponent,
}

impl Engine {
    /// H when g = {0 | H} (exactly one option on each side, the Left one 0).
    fn zero_slash(&mut self, g: GameId) -> EngineResult<Option<GameId>> {
        let (ls, ll) = self.left_span(g)?;
        let (rs, rl) = self.right_span(g)?;
        Ok((ll == 1 && rl == 1 && self.pool[ls] == Engine::ZERO).then(|| self.pool[rs]))
    }

    /// CGSuite's `G.Pow(x)`: G = {0|H} (one option a side) to the power x is
    /// {0 | H − G.PowTo(x − 1)}; for G = ↑ and an integer n this is ↑ⁿ.
    pub fn pow(&mut self, g: GameId, x: GameId) -> EngineResult<Result<GameId, PowError>> {
        let Some(h) = self.zero_slash(g)? else {
            return Ok(Err(PowError::InvalidBase));
        };
        if let Some(n) = self.positive_integer(x)
            && g == self.ups(1)
        {
            return self.up_power(n).map(Ok);
        }
        let one = self.integer(1);
        let x_minus_one = self.sub(x, one)?;
        let prev = match self.pow_to(g, x_minus_one)? {
            Ok(prev) => prev,
            Err(e) => return Ok(Err(e)),
        };
        let right = self.sub(h, prev)?;
        self.game_from_options(&[Engine::ZERO], &[right]).map(Ok)
    }

    /// CGSuite's `G.PowTo(x)` for short games G and x: G : (x.Subordinate(1)), the ordinal
    /// sum whose exponent K has 1 : K = x; 0 when x = 0. For an integer n ≥ 1 the exponent is
    /// n − 1, so G.PowTo(n) = G : (n − 1); for ↑ this is ↑^→n. Negative numbers (and games
    /// such as *) are not 1 : K for any K.
    pub fn pow_to(&mut self, g: GameId, x: GameId) -> EngineResult<Result<GameId, PowError>> {
        if x == Engine::ZERO {
            return Ok(Ok(Engine::ZERO));
        }
        if let Some(n) = self.positive_integer(x) {
            if g == self.ups(1) {
                return self.up_power_to(n).map(Ok);
            }
            return self.ordinal_sum_with_natural(g, n - 1).map(Ok);
        }
        let one = self.integer(1);
        let (one_left, one_right) = (self.left_options(one)?, self.right_options(one)?);
        let Some(exponent) = self.subordinate(x, (&one_left, &one_right))? else {
            return Ok(Err(PowError::InvalidExponent));
        };
        self.ordinal_sum(g, exponent).map(Ok)
    }

    /// n when x is the integer n ≥ 1 (and fits in a u32).
    fn positive_integer(&self, x: GameId) -> Option<u32> {
        let n = self.as_number(x)?;
        if !n.is_integer() || n.signum() <= 0 {
            return None;
        }
        u32::try_from(n.floor()).ok()
    }

    /// G : n for a natural number n, built iteratively (G : k = {G^L, G : (k−1) | G^R}), so
    /// that large exponents need no deep recursion.
    fn ordinal_sum_with_natural(&mut self, g: GameId, n: u32) -> EngineResult<GameId> {
        let mut left = self.left_options(g)?;
        let right = self.right_options(g)?;
        let mut result = g;
        for _ in 0..n {
            self.poll()?;
            left.push(result);
            result = self.game_from_options(&left, &right)?;
            left.pop();
        }
        Ok(result)
    }

    /// The game x + *m + Σ aᵢ·↑ⁱ of expansion `e`.
    pub fn uptimal(&mut self, e: &UptimalExpansion) -> EngineResult<GameId> {
        let mut g = self.nus(Nus {
            number: e.number,
            ups: e.coefficients.first().copied().unwrap_or(0),
            nim: e.nim,
        });
        for (i, &c) in e.coefficients.iter().enumerate().skip(1) {
            if c == 0 {
                continue;
            }
            let n = u32::try_from(i + 1).map_err(|_| EngineError::Overflow)?;
            let p = self.up_power(n)?;
            let term = self.multiple(i128::from(c), p)?;
            g = self.add(g, term)?;
        }
        Ok(g)
    }

    /// The uptimal expansion of g, or `None` if g is not an uptimal. Built from the cached
    /// shapes in time linear in the chain of lone options and the length.
    pub fn uptimal_expansion(&mut self, g: GameId) -> EngineResult<Option<UptimalExpansion>> {
        if let Some(n) = self.as_nus(g) {
            return Ok(Some(UptimalExpansion::from_nus(n)));
        }
        let Some(top) = self.uptimal_shape(g)? else {
            return Ok(None);
        };
        // Each step adds sign·(1, …, 1) (n ones) and a star: a difference array adds the
        // runs in O(1) each.
        let mut difference = vec![0i64; top.length.max(1) + 1];
        let mut steps = 0usize;
        let mut at = top;
        let base = loop {
            steps += 1;
            if steps.is_multiple_of(1 << 16) {
                self.poll()?;
            }
            if difference.len() <= at.n {
                difference.resize(at.n + 1, 0);
            }
            difference[0] = difference[0]
                .checked_add(at.sign)
                .ok_or(EngineError::Overflow)?;
            difference[at.n] = difference[at.n]
                .checked_sub(at.sign)
                .ok_or(EngineError::Overflow)?;
            match self.as_nus(at.lone) {
                Some(n) => break n,
                // A lone option of an uptimal is one (the shape rule, checked when the shape
                // was found; powers of ↑ are recorded at construction, their options not).
                None => at = self.uptimal_shape(at.lone)?.ok_or(EngineError::Overflow)?,
            }
        };
        let mut coefficients = Vec::with_capacity(top.length);
        let mut running = 0i64;
        for (i, d) in difference.iter().enumerate() {
            running = running.checked_add(*d).ok_or(EngineError::Overflow)?;
            let base_part = if i == 0 { base.ups } else { 0 };
            coefficients.push(
                running
                    .checked_add(base_part)
                    .ok_or(EngineError::Overflow)?,
            );
        }
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        debug_assert_eq!(coefficients.len(), top.length);
        Ok(Some(UptimalExpansion {
            number: base.number,
            nim: base.nim ^ (steps as u64 & 1),
            coefficients,
        }))
    }

    /// The uptimal expansion of g in runs (an entry of `known`), or `None` if g is not an
    /// uptimal. `known` holds the runs found so far (a caller's table, such as the
    /// printer's): the walk down g's chain of lone options stops at the first game it holds,
    /// and every game on the way is added, so the followers of one deep uptimal cost time and
    /// memory linear in their number rather than in the sum of their lengths.
    pub fn uptimal_runs(
        &mut self,
        g: GameId,
        known: &mut UptimalRunsTable,
    ) -> EngineResult<Option<RunsId>> {
        if let Some(&id) = known.by_game.get(&g) {
            return Ok(Some(id));
        }
        if self.as_nus(g).is_none() && self.uptimal_shape(g)?.is_none() {
            return Ok(None);
        }
        let mut chain: Vec<(GameId, usize, i64)> = Vec::new();
        let mut at = g;
        let base = loop {
            if chain.len().is_multiple_of(1 << 12) {
                self.poll()?;
            }
            if let Some(&id) = known.by_game.get(&at) {
                break id;
            }
            if let Some(n) = self.as_nus(at) {
                let runs: &[(i64, usize)] = if n.ups == 0 { &[] } else { &[(n.ups, 1)] };
                let id = known.push(n.number, n.nim, runs);
                known.by_game.insert(at, id);
                break id;
            }
            // A lone option of an uptimal is one (the shape rule, checked when the shape was
            // found).
            let shape = self.uptimal_shape(at)?.ok_or(EngineError::Overflow)?;
            chain.push((at, shape.n, shape.sign));
            at = shape.lone;
        };
        let mut id = base;
        for (steps, (h, n, sign)) in chain.into_iter().rev().enumerate() {
            if steps.is_multiple_of(1 << 12) {
                self.poll()?;
            }
            id = known
                .plus_up_to_star(id, n, sign)
                .ok_or(EngineError::Overflow)?;
            known.by_game.insert(h, id);
        }
        Ok(Some(id))
    }

    /// Is g an uptimal (x + *m + Σ aᵢ·↑ⁱ)?
    pub fn is_uptimal(&mut self, g: GameId) -> EngineResult<bool> {
        Ok(self.as_nus(g).is_some() || self.uptimal_shape(g)?.is_some())
    }

    /// The length, first and last coefficients of an uptimal's expansion (`None`: not an
    /// uptimal).
    fn length_first_last(&mut self, g: GameId) -> EngineResult<Option<(usize, i64, i64)>> {
        if let Some(n) = self.as_nus(g) {
            let length = usize::from(n.ups != 0);
            return Ok(Some((length, n.ups, n.ups)));
        }
        Ok(self.uptimal_shape(g)?.map(|s| (s.length, s.first, s.last)))
    }

    /// The shape of a general game, if it is an uptimal (cached per game).
    fn uptimal_shape(&mut self, g: GameId) -> EngineResult<Option<UptimalShape>> {
        if let Some(known) = self.uptimal.shapes.get(g) {
            return Ok(known.unpack());
        }
        self.poll()?;
        crate::engine::grow(|| {
            let result = self.shape_by_options(g)?;
            self.store_shape(g, result);
            Ok(result)
        })
    }

    fn store_shape(&mut self, g: GameId, shape: Option<UptimalShape>) {
        if let Some(stored) = StoredShape::pack(shape) {
            self.uptimal.shapes.insert(g, stored);
        }
    }

    /// Recognise a general game (see the module documentation).
    fn shape_by_options(&mut self, g: GameId) -> EngineResult<Option<UptimalShape>> {
        let x = self.left_stop(g);
        if self.right_stop(g) != x {
            return Ok(None);
        }
        let (ls, ll) = self.left_span(g)?;
        let (rs, rl) = self.right_span(g)?;
        if ll == 0 || rl == 0 || (ll != 1 && rl != 1) {
            return Ok(None);
        }
        // Every option of x + (infinitesimal uptimal) is x + (another one).
        for i in (ls..ls + ll).chain(rs..rs + rl) {
            let o = self.pool[i];
            if self.left_stop(o) != x || self.right_stop(o) != x {
                return Ok(None);
            }
        }
        // A lone Right option means aₙ > 0 (sign +1), a lone Left option aₙ < 0.
        for (lone_left, sign) in [(false, 1i64), (true, -1i64)] {
            let (lone_len, other_start, other_len) = if lone_left {
                (ll, rs, rl)
            } else {
                (rl, ls, ll)
            };
            if lone_len != 1 {
                continue;
            }
            let lone = self.pool[if lone_left { ls } else { rs }];
            let Some((lone_length, lone_first, lone_last)) = self.length_first_last(lone)? else {
                continue;
            };
            let mut other_max = 0;
            let mut other_ok = true;
            for i in other_start..other_start + other_len {
                let o = self.pool[i];
                match self.length_first_last(o)? {
                    Some((length, _, _)) => other_max = other_max.max(length),
                    None => {
                        other_ok = false;
                        break;
                    }
                }
            }
            if !other_ok {
                continue;
            }
            let m = other_max.max(lone_length);
            for n in [m, m + 1] {
                if n < 2 || other_max >= n {
                    continue;
                }
                // The candidate S + sign·(↑^→n *) has length n only if its coefficient n
                // keeps the sign: S's is 0 there (n beyond S's length) or has that sign.
                let last = if n > lone_length {
                    sign
                } else {
                    lone_last.checked_add(sign).ok_or(EngineError::Overflow)?
                };
                if last.signum() != sign {
                    continue;
                }
                // An infinitesimal uptimal is all-small, so its atomic weight is exactly its
                // coefficient of ↑: a cheap test before building a sum (`{^800000|0}` would
                // otherwise add ^800000 to a small game, 800000 levels deep).
                let first = lone_first.checked_add(sign).ok_or(EngineError::Overflow)?;
                if x.is_zero() {
                    let weight = self.naive_atomic_weight(g)?;
                    if self.as_number(weight) != Some(Dyadic::from_i128(first.into())) {
                        continue;
                    }
                }
                // Build the candidate: S + sign·(↑^→n *) has exactly the candidate's value.
                let n32 = u32::try_from(n).map_err(|_| EngineError::Overflow)?;
                let up_to = self.up_power_to(n32)?;
                let star = self.nimber(1);
                let mut step = self.add(up_to, star)?;
                if sign < 0 {
                    step = self.neg(step)?;
                }
                if self.add(lone, step)? == g {
                    return Ok(Some(UptimalShape {
                        lone,
                        n,
                        sign,
                        length: n,
                        first,
                        last,
                    }));
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testutil::game;

    fn exp(x: Dyadic, nim: u64, c: &[i64]) -> UptimalExpansion {
        let mut coefficients = c.to_vec();
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        UptimalExpansion {
            number: x,
            nim,
            coefficients,
        }
    }

    fn int(n: i64) -> Dyadic {
        Dyadic::from_int(n)
    }

    fn expansion_text(e: &mut Engine, text: &str) -> Option<String> {
        let g = game(e, text);
        e.uptimal_expansion(g).unwrap().map(|x| x.to_string())
    }

    fn star(e: &mut Engine) -> GameId {
        e.nimber(1)
    }

    /// The order the printer used before runs: number, coefficients as far as both go,
    /// length, star.
    fn vector_cmp(x: &UptimalExpansion, y: &UptimalExpansion) -> std::cmp::Ordering {
        x.number
            .cmp(&y.number)
            .then_with(|| {
                x.coefficients
                    .iter()
                    .zip(&y.coefficients)
                    .map(|(p, q)| p.cmp(q))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .then(x.coefficients.len().cmp(&y.coefficients.len()))
            .then(x.nim.cmp(&y.nim))
    }

    #[test]
    fn runs_agree_with_expansions_and_their_order() {
        let mut e = Engine::new();
        let mut known = UptimalRunsTable::default();
        let mut all = Vec::new();
        let coefficient_lists: &[&[i64]] = &[
            &[],
            &[1],
            &[0, 1],
            &[1, 1, 1],
            &[0, 0, 0, -1],
            &[1, 0, 1],
            &[2, -1, 0, 1],
            &[-1, -1, 2],
            &[0, 1, 1, 0, -1],
            &[1, 1, 1, 1, 1, 1],
        ];
        for c in coefficient_lists {
            for nim in [0, 1, 3] {
                for x in [int(0), int(-1)] {
                    let g = e.uptimal(&exp(x, nim, c)).unwrap();
                    // Every follower too: they share the chains the memo walks.
                    for f in e.followers(g).unwrap() {
                        if let Some(id) = e.uptimal_runs(f, &mut known).unwrap() {
                            let expansion = e.uptimal_expansion(f).unwrap().unwrap();
                            assert_eq!(known.get(id).expansion(), expansion);
                            assert_eq!(known.get(id).length(), expansion.length());
                            all.push((id, expansion));
                        }
                    }
                }
            }
        }
        for (a, x) in &all {
            for (b, y) in &all {
                assert_eq!(
                    known.get(*a).display_cmp(&known.get(*b)),
                    vector_cmp(x, y),
                    "{x} vs {y}"
                );
            }
        }
        let g = game(&mut e, "{1|0}");
        assert_eq!(e.uptimal_runs(g, &mut known).unwrap(), None);
    }

    #[test]
    fn the_runs_of_a_deep_uptimals_followers_take_linear_memory() {
        let mut e = Engine::new();
        let top = e.up_power(20_000).unwrap();
        let mut known = UptimalRunsTable::default();
        for f in e.followers(top).unwrap() {
            e.uptimal_runs(f, &mut known).unwrap();
        }
        assert!(known.len() >= 19_999, "{}", known.len());
        assert!(
            known.pool.len() <= 2 * known.len(),
            "{} runs for {} games",
            known.pool.len(),
            known.len()
        );
        let deepest = e.uptimal_runs(top, &mut known).unwrap().unwrap();
        assert_eq!(known.get(deepest).runs, [(0, 19_999), (1, 1)]);
    }

    #[test]
    fn display_matches_cgsuite() {
        let half = Dyadic::new(1, 1).unwrap();
        let cases = [
            (exp(int(0), 0, &[1, 1, 1, 1]), "0.1111"),
            (exp(int(0), 1, &[1, 2]), "*.12"),
            (exp(int(5), 0, &[]), "5.0"),
            (exp(int(-1823437481924), 0, &[]), "-1823437481924.0"),
            (exp(Dyadic::new(9, 3).unwrap(), 1, &[]), "9/8*.0"),
            (exp(int(0), 8, &[]), "*8.0"),
            (exp(Dyadic::new(73, 4).unwrap(), 8, &[-9]), "73/16*8.9-"),
            (exp(int(0), 0, &[]), "0.0"),
            (exp(int(0), 1, &[-1]), "*.1-"),
            (exp(int(0), 4, &[0, 2, 0, 2]), "*4.0202"),
            (exp(half, 2, &[10, -35, 36, -100]), "1/2*2.AZ-(36)(100)-"),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
    }

    #[test]
    fn powers_of_up() {
        let mut e = Engine::new();
        let up2 = game(&mut e, "{0|v*}");
        assert_eq!(e.up_power(2).unwrap(), up2);
        let up2_star = game(&mut e, "{0,*|v}");
        let s = star(&mut e);
        assert_eq!(e.add(up2, s).unwrap(), up2_star);
        let up_to2 = game(&mut e, "{^|*}");
        assert_eq!(e.up_power_to(2).unwrap(), up_to2);
        let up_to2_star = game(&mut e, "{0,^*|0}");
        assert_eq!(e.add(up_to2, s).unwrap(), up_to2_star);
        let up_to4 = game(&mut e, "{0|*||*|||*||||*}");
        assert_eq!(e.up_power_to(4).unwrap(), up_to4);
        let up_to3 = e.up_power_to(3).unwrap();
        assert_eq!(e.left_options(up_to4).unwrap(), vec![up_to3]);
        let g = game(&mut e, "{0||0|v*}");
        assert_eq!(e.right_options(g).unwrap(), vec![up2]);
        // ↑^→n = ↑ + ↑² + … + ↑ⁿ and ↑ⁿ + ↓ⁿ = 0.
        let mut sum = Engine::ZERO;
        for n in 1..=8 {
            let p = e.up_power(n).unwrap();
            sum = e.add(sum, p).unwrap();
            assert_eq!(e.up_power_to(n).unwrap(), sum, "n = {n}");
            let q = e.neg(p).unwrap();
            assert_eq!(e.add(p, q).unwrap(), Engine::ZERO);
            let up = e.ups(1);
            let exponent = e.integer(i64::from(n));
            assert_eq!(e.pow(up, exponent).unwrap(), Ok(p));
            assert_eq!(e.pow_to(up, exponent).unwrap(), Ok(sum));
        }
        assert_eq!(e.up_power(0).unwrap(), Engine::ZERO);
        assert_eq!(e.up_power_to(0).unwrap(), Engine::ZERO);
    }

    #[test]
    fn closed_forms_of_powers_are_canonical() {
        // Build the powers from their definitions through canonicalisation, then check that
        // the closed forms `up_power*` intern directly are the same games (hash-consing makes
        // equal canonical forms one id, and a non-canonical form would be a different id).
        let mut e = Engine::new();
        let s = star(&mut e);
        let up = game(&mut e, "{0|*}");
        let mut up_to = up; // ↑^→(n−1)
        for n in 2..=40u32 {
            let down_to_star = {
                let d = e.neg(up_to).unwrap();
                e.add(d, s).unwrap()
            };
            let power = e
                .game_from_options(&[Engine::ZERO], &[down_to_star])
                .unwrap();
            let next_up_to = e.game_from_options(&[up_to], &[s]).unwrap();
            let up_to_star = e.add(up_to, s).unwrap();
            assert_eq!(e.up_power(n).unwrap(), power, "↑^{n}");
            assert_eq!(e.up_power_to(n).unwrap(), next_up_to, "↑^→{n}");
            assert_eq!(
                e.up_power_to_star(n - 1).unwrap(),
                up_to_star,
                "↑^→{} *",
                n - 1
            );
            up_to = next_up_to;
        }
    }

    #[test]
    fn recorded_shapes_match_recognition() {
        // Shapes recorded at construction must be what recognition would find.
        let mut e = Engine::new();
        e.up_power(30).unwrap();
        e.up_power_to(30).unwrap();
        let recorded: Vec<(GameId, UptimalShape)> = e
            .uptimal
            .shapes
            .iter()
            .filter_map(|(g, s)| s.unpack().map(|s| (g, s)))
            .collect();
        assert!(recorded.len() > 80, "{} shapes recorded", recorded.len());
        for (g, shape) in recorded {
            assert_eq!(e.shape_by_options(g).unwrap(), Some(shape), "game {g:?}");
        }
    }

    #[test]
    fn atomic_weight_of_known_uptimals_is_the_calculus() {
        // The shortcut (coefficient of ↑ of a known uptimal) against the atomic weight
        // calculus, on powers of ↑, their sums and their stars.
        let mut e = Engine::new();
        let s = star(&mut e);
        let mut games = Vec::new();
        for n in 1..=12 {
            games.push(e.up_power(n).unwrap());
            games.push(e.up_power_to(n).unwrap());
        }
        for n in 1..=10 {
            games.push(e.up_power_to_star(n).unwrap());
        }
        for i in 0..games.len() {
            let g = games[i];
            let neg = e.neg(g).unwrap();
            let plus_star = e.add(g, s).unwrap();
            games.extend([neg, plus_star]);
        }
        let mut checked = 0;
        for g in games {
            if e.known_up_coefficient(g).is_none() {
                continue;
            }
            let weight = e.atomic_weight(g).unwrap();
            let calculus = e.naive_atomic_weight(g).unwrap();
            assert_eq!(weight, Some(calculus), "game {g:?}");
            checked += 1;
        }
        assert!(checked >= 60, "only {checked} known uptimals");
    }

    #[test]
    fn general_pow_and_pow_to() {
        let mut e = Engine::new();
        let g = game(&mut e, "{0||0|-2}");
        let (zero, one, three) = (e.integer(0), e.integer(1), e.integer(3));
        let expected = game(&mut e, "{0||0|-2,{0|-2,{0|-2}}}");
        assert_eq!(e.pow(g, three).unwrap(), Ok(expected));
        assert_eq!(e.pow(g, one).unwrap(), Ok(g));
        // {Tiny(2)||0|-2|||0|-2}, Tiny(2) = {0||0|-2}
        let expected = game(&mut e, "{{0||0|-2}||0|-2|||0|-2}");
        assert_eq!(e.pow_to(g, three).unwrap(), Ok(expected));
        assert_eq!(e.pow_to(g, one).unwrap(), Ok(g));
        assert_eq!(e.pow_to(g, zero).unwrap(), Ok(Engine::ZERO));
        // {Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}
        let expected = game(
            &mut e,
            "{{0||0|-2}|{0|-2},{{0||0|-2}||0|-2}||{0|-2},{{0||0|-2}||0|-2}}",
        );
        let seven_quarters = e.number(Dyadic::new(7, 2).unwrap());
        assert_eq!(e.pow_to(g, seven_quarters).unwrap(), Ok(expected));
        let up = e.ups(1);
        let up_to2 = e.up_power_to(2).unwrap();
        let s = star(&mut e);
        let inner = e.game_from_options(&[up], &[s, up_to2]).unwrap();
        let expected = e.game_from_options(&[inner], &[s, up_to2]).unwrap();
        assert_eq!(e.pow_to(up, seven_quarters).unwrap(), Ok(expected));
        // Pow needs the form {0|H}; PowTo takes any base.
        let two = e.integer(2);
        for text in ["{1|0}", "^*", "*2", "0", "{0,*|v}"] {
            let h = game(&mut e, text);
            assert_eq!(e.pow(h, two).unwrap(), Err(PowError::InvalidBase), "{text}");
            let expected = e.ordinal_sum(h, one).unwrap();
            assert_eq!(e.pow_to(h, two).unwrap(), Ok(expected), "{text}");
        }
        let minus_one = e.integer(-1);
        assert_eq!(e.pow(g, zero).unwrap(), Err(PowError::InvalidExponent));
        assert_eq!(
            e.pow_to(g, minus_one).unwrap(),
            Err(PowError::InvalidExponent)
        );
    }

    #[test]
    fn conformance_expansions() {
        let mut e = Engine::new();
        let cases = [
            ("{0|*||*|||*||||*}", "0.1111"),
            ("{0||0|v*}", "*.12"),
            ("73/16+v9*8", "73/16*8.9-"),
            ("-1823437481924", "-1823437481924.0"),
            ("5", "5.0"),
            ("9/8+*", "9/8*.0"),
            ("*8", "*8.0"),
            ("0", "0.0"),
            ("v*", "*.1-"),
            ("^*6", "*6.1"),
            ("^", "0.1"),
            (
                "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,\
                 {*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,\
                 {*4,v*5|vv*4}||||vv*4}}",
                "*4.0202",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                expansion_text(&mut e, text).as_deref(),
                Some(expected),
                "{text}"
            );
        }
        // IsUptimal true, expansion not given by the test suite: it must round-trip.
        let g = game(
            &mut e,
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|\
             {0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        );
        let x = e.uptimal_expansion(g).unwrap().expect("an uptimal");
        assert_eq!(e.uptimal(&x).unwrap(), g);
        // Its Incentives are {^[4]*}: ↑^→4* is one of them.
        let up_to4 = e.up_power_to(4).unwrap();
        let s = star(&mut e);
        let inc = e.add(up_to4, s).unwrap();
        let r = e.right_options(g).unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(e.sub(g, r[0]).unwrap(), inc);
    }

    #[test]
    fn non_uptimals_are_rejected() {
        let mut e = Engine::new();
        for text in [
            "{0|||0||-1|-3}",
            "{1|^^||^}",
            "{3||2+*|1+*}",
            "{^^^|vv}",
            "{0||0|vvv}",
            "{1|0}",
            "{2|-1}",
            "{0|{0|-1}}",
            "{0||0|-2}",
            "{0|^^*||*}",
        ] {
            assert_eq!(expansion_text(&mut e, text), None, "{text}");
            let g = game(&mut e, text);
            assert!(!e.is_uptimal(g).unwrap());
        }
    }

    #[test]
    fn round_trip_small_expansions() {
        let mut e = Engine::new();
        let numbers = [int(0), Dyadic::new(1, 1).unwrap(), int(-3)];
        for &x in &numbers {
            for nim in 0..4 {
                for idx in 0..125 {
                    let c = [idx % 5 - 2, idx / 5 % 5 - 2, idx / 25 - 2];
                    let ex = exp(x, nim, &c);
                    let g = e.uptimal(&ex).unwrap();
                    assert_eq!(e.uptimal_expansion(g).unwrap(), Some(ex.clone()), "{ex}");
                }
            }
        }
    }

    #[test]
    fn round_trip_wider_expansions() {
        let mut e = Engine::new();
        // A fixed pseudo-random walk over longer expansions, bigger coefficients and nimbers.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..100 {
            let len = 2 + next(5) as usize;
            let big = next(4) == 0;
            let c: Vec<i64> = (0..len)
                .map(|_| {
                    if big {
                        next(25) as i64 - 12
                    } else {
                        next(7) as i64 - 3
                    }
                })
                .collect();
            let nim = next(9);
            let x = Dyadic::new(next(17) as i128 - 8, next(3) as u32).unwrap();
            let ex = exp(x, nim, &c);
            let g = e.uptimal(&ex).unwrap();
            assert_eq!(e.uptimal_expansion(g).unwrap(), Some(ex.clone()), "{ex}");
        }
        // Long ones.
        for n in [10u32, 16] {
            let g = e.up_power_to(n).unwrap();
            let ex = e.uptimal_expansion(g).unwrap().unwrap();
            assert_eq!(ex.coefficients, vec![1; n as usize]);
            let p = e.up_power(n).unwrap();
            let ex = e.uptimal_expansion(p).unwrap().unwrap();
            assert_eq!(ex.length(), n as usize);
            assert_eq!(
                ex.coefficients[..n as usize - 1],
                vec![0; n as usize - 1][..]
            );
        }
    }

    #[test]
    fn options_of_uptimals_are_uptimals() {
        // The shape the recognition relies on, on a range wider than the one it was read from:
        // a lone option on the side of the last coefficient's sign, at incentive ↑^→n*.
        let mut e = Engine::new();
        for nim in [0, 5] {
            for idx in 0..7i64.pow(4) {
                let c = [
                    idx % 7 - 3,
                    idx / 7 % 7 - 3,
                    idx / 49 % 7 - 3,
                    idx / 343 - 3,
                ];
                let ex = exp(int(0), nim, &c);
                let g = e.uptimal(&ex).unwrap();
                if e.as_nus(g).is_some() {
                    continue;
                }
                let n = ex.length();
                let sign = ex.coefficients[n - 1].signum();
                let lone = if sign > 0 {
                    e.right_options(g).unwrap()
                } else {
                    e.left_options(g).unwrap()
                };
                assert_eq!(lone.len(), 1, "{ex}");
                let s = e.uptimal_expansion(lone[0]).unwrap().unwrap();
                assert_eq!(s.plus_up_to_star(n, sign), Some(ex.clone()));
            }
        }
    }

    #[test]
    fn big_non_uptimals_are_rejected_quickly() {
        let mut e = Engine::new();
        // Sums of tinies: infinitesimal, equal stops, many options.
        let mut g = Engine::ZERO;
        for k in 1..=6 {
            let t = game(&mut e, &format!("{{0||0|-{k}}}"));
            g = e.add(g, t).unwrap();
        }
        assert!(!e.is_uptimal(g).unwrap());
        // An uptimal plus a tiny.
        let u = e.uptimal(&exp(int(0), 3, &[1, -2, 0, 3])).unwrap();
        let t = game(&mut e, "{0||0|-1}");
        let h = e.add(u, t).unwrap();
        assert!(!e.is_uptimal(h).unwrap());
        assert!(e.is_uptimal(u).unwrap());
    }

    /// Every expansion of length ≤ 5 with coefficients in −3..=3, for several nimbers, plus
    /// large coefficients (about a minute in release mode).
    #[test]
    #[ignore]
    fn round_trip_exhaustive() {
        let mut e = Engine::new();
        for nim in [0u64, 1, 2, 3, 4, 7, 8] {
            for idx in 0..7i64.pow(5) {
                let c: Vec<i64> = (0..5).map(|i| idx / 7i64.pow(i) % 7 - 3).collect();
                let ex = exp(int(0), nim, &c);
                let g = e.uptimal(&ex).unwrap();
                assert_eq!(e.uptimal_expansion(g).unwrap(), Some(ex.clone()), "{ex}");
            }
        }
        for k in [10i64, 20, 50, -37] {
            for n in 1..=6usize {
                for nim in [0u64, 1, 5] {
                    let mut c = vec![0i64; n];
                    c[n - 1] = k;
                    if n > 2 {
                        c[0] = 3;
                        c[1] = -k / 2;
                    }
                    let ex = exp(int(0), nim, &c);
                    let g = e.uptimal(&ex).unwrap();
                    assert_eq!(e.uptimal_expansion(g).unwrap(), Some(ex.clone()), "{ex}");
                }
            }
        }
        for n in [50u32, 100] {
            let g = e.up_power(n).unwrap();
            assert_eq!(
                e.uptimal_expansion(g).unwrap().unwrap().length(),
                n as usize
            );
        }
    }
}
