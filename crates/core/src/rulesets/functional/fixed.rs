//! `Value(g)`: a fixed game value as a position, for option functions whose moves end in a
//! known value (language.md §11). It prints as `Value(g)` and its options are g's canonical
//! options, so the generic analyses can still walk through it. The variants of a plain game
//! (`(*3).DicoticVariant`, [`crate::rulesets::game_variant`]) use it too, printed `(g)`.

use crate::engine::{Dyadic, Engine, EngineResult, GameId};
use crate::rulesets::Position;
use crate::value::{EvalError, EvalResult, Value};
use std::rc::Rc;

#[derive(Debug)]
pub struct FixedValue {
    game: GameId,
    /// Printed once, when made: `describe` has no engine to print with.
    text: String,
    impartial: bool,
    /// How it prints; its options print alike.
    shown: Shown,
}

/// How a fixed value prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// `Value(g)`: an option of a user's ruleset.
    Value,
    /// `(g)`: a plain game seen as a position, so that `(g).DicoticVariant` pastes back.
    Parenthesized,
    /// `g`: a part of a sum (`G(1) + *`).
    Plain,
}

impl FixedValue {
    /// g as a position that prints `Value(g)`.
    pub fn new(game: GameId, engine: &mut Engine) -> EvalResult<Self> {
        FixedValue::printed(game, Shown::Value, engine)
    }

    /// g as a position that prints `(g)`, so that `(g).DicoticVariant` pastes back.
    pub fn bare(game: GameId, engine: &mut Engine) -> EvalResult<Self> {
        FixedValue::printed(game, Shown::Parenthesized, engine)
    }

    /// g as a part of a sum of positions, printed as g is.
    pub fn plain(game: GameId, engine: &mut Engine) -> EvalResult<Self> {
        FixedValue::printed(game, Shown::Plain, engine)
    }

    fn printed(game: GameId, shown: Shown, engine: &mut Engine) -> EvalResult<Self> {
        let text = crate::display::notation::Printer::new().render_game(engine, game)?;
        let impartial = super::game::nim_of_game(game, engine).is_some();
        Ok(FixedValue {
            game,
            text,
            impartial,
            shown,
        })
    }
}

/// `Value(g)` for a game, number or position g.
pub fn value_function(args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
    let [v] = args else {
        return Err(EvalError::new("Value takes one game, Value(g)"));
    };
    let game = game_of(v, engine)?;
    Ok(Value::Position(Rc::new(FixedValue::new(game, engine)?)))
}

/// The game a value stands for: a game, a dyadic number, an explicit form, a position's value.
pub fn game_of(v: &Value, engine: &mut Engine) -> EvalResult<GameId> {
    Ok(match v {
        Value::Game(g) => *g,
        Value::Explicit(e) => {
            crate::misere::form_values::sum_value(engine, e.parts.iter().map(|p| p.form))?
        }
        Value::Position(p) => p.value(engine)?,
        Value::Number(r) => {
            let d = Dyadic::from_rational(&r.big()).ok_or_else(|| {
                EvalError::new(format!("{r} is not a dyadic rational, so it is not a game"))
            })?;
            engine.number(d)
        }
        other => {
            return Err(EvalError::new(format!(
                "Value takes a game, found {}",
                crate::value::type_name(other)
            )));
        }
    })
}

impl Position for FixedValue {
    fn describe(&self) -> String {
        match self.shown {
            Shown::Value => format!("Value({})", self.text),
            Shown::Parenthesized => format!("({})", self.text),
            Shown::Plain => self.text.clone(),
        }
    }

    fn memo_key(&self) -> String {
        format!("\u{1}value:{}", self.game.0)
    }

    fn value(&self, _: &mut Engine) -> EngineResult<GameId> {
        Ok(self.game)
    }

    fn method(&self, _: &str, _: &[Value], _: &mut Engine) -> EvalResult<Option<Value>> {
        Ok(None)
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let options = if left {
            engine.left_options(self.game)?
        } else {
            engine.right_options(self.game)?
        };
        let mut out: Vec<Rc<dyn Position>> = Vec::with_capacity(options.len());
        for g in options {
            engine.check_interrupt()?;
            out.push(Rc::new(FixedValue::printed(g, self.shown, engine)?));
        }
        Ok(Some(out))
    }

    fn is_impartial(&self) -> bool {
        self.impartial
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}
