//! Source text → AST: the pest grammar (`grammar/cgcalc.pest`) and the tree builder.

pub mod ast;
mod build;
mod errors;
mod grammar;
mod parser;
mod scan;
#[cfg(test)]
mod tests;

pub use parser::{MAX_DEPTH, MAX_NESTING, ParseError, needs_more_input, parse_statements};
