//! Where a statement ends: groups input lines into chunks the evaluator can parse. Scripts,
//! `-e`, `--json` and the REPL all read lines through one [`Chunker`], so they number lines
//! and join continuation lines by the same rule:
//!
//! * A line continues the statement only while the text so far is an incomplete prefix: an
//!   open bracket, an `if … end`, `begin … end` or loop block, an open `/* */` comment, or a
//!   trailing operator (`1 +`, `x :=`), and the parse has not already failed before the end
//!   (`E=<*` is wrong whatever follows, so it ends at once; blocks wait for their `end`). A
//!   keyword that cgcalc rejects (`clear`, `return`, …) ends its statement at once, so its
//!   error comes before the next line is read.
//! * When a statement read over several lines fails to parse on a later line, and that line
//!   stands on its own as the start of a statement (`b := 2` after `a := {1|0`), the
//!   statement is taken to end before it: it is reported alone (its bracket "is never
//!   closed"), and the later lines are read again as new statements. Inside a block
//!   (`begin … end`, `if … end`, a loop) lines are statements of the block, so a failure
//!   there takes the whole block, and its error says which lines did not run.
//!
//! The chunker only splits; the evaluator parses each chunk again and reports its errors.

use super::parser::parse_statements;
use super::scan::{self, Bracket, GrowingScan};

/// Complete source text ready for `Session::eval_source`, and the 1-based number of its first
/// line in the whole input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub text: String,
    pub first_line: usize,
}

/// Accumulates lines until they form a complete chunk.
#[derive(Debug)]
pub struct Chunker {
    buffer: String,
    /// Byte offset in `buffer` where each pending line starts.
    line_starts: Vec<usize>,
    /// Line number of the buffer's first line (meaningful while the buffer is not empty).
    first_line: usize,
    /// Number the next pushed line will get.
    next_line: usize,
    /// Whether `buffer` is complete, kept up to date a line at a time: a statement of many
    /// lines is scanned once, not once per line.
    growing: GrowingScan,
}

impl Chunker {
    /// A chunker whose first line is numbered `first_line`.
    pub fn new(first_line: usize) -> Self {
        Chunker {
            buffer: String::new(),
            line_starts: Vec::new(),
            first_line,
            next_line: first_line,
            growing: GrowingScan::new(),
        }
    }

    /// Add one line (without its newline). Returns the chunks it completes, in order: none
    /// while a statement is still open, usually one, and more when a statement that failed
    /// is cut short and the lines after it are read again. Lines that hold only white space
    /// complete nothing.
    pub fn push_line(&mut self, line: &str) -> Vec<Chunk> {
        let mut done = Vec::new();
        self.feed(line, &mut done);
        done
    }

    /// True while an open bracket waits for more lines (the REPL then shows its secondary
    /// prompt).
    pub fn is_pending(&self) -> bool {
        !self.buffer.is_empty()
    }

    /// End of input: hand over whatever is pending, even if incomplete, so that the parser
    /// reports the unclosed bracket; lines after a statement cut short are read again.
    pub fn finish(&mut self) -> Vec<Chunk> {
        let mut done = Vec::new();
        while self.is_pending() {
            if !self.recover(&mut done) {
                done.extend(self.take());
            }
        }
        done
    }

    /// Drop the pending lines (Ctrl-C at a continuation prompt). Line numbers keep counting.
    pub fn discard(&mut self) {
        self.buffer.clear();
        self.line_starts.clear();
    }

    fn feed(&mut self, line: &str, done: &mut Vec<Chunk>) {
        if self.buffer.is_empty() {
            self.first_line = self.next_line;
            self.line_starts.clear();
            self.growing = GrowingScan::new();
        } else {
            self.buffer.push('\n');
        }
        self.line_starts.push(self.buffer.len());
        self.buffer.push_str(line);
        self.next_line += 1;
        if self.growing.needs_more_input(&self.buffer) && !self.doomed() {
            return;
        }
        if !self.recover(done) {
            done.extend(self.take());
        }
    }

    /// True when the pending statement, though open, already fails where no further line can
    /// repair it (`E=<*`, whose `=` is wrong whatever follows): it then ends here. Inside a
    /// block the lines belong to the block, so it waits for `end`. A statement of many lines
    /// is checked at every line up to [`CHECK_EVERY_LINE_UP_TO`], then when its count of
    /// lines doubles, so that the checks cost about as much as two parses of the whole.
    fn doomed(&self) -> bool {
        let lines = self.line_starts.len();
        let due = lines <= CHECK_EVERY_LINE_UP_TO || lines.is_power_of_two();
        due && !self.growing.in_block()
            && parse_statements(&self.buffer).is_err_and(|e| !e.incomplete)
    }

    /// If the pending statement spans several lines and must be cut short (see the module
    /// documentation), hand over its first part and read the rest again; returns whether it
    /// did.
    fn recover(&mut self, done: &mut Vec<Chunk>) -> bool {
        let Some(cut) = cut_point(&self.buffer, &self.line_starts) else {
            return false;
        };
        let rest = self.buffer.split_off(self.line_starts[cut]);
        self.buffer.pop(); // the newline before the cut
        let resume_at = self.first_line + cut;
        done.extend(self.take());
        self.next_line = resume_at;
        for line in rest.split('\n') {
            self.feed(line, done);
        }
        true
    }

    fn take(&mut self) -> Option<Chunk> {
        let text = std::mem::take(&mut self.buffer);
        self.line_starts.clear();
        if text.trim().is_empty() {
            return None;
        }
        Some(Chunk {
            text,
            first_line: self.first_line,
        })
    }
}

/// A pending statement is checked for a fault at each of its first lines, then less often.
const CHECK_EVERY_LINE_UP_TO: usize = 16;

/// How many lines before the failing one [`cut_point`] looks at.
const MAX_LINES_GIVEN_BACK: usize = 1000;

/// The index of the line before which a statement spread over `line_starts` should be cut:
/// the line where its parse fails (the second line, if it fails on the first), when the
/// lines before it were continued only because of an open bracket or a trailing operator
/// (not a block) and the lines from it on stand as statements of their own: the line alone
/// (or the start of one that later lines complete), or all of them.
///
/// The lines just before that one that stand alone too are given back as well: in
/// `x := {` / `a := 1` / `b := 2`, the parse fails only at `b` (`a := 1` could be an
/// option), but the statement is cut after its first line.
fn cut_point(text: &str, line_starts: &[usize]) -> Option<usize> {
    if line_starts.len() < 2 {
        return None;
    }
    let error = parse_statements(text).err()?;
    let line = (line_starts.partition_point(|&start| start <= error.offset) - 1).max(1);
    let line_text = |k: usize| {
        let end = line_starts.get(k + 1).map_or(text.len(), |&next| next - 1);
        &text[line_starts[k]..end]
    };
    let stands_alone = |from_here: &str| parse_statements(from_here).is_ok();
    // The failing line may also begin a statement that later lines complete.
    let begins_a_statement = |line: &str| match parse_statements(line) {
        Ok(_) => true,
        Err(e) => e.incomplete,
    };
    if !continued_by_bracket(&text[..line_starts[line] - 1])
        || !(begins_a_statement(line_text(line)) || stands_alone(&text[line_starts[line]..]))
    {
        return None;
    }
    // Each step scans the text before it, so the walk back is bounded.
    let mut cut = line;
    while cut > 1
        && line - cut < MAX_LINES_GIVEN_BACK
        && stands_alone(line_text(cut - 1))
        && continued_by_bracket(&text[..line_starts[cut - 1] - 1])
    {
        cut -= 1;
    }
    Some(cut)
}

/// True when `text` is incomplete because of an open bracket or a trailing operator, not
/// because it is inside a block.
fn continued_by_bracket(text: &str) -> bool {
    let scan = scan::scan(text);
    let in_block = scan.open.iter().any(|(kind, _)| *kind == Bracket::Block);
    !in_block && (!scan.open.is_empty() || scan.dangling)
}

#[cfg(test)]
mod tests {
    use super::super::needs_more_input;
    use super::*;

    fn chunk(text: &str, first_line: usize) -> Chunk {
        Chunk {
            text: text.into(),
            first_line,
        }
    }

    /// Every chunk that `lines` produce, end of input included.
    fn chunks(lines: &[&str]) -> Vec<Chunk> {
        let mut c = Chunker::new(1);
        let mut all: Vec<Chunk> = lines.iter().flat_map(|line| c.push_line(line)).collect();
        all.extend(c.finish());
        all
    }

    #[test]
    fn each_complete_line_is_a_chunk_with_its_line_number() {
        let mut c = Chunker::new(1);
        assert_eq!(c.push_line("1 + 1"), [chunk("1 + 1", 1)]);
        assert_eq!(c.push_line("*2"), [chunk("*2", 2)]);
        assert_eq!(c.next_line, 3);
    }

    #[test]
    fn blank_lines_count_but_produce_nothing() {
        let mut c = Chunker::new(1);
        assert!(c.push_line("").is_empty());
        assert!(c.push_line("   ").is_empty());
        assert!(!c.is_pending());
        assert_eq!(c.push_line("^"), [chunk("^", 3)]);
    }

    #[test]
    fn an_open_bracket_continues_on_the_next_line() {
        let mut c = Chunker::new(1);
        assert!(c.push_line("{1,").is_empty());
        assert!(c.is_pending());
        assert!(c.push_line("  2 |").is_empty());
        assert_eq!(c.push_line("0}"), [chunk("{1,\n  2 |\n0}", 1)]);
        assert!(c.push_line("{").is_empty());
        assert_eq!(c.finish(), [chunk("{", 4)]);
    }

    #[test]
    fn finish_and_discard_empty_the_buffer() {
        let mut c = Chunker::new(7);
        assert!(c.finish().is_empty());
        c.discard();
        assert!(!c.is_pending());
        assert_eq!(c.push_line("x"), [chunk("x", 7)]);
    }

    #[test]
    fn rejected_keywords_end_their_statement_at_once() {
        for word in ["clear", "return", "break", "continue", "try", "finally"] {
            assert_eq!(
                chunks(&[word, "1+1", "2+2"]),
                [chunk(word, 1), chunk("1+1", 2), chunk("2+2", 3)],
                "{word}"
            );
        }
    }

    #[test]
    fn a_statement_that_never_closes_gives_back_the_lines_after_it() {
        assert_eq!(
            chunks(&["a := {1|0", "b := 2", "c := 3"]),
            [
                chunk("a := {1|0", 1),
                chunk("b := 2", 2),
                chunk("c := 3", 3)
            ]
        );
        // The same in the middle of the input, when a later bracket closes the open one.
        assert_eq!(
            chunks(&["E=<*", "x := 3", "y := {1|0}", "4 > 2"]),
            [
                chunk("E=<*", 1),
                chunk("x := 3", 2),
                chunk("y := {1|0}", 3),
                chunk("4 > 2", 4)
            ]
        );
        // A line after a trailing operator that cannot continue it.
        assert_eq!(
            chunks(&["x := 1 +", "y := 2"]),
            [chunk("x := 1 +", 1), chunk("y := 2", 2)]
        );
        // The line read again may itself open a statement.
        assert_eq!(
            chunks(&["a := (1", "b := {1|", "0}"]),
            [chunk("a := (1", 1), chunk("b := {1|\n0}", 2)]
        );
        // Lines that could be options of the open brace but stand alone are given back too.
        assert_eq!(
            chunks(&["x := {", "a := 1", "b := 2"]),
            [chunk("x := {", 1), chunk("a := 1", 2), chunk("b := 2", 3)]
        );
        // A first line that fails on its own does not take the next ones with it.
        assert_eq!(
            chunks(&["x = {1|", "y := 2"]),
            [chunk("x = {1|", 1), chunk("y := 2", 2)]
        );
    }

    /// The chunker's line-at-a-time scan agrees with scanning the whole text again.
    #[test]
    fn growing_scan_agrees_with_a_whole_scan() {
        let texts = [
            "x := {1,\n 2|\n 0}",
            "/* a\n b */ 3",
            "if x then\n  1 // c {\nelse 2\nend",
            "f(1,\n\"(\",\n2)",
            "a := 1 +\n\n 2; b := [\n3]",
            "x := <\n1|\n0> > 2",
            "begin\n  (1 ]\nend",
            "\u{feff}{1|\n0}",
            "def f(x)\n:= x",
        ];
        for text in texts {
            let mut growing = GrowingScan::new();
            let mut so_far = String::new();
            for (k, line) in text.split('\n').enumerate() {
                if k > 0 {
                    so_far.push('\n');
                }
                so_far.push_str(line);
                assert_eq!(
                    growing.needs_more_input(&so_far),
                    needs_more_input(&so_far),
                    "{so_far:?}"
                );
            }
        }
    }

    #[test]
    fn an_error_inside_a_continued_statement_keeps_its_lines() {
        // The bracket closes; the fault is inside it, so the lines stay one statement.
        assert_eq!(
            chunks(&["x := {1, 2 |", "  0 0}", "3"]),
            [chunk("x := {1, 2 |\n  0 0}", 1), chunk("3", 3)]
        );
        // A line that no further line can repair ends at once.
        assert_eq!(
            chunks(&["[1 2,", "3,", "4]"]),
            [chunk("[1 2,", 1), chunk("3,", 2), chunk("4]", 3)]
        );
        assert_eq!(
            chunks(&["E=<*", "1+1"]),
            [chunk("E=<*", 1), chunk("1+1", 2)]
        );
        // An open block waits for its `end`, whatever its lines hold.
        assert_eq!(
            chunks(&["if x then", "  {1 2", "end", "3"]),
            [chunk("if x then\n  {1 2\nend", 1), chunk("3", 4)]
        );
        // Lines of a block are the block's statements: a fault takes the whole block.
        assert_eq!(
            chunks(&["begin", "  x := {1|", "  y := 2", "end", "5"]),
            [chunk("begin\n  x := {1|\n  y := 2\nend", 1), chunk("5", 5)]
        );
        // A continuation that parses stays one statement.
        assert_eq!(
            chunks(&["{1|", "0}", "2"]),
            [chunk("{1|\n0}", 1), chunk("2", 3)]
        );
    }
}
