//! `DigraphRuleset` (draws.md §2.3): tokens on an explicit directed graph. A move slides one
//! token along one edge; the player who cannot move loses; play that never ends is a draw.
//! Several tokens are a sum, answered from the one-token values by Smith's rule.
//!
//! The graph comes as adjacency lists (`DigraphRuleset([[2],[3],[]])`, vertices numbered from
//! `base`, 1 by default), as a map from vertices (any values) to their targets, or as an edge
//! list (`edges => [(1,2), (2,3)]`). It is solved once per ruleset value, on first use: the
//! outcome classes and remoteness by retrograde analysis, the loopy nim values by stage
//! labelling, each linear in the graph per stage.

use super::loopy_nim_value;
use super::properties::DrawPosition;
use crate::display::notation::Printer;
use crate::engine::draws::partial::{PartizanLabel, Remoteness};
use crate::engine::draws::{self, Digraph, LoopyNim, Outcomes, PartizanOutcomes, Verdict};
use crate::engine::loopy::Graph as GameGraph;
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use crate::rulesets::{Args, Position, Ruleset};
use crate::value::{EvalError, EvalResult, Key, Value};
use rustc_hash::FxHashMap;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// A digraph ruleset value. Its positions share the graph and its solutions with it.
#[derive(Debug)]
pub struct DigraphRuleset(Rc<Graph>);

/// The graph, how its vertices are named, and its solutions.
#[derive(Debug)]
struct Graph {
    /// The name it was first assigned to (`G`), for printing positions as `G(2)`.
    label: RefCell<Option<Rc<str>>>,
    /// Unique in the process: positions of two rulesets that print alike memoise apart.
    id: u64,
    names: Names,
    /// The moves (Left's in a partizan digraph).
    graph: Digraph,
    /// Right's moves in a partizan digraph (`left => A, right => B`); `None`: impartial.
    right: Option<Digraph>,
    /// Who wins each vertex with each player to move (partizan digraphs).
    partizan: OnceCell<PartizanOutcomes>,
    outcomes: OnceCell<Outcomes>,
    /// γ of one token on each vertex ([`draws::loopy_nim_values`]'s table).
    values: OnceCell<Vec<u32>>,
    /// Whether play from each vertex always ends (no cycle can be reached from it).
    loopfree: OnceCell<Vec<bool>>,
}

/// How vertices are named.
#[derive(Debug)]
enum Names {
    /// `base`, `base + 1`, …: adjacency lists and files, whose per-vertex answers are lists in
    /// vertex order.
    Numbered { base: i64 },
    /// Any values (maps, edge lists): vertex i's name as a value, as printed, and the look-up;
    /// per-vertex answers are maps.
    Named {
        vertices: Vec<Value>,
        shown: Vec<String>,
        index: FxHashMap<Key, u32>,
    },
}

/// One or more tokens on a digraph ruleset's vertices (`G(2)`, `G[1, 2, 2]`, `G[]`).
#[derive(Clone, Debug)]
pub struct Tokens {
    game: Rc<Graph>,
    at: Vec<u32>,
}

/// `DigraphRuleset(adj)`, `DigraphRuleset(map)`, `DigraphRuleset(edges => E)`, with
/// `base => 0` for 0-based numbers and `vertices => n` to add vertices no edge mentions.
pub fn digraph_ruleset(args: &Args, engine: &mut Engine) -> EvalResult<Value> {
    let mut base = 1i64;
    let mut edges_arg = None;
    let mut file_arg = None;
    let mut left_arg = None;
    let mut right_arg = None;
    let mut vertex_count = None;
    for (name, value) in &args.named {
        match crate::rulesets::name_key(name).as_str() {
            "base" => base = integer(value, "base")?,
            "edges" => edges_arg = Some(value),
            "file" => file_arg = Some(value),
            "left" => left_arg = Some(value),
            "right" => right_arg = Some(value),
            "vertices" => vertex_count = Some(integer(value, "vertices")?),
            _ => {
                return Err(EvalError::new(format!(
                    "DigraphRuleset has no option `{name}`; it takes base =>, edges =>, file =>, \
                     vertices =>, left => and right =>"
                )));
            }
        }
    }
    let mut builder = Builder::default();
    if left_arg.is_some() || right_arg.is_some() {
        let (Some(a), Some(b), [], None, None) = (
            left_arg,
            right_arg,
            args.positional.as_slice(),
            edges_arg,
            file_arg,
        ) else {
            return Err(EvalError::new(
                "a partizan digraph takes left => A and right => B (adjacency lists or maps), \
                 and nothing else but base =>",
            ));
        };
        let graph = partizan(a, b, base, &mut builder, engine)?;
        return Ok(Value::Ruleset(Rc::new(DigraphRuleset(Rc::new(graph)))));
    }
    let graph = match (args.positional.as_slice(), edges_arg, file_arg) {
        ([Value::List(rows)], None, None) => {
            let edges = numbered_edges(rows, base)?;
            Graph::numbered(base, rows.len() as u32, &edges, engine)?
        }
        ([], None, Some(path)) => {
            let Value::Str(path) = path else {
                return Err(EvalError::new(format!(
                    "file => takes a file name in quotes, not {}",
                    crate::value::type_name(path)
                )));
            };
            let (n, edges) = super::edge_file::read(path, base, engine)?;
            Graph::numbered(base, n, &edges, engine)?
        }
        ([Value::Map(entries)], None, None) => {
            let edges = map_edges(entries, &mut builder)?;
            builder.finish(edges, None, engine)?
        }
        ([], Some(edges), None) => {
            if let Some(n) = vertex_count {
                for i in 0..n.max(0) {
                    builder.vertex(&Value::integer(base + i));
                }
            }
            let mut pairs = Vec::new();
            for edge in list_items(edges, "edges =>")? {
                let (u, v) = match &edge {
                    Value::Tuple(pair) | Value::List(pair) if pair.len() == 2 => {
                        (pair[0].clone(), pair[1].clone())
                    }
                    other => {
                        return Err(EvalError::new(format!(
                            "edges => takes pairs (u, v), not {}",
                            shown_plain(other)
                        )));
                    }
                };
                let from = builder.vertex(&u);
                let to = builder.vertex(&v);
                pairs.push((from, to));
            }
            builder.finish(pairs, None, engine)?
        }
        _ => {
            return Err(EvalError::new(
                "DigraphRuleset takes adjacency lists ([[2], [3], []]), a map from vertices to \
                 their moves, edges => [(u, v), ...] or file => \"path\"",
            ));
        }
    };
    Ok(Value::Ruleset(Rc::new(DigraphRuleset(Rc::new(graph)))))
}

/// The vertices and edges read so far.
#[derive(Default)]
struct Builder {
    vertices: Vec<Value>,
    index: FxHashMap<Key, u32>,
}

impl Builder {
    /// The vertex named `v`, added if new.
    fn vertex(&mut self, v: &Value) -> u32 {
        if let Some(i) = self.find(v) {
            return i;
        }
        let i = self.vertices.len() as u32;
        if let Some(key) = Key::of(v) {
            self.index.insert(key, i);
        }
        self.vertices.push(v.clone());
        i
    }

    fn find(&self, v: &Value) -> Option<u32> {
        self.index.get(&Key::of(v)?).copied()
    }

    /// The graph of `edges` (Left's when `right` has Right's) over the vertices named so far.
    fn finish(
        self,
        edges: Vec<(u32, u32)>,
        right: Option<Vec<(u32, u32)>>,
        engine: &mut Engine,
    ) -> EvalResult<Graph> {
        if let Some(v) = self.vertices.iter().find(|v| Key::of(v).is_none()) {
            return Err(EvalError::new(format!(
                "a vertex must be a value that compares by content (a number, string, tuple, \
                 …), not {}",
                crate::value::type_name(v)
            )));
        }
        let mut printer = Printer::new();
        let shown = self
            .vertices
            .iter()
            .map(|v| {
                let mut text = String::new();
                printer.write_value(engine, v, &mut text).map(|()| text)
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| EvalError::new(e.to_string()))?;
        let n = self.vertices.len() as u32;
        let graph = Digraph::from_edges(n, &edges, engine)?;
        let right = match right {
            Some(r) => Some(Digraph::from_edges(n, &r, engine)?),
            None => None,
        };
        Ok(Graph::new(
            Names::Named {
                vertices: self.vertices,
                shown,
                index: self.index,
            },
            graph,
            right,
        ))
    }
}

/// The 0-based edges of adjacency lists whose vertices are numbered from `base`.
fn numbered_edges(rows: &[Value], base: i64) -> EvalResult<Vec<(u32, u32)>> {
    let n = rows.len() as i64;
    let mut edges = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for t in list_items(row, "each vertex's moves")? {
            let to = numbered(&t, base, n).ok_or_else(|| {
                EvalError::new(format!(
                    "vertex {} has a move to {}, which is not a vertex of the digraph (vertices \
                     are numbered from {base} to {})",
                    base + i as i64,
                    shown_plain(&t),
                    base + n - 1
                ))
            })?;
            edges.push((i as u32, to));
        }
    }
    Ok(edges)
}

/// The edges of a map from vertices to their moves; a target that is not a key is a vertex
/// without moves.
fn map_edges(entries: &[(Value, Value)], builder: &mut Builder) -> EvalResult<Vec<(u32, u32)>> {
    for (vertex, _) in entries {
        builder.vertex(vertex);
    }
    let mut edges = Vec::new();
    for (vertex, targets) in entries {
        let from = builder.vertex(vertex);
        for t in list_items(targets, "each vertex's moves")? {
            edges.push((from, builder.vertex(&t)));
        }
    }
    Ok(edges)
}

/// `DigraphRuleset(left => A, right => B)`: Left moves along A's edges, Right along B's; both
/// adjacency lists of the same length, or both maps (their vertices together).
fn partizan(
    a: &Value,
    b: &Value,
    base: i64,
    builder: &mut Builder,
    engine: &mut Engine,
) -> EvalResult<Graph> {
    match (a, b) {
        (Value::List(ra), Value::List(rb)) => {
            if ra.len() != rb.len() {
                return Err(EvalError::new(format!(
                    "Left's lists have {} vertices and Right's {}: give both players the same \
                     vertices",
                    ra.len(),
                    rb.len()
                )));
            }
            let n = ra.len() as u32;
            Ok(Graph::new(
                Names::Numbered { base },
                Digraph::from_edges(n, &numbered_edges(ra, base)?, engine)?,
                Some(Digraph::from_edges(n, &numbered_edges(rb, base)?, engine)?),
            ))
        }
        (Value::Map(ma), Value::Map(mb)) => {
            let left = map_edges(ma, builder)?;
            let right = map_edges(mb, builder)?;
            std::mem::take(builder).finish(left, Some(right), engine)
        }
        _ => Err(EvalError::new(
            "left => and right => take adjacency lists for both players, or maps for both",
        )),
    }
}

/// `t` as the vertex numbered `t − base` among `n`, if it is one.
fn numbered(t: &Value, base: i64, n: i64) -> Option<u32> {
    match t {
        Value::Number(r) if r.is_integer() => {
            let i = num_traits::ToPrimitive::to_i64(&r.numer())?.checked_sub(base)?;
            (0..n).contains(&i).then_some(i as u32)
        }
        _ => None,
    }
}

fn next_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Graph {
    fn new(names: Names, graph: Digraph, right: Option<Digraph>) -> Graph {
        Graph {
            label: RefCell::new(None),
            id: next_id(),
            names,
            graph,
            right,
            partizan: OnceCell::new(),
            outcomes: OnceCell::new(),
            values: OnceCell::new(),
            loopfree: OnceCell::new(),
        }
    }

    /// Vertices `base … base + n − 1` and 0-based edges.
    fn numbered(base: i64, n: u32, edges: &[(u32, u32)], engine: &Engine) -> EvalResult<Graph> {
        Ok(Graph::new(
            Names::Numbered { base },
            Digraph::from_edges(n, edges, engine)?,
            None,
        ))
    }

    /// The graph of one player's moves: Left's (and the impartial moves) or Right's.
    fn moves_of(&self, left: bool) -> &Digraph {
        match (&self.right, left) {
            (Some(right), false) => right,
            _ => &self.graph,
        }
    }

    /// Partizan digraphs: retrograde analysis of every (vertex, player to move), on first use.
    fn partizan_outcomes(&self, engine: &Engine) -> EngineResult<&PartizanOutcomes> {
        if let Some(o) = self.partizan.get() {
            return Ok(o);
        }
        let solved = draws::partizan_outcomes(&self.graph, self.moves_of(false), engine)?;
        Ok(self.partizan.get_or_init(|| solved))
    }

    /// Vertex v as printed.
    fn shown(&self, v: u32) -> String {
        match &self.names {
            Names::Numbered { base } => (base + i64::from(v)).to_string(),
            Names::Named { shown, .. } => shown[v as usize].clone(),
        }
    }

    fn label(&self) -> Rc<str> {
        self.label
            .borrow()
            .clone()
            .unwrap_or_else(|| Rc::from("DigraphRuleset(…)"))
    }

    /// The retrograde analysis of the whole graph, computed on first use.
    fn outcomes(&self, engine: &Engine) -> EngineResult<&Outcomes> {
        if let Some(o) = self.outcomes.get() {
            return Ok(o);
        }
        let solved = draws::outcomes(&self.graph, engine)?;
        Ok(self.outcomes.get_or_init(|| solved))
    }

    /// The loopy nim value of every vertex (finite, or [`draws::INFINITE`]), computed on
    /// first use.
    fn values(&self, engine: &Engine) -> EngineResult<&[u32]> {
        if let Some(v) = self.values.get() {
            return Ok(v);
        }
        let solved = draws::loopy_nim_values(&self.graph, engine)?;
        Ok(self.values.get_or_init(|| solved))
    }

    /// Whether each vertex is loopfree, computed on first use: peel off the vertices whose
    /// moves all lead to vertices already peeled (those without moves first); what is left can
    /// reach a cycle. Linear in the graph.
    fn loopfree(&self, engine: &Engine) -> EngineResult<&[bool]> {
        if let Some(l) = self.loopfree.get() {
            return Ok(l);
        }
        let n = self.graph.vertex_count();
        let sides: Vec<&Digraph> = std::iter::once(&self.graph).chain(&self.right).collect();
        let mut left: Vec<u32> = (0..n)
            .map(|v| sides.iter().map(|g| g.out_degree(v)).sum())
            .collect();
        let mut peeled = vec![false; n as usize];
        let mut queue: Vec<u32> = (0..n).filter(|&v| left[v as usize] == 0).collect();
        let mut steps = 0usize;
        while let Some(v) = queue.pop() {
            peeled[v as usize] = true;
            for g in &sides {
                for &u in g.predecessors(v) {
                    steps += 1;
                    if steps.is_multiple_of(1 << 16) {
                        engine.check_interrupt()?;
                    }
                    left[u as usize] -= 1;
                    if left[u as usize] == 0 {
                        queue.push(u);
                    }
                }
            }
        }
        Ok(self.loopfree.get_or_init(|| peeled))
    }

    /// The vertex named `v`, or an error naming the ruleset.
    fn vertex_of(&self, v: &Value) -> EvalResult<u32> {
        let found = match &self.names {
            Names::Numbered { base } => numbered(v, *base, i64::from(self.graph.vertex_count())),
            Names::Named { index, .. } => Key::of(v).and_then(|k| index.get(&k).copied()),
        };
        found.ok_or_else(|| {
            EvalError::new(format!(
                "{} is not a vertex of {}",
                shown_plain(v),
                self.label()
            ))
        })
    }

    /// One value per vertex: a list in vertex order for numbered vertices, else a map.
    fn per_vertex(&self, each: impl Fn(u32) -> Value) -> Value {
        let n = self.graph.vertex_count();
        match &self.names {
            Names::Numbered { .. } => Value::List((0..n).map(each).collect()),
            Names::Named { vertices, .. } => {
                let mut entries: Vec<(Value, Value)> = (0..n)
                    .map(|v| (vertices[v as usize].clone(), each(v)))
                    .collect();
                entries.sort_by(|a, b| vertex_order(&a.0, &b.0));
                Value::Map(entries)
            }
        }
    }
}

impl Ruleset for DigraphRuleset {
    fn name(&self) -> String {
        self.0.label().to_string()
    }

    /// `G(v)`: one token on the vertex v (`G(a, b)` is the vertex `(a, b)`).
    fn position(&self, args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
        let vertex = match args {
            [one] => one.clone(),
            [] => {
                return Err(EvalError::new(format!(
                    "{0}(v) needs a vertex; {0}[v1, v2] puts tokens on several",
                    self.0.label()
                )));
            }
            several => Value::Tuple(several.to_vec()),
        };
        let v = self.0.vertex_of(&vertex)?;
        Ok(self.tokens(vec![v]))
    }

    /// `G[v1, v2, …]`: a token on each (repeats allowed; `G[]` is 0).
    fn index(&self, args: &[Value], _engine: &mut Engine) -> Option<EvalResult<Value>> {
        let at = args
            .iter()
            .map(|a| self.0.vertex_of(a))
            .collect::<EvalResult<Vec<_>>>();
        Some(at.map(|at| self.tokens(at)))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        if !args.is_empty() {
            return Ok(None);
        }
        let g = &self.0;
        Ok(Some(match key {
            "outcomeclasses" if g.right.is_some() => {
                let outcomes = g.partizan_outcomes(engine)?;
                g.per_vertex(|v| super::properties::class_value(outcomes.class(v)))
            }
            "outcomeclasses" => {
                let outcomes = g.outcomes(engine)?;
                g.per_vertex(|v| outcome_value(outcomes.verdict(v)))
            }
            "loopynimvalues" if g.right.is_some() => {
                return Err(EvalError::new(format!(
                    "LoopyNimValues needs an impartial digraph: {} is partizan (OutcomeClasses \
                     gives its classes)",
                    g.label()
                )));
            }
            "loopynimvalues" => {
                let values = g.values(engine)?;
                g.per_vertex(|v| loopy_nim_value(&LoopyNim::of_vertex(&g.graph, values, v)))
            }
            "vertexcount" => Value::integer(g.graph.vertex_count()),
            "edgecount" => Value::integer(
                g.graph.edge_count() + g.right.as_ref().map_or(0, Digraph::edge_count),
            ),
            _ => return Ok(None),
        }))
    }

    fn assigned(&self, name: &str) {
        let mut label = self.0.label.borrow_mut();
        if label.is_none() {
            *label = Some(Rc::from(name));
        }
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

impl DigraphRuleset {
    /// Tokens on `at`, as a position value.
    fn tokens(&self, at: Vec<u32>) -> Value {
        Value::Position(Rc::new(Tokens {
            game: self.0.clone(),
            at,
        }))
    }
}

/// An impartial outcome as a value: `P`, `N` or `D`.
fn outcome_value(verdict: Verdict) -> Value {
    Value::loopy_outcome(verdict.outcome())
}

impl Tokens {
    /// Smith's rule on the tokens' values.
    fn value(&self, engine: &Engine) -> EngineResult<LoopyNim> {
        let values = self.game.values(engine)?;
        Ok(LoopyNim::of_tokens(&self.game.graph, values, &self.at))
    }

    /// Who wins with the player to move: one token by retrograde analysis, a sum from the
    /// tokens' values (Smith), never from the product graph.
    fn verdict(&self, engine: &Engine) -> EngineResult<Verdict> {
        match self.at.as_slice() {
            [v] => Ok(self.game.outcomes(engine)?.verdict(*v)),
            _ => Ok(self.value(engine)?.verdict()),
        }
    }

    /// The position after the token at index `i` moves to `to`.
    fn moved(&self, i: usize, to: u32) -> Tokens {
        let mut at = self.at.clone();
        at[i] = to;
        Tokens {
            game: self.game.clone(),
            at,
        }
    }

    /// Each token alone.
    fn singles(&self) -> Vec<Rc<dyn Position>> {
        self.at
            .iter()
            .map(|&v| {
                Rc::new(Tokens {
                    game: self.game.clone(),
                    at: vec![v],
                }) as Rc<dyn Position>
            })
            .collect()
    }

    /// Every option for one player, component by component, each token's moves in edge order
    /// (repeats kept).
    fn all_options(&self, left: bool) -> Vec<Tokens> {
        let mut out = Vec::new();
        for (i, &v) in self.at.iter().enumerate() {
            for &to in self.game.moves_of(left).options(v) {
                out.push(self.moved(i, to));
            }
        }
        out
    }

    /// Whether play from here always ends: every token is on a loopfree vertex.
    fn is_loopfree(&self, engine: &Engine) -> EngineResult<bool> {
        let loopfree = self.game.loopfree(engine)?;
        Ok(self.at.iter().all(|&v| loopfree[v as usize]))
    }
}

impl DrawPosition for Tokens {
    fn describe(&self) -> String {
        Position::describe(self)
    }

    fn loopy_nim(&self, engine: &mut Engine) -> EvalResult<Option<LoopyNim>> {
        if self.game.right.is_some() {
            return Ok(None);
        }
        Ok(Some(self.value(engine)?))
    }

    /// One token: retrograde analysis; an impartial sum: the verdict from the tokens' values
    /// (Smith), its remoteness unknown unless one token alone can still move; a partizan sum:
    /// its product graph.
    fn label(&self, engine: &mut Engine) -> EvalResult<PartizanLabel> {
        if self.game.right.is_some() {
            if let [v] = self.at[..] {
                let o = self.game.partizan_outcomes(engine)?;
                let side = |s: draws::Side| match o.remoteness(v, s) {
                    Some(r) => (o.verdict(v, s), Remoteness::Moves(r)),
                    None => (o.verdict(v, s), Remoteness::Draw),
                };
                let (vl, rl) = side(draws::Side::Left);
                let (vr, rr) = side(draws::Side::Right);
                return Ok(PartizanLabel {
                    verdict: [vl, vr],
                    remoteness: [rl, rr],
                });
            }
            let described = Position::describe(self);
            return super::product::product_label(&self.singles(), &described, engine);
        }
        let verdict = self.verdict(engine)?;
        let outcomes = self.game.outcomes(engine)?;
        let live: Vec<u32> = self
            .at
            .iter()
            .copied()
            .filter(|&v| !self.game.graph.options(v).is_empty())
            .collect();
        let remoteness = match live.as_slice() {
            [] => Remoteness::Moves(0),
            [v] => match outcomes.remoteness(*v) {
                Some(r) => Remoteness::Moves(r),
                None => Remoteness::Draw,
            },
            _ if verdict == Verdict::Draw => Remoteness::Draw,
            _ => Remoteness::Unknown,
        };
        Ok(PartizanLabel {
            verdict: [verdict; 2],
            remoteness: [remoteness; 2],
        })
    }

    fn options_for(&self, left: bool, _engine: &mut Engine) -> EvalResult<Vec<Rc<dyn Position>>> {
        Ok(self
            .all_options(left)
            .into_iter()
            .map(|p| Rc::new(p) as Rc<dyn Position>)
            .collect())
    }

    fn is_loopfree(&self, engine: &mut Engine) -> EvalResult<bool> {
        Ok(Tokens::is_loopfree(self, engine)?)
    }

    /// One token: the vertices reachable from it, numbered from 0 in the order found; several:
    /// the product of their graphs.
    fn game_graph(&self, engine: &mut Engine) -> EvalResult<GameGraph> {
        let [start] = self.at[..] else {
            let described = Position::describe(self);
            return super::product::product_graph(&self.singles(), &described, engine);
        };
        let mut graph = GameGraph::default();
        let mut number: FxHashMap<u32, u32> = FxHashMap::default();
        number.insert(start, graph.add_vertex());
        let mut queue = vec![start];
        while let Some(v) = queue.pop() {
            let i = number[&v] as usize;
            for left in [true, false] {
                let options = self.game.moves_of(left).options(v);
                let mut to = Vec::with_capacity(options.len());
                for &w in options {
                    let next = number.len() as u32;
                    let t = *number.entry(w).or_insert_with(|| {
                        queue.push(w);
                        next
                    });
                    if t == next {
                        graph.add_vertex();
                    }
                    to.push(t);
                }
                if left {
                    graph.left[i] = to;
                } else {
                    graph.right[i] = to;
                }
            }
        }
        Ok(graph)
    }

    fn exact_label(&self, engine: &mut Engine) -> EvalResult<Option<PartizanLabel>> {
        if self.at.len() < 2 {
            return Ok(None);
        }
        let described = Position::describe(self);
        super::product::product_label(&self.singles(), &described, engine).map(Some)
    }
}

impl Position for Tokens {
    fn describe(&self) -> String {
        let label = self.game.label();
        match self.at.as_slice() {
            [v] => format!("{label}({})", self.game.shown(*v)),
            several => {
                let parts: Vec<String> = several.iter().map(|&v| self.game.shown(v)).collect();
                format!("{label}[{}]", parts.join(","))
            }
        }
    }

    fn memo_key(&self) -> String {
        let parts: Vec<String> = self.at.iter().map(u32::to_string).collect();
        format!("digraph#{}[{}]", self.game.id, parts.join(","))
    }

    /// The nimber of a finite loopy nim value; an error for ∞(K), which is no short game. A
    /// partizan position's value, when its play always ends.
    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        if self.game.right.is_some() {
            let graph =
                DrawPosition::game_graph(self, engine).map_err(EvalError::into_engine_error)?;
            return match engine.loopy_value(&graph, 0)? {
                crate::engine::loopy::LoopyResult::Short(g) => Ok(g),
                _ => Err(EngineError::InvalidArgument(
                    crate::rulesets::loopy::NOT_SHORT.into(),
                )),
            };
        }
        match self.value(engine)? {
            LoopyNim::Finite(n) => Ok(engine.nimber(u64::from(n))),
            LoopyNim::Infinite(k) => Err(EngineError::InvalidArgument(format!(
                "{} has loopy nim value {}, which is not a short game",
                Position::describe(self),
                crate::display::notation::loopy_nimber(&k)
            ))),
        }
    }

    fn loopy_nim_value(&self, engine: &mut Engine) -> Option<EngineResult<LoopyNim>> {
        self.game.right.is_none().then(|| self.value(engine))
    }

    /// Partizan positions that can repeat print their value from the loopy engine.
    fn loopy_value(
        &self,
        engine: &mut Engine,
    ) -> Option<EngineResult<crate::engine::loopy::LoopyResult>> {
        self.game.right.as_ref()?;
        Some(
            DrawPosition::game_graph(self, engine)
                .map_err(EvalError::into_engine_error)
                .and_then(|g| engine.loopy_value(&g, 0)),
        )
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        super::properties::method(self, key, args, engine)
    }

    fn draw_label(&self, engine: &mut Engine) -> Option<EvalResult<PartizanLabel>> {
        Some(DrawPosition::label(self, engine))
    }

    fn can_repeat(&self, engine: &mut Engine) -> EvalResult<bool> {
        Ok(!Tokens::is_loopfree(self, engine)?)
    }

    fn game_graph(&self, engine: &mut Engine) -> Option<EvalResult<GameGraph>> {
        Some(DrawPosition::game_graph(self, engine))
    }

    /// The options for the analyses that recurse (misère play), only where play always ends.
    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        if !Tokens::is_loopfree(self, engine)? {
            return Ok(None);
        }
        self.moves(left, engine)
    }

    /// The options, for listing (`Options`).
    fn moves(&self, left: bool, _engine: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        Ok(Some(
            self.all_options(left)
                .into_iter()
                .map(|p| Rc::new(p) as Rc<dyn Position>)
                .collect(),
        ))
    }

    fn is_impartial(&self) -> bool {
        self.game.right.is_none()
    }
}

/// Tokens on the same digraph ruleset added together (`G(1) + G(2)` is `G[1,2]`); `None` when
/// `a` and `b` are not both tokens of one ruleset.
pub fn add_tokens(a: &Rc<dyn Position>, b: &Rc<dyn Position>) -> Option<Value> {
    let a = a.as_any()?.downcast_ref::<Tokens>()?;
    let b = b.as_any()?.downcast_ref::<Tokens>()?;
    if a.game.id != b.game.id {
        return None;
    }
    let mut at = a.at.clone();
    at.extend_from_slice(&b.at);
    Some(Value::Position(Rc::new(Tokens {
        game: a.game.clone(),
        at,
    })))
}

/// The items of a list, set, tuple or range argument.
fn list_items(v: &Value, what: &str) -> EvalResult<Vec<Value>> {
    match v {
        Value::List(items) | Value::Set(items) | Value::Tuple(items) => Ok(items.clone()),
        Value::Range(r) => Ok(r
            .integers(10_000_000)
            .ok_or_else(|| EvalError::new(format!("{what}: the range is too long")))?
            .into_iter()
            .map(Value::integer)
            .collect()),
        other => Err(EvalError::new(format!(
            "{what} must be a list or a set, not {}",
            crate::value::type_name(other)
        ))),
    }
}

fn integer(v: &Value, what: &str) -> EvalResult<i64> {
    match v {
        Value::Number(r) if r.is_integer() => r
            .small()
            .ok_or_else(|| EvalError::new(format!("{what} => is too large"))),
        other => Err(EvalError::new(format!(
            "{what} => takes an integer, not {}",
            crate::value::type_name(other)
        ))),
    }
}

/// A vertex named in a message: numbers and strings as typed, others by kind.
fn shown_plain(v: &Value) -> String {
    match v {
        Value::Number(r) => r.to_string(),
        Value::Str(s) => format!("{s:?}"),
        other => crate::value::type_name(other).to_string(),
    }
}

/// The order of a map's keys when vertices are printed as a map: numbers by value, then
/// strings (by UTF-16 code units, as CGSuite sorts them), then tuples and lists element by
/// element; other vertices by kind.
fn vertex_order(a: &Value, b: &Value) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let rank = |v: &Value| match v {
        Value::Number(_) => 0,
        Value::Str(_) => 1,
        Value::Tuple(_) => 2,
        Value::List(_) => 3,
        _ => 4,
    };
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        (Value::Str(x), Value::Str(y)) => x.encode_utf16().cmp(y.encode_utf16()),
        (Value::Tuple(x), Value::Tuple(y)) | (Value::List(x), Value::List(y)) => x
            .iter()
            .zip(y)
            .map(|(p, q)| vertex_order(p, q))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(x.len().cmp(&y.len())),
        _ => rank(a).cmp(&rank(b)),
    }
}
