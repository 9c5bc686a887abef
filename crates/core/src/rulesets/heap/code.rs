//! Take-and-break codes in CGSuite's syntax (`0.77`, `4!.0`, `0.3003330[3]`, `{2+}=.0`,
//! `&33;.1`): the parser, CGSuite's normalisation of modifiers, and the digit d_j that governs
//! a move removing j tokens (rulesets.md §2).
//!
//! Digit numbering: d₀ is the digit just before the point, d₁, d₂, … follow it, and d₋₁, d₋₂, …
//! (further left) add tokens. Bit k of a digit allows a move to leave exactly k non-empty heaps.

use std::fmt;

/// Highest heap count a digit can list explicitly (`{..}` counts, bits of `&n;`).
pub const MAX_LISTED_COUNT: u32 = 63;

/// The condition a move puts on the sizes of the heaps it leaves (rulesets.md §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Modifier {
    #[default]
    None,
    /// `!`: pairwise different sizes.
    Distinct,
    /// `=`: all sizes equal.
    Equal,
    /// `?`: not all equal (on one heap, CGSuite's quirk: at least 2 tokens).
    NotAllEqual,
}

impl Modifier {
    fn from_char(c: char) -> Option<Modifier> {
        match c {
            '!' => Some(Modifier::Distinct),
            '=' => Some(Modifier::Equal),
            '?' => Some(Modifier::NotAllEqual),
            _ => None,
        }
    }
}

/// One digit: which heap counts a move may leave, each with its modifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// Bit k: leaving exactly k heaps is allowed (k ≤ 63).
    counts: u64,
    /// Every count ≥ this is allowed too (`{2+}`, `*`), with `tail_modifier`.
    tail_from: Option<u32>,
    /// Per-count modifiers for counts 0..=63, as three bit masks.
    distinct: u64,
    equal: u64,
    not_all_equal: u64,
    tail_modifier: Modifier,
}

impl Digit {
    /// The digit of a plain value (bit k = k heaps).
    pub fn from_value(value: u64) -> Digit {
        Digit {
            counts: value,
            ..Digit::default()
        }
    }

    pub fn is_zero(&self) -> bool {
        self.counts == 0 && self.tail_from.is_none()
    }

    /// True when a move may leave exactly `k` heaps.
    pub fn allows(&self, k: u32) -> bool {
        (k <= MAX_LISTED_COUNT && self.counts >> k & 1 == 1)
            || self.tail_from.is_some_and(|t| k >= t)
    }

    /// The condition on the heap sizes when the move leaves `k` heaps.
    pub fn modifier(&self, k: u32) -> Modifier {
        if k > MAX_LISTED_COUNT || self.tail_from.is_some_and(|t| k >= t) {
            return self.tail_modifier;
        }
        let bit = 1u64 << k;
        if self.distinct & bit != 0 {
            Modifier::Distinct
        } else if self.equal & bit != 0 {
            Modifier::Equal
        } else if self.not_all_equal & bit != 0 {
            Modifier::NotAllEqual
        } else {
            Modifier::None
        }
    }

    /// The largest count allowed, or `None` when counts are unbounded.
    pub fn max_count(&self) -> Option<u32> {
        if self.tail_from.is_some() {
            return None;
        }
        Some(if self.counts == 0 {
            0
        } else {
            63 - self.counts.leading_zeros()
        })
    }

    /// The smallest allowed count ≥ 2 with an unbounded tail, if any.
    pub fn tail_from(&self) -> Option<u32> {
        self.tail_from
    }

    /// The allowed counts up to `limit` (inclusive), ascending.
    pub fn counts_up_to(&self, limit: u32) -> impl Iterator<Item = u32> + '_ {
        (0..=limit).filter(|&k| self.allows(k))
    }

    fn set_modifier(&mut self, k: u32, m: Modifier) {
        let bit = 1u64 << k;
        self.distinct &= !bit;
        self.equal &= !bit;
        self.not_all_equal &= !bit;
        match m {
            Modifier::None => {}
            Modifier::Distinct => self.distinct |= bit,
            Modifier::Equal => self.equal |= bit,
            Modifier::NotAllEqual => self.not_all_equal |= bit,
        }
    }

    /// CGSuite's normalisation (rulesets.md §2.3): counts 0 and 1 take the modifier shared by
    /// all allowed counts ≥ 2, or none when those differ (or there are none).
    fn normalise(&mut self) {
        let mut shared: Option<Modifier> = None;
        let mut uniform = true;
        let mut consider = |m: Modifier| match shared {
            None => shared = Some(m),
            Some(s) if s != m => uniform = false,
            Some(_) => {}
        };
        for k in 2..=MAX_LISTED_COUNT {
            if self.counts >> k & 1 == 1 && self.tail_from.is_none_or(|t| k < t) {
                consider(self.modifier(k));
            }
        }
        if self.tail_from.is_some() {
            consider(self.tail_modifier);
        }
        let low = match shared {
            Some(m) if uniform => m,
            _ => Modifier::None,
        };
        self.set_modifier(0, low);
        self.set_modifier(1, low);
        // Keep the listed bits below the tail consistent with it (`{2+}` lists 2 itself).
        if let Some(t) = self.tail_from {
            for k in t.max(2)..=MAX_LISTED_COUNT {
                self.set_modifier(k, self.tail_modifier);
            }
        } else {
            // Modifiers of counts that are not allowed mean nothing: drop them so equal rules
            // compare equal.
            self.tail_modifier = Modifier::None;
            self.distinct &= self.counts;
            self.equal &= self.counts;
            self.not_all_equal &= self.counts;
        }
    }
}

/// A parsed take-and-break code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TbCode {
    /// The code as written (`.code` returns it unchanged).
    text: String,
    /// d₀, d₋₁, d₋₂, … (index i is d₋ᵢ).
    before: Vec<Digit>,
    /// d₁, d₂, … as written (including a bracketed block, once).
    after: Vec<Digit>,
    /// Index in `after` where the repeating block starts (`None`: no repetition).
    repeat_start: Option<usize>,
}

/// A malformed code: what is wrong and at which character (0-based, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError {
    pub message: String,
    pub position: usize,
    pub code: String,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at character {} of the code {:?}",
            self.message,
            self.position + 1,
            self.code
        )
    }
}

/// Which digits a constructor accepts: `octal(..)` allows at most two heaps per move,
/// `hexadecimal(..)` three, `take_and_break(..)` anything CGSuite accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeKind {
    Octal,
    Hexadecimal,
    TakeAndBreak,
}

impl CodeKind {
    fn max_count(self) -> Option<u32> {
        match self {
            CodeKind::Octal => Some(2),
            CodeKind::Hexadecimal => Some(3),
            CodeKind::TakeAndBreak => None,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            CodeKind::Octal => "an octal code (digits 0-7)",
            CodeKind::Hexadecimal => "a hexadecimal code (digits 0-9, A-F)",
            CodeKind::TakeAndBreak => "a take-and-break code",
        }
    }
}

impl TbCode {
    /// Parse a code. A code with nothing before the point (`.77`) reads as `0.77`.
    pub fn parse(text: &str, kind: CodeKind) -> Result<TbCode, CodeError> {
        Parser::new(text, kind, &|| false).code()
    }

    /// [`TbCode::parse`], giving up with an error as soon as `interrupted()` is true (asked
    /// every few thousand digits: `bash(1000000)`'s code takes a tenth of a second). The
    /// caller tells an interruption from a bad code by asking again.
    pub fn parse_interruptible(
        text: &str,
        kind: CodeKind,
        interrupted: &dyn Fn() -> bool,
    ) -> Result<TbCode, CodeError> {
        Parser::new(text, kind, interrupted).code()
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// d_j; `None` when the digit is zero (no move removes j tokens).
    pub fn digit(&self, j: i64) -> Option<&Digit> {
        let d = if j <= 0 {
            self.before.get(j.unsigned_abs() as usize)
        } else {
            let i = (j - 1) as usize;
            match (self.after.get(i), self.repeat_start) {
                (Some(d), _) => Some(d),
                (None, Some(p)) => {
                    let len = self.after.len() - p;
                    self.after.get(p + (i - p) % len)
                }
                (None, None) => None,
            }
        };
        d.filter(|d| !d.is_zero())
    }

    /// True when the bracketed block repeats forever (a non-empty, non-zero block).
    pub fn repeats(&self) -> bool {
        self.repeat_start
            .is_some_and(|p| self.after[p..].iter().any(|d| !d.is_zero()))
    }

    /// With a repeating block: the last index before which d_j can leave heaps, when the
    /// block's digits only ever take a whole heap (`0.3[1]`); `None` otherwise.
    pub fn whole_heap_block_from(&self) -> Option<i64> {
        let p = self.repeat_start.filter(|_| self.repeats())?;
        let block = &self.after[p..];
        let only_whole = block
            .iter()
            .all(|d| d.is_zero() || (d.counts == 1 && d.tail_from.is_none()));
        only_whole.then_some(p as i64)
    }

    /// The largest number of tokens a move removes, if bounded (no repetition).
    pub fn max_removal(&self) -> Option<i64> {
        if self.repeats() {
            return None;
        }
        Some(
            self.after
                .iter()
                .rposition(|d| !d.is_zero())
                .map_or(0, |i| i as i64 + 1),
        )
    }

    /// The most tokens a move adds (digits left of d₀), 0 if none.
    pub fn max_addition(&self) -> i64 {
        self.before
            .iter()
            .rposition(|d| !d.is_zero())
            .map_or(0, |i| i as i64)
    }

    /// The largest heap count any digit allows, `None` when unbounded (`+`, `*`).
    pub fn max_count(&self) -> Option<u32> {
        let mut m = 0;
        for d in self.before.iter().chain(&self.after) {
            m = m.max(d.max_count()?);
        }
        Some(m)
    }

    /// All digits that can ever be used, with their indices j (the repeating block once).
    pub fn written_digits(&self) -> impl Iterator<Item = (i64, &Digit)> {
        let before = self
            .before
            .iter()
            .enumerate()
            .map(|(i, d)| (-(i as i64), d));
        let after = self
            .after
            .iter()
            .enumerate()
            .map(|(i, d)| (i as i64 + 1, d));
        before.chain(after).filter(|(_, d)| !d.is_zero())
    }

    /// CGSuite's D (rulesets.md §7.3): the number of digits from d₀ to the last non-zero one,
    /// or to the end of the first copy of a repeating block.
    pub fn digit_span(&self) -> i64 {
        if self.repeats() {
            return self.after.len() as i64 + 1;
        }
        match self.after.iter().rposition(|d| !d.is_zero()) {
            Some(i) => i as i64 + 2,
            None => i64::from(!self.before[0].is_zero()),
        }
    }

    /// A key identifying the rules (not the spelling): equal keys play the same game.
    pub fn rules_key(&self) -> String {
        let trim = |digits: &[Digit]| -> usize {
            digits
                .iter()
                .rposition(|d| !d.is_zero())
                .map_or(0, |i| i + 1)
        };
        let before = &self.before[..trim(&self.before).max(1)];
        if let Some(start) = self.repeat_start.filter(|_| self.repeats()) {
            format!(
                "{}.{}[{start}]",
                digits_key(before),
                digits_key(&self.after)
            )
        } else {
            format!(
                "{}.{}",
                digits_key(before),
                digits_key(&self.after[..trim(&self.after)])
            )
        }
    }

    /// An error message if the rules make a loopy game (a move from heap n can leave a heap of
    /// n or more tokens), which CGSuite cannot evaluate either (rulesets.md §2.4).
    pub fn loopiness(&self) -> Option<String> {
        for (i, d) in self.before.iter().enumerate() {
            if d.is_zero() {
                continue;
            }
            let added = i as u64;
            let limit = d.max_count().unwrap_or(MAX_LISTED_COUNT).max(2) + added as u32 + 2;
            for k in d.counts_up_to(limit) {
                if count_can_loop(added, k, d.modifier(k)) {
                    let heaps = match k {
                        0 => "no heap".to_string(),
                        1 => "one heap".to_string(),
                        k => format!("{k} heaps"),
                    };
                    let what = if i == 0 {
                        format!(
                            "the digit before the point lets a move remove nothing and leave {heaps}"
                        )
                    } else {
                        format!(
                            "a move may add {added} token{} and leave {heaps}",
                            if added == 1 { "" } else { "s" }
                        )
                    };
                    let why = if k == 0 {
                        "so the empty heap has a move to itself"
                    } else {
                        "so a heap can be replaced by one at least as large"
                    };
                    return Some(format!(
                        "the code {:?} makes a loopy game: {what}, {why} (only games that end are supported)",
                        self.text
                    ));
                }
            }
        }
        None
    }
}

/// Whether leaving k heaps after adding `added` tokens can leave a heap of size ≥ n from heap n.
fn count_can_loop(added: u64, k: u32, m: Modifier) -> bool {
    let k = u64::from(k);
    match k {
        0 => added == 0,
        1 => true,
        _ => match m {
            Modifier::None | Modifier::NotAllEqual => added >= k - 1,
            Modifier::Distinct => added >= k * (k - 1) / 2,
            // Parts (n + added)/k ≥ n needs (k − 1)·n ≤ added with n ≥ 1.
            Modifier::Equal => {
                (1..=added).any(|n| (n + added).is_multiple_of(k) && (k - 1) * n <= added)
            }
        },
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    kind: CodeKind,
    interrupted: &'a dyn Fn() -> bool,
}

/// Digits parsed between two questions to `Parser::interrupted`.
const DIGITS_BETWEEN_POLLS: usize = 4096;

impl<'a> Parser<'a> {
    fn new(text: &'a str, kind: CodeKind, interrupted: &'a dyn Fn() -> bool) -> Self {
        Parser {
            text,
            chars: text.chars().collect(),
            pos: 0,
            kind,
            interrupted,
        }
    }

    /// The next digit, after asking whether to stop once every [`DIGITS_BETWEEN_POLLS`].
    fn polled_digit(&mut self, parsed: usize) -> Result<Digit, CodeError> {
        if parsed % DIGITS_BETWEEN_POLLS == DIGITS_BETWEEN_POLLS - 1 && (self.interrupted)() {
            return Err(self.error("interrupted", self.pos));
        }
        self.digit()
    }

    fn error(&self, message: impl Into<String>, position: usize) -> CodeError {
        CodeError {
            message: message.into(),
            position,
            code: self.text.to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn code(mut self) -> Result<TbCode, CodeError> {
        if self.chars.is_empty() {
            return Err(self.error(format!("empty code: expected {}", self.kind.describe()), 0));
        }
        let mut before = Vec::new();
        while self.peek().is_some_and(|c| c != '.') {
            before.push(self.polled_digit(before.len())?);
        }
        if self.peek() != Some('.') {
            return Err(self.error("missing '.' (a code looks like 0.77 or 4!.0)", self.pos));
        }
        self.pos += 1;
        if before.is_empty() {
            before.push(Digit::default());
        }
        before.reverse();
        // At most a digit a character: sized once (up to the longest subtraction code), not
        // doubled through a million digits.
        let mut after = Vec::with_capacity((self.chars.len() - self.pos).min(1 << 20));
        let mut repeat_start = None;
        while let Some(c) = self.peek() {
            if c == '[' {
                let open = self.pos;
                self.pos += 1;
                repeat_start = Some(after.len());
                while self.peek().is_some_and(|c| c != ']') {
                    after.push(self.polled_digit(after.len())?);
                }
                if self.peek() != Some(']') {
                    return Err(self.error("'[' is never closed", open));
                }
                self.pos += 1;
                if self.pos < self.chars.len() {
                    return Err(self.error("the repeating block [..] must end the code", self.pos));
                }
                if after.len() == repeat_start.unwrap_or(0) {
                    repeat_start = None;
                }
                break;
            }
            if c == '.' {
                return Err(self.error("a code has exactly one '.'", self.pos));
            }
            after.push(self.polled_digit(after.len())?);
        }
        Ok(TbCode {
            text: self.text.to_string(),
            before,
            after,
            repeat_start,
        })
    }

    fn digit(&mut self) -> Result<Digit, CodeError> {
        let start = self.pos;
        let c = self.peek().unwrap_or(' ');
        let mut digit = match c {
            '0'..='9' | 'a'..='z' | 'A'..='Z' => {
                self.pos += 1;
                let value = self.plain_value(c, start)?;
                Digit::from_value(value)
            }
            '&' => {
                self.pos += 1;
                let n = self.decimal()?;
                if self.peek() != Some(';') {
                    return Err(self.error("expected ';' to close '&n;'", self.pos));
                }
                self.pos += 1;
                Digit::from_value(n)
            }
            '*' => {
                self.pos += 1;
                Digit {
                    tail_from: Some(0),
                    ..Digit::default()
                }
            }
            '{' => self.braces()?,
            ']' => return Err(self.error("']' without '['", start)),
            c if c.is_whitespace() => {
                return Err(self.error("spaces are not allowed in a code", start));
            }
            c => {
                return Err(self.error(
                    format!("unexpected character '{c}' in {}", self.kind.describe()),
                    start,
                ));
            }
        };
        if let Some(m) = self.peek().and_then(Modifier::from_char) {
            let at = self.pos;
            self.pos += 1;
            if digit.distinct | digit.equal | digit.not_all_equal != 0
                || digit.tail_modifier != Modifier::None
            {
                return Err(self.error(
                    "a modifier after '}' cannot be combined with modifiers inside the braces",
                    at,
                ));
            }
            for k in 0..=MAX_LISTED_COUNT {
                digit.set_modifier(k, m);
            }
            digit.tail_modifier = m;
        }
        digit.normalise();
        self.check_range(&digit, start)?;
        Ok(digit)
    }

    /// A digit character's value, within the range of the code kind.
    fn plain_value(&self, c: char, at: usize) -> Result<u64, CodeError> {
        let v = c.to_digit(36).map(u64::from).unwrap_or(99);
        let limit = match self.kind {
            CodeKind::Octal => 7,
            CodeKind::Hexadecimal => 15,
            CodeKind::TakeAndBreak => 31,
        };
        if v > limit {
            let hint = match self.kind {
                CodeKind::Octal => {
                    "octal digits are 0-7; use take_and_break(..) for larger digits".to_string()
                }
                CodeKind::Hexadecimal => "hexadecimal digits are 0-9 and A-F".to_string(),
                CodeKind::TakeAndBreak => {
                    "digits run 0-9 then A-V (31); write larger values as &n;".to_string()
                }
            };
            return Err(self.error(format!("'{c}' is not a digit here ({hint})"), at));
        }
        Ok(v)
    }

    fn check_range(&self, digit: &Digit, start: usize) -> Result<(), CodeError> {
        let Some(limit) = self.kind.max_count() else {
            return Ok(());
        };
        match digit.max_count() {
            Some(m) if m <= limit => Ok(()),
            _ => Err(self.error(
                format!(
                    "this digit allows more than {limit} heaps, which {} cannot express",
                    self.kind.describe()
                ),
                start,
            )),
        }
    }

    fn decimal(&mut self) -> Result<u64, CodeError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error("expected a decimal number", start));
        }
        let s: String = self.chars[start..self.pos].iter().collect();
        s.parse::<u64>()
            .map_err(|_| self.error("number too large", start))
    }

    /// `{c1,c2!,…[+]}`: a generalised digit.
    fn braces(&mut self) -> Result<Digit, CodeError> {
        let open = self.pos;
        self.pos += 1;
        let mut digit = Digit::default();
        let mut largest: Option<u32> = None;
        loop {
            let at = self.pos;
            let n = self.decimal()?;
            if n > u64::from(MAX_LISTED_COUNT) {
                return Err(self.error(
                    format!("a heap count in braces must be at most {MAX_LISTED_COUNT}"),
                    at,
                ));
            }
            let k = n as u32;
            digit.counts |= 1 << k;
            if let Some(m) = self.peek().and_then(Modifier::from_char) {
                self.pos += 1;
                digit.set_modifier(k, m);
            }
            largest = Some(largest.map_or(k, |l| l.max(k)));
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('+') => {
                    self.pos += 1;
                    let from = largest.unwrap_or(k);
                    digit.tail_from = Some(from);
                    digit.tail_modifier = digit.modifier(from);
                    if self.peek() != Some('}') {
                        return Err(self.error("'+' must come last inside the braces", self.pos));
                    }
                }
                Some('}') => {}
                Some(c) => {
                    return Err(self.error(
                        format!(
                            "unexpected '{c}' inside braces (expected a count, ',', '+' or '}}')"
                        ),
                        self.pos,
                    ));
                }
                None => return Err(self.error("'{' is never closed", open)),
            }
            if self.peek() == Some('}') {
                self.pos += 1;
                return Ok(digit);
            }
        }
    }
}

/// Digits as runs of equal ones, each written compactly: `bash(1000000)` is a million equal
/// digits, whose `Debug` forms made a key of a hundred megabytes.
fn digits_key(digits: &[Digit]) -> String {
    let mut key = String::new();
    let mut i = 0;
    while i < digits.len() {
        let d = &digits[i];
        let run = digits[i..].iter().take_while(|e| *e == d).count();
        key.push_str(&format!(
            "{:x},{:?},{:x},{:x},{:x},{:?}x{run};",
            d.counts, d.tail_from, d.distinct, d.equal, d.not_all_equal, d.tail_modifier
        ));
        i += run;
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tb(s: &str) -> TbCode {
        TbCode::parse(s, CodeKind::TakeAndBreak).unwrap()
    }

    #[test]
    fn a_long_code_stops_parsing_when_interrupted() {
        let text = format!("0.{}", "3".repeat(100_000));
        let asked = std::cell::Cell::new(0);
        let stop_at_third = || {
            asked.set(asked.get() + 1);
            asked.get() == 3
        };
        let error =
            TbCode::parse_interruptible(&text, CodeKind::TakeAndBreak, &stop_at_third).unwrap_err();
        assert_eq!(error.message, "interrupted");
        assert_eq!(asked.get(), 3);
        // Never interrupted, it is the plain parse.
        let code = TbCode::parse_interruptible(&text, CodeKind::TakeAndBreak, &|| false).unwrap();
        assert_eq!(code, tb(&text));
    }

    #[test]
    fn digits_are_numbered_from_the_point() {
        let c = tb("20.017");
        assert_eq!(c.digit(-1), Some(&Digit::from_value(2)));
        assert_eq!(c.digit(0), None);
        assert_eq!(c.digit(1), None);
        assert_eq!(c.digit(2), Some(&Digit::from_value(1)));
        assert_eq!(c.digit(3), Some(&Digit::from_value(7)));
        assert_eq!(c.digit(4), None);
        assert_eq!(c.max_removal(), Some(3));
        assert_eq!(c.max_addition(), 1);
    }

    #[test]
    fn repetition_repeats_the_block() {
        let nim = tb("0.[3]");
        assert!(nim.repeats());
        assert_eq!(nim.digit(1000), Some(&Digit::from_value(3)));
        let c = tb("0.3[1]");
        assert_eq!(c.digit(1), Some(&Digit::from_value(3)));
        assert_eq!(c.digit(7), Some(&Digit::from_value(1)));
        let c = tb("0.7[03]");
        assert_eq!(c.digit(2), None);
        assert_eq!(c.digit(3), Some(&Digit::from_value(3)));
        assert_eq!(c.digit(4), None);
        assert_eq!(c.digit(5), Some(&Digit::from_value(3)));
        assert!(!tb("0.00[00]").repeats());
        assert!(!tb("0.7[]").repeats());
    }

    #[test]
    fn leading_point_reads_as_zero() {
        assert_eq!(tb(".77").rules_key(), tb("0.77").rules_key());
        assert_eq!(tb("04.30").rules_key(), tb("4.3").rules_key());
        assert_eq!(tb("0.00[00]").rules_key(), tb("0.0").rules_key());
    }

    #[test]
    fn letters_and_ampersand_values() {
        let c = tb("0.V&33;");
        assert_eq!(c.digit(1), Some(&Digit::from_value(31)));
        assert_eq!(c.digit(2), Some(&Digit::from_value(33)));
        assert_eq!(tb("0.f").digit(1), Some(&Digit::from_value(15)));
    }

    #[test]
    fn modifiers_normalise_like_cgsuite() {
        // `3?` has no count ≥ 2: its `?` is dropped.
        assert_eq!(tb("0.3?").rules_key(), tb("0.3").rules_key());
        // `{1!,2}` equals 6.
        assert_eq!(tb("0.{1!,2}").rules_key(), tb("0.6").rules_key());
        // `6?`: one heap needs ≥ 2 tokens.
        let d = tb("0.6?").digit(1).cloned().unwrap();
        assert_eq!(d.modifier(1), Modifier::NotAllEqual);
        assert_eq!(d.modifier(2), Modifier::NotAllEqual);
        let d = tb("4!.0").digit(0).cloned().unwrap();
        assert!(d.allows(2) && !d.allows(1));
        assert_eq!(d.modifier(2), Modifier::Distinct);
        let d = tb("{2+}=.0").digit(0).cloned().unwrap();
        assert!(d.allows(2) && d.allows(100) && !d.allows(1));
        assert_eq!(d.modifier(2), Modifier::Equal);
        assert_eq!(d.modifier(70), Modifier::Equal);
        assert_eq!(d.max_count(), None);
        let d = tb("0.{0,2!,3}").digit(1).cloned().unwrap();
        assert_eq!(d.modifier(2), Modifier::Distinct);
        assert_eq!(d.modifier(3), Modifier::None);
        assert_eq!(d.modifier(0), Modifier::None);
    }

    #[test]
    fn constants_of_periodicity() {
        assert_eq!(tb("0.77").digit_span(), 3);
        assert_eq!(tb("0.0330003").digit_span(), 8);
        assert_eq!(tb("0.3003330[3]").digit_span(), 9);
        assert_eq!(tb("4!.0").digit_span(), 1);
        assert_eq!(tb("0.77").max_count(), Some(2));
        assert_eq!(tb("0.8F").max_count(), Some(3));
        assert_eq!(tb("0.{2+}").max_count(), None);
    }

    #[test]
    fn malformed_codes_say_where() {
        let err = |s: &str, k| TbCode::parse(s, k).unwrap_err();
        let e = err("0.78", CodeKind::Octal);
        assert_eq!(e.position, 3);
        assert!(e.to_string().contains("character 4"), "{e}");
        assert_eq!(err("0.8G", CodeKind::Hexadecimal).position, 3);
        assert_eq!(err("0.W", CodeKind::TakeAndBreak).position, 2);
        assert_eq!(err("077", CodeKind::TakeAndBreak).position, 3);
        assert_eq!(err("0.7.7", CodeKind::TakeAndBreak).position, 3);
        assert_eq!(err("0.[3]7", CodeKind::TakeAndBreak).position, 5);
        assert_eq!(err("0.[3", CodeKind::TakeAndBreak).position, 2);
        assert_eq!(err("0.{2!}!", CodeKind::TakeAndBreak).position, 6);
        assert_eq!(err("0.{2+,3}", CodeKind::TakeAndBreak).position, 5);
        assert_eq!(err("0.{64}", CodeKind::TakeAndBreak).position, 3);
        assert_eq!(err("0.&12", CodeKind::TakeAndBreak).position, 5);
        assert_eq!(err("0. 7", CodeKind::TakeAndBreak).position, 2);
        assert_eq!(err("", CodeKind::TakeAndBreak).position, 0);
        assert_eq!(err("0.{3}", CodeKind::Octal).position, 2);
        assert_eq!(err("0.&8;", CodeKind::Octal).position, 2);
        assert!(TbCode::parse("0.{2}", CodeKind::Octal).is_ok());
        assert!(TbCode::parse("0.8F", CodeKind::Hexadecimal).is_ok());
    }

    #[test]
    fn loopy_codes_are_detected() {
        assert!(tb("0.77").loopiness().is_none());
        assert!(tb("4!.0").loopiness().is_none());
        assert!(tb("{2+}=.0").loopiness().is_none());
        assert!(tb("1.0").loopiness().is_some());
        assert!(tb("2.0").loopiness().is_some());
        assert!(
            tb("2.7").loopiness().is_some(),
            "d0 = 2 maps a heap to itself"
        );
        assert!(
            tb("20.7").loopiness().is_some(),
            "adds a token, leaving one heap"
        );
        assert!(
            tb("40.7").loopiness().is_some(),
            "adds one, splits in two: (1, n)"
        );
        assert!(
            tb("80.7").loopiness().is_none(),
            "adds one, splits in three"
        );
        assert!(
            tb("800.7").loopiness().is_some(),
            "adds two, splits in three"
        );
    }
}
