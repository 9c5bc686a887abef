//! Source text → AST: the pest grammar (`grammar/cgcalc.pest`) and the tree builder.
//!
//! Entry points: [`parse_statements`], [`needs_more_input`], and [`Chunker`], which decides
//! where a statement read line by line ends. Inside: `scan` splits the
//! text into statements and bounds the nesting depth before pest runs, `grammar` is the pest
//! parser, `build` turns its pairs into the [`ast`], and `errors` words its failures.
//!
//! What the evaluator should know about the trees it receives:
//!
//! * Juxtaposed literals (`73/16v9*8`, `-1^`, `*3`, `7`) are [`ast::ExprKind::Literal`]; a
//!   `-` written directly before a literal with a number part is inside the number
//!   (`-1^` is −1 + ↑), otherwise it is a `Unary` `Neg` (`-^`, `- 1^`, `-17.Div(4)`).
//!   Numbers are as typed, not reduced, and the denominator may be any non-negative
//!   integer (`1/0` parses; dividing by zero is the evaluator's error).
//! * CGSuite's printed up powers are desugared: `^<n>` is `^.Pow(n)`, `^[n]` is
//!   `^.PowTo(n)`, `v<n>` / `v[n]` are their negations, added (`Binary` `Add`) to the rest of
//!   the literal (`1^<2>*` = `1 + ^.Pow(2) + *`). `5Tiny(G)` is `5 + Tiny(G)`.
//! * The misère game `*[a, b]` is a star whose part is a list:
//!   `StarPart::Expr(List([a, b]))`.
//! * `{a, b}` without a bar is a `Set`; `+-{1,1*}` is therefore `Switch(Set)` (CGSuite's
//!   multiple switch `{1,1* | -1,-1*}`).
//! * `name(args)` is `Call`; `target.Name(args)` is `Member` with arguments
//!   (`G.Cool(1/2)`), except on a dotted path from `game`, which names a ruleset or a
//!   constructor: `game.heap.Kayles(5)` is `Apply(Member(Member(game, heap), Kayles), [5])`,
//!   as `ast.rs` documents. Arguments applied to anything else are `Apply` too
//!   (`game.heap.Subtraction([2,3])(7)`, `x[1](2)`, `(f)(2)`).
//! * `(e)` is `e` itself (its span widened to the parentheses); `(a, b)` is a `Tuple`.
//! * CGScript forms (language spec §2–§5): `x := e` is an `Assign` expression anywhere
//!   (right-associative; the target must be a plain name); `var x [:= e]` is `Var`;
//!   `def f(x) := e` / `def f(x) begin ... end` is `StatementKind::Def`; lambdas, `if`,
//!   `begin`, loops and comprehensions (`[...]`, `(...)`, `{...}`, `{k => v ...}`, and
//!   `f(e for ...)` whose single argument is the comprehension) have nodes of their own.
//!   `^` after an operand is `BinOp::Pow` (right-associative, tighter than prefix `-`), while
//!   a literal that starts with a number keeps its juxtaposed reading (`2^3` = 2 + ↑3).
//!   `*n` / `^n` with a name are a star / up count given by that name.
//! * Inside a block, the newlines that end a statement are read as `;` (see `scan`).
//! * Trees are at most [`MAX_DEPTH`] deep (a left-nested sum of n terms is n − 1 deep);
//!   bracket nesting is at most [`MAX_NESTING`].

pub mod ast;
mod build;
mod chunk;
mod errors;
mod grammar;
mod parser;
mod render;
mod scan;
mod symbol;
#[cfg(test)]
mod tests;
mod walk;

pub use chunk::{Chunk, Chunker};
pub use parser::{MAX_DEPTH, MAX_NESTING, ParseError, needs_more_input, parse_statements};
pub use render::{compare_text, render_lambda};
pub use symbol::Symbol;
pub use walk::free_names;
