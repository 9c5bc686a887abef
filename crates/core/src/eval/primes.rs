//! `IsPrime` and `PrimeFactors` (cgcalc extensions, language.md §8) for integers below 2^64:
//! a deterministic Miller–Rabin test and Pollard's rho (Brent's variant) for factoring, so
//! that even a product of two 32-bit primes factors at once.

use super::{EvalError, EvalResult};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

/// Whether n is prime (false for n < 2).
pub fn is_prime(n: &BigInt) -> EvalResult<bool> {
    if n.is_negative() {
        return Ok(false);
    }
    Ok(prime_u64(small(n, "IsPrime")?))
}

/// The prime factors of n ≥ 1, ascending, with repeats (`12` gives `[2,2,3]`).
pub fn prime_factors(n: &BigInt) -> EvalResult<Vec<u64>> {
    if !n.is_positive() {
        return Err(EvalError::new(format!(
            "PrimeFactors applies to positive integers, found {n}"
        )));
    }
    let mut out = Vec::new();
    factor(small(n, "PrimeFactors")?, &mut out);
    out.sort_unstable();
    Ok(out)
}

fn small(n: &BigInt, what: &str) -> EvalResult<u64> {
    n.to_u64()
        .ok_or_else(|| EvalError::new(format!("{what} applies to integers below 2^64")))
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Miller–Rabin with the first twelve primes as bases, which is exact below 2^64.
fn prime_u64(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn factor(n: u64, out: &mut Vec<u64>) {
    if n == 1 {
        return;
    }
    if prime_u64(n) {
        out.push(n);
        return;
    }
    for p in [2u64, 3, 5, 7, 11, 13] {
        if n.is_multiple_of(p) {
            out.push(p);
            factor(n / p, out);
            return;
        }
    }
    let d = rho(n);
    factor(d, out);
    factor(n / d, out);
}

/// A non-trivial divisor of the composite n (no factor below 17), by Brent's rho.
fn rho(n: u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    for c in 1u64.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut g) = (2u64, 2u64, 1u64);
        while g == 1 {
            x = f(x);
            y = f(f(y));
            g = gcd(x.abs_diff(y), n);
        }
        if g != n {
            return g;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_and_factors() {
        let primes: Vec<u64> = (0..50).filter(|&n| prime_u64(n)).collect();
        assert_eq!(
            primes,
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
        );
        assert!(prime_u64(18_446_744_073_709_551_557));
        let f = prime_factors(&BigInt::from(4_294_967_291u64 * 4_294_967_279u64)).unwrap();
        assert_eq!(f, [4_294_967_279, 4_294_967_291]);
        assert_eq!(
            prime_factors(&BigInt::from(360)).unwrap(),
            [2, 2, 2, 3, 3, 5]
        );
        assert!(prime_factors(&BigInt::from(1)).unwrap().is_empty());
        assert!(prime_factors(&BigInt::from(0)).is_err());
    }
}
