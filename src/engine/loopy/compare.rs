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
}

fn reverse(g: &Graph, mover: Mover) -> Vec<Vec<u32>> {
    let mut rev = vec![Vec::new(); g.len()];
    for v in 0..g.len() as u32 {
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

    /// The states with a move to t, with the component of that move (with multiplicity
    /// matching [`Self::moves`]).
    fn predecessors(&self, t: usize, out: &mut Vec<(usize, Part)>) {
        out.clear();
        let (g, h, m) = self.decode(t);
        // The mover of t moves next, so its predecessors had the other mover.
        match m {
            Mover::Right => {
                // Left moved: in −G along a Right edge of a, or in H along a Left edge of b.
                for &g0 in &self.a_rev_right[g as usize] {
                    out.push((self.encode(g0, h, Mover::Left), Part::MinusG));
                }
                for &h0 in &self.b_rev_left[h as usize] {
                    out.push((self.encode(g, h0, Mover::Left), Part::H));
                }
            }
            Mover::Left => {
                for &g0 in &self.a_rev_left[g as usize] {
                    out.push((self.encode(g0, h, Mover::Right), Part::MinusG));
                }
                for &h0 in &self.b_rev_right[h as usize] {
                    out.push((self.encode(g, h0, Mover::Right), Part::H));
                }
            }
        }
    }
}

/// The survival table comparing every vertex of `a` with every vertex of `b` in `mode`.
pub fn survival(engine: &Engine, a: &Graph, b: &Graph, mode: Mode) -> EngineResult<Table> {
    let all = |g: &Graph, m: Mover| -> Vec<Vec<u32>> {
        (0..g.len() as u32).map(|v| distinct(g, v, m)).collect()
    };
    let arena = Arena {
        a_left: all(a, Mover::Left),
        a_right: all(a, Mover::Right),
        b_left: all(b, Mover::Left),
        b_right: all(b, Mover::Right),
        nb: b.len(),
        a_rev_left: reverse(a, Mover::Left),
        a_rev_right: reverse(a, Mover::Right),
        b_rev_left: reverse(b, Mover::Left),
        b_rev_right: reverse(b, Mover::Right),
    };
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
    let mut status = vec![UNKNOWN; states];
    // Moves of each state not yet known to be wins for the opponent.
    let mut open = vec![0u32; states];
    let mut queue = VecDeque::new();
    let mut buf = Vec::new();
    for (s, count) in open.iter_mut().enumerate() {
        if s % 65536 == 65535 {
            engine.check_interrupt()?;
        }
        arena.moves(s, &mut buf);
        *count = buf.len() as u32;
        if buf.is_empty() {
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
