//! Toads and Frogs on a strip: Left moves a toad `T` one cell right into an empty cell, or
//! jumps it over one frog into the empty cell beyond; Right moves a frog `F` leftwards the
//! same way. Empty cells are `_` or `.`; the seeds' letters `L` (a right-moving piece, Left's)
//! and `R` (Right's) are accepted too, and kept when the position is printed.
//!
//! The strip falls apart at walls nothing can cross: `TTFF` (neither pair can ever move), and
//! the ends of the strip (which act like `TT` on the left and `FF` on the right). Frogs at the
//! left end of a part and toads at its right end are stuck and dropped. A part with pieces of
//! one kind only is worth the number of moves they still have. A part and its mirror image
//! (reversed, toads and frogs swapped) are negatives, so they share a key.

use super::Rules;
use super::args::{bad_char, no_named, text};
use crate::engine::{Engine, EngineResult, GameId};
use crate::rulesets::Args;
use crate::value::picture::{Board, Cell, Picture, Tint};
use crate::value::{EvalError, EvalResult};

/// The longest strip.
pub const MAX_LENGTH: usize = 60;

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToadsFrogs {
    /// Two bits per cell, cell 0 lowest.
    cells: u128,
    len: u8,
    /// Printed with the seeds' `L`/`R` letters instead of `T`/`F`.
    seed_letters: bool,
    /// Empty cells printed as `.` instead of `_`.
    dots: bool,
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
        let mut position = ToadsFrogs::from_cells(&cells);
        position.seed_letters = seed_letters.unwrap_or(false);
        position.dots = dots.unwrap_or(false);
        Ok(position)
    }

    fn from_cells(cells: &[u8]) -> ToadsFrogs {
        let bits = cells
            .iter()
            .enumerate()
            .fold(0u128, |acc, (i, &c)| acc | (u128::from(c) << (2 * i)));
        ToadsFrogs {
            cells: bits,
            len: cells.len() as u8,
            seed_letters: false,
            dots: false,
        }
    }

    fn cell(&self, i: usize) -> u8 {
        ((self.cells >> (2 * i)) & 3) as u8
    }

    fn unpack(&self) -> Vec<u8> {
        (0..usize::from(self.len)).map(|i| self.cell(i)).collect()
    }

    /// A copy with the piece at `from` moved to the empty cell `to`.
    fn moved(&self, from: usize, to: usize) -> ToadsFrogs {
        let piece = u128::from(self.cell(from));
        let cells = (self.cells & !(3 << (2 * from))) | (piece << (2 * to));
        ToadsFrogs {
            cells,
            ..self.clone()
        }
    }

    fn mirror_key(&self) -> u128 {
        let n = usize::from(self.len);
        let mut bits = 0u128;
        for i in 0..n {
            let c = match self.cell(i) {
                TOAD => FROG,
                FROG => TOAD,
                _ => EMPTY,
            };
            bits |= u128::from(c) << (2 * (n - 1 - i));
        }
        bits | (u128::from(self.len) << 120)
    }
}

impl Rules for ToadsFrogs {
    type Key = u128;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let n = usize::from(self.len);
        let (mine, theirs) = if left { (TOAD, FROG) } else { (FROG, TOAD) };
        for i in 0..n {
            if self.cell(i) != mine {
                continue;
            }
            // Toads step to higher indices, frogs to lower ones.
            let step = |k: usize| -> Option<usize> {
                if left {
                    (i + k < n).then_some(i + k)
                } else {
                    i.checked_sub(k)
                }
            };
            match step(1).map(|j| (j, self.cell(j))) {
                Some((j, EMPTY)) => out.push(self.moved(i, j)),
                Some((_, c)) if c == theirs => {
                    if let Some(j) = step(2).filter(|&j| self.cell(j) == EMPTY) {
                        out.push(self.moved(i, j));
                    }
                }
                _ => {}
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        // The strip with the ends written as the walls they act like.
        let n = usize::from(self.len);
        let mut padded = [EMPTY; MAX_LENGTH + 4];
        padded[..2].copy_from_slice(&[TOAD, TOAD]);
        for (i, cell) in padded[2..n + 2].iter_mut().enumerate() {
            *cell = self.cell(i);
        }
        padded[n + 2..n + 4].copy_from_slice(&[FROG, FROG]);
        let padded = &padded[..n + 4];
        let mut emit = |from: usize, to: usize| {
            let mut part = &padded[from.max(2)..to.min(n + 2).max(from.max(2))];
            while let [FROG, rest @ ..] = part {
                part = rest;
            }
            while let [rest @ .., TOAD] = part {
                part = rest;
            }
            if part.contains(&TOAD) || part.contains(&FROG) {
                out.push((ToadsFrogs::from_cells(part), 1));
            }
        };
        let mut start = 0;
        for j in 0..n + 1 {
            if padded[j..j + 4] == [TOAD, TOAD, FROG, FROG] {
                emit(start, j + 2);
                start = j + 2;
            }
        }
        emit(start, n + 4);
    }

    fn key(&self) -> (u128, bool) {
        let own = self.cells | (u128::from(self.len) << 120);
        let mirrored = self.mirror_key();
        if mirrored < own {
            (mirrored, true)
        } else {
            (own, false)
        }
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        // Pieces of one kind only: each still has as many moves as there are empty cells on
        // its way, whatever the order they are played in.
        let n = usize::from(self.len);
        let count = |kind: u8| (0..n).filter(|&i| self.cell(i) == kind).count();
        let moves_ahead = |cells: &mut dyn Iterator<Item = u8>| {
            let (mut empties, mut moves) = (0i64, 0i64);
            for c in cells {
                match c {
                    EMPTY => empties += 1,
                    _ => moves += empties,
                }
            }
            moves
        };
        if count(FROG) == 0 {
            let moves = moves_ahead(&mut (0..n).rev().map(|i| self.cell(i)));
            return Ok(Some(engine.integer(moves)));
        }
        if count(TOAD) == 0 {
            let moves = moves_ahead(&mut (0..n).map(|i| self.cell(i)));
            return Ok(Some(engine.integer(-moves)));
        }
        Ok(None)
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
