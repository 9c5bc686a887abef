//! Script mode: read statements line by line (standard input, files, `:load`, `-e`), evaluate
//! each complete chunk in the shared session and report the results as they come, so that a
//! long script streams its output and a pipe can stop it early.

use super::report::{Flow, Origin, Reporter};
use cgcalc_core::eval::Session;
use cgcalc_core::syntax::{Chunk, Chunker};
use std::io::{self, BufRead};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// True while a chunk is being evaluated or reported, when Ctrl-C should stop it rather than
/// the program.
static EVALUATING: AtomicBool = AtomicBool::new(false);

/// Ctrl-C in script mode: during a statement, stop it (it fails with `interrupted`, and the
/// run ends after reporting it; see [`evaluate`]); between statements, or on a second
/// Ctrl-C, end the program with [`super::EXIT_INTERRUPTED`] at once.
pub fn install_interrupt_handler(flag: Arc<AtomicBool>) {
    // Without a handler Ctrl-C keeps its default meaning, which also ends the program.
    let _ = ctrlc::set_handler(move || {
        if EVALUATING.load(Ordering::SeqCst) && !flag.swap(true, Ordering::SeqCst) {
            return;
        }
        std::process::exit(super::EXIT_INTERRUPTED);
    });
}

/// Run every line of `input` through `session`. An I/O error while reading is returned after
/// the lines read so far have been evaluated.
pub fn run_reader(
    session: &mut Session,
    input: impl BufRead,
    origin: Origin,
    reporter: &mut Reporter,
) -> io::Result<Flow> {
    let mut chunker = Chunker::new(1);
    let mut lines = Lines::new(input);
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                finish(session, &mut chunker, origin, reporter);
                return Err(e);
            }
        };
        if evaluate_all(session, chunker.push_line(&line), origin, reporter) == Flow::Stop {
            return Ok(Flow::Stop);
        }
    }
    Ok(finish(session, &mut chunker, origin, reporter))
}

/// Evaluate `-e` expressions: each is complete on its own (an unclosed bracket is an error,
/// not a request for the next `-e`), and lines are numbered across all of them.
pub fn run_expressions(
    session: &mut Session,
    expressions: &[String],
    reporter: &mut Reporter,
) -> Flow {
    let mut chunker = Chunker::new(1);
    for expression in expressions {
        for line in expression.lines() {
            if evaluate_all(
                session,
                chunker.push_line(line),
                Origin::Expression,
                reporter,
            ) == Flow::Stop
            {
                return Flow::Stop;
            }
        }
        if finish(session, &mut chunker, Origin::Expression, reporter) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Evaluate one chunk and report its results.
pub fn evaluate(
    session: &mut Session,
    chunk: Chunk,
    origin: Origin,
    reporter: &mut Reporter,
) -> Flow {
    EVALUATING.store(true, Ordering::SeqCst);
    // Each answer is written as soon as its statement has run. A statement that Ctrl-C
    // stopped is the last one the session runs.
    let mut stopped = false;
    let show = reporter.show();
    session.answer_chunk(&chunk.text, chunk.first_line, show, |answer| {
        stopped = !reporter.report(answer, origin);
        !stopped
    });
    let interrupted = session.interrupt_flag().load(Ordering::SeqCst);
    let flow = reporter.end_chunk(stopped);
    EVALUATING.store(false, Ordering::SeqCst);
    if interrupted { Flow::Stop } else { flow }
}

/// Evaluate chunks in order, up to the first that stops the run.
fn evaluate_all(
    session: &mut Session,
    chunks: Vec<Chunk>,
    origin: Origin,
    reporter: &mut Reporter,
) -> Flow {
    for chunk in chunks {
        if evaluate(session, chunk, origin, reporter) == Flow::Stop {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// End of input: evaluate an incomplete chunk so the parser can report it.
fn finish(
    session: &mut Session,
    chunker: &mut Chunker,
    origin: Origin,
    reporter: &mut Reporter,
) -> Flow {
    evaluate_all(session, chunker.finish(), origin, reporter)
}

/// Lines of a byte stream as text: invalid UTF-8 is replaced rather than fatal, `\r\n` endings
/// and a leading byte-order mark are dropped.
struct Lines<R> {
    input: R,
    buffer: Vec<u8>,
    first: bool,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Self {
        Lines {
            input,
            buffer: Vec::new(),
            first: true,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<String>> {
        self.buffer.clear();
        if self.input.read_until(b'\n', &mut self.buffer)? == 0 {
            return Ok(None);
        }
        let mut bytes = self.buffer.as_slice();
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if std::mem::take(&mut self.first) {
            bytes = bytes.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(bytes);
        }
        Ok(Some(String::from_utf8_lossy(bytes).into_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8]) -> Vec<String> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().expect("in-memory read") {
            out.push(line);
        }
        out
    }

    #[test]
    fn line_endings_bom_and_bad_utf8() {
        assert_eq!(all_lines(b"\xEF\xBB\xBF1\r\n2\n\n3"), ["1", "2", "", "3"]);
        assert_eq!(all_lines(b"\xFF*\n"), ["\u{FFFD}*"]);
        assert!(all_lines(b"").is_empty());
    }
}
