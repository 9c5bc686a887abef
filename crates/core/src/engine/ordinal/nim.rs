//! Conway's ordinal nim arithmetic below ω^(ω^ω) (`transfinite.md` §4): nim sum, nim product
//! and nim powers of ordinals, plus the nim product of arbitrary-size non-negative integers.
//!
//! * Finite part: integers below 2^(2^m) form the field GF(2^(2^m)); a product is computed by
//!   splitting at Fermat 2-powers F = 2^(2^(m−1)) with F⊗F = F ⊕ F/2 (Karatsuba: three half-size
//!   products), on 64-bit limbs, with a 256×256 table at the bottom. The recursion depth is
//!   log₂ of the operand size in bits, so it stays shallow for any integer that fits in memory.
//! * Transfinite part (§4.2–§4.4): an exponent β = Σₖ ω^k·aₖ (levels k ≤ 54) is stored as the
//!   base-p_{k+1} digit vectors of the aₖ, i.e. the nim product of κ-unit powers. Multiplying two
//!   terms adds the digit vectors; a digit reaching p carries *down* one position (F3), and a
//!   carry out of position 0 multiplies by Lenstra's αₚ (F4), a hard-coded ordinal on lower levels
//!   only. Levels are reduced from the top down, so the work is a bounded loop, never recursion.
//!   Carries inside a level need no branching; a reduction that involves an α is independent of
//!   the finite coefficient and is memoised for the duration of one operation (nim powers and
//!   products of many-term ordinals meet the same sums often).

use std::cmp::Ordering;
use std::collections::hash_map::Entry;
use std::sync::OnceLock;

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::gen_ordinal::Term;
use super::{Error, GenOrdinal};

/// Highest level k (exponent term ω^k·a) a nim product accepts. Level 54 (p = 263) has no α entry,
/// so a carry out of its position 0 is out of range (spec §4.3).
pub const MAX_NIM_LEVEL: usize = 54;

/// p_{k+1} for level k = 0..=54: the base in which level k's coefficient is written.
const PRIMES: [u32; MAX_NIM_LEVEL + 1] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193,
    197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263,
];

/// One row of the α table (spec §4.3): αₚ = Σ_{q ∈ Q} κ_q + m for the level whose base is p.
struct AlphaRow {
    p: u32,
    q: &'static [u32],
    m: u32,
}

const fn row(p: u32, q: &'static [u32], m: u32) -> AlphaRow {
    AlphaRow { p, q, m }
}

/// The spec's table, levels 0..=53, copied as data (computing it is far too expensive).
const ALPHA_TABLE: [AlphaRow; MAX_NIM_LEVEL] = [
    row(3, &[2], 0),
    row(5, &[4], 0),
    row(7, &[3], 1),
    row(11, &[5], 1),
    row(13, &[4, 3], 0),
    row(17, &[8], 0),
    row(19, &[9], 4),
    row(23, &[11], 1),
    row(29, &[4, 7], 0),
    row(31, &[5], 1),
    row(37, &[4, 9], 0),
    row(41, &[5], 1),
    row(43, &[7], 1),
    row(47, &[23], 1),
    row(53, &[13], 1),
    row(59, &[29], 1),
    row(61, &[3, 5], 0),
    row(67, &[3, 11], 0),
    row(71, &[5, 7], 0),
    row(73, &[9], 1),
    row(79, &[13], 1),
    row(83, &[41], 1),
    row(89, &[11], 1),
    row(97, &[16, 3], 0),
    row(101, &[25], 1),
    row(103, &[3, 17], 0),
    row(107, &[53], 1),
    row(109, &[4, 9], 0),
    row(113, &[4, 7], 0),
    row(127, &[7], 1),
    row(131, &[5, 13], 0),
    row(137, &[17], 1),
    row(139, &[3, 23], 0),
    row(149, &[37], 1),
    row(151, &[3, 5], 0),
    row(157, &[13], 1),
    row(163, &[81], 4),
    row(167, &[83], 1),
    row(173, &[4, 43], 0),
    row(179, &[89], 1),
    row(181, &[9, 5], 0),
    row(191, &[5, 19], 0),
    row(193, &[32, 3], 0),
    row(197, &[4, 49], 0),
    row(199, &[9, 11], 0),
    row(211, &[5, 7], 0),
    row(223, &[37], 1),
    row(227, &[113], 1),
    row(229, &[19], 1),
    row(233, &[29], 1),
    row(239, &[7, 17], 0),
    row(241, &[8, 3], 0),
    row(251, &[25], 1),
    row(257, &[16], 0),
];

// ---------------------------------------------------------------------------------------------
// Finite nim products
// ---------------------------------------------------------------------------------------------

/// Nim products of bytes, `TABLE[a << 8 | b]`, the base case of every finite product.
fn byte_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Products of single bits first (by the bit-level recursion), then bilinearity.
        let mut bit = [[0u8; 8]; 8];
        for (i, row) in bit.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                *cell = bit_level_product(1 << i, 1 << j, 8) as u8;
            }
        }
        let mut table = vec![0u8; 1 << 16];
        for a in 1..256usize {
            let low = a.trailing_zeros() as usize;
            let rest = a & (a - 1);
            for b in 0..256usize {
                let mut by_bit = 0u8;
                for (j, cell) in bit[low].iter().enumerate() {
                    if b >> j & 1 == 1 {
                        by_bit ^= cell;
                    }
                }
                table[a << 8 | b] = table[rest << 8 | b] ^ by_bit;
            }
        }
        table
    })
}

/// The nim product of a, b < 2^bits (bits a power of two ≤ 8) down to single bits; only used to
/// fill the byte table. Recursion depth ≤ 3.
fn bit_level_product(a: u32, b: u32, bits: u32) -> u32 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    let half = bits / 2;
    let mask = (1 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = bit_level_product(a1, b1, half);
    let low = bit_level_product(a0, b0, half);
    let mid = bit_level_product(a1 ^ a0, b1 ^ b0, half) ^ high ^ low;
    ((mid ^ high) << half) ^ low ^ bit_level_product(high, 1 << (half - 1), half)
}

/// a ⊗ b for a, b < 2^bits, bits ∈ {8, 16, 32, 64}. Recursion depth ≤ 3.
fn word_product(a: u64, b: u64, bits: u32) -> u64 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    if bits == 8 {
        return u64::from(byte_table()[(a << 8 | b) as usize]);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    // A factor below F = 2^half only scales the other's halves (and ⊗F is then a shift).
    if a1 == 0 && b1 == 0 {
        return word_product(a0, b0, half);
    }
    if a1 == 0 {
        return (word_product(a0, b1, half) << half) | word_product(a0, b0, half);
    }
    if b1 == 0 {
        return (word_product(a1, b0, half) << half) | word_product(a0, b0, half);
    }
    let high = word_product(a1, b1, half);
    let low = word_product(a0, b0, half);
    let mid = word_product(a1 ^ a0, b1 ^ b0, half) ^ high ^ low;
    ((mid ^ high) << half) ^ low ^ word_half(high, half)
}

/// x ⊗ 2^(bits−1) for x < 2^bits. With F = 2^(bits/2): 2^(bits−1) = F ⊗ 2^(bits/2−1), so
/// x ⊗ 2^(bits/2−1) = a·F ⊕ b (halves scaled), and (a·F ⊕ b) ⊗ F = (a ⊕ b)·F ⊕ a ⊗ F/2.
fn word_half(x: u64, bits: u32) -> u64 {
    if x == 0 {
        return 0;
    }
    if bits == 8 {
        return u64::from(byte_table()[(x << 8 | 0x80) as usize]);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let a = word_half(x >> half, half);
    let b = word_half(x & mask, half);
    ((a ^ b) << half) ^ word_half(a, half)
}

fn is_zero_limbs(x: &[u64]) -> bool {
    x.iter().all(|&w| w == 0)
}

fn xor_limbs(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

/// a ⊗ b for limb vectors of the same power-of-two length n (the field GF(2^(64n))); the result
/// has length n. Recursion depth is log₂ n.
fn limb_product(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    if n == 1 {
        return vec![word_product(a[0], b[0], 64)];
    }
    let h = n / 2;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let (a1_zero, b1_zero) = (is_zero_limbs(a1), is_zero_limbs(b1));
    let mut out;
    if a1_zero && b1_zero {
        out = limb_product(a0, b0);
        out.resize(n, 0);
    } else if a1_zero || b1_zero {
        // One factor is below F: scale the other's halves.
        let (small, big0, big1) = if a1_zero { (a0, b0, b1) } else { (b0, a0, a1) };
        out = limb_product(small, big0);
        out.extend(limb_product(small, big1));
    } else {
        let high = limb_product(a1, b1);
        let low = limb_product(a0, b0);
        // Karatsuba: a₁b₀ ⊕ a₀b₁ = (a₁⊕a₀)(b₁⊕b₀) ⊕ high ⊕ low, and the upper half is that ⊕ high
        // (from high ⊗ F⊗F = high ⊗ (F ⊕ F/2)), so high cancels there.
        let sums = limb_product(&xor_limbs(a1, a0), &xor_limbs(b1, b0));
        let upper = xor_limbs(&sums, &low);
        out = xor_limbs(&low, &limb_half(&high));
        out.extend(upper);
    }
    out
}

/// x ⊗ 2^(64n−1) for a limb vector of power-of-two length n (see [`word_half`]).
fn limb_half(x: &[u64]) -> Vec<u64> {
    let n = x.len();
    if n == 1 {
        return vec![word_half(x[0], 64)];
    }
    if is_zero_limbs(x) {
        return vec![0; n];
    }
    let h = n / 2;
    let a = limb_half(&x[h..]);
    let b = limb_half(&x[..h]);
    let mut out = limb_half(&a);
    out.extend(xor_limbs(&a, &b));
    out
}

fn limbs_to_biguint(limbs: &[u64]) -> BigUint {
    let mut words = Vec::with_capacity(limbs.len() * 2);
    for &w in limbs {
        words.push(w as u32);
        words.push((w >> 32) as u32);
    }
    BigUint::new(words)
}

/// The nim product of two non-negative integers of any size.
pub fn finite_nim_product(a: &BigUint, b: &BigUint) -> BigUint {
    if a.is_zero() || b.is_zero() {
        return BigUint::zero();
    }
    if a.is_one() {
        return b.clone();
    }
    if b.is_one() {
        return a.clone();
    }
    if let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) {
        return BigUint::from(word_product(x, y, 64));
    }
    let mut la = a.to_u64_digits();
    let mut lb = b.to_u64_digits();
    let n = la.len().max(lb.len()).next_power_of_two();
    la.resize(n, 0);
    lb.resize(n, 0);
    limbs_to_biguint(&limb_product(&la, &lb))
}

/// c ⊗ t with the cheap cases first (t is usually a small α coefficient).
fn coeff_product(c: &BigUint, t: &BigUint) -> BigUint {
    if t.is_one() {
        c.clone()
    } else {
        finite_nim_product(c, t)
    }
}

// ---------------------------------------------------------------------------------------------
// Digit vectors (exponents below ω^ω as products of κ-units)
// ---------------------------------------------------------------------------------------------

/// `0[k][n]` = D[k, n], the exponent of κ(k, n) = ω^(ω^k·p_{k+1}ⁿ). Stored trimmed (no trailing
/// zero digit in a level, no trailing empty level) so equal vectors mean equal products.
/// Digits may temporarily exceed p − 1 (an unreduced product).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Digits(Vec<Vec<u32>>);

impl Digits {
    /// Digits of an exponent β = Σ ω^k·aₖ: every k must be an integer ≤ 54.
    fn of_exponent(beta: &GenOrdinal) -> Result<Digits, Error> {
        let mut levels: Vec<Vec<u32>> = Vec::new();
        for (e, a) in beta.terms() {
            let k = e
                .to_integer()
                .and_then(|k| usize::try_from(k).ok())
                .filter(|&k| k <= MAX_NIM_LEVEL)
                .ok_or(Error::NimOutOfRange)?;
            if levels.len() <= k {
                levels.resize(k + 1, Vec::new());
            }
            levels[k] = base_digits(a.magnitude(), PRIMES[k]);
        }
        Ok(Digits(levels))
    }

    /// Componentwise sum, not reduced.
    fn add(&self, other: &Digits) -> Digits {
        let (long, short) = if self.0.len() >= other.0.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut out = long.0.clone();
        for (dst, src) in out.iter_mut().zip(&short.0) {
            add_level(dst, src);
        }
        Digits(out)
    }

    /// Every digit multiplied by 2 (the Frobenius square of a monomial), not reduced.
    fn doubled(&self) -> Digits {
        Digits(
            self.0
                .iter()
                .map(|l| l.iter().map(|d| d * 2).collect())
                .collect(),
        )
    }

    /// Carries level k down (F3) until every digit is below p; returns how many times a carry
    /// left position 0, i.e. the power of αₚ still to multiply by (F4).
    fn carry_level(&mut self, k: usize) -> u32 {
        let Some(level) = self.0.get_mut(k) else {
            return 0;
        };
        let p = PRIMES[k];
        let mut carry = 0;
        for d in level.iter_mut().rev() {
            let x = *d + carry;
            // Digits are sums of two reduced digits plus small carries: avoid the division.
            (*d, carry) = if x < p {
                (x, 0)
            } else if x < 2 * p {
                (x - p, 1)
            } else {
                (x % p, x / p)
            };
        }
        while level.last() == Some(&0) {
            level.pop();
        }
        while self.0.last().is_some_and(Vec::is_empty) {
            self.0.pop();
        }
        carry
    }

    /// The exponent Σₖ ω^k·aₖ of a reduced vector.
    fn to_exponent(&self) -> GenOrdinal {
        let terms = self
            .0
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, level)| !level.is_empty())
            .map(|(k, level)| Term {
                exp: GenOrdinal::integer(k as u64),
                coeff: BigInt::from(from_base_digits(level, PRIMES[k])),
            })
            .collect();
        GenOrdinal::from_sorted_terms(terms)
    }

    /// Ordinal order of the exponents of two reduced vectors.
    fn cmp_exponent(&self, other: &Digits) -> Ordering {
        let top = self.0.len().max(other.0.len());
        for k in (0..top).rev() {
            let a = self.0.get(k).map_or(&[][..], Vec::as_slice);
            let b = other.0.get(k).map_or(&[][..], Vec::as_slice);
            let ord = a
                .len()
                .cmp(&b.len())
                .then_with(|| a.iter().rev().cmp(b.iter().rev()));
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    }
}

fn add_level(dst: &mut Vec<u32>, src: &[u32]) {
    if dst.len() < src.len() {
        dst.resize(src.len(), 0);
    }
    for (d, s) in dst.iter_mut().zip(src) {
        *d += s;
    }
}

/// Largest power of p that is at most `limit`, and its exponent.
fn chunk_power(p: u32, limit: u64) -> (u64, usize) {
    let (mut pow, mut e) = (1u64, 0);
    while let Some(next) = pow.checked_mul(u64::from(p)).filter(|&x| x <= limit) {
        pow = next;
        e += 1;
    }
    (pow, e)
}

/// Little-endian base-p digits of a (empty for 0), by repeated division of the 32-bit limbs by
/// a power of p below 2^32 (so every step is a native 64-bit division).
fn base_digits(a: &BigUint, p: u32) -> Vec<u32> {
    let p64 = u64::from(p);
    let mut digits = Vec::new();
    if let Some(mut small) = a.to_u64() {
        while small > 0 {
            digits.push((small % p64) as u32);
            small /= p64;
        }
        return digits;
    }
    let (pow, per_chunk) = chunk_power(p, u64::from(u32::MAX));
    let mut limbs = a.to_u32_digits();
    while !limbs.is_empty() {
        let mut rem = 0u64;
        for w in limbs.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*w);
            *w = (cur / pow) as u32;
            rem = cur % pow;
        }
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        for _ in 0..per_chunk {
            digits.push((rem % p64) as u32);
            rem /= p64;
        }
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    digits
}

/// Σ dₙ·pⁿ (Horner, a u64 chunk of digits at a time).
fn from_base_digits(digits: &[u32], p: u32) -> BigUint {
    let (pow, per_chunk) = chunk_power(p, u64::MAX);
    let digit_value = |ds: &[u32]| {
        ds.iter()
            .rev()
            .fold(0u64, |acc, &d| acc * u64::from(p) + u64::from(d))
    };
    if digits.len() <= per_chunk {
        return BigUint::from(digit_value(digits));
    }
    let mut value = BigUint::zero();
    let chunks = digits.len().div_ceil(per_chunk);
    for c in (0..chunks).rev() {
        let lo = c * per_chunk;
        let hi = (lo + per_chunk).min(digits.len());
        let chunk = digit_value(&digits[lo..hi]);
        // Every chunk below the top one is full, so Horner's scale step is p^per_chunk.
        value = value * pow + chunk;
    }
    value
}

// ---------------------------------------------------------------------------------------------
// The α table
// ---------------------------------------------------------------------------------------------

/// α for one level: as an ordinal (for display) and as reduced monomials (for products).
struct Alpha {
    value: GenOrdinal,
    monomials: Vec<(Digits, BigUint)>,
}

fn alpha_table() -> &'static [Alpha] {
    static TABLE: OnceLock<Vec<Alpha>> = OnceLock::new();
    TABLE.get_or_init(|| {
        ALPHA_TABLE
            .iter()
            .enumerate()
            .map(|(k, row)| {
                debug_assert_eq!(row.p, PRIMES[k], "α table row {k}");
                build_alpha(row)
            })
            .collect()
    })
}

/// αₚ = Σ κ_q + m from a table row. κ_q for q = rʲ: 2^(2^(j−1)) if r = 2, otherwise
/// ω^(ω^i·r^(j−1)) with i the level whose base is r, i.e. the digit vector with D[i, j−1] = 1.
fn build_alpha(row: &AlphaRow) -> Alpha {
    let mut finite = BigUint::from(row.m);
    let mut monomials = Vec::new();
    for &q in row.q {
        let r = (2..=q).find(|r| q % r == 0).unwrap_or(q);
        let mut j = 0;
        let mut rest = q;
        while rest > 1 {
            rest /= r;
            j += 1;
        }
        if r == 2 {
            finite ^= BigUint::one() << (1u32 << (j - 1));
        } else {
            let i = PRIMES.iter().position(|&x| x == r).unwrap_or(MAX_NIM_LEVEL);
            let mut levels = vec![Vec::new(); i + 1];
            levels[i] = vec![0; j as usize];
            levels[i][j as usize - 1] = 1;
            monomials.push((Digits(levels), BigUint::one()));
        }
    }
    if !finite.is_zero() {
        monomials.push((Digits::default(), finite));
    }
    monomials.sort_by(|a, b| b.0.cmp_exponent(&a.0));
    let value = poly_to_ordinal(monomials.clone());
    Alpha { value, monomials }
}

/// Lenstra's αₚ for level k (p = p_{k+1}), i.e. κ(k,0)^⊗p, for k ≤ 53; `None` above.
pub fn nim_alpha(level: usize) -> Option<&'static GenOrdinal> {
    alpha_table().get(level).map(|a| &a.value)
}

// ---------------------------------------------------------------------------------------------
// Products of monomials
// ---------------------------------------------------------------------------------------------

/// Maps keyed by digit vectors use the engine's Fx hash (std's SipHash dominated the profile).
/// The keys derive from user input, so a crafted input could cause collisions; the cost is
/// then only time, bounded by the number of terms.
type Map<K, V> = rustc_hash::FxHashMap<K, V>;

/// What still has to be reduced once the top levels are carried: κ^D ⊗ α_k^over with levels
/// above k and level k of D reduced, lower levels raw.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Pending {
    digits: Digits,
    level: usize,
    over: u32,
}

/// Reductions met during one operation: pending ↦ Σ (δ, t) with δ reduced and t finite.
/// Independent of the finite coefficient of the monomial.
type Cache = Map<Pending, Vec<(Digits, BigUint)>>;

/// A sum of terms keyed by reduced exponent, coefficients combined by XOR (nim sum).
type Acc = Map<Digits, BigUint>;

fn xor_into(acc: &mut Acc, d: Digits, c: BigUint) {
    match acc.entry(d) {
        Entry::Occupied(mut e) => {
            *e.get_mut() ^= c;
            if e.get().is_zero() {
                e.remove();
            }
        }
        Entry::Vacant(e) => {
            if !c.is_zero() {
                e.insert(c);
            }
        }
    }
}

/// Multiplies every branch by α_k^over (F4, distributed over α's terms).
fn times_alpha(
    branches: Vec<(Digits, BigUint)>,
    k: usize,
    over: u32,
) -> Result<Vec<(Digits, BigUint)>, Error> {
    // Level 54 (p = 263) has no α: a carry out of its position 0 is out of range.
    let alpha = alpha_table().get(k).ok_or(Error::NimOutOfRange)?;
    let mut items = branches;
    for _ in 0..over {
        let mut expanded = Vec::with_capacity(items.len() * alpha.monomials.len());
        for (dg, c) in &items {
            for (delta, t) in &alpha.monomials {
                expanded.push((dg.add(delta), coeff_product(c, t)));
            }
        }
        items = expanded;
    }
    Ok(items)
}

/// κ^D ⊗ α_k^over as a nim sum of reduced terms (§4.4 `monomial` with c = 1). Levels below k
/// are reduced from the top down: an α only touches lower levels, so each level is visited
/// once, and branches that meet are merged.
fn reduce(pending: Pending) -> Result<Vec<(Digits, BigUint)>, Error> {
    let Pending {
        digits,
        level,
        over,
    } = pending;
    // Merging equal branches costs a hash of whole digit vectors, so it is done only once the
    // branches grow numerous (duplicates are harmless: the caller XORs them together).
    const MERGE_ABOVE: usize = 8;
    let mut branches = times_alpha(vec![(digits, BigUint::one())], level, over)?;
    for k in (0..level).rev() {
        let mut next = Vec::with_capacity(branches.len());
        for (mut dg, c) in branches {
            let over = dg.carry_level(k);
            if over == 0 {
                next.push((dg, c));
            } else {
                next.extend(times_alpha(vec![(dg, c)], k, over)?);
            }
        }
        if next.len() > MERGE_ABOVE {
            let mut merged = Acc::with_capacity_and_hasher(next.len(), Default::default());
            for (dg, c) in next {
                xor_into(&mut merged, dg, c);
            }
            next = merged.into_iter().collect();
        }
        branches = next;
    }
    Ok(branches)
}

/// acc ⊕= κ^d ⊗ c for an unreduced digit vector d.
fn add_monomial(acc: &mut Acc, cache: &mut Cache, mut d: Digits, c: BigUint) -> Result<(), Error> {
    // Carries inside a level are cheap and deterministic; only a carry out of a level's
    // position 0 (an α factor) needs the branching reduction, which is cached.
    let mut pending = None;
    for k in (0..d.0.len()).rev() {
        let over = d.carry_level(k);
        if over > 0 {
            pending = Some((k, over));
            break;
        }
    }
    let Some((level, over)) = pending else {
        xor_into(acc, d, c);
        return Ok(());
    };
    let key = Pending {
        digits: d,
        level,
        over,
    };
    let reduced = match cache.entry(key) {
        Entry::Occupied(e) => e.into_mut(),
        Entry::Vacant(e) => {
            let r = reduce(e.key().clone())?;
            e.insert(r)
        }
    };
    for (delta, t) in reduced.iter() {
        xor_into(acc, delta.clone(), coeff_product(&c, t));
    }
    Ok(())
}

type Poly = Vec<(Digits, BigUint)>;

/// The terms of an ordinal as reduced digit vectors (range-checked) with their coefficients.
fn ordinal_to_poly(x: &GenOrdinal) -> Result<Poly, Error> {
    x.terms()
        .map(|(beta, c)| Ok((Digits::of_exponent(beta)?, c.magnitude().clone())))
        .collect()
}

fn poly_to_ordinal(mut poly: Poly) -> GenOrdinal {
    poly.retain(|(_, c)| !c.is_zero());
    poly.sort_by(|a, b| b.0.cmp_exponent(&a.0));
    GenOrdinal::from_sorted_terms(
        poly.into_iter()
            .map(|(d, c)| Term {
                exp: d.to_exponent(),
                coeff: BigInt::from(c),
            })
            .collect(),
    )
}

fn poly_product(x: &Poly, y: &Poly, cache: &mut Cache) -> Result<Poly, Error> {
    // The product has at most |x|·|y| terms, but reserving that much for big factors took
    // gigabytes up front and seconds to give back after a Ctrl-C: grow as terms come.
    let reserve = (2 * x.len() * y.len()).min(1 << 16);
    let mut acc = Acc::with_capacity_and_hasher(reserve, Default::default());
    for (dx, cx) in x {
        super::interrupt::poll()?;
        for (dy, cy) in y {
            add_monomial(&mut acc, cache, dx.add(dy), finite_nim_product(cx, cy))?;
        }
    }
    Ok(acc.into_iter().collect())
}

/// x ⊗ x term by term: in characteristic 2, (Σ tᵢ)^⊗2 = Σ tᵢ^⊗2.
fn poly_square(x: &Poly, cache: &mut Cache) -> Result<Poly, Error> {
    let mut acc = Acc::with_capacity_and_hasher(2 * x.len(), Default::default());
    for (i, (d, c)) in x.iter().enumerate() {
        if i.is_multiple_of(256) {
            super::interrupt::poll()?;
        }
        add_monomial(&mut acc, cache, d.doubled(), finite_nim_product(c, c))?;
    }
    Ok(acc.into_iter().collect())
}

// ---------------------------------------------------------------------------------------------
// Public operations
// ---------------------------------------------------------------------------------------------

/// x ⊕ y (§4.1): XOR of the coefficients of equal ω-powers. Both must be ordinals.
pub fn nim_sum(x: &GenOrdinal, y: &GenOrdinal) -> Result<GenOrdinal, Error> {
    if !x.is_ordinal() || !y.is_ordinal() {
        return Err(Error::NimNotOrdinal);
    }
    let (a, b): (Vec<_>, Vec<_>) = (x.terms().collect(), y.terms().collect());
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let ord = match (a.get(i), b.get(j)) {
            (Some((ea, _)), Some((eb, _))) => ea.cmp(eb),
            (Some(_), None) => Ordering::Greater,
            _ => Ordering::Less,
        };
        let (exp, coeff) = match ord {
            Ordering::Greater => {
                i += 1;
                (a[i - 1].0, a[i - 1].1.clone())
            }
            Ordering::Less => {
                j += 1;
                (b[j - 1].0, b[j - 1].1.clone())
            }
            Ordering::Equal => {
                i += 1;
                j += 1;
                let c = a[i - 1].1.magnitude() ^ b[j - 1].1.magnitude();
                (a[i - 1].0, BigInt::from(c))
            }
        };
        if !coeff.is_zero() {
            out.push(Term {
                exp: exp.clone(),
                coeff,
            });
        }
    }
    Ok(GenOrdinal::from_sorted_terms(out))
}

/// x ⊗ y (§4.4). Both must be ordinals; an exponent with a level above 54 or an infinite level,
/// or a carry out of level 54, is out of range. A zero factor gives 0 without a range check.
pub fn nim_product(x: &GenOrdinal, y: &GenOrdinal) -> Result<GenOrdinal, Error> {
    if !x.is_ordinal() || !y.is_ordinal() {
        return Err(Error::NimNotOrdinal);
    }
    if x.is_zero() || y.is_zero() {
        return Ok(GenOrdinal::zero());
    }
    if let (Some(a), Some(b)) = (x.to_integer(), y.to_integer()) {
        let p = finite_nim_product(a.magnitude(), b.magnitude());
        return Ok(GenOrdinal::integer(BigInt::from(p)));
    }
    let (px, py) = (ordinal_to_poly(x)?, ordinal_to_poly(y)?);
    let mut cache = Cache::default();
    Ok(poly_to_ordinal(poly_product(&px, &py, &mut cache)?))
}

/// x^⊗n (§4.4): n < 0 is an error; n = 0 gives 1 without looking at x; otherwise x must be an
/// in-range ordinal (even for n = 1). Square-and-multiply with term-by-term squaring.
pub fn nim_exp(x: &GenOrdinal, n: &BigInt) -> Result<GenOrdinal, Error> {
    if n.is_negative() {
        return Err(Error::NegativeNimExponent);
    }
    if n.is_zero() {
        return Ok(GenOrdinal::one());
    }
    if !x.is_ordinal() {
        return Err(Error::NimNotOrdinal);
    }
    let n = n.magnitude();
    let mut base = ordinal_to_poly(x)?;
    let mut cache = Cache::default();
    let mut result: Option<Poly> = None;
    let bits = n.bits();
    for i in 0..bits {
        if n.bit(i) {
            result = Some(match result {
                None => base.clone(),
                Some(r) => poly_product(&r, &base, &mut cache)?,
            });
        }
        if i + 1 < bits {
            base = poly_square(&base, &mut cache)?;
        }
    }
    Ok(poly_to_ordinal(result.unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_and_table_agree() {
        for (k, row) in ALPHA_TABLE.iter().enumerate() {
            assert_eq!(row.p, PRIMES[k], "level {k}");
        }
        assert_eq!(PRIMES[MAX_NIM_LEVEL], 263);
        for w in PRIMES.windows(2) {
            assert!(w[0] < w[1]);
            assert!(
                (2..w[1])
                    .take_while(|d| d * d <= w[1])
                    .all(|d| w[1] % d != 0)
            );
        }
    }

    #[test]
    fn digit_round_trip() {
        for p in [3u32, 5, 7, 257, 263] {
            for a in [0u64, 1, 2, 26, 1000, u64::MAX] {
                let a = BigUint::from(a) * BigUint::from(a) + 7u32;
                let d = base_digits(&a, p);
                assert!(d.iter().all(|&x| x < p));
                assert_eq!(from_base_digits(&d, p), a);
            }
        }
        assert_eq!(base_digits(&BigUint::from(26u32), 3), vec![2, 2, 2]);
        assert_eq!(base_digits(&BigUint::from(49u32), 5), vec![4, 4, 1]);
    }

    #[test]
    fn byte_table_basics() {
        let t = byte_table();
        assert_eq!(t[2 << 8 | 2], 3);
        assert_eq!(t[2 << 8 | 3], 1);
        assert_eq!(t[4 << 8 | 4], 6);
        assert_eq!(t[16 << 8 | 16], 24);
        assert_eq!(word_product(1 << 8, 1 << 8, 64), 0x180);
        assert_eq!(word_half(5, 8), word_product(5, 0x80, 8));
    }
}
