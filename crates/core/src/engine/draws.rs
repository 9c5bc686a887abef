//! Game graphs with draws (issue 27; `draws.md` §1): who wins a finite game graph on which play
//! may go on for ever, and the generalized Sprague–Grundy function γ ("loopy nim value").
//!
//! * [`Digraph`]: vertices `0..n`, edges in input order with multiplicity (a self-loop is a
//!   pass), stored as forward and reverse CSR arrays of `u32`.
//! * [`outcomes`]: retrograde analysis (§1.2) — Win / Lose / Draw for the player to move, with
//!   remoteness, in O(V + E).
//! * [`loopy_nim_values`]: γ by the stage labelling of Fraenkel and Yesha (§1.3), each stage
//!   linear thanks to per-vertex counters: O((V + E)(M + 2)) with M the largest finite value.
//! * [`LoopyNim`]: a value n or ∞(K), with Smith's sum rule (§1.4).
//! * [`partizan_outcomes`]: the same retrograde analysis on states (vertex, player to move) for
//!   two edge sets (Left's and Right's), and the nine classes of §1.1 ([`DrawClass`]).
//! * [`benchmark_graph`]: the fixed random graph of §3.
//!
//! Every loop over vertices or edges polls the interrupt flag about every 64k steps, and the
//! large tables are announced to the memory ceiling before they are allocated. Nothing
//! recurses: all passes are queues over flat arrays.

pub mod partial;

use crate::engine::progress;
use crate::engine::{Engine, EngineError, EngineResult};
use std::fmt;

/// Steps of work between two polls of the interrupt flag (a few hundred microseconds).
const POLL_EVERY: usize = 1 << 16;
const POLL_MASK: usize = POLL_EVERY - 1;

/// Counts work (vertices and edges looked at) and says when the interrupt flag is due, for
/// loops whose steps have very different costs (a vertex with a million predecessors).
struct Poll {
    left: usize,
}

impl Poll {
    fn new() -> Self {
        Poll { left: POLL_EVERY }
    }

    /// Record `work` more steps; true when it is time to poll (then the budget restarts).
    #[inline]
    fn due(&mut self, work: usize) -> bool {
        if work < self.left {
            self.left -= work;
            false
        } else {
            self.left = POLL_EVERY;
            true
        }
    }
}

fn not_a_vertex(u: u32, v: u32, n: u32) -> EngineError {
    if u >= n {
        EngineError::InvalidArgument(format!("{u} is not a vertex (the vertices are 0..{n})"))
    } else {
        EngineError::InvalidArgument(format!(
            "vertex {u} has a move to {v}, which is not a vertex (the vertices are 0..{n})"
        ))
    }
}

// ------------------------------------------------------------------------------------------
// Digraph
// ------------------------------------------------------------------------------------------

/// A finite directed graph on the vertices `0..n`: the moves of a token game. Edges keep their
/// input order and multiplicity (two equal edges are two moves; an edge `v → v` is a pass).
///
/// Stored as compressed sparse rows: `out_start[v]..out_start[v + 1]` indexes `out_to` (the
/// options of `v`, in input order) and `in_start`/`in_from` the same for predecessors (each
/// edge once, so a predecessor appears as often as it has edges to `v`). Four bytes per vertex
/// and per edge in each direction; at most `u32::MAX` edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    n: u32,
    out_start: Vec<u32>,
    out_to: Vec<u32>,
    in_start: Vec<u32>,
    in_from: Vec<u32>,
}

impl Digraph {
    /// The graph on `0..n` with the edges `(from, to)`, in this order. A vertex named in an
    /// edge must be below `n` (`InvalidArgument` otherwise).
    pub fn from_edges(n: u32, edges: &[(u32, u32)], engine: &Engine) -> EngineResult<Digraph> {
        let m = edge_total(edges.len())?;
        engine.check_memory_for(Self::bytes_for(n, m))?;
        let nu = n as usize;
        // Validate and count the out-degrees (at `out_start[u + 1]`), noticing the common case
        // of edges already grouped by source (contest files, generated graphs), where the
        // targets are copied as they are.
        let mut out_start = vec![0u32; nu + 1];
        let mut sorted = true;
        let mut prev = 0u32;
        for chunk in edges.chunks(POLL_EVERY) {
            engine.check_interrupt()?;
            for &(u, v) in chunk {
                if u >= n || v >= n {
                    return Err(not_a_vertex(u, v, n));
                }
                sorted &= u >= prev;
                prev = u;
                out_start[u as usize + 1] += 1;
            }
        }
        // `out_start[u]` becomes the start of u's row.
        prefix_sums(&mut out_start);
        let out_to = if sorted {
            let mut to = Vec::with_capacity(m);
            for chunk in edges.chunks(POLL_EVERY) {
                engine.check_interrupt()?;
                to.extend(chunk.iter().map(|&(_, v)| v));
            }
            to
        } else {
            scatter_rows(&out_start, edges.iter().copied(), engine)?
        };
        Self::with_reverse(n, out_start, out_to, engine)
    }

    /// The graph whose vertex `v` has the options `lists[v]`, in order (0-based targets).
    pub fn from_adjacency<L: AsRef<[u32]>>(lists: &[L], engine: &Engine) -> EngineResult<Digraph> {
        let n = u32::try_from(lists.len()).map_err(|_| EngineError::TooMany {
            what: "vertices",
            limit: u64::from(u32::MAX),
        })?;
        let m = edge_total(lists.iter().map(|l| l.as_ref().len()).sum())?;
        engine.check_memory_for(Self::bytes_for(n, m))?;
        let mut out_start = Vec::with_capacity(lists.len() + 1);
        let mut out_to = Vec::with_capacity(m);
        out_start.push(0);
        let mut poll = Poll::new();
        for (u, list) in lists.iter().enumerate() {
            let list = list.as_ref();
            if poll.due(1 + list.len()) {
                engine.check_interrupt()?;
            }
            if let Some(&v) = list.iter().find(|&&v| v >= n) {
                return Err(not_a_vertex(u as u32, v, n));
            }
            out_to.extend_from_slice(list);
            out_start.push(out_to.len() as u32);
        }
        Self::with_reverse(n, out_start, out_to, engine)
    }

    /// Bytes of the four arrays of a graph with `n` vertices and `m` edges.
    fn bytes_for(n: u32, m: usize) -> usize {
        4 * (2 * (n as usize + 1) + 2 * m)
    }

    /// Complete a forward CSR with its reverse (a counting sort of the edges by target).
    fn with_reverse(
        n: u32,
        out_start: Vec<u32>,
        out_to: Vec<u32>,
        engine: &Engine,
    ) -> EngineResult<Digraph> {
        let mut in_start = vec![0u32; n as usize + 1];
        for chunk in out_to.chunks(POLL_EVERY) {
            engine.check_interrupt()?;
            for &v in chunk {
                in_start[v as usize + 1] += 1;
            }
        }
        prefix_sums(&mut in_start);
        // Each row of the reverse ends up sorted by source, the order of the forward rows.
        let pairs = (0..n).flat_map(|u| {
            let row = &out_to[out_start[u as usize] as usize..out_start[u as usize + 1] as usize];
            row.iter().map(move |&v| (v, u))
        });
        let in_from = scatter_rows(&in_start, pairs, engine)?;
        Ok(Digraph {
            n,
            out_start,
            out_to,
            in_start,
            in_from,
        })
    }

    /// The number of vertices n (the vertices are `0..n`).
    pub fn vertex_count(&self) -> u32 {
        self.n
    }

    /// The number of edges, repeated edges and self-loops included.
    pub fn edge_count(&self) -> usize {
        self.out_to.len()
    }

    /// The options (move targets) of `v`, in input order with repeats. Panics if `v` is not a
    /// vertex.
    #[inline]
    pub fn options(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.out_to[self.out_start[v] as usize..self.out_start[v + 1] as usize]
    }

    /// The vertices with an edge to `v`, once per edge (sorted). Panics if `v` is not a vertex.
    #[inline]
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.in_from[self.in_start[v] as usize..self.in_start[v + 1] as usize]
    }

    /// The number of moves from `v`.
    #[inline]
    pub fn out_degree(&self, v: u32) -> u32 {
        let v = v as usize;
        self.out_start[v + 1] - self.out_start[v]
    }
}

fn edge_total(m: usize) -> EngineResult<usize> {
    if m > u32::MAX as usize {
        return Err(EngineError::TooMany {
            what: "edges",
            limit: u64::from(u32::MAX),
        });
    }
    Ok(m)
}

/// Turn the count of row k, stored at `a[k + 1]` (`a[0]` is 0), into running totals: `a[k]`
/// becomes the start of row k and the last entry the total.
fn prefix_sums(a: &mut [u32]) {
    let mut total = 0u32;
    for x in a.iter_mut() {
        total += *x;
        *x = total;
    }
}

/// Edges per block of rows that [`scatter_rows`] aims at: their items (1 MiB) stay in cache.
const BLOCK_EDGES: u64 = 1 << 18;

/// The items of `pairs` (row, item), grouped into rows: row k at `start[k]..start[k + 1]`
/// (the counts must match), items in input order within a row. A counting sort.
///
/// Written straight to their rows, the items of a large graph land at random places of an
/// array of many megabytes, and every write missed the cache and the TLB: 90 ns per edge on
/// the benchmark graph, twice the whole rest of the build. So two passes, each writing
/// locally: first the items go to blocks of consecutive rows (a few dozen sequential
/// streams, with the row's offset in its block on the side in 16 bits), then each block,
/// about `BLOCK_EDGES` items, is scattered within itself. Extra memory: 2 bytes per item and
/// one block.
fn scatter_rows(
    start: &[u32],
    pairs: impl Iterator<Item = (u32, u32)>,
    engine: &Engine,
) -> EngineResult<Vec<u32>> {
    let rows = start.len() - 1;
    let m = start[rows] as usize;
    // Rows per block: a power of two, so that a block holds about BLOCK_EDGES items on
    // average, and at most 2^16 (the offsets are u16).
    let wanted = (rows as u64 * BLOCK_EDGES / (m as u64).max(1)).max(1);
    let bits = (63 - wanted.leading_zeros()).min(16);
    let blocks = (rows >> bits) + 1;
    let block_start = |b: usize| start[(b << bits).min(rows)] as usize;
    let largest = (0..blocks)
        .map(|b| block_start(b + 1) - block_start(b))
        .max()
        .unwrap_or(0);
    // The rows' array itself was announced with the graph.
    engine.check_memory_for(2 * m + 4 * largest + 4 * (1 << bits) + 8 * blocks)?;
    let mut items = vec![0u32; m];
    let mut offsets = vec![0u16; m];
    let mut cursor: Vec<usize> = (0..blocks).map(block_start).collect();
    for (i, (row, item)) in pairs.enumerate() {
        if i & POLL_MASK == 0 {
            engine.check_interrupt()?;
        }
        let c = &mut cursor[row as usize >> bits];
        items[*c] = item;
        offsets[*c] = (row & ((1 << bits) - 1)) as u16;
        *c += 1;
    }
    drop(cursor);
    let mut block: Vec<u32> = Vec::with_capacity(largest);
    let mut fill: Vec<u32> = Vec::with_capacity(1 << bits);
    let mut poll = Poll::new();
    for b in 0..blocks {
        let (lo, hi) = (block_start(b), block_start(b + 1));
        let first_row = b << bits;
        let last_row = ((b + 1) << bits).min(rows);
        if poll.due(1 + (hi - lo) + (last_row - first_row)) {
            engine.check_interrupt()?;
        }
        block.clear();
        block.extend_from_slice(&items[lo..hi]);
        fill.clear();
        fill.extend_from_slice(&start[first_row..last_row]);
        for (&item, &offset) in block.iter().zip(&offsets[lo..hi]) {
            let f = &mut fill[offset as usize];
            items[*f as usize] = item;
            *f += 1;
        }
    }
    Ok(items)
}

// ------------------------------------------------------------------------------------------
// Retrograde analysis
// ------------------------------------------------------------------------------------------

/// The result of a position for the player to move, under best play: `Win` is the class `N`,
/// `Lose` is `P`, `Draw` is `D` (spec §2.6, `OutcomeClass(Left)` and the like).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player to move can force a win.
    Win,
    /// The player to move loses however they play.
    Lose,
    /// Neither player can force a win: best play goes on for ever.
    Draw,
}

impl Verdict {
    /// The impartial outcome class as the loopy engine names classes: `N`, `P` or `D`.
    pub fn outcome(self) -> crate::engine::loopy::LoopyOutcome {
        use crate::engine::Outcome;
        use crate::engine::loopy::LoopyOutcome;
        match self {
            Verdict::Win => LoopyOutcome::Plain(Outcome::N),
            Verdict::Lose => LoopyOutcome::Plain(Outcome::P),
            Verdict::Draw => LoopyOutcome::D,
        }
    }

    /// The impartial outcome class: `N`, `P` or `D`.
    pub fn class(self) -> DrawClass {
        match self {
            Verdict::Win => DrawClass::N,
            Verdict::Lose => DrawClass::P,
            Verdict::Draw => DrawClass::D,
        }
    }
}

const UNDECIDED: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;
/// Remoteness of a draw.
const NO_REMOTENESS: u32 = u32::MAX;

fn verdict_of(label: u8) -> Verdict {
    match label {
        WIN => Verdict::Win,
        LOSE => Verdict::Lose,
        _ => Verdict::Draw,
    }
}

/// Win / Lose / Draw and remoteness of one token on each vertex of a [`Digraph`] (impartial
/// play), from [`outcomes`]. Five bytes per vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes {
    labels: Vec<u8>,
    remoteness: Vec<u32>,
}

impl Outcomes {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True for the empty graph.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The result for the player to move with the token on `v`.
    pub fn verdict(&self, v: u32) -> Verdict {
        verdict_of(self.labels[v as usize])
    }

    /// How many moves the game lasts from `v` under best play (the winner hurries, the loser
    /// delays; §1.2); `None` for a draw. A vertex without moves has remoteness 0.
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        let r = self.remoteness[v as usize];
        (r != NO_REMOTENESS).then_some(r)
    }
}

/// Who wins one token on each vertex of `g` (impartial play: both players use `g`'s edges),
/// with remoteness; linear-time retrograde analysis (§1.2).
pub fn outcomes(g: &Digraph, engine: &Engine) -> EngineResult<Outcomes> {
    let (labels, remoteness) = retrograde([g], engine)?;
    Ok(Outcomes { labels, remoteness })
}

/// The retrograde analysis of §1.2 on the states (vertex, side to move), `SIDES` sides taking
/// turns in order, side i moving along `graphs[i]`; state `v * SIDES + i`. One side is the
/// impartial game, two are Left and Right. Returns labels and remoteness per state.
///
/// While a state is undecided, its `remoteness` slot counts the moves not yet known to lead
/// to a Win state; once decided it holds the remoteness. A FIFO queue hands out states in
/// nondecreasing remoteness, so the first Lose option found gives a Win state its least
/// remoteness and the last Win option of a Lose state its largest (the W_k / L_k definition).
fn retrograde<const SIDES: usize>(
    graphs: [&Digraph; SIDES],
    engine: &Engine,
) -> EngineResult<(Vec<u8>, Vec<u32>)> {
    let n = graphs[0].vertex_count() as usize;
    debug_assert!(graphs.iter().all(|g| g.vertex_count() as usize == n));
    let states = n * SIDES;
    // State numbers are u32 and `u32::MAX` marks a draw's remoteness.
    if states > u32::MAX as usize {
        return Err(EngineError::TooMany {
            what: "states",
            limit: u64::from(u32::MAX),
        });
    }
    engine.check_memory_for(states * 9)?;
    let mut labels = vec![UNDECIDED; states];
    let mut remaining: Vec<u32> = Vec::with_capacity(states);
    let mut queue: Vec<u32> = Vec::with_capacity(states);
    for v in 0..n {
        if v & POLL_MASK == 0 {
            engine.check_interrupt()?;
        }
        for (side, g) in graphs.iter().enumerate() {
            let d = g.out_degree(v as u32);
            remaining.push(d);
            if d == 0 {
                let s = v * SIDES + side;
                labels[s] = LOSE;
                queue.push(s as u32);
            }
        }
    }
    let mut head = 0;
    let mut poll = Poll::new();
    while head < queue.len() {
        let s = queue[head] as usize;
        head += 1;
        // The side that moved into s, and the graph of that move.
        let mover = (s % SIDES + SIDES - 1) % SIDES;
        let preds = graphs[mover].predecessors((s / SIDES) as u32);
        if poll.due(1 + preds.len()) {
            engine.check_interrupt()?;
            progress::report(head as u64, "positions decided");
        }
        let r = remaining[s] + 1;
        if labels[s] == LOSE {
            for &u in preds {
                let p = u as usize * SIDES + mover;
                if labels[p] == UNDECIDED {
                    labels[p] = WIN;
                    remaining[p] = r;
                    queue.push(p as u32);
                }
            }
        } else {
            for &u in preds {
                let p = u as usize * SIDES + mover;
                if labels[p] == UNDECIDED {
                    remaining[p] -= 1;
                    if remaining[p] == 0 {
                        labels[p] = LOSE;
                        remaining[p] = r;
                        queue.push(p as u32);
                    }
                }
            }
        }
    }
    drop(queue);
    for (i, (label, r)) in labels.iter().zip(remaining.iter_mut()).enumerate() {
        if i & POLL_MASK == 0 {
            engine.check_interrupt()?;
        }
        if *label == UNDECIDED {
            *r = NO_REMOTENESS;
        }
    }
    Ok((labels, remaining))
}

// ------------------------------------------------------------------------------------------
// Partizan retrograde analysis
// ------------------------------------------------------------------------------------------

/// A player of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves along the first graph of [`partizan_outcomes`].
    Left,
    /// Moves along the second graph.
    Right,
}

/// The nine outcome classes of a partizan game with draws (§1.1), named as in CGSuite. For an
/// impartial game only `P`, `N` and `D` occur.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawClass {
    /// The second player wins.
    P,
    /// The first player wins.
    N,
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// A draw whoever starts.
    D,
    /// Left wins moving first; a draw if Right starts.
    NHat,
    /// A draw if Left starts; Left wins if Right starts.
    PHat,
    /// A draw if Left starts; Right wins if Right starts.
    NCheck,
    /// Right wins if Left starts; a draw if Right starts.
    PCheck,
}

impl DrawClass {
    /// The class from the result with Left moving first and the result with Right moving
    /// first, each for the player to move.
    pub fn from_verdicts(left_first: Verdict, right_first: Verdict) -> DrawClass {
        use Verdict::*;
        match (left_first, right_first) {
            (Win, Lose) => DrawClass::L,
            (Lose, Win) => DrawClass::R,
            (Win, Win) => DrawClass::N,
            (Lose, Lose) => DrawClass::P,
            (Draw, Draw) => DrawClass::D,
            (Win, Draw) => DrawClass::NHat,
            (Draw, Lose) => DrawClass::PHat,
            (Draw, Win) => DrawClass::NCheck,
            (Lose, Draw) => DrawClass::PCheck,
        }
    }

    /// CGSuite's name: `P`, `N`, `L`, `R`, `D`, `NHat`, `PHat`, `NCheck`, `PCheck`.
    pub fn name(self) -> &'static str {
        match self {
            DrawClass::P => "P",
            DrawClass::N => "N",
            DrawClass::L => "L",
            DrawClass::R => "R",
            DrawClass::D => "D",
            DrawClass::NHat => "NHat",
            DrawClass::PHat => "PHat",
            DrawClass::NCheck => "NCheck",
            DrawClass::PCheck => "PCheck",
        }
    }
}

/// Win / Lose / Draw and remoteness of every state (vertex, player to move) of a partizan game
/// graph, from [`partizan_outcomes`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanOutcomes {
    /// State `2v` is v with Left to move, `2v + 1` with Right to move.
    labels: Vec<u8>,
    remoteness: Vec<u32>,
}

impl PartizanOutcomes {
    fn state(v: u32, to_move: Side) -> usize {
        2 * v as usize + usize::from(to_move == Side::Right)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len() / 2
    }

    /// True for the empty graph.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The result for the player to move, `to_move`, at `v`.
    pub fn verdict(&self, v: u32, to_move: Side) -> Verdict {
        verdict_of(self.labels[Self::state(v, to_move)])
    }

    /// The remoteness of `v` with `to_move` to move; `None` for a draw.
    pub fn remoteness(&self, v: u32, to_move: Side) -> Option<u32> {
        let r = self.remoteness[Self::state(v, to_move)];
        (r != NO_REMOTENESS).then_some(r)
    }

    /// The nine-valued outcome class of `v`.
    pub fn class(&self, v: u32) -> DrawClass {
        DrawClass::from_verdicts(self.verdict(v, Side::Left), self.verdict(v, Side::Right))
    }
}

/// Who wins each vertex of a partizan game graph, with each player moving first: Left moves
/// along `left`'s edges, Right along `right`'s, over the same vertices; a player without a
/// move loses, endless play is a draw. Retrograde analysis on the 2n states, O(V + E).
pub fn partizan_outcomes(
    left: &Digraph,
    right: &Digraph,
    engine: &Engine,
) -> EngineResult<PartizanOutcomes> {
    if left.vertex_count() != right.vertex_count() {
        return Err(EngineError::InvalidArgument(format!(
            "Left's graph has {} vertices and Right's {}: they must be the same",
            left.vertex_count(),
            right.vertex_count()
        )));
    }
    let (labels, remoteness) = retrograde([left, right], engine)?;
    Ok(PartizanOutcomes { labels, remoteness })
}

// ------------------------------------------------------------------------------------------
// The generalized Sprague–Grundy function
// ------------------------------------------------------------------------------------------

/// The entry of an infinite value in the table of [`loopy_nim_values`].
pub const INFINITE: u32 = u32::MAX;
/// Not labelled yet (internal; never returned). Unlabelled and infinite are the two values
/// `>= UNLABELLED`, the "possibly bad options" of the labelling.
const UNLABELLED: u32 = u32::MAX - 1;
/// A stage number no stage has, for the marks before the first stage.
const NO_STAGE: u32 = u32::MAX;

/// The loopy nim value γ of one token on each vertex of `g`: the finite value, or
/// [`INFINITE`] for ∞(K) (K from [`finite_option_values`]).
///
/// The stage labelling of §1.3. Stage m labels m every unlabelled vertex u that has no option
/// labelled m and no *bad* option — one unlabelled or labelled ∞ with no option labelled m yet
/// — until nothing changes, then ∞ every unlabelled vertex with no option labelled m. Per
/// stage, `bad[u]` counts u's options that were unlabelled or ∞ when the stage began and have
/// not yet been seen to gain an option labelled m (`mark[w] == m`); the queue holds the
/// vertices labelled m. A vertex is marked once and labelled once per stage, so a stage looks
/// at each edge a bounded number of times.
pub fn loopy_nim_values(g: &Digraph, engine: &Engine) -> EngineResult<Vec<u32>> {
    let n = g.vertex_count() as usize;
    engine.check_memory_for(n * 20)?;
    let mut value = vec![UNLABELLED; n];
    let mut bad = vec![0u32; n];
    let mut mark = vec![NO_STAGE; n];
    let mut pending: Vec<u32> = (0..g.vertex_count()).collect();
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    let mut m: u32 = 0;
    let mut poll = Poll::new();
    while !pending.is_empty() {
        engine.check_interrupt()?;
        progress::report_with(
            u64::from(m),
            "labelling stages",
            pending.len() as u64,
            "positions left",
        );
        queue.clear();
        for &u in &pending {
            let options = g.options(u);
            if poll.due(1 + options.len()) {
                engine.check_interrupt()?;
            }
            // Counted as the stage began: a vertex labelled m earlier in this loop was
            // unlabelled then (and stays "bad" for u, which is right: u has an option m).
            let c = options
                .iter()
                .filter(|&&v| {
                    let x = value[v as usize];
                    x >= UNLABELLED || x == m
                })
                .count() as u32;
            bad[u as usize] = c;
            if c == 0 {
                value[u as usize] = m;
                queue.push(u);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            let preds = g.predecessors(u);
            if poll.due(1 + preds.len()) {
                engine.check_interrupt()?;
                progress::report_with(
                    u64::from(m),
                    "labelling stages",
                    (pending.len() - head) as u64,
                    "positions left",
                );
            }
            for &w in preds {
                let wi = w as usize;
                if mark[wi] == m {
                    continue;
                }
                mark[wi] = m;
                // A vertex labelled m never gains an option labelled m (its bad options
                // would have kept it unlabelled).
                debug_assert!(value[wi] != m);
                if value[wi] < UNLABELLED {
                    continue;
                }
                // w, unlabelled or ∞, has an option labelled m now: it stops being a bad
                // option of its predecessors.
                let wpreds = g.predecessors(w);
                if poll.due(wpreds.len()) {
                    engine.check_interrupt()?;
                }
                for &x in wpreds {
                    let xi = x as usize;
                    if value[xi] == UNLABELLED {
                        bad[xi] -= 1;
                        if bad[xi] == 0 && mark[xi] != m {
                            value[xi] = m;
                            queue.push(x);
                        }
                    }
                }
            }
        }
        // Step 3: the unlabelled vertices without an option labelled m are infinite; the
        // others (with options labelled 0..=m) go on to the next stage.
        for (i, &u) in pending.iter().enumerate() {
            if i & POLL_MASK == 0 {
                engine.check_interrupt()?;
            }
            let ui = u as usize;
            if value[ui] == UNLABELLED && mark[ui] != m {
                value[ui] = INFINITE;
            }
        }
        pending.retain(|&u| value[u as usize] == UNLABELLED);
        // Each remaining vertex has options labelled 0..=m, so m stays below the largest
        // out-degree and cannot reach the sentinels.
        m += 1;
    }
    Ok(value)
}

/// K for vertex `v`: the distinct finite values among `v`'s options, increasing. `values` is
/// the table of [`loopy_nim_values`] for `g`. (Meaningful for any v; for an infinite v it is
/// the K of γ(v) = ∞(K).)
pub fn finite_option_values(g: &Digraph, values: &[u32], v: u32) -> Vec<u32> {
    let mut k: Vec<u32> = g
        .options(v)
        .iter()
        .map(|&w| values[w as usize])
        .filter(|&x| x != INFINITE)
        .collect();
    k.sort_unstable();
    k.dedup();
    k
}

/// A loopy nim value (§1.3): a natural number n (the nimber *n), or ∞(K) with K a finite set
/// of natural numbers, kept sorted and without repeats. Two games are interchangeable in every
/// impartial sum iff their values are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyNim {
    /// The natural number n, equivalent to the nimber *n.
    Finite(u32),
    /// ∞(K): K sorted increasing, distinct (build with [`LoopyNim::infinite`]).
    Infinite(Vec<u32>),
}

impl LoopyNim {
    /// ∞(K) from the elements of K in any order, repeats allowed.
    pub fn infinite(k: impl IntoIterator<Item = u32>) -> LoopyNim {
        let mut k: Vec<u32> = k.into_iter().collect();
        k.sort_unstable();
        k.dedup();
        LoopyNim::Infinite(k)
    }

    /// The value of one token on `v`, from the table of [`loopy_nim_values`] for `g`.
    pub fn of_vertex(g: &Digraph, values: &[u32], v: u32) -> LoopyNim {
        match values[v as usize] {
            INFINITE => LoopyNim::Infinite(finite_option_values(g, values, v)),
            x => LoopyNim::Finite(x),
        }
    }

    /// The value of tokens on the vertices `tokens` of `g` (repeats allowed), by Smith's rule
    /// from the table of [`loopy_nim_values`]: O(k) plus the options of one vertex.
    pub fn of_tokens(g: &Digraph, values: &[u32], tokens: &[u32]) -> LoopyNim {
        let mut x = 0u32;
        let mut infinite: Option<u32> = None;
        for &t in tokens {
            match values[t as usize] {
                INFINITE if infinite.is_some() => return LoopyNim::Infinite(Vec::new()),
                INFINITE => infinite = Some(t),
                a => x ^= a,
            }
        }
        match infinite {
            None => LoopyNim::Finite(x),
            Some(t) => LoopyNim::Finite(x).add(&LoopyNim::of_vertex(g, values, t)),
        }
    }

    /// True for a natural number.
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyNim::Finite(_))
    }

    /// Smith's rule for G + H: a ⊕ b; a + ∞(L) = ∞(L ⊕ a); ∞(K) + ∞(L) = ∞.
    pub fn add(&self, other: &LoopyNim) -> LoopyNim {
        match (self, other) {
            (LoopyNim::Finite(a), LoopyNim::Finite(b)) => LoopyNim::Finite(a ^ b),
            (LoopyNim::Finite(a), LoopyNim::Infinite(k))
            | (LoopyNim::Infinite(k), LoopyNim::Finite(a)) => {
                let mut shifted: Vec<u32> = k.iter().map(|&x| x ^ a).collect();
                // Xor with a is one-to-one: sorting keeps K without repeats.
                shifted.sort_unstable();
                LoopyNim::Infinite(shifted)
            }
            (LoopyNim::Infinite(_), LoopyNim::Infinite(_)) => LoopyNim::Infinite(Vec::new()),
        }
    }

    /// The value of a sum of games with these values (0 for no games): the xor of the finite
    /// ones, with at most one infinite one taking it into its K, two or more giving ∞.
    pub fn sum(values: &[LoopyNim]) -> LoopyNim {
        values.iter().fold(LoopyNim::Finite(0), |acc, v| acc.add(v))
    }

    /// The result for the player to move: Lose (P) for 0, Win (N) for a nonzero number or
    /// ∞(K) with 0 in K, otherwise Draw (D).
    pub fn verdict(&self) -> Verdict {
        match self {
            LoopyNim::Finite(0) => Verdict::Lose,
            LoopyNim::Finite(_) => Verdict::Win,
            LoopyNim::Infinite(k) if k.first() == Some(&0) => Verdict::Win,
            LoopyNim::Infinite(_) => Verdict::Draw,
        }
    }
}

/// `LoopyNimValue`'s notation (§2.1): `3`, `∞`, `∞(0,1)`.
impl fmt::Display for LoopyNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyNim::Finite(x) => write!(f, "{x}"),
            LoopyNim::Infinite(k) if k.is_empty() => f.write_str("∞"),
            LoopyNim::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// CGSuite's name of the class.
impl fmt::Display for DrawClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// ------------------------------------------------------------------------------------------
// Benchmark graph
// ------------------------------------------------------------------------------------------

/// The benchmark graph of §3 as an edge list on `0..n`: with xorshift64* seeded with `seed`
/// (nonzero; the benchmarks use 1), vertex v in turn gets out-degree `next() % 11` and each of
/// its targets `next() % n`. For n = 10^6: about 5·10^6 edges, 9% of vertices without moves.
pub fn benchmark_graph(n: u32, seed: u64) -> Vec<(u32, u32)> {
    let mut state = seed;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let nu = n as usize;
    // Mean degree 5; the slack keeps the vector from doubling (spread ≈ √(10n)).
    let mut edges = Vec::with_capacity(5 * nu + nu / 64 + 1024);
    if n == 0 {
        return edges;
    }
    for v in 0..n {
        let degree = next() % 11;
        for _ in 0..degree {
            edges.push((v, (next() % u64::from(n)) as u32));
        }
    }
    edges
}

#[cfg(test)]
mod tests {
    //! Golden vectors of `draws.md` §5 (vertices 1-based there), the worked examples of §1.3,
    //! and brute-force checks on small random graphs: every reference below is a plain
    //! definition (fixpoint of the rules, bounded play W_k / L_k, the characterisation of γ by
    //! sums with a Nim heap) on explicit product graphs, independent of the code under test.

    use super::*;
    use proptest::prelude::*;

    type Adj = Vec<Vec<u32>>;

    fn engine() -> Engine {
        Engine::new()
    }

    fn graph(adj: &Adj) -> Digraph {
        Digraph::from_adjacency(adj, &engine()).expect("a valid test graph")
    }

    /// The spec's 1-based adjacency lists, 0-based.
    fn adj1(lists: &[&[u32]]) -> Adj {
        lists
            .iter()
            .map(|l| l.iter().map(|&v| v - 1).collect())
            .collect()
    }

    fn verdicts(adj: &Adj) -> Vec<Verdict> {
        let g = graph(adj);
        let o = outcomes(&g, &engine()).expect("outcomes");
        (0..g.vertex_count()).map(|v| o.verdict(v)).collect()
    }

    /// Classes as the spec prints them: `D,D,N`.
    fn classes(adj: &Adj) -> String {
        let names: Vec<&str> = verdicts(adj).iter().map(|v| v.class().name()).collect();
        names.join(",")
    }

    fn values(adj: &Adj) -> Vec<LoopyNim> {
        let g = graph(adj);
        let table = loopy_nim_values(&g, &engine()).expect("values");
        (0..g.vertex_count())
            .map(|v| LoopyNim::of_vertex(&g, &table, v))
            .collect()
    }

    fn shown(values: &[LoopyNim]) -> String {
        let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        format!("[{}]", items.join(","))
    }

    fn fin(x: u32) -> LoopyNim {
        LoopyNim::Finite(x)
    }

    fn inf(k: &[u32]) -> LoopyNim {
        LoopyNim::infinite(k.iter().copied())
    }

    // ---- brute-force references ------------------------------------------------------------

    /// Least fixpoint of the rules of §1.2 by sweeping until nothing changes.
    fn naive_verdicts(adj: &Adj) -> Vec<Verdict> {
        let mut lab: Vec<Option<Verdict>> = vec![None; adj.len()];
        loop {
            let mut changed = false;
            for u in 0..adj.len() {
                if lab[u].is_some() {
                    continue;
                }
                if adj[u]
                    .iter()
                    .any(|&v| lab[v as usize] == Some(Verdict::Lose))
                {
                    lab[u] = Some(Verdict::Win);
                    changed = true;
                } else if adj[u]
                    .iter()
                    .all(|&v| lab[v as usize] == Some(Verdict::Win))
                {
                    lab[u] = Some(Verdict::Lose);
                    changed = true;
                }
            }
            if !changed {
                return lab
                    .into_iter()
                    .map(|l| l.unwrap_or(Verdict::Draw))
                    .collect();
            }
        }
    }

    /// The bounded-play definition: L_0 = no moves; W_k = some move into L_(k−1);
    /// L_k = L_0 ∪ (at least one move, all into W_(k−1)). Remoteness = least k.
    fn bounded_play(adj: &Adj) -> Vec<Option<(Verdict, u32)>> {
        let n = adj.len();
        let lose0: Vec<bool> = adj.iter().map(|l| l.is_empty()).collect();
        let mut win = vec![false; n];
        let mut lose = lose0.clone();
        let mut result: Vec<Option<(Verdict, u32)>> = lose0
            .iter()
            .map(|&l| l.then_some((Verdict::Lose, 0)))
            .collect();
        for k in 1..=(n as u32 + 2) {
            let new_win: Vec<bool> = adj
                .iter()
                .map(|l| l.iter().any(|&v| lose[v as usize]))
                .collect();
            let new_lose: Vec<bool> = (0..n)
                .map(|u| {
                    lose0[u] || (!adj[u].is_empty() && adj[u].iter().all(|&v| win[v as usize]))
                })
                .collect();
            for u in 0..n {
                if result[u].is_none() {
                    if new_win[u] {
                        result[u] = Some((Verdict::Win, k));
                    } else if new_lose[u] {
                        result[u] = Some((Verdict::Lose, k));
                    }
                }
            }
            win = new_win;
            lose = new_lose;
        }
        result
    }

    /// u + *h for h in 0..=hmax: state `u * (hmax + 1) + h`, token moves then heap moves.
    fn with_heap(adj: &Adj, hmax: u32) -> Adj {
        let w = hmax + 1;
        let mut out = Vec::new();
        for row in adj {
            for h in 0..=hmax {
                let mut moves: Vec<u32> = row.iter().map(|&v| v * w + h).collect();
                let u = out.len() as u32 / w;
                moves.extend((0..h).map(|h2| u * w + h2));
                out.push(moves);
            }
        }
        out
    }

    /// γ by the characterisation: γ(u) = m ⇔ u + *m is P, for m ≤ `hmax`; infinite when no
    /// m qualifies; K from the options. Checks that at most one m qualifies.
    fn brute_values(adj: &Adj, hmax: u32) -> Vec<LoopyNim> {
        let prod = with_heap(adj, hmax);
        let lab = naive_verdicts(&prod);
        let w = hmax as usize + 1;
        let gamma: Vec<Option<u32>> = (0..adj.len())
            .map(|u| {
                let ms: Vec<u32> = (0..=hmax)
                    .filter(|&h| lab[u * w + h as usize] == Verdict::Lose)
                    .collect();
                assert!(ms.len() <= 1, "{u} + *m is P for several m: {ms:?}");
                ms.first().copied()
            })
            .collect();
        (0..adj.len())
            .map(|u| match gamma[u] {
                Some(m) => fin(m),
                None => LoopyNim::infinite(adj[u].iter().filter_map(|&v| gamma[v as usize])),
            })
            .collect()
    }

    fn max_degree(adj: &Adj) -> u32 {
        adj.iter().map(|l| l.len() as u32).max().unwrap_or(0)
    }

    /// k tokens on one graph: state Σ t_i · n^i; moves token by token, in option order.
    fn token_product(adj: &Adj, k: u32) -> Adj {
        let n = adj.len() as u32;
        let states = n.pow(k);
        (0..states)
            .map(|s| {
                let mut moves = Vec::new();
                let mut place = 1;
                for _ in 0..k {
                    let t = (s / place) % n;
                    for &w in &adj[t as usize] {
                        moves.push(s - t * place + w * place);
                    }
                    place *= n;
                }
                moves
            })
            .collect()
    }

    fn token_state(n: u32, tokens: &[u32]) -> u32 {
        tokens.iter().rev().fold(0, |acc, &t| acc * n + t)
    }

    /// The states (v, side to move) of a partizan graph as one plain graph: `2v` Left to
    /// move, `2v + 1` Right to move.
    fn state_graph(left: &Adj, right: &Adj) -> Adj {
        let mut out = Vec::new();
        for v in 0..left.len() {
            out.push(left[v].iter().map(|&w| 2 * w + 1).collect());
            out.push(right[v].iter().map(|&w| 2 * w).collect());
        }
        out
    }

    /// The sum of partizan components (each Left's and Right's adjacency): mixed-radix states.
    fn partizan_sum(parts: &[(Adj, Adj)]) -> (Adj, Adj) {
        let sizes: Vec<u32> = parts.iter().map(|p| p.0.len() as u32).collect();
        let states: u32 = sizes.iter().product();
        let moves = |s: u32, right: bool| {
            let mut out = Vec::new();
            let mut place = 1;
            for (i, part) in parts.iter().enumerate() {
                let t = (s / place) % sizes[i];
                let adj = if right { &part.1 } else { &part.0 };
                for &w in &adj[t as usize] {
                    out.push(s - t * place + w * place);
                }
                place *= sizes[i];
            }
            out
        };
        (
            (0..states).map(|s| moves(s, false)).collect(),
            (0..states).map(|s| moves(s, true)).collect(),
        )
    }

    fn partizan(left: &Adj, right: &Adj) -> PartizanOutcomes {
        partizan_outcomes(&graph(left), &graph(right), &engine()).expect("partizan")
    }

    // ---- golden vectors: one token (T) --------------------------------------------------

    #[test]
    fn golden_one_token() {
        // T1–T3, T6–T8, T27
        assert_eq!(classes(&adj1(&[&[]])), "P");
        assert_eq!(classes(&adj1(&[&[1]])), "D");
        assert_eq!(shown(&values(&adj1(&[&[1]]))), "[∞]");
        assert_eq!(values(&adj1(&[&[2], &[1]]))[0], inf(&[]));
        let chain = adj1(&[&[2], &[3], &[]]);
        assert_eq!(values(&chain)[..2], [fin(0), fin(1)]);
        let pass = graph(&adj1(&[&[1]]));
        assert_eq!(outcomes(&pass, &engine()).unwrap().remoteness(0), None);
        // T4, T5, T26
        let exit = adj1(&[&[1, 2], &[]]);
        assert_eq!(values(&exit)[0], inf(&[0]));
        assert_eq!(verdicts(&exit)[0], Verdict::Win);
        assert_eq!(
            outcomes(&graph(&exit), &engine()).unwrap().remoteness(0),
            Some(1)
        );
        // T9, T10 (also §1.3's second worked example, KöMaL S.13)
        let komal = adj1(&[&[1, 2], &[3, 4], &[1], &[3, 5], &[]]);
        assert_eq!(classes(&komal), "D,D,D,N,P");
        assert_eq!(shown(&values(&komal)), "[∞,∞,∞,∞(0),0]");
        // T11: the same graph as an edge list
        let edges: Vec<(u32, u32)> = [(1, 1), (1, 2), (2, 3), (2, 4), (3, 1), (4, 3), (4, 5)]
            .iter()
            .map(|&(u, v)| (u - 1, v - 1))
            .collect();
        let g = Digraph::from_edges(5, &edges, &engine()).unwrap();
        assert_eq!(g, graph(&komal));
        let o = outcomes(&g, &engine()).unwrap();
        let c: Vec<&str> = (0..5).map(|v| o.verdict(v).class().name()).collect();
        assert_eq!(c.join(","), "D,D,D,N,P");
        // T12–T15: winning moves are the options labelled Lose
        let caveat = adj1(&[&[2, 3], &[1], &[]]);
        let o = outcomes(&graph(&caveat), &engine()).unwrap();
        let winning = |v: u32| -> Vec<u32> {
            caveat[v as usize]
                .iter()
                .filter(|&&w| o.verdict(w) == Verdict::Lose)
                .map(|&w| w + 1)
                .collect()
        };
        assert_eq!(winning(0), [2, 3]);
        assert_eq!(o.remoteness(0), Some(1));
        assert_eq!(o.remoteness(1), Some(2));
        assert_eq!(winning(1), [] as [u32; 0]);
        // T16–T19 (T17 is §1.3's first worked example)
        assert_eq!(
            shown(&values(&adj1(&[&[2, 3], &[1, 3], &[]]))),
            "[∞(0),∞(0),0]"
        );
        assert_eq!(
            shown(&values(&adj1(&[&[2, 4], &[3], &[1, 4], &[]]))),
            "[1,0,2,0]"
        );
        let t18 = adj1(&[&[1, 2], &[1, 3], &[]]);
        assert_eq!(shown(&values(&t18)), "[∞,∞(0),0]");
        let t19 = adj1(&[&[2], &[3], &[1, 4], &[]]);
        assert_eq!(shown(&values(&t19)), "[1,0,2,0]");
        // T20, T21
        let o = outcomes(&graph(&t19), &engine()).unwrap();
        assert!(t19[1].iter().all(|&w| o.verdict(w) != Verdict::Draw));
        assert_eq!(o.remoteness(2), Some(1));
        // T22: base 0
        assert_eq!(classes(&vec![vec![1], vec![2], vec![]]), "P,N,P");
        // T23, T24
        let o = outcomes(&graph(&t18), &engine()).unwrap();
        let drawing: Vec<u32> = t18[0]
            .iter()
            .filter(|&&w| o.verdict(w) == Verdict::Draw)
            .map(|&w| w + 1)
            .collect();
        assert_eq!(drawing, [1]);
        let winning: Vec<u32> = t18[1]
            .iter()
            .filter(|&&w| o.verdict(w) == Verdict::Lose)
            .map(|&w| w + 1)
            .collect();
        assert_eq!(winning, [3]);
        // T25: a = 0, b = 1, c = 2
        assert_eq!(classes(&vec![vec![1], vec![0, 2], vec![]]), "P,N,P");
    }

    #[test]
    fn worked_example_stages() {
        // §1.3: stage 0 labels 4 and 2, stage 1 labels 1, stage 2 labels 3 — finite values
        // on a cycle.
        let g = graph(&adj1(&[&[2, 4], &[3], &[1, 4], &[]]));
        assert_eq!(loopy_nim_values(&g, &engine()).unwrap(), [1, 0, 2, 0]);
        // A pass forces an infinite value.
        let g = graph(&vec![vec![0, 1], vec![]]);
        assert_eq!(loopy_nim_values(&g, &engine()).unwrap(), [INFINITE, 0]);
    }

    #[test]
    fn windup_tables() {
        // §4.6 / W1, W2: subtract an element of S modulo n; 0 ends the game.
        let windup = |n: u32, s: &[u32]| -> Adj {
            (0..n)
                .map(|i| {
                    if i == 0 {
                        Vec::new()
                    } else {
                        s.iter().map(|&x| (i + n - x) % n).collect()
                    }
                })
                .collect()
        };
        assert_eq!(shown(&values(&windup(7, &[1, 2, 5]))), "[0,1,2,0,1,2,0]");
        assert_eq!(
            shown(&values(&windup(7, &[2, 3]))),
            "[0,∞(0),∞(0),∞(0),0,0,∞(0)]"
        );
        assert_eq!(
            shown(&values(&windup(10, &[3, 4]))),
            "[0,∞(0),∞,∞(0),∞(0),∞,∞,0,∞,∞]"
        );
    }

    // ---- golden vectors: sums (S), option tables (R) ------------------------------------

    /// Outcome and value of tokens (1-based) by Smith's rule, cross-checked against the
    /// product graph's retrograde analysis; also the product's winning moves.
    fn token_sum(adj: &Adj, tokens1: &[u32]) -> (Verdict, LoopyNim, Vec<Vec<u32>>) {
        let tokens: Vec<u32> = tokens1.iter().map(|&t| t - 1).collect();
        let g = graph(adj);
        let table = loopy_nim_values(&g, &engine()).unwrap();
        let parts: Vec<LoopyNim> = tokens
            .iter()
            .map(|&t| LoopyNim::of_vertex(&g, &table, t))
            .collect();
        let value = LoopyNim::sum(&parts);
        assert_eq!(value, LoopyNim::of_tokens(&g, &table, &tokens));
        let n = adj.len() as u32;
        let k = tokens.len() as u32;
        let prod = token_product(adj, k);
        let o = outcomes(&graph(&prod), &engine()).unwrap();
        let s = token_state(n, &tokens);
        assert_eq!(o.verdict(s), value.verdict(), "product vs Smith");
        let winning = prod[s as usize]
            .iter()
            .filter(|&&w| o.verdict(w) == Verdict::Lose)
            .map(|&w| (0..k).map(|i| (w / n.pow(i)) % n + 1).collect())
            .collect();
        (value.verdict(), value, winning)
    }

    #[test]
    fn golden_sums() {
        let exit = adj1(&[&[1, 2], &[]]);
        assert_eq!(token_sum(&exit, &[1, 1]).0, Verdict::Draw); // S1
        assert_eq!(token_sum(&exit, &[1, 2]).0, Verdict::Win); // S2
        let g3 = adj1(&[&[1, 2], &[3], &[]]);
        let (v, value, winning) = token_sum(&g3, &[1, 2]);
        assert_eq!((v, value), (Verdict::Win, inf(&[0]))); // S3, S4
        assert_eq!(winning, [[2, 2]]); // S12 (and §4.5)
        assert_eq!(token_sum(&g3, &[1, 1]).0, Verdict::Draw); // §4.5
        assert_eq!(token_sum(&g3, &[2, 2]).0, Verdict::Lose); // §4.5
        let g5 = adj1(&[&[1, 3], &[3], &[]]);
        let (v, _, winning) = token_sum(&g5, &[1, 2]);
        assert_eq!(v, Verdict::Draw); // S5
        assert!(winning.is_empty()); // S6
        assert_eq!(token_sum(&adj1(&[&[2], &[1]]), &[1, 2]).0, Verdict::Draw); // S7
        let g8 = adj1(&[&[2, 4], &[3], &[1, 4], &[]]);
        let (v, _, winning) = token_sum(&g8, &[1, 3]);
        assert_eq!(v, Verdict::Win); // S8
        assert_eq!(winning, [[1, 1]]); // S9
        assert_eq!(token_sum(&g8, &[1, 2, 3]).1, fin(3)); // S10
        assert_eq!(
            token_sum(&adj1(&[&[2, 3], &[3], &[]]), &[1, 2, 2]).0,
            Verdict::Win
        ); // S11
    }

    #[test]
    fn golden_option_tables() {
        // R1, R2: x = 0, y = 1, z = 2
        let r = vec![vec![1], vec![0, 2], vec![]];
        assert_eq!(values(&r)[0], fin(0));
        assert_eq!(token_sum(&r, &[2]).2, [[1], [3]]);
        // R3: (0,0) = 0, (0,1) = 1, (1,1) = 2
        assert_eq!(
            verdicts(&vec![vec![1], vec![0, 2], vec![2]])[0],
            Verdict::Draw
        );
        // R4–R9: R(0) = {R(0), R(1)}, R(1) = {}
        let r = vec![vec![0, 1], vec![]];
        assert_eq!(token_sum(&r, &[1, 2]).0, Verdict::Win);
        assert_eq!(token_sum(&r, &[1, 1]).0, Verdict::Draw);
        assert_eq!(
            outcomes(&graph(&r), &engine()).unwrap().remoteness(0),
            Some(1)
        );
        assert_eq!(values(&r)[0], inf(&[0]));
        let plus_star = inf(&[0]).add(&fin(1));
        assert_eq!(plus_star.verdict(), Verdict::Draw); // R8
        assert_eq!(naive_verdicts(&with_heap(&r, 1))[1], Verdict::Draw); // R(0) + *1
        assert_eq!(inf(&[0]).add(&inf(&[1])).verdict(), Verdict::Draw); // R9
    }

    #[test]
    fn value_arithmetic() {
        assert_eq!(inf(&[1, 0]).to_string(), "∞(0,1)"); // V3
        assert_eq!(inf(&[3]).add(&fin(3)), inf(&[0])); // V5
        assert_eq!(inf(&[0]).add(&fin(1)), inf(&[1])); // V6
        assert_eq!(inf(&[0, 2]).add(&fin(2)), inf(&[0, 2])); // V7
        assert_eq!(inf(&[1]).add(&inf(&[0, 1])), inf(&[])); // V8
        assert_eq!(inf(&[0]).add(&inf(&[0])), inf(&[])); // V9
        assert_eq!(fin(5).add(&inf(&[4, 5])).to_string(), "∞(0,1)"); // V10
        assert_eq!(LoopyNim::sum(&[inf(&[2]), fin(3), fin(1)]), inf(&[0])); // V11
        assert_eq!(inf(&[0, 1]).verdict(), Verdict::Win); // V12
        assert_eq!(inf(&[1]).verdict(), Verdict::Draw); // V13
        assert_eq!(inf(&[]).verdict(), Verdict::Draw); // V14
        assert_eq!(inf(&[0]), inf(&[0, 0])); // V18
        assert_eq!(LoopyNim::sum(&[]), fin(0));
        assert_eq!(fin(0).verdict(), Verdict::Lose);
        assert_eq!(fin(6).verdict(), Verdict::Win);
        assert_eq!(LoopyNim::sum(&[inf(&[1]), fin(2), inf(&[0])]), inf(&[]));
    }

    // ---- golden vectors: partizan (P, C) ------------------------------------------------

    #[test]
    fn golden_partizan() {
        // P1, P2: a = 0, b = 1, one = 2, zero = 3
        let left = vec![vec![2], vec![0], vec![3], vec![]];
        let right = vec![vec![1], vec![3], vec![], vec![]];
        let o = partizan(&left, &right);
        assert_eq!(o.class(0), DrawClass::NHat);
        assert_eq!(o.verdict(0, Side::Right), Verdict::Draw);
        // P3, P4: P(0) Left passes; `off` = {|off}
        let p3 = (vec![vec![0]], vec![vec![]]);
        assert_eq!(partizan(&p3.0, &p3.1).class(0), DrawClass::L);
        let off = (vec![vec![]], vec![vec![0]]);
        let (l, r) = partizan_sum(&[p3, off]);
        assert_eq!(partizan(&l, &r).class(0), DrawClass::D);
        // P5–P10: P(0) = {P(1) | P(0)}, P(1) = {| P(1)}
        let p5 = (vec![vec![1], vec![]], vec![vec![0], vec![1]]);
        let o = partizan(&p5.0, &p5.1);
        assert_eq!(o.class(0), DrawClass::R);
        assert_eq!(o.verdict(1, Side::Right), Verdict::Win); // P8: Left's move to P(1) loses
        assert_eq!(o.remoteness(0, Side::Left), Some(2));
        assert_eq!(o.remoteness(0, Side::Right), Some(3));
        let one = (vec![vec![1], vec![]], vec![vec![], vec![]]);
        let minus_one = (vec![vec![], vec![]], vec![vec![1], vec![]]);
        let (l, r) = partizan_sum(&[p5.clone(), one.clone()]);
        assert_eq!(partizan(&l, &r).class(0), DrawClass::R); // P6
        let (l, r) = partizan_sum(&[p5, minus_one]);
        assert_eq!(partizan(&l, &r).class(0), DrawClass::R); // P7
        // P11: R(0) + R(0) + 1 with R impartial, R(0) = {R(0), R(1)}
        let r = vec![vec![0, 1], vec![]];
        let (l, rr) = partizan_sum(&[(r.clone(), r.clone()), (r.clone(), r), one]);
        assert_eq!(partizan(&l, &rr).class(0), DrawClass::L);
    }

    #[test]
    fn golden_berzerk() {
        // C3, C4 (§4.3): position 1 (index 0) is the black hole.
        let side = |n: u32, steps: &[u32]| -> Adj {
            (0..n)
                .map(|p| {
                    if p == 0 {
                        Vec::new()
                    } else {
                        steps.iter().map(|&x| (p + x) % n).collect()
                    }
                })
                .collect()
        };
        let line = |o: &PartizanOutcomes, n: u32, s: Side| -> String {
            let c: Vec<&str> = (1..n).map(|p| o.verdict(p, s).class().name()).collect();
            c.join(",")
        };
        let o = partizan(&side(5, &[3, 2]), &side(5, &[1, 2, 3]));
        assert_eq!(line(&o, 5, Side::Left), "P,N,N,D");
        assert_eq!(line(&o, 5, Side::Right), "D,N,N,N");
        let o = partizan(&side(8, &[6, 2, 3, 4]), &side(8, &[3, 6]));
        assert_eq!(line(&o, 8, Side::Left), "N,N,N,N,N,N,N");
        assert_eq!(line(&o, 8, Side::Right), "P,N,P,P,N,P,P");
    }

    #[test]
    fn golden_cat_and_mouse() {
        // C5, C6 (§4.4): state mouse * k + cat; Left = mouse, Right = cat.
        let solve = |g: &[&[u32]]| -> Verdict {
            let k = g.len() as u32;
            let ended = |m: u32, c: u32| m == 0 || m == c;
            let mut left = Vec::new();
            let mut right = Vec::new();
            for m in 0..k {
                for c in 0..k {
                    if ended(m, c) {
                        left.push(Vec::new());
                        right.push(Vec::new());
                        continue;
                    }
                    let lm = g[m as usize].iter().filter(|&&x| x != c);
                    left.push(lm.map(|&x| x * k + c).collect());
                    let rm = g[c as usize].iter().filter(|&&x| x != 0);
                    right.push(rm.map(|&x| m * k + x).collect());
                }
            }
            partizan(&left, &right).verdict(k + 2, Side::Left)
        };
        let c5: [&[u32]; 6] = [&[2, 5], &[3], &[0, 4, 5], &[1, 4, 5], &[2, 3], &[0, 2, 3]];
        assert_eq!(solve(&c5), Verdict::Draw);
        let c6: [&[u32]; 4] = [&[1, 3], &[0], &[3], &[0, 2]];
        assert_eq!(solve(&c6), Verdict::Win);
    }

    // ---- construction, errors, limits ----------------------------------------------------

    #[test]
    fn construction_keeps_order_and_multiplicity() {
        let edges = [(2, 0), (0, 1), (2, 2), (0, 1), (1, 0), (2, 1), (0, 0)];
        let g = Digraph::from_edges(4, &edges, &engine()).unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (4, 7));
        assert_eq!(g.options(0), [1, 1, 0]);
        assert_eq!(g.options(1), [0]);
        assert_eq!(g.options(2), [0, 2, 1]);
        assert_eq!(g.options(3), [] as [u32; 0]);
        assert_eq!(g.predecessors(0), [0, 1, 2]);
        assert_eq!(g.predecessors(1), [0, 0, 2]);
        assert_eq!(g.predecessors(3), [] as [u32; 0]);
        let adj = vec![vec![1, 1, 0], vec![0], vec![0, 2, 1], vec![]];
        assert_eq!(graph(&adj), g);
        // Sorted input takes the copying path; same graph.
        let sorted = [(0, 1), (0, 1), (0, 0), (1, 0), (2, 0), (2, 2), (2, 1)];
        assert_eq!(Digraph::from_edges(4, &sorted, &engine()).unwrap(), g);
        let empty = Digraph::from_edges(0, &[], &engine()).unwrap();
        assert_eq!(loopy_nim_values(&empty, &engine()).unwrap(), [] as [u32; 0]);
        assert!(outcomes(&empty, &engine()).unwrap().is_empty());
    }

    /// Graphs large enough for several blocks in `scatter_rows` (and one with 2^16 rows per
    /// block and almost no edges), against rows collected edge by edge.
    #[test]
    fn blocked_construction_matches_naive() {
        let check = |n: u32, edges: &[(u32, u32)]| {
            let g = Digraph::from_edges(n, edges, &engine()).unwrap();
            let mut out = vec![Vec::new(); n as usize];
            let mut inn = vec![Vec::new(); n as usize];
            for &(u, v) in edges {
                out[u as usize].push(v);
                inn[v as usize].push(u);
            }
            for v in 0..n {
                inn[v as usize].sort_unstable();
                assert_eq!(g.options(v), out[v as usize]);
                assert_eq!(g.predecessors(v), inn[v as usize]);
            }
        };
        let mut edges = benchmark_graph(100_000, 7);
        check(100_000, &edges);
        // Unsorted input: reverse the order of the rows, keep each row's order.
        edges.sort_by_key(|&(u, _)| std::cmp::Reverse(u));
        check(100_000, &edges);
        // Few rows, many edges each (skewed targets too).
        let skewed: Vec<(u32, u32)> = benchmark_graph(100_000, 3)
            .iter()
            .map(|&(u, v)| ((v * 7 + u) % 1000, if u % 3 == 0 { 5 } else { v % 1000 }))
            .collect();
        check(1000, &skewed);
        check(
            1_000_000,
            &[(999_999, 0), (0, 999_999), (70_000, 70_000), (5, 5)],
        );
    }

    #[test]
    fn errors_are_values() {
        let e = engine();
        assert!(matches!(
            Digraph::from_edges(2, &[(0, 1), (1, 2)], &e),
            Err(EngineError::InvalidArgument(_))
        ));
        assert!(matches!(
            Digraph::from_edges(2, &[(3, 1)], &e),
            Err(EngineError::InvalidArgument(_))
        ));
        assert!(matches!(
            Digraph::from_adjacency(&[vec![0u32], vec![5]], &e),
            Err(EngineError::InvalidArgument(_))
        ));
        let a = graph(&vec![vec![]]);
        let b = graph(&vec![vec![], vec![]]);
        assert!(matches!(
            partizan_outcomes(&a, &b, &e),
            Err(EngineError::InvalidArgument(_))
        ));
    }

    #[test]
    fn interrupt_and_memory_limit() {
        let edges = benchmark_graph(20_000, 1);
        let e = engine();
        let g = Digraph::from_edges(20_000, &edges, &e).unwrap();
        e.interrupt_flag()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            Digraph::from_edges(20_000, &edges, &e),
            Err(EngineError::Interrupted)
        );
        assert_eq!(outcomes(&g, &e), Err(EngineError::Interrupted));
        assert_eq!(loopy_nim_values(&g, &e), Err(EngineError::Interrupted));
        assert_eq!(partizan_outcomes(&g, &g, &e), Err(EngineError::Interrupted));
        let mut small = engine();
        small.set_memory_limit(1 << 10);
        assert!(matches!(
            Digraph::from_edges(20_000, &edges, &small),
            Err(EngineError::MemoryLimit { .. })
        ));
        assert!(matches!(
            loopy_nim_values(&g, &small),
            Err(EngineError::MemoryLimit { .. })
        ));
        assert!(matches!(
            outcomes(&g, &small),
            Err(EngineError::MemoryLimit { .. })
        ));
    }

    #[test]
    fn benchmark_graph_shape() {
        let edges = benchmark_graph(10_000, 1);
        assert_eq!(edges, benchmark_graph(10_000, 1));
        let mean = edges.len() as f64 / 10_000.0;
        assert!((4.8..5.2).contains(&mean), "mean degree {mean}");
        assert!(edges.windows(2).all(|w| w[0].0 <= w[1].0));
        assert!(edges.iter().all(|&(u, v)| u < 10_000 && v < 10_000));
    }

    // ---- brute force on random graphs -----------------------------------------------------

    /// Random digraphs on n vertices with out-degrees 0..=max_deg; self-loops and repeated
    /// edges occur. With `down` = 0..=4, about a quarter of the edges per unit go to a lower
    /// vertex, and with `chain` every vertex also has a move to the one below (inserted at a
    /// random place), so that long decided games and finite values are common, not only
    /// cycles and quick ends.
    fn arb_adj(n: usize, max_deg: usize, down: u8, chain: bool) -> impl Strategy<Value = Adj> {
        prop::collection::vec(
            (
                prop::collection::vec((0..n as u32, 0u8..4), 0..=max_deg),
                any::<usize>(),
            ),
            n,
        )
        .prop_map(move |rows| {
            rows.into_iter()
                .enumerate()
                .map(|(v, (row, at))| {
                    let mut out: Vec<u32> = row
                        .into_iter()
                        .map(|(t, r)| if r < down && v > 0 { t % v as u32 } else { t })
                        .collect();
                    if chain && v > 0 {
                        out.insert(at % (out.len() + 1), v as u32 - 1);
                    }
                    out
                })
                .collect()
        })
    }

    /// 1..=max_n vertices, with the largest out-degree, the share of downward edges and the
    /// chain drawn per graph.
    fn arb_graph(max_n: usize, max_deg: usize) -> impl Strategy<Value = Adj> {
        (1..=max_n, 0..=max_deg, 0u8..=4, any::<bool>())
            .prop_flat_map(|(n, deg, down, chain)| arb_adj(n, deg, down, chain))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Retrograde labels = fixpoint of the rules; remoteness = bounded play W_k / L_k;
        /// the strategy of §1.2 is available at every decided vertex.
        #[test]
        fn retrograde_matches_definitions(adj in arb_graph(12, 4)) {
            let g = graph(&adj);
            let o = outcomes(&g, &engine()).unwrap();
            let naive = naive_verdicts(&adj);
            let bounded = bounded_play(&adj);
            for v in 0..g.vertex_count() {
                let vi = v as usize;
                prop_assert_eq!(o.verdict(v), naive[vi]);
                let expected = bounded[vi].map(|(_, r)| r);
                prop_assert_eq!(o.remoteness(v), expected);
                if let Some((verdict, _)) = bounded[vi] {
                    prop_assert_eq!(verdict, naive[vi]);
                }
                match (o.verdict(v), o.remoteness(v)) {
                    (Verdict::Win, Some(r)) => {
                        let hurry = adj[vi].iter().any(|&w| {
                            o.verdict(w) == Verdict::Lose && o.remoteness(w) == Some(r - 1)
                        });
                        prop_assert!(hurry);
                    }
                    (Verdict::Lose, Some(0)) => prop_assert!(adj[vi].is_empty()),
                    (Verdict::Lose, Some(r)) => {
                        prop_assert!(adj[vi].iter().all(|&w| o.verdict(w) == Verdict::Win
                            && o.remoteness(w).is_some_and(|x| x < r)));
                        prop_assert!(adj[vi].iter().any(|&w| o.remoteness(w) == Some(r - 1)));
                    }
                    (Verdict::Draw, None) => {
                        prop_assert!(adj[vi].iter().any(|&w| o.verdict(w) == Verdict::Draw));
                        prop_assert!(adj[vi].iter().all(|&w| o.verdict(w) != Verdict::Lose));
                    }
                    other => prop_assert!(false, "inconsistent {:?}", other),
                }
            }
        }

        /// Stage labelling = the characterisation γ(u) = m ⇔ u + *m is P (no m: infinite),
        /// with K from the options; the value's outcome = the retrograde outcome.
        #[test]
        fn stage_labelling_matches_characterisation(adj in arb_graph(12, 4)) {
            let g = graph(&adj);
            let table = loopy_nim_values(&g, &engine()).unwrap();
            let brute = brute_values(&adj, adj.len() as u32 + max_degree(&adj) + 1);
            let o = outcomes(&g, &engine()).unwrap();
            for v in 0..g.vertex_count() {
                let value = LoopyNim::of_vertex(&g, &table, v);
                prop_assert_eq!(&value, &brute[v as usize], "vertex {}", v);
                prop_assert_eq!(value.verdict(), o.verdict(v));
                if let LoopyNim::Finite(x) = value {
                    prop_assert!(x <= g.out_degree(v));
                }
            }
        }

        /// Smith's rule: the outcome of 2–3 tokens by product retrograde, and (2 tokens) the
        /// sum's value by the characterisation on the product, equal the rule's.
        #[test]
        fn smith_sum_rule(adj in arb_graph(10, 3), picks in prop::collection::vec(any::<u32>(), 3)) {
            let n = adj.len() as u32;
            let g = graph(&adj);
            let table = loopy_nim_values(&g, &engine()).unwrap();
            let tokens: Vec<u32> = picks.iter().map(|p| p % n).collect();
            for k in 2..=3usize {
                let parts: Vec<LoopyNim> = tokens[..k]
                    .iter()
                    .map(|&t| LoopyNim::of_vertex(&g, &table, t))
                    .collect();
                let rule = LoopyNim::sum(&parts);
                let prod = token_product(&adj, k as u32);
                let s = token_state(n, &tokens[..k]) as usize;
                prop_assert_eq!(naive_verdicts(&prod)[s], rule.verdict());
                if k == 2 {
                    let brute = brute_values(&prod, max_degree(&prod) + 1);
                    prop_assert_eq!(&brute[s], &rule);
                }
            }
        }

        /// ∞(K) ≅ {pass, *k for k ∈ K}: the representative has value ∞(K).
        #[test]
        fn infinity_representative(k in prop::collection::btree_set(0u32..6, 0..4)) {
            // vertex 0 the representative, vertex 1 + h the heap *h
            let heaps = 6u32;
            let mut adj: Adj = vec![std::iter::once(0).chain(k.iter().map(|&x| x + 1)).collect()];
            adj.extend((0..heaps).map(|h| (0..h).map(|x| x + 1).collect()));
            let expected = LoopyNim::infinite(k.iter().copied());
            prop_assert_eq!(&values(&adj)[0], &expected);
            let plus_a = expected.add(&fin(3)).add(&fin(3));
            prop_assert_eq!(plus_a, expected);
        }

        /// Partizan states: retrograde = fixpoint and bounded play on the explicit state graph;
        /// an impartial graph played partizan gives its impartial classes.
        #[test]
        fn partizan_matches_definitions(
            (left, right) in (1usize..=10, 0usize..=3, 0u8..=4, any::<bool>())
                .prop_flat_map(|(n, deg, down, chain)| {
                    (arb_adj(n, deg, down, chain), arb_adj(n, deg, down, chain))
                })
        ) {
            let o = partizan(&left, &right);
            let states = state_graph(&left, &right);
            let naive = naive_verdicts(&states);
            let bounded = bounded_play(&states);
            for v in 0..left.len() as u32 {
                for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                    let s = 2 * v as usize + i;
                    prop_assert_eq!(o.verdict(v, side), naive[s]);
                    prop_assert_eq!(o.remoteness(v, side), bounded[s].map(|(_, r)| r));
                }
            }
            let both = partizan(&left, &left);
            let single = outcomes(&graph(&left), &engine()).unwrap();
            for v in 0..left.len() as u32 {
                prop_assert_eq!(both.class(v), single.verdict(v).class());
                prop_assert_eq!(both.remoteness(v, Side::Left), single.remoteness(v));
                prop_assert_eq!(both.remoteness(v, Side::Right), single.remoteness(v));
            }
        }

        /// Edge lists in any order give the graph of the same edges grouped by source.
        #[test]
        fn edge_order_is_kept(adj in arb_graph(12, 4), seed in any::<u64>()) {
            let mut edges: Vec<(u32, u32)> = adj
                .iter()
                .enumerate()
                .flat_map(|(u, l)| l.iter().map(move |&v| (u as u32, v)))
                .collect();
            // A stable shuffle by source only: rows keep their internal order.
            let key = |u: u32| (u64::from(u) ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            edges.sort_by_key(|&(u, _)| key(u));
            let g = Digraph::from_edges(adj.len() as u32, &edges, &engine()).unwrap();
            prop_assert_eq!(g, graph(&adj));
        }
    }

    // ---- the benchmark of §3 (run with --ignored, release) ------------------------------

    #[test]
    #[ignore = "benchmark figures: cargo test --release -- --ignored --nocapture"]
    fn benchmark_figures() {
        use std::time::Instant;
        let e = engine();
        let edges = benchmark_graph(1_000_000, 1);
        let t = Instant::now();
        let g = Digraph::from_edges(1_000_000, &edges, &e).unwrap();
        let build = t.elapsed();
        drop(edges);
        let t = Instant::now();
        let o = outcomes(&g, &e).unwrap();
        let retro = t.elapsed();
        let t = Instant::now();
        let table = loopy_nim_values(&g, &e).unwrap();
        let stage = t.elapsed();
        let max = table.iter().filter(|&&x| x != INFINITE).max().copied();
        let draws = (0..g.vertex_count())
            .filter(|&v| o.verdict(v) == Verdict::Draw)
            .count();
        println!(
            "edges {} build {:?} outcomes {:?} values {:?} M {:?} draws {}",
            g.edge_count(),
            build,
            retro,
            stage,
            max,
            draws
        );
    }
}
