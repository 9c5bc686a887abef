//! Times the 32×32 table of nim products of 32 pseudo-random ordinals below ω^(ω^3): several
//! terms each, exponents on levels 0–2 with coefficients up to 10^9, coefficients up to 2^64.
//! Prints the best of 5 runs (issue 28 asks for this figure).
//!
//! Run with `cargo bench --bench transfinite`.

use std::time::{Duration, Instant};

use cgcalc_core::engine::ordinal::{GenOrdinal, nim_product};
use num_bigint::BigInt;

/// The binary's allocator (counting mimalloc), so that timings are the binary's.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

/// SplitMix64: deterministic, good enough to vary the inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_ordinal(rng: &mut Rng) -> GenOrdinal {
    let terms = 2 + rng.below(5); // 2..=6 terms
    let mut pairs = Vec::new();
    for _ in 0..terms {
        let mut exp = GenOrdinal::zero();
        for level in 0..3i64 {
            if rng.below(3) > 0 {
                // Digits of varied size: small, around 10^4, up to 10^9.
                let a = match rng.below(3) {
                    0 => rng.below(30),
                    1 => rng.below(10_000),
                    _ => rng.below(1_000_000_000),
                };
                let term = GenOrdinal::monomial(GenOrdinal::integer(level), BigInt::from(a))
                    .expect("integer exponent");
                exp = exp + term;
            }
        }
        let c = match rng.below(3) {
            0 => 1 + rng.below(16),
            1 => 1 + rng.below(1 << 32),
            _ => rng.next().max(1),
        };
        pairs.push((exp, BigInt::from(c)));
    }
    GenOrdinal::from_terms(pairs).expect("ordinal exponents")
}

fn main() {
    let mut rng = Rng(0x5eed_2024);
    let xs: Vec<GenOrdinal> = (0..32).map(|_| random_ordinal(&mut rng)).collect();
    let total_terms: usize = xs.iter().map(GenOrdinal::num_terms).sum();
    println!("32 ordinals, {total_terms} terms in all; e.g. {}", xs[0]);

    let mut best = Duration::MAX;
    let mut out_terms = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let mut terms = 0;
        for x in &xs {
            for y in &xs {
                let p = nim_product(x, y).expect("levels ≤ 2 are in range");
                terms += p.num_terms();
            }
        }
        best = best.min(start.elapsed());
        out_terms = terms;
    }
    println!(
        "32×32 nim products: best of 5 = {:.2} ms ({:.1} µs per product, {out_terms} result terms)",
        best.as_secs_f64() * 1e3,
        best.as_secs_f64() * 1e6 / 1024.0
    );

    // Exponents with ~360-digit coefficients on levels 0..=6, 4 terms each.
    let huge = |seed: u64| -> BigInt {
        (0..40).fold(BigInt::from(seed), |v, i| {
            v * BigInt::from(1_000_000_007u64) + BigInt::from(seed * 31 + i)
        })
    };
    let big_ordinal = |salt: u64| -> GenOrdinal {
        let terms = (0..4u64).map(|t| {
            let exp = (0..7i64).fold(GenOrdinal::zero(), |acc, k| {
                acc + GenOrdinal::monomial(GenOrdinal::integer(k), huge(t * 7 + k as u64 + salt))
                    .expect("integer exponent")
            });
            (exp, huge(t + 100 + salt))
        });
        GenOrdinal::from_terms(terms).expect("ordinal exponents")
    };
    let (x, y) = (big_ordinal(1), big_ordinal(3));
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        let p = nim_product(&x, &y).expect("in range");
        best = best.min(start.elapsed());
        assert!(!p.is_zero());
    }
    println!(
        "4-term × 4-term product, levels 0..=6 with 360-digit exponent coefficients: {:.3} ms",
        best.as_secs_f64() * 1e3
    );
}
