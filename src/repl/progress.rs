//! The progress line: a computation at the prompt that takes longer than a second gets a
//! spinner on standard error saying what runs and for how long, so that a long wait looks
//! alive and the user knows Ctrl-C is an option. It is cleared before the result prints.
//!
//! The evaluation keeps the main thread (the session is not `Send`, and Ctrl-C reaches it
//! through the interrupt flag as before); a helper thread waits a second and only then draws.
//! The engine exposes no running count that another thread could read, so the line shows the
//! statement and the elapsed time only. Only the REPL uses this, and only when standard error
//! is a terminal: scripts, pipes and `--json` never see it.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// Computations quicker than this show nothing.
const DELAY: Duration = Duration::from_secs(1);
const TICK: Duration = Duration::from_millis(100);
/// The statement is shown up to this many characters.
const WHAT_LIMIT: usize = 50;
const TEMPLATE: &str = "{spinner} {msg} ({elapsed}, Ctrl-C to stop)";

/// A running progress line; dropping it clears the line (also when the computation panics).
pub struct Progress {
    done: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Start timing the evaluation of `statement`; `None` when standard error is not a
    /// terminal (or no thread can be spawned, which only costs the progress line).
    pub fn start(statement: &str) -> Option<Progress> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let message = format!("computing {}", describe(statement));
        let (done, wait) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("cgcalc-progress".into())
            .spawn(move || {
                // A message or a hang-up means the computation ended.
                if wait.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
                    return;
                }
                let bar = ProgressBar::new_spinner()
                    .with_style(style())
                    .with_message(message)
                    .with_elapsed(DELAY);
                bar.enable_steady_tick(TICK);
                let _ = wait.recv();
                bar.finish_and_clear();
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
        assert_eq!(describe("  kayles.NimValues(100) "), "kayles.NimValues(100)");
        assert_eq!(describe("{1,\n 2|0}"), "{1, …");
        let long = "x".repeat(80);
        assert_eq!(describe(&long), format!("{}…", "x".repeat(WHAT_LIMIT)));
    }

    #[test]
    fn the_template_is_valid() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
    }
}
