//! Test support: values by plain search — every option enumerated, no components, no
//! symmetry, no closed forms, positions remembered only by their full description — to
//! check the solvers' decompositions and keys against; and a small deterministic random
//! generator for positions.

use super::impartial::{ImpartialRules, mex};
use super::partizan::Rules;
use crate::engine::{Engine, GameId};
use rustc_hash::FxHashMap;

/// The canonical value of a partizan position by plain search.
pub fn partizan_value<G: Rules>(
    g: &G,
    engine: &mut Engine,
    memo: &mut FxHashMap<String, GameId>,
) -> GameId {
    let key = g.describe();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, left) in [true, false].into_iter().enumerate() {
        let mut moves = Vec::new();
        g.moves(left, &mut moves);
        for m in &moves {
            let v = partizan_value(m, engine, memo);
            sides[k].push(v);
        }
    }
    let v = engine
        .game_from_options(&sides[0], &sides[1])
        .expect("small game");
    memo.insert(key, v);
    v
}

/// The nim value of an impartial position by plain search.
pub fn nim_value<G: ImpartialRules>(g: &G, memo: &mut FxHashMap<String, u32>) -> u32 {
    let key = g.describe();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves = Vec::new();
    g.moves(&mut moves);
    let mut values: Vec<u32> = moves.iter().map(|m| nim_value(m, memo)).collect();
    let v = mex(&mut values);
    memo.insert(key, v);
    v
}

/// xorshift64*: reproducible random positions without a dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n
    }

    /// A random string of `len` characters drawn from `alphabet`.
    pub fn string(&mut self, alphabet: &str, len: usize) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        (0..len)
            .map(|_| chars[self.below(chars.len() as u64) as usize])
            .collect()
    }

    /// A random board of `rows` rows of `cols` characters, rows joined by `|`.
    pub fn board(&mut self, alphabet: &str, rows: usize, cols: usize) -> String {
        (0..rows)
            .map(|_| self.string(alphabet, cols))
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// A game printed in CGSuite's notation (for test messages and expectations).
#[cfg(test)]
pub fn render(e: &mut Engine, g: GameId) -> String {
    crate::display::notation::Printer::new()
        .render_game(e, g)
        .expect("prints")
}

/// The value the solver finds, printed.
#[cfg(test)]
pub fn solved<G: Rules>(g: &G, e: &mut Engine) -> String {
    let v = crate::rulesets::partizan::Solver::new()
        .value(g, e)
        .expect("solves");
    render(e, v)
}

/// The solver (one table for all the positions) and plain search agree on each position.
#[cfg(test)]
pub fn agree<G: Rules>(positions: &[G]) {
    let mut e = Engine::new();
    let mut solver = crate::rulesets::partizan::Solver::new();
    let mut memo = FxHashMap::default();
    for g in positions {
        let fast = solver.value(g, &mut e).expect("solves");
        let plain = partizan_value(g, &mut e, &mut memo);
        assert_eq!(
            fast,
            plain,
            "{}: solver {} but plain search {}",
            g.describe(),
            render(&mut e, fast),
            render(&mut e, plain)
        );
    }
}
