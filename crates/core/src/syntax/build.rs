//! Builds the AST from pest's parse tree: one method per grammar construct.
//!
//! The grammar is flat (see `grammar/cgcalc.pest`), so this is where precedence lives:
//! [`Builder::expr`] runs an operator-precedence (shunting-yard) pass with explicit stacks, so
//! a sum of 10 000 terms costs no recursion here. Recursion follows bracket and block nesting
//! only, which the scanner has already bounded.
//!
//! Every node is built together with the depth of the tree under it, and no node deeper than
//! [`MAX_DEPTH`] is ever created: a chain of 100 000 `+` is left-nested 100 000 levels deep,
//! and merely dropping such a tree (let alone evaluating it) would overflow the stack.
//!
//! The operator table (language spec §3), loosest first: `:=` (right), lambda heads `x ->`
//! (prefix), `or`, `and`, `not` (prefix), `is T` (postfix), comparisons (no chaining), named
//! infix calls, `..` (with an optional second `..` for the step), `+ - +-`, `:`, `* / %`,
//! prefix signs, `^` (power, right). Postfix `.Name`, calls and indexing live in the operand.
//!
//! Desugarings, all expressible in the AST without new node kinds:
//! * `^<n>` / `v<n>` (CGSuite's up-nth powers) become `^.Pow(n)` / `-(^.Pow(n))`, and
//!   `^[n]` / `v[n]` become `^.PowTo(n)` / `-(^.PowTo(n))`, added to the rest of the literal;
//! * `5Tiny(G)` / `5Miny(G)` (CGSuite's printed `x + Tiny(G)`) become `5 + Tiny(G)`;
//! * the misère game `*[a, b]` is a star whose part is the list: `StarPart::Expr(List)`;
//! * `*n` and `^n` with `n` a name are a star and an up count given by an expression.

use num_bigint::BigInt;
use pest::iterators::{Pair, Pairs};

use super::ast::{
    Arg, BinOp, Clause, CmpOp, CollectionKind, Expr, ExprKind, ForSource, GameLit, Lambda, LogicOp,
    LoopBody, NumberLit, Param, Span, StarPart, StatementKind, UnaryOp, UpCount,
};
use super::grammar::Rule;
use super::parser::{MAX_DEPTH, ParseError};
use std::sync::Arc;

type P<'i> = Pair<'i, Rule>;
type Result<T> = std::result::Result<T, ParseError>;

/// Binding strengths (higher binds tighter); see the module documentation.
const ASSIGN_PREC: u8 = 1;
const LAMBDA_PREC: u8 = 2;
const NOT_PREC: u8 = 5;
const IS_PREC: u8 = 6;
const SIGN_PREC: u8 = 14;
const TIMES_PREC: u8 = 15;
const POW_PREC: u8 = 16;

/// Converts pest pairs of one statement into AST nodes.
pub(crate) struct Builder {
    /// Offset of the statement's text within the whole source (pest positions are relative).
    base: usize,
}

/// An expression and the depth of its tree (a leaf has depth 1).
struct Node {
    expr: Expr,
    depth: usize,
}

/// A binary operator waiting on the operator stack.
struct BinaryOp {
    kind: BinKind,
    prec: u8,
    right_assoc: bool,
    span: Span,
}

enum BinKind {
    Arith(BinOp),
    Cmp(CmpOp),
    Logic(LogicOp),
    Infix(String),
    Range,
    /// The second `..` of `a..b..s`.
    RangeStep,
    Assign,
}

enum StackOp {
    /// `-`, `+`, `+-`, `not`.
    Prefix {
        op: UnaryOp,
        start: usize,
        prec: u8,
    },
    /// `params ->`, waiting for its body.
    Lambda {
        params: Vec<Param>,
        depth: usize,
        start: usize,
    },
    Binary(BinaryOp),
}

impl StackOp {
    fn prec(&self) -> u8 {
        match self {
            StackOp::Prefix { prec, .. } => *prec,
            StackOp::Lambda { .. } => LAMBDA_PREC,
            StackOp::Binary(b) => b.prec,
        }
    }
}

/// Which node a `{...|...}` builds.
#[derive(Clone, Copy, PartialEq)]
enum GameKind {
    Plain,
    Explicit,
}

impl GameKind {
    fn node(self, left: Vec<Expr>, right: Vec<Expr>) -> ExprKind {
        match self {
            GameKind::Plain => ExprKind::Game { left, right },
            GameKind::Explicit => ExprKind::ExplicitGame { left, right },
        }
    }
}

/// One comma-separated option list between bar runs.
struct Segment {
    items: Vec<Expr>,
    depth: usize,
    span: Span,
}

/// A run of `|` characters.
struct Bars {
    len: usize,
    span: Span,
}

fn internal(offset: usize) -> ParseError {
    ParseError {
        message: "internal parser error (please report this input)".into(),
        offset,
        incomplete: false,
    }
}

/// Split nodes into expressions and their greatest depth (0 for none).
fn unzip(nodes: Vec<Node>) -> (Vec<Expr>, usize) {
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    (nodes.into_iter().map(|n| n.expr).collect(), depth)
}

fn leaf(kind: ExprKind, span: Span) -> Node {
    Node {
        expr: Expr::new(kind, span),
        depth: 1,
    }
}

fn one() -> BigInt {
    BigInt::from(1)
}

impl Builder {
    pub(crate) fn new(base: usize) -> Self {
        Builder { base }
    }

    fn span(&self, pair: &P<'_>) -> Span {
        let s = pair.as_span();
        Span::new(self.base + s.start(), self.base + s.end())
    }

    fn error(&self, message: impl Into<String>, offset: usize) -> ParseError {
        ParseError {
            message: message.into(),
            offset,
            incomplete: false,
        }
    }

    /// A node over children whose greatest depth is `child_depth`; refused if it would be
    /// deeper than [`MAX_DEPTH`] (`at` is where to point the error).
    fn node(&self, kind: ExprKind, span: Span, child_depth: usize, at: usize) -> Result<Node> {
        let depth = child_depth + 1;
        if depth > MAX_DEPTH {
            return Err(self.error(
                format!(
                    "expression too deep (more than {MAX_DEPTH} levels; each operator of a long \
                     chain counts as one): split it with variables"
                ),
                at,
            ));
        }
        Ok(Node {
            expr: Expr::new(kind, span),
            depth,
        })
    }

    /// The next child, which the grammar guarantees; an internal error otherwise.
    fn next<'i>(&self, pairs: &mut Pairs<'i, Rule>, parent: Span) -> Result<P<'i>> {
        pairs.next().ok_or_else(|| internal(parent.start))
    }

    /// The first child with the given rule.
    fn find<'i>(&self, pair: P<'i>, rule: Rule) -> Result<P<'i>> {
        let span = self.span(&pair);
        pair.into_inner()
            .find(|p| p.as_rule() == rule)
            .ok_or_else(|| internal(span.start))
    }

    // ------------------------------------------------------------ statements

    /// `statement_input`: a definition, a `var` declaration or an expression (assignments
    /// included).
    pub(crate) fn statement(&self, input: P<'_>) -> Result<StatementKind> {
        let span = self.span(&input);
        let mut inner = input.into_inner();
        let first = self.next(&mut inner, span)?;
        match first.as_rule() {
            Rule::def_stmt => self.def_stmt(first),
            Rule::var_stmt => Ok(StatementKind::Expr(self.var_stmt(first)?.expr)),
            Rule::expr => Ok(StatementKind::Expr(self.expr(first)?.expr)),
            _ => Err(internal(span.start)),
        }
    }

    /// `def f(x, y) := body` or `def f(x) begin ... end`.
    fn def_stmt(&self, pair: P<'_>) -> Result<StatementKind> {
        let span = self.span(&pair);
        let mut name = None;
        let mut params = Vec::new();
        let mut body = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(p.as_str().to_string()),
                Rule::params => params = self.params(p)?.0,
                Rule::expr => body = Some(self.expr(p)?.expr),
                Rule::begin_expr => body = Some(self.begin_expr(p)?.expr),
                _ => {}
            }
        }
        match (name, body) {
            (Some(name), Some(body)) => Ok(StatementKind::Def {
                name,
                lambda: Arc::new(Lambda { params, body }),
            }),
            _ => Err(internal(span.start)),
        }
    }

    /// The `param` children of `pair`, with the greatest depth among their defaults.
    fn params(&self, pair: P<'_>) -> Result<(Vec<Param>, usize)> {
        let mut params = Vec::new();
        let mut depth = 0;
        for p in pair.into_inner().filter(|p| p.as_rule() == Rule::param) {
            let span = self.span(&p);
            let mut inner = p.into_inner();
            let name = self.next(&mut inner, span)?;
            let default = match inner.next() {
                Some(d) => {
                    let d = self.expr(d)?;
                    depth = depth.max(d.depth);
                    Some(d.expr)
                }
                None => None,
            };
            params.push(Param {
                name: name.as_str().into(),
                default,
                span: self.span(&name),
            });
        }
        Ok((params, depth))
    }

    /// `var x` or `var x := e`; the initial value cannot be an assignment.
    fn var_stmt(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let mut name = None;
        let mut value = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(p.as_str().to_string()),
                Rule::expr => value = Some(self.expr(p)?),
                _ => {}
            }
        }
        let name = name.ok_or_else(|| internal(span.start))?;
        if let Some(v) = &value
            && let ExprKind::Assign { .. } = v.expr.kind
        {
            return Err(self.error(
                "the initial value of `var` cannot be an assignment: declare each name with its \
                 own `var`",
                v.expr.span.start,
            ));
        }
        let depth = value.as_ref().map_or(0, |v| v.depth);
        let value = value.map(|v| Box::new(v.expr));
        self.node(
            ExprKind::Var {
                name: name.into(),
                value,
            },
            span,
            depth,
            span.start,
        )
    }

    // ------------------------------------------------------------ operators

    /// `expr` or `option`: a flat stream of prefix operators (lambda heads among them),
    /// operands, binary operators and `is` tests, combined by precedence with an operator
    /// stack.
    fn expr(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let children = pair.into_inner();
        // Fast path for the most common case, a lone operand (most game options).
        if children.len() == 1
            && let Some(only) = children.peek().filter(|p| p.as_rule() == Rule::operand)
        {
            return Ok(self.operand(only, &[])?.0);
        }
        let mut values: Vec<Node> = Vec::new();
        let mut ops: Vec<StackOp> = Vec::new();
        let mut prefixes: Vec<(UnaryOp, Span)> = Vec::new();
        for child in children {
            match child.as_rule() {
                Rule::kw_not => {
                    let start = self.span(&child).start;
                    if !prefixes.is_empty() {
                        return Err(self.error(
                            "`not` cannot follow a sign: write `not` first, or use parentheses",
                            start,
                        ));
                    }
                    ops.push(StackOp::Prefix {
                        op: UnaryOp::Not,
                        start,
                        prec: NOT_PREC,
                    });
                }
                Rule::prefix_op => {
                    let op = match child.as_str() {
                        "-" => UnaryOp::Neg,
                        "+" => UnaryOp::Plus,
                        _ => UnaryOp::Switch,
                    };
                    prefixes.push((op, self.span(&child)));
                }
                Rule::lambda_head => {
                    let start = self.span(&child).start;
                    if !prefixes.is_empty() {
                        return Err(self.error(
                            "a lambda cannot follow a sign: put the lambda in parentheses",
                            start,
                        ));
                    }
                    let (params, depth) = self.lambda_head(child)?;
                    ops.push(StackOp::Lambda {
                        params,
                        depth,
                        start,
                    });
                }
                Rule::operand | Rule::pow_operand => {
                    let (node, absorbed) = self.operand(child, &prefixes)?;
                    let keep = prefixes.len() - usize::from(absorbed);
                    for (op, s) in prefixes.drain(..).take(keep) {
                        ops.push(StackOp::Prefix {
                            op,
                            start: s.start,
                            prec: SIGN_PREC,
                        });
                    }
                    values.push(node);
                }
                Rule::is_test => {
                    self.reduce(&mut values, &mut ops, IS_PREC, false)?;
                    let type_name = self.find(child.clone(), Rule::name)?.as_str().to_string();
                    let end = self.span(&child).end;
                    let value = values.pop().ok_or_else(|| internal(span.start))?;
                    let span = Span::new(value.expr.span.start, end);
                    let kind = ExprKind::Is {
                        value: Box::new(value.expr),
                        type_name,
                    };
                    values.push(self.node(kind, span, value.depth, span.start)?);
                }
                _ => {
                    let mut op = self.binary_op(child)?;
                    self.reduce_for(&mut values, &mut ops, &mut op)?;
                    ops.push(StackOp::Binary(op));
                }
            }
        }
        while let Some(op) = ops.pop() {
            self.apply(&mut values, op)?;
        }
        match (values.pop(), values.is_empty()) {
            (Some(node), true) => Ok(node),
            _ => Err(internal(span.start)),
        }
    }

    /// Before pushing the binary operator `incoming`: apply the stacked operators that bind
    /// at least as tightly (more tightly, for a right-associative one). Comparisons do not
    /// chain; a second `..` becomes the step of the range before it.
    fn reduce_for(
        &self,
        values: &mut Vec<Node>,
        ops: &mut Vec<StackOp>,
        incoming: &mut BinaryOp,
    ) -> Result<()> {
        // First what binds strictly more tightly, then look at an operator of the same level.
        self.reduce(values, ops, incoming.prec.saturating_add(1), false)?;
        if let Some(StackOp::Binary(top)) = ops.last()
            && top.prec == incoming.prec
        {
            match (&top.kind, &incoming.kind) {
                (BinKind::Cmp(_), BinKind::Cmp(_)) => {
                    return Err(self.error(
                        "comparisons cannot be chained; combine them with `and`",
                        incoming.span.start,
                    ));
                }
                (BinKind::Range, BinKind::Range) => {
                    // `a..b..s`: close `a..b`, and make this `..` its step.
                    if let Some(op) = ops.pop() {
                        self.apply(values, op)?;
                    }
                    incoming.kind = BinKind::RangeStep;
                    return Ok(());
                }
                (BinKind::RangeStep, BinKind::Range) => {
                    return Err(self.error("ranges cannot be chained", incoming.span.start));
                }
                (BinKind::Arith(BinOp::Sided), BinKind::Arith(BinOp::Sided)) => {
                    return Err(self.error(
                        "`&` cannot be chained: a value has one onside and one offside",
                        incoming.span.start,
                    ));
                }
                _ => {}
            }
        }
        self.reduce(values, ops, incoming.prec, incoming.right_assoc)
    }

    /// Apply the stacked operators that bind at least as tightly as `prec` (strictly more
    /// tightly when `right_assoc`).
    fn reduce(
        &self,
        values: &mut Vec<Node>,
        ops: &mut Vec<StackOp>,
        prec: u8,
        right_assoc: bool,
    ) -> Result<()> {
        while let Some(top) = ops.last() {
            let top_prec = top.prec();
            let pop = if right_assoc {
                top_prec > prec
            } else {
                top_prec >= prec
            };
            if !pop {
                break;
            }
            if let Some(op) = ops.pop() {
                self.apply(values, op)?;
            }
        }
        Ok(())
    }

    /// Pop an operator's operands and push the combined node.
    fn apply(&self, values: &mut Vec<Node>, op: StackOp) -> Result<()> {
        let node = match op {
            StackOp::Prefix { op, start, .. } => {
                let operand = values.pop().ok_or_else(|| internal(start))?;
                let span = Span::new(start, operand.expr.span.end);
                let kind = ExprKind::Unary {
                    op,
                    operand: Box::new(operand.expr),
                };
                self.node(kind, span, operand.depth, start)?
            }
            StackOp::Lambda {
                params,
                depth,
                start,
            } => {
                let body = values.pop().ok_or_else(|| internal(start))?;
                let span = Span::new(start, body.expr.span.end);
                let depth = depth.max(body.depth);
                let kind = ExprKind::Lambda(Arc::new(Lambda {
                    params,
                    body: body.expr,
                }));
                self.node(kind, span, depth, start)?
            }
            StackOp::Binary(op) => {
                let at = op.span.start;
                let rhs = values.pop().ok_or_else(|| internal(at))?;
                let lhs = values.pop().ok_or_else(|| internal(at))?;
                let span = Span::new(lhs.expr.span.start, rhs.expr.span.end);
                let depth = lhs.depth.max(rhs.depth);
                let kind = self.combine(op, lhs.expr, rhs.expr)?;
                self.node(kind, span, depth, at)?
            }
        };
        values.push(node);
        Ok(())
    }

    /// The node of a binary operator applied to its operands.
    fn combine(&self, op: BinaryOp, lhs: Expr, rhs: Expr) -> Result<ExprKind> {
        let at = op.span.start;
        let (lhs, rhs) = (Box::new(lhs), Box::new(rhs));
        Ok(match op.kind {
            BinKind::Arith(op) => ExprKind::Binary { op, lhs, rhs },
            BinKind::Cmp(op) => ExprKind::Compare { op, lhs, rhs },
            BinKind::Logic(op) => ExprKind::Logic { op, lhs, rhs },
            BinKind::Infix(name) => ExprKind::Infix { name, lhs, rhs },
            BinKind::Range => ExprKind::Range {
                from: lhs,
                to: rhs,
                step: None,
            },
            BinKind::RangeStep => match lhs.kind {
                ExprKind::Range {
                    from,
                    to,
                    step: None,
                } => ExprKind::Range {
                    from,
                    to,
                    step: Some(rhs),
                },
                _ => return Err(self.error("ranges cannot be chained", at)),
            },
            BinKind::Assign => match lhs.kind {
                ExprKind::Name(name) => ExprKind::Assign { name, value: rhs },
                ExprKind::Index { .. } | ExprKind::Member { .. } => {
                    return Err(self.error(
                        "only a plain name can be assigned to: collections are immutable, so \
                         write `L := L.Updated(i, v)` rather than `L[i] := v`",
                        at,
                    ));
                }
                // The words `true` and `false` parse as literals; say what they are, as the
                // evaluator does for other built-in names.
                ExprKind::Bool(value) => {
                    return Err(self.error(
                        format!("`{value}` is a built-in constant; choose another name"),
                        at,
                    ));
                }
                ExprKind::Lambda(_) => {
                    return Err(self.error(
                        "a lambda body cannot contain an unparenthesised `:=`: write \
                         `x -> (y := x)`",
                        at,
                    ));
                }
                _ => {
                    return Err(self.error("only a plain name can be assigned to with `:=`", at));
                }
            },
        })
    }

    /// A binary operator token with its precedence (loosest first; see the module docs).
    fn binary_op(&self, pair: P<'_>) -> Result<BinaryOp> {
        let span = self.span(&pair);
        let text = pair.as_str();
        let (kind, prec) = if pair.as_rule() == Rule::infix_name {
            (BinKind::Infix(text.to_string()), 8)
        } else {
            match text {
                ":=" => (BinKind::Assign, ASSIGN_PREC),
                "or" => (BinKind::Logic(LogicOp::Or), 3),
                "and" => (BinKind::Logic(LogicOp::And), 4),
                "==" => (BinKind::Cmp(CmpOp::Eq), 7),
                "!=" => (BinKind::Cmp(CmpOp::Ne), 7),
                "<=" => (BinKind::Cmp(CmpOp::Le), 7),
                ">=" => (BinKind::Cmp(CmpOp::Ge), 7),
                "<" => (BinKind::Cmp(CmpOp::Lt), 7),
                ">" => (BinKind::Cmp(CmpOp::Gt), 7),
                "<|" => (BinKind::Cmp(CmpOp::LessOrConfused), 7),
                "|>" => (BinKind::Cmp(CmpOp::GreaterOrConfused), 7),
                "<>" => (BinKind::Cmp(CmpOp::Confused), 7),
                "===" => (BinKind::Cmp(CmpOp::Same), 7),
                "!==" => (BinKind::Cmp(CmpOp::NotSame), 7),
                "<=>" => (BinKind::Cmp(CmpOp::Order), 7),
                ".." => (BinKind::Range, 9),
                "+" => (BinKind::Arith(BinOp::Add), 10),
                "-" => (BinKind::Arith(BinOp::Sub), 10),
                "+-" | "±" => (BinKind::Arith(BinOp::PlusMinus), 10),
                ":" => (BinKind::Arith(BinOp::OrdinalSum), 12),
                "*" => (BinKind::Arith(BinOp::Mul), 13),
                "/" => (BinKind::Arith(BinOp::Div), 13),
                "%" => (BinKind::Arith(BinOp::Mod), 13),
                // `ω^ω×4` is (ω^ω)·4 and `-ω×5` is −(ω·5): `×` sits between `^` and the sign,
                // so that CGSuite's printed quotients such as `(ω+5)/ω×3` read back.
                "×" => (BinKind::Arith(BinOp::Mul), TIMES_PREC),
                "^" => (BinKind::Arith(BinOp::Pow), POW_PREC),
                // Tighter than `+`, looser than `:` (CGSuite: `over & v + 1` is (over & v) + 1).
                "&" => (BinKind::Arith(BinOp::Sided), 11),
                _ => return Err(internal(span.start)),
            }
        };
        let right_assoc = matches!(kind, BinKind::Assign | BinKind::Arith(BinOp::Pow));
        Ok(BinaryOp {
            kind,
            prec,
            right_assoc,
            span,
        })
    }

    /// `x ->`, `(a, b ? 2) ->`, `() ->`: the parameters, and the depth of their defaults.
    fn lambda_head(&self, pair: P<'_>) -> Result<(Vec<Param>, usize)> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let first = self.next(&mut inner, span)?;
        if first.as_rule() == Rule::name {
            let param = Param {
                name: first.as_str().into(),
                default: None,
                span: self.span(&first),
            };
            return Ok((vec![param], 0));
        }
        self.params(first)
    }

    // ------------------------------------------------------------ operands

    /// An operand (a primary and its postfix operators). A `-` written directly before a bare
    /// literal with a number part belongs to the number (`-1^` is −1 + ↑): returns whether
    /// the last of `prefixes` was absorbed that way. The other prefixes are the caller's.
    fn operand(&self, pair: P<'_>, prefixes: &[(UnaryOp, Span)]) -> Result<(Node, bool)> {
        let minus_end = match prefixes.last() {
            Some((UnaryOp::Neg, s)) => Some(s.end),
            _ => None,
        };
        self.postfixed(pair, minus_end)
    }
    /// A primary followed by `.Name`, `.Name(args)`, `(args)` and `[args]`. Returns whether a
    /// minus sign ending at `minus_end` was absorbed into a literal.
    fn postfixed(&self, pair: P<'_>, minus_end: Option<usize>) -> Result<(Node, bool)> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner().peekable();
        let primary = inner.next().ok_or_else(|| internal(span.start))?;
        let is_name = primary.as_rule() == Rule::name;
        let (mut node, absorbed) = if primary.as_rule() == Rule::pow_integer {
            (self.plain_integer(&primary)?, false)
        } else if primary.as_rule() == Rule::game_lit {
            // `-17.Div(4)` is −(17.Div(4)), as in CGSuite: only a bare literal takes the sign.
            let minus = if inner.peek().is_none() {
                minus_end
            } else {
                None
            };
            self.game_lit(primary, minus)?
        } else {
            (self.primary(primary)?, false)
        };
        let start = node.expr.span.start;
        let mut first = true;
        for post in inner {
            let post_span = self.span(&post);
            let span = Span::new(start, post_span.end);
            let target_depth = node.depth;
            let (kind, child_depth) = match post.as_rule() {
                Rule::member => self.member(post, node, start)?,
                Rule::call_args => {
                    let (args, depth) = self.call_args(post)?;
                    let depth = depth.max(target_depth);
                    let kind = match node.expr.kind {
                        ExprKind::Name(name) if first && is_name => ExprKind::Call {
                            name: name.to_string(),
                            args,
                        },
                        kind => ExprKind::Apply {
                            callee: Box::new(Expr::new(kind, node.expr.span)),
                            args,
                        },
                    };
                    (kind, depth)
                }
                Rule::index_args => {
                    let (args, depth) = self.expr_list(post)?;
                    let target = Box::new(node.expr);
                    (ExprKind::Index { target, args }, depth.max(target_depth))
                }
                _ => return Err(internal(span.start)),
            };
            node = self.node(kind, span, child_depth, post_span.start)?;
            first = false;
        }
        Ok((node, absorbed))
    }

    /// `.Name` or `.Name(args)` applied to `target` (which starts at `start`); also returns the
    /// depth of the children of the node to build.
    ///
    /// On a path rooted at `game` (`game.heap.Kayles(5)`), the arguments are applied to the
    /// member (`Apply` of `game.heap.Kayles` to `5`), as `ast.rs` documents: such a path names
    /// a ruleset or a constructor, not an object with methods.
    fn member(&self, pair: P<'_>, target: Node, start: usize) -> Result<(ExprKind, usize)> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name_pair = self.next(&mut inner, span)?;
        let name = name_pair.as_str().to_string();
        let name_span = self.span(&name_pair);
        let Some(args) = inner.next() else {
            let kind = ExprKind::Member {
                target: Box::new(target.expr),
                name,
                name_span,
                args: None,
            };
            return Ok((kind, target.depth));
        };
        let (args, args_depth) = self.call_args(args)?;
        if is_game_path(&target.expr) {
            let callee = ExprKind::Member {
                target: Box::new(target.expr),
                name,
                name_span,
                args: None,
            };
            let callee_span = Span::new(start, self.span(&name_pair).end);
            let callee = self.node(callee, callee_span, target.depth, callee_span.start)?;
            let kind = ExprKind::Apply {
                callee: Box::new(callee.expr),
                args,
            };
            return Ok((kind, callee.depth.max(args_depth)));
        }
        let kind = ExprKind::Member {
            target: Box::new(target.expr),
            name,
            name_span,
            args: Some(args),
        };
        Ok((kind, target.depth.max(args_depth)))
    }

    /// `(a, name => b, ...)` and the greatest depth among the values. A comprehension as the
    /// sole argument (`f(e for x in L)`) passes one list.
    fn call_args(&self, pair: P<'_>) -> Result<(Vec<Arg>, usize)> {
        let mut args = Vec::new();
        let mut depth = 0;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::arg => {
                    let mut name = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::arg_name => name = Some(q.as_str().to_string()),
                            _ => {
                                let value = self.expr(q)?;
                                depth = depth.max(value.depth);
                                args.push(Arg {
                                    name: name.take(),
                                    value: value.expr,
                                });
                            }
                        }
                    }
                }
                Rule::comp_clauses => {
                    let start = self.span(&p).start;
                    let body = match args.pop() {
                        Some(Arg { name: None, value }) => value,
                        _ => {
                            return Err(
                                self.error("a comprehension argument cannot be named", start)
                            );
                        }
                    };
                    let body = Node { expr: body, depth };
                    let node = self.comprehension(CollectionKind::List, body, None, p)?;
                    depth = node.depth;
                    args.push(Arg {
                        name: None,
                        value: node.expr,
                    });
                }
                _ => {}
            }
        }
        Ok((args, depth))
    }

    /// All `expr` children of a bracketed list (`[a, b]`, index arguments, tuples).
    fn expr_list(&self, pair: P<'_>) -> Result<(Vec<Expr>, usize)> {
        let nodes = pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::expr)
            .map(|p| self.expr(p))
            .collect::<Result<Vec<_>>>()?;
        Ok(unzip(nodes))
    }

    fn primary(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::paren => return self.bracketed(pair, true),
            Rule::list => return self.bracketed(pair, false),
            Rule::brace | Rule::angle => return self.braces(pair, GameKind::Plain),
            Rule::explicit => {
                let inner = pair
                    .into_inner()
                    .find(|p| matches!(p.as_rule(), Rule::brace | Rule::angle))
                    .ok_or_else(|| internal(span.start))?;
                let mut game = self.braces(inner, GameKind::Explicit)?;
                game.expr.span = span;
                return Ok(game);
            }
            Rule::if_expr => return self.if_expr(pair),
            Rule::begin_expr => return self.begin_expr(pair),
            Rule::loop_expr => return self.loop_expr(pair),
            Rule::error_expr => {
                let message = self.find(pair, Rule::expr).and_then(|e| self.expr(e))?;
                let kind = ExprKind::Error(Box::new(message.expr));
                return self.node(kind, span, message.depth, span.start);
            }
            Rule::string => ExprKind::Str(unescape(self.find(pair, Rule::str_inner)?.as_str())),
            Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
            Rule::pass_kw => ExprKind::Pass,
            Rule::loopy_nimber | Rule::loopy_nimber_call => {
                let (args, depth) = match pair.into_inner().find(|p| p.as_rule() == Rule::call_args)
                {
                    Some(args) => self.call_args(args)?,
                    None => (Vec::new(), 0),
                };
                if let Some(named) = args.iter().find(|a| a.name.is_some()) {
                    return Err(self.error(
                        "`∞(…)` takes natural numbers or nimbers, not named arguments",
                        named.value.span.start,
                    ));
                }
                let values = args.into_iter().map(|a| a.value).collect();
                return self.node(ExprKind::LoopyNimber(values), span, depth + 1, span.start);
            }
            Rule::labelled => {
                let mut inner = pair.into_inner();
                let label = self.next(&mut inner, span)?.as_str().into();
                let game = self.braces(self.next(&mut inner, span)?, GameKind::Plain)?;
                let kind = ExprKind::Labelled {
                    label,
                    game: Box::new(game.expr),
                };
                return self.node(kind, span, game.depth + 1, span.start);
            }
            Rule::name => ExprKind::Name(pair.as_str().into()),
            Rule::omega_sym => ExprKind::Name(pair.as_str().into()),
            _ => return Err(internal(span.start)),
        };
        Ok(leaf(kind, span))
    }

    /// `(e)` (its span widened to the parentheses), a tuple `(a, b)`, a list `[a, b]`, or a
    /// list comprehension `(e for ...)` / `[e for ...]`.
    fn bracketed(&self, pair: P<'_>, paren: bool) -> Result<Node> {
        let span = self.span(&pair);
        let mut items = Vec::new();
        let mut clauses = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::expr => items.push(self.expr(p)?),
                Rule::comp_clauses => clauses = Some(p),
                _ => {}
            }
        }
        if let Some(clauses) = clauses {
            let body = items.pop().ok_or_else(|| internal(span.start))?;
            let mut node = self.comprehension(CollectionKind::List, body, None, clauses)?;
            node.expr.span = span;
            return Ok(node);
        }
        if paren
            && items.len() == 1
            && let Some(mut node) = items.pop()
        {
            node.expr.span = span;
            return Ok(node);
        }
        let (items, depth) = unzip(items);
        let kind = if paren {
            ExprKind::Tuple(items)
        } else {
            ExprKind::List(items)
        };
        self.node(kind, span, depth, span.start)
    }

    // ------------------------------------------------------------ control expressions

    /// A comprehension of `kind` with the given body (the key, for a map) and clauses
    /// (a `comp_clauses` pair). Its span runs from the body to the last clause.
    fn comprehension(
        &self,
        kind: CollectionKind,
        body: Node,
        value: Option<Node>,
        clauses: P<'_>,
    ) -> Result<Node> {
        let end = self.span(&clauses).end;
        let start = body.expr.span.start;
        let (clauses, clause_depth) = self.clauses(clauses.into_inner())?;
        let depth = clause_depth
            .max(body.depth)
            .max(value.as_ref().map_or(0, |v| v.depth));
        let kind = ExprKind::Comprehension {
            kind,
            body: Box::new(body.expr),
            value: value.map(|v| Box::new(v.expr)),
            clauses,
        };
        self.node(kind, Span::new(start, end), depth, start)
    }

    /// The `for_clause` and `while_clause` pairs among `pairs`, and their greatest depth.
    fn clauses<'i>(&self, pairs: impl IntoIterator<Item = P<'i>>) -> Result<(Vec<Clause>, usize)> {
        let mut clauses = Vec::new();
        let mut depth = 0;
        for p in pairs {
            let span = self.span(&p);
            match p.as_rule() {
                Rule::for_clause => {
                    let mut var = None;
                    let mut source = None;
                    let mut while_cond = None;
                    let mut where_cond = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::name => var = Some((q.as_str().to_string(), self.span(&q))),
                            Rule::in_source | Rule::let_source => {
                                let let_form = q.as_rule() == Rule::let_source;
                                let e = self.find(q, Rule::expr).and_then(|e| self.expr(e))?;
                                depth = depth.max(e.depth);
                                source = Some(if let_form {
                                    ForSource::Let(e.expr)
                                } else {
                                    ForSource::In(e.expr)
                                });
                            }
                            Rule::from_source => {
                                let mut from = None;
                                let mut to = None;
                                let mut by = None;
                                for r in q.into_inner() {
                                    match r.as_rule() {
                                        Rule::expr => {
                                            let e = self.expr(r)?;
                                            depth = depth.max(e.depth);
                                            from = Some(e.expr);
                                        }
                                        Rule::to_part | Rule::by_part => {
                                            let is_to = r.as_rule() == Rule::to_part;
                                            let e = self.find(r, Rule::expr)?;
                                            let e = self.expr(e)?;
                                            depth = depth.max(e.depth);
                                            if is_to {
                                                to = Some(e.expr);
                                            } else {
                                                by = Some(e.expr);
                                            }
                                        }
                                        _ => {}
                                    }
                                }
                                let from = from.ok_or_else(|| internal(span.start))?;
                                source = Some(ForSource::From { from, to, by });
                            }
                            Rule::while_part => {
                                let e = self.find(q, Rule::expr).and_then(|e| self.expr(e))?;
                                depth = depth.max(e.depth);
                                while_cond = Some(e.expr);
                            }
                            Rule::where_part => {
                                let e = self.find(q, Rule::expr).and_then(|e| self.expr(e))?;
                                depth = depth.max(e.depth);
                                where_cond = Some(e.expr);
                            }
                            _ => {}
                        }
                    }
                    let (Some((var, var_span)), Some(source)) = (var, source) else {
                        return Err(internal(span.start));
                    };
                    clauses.push(Clause::For {
                        var: var.into(),
                        var_span,
                        source,
                        while_cond,
                        where_cond,
                    });
                }
                Rule::while_clause => {
                    let mut cond = None;
                    let mut where_cond = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::expr => {
                                let e = self.expr(q)?;
                                depth = depth.max(e.depth);
                                cond = Some(e.expr);
                            }
                            Rule::where_part => {
                                let e = self.find(q, Rule::expr).and_then(|e| self.expr(e))?;
                                depth = depth.max(e.depth);
                                where_cond = Some(e.expr);
                            }
                            _ => {}
                        }
                    }
                    let cond = cond.ok_or_else(|| internal(span.start))?;
                    clauses.push(Clause::While { cond, where_cond });
                }
                _ => {}
            }
        }
        Ok((clauses, depth))
    }

    /// A `block`: its statements (empty ones dropped) and their greatest depth.
    fn block(&self, pair: P<'_>) -> Result<(Vec<Expr>, usize)> {
        let mut nodes = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::expr => nodes.push(self.expr(p)?),
                Rule::var_stmt => nodes.push(self.var_stmt(p)?),
                _ => {}
            }
        }
        Ok(unzip(nodes))
    }

    /// `if c then S elseif c2 then S2 else S3 end`.
    fn if_expr(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let mut branches = Vec::new();
        let mut otherwise = None;
        let mut depth = 0;
        let mut cond = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::expr => {
                    let c = self.expr(p)?;
                    depth = depth.max(c.depth);
                    cond = Some(c.expr);
                }
                Rule::block => {
                    let (body, d) = self.block(p)?;
                    depth = depth.max(d);
                    branches.push((cond.take().ok_or_else(|| internal(span.start))?, body));
                }
                Rule::elseif => {
                    let mut c = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::expr => {
                                let e = self.expr(q)?;
                                depth = depth.max(e.depth);
                                c = Some(e.expr);
                            }
                            Rule::block => {
                                let (body, d) = self.block(q)?;
                                depth = depth.max(d);
                                branches
                                    .push((c.take().ok_or_else(|| internal(span.start))?, body));
                            }
                            _ => {}
                        }
                    }
                }
                Rule::else_part => {
                    let (body, d) = self.find(p, Rule::block).and_then(|b| self.block(b))?;
                    depth = depth.max(d);
                    otherwise = Some(body);
                }
                _ => {}
            }
        }
        let kind = ExprKind::If {
            branches,
            otherwise,
        };
        self.node(kind, span, depth, span.start)
    }

    /// `begin S end`.
    fn begin_expr(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let (body, depth) = self.find(pair, Rule::block).and_then(|b| self.block(b))?;
        self.node(ExprKind::Begin(body), span, depth, span.start)
    }

    /// `clauses do S end` or `clauses yield S1 yield S2 ... end`.
    fn loop_expr(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let mut clause_pairs = Vec::new();
        let mut done = None;
        let mut yields = Vec::new();
        let mut depth = 0;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::for_clause | Rule::while_clause => clause_pairs.push(p),
                Rule::do_part | Rule::yield_part => {
                    let is_do = p.as_rule() == Rule::do_part;
                    let (body, d) = self.find(p, Rule::block).and_then(|b| self.block(b))?;
                    depth = depth.max(d);
                    if is_do {
                        done = Some(body);
                    } else {
                        yields.push(body);
                    }
                }
                _ => {}
            }
        }
        let (clauses, clause_depth) = self.clauses(clause_pairs)?;
        let depth = depth.max(clause_depth);
        let body = match done {
            Some(body) => LoopBody::Do(body),
            None => LoopBody::Yield(yields),
        };
        self.node(ExprKind::Loop { clauses, body }, span, depth, span.start)
    }

    // ------------------------------------------------------------ braces

    /// `{...}`, `<...>` (a `brace` or `angle` pair): a map, a set or map comprehension, a game
    /// if it has bars, or a set (a plain brace without bars).
    fn braces(&self, pair: P<'_>, kind: GameKind) -> Result<Node> {
        let span = self.span(&pair);
        let is_angle = pair.as_rule() == Rule::angle;
        let children = if is_angle {
            self.find(pair, Rule::game_body)?.into_inner()
        } else {
            pair.into_inner()
        };
        let explicit_map = |at: usize| {
            self.error(
                "an explicit game needs a bar between Left and Right options, as in '{1|0}'",
                at,
            )
        };
        let mut segments = Vec::new();
        let mut bars = Vec::new();
        // The options of the segment being read, and where it starts.
        let mut current: Vec<Node> = Vec::new();
        let mut seg_start = span.start + 1;
        for p in children {
            match p.as_rule() {
                Rule::option | Rule::boption => current.push(self.expr(p)?),
                Rule::options | Rule::boptions => {
                    for q in p
                        .into_inner()
                        .filter(|q| matches!(q.as_rule(), Rule::option | Rule::boption))
                    {
                        current.push(self.expr(q)?);
                    }
                }
                Rule::bars => {
                    let s = self.span(&p);
                    segments.push(self.segment(std::mem::take(&mut current), seg_start));
                    seg_start = s.end;
                    bars.push(Bars {
                        len: s.end - s.start,
                        span: s,
                    });
                }
                Rule::map_empty => {
                    if kind == GameKind::Explicit {
                        return Err(explicit_map(span.start));
                    }
                    return self.node(ExprKind::Map(Vec::new()), span, 0, span.start);
                }
                Rule::map_tail | Rule::comp_clauses => {
                    if kind == GameKind::Explicit {
                        return Err(explicit_map(self.span(&p).start));
                    }
                    let first = current.pop().ok_or_else(|| internal(span.start))?;
                    let mut node = if p.as_rule() == Rule::map_tail {
                        self.map_tail(first, p)?
                    } else {
                        self.comprehension(CollectionKind::Set, first, None, p)?
                    };
                    node.expr.span = span;
                    return Ok(node);
                }
                _ => {}
            }
        }
        segments.push(self.segment(current, seg_start));
        if bars.is_empty() {
            let closing = span.end.saturating_sub(1);
            return match (kind, is_angle) {
                (GameKind::Plain, false) => {
                    let (items, depth) = segments
                        .pop()
                        .map(|s| (s.items, s.depth))
                        .unwrap_or_default();
                    self.node(ExprKind::Set(items), span, depth, span.start)
                }
                (GameKind::Plain, true) => Err(self.error(
                    "expected `|`: a game in `<...>` needs a bar between Left and Right options",
                    closing,
                )),
                (GameKind::Explicit, _) => Err(self.error(
                    "expected `|`: an explicit game needs a bar between Left and Right options",
                    closing,
                )),
            };
        }
        let (left, right, depth) = match (segments.pop(), segments.pop()) {
            // One bar, by far the most common case: no nesting to work out.
            (Some(right), Some(left)) if bars.len() == 1 => {
                (left.items, right.items, left.depth.max(right.depth))
            }
            (right, left) => {
                segments.extend(left);
                segments.extend(right);
                self.nest(segments, bars, kind)?
            }
        };
        self.node(kind.node(left, right), span, depth, span.start)
    }

    /// One option list between bars; an empty one has an empty span at `start`.
    fn segment(&self, nodes: Vec<Node>, start: usize) -> Segment {
        let (items, depth) = unzip(nodes);
        // The options' own extent, without the white space around them.
        let span = match (items.first(), items.last()) {
            (Some(first), Some(last)) => Span::new(first.span.start, last.span.end),
            _ => Span::new(start, start),
        };
        Segment { items, depth, span }
    }

    /// `{k => v, k2 => v2}` or `{k => v for ...}`, given the first key.
    fn map_tail(&self, key: Node, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let value = self.find_next(&mut inner, Rule::expr, span)?;
        let value = self.expr(value)?;
        let mut depth = key.depth.max(value.depth);
        let mut entries = vec![(key.expr, value.expr)];
        for p in inner {
            match p.as_rule() {
                Rule::comp_clauses => {
                    let (key, value) = entries.pop().ok_or_else(|| internal(span.start))?;
                    let key = Node { expr: key, depth };
                    let value = Node {
                        expr: value,
                        depth: 1,
                    };
                    return self.comprehension(CollectionKind::Map, key, Some(value), p);
                }
                Rule::map_entry => {
                    let entry_span = self.span(&p);
                    let mut kv = p.into_inner();
                    let k = self.expr(self.find_next(&mut kv, Rule::expr, entry_span)?)?;
                    let v = self.expr(self.find_next(&mut kv, Rule::expr, entry_span)?)?;
                    depth = depth.max(k.depth).max(v.depth);
                    entries.push((k.expr, v.expr));
                }
                _ => {}
            }
        }
        self.node(ExprKind::Map(entries), span, depth, span.start)
    }

    /// The next child with the given rule.
    fn find_next<'i>(
        &self,
        pairs: &mut Pairs<'i, Rule>,
        rule: Rule,
        parent: Span,
    ) -> Result<P<'i>> {
        pairs
            .find(|p| p.as_rule() == rule)
            .ok_or_else(|| internal(parent.start))
    }

    /// Multi-bar nesting: `{a||b|c}` = `{a|{b|c}}`, `{a|b||c}` = `{{a|b}|c}`. Conceptually the
    /// text splits at its longest bar run, which must be unique at its level, and each side
    /// with bars nests the same way. That is operator precedence with bar runs as operators
    /// (longer binds more loosely, equal lengths do not associate), so it is done with an
    /// operator stack rather than recursion: `{a|b||c|||d...}` may have a thousand levels.
    /// Returns the Left and Right options of the whole and their greatest depth.
    fn nest(
        &self,
        segments: Vec<Segment>,
        bars: Vec<Bars>,
        kind: GameKind,
    ) -> Result<(Vec<Expr>, Vec<Expr>, usize)> {
        let mut sides: Vec<Segment> = Vec::new();
        let mut pending: Vec<Bars> = Vec::new();
        let mut segments = segments.into_iter();
        sides.extend(segments.next());
        for (bar, segment) in bars.into_iter().zip(segments) {
            while let Some(top) = pending.last() {
                if top.len == bar.len {
                    let run = "|".repeat(bar.len);
                    return Err(self.error(
                        format!(
                            "ambiguous bars: `{run}` appears twice at the same level; \
                             use more bars for the outer split, as in `{{3||2|1}}`"
                        ),
                        bar.span.start,
                    ));
                }
                if top.len > bar.len {
                    break;
                }
                pending.pop();
                self.join_sides(&mut sides, kind)?;
            }
            pending.push(bar);
            sides.push(segment);
        }
        // The bars left are longest at the bottom; the bottom one is the outermost split.
        while pending.len() > 1 {
            pending.pop();
            self.join_sides(&mut sides, kind)?;
        }
        match (sides.pop(), sides.pop(), sides.is_empty()) {
            (Some(right), Some(left), true) => {
                Ok((left.items, right.items, left.depth.max(right.depth)))
            }
            _ => Err(internal(self.base)),
        }
    }

    /// Replace the last two sides by the game between them, as a single option.
    fn join_sides(&self, sides: &mut Vec<Segment>, kind: GameKind) -> Result<()> {
        let (Some(right), Some(left)) = (sides.pop(), sides.pop()) else {
            return Err(internal(self.base));
        };
        let span = Span::new(left.span.start, right.span.end);
        let depth = left.depth.max(right.depth);
        let game = self.node(kind.node(left.items, right.items), span, depth, span.start)?;
        sides.push(Segment {
            items: vec![game.expr],
            depth: game.depth,
            span,
        });
        Ok(())
    }

    // ------------------------------------------------------------ literals

    /// A juxtaposed literal (`73/16v9*8`), possibly with a `Tiny(...)` suffix. `minus_end` is
    /// where a directly preceding `-` ended; it is absorbed into the number part if adjacent.
    fn game_lit(&self, pair: P<'_>, minus_end: Option<usize>) -> Result<(Node, bool)> {
        let mut span = self.span(&pair);
        let mut number: Option<NumberLit> = None;
        let mut ups = None;
        let mut power = None;
        let mut star = None;
        let mut tiny = None;
        // Depth of expressions inside the literal (`^(e)`, `*(e)`, `*[...]`).
        let mut inner_depth = 0;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::integer => {
                    let numerator = self.integer(&part)?;
                    number = Some(NumberLit {
                        numerator,
                        denominator: one(),
                    });
                }
                Rule::denominator => {
                    if let Some(n) = number.as_mut() {
                        n.denominator = self.integer(&part)?;
                    }
                }
                Rule::up_power => power = Some(self.up_power(part, span)?),
                Rule::up_plain => {
                    let (count, depth) = self.up_plain(part)?;
                    ups = Some(count);
                    inner_depth = inner_depth.max(depth);
                }
                Rule::tiny_suffix => tiny = Some(self.tiny_suffix(part)?),
                // `5over` is 5 + over: the suffix is the constant's name.
                Rule::pseudo_suffix => {
                    tiny = Some(leaf(ExprKind::Name(part.as_str().into()), self.span(&part)))
                }
                _ => {
                    let (part, depth) = self.star(part)?;
                    star = Some(part);
                    inner_depth = inner_depth.max(depth);
                }
            }
        }
        let mut absorbed = false;
        if let (Some(n), Some(end)) = (number.as_mut(), minus_end)
            && end == span.start
        {
            n.numerator = -std::mem::take(&mut n.numerator);
            absorbed = true;
            span.start -= 1;
        }
        // Without a power term the literal is one node; with one (`1^<2>*`), the parts are
        // added in the order written: number, power, star.
        let literal = |number, ups, star| {
            let lit = GameLit { number, ups, star };
            Node {
                expr: Expr::new(ExprKind::Literal(lit), span),
                depth: inner_depth + 1,
            }
        };
        let mut terms = Vec::new();
        match power {
            None => {
                if number.is_some() || ups.is_some() || star.is_some() {
                    terms.push(literal(number, ups, star));
                }
            }
            Some(power) => {
                if number.is_some() {
                    terms.push(literal(number, None, None));
                }
                terms.push(power);
                if star.is_some() {
                    terms.push(literal(None, None, star));
                }
            }
        }
        terms.extend(tiny);
        let mut terms = terms.into_iter();
        let mut node = terms.next().ok_or_else(|| internal(span.start))?;
        for rhs in terms {
            let depth = node.depth.max(rhs.depth);
            let kind = ExprKind::Binary {
                op: BinOp::Add,
                lhs: Box::new(node.expr),
                rhs: Box::new(rhs.expr),
            };
            node = self.node(kind, span, depth, span.start)?;
        }
        Ok((node, absorbed))
    }

    /// A run of digits. Most are small, and going through `u64` first is several times faster
    /// than parsing a `BigInt` directly.
    fn integer(&self, pair: &P<'_>) -> Result<BigInt> {
        let digits = pair.as_str();
        match digits.parse::<u64>() {
            Ok(n) => Ok(BigInt::from(n)),
            Err(_) => decimal(digits)
                .map(BigInt::from)
                .ok_or_else(|| internal(self.span(pair).start)),
        }
    }

    /// `^`, `^^`, `^3`, `^(e)`, `v`, `vv`, `v3`, `v(e)`, arrows; with the depth of `e`.
    fn up_plain(&self, pair: P<'_>) -> Result<(UpCount, usize)> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let head = self.next(&mut inner, span)?;
        let negative = matches!(head.as_rule(), Rule::down_sym | Rule::down_run);
        let signed = |n: BigInt| if negative { -n } else { n };
        match head.as_rule() {
            Rule::up_run | Rule::down_run => {
                let count: u64 = head
                    .as_str()
                    .chars()
                    .map(|c| if matches!(c, '⇑' | '⇓') { 2 } else { 1 })
                    .sum();
                Ok((UpCount::Literal(signed(BigInt::from(count))), 0))
            }
            _ => {
                let count = self.next(&mut inner, span)?;
                if count.as_rule() == Rule::integer {
                    Ok((UpCount::Literal(signed(self.integer(&count)?)), 0))
                } else {
                    let count = if count.as_rule() == Rule::up_name {
                        leaf(ExprKind::Name(count.as_str().into()), self.span(&count))
                    } else {
                        self.count_paren(count)?
                    };
                    Ok((
                        UpCount::Expr {
                            negative,
                            count: Box::new(count.expr),
                        },
                        count.depth,
                    ))
                }
            }
        }
    }

    /// `^<n>` → `^.Pow(n)`, `^[n]` → `^.PowTo(n)`; the down forms are their negatives.
    fn up_power(&self, pair: P<'_>, lit_span: Span) -> Result<Node> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let dir = self.next(&mut inner, span)?;
        let form = self.next(&mut inner, span)?;
        let method = if form.as_rule() == Rule::pow_angle {
            "Pow"
        } else {
            "PowTo"
        };
        let exponent = form
            .into_inner()
            .next()
            .ok_or_else(|| internal(span.start))?;
        let exponent = if exponent.as_rule() == Rule::on_kw {
            // `^<on>`, `^[on]`: the loopy exponent `on`.
            ExprKind::Name("on".into())
        } else {
            ExprKind::Literal(GameLit {
                number: Some(NumberLit {
                    numerator: self.integer(&exponent)?,
                    denominator: one(),
                }),
                ups: None,
                star: None,
            })
        };
        let up = GameLit {
            number: None,
            ups: Some(UpCount::Literal(one())),
            star: None,
        };
        let arg = Arg {
            name: None,
            value: Expr::new(exponent, span),
        };
        let term = ExprKind::Member {
            target: Box::new(Expr::new(ExprKind::Literal(up), lit_span)),
            name: method.to_string(),
            name_span: lit_span,
            args: Some(vec![arg]),
        };
        let term = self.node(term, lit_span, 1, lit_span.start)?;
        if dir.as_rule() == Rule::down_sym {
            let kind = ExprKind::Unary {
                op: UnaryOp::Neg,
                operand: Box::new(term.expr),
            };
            self.node(kind, lit_span, term.depth, lit_span.start)
        } else {
            Ok(term)
        }
    }

    /// `*`, `*n`, `*(e)`, `*[...]`; with the depth of `e`.
    fn star(&self, pair: P<'_>) -> Result<(StarPart, usize)> {
        match pair.into_inner().next() {
            None => Ok((StarPart::Literal(one()), 0)),
            Some(p) => {
                let node = match p.as_rule() {
                    Rule::star_index => return Ok((StarPart::Literal(self.integer(&p)?), 0)),
                    Rule::misere_notation => {
                        return Ok((StarPart::MisereNotation(format!("*{}", p.as_str())), 0));
                    }
                    Rule::count_paren => self.count_paren(p)?,
                    Rule::star_name => leaf(ExprKind::Name(p.as_str().into()), self.span(&p)),
                    Rule::star_omega => self.star_omega(p)?,
                    _ => self.bracketed(p, false)?,
                };
                Ok((StarPart::Expr(Box::new(node.expr)), node.depth))
            }
        }
    }

    /// An integer after a binary `^` (or in a star's `ω^n`): a plain integer, never a
    /// juxtaposed literal.
    fn plain_integer(&self, pair: &P<'_>) -> Result<Node> {
        let lit = GameLit {
            number: Some(NumberLit {
                numerator: self.integer(pair)?,
                denominator: one(),
            }),
            ups: None,
            star: None,
        };
        Ok(leaf(ExprKind::Literal(lit), self.span(pair)))
    }

    /// `ω^e₁^e₂…` after a star: the nim value ω^(e₁^(e₂…)), the chain read right to left.
    fn star_omega(&self, pair: P<'_>) -> Result<Node> {
        let mut parts = Vec::new();
        for p in pair.into_inner() {
            let span = self.span(&p);
            parts.push(match p.as_rule() {
                Rule::omega_word => leaf(ExprKind::Name(p.as_str().into()), span),
                Rule::pow_integer => self.plain_integer(&p)?,
                _ => self.count_paren(p)?,
            });
        }
        let mut node = parts.pop().ok_or_else(|| internal(0))?;
        while let Some(base) = parts.pop() {
            let span = Span::new(base.expr.span.start, node.expr.span.end);
            let depth = base.depth.max(node.depth);
            let kind = ExprKind::Binary {
                op: BinOp::Pow,
                lhs: Box::new(base.expr),
                rhs: Box::new(node.expr),
            };
            node = self.node(kind, span, depth, span.start)?;
        }
        Ok(node)
    }

    /// The expression inside `^(...)`, `v(...)` or `*(...)`.
    fn count_paren(&self, pair: P<'_>) -> Result<Node> {
        self.find(pair, Rule::expr).and_then(|e| self.expr(e))
    }

    /// `Tiny(...)` / `Miny(...)` directly after a literal.
    fn tiny_suffix(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.next(&mut inner, span)?.as_str().to_string();
        let (args, depth) = self.call_args(self.next(&mut inner, span)?)?;
        self.node(ExprKind::Call { name, args }, span, depth, span.start)
    }
}

/// True for `game`, `game.heap`, `game.heap.Kayles`...: a dotted path of names from `game`.
/// True for `game`, `game.heap`, `game.heap.Kayles`...: a dotted path of names from `game`.
fn is_game_path(mut expr: &Expr) -> bool {
    loop {
        match &expr.kind {
            ExprKind::Name(name) => return name == "game",
            ExprKind::Member {
                target, args: None, ..
            } => expr = target,
            _ => return false,
        }
    }
}

/// Resolve the escapes of a string literal: `\n`, `\t`, `\\`, `\"`; any other escaped
/// character stands for itself.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The value of a run of decimal digits (`None` if anything else is in it). `num-bigint`
/// parses digit by digit, in time quadratic in the length (a literal of a million digits took
/// a second); halving the run and joining the halves with one multiplication by a power of ten
/// lets its fast multiplication do the work.
fn decimal(digits: &str) -> Option<num_bigint::BigUint> {
    const DIRECT: usize = 4096;
    if digits.len() <= DIRECT {
        return num_bigint::BigUint::parse_bytes(digits.as_bytes(), 10);
    }
    let low_len = digits.len() / 2;
    let (high, low) = digits.split_at(digits.len() - low_len);
    let scale = num_bigint::BigUint::from(10u8).pow(u32::try_from(low_len).ok()?);
    Some(decimal(high)? * scale + decimal(low)?)
}

#[cfg(test)]
mod decimal_tests {
    use proptest::prelude::*;

    proptest! {
        /// Long literals, leading zeros included, read as num-bigint reads them.
        #[test]
        fn long_digit_runs_are_read_exactly(digits in "[0-9]{4000,20000}") {
            prop_assert_eq!(super::decimal(&digits), digits.parse().ok());
        }
    }
}
