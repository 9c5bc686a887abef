//! Nim sequences g(0), g(1), … of heap rulesets, computed once per ruleset and extended on
//! demand.
//!
//! The definition — g(n) = mex over the options of n of the xor of the heaps' values — is
//! [`naive_values`], the oracle every fast path is tested against. The fast paths:
//! subtraction games ([`super::subtraction`]), finite octal-like codes by the sparse-space
//! method ([`super::sparse`]), and, for codes where CGSuite's periodicity test is a proof
//! ([`super::periodicity`]), the periodic tail once it is established: values past it are
//! read off the period instead of being computed.
//!
//! **Finding the period as values come.** Running CGSuite's test (linear in N) after every
//! value would be quadratic, so the sequence keeps a *candidate* instead: whenever N has grown
//! by a quarter it looks for a periodic tail among the last N/2 (at most [`CANDIDATE_WINDOW`])
//! values ([`periodicity::candidate`]); each new value then costs one comparison
//! g(n) = g(n − p) to keep the candidate alive. When the candidate has held up to the
//! a·(q + p) + t heaps the test needs (the periodicity theorem's bound,
//! [`periodicity::proof_constants`]: about 2(q + p) for octal games, where CGSuite's test waits
//! for 3(q + p)), the test itself runs once, on those heaps, and its answer (a theorem for the
//! codes [`periodicity::is_provable`] admits) is final. A candidate
//! that breaks is dropped and the next look comes a quarter later. So the whole search costs
//! O(N) time beyond computing the values, and [`NimSequence::search_period`] can grow the
//! prefix without bound (up to [`MAX_COMPUTED_HEAP`]), polling the interrupt flag (and with it
//! the memory ceiling) every `POLL_EVERY` heaps. `period(R)` without a bound does exactly
//! that: for a game with no period (Grundy's game, 0.007) it keeps computing until Ctrl-C, the
//! memory ceiling or 10^8 heaps (then `Nothing`).

use super::code::TbCode;
use super::periodicity::{self, Periodicity};
use super::rules::HeapRules;
use super::sparse::SparseOctal;
use super::subtraction::{CofiniteSubtraction, FiniteSubtraction};
use crate::engine::{EngineError, EngineResult, progress};
use std::time::{Duration, Instant};

/// The largest heap whose value we compute one by one (4 bytes each).
pub const MAX_COMPUTED_HEAP: usize = 100_000_000;

/// How far (and how long) a huge heap's value looks for a period before giving up.
const PERIOD_SEARCH_LIMIT: usize = 1 << 24;
const PERIOD_SEARCH_TIME: Duration = Duration::from_secs(2);

/// Heaps computed between two polls of the interrupt flag (well under 100 ms even when a heap
/// costs tens of microseconds).
const POLL_EVERY: usize = 1 << 10;

/// How many of the last values a period candidate is looked for in (periods up to half of it
/// are seen; 0.16's 149 459 is the longest among the classic ones).
pub const CANDIDATE_WINDOW: usize = 1 << 22;

/// How the next value is found.
#[derive(Debug)]
enum Method {
    FiniteSubtraction(FiniteSubtraction),
    CofiniteSubtraction(CofiniteSubtraction),
    Sparse(Box<SparseOctal>),
    Options,
}

/// The nim values of one ruleset computed so far.
#[derive(Debug)]
pub struct NimSequence {
    values: Vec<u32>,
    method: Method,
    /// CGSuite's constants (a, t) when its periodicity test proves periodicity for these rules.
    proof: Option<(u64, u64)>,
    periodic: Option<Periodicity>,
    /// A periodic tail the values have kept so far, not yet proven.
    candidate: Option<Periodicity>,
    /// Values below this index have been compared with the candidate.
    checked: usize,
    /// Nim itself (every removal allowed): g(n) = n, for heaps of any size.
    identity: bool,
    next_check: usize,
    stamp: Vec<u32>,
    round: u32,
}

impl NimSequence {
    pub fn new(rules: &HeapRules) -> Self {
        let (method, proof) = match rules {
            HeapRules::TakeAndBreak(code) => {
                let method = if let Some(m) = FiniteSubtraction::new(code) {
                    Method::FiniteSubtraction(m)
                } else if let Some(m) = CofiniteSubtraction::new(code) {
                    Method::CofiniteSubtraction(m)
                } else if let Some(m) = SparseOctal::new(code) {
                    Method::Sparse(Box::new(m))
                } else {
                    Method::Options
                };
                let proof = periodicity::proof_constants(code);
                (method, proof)
            }
            _ => (Method::Options, None),
        };
        let identity = matches!(rules, HeapRules::TakeAndBreak(code) if is_nim(code));
        NimSequence {
            values: vec![0],
            method,
            proof,
            periodic: None,
            candidate: None,
            checked: 0,
            identity,
            next_check: 64,
            stamp: Vec::new(),
            round: 0,
        }
    }

    /// The same rules computed by the definition only (no fast path, no periodic shortcut).
    pub fn by_definition() -> Self {
        NimSequence {
            values: vec![0],
            method: Method::Options,
            proof: None,
            periodic: None,
            candidate: None,
            checked: 0,
            identity: false,
            next_check: usize::MAX,
            stamp: Vec::new(),
            round: 0,
        }
    }

    /// Let the computation use up to `threads` threads.
    pub fn set_threads(&mut self, threads: usize) {
        if let Method::Sparse(m) = &mut self.method {
            m.set_threads(threads);
        }
    }

    /// The periodic tail, once it has been proven.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodic
    }

    /// The values computed one by one so far (heaps 0 … len − 1).
    pub fn computed(&self) -> &[u32] {
        &self.values
    }

    /// g(n), computing what is needed.
    pub fn value(
        &mut self,
        rules: &HeapRules,
        n: u64,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<u64> {
        if self.identity {
            return Ok(n);
        }
        if let Some(v) = self.known(n) {
            return Ok(u64::from(v));
        }
        match usize::try_from(n).ok().filter(|&n| n <= MAX_COMPUTED_HEAP) {
            Some(n) => self.extend(rules, n + 1, poll)?,
            // Too far to compute one by one: only a period proven on the way can answer.
            // Look for one while it stays quick.
            None if self.proof.is_some() => {
                let start = Instant::now();
                let mut len = self.values.len().max(1024);
                while self.periodic.is_none()
                    && len <= PERIOD_SEARCH_LIMIT
                    && start.elapsed() < PERIOD_SEARCH_TIME
                {
                    self.extend(rules, len, poll)?;
                    len *= 2;
                }
            }
            None => {}
        }
        self.known(n).map(u64::from).ok_or(EngineError::TooMany {
            what: "heaps to compute one by one (no period is proven)",
            limit: MAX_COMPUTED_HEAP as u64,
        })
    }

    /// g(n) if it is already known.
    pub fn known(&self, n: u64) -> Option<u32> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v);
        }
        let p = self.periodic?;
        let q = p.preperiod as u64;
        let i = q + (n - q) % p.period as u64;
        self.values.get(i as usize).copied()
    }

    /// g(0), …, g(len − 1).
    pub fn prefix(
        &mut self,
        rules: &HeapRules,
        len: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<Vec<u32>> {
        if len == 0 {
            return Ok(Vec::new());
        }
        if self.identity {
            return Ok((0..len as u32).collect());
        }
        self.value(rules, len as u64 - 1, poll)?;
        if len <= self.values.len() {
            return Ok(self.values[..len].to_vec());
        }
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(&self.values);
        let Some(p) = self.periodic else {
            return Ok(out);
        };
        // Copy whole periods, doubling the copied stretch each time.
        while out.len() < len {
            let n = out.len();
            let span = (n - p.preperiod) / p.period * p.period;
            let take = span.min(len - n);
            out.extend_from_within(n - span..n - span + take);
        }
        Ok(out)
    }

    /// Compute heaps up to len − 1 (or until the period is proven).
    pub fn extend(
        &mut self,
        rules: &HeapRules,
        len: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<()> {
        // Room for what is asked, but not for a search's far limit (it may stop much earlier).
        let more = len.saturating_sub(self.values.len());
        self.values
            .reserve(more.min(self.values.len().max(POLL_EVERY)));
        if let Method::Sparse(m) = &mut self.method {
            m.set_goal(len);
        }
        let done = self.extend_to(rules, len, poll);
        if let Method::Sparse(m) = &mut self.method {
            // No thread outlives the call.
            m.stop_helper();
        }
        done
    }

    fn extend_to(
        &mut self,
        rules: &HeapRules,
        len: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<()> {
        while self.values.len() < len && self.periodic.is_none() {
            let n = self.values.len();
            if n.is_multiple_of(POLL_EVERY) {
                poll()?;
                match &self.method {
                    Method::Sparse(m) => {
                        progress::report_with(n as u64, "heaps", m.rare_count() as u64, "rare")
                    }
                    _ => progress::report(n as u64, "heaps"),
                }
            }
            if let Method::FiniteSubtraction(m) = &mut self.method {
                // A tight loop up to the next poll or periodicity check.
                let stop = len
                    .min(self.next_check)
                    .min((n / POLL_EVERY + 1) * POLL_EVERY);
                m.extend(&mut self.values, stop);
                self.after_push(poll)?;
                continue;
            }
            let v = match &mut self.method {
                Method::FiniteSubtraction(m) => m.next(&self.values),
                Method::CofiniteSubtraction(m) => m.next(&self.values),
                Method::Sparse(m) => m.next(&self.values),
                Method::Options => self.next_by_options(rules, poll)?,
            };
            self.values.push(v);
            self.after_push(poll)?;
        }
        Ok(())
    }

    /// Compute heaps until a period is proven or `limit` heaps are known; the period, if any.
    /// `None` at once when the rules are outside what the test proves.
    pub fn search_period(
        &mut self,
        rules: &HeapRules,
        limit: usize,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<Option<Periodicity>> {
        if self.proof.is_some() && self.periodic.is_none() {
            self.extend(rules, limit.min(MAX_COMPUTED_HEAP + 1), poll)?;
        }
        Ok(self.periodic)
    }

    /// Keep the period candidate up to date (see the module doc).
    fn after_push(&mut self, poll: &dyn Fn() -> EngineResult<()>) -> EngineResult<()> {
        let Some((a, t)) = self.proof else {
            return Ok(());
        };
        let n = self.values.len();
        if let Some(c) = self.candidate {
            // The subtraction fast path pushes several values between two calls: check them all.
            let from = self.checked.max(c.preperiod + c.period);
            if (from..n).any(|i| self.values[i] != self.values[i - c.period]) {
                self.candidate = None;
            }
            self.checked = n;
        }
        if n >= self.next_check {
            self.next_check = n + n / 4;
            if self.candidate.is_none() {
                // The last half at most: by the time the test can accept (n ≥ 2q), it lies
                // inside the periodic part. Then the last quarter, which lies there from
                // n ≥ 4q/3 on, so that the candidate is there when the test can accept
                // (the half alone may wait for the next look, a quarter later); the half sees
                // longer periods.
                for window in [n / 2, n / 4] {
                    self.candidate =
                        periodicity::candidate(&self.values, window.min(CANDIDATE_WINDOW), poll)?;
                    if self.candidate.is_some() {
                        break;
                    }
                }
                self.checked = n;
            }
        }
        if let Some(c) = self.candidate
            && periodicity::heaps_needed(c, a, t) <= n as u64
        {
            self.periodic = periodicity::check_polled(&self.values, a, t, poll)?;
            self.candidate = None;
        }
        Ok(())
    }

    /// g(n) as the mex over the options (the definition).
    fn next_by_options(
        &mut self,
        rules: &HeapRules,
        poll: &dyn Fn() -> EngineResult<()>,
    ) -> EngineResult<u32> {
        let n = self.values.len() as u64;
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
        let round = self.round;
        let values = &self.values;
        let stamp = &mut self.stamp;
        let mut visited = 0u64;
        rules.for_each_option(n, &mut |heaps| {
            visited += 1;
            if visited.is_multiple_of(1 << 16) {
                poll()?;
            }
            let mut x = 0u32;
            for &h in heaps {
                x ^= values[h as usize];
            }
            let x = x as usize;
            if x >= stamp.len() {
                stamp.resize((x + 1).next_power_of_two(), 0);
            }
            stamp[x] = round;
            Ok(())
        })?;
        Ok((0..)
            .find(|&v| self.stamp.get(v as usize) != Some(&round))
            .unwrap_or(0))
    }
}

/// True for Nim's rules in any spelling: from every heap, any number of tokens may be taken,
/// the whole heap included, and nothing else.
fn is_nim(code: &TbCode) -> bool {
    if !code.repeats() || code.max_addition() != 0 || code.digit(0).is_some() {
        return false;
    }
    let span = code.digit_span();
    (1..=2 * span).all(|j| {
        code.digit(j)
            .is_some_and(|d| d.allows(0) && d.allows(1) && d.max_count() == Some(1))
    })
}

/// g(0), …, g(len − 1) straight from the definition: the oracle for the fast paths.
pub fn naive_values(rules: &HeapRules, len: usize) -> Vec<u32> {
    let mut seq = NimSequence::by_definition();
    let no_poll = || Ok(());
    // The definition never fails without an interrupt.
    let _ = seq.extend(rules, len, &no_poll);
    seq.values.truncate(len);
    seq.values
}

#[cfg(test)]
mod tests {
    use super::super::code::CodeKind;
    use super::*;

    fn rules(code: &str) -> HeapRules {
        HeapRules::TakeAndBreak(TbCode::parse(code, CodeKind::TakeAndBreak).unwrap())
    }

    fn fast(code: &str, len: usize) -> Vec<u32> {
        let r = rules(code);
        NimSequence::new(&r).prefix(&r, len, &|| Ok(())).unwrap()
    }

    #[test]
    fn sequences_from_the_conformance_file() {
        assert_eq!(
            fast("0.07", 21)[1..],
            [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
        );
        assert_eq!(
            fast("4!.0", 21)[1..],
            [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        assert_eq!(
            fast("0.3003330[3]", 21)[1..],
            [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
        );
        assert_eq!(
            fast("0.3F", 21)[1..],
            [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]
        );
    }

    #[test]
    fn fast_paths_agree_with_the_definition() {
        for code in [
            "0.77",
            "0.07",
            "0.137",
            "0.16",
            "0.6",
            "0.4",
            "0.15",
            "0.156",
            "0.0330003",
            "0.3003330[3]",
            "0.00[3]",
            "0.[3]",
            "4!.0",
            "0.6?",
            "0.4!",
            "0.4=",
            "0.7=",
            "4.0",
            "0.333",
            "0.3F",
            "0.1",
            "0.05",
        ] {
            let r = rules(code);
            assert_eq!(fast(code, 600), naive_values(&r, 600), "code {code}");
        }
    }

    #[test]
    fn nim_answers_huge_heaps() {
        let r = rules("0.[3]");
        let big = 123_456_789_012_345u64;
        assert_eq!(
            NimSequence::new(&r).value(&r, big, &|| Ok(())).unwrap(),
            big
        );
        let r = rules("0.3[3]");
        assert_eq!(
            NimSequence::new(&r).value(&r, big, &|| Ok(())).unwrap(),
            big
        );
        let r = rules("0.[7]");
        assert!(NimSequence::new(&r).value(&r, big, &|| Ok(())).is_err());
    }

    #[test]
    fn kayles_becomes_periodic() {
        let r = rules("0.77");
        let mut seq = NimSequence::new(&r);
        let big = 1_000_000_000_000u64;
        let same_phase = 72 + ((big - 72) % 12) as usize;
        let expected = u64::from(naive_values(&r, 100)[same_phase]);
        assert_eq!(seq.value(&r, big, &|| Ok(())).unwrap(), expected);
        assert_eq!(
            seq.periodicity(),
            Some(Periodicity {
                period: 12,
                preperiod: 71
            })
        );
    }
}
