//! The worked examples of `transfinite.md` §4.5 and the nim golden vectors of §6 (33–48, 52, 53,
//! 57–60), compared as printed text; plus the α table's printed column (§4.3) and error cases.

use cgcalc_core::engine::ordinal::{
    Error, GenOrdinal, MAX_NIM_LEVEL, finite_nim_product, nim_alpha, nim_exp, nim_product, nim_sum,
};
use num_bigint::{BigInt, BigUint};
use num_traits::One;

/// Allocations are counted, as in the binary, so memory ceilings apply.
#[global_allocator]
static ALLOCATOR: cgcalc_core::CountingAllocator = cgcalc_core::CountingAllocator;

fn w() -> GenOrdinal {
    GenOrdinal::omega()
}
fn n(k: i64) -> GenOrdinal {
    GenOrdinal::integer(k)
}
/// ω^e.
fn wp(e: GenOrdinal) -> GenOrdinal {
    GenOrdinal::monomial(e, BigInt::one()).expect("ordinal exponent")
}
fn prod(x: &GenOrdinal, y: &GenOrdinal) -> String {
    nim_product(x, y).expect("in range").to_string()
}
fn pow(x: &GenOrdinal, e: i64) -> String {
    nim_exp(x, &BigInt::from(e)).expect("in range").to_string()
}

#[test]
fn nim_sum_examples() {
    // §4.1
    let x = wp(w()) * n(4) + wp(n(3)) * n(9) + n(11);
    let y = wp(w()) * n(6) + wp(n(3)) * n(5) + w();
    assert_eq!(nim_sum(&x, &y).unwrap().to_string(), "ω^ω×2+ω^3×12+ω+11");
    // 33, 34
    assert_eq!(nim_sum(&w(), &w()).unwrap().to_string(), "0");
    let (x, y) = (w() * n(3) + n(5), w() * n(6) + n(7));
    assert_eq!(nim_sum(&x, &y).unwrap().to_string(), "ω×5+2");
    // §6 round-trip row: 6 NimSum omega.
    assert_eq!(nim_sum(&n(6), &w()).unwrap().to_string(), "ω+6");
    // No size limit: exponents beyond the product's range are fine.
    let big = wp(wp(wp(w())));
    assert_eq!(nim_sum(&big, &n(1)).unwrap().to_string(), "ω^ω^ω^ω+1");
    assert_eq!(nim_sum(&(w() - n(1)), &n(1)), Err(Error::NimNotOrdinal));
    assert_eq!(nim_sum(&n(1), &n(-1)), Err(Error::NimNotOrdinal));
}

#[test]
fn worked_examples_4_5() {
    // 1
    assert_eq!(prod(&w(), &wp(n(2))), "2");
    assert_eq!(prod(&w(), &w()), "ω^2");
    assert_eq!(pow(&w(), 9), "1");
    // 2
    assert_eq!(prod(&wp(n(3)), &wp(n(8))), "2");
    assert_eq!(prod(&wp(n(3)), &wp(n(3))), "ω^6");
    // 3
    assert_eq!(prod(&wp(w() * n(49)), &wp(w() * n(100))), "4");
    // 4
    let w2 = wp(n(2));
    assert_eq!(
        prod(&wp(w2.clone() * n(32)), &wp(w2.clone() * n(24))),
        "ω^(ω^2+1)+ω^ω^2"
    );
    // 5
    let w3 = wp(n(3));
    assert_eq!(
        prod(&wp(w3.clone() * n(10) + w() * n(4)), &wp(w3.clone())),
        "ω^(ω×4)+4"
    );
    // 6
    assert_eq!(prod(&(w() + n(5)), &(w() + n(3))), "ω^2+ω×6+15");
    // 7
    assert_eq!(pow(&wp(w3.clone()), 11), "ω^ω+1");
    assert_eq!(pow(&wp(w3.clone()), 66), "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1");
    // 8
    assert_eq!(pow(&wp(wp(n(42))), 193), "ω+65536");
    assert_eq!(pow(&wp(wp(n(13))), 47), "ω^ω^7+1");
    assert_eq!(pow(&wp(wp(n(27))), 113), "ω^(ω^27×4+3)+ω^(ω^27×4)×4");
    // self-check
    let x = wp(w()) + w() + n(1);
    let e = (BigInt::one() << 60) - 1;
    assert_eq!(nim_exp(&x, &e).unwrap().to_string(), "1");
}

#[test]
fn golden_vectors_35_to_48() {
    assert_eq!(prod(&w(), &(w() + n(1))), "ω^2+ω"); // 35
    assert_eq!(prod(&(w() + n(1)), &(w() + n(1))), "ω^2+1"); // 36
    assert_eq!(prod(&wp(n(2)), &wp(n(2))), "ω×2"); // 37
    assert_eq!(prod(&wp(w()), &wp(w())), "ω^(ω×2)"); // 38
    assert_eq!(prod(&wp(w() * n(3)), &wp(w() * n(2))), "4"); // 39
    assert_eq!(prod(&wp(n(26)), &w()), "ω^24×2"); // 40
    assert_eq!(pow(&w(), 9), "1"); // 41
    assert_eq!(pow(&(w() + n(1)), 3), "ω^2+ω+3"); // 42
    assert_eq!(pow(&wp(wp(n(2))), 7), "ω+1"); // 43
    assert_eq!(pow(&wp(wp(n(6))), 19), "ω^3+4"); // 44
    assert_eq!(pow(&wp(wp(n(8))), 29), "ω^ω^2+4"); // 45
    assert_eq!(
        prod(&wp(w() + n(1)), &wp(w() * n(4) + n(2))),
        "8" // 46
    );
    assert_eq!(
        prod(&wp(wp(n(2)) * n(6) + n(2)), &wp(wp(n(2)))),
        "ω^2+2" // 47
    );
    assert_eq!(prod(&(w() + n(5)), &(w() + n(3))), "ω^2+ω×6+15"); // 48
}

#[test]
fn golden_vectors_52_53_57_to_60() {
    // 52: level 55 > 54.
    assert_eq!(
        nim_product(&wp(wp(n(55))), &n(2)),
        Err(Error::NimOutOfRange)
    );
    // 53: not an ordinal.
    assert_eq!(
        nim_exp(&(w() - n(2)), &BigInt::from(2)),
        Err(Error::NimNotOrdinal)
    );
    // 57
    assert_eq!(
        prod(&wp(wp(n(3)) * n(10) + w() * n(4)), &wp(wp(n(3)))),
        "ω^(ω×4)+4"
    );
    // 58
    assert_eq!(prod(&wp(wp(n(54))), &n(2)), "ω^ω^54×2");
    // 59
    assert_eq!(pow(&wp(wp(n(27))), 113), "ω^(ω^27×4+3)+ω^(ω^27×4)×4");
    // 60
    let x = wp(w()) + w() + n(1);
    let e = (BigInt::one() << 60) - 1;
    assert_eq!(nim_exp(&x, &e).unwrap(), n(1));
}

#[test]
fn range_and_error_rules() {
    // Level 54 needs α₂₆₃ once its position 0 carries.
    let k54 = wp(wp(n(54)));
    assert_eq!(prod(&k54, &k54), "ω^(ω^54×2)");
    assert_eq!(nim_exp(&k54, &BigInt::from(263)), Err(Error::NimOutOfRange));
    assert_eq!(
        pow(&k54, 262),
        "ω^(ω^54×262)" // digit 262 < 263: still one term
    );
    // An infinite level, or a level above 54.
    let inf_level = wp(wp(wp(w())) * n(2));
    assert_eq!(nim_product(&inf_level, &n(1)), Err(Error::NimOutOfRange));
    assert_eq!(nim_product(&wp(wp(n(60))), &w()), Err(Error::NimOutOfRange));
    // Zero factor: 0 without a range check; NimExp 0 is 1 without looking at x.
    assert_eq!(nim_product(&inf_level, &n(0)).unwrap(), n(0));
    assert_eq!(nim_product(&n(0), &inf_level).unwrap(), n(0));
    assert_eq!(nim_exp(&inf_level, &BigInt::from(0)).unwrap(), n(1));
    assert_eq!(nim_exp(&(w() - n(1)), &BigInt::from(0)).unwrap(), n(1));
    // NimExp 1 still multiplies, so it range-checks.
    assert_eq!(
        nim_exp(&inf_level, &BigInt::from(1)),
        Err(Error::NimOutOfRange)
    );
    assert_eq!(
        nim_exp(&w(), &BigInt::from(-1)),
        Err(Error::NegativeNimExponent)
    );
    assert_eq!(nim_product(&(w() - n(1)), &w()), Err(Error::NimNotOrdinal));
    assert_eq!(nim_product(&w(), &n(-3)), Err(Error::NimNotOrdinal));
    assert_eq!(nim_exp(&n(0), &BigInt::from(5)).unwrap(), n(0));
    // Messages.
    assert_eq!(
        Error::NimNotOrdinal.to_string(),
        "nim arithmetic applies only to ordinals"
    );
    assert_eq!(Error::NimOutOfRange.to_string(), "nim product out of range");
}

#[test]
fn transfinite_nimber_rows() {
    // §4.6: *(ω^2) ConwayProduct *(ω^2) = *(ω×2); vector 50 as 36.
    assert_eq!(prod(&wp(n(2)), &wp(n(2))), "ω×2");
    assert_eq!(prod(&(w() + n(1)), &(w() + n(1))), "ω^2+1");
}

#[test]
fn alpha_table_prints_as_in_spec() {
    let printed = [
        "2",
        "4",
        "ω+1",
        "ω^ω+1",
        "ω+4",
        "16",
        "ω^3+4",
        "ω^ω^3+1",
        "ω^ω^2+4",
        "ω^ω+1",
        "ω^3+4",
        "ω^ω+1",
        "ω^ω^2+1",
        "ω^ω^7+1",
        "ω^ω^4+1",
        "ω^ω^8+1",
        "ω^ω+ω",
        "ω^ω^3+ω",
        "ω^ω^2+ω^ω",
        "ω^3+1",
        "ω^ω^4+1",
        "ω^ω^11+1",
        "ω^ω^3+1",
        "ω+256",
        "ω^(ω×5)+1",
        "ω^ω^5+ω",
        "ω^ω^14+1",
        "ω^3+4",
        "ω^ω^2+4",
        "ω^ω^2+1",
        "ω^ω^4+ω^ω",
        "ω^ω^5+1",
        "ω^ω^7+ω",
        "ω^ω^10+1",
        "ω^ω+ω",
        "ω^ω^4+1",
        "ω^27+4",
        "ω^ω^21+1",
        "ω^ω^12+4",
        "ω^ω^22+1",
        "ω^ω+ω^3",
        "ω^ω^6+ω^ω",
        "ω+65536",
        "ω^(ω^2×7)+4",
        "ω^ω^3+ω^3",
        "ω^ω^2+ω^ω",
        "ω^ω^10+1",
        "ω^ω^28+1",
        "ω^ω^6+1",
        "ω^ω^8+1",
        "ω^ω^5+ω^ω^2",
        "ω+16",
        "ω^(ω×5)+1",
        "256",
    ];
    assert_eq!(printed.len(), MAX_NIM_LEVEL);
    for (k, text) in printed.iter().enumerate() {
        assert_eq!(nim_alpha(k).unwrap().to_string(), *text, "level {k}");
        // κ(k,0)^⊗p = α (F4), for the levels where p fits comfortably.
        let primes = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31];
        if let Some(&p) = primes.get(k) {
            assert_eq!(pow(&wp(wp(n(k as i64))), p), *text, "level {k}");
        }
    }
    assert!(nim_alpha(MAX_NIM_LEVEL).is_none());
}

#[test]
fn finite_products_of_any_size() {
    let big = |s: &str| s.parse::<BigUint>().unwrap();
    // F⊗F = F ⊕ F/2 for Fermat 2-powers F = 2^(2^k), also beyond 64 bits.
    for k in 0..12u32 {
        let f = BigUint::one() << (1u64 << k);
        let half = &f >> 1u32;
        let expected = if k == 0 { big("3") } else { &f ^ &half };
        assert_eq!(finite_nim_product(&f, &f), expected, "k = {k}");
    }
    assert_eq!(finite_nim_product(&big("5"), &big("3")), big("15"));
    // Large finite coefficients inside an ordinal product (F2).
    let c: BigInt = (BigInt::one() << 200u32) + 12345;
    let x = GenOrdinal::monomial(w(), c.clone()).unwrap();
    let expected = finite_nim_product(c.magnitude(), &big("7"));
    assert_eq!(
        nim_product(&x, &n(7)).unwrap(),
        GenOrdinal::monomial(w(), BigInt::from(expected)).unwrap()
    );
}

#[test]
fn big_exponents_answer_fast() {
    // Exponents and coefficients with hundreds of digits at levels 0..=6.
    let digits = |seed: u64| -> BigInt {
        let mut v = BigInt::from(seed);
        for i in 0..40 {
            v = v * BigInt::from(1_000_000_007u64) + BigInt::from(seed * 31 + i);
        }
        v
    };
    let mut x = GenOrdinal::zero();
    let mut y = GenOrdinal::zero();
    for t in 0..4u64 {
        let mut ex = GenOrdinal::zero();
        let mut ey = GenOrdinal::zero();
        for k in 0..7i64 {
            ex = ex + GenOrdinal::monomial(n(k), digits(t * 7 + k as u64 + 1)).unwrap();
            ey = ey + GenOrdinal::monomial(n(k), digits(t * 11 + k as u64 + 3)).unwrap();
        }
        x = x + GenOrdinal::monomial(ex, digits(t + 100)).unwrap();
        y = y + GenOrdinal::monomial(ey, digits(t + 200)).unwrap();
    }
    let p = nim_product(&x, &y).unwrap();
    assert_eq!(p, nim_product(&y, &x).unwrap());
    assert!(p.num_terms() >= 16);
}
