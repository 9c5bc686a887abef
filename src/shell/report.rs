//! The reporter: turns statement results into output (text or JSON), remembers whether any
//! statement failed (the exit status), and owns the output streams.
//!
//! Standard output is buffered and flushed once per reported chunk, and always before
//! anything goes to standard error, so both streams interleave correctly when they share a
//! terminal or a file. A closed standard output (`cgcalc ... | head -1`) stops the run quietly.

use super::fold::{Screen, fold};
use super::style::Colors;
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, diagnostic, json, text};
use crate::eval::{Diagnostic, Session, StatementResult, Value};
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
    /// Told when a statement's slow part (its value and summary) starts and when its output
    /// is about to be written: the REPL's progress line lives in between.
    phase_hook: Option<PhaseHook>,
}

/// What the reporter does next; see [`Reporter::set_phase_hook`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Computing a statement's printed value and summary (a position's value is computed
    /// only now, so this can take long).
    Computing,
    /// Computing the summary shown under a value that is already known (Ctrl-C then
    /// prints the value without it).
    Summarizing,
    /// Writing a statement's output.
    Writing,
}

pub type PhaseHook = Box<dyn FnMut(Phase)>;

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
            phase_hook: None,
        }
    }

    /// Call `hook` before each statement's computation and before its output (then flushed
    /// at once, so that it shows while the next statement computes); `None` removes it.
    pub fn set_phase_hook(&mut self, hook: Option<PhaseHook>) {
        self.phase_hook = hook;
    }

    fn phase(&mut self, phase: Phase) {
        if let Some(hook) = &mut self.phase_hook {
            hook(phase);
        }
    }

    /// Fit text values on `screen` from now on (the REPL sets it before each evaluation, as
    /// the terminal may have been resized); `None` prints them whole.
    pub fn set_screen(&mut self, screen: Option<Screen>) {
        self.screen = screen;
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Print the results of one chunk, then flush.
    pub fn report(
        &mut self,
        session: &mut Session,
        results: Vec<StatementResult>,
        origin: Origin,
    ) -> Flow {
        for mut result in results {
            if !self.report_next(session, &mut result, origin) {
                return self.finish_chunk(Flow::Stop);
            }
        }
        self.finish_chunk(Flow::Continue)
    }

    /// Report one result of a chunk as it comes (see [`Session::eval_source_each`]); false
    /// when the chunk should stop there: standard output is closed, or the statement failed
    /// under `--fail-fast`. [`Reporter::end_chunk`] follows the chunk's last one.
    pub fn report_next(
        &mut self,
        session: &mut Session,
        result: &mut StatementResult,
        origin: Origin,
    ) -> bool {
        let failed = result.result.is_err();
        self.report_one(session, result, origin);
        !(self.closed || (failed && self.settings.fail_fast))
    }

    /// The end of a chunk reported by [`Reporter::report_next`]: `stopped` if it said stop.
    pub fn end_chunk(&mut self, stopped: bool) -> Flow {
        self.finish_chunk(if stopped { Flow::Stop } else { Flow::Continue })
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

    fn report_one(&mut self, session: &mut Session, result: &mut StatementResult, origin: Origin) {
        self.phase(Phase::Computing);
        // Printing can itself fail (a position whose value cannot be computed, Ctrl-C during a
        // huge canonical form): then the statement failed, with that message.
        let mut printed = String::new();
        if let Ok(value) = &result.result
            && (self.settings.format == Format::Json || !result.silent)
            && let Err(e) = session.try_write_value(value, &mut printed)
        {
            result.result = Err(Diagnostic {
                message: e.to_string(),
                line: result.line,
                column: None,
                source_line: result.input.lines().next().unwrap_or_default().to_string(),
            });
        }
        let statement = json::Statement {
            line: result.line,
            input: &result.input,
            silent: result.silent,
            file: origin.file(),
        };
        // Everything is rendered (the summary computed) before anything is written. Lines
        // the statement printed come first, in the order printed.
        let mut out = String::new();
        for line in &result.printed {
            match self.settings.format {
                Format::Text => out += &format!("{line}\n"),
                Format::Json => out += &(json::printed(&statement, line) + "\n"),
            }
        }
        // A statement that printed and has no value (`Print(x)`, a loop) shows only its lines.
        let nothing_more =
            !result.printed.is_empty() && matches!(result.result, Ok(Value::Nothing));
        let mut failure = None;
        match (&result.result, self.settings.format) {
            (Ok(_), Format::Text) if nothing_more => {}
            (Ok(value), Format::Text) if !result.silent => {
                out += &self.render_text(session, value, &printed);
            }
            (Ok(_), Format::Text) => {}
            (Ok(value), Format::Json) => {
                out += &self.render_json(session, &statement, value, &printed);
            }
            (Err(diag), Format::Text) => failure = Some(diag),
            (Err(diag), Format::Json) => out += &(json::failure(&statement, diag) + "\n"),
        }
        self.phase(Phase::Writing);
        self.failed |= result.result.is_err();
        self.write_out(&out);
        if let Some(diag) = failure {
            self.write_diagnostic(diag, origin);
        }
        if self.phase_hook.is_some() {
            self.flush_out();
        }
    }

    fn render_text(&mut self, session: &mut Session, value: &Value, printed: &str) -> String {
        let summary = if self.settings.quiet {
            None
        } else {
            self.phase(Phase::Summarizing);
            session.summary(value)
        };
        let folded = self.screen.map(|screen| fold(printed, screen));
        let shown = folded.as_ref().map_or(printed, |f| f.text.as_str());
        let mut rendered = text::render(shown, summary.as_ref(), self.settings.colors.stdout);
        if let Some(total) = folded.and_then(|f| f.cut_from) {
            let note = format!("… cut: {total} characters in all; :full shows all of it");
            rendered += &self.settings.colors.stdout.label(&note);
            rendered.push('\n');
        }
        // Plots, ruleset sequences and board drawings go under the value (not with -q).
        if !self.settings.quiet
            && let Some(details) = session.details(value)
        {
            rendered += &details;
            if !rendered.ends_with('\n') {
                rendered.push('\n');
            }
        }
        rendered
    }

    fn render_json(
        &self,
        session: &mut Session,
        statement: &json::Statement,
        value: &Value,
        printed: &str,
    ) -> String {
        // `-q` shortens the text output only: JSON consumers read the summary's keys.
        let summary = session.summary(value);
        json::success(statement, printed, value.kind_name(), summary.as_ref()) + "\n"
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::style::Palette;

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

    fn failure(line: usize) -> StatementResult {
        StatementResult {
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

    fn success(line: usize, silent: bool) -> StatementResult {
        StatementResult {
            line,
            input: "true".into(),
            silent,
            printed: Vec::new(),
            result: Ok(Value::Bool(true)),
        }
    }

    #[test]
    fn text_errors_go_to_stderr_and_set_the_exit_code() {
        let mut r = Reporter::new(Vec::new(), Vec::new(), settings(Format::Text, false));
        let mut session = Session::new();
        assert_eq!(r.exit_code(), EXIT_OK);
        let flow = r.report(
            &mut session,
            vec![failure(2), success(3, true)],
            Origin::Stdin,
        );
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
        let mut session = Session::new();
        r.report(
            &mut session,
            vec![success(1, false), failure(1), success(1, true)],
            Origin::Stdin,
        );
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
        let mut session = Session::new();
        let flow = r.report(
            &mut session,
            vec![failure(1), success(2, false)],
            Origin::Stdin,
        );
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
        let mut session = Session::new();
        let flow = r.report(&mut session, vec![success(1, false)], Origin::Stdin);
        assert_eq!(flow, Flow::Stop);
        assert_eq!(r.exit_code(), EXIT_OK);
        assert!(r.err.is_empty());
    }
}
