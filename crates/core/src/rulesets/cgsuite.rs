//! CGSuite's name spaces for board and graph rulesets: `game.grid.X`, `game.strip.X`,
//! `game.graph.X` as ruleset objects (`game.grid.Clobber`, `game.grid.GenClobber(maxDistance
//! => 2)`) and applied to a position (`game.grid.Clobber("xo|ox")`), and the helper objects
//! their arguments use: `Graph.Path(n)` and friends, `Grid.Empty(r, c)`, `Coordinates.*`.

use super::enclosed::{decomposition_rule, enclose};
use super::loopy::fox_geese;
use super::{Args, Ruleset};
use crate::engine::Engine;
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;

/// A ruleset of `game.grid`, `game.strip` or `game.graph`, possibly with parameters (the
/// named arguments of a schema such as `GenClobber`), waiting for a position.
#[derive(Clone, Debug)]
pub struct BoardRuleset {
    space: &'static str,
    name: String,
    params: Args,
}

impl BoardRuleset {
    /// A position this ruleset built, made to remember the ruleset (`EnclosingObject`,
    /// `Decomposition`).
    fn enclose(&self, position: Value) -> Value {
        let rule = decomposition_rule(self.space, &self.name, &self.params);
        enclose(Rc::new(self.clone()), Rc::new(rule), position)
    }

    /// `build` for this ruleset, enclosed.
    fn build(&self, arg: &Value) -> EvalResult<Value> {
        build(self.space, &self.name, &self.params, arg).map(|p| self.enclose(p))
    }
}

impl Ruleset for BoardRuleset {
    fn name(&self) -> String {
        let mut text = format!("game.{}.{}", self.space, self.name);
        if !self.params.positional.is_empty() {
            let params: Vec<String> = self
                .params
                .positional
                .iter()
                .map(super::board::param_text)
                .collect();
            text.push_str(&format!("({})", params.join(", ")));
        }
        if !self.params.named.is_empty() {
            let params: Vec<String> = self
                .params
                .named
                .iter()
                .map(|(k, v)| format!("{k} => {}", param_text(v)))
                .collect();
            text.push_str(&format!("({})", params.join(", ")));
        }
        text
    }

    fn position(&self, args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
        if is_fox_and_geese(self.space, &self.name) {
            return fox_geese::position(&self.name, &self.params, args).map(|p| self.enclose(p));
        }
        let [arg] = args else {
            return Err(EvalError::new(format!(
                "{} takes one position, such as {}(\"{}\")",
                self.name(),
                self.name(),
                example(self.space, &self.name)
            )));
        };
        self.build(arg)
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match (key, args) {
            ("charmap", []) => Ok(super::board::char_map(&self.name).map(|m| Value::Str(m.into()))),
            ("valuestable", [geese]) if is_fox_and_geese(self.space, &self.name) => {
                fox_geese::values_table(&self.name, &self.params, geese, engine).map(Some)
            }
            // The token maps of a graph ruleset's strings, and their reverses.
            ("vertexlabels" | "edgelabels" | "vertextostring" | "edgetostring", [])
                if self.space == "graph" =>
            {
                Ok(super::graph::token_maps(&self.name)
                    .map(|maps| maps.map(key.starts_with("vertex"), key.ends_with("tostring"))))
            }
            // CGSuite's `R.Position(grid)`: the same as `R(grid)`.
            ("position", [arg]) => self.build(arg).map(Some),
            _ => Ok(None),
        }
    }
}

/// A parameter as it pastes back: the board's form, with colours (`Color.Blue`) and other
/// named values written as themselves.
fn param_text(value: &Value) -> String {
    let all = |items: &[Value]| items.iter().map(param_text).collect::<Vec<_>>().join(", ");
    match value {
        Value::Text(t) if t.kind == super::graph::COLOR_KIND => t.text.clone(),
        Value::List(items) => format!("[{}]", all(items)),
        Value::Set(items) => format!("{{{}}}", all(items)),
        other => super::board::param_text(other),
    }
}

fn example(space: &str, name: &str) -> &'static str {
    match (space, name) {
        ("graph", "Col" | "Snort" | "Fjords") => "L-.-R",
        ("graph", "ArcKayles") => "---",
        ("graph", "WeightedArcKayles") => "2-3-1",
        ("graph", "DigraphPlacement") => "L>R",
        ("graph", _) => "lr(e;l)",
        ("strip", "TopplingDominoes") => "lrre",
        ("strip", _) => "tt..ff",
        ("grid", "Domineering" | "Cram") => "..|..",
        ("grid", "Amazons") => "x..|..o",
        ("grid", "Fission") => "...|.x.|...",
        ("grid", "Konane") => "xox.|oxo.",
        ("grid", "SkiJumps") => "L..|..R",
        _ => "xo|ox",
    }
}

fn known(space: &str, name: &str) -> bool {
    match space {
        "graph" => super::graph::NAMES.contains(&name),
        "grid" | "strip" => super::board::is_ruleset(space, name) || is_fox_and_geese(space, name),
        _ => false,
    }
}

/// Fox and Geese takes two arguments, the geese and the fox, where the other board rulesets
/// take one board.
fn is_fox_and_geese(space: &str, name: &str) -> bool {
    space == "grid" && fox_geese::NAMES.contains(&name)
}

/// `game.<space>.<name>` (args `None`) or `game.<space>.<name>(args)`; `None` if there is
/// no such ruleset.
pub fn board(space: &str, name: &str, args: Option<&Args>) -> Option<EvalResult<Value>> {
    let space: &'static str = match space {
        "grid" => "grid",
        "strip" => "strip",
        "graph" => "graph",
        _ => return None,
    };
    if (space, name) == ("graph", "GenCol") {
        return Some(gen_col_ruleset(args));
    }
    if (space, name) == ("graph", "GenHackenbush") {
        return Some(gen_hackenbush(args));
    }
    if (space, name) == ("graph", "GenArcKayles") {
        return Some(gen_arc_kayles(args));
    }
    if (space, name) == ("strip", "Turning") {
        return Some(super::turning::ruleset(args));
    }
    if !known(space, name) {
        return None;
    }
    let ruleset = |params: Args| {
        Value::Ruleset(Rc::new(BoardRuleset {
            space,
            name: name.to_string(),
            params,
        }) as Rc<dyn Ruleset>)
    };
    let Some(args) = args else {
        return Some(Ok(ruleset(Args::default())));
    };
    if is_fox_and_geese(space, name) {
        if args.positional.is_empty() {
            return Some(
                fox_geese::FoxParams::from_args(name, args).map(|_| ruleset(args.clone())),
            );
        }
        if !args.named.is_empty() {
            return Some(Err(EvalError::new(format!(
                "game.grid.{name}: give the parameters first, then the position: \
                 game.grid.GenFoxAndGeese(foxRange => 2)(geese, fox)"
            ))));
        }
        let ruleset = BoardRuleset {
            space,
            name: name.to_string(),
            params: Args::default(),
        };
        return Some(fox_geese::position(name, args, &args.positional).map(|p| ruleset.enclose(p)));
    }
    match args.positional.as_slice() {
        // A schema's parameters: the ruleset, to be applied to a position.
        [] => {
            if let Err(e) = super::board::check_params(name, args) {
                return Some(Err(e));
            }
            Some(Ok(ruleset(args.clone())))
        }
        [arg] => {
            let ruleset = BoardRuleset {
                space,
                name: name.to_string(),
                params: Args {
                    positional: Vec::new(),
                    named: args.named.clone(),
                },
            };
            Some(ruleset.build(arg))
        }
        _ => Some(Err(EvalError::new(format!(
            "game.{space}.{name} takes one position, such as game.{space}.{name}(\"{}\")",
            example(space, name)
        )))),
    }
}

/// `game.graph.GenCol(leftPermitted, rightPermitted)`: a ruleset waiting for a graph.
fn gen_col_ruleset(args: Option<&Args>) -> EvalResult<Value> {
    let usage = || {
        EvalError::new(
            "game.graph.GenCol takes two lists of the tints each player may colour: \
             game.graph.GenCol([Nothing, Right], [Nothing, Left])(\"L-.-R\")",
        )
    };
    let args = args.ok_or_else(usage)?;
    match (args.positional.as_slice(), args.named.is_empty()) {
        ([left, right], true) => {
            super::graph::check_gen_col(left, right)?;
            Ok(Value::Ruleset(Rc::new(BoardRuleset {
                space: "graph",
                name: "GenCol".to_string(),
                params: args.clone(),
            }) as Rc<dyn Ruleset>))
        }
        _ => Err(usage()),
    }
}

/// `game.graph.GenArcKayles(weighted => b)`: `ArcKayles`, or `WeightedArcKayles` when b is
/// true; applied to a graph directly when it is the one positional argument.
fn gen_arc_kayles(args: Option<&Args>) -> EvalResult<Value> {
    let usage = || {
        EvalError::new(
            "game.graph.GenArcKayles takes weighted => true or false: \
             game.graph.GenArcKayles(weighted => true)(\"2-3-1\")",
        )
    };
    let mut weighted = false;
    let args = args.cloned().unwrap_or_default();
    for (key, value) in &args.named {
        match (super::name_key(key).as_str(), value) {
            ("weighted", Value::Bool(b)) => weighted = *b,
            _ => return Err(usage()),
        }
    }
    let name = if weighted {
        "WeightedArcKayles"
    } else {
        "ArcKayles"
    };
    let ruleset = BoardRuleset {
        space: "graph",
        name: name.to_string(),
        params: Args::default(),
    };
    match args.positional.as_slice() {
        [] => Ok(Value::Ruleset(Rc::new(ruleset) as Rc<dyn Ruleset>)),
        [arg] => ruleset.build(arg),
        _ => Err(usage()),
    }
}

/// `game.graph.GenHackenbush(childishEdges => colours)`: a ruleset waiting for a graph,
/// or applied to one when it is the one positional argument.
fn gen_hackenbush(args: Option<&Args>) -> EvalResult<Value> {
    let args = args.cloned().unwrap_or_default();
    let ruleset = BoardRuleset {
        space: "graph",
        name: "GenHackenbush".to_string(),
        params: Args {
            positional: Vec::new(),
            named: args.named.clone(),
        },
    };
    super::graph::childish_colours(&ruleset.params)?;
    match args.positional.as_slice() {
        [] => Ok(Value::Ruleset(Rc::new(ruleset) as Rc<dyn Ruleset>)),
        [arg] => ruleset.build(arg),
        _ => Err(EvalError::new(
            "game.graph.GenHackenbush takes one graph, such as \
             game.graph.GenHackenbush(childishEdges => [Color.Blue])(\"lr\")",
        )),
    }
}

fn build(space: &str, name: &str, params: &Args, arg: &Value) -> EvalResult<Value> {
    match space {
        "graph" if name == "GenHackenbush" => super::graph::gen_hackenbush(params, arg),
        "graph" if name == "GenCol" => match params.positional.as_slice() {
            [left, right] => super::graph::gen_col(left, right, arg),
            _ => Err(EvalError::new(
                "game.graph.GenCol needs its two lists of tints",
            )),
        },
        "graph" => {
            if !params.named.is_empty() {
                return Err(EvalError::new(format!(
                    "game.graph.{name} takes no parameters"
                )));
            }
            super::graph::position(name, arg).unwrap_or_else(|| {
                Err(EvalError::new(format!(
                    "unknown ruleset `game.graph.{name}`"
                )))
            })
        }
        _ => super::board::position(space, name, params, arg),
    }
}

/// `Graph.X(…)`, `Grid.X(…)`, `Coordinates.X`; `None` if `root.name` is none of them.
pub fn helper(root: &str, name: &str, args: Option<&Args>) -> Option<EvalResult<Value>> {
    match root {
        "Graph" => super::graph::builder(name, args),
        "Grid" => super::board::grid_builder(name, args),
        "Color" => Some(super::graph::color(name).ok_or_else(|| {
            EvalError::new(format!(
                "Color has Blue, Red and Green (the Hackenbush edge colours), not `{name}`"
            ))
        })),
        "Coordinates" => super::board::directions(name).map(|list| {
            Ok(Value::List(
                list.iter()
                    .map(|&(r, c)| Value::Tuple(vec![Value::integer(r), Value::integer(c)]))
                    .collect(),
            ))
        }),
        _ => None,
    }
}
