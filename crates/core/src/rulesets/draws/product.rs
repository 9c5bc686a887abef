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

/// A part's game graph from its start vertex 0: its own for a position that can repeat, the
/// graph of its options for one that lists them (so remoteness counts its real moves), else
/// its canonical form's.
pub fn game_graph(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Graph> {
    if let Some(g) = p.game_graph(engine) {
        return g;
    }
    if p.moves(true, engine)?.is_some() {
        return super::explored::options_graph(p, engine);
    }
    let g = p.value(engine)?;
    Ok(Graph::from_short(engine, g)?)
}

/// The states of a sum reachable from its start (state 0), with each player's moves as edge
/// lists in state order.
pub struct Product {
    pub states: u32,
    pub left: Vec<(u32, u32)>,
    pub right: Vec<(u32, u32)>,
}

/// Below this many conceivable states (the product of the parts' sizes), states are found
/// through a dense table (4 bytes each); above it, through a hash map of the reachable ones.
const DENSE_STATES: u64 = 1 << 22;

/// The product of `parts`' game graphs: a state is the tuple of the parts' vertices, coded in
/// mixed radix (part i's vertex times the product of the sizes before it).
pub fn product(
    parts: &[Rc<dyn Position>],
    described: &str,
    engine: &mut Engine,
) -> EvalResult<Product> {
    let mut graphs = Vec::with_capacity(parts.len());
    for p in parts {
        graphs.push(game_graph(p, engine)?);
    }
    let bound = graphs
        .iter()
        .try_fold(1u64, |acc, g| acc.checked_mul(g.len() as u64))
        .unwrap_or(u64::MAX);
    let mut strides = Vec::with_capacity(graphs.len());
    let mut stride = 1u64;
    for g in &graphs {
        strides.push(stride);
        stride = stride.saturating_mul(g.len() as u64);
    }
    let mut numbers = StateNumbers::new(bound);
    numbers.insert(0, 0);
    let mut codes: Vec<u64> = vec![0];
    let mut out = Product {
        states: 0,
        left: Vec::new(),
        right: Vec::new(),
    };
    let mut head = 0;
    while head < codes.len() {
        if head % 4096 == 0 {
            engine.check_interrupt()?;
            engine.check_memory()?;
            crate::engine::progress::report(head as u64, "states of the sum");
        }
        let code = codes[head];
        let from = head as u32;
        head += 1;
        for (i, g) in graphs.iter().enumerate() {
            let at = (code / strides[i]) % g.len() as u64;
            for mover in [Mover::Left, Mover::Right] {
                for t in g.targets(at as u32, mover) {
                    let next = code - at * strides[i] + u64::from(t) * strides[i];
                    let to = match numbers.get(next) {
                        Some(to) => to,
                        None => {
                            if codes.len() as u64 >= MAX_PRODUCT_STATES {
                                return Err(too_many_states(described, bound));
                            }
                            let to = codes.len() as u32;
                            numbers.insert(next, to);
                            codes.push(next);
                            to
                        }
                    };
                    match mover {
                        Mover::Left => out.left.push((from, to)),
                        Mover::Right => out.right.push((from, to)),
                    }
                }
            }
        }
    }
    out.states = codes.len() as u32;
    Ok(out)
}

/// State codes to state numbers.
enum StateNumbers {
    Dense(Vec<u32>),
    Sparse(FxHashMap<u64, u32>),
}

impl StateNumbers {
    fn new(bound: u64) -> Self {
        if bound <= DENSE_STATES {
            StateNumbers::Dense(vec![u32::MAX; bound as usize])
        } else {
            StateNumbers::Sparse(FxHashMap::default())
        }
    }

    fn get(&self, code: u64) -> Option<u32> {
        match self {
            StateNumbers::Dense(v) => Some(v[code as usize]).filter(|&n| n != u32::MAX),
            StateNumbers::Sparse(m) => m.get(&code).copied(),
        }
    }

    fn insert(&mut self, code: u64, number: u32) {
        match self {
            StateNumbers::Dense(v) => v[code as usize] = number,
            StateNumbers::Sparse(m) => {
                m.insert(code, number);
            }
        }
    }
}

impl Product {
    /// Who wins from state 0, with each player to move, and how soon.
    pub fn label(&self, engine: &Engine) -> EvalResult<PartizanLabel> {
        let left = Digraph::from_edges(self.states, &self.left, engine)?;
        let right = Digraph::from_edges(self.states, &self.right, engine)?;
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

    /// As a game graph for the loopy engine (start vertex 0).
    pub fn into_graph(self) -> Graph {
        let mut g = Graph::default();
        for _ in 0..self.states {
            g.add_vertex();
        }
        for (u, v) in self.left {
            g.left[u as usize].push(v);
        }
        for (u, v) in self.right {
            g.right[u as usize].push(v);
        }
        g
    }
}

/// The game graph of the sum of `parts` (vertex 0 the start).
pub fn product_graph(
    parts: &[Rc<dyn Position>],
    described: &str,
    engine: &mut Engine,
) -> EvalResult<Graph> {
    Ok(product(parts, described, engine)?.into_graph())
}

/// Who wins a game graph from vertex 0, with each player to move, and how soon.
pub fn graph_label(graph: &Graph, engine: &Engine) -> EvalResult<PartizanLabel> {
    let edges = |lists: &Vec<Vec<u32>>| -> Vec<(u32, u32)> {
        lists
            .iter()
            .enumerate()
            .flat_map(|(u, l)| l.iter().map(move |&v| (u as u32, v)))
            .collect()
    };
    Product {
        states: graph.len() as u32,
        left: edges(&graph.left),
        right: edges(&graph.right),
    }
    .label(engine)
}

/// [`Product::label`] of the sum's [`product`].
pub fn product_label(
    parts: &[Rc<dyn Position>],
    described: &str,
    engine: &mut Engine,
) -> EvalResult<PartizanLabel> {
    product(parts, described, engine)?.label(engine)
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
