//! The polynomial view of generalized ordinals (spec §3.1/§3.2) and its GCD.
//!
//! Each exponent β = Σ ω^γⱼ·nⱼ makes ω^β = Π X_γⱼ^nⱼ with X_γ = ω^(ω^γ), so generalized
//! ordinals are exactly ℤ\[X_γ\]. We collect the γ occurring in the operands, order them
//! decreasingly, and store a polynomial as a map from dense exponent vectors to coefficients.
//! Lexicographic order on those vectors is then exactly the ordinal order of the β, so the
//! "leading term" of the map is the leading term of the generalized ordinal.
//!
//! The GCD is the recursive primitive-PRS algorithm: content and primitive part with respect to
//! the first variable present, pseudo-remainders, exact multivariate division. Recursion depth is
//! bounded by the number of distinct variables (at most the size of the input). Work is metered
//! by a step budget so pathological inputs such as (ω^(ω·10^9)−1)/(ω^ω−1) fail with
//! [`Error::Overflow`] instead of running for ever.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::Error;
use super::gen_ordinal::{GenOrdinal, Term};

/// Steps (leading-term eliminations) allowed for one GCD or exact division.
const STEP_BUDGET: u64 = 200_000;

/// Recursion in [`gcd_poly`] descends one variable per level; beyond this many levels the
/// input is absurdly large and we report `Overflow` instead of risking the stack.
const MAX_RECURSION: usize = 64;

type Mono = Vec<BigInt>;

/// Sparse polynomial: exponent vector → nonzero coefficient. Keys ascend, so the leading term
/// is the last entry.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Poly {
    terms: BTreeMap<Mono, BigInt>,
}

struct Budget(u64);

impl Budget {
    fn tick(&mut self) -> Result<(), Error> {
        if self.0 == 0 {
            return Err(Error::Overflow);
        }
        self.0 -= 1;
        // Ctrl-C and the memory ceiling, every so many steps (polling is cheap but not free).
        if self.0.is_multiple_of(256) {
            super::interrupt::poll()?;
        }
        Ok(())
    }
}

impl Poly {
    fn zero() -> Self {
        Poly {
            terms: BTreeMap::new(),
        }
    }

    fn constant(c: BigInt, nvars: usize) -> Self {
        let mut p = Self::zero();
        if !c.is_zero() {
            p.terms.insert(vec![BigInt::zero(); nvars], c);
        }
        p
    }

    fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    fn leading(&self) -> Option<(&Mono, &BigInt)> {
        self.terms.last_key_value()
    }

    fn add_term(&mut self, m: Mono, c: BigInt) {
        if c.is_zero() {
            return;
        }
        match self.terms.entry(m) {
            Entry::Vacant(e) => {
                e.insert(c);
            }
            Entry::Occupied(mut e) => {
                *e.get_mut() += c;
                if e.get().is_zero() {
                    e.remove();
                }
            }
        }
    }

    fn neg(&self) -> Self {
        Poly {
            terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect(),
        }
    }

    /// self + k·x^shift·other.
    fn add_scaled(&mut self, other: &Poly, k: &BigInt, shift: &Mono) {
        for (m, c) in &other.terms {
            let mm: Mono = m.iter().zip(shift).map(|(a, b)| a + b).collect();
            self.add_term(mm, c * k);
        }
    }

    fn mul(&self, other: &Poly) -> Poly {
        let mut out = Poly::zero();
        for (ma, ca) in &self.terms {
            for (mb, cb) in &other.terms {
                let m: Mono = ma.iter().zip(mb).map(|(a, b)| a + b).collect();
                out.add_term(m, ca * cb);
            }
        }
        out
    }

    fn sub(&self, other: &Poly) -> Poly {
        let mut out = self.clone();
        let zero_shift = other
            .leading()
            .map(|(m, _)| vec![BigInt::zero(); m.len()])
            .unwrap_or_default();
        out.add_scaled(other, &-BigInt::one(), &zero_shift);
        out
    }

    /// Makes the leading coefficient positive (the normalisation of spec §3.2 step 3).
    fn normalize_sign(self) -> Poly {
        match self.leading() {
            Some((_, c)) if c.is_negative() => self.neg(),
            _ => self,
        }
    }

    fn is_unit(&self) -> bool {
        self.terms.len() == 1
            && self
                .terms
                .iter()
                .all(|(m, c)| m.iter().all(Zero::is_zero) && c.abs().is_one())
    }

    /// First variable index ≥ `from` with a nonzero exponent somewhere in `self`.
    fn first_var(&self, from: usize) -> Option<usize> {
        self.terms
            .keys()
            .filter_map(|m| (from..m.len()).find(|&i| !m[i].is_zero()))
            .min()
    }

    /// Degree in variable `v` (the polynomial involves no variable before `v`, so this is
    /// the `v` exponent of the leading term).
    fn degree(&self, v: usize) -> BigInt {
        self.terms
            .keys()
            .map(|m| m[v].clone())
            .max()
            .unwrap_or_default()
    }

    /// Coefficients with respect to variable `v` (each with its `v` exponent cleared).
    fn coeffs_in(&self, v: usize) -> BTreeMap<BigInt, Poly> {
        let mut out: BTreeMap<BigInt, Poly> = BTreeMap::new();
        for (m, c) in &self.terms {
            let mut mm = m.clone();
            let d = std::mem::take(&mut mm[v]);
            out.entry(d)
                .or_insert_with(Poly::zero)
                .terms
                .insert(mm, c.clone());
        }
        out
    }

    /// Coefficient of the highest power of variable `v`.
    fn lead_coeff_in(&self, v: usize) -> (BigInt, Poly) {
        let d = self.degree(v);
        let mut p = Poly::zero();
        for (m, c) in &self.terms {
            if m[v] == d {
                let mut mm = m.clone();
                mm[v] = BigInt::zero();
                p.terms.insert(mm, c.clone());
            }
        }
        (d, p)
    }
}

/// Exact division a / b in ℤ\[X\]; `Ok(None)` when b does not divide a.
fn div_exact_poly(a: &Poly, b: &Poly, budget: &mut Budget) -> Result<Option<Poly>, Error> {
    let Some((lbm, lbc)) = b.leading() else {
        return Err(Error::DivisionByZero);
    };
    let (lbm, lbc) = (lbm.clone(), lbc.clone());
    let mut r = a.clone();
    let mut q = Poly::zero();
    // Lex is a monomial well-order, so if b | a every leading term of the remainder is
    // divisible by lt(b), and the leading monomial strictly decreases each step.
    while let Some((rm, rc)) = r.leading() {
        budget.tick()?;
        if rm.iter().zip(&lbm).any(|(x, y)| x < y) {
            return Ok(None);
        }
        let (k, rem) = rc.div_rem(&lbc);
        if !rem.is_zero() {
            return Ok(None);
        }
        let shift: Mono = rm.iter().zip(&lbm).map(|(x, y)| x - y).collect();
        r.add_scaled(b, &-&k, &shift);
        q.add_term(shift, k);
    }
    Ok(Some(q))
}

/// Exact division that must succeed (a divisor computed as a GCD / content).
fn div_known(a: &Poly, b: &Poly, budget: &mut Budget) -> Result<Poly, Error> {
    // A failure here would be a bug in the GCD; report it as an error value, not a panic.
    div_exact_poly(a, b, budget)?.ok_or(Error::Overflow)
}

/// Content with respect to variable `v`: the GCD of the coefficients, sign-normalised.
fn content(p: &Poly, v: usize, budget: &mut Budget) -> Result<Poly, Error> {
    let mut g = Poly::zero();
    for c in p.coeffs_in(v).into_values() {
        g = gcd_poly(&g, &c, v + 1, budget)?;
        if g.is_unit() {
            break;
        }
    }
    Ok(g)
}

/// Classical pseudo-remainder of `a` by `b` in variable `v` (deg_v a ≥ deg_v b ≥ 1): the
/// remainder of lc(b)^(δ+1)·a, δ = deg_v a − deg_v b, as the subresultant PRS requires.
fn pseudo_rem(a: &Poly, b: &Poly, v: usize, budget: &mut Budget) -> Result<Poly, Error> {
    let (db, lcb) = b.lead_coeff_in(v);
    let delta = a.degree(v) - &db;
    let nvars = b.leading().map(|(m, _)| m.len()).unwrap_or(0);
    let mut r = a.clone();
    let mut steps = BigInt::zero();
    while !r.is_zero() {
        let (dr, lcr) = r.lead_coeff_in(v);
        if dr < db {
            break;
        }
        budget.tick()?;
        steps += 1;
        // r := lc(b)·r − lc(r)·x_v^(dr−db)·b; the x_v^dr terms cancel, so deg_v r drops.
        let mut shift = vec![BigInt::zero(); nvars];
        shift[v] = dr - &db;
        let mut t = lcr.mul(b);
        t.terms = t
            .terms
            .into_iter()
            .map(|(m, c)| (m.iter().zip(&shift).map(|(x, y)| x + y).collect(), c))
            .collect();
        r = lcb.mul(&r).sub(&t);
    }
    // Steps that skipped degrees still owe their factor lc(b).
    let missing = delta + 1 - steps;
    let extra = poly_pow(&lcb, &missing, nvars, budget)?;
    Ok(extra.mul(&r))
}

/// p^k for k ≥ 0 by repeated squaring (units are cheap even for huge k).
fn poly_pow(p: &Poly, k: &BigInt, nvars: usize, budget: &mut Budget) -> Result<Poly, Error> {
    let one = Poly::constant(BigInt::one(), nvars);
    if k.is_zero() || (p.is_unit() && p.leading().is_some_and(|(_, c)| c.is_positive())) {
        return Ok(one);
    }
    if p.is_unit() {
        return Ok(if k.is_odd() { p.clone() } else { one });
    }
    // A non-unit to a huge power cannot be stored anyway.
    let mut e = k
        .to_u64()
        .filter(|&e| e <= 1 << 16)
        .ok_or(Error::Overflow)?;
    let mut base = p.clone();
    let mut acc = one;
    loop {
        budget.tick()?;
        if e & 1 == 1 {
            acc = acc.mul(&base);
        }
        e >>= 1;
        if e == 0 {
            return Ok(acc);
        }
        base = base.mul(&base);
    }
}

/// Splits off the largest monomial dividing `p`: returns (p / x^m, m).
fn split_monomial(p: &Poly) -> (Poly, Mono) {
    let mut keys = p.terms.keys();
    let Some(first) = keys.next() else {
        return (p.clone(), Vec::new());
    };
    let mut m = first.clone();
    for k in keys {
        for (mi, ki) in m.iter_mut().zip(k) {
            if ki < mi {
                *mi = ki.clone();
            }
        }
    }
    if m.iter().all(Zero::is_zero) {
        return (p.clone(), m);
    }
    let q = Poly {
        terms: p
            .terms
            .iter()
            .map(|(k, c)| (k.iter().zip(&m).map(|(x, y)| x - y).collect(), c.clone()))
            .collect(),
    };
    (q, m)
}

fn shifted(p: Poly, m: &Mono) -> Poly {
    if m.iter().all(Zero::is_zero) {
        return p;
    }
    Poly {
        terms: p
            .terms
            .into_iter()
            .map(|(k, c)| (k.iter().zip(m).map(|(x, y)| x + y).collect(), c))
            .collect(),
    }
}

/// GCD of polynomials involving only variables ≥ `from`, leading coefficient positive.
fn gcd_poly(a: &Poly, b: &Poly, from: usize, budget: &mut Budget) -> Result<Poly, Error> {
    if a.is_zero() {
        return Ok(b.clone().normalize_sign());
    }
    if b.is_zero() {
        return Ok(a.clone().normalize_sign());
    }
    budget.tick()?;
    // Each X_γ is prime, so gcd(x^ma·a', x^mb·b') = x^min(ma,mb)·gcd(a', b') when a', b' have
    // no monomial factor; removing it first keeps degrees (and the PRS) small.
    let (a, ma) = split_monomial(a);
    let (b, mb) = split_monomial(b);
    let m: Mono = ma.iter().zip(&mb).map(|(x, y)| x.min(y).clone()).collect();
    let nvars = m.len();
    let (Some(va), Some(vb)) = (a.first_var(from), b.first_var(from)) else {
        // One side is an integer k (a monomial before splitting): gcd(k, p) = gcd(k, content p).
        // This shortcut also keeps the common cases (integer or ω-power denominators) from
        // recursing through every variable.
        let int_content = |p: &Poly| p.terms.values().fold(BigInt::zero(), |g, c| g.gcd(c));
        let g = int_content(&a).gcd(&int_content(&b));
        return Ok(shifted(Poly::constant(g, nvars), &m));
    };
    if from > MAX_RECURSION {
        return Err(Error::Overflow);
    }
    let v = va.min(vb);
    let ca = content(&a, v, budget)?;
    let cb = content(&b, v, budget)?;
    let c = gcd_poly(&ca, &cb, v + 1, budget)?;
    let mut p = div_known(&a, &ca, budget)?;
    let mut q = div_known(&b, &cb, budget)?;
    if p.degree(v) < q.degree(v) {
        std::mem::swap(&mut p, &mut q);
    }
    if q.degree(v).is_zero() {
        // q is primitive of degree 0, hence ±1: the primitive parts are coprime.
        return Ok(shifted(c, &m));
    }
    // Subresultant PRS (Collins/Brown): exact divisions keep coefficient growth polynomial
    // without computing a content at every step.
    let one = Poly::constant(BigInt::one(), nvars);
    let mut g = one.clone();
    let mut h = one;
    loop {
        let delta = p.degree(v) - q.degree(v);
        let r = pseudo_rem(&p, &q, v, budget)?;
        if r.is_zero() {
            break;
        }
        if r.degree(v).is_zero() {
            return Ok(shifted(c, &m));
        }
        let divisor = g.mul(&poly_pow(&h, &delta, nvars, budget)?);
        p = q;
        q = div_known(&r, &divisor, budget)?;
        g = p.lead_coeff_in(v).1;
        h = if delta.is_zero() {
            h
        } else {
            let num = poly_pow(&g, &delta, nvars, budget)?;
            let den = poly_pow(&h, &(&delta - 1), nvars, budget)?;
            div_known(&num, &den, budget)?
        };
    }
    let cq = content(&q, v, budget)?;
    let pq = div_known(&q, &cq, budget)?;
    Ok(shifted(c.mul(&pq), &m).normalize_sign())
}

/// Variables (the γ of X_γ) occurring in the operands, in decreasing order.
fn collect_vars(xs: &[&GenOrdinal]) -> Vec<GenOrdinal> {
    let mut set = BTreeSet::new();
    for x in xs {
        for (beta, _) in x.terms() {
            for (gamma, _) in beta.terms() {
                set.insert(gamma.clone());
            }
        }
    }
    set.into_iter().rev().collect()
}

fn to_poly(x: &GenOrdinal, vars: &[GenOrdinal]) -> Poly {
    let mut p = Poly::zero();
    for (beta, c) in x.terms() {
        let mut m = vec![BigInt::zero(); vars.len()];
        for (gamma, n) in beta.terms() {
            // `vars` is sorted decreasingly and contains every γ of the operands.
            if let Ok(i) = vars.binary_search_by(|g| gamma.cmp(g)) {
                m[i] = n.clone();
            }
        }
        p.terms.insert(m, c.clone());
    }
    p
}

fn from_poly(p: &Poly, vars: &[GenOrdinal]) -> GenOrdinal {
    // Descending lex order of exponent vectors is descending ordinal order of the exponents.
    let terms = p
        .terms
        .iter()
        .rev()
        .map(|(m, c)| {
            let beta_terms = m
                .iter()
                .zip(vars)
                .filter(|(n, _)| !n.is_zero())
                .map(|(n, g)| Term {
                    exp: g.clone(),
                    coeff: n.clone(),
                })
                .collect();
            Term {
                exp: GenOrdinal::from_sorted_terms(beta_terms),
                coeff: c.clone(),
            }
        })
        .collect();
    GenOrdinal::from_sorted_terms(terms)
}

/// The GCD of `a` and `b` in ℤ\[X_γ\] (integer content included), normalised to a positive
/// leading coefficient; gcd(0, 0) = 0.
pub fn gcd(a: &GenOrdinal, b: &GenOrdinal) -> Result<GenOrdinal, Error> {
    let vars = collect_vars(&[a, b]);
    let mut budget = Budget(STEP_BUDGET);
    let g = gcd_poly(&to_poly(a, &vars), &to_poly(b, &vars), 0, &mut budget)?;
    Ok(from_poly(&g, &vars))
}

/// a / b if b divides a in ℤ\[X_γ\]; `Ok(None)` otherwise; an error if b = 0.
pub fn div_exact(a: &GenOrdinal, b: &GenOrdinal) -> Result<Option<GenOrdinal>, Error> {
    if b.is_zero() {
        return Err(Error::DivisionByZero);
    }
    let vars = collect_vars(&[a, b]);
    let mut budget = Budget(STEP_BUDGET);
    let q = div_exact_poly(&to_poly(a, &vars), &to_poly(b, &vars), &mut budget)?;
    Ok(q.map(|q| from_poly(&q, &vars)))
}

/// Divides a and b by their GCD (b ≠ 0); the result's second component need not be positive.
pub(crate) fn reduce(a: &GenOrdinal, b: &GenOrdinal) -> Result<(GenOrdinal, GenOrdinal), Error> {
    if b.is_zero() {
        return Err(Error::DivisionByZero);
    }
    if a.is_zero() {
        return Ok((GenOrdinal::zero(), GenOrdinal::one()));
    }
    let vars = collect_vars(&[a, b]);
    let mut budget = Budget(STEP_BUDGET);
    let (pa, pb) = (to_poly(a, &vars), to_poly(b, &vars));
    let g = gcd_poly(&pa, &pb, 0, &mut budget)?;
    if g.is_unit() {
        return Ok((a.clone(), b.clone()));
    }
    let qa = div_known(&pa, &g, &mut budget)?;
    let qb = div_known(&pb, &g, &mut budget)?;
    Ok((from_poly(&qa, &vars), from_poly(&qb, &vars)))
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::gen_ordinal::tests::{n, w, wp};

    #[test]
    fn spec_3_2_check() {
        // (ω^(ω+1) − ω^ω − ω + 1) = (X₁ − 1)(X₀ − 1)
        let a = wp(w() + n(1)) - wp(w()) - w() + n(1);
        let b = w() - n(1);
        assert_eq!(gcd(&a, &b).unwrap(), b);
        assert_eq!(div_exact(&a, &b).unwrap().unwrap().to_string(), "ω^ω-1");
    }

    #[test]
    fn integer_and_monomial_gcds() {
        assert_eq!(gcd(&n(12), &n(-18)).unwrap(), n(6));
        assert_eq!(gcd(&n(0), &n(-5)).unwrap(), n(5));
        assert_eq!(gcd(&n(0), &n(0)).unwrap(), n(0));
        assert_eq!(gcd(&(w() * n(4)), &(w() * w() * n(6))).unwrap(), w() * n(2));
        assert_eq!(gcd(&(w() * n(2) + n(2)), &(w() * n(4))).unwrap(), n(2));
        // ω^(ω+1) and ω^(ω×2)·ω share ω^ω·ω.
        let a = wp(w() + n(1));
        let b = wp(w() * n(2) + n(3));
        assert_eq!(gcd(&a, &b).unwrap(), a);
        // X₁ and X₀² are coprime.
        assert_eq!(gcd(&wp(w()), &wp(n(2))).unwrap(), n(1));
    }

    #[test]
    fn multivariate_gcds() {
        // gcd((ω+1)(ω^ω−1)·2, (ω+1)(ω^ω+ω)·6) = 2(ω+1)
        let a = (w() + n(1)) * (wp(w()) - n(1)) * n(2);
        let b = (w() + n(1)) * (wp(w()) + w()) * n(6);
        assert_eq!(gcd(&a, &b).unwrap(), (w() + n(1)) * n(2));
        // ω^2−1 and 2ω+2 share ω+1 and nothing else (content 1 vs 2).
        assert_eq!(
            gcd(&(w() * w() - n(1)), &(w() * n(2) + n(2))).unwrap(),
            w() + n(1)
        );
        // Sign normalisation: gcd(−(ω−1), ω−1) = ω−1.
        assert_eq!(gcd(&(n(1) - w()), &(w() - n(1))).unwrap(), w() - n(1));
        // A common factor in a high variable: X_ω = ω^ω^ω.
        let xw = wp(wp(w()));
        let a = (xw.clone() + wp(w())) * (w() + n(3));
        let b = (xw.clone() + wp(w())) * (w() - n(3));
        assert_eq!(gcd(&a, &b).unwrap(), xw + wp(w()));
    }

    /// Σ cᵢ·tⁱ for a given t (coefficients from the constant term up).
    fn poly_in(t: &GenOrdinal, coeffs: &[i64]) -> GenOrdinal {
        let mut acc = GenOrdinal::zero();
        let mut power = GenOrdinal::one();
        for &c in coeffs {
            acc = acc + &power * &n(c);
            power = &power * t;
        }
        acc
    }

    #[test]
    fn knuth_prs_example_with_degree_gaps() {
        // Knuth's A = x⁸+x⁶−3x⁴−3x³+8x²+2x−5, B = 3x⁶+5x⁴−4x²−9x+21 are coprime, and their
        // remainder sequence skips degrees (δ = 2), exercising the subresultant h update.
        let ka = [-5, 2, 8, -3, -3, 0, 1, 0, 1];
        let kb = [21, -9, -4, 0, 5, 0, 3];
        for t in [w(), wp(w()) + w(), wp(w()) * n(2) - n(3)] {
            let a = poly_in(&t, &ka);
            let b = poly_in(&t, &kb);
            assert!(gcd(&a, &b).unwrap().is_one());
            let f = &t * &t * n(3) + wp(wp(n(2))) - n(1);
            let f = f.abs();
            assert_eq!(gcd(&(&a * &f), &(&b * &f)).unwrap(), f);
            let h = wp(w()) - w() * n(2);
            assert_eq!(gcd(&(&a * &f * &h), &(&b * &h * &h)).unwrap(), h.abs());
        }
    }

    #[test]
    fn many_variables() {
        // Σ ω^(ω^i), i < 300: 300 distinct variables X_i.
        let many = GenOrdinal::from_terms((0..300).map(|i| {
            (
                GenOrdinal::monomial(n(i), BigInt::one()).unwrap(),
                BigInt::one(),
            )
        }))
        .unwrap();
        assert_eq!(gcd(&(&many * &n(4)), &n(6)).unwrap(), n(2));
        assert_eq!(gcd(&(&many * &w()), &(w() * w())).unwrap(), w());
        // Shares the factor X₀ + 1 but the recursion would need 300 levels: an error, not a
        // stack overflow.
        let r = gcd(
            &(&many * &(w() + n(1))),
            &(&(&many + &n(1)) * &(w() + n(1))),
        );
        assert!(matches!(r, Ok(_) | Err(Error::Overflow)));
    }

    #[test]
    fn exact_division() {
        let a = w() * w() - n(1);
        assert_eq!(div_exact(&a, &(w() + n(1))).unwrap(), Some(w() - n(1)));
        assert_eq!(div_exact(&a, &(w() + n(2))).unwrap(), None);
        assert_eq!(div_exact(&a, &n(2)).unwrap(), None);
        assert_eq!(div_exact(&a, &n(0)), Err(Error::DivisionByZero));
    }

    #[test]
    fn budget_stops_huge_work() {
        // (X₁^(10^9) − 1)/(X₁ − 1) would take 10^9 steps.
        let big = GenOrdinal::monomial(
            GenOrdinal::monomial(BigInt::one().into(), BigInt::from(1_000_000_000u64)).unwrap(),
            BigInt::one(),
        )
        .unwrap()
            - n(1);
        let small = wp(w()) - n(1);
        assert_eq!(div_exact(&big, &small), Err(Error::Overflow));
        assert_eq!(gcd(&big, &(wp(w()) + n(1))), Err(Error::Overflow));
    }
}
