//! Groups input lines into chunks the evaluator can parse: a line that ends inside an open
//! bracket continues on the next one. Shared by scripts and the REPL, so both number lines
//! and join continuation lines the same way.

use crate::syntax::needs_more_input;

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
    /// Line number of the buffer's first line (meaningful while the buffer is not empty).
    first_line: usize,
    /// Number the next pushed line will get.
    next_line: usize,
}

impl Chunker {
    /// A chunker whose first line is numbered `first_line`.
    pub fn new(first_line: usize) -> Self {
        Chunker {
            buffer: String::new(),
            first_line,
            next_line: first_line,
        }
    }

    /// Add one line (without its newline). Returns the chunk it completes, if any; lines that
    /// hold only white space complete nothing.
    pub fn push_line(&mut self, line: &str) -> Option<Chunk> {
        if self.buffer.is_empty() {
            self.first_line = self.next_line;
        } else {
            self.buffer.push('\n');
        }
        self.buffer.push_str(line);
        self.next_line += 1;
        if needs_more_input(&self.buffer) {
            None
        } else {
            self.take()
        }
    }

    /// True while an open bracket waits for more lines (the REPL then shows its secondary
    /// prompt).
    pub fn is_pending(&self) -> bool {
        !self.buffer.is_empty()
    }

    /// End of input: hand over whatever is pending, even if incomplete, so that the parser
    /// reports the unclosed bracket.
    pub fn finish(&mut self) -> Option<Chunk> {
        self.take()
    }

    /// Drop the pending lines (Ctrl-C at a continuation prompt). Line numbers keep counting.
    pub fn discard(&mut self) {
        self.buffer.clear();
    }

    fn take(&mut self) -> Option<Chunk> {
        let text = std::mem::take(&mut self.buffer);
        if text.trim().is_empty() {
            return None;
        }
        Some(Chunk {
            text,
            first_line: self.first_line,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_complete_line_is_a_chunk_with_its_line_number() {
        let mut c = Chunker::new(1);
        assert_eq!(
            c.push_line("1 + 1"),
            Some(Chunk {
                text: "1 + 1".into(),
                first_line: 1
            })
        );
        assert_eq!(
            c.push_line("*2"),
            Some(Chunk {
                text: "*2".into(),
                first_line: 2
            })
        );
        assert_eq!(c.next_line, 3);
    }

    #[test]
    fn blank_lines_count_but_produce_nothing() {
        let mut c = Chunker::new(1);
        assert_eq!(c.push_line(""), None);
        assert_eq!(c.push_line("   "), None);
        assert!(!c.is_pending());
        assert_eq!(
            c.push_line("^"),
            Some(Chunk {
                text: "^".into(),
                first_line: 3
            })
        );
    }

    #[test]
    fn an_open_bracket_continues_on_the_next_line() {
        let mut c = Chunker::new(1);
        assert_eq!(c.push_line("{1,"), None);
        assert!(c.is_pending());
        assert_eq!(c.push_line("  2 |"), None);
        assert_eq!(
            c.push_line("0}"),
            Some(Chunk {
                text: "{1,\n  2 |\n0}".into(),
                first_line: 1
            })
        );
        assert_eq!(c.push_line("{"), None);
        assert_eq!(
            c.finish(),
            Some(Chunk {
                text: "{".into(),
                first_line: 4
            })
        );
    }

    #[test]
    fn finish_and_discard_empty_the_buffer() {
        let mut c = Chunker::new(7);
        assert_eq!(c.finish(), None);
        c.discard();
        assert!(!c.is_pending());
        assert_eq!(
            c.push_line("x"),
            Some(Chunk {
                text: "x".into(),
                first_line: 7
            })
        );
    }
}
