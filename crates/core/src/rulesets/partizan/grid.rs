//! Rectangular boards as bitboards (Domineering's empty cells, Clobber's stones): bit
//! `r·w + c` is the cell in row `r`, column `c`. Up to [`MAX_CELLS`] cells, so that a cropped
//! board and its width pack into one `u128` key. Also: connected components, cropping, the
//! eight symmetries of the rectangle, and the `"../.#"` text form.

use super::args::bad_char;
use crate::value::{EvalError, EvalResult};

/// The largest board, in cells.
pub const MAX_CELLS: usize = 120;

/// Width and height of a bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    pub w: u8,
    pub h: u8,
}

impl Dims {
    pub fn new(w: usize, h: usize) -> Dims {
        debug_assert!(w * h <= MAX_CELLS);
        Dims {
            w: w as u8,
            h: h as u8,
        }
    }

    pub fn cells(self) -> u32 {
        u32::from(self.w) * u32::from(self.h)
    }

    /// Every cell of the board.
    pub fn all(self) -> u128 {
        low_bits(self.cells())
    }

    /// The cells of row 0.
    pub fn row(self) -> u128 {
        low_bits(u32::from(self.w))
    }

    /// The cells of column 0.
    pub fn first_column(self) -> u128 {
        let mut m = 0u128;
        for r in 0..u32::from(self.h) {
            m |= 1 << (r * u32::from(self.w));
        }
        m
    }

    /// Every cell except those of the last column (cells with a right neighbour).
    pub fn not_last_column(self) -> u128 {
        self.all() & !(self.first_column() << (self.w - 1))
    }

    pub fn transposed(self) -> Dims {
        Dims {
            w: self.h,
            h: self.w,
        }
    }
}

pub fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The cells orthogonally adjacent to some cell of `bits`.
pub fn neighbours(bits: u128, dims: Dims) -> u128 {
    let w = u32::from(dims.w);
    let inner = dims.not_last_column();
    (((bits & inner) << 1) | ((bits >> 1) & inner) | (bits << w) | (bits >> w)) & dims.all()
}

/// The flood fill of [`for_each_component`], for any unsigned word: grow the lowest cell's
/// part by orthogonal steps within `rest` until it stops changing, visit it, remove it.
macro_rules! flood_components {
    ($bits:expr, $inner:expr, $w:expr, $visit:expr) => {{
        let (inner, w, mut visit) = ($inner, $w, $visit);
        let mut rest = $bits;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = (part
                    | ((part & inner) << 1)
                    | ((part >> 1) & inner)
                    | (part << w)
                    | (part >> w))
                    & rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            visit(part);
        }
    }};
}

/// Calls `visit` with each connected part of `bits` (orthogonal adjacency), lowest cell
/// first.
pub fn for_each_component(bits: u128, dims: Dims, mut visit: impl FnMut(u128)) {
    let w = u32::from(dims.w);
    let inner = dims.not_last_column();
    if dims.cells() <= 64 {
        // The same flood fill on one machine word: u128 shifts cost several instructions
        // each, and boards this small are where the solver spends its time.
        flood_components!(bits as u64, inner as u64, w, |part: u64| visit(u128::from(
            part
        )));
    } else {
        flood_components!(bits, inner, w, visit);
    }
}

/// The connected parts of `bits`, lowest cell first.
#[cfg(test)]
pub fn components(bits: u128, dims: Dims) -> Vec<u128> {
    let mut parts = Vec::new();
    for_each_component(bits, dims, |part| parts.push(part));
    parts
}

/// The smallest rectangle holding `bits` (non-zero): first row, first column, and its size.
pub fn bounding_box(bits: u128, dims: Dims) -> (u32, u32, Dims) {
    let w = u32::from(dims.w);
    let row = dims.row();
    let first = bits.trailing_zeros() / w;
    let last = (127 - bits.leading_zeros()) / w;
    let mut columns = 0u128;
    if dims.cells() <= 64 {
        // One machine word: u128 shifts cost several instructions each.
        let (small, row) = (bits as u64, row as u64);
        let mut small_columns = 0u64;
        for r in first..=last {
            small_columns |= (small >> (r * w)) & row;
        }
        columns = u128::from(small_columns);
    } else {
        for r in first..=last {
            columns |= (bits >> (r * w)) & row;
        }
    }
    let c0 = columns.trailing_zeros();
    let c1 = 127 - columns.leading_zeros();
    (
        first,
        c0,
        // Within the board, so no larger than it (which may be a 128-cell Amazons board).
        Dims {
            w: (c1 - c0 + 1) as u8,
            h: (last - first + 1) as u8,
        },
    )
}

/// The part of `bits` inside the box at (`r0`, `c0`) of size `to`, as a board of that size.
pub fn crop(bits: u128, dims: Dims, r0: u32, c0: u32, to: Dims) -> u128 {
    let (w, nw) = (u32::from(dims.w), u32::from(to.w));
    let row = to.row();
    if dims.cells() <= 64 {
        let (small, row) = (bits as u64, row as u64);
        let mut out = 0u64;
        for r in 0..u32::from(to.h) {
            out |= ((small >> ((r0 + r) * w + c0)) & row) << (r * nw);
        }
        return u128::from(out);
    }
    let mut out = 0u128;
    for r in 0..u32::from(to.h) {
        out |= ((bits >> ((r0 + r) * w + c0)) & row) << (r * nw);
    }
    out
}

/// `bits` mirrored: columns reversed (`flip_columns`) and/or rows reversed (`flip_rows`).
pub fn mirror(bits: u128, dims: Dims, flip_columns: bool, flip_rows: bool) -> u128 {
    let (w, h) = (u32::from(dims.w), u32::from(dims.h));
    let row = dims.row();
    let mut out = 0u128;
    for r in 0..h {
        let mut line = (bits >> (r * w)) & row;
        if flip_columns {
            line = line.reverse_bits() >> (128 - w);
        }
        let to = if flip_rows { h - 1 - r } else { r };
        out |= line << (to * w);
    }
    out
}

/// `bits` reflected in the main diagonal (a board of the transposed size).
pub fn transpose(bits: u128, dims: Dims) -> u128 {
    let (w, h) = (u32::from(dims.w), u32::from(dims.h));
    let mut out = 0u128;
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let (r, c) = (i / w, i % w);
        out |= 1 << (c * h + r);
    }
    out
}

/// A cropped board and its width in one number (the width above bit 120 determines the
/// height, because a cropped board has a cell in its last row).
pub fn pack(bits: u128, dims: Dims) -> u128 {
    bits | (u128::from(dims.w) << 121)
}

/// The least packed image of a board (at most 16×16) under the eight symmetries of the
/// rectangle, and whether it is one of the four that turn the board a quarter (those swap
/// rows and columns). Works on rows as small integers: a few dozen word operations.
pub fn least_image_small(bits: u128, dims: Dims) -> (u128, bool) {
    debug_assert!(dims.w <= 16 && dims.h <= 16);
    let (w, h) = (usize::from(dims.w), usize::from(dims.h));
    let mut rows = [0u16; 16];
    let mut columns = [0u16; 16];
    let row_mask = dims.row();
    let small = dims.cells() <= 64;
    for (r, row) in rows.iter_mut().enumerate().take(h) {
        let line = if small {
            ((bits as u64 >> (r * w)) & row_mask as u64) as u16
        } else {
            ((bits >> (r * w)) & row_mask) as u16
        };
        *row = line;
        let mut rest = line;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            columns[c] |= 1 << r;
        }
    }
    let (upright, turned) = if small {
        (
            least_of_four_small(&rows[..h], w),
            least_of_four_small(&columns[..w], h),
        )
    } else {
        (
            least_of_four(&rows[..h], w),
            least_of_four(&columns[..w], h),
        )
    };
    if turned < upright {
        (turned, true)
    } else {
        (upright, false)
    }
}

/// The least packed image of a board given by its rows (each `width` bits) under the
/// reversal of the rows' order and of each row.
fn least_of_four(rows: &[u16], width: usize) -> u128 {
    let shift = 16 - width as u32;
    let (mut a, mut b, mut c, mut d) = (0u128, 0u128, 0u128, 0u128);
    let last = rows.len() - 1;
    for (r, &row) in rows.iter().enumerate() {
        let reversed = u128::from(row.reverse_bits() >> shift);
        let row = u128::from(row);
        let (here, there) = (r * width, (last - r) * width);
        a |= row << here;
        b |= row << there;
        c |= reversed << here;
        d |= reversed << there;
    }
    let tag = (width as u128) << 121;
    a.min(b).min(c).min(d) | tag
}

/// [`least_of_four`] for a board of at most 64 cells, in one machine word.
fn least_of_four_small(rows: &[u16], width: usize) -> u128 {
    let shift = 16 - width as u32;
    let (mut a, mut b, mut c, mut d) = (0u64, 0u64, 0u64, 0u64);
    let last = rows.len() - 1;
    for (r, &row) in rows.iter().enumerate() {
        let reversed = u64::from(row.reverse_bits() >> shift);
        let row = u64::from(row);
        let (here, there) = (r * width, (last - r) * width);
        a |= row << here;
        b |= row << there;
        c |= reversed << here;
        d |= reversed << there;
    }
    u128::from(a.min(b).min(c).min(d)) | ((width as u128) << 121)
}

/// The rows of a board string (`"..#./...."`), each character classified by `cell`.
/// Rows are separated by `/` (or `|`, as CGSuite writes them); all rows must have the same
/// length.
pub fn parse_rows(
    function: &str,
    text: &str,
    cell: impl Fn(char) -> Option<u8>,
    expected: &str,
) -> EvalResult<(Dims, Vec<u8>)> {
    let mut cells = Vec::new();
    let mut width: Option<usize> = None;
    let mut column = 0;
    let mut rows = 0;
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(EvalError::new(format!(
            "{function}: the board is empty (rows are separated by /, e.g. \"..#./....\")"
        )));
    }
    for (i, &c) in chars.iter().chain(std::iter::once(&'/')).enumerate() {
        if c == '/' || c == '|' {
            if column == 0 {
                return Err(bad_char(function, text, i, "empty row"));
            }
            match width {
                None => width = Some(column),
                Some(wd) if wd != column => {
                    let message = format!("row {} has {column} cells but row 1 has {wd}", rows + 1);
                    return Err(bad_char(function, text, i, &message));
                }
                Some(_) => {}
            }
            rows += 1;
            column = 0;
            continue;
        }
        match cell(c) {
            Some(v) => cells.push(v),
            None => {
                let message = format!("'{c}' is not a cell ({expected})");
                return Err(bad_char(function, text, i, &message));
            }
        }
        column += 1;
    }
    let w = width.unwrap_or(0);
    if cells.len() > MAX_CELLS {
        return Err(EvalError::new(format!(
            "{function}: the board has {} cells; at most {MAX_CELLS} are supported",
            cells.len()
        )));
    }
    Ok((Dims::new(w, rows), cells))
}

/// The rows of a board, each cell drawn by `cell` from its bit (the inverse of
/// [`parse_rows`]).
pub fn render_rows(dims: Dims, cell: impl Fn(u128) -> char) -> Vec<String> {
    let w = usize::from(dims.w);
    (0..usize::from(dims.h))
        .map(|r| (0..w).map(|c| cell(1u128 << (r * w + c))).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> (u128, Dims) {
        let dims = Dims::new(rows[0].len(), rows.len());
        let mut bits = 0u128;
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == 'x' {
                    bits |= 1 << (r * rows[0].len() + c);
                }
            }
        }
        (bits, dims)
    }

    #[test]
    fn components_split_on_orthogonal_gaps() {
        let (bits, dims) = board(&["xx.x", "...x", "x..."]);
        assert_eq!(components(bits, dims).len(), 3);
        // Wrapping from the end of one row to the start of the next is not adjacency.
        let (bits, dims) = board(&["..x", "x.."]);
        assert_eq!(components(bits, dims).len(), 2);
    }

    #[test]
    fn crop_and_symmetries() {
        let (bits, dims) = board(&["....", ".xx.", ".x..", "...."]);
        let (r0, c0, to) = bounding_box(bits, dims);
        assert_eq!((r0, c0, to), (1, 1, Dims::new(2, 2)));
        let cropped = crop(bits, dims, r0, c0, to);
        assert_eq!(cropped, board(&["xx", "x."]).0);
        assert_eq!(mirror(cropped, to, true, false), board(&["xx", ".x"]).0);
        assert_eq!(mirror(cropped, to, false, true), board(&["x.", "xx"]).0);
        let (l, ld) = board(&["x..", "xxx"]);
        assert_eq!(transpose(l, ld), board(&["xx", ".x", ".x"]).0);
    }

    #[test]
    fn parse_reports_the_bad_character() {
        let cell = |c| match c {
            '.' => Some(0),
            '#' => Some(1),
            _ => None,
        };
        let (dims, cells) = parse_rows("domineering", "..#/...", cell, "").unwrap();
        assert_eq!((dims, cells.len()), (Dims::new(3, 2), 6));
        let err = parse_rows("domineering", "..x/...", cell, ". or #").unwrap_err();
        assert!(err.message.contains("'x' is not a cell"), "{}", err.message);
        assert_eq!(err.string_char, Some(("..x/...".to_string(), 2)));
        let err = parse_rows("domineering", "../...", cell, "").unwrap_err();
        assert!(err.message.contains("row 2 has 3 cells"), "{}", err.message);
    }
}
