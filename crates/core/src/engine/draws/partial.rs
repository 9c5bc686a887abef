//! Solving part of a game graph whose other followers are solved already (draws.md §2.2: "a
//! later search from another start reuses everything already solved"). A search over a
//! user's ruleset meets positions labelled by earlier searches, and sums whose value comes
//! from Smith's rule; their labels are fixed, and only the new positions are labelled.
//!
//! A solved follower is replaced by a small gadget graph with the same label: the nimber
//! tower `*0 … *M` for a finite loopy nim value, a vertex with a self-loop and edges to `*k`
//! (k ∈ K) for ∞(K) (Smith: games of equal value are interchangeable in every sum), and a
//! chain `c_r → c_(r−1) → … → c_0` for an outcome with remoteness r (only the followers'
//! verdicts and remoteness decide a position's). The whole-graph algorithms of the parent
//! module then run unchanged. A vertex whose followers are all solved is labelled directly
//! by the same rules, which is the common case in a search that meets no cycle.

use super::{
    Digraph, INFINITE, LoopyNim, Verdict, finite_option_values, loopy_nim_values, outcomes,
    partizan_outcomes,
};
use crate::engine::{Engine, EngineResult};
use rustc_hash::FxHashMap;

/// How long best play lasts from a position with a given player to move (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Remoteness {
    /// The game ends after this many moves under best play.
    Moves(u32),
    /// A draw: play never ends.
    Draw,
    /// Not known: a follower is a sum, whose remoteness needs its product graph.
    Unknown,
}

impl Remoteness {
    fn moves(self) -> Option<u32> {
        match self {
            Remoteness::Moves(r) => Some(r),
            _ => None,
        }
    }
}

/// A follower of a position being labelled: another position of the same search (by its
/// index), or one whose label is known.
#[derive(Clone, Debug, PartialEq)]
pub enum Target<L> {
    Local(u32),
    Solved(L),
}

/// What is known of a position in impartial play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImpartialLabel {
    pub value: LoopyNim,
    pub remoteness: Remoteness,
}

impl ImpartialLabel {
    /// Who wins with the player to move (from the value: §1.3).
    pub fn verdict(&self) -> Verdict {
        self.value.verdict()
    }
}

/// What is known of a position in partizan play, for each player to move (0: Left, 1:
/// Right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartizanLabel {
    pub verdict: [Verdict; 2],
    pub remoteness: [Remoteness; 2],
}

impl PartizanLabel {
    /// A short game's label from its outcome class: who wins with each player moving first.
    /// (Its remoteness is that of a game tree the class does not tell.)
    pub fn of_short(outcome: crate::engine::Outcome) -> PartizanLabel {
        use crate::engine::Outcome;
        let wins = |yes: bool| if yes { Verdict::Win } else { Verdict::Lose };
        PartizanLabel {
            verdict: [
                wins(matches!(outcome, Outcome::L | Outcome::N)),
                wins(matches!(outcome, Outcome::R | Outcome::N)),
            ],
            remoteness: [Remoteness::Unknown; 2],
        }
    }
}

/// Labels positions `0..options.len()` of an impartial game, `options[u]` being u's
/// followers in move order.
pub fn label_impartial(
    options: &[Vec<Target<ImpartialLabel>>],
    engine: &Engine,
) -> EngineResult<Vec<ImpartialLabel>> {
    if let [only] = options
        && only.iter().all(|t| matches!(t, Target::Solved(_)))
    {
        let labels: Vec<&ImpartialLabel> = only
            .iter()
            .filter_map(|t| match t {
                Target::Solved(l) => Some(l),
                Target::Local(_) => None,
            })
            .collect();
        return Ok(vec![impartial_from_followers(&labels)]);
    }
    let n = options.len() as u32;
    // The value graph: local vertices first, then the gadgets.
    let mut values = Gadgets::new(n);
    let mut value_lists: Vec<Vec<u32>> = Vec::with_capacity(options.len());
    // The remoteness graph: the same local vertices, chain gadgets.
    let mut chains = Gadgets::new(n);
    let mut chain_lists: Vec<Vec<u32>> = Vec::with_capacity(options.len());
    let mut unknown = false;
    for list in options {
        let mut to_values = Vec::with_capacity(list.len());
        let mut to_chains = Vec::with_capacity(list.len());
        for t in list {
            match t {
                Target::Local(v) => {
                    to_values.push(*v);
                    to_chains.push(*v);
                }
                Target::Solved(l) => {
                    to_values.push(values.value(&l.value));
                    unknown |= l.remoteness == Remoteness::Unknown;
                    to_chains.push(chains.outcome(l.verdict(), l.remoteness));
                }
            }
        }
        value_lists.push(to_values);
        chain_lists.push(to_chains);
    }
    let value_graph = values.finish(value_lists, engine)?;
    let chain_graph = chains.finish(chain_lists, engine)?;
    let gamma = loopy_nim_values(&value_graph, engine)?;
    let decided = outcomes(&chain_graph, engine)?;
    Ok((0..n)
        .map(|u| {
            let value = if gamma[u as usize] == INFINITE {
                LoopyNim::Infinite(finite_option_values(&value_graph, &gamma, u))
            } else {
                LoopyNim::Finite(gamma[u as usize])
            };
            debug_assert_eq!(value.verdict(), decided.verdict(u));
            let remoteness = match decided.remoteness(u) {
                None => Remoteness::Draw,
                Some(_) if unknown => Remoteness::Unknown,
                Some(r) => Remoteness::Moves(r),
            };
            ImpartialLabel { value, remoteness }
        })
        .collect())
}

/// Labels positions `0..left.len()` of a partizan game: `left[u]` and `right[u]` are u's
/// followers for Left and for Right.
pub fn label_partizan(
    left: &[Vec<Target<PartizanLabel>>],
    right: &[Vec<Target<PartizanLabel>>],
    engine: &Engine,
) -> EngineResult<Vec<PartizanLabel>> {
    let solved = |list: &Vec<Target<PartizanLabel>>| -> Option<Vec<PartizanLabel>> {
        list.iter()
            .map(|t| match t {
                Target::Solved(l) => Some(*l),
                Target::Local(_) => None,
            })
            .collect()
    };
    if let ([l], [r]) = (left, right)
        && let (Some(l), Some(r)) = (solved(l), solved(r))
    {
        let (vl, rl) = side_from_followers(l.iter().map(|x| (x.verdict[1], x.remoteness[1])));
        let (vr, rr) = side_from_followers(r.iter().map(|x| (x.verdict[0], x.remoteness[0])));
        return Ok(vec![PartizanLabel {
            verdict: [vl, vr],
            remoteness: [rl, rr],
        }]);
    }
    let n = left.len() as u32;
    let mut gadgets = Gadgets::new(n);
    let mut unknown = false;
    let mut lists = [
        Vec::with_capacity(left.len()),
        Vec::with_capacity(left.len()),
    ];
    for (side, all) in [left, right].into_iter().enumerate() {
        for list in all {
            let mut to = Vec::with_capacity(list.len());
            for t in list {
                match t {
                    Target::Local(v) => to.push(*v),
                    Target::Solved(l) => {
                        unknown |= l.remoteness.contains(&Remoteness::Unknown);
                        to.push(gadgets.partizan(l));
                    }
                }
            }
            lists[side].push(to);
        }
    }
    let [left_lists, right_lists] = lists;
    let (left_graph, right_graph) = gadgets.finish_partizan(left_lists, right_lists, engine)?;
    let decided = partizan_outcomes(&left_graph, &right_graph, engine)?;
    use super::Side;
    Ok((0..n)
        .map(|u| {
            let side = |s: Side| {
                let verdict = decided.verdict(u, s);
                let remoteness = match decided.remoteness(u, s) {
                    None => Remoteness::Draw,
                    Some(_) if unknown => Remoteness::Unknown,
                    Some(r) => Remoteness::Moves(r),
                };
                (verdict, remoteness)
            };
            let (vl, rl) = side(Side::Left);
            let (vr, rr) = side(Side::Right);
            PartizanLabel {
                verdict: [vl, vr],
                remoteness: [rl, rr],
            }
        })
        .collect())
}

/// The label of a position whose followers are all labelled: Smith's rule for the value
/// (§1.3: the mex m of the finite values, if every infinite follower has an option of value
/// m, else ∞ of the finite values), and the retrograde rules for the remoteness.
fn impartial_from_followers(followers: &[&ImpartialLabel]) -> ImpartialLabel {
    let mut finite: Vec<u32> = followers
        .iter()
        .filter_map(|l| match l.value {
            LoopyNim::Finite(x) => Some(x),
            LoopyNim::Infinite(_) => None,
        })
        .collect();
    finite.sort_unstable();
    finite.dedup();
    let mex = finite
        .iter()
        .enumerate()
        .find(|&(i, &x)| x != i as u32)
        .map_or(finite.len() as u32, |(i, _)| i as u32);
    let reverts = followers.iter().all(|l| match &l.value {
        LoopyNim::Finite(_) => true,
        LoopyNim::Infinite(k) => k.binary_search(&mex).is_ok(),
    });
    let value = if reverts {
        LoopyNim::Finite(mex)
    } else {
        LoopyNim::Infinite(finite)
    };
    let (_, remoteness) =
        side_from_followers(followers.iter().map(|l| (l.verdict(), l.remoteness)));
    ImpartialLabel { value, remoteness }
}

/// Verdict and remoteness for the player to move, from the followers' (with the opponent to
/// move there): win if some follower loses for the opponent (the quickest such win), lose if
/// every follower wins for the opponent (the slowest such loss), else draw.
fn side_from_followers(
    followers: impl Iterator<Item = (Verdict, Remoteness)>,
) -> (Verdict, Remoteness) {
    let mut quickest_win: Option<Remoteness> = None;
    let mut count = 0u32;
    // The slowest of the followers' wins; `None` once one of them is unknown.
    let mut slowest: Option<u32> = Some(0);
    let mut draw = false;
    for (verdict, r) in followers {
        count += 1;
        match verdict {
            Verdict::Lose => {
                quickest_win = Some(match (quickest_win, r.moves()) {
                    (None, _) => r,
                    (Some(Remoteness::Moves(a)), Some(b)) => Remoteness::Moves(a.min(b)),
                    _ => Remoteness::Unknown,
                });
            }
            Verdict::Win => slowest = slowest.zip(r.moves()).map(|(a, b)| a.max(b)),
            Verdict::Draw => draw = true,
        }
    }
    match quickest_win {
        Some(Remoteness::Moves(k)) => (Verdict::Win, Remoteness::Moves(k + 1)),
        Some(_) => (Verdict::Win, Remoteness::Unknown),
        None if draw => (Verdict::Draw, Remoteness::Draw),
        // A position without moves is lost at once.
        None if count == 0 => (Verdict::Lose, Remoteness::Moves(0)),
        None => (
            Verdict::Lose,
            slowest.map_or(Remoteness::Unknown, |r| Remoteness::Moves(r + 1)),
        ),
    }
}

/// The gadget vertices appended after the `local` vertices of a graph being built.
struct Gadgets {
    local: u32,
    /// Edges of the gadget vertices, indexed from `local`.
    edges: Vec<Vec<u32>>,
    /// Right's edges when they differ (partizan side gadgets), same indexing.
    right_edges: Vec<Vec<u32>>,
    tower: Vec<u32>,
    infinite: FxHashMap<Vec<u32>, u32>,
    chain: Vec<u32>,
    draw: Option<u32>,
    partizan: FxHashMap<PartizanLabel, u32>,
}

impl Gadgets {
    fn new(local: u32) -> Self {
        Gadgets {
            local,
            edges: Vec::new(),
            right_edges: Vec::new(),
            tower: Vec::new(),
            infinite: FxHashMap::default(),
            chain: Vec::new(),
            draw: None,
            partizan: FxHashMap::default(),
        }
    }

    fn vertex(&mut self, left: Vec<u32>, right: Vec<u32>) -> u32 {
        self.edges.push(left);
        self.right_edges.push(right);
        self.local + self.edges.len() as u32 - 1
    }

    /// `*n`: the tower `*0 … *n`, each a move to every lower one.
    fn nimber(&mut self, n: u32) -> u32 {
        while self.tower.len() <= n as usize {
            let lower = self.tower.clone();
            let v = self.vertex(lower.clone(), lower);
            self.tower.push(v);
        }
        self.tower[n as usize]
    }

    /// A vertex of loopy nim value `value`.
    fn value(&mut self, value: &LoopyNim) -> u32 {
        match value {
            LoopyNim::Finite(n) => self.nimber(*n),
            LoopyNim::Infinite(k) => {
                if let Some(&v) = self.infinite.get(k) {
                    return v;
                }
                let mut to: Vec<u32> = k.iter().map(|&x| self.nimber(x)).collect();
                let v = self.local + self.edges.len() as u32;
                to.push(v);
                let v = self.vertex(to.clone(), to);
                self.infinite.insert(k.clone(), v);
                v
            }
        }
    }

    /// `c_r`: r moves from the end, whoever moves.
    fn chain(&mut self, r: u32) -> u32 {
        while self.chain.len() <= r as usize {
            let to: Vec<u32> = self.chain.last().copied().into_iter().collect();
            let v = self.vertex(to.clone(), to);
            self.chain.push(v);
        }
        self.chain[r as usize]
    }

    /// A vertex where both players pass for ever.
    fn draw(&mut self) -> u32 {
        if let Some(d) = self.draw {
            return d;
        }
        let d = self.local + self.edges.len() as u32;
        let d = self.vertex(vec![d], vec![d]);
        self.draw = Some(d);
        d
    }

    /// The move, for the player at a vertex, that gives them `verdict` with `remoteness`
    /// (an unknown remoteness stands in as the least of its parity; the caller marks the
    /// results unknown). `None`: no move at all (a loss in 0 moves).
    fn side_move(&mut self, verdict: Verdict, remoteness: Remoteness) -> Option<u32> {
        let r = match (verdict, remoteness) {
            (Verdict::Draw, _) | (_, Remoteness::Draw) => return Some(self.draw()),
            (_, Remoteness::Moves(r)) => r,
            (Verdict::Win, Remoteness::Unknown) => 1,
            (Verdict::Lose, Remoteness::Unknown) => 0,
        };
        (r > 0).then(|| self.chain(r - 1))
    }

    /// A vertex with `verdict` and `remoteness` for the player to move (impartial): `c_r`,
    /// or the draw; an unknown remoteness stands in as the least of its parity.
    fn outcome(&mut self, verdict: Verdict, remoteness: Remoteness) -> u32 {
        match (verdict, remoteness) {
            (Verdict::Draw, _) | (_, Remoteness::Draw) => self.draw(),
            (_, Remoteness::Moves(r)) => self.chain(r),
            (Verdict::Win, Remoteness::Unknown) => self.chain(1),
            (Verdict::Lose, Remoteness::Unknown) => self.chain(0),
        }
    }

    /// A vertex with the label `l` for each player to move.
    fn partizan(&mut self, l: &PartizanLabel) -> u32 {
        if let Some(&v) = self.partizan.get(l) {
            return v;
        }
        let left = self.side_move(l.verdict[0], l.remoteness[0]);
        let right = self.side_move(l.verdict[1], l.remoteness[1]);
        let v = self.vertex(left.into_iter().collect(), right.into_iter().collect());
        self.partizan.insert(*l, v);
        v
    }

    /// The impartial graph: local lists, then the gadgets.
    fn finish(self, mut lists: Vec<Vec<u32>>, engine: &Engine) -> EngineResult<Digraph> {
        lists.extend(self.edges);
        Digraph::from_adjacency(&lists, engine)
    }

    /// Left's and Right's graphs.
    fn finish_partizan(
        self,
        mut left: Vec<Vec<u32>>,
        mut right: Vec<Vec<u32>>,
        engine: &Engine,
    ) -> EngineResult<(Digraph, Digraph)> {
        left.extend(self.edges);
        right.extend(self.right_edges);
        Ok((
            Digraph::from_adjacency(&left, engine)?,
            Digraph::from_adjacency(&right, engine)?,
        ))
    }
}

#[cfg(test)]
mod tests {
    //! Labelling a graph one strongly connected component at a time, each with the
    //! components below it solved, gives the labels of the whole-graph algorithms.

    use super::super::{Side, outcomes};
    use super::*;
    use proptest::prelude::*;

    type Adj = Vec<Vec<u32>>;

    fn reach(adj: &Adj) -> Vec<Vec<bool>> {
        let n = adj.len();
        let mut r = vec![vec![false; n]; n];
        for (v, row) in r.iter_mut().enumerate() {
            let mut stack = vec![v];
            row[v] = true;
            while let Some(u) = stack.pop() {
                for &w in &adj[u] {
                    if !row[w as usize] {
                        row[w as usize] = true;
                        stack.push(w as usize);
                    }
                }
            }
        }
        r
    }

    /// The components, each after every component it can reach (mutual reachability; the
    /// brute-force order of a search that finishes followers first).
    fn components(adjs: &[&Adj]) -> Vec<Vec<usize>> {
        let n = adjs[0].len();
        let union: Adj = (0..n)
            .map(|v| adjs.iter().flat_map(|a| a[v].iter().copied()).collect())
            .collect();
        let r = reach(&union);
        let mut done = vec![false; n];
        let mut out = Vec::new();
        while done.iter().any(|d| !d) {
            let v = (0..n)
                .find(|&v| !done[v] && (0..n).all(|w| done[w] || !r[v][w] || r[w][v]))
                .expect("a bottom component");
            let comp: Vec<usize> = (0..n).filter(|&w| r[v][w] && r[w][v]).collect();
            for &w in &comp {
                done[w] = true;
            }
            out.push(comp);
        }
        out
    }

    fn targets<L: Clone>(row: &[u32], comp: &[usize], labels: &[Option<L>]) -> Vec<Target<L>> {
        row.iter()
            .map(|&w| match comp.iter().position(|&c| c == w as usize) {
                Some(i) => Target::Local(i as u32),
                None => Target::Solved(labels[w as usize].clone().expect("solved below")),
            })
            .collect()
    }

    fn arb_adj() -> impl Strategy<Value = Adj> {
        (1usize..=10)
            .prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..=3), n))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn impartial_by_components_matches_whole_graph(adj in arb_adj()) {
            let engine = Engine::new();
            let g = Digraph::from_adjacency(&adj, &engine).unwrap();
            let gamma = loopy_nim_values(&g, &engine).unwrap();
            let whole = outcomes(&g, &engine).unwrap();
            let mut labels: Vec<Option<ImpartialLabel>> = vec![None; adj.len()];
            for comp in components(&[&adj]) {
                let options: Vec<_> =
                    comp.iter().map(|&v| targets(&adj[v], &comp, &labels)).collect();
                for (l, &v) in label_impartial(&options, &engine).unwrap().into_iter().zip(&comp) {
                    labels[v] = Some(l);
                }
            }
            for v in 0..adj.len() as u32 {
                let l = labels[v as usize].clone().unwrap();
                prop_assert_eq!(&l.value, &LoopyNim::of_vertex(&g, &gamma, v));
                let expected = match whole.remoteness(v) {
                    Some(r) => Remoteness::Moves(r),
                    None => Remoteness::Draw,
                };
                prop_assert_eq!(l.remoteness, expected);
            }
        }

        #[test]
        fn partizan_by_components_matches_whole_graph(left in arb_adj(), seed in any::<u64>()) {
            let engine = Engine::new();
            let n = left.len() as u32;
            // Right's edges: Left's, shifted by a seed-dependent amount (same vertex set).
            let right: Adj = left
                .iter()
                .enumerate()
                .map(|(v, row)| {
                    row.iter()
                        .map(|&w| (w + (seed % 3) as u32 + v as u32 % 2) % n)
                        .collect()
                })
                .collect();
            let whole = partizan_outcomes(
                &Digraph::from_adjacency(&left, &engine).unwrap(),
                &Digraph::from_adjacency(&right, &engine).unwrap(),
                &engine,
            )
            .unwrap();
            let mut labels: Vec<Option<PartizanLabel>> = vec![None; left.len()];
            for comp in components(&[&left, &right]) {
                let l: Vec<_> = comp.iter().map(|&v| targets(&left[v], &comp, &labels)).collect();
                let r: Vec<_> = comp.iter().map(|&v| targets(&right[v], &comp, &labels)).collect();
                for (x, &v) in label_partizan(&l, &r, &engine).unwrap().into_iter().zip(&comp) {
                    labels[v] = Some(x);
                }
            }
            for v in 0..n {
                let l = labels[v as usize].unwrap();
                for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                    prop_assert_eq!(l.verdict[i], whole.verdict(v, side));
                    let expected = match whole.remoteness(v, side) {
                        Some(r) => Remoteness::Moves(r),
                        None => Remoteness::Draw,
                    };
                    prop_assert_eq!(l.remoteness[i], expected);
                }
            }
        }
    }
}
