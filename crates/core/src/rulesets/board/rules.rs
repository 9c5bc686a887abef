//! The moves, components and keys of the grid and strip rulesets, as CGSuite's
//! `game.grid` and `game.strip` classes define them (`/work/shared/spec/rulesets-grid.md`
//! restates the rules; each type's doc says what it does).
//!
//! Keys are the least image of a component under the symmetries the rules allow (those
//! that map the move directions onto themselves), with the colours exchanged when that
//! swaps the players' roles — then the keyed value is the negative.

use super::bits::{self, BoardKey, Shape, Step};
use super::cells::{self, Cells, Packed};
use crate::rulesets::Args;
use crate::rulesets::Position;
use crate::rulesets::impartial::{ImpartialPosition, ImpartialRules};
use crate::rulesets::loopy::{LoopyPosition, LoopyRules};
use crate::rulesets::partizan::{NarrowKey, PartizanPosition, Rules, grid};
use crate::value::picture::{Cell, Picture, Tint};
use crate::value::{EvalError, EvalResult, Side, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

fn partizan<G: Rules>(g: G) -> EvalResult<Value> {
    Ok(Value::Position(Rc::new(PartizanPosition::new(g))))
}

/// Swap the players' pieces 1 ↔ 2 (other values stay).
fn swap12(v: u8) -> u8 {
    match v {
        1 => 2,
        2 => 1,
        v => v,
    }
}

/// The least packed image of `board` under the symmetries `symmetries` (see
/// [`Cells::image`]), also with colours 1 ↔ 2 exchanged when `swap` (those images key the
/// negative). `negating(t)` says whether symmetry t itself swaps the players.
fn least_image(
    board: &Cells,
    symmetries: &[u8],
    negating: impl Fn(u8) -> bool,
    swap: bool,
) -> (Packed, bool) {
    let mut best = (board.packed_image(0, |v| v), negating(0));
    for &t in symmetries {
        if t != 0
            && let Some(image) = board.packed_image_below(t, |v| v, Some(&best.0))
        {
            best = (image, negating(t));
        }
        if swap && let Some(image) = board.packed_image_below(t, swap12, Some(&best.0)) {
            best = (image, !negating(t));
        }
    }
    best
}

const ALL_SYMMETRIES: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7];

/// Cells `.`, `x`, `o` (and `#`): empty, Left's stone, Right's stone, blocked.
const STONES: &[Cell] = &[
    Cell::Empty,
    Cell::Stone(Tint::Left),
    Cell::Stone(Tint::Right),
    Cell::Blocked,
];

// ---------------------------------------------------------------------------------------
// GenClobber

/// The four parameters of `GenClobber`, with what they imply for the search.
#[derive(Debug, PartialEq)]
pub struct ClobberParams {
    directions: Vec<(i32, i32)>,
    /// Per player (Left, Right), a bit per cell value it may move onto.
    clobbered: [u8; 2],
    left_behind: [u8; 2],
    /// `None`: no limit.
    max_distance: Option<u32>,
    /// The symmetries of the board that map the directions onto themselves.
    symmetries: Vec<u8>,
    /// Exchanging the colours exchanges the players' rules.
    colour_symmetric: bool,
    /// How positions print: `game.grid.Kings` or `game.grid.GenClobber(...)`.
    prefix: String,
}

thread_local! {
    /// Every parameter set met so far; a position keys its parameters by index here.
    static CLOBBER_PARAMS: RefCell<Vec<Arc<ClobberParams>>> = const { RefCell::new(Vec::new()) };
}

fn side_map(value: &Value, what: &str) -> EvalResult<[Value; 2]> {
    let err = || {
        EvalError::new(format!(
            "GenClobber: {what} must be a map {{Left => …, Right => …}}"
        ))
    };
    let Value::Map(entries) = value else {
        return Err(err());
    };
    let get = |side: Side| {
        entries
            .iter()
            .find(|(k, _)| *k == Value::Side(side))
            .map(|(_, v)| v.clone())
            .ok_or_else(err)
    };
    Ok([get(Side::Left)?, get(Side::Right)?])
}

fn small(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.small(),
        _ => None,
    }
}

fn cell_value(value: &Value, what: &str) -> EvalResult<u8> {
    small(value)
        .filter(|v| (0..=2).contains(v))
        .map(|v| v as u8)
        .ok_or_else(|| EvalError::new(format!("GenClobber: {what} holds cell values 0, 1 or 2")))
}

impl ClobberParams {
    pub fn from_args(args: &Args) -> EvalResult<ClobberParams> {
        let mut directions = cells::ORTHOGONAL.to_vec();
        let mut clobbered = [1 << 2, 1 << 1];
        let mut left_behind = [0, 0];
        let mut max_distance = Some(1);
        let mut shown = Vec::new();
        for (name, value) in &args.named {
            match crate::rulesets::name_key(name).as_str() {
                "directions" => {
                    let Value::List(items) = value else {
                        return Err(EvalError::new(
                            "GenClobber: directions must be a list such as Coordinates.Diagonal",
                        ));
                    };
                    directions = items
                        .iter()
                        .map(|item| match item {
                            Value::Tuple(p) | Value::List(p) if p.len() == 2 => {
                                match (small(&p[0]), small(&p[1])) {
                                    (Some(r), Some(c)) if r.abs() <= 16 && c.abs() <= 16 => {
                                        Ok((r as i32, c as i32))
                                    }
                                    _ => Err(()),
                                }
                            }
                            _ => Err(()),
                        })
                        .collect::<Result<_, ()>>()
                        .map_err(|()| {
                            EvalError::new(
                                "GenClobber: each direction is a pair (Δrow, Δcol) of small \
                                 integers",
                            )
                        })?;
                }
                "clobbered" => {
                    let sets = side_map(value, "clobbered")?;
                    for (k, set) in sets.iter().enumerate() {
                        let items = match set {
                            Value::Set(v) | Value::List(v) => v.clone(),
                            one => vec![one.clone()],
                        };
                        clobbered[k] = 0;
                        for item in &items {
                            clobbered[k] |= 1 << cell_value(item, "clobbered")?;
                        }
                    }
                }
                "leftbehind" => {
                    let values = side_map(value, "leftBehind")?;
                    for k in 0..2 {
                        left_behind[k] = cell_value(&values[k], "leftBehind")?;
                    }
                }
                "maxdistance" if is_infinity(value) => max_distance = None,
                "maxdistance" => {
                    max_distance = Some(
                        small(value)
                            .filter(|&d| d >= 1)
                            .and_then(|d| u32::try_from(d).ok())
                            .ok_or_else(|| {
                                EvalError::new(
                                    "GenClobber: maxDistance must be a positive integer or inf",
                                )
                            })?,
                    );
                }
                _ => {
                    return Err(EvalError::new(format!(
                        "GenClobber has no parameter `{name}` (directions, clobbered, \
                         leftBehind, maxDistance)"
                    )));
                }
            }
            shown.push(format!("{name} => {}", param_text(value)));
        }
        let prefix = if shown.is_empty() {
            "game.grid.GenClobber()".to_string()
        } else {
            format!("game.grid.GenClobber({})", shown.join(", "))
        };
        Ok(ClobberParams::new(
            directions,
            clobbered,
            left_behind,
            max_distance,
            prefix,
        ))
    }

    fn new(
        directions: Vec<(i32, i32)>,
        clobbered: [u8; 2],
        left_behind: [u8; 2],
        max_distance: Option<u32>,
        prefix: String,
    ) -> ClobberParams {
        let mut sorted = directions.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let symmetries = ALL_SYMMETRIES
            .iter()
            .copied()
            .filter(|&t| {
                let mut image: Vec<_> = sorted
                    .iter()
                    .map(|&d| cells::image_direction(t, d))
                    .collect();
                image.sort_unstable();
                image == sorted
            })
            .collect();
        let swap_set = |s: u8| (s & 1) | ((s >> 1 & 1) << 2) | ((s >> 2 & 1) << 1);
        let colour_symmetric =
            clobbered[1] == swap_set(clobbered[0]) && left_behind[1] == swap12(left_behind[0]);
        ClobberParams {
            directions,
            clobbered,
            left_behind,
            max_distance,
            symmetries,
            colour_symmetric,
            prefix,
        }
    }

    /// The parameters of a named instance.
    fn named(name: &str) -> Option<ClobberParams> {
        let prefix = format!("game.grid.{name}");
        let p = |d: &[(i32, i32)], c: [u8; 2], l: [u8; 2], m: Option<u32>| {
            ClobberParams::new(d.to_vec(), c, l, m, prefix.clone())
        };
        let clobber = [1 << 2, 1 << 1];
        Some(match name {
            "Clobber" => p(cells::ORTHOGONAL, clobber, [0, 0], Some(1)),
            "AntiClobber" => p(cells::ORTHOGONAL, [1, 1], [2, 1], Some(1)),
            "HotClobber" => p(cells::ORTHOGONAL, [6, 6], [0, 0], Some(1)),
            "Kings" => p(cells::COMPASS, clobber, [0, 0], Some(1)),
            "Knights" => p(cells::KNIGHTS_MOVE, clobber, [0, 0], Some(1)),
            "Rooks" => p(cells::ORTHOGONAL, clobber, [0, 0], None),
            "Queens" => p(cells::COMPASS, clobber, [0, 0], None),
            _ => return None,
        })
    }

    /// The shared copy of these parameters and its index (equal parameters share one).
    fn interned(self) -> (Arc<ClobberParams>, u32) {
        CLOBBER_PARAMS.with(|all| {
            let mut all = all.borrow_mut();
            let same = |p: &ClobberParams| {
                p.directions == self.directions
                    && p.clobbered == self.clobbered
                    && p.left_behind == self.left_behind
                    && p.max_distance == self.max_distance
                    && p.prefix == self.prefix
            };
            if let Some(i) = all.iter().position(|p| same(p)) {
                return (all[i].clone(), i as u32);
            }
            all.push(Arc::new(self));
            (all[all.len() - 1].clone(), (all.len() - 1) as u32)
        })
    }
}

/// A parameter as written (`Coordinates.Diagonal` shows as its list).
/// Whether `value` is `inf`, which as a parameter means "no limit"
/// (`GenClobber(maxDistance => inf)`).
pub fn is_infinity(value: &Value) -> bool {
    matches!(value, Value::Infinity { negative: false })
}

pub fn param_text(value: &Value) -> String {
    match value {
        Value::Number(n) => n.to_string(),
        Value::Side(Side::Left) => "Left".into(),
        Value::Side(Side::Right) => "Right".into(),
        Value::Tuple(items) => format!(
            "({})",
            items.iter().map(param_text).collect::<Vec<_>>().join(", ")
        ),
        Value::List(items) => format!(
            "[{}]",
            items.iter().map(param_text).collect::<Vec<_>>().join(", ")
        ),
        Value::Set(items) => format!(
            "{{{}}}",
            items.iter().map(param_text).collect::<Vec<_>>().join(", ")
        ),
        Value::Map(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| format!("{} => {}", param_text(k), param_text(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Bool(b) => b.to_string(),
        Value::Nothing => "Nothing".into(),
        Value::Infinity { negative } => if *negative { "-inf" } else { "inf" }.into(),
        _ => "…".into(),
    }
}

/// A GenClobber position: a piece of the mover's colour moves along a direction, over
/// empty cells up to `maxDistance`, onto a cell whose value the mover may clobber; the cell
/// left becomes `leftBehind`. With `maxDistance` 1 the groups of stones separated by empty
/// cells are components (also for AntiClobber, where CGSuite does the same although it is
/// not sound: `AntiClobber("x.o")` is 0).
#[derive(Clone, Debug)]
pub struct GenClobber {
    params: Arc<ClobberParams>,
    id: u32,
    board: Cells,
}

pub fn gen_clobber(name: &str, params: &Args, text: &str) -> EvalResult<Value> {
    let own = match ClobberParams::named(name) {
        Some(p) => p,
        None => ClobberParams::from_args(params)?,
    };
    let (params, id) = own.interned();
    let board = Cells::parse(&params.prefix, text, ".xo", false)?;
    partizan(GenClobber { params, id, board })
}

impl Rules for GenClobber {
    type Key = (u32, Packed);

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let p = &self.params;
        let (me, k) = if left { (1u8, 0) } else { (2u8, 1) };
        let b = &self.board;
        let limit = p.max_distance.map_or(i32::MAX, |m| m.min(1 << 20) as i32);
        for r in 0..b.rows() {
            for c in 0..b.cols() {
                if b.get(r, c) != me {
                    continue;
                }
                for &(dr, dc) in &p.directions {
                    let mut n = 1;
                    while n < limit
                        && b.step(r, c, dr, dc, n)
                            .is_some_and(|(r2, c2)| b.get(r2, c2) == 0)
                    {
                        n += 1;
                    }
                    let Some((r2, c2)) = b.step(r, c, dr, dc, n) else {
                        continue;
                    };
                    if p.clobbered[k] >> b.get(r2, c2) & 1 == 0 {
                        continue;
                    }
                    let mut board = b.clone();
                    board.set(r2, c2, me);
                    board.set(r, c, p.left_behind[k]);
                    out.push(GenClobber {
                        params: self.params.clone(),
                        id: self.id,
                        board,
                    });
                }
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        if self.params.max_distance != Some(1) {
            out.push((self.clone(), 1));
            return;
        }
        let regions = self.board.regions(0, &self.params.directions, 0);
        // One region is the position itself, uncropped (CGSuite's decomposition): cropping
        // would drop the empty cells AntiClobber moves onto.
        if regions.len() == 1 {
            out.push((self.clone(), 1));
            return;
        }
        for board in regions {
            out.push((
                GenClobber {
                    params: self.params.clone(),
                    id: self.id,
                    board,
                },
                1,
            ));
        }
    }

    fn key(&self) -> ((u32, Packed), bool) {
        let swap = self.params.colour_symmetric;
        let (board, negated) = least_image(&self.board, &self.params.symmetries, |_| false, swap);
        ((self.id, board), negated)
    }

    /// The board as it stands, unless it is its only image (no symmetry, no exchange of
    /// colours): then the key is that already, and a second look-up would only cost.
    fn literal_key(&self) -> Option<(u32, Packed)> {
        let trivial = self.params.symmetries.iter().all(|&t| t == 0);
        (!trivial || self.params.colour_symmetric)
            .then(|| (self.id, self.board.packed_image(0, |v| v)))
    }

    fn describe(&self) -> String {
        format!("{}(\"{}\")", self.params.prefix, self.board.text(".xo"))
    }

    fn picture(&self) -> Option<Picture> {
        Some(self.board.picture(STONES))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.board.text(".xo"))
    }
}

// ---------------------------------------------------------------------------------------
// Cram

/// Cram: either player places a domino, either way, on two empty cells (impartial).
/// Regions of empty cells are components, keyed up to the eight symmetries.
#[derive(Clone, Debug)]
pub struct Cram {
    board: Cells,
}

pub fn cram(text: &str) -> EvalResult<Value> {
    let board = Cells::parse("game.grid.Cram", text, ".#", false)?;
    Ok(Value::Position(
        Rc::new(ImpartialPosition::new(Cram { board })) as Rc<dyn Position>,
    ))
}

impl ImpartialRules for Cram {
    type Key = Packed;

    fn moves(&self, out: &mut Vec<Self>) {
        let b = &self.board;
        for r in 0..b.rows() {
            for c in 0..b.cols() {
                if b.get(r, c) != 0 {
                    continue;
                }
                for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                    if r2 < b.rows() && c2 < b.cols() && b.get(r2, c2) == 0 {
                        let mut board = b.clone();
                        board.set(r, c, 1);
                        board.set(r2, c2, 1);
                        out.push(Cram { board });
                    }
                }
            }
        }
    }

    fn components(&self, out: &mut Vec<Self>) {
        for board in self.board.regions(1, cells::ORTHOGONAL, 1) {
            if board.cells.iter().filter(|&&v| v == 0).count() >= 2 {
                out.push(Cram { board });
            }
        }
    }

    fn key(&self) -> Packed {
        least_image(&self.board, ALL_SYMMETRIES, |_| false, false).0
    }

    fn describe(&self) -> String {
        format!("game.grid.Cram(\"{}\")", self.board.text(".#"))
    }

    fn picture(&self) -> Option<Picture> {
        Some(self.board.picture(&[Cell::Empty, Cell::Blocked]))
    }
}

// ---------------------------------------------------------------------------------------
// Amazons

/// Amazons: an amazon moves like a chess queen over empty cells, then fires an arrow the
/// same way from where it lands (through the cell it left); the arrow's cell is blocked.
///
/// Kept as bit layers over the board's size ([`bits`]): Left's amazons, Right's, and the
/// blocked cells (arrows and `#`), which every move adds to. Regions of unblocked cells (king-
/// move connected) are independent: regions without an amazon drop out, the others are
/// cropped to their bounding box, turned to lie flat (no taller than wide), and keyed up to
/// the symmetries of that rectangle and the exchange of colours (the negative).
#[derive(Clone, Copy, Debug)]
pub struct Amazons {
    x: u128,
    o: u128,
    blocked: u128,
    /// The board's size (a shape without holes: arrows make the blocked layer).
    shape: &'static Shape,
}

/// The eight queen directions, as (vertical step, horizontal step).
const QUEEN_STEPS: [(Option<Step>, Option<Step>); 8] = [
    (Some(Step::North), None),
    (Some(Step::North), Some(Step::East)),
    (None, Some(Step::East)),
    (Some(Step::South), Some(Step::East)),
    (Some(Step::South), None),
    (Some(Step::South), Some(Step::West)),
    (None, Some(Step::West)),
    (Some(Step::North), Some(Step::West)),
];

/// Exchange the colours of Amazons' layers (the blocked layer stays).
fn swap_amazons([x, o, blocked]: [u128; 3]) -> [u128; 3] {
    [o, x, blocked]
}

impl Amazons {
    pub fn new(board: Cells) -> Amazons {
        // No cell has value 4: the shape is the size alone, and `#` cells are blocked.
        let ([x, o, blocked], shape) = bits::layers(&board, [1, 2, 3], 4);
        Amazons {
            x,
            o,
            blocked,
            shape,
        }
    }

    fn board(&self) -> Cells {
        bits::cells(self.shape, [self.x, self.o, self.blocked], [1, 2, 3], 3)
    }

    fn empty(&self) -> u128 {
        self.shape.open & !(self.x | self.o | self.blocked)
    }

    /// The cells one queen step from those of `bits`.
    fn step(&self, bits: u128, (vertical, horizontal): (Option<Step>, Option<Step>)) -> u128 {
        let bits = vertical.map_or(bits, |s| self.shape.shift(bits, s));
        horizontal.map_or(bits, |s| self.shape.shift(bits, s))
    }

    /// The cells of `bits` and those a king's step from them.
    fn with_neighbours(&self, bits: u128) -> u128 {
        let row = bits | self.shape.shift(bits, Step::East) | self.shape.shift(bits, Step::West);
        row | self.shape.shift(row, Step::North) | self.shape.shift(row, Step::South)
    }

    /// The region `part` of the board as a board of its own: cropped to its bounding box
    /// (cells outside the region blocked) and turned to lie flat; the board itself when it is
    /// that already.
    fn part(&self, part: u128) -> Amazons {
        let dims = self.shape.dims;
        let (r0, c0, mut to) = grid::bounding_box(part, dims);
        if to == dims && dims.w >= dims.h && part == self.shape.open & !self.blocked {
            // The whole board is one region, and lies flat already.
            return *self;
        }
        let crop = |layer: u128| grid::crop(layer & part, dims, r0, c0, to);
        let mut layers = [crop(self.x), crop(self.o), to.all() & !crop(part)];
        if to.h > to.w {
            layers = layers.map(|l| grid::transpose(l, to));
            to = to.transposed();
        }
        let [x, o, blocked] = layers;
        Amazons {
            x,
            o,
            blocked,
            shape: Shape::plain(usize::from(to.w), usize::from(to.h)),
        }
    }
}

pub fn amazons(text: &str) -> EvalResult<Value> {
    let board = Cells::parse("game.grid.Amazons", text, ".xo#", false)?;
    partizan(Amazons::new(board))
}

impl Rules for Amazons {
    type Key = BoardKey<3>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let (mine, theirs) = if left {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        let empty = self.empty();
        let mut amazons = mine;
        while amazons != 0 {
            let start = amazons & amazons.wrapping_neg();
            amazons &= amazons - 1;
            for direction in QUEEN_STEPS {
                let mut at = self.step(start, direction);
                while at & empty != 0 {
                    // The arrow may cross or land on the cell the amazon left.
                    let free = (empty | start) & !at;
                    let moved = mine & !start | at;
                    for aim in QUEEN_STEPS {
                        let mut arrow = self.step(at, aim);
                        while arrow & free != 0 {
                            let (x, o) = if left {
                                (moved, theirs)
                            } else {
                                (theirs, moved)
                            };
                            out.push(Amazons {
                                x,
                                o,
                                blocked: self.blocked | arrow,
                                shape: self.shape,
                            });
                            arrow = self.step(arrow, aim);
                        }
                    }
                    at = self.step(at, direction);
                }
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        let open = self.shape.open & !self.blocked;
        let amazons = self.x | self.o;
        let mut rest = open;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = self.with_neighbours(part) & rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            if part & amazons == 0 {
                continue;
            }
            out.push((self.part(part), 1));
        }
    }

    /// Neither player can move once no amazon has an empty cell beside it (an amazon next to
    /// one can step there and shoot back).
    fn is_over(&self) -> bool {
        self.with_neighbours(self.empty()) & (self.x | self.o) == 0
    }

    fn key(&self) -> (BoardKey<3>, bool) {
        // Components lie flat: the symmetries that keep the rectangle (all eight when it is
        // square), plain (bits 0–7) and with the colours exchanged (bits 8–15).
        let dims = self.shape.dims;
        let images: u16 = if dims.w == dims.h { 0xffff } else { 0x0f0f };
        bits::least_key(
            self.shape,
            [self.x, self.o, self.blocked],
            images,
            |_| false,
            swap_amazons,
        )
    }

    fn narrow_key(key: &BoardKey<3>) -> Option<NarrowKey> {
        key.narrow()
    }

    fn literal_key(&self) -> Option<BoardKey<3>> {
        Some(BoardKey::new(self.shape, [self.x, self.o, self.blocked]))
    }

    fn describe(&self) -> String {
        format!("game.grid.Amazons(\"{}\")", self.board().text(".xo#"))
    }

    fn picture(&self) -> Option<Picture> {
        Some(self.board().picture(STONES))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.board().text(".xo#"))
    }
}

// ---------------------------------------------------------------------------------------
// Konane

/// Konane (cgt-tools has it, CGSuite does not): a stone (`x` Left's, `o` Right's) jumps
/// orthogonally over an adjacent enemy stone onto the empty cell beyond, capturing it, and
/// may go on jumping in the same direction (each landing is an option); `#` cells are off
/// the board. Kept as bit layers ([`bits`]); keyed up to those of the eight symmetries and
/// the exchange of colours (the negative) that map the first board onto itself (see
/// [`bits::automorphisms`]). Finished positions are not told apart before they are keyed
/// ([`Rules::is_over`]): the test took 10% of a search (eight jump masks an option) and saved
/// nothing, as the few finished positions are solved once and then found in the table.
#[derive(Clone, Copy, Debug)]
pub struct Konane {
    x: u128,
    o: u128,
    shape: &'static Shape,
    /// The images worth trying in keys: the automorphisms of the first board.
    symmetries: u16,
}

/// Exchange the colours of Konane's layers.
fn swap_layers([x, o]: [u128; 2]) -> [u128; 2] {
    [o, x]
}

impl Konane {
    pub fn new(board: Cells) -> Konane {
        let ([x, o], shape) = bits::layers(&board, [1, 2], 3);
        let symmetries = bits::automorphisms(shape, [x, o], Some(swap_layers));
        Konane {
            x,
            o,
            shape,
            symmetries,
        }
    }

    fn board(&self) -> Cells {
        bits::cells(self.shape, [self.x, self.o], [1, 2], 3)
    }

    fn empty(&self) -> u128 {
        self.shape.open & !(self.x | self.o)
    }

    /// (the mover's stones, the opponent's).
    fn sides(&self, left: bool) -> (u128, u128) {
        if left {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// The mover's stones that can jump along `step`: an enemy stone one step on, an empty
    /// cell beyond.
    fn jumpers(&self, left: bool, step: Step) -> u128 {
        let (mine, theirs) = self.sides(left);
        let back = step.back();
        let jumped = theirs & self.shape.shift(self.empty(), back);
        mine & self.shape.shift(jumped, back)
    }
}

pub fn konane(text: &str) -> EvalResult<Value> {
    let board = Cells::parse("game.grid.Konane", text, ".xo#", false)?;
    partizan(Konane::new(board))
}

impl Rules for Konane {
    type Key = BoardKey<2>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let (mine, theirs) = self.sides(left);
        let shape = self.shape;
        let empty = self.empty();
        for step in bits::STEPS {
            // Later jumps of a stone look only at cells ahead, which its earlier jumps left
            // as they were, so the original layers answer for them too.
            let mut from = self.jumpers(left, step);
            while from != 0 {
                let start = from & from.wrapping_neg();
                from &= from - 1;
                let (mut mine, mut theirs, mut at) = (mine, theirs, start);
                loop {
                    let over = shape.shift(at, step);
                    let land = shape.shift(over, step);
                    if over & theirs == 0 || land & empty == 0 {
                        break;
                    }
                    theirs &= !over;
                    mine = mine & !at | land;
                    at = land;
                    let (x, o) = if left { (mine, theirs) } else { (theirs, mine) };
                    out.push(Konane { x, o, ..*self });
                }
            }
        }
    }

    fn narrow_key(key: &BoardKey<2>) -> Option<NarrowKey> {
        key.narrow()
    }

    fn key(&self) -> (BoardKey<2>, bool) {
        bits::least_key(
            self.shape,
            [self.x, self.o],
            self.symmetries,
            |_| false,
            swap_layers,
        )
    }

    fn describe(&self) -> String {
        format!("game.grid.Konane(\"{}\")", self.board().text(".xo#"))
    }

    fn picture(&self) -> Option<Picture> {
        Some(self.board().picture(STONES))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.board().text(".xo#"))
    }
}

// ---------------------------------------------------------------------------------------
// Ski Jumps

/// Ski Jumps (cgt-tools has it, CGSuite does not; rules of *Lessons in Play*): Left's skiers
/// (`L` jumpers, `l` slippers) go east, Right's (`R`, `r`) west. A skier slides any number of
/// empty cells ahead, or off the board; a jumper may instead jump an opposing skier directly
/// below it, landing on the empty cell below that one, and the jumped skier becomes a
/// slipper. Keyed as itself or, mirrored with colours exchanged, as its negative.
#[derive(Clone, Debug)]
pub struct SkiJumps {
    board: Cells,
}

const SKI_MAP: &str = ".LlRr";

pub fn ski_jumps(text: &str) -> EvalResult<Value> {
    let board = Cells::parse_with_case("game.grid.SkiJumps", text, SKI_MAP, false, false)?;
    partizan(SkiJumps { board })
}

/// Exchange the players' skiers (jumpers with jumpers, slippers with slippers).
fn swap_skiers(v: u8) -> u8 {
    match v {
        1 => 3,
        2 => 4,
        3 => 1,
        4 => 2,
        v => v,
    }
}

impl Rules for SkiJumps {
    type Key = Cells;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let (jumper, slipper, dc) = if left { (1, 2, 1) } else { (3, 4, -1) };
        let b = &self.board;
        for r in 0..b.rows() {
            for c in 0..b.cols() {
                let me = b.get(r, c);
                if me != jumper && me != slipper {
                    continue;
                }
                let mut k = 1;
                loop {
                    match b.step(r, c, 0, dc, k) {
                        None => {
                            let mut board = b.clone();
                            board.set(r, c, 0);
                            out.push(SkiJumps { board });
                            break;
                        }
                        Some((r2, c2)) if b.get(r2, c2) == 0 => {
                            let mut board = b.clone();
                            board.set(r, c, 0);
                            board.set(r2, c2, me);
                            out.push(SkiJumps { board });
                        }
                        Some(_) => break,
                    }
                    k += 1;
                }
                if me == jumper
                    && let (Some((r1, c1)), Some((r2, c2))) =
                        (b.step(r, c, 1, 0, 1), b.step(r, c, 1, 0, 2))
                {
                    let below = b.get(r1, c1);
                    let opposing = below != 0 && (below <= 2) != left;
                    if opposing && b.get(r2, c2) == 0 {
                        let mut board = b.clone();
                        board.set(r, c, 0);
                        board.set(r2, c2, me);
                        board.set(r1, c1, if below <= 2 { 2 } else { 4 });
                        out.push(SkiJumps { board });
                    }
                }
            }
        }
    }

    fn key(&self) -> (Cells, bool) {
        let turned = self.board.image(1).mapped(swap_skiers);
        if turned < self.board {
            (turned, true)
        } else {
            (self.board.clone(), false)
        }
    }

    fn literal_key(&self) -> Option<Cells> {
        Some(self.board.clone())
    }

    fn describe(&self) -> String {
        format!("game.grid.SkiJumps(\"{}\")", self.board.text(SKI_MAP))
    }

    fn picture(&self) -> Option<Picture> {
        let skiers = [
            Cell::Empty,
            Cell::Letter(Tint::Left, 'L'),
            Cell::Letter(Tint::Left, 'l'),
            Cell::Letter(Tint::Right, 'R'),
            Cell::Letter(Tint::Right, 'r'),
        ];
        Some(self.board.picture(&skiers))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.board.text(SKI_MAP))
    }
}

// ---------------------------------------------------------------------------------------
// Fission

/// Fission: Left splits a stone whose north and south neighbours are empty into stones on
/// those two cells; Right does the same west and east. Kept as a bit layer (`bits`); keyed
/// up to the mirror images that map the first board onto itself (see
/// `bits::automorphisms`; a quarter turn swaps the players: those images key the negative).
#[derive(Clone, Copy, Debug)]
pub struct Fission {
    stones: u128,
    shape: &'static Shape,
    /// The images worth trying in keys: the automorphisms of the first board.
    symmetries: u16,
}

impl Fission {
    pub fn new(board: Cells) -> Fission {
        let ([stones], shape) = bits::layers(&board, [1], 2);
        let symmetries = bits::automorphisms(shape, [stones], None);
        Fission {
            stones,
            shape,
            symmetries,
        }
    }

    fn board(&self) -> Cells {
        bits::cells(self.shape, [self.stones], [1], 2)
    }

    /// The two directions of Left's (`left`) or Right's splits.
    fn axis(left: bool) -> (Step, Step) {
        if left {
            (Step::North, Step::South)
        } else {
            (Step::West, Step::East)
        }
    }

    /// The stones Left (`left`) or Right can split: an empty cell on both sides.
    fn splits(&self, left: bool) -> u128 {
        let (ahead, behind) = Fission::axis(left);
        let empty = self.shape.open & !self.stones;
        self.stones & self.shape.shift(empty, behind) & self.shape.shift(empty, ahead)
    }
}

pub fn fission(text: &str) -> EvalResult<Value> {
    let board = Cells::parse("game.grid.Fission", text, ".x#", false)?;
    partizan(Fission::new(board))
}

impl Rules for Fission {
    type Key = BoardKey<1>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let shape = self.shape;
        let (ahead, behind) = Fission::axis(left);
        let mut splits = self.splits(left);
        while splits != 0 {
            let stone = splits & splits.wrapping_neg();
            splits &= splits - 1;
            let halves = shape.shift(stone, ahead) | shape.shift(stone, behind);
            out.push(Fission {
                stones: self.stones & !stone | halves,
                ..*self
            });
        }
    }

    fn is_over(&self) -> bool {
        self.splits(true) | self.splits(false) == 0
    }

    fn narrow_key(key: &BoardKey<1>) -> Option<NarrowKey> {
        key.narrow()
    }

    fn key(&self) -> (BoardKey<1>, bool) {
        bits::least_key(
            self.shape,
            [self.stones],
            self.symmetries,
            |t| t & 4 != 0,
            |layers| layers,
        )
    }

    fn describe(&self) -> String {
        format!("game.grid.Fission(\"{}\")", self.board().text(".x#"))
    }

    fn picture(&self) -> Option<Picture> {
        let cells = [Cell::Empty, Cell::Stone(Tint::Plain), Cell::Blocked];
        Some(self.board().picture(&cells))
    }

    fn grid_string(&self) -> Option<String> {
        Some(self.board().text(".x#"))
    }
}

// ---------------------------------------------------------------------------------------
// GenToadsAndFrogs

/// The parameters of `GenToadsAndFrogs`. A negative `minSlide` lets pieces slide back, which
/// makes the game loopy: its positions then go to the loopy search (`rulesets::loopy`).
#[derive(Debug, PartialEq)]
pub struct ToadParams {
    min_slide: i32,
    max_slide: u32,
    max_jump: u32,
    friendly_jump: bool,
    prefix: String,
}

thread_local! {
    static TOAD_PARAMS: RefCell<Vec<Arc<ToadParams>>> = const { RefCell::new(Vec::new()) };
}

impl ToadParams {
    pub fn from_args(args: &Args) -> EvalResult<ToadParams> {
        let mut p = ToadParams {
            min_slide: 1,
            max_slide: 1,
            max_jump: 1,
            friendly_jump: false,
            prefix: String::new(),
        };
        let mut shown = Vec::new();
        for (name, value) in &args.named {
            let number = |what: &str, min: i64| {
                small(value)
                    .filter(|&v| (min..=64).contains(&v))
                    .map(|v| v.max(0) as u32)
                    .ok_or_else(|| {
                        EvalError::new(format!(
                            "GenToadsAndFrogs: {what} must be an integer from {min} to 64"
                        ))
                    })
            };
            match crate::rulesets::name_key(name).as_str() {
                "minslide" => {
                    p.min_slide =
                        small(value)
                            .filter(|v| (-64..=64).contains(v))
                            .ok_or_else(|| {
                                EvalError::new(
                                    "GenToadsAndFrogs: minSlide must be an integer from -64 to 64",
                                )
                            })? as i32;
                }
                "maxslide" => p.max_slide = number("maxSlide", 0)?,
                "maxjump" => p.max_jump = number("maxJump", 0)?,
                "allowfriendlyjump" => {
                    p.friendly_jump = matches!(value, Value::Bool(true));
                }
                _ => {
                    return Err(EvalError::new(format!(
                        "GenToadsAndFrogs has no parameter `{name}` (minSlide, maxSlide, \
                         maxJump, allowFriendlyJump)"
                    )));
                }
            }
            shown.push(format!("{name} => {}", param_text(value)));
        }
        p.prefix = format!("game.strip.GenToadsAndFrogs({})", shown.join(", "));
        Ok(p)
    }

    fn interned(self) -> (Arc<ToadParams>, u32) {
        TOAD_PARAMS.with(|all| {
            let mut all = all.borrow_mut();
            if let Some(i) = all.iter().position(|p| **p == self) {
                return (all[i].clone(), i as u32);
            }
            all.push(Arc::new(self));
            (all[all.len() - 1].clone(), (all.len() - 1) as u32)
        })
    }
}

/// GenToadsAndFrogs: toads (`t`, Left's) move right, frogs (`f`, Right's) left; a piece
/// slides k cells (minSlide ≤ k ≤ maxSlide) over empty cells, or jumps over 1 … maxJump
/// enemy pieces (any pieces with `allowFriendlyJump`) onto an empty cell. Keyed up to
/// turning the strip round with colours exchanged (the negative).
#[derive(Clone, Debug)]
pub struct GenToadsAndFrogs {
    params: Arc<ToadParams>,
    id: u32,
    strip: Cells,
}

pub fn gen_toads_and_frogs(name: &str, params: &Args, text: &str) -> EvalResult<Value> {
    let position = GenToadsAndFrogs::new(name, params, text)?;
    if position.params.min_slide <= -1 {
        return Ok(Value::Position(Rc::new(LoopyPosition::new(position))));
    }
    partizan(position)
}

impl GenToadsAndFrogs {
    /// The position `text` of `game.strip.<name>(params)` (Toads and Frogs and its variants).
    pub fn new(name: &str, params: &Args, text: &str) -> EvalResult<GenToadsAndFrogs> {
        let mut own = ToadParams::from_args(params)?;
        match name {
            "ToadsAndFrogs" => own.prefix = "game.strip.ToadsAndFrogs".into(),
            "ElephantsAndRhinos" => {
                own.max_jump = 0;
                own.prefix = "game.strip.ElephantsAndRhinos".into();
            }
            "BackslidingToadsAndFrogs" => {
                own.min_slide = -1;
                own.prefix = "game.strip.BackslidingToadsAndFrogs".into();
            }
            _ => {}
        }
        let (params, id) = own.interned();
        let strip = Cells::parse(&params.prefix, text, ".tf", true)?;
        Ok(GenToadsAndFrogs { params, id, strip })
    }
}

impl Rules for GenToadsAndFrogs {
    type Key = (u32, Box<[u8]>);

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let p = &self.params;
        let (me, enemy, ahead) = if left { (1u8, 2u8, 1i64) } else { (2, 1, -1) };
        let cells = &self.strip.cells;
        let at =
            |i: i64| -> Option<u8> { usize::try_from(i).ok().and_then(|i| cells.get(i)).copied() };
        let mut push = |from: usize, to: i64| {
            let mut strip = self.strip.clone();
            strip.cells[from] = 0;
            strip.cells[to as usize] = me;
            out.push(GenToadsAndFrogs {
                params: self.params.clone(),
                id: self.id,
                strip,
            });
        };
        for n in 0..cells.len() {
            if cells[n] != me {
                continue;
            }
            let n64 = n as i64;
            for k in 1..=i64::from(p.max_slide) {
                if at(n64 + ahead * k) != Some(0) {
                    break;
                }
                if k >= i64::from(p.min_slide) {
                    push(n, n64 + ahead * k);
                }
            }
        }
        // Backslides: k cells back, for 1 ≤ k ≤ -minSlide, over empty cells.
        for n in 0..cells.len() {
            if cells[n] != me {
                continue;
            }
            let n64 = n as i64;
            for k in 1..=-i64::from(p.min_slide) {
                if at(n64 - ahead * k) != Some(0) {
                    break;
                }
                push(n, n64 - ahead * k);
            }
        }
        for n in 0..cells.len() {
            if cells[n] != me {
                continue;
            }
            let n64 = n as i64;
            for k in 1..=i64::from(p.max_jump) {
                let over = at(n64 + ahead * k);
                let jumpable = over == Some(enemy) || (p.friendly_jump && over == Some(me));
                if !jumpable {
                    break;
                }
                if at(n64 + ahead * (k + 1)) == Some(0) {
                    push(n, n64 + ahead * (k + 1));
                }
            }
        }
    }

    fn key(&self) -> ((u32, Box<[u8]>), bool) {
        let own = self.strip.cells.clone();
        let turned: Box<[u8]> = own.iter().rev().map(|&v| swap12(v)).collect();
        if turned < own {
            ((self.id, turned), true)
        } else {
            ((self.id, own), false)
        }
    }

    fn describe(&self) -> String {
        format!("{}(\"{}\")", self.params.prefix, self.strip.text(".tf"))
    }

    fn picture(&self) -> Option<Picture> {
        let cells = [
            Cell::Empty,
            Cell::Letter(Tint::Left, 'T'),
            Cell::Letter(Tint::Right, 'F'),
        ];
        Some(self.strip.picture(&cells))
    }
}

/// Backsliding Toads and Frogs (any `minSlide ≤ -1`) is loopy: its positions are searched as
/// a graph. No symmetry is used: a position is its strip.
impl LoopyRules for GenToadsAndFrogs {
    type Key = Box<[u8]>;

    fn key(&self) -> Box<[u8]> {
        self.strip.cells.clone()
    }

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        Rules::moves(self, left, out)
    }

    /// The (toad, frog) pairs with the toad on the left: only a jump over an enemy lowers it.
    fn depth_hint(&self) -> u64 {
        let mut toads = 0u64;
        let mut pairs = 0u64;
        for &c in self.strip.cells.iter() {
            match c {
                1 => toads += 1,
                2 => pairs += toads,
                _ => {}
            }
        }
        pairs
    }

    fn describe(&self) -> String {
        Rules::describe(self)
    }

    fn picture(&self) -> Option<Picture> {
        Rules::picture(self)
    }
}

// ---------------------------------------------------------------------------------------
// Toppling Dominoes

/// Toppling Dominoes: topple one of your dominoes (`l` Left's, `r` Right's) or a grey one
/// (`e`) to the left or to the right; it knocks over every domino on that side, gaps
/// included. Keyed by the dominoes without gaps, up to reversal, colours exchanged for the
/// negative.
#[derive(Clone, Debug)]
pub struct TopplingDominoes {
    strip: Cells,
}

pub fn toppling_dominoes(text: &str) -> EvalResult<Value> {
    let strip = Cells::parse("game.strip.TopplingDominoes", text, ".lre", true)?;
    partizan(TopplingDominoes { strip })
}

impl Rules for TopplingDominoes {
    type Key = Box<[u8]>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let me = if left { 1 } else { 2 };
        let cells = &self.strip.cells;
        for n in 0..cells.len() {
            if cells[n] != me && cells[n] != 3 {
                continue;
            }
            let mut toward_left = self.strip.clone();
            toward_left.cells[..=n].fill(0);
            out.push(TopplingDominoes { strip: toward_left });
            let mut toward_right = self.strip.clone();
            toward_right.cells[n..].fill(0);
            out.push(TopplingDominoes {
                strip: toward_right,
            });
        }
    }

    fn key(&self) -> (Box<[u8]>, bool) {
        let own: Vec<u8> = self
            .strip
            .cells
            .iter()
            .copied()
            .filter(|&v| v != 0)
            .collect();
        let reversed: Vec<u8> = own.iter().rev().copied().collect();
        let swapped: Vec<u8> = own.iter().map(|&v| swap12(v)).collect();
        let swapped_reversed: Vec<u8> = swapped.iter().rev().copied().collect();
        let best = [
            (own, false),
            (reversed, false),
            (swapped, true),
            (swapped_reversed, true),
        ]
        .into_iter()
        .min()
        .unwrap_or_default();
        (best.0.into_boxed_slice(), best.1)
    }

    fn describe(&self) -> String {
        format!(
            "game.strip.TopplingDominoes(\"{}\")",
            self.strip.text(".lre")
        )
    }

    fn picture(&self) -> Option<Picture> {
        let dominoes = [
            Cell::Empty,
            Cell::Stone(Tint::Left),
            Cell::Stone(Tint::Right),
            Cell::Stone(Tint::Either),
        ];
        Some(self.strip.picture(&dominoes))
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
