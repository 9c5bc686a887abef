//! Nim sequences of finite octal-like codes (each move leaves at most two heaps) by the
//! sparse-space ("rare values") method of Gangolli–Plambeck and Flammenkamp.
//!
//! g(n) is the mex of g(r) over one-heap moves and g(a) ⊕ g(b) over splits a + b = r. Choose a
//! bit mask and call a value *common* when `v & mask` has odd parity, *rare* otherwise. For many
//! octal games almost every g(n) is common. Since common ⊕ common and rare ⊕ rare are rare, the
//! common values among the split values come only from pairs with a rare member — few, and
//! listed by walking the rare heaps. So the least common value κ missing from the options is
//! found in O(#rare); g(n) = κ unless a rare value below κ is missing too, which a scan of the
//! pairs settles (it stops as soon as every rare value below κ has been seen). The answer is
//! always exactly the mex; the mask only decides how fast it comes. Without a useful mask the
//! scan covers every pair: the plain O(n) mex.

use super::code::{Modifier, TbCode};

/// How a removal of j tokens may split the rest in two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    No,
    /// Any two heaps (`!`/`?` excluded: `distinct`).
    Pair {
        distinct: bool,
    },
    /// Two equal heaps only (value 0 when r is even).
    Equal,
}

#[derive(Clone, Copy, Debug)]
struct Move {
    j: usize,
    take_all: bool,
    leave_one: bool,
    /// `?` on one heap: at least two tokens must remain.
    leave_one_needs_two: bool,
    split: Split,
}

/// Incremental state of the method for one code.
#[derive(Clone, Debug)]
pub struct SparseOctal {
    moves: Vec<Move>,
    mask: u32,
    /// Heaps n ≥ 1 whose value is rare under `mask`, ascending.
    rare: Vec<u32>,
    stamp: Vec<u32>,
    round: u32,
    next_mask_review: usize,
    max_value: u32,
}

/// Values above this are too many for the mask search (the method falls back to plain scans).
const MASK_SEARCH_LIMIT: u32 = 1 << 12;

impl SparseOctal {
    /// The method's state if the code is finite, removes tokens only and never leaves more than
    /// two heaps.
    pub fn new(code: &TbCode) -> Option<Self> {
        if code.max_addition() != 0 || code.max_count()? > 2 {
            return None;
        }
        let max = code.max_removal()? as usize;
        let mut moves = Vec::new();
        for j in 0..=max {
            let Some(d) = code.digit(j as i64) else {
                continue;
            };
            if j == 0 && (d.allows(0) || d.allows(1)) {
                return None; // loopy; rejected earlier
            }
            let split = if !d.allows(2) {
                Split::No
            } else {
                match d.modifier(2) {
                    Modifier::None => Split::Pair { distinct: false },
                    Modifier::Distinct | Modifier::NotAllEqual => Split::Pair { distinct: true },
                    Modifier::Equal => Split::Equal,
                }
            };
            moves.push(Move {
                j,
                take_all: d.allows(0),
                leave_one: d.allows(1),
                leave_one_needs_two: d.modifier(1) == Modifier::NotAllEqual,
                split,
            });
        }
        Some(SparseOctal {
            moves,
            mask: 0,
            rare: Vec::new(),
            stamp: vec![0; 4],
            round: 0,
            next_mask_review: 256,
            max_value: 0,
        })
    }

    fn is_rare(&self, v: u32) -> bool {
        (v & self.mask).count_ones().is_multiple_of(2)
    }

    /// g(n), given g(0..n).
    pub fn next(&mut self, g: &[u32]) -> u32 {
        let n = g.len();
        if n >= self.next_mask_review {
            self.review_mask(g);
            self.next_mask_review = n * 2;
        }
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
        let round = self.round;
        let stamp = &mut self.stamp;
        let mut mark = |v: u32| stamp[v as usize] = round;

        for m in &self.moves {
            if m.j > n {
                break;
            }
            let r = n - m.j;
            if r == 0 {
                if m.take_all {
                    mark(0);
                }
                continue;
            }
            if m.leave_one && (r >= 2 || !m.leave_one_needs_two) {
                mark(g[r]);
            }
            if r >= 2 {
                match m.split {
                    Split::Equal if r.is_multiple_of(2) => mark(0),
                    Split::Pair { distinct } if self.mask != 0 => {
                        for &a in &self.rare {
                            let a = a as usize;
                            if a >= r {
                                break;
                            }
                            if distinct && 2 * a == r {
                                continue;
                            }
                            mark(g[a] ^ g[r - a]);
                        }
                    }
                    _ => {}
                }
            }
        }

        let value = if self.mask == 0 {
            self.scan_pairs(g, u32::MAX, usize::MAX);
            self.least_unmarked(0, |_| true)
        } else {
            // κ: the least common value not reached through a rare heap.
            let kappa = self.least_unmarked(0, |v| (v & self.mask).count_ones() % 2 == 1);
            let needed = (0..kappa)
                .filter(|&v| self.is_rare(v) && self.stamp[v as usize] != round)
                .count();
            if needed > 0 {
                self.scan_pairs(g, kappa, needed);
            }
            self.least_unmarked(0, |_| true).min(kappa)
        };
        self.note_value(value);
        if self.mask != 0 && self.is_rare(value) {
            self.rare.push(n as u32);
        }
        value
    }

    /// Mark every split value (common pairs included) until `needed` rare values below
    /// `below` have been seen (all pairs when `needed` is `usize::MAX`).
    fn scan_pairs(&mut self, g: &[u32], below: u32, mut needed: usize) {
        let n = g.len();
        let round = self.round;
        let mask = self.mask;
        for m in &self.moves {
            let Split::Pair { distinct } = m.split else {
                continue;
            };
            if m.j + 2 > n {
                continue;
            }
            let r = n - m.j;
            for a in 1..=r / 2 {
                if distinct && 2 * a == r {
                    continue;
                }
                let v = g[a] ^ g[r - a];
                let slot = &mut self.stamp[v as usize];
                if *slot != round {
                    *slot = round;
                    if v < below && (v & mask).count_ones().is_multiple_of(2) {
                        needed -= 1;
                        if needed == 0 {
                            return;
                        }
                    }
                }
            }
        }
    }

    fn least_unmarked(&self, from: u32, wanted: impl Fn(u32) -> bool) -> u32 {
        (from..)
            .find(|&v| wanted(v) && self.stamp.get(v as usize) != Some(&self.round))
            .unwrap_or(from)
    }

    /// Keep the stamp table larger than any xor of two values (and their mex).
    fn note_value(&mut self, v: u32) {
        if v > self.max_value {
            self.max_value = v;
            let cap = (v + 1).next_power_of_two() as usize * 2 + 2;
            if cap > self.stamp.len() {
                self.stamp.resize(cap, 0);
            }
        }
    }

    /// Pick the mask that leaves the fewest rare heaps among g(1..n); keep none when even the
    /// best leaves a quarter of them rare (the scans would cost more than they save).
    fn review_mask(&mut self, g: &[u32]) {
        let max = g.iter().copied().max().unwrap_or(0);
        if max >= MASK_SEARCH_LIMIT {
            self.set_mask(0, g);
            return;
        }
        let size = (max + 1).next_power_of_two() as usize;
        let mut histogram = vec![0usize; size];
        for &v in &g[1..] {
            histogram[v as usize] += 1;
        }
        let rare_count = |mask: u32| -> usize {
            histogram
                .iter()
                .enumerate()
                .filter(|&(v, _)| (v as u32 & mask).count_ones().is_multiple_of(2))
                .map(|(_, &c)| c)
                .sum()
        };
        let best = (1..size as u32).min_by_key(|&m| rare_count(m)).unwrap_or(0);
        let mask = if best != 0 && rare_count(best) * 4 < g.len() {
            best
        } else {
            0
        };
        self.set_mask(mask, g);
    }

    fn set_mask(&mut self, mask: u32, g: &[u32]) {
        if mask == self.mask {
            return;
        }
        self.mask = mask;
        self.rare = (1..g.len() as u32)
            .filter(|&a| self.is_rare(g[a as usize]))
            .collect();
    }
}
