//! Misère quotients of heap rulesets (misere.md Parts A and B): each heap ruleset keeps one
//! [`QuotientCache`] — a [`QuotientBuilder`] grown heap by heap on demand, and the solution
//! once the periodicity test has proved one.
//!
//! The builder lives in the misère layer and sees heaps only as their option lists; this
//! module hands it a ruleset's options (built-in rules or a user's function), runs the
//! periodicity test on the pretending function, and decides when sums of heaps may be
//! answered from a quotient.

use super::HeapGame;
use super::args;
use super::periodicity::{self, Periodicity};
use crate::engine::{Engine, EngineError, EngineResult, progress};
use crate::misere::quotient::{
    DEFAULT_MAX_ORDER, Quotient, QuotientBuilder, QuotientValue, SolutionFacts,
};
use crate::value::{EvalError, EvalResult, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The largest heap bound a quotient is computed for.
pub const MAX_QUOTIENT_HEAP: usize = 100_000;

/// How far `MisereSolution` looks when no bound is given.
pub const DEFAULT_SOLUTION_BOUND: usize = 300;

/// Largest heap the fast path of sums computes a quotient for when no solution is known.
const FAST_PATH_HEAP: u64 = 64;

/// Work the fast path may spend looking for a solution (once per ruleset and session). The
/// search grows the quotient heap by heap, so what it builds serves the growth after it.
const SOLUTION_BUDGET: Duration = Duration::from_secs(2);

/// Work the fast path may spend growing a quotient to a sum's largest heap before it leaves
/// the sum to misère canonical forms. Those can take far longer than a quotient (4.7 at
/// heaps near 30: a minute), so the budget is generous; once it runs out, sums with larger
/// heaps go straight to canonical forms.
const GROWTH_BUDGET: Duration = Duration::from_secs(5);

/// What the message of an exhausted budget says, so that it is told apart from real errors.
const OUT_OF_TIME: &str = "misère quotient: out of time";

/// The options of heap n, as lists of the heaps a move leaves.
pub type OptionsOf<'a> = dyn FnMut(u64) -> EvalResult<Vec<Vec<u64>>> + 'a;

/// A heap ruleset's quotients so far.
#[derive(Debug, Default)]
pub struct QuotientCache {
    builder: QuotientBuilder,
    solution: Option<Solution>,
    /// The bound up to which the periodicity test has been run without success.
    searched: usize,
    /// Whether the fast path for sums has looked for a solution (it looks once).
    solution_tried: bool,
    /// The heaps the fast path's quotient reached when growing it failed (out of time or
    /// past the limits): sums with larger heaps go straight to canonical forms after that.
    growth_stopped_at: Option<usize>,
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
        let h = crate::misere::quotient::periodic_heap(
            heap,
            self.quotient.heaps(),
            self.periodicity.preperiod,
            self.periodicity.period,
        );
        self.quotient.pretend(h as usize).unwrap_or(0)
    }

    /// Whether a sum of heaps is a misère P-position.
    pub fn is_p(&self, heaps: &[u64]) -> bool {
        let q = &self.quotient;
        q.is_p(
            heaps
                .iter()
                .fold(0, |acc, &h| q.multiply(acc, self.pretend(h))),
        )
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

/// How a computation may be stopped: Ctrl-C, and a deadline for the fast path.
struct Stop {
    interrupt: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Stop {
    fn poll(&self) -> EngineResult<()> {
        if self.interrupt.load(Ordering::Relaxed) {
            return Err(EngineError::Interrupted);
        }
        match self.deadline {
            Some(d) if Instant::now() > d => Err(EngineError::InvalidArgument(OUT_OF_TIME.into())),
            _ => Ok(()),
        }
    }
}

impl QuotientCache {
    /// Extend the builder to heap n, reporting progress.
    fn grow(
        &mut self,
        n: usize,
        max_order: usize,
        stop: &Stop,
        options_of: &mut OptionsOf,
    ) -> EvalResult<()> {
        if n > MAX_QUOTIENT_HEAP {
            return Err(EvalError::new(format!(
                "misère quotients are computed up to heap {MAX_QUOTIENT_HEAP}"
            )));
        }
        if self.builder.heaps() >= n {
            return Ok(());
        }
        // The progress line counts heaps, with the quotient's elements beside them.
        while self.builder.heaps() < n {
            let h = self.builder.heaps() + 1;
            stop.poll()?;
            let options = options_of(h as u64)?;
            self.builder
                .push_heap(&options, max_order, &|| stop.poll())
                .map_err(|e| match e {
                    EngineError::Interrupted => EvalError::new(format!(
                        "interrupted at heap {h} (last complete quotient: heaps 0..{})",
                        h - 1
                    )),
                    e => e.into(),
                })?;
            progress::report_with(h as u64, "heaps", self.builder.order() as u64, "elements");
        }
        Ok(())
    }

    /// The first solution up to `bound` for a code with periodicity constants (a, t).
    fn find_solution(
        &mut self,
        bound: usize,
        max_order: usize,
        constants: Option<(u64, u64)>,
        stop: &Stop,
        options_of: &mut OptionsOf,
    ) -> EvalResult<Option<Solution>> {
        if let Some(s) = &self.solution {
            return Ok((s.quotient.heaps() <= bound).then(|| s.clone()));
        }
        let Some((a, t)) = constants else {
            return Ok(None);
        };
        for n in self.searched.max(1)..=bound {
            self.grow(n, max_order, stop, options_of)?;
            self.searched = n;
            if let Some(p) = periodicity::check(self.builder.images(), a, t) {
                let quotient = self.builder.quotient(n).expect("heap n is built");
                let solution = Solution {
                    quotient,
                    periodicity: p,
                };
                self.solution = Some(solution.clone());
                return Ok(Some(solution));
            }
        }
        Ok(None)
    }

    /// Whether a sum of heaps is a misère P-position by a quotient, within the fast path's
    /// budget (misere.md §B.3); `None` when the caller should use misère canonical forms.
    ///
    /// In order: a quotient already built past the largest heap; a solution, known or found
    /// now (once per session: a search that runs out of time is not tried again); a quotient
    /// grown to the largest heap when that is at most 64.
    fn p_position(
        &mut self,
        heaps: &[u64],
        constants: Option<(u64, u64)>,
        interrupt: Arc<AtomicBool>,
        options_of: &mut OptionsOf,
    ) -> EvalResult<Option<bool>> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let from_built = |cache: &Self| {
            (cache.builder.heaps() as u64 >= largest).then(|| cache.builder.is_p_position(heaps))
        };
        if let Some(answer) = from_built(self) {
            return Ok(answer);
        }
        if let Some(s) = &self.solution {
            return Ok(Some(s.is_p(heaps)));
        }
        let stop = Stop {
            interrupt,
            deadline: Some(Instant::now() + SOLUTION_BUDGET),
        };
        if !self.solution_tried {
            self.solution_tried = true;
            let found = within_budget(self.find_solution(
                DEFAULT_SOLUTION_BOUND,
                DEFAULT_MAX_ORDER,
                constants,
                &stop,
                options_of,
            ))?;
            if let Some(Some(s)) = found {
                return Ok(Some(s.is_p(heaps)));
            }
        }
        if largest > FAST_PATH_HEAP
            || self
                .growth_stopped_at
                .is_some_and(|stopped| largest as usize > stopped)
        {
            return Ok(None);
        }
        if let Some(answer) = from_built(self) {
            return Ok(answer);
        }
        let stop = Stop {
            deadline: Some(Instant::now() + GROWTH_BUDGET),
            ..stop
        };
        if within_budget(self.grow(largest as usize, DEFAULT_MAX_ORDER, &stop, options_of))?
            .is_none()
        {
            self.growth_stopped_at = Some(self.builder.heaps());
            return Ok(None);
        }
        Ok(from_built(self).flatten())
    }
}

/// `None` when the work ran out of time or the quotient outgrew its limits (the caller then
/// falls back); any other error (Ctrl-C, the memory ceiling, a user's rule) as it is.
fn within_budget<T>(result: EvalResult<T>) -> EvalResult<Option<T>> {
    match result {
        Ok(v) => Ok(Some(v)),
        Err(e)
            if e.message == OUT_OF_TIME
                || e.message.contains("too large")
                || e.message.contains("too many")
                || e.message.contains("could not extend") =>
        {
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// A heap ruleset as quotients see it: its cache, how to list a heap's options, and the
/// periodicity test's constants when its code has them.
pub struct QuotientSource<'a> {
    pub cache: &'a RefCell<QuotientCache>,
    pub options_of: &'a mut OptionsOf<'a>,
    pub constants: Option<(u64, u64)>,
}

impl HeapGame {
    /// What quotients of these rules need.
    fn quotient_constants(&self) -> Option<(u64, u64)> {
        self.rules
            .code()
            .filter(|c| periodicity::is_provable(c))
            .and_then(periodicity::constants)
    }

    /// Q_n: the quotient of the sums of heaps 0..=n.
    pub fn misere_quotient(
        &self,
        n: usize,
        max_order: usize,
        engine: &Engine,
    ) -> EvalResult<Quotient> {
        let stop = Stop {
            interrupt: engine.interrupt_flag(),
            deadline: None,
        };
        let mut cache = self.quotient.borrow_mut();
        cache.grow(n, max_order, &stop, &mut |h| {
            Ok(self.rules.options_of(h, super::MAX_LISTED_OPTIONS)?)
        })?;
        Ok(cache.builder.quotient(n).expect("grown to heap n"))
    }

    /// The quotient at the first heap up to `bound` where the periodicity test (rulesets.md
    /// §7.3, on the pretending function) accepts; `None` when none does or the rules have no
    /// code the test applies to.
    pub fn misere_solution(
        &self,
        bound: usize,
        max_order: usize,
        engine: &Engine,
    ) -> EvalResult<Option<Solution>> {
        let stop = Stop {
            interrupt: engine.interrupt_flag(),
            deadline: None,
        };
        let constants = self.quotient_constants();
        self.quotient
            .borrow_mut()
            .find_solution(bound, max_order, constants, &stop, &mut |h| {
                Ok(self.rules.options_of(h, super::MAX_LISTED_OPTIONS)?)
            })
    }

    /// Whether a sum of heaps is a misère P-position by a quotient (see
    /// [`QuotientCache::p_position`]).
    pub fn misere_p_by_quotient(&self, heaps: &[u64], engine: &Engine) -> EvalResult<Option<bool>> {
        let mut options_of = |h: u64| -> EvalResult<Vec<Vec<u64>>> {
            Ok(self.rules.options_of(h, super::MAX_LISTED_OPTIONS)?)
        };
        self.quotient.borrow_mut().p_position(
            heaps,
            self.quotient_constants(),
            engine.interrupt_flag(),
            &mut options_of,
        )
    }

    /// `R.MisereQuotient(…)` and `R.MisereSolution(…)` of this ruleset, printed as `name`.
    pub fn quotient_method(
        &self,
        name: &str,
        key: &str,
        args: &[Value],
        engine: &Engine,
    ) -> EvalResult<Value> {
        let mut options_of = |h: u64| -> EvalResult<Vec<Vec<u64>>> {
            Ok(self.rules.options_of(h, super::MAX_LISTED_OPTIONS)?)
        };
        method(
            name,
            QuotientSource {
                cache: &self.quotient,
                options_of: &mut options_of,
                constants: self.quotient_constants(),
            },
            key,
            args,
            engine.interrupt_flag(),
        )
    }
}

/// `R.MisereQuotient(n[, MaxOrder => k])` and `R.MisereSolution([N][, MaxOrder => k])` of the
/// heap ruleset printed as `name`.
pub fn method(
    name: &str,
    source: QuotientSource,
    key: &str,
    args: &[Value],
    interrupt: Arc<AtomicBool>,
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
    let stop = Stop {
        interrupt,
        deadline: None,
    };
    let mut cache = source.cache.borrow_mut();
    // A quotient computed earlier with a higher limit still answers to this one.
    let value = |quotient: Quotient, solution| {
        if quotient.order() > limit {
            return Err(EvalError::new(format!(
                "That misère quotient is too large (it has {} elements, more than {limit}); \
                 raise MaxOrder to go further",
                quotient.order()
            )));
        }
        Ok(Value::MisereQuotient(Rc::new(QuotientValue {
            expression: expression.clone(),
            ruleset: name.to_string(),
            quotient,
            solution,
        })))
    };
    if !solution {
        cache.grow(bound, limit, &stop, source.options_of)?;
        let quotient = cache.builder.quotient(bound).expect("grown to the bound");
        return value(quotient, None);
    }
    match cache.find_solution(bound, limit, source.constants, &stop, source.options_of)? {
        Some(s) => {
            let facts = SolutionFacts {
                period: s.periodicity.period,
                preperiod: s.periodicity.preperiod,
                last_rogue: s.last_rogue(),
            };
            value(s.quotient, Some(facts))
        }
        None => Ok(Value::Nothing),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::heap::HeapRuleset;
    use crate::rulesets::heap::code::{CodeKind, TbCode};
    use crate::rulesets::heap::rules::HeapRules;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    fn rules(code: &str) -> HeapRules {
        HeapRules::TakeAndBreak(TbCode::parse(code, CodeKind::TakeAndBreak).unwrap())
    }

    /// Outcomes of sums answered from quotients equal those of misère canonical forms.
    #[test]
    fn quotient_outcomes_equal_misere_canonical_forms() {
        for code in ["0.77", "0.07", "0.75", "0.123", "4.7"] {
            let engine = std::cell::RefCell::new(Engine::new());
            let Value::Ruleset(r) = HeapRuleset::value(format!("octal(\"{code}\")"), rules(code))
            else {
                unreachable!()
            };
            let mut runner = TestRunner::new(Config {
                cases: 40,
                ..Config::default()
            });
            runner
                .run(&proptest::collection::vec(1u64..=13, 1..4), |heaps| {
                    let args: Vec<Value> = heaps.iter().map(|&h| Value::integer(h)).collect();
                    let engine = &mut *engine.borrow_mut();
                    let Value::Position(p) = r.position(&args, engine).unwrap() else {
                        unreachable!()
                    };
                    let fast = p.method("misereoutcomeclass", &[], engine).unwrap();
                    let slow =
                        crate::eval::misere::position_method(&p, "misereoutcomeclass", &[], engine)
                            .unwrap();
                    prop_assert_eq!(fast, slow, "{} {:?}", code, heaps);
                    Ok(())
                })
                .unwrap();
        }
    }

    /// A solution's periodic pretending function answers like the quotient computed directly
    /// sixty heaps further on, which is the same quotient (the periodicity theorem).
    #[test]
    fn solutions_extend_like_the_quotient_of_more_heaps() {
        for code in ["0.75", "0.123", "0.31", "0.71"] {
            let engine = Engine::new();
            let game = HeapGame::shared(rules(code));
            let s = game
                .misere_solution(100, DEFAULT_MAX_ORDER, &engine)
                .unwrap()
                .expect("a published solution");
            let far = s.quotient.heaps() + 60;
            let big = game
                .misere_quotient(far, DEFAULT_MAX_ORDER, &engine)
                .unwrap();
            assert!(big.is_isomorphic(&s.quotient).unwrap(), "{code}");
            let mut runner = TestRunner::new(Config {
                cases: 200,
                ..Config::default()
            });
            runner
                .run(
                    &proptest::collection::vec(0u64..=far as u64, 1..5),
                    |heaps| {
                        let direct = big.is_p(big.image(&heaps).unwrap());
                        prop_assert_eq!(s.is_p(&heaps), direct, "{} {:?}", code, heaps);
                        Ok(())
                    },
                )
                .unwrap();
        }
    }
}
