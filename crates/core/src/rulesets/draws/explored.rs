//! The properties of games with draws for positions whose play always ends (draws.md §2.6:
//! "the new properties work on them too"): `Remoteness`, `OutcomeClass(Left)`, drawing moves
//! of a Kayles position or a sum of user positions. The position's own game graph is walked
//! through its options (positions named by their memo keys), not its canonical form, whose
//! play may be shorter.

use super::product::{MAX_PRODUCT_STATES, graph_label};
use super::properties::{self, DrawPosition};
use crate::engine::Engine;
use crate::engine::draws::LoopyNim;
use crate::engine::draws::partial::PartizanLabel;
use crate::engine::loopy::Graph;
use crate::rulesets::Position;
use crate::value::{EvalError, EvalResult, Value};
use rustc_hash::FxHashMap;
use std::cell::OnceCell;
use std::rc::Rc;

/// The keys answered here: those of [`properties::method`] that short values do not answer.
fn is_draw_key(key: &str, args: &[Value]) -> bool {
    match args {
        [] => matches!(
            key,
            "remoteness" | "drawingmoves" | "leftdrawingmoves" | "rightdrawingmoves"
        ),
        [Value::Side(_)] => matches!(
            key,
            "remoteness" | "outcomeclass" | "outcome" | "winningmoves" | "drawingmoves"
        ),
        _ => false,
    }
}

/// A draw property of a position that cannot repeat; `Ok(None)` for other keys, and for
/// positions that do not list their options.
pub fn method(
    p: &Rc<dyn Position>,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if !is_draw_key(key, args) || p.moves(true, engine)?.is_none() {
        return Ok(None);
    }
    let explored = Explored {
        position: p.clone(),
        graph: OnceCell::new(),
    };
    properties::method(&explored, key, args, engine)
}

struct Explored {
    position: Rc<dyn Position>,
    graph: OnceCell<Graph>,
}

impl Explored {
    fn graph(&self, engine: &mut Engine) -> EvalResult<&Graph> {
        if let Some(g) = self.graph.get() {
            return Ok(g);
        }
        let g = options_graph(&self.position, engine)?;
        Ok(self.graph.get_or_init(|| g))
    }
}

impl DrawPosition for Explored {
    fn describe(&self) -> String {
        self.position.describe()
    }

    fn loopy_nim(&self, engine: &mut Engine) -> EvalResult<Option<LoopyNim>> {
        if !self.position.is_impartial() {
            return Ok(None);
        }
        let g = self.position.value(engine)?;
        Ok(crate::rulesets::functional::game::nim_of_game(g, engine).map(LoopyNim::Finite))
    }

    fn label(&self, engine: &mut Engine) -> EvalResult<PartizanLabel> {
        let graph = self.graph(engine)?.clone();
        graph_label(&graph, engine)
    }

    fn options_for(&self, left: bool, engine: &mut Engine) -> EvalResult<Vec<Rc<dyn Position>>> {
        Ok(self.position.moves(left, engine)?.unwrap_or_default())
    }

    fn is_loopfree(&self, _engine: &mut Engine) -> EvalResult<bool> {
        Ok(true)
    }

    fn game_graph(&self, engine: &mut Engine) -> EvalResult<Graph> {
        Ok(self.graph(engine)?.clone())
    }
}

/// The graph of every position reachable from `start` through its options (vertex 0).
pub(super) fn options_graph(start: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Graph> {
    let mut graph = Graph::default();
    let mut index: FxHashMap<String, u32> = FxHashMap::default();
    let mut queue: Vec<Rc<dyn Position>> = vec![start.clone()];
    index.insert(start.memo_key(), graph.add_vertex());
    let mut head = 0;
    while head < queue.len() {
        engine.check_interrupt()?;
        let p = queue[head].clone();
        let v = head;
        head += 1;
        for left in [true, false] {
            let options = p.moves(left, engine)?.ok_or_else(|| {
                EvalError::new(format!("{} does not list its options", p.describe()))
            })?;
            let mut to = Vec::with_capacity(options.len());
            for o in options {
                let key = o.memo_key();
                let t = match index.get(&key) {
                    Some(&t) => t,
                    None => {
                        if queue.len() as u64 >= MAX_PRODUCT_STATES {
                            return Err(EvalError::new(format!(
                                "{} reaches more than {MAX_PRODUCT_STATES} positions, too many \
                                 to walk for this property",
                                start.describe()
                            )));
                        }
                        let t = graph.add_vertex();
                        index.insert(key, t);
                        queue.push(o);
                        t
                    }
                };
                to.push(t);
            }
            if left {
                graph.left[v] = to;
            } else {
                graph.right[v] = to;
            }
        }
    }
    Ok(graph)
}
