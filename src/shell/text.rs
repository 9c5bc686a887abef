//! Text rendering of a successful result: the value line and, for games, the property summary
//! underneath — who wins on the first line, the numbers on the second:
//!
//! ```text
//! {2||1|0}
//!   outcome L (Left wins) · left/right stops 2, 1
//!   mean 5/4 · temperature 3/4 · birthday 3 · atomic weight —
//! ```
//!
//! A line too long for the fixed width (not the terminal's, so that script output is the same
//! everywhere) is wrapped between fields.

use super::style::Palette;
use cgcalc_core::display::Summary;
use unicode_width::UnicodeWidthStr;

/// Summary lines are wrapped to fit in this many columns.
const SUMMARY_WIDTH: usize = 80;
const INDENT: &str = "  ";
const SEPARATOR: &str = " · ";

/// The value line followed by the summary lines (if any), each ending in a newline.
pub fn render(value: &str, summary: Option<&Summary>, p: Palette) -> String {
    let mut out = p.value(value);
    out.push('\n');
    if let Some(summary) = summary {
        out += &render_summary(summary, p);
    }
    out
}

/// One `label value` item of the summary, kept plain for measuring and styled for printing.
struct Field {
    plain: String,
    styled: String,
}

impl Field {
    fn new(label: &str, value: &str, p: Palette) -> Field {
        Field {
            plain: format!("{label} {value}"),
            styled: format!("{} {}", p.label(label), value),
        }
    }

    /// A field that is a label alone ("an ordinal").
    fn flag(label: &str, p: Palette) -> Field {
        Field {
            plain: label.to_string(),
            styled: p.label(label),
        }
    }
}

fn render_summary(s: &Summary, p: Palette) -> String {
    let separator = p.label(SEPARATOR);
    let (play, numbers) = summary_fields(s, p);
    [play, numbers]
        .into_iter()
        .flat_map(|group| wrap(group, SUMMARY_WIDTH - INDENT.len()))
        .collect::<Vec<_>>()
        .iter()
        .map(|line| {
            let items: Vec<&str> = line.iter().map(|f| f.styled.as_str()).collect();
            format!("{INDENT}{}\n", items.join(&separator))
        })
        .collect()
}

/// The fields in reading order, in two groups: how play goes (position, outcome, stops) and
/// the numbers (mean, temperature, birthday, atomic weight). Absent fields are left out, except
/// atomic weight, whose absence (`—`) is itself information.
fn summary_fields(s: &Summary, p: Palette) -> (Vec<Field>, Vec<Field>) {
    let mut play = Vec::new();
    if let Some(position) = &s.position {
        play.push(Field::new("position", position, p));
    }
    if !s.outcome.is_empty() {
        play.push(outcome_field(s, p));
    }
    // Labelled, with a comma between them: `stops 1/4 / 1/4` read ambiguously.
    if !s.left_stop.is_empty() || !s.right_stop.is_empty() {
        play.push(Field::new(
            "left/right stops",
            &format!("{}, {}", s.left_stop, s.right_stop),
            p,
        ));
    }
    let mut numbers = Vec::new();
    if let Some(mean) = &s.mean {
        numbers.push(Field::new("mean", mean, p));
    }
    if let Some(temperature) = &s.temperature {
        numbers.push(Field::new("temperature", temperature, p));
    }
    if !s.birthday.is_empty() {
        numbers.push(Field::new("birthday", &s.birthday, p));
    }
    if let Some(value) = &s.loopy_nim_value {
        numbers.push(Field::new("loopy nim value", value, p));
    }
    if let Some(facts) = &s.transfinite {
        if facts.is_ordinal == Some(true) {
            numbers.push(Field::flag("an ordinal", p));
        }
        if let Some(value) = &facts.nim_value {
            numbers.push(Field::new("nim value", value, p));
        }
        // No stops, mean, temperature or atomic weight: an infinite value is no short game.
        return (play, numbers);
    }
    if let Some(degree) = &s.degree {
        // The summary is a line or two; a loopy game's degree can be a screenful (a Fox and
        // Geese value's runs to 800 characters), and `.Degree` gives it in full.
        const LONGEST_DEGREE: usize = 60;
        let shown = if degree.chars().count() <= LONGEST_DEGREE {
            degree.as_str()
        } else {
            "(long; see .Degree)"
        };
        numbers.push(Field::new("degree", shown, p));
    }
    // A loopy value (no birthday) has no atomic weight to speak of.
    if !s.birthday.is_empty() {
        numbers.push(Field::new(
            "atomic weight",
            s.atomic_weight.as_deref().unwrap_or("—"),
            p,
        ));
    }
    (play, numbers)
}

fn outcome_field(s: &Summary, p: Palette) -> Field {
    let meaning = if s.outcome_meaning.is_empty() {
        String::new()
    } else {
        format!(" ({})", s.outcome_meaning)
    };
    Field {
        plain: format!("outcome {}{}", s.outcome, meaning),
        styled: format!(
            "{} {}{}",
            p.label("outcome"),
            p.outcome(&s.outcome),
            meaning
        ),
    }
}

/// Greedy wrapping: a field goes on the current line if it still fits, else starts a new one.
/// A field wider than the whole line gets a line of its own.
fn wrap(fields: Vec<Field>, width: usize) -> Vec<Vec<Field>> {
    let mut lines: Vec<Vec<Field>> = Vec::new();
    let mut used = 0;
    for field in fields {
        let field_width = field.plain.width();
        match lines.last_mut() {
            Some(line) if used + SEPARATOR.width() + field_width <= width => {
                used += SEPARATOR.width() + field_width;
                line.push(field);
            }
            _ => {
                used = field_width;
                lines.push(vec![field]);
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary of `{2||1|0}`, as the session works it out.
    fn game_summary() -> Summary {
        let mut summary = None;
        let mut session = cgcalc_core::Session::new();
        session.answer("{2||1|0}", 1, cgcalc_core::Show::text(false), |answer| {
            summary = answer.result.as_ref().ok().and_then(|s| s.summary.clone());
            true
        });
        summary.expect("a game has a summary")
    }

    #[test]
    fn value_without_summary_is_one_line() {
        assert_eq!(render("true", None, Palette::PLAIN), "true\n");
    }

    #[test]
    fn summary_is_wrapped_under_the_value() {
        let text = render("{2||1|0}", Some(&game_summary()), Palette::PLAIN);
        assert_eq!(
            text,
            "{2||1|0}\n\
             \x20 outcome L (Left wins) · left/right stops 2, 1\n\
             \x20 mean 5/4 · temperature 3/4 · birthday 3 · atomic weight —\n"
        );
        assert!(text.lines().all(|l| l.width() <= SUMMARY_WIDTH));
    }

    #[test]
    fn position_comes_first_and_atomic_weight_is_shown_when_known() {
        let s = Summary {
            outcome: "N".into(),
            outcome_meaning: "first player wins".into(),
            left_stop: "0".into(),
            right_stop: "0".into(),
            birthday: "4".into(),
            mean: Some("0".into()),
            temperature: Some("0".into()),
            atomic_weight: Some("0".into()),
            position: Some("kayles[5]".into()),
            degree: None,
            loopy_nim_value: None,
            ..Summary::default()
        };
        let text = render("*4", Some(&s), Palette::PLAIN);
        assert_eq!(
            text,
            "*4\n  position kayles[5] · outcome N (first player wins) · left/right stops 0, 0\n  \
             mean 0 · temperature 0 · birthday 4 · atomic weight 0\n"
        );
    }

    /// An infinite value has no stops, mean, temperature or atomic weight to show.
    #[test]
    fn a_generalized_ordinal_shows_outcome_birthday_and_whether_it_is_an_ordinal() {
        let mut summary = None;
        let mut session = cgcalc_core::Session::new();
        session.answer("omega^2 + 3", 1, cgcalc_core::Show::text(false), |answer| {
            summary = answer.result.as_ref().ok().and_then(|s| s.summary.clone());
            true
        });
        let text = render("ω^2+3", summary.as_ref(), Palette::PLAIN);
        assert_eq!(
            text,
            "ω^2+3\n  outcome L (positive: Left wins)\n  birthday ω^2+3 · an ordinal\n"
        );
    }

    #[test]
    fn colour_does_not_change_the_wrapping() {
        let plain = render("x", Some(&game_summary()), Palette::PLAIN);
        let coloured = render("x", Some(&game_summary()), Palette { enabled: true });
        assert_eq!(plain.lines().count(), coloured.lines().count());
    }

    #[test]
    fn a_long_degree_points_to_the_property() {
        let loopy = |degree: &str| Summary {
            outcome: "L".into(),
            outcome_meaning: "Left wins".into(),
            left_stop: "on".into(),
            right_stop: "on".into(),
            birthday: String::new(),
            mean: None,
            temperature: None,
            degree: Some(degree.into()),
            ..game_summary()
        };
        let short = render("on", Some(&loopy("over")), Palette::PLAIN);
        assert!(short.contains("degree over"), "{short}");
        let long = "{".repeat(40) + &"}".repeat(40);
        let text = render("g", Some(&loopy(&long)), Palette::PLAIN);
        assert!(text.contains("degree (long; see .Degree)"), "{text}");
        assert!(!text.contains(&long));
    }

    #[test]
    fn an_overlong_field_gets_its_own_line() {
        let mut s = game_summary();
        s.mean = Some("1".repeat(200));
        let text = render("x", Some(&s), Palette::PLAIN);
        assert!(
            text.lines()
                .any(|l| l == format!("  mean {}", "1".repeat(200)))
        );
    }
}
