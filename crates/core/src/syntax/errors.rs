//! Turns pest's failures into messages for people.
//!
//! pest reports the position of the furthest failure and the rules it tried there. Rule names
//! (`op_add`, `EOI`, ...) mean nothing to a user, so they are grouped into a few plain words
//! ("an expression", "an operator", "`}`"). Some situations get a message of their own because
//! the rule list would miss the point: an unclosed bracket at the end of the text, a closing
//! bracket that closes nothing, a lone `=`, and a bar outside a game.

use pest::error::{ErrorVariant, InputLocation};

use super::grammar::Rule;
use super::parser::{MAX_NESTING, ParseError};
use super::scan;

/// What pest expected, in words, in the order they are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Expected {
    Expression,
    Option,
    Name,
    Number,
    Operator,
    Text(&'static str),
    EndOfStatement,
}

impl Expected {
    fn words(self) -> String {
        match self {
            Expected::Expression => "an expression".into(),
            Expected::Option => "an option".into(),
            Expected::Name => "a name".into(),
            Expected::Number => "a number".into(),
            Expected::Operator => "an operator".into(),
            Expected::Text(t) => format!("`{t}`"),
            Expected::EndOfStatement => "the end of the statement".into(),
        }
    }
}

/// The plain-word meaning of a rule pest tried, if it is worth mentioning.
fn describe(rule: Rule) -> Option<Expected> {
    use Expected::*;
    Some(match rule {
        Rule::statement_input
        | Rule::def_stmt
        | Rule::var_stmt
        | Rule::expr
        | Rule::lambda_head
        | Rule::if_expr
        | Rule::begin_expr
        | Rule::loop_expr
        | Rule::error_expr
        | Rule::map_entry
        | Rule::operand
        | Rule::pow_operand
        | Rule::omega_sym
        | Rule::paren
        | Rule::list
        | Rule::brace
        | Rule::angle
        | Rule::explicit
        | Rule::string
        | Rule::boolean
        | Rule::game_lit
        | Rule::kw_not
        | Rule::prefix_op
        | Rule::arg => Expression,
        Rule::option | Rule::options | Rule::boption | Rule::boptions => Option,
        Rule::name | Rule::params | Rule::param | Rule::arg_name => Name,
        Rule::integer | Rule::star_index | Rule::pow_integer => Number,
        Rule::op | Rule::opt_op | Rule::brace_op | Rule::infix_name | Rule::is_test => Operator,
        Rule::bars => Text("|"),
        Rule::comma => Text(","),
        Rule::quote => Text("'"),
        Rule::lparen => Text("("),
        Rule::rparen => Text(")"),
        Rule::lbracket => Text("["),
        Rule::rbracket => Text("]"),
        Rule::lbrace => Text("{"),
        Rule::rbrace => Text("}"),
        Rule::langle => Text("<"),
        Rule::rangle => Text(">"),
        Rule::assign_op => Text(":="),
        Rule::kw_for | Rule::for_clause | Rule::comp_clauses => Text("for"),
        Rule::kw_in | Rule::in_source => Text("in"),
        Rule::kw_from | Rule::from_source => Text("from"),
        Rule::let_source => Text(":="),
        Rule::kw_to | Rule::to_part => Text("to"),
        Rule::kw_by | Rule::by_part => Text("by"),
        Rule::kw_while | Rule::while_part | Rule::while_clause => Text("while"),
        Rule::kw_where | Rule::where_part => Text("where"),
        Rule::kw_then => Text("then"),
        Rule::kw_elseif | Rule::elseif => Text("elseif"),
        Rule::kw_else | Rule::else_part => Text("else"),
        Rule::kw_end => Text("end"),
        Rule::kw_do | Rule::do_part => Text("do"),
        Rule::kw_yield | Rule::yield_part => Text("yield"),
        Rule::semi => Text(";"),
        Rule::map_empty | Rule::map_tail => Text("=>"),
        Rule::EOI => EndOfStatement,
        _ => return None,
    })
}

/// `a`, `a or b`, `a, b or c`.
fn join(items: &[Expected]) -> String {
    let words: Vec<String> = items.iter().map(|e| e.words()).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Skip white space and `//` comments from `pos`.
fn skip_blank(text: &str, mut pos: usize) -> usize {
    loop {
        let rest = &text[pos..];
        let trimmed = rest.trim_start();
        pos += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            pos = text[pos..].find('\n').map_or(text.len(), |n| pos + n);
        } else if trimmed.starts_with("/*")
            && let Some(n) = trimmed[2..].find("*/")
        {
            pos += n + 4;
        } else {
            return pos;
        }
    }
}

/// Operators of more than one character, so that "found `:=`" does not say "found `:`".
const MULTI_CHAR_TOKENS: [&str; 19] = [
    "===", "!==", "<=>", ":=", "..", "==", "!=", "<=", ">=", "<|", "|>", "<>", "=>", "->", "+-",
    "//", "/*", "||", "*/",
];

/// Why a reserved word that cgcalc rejects (CGSuite parses it, cgcalc never evaluates it) is
/// refused, and what to write instead.
fn rejected_keyword(word: &str) -> String {
    let hint = match word {
        "clear" => "at the prompt, `:clear` forgets every variable and Ctrl-L clears the screen",
        "return" => "a function's value is the value of its last expression",
        "break" | "continue" => {
            "a loop runs to its end; a `while` condition or a `where` filter \
             chooses what runs"
        }
        _ => "an error ends its statement; `error(\"message\")` raises one",
    };
    format!("`{word}` is not supported: {hint}")
}

/// The token at `pos`, for "found ..." (a word, an operator, or one character).
fn token_at(text: &str, pos: usize) -> &str {
    let rest = &text[pos..];
    let word_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if word_len > 0 {
        // Word characters are ASCII, so any length is a character boundary.
        return &rest[..word_len.min(20)];
    }
    if let Some(op) = MULTI_CHAR_TOKENS.iter().find(|op| rest.starts_with(*op)) {
        return &rest[..op.len()];
    }
    rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
}

/// Convert pest's error for the statement `text`, which starts at byte `base` of the source.
pub(crate) fn from_pest(err: &pest::error::Error<Rule>, text: &str, base: usize) -> ParseError {
    let raw_pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = skip_blank(text, raw_pos.min(text.len()));
    let at = |message: String, offset: usize| ParseError {
        message,
        offset: base + offset,
        incomplete: false,
    };
    // The parse ran out of text: more of it could still complete the statement.
    let at_end = |message: String, offset: usize| ParseError {
        incomplete: true,
        ..at(message, offset)
    };

    let positives = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        // pest's own stack guard: only reachable if the scanner's bound were too generous.
        ErrorVariant::CustomError { .. } => {
            return at(
                format!("nesting too deep (more than {MAX_NESTING} levels)"),
                pos,
            );
        }
    };
    let mut expected: Vec<Expected> = positives.iter().filter_map(|r| describe(*r)).collect();
    expected.sort();
    expected.dedup();
    // Directly inside `{...}` or `<...>`, what is expected is an option.
    let innermost = scan::scan(&text[..pos])
        .open
        .last()
        .map(|(bracket, _)| *bracket);
    if matches!(innermost, Some(scan::Bracket::Brace | scan::Bracket::Angle)) {
        for e in &mut expected {
            if *e == Expected::Expression {
                *e = Expected::Option;
            }
        }
    }
    if expected.contains(&Expected::Option) {
        expected.retain(|e| *e != Expected::Expression);
    }
    expected.sort();
    expected.dedup();

    if pos < text.len()
        && let Some(hint) = habit_from_elsewhere(text, pos)
    {
        return at(hint, pos);
    }

    // After `.` (but not `..`) only a property or method name can follow.
    let before = text[..pos].trim_end();
    if before.ends_with('.') && !before.ends_with("..") {
        return at(
            "expected a property or method name after `.`, as in `G.Mean`".into(),
            pos,
        );
    }

    let scan = scan::scan(text);
    if pos >= text.len() {
        if let Some((bracket, offset)) = scan.open.last() {
            if *bracket == scan::Bracket::Block {
                let word = token_at(text, *offset);
                return at_end(
                    format!("`{word}` is never closed: it needs a matching `end`"),
                    *offset,
                );
            }
            return at_end(
                format!(
                    "`{}` is never closed: it needs a matching `{}`",
                    bracket.open_char(),
                    bracket.close_char()
                ),
                *offset,
            );
        }
        if let Some(offset) = scan.open_comment {
            return at_end(scan::UNCLOSED_COMMENT.into(), offset);
        }
        if expected.is_empty() {
            return at_end("unexpected end of input".into(), text.len());
        }
        return at_end(
            format!("expected {} at the end of the input", join(&expected)),
            text.len(),
        );
    }

    let found = token_at(text, pos);
    if scan::REJECTED_KEYWORDS.contains(&found) {
        return at(rejected_keyword(found), pos);
    }
    if let Some((_, c)) = scan.stray_closers.iter().find(|(offset, _)| *offset == pos) {
        let message = match innermost {
            Some(scan::Bracket::Block) => {
                format!("unexpected `{c}`: the block before it must be closed first, with `end`")
            }
            Some(open) => format!(
                "unexpected `{c}`: the `{}` before it must be closed first, with `{}`",
                open.open_char(),
                open.close_char()
            ),
            None => format!("unexpected `{c}`: nothing is open here"),
        };
        return at(message, pos);
    }
    if found == "\"" && !text[..scan::string_end(text, pos)].ends_with('"') {
        return at(
            "unterminated string: add the closing `\"` on the same line".into(),
            pos,
        );
    }
    if found == "=" && is_lone_equals(text, pos) {
        return at(
            "unexpected `=`: use `:=` to assign or `==` to compare".into(),
            pos,
        );
    }
    if found == "|" && !expected.contains(&Expected::Text("|")) {
        return at(
            "unexpected `|`: bars separate options only inside `{...}` or `<...>`, as in `{1|0}`"
                .into(),
            pos,
        );
    }
    if expected.is_empty() {
        return at(format!("unexpected `{found}`"), pos);
    }
    at(
        format!("expected {}, found `{found}`", join(&expected)),
        pos,
    )
}

/// Spellings from other programming languages that fail to parse here (`&&`, `!x`, `x += 1`,
/// `0.5`, `1e3`, `**`): what cgcalc writes instead.
fn habit_from_elsewhere(text: &str, pos: usize) -> Option<String> {
    let rest = &text[pos..];
    let before = text[..pos].trim_end();
    if rest.starts_with("&&") || (rest.starts_with('&') && before.ends_with('&')) {
        return Some("`&&` is not an operator here: write `and`, as in `a and b`".into());
    }
    if rest.starts_with("||") && scan::scan(&text[..pos]).open.is_empty() {
        return Some(
            "`||` separates options only inside `{...}`: for \"or\" write `or`, as in `a or b`"
                .into(),
        );
    }
    if rest.starts_with('!') && !rest.starts_with("!=") {
        return Some("`!` is not an operator here: write `not`, as in `not a`".into());
    }
    if rest.starts_with('=') && is_lone_equals(text, pos) {
        let op = before.chars().next_back()?;
        if matches!(op, '+' | '-' | '*' | '/' | '^' | '%') {
            let target = before[..before.len() - 1].trim_end();
            let name = match trailing(target, |c| c.is_ascii_alphanumeric() || c == '_') {
                "" => "x",
                name => name,
            };
            return Some(format!(
                "`{op}=` is not an operator here: write `{name} := {name} {op} …`"
            ));
        }
        return None;
    }
    if before.ends_with("**") && !before.ends_with("***") {
        return Some("`**` is not a power here: write `a ^ b` (with spaces) or `pow(a, b)`".into());
    }
    // `0.5`: a decimal point between digits.
    if let Some(whole) = before.strip_suffix('.')
        && pos == before.len()
        && whole.ends_with(|c: char| c.is_ascii_digit())
        && rest.starts_with(|c: char| c.is_ascii_digit())
    {
        let whole = trailing(whole, |c| c.is_ascii_digit());
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        return Some(format!(
            "`{whole}.{digits}`: numbers have no decimal point; write the fraction, `{}`",
            decimal_as_fraction(whole, &digits)
        ));
    }
    // `1e3`: an exponent written against a number.
    if before.len() == pos
        && before.ends_with(|c: char| c.is_ascii_digit())
        && let Some(exponent) = rest.strip_prefix(['e', 'E'])
    {
        let e = &rest[..1];
        let digits: String = exponent.chars().take_while(char::is_ascii_digit).collect();
        let mantissa = trailing(before, |c| c.is_ascii_digit());
        let power: usize = digits.parse().ok().filter(|_| digits.len() <= 3)?;
        let written = if power <= 30 {
            format!("`{mantissa}{}` or ", "0".repeat(power))
        } else {
            String::new()
        };
        let power_of_ten = match mantissa {
            "1" => format!("10 ^ {power}"),
            _ => format!("{mantissa} * 10 ^ {power}"),
        };
        return Some(format!(
            "`{mantissa}{e}{digits}` is not a number here: write {written}`{power_of_ten}`"
        ));
    }
    None
}

/// The longest end of `text` whose characters all satisfy `keep`.
fn trailing(text: &str, keep: impl Fn(char) -> bool) -> &str {
    let start = text
        .char_indices()
        .rev()
        .find(|&(_, c)| !keep(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &text[start..]
}

/// `whole.digits` as a fraction in lowest terms (`0.5` → `1/2`, `2.25` → `9/4`).
fn decimal_as_fraction(whole: &str, digits: &str) -> String {
    let decimal = format!("{whole}.{digits}");
    let (Ok(numerator), Ok(exponent)) = (
        format!("{whole}{digits}").parse::<u128>(),
        u32::try_from(digits.len()),
    ) else {
        return decimal;
    };
    let Some(denominator) = 10u128.checked_pow(exponent) else {
        return decimal;
    };
    let gcd = {
        let (mut a, mut b) = (numerator, denominator);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a.max(1)
    };
    match (numerator / gcd, denominator / gcd) {
        (n, 1) => n.to_string(),
        (n, d) => format!("{n}/{d}"),
    }
}

/// A `=` that is not part of `==`, `:=`, `<=`, `>=`, `!=` or `=>`.
fn is_lone_equals(text: &str, pos: usize) -> bool {
    let before = text[..pos].chars().next_back();
    let after = text[pos + 1..].chars().next();
    !matches!(before, Some(':' | '<' | '>' | '!' | '=')) && !matches!(after, Some('=' | '>'))
}
