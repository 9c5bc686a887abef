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
            // By the analysis alone: the short engine is what it is checked against.
            let (a, b) = (&stoppers[i].graph, &stoppers[j].graph);
            let by_survival = super::compare::survival_table(&mut e, a, b, Mode::Stopper, false)
                .unwrap()
                .leq(0, 0);
            assert_eq!(by_survival, e.leq(g, h).unwrap());
        }
    }
}

/// A small pseudo-random number generator, so the random-graph tests are reproducible.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % bound as u64) as u32
    }
}

/// A random graph on up to 5 vertices with 0–2 edges per side per vertex.
fn random_graph(rng: &mut Lcg) -> Graph {
    let n = 1 + rng.next(5) as usize;
    let mut g = Graph::default();
    for _ in 0..n {
        g.add_vertex();
    }
    for v in 0..n {
        for _ in 0..rng.next(3) {
            g.left[v].push(rng.next(n as u32));
        }
        for _ in 0..rng.next(3) {
            g.right[v].push(rng.next(n as u32));
        }
    }
    g
}

/// Random stoppers (from vertex 0).
fn random_stoppers(seed: u64, count: usize) -> Vec<Graph> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let g = random_graph(&mut rng);
        if g.is_stopper_from(0) {
            out.push(g);
        }
    }
    out
}

/// Does the player to move from `v` win by brute-force play? (Play ends in a stopper.)
fn wins_moving_first(g: &Graph, v: u32, mover: Mover) -> bool {
    g.targets(v, mover)
        .any(|t| !wins_moving_first(g, t, mover.other()))
}

#[test]
fn outcome_classes_of_random_stoppers_agree_with_brute_force_play() {
    let mut e = Engine::new();
    for g in random_stoppers(7, 300) {
        let left_first = wins_moving_first(&g, 0, Mover::Left);
        let right_first = wins_moving_first(&g, 0, Mover::Right);
        let expected = match (left_first, right_first) {
            (true, false) => crate::engine::Outcome::L,
            (false, true) => crate::engine::Outcome::R,
            (false, false) => crate::engine::Outcome::P,
            (true, true) => crate::engine::Outcome::N,
        };
        let s = e.loopy_canonical(&g, 0).unwrap();
        assert_eq!(e.stopper_outcome(&s).unwrap(), expected, "{g:?}");
    }
}

#[test]
fn simplifying_random_stoppers_changes_no_comparison_and_is_idempotent() {
    let mut e = Engine::new();
    let graphs = random_stoppers(11, 40);
    let canon: Vec<Stopper> = graphs
        .iter()
        .map(|g| e.loopy_canonical(g, 0).unwrap())
        .collect();
    for (i, g) in graphs.iter().enumerate() {
        // Canonicalising a canonical graph gives it back.
        let again = e.loopy_canonical(&canon[i].graph, 0).unwrap();
        assert_eq!(again.graph, canon[i].graph, "{g:?}");
        for (j, h) in graphs.iter().enumerate() {
            let raw = compare::survival(&mut e, g, h, Mode::Stopper)
                .unwrap()
                .leq(0, 0);
            let simplified = e.stopper_leq(&canon[i], &canon[j]).unwrap();
            assert_eq!(raw, simplified, "{g:?} <= {h:?}");
            // Equal values have isomorphic canonical graphs (the same size, and each is
            // equal to the other).
            if raw
                && compare::survival(&mut e, h, g, Mode::Stopper)
                    .unwrap()
                    .leq(0, 0)
            {
                assert_eq!(canon[i].graph.len(), canon[j].graph.len(), "{g:?} = {h:?}");
            }
        }
    }
}

#[test]
fn sums_of_stoppers_with_short_games_are_stoppers_and_monotone() {
    let mut e = Engine::new();
    let graphs = random_stoppers(23, 20);
    let x = crate::engine::testutil::game(&mut e, "{1|-1}");
    let x = Loopy::Stopper(Arc::new(e.short_stopper(x).unwrap()));
    let canon: Vec<Arc<Stopper>> = graphs
        .iter()
        .map(|g| Arc::new(e.loopy_canonical(g, 0).unwrap()))
        .collect();
    let sums: Vec<Arc<Stopper>> = canon
        .iter()
        .map(|s| {
            let r = e.loopy_add(&Loopy::Stopper(s.clone()), &x).unwrap();
            r.as_stopper(&mut e)
                .unwrap()
                .expect("stopper + short game is a stopper")
        })
        .collect();
    for i in 0..canon.len() {
        for j in 0..canon.len() {
            if e.stopper_leq(&canon[i], &canon[j]).unwrap() {
                assert!(e.stopper_leq(&sums[i], &sums[j]).unwrap());
            }
        }
    }
}

/// Deciding the short pairs of a survival table by the short engine changes none of its
/// entries, in every mode: random graphs mix short vertices with loopy ones.
#[test]
fn short_pairs_decided_by_the_short_engine_agree_with_the_analysis() {
    let mut e = Engine::new();
    let mut rng = Lcg(29);
    let graphs: Vec<Graph> = (0..60).map(|_| random_graph(&mut rng)).collect();
    let mut mixed = 0;
    for a in &graphs {
        for b in graphs.iter().take(20) {
            let modes: &[Mode] = if a.is_stopper_from(0) && b.is_stopper_from(0) {
                &[Mode::Stopper, Mode::On, Mode::Off]
            } else {
                &[Mode::On, Mode::Off]
            };
            for &mode in modes {
                let fast = compare::survival_table(&mut e, a, b, mode, true).unwrap();
                let slow = compare::survival_table(&mut e, a, b, mode, false).unwrap();
                for g in 0..a.len() as u32 {
                    for h in 0..b.len() as u32 {
                        assert_eq!(fast.leq(g, h), slow.leq(g, h), "{a:?} {b:?} {mode:?}");
                    }
                }
            }
            let short = |g: &Graph| !g.reaches_cycle(false).iter().all(|&c| c);
            mixed += usize::from(short(a) && short(b));
        }
    }
    // The graphs did have short vertices to decide.
    assert!(mixed >= 100, "{mixed}");
}
