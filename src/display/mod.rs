//! Printing: values in CGSuite's notation ([`notation`]) and the property summary shown under
//! a game result ([`summary`]).

pub mod notation;
mod order;
pub mod summary;

pub use notation::{PrintError, Printer};
pub use summary::{Summary, summarize};
