//! CGSuite's variants of a game (`G.DicoticVariant`, `G.ImpartialVariant`,
//! `G.TwistedVariant`) and of a ruleset (`R.DicoticVariant`, …, where `R.DicoticVariant(x)`
//! is `R(x).DicoticVariant`), for any position that lists its options.
//!
//! * dicotic: d(G) = {d(Gᴸ) | d(Gᴿ)} when both players can move in G, else 0;
//! * impartial: i(G) has the options i(Gᴸ) and i(Gᴿ) for either player (a nim value; the
//!   variant of a sum is the sum of the variants of its components);
//! * twisted: t(G) = {−t(Gᴸ) | −t(Gᴿ)}: after each move the players swap roles.
//!
//! Values are searched over the position's own options (not its canonical form), each variant
//! position remembered by its description for the session.

#[cfg(test)]
use super::Args;
use super::partizan::with_table_of;
use super::{Position, Ruleset};
use crate::engine::{Engine, EngineResult, GameId};
use crate::value::{EvalError, EvalResult, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Dicotic,
    Impartial,
    Twisted,
}

impl Variant {
    /// The variant a method key names (`dicoticvariant`), if any.
    pub fn from_key(key: &str) -> Option<Variant> {
        match key {
            "dicoticvariant" => Some(Variant::Dicotic),
            "impartialvariant" => Some(Variant::Impartial),
            "twistedvariant" => Some(Variant::Twisted),
            _ => None,
        }
    }

    /// The variant a method call names (`P.DicoticVariant`), checking it has no arguments;
    /// `None` for other keys.
    pub fn from_method(key: &str, args: &[Value]) -> Option<EvalResult<Variant>> {
        let variant = Variant::from_key(key)?;
        Some(if args.is_empty() {
            Ok(variant)
        } else {
            Err(EvalError::new(format!(
                "{} takes no arguments",
                variant.name()
            )))
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Dicotic => "DicoticVariant",
            Variant::Impartial => "ImpartialVariant",
            Variant::Twisted => "TwistedVariant",
        }
    }
}

/// A position of a variant: the variant of `inner`, negated when `negated` (the options of a
/// twisted game are negatives of twisted games).
#[derive(Debug)]
pub struct VariantPosition {
    variant: Variant,
    inner: Rc<dyn Position>,
    negated: bool,
}

impl VariantPosition {
    pub fn new(variant: Variant, inner: Rc<dyn Position>) -> VariantPosition {
        VariantPosition {
            variant,
            inner,
            negated: false,
        }
    }

    fn option_positions(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Vec<Rc<dyn Position>>> {
        let wrap = |list: Vec<Rc<dyn Position>>, variant, negated| {
            list.into_iter()
                .map(|inner| {
                    Rc::new(VariantPosition {
                        variant,
                        inner,
                        negated,
                    }) as Rc<dyn Position>
                })
                .collect()
        };
        let p = &self.inner;
        Ok(match self.variant {
            Variant::Dicotic => {
                let mine = inner_options(p, left, engine)?;
                let theirs = inner_options(p, !left, engine)?;
                if mine.is_empty() || theirs.is_empty() {
                    Vec::new()
                } else {
                    wrap(mine, Variant::Dicotic, false)
                }
            }
            Variant::Impartial => {
                let mut all = inner_options(p, true, engine)?;
                if !p.is_impartial() {
                    all.extend(inner_options(p, false, engine)?);
                }
                wrap(all, Variant::Impartial, false)
            }
            // Left's options of t(G) are −t(Gᴸ); of −t(G), the negatives of Right's: t(Gᴿ).
            Variant::Twisted => {
                let side = left != self.negated;
                wrap(
                    inner_options(p, side, engine)?,
                    Variant::Twisted,
                    !self.negated,
                )
            }
        })
    }

    /// The value, through the session's memo.
    fn game_value(&self, engine: &mut Engine) -> EvalResult<GameId> {
        with_table_of(engine.interrupt_flag(), |memo: &mut Memo| {
            let v = match self.variant {
                Variant::Impartial => {
                    let n = nim_value(&self.inner, memo, engine)?;
                    engine.nimber(u64::from(n))
                }
                _ => partizan_value(self.variant, &self.inner, memo, engine)?,
            };
            Ok(if self.negated { engine.neg(v)? } else { v })
        })
    }
}

/// The session's values of variant positions, by the inner position's memo key.
#[derive(Default)]
struct Memo {
    games: FxHashMap<(Variant, String), GameId>,
    nims: FxHashMap<String, u32>,
}

fn inner_options(
    p: &Rc<dyn Position>,
    left: bool,
    engine: &mut Engine,
) -> EvalResult<Vec<Rc<dyn Position>>> {
    super::analysis::options_for(p, left, engine, "for its variants")
}

/// d(G) or t(G) (not negated).
fn partizan_value(
    variant: Variant,
    p: &Rc<dyn Position>,
    memo: &mut Memo,
    engine: &mut Engine,
) -> EvalResult<GameId> {
    let key = (variant, p.memo_key());
    if let Some(&v) = memo.games.get(&key) {
        return Ok(v);
    }
    engine.check_interrupt()?;
    let left = inner_options(p, true, engine)?;
    let right = inner_options(p, false, engine)?;
    let mut sides = [Vec::new(), Vec::new()];
    if variant == Variant::Twisted || !(left.is_empty() || right.is_empty()) {
        for (side, options) in sides.iter_mut().zip([left, right]) {
            for o in options {
                let v = partizan_value(variant, &o, memo, engine)?;
                side.push(if variant == Variant::Twisted {
                    engine.neg(v)?
                } else {
                    v
                });
            }
        }
    }
    let v = engine.game_from_options(&sides[0], &sides[1])?;
    memo.games.insert(key, v);
    Ok(v)
}

/// The nim value of i(G): the xor over G's components, else the mex over all its options.
fn nim_value(p: &Rc<dyn Position>, memo: &mut Memo, engine: &mut Engine) -> EvalResult<u32> {
    let key = p.memo_key();
    if let Some(&n) = memo.nims.get(&key) {
        return Ok(n);
    }
    engine.check_interrupt()?;
    let parts = p.components().unwrap_or_default();
    let n = if parts.len() > 1 {
        let mut n = 0;
        for part in &parts {
            n ^= nim_value(part, memo, engine)?;
        }
        n
    } else if p.components().is_some() && parts.is_empty() {
        0
    } else {
        let mut all = inner_options(p, true, engine)?;
        if !p.is_impartial() {
            all.extend(inner_options(p, false, engine)?);
        }
        let mut values = Vec::with_capacity(all.len());
        for o in &all {
            values.push(nim_value(o, memo, engine)?);
        }
        super::impartial::mex(&mut values)
    };
    memo.nims.insert(key, n);
    Ok(n)
}

impl Position for VariantPosition {
    fn describe(&self) -> String {
        let inner = self.inner.describe();
        let inner = if inner.contains(' ') {
            format!("({inner})")
        } else {
            inner
        };
        let sign = if self.negated { "-" } else { "" };
        format!("{sign}{inner}.{}", self.variant.name())
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        self.game_value(engine)
            .map_err(EvalError::into_engine_error)
    }

    fn memo_key(&self) -> String {
        let sign = if self.negated { "-" } else { "" };
        format!("{sign}({}).{}", self.inner.memo_key(), self.variant.name())
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let list = |positions: Vec<Rc<dyn Position>>| {
            Value::List(positions.into_iter().map(Value::Position).collect())
        };
        match (key, args) {
            ("leftoptions", []) => Ok(Some(list(self.option_positions(true, engine)?))),
            ("rightoptions", []) => Ok(Some(list(self.option_positions(false, engine)?))),
            ("nimvalue", []) if self.variant == Variant::Impartial => {
                with_table_of(engine.interrupt_flag(), |memo: &mut Memo| {
                    nim_value(&self.inner, memo, engine).map(|n| Some(Value::integer(n)))
                })
            }
            _ => Ok(None),
        }
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        self.option_positions(left, engine).map(Some)
    }

    fn is_impartial(&self) -> bool {
        self.variant == Variant::Impartial
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        if self.variant != Variant::Impartial {
            return None;
        }
        let parts = self.inner.components()?;
        Some(
            parts
                .into_iter()
                .map(|p| Rc::new(VariantPosition::new(Variant::Impartial, p)) as Rc<dyn Position>)
                .collect(),
        )
    }
}

/// A ruleset's variant: `R.DicoticVariant(x)` is `R(x).DicoticVariant`.
#[derive(Debug)]
pub struct VariantRuleset {
    variant: Variant,
    inner: Rc<dyn Ruleset>,
}

impl Ruleset for VariantRuleset {
    fn name(&self) -> String {
        format!("{}.{}", self.inner.name(), self.variant.name())
    }

    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
        variant_of(self.variant, self.inner.position(args, engine)?)
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let _ = (key, args, engine);
        Ok(None)
    }
}

/// The variant of a position.
pub fn variant_position(variant: Variant, inner: Rc<dyn Position>) -> Rc<dyn Position> {
    Rc::new(VariantPosition::new(variant, inner))
}

/// The variant of a value that should be a position.
fn variant_of(variant: Variant, value: Value) -> EvalResult<Value> {
    match value {
        Value::Position(p) => Ok(Value::Position(Rc::new(VariantPosition::new(variant, p)))),
        _ => Err(EvalError::new(format!(
            "{} is for positions of rulesets, whose options can be listed",
            variant.name()
        ))),
    }
}

/// `P.DicoticVariant`, `P.ImpartialVariant`, `P.TwistedVariant`; `None` for other keys.
pub fn position_method(
    p: &Rc<dyn Position>,
    key: &str,
    args: &[Value],
) -> Option<EvalResult<Value>> {
    let variant = match Variant::from_method(key, args)? {
        Ok(variant) => variant,
        Err(e) => return Some(Err(e)),
    };
    Some(variant_of(variant, Value::Position(p.clone())))
}

/// `R.DicoticVariant` (a ruleset) and `R.DicoticVariant(x)` (= `R(x).DicoticVariant`), and
/// the other two; `None` for other keys.
pub fn ruleset_method(
    r: &Rc<dyn Ruleset>,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    let variant = Variant::from_key(key)?;
    let ruleset = VariantRuleset {
        variant,
        inner: r.clone(),
    };
    if args.is_empty() {
        return Some(Ok(Value::Ruleset(Rc::new(ruleset))));
    }
    Some(ruleset.position(args, engine))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::brute::{Rng, render};

    fn position(space: &str, name: &str, text: &str) -> Rc<dyn Position> {
        let args = Args {
            positional: vec![Value::Str(text.to_string())],
            named: Vec::new(),
        };
        match crate::rulesets::cgsuite::board(space, name, Some(&args)) {
            Some(Ok(Value::Position(p))) => p,
            other => panic!("{name}({text}): {other:?}"),
        }
    }

    fn value_of(p: Rc<dyn Position>, variant: Variant, e: &mut Engine) -> GameId {
        VariantPosition::new(variant, p).value(e).expect("solves")
    }

    /// The spec's examples (rulesets-grid.md §5).
    #[test]
    fn spec_examples() {
        let mut e = Engine::new();
        let cases = [
            ("grid", "Domineering", "...|...", Variant::Dicotic, "^"),
            ("graph", "Hackenbush", "lr", Variant::Twisted, "{0|-1}"),
            ("strip", "ToadsAndFrogs", "t.f", Variant::Twisted, "+-2"),
        ];
        for (space, name, text, variant, expected) in cases {
            let v = value_of(position(space, name, text), variant, &mut e);
            assert_eq!(render(&mut e, v), expected, "{name}({text}) {variant:?}");
        }
    }

    /// Differential tests on random small boards: the impartial variant of Domineering is
    /// Cram (a separate solver with its own components and keys); Clobber is already
    /// dicotic, so its dicotic variant is itself; an impartial game is its own twisted
    /// variant.
    #[test]
    fn variants_agree_with_independent_solvers() {
        let mut e = Engine::new();
        let mut rng = Rng(0xd1c0_7a1c);
        for _ in 0..40 {
            let (rows, cols) = (1 + rng.below(3) as usize, 1 + rng.below(4) as usize);
            let board = rng.board("....#", rows, cols);
            let cram = position("grid", "Cram", &board).value(&mut e).unwrap();
            let domineering = position("grid", "Domineering", &board);
            let impartial = value_of(domineering.clone(), Variant::Impartial, &mut e);
            assert_eq!(impartial, cram, "{board}");
            assert_eq!(
                value_of(position("grid", "Cram", &board), Variant::Twisted, &mut e),
                cram
            );

            let board = rng.board("xxoo.", rows, cols);
            let clobber = position("grid", "Clobber", &board);
            let plain = clobber.value(&mut e).unwrap();
            assert_eq!(
                value_of(clobber, Variant::Dicotic, &mut e),
                plain,
                "{board}"
            );
        }
    }

    /// t(G)'s options are the negatives of twisted options, and its value is built from them.
    #[test]
    fn twisted_options_are_negated_twists() {
        let mut e = Engine::new();
        let g = VariantPosition::new(Variant::Twisted, position("strip", "ToadsAndFrogs", "tt.f"));
        let left = g.option_positions(true, &mut e).unwrap();
        assert!(left.iter().all(|o| o.describe().starts_with('-')));
        let right = g.option_positions(false, &mut e).unwrap();
        let values = |list: &[Rc<dyn Position>], e: &mut Engine| -> Vec<GameId> {
            list.iter().map(|o| o.value(e).unwrap()).collect()
        };
        let (l, r) = (values(&left, &mut e), values(&right, &mut e));
        let rebuilt = e.game_from_options(&l, &r).unwrap();
        assert_eq!(g.value(&mut e).unwrap(), rebuilt);
        // A twisted option's own options twist back: −t(Gᴸ) offers Left t(Gᴸᴿ).
        let first = &left[0];
        for o in first.options(true, &mut e).unwrap().unwrap() {
            assert!(!o.describe().starts_with('-'), "{}", o.describe());
        }
    }
}
