//! Known names (functions, constants) and "did you mean" suggestions for unknown ones.

use super::reference::{self, Kind};
use super::{EvalError, Evaluator, Side, Value};

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
            "inf" => Some(crate::rulesets::board::infinity()),
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
    "Collection",
    "Coordinates",
    "DyadicRational",
    "Function",
    "Game",
    "ImpartialGame",
    "Integer",
    "List",
    "Map",
    "Nimber",
    "Player",
    "Range",
    "Rational",
    "Set",
    "String",
];

pub fn is_type_name(name: &str) -> bool {
    TYPE_NAMES.contains(&name)
}

/// `v is T`, or `None` if T names no type.
pub fn is_instance(v: &Value, type_name: &str) -> Option<bool> {
    let dyadic = |r: &num_rational::BigRational| {
        let d = r.denom();
        (d & (d - num_bigint::BigInt::from(1))) == num_bigint::BigInt::from(0)
    };
    let game = matches!(
        v,
        Value::Game(_) | Value::Explicit(_) | Value::Position(_) | Value::Misere(_)
    ) || matches!(v, Value::Number(r) if dyadic(&r.big()));
    Some(match type_name {
        "Integer" => matches!(v, Value::Number(r) if r.is_integer()),
        "DyadicRational" => matches!(v, Value::Number(r) if dyadic(&r.big())),
        "Rational" => matches!(v, Value::Number(_)),
        "Game" => game,
        "CanonicalShortGame" => {
            matches!(v, Value::Game(_)) || matches!(v, Value::Number(r) if dyadic(&r.big()))
        }
        "Nimber" => matches!(v, Value::Number(r) if r.is_zero()),
        "ImpartialGame" => matches!(v, Value::Position(p) if p.is_impartial()),
        "List" => matches!(v, Value::List(_) | Value::Range(_) | Value::Sequence(_)),
        "Range" => matches!(v, Value::Range(_)),
        "Set" => matches!(v, Value::Set(_)),
        "Map" => matches!(v, Value::Map(_)),
        "Collection" => matches!(
            v,
            Value::List(_) | Value::Range(_) | Value::Sequence(_) | Value::Set(_) | Value::Map(_)
        ),
        "String" => matches!(v, Value::Str(_)),
        "Boolean" => matches!(v, Value::Bool(_)),
        "Coordinates" => matches!(v, Value::Tuple(_)),
        "Function" => matches!(v, Value::Function(_)),
        "Player" => matches!(v, Value::Side(_)),
        _ => return None,
    })
}
