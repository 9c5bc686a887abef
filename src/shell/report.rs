//! The reporter: renders the session's answers as output (text or JSON), remembers whether any
//! statement failed (the exit status), and owns the output streams. It only renders: every
//! figure it shows is already in the [`Answer`].
//!
//! Standard output is buffered and flushed once per reported chunk, and always before
//! anything goes to standard error, so both streams interleave correctly when they share a
//! terminal or a file. A closed standard output (`cgcalc ... | head -1`) stops the run quietly.

use super::fold::{Screen, fold};
use super::style::Colors;
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, diagnostic, text};
use cgcalc_core::display::picture;
use cgcalc_core::eval::{Answer, Diagnostic, Show, Shown};
use cgcalc_core::value::picture::Board;
use std::io::{self, BufWriter, Stderr, Stdout, Write};

/// Text for people, or one JSON object per statement for programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Where the statements being reported were read from.
#[derive(Clone, Copy, Debug)]
pub enum Origin<'a> {
    /// Typed at the REPL prompt: short diagnostics.
    Prompt,
    Stdin,
    /// `-e` arguments.
    Expression,
    File(&'a str),
}

impl<'a> Origin<'a> {
    /// The name shown in a diagnostic's `┌─` header; `None` for the prompt's short form.
    fn header_name(self) -> Option<&'a str> {
        match self {
            Origin::Prompt => None,
            Origin::Stdin => Some("<stdin>"),
            Origin::Expression => Some("<expr>"),
            Origin::File(name) => Some(name),
        }
    }

    /// The `file` key of JSON objects.
    fn file(self) -> Option<&'a str> {
        match self {
            Origin::File(name) => Some(name),
            _ => None,
        }
    }
}

/// Whether the run should go on after a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Output settings fixed for the whole run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub format: Format,
    /// `-q`: no summaries.
    pub quiet: bool,
    pub fail_fast: bool,
    pub colors: Colors,
}

pub struct Reporter<O: Write = BufWriter<Stdout>, E: Write = Stderr> {
    out: O,
    err: E,
    settings: Settings,
    failed: bool,
    /// A statement was stopped by Ctrl-C: the run ends with [`EXIT_INTERRUPTED`].
    interrupted: bool,
    /// Standard output is gone (closed pipe or write error): nothing more can be shown.
    closed: bool,
    /// The REPL's screen: text values longer than it are cut and wrapped. `None` (scripts,
    /// JSON) prints every value whole.
    screen: Option<Screen>,
    /// Flush after every statement (the REPL: each answer shows while the next computes).
    flush_each: bool,
}

impl Reporter {
    /// A reporter on the process's standard output and standard error.
    pub fn stdio(settings: Settings) -> Self {
        Reporter::new(
            BufWriter::with_capacity(1 << 16, io::stdout()),
            io::stderr(),
            settings,
        )
    }
}

impl<O: Write, E: Write> Reporter<O, E> {
    pub fn new(out: O, err: E, settings: Settings) -> Self {
        Reporter {
            out,
            err,
            settings,
            failed: false,
            interrupted: false,
            closed: false,
            screen: None,
            flush_each: false,
        }
    }

    /// Flush standard output after every statement, not once per chunk.
    pub fn set_flush_each(&mut self, on: bool) {
        self.flush_each = on;
    }

    /// Fit text values on `screen` from now on (the REPL sets it before each evaluation, as
    /// the terminal may have been resized); `None` prints them whole.
    pub fn set_screen(&mut self, screen: Option<Screen>) {
        self.screen = screen;
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Report one answer of a chunk as it comes (see
    /// [`Session::answer_chunk`](cgcalc_core::Session::answer_chunk)); false when the chunk
    /// should stop there: standard output is closed, or the statement failed under
    /// `--fail-fast`. [`Reporter::end_chunk`] follows the chunk's last one.
    pub fn report(&mut self, answer: &Answer, origin: Origin) -> bool {
        self.report_one(answer, origin);
        !(self.closed || (answer.result.is_err() && self.settings.fail_fast))
    }

    /// The end of a chunk reported by [`Reporter::report`]: `stopped` if it said stop.
    pub fn end_chunk(&mut self, stopped: bool) -> Flow {
        self.finish_chunk(if stopped { Flow::Stop } else { Flow::Continue })
    }

    /// What the session should work out for each statement, for this reporter's format.
    pub fn show(&self) -> Show {
        match self.settings.format {
            Format::Text => Show {
                pretty: self.settings.colors.stdout.enabled && utf8_locale(),
                ..Show::text(self.settings.quiet)
            },
            Format::Json => Show::json(),
        }
    }

    /// Record a failure that is not a statement's (an unreadable `:load` file, a bad meta
    /// command) and show `error: message` on standard error.
    pub fn error(&mut self, message: &str) {
        self.failed = true;
        let p = self.settings.colors.stderr;
        self.flush_out();
        let _ = writeln!(self.err, "{} {}", p.error("error:"), p.strong(message));
    }

    /// Print free text (help, variable listings) on standard output.
    pub fn text(&mut self, text: &str) -> Flow {
        self.write_out(text);
        self.finish_chunk(Flow::Continue)
    }

    pub fn exit_code(&self) -> i32 {
        if self.interrupted {
            EXIT_INTERRUPTED
        } else if self.failed {
            EXIT_FAILED
        } else {
            EXIT_OK
        }
    }

    /// Ctrl-C stopped the run.
    pub fn set_interrupted(&mut self) {
        self.interrupted = true;
    }

    /// True once standard output can no longer be written.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    fn report_one(&mut self, answer: &Answer, origin: Origin) {
        // Everything is rendered before anything is written. Lines the statement printed
        // come first, in the order printed.
        let mut failure = None;
        let out = match self.settings.format {
            Format::Json => answer.to_json(origin.file()),
            Format::Text => {
                let mut out: String = answer.printed.iter().map(|l| format!("{l}\n")).collect();
                match &answer.result {
                    Ok(shown) => {
                        if let Some(text) = &shown.text {
                            out += &self.render_text(text, shown);
                        }
                    }
                    Err(diag) => failure = Some(diag),
                }
                out
            }
        };
        self.failed |= answer.result.is_err();
        self.write_out(&out);
        if let Some(diag) = failure {
            self.write_diagnostic(diag, origin);
        }
        if self.flush_each {
            self.flush_out();
        }
    }

    fn render_text(&self, printed: &str, shown: &Shown) -> String {
        let folded = self.screen.map(|screen| fold(printed, screen));
        let text = folded.as_ref().map_or(printed, |f| f.text.as_str());
        let p = self.settings.colors.stdout;
        let mut rendered = text::render(text, shown.summary.as_ref(), p);
        if let Some(total) = folded.and_then(|f| f.cut_from) {
            let note = format!("… cut: {total} characters in all; :full shows all of it");
            rendered += &p.label(&note);
            rendered.push('\n');
        }
        // Plots, ruleset sequences and board drawings go under the value.
        if let Some(details) = &shown.details {
            rendered += details;
            if !rendered.ends_with('\n') {
                rendered.push('\n');
            }
        }
        if let Some(board) = &shown.board {
            rendered += &self.render_board(board);
        }
        rendered
    }

    /// A position's board under its value, in colour where the terminal has it; cut to a
    /// screenful of rows, and left out when too wide for the screen.
    fn render_board(&self, board: &Board) -> String {
        const MAX_ROWS: usize = 16;
        let width = self.screen.and_then(|s| s.width).unwrap_or(80);
        if 2 * board.cols + 5 > width {
            let note = format!(
                "  (a {}×{} board, too wide to draw here: draw(P) shows it)\n",
                board.rows, board.cols
            );
            return self.settings.colors.stdout.label(&note);
        }
        let p = self.settings.colors.stdout;
        let drawn = picture::board::text(board, MAX_ROWS, &|tint, s| p.tint(tint, s));
        drawn.lines().map(|l| format!("  {l}\n")).collect()
    }

    fn write_diagnostic(&mut self, diag: &Diagnostic, origin: Origin) {
        let rendered = diagnostic::render(diag, origin.header_name(), self.settings.colors.stderr);
        self.flush_out();
        // A failing standard error cannot be reported anywhere; the exit status still says 1.
        let _ = self.err.write_all(rendered.as_bytes());
        let _ = self.err.flush();
    }

    fn write_out(&mut self, text: &str) {
        if self.closed {
            return;
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            self.close_out(&e);
        }
    }

    fn flush_out(&mut self) {
        if self.closed {
            return;
        }
        if let Err(e) = self.out.flush() {
            self.close_out(&e);
        }
    }

    fn finish_chunk(&mut self, flow: Flow) -> Flow {
        self.flush_out();
        if self.closed { Flow::Stop } else { flow }
    }

    /// A reader that went away (broken pipe) is normal for a Unix filter: stop quietly.
    /// Any other write error (disk full) is worth a message and a failing status.
    fn close_out(&mut self, e: &io::Error) {
        self.closed = true;
        if e.kind() != io::ErrorKind::BrokenPipe {
            self.failed = true;
            let p = self.settings.colors.stderr;
            let _ = writeln!(
                self.err,
                "{} cannot write to standard output: {e}",
                p.error("error:")
            );
        }
    }
}

/// Whether the locale says the terminal shows UTF-8 (`LC_ALL`, then `LC_CTYPE`, then `LANG`,
/// the first one set).
fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::style::Palette;
    use cgcalc_core::Value;

    fn settings(format: Format, fail_fast: bool) -> Settings {
        Settings {
            format,
            quiet: false,
            fail_fast,
            colors: Colors {
                stdout: Palette::PLAIN,
                stderr: Palette::PLAIN,
            },
        }
    }

    /// Report a chunk's answers as the script runner does.
    fn report_all<O: Write, E: Write>(r: &mut Reporter<O, E>, answers: &[Answer]) -> Flow {
        let stopped = !answers.iter().all(|a| r.report(a, Origin::Stdin));
        r.end_chunk(stopped)
    }

    fn failure(line: usize) -> Answer {
        Answer {
            line,
            input: "{1|".into(),
            silent: false,
            printed: Vec::new(),
            result: Err(Diagnostic {
                message: "expected `}`".into(),
                line,
                column: Some(4),
                source_line: "{1|".into(),
            }),
        }
    }

    fn success(line: usize, silent: bool) -> Answer {
        Answer {
            line,
            input: "true".into(),
            silent,
            printed: Vec::new(),
            result: Ok(Shown {
                value: Value::Bool(true),
                // As the session answers in text mode: a silent statement's value has no text.
                text: (!silent).then(|| "true".into()),
                kind: "boolean",
                summary: None,
                details: None,
                board: None,
            }),
        }
    }

    #[test]
    fn text_errors_go_to_stderr_and_set_the_exit_code() {
        let mut r = Reporter::new(Vec::new(), Vec::new(), settings(Format::Text, false));
        assert_eq!(r.exit_code(), EXIT_OK);
        let flow = report_all(&mut r, &[failure(2), success(3, true)]);
        assert_eq!(flow, Flow::Continue);
        assert_eq!(r.exit_code(), EXIT_FAILED);
        assert!(r.out.is_empty(), "a silent success prints nothing");
        let err = String::from_utf8(r.err).expect("utf-8");
        assert_eq!(
            err,
            "error: expected `}`\n  ┌─ <stdin>:2:4\n2 │ {1|\n  │    ^\n"
        );
    }

    #[test]
    fn json_puts_every_statement_on_stdout() {
        let mut r = Reporter::new(Vec::new(), Vec::new(), settings(Format::Json, false));
        report_all(&mut r, &[success(1, false), failure(1), success(1, true)]);
        let out = String::from_utf8(r.out).expect("utf-8");
        assert_eq!(out.lines().count(), 3);
        assert!(out.lines().all(|l| l.starts_with("{\"line\":1,")));
        assert!(
            out.lines()
                .nth(2)
                .is_some_and(|l| l.ends_with("\"silent\":true}"))
        );
        assert!(r.err.is_empty());
    }

    #[test]
    fn fail_fast_stops_after_the_first_failure() {
        let mut r = Reporter::new(Vec::new(), Vec::new(), settings(Format::Json, true));
        let flow = report_all(&mut r, &[failure(1), success(2, false)]);
        assert_eq!(flow, Flow::Stop);
        assert_eq!(String::from_utf8(r.out).expect("utf-8").lines().count(), 1);
    }

    struct BrokenPipe;

    impl Write for BrokenPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
    }

    #[test]
    fn broken_pipe_stops_quietly() {
        let mut r = Reporter::new(BrokenPipe, Vec::new(), settings(Format::Text, false));
        let flow = report_all(&mut r, &[success(1, false)]);
        assert_eq!(flow, Flow::Stop);
        assert_eq!(r.exit_code(), EXIT_OK);
        assert!(r.err.is_empty());
    }
}
