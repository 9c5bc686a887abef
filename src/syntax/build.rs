//! Builds the AST from pest's parse tree: one method per grammar construct.
//!
//! The grammar is flat (see `grammar/cgcalc.pest`), so this is where precedence lives:
//! [`Builder::expr`] runs an operator-precedence (shunting-yard) pass with explicit stacks, so
//! a sum of 10 000 terms costs no recursion here. Recursion follows bracket nesting only,
//! which the scanner has already bounded.
//!
//! Every node is built together with the depth of the tree under it, and no node deeper than
//! [`MAX_DEPTH`] is ever created: a chain of 100 000 `+` is left-nested 100 000 levels deep,
//! and merely dropping such a tree (let alone evaluating it) would overflow the stack.
//!
//! Desugarings, all expressible in the AST without new node kinds:
//! * `^<n>` / `v<n>` (CGSuite's up-nth powers) become `^.Pow(n)` / `-(^.Pow(n))`, and
//!   `^[n]` / `v[n]` become `^.PowTo(n)` / `-(^.PowTo(n))`, added to the rest of the literal;
//! * `5Tiny(G)` / `5Miny(G)` (CGSuite's printed `x + Tiny(G)`) become `5 + Tiny(G)`;
//! * the misère game `*[a, b]` is a star whose part is the list: `StarPart::Expr(List)`.

use num_bigint::BigInt;
use pest::iterators::{Pair, Pairs};

use super::ast::{
    Arg, BinOp, Clause, CmpOp, CollectionKind, Expr, ExprKind, ForSource, GameLit, Lambda, LogicOp,
    NumberLit, Param, Span, StarPart, StatementKind, UnaryOp, UpCount,
};
use super::grammar::Rule;
use super::parser::{MAX_DEPTH, ParseError};
use std::sync::Arc;

type P<'i> = Pair<'i, Rule>;
type Result<T> = std::result::Result<T, ParseError>;

/// Binding strength of `not` in CGSuite's table (between `and` and the comparisons).
const NOT_PREC: u8 = 3;

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
    /// Comparisons and ranges do not chain: `a < b < c` is an error.
    chains: bool,
    span: Span,
}

enum BinKind {
    Arith(BinOp),
    Cmp(CmpOp),
    Logic(LogicOp),
    Infix(String),
    Range,
}

enum StackOp {
    Not { start: usize },
    Binary(BinaryOp),
}

/// Which node a `{...|...}` builds.
#[derive(Clone, Copy)]
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

    /// `statement_input`: a definition, an assignment or an expression.
    pub(crate) fn statement(&self, input: P<'_>) -> Result<StatementKind> {
        let span = self.span(&input);
        let mut inner = input.into_inner();
        let first = self.next(&mut inner, span)?;
        match first.as_rule() {
            Rule::def_stmt => self.def_stmt(first),
            Rule::assign_stmt => self.assign_stmt(first),
            Rule::expr => Ok(StatementKind::Expr(self.expr(first)?.expr)),
            _ => Err(internal(span.start)),
        }
    }

    /// `def f(x, y) := body`
    fn def_stmt(&self, pair: P<'_>) -> Result<StatementKind> {
        let span = self.span(&pair);
        let mut name = None;
        let mut params = Vec::new();
        let mut body = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(p.as_str().to_string()),
                Rule::params => {
                    params = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::name)
                        .map(|q| Param {
                            name: q.as_str().to_string(),
                            default: None,
                            span: self.span(&q),
                        })
                        .collect()
                }
                Rule::expr => body = Some(self.expr(p)?.expr),
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

    /// `name := value`
    fn assign_stmt(&self, pair: P<'_>) -> Result<StatementKind> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.next(&mut inner, span)?.as_str().to_string();
        let value = inner
            .find(|p| p.as_rule() == Rule::expr)
            .ok_or_else(|| internal(span.start))?;
        Ok(StatementKind::Expr(Expr::new(
            ExprKind::Assign {
                name,
                value: Box::new(self.expr(value)?.expr),
            },
            span,
        )))
    }

    // ------------------------------------------------------------ operators

    /// `expr` or `option`: a flat stream of prefix operators, operands and binary operators,
    /// combined by precedence with an operator stack.
    fn expr(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let children = pair.into_inner();
        // Fast path for the most common case, a lone operand (most game options).
        if children.len() == 1
            && let Some(only) = children.peek().filter(|p| p.as_rule() == Rule::operand)
        {
            return self.operand(only, Vec::new());
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
                    ops.push(StackOp::Not { start });
                }
                Rule::prefix_op => {
                    let op = match child.as_str() {
                        "-" => UnaryOp::Neg,
                        "+" => UnaryOp::Plus,
                        _ => UnaryOp::Switch,
                    };
                    prefixes.push((op, self.span(&child)));
                }
                Rule::operand => values.push(self.operand(child, std::mem::take(&mut prefixes))?),
                _ => {
                    let op = self.binary_op(child)?;
                    self.reduce(&mut values, &mut ops, &op)?;
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

    /// Apply the stacked operators that bind at least as tightly as `incoming`.
    fn reduce(
        &self,
        values: &mut Vec<Node>,
        ops: &mut Vec<StackOp>,
        incoming: &BinaryOp,
    ) -> Result<()> {
        while let Some(top) = ops.last() {
            let pop = match top {
                StackOp::Not { .. } => NOT_PREC > incoming.prec,
                StackOp::Binary(t) if t.prec == incoming.prec && !incoming.chains => {
                    let message = match incoming.kind {
                        BinKind::Range => "ranges cannot be chained",
                        _ => "comparisons cannot be chained; combine them with `and`",
                    };
                    return Err(self.error(message, incoming.span.start));
                }
                StackOp::Binary(t) => t.prec >= incoming.prec,
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
            StackOp::Not { start } => {
                let operand = values.pop().ok_or_else(|| internal(start))?;
                let span = Span::new(start, operand.expr.span.end);
                let kind = ExprKind::Unary {
                    op: UnaryOp::Not,
                    operand: Box::new(operand.expr),
                };
                self.node(kind, span, operand.depth, start)?
            }
            StackOp::Binary(op) => {
                let at = op.span.start;
                let rhs = values.pop().ok_or_else(|| internal(at))?;
                let lhs = values.pop().ok_or_else(|| internal(at))?;
                let span = Span::new(lhs.expr.span.start, rhs.expr.span.end);
                let depth = lhs.depth.max(rhs.depth);
                let (lhs, rhs) = (Box::new(lhs.expr), Box::new(rhs.expr));
                let kind = match op.kind {
                    BinKind::Arith(op) => ExprKind::Binary { op, lhs, rhs },
                    BinKind::Cmp(op) => ExprKind::Compare { op, lhs, rhs },
                    BinKind::Logic(op) => ExprKind::Logic { op, lhs, rhs },
                    BinKind::Infix(name) => ExprKind::Infix { name, lhs, rhs },
                    BinKind::Range => ExprKind::Range {
                        from: lhs,
                        to: rhs,
                        step: None,
                    },
                };
                self.node(kind, span, depth, at)?
            }
        };
        values.push(node);
        Ok(())
    }

    /// A binary operator token with its precedence (CGSuite's table, loosest first).
    fn binary_op(&self, pair: P<'_>) -> Result<BinaryOp> {
        let span = self.span(&pair);
        let text = pair.as_str();
        let (kind, prec) = if pair.as_rule() == Rule::infix_name {
            (BinKind::Infix(text.to_string()), 5)
        } else {
            match text {
                "or" => (BinKind::Logic(LogicOp::Or), 1),
                "and" => (BinKind::Logic(LogicOp::And), 2),
                "==" => (BinKind::Cmp(CmpOp::Eq), 4),
                "!=" => (BinKind::Cmp(CmpOp::Ne), 4),
                "<=" => (BinKind::Cmp(CmpOp::Le), 4),
                ">=" => (BinKind::Cmp(CmpOp::Ge), 4),
                "<" => (BinKind::Cmp(CmpOp::Lt), 4),
                ">" => (BinKind::Cmp(CmpOp::Gt), 4),
                "<|" => (BinKind::Cmp(CmpOp::LessOrConfused), 4),
                "|>" => (BinKind::Cmp(CmpOp::GreaterOrConfused), 4),
                "<>" => (BinKind::Cmp(CmpOp::Confused), 4),
                ".." => (BinKind::Range, 6),
                "+" => (BinKind::Arith(BinOp::Add), 7),
                "-" => (BinKind::Arith(BinOp::Sub), 7),
                "+-" | "±" => (BinKind::Arith(BinOp::PlusMinus), 7),
                ":" => (BinKind::Arith(BinOp::OrdinalSum), 8),
                "*" => (BinKind::Arith(BinOp::Mul), 9),
                "/" => (BinKind::Arith(BinOp::Div), 9),
                "%" => (BinKind::Arith(BinOp::Mod), 9),
                _ => return Err(internal(span.start)),
            }
        };
        let chains = !matches!(kind, BinKind::Cmp(_) | BinKind::Range);
        Ok(BinaryOp {
            kind,
            prec,
            chains,
            span,
        })
    }

    // ------------------------------------------------------------ operands

    /// An operand (a primary and its postfix operators) under its prefix operators (`-`, `+`,
    /// `+-`, `±`). A `-` written directly before a bare literal with a number part belongs to
    /// the number (`-1^` is −1 + ↑).
    fn operand(&self, pair: P<'_>, mut prefixes: Vec<(UnaryOp, Span)>) -> Result<Node> {
        let minus_end = match prefixes.last() {
            Some((UnaryOp::Neg, s)) => Some(s.end),
            _ => None,
        };
        let (mut node, absorbed) = self.postfixed(pair, minus_end)?;
        if absorbed {
            prefixes.pop();
        }
        for (op, s) in prefixes.into_iter().rev() {
            let span = Span::new(s.start, node.expr.span.end);
            let kind = ExprKind::Unary {
                op,
                operand: Box::new(node.expr),
            };
            node = self.node(kind, span, node.depth, s.start)?;
        }
        Ok(node)
    }

    /// A primary followed by `.Name`, `.Name(args)`, `(args)` and `[args]`. Returns whether a
    /// minus sign ending at `minus_end` was absorbed into a literal.
    fn postfixed(&self, pair: P<'_>, minus_end: Option<usize>) -> Result<(Node, bool)> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner().peekable();
        let primary = inner.next().ok_or_else(|| internal(span.start))?;
        let is_name = primary.as_rule() == Rule::name;
        let (mut node, absorbed) = if primary.as_rule() == Rule::game_lit {
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
                        ExprKind::Name(name) if first && is_name => ExprKind::Call { name, args },
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
        let Some(args) = inner.next() else {
            let kind = ExprKind::Member {
                target: Box::new(target.expr),
                name,
                args: None,
            };
            return Ok((kind, target.depth));
        };
        let (args, args_depth) = self.call_args(args)?;
        if is_game_path(&target.expr) {
            let callee = ExprKind::Member {
                target: Box::new(target.expr),
                name,
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
            args: Some(args),
        };
        Ok((kind, target.depth.max(args_depth)))
    }

    /// `(a, name => b, ...)` and the greatest depth among the values.
    fn call_args(&self, pair: P<'_>) -> Result<(Vec<Arg>, usize)> {
        let mut args = Vec::new();
        let mut depth = 0;
        for p in pair.into_inner().filter(|p| p.as_rule() == Rule::arg) {
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
            Rule::paren => return self.paren(pair),
            Rule::list => return self.list(pair),
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
            Rule::string => ExprKind::Str(unescape(self.find(pair, Rule::str_inner)?.as_str())),
            Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
            Rule::name => ExprKind::Name(pair.as_str().to_string()),
            _ => return Err(internal(span.start)),
        };
        Ok(leaf(kind, span))
    }

    /// `(e)` (its span widened to the parentheses) or a tuple `(a, b)`.
    fn paren(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let (mut items, depth) = self.expr_list(pair)?;
        if items.len() == 1
            && let Some(mut e) = items.pop()
        {
            e.span = span;
            return Ok(Node { expr: e, depth });
        }
        self.node(ExprKind::Tuple(items), span, depth, span.start)
    }

    /// `[a, b]`, `[]` or `[body for var in iter]`.
    fn list(&self, pair: P<'_>) -> Result<Node> {
        let span = self.span(&pair);
        let mut items = Vec::new();
        let mut comp = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::expr => items.push(self.expr(p)?),
                Rule::comp_tail => comp = Some(p),
                _ => {}
            }
        }
        let Some(comp) = comp else {
            let (items, depth) = unzip(items);
            return self.node(ExprKind::List(items), span, depth, span.start);
        };
        let body = items.pop().ok_or_else(|| internal(span.start))?;
        let mut var = None;
        let mut iter = None;
        for p in comp.into_inner() {
            match p.as_rule() {
                Rule::name => var = Some(p.as_str().to_string()),
                Rule::expr => iter = Some(self.expr(p)?),
                _ => {}
            }
        }
        let (Some(var), Some(iter)) = (var, iter) else {
            return Err(internal(span.start));
        };
        let depth = body.depth.max(iter.depth);
        let kind = ExprKind::Comprehension {
            kind: CollectionKind::List,
            body: Box::new(body.expr),
            value: None,
            clauses: vec![Clause::For {
                var,
                var_span: span,
                source: ForSource::In(iter.expr),
                while_cond: None,
                where_cond: None,
            }],
        };
        self.node(kind, span, depth, span.start)
    }

    // ------------------------------------------------------------ games

    /// `{...}` or `<...>` (a `brace` or `angle` pair): a game if it has bars; a set if it is a
    /// plain brace without bars.
    fn braces(&self, pair: P<'_>, kind: GameKind) -> Result<Node> {
        let span = self.span(&pair);
        let is_angle = pair.as_rule() == Rule::angle;
        let body = self.find(pair, Rule::game_body)?;
        let mut segments = Vec::new();
        let mut bars = Vec::new();
        for p in body.into_inner() {
            match p.as_rule() {
                Rule::options => {
                    let start = self.span(&p).start;
                    let nodes = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::option)
                        .map(|q| self.expr(q))
                        .collect::<Result<Vec<_>>>()?;
                    let (items, depth) = unzip(nodes);
                    // The options' own extent, without the white space around them.
                    let seg_span = match (items.first(), items.last()) {
                        (Some(first), Some(last)) => Span::new(first.span.start, last.span.end),
                        _ => Span::new(start, start),
                    };
                    segments.push(Segment {
                        items,
                        depth,
                        span: seg_span,
                    });
                }
                Rule::bars => {
                    let s = self.span(&p);
                    bars.push(Bars {
                        len: s.end - s.start,
                        span: s,
                    });
                }
                _ => return Err(internal(span.start)),
            }
        }
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
            Err(_) => digits
                .parse::<BigInt>()
                .map_err(|_| internal(self.span(pair).start)),
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
                    let count = self.count_paren(count)?;
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
        let exponent = self.find(form, Rule::integer)?;
        let n = NumberLit {
            numerator: self.integer(&exponent)?,
            denominator: one(),
        };
        let exponent = GameLit {
            number: Some(n),
            ups: None,
            star: None,
        };
        let up = GameLit {
            number: None,
            ups: Some(UpCount::Literal(one())),
            star: None,
        };
        let arg = Arg {
            name: None,
            value: Expr::new(ExprKind::Literal(exponent), span),
        };
        let term = ExprKind::Member {
            target: Box::new(Expr::new(ExprKind::Literal(up), lit_span)),
            name: method.to_string(),
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
                    Rule::count_paren => self.count_paren(p)?,
                    _ => self.list(p)?,
                };
                Ok((StarPart::Expr(Box::new(node.expr)), node.depth))
            }
        }
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
