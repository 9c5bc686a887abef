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
    /// Long runs of consecutive removals (`bash(m)`) counted as sliding windows.
    window: Option<RunWindow>,
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
        let window = RunWindow::worth_it(&leave_one);
        Some(FiniteSubtraction {
            stamp: vec![0; leave_one.len() + 2],
            leave_one,
            take_all,
            round: 0,
            window,
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
        if let Some(window) = &mut self.window {
            return window.value(g, whole);
        }
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

/// The option values of heap n from runs [lo, hi] of consecutive removals that may leave one
/// heap, kept as counts over sliding windows of the sequence: heap n's options are the heaps
/// max(1, n − hi) ..= n − lo of each run, so going to heap n + 1 adds one heap and drops one
/// per run. `bash(100000)` scanned 100 000 removals a heap (its period took minutes to
/// prove); this is O(runs) a heap plus a mex found in a three-level bitset.
#[derive(Clone, Debug)]
struct RunWindow {
    runs: Vec<(usize, usize)>,
    /// count[v] = the options of heap `heap` with value v (values never pass the option
    /// count, so the array covers them all).
    count: Vec<u32>,
    /// The values v with count[v] = 0.
    missing: BitTree,
    heap: usize,
}

impl RunWindow {
    /// A window when the removals are many and mostly consecutive.
    fn worth_it(leave_one: &[usize]) -> Option<RunWindow> {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &j in leave_one {
            match runs.last_mut() {
                Some((_, hi)) if *hi + 1 == j => *hi = j,
                _ => runs.push((j, j)),
            }
        }
        if leave_one.len() < 63 || runs.len() * 8 > leave_one.len() {
            return None;
        }
        let size = leave_one.len() + 2;
        Some(RunWindow {
            runs,
            count: vec![0; size],
            missing: BitTree::full(size),
            heap: 0,
        })
    }

    /// g(n) for n = g.len(), with `whole` when taking the whole heap is an option (value 0).
    fn value(&mut self, g: &[u32], whole: bool) -> u32 {
        let n = g.len();
        if n == self.heap + 1 {
            self.heap = n;
            for i in 0..self.runs.len() {
                let (lo, hi) = self.runs[i];
                if n > lo {
                    self.add(g[n - lo]);
                }
                if n > hi + 1 {
                    self.remove(g[n - 1 - hi]);
                }
            }
        } else if n != self.heap {
            self.rebuild(g);
        }
        let first = self.missing.first_at_least(0);
        let mex = if whole && first == Some(0) {
            self.missing.first_at_least(1)
        } else {
            first
        };
        mex.map_or(self.count.len() as u32, |v| v as u32)
    }

    /// Count heap n = g.len() from scratch (only when heaps are not asked in order).
    fn rebuild(&mut self, g: &[u32]) {
        let n = g.len();
        self.count.fill(0);
        self.missing = BitTree::full(self.count.len());
        self.heap = n;
        for i in 0..self.runs.len() {
            let (lo, hi) = self.runs[i];
            for j in lo..=hi.min(n.saturating_sub(1)) {
                self.add(g[n - j]);
            }
        }
    }

    fn add(&mut self, v: u32) {
        let v = v as usize;
        self.count[v] += 1;
        if self.count[v] == 1 {
            self.missing.clear(v);
        }
    }

    fn remove(&mut self, v: u32) {
        let v = v as usize;
        self.count[v] -= 1;
        if self.count[v] == 0 {
            self.missing.set(v);
        }
    }
}

/// A set of small integers as bit words with summary levels above them (bit i of level k + 1
/// says word i of level k is nonzero), so the least member from a point is found in a few
/// word reads however large the set.
#[derive(Clone, Debug)]
struct BitTree {
    levels: Vec<Vec<u64>>,
}

impl BitTree {
    /// The set {0, …, size − 1}.
    fn full(size: usize) -> BitTree {
        let mut levels = Vec::new();
        let mut bits = size.max(1);
        loop {
            let mut words = vec![!0u64; bits.div_ceil(64)];
            if !bits.is_multiple_of(64) {
                *words.last_mut().expect("at least one word") = (1u64 << (bits % 64)) - 1;
            }
            bits = words.len();
            levels.push(words);
            if bits == 1 {
                break;
            }
        }
        BitTree { levels }
    }

    fn set(&mut self, mut i: usize) {
        for words in &mut self.levels {
            let was_empty = words[i / 64] == 0;
            words[i / 64] |= 1 << (i % 64);
            if !was_empty {
                return;
            }
            i /= 64;
        }
    }

    fn clear(&mut self, mut i: usize) {
        for words in &mut self.levels {
            words[i / 64] &= !(1 << (i % 64));
            if words[i / 64] != 0 {
                return;
            }
            i /= 64;
        }
    }

    /// The least member ≥ start.
    fn first_at_least(&self, start: usize) -> Option<usize> {
        let mut position = start;
        for (level, words) in self.levels.iter().enumerate() {
            let w = position / 64;
            let masked = words.get(w)? & (!0u64 << (position % 64));
            if masked != 0 {
                let mut index = w * 64 + masked.trailing_zeros() as usize;
                for lower in self.levels[..level].iter().rev() {
                    index = index * 64 + lower[index].trailing_zeros() as usize;
                }
                return Some(index);
            }
            position = w + 1;
        }
        None
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
