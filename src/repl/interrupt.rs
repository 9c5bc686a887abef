//! Ctrl-C during a computation. At the prompt the terminal is in raw mode and rustyline sees
//! Ctrl-C as a key; while evaluating it is a SIGINT, which sets the engine's interrupt flag.
//! The engine polls the flag and fails the statement with an "interrupted" error, and the
//! session goes back to the prompt with its variables.
//!
//! Every loop polls the flag within milliseconds, so the first Ctrl-C keeps the session. A
//! second Ctrl-C while the first is still being honoured (the flag is set until the statement
//! has stopped) quits, as `:help keys` says: the user pressing it again wants out now, and a
//! step that does not poll (a bug) must not trap them.

use crate::shell::EXIT_INTERRUPTED;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What the handler does with one Ctrl-C.
#[derive(Debug, PartialEq, Eq)]
enum Press {
    /// The first: ask the computation to stop.
    Interrupt,
    /// Another before the computation has stopped: quit.
    Quit,
}

/// Raise the flag; a press that finds it already raised quits.
fn press(flag: &AtomicBool) -> Press {
    if flag.swap(true, Ordering::SeqCst) {
        Press::Quit
    } else {
        Press::Interrupt
    }
}

pub fn install(flag: Arc<AtomicBool>) {
    // If a handler cannot be installed, Ctrl-C keeps its default meaning (end the program),
    // which is still a way out.
    let _ = ctrlc::set_handler(move || match press(&flag) {
        Press::Interrupt => {
            // A progress line shows the message itself.
            if !super::progress::SHOWN.load(Ordering::SeqCst) {
                let _ = writeln!(std::io::stderr(), "\n{}", super::progress::INTERRUPTING);
            }
        }
        Press::Quit => {
            let _ = writeln!(std::io::stderr(), "\nsecond Ctrl-C: quitting");
            std::process::exit(EXIT_INTERRUPTED);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_press_interrupts_and_a_second_before_the_stop_quits() {
        let flag = AtomicBool::new(false);
        assert_eq!(press(&flag), Press::Interrupt);
        assert_eq!(press(&flag), Press::Quit);
        // Once the statement has stopped the REPL lowers the flag: the next press is a first.
        flag.store(false, Ordering::SeqCst);
        assert_eq!(press(&flag), Press::Interrupt);
    }
}
