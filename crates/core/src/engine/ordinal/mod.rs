//! Generalized ordinals and their field of fractions, as described in
//! `transfinite.md` §1–§3 (CGSuite's `GeneralizedOrdinal` and `SurrealNumber`): the engine's
//! arithmetic for issue 28's transfinite values, not yet reachable from the language.
//!
//! * [`GenOrdinal`]: finite sums Σ ω^βᵢ·cᵢ with ordinal exponents βᵢ (strictly decreasing) and
//!   nonzero integer coefficients, with natural (Hessenberg) surreal arithmetic.
//! * [`Surreal`]: quotients a/b of generalized ordinals in lowest terms (polynomial GCD in
//!   ℤ\[X_γ\], X_γ = ω^(ω^γ)), positive denominator.
//! * [`gcd`] / [`div_exact`]: the polynomial view used for normalisation.
//!
//! Everything that can fail returns an [`Error`] value; nothing panics on user data.

mod gen_ordinal;
mod poly_gcd;
mod quotient;

pub use gen_ordinal::{GenOrdinal, MAX_DEPTH};
pub use poly_gcd::{div_exact, gcd};
pub use quotient::Surreal;

use std::fmt;

/// Why an operation on transfinite values failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// Division by zero (a zero denominator, `0^(-1)`, the reciprocal of 0).
    DivisionByZero,
    /// An exponent of ω had a negative coefficient where an ordinal is required.
    NotOrdinal,
    /// Exponents nested deeper than [`MAX_DEPTH`] levels.
    DepthLimit,
    /// The computation would be too large (power or GCD work budget exceeded).
    Overflow,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let msg = match self {
            Error::DivisionByZero => "division by zero",
            Error::NotOrdinal => "exponent of omega must be an ordinal",
            Error::DepthLimit => "exponents of omega are nested too deeply",
            Error::Overflow => "Overflow: result too large",
        };
        f.write_str(msg)
    }
}

impl std::error::Error for Error {}
