//! Printing: values in CGSuite's notation ([`notation`]), the property summary shown under
//! a game result ([`summary`]), thermograph drawings in the terminal ([`plot`]), as SVG
//! ([`thermograph_svg`]) and as TikZ ([`thermograph_tikz`]), all from the exact
//! [`thermograph_shape`], game trees ([`tree`]), tables, and the drawing layer for positions,
//! plots and game graphs ([`picture`]).

mod explicit;
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
