//! Sums whose play may never end, solved on their product graph (draws.md §2.4): a partizan
//! sum, and the remoteness of an impartial one, have no rule that works from the parts'
//! labels alone. Each part gives its game graph (its own for rulesets that can repeat, the
//! graph of its canonical form for a short game, the canonical graph of a stopper), and the
//! states of the sum reachable from the start are labelled by retrograde analysis.

use crate::engine::draws::partial::{PartizanLabel, Remoteness};
use crate::engine::draws::{Digraph, Side, partizan_outcomes};
use crate::engine::loopy::{Graph, Loopy, Mover};
use crate::engine::{Engine, GameId};
use crate::rulesets::Position;
use crate::value::{EvalError, EvalResult, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The most states a product may have (draws.md §2.9).
pub const MAX_PRODUCT_STATES: u64 = 20_000_000;

/// A part's game graph from its start vertex 0.
pub fn game_graph(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Graph> {
    if let Some(g) = p.game_graph(engine) {
        return g;
    }
    let g = p.value(engine)?;
    Ok(Graph::from_short(engine, g)?)
}

/// The game graph of the sum of `parts` from its start, vertex 0: the states reachable,
/// tuples of the parts' vertices.
pub fn product_graph(
    parts: &[Rc<dyn Position>],
    described: &str,
    engine: &mut Engine,
) -> EvalResult<Graph> {
    let mut graphs = Vec::with_capacity(parts.len());
    for p in parts {
        graphs.push(game_graph(p, engine)?);
    }
    let bound = graphs
        .iter()
        .try_fold(1u64, |acc, g| acc.checked_mul(g.len() as u64))
        .unwrap_or(u64::MAX);
    let mut index: FxHashMap<Box<[u32]>, u32> = FxHashMap::default();
    let mut states: Vec<Box<[u32]>> = Vec::new();
    let mut out = Graph::default();
    let start: Box<[u32]> = vec![0; graphs.len()].into();
    index.insert(start.clone(), 0);
    states.push(start);
    let mut head = 0;
    while head < states.len() {
        if head % 4096 == 0 {
            engine.check_interrupt()?;
            engine.check_memory()?;
            crate::engine::progress::report(head as u64, "states of the sum");
        }
        let state = states[head].clone();
        head += 1;
        out.add_vertex();
        for mover in [Mover::Left, Mover::Right] {
            let mut to = Vec::new();
            for (i, g) in graphs.iter().enumerate() {
                for t in g.targets(state[i], mover) {
                    let mut next = state.clone();
                    next[i] = t;
                    let id = match index.get(&next) {
                        Some(&id) => id,
                        None => {
                            if states.len() as u64 >= MAX_PRODUCT_STATES {
                                return Err(too_many_states(described, bound));
                            }
                            let id = states.len() as u32;
                            index.insert(next.clone(), id);
                            states.push(next);
                            id
                        }
                    };
                    to.push(id);
                }
            }
            match mover {
                Mover::Left => *out.left.last_mut().expect("added") = to,
                Mover::Right => *out.right.last_mut().expect("added") = to,
            }
        }
    }
    Ok(out)
}

/// Who wins a game graph from vertex 0, with each player to move, and how soon.
pub fn graph_label(graph: &Graph, engine: &Engine) -> EvalResult<PartizanLabel> {
    let left = Digraph::from_adjacency(&graph.left, engine)?;
    let right = Digraph::from_adjacency(&graph.right, engine)?;
    let decided = partizan_outcomes(&left, &right, engine)?;
    let side = |s: Side| match decided.remoteness(0, s) {
        Some(r) => (decided.verdict(0, s), Remoteness::Moves(r)),
        None => (decided.verdict(0, s), Remoteness::Draw),
    };
    let (vl, rl) = side(Side::Left);
    let (vr, rr) = side(Side::Right);
    Ok(PartizanLabel {
        verdict: [vl, vr],
        remoteness: [rl, rr],
    })
}

/// [`graph_label`] of the sum's [`product_graph`].
pub fn product_label(
    parts: &[Rc<dyn Position>],
    described: &str,
    engine: &mut Engine,
) -> EvalResult<PartizanLabel> {
    let graph = product_graph(parts, described, engine)?;
    graph_label(&graph, engine)
}

fn too_many_states(described: &str, bound: u64) -> EvalError {
    EvalError::new(format!(
        "{described} has more than {MAX_PRODUCT_STATES} states (up to {bound}), over the \
         limit of the product graph; ask for OutcomeClass of an impartial sum, which needs no \
         product, or for fewer parts"
    ))
}

/// A loopy value (`on`, `over`, `upon`, …) as a part of a sum of positions: its canonical
/// stopper's graph. Sided values have no game graph.
#[derive(Debug)]
pub struct StopperPart {
    graph: Graph,
    text: String,
}

impl StopperPart {
    /// An error for a sided value, which has no game graph.
    pub fn new(value: &Loopy, text: String) -> EvalResult<Self> {
        let graph = match value {
            Loopy::Stopper(s) => s.graph.clone(),
            _ => {
                return Err(EvalError::new(format!(
                    "{text} is a sided value, not a game graph; add GameValues instead"
                )));
            }
        };
        Ok(StopperPart { graph, text })
    }
}

impl Position for StopperPart {
    fn describe(&self) -> String {
        self.text.clone()
    }

    fn memo_key(&self) -> String {
        format!("\u{1}stopper:{}", self.text)
    }

    fn value(&self, _engine: &mut Engine) -> crate::engine::EngineResult<GameId> {
        Err(crate::engine::EngineError::InvalidArgument(format!(
            "{} is not a short game",
            self.text
        )))
    }

    fn game_graph(&self, _engine: &mut Engine) -> Option<EvalResult<Graph>> {
        Some(Ok(self.graph.clone()))
    }

    fn can_repeat(&self, _engine: &mut Engine) -> EvalResult<bool> {
        Ok(true)
    }

    fn method(&self, _: &str, _: &[Value], _: &mut Engine) -> EvalResult<Option<Value>> {
        Ok(None)
    }
}
