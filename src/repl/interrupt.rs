//! Ctrl-C during a computation. At the prompt the terminal is in raw mode and rustyline sees
//! Ctrl-C as a key; while evaluating it is a SIGINT, which sets the engine's interrupt flag.
//! The engine polls the flag and fails the statement with an "interrupted" error, and the
//! session goes back to the prompt with its variables.
//!
//! Every loop polls the flag within milliseconds, so a second Ctrl-C while the first is being
//! honoured only says so: the session is kept. Only if the computation has ignored Ctrl-C
//! for [`STUCK`] (a step that does not poll: a bug) does a further Ctrl-C end the program,
//! so that the user always has a way out.

use crate::shell::EXIT_INTERRUPTED;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a computation may go on after Ctrl-C before another Ctrl-C quits.
const STUCK: Duration = Duration::from_secs(3);

pub fn install(flag: Arc<AtomicBool>) {
    let first_press: Mutex<Option<Instant>> = Mutex::new(None);
    // If a handler cannot be installed, Ctrl-C keeps its default meaning (end the program),
    // which is still a way out.
    let _ = ctrlc::set_handler(move || {
        let mut first = first_press.lock().unwrap_or_else(|e| e.into_inner());
        if !flag.swap(true, Ordering::SeqCst) {
            *first = Some(Instant::now());
            // A progress line shows the message itself.
            if !super::progress::SHOWN.load(Ordering::SeqCst) {
                let _ = writeln!(std::io::stderr(), "\n{}", super::progress::INTERRUPTING);
            }
            return;
        }
        match *first {
            Some(at) if at.elapsed() >= STUCK => {
                let _ = writeln!(
                    std::io::stderr(),
                    "\nthe computation does not stop (this is a bug in cgcalc); quitting"
                );
                std::process::exit(EXIT_INTERRUPTED);
            }
            _ => {
                let _ = writeln!(std::io::stderr(), "\nstill stopping…");
            }
        }
    });
}
