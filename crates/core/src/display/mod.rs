//! Printing: values in CGSuite's notation ([`notation`]), the property summary shown under
//! a game result ([`summary`]), and thermograph drawings: in the terminal ([`plot`]) and as
//! SVG ([`thermograph_svg`]), both from the exact [`thermograph_shape`].

mod loopy;
mod loopy_order;
pub mod notation;
mod order;
pub mod picture;
pub mod plot;
pub mod scatter;
pub mod summary;
pub mod table;
pub mod thermograph_shape;
pub mod thermograph_svg;
pub mod thermograph_tikz;
pub mod tree;

pub use notation::{PrintError, Printer};
pub use summary::{Summary, TransfiniteFacts, summarize};
