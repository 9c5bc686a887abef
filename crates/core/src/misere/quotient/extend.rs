//! Growing a quotient when a new heap does not fit the old one (misere.md §A.5, step 4):
//! MisereSolver's method, restated.
//!
//! A *trial monoid* gives some heaps a coordinate of their own — a cyclic monoid
//! ⟨t | t^(i+p) = t^i⟩ — and sends every other heap to its image in the previous quotient.
//! Its elements are met in the lexicographic order of their least sums (heaps compared from
//! the largest down), so every option of a sum is met before the sum; each element is marked
//! P exactly when its least sum has a move and no option marked P. The trial is reduced and
//! verified (`verify`). When the check fails at a sum w, the trial was too coarse to tell w
//! from an earlier sum with the same image: some of w's heaps get coordinates of their own
//! (or longer cycles), fewest first, until w's mark is right, and the loop goes on. Only a
//! verified candidate is ever returned, so the heuristics decide the speed, never the answer.

use super::monoid::{Bipartite, IDENTITY, indistinguishable_classes};
use super::verify::{Closure, HeapImage, Verdict, verify};
use crate::engine::{EngineError, EngineResult};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::BTreeMap;

/// Heaps with a coordinate of their own: heap → (index, period) of its cyclic factor.
type FreeHeaps = BTreeMap<u32, (u32, u32)>;

/// Most elements a trial monoid may have.
const MAX_TRIAL_ELEMENTS: usize = 1 << 21;

/// Most candidates tried for one heap before giving up.
const MAX_ROUNDS: usize = 400;

/// The options of each heap: multisets of smaller heaps (sorted, without empty heaps).
pub type HeapOptions = [Vec<Vec<u32>>];

/// The images and option images of the heaps that have options, for `verify`.
pub fn heap_images(q: &Bipartite, phi: &[u32], options: &HeapOptions) -> Vec<HeapImage> {
    let mut out = Vec::new();
    for (h, opts) in options.iter().enumerate() {
        if opts.is_empty() {
            continue;
        }
        let set = super::monoid::ElementSet::from_iter(
            q.order(),
            opts.iter().map(|o| image_of(q, phi, o)),
        );
        out.push(HeapImage {
            heap: h as u32,
            image: phi[h],
            options: set,
        });
    }
    out
}

/// The image of a sum of heaps.
pub fn image_of(q: &Bipartite, phi: &[u32], heaps: &[u32]) -> u32 {
    heaps
        .iter()
        .fold(IDENTITY, |acc, &h| q.mul(acc, phi[h as usize]))
}

/// Whether a sum is a misère P-position, judged from its options' images: it has a move and
/// no option's image is in P.
pub fn judged_from_options(q: &Bipartite, phi: &[u32], options: &HeapOptions, sum: &[u32]) -> bool {
    let mut any = false;
    let mut seen: SmallVec<[u32; 8]> = SmallVec::new();
    for (i, &h) in sum.iter().enumerate() {
        if seen.contains(&h) {
            continue;
        }
        seen.push(h);
        let rest: SmallVec<[u32; 8]> = sum
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x)
            .collect();
        let base = image_of(q, phi, &rest);
        for o in &options[h as usize] {
            any = true;
            if q.is_p(q.mul(base, image_of(q, phi, o))) {
                return false;
            }
        }
    }
    any
}

/// The quotient of the sums of heaps 0..=n, given the verified quotient `old` of heaps
/// 0..n−1 (images `old_phi`) into which heap n fits no element. Returns the reduced
/// bipartite monoid, the images of heaps 0..=n and its verification closure.
///
/// Each round builds a trial on the previous round's reduced candidate (the old quotient at
/// first, with heap n free), so trials stay small: only the heaps that must be told apart
/// anew get coordinates of their own.
pub fn expand(
    old: &Bipartite,
    old_phi: &[u32],
    options: &HeapOptions,
    max_order: usize,
    poll: &dyn Fn() -> EngineResult<()>,
) -> EngineResult<(Bipartite, Vec<u32>, Closure)> {
    let n = (options.len() - 1) as u32;
    let mut base = old.clone();
    // Heap n has no image yet; it is free in the first trial, so this one is never read.
    let mut base_phi: Vec<u32> = old_phi.iter().copied().chain([IDENTITY]).collect();
    let mut free = FreeHeaps::from([(n, (2, 2))]);
    for _ in 0..MAX_ROUNDS {
        poll()?;
        let trial = Trial::build(&base, &base_phi, options, &free, poll)?;
        let (q, phi) = trial.reduce(options, max_order, poll)?;
        let heaps = heap_images(&q, &phi, options);
        match verify(&q, &heaps, poll)? {
            Verdict::Holds(closure) => return Ok((q, phi, closure)),
            Verdict::Fails(w) => {
                let target = judged_from_options(&q, &phi, options, &w);
                free = recalibrate(&q, &phi, options, &w, target, poll)?;
                base = q;
                base_phi = phi;
            }
        }
    }
    Err(EngineError::InvalidArgument(format!(
        "could not extend the misère quotient to heap {n} (no candidate verified after {MAX_ROUNDS} tries)"
    )))
}

/// Coordinates over the candidate `base` that give the failing sum `w` the mark `target`:
/// some of w's heaps get their own cyclic factor, long enough to count their copies in w,
/// fewest heaps first.
fn recalibrate(
    base: &Bipartite,
    base_phi: &[u32],
    options: &HeapOptions,
    w: &[u32],
    target: bool,
    poll: &dyn Fn() -> EngineResult<()>,
) -> EngineResult<FreeHeaps> {
    let mut counts: BTreeMap<u32, u32> = BTreeMap::new();
    for &h in w {
        *counts.entry(h).or_default() += 1;
    }
    // Largest heaps first: the new heap's neighbours are the likeliest to need room.
    let heaps: Vec<u32> = counts.keys().rev().copied().collect();
    let coordinates = |set: &[u32], extra: u32| -> FreeHeaps {
        set.iter()
            .map(|&h| {
                let from_base = base.index_and_period(base_phi[h as usize]).0 as u32;
                let i = from_base.max(counts[&h].saturating_sub(1)).max(2) + extra;
                let p = 2u32.max(2 * (i.saturating_sub(4) / 2));
                (h, (i, p))
            })
            .collect()
    };
    for k in 1..=heaps.len() {
        for subset in combinations(&heaps, k) {
            let f = coordinates(&subset, 0);
            let trial = Trial::build(base, base_phi, options, &f, poll)?;
            if trial.mark_of(w) == Some(target) {
                return Ok(f);
            }
        }
    }
    // No such change separates w: give all its heaps longer cycles.
    Ok(coordinates(&heaps, 2))
}

/// The k-element subsets of `items`, in order.
fn combinations(items: &[u32], k: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go(items: &[u32], k: usize, start: usize, pick: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in start..items.len() {
            pick.push(items[i]);
            go(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    go(items, k, 0, &mut pick, &mut out);
    out
}

/// A trial monoid, its elements met in order and marked.
struct Trial<'a> {
    old: &'a Bipartite,
    /// Cyclic factors: (index, period) in the order of the free heaps.
    cycles: Vec<(u64, u64)>,
    /// The image of each heap 0..=n, as a key.
    psi: Vec<u64>,
    elements: Vec<u64>,
    index: FxHashMap<u64, u32>,
    marks: Vec<bool>,
}

impl<'a> Trial<'a> {
    fn build(
        old: &'a Bipartite,
        old_phi: &[u32],
        options: &HeapOptions,
        free: &FreeHeaps,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<Trial<'a>> {
        let cycles: Vec<(u64, u64)> = free
            .values()
            .map(|&(i, p)| (u64::from(i), u64::from(p)))
            .collect();
        let base = old.order() as u64;
        let mut radix = base;
        let mut place = Vec::with_capacity(cycles.len());
        for &(i, p) in &cycles {
            place.push(radix);
            radix = radix.checked_mul(i + p).ok_or_else(too_large)?;
        }
        let mut trial = Trial {
            old,
            cycles,
            psi: Vec::with_capacity(options.len()),
            elements: Vec::new(),
            index: FxHashMap::default(),
            marks: Vec::new(),
        };
        for h in 0..options.len() as u32 {
            let key = if options[h as usize].is_empty() {
                u64::from(IDENTITY)
            } else if let Some(pos) = free.keys().position(|&f| f == h) {
                place[pos]
            } else {
                u64::from(old_phi[h as usize])
            };
            trial.psi.push(key);
        }
        // Each heap's option images, as keys.
        let option_keys: Vec<Vec<u64>> = options
            .iter()
            .map(|opts| {
                let mut keys: Vec<u64> = opts
                    .iter()
                    .map(|o| {
                        o.iter()
                            .fold(0, |acc, &h| trial.mul(acc, trial.psi[h as usize]))
                    })
                    .collect();
                keys.sort_unstable();
                keys.dedup();
                keys
            })
            .collect();

        // Meet the elements in the order of their least sums.
        let mut reps: Vec<SmallVec<[(u32, u32); 4]>> = vec![SmallVec::new()];
        trial.elements.push(0);
        trial.index.insert(0, 0);
        trial.marks.push(false);
        for h in 1..options.len() as u32 {
            if options[h as usize].is_empty() {
                continue;
            }
            let g = trial.psi[h as usize];
            let earlier = trial.elements.len();
            let mut power = g;
            let mut k = 1u32;
            loop {
                let mut added = false;
                for r in 0..earlier {
                    let m = trial.mul(trial.elements[r], power);
                    if trial.index.contains_key(&m) {
                        continue;
                    }
                    let mut rep = reps[r].clone();
                    rep.push((h, k));
                    let mark = trial.judge(&rep, &option_keys)?;
                    trial.index.insert(m, trial.elements.len() as u32);
                    trial.elements.push(m);
                    trial.marks.push(mark);
                    reps.push(rep);
                    added = true;
                    if trial.elements.len() > MAX_TRIAL_ELEMENTS {
                        return Err(too_large());
                    }
                    if trial.elements.len().is_multiple_of(4096) {
                        poll()?;
                    }
                }
                if !added {
                    break;
                }
                power = trial.mul(power, g);
                k += 1;
            }
        }
        Ok(trial)
    }

    /// The product of two keys.
    fn mul(&self, a: u64, b: u64) -> u64 {
        let base = self.old.order() as u64;
        let mut out = u64::from(self.old.mul((a % base) as u32, (b % base) as u32));
        let (mut a, mut b) = (a / base, b / base);
        let mut place = base;
        for &(i, p) in &self.cycles {
            let len = i + p;
            let mut c = a % len + b % len;
            if c >= len {
                c = i + (c - i) % p;
            }
            out += c * place;
            place *= len;
            a /= len;
            b /= len;
        }
        out
    }

    fn key_of(&self, heaps: impl IntoIterator<Item = (u32, u32)>) -> u64 {
        let mut key = 0;
        for (h, c) in heaps {
            for _ in 0..c {
                key = self.mul(key, self.psi[h as usize]);
            }
        }
        key
    }

    /// The mark of the least sum `rep`: P iff it has a move and no option is marked P.
    fn judge(&self, rep: &[(u32, u32)], option_keys: &[Vec<u64>]) -> EngineResult<bool> {
        for (j, &(h, _)) in rep.iter().enumerate() {
            let rest = self.key_of(
                rep.iter()
                    .enumerate()
                    .map(|(i, &(x, c))| (x, if i == j { c - 1 } else { c })),
            );
            for &t in &option_keys[h as usize] {
                let Some(&at) = self.index.get(&self.mul(rest, t)) else {
                    return Err(EngineError::InvalidArgument(
                        "misère quotient: an option was not met before its sum".into(),
                    ));
                };
                if self.marks[at as usize] {
                    return Ok(false);
                }
            }
        }
        Ok(!rep.is_empty())
    }

    /// The mark of a sum's image.
    fn mark_of(&self, sum: &[u32]) -> Option<bool> {
        let key = self.key_of(sum.iter().map(|&h| (h, 1)));
        self.index.get(&key).map(|&i| self.marks[i as usize])
    }

    /// The reduced quotient of this trial, and each heap's image there.
    fn reduce(
        &self,
        options: &HeapOptions,
        max_order: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<(Bipartite, Vec<u32>)> {
        let mut generators: Vec<u64> = (0..options.len())
            .filter(|&h| !options[h].is_empty())
            .map(|h| self.psi[h])
            .collect();
        generators.sort_unstable();
        generators.dedup();
        let mut actions = Vec::with_capacity(generators.len());
        for &g in &generators {
            let mut row = Vec::with_capacity(self.elements.len());
            for &m in &self.elements {
                let Some(&at) = self.index.get(&self.mul(m, g)) else {
                    return Err(EngineError::InvalidArgument(
                        "misère quotient: a trial monoid is not closed".into(),
                    ));
                };
                row.push(at);
            }
            actions.push(row);
        }
        let (class, count) = indistinguishable_classes(&self.marks, &actions, poll)?;
        if count > max_order {
            return Err(EngineError::InvalidArgument(format!(
                "That misère quotient is too large (more than {max_order} elements at heap {}); raise MaxOrder to go further",
                options.len() - 1
            )));
        }
        let mut rep = vec![usize::MAX; count];
        for (x, &c) in class.iter().enumerate() {
            if rep[c as usize] == usize::MAX {
                rep[c as usize] = x;
            }
        }
        let mut table = vec![0u32; count * count];
        let mut p = vec![false; count];
        for a in 0..count {
            p[a] = self.marks[rep[a]];
            for b in a..count {
                let m = self.mul(self.elements[rep[a]], self.elements[rep[b]]);
                let c = class[self.index[&m] as usize];
                table[a * count + b] = c;
                table[b * count + a] = c;
            }
        }
        let phi = self
            .psi
            .iter()
            .map(|k| class[self.index[k] as usize])
            .collect();
        Ok((Bipartite::from_table(count, table, p), phi))
    }
}

fn too_large() -> EngineError {
    EngineError::TooMany {
        what: "elements in a trial misère quotient",
        limit: MAX_TRIAL_ELEMENTS as u64,
    }
}
