//! Properties and operations of canonical stoppers and sided values: stops, outcome classes,
//! followers and options, degree, varieties, subordinate, ordinal sums and the loopy powers
//! of up (loopy.md §3.6–§3.10).

use super::graph::{Graph, Mover};
use super::{Loopy, LoopyResult, Mode, SideForm, Stopper, StopperKind, invalid};
use crate::engine::{Dyadic, Engine, EngineResult, GameId, Outcome};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::sync::Arc;

/// A stop of a stopper: a pseudonumber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    On,
    Off,
    Number(Dyadic),
    Over(Dyadic),
    Under(Dyadic),
}

impl Stop {
    /// Position in the pseudonumber order: off < x under < x < x over < y under < … < on.
    fn key(&self) -> (i8, Dyadic, i8) {
        match *self {
            Stop::Off => (-1, Dyadic::ZERO, 0),
            Stop::On => (1, Dyadic::ZERO, 0),
            Stop::Under(x) => (0, x, -1),
            Stop::Number(x) => (0, x, 0),
            Stop::Over(x) => (0, x, 1),
        }
    }

    fn cmp(&self, other: &Stop) -> Ordering {
        self.key().cmp(&other.key())
    }

    /// The stop without its adornment (`x over` → x).
    pub fn strong(self) -> Stop {
        match self {
            Stop::Over(x) | Stop::Under(x) => Stop::Number(x),
            s => s,
        }
    }

    pub fn number(self) -> Option<Dyadic> {
        match self {
            Stop::Number(x) => Some(x),
            _ => None,
        }
    }
}

/// Outcome classes of loopy values, with the draws of sided values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    Plain(Outcome),
    /// Left wins moving first; drawn if Right moves first.
    NHat,
    /// Drawn if Left moves first; Left wins if Right moves first.
    PHat,
    NCheck,
    PCheck,
    /// Drawn whoever moves first.
    D,
}

impl LoopyOutcome {
    pub fn name(self) -> &'static str {
        match self {
            LoopyOutcome::Plain(o) => o.letter(),
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::NCheck => "NCheck",
            LoopyOutcome::PCheck => "PCheck",
            LoopyOutcome::D => "D",
        }
    }

    /// The class in words, as the summary under a value says it.
    pub fn meaning(self) -> &'static str {
        match self {
            LoopyOutcome::Plain(o) => o.meaning(),
            LoopyOutcome::NHat => "Left wins moving first, a draw if Right starts",
            LoopyOutcome::PHat => "a draw if Left starts, Left wins if Right starts",
            LoopyOutcome::NCheck => "Right wins moving first, a draw if Left starts",
            LoopyOutcome::PCheck => "a draw if Right starts, Right wins if Left starts",
            LoopyOutcome::D => "a draw whoever starts",
        }
    }
}

impl Engine {
    /// The pseudonumber vertex `v` of a canonical stopper graph is, if it is one.
    fn vertex_pseudonumber(&self, s: &Stopper, v: u32) -> Option<Stop> {
        if let Some(g) = s.short[v as usize] {
            return self.as_number(g).map(Stop::Number);
        }
        let (l, r) = (&s.graph.left[v as usize], &s.graph.right[v as usize]);
        let number = |t: u32| s.short[t as usize].and_then(|g| self.as_number(g));
        if l.as_slice() == [v] && r.is_empty() {
            Some(Stop::On)
        } else if r.as_slice() == [v] && l.is_empty() {
            Some(Stop::Off)
        } else if l.len() == 1 && r.as_slice() == [v] && l[0] != v {
            number(l[0]).map(Stop::Over)
        } else if r.len() == 1 && l.as_slice() == [v] && r[0] != v {
            number(r[0]).map(Stop::Under)
        } else {
            None
        }
    }

    /// Left's (`Mover::Left`) or Right's stop of a canonical stopper.
    pub fn stopper_stop(&mut self, s: &Stopper, mover: Mover) -> EngineResult<Stop> {
        let mut memo = FxHashMap::default();
        self.stop_at(s, 0, mover, &mut memo, 0)
    }

    fn stop_at(
        &mut self,
        s: &Stopper,
        v: u32,
        mover: Mover,
        memo: &mut FxHashMap<(u32, Mover), Stop>,
        depth: usize,
    ) -> EngineResult<Stop> {
        if let Some(&stop) = memo.get(&(v, mover)) {
            return Ok(stop);
        }
        if let Some(p) = self.vertex_pseudonumber(s, v) {
            return Ok(p);
        }
        if let Some(g) = s.short[v as usize] {
            let x = match mover {
                Mover::Left => self.left_stop(g),
                Mover::Right => self.right_stop(g),
            };
            return Ok(Stop::Number(x));
        }
        // Alternating paths end in a stopper, so the depth is bounded by the graph's size.
        if depth > 2 * s.graph.len() + 2 {
            return Err(invalid("stops are defined only for stoppers"));
        }
        self.check_interrupt()?;
        let options: Vec<u32> = s.graph.targets(v, mover).collect();
        let mut best: Option<Stop> = None;
        for t in options {
            let stop = crate::engine::grow(|| self.stop_at(s, t, mover.other(), memo, depth + 1))?;
            best = Some(match best {
                None => stop,
                Some(b) => {
                    let better = match mover {
                        Mover::Left => stop.cmp(&b) == Ordering::Greater,
                        Mover::Right => stop.cmp(&b) == Ordering::Less,
                    };
                    if better { stop } else { b }
                }
            });
        }
        let stop = best.ok_or_else(|| {
            invalid("That stopper has no options on one side, so its stops are undefined")
        })?;
        memo.insert((v, mover), stop);
        Ok(stop)
    }

    /// The outcome class of a canonical stopper.
    pub fn stopper_outcome(&mut self, s: &Stopper) -> EngineResult<Outcome> {
        if let Some(g) = s.short_game() {
            return self.outcome(g);
        }
        let zero = Graph::from_short(self, Engine::ZERO)?;
        self.side_outcome(&s.graph, &zero, Mode::Stopper)
    }

    fn side_outcome(&mut self, g: &Graph, zero: &Graph, mode: Mode) -> EngineResult<Outcome> {
        let ge = super::compare::survival(self, zero, g, mode)?.leq(0, 0);
        let le = super::compare::survival(self, g, zero, mode)?.leq(0, 0);
        Ok(match (ge, le) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        })
    }

    /// The outcome class of any loopy value (loopy.md §3.9).
    pub fn loopy_outcome(&mut self, a: &Loopy) -> EngineResult<LoopyOutcome> {
        let (on, off) = a.sides();
        let zero = Graph::from_short(self, Engine::ZERO)?;
        let class = |e: &mut Engine, side: &SideForm, mode: Mode| match side {
            SideForm::Stopper(s) => e.stopper_outcome(s),
            SideForm::Simplified(g) => e.side_outcome(g, &zero, mode),
        };
        let on = class(self, &on, Mode::On)?;
        let off = class(self, &off, Mode::Off)?;
        use Outcome::*;
        Ok(match (on, off) {
            (x, y) if x == y => LoopyOutcome::Plain(x),
            (L, N) => LoopyOutcome::NHat,
            (L, P) => LoopyOutcome::PHat,
            (L, R) => LoopyOutcome::D,
            (N, R) => LoopyOutcome::NCheck,
            (P, R) => LoopyOutcome::PCheck,
            _ => return Err(invalid("impossible pair of side outcomes")),
        })
    }

    /// The canonical stopper at vertex `v` of a stopper graph.
    pub fn stopper_at(&mut self, s: &Stopper, v: u32) -> EngineResult<LoopyResult> {
        if let Some(g) = s.short[v as usize] {
            return Ok(LoopyResult::Short(g));
        }
        let c = self.loopy_canonical(&s.graph, v)?;
        Ok(self.stopper_result(c))
    }

    /// Every follower of a canonical stopper (its vertices), itself included.
    pub fn stopper_followers(&mut self, s: &Stopper) -> EngineResult<Vec<LoopyResult>> {
        let reach = s.graph.reachable(0);
        let mut out = Vec::new();
        for v in 0..s.graph.len() as u32 {
            if reach[v as usize] {
                out.push(self.stopper_at(s, v)?);
            }
        }
        Ok(out)
    }

    /// The options of a canonical stopper for `mover`.
    pub fn stopper_options(&mut self, s: &Stopper, mover: Mover) -> EngineResult<Vec<LoopyResult>> {
        let targets: Vec<u32> = s.graph.targets(0, mover).collect();
        targets.into_iter().map(|t| self.stopper_at(s, t)).collect()
    }

    /// Equality of canonical stoppers.
    pub fn stopper_eq(&mut self, a: &Stopper, b: &Stopper) -> EngineResult<bool> {
        Ok(self.stopper_leq(a, b)? && self.stopper_leq(b, a)?)
    }

    /// −S for a canonical stopper (the negative of a canonical graph is canonical).
    pub fn stopper_neg(&mut self, s: &Stopper) -> EngineResult<Stopper> {
        self.classify(s.graph.negative())
    }

    /// The follower of a canonical stopper at vertex `v`, as a stopper: the part of the graph
    /// reachable from `v`, which is canonical already.
    pub fn stopper_follower(&mut self, s: &Stopper, v: u32) -> EngineResult<Stopper> {
        self.classify(s.graph.pack(v))
    }

    /// G.Degree = G Upsum −G (0 for a loopfree G).
    pub fn stopper_degree(&mut self, s: &Stopper) -> EngineResult<Stopper> {
        if s.short_game().is_some() {
            return self.short_stopper(Engine::ZERO);
        }
        let neg = self.stopper_neg(s)?;
        self.stopper_side_sum(s, &neg, Mode::On)
    }

    /// G + G == G, with the sided sum.
    pub fn stopper_is_idempotent(&mut self, s: &Stopper) -> EngineResult<bool> {
        let on = self.stopper_side_sum(s, s, Mode::On)?;
        let off = self.stopper_side_sum(s, s, Mode::Off)?;
        Ok(self.stopper_eq(&on, s)? && self.stopper_eq(&off, s)?)
    }

    /// G.UpsumVariety(D) (`Mode::On`) = G Upsum ((−G) Downsum (−D)), or
    /// G.DownsumVariety(D) (`Mode::Off`) = G Downsum ((−G) Upsum D).
    pub fn stopper_variety(
        &mut self,
        s: &Stopper,
        d: &Stopper,
        side: Mode,
    ) -> EngineResult<Stopper> {
        if !self.stopper_is_idempotent(d)? {
            return Err(invalid("Variety degree must be an idempotent."));
        }
        let neg = self.stopper_neg(s)?;
        let (inner_side, d) = match side {
            Mode::On => (Mode::Off, self.stopper_neg(d)?),
            _ => (Mode::On, d.clone()),
        };
        let inner = self.stopper_side_sum(&neg, &d, inner_side)?;
        self.stopper_side_sum(s, &inner, side)
    }

    /// The two varieties over the degree, if the degree is idempotent.
    fn varieties(&mut self, s: &Stopper) -> EngineResult<(Stopper, Stopper)> {
        let degree = self.stopper_degree(s)?;
        let up = self.stopper_variety(s, &degree, Mode::On)?;
        let down = self.stopper_variety(s, &degree, Mode::Off)?;
        Ok((up, down))
    }

    pub fn stopper_is_stable(&mut self, s: &Stopper) -> EngineResult<bool> {
        if s.short_game().is_some() {
            return Ok(true);
        }
        let (up, down) = self.varieties(s)?;
        self.stopper_eq(&up, &down)
    }

    /// G.Variety: the common variety of a stable stopper (0 for a short game).
    pub fn stopper_variety_of(&mut self, s: &Stopper) -> EngineResult<Stopper> {
        if s.short_game().is_some() {
            return self.short_stopper(Engine::ZERO);
        }
        let (up, down) = self.varieties(s)?;
        if !self.stopper_eq(&up, &down)? {
            return Err(invalid("That game is not stable."));
        }
        Ok(up)
    }

    /// The canonical stopper {L | R} whose options are the given stoppers.
    pub fn stopper_from_options(
        &mut self,
        left: &[Arc<Stopper>],
        right: &[Arc<Stopper>],
    ) -> EngineResult<LoopyResult> {
        let mut graph = Graph::default();
        let root = graph.add_vertex();
        for (options, mover) in [(left, Mover::Left), (right, Mover::Right)] {
            for o in options {
                let at = graph.hang_graph(&o.graph);
                match mover {
                    Mover::Left => graph.left[root as usize].push(at),
                    Mover::Right => graph.right[root as usize].push(at),
                }
            }
        }
        self.loopy_value(&graph, root)
    }

    /// G : H for stoppers.
    pub fn stopper_ordinal_sum(&mut self, g: &Stopper, h: &Stopper) -> EngineResult<LoopyResult> {
        let (graph, start) = g.graph.ordinal_sum(0, &h.graph, 0);
        self.loopy_value(&graph, start)
    }

    /// G.Subordinate(B): the H with B : H = G, for a short base with options `base_left` and
    /// `base_right` (canonical).
    pub fn stopper_subordinate(
        &mut self,
        s: &Stopper,
        base_left: &[GameId],
        base_right: &[GameId],
    ) -> EngineResult<LoopyResult> {
        let base_left: Vec<Stopper> = base_left
            .iter()
            .map(|&b| self.short_stopper(b))
            .collect::<EngineResult<_>>()?;
        let base_right: Vec<Stopper> = base_right
            .iter()
            .map(|&b| self.short_stopper(b))
            .collect::<EngineResult<_>>()?;
        let all: Vec<u32> = {
            let reach = s.graph.reachable(0);
            (0..s.graph.len() as u32)
                .filter(|&v| reach[v as usize])
                .collect()
        };
        // The value of each follower, to compare with the base's options.
        let mut at: FxHashMap<u32, Stopper> = FxHashMap::default();
        for &v in &all {
            let c = self.loopy_canonical(&s.graph, v)?;
            at.insert(v, c);
        }
        // Which options are the base's own (those are dropped, and not followed).
        let mut in_base: FxHashMap<(u32, Mover), bool> = FxHashMap::default();
        for &t in &all {
            for (base, mover) in [(&base_left, Mover::Left), (&base_right, Mover::Right)] {
                let mut found = false;
                for b in base.iter() {
                    if self.stopper_eq(&at[&t], b)? {
                        found = true;
                        break;
                    }
                }
                in_base.insert((t, mover), found);
            }
        }
        // The vertices reached through options that are not the base's: the new game's nodes.
        let mut followers = vec![0u32];
        let mut next = 0;
        while next < followers.len() {
            let v = followers[next];
            next += 1;
            for mover in [Mover::Left, Mover::Right] {
                for t in s.graph.targets(v, mover) {
                    if !in_base[&(t, mover)] && !followers.contains(&t) {
                        followers.push(t);
                    }
                }
            }
        }
        let fail = || invalid("That game cannot be subordinated to the specified base.");
        let mut out = Graph::default();
        for _ in &followers {
            out.add_vertex();
        }
        let index: FxHashMap<u32, u32> = followers
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u32))
            .collect();
        for &v in &followers {
            self.check_interrupt()?;
            let k = &at[&v];
            let kl: Vec<u32> = s.graph.targets(v, Mover::Left).collect();
            let kr: Vec<u32> = s.graph.targets(v, Mover::Right).collect();
            // Every Left option b of the base: some K^L ≥ b, or some b^R ≤ K.
            for b in &base_left {
                let mut ok = false;
                for &t in &kl {
                    if self.stopper_leq(b, &at[&t])? {
                        ok = true;
                        break;
                    }
                }
                if !ok {
                    for br in self.stopper_options(b, Mover::Right)? {
                        let br = br.as_stopper(self)?.ok_or_else(fail)?;
                        if self.stopper_leq(&br, k)? {
                            ok = true;
                            break;
                        }
                    }
                }
                if !ok {
                    return Err(fail());
                }
            }
            for b in &base_right {
                let mut ok = false;
                for &t in &kr {
                    if self.stopper_leq(&at[&t], b)? {
                        ok = true;
                        break;
                    }
                }
                if !ok {
                    for bl in self.stopper_options(b, Mover::Left)? {
                        let bl = bl.as_stopper(self)?.ok_or_else(fail)?;
                        if self.stopper_leq(k, &bl)? {
                            ok = true;
                            break;
                        }
                    }
                }
                if !ok {
                    return Err(fail());
                }
            }
            for (targets, mover) in [(&kl, Mover::Left), (&kr, Mover::Right)] {
                for &t in targets.iter() {
                    if !in_base[&(t, mover)] {
                        let from = index[&v] as usize;
                        let to = index[&t];
                        match mover {
                            Mover::Left => out.left[from].push(to),
                            Mover::Right => out.right[from].push(to),
                        }
                    }
                }
            }
        }
        self.loopy_value(&out, 0)
    }

    /// The stop of a canonical stopper as a value: a number, `on`, `off`, `x over`, `x under`.
    pub fn stop_value(&mut self, stop: Stop) -> EngineResult<LoopyResult> {
        let number = |e: &mut Engine, x: Dyadic| e.nus(crate::engine::Nus::number(x));
        let mut graph = Graph::default();
        let root = graph.add_vertex();
        match stop {
            Stop::Number(x) => return Ok(LoopyResult::Short(number(self, x))),
            Stop::On => graph.left[0].push(root),
            Stop::Off => graph.right[0].push(root),
            Stop::Over(x) | Stop::Under(x) => {
                let g = number(self, x);
                let mut memo = FxHashMap::default();
                let at = graph.hang_short(self, g, &mut memo)?;
                if matches!(stop, Stop::Over(_)) {
                    graph.left[0].push(at);
                    graph.right[0].push(root);
                } else {
                    graph.left[0].push(root);
                    graph.right[0].push(at);
                }
            }
        }
        self.loopy_value(&graph, root)
    }

    /// Whether a canonical stopper is a number plus a tiny or miny (loopy.md §4.3 step 2),
    /// with (number, subscript, is miny).
    pub fn stopper_number_tiny(
        &mut self,
        s: &Stopper,
    ) -> EngineResult<Option<(Dyadic, Stopper, bool)>> {
        let g = &s.graph;
        for miny in [false, true] {
            let (near, far) = if miny {
                (Mover::Right, Mover::Left)
            } else {
                (Mover::Left, Mover::Right)
            };
            let lo: Vec<u32> = g.targets(0, near).collect();
            let ro: Vec<u32> = g.targets(0, far).collect();
            let ([x], [k]) = (lo.as_slice(), ro.as_slice()) else {
                continue;
            };
            let Some(xg) = s.short[*x as usize] else {
                continue;
            };
            let Some(xv) = self.as_number(xg) else {
                continue;
            };
            let kx: Vec<u32> = g.targets(*k, near).collect();
            let kk: Vec<u32> = g.targets(*k, far).collect();
            let ([kx], [kk]) = (kx.as_slice(), kk.as_slice()) else {
                continue;
            };
            if s.short[*kx as usize] != Some(xg) {
                continue;
            }
            // The subscript: x − k for a tiny, k − x for a miny; it must be ≤ under.
            let k_value = self.loopy_canonical(g, *kk)?;
            let minus_x = self.neg(xg)?;
            let shifted = {
                let mx = self.short_stopper(minus_x)?;
                self.stopper_side_sum(&k_value, &mx, Mode::On)?
            };
            let subscript = if miny {
                shifted
            } else {
                self.stopper_neg(&shifted)?
            };
            let under = self.stop_value(Stop::Under(Dyadic::ZERO))?;
            let under = under.as_stopper(self)?.ok_or_else(|| invalid("under"))?;
            // k − x ≤ under for a tiny, x − k ≤ under for a miny: −subscript ≤ under.
            let negated = self.stopper_neg(&subscript)?;
            if self.stopper_leq(&negated, &under)? {
                return Ok(Some((xv, subscript, miny)));
            }
        }
        Ok(None)
    }

    /// True if the stopper is a plumtree (its only cycles are passes).
    pub fn stopper_is_plumtree(&self, s: &Stopper) -> bool {
        s.graph.is_plumtree_from(0)
    }

    /// The kind of `s` as a pseudonumber stop, if it is one.
    pub fn stopper_as_stop(&self, s: &Stopper) -> Option<Stop> {
        match s.kind {
            StopperKind::On => Some(Stop::On),
            StopperKind::Off => Some(Stop::Off),
            StopperKind::Over(x) => Some(Stop::Over(x)),
            StopperKind::Under(x) => Some(Stop::Under(x)),
            StopperKind::Short(g) => self.as_number(g).map(Stop::Number),
            StopperKind::Proper => None,
        }
    }
}
