//! Arithmetic in the nim field: nim products, inverses, quotients and powers of 64-bit
//! nimbers, by Karatsuba-style splitting at Fermat 2-powers (2^(2^k)).
//!
//! The nimbers below 2^64 form the field GF(2^64) under xor and the nim product. For a Fermat
//! 2-power D = 2^(2^(k−1)) and a = a₁D + a₀, b = b₁D + b₀ (a₀, a₁, b₀, b₁ < D):
//! a⊗b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)·D ⊕ a₀b₀ ⊕ (a₁b₁ ⊗ D/2), since D⊗D = D ⊕ D/2.

/// The nim product of a and b (both below 2^(2^k) for `bits` = 2^k ≤ 64).
fn product_in(a: u64, b: u64, bits: u32) -> u64 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high = product_in(a1, b1, half);
    let low = product_in(a0, b0, half);
    // Karatsuba: a₁b₀ ⊕ a₀b₁ = (a₁⊕a₀)(b₁⊕b₀) ⊕ a₁b₁ ⊕ a₀b₀.
    let middle = product_in(a1 ^ a0, b1 ^ b0, half) ^ high ^ low;
    let half_fermat = 1u64 << (half - 1);
    ((middle ^ high) << half) ^ low ^ product_in(high, half_fermat, half)
}

/// a ⊗ b.
pub fn nim_product(a: u64, b: u64) -> u64 {
    product_in(a, b, 64)
}

/// a^n under the nim product (a^0 = 1).
pub fn nim_pow(a: u64, mut n: u128) -> u64 {
    let mut base = a;
    let mut result = 1u64;
    while n > 0 {
        if n & 1 == 1 {
            result = nim_product(result, base);
        }
        base = nim_product(base, base);
        n >>= 1;
    }
    result
}

/// The nim inverse of a ≠ 0: a^(2^64 − 2) in GF(2^64).
pub fn nim_inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| nim_pow(a, (1u128 << 64) - 2))
}

/// a ⊘ b = a ⊗ b⁻¹ (b ≠ 0).
pub fn nim_div(a: u64, b: u64) -> Option<u64> {
    nim_inverse(b).map(|inv| nim_product(a, inv))
}

/// CGSuite's ugly product: bilinear for xor in each argument, and on powers of two
/// 2^m ⊠ 2^n = 2^n (m = 0), 2^m (n = 0), 2^m + 2^(n−1) (m > n > 0), 2^n + 2^(m−1)
/// (n > m > 0), 2^(m−1) (m = n > 0).
pub fn ugly_product(a: u64, b: u64) -> u64 {
    let mut product = 0;
    for m in set_bits(a) {
        for n in set_bits(b) {
            product ^= ugly_product_of_powers(m, n);
        }
    }
    product
}

fn ugly_product_of_powers(m: u32, n: u32) -> u64 {
    match (m, n) {
        (0, n) => 1 << n,
        (m, 0) => 1 << m,
        (m, n) if m > n => (1 << m) | (1 << (n - 1)),
        (m, n) if n > m => (1 << n) | (1 << (m - 1)),
        (m, _) => 1 << (m - 1),
    }
}

/// The positions of the one bits of `a`.
fn set_bits(a: u64) -> impl Iterator<Item = u32> {
    (0..64).filter(move |&i| a >> i & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nim product by the mex definition: a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}.
    fn slow_product(a: u64, b: u64, table: &mut [Vec<u64>]) -> u64 {
        let mut seen = vec![false; 512];
        for x in 0..a {
            for y in 0..b {
                let v = table[x as usize][b as usize]
                    ^ table[a as usize][y as usize]
                    ^ table[x as usize][y as usize];
                seen[v as usize] = true;
            }
        }
        seen.iter().position(|&s| !s).unwrap() as u64
    }

    #[test]
    fn agrees_with_the_definition_below_32() {
        let mut table = vec![vec![0u64; 32]; 32];
        for a in 0..32u64 {
            for b in 0..32u64 {
                table[a as usize][b as usize] = slow_product(a, b, &mut table);
            }
        }
        for a in 0..32u64 {
            for b in 0..32u64 {
                assert_eq!(
                    nim_product(a, b),
                    table[a as usize][b as usize],
                    "{a} ⊗ {b}"
                );
            }
        }
    }

    #[test]
    fn eight_times_small_numbers() {
        // 8 ⊗ n for n = 1..16 (theory text 004).
        let expected = [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128];
        for (n, &e) in (1..=16u64).zip(expected.iter()) {
            assert_eq!(nim_product(8, n), e, "8 ⊗ {n}");
        }
    }

    #[test]
    fn field_laws_on_large_values() {
        let samples = [
            1u64,
            2,
            3,
            255,
            256,
            65_537,
            0xdead_beef,
            u64::MAX,
            1 << 63,
            0x1234_5678_9abc_def0,
        ];
        for &a in &samples {
            let inv = nim_inverse(a).unwrap();
            assert_eq!(nim_product(a, inv), 1, "{a}");
            for &b in &samples {
                assert_eq!(nim_product(a, b), nim_product(b, a));
                for &c in &samples[..4] {
                    assert_eq!(
                        nim_product(nim_product(a, b), c),
                        nim_product(a, nim_product(b, c))
                    );
                    assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
                }
            }
        }
        assert_eq!(nim_inverse(16), Some(170));
        assert_eq!(nim_div(11, 16), Some(68));
        assert_eq!(nim_inverse(0), None);
    }

    #[test]
    fn ugly_products_follow_the_definition() {
        // CGSuite's 14 ⊠ n, from its test suite.
        let expected = [(2, 13), (5, 3), (7, 14), (9, 9), (10, 10), (13, 4), (14, 7)];
        for (n, product) in expected {
            assert_eq!(ugly_product(14, n), product, "14 UglyProduct {n}");
        }
        // Bilinear for xor, commutative, 1 is the identity and 0 annihilates.
        for a in 0..64u64 {
            assert_eq!(ugly_product(a, 1), a);
            assert_eq!(ugly_product(a, 0), 0);
            for b in 0..64u64 {
                assert_eq!(ugly_product(a, b), ugly_product(b, a));
                for c in [3u64, 17, 40] {
                    assert_eq!(
                        ugly_product(a ^ c, b),
                        ugly_product(a, b) ^ ugly_product(c, b)
                    );
                }
            }
        }
    }
}
