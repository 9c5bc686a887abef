//! Rulesets from functions whose positions repeat (draws.md §2.2, §2.5): `ImpartialRuleset`
//! and `PartizanRuleset` positions are solved by the game-graph algorithms rather than by
//! recursion on options, so a position that can be reached from itself has an outcome with
//! draws, a remoteness, and in impartial play a loopy nim value.
//!
//! A search explores the positions reachable from its start that no earlier search solved,
//! in Tarjan's order: each strongly connected component is finished after every component it
//! can reach, and is labelled at once with those as fixed followers
//! ([`crate::engine::draws::partial`]). So nothing is solved twice, a search that meets no
//! cycle labels each position from its options directly, and a later search from another
//! start stops at solved positions. No native recursion: the walk keeps its own stack.
//!
//! A move to a sum (several parts, or another ruleset's position) is a fixed follower whose
//! label comes from its parts: Smith's rule in impartial play, the canonical value in
//! partizan play (where the parts must be loopfree). Its remoteness is unknown. A sum whose
//! part lies on a cycle through the position itself would have infinitely many positions,
//! and is an error.

use super::{Move, UserGame};
use crate::engine::draws::LoopyNim;
use crate::engine::draws::partial::{
    ImpartialLabel, PartizanLabel, Remoteness, Target, label_impartial, label_partizan,
};
use crate::engine::loopy::Graph;
use crate::engine::{Engine, GameId, progress};
use crate::rulesets::Position;
use crate::value::{EvalError, EvalResult};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The most positions one search may create unless `limit => N` says otherwise.
pub const DEFAULT_LIMIT: u64 = 10_000_000;

/// What a search found out about one position.
#[derive(Clone, Debug)]
pub struct DrawLabel {
    pub play: Play,
    /// No position reachable from this one repeats.
    pub loopfree: bool,
}

/// The label in the ruleset's kind of play.
#[derive(Clone, Debug)]
pub enum Play {
    Impartial(ImpartialLabel),
    Partizan(PartizanLabel),
}

impl DrawLabel {
    pub fn impartial(&self) -> Option<&ImpartialLabel> {
        match &self.play {
            Play::Impartial(l) => Some(l),
            Play::Partizan(_) => None,
        }
    }

    /// Verdicts and remoteness with Left, then Right, to move (impartial: the same twice).
    pub fn partizan(&self) -> PartizanLabel {
        match &self.play {
            Play::Partizan(l) => *l,
            Play::Impartial(l) => PartizanLabel {
                verdict: [l.verdict(); 2],
                remoteness: [l.remoteness; 2],
            },
        }
    }
}

/// The state of Tarjan's walk: per visited node its visit number; per visit number its low
/// link and whether it is still on the component stack.
#[derive(Default)]
struct Tarjan {
    visit: FxHashMap<u32, u32>,
    low: Vec<u32>,
    open: Vec<bool>,
    stack: Vec<u32>,
    walk: Vec<Frame>,
    /// Finished nodes not labelled yet, with their successors, in finishing order.
    successors: Vec<(u32, Vec<u32>)>,
}

/// One position on the search's stack: its successors (options' parts and split
/// components) and how far through them the walk is.
struct Frame {
    node: u32,
    successors: Vec<u32>,
    next: usize,
}

impl UserGame {
    /// The label of a node, solving what it needs first.
    pub fn draw_label(&self, node: u32, engine: &mut Engine) -> EvalResult<DrawLabel> {
        if let Some(l) = self.known_draw_label(node) {
            return Ok(l);
        }
        self.solve_draws(node, engine)?;
        self.known_draw_label(node).ok_or_else(|| {
            EvalError::new(format!(
                "internal error: the search from {} did not solve it",
                self.describe_node(node)
            ))
        })
    }

    fn known_draw_label(&self, node: u32) -> Option<DrawLabel> {
        self.nodes.borrow()[node as usize].draws.clone()
    }

    fn limit(&self) -> u64 {
        match &self.rules {
            super::Rules::General { limit, .. } => *limit,
            _ => DEFAULT_LIMIT,
        }
    }

    /// The nodes a node's label depends on: its split components, else the parts of every
    /// move (both players' in partizan play).
    fn successors(&self, node: u32, engine: &mut Engine) -> EvalResult<Vec<u32>> {
        let split = self.split(node, engine)?;
        if !split.is_empty() {
            return Ok(split.to_vec());
        }
        let mut out = Vec::new();
        let sides: &[bool] = if self.is_impartial() {
            &[true]
        } else {
            &[true, false]
        };
        for &left in sides {
            for m in self.moves(node, left, engine)?.iter() {
                out.extend_from_slice(&m.parts);
            }
        }
        Ok(out)
    }

    /// Tarjan's walk from `root` over the unsolved positions, labelling each strongly
    /// connected component as it is finished.
    fn solve_draws(&self, root: u32, engine: &mut Engine) -> EvalResult<()> {
        let mut t = Tarjan::default();
        self.enter(&mut t, root, root, engine)?;
        while let Some(top) = t.walk.last_mut() {
            engine.check_interrupt()?;
            let node = top.node;
            if let Some(&w) = top.successors.get(top.next) {
                top.next += 1;
                if self.known_draw_label(w).is_some() {
                    continue;
                }
                match t.visit.get(&w) {
                    None => self.enter(&mut t, w, root, engine)?,
                    Some(&iw) => {
                        let iv = t.visit[&node] as usize;
                        if t.open[iw as usize] {
                            t.low[iv] = t.low[iv].min(iw);
                        }
                    }
                }
                continue;
            }
            let frame = t.walk.pop().expect("the walk's top");
            let iv = t.visit[&node] as usize;
            // Kept until the component is labelled, which needs them again.
            t.successors.push((node, frame.successors));
            if let Some(parent) = t.walk.last() {
                let ip = t.visit[&parent.node] as usize;
                t.low[ip] = t.low[ip].min(t.low[iv]);
            }
            if t.low[iv] == iv as u32 {
                let mut component = Vec::new();
                while let Some(w) = t.stack.pop() {
                    t.open[t.visit[&w] as usize] = false;
                    component.push(w);
                    if w == node {
                        break;
                    }
                }
                // The component's nodes were finished last, so their successors are the
                // newest kept.
                let successors = t.successors.split_off(t.successors.len() - component.len());
                self.label_component(&successors, engine)?;
            }
        }
        Ok(())
    }

    /// Tarjan's first visit of `node`: numbered, stacked, its successors read.
    fn enter(&self, t: &mut Tarjan, node: u32, root: u32, engine: &mut Engine) -> EvalResult<()> {
        let limit = self.limit();
        if t.visit.len() as u64 >= limit {
            return Err(self.limit_error(root, limit));
        }
        let i = t.visit.len() as u32;
        t.visit.insert(node, i);
        t.low.push(i);
        t.open.push(true);
        t.stack.push(node);
        if i.is_multiple_of(1024) {
            progress::report(u64::from(i), "positions explored");
        }
        let successors = self.successors(node, engine)?;
        t.walk.push(Frame {
            node,
            successors,
            next: 0,
        });
        Ok(())
    }

    fn limit_error(&self, root: u32, limit: u64) -> EvalError {
        EvalError::new(format!(
            "{} reaches more than {limit} positions (limit => {limit}); a game that never \
             repeats, such as n -> [n + 1], has infinitely many",
            self.describe_node(root)
        ))
    }

    fn split_loop_error(&self, node: u32, reached: &str) -> EvalError {
        EvalError::new(format!(
            "{} can reach {reached}, which contains a position that leads back to it: a loop \
             through a sum gives infinitely many positions",
            self.describe_node(node)
        ))
    }

    /// Labels one strongly connected component (its nodes with their successors), every
    /// follower outside it being solved.
    fn label_component(&self, members: &[(u32, Vec<u32>)], engine: &mut Engine) -> EvalResult<()> {
        let component: Vec<u32> = members.iter().map(|(n, _)| *n).collect();
        let component = component.as_slice();
        let local: FxHashMap<u32, u32> = component
            .iter()
            .enumerate()
            .map(|(i, &n)| (n, i as u32))
            .collect();
        let cyclic = match members {
            [(n, successors)] => successors.contains(n),
            _ => true,
        };
        let loopfree = !cyclic
            && members.iter().all(|(_, successors)| {
                successors.iter().all(|s| {
                    local.contains_key(s) || self.known_draw_label(*s).is_some_and(|l| l.loopfree)
                })
            });
        let plays: Vec<Play> =
            if let Some(play) = self.split_play(component, cyclic, &local, engine)? {
                vec![play]
            } else if self.is_impartial() {
                let mut options = Vec::with_capacity(component.len());
                for &n in component {
                    options.push(self.impartial_targets(n, &local, engine)?);
                }
                label_impartial(&options, engine)?
                    .into_iter()
                    .map(Play::Impartial)
                    .collect()
            } else {
                let mut left = Vec::with_capacity(component.len());
                let mut right = Vec::with_capacity(component.len());
                for &n in component {
                    left.push(self.partizan_targets(n, true, &local, engine)?);
                    right.push(self.partizan_targets(n, false, &local, engine)?);
                }
                label_partizan(&left, &right, engine)?
                    .into_iter()
                    .map(Play::Partizan)
                    .collect()
            };
        let mut nodes = self.nodes.borrow_mut();
        for (&n, play) in component.iter().zip(plays) {
            nodes[n as usize].draws = Some(DrawLabel { play, loopfree });
        }
        Ok(())
    }

    /// The label of a component that is one position split into components (`split => S`):
    /// the sum of its components, by Smith's rule in impartial play, from their canonical
    /// value in partizan play (they must be loopfree there). `None` when nothing in the
    /// component splits; an error when a split lies on a cycle.
    fn split_play(
        &self,
        component: &[u32],
        cyclic: bool,
        local: &FxHashMap<u32, u32>,
        engine: &mut Engine,
    ) -> EvalResult<Option<Play>> {
        for &n in component {
            let split = self.split(n, engine)?;
            if split.is_empty() {
                continue;
            }
            let sum = Move {
                parts: split.to_vec().into(),
                foreign: Box::new([]),
            };
            if cyclic {
                return Err(self.split_loop_error(n, &self.describe_move(&sum)));
            }
            if self.is_impartial() {
                return Ok(Some(Play::Impartial(
                    self.impartial_sum(n, &sum, local, engine)?,
                )));
            }
            if let Some(&part) = split
                .iter()
                .find(|&&p| !self.known_draw_label(p).is_some_and(|l| l.loopfree))
            {
                return Err(self.loopy_part_error(n, &sum, part));
            }
            let g = self.game(n, engine)?;
            return Ok(Some(Play::Partizan(PartizanLabel::of_short(
                engine.outcome(g)?,
            ))));
        }
        Ok(None)
    }

    /// A node's followers in impartial play, in move order.
    fn impartial_targets(
        &self,
        node: u32,
        local: &FxHashMap<u32, u32>,
        engine: &mut Engine,
    ) -> EvalResult<Vec<Target<ImpartialLabel>>> {
        let mut out = Vec::new();
        for m in self.moves(node, true, engine)?.iter() {
            out.push(match m.single() {
                Some(n) if local.contains_key(&n) => Target::Local(local[&n]),
                Some(n) => Target::Solved(self.solved_impartial(n)?),
                None => Target::Solved(self.impartial_sum(node, m, local, engine)?),
            });
        }
        Ok(out)
    }

    /// The label of a node solved before, in impartial play.
    fn solved_impartial(&self, node: u32) -> EvalResult<ImpartialLabel> {
        self.known_draw_label(node)
            .and_then(|l| l.impartial().cloned())
            .ok_or_else(|| {
                EvalError::new(format!(
                    "internal error: {} was not solved before the positions that move to it",
                    self.describe_node(node)
                ))
            })
    }

    /// The label of a sum by Smith's rule (draws.md §1.4): its parts' values added. Its
    /// remoteness is known only when at most one part is not over already.
    fn impartial_sum(
        &self,
        node: u32,
        m: &Move,
        local: &FxHashMap<u32, u32>,
        engine: &mut Engine,
    ) -> EvalResult<ImpartialLabel> {
        let mut values = Vec::with_capacity(m.parts.len() + m.foreign.len());
        let mut live = Vec::new();
        for &p in m.parts.iter() {
            if local.contains_key(&p) {
                return Err(self.split_loop_error(node, &self.describe_move(m)));
            }
            let l = self.solved_impartial(p)?;
            if l.value != LoopyNim::Finite(0) || l.remoteness != Remoteness::Moves(0) {
                live.push(l.remoteness);
            }
            values.push(l.value);
        }
        for f in m.foreign.iter() {
            values.push(foreign_loopy_nim(node, self, f, engine)?);
            live.push(Remoteness::Unknown);
        }
        let remoteness = match live.as_slice() {
            [] => Remoteness::Moves(0),
            [one] => *one,
            _ => Remoteness::Unknown,
        };
        Ok(ImpartialLabel {
            value: LoopyNim::sum(&values),
            remoteness,
        })
    }

    /// A move as it prints: its parts joined by ` + `.
    fn describe_move(&self, m: &Move) -> String {
        let mut parts: Vec<String> = m.parts.iter().map(|&p| self.describe_node(p)).collect();
        parts.extend(m.foreign.iter().map(|f| f.describe()));
        if parts.is_empty() {
            "0".into()
        } else {
            parts.join(" + ")
        }
    }

    /// A node's followers for one player in partizan play. A move to a sum is labelled from
    /// the sum's canonical value, so its parts must be loopfree.
    fn partizan_targets(
        &self,
        node: u32,
        left: bool,
        local: &FxHashMap<u32, u32>,
        engine: &mut Engine,
    ) -> EvalResult<Vec<Target<PartizanLabel>>> {
        let mut out = Vec::new();
        for m in self.moves(node, left, engine)?.iter() {
            out.push(match m.single() {
                Some(n) if local.contains_key(&n) => Target::Local(local[&n]),
                Some(n) => {
                    Target::Solved(self.known_draw_label(n).map(|l| l.partizan()).ok_or_else(
                        || {
                            EvalError::new(format!(
                                "internal error: {} was not solved before the positions that \
                                 move to it",
                                self.describe_node(n)
                            ))
                        },
                    )?)
                }
                None => {
                    let mut g = engine.zero();
                    for &p in m.parts.iter() {
                        if local.contains_key(&p) {
                            return Err(self.split_loop_error(node, &self.describe_move(m)));
                        }
                        let loopfree = self.known_draw_label(p).is_some_and(|l| l.loopfree);
                        if !loopfree {
                            return Err(self.loopy_part_error(node, m, p));
                        }
                        let v = self.game(p, engine)?;
                        g = engine.add(g, v)?;
                    }
                    for f in m.foreign.iter() {
                        let v = f.value(engine)?;
                        g = engine.add(g, v)?;
                    }
                    Target::Solved(PartizanLabel::of_short(engine.outcome(g)?))
                }
            });
        }
        Ok(out)
    }

    fn loopy_part_error(&self, node: u32, m: &Move, part: u32) -> EvalError {
        EvalError::new(format!(
            "{} leads to {}, and {} can repeat: in partizan play a sum needs loopfree parts",
            self.describe_node(node),
            self.describe_move(m),
            self.describe_node(part)
        ))
    }

    /// The loopy nim value of a node (impartial rulesets from functions).
    pub fn loopy_nim(&self, node: u32, engine: &mut Engine) -> EvalResult<LoopyNim> {
        let label = self.draw_label(node, engine)?;
        label.impartial().map(|l| l.value.clone()).ok_or_else(|| {
            EvalError::new(format!(
                "{} is partizan, so it has no loopy nim value",
                self.describe_node(node)
            ))
        })
    }

    /// The game graph of every position reachable from `root` (vertex 0); moves to sums
    /// hang their short value.
    pub fn game_graph(&self, root: u32, engine: &mut Engine) -> EvalResult<Graph> {
        let mut graph = Graph::default();
        let mut vertex: FxHashMap<u32, u32> = FxHashMap::default();
        let mut shorts: FxHashMap<GameId, u32> = FxHashMap::default();
        vertex.insert(root, graph.add_vertex());
        let mut queue = vec![root];
        while let Some(node) = queue.pop() {
            engine.check_interrupt()?;
            let v = vertex[&node];
            for left in [true, false] {
                let mut targets = Vec::new();
                for m in self.moves(node, left, engine)?.iter() {
                    let t = match m.single() {
                        Some(n) => match vertex.get(&n) {
                            Some(&t) => t,
                            None => {
                                let t = graph.add_vertex();
                                vertex.insert(n, t);
                                queue.push(n);
                                t
                            }
                        },
                        None => {
                            let mut g = engine.zero();
                            for &p in m.parts.iter() {
                                if !self.draw_label(p, engine)?.loopfree {
                                    return Err(self.loopy_part_error(node, m, p));
                                }
                                let x = self.game(p, engine)?;
                                g = engine.add(g, x)?;
                            }
                            for f in m.foreign.iter() {
                                let x = f.value(engine)?;
                                g = engine.add(g, x)?;
                            }
                            graph.hang_short(engine, g, &mut shorts)?
                        }
                    };
                    targets.push(t);
                }
                if left {
                    graph.left[v as usize] = targets;
                } else {
                    graph.right[v as usize] = targets;
                }
            }
        }
        Ok(graph)
    }
}

/// The loopy nim value of another ruleset's position inside an impartial option; an error
/// for a partizan one.
fn foreign_loopy_nim(
    node: u32,
    game: &UserGame,
    f: &Rc<dyn Position>,
    engine: &mut Engine,
) -> EvalResult<LoopyNim> {
    if !f.is_impartial() {
        return Err(EvalError::new(format!(
            "{} has the partizan option {}; use PartizanRuleset",
            game.describe_node(node),
            f.describe()
        )));
    }
    if let Some(v) = f.loopy_nim_value(engine) {
        return Ok(v?);
    }
    Ok(LoopyNim::Finite(super::foreign_nim(f, engine)?))
}
