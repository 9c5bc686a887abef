//! The traits behind the values that upper layers implement: a user's function
//! ([`Callable`], implemented by the evaluator), a ruleset ([`Ruleset`]) and a position of one
//! ([`Position`], both implemented by the rulesets). [`Value`] holds them as trait objects, so
//! values sit below both and import neither.

use super::picture::Picture;
use super::{EvalResult, Value};
use crate::engine::draws::LoopyNim;
use crate::engine::draws::partial::PartizanLabel;
use crate::engine::loopy::{Graph, LoopyResult};
use crate::engine::{Engine, EngineResult, GameId};
use std::fmt;
use std::rc::Rc;

/// A function value written by the user (a CGScript lambda such as `n -> [[n - 1]]`).
///
/// The evaluator implements it; rulesets built from functions (`HeapRuleset(f)`, ...) call
/// through it without knowing anything of the evaluator above them.
pub trait Callable: fmt::Debug {
    /// Call with positional arguments. Errors inside the body come back as values.
    fn call(&self, args: Vec<Value>, engine: &mut Engine) -> EvalResult<Value>;

    /// How many parameters it takes (without defaults: the required count is not checked
    /// here; a wrong count is the call's error).
    fn arity(&self) -> usize;

    /// Its source form, as CGSuite prints functions (`n -> n + 1`).
    fn render(&self) -> String;

    /// For the evaluator, which calls its own functions directly.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A ruleset value.
pub trait Ruleset: fmt::Debug {
    /// How the ruleset prints and reads back (`kayles`, `subtraction(1,3,4)`).
    fn name(&self) -> String;

    /// The position `R[args]` (also `R(args)`).
    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value>;

    /// `R[args]` when it differs from `R(args)`: a digraph's `G[1, 2]` puts a token on each
    /// vertex, while `G(1, 2)` is one token on the vertex `(1, 2)`. `None`: the same as
    /// [`Ruleset::position`].
    fn index(&self, args: &[Value], engine: &mut Engine) -> Option<EvalResult<Value>> {
        let _ = (args, engine);
        None
    }

    /// A method of the ruleset (`NimValueSequence`, `CheckPeriodicity`, ...), looked up by its
    /// key (lower case, no underscores); `Ok(None)` if it has no such method. Named arguments
    /// (`twisted => true`) arrive after the positional ones, in the order written.
    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>>;

    /// Extra lines for the REPL summary (the start of the nim sequence, the period).
    fn summary(&self, engine: &mut Engine) -> Option<String> {
        let _ = engine;
        None
    }

    /// Told the name a ruleset value is assigned to (`R := HeapRuleset(f)`), so rulesets built
    /// from functions can print their positions as `R(5)`. Only the first name counts.
    fn assigned(&self, name: &str) {
        let _ = name;
    }

    /// For constructors that take rulesets of their own family (`PartizanHeapRuleset(RL, RR)`).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

/// A position of a ruleset.
pub trait Position: fmt::Debug {
    /// How the position was built, in a form that pastes back (`kayles[5]`, `nim[1,4,5]`).
    fn describe(&self) -> String;

    /// Its value: a canonical game in the engine's arena.
    fn value(&self, engine: &mut Engine) -> EngineResult<GameId>;

    /// The value of a position of a loopy ruleset (a loopy game, or a short one); `None` for
    /// the other rulesets, whose value is [`Position::value`]. Printing uses it.
    fn loopy_value(&self, engine: &mut Engine) -> Option<EngineResult<LoopyResult>> {
        let _ = engine;
        None
    }

    /// The loopy nim value of an impartial position whose play may never end (draws.md §1.3),
    /// for the rulesets whose positions can repeat; `None` for the others, whose value is
    /// [`Position::value`]. Printing uses it.
    fn loopy_nim_value(&self, engine: &mut Engine) -> Option<EngineResult<LoopyNim>> {
        let _ = engine;
        None
    }

    /// Who wins with Left and with Right to move, and how soon, for the rulesets whose
    /// positions can repeat (draws.md §1.2); `None` for the others, whose outcome comes from
    /// [`Position::value`].
    fn draw_label(&self, engine: &mut Engine) -> Option<EvalResult<PartizanLabel>> {
        let _ = engine;
        None
    }

    /// Whether play from this position can repeat (then sums with it are solved as games
    /// with draws, not from short values).
    fn can_repeat(&self, engine: &mut Engine) -> EvalResult<bool> {
        let _ = engine;
        Ok(false)
    }

    /// Its game graph from vertex 0, for the rulesets whose positions can repeat; `None`:
    /// the graph of its short value.
    fn game_graph(&self, engine: &mut Engine) -> Option<EvalResult<Graph>> {
        let _ = engine;
        None
    }

    /// The key generic analyses memoise the position under: equal keys must mean equal games.
    /// The description, unless two rulesets can print alike (user rulesets named `ruleset`).
    fn memo_key(&self) -> String {
        self.describe()
    }

    /// For rulesets that read positions back (a user's option function returning `R(q)`).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }

    /// The board as CGSuite's `GridString`, for grid positions.
    fn grid_string(&self) -> Option<String> {
        None
    }

    /// True for a CGSuite board or graph position that carries its ruleset
    /// (`game.grid.Clobber("xo|ox")`), which its ruleset need not wrap again.
    fn is_board_position(&self) -> bool {
        false
    }

    /// A property that depends on the position's form (`Genus`, `MisereNimValue`, `Options`,
    /// `WinningMoves`, ...), by key; `Ok(None)` to fall back to the value's properties.
    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>>;

    /// What the position looks like (a board, a graph, heaps), if the ruleset can say:
    /// `draw(P)` and the REPL summary draw it.
    fn picture(&self) -> Option<Picture> {
        None
    }

    /// The positions one move away, for Left (`left`) or Right; `Ok(None)` if the ruleset does
    /// not enumerate them. Generic analyses (misère play, winning moves) work through this.
    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let _ = (left, engine);
        Ok(None)
    }

    /// The positions one move away for listing them (`Options`, `Followers`): the same as
    /// [`Position::options`], except that loopy rulesets, which withhold `options` from the
    /// analyses that recurse, list theirs here.
    fn moves(&self, left: bool, engine: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        self.options(left, engine)
    }

    /// True when both players always have the same options.
    fn is_impartial(&self) -> bool {
        false
    }

    /// The independent parts of a position that is a sum (`kayles[3,5]` is `kayles[3]` +
    /// `kayles[5]`), or `None`. Misère analyses add the parts' canonical forms instead of
    /// searching every position of the whole sum.
    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        None
    }
}
