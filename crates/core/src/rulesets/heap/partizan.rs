//! CGSuite's partizan `game.heap.` rulesets built from heap rules (rulesets.md §3, §6):
//! partizan heap games (`PartizanSubtraction([1,3],[2,3])`: Left and Right each move by their
//! own rules on the same heap), the cake family (`GenCutcake(RL, RR, twisted => b)`,
//! `Cutcake`, `Eatcake`, `MaundyCake`, `TurnAndEatcake`) and `PartizanEuclid`.
//!
//! A component is a heap n (stored as (n, 0)) or a pair (m, n); a move replaces it by a sum of
//! components. Values are canonical forms built bottom-up in the engine and memoised per
//! ruleset value (game ids belong to the session's engine).

use super::HeapGame;
use super::memory::{describe_pairs, pairs};
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use crate::rulesets::{Position, Ruleset};
use crate::value::{EvalError, EvalResult, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Largest coordinate sum the recursive cake evaluation accepts.
const MAX_CAKE: u64 = 4_000;
/// Largest heap of a partizan heap game.
const MAX_HEAP: u64 = 1_000_000;
/// Most heap options listed for one component.
const MAX_OPTIONS: usize = 1_000_000;

type Component = (u64, u64);

#[derive(Debug)]
pub enum PartizanKind {
    /// Heap n: Left moves as `left`, Right as `right`.
    Heap {
        left: Rc<HeapGame>,
        right: Rc<HeapGame>,
    },
    /// Pair (m, n): untwisted, Left splits n by `left` into Σ (m, bᵢ) and Right splits m by
    /// `right` into Σ (aᵢ, n); twisted, Left splits m into Σ (n, bᵢ), Right n into Σ (aᵢ, m).
    Cake {
        left: Rc<HeapGame>,
        right: Rc<HeapGame>,
        twisted: bool,
    },
    /// Pair (p, q): no move if q = 0 or q | p; else Left → (q, p mod q), Right →
    /// (q, q − p mod q).
    Euclid,
}

#[derive(Debug)]
pub struct PartizanGame {
    kind: PartizanKind,
    values: RefCell<HashMap<Component, GameId>>,
}

impl PartizanGame {
    fn is_pairs(&self) -> bool {
        !matches!(self.kind, PartizanKind::Heap { .. })
    }

    /// The options of one component for one side: each a list of components (summed).
    fn options(&self, c: Component, left: bool) -> EngineResult<Vec<Vec<Component>>> {
        match &self.kind {
            PartizanKind::Heap { left: l, right: r } => {
                let rules = if left { l } else { r };
                let lists = rules.rules().options_of(c.0, MAX_OPTIONS)?;
                Ok(lists
                    .into_iter()
                    .map(|heaps| heaps.into_iter().map(|h| (h, 0)).collect())
                    .collect())
            }
            PartizanKind::Cake {
                left: l,
                right: r,
                twisted,
            } => {
                let (m, n) = c;
                let (rules, heap) = match (left, twisted) {
                    (true, false) => (l, n),
                    (false, false) => (r, m),
                    (true, true) => (l, m),
                    (false, true) => (r, n),
                };
                let lists = rules.rules().options_of(heap, MAX_OPTIONS)?;
                Ok(lists
                    .into_iter()
                    .map(|parts| {
                        parts
                            .into_iter()
                            .map(|p| match (left, twisted) {
                                (true, false) => (m, p),
                                (false, false) => (p, n),
                                (true, true) => (n, p),
                                (false, true) => (p, m),
                            })
                            .collect()
                    })
                    .collect())
            }
            PartizanKind::Euclid => {
                let (p, q) = c;
                if q == 0 || p % q == 0 {
                    return Ok(Vec::new());
                }
                let r = p % q;
                Ok(vec![vec![if left { (q, r) } else { (q, q - r) }]])
            }
        }
    }

    /// The canonical value of one component.
    fn component_value(&self, c: Component, engine: &mut Engine) -> EngineResult<GameId> {
        if let Some(&g) = self.values.borrow().get(&c) {
            return Ok(g);
        }
        match self.kind {
            PartizanKind::Heap { .. } => {
                if c.0 > MAX_HEAP {
                    return Err(EngineError::TooMany {
                        what: "tokens in a partizan heap",
                        limit: MAX_HEAP,
                    });
                }
                // Heaps only split into smaller ones: fill the table upwards, no deep recursion.
                for h in 0..=c.0 {
                    if !self.values.borrow().contains_key(&(h, 0)) {
                        engine.check_interrupt()?;
                        let g = self.value_from_options((h, 0), engine)?;
                        self.values.borrow_mut().insert((h, 0), g);
                    }
                }
            }
            _ => {
                if c.0.saturating_add(c.1) > MAX_CAKE {
                    return Err(EngineError::TooMany {
                        what: "rows and columns",
                        limit: MAX_CAKE,
                    });
                }
                engine.check_interrupt()?;
                let g = self.value_from_options(c, engine)?;
                self.values.borrow_mut().insert(c, g);
            }
        }
        Ok(self.values.borrow()[&c])
    }

    fn value_from_options(&self, c: Component, engine: &mut Engine) -> EngineResult<GameId> {
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (i, left) in [true, false].into_iter().enumerate() {
            for option in self.options(c, left)? {
                sides[i].push(self.sum(&option, engine)?);
            }
        }
        engine.game_from_options(&sides[0], &sides[1])
    }

    fn sum(&self, comps: &[Component], engine: &mut Engine) -> EngineResult<GameId> {
        let mut total = engine.zero();
        for &c in comps {
            let g = self.component_value(c, engine)?;
            total = engine.add(total, g)?;
        }
        Ok(total)
    }
}

/// A partizan ruleset value.
#[derive(Debug)]
pub struct PartizanRuleset {
    name: Rc<str>,
    game: Rc<PartizanGame>,
}

impl PartizanRuleset {
    pub fn value(name: &str, kind: PartizanKind) -> Value {
        Value::Ruleset(Rc::new(PartizanRuleset {
            name: name.into(),
            game: Rc::new(PartizanGame {
                kind,
                values: RefCell::new(HashMap::new()),
            }),
        }))
    }
}

impl Ruleset for PartizanRuleset {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
        let _ = engine;
        let components = if self.game.is_pairs() {
            pairs(args, &self.name)?
        } else {
            if args.is_empty() {
                return Err(EvalError::new(format!(
                    "{}[n] needs at least one heap size",
                    self.name
                )));
            }
            args.iter()
                .map(|v| super::args::natural(v, "a heap size").map(|n| (n, 0)))
                .collect::<EvalResult<_>>()?
        };
        Ok(Value::Position(Rc::new(PartizanPosition {
            name: self.name.clone(),
            game: self.game.clone(),
            components,
        })))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        // GameValueTable of the cakes, GameValueSequence of the partizan heap rulesets.
        let applies = match key {
            "gamevaluetable" => self.game.is_pairs(),
            "gamevaluesequence" => !self.game.is_pairs(),
            _ => false,
        };
        if !applies {
            return Ok(None);
        }
        crate::rulesets::functional::builtin::value_tables(self, key, args, engine)
    }
}

/// A sum of components of a partizan ruleset.
#[derive(Debug)]
pub struct PartizanPosition {
    name: Rc<str>,
    game: Rc<PartizanGame>,
    components: Vec<Component>,
}

impl PartizanPosition {
    fn option_positions(&self, left: bool) -> EngineResult<Vec<PartizanPosition>> {
        let mut out = Vec::new();
        for (i, &c) in self.components.iter().enumerate() {
            for option in self.game.options(c, left)? {
                let mut components = self.components[..i].to_vec();
                components.extend(option);
                components.extend_from_slice(&self.components[i + 1..]);
                // Sums are multisets: sorted (and empty heaps dropped), so equal positions
                // read alike.
                components.sort_unstable();
                if !self.game.is_pairs() {
                    components.retain(|&(n, _)| n != 0);
                    if components.is_empty() {
                        components.push((0, 0));
                    }
                }
                out.push(PartizanPosition {
                    name: self.name.clone(),
                    game: self.game.clone(),
                    components,
                });
            }
        }
        Ok(out)
    }

    fn list(&self, left: bool) -> EvalResult<Value> {
        Ok(crate::rulesets::position_list(self.option_positions(left)?))
    }
}

impl Position for PartizanPosition {
    fn describe(&self) -> String {
        if self.components.is_empty() {
            // A move that removed the last piece: the game 0.
            return "0".to_string();
        }
        if self.game.is_pairs() {
            describe_pairs(&self.name, &self.components)
        } else {
            format!(
                "{}[{}]",
                self.name,
                self.components
                    .iter()
                    .map(|c| c.0.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        }
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        self.game.sum(&self.components, engine)
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let _ = engine;
        match (key, args) {
            ("leftoptions", []) => self.list(true).map(Some),
            ("rightoptions", []) => self.list(false).map(Some),
            ("options", [Value::Side(side)]) => {
                self.list(*side == crate::value::Side::Left).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let _ = engine;
        Ok(Some(crate::rulesets::dyn_positions(
            self.option_positions(left)?,
        )))
    }
}
