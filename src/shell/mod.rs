//! What both front ends share: running scripts
//! ([`script`]), reporting answers as text or JSON ([`report`]), colours ([`style`]) and the
//! exit statuses; and fitting long values on the REPL's screen ([`fold`]). The REPL and the
//! command line both build on it; it imports neither.

mod diagnostic;
pub mod fold;
pub mod report;
pub mod script;
pub mod style;
mod text;

use std::io;

pub const EXIT_OK: i32 = 0;
pub const EXIT_FAILED: i32 = 1;
pub const EXIT_USAGE: i32 = 2;
/// The conventional status of a process ended by SIGINT (128 + 2).
pub const EXIT_INTERRUPTED: i32 = 130;

/// An I/O error's message without the `(os error 2)` suffix, which only adds noise.
pub fn io_message(e: &io::Error) -> String {
    let message = e.to_string();
    match message.find(" (os error ") {
        Some(cut) => message[..cut].to_string(),
        None => message,
    }
}
