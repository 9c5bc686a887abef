//! CGSuite's graph rulesets (`game.graph.*`) on its graph strings: Arc Kayles and Weighted
//! Arc Kayles (impartial), Partizan Arc Kayles, Col, Snort, Fjords and any `GenCol`,
//! Hackenbush and Childish Hackenbush (vertex 1 is the ground), cgt-tools' Digraph Placement
//! on directed graphs (`digraph`), and the graph values
//! `Graph.Path(n)`, `Graph.Cycle(n)`, … they accept.
//!
//! Positions that only ever lose vertices (everything but Weighted Arc Kayles and
//! Hackenbush) share their starting graph and carry a bit mask of the vertices still there;
//! they fall apart into connected components, and a component is keyed by its shape up to
//! isomorphism (colour refinement, [`model::shape_key`]), so that equal shapes met anywhere —
//! in this graph or another — are solved once.

mod digraph;
pub mod model;
mod rules;

pub use digraph::DigraphPlacement;
pub use rules::{
    ArcKayles, CHILDISH_BLUE_RED, ChildishHackenbush, GenCol, PartizanArcKayles, WeightedArcKayles,
};

use crate::rulesets::Args;
use crate::value::{EvalError, EvalResult, Preformatted, Value};
use model::{Graph, Syntax};

/// The `kind` of a graph value (`Graph.Path(5)`), which prints as `Graph.Parse("----")`
/// (so that it pastes back).
pub const GRAPH_KIND: &str = "graph";

/// The syntax of `Graph.Parse` and of printed graph values: unlabelled edges `-`, vertices
/// unlabelled or labelled by a natural number (label = number + 1; 0 is "no label").
pub fn default_syntax<'a>(function: &'a str) -> Syntax<'a> {
    Syntax {
        function,
        vertex: &|t| {
            t.parse::<u32>()
                .ok()
                .filter(|&w| w < u32::MAX)
                .map(|w| w + 1)
        },
        edge: &|t| t.is_empty().then_some(0),
        expected: "edges are -, vertices . or a number",
    }
}

pub fn default_text(graph: &Graph) -> String {
    graph.to_text(
        &|l| {
            if l == 0 {
                String::new()
            } else {
                (l - 1).to_string()
            }
        },
        &|_| String::new(),
    )
}

/// A graph as a value.
pub fn graph_value(graph: &Graph) -> Value {
    Value::Text(Box::new(Preformatted {
        kind: GRAPH_KIND,
        text: format!("Graph.Parse(\"{}\")", default_text(graph)),
        cells: None,
    }))
}

/// The graph inside a graph value, if `value` is one.
pub fn graph_of_value(value: &Value) -> Option<EvalResult<Graph>> {
    let Value::Text(t) = value else { return None };
    if t.kind != GRAPH_KIND {
        return None;
    }
    let inner = t.text.strip_prefix("Graph.Parse(\"")?.strip_suffix("\")")?;
    Some(model::parse(inner, &default_syntax("Graph")))
}

/// `Graph.Path(n)`, `Graph.Cycle(n)`, `Graph.Clique(n)`, `Graph.Star(n)`, `Graph.Empty`,
/// `Graph.Singleton`, `Graph.Parse(s)`; `None` if `name` is none of them.
pub fn builder(name: &str, args: Option<&Args>) -> Option<EvalResult<Value>> {
    let positional = args.map(|a| a.positional.as_slice()).unwrap_or_default();
    let size = |what: &str| -> EvalResult<usize> {
        match positional {
            [Value::Number(n)] if n.is_integer() => n
                .to_integer()
                .try_into()
                .ok()
                .filter(|&k: &usize| k <= model::MAX_VERTICES)
                .ok_or_else(|| {
                    EvalError::new(format!(
                        "Graph.{what} takes a vertex count from 0 to {}",
                        model::MAX_VERTICES
                    ))
                }),
            _ => Err(EvalError::new(format!(
                "Graph.{what} takes one integer, the number of vertices: Graph.{what}(5)"
            ))),
        }
    };
    let graph = match name {
        "Path" => size("Path").map(Graph::path),
        "Cycle" => size("Cycle").map(Graph::cycle),
        "Clique" => size("Clique").map(Graph::clique),
        "Star" => size("Star").map(Graph::star),
        "Empty" => Ok(Graph::default()),
        "Singleton" => {
            let mut g = Graph::default();
            g.add_vertex(0);
            Ok(g)
        }
        "Parse" => match positional {
            [Value::Str(s)] => model::parse(s, &default_syntax("Graph.Parse")),
            _ => Err(EvalError::new(
                "Graph.Parse takes one string, such as \"--(-;-)\"",
            )),
        },
        _ => return None,
    };
    Some(graph.map(|g| graph_value(&g)))
}

/// The `kind` of a colour value (`Color.Blue`), the labels of Hackenbush edges.
pub const COLOR_KIND: &str = "color";

/// The colours of `game.graph.Color`, with the edge label each stands for.
const COLORS: &[(&str, u8)] = &[("Blue", 1), ("Red", 2), ("Green", 3)];

/// `Color.Blue`, `Color.Red`, `Color.Green` (also `game.graph.Color.Blue`); `None` for other
/// names.
pub fn color(name: &str) -> Option<Value> {
    COLORS.iter().find(|(n, _)| *n == name).map(|(n, _)| {
        Value::Text(Box::new(Preformatted {
            kind: COLOR_KIND,
            text: format!("Color.{n}"),
            cells: None,
        }))
    })
}

/// The edge label (1 blue, 2 red, 3 green) of a colour value.
fn color_label(value: &Value) -> Option<u8> {
    let Value::Text(t) = value else { return None };
    if t.kind != COLOR_KIND {
        return None;
    }
    let name = t.text.strip_prefix("Color.")?;
    COLORS.iter().find(|(n, _)| *n == name).map(|&(_, l)| l)
}

/// The childish colours of `GenHackenbush(childishEdges => [Color.Blue, …])` as a bit per
/// colour (bit 1 blue, 2 red, 3 green); no parameter means none (plain Hackenbush).
pub fn childish_colours(params: &Args) -> EvalResult<u8> {
    let usage = || {
        EvalError::new(
            "game.graph.GenHackenbush takes childishEdges => a list of colours, such as \
             game.graph.GenHackenbush(childishEdges => [Color.Blue, Color.Red])",
        )
    };
    if !params.positional.is_empty() {
        return Err(usage());
    }
    let mut mask = 0u8;
    for (key, value) in &params.named {
        if crate::rulesets::name_key(key) != "childishedges" {
            return Err(usage());
        }
        let (Value::List(items) | Value::Set(items)) = value else {
            return Err(usage());
        };
        for item in items {
            let label = color_label(item).ok_or_else(|| {
                EvalError::new(format!(
                    "game.graph.GenHackenbush: childishEdges holds colours \
                     (Color.Blue, Color.Red, Color.Green), found {}",
                    crate::value::type_name(item)
                ))
            })?;
            mask |= 1 << label;
        }
    }
    Ok(mask)
}

/// `game.graph.GenHackenbush(childishEdges => …)(graph)`.
pub fn gen_hackenbush(params: &Args, arg: &Value) -> EvalResult<Value> {
    rules::gen_hackenbush(arg, childish_colours(params)?)
}

/// The token maps of a graph ruleset's strings (§4.2 of the spec): vertex tokens and edge
/// tokens with the labels they stand for (the empty token, the default label, is left out:
/// a vertex written `.` or not at all, an edge written `-`); `None` for a name that is no
/// graph ruleset.
pub fn token_maps(name: &str) -> Option<TokenMaps> {
    let side = |s| Value::Side(s);
    let colours = || {
        COLORS
            .iter()
            .zip(["l", "r", "e"])
            .map(|(&(n, _), t)| (t, color(n).unwrap_or(Value::Nothing)))
            .collect::<Vec<_>>()
    };
    Some(match name {
        "Hackenbush" | "ChildishHackenbush" | "GenHackenbush" | "PartizanArcKayles" => TokenMaps {
            vertex: Vec::new(),
            edge: colours(),
        },
        "Col" | "Snort" | "Fjords" | "GenCol" | "DigraphPlacement" => TokenMaps {
            vertex: vec![
                ("L", side(crate::value::Side::Left)),
                ("R", side(crate::value::Side::Right)),
            ],
            edge: Vec::new(),
        },
        "ArcKayles" | "WeightedArcKayles" => TokenMaps {
            vertex: Vec::new(),
            edge: Vec::new(),
        },
        _ => return None,
    })
}

/// A graph ruleset's tokens (see [`token_maps`]).
pub struct TokenMaps {
    pub vertex: Vec<(&'static str, Value)>,
    pub edge: Vec<(&'static str, Value)>,
}

impl TokenMaps {
    /// `R.VertexLabels` / `R.EdgeLabels` (token ⇒ label), or reversed for `R.VertexToString`
    /// / `R.EdgeToString` (label ⇒ token).
    pub fn map(&self, vertex: bool, reversed: bool) -> Value {
        let list = if vertex { &self.vertex } else { &self.edge };
        Value::Map(
            list.iter()
                .map(|(token, label)| {
                    let token = Value::Str(token.to_string());
                    if reversed {
                        (label.clone(), token)
                    } else {
                        (token, label.clone())
                    }
                })
                .collect(),
        )
    }
}

/// The rulesets' names in `game.graph`.
pub const NAMES: &[&str] = &[
    "ArcKayles",
    "WeightedArcKayles",
    "PartizanArcKayles",
    "Col",
    "Snort",
    "Fjords",
    "Hackenbush",
    "ChildishHackenbush",
    "DigraphPlacement",
];

/// `game.graph.Name(graph)`; `None` if `name` is no graph ruleset.
pub fn position(name: &str, arg: &Value) -> Option<EvalResult<Value>> {
    let result = match name {
        "ArcKayles" => rules::arc_kayles(arg),
        "WeightedArcKayles" => rules::weighted_arc_kayles(arg),
        "PartizanArcKayles" => rules::partizan_arc_kayles(arg),
        "Col" => rules::gen_col(arg, rules::ColRule::COL),
        "Snort" => rules::gen_col(arg, rules::ColRule::SNORT),
        "Fjords" => rules::gen_col(arg, rules::ColRule::FJORDS),
        "Hackenbush" => rules::hackenbush(arg, false),
        "ChildishHackenbush" => rules::hackenbush(arg, true),
        "DigraphPlacement" => digraph::digraph_placement(arg),
        _ => return None,
    };
    Some(result)
}

/// `game.graph.GenCol(leftPermitted, rightPermitted)(graph)`.
pub fn gen_col(left: &Value, right: &Value, arg: &Value) -> EvalResult<Value> {
    rules::gen_col(arg, rules::col_rule(left, right)?)
}

/// Checks `GenCol`'s two lists of permitted tints.
pub fn check_gen_col(left: &Value, right: &Value) -> EvalResult<()> {
    rules::col_rule(left, right).map(|_| ())
}

/// The snake_case functions of graph rulesets cgcalc adds (`digraph_placement("L>R")`), by
/// key; `None` if `key` names none of them.
pub fn function(key: &str, args: &Args) -> Option<EvalResult<Value>> {
    match key {
        "digraphplacement" => Some(match (args.positional.as_slice(), args.named.is_empty()) {
            ([arg], true) => digraph::digraph_placement(arg),
            _ => Err(EvalError::new(
                "digraph_placement takes one digraph string, such as digraph_placement(\"L>R\")",
            )),
        }),
        _ => None,
    }
}

/// The graph a ruleset was given: its string in the ruleset's own syntax, or a graph value.
fn graph_argument(arg: &Value, syntax: &Syntax) -> EvalResult<Graph> {
    if let Some(graph) = graph_of_value(arg) {
        return graph;
    }
    match arg {
        Value::Str(s) => model::parse(s, syntax),
        _ => Err(EvalError::new(format!(
            "{} expects a graph string or a graph (Graph.Path(5))",
            syntax.function
        ))),
    }
}
