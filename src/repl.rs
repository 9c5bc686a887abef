//! The interactive prompt: line editing and history (rustyline), Tab completion, continuation
//! lines for open brackets, meta commands (`:help`, `:vars`, `:load`, `:full`, ...), Ctrl-C
//! handling, a progress line for slow computations and long results cut to a screenful.
//!
//! A statement typed over several lines is one history entry, so Up brings all of it back.
//!
//! Keys: Ctrl-C at the prompt clears the line (or the pending continuation lines); Ctrl-C
//! during a computation interrupts it, and a second Ctrl-C before it stops quits cgcalc;
//! Ctrl-D on an empty line leaves (at a continuation prompt it first evaluates what was typed,
//! so the unclosed bracket is reported).
//!
//! The REPL survives every error, including a panic inside the evaluator, which is reported as
//! an internal error. Its exit status is 0 unless the terminal itself fails.

mod help;
mod helper;
mod history;
mod interrupt;
mod meta;
mod paste;
mod progress;

use crate::shell::fold::{Screen, fold};
use crate::shell::report::{Origin, Reporter};
use crate::shell::script;
use crate::shell::style::Palette;
use crate::shell::{EXIT_FAILED, EXIT_OK, io_message};
use cgcalc_core::eval::Session;
use cgcalc_core::syntax::{Chunk, Chunker};
use helper::{Candidates, ReplHelper};
use history::HistoryFile;
use meta::Command;
use progress::Progress;
use rustyline::config::{CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Editor, Prompt};
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const PRIMARY_PROMPT: &str = "> ";
/// Same width as the primary prompt, so continuation lines line up.
const CONTINUATION_PROMPT: &str = "… ";
const HISTORY_SIZE: usize = 10_000;
/// `:vars` cuts values longer than this many characters.
const VARS_VALUE_LIMIT: usize = 200;

type LineEditor = Editor<ReplHelper, DefaultHistory>;

/// Run the REPL until Ctrl-D or `:quit`; returns the exit status.
pub fn run(mut session: Session, mut reporter: Reporter) -> i32 {
    let palette = reporter.settings().colors.stdout;
    let error_palette = reporter.settings().colors.stderr;
    let mut editor = match new_editor(palette) {
        Ok(editor) => editor,
        Err(e) => {
            // No usable terminal after all: say so, then behave like a script on stdin.
            let _ = writeln!(
                io::stderr(),
                "note: no line editing ({e}); reading statements as a script"
            );
            let outcome = script::run_reader(
                &mut session,
                io::stdin().lock(),
                Origin::Stdin,
                &mut reporter,
            );
            if let Err(e) = outcome {
                reporter.error(&format!("cannot read <stdin>: {}", io_message(&e)));
            }
            return reporter.exit_code();
        }
    };
    let history = HistoryFile::locate();
    history.load(&mut editor);
    let interrupt = session.interrupt_flag();
    interrupt::install(interrupt.clone());
    if !reporter.settings().quiet {
        reporter.text(&banner(palette));
    }
    // Each answer shows while the next statement of the line computes.
    reporter.set_flush_each(true);
    let mut repl = Repl {
        chunker: Chunker::new(1),
        session,
        reporter,
        editor,
        history,
        interrupt,
        prompts: Prompts::new(palette),
        palette,
        error_palette,
    };
    repl.read_eval_print()
}

fn new_editor(palette: Palette) -> rustyline::Result<LineEditor> {
    let config = Config::builder()
        .max_history_size(HISTORY_SIZE)?
        .history_ignore_dups(true)?
        // Indented continuation lines belong in the history too.
        .history_ignore_space(false)
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .build();
    let mut editor = LineEditor::with_config(config)?;
    paste::bind(&mut editor);
    editor.set_helper(Some(ReplHelper::new(Candidates::gather(), palette.enabled)));
    Ok(editor)
}

fn banner(p: Palette) -> String {
    format!(
        "{} {} — combinatorial game calculator. {} for help, Ctrl-D to quit.\n",
        p.strong("cgcalc"),
        env!("CARGO_PKG_VERSION"),
        p.strong(":help")
    )
}

/// The two prompts, plain and (when colour is on) styled.
struct Prompts {
    primary: (String, String),
    continuation: (String, String),
}

impl Prompts {
    fn new(p: Palette) -> Self {
        Prompts {
            primary: (PRIMARY_PROMPT.into(), p.prompt(PRIMARY_PROMPT)),
            continuation: (CONTINUATION_PROMPT.into(), p.label(CONTINUATION_PROMPT)),
        }
    }
}

struct Repl {
    session: Session,
    reporter: Reporter,
    editor: LineEditor,
    history: HistoryFile,
    chunker: Chunker,
    interrupt: Arc<AtomicBool>,
    prompts: Prompts,
    /// Standard output's palette (help headings, `:vars` names).
    palette: Palette,
    /// Standard error's palette (the internal-error message).
    error_palette: Palette,
}

/// What to do after handling a line.
enum Next {
    Continue,
    Quit,
}

impl Repl {
    fn read_eval_print(&mut self) -> i32 {
        loop {
            let prompt: &dyn Prompt = if self.chunker.is_pending() {
                &self.prompts.continuation
            } else {
                &self.prompts.primary
            };
            let next = match self.editor.readline(prompt) {
                Ok(line) => self.handle_line(&line),
                Err(ReadlineError::Interrupted) => {
                    self.chunker.discard();
                    Next::Continue
                }
                Err(ReadlineError::Eof) => self.end_of_input(),
                Err(e) => {
                    self.reporter
                        .error(&format!("cannot read from the terminal: {e}"));
                    return EXIT_FAILED;
                }
            };
            if matches!(next, Next::Quit) || self.reporter.is_closed() {
                return EXIT_OK;
            }
        }
    }

    fn handle_line(&mut self, line: &str) -> Next {
        if !self.chunker.is_pending()
            && let Some(command) = meta::parse(line)
        {
            self.remember(line);
            return match command {
                Ok(command) => self.run_command(command),
                Err(message) => {
                    self.reporter.error(&message);
                    Next::Continue
                }
            };
        }
        // A statement recalled from the history may hold several lines: feed them one by one
        // so that they are numbered and joined as if typed.
        for part in line.split('\n') {
            for chunk in self.chunker.push_line(part) {
                self.remember(&chunk.text);
                self.evaluate(chunk);
            }
        }
        Next::Continue
    }

    /// Ctrl-D: evaluate pending continuation lines (so their error shows), else leave.
    fn end_of_input(&mut self) -> Next {
        let chunks = self.chunker.finish();
        if chunks.is_empty() {
            return Next::Quit;
        }
        for chunk in chunks {
            self.remember(&chunk.text);
            self.evaluate(chunk);
        }
        Next::Continue
    }

    /// Add a command or a whole statement (all its lines, as one entry) to the history and
    /// persist it at once, so a crash or a second Ctrl-C loses nothing. History problems are
    /// never worth interrupting the user for.
    fn remember(&mut self, entry: &str) {
        if entry.trim().is_empty() {
            return;
        }
        let _ = self.editor.add_history_entry(entry);
        self.history.append(&mut self.editor);
    }

    fn evaluate(&mut self, chunk: Chunk) {
        self.reporter.set_screen(Some(screen()));
        let (session, reporter) = (&mut self.session, &mut self.reporter);
        let interrupt = self.interrupt.clone();
        guarded(&self.interrupt, self.error_palette, || {
            // `script::evaluate`, with a progress line while each statement computes its
            // value, its printed form and its summary (a position's value is computed only
            // then); the line is cleared before each answer is written. (A statement Ctrl-C
            // stopped is the last one the session runs.)
            let mut line = Progress::start(&chunk.text, interrupt.clone());
            let show = reporter.show();
            let mut stopped = false;
            session.answer_chunk(&chunk.text, chunk.first_line, show, |answer| {
                drop(line.take());
                stopped = !reporter.report(answer, Origin::Prompt);
                line = Progress::start(&chunk.text, interrupt.clone());
                !stopped
            });
            drop(line);
            reporter.end_chunk(stopped);
        });
        self.refresh_completion();
    }

    /// Let Tab completion see the variables defined so far.
    fn refresh_completion(&mut self) {
        let names = self.session.completion_variables();
        if let Some(helper) = self.editor.helper_mut() {
            helper.set_variables(names);
        }
    }

    fn run_command(&mut self, command: Command) -> Next {
        match command {
            Command::Help(topic) => self.help(topic.as_deref()),
            Command::Vars => self.vars(),
            Command::Clear => {
                self.session.clear();
                self.refresh_completion();
                self.reporter.text("All variables forgotten.\n");
            }
            Command::Load(path) => {
                self.load(&path);
                self.refresh_completion();
            }
            Command::Full => self.full(),
            Command::Quit => return Next::Quit,
        }
        Next::Continue
    }

    fn help(&mut self, topic: Option<&str>) {
        match help::text(topic) {
            Ok(text) => {
                let styled = help::style(text, self.palette);
                self.reporter.text(&styled);
            }
            Err(message) => self.reporter.error(&message),
        }
    }

    /// `:full`: the last result (`ans`) printed whole, however long.
    fn full(&mut self) {
        let Some(value) = self.session.last_result() else {
            return self
                .reporter
                .error("no result yet: `:full` prints the last one in full");
        };
        let text = self.session.render(&value);
        let wrapped = fold(&text, screen().uncut()).text;
        self.reporter
            .text(&format!("{}\n", self.palette.value(&wrapped)));
    }

    fn vars(&mut self) {
        let variables = self.session.variables();
        if variables.is_empty() {
            self.reporter
                .text("No variables defined. Assign one with `name := expression`.\n");
            return;
        }
        let listing: String = variables
            .iter()
            .map(|(name, value)| format!("{} := {}\n", self.palette.strong(name), shorten(value)))
            .collect();
        self.reporter.text(&listing);
    }

    fn load(&mut self, path: &str) {
        let path = history::expand_home(path);
        let name = path.display().to_string();
        let file = match File::open(&path) {
            Ok(file) if !path.is_dir() => file,
            Ok(_) => {
                return self
                    .reporter
                    .error(&format!("cannot read `{name}`: it is a directory"));
            }
            Err(e) => {
                return self
                    .reporter
                    .error(&format!("cannot read `{name}`: {}", io_message(&e)));
            }
        };
        self.reporter.set_screen(Some(screen()));
        let (session, reporter) = (&mut self.session, &mut self.reporter);
        let mut read_error = None;
        guarded(&self.interrupt, self.error_palette, || {
            if let Err(e) =
                script::run_reader(session, BufReader::new(file), Origin::File(&name), reporter)
            {
                read_error = Some(e);
            }
        });
        if let Some(e) = read_error {
            self.reporter
                .error(&format!("cannot read `{name}`: {}", io_message(&e)));
        }
    }
}

/// Run `body` with a cleared interrupt flag (a Ctrl-C meant for an earlier computation must
/// not stop this one), turning a panic into an error message so that the session goes on.
fn guarded(interrupt: &AtomicBool, stderr: Palette, body: impl FnOnce()) {
    interrupt.store(false, Ordering::SeqCst);
    let outcome = catch_unwind(AssertUnwindSafe(body));
    interrupt.store(false, Ordering::SeqCst);
    if outcome.is_err() {
        let _ = writeln!(
            io::stderr(),
            "{} internal error: the computation panicked (this is a bug in cgcalc)",
            stderr.error("error:")
        );
    }
}

/// The terminal's size for cutting long results (a fixed limit when unknown).
fn screen() -> Screen {
    let size = console::Term::stdout()
        .size_checked()
        .map(|(rows, columns)| (usize::from(rows), usize::from(columns)));
    Screen::new(size)
}

/// Long values (a 10 000-option game) would flood the listing; show their start and length.
fn shorten(value: &str) -> String {
    let count = value.chars().count();
    if count <= VARS_VALUE_LIMIT {
        return value.to_string();
    }
    let start: String = value.chars().take(VARS_VALUE_LIMIT).collect();
    format!("{start}… ({count} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_have_the_same_width() {
        use unicode_width::UnicodeWidthStr;
        assert_eq!(PRIMARY_PROMPT.width(), CONTINUATION_PROMPT.width());
    }

    #[test]
    fn long_values_are_shortened() {
        assert_eq!(shorten("{1|0}"), "{1|0}");
        let long = "*".repeat(500);
        let short = shorten(&long);
        assert!(short.starts_with(&"*".repeat(VARS_VALUE_LIMIT)));
        assert!(short.ends_with("… (500 characters)"));
    }
}
