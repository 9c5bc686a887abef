//! Runtime values: exact numbers, canonical games (ids into the engine's arena), booleans,
//! outcome classes, strings, lists and sets.

use crate::engine::{GameId, Outcome, Thermograph, Trajectory};
use num_rational::BigRational;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An exact rational number. Dyadic ones are also games; they become [`Value::Game`]
    /// only when combined with games.
    Number(BigRational),
    /// A canonical short game.
    Game(GameId),
    /// A game kept in the form typed (`'{-1|1}'`): its options, each canonical. Only its top
    /// level matters (ordinal sums depend on the base's form); elsewhere it is canonicalised.
    Explicit {
        left: Vec<GameId>,
        right: Vec<GameId>,
    },
    Bool(bool),
    Outcome(Outcome),
    Side(Side),
    Str(String),
    List(Vec<Value>),
    /// Sorted in CGSuite's order, without duplicates.
    Set(Vec<Value>),
    Tuple(Vec<Value>),
    Thermograph(Thermograph),
    /// One wall of a thermograph.
    Trajectory(Trajectory),
    /// A result shown as preformatted text in CGSuite's notation (an uptimal expansion, a
    /// thermograph, a periodicity); `kind` is its `--json` kind.
    Text {
        kind: &'static str,
        text: String,
    },
    Nothing,
}

impl Value {
    /// The `kind` field of `--json` output.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Number(r) if r.is_integer() => "integer",
            Value::Number(_) => "rational",
            Value::Game(_) | Value::Explicit { .. } => "game",
            Value::Bool(_) => "boolean",
            Value::Outcome(_) => "outcome",
            Value::Side(_) => "side",
            Value::Str(_) => "string",
            Value::List(_) | Value::Tuple(_) => "list",
            Value::Set(_) => "set",
            Value::Thermograph(_) => "thermograph",
            Value::Trajectory(_) => "trajectory",
            Value::Text { kind, .. } => kind,
            Value::Nothing => "nothing",
        }
    }
}
