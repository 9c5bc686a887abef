//! Boards as bit layers, for the rulesets whose search time goes into copying boards and
//! probing the solver's table (Konane, Fission): a position is a few `u128` masks (bit
//! `r·w + c` is the cell in row r, column c) over a [`Shape`] — the board's size and its
//! off-board (`#`) cells, which no move changes — shared by every position of a search.
//!
//! A key ([`BoardKey`]) is the layers of the chosen image and the shape's number: for boards
//! of at most 64 cells each layer is one `u64`, so a table entry is 24–32 bytes where the
//! packed two-bits-a-cell key ([`super::cells::Packed`]) made it 48, and hashing and
//! comparing it are a few word operations. Larger boards keep exact keys, boxed. A key whose
//! layers fit in one word side by side has a narrow form ([`BoardKey::narrow`]), which the
//! solver keeps in 16-byte entries.

use super::cells::Cells;
use crate::rulesets::partizan::NarrowKey;
use crate::rulesets::partizan::grid::{self, Dims};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// The size and the off-board cells of a board, with the masks moves need. Interned: equal
/// shapes are one value with one number, so keys carry the number instead of the holes.
#[derive(Debug, PartialEq, Eq)]
pub struct Shape {
    pub dims: Dims,
    /// The shape's number in [`Shape::interned`]'s table (never reused).
    pub id: u32,
    /// The cells of the board that are not holes.
    pub open: u128,
    pub holes: u128,
    all: u128,
    not_first_column: u128,
    not_last_column: u128,
}

/// Every shape made so far, by (width, height, holes). Shapes are never dropped: the
/// session's tables hold keys that name them by number.
type Shapes = FxHashMap<(u8, u8, u128), &'static Shape>;
static SHAPES: Mutex<Option<Shapes>> = Mutex::new(None);

/// One step on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    North,
    South,
    West,
    East,
}

pub const STEPS: [Step; 4] = [Step::North, Step::East, Step::South, Step::West];

impl Step {
    pub fn back(self) -> Step {
        match self {
            Step::North => Step::South,
            Step::South => Step::North,
            Step::West => Step::East,
            Step::East => Step::West,
        }
    }
}

impl Shape {
    /// The shape of a board of `w` columns and `h` rows (at most 128 cells) with `holes`.
    pub fn interned(w: usize, h: usize, holes: u128) -> &'static Shape {
        let mut shapes = SHAPES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let shapes = shapes.get_or_insert_with(FxHashMap::default);
        let next = shapes.len() as u32;
        shapes.entry((w as u8, h as u8, holes)).or_insert_with(|| {
            let dims = Dims {
                w: w as u8,
                h: h as u8,
            };
            let all = grid::low_bits(dims.cells());
            let mut first_column = 0u128;
            for r in 0..h {
                first_column |= 1 << (r * w);
            }
            let last_column = if w == 0 { 0 } else { first_column << (w - 1) };
            Box::leak(Box::new(Shape {
                dims,
                id: next,
                open: all & !holes,
                holes,
                all,
                not_first_column: all & !first_column,
                not_last_column: all & !last_column,
            }))
        })
    }

    /// The shape of a `w` × `h` board without holes, remembered per thread in front of
    /// [`Shape::interned`] (whose lock a search would otherwise take at every component).
    pub fn plain(w: usize, h: usize) -> &'static Shape {
        thread_local! {
            static PLAIN: RefCell<FxHashMap<(usize, usize), &'static Shape>> =
                RefCell::new(FxHashMap::default());
        }
        PLAIN.with(|plain| {
            *plain
                .borrow_mut()
                .entry((w, h))
                .or_insert_with(|| Shape::interned(w, h, 0))
        })
    }

    /// The cells one `step` away from the cells of `bits`, on the board.
    #[inline]
    pub fn shift(&self, bits: u128, step: Step) -> u128 {
        let w = u32::from(self.dims.w);
        match step {
            Step::East => (bits & self.not_last_column) << 1,
            Step::West => (bits & self.not_first_column) >> 1,
            Step::South => (bits << w) & self.all,
            Step::North => bits >> w,
        }
    }

    /// The image of a layer under symmetry `t` of [`Cells::image`] (bit 0: reverse each row,
    /// bit 1: reverse the order of rows, bit 2: then transpose).
    pub fn image(&self, bits: u128, t: u8) -> u128 {
        if self.dims.cells() <= 64 {
            // One machine word, as in [`Shape::images`].
            let (w, h) = (u32::from(self.dims.w), u32::from(self.dims.h));
            let mirrored = small_mirrors(bits as u64, w, h)[usize::from(t & 3)];
            return u128::from(if t & 4 != 0 {
                small_transpose(mirrored, w, h)
            } else {
                mirrored
            });
        }
        let mirrored = grid::mirror(bits, self.dims, t & 1 != 0, t & 2 != 0);
        if t & 4 != 0 {
            grid::transpose(mirrored, self.dims)
        } else {
            mirrored
        }
    }

    /// The images of a layer under all eight symmetries (indexed as [`Shape::image`]'s
    /// `t`; those that do not fix the shape are images on the transposed board). Boards of
    /// at most 64 cells work on one machine word (u128 shifts and bit reversals cost several
    /// instructions each), and transpose once: keys take the images of every component, and
    /// image by image they were a third of an Amazons search.
    pub fn images(&self, bits: u128) -> [u128; 8] {
        if self.dims.cells() > 64 {
            return std::array::from_fn(|t| self.image(bits, t as u8));
        }
        let (w, h) = (u32::from(self.dims.w), u32::from(self.dims.h));
        let mut out = [0u128; 8];
        let plain = small_mirrors(bits as u64, w, h);
        // Mirroring then transposing is transposing then mirroring with the flips exchanged.
        let turned = small_mirrors(small_transpose(bits as u64, w, h), h, w);
        for t in 0..4 {
            out[t] = u128::from(plain[t]);
            let exchanged = (t & 1) << 1 | (t >> 1);
            out[4 + t] = u128::from(turned[exchanged]);
        }
        out
    }

    /// Whether symmetry `t` maps the board's shape onto itself.
    pub fn fixed_by(&self, t: u8) -> bool {
        (t & 4 == 0 || self.dims.w == self.dims.h) && self.image(self.holes, t) == self.holes
    }
}

/// The four mirror images of a board of at most 64 cells, `w` × `h`: as it is, rows reversed
/// (bit 0 of the index), the order of rows reversed (bit 1), both.
fn small_mirrors(bits: u64, w: u32, h: u32) -> [u64; 4] {
    let row = if w >= 64 { u64::MAX } else { (1 << w) - 1 };
    let mut out = [0u64; 4];
    for r in 0..h {
        let line = (bits >> (r * w)) & row;
        let reversed = line.reverse_bits() >> (64 - w);
        let (down, up) = (r * w, (h - 1 - r) * w);
        out[0] |= line << down;
        out[1] |= reversed << down;
        out[2] |= line << up;
        out[3] |= reversed << up;
    }
    out
}

/// A board of at most 64 cells, `w` × `h`, reflected in its main diagonal (`h` × `w`).
fn small_transpose(mut bits: u64, w: u32, h: u32) -> u64 {
    let mut out = 0u64;
    while bits != 0 {
        let i = bits.trailing_zeros();
        bits &= bits - 1;
        out |= 1 << ((i % w) * h + i / w);
    }
    out
}

/// Read a board's cells into layers: `layer[k]` holds the cells of value `values[k]`; cells
/// of value `hole` are the shape's holes.
pub fn layers<const N: usize>(
    board: &Cells,
    values: [u8; N],
    hole: u8,
) -> ([u128; N], &'static Shape) {
    let mut out = [0u128; N];
    let mut holes = 0u128;
    for (i, &v) in board.cells.iter().enumerate() {
        if v == hole {
            holes |= 1 << i;
        }
        for (layer, &want) in out.iter_mut().zip(&values) {
            if v == want {
                *layer |= 1 << i;
            }
        }
    }
    (out, Shape::interned(board.cols(), board.rows(), holes))
}

/// The cells of a board from its layers (`values[k]` for the cells of `layers[k]`, `hole`
/// for holes, 0 elsewhere).
pub fn cells<const N: usize>(shape: &Shape, layers: [u128; N], values: [u8; N], hole: u8) -> Cells {
    let (w, h) = (usize::from(shape.dims.w), usize::from(shape.dims.h));
    let mut board = Cells::empty(h, w);
    for (i, cell) in board.cells.iter_mut().enumerate() {
        let bit = 1u128 << i;
        if shape.holes & bit != 0 {
            *cell = hole;
        }
        for (layer, &v) in layers.iter().zip(&values) {
            if layer & bit != 0 {
                *cell = v;
            }
        }
    }
    board
}

/// The key of a position: its layers (of the chosen image) and its shape's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardKey<const N: usize> {
    /// A board of at most 64 cells: one word a layer.
    Small { layers: [u64; N], shape: u32 },
    /// A larger board.
    Large(Box<([u128; N], u32)>),
}

impl<const N: usize> Hash for BoardKey<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Small and large keys never share a shape, so the shape number tells them apart.
        match self {
            BoardKey::Small { layers, shape } => {
                for &l in layers {
                    state.write_u64(l);
                }
                state.write_u32(*shape);
            }
            BoardKey::Large(large) => {
                for &l in &large.0 {
                    state.write_u128(l);
                }
                state.write_u32(large.1);
            }
        }
    }
}

impl<const N: usize> BoardKey<N> {
    pub fn new(shape: &Shape, layers: [u128; N]) -> BoardKey<N> {
        if shape.dims.cells() <= 64 {
            BoardKey::Small {
                layers: layers.map(|l| l as u64),
                shape: shape.id,
            }
        } else {
            BoardKey::Large(Box::new((layers, shape.id)))
        }
    }

    /// The key in a [`NarrowKey`] when every layer fits in 64/N bits (a Konane board of
    /// up to 32 cells, a Fission board of up to 64, an Amazons board of up to 21): the layers
    /// side by side, and the shape's number. Layers that fit can be read back from it, so
    /// equal narrow keys are equal keys.
    pub fn narrow(&self) -> Option<NarrowKey> {
        let BoardKey::Small { layers, shape } = self else {
            return None;
        };
        let width = u64::BITS / N as u32;
        let mut bits = 0;
        for (i, &layer) in (0u32..).zip(layers) {
            if width < u64::BITS && layer >> width != 0 {
                return None;
            }
            bits |= layer << (i * width);
        }
        Some(NarrowKey::new(bits, *shape))
    }
}

/// The symmetries (bit t) and, when `swap` is given, colour-exchanged symmetries (bit 8 + t;
/// `swap` exchanges the layers) under which a board is its own image: the images worth trying
/// in the keys of the positions that follow it. Off those, the image of a position reached
/// from the board is hardly ever reached too (on the rulesets2 bench positions the table is
/// the same size with all sixteen images or with none), while trying all sixteen at every
/// option took 40% of the solve time.
pub fn automorphisms<const N: usize>(
    shape: &Shape,
    layers: [u128; N],
    swap: Option<fn([u128; N]) -> [u128; N]>,
) -> u16 {
    let mut mask = 1;
    for t in 0..8u8 {
        if !shape.fixed_by(t) {
            continue;
        }
        let image = layers.map(|l| shape.image(l, t));
        if t != 0 && image == layers {
            mask |= 1 << t;
        }
        if let Some(swap) = swap
            && swap(image) == layers
        {
            mask |= 1 << (8 + t);
        }
    }
    mask
}

/// The least image of `layers` under the symmetries of `mask` (see [`automorphisms`]), as a
/// key, and whether it keys the negative: `negating(t)` says whether symmetry t swaps the
/// players; a colour exchange (`swap`) does.
pub fn least_key<const N: usize>(
    shape: &Shape,
    layers: [u128; N],
    mask: u16,
    negating: impl Fn(u8) -> bool,
    swap: fn([u128; N]) -> [u128; N],
) -> (BoardKey<N>, bool) {
    if mask == 1 {
        return (BoardKey::new(shape, layers), negating(0));
    }
    // Images compare by their first layer before the others, so the first layer of every
    // candidate image is taken first, and the whole image only of those that tie for the
    // least (mostly one).
    let swapped = swap(layers);
    // The board as it stands is always a candidate.
    let mask = mask | 1;
    let (plain_firsts, swapped_firsts) = (shape.images(layers[0]), shape.images(swapped[0]));
    let mut candidates: SmallVec<[(u8, bool, u128); 16]> = SmallVec::new();
    for t in 0..8u8 {
        if mask >> t & 1 != 0 {
            candidates.push((t, false, plain_firsts[usize::from(t)]));
        }
        if mask >> (8 + t) & 1 != 0 {
            candidates.push((t, true, swapped_firsts[usize::from(t)]));
        }
    }
    let least_first = candidates.iter().map(|c| c.2).min().unwrap_or(layers[0]);
    let mut best: Option<([u128; N], bool)> = None;
    for &(t, exchanged, first) in &candidates {
        if first != least_first {
            continue;
        }
        let source = if exchanged { swapped } else { layers };
        let image = source.map(|l| shape.image(l, t));
        if best.as_ref().is_none_or(|(b, _)| image < *b) {
            best = Some((image, negating(t) != exchanged));
        }
    }
    let (image, negated) = best.unwrap_or((layers, negating(0)));
    (BoardKey::new(shape, image), negated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_round_trip_and_images_match_cells() {
        // A 3×4 board (no transposes fix its shape, but the images are still well defined),
        // a square one, and one of more than 64 cells (images taken in two words).
        let wide = format!(
            "x.o{}|..x{}|o#.{}",
            ".".repeat(22),
            "#".repeat(22),
            "xo".repeat(11)
        );
        for text in [
            "x.o#|..x.|o#..",
            "x.o.|..x#|o...|.#ox",
            &wide,
            "xx.|o..|..#|.o.|x#.",
        ] {
            let board = Cells::parse("t", text, ".xo#", false).unwrap();
            let (layers, shape) = layers(&board, [1, 2], 3);
            assert_eq!(cells(shape, layers, [1, 2], 3), board);
            for t in 0..8 {
                // The cells' image and the layers' image agree.
                let image = board.image(t);
                let (want, _) = super::layers(&image, [1, 2], 3);
                assert_eq!(
                    layers.map(|l| shape.image(l, t)),
                    want,
                    "{text}: symmetry {t}"
                );
                let all = layers.map(|l| shape.images(l)[usize::from(t)]);
                assert_eq!(all, want, "{text}: all images, symmetry {t}");
            }
        }
        // Equal shapes are one shape.
        let shape = Shape::interned(4, 3, 0b1000_0000);
        let again = Shape::interned(4, 3, shape.holes);
        assert!(std::ptr::eq(shape, again));
    }

    /// Narrow keys are equal exactly when the keys are, and only keys whose layers fit in
    /// 64/N bits have one.
    #[test]
    fn narrow_keys_tell_keys_apart() {
        fn check<const N: usize>(shape: &Shape) {
            let cells = shape.dims.cells();
            let width = 64 / N as u32;
            let mut seed = 0x2545_f491_4f6c_dd1d_u64;
            let mut keys: Vec<([u128; N], BoardKey<N>)> = Vec::new();
            for i in 0..400 {
                let mut layers = [(); N].map(|()| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    // Sparse layers, so that on larger boards some keys fit and some not.
                    u128::from(seed >> 11) & u128::from(seed >> 7) & ((1u128 << cells) - 1)
                });
                // Some keys differ from another in one bit of one layer only.
                if i % 2 == 1 {
                    layers = keys[i - 1].0;
                    layers[i % N] ^= 1 << (i % cells as usize);
                }
                keys.push((layers, BoardKey::new(shape, layers)));
            }
            // And every combination of layers at the edges of their fields.
            let top = width.min(cells);
            let edges = [
                0,
                1,
                3,
                1 << (top - 1),
                1 << (top - 2),
                (1 << top) - 1,
                1 << top,
            ];
            for mut i in 0..edges.len().pow(N as u32) {
                let layers = [(); N].map(|()| {
                    let layer = edges[i % edges.len()] & ((1u128 << cells) - 1);
                    i /= edges.len();
                    layer
                });
                keys.push((layers, BoardKey::new(shape, layers)));
            }
            for (layers, a) in &keys {
                let fits = cells <= 64 && layers.iter().all(|&l| l >> width == 0);
                assert_eq!(a.narrow().is_some(), fits, "{a:?}");
                for (_, b) in &keys {
                    if a.narrow().is_some() {
                        assert_eq!(a.narrow() == b.narrow(), a == b, "{a:?} {b:?}");
                    }
                }
            }
        }
        // Konane (two layers) up to 32 cells, Fission (one) up to 64, Amazons (three) up to
        // 21; on larger boards, the keys whose layers still fit.
        check::<2>(Shape::interned(8, 4, 0));
        check::<1>(Shape::interned(8, 8, 0));
        check::<3>(Shape::interned(7, 3, 0));
        check::<2>(Shape::interned(6, 6, 0));
        check::<3>(Shape::interned(5, 5, 0));
        check::<1>(Shape::interned(13, 5, 0));
        // Another shape of the same size is another narrow key.
        let (a, b) = (Shape::interned(4, 2, 0), Shape::interned(4, 2, 1));
        assert_ne!(
            BoardKey::new(a, [0b10u128, 0b100]).narrow(),
            BoardKey::new(b, [0b10u128, 0b100]).narrow()
        );
    }

    #[test]
    fn shifts_stay_on_the_board() {
        let shape = Shape::interned(3, 2, 0);
        let right_column = 0b100_100;
        assert_eq!(shape.shift(right_column, Step::East), 0);
        assert_eq!(shape.shift(right_column, Step::West), 0b010_010);
        assert_eq!(shape.shift(0b111, Step::North), 0);
        assert_eq!(shape.shift(0b111, Step::South), 0b111_000);
        assert_eq!(shape.shift(0b111_000, Step::South), 0);
    }
}
