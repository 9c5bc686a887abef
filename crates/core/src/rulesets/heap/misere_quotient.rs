//! Misère quotients of heap rulesets (misere.md Parts A and B): each shared [`HeapGame`]
//! keeps one [`QuotientBuilder`], grown heap by heap on demand, and the solution once the
//! periodicity test has proved one.
//!
//! The builder lives in the misère layer and sees heaps only as their option lists; this
//! module hands it the ruleset's options, runs the periodicity test on the pretending
//! function, and decides when sums of heaps may be answered from a quotient.

use super::HeapGame;
use super::args;
use super::periodicity::{self, Periodicity};
use crate::engine::{Engine, EngineError, EngineResult, progress};
use crate::misere::quotient::{
    DEFAULT_MAX_ORDER, Quotient, QuotientBuilder, QuotientValue, SolutionFacts,
};
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// `R.MisereQuotient(n[, MaxOrder => k])` and `R.MisereSolution([N][, MaxOrder => k])` of the
/// heap ruleset printed as `name`.
pub fn method(
    name: &str,
    game: &HeapGame,
    key: &str,
    args: &[Value],
    engine: &Engine,
) -> EvalResult<Value> {
    let solution = key == "miseresolution";
    let call = if solution {
        "MisereSolution"
    } else {
        "MisereQuotient"
    };
    let (bound, max_order) = match (solution, args) {
        (true, []) => (DEFAULT_SOLUTION_BOUND as u64, None),
        (_, [n]) => (args::natural(n, "the largest heap")?, None),
        (_, [n, k]) => (
            args::natural(n, "the largest heap")?,
            Some(args::natural(k, "MaxOrder")?),
        ),
        _ => {
            return Err(EvalError::new(format!(
                "{call} takes the largest heap{} and optionally MaxOrder => k",
                if solution { " (300 if omitted)" } else { "" }
            )));
        }
    };
    let bound = usize::try_from(bound)
        .ok()
        .filter(|&n| n <= MAX_QUOTIENT_HEAP)
        .ok_or_else(|| {
            EvalError::new(format!(
                "misère quotients are computed up to heap {MAX_QUOTIENT_HEAP}"
            ))
        })?;
    let limit = match max_order {
        Some(0) => return Err(EvalError::new("MaxOrder must be at least 1")),
        Some(k) => usize::try_from(k).unwrap_or(usize::MAX),
        None => DEFAULT_MAX_ORDER,
    };
    let suffix = match max_order {
        Some(k) => format!(", MaxOrder => {k}"),
        None => String::new(),
    };
    let expression = format!("{name}.{call}({bound}{suffix})");
    if !solution {
        let quotient = game.misere_quotient(bound, limit, engine)?;
        return Ok(Value::MisereQuotient(Rc::new(QuotientValue {
            expression,
            ruleset: name.to_string(),
            quotient,
            solution: None,
        })));
    }
    Ok(match game.misere_solution(bound, limit, engine)? {
        Some(s) => {
            let facts = SolutionFacts {
                period: s.periodicity.period,
                preperiod: s.periodicity.preperiod,
                last_rogue: s.last_rogue(),
            };
            Value::MisereQuotient(Rc::new(QuotientValue {
                expression,
                ruleset: name.to_string(),
                quotient: s.quotient,
                solution: Some(facts),
            }))
        }
        None => Value::Nothing,
    })
}

/// The largest heap bound a quotient is computed for.
pub const MAX_QUOTIENT_HEAP: usize = 100_000;

/// How far `MisereSolution` looks when no bound is given.
pub const DEFAULT_SOLUTION_BOUND: usize = 300;

/// Largest heap the fast path of sums computes a quotient for when no solution is known.
const FAST_PATH_HEAP: u64 = 64;

/// Work the fast path may spend before it leaves the sum to misère canonical forms.
const FAST_PATH_BUDGET: Duration = Duration::from_secs(2);

/// What the message of an exhausted budget says, so that it is told apart from real errors.
const OUT_OF_TIME: &str = "misère quotient: out of time";

/// A heap ruleset's quotient so far.
#[derive(Debug, Default)]
pub struct QuotientCache {
    builder: QuotientBuilder,
    solution: Option<Solution>,
    /// The bound up to which the periodicity test has been run without success.
    searched: usize,
    /// Whether the fast path for sums has looked for a solution (it looks once).
    solution_tried: bool,
}

/// A solution: the quotient at the heap where the periodicity test accepted.
#[derive(Clone, Debug)]
pub struct Solution {
    pub quotient: Quotient,
    pub periodicity: Periodicity,
}

impl Solution {
    /// Φ(h) for any heap, extended periodically past the solution's heaps.
    pub fn pretend(&self, heap: u64) -> u32 {
        let n = self.quotient.heaps() as u64;
        let h = if heap <= n {
            heap
        } else {
            let (q, p) = (
                self.periodicity.preperiod as u64,
                self.periodicity.period as u64,
            );
            q + (heap - q) % p
        };
        self.quotient.pretend(h as usize).unwrap_or(0)
    }

    /// The largest heap whose image lies outside the kernel (MisereSolver's last rogue).
    pub fn last_rogue(&self) -> Option<usize> {
        let kernel = self.quotient.kernel();
        self.quotient
            .pretending_function()
            .iter()
            .rposition(|x| kernel.binary_search(x).is_err())
    }
}

impl HeapGame {
    /// Q_n: the quotient of the sums of heaps 0..=n.
    pub fn misere_quotient(
        &self,
        n: usize,
        max_order: usize,
        engine: &Engine,
    ) -> EngineResult<Quotient> {
        self.grow_quotient(n, max_order, engine, None)?;
        let cache = self.quotient.borrow();
        Ok(cache
            .builder
            .quotient(n)
            .expect("the builder has reached heap n"))
    }

    /// The quotient at the first heap ≤ `bound` where the periodicity test (rulesets.md §7.3,
    /// on the pretending function) accepts, or `None` when none does or the rules have no code
    /// the test applies to.
    pub fn misere_solution(
        &self,
        bound: usize,
        max_order: usize,
        engine: &Engine,
    ) -> EngineResult<Option<Solution>> {
        self.find_solution(bound, max_order, engine, None)
    }

    fn find_solution(
        &self,
        bound: usize,
        max_order: usize,
        engine: &Engine,
        deadline: Option<Instant>,
    ) -> EngineResult<Option<Solution>> {
        if let Some(s) = &self.quotient.borrow().solution {
            return Ok((s.quotient.heaps() <= bound).then(|| s.clone()));
        }
        let Some((a, t)) = self
            .rules
            .code()
            .filter(|c| periodicity::is_provable(c))
            .and_then(periodicity::constants)
        else {
            return Ok(None);
        };
        let start = self.quotient.borrow().searched;
        for n in start.max(1)..=bound {
            self.grow_quotient(n, max_order, engine, deadline)?;
            let mut cache = self.quotient.borrow_mut();
            cache.searched = n;
            if let Some(p) = periodicity::check(cache.builder.images(), a, t) {
                let quotient = cache.builder.quotient(n).expect("heap n is built");
                let solution = Solution {
                    quotient,
                    periodicity: p,
                };
                cache.solution = Some(solution.clone());
                return Ok(Some(solution));
            }
        }
        Ok(None)
    }

    /// Extend the builder to heap n, reporting progress; stops at `deadline` if given.
    fn grow_quotient(
        &self,
        n: usize,
        max_order: usize,
        engine: &Engine,
        deadline: Option<Instant>,
    ) -> EngineResult<()> {
        if n > MAX_QUOTIENT_HEAP {
            return Err(EngineError::InvalidArgument(format!(
                "misère quotients are computed up to heap {MAX_QUOTIENT_HEAP}"
            )));
        }
        let mut cache = self.quotient.borrow_mut();
        if cache.builder.heaps() >= n {
            return Ok(());
        }
        progress::set_stage(Some("misère quotient"));
        let poll = || -> EngineResult<()> {
            engine.check_interrupt()?;
            match deadline {
                Some(d) if Instant::now() > d => {
                    Err(EngineError::InvalidArgument(OUT_OF_TIME.into()))
                }
                _ => Ok(()),
            }
        };
        let result = (|| {
            while cache.builder.heaps() < n {
                let h = cache.builder.heaps() + 1;
                poll()?;
                let options = self.rules.options_of(h as u64, super::MAX_LISTED_OPTIONS)?;
                cache.builder.push_heap(&options, max_order, &poll)?;
                progress::report_with(h as u64, "heaps", cache.builder.order() as u64, "elements");
            }
            Ok(())
        })();
        progress::set_stage(None);
        result
    }

    /// Whether the sum of `heaps` is a misère P-position, read from a quotient when one
    /// covers the heaps within the fast path's budget (misere.md §B.3); `None` when the
    /// caller should use misère canonical forms instead.
    ///
    /// In order: a quotient already built past the largest heap; a solution, known or found
    /// now (once per session: a search that runs out of time is not tried again); a quotient
    /// grown to the largest heap when that is at most 64.
    pub fn misere_p_by_quotient(
        &self,
        heaps: &[u64],
        engine: &Engine,
    ) -> EngineResult<Option<bool>> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let deadline = Some(Instant::now() + FAST_PATH_BUDGET);
        let max_order = DEFAULT_MAX_ORDER;
        let built = |this: &Self| {
            let cache = this.quotient.borrow();
            (cache.builder.heaps() as u64 >= largest).then(|| {
                let q = cache
                    .builder
                    .quotient(largest as usize)
                    .expect("built past it");
                q.image(heaps).map(|x| q.is_p(x))
            })
        };
        if let Some(answer) = built(self) {
            return Ok(answer);
        }
        let tried = self.quotient.borrow().solution_tried;
        if !tried {
            let found = self.within_budget(|| {
                self.find_solution(DEFAULT_SOLUTION_BOUND, max_order, engine, deadline)
            })?;
            self.quotient.borrow_mut().solution_tried = true;
            if let Some(Some(s)) = found {
                let x = heaps
                    .iter()
                    .fold(0, |acc, &h| s.quotient.multiply(acc, s.pretend(h)));
                return Ok(Some(s.quotient.is_p(x)));
            }
        } else if let Some(s) = self.quotient.borrow().solution.clone() {
            let x = heaps
                .iter()
                .fold(0, |acc, &h| s.quotient.multiply(acc, s.pretend(h)));
            return Ok(Some(s.quotient.is_p(x)));
        }
        if largest > FAST_PATH_HEAP {
            return Ok(None);
        }
        let deadline = Some(Instant::now() + FAST_PATH_BUDGET);
        if self
            .within_budget(|| self.grow_quotient(largest as usize, max_order, engine, deadline))?
            .is_none()
        {
            return Ok(None);
        }
        Ok(built(self).flatten())
    }

    /// Run `f`; `None` when it ran out of time or the quotient outgrew its limits (the caller
    /// then falls back), its error when interrupted or out of memory.
    fn within_budget<T>(&self, f: impl FnOnce() -> EngineResult<T>) -> EngineResult<Option<T>> {
        match f() {
            Ok(v) => Ok(Some(v)),
            Err(e @ (EngineError::Interrupted | EngineError::MemoryLimit { .. })) => Err(e),
            Err(_) => Ok(None),
        }
    }
}
