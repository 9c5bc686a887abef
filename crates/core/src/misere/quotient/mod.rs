//! Misère quotients of impartial heap games (Plambeck; Plambeck and Siegel; misere.md
//! Parts A and B).
//!
//! The sums of heaps 0…n of a heap game, taken modulo indistinguishability (G ≡ H when G + X
//! and H + X have the same misère outcome for every such sum X), form a finite commutative
//! monoid Q_n with a P-portion — the classes of P-positions. Once Q_n and each heap's image
//! Φ(h) are known, the outcome of any sum of those heaps is a product in Q_n and a look-up.
//!
//! [`QuotientBuilder`] computes Q_n heap by heap: a new heap either takes an existing
//! element as its image (checked by the verification theorem, `verify`) or makes the
//! quotient grow (`extend`). Only verified quotients are kept. [`Quotient`] is one Q_n in
//! normal form (`presentation`): generators, normal words, relations, P-portion, Φ.
//!
//! This layer knows heaps only as the lists of options its caller hands it; the rulesets
//! decide what a heap's options are.

mod extend;
mod iso;
mod monoid;
mod presentation;
mod verify;

pub use monoid::Bipartite;
pub use presentation::{Word, generator_name, word_order, word_text};

use self::extend::{expand, heap_images, image_of};
use self::monoid::{ElementSet, IDENTITY};
use self::presentation::{Presentation, parse_word, present};
use self::verify::{Closure, Verdict, verify};
use crate::engine::{EngineError, EngineResult};
use std::rc::Rc;

/// The largest quotient computed unless asked for more (misere.md §B.5).
pub const DEFAULT_MAX_ORDER: usize = 4096;

/// One misère quotient Q_n in normal form, with the images of heaps 0..=n.
#[derive(Clone, Debug)]
pub struct Quotient {
    presentation: Presentation,
}

impl Quotient {
    fn new(q: &Bipartite, phi: &[u32]) -> Quotient {
        Quotient {
            presentation: present(q, phi),
        }
    }

    /// n: the largest heap this quotient covers.
    pub fn heaps(&self) -> usize {
        self.presentation.phi.len() - 1
    }

    pub fn order(&self) -> usize {
        self.presentation.monoid.order()
    }

    pub fn monoid(&self) -> &Bipartite {
        &self.presentation.monoid
    }

    /// The elements of the P-portion, in word order.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order() as u32)
            .filter(|&x| self.presentation.monoid.is_p(x))
            .collect()
    }

    pub fn is_p(&self, x: u32) -> bool {
        self.presentation.monoid.is_p(x)
    }

    pub fn multiply(&self, x: u32, y: u32) -> u32 {
        self.presentation.monoid.mul(x, y)
    }

    /// Φ(h) for a heap h ≤ n.
    pub fn pretend(&self, heap: usize) -> Option<u32> {
        self.presentation.phi.get(heap).copied()
    }

    /// Φ(0), …, Φ(n).
    pub fn pretending_function(&self) -> &[u32] {
        &self.presentation.phi
    }

    /// The image of a sum of heaps, all at most n.
    pub fn image(&self, heaps: &[u64]) -> Option<u32> {
        heaps.iter().try_fold(IDENTITY, |acc, &h| {
            let x = self.pretend(usize::try_from(h).ok()?)?;
            Some(self.multiply(acc, x))
        })
    }

    pub fn generator_count(&self) -> usize {
        self.presentation.generators.len()
    }

    /// An element's normal word, as text (`ab2`, or `ab²` when `pretty`).
    pub fn word(&self, x: u32, pretty: bool) -> String {
        word_text(&self.presentation.words[x as usize], pretty)
    }

    /// The element a word names (`"ab2"`, `"a b^2"`, `"1"`).
    pub fn parse(&self, text: &str) -> Result<u32, String> {
        let w = parse_word(text, self.generator_count())
            .map_err(|e| format!("{e} in {}", self.presentation_text(false)))?;
        let p = &self.presentation;
        Ok(w.iter().enumerate().fold(IDENTITY, |acc, (j, &e)| {
            p.monoid
                .mul(acc, p.monoid.pow(p.generators[j], usize::from(e)))
        }))
    }

    /// The relations as text: `a2=1` (or `a² = 1` when `pretty`).
    pub fn relations(&self, pretty: bool) -> Vec<String> {
        let sep = if pretty { " = " } else { "=" };
        self.presentation
            .relations
            .iter()
            .map(|(w, v)| format!("{}{sep}{}", word_text(w, pretty), self.word(*v, pretty)))
            .collect()
    }

    /// `<a,b | a2=1,b3=b>` (ASCII, MisereSolver's form) or `⟨a, b | a² = 1, b³ = b⟩`.
    pub fn presentation_text(&self, pretty: bool) -> String {
        let gens: Vec<String> = (0..self.generator_count()).map(generator_name).collect();
        if gens.is_empty() {
            return if pretty { "⟨⟩".into() } else { "<>".into() };
        }
        let rels = self.relations(pretty);
        if pretty {
            format!("⟨{} | {}⟩", gens.join(", "), rels.join(", "))
        } else {
            format!("<{} | {}>", gens.join(","), rels.join(","))
        }
    }

    /// `{a,b2}` or `{a, b²}`.
    pub fn p_portion_text(&self, pretty: bool) -> String {
        let words: Vec<String> = self
            .p_portion()
            .into_iter()
            .map(|x| self.word(x, pretty))
            .collect();
        format!("{{{}}}", words.join(if pretty { ", " } else { "," }))
    }

    /// Rows of products, in word order.
    pub fn multiplication_table(&self) -> Vec<Vec<u32>> {
        let n = self.order() as u32;
        (0..n)
            .map(|x| (0..n).map(|y| self.multiply(x, y)).collect())
            .collect()
    }

    /// Whether the two quotients are isomorphic as bipartite monoids.
    pub fn is_isomorphic(&self, other: &Quotient) -> EngineResult<bool> {
        iso::isomorphic(&self.presentation, other.monoid())
    }

    /// k when this is the tame quotient T_k (that of misère Nim on heaps below 2^k).
    pub fn tame_index(&self) -> EngineResult<Option<u32>> {
        iso::tame_index(&self.presentation)
    }

    /// The kernel: the least ideal. In a finite commutative monoid it is the set of
    /// multiples of the product of all elements (that ideal lies in every other one).
    pub fn kernel(&self) -> Vec<u32> {
        let m = self.monoid();
        let all = (0..self.order() as u32).fold(IDENTITY, |acc, x| m.mul(acc, x));
        let mut ideal: Vec<u32> = (0..self.order() as u32).map(|x| m.mul(x, all)).collect();
        ideal.sort_unstable();
        ideal.dedup();
        ideal
    }
}

/// A quotient as a value: the expression that rebuilds it, and what a solution adds.
#[derive(Debug)]
pub struct QuotientValue {
    /// How it prints and pastes back: `kayles.MisereQuotient(12)`.
    pub expression: String,
    /// The ruleset's printed name (`kayles`), whose positions it reads.
    pub ruleset: String,
    pub quotient: Quotient,
    /// For a solution (misere.md §A.6): the period and preperiod of Φ, and the last heap
    /// whose image lies outside the kernel.
    pub solution: Option<SolutionFacts>,
}

/// The heap whose image heap `heap` shares when Φ has period `period` from `preperiod` on and
/// is known up to heap `heaps` (a solution, misere.md §A.6).
pub fn periodic_heap(heap: u64, heaps: usize, preperiod: usize, period: usize) -> u64 {
    if heap <= heaps as u64 {
        return heap;
    }
    let (q, p) = (preperiod as u64, period as u64);
    q + (heap - q) % p
}

/// What a solution adds to its quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionFacts {
    pub period: usize,
    pub preperiod: usize,
    pub last_rogue: Option<usize>,
}

/// One stretch of heaps over which the quotient stayed the same.
#[derive(Debug)]
struct Segment {
    /// The first heap of the stretch (where the quotient last changed).
    start: usize,
    monoid: Rc<Bipartite>,
    /// Images of heaps 0..start+len, in this stretch's numbering.
    phi: Vec<u32>,
}

/// The quotients of heaps 0..=n for growing n, computed heap by heap.
#[derive(Debug)]
pub struct QuotientBuilder {
    /// Each heap's options: multisets of smaller heaps.
    options: Vec<Vec<Vec<u32>>>,
    segments: Vec<Segment>,
    closure: Closure,
}

impl Default for QuotientBuilder {
    fn default() -> Self {
        QuotientBuilder::new()
    }
}

impl QuotientBuilder {
    /// The quotient of heap 0 alone: the trivial monoid.
    pub fn new() -> QuotientBuilder {
        QuotientBuilder {
            options: vec![Vec::new()],
            segments: vec![Segment {
                start: 0,
                monoid: Rc::new(Bipartite::trivial()),
                phi: vec![IDENTITY],
            }],
            closure: Closure::default(),
        }
    }

    /// The largest heap added so far.
    pub fn heaps(&self) -> usize {
        self.options.len() - 1
    }

    /// Add heap n = `heaps() + 1`, whose options are `options` (each a list of the heaps a
    /// move leaves, all smaller than n). True when the quotient changed.
    pub fn push_heap(
        &mut self,
        options: &[Vec<u64>],
        max_order: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<bool> {
        let n = self.options.len();
        let mut opts: Vec<Vec<u32>> = Vec::with_capacity(options.len());
        for o in options {
            let mut heaps = Vec::with_capacity(o.len());
            for &h in o {
                if h >= n as u64 {
                    return Err(EngineError::InvalidArgument(format!(
                        "Misère quotients are defined here for impartial heap rulesets whose moves leave smaller heaps (heap {n} has a move to a heap of {h})"
                    )));
                }
                if h > 0 {
                    heaps.push(h as u32);
                }
            }
            heaps.sort_unstable();
            opts.push(heaps);
        }
        opts.sort_unstable();
        opts.dedup();
        self.options.push(opts);
        // A heap is added whole or not at all: work stopped part way (Ctrl-C, a deadline,
        // the order limit) leaves the builder as it was, ready to try the heap again.
        let placed = self.place_heap(n, max_order, poll);
        if placed.is_err() {
            self.options.truncate(n);
        }
        placed
    }

    /// Find heap n's image, its options already recorded: an element of the current monoid
    /// that verifies, or a larger monoid. True when the quotient changed.
    fn place_heap(
        &mut self,
        n: usize,
        max_order: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<bool> {
        let seg = self.segments.last_mut().expect("a builder has a segment");
        let q = seg.monoid.clone();
        let own = &self.options[n];
        if own.is_empty() {
            seg.phi.push(IDENTITY);
            return Ok(false);
        }
        let t = ElementSet::from_iter(q.order(), own.iter().map(|o| image_of(&q, &seg.phi, o)));
        let is_p = !(0..q.order() as u32).any(|y| t.contains(y) && q.is_p(y));
        for x in 0..q.order() as u32 {
            poll()?;
            if q.is_p(x) != is_p || !mex_compatible(&q, x, &t) {
                continue;
            }
            if self.closure.covers(x, &t) {
                seg.phi.push(x);
                return Ok(false);
            }
            let mut phi = seg.phi.clone();
            phi.push(x);
            if let Verdict::Holds(closure) =
                verify(&q, &heap_images(&q, &phi, &self.options), poll)?
            {
                seg.phi = phi;
                self.closure = closure;
                return Ok(false);
            }
        }
        let (monoid, phi, closure) = expand(&q, &seg.phi, &self.options, max_order, poll)?;
        self.segments.push(Segment {
            start: n,
            monoid: Rc::new(monoid),
            phi,
        });
        self.closure = closure;
        Ok(true)
    }

    /// Q_n in normal form, for n ≤ [`heaps`](Self::heaps).
    pub fn quotient(&self, n: usize) -> Option<Quotient> {
        let seg = self.segments.iter().rev().find(|s| s.start <= n)?;
        let phi = seg.phi.get(..=n)?;
        Some(Quotient::new(&seg.monoid, phi))
    }

    /// Whether a sum of heaps, each at most n, is a misère P-position by Q_n, the quotient of
    /// the largest of them (no normal form needed); `None` past the heaps added.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        let n = usize::try_from(heaps.iter().copied().max().unwrap_or(0)).ok()?;
        let seg = self.segments.iter().rev().find(|s| s.start <= n)?;
        let x = heaps.iter().try_fold(IDENTITY, |acc, &h| {
            Some(seg.monoid.mul(acc, *seg.phi.get(usize::try_from(h).ok()?)?))
        })?;
        Some(seg.monoid.is_p(x))
    }

    /// The current images Φ(0..=n), numbered in the current quotient's own way (for the
    /// periodicity test, which only compares them).
    pub fn images(&self) -> &[u32] {
        &self.segments.last().expect("a builder has a segment").phi
    }

    /// The order of the current quotient.
    pub fn order(&self) -> usize {
        self.segments
            .last()
            .expect("a builder has a segment")
            .monoid
            .order()
    }

    /// The heaps where the quotient changed, with its new order there.
    pub fn changes(&self) -> Vec<(usize, usize)> {
        self.segments
            .iter()
            .skip(1)
            .map(|s| (s.start, s.monoid.order()))
            .collect()
    }
}

/// No z puts both x·z and y·z in P, for every option image y: otherwise a sum with image
/// x·z would be a P-position with a P-position option (misere.md §A.5 step 3 (i)).
fn mex_compatible(q: &Bipartite, x: u32, options: &ElementSet) -> bool {
    options
        .iter()
        .all(|y| (0..q.order() as u32).all(|z| !(q.is_p(q.mul(x, z)) && q.is_p(q.mul(y, z)))))
}

#[cfg(test)]
mod tests;
