//! Small rectangular boards of cell values (a strip is a board of one row), read from and
//! written as CGSuite's grid strings (`"x..|.o."`, rows separated by `|`, each character
//! looked up in the ruleset's character map), with the eight symmetries of the rectangle,
//! regions and cropping.

use crate::rulesets::graph::model::{bits, components};
use crate::value::picture::{Board, Cell, Picture};
use crate::value::{EvalError, EvalResult};
use std::cell::RefCell;
use std::rc::Rc;

/// The largest board, in cells.
pub const MAX_CELLS: usize = 128;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cells {
    /// Rows first, so that boards compare by size before contents.
    pub h: u8,
    pub w: u8,
    pub cells: Box<[u8]>,
}

impl Cells {
    pub fn empty(h: usize, w: usize) -> Cells {
        Cells {
            h: h as u8,
            w: w as u8,
            cells: vec![0; h * w].into_boxed_slice(),
        }
    }

    /// Read a grid string: characters are lower-cased and looked up in `char_map` (index =
    /// cell value); rows are separated by `|`. The empty string is one row of no cells.
    pub fn parse(function: &str, text: &str, char_map: &str, strip: bool) -> EvalResult<Cells> {
        Cells::parse_with_case(function, text, char_map, strip, true)
    }

    /// As [`Cells::parse`]; `fold_case` false keeps `L` and `l` apart (Ski Jumps).
    pub fn parse_with_case(
        function: &str,
        text: &str,
        char_map: &str,
        strip: bool,
        fold_case: bool,
    ) -> EvalResult<Cells> {
        let map: Vec<char> = char_map.chars().collect();
        let mut cells = Vec::new();
        let mut width: Option<usize> = None;
        let mut column = 0;
        let mut rows = 0;
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().chain(std::iter::once(&'|')).enumerate() {
            if c == '|' && !(strip && i < chars.len()) {
                match width {
                    None => width = Some(column),
                    Some(w) if w != column => {
                        return Err(EvalError::in_string(
                            format!(
                                "{function}: All rows of the position must have equal length \
                                 (row {} has {column} cells, row 1 has {w})",
                                rows + 1
                            ),
                            text,
                            i.min(chars.len().saturating_sub(1)),
                        ));
                    }
                    Some(_) => {}
                }
                rows += 1;
                column = 0;
                continue;
            }
            let lower = if fold_case {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                c
            };
            let Some(v) = map.iter().position(|&m| m == lower) else {
                return Err(EvalError::in_string(
                    format!(
                        "{function}: The position may only contain the following characters: \
                         {char_map}{}",
                        if strip { "" } else { " (and | between rows)" }
                    ),
                    text,
                    i,
                ));
            };
            cells.push(v as u8);
            column += 1;
        }
        let w = width.unwrap_or(0);
        if cells.len() > MAX_CELLS || w > 255 || rows > 255 {
            return Err(EvalError::new(format!(
                "{function}: the board has {} cells; at most {MAX_CELLS} are supported",
                cells.len()
            )));
        }
        if w == 0 {
            return Ok(Cells {
                h: 1,
                w: 0,
                cells: Box::new([]),
            });
        }
        Ok(Cells {
            h: rows as u8,
            w: w as u8,
            cells: cells.into_boxed_slice(),
        })
    }

    /// The grid string, rows joined by `|`.
    pub fn text(&self, char_map: &str) -> String {
        let map: Vec<char> = char_map.chars().collect();
        let mut out = String::new();
        for r in 0..self.rows() {
            if r > 0 {
                out.push('|');
            }
            for c in 0..self.cols() {
                out.push(map[usize::from(self.get(r, c))]);
            }
        }
        out
    }

    /// The board as a picture: cell value `v` (the `v`th character of the ruleset's
    /// `char_map`) is drawn as `kinds[v]`.
    pub fn picture(&self, kinds: &[Cell]) -> Picture {
        Picture::Board(Board {
            rows: self.rows(),
            cols: self.cols(),
            cells: self
                .cells
                .iter()
                .map(|&v| kinds.get(usize::from(v)).copied().unwrap_or(Cell::Blocked))
                .collect(),
        })
    }

    pub fn rows(&self) -> usize {
        usize::from(self.h)
    }

    pub fn cols(&self) -> usize {
        usize::from(self.w)
    }

    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols() + c]
    }

    pub fn set(&mut self, r: usize, c: usize, v: u8) {
        let w = self.cols();
        self.cells[r * w + c] = v;
    }

    /// The cell at (r + dr, c + dc) if it is on the board.
    pub fn step(&self, r: usize, c: usize, dr: i32, dc: i32, n: i32) -> Option<(usize, usize)> {
        let (r2, c2) = (r as i32 + dr * n, c as i32 + dc * n);
        (r2 >= 0 && c2 >= 0 && (r2 as usize) < self.rows() && (c2 as usize) < self.cols())
            .then_some((r2 as usize, c2 as usize))
    }

    /// The image under symmetry `t` (bit 0: reverse each row, bit 1: reverse the order of
    /// rows, bit 2: then transpose).
    pub fn image(&self, t: u8) -> Cells {
        let (h, w) = (self.rows(), self.cols());
        let source = |r: usize, c: usize| {
            let c = if t & 1 != 0 { w - 1 - c } else { c };
            let r = if t & 2 != 0 { h - 1 - r } else { r };
            self.get(r, c)
        };
        // Read in row order, or column by column for a transpose.
        let (outer, inner) = if t & 4 == 0 { (h, w) } else { (w, h) };
        let mut out = Vec::with_capacity(h * w);
        for i in 0..outer {
            for j in 0..inner {
                out.push(if t & 4 == 0 {
                    source(i, j)
                } else {
                    source(j, i)
                });
            }
        }
        Cells {
            h: outer as _,
            w: inner as _,
            cells: out.into_boxed_slice(),
        }
    }

    /// The same board with every cell value mapped.
    pub fn mapped(&self, f: impl Fn(u8) -> u8) -> Cells {
        Cells {
            h: self.h,
            w: self.w,
            cells: self.cells.iter().map(|&v| f(v)).collect(),
        }
    }

    /// The regions of cells that are not `boundary`, connected by steps ±d for d in
    /// `directions`; each as (cells of the region on its bounding box, every other cell of
    /// the box set to `fill`), in row-major order of their first cell.
    pub fn regions(&self, boundary: u8, directions: &[(i32, i32)], fill: u8) -> Vec<Cells> {
        let (h, w) = (self.rows(), self.cols());
        let neighbours = neighbour_masks(h, w, directions);
        // Cells as bits of a u128 (a board has at most MAX_CELLS = 128 cells), split as the
        // graph games split their vertices: no allocation but the masks and the parts (the
        // region split was a third of Amazons' search when it was a flood fill over indices).
        let mut open: u128 = 0;
        for (i, &v) in self.cells.iter().enumerate() {
            if v != boundary {
                open |= 1 << i;
            }
        }
        let mut out = Vec::new();
        for region in components(open, &neighbours) {
            let (mut r0, mut r1, mut c0, mut c1) = (h, 0, w, 0);
            for i in bits(region) {
                let (r, c) = (i / w, i % w);
                (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
            }
            // The whole board is one region: it is its own part when cells outside regions
            // are filled as boundaries are.
            if region == open
                && fill == boundary
                && (r0, c0) == (0, 0)
                && (r1, c1) == (h - 1, w - 1)
            {
                out.push(self.clone());
                continue;
            }
            let mut part = Cells {
                h: (r1 - r0 + 1) as u8,
                w: (c1 - c0 + 1) as u8,
                cells: vec![fill; (r1 - r0 + 1) * (c1 - c0 + 1)].into_boxed_slice(),
            };
            for i in bits(region) {
                part.set(i / w - r0, i % w - c0, self.cells[i]);
            }
            out.push(part);
        }
        out
    }
}

/// For each cell of an `h` × `w` board, the cells one step away along `directions` (both
/// ways), as a mask; worked out once per board size and set of directions (a search meets a
/// handful of them).
fn neighbour_masks(h: usize, w: usize, directions: &[(i32, i32)]) -> Rc<[u128]> {
    type Known = Vec<((usize, usize, Vec<(i32, i32)>), Rc<[u128]>)>;
    thread_local! {
        static MASKS: RefCell<Known> = const { RefCell::new(Vec::new()) };
    }
    MASKS.with(|masks| {
        let found = masks
            .borrow()
            .iter()
            .find(|((kh, kw, kd), _)| (*kh, *kw) == (h, w) && kd.as_slice() == directions)
            .map(|(_, m)| m.clone());
        if let Some(m) = found {
            return m;
        }
        let mut m = vec![0u128; h * w];
        for r in 0..h {
            for c in 0..w {
                for &(dr, dc) in directions {
                    for sign in [1, -1] {
                        let (r2, c2) = (r as i32 + dr * sign, c as i32 + dc * sign);
                        if r2 >= 0 && c2 >= 0 && (r2 as usize) < h && (c2 as usize) < w {
                            m[r * w + c] |= 1 << (r2 as usize * w + c2 as usize);
                        }
                    }
                }
            }
        }
        let m: Rc<[u128]> = m.into();
        let mut masks = masks.borrow_mut();
        if masks.len() >= 64 {
            masks.clear();
        }
        masks.push(((h, w, directions.to_vec()), m.clone()));
        m
    })
}

/// A board packed at two bits a cell (values 0 … 3), for keys: cheap to hash and compare.
/// Cell k sits in word k / 32, most significant bits first, so that packed boards compare
/// as their cell sequences do (after their sizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Packed {
    pub h: u8,
    pub w: u8,
    pub words: [u64; MAX_CELLS / 32],
}

impl Packed {
    fn cell(&self, k: usize) -> u64 {
        (self.words[k / 32] >> (62 - 2 * (k % 32))) & 3
    }
}

impl Cells {
    /// The image under symmetry `t` (as [`Cells::image`]) with values mapped by `map`,
    /// packed, without building the image.
    pub fn packed_image(&self, t: u8, map: impl Fn(u8) -> u8) -> Packed {
        self.packed_image_below(t, map, None)
            .unwrap_or_else(|| unreachable!("an image without a bound is always built"))
    }

    /// As [`Cells::packed_image`], but `None` as soon as the image turns out not to be less
    /// than `bound`: most images of a board differ from the least one in their first cells,
    /// so a key is found in little more than one pass.
    pub fn packed_image_below(
        &self,
        t: u8,
        map: impl Fn(u8) -> u8,
        bound: Option<&Packed>,
    ) -> Option<Packed> {
        let (h, w) = (self.rows() as isize, self.cols() as isize);
        let (h2, w2) = if t & 4 == 0 {
            (self.h, self.w)
        } else {
            (self.w, self.h)
        };
        // Undecided: still equal to the bound so far.
        let mut undecided = match bound {
            Some(b) => match (h2, w2).cmp(&(b.h, b.w)) {
                std::cmp::Ordering::Greater => return None,
                std::cmp::Ordering::Less => None,
                std::cmp::Ordering::Equal => Some(b),
            },
            None => None,
        };
        let mut words = [0u64; MAX_CELLS / 32];
        // The source cell of image cell (a, b) is base + a·step_a + b·step_b.
        let row_step = if t & 2 != 0 { -w } else { w };
        let col_step = if t & 1 != 0 { -1 } else { 1 };
        let base = if t & 2 != 0 { (h - 1) * w } else { 0 } + if t & 1 != 0 { w - 1 } else { 0 };
        let (outer, inner, step_a, step_b) = if t & 4 == 0 {
            (h, w, row_step, col_step)
        } else {
            (w, h, col_step, row_step)
        };
        let mut k = 0usize;
        for a in 0..outer {
            let mut source = base + a * step_a;
            for _ in 0..inner {
                let v = u64::from(map(self.cells[source as usize]) & 3);
                if let Some(b) = undecided {
                    match v.cmp(&b.cell(k)) {
                        std::cmp::Ordering::Greater => return None,
                        std::cmp::Ordering::Less => undecided = None,
                        std::cmp::Ordering::Equal => {}
                    }
                }
                words[k / 32] |= v << (62 - 2 * (k % 32));
                k += 1;
                source += step_b;
            }
        }
        if undecided.is_some() {
            // Equal to the bound: not less.
            return None;
        }
        Some(Packed {
            h: h2,
            w: w2,
            words,
        })
    }
}

/// The direction sets of `Coordinates`, as (Δrow, Δcol).
pub const ORTHOGONAL: &[(i32, i32)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];
pub const DIAGONAL: &[(i32, i32)] = &[(-1, 1), (1, 1), (1, -1), (-1, -1)];
pub const COMPASS: &[(i32, i32)] = &[
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];
pub const KNIGHTS_MOVE: &[(i32, i32)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const HEXAGONAL: &[(i32, i32)] = &[(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// Where symmetry `t` of [`Cells::image`] sends a direction.
pub fn image_direction(t: u8, (dr, dc): (i32, i32)) -> (i32, i32) {
    let dc = if t & 1 != 0 { -dc } else { dc };
    let dr = if t & 2 != 0 { -dr } else { dr };
    if t & 4 != 0 { (dc, dr) } else { (dr, dc) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_print_and_errors() {
        let b = Cells::parse("t", "X.o|.#.", ".xo#", false).unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 3));
        assert_eq!(b.text(".xo#"), "x.o|.#.");
        let err = Cells::parse("t", "x.q", ".xo#", false).unwrap_err();
        assert_eq!(err.string_char, Some(("x.q".to_string(), 2)));
        let err = Cells::parse("t", "x.|...", ".xo#", false).unwrap_err();
        assert!(err.message.contains("equal length"), "{}", err.message);
        assert_eq!(Cells::parse("t", "", ".x", false).unwrap().cells.len(), 0);
        // A strip has no rows: `|` is just a bad character.
        assert!(Cells::parse("t", "t|f", ".tf", true).is_err());
    }

    #[test]
    fn symmetries_and_regions() {
        let b = Cells::parse("t", "xo.|...", ".xo", false).unwrap();
        assert_eq!(b.image(1).text(".xo"), ".ox|...");
        assert_eq!(b.image(2).text(".xo"), "...|xo.");
        assert_eq!(b.image(4).text(".xo"), "x.|o.|..");
        for t in 0..8 {
            let d = image_direction(t, (0, 1));
            // The piece right of x in the original lies in direction d from x in the image.
            let img = b.image(t);
            let x = img.cells.iter().position(|&v| v == 1).unwrap();
            let (r, c) = (x / img.cols(), x % img.cols());
            let (r2, c2) = img.step(r, c, d.0, d.1, 1).unwrap();
            assert_eq!(img.get(r2, c2), 2, "symmetry {t}");
        }
        let b = Cells::parse("t", "x.o|x..|..x", ".xo", false).unwrap();
        let parts = b.regions(0, ORTHOGONAL, 0);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].text(".xo"), "x|x");
        let b = Cells::parse("t", "x.o|.x.|...", ".xo", false).unwrap();
        assert_eq!(b.regions(0, ORTHOGONAL, 0).len(), 3);
        assert_eq!(b.regions(0, COMPASS, 0).len(), 1);
    }
}
