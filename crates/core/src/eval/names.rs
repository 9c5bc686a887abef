//! Known names (functions, constants) and "did you mean" suggestions for unknown ones.

use super::reference::{self, Kind};
use super::{EvalError, EvalResult, Evaluator, Side, Value};

/// Global functions, in the snake_case spelling users type: a view of the reference table.
pub fn functions() -> impl Iterator<Item = &'static str> {
    reference::names(Kind::Function)
}

/// Named constants (`Left`, `Right`, `Nothing`, `true`, `false`): a view of the reference
/// table.
pub fn constants() -> impl Iterator<Item = &'static str> {
    reference::names(Kind::Constant)
}

/// The closest candidate to `name` (ignoring case and underscores), if close enough to be a
/// plausible typo or `name` begins it.
pub fn suggestion<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    reference::suggestion(name, candidates)
}

impl Evaluator<'_> {
    pub(super) fn constant(&self, name: &str) -> Option<Value> {
        match name {
            "Left" => Some(Value::Side(Side::Left)),
            "Right" => Some(Value::Side(Side::Right)),
            "Nothing" => Some(Value::Nothing),
            name if OUTCOME_LETTERS.contains(&name) => outcome_class(name),
            "inf" => Some(Value::Infinity { negative: false }),
            "oo" => Some(Value::LoopyNimber(Box::new([]))),
            "Dicot" | "DeadEnding" | "AllGames" => super::explicit::universe_constant(name),
            _ => super::transfinite::constant(name),
        }
    }

    /// CGSuite's `Player.Left` and `OutcomeClass.P`: `None` for any other `root.name`.
    pub(super) fn qualified_constant(&self, root: &str, name: &str) -> Option<EvalResult<Value>> {
        match root {
            "Player" => Some(match name {
                "Left" | "Right" => Ok(self.constant(name)?),
                _ => Err(EvalError::new(format!(
                    "Player has `Left` and `Right`, not `{name}`"
                ))),
            }),
            "OutcomeClass" => Some(outcome_class(name).ok_or_else(|| {
                EvalError::new(format!(
                    "no outcome class `{name}`; they are {}",
                    OUTCOME_CLASSES.join(", ")
                ))
            })),
            _ => None,
        }
    }

    pub(super) fn unknown_name(&self, name: &str) -> EvalError {
        if reference::entry(name, Kind::Function).is_some() {
            return function_without_arguments(name);
        }
        let vars: Vec<String> = self.ctx.globals.borrow().keys().cloned().collect();
        let candidates = vars.iter().map(String::as_str).chain(
            reference::TABLE
                .iter()
                .filter(|e| matches!(e.kind, Kind::Function | Kind::Ruleset | Kind::Constant))
                .map(|e| e.name),
        );
        match suggestion(name, candidates) {
            Some(s) => EvalError::new(format!(
                "That variable is not defined: `{name}`; did you mean `{s}`?"
            )),
            None => EvalError::new(format!("That variable is not defined: `{name}`")),
        }
    }
}

/// The outcome classes, as `.OutcomeClass` names them: CGSuite's `OutcomeClass.P`, ….
pub const OUTCOME_CLASSES: &[&str] = &["L", "R", "P", "N", "D", "NHat", "PHat", "NCheck", "PCheck"];

/// The outcome classes also named by a bare letter (`P`). Short names are common variable
/// names, so a variable of the same name hides them instead of being refused.
pub const OUTCOME_LETTERS: &[&str] = &["L", "R", "P", "N", "D"];

/// Whether a user variable may take the name of this constant (and hide it).
pub fn may_be_shadowed(name: &str) -> bool {
    // `oo` is a common short name too; `oo(…)` stays the literal whatever `oo` is bound to.
    // `omega` may be a user's variable (CGSuite allows it); `ω` always means ω.
    OUTCOME_LETTERS.contains(&name) || name == "oo" || name == "omega"
}

/// The outcome class named `name`, equal to what `.OutcomeClass` answers: a plain value for
/// the four classes of short games, the loopy classes as outcome text.
fn outcome_class(name: &str) -> Option<Value> {
    use crate::engine::Outcome;
    let plain = match name {
        "L" => Outcome::L,
        "R" => Outcome::R,
        "P" => Outcome::P,
        "N" => Outcome::N,
        _ => {
            let loopy = OUTCOME_CLASSES.iter().find(|c| **c == name)?;
            return Some(Value::text("outcome", *loopy));
        }
    };
    Some(Value::Outcome(plain))
}

/// A built-in function named without the arguments it needs (`cool`, `temperature()`): say
/// how to call it, from the reference table, rather than suggesting its own name.
pub fn function_without_arguments(name: &str) -> EvalError {
    let Some(function) = reference::entry(name, Kind::Function) else {
        return EvalError::new(format!(
            "`{name}` is a built-in function: call it with its arguments, `{name}(...)`"
        ));
    };
    match reference::entry(name, Kind::GameMethod) {
        Some(method) => EvalError::new(format!(
            "`{name}` is a function of games: call it as `{}` or `{}`",
            function.signature, method.signature
        )),
        None => EvalError::new(format!(
            "`{name}` is a built-in function: call it with its arguments, `{}`",
            function.signature
        )),
    }
}

impl super::Session {
    /// Everything tab completion may offer after a `.`: every method in the reference table.
    pub fn method_names() -> impl Iterator<Item = &'static str> {
        let mut names: Vec<&'static str> = reference::TABLE
            .iter()
            .filter(|e| e.kind.is_method())
            .map(|e| e.name)
            .collect();
        names.sort_unstable();
        names.dedup();
        names.into_iter()
    }
}

/// CGSuite's type names (`a is Integer`); they cannot be assigned to.
pub const TYPE_NAMES: &[&str] = &[
    "Boolean",
    "CanonicalShortGame",
    "CanonicalStopper",
    "Collection",
    "Coordinates",
    "DyadicRational",
    "Function",
    "Game",
    "ImpartialGame",
    "Integer",
    "List",
    "LoopyGame",
    "Map",
    "MisereCanonicalGame",
    "Nimber",
    "OutcomeClass",
    "Player",
    "Range",
    "Rational",
    "Ruleset",
    "Set",
    "SidedValue",
    "String",
    "Thermograph",
    "Uptimal",
];

pub fn is_type_name(name: &str) -> bool {
    TYPE_NAMES.contains(&name)
}

impl Evaluator<'_> {
    /// `v is T`, or `None` if T names no type. The game types follow CGSuite's classes:
    /// a canonical short game is a `CanonicalStopper` and a `SidedValue`, `*m` (0 included) a
    /// `Nimber`, `x + n·↑ + *m` an `Uptimal`; a ruleset's position is a `Game` but none of
    /// these until its value is taken.
    pub(super) fn is_instance(&mut self, v: &Value, type_name: &str) -> EvalResult<Option<bool>> {
        let dyadic = |r: &num_rational::BigRational| {
            let d = r.denom();
            (d & (d - num_bigint::BigInt::from(1))) == num_bigint::BigInt::from(0)
        };
        let short =
            matches!(v, Value::Game(_)) || matches!(v, Value::Number(r) if dyadic(&r.big()));
        let game = short
            || matches!(
                v,
                Value::Explicit(_) | Value::Position(_) | Value::Misere(_) | Value::Loopy(_)
            );
        let stopper = short
            || matches!(v, Value::Loopy(l) if matches!(**l, crate::engine::loopy::Loopy::Stopper(_)));
        Ok(Some(match type_name {
            "Integer" => matches!(v, Value::Number(r) if r.is_integer()),
            "DyadicRational" => matches!(v, Value::Number(r) if dyadic(&r.big())),
            "Rational" => matches!(v, Value::Number(_)),
            "Game" => game,
            "CanonicalShortGame" => short,
            "CanonicalStopper" => stopper,
            "SidedValue" => short || matches!(v, Value::Loopy(_)),
            "LoopyGame" => matches!(v, Value::Loopy(_)),
            "MisereCanonicalGame" => matches!(v, Value::Misere(_)),
            "LoopyNimber" => matches!(v, Value::LoopyNimber(_)),
            "Nimber" => match v {
                Value::Number(r) => r.is_zero(),
                Value::Game(g) => self.engine.as_nus(*g).is_some_and(|n| n.is_nimber()),
                _ => false,
            },
            "Uptimal" => match v {
                Value::Game(g) => self.engine.is_uptimal(*g)?,
                _ => short,
            },
            "ImpartialGame" => matches!(v, Value::Position(p) if p.is_impartial()),
            "List" => matches!(v, Value::List(_) | Value::Range(_) | Value::Sequence(_)),
            "Range" => matches!(v, Value::Range(_)),
            "Set" => matches!(v, Value::Set(_)),
            "Map" => matches!(v, Value::Map(_)),
            "Collection" => matches!(
                v,
                Value::List(_)
                    | Value::Range(_)
                    | Value::Sequence(_)
                    | Value::Set(_)
                    | Value::Map(_)
            ),
            "String" => matches!(v, Value::Str(_)),
            "Boolean" => matches!(v, Value::Bool(_)),
            "Coordinates" => matches!(v, Value::Tuple(_)),
            "Function" => matches!(v, Value::Function(_)),
            "Player" => matches!(v, Value::Side(_)),
            "OutcomeClass" => super::values::outcome_name(v).is_some(),
            "Ruleset" => matches!(v, Value::Ruleset(_)),
            "Thermograph" => matches!(v, Value::Thermograph(_)),
            _ => return Ok(None),
        }))
    }
}
