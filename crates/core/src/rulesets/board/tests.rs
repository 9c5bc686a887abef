//! Tests of the grid and strip rulesets: values from the spec and the literature, and the
//! solver (components, symmetry-reduced keys, the shared table) checked against a plain
//! search of random small positions.

use super::*;
use crate::engine::{Engine, EngineResult, GameId};
use crate::rulesets::brute::{self, Rng, agree, solved};
use crate::rulesets::impartial::NimSolver;
use crate::rulesets::partizan::{Rules, Solver};
use rustc_hash::FxHashMap;

fn clobber(name: &str, text: &str) -> GenClobber {
    let (params, id) = ClobberParams::named(name).expect("named").interned();
    let board = Cells::parse(name, text, ".xo", false).expect("board");
    GenClobber { params, id, board }
}

fn with_params(args: Args, text: &str) -> GenClobber {
    let (params, id) = ClobberParams::from_args(&args).expect("params").interned();
    let board = Cells::parse("GenClobber", text, ".xo", false).expect("board");
    GenClobber { params, id, board }
}

fn toads(max_jump: i64, text: &str) -> GenToadsAndFrogs {
    let args = Args {
        positional: Vec::new(),
        named: vec![("maxJump".into(), Value::integer(max_jump))],
    };
    let (params, id) = ToadParams::from_args(&args).expect("params").interned();
    let strip = Cells::parse("T", text, ".tf", true).expect("strip");
    GenToadsAndFrogs { params, id, strip }
}

fn board(text: &str, map: &str) -> Cells {
    Cells::parse("test", text, map, false).expect("board")
}

#[test]
fn spec_and_literature_values() {
    let mut e = Engine::new();
    let cases: Vec<(String, String)> = vec![
        (
            solved(&clobber("Clobber", "xox|ox."), &mut e),
            "{^^*|*,v}".into(),
        ),
        (
            solved(&clobber("Kings", "xox|ox."), &mut e),
            "{^^*|*,v[2]}".into(),
        ),
        (
            solved(&clobber("Rooks", "xox|ox."), &mut e),
            "{^^*|0,*}".into(),
        ),
        (solved(&clobber("Rooks", "x..o"), &mut e), "*".into()),
        (solved(&clobber("Queens", "x.o|.o."), &mut e), "v".into()),
        (
            solved(&clobber("Knights", "xo.|..o|x.."), &mut e),
            "+-{*,^}".into(),
        ),
        (solved(&clobber("AntiClobber", "xo."), &mut e), "-1".into()),
        // CGSuite splits AntiClobber at empty cells although it is not sound (spec §9).
        (solved(&clobber("AntiClobber", "x.o"), &mut e), "0".into()),
        (solved(&clobber("HotClobber", "xxo"), &mut e), "^".into()),
        (
            solved(&Amazons::new(board("x...|o...", ".xo#")), &mut e),
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}".into(),
        ),
        (
            solved(&Fission::new(board("....|x...|....", ".x#")), &mut e),
            "1".into(),
        ),
        (
            solved(&Fission::new(board("....|..x.|#..x", ".x#")), &mut e),
            "-3/2".into(),
        ),
        (solved(&toads(2, "tttt..fff"), &mut e), "{1/2*|v}".into()),
        (solved(&toads(1, "tt.f"), &mut e), "{1/2|0}".into()),
        (solved(&toads(0, "tt..f"), &mut e), "1".into()),
        (solved(&toads(0, "t.t.f.f"), &mut e), "+-1".into()),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
    // Toppling Dominoes: the test-suite's row, a grey domino, and (Winning Ways) a row of n
    // blue dominoes is n, a blue-red pair is *.
    let td = |s: &str| TopplingDominoes {
        strip: Cells::parse("T", s, ".lre", true).expect("strip"),
    };
    let mut e = Engine::new();
    assert_eq!(solved(&td("lrrlrrl"), &mut e), "Tiny(1/2)");
    assert_eq!(solved(&td("lre"), &mut e), "*2");
    assert_eq!(solved(&td("llll"), &mut e), "4");
    assert_eq!(solved(&td("lr"), &mut e), "*");
    assert_eq!(solved(&td("l..r"), &mut e), "*");
    let cram = Cram {
        board: board(".........|##.######", ".#"),
    };
    assert_eq!(NimSolver::default().nim_value(&cram, &e).unwrap(), 4);
    let cram = Cram {
        board: board("....", ".#"),
    };
    assert_eq!(NimSolver::default().nim_value(&cram, &e).unwrap(), 2);
}

#[test]
fn gen_clobber_family_matches_plain_search() {
    let mut rng = Rng(0x5eed_c10b);
    for name in [
        "Clobber",
        "Kings",
        "Knights",
        "Rooks",
        "Queens",
        "HotClobber",
    ] {
        let positions: Vec<GenClobber> = (0..25)
            .map(|_| {
                let (r, c) = (1 + rng.below(3) as usize, 2 + rng.below(3) as usize);
                clobber(name, &rng.board("xo.", r, c))
            })
            .collect();
        agree(&positions);
    }
    // Diagonal moves (the test-suite's variant) and a bounded slide.
    let diagonal = Args {
        positional: Vec::new(),
        named: vec![(
            "directions".into(),
            Value::List(
                cells::DIAGONAL
                    .iter()
                    .map(|&(r, c)| Value::Tuple(vec![Value::integer(r), Value::integer(c)]))
                    .collect(),
            ),
        )],
    };
    let mut e = Engine::new();
    assert_eq!(
        solved(&with_params(diagonal.clone(), "xoxo|oox.|xxx."), &mut e),
        "{0,v*|vv}"
    );
    let two = Args {
        positional: Vec::new(),
        named: vec![("maxDistance".into(), Value::integer(2))],
    };
    let positions: Vec<GenClobber> = (0..30)
        .map(|k| {
            let text = rng.board("xo..", 2, 3);
            with_params(
                if k % 2 == 0 {
                    diagonal.clone()
                } else {
                    two.clone()
                },
                &text,
            )
        })
        .collect();
    agree(&positions);
    // AntiClobber agrees where it has one region (CGSuite's split is unsound elsewhere).
    let positions: Vec<GenClobber> = (0..40)
        .map(|_| clobber("AntiClobber", &rng.board("xo.", 2, 3)))
        .filter(|g| g.board.regions(0, cells::ORTHOGONAL, 0).len() == 1)
        .collect();
    assert!(positions.len() > 5);
    agree(&positions);
}

/// Amazons' moves by the rules, cell by cell: the reference for the bit-layer moves.
fn amazons_moves_by_cells(b: &Cells, left: bool) -> Vec<String> {
    let me = if left { 1 } else { 2 };
    let mut out = Vec::new();
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            if b.get(r, c) != me {
                continue;
            }
            let mut from = b.clone();
            from.set(r, c, 0);
            for &(dr, dc) in cells::COMPASS {
                let mut n = 1;
                while let Some((r2, c2)) = b.step(r, c, dr, dc, n) {
                    if from.get(r2, c2) != 0 {
                        break;
                    }
                    let mut landed = from.clone();
                    landed.set(r2, c2, me);
                    for &(er, ec) in cells::COMPASS {
                        let mut m = 1;
                        while let Some((r3, c3)) = landed.step(r2, c2, er, ec, m) {
                            if landed.get(r3, c3) != 0 {
                                break;
                            }
                            let mut board = landed.clone();
                            board.set(r3, c3, 3);
                            out.push(board.text(".xo#"));
                            m += 1;
                        }
                    }
                    n += 1;
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn amazons_moves_match_the_rules_cell_by_cell() {
    let mut rng = Rng(0x5eed_a11a);
    for k in 0..200 {
        let (rows, cols) = (1 + k % 5, 1 + (k / 5) % 6);
        let text = rng.board("x.o#....", rows, cols);
        let cells = board(&text, ".xo#");
        let position = Amazons::new(cells.clone());
        for left in [true, false] {
            let mut moves = Vec::new();
            position.moves(left, &mut moves);
            let mut moves: Vec<String> = moves.iter().map(|m| m.grid_string().unwrap()).collect();
            moves.sort();
            assert_eq!(
                moves,
                amazons_moves_by_cells(&cells, left),
                "{text} left={left}"
            );
            assert_eq!(
                position.is_over(),
                amazons_moves_by_cells(&cells, true).is_empty()
                    && amazons_moves_by_cells(&cells, false).is_empty(),
                "{text}"
            );
        }
    }
}

#[test]
fn amazons_fission_toads_and_dominoes_match_plain_search() {
    let mut rng = Rng(0xa3a2_0175);
    let mut amazons = Vec::new();
    for k in 0..30 {
        let (alphabet, rows, cols) = match k % 3 {
            0 => ("x.o#..", 2, 3),
            1 => ("x.o##....", 3, 4),
            _ => ("x.o#....", 4, 2),
        };
        amazons.push(Amazons::new(board(
            &rng.board(alphabet, rows, cols),
            ".xo#",
        )));
    }
    agree(&amazons);
    let fission: Vec<Fission> = (0..20)
        .map(|_| Fission::new(board(&rng.board("x....#", 3, 3), ".x#")))
        .chain(
            // Boards with symmetries, whose keys try the images that fix them.
            [
                "...|.x.|...",
                "x...x|.....|x...x",
                "....|.x..|..x.|....",
                "#..|...|..#",
            ]
            .map(|t| Fission::new(board(t, ".x#"))),
        )
        .collect();
    agree(&fission);
    let strips: Vec<GenToadsAndFrogs> = (0..30)
        .map(|k| toads(1 + (k % 2), &rng.string("tf..", 7)))
        .collect();
    agree(&strips);
    let dominoes: Vec<TopplingDominoes> = (0..30)
        .map(|_| TopplingDominoes {
            strip: Cells::parse("T", &rng.string("lre.", 7), ".lre", true).expect("strip"),
        })
        .collect();
    agree(&dominoes);
}

/// A ruleset as it is, but without its literal keys: the solver then looks every component
/// up by its symmetry-reduced key alone. (`partizan::tests::Searched` drops closed forms too,
/// and does not tell finished positions apart, so its table holds other components.)
#[derive(Clone, Debug)]
struct Unaliased<G>(G);

impl<G: Rules> Rules for Unaliased<G> {
    type Key = G::Key;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let mut moves = Vec::new();
        self.0.moves(left, &mut moves);
        out.extend(moves.into_iter().map(Unaliased));
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        let mut parts = Vec::new();
        self.0.components(&mut parts);
        out.extend(parts.into_iter().map(|(p, n)| (Unaliased(p), n)));
    }

    fn key(&self) -> (G::Key, bool) {
        self.0.key()
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        self.0.closed_form(engine)
    }

    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn describe(&self) -> String {
        self.0.describe()
    }
}

#[test]
fn literal_keys_change_neither_values_nor_the_components_solved() {
    // Square and oblong regions, so that components recur turned and with colours exchanged.
    let mut rng = Rng(0x11_7e4a);
    let positions: Vec<Amazons> = (0..12)
        .map(|k| {
            let (rows, cols) = if k % 2 == 0 { (3, 3) } else { (3, 4) };
            Amazons::new(board(&rng.board("x.o#....", rows, cols), ".xo#"))
        })
        .chain(["x...|....|...o", "x..#|....|o..."].map(|t| Amazons::new(board(t, ".xo#"))))
        .collect();
    let mut e = Engine::new();
    let (mut aliased, mut unaliased) = (Solver::new(), Solver::new());
    for p in &positions {
        let with = aliased.value(p, &mut e).expect("solves");
        let without = unaliased.value(&Unaliased(*p), &mut e).expect("solves");
        assert_eq!(with, without, "{}", p.describe());
        assert_eq!(aliased.len(), unaliased.len(), "{}", p.describe());
    }
    assert!(aliased.len() > 1000, "{} components", aliased.len());
}

#[test]
fn konane_and_ski_jumps_match_plain_search_and_known_values() {
    let mut e = Engine::new();
    let konane = |t: &str| Konane::new(board(t, ".xo#"));
    let ski = |t: &str| SkiJumps {
        board: Cells::parse_with_case("S", t, SKI_MAP, false, false).expect("board"),
    };
    // cgt's values for its sanity positions.
    assert_eq!(solved(&konane("xo.o."), &mut e), "1");
    assert_eq!(solved(&ski("L|R|."), &mut e), "1/2");
    // A lone skier is worth the moves it has left: it may stop anywhere or leave.
    assert_eq!(solved(&ski("L.."), &mut e), "3");
    assert_eq!(solved(&ski("..r"), &mut e), "-3");
    let mut rng = Rng(0x5c1_0a7e);
    let positions: Vec<Konane> = (0..20)
        .map(|_| {
            let rows = 2 + rng.below(2) as usize;
            konane(&rng.board("xo.", rows, 3))
        })
        .chain(
            // Boards with symmetries (with and without the exchange of colours).
            [
                "xox|o.o|xox",
                "xo.|...|.ox",
                "x.o|o.x",
                "xoxo|o..x|x..o|oxox",
                ".xo.|o..x",
            ]
            .map(konane),
        )
        .collect();
    agree(&positions);
    let positions: Vec<SkiJumps> = (0..20).map(|_| ski(&rng.board("LlRr...", 3, 3))).collect();
    agree(&positions);
}

#[test]
fn cram_matches_plain_search() {
    let mut rng = Rng(0xc4a3);
    let mut solver = NimSolver::default();
    let mut memo = FxHashMap::default();
    let e = Engine::new();
    for _ in 0..25 {
        let (r, c) = (1 + rng.below(3) as usize, 2 + rng.below(3) as usize);
        let g = Cram {
            board: board(&rng.board("..#", r, c), ".#"),
        };
        assert_eq!(
            solver.nim_value(&g, &e).unwrap(),
            brute::nim_value(&g, &mut memo),
            "{}",
            g.describe()
        );
    }
}

#[test]
fn packed_images_are_the_images_packed() {
    let b = board("x.o#|..x.|o#..", ".xo#");
    for t in 0..8 {
        assert_eq!(b.packed_image(t, |v| v), b.image(t).packed_image(0, |v| v));
    }
}

#[test]
fn errors_point_at_the_bad_character() {
    let err = Cells::parse("game.grid.Amazons", "x..|.q.", ".xo#", false).unwrap_err();
    assert_eq!(err.string_char, Some(("x..|.q.".to_string(), 5)));
    assert!(err.message.contains(".xo#"), "{}", err.message);
    let bad = Args {
        positional: Vec::new(),
        named: vec![("maxJumps".into(), Value::integer(2))],
    };
    assert!(ToadParams::from_args(&bad).is_err());
    // Backsliding (minSlide -1) is a loopy ruleset now; a slide beyond the range is not.
    let slide = |n: i64| Args {
        positional: Vec::new(),
        named: vec![("minSlide".into(), Value::integer(n))],
    };
    assert!(ToadParams::from_args(&slide(-1)).is_ok());
    let err = ToadParams::from_args(&slide(-100)).unwrap_err();
    assert!(err.message.contains("minSlide"), "{}", err.message);
}

/// Konane's options by the rules read off the cells, one stone and one direction at a time
/// (the bit layers' moves are checked against this).
fn konane_options_by_cells(board: &Cells, left: bool) -> Vec<String> {
    let (me, enemy) = if left { (1, 2) } else { (2, 1) };
    let mut out = Vec::new();
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if board.get(r, c) != me {
                continue;
            }
            for &(dr, dc) in cells::ORTHOGONAL {
                let mut b = board.clone();
                let (mut at_r, mut at_c) = (r, c);
                while let (Some((or, oc)), Some((lr, lc))) =
                    (b.step(at_r, at_c, dr, dc, 1), b.step(at_r, at_c, dr, dc, 2))
                {
                    if b.get(or, oc) != enemy || b.get(lr, lc) != 0 {
                        break;
                    }
                    b.set(at_r, at_c, 0);
                    b.set(or, oc, 0);
                    b.set(lr, lc, me);
                    out.push(b.text(".xo#"));
                    (at_r, at_c) = (lr, lc);
                }
            }
        }
    }
    out.sort();
    out
}

/// Fission's options read off the cells.
fn fission_options_by_cells(board: &Cells, left: bool) -> Vec<String> {
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    let mut out = Vec::new();
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if board.get(r, c) != 1 {
                continue;
            }
            if let (Some((r1, c1)), Some((r2, c2))) =
                (board.step(r, c, dr, dc, 1), board.step(r, c, -dr, -dc, 1))
                && board.get(r1, c1) == 0
                && board.get(r2, c2) == 0
            {
                let mut b = board.clone();
                b.set(r, c, 0);
                b.set(r1, c1, 1);
                b.set(r2, c2, 1);
                out.push(b.text(".x#"));
            }
        }
    }
    out.sort();
    out
}

fn options_of<G: Rules>(g: &G, left: bool) -> Vec<String> {
    let mut moves = Vec::new();
    g.moves(left, &mut moves);
    let mut out: Vec<String> = moves.iter().filter_map(|m| m.grid_string()).collect();
    out.sort();
    out
}

#[test]
fn bit_layer_moves_match_the_rules_on_cells() {
    let mut rng = Rng(0xb17_1a7e);
    for k in 0..300 {
        // Up to 130-cell boards: one word a layer and two.
        let (rows, cols) = if k % 3 == 0 {
            (10 + rng.below(3) as usize, 10 + rng.below(3) as usize)
        } else {
            (1 + rng.below(5) as usize, 1 + rng.below(7) as usize)
        };
        let rows = rows.min(128 / cols);
        let text = rng.board("xo..#", rows, cols);
        let b = board(&text, ".xo#");
        let konane = Konane::new(b.clone());
        assert_eq!(
            konane.grid_string().as_deref(),
            Some(b.text(".xo#").as_str())
        );
        let text = rng.board("xx...#", rows, cols);
        let f = board(&text, ".x#");
        let fission = Fission::new(f.clone());
        for left in [true, false] {
            assert_eq!(
                options_of(&konane, left),
                konane_options_by_cells(&b, left),
                "{text} {left}"
            );
            assert_eq!(
                options_of(&fission, left),
                fission_options_by_cells(&f, left),
                "{text} {left}"
            );
        }
        let over = fission_options_by_cells(&f, true).is_empty()
            && fission_options_by_cells(&f, false).is_empty();
        assert_eq!(fission.is_over(), over, "{}", f.text(".x#"));
    }
}

#[test]
fn boards_over_64_cells_keep_exact_keys() {
    // 9×8 boards (two words a layer), mostly holes so that a plain search is quick.
    let mut rng = Rng(0x9_8b0a);
    let konane: Vec<Konane> = (0..8)
        .map(|_| Konane::new(board(&rng.board("xo.####", 8, 9), ".xo#")))
        .chain([Konane::new(board(
            &format!("xo.{}.ox", ".".repeat(90)),
            ".xo#",
        ))])
        .collect();
    agree(&konane);
    let fission: Vec<Fission> = (0..8)
        .map(|_| Fission::new(board(&rng.board("x..#####", 8, 9), ".x#")))
        .collect();
    agree(&fission);
}
