//! `--json` objects: exactly one JSON object per statement, on one line
//! ([`super::Answer::to_json`]).
//!
//! ```text
//! {"line":1,"input":"{2||1|0}","value":"{2||1|0}","kind":"game","outcome":"L","mean":"5/4",
//!  "temperature":"3/4","left_stop":"2","right_stop":"1","atomic_weight":null,"birthday":3}
//! {"line":3,"input":"{1|","error":{"message":"...","line":3,"column":4}}
//! ```
//!
//! Keys appear in this order (struct field order). Summary keys are present only when the value has
//! a summary (games), with or without `-q` (which shortens only the text output); a figure the
//! value lacks (a sided value's stops, a loopy game's birthday) is `null`; `position` only for
//! positions, `loopy_nim_value` only for positions whose play may never end, `silent` only for
//! statements ending in `;`, `file` only for statements read from a FILE argument (line numbers
//! restart in each file). Each line a statement prints (`Print(x)`) is an object of its own,
//! `{"line":1,"kind":"print","text":"hi"}`, before the statement's object. The error object's
//! `line` is the line the error is on, which can differ from the statement's first line in a
//! multi-line statement.

use super::Diagnostic;
use crate::display::Summary;
use serde::Serialize;

/// Where a statement came from and how it was written.
pub(crate) struct Statement<'a> {
    pub(crate) line: usize,
    pub(crate) input: &'a str,
    pub(crate) silent: bool,
    pub(crate) file: Option<&'a str>,
}

/// A line written by `Print(x)`: an object of its own, before its statement's object.
#[derive(Serialize)]
struct Printed<'a> {
    line: usize,
    kind: &'static str,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
}

/// The object for one line the statement printed: `{"line":1,"kind":"print","text":"hi"}`.
pub(crate) fn printed(statement: &Statement, text: &str) -> String {
    to_line(&Printed {
        line: statement.line,
        kind: "print",
        text,
        file: statement.file,
    })
}

#[derive(Serialize)]
struct Success<'a> {
    line: usize,
    input: &'a str,
    value: &'a str,
    kind: &'a str,
    #[serde(flatten)]
    summary: Option<Fields<'a>>,
    #[serde(skip_serializing_if = "is_false")]
    silent: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
}

/// The summary's fields: a game's, or the few that an infinite value has.
#[derive(Serialize)]
#[serde(untagged)]
enum Fields<'a> {
    Game(SummaryFields<'a>),
    Transfinite(TransfiniteFields<'a>),
    Quotient(QuotientFields<'a>),
}

/// A misère quotient's figures (misere.md §B.2).
#[derive(Serialize)]
struct QuotientFields<'a> {
    order: usize,
    p_portion_size: usize,
    presentation: &'a str,
    p_portion: &'a [String],
    phi: &'a [String],
    tame: bool,
    heaps: usize,
    periodicity: Option<PeriodicityFields>,
}

#[derive(Serialize)]
struct PeriodicityFields {
    period: usize,
    preperiod: usize,
}

/// `"is_ordinal"` (generalized ordinals), `"outcome"`, and `"birthday"` where defined, as a
/// string (transfinite.md §5.2).
#[derive(Serialize)]
struct TransfiniteFields<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    is_ordinal: Option<bool>,
    outcome: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    birthday: Option<&'a str>,
}

#[derive(Serialize)]
struct SummaryFields<'a> {
    outcome: &'a str,
    mean: Option<&'a str>,
    temperature: Option<&'a str>,
    left_stop: Option<&'a str>,
    right_stop: Option<&'a str>,
    atomic_weight: Option<&'a str>,
    birthday: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    degree: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    loopy_nim_value: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    misere_outcome: Option<&'a str>,
}

#[derive(Serialize)]
struct Failure<'a> {
    line: usize,
    input: &'a str,
    error: ErrorFields<'a>,
    #[serde(skip_serializing_if = "is_false")]
    silent: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
}

#[derive(Serialize)]
struct ErrorFields<'a> {
    message: &'a str,
    line: usize,
    column: Option<usize>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The object for a statement that produced `value` (already printed in CGSuite's notation).
pub(crate) fn success(
    statement: &Statement,
    value: &str,
    kind: &str,
    summary: Option<&Summary>,
) -> String {
    to_line(&Success {
        line: statement.line,
        input: statement.input,
        value,
        kind,
        summary: summary.map(summary_fields),
        silent: statement.silent,
        file: statement.file,
    })
}

/// The object for a statement that failed.
pub(crate) fn failure(statement: &Statement, diag: &Diagnostic) -> String {
    to_line(&Failure {
        line: statement.line,
        input: statement.input,
        error: ErrorFields {
            message: &diag.message,
            line: diag.line,
            column: diag.column,
        },
        silent: statement.silent,
        file: statement.file,
    })
}

fn summary_fields(s: &Summary) -> Fields<'_> {
    if let Some(q) = &s.quotient {
        return Fields::Quotient(QuotientFields {
            order: q.order,
            p_portion_size: q.p_portion_size,
            presentation: &q.presentation,
            p_portion: &q.p_portion,
            phi: &q.phi,
            tame: q.tame,
            heaps: q.heaps,
            periodicity: q
                .periodicity
                .map(|(period, preperiod)| PeriodicityFields { period, preperiod }),
        });
    }
    if let Some(facts) = &s.transfinite {
        return Fields::Transfinite(TransfiniteFields {
            is_ordinal: facts.is_ordinal,
            outcome: &s.outcome,
            birthday: figure(&s.birthday),
        });
    }
    Fields::Game(SummaryFields {
        outcome: &s.outcome,
        mean: s.mean.as_deref(),
        temperature: s.temperature.as_deref(),
        left_stop: figure(&s.left_stop),
        right_stop: figure(&s.right_stop),
        atomic_weight: s.atomic_weight.as_deref(),
        birthday: birthday(&s.birthday),
        position: s.position.as_deref(),
        degree: s.degree.as_deref(),
        loopy_nim_value: s.loopy_nim_value.as_deref(),
        misere_outcome: s.misere_outcome.as_deref(),
    })
}

/// A figure the summary leaves empty (a sided value's stops) is `null`, as every other
/// missing figure is.
fn figure(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

/// A JSON number when the birthday is an integer that fits, so consumers can compare it;
/// otherwise (huge, or something unexpected) the string as printed.
fn birthday(text: &str) -> serde_json::Value {
    match text.parse::<u64>() {
        Ok(n) => serde_json::Value::from(n),
        // Loopy values have no birthday.
        Err(_) if text.is_empty() => serde_json::Value::Null,
        Err(_) => serde_json::Value::from(text),
    }
}

fn to_line(object: &impl Serialize) -> String {
    // Serialising these plain structs cannot fail; the fallback keeps the one-object-per-
    // statement promise even so.
    serde_json::to_string(object)
        .unwrap_or_else(|e| format!("{{\"error\":{{\"message\":\"internal error: {e}\"}}}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statement(input: &str) -> Statement<'_> {
        Statement {
            line: 1,
            input,
            silent: false,
            file: None,
        }
    }

    #[test]
    fn game_success_matches_the_contract() {
        let summary = Summary::example();
        let line = success(&statement("{2||1|0}"), "{2||1|0}", "game", Some(&summary));
        assert_eq!(
            line,
            r#"{"line":1,"input":"{2||1|0}","value":"{2||1|0}","kind":"game","outcome":"L","mean":"5/4","temperature":"3/4","left_stop":"2","right_stop":"1","atomic_weight":null,"birthday":3}"#
        );
    }

    #[test]
    fn position_and_huge_birthday() {
        let summary = Summary {
            outcome: "N".into(),
            birthday: "123456789012345678901234567890".into(),
            position: Some("kayles[5]".into()),
            ..Summary::default()
        };
        let line = success(&statement("kayles[5]"), "*4", "game", Some(&summary));
        assert!(
            line.contains(r#""birthday":"123456789012345678901234567890","position":"kayles[5]"}"#)
        );
    }

    #[test]
    fn non_game_values_carry_only_the_basic_keys() {
        let s = Statement {
            line: 2,
            input: "x := 3;",
            silent: true,
            file: Some("a.cg"),
        };
        assert_eq!(
            success(&s, "3", "integer", None),
            r#"{"line":2,"input":"x := 3;","value":"3","kind":"integer","silent":true,"file":"a.cg"}"#
        );
    }

    #[test]
    fn failure_has_message_and_column() {
        let diag = Diagnostic {
            message: "expected `}`".into(),
            line: 3,
            column: Some(4),
            source_line: "{1|".into(),
        };
        let s = Statement {
            line: 3,
            input: "{1|",
            silent: false,
            file: None,
        };
        assert_eq!(
            failure(&s, &diag),
            r#"{"line":3,"input":"{1|","error":{"message":"expected `}`","line":3,"column":4}}"#
        );
        let no_column = Diagnostic {
            column: None,
            ..diag
        };
        assert!(failure(&s, &no_column).contains(r#""column":null"#));
    }

    #[test]
    fn a_printed_line_is_an_object_of_its_own() {
        assert_eq!(
            printed(&statement("Print(\"hi\")"), "hi \"there\""),
            r#"{"line":1,"kind":"print","text":"hi \"there\""}"#
        );
    }

    #[test]
    fn output_is_one_line_even_for_multi_line_input() {
        let line = success(&statement("{1,\n2|0}"), "{2|0}", "game", None);
        assert!(!line.contains('\n'));
    }
}
