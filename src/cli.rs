//! The `cgcalc` command line: parses the arguments, picks a mode and runs it.
//!
//! | invocation | mode |
//! |---|---|
//! | `cgcalc`, stdin a terminal, no `--json` | REPL ([`crate::repl`]) |
//! | `cgcalc`, stdin piped (or `--json`) | script read from stdin |
//! | `cgcalc FILE...` | the files in order (`-` is stdin), then any `-e` |
//! | `cgcalc -e EXPR...` | the expressions, stdin untouched |
//!
//! Results go to standard output (text, or one JSON object per statement with `--json`);
//! in text mode errors go to standard error as `error: <message>`, a `┌─ <source>:line:column`
//! header (`<stdin>`, `<expr>` or the file name), the source line and a caret.
//!
//! Exit status: [`EXIT_OK`](crate::shell::EXIT_OK) if every statement succeeded,
//! [`EXIT_FAILED`] if any failed,
//! [`EXIT_USAGE`] for bad usage (clap's errors, a FILE that cannot be opened).
//!
//! Evaluation recurses on the structure of games, so everything runs on a thread with a
//! big stack ([`STACK_SIZES`]): deep input then meets the parser's nesting limit, not a stack overflow.

mod args;

use crate::shell::style::ColorWhen;
use crate::shell::{EXIT_FAILED, EXIT_USAGE};
use args::Args;

use crate::shell::io_message;
use crate::shell::report::{Flow, Format, Origin, Reporter, Settings};
use crate::shell::script;
use crate::shell::style::Colors;
use cgcalc_core::eval::Session;
use clap::Parser;
use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
/// What Rust itself uses for a panic; a panic is a bug, and callers should see it as a crash.
const EXIT_PANIC: i32 = 101;

/// Stack sizes to try, in order, for the thread that evaluates. It is virtual memory: only the
/// part a recursion reaches is committed, and that part counts towards the memory ceiling.
/// A big stack lets a game hundreds of thousands of levels deep recurse without extra
/// segments, which cost a fresh mapping (and page clearing) each time a recursion crosses
/// into one; a machine that will not reserve 8 GiB gets the smaller size.
pub const STACK_SIZES: [usize; 2] = [8 << 30, 256 << 20];

/// Run the program with the process's arguments and return its exit status.
pub fn main() -> i32 {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            // clap prints help and version through this path too, with exit code 0.
            let _ = e.print();
            return e.exit_code();
        }
    };
    run_with_big_stack(move || run(args))
}

fn run_with_big_stack(body: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    // The body moves into whichever thread starts, so it can be offered to the next size when
    // a machine refuses to reserve the first.
    let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(body)));
    let mut last_error = None;
    for size in STACK_SIZES {
        let taken = std::sync::Arc::clone(&slot);
        let spawned = std::thread::Builder::new()
            .name("cgcalc".into())
            .stack_size(size)
            .spawn(move || {
                let body = taken.lock().ok().and_then(|mut body| body.take());
                body.map_or(EXIT_PANIC, |body| body())
            });
        match spawned {
            // The panic message has already been printed by the panic hook.
            Ok(handle) => return handle.join().unwrap_or(EXIT_PANIC),
            Err(e) => last_error = Some(e),
        }
    }
    let reason = last_error.map_or_else(String::new, |e| e.to_string());
    let _ = writeln!(
        io::stderr(),
        "error: cannot start the evaluation thread: {reason}"
    );
    EXIT_FAILED
}

/// The body of the program, once the arguments are known.
pub fn run(args: Args) -> i32 {
    // Statements piped in on stdin are script mode, which prints no colour (§1).
    let piped_script =
        args.files.is_empty() && args.expressions.is_empty() && !io::stdin().is_terminal();
    let colors = Colors::decide(if piped_script && args.color == ColorWhen::Auto {
        ColorWhen::Never
    } else {
        args.color
    });
    colors.apply();
    let inputs = match open_inputs(&args.files) {
        Ok(inputs) => inputs,
        Err(message) => {
            let p = colors.stderr;
            let _ = writeln!(io::stderr(), "{} {message}", p.error("error:"));
            return EXIT_USAGE;
        }
    };
    let settings = Settings {
        format: if args.json {
            Format::Json
        } else {
            Format::Text
        },
        quiet: args.quiet,
        fail_fast: args.fail_fast,
        colors,
    };
    let mut session = Session::new();
    if let Some(threads) = args.threads {
        session.set_threads(threads.get());
    }
    let mut reporter = Reporter::stdio(settings);

    if inputs.is_empty() && args.expressions.is_empty() && !args.json && io::stdin().is_terminal() {
        return crate::repl::run(session, reporter);
    }
    script::install_interrupt_handler(session.interrupt_flag());
    run_scripts(&mut session, inputs, &args.expressions, &mut reporter);
    if session.interrupt_flag().load(Ordering::SeqCst) {
        reporter.set_interrupted();
    }
    reporter.exit_code()
}

/// Script mode: the files (or standard input), then the `-e` expressions.
fn run_scripts(
    session: &mut Session,
    inputs: Vec<Input>,
    expressions: &[String],
    reporter: &mut Reporter,
) {
    if inputs.is_empty() && expressions.is_empty() {
        run_input(session, Input::Stdin, reporter);
        return;
    }
    for input in inputs {
        if run_input(session, input, reporter) == Flow::Stop {
            return;
        }
    }
    script::run_expressions(session, expressions, reporter);
}

/// A script source, opened before anything runs so that a wrong file name is a usage error
/// rather than a failure halfway through.
enum Input {
    Stdin,
    File { name: String, file: File },
}

fn open_inputs(paths: &[PathBuf]) -> Result<Vec<Input>, String> {
    paths.iter().map(|path| open_input(path)).collect()
}

fn open_input(path: &Path) -> Result<Input, String> {
    if path.as_os_str() == "-" {
        return Ok(Input::Stdin);
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!("cannot read `{name}`: it is a directory"));
    }
    match File::open(path) {
        Ok(file) => Ok(Input::File { name, file }),
        Err(e) => Err(format!("cannot read `{name}`: {}", io_message(&e))),
    }
}

fn run_input(session: &mut Session, input: Input, reporter: &mut Reporter) -> Flow {
    let (name, outcome) = match input {
        Input::Stdin => (
            "<stdin>".to_string(),
            script::run_reader(session, io::stdin().lock(), Origin::Stdin, reporter),
        ),
        Input::File { name, file } => {
            let outcome =
                script::run_reader(session, BufReader::new(file), Origin::File(&name), reporter);
            (name, outcome)
        }
    };
    outcome.unwrap_or_else(|e| {
        reporter.error(&format!("cannot read `{name}`: {}", io_message(&e)));
        Flow::Stop
    })
}
