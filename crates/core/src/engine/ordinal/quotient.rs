//! Quotients a/b of generalized ordinals (CGSuite's `SurrealNumber`, spec §3.2–§3.4).
//!
//! The normal form divides numerator and denominator by their GCD in ℤ\[X_γ\] and makes the
//! denominator positive; because ℤ\[X_γ\] is a UFD with units ±1 this form is unique, so the
//! derived structural equality and hash are value equality. Integer quotients are the
//! rationals in lowest terms; denominator 1 means a generalized ordinal.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::Error;
use super::gen_ordinal::GenOrdinal;
use super::poly_gcd::{div_exact, gcd, reduce};

/// Size guards for powers: coefficient bits and term-pair work per multiplication.
const POW_MAX_COEFF_BITS: u64 = 1 << 22;
const POW_MAX_PAIRS: usize = 1 << 22;

/// A quotient a/b of generalized ordinals in lowest terms with b > 0.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Surreal {
    num: GenOrdinal,
    den: GenOrdinal,
}

impl Surreal {
    pub fn zero() -> Self {
        Self::from_ordinal(GenOrdinal::zero())
    }

    pub fn one() -> Self {
        Self::from_ordinal(GenOrdinal::one())
    }

    pub fn omega() -> Self {
        Self::from_ordinal(GenOrdinal::omega())
    }

    pub fn from_ordinal(x: GenOrdinal) -> Self {
        Surreal {
            num: x,
            den: GenOrdinal::one(),
        }
    }

    pub fn from_integer(n: impl Into<BigInt>) -> Self {
        Self::from_ordinal(GenOrdinal::integer(n))
    }

    /// The rational p/q in lowest terms; q = 0 is an error.
    pub fn from_ratio(p: BigInt, q: BigInt) -> Result<Self, Error> {
        if q.is_zero() {
            return Err(Error::DivisionByZero);
        }
        let g = p.gcd(&q);
        let (mut p, mut q) = (p / &g, q / &g);
        if q.is_negative() {
            p = -p;
            q = -q;
        }
        Ok(Surreal {
            num: GenOrdinal::integer(p),
            den: GenOrdinal::integer(q),
        })
    }

    /// a/b normalised (spec §3.2); b = 0 is an error.
    pub fn new(a: GenOrdinal, b: GenOrdinal) -> Result<Self, Error> {
        if b.is_zero() {
            return Err(Error::DivisionByZero);
        }
        if b.is_one() {
            return Ok(Self::from_ordinal(a));
        }
        if let (Some(p), Some(q)) = (a.to_integer(), b.to_integer()) {
            return Self::from_ratio(p, q);
        }
        let (a, b) = reduce(&a, &b)?;
        Ok(Self::with_sign_fixed(a, b))
    }

    /// For an already coprime pair: make the denominator positive.
    fn with_sign_fixed(num: GenOrdinal, den: GenOrdinal) -> Self {
        if den.signum() < 0 {
            Surreal {
                num: -num,
                den: -den,
            }
        } else {
            Surreal { num, den }
        }
    }

    /// The numerator of the normal form.
    pub fn numerator(&self) -> &GenOrdinal {
        &self.num
    }

    /// The denominator of the normal form (positive).
    pub fn denominator(&self) -> &GenOrdinal {
        &self.den
    }

    /// The value as a generalized ordinal, if the denominator is 1.
    pub fn as_ordinal(&self) -> Option<&GenOrdinal> {
        self.den.is_one().then_some(&self.num)
    }

    /// The value as an integer, if it is one.
    pub fn as_integer(&self) -> Option<BigInt> {
        self.as_ordinal().and_then(GenOrdinal::to_integer)
    }

    /// The value as a rational p/q (q > 0, lowest terms), if it has no infinite part.
    pub fn as_rational(&self) -> Option<(BigInt, BigInt)> {
        Some((self.num.to_integer()?, self.den.to_integer()?))
    }

    /// True for ordinals (denominator 1, all coefficients positive; 0 included).
    pub fn is_ordinal(&self) -> bool {
        self.as_ordinal().is_some_and(GenOrdinal::is_ordinal)
    }

    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// −1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    pub fn abs(&self) -> Self {
        if self.signum() < 0 {
            self.neg()
        } else {
            self.clone()
        }
    }

    pub fn neg(&self) -> Self {
        Surreal {
            num: -&self.num,
            den: self.den.clone(),
        }
    }

    pub fn add(&self, other: &Self) -> Result<Self, Error> {
        self.add_sub(other, false)
    }

    pub fn sub(&self, other: &Self) -> Result<Self, Error> {
        self.add_sub(other, true)
    }

    fn add_sub(&self, other: &Self, subtract: bool) -> Result<Self, Error> {
        let combine = |x: GenOrdinal, y: GenOrdinal| if subtract { x - y } else { x + y };
        if self.den == other.den {
            // Covers the ordinal + ordinal case without any GCD.
            let num = combine(self.num.clone(), other.num.clone());
            return Self::new(num, self.den.clone());
        }
        if self.as_rational().is_some() && other.as_rational().is_some() {
            let num = combine(self.num.try_mul(&other.den)?, other.num.try_mul(&self.den)?);
            return Self::new(num, self.den.try_mul(&other.den)?);
        }
        // Henrici: with a/b, c/d in lowest terms and g = gcd(b, d), the only common factors of
        // t = a·(d/g) + c·(b/g) and (b/g)·d lie in g, so only gcd(t, g) needs cancelling.
        let g = gcd(&self.den, &other.den)?;
        let b_g = exact(&self.den, &g)?;
        let d_g = exact(&other.den, &g)?;
        let t = combine(self.num.try_mul(&d_g)?, other.num.try_mul(&b_g)?);
        if t.is_zero() {
            return Ok(Self::zero());
        }
        let g2 = gcd(&t, &g)?;
        let num = exact(&t, &g2)?;
        let den = b_g.try_mul(&exact(&other.den, &g2)?)?;
        Ok(Self::with_sign_fixed(num, den))
    }

    pub fn mul(&self, other: &Self) -> Result<Self, Error> {
        if self.den.is_one() && other.den.is_one() {
            return Ok(Self::from_ordinal(self.num.try_mul(&other.num)?));
        }
        if self.is_zero() || other.is_zero() {
            return Ok(Self::zero());
        }
        // Cross-cancellation: with both inputs in lowest terms, (a/g₁)(c/g₂) and (b/g₂)(d/g₁)
        // are coprime for g₁ = gcd(a, d), g₂ = gcd(c, b); the GCDs involve the smaller factors.
        let g1 = gcd(&self.num, &other.den)?;
        let g2 = gcd(&other.num, &self.den)?;
        let num = exact(&self.num, &g1)?.try_mul(&exact(&other.num, &g2)?)?;
        let den = exact(&self.den, &g2)?.try_mul(&exact(&other.den, &g1)?)?;
        Ok(Self::with_sign_fixed(num, den))
    }

    pub fn div(&self, other: &Self) -> Result<Self, Error> {
        self.mul(&other.recip()?)
    }

    /// 1/x; an error for 0.
    pub fn recip(&self) -> Result<Self, Error> {
        if self.is_zero() {
            return Err(Error::DivisionByZero);
        }
        // Still coprime; only the sign may need moving.
        Ok(Self::with_sign_fixed(self.den.clone(), self.num.clone()))
    }

    /// x^n for an integer n (spec §3.4 rule 3): repeated squaring, n < 0 gives 1/x^(−n).
    /// 0^0 = 1; 0^n for n < 0 is a division by zero; results past the size guards are
    /// [`Error::Overflow`].
    pub fn pow(&self, n: &BigInt) -> Result<Self, Error> {
        if n.is_zero() {
            return Ok(Self::one());
        }
        if self.is_zero() {
            return if n.is_positive() {
                Ok(Self::zero())
            } else {
                Err(Error::DivisionByZero)
            };
        }
        let m = n.magnitude();
        // gcd(a, b) = 1 implies gcd(aᵐ, bᵐ) = 1, and b > 0 implies bᵐ > 0: no GCD needed.
        let num = ordinal_pow(&self.num, m)?;
        let den = ordinal_pow(&self.den, m)?;
        if n.is_positive() {
            Ok(Surreal { num, den })
        } else {
            Ok(Self::with_sign_fixed(den, num))
        }
    }

    /// Convenience wrapper around [`Surreal::pow`].
    pub fn pow_i64(&self, n: i64) -> Result<Self, Error> {
        self.pow(&BigInt::from(n))
    }
}

/// a / g where g is known to divide a (a GCD factor); a failure would be an internal bug and
/// is reported as an error value rather than a panic.
fn exact(a: &GenOrdinal, g: &GenOrdinal) -> Result<GenOrdinal, Error> {
    if g.is_one() {
        return Ok(a.clone());
    }
    div_exact(a, g)?.ok_or(Error::Overflow)
}

/// xᵐ for m ≥ 1 with size guards.
fn ordinal_pow(x: &GenOrdinal, m: &BigUint) -> Result<GenOrdinal, Error> {
    if x.is_one() || m.is_one() {
        return Ok(x.clone());
    }
    if x.num_terms() == 1 {
        // (ω^β·c)^m = ω^(β·m)·c^m: cheap even for huge m when |c| = 1.
        let (beta, c) = x.terms().next().ok_or(Error::Overflow)?;
        let m_int = BigInt::from(m.clone());
        let exp = beta.scale(&m_int);
        let coeff = if c.abs().is_one() {
            if c.is_negative() && m.is_odd() {
                -BigInt::one()
            } else {
                BigInt::one()
            }
        } else {
            let m32 = m
                .to_u32()
                .filter(|&k| c.bits().saturating_mul(u64::from(k)) <= POW_MAX_COEFF_BITS)
                .ok_or(Error::Overflow)?;
            c.pow(m32)
        };
        return GenOrdinal::monomial(exp, coeff);
    }
    // Two or more terms: the result has at least m + 1 terms, so m must be small.
    let mut e = m.to_u64().ok_or(Error::Overflow)?;
    let mut base = x.clone();
    let mut acc = GenOrdinal::one();
    let guarded_mul = |a: &GenOrdinal, b: &GenOrdinal| -> Result<GenOrdinal, Error> {
        let pairs = a.num_terms().saturating_mul(b.num_terms());
        let bits = a.max_coeff_bits() + b.max_coeff_bits() + 64;
        if pairs > POW_MAX_PAIRS || bits > POW_MAX_COEFF_BITS {
            return Err(Error::Overflow);
        }
        a.try_mul(b)
    };
    loop {
        if e & 1 == 1 {
            acc = guarded_mul(&acc, &base)?;
        }
        e >>= 1;
        if e == 0 {
            return Ok(acc);
        }
        base = guarded_mul(&base, &base)?;
    }
}

impl GenOrdinal {
    /// ω^self (spec §3.4 rule 2): a single term for an ordinal exponent, otherwise
    /// ω^(y⁺)/ω^(y⁻) with y = y⁺ − y⁻ split by coefficient sign.
    pub fn omega_power(&self) -> Result<Surreal, Error> {
        let (pos, neg) = self.split_signs();
        let num = GenOrdinal::monomial(pos, BigInt::one())?;
        let den = GenOrdinal::monomial(neg, BigInt::one())?;
        Surreal::new(num, den)
    }
}

impl Ord for Surreal {
    /// With positive denominators, a/b < c/d iff ad < bc.
    fn cmp(&self, other: &Self) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        let s = self.signum().cmp(&other.signum());
        if s != Ordering::Equal {
            return s;
        }
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }
}

impl PartialOrd for Surreal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Surreal {
    /// Spec §2.2: a generalized ordinal prints as such; otherwise numerator `/` denominator,
    /// each parenthesised iff it has more than one term.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() {
            return write!(f, "{}", self.num);
        }
        let part = |f: &mut fmt::Formatter<'_>, x: &GenOrdinal| {
            if x.num_terms() > 1 {
                write!(f, "({x})")
            } else {
                write!(f, "{x}")
            }
        };
        part(f, &self.num)?;
        f.write_str("/")?;
        part(f, &self.den)
    }
}

impl fmt::Debug for Surreal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Surreal({self})")
    }
}

impl From<GenOrdinal> for Surreal {
    fn from(x: GenOrdinal) -> Self {
        Self::from_ordinal(x)
    }
}

impl From<i64> for Surreal {
    fn from(n: i64) -> Self {
        Self::from_integer(n)
    }
}

impl From<BigInt> for Surreal {
    fn from(n: BigInt) -> Self {
        Self::from_integer(n)
    }
}
