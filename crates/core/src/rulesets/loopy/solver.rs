//! The search behind a loopy ruleset's `GameValue` (theory/loopy.md §5): every position
//! reachable is visited once, and positions are grouped into *levels* — the positions of
//! equal `DepthHint` that moves within that hint connect. Cycles can only lie inside a level,
//! since no move raises the hint. A level is solved after every position its moves leave it
//! for: each such value is hung below the level as its simplified onside graph (in the onside
//! graph) and offside graph (in the offside graph), and the loopy engine simplifies the
//! result from the position asked for. A level with no cycle whose exits are all short games
//! is solved as short games directly.
//!
//! The work list is an explicit stack (levels can be many), every position and level polls
//! the engine's interrupt flag and memory ceiling, and all tables are ordinary heap
//! allocations, so the ceiling counts them.

use super::{LoopyRules, Settled};
use crate::engine::loopy::{Graph, Loopy, LoopyResult, Mode, Mover, SideForm, simplify};
use crate::engine::{Engine, EngineError, EngineResult, GameId, progress};
use rustc_hash::FxHashMap;

/// What the search found for a position: its value, and whether the search from it met a
/// cycle (then `CanonicalForm` is an error even when the value is a short game).
#[derive(Clone, Debug)]
pub struct Solved {
    pub value: LoopyResult,
    pub cyclic: bool,
}

/// A move from a level's position: to another position of the level (by vertex), or out of
/// the level (by position id).
#[derive(Clone, Copy, Debug)]
enum Edge {
    Inner(u32),
    Exit(u32),
}

/// The two graphs of a level once its exits are solved: vertex `i` is member `i`; the exits'
/// values hang below. `same` when every exit is a stopper (the two graphs are equal).
struct LevelGraphs {
    onside: Graph,
    offside: Graph,
    same: bool,
    /// The sides pruned for every member at once ([`simplify::prune_side`]), made when a
    /// member meets a cycle.
    pruned: Option<(Graph, Graph)>,
}

/// Positions of one hint connected by moves, from the position that opened it.
struct Level {
    members: Vec<u32>,
    left: Vec<Vec<Edge>>,
    right: Vec<Vec<Edge>>,
    graphs: Option<LevelGraphs>,
    /// Whether each member's search meets a cycle (once every exit is solved).
    cyclic: Option<Vec<bool>>,
}

impl Level {
    fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.left.iter().chain(&self.right).flatten().copied()
    }

    /// The level's own moves as a graph (exits left out).
    fn inner_graph(&self) -> Graph {
        let inner = |lists: &Vec<Vec<Edge>>| -> Vec<Vec<u32>> {
            lists
                .iter()
                .map(|es| {
                    es.iter()
                        .filter_map(|e| match e {
                            Edge::Inner(v) => Some(*v),
                            Edge::Exit(_) => None,
                        })
                        .collect()
                })
                .collect()
        };
        Graph {
            left: inner(&self.left),
            right: inner(&self.right),
        }
    }
}

/// A search over the positions of one loopy ruleset.
pub struct Search<G: LoopyRules> {
    positions: Vec<G>,
    index: FxHashMap<G::Key, u32>,
    /// The level a position belongs to and its vertex there.
    level_of: Vec<Option<(u32, u32)>>,
    solved: Vec<Option<Solved>>,
    levels: Vec<Level>,
    /// Send every level through the loopy engine, even one that is a short game (tests
    /// compare the two ways).
    pub force_loopy: bool,
}

impl<G: LoopyRules> Default for Search<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// Bytes a position costs the search beyond the position itself (index, tables, edges).
const BYTES_PER_POSITION: usize = 160;

impl<G: LoopyRules> Search<G> {
    pub fn new() -> Self {
        Search {
            positions: Vec::new(),
            index: FxHashMap::default(),
            level_of: Vec::new(),
            solved: Vec::new(),
            levels: Vec::new(),
            force_loopy: false,
        }
    }

    /// Positions visited so far.
    pub fn position_count(&self) -> usize {
        self.positions.len()
    }

    fn intern(&mut self, g: G, engine: &Engine) -> EngineResult<u32> {
        let key = g.key();
        if let Some(&i) = self.index.get(&key) {
            return Ok(i);
        }
        if self.positions.len().is_multiple_of(1024) {
            // The REPL's progress line (after a second) shows how far the search has got.
            progress::report(self.positions.len() as u64, "positions found");
            engine.check_memory_for(
                1024 * (BYTES_PER_POSITION
                    + std::mem::size_of::<G>()
                    + std::mem::size_of::<G::Key>()),
            )?;
        }
        let i = u32::try_from(self.positions.len()).map_err(|_| EngineError::TooMany {
            what: "positions of a loopy game",
            limit: u64::from(u32::MAX),
        })?;
        self.positions.push(g);
        self.index.insert(key, i);
        self.level_of.push(None);
        self.solved.push(None);
        Ok(i)
    }

    /// The value of `root` and whether its search meets a cycle.
    pub fn solve(&mut self, root: &G, engine: &mut Engine) -> EngineResult<Solved> {
        let root = self.intern(root.clone(), engine)?;
        let mut stack = vec![root];
        while let Some(&p) = stack.last() {
            engine.check_interrupt()?;
            if self.solved[p as usize].is_some() {
                stack.pop();
                continue;
            }
            if let Some(s) = self.positions[p as usize].settled() {
                self.solved[p as usize] = Some(Solved {
                    value: settled_value(s, engine)?,
                    cyclic: false,
                });
                stack.pop();
                continue;
            }
            let level = match self.level_of[p as usize] {
                Some((level, _)) => level,
                None => self.open_level(p, engine)?,
            };
            let before = stack.len();
            for e in self.levels[level as usize].edges() {
                if let Edge::Exit(t) = e
                    && self.solved[t as usize].is_none()
                {
                    stack.push(t);
                }
            }
            if stack.len() == before {
                self.solve_in_level(level, p, engine)?;
                stack.pop();
            }
        }
        self.solved[root as usize].clone().ok_or_else(|| {
            EngineError::InvalidArgument("loopy search left its root unsolved".into())
        })
    }

    /// Gather the level of `p`: every position of its hint that moves reach from it.
    fn open_level(&mut self, p: u32, engine: &mut Engine) -> EngineResult<u32> {
        let level_id = self.levels.len() as u32;
        let mut vertex: FxHashMap<u32, u32> = FxHashMap::default();
        let mut level = Level {
            members: vec![p],
            left: Vec::new(),
            right: Vec::new(),
            graphs: None,
            cyclic: None,
        };
        vertex.insert(p, 0);
        let mut moves = Vec::new();
        let mut next = 0;
        while next < level.members.len() {
            engine.check_interrupt()?;
            let u = level.members[next];
            let hint = self.positions[u as usize].depth_hint();
            let mut sides: [Vec<Edge>; 2] = [Vec::new(), Vec::new()];
            for (k, left) in [true, false].into_iter().enumerate() {
                moves.clear();
                self.positions[u as usize].moves(left, &mut moves);
                for m in moves.drain(..) {
                    if m.depth_hint() > hint {
                        // A ruleset bug; searching on would never end.
                        return Err(EngineError::InvalidArgument(format!(
                            "DepthHint rises along a move from {}",
                            self.positions[u as usize].describe()
                        )));
                    }
                    let exits = m.settled().is_some() || m.depth_hint() < hint;
                    let t = self.intern(m, engine)?;
                    let edge = if exits {
                        Edge::Exit(t)
                    } else {
                        let v = *vertex.entry(t).or_insert_with(|| {
                            level.members.push(t);
                            (level.members.len() - 1) as u32
                        });
                        Edge::Inner(v)
                    };
                    sides[k].push(edge);
                }
            }
            let [l, r] = sides;
            level.left.push(l);
            level.right.push(r);
            next += 1;
        }
        for (v, &m) in level.members.iter().enumerate() {
            self.level_of[m as usize].get_or_insert((level_id, v as u32));
        }
        self.levels.push(level);
        Ok(level_id)
    }

    /// Solve `p` (a member of `level`, all of whose exits are solved).
    fn solve_in_level(&mut self, level_id: u32, p: u32, engine: &mut Engine) -> EngineResult<()> {
        let level = &self.levels[level_id as usize];
        let inner = level.inner_graph();
        let cyclic = match &level.cyclic {
            Some(c) => c.clone(),
            None => self.cyclic_members(level, &inner),
        };
        self.levels[level_id as usize].cyclic = Some(cyclic.clone());
        let level = &self.levels[level_id as usize];
        let exits_short = level.edges().all(|e| match e {
            Edge::Inner(_) => true,
            Edge::Exit(t) => matches!(
                self.solved[t as usize],
                Some(Solved {
                    value: LoopyResult::Short(_),
                    ..
                })
            ),
        });
        if !self.force_loopy && exits_short && !cyclic.iter().any(|&c| c) {
            return self.solve_short_level(level_id, &inner, engine);
        }
        if self.levels[level_id as usize].graphs.is_none() {
            let graphs = self.level_graphs(level_id, engine)?;
            self.levels[level_id as usize].graphs = Some(graphs);
        }
        let level = &mut self.levels[level_id as usize];
        let v =
            level.members.iter().position(|&m| m == p).ok_or_else(|| {
                EngineError::InvalidArgument("loopy search lost a position".into())
            })? as u32;
        let Some(graphs) = &mut level.graphs else {
            return Err(EngineError::InvalidArgument(
                "loopy level without graphs".into(),
            ));
        };
        let value = if graphs.onside.is_stopper_from(v)
            && (graphs.same || graphs.offside.is_stopper_from(v))
        {
            if graphs.same {
                engine.loopy_value(&graphs.onside, v)?
            } else {
                engine.loopy_from_sides(&graphs.onside, v, &graphs.offside, v)?
            }
        } else {
            // Cycles: prune the level's sides once for all its positions, then simplify
            // from this one.
            if graphs.pruned.is_none() {
                let on = simplify::prune_side(engine, &graphs.onside, Mode::On)?;
                let off = simplify::prune_side(engine, &graphs.offside, Mode::Off)?;
                graphs.pruned = Some((on, off));
            }
            let Some((on, off)) = &graphs.pruned else {
                return Err(EngineError::InvalidArgument(
                    "loopy level without sides".into(),
                ));
            };
            engine.loopy_from_sides(on, v, off, v)?
        };
        self.solved[p as usize] = Some(Solved {
            value,
            cyclic: cyclic[v as usize],
        });
        Ok(())
    }

    /// For each member, whether its search meets a cycle: one inside the level, or one below
    /// an exit it reaches.
    fn cyclic_members(&self, level: &Level, inner: &Graph) -> Vec<bool> {
        let on_cycle = inner.reaches_cycle(false);
        let n = level.members.len();
        let mut cyclic: Vec<bool> = (0..n)
            .map(|v| {
                on_cycle[v]
                    || level.left[v]
                        .iter()
                        .chain(&level.right[v])
                        .any(|e| match e {
                            Edge::Exit(t) => {
                                self.solved[*t as usize].as_ref().is_some_and(|s| s.cyclic)
                            }
                            Edge::Inner(_) => false,
                        })
            })
            .collect();
        // Whoever reaches a cyclic member is cyclic: spread backwards along the level's moves.
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n {
            for t in inner.left[v].iter().chain(&inner.right[v]) {
                preds[*t as usize].push(v as u32);
            }
        }
        let mut queue: Vec<u32> = (0..n as u32).filter(|&v| cyclic[v as usize]).collect();
        while let Some(v) = queue.pop() {
            for &u in &preds[v as usize] {
                if !cyclic[u as usize] {
                    cyclic[u as usize] = true;
                    queue.push(u);
                }
            }
        }
        cyclic
    }

    /// A level without cycles whose exits are short games: every member's canonical form,
    /// options first.
    fn solve_short_level(
        &mut self,
        level_id: u32,
        inner: &Graph,
        engine: &mut Engine,
    ) -> EngineResult<()> {
        let level = &self.levels[level_id as usize];
        let n = level.members.len();
        let mut value: Vec<Option<GameId>> = vec![None; n];
        let game_of = |e: &Edge, value: &[Option<GameId>]| -> Option<GameId> {
            match e {
                Edge::Inner(v) => value[*v as usize],
                Edge::Exit(t) => match self.solved[*t as usize] {
                    Some(Solved {
                        value: LoopyResult::Short(g),
                        ..
                    }) => Some(g),
                    _ => None,
                },
            }
        };
        for start in 0..n {
            if value[start].is_some() {
                continue;
            }
            let mut stack = vec![(start as u32, false)];
            while let Some((v, expanded)) = stack.pop() {
                if value[v as usize].is_some() {
                    continue;
                }
                if expanded {
                    engine.check_interrupt()?;
                    let side = |es: &Vec<Edge>| -> Option<Vec<GameId>> {
                        es.iter().map(|e| game_of(e, &value)).collect()
                    };
                    let (Some(l), Some(r)) = (
                        side(&level.left[v as usize]),
                        side(&level.right[v as usize]),
                    ) else {
                        return Err(EngineError::InvalidArgument(
                            "loopy search solved a level out of order".into(),
                        ));
                    };
                    value[v as usize] = Some(engine.game_from_options(&l, &r)?);
                } else {
                    stack.push((v, true));
                    for &t in inner.left[v as usize]
                        .iter()
                        .chain(&inner.right[v as usize])
                    {
                        if value[t as usize].is_none() {
                            stack.push((t, false));
                        }
                    }
                }
            }
        }
        for (v, &m) in level.members.iter().enumerate() {
            if self.solved[m as usize].is_none()
                && let Some(g) = value[v]
            {
                self.solved[m as usize] = Some(Solved {
                    value: LoopyResult::Short(g),
                    cyclic: false,
                });
            }
        }
        Ok(())
    }

    /// The onside and offside graphs of a level: its members, then below them the graph of
    /// each exit's value (each distinct graph once).
    fn level_graphs(&self, level_id: u32, engine: &mut Engine) -> EngineResult<LevelGraphs> {
        let level = &self.levels[level_id as usize];
        let n = level.members.len();
        let mut graphs = LevelGraphs {
            onside: Graph::default(),
            offside: Graph::default(),
            same: true,
            pruned: None,
        };
        for _ in 0..n {
            graphs.onside.add_vertex();
            graphs.offside.add_vertex();
        }
        let mut short_on = FxHashMap::default();
        let mut short_off = FxHashMap::default();
        let mut hung_on: FxHashMap<Graph, u32> = FxHashMap::default();
        let mut hung_off: FxHashMap<Graph, u32> = FxHashMap::default();
        let mut exit_vertex: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
        let hang = |into: &mut Graph, hung: &mut FxHashMap<Graph, u32>, side: &Graph| -> u32 {
            if let Some(&v) = hung.get(side) {
                return v;
            }
            let v = into.hang_graph(side);
            hung.insert(side.clone(), v);
            v
        };
        for e in level.edges() {
            let Edge::Exit(t) = e else { continue };
            if exit_vertex.contains_key(&t) {
                continue;
            }
            engine.check_interrupt()?;
            let Some(solved) = &self.solved[t as usize] else {
                return Err(EngineError::InvalidArgument(
                    "loopy search reached an unsolved exit".into(),
                ));
            };
            let pair = match &solved.value {
                LoopyResult::Short(g) => (
                    graphs.onside.hang_short(engine, *g, &mut short_on)?,
                    graphs.offside.hang_short(engine, *g, &mut short_off)?,
                ),
                LoopyResult::Loopy(l) => {
                    if !matches!(l, Loopy::Stopper(_)) {
                        graphs.same = false;
                    }
                    let (on, off) = l.sides();
                    (
                        hang(&mut graphs.onside, &mut hung_on, side_graph(&on)),
                        hang(&mut graphs.offside, &mut hung_off, side_graph(&off)),
                    )
                }
            };
            exit_vertex.insert(t, pair);
            engine.check_memory_for(0)?;
        }
        for v in 0..n {
            for (mover, lists) in [(Mover::Left, &level.left), (Mover::Right, &level.right)] {
                let (mut on, mut off) = (Vec::new(), Vec::new());
                for e in &lists[v] {
                    match e {
                        Edge::Inner(u) => {
                            on.push(*u);
                            off.push(*u);
                        }
                        Edge::Exit(t) => {
                            let (a, b) = exit_vertex[t];
                            on.push(a);
                            off.push(b);
                        }
                    }
                }
                match mover {
                    Mover::Left => {
                        graphs.onside.left[v] = on;
                        graphs.offside.left[v] = off;
                    }
                    Mover::Right => {
                        graphs.onside.right[v] = on;
                        graphs.offside.right[v] = off;
                    }
                }
            }
        }
        Ok(graphs)
    }
}

fn side_graph(side: &SideForm) -> &Graph {
    side.graph()
}

/// `on` or `off` as a value.
pub(crate) fn settled_value(s: Settled, engine: &mut Engine) -> EngineResult<LoopyResult> {
    let mut g = Graph::default();
    g.add_vertex();
    match s {
        Settled::On => g.left[0].push(0),
        Settled::Off => g.right[0].push(0),
    }
    engine.loopy_value(&g, 0)
}

/// The value of a loopy position (a fresh search).
pub fn game_value<G: LoopyRules>(g: &G, engine: &mut Engine) -> EngineResult<LoopyResult> {
    Ok(Search::new().solve(g, engine)?.value)
}
