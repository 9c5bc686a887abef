//! # cgcalc-core
//!
//! Combinatorial game theory as a library: the calculator behind the `cgcalc` binary, with no
//! terminal in it. It reads CGSuite's notation and the calculator's language, computes
//! canonical forms, properties, ruleset positions and misère forms, and prints values back in
//! CGSuite's notation (every printed value pastes back as input) or as JSON.
//!
//! Two ways in:
//!
//! - **A session**, as the binary uses it: [`Session::answer`] evaluates source text statement
//!   by statement into [`Answer`]s, each holding what a front end shows (the value in
//!   CGSuite's notation, its `--json` kind, the summary figures, extra drawings) or an error
//!   with its place ([`Diagnostic`]). [`Answer::to_json`] writes the `--json` objects.
//!   [`Session::eval_source`] gives the bare [`Value`]s instead.
//! - **The engine**, directly: [`Engine`] stores every canonical short game once and names it
//!   by a [`GameId`]; build games from options, add, negate, compare, and ask for outcomes,
//!   stops, temperatures and more; [`Printer`] writes a game in CGSuite's notation.
//!
//! See `examples/` in this crate for both.
//!
//! ## Layers
//!
//! Each top-level module imports only from the layers below it (test code aside):
//!
//! 1. [`syntax`] (source text → AST) and [`engine`] (the arena of canonical games, loopy games,
//!    thermographs, memory and progress accounting);
//! 2. [`misere`]: the arena of misère canonical impartial games;
//! 3. [`value`]: runtime values, and the traits of the values that upper layers implement
//!    (a user's function, a ruleset, a position);
//! 4. [`display`]: printing values and games in CGSuite's notation, summaries, plots;
//! 5. [`rulesets`]: heap, grid, strip, graph and user-defined rulesets and their positions;
//! 6. [`eval`]: the evaluator and the [`Session`], the reference table of every name users
//!    see, and the answers front ends show.
//!
//! ## Memory
//!
//! A session stops a computation that passes its memory ceiling (`CGCALC_MAX_MEMORY_MB`, 8 GiB
//! by default) with an error, once the program has installed the [`CountingAllocator`]; a
//! library does not choose its users' allocator. The games a session builds live in its
//! [`Engine`] and go with it, and so do the tables of its partizan searches (kept per thread,
//! as rulesets reach them with the engine alone). What outlives a session is per thread and
//! engine-independent: the misère arena (values hold its ids, so it only grows), memos of misère
//! forms and of heap games, and the Wythoff table.

pub mod display;
pub mod engine;
pub mod eval;
pub mod misere;
pub mod rulesets;
pub mod syntax;
pub mod value;

pub use display::{Printer, Summary};
pub use engine::memory::CountingAllocator;
pub use engine::{Engine, EngineError, GameId, Outcome, Relation};
pub use eval::{Answer, Diagnostic, Session, Show, Shown, StatementResult};
pub use value::{EvalError, Value};

/// The unit tests count allocations, as the binary does: the memory ceiling is tested.
#[cfg(test)]
#[global_allocator]
static TEST_ALLOCATOR: CountingAllocator = CountingAllocator;
