//! The printed examples of spec/transfinite.md §2.2, §3.1–§3.4 and §6, built through the public API.

use cgcalc_core::engine::ordinal::{Error, GenOrdinal, Surreal, div_exact, gcd};
use num_bigint::BigInt;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

fn s(n: i64) -> Surreal {
    Surreal::from_integer(n)
}
fn w() -> Surreal {
    Surreal::omega()
}
fn add(a: &Surreal, b: &Surreal) -> Surreal {
    a.add(b).unwrap()
}
fn sub(a: &Surreal, b: &Surreal) -> Surreal {
    a.sub(b).unwrap()
}
fn mul(a: &Surreal, b: &Surreal) -> Surreal {
    a.mul(b).unwrap()
}
fn div(a: &Surreal, b: &Surreal) -> Surreal {
    a.div(b).unwrap()
}
/// `omega^x` as the parser will evaluate it: rule 2 for a generalized-ordinal exponent.
fn wpow(x: &Surreal) -> Surreal {
    x.as_ordinal().unwrap().omega_power().unwrap()
}
fn pow(x: &Surreal, n: i64) -> Surreal {
    x.pow_i64(n).unwrap()
}
fn check(x: &Surreal, printed: &str) {
    assert_eq!(x.to_string(), printed);
}

#[test]
fn section_2_2_table() {
    check(&sub(&s(7), &w()), "-ω+7");
    check(&mul(&w(), &s(6)), "ω×6");
    check(&mul(&s(6), &w()), "ω×6");
    let mut six = s(0);
    for _ in 0..6 {
        six = add(&six, &w());
    }
    check(&six, "ω×6");
    check(&mul(&w(), &w()), "ω^2");
    check(&wpow(&wpow(&w())), "ω^ω^ω");
    check(&wpow(&add(&mul(&w(), &s(2)), &s(1))), "ω^(ω×2+1)");
    let x = add(
        &add(&mul(&wpow(&w()), &s(4)), &mul(&wpow(&s(3)), &s(9))),
        &s(11),
    );
    check(&x, "ω^ω×4+ω^3×9+11");
    let e = add(&wpow(&s(2)), &w());
    let y = add(&sub(&mul(&wpow(&e), &s(2)), &wpow(&s(20))), &s(4));
    check(&y, "ω^(ω^2+ω)×2-ω^20+4");
    check(&add(&w(), &div(&s(1), &s(2))), "(ω×2+1)/2");
    check(&add(&div(&s(1), &s(3)), &w()), "(ω×3+1)/3");
    let q = div(&add(&mul(&s(2), &w()), &s(2)), &mul(&s(4), &w()));
    check(&q, "(ω+1)/ω×2");
    check(&div(&s(1), &sub(&s(1), &w())), "-1/(ω-1)");
    check(&wpow(&sub(&w(), &s(2))), "ω^ω/ω^2");
}

#[test]
fn section_3_1_examples() {
    assert!(sub(&w(), &s(1_000_000)) > s(1_000_000));
    assert!(w().neg() < s(-1_000_000));
    check(&add(&s(1), &w()), "ω+1");
    check(&mul(&s(2), &w()), "ω×2");
    check(&mul(&mul(&wpow(&s(7)), &s(2)), &w()), "ω^8×2");
    check(&mul(&add(&w(), &s(1)), &sub(&w(), &s(1))), "ω^2-1");
    // (omega+5)-omega is the integer 5.
    let five = sub(&add(&w(), &s(5)), &w());
    assert_eq!(five.as_integer(), Some(BigInt::from(5)));
    check(&five, "5");
}

#[test]
fn section_3_2_and_3_3_examples() {
    let x = div(&sub(&mul(&w(), &w()), &s(1)), &add(&w(), &s(1)));
    check(&x, "ω-1");
    assert!(x.as_ordinal().is_some());
    // (ω^(ω+1) − ω^ω − ω + 1)/(ω − 1) = ω^ω − 1
    let a = add(
        &sub(&sub(&wpow(&add(&w(), &s(1))), &wpow(&w())), &w()),
        &s(1),
    );
    check(&div(&a, &sub(&w(), &s(1))), "ω^ω-1");
    let y = add(&wpow(&w()), &div(&s(1), &add(&w(), &s(1))));
    check(&y, "(ω^(ω+1)+ω^ω+1)/(ω+1)");
    let z = sub(
        &div(&s(1), &sub(&w(), &s(1))),
        &div(&s(1), &add(&w(), &s(1))),
    );
    check(&z, "2/(ω^2-1)");
    check(
        &div(&add(&mul(&s(2), &w()), &s(4)), &mul(&s(6), &w())),
        "(ω+2)/ω×3",
    );
    check(
        &div(
            &sub(&mul(&w(), &w()), &s(1)),
            &add(&mul(&s(2), &w()), &s(2)),
        ),
        "(ω-1)/2",
    );
    check(&div(&add(&w(), &s(1)), &sub(&s(1), &w())), "(-ω-1)/(ω-1)");
    // [omega-1, 1/3, 2/omega, 1/2].Sorted
    let mut v = [
        sub(&w(), &s(1)),
        div(&s(1), &s(3)),
        div(&s(2), &w()),
        div(&s(1), &s(2)),
    ];
    v.sort();
    let printed: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert_eq!(printed, ["2/ω", "1/3", "1/2", "ω-1"]);
}

#[test]
fn section_3_4_powers() {
    check(&pow(&add(&w(), &s(1)), 3), "ω^3+ω^2×3+ω×3+1");
    check(&pow(&mul(&w(), &w()), 3), "ω^6");
    check(&wpow(&s(-2)), "1/ω^2");
    check(&pow(&w(), -2), "1/ω^2");
    check(&wpow(&sub(&w(), &s(1))), "ω^ω/ω");
    check(&wpow(&s(0)), "1");
    check(&wpow(&s(3)), "ω^3");
    check(&pow(&div(&s(1), &w()), 2), "1/ω^2");
    check(&pow(&div(&s(-2), &w()), -3), "-ω^3/8");
    check(&pow(&s(0), 0), "1");
    assert_eq!(s(0).pow_i64(-1), Err(Error::DivisionByZero));
    // Huge exponent of a unit-coefficient monomial is cheap; a huge binomial power is refused.
    let big = BigInt::from(10).pow(30);
    check(&w().pow(&big).unwrap(), "ω^1000000000000000000000000000000");
    assert_eq!(add(&w(), &s(1)).pow(&big), Err(Error::Overflow));
    assert_eq!(s(3).pow(&big), Err(Error::Overflow));
    check(&s(-1).pow(&(big + 1)).unwrap(), "-1");
}

#[test]
fn section_6_golden_rows() {
    check(&sub(&w(), &w()), "0");
    check(&div(&w(), &s(2)), "ω/2");
    check(&add(&div(&s(1), &w()), &div(&s(1), &w())), "2/ω");
    check(&div(&w(), &s(3)).recip().unwrap(), "3/ω");
    let q = div(&add(&w(), &s(1)), &mul(&w(), &s(2)));
    assert_eq!(q.denominator().to_string(), "ω×2");
    assert_eq!(q.numerator().to_string(), "ω+1");
    assert!(div(&s(1), &w()) < div(&s(1), &s(1_000_000)));
    let mut v = [w(), div(&s(1), &w()), w().neg(), s(0), div(&s(1), &s(2))];
    v.sort();
    let printed: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert_eq!(printed, ["-ω", "0", "1/ω", "1/2", "ω"]);
    let a = div(&s(1), &w());
    let b = div(&s(1), &add(&w(), &s(1)));
    check(std::cmp::min(&a, &b), "1/(ω+1)");
    let x = add(&sub(&mul(&w(), &w()), &mul(&w(), &s(3))), &s(2));
    assert!(!x.is_ordinal());
    assert_eq!(x.as_ordinal().unwrap().birthday().to_string(), "ω^2+ω×3+2");
    check(&wpow(&w()).neg().abs(), "ω^ω");
    assert_eq!(sub(&s(3), &mul(&w(), &w())).signum(), -1);
    assert_eq!(div(&s(-1), &w()).signum(), -1);
    assert_eq!(
        mul(&sub(&w(), &s(1)), &add(&w(), &s(1))),
        sub(&mul(&w(), &w()), &s(1))
    );
    // ((omega+1/2)-omega) collapses to the rational 1/2.
    let half = sub(&add(&w(), &div(&s(1), &s(2))), &w());
    assert_eq!(half.as_rational(), Some((BigInt::from(1), BigInt::from(2))));
    // omega^(1/2): the exponent is not a generalized ordinal.
    assert!(div(&s(1), &s(2)).as_ordinal().is_none());
}

#[test]
fn rationals_and_errors() {
    let r = Surreal::from_ratio(BigInt::from(10), BigInt::from(-4)).unwrap();
    check(&r, "-5/2");
    assert_eq!(r.as_rational(), Some((BigInt::from(-5), BigInt::from(2))));
    assert!(r.as_ordinal().is_none());
    check(&div(&s(-5), &s(9)), "-5/9");
    assert_eq!(
        Surreal::from_ratio(BigInt::from(1), BigInt::from(0)),
        Err(Error::DivisionByZero)
    );
    assert_eq!(w().div(&s(0)), Err(Error::DivisionByZero));
    assert_eq!(s(0).recip(), Err(Error::DivisionByZero));
    assert_eq!(
        Surreal::new(GenOrdinal::omega(), GenOrdinal::zero()),
        Err(Error::DivisionByZero)
    );
    assert!(w().is_ordinal());
    assert!(!sub(&w(), &s(1)).is_ordinal());
    assert!(!div(&s(1), &w()).is_ordinal());
}

#[test]
fn gcd_api() {
    let o = GenOrdinal::omega();
    let one = GenOrdinal::one();
    let a = &(&o * &o) - &one;
    let b = &o + &one;
    assert_eq!(gcd(&a, &b).unwrap(), b);
    assert_eq!(div_exact(&a, &b).unwrap(), Some(&o - &one));
}
