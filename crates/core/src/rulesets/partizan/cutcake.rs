//! Cake cutting. A position is a set of rectangular pieces, w columns by h rows; Left cuts
//! vertically (splitting the width), Right horizontally (splitting the height).
//!
//! * `cutcake(w, h)`: a cut splits a piece into two pieces along a grid line. The value of a
//!   piece has a closed form (Winning Ways): with a = ⌊log₂ w⌋ and b = ⌊log₂ h⌋, it is 0 when
//!   a = b, ⌊w / 2ᵇ⌋ − 1 when a > b and −(⌊h / 2ᵃ⌋ − 1) when a < b.
//! * `maundy_cake(w, h)`: a cut splits a piece into k ≥ 2 equal pieces (k divides the side).
//!   `maundy_cake(w, h, a, b)` is the seeds' rectangle-cutting variant: with `a` = 1 Right may
//!   also split widths, with `b` = 1 Left may also split heights (both 0: `maundy_cake(w, h)`).
//!
//! CGSuite's `game.heap.Cutcake((m, n))` and `MaundyCake((m, n))` let Left split the second
//! coordinate, so they equal `cutcake(n, m)` and `maundy_cake(n, m)` here. Turning a piece a
//! quarter swaps the players' roles, so a piece and its transpose share a key.

use super::Rules;
use super::args::{flag, no_named, size};
use crate::engine::{Engine, EngineResult, GameId};
use crate::rulesets::Args;
use crate::value::picture::{Board, Cell, MAX_DRAWN_CELLS, Picture};
use crate::value::{EvalError, EvalResult};

/// The largest side of a Cutcake piece (each side gives that many options).
const MAX_CUTCAKE_SIDE: u64 = 1 << 20;
/// The largest side of a Maundy cake piece (options are divisors, found by trial division).
const MAX_MAUNDY_SIDE: u64 = 1_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cut {
    /// Into two pieces, anywhere.
    Anywhere,
    /// Into k ≥ 2 equal pieces; `right_splits_width` / `left_splits_height` are the seeds'
    /// a and b.
    Equal {
        right_splits_width: bool,
        left_splits_height: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cake {
    cut: Cut,
    /// (width, height, count), sorted, each piece once.
    pieces: Vec<(u64, u64, u64)>,
}

impl Cake {
    fn new(cut: Cut, mut pieces: Vec<(u64, u64, u64)>) -> Cake {
        pieces.sort_unstable();
        let mut merged: Vec<(u64, u64, u64)> = Vec::with_capacity(pieces.len());
        for (w, h, n) in pieces {
            match merged.last_mut() {
                Some(last) if (last.0, last.1) == (w, h) => last.2 += n,
                _ => merged.push((w, h, n)),
            }
        }
        Cake {
            cut,
            pieces: merged,
        }
    }

    /// The position after replacing one piece `i` by `parts`.
    fn replace(&self, i: usize, parts: &[(u64, u64, u64)]) -> Cake {
        let mut pieces = self.pieces.clone();
        pieces[i].2 -= 1;
        pieces.extend_from_slice(parts);
        pieces.retain(|p| p.2 > 0);
        Cake::new(self.cut, pieces)
    }

    fn name(&self) -> &'static str {
        match self.cut {
            Cut::Anywhere => "cutcake",
            Cut::Equal { .. } => "maundy_cake",
        }
    }
}

/// The divisors of n greater than 1, ascending.
fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n.is_multiple_of(d) {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small.retain(|&d| d > 1);
    small
}

impl Rules for Cake {
    /// (width, height, flags) of one piece, the least of it and its transpose.
    type Key = (u64, u64, u8);

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        for (i, &(w, h, _)) in self.pieces.iter().enumerate() {
            match self.cut {
                Cut::Anywhere => {
                    let side = if left { w } else { h };
                    for a in 1..=side / 2 {
                        let parts = if left {
                            [(a, h, 1), (w - a, h, 1)]
                        } else {
                            [(w, a, 1), (w, h - a, 1)]
                        };
                        out.push(self.replace(i, &parts));
                    }
                }
                Cut::Equal {
                    right_splits_width,
                    left_splits_height,
                } => {
                    let (widths, heights) = if left {
                        (true, left_splits_height)
                    } else {
                        (right_splits_width, true)
                    };
                    if widths {
                        for k in divisors(w) {
                            out.push(self.replace(i, &[(w / k, h, k)]));
                        }
                    }
                    if heights {
                        for k in divisors(h) {
                            out.push(self.replace(i, &[(w, h / k, k)]));
                        }
                    }
                }
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        for &(w, h, n) in &self.pieces {
            out.push((Cake::new(self.cut, vec![(w, h, 1)]), n));
        }
    }

    fn key(&self) -> ((u64, u64, u8), bool) {
        let (w, h, _) = self.pieces[0];
        let (a, b) = match self.cut {
            Cut::Anywhere => (false, false),
            Cut::Equal {
                right_splits_width,
                left_splits_height,
            } => (right_splits_width, left_splits_height),
        };
        let flags = |a: bool, b: bool| {
            u8::from(a) | (u8::from(b) << 1) | (u8::from(self.cut != Cut::Anywhere) << 2)
        };
        let own = (w, h, flags(a, b));
        let turned = (h, w, flags(b, a));
        if turned < own {
            (turned, true)
        } else {
            (own, false)
        }
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        if self.cut != Cut::Anywhere {
            return Ok(None);
        }
        let (w, h, _) = self.pieces[0];
        let (a, b) = (w.ilog2(), h.ilog2());
        let value = match a.cmp(&b) {
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => (w >> b) as i64 - 1,
            std::cmp::Ordering::Less => -((h >> a) as i64 - 1),
        };
        Ok(Some(engine.integer(value)))
    }

    fn describe(&self) -> String {
        let extra = match self.cut {
            Cut::Equal {
                right_splits_width,
                left_splits_height,
            } if right_splits_width || left_splits_height => format!(
                ",{},{}",
                u8::from(right_splits_width),
                u8::from(left_splits_height)
            ),
            _ => String::new(),
        };
        if self.pieces.is_empty() {
            return "0".into();
        }
        self.pieces
            .iter()
            .map(|&(w, h, n)| {
                let piece = format!("{}({w},{h}{extra})", self.name());
                if n == 1 {
                    piece
                } else {
                    format!("{n} * {piece}")
                }
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn is_impartial(&self) -> bool {
        self.cut
            == Cut::Equal {
                right_splits_width: true,
                left_splits_height: true,
            }
    }

    fn picture(&self) -> Option<Picture> {
        // One piece: its cells. A sum of pieces says it all in its description.
        match self.pieces.as_slice() {
            [(w, h, 1)] => {
                let (rows, cols) = (usize::try_from(*h).ok()?, usize::try_from(*w).ok()?);
                (rows.checked_mul(cols)? <= MAX_DRAWN_CELLS).then(|| {
                    Picture::Board(Board {
                        rows,
                        cols,
                        cells: vec![Cell::Empty; rows * cols],
                    })
                })
            }
            _ => None,
        }
    }
}

/// `cutcake(w, h)`.
pub fn cutcake_from_args(args: &Args) -> EvalResult<Cake> {
    no_named("cutcake", args)?;
    match args.positional.as_slice() {
        [w, h] => {
            let w = size("cutcake", "width", w, MAX_CUTCAKE_SIDE)?;
            let h = size("cutcake", "height", h, MAX_CUTCAKE_SIDE)?;
            Ok(Cake::new(Cut::Anywhere, vec![(w, h, 1)]))
        }
        _ => Err(EvalError::new(
            "cutcake expects a width and a height, as in cutcake(3, 8)",
        )),
    }
}

/// `maundy_cake(w, h)` or `maundy_cake(w, h, a, b)`.
pub fn maundy_from_args(args: &Args) -> EvalResult<Cake> {
    no_named("maundy_cake", args)?;
    let (w, h, a, b) = match args.positional.as_slice() {
        [w, h] => (w, h, false, false),
        [w, h, a, b] => (
            w,
            h,
            flag("maundy_cake", "a (Right may split widths)", a)?,
            flag("maundy_cake", "b (Left may split heights)", b)?,
        ),
        _ => {
            return Err(EvalError::new(
                "maundy_cake expects a width and a height, and optionally the seeds' flags a and b: maundy_cake(w, h, a, b)",
            ));
        }
    };
    let w = size("maundy_cake", "width", w, MAX_MAUNDY_SIDE)?;
    let h = size("maundy_cake", "height", h, MAX_MAUNDY_SIDE)?;
    Ok(Cake::new(
        Cut::Equal {
            right_splits_width: a,
            left_splits_height: b,
        },
        vec![(w, h, 1)],
    ))
}
