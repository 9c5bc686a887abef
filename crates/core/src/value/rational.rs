//! Exact rational numbers as values: an integer that fits in 64 bits is stored inline, anything
//! else as a shared big rational.
//!
//! User programs spend most of their time on small integers (heap sizes, loop counters,
//! indices). Stored as `BigRational`, each of them costs two heap allocations to create or
//! copy; stored inline they cost none, which makes the interpreter several times faster. The
//! two forms are kept canonical (an integer that fits is always `Small`), so equality and
//! hashing can compare the representation.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Add, Div, Mul, Neg, Rem, Sub};
use std::rc::Rc;

/// An exact rational number.
#[derive(Clone)]
pub struct Rational(Repr);

#[derive(Clone)]
enum Repr {
    Small(i64),
    /// Never an integer that fits in an `i64`.
    Big(Rc<BigRational>),
}

impl Rational {
    pub fn zero() -> Self {
        Rational(Repr::Small(0))
    }

    pub fn one() -> Self {
        Rational(Repr::Small(1))
    }

    /// The number as a big rational (borrowed when it is stored that way).
    pub fn big(&self) -> Cow<'_, BigRational> {
        match &self.0 {
            Repr::Small(n) => Cow::Owned(BigRational::from_integer(BigInt::from(*n))),
            Repr::Big(r) => Cow::Borrowed(r),
        }
    }

    pub fn into_big(self) -> BigRational {
        match self.0 {
            Repr::Small(n) => BigRational::from_integer(BigInt::from(n)),
            Repr::Big(r) => Rc::try_unwrap(r).unwrap_or_else(|r| (*r).clone()),
        }
    }

    /// The integer, if this is one that fits in an `i64`.
    pub fn small(&self) -> Option<i64> {
        match self.0 {
            Repr::Small(n) => Some(n),
            Repr::Big(_) => None,
        }
    }

    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small(_) => true,
            Repr::Big(r) => r.is_integer(),
        }
    }

    pub fn numer(&self) -> BigInt {
        match &self.0 {
            Repr::Small(n) => BigInt::from(*n),
            Repr::Big(r) => r.numer().clone(),
        }
    }

    pub fn denom(&self) -> BigInt {
        match &self.0 {
            Repr::Small(_) => BigInt::one(),
            Repr::Big(r) => r.denom().clone(),
        }
    }

    /// The integer part, rounded toward zero.
    pub fn to_integer(&self) -> BigInt {
        match &self.0 {
            Repr::Small(n) => BigInt::from(*n),
            Repr::Big(r) => r.to_integer(),
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small(n) => *n < 0,
            Repr::Big(r) => r.is_negative(),
        }
    }

    pub fn is_positive(&self) -> bool {
        match &self.0 {
            Repr::Small(n) => *n > 0,
            Repr::Big(r) => r.is_positive(),
        }
    }

    pub fn abs(&self) -> Rational {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    pub fn signum(&self) -> Rational {
        Rational::from(match self.cmp(&Rational::zero()) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        })
    }

    pub fn floor(&self) -> Rational {
        match &self.0 {
            Repr::Small(_) => self.clone(),
            Repr::Big(r) => r.floor().into(),
        }
    }

    pub fn ceil(&self) -> Rational {
        match &self.0 {
            Repr::Small(_) => self.clone(),
            Repr::Big(r) => r.ceil().into(),
        }
    }

    /// 1/x; the caller rules out zero.
    pub fn recip(&self) -> Rational {
        self.big().recip().into()
    }

    fn from_big(r: BigRational) -> Rational {
        if r.is_integer()
            && let Some(n) = r.numer().to_i64()
        {
            return Rational(Repr::Small(n));
        }
        Rational(Repr::Big(Rc::new(r)))
    }
}

impl From<crate::engine::Dyadic> for Rational {
    fn from(d: crate::engine::Dyadic) -> Self {
        match d.to_small_integer() {
            Some(n) => Rational(Repr::Small(n)),
            None => d.to_rational().into(),
        }
    }
}

impl From<BigRational> for Rational {
    fn from(r: BigRational) -> Self {
        Rational::from_big(r)
    }
}

impl From<&BigRational> for Rational {
    fn from(r: &BigRational) -> Self {
        Rational::from_big(r.clone())
    }
}

impl From<BigInt> for Rational {
    fn from(n: BigInt) -> Self {
        match n.to_i64() {
            Some(n) => Rational(Repr::Small(n)),
            None => Rational(Repr::Big(Rc::new(BigRational::from_integer(n)))),
        }
    }
}

macro_rules! from_primitive {
    ($($t:ty),*) => {$(
        impl From<$t> for Rational {
            fn from(n: $t) -> Self {
                match i64::try_from(n) {
                    Ok(n) => Rational(Repr::Small(n)),
                    Err(_) => Rational::from(BigInt::from(n)),
                }
            }
        }
    )*};
}
from_primitive!(
    i8, i16, i32, i64, i128, u8, u16, u32, u64, u128, usize, isize
);

impl PartialEq for Rational {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a == b,
            (Repr::Big(a), Repr::Big(b)) => a == b,
            // Canonical forms: a small and a big are never equal.
            _ => false,
        }
    }
}

impl Eq for Rational {}

impl Hash for Rational {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small(n) => {
                0u8.hash(state);
                n.hash(state);
            }
            Repr::Big(r) => {
                1u8.hash(state);
                r.hash(state);
            }
        }
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            _ => self.big().cmp(&other.big()),
        }
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(n) => write!(f, "{n}"),
            Repr::Big(r) => write!(f, "{r}"),
        }
    }
}

impl fmt::Debug for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl ToPrimitive for Rational {
    fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small(n) => Some(*n),
            Repr::Big(r) => r.to_i64(),
        }
    }

    fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(n) => u64::try_from(*n).ok(),
            Repr::Big(r) => r.to_u64(),
        }
    }

    fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small(n) => Some(i128::from(*n)),
            Repr::Big(r) => r.to_i128(),
        }
    }

    fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Small(n) => u128::try_from(*n).ok(),
            Repr::Big(r) => r.to_u128(),
        }
    }

    fn to_f64(&self) -> Option<f64> {
        match &self.0 {
            Repr::Small(n) => Some(*n as f64),
            Repr::Big(r) => r.to_f64(),
        }
    }
}

impl Neg for &Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        match &self.0 {
            Repr::Small(n) => match n.checked_neg() {
                Some(m) => Rational(Repr::Small(m)),
                None => Rational::from_big(-BigRational::from_integer(BigInt::from(*n))),
            },
            Repr::Big(r) => Rational::from_big(-(**r).clone()),
        }
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        -&self
    }
}

/// A binary operator with an inline fast path for small integers and an exact fallback.
macro_rules! arithmetic {
    ($trait:ident, $method:ident, $checked:ident) => {
        impl $trait<&Rational> for &Rational {
            type Output = Rational;
            fn $method(self, other: &Rational) -> Rational {
                if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0)
                    && let Some(c) = a.$checked(*b)
                {
                    return Rational(Repr::Small(c));
                }
                let (x, y) = (self.big(), other.big());
                Rational::from_big(exact::$method(&x, &y))
            }
        }

        impl $trait<Rational> for Rational {
            type Output = Rational;
            fn $method(self, other: Rational) -> Rational {
                $trait::$method(&self, &other)
            }
        }

        impl $trait<&Rational> for Rational {
            type Output = Rational;
            fn $method(self, other: &Rational) -> Rational {
                $trait::$method(&self, other)
            }
        }

        impl $trait<Rational> for &Rational {
            type Output = Rational;
            fn $method(self, other: Rational) -> Rational {
                $trait::$method(self, &other)
            }
        }
    };
}

arithmetic!(Add, add, checked_add);
arithmetic!(Sub, sub, checked_sub);
arithmetic!(Mul, mul, checked_mul);

impl Div<&Rational> for &Rational {
    type Output = Rational;
    /// Exact division; the caller rules out a zero divisor.
    fn div(self, other: &Rational) -> Rational {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0)
            && *b != 0
            && a.checked_rem(*b) == Some(0)
            && let Some(c) = a.checked_div(*b)
        {
            return Rational(Repr::Small(c));
        }
        Rational::from_big(exact::div(&self.big(), &other.big()))
    }
}

/// Big rational arithmetic that reduces its results with a gcd fit for operands of very
/// different sizes. `num-rational` reduces every result with `num-integer`'s binary gcd, which
/// takes one pass over the bigger operand per bit of it when the other is small: adding 0 to
/// a million-digit integer took 10 s (a gcd with the denominator 1). Integers here skip the
/// gcd altogether, and a mixed pair is first brought to one size by a Euclidean remainder.
mod exact {
    use num_bigint::{BigInt, BigUint, Sign};
    use num_integer::Integer;
    use num_rational::BigRational;
    use num_traits::{One, Zero};

    pub(super) fn add(x: &BigRational, y: &BigRational) -> BigRational {
        if x.denom() == y.denom() {
            return reduced(x.numer() + y.numer(), x.denom().clone());
        }
        reduced(
            x.numer() * y.denom() + y.numer() * x.denom(),
            x.denom() * y.denom(),
        )
    }

    pub(super) fn sub(x: &BigRational, y: &BigRational) -> BigRational {
        if x.denom() == y.denom() {
            return reduced(x.numer() - y.numer(), x.denom().clone());
        }
        reduced(
            x.numer() * y.denom() - y.numer() * x.denom(),
            x.denom() * y.denom(),
        )
    }

    pub(super) fn mul(x: &BigRational, y: &BigRational) -> BigRational {
        reduced(x.numer() * y.numer(), x.denom() * y.denom())
    }

    /// `x / y`; the caller rules out a zero `y`.
    pub(super) fn div(x: &BigRational, y: &BigRational) -> BigRational {
        reduced(x.numer() * y.denom(), x.denom() * y.numer())
    }

    /// `n / d` in lowest terms with a positive denominator (`d` is not zero).
    fn reduced(n: BigInt, d: BigInt) -> BigRational {
        let (n, d) = if d.sign() == Sign::Minus {
            (-n, -d)
        } else {
            (n, d)
        };
        if d.is_one() {
            return BigRational::new_raw(n, d);
        }
        let g = gcd(n.magnitude().clone(), d.magnitude().clone());
        if g.is_one() {
            return BigRational::new_raw(n, d);
        }
        let g = BigInt::from(g);
        BigRational::new_raw(n / &g, d / &g)
    }

    /// The greatest common divisor. Remainders first, while one operand is far longer than
    /// the other; then the binary gcd, which is quick on operands of one size.
    pub(super) fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
        loop {
            if a < b {
                std::mem::swap(&mut a, &mut b);
            }
            if b.is_zero() {
                return a;
            }
            if a.bits() - b.bits() <= 64 {
                return a.gcd(&b);
            }
            a %= &b;
        }
    }
}

impl Div<Rational> for Rational {
    type Output = Rational;
    fn div(self, other: Rational) -> Rational {
        &self / &other
    }
}

impl Rem<&Rational> for &Rational {
    type Output = Rational;
    /// The remainder of truncated division (the dividend's sign); the caller rules out zero.
    fn rem(self, other: &Rational) -> Rational {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0)
            && let Some(c) = a.checked_rem(*b)
        {
            return Rational(Repr::Small(c));
        }
        Rational::from_big(&*self.big() % &*other.big())
    }
}

impl Zero for Rational {
    fn zero() -> Self {
        Rational::zero()
    }
    fn is_zero(&self) -> bool {
        Rational::is_zero(self)
    }
}

impl One for Rational {
    fn one() -> Self {
        Rational::one()
    }
}

impl Rem<Rational> for Rational {
    type Output = Rational;
    fn rem(self, other: Rational) -> Rational {
        &self % &other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: i128, d: i128) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn integers_that_fit_are_small_and_others_big() {
        assert_eq!(Rational::from(big(6, 3)).small(), Some(2));
        assert_eq!(Rational::from(big(1, 2)).small(), None);
        assert_eq!(Rational::from(i128::MAX).small(), None);
        // Overflow falls back to the exact form.
        let max = Rational::from(i64::MAX);
        let sum = &max + &Rational::one();
        assert_eq!(sum.to_string(), "9223372036854775808");
        assert_eq!(&sum - &Rational::one(), max);
        assert_eq!(
            (-&Rational::from(i64::MIN)).to_string(),
            "9223372036854775808"
        );
    }

    #[test]
    fn gcd_of_operands_of_very_different_sizes() {
        use num_bigint::BigUint;
        let huge = BigUint::from(10u8).pow(5000) * 6u8;
        assert_eq!(
            exact::gcd(huge.clone(), BigUint::from(1u8)),
            BigUint::from(1u8)
        );
        assert_eq!(
            exact::gcd(huge.clone(), BigUint::from(4u8)),
            BigUint::from(4u8)
        );
        assert_eq!(
            exact::gcd(BigUint::from(9u8), huge.clone()),
            BigUint::from(3u8)
        );
        assert_eq!(exact::gcd(huge.clone(), BigUint::from(0u8)), huge);
    }

    proptest! {
        /// Every operation agrees with BigRational's, whatever the representation.
        #[test]
        fn arithmetic_agrees_with_big_rationals(
            a in -1i128 << 70..1i128 << 70, b in 1i128..1000, c in -1i128 << 70..1i128 << 70, d in 1i128..1000,
        ) {
            let (x, y) = (big(a, b), big(c, d));
            let (p, q) = (Rational::from(x.clone()), Rational::from(y.clone()));
            prop_assert_eq!((&p + &q).into_big(), &x + &y);
            prop_assert_eq!((&p - &q).into_big(), &x - &y);
            prop_assert_eq!((&p * &q).into_big(), &x * &y);
            if !y.is_zero() {
                prop_assert_eq!((&p / &q).into_big(), &x / &y);
                prop_assert_eq!((&p % &q).into_big(), &x % &y);
            }
            prop_assert_eq!(p.cmp(&q), x.cmp(&y));
            prop_assert_eq!(p == q, x == y);
            prop_assert_eq!(p.to_string(), x.to_string());
        }
    }
}
