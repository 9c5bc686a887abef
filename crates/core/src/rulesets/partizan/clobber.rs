//! Clobber: Left's stones `x`, Right's stones `o`, empty cells `.`; a move takes one of your
//! stones onto an orthogonally adjacent stone of the opponent's, which is removed (the cell
//! left behind becomes empty). `clobber("xoxo")` is a strip; rows separated by `/` make a
//! board, `clobber("xo/ox")`.
//!
//! Stones only ever move onto stones, so groups of stones that do not touch stay apart for
//! ever: each group is a component (dropped when no `x` touches an `o`). A group is keyed by
//! its cropped bitboards, the least image under the eight symmetries of the rectangle and the
//! exchange of colours — which swaps the players, so it keys the negative.

use super::args::{no_named, text};
use super::grid::{self, Dims};
use super::{NarrowKey, Rules};
use crate::rulesets::Args;
use crate::value::picture::{Board, Cell, Picture, Tint};
use crate::value::{EvalError, EvalResult};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clobber {
    /// Left's stones.
    x: u128,
    /// Right's stones.
    o: u128,
    dims: Dims,
}

impl Clobber {
    pub fn parse(board: &str) -> EvalResult<Clobber> {
        let cell = |c| match c {
            '.' | '_' => Some(0),
            'x' | 'X' => Some(1),
            'o' | 'O' => Some(2),
            _ => None,
        };
        let (dims, cells) = grid::parse_rows(
            "clobber",
            board,
            cell,
            "use x for Left's stones, o for Right's, . for an empty cell, / between rows",
        )?;
        let layer = |want: u8| {
            cells
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v == want)
                .fold(0u128, |acc, (i, _)| acc | (1 << i))
        };
        Ok(Clobber {
            x: layer(1),
            o: layer(2),
            dims,
        })
    }

    fn rows(&self) -> Vec<String> {
        grid::render_rows(self.dims, |bit| {
            if self.x & bit != 0 {
                'x'
            } else if self.o & bit != 0 {
                'o'
            } else {
                '.'
            }
        })
    }
}

impl Rules for Clobber {
    /// (packed x layer with the width, o layer) of the least image.
    type Key = (u128, u128);

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let (mine, theirs) = if left {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        let all = self.dims.all();
        let w = u32::from(self.dims.w);
        let inner = self.dims.not_last_column();
        let not_first = all & !self.dims.first_column();
        // (stones with an opposing stone at offset d, d) for the four directions.
        let directions = [
            (mine & (theirs >> 1) & inner, 1i32),
            (mine & (theirs << 1) & not_first, -1),
            (mine & (theirs >> w), w as i32),
            (mine & (theirs << w) & all, -(w as i32)),
        ];
        for (mut from, d) in directions {
            while from != 0 {
                let i = from.trailing_zeros();
                from &= from - 1;
                let to = (i as i32 + d) as u32;
                let (mine, theirs) = (mine & !(1 << i) | (1 << to), theirs & !(1 << to));
                let (x, o) = if left { (mine, theirs) } else { (theirs, mine) };
                out.push(Clobber {
                    x,
                    o,
                    dims: self.dims,
                });
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        grid::for_each_component(self.x | self.o, self.dims, |part| {
            let (x, o) = (self.x & part, self.o & part);
            if x & grid::neighbours(o, self.dims) == 0 {
                return;
            }
            let (r0, c0, dims) = grid::bounding_box(part, self.dims);
            out.push((
                Clobber {
                    x: grid::crop(x, self.dims, r0, c0, dims),
                    o: grid::crop(o, self.dims, r0, c0, dims),
                    dims,
                },
                1,
            ));
        });
    }

    /// The key of a board of up to 32 cells in 96 bits: the two layers side by side, the
    /// width.
    fn narrow_key(&(packed, o): &(u128, u128)) -> Option<NarrowKey> {
        let (x, width) = (packed & grid::low_bits(121), (packed >> 121) as u32);
        (x >> 32 == 0 && o >> 32 == 0).then(|| NarrowKey::new((x | o << 32) as u64, width))
    }

    fn key(&self) -> ((u128, u128), bool) {
        let mut best = (u128::MAX, u128::MAX);
        let mut negated = false;
        let images = [
            (self.x, self.o, self.dims),
            (
                grid::transpose(self.x, self.dims),
                grid::transpose(self.o, self.dims),
                self.dims.transposed(),
            ),
        ];
        for (x, o, dims) in images {
            for (columns, rows) in [(false, false), (true, false), (false, true), (true, true)] {
                let x = grid::mirror(x, dims, columns, rows);
                let o = grid::mirror(o, dims, columns, rows);
                for (k, swapped) in [
                    ((grid::pack(x, dims), o), false),
                    ((grid::pack(o, dims), x), true),
                ] {
                    if k < best {
                        best = k;
                        negated = swapped;
                    }
                }
            }
        }
        (best, negated)
    }

    /// The identity image of [`Rules::key`]'s sixteen.
    fn literal_key(&self) -> Option<(u128, u128)> {
        Some((grid::pack(self.x, self.dims), self.o))
    }

    fn describe(&self) -> String {
        format!("clobber(\"{}\")", self.rows().join("/"))
    }

    fn picture(&self) -> Option<Picture> {
        Some(Picture::Board(Board::from_rows(
            &self.rows().join("|"),
            |c| match c {
                'x' => Cell::Stone(Tint::Left),
                'o' => Cell::Stone(Tint::Right),
                _ => Cell::Empty,
            },
        )))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.rows().join("|"))
    }
}

/// `clobber("xo.ox")`, `clobber("xo/ox")`.
pub fn from_args(args: &Args) -> EvalResult<Clobber> {
    no_named("clobber", args)?;
    match args.positional.as_slice() {
        [board] => Clobber::parse(text("clobber", board)?),
        _ => Err(EvalError::new(
            "clobber expects one string, such as \"xo.ox\" or \"xo/ox\"",
        )),
    }
}
