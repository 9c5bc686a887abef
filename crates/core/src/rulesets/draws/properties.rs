//! The properties of positions that may draw (draws.md §2.6), one implementation for every
//! ruleset that has them: digraph tokens, `ImpartialRuleset` and `PartizanRuleset` positions,
//! and sums. A ruleset says what it knows of a position through [`DrawPosition`]; the
//! answers (`OutcomeClass` with `D` and the nine partizan classes, `OutcomeClass(Left)`,
//! winning and drawing moves, `Remoteness`, `LoopyNimValue`, `NimValue`) are built here.

use super::{finite_nim_value, loopy_nim_value};
use crate::engine::Engine;
use crate::engine::draws::partial::{PartizanLabel, Remoteness};
use crate::engine::draws::{DrawClass, LoopyNim, Verdict};
use crate::engine::loopy::{Graph, LoopyOutcome};
use crate::rulesets::Position;
use crate::value::{EvalError, EvalResult, Side, Value};
use std::rc::Rc;

/// What a ruleset knows of a position that may draw.
pub trait DrawPosition {
    fn describe(&self) -> String;

    /// Impartial play: the loopy nim value; `None` for a partizan position.
    fn loopy_nim(&self, engine: &mut Engine) -> EvalResult<Option<LoopyNim>>;

    /// Verdict and remoteness with Left, then Right, to move.
    fn label(&self, engine: &mut Engine) -> EvalResult<PartizanLabel>;

    /// The options for one player, in move order, repeats kept.
    fn options_for(&self, left: bool, engine: &mut Engine) -> EvalResult<Vec<Rc<dyn Position>>>;

    /// No position reachable repeats.
    fn is_loopfree(&self, engine: &mut Engine) -> EvalResult<bool>;

    /// Its game graph from vertex 0, for `GameValue` by the loopy engine.
    fn game_graph(&self, engine: &mut Engine) -> EvalResult<Graph>;

    /// The label with every remoteness known, for positions whose [`DrawPosition::label`]
    /// leaves it unknown (sums: from the product graph); `None` if there is no better one.
    fn exact_label(&self, engine: &mut Engine) -> EvalResult<Option<PartizanLabel>> {
        let _ = engine;
        Ok(None)
    }
}

/// The label of any position: its own for positions that may draw, else from its short
/// value (whose remoteness is not known).
pub fn label_of(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<PartizanLabel> {
    if let Some(l) = p.draw_label(engine) {
        return l;
    }
    if let Some(v) = p.loopy_nim_value(engine) {
        let verdict = v?.verdict();
        return Ok(PartizanLabel {
            verdict: [verdict; 2],
            remoteness: [Remoteness::Unknown; 2],
        });
    }
    let g = p.value(engine)?;
    Ok(PartizanLabel::of_short(engine.outcome(g)?))
}

/// A class with draws as a value (`P`, `NHat`, …).
pub fn class_value(class: DrawClass) -> Value {
    use crate::engine::Outcome;
    Value::loopy_outcome(match class {
        DrawClass::P => LoopyOutcome::Plain(Outcome::P),
        DrawClass::N => LoopyOutcome::Plain(Outcome::N),
        DrawClass::L => LoopyOutcome::Plain(Outcome::L),
        DrawClass::R => LoopyOutcome::Plain(Outcome::R),
        DrawClass::D => LoopyOutcome::D,
        DrawClass::NHat => LoopyOutcome::NHat,
        DrawClass::PHat => LoopyOutcome::PHat,
        DrawClass::NCheck => LoopyOutcome::NCheck,
        DrawClass::PCheck => LoopyOutcome::PCheck,
    })
}

/// The graph whose normal play is `graph`'s misère play: a player without a move there gets
/// one, to a position where the opponent has none.
fn misere_graph(mut graph: Graph) -> Graph {
    let sink = graph.add_vertex();
    for v in 0..sink as usize {
        if graph.left[v].is_empty() {
            graph.left[v].push(sink);
        }
        if graph.right[v].is_empty() {
            graph.right[v].push(sink);
        }
    }
    graph
}

fn remoteness_value(described: &str, r: Remoteness) -> EvalResult<Value> {
    match r {
        Remoteness::Moves(r) => Ok(Value::integer(r)),
        Remoteness::Draw => Ok(Value::Nothing),
        Remoteness::Unknown => Err(EvalError::new(format!(
            "cgcalc cannot give the remoteness of {described} yet: it depends on a sum that \
             the ruleset's moves or split => lead to, whose own remoteness is not computed"
        ))),
    }
}

/// The options for `left` after which the mover, with the opponent to move, has `wanted`
/// (Lose for the opponent: a winning move; Draw: a drawing move).
fn moves_where(
    p: &impl DrawPosition,
    left: bool,
    wanted: Verdict,
    engine: &mut Engine,
) -> EvalResult<Value> {
    let opponent = usize::from(left);
    let mut out = Vec::new();
    for o in p.options_for(left, engine)? {
        if label_of(&o, engine)?.verdict[opponent] == wanted {
            out.push(Value::Position(o));
        }
    }
    Ok(Value::List(out))
}

fn side_index(args: &[Value]) -> Option<Option<usize>> {
    match args {
        [] => Some(None),
        [Value::Side(Side::Left)] => Some(Some(0)),
        [Value::Side(Side::Right)] => Some(Some(1)),
        _ => None,
    }
}

/// A property of a position that may draw, by key; `Ok(None)` for keys it does not answer
/// (they fall back to the position's other properties).
pub fn method(
    p: &impl DrawPosition,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    let takes_side = matches!(
        key,
        "outcomeclass" | "outcome" | "remoteness" | "winningmoves" | "drawingmoves"
    );
    let Some(side) = side_index(args) else {
        return Ok(None);
    };
    if side.is_some() && !takes_side {
        return Ok(None);
    }
    let impartial = p.loopy_nim(engine)?;
    let partizan_only = |what: &str| {
        EvalError::new(format!(
            "{what} needs an impartial game: {} is partizan (use OutcomeClass(Left), \
             LeftWinningMoves, Remoteness(Left))",
            p.describe()
        ))
    };
    Ok(Some(match (key, side) {
        ("outcomeclass" | "outcome", None) => {
            let l = p.label(engine)?;
            class_value(DrawClass::from_verdicts(l.verdict[0], l.verdict[1]))
        }
        ("outcomeclass" | "outcome", Some(s)) => {
            Value::loopy_outcome(p.label(engine)?.verdict[s].outcome())
        }
        ("remoteness", side) => {
            if side.is_none() && impartial.is_none() {
                return Err(partizan_only("Remoteness"));
            }
            let s = side.unwrap_or(0);
            let mut r = p.label(engine)?.remoteness[s];
            if r == Remoteness::Unknown
                && let Some(l) = p.exact_label(engine)?
            {
                r = l.remoteness[s];
            }
            remoteness_value(&p.describe(), r)?
        }
        ("loopynimvalue", None) => match impartial {
            Some(v) => loopy_nim_value(&v),
            None => return Err(partizan_only("LoopyNimValue")),
        },
        ("nimvalue", None) => match impartial {
            Some(v) => finite_nim_value(&p.describe(), &v)?,
            None => return Ok(None),
        },
        ("winningmoves", side) => match (impartial, side) {
            (Some(_), _) => moves_where(p, true, Verdict::Lose, engine)?,
            (None, Some(s)) => moves_where(p, s == 0, Verdict::Lose, engine)?,
            (None, None) => return Err(partizan_only("WinningMoves")),
        },
        ("drawingmoves", side) => match (impartial, side) {
            (Some(_), _) => moves_where(p, true, Verdict::Draw, engine)?,
            (None, Some(s)) => moves_where(p, s == 0, Verdict::Draw, engine)?,
            (None, None) => return Err(partizan_only("DrawingMoves")),
        },
        ("leftwinningmoves", None) => moves_where(p, true, Verdict::Lose, engine)?,
        ("rightwinningmoves", None) => moves_where(p, false, Verdict::Lose, engine)?,
        ("leftdrawingmoves", None) => moves_where(p, true, Verdict::Draw, engine)?,
        ("rightdrawingmoves", None) => moves_where(p, false, Verdict::Draw, engine)?,
        ("isloopfree", None) => Value::Bool(p.is_loopfree(engine)?),
        ("gamevalue", None) if !p.is_loopfree(engine)? => match impartial {
            // An impartial position of finite value n is *n (draws.md §2.6).
            Some(LoopyNim::Finite(n)) => Value::Game(engine.nimber(u64::from(n))),
            _ => {
                let graph = p.game_graph(engine)?;
                let value = engine.loopy_value(&graph, 0)?;
                crate::rulesets::loopy::result_value(value)
            }
        },
        ("canonicalform", None) if !p.is_loopfree(engine)? => {
            return Err(EvalError::new(crate::rulesets::loopy::NOT_SHORT));
        }
        // Misère play with draws: the same analysis on the graph where having no move wins.
        ("misereoutcomeclass" | "misereoutcome", None) => {
            let graph = misere_graph(p.game_graph(engine)?);
            let l = super::product::graph_label(&graph, engine)?;
            class_value(DrawClass::from_verdicts(l.verdict[0], l.verdict[1]))
        }
        ("miserecanonicalform" | "genus" | "miserenimvalue", None) if !p.is_loopfree(engine)? => {
            return Err(EvalError::new(format!(
                "misère play of games with draws is not available: {} can repeat",
                p.describe()
            )));
        }
        _ => return Ok(None),
    }))
}
