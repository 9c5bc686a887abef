//! Definitional brute-force tests for the form-dependent short-game operations (ordinal
//! product, selective sum, subordinate, Pow and PowTo): each operation is computed straight
//! from its definition on explicit game trees, with no caching and no canonical forms below
//! the top, and compared with the engine on hundreds of small games.

use super::{Dyadic, Engine, GameId};

/// A game in an explicit form: its option trees, as the definition builds them.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    fn of(e: &mut Engine, g: GameId) -> Tree {
        let left = e.left_options(g).unwrap();
        let right = e.right_options(g).unwrap();
        Tree {
            left: left.into_iter().map(|o| Tree::of(e, o)).collect(),
            right: right.into_iter().map(|o| Tree::of(e, o)).collect(),
        }
    }

    /// The canonical value of the tree, simplified bottom-up.
    fn value(&self, e: &mut Engine) -> GameId {
        let left: Vec<GameId> = self.left.iter().map(|t| t.value(e)).collect();
        let right: Vec<GameId> = self.right.iter().map(|t| t.value(e)).collect();
        e.game_from_options(&left, &right).unwrap()
    }

    fn neg(&self) -> Tree {
        Tree {
            left: self.right.iter().map(Tree::neg).collect(),
            right: self.left.iter().map(Tree::neg).collect(),
        }
    }

    fn sides(&self) -> [&Vec<Tree>; 2] {
        [&self.left, &self.right]
    }
}

fn from_sides([left, right]: [Vec<Tree>; 2]) -> Tree {
    Tree { left, right }
}

/// A : B = {A^L, A : B^L | A^R, A : B^R}.
fn ordinal_sum(a: &Tree, b: &Tree) -> Tree {
    from_sides([0, 1].map(|side| {
        let mut options = a.sides()[side].clone();
        options.extend(b.sides()[side].iter().map(|o| ordinal_sum(a, o)));
        options
    }))
}

/// G ⊗ H: X moves to (G ⊗ H^L) : G^X or to (G ⊗ H^R) : (−G)^X.
fn ordinal_product(g: &Tree, h: &Tree) -> Tree {
    let minus_g = g.neg();
    from_sides([0, 1].map(|side| {
        let mut options = Vec::new();
        for h_left in &h.left {
            let base = ordinal_product(g, h_left);
            options.extend(g.sides()[side].iter().map(|x| ordinal_sum(&base, x)));
        }
        for h_right in &h.right {
            let base = ordinal_product(g, h_right);
            options.extend(minus_g.sides()[side].iter().map(|x| ordinal_sum(&base, x)));
        }
        options
    }))
}

/// G ∨ H: move in G alone, in H alone, or in both (one move in each).
fn selective_sum(g: &Tree, h: &Tree) -> Tree {
    from_sides([0, 1].map(|side| {
        let mut options = Vec::new();
        for x in g.sides()[side] {
            options.push(selective_sum(x, h));
            for y in h.sides()[side] {
                options.push(selective_sum(x, y));
            }
        }
        for y in h.sides()[side] {
            options.push(selective_sum(g, y));
        }
        options
    }))
}

/// The canonical games born by day 2, then some born on day 3 built from them, drawn by a
/// fixed pseudo-random sequence (so failures reproduce).
fn small_games(e: &mut Engine, day_three: usize) -> Vec<GameId> {
    let mut games = vec![Engine::ZERO];
    for _ in 0..2 {
        let mut next = games.clone();
        for left_mask in 0u32..1 << games.len() {
            for right_mask in 0u32..1 << games.len() {
                let pick = |mask: u32| -> Vec<GameId> {
                    (0..games.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| games[i])
                        .collect()
                };
                let g = e
                    .game_from_options(&pick(left_mask), &pick(right_mask))
                    .unwrap();
                if !next.contains(&g) {
                    next.push(g);
                }
            }
        }
        games = next;
    }
    assert_eq!(games.len(), 22, "the games born by day 2");
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut random = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let day_two = games.clone();
    while games.len() < 22 + day_three {
        let left: Vec<GameId> = (0..random(3)).map(|_| day_two[random(22)]).collect();
        let right: Vec<GameId> = (0..random(3)).map(|_| day_two[random(22)]).collect();
        let g = e.game_from_options(&left, &right).unwrap();
        if !games.contains(&g) {
            games.push(g);
        }
    }
    games
}

#[test]
fn ordinal_product_follows_its_definition() {
    let mut e = Engine::new();
    let games = small_games(&mut e, 8);
    let mut checked = 0;
    for (i, &g) in games.iter().enumerate() {
        for (j, &h) in games.iter().enumerate() {
            // Day-3 games on both sides make trees too large for the naive definition.
            if i >= 22 && j >= 22 {
                continue;
            }
            let (gt, ht) = (Tree::of(&mut e, g), Tree::of(&mut e, h));
            let expected = ordinal_product(&gt, &ht).value(&mut e);
            assert_eq!(
                e.ordinal_product(g, h).unwrap(),
                expected,
                "games {i} ⊗ {j}"
            );
            checked += 1;
        }
    }
    assert!(checked > 600);
}

#[test]
fn ordinal_product_laws() {
    let mut e = Engine::new();
    // Nim heaps multiply as ordinals, by the definition (not only by the shortcut).
    // (Larger heaps make the definition's trees explode.)
    for a in 0..4u64 {
        for b in 0..3u64 {
            let (ga, gb) = (e.nimber(a), e.nimber(b));
            let (ta, tb) = (Tree::of(&mut e, ga), Tree::of(&mut e, gb));
            let product = ordinal_product(&ta, &tb).value(&mut e);
            assert_eq!(product, e.nimber(a * b), "*{a} ⊗ *{b}");
        }
    }
    // G ⊗ 1 = 1 ⊗ G = G, and G ⊗ 0 = 0.
    let one = e.integer(1);
    for g in small_games(&mut e, 20) {
        assert_eq!(e.ordinal_product(g, one).unwrap(), g);
        assert_eq!(e.ordinal_product(one, g).unwrap(), g);
        assert_eq!(e.ordinal_product(g, Engine::ZERO).unwrap(), Engine::ZERO);
    }
}

/// Every explicit form with up to two options a side drawn from `games`, a few hundred of
/// them, by a fixed pseudo-random sequence.
fn explicit_forms(games: &[GameId], count: usize) -> Vec<(Vec<GameId>, Vec<GameId>)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..count)
        .map(|_| {
            let left = (0..random(3)).map(|_| games[random(games.len())]).collect();
            let right = (0..random(3)).map(|_| games[random(games.len())]).collect();
            (left, right)
        })
        .collect()
}

fn tree_of_form(e: &mut Engine, (left, right): &(Vec<GameId>, Vec<GameId>)) -> Tree {
    Tree {
        left: left.iter().map(|&o| Tree::of(e, o)).collect(),
        right: right.iter().map(|&o| Tree::of(e, o)).collect(),
    }
}

#[test]
fn selective_sum_follows_its_definition() {
    let mut e = Engine::new();
    let games = small_games(&mut e, 0);
    // Canonical games.
    for &g in &games {
        for &h in &games {
            let (gt, ht) = (Tree::of(&mut e, g), Tree::of(&mut e, h));
            let expected = selective_sum(&gt, &ht).value(&mut e);
            let (gl, gr) = (e.left_options(g).unwrap(), e.right_options(g).unwrap());
            let (hl, hr) = (e.left_options(h).unwrap(), e.right_options(h).unwrap());
            assert_eq!(e.selective_sum((&gl, &gr), (&hl, &hr)).unwrap(), expected);
        }
    }
    // Explicit top-level forms, such as {*|*}, which keep their form below the top.
    let day_one: Vec<GameId> = games
        .iter()
        .copied()
        .filter(|&g| e.birthday(g).unwrap() <= 1)
        .collect();
    let forms = explicit_forms(&day_one, 300);
    for pair in forms.chunks(2) {
        let (gt, ht) = (
            tree_of_form(&mut e, &pair[0]),
            tree_of_form(&mut e, &pair[1]),
        );
        let expected = selective_sum(&gt, &ht).value(&mut e);
        let (g, h) = (&pair[0], &pair[1]);
        assert_eq!(
            e.selective_sum((&g.0, &g.1), (&h.0, &h.1)).unwrap(),
            expected,
            "{pair:?}"
        );
    }
}

#[test]
fn subordinate_undoes_the_ordinal_sum() {
    let mut e = Engine::new();
    let games = small_games(&mut e, 10);
    let forms = explicit_forms(&games[..22], 200);
    let mut undone = 0;
    for (base_left, base_right) in &forms {
        let base_tree = tree_of_form(&mut e, &(base_left.clone(), base_right.clone()));
        for &h in &games[..22] {
            let h_tree = Tree::of(&mut e, h);
            let g = ordinal_sum(&base_tree, &h_tree).value(&mut e);
            // Whenever a subordinate is found, it must be an H with B : H = G.
            if let Some(found) = e.subordinate(g, (base_left, base_right)).unwrap() {
                let found_tree = Tree::of(&mut e, found);
                let back = ordinal_sum(&base_tree, &found_tree).value(&mut e);
                assert_eq!(back, g, "base {base_left:?}|{base_right:?}, H {h:?}");
                undone += 1;
            }
        }
    }
    assert!(undone > 1000, "only {undone} subordinates found");
}

#[test]
fn subordinate_follows_cgsuite_examples() {
    let mut e = Engine::new();
    let star = e.nimber(1);
    let one = e.integer(1);
    // *.Subordinate(1) fails: 0 has no Left option at least 0.
    assert_eq!(e.subordinate(star, (&[Engine::ZERO], &[])).unwrap(), None);
    // ^.Subordinate('{*|*}') = 1: '{*|*}' : 1 = {*, {*|*} | *} = ^.
    let up = e.ups(1);
    assert_eq!(e.subordinate(up, (&[star], &[star])).unwrap(), Some(one));
    let _ = Dyadic::ZERO;
}

/// The K with 1 : K = x, searched for among the numbers k/16 in [−5, 5] and the games born
/// by day 2 (`None` if there is none).
fn exponent_by_search(e: &mut Engine, x: GameId, pool: &[GameId]) -> Option<GameId> {
    let one = e.integer(1);
    let one_tree = Tree::of(e, one);
    pool.iter().copied().find(|&k| {
        let k_tree = Tree::of(e, k);
        ordinal_sum(&one_tree, &k_tree).value(e) == x
    })
}

fn exponent_pool(e: &mut Engine) -> Vec<GameId> {
    let mut pool = small_games(e, 0);
    for k in -80..=80 {
        let x = e.number(Dyadic::new(k, 4).unwrap());
        if !pool.contains(&x) {
            pool.push(x);
        }
    }
    pool
}

#[test]
fn pow_to_is_the_ordinal_sum_with_the_subordinated_exponent() {
    let mut e = Engine::new();
    let pool = exponent_pool(&mut e);
    let mut exponents: Vec<GameId> = (-8..=24)
        .map(|k| e.number(Dyadic::new(k, 3).unwrap()))
        .collect();
    exponents.extend(["*", "^", "{1|0}", "{2|1}"].map(|t| super::testutil::game(&mut e, t)));
    let mut checked = 0;
    for g in small_games(&mut e, 10) {
        let g_tree = Tree::of(&mut e, g);
        for &x in &exponents {
            let expected = if x == Engine::ZERO {
                Some(Engine::ZERO)
            } else {
                exponent_by_search(&mut e, x, &pool).map(|k| {
                    let k_tree = Tree::of(&mut e, k);
                    ordinal_sum(&g_tree, &k_tree).value(&mut e)
                })
            };
            let got = e.pow_to(g, x).unwrap().ok();
            assert_eq!(got, expected, "PowTo: game {g:?}, exponent {x:?}");
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

#[test]
fn pow_follows_its_definition() {
    let mut e = Engine::new();
    let pool = exponent_pool(&mut e);
    let one = e.integer(1);
    // Bases {0|H}, ↑ among them (whose integer powers take a shortcut).
    let mut bases = Vec::new();
    for h in small_games(&mut e, 10) {
        bases.push(e.game_from_options(&[Engine::ZERO], &[h]).unwrap());
    }
    let mut checked = 0;
    for &g in &bases {
        let right = e.right_options(g).unwrap();
        let shape_kept = e.left_options(g).unwrap() == [Engine::ZERO] && right.len() == 1;
        let h = right.first().copied().unwrap_or(Engine::ZERO);
        let g_tree = Tree::of(&mut e, g);
        for k in -4..=20 {
            let x = e.number(Dyadic::new(k, 2).unwrap());
            // {0 | H − G : K}, where 1 : K = x − 1 (and G.PowTo(0) = 0).
            let x_minus_one = e.sub(x, one).unwrap();
            let pow_to = if x_minus_one == Engine::ZERO {
                Some(Engine::ZERO)
            } else {
                exponent_by_search(&mut e, x_minus_one, &pool).map(|k| {
                    let k_tree = Tree::of(&mut e, k);
                    ordinal_sum(&g_tree, &k_tree).value(&mut e)
                })
            };
            let expected = match (shape_kept, pow_to) {
                (false, _) => Err(super::uptimal::PowError::InvalidBase),
                (true, None) => Err(super::uptimal::PowError::InvalidExponent),
                (true, Some(p)) => {
                    let right = e.sub(h, p).unwrap();
                    Ok(e.game_from_options(&[Engine::ZERO], &[right]).unwrap())
                }
            };
            assert_eq!(
                e.pow(g, x).unwrap(),
                expected,
                "Pow: base {g:?}, exponent {x:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 500);
    // ↑ⁿ by the shortcut agrees with the definition too (↑ is among the bases: {0|*}).
    let up = e.ups(1);
    assert!(bases.contains(&up));
}
