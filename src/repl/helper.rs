//! The rustyline helper: Tab completion and matching-bracket highlighting.
//!
//! Completion offers property and method names after a `.` (case-insensitively, as the
//! evaluator accepts them); built-in function, constant and ruleset names and the user's
//! variables at the start of any other word (`kay` → `kayles`); meta command names after a
//! leading `:`, help topics after `:help`, and file names after `:load`.

use super::help::TOPICS;
use super::meta::COMMANDS;
use crate::eval::Session;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter, MatchingBracketHighlighter};
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::borrow::Cow;

/// The built-in names completion offers. [`Candidates::gather`] is the one place that decides
/// where they come from (today the evaluator's name lists).
pub struct Candidates {
    /// Offered after a `.`.
    pub properties: Vec<&'static str>,
    /// Offered at the start of a word: functions, constants, rulesets, `ans`.
    pub words: Vec<&'static str>,
}

impl Candidates {
    pub fn gather() -> Self {
        Candidates {
            properties: Session::method_names().collect(),
            words: Session::builtin_names().collect(),
        }
    }
}

pub struct ReplHelper {
    properties: Vec<&'static str>,
    words: Vec<&'static str>,
    /// The session's variables and functions, refreshed after every evaluation.
    variables: Vec<String>,
    files: FilenameCompleter,
    /// Only with colour: the highlighter writes escape sequences.
    brackets: Option<MatchingBracketHighlighter>,
}

/// Sorted as shown (ignoring case), without repeats.
fn sorted(mut names: Vec<&'static str>) -> Vec<&'static str> {
    names.sort_unstable_by_key(|name| name.to_ascii_lowercase());
    names.dedup();
    names
}

impl ReplHelper {
    pub fn new(candidates: Candidates, color: bool) -> Self {
        ReplHelper {
            properties: sorted(candidates.properties),
            words: sorted(candidates.words),
            variables: Vec::new(),
            files: FilenameCompleter::new(),
            brackets: color.then(MatchingBracketHighlighter::new),
        }
    }

    /// The user's variable and function names, for completion.
    pub fn set_variables(&mut self, variables: Vec<String>) {
        self.variables = variables;
    }

    /// Candidates for the word before the cursor: properties after a `.`, else names.
    fn complete_word(&self, before: &str) -> (usize, Vec<Pair>) {
        let start = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_alphanumeric() || c == '_')
            .last()
            .map_or(before.len(), |(index, _)| index);
        if before[..start].ends_with('.') {
            return self.complete_property(before, start);
        }
        let typed = &before[start..];
        // Nothing typed would list every name; a digit starts a number; inside a string
        // (an odd number of quotes before) the word is text.
        let in_string = before[..start].matches('"').count() % 2 == 1;
        if typed.is_empty() || typed.starts_with(|c: char| c.is_ascii_digit()) || in_string {
            return (before.len(), Vec::new());
        }
        let typed = typed.to_ascii_lowercase();
        let mut names: Vec<&str> = self
            .words
            .iter()
            .copied()
            .chain(self.variables.iter().map(String::as_str))
            .filter(|name| name.to_ascii_lowercase().starts_with(&typed))
            .collect();
        names.sort_unstable_by_key(|name| name.to_ascii_lowercase());
        names.dedup();
        (start, names.into_iter().map(pair).collect())
    }

    /// Candidates for the word from `start` to the cursor, which follows a `.`.
    fn complete_property(&self, before: &str, start: usize) -> (usize, Vec<Pair>) {
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
        Ok(self.complete_word(before))
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
        let mut helper = ReplHelper::new(
            Candidates {
                properties: vec!["Temperature", "LeftStop", "LeftOptions", "Mean"],
                words: vec!["kayles", "cool", "canonical_form", "Left", "ans"],
            },
            false,
        );
        helper.set_variables(vec!["kay_total".into(), "g".into()]);
        helper
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
    fn names_complete_at_the_start_of_a_word() {
        assert_eq!(
            complete(&helper(), "kay"),
            (0, vec!["kay_total".to_string(), "kayles".to_string()])
        );
        assert_eq!(
            complete(&helper(), "cool(kayle"),
            (5, vec!["kayles".into()])
        );
        assert_eq!(complete(&helper(), "1 + C").1, ["canonical_form", "cool"]);
        assert_eq!(complete(&helper(), "le").1, ["Left"]);
        // Variables follow the session: a new one is offered once set.
        let mut helper = helper();
        assert!(complete(&helper, "heap").1.is_empty());
        helper.set_variables(vec!["heaps".into()]);
        assert_eq!(complete(&helper, "heap").1, ["heaps"]);
    }

    #[test]
    fn nothing_completes_in_numbers_strings_or_empty_words() {
        assert!(complete(&helper(), "tem").1.is_empty());
        assert!(complete(&helper(), "").1.is_empty());
        assert!(complete(&helper(), "1 + ").1.is_empty());
        assert!(complete(&helper(), "12").1.is_empty());
        assert!(complete(&helper(), "\"kay").1.is_empty());
        assert_eq!(complete(&helper(), "\"a\" + kay").1.len(), 2);
    }

    #[test]
    fn gathered_candidates_include_rulesets_functions_and_properties() {
        let candidates = Candidates::gather();
        for word in ["kayles", "cool", "Left", "ans"] {
            assert!(candidates.words.contains(&word), "{word}");
        }
        assert!(candidates.properties.contains(&"Temperature"));
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
