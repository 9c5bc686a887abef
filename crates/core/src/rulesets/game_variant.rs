//! CGSuite's variants of a plain game (`(*3).DicoticVariant`, `{1|-1}.TwistedVariant`,
//! `^.ImpartialVariant`; spec `rulesets-grid.md` §5 defines them on every game): the game's
//! canonical form seen as a position whose options are its canonical options (a bare
//! [`FixedValue`]), so that the variants of ruleset positions ([`super::variant`]) apply to
//! it unchanged.

use super::functional::fixed::FixedValue;
use super::variant::{Variant, variant_position};
use crate::engine::{Engine, GameId};
use crate::value::{EvalResult, Value};
use std::rc::Rc;

/// `G.DicoticVariant`, `G.ImpartialVariant`, `G.TwistedVariant` of a canonical game;
/// `None` for other keys.
pub fn game_method(
    game: GameId,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    let variant = match Variant::from_method(key, args)? {
        Ok(variant) => variant,
        Err(e) => return Some(Err(e)),
    };
    Some(
        FixedValue::bare(game, engine)
            .map(|p| Value::Position(variant_position(variant, Rc::new(p)))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value_of(v: Value, e: &mut Engine) -> GameId {
        match v {
            Value::Position(p) => p.value(e).expect("a value"),
            other => panic!("a position, got {other:?}"),
        }
    }

    fn variant(g: GameId, key: &str, e: &mut Engine) -> GameId {
        let v = game_method(g, key, &[], e)
            .expect("a variant")
            .expect("works");
        value_of(v, e)
    }

    /// The definitions of §5, checked on small games against a direct recursion.
    fn dicotic(g: GameId, e: &mut Engine) -> GameId {
        let (l, r) = (e.left_options(g).unwrap(), e.right_options(g).unwrap());
        if l.is_empty() || r.is_empty() {
            return e.zero();
        }
        let l: Vec<GameId> = l.into_iter().map(|x| dicotic(x, e)).collect();
        let r: Vec<GameId> = r.into_iter().map(|x| dicotic(x, e)).collect();
        e.game_from_options(&l, &r).unwrap()
    }

    fn twisted(g: GameId, e: &mut Engine) -> GameId {
        let (l, r) = (e.left_options(g).unwrap(), e.right_options(g).unwrap());
        let side = |opts: Vec<GameId>, e: &mut Engine| -> Vec<GameId> {
            opts.into_iter()
                .map(|x| {
                    let t = twisted(x, e);
                    e.neg(t).unwrap()
                })
                .collect()
        };
        let (l, r) = (side(l, e), side(r, e));
        e.game_from_options(&l, &r).unwrap()
    }

    #[test]
    fn variants_of_games_follow_the_definitions() {
        let mut e = Engine::new();
        let zero = e.zero();
        let one = e.number(crate::engine::Dyadic::from_int(1));
        let star = e.nimber(1);
        let minus_one = e.neg(one).unwrap();
        let switch = e.game_from_options(&[one], &[minus_one]).unwrap();
        let up = e.game_from_options(&[zero], &[star]).unwrap();
        let star3 = e.nimber(3);
        let two = e.number(crate::engine::Dyadic::from_int(2));
        let mixed = e
            .game_from_options(&[switch, up], &[star3, minus_one])
            .unwrap();
        for g in [zero, one, star, switch, up, star3, two, mixed] {
            assert_eq!(variant(g, "dicoticvariant", &mut e), dicotic(g, &mut e));
            assert_eq!(variant(g, "twistedvariant", &mut e), twisted(g, &mut e));
            // The impartial variant is a nimber: either player moves to any option.
            let i = variant(g, "impartialvariant", &mut e);
            assert!(e.as_nus(i).is_some_and(|n| n.is_nimber()));
        }
        // *3 is already impartial and dicotic: its variants (bar the twist) are itself.
        assert_eq!(variant(star3, "dicoticvariant", &mut e), star3);
        assert_eq!(variant(star3, "impartialvariant", &mut e), star3);
        // 1 = {0|}: Right has no move, so d(1) = 0; i(1) = {0|0} = *.
        assert_eq!(variant(one, "dicoticvariant", &mut e), zero);
        assert_eq!(variant(one, "impartialvariant", &mut e), star);
    }
}
