//! Known names (functions, constants) and "did you mean" suggestions for unknown ones.

use super::methods::{GAME_METHODS, NUMBER_METHODS, method_key};
use super::{EvalError, Session, Side, Value};

/// Global functions, in the snake_case spelling users type.
pub const FUNCTIONS: &[&str] = &[
    "abs",
    "allbut",
    "atomic_weight",
    "bash",
    "birthday",
    "canonical_form",
    "ceiling",
    "clobber",
    "companion",
    "conjunctive_sum",
    "conway_product",
    "cool",
    "cutcake",
    "domineering",
    "every_sg",
    "floor",
    "follower_count",
    "followers",
    "freeze",
    "gcd",
    "hackenbush",
    "heat",
    "hexadecimal",
    "incentives",
    "left_incentives",
    "left_options",
    "left_stop",
    "maundy_cake",
    "mean",
    "mex",
    "miny",
    "misere",
    "misere_nim",
    "misere_outcome_class",
    "moore_nim",
    "nim_div",
    "nim_inverse",
    "nim_pow",
    "nim_product",
    "nim_sum",
    "nim_values",
    "norton_product",
    "octal",
    "options",
    "ordinal_product",
    "ordinal_sum",
    "outcome_class",
    "overheat",
    "period",
    "pow",
    "pow_to",
    "reduced_canonical_form",
    "right_incentives",
    "right_options",
    "right_stop",
    "selective_sum",
    "staircase_nim",
    "stop_count",
    "subordinate",
    "subtraction",
    "take_and_break",
    "temperature",
    "thermograph",
    "thermograph_svg",
    "tiny",
    "toads_frogs",
    "uptimal_expansion",
    "wythoff",
    "wythoff_p",
];

pub const CONSTANTS: &[&str] = &["Left", "Right", "Nothing", "true", "false"];

/// The closest candidate to `name` (ignoring case and underscores), if close enough to be a
/// plausible typo.
pub fn suggestion<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let key = method_key(name);
    let limit = (key.chars().count() / 3).max(1) + 1;
    candidates
        .map(|c| (strsim::levenshtein(&key, &method_key(c)), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, c)| (d, c.len()))
        .map(|(_, c)| c)
}

impl Session {
    pub(super) fn constant(&self, name: &str) -> Option<Value> {
        match name {
            "Left" => Some(Value::Side(Side::Left)),
            "Right" => Some(Value::Side(Side::Right)),
            "Nothing" => Some(Value::Nothing),
            _ => None,
        }
    }

    pub(super) fn unknown_name(&self, name: &str) -> EvalError {
        let vars: Vec<String> = self.env.globals().map(|(n, _)| n.clone()).collect();
        let funs: Vec<String> = self.env.function_names().cloned().collect();
        let candidates = vars
            .iter()
            .chain(funs.iter())
            .map(String::as_str)
            .chain(FUNCTIONS.iter().copied())
            .chain(CONSTANTS.iter().copied());
        match suggestion(name, candidates) {
            Some(s) => EvalError::new(format!("unknown name `{name}`; did you mean `{s}`?")),
            None => EvalError::new(format!("unknown name `{name}`")),
        }
    }

    /// Everything tab completion may offer after a `.`.
    pub fn method_names() -> impl Iterator<Item = &'static str> {
        GAME_METHODS.iter().chain(NUMBER_METHODS.iter()).copied()
    }
}
