//! The command-line arguments, declared with clap's derive API.

use crate::shell::style::ColorWhen;
use clap::Parser;
use std::num::NonZeroUsize;
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Modes:
  cgcalc                 interactive prompt when standard input is a terminal,
                         otherwise read a script from standard input
  cgcalc FILE...         run the files in order, sharing one session (\"-\" is stdin)
  cgcalc -e EXPR ...     evaluate each EXPR (after any FILEs) and exit

Examples:
  cgcalc -e '{2||1|0}'
  echo '*3 + *5; ^ + v' | cgcalc --json
  cgcalc notes.cg --fail-fast

Errors go to standard error as `error: <message>` followed by a
`┌─ <source>:<line>:<column>` header, the offending line and a caret.

Exit status: 0 if every statement succeeded, 1 if any failed, 2 for bad usage.";

/// cgcalc — a calculator for combinatorial games (Conway's notation, CGSuite's output).
#[derive(Debug, Parser)]
#[command(name = "cgcalc", version, about, after_help = AFTER_HELP)]
pub struct Args {
    /// Script files to run in order, sharing one session ("-" reads standard input).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Evaluate EXPR and print its result; repeatable. Standard input is not read.
    // Hyphen values are allowed so that `-e -1/2` means the expression, not a flag.
    #[arg(
        short = 'e',
        long = "expression",
        value_name = "EXPR",
        allow_hyphen_values = true
    )]
    pub expressions: Vec<String>,

    /// Print one JSON object per statement on standard output (errors included).
    #[arg(long)]
    pub json: bool,

    /// Print only each result's value, without the property summary.
    #[arg(short, long)]
    pub quiet: bool,

    /// When to colour the output.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,

    /// Stop at the first statement that fails.
    #[arg(long)]
    pub fail_fast: bool,

    /// Threads a long search may use [default: CGCALC_THREADS, else every core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn expression_may_start_with_a_minus_sign() {
        let args = Args::try_parse_from(["cgcalc", "-e", "-1/2", "-e", "*"]).expect("valid");
        assert_eq!(args.expressions, ["-1/2", "*"]);
    }

    #[test]
    fn threads_must_be_a_positive_number() {
        let args = Args::try_parse_from(["cgcalc", "--threads", "2"]).expect("valid");
        assert_eq!(args.threads.map(NonZeroUsize::get), Some(2));
        for bad in ["0", "-1", "two"] {
            assert!(
                Args::try_parse_from(["cgcalc", "--threads", bad]).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn color_defaults_to_auto() {
        let args = Args::try_parse_from(["cgcalc"]).expect("valid");
        assert_eq!(args.color, ColorWhen::Auto);
    }
}
