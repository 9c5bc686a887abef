//! CGSuite's grid and strip rulesets (`game.grid.*`, `game.strip.*`) on boards of cell
//! values: the GenClobber family (Clobber, AntiClobber, HotClobber, Kings, Knights, Rooks,
//! Queens and any `GenClobber(...)`), Cram, Amazons, Fission, the GenToadsAndFrogs family
//! (Toads and Frogs, Elephants and Rhinos, `GenToadsAndFrogs(maxJump => 2)`) and Toppling
//! Dominoes; and Konane and Ski Jumps, which CGSuite lacks (cgt-tools has it); Domineering, Clobber and Toads and Frogs go to the native rulesets. Also
//! `Grid.Empty(r, c)` and the `Coordinates` direction lists.

mod bits;
pub mod cells;
mod rules;

use crate::rulesets::Args;
use crate::value::{EvalError, EvalResult, Preformatted, Value};
use cells::Cells;

pub use rules::{
    Amazons, Cram, Fission, GenClobber, GenToadsAndFrogs, TopplingDominoes, is_infinity, param_text,
};

/// The `kind` of a grid value (`Grid.Empty(2, 4)`).
pub const GRID_KIND: &str = "grid";

const GRID_NAMES: &[&str] = &[
    "Domineering",
    "Cram",
    "Clobber",
    "AntiClobber",
    "HotClobber",
    "Kings",
    "Knights",
    "Rooks",
    "Queens",
    "GenClobber",
    "Amazons",
    "Fission",
    "Konane",
    "SkiJumps",
];

const STRIP_NAMES: &[&str] = &[
    "ToadsAndFrogs",
    "ElephantsAndRhinos",
    "GenToadsAndFrogs",
    "BackslidingToadsAndFrogs",
    "TopplingDominoes",
];

/// The rulesets of `game.grid` or `game.strip` built on boards here (Fox and Geese, also in
/// `game.grid`, lives with the loopy rulesets).
pub fn names(space: &str) -> &'static [&'static str] {
    match space {
        "grid" => GRID_NAMES,
        "strip" => STRIP_NAMES,
        _ => &[],
    }
}

pub fn is_ruleset(space: &str, name: &str) -> bool {
    match space {
        "grid" => GRID_NAMES.contains(&name),
        "strip" => STRIP_NAMES.contains(&name),
        _ => false,
    }
}

/// CGSuite's `CharMap` of a ruleset: the character of each cell value.
pub fn char_map(name: &str) -> Option<&'static str> {
    Some(match name {
        "Domineering" | "Cram" => ".#",
        "Amazons" | "Konane" => ".xo#",
        "SkiJumps" => ".LlRr",
        "Fission" => ".x#",
        "ToadsAndFrogs"
        | "ElephantsAndRhinos"
        | "GenToadsAndFrogs"
        | "BackslidingToadsAndFrogs" => ".tf",
        "TopplingDominoes" => ".lre",
        n if GRID_NAMES.contains(&n) => ".xo",
        _ => return None,
    })
}

/// The direction lists of `Coordinates.X`.
pub fn directions(name: &str) -> Option<&'static [(i32, i32)]> {
    Some(match name {
        "Orthogonal" => cells::ORTHOGONAL,
        "Diagonal" => cells::DIAGONAL,
        "Compass" => cells::COMPASS,
        "KnightsMove" => cells::KNIGHTS_MOVE,
        "Hexagonal" => cells::HEXAGONAL,
        _ => return None,
    })
}

/// `Grid.Empty(rows, cols)`; `None` for other names.
pub fn grid_builder(name: &str, args: Option<&Args>) -> Option<EvalResult<Value>> {
    if name != "Empty" {
        return None;
    }
    let positional = args.map(|a| a.positional.as_slice()).unwrap_or_default();
    let size = |v: &Value| match v {
        Value::Number(n) => n.small().filter(|k| (0..=255).contains(k)),
        _ => None,
    };
    Some(match positional {
        [r, c] => match (size(r), size(c)) {
            (Some(r), Some(c)) if r * c <= cells::MAX_CELLS as i64 => {
                Ok(Value::Text(Box::new(Preformatted {
                    kind: GRID_KIND,
                    text: format!("Grid.Empty({r}, {c})"),
                    cells: None,
                })))
            }
            _ => Err(EvalError::new(format!(
                "Grid.Empty takes the number of rows and of columns, with at most {} cells",
                cells::MAX_CELLS
            ))),
        },
        _ => Err(EvalError::new(
            "Grid.Empty takes two integers, rows then columns: Grid.Empty(2, 4)",
        )),
    })
}

/// The empty board of a grid value, if `value` is one.
fn grid_of_value(value: &Value) -> Option<Cells> {
    let Value::Text(t) = value else { return None };
    if t.kind != GRID_KIND {
        return None;
    }
    let inner = t.text.strip_prefix("Grid.Empty(")?.strip_suffix(')')?;
    let (r, c) = inner.split_once(", ")?;
    Some(Cells::empty(r.parse().ok()?, c.parse().ok()?))
}

/// The board string of a position argument: a string, or a grid value written in the
/// ruleset's characters.
fn board_text(function: &str, name: &str, arg: &Value) -> EvalResult<String> {
    if let Some(grid) = grid_of_value(arg) {
        return Ok(grid.text(char_map(name).unwrap_or(".")));
    }
    match arg {
        Value::Str(s) => Ok(s.clone()),
        _ => Err(EvalError::new(format!(
            "{function} expects a board string such as \"..|..\" or a grid (Grid.Empty(2, 3))"
        ))),
    }
}

/// Check a schema's named parameters (`GenClobber(maxDistance => 2)`).
pub fn check_params(name: &str, args: &Args) -> EvalResult<()> {
    match name {
        "GenClobber" => rules::ClobberParams::from_args(args).map(|_| ()),
        "GenToadsAndFrogs" => rules::ToadParams::from_args(args).map(|_| ()),
        _ => Err(EvalError::new(format!(
            "game.grid.{name} takes a position, such as game.grid.{name}(\"..|..\")"
        ))),
    }
}

/// `game.<space>.<name>(arg)`, with a schema's parameters in `params.named`.
pub fn position(space: &str, name: &str, params: &Args, arg: &Value) -> EvalResult<Value> {
    let function = format!("game.{space}.{name}");
    if !params.named.is_empty() && !matches!(name, "GenClobber" | "GenToadsAndFrogs") {
        return Err(EvalError::new(format!("{function} takes no parameters")));
    }
    let text = board_text(&function, name, arg)?;
    let native = |f: &str| {
        let args = Args {
            positional: vec![Value::Str(text.clone())],
            named: Vec::new(),
        };
        crate::rulesets::partizan::cgsuite_board(space, f, Some(&args))
            .unwrap_or_else(|| Err(EvalError::new(format!("unknown ruleset `{function}`"))))
    };
    match name {
        "Domineering" => native("Domineering"),
        "Clobber" if !text.is_empty() => native("Clobber"),
        "ToadsAndFrogs" if !text.is_empty() => native("ToadsAndFrogs"),
        "Cram" => rules::cram(&text),
        "Amazons" => rules::amazons(&text),
        "Fission" => rules::fission(&text),
        "Konane" => rules::konane(&text),
        "SkiJumps" => rules::ski_jumps(&text),
        "TopplingDominoes" => rules::toppling_dominoes(&text),
        "ToadsAndFrogs"
        | "ElephantsAndRhinos"
        | "GenToadsAndFrogs"
        | "BackslidingToadsAndFrogs" => rules::gen_toads_and_frogs(name, params, &text),
        _ => rules::gen_clobber(name, params, &text),
    }
}
