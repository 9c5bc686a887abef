//! Domineering: players take turns placing dominoes on the empty cells of a board; Left
//! places them vertically, Right horizontally (as in CGSuite). `domineering(w, h)` is the empty
//! board of w columns and h rows; `domineering("..#./....")` a board given row by row (`/`
//! between rows, `.` empty, `#` blocked).
//!
//! A position is the bitboard of its empty cells. It splits into its connected regions; a
//! region is keyed by its cropped bitboard, the least of its eight images under the symmetries
//! of the rectangle — the four that turn the board a quarter swap the roles of the players, so
//! they key the negative. A region where only one player can ever move is worth ± the number
//! of dominoes that fit in its runs, without search.

use super::Rules;
use super::args::{no_named, size, text};
use super::domineering_small::SmallDomineering;
use super::grid::{self, Dims, MAX_CELLS};
use super::solver;
use crate::engine::{Engine, EngineResult, GameId};
use crate::rulesets::Args;
use crate::value::picture::{Board, Cell, Picture};
use crate::value::{EvalError, EvalResult};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domineering {
    /// The empty cells.
    empty: u128,
    dims: Dims,
    /// Built as `domineering(w, h)` and untouched: described that way.
    from_size: bool,
}

impl Domineering {
    /// The empty board of `w` columns and `h` rows.
    pub fn empty(w: usize, h: usize) -> Domineering {
        let dims = Dims::new(w, h);
        Domineering {
            empty: dims.all(),
            dims,
            from_size: true,
        }
    }

    /// The board of `dims` whose empty cells are `empty` (bits beyond the board ignored).
    #[cfg(test)]
    pub(super) fn from_cells(empty: u128, dims: Dims) -> Domineering {
        Domineering {
            empty: empty & dims.all(),
            dims,
            from_size: false,
        }
    }

    /// The empty cells and the size of the board.
    #[cfg(test)]
    pub(super) fn cells(&self) -> (u128, Dims) {
        (self.empty, self.dims)
    }

    /// A board given row by row: `.` empty, `#` blocked, `/` between rows.
    pub fn parse(board: &str) -> EvalResult<Domineering> {
        let cell = |c| match c {
            '.' => Some(1),
            '#' => Some(0),
            _ => None,
        };
        let (dims, cells) = grid::parse_rows(
            "domineering",
            board,
            cell,
            "use . for an empty cell, # for a blocked one, / between rows",
        )?;
        let empty = cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == 1)
            .fold(0u128, |acc, (i, _)| acc | (1 << i));
        Ok(Domineering {
            empty,
            dims,
            from_size: false,
        })
    }

    fn with_empty(&self, empty: u128) -> Domineering {
        Domineering {
            empty,
            dims: self.dims,
            from_size: false,
        }
    }

    /// Cells i with i and the cell below (Left) or to the right (Right) both empty.
    fn domino_starts(&self, left: bool) -> u128 {
        if left {
            self.empty & (self.empty >> self.dims.w)
        } else {
            self.empty & (self.empty >> 1) & self.dims.not_last_column()
        }
    }

    /// The most dominoes that fit in the runs of empty cells along rows (`rows`) or columns.
    fn packing(&self, rows: bool) -> i64 {
        let (bits, dims) = if rows {
            (self.empty, self.dims)
        } else {
            (
                grid::transpose(self.empty, self.dims),
                self.dims.transposed(),
            )
        };
        let row = dims.row();
        let mut total = 0;
        for r in 0..u32::from(dims.h) {
            let mut line = (bits >> (r * u32::from(dims.w))) & row;
            while line != 0 {
                line >>= line.trailing_zeros();
                let run = line.trailing_ones();
                total += i64::from(run / 2);
                line >>= run;
            }
        }
        total
    }
}

impl Rules for Domineering {
    type Key = u128;

    /// Boards of at most 8×8 cells are searched one byte per row, which is several times
    /// cheaper to split, crop and key (see [`SmallDomineering`]).
    fn solve(&self, engine: &mut Engine) -> EngineResult<GameId> {
        match SmallDomineering::from_board(self.empty, self.dims) {
            Some(small) => solver::solve(&small, engine),
            None => solver::solve(self, engine),
        }
    }

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let step = if left { u32::from(self.dims.w) } else { 1 };
        let mut starts = self.domino_starts(left);
        while starts != 0 {
            let i = starts.trailing_zeros();
            starts &= starts - 1;
            out.push(self.with_empty(self.empty & !((1 << i) | (1 << (i + step)))));
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        grid::for_each_component(self.empty, self.dims, |part| {
            if part.count_ones() < 2 {
                return;
            }
            let (r0, c0, dims) = grid::bounding_box(part, self.dims);
            let empty = grid::crop(part, self.dims, r0, c0, dims);
            out.push((
                Domineering {
                    empty,
                    dims,
                    from_size: false,
                },
                1,
            ));
        });
    }

    fn key(&self) -> (u128, bool) {
        if self.dims.w <= 16 && self.dims.h <= 16 {
            return grid::least_image_small(self.empty, self.dims);
        }
        let mut best = grid::pack(self.empty, self.dims);
        let mut negated = false;
        let transposed = grid::transpose(self.empty, self.dims);
        for (bits, dims, turned) in [
            (self.empty, self.dims, false),
            (transposed, self.dims.transposed(), true),
        ] {
            for (columns, rows) in [(false, false), (true, false), (false, true), (true, true)] {
                let k = grid::pack(grid::mirror(bits, dims, columns, rows), dims);
                if k < best {
                    best = k;
                    negated = turned;
                }
            }
        }
        (best, negated)
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        // With no room for one player's dominoes now, there never will be: the other player
        // simply counts the dominoes that still fit.
        if self.domino_starts(true) == 0 {
            return Ok(Some(engine.integer(-self.packing(true))));
        }
        if self.domino_starts(false) == 0 {
            return Ok(Some(engine.integer(self.packing(false))));
        }
        Ok(None)
    }

    fn describe(&self) -> String {
        if self.from_size {
            return format!("domineering({},{})", self.dims.w, self.dims.h);
        }
        format!("domineering(\"{}\")", self.rows().join("/"))
    }

    fn picture(&self) -> Option<Picture> {
        Some(Picture::Board(Board::from_rows(
            &self.rows().join("|"),
            |c| if c == '.' { Cell::Empty } else { Cell::Blocked },
        )))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.rows().join("|"))
    }
}

impl Domineering {
    fn rows(&self) -> Vec<String> {
        grid::render_rows(
            self.dims,
            |bit| if self.empty & bit != 0 { '.' } else { '#' },
        )
    }
}

/// `domineering(w, h)` or `domineering("..#./....")`.
pub fn from_args(args: &Args) -> EvalResult<Domineering> {
    no_named("domineering", args)?;
    match args.positional.as_slice() {
        [board] => Domineering::parse(text("domineering", board)?),
        [w, h] => {
            let w = size("domineering", "width", w, MAX_CELLS as u64)? as usize;
            let h = size("domineering", "height", h, MAX_CELLS as u64)? as usize;
            if w * h > MAX_CELLS {
                return Err(EvalError::new(format!(
                    "domineering: a {w}×{h} board has {} cells; at most {MAX_CELLS} are supported",
                    w * h
                )));
            }
            Ok(Domineering::empty(w, h))
        }
        _ => Err(EvalError::new(
            "domineering expects a board string such as \"..#./....\", or a width and a height",
        )),
    }
}
