//! The short summary shown under a game result: outcome class (in words), stops, birthday,
//! mean, temperature and atomic weight.

use super::Printer;
use crate::engine::{Engine, EngineResult, GameId};

/// The properties shown under a game result in text mode and carried in `--json` objects.
/// Fields that do not apply are `None` (JSON `null`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// `L`, `R`, `P` or `N`.
    pub outcome: String,
    /// The outcome in words ("Left wins", "second player wins", ...).
    pub outcome_meaning: String,
    pub left_stop: String,
    pub right_stop: String,
    pub birthday: String,
    pub mean: Option<String>,
    pub temperature: Option<String>,
    pub atomic_weight: Option<String>,
    /// For positions of rulesets: how the position was built (`kayles[5]`).
    pub position: Option<String>,
    /// For loopy stoppers: the degree of loopiness (`G Upsum -G`).
    pub degree: Option<String>,
    /// For positions whose play may never end: their loopy nim value, `∞(K)`.
    pub loopy_nim_value: Option<String>,
    /// Set for an infinite surreal number or a transfinite nimber (transfinite.md §5.2): no
    /// stops, mean, temperature or atomic weight apply; `birthday` is empty where undefined.
    pub transfinite: Option<TransfiniteFacts>,
    /// Set for a misère quotient (misere.md §B.2): none of a game's figures apply.
    pub quotient: Option<QuotientFacts>,
    /// For an explicit game: the misère outcome of its literal form (`L`, `R`, `P`, `N`),
    /// which may differ from its value's (misere.md §C.7).
    pub misere_outcome: Option<String>,
}

/// What the `--json` object of a misère quotient carries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QuotientFacts {
    pub order: usize,
    pub p_portion_size: usize,
    /// In MisereSolver's ASCII form.
    pub presentation: String,
    pub p_portion: Vec<String>,
    /// Φ(0), …, Φ(n) as normal words.
    pub phi: Vec<String>,
    pub tame: bool,
    pub heaps: usize,
    /// (period, preperiod) for a solution.
    pub periodicity: Option<(usize, usize)>,
}

/// What the summary of an infinite value adds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TransfiniteFacts {
    /// For a generalized ordinal: whether it is an ordinal.
    pub is_ordinal: Option<bool>,
    /// For a transfinite nimber *α: α.
    pub nim_value: Option<String>,
}

#[cfg(test)]
impl Summary {
    /// The summary of `{2||1|0}`, for the tests of the `--json` objects.
    pub(crate) fn example() -> Summary {
        Summary {
            outcome: "L".into(),
            outcome_meaning: "Left wins".into(),
            left_stop: "2".into(),
            right_stop: "1".into(),
            birthday: "3".into(),
            mean: Some("5/4".into()),
            temperature: Some("3/4".into()),
            atomic_weight: None,
            position: None,
            degree: None,
            loopy_nim_value: None,
            transfinite: None,
            quotient: None,
            misere_outcome: None,
        }
    }
}

/// The summary of a game.
pub fn summarize(engine: &mut Engine, printer: &mut Printer, g: GameId) -> EngineResult<Summary> {
    let outcome = engine.outcome(g)?;
    Ok(Summary {
        outcome: outcome.letter().to_string(),
        outcome_meaning: outcome.meaning().to_string(),
        left_stop: engine.left_stop(g).to_string(),
        right_stop: engine.right_stop(g).to_string(),
        birthday: engine.birthday(g)?.to_string(),
        mean: Some(engine.mean(g)?.to_string()),
        temperature: Some(engine.temperature(g)?.to_string()),
        atomic_weight: match engine.atomic_weight(g)? {
            Some(w) => Some(printer.render_game(engine, w)?),
            None => None,
        },
        position: None,
        degree: None,
        loopy_nim_value: None,
        transfinite: None,
        quotient: None,
        misere_outcome: None,
    })
}
