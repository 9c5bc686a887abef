//! Laws of the loopy engine on small games built by hand.

use super::graph::Graph;
use super::*;

fn on() -> Graph {
    Graph {
        left: vec![vec![0]],
        right: vec![vec![]],
    }
}

/// over = {0 | pass}
fn over(engine: &mut Engine) -> Graph {
    let mut g = Graph::default();
    let root = g.add_vertex();
    let zero = g
        .hang_short(engine, Engine::ZERO, &mut Default::default())
        .unwrap();
    g.left[root as usize].push(zero);
    g.right[root as usize].push(root);
    g
}

fn stopper(engine: &mut Engine, g: &Graph) -> Stopper {
    engine.loopy_canonical(g, 0).unwrap()
}

#[test]
fn pseudonumbers_are_recognised() {
    let mut e = Engine::new();
    assert_eq!(stopper(&mut e, &on()).kind, StopperKind::On);
    assert_eq!(stopper(&mut e, &on().negative()).kind, StopperKind::Off);
    let o = over(&mut e);
    assert_eq!(stopper(&mut e, &o).kind, StopperKind::Over(Dyadic::ZERO));
    assert_eq!(
        stopper(&mut e, &o.negative()).kind,
        StopperKind::Under(Dyadic::ZERO)
    );
}

#[test]
fn zero_is_below_over_and_over_below_every_positive_number() {
    let mut e = Engine::new();
    let o = over(&mut e);
    let over = stopper(&mut e, &o);
    let zero = e.short_stopper(Engine::ZERO).unwrap();
    let one = e.nus(crate::engine::Nus::number(Dyadic::from_int(1)));
    let half = e.game_from_options(&[Engine::ZERO], &[one]).unwrap();
    let half = e.short_stopper(half).unwrap();
    assert!(e.stopper_leq(&zero, &over).unwrap());
    assert!(!e.stopper_leq(&over, &zero).unwrap());
    assert!(e.stopper_leq(&over, &half).unwrap());
    assert!(!e.stopper_leq(&half, &over).unwrap());
}

#[test]
fn on_plus_off_is_dud_with_sides_on_and_off() {
    let mut e = Engine::new();
    let on_s = Arc::new(stopper(&mut e, &on()));
    let off_s = Arc::new(stopper(&mut e, &on().negative()));
    let sum = e
        .loopy_add(
            &Loopy::Stopper(on_s.clone()),
            &Loopy::Stopper(off_s.clone()),
        )
        .unwrap();
    let LoopyResult::Loopy(Loopy::Sided(s, t)) = sum else {
        panic!("on + off should be a sided value");
    };
    assert_eq!(s.kind, StopperKind::On);
    assert_eq!(t.kind, StopperKind::Off);
}

#[test]
fn a_two_cycle_sidles_into_one_and_zero() {
    // a{{|a}|}: onside 1, offside 0.
    let mut e = Engine::new();
    let g = Graph {
        left: vec![vec![1], vec![]],
        right: vec![vec![], vec![0]],
    };
    let LoopyResult::Loopy(Loopy::Sided(s, t)) = e.loopy_value(&g, 0).unwrap() else {
        panic!("a{{{{|a}}|}} should be sided");
    };
    let one = e.nus(crate::engine::Nus::number(Dyadic::from_int(1)));
    assert_eq!(s.kind, StopperKind::Short(one));
    assert_eq!(t.kind, StopperKind::Short(Engine::ZERO));
}

#[test]
fn the_loopy_engine_agrees_with_the_short_engine_on_short_games() {
    let mut e = Engine::new();
    let games: Vec<GameId> = crate::engine::testutil::SAMPLE_GAMES
        .iter()
        .map(|t| crate::engine::testutil::game(&mut e, t))
        .collect();
    let stoppers: Vec<Stopper> = games.iter().map(|&g| e.short_stopper(g).unwrap()).collect();
    for (i, &g) in games.iter().enumerate() {
        // Canonicalising the embedded graph gives the same short game back.
        let c = e.loopy_canonical(&stoppers[i].graph, 0).unwrap();
        assert_eq!(c.kind, StopperKind::Short(g));
        for (j, &h) in games.iter().enumerate() {
            let by_survival =
                super::compare::survival(&e, &stoppers[i].graph, &stoppers[j].graph, Mode::Stopper)
                    .unwrap()
                    .leq(0, 0);
            assert_eq!(by_survival, e.leq(g, h).unwrap());
        }
    }
}
