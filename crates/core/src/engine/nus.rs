//! Games of the form x + n·↑ + *m ("NUS": number, ups, star), kept as three numbers.
//!
//! Arithmetic among them never builds option trees. Their canonical options (needed when a
//! NUS meets a general game) follow from the closed forms
//! `n↑*m = {0 | (n−1)↑*(m⊕1)}` for n ≥ 1 (except `↑* = {0,*|0}`), `*m = {*j | *j}` (j < m)
//! and the usual forms of dyadic numbers; see [`Nus::left_options`].

use super::dyadic::Dyadic;
use std::cmp::Ordering;

/// x + ups·↑ + *nim. A number has ups = 0 and nim = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    pub number: Dyadic,
    pub ups: i64,
    pub nim: u64,
}

impl Nus {
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    pub fn is_nimber(&self) -> bool {
        self.ups == 0 && self.number.is_zero()
    }

    pub fn checked_add(&self, other: &Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_add(&other.number)?,
            ups: self.ups.checked_add(other.ups)?,
            nim: self.nim ^ other.nim,
        })
    }

    pub fn checked_neg(&self) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_neg()?,
            ups: self.ups.checked_neg()?,
            nim: self.nim,
        })
    }

    /// Is the infinitesimal ups·↑ + *nim ≥ 0?
    fn infinitesimal_nonnegative(ups: i64, nim: u64) -> bool {
        match ups {
            0 => nim == 0,
            1 => nim != 1, // ↑* is confused with 0; ↑ and ↑*m (m ≥ 2) are positive
            u => u > 1,
        }
    }

    /// self ≤ other, decided from the three parts alone.
    pub fn leq(&self, other: &Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => match other.ups.checked_sub(self.ups) {
                Some(d) => Nus::infinitesimal_nonnegative(d, other.nim ^ self.nim),
                // The difference does not fit: its sign is the sign of the up part.
                None => other.ups > self.ups,
            },
        }
    }

    /// Canonical Left options, as NUS values (`None` on overflow).
    pub fn left_options(&self) -> Option<Vec<Nus>> {
        let x = self.number;
        let with = |ups: i64, nim: u64| Nus {
            number: x,
            ups,
            nim,
        };
        Some(match (self.ups, self.nim) {
            (0, 0) => {
                if x.is_integer() {
                    if x.signum() > 0 {
                        vec![Nus::number(x.checked_sub(&Dyadic::ONE)?)]
                    } else {
                        vec![]
                    }
                } else {
                    vec![Nus::number(x.checked_sub(&Dyadic::unit(x.exponent())?)?)]
                }
            }
            (0, m) => (0..m).map(|j| with(0, j)).collect(),
            (1, 1) => vec![with(0, 0), with(0, 1)],
            (n, _) if n > 0 => vec![with(0, 0)],
            (-1, 1) => vec![with(0, 0)],
            (n, m) => vec![with(n + 1, m ^ 1)],
        })
    }

    /// Canonical Right options: the negatives of the Left options of the negative.
    pub fn right_options(&self) -> Option<Vec<Nus>> {
        let neg = self.checked_neg()?;
        neg.left_options()?
            .iter()
            .map(|o| o.checked_neg())
            .collect()
    }

    /// Guess the NUS whose canonical options could be these NUS values (a game with a general
    /// option is no NUS). The caller confirms by comparing the guess's options exactly.
    pub fn guess_from_options(l: &[Nus], r: &[Nus]) -> Option<Nus> {
        if l.is_empty() || r.is_empty() {
            return None;
        }
        let x = l[0].number;
        if l.iter().chain(r.iter()).any(|g| g.number != x) {
            return None;
        }
        let with = |ups: i64, nim: u64| {
            Some(Nus {
                number: x,
                ups,
                nim,
            })
        };
        // x + *m: both sides are x, x*, ..., x*(m-1).
        if l == r && l.iter().all(|g| g.ups == 0) {
            return with(0, l.len() as u64);
        }
        match (l.len(), r.len()) {
            (2, 1) => with(1, 1),  // x + ↑* = {x, x* | x}
            (1, 2) => with(-1, 1), // x + ↓* = {x | x, x*}
            (1, 1) if l[0].is_number() && r[0].ups >= 0 => {
                with(r[0].ups.checked_add(1)?, r[0].nim ^ 1)
            }
            (1, 1) if r[0].is_number() && l[0].ups <= 0 => {
                with(l[0].ups.checked_sub(1)?, l[0].nim ^ 1)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(x: i64, ups: i64, nim: u64) -> Nus {
        Nus {
            number: Dyadic::from_int(x),
            ups,
            nim,
        }
    }

    #[test]
    fn order_of_infinitesimals() {
        let zero = nus(0, 0, 0);
        assert!(zero.leq(&nus(0, 1, 0))); // 0 ≤ ↑
        assert!(!zero.leq(&nus(0, 1, 1))); // ↑* confused with 0
        assert!(!nus(0, 1, 1).leq(&zero));
        assert!(zero.leq(&nus(0, 2, 1))); // ⇑* > 0
        assert!(zero.leq(&nus(0, 1, 6))); // ↑*6 > 0
        assert!(!zero.leq(&nus(0, 0, 3)));
        assert!(nus(0, 100, 0).leq(&nus(1, -100, 5)));
    }

    #[test]
    fn options_of_ups() {
        // ↑ = {0|*}
        assert_eq!(nus(0, 1, 0).left_options().unwrap(), vec![nus(0, 0, 0)]);
        assert_eq!(nus(0, 1, 0).right_options().unwrap(), vec![nus(0, 0, 1)]);
        // ↑* = {0,*|0}
        assert_eq!(
            nus(0, 1, 1).left_options().unwrap(),
            vec![nus(0, 0, 0), nus(0, 0, 1)]
        );
        assert_eq!(nus(0, 1, 1).right_options().unwrap(), vec![nus(0, 0, 0)]);
        // ↑*6 = {0|*7}
        assert_eq!(nus(0, 1, 6).right_options().unwrap(), vec![nus(0, 0, 7)]);
        // ↓ = {*|0}
        assert_eq!(nus(0, -1, 0).left_options().unwrap(), vec![nus(0, 0, 1)]);
        assert_eq!(nus(0, -1, 0).right_options().unwrap(), vec![nus(0, 0, 0)]);
    }

    #[test]
    fn guesses_invert_options() {
        for x in -2..=2 {
            for ups in -4..=4 {
                for nim in 0..5 {
                    let g = nus(x, ups, nim);
                    if g.is_number() {
                        continue;
                    }
                    let l = g.left_options().unwrap();
                    let r = g.right_options().unwrap();
                    assert_eq!(Nus::guess_from_options(&l, &r), Some(g), "{g:?}");
                }
            }
        }
    }
}
