//! The loopy search against brute force: on graphs without cycles it agrees with the short
//! engine; on graphs with cycles the value's outcome class agrees with playing the graph out
//! (retrograde analysis, draws included); cutting the search into levels by `DepthHint`
//! changes no value; and the search stops on an interrupt or at the memory ceiling.

use super::*;
use crate::engine::loopy::{LoopyOutcome, LoopyResult};
use crate::engine::{Engine, EngineError, Outcome};
use crate::rulesets::Args;
use crate::rulesets::board::GenToadsAndFrogs;
use crate::rulesets::brute::{self, Rng};
use rustc_hash::FxHashMap;
use std::sync::atomic::Ordering;

/// A game given by an explicit graph: positions are vertices.
#[derive(Debug)]
struct TestGraph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    hint: Vec<u64>,
    use_hints: bool,
}

#[derive(Clone, Debug)]
struct Node {
    graph: Rc<TestGraph>,
    v: u32,
}

impl LoopyRules for Node {
    type Key = u32;

    fn key(&self) -> u32 {
        self.v
    }

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let edges = if left {
            &self.graph.left
        } else {
            &self.graph.right
        };
        for &t in &edges[self.v as usize] {
            out.push(Node {
                graph: self.graph.clone(),
                v: t,
            });
        }
    }

    fn depth_hint(&self) -> u64 {
        if self.graph.use_hints {
            self.graph.hint[self.v as usize]
        } else {
            0
        }
    }

    fn describe(&self) -> String {
        format!("v{}", self.v)
    }
}

/// A random graph of `n` vertices; `acyclic` keeps edges going to higher vertices. Hints are
/// random levels that no edge raises.
fn random_graph(rng: &mut Rng, n: u32, acyclic: bool) -> TestGraph {
    let hint: Vec<u64> = (0..n).map(|_| rng.below(3)).collect();
    let mut edges = |v: u32| -> Vec<u32> {
        let count = rng.below(3);
        (0..count)
            .filter_map(|_| {
                let t = rng.below(u64::from(n)) as u32;
                let ok = hint[t as usize] <= hint[v as usize] && (!acyclic || t > v);
                ok.then_some(t)
            })
            .collect()
    };
    let left = (0..n).map(&mut edges).collect();
    let right = (0..n).map(&mut edges).collect();
    TestGraph {
        left,
        right,
        hint,
        use_hints: true,
    }
}

fn node(graph: &Rc<TestGraph>, v: u32) -> Node {
    Node {
        graph: graph.clone(),
        v,
    }
}

/// The short value of vertex `v` of an acyclic graph, options first.
fn short_value(g: &TestGraph, v: u32, e: &mut Engine, memo: &mut FxHashMap<u32, GameId>) -> GameId {
    if let Some(&x) = memo.get(&v) {
        return x;
    }
    let l: Vec<GameId> = g.left[v as usize]
        .iter()
        .map(|&t| short_value(g, t, e, memo))
        .collect();
    let r: Vec<GameId> = g.right[v as usize]
        .iter()
        .map(|&t| short_value(g, t, e, memo))
        .collect();
    let x = e.game_from_options(&l, &r).unwrap();
    memo.insert(v, x);
    x
}

fn forced(root: &Node, e: &mut Engine) -> Solved {
    let mut search = Search::new();
    search.force_loopy = true;
    search.solve(root, e).unwrap()
}

#[test]
fn without_cycles_the_loopy_engine_gives_the_short_value() {
    let mut rng = Rng(0x5eed_1234);
    let mut e = Engine::new();
    for _ in 0..150 {
        let g = Rc::new(random_graph(&mut rng, 8, true));
        let expected = short_value(&g, 0, &mut e, &mut FxHashMap::default());
        let solved = forced(&node(&g, 0), &mut e);
        assert!(!solved.cyclic);
        match solved.value {
            LoopyResult::Short(x) => assert_eq!(x, expected, "{g:?}"),
            LoopyResult::Loopy(l) => panic!("{g:?} gave a loopy value {l:?}"),
        }
        // And the short shortcut agrees.
        let plain = Search::new().solve(&node(&g, 0), &mut e).unwrap();
        assert!(matches!(plain.value, LoopyResult::Short(x) if x == expected));
    }
}

#[test]
fn toads_and_frogs_through_the_loopy_engine_agree_with_the_short_solver() {
    let mut rng = Rng(77);
    let mut e = Engine::new();
    let mut memo = FxHashMap::default();
    for _ in 0..40 {
        let len = 3 + rng.below(4) as usize;
        let text = rng.string(".tf", len);
        let params = Args {
            positional: Vec::new(),
            named: vec![("maxJump".into(), Value::integer(1 + rng.below(2) as i64))],
        };
        let game = GenToadsAndFrogs::new("GenToadsAndFrogs", &params, &text).unwrap();
        let expected = brute::partizan_value(&game, &mut e, &mut memo);
        let mut search = Search::new();
        search.force_loopy = true;
        let solved = search.solve(&game, &mut e).unwrap();
        assert!(!solved.cyclic, "{text}");
        assert!(
            matches!(solved.value, LoopyResult::Short(x) if x == expected),
            "{text}: {:?}",
            solved.value
        );
    }
}

/// Who wins from each (vertex, mover) when both play perfectly: `Some(true)` Left,
/// `Some(false)` Right, `None` a draw (play goes on forever). Retrograde analysis.
fn play_out(g: &TestGraph) -> [Vec<Option<bool>>; 2] {
    let n = g.left.len();
    // result[0][v]: Left to move; result[1][v]: Right to move.
    let mut result: [Vec<Option<bool>>; 2] = [vec![None; n], vec![None; n]];
    loop {
        let mut changed = false;
        for v in 0..n {
            for (k, left) in [(0, true), (1, false)] {
                if result[k][v].is_some() {
                    continue;
                }
                let targets = if left { &g.left[v] } else { &g.right[v] };
                let next = &result[1 - k];
                let mover_wins = targets.iter().any(|&t| next[t as usize] == Some(left));
                let mover_loses = targets.iter().all(|&t| next[t as usize] == Some(!left));
                if mover_wins {
                    result[k][v] = Some(left);
                    changed = true;
                } else if mover_loses {
                    result[k][v] = Some(!left);
                    changed = true;
                }
            }
        }
        if !changed {
            return result;
        }
    }
}

/// Who wins with Left moving first and with Right moving first, as an outcome class says.
fn results_of(o: LoopyOutcome) -> (Option<bool>, Option<bool>) {
    let (l, r, d) = (Some(true), Some(false), None);
    match o {
        LoopyOutcome::Plain(Outcome::L) => (l, l),
        LoopyOutcome::Plain(Outcome::R) => (r, r),
        LoopyOutcome::Plain(Outcome::N) => (l, r),
        LoopyOutcome::Plain(Outcome::P) => (r, l),
        LoopyOutcome::NHat => (l, d),
        LoopyOutcome::PHat => (d, l),
        LoopyOutcome::NCheck => (d, r),
        LoopyOutcome::PCheck => (r, d),
        LoopyOutcome::D => (d, d),
    }
}

fn outcome_of(value: &LoopyResult, e: &mut Engine) -> LoopyOutcome {
    match value {
        LoopyResult::Short(g) => LoopyOutcome::Plain(e.outcome(*g).unwrap()),
        LoopyResult::Loopy(l) => e.loopy_outcome(l).unwrap(),
    }
}

#[test]
fn on_looping_graphs_the_outcome_class_agrees_with_play() {
    let mut rng = Rng(0xC0FFEE);
    let mut e = Engine::new();
    let mut loopy = 0;
    for _ in 0..200 {
        let g = Rc::new(random_graph(&mut rng, 6, false));
        let played = play_out(&g);
        let solved = Search::new().solve(&node(&g, 0), &mut e).unwrap();
        if matches!(solved.value, LoopyResult::Loopy(_)) {
            loopy += 1;
        }
        let outcome = outcome_of(&solved.value, &mut e);
        assert_eq!(
            results_of(outcome),
            (played[0][0], played[1][0]),
            "{g:?}: {outcome:?}"
        );
    }
    assert!(
        loopy > 20,
        "too few loopy values ({loopy}) to test anything"
    );
}

fn as_loopy(value: &LoopyResult, e: &mut Engine) -> crate::engine::loopy::Loopy {
    match value {
        LoopyResult::Short(g) => e.loopy_of_short(*g).unwrap(),
        LoopyResult::Loopy(l) => l.clone(),
    }
}

#[test]
fn cutting_the_search_into_levels_changes_no_value() {
    let mut rng = Rng(4242);
    let mut e = Engine::new();
    for _ in 0..150 {
        let mut g = random_graph(&mut rng, 7, false);
        let cut = Search::new()
            .solve(&node(&Rc::new(random_copy(&g)), 0), &mut e)
            .unwrap();
        g.use_hints = false;
        let whole = Search::new().solve(&node(&Rc::new(g), 0), &mut e).unwrap();
        let (a, b) = (as_loopy(&cut.value, &mut e), as_loopy(&whole.value, &mut e));
        assert!(
            e.loopy_leq(&a, &b).unwrap() && e.loopy_leq(&b, &a).unwrap(),
            "{a:?} vs {b:?}"
        );
        assert_eq!(cut.cyclic, whole.cyclic);
    }
}

fn random_copy(g: &TestGraph) -> TestGraph {
    TestGraph {
        left: g.left.clone(),
        right: g.right.clone(),
        hint: g.hint.clone(),
        use_hints: g.use_hints,
    }
}

/// A long one-level cycle: Left and Right walk round a ring of `n` vertices.
fn ring(n: u32) -> Rc<TestGraph> {
    Rc::new(TestGraph {
        left: (0..n).map(|v| vec![(v + 1) % n]).collect(),
        right: (0..n).map(|v| vec![(v + n - 1) % n]).collect(),
        hint: vec![0; n as usize],
        use_hints: true,
    })
}

#[test]
fn the_search_stops_when_interrupted() {
    let mut e = Engine::new();
    e.interrupt_flag().store(true, Ordering::Relaxed);
    let err = Search::new()
        .solve(&node(&ring(50), 0), &mut e)
        .unwrap_err();
    assert_eq!(err, EngineError::Interrupted);
}

#[test]
fn the_search_stops_at_the_memory_ceiling() {
    let mut e = Engine::new();
    e.set_memory_limit(1);
    let err = Search::new()
        .solve(&node(&ring(50), 0), &mut e)
        .unwrap_err();
    assert!(matches!(err, EngineError::MemoryLimit { .. }), "{err:?}");
}

#[test]
fn a_ring_is_a_draw_and_a_cycle_makes_canonical_form_fail() {
    let mut e = Engine::new();
    let p = LoopyPosition::new(node(&ring(4), 0));
    let solved = p.solve(&mut e).unwrap();
    assert!(solved.cyclic);
    assert!(matches!(outcome_of(&solved.value, &mut e), LoopyOutcome::D));
    let err = p.value(&mut e).unwrap_err();
    assert_eq!(err.to_string(), NOT_SHORT);
}

#[test]
fn a_depth_hint_that_rises_is_an_error_not_an_endless_search() {
    let g = Rc::new(TestGraph {
        left: vec![vec![1], vec![0]],
        right: vec![vec![], vec![]],
        hint: vec![0, 1],
        use_hints: true,
    });
    let mut e = Engine::new();
    let err = Search::new().solve(&node(&g, 0), &mut e).unwrap_err();
    assert!(err.to_string().contains("DepthHint rises"), "{err}");
}

/// The whole position graph of a ruleset from `root`, settled positions as themselves
/// (`off`: Right passes forever; `on`: Left does).
fn position_graph<G: LoopyRules>(root: &G) -> TestGraph {
    let mut index: FxHashMap<G::Key, u32> = FxHashMap::default();
    let mut positions = vec![root.clone()];
    index.insert(root.key(), 0);
    let mut graph = TestGraph {
        left: Vec::new(),
        right: Vec::new(),
        hint: Vec::new(),
        use_hints: true,
    };
    let mut next = 0;
    while next < positions.len() {
        let p = positions[next].clone();
        let mut sides = [Vec::new(), Vec::new()];
        match p.settled() {
            Some(Settled::On) => sides[0].push(next as u32),
            Some(Settled::Off) => sides[1].push(next as u32),
            None => {
                for (k, left) in [true, false].into_iter().enumerate() {
                    let mut moves = Vec::new();
                    p.moves(left, &mut moves);
                    for m in moves {
                        let t = *index.entry(m.key()).or_insert_with(|| {
                            positions.push(m.clone());
                            (positions.len() - 1) as u32
                        });
                        sides[k].push(t);
                    }
                }
            }
        }
        let [l, r] = sides;
        graph.left.push(l);
        graph.right.push(r);
        graph.hint.push(p.depth_hint());
        next += 1;
    }
    graph
}

fn agrees_with_play<G: LoopyRules>(root: &G, e: &mut Engine) -> bool {
    let graph = position_graph(root);
    let played = play_out(&graph);
    let solved = Search::new().solve(root, e).unwrap();
    let outcome = outcome_of(&solved.value, e);
    assert_eq!(
        results_of(outcome),
        (played[0][0], played[1][0]),
        "{}: {outcome:?}",
        root.describe()
    );
    matches!(solved.value, LoopyResult::Loopy(_))
}

#[test]
fn backsliding_toads_and_frogs_outcomes_agree_with_play() {
    let mut rng = Rng(2026);
    let mut e = Engine::new();
    let mut loopy = 0;
    for _ in 0..60 {
        let len = 3 + rng.below(4) as usize;
        let text = rng.string(".tf", len);
        let game =
            GenToadsAndFrogs::new("BackslidingToadsAndFrogs", &Args::default(), &text).unwrap();
        loopy += usize::from(agrees_with_play(&game, &mut e));
    }
    assert!(loopy > 5, "too few loopy values ({loopy})");
}

#[test]
fn small_fox_and_geese_outcomes_agree_with_play() {
    let mut e = Engine::new();
    let params = Args {
        positional: Vec::new(),
        named: vec![("boardWidth".into(), Value::integer(4))],
    };
    // (geese, fox) as (row, col) pairs.
    type Case = (&'static [(i64, i64)], (i64, i64));
    let cases: &[Case] = &[
        (&[(3, 1), (3, 3)], (1, 1)),
        (&[(3, 1), (3, 3)], (2, 4)),
        (&[(4, 2), (4, 4)], (1, 3)),
        (&[(3, 3), (4, 2)], (1, 1)),
    ];
    for range in [1, 2] {
        let mut params = params.clone();
        params
            .named
            .push(("foxRange".into(), Value::integer(range)));
        for (geese, fox) in cases {
            let tuple =
                |(r, c): (i64, i64)| Value::Tuple(vec![Value::integer(r), Value::integer(c)]);
            let args = [
                Value::List(geese.iter().map(|&c| tuple(c)).collect()),
                tuple(*fox),
            ];
            let game = FoxAndGeese::new("GenFoxAndGeese", &params, &args).unwrap();
            agrees_with_play(&game, &mut e);
        }
    }
}
