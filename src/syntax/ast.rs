//! The abstract syntax tree produced by the parser and consumed by the evaluator.
//!
//! Every expression carries the byte span of the source text it came from, so evaluation
//! errors can point at a column just as parse errors do.

use num_bigint::BigInt;

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
    Expr(Expr),
    /// `name := expr`
    Assign {
        name: String,
        value: Expr,
    },
    /// `def f(x, y) := body`
    Def {
        name: String,
        params: Vec<String>,
        body: Expr,
    },
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
    /// `'{L|R}'`: an explicit game kept in the form typed (not canonicalised).
    ExplicitGame {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `{}` or `{a, b}` without a bar: a set.
    Set(Vec<Expr>),
    List(Vec<Expr>),
    /// `a..b` (inclusive integer range).
    Range {
        from: Box<Expr>,
        to: Box<Expr>,
    },
    /// `[body for var in iter]` (nice to have; the parser may omit it).
    Comprehension {
        body: Box<Expr>,
        var: String,
        iter: Box<Expr>,
    },
    Bool(bool),
    Str(String),
    /// A variable, function or ruleset name; also `Left` / `Right` / `Nothing`.
    Name(String),
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
