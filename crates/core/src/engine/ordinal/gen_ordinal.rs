//! Generalized ordinals Σ ω^βᵢ·cᵢ (spec §3.1): normal form, order, ring operations, printing.
//!
//! The normal form is a vector of terms sorted by strictly decreasing exponent with nonzero
//! coefficients, so derived structural equality and hashing are value equality. Exponents are
//! themselves `GenOrdinal`s with positive coefficients (Cantor normal form, recursively).
//! Comparison, printing, cloning and dropping recurse on the exponent nesting depth; that depth
//! is only raised by [`GenOrdinal::monomial`] / [`GenOrdinal::from_terms`] /
//! `omega_power`, which reject anything deeper than [`MAX_DEPTH`], so the recursion is bounded.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::Error;

/// Largest exponent nesting depth accepted (ω has depth 1, ω^ω depth 2, ω^ω^ω depth 3 …).
/// Chosen so that the recursive comparison/printing stays far inside a 2 MiB thread stack.
pub const MAX_DEPTH: usize = 1000;

/// A generalized ordinal: a finite sum Σ ω^βᵢ·cᵢ with ordinal exponents β₁ > β₂ > … and nonzero
/// integer coefficients. Integers are the generalized ordinals whose only exponent is 0.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct GenOrdinal {
    /// Sorted by strictly decreasing exponent; no zero coefficient.
    terms: Vec<Term>,
}

#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Term {
    pub(crate) exp: GenOrdinal,
    pub(crate) coeff: BigInt,
}

impl GenOrdinal {
    /// The value 0 (the empty sum).
    pub fn zero() -> Self {
        GenOrdinal { terms: Vec::new() }
    }

    /// The value 1.
    pub fn one() -> Self {
        Self::integer(BigInt::one())
    }

    /// An integer.
    pub fn integer(n: impl Into<BigInt>) -> Self {
        let n = n.into();
        if n.is_zero() {
            return Self::zero();
        }
        GenOrdinal {
            terms: vec![Term {
                exp: Self::zero(),
                coeff: n,
            }],
        }
    }

    /// The ordinal ω.
    pub fn omega() -> Self {
        GenOrdinal {
            terms: vec![Term {
                exp: Self::one(),
                coeff: BigInt::one(),
            }],
        }
    }

    /// The single term ω^exp·coeff. `exp` must be an ordinal and not nested too deeply.
    pub fn monomial(exp: GenOrdinal, coeff: BigInt) -> Result<Self, Error> {
        if !exp.is_ordinal() {
            return Err(Error::NotOrdinal);
        }
        if exp.depth() >= MAX_DEPTH {
            return Err(Error::DepthLimit);
        }
        if coeff.is_zero() {
            return Ok(Self::zero());
        }
        Ok(GenOrdinal {
            terms: vec![Term { exp, coeff }],
        })
    }

    /// Σ ω^exp·coeff over the given pairs, in any order; equal exponents are collected and zero
    /// sums dropped. Every exponent must be an ordinal and not nested too deeply.
    pub fn from_terms<I>(terms: I) -> Result<Self, Error>
    where
        I: IntoIterator<Item = (GenOrdinal, BigInt)>,
    {
        let mut acc: BTreeMap<GenOrdinal, BigInt> = BTreeMap::new();
        for (exp, coeff) in terms {
            if !exp.is_ordinal() {
                return Err(Error::NotOrdinal);
            }
            if exp.depth() >= MAX_DEPTH {
                return Err(Error::DepthLimit);
            }
            *acc.entry(exp).or_default() += coeff;
        }
        Ok(Self::from_map(acc))
    }

    /// Builds the normal form from an exponent → coefficient map (ascending keys).
    fn from_map(acc: BTreeMap<GenOrdinal, BigInt>) -> Self {
        let terms = acc
            .into_iter()
            .rev()
            .filter(|(_, c)| !c.is_zero())
            .map(|(exp, coeff)| Term { exp, coeff })
            .collect();
        GenOrdinal { terms }
    }

    /// Caller guarantees normal form (decreasing ordinal exponents, nonzero coefficients).
    pub(crate) fn from_sorted_terms(terms: Vec<Term>) -> Self {
        debug_assert!(terms.windows(2).all(|w| w[0].exp > w[1].exp));
        debug_assert!(terms.iter().all(|t| !t.coeff.is_zero()));
        GenOrdinal { terms }
    }

    /// The terms (exponent, coefficient), by decreasing exponent.
    pub fn terms(&self) -> impl ExactSizeIterator<Item = (&GenOrdinal, &BigInt)> + '_ {
        self.terms.iter().map(|t| (&t.exp, &t.coeff))
    }

    /// Number of terms (0 for zero).
    pub fn num_terms(&self) -> usize {
        self.terms.len()
    }

    /// Coefficient of the largest term; `None` for zero.
    pub fn leading_coefficient(&self) -> Option<&BigInt> {
        self.terms.first().map(|t| &t.coeff)
    }

    /// Exponent of the largest term; `None` for zero.
    pub fn leading_exponent(&self) -> Option<&GenOrdinal> {
        self.terms.first().map(|t| &t.exp)
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn is_one(&self) -> bool {
        self.terms.len() == 1 && self.terms[0].exp.is_zero() && self.terms[0].coeff.is_one()
    }

    /// True iff every coefficient is positive (Cantor normal form); 0 is an ordinal.
    pub fn is_ordinal(&self) -> bool {
        self.terms.iter().all(|t| t.coeff.is_positive())
    }

    /// True iff the value has no infinite term.
    pub fn is_integer(&self) -> bool {
        self.terms.iter().all(|t| t.exp.is_zero())
    }

    /// The value as an integer, if it has no infinite term.
    pub fn to_integer(&self) -> Option<BigInt> {
        match self.terms.as_slice() {
            [] => Some(BigInt::zero()),
            [t] if t.exp.is_zero() => Some(t.coeff.clone()),
            _ => None,
        }
    }

    /// −1, 0 or 1: the sign of the leading coefficient.
    pub fn signum(&self) -> i32 {
        match self.leading_coefficient() {
            None => 0,
            Some(c) if c.is_positive() => 1,
            Some(_) => -1,
        }
    }

    /// |x|.
    pub fn abs(&self) -> Self {
        if self.signum() < 0 {
            -self
        } else {
            self.clone()
        }
    }

    /// CGSuite's birthday of a generalized ordinal: Σ ω^βᵢ·|cᵢ| (spec §3.5).
    pub fn birthday(&self) -> Self {
        self.map_coefficients(|c| c.abs())
    }

    /// Splits x = x⁺ − x⁻ into the positive-coefficient and negated negative-coefficient parts;
    /// both are ordinals.
    pub fn split_signs(&self) -> (Self, Self) {
        let mut pos = Vec::new();
        let mut neg = Vec::new();
        for t in &self.terms {
            if t.coeff.is_positive() {
                pos.push(t.clone());
            } else {
                neg.push(Term {
                    exp: t.exp.clone(),
                    coeff: -&t.coeff,
                });
            }
        }
        (GenOrdinal { terms: pos }, GenOrdinal { terms: neg })
    }

    /// Exponent nesting depth: 0 for integers, 1 for ω, 2 for ω^ω, … (explicit stack).
    pub fn depth(&self) -> usize {
        let mut max = 0;
        let mut stack: Vec<(&GenOrdinal, usize)> = vec![(self, 0)];
        while let Some((x, d)) = stack.pop() {
            for t in &x.terms {
                if !t.exp.is_zero() {
                    max = max.max(d + 1);
                    stack.push((&t.exp, d + 1));
                }
            }
        }
        max
    }

    /// Termwise sum (or difference when `negate_other`), merging the sorted term lists.
    fn combine(&self, other: &Self, negate_other: bool) -> Self {
        let other_term = |t: &Term| Term {
            exp: t.exp.clone(),
            coeff: if negate_other {
                -&t.coeff
            } else {
                t.coeff.clone()
            },
        };
        let (a, b) = (&self.terms, &other.terms);
        let mut out = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].exp.cmp(&b[j].exp) {
                Ordering::Greater => {
                    out.push(a[i].clone());
                    i += 1;
                }
                Ordering::Less => {
                    out.push(other_term(&b[j]));
                    j += 1;
                }
                Ordering::Equal => {
                    let c = if negate_other {
                        &a[i].coeff - &b[j].coeff
                    } else {
                        &a[i].coeff + &b[j].coeff
                    };
                    if !c.is_zero() {
                        out.push(Term {
                            exp: a[i].exp.clone(),
                            coeff: c,
                        });
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend(a[i..].iter().cloned());
        out.extend(b[j..].iter().map(other_term));
        GenOrdinal { terms: out }
    }

    /// The product, stopping on Ctrl-C or at the memory ceiling when the engine lends them
    /// ([`super::with_limits`]): what the quotient arithmetic uses.
    pub fn try_mul(&self, other: &Self) -> Result<Self, Error> {
        self.product_with(other, super::interrupt::poll)
    }

    /// Bilinear product with ω^β·ω^γ = ω^(β⊕γ) (natural sum of the exponents), calling `poll`
    /// before each row of term products.
    fn product_with<E>(
        &self,
        other: &Self,
        mut poll: impl FnMut() -> Result<(), E>,
    ) -> Result<Self, E> {
        if self.is_zero() || other.is_zero() {
            return Ok(Self::zero());
        }
        let mut acc: BTreeMap<GenOrdinal, BigInt> = BTreeMap::new();
        for ta in &self.terms {
            poll()?;
            for tb in &other.terms {
                let exp = if ta.exp.is_zero() {
                    tb.exp.clone()
                } else if tb.exp.is_zero() {
                    ta.exp.clone()
                } else {
                    ta.exp.combine(&tb.exp, false)
                };
                *acc.entry(exp).or_default() += &ta.coeff * &tb.coeff;
            }
        }
        Ok(Self::from_map(acc))
    }

    /// The product that cannot be stopped (the `*` operator).
    fn product(&self, other: &Self) -> Self {
        match self.product_with(other, || Ok::<(), std::convert::Infallible>(())) {
            Ok(p) => p,
            Err(never) => match never {},
        }
    }

    /// Multiplies every coefficient by the integer `k`.
    pub fn scale(&self, k: &BigInt) -> Self {
        if k.is_zero() {
            return Self::zero();
        }
        self.map_coefficients(|c| c * k)
    }

    /// The same exponents with `f` applied to each coefficient (`f` must keep them nonzero).
    fn map_coefficients(&self, f: impl Fn(&BigInt) -> BigInt) -> Self {
        GenOrdinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term {
                    exp: t.exp.clone(),
                    coeff: f(&t.coeff),
                })
                .collect(),
        }
    }

    /// Largest coefficient size in bits (0 for zero); used by size guards.
    pub(crate) fn max_coeff_bits(&self) -> u64 {
        self.terms.iter().map(|t| t.coeff.bits()).max().unwrap_or(0)
    }
}

impl Ord for GenOrdinal {
    /// Term by term from the largest exponent; the first difference decides, a term counting
    /// with the sign of its coefficient.
    fn cmp(&self, other: &Self) -> Ordering {
        let sign = |c: &BigInt| {
            if c.is_positive() {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        };
        let mut i = 0;
        loop {
            match (self.terms.get(i), other.terms.get(i)) {
                (None, None) => return Ordering::Equal,
                (Some(a), None) => return sign(&a.coeff),
                (None, Some(b)) => return sign(&b.coeff).reverse(),
                (Some(a), Some(b)) => match a.exp.cmp(&b.exp) {
                    Ordering::Greater => return sign(&a.coeff),
                    Ordering::Less => return sign(&b.coeff).reverse(),
                    Ordering::Equal => match a.coeff.cmp(&b.coeff) {
                        Ordering::Equal => i += 1,
                        ord => return ord,
                    },
                },
            }
        }
    }
}

impl PartialOrd for GenOrdinal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for GenOrdinal {
    /// Spec §2.2: decreasing exponents; `-`/`+` signs; |c| for the finite term; otherwise `ω`,
    /// `^exponent` unless the exponent is 1 (parenthesised iff it has several terms or a single
    /// term with coefficient ≠ 1 and exponent ≠ 0), then `×|c|` if |c| ≠ 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        for (i, t) in self.terms.iter().enumerate() {
            if t.coeff.is_negative() {
                f.write_str("-")?;
            } else if i > 0 {
                f.write_str("+")?;
            }
            let mag = t.coeff.magnitude();
            if t.exp.is_zero() {
                write!(f, "{mag}")?;
                continue;
            }
            f.write_str("ω")?;
            if !t.exp.is_one() {
                let e = &t.exp.terms;
                let wrap = e.len() > 1 || (!e[0].coeff.is_one() && !e[0].exp.is_zero());
                if wrap {
                    write!(f, "^({})", t.exp)?;
                } else {
                    write!(f, "^{}", t.exp)?;
                }
            }
            if !mag.is_one() {
                write!(f, "×{mag}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for GenOrdinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GenOrdinal({self})")
    }
}

impl From<i64> for GenOrdinal {
    fn from(n: i64) -> Self {
        Self::integer(n)
    }
}

impl From<BigInt> for GenOrdinal {
    fn from(n: BigInt) -> Self {
        Self::integer(n)
    }
}

impl Neg for &GenOrdinal {
    type Output = GenOrdinal;
    fn neg(self) -> GenOrdinal {
        self.scale(&-BigInt::one())
    }
}

impl Neg for GenOrdinal {
    type Output = GenOrdinal;
    fn neg(self) -> GenOrdinal {
        -&self
    }
}

/// Implements a binary operator for all owned/borrowed combinations via one `&a op &b` method.
macro_rules! forward_binop {
    ($trait:ident, $method:ident, $body:expr) => {
        impl $trait<&GenOrdinal> for &GenOrdinal {
            type Output = GenOrdinal;
            fn $method(self, rhs: &GenOrdinal) -> GenOrdinal {
                let f: fn(&GenOrdinal, &GenOrdinal) -> GenOrdinal = $body;
                f(self, rhs)
            }
        }
        impl $trait<GenOrdinal> for GenOrdinal {
            type Output = GenOrdinal;
            fn $method(self, rhs: GenOrdinal) -> GenOrdinal {
                (&self).$method(&rhs)
            }
        }
        impl $trait<&GenOrdinal> for GenOrdinal {
            type Output = GenOrdinal;
            fn $method(self, rhs: &GenOrdinal) -> GenOrdinal {
                (&self).$method(rhs)
            }
        }
        impl $trait<GenOrdinal> for &GenOrdinal {
            type Output = GenOrdinal;
            fn $method(self, rhs: GenOrdinal) -> GenOrdinal {
                self.$method(&rhs)
            }
        }
    };
}

forward_binop!(Add, add, |a, b| a.combine(b, false));
forward_binop!(Sub, sub, |a, b| a.combine(b, true));
forward_binop!(Mul, mul, |a, b| a.product(b));

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::engine::ordinal) fn w() -> GenOrdinal {
        GenOrdinal::omega()
    }
    pub(in crate::engine::ordinal) fn n(k: i64) -> GenOrdinal {
        GenOrdinal::integer(k)
    }
    pub(in crate::engine::ordinal) fn wp(e: GenOrdinal) -> GenOrdinal {
        GenOrdinal::monomial(e, BigInt::one()).expect("a shallow exponent")
    }

    #[test]
    fn prints_spec_rows() {
        assert_eq!((n(7) - w()).to_string(), "-ω+7");
        assert_eq!((w() * n(6)).to_string(), "ω×6");
        assert_eq!((n(6) * w()).to_string(), "ω×6");
        let mut s = GenOrdinal::zero();
        for _ in 0..6 {
            s = s + w();
        }
        assert_eq!(s.to_string(), "ω×6");
        assert_eq!((w() * w()).to_string(), "ω^2");
        assert_eq!(wp(wp(w())).to_string(), "ω^ω^ω");
        assert_eq!(wp(w() * n(2) + n(1)).to_string(), "ω^(ω×2+1)");
        let x = wp(w()) * n(4) + wp(n(3)) * n(9) + n(11);
        assert_eq!(x.to_string(), "ω^ω×4+ω^3×9+11");
        let y = wp(wp(n(2)) + w()) * n(2) - wp(n(20)) + n(4);
        assert_eq!(y.to_string(), "ω^(ω^2+ω)×2-ω^20+4");
        assert_eq!(wp(wp(n(2)) * n(7)).to_string(), "ω^(ω^2×7)");
        assert_eq!((wp(wp(n(2))) * n(7)).to_string(), "ω^ω^2×7");
        assert_eq!(GenOrdinal::zero().to_string(), "0");
        assert_eq!(n(-12).to_string(), "-12");
        assert_eq!(
            (wp(w()) - wp(n(19)) * n(5) + wp(n(2)) + n(1)).to_string(),
            "ω^ω-ω^19×5+ω^2+1"
        );
    }

    #[test]
    fn ring_examples() {
        assert_eq!(n(1) + w(), w() + n(1));
        assert_eq!((wp(n(7)) * n(2) * w()).to_string(), "ω^8×2");
        assert_eq!(((w() + n(1)) * (w() - n(1))).to_string(), "ω^2-1");
        assert!((w() - w()).is_zero());
        assert_eq!(((w() + n(5)) - w()).to_integer(), Some(BigInt::from(5)));
    }

    #[test]
    fn order_examples() {
        assert!(w() - n(1_000_000) > n(1_000_000));
        assert!(-w() < n(-1_000_000));
        assert!(wp(w()) > wp(n(1000)) * n(1000));
        assert!(w() * n(2) > w() + n(1000));
        assert!(n(3) - wp(n(2)) < GenOrdinal::zero());
        assert_eq!((n(3) - wp(n(2))).signum(), -1);
    }

    #[test]
    fn properties() {
        let x = wp(n(2)) - w() * n(3) + n(2);
        assert!(!x.is_ordinal());
        assert_eq!(x.birthday().to_string(), "ω^2+ω×3+2");
        assert_eq!((-wp(w())).abs().to_string(), "ω^ω");
        let (p, q) = (w() - n(2)).split_signs();
        assert_eq!((p.to_string(), q.to_string()), ("ω".into(), "2".into()));
        assert_eq!(wp(wp(w())).depth(), 3);
        assert_eq!(n(5).depth(), 0);
    }

    #[test]
    fn monomial_rejects_non_ordinal_exponent() {
        assert_eq!(
            GenOrdinal::monomial(w() - n(1), BigInt::one()),
            Err(Error::NotOrdinal)
        );
        assert_eq!(
            GenOrdinal::from_terms([(n(-1), BigInt::one())]),
            Err(Error::NotOrdinal)
        );
        let x = GenOrdinal::from_terms([
            (n(1), BigInt::from(2)),
            (n(0), BigInt::from(3)),
            (n(1), BigInt::from(-2)),
        ])
        .unwrap();
        assert_eq!(x, n(3));
    }

    #[test]
    fn depth_cap() {
        let mut x = GenOrdinal::one();
        for _ in 0..MAX_DEPTH {
            x = GenOrdinal::monomial(x, BigInt::one()).unwrap();
        }
        assert_eq!(x.depth(), MAX_DEPTH);
        assert_eq!(
            GenOrdinal::monomial(x.clone(), BigInt::one()),
            Err(Error::DepthLimit)
        );
        // Deepest allowed values still compare, add and print.
        let y = &x + &GenOrdinal::one();
        assert!(y > x);
        assert!(x.to_string().starts_with("ω^ω^ω"));
    }
}
