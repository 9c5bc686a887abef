//! The moves, components and keys of the graph rulesets (see the module above for the
//! model). Rules are as in CGSuite's `game.graph` classes:
//!
//! * Arc Kayles: pick an edge (a loop too) and remove both ends with every edge touching them.
//! * Weighted Arc Kayles: pick an edge whose ends both weigh more than 0 and lower each end
//!   by one (a loop lowers its vertex once); vertices of weight 0 drop out.
//! * Partizan Arc Kayles: as Arc Kayles, Left on blue (`l`) or green (`e`) edges, Right on
//!   red (`r`) or green ones.
//! * GenCol (Col, Snort, Fjords, or any `GenCol(leftPermitted, rightPermitted)`): colour a vertex whose tint the rules permit you; it leaves
//!   the graph, untinted neighbours take your tint and neighbours tinted by your opponent
//!   leave too.
//! * Hackenbush, Childish Hackenbush: cut an edge of your colour or a green one; what no
//!   longer reaches vertex 1 (the ground) falls. A childish colour may only be cut when
//!   nothing falls.

use super::graph_argument;
use super::model::{self, Graph, Syntax, bits};
use crate::rulesets::Position;
use crate::rulesets::impartial::{ImpartialPosition, ImpartialRules};
use crate::rulesets::partizan::{NarrowKey, PartizanPosition, Rules};
use crate::value::picture::{self, GraphPicture, Picture, Tint};
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The starting graph of a position, shared by all its followers, with its adjacency as bit
/// masks, one layer per edge label kind.
#[derive(Debug)]
pub struct Base {
    graph: Graph,
    layers: Vec<Vec<u128>>,
    /// Every neighbour, whatever the edge (for components).
    union: Vec<u128>,
    /// This graph's number among those made in the process: Col's literal keys name it, as
    /// the solver's table outlives any one graph.
    id: u64,
}

/// How many [`Base`] graphs the process has made.
static BASES_MADE: AtomicU64 = AtomicU64::new(0);

/// A Col component's name in the solver's table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ColKey {
    /// Its shape key ([`model::shape_key`]), for any graph.
    Shape(ColRule, Box<[u64]>),
    /// The component as it stands on its graph of at most 64 vertices (vertices in play,
    /// Left's tints, Right's): [`Rules::literal_key`]. A search reaches most components again
    /// by other move orders, and the shape key (colour refinement, then the adjacency in that
    /// order) was over half of Col's time when every look-up made it. Kept small, as every
    /// entry of the table has this size.
    Literal {
        graph: u64,
        rule: ColRule,
        vertices: [u64; 3],
    },
    /// The same on a graph of more vertices.
    WideLiteral {
        graph: u64,
        rule: ColRule,
        vertices: Box<[u128; 3]>,
    },
}

impl Base {
    /// `layer_of(label)` says which layer an edge label belongs to.
    fn new(graph: Graph, layer_count: usize, layer_of: impl Fn(u8) -> usize) -> Base {
        let n = graph.vertex_count();
        let mut layers = vec![vec![0u128; n]; layer_count];
        let mut union = vec![0u128; n];
        for (u, v, label) in graph.edges() {
            let layer = &mut layers[layer_of(label)];
            layer[u] |= 1 << v;
            layer[v] |= 1 << u;
            union[u] |= 1 << v;
            union[v] |= 1 << u;
        }
        Base {
            graph,
            layers,
            union,
            id: BASES_MADE.fetch_add(1, Ordering::Relaxed),
        }
    }

    fn all(&self) -> u128 {
        model::bits_below(self.graph.vertex_count())
    }

    /// The graph on the vertices of `alive` (renumbered in order), with new labels.
    fn induced(&self, alive: u128, label: impl Fn(usize) -> u32) -> Graph {
        let mut number = vec![usize::MAX; self.graph.vertex_count()];
        let mut g = Graph::default();
        for v in bits(alive) {
            number[v] = g.add_vertex(label(v));
        }
        for (u, v, l) in self.graph.edges() {
            if number[u] != usize::MAX && number[v] != usize::MAX {
                g.add_edge(number[u], number[v], l);
            }
        }
        g
    }
}

fn position_value<G: Rules>(g: G) -> Value {
    Value::Position(Rc::new(PartizanPosition::new(g)))
}

fn impartial_value<G: ImpartialRules>(g: G) -> Value {
    Value::Position(Rc::new(ImpartialPosition::new(g)) as Rc<dyn Position>)
}

fn plain_edges(function: &str) -> Syntax<'_> {
    Syntax {
        function,
        vertex: &|_| None,
        edge: &|t| t.is_empty().then_some(0),
        expected: "edges are -, vertices are implied or written .",
    }
}

fn coloured_edges(function: &str) -> Syntax<'_> {
    Syntax {
        function,
        vertex: &|_| None,
        edge: &|t| match t {
            "l" => Some(1),
            "r" => Some(2),
            "e" => Some(3),
            _ => None,
        },
        expected: "edges are l (blue), r (red), e (green)",
    }
}

/// The player an edge colour (1 blue, 2 red, 3 green) belongs to.
fn edge_tint(l: u8) -> Tint {
    match l {
        1 => Tint::Left,
        2 => Tint::Right,
        _ => Tint::Either,
    }
}

/// A graph as a picture with no preferred layout, each vertex tinted and labelled from its
/// label by `vertex`, each edge tinted from its label by `edge`.
fn graph_picture(
    g: &Graph,
    vertex: impl Fn(u32) -> (Tint, String),
    edge: impl Fn(u8) -> Tint,
) -> Picture {
    let vertices = g
        .labels
        .iter()
        .map(|&l| {
            let (tint, label) = vertex(l);
            picture::Vertex {
                label,
                tint,
                layer: 0,
            }
        })
        .collect();
    let edges = g
        .edges()
        .into_iter()
        .map(|(from, to, l)| picture::Edge {
            from,
            to,
            tint: edge(l),
        })
        .collect();
    Picture::Graph(GraphPicture {
        vertices,
        edges,
        layout: picture::Layout::Free,
        directed: false,
    })
}

fn colour_token(l: u8) -> String {
    match l {
        1 => "l",
        2 => "r",
        _ => "e",
    }
    .to_string()
}

// ---------------------------------------------------------------------------------------
// Arc Kayles

#[derive(Clone, Debug)]
pub struct ArcKayles {
    base: Arc<Base>,
    alive: u128,
}

pub fn arc_kayles(arg: &Value) -> EvalResult<Value> {
    let graph = graph_argument(arg, &plain_edges("game.graph.ArcKayles"))?;
    let base = Base::new(graph, 1, |_| 0);
    let alive = base.all();
    Ok(impartial_value(ArcKayles {
        base: Arc::new(base),
        alive,
    }))
}

impl ImpartialRules for ArcKayles {
    type Key = Box<[u64]>;

    fn moves(&self, out: &mut Vec<Self>) {
        let adj = &self.base.layers[0];
        for u in bits(self.alive) {
            for v in bits(adj[u] & self.alive & !model::bits_below(u)) {
                out.push(ArcKayles {
                    base: self.base.clone(),
                    alive: self.alive & !(1 << u) & !(1 << v),
                });
            }
        }
    }

    fn components(&self, out: &mut Vec<Self>) {
        for part in model::components(self.alive, &self.base.union) {
            if part.count_ones() > 1 || bits(part).any(|v| self.base.union[v] & part != 0) {
                out.push(ArcKayles {
                    base: self.base.clone(),
                    alive: part,
                });
            }
        }
    }

    fn key(&self) -> Box<[u64]> {
        model::shape_key(self.alive, &|_| 0, &[&self.base.layers[0]])
    }

    fn describe(&self) -> String {
        let g = self.base.induced(self.alive, |_| 0);
        format!(
            "game.graph.ArcKayles(\"{}\")",
            g.to_text(&|_| String::new(), &|_| String::new())
        )
    }

    fn picture(&self) -> Option<Picture> {
        let g = self.base.induced(self.alive, |_| 0);
        Some(graph_picture(
            &g,
            |_| (Tint::Plain, String::new()),
            |_| Tint::Plain,
        ))
    }
}

// ---------------------------------------------------------------------------------------
// Weighted Arc Kayles

#[derive(Clone, Debug)]
pub struct WeightedArcKayles {
    base: Arc<Base>,
    weights: Vec<u32>,
    /// The vertices of the component this position stands for (all vertices of positive
    /// weight, for a whole position).
    alive: u128,
}

pub fn weighted_arc_kayles(arg: &Value) -> EvalResult<Value> {
    let syntax = super::default_syntax("game.graph.WeightedArcKayles");
    let graph = graph_argument(arg, &syntax)?;
    if graph.labels.contains(&0) {
        return Err(EvalError::new(
            "game.graph.WeightedArcKayles: every vertex needs a weight, such as \"2-3-1\" or \
             \"{12}-5\"",
        ));
    }
    let weights: Vec<u32> = graph.labels.iter().map(|&l| l - 1).collect();
    let alive = weights
        .iter()
        .enumerate()
        .filter(|&(_, &w)| w > 0)
        .fold(0u128, |m, (v, _)| m | (1 << v));
    let base = Base::new(graph, 1, |_| 0);
    Ok(impartial_value(WeightedArcKayles {
        base: Arc::new(base),
        weights,
        alive,
    }))
}

impl ImpartialRules for WeightedArcKayles {
    type Key = Box<[u64]>;

    fn moves(&self, out: &mut Vec<Self>) {
        let adj = &self.base.layers[0];
        for u in bits(self.alive) {
            for v in bits(adj[u] & self.alive & !model::bits_below(u)) {
                let mut weights = self.weights.clone();
                let mut alive = self.alive;
                for x in if u == v { vec![u] } else { vec![u, v] } {
                    weights[x] -= 1;
                    if weights[x] == 0 {
                        alive &= !(1 << x);
                    }
                }
                out.push(WeightedArcKayles {
                    base: self.base.clone(),
                    weights,
                    alive,
                });
            }
        }
    }

    fn components(&self, out: &mut Vec<Self>) {
        for part in model::components(self.alive, &self.base.union) {
            if bits(part).any(|v| self.base.union[v] & part != 0) {
                out.push(WeightedArcKayles {
                    base: self.base.clone(),
                    weights: self.weights.clone(),
                    alive: part,
                });
            }
        }
    }

    fn key(&self) -> Box<[u64]> {
        model::shape_key(self.alive, &|v| self.weights[v], &[&self.base.layers[0]])
    }

    fn describe(&self) -> String {
        let g = self.base.induced(self.base.all(), |v| self.weights[v] + 1);
        format!(
            "game.graph.WeightedArcKayles(\"{}\")",
            super::default_text(&g)
        )
    }

    fn picture(&self) -> Option<Picture> {
        let g = self.base.induced(self.base.all(), |v| self.weights[v]);
        let weight = |w: u32| (Tint::Plain, w.to_string());
        Some(graph_picture(&g, weight, |_| Tint::Plain))
    }
}

// ---------------------------------------------------------------------------------------
// Partizan Arc Kayles

#[derive(Clone, Debug)]
pub struct PartizanArcKayles {
    base: Arc<Base>,
    alive: u128,
}

pub fn partizan_arc_kayles(arg: &Value) -> EvalResult<Value> {
    let graph = graph_argument(arg, &coloured_edges("game.graph.PartizanArcKayles"))?;
    if graph.labels.iter().any(|&l| l != 0) {
        return Err(EvalError::new(
            "game.graph.PartizanArcKayles: vertices carry no labels",
        ));
    }
    let base = Base::new(graph, 3, |l| usize::from(l.clamp(1, 3)) - 1);
    let alive = base.all();
    Ok(position_value(PartizanArcKayles {
        base: Arc::new(base),
        alive,
    }))
}

impl Rules for PartizanArcKayles {
    type Key = Box<[u64]>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let [blue, red, green] = [0, 1, 2].map(|k| &self.base.layers[k]);
        let mine = if left { blue } else { red };
        for u in bits(self.alive) {
            for v in bits((mine[u] | green[u]) & self.alive & !model::bits_below(u)) {
                out.push(PartizanArcKayles {
                    base: self.base.clone(),
                    alive: self.alive & !(1 << u) & !(1 << v),
                });
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        for part in model::components(self.alive, &self.base.union) {
            if bits(part).any(|v| self.base.union[v] & part != 0) {
                out.push((
                    PartizanArcKayles {
                        base: self.base.clone(),
                        alive: part,
                    },
                    1,
                ));
            }
        }
    }

    fn key(&self) -> (Box<[u64]>, bool) {
        let [blue, red, green] = [0, 1, 2].map(|k| self.base.layers[k].as_slice());
        let own = model::shape_key(self.alive, &|_| 0, &[blue, red, green]);
        let swapped = model::shape_key(self.alive, &|_| 0, &[red, blue, green]);
        if swapped < own {
            (swapped, true)
        } else {
            (own, false)
        }
    }

    fn describe(&self) -> String {
        let g = self.base.induced(self.alive, |_| 0);
        format!(
            "game.graph.PartizanArcKayles(\"{}\")",
            g.to_text(&|_| String::new(), &colour_token)
        )
    }

    fn picture(&self) -> Option<Picture> {
        let g = self.base.induced(self.alive, |_| 0);
        Some(graph_picture(
            &g,
            |_| (Tint::Plain, String::new()),
            edge_tint,
        ))
    }
}

// ---------------------------------------------------------------------------------------
// GenCol: Col, Snort, Fjords

/// Which tints each player may colour: bit t of `left` (`right`) is set when Left (Right) may
/// colour a vertex of tint t (0 none, 1 Left's, 2 Right's) — CGSuite's `GenCol(leftPermitted,
/// rightPermitted)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColRule {
    left: u8,
    right: u8,
}

impl ColRule {
    /// Not next to your own colour.
    pub const COL: ColRule = ColRule::new(0b101, 0b011);
    /// Not next to your opponent's colour.
    pub const SNORT: ColRule = ColRule::new(0b011, 0b101);
    /// Only next to your own colour.
    pub const FJORDS: ColRule = ColRule::new(0b010, 0b100);

    pub const fn new(left: u8, right: u8) -> ColRule {
        ColRule { left, right }
    }

    /// The ruleset's name: `Col`, `Snort`, `Fjords`, else `GenCol([…], […])`.
    pub fn name(self) -> String {
        let list = |mask: u8| {
            let names: Vec<&str> = ["Nothing", "Left", "Right"]
                .into_iter()
                .enumerate()
                .filter(|&(t, _)| mask >> t & 1 == 1)
                .map(|(_, n)| n)
                .collect();
            format!("[{}]", names.join(", "))
        };
        match self {
            ColRule::COL => "Col".into(),
            ColRule::SNORT => "Snort".into(),
            ColRule::FJORDS => "Fjords".into(),
            _ => format!("GenCol({}, {})", list(self.left), list(self.right)),
        }
    }

    /// Whether Left (`left`) or Right may colour a vertex of tint `tint`.
    fn permits(self, left: bool, tint: u8) -> bool {
        let mask = if left { self.left } else { self.right };
        mask >> tint & 1 == 1
    }

    /// Whether exchanging the players maps the rules onto themselves (so that exchanging the
    /// tints keys the negative).
    fn symmetric(self) -> bool {
        let mirror = |m: u8| (m & 1) | (m >> 1 & 1) << 2 | (m >> 2 & 1) << 1;
        self.right == mirror(self.left)
    }
}

/// CGSuite's `GenCol(leftPermitted, rightPermitted)`: two lists drawn from `Nothing`, `Left`,
/// `Right`.
pub fn col_rule(left: &Value, right: &Value) -> EvalResult<ColRule> {
    let mask = |v: &Value| -> EvalResult<u8> {
        let items = match v {
            Value::List(items) | Value::Set(items) => items,
            _ => return Err(col_rule_usage()),
        };
        let mut mask = 0;
        for item in items {
            mask |= match item {
                Value::Nothing => 1,
                Value::Side(crate::value::Side::Left) => 2,
                Value::Side(crate::value::Side::Right) => 4,
                _ => return Err(col_rule_usage()),
            };
        }
        Ok(mask)
    };
    Ok(ColRule::new(mask(left)?, mask(right)?))
}

fn col_rule_usage() -> EvalError {
    EvalError::new(
        "game.graph.GenCol takes two lists of the tints each player may colour, drawn from \
         Nothing, Left and Right: game.graph.GenCol([Nothing, Right], [Nothing, Left])",
    )
}

#[derive(Clone, Debug)]
pub struct GenCol {
    base: Arc<Base>,
    rule: ColRule,
    alive: u128,
    tint_left: u128,
    tint_right: u128,
}

pub fn gen_col(arg: &Value, rule: ColRule) -> EvalResult<Value> {
    let function = format!("game.graph.{}", rule.name());
    let syntax = Syntax {
        function: &function,
        vertex: &|t| match t {
            "L" => Some(1),
            "R" => Some(2),
            _ => None,
        },
        edge: &|t| t.is_empty().then_some(0),
        expected: "vertices are L, R or ., edges are -",
    };
    let graph = match super::graph_of_value(arg) {
        Some(g) => {
            let g = g?;
            if g.labels.iter().any(|&l| l != 0) {
                return Err(EvalError::new(format!(
                    "{function}: a graph's vertices must be unlabelled; tint them in a string \
                     (\"L-.-R\")"
                )));
            }
            g
        }
        None => graph_argument(arg, &syntax)?,
    };
    Ok(position_value(GenCol::new(graph, rule)))
}

impl GenCol {
    /// The start position on a graph whose vertex labels are tints (1 Left, 2 Right).
    pub(super) fn new(graph: Graph, rule: ColRule) -> GenCol {
        let mask = |want: u32| {
            graph
                .labels
                .iter()
                .enumerate()
                .filter(|&(_, &l)| l == want)
                .fold(0u128, |m, (v, _)| m | (1 << v))
        };
        let (tint_left, tint_right) = (mask(1), mask(2));
        let base = Base::new(graph, 1, |_| 0);
        let alive = base.all();
        GenCol {
            base: Arc::new(base),
            rule,
            alive,
            tint_left,
            tint_right,
        }
    }
}

impl GenCol {
    /// The graph of the vertices still in play, labelled 1 where Left's tint is, 2 where
    /// Right's is.
    fn tinted_graph(&self) -> Graph {
        self.base.induced(self.alive, |v| {
            if self.tint_left >> v & 1 == 1 {
                1
            } else if self.tint_right >> v & 1 == 1 {
                2
            } else {
                0
            }
        })
    }
}

impl Rules for GenCol {
    type Key = ColKey;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let (own, other) = if left {
            (self.tint_left, self.tint_right)
        } else {
            (self.tint_right, self.tint_left)
        };
        let adj = &self.base.layers[0];
        for v in bits(self.alive) {
            let bit = 1u128 << v;
            let tint = if self.tint_left & bit != 0 {
                1
            } else if self.tint_right & bit != 0 {
                2
            } else {
                0
            };
            if !self.rule.permits(left, tint) {
                continue;
            }
            let around = adj[v] & self.alive & !bit;
            let alive = self.alive & !bit & !(around & other);
            let own = (own | (around & !other)) & alive;
            let other = other & alive;
            let (tint_left, tint_right) = if left { (own, other) } else { (other, own) };
            out.push(GenCol {
                base: self.base.clone(),
                rule: self.rule,
                alive,
                tint_left,
                tint_right,
            });
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        for part in model::components(self.alive, &self.base.union) {
            out.push((
                GenCol {
                    base: self.base.clone(),
                    rule: self.rule,
                    alive: part,
                    tint_left: self.tint_left & part,
                    tint_right: self.tint_right & part,
                },
                1,
            ));
        }
    }

    /// The shape key of the tinted graph in play, or of its colour-swapped image (keying the
    /// negative), whichever is chosen.
    fn key(&self) -> (ColKey, bool) {
        let tint = |l: u128, r: u128| {
            move |v: usize| {
                if l >> v & 1 == 1 {
                    1
                } else if r >> v & 1 == 1 {
                    2
                } else {
                    0
                }
            }
        };
        let adj = [self.base.layers[0].as_slice()];
        let shape = |l, r| model::shape_key(self.alive, &tint(l, r), &adj);
        let (l, r) = (self.tint_left, self.tint_right);
        let (key, negated) = if !self.rule.symmetric() {
            (shape(l, r), false)
        } else {
            // Either key is exact (the swapped one keys the negative); the one with more Left
            // tints is taken, both compared only on a tie, to halve the cost of most keys.
            match l.count_ones().cmp(&r.count_ones()) {
                std::cmp::Ordering::Greater => (shape(l, r), false),
                std::cmp::Ordering::Less => (shape(r, l), true),
                std::cmp::Ordering::Equal => {
                    let (own, swapped) = (shape(l, r), shape(r, l));
                    if swapped < own {
                        (swapped, true)
                    } else {
                        (own, false)
                    }
                }
            }
        };
        (ColKey::Shape(self.rule, key), negated)
    }

    /// A literal key on a graph of at most 21 vertices in 96 bits: the three vertex masks
    /// side by side, and the graph's number with the rule (two 3-bit masks).
    fn narrow_key(key: &ColKey) -> Option<NarrowKey> {
        const WIDTH: u32 = 21;
        let ColKey::Literal {
            graph,
            rule,
            vertices,
        } = key
        else {
            return None;
        };
        let fits = vertices.iter().all(|&m| m >> WIDTH == 0)
            && *graph >> (u32::BITS - 6) == 0
            && (rule.left | rule.right) >> 3 == 0;
        fits.then(|| {
            let [alive, left, right] = *vertices;
            let tag = (*graph as u32) << 6 | u32::from(rule.left) << 3 | u32::from(rule.right);
            NarrowKey::new(alive | left << WIDTH | right << (2 * WIDTH), tag)
        })
    }

    fn literal_key(&self) -> Option<ColKey> {
        let (graph, rule) = (self.base.id, self.rule);
        let vertices = [self.alive, self.tint_left, self.tint_right];
        Some(if self.alive >> 64 == 0 {
            ColKey::Literal {
                graph,
                rule,
                vertices: vertices.map(|m| m as u64),
            }
        } else {
            ColKey::WideLiteral {
                graph,
                rule,
                vertices: Box::new(vertices),
            }
        })
    }

    fn describe(&self) -> String {
        let g = self.tinted_graph();
        let text = g.to_text(
            &|l| match l {
                1 => "L".to_string(),
                2 => "R".to_string(),
                _ => String::new(),
            },
            &|_| String::new(),
        );
        format!("game.graph.{}(\"{text}\")", self.rule.name())
    }

    fn picture(&self) -> Option<Picture> {
        let vertex = |label: u32| {
            let tint = match label {
                1 => Tint::Left,
                2 => Tint::Right,
                _ => Tint::Plain,
            };
            (tint, String::new())
        };
        Some(graph_picture(&self.tinted_graph(), vertex, |_| Tint::Plain))
    }
}

// ---------------------------------------------------------------------------------------
// Hackenbush

/// The colours of Childish Hackenbush that may only be cut when nothing falls (a bit per
/// colour: 1 blue, 2 red, 3 green).
pub const CHILDISH_BLUE_RED: u8 = 1 << 1 | 1 << 2;

/// `game.graph.Hackenbush(…)` (the native Hackenbush, whose tree formulas and table it
/// shares) and `game.graph.ChildishHackenbush(…)`.
pub fn hackenbush(arg: &Value, childish: bool) -> EvalResult<Value> {
    if childish {
        gen_hackenbush(arg, CHILDISH_BLUE_RED)
    } else {
        gen_hackenbush(arg, 0)
    }
}

/// The name a GenHackenbush with these childish colours prints as.
fn hackenbush_name(childish: u8) -> String {
    match childish {
        0 => "game.graph.Hackenbush".to_string(),
        CHILDISH_BLUE_RED => "game.graph.ChildishHackenbush".to_string(),
        mask => {
            let colours: Vec<&str> = [(1, "Color.Blue"), (2, "Color.Red"), (3, "Color.Green")]
                .into_iter()
                .filter(|&(c, _)| mask >> c & 1 == 1)
                .map(|(_, name)| name)
                .collect();
            format!(
                "game.graph.GenHackenbush(childishEdges => [{}])",
                colours.join(", ")
            )
        }
    }
}

/// `game.graph.GenHackenbush(childishEdges => colours)(…)`: Hackenbush where an edge of a
/// colour in `childish` (a bit per colour: 1 blue, 2 red, 3 green) may only be cut when
/// nothing else falls.
pub fn gen_hackenbush(arg: &Value, childish: u8) -> EvalResult<Value> {
    let function = hackenbush_name(childish);
    let function = function.as_str();
    let graph = graph_argument(arg, &coloured_edges(function))?;
    if graph.vertex_count() == 0 {
        return Err(EvalError::new(format!(
            "{function}: That Graph is empty (no ground)."
        )));
    }
    let all = model::bits_below(graph.vertex_count());
    let base = Base::new(graph.clone(), 1, |_| 0);
    if model::components(all, &base.union).len() > 1 {
        return Err(EvalError::new(format!(
            "{function}: That Graph is not connected."
        )));
    }
    let edges: Vec<(u8, u8, u8)> = graph
        .edges()
        .into_iter()
        .map(|(u, v, l)| (u as u8, v as u8, l.clamp(1, 3)))
        .collect();
    if childish == 0 {
        return crate::rulesets::partizan::hackenbush_from_edges(&edges);
    }
    Ok(position_value(ChildishHackenbush { edges, childish }))
}

/// A GenHackenbush picture with childish colours: edges (u, v, colour 1 blue / 2 red / 3
/// green), vertex 0 the ground. An edge whose colour is in `childish` (bit c for colour c;
/// blue and red in Childish Hackenbush) may only be cut when nothing falls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChildishHackenbush {
    edges: Vec<(u8, u8, u8)>,
    childish: u8,
}

impl ChildishHackenbush {
    /// Only the edges still connected to the ground.
    fn pruned(mut edges: Vec<(u8, u8, u8)>) -> Vec<(u8, u8, u8)> {
        let mut reached = 1u128;
        loop {
            let before = reached;
            for &(u, v, _) in &edges {
                if reached >> u & 1 == 1 || reached >> v & 1 == 1 {
                    reached |= (1 << u) | (1 << v);
                }
            }
            if reached == before {
                break;
            }
        }
        edges.retain(|&(u, _, _)| reached >> u & 1 == 1);
        edges
    }

    fn vertices(&self) -> u128 {
        self.edges
            .iter()
            .fold(1u128, |m, &(u, v, _)| m | (1 << u) | (1 << v))
    }

    /// Simple adjacency per colour, for the vertex order of the key.
    fn layers(&self) -> [Vec<u128>; 3] {
        let n = 128 - self.vertices().leading_zeros() as usize;
        let mut layers = [vec![0u128; n], vec![0u128; n], vec![0u128; n]];
        for &(u, v, c) in &self.edges {
            let layer = &mut layers[usize::from(c) - 1];
            layer[usize::from(u)] |= 1 << v;
            layer[usize::from(v)] |= 1 << u;
        }
        layers
    }

    /// The rules (the childish colours) and the ground's place, then the edges, in `order`;
    /// `swap` exchanges blue
    /// and red, in the edges and in the rules, which negates the game.
    fn code(&self, order: &[usize], swap: bool) -> Vec<u32> {
        let mut position = [0u32; model::MAX_VERTICES];
        for (p, &v) in order.iter().enumerate() {
            position[v] = p as u32;
        }
        let mut code: Vec<u32> = self
            .edges
            .iter()
            .map(|&(u, v, c)| {
                let (a, b) = (position[usize::from(u)], position[usize::from(v)]);
                let c = if swap && c < 3 {
                    3 - u32::from(c)
                } else {
                    u32::from(c)
                };
                (a.min(b) << 16) | (a.max(b) << 2) | c
            })
            .collect();
        code.sort_unstable();
        let rules = if swap {
            let (blue, red) = (self.childish >> 1 & 1, self.childish >> 2 & 1);
            self.childish & !0b110 | blue << 2 | red << 1
        } else {
            self.childish
        };
        // Where the ground is in the order: two pictures with the same edges are equal
        // games only if they stand on the same vertex.
        code.insert(0, u32::from(rules) | position[0] << 4);
        code
    }
}

impl ChildishHackenbush {
    /// The edges still in play, on their vertices renumbered in order.
    fn graph(&self) -> Graph {
        let mut number = [usize::MAX; model::MAX_VERTICES];
        let mut g = Graph::default();
        for v in bits(self.vertices()) {
            number[v] = g.add_vertex(0);
        }
        for &(u, v, c) in &self.edges {
            g.add_edge(number[usize::from(u)], number[usize::from(v)], c);
        }
        g
    }
}

impl Rules for ChildishHackenbush {
    type Key = Vec<u32>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        for (k, &(_, _, c)) in self.edges.iter().enumerate() {
            let playable = c == 3 || (c == 1) == left;
            if !playable {
                continue;
            }
            let mut edges = self.edges.clone();
            edges.remove(k);
            let edges = Self::pruned(edges);
            if self.childish >> c & 1 == 1 && edges.len() + 1 != self.edges.len() {
                continue;
            }
            out.push(ChildishHackenbush {
                edges,
                childish: self.childish,
            });
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        // Edges joined through a vertex other than the ground belong together.
        // (vertices other than the ground, edges) of each group.
        type Group = (u128, Vec<(u8, u8, u8)>);
        let mut groups: Vec<Group> = Vec::new();
        for &e in &self.edges {
            let touch = ((1u128 << e.0) | (1u128 << e.1)) & !1;
            let mut merged = (touch, vec![e]);
            let mut k = 0;
            while k < groups.len() {
                if touch != 0 && groups[k].0 & touch != 0 {
                    let (m, es) = groups.swap_remove(k);
                    merged.0 |= m;
                    merged.1.extend(es);
                } else {
                    k += 1;
                }
            }
            groups.push(merged);
        }
        for (_, edges) in groups {
            out.push((
                ChildishHackenbush {
                    edges,
                    childish: self.childish,
                },
                1,
            ));
        }
    }

    fn key(&self) -> (Vec<u32>, bool) {
        let layers = self.layers();
        let alive = self.vertices();
        let refs: [&[u128]; 3] = [&layers[0], &layers[1], &layers[2]];
        let ground = |v: usize| u32::from(v == 0);
        let own = self.code(&model::canonical_order(alive, &ground, &refs), false);
        let swapped_refs: [&[u128]; 3] = [&layers[1], &layers[0], &layers[2]];
        let swapped = self.code(&model::canonical_order(alive, &ground, &swapped_refs), true);
        if swapped < own {
            (swapped, true)
        } else {
            (own, false)
        }
    }

    fn describe(&self) -> String {
        format!(
            "{}(\"{}\")",
            hackenbush_name(self.childish),
            self.graph().to_text(&|_| String::new(), &colour_token)
        )
    }

    fn picture(&self) -> Option<Picture> {
        Some(graph_picture(
            &self.graph(),
            |_| (Tint::Plain, String::new()),
            edge_tint,
        ))
    }

    fn is_impartial(&self) -> bool {
        self.edges.iter().all(|e| e.2 == 3)
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
