//! The progress line: a computation at the prompt that takes longer than a second gets a
//! spinner on standard error saying what runs and for how long, so that a long wait looks
//! alive and the user knows Ctrl-C is an option. It is cleared before the result prints.
//!
//! The evaluation keeps the main thread (the session is not `Send`, and Ctrl-C reaches it
//! through the interrupt flag as before); a helper thread waits a second and only then draws.
//! Long loops publish a count of their work ([`cgcalc_core::engine::progress`]); the line shows the
//! latest one after the statement. Only the REPL uses this, and only when standard error is a
//! terminal: scripts, pipes and `--json` never see it.

use cgcalc_core::engine::progress;
use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// Computations quicker than this show nothing.
const DELAY: Duration = Duration::from_secs(1);
const TICK: Duration = Duration::from_millis(100);
/// The statement is shown up to this many characters.
const WHAT_LIMIT: usize = 50;
/// Shown once Ctrl-C has asked the computation to stop.
pub const INTERRUPTING: &str = "interrupting…";
const TEMPLATE: &str = "{spinner} {msg} ({elapsed}, Ctrl-C to stop)";

/// True while a progress line is drawn: the Ctrl-C handler then leaves the "interrupting"
/// message to the line (writing its own would strand the spinner on the screen).
pub static SHOWN: AtomicBool = AtomicBool::new(false);

/// A running progress line; dropping it clears the line (also when the computation panics).
pub struct Progress {
    done: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Start timing the evaluation of `statement`, which Ctrl-C stops through `interrupt`;
    /// `None` when standard error is not a terminal (or no thread can be spawned, which only
    /// costs the progress line).
    pub fn start(statement: &str, interrupt: Arc<AtomicBool>) -> Option<Progress> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let message = format!("computing {}", describe(statement));
        progress::clear();
        let (done, wait) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("cgcalc-progress".into())
            .spawn(move || {
                // A message or a hang-up means the computation ended.
                if wait.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
                    return;
                }
                let target = ProgressDrawTarget::term_like(Box::new(Narrow(Term::stderr())));
                let bar = ProgressBar::with_draw_target(None, target)
                    .with_style(style())
                    .with_message(message.clone())
                    .with_elapsed(DELAY);
                bar.enable_steady_tick(TICK);
                SHOWN.store(true, Ordering::SeqCst);
                let mut told = false;
                let mut shown = None;
                let mut stage = None;
                while wait.recv_timeout(TICK) == Err(RecvTimeoutError::Timeout) {
                    if told {
                        continue;
                    }
                    if interrupt.load(Ordering::SeqCst) {
                        told = true;
                        bar.set_message(INTERRUPTING);
                    } else if let Some(now) = progress::stage() {
                        if stage != Some(now) {
                            stage = Some(now);
                            bar.set_message(now);
                        }
                    } else if let Some(report) = progress::latest()
                        && shown != Some(report)
                    {
                        shown = Some(report);
                        bar.set_message(format!("{message}: {report}"));
                    }
                }
                bar.finish_and_clear();
                SHOWN.store(false, Ordering::SeqCst);
            })
            .ok()?;
        Some(Progress {
            done: Some(done),
            thread: Some(thread),
        })
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(thread) = self.thread.take() {
            // Joining makes sure the line is gone before anything else is written.
            let _ = thread.join();
        }
    }
}

/// Standard error, said to be a few columns narrower than it is. indicatif pads its line to
/// the full width, and the `^C` the terminal echoes on Ctrl-C would then wrap to a new line,
/// leaving the spinner's line behind when it is cleared.
#[derive(Debug)]
struct Narrow(Term);

/// Room kept free at the end of the line for the echoed `^C`.
const ECHO_ROOM: u16 = 4;

impl TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(ECHO_ROOM).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

fn style() -> ProgressStyle {
    ProgressStyle::with_template(TEMPLATE).unwrap_or_else(|_| ProgressStyle::default_spinner())
}

/// The statement's first line, shortened to fit on the progress line.
fn describe(statement: &str) -> String {
    let first = statement.trim().lines().next().unwrap_or_default();
    let more = first.len() < statement.trim().len();
    if first.chars().count() > WHAT_LIMIT {
        let start: String = first.chars().take(WHAT_LIMIT).collect();
        format!("{start}…")
    } else if more {
        format!("{first} …")
    } else {
        first.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_are_described_briefly() {
        assert_eq!(
            describe("  kayles.NimValues(100) "),
            "kayles.NimValues(100)"
        );
        assert_eq!(describe("{1,\n 2|0}"), "{1, …");
        let long = "x".repeat(80);
        assert_eq!(describe(&long), format!("{}…", "x".repeat(WHAT_LIMIT)));
    }

    #[test]
    fn the_template_is_valid() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
    }
}
