//! Field laws of the ordinal nim product (spec §4.5 self-checks) on random ordinals of levels
//! ≤ 6 with small digits, nim powers against repeated products, and the finite product against
//! independent references (mex for small values, the Fermat-power rules on u64).

use cgcalc_core::engine::ordinal::{GenOrdinal, finite_nim_product, nim_exp, nim_product, nim_sum};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// An ordinal with 1–3 terms; exponents Σ_{k≤6} ω^k·aₖ with aₖ < 30 on a few levels.
fn ordinal() -> impl Strategy<Value = GenOrdinal> {
    let exponent = prop::collection::vec((0i64..=6, 0u32..30), 0..3);
    let term = (exponent, 1u64..=u64::MAX);
    prop::collection::vec(term, 1..=3).prop_map(|terms| {
        let pairs = terms.into_iter().map(|(levels, c)| {
            let exp = levels.into_iter().fold(GenOrdinal::zero(), |acc, (k, a)| {
                acc + GenOrdinal::monomial(GenOrdinal::integer(k), BigInt::from(a))
                    .expect("integer exponent")
            });
            // Keep most coefficients small so products stay readable; some use all 64 bits.
            let c = if c % 3 == 0 { c } else { c % 300 + 1 };
            (exp, BigInt::from(c))
        });
        GenOrdinal::from_terms(pairs).expect("ordinal exponents")
    })
}

fn mul(a: &GenOrdinal, b: &GenOrdinal) -> GenOrdinal {
    nim_product(a, b).expect("levels ≤ 6 are in range")
}
fn add(a: &GenOrdinal, b: &GenOrdinal) -> GenOrdinal {
    nim_sum(a, b).expect("ordinals")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn commutative(a in ordinal(), b in ordinal()) {
        prop_assert_eq!(mul(&a, &b), mul(&b, &a));
    }

    #[test]
    fn associative(a in ordinal(), b in ordinal(), c in ordinal()) {
        prop_assert_eq!(mul(&mul(&a, &b), &c), mul(&a, &mul(&b, &c)));
    }

    #[test]
    fn distributive(a in ordinal(), b in ordinal(), c in ordinal()) {
        prop_assert_eq!(mul(&a, &add(&b, &c)), add(&mul(&a, &b), &mul(&a, &c)));
    }

    #[test]
    fn one_is_neutral_and_sum_is_xor(a in ordinal()) {
        let one = GenOrdinal::one();
        prop_assert_eq!(mul(&a, &one), a.clone());
        prop_assert_eq!(mul(&one, &a), a.clone());
        prop_assert!(add(&a, &a).is_zero());
        prop_assert_eq!(add(&a, &GenOrdinal::zero()), a);
    }

    #[test]
    fn exp_is_repeated_product(a in ordinal(), e in 0u32..12) {
        let mut expected = GenOrdinal::one();
        for _ in 0..e {
            expected = mul(&expected, &a);
        }
        prop_assert_eq!(nim_exp(&a, &BigInt::from(e)).unwrap(), expected);
    }

    #[test]
    fn frobenius(a in ordinal(), b in ordinal()) {
        let two = BigInt::from(2);
        let lhs = nim_exp(&add(&a, &b), &two).unwrap();
        let rhs = add(&nim_exp(&a, &two).unwrap(), &nim_exp(&b, &two).unwrap());
        prop_assert_eq!(lhs, rhs);
    }
}

// ---------------------------------------------------------------------------------------------
// Finite references
// ---------------------------------------------------------------------------------------------

/// The mex definition a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'} for a, b < 64.
fn mex_table() -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; 64]; 64];
    for a in 0..64 {
        for b in 0..64 {
            let mut seen = [false; 256];
            for a2 in 0..a {
                for b2 in 0..b {
                    seen[(t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize] = true;
                }
            }
            t[a][b] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    t
}

/// Textbook rule on u64, by bilinearity over bits: 2^x ⊗ 2^y is 2^(x|y) when x, y share no bit;
/// otherwise, for the highest common bit i and F = 2^(2^i), it is (F ⊕ F/2) ⊗ (2^(x−2^i) ⊗
/// 2^(y−2^i)). The 64×64 products of 2-powers are memoised.
fn reference_product(a: u64, b: u64) -> u64 {
    let mut memo = vec![[None; 64]; 64];
    product_with(a, b, &mut memo)
}

fn product_with(a: u64, b: u64, memo: &mut [[Option<u64>; 64]]) -> u64 {
    let mut out = 0;
    for x in 0..64 {
        for y in 0..64 {
            if a >> x & 1 == 1 && b >> y & 1 == 1 {
                out ^= powers_with(x, y, memo);
            }
        }
    }
    out
}

fn powers_with(x: usize, y: usize, memo: &mut [[Option<u64>; 64]]) -> u64 {
    if let Some(v) = memo[x][y] {
        return v;
    }
    let common = x & y;
    let v = if common == 0 {
        1 << (x | y)
    } else {
        let i = common.ilog2();
        let f = 1u64 << (1u32 << i);
        let rest = powers_with(x - (1 << i), y - (1 << i), memo);
        product_with(f ^ (f >> 1), rest, memo)
    };
    memo[x][y] = Some(v);
    v
}

#[test]
fn finite_product_matches_mex_below_64() {
    let t = mex_table();
    for a in 0..64u64 {
        for b in 0..64u64 {
            let got = finite_nim_product(&BigUint::from(a), &BigUint::from(b));
            assert_eq!(got, BigUint::from(t[a as usize][b as usize]), "{a} ⊗ {b}");
            assert_eq!(reference_product(a, b), t[a as usize][b as usize]);
        }
    }
}

fn big(limbs: &[u64]) -> BigUint {
    limbs
        .iter()
        .rev()
        .fold(BigUint::default(), |acc, &l| (acc << 64u32) + l)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn finite_product_matches_u64_reference(a: u64, b: u64) {
        let got = finite_nim_product(&BigUint::from(a), &BigUint::from(b));
        prop_assert_eq!(got, BigUint::from(reference_product(a, b)));
    }

    #[test]
    fn finite_field_laws_on_big_integers(
        a in prop::collection::vec(any::<u64>(), 1..20),
        b in prop::collection::vec(any::<u64>(), 1..20),
        c in prop::collection::vec(any::<u64>(), 1..5),
    ) {
        let (a, b, c) = (big(&a), big(&b), big(&c));
        let ab = finite_nim_product(&a, &b);
        prop_assert_eq!(&ab, &finite_nim_product(&b, &a));
        prop_assert_eq!(
            finite_nim_product(&ab, &c),
            finite_nim_product(&a, &finite_nim_product(&b, &c))
        );
        prop_assert_eq!(
            finite_nim_product(&a, &(&b ^ &c)),
            &ab ^ &finite_nim_product(&a, &c)
        );
    }
}

#[test]
fn finite_fermat_fields_are_closed() {
    // Every x < 2^128 lies in GF(2^128): x^(2^128) = x, by 128 squarings.
    let mut x = big(&[0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210]);
    let start = x.clone();
    for _ in 0..128 {
        x = finite_nim_product(&x, &x);
    }
    assert_eq!(x, start);
    // And 2^64 ∈ GF(2^128) \ GF(2^64): 64 squarings do not return it.
    let f = big(&[0, 1]);
    let mut y = f.clone();
    for _ in 0..64 {
        y = finite_nim_product(&y, &y);
    }
    assert_ne!(y, f);
}

// ---------------------------------------------------------------------------------------------
// The α table against field degrees
// ---------------------------------------------------------------------------------------------

/// p_{k+1} for level k.
const PRIMES: [u64; 55] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193,
    197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263,
];

/// A multiple of the degree of x over 𝔽₂: lcm over its terms of the degree of the finite
/// coefficient (2^j for c < 2^(2^j)) and of each κ-unit κ(k,n) used, p^(n+1)·deg(α at level k).
fn degree_bound(x: &GenOrdinal, alpha_degree: &[u64]) -> u64 {
    use num_integer::Integer;
    use num_traits::{ToPrimitive, Zero};
    let mut n = 1u64;
    for (e, c) in x.terms() {
        let mut j = 1u64;
        while j < c.bits() {
            j *= 2;
        }
        n = n.lcm(&j);
        for (level, a) in e.terms() {
            let k = level
                .to_integer()
                .and_then(|k| k.to_usize())
                .expect("finite level");
            let p = PRIMES[k];
            let (mut a, mut pos) = (a.clone(), 0u32);
            while !a.is_zero() {
                if !(&a % p).is_zero() {
                    n = n.lcm(&(p.pow(pos + 1) * alpha_degree[k]));
                }
                a /= p;
                pos += 1;
            }
        }
    }
    n
}

/// For each level k whose field is small enough, κ(k,0) = ω^(ω^k) has degree exactly
/// N = p·deg(αₚ) over 𝔽₂ (x^p = αₚ is irreducible, Lenstra): x^(2^N) = x, and x^(2^(N/r)) ≠ x
/// for each prime r | N. A wrong α entry would almost surely change the degree.
#[test]
fn kappa_units_have_the_expected_degree() {
    use cgcalc_core::engine::ordinal::nim_alpha;
    use num_traits::One;
    let checked: &[usize] = if cfg!(debug_assertions) {
        &[0, 1, 2, 3, 4, 5, 6, 9, 11, 53]
    } else {
        &[0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 19, 23, 27, 51, 53]
    };
    let mut alpha_degree = Vec::new();
    for k in 0..54 {
        let alpha = nim_alpha(k).expect("levels 0..=53 have α");
        alpha_degree.push(degree_bound(alpha, &alpha_degree));
        if !checked.contains(&k) {
            continue;
        }
        let n = PRIMES[k] * alpha_degree[k];
        let level = GenOrdinal::integer(k as i64);
        let x = GenOrdinal::monomial(
            GenOrdinal::monomial(level, BigInt::one()).unwrap(),
            BigInt::one(),
        )
        .unwrap();
        let frobenius = |m: u64| nim_exp(&x, &(BigInt::one() << m)).unwrap();
        assert_eq!(frobenius(n), x, "level {k}: x^(2^{n}) ≠ x");
        let mut rest = n;
        for r in 2..=n {
            if rest.is_multiple_of(r) {
                while rest.is_multiple_of(r) {
                    rest /= r;
                }
                assert_ne!(frobenius(n / r), x, "level {k}: degree divides {}", n / r);
            }
        }
    }
}
