//! The abstract syntax tree produced by the parser and consumed by the evaluator.
//!
//! Every expression carries the byte span of the source text it came from, so evaluation
//! errors can point at a column just as parse errors do.

pub use super::symbol::Symbol;
use num_bigint::BigInt;
use std::sync::Arc;

/// A half-open byte range `start..end` into the statement's source line(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

/// One statement of a script or prompt line.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub kind: StatementKind,
    /// True when the statement ended in `;`: it is evaluated but prints nothing.
    pub silent: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StatementKind {
    /// Any expression, assignments (`x := e`) and `var x := e` included.
    Expr(Expr),
    /// `def f(x, y) := body` or `def f(x) begin ... end` (the body is then a `Begin`): the same
    /// as `f := (x, y) -> body`, allowed at top level only.
    Def { name: String, lambda: Arc<Lambda> },
}

/// A function literal `(x, y ? 2) -> body`; shared (`Arc`) by every function value made from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub params: Vec<Param>,
    pub body: Expr,
}

/// One parameter of a lambda: its name and, optionally, a default (`y ? 2`).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Symbol,
    pub default: Option<Expr>,
    pub span: Span,
}

/// One clause of a loop or comprehension. Clauses nest with the first outermost.
// Built once per parse and never copied: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    /// `for x in coll`, `for x from a to b by s`, `for x := e`, each optionally followed by
    /// `while w` (false ends this clause's iteration) and `where c` (false skips the round).
    For {
        var: Symbol,
        /// Where the variable is written (for "Duplicate var" errors).
        var_span: Span,
        source: ForSource,
        while_cond: Option<Expr>,
        where_cond: Option<Expr>,
    },
    /// `while w [where c]`: binds nothing; only as the first clause of a statement loop.
    While {
        cond: Expr,
        where_cond: Option<Expr>,
    },
}

#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum ForSource {
    /// `in coll`
    In(Expr),
    /// `from a [to b] [by s]`
    From {
        from: Expr,
        to: Option<Expr>,
        by: Option<Expr>,
    },
    /// `:= e` (one round, x = e)
    Let(Expr),
}

/// What a statement loop does each round.
#[derive(Clone, Debug, PartialEq)]
pub enum LoopBody {
    /// `do S end`: the loop's value is `Nothing`.
    Do(Vec<Expr>),
    /// `yield S1 yield S2 ... end`: each round appends S1's value, then S2's, ...
    Yield(Vec<Vec<Expr>>),
}

/// What a comprehension builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectionKind {
    /// `[e for ...]`, `(e for ...)`, `f(e for ...)`
    List,
    /// `{e for ...}`
    Set,
    /// `{k => v for ...}`
    Map,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }
}

/// The number part of a literal: `numerator / denominator` exactly as typed
/// (not reduced; the denominator is 1 for integers and may be any positive integer).
#[derive(Clone, Debug, PartialEq)]
pub struct NumberLit {
    pub numerator: BigInt,
    pub denominator: BigInt,
}

/// A literal in CGSuite's printed notation: number, then ups/downs, then a star part,
/// juxtaposed without spaces (`73/16v9*8`, `6^*`, `^*6`, `2*`, `-1^^`, `*3`, `vv`, `7`, `-1/2`).
/// A minus sign in front belongs to the number part. Absent parts are zero.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLit {
    pub number: Option<NumberLit>,
    /// Net up multiple: `^` = 1, `^^` = 2, `^3` = 3, `v` = -1, `vv` = -2, `v3` = -3.
    pub ups: Option<UpCount>,
    /// `*` = Some(Star::Literal(1)), `*5`, or `*(expr)`.
    pub star: Option<StarPart>,
}

/// The up part of a literal. A parenthesised count (`^(n)`) is an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum UpCount {
    Literal(BigInt),
    /// `^(expr)` (positive direction) or `v(expr)` (negative): the expression counts copies.
    Expr {
        negative: bool,
        count: Box<Expr>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum StarPart {
    Literal(BigInt),
    Expr(Box<Expr>),
    /// CGSuite's printed notation of a misère game, brackets included: `*[2[2]]`.
    MisereNotation(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    /// `a +- b` = a + ±b
    PlusMinus,
    /// `G : H`
    OrdinalSum,
    /// `x ^ n` in operator position (after a name, `)` or `]`): a power of a number.
    Pow,
    /// `S & T`: the loopy value with onside S and offside T.
    Sided,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,                // ==
    Ne,                // !=
    Le,                // <=
    Ge,                // >=
    Lt,                // <
    Gt,                // >
    LessOrConfused,    // <|
    GreaterOrConfused, // |>
    Confused,          // <>
    Same,              // ===  (structural)
    NotSame,           // !==
    Order,             // <=>  (0, -1, 1, or * when confused)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Plus,
    /// `+-x` / `±x`: the switch {x | -x}
    Switch,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicOp {
    And,
    Or,
}

/// A call argument: positional, or named (`allbut => true`).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Option<String>,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A juxtaposed literal; a bare integer `7` is `GameLit { number: Some(7/1), .. }`.
    Literal(GameLit),
    /// `{L1,...|R1,...}` or `<L|R>` after multi-bar resolution (`{a||b|c}` = `{a|{b|c}}`).
    Game {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `pass`: an option of a loopy game that moves to the game itself (`{pass|*}`).
    Pass,
    /// `∞`, `∞(0,1)`, `oo(0, *2)`, `oo({0,1})`: a loopy nim value, from its arguments (natural
    /// numbers or nimbers, or one collection of them).
    LoopyNimber(Vec<Expr>),
    /// `a{0|a}`: braces whose node is named `label` inside them (a loopy game).
    Labelled {
        label: Symbol,
        game: Box<Expr>,
    },
    /// `'{L|R}'`: an explicit game kept in the form typed (not canonicalised).
    ExplicitGame {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `{}` or `{a, b}` without a bar: a set.
    Set(Vec<Expr>),
    List(Vec<Expr>),
    /// `{k => v, ...}`; `{=>}` is the empty map.
    Map(Vec<(Expr, Expr)>),
    /// `a..b` or `a..b..step` (inclusive integer range).
    Range {
        from: Box<Expr>,
        to: Box<Expr>,
        step: Option<Box<Expr>>,
    },
    /// `[e clauses]`, `{e clauses}`, `{k => v clauses}`, `(e clauses)`, `f(e clauses)`.
    /// For a map, `body` is the key and `value` the value.
    Comprehension {
        kind: CollectionKind,
        body: Box<Expr>,
        value: Option<Box<Expr>>,
        clauses: Vec<Clause>,
    },
    /// `clauses do S end` / `clauses yield S end`.
    Loop {
        clauses: Vec<Clause>,
        body: LoopBody,
    },
    /// `if c then S elseif c2 then S2 else S3 end`: the branches in order, then the `else`.
    If {
        branches: Vec<(Expr, Vec<Expr>)>,
        otherwise: Option<Vec<Expr>>,
    },
    /// `begin S end`: a block with its own scope; its value is the last statement's.
    Begin(Vec<Expr>),
    /// `name := value` (right-associative; yields the value).
    Assign {
        name: Symbol,
        value: Box<Expr>,
    },
    /// `var name` or `var name := value`.
    Var {
        name: Symbol,
        value: Option<Box<Expr>>,
    },
    /// `params -> body`.
    Lambda(Arc<Lambda>),
    /// `error(e)`: aborts the statement with e as the message.
    Error(Box<Expr>),
    /// `a is T`: a type test.
    Is {
        value: Box<Expr>,
        type_name: String,
    },
    Bool(bool),
    Str(String),
    /// A variable, function or ruleset name; also `Left` / `Right` / `Nothing`.
    Name(Symbol),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Compare {
        op: CmpOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Logic {
        op: LogicOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `target.Name` (args = None) or `target.Name(args)` (args = Some).
    /// `game.heap.Kayles` is `Member(Member(Name("game"), "heap"), "Kayles")`.
    Member {
        target: Box<Expr>,
        name: String,
        /// Where the name is written: errors of the method itself point there.
        name_span: Span,
        args: Option<Vec<Arg>>,
    },
    /// `name(args)`: function call.
    Call {
        name: String,
        args: Vec<Arg>,
    },
    /// `callee(args)` where callee is not a plain name (e.g. `game.heap.Kayles(5)`).
    Apply {
        callee: Box<Expr>,
        args: Vec<Arg>,
    },
    /// `a Name b` (named infix method, e.g. `11 NimSum 3`, `G Heat 2`).
    Infix {
        name: String,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `target[args]` (ruleset positions `R[3,4]`, list indexing).
    Index {
        target: Box<Expr>,
        args: Vec<Expr>,
    },
    /// `(a, b)` tuple (CGSuite's `Wythoff((10,11))`).
    Tuple(Vec<Expr>),
}
