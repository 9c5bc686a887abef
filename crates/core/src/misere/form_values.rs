//! Between literal forms ([`FormId`]) and normal-play canonical games ([`GameId`]): a
//! canonical game's form, and a form's normal-play value. Explicit games (`'{*|*}'`,
//! misere.md §C.7) keep a form for misère play and ordinal sums, and use its value
//! everywhere else.

use super::form::{FormId, with_forms};
use crate::engine::{Engine, EngineResult, GameId};
use rustc_hash::FxHashMap;

/// The literal form of a canonical game: its canonical options, all the way down.
pub fn form_of_game(engine: &mut Engine, g: GameId) -> EngineResult<FormId> {
    form_of_game_in(engine, g, &mut FxHashMap::default())
}

fn form_of_game_in(
    engine: &mut Engine,
    g: GameId,
    memo: &mut FxHashMap<GameId, FormId>,
) -> EngineResult<FormId> {
    crate::engine::grow(|| {
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        let mut left = Vec::new();
        for o in engine.left_options(g)? {
            left.push(form_of_game_in(engine, o, memo)?);
        }
        let mut right = Vec::new();
        for o in engine.right_options(g)? {
            right.push(form_of_game_in(engine, o, memo)?);
        }
        let f = with_forms(|a| a.form(left, right))?;
        memo.insert(g, f);
        Ok(f)
    })
}

/// Normal-play values of forms, remembered across calls on one engine.
#[derive(Default)]
pub struct NormalValues {
    values: FxHashMap<FormId, GameId>,
}

impl NormalValues {
    pub fn new() -> Self {
        Self::default()
    }

    /// The form's normal-play canonical value.
    pub fn value(&mut self, engine: &mut Engine, f: FormId) -> EngineResult<GameId> {
        crate::engine::grow(|| {
            if let Some(&g) = self.values.get(&f) {
                return Ok(g);
            }
            let (left, right) = with_forms(|a| (a.left(f).to_vec(), a.right(f).to_vec()));
            let mut left_values = Vec::with_capacity(left.len());
            for o in left {
                left_values.push(self.value(engine, o)?);
            }
            let mut right_values = Vec::with_capacity(right.len());
            for o in right {
                right_values.push(self.value(engine, o)?);
            }
            let g = engine.game_from_options(&left_values, &right_values)?;
            self.values.insert(f, g);
            Ok(g)
        })
    }

    /// True when the form is exactly its value's canonical form (it prints as that value).
    pub fn is_canonical(&mut self, engine: &mut Engine, f: FormId) -> EngineResult<bool> {
        let g = self.value(engine, f)?;
        Ok(form_of_game(engine, g)? == f)
    }
}

/// The form's normal-play canonical value.
pub fn normal_value(engine: &mut Engine, f: FormId) -> EngineResult<GameId> {
    NormalValues::new().value(engine, f)
}

/// The normal-play value of a formal sum: the sum of its summands' values.
pub fn sum_value(
    engine: &mut Engine,
    forms: impl IntoIterator<Item = FormId>,
) -> EngineResult<GameId> {
    let mut values = NormalValues::new();
    let mut sum = engine.zero();
    for f in forms {
        let g = values.value(engine, f)?;
        sum = engine.add(sum, g)?;
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_and_values_round_trip() {
        let mut engine = Engine::new();
        let (star_star, up_star) = with_forms(|a| {
            (
                a.parse("{*|*}").expect("parses"),
                a.parse("{0,*|0}").expect("parses"),
            )
        });
        let mut values = NormalValues::new();
        let zero = engine.zero();
        assert_eq!(values.value(&mut engine, star_star).unwrap(), zero);
        assert!(!values.is_canonical(&mut engine, star_star).unwrap());
        assert!(values.is_canonical(&mut engine, up_star).unwrap());
        let g = values.value(&mut engine, up_star).unwrap();
        assert_eq!(form_of_game(&mut engine, g).unwrap(), up_star);
    }
}
