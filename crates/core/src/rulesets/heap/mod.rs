//! Impartial heap rulesets — Nim, subtraction games, octal / hexadecimal / take-and-break codes,
//! Grundy's game, spawning (coin-turning) games — and CGSuite's other `game.heap.` rulesets
//! (the memory games Mem / TakeAway, the cake-cutting family, partizan heap games).
//!
//! A heap ruleset is a [`HeapRuleset`] value (how it prints, and a shared [`HeapGame`]: the
//! rules plus the nim sequence computed so far). Rulesets with the same rules share one
//! sequence, so `kayles`, `octal("0.77")` and `game.heap.Kayles` compute each value once per
//! session thread. `R[a, b, …]` is a [`HeapPosition`]: the sum of those heaps, whose value is
//! the nimber of the xor of their nim values.

pub mod args;
pub mod code;
pub mod memory;
pub mod misere_quotient;
mod names;
pub mod options;
pub mod partizan;
pub mod periodicity;
pub mod rules;
pub mod sequence;
pub mod sparse;
pub mod spawning;
pub mod subtraction;

pub use names::{CONSTANTS, cgsuite_heap, constant, function};

use self::args::integer_value;
use self::periodicity::Periodicity;
use self::rules::HeapRules;
use self::sequence::NimSequence;
use super::{Position, Ruleset};
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use crate::value::{EvalError, EvalResult, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Most positions an `Options` list may hold.
pub const MAX_LISTED_OPTIONS: usize = 1_000_000;

/// Rules and the nim values computed for them so far.
pub struct HeapGame {
    rules: HeapRules,
    sequence: RefCell<NimSequence>,
    /// The misère quotients computed so far.
    quotient: RefCell<misere_quotient::QuotientCache>,
}

impl fmt::Debug for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HeapGame({:?})", self.rules)
    }
}

thread_local! {
    /// One game per set of rules (so sequences are shared across spellings).
    static GAMES: RefCell<HashMap<String, Rc<HeapGame>>> = RefCell::new(HashMap::new());
    /// Heap rulesets by printed name, so constructors taking rulesets (`GenCutcake(R, S)`) can
    /// find the rules behind a `Value::Ruleset`.
    static NAMED: RefCell<HashMap<String, Rc<HeapGame>>> = RefCell::new(HashMap::new());
}

impl HeapGame {
    /// The shared game for these rules.
    pub fn shared(rules: HeapRules) -> Rc<HeapGame> {
        let key = rules.key();
        GAMES.with(|games| {
            games
                .borrow_mut()
                .entry(key)
                .or_insert_with(|| {
                    Rc::new(HeapGame {
                        sequence: RefCell::new(NimSequence::new(&rules)),
                        quotient: RefCell::default(),
                        rules,
                    })
                })
                .clone()
        })
    }

    /// The game behind a heap ruleset's printed name.
    pub fn named(name: &str) -> Option<Rc<HeapGame>> {
        NAMED.with(|named| named.borrow().get(name).cloned())
    }

    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }

    /// The sequence, set to use the engine's threads.
    fn sequence(&self, engine: &Engine) -> std::cell::RefMut<'_, NimSequence> {
        let mut sequence = self.sequence.borrow_mut();
        sequence.set_threads(engine.threads());
        sequence
    }

    /// g(n).
    pub fn nim_value(&self, n: u64, engine: &Engine) -> EngineResult<u64> {
        self.sequence(engine)
            .value(&self.rules, n, &|| engine.check_interrupt())
    }

    /// g(0), …, g(len − 1).
    pub fn prefix(&self, len: usize, engine: &Engine) -> EngineResult<Vec<u32>> {
        self.sequence(engine)
            .prefix(&self.rules, len, &|| engine.check_interrupt())
    }

    /// CGSuite's `CheckPeriodicity(N)`: its test on heaps 0 … N − 1 (rulesets.md §7.3).
    pub fn check_periodicity(
        &self,
        n: usize,
        engine: &Engine,
    ) -> EngineResult<Option<Periodicity>> {
        let Some(code) = self.rules.code() else {
            return Ok(None);
        };
        let Some((a, t)) = periodicity::constants(code) else {
            return Ok(None);
        };
        let values = self.prefix(n, engine)?;
        Ok(periodicity::check(&values, a, t))
    }

    /// A proven period within the first N heaps; `None` when none is found or the rules are
    /// outside what the test proves. The incremental search stops as soon as it proves one;
    /// when it has not, the test on exactly N heaps has the last word (it also sees periods
    /// longer than the search's window). Both accept at the bound of
    /// [`periodicity::proof_constants`], which needs fewer heaps than CGSuite's test.
    pub fn proven_period(&self, n: usize, engine: &Engine) -> EngineResult<Option<Periodicity>> {
        let Some((a, t)) = self.rules.code().and_then(periodicity::proof_constants) else {
            return Ok(None);
        };
        // A period proven earlier (the sequence may have grown past N) counts only if its
        // proof fits in N heaps.
        if let Some(p) = self.search_period(n, engine)?
            && periodicity::heaps_needed(p, a, t) <= n as u64
        {
            return Ok(Some(p));
        }
        let values = self.prefix(n, engine)?;
        Ok(periodicity::check(&values, a, t))
    }

    /// `period(R)`: compute heaps until a period is proven, with no bound but
    /// [`sequence::MAX_COMPUTED_HEAP`] (the memory ceiling and Ctrl-C stop it earlier). A game
    /// with no period, such as Grundy's game, therefore searches until interrupted, out of
    /// memory, or 10^8 heaps on, and then answers `Nothing`.
    pub fn search_period(
        &self,
        limit: usize,
        engine: &Engine,
    ) -> EngineResult<Option<Periodicity>> {
        self.sequence(engine)
            .search_period(&self.rules, limit, &|| engine.check_interrupt())
    }

    /// A proven period, growing the prefix while the time spent stays within `budget` (for
    /// summaries, which must stay quick).
    pub fn find_period(
        &self,
        engine: &Engine,
        budget: Duration,
    ) -> EngineResult<Option<Periodicity>> {
        match self.rules.code() {
            Some(code) if periodicity::is_provable(code) => {}
            _ => return Ok(None),
        }
        let start = Instant::now();
        let mut n = self.sequence.borrow().computed().len().max(1024);
        loop {
            if let Some(p) = self.search_period(n, engine)? {
                return Ok(Some(p));
            }
            // The next step costs at least as much again as everything so far.
            if start.elapsed() * 2 > budget || n > sequence::MAX_COMPUTED_HEAP {
                return Ok(None);
            }
            n *= 2;
        }
    }
}

/// A heap ruleset value.
#[derive(Debug)]
pub struct HeapRuleset {
    name: Rc<str>,
    game: Rc<HeapGame>,
}

impl HeapRuleset {
    /// The ruleset value printed as `name`.
    pub fn value(name: impl Into<String>, rules: HeapRules) -> Value {
        let name: String = name.into();
        let game = HeapGame::shared(rules);
        NAMED.with(|named| named.borrow_mut().insert(name.clone(), game.clone()));
        Value::Ruleset(Rc::new(HeapRuleset {
            name: name.into(),
            game,
        }))
    }

    pub fn game(&self) -> &Rc<HeapGame> {
        &self.game
    }
}

/// Values shown at the start of a ruleset's summary.
const SUMMARY_VALUES: usize = 24;

impl Ruleset for HeapRuleset {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
        let _ = engine;
        if args.is_empty() {
            return Err(EvalError::new(format!(
                "{}[n] needs at least one heap size",
                self.name
            )));
        }
        let heaps = args
            .iter()
            .map(|v| args::natural(v, "a heap size"))
            .collect::<EvalResult<Vec<_>>>()?;
        Ok(Value::Position(Rc::new(HeapPosition {
            name: self.name.clone(),
            game: self.game.clone(),
            heaps,
        })))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let game = &self.game;
        // Join, PartizanJoin and the products go through the function-built rulesets.
        if let Some(v) = crate::rulesets::functional::builtin::heap_method(game, key, args, engine)?
        {
            return Ok(Some(v));
        }
        let count = |what: &str| -> EvalResult<u64> {
            match args {
                [n] => args::natural(n, what),
                _ => Err(EvalError::new(format!("{key} takes one argument ({what})"))),
            }
        };
        Ok(Some(match key {
            "nimvaluesequence" => {
                let n = to_len(count("the largest heap")?)?;
                let values = super::without_heap_zero(game.prefix(n + 1, engine)?);
                super::nim_value_list(values, engine)?
            }
            "nimvalues" => {
                let n = to_len(count("the largest heap")?)?;
                super::nim_value_list(game.prefix(n + 1, engine)?, engine)?
            }
            "heapnimvalue" => integer_value(game.nim_value(count("a heap size")?, engine)?),
            "checkperiodicity" => {
                let n = to_len(count("the number of heaps to test")?)?;
                periodicity_value(game.check_periodicity(n, engine)?)
            }
            "period" => match args {
                [] => {
                    periodicity_value(game.search_period(sequence::MAX_COMPUTED_HEAP + 1, engine)?)
                }
                [n] => {
                    let n = to_len(args::natural(n, "the number of heaps to test")?)?;
                    periodicity_value(game.proven_period(n, engine)?)
                }
                _ => {
                    return Err(EvalError::new(
                        "period takes a ruleset and an optional bound",
                    ));
                }
            },
            "cakeproduct" => {
                let (other, twisted) = match args {
                    [s] => (s, false),
                    [s, t] => (s, args::boolean(t, "`twisted`")?),
                    _ => {
                        return Err(EvalError::new(
                            "CakeProduct takes a heap ruleset (and twisted => true)",
                        ));
                    }
                };
                let (right, right_name) = names::heap_ruleset_arg(other)?;
                let name = format!(
                    "{}.CakeProduct({right_name}{})",
                    self.name,
                    if twisted { ", twisted => true" } else { "" }
                );
                partizan::PartizanRuleset::value(
                    &name,
                    partizan::PartizanKind::Cake {
                        left: game.clone(),
                        right,
                        twisted,
                    },
                )
            }
            "miserequotient" | "miseresolution" => {
                return game
                    .quotient_method(&self.name, key, args, engine)
                    .map(Some);
            }
            "code" => match game.rules.code() {
                Some(code) => Value::Str(code.text().to_string()),
                None => return Ok(None),
            },
            _ => return Ok(None),
        }))
    }

    fn summary(&self, engine: &mut Engine) -> Option<String> {
        let game = &self.game;
        let start = game.prefix(SUMMARY_VALUES, engine).ok()?;
        let mut out = format!("nim values from heap 0: {} …", join(&start, " "));
        let fast = game.rules.code().is_some_and(|c| {
            sparse::SparseOctal::new(c).is_some()
                || subtraction::FiniteSubtraction::new(c).is_some()
        });
        let budget = if fast {
            Duration::from_millis(300)
        } else {
            Duration::from_millis(50)
        };
        if let Ok(Some(p)) = game.find_period(engine, budget)
            && let Ok(values) = game.prefix(p.preperiod + p.period, engine)
        {
            let block = &values[p.preperiod..];
            let shown = &block[..block.len().min(36)];
            out += &format!(
                "\nperiod {} after a preperiod of {}: {}{}",
                p.period,
                p.preperiod,
                join(shown, " "),
                if shown.len() < block.len() {
                    " …"
                } else {
                    ""
                }
            );
        }
        Some(out)
    }
}

fn join(values: &[u32], sep: &str) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

fn to_len(n: u64) -> EvalResult<usize> {
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= sequence::MAX_COMPUTED_HEAP)
        .ok_or_else(|| {
            EvalError::new(format!(
                "too many heaps: at most {} values are computed",
                sequence::MAX_COMPUTED_HEAP
            ))
        })
}

fn periodicity_value(p: Option<Periodicity>) -> Value {
    match p {
        Some(p) => Value::text("periodicity", p.cgsuite_text()),
        None => Value::Nothing,
    }
}

/// A sum of heaps of one impartial ruleset: `kayles[5]`, `nim[1,4,5]`.
#[derive(Debug)]
pub struct HeapPosition {
    name: Rc<str>,
    game: Rc<HeapGame>,
    heaps: Vec<u64>,
}

impl HeapPosition {
    /// The heaps of the sum.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The printed name of the ruleset it is a position of.
    pub fn ruleset_name(&self) -> &str {
        &self.name
    }

    /// The xor of the heaps' nim values.
    pub fn nim_value(&self, engine: &Engine) -> EngineResult<u64> {
        let mut x = 0u64;
        for &h in &self.heaps {
            x ^= self.game.nim_value(h, engine)?;
        }
        Ok(x)
    }

    /// The positions one move away, heap by heap in the ruleset's option order: each heap
    /// replaced by the heaps the option leaves. Options are described as multisets (heaps
    /// sorted, empty heaps dropped) so that equal positions read alike (`kayles[1,3]`), which
    /// the generic analyses use to memoise; a position with no heaps left is `R[0]`.
    pub fn option_positions(&self, engine: &Engine) -> EngineResult<Vec<HeapPosition>> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            engine.check_interrupt()?;
            let limit = MAX_LISTED_OPTIONS - out.len();
            let options = self.game.rules.options_of(h, limit).map_err(|e| match e {
                EngineError::TooMany { what, .. } => EngineError::TooMany {
                    what,
                    limit: MAX_LISTED_OPTIONS as u64,
                },
                e => e,
            })?;
            for option in options {
                let mut heaps = Vec::with_capacity(self.heaps.len() + option.len());
                heaps.extend_from_slice(&self.heaps[..i]);
                heaps.extend_from_slice(&option);
                heaps.extend_from_slice(&self.heaps[i + 1..]);
                heaps.retain(|&h| h != 0);
                heaps.sort_unstable();
                if heaps.is_empty() {
                    heaps.push(0);
                }
                out.push(HeapPosition {
                    name: self.name.clone(),
                    game: self.game.clone(),
                    heaps,
                });
            }
        }
        Ok(out)
    }
}

impl Position for HeapPosition {
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn picture(&self) -> Option<crate::value::picture::Picture> {
        Some(crate::value::picture::Picture::Heaps(self.heaps.clone()))
    }

    fn describe(&self) -> String {
        format!(
            "{}[{}]",
            self.name,
            self.heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        let x = self.nim_value(engine)?;
        Ok(engine.nimber(x))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match key {
            "nimvalue" if args.is_empty() => Ok(Some(integer_value(self.nim_value(engine)?))),
            // Sums of heaps whose misère quotient is known answer from it (misere.md §B.3);
            // the others from misère canonical forms, further up.
            "misereoutcomeclass" | "misereoutcome" if args.is_empty() => Ok(self
                .game
                .misere_p_by_quotient(&self.heaps, engine)?
                .map(|p| {
                    Value::Outcome(if p {
                        crate::engine::Outcome::P
                    } else {
                        crate::engine::Outcome::N
                    })
                })),
            "miserewinningmoves" if args.is_empty() => {
                let options = self.option_positions(engine)?;
                let mut moves = Vec::new();
                for o in options {
                    match self.game.misere_p_by_quotient(&o.heaps, engine)? {
                        Some(true) => moves.push(o),
                        Some(false) => {}
                        None => return Ok(None),
                    }
                }
                Ok(Some(crate::rulesets::position_list(moves)))
            }
            "options" | "leftoptions" | "rightoptions" => {
                if args.len() > usize::from(key == "options") {
                    return Err(EvalError::new(format!("{key} takes no arguments here")));
                }
                Ok(Some(crate::rulesets::position_list(
                    self.option_positions(engine)?,
                )))
            }
            _ => Ok(None),
        }
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let _ = left;
        Ok(Some(crate::rulesets::dyn_positions(
            self.option_positions(engine)?,
        )))
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        (self.heaps.len() > 1).then(|| {
            self.heaps
                .iter()
                .map(|&n| {
                    Rc::new(HeapPosition {
                        name: self.name.clone(),
                        game: self.game.clone(),
                        heaps: vec![n],
                    }) as Rc<dyn Position>
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests;
