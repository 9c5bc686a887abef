//! Runtime values: exact numbers, canonical games (ids into the engine's arena), booleans,
//! outcome classes, strings, lists and sets.
//!
//! Values sit below the evaluator and beside the rulesets, so that rulesets, misère games and
//! the printer can take and return them without importing the evaluator.

mod error;
mod key;
pub mod picture;
mod rational;
mod sequence;
mod traits;

pub use error::{EvalError, EvalResult};
pub use key::Key;
pub use rational::Rational;
pub use sequence::NimSequence;
pub use traits::{Callable, Position, Ruleset};

use crate::engine::ordinal::{GenOrdinal, Surreal};
use crate::engine::{EngineResult, GameId, Outcome, Thermograph, Trajectory};
use crate::misere::form::{FormId, with_forms};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Left,
    Right,
}

/// A runtime value. Four words: the tag is a whole word (`repr(u64)`), so every payload sits
/// word-aligned after it. With a one-byte tag, the compiler copied values byte-shifted, and
/// an interpreter copies values at every step: a user-defined ruleset ran 40% slower.
#[derive(Debug)]
#[repr(u64)]
pub enum Value {
    /// An exact rational number. Dyadic ones are also games; they become [`Value::Game`]
    /// only when combined with games.
    Number(Rational),
    /// A canonical short game.
    Game(GameId),
    /// A game kept in the form typed (`'{*|*}'`), or a formal sum of such games
    /// (`'{1|*}' + '{0|-1}'`): misère play and ordinal sums read the form; normal-play
    /// operations use its canonical value (misere.md §C.7).
    Explicit(Box<Explicit>),
    Bool(bool),
    Outcome(Outcome),
    Side(Side),
    Str(String),
    List(Vec<Value>),
    /// `a..b..step`: an integer range, a list that prints as written.
    Range(Box<IntRange>),
    /// A sequence of nim values (`nim_values(kayles, 100)`), stored compactly: a list of
    /// integers that prints, indexes and compares as one, at 2 or 4 bytes per element.
    Sequence(Rc<NimSequence>),
    /// Sorted in CGSuite's order, without duplicates.
    Set(Vec<Value>),
    /// `{k => v}`: entries sorted by key in CGSuite's order, keys distinct.
    Map(Vec<(Value, Value)>),
    /// One entry of a map (`k => v`), as a loop over a map yields them.
    Entry(Box<(Value, Value)>),
    Tuple(Vec<Value>),
    /// A function value (`x -> x + 1`).
    Function(Rc<dyn Callable>),
    /// Boxed: a thermograph is large, and every other value would pay for its size.
    Thermograph(Box<Thermograph>),
    /// One wall of a thermograph.
    Trajectory(Box<Trajectory>),
    /// A ruleset (`kayles`, `subtraction(1,3,4)`).
    Ruleset(Rc<dyn Ruleset>),
    /// A position of a ruleset (`kayles[5]`): a game that remembers its form.
    Position(Rc<dyn Position>),
    /// A loopy game that is not short: a canonical stopper or a sided value.
    Loopy(Rc<crate::engine::loopy::Loopy>),
    /// A misère canonical impartial game, CGSuite's `*[...]` (an id in the misère arena).
    Misere(crate::misere::MisereId),
    /// The misère quotient of a heap ruleset's sums (`kayles.MisereQuotient(12)`).
    MisereQuotient(Rc<crate::misere::quotient::QuotientValue>),
    /// An infinite loopy nim value ∞(K) of impartial play with draws (draws.md §1.3): K, the
    /// finite values of the options, sorted and distinct. Finite loopy nim values are integers.
    LoopyNimber(Box<[u32]>),
    /// A surreal number that is not rational (transfinite.md §1.1): an infinite generalized
    /// ordinal (`ω-3`) or a quotient of them (`1/ω`). Rationals are always [`Value::Number`].
    Surreal(Rc<Surreal>),
    /// `inf` or `-inf` (transfinite.md §1.4): CGSuite's 1/0 and −1/0, with the fraction
    /// formulas for arithmetic. As a parameter, `inf` means "no limit".
    Infinity {
        negative: bool,
    },
    /// A transfinite nimber `*α` with α an infinite ordinal; finite ones are short nimbers.
    TransfiniteNimber(Rc<GenOrdinal>),
    /// A result shown as preformatted text in CGSuite's notation (an uptimal expansion, a
    /// thermograph, a periodicity).
    Text(Box<Preformatted>),
    Nothing,
}

/// An explicit game: a formal sum of literal forms, one summand for `'{…}'`. Boxed in
/// [`Value`], like every large variant: values are copied all the time, and each copy pays
/// for the largest variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explicit {
    pub parts: Vec<Summand>,
}

/// One summand of an explicit game: a literal form, and whether it was typed quoted (it
/// prints `'{…}'`) or is a canonical value added to it (it prints as that value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summand {
    pub form: FormId,
    pub quoted: bool,
}

impl Explicit {
    /// The explicit game `'{…}'` with this form.
    pub fn quoted(form: FormId) -> Explicit {
        Explicit {
            parts: vec![Summand { form, quoted: true }],
        }
    }

    /// The whole game's form: the formal sum of the summands.
    pub fn form(&self) -> EngineResult<FormId> {
        with_forms(|a| {
            let mut sum = FormId::ZERO;
            for part in &self.parts {
                sum = a.add(sum, part.form)?;
            }
            Ok(sum)
        })
    }

    /// Left and Right swapped everywhere (the negative of an explicit game).
    pub fn conjugate(&self) -> EngineResult<Explicit> {
        let mut parts = Vec::with_capacity(self.parts.len());
        for part in &self.parts {
            parts.push(Summand {
                form: with_forms(|a| a.conjugate(part.form))?,
                quoted: part.quoted,
            });
        }
        Ok(Explicit { parts })
    }
}

/// Text in CGSuite's notation; `kind` is its `--json` kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preformatted {
    pub kind: &'static str,
    pub text: String,
    /// A table's cells as printed, row by row, kept for what reads its numbers
    /// (`T.IntensityPlot`); `None` for other text.
    pub cells: Option<Vec<Vec<String>>>,
}

/// An integer range `start..end..step` (step ≠ 0): the integers from `start` towards `end`,
/// `end` included when the step reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntRange {
    pub start: BigInt,
    pub end: BigInt,
    pub step: BigInt,
}

impl IntRange {
    /// How many integers the range holds.
    pub fn len(&self) -> BigInt {
        let span = &self.end - &self.start;
        if span.is_zero() {
            return BigInt::from(1);
        }
        if span.is_negative() != self.step.is_negative() {
            return BigInt::zero();
        }
        span / &self.step + 1
    }

    pub fn is_empty(&self) -> bool {
        self.len().is_zero()
    }

    /// The integers of the range in order, if there are at most `limit` of them.
    pub fn integers(&self, limit: u64) -> Option<Vec<BigInt>> {
        let count = self.len().to_u64().filter(|&n| n <= limit)?;
        let mut out = Vec::with_capacity(count as usize);
        let mut x = self.start.clone();
        for _ in 0..count {
            out.push(x.clone());
            x += &self.step;
        }
        Some(out)
    }
}

impl Value {
    /// A surreal number in its most specific class: a rational is a [`Value::Number`].
    pub fn surreal(x: Surreal) -> Value {
        match x.as_rational() {
            Some((p, q)) => Value::Number(Rational::from(num_rational::BigRational::new(p, q))),
            None => Value::Surreal(Rc::new(x)),
        }
    }

    /// `*α` for an infinite ordinal α (the caller checks that α is an ordinal); `None` when α
    /// is finite, since a finite nimber is a short game, which only the engine builds.
    pub fn transfinite_nimber(alpha: GenOrdinal) -> Option<Value> {
        (!alpha.is_integer()).then(|| Value::TransfiniteNimber(Rc::new(alpha)))
    }

    /// A sequence of nim values, stored compactly.
    pub fn sequence(values: &[u32]) -> Value {
        Value::Sequence(Rc::new(NimSequence::new(values)))
    }

    /// An integer value.
    pub fn integer(n: impl Into<BigInt>) -> Value {
        Value::Number(Rational::from(n.into()))
    }

    /// Preformatted text of the given `--json` kind.
    pub fn text(kind: &'static str, text: impl Into<String>) -> Value {
        Value::Text(Box::new(Preformatted {
            kind,
            text: text.into(),
            cells: None,
        }))
    }

    /// A table (kind `table`): its printed `text`, and its cells as printed, row by row.
    pub fn table(text: String, cells: Vec<Vec<String>>) -> Value {
        Value::Text(Box::new(Preformatted {
            kind: "table",
            text,
            cells: Some(cells),
        }))
    }

    /// An outcome class: the four of short games as themselves, the classes with draws as
    /// outcome text, as the constants `D`, `NHat`, … are.
    pub fn loopy_outcome(o: crate::engine::loopy::LoopyOutcome) -> Value {
        match o {
            crate::engine::loopy::LoopyOutcome::Plain(o) => Value::Outcome(o),
            other => Value::text("outcome", other.name()),
        }
    }

    /// The `kind` field of `--json` output.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Number(r) if r.is_integer() => "integer",
            Value::Number(_) => "rational",
            Value::Game(_) | Value::Explicit(_) => "game",
            Value::Bool(_) => "boolean",
            Value::Outcome(_) => "outcome",
            Value::Side(_) => "side",
            Value::Str(_) => "string",
            // A nim sequence is a list to every consumer of `--json`.
            Value::List(_) | Value::Sequence(_) => "list",
            Value::Tuple(_) => "tuple",
            Value::Range(_) => "range",
            Value::Set(_) => "set",
            Value::Map(_) => "map",
            Value::Entry(_) => "map_entry",
            Value::Function(_) => "function",
            Value::Thermograph(_) => "thermograph",
            Value::Trajectory(_) => "trajectory",
            Value::Ruleset(_) => "ruleset",
            Value::Position(_) => "game",
            Value::Misere(_) => "misere_game",
            Value::MisereQuotient(_) => "misere_quotient",
            Value::LoopyNimber(_) => "loopy_nimber",
            Value::Surreal(s) if s.as_ordinal().is_some() => "generalized_ordinal",
            Value::Surreal(_) => "surreal",
            Value::TransfiniteNimber(_) => "transfinite_nimber",
            Value::Infinity { .. } => "infinity",
            Value::Loopy(l) => match **l {
                crate::engine::loopy::Loopy::Stopper(_) => "loopy_game",
                _ => "sided_value",
            },
            Value::Text(t) => t.kind,
            Value::Nothing => "nothing",
        }
    }
}

/// The name of a value's type, for messages ("expected a game, found a boolean").
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Number(r) if r.is_integer() => "an integer",
        Value::Number(_) => "a rational number",
        Value::Game(_) => "a game",
        Value::Explicit(_) => "a game",
        Value::Bool(_) => "a boolean",
        Value::Outcome(_) => "an outcome class",
        Value::Side(_) => "a side (Left/Right)",
        Value::Str(_) => "a string",
        Value::List(_) | Value::Sequence(_) => "a list",
        Value::Range(_) => "a range",
        Value::Set(_) => "a set",
        Value::Map(_) => "a map",
        Value::Entry(_) => "a map entry",
        Value::Function(_) => "a function",
        Value::Tuple(_) => "a tuple",
        Value::Thermograph(_) => "a thermograph",
        Value::Trajectory(_) => "a trajectory",
        Value::Ruleset(_) => "a ruleset",
        Value::Position(_) => "a game",
        Value::Misere(_) => "a misère game",
        Value::MisereQuotient(_) => "a misère quotient",
        Value::LoopyNimber(_) => "a loopy nim value",
        Value::Surreal(s) if s.as_ordinal().is_some() => "a generalized ordinal",
        Value::Surreal(_) => "a surreal number",
        Value::TransfiniteNimber(_) => "a transfinite nimber",
        Value::Infinity { .. } => "infinity",
        Value::Loopy(l) => match **l {
            crate::engine::loopy::Loopy::Stopper(_) => "a loopy game",
            _ => "a sided value (onside & offside)",
        },
        Value::Text(t) if t.kind == "outcome" => "an outcome class",
        Value::Text(_) => "a text value",
        Value::Nothing => "Nothing",
    }
}

impl Clone for Value {
    /// Small integers — most values a program copies — are rebuilt in place: the general
    /// copy is too big to inline, and reading its result back costs a pipeline stall on every
    /// variable read.
    #[inline]
    fn clone(&self) -> Self {
        if let Value::Number(r) = self
            && let Some(n) = r.small()
        {
            return Value::Number(n.into());
        }
        self.clone_any()
    }
}

impl Value {
    fn clone_any(&self) -> Value {
        match self {
            Value::Number(r) => Value::Number(r.clone()),
            Value::Game(g) => Value::Game(*g),
            Value::Explicit(form) => Value::Explicit(form.clone()),
            Value::Bool(b) => Value::Bool(*b),
            Value::Outcome(o) => Value::Outcome(*o),
            Value::Side(s) => Value::Side(*s),
            Value::Str(s) => Value::Str(s.clone()),
            Value::List(items) => Value::List(items.clone()),
            Value::Range(r) => Value::Range(r.clone()),
            Value::Sequence(s) => Value::Sequence(s.clone()),
            Value::Set(items) => Value::Set(items.clone()),
            Value::Map(entries) => Value::Map(entries.clone()),
            Value::Entry(e) => Value::Entry(e.clone()),
            Value::Tuple(items) => Value::Tuple(items.clone()),
            Value::Function(f) => Value::Function(f.clone()),
            Value::Thermograph(t) => Value::Thermograph(t.clone()),
            Value::Trajectory(t) => Value::Trajectory(t.clone()),
            Value::Ruleset(r) => Value::Ruleset(r.clone()),
            Value::Position(p) => Value::Position(p.clone()),
            Value::Misere(m) => Value::Misere(*m),
            Value::MisereQuotient(q) => Value::MisereQuotient(q.clone()),
            Value::LoopyNimber(k) => Value::LoopyNimber(k.clone()),
            Value::Surreal(x) => Value::Surreal(x.clone()),
            Value::TransfiniteNimber(a) => Value::TransfiniteNimber(a.clone()),
            Value::Infinity { negative } => Value::Infinity {
                negative: *negative,
            },
            Value::Loopy(l) => Value::Loopy(l.clone()),
            Value::Text(t) => Value::Text(t.clone()),
            Value::Nothing => Value::Nothing,
        }
    }
}

impl PartialEq for Value {
    /// Structural equality; rulesets and positions compare by how they print.
    fn eq(&self, other: &Self) -> bool {
        use Value::*;
        match (self, other) {
            (Number(a), Number(b)) => a == b,
            (Game(a), Game(b)) => a == b,
            (Explicit(a), Explicit(b)) => a == b,
            (Bool(a), Bool(b)) => a == b,
            (Outcome(a), Outcome(b)) => a == b,
            (Side(a), Side(b)) => a == b,
            (Str(a), Str(b)) => a == b,
            (List(a), List(b)) | (Set(a), Set(b)) | (Tuple(a), Tuple(b)) => a == b,
            (Range(a), Range(b)) => a == b,
            (Sequence(a), Sequence(b)) => a == b,
            // A nim sequence is the list of its integers.
            (Sequence(s), List(items)) | (List(items), Sequence(s)) => {
                s.len() == items.len()
                    && s.iter()
                        .zip(items)
                        .all(|(v, x)| matches!(x, Number(r) if r.small() == Some(i64::from(v))))
            }
            (Map(a), Map(b)) => a == b,
            (Entry(a), Entry(b)) => a == b,
            (Function(a), Function(b)) => Rc::ptr_eq(a, b),
            (Thermograph(a), Thermograph(b)) => a == b,
            (Trajectory(a), Trajectory(b)) => a == b,
            (Ruleset(a), Ruleset(b)) => a.name() == b.name(),
            (Position(a), Position(b)) => a.describe() == b.describe(),
            (Misere(a), Misere(b)) => a == b,
            (MisereQuotient(a), MisereQuotient(b)) => a.expression == b.expression,
            (LoopyNimber(a), LoopyNimber(b)) => a == b,
            (Surreal(a), Surreal(b)) => a == b,
            (TransfiniteNimber(a), TransfiniteNimber(b)) => a == b,
            (Infinity { negative: a }, Infinity { negative: b }) => a == b,
            (Loopy(a), Loopy(b)) => crate::engine::loopy::same_form(a, b),
            (Text(a), Text(b)) => a == b,
            (Nothing, Nothing) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod size_tests {
    use super::{EvalResult, Value};
    use std::mem::size_of;

    /// Values and results are copied at every step of evaluation: a variant that grows past
    /// a pointer and two words belongs in a box.
    #[test]
    fn values_and_results_stay_four_words() {
        assert_eq!(size_of::<Value>(), 32);
        assert_eq!(size_of::<EvalResult<Value>>(), 32);
    }
}
