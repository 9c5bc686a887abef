//! Checking a candidate quotient: the verification theorem of Plambeck and Siegel in its
//! finite form (misere.md §A.4, conditions V1–V3).
//!
//! A candidate is a bipartite monoid (Q, P) and an image Φ(h) for each heap. It describes the
//! sums of heaps correctly — P holds exactly the images of misère P-positions — iff
//!
//! * V1: the identity (the empty sum, which has no move) is not in P;
//! * V2: no P-image sum has a P-image option: no x, heap h and option image t of h with
//!   x·Φ(h) ∈ P and x·t ∈ P;
//! * V3: every sum whose image is outside P has an option whose image is in P.
//!
//! V3 ranges over infinitely many sums, but a sum matters only through its *pair*: its image
//! and the set of its options' images. Adding a heap maps pairs to pairs, so the pairs of all
//! sums form a finite closure. A pair (x, T) whose set contains another pair's set (x, T′)
//! can only fail where that one fails, so each element keeps only its minimal sets.

use super::monoid::{Bipartite, ElementSet, IDENTITY};
use crate::engine::{EngineError, EngineResult};
use rustc_hash::FxHashMap;

/// One heap as the verification sees it: its image and its options' images.
#[derive(Clone, Debug)]
pub struct HeapImage {
    pub heap: u32,
    pub image: u32,
    pub options: ElementSet,
}

/// The minimal option-image sets of the sums with each image, from a verification that
/// held: what the shortcut for a new heap reads (misere.md §A.5, step 3 (ii)).
#[derive(Clone, Debug, Default)]
pub struct Closure {
    minimal: Vec<Vec<ElementSet>>,
}

impl Closure {
    /// True when some sum with image `x` has option images within `options`.
    pub fn covers(&self, x: u32, options: &ElementSet) -> bool {
        self.minimal
            .get(x as usize)
            .is_some_and(|sets| sets.iter().any(|s| s.is_subset(options)))
    }
}

/// What a verification found.
#[derive(Debug)]
pub enum Verdict {
    Holds(Closure),
    /// A sum (its heaps) whose image's P-mark contradicts its options' marks.
    Fails(Vec<u32>),
}

/// Most pairs a verification keeps before it gives up.
const MAX_PAIRS: usize = 4_000_000;

/// Check V1–V3 for `q` with `heaps` (the heaps that have options; heaps without options are
/// the game 0 and change nothing). `poll` is called now and then (Ctrl-C).
pub fn verify(
    q: &Bipartite,
    heaps: &[HeapImage],
    poll: &dyn Fn() -> EngineResult<()>,
) -> EngineResult<Verdict> {
    if q.is_p(IDENTITY) {
        return Ok(Verdict::Fails(Vec::new()));
    }
    let kinds = distinct_kinds(heaps);
    let p_set = ElementSet::from_iter(q.order(), (0..q.order() as u32).filter(|&x| q.is_p(x)));

    // V2, over every element: each is the image of some sum, found breadth-first.
    let reps = representatives(q, &kinds);
    for (x, rep) in reps.iter().enumerate() {
        let Some(rep) = rep else { continue };
        if x % 256 == 255 {
            poll()?;
        }
        for k in &kinds {
            if q.is_p(q.mul(x as u32, k.image))
                && k.options.iter().any(|t| q.is_p(q.mul(x as u32, t)))
            {
                let mut sum = rep.clone();
                sum.push(k.heap);
                return Ok(Verdict::Fails(sum));
            }
        }
    }

    // V3, over the closure of pairs.
    struct Entry {
        x: u32,
        options: ElementSet,
        parent: u32,
        heap: u32,
        alive: bool,
    }
    const ROOT: u32 = u32::MAX;
    let mut entries: Vec<Entry> = Vec::new();
    let mut minimal: Vec<Vec<u32>> = vec![Vec::new(); q.order()];
    let witness = |entries: &[Entry], mut at: u32, last: u32| -> Vec<u32> {
        let mut sum = vec![last];
        while at != ROOT {
            sum.push(entries[at as usize].heap);
            at = entries[at as usize].parent;
        }
        sum.reverse();
        sum
    };
    let mut next = 0usize;
    let mut from: u32 = ROOT;
    loop {
        let (x, options) = if from == ROOT {
            (IDENTITY, ElementSet::new(q.order()))
        } else {
            let e = &entries[from as usize];
            (e.x, e.options.clone())
        };
        for k in &kinds {
            let y = q.mul(x, k.image);
            let mut u = options.times(q, k.image);
            u.union_with(&k.options.times(q, x));
            if !q.is_p(y) && !u.meets(&p_set) {
                return Ok(Verdict::Fails(witness(&entries, from, k.heap)));
            }
            let sets = &mut minimal[y as usize];
            if sets
                .iter()
                .any(|&i| entries[i as usize].options.is_subset(&u))
            {
                continue;
            }
            sets.retain(|&i| {
                let keep = !u.is_subset(&entries[i as usize].options);
                if !keep {
                    entries[i as usize].alive = false;
                }
                keep
            });
            sets.push(entries.len() as u32);
            entries.push(Entry {
                x: y,
                options: u,
                parent: from,
                heap: k.heap,
                alive: true,
            });
            if entries.len() > MAX_PAIRS {
                return Err(EngineError::TooMany {
                    what: "sums to check for this misère quotient",
                    limit: MAX_PAIRS as u64,
                });
            }
        }
        // The next live entry, breadth-first.
        while next < entries.len() && !entries[next].alive {
            next += 1;
        }
        if next == entries.len() {
            break;
        }
        if next.is_multiple_of(1024) {
            poll()?;
        }
        from = next as u32;
        next += 1;
    }
    let closure = Closure {
        minimal: minimal
            .into_iter()
            .map(|ids| {
                ids.into_iter()
                    .map(|i| entries[i as usize].options.clone())
                    .collect()
            })
            .collect(),
    };
    Ok(Verdict::Holds(closure))
}

/// Heaps with the same image and option images behave alike: keep the first of each kind.
fn distinct_kinds(heaps: &[HeapImage]) -> Vec<HeapImage> {
    let mut seen: FxHashMap<(u32, &ElementSet), ()> = FxHashMap::default();
    let mut out = Vec::new();
    for h in heaps {
        if seen.insert((h.image, &h.options), ()).is_none() {
            out.push(h.clone());
        }
    }
    out
}

/// For each element, a sum of heaps with that image (fewest heaps first); `None` for an
/// element no sum reaches.
fn representatives(q: &Bipartite, kinds: &[HeapImage]) -> Vec<Option<Vec<u32>>> {
    let mut reps: Vec<Option<Vec<u32>>> = vec![None; q.order()];
    reps[IDENTITY as usize] = Some(Vec::new());
    let mut queue = vec![IDENTITY];
    let mut i = 0;
    while i < queue.len() {
        let x = queue[i];
        i += 1;
        for k in kinds {
            let y = q.mul(x, k.image);
            if reps[y as usize].is_none() {
                let mut sum = reps[x as usize].clone().unwrap_or_default();
                sum.push(k.heap);
                reps[y as usize] = Some(sum);
                queue.push(y);
            }
        }
    }
    reps
}
