//! Where the REPL history lives, and loading/appending it without ever failing the session:
//! a read-only home or a corrupt file only costs the history.
//!
//! The file is `CGCALC_HISTORY` when set (an empty value turns history off), else
//! `<data dir>/cgcalc/history` (`~/.local/share/cgcalc/history` on Linux).

use rustyline::history::DefaultHistory;
use rustyline::{Editor, Helper};
use std::path::PathBuf;

pub struct HistoryFile {
    path: Option<PathBuf>,
}

impl HistoryFile {
    pub fn locate() -> Self {
        let path = match std::env::var_os("CGCALC_HISTORY") {
            Some(value) if value.is_empty() => None,
            Some(value) => Some(expand_home(&value.to_string_lossy())),
            None => dirs::data_dir().map(|dir| dir.join("cgcalc").join("history")),
        };
        HistoryFile { path }
    }

    /// Load earlier sessions' lines, creating the directory for later appends.
    pub fn load<H: Helper>(&self, editor: &mut Editor<H, DefaultHistory>) {
        let Some(path) = &self.path else { return };
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(path);
    }

    /// Write the lines added since the last call.
    pub fn append<H: Helper>(&self, editor: &mut Editor<H, DefaultHistory>) {
        if let Some(path) = &self.path {
            let _ = editor.append_history(path);
        }
    }
}

/// `~/notes.cg` → `$HOME/notes.cg`, as a shell would have done.
pub fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), dirs::home_dir()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_is_expanded_only_at_the_start() {
        assert_eq!(expand_home("a/~/b"), PathBuf::from("a/~/b"));
        if let Some(home) = dirs::home_dir() {
            assert_eq!(expand_home("~/x.cg"), home.join("x.cg"));
        }
    }
}
