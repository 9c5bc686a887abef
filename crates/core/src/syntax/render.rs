//! Source text from syntax trees: how function values print (`x -> x + 1`).
//!
//! The rendering follows the language spec (§5 "Printing"): single spaces around binary
//! operators, `, ` between list items and arguments, parentheses only where precedence needs
//! them, a multi-statement body as `begin s1; s2 end`, and a list comprehension in CGSuite's
//! loop form (`for k from 1 to 3 yield [k] end`). Game literals are written in CGSuite's
//! notation (`1/2^*`, `v3`, `*n`).
//!
//! Everything else reads back as the same tree (modulo spans): the tests check
//! parse(render(lambda)) against the original. The binding strengths below mirror the tree
//! builder's (`build.rs`).

use super::ast::{
    Arg, BinOp, Clause, CmpOp, CollectionKind, Expr, ExprKind, ForSource, GameLit, Lambda, LogicOp,
    LoopBody, StarPart, UnaryOp, UpCount,
};
use num_bigint::BigInt;

// Binding strengths, loosest first (the same numbers as the builder's, plus the levels that
// have no operator there).
const STATEMENT: u8 = 0;
const ASSIGN: u8 = 1;
const LAMBDA: u8 = 2;
const OR: u8 = 3;
const AND: u8 = 4;
const NOT: u8 = 5;
const IS: u8 = 6;
const CMP: u8 = 7;
const INFIX: u8 = 8;
const RANGE: u8 = 9;
const ADD: u8 = 10;
const SIDED: u8 = 11;
const ORDINAL: u8 = 12;
const MUL: u8 = 13;
const SIGN: u8 = 14;
const POW: u8 = 15;
const POSTFIX: u8 = 16;
const ATOM: u8 = 17;

/// A lambda as CGSuite prints a function value.
pub fn render_lambda(lambda: &Lambda) -> String {
    let mut out = String::new();
    lambda_text(&mut out, lambda);
    out
}

fn lambda_text(out: &mut String, lambda: &Lambda) {
    match lambda.params.as_slice() {
        [one] if one.default.is_none() => out.push_str(&one.name),
        params => {
            out.push('(');
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&p.name);
                if let Some(d) = &p.default {
                    out.push_str(" ? ");
                    expr_at(out, d, LAMBDA);
                }
            }
            out.push(')');
        }
    }
    out.push_str(" -> ");
    expr_at(out, &lambda.body, LAMBDA);
}

/// `e`, in parentheses if it binds more loosely than `min`.
fn expr_at(out: &mut String, e: &Expr, min: u8) {
    if strength(e) < min {
        out.push('(');
        expr(out, e);
        out.push(')');
    } else {
        expr(out, e);
    }
}

/// A game option, set element or first map key: read by the grammar's `option` rule, which
/// has no comparisons, `not`, `is`, lambdas or assignments.
fn option(out: &mut String, e: &Expr) {
    expr_at(out, e, INFIX);
}

/// How tightly the rendering of `e` binds.
fn strength(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Var { .. } => STATEMENT,
        ExprKind::Assign { .. } => ASSIGN,
        ExprKind::Lambda(_) => LAMBDA,
        ExprKind::Logic {
            op: LogicOp::Or, ..
        } => OR,
        ExprKind::Logic {
            op: LogicOp::And, ..
        } => AND,
        ExprKind::Unary {
            op: UnaryOp::Not, ..
        } => NOT,
        ExprKind::Unary { .. } => SIGN,
        ExprKind::Is { .. } => IS,
        ExprKind::Compare { .. } => CMP,
        ExprKind::Infix { .. } => INFIX,
        ExprKind::Range { .. } => RANGE,
        ExprKind::Binary { op, .. } => binary_strength(*op),
        ExprKind::Member { .. } | ExprKind::Call { .. } | ExprKind::Apply { .. } => POSTFIX,
        ExprKind::Index { .. } => POSTFIX,
        // A negative number takes its sign like a prefix minus: `(-1).Abs`.
        ExprKind::Literal(GameLit {
            number: Some(n), ..
        }) if n.numerator < BigInt::from(0) => SIGN,
        _ => ATOM,
    }
}

fn binary_strength(op: BinOp) -> u8 {
    match op {
        BinOp::Add | BinOp::Sub | BinOp::PlusMinus => ADD,
        BinOp::OrdinalSum => ORDINAL,
        BinOp::Mul | BinOp::Div | BinOp::Mod => MUL,
        BinOp::Pow => POW,
        BinOp::Sided => SIDED,
    }
}

fn binary_text(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::PlusMinus => "+-",
        BinOp::OrdinalSum => ":",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Mod => "%",
        BinOp::Pow => "^",
        BinOp::Sided => "&",
    }
}

/// How a comparison operator is written.
pub fn compare_text(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Le => "<=",
        CmpOp::Ge => ">=",
        CmpOp::Lt => "<",
        CmpOp::Gt => ">",
        CmpOp::LessOrConfused => "<|",
        CmpOp::GreaterOrConfused => "|>",
        CmpOp::Confused => "<>",
        CmpOp::Same => "===",
        CmpOp::NotSame => "!==",
        CmpOp::Order => "<=>",
    }
}

/// `lhs op rhs` with the operands at the strengths given.
fn infix(out: &mut String, lhs: &Expr, op: &str, rhs: &Expr, lhs_min: u8, rhs_min: u8) {
    // `2* * 3` would read as `2 * *3`: a literal ending in a bare `*` before `*` is
    // parenthesised.
    let mut left = String::new();
    expr_at(&mut left, lhs, lhs_min);
    if op == "*" && matches!(lhs.kind, ExprKind::Literal(_)) && left.ends_with('*') {
        left = format!("({left})");
    }
    out.push_str(&left);
    out.push(' ');
    out.push_str(op);
    out.push(' ');
    expr_at(out, rhs, rhs_min);
}

fn list(out: &mut String, items: &[Expr], each: fn(&mut String, &Expr)) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        each(out, item);
    }
}

fn full(out: &mut String, e: &Expr) {
    expr_at(out, e, STATEMENT);
}

fn args(out: &mut String, args: &[Arg]) {
    out.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(n) = &a.name {
            out.push_str(n);
            out.push_str(" => ");
        }
        expr_at(out, &a.value, ASSIGN);
    }
    out.push(')');
}

/// A statement sequence between two keywords: ` s1; s2 ` (or a single space when empty).
fn block(out: &mut String, statements: &[Expr]) {
    out.push(' ');
    for (i, s) in statements.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        full(out, s);
    }
    if !statements.is_empty() {
        out.push(' ');
    }
}

fn clauses(out: &mut String, clauses: &[Clause]) {
    for (i, c) in clauses.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match c {
            Clause::For {
                var,
                source,
                while_cond,
                where_cond,
                ..
            } => {
                out.push_str("for ");
                out.push_str(var);
                match source {
                    ForSource::In(e) => {
                        out.push_str(" in ");
                        full(out, e);
                    }
                    ForSource::From { from, to, by } => {
                        out.push_str(" from ");
                        full(out, from);
                        if let Some(to) = to {
                            out.push_str(" to ");
                            full(out, to);
                        }
                        if let Some(by) = by {
                            out.push_str(" by ");
                            full(out, by);
                        }
                    }
                    ForSource::Let(e) => {
                        out.push_str(" := ");
                        full(out, e);
                    }
                }
                if let Some(w) = while_cond {
                    out.push_str(" while ");
                    full(out, w);
                }
                if let Some(w) = where_cond {
                    out.push_str(" where ");
                    full(out, w);
                }
            }
            Clause::While { cond, where_cond } => {
                out.push_str("while ");
                full(out, cond);
                if let Some(w) = where_cond {
                    out.push_str(" where ");
                    full(out, w);
                }
            }
        }
    }
}

/// The text of a string literal: the parser decodes `\n`, `\t`, `\\` and `\"`.
fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn literal(out: &mut String, lit: &GameLit) {
    if let Some(n) = &lit.number {
        out.push_str(&n.numerator.to_string());
        if n.denominator != BigInt::from(1) {
            out.push('/');
            out.push_str(&n.denominator.to_string());
        }
    }
    match &lit.ups {
        None => {}
        Some(UpCount::Literal(n)) => {
            let (sym, twice, count) = if *n < BigInt::from(0) {
                ("v", "vv", -n)
            } else {
                ("^", "^^", n.clone())
            };
            if count == BigInt::from(1) {
                out.push_str(sym);
            } else if count == BigInt::from(2) {
                out.push_str(twice);
            } else {
                out.push_str(sym);
                out.push_str(&count.to_string());
            }
        }
        Some(UpCount::Expr { negative, count }) => {
            if let (false, ExprKind::Name(n)) = (negative, &count.kind) {
                out.push('^');
                out.push_str(n);
            } else {
                out.push_str(if *negative { "v(" } else { "^(" });
                full(out, count);
                out.push(')');
            }
        }
    }
    match &lit.star {
        None => {}
        Some(StarPart::Literal(n)) => {
            out.push('*');
            if *n != BigInt::from(1) {
                out.push_str(&n.to_string());
            }
        }
        Some(StarPart::MisereNotation(text)) => out.push_str(text),
        Some(StarPart::Expr(e)) => {
            out.push('*');
            match &e.kind {
                ExprKind::Name(n) => out.push_str(n),
                ExprKind::List(items) => {
                    out.push('[');
                    list(out, items, full);
                    out.push(']');
                }
                _ => {
                    out.push('(');
                    full(out, e);
                    out.push(')');
                }
            }
        }
    }
}

/// True for `game`, `game.heap`, ...: arguments after such a path are an `Apply` when read.
fn is_game_path(mut e: &Expr) -> bool {
    loop {
        match &e.kind {
            ExprKind::Name(n) => return n == "game",
            ExprKind::Member {
                target, args: None, ..
            } => e = target,
            _ => return false,
        }
    }
}

fn game(out: &mut String, left: &[Expr], right: &[Expr]) {
    out.push('{');
    for (i, o) in left.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        option(out, o);
    }
    out.push('|');
    for (i, o) in right.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        option(out, o);
    }
    out.push('}');
}

fn expr(out: &mut String, e: &Expr) {
    match &e.kind {
        ExprKind::Literal(lit) => literal(out, lit),
        ExprKind::Game { left, right } => game(out, left, right),
        ExprKind::ExplicitGame { left, right } => {
            out.push('\'');
            game(out, left, right);
            out.push('\'');
        }
        ExprKind::Set(items) => {
            out.push('{');
            list(out, items, option);
            out.push('}');
        }
        ExprKind::List(items) => {
            out.push('[');
            list(out, items, full);
            out.push(']');
        }
        ExprKind::Tuple(items) => {
            out.push('(');
            list(out, items, full);
            out.push(')');
        }
        ExprKind::Map(entries) => {
            if entries.is_empty() {
                out.push_str("{=>}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                    full(out, k);
                } else {
                    option(out, k);
                }
                out.push_str(" => ");
                full(out, v);
            }
            out.push('}');
        }
        ExprKind::Range { from, to, step } => {
            expr_at(out, from, RANGE + 1);
            out.push_str("..");
            expr_at(out, to, RANGE + 1);
            if let Some(s) = step {
                out.push_str("..");
                expr_at(out, s, RANGE + 1);
            }
        }
        ExprKind::Comprehension {
            kind,
            body,
            value,
            clauses: cs,
        } => match (kind, value) {
            // CGSuite prints a list comprehension as the loop it is.
            (CollectionKind::List, _) => {
                clauses(out, cs);
                out.push_str(" yield ");
                full(out, body);
                out.push_str(" end");
            }
            (_, Some(v)) => {
                out.push('{');
                option(out, body);
                out.push_str(" => ");
                full(out, v);
                out.push(' ');
                clauses(out, cs);
                out.push('}');
            }
            (_, None) => {
                out.push('{');
                option(out, body);
                out.push(' ');
                clauses(out, cs);
                out.push('}');
            }
        },
        ExprKind::Loop { clauses: cs, body } => {
            clauses(out, cs);
            match body {
                LoopBody::Do(s) => {
                    out.push_str(" do");
                    block(out, s);
                }
                LoopBody::Yield(parts) => {
                    for s in parts {
                        out.push_str(" yield");
                        block(out, s);
                    }
                    if parts.is_empty() {
                        out.push(' ');
                    }
                }
            }
            out.push_str("end");
        }
        ExprKind::If {
            branches,
            otherwise,
        } => {
            for (i, (c, body)) in branches.iter().enumerate() {
                out.push_str(if i == 0 { "if " } else { "elseif " });
                full(out, c);
                out.push_str(" then");
                block(out, body);
            }
            if let Some(body) = otherwise {
                out.push_str("else");
                block(out, body);
            }
            out.push_str("end");
        }
        ExprKind::Begin(statements) => {
            out.push_str("begin");
            block(out, statements);
            out.push_str("end");
        }
        ExprKind::Assign { name, value } => {
            out.push_str(name);
            out.push_str(" := ");
            expr_at(out, value, ASSIGN);
        }
        ExprKind::Var { name, value } => {
            out.push_str("var ");
            out.push_str(name);
            if let Some(v) = value {
                out.push_str(" := ");
                expr_at(out, v, LAMBDA);
            }
        }
        ExprKind::Lambda(l) => lambda_text(out, l),
        ExprKind::Error(m) => {
            out.push_str("error(");
            full(out, m);
            out.push(')');
        }
        ExprKind::Is { value, type_name } => {
            expr_at(out, value, IS);
            out.push_str(" is ");
            out.push_str(type_name);
        }
        ExprKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        ExprKind::Pass => out.push_str("pass"),
        ExprKind::LoopyNimber(items) => {
            out.push('∞');
            if !items.is_empty() {
                out.push('(');
                list(out, items, full);
                out.push(')');
            }
        }
        ExprKind::Labelled { label, game } => {
            out.push_str(label);
            expr(out, game);
        }
        ExprKind::Str(s) => string(out, s),
        ExprKind::Name(n) => out.push_str(n),
        ExprKind::Unary { op, operand } => {
            let (text, min) = match op {
                UnaryOp::Not => ("not ", NOT),
                UnaryOp::Neg => ("-", SIGN),
                UnaryOp::Plus => ("+", SIGN),
                UnaryOp::Switch => ("+-", SIGN),
            };
            out.push_str(text);
            let mut inner = String::new();
            // A minus written directly before a number would become part of it.
            let number = matches!(
                &operand.kind,
                ExprKind::Literal(GameLit {
                    number: Some(_),
                    ..
                })
            );
            if number && *op == UnaryOp::Neg {
                inner.push('(');
                expr(&mut inner, operand);
                inner.push(')');
            } else {
                expr_at(&mut inner, operand, min);
            }
            // `- -x`, `+ -x`: keep two signs apart (`+-` is one operator).
            if *op != UnaryOp::Not && inner.starts_with(['-', '+', '±']) {
                out.push(' ');
            }
            out.push_str(&inner);
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let s = binary_strength(*op);
            if *op == BinOp::Pow {
                // Right-associative; a literal on the left would swallow the `^`.
                let mut left = String::new();
                expr_at(&mut left, lhs, s + 1);
                if matches!(lhs.kind, ExprKind::Literal(_)) && !left.starts_with('(') {
                    left = format!("({left})");
                }
                out.push_str(&left);
                out.push('^');
                expr_at(out, rhs, s);
            } else {
                infix(out, lhs, binary_text(*op), rhs, s, s + 1);
            }
        }
        ExprKind::Compare { op, lhs, rhs } => {
            infix(out, lhs, compare_text(*op), rhs, CMP + 1, CMP + 1)
        }
        ExprKind::Logic { op, lhs, rhs } => {
            let (text, s) = match op {
                LogicOp::And => ("and", AND),
                LogicOp::Or => ("or", OR),
            };
            infix(out, lhs, text, rhs, s, s + 1);
        }
        ExprKind::Infix { name, lhs, rhs } => infix(out, lhs, name, rhs, INFIX, INFIX + 1),
        ExprKind::Member {
            target,
            name,
            args: a,
            ..
        } => {
            postfix_target(out, target);
            out.push('.');
            out.push_str(name);
            if let Some(a) = a {
                args(out, a);
            }
        }
        ExprKind::Call { name, args: a } => {
            out.push_str(name);
            args(out, a);
        }
        ExprKind::Apply { callee, args: a } => {
            // A plain name or a method name before `(` would read back as a call.
            let reads_as_call = match &callee.kind {
                ExprKind::Name(_) => true,
                ExprKind::Member { args: None, .. } => !is_game_path(callee),
                _ => false,
            };
            if reads_as_call {
                out.push('(');
                expr(out, callee);
                out.push(')');
            } else {
                postfix_target(out, callee);
            }
            args(out, a);
        }
        ExprKind::Index { target, args: a } => {
            postfix_target(out, target);
            out.push('[');
            list(out, a, full);
            out.push(']');
        }
    }
}

/// The target of `.Name`, `(args)` or `[i]`.
fn postfix_target(out: &mut String, target: &Expr) {
    // A literal ending in a bare `*` or a down would absorb what follows (`2*[1]`, `v[2]`).
    let mut text = String::new();
    expr_at(&mut text, target, POSTFIX);
    let risky = matches!(target.kind, ExprKind::Literal(_))
        && (text.ends_with(['*', '^', 'v']) || text.starts_with('*'));
    if risky && !text.starts_with('(') {
        text = format!("({text})");
    }
    out.push_str(&text);
}
