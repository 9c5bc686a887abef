//! The order in which CGSuite prints the options of a loopy game (loopy.md §4.5): short games
//! first in their own order, loopy ones by a 32-bit hash difference (which wraps, so the order
//! is not transitive and depends on the starting order: that of a Java `HashSet`), sorted the
//! way Java's `Arrays.sort` sorts short arrays.

use crate::engine::loopy::{Graph, Mover, Stopper};
use crate::engine::{Dyadic, Engine, GameId};
use std::cmp::Ordering;

const B0: i32 = -962764907;
const SL: i32 = -742481099;
const SR: i32 = -121939996;
const CL: i32 = -1692903693;
const CR: i32 = 1419677861;
const CE: i32 = 1161334719;
const FULL: i32 = 1567540980;
const ON_HASH: i32 = -1929393985;
const OFF_HASH: i32 = 115002383;
const ZERO_HASH: i32 = 751215880;

fn distinct(g: &Graph, v: u32, mover: Mover) -> Vec<u32> {
    let mut t: Vec<u32> = g.targets(v, mover).collect();
    t.sort_unstable();
    t.dedup();
    t
}

fn mini(g: &Graph, v: u32) -> i32 {
    let left = distinct(g, v, Mover::Left);
    let right = distinct(g, v, Mover::Right);
    let l = left.len() as i32;
    let r = right.len() as i32;
    let e = left
        .iter()
        .filter(|&&t| t != v && right.contains(&t))
        .count() as i32;
    let mut h =
        B0 ^ l.wrapping_mul(l + 1).wrapping_mul(CL) ^ r.wrapping_mul(r + 1).wrapping_mul(CR);
    if left.contains(&v) {
        h ^= SL;
    }
    if right.contains(&v) {
        h ^= SR;
    }
    h ^ e.wrapping_mul(e + 1).wrapping_mul(CE)
}

fn sig(g: &Graph, v: u32) -> i32 {
    let m = |t: u32| if t == v { FULL } else { mini(g, t) };
    let left = distinct(g, v, Mover::Left)
        .into_iter()
        .fold(0i32, |acc, t| acc.wrapping_add(m(t)));
    let right = distinct(g, v, Mover::Right)
        .into_iter()
        .fold(0i32, |acc, t| acc.wrapping_add(m(t)));
    left.wrapping_mul(4)
        .wrapping_add(right.wrapping_mul(2))
        .wrapping_add(mini(g, v))
}

/// An isomorphism-invariant hash of the part of `g` reachable from `s`.
pub fn isohash(g: &Graph, s: u32) -> i32 {
    let reach = g.reachable(s);
    let mut h = 0i32;
    for v in 0..g.len() as u32 {
        if reach[v as usize] && v != s {
            h ^= sig(g, v);
        }
    }
    h ^ sig(g, s).wrapping_shl(1)
}

fn java_hash(s: &str) -> i32 {
    s.chars()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

fn mix(h: i32, x: i32) -> i32 {
    let k = x
        .wrapping_mul(0xCC9E2D51u32 as i32)
        .rotate_left(15)
        .wrapping_mul(0x1B873593);
    (h ^ k)
        .rotate_left(13)
        .wrapping_mul(5)
        .wrapping_add(0xE6546B64u32 as i32)
}

fn fmix(mut h: i32) -> i32 {
    h ^= ((h as u32) >> 16) as i32;
    h = h.wrapping_mul(0x85EBCA6Bu32 as i32);
    h ^= ((h as u32) >> 13) as i32;
    h = h.wrapping_mul(0xC2B2AE35u32 as i32);
    h ^ ((h as u32) >> 16) as i32
}

/// Scala's hash of a case class named `prefix` with the given field hashes.
fn case_hash(prefix: &str, fields: &[i32]) -> i32 {
    let mut h = mix(0xCAFEBABEu32 as i32, java_hash(prefix));
    for &f in fields {
        h = mix(h, f);
    }
    fmix(h ^ fields.len() as i32)
}

fn integer_hash(n: i128) -> i32 {
    if n == 0 {
        ZERO_HASH
    } else {
        case_hash("SmallIntegerImpl", &[n as i32])
    }
}

fn number_hash(x: Dyadic) -> i32 {
    if x.is_integer() {
        return integer_hash(x.numerator());
    }
    let denominator = 1i128 << x.exponent();
    case_hash(
        "DyadicRationalNumberImpl",
        &[integer_hash(x.numerator()), integer_hash(denominator)],
    )
}

/// The hash CGSuite sorts a loopy option by: the option at vertex `t` of `s`'s graph.
fn value_hash(engine: &mut Engine, s: &Stopper, t: u32) -> i32 {
    let g = &s.graph;
    let (l, r) = (&g.left[t as usize], &g.right[t as usize]);
    let number = |v: u32| s.short[v as usize].and_then(|x| engine.as_number(x));
    if l.as_slice() == [t] && r.is_empty() {
        return ON_HASH;
    }
    if r.as_slice() == [t] && l.is_empty() {
        return OFF_HASH;
    }
    if l.len() == 1
        && r.as_slice() == [t]
        && l[0] != t
        && let Some(x) = number(l[0])
    {
        return case_hash("OverNumberImpl", &[number_hash(x), 1]);
    }
    if r.len() == 1
        && l.as_slice() == [t]
        && r[0] != t
        && let Some(x) = number(r[0])
    {
        return case_hash("OverNumberImpl", &[number_hash(x), -1]);
    }
    case_hash("CanonicalStopperImpl", &[isohash(g, t)])
}

/// One option being sorted.
struct Key {
    vertex: u32,
    short: Option<GameId>,
    hash: i32,
}

/// The options of vertex `v` of the canonical stopper `s` for `mover`, in CGSuite's print
/// order. `short_order` orders two short games.
pub fn sorted_options(
    engine: &mut Engine,
    s: &Stopper,
    v: u32,
    mover: Mover,
    short_order: &mut dyn FnMut(&mut Engine, GameId, GameId) -> Ordering,
) -> Vec<u32> {
    let targets = distinct(&s.graph, v, mover);
    // The starting order: a Java HashSet's buckets of the options' isohashes.
    let buckets = (targets.len() * 4 / 3 + 1).next_power_of_two().max(16) as u32;
    let mut keyed: Vec<(u32, usize, Key)> = targets
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            let h = isohash(&s.graph, t);
            let bucket = ((h ^ ((h as u32) >> 16) as i32) as u32) & (buckets - 1);
            let short = s.short[t as usize];
            let hash = if short.is_some() {
                0
            } else {
                value_hash(engine, s, t)
            };
            (
                bucket,
                i,
                Key {
                    vertex: t,
                    short,
                    hash,
                },
            )
        })
        .collect();
    keyed.sort_by_key(|(bucket, i, _)| (*bucket, *i));
    let mut items: Vec<Key> = keyed.into_iter().map(|(_, _, k)| k).collect();
    let mut cmp = |engine: &mut Engine, a: &Key, b: &Key| match (a.short, b.short) {
        (Some(x), Some(y)) => short_order(engine, x, y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.hash.wrapping_sub(b.hash).cmp(&0),
    };
    java_small_sort(engine, &mut items, &mut cmp);
    items.into_iter().map(|k| k.vertex).collect()
}

/// Java's sort of a short array: reverse a strictly descending leading run, or extend an
/// ascending one, then binary insertion of the rest.
fn java_small_sort<T>(
    engine: &mut Engine,
    a: &mut Vec<T>,
    cmp: &mut dyn FnMut(&mut Engine, &T, &T) -> Ordering,
) {
    let n = a.len();
    if n < 2 {
        return;
    }
    let mut run = 2;
    if cmp(engine, &a[1], &a[0]) == Ordering::Less {
        while run < n && cmp(engine, &a[run], &a[run - 1]) == Ordering::Less {
            run += 1;
        }
        a[..run].reverse();
    } else {
        while run < n && cmp(engine, &a[run], &a[run - 1]) != Ordering::Less {
            run += 1;
        }
    }
    for i in run..n {
        let (mut lo, mut hi) = (0, i);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if cmp(engine, &a[i], &a[mid]) == Ordering::Less {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let item = a.remove(i);
        a.insert(lo, item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scala_hashes_of_names_match_the_published_constants() {
        assert_eq!(java_hash("CanonicalStopperImpl"), 1197627687);
        assert_eq!(java_hash("SimplifiedLoopyGameImpl"), -331611633);
        assert_eq!(java_hash("Onside"), -1928146986);
    }

    #[test]
    fn under_sorts_before_over_because_the_difference_wraps() {
        // loopy.md §4.5: CGSuite lists `under` before `over`, and `-5under` before `5over`.
        let over = case_hash("OverNumberImpl", &[ZERO_HASH, 1]);
        let under = case_hash("OverNumberImpl", &[ZERO_HASH, -1]);
        assert!(under.wrapping_sub(over) < 0);
        let five = integer_hash(5);
        let minus_five = integer_hash(-5);
        let five_over = case_hash("OverNumberImpl", &[five, 1]);
        let minus_five_under = case_hash("OverNumberImpl", &[minus_five, -1]);
        assert!(minus_five_under.wrapping_sub(five_over) < 0);
    }

    #[test]
    fn the_small_sort_is_a_sort_for_a_total_order() {
        let mut engine = Engine::new();
        let mut v = vec![5, 3, 9, 1, 1, 7, 2];
        java_small_sort(&mut engine, &mut v, &mut |_, a: &i32, b: &i32| a.cmp(b));
        assert_eq!(v, vec![1, 1, 2, 3, 5, 7, 9]);
    }
}
