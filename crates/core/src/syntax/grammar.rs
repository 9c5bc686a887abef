//! The pest parser generated from `grammar/cgcalc.pest`.

use pest_derive::Parser;

/// Parser for one statement; see the grammar file for the rules.
#[derive(Parser)]
#[grammar = "../grammar/cgcalc.pest"]
pub(crate) struct CgcalcParser;
