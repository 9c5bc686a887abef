//! Game graphs: a loopy game is a finite directed graph with Left and Right edges and a start
//! vertex. This module holds the graph itself and the constructions on it (pack, negative,
//! disjunctive and ordinal sums, short-game embedding) and the structural tests (loopfree,
//! plumtree, stopper) and alternating reachability of the state graph (loopy.md §1.1, §3.1,
//! §3.3).

use crate::engine::{Engine, EngineError, EngineResult, GameId};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A deleted edge slot during simplification; [`Graph::pack`] drops it.
pub const EMPTY: u32 = u32::MAX;

/// Who moves: a state of the state graph is a vertex and the player to move from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    Left,
    Right,
}

impl Mover {
    pub fn other(self) -> Mover {
        match self {
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        }
    }
}

/// A game graph. Edge arrays are ordered (the order of a non-canonical graph decides how it
/// prints) and may hold [`EMPTY`] slots while a simplification edits them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    pub left: Vec<Vec<u32>>,
    pub right: Vec<Vec<u32>>,
}

impl Graph {
    pub fn len(&self) -> usize {
        self.left.len()
    }

    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// A new vertex with no edges; its index.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// The edges of `v` for `mover`, empty slots included.
    pub fn edges(&self, v: u32, mover: Mover) -> &[u32] {
        match mover {
            Mover::Left => &self.left[v as usize],
            Mover::Right => &self.right[v as usize],
        }
    }

    /// The targets of `v`'s edges for `mover`, without empty slots.
    pub fn targets(&self, v: u32, mover: Mover) -> impl Iterator<Item = u32> + '_ {
        self.edges(v, mover).iter().copied().filter(|&t| t != EMPTY)
    }

    /// Vertices reachable from `root` (root included).
    pub fn reachable(&self, root: u32) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![root];
        seen[root as usize] = true;
        while let Some(v) = stack.pop() {
            for t in self
                .targets(v, Mover::Left)
                .chain(self.targets(v, Mover::Right))
            {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        seen
    }

    /// The reachable part renumbered in DFS preorder from `root` (the vertex, its Left targets
    /// in order, then its Right targets); each vertex's targets sorted by old index, without
    /// duplicates. `root` becomes 0.
    pub fn pack(&self, root: u32) -> Graph {
        let mut index = vec![EMPTY; self.len()];
        let mut order = Vec::new();
        // Explicit stack of (vertex, next edge position over left ++ right).
        index[root as usize] = 0;
        order.push(root);
        let mut stack = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut pos)) = stack.last_mut() {
            let left = &self.left[v as usize];
            let right = &self.right[v as usize];
            if *pos >= left.len() + right.len() {
                stack.pop();
                continue;
            }
            let t = if *pos < left.len() {
                left[*pos]
            } else {
                right[*pos - left.len()]
            };
            *pos += 1;
            if t != EMPTY && index[t as usize] == EMPTY {
                index[t as usize] = order.len() as u32;
                order.push(t);
                stack.push((t, 0));
            }
        }
        let remap = |edges: &[u32]| {
            let mut old: Vec<u32> = edges.iter().copied().filter(|&t| t != EMPTY).collect();
            old.sort_unstable();
            old.dedup();
            old.into_iter().map(|t| index[t as usize]).collect()
        };
        Graph {
            left: order
                .iter()
                .map(|&v| remap(&self.left[v as usize]))
                .collect(),
            right: order
                .iter()
                .map(|&v| remap(&self.right[v as usize]))
                .collect(),
        }
    }

    /// The negative: Left and Right edges swapped.
    pub fn negative(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The disjunctive sum of `self` from `g0` and `other` from `h0` (both without empty
    /// slots): vertex (i, j) is `i·|other| + j`. Returns the graph and the start vertex.
    pub fn sum(&self, g0: u32, other: &Graph, h0: u32) -> (Graph, u32) {
        let n = other.len() as u32;
        debug_assert!(
            self.len()
                .checked_mul(other.len())
                .is_some_and(|v| v < u32::MAX as usize)
        );
        let mut out = Graph::default();
        for i in 0..self.len() as u32 {
            for j in 0..n {
                for mover in [Mover::Left, Mover::Right] {
                    let mut edges: Vec<u32> = self
                        .targets(i, mover)
                        .map(|i2| i2 * n + j)
                        .chain(other.targets(j, mover).map(|j2| i * n + j2))
                        .collect();
                    edges.sort_unstable();
                    edges.dedup();
                    match mover {
                        Mover::Left => out.left.push(edges),
                        Mover::Right => out.right.push(edges),
                    }
                }
            }
        }
        (out, g0 * n + h0)
    }

    /// The ordinal sum `self : other` (from `g0` and `h0`): `self` unchanged, then one vertex
    /// per vertex of `other`, whose moves are `self`'s start moves followed by its own.
    pub fn ordinal_sum(&self, g0: u32, other: &Graph, h0: u32) -> (Graph, u32) {
        let shift = self.len() as u32;
        let mut out = self.clone();
        for k in 0..other.len() as u32 {
            let left = self
                .targets(g0, Mover::Left)
                .chain(other.targets(k, Mover::Left).map(|t| t + shift))
                .collect();
            let right = self
                .targets(g0, Mover::Right)
                .chain(other.targets(k, Mover::Right).map(|t| t + shift))
                .collect();
            out.left.push(left);
            out.right.push(right);
        }
        (out, shift + h0)
    }

    /// Append the graph of the short game `g` (one vertex per canonical follower, shared with
    /// vertices already hung for the same games through `memo`); the vertex of `g`.
    pub fn hang_short(
        &mut self,
        engine: &mut Engine,
        g: GameId,
        memo: &mut FxHashMap<GameId, u32>,
    ) -> EngineResult<u32> {
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        // Iterative post-order: vertices are created before their options are filled in.
        check_room_for(engine, g)?;
        let root = self.add_vertex();
        memo.insert(g, root);
        let mut stack = vec![(g, root)];
        while let Some((game, v)) = stack.pop() {
            engine.check_interrupt()?;
            if v % 1024 == 0 {
                engine.check_memory()?;
            }
            for mover in [Mover::Left, Mover::Right] {
                let options = match mover {
                    Mover::Left => engine.left_options(game)?,
                    Mover::Right => engine.right_options(game)?,
                };
                let mut targets = Vec::with_capacity(options.len());
                for o in options {
                    let t = match memo.get(&o) {
                        Some(&t) => t,
                        None => {
                            check_room_for(engine, o)?;
                            let t = self.add_vertex();
                            memo.insert(o, t);
                            stack.push((o, t));
                            t
                        }
                    };
                    targets.push(t);
                }
                match mover {
                    Mover::Left => self.left[v as usize] = targets,
                    Mover::Right => self.right[v as usize] = targets,
                }
            }
        }
        Ok(root)
    }

    /// Append a copy of `other`; the offset of its vertices.
    pub fn hang_graph(&mut self, other: &Graph) -> u32 {
        let shift = self.len() as u32;
        let moved = |edges: &Vec<u32>| {
            edges
                .iter()
                .filter(|&&t| t != EMPTY)
                .map(|&t| t + shift)
                .collect()
        };
        self.left.extend(other.left.iter().map(moved));
        self.right.extend(other.right.iter().map(moved));
        shift
    }

    /// The graph of a short game alone (start 0).
    pub fn from_short(engine: &mut Engine, g: GameId) -> EngineResult<Graph> {
        let mut graph = Graph::default();
        graph.hang_short(engine, g, &mut FxHashMap::default())?;
        Ok(graph)
    }

    /// For each vertex, true if a directed cycle (of length ≥ 2 when `ignore_passes`) can be
    /// reached from it.
    pub fn reaches_cycle(&self, ignore_passes: bool) -> Vec<bool> {
        // Peel vertices all of whose edges lead to peeled vertices; what stays reaches a cycle.
        let n = self.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut out_degree = vec![0usize; n];
        for v in 0..n as u32 {
            let mut targets: Vec<u32> = self
                .targets(v, Mover::Left)
                .chain(self.targets(v, Mover::Right))
                .filter(|&t| !(ignore_passes && t == v))
                .collect();
            targets.sort_unstable();
            targets.dedup();
            out_degree[v as usize] = targets.len();
            for t in targets {
                preds[t as usize].push(v);
            }
        }
        peel(&preds, out_degree).into_iter().map(|p| !p).collect()
    }

    /// For each vertex, true if an infinite alternating play can start there (a cycle of the
    /// state graph is reachable from (v, Left) or (v, Right)).
    pub fn reaches_alternating_cycle(&self) -> Vec<bool> {
        let n = self.len();
        let state = |v: u32, m: Mover| (v as usize) * 2 + (m == Mover::Right) as usize;
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
        let mut out_degree = vec![0usize; 2 * n];
        for v in 0..n as u32 {
            for m in [Mover::Left, Mover::Right] {
                let mut targets: Vec<u32> = self.targets(v, m).collect();
                targets.sort_unstable();
                targets.dedup();
                out_degree[state(v, m)] = targets.len();
                for t in targets {
                    preds[state(t, m.other())].push(state(v, m) as u32);
                }
            }
        }
        let peeled = peel(&preds, out_degree);
        (0..n)
            .map(|v| !peeled[2 * v] || !peeled[2 * v + 1])
            .collect()
    }

    /// True if no cycle is reachable from `root`.
    pub fn is_loopfree_from(&self, root: u32) -> bool {
        self.reachable_none(root, &self.reaches_cycle(false))
    }

    /// True if no cycle other than passes is reachable from `root`.
    pub fn is_plumtree_from(&self, root: u32) -> bool {
        self.reachable_none(root, &self.reaches_cycle(true))
    }

    /// True if no infinite alternating play can start anywhere reachable from `root`.
    pub fn is_stopper_from(&self, root: u32) -> bool {
        self.reachable_none(root, &self.reaches_alternating_cycle())
    }

    /// True if no vertex reachable from `root` has its flag set.
    fn reachable_none(&self, root: u32, flags: &[bool]) -> bool {
        self.reachable(root)
            .iter()
            .zip(flags)
            .all(|(&seen, &flag)| !(seen && flag))
    }

    /// Alternating reachability: can the state (t, mt) be reached from (s, ms) in the state
    /// graph (each move goes from (v, m) to (w, other m) along an m-edge)? True when equal.
    pub fn alternating_reach(&self, s: u32, ms: Mover, t: u32, mt: Mover) -> bool {
        if s == t && ms == mt {
            return true;
        }
        let n = self.len();
        let idx = |v: u32, m: Mover| (v as usize) * 2 + (m == Mover::Right) as usize;
        let mut seen = vec![false; 2 * n];
        let mut stack = vec![(s, ms)];
        seen[idx(s, ms)] = true;
        while let Some((v, m)) = stack.pop() {
            for w in self.targets(v, m) {
                let next = (w, m.other());
                if next == (t, mt) {
                    return true;
                }
                if !seen[idx(w, m.other())] {
                    seen[idx(w, m.other())] = true;
                    stack.push(next);
                }
            }
        }
        false
    }
}

/// Peel the nodes all of whose edges lead to peeled nodes (those with none first); the
/// nodes left unpeeled reach a cycle. `preds[v]` lists the nodes with an edge to v, and
/// `out_degree[v]` counts v's distinct targets.
fn peel(preds: &[Vec<u32>], mut out_degree: Vec<usize>) -> Vec<bool> {
    let mut queue: VecDeque<u32> = (0..out_degree.len() as u32)
        .filter(|&v| out_degree[v as usize] == 0)
        .collect();
    let mut peeled = vec![false; out_degree.len()];
    while let Some(v) = queue.pop_front() {
        peeled[v as usize] = true;
        for &p in &preds[v as usize] {
            out_degree[p as usize] -= 1;
            if out_degree[p as usize] == 0 {
                queue.push_back(p);
            }
        }
    }
    peeled
}

/// Bytes a vertex of a hung short game takes, with its edge lists and its memo entry, about.
const VERTEX_BYTES: usize = 96;

/// Refuse at once a short game whose graph cannot fit under the memory ceiling. A number or
/// other NUS has as many followers as its birthday, known without listing them (`0 & 10^28`
/// filled 8 GiB in 36 s before failing), and its edges are bounded as well: *n alone has
/// n(n − 1) of them, so an option *2111111 would have hung for hours. Every other game's
/// followers are already in the arena.
fn check_room_for(engine: &mut Engine, g: GameId) -> EngineResult<()> {
    let Some(value) = engine.as_nus(g) else {
        return Ok(());
    };
    // Vertices are numbered by `u32`.
    let limit = u64::from(u32::MAX);
    let followers = engine.follower_count(g).unwrap_or(u64::MAX);
    if followers > limit {
        return Err(EngineError::TooMany {
            what: "positions for a loopy game",
            limit,
        });
    }
    // Only nimbers have more than two options a side, and the nimbers that x + n·↑ + *m
    // reaches are below *(m | 1) + 1; every other follower has at most four edges.
    let nimbers = u128::from(value.nim | 1) + 1;
    let edges = nimbers * nimbers + 4 * u128::from(followers);
    let bytes = u128::from(followers) * VERTEX_BYTES as u128 + edges * 4;
    engine.check_memory_for(usize::try_from(bytes).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// on = {pass|}
    fn on() -> Graph {
        Graph {
            left: vec![vec![0]],
            right: vec![vec![]],
        }
    }

    /// dud = {pass|pass}
    fn dud() -> Graph {
        Graph {
            left: vec![vec![0]],
            right: vec![vec![0]],
        }
    }

    #[test]
    fn stopper_plumtree_and_loopfree_tests() {
        assert!(on().is_stopper_from(0));
        assert!(on().is_plumtree_from(0));
        assert!(!on().is_loopfree_from(0));
        assert!(!dud().is_stopper_from(0));
        assert!(dud().is_plumtree_from(0));
        // a{{|a}|}: a 2-cycle, Left then Right: alternating, not a stopper.
        let g = Graph {
            left: vec![vec![1], vec![]],
            right: vec![vec![], vec![0]],
        };
        assert!(!g.is_stopper_from(0));
        assert!(!g.is_plumtree_from(0));
        // on + off = dud: not a stopper although both terms are.
        let (s, start) = on().sum(0, &on().negative(), 0);
        assert!(!s.is_stopper_from(start));
    }

    #[test]
    fn pack_numbers_in_preorder_and_drops_unreachable_vertices() {
        let g = Graph {
            left: vec![vec![], vec![2, 0], vec![]],
            right: vec![vec![], vec![2], vec![1]],
        };
        let p = g.pack(1);
        assert_eq!(p.len(), 3);
        // old 1 → 0, old 2 → 1, old 0 → 2; targets sorted by old index.
        assert_eq!(p.left[0], vec![2, 1]);
        assert_eq!(p.right[1], vec![0]);
    }

    #[test]
    fn alternating_reachability_follows_alternating_moves() {
        // a{{|a}|}: (0,L) → (1,R) → (0,L).
        let g = Graph {
            left: vec![vec![1], vec![]],
            right: vec![vec![], vec![0]],
        };
        assert!(g.alternating_reach(0, Mover::Left, 0, Mover::Left));
        assert!(g.alternating_reach(1, Mover::Right, 0, Mover::Left));
        assert!(!g.alternating_reach(0, Mover::Right, 1, Mover::Right));
    }
}
