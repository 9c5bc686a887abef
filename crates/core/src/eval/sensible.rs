//! Sensible options and sensible lines of play (`SensibleLeftOptions`,
//! `SensibleRightOptions`, `SensibleOptions(P)`, `SensibleLines(P)`) of a game in the form it
//! has: an explicit game `'{…}'`, a ruleset position, or a canonical game.
//!
//! A sensible line for Left starts with a Left option G^L of the form. If G^L equals one of
//! the Left options of G's canonical form, the line is just [G^L]. Otherwise, if G^L is
//! reversible through a Right reply G^LR ≤ G, the line goes on with G^LR and then a sensible
//! continuation from one of G^LR's Left options, judged against G again; this is how
//! canonicalisation replaces a reversible option. Options that are dominated lead nowhere and
//! are not sensible. Right's lines are the mirror image. A sensible option is the first move
//! of some sensible line, so every option of a canonical game is sensible.

use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::GameId;
use crate::misere::form::{FormId, with_forms};
use crate::misere::form_values::NormalValues;
use crate::rulesets::Position;
use crate::value::Side;
use std::rc::Rc;

/// A game in some form: canonical, explicit at the top, or a ruleset position.
#[derive(Clone)]
enum Node {
    Game(GameId),
    Explicit(FormId),
    Position(Rc<dyn Position>),
}

impl Evaluator<'_> {
    /// `SensibleLeftOptions`, `SensibleRightOptions`, `SensibleOptions(P)`,
    /// `SensibleLines(P)`; `Ok(None)` for other keys or receivers that are not games.
    pub(super) fn sensible(
        &mut self,
        receiver: &Value,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let side = match (key, args) {
            ("sensibleleftoptions", []) => Side::Left,
            ("sensiblerightoptions", []) => Side::Right,
            ("sensibleoptions" | "sensiblelines", [p]) => super::methods::side(p)?,
            ("sensibleleftoptions" | "sensiblerightoptions", _) => {
                return Err(EvalError::new(format!("{key} takes no arguments")));
            }
            ("sensibleoptions" | "sensiblelines", _) => {
                return Err(EvalError::new(format!(
                    "{key} takes one argument, Left or Right"
                )));
            }
            _ => return Ok(None),
        };
        let node = match receiver {
            Value::Explicit(e) => Node::Explicit(e.form()?),
            Value::Position(p) => Node::Position(p.clone()),
            Value::Game(_) | Value::Number(_) => Node::Game(self.game_of(receiver)?),
            _ => return Ok(None),
        };
        let left = side == Side::Left;
        let whole = self.node_value(&node)?;
        let canonical_options = if left {
            self.engine.left_options(whole)?
        } else {
            self.engine.right_options(whole)?
        };
        let mut lines = Vec::new();
        for option in self.node_options(&node, left)? {
            lines.extend(self.sensible_lines_from(option, left, whole, &canonical_options)?);
        }
        let as_value = |node: &Node| match node {
            Node::Game(g) => Value::Game(*g),
            Node::Explicit(f) => Value::Explicit(Box::new(crate::value::Explicit::quoted(*f))),
            Node::Position(p) => Value::Position(p.clone()),
        };
        if key == "sensiblelines" {
            let lines = lines
                .iter()
                .map(|line| Value::List(line.iter().map(as_value).collect()))
                .collect();
            return Ok(Some(Value::List(lines)));
        }
        // The first moves, once each, in the order of the options.
        let mut firsts: Vec<Value> = Vec::new();
        for line in &lines {
            let first = as_value(&line[0]);
            if !firsts.contains(&first) {
                firsts.push(first);
            }
        }
        Ok(Some(match receiver {
            Value::Position(_) => Value::List(firsts),
            _ => self.make_set(firsts)?,
        }))
    }

    /// The sensible lines that start with `option`, a move by Left (`left`) or Right in a
    /// game of value `whole` whose canonical options for that player are `targets`.
    fn sensible_lines_from(
        &mut self,
        option: Node,
        left: bool,
        whole: GameId,
        targets: &[GameId],
    ) -> EvalResult<Vec<Vec<Node>>> {
        self.engine.check_interrupt()?;
        let value = self.node_value(&option)?;
        if targets.contains(&value) {
            return Ok(vec![vec![option]]);
        }
        let mut lines = Vec::new();
        for reply in self.node_options(&option, !left)? {
            let reply_value = self.node_value(&reply)?;
            // A reversing reply: G^LR ≤ G for Left's move, G^RL ≥ G for Right's.
            let reverses = if left {
                self.engine.leq(reply_value, whole)?
            } else {
                self.engine.leq(whole, reply_value)?
            };
            if !reverses {
                continue;
            }
            for next in self.node_options(&reply, left)? {
                for rest in self.sensible_lines_from(next, left, whole, targets)? {
                    let mut line = vec![option.clone(), reply.clone()];
                    line.extend(rest);
                    lines.push(line);
                }
            }
        }
        Ok(lines)
    }

    fn node_value(&mut self, node: &Node) -> EvalResult<GameId> {
        Ok(match node {
            Node::Game(g) => *g,
            Node::Explicit(f) => crate::misere::form_values::normal_value(self.engine, *f)?,
            Node::Position(p) => p.value(self.engine)?,
        })
    }

    /// The options in the node's own form (a position's canonical ones when its ruleset does
    /// not enumerate its moves).
    fn node_options(&mut self, node: &Node, left: bool) -> EvalResult<Vec<Node>> {
        let ids = match node {
            Node::Game(g) => {
                if left {
                    self.engine.left_options(*g)?
                } else {
                    self.engine.right_options(*g)?
                }
            }
            Node::Explicit(f) => {
                let options = with_forms(|a| {
                    if left {
                        a.left(*f).to_vec()
                    } else {
                        a.right(*f).to_vec()
                    }
                });
                let mut values = NormalValues::new();
                let mut nodes = Vec::with_capacity(options.len());
                for o in options {
                    nodes.push(if values.is_canonical(self.engine, o)? {
                        Node::Game(values.value(self.engine, o)?)
                    } else {
                        Node::Explicit(o)
                    });
                }
                return Ok(nodes);
            }
            Node::Position(p) => {
                if let Some(options) = p.options(left, self.engine)? {
                    return Ok(options.into_iter().map(Node::Position).collect());
                }
                let g = p.value(self.engine)?;
                if left {
                    self.engine.left_options(g)?
                } else {
                    self.engine.right_options(g)?
                }
            }
        };
        Ok(ids.into_iter().map(Node::Game).collect())
    }
}
