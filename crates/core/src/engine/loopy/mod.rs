//! Loopy games (loopy.md): finite game graphs beside the short-game arena. Short games embed
//! in them; stoppers simplify to canonical stoppers; other games are sidled into an onside and
//! an offside. Every long loop polls the engine's interrupt flag, and the graphs are ordinary
//! heap allocations, so the memory ceiling counts them.

pub mod compare;
pub mod graph;
mod ops;
pub mod simplify;

pub use compare::Mode;
pub use graph::{Graph, Mover};
pub use ops::{LoopyOutcome, Stop};

use crate::engine::{Dyadic, Engine, EngineError, EngineResult, GameId};
use std::sync::Arc;

/// What a canonical stopper is, which decides how it prints (loopy.md §1.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopperKind {
    /// Loopfree: an ordinary short game.
    Short(GameId),
    On,
    Off,
    /// `x over` = {x | pass}.
    Over(Dyadic),
    /// `x under` = {pass | x}.
    Under(Dyadic),
    /// Any other canonical stopper.
    Proper,
}

/// A canonical stopper: its canonical graph (root 0), the short game of each loopfree vertex,
/// and its kind.
#[derive(Clone, Debug)]
pub struct Stopper {
    pub graph: Graph,
    pub short: Vec<Option<GameId>>,
    pub kind: StopperKind,
}

impl Stopper {
    pub fn short_game(&self) -> Option<GameId> {
        match self.kind {
            StopperKind::Short(g) => Some(g),
            _ => None,
        }
    }

    pub fn is_pseudonumber(&self, engine: &Engine) -> bool {
        match self.kind {
            StopperKind::Short(g) => engine.is_number(g),
            StopperKind::Proper => false,
            _ => true,
        }
    }
}

/// One side of a general sided value: a canonical stopper, or (when the side is not a
/// stopper) its simplified graph.
#[derive(Clone, Debug)]
pub enum SideForm {
    Stopper(Arc<Stopper>),
    Simplified(Arc<Graph>),
}

impl SideForm {
    pub fn graph(&self) -> &Graph {
        match self {
            SideForm::Stopper(s) => &s.graph,
            SideForm::Simplified(g) => g,
        }
    }
}

/// A loopy value (never a short game: those are [`GameId`]s).
#[derive(Clone, Debug)]
pub enum Loopy {
    /// A canonical stopper that is not loopfree (a pseudonumber or a proper stopper).
    Stopper(Arc<Stopper>),
    /// `S & T`: a stopper-sided value with onside S > offside T.
    Sided(Arc<Stopper>, Arc<Stopper>),
    /// A sided value at least one of whose sides is not a stopper.
    General(SideForm, SideForm),
}

/// The result of a loopy computation: a short game or a loopy value.
#[derive(Clone, Debug)]
pub enum LoopyResult {
    Short(GameId),
    Loopy(Loopy),
}

impl Loopy {
    /// The two sides, a stopper being its own onside and offside.
    pub fn sides(&self) -> (SideForm, SideForm) {
        match self {
            Loopy::Stopper(s) => (SideForm::Stopper(s.clone()), SideForm::Stopper(s.clone())),
            Loopy::Sided(s, t) => (SideForm::Stopper(s.clone()), SideForm::Stopper(t.clone())),
            Loopy::General(s, t) => (s.clone(), t.clone()),
        }
    }
}

impl LoopyResult {
    /// The value as a stopper, if it is one.
    pub fn as_stopper(&self, engine: &mut Engine) -> EngineResult<Option<Arc<Stopper>>> {
        match self {
            LoopyResult::Short(g) => Ok(Some(Arc::new(engine.short_stopper(*g)?))),
            LoopyResult::Loopy(Loopy::Stopper(s)) => Ok(Some(s.clone())),
            LoopyResult::Loopy(_) => Ok(None),
        }
    }
}

/// Canonical forms kept before the cache starts afresh.
const MAX_CACHED: usize = 1 << 14;

/// Canonical stoppers already computed, by packed input graph.
#[derive(Default)]
pub struct LoopyCaches {
    canonical: rustc_hash::FxHashMap<Graph, Stopper>,
}

fn invalid(message: impl Into<String>) -> EngineError {
    EngineError::InvalidArgument(message.into())
}

impl Engine {
    /// The stopper of a short game (its graph of canonical followers).
    pub fn short_stopper(&mut self, g: GameId) -> EngineResult<Stopper> {
        let graph = Graph::from_short(self, g)?;
        let short = self.short_vertices(&graph)?;
        Ok(Stopper {
            graph,
            short,
            kind: StopperKind::Short(g),
        })
    }

    /// The short game of every loopfree vertex of `graph`.
    pub(super) fn short_vertices(&mut self, graph: &Graph) -> EngineResult<Vec<Option<GameId>>> {
        let cyclic = graph.reaches_cycle(false);
        let n = graph.len();
        let mut out: Vec<Option<GameId>> = vec![None; n];
        // Post-order over the loopfree vertices, with an explicit stack.
        for start in 0..n {
            if cyclic[start] || out[start].is_some() {
                continue;
            }
            let mut stack = vec![(start as u32, false)];
            while let Some((v, expanded)) = stack.pop() {
                if out[v as usize].is_some() {
                    continue;
                }
                if expanded {
                    self.check_interrupt()?;
                    let left: Vec<GameId> = graph
                        .targets(v, Mover::Left)
                        .filter_map(|t| out[t as usize])
                        .collect();
                    let right: Vec<GameId> = graph
                        .targets(v, Mover::Right)
                        .filter_map(|t| out[t as usize])
                        .collect();
                    out[v as usize] = Some(self.game_from_options(&left, &right)?);
                } else {
                    stack.push((v, true));
                    for t in graph
                        .targets(v, Mover::Left)
                        .chain(graph.targets(v, Mover::Right))
                    {
                        if out[t as usize].is_none() {
                            stack.push((t, false));
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Classify a canonical stopper graph (root 0) as short, pseudonumber or proper.
    pub(super) fn classify(&mut self, graph: Graph) -> EngineResult<Stopper> {
        let short = self.short_vertices(&graph)?;
        let number_at = |t: u32| short[t as usize].and_then(|g| self.as_number(g));
        let (l, r) = (&graph.left[0], &graph.right[0]);
        let kind = if let Some(g) = short[0] {
            StopperKind::Short(g)
        } else if l.as_slice() == [0] && r.is_empty() {
            StopperKind::On
        } else if r.as_slice() == [0] && l.is_empty() {
            StopperKind::Off
        } else if l.len() == 1 && r.as_slice() == [0] && l[0] != 0 && number_at(l[0]).is_some() {
            StopperKind::Over(number_at(l[0]).unwrap_or(Dyadic::ZERO))
        } else if r.len() == 1 && l.as_slice() == [0] && r[0] != 0 && number_at(r[0]).is_some() {
            StopperKind::Under(number_at(r[0]).unwrap_or(Dyadic::ZERO))
        } else {
            StopperKind::Proper
        };
        Ok(Stopper { graph, short, kind })
    }

    /// The canonical stopper of the stopper `graph` from `root` (cached by the packed graph:
    /// the printer asks for the canonical form of every follower it prints).
    pub fn loopy_canonical(&mut self, graph: &Graph, root: u32) -> EngineResult<Stopper> {
        let packed = graph.pack(root);
        if let Some(s) = self.loopy.canonical.get(&packed) {
            return Ok(s.clone());
        }
        if !packed.is_stopper_from(0) {
            return Err(invalid("that game is not a stopper"));
        }
        let canonical = simplify::canonical_stopper(self, &packed, 0)?;
        let stopper = self.classify(canonical)?;
        if self.loopy.canonical.len() >= MAX_CACHED {
            self.loopy.canonical.clear();
        }
        self.loopy.canonical.insert(packed, stopper.clone());
        Ok(stopper)
    }

    /// The value of any game graph from `root`: a canonical stopper, or its sides.
    pub fn loopy_value(&mut self, graph: &Graph, root: u32) -> EngineResult<LoopyResult> {
        if graph.is_stopper_from(root) {
            let s = self.loopy_canonical(graph, root)?;
            return Ok(self.stopper_result(s));
        }
        let on = simplify::simplify_side(self, graph, root, Mode::On)?;
        let off = simplify::simplify_side(self, graph, root, Mode::Off)?;
        self.assemble(on, off)
    }

    fn stopper_result(&mut self, s: Stopper) -> LoopyResult {
        match s.kind {
            StopperKind::Short(g) => LoopyResult::Short(g),
            _ => LoopyResult::Loopy(Loopy::Stopper(Arc::new(s))),
        }
    }

    /// Put simplified sides together: `S & T` when both are stoppers.
    fn assemble(&mut self, on: Graph, off: Graph) -> EngineResult<LoopyResult> {
        let side = |e: &mut Engine, g: Graph| -> EngineResult<SideForm> {
            if g.is_stopper_from(0) {
                Ok(SideForm::Stopper(Arc::new(e.loopy_canonical(&g, 0)?)))
            } else {
                Ok(SideForm::Simplified(Arc::new(g)))
            }
        };
        let on = side(self, on)?;
        let off = side(self, off)?;
        match (on, off) {
            (SideForm::Stopper(s), SideForm::Stopper(t)) => self.sided(s, t),
            (on, off) => Ok(LoopyResult::Loopy(Loopy::General(on, off))),
        }
    }

    /// The value whose onside is `on` from `on_root` and offside `off` from `off_root`.
    pub fn loopy_from_sides(
        &mut self,
        on: &Graph,
        on_root: u32,
        off: &Graph,
        off_root: u32,
    ) -> EngineResult<LoopyResult> {
        let on = simplify::simplify_side(self, on, on_root, Mode::On)?;
        let off = simplify::simplify_side(self, off, off_root, Mode::Off)?;
        self.assemble(on, off)
    }

    /// `S & T` for canonical stoppers with T ≤ S; S itself when they are equal.
    pub fn sided(&mut self, s: Arc<Stopper>, t: Arc<Stopper>) -> EngineResult<LoopyResult> {
        if self.stopper_leq(&s, &t)? {
            let s = Arc::try_unwrap(s).unwrap_or_else(|a| (*a).clone());
            return Ok(self.stopper_result(s));
        }
        Ok(LoopyResult::Loopy(Loopy::Sided(s, t)))
    }

    /// `S & T` as typed: an error unless T ≤ S.
    pub fn loopy_sidle(&mut self, s: Arc<Stopper>, t: Arc<Stopper>) -> EngineResult<LoopyResult> {
        if !self.stopper_leq(&t, &s)? {
            return Err(invalid("offside is not <= onside"));
        }
        self.sided(s, t)
    }

    /// S ≤ T for canonical stoppers.
    pub fn stopper_leq(&mut self, s: &Stopper, t: &Stopper) -> EngineResult<bool> {
        if let (Some(a), Some(b)) = (s.short_game(), t.short_game()) {
            return self.leq(a, b);
        }
        Ok(compare::survival(self, &s.graph, &t.graph, Mode::Stopper)?.leq(0, 0))
    }

    /// G ≤ H for loopy values (sides compared side by side).
    pub fn loopy_leq(&mut self, a: &Loopy, b: &Loopy) -> EngineResult<bool> {
        let (a_on, a_off) = a.sides();
        let (b_on, b_off) = b.sides();
        Ok(self.side_leq(&a_on, &b_on, Mode::On)? && self.side_leq(&a_off, &b_off, Mode::Off)?)
    }

    fn side_leq(&mut self, a: &SideForm, b: &SideForm, side: Mode) -> EngineResult<bool> {
        if let (SideForm::Stopper(s), SideForm::Stopper(t)) = (a, b) {
            return self.stopper_leq(s, t);
        }
        Ok(compare::survival(self, a.graph(), b.graph(), side)?.leq(0, 0))
    }

    /// The loopy value of a short game as a [`Loopy`] stopper (for mixed arithmetic).
    pub fn loopy_of_short(&mut self, g: GameId) -> EngineResult<Loopy> {
        Ok(Loopy::Stopper(Arc::new(self.short_stopper(g)?)))
    }

    /// −G.
    pub fn loopy_neg(&mut self, a: &Loopy) -> EngineResult<LoopyResult> {
        match a {
            Loopy::Stopper(s) => {
                let s = self.loopy_canonical(&s.graph.negative(), 0)?;
                Ok(self.stopper_result(s))
            }
            Loopy::Sided(s, t) => {
                let neg_t = Arc::new(self.loopy_canonical(&t.graph.negative(), 0)?);
                let neg_s = Arc::new(self.loopy_canonical(&s.graph.negative(), 0)?);
                self.sided(neg_t, neg_s)
            }
            Loopy::General(on, off) => {
                let negate = |e: &mut Engine, side: &SideForm| -> EngineResult<SideForm> {
                    Ok(match side {
                        SideForm::Stopper(s) => {
                            SideForm::Stopper(Arc::new(e.loopy_canonical(&s.graph.negative(), 0)?))
                        }
                        SideForm::Simplified(g) => SideForm::Simplified(Arc::new(g.negative())),
                    })
                };
                let new_on = negate(self, off)?;
                let new_off = negate(self, on)?;
                Ok(LoopyResult::Loopy(Loopy::General(new_on, new_off)))
            }
        }
    }

    /// Fail before building a sum graph of `vertices` vertices that cannot fit.
    fn check_sum_size(&self, vertices: usize) -> EngineResult<()> {
        // Simplifying a sum compares all pairs of its vertices: beyond this, the table of
        // pairs would pass the survival tables' cap anyway.
        const MAX_SUM_VERTICES: usize = 1 << 14;
        if vertices > MAX_SUM_VERTICES {
            return Err(EngineError::TooMany {
                what: "vertices in a sum of loopy games",
                limit: MAX_SUM_VERTICES as u64,
            });
        }
        // Each vertex keeps two edge lists; comparisons need |sum|² states (checked there).
        self.check_memory_for(vertices.saturating_mul(64))
    }

    /// G + H.
    pub fn loopy_add(&mut self, a: &Loopy, b: &Loopy) -> EngineResult<LoopyResult> {
        let (a_on, _) = a.sides();
        let (b_on, _) = b.sides();
        self.check_sum_size(a_on.graph().len().saturating_mul(b_on.graph().len()))?;
        match (a, b) {
            (Loopy::Stopper(s), Loopy::Stopper(t)) => {
                let (sum, start) = s.graph.sum(0, &t.graph, 0);
                let value = self.loopy_value(&sum, start)?;
                if let LoopyResult::Loopy(Loopy::General(..)) = value {
                    return Err(finite_sides());
                }
                Ok(value)
            }
            (Loopy::General(..), _) | (_, Loopy::General(..)) => {
                let (a_on, a_off) = a.sides();
                let (b_on, b_off) = b.sides();
                let (on, on_start) = a_on.graph().sum(0, b_on.graph(), 0);
                let (off, off_start) = a_off.graph().sum(0, b_off.graph(), 0);
                let on = simplify::simplify_side(self, &on, on_start, Mode::On)?;
                let off = simplify::simplify_side(self, &off, off_start, Mode::Off)?;
                self.assemble(on, off)
            }
            _ => {
                let (a_on, a_off) = a.sides();
                let (b_on, b_off) = b.sides();
                let on = self.side_sum(a_on.graph(), b_on.graph(), Mode::On)?;
                let off = self.side_sum(a_off.graph(), b_off.graph(), Mode::Off)?;
                self.sided(Arc::new(on), Arc::new(off))
            }
        }
    }

    /// G Upsum H (`Mode::On`) or G Downsum H (`Mode::Off`) of two stoppers' graphs.
    fn side_sum(&mut self, a: &Graph, b: &Graph, side: Mode) -> EngineResult<Stopper> {
        self.check_sum_size(a.len().saturating_mul(b.len()))?;
        let (sum, start) = a.sum(0, b, 0);
        if sum.is_stopper_from(start) {
            return self.loopy_canonical(&sum, start);
        }
        let simplified = simplify::simplify_side(self, &sum, start, side)?;
        if !simplified.is_stopper_from(0) {
            return Err(finite_sides());
        }
        self.loopy_canonical(&simplified, 0)
    }

    /// The onside (`Mode::On`) or offside of G + H for stoppers G and H.
    pub fn stopper_side_sum(
        &mut self,
        a: &Stopper,
        b: &Stopper,
        side: Mode,
    ) -> EngineResult<Stopper> {
        self.side_sum(&a.graph, &b.graph, side)
    }
}

fn finite_sides() -> EngineError {
    invalid(
        "Congratulations! You've found a counterexample to the Finite Sides Conjecture \
         (a sum whose sides are not stoppers).",
    )
}

#[cfg(test)]
mod tests;

/// Structural equality of loopy values, without an engine: the same canonical graphs.
pub fn same_form(a: &Loopy, b: &Loopy) -> bool {
    let sides = |l: &Loopy| {
        let (on, off) = l.sides();
        (on.graph().clone(), off.graph().clone())
    };
    matches!(
        (a, b),
        (Loopy::Stopper(_), Loopy::Stopper(_))
            | (Loopy::Sided(..), Loopy::Sided(..))
            | (Loopy::General(..), Loopy::General(..))
    ) && sides(a) == sides(b)
}
