//! Periodicity of nim sequences: CGSuite's `CheckPeriodicity` test, restated from
//! rulesets.md §7.3, and when that test is a proof.
//!
//! The test looks for a preperiod q and period p such that v_q … v_{N−1} repeats with period p
//! and accepts it when a·q + a·p + t ≤ N, where a = 1 + the largest heap count a move leaves
//! and t = (D − 1) + a (D: digits from d₀ to the last non-zero one).
//!
//! Why the accepted answer is a theorem for the codes [`is_provable`] admits (the Guy–Smith
//! argument, generalised to h heaps): if g(m + p) = g(m) for q ≤ m < N − p, take n with
//! N − p ≤ n and everything below n + p known. A move from n + p leaves heaps of total
//! n + p − j (j ≤ k tokens removed, h' ≤ h heaps); its largest heap is at least
//! (n + p − k)/h ≥ q + p once N ≥ h·(q + p) + k, so shrinking it by p gives a move from n with
//! the same value — and growing the largest heap of a move from n by p gives one from n + p.
//! For `!` (two distinct heaps) the shrunk heap may collide with the other; shrinking the other
//! one instead needs N ≥ 2q + 3p + k. CGSuite's bound a·(q + p) + t with a = h + 1 covers both.
//! Codes with `=` or with modifiers on three or more heaps, repeating blocks, additive digits
//! or unbounded heap counts are not covered: `period` answers `None` for them.

use super::code::{Modifier, TbCode};
use crate::engine::EngineResult;

/// A periodic tail: g(n + period) = g(n) for n ≥ preperiod (saltus 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub period: usize,
    pub preperiod: usize,
}

impl Periodicity {
    /// CGSuite's printed form.
    pub fn cgsuite_text(&self) -> String {
        format!(
            "Periodicity(Period => {}, Preperiod => {}, Saltus => 0)",
            self.period, self.preperiod
        )
    }
}

/// The constants (a, t) of CGSuite's test, or `None` when some digit allows unboundedly many
/// heaps (CGSuite then computes with overflowing 32-bit numbers; we answer `Nothing`).
pub fn constants(code: &TbCode) -> Option<(u64, u64)> {
    let a = u64::from(code.max_count()?) + 1;
    let d = code.digit_span() as u64;
    Some((a, d.saturating_sub(1) + a))
}

/// The constants (a, t) of the bound a·(q + p) + t that the argument of the module doc needs,
/// for the codes [`is_provable`] admits: a = h (at least 1) and t = k + a, where h is the most
/// heaps a move leaves and k the most tokens it removes, when no digit puts a condition on the
/// heaps' sizes. With h heaps the largest left by a move from n + p, n ≥ N − p, is at least
/// (N − k)/h ≥ q + p + 1 once N ≥ h·(q + p + 1) + k, so shrinking it by p keeps it a heap (a
/// heap of 0 would change the kind of move when q = 0). Codes with `!` or `?` keep CGSuite's
/// larger bound, which also covers a shrunk heap meeting the other one.
///
/// What the test accepts at this bound is a theorem, so it is the answer CGSuite's test gives
/// once it has its larger bound's heaps (a property test checks this on random codes).
/// Only the search for a period ([`crate::rulesets::heap::sequence`]) and `period(R, N)` use
/// it; `CheckPeriodicity(N)` is CGSuite's test, with CGSuite's constants.
pub fn proof_constants(code: &TbCode) -> Option<(u64, u64)> {
    if !is_provable(code) {
        return None;
    }
    let conditioned = code.written_digits().any(|(_, d)| {
        (0..=d.max_count().unwrap_or(0)).any(|k| d.allows(k) && d.modifier(k) != Modifier::None)
    });
    if conditioned {
        return constants(code);
    }
    let a = u64::from(code.max_count()?).max(1);
    let k = u64::try_from(code.max_removal()?).ok()?;
    Some((a, k + a))
}

/// True when an accepted answer of [`check`] is a proof of periodicity (see the module doc).
pub fn is_provable(code: &TbCode) -> bool {
    if code.repeats() || code.max_addition() != 0 || code.max_count().is_none() {
        return false;
    }
    code.written_digits().all(|(_, d)| {
        let max = d.max_count().unwrap_or(0);
        (0..=max)
            .filter(|&k| d.allows(k))
            .all(|k| match (k, d.modifier(k)) {
                (0 | 1, _) => true,
                (2, Modifier::Equal) => false,
                (2, _) => true,
                (_, Modifier::None) => true,
                _ => false,
            })
    })
}

/// CGSuite's test on the first N values `v` (heaps 0 … N − 1) with constants (a, t).
pub fn check(v: &[u32], a: u64, t: u64) -> Option<Periodicity> {
    check_polled(v, a, t, &|| Ok(())).unwrap_or(None)
}

/// Lengths polled between two calls of `poll` in the linear passes below.
const POLL_STRIDE: usize = 1 << 20;

/// [`check`], calling `poll` now and then (it is linear in N, and N may be 10^8).
pub fn check_polled(
    v: &[u32],
    a: u64,
    t: u64,
    poll: &dyn Fn() -> EngineResult<()>,
) -> EngineResult<Option<Periodicity>> {
    let n = v.len();
    if n < 2 {
        return Ok(None);
    }
    // Differences D_i = v_i − v_{i+1}, and π(i) = the least period of D_i … D_{n−2}, computed
    // from the border (failure) function of the reversed difference string, whose k-th
    // symbol is D_{n−2−k}. Borders fit in u32 (N ≤ MAX_COMPUTED_HEAP) to halve the memory.
    let symbol = |k: usize| i64::from(v[n - 2 - k]) - i64::from(v[n - 1 - k]);
    let border = failure_function(n - 1, symbol, poll)?;
    let pi = |i: usize| -> usize {
        let len = n - 1 - i;
        if len == 0 {
            1
        } else {
            len - border[len - 1] as usize
        }
    };
    let accepted = |q: usize, p: usize| -> bool {
        let saltus_zero = p < n && v[n - 1] == v[n - 1 - p];
        let bound = a
            .checked_mul(q as u64 + p as u64)
            .and_then(|x| x.checked_add(t));
        saltus_zero && bound.is_some_and(|b| b <= n as u64)
    };
    for i in (0..n - 1).rev() {
        if pi(i) > pi(i + 1) + 1 {
            let q = i + 1;
            let p = pi(q);
            if 2 * p <= n - q && accepted(q, p) {
                return Ok(Some(Periodicity {
                    period: p,
                    preperiod: q,
                }));
            }
        }
    }
    let p = pi(0);
    if p < n - 1 && accepted(0, p) {
        return Ok(Some(Periodicity {
            period: p,
            preperiod: 0,
        }));
    }
    Ok(None)
}

/// The heaps CGSuite's test needs before it can accept (q, p): a·(q + p) + t.
pub fn heaps_needed(p: Periodicity, a: u64, t: u64) -> u64 {
    a.saturating_mul(p.preperiod as u64 + p.period as u64)
        .saturating_add(t)
}

/// A periodic tail the values seem to have: the least period p of the last `window` values
/// (at least two whole periods of it in the window), and the least q from which
/// v_m = v_{m+p} holds up to the end. Not a proof — the caller watches it as values come and
/// lets CGSuite's test decide once enough heaps are known. Periods above `window / 2` are not
/// seen.
pub fn candidate(
    v: &[u32],
    window: usize,
    poll: &dyn Fn() -> EngineResult<()>,
) -> EngineResult<Option<Periodicity>> {
    let n = v.len();
    let w = window.min(n);
    if w < 4 {
        return Ok(None);
    }
    let tail = &v[n - w..];
    let border = failure_function(w, |k| i64::from(tail[k]), poll)?;
    let p = w - border[w - 1] as usize;
    if 2 * p > w {
        return Ok(None);
    }
    let mut q = n - w;
    while q > 0 && v[q - 1] == v[q - 1 + p] {
        q -= 1;
        if q.is_multiple_of(POLL_STRIDE) {
            poll()?;
        }
    }
    Ok(Some(Periodicity {
        period: p,
        preperiod: q,
    }))
}

/// border[i] = the length of the longest proper border of s[..=i], for the string of `len`
/// symbols `s(0)`, `s(1)`, ….
fn failure_function(
    len: usize,
    s: impl Fn(usize) -> i64,
    poll: &dyn Fn() -> EngineResult<()>,
) -> EngineResult<Vec<u32>> {
    let mut border = vec![0u32; len];
    let mut k = 0usize;
    for i in 1..len {
        if i.is_multiple_of(POLL_STRIDE) {
            poll()?;
        }
        let c = s(i);
        while k > 0 && c != s(k) {
            k = border[k - 1] as usize;
        }
        if c == s(k) {
            k += 1;
        }
        border[i] = k as u32;
    }
    Ok(border)
}

#[cfg(test)]
mod tests {
    use super::super::code::CodeKind;
    use super::*;

    fn naive_pi(d: &[i64]) -> usize {
        (1..=d.len())
            .find(|&p| (0..d.len() - p).all(|j| d[j] == d[j + p]))
            .unwrap_or(1)
    }

    #[test]
    fn suffix_periods_match_the_definition() {
        let v = [
            0u32, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
        ];
        let n = v.len();
        let d: Vec<i64> = (0..n - 1)
            .map(|i| i64::from(v[i]) - i64::from(v[i + 1]))
            .collect();
        let reversed: Vec<i64> = d.iter().rev().copied().collect();
        let border = failure_function(reversed.len(), |k| reversed[k], &|| Ok(())).unwrap();
        for i in 0..n - 1 {
            let len = n - 1 - i;
            assert_eq!(len - border[len - 1] as usize, naive_pi(&d[i..]), "i = {i}");
        }
    }

    #[test]
    fn provable_codes() {
        let code = |s| TbCode::parse(s, CodeKind::TakeAndBreak).unwrap();
        assert!(is_provable(&code("0.77")));
        assert!(is_provable(&code("0.0330003")));
        assert!(is_provable(&code("0.8F")));
        assert!(is_provable(&code("4!.0")));
        assert!(!is_provable(&code("0.[3]")));
        assert!(!is_provable(&code("0.3003330[3]")));
        assert!(!is_provable(&code("{2+}=.0")));
        assert!(!is_provable(&code("8!.0")));
        assert!(!is_provable(&code("0.4=")));
    }

    #[test]
    fn nim_has_no_periodicity() {
        let v: Vec<u32> = (0..100).collect();
        let (a, t) = constants(&TbCode::parse("0.[3]", CodeKind::TakeAndBreak).unwrap()).unwrap();
        assert_eq!(check(&v, a, t), None);
    }
}
