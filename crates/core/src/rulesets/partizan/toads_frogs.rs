//! Toads and Frogs on a strip: Left moves a toad `T` one cell right into an empty cell, or
//! jumps it over one frog into the empty cell beyond; Right moves a frog `F` leftwards the
//! same way. Empty cells are `_` or `.`; the seeds' letters `L` (a right-moving piece, Left's)
//! and `R` (Right's) are accepted too, and kept when the position is printed.
//!
//! The strip falls apart at walls nothing can cross: `TTFF` (neither pair can ever move), and
//! the ends of the strip (which act like `TT` on the left and `FF` on the right). Frogs at the
//! left end of a part and toads at its right end are stuck and dropped. A part whose frogs are
//! all left of its toads (pieces of one kind only, among others) is worth the number of moves
//! the toads still have less those of the frogs: the two kinds never meet. A part and its mirror image
//! (reversed, toads and frogs swapped) are negatives, so they share a key.

use super::args::{bad_char, no_named, text};
use super::{NarrowKey, Rules};
use crate::engine::{Engine, EngineResult, GameId};
use crate::rulesets::Args;
use crate::value::picture::{Board, Cell, Picture, Tint};
use crate::value::{EvalError, EvalResult};

/// The longest strip.
pub const MAX_LENGTH: usize = 60;

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

/// A strip as two bit masks (bit i is cell i): moves, walls and keys are a few word
/// operations, where reading cell by cell was a third of a search's time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToadsFrogs {
    toads: u64,
    frogs: u64,
    len: u8,
    /// Printed with the seeds' `L`/`R` letters instead of `T`/`F`.
    seed_letters: bool,
    /// Empty cells printed as `.` instead of `_`.
    dots: bool,
}

/// The cells below `n` (n ≤ 64).
fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl ToadsFrogs {
    pub fn parse(strip: &str) -> EvalResult<ToadsFrogs> {
        let mut cells = Vec::new();
        let mut seed_letters = None;
        let mut dots = None;
        for (i, c) in strip.chars().enumerate() {
            let cell = match c {
                'T' | 't' | 'L' | 'l' => TOAD,
                'F' | 'f' | 'R' | 'r' => FROG,
                '_' | '.' => EMPTY,
                _ => {
                    let message = format!(
                        "'{c}' is not a cell (T: toad, Left's; F: frog, Right's; _ or . empty; also L and R)"
                    );
                    return Err(bad_char("toads_frogs", strip, i, &message));
                }
            };
            if cell == EMPTY {
                dots.get_or_insert(c == '.');
            } else {
                seed_letters.get_or_insert(matches!(c, 'L' | 'l' | 'R' | 'r'));
            }
            cells.push(cell);
        }
        if cells.len() > MAX_LENGTH {
            return Err(EvalError::new(format!(
                "toads_frogs: the strip has {} cells; at most {MAX_LENGTH} are supported",
                cells.len()
            )));
        }
        let mask = |kind: u8| {
            (cells.iter().enumerate())
                .filter(|&(_, &c)| c == kind)
                .fold(0u64, |acc, (i, _)| acc | 1 << i)
        };
        Ok(ToadsFrogs {
            toads: mask(TOAD),
            frogs: mask(FROG),
            len: cells.len() as u8,
            seed_letters: seed_letters.unwrap_or(false),
            dots: dots.unwrap_or(false),
        })
    }

    fn empty(&self) -> u64 {
        low_bits(usize::from(self.len)) & !(self.toads | self.frogs)
    }

    fn cell(&self, i: usize) -> u8 {
        if self.toads >> i & 1 == 1 {
            TOAD
        } else if self.frogs >> i & 1 == 1 {
            FROG
        } else {
            EMPTY
        }
    }

    fn unpack(&self) -> Vec<u8> {
        (0..usize::from(self.len)).map(|i| self.cell(i)).collect()
    }

    /// The cells `from..to` as a strip of their own.
    fn cut(&self, from: usize, to: usize) -> ToadsFrogs {
        let keep = low_bits(to - from);
        ToadsFrogs {
            toads: (self.toads >> from) & keep,
            frogs: (self.frogs >> from) & keep,
            len: (to - from) as u8,
            seed_letters: false,
            dots: false,
        }
    }

    /// The strip reversed, toads and frogs exchanged: the negative.
    fn mirror_key(&self) -> [u64; 2] {
        let n = u32::from(self.len);
        let reversed = |bits: u64| {
            if n == 0 {
                0
            } else {
                bits.reverse_bits() >> (64 - n)
            }
        };
        key_of(reversed(self.frogs), reversed(self.toads), self.len)
    }
}

/// A strip's key: its layers and length in two words (a `u128` would align the solver's
/// table entries to 32 bytes instead of 24, and the kernel's zeroing of the table's fresh pages
/// is a good part of a short search). The layers take the low [`MAX_LENGTH`] bits of each
/// word, the length (six bits) the four bits above the toads and the two above the frogs.
fn key_of(toads: u64, frogs: u64, len: u8) -> [u64; 2] {
    let len = u64::from(len);
    [toads | (len & 0xf) << 60, frogs | len >> 4 << 60]
}

/// The key of a strip of at most 32 cells in 96 bits: the layers side by side, the length.
fn narrow_key_of(&[toads, frogs]: &[u64; 2]) -> Option<NarrowKey> {
    const LAYER: u64 = (1 << 60) - 1;
    let len = (toads >> 60 | frogs >> 60 << 4) as u32;
    let (toads, frogs) = (toads & LAYER, frogs & LAYER);
    (toads >> 32 == 0 && frogs >> 32 == 0).then(|| NarrowKey::new(toads | frogs << 32, len))
}

impl Rules for ToadsFrogs {
    type Key = [u64; 2];

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let empty = self.empty();
        // Toads step or jump to higher cells, frogs to lower ones.
        let (mut steps, jumps) = if left {
            let jumps = self.toads & (self.frogs >> 1) & (empty >> 2);
            (self.toads & (empty >> 1), jumps)
        } else {
            let jumps = self.frogs & (self.toads << 1) & (empty << 2);
            (self.frogs & (empty << 1), jumps)
        };
        steps |= jumps;
        while steps != 0 {
            let from = steps & steps.wrapping_neg();
            steps &= steps - 1;
            let distance = if jumps & from != 0 { 2 } else { 1 };
            let to = if left {
                from << distance
            } else {
                from >> distance
            };
            let mut next = self.clone();
            if left {
                next.toads ^= from | to;
            } else {
                next.frogs ^= from | to;
            }
            out.push(next);
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        // The strip with the ends written as the walls they act like: cell i at bit i + 2,
        // two toads below it and two frogs above (n + 4 ≤ 64 bits).
        let n = usize::from(self.len);
        let toads = self.toads << 2 | 0b11;
        let frogs = self.frogs << 2 | 0b11 << (n + 2);
        // Bit j: the padded cells j..j+4 are TTFF, which nothing crosses.
        let mut walls = toads & (toads >> 1) & (frogs >> 2) & (frogs >> 3) & low_bits(n + 1);
        let mut emit = |from: usize, to: usize| {
            // In the strip's own cells; frogs at the left end and toads at the right end of
            // a part are stuck.
            let mut from = from.max(2) - 2;
            let mut to = to.min(n + 2).max(from + 2) - 2;
            from += ((self.frogs >> from).trailing_ones() as usize).min(to - from);
            if to > from {
                let above = (self.toads << (64 - to)) & !low_bits(64 - (to - from));
                to -= above.leading_ones() as usize;
            }
            let part = low_bits(to) & !low_bits(from);
            if (self.toads | self.frogs) & part != 0 {
                out.push((self.cut(from, to), 1));
            }
        };
        let mut start = 0;
        while walls != 0 {
            let j = walls.trailing_zeros() as usize;
            walls &= walls - 1;
            emit(start, j + 2);
            start = j + 2;
        }
        emit(start, n + 4);
    }

    fn narrow_key(key: &[u64; 2]) -> Option<NarrowKey> {
        narrow_key_of(key)
    }

    fn key(&self) -> ([u64; 2], bool) {
        let own = key_of(self.toads, self.frogs, self.len);
        let mirrored = self.mirror_key();
        if mirrored < own {
            (mirrored, true)
        } else {
            (own, false)
        }
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        // Every frog left of every toad (or pieces of one kind only): the two kinds move
        // apart and never meet again, so each piece still has as many moves as there are
        // empty cells on its way, whatever the order they are played in, and no cell is on
        // the way of both kinds.
        let highest_frog = 64 - self.frogs.leading_zeros();
        if self.toads != 0 && self.toads.trailing_zeros() < highest_frog {
            return Ok(None);
        }
        let empty = self.empty();
        let moves_of = |mut pieces: u64, ahead: fn(u64) -> u64| {
            let mut moves = 0i64;
            while pieces != 0 {
                let piece = pieces & pieces.wrapping_neg();
                pieces &= pieces - 1;
                moves += i64::from((empty & ahead(piece)).count_ones());
            }
            moves
        };
        // The cells above a toad, and those below a frog.
        let left = moves_of(self.toads, |piece| !(piece | (piece - 1)));
        let right = moves_of(self.frogs, |piece| piece - 1);
        Ok(Some(engine.integer(left - right)))
    }

    fn describe(&self) -> String {
        let (toad, frog) = if self.seed_letters {
            ('L', 'R')
        } else {
            ('T', 'F')
        };
        let empty = if self.dots { '.' } else { '_' };
        let strip: String = self
            .unpack()
            .into_iter()
            .map(|c| match c {
                TOAD => toad,
                FROG => frog,
                _ => empty,
            })
            .collect();
        format!("toads_frogs(\"{strip}\")")
    }

    fn picture(&self) -> Option<Picture> {
        let cells = self
            .unpack()
            .into_iter()
            .map(|c| match c {
                TOAD => Cell::Letter(Tint::Left, 'T'),
                FROG => Cell::Letter(Tint::Right, 'F'),
                _ => Cell::Empty,
            })
            .collect::<Vec<_>>();
        Some(Picture::Board(Board {
            rows: 1,
            cols: cells.len(),
            cells,
        }))
    }
}

/// `toads_frogs("TT__FF")`.
pub fn from_args(args: &Args) -> EvalResult<ToadsFrogs> {
    no_named("toads_frogs", args)?;
    match args.positional.as_slice() {
        [strip] => ToadsFrogs::parse(text("toads_frogs", strip)?),
        _ => Err(EvalError::new(
            "toads_frogs expects one string, such as \"TT__FF\"",
        )),
    }
}
