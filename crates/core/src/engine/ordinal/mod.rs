//! Generalized ordinals, their field of fractions and ordinal nim arithmetic, as described in
//! `transfinite.md` (CGSuite's `GeneralizedOrdinal`, `SurrealNumber` and `TransfiniteNimber`):
//! the engine's arithmetic for the language's transfinite values.
//!
//! * [`GenOrdinal`]: finite sums Σ ω^βᵢ·cᵢ with ordinal exponents βᵢ (strictly decreasing) and
//!   nonzero integer coefficients, with natural (Hessenberg) surreal arithmetic.
//! * [`Surreal`]: quotients a/b of generalized ordinals in lowest terms (polynomial GCD in
//!   ℤ\[X_γ\], X_γ = ω^(ω^γ)), positive denominator.
//! * [`gcd`] / [`div_exact`]: the polynomial view used for normalisation.
//! * [`nim_sum`], [`nim_product`], [`nim_exp`]: Conway's nim arithmetic on ordinals below
//!   ω^(ω^ω) with Lenstra's α table; [`finite_nim_product`] for integers of any size.
//! * [`with_limits`]: Ctrl-C and the memory ceiling for the long loops.
//!
//! Everything that can fail returns an [`Error`] value; nothing panics on user data.

mod gen_ordinal;
mod interrupt;
mod nim;
mod poly_gcd;
mod quotient;

pub use gen_ordinal::{GenOrdinal, MAX_DEPTH};
pub use interrupt::with_limits;
pub use nim::{MAX_NIM_LEVEL, finite_nim_product, nim_alpha, nim_exp, nim_product, nim_sum};
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
    /// Nim arithmetic on a value that is not an ordinal (a negative coefficient).
    NimNotOrdinal,
    /// A nim product outside the field the α table covers (an exponent level above 54 or
    /// infinite, or a carry out of level 54).
    NimOutOfRange,
    /// A nim power with a negative exponent.
    NegativeNimExponent,
    /// The user asked to stop (Ctrl-C), see [`with_limits`].
    Interrupted,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let msg = match self {
            Error::DivisionByZero => "division by zero",
            Error::NotOrdinal => "exponent of omega must be an ordinal",
            Error::DepthLimit => "exponents of omega are nested too deeply",
            Error::Overflow => "Overflow: result too large",
            Error::NimNotOrdinal => "nim arithmetic applies only to ordinals",
            Error::NimOutOfRange => "nim product out of range",
            Error::NegativeNimExponent => "exponent of a nim power must be a nonnegative integer",
            // The engine's wording, so that every front end recognises an interruption.
            Error::Interrupted => "interrupted",
        };
        f.write_str(msg)
    }
}

impl std::error::Error for Error {}
