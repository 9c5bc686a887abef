//! Tests of the graph rulesets: values from the spec and the literature (Arc Kayles on paths
//! is Dawson's Kayles, with loops it is Kayles; Col and Snort on small graphs), and the
//! solvers (components, shape keys, shared tables) checked against a plain search of random
//! small graphs.

use super::*;
use crate::engine::Engine;
use crate::rulesets::brute::{self, Rng, agree, solved};
use crate::rulesets::graph::{default_text, graph_of_value, graph_value};
use crate::rulesets::impartial::NimSolver;
use rustc_hash::FxHashMap;

fn arc(graph: Graph) -> ArcKayles {
    let base = Base::new(graph, 1, |_| 0);
    let alive = base.all();
    ArcKayles {
        base: std::sync::Arc::new(base),
        alive,
    }
}

fn col(text: &str, rule: ColRule) -> GenCol {
    let syntax = Syntax {
        function: "test",
        vertex: &|t| match t {
            "L" => Some(1),
            "R" => Some(2),
            _ => None,
        },
        edge: &|t| t.is_empty().then_some(0),
        expected: "",
    };
    GenCol::new(model::parse(text, &syntax).expect("graph"), rule)
}

fn coloured(text: &str) -> Graph {
    model::parse(text, &coloured_edges("test")).expect("graph")
}

fn pak(text: &str) -> PartizanArcKayles {
    let base = Base::new(coloured(text), 3, |l| usize::from(l.clamp(1, 3)) - 1);
    let alive = base.all();
    PartizanArcKayles {
        base: std::sync::Arc::new(base),
        alive,
    }
}

fn childish(text: &str) -> ChildishHackenbush {
    let edges = coloured(text)
        .edges()
        .into_iter()
        .map(|(u, v, l)| (u as u8, v as u8, l))
        .collect();
    ChildishHackenbush {
        edges,
        childish: CHILDISH_BLUE_RED,
    }
}

/// Nim values of heaps 0 … n of an octal game, from its code digits (d₁ d₂ …).
fn octal(digits: &[u8], n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for heap in 1..=n {
        let mut seen = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            let take = k + 1;
            if take > heap {
                break;
            }
            let rest = heap - take;
            if d & 1 != 0 && rest == 0 {
                seen.push(0);
            }
            if d & 2 != 0 && rest > 0 {
                seen.push(g[rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..rest {
                    seen.push(g[a] ^ g[rest - a]);
                }
            }
        }
        g[heap] = crate::rulesets::impartial::mex(&mut seen);
    }
    g
}

#[test]
fn arc_kayles_on_paths_is_dawsons_kayles_and_with_loops_kayles() {
    let e = Engine::new();
    let mut solver = NimSolver::default();
    // Dawson's Kayles is 0.07 (take two adjacent pins): a path of n vertices is heap n.
    let dawson = octal(&[0, 7], 40);
    for (n, &want) in dawson.iter().enumerate().skip(1) {
        let v = solver.nim_value(&arc(Graph::path(n)), &e).unwrap();
        assert_eq!(v, want, "path {n}");
    }
    // The test-suite's values.
    for (n, want) in [(14, 4), (33, 7), (50, 5)] {
        assert_eq!(solver.nim_value(&arc(Graph::path(n)), &e).unwrap(), want);
    }
    let kayles = octal(&[7, 7], 30);
    let mut solver = NimSolver::default();
    for (n, &want) in kayles.iter().enumerate().skip(1) {
        let mut g = Graph::path(n);
        for v in 0..n {
            g.add_edge(v, v, 0);
        }
        assert_eq!(
            solver.nim_value(&arc(g), &e).unwrap(),
            want,
            "looped path {n}"
        );
    }
    assert_eq!(solver.nim_value(&arc(Graph::cycle(4)), &e).unwrap(), 0);
}

#[test]
fn arc_kayles_matches_plain_search_on_random_graphs() {
    let mut rng = Rng(0xa4c_ca1e5);
    let e = Engine::new();
    let mut solver = NimSolver::default();
    let mut memo = FxHashMap::default();
    for _ in 0..40 {
        let n = 2 + rng.below(7) as usize;
        let mut g = Graph::default();
        for _ in 0..n {
            g.add_vertex(0);
        }
        for u in 0..n {
            for v in u..n {
                if rng.below(if u == v { 8 } else { 3 }) == 0 {
                    g.add_edge(u, v, 0);
                }
            }
        }
        let position = arc(g);
        assert_eq!(
            solver.nim_value(&position, &e).unwrap(),
            brute::nim_value(&position, &mut memo),
            "{}",
            position.describe()
        );
    }
}

/// Col's narrow keys (literal keys on at most 21 vertices) are equal exactly when the keys
/// are, and wider or larger-numbered keys have none.
#[test]
fn col_narrow_keys_tell_literal_keys_apart() {
    let mut rng = Rng(5);
    let rules: Vec<ColRule> = (0..64).map(|r| ColRule::new(r >> 3, r & 7)).collect();
    let edges = [0u64, 1, 1 << 19, 1 << 20, (1 << 21) - 1];
    let mut keys = Vec::new();
    for i in 0..600 {
        let mut vertices = [(); 3].map(|()| edges[rng.below(5) as usize]);
        if i % 3 == 0 {
            vertices[rng.below(3) as usize] = rng.below(1 << 21);
        }
        keys.push(ColKey::Literal {
            graph: [0, 1, 2, (1 << 26) - 1][rng.below(4) as usize],
            rule: rules[rng.below(64) as usize],
            vertices,
        });
    }
    for a in &keys {
        let narrow = GenCol::narrow_key(a).expect("fits");
        for b in &keys {
            assert_eq!(
                narrow == GenCol::narrow_key(b).expect("fits"),
                a == b,
                "{a:?} {b:?}"
            );
        }
    }
    let wide = |graph, vertices| ColKey::Literal {
        graph,
        rule: ColRule::COL,
        vertices,
    };
    for key in [
        wide(0, [1 << 21, 0, 0]),
        wide(0, [0, 0, 1 << 40]),
        wide(1 << 26, [1, 0, 0]),
        ColKey::Shape(ColRule::COL, Box::new([1, 2])),
    ] {
        assert_eq!(GenCol::narrow_key(&key), None, "{key:?}");
    }
}

#[test]
fn col_components_past_the_64th_vertex_keep_their_values() {
    // Literal keys of components on vertices past the 64th take another form: a path of eight
    // vertices after `lone` isolated ones (each *) is worth the path alone, plus * when
    // `lone` is odd. Each is solved afresh, so that its components are searched, not found
    // under the shape keys of the path alone.
    use crate::rulesets::partizan::Solver;
    let mut e = Engine::new();
    let mut solver = Solver::new();
    let path = ["."; 8].join("-");
    for rule in [ColRule::COL, ColRule::SNORT] {
        let alone = solver.value(&col(&path, rule), &mut e).expect("solves");
        let star = solver.value(&col(".", rule), &mut e).expect("solves");
        let alone_and_star = e.add(alone, star).expect("adds");
        for lone in [60, 61, 63] {
            let text = format!("{};{path}", vec!["."; lone].join(";"));
            let value = Solver::new()
                .value(&col(&text, rule), &mut e)
                .expect("solves");
            let expected = if lone % 2 == 0 { alone } else { alone_and_star };
            assert_eq!(value, expected, "{lone} lone vertices, {}", rule.name());
        }
    }
}

#[test]
fn spec_and_literature_values() {
    let mut e = Engine::new();
    assert_eq!(solved(&col("L--", ColRule::COL), &mut e), "-1/2");
    assert_eq!(solved(&col("L-.", ColRule::COL), &mut e), "-1/2");
    assert_eq!(solved(&col("---", ColRule::SNORT), &mut e), "+-{2|1}");
    assert_eq!(solved(&col("L--", ColRule::SNORT), &mut e), "{2|-1}");
    assert_eq!(solved(&col("L--", ColRule::FJORDS), &mut e), "3");
    // A lone untinted vertex is * in both; tinted, it is a move for one player only.
    assert_eq!(solved(&col(".", ColRule::COL), &mut e), "*");
    assert_eq!(solved(&col(".", ColRule::SNORT), &mut e), "*");
    assert_eq!(solved(&col("L", ColRule::COL), &mut e), "-1");
    assert_eq!(solved(&col("L", ColRule::SNORT), &mut e), "1");
    // Col on a path of two untinted vertices is 0 (the second player copies).
    assert_eq!(solved(&col("-", ColRule::COL), &mut e), "0");
    assert_eq!(solved(&pak("lle"), &mut e), "1*");
    assert_eq!(solved(&pak("l(r;e)"), &mut e), "*");
    assert_eq!(
        solved(&pak("lrlr(ll;ree(rl;l))"), &mut e),
        "{3*|2*||3/2,3/2*|1/2*}"
    );
    assert_eq!(
        solved(&childish("r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))"), &mut e),
        "15/16"
    );
    assert_eq!(
        solved(&childish("(e:B;e:Bllllllrrr:B)"), &mut e),
        "{0|^[4]*||vv}"
    );
}

#[test]
fn col_snort_fjords_partizan_arc_kayles_and_childish_hackenbush_match_plain_search() {
    let mut rng = Rng(0xc01_5a07);
    let random_graph = |rng: &mut Rng, vertex: &str, edge: &str| {
        // A random tree written as a graph string, plus a few chords through named vertices.
        let n = 2 + rng.below(5) as usize;
        let mut text = String::from(&rng.string(vertex, 1)[..]);
        text.push_str(":A");
        for k in 1..n {
            text.push_str(&rng.string(edge, 1));
            text.push_str(&rng.string(vertex, 1));
            if k == n - 1 && rng.below(2) == 0 {
                text.push_str(&rng.string(edge, 1));
                text.push_str(&rng.string(vertex, 1));
                text.push_str(":A");
            }
        }
        text
    };
    // The named rules, and custom GenCol rules, symmetric or not (an asymmetric rule is
    // keyed without exchanging the tints).
    for rule in [
        ColRule::COL,
        ColRule::SNORT,
        ColRule::FJORDS,
        ColRule::new(0b001, 0b110),
        ColRule::new(0b111, 0b010),
        ColRule::new(0b110, 0b101),
    ] {
        let positions: Vec<GenCol> = (0..25)
            .map(|_| {
                let text = random_graph(&mut rng, "LR..", "-");
                // A named vertex must keep its label: relabel the closing one as the first.
                let first = &text[..1];
                let text = match text.strip_suffix(":A") {
                    Some(body) => format!("{}{first}:A", &body[..body.len() - 1]),
                    None => text.clone(),
                };
                col(&text, rule)
            })
            .collect();
        agree(&positions);
    }
    let positions: Vec<PartizanArcKayles> = (0..30)
        .map(|_| pak(&random_graph(&mut rng, ".", "lre")))
        .collect();
    agree(&positions);
    let positions: Vec<ChildishHackenbush> = (0..30)
        .map(|_| childish(&random_graph(&mut rng, ".", "lre")))
        .collect();
    agree(&positions);
}

#[test]
fn graph_values_and_builders_print_and_read_back() {
    let path = Graph::path(4);
    assert_eq!(default_text(&path), "---");
    assert_eq!(default_text(&Graph::cycle(3)), ":A---:A");
    assert_eq!(default_text(&Graph::star(4)), "(-;-;-)");
    let value = graph_value(&Graph::clique(3));
    let back = graph_of_value(&value).expect("a graph").expect("parses");
    assert_eq!(back.edges().len(), 3);
    assert_eq!(back.vertex_count(), 3);
}

/// Random coloured graphs on the ground and up to four more vertices (loops and parallel
/// edges included), as edge lists.
fn random_coloured_edges(rng: &mut Rng) -> Vec<(u8, u8, u8)> {
    let n = 1 + rng.below(5) as u8;
    let count = 1 + rng.below(6);
    let mut edges: Vec<(u8, u8, u8)> = (1..n)
        .map(|v| (rng.below(u64::from(v)) as u8, v, 1 + rng.below(3) as u8))
        .collect();
    for _ in 0..count {
        let (u, v) = (rng.below(u64::from(n)) as u8, rng.below(u64::from(n)) as u8);
        edges.push((u.min(v), u.max(v), 1 + rng.below(3) as u8));
    }
    edges
}

/// The GenHackenbush rule, by its definition: cut an edge of your colour or a green one,
/// then drop what no longer reaches the ground; an edge of a childish colour may be cut only
/// when nothing else falls.
fn brute_hackenbush_moves(
    edges: &[(u8, u8, u8)],
    childish: u8,
    left: bool,
) -> Vec<Vec<(u8, u8, u8)>> {
    let mut out = Vec::new();
    for (k, &(_, _, c)) in edges.iter().enumerate() {
        if !(c == 3 || (c == 1) == left) {
            continue;
        }
        let rest: Vec<(u8, u8, u8)> = edges
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &e)| e)
            .collect();
        let mut grounded = vec![0u8];
        let mut changed = true;
        while changed {
            changed = false;
            for &(u, v, _) in &rest {
                for (a, b) in [(u, v), (v, u)] {
                    if grounded.contains(&a) && !grounded.contains(&b) {
                        grounded.push(b);
                        changed = true;
                    }
                }
            }
        }
        let kept: Vec<(u8, u8, u8)> = rest
            .iter()
            .copied()
            .filter(|&(u, _, _)| grounded.contains(&u))
            .collect();
        if childish >> c & 1 == 1 && kept.len() != rest.len() {
            continue;
        }
        out.push(kept);
    }
    out
}

#[test]
fn gen_hackenbush_moves_match_the_definition_for_every_set_of_childish_colours() {
    let mut rng = Rng(0x6e4_6ac);
    for _ in 0..200 {
        let edges = random_coloured_edges(&mut rng);
        for childish in (0u8..8).map(|bits| bits << 1) {
            let g = ChildishHackenbush {
                edges: edges.clone(),
                childish,
            };
            for left in [true, false] {
                let mut moves = Vec::new();
                g.moves(left, &mut moves);
                let got: Vec<Vec<(u8, u8, u8)>> = moves.into_iter().map(|m| m.edges).collect();
                assert_eq!(
                    got,
                    brute_hackenbush_moves(&edges, childish, left),
                    "{edges:?}, childish {childish:b}, left {left}"
                );
            }
        }
    }
}

#[test]
fn gen_hackenbush_values_match_plain_search_and_native_hackenbush() {
    let mut rng = Rng(0xbad_c01);
    // Every set of childish colours in one table: the key must tell the rules apart (and a
    // blue-childish game is the negative of the red-childish game with colours exchanged).
    let positions: Vec<ChildishHackenbush> = (0..120)
        .map(|k| ChildishHackenbush {
            edges: random_coloured_edges(&mut rng),
            childish: (k % 8) << 1,
        })
        .collect();
    agree(&positions);
    // No childish colour: the native Hackenbush (tree formulas, its own table).
    let mut e = Engine::new();
    for g in positions.iter().filter(|g| g.childish == 0) {
        let Value::Position(native) =
            crate::rulesets::partizan::hackenbush_from_edges(&g.edges).expect("valid")
        else {
            panic!("a position")
        };
        let native = native.value(&mut e).expect("solves");
        let mut memo = FxHashMap::default();
        assert_eq!(
            native,
            brute::partizan_value(g, &mut e, &mut memo),
            "{}",
            g.describe()
        );
    }
}
