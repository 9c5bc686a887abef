//! Colour: deciding whether each output stream gets colour, and the palette that marks the
//! parts of the output. Every styled piece reads the same without colour.

use cgcalc_core::value::picture::Tint;
use clap::ValueEnum;
use colored::{ColoredString, Colorize};
use std::io::IsTerminal;

/// Styles for one output stream; with `enabled == false` every method returns its text as is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub enabled: bool,
}

impl Palette {
    #[cfg(test)]
    pub const PLAIN: Palette = Palette { enabled: false };

    fn paint(self, text: &str, style: impl FnOnce(&str) -> ColoredString) -> String {
        if self.enabled {
            style(text).to_string()
        } else {
            text.to_string()
        }
    }

    /// A result's value line.
    pub fn value(self, text: &str) -> String {
        self.paint(text, |t| t.bold())
    }

    /// Labels and separators in the summary.
    pub fn label(self, text: &str) -> String {
        self.paint(text, |t| t.dimmed())
    }

    /// An outcome class letter: Left blue and Right red (CGSuite's convention), N green, P yellow.
    pub fn outcome(self, code: &str) -> String {
        match code {
            "L" => self.paint(code, |t| t.blue().bold()),
            "R" => self.paint(code, |t| t.red().bold()),
            "N" => self.paint(code, |t| t.green().bold()),
            "P" => self.paint(code, |t| t.yellow().bold()),
            _ => self.paint(code, |t| t.bold()),
        }
    }

    /// A piece of a picture in its player's colour: Left blue, Right red, either player's
    /// green (Hackenbush's colours).
    pub fn tint(self, tint: Tint, text: &str) -> String {
        match tint {
            Tint::Left => self.paint(text, |t| t.blue().bold()),
            Tint::Right => self.paint(text, |t| t.red().bold()),
            Tint::Either => self.paint(text, |t| t.green().bold()),
            Tint::Plain => text.to_string(),
        }
    }

    /// The `error:` tag.
    pub fn error(self, text: &str) -> String {
        self.paint(text, |t| t.red().bold())
    }

    /// Emphasised text: error messages, help headings.
    pub fn strong(self, text: &str) -> String {
        self.paint(text, |t| t.bold())
    }

    /// The `│` gutter, line numbers and the `┌─` header of a diagnostic.
    pub fn gutter(self, text: &str) -> String {
        self.paint(text, |t| t.blue())
    }

    /// The caret under an error's column.
    pub fn caret(self, text: &str) -> String {
        self.paint(text, |t| t.red().bold())
    }

    /// The REPL prompt.
    pub fn prompt(self, text: &str) -> String {
        self.paint(text, |t| t.green().bold())
    }
}

/// The palettes of standard output and standard error, decided once at start-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colors {
    pub stdout: Palette,
    pub stderr: Palette,
}

impl Colors {
    /// Decide per stream, so that `cgcalc 2>log` keeps escape codes out of the log while the
    /// terminal still gets colour.
    pub fn decide(when: ColorWhen) -> Colors {
        let (stdout, stderr) = match when {
            ColorWhen::Always => (true, true),
            ColorWhen::Never => (false, false),
            ColorWhen::Auto => {
                let env_allows = env_allows_color();
                (
                    env_allows && std::io::stdout().is_terminal(),
                    env_allows && std::io::stderr().is_terminal(),
                )
            }
        };
        Colors {
            stdout: Palette { enabled: stdout },
            stderr: Palette { enabled: stderr },
        }
    }

    /// Make `colored` obey our decision instead of its own environment checks (it only looks
    /// at standard output); palettes that are off never call it.
    pub fn apply(self) {
        colored::control::set_override(self.stdout.enabled || self.stderr.enabled);
    }
}

/// `NO_COLOR` (any non-empty value, per no-color.org) and `TERM=dumb` turn colour off.
fn env_allows_color() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    !no_color && !dumb
}

/// The `--color` setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// Colour a stream when it is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    Auto,
    Always,
    Never,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_palette_returns_text_unchanged() {
        let p = Palette::PLAIN;
        assert_eq!(p.value("{1|0}"), "{1|0}");
        assert_eq!(p.outcome("N"), "N");
        assert_eq!(p.error("error:"), "error:");
    }

    #[test]
    fn never_and_always_ignore_the_environment() {
        let never = Colors::decide(ColorWhen::Never);
        assert!(!never.stdout.enabled && !never.stderr.enabled);
        let always = Colors::decide(ColorWhen::Always);
        assert!(always.stdout.enabled && always.stderr.enabled);
    }
}
