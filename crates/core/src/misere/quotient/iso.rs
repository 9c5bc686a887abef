//! Isomorphism of bipartite monoids, and the tame quotients T_k (misere.md §A.2).

use super::monoid::{Bipartite, IDENTITY};
use super::presentation::Presentation;
use crate::engine::{EngineError, EngineResult};

/// What an image must share with its generator: (index, period) and P-membership.
type Shape = dyn Fn(&Bipartite, u32) -> ((usize, usize), bool);

/// Most partial maps an isomorphism search tries before it gives up.
const MAX_NODES: u64 = 2_000_000;

/// Whether `a` and `b` are isomorphic as bipartite monoids: some bijection keeps products and
/// P. Generators of `a` are sent to elements of `b` one at a time; the elements whose words
/// use only the generators placed so far form a prefix of `a`'s word order, and the map must
/// already be one-to-one, keep P and satisfy the relations there.
pub fn isomorphic(a: &Presentation, b: &Bipartite) -> EngineResult<bool> {
    let q = &a.monoid;
    if q.order() != b.order() || q.p_count() != b.p_count() {
        return Ok(false);
    }
    let r = a.generators.len();
    // How many elements use only the first j generators, for each j.
    let prefix: Vec<usize> = (0..=r)
        .map(|j| {
            a.words
                .iter()
                .take_while(|w| w[j..].iter().all(|&e| e == 0))
                .count()
        })
        .collect();
    let shape = |m: &Bipartite, x: u32| (m.index_and_period(x), m.is_p(x));
    let mut images = vec![IDENTITY; r];
    let mut nodes = 0u64;
    fn image(b: &Bipartite, images: &[u32], w: &[u16]) -> u32 {
        w.iter().zip(images).fold(IDENTITY, |acc, (&e, &g)| {
            b.mul(acc, b.pow(g, usize::from(e)))
        })
    }
    #[allow(clippy::too_many_arguments)]
    fn place(
        a: &Presentation,
        b: &Bipartite,
        j: usize,
        images: &mut Vec<u32>,
        prefix: &[usize],
        shape: &Shape,
        nodes: &mut u64,
    ) -> EngineResult<bool> {
        let r = images.len();
        if j == r {
            return Ok(true);
        }
        let want = shape(&a.monoid, a.generators[j]);
        for g in 0..b.order() as u32 {
            if shape(b, g) != want {
                continue;
            }
            *nodes += 1;
            if *nodes > MAX_NODES {
                return Err(EngineError::InvalidArgument(
                    "these misère quotients are too large to compare".into(),
                ));
            }
            images[j] = g;
            // One-to-one and P-keeping on the elements the first j + 1 generators reach.
            let mut hit = vec![false; b.order()];
            let ok = a.words[..prefix[j + 1]].iter().enumerate().all(|(x, w)| {
                let y = image(b, images, w);
                let fresh = !hit[y as usize];
                hit[y as usize] = true;
                fresh && b.is_p(y) == a.monoid.is_p(x as u32)
            }) && a.relations.iter().all(|(w, v)| {
                w[j + 1..].iter().any(|&e| e > 0)
                    || image(b, images, w) == image(b, images, &a.words[*v as usize])
            });
            if ok && place(a, b, j + 1, images, prefix, shape, nodes)? {
                return Ok(true);
            }
        }
        images[j] = IDENTITY;
        Ok(false)
    }
    place(a, b, 0, &mut images, &prefix, &shape, &mut nodes)
}

/// T_k, the quotient of misère Nim on heaps below 2^k: the sums of heaps 0 and 1 by parity,
/// and every other sum by its nim value — 2^k + 2 elements for k ≥ 2; T0 and T1 are the
/// trivial monoid and ⟨a | a² = 1⟩.
pub fn tame(k: u32) -> Bipartite {
    match k {
        0 => Bipartite::trivial(),
        1 => Bipartite::from_table(2, vec![0, 1, 1, 0], vec![false, true]),
        _ => {
            // 0: even count of 1-heaps, 1: odd; 2 + v: a big heap is present, nim value v.
            let big = 1usize << k;
            let order = big + 2;
            let value = |x: usize| if x < 2 { x } else { x - 2 };
            let mut table = vec![0u32; order * order];
            for x in 0..order {
                for y in 0..order {
                    let v = value(x) ^ value(y);
                    table[x * order + y] = if x < 2 && y < 2 { v } else { 2 + v } as u32;
                }
            }
            let p = (0..order).map(|x| x == 1 || x == 2).collect();
            Bipartite::from_table(order, table, p)
        }
    }
}

/// k when the quotient is T_k.
pub fn tame_index(a: &Presentation) -> EngineResult<Option<u32>> {
    let order = a.monoid.order();
    let k = match order {
        1 => 0,
        2 => 1,
        _ if order > 2 && (order - 2).is_power_of_two() && order - 2 >= 4 => {
            (order - 2).trailing_zeros()
        }
        _ => return Ok(None),
    };
    Ok(isomorphic(a, &tame(k))?.then_some(k))
}
