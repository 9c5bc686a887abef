//! Exact dyadic rationals `m / 2^k`, the numbers that are short games.
//!
//! Stored as an `i128` numerator over a power of two, always in lowest terms, so equal values
//! have equal representations. Every operation is checked: overflow is reported, never wrapped.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// Largest denominator exponent we keep; beyond it arithmetic reports overflow.
const MAX_EXP: u32 = 120;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    /// Odd, or the exponent is 0.
    num: i128,
    /// The value is `num / 2^exp`.
    exp: u32,
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    pub fn from_int(n: i64) -> Dyadic {
        Dyadic {
            num: n as i128,
            exp: 0,
        }
    }

    pub fn from_i128(n: i128) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced; `None` if `exp` is beyond the supported range.
    pub fn new(num: i128, exp: u32) -> Option<Dyadic> {
        let mut d = Dyadic { num, exp };
        d.normalize();
        (d.exp <= MAX_EXP).then_some(d)
    }

    fn normalize(&mut self) {
        if self.num == 0 {
            self.exp = 0;
            return;
        }
        let tz = self.num.trailing_zeros().min(self.exp);
        self.num >>= tz;
        self.exp -= tz;
    }

    pub fn numerator(&self) -> i128 {
        self.num
    }

    /// The exponent k of the denominator 2^k.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// The day the number is born: |n| for an integer n; for m/2^k in lowest terms (k ≥ 1),
    /// 1 + ⌊|m|/2^k⌋ + k (the integer part, the step to the first half, then one step per
    /// binary digit). `None` if it does not fit.
    pub fn birthday(&self) -> Option<u128> {
        if self.is_integer() {
            return Some(self.num.unsigned_abs());
        }
        let whole = self.num.unsigned_abs() >> self.exp;
        whole.checked_add(1)?.checked_add(u128::from(self.exp))
    }

    pub fn signum(&self) -> i32 {
        self.num.signum() as i32
    }

    /// Scale `num` up to exponent `exp` (≥ self.exp).
    fn scaled_num(&self, exp: u32) -> Option<i128> {
        let shift = exp - self.exp;
        if shift >= 127 {
            return if self.num == 0 { Some(0) } else { None };
        }
        self.num.checked_mul(1i128 << shift)
    }

    pub fn checked_add(&self, other: &Dyadic) -> Option<Dyadic> {
        let exp = self.exp.max(other.exp);
        let sum = self.scaled_num(exp)?.checked_add(other.scaled_num(exp)?)?;
        Dyadic::new(sum, exp)
    }

    pub fn checked_sub(&self, other: &Dyadic) -> Option<Dyadic> {
        self.checked_add(&other.checked_neg()?)
    }

    pub fn checked_neg(&self) -> Option<Dyadic> {
        Some(Dyadic {
            num: self.num.checked_neg()?,
            exp: self.exp,
        })
    }

    pub fn checked_mul(&self, other: &Dyadic) -> Option<Dyadic> {
        let num = self.num.checked_mul(other.num)?;
        Dyadic::new(num, self.exp.checked_add(other.exp)?)
    }

    pub fn checked_mul_int(&self, n: i128) -> Option<Dyadic> {
        Dyadic::new(self.num.checked_mul(n)?, self.exp)
    }

    /// self / 2
    pub fn half(&self) -> Option<Dyadic> {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// 1 / 2^k
    pub fn unit(k: u32) -> Option<Dyadic> {
        Dyadic::new(1, k)
    }

    pub fn floor(&self) -> i128 {
        if self.exp == 0 {
            self.num
        } else {
            self.num >> self.exp
        }
    }

    pub fn ceil(&self) -> i128 {
        if self.exp == 0 {
            self.num
        } else {
            (self.num >> self.exp) + 1
        }
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent = unbounded);
    /// requires lo < hi when both are present. This is the value of `{lo | hi}`.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        match (lo, hi) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => {
                // smallest integer > l, but at least 0
                if l.num < 0 {
                    Some(Dyadic::ZERO)
                } else {
                    Some(Dyadic::from_i128(l.floor().checked_add(1)?))
                }
            }
            (None, Some(h)) => {
                if h.num > 0 {
                    Some(Dyadic::ZERO)
                } else {
                    Some(Dyadic::from_i128(h.ceil().checked_sub(1)?))
                }
            }
            (Some(l), Some(h)) => {
                debug_assert!(l < h);
                if l.num < 0 && h.num > 0 {
                    return Some(Dyadic::ZERO);
                }
                // The integer closest to zero strictly inside, if any.
                let lo_int = l.floor().checked_add(1)?; // smallest integer > l
                let hi_int = h.ceil().checked_sub(1)?; // largest integer < h
                if lo_int <= hi_int {
                    return Some(Dyadic::from_i128(if l.num >= 0 { lo_int } else { hi_int }));
                }
                // No integer strictly between: find the coarsest grid 2^-k with a point inside.
                let mut k = 1u32;
                loop {
                    if k > MAX_EXP {
                        return None;
                    }
                    // smallest multiple of 2^-k strictly greater than l
                    let scaled_l = l.scaled_num(k.max(l.exp))?;
                    let step_exp = k.max(l.exp);
                    let unit = 1i128 << (step_exp - k);
                    let candidate = (scaled_l.div_euclid(unit) + 1) * unit;
                    let c = Dyadic::new(candidate, step_exp)?;
                    if c < h {
                        return Some(c);
                    }
                    k += 1;
                }
            }
        }
    }

    /// The nearest `f64`. Rounding to nearest is monotone (x ≤ y gives x.approx() ≤
    /// y.approx()), so unequal approximations order their values exactly; equal ones say
    /// nothing (two values may round alike).
    pub fn approx(&self) -> f64 {
        // 2^−exp built from its bits (exponents stay far above the subnormal range):
        // multiplying by a power of two is exact, so the value is rounded once.
        let scale = f64::from_bits(u64::from(1023 - self.exp.min(1000)) << 52);
        self.num as f64 * scale
    }

    pub fn to_rational(&self) -> BigRational {
        // Already in lowest terms (the numerator is odd unless the exponent is 0), so the gcd
        // that `BigRational::new` runs is skipped: listing a number's followers spent a fifth
        // of its time reducing fractions that were reduced.
        BigRational::new_raw(BigInt::from(self.num), BigInt::one() << self.exp)
    }

    /// The value as an `i64`, if it is an integer that fits.
    pub fn to_small_integer(&self) -> Option<i64> {
        if self.exp == 0 {
            i64::try_from(self.num).ok()
        } else {
            None
        }
    }

    /// `None` if `r` is not dyadic or too large.
    pub fn from_rational(r: &BigRational) -> Option<Dyadic> {
        let den = r.denom();
        if den.is_zero() {
            return None;
        }
        let exp = den.bits().checked_sub(1)?;
        if (BigInt::one() << exp) != *den {
            return None;
        }
        let num = r.numer().to_i128()?;
        Dyadic::new(num, u32::try_from(exp).ok()?)
    }

    /// True when `r` is a dyadic rational (whatever its size).
    pub fn is_dyadic_rational(r: &BigRational) -> bool {
        let den = r.denom().abs();
        !den.is_zero() && (&den & (&den - BigInt::one())).is_zero()
    }
}

impl Ord for Dyadic {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Stops are compared before every uncached comparison of games, mostly integers.
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let exp = self.exp.max(other.exp);
        match (self.scaled_num(exp), other.scaled_num(exp)) {
            (Some(a), Some(b)) => a.cmp(&b),
            // Scaling overflowed: fall back to exact big rationals (rare).
            _ => self.to_rational().cmp(&other.to_rational()),
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u128 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    /// The f64 rounding never reverses an order and is exact for small dyadics.
    #[test]
    fn approximations_are_monotone() {
        assert_eq!(d(-3, 2).approx(), -0.75);
        assert_eq!(d(5, 120).approx(), 5.0 * 2f64.powi(-120));
        let mut values = vec![
            d(1, 0),
            d(-1, 0),
            d(3, 1),
            d(i128::MAX, 0),
            d(i128::MAX - 1, 0),
            d(i128::MIN, 0),
            d((1 << 80) + 1, 3),
            d(1 << 80, 3),
            d(1, 120),
            d(-1, 120),
            Dyadic::ZERO,
        ];
        values.sort();
        for pair in values.windows(2) {
            assert!(
                pair[0].approx() <= pair[1].approx(),
                "{} {}",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn normalizes_and_prints() {
        assert_eq!(d(4, 2), Dyadic::ONE);
        assert_eq!(d(6, 2).to_string(), "3/2");
        assert_eq!(d(-25, 4).to_string(), "-25/16");
        assert_eq!(d(0, 5), Dyadic::ZERO);
    }

    #[test]
    fn arithmetic_is_exact_and_checked() {
        assert_eq!(d(1, 1).checked_add(&d(1, 2)).unwrap(), d(3, 2));
        assert_eq!(d(1, 1).checked_sub(&d(1, 1)).unwrap(), Dyadic::ZERO);
        assert!(
            Dyadic::from_i128(i128::MAX)
                .checked_add(&Dyadic::ONE)
                .is_none()
        );
        assert!(Dyadic::from_i128(i128::MIN).checked_neg().is_none());
    }

    #[test]
    fn floor_and_ceil() {
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        assert_eq!(d(5, 2).floor(), 1);
        assert_eq!(d(5, 2).ceil(), 2);
        assert_eq!(d(7, 0).ceil(), 7);
    }

    #[test]
    fn simplest_number_rule() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(Dyadic::ZERO), None), Dyadic::ONE);
        assert_eq!(s(Some(d(3, 1)), None), d(2, 0));
        assert_eq!(s(None, Some(d(-3, 1))), d(-2, 0));
        assert_eq!(s(Some(Dyadic::ZERO), Some(Dyadic::ONE)), d(1, 1));
        assert_eq!(s(Some(Dyadic::ZERO), Some(d(1, 1))), d(1, 2));
        assert_eq!(s(Some(d(5, 2)), Some(d(2, 0))), d(3, 1)); // {5/4|2} = 3/2
        assert_eq!(s(Some(d(-1, 0)), Some(d(5, 0))), Dyadic::ZERO);
        assert_eq!(s(Some(d(1, 0)), Some(d(5, 0))), d(2, 0));
        assert_eq!(s(Some(d(-5, 0)), Some(d(-1, 0))), d(-2, 0));
        assert_eq!(s(Some(d(3, 3)), Some(d(1, 1))), d(7, 4)); // between 3/8 and 1/2
        assert_eq!(s(Some(d(-1, 1)), Some(d(-3, 3))), d(-7, 4));
    }

    #[test]
    fn rational_round_trip() {
        let r = BigRational::new(BigInt::from(-10810368), BigInt::from(65536));
        let x = Dyadic::from_rational(&r).unwrap();
        assert_eq!(x.to_rational(), r);
        assert!(Dyadic::from_rational(&BigRational::new(1.into(), 3.into())).is_none());
        assert!(Dyadic::is_dyadic_rational(&BigRational::new(
            3.into(),
            16.into()
        )));
    }
}
