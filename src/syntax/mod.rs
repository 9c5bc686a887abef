//! Source text → AST: the pest grammar (`grammar/cgcalc.pest`) and the tree builder.

pub mod ast;
mod parser;

pub use parser::{MAX_NESTING, ParseError, needs_more_input, parse_statements};
