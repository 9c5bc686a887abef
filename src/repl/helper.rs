//! The rustyline helper: Tab completion and matching-bracket highlighting.
//!
//! Completion offers, after a `.`, the property and method names that apply to what stands
//! before it (case-insensitively, as the evaluator accepts them): a variable's current value,
//! or the kind of a literal (`{1|0}` a game, `[1, 2]` a list, `"s"` a string, `kayles[5]` a
//! position); all of them when that cannot be told from the text. After a name space
//! (`game.heap.`) it offers its members. Built-in function, constant and ruleset names and the
//! user's variables complete at the start of any other word (`kay` → `kayles`); meta command
//! names after a leading `:`, help topics after `:help`, and file names after `:load`.

use super::help::TOPICS;
use super::meta::COMMANDS;
use cgcalc_core::eval::Session;
use cgcalc_core::eval::reference::{self, Receiver};
use rustc_hash::FxHashMap;
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
            words: Session::builtin_names()
                .chain(reference::names(reference::Kind::Namespace).filter(|n| !n.contains('.')))
                .collect(),
        }
    }
}

pub struct ReplHelper {
    properties: Vec<&'static str>,
    words: Vec<&'static str>,
    /// The session's variables and functions, refreshed after every evaluation.
    variables: Vec<String>,
    /// What each variable's value is, for the names after a dot.
    receivers: FxHashMap<String, Receiver>,
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
            receivers: FxHashMap::default(),
            files: FilenameCompleter::new(),
            brackets: color.then(MatchingBracketHighlighter::new),
        }
    }

    /// The user's variable and function names, each with what its value is (`None`: a value
    /// with no names after a dot, or one completion cannot tell), for completion.
    pub fn set_variables(&mut self, variables: Vec<(String, Option<Receiver>)>) {
        self.receivers = variables
            .iter()
            .filter_map(|(name, receiver)| Some((name.clone(), (*receiver)?)))
            .collect();
        self.variables = variables.into_iter().map(|(name, _)| name).collect();
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

    /// Candidates for the word from `start` to the cursor, which follows a `.`: the members
    /// of a name space, or the names that apply to what stands before the dot.
    fn complete_property(&self, before: &str, start: usize) -> (usize, Vec<Pair>) {
        let typed = before[start..].to_ascii_lowercase();
        let target = before[..start - 1].trim_end();
        let owned;
        let names: &[&str] = match self.target(target) {
            Target::Members(members) => {
                owned = members;
                &owned
            }
            Target::Value(receiver) => {
                owned = receiver.member_names();
                &owned
            }
            Target::Unknown => &self.properties,
        };
        let candidates = names
            .iter()
            .filter(|name| name.to_ascii_lowercase().starts_with(&typed))
            .map(|name| pair(name))
            .collect();
        (start, candidates)
    }

    /// What the text before a dot is, as far as its text tells.
    fn target(&self, text: &str) -> Target {
        let Some(last) = text.chars().last() else {
            return Target::Unknown;
        };
        let value = |receiver| Target::Value(receiver);
        match last {
            '"' => value(Receiver::String),
            // `^`, `*`, `^<3>`, `'{1|0}'`.
            '^' | '*' | '>' | '\'' => value(Receiver::Game),
            '}' => match opening(text, '{', '}') {
                Some(open) => {
                    let inside = &text[open + 1..text.len() - 1];
                    if top_level(inside, "|") {
                        value(Receiver::Game)
                    } else {
                        value(Receiver::Collection)
                    }
                }
                None => Target::Unknown,
            },
            ']' => match opening(text, '[', ']') {
                Some(open) => {
                    let head = text[..open].trim_end();
                    if head.ends_with('*') {
                        value(Receiver::Misere)
                    } else if head.ends_with(is_name_char) {
                        // `kayles[5]` is a position; `L[2]`, an element, could be anything.
                        match self.target(head) {
                            Target::Value(Receiver::Ruleset) => value(Receiver::Position),
                            _ => Target::Unknown,
                        }
                    } else {
                        value(Receiver::Collection)
                    }
                }
                None => Target::Unknown,
            },
            ')' => match opening(text, '(', ')') {
                Some(open) => {
                    let head = text[..open].trim_end();
                    let inside = &text[open + 1..text.len() - 1];
                    if head.ends_with(is_name_char) {
                        // A ruleset applied to a position; other calls could give anything.
                        match self.target(head) {
                            Target::Value(Receiver::Ruleset) => value(Receiver::Position),
                            _ => Target::Unknown,
                        }
                    } else if top_level(inside, ",") || top_level(inside, "..") {
                        // A tuple or a range.
                        value(Receiver::Collection)
                    } else {
                        self.target(inside.trim())
                    }
                }
                None => Target::Unknown,
            },
            c if is_name_char(c) || c == '.' => self.path_target(text),
            _ => Target::Unknown,
        }
    }

    /// What a trailing name, dotted path or number is: `x`, `kayles`, `game.grid`,
    /// `game.heap.Kayles`, `G.Thermograph`, `17`, `*3`.
    fn path_target(&self, text: &str) -> Target {
        let path_start = text
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_name_char(c) || c == '.')
            .last()
            .map_or(text.len(), |(index, _)| index);
        let path = &text[path_start..];
        let before_path = text[..path_start].trim_end();
        if path.starts_with(|c: char| c.is_ascii_digit()) {
            // `*3` is a nimber, `^<2>*3` too; `17` and `1/2` are numbers.
            return if path.chars().all(|c| c.is_ascii_digit()) {
                if before_path.ends_with('*') {
                    Target::Value(Receiver::Game)
                } else {
                    Target::Value(Receiver::Number)
                }
            } else {
                Target::Unknown
            };
        }
        // A path after `)`, `]` or `}` is a chain of properties on some value.
        if path.starts_with('.') || before_path.ends_with([')', ']', '}']) {
            return match path.rsplit('.').next() {
                Some(last) if last.eq_ignore_ascii_case("Thermograph") => {
                    Target::Value(Receiver::Thermograph)
                }
                _ => Target::Unknown,
            };
        }
        if let Some(members) = reference::namespace_members(path) {
            return Target::Members(members);
        }
        if reference::is_namespace_ruleset(path) {
            return Target::Value(Receiver::Ruleset);
        }
        match path.split_once('.') {
            None => {
                if let Some(&receiver) = self.receivers.get(path) {
                    Target::Value(receiver)
                } else if self.variables.iter().any(|v| v == path) {
                    // A variable whose value has no names after a dot (a function, …).
                    Target::Unknown
                } else if reference::entry(path, reference::Kind::Ruleset).is_some() {
                    Target::Value(Receiver::Ruleset)
                } else if path == "v" {
                    Target::Value(Receiver::Game)
                } else {
                    Target::Unknown
                }
            }
            Some(_) => match path.rsplit('.').next() {
                Some(last) if last.eq_ignore_ascii_case("Thermograph") => {
                    Target::Value(Receiver::Thermograph)
                }
                _ => Target::Unknown,
            },
        }
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

/// What stands before a dot, for completion.
enum Target {
    /// A name space: its members.
    Members(Vec<&'static str>),
    /// A value of this kind.
    Value(Receiver),
    /// Not known from the text: every property and method.
    Unknown,
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index of the bracket `open` that the `close` ending `text` closes (strings skipped).
fn opening(text: &str, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    for (index, c) in text.char_indices().rev() {
        match c {
            '"' => in_string = !in_string,
            _ if in_string => {}
            c if c == close => depth += 1,
            c if c == open => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether `needle` occurs in `text` outside brackets and strings.
fn top_level(text: &str, needle: &str) -> bool {
    let mut depth = 0i32;
    let mut in_string = false;
    for (index, c) in text.char_indices() {
        match c {
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ if depth == 0 && text[index..].starts_with(needle) => return true,
            _ => {}
        }
    }
    false
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
        helper.set_variables(vec![("kay_total".into(), None), ("g".into(), None)]);
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
        helper.set_variables(vec![("heaps".into(), None)]);
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

    /// A helper with the real names, as the REPL builds it.
    fn real_helper() -> ReplHelper {
        ReplHelper::new(Candidates::gather(), false)
    }

    #[test]
    fn after_a_dot_only_the_names_that_apply_to_the_value_complete() {
        let helper = real_helper();
        let game_is = complete(&helper, "{1|0}.Is").1;
        for name in ["IsInfinitesimal", "IsNumber", "IsAllSmall"] {
            assert!(game_is.iter().any(|c| c == name), "{name} in {game_is:?}");
        }
        // `IsEmpty` is a collection's, `IsTame` a misère game's, `Isqrt` a number's.
        for name in ["IsEmpty", "IsTame", "Isqrt", "IsLinkedTo"] {
            assert!(!game_is.iter().any(|c| c == name), "{name} in {game_is:?}");
        }
        assert!(complete(&helper, "17.Is").1.contains(&"Isqrt".to_string()));
        assert!(complete(&helper, "*3.Is").1.iter().all(|c| c != "Isqrt"));
        assert_eq!(complete(&helper, "[1, 2].IsE").1, ["IsEmpty"]);
        assert_eq!(complete(&helper, "{1, 2}.IsE").1, ["IsEmpty"]);
        assert_eq!(
            complete(&helper, "*[2, 2].IsTa").1,
            ["IsTame", "IsTameable"]
        );
        assert_eq!(complete(&helper, "\"abc\".ToU").1, ["ToUpperCase"]);
        assert!(
            complete(&helper, "kayles.Nim")
                .1
                .contains(&"NimValues".to_string())
        );
        assert!(
            complete(&helper, "kayles[5].Misere")
                .1
                .contains(&"MisereNimValue".to_string())
        );
        assert!(
            complete(&helper, "game.grid.Domineering(\"..|..\").Dicot")
                .1
                .contains(&"DicoticVariant".to_string())
        );
        assert_eq!(complete(&helper, "{3|-1}.Thermograph.Left").1, ["LeftWall"]);
        // Nothing to go on: every name, as before.
        assert!(
            complete(&helper, "f(3).IsE")
                .1
                .contains(&"IsEmpty".to_string())
        );
    }

    #[test]
    fn a_variable_completes_the_names_of_its_current_value() {
        let mut helper = real_helper();
        helper.set_variables(vec![
            ("g".into(), Some(Receiver::Game)),
            ("s".into(), Some(Receiver::Collection)),
            ("f".into(), None),
        ]);
        let game_is = complete(&helper, "g.Is").1;
        assert!(game_is.contains(&"IsInfinitesimal".to_string()));
        assert!(!game_is.contains(&"IsEmpty".to_string()));
        assert_eq!(complete(&helper, "s.IsE").1, ["IsEmpty"]);
        // Reassigned: the kind follows the value.
        helper.set_variables(vec![("g".into(), Some(Receiver::String))]);
        assert_eq!(complete(&helper, "g.ToU").1, ["ToUpperCase"]);
    }

    #[test]
    fn the_session_tells_completion_what_each_variable_holds() {
        let mut session = Session::new();
        for statement in [
            "g := {1|0}",
            "n := 17",
            "l := [1, 2]",
            "t := \"x\"",
            "p := kayles[3]",
        ] {
            for result in session.eval_source(statement, 1) {
                assert!(result.result.is_ok(), "{statement}");
            }
        }
        let mut kinds = session.completion_variables();
        kinds.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            kinds,
            vec![
                ("g".to_string(), Some(Receiver::Game)),
                ("l".to_string(), Some(Receiver::Collection)),
                ("n".to_string(), Some(Receiver::Number)),
                ("p".to_string(), Some(Receiver::Position)),
                ("t".to_string(), Some(Receiver::String)),
            ]
        );
    }

    #[test]
    fn name_spaces_complete_their_members() {
        let helper = real_helper();
        assert_eq!(
            complete(&helper, "game.").1,
            ["graph", "grid", "heap", "strip"]
        );
        let heap = complete(&helper, "game.heap.").1;
        for name in [
            "Kayles",
            "Nim",
            "Subtraction",
            "HeapRuleset",
            "Wythoff",
            "TakeAndBreak",
        ] {
            assert!(heap.iter().any(|c| c == name), "{name} in {heap:?}");
        }
        assert!(heap.len() < 40, "{heap:?}");
        assert!(!heap.iter().any(|c| c == "Temperature"), "{heap:?}");
        assert_eq!(
            complete(&helper, "game.grid.Dom"),
            (10, vec!["Domineering".to_string()])
        );
        assert_eq!(
            complete(&helper, "x := game.strip.Toa").1,
            ["ToadsAndFrogs"]
        );
        assert!(
            complete(&helper, "game.graph.")
                .1
                .contains(&"Hackenbush".to_string())
        );
        // A ruleset of a name space completes the methods of rulesets.
        assert!(
            complete(&helper, "game.heap.Kayles.Nim")
                .1
                .contains(&"NimValues".to_string())
        );
        assert_eq!(complete(&helper, "gam").1, ["game"]);
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
