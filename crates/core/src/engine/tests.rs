//! The engine's laws and known values.

use super::testutil::game;
use super::*;

fn eq(engine: &mut Engine, a: &str, b: &str) {
    let x = game(engine, a);
    let y = game(engine, b);
    assert_eq!(x, y, "{a} should equal {b}");
}

#[test]
fn seeds_worked_examples() {
    let mut e = Engine::new();
    eq(&mut e, "{^,*|0,^}", "^*");
    eq(&mut e, "{{2|-1}|0}", "-1");
    eq(&mut e, "{0|1}", "1/2");
    eq(&mut e, "{0|1/2,1}", "1/4");
    eq(&mut e, "{5/4|2}", "3/2");
    eq(&mut e, "{0|*}", "^");
    eq(&mut e, "{*|*}", "0");
    eq(&mut e, "{0,*|0,*}", "*2");
    eq(&mut e, "{0|^*}", "^^");
    eq(&mut e, "{0|^}", "^^*");
    eq(&mut e, "*+*", "0");
    eq(&mut e, "{1|1}", "1*");
    let up = game(&mut e, "^");
    let star = game(&mut e, "*");
    let dup = game(&mut e, "^^");
    assert_eq!(e.relation(up, star).unwrap(), Relation::Confused);
    assert_eq!(e.relation(dup, star).unwrap(), Relation::Greater);
}

#[test]
fn nus_options_agree_with_generic_construction() {
    let mut e = Engine::new();
    for x in ["0", "1", "-1/2", "3/4"] {
        for ups in -3..=3 {
            for nim in 0..4 {
                let text = format!("{x}^{ups}*{nim}").replace("^-", "v");
                let g = game(&mut e, &text);
                let l = e.left_options(g).unwrap();
                let r = e.right_options(g).unwrap();
                // Rebuild through the generic canonicaliser: must come back to the same id.
                assert_eq!(e.game_from_options(&l, &r).unwrap(), g, "{text}");
            }
        }
    }
}

#[test]
fn nus_sums_agree_with_generic_sums() {
    // Build ↑ and * as sums of general games, then compare NUS arithmetic with it.
    let mut e = Engine::new();
    let sw = game(&mut e, "{1|-1}");
    for (a, b) in [("^", "*"), ("^*", "^"), ("^^*3", "v*2"), ("1/2^", "-1*")] {
        let a = game(&mut e, a);
        let b = game(&mut e, b);
        let fast = e.add(a, b).unwrap();
        // (a + sw) + (b - sw) goes through the generic path.
        let a_sw = e.add(a, sw).unwrap();
        let b_sw = e.sub(b, sw).unwrap();
        let slow = e.add(a_sw, b_sw).unwrap();
        assert_eq!(fast, slow);
    }
}

#[test]
fn four_by_four_table() {
    // {a|b} for a, b in {0, *, ↑, ↓} (theory text 000, §3.4).
    let mut e = Engine::new();
    let table = [
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("{0|^}", "^^*"),
        ("{0|v}", "*"),
        ("{*|0}", "v"),
        ("{*|*}", "0"),
        ("{*|^}", "0"),
        ("{^|0}", "*"),
        ("{^|^}", "^^*"),
        ("{^|v}", "*"),
        ("{v|0}", "vv*"),
        ("{v|*}", "0"),
        ("{v|^}", "0"),
        ("{v|v}", "vv*"),
    ];
    // The two entries that are their own canonical forms are not NUS values.
    for own in ["{*|v}", "{^|*}"] {
        let g = game(&mut e, own);
        assert!(e.as_nus(g).is_none(), "{own} is canonical as written");
        assert_eq!(e.left_options(g).unwrap().len(), 1);
        assert_eq!(e.right_options(g).unwrap().len(), 1);
    }
    for (a, b) in table {
        eq(&mut e, a, b);
    }
}

#[test]
fn laws_on_sample_games() {
    let mut e = Engine::new();
    let samples = super::testutil::SAMPLE_GAMES;
    let gs: Vec<GameId> = samples.iter().map(|s| game(&mut e, s)).collect();
    for &g in &gs {
        let n = e.neg(g).unwrap();
        assert_eq!(e.add(g, n).unwrap(), Engine::ZERO);
        assert_eq!(e.neg(n).unwrap(), g);
        let l = e.left_options(g).unwrap();
        let r = e.right_options(g).unwrap();
        assert_eq!(
            e.game_from_options(&l, &r).unwrap(),
            g,
            "canonical form is idempotent"
        );
        for &h in &gs {
            let gh = e.add(g, h).unwrap();
            assert_eq!(gh, e.add(h, g).unwrap());
            let d = e.sub(g, h).unwrap();
            let le = e.leq(g, h).unwrap();
            assert_eq!(le, e.leq(d, Engine::ZERO).unwrap(), "g ≤ h iff g − h ≤ 0");
            for &k in gs.iter().take(4) {
                let left = e.add(gh, k).unwrap();
                let hk = e.add(h, k).unwrap();
                assert_eq!(left, e.add(g, hk).unwrap());
            }
        }
    }
}

#[test]
fn multiples_and_ordinal_sums() {
    let mut e = Engine::new();
    let g = game(&mut e, "{1|0}");
    let three = e.multiple(3, g).unwrap();
    let by_sum = game(&mut e, "{1|0}+{1|0}+{1|0}");
    assert_eq!(three, by_sum);
    let s4 = game(&mut e, "*4");
    let s5 = game(&mut e, "*5");
    let o = e.ordinal_sum(s4, s5).unwrap();
    assert_eq!(o, game(&mut e, "*9"));
    let half = game(&mut e, "1/2");
    let quarter = game(&mut e, "1/4");
    assert_eq!(e.ordinal_sum(half, quarter).unwrap(), game(&mut e, "9/16"));
}

/// Bypassing reversible options of a form with hundreds of nimber options compares the form
/// with the same followers again and again; the per-form memo makes `*n : ±3` quadratic, not
/// exponential (before it, n = 600 took about 8 s).
#[test]
fn ordinal_sums_over_large_nimbers_stay_quadratic() {
    let mut e = Engine::new();
    let n = 600;
    let base = e.nimber(n);
    let exponent = game(&mut e, "{3|-3}");
    let sum = e.ordinal_sum(base, exponent).unwrap();
    assert_eq!(e.neg(sum).unwrap(), sum, "*n : ±3 is its own negative");
    assert_eq!(e.birthday(sum).unwrap(), u128::from(n) + 4);
    let three = e.integer(3);
    let upper = e.ordinal_sum(base, three).unwrap();
    // {*j for j < n, *n : 3 | …}: the base's options stay, and none reverses.
    let mut expected: Vec<GameId> = (0..n).map(|j| e.nimber(j)).collect();
    expected.push(upper);
    let mut left = e.left_options(sum).unwrap();
    left.sort();
    expected.sort();
    assert_eq!(left, expected);
}

/// Timing probe for development (`cargo test --release -- --ignored --nocapture sum_probe`);
/// the real benchmark lives in `benches/`.
#[test]
#[ignore]
fn sum_probe() {
    for n in [8, 10, 11, 12] {
        let path = format!(
            "{}/../../../shared/bench/sum_{n}_seed1.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut e = Engine::new();
        let t = std::time::Instant::now();
        let g = game(&mut e, text.trim());
        println!(
            "sum_{n}: {:?}, {} games, {} MiB, stops {} {}",
            t.elapsed(),
            e.game_count(),
            e.memory_bytes() >> 20,
            e.left_stop(g),
            e.right_stop(g)
        );
    }
}

mod laws {
    //! Property tests over random games for the algebraic identities.
    use super::*;
    use proptest::prelude::*;

    /// A random game tree: leaves are small NUS values, inner nodes have up to 3 options a side.
    #[derive(Clone, Debug)]
    enum Tree {
        Leaf(i8, i8, u8),
        Node(Vec<Tree>, Vec<Tree>),
    }

    fn tree() -> impl Strategy<Value = Tree> {
        let leaf = (-2i8..=2, -2i8..=2, 0u8..3).prop_map(|(x, u, m)| Tree::Leaf(x, u, m));
        leaf.prop_recursive(3, 24, 3, |inner| {
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner, 0..3),
            )
                .prop_map(|(l, r)| Tree::Node(l, r))
        })
    }

    fn build(e: &mut Engine, t: &Tree) -> GameId {
        match t {
            Tree::Leaf(x, u, m) => e.nus(Nus {
                number: Dyadic::new(*x as i128, 1).unwrap(),
                ups: *u as i64,
                nim: *m as u64,
            }),
            Tree::Node(l, r) => {
                let l: Vec<GameId> = l.iter().map(|t| build(e, t)).collect();
                let r: Vec<GameId> = r.iter().map(|t| build(e, t)).collect();
                e.game_from_options(&l, &r).unwrap()
            }
        }
    }

    fn nus() -> impl Strategy<Value = Nus> {
        (-4i128..=4, -3i64..=3, 0u64..4).prop_map(|(x, ups, nim)| Nus {
            number: Dyadic::new(x, 1).unwrap(),
            ups,
            nim,
        })
    }

    /// The game g of engine `from`, rebuilt in engine `to` from its options.
    fn transfer(from: &mut Engine, g: GameId, to: &mut Engine) -> GameId {
        let left: Vec<GameId> = (from.left_options(g).unwrap().into_iter())
            .map(|o| transfer(from, o, to))
            .collect();
        let right: Vec<GameId> = (from.right_options(g).unwrap().into_iter())
            .map(|o| transfer(from, o, to))
            .collect();
        to.game_from_options(&left, &right).unwrap()
    }

    /// Game trees compared by the definition alone (G ≤ H unless some G^L ≥ H or some
    /// H^R ≤ G), with no canonical form, number or NUS rule: the reference the engine's
    /// construction is checked against. Trees are numbered; comparisons are remembered.
    #[derive(Default)]
    struct Definition {
        /// Each tree's (Left, Right) options, by number.
        trees: Vec<(Vec<usize>, Vec<usize>)>,
        /// The tree of each engine game expanded so far.
        expanded: std::collections::HashMap<GameId, usize>,
        leq: std::collections::HashMap<(usize, usize), bool>,
    }

    impl Definition {
        fn tree(&mut self, left: Vec<usize>, right: Vec<usize>) -> usize {
            self.trees.push((left, right));
            self.trees.len() - 1
        }

        /// An engine game as a tree, through its options.
        fn expand(&mut self, e: &mut Engine, g: GameId) -> usize {
            if let Some(&t) = self.expanded.get(&g) {
                return t;
            }
            let left: Vec<usize> = (e.left_options(g).unwrap().into_iter())
                .map(|o| self.expand(e, o))
                .collect();
            let right: Vec<usize> = (e.right_options(g).unwrap().into_iter())
                .map(|o| self.expand(e, o))
                .collect();
            let t = self.tree(left, right);
            self.expanded.insert(g, t);
            t
        }

        /// A random tree as written, its leaves expanded from the engine's NUS values.
        fn of(&mut self, e: &mut Engine, t: &Tree) -> usize {
            match t {
                Tree::Leaf(..) => {
                    let g = build(e, t);
                    self.expand(e, g)
                }
                Tree::Node(l, r) => {
                    let left = l.iter().map(|t| self.of(e, t)).collect();
                    let right = r.iter().map(|t| self.of(e, t)).collect();
                    self.tree(left, right)
                }
            }
        }

        fn leq(&mut self, g: usize, h: usize) -> bool {
            if let Some(&known) = self.leq.get(&(g, h)) {
                return known;
            }
            let (g_left, h_right) = (self.trees[g].0.clone(), self.trees[h].1.clone());
            let result = !g_left.iter().any(|&gl| self.leq(h, gl))
                && !h_right.iter().any(|&hr| self.leq(hr, g));
            self.leq.insert((g, h), result);
            result
        }

        fn equal(&mut self, g: usize, h: usize) -> bool {
            self.leq(g, h) && self.leq(h, g)
        }

        /// Whether a tree and all its followers have no dominated and no reversible option.
        fn is_canonical(&mut self, g: usize) -> bool {
            let (left, right) = self.trees[g].clone();
            for (side, is_left) in [(&left, true), (&right, false)] {
                for &a in side {
                    let worse =
                        |d: &mut Self, b: usize| if is_left { d.leq(a, b) } else { d.leq(b, a) };
                    if side.iter().any(|&b| b != a && worse(self, b)) {
                        return false;
                    }
                    let answers = if is_left {
                        self.trees[a].1.clone()
                    } else {
                        self.trees[a].0.clone()
                    };
                    let reverses =
                        |d: &mut Self, r: usize| if is_left { d.leq(r, g) } else { d.leq(g, r) };
                    if answers.iter().any(|&r| reverses(self, r)) {
                        return false;
                    }
                    if !self.is_canonical(a) {
                        return false;
                    }
                }
            }
            true
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The engine's canonical form of a random game (numbers by the simplicity theorem,
        /// NUS shortcuts, dominated and reversible options) equals the game as written, and
        /// has no dominated or reversible option anywhere, both by the definition alone.
        #[test]
        fn canonical_forms_agree_with_the_definition(a in tree()) {
            let mut e = Engine::new();
            let mut d = Definition::default();
            let written = d.of(&mut e, &a);
            let g = build(&mut e, &a);
            let canonical = d.expand(&mut e, g);
            prop_assert!(d.equal(written, canonical));
            prop_assert!(d.is_canonical(canonical));
        }

        /// Adding NUS values one at a time to a game, which regroups each sum after the
        /// first as (the NUS parts) + the game, gives what one sum of the game and all the
        /// parts gives in an arena that has recorded no parts.
        #[test]
        fn regrouped_sums_agree_with_one_sum(a in tree(), parts in prop::collection::vec(nus(), 1..4)) {
            let mut e = Engine::new();
            let g = build(&mut e, &a);
            let mut sum = g;
            for &x in &parts {
                let x = e.nus(x);
                sum = e.add(sum, x).unwrap();
            }
            let mut fresh = Engine::new();
            let g_fresh = build(&mut fresh, &a);
            let mut total = Nus::number(Dyadic::ZERO);
            for x in &parts {
                total = total.checked_add(x).unwrap();
            }
            let total = fresh.nus(total);
            let expected = fresh.add(total, g_fresh).unwrap();
            prop_assert_eq!(transfer(&mut e, sum, &mut fresh), expected);
        }

        #[test]
        fn group_laws(a in tree(), b in tree(), c in tree()) {
            let mut e = Engine::new();
            let (g, h, k) = (build(&mut e, &a), build(&mut e, &b), build(&mut e, &c));
            let minus_g = e.neg(g).unwrap();
            prop_assert_eq!(e.add(g, minus_g).unwrap(), Engine::ZERO);
            prop_assert_eq!(e.add(g, h).unwrap(), e.add(h, g).unwrap());
            let gh = e.add(g, h).unwrap();
            let hk = e.add(h, k).unwrap();
            prop_assert_eq!(e.add(gh, k).unwrap(), e.add(g, hk).unwrap());
        }

        #[test]
        fn order_agrees_with_outcome_of_difference(a in tree(), b in tree()) {
            let mut e = Engine::new();
            let (g, h) = (build(&mut e, &a), build(&mut e, &b));
            let d = e.sub(g, h).unwrap();
            let expected = match e.outcome(d).unwrap() {
                Outcome::P => Relation::Equal,
                Outcome::L => Relation::Greater,
                Outcome::R => Relation::Less,
                Outcome::N => Relation::Confused,
            };
            prop_assert_eq!(e.relation(g, h).unwrap(), expected);
        }

        #[test]
        fn canonical_form_is_unique(a in tree()) {
            // Rebuilding a game from its canonical options, in a fresh arena through a
            // different construction order, gives the same structure.
            let mut e = Engine::new();
            let g = build(&mut e, &a);
            let l = e.left_options(g).unwrap();
            let r = e.right_options(g).unwrap();
            prop_assert_eq!(e.game_from_options(&l, &r).unwrap(), g);
            // Adding and removing a switch must not change the id.
            let sw = e.game_from_options(&[Engine::ZERO], &[Engine::ZERO]).unwrap();
            let with = e.add(g, sw).unwrap();
            prop_assert_eq!(e.sub(with, sw).unwrap(), g);
        }
    }
}

#[test]
fn compound_sums_and_subordinates() {
    let mut e = Engine::new();
    let (half, quarter) = (game(&mut e, "1/2"), game(&mut e, "1/4"));
    let (hl, hr) = (
        e.left_options(half).unwrap(),
        e.right_options(half).unwrap(),
    );
    let (ql, qr) = (
        e.left_options(quarter).unwrap(),
        e.right_options(quarter).unwrap(),
    );
    assert_eq!(
        e.selective_sum((&hl, &hr), (&ql, &qr)).unwrap(),
        game(&mut e, "3/4")
    );
    // The explicit form {*|*} (value 0) conjoined with 3 is 2.
    let star = game(&mut e, "*");
    let three = game(&mut e, "3");
    let (tl, tr) = (
        e.left_options(three).unwrap(),
        e.right_options(three).unwrap(),
    );
    assert_eq!(
        e.conjunctive_sum((&[star], &[star]), (&tl, &tr)).unwrap(),
        game(&mut e, "2")
    );
    // Ordinal sums can be undone.
    for (base, sub) in [("*", "5"), ("{1|0}", "{2|*}"), ("^", "-3")] {
        let (b, s) = (game(&mut e, base), game(&mut e, sub));
        let g = e.ordinal_sum(b, s).unwrap();
        let form = (e.left_options(b).unwrap(), e.right_options(b).unwrap());
        assert_eq!(
            e.subordinate(g, (&form.0, &form.1)).unwrap(),
            Some(s),
            "{base} : {sub}"
        );
    }
}

#[test]
fn companions_of_uptimals_add_a_star() {
    let mut e = Engine::new();
    for text in ["^", "^^*", "{0|*||*|||*}", "{^^^|vv}", "{0,*|v}"] {
        let g = game(&mut e, text);
        let star = e.nimber(1);
        let expected = e.add(g, star).unwrap();
        assert_eq!(e.companion(g).unwrap(), expected, "{text}");
    }
    let n = game(&mut e, "-1/2");
    assert_eq!(e.companion(n).unwrap(), n);
}

#[test]
fn reduced_forms_forget_infinitesimals() {
    let mut e = Engine::new();
    for (text, reduced) in [
        ("{3||2*|1*}", "{3||2|1}"),
        ("v*", "0"),
        ("{0||0|-3/2}", "0"),
        ("25/16", "25/16"),
    ] {
        let g = game(&mut e, text);
        let r = game(&mut e, reduced);
        assert_eq!(e.reduced_canonical_form(g).unwrap(), r, "{text}");
    }
}

#[test]
fn operations_on_games_born_too_late_fail_instead_of_overflowing_the_stack() {
    let mut e = Engine::new();
    let big = game(&mut e, "100000000");
    let up = game(&mut e, "^");
    let star = game(&mut e, "*");
    let deep = Err(super::properties::TOO_DEEP);
    let form = (e.left_options(big).unwrap(), e.right_options(big).unwrap());
    let up_form = (e.left_options(up).unwrap(), e.right_options(up).unwrap());
    assert_eq!(
        e.selective_sum((&form.0, &form.1), (&up_form.0, &up_form.1)),
        deep
    );
    assert_eq!(
        e.conjunctive_sum((&form.0, &form.1), (&form.0, &form.1)),
        deep
    );
    assert_eq!(e.conway_product(big, up), deep);
    assert_eq!(e.ordinal_sum(star, big), deep);
    assert_eq!(
        e.subordinate(big, (&[Engine::ZERO], &[Engine::ZERO]))
            .map(|_| ()),
        deep.map(|_: GameId| ())
    );
    // Closed forms need no recursion.
    let three = game(&mut e, "3");
    let product = e.conway_product(big, three).unwrap();
    assert_eq!(product, game(&mut e, "300000000"));
}

#[test]
fn the_memory_ceiling_covers_materialised_nimber_options() {
    let mut e = Engine::new();
    e.set_memory_limit(64 << 20);
    // Listing the options of every *k below *n stores n²/2 pool entries. ({0 | *n} used to
    // do this; it is now recognised as ↑*(n⊕1) without listing.)
    let result = (1..100_000u64).try_for_each(|k| {
        let star = e.nimber(k);
        e.left_options(star).map(|_| ())
    });
    assert!(
        matches!(result, Err(EngineError::MemoryLimit { .. })),
        "{result:?}"
    );
}

#[test]
fn huge_nimbers_refuse_to_list_their_options() {
    // *n has n options on each side: listing 2^62 of them used to overflow a vector's
    // capacity, and 2^32 to abort on allocation.
    let mut e = Engine::new();
    let zero = e.zero();
    for n in [1u64 << 62, 1 << 32] {
        let big = e.nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nim: n,
        });
        // {0|*n} = ↑*(n⊕1) is found without listing (see the NUS shortcut), and {*n|*n} = 0 by
        // the simplicity theorem; {*n|−1} is no NUS, so its reduction needs the options.
        let up_star = e.nus(Nus {
            number: Dyadic::ZERO,
            ups: 1,
            nim: n ^ 1,
        });
        assert_eq!(e.game_from_options(&[zero], &[big]), Ok(up_star));
        assert_eq!(e.game_from_options(&[big], &[big]), Ok(zero));
        let minus_one = e.integer(-1);
        let result = e.game_from_options(&[big], &[minus_one]);
        assert!(
            matches!(result, Err(EngineError::TooMany { .. })),
            "*{n}: {result:?}"
        );
        assert!(e.left_options(big).is_err());
        // A number plus a huge nimber has as many options, and is refused the same way
        // (it used to build the whole list of values first: 11 GB for *343741924).
        let starred = e.nus(Nus {
            number: Dyadic::from_i128(-182),
            ups: 0,
            nim: n,
        });
        assert!(matches!(
            e.left_options(starred),
            Err(EngineError::TooMany { .. })
        ));
        // Its atomic weight's far star needs no option of it: {0 | {0 | 1 + *n}} fails only
        // in canonicalising, when the options of 1 + *n are asked for.
        let one_starred = e.nus(Nus {
            number: Dyadic::ONE,
            ups: 0,
            nim: n,
        });
        assert_eq!(e.largest_nimber_follower(one_starred), Ok(0));
    }
}

/// Deep games (n·↑ has birthday n + 1) are summed, compared and canonicalised without
/// overflowing the stack: unit tests run on 2 MiB threads, where each of these used to abort.
#[test]
fn deep_games_do_not_overflow_the_stack() {
    let mut e = Engine::new();
    let n = 100_000;
    // ^n + {0|-1} = {^n | -1^n}, as for small n.
    for k in [3, n] {
        let sum = game(&mut e, &format!("^{k} + {{0|-1}}"));
        let expected = game(&mut e, &format!("{{^{k}|-1^{k}}}"));
        assert_eq!(sum, expected, "k = {k}");
    }
    let g = game(&mut e, &format!("{{^{n}|0}}"));
    assert_eq!(e.birthday(g).unwrap(), n as u128 + 2);
    let ng = e.neg(g).unwrap();
    assert_eq!(e.add(g, ng).unwrap(), Engine::ZERO);
    let tiny = game(&mut e, &format!("^{n}*4 + {{0||0|-1}}"));
    let expected = game(&mut e, &format!("{{^{n}*4||^{n}*4|-1^{n}*4}}"));
    assert_eq!(tiny, expected);
}

/// {a|b} + G = {a+G | b+G} for a NUS G (the fast path in `add`) agrees with the canonical
/// form of the sum's full option lists, whose own options are proved right for smaller G
/// first.
#[test]
fn switch_plus_nus_matches_the_options() {
    let mut e = Engine::new();
    for (a, b) in [(1, -1), (3, 0), (2, 1), (0, -5)] {
        for x in [0, 1, -2] {
            for ups in -3..=3 {
                for m in 0..8u64 {
                    let switch = game(&mut e, &format!("{{{a}|{b}}}"));
                    let value = Nus {
                        number: Dyadic::from_int(x),
                        ups,
                        nim: m,
                    };
                    let nus = e.nus(value);
                    let fast = e.add(nus, switch).unwrap();
                    let mut sides = [Vec::new(), Vec::new()];
                    for (side, options) in [e.left_options(nus), e.right_options(nus)]
                        .into_iter()
                        .enumerate()
                    {
                        for o in options.unwrap() {
                            sides[side].push(e.add(o, switch).unwrap());
                        }
                    }
                    for (side, shift) in [(0, a), (1, b)] {
                        let shifted = e.nus(Nus {
                            number: Dyadic::from_int(x + shift),
                            ..value
                        });
                        sides[side].push(shifted);
                    }
                    let slow = e.canonical_form(&sides[0], &sides[1], false).unwrap();
                    assert_eq!(fast, slow, "{{{a}|{b}}} + {value:?}");
                }
            }
        }
    }
    // Used to take half a minute.
    eq(&mut e, "*885 + {1844|-1844}", "{1844*885|-1844*885}");
    // Used to go 800 000 levels deep.
    eq(&mut e, "^800000 + {0|-1}", "{^800000|-1^800000}");
}

/// The NUS shortcut of `game_from_options` gives what the general reduction gives, on every
/// pair of small option lists of NUS values, and handles nimbers whose options are too many
/// to list.
#[test]
fn nus_shortcut_matches_the_general_reduction() {
    let mut e = Engine::new();
    let mut values = Vec::new();
    for x in [-1, 0, 1] {
        for ups in -2..=2 {
            for nim in 0..4 {
                values.push(e.nus(Nus {
                    number: Dyadic::from_int(x),
                    ups,
                    nim,
                }));
            }
        }
    }
    for &l in &values {
        for &r in &values {
            for (left, right) in [(vec![l], vec![r]), (vec![l, Engine::ZERO], vec![r])] {
                let fast = e.canonical_form(&left, &right, true).unwrap();
                let slow = e.canonical_form(&left, &right, false).unwrap();
                assert_eq!(fast, slow, "{left:?} | {right:?}");
            }
        }
    }
    // A NUS's own canonical options, in any order and repeated, give it back.
    for &v in &values {
        let mut left = e.left_options(v).unwrap();
        let mut right = e.right_options(v).unwrap();
        left.reverse();
        right.extend(right.clone());
        let fast = e.canonical_form(&left, &right, true).unwrap();
        let slow = e.canonical_form(&left, &right, false).unwrap();
        assert_eq!((fast, slow), (v, v), "{v:?}");
    }
    for n in [2u64, 3, 1000, 1 << 24, 1 << 40] {
        let star = e.nimber(n);
        let g = e.game_from_options(&[Engine::ZERO], &[star]).unwrap();
        let expected = e.nus(Nus {
            number: Dyadic::ZERO,
            ups: 1,
            nim: n ^ 1,
        });
        assert_eq!(g, expected, "{{0|*{n}}}");
    }
}

/// Sums deep enough to switch to the bottom-up fill (`Engine::add` past a few megabytes of
/// stack) agree with their closed forms and undo by subtraction.
#[test]
fn deep_sums_are_computed_bottom_up_and_agree() {
    // Run on a thread with room for the recursion that leads there, as the binary does.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            let mut e = Engine::new();
            let n = 40_000;
            let ups = e.ups(n);
            let switch = testutil::game(&mut e, "{0|-1}");
            let sum = e.add(ups, switch).unwrap();
            // n·↑ + {0|-1} = {n·↑ | n·↑ − 1}.
            let minus_one = e.integer(-1);
            let shifted = e.add(ups, minus_one).unwrap();
            let expected = e.game_from_options(&[ups], &[shifted]).unwrap();
            assert_eq!(sum, expected);
            // A sum of two deep general games, undone.
            let deep = e.up_power_to(20_000).unwrap();
            let tiny = testutil::game(&mut e, "{0||0|-1}");
            let deep_tiny = e.add(deep, tiny).unwrap();
            let back = e.sub(deep_tiny, tiny).unwrap();
            assert_eq!(back, deep);
            // A NUS plus a general game, less a deep part of the NUS, is regrouped: the sum
            // remembers its parts, and no new level is built for the difference.
            let tiny_up = e.add(ups, tiny).unwrap();
            let games = e.game_count();
            let minus_ups = e.ups(-n);
            assert_eq!(e.add(tiny_up, minus_ups).unwrap(), tiny);
            assert!(e.game_count() < games + 10, "the difference walked the sum");
        })
        .unwrap()
        .join()
        .unwrap();
}

/// Games with varied stops (numbers, switches, hot and tiny games) for the comparison fast
/// paths below.
const STOP_SAMPLES: [&str; 12] = [
    "0",
    "1",
    "-1/2",
    "*",
    "^",
    "{2|-1}",
    "{1|0}",
    "{3/2|1/4}",
    "{0|-2}",
    "{{2|1}|0}",
    "1*",
    "{1|-1}+{1/2|0}",
];

#[test]
fn interned_stop_test_agrees_with_comparing_stops() {
    let mut e = Engine::new();
    let games: Vec<GameId> = STOP_SAMPLES.iter().map(|t| game(&mut e, t)).collect();
    for &g in &games {
        for &h in &games {
            let by_values = e.left_stop(g) > e.left_stop(h) || e.right_stop(g) > e.right_stop(h);
            assert_eq!(e.some_stop_exceeds(g, h), by_values);
        }
    }
}

#[test]
fn maximal_options_equal_the_pairwise_definition() {
    let mut e = Engine::new();
    let games: Vec<GameId> = STOP_SAMPLES.iter().map(|t| game(&mut e, t)).collect();
    // Every window of the samples as an option list, for both players.
    for start in 0..games.len() {
        for end in start + 1..=games.len() {
            let options = &games[start..end];
            for left in [true, false] {
                let mut expected = Vec::new();
                for &g in options {
                    let mut dominated = false;
                    for &h in options {
                        let worse = if left { e.leq(g, h) } else { e.leq(h, g) };
                        dominated |= g != h && worse.unwrap();
                    }
                    if !dominated && !expected.contains(&g) {
                        expected.push(g);
                    }
                }
                expected.sort_unstable();
                assert_eq!(e.maximal(options, left).unwrap().as_slice(), expected);
            }
        }
    }
}
