//! Comparison of loopy games by the survival game on H − G (loopy.md §3.2): a retrograde
//! analysis of strong wins, then, for the sides of non-stoppers, the "good state" iteration
//! that decides which endless plays Left survives.
//!
//! `G ≤ H` iff Right, moving first in H − G, cannot force Left out of moves: the state
//! (g, h, Right to move) is not a win for Right.

use super::graph::{Graph, Mover};
use crate::engine::{Engine, EngineError, EngineResult};
use std::collections::VecDeque;

/// The most states a survival table may have (about 2 GB of table and counters).
const MAX_STATES: usize = 1 << 28;

/// Which rule decides endless play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Canonical stoppers: endless play is survival for Left.
    Stopper,
    /// Onsides: Left survives unless play stays in −G forever.
    On,
    /// Offsides: Left survives only if play stays in −G forever.
    Off,
}

const UNKNOWN: u8 = 0;
/// The player to move wins.
const WIN: u8 = 1;
/// The player to move loses.
const LOSS: u8 = 2;

/// The survival table of every pair (g of `a`, h of `b`), both movers.
pub struct Table {
    nb: usize,
    status: Vec<u8>,
}

impl Table {
    /// `a`'s vertex g ≤ `b`'s vertex h.
    pub fn leq(&self, g: u32, h: u32) -> bool {
        self.status[self.state(g, h, Mover::Right)] != WIN
    }

    fn state(&self, g: u32, h: u32, m: Mover) -> usize {
        ((g as usize) * self.nb + h as usize) * 2 + (m == Mover::Right) as usize
    }
}

/// The component of H − G a move is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A move in −G (a move of `a`).
    MinusG,
    /// A move in H (a move of `b`).
    H,
}

struct Arena {
    /// Distinct targets of each vertex: of `a` (Left, Right) and of `b` (Left, Right).
    a_left: Vec<Vec<u32>>,
    a_right: Vec<Vec<u32>>,
    b_left: Vec<Vec<u32>>,
    b_right: Vec<Vec<u32>>,
    nb: usize,
    /// Reverse edges of `a` and `b`: rev[v] = vertices with an edge (of that side) to v.
    a_rev_left: Vec<Vec<u32>>,
    a_rev_right: Vec<Vec<u32>>,
    b_rev_left: Vec<Vec<u32>>,
    b_rev_right: Vec<Vec<u32>>,
    /// The same, from loopy vertices only (those that reach a cycle).
    a_loopy_rev_left: Vec<Vec<u32>>,
    a_loopy_rev_right: Vec<Vec<u32>>,
    b_loopy_rev_left: Vec<Vec<u32>>,
    b_loopy_rev_right: Vec<Vec<u32>>,
    /// Which vertices are short (reach no cycle).
    a_short: Vec<bool>,
    b_short: Vec<bool>,
}

/// Reverse edges of `g` for `mover`, from the vertices `from` admits.
fn reverse(g: &Graph, mover: Mover, from: impl Fn(u32) -> bool) -> Vec<Vec<u32>> {
    let mut rev = vec![Vec::new(); g.len()];
    for v in (0..g.len() as u32).filter(|&v| from(v)) {
        let mut targets: Vec<u32> = g.targets(v, mover).collect();
        targets.sort_unstable();
        targets.dedup();
        for t in targets {
            rev[t as usize].push(v);
        }
    }
    rev
}

fn distinct(g: &Graph, v: u32, mover: Mover) -> Vec<u32> {
    let mut t: Vec<u32> = g.targets(v, mover).collect();
    t.sort_unstable();
    t.dedup();
    t
}

impl Arena {
    fn decode(&self, s: usize) -> (u32, u32, Mover) {
        let m = if s % 2 == 1 {
            Mover::Right
        } else {
            Mover::Left
        };
        let p = s / 2;
        ((p / self.nb) as u32, (p % self.nb) as u32, m)
    }

    fn encode(&self, g: u32, h: u32, m: Mover) -> usize {
        ((g as usize) * self.nb + h as usize) * 2 + (m == Mover::Right) as usize
    }

    /// The moves from state s, with the component each is in.
    fn moves(&self, s: usize, out: &mut Vec<(usize, Part)>) {
        out.clear();
        let (g, h, m) = self.decode(s);
        match m {
            Mover::Left => {
                for &g2 in &self.a_right[g as usize] {
                    out.push((self.encode(g2, h, Mover::Right), Part::MinusG));
                }
                for &h2 in &self.b_left[h as usize] {
                    out.push((self.encode(g, h2, Mover::Right), Part::H));
                }
            }
            Mover::Right => {
                for &g2 in &self.a_left[g as usize] {
                    out.push((self.encode(g2, h, Mover::Left), Part::MinusG));
                }
                for &h2 in &self.b_right[h as usize] {
                    out.push((self.encode(g, h2, Mover::Left), Part::H));
                }
            }
        }
    }

    /// How many moves state s has (as many as [`Self::moves`] lists).
    fn move_count(&self, s: usize) -> usize {
        let (g, h, m) = self.decode(s);
        match m {
            Mover::Left => self.a_right[g as usize].len() + self.b_left[h as usize].len(),
            Mover::Right => self.a_left[g as usize].len() + self.b_right[h as usize].len(),
        }
    }

    /// Whether both games of state s are short: such a state is decided by the short
    /// engine, and only its predecessors with a loopy game are still open.
    fn is_short(&self, s: usize) -> bool {
        let (g, h, _) = self.decode(s);
        self.a_short[g as usize] && self.b_short[h as usize]
    }

    /// Whether some state whose games are not both short has a move to the short state t.
    fn has_loopy_predecessor(&self, t: usize) -> bool {
        let (g, h, m) = self.decode(t);
        let (g, h) = (g as usize, h as usize);
        match m {
            Mover::Right => {
                !self.a_loopy_rev_right[g].is_empty() || !self.b_loopy_rev_left[h].is_empty()
            }
            Mover::Left => {
                !self.a_loopy_rev_left[g].is_empty() || !self.b_loopy_rev_right[h].is_empty()
            }
        }
    }

    /// The states with a move to t, with the component of that move (with multiplicity
    /// matching [`Self::moves`]). For a short state t, only those with a loopy game.
    fn predecessors(&self, t: usize, out: &mut Vec<(usize, Part)>) {
        out.clear();
        let (g, h, m) = self.decode(t);
        let short = self.is_short(t);
        let pick = |all, loopy| if short { loopy } else { all };
        // The mover of t moves next, so its predecessors had the other mover.
        match m {
            Mover::Right => {
                // Left moved: in −G along a Right edge of a, or in H along a Left edge of b.
                for &g0 in &pick(&self.a_rev_right, &self.a_loopy_rev_right)[g as usize] {
                    out.push((self.encode(g0, h, Mover::Left), Part::MinusG));
                }
                for &h0 in &pick(&self.b_rev_left, &self.b_loopy_rev_left)[h as usize] {
                    out.push((self.encode(g, h0, Mover::Left), Part::H));
                }
            }
            Mover::Left => {
                for &g0 in &pick(&self.a_rev_left, &self.a_loopy_rev_left)[g as usize] {
                    out.push((self.encode(g0, h, Mover::Right), Part::MinusG));
                }
                for &h0 in &pick(&self.b_rev_right, &self.b_loopy_rev_right)[h as usize] {
                    out.push((self.encode(g, h0, Mover::Right), Part::H));
                }
            }
        }
    }
}

/// The survival table comparing every vertex of `a` with every vertex of `b` in `mode`.
///
/// A pair of short vertices (reaching no cycle) is decided by the short engine, whose
/// comparisons are cached and closed-form for NUS values, instead of by the analysis: that
/// listed every move of every such pair, so a graph holding *n took n³ steps (`{0|*600, over}`
/// 12 s). Play from a short pair is finite, so the survival game there is normal play.
pub fn survival(engine: &mut Engine, a: &Graph, b: &Graph, mode: Mode) -> EngineResult<Table> {
    survival_table(engine, a, b, mode, true)
}

/// [`survival`], with the short pairs decided by the short engine or (`by_engine` false, for
/// the tests that check one against the other) by the analysis like every other pair.
pub(super) fn survival_table(
    engine: &mut Engine,
    a: &Graph,
    b: &Graph,
    mode: Mode,
    by_engine: bool,
) -> EngineResult<Table> {
    let states = a.len().saturating_mul(b.len()).saturating_mul(2);
    if states > MAX_STATES {
        return Err(EngineError::TooMany {
            what: "states in a comparison of loopy games",
            limit: MAX_STATES as u64,
        });
    }
    // The table and its counters (and the good-state pass's two arrays) are allocated up
    // front: check the memory ceiling before asking for them.
    engine.check_memory_for(states.saturating_mul(14))?;
    let short_games = |engine: &mut Engine, g: &Graph| match by_engine {
        true => engine.short_vertices(g),
        false => Ok(vec![None; g.len()]),
    };
    let a_games = short_games(engine, a)?;
    let b_games = if std::ptr::eq(a, b) {
        a_games.clone()
    } else {
        short_games(engine, b)?
    };
    let all = |g: &Graph, m: Mover| -> Vec<Vec<u32>> {
        (0..g.len() as u32).map(|v| distinct(g, v, m)).collect()
    };
    let arena = Arena {
        a_left: all(a, Mover::Left),
        a_right: all(a, Mover::Right),
        b_left: all(b, Mover::Left),
        b_right: all(b, Mover::Right),
        nb: b.len(),
        a_rev_left: reverse(a, Mover::Left, |_| true),
        a_rev_right: reverse(a, Mover::Right, |_| true),
        b_rev_left: reverse(b, Mover::Left, |_| true),
        b_rev_right: reverse(b, Mover::Right, |_| true),
        a_loopy_rev_left: reverse(a, Mover::Left, |v| a_games[v as usize].is_none()),
        a_loopy_rev_right: reverse(a, Mover::Right, |v| a_games[v as usize].is_none()),
        b_loopy_rev_left: reverse(b, Mover::Left, |v| b_games[v as usize].is_none()),
        b_loopy_rev_right: reverse(b, Mover::Right, |v| b_games[v as usize].is_none()),
        a_short: a_games.iter().map(Option::is_some).collect(),
        b_short: b_games.iter().map(Option::is_some).collect(),
    };
    let mut status = vec![UNKNOWN; states];
    // Moves of each state not yet known to be wins for the opponent.
    let mut open = vec![0u32; states];
    let mut queue = VecDeque::new();
    // Short pairs first: Right moving first in H − G wins iff not G ≤ H, Left iff not H ≤ G.
    for (g, &short_g) in a_games.iter().enumerate() {
        let Some(short_g) = short_g else { continue };
        engine.check_interrupt()?;
        for (h, &short_h) in b_games.iter().enumerate() {
            let Some(short_h) = short_h else { continue };
            let (g, h) = (g as u32, h as u32);
            let outcome = |mover_loses: bool| if mover_loses { LOSS } else { WIN };
            let right = arena.encode(g, h, Mover::Right);
            status[right] = outcome(engine.leq(short_g, short_h)?);
            let left = arena.encode(g, h, Mover::Left);
            status[left] = outcome(engine.leq(short_h, short_g)?);
            // Only a state with a loopy predecessor has anything to tell.
            for state in [right, left] {
                if arena.has_loopy_predecessor(state) {
                    queue.push_back(state);
                }
            }
        }
    }
    for (s, count) in open.iter_mut().enumerate() {
        if s % 65536 == 65535 {
            engine.check_interrupt()?;
        }
        if status[s] != UNKNOWN {
            continue;
        }
        *count = arena.move_count(s) as u32;
        if *count == 0 {
            status[s] = LOSS;
            queue.push_back(s);
        }
    }
    propagate(engine, &arena, &mut status, &mut open, &mut queue)?;
    if mode != Mode::Stopper {
        good_state_iteration(engine, &arena, mode, &mut status, &mut open)?;
    }
    Ok(Table {
        nb: b.len(),
        status,
    })
}

/// Retrograde propagation of the labelled states in `queue`.
fn propagate(
    engine: &Engine,
    arena: &Arena,
    status: &mut [u8],
    open: &mut [u32],
    queue: &mut VecDeque<usize>,
) -> EngineResult<()> {
    let mut preds = Vec::new();
    let mut steps = 0u32;
    while let Some(t) = queue.pop_front() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(4096) {
            engine.check_interrupt()?;
        }
        arena.predecessors(t, &mut preds);
        for &(p, _) in &preds {
            if status[p] != UNKNOWN {
                continue;
            }
            if status[t] == LOSS {
                status[p] = WIN;
                queue.push_back(p);
            } else {
                open[p] -= 1;
                if open[p] == 0 {
                    status[p] = LOSS;
                    queue.push_back(p);
                }
            }
        }
    }
    Ok(())
}

/// Side modes: repeatedly find the undetermined states Left survives in (the least "good"
/// set), give every other undetermined state to Right, and propagate (loopy.md §3.2 step 2).
fn good_state_iteration(
    engine: &Engine,
    arena: &Arena,
    mode: Mode,
    status: &mut [u8],
    open: &mut [u32],
) -> EngineResult<()> {
    let states = status.len();
    // The component Left's free moves are in, and the component Right's moves are watched in.
    let (left_free, right_watched) = match mode {
        Mode::On => (Part::H, Part::MinusG),
        _ => (Part::MinusG, Part::H),
    };
    let mut buf = Vec::new();
    loop {
        engine.check_interrupt()?;
        let mut good = vec![false; states];
        let mut need = vec![0u32; states];
        let mut queue = VecDeque::new();
        for s in 0..states {
            if status[s] != UNKNOWN {
                continue;
            }
            arena.moves(s, &mut buf);
            let (_, _, m) = arena.decode(s);
            match m {
                Mover::Left => {
                    if buf
                        .iter()
                        .any(|&(t, part)| part == left_free && status[t] == UNKNOWN)
                    {
                        good[s] = true;
                        queue.push_back(s);
                    }
                }
                Mover::Right => {
                    need[s] = buf
                        .iter()
                        .filter(|&&(t, part)| part == right_watched && status[t] == UNKNOWN)
                        .count() as u32;
                    if need[s] == 0 {
                        good[s] = true;
                        queue.push_back(s);
                    }
                }
            }
        }
        let mut preds = Vec::new();
        while let Some(t) = queue.pop_front() {
            arena.predecessors(t, &mut preds);
            for &(p, part) in &preds {
                if status[p] != UNKNOWN || good[p] {
                    continue;
                }
                let (_, _, m) = arena.decode(p);
                match m {
                    Mover::Left => {
                        good[p] = true;
                        queue.push_back(p);
                    }
                    Mover::Right => {
                        if part == right_watched {
                            need[p] -= 1;
                            if need[p] == 0 {
                                good[p] = true;
                                queue.push_back(p);
                            }
                        }
                    }
                }
            }
        }
        let mut bad = VecDeque::new();
        for s in 0..states {
            if status[s] == UNKNOWN && !good[s] {
                let (_, _, m) = arena.decode(s);
                status[s] = if m == Mover::Left { LOSS } else { WIN };
                bad.push_back(s);
            }
        }
        if bad.is_empty() {
            return Ok(());
        }
        propagate(engine, arena, status, open, &mut bad)?;
    }
}
