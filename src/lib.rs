//! cgcalc — a calculator for combinatorial game theory.
//!
//! The pipeline: [`syntax`] parses a line into an AST, [`eval`] evaluates it against an
//! environment, handing games to the arena-backed [`engine`], and [`display`] prints values in
//! CGSuite's notation. The binary (`main.rs`, [`cli`], [`repl`]) is a thin shell around them.
//!
//! Layers, lowest first; each imports only from layers below it:
//! [`syntax`] and [`engine`]; [`value`] (runtime values, shared by rulesets and the evaluator),
//! [`misere`], [`rulesets`] and [`display`]; [`eval`]; [`shell`] (output and script running
//! shared by both front ends); [`repl`]; [`cli`].

pub mod cli;
pub mod display;
pub mod engine;
pub mod eval;
pub mod misere;
pub mod repl;
pub mod rulesets;
pub mod shell;
pub mod syntax;
pub mod value;
