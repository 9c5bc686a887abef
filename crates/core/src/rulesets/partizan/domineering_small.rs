//! Domineering on boards of at most 8×8 cells, the ones a search can finish: the same rules
//! as [`super::domineering`], on a board laid out one byte per row (bit `8r + c` is row `r`,
//! column `c`) in a `u64`. The solver spends its time on the millions of positions one move
//! away from a solved component — split each into regions, crop each region, key it by its
//! least image under the eight symmetries, look it up — and in this layout each of those steps
//! is a handful of word operations: cropping is one shift, the bounding box a fold of the
//! bytes, mirroring a byte swap or a bit reversal, and turning the board a quarter the
//! three-step bit transpose of an 8×8 matrix. A key is the image itself (a cropped region
//! has a cell in its last row and column, so the bits give its size).
//!
//! Where the time of `domineering(6,5)` goes (perf, user CPU). Before this layout (3.9 s):
//! comparisons in the domination of options 33% (three quarters of that the comparison
//! cache's memory reads), the transposition table's reads 14%, keys 9%, splitting and cropping
//! 9%, sums of component values 8%, exact comparisons of stops 9%. With it (3.1 s), keys and
//! splitting fell to 4%. Then stops compare through their `f64` roundings (2.6 s; see
//! `Engine::compare_stops`), and the table's and the comparison cache's slots are prefetched a
//! list at a time (1.9 s; see `Table::touch`). What is left is mostly memory reads: `leq` and
//! its cache 25%, the table's reads 15%, sums (the sum cache) 8%, splitting 7%, domination's
//! own work 5%, storing new games 5%.

use super::Rules;
use super::grid::Dims;
use crate::engine::{Engine, EngineResult, GameId};

/// Column 0 of every row.
const FIRST_COLUMN: u64 = 0x0101_0101_0101_0101;
/// Every cell but those of column 0 / column 7 (where a shift by one would wrap a row).
const NOT_FIRST_COLUMN: u64 = !FIRST_COLUMN;
const NOT_LAST_COLUMN: u64 = !(FIRST_COLUMN << 7);

/// A Domineering position of at most 8 columns and 8 rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmallDomineering {
    /// The empty cells, one byte per row.
    empty: u64,
    w: u8,
    h: u8,
}

impl SmallDomineering {
    /// The board of `dims` whose empty cells are `empty` (bit `r·w + c`), if it fits.
    pub fn from_board(empty: u128, dims: Dims) -> Option<SmallDomineering> {
        let (w, h) = (u32::from(dims.w), u32::from(dims.h));
        if w > 8 || h > 8 {
            return None;
        }
        let row = (1u128 << w) - 1;
        let mut bytes = 0u64;
        for r in 0..h {
            bytes |= (((empty >> (r * w)) & row) as u64) << (8 * r);
        }
        Some(SmallDomineering {
            empty: bytes,
            w: dims.w,
            h: dims.h,
        })
    }

    /// Cells i with i and the cell below (Left) or to the right (Right) both empty.
    fn domino_starts(&self, left: bool) -> u64 {
        if left {
            self.empty & (self.empty >> 8)
        } else {
            self.empty & (self.empty >> 1) & NOT_LAST_COLUMN
        }
    }

    /// The most dominoes that fit in the runs of empty cells along the rows.
    fn row_packing(bits: u64) -> i64 {
        bits.to_le_bytes()
            .iter()
            .map(|&b| i64::from(PACKING[usize::from(b)]))
            .sum()
    }
}

/// For each row of 8 cells, the most dominoes that fit along it: Σ ⌊run/2⌋ over its runs.
static PACKING: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let (mut run, mut total, mut c) = (0, 0, 0);
        while c <= 8 {
            if c < 8 && (b >> c) & 1 == 1 {
                run += 1;
            } else {
                total += run / 2;
                run = 0;
            }
            c += 1;
        }
        table[b] = total;
        b += 1;
    }
    table
};

/// The board reflected in its main diagonal: bit 8r + c goes to 8c + r (three exchanges of
/// blocks, 1×1 within 2×2, then 2×2 within 4×4, then 4×4).
pub fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^= t ^ (t << 28);
    x
}

/// The least of a cropped board's four images under reversing the rows' order and each row.
fn least_of_four(b: u64, w: u32, h: u32) -> u64 {
    let rows_reversed = b.swap_bytes() >> (8 * (8 - h));
    let columns_reversed = b.reverse_bits().swap_bytes() >> (8 - w);
    let both = b.reverse_bits() >> (8 * (8 - h) + (8 - w));
    b.min(rows_reversed).min(columns_reversed).min(both)
}

impl Rules for SmallDomineering {
    type Key = u64;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let step = if left { 8 } else { 1 };
        let mut starts = self.domino_starts(left);
        while starts != 0 {
            let i = starts.trailing_zeros();
            starts &= starts - 1;
            out.push(SmallDomineering {
                empty: self.empty & !((1 << i) | (1 << (i + step))),
                ..*self
            });
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        let mut rest = self.empty;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = (part
                    | ((part << 1) & NOT_FIRST_COLUMN)
                    | ((part >> 1) & NOT_LAST_COLUMN)
                    | (part << 8)
                    | (part >> 8))
                    & rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            if part & (part - 1) == 0 {
                // A single cell: no domino fits.
                continue;
            }
            let first_row = part.trailing_zeros() / 8;
            let last_row = (63 - part.leading_zeros()) / 8;
            let mut columns = part;
            columns |= columns >> 32;
            columns |= columns >> 16;
            columns |= columns >> 8;
            let columns = columns as u8;
            let first_column = columns.trailing_zeros();
            let last_column = 7 - columns.leading_zeros();
            out.push((
                SmallDomineering {
                    empty: part >> (8 * first_row + first_column),
                    w: (last_column - first_column + 1) as u8,
                    h: (last_row - first_row + 1) as u8,
                },
                1,
            ));
        }
    }

    /// The least image under the eight symmetries of the rectangle; the four that turn the
    /// board a quarter swap the players, so they key the negative.
    fn key(&self) -> (u64, bool) {
        let (w, h) = (u32::from(self.w), u32::from(self.h));
        let upright = least_of_four(self.empty, w, h);
        let turned = least_of_four(transpose8(self.empty), h, w);
        if turned < upright {
            (turned, true)
        } else {
            (upright, false)
        }
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        // With no room for one player's dominoes now, there never will be: the other player
        // simply counts the dominoes that still fit: Right's along the rows, Left's down the
        // columns.
        if self.domino_starts(true) == 0 {
            return Ok(Some(engine.integer(-Self::row_packing(self.empty))));
        }
        if self.domino_starts(false) == 0 {
            let columns = transpose8(self.empty);
            return Ok(Some(engine.integer(Self::row_packing(columns))));
        }
        Ok(None)
    }

    fn describe(&self) -> String {
        let rows: Vec<String> = (0..self.h)
            .map(|r| {
                (0..self.w)
                    .map(|c| {
                        if self.empty >> (8 * r + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        format!("domineering(\"{}\")", rows.join("/"))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Solver;
    use super::super::domineering::Domineering;
    use super::*;

    fn naive_transpose(x: u64) -> u64 {
        let mut out = 0;
        for r in 0..8 {
            for c in 0..8 {
                if x >> (8 * r + c) & 1 == 1 {
                    out |= 1 << (8 * c + r);
                }
            }
        }
        out
    }

    /// A small deterministic generator of board masks.
    fn next(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn transpose_agrees_with_the_definition() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..1000 {
            let b = next(&mut x);
            assert_eq!(transpose8(b), naive_transpose(b));
            assert_eq!(transpose8(transpose8(b)), b);
        }
    }

    #[test]
    fn packing_counts_dominoes_in_runs() {
        assert_eq!(PACKING[0b1111_1111], 4);
        assert_eq!(PACKING[0b0111_0111], 2);
        assert_eq!(PACKING[0b1010_1010], 0);
        assert_eq!(PACKING[0b1101_1011], 3);
    }

    fn board(text: &str) -> SmallDomineering {
        let d = Domineering::parse(text).unwrap();
        let (empty, dims) = d.cells();
        SmallDomineering::from_board(empty, dims).unwrap()
    }

    /// Every image of a board under the symmetries of the rectangle gets the same key, with
    /// the flag telling the turned ones apart.
    #[test]
    fn images_share_a_key() {
        let shapes = [
            "...#/.#../....",
            "..#./..../.#..",
            "#....../......./...#...",
        ];
        for text in shapes {
            let rows: Vec<&str> = text.split('/').collect();
            let flip_rows: Vec<&str> = rows.iter().rev().copied().collect();
            let flip_columns: Vec<String> =
                rows.iter().map(|r| r.chars().rev().collect()).collect();
            let turned: Vec<String> = (0..rows[0].len())
                .map(|c| rows.iter().map(|r| r.as_bytes()[c] as char).collect())
                .collect();
            let (key, negated) = board(text).key();
            assert_eq!(board(&flip_rows.join("/")).key(), (key, negated), "{text}");
            assert_eq!(
                board(&flip_columns.join("/")).key(),
                (key, negated),
                "{text}"
            );
            assert_eq!(board(&turned.join("/")).key(), (key, !negated), "{text}");
        }
    }

    #[test]
    fn regions_are_split_and_cropped() {
        let mut parts = Vec::new();
        board("..#.../..#.#./####../.#..#.").components(&mut parts);
        let shown: Vec<String> = parts.iter().map(|(p, _)| p.describe()).collect();
        assert_eq!(
            shown,
            [
                "domineering(\"../..\")",
                "domineering(\".../.#./#../##.\")",
                "domineering(\"..\")",
            ]
        );
    }

    /// The byte layout solves every board as the general one does: all boards of up to nine
    /// cells, 4×4 with up to two cells blocked, a few empty rectangles, and random boards up
    /// to 8×8 sparse enough to finish quickly.
    #[test]
    fn agrees_with_the_general_board() {
        let mut e = Engine::new();
        let mut small = Solver::<SmallDomineering>::new();
        let mut general = Solver::<Domineering>::new();
        let mut check = |d: Domineering, e: &mut Engine| {
            let (empty, dims) = d.cells();
            let b = SmallDomineering::from_board(empty, dims).unwrap();
            assert_eq!(
                small.value(&b, e).unwrap(),
                general.value(&d, e).unwrap(),
                "{}",
                b.describe()
            );
        };
        for (w, h) in [(3, 3), (1, 8), (8, 1), (4, 2), (2, 4)] {
            for mask in 0u64..1 << (w * h) {
                check(
                    Domineering::from_cells(mask.into(), Dims::new(w, h)),
                    &mut e,
                );
            }
        }
        // Dense boards: big regions, whose keys go through all eight images.
        let square = Dims::new(4, 4);
        for a in 0..16 {
            for b in a..16 {
                check(
                    Domineering::from_cells(square.all() & !(1 << a) & !(1 << b), square),
                    &mut e,
                );
            }
        }
        for (w, h) in [(5, 4), (4, 5), (3, 7), (8, 2)] {
            check(Domineering::empty(w, h), &mut e);
        }
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        for (w, h) in [(8, 8), (8, 5), (5, 7), (6, 6)] {
            for _ in 0..40 {
                // About a third of the cells empty.
                let some = next(&mut x) & next(&mut x);
                let more = next(&mut x) & next(&mut x) & next(&mut x);
                let dims = Dims::new(w, h);
                check(Domineering::from_cells((some | more).into(), dims), &mut e);
            }
        }
    }
}
