//! Ctrl-C during a computation. At the prompt the terminal is in raw mode and rustyline sees
//! Ctrl-C as a key; while evaluating it is a SIGINT, which sets the engine's interrupt flag.
//! The engine polls the flag and fails the statement with an "interrupted" error. If the flag
//! is still set when a second Ctrl-C arrives, the computation is not listening (a bug, or a
//! step that does not poll): quit, so that the user always has a way out.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The conventional status of a process ended by SIGINT.
const EXIT_INTERRUPTED: i32 = 130;

pub fn install(flag: Arc<AtomicBool>) {
    // If a handler cannot be installed, Ctrl-C keeps its default meaning (end the program),
    // which is still a way out.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_INTERRUPTED);
        }
        // A progress line shows the message itself.
        if !super::progress::SHOWN.load(Ordering::SeqCst) {
            let _ = writeln!(std::io::stderr(), "\n{}", super::progress::INTERRUPTING);
        }
    });
}
