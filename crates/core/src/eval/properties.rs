//! Game properties computed by the engine's analysis modules (birthday, followers, temper,
//! atomic weight, products, ...), dispatched by method key.

use super::convert::integer;
use super::methods::number;
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::{GameId, PowError};

/// How many levels of options `G.Tree` shows when no depth is given.
const DEFAULT_TREE_DEPTH: usize = 2;

impl Evaluator<'_> {
    /// Properties beyond the basic ones in `methods.rs`; `None` if `key` is not one.
    pub(super) fn game_property(
        &mut self,
        g: GameId,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let e = &mut *self.engine;
        let b = |x: bool| Ok(Some(Value::Bool(x)));
        match key {
            "birthday" => Ok(Some(integer(e.birthday(g)?))),
            "tree" => {
                let depth = match args {
                    [] => DEFAULT_TREE_DEPTH,
                    [d] => {
                        let d = super::convert::expect_u64(d, "depth")?;
                        usize::try_from(d).map_err(|_| EvalError::new("depth too large"))?
                    }
                    _ => return Ok(None),
                };
                let printer = &mut self.ctx.printer.borrow_mut();
                let text = crate::display::tree::game_tree(e, printer, g, depth)?;
                Ok(Some(Value::text("game_tree", text)))
            }
            "followercount" => Ok(Some(integer(e.follower_count(g)?))),
            "stopcount" => Ok(Some(integer(num_bigint::BigInt::from(e.stop_count(g)?)))),
            "followers" => {
                let f = e.followers(g)?;
                self.game_set(f).map(Some)
            }
            "incentives" => {
                let f = e.incentives(g)?;
                self.game_set(f).map(Some)
            }
            "leftincentives" => {
                let f = e.left_incentives(g)?;
                self.game_set(f).map(Some)
            }
            "rightincentives" => {
                let f = e.right_incentives(g)?;
                self.game_set(f).map(Some)
            }
            "isinfinitesimal" => b(e.is_infinitesimal(g)?),
            "isallsmall" => b(e.is_all_small(g)?),
            "isnumberish" => b(e.is_numberish(g)?),
            "iseventempered" => b(e.is_even_tempered(g)?),
            "isoddtempered" => b(e.is_odd_tempered(g)?),
            "isidempotent" => b(e.is_idempotent(g)?),
            "isordinal" => b(e.is_ordinal(g)?),
            "iseven" => b(e.is_even(g)?),
            "isodd" => b(e.is_odd(g)?),
            "isnumbertiny" => b(e.is_number_tiny(g)?),
            "isatomic" => b(e.is_atomic(g)?),
            "misereoutcomeclass" | "misereoutcome" => {
                Ok(Some(Value::Outcome(e.misere_outcome(g)?)))
            }
            "atomicweight" => match e.atomic_weight(g)? {
                Some(w) => Ok(Some(self.game_or_number(w))),
                None => {
                    let shown = self.render(&Value::Game(g));
                    Err(EvalError::new(format!("That game is not atomic: {shown}")))
                }
            },
            // (`ordinalsum` is `G : H`, evaluated as the operator: it depends on G's form.)
            "nortonproduct" | "conwayproduct" => {
                let [other] = args else {
                    return Err(EvalError::new(format!("{key} takes one game argument")));
                };
                let h = self.game_of(other)?;
                let e = &mut *self.engine;
                let r = match key {
                    "nortonproduct" => e.norton_product(g, h)?,
                    _ => e.conway_product(g, h)?,
                };
                Ok(Some(Value::Game(r)))
            }
            "uptimalexpansion" => match e.uptimal_expansion(g)? {
                Some(x) => Ok(Some(Value::text("uptimal_expansion", x.to_string()))),
                None => {
                    let shown = self.render(&Value::Game(g));
                    Err(EvalError::new(format!(
                        "{shown} is not an uptimal, so it has no uptimal expansion"
                    )))
                }
            },
            "pow" | "powto" => {
                let name = if key == "pow" { "Pow" } else { "PowTo" };
                let [x] = args else {
                    return Err(EvalError::new(format!(
                        "{name} takes one argument, the exponent"
                    )));
                };
                let x = self.game_of(x)?;
                let e = &mut *self.engine;
                let r = if key == "pow" {
                    e.pow(g, x)?
                } else {
                    e.pow_to(g, x)?
                };
                match r {
                    Ok(r) => Ok(Some(Value::Game(r))),
                    Err(PowError::InvalidBase) => Err(EvalError::new(
                        "Invalid base for `Pow` operation (base must be of the form {0|H}).",
                    )),
                    Err(PowError::InvalidExponent) => Err(EvalError::new("Invalid exponent.")),
                }
            }
            // The ordinal product is defined for all short games (see engine::ordinal_product).
            "ordinalproduct" => {
                let [other] = args else {
                    return Err(EvalError::new("OrdinalProduct takes one game argument"));
                };
                let h = self.game_of(other)?;
                Ok(Some(Value::Game(self.engine.ordinal_product(g, h)?)))
            }
            "subordinate" => {
                let [base] = args else {
                    return Err(EvalError::new("Subordinate takes one argument, the base"));
                };
                // The base keeps the form typed ('{*|*}' is not 0 here).
                let (base_left, base_right, _) = self.form_of(base)?;
                match self.engine.subordinate(g, (&base_left, &base_right))? {
                    Some(h) => Ok(Some(Value::Game(h))),
                    None => Err(EvalError::new(
                        "That game cannot be subordinated to the specified base.",
                    )),
                }
            }
            "reducedcanonicalform" => Ok(Some(Value::Game(e.reduced_canonical_form(g)?))),
            "companion" => Ok(Some(Value::Game(e.companion(g)?))),
            "mean" => Ok(Some(number(e.mean(g)?.to_rational()))),
            "temperature" => Ok(Some(number(e.temperature(g)?.to_rational()))),
            "thermograph" => Ok(Some(Value::Thermograph(Box::new(e.thermograph(g)?)))),
            "confusioninterval" => {
                let (r, l) = (e.right_stop(g).to_rational(), e.left_stop(g).to_rational());
                Ok(Some(Value::List(vec![number(r), number(l)])))
            }
            "freeze" => Ok(Some(Value::Game(e.freeze(g)?))),
            "cool" => {
                let [t] = args else {
                    return Err(EvalError::new("Cool takes one argument, the temperature"));
                };
                let t = super::convert::dyadic(&super::convert::expect_number(t)?)?;
                Ok(Some(Value::Game(self.engine.cool(g, t)?)))
            }
            "heat" => {
                let [t] = args else {
                    return Err(EvalError::new("Heat takes one argument, the temperature"));
                };
                let t = self.game_of(t)?;
                Ok(Some(Value::Game(self.engine.heat(g, t)?)))
            }
            "overheat" => {
                let [s, t] = args else {
                    return Err(EvalError::new("Overheat takes two arguments, s and t"));
                };
                let (s, t) = (self.game_of(s)?, self.game_of(t)?);
                Ok(Some(Value::Game(self.engine.overheat(g, s, t)?)))
            }
            "tiny" | "miny" => {
                if !args.is_empty() {
                    return Err(EvalError::new(format!(
                        "{key} takes no arguments here; write tiny(x) or x.Tiny"
                    )));
                }
                Ok(Some(Value::Game(self.tiny(g, key == "miny")?)))
            }
            _ => self.short_loopy_property(g, key, args),
        }
    }

    /// The options of a game-like value in the form it has: an explicit game keeps its own
    /// top level, everything else is canonical.
    fn form_of(&mut self, v: &Value) -> EvalResult<(Vec<GameId>, Vec<GameId>, GameId)> {
        let id = self.game_of(v)?;
        Ok(match v {
            Value::Explicit(e) => {
                let (left, right) = super::explicit::options_as_games(e, self.engine)?;
                (left, right, id)
            }
            _ => (
                self.engine.left_options(id)?,
                self.engine.right_options(id)?,
                id,
            ),
        })
    }

    /// `G ConjunctiveSum H`, `G SelectiveSum H` (both depend on the top-level forms).
    pub(super) fn compound_sum(
        &mut self,
        receiver: &Value,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Value> {
        let [other] = args else {
            return Err(EvalError::new(format!("{key} takes one game argument")));
        };
        // CGSuite's conjunctive sum follows a misère game's whole tree of options; its
        // selective sum takes the game's normal-play value (`*[[[2]],[2],0] SelectiveSum *5`
        // is *7, as for *2, where the tree would give *10).
        if key == "conjunctivesum"
            && let (Some(a), Some(b)) = (self.form_tree(receiver), self.form_tree(other))
            && (matches!(a, FormTree::Misere(_)) || matches!(b, FormTree::Misere(_)))
        {
            let r = self.conjunctive_of_trees(a, b, &mut rustc_hash::FxHashMap::default())?;
            return Ok(Value::Game(r));
        }
        let (gl, gr, _) = self.form_of(receiver)?;
        let (hl, hr, _) = self.form_of(other)?;
        let r = if key == "conjunctivesum" {
            self.engine.conjunctive_sum((&gl, &gr), (&hl, &hr))?
        } else {
            self.engine.selective_sum((&gl, &gr), (&hl, &hr))?
        };
        Ok(Value::Game(r))
    }

    /// A game whose whole form is known: a canonical game, or a misère game's option tree.
    fn form_tree(&mut self, v: &Value) -> Option<FormTree> {
        match v {
            Value::Misere(m) => Some(FormTree::Misere(*m)),
            _ => self.game_of(v).ok().map(FormTree::Game),
        }
    }

    fn tree_options(&mut self, t: FormTree, left: bool) -> EvalResult<Vec<FormTree>> {
        Ok(match t {
            FormTree::Game(g) => {
                let options = if left {
                    self.engine.left_options(g)?
                } else {
                    self.engine.right_options(g)?
                };
                options.into_iter().map(FormTree::Game).collect()
            }
            FormTree::Misere(m) => {
                crate::misere::with_arena(self.engine, |a| a.options(m).to_vec())
                    .into_iter()
                    .map(FormTree::Misere)
                    .collect()
            }
        })
    }

    /// G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}, following both forms all the way down.
    fn conjunctive_of_trees(
        &mut self,
        a: FormTree,
        b: FormTree,
        memo: &mut rustc_hash::FxHashMap<(FormTree, FormTree), GameId>,
    ) -> EvalResult<GameId> {
        if let Some(&r) = memo.get(&(a, b)) {
            return Ok(r);
        }
        self.engine.check_interrupt()?;
        let mut sides = [Vec::new(), Vec::new()];
        for (i, left) in [true, false].into_iter().enumerate() {
            let (xs, ys) = (self.tree_options(a, left)?, self.tree_options(b, left)?);
            for &x in &xs {
                for &y in &ys {
                    sides[i].push(self.conjunctive_of_trees(x, y, memo)?);
                }
            }
        }
        let r = self.engine.game_from_options(&sides[0], &sides[1])?;
        memo.insert((a, b), r);
        Ok(r)
    }

    /// Tiny(x) = {0 || 0 | −x}; Miny(x) = {x | 0 || 0}.
    pub(super) fn tiny(&mut self, x: GameId, miny: bool) -> EvalResult<GameId> {
        let e = &mut *self.engine;
        let zero = e.zero();
        if miny {
            let inner = e.game_from_options(&[x], &[zero])?;
            Ok(e.game_from_options(&[inner], &[zero])?)
        } else {
            let minus_x = e.neg(x)?;
            let inner = e.game_from_options(&[zero], &[minus_x])?;
            Ok(e.game_from_options(&[zero], &[inner])?)
        }
    }

    /// Numbers computed as games (stops, weights) read back as numbers.
    pub(super) fn game_or_number(&mut self, g: GameId) -> Value {
        match self.engine.as_number(g) {
            Some(x) => number(x.to_rational()),
            None => Value::Game(g),
        }
    }
}

/// A node of a game's form: canonical below it, or a misère game's own option tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum FormTree {
    Game(GameId),
    Misere(crate::misere::MisereId),
}
