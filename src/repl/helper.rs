//! The rustyline helper: Tab completion and matching-bracket highlighting.
//!
//! Completion offers property and method names after a `.` (case-insensitively, as the
//! evaluator accepts them), meta command names after a leading `:`, help topics after
//! `:help`, and file names after `:load`.

use super::help::TOPICS;
use super::meta::COMMANDS;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter, MatchingBracketHighlighter};
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::borrow::Cow;

pub struct ReplHelper {
    properties: Vec<&'static str>,
    files: FilenameCompleter,
    /// Only with colour: the highlighter writes escape sequences.
    brackets: Option<MatchingBracketHighlighter>,
}

impl ReplHelper {
    pub fn new(mut properties: Vec<&'static str>, color: bool) -> Self {
        properties.sort_unstable_by_key(|name| name.to_ascii_lowercase());
        properties.dedup();
        ReplHelper {
            properties,
            files: FilenameCompleter::new(),
            brackets: color.then(MatchingBracketHighlighter::new),
        }
    }

    /// Candidates for the word before the cursor when it follows a `.`.
    fn complete_property(&self, before: &str) -> (usize, Vec<Pair>) {
        let start = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_alphanumeric() || c == '_')
            .last()
            .map_or(before.len(), |(index, _)| index);
        if !before[..start].ends_with('.') {
            return (before.len(), Vec::new());
        }
        let typed = before[start..].to_ascii_lowercase();
        let candidates = self
            .properties
            .iter()
            .filter(|name| name.to_ascii_lowercase().starts_with(&typed))
            .map(|name| pair(name))
            .collect();
        (start, candidates)
    }

    fn complete_command(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = line.get(..pos).unwrap_or(line);
        let start = before.len() - before.trim_start().len();
        let typed = &before[start..];
        let Some((command, argument)) = typed.split_once(char::is_whitespace) else {
            let names = COMMANDS
                .iter()
                .map(|(name, _, _)| *name)
                .filter(|name| name.starts_with(typed));
            return Ok((start, names.map(pair).collect()));
        };
        match command {
            ":help" | ":h" | ":?" => {
                let argument = argument.trim_start();
                let topics = TOPICS
                    .iter()
                    .filter(|topic| topic.starts_with(argument))
                    .map(|t| pair(t));
                Ok((pos - argument.len(), topics.collect()))
            }
            ":load" => self.files.complete(line, pos, ctx),
            _ => Ok((pos, Vec::new())),
        }
    }
}

fn pair(name: &str) -> Pair {
    Pair {
        display: name.to_string(),
        replacement: name.to_string(),
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        // rustyline passes a char boundary; `get` keeps a surprise from becoming a panic.
        let Some(before) = line.get(..pos) else {
            return Ok((pos, Vec::new()));
        };
        if before.trim_start().starts_with(':') {
            return self.complete_command(line, pos, ctx);
        }
        Ok(self.complete_property(before))
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        match &self.brackets {
            Some(brackets) => brackets.highlight(line, pos),
            None => Cow::Borrowed(line),
        }
    }

    fn highlight_char(&self, line: &str, pos: usize, kind: CmdKind) -> bool {
        self.brackets
            .as_ref()
            .is_some_and(|brackets| brackets.highlight_char(line, pos, kind))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Validator for ReplHelper {}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::DefaultHistory;

    fn complete(helper: &ReplHelper, line: &str) -> (usize, Vec<String>) {
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let (start, pairs) = helper.complete(line, line.len(), &ctx).expect("completion");
        (start, pairs.into_iter().map(|p| p.replacement).collect())
    }

    fn helper() -> ReplHelper {
        ReplHelper::new(
            vec!["Temperature", "LeftStop", "LeftOptions", "Mean"],
            false,
        )
    }

    #[test]
    fn properties_complete_after_a_dot_ignoring_case() {
        assert_eq!(
            complete(&helper(), "{1|0}.tem"),
            (6, vec!["Temperature".to_string()])
        );
        assert_eq!(complete(&helper(), "G.left").1, ["LeftOptions", "LeftStop"]);
        assert_eq!(complete(&helper(), "x + G.").1.len(), 4);
    }

    #[test]
    fn no_completion_without_a_dot() {
        assert!(complete(&helper(), "tem").1.is_empty());
        assert!(complete(&helper(), "").1.is_empty());
    }

    #[test]
    fn commands_and_topics_complete() {
        assert_eq!(complete(&helper(), ":he"), (0, vec![":help".to_string()]));
        assert_eq!(complete(&helper(), "  :q"), (2, vec![":quit".to_string()]));
        assert_eq!(
            complete(&helper(), ":help pro"),
            (6, vec!["properties".to_string()])
        );
    }
}
