//! Fast nim sequences for take-and-break codes that never split a heap (subtraction games):
//! a finite set of removals (`0.0330003`, `bash(m)`), or "any number except a few" (`0.3003330[3]`,
//! `allbut(..)`).
//!
//! Every move leaves at most one heap, so g(n) = mex({0 if d_n allows taking the whole heap} ∪
//! {g(n − j) : d_j allows leaving one heap, j < n}).

use super::code::TbCode;

/// A code that leaves at most one heap and removes tokens only.
fn leaves_at_most_one_heap(code: &TbCode) -> bool {
    code.max_addition() == 0 && code.digit(0).is_none() && code.max_count().is_some_and(|m| m <= 1)
}

/// Finitely many removals j, each allowing "leave one heap" and/or "take the whole heap".
#[derive(Clone, Debug)]
pub struct FiniteSubtraction {
    /// Removals that may leave one heap, ascending.
    leave_one: Vec<usize>,
    /// Removals that may take a whole heap of exactly j tokens.
    take_all: Vec<bool>,
    stamp: Vec<u32>,
    round: u32,
}

impl FiniteSubtraction {
    pub fn new(code: &TbCode) -> Option<Self> {
        if !leaves_at_most_one_heap(code) {
            return None;
        }
        let max = code.max_removal()? as usize;
        let mut leave_one = Vec::new();
        let mut take_all = vec![false; max + 1];
        for (j, whole) in take_all.iter_mut().enumerate().skip(1) {
            if let Some(d) = code.digit(j as i64) {
                if d.allows(1) {
                    leave_one.push(j);
                }
                *whole = d.allows(0);
            }
        }
        Some(FiniteSubtraction {
            stamp: vec![0; leave_one.len() + 2],
            leave_one,
            take_all,
            round: 0,
        })
    }

    /// Append g(n) to `g` until it holds `len` values.
    pub fn extend(&mut self, g: &mut Vec<u32>, len: usize) {
        let max = self.take_all.len();
        while g.len() < len && (g.len() < max || self.leave_one.len() >= 63) {
            let v = self.next(g);
            g.push(v);
        }
        // Past the largest removal every option leaves one heap, and with fewer than 63 of
        // them every value fits the mask.
        let Some(&largest) = self.leave_one.last() else {
            g.resize(len.max(g.len()), 0);
            return;
        };
        while g.len() < len {
            let n = g.len();
            let window = &g[n - largest..];
            let mut seen = 0u64;
            for &j in &self.leave_one {
                seen |= 1 << window[largest - j];
            }
            g.push((!seen).trailing_zeros());
        }
    }

    /// g(n), given g(0..n).
    pub fn next(&mut self, g: &[u32]) -> u32 {
        let n = g.len();
        let whole = self.take_all.get(n).copied().unwrap_or(false);
        // With fewer than 64 options, the option values fit a bit mask.
        if self.leave_one.len() < 63 {
            let mut seen: u64 = u64::from(whole);
            for &j in &self.leave_one {
                if j >= n {
                    break;
                }
                let v = g[n - j];
                if v < 64 {
                    seen |= 1 << v;
                }
            }
            return (!seen).trailing_zeros();
        }
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
        let round = self.round;
        let len = self.stamp.len();
        let mut mark = |v: u32| {
            if (v as usize) < len {
                self.stamp[v as usize] = round;
            }
        };
        if whole {
            mark(0);
        }
        for &j in &self.leave_one {
            if j >= n {
                break;
            }
            mark(g[n - j]);
        }
        (0..)
            .find(|&v| self.stamp[v as usize] != round)
            .unwrap_or(0)
    }
}

/// Every removal j ≥ p may leave one heap (the repeating block allows it); the finitely many
/// removals below p that may not are the exceptions.
#[derive(Clone, Debug)]
pub struct CofiniteSubtraction {
    code: TbCode,
    /// Removals j ≥ 1 that may not leave one heap.
    exceptions: Vec<usize>,
    /// count[v] = number of heaps 1 ≤ i < n with g(i) = v.
    count: Vec<u32>,
    /// The least v with count[v] = 0 (it only grows).
    least_missing: u32,
    /// The least v ≥ 1 with count[v] = 0 (it only grows).
    least_missing_positive: u32,
    removed: Vec<u32>,
}

impl CofiniteSubtraction {
    pub fn new(code: &TbCode) -> Option<Self> {
        if !leaves_at_most_one_heap(code) || !code.repeats() {
            return None;
        }
        let span = code.digit_span() as usize;
        // Every digit from the block on must allow leaving one heap.
        let block_ok =
            (span..2 * span + 1).all(|j| code.digit(j as i64).is_some_and(|d| d.allows(1)));
        if !block_ok {
            return None;
        }
        let exceptions = (1..span)
            .filter(|&j| !code.digit(j as i64).is_some_and(|d| d.allows(1)))
            .collect();
        Some(CofiniteSubtraction {
            code: code.clone(),
            exceptions,
            count: Vec::new(),
            least_missing: 0,
            least_missing_positive: 1,
            removed: Vec::new(),
        })
    }

    /// g(n), given g(0..n).
    pub fn next(&mut self, g: &[u32]) -> u32 {
        let n = g.len();
        // Heap n − 1 becomes available to every later heap.
        if n >= 2 {
            let v = g[n - 1] as usize;
            if v >= self.count.len() {
                self.count.resize(v + 1, 0);
                self.removed.resize(v + 1, 0);
            }
            self.count[v] += 1;
            let filled = |count: &[u32], v: u32| count.get(v as usize).is_some_and(|&c| c > 0);
            while filled(&self.count, self.least_missing) {
                self.least_missing += 1;
            }
            while filled(&self.count, self.least_missing_positive) {
                self.least_missing_positive += 1;
            }
        }
        let whole = self.code.digit(n as i64).is_some_and(|d| d.allows(0));
        let present = |v: u32, count: &[u32], removed: &[u32]| -> bool {
            (v == 0 && whole)
                || count
                    .get(v as usize)
                    .is_some_and(|&c| c > removed[v as usize])
        };
        for &e in &self.exceptions {
            if e < n {
                self.removed[g[n - e] as usize] += 1;
            }
        }
        // Taking the whole heap supplies the value 0.
        let mut best = if self.least_missing == 0 && whole {
            self.least_missing_positive
        } else {
            self.least_missing
        };
        for &e in &self.exceptions {
            if e < n {
                let v = g[n - e];
                if v < best && !present(v, &self.count, &self.removed) {
                    best = v;
                }
            }
        }
        for &e in &self.exceptions {
            if e < n {
                self.removed[g[n - e] as usize] -= 1;
            }
        }
        best
    }
}
