//! Answers: what a front end shows for one statement, worked out by the session before the
//! front end sees it ([`super::Session::answer`]). The value in CGSuite's notation, the summary
//! figures and the drawings under it are all computed here, so a front end only renders them
//! (as coloured text, as `--json` objects with [`Answer::to_json`], or however it likes) and
//! never calls back into the session.

use super::{Diagnostic, SUMMARIZING, Session, StatementResult, Value, json};
use crate::display::Summary;
use crate::engine::progress;

/// One statement's answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// 1-based line (in the whole input) where the statement starts.
    pub line: usize,
    /// The statement's source text, trimmed.
    pub input: String,
    /// True when the statement ended in `;` (evaluate, print nothing).
    pub silent: bool,
    /// Lines written by `Print` while the statement ran, in order.
    pub printed: Vec<String>,
    /// The value as shown, or what went wrong and where. Printing the value can itself fail
    /// (Ctrl-C in a huge canonical form): the statement then failed.
    pub result: Result<Shown, Diagnostic>,
}

/// A value, with what is shown of it.
#[derive(Clone, Debug)]
pub struct Shown {
    pub value: Value,
    /// The value in CGSuite's notation; `None` when it is not shown ([`Show::every_value`]).
    pub text: Option<String>,
    /// Its kind in `--json` objects (`game`, `integer`, `list`, ...).
    pub kind: &'static str,
    /// The figures shown under a game (outcome, stops, mean, ...), when asked for.
    pub summary: Option<Summary>,
    /// Lines shown under the value, when asked for: a thermograph's plot, a ruleset's nim
    /// sequence and period, a board's drawing.
    pub details: Option<String>,
    /// A position's board, drawn under the value when details are asked for; the front end
    /// draws it ([`crate::display::picture::board::text`]) with its own colours.
    pub board: Option<crate::value::picture::Board>,
}

/// What to work out for each statement besides its value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Show {
    /// Show every value, also of a statement that ends in `;` or that only printed lines
    /// (`--json` gives every statement its value). Otherwise those get no text.
    pub every_value: bool,
    /// Work out the summary under a game.
    pub summary: bool,
    /// Work out the drawings and sequences under a value.
    pub details: bool,
    /// Write those lines with Unicode where notation has it (a misère quotient's ⟨a, b |
    /// a² = 1⟩ and Φ): for a terminal that shows UTF-8 and colour (misere.md §B.2).
    pub pretty: bool,
}

impl Show {
    /// The text front end: values with their summaries and drawings (`quiet`: values alone).
    pub fn text(quiet: bool) -> Show {
        Show {
            every_value: false,
            summary: !quiet,
            details: !quiet,
            pretty: false,
        }
    }

    /// What `--json` objects carry: every value, with the summary figures.
    pub fn json() -> Show {
        Show {
            every_value: true,
            summary: true,
            details: false,
            pretty: false,
        }
    }

    /// Whether a statement's value is shown: not for a statement that ends in `;`, nor for one
    /// that only printed lines (`Print(x)`, a loop), unless [`Show::every_value`] asks for it.
    pub(crate) fn shows(self, silent: bool, printed: &[String], value: &Value) -> bool {
        let printed_only = !printed.is_empty() && matches!(value, Value::Nothing);
        self.every_value || !(silent || printed_only)
    }
}

impl Answer {
    /// The `--json` lines for this answer, each ending in a newline: one object per line the
    /// statement printed, then the statement's object. `file` is the script it was read from.
    pub fn to_json(&self, file: Option<&str>) -> String {
        let statement = json::Statement {
            line: self.line,
            input: &self.input,
            silent: self.silent,
            file,
        };
        let mut out = String::new();
        for line in &self.printed {
            out += &json::printed(&statement, line);
            out.push('\n');
        }
        out += &match &self.result {
            Ok(shown) => json::success(
                &statement,
                shown.text.as_deref().unwrap_or_default(),
                shown.kind,
                shown.summary.as_ref(),
            ),
            Err(diag) => json::failure(&statement, diag),
        };
        out.push('\n');
        out
    }
}

impl Session {
    /// What a front end shows of a statement's result. The result's value moves into the
    /// answer; a value that cannot be printed turns the answer into a failure.
    pub(super) fn show(&mut self, result: &mut StatementResult, show: Show) -> Answer {
        let value = std::mem::replace(&mut result.result, Ok(Value::Nothing));
        let outcome = match value {
            Err(diag) => Err(diag),
            Ok(value) if !show.shows(result.silent, &result.printed, &value) => Ok(Shown {
                kind: self.kind_of(&value),
                value,
                text: None,
                summary: None,
                details: None,
                board: None,
            }),
            Ok(value) => {
                let mut text = String::new();
                match self.try_write_value(&value, &mut text) {
                    Err(e) => Err(Diagnostic {
                        message: e.to_string(),
                        line: result.line,
                        column: None,
                        source_line: result.input.lines().next().unwrap_or_default().to_string(),
                    }),
                    Ok(()) => {
                        let summary = if show.summary {
                            progress::set_stage(Some(SUMMARIZING));
                            self.summary(&value)
                        } else {
                            None
                        };
                        let (details, board) = if show.details {
                            (self.details(&value, show.pretty), board_of(&value))
                        } else {
                            (None, None)
                        };
                        Ok(Shown {
                            kind: self.kind_of(&value),
                            value,
                            text: Some(text),
                            summary,
                            details,
                            board,
                        })
                    }
                }
            }
        };
        Answer {
            line: result.line,
            input: std::mem::take(&mut result.input),
            silent: result.silent,
            printed: std::mem::take(&mut result.printed),
            result: outcome,
        }
    }

    /// A value's `--json` kind: a position that prints as ∞(K) is a `loopy_nimber`, as ∞(K)
    /// itself is.
    fn kind_of(&mut self, value: &Value) -> &'static str {
        match value {
            Value::Position(p) => match p.loopy_nim_value(&mut self.engine) {
                Some(Ok(crate::engine::draws::LoopyNim::Infinite(_))) => "loopy_nimber",
                _ => value.kind_name(),
            },
            _ => value.kind_name(),
        }
    }
}

/// The board of a position of a grid or strip ruleset.
fn board_of(value: &Value) -> Option<crate::value::picture::Board> {
    match value {
        Value::Position(p) => match p.picture()? {
            crate::value::picture::Picture::Board(b) => Some(b),
            _ => None,
        },
        _ => None,
    }
}
