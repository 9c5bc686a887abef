//! Questions about a syntax tree that the evaluator asks once per function value: which names
//! a lambda uses without binding them (its captured locals and the globals it reads).

use super::ast::{
    Arg, Clause, Expr, ExprKind, ForSource, GameLit, Lambda, LoopBody, StarPart, UpCount,
};
use std::collections::HashSet;

/// The names `lambda` reads or assigns that neither its parameters nor any binding inside it
/// declare, in first-use order (duplicates removed).
pub fn free_names(lambda: &Lambda) -> Vec<String> {
    let mut walk = Walk::default();
    walk.lambda(lambda);
    walk.free
}

#[derive(Default)]
struct Walk {
    /// Names bound by enclosing constructs, innermost last.
    bound: Vec<String>,
    free: Vec<String>,
    seen: HashSet<String>,
}

impl Walk {
    fn use_name(&mut self, name: &str) {
        if !self.bound.iter().any(|b| b == name) && self.seen.insert(name.to_string()) {
            self.free.push(name.to_string());
        }
    }

    fn lambda(&mut self, lambda: &Lambda) {
        let mark = self.bound.len();
        for p in &lambda.params {
            if let Some(d) = &p.default {
                self.expr(d);
            }
            self.bound.push(p.name.to_string());
        }
        self.expr(&lambda.body);
        self.bound.truncate(mark);
    }

    /// A statement sequence: a `var` binds from its statement to the end of the block.
    fn block(&mut self, statements: &[Expr]) {
        let mark = self.bound.len();
        for s in statements {
            if let ExprKind::Var { name, .. } = &s.kind {
                self.bound.push(name.to_string());
            }
            self.expr(s);
        }
        self.bound.truncate(mark);
    }

    fn clauses(&mut self, clauses: &[Clause], inner: &mut dyn FnMut(&mut Self)) {
        let mark = self.bound.len();
        for c in clauses {
            match c {
                Clause::For {
                    var,
                    source,
                    while_cond,
                    where_cond,
                    ..
                } => {
                    match source {
                        ForSource::In(e) | ForSource::Let(e) => self.expr(e),
                        ForSource::From { from, to, by } => {
                            self.expr(from);
                            for e in [to, by].into_iter().flatten() {
                                self.expr(e);
                            }
                        }
                    }
                    self.bound.push(var.to_string());
                    for e in [while_cond, where_cond].into_iter().flatten() {
                        self.expr(e);
                    }
                }
                Clause::While { cond, where_cond } => {
                    self.expr(cond);
                    if let Some(w) = where_cond {
                        self.expr(w);
                    }
                }
            }
        }
        inner(self);
        self.bound.truncate(mark);
    }

    fn args(&mut self, args: &[Arg]) {
        for a in args {
            self.expr(&a.value);
        }
    }

    fn literal(&mut self, lit: &GameLit) {
        if let Some(UpCount::Expr { count, .. }) = &lit.ups {
            self.expr(count);
        }
        if let Some(StarPart::Expr(e)) = &lit.star {
            self.expr(e);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Literal(lit) => self.literal(lit),
            ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Pass => {}
            ExprKind::Labelled { game, .. } => self.expr(game),
            ExprKind::Name(n) => self.use_name(n),
            ExprKind::Game { left, right } | ExprKind::ExplicitGame { left, right } => {
                for o in left.iter().chain(right) {
                    self.expr(o);
                }
            }
            ExprKind::Set(items)
            | ExprKind::List(items)
            | ExprKind::Tuple(items)
            | ExprKind::LoopyNimber(items) => {
                for i in items {
                    self.expr(i);
                }
            }
            ExprKind::Map(entries) => {
                for (k, v) in entries {
                    self.expr(k);
                    self.expr(v);
                }
            }
            ExprKind::Range { from, to, step } => {
                self.expr(from);
                self.expr(to);
                if let Some(s) = step {
                    self.expr(s);
                }
            }
            ExprKind::Comprehension {
                body,
                value,
                clauses,
                ..
            } => self.clauses(clauses, &mut |w| {
                w.expr(body);
                if let Some(v) = value {
                    w.expr(v);
                }
            }),
            ExprKind::Loop { clauses, body } => self.clauses(clauses, &mut |w| match body {
                LoopBody::Do(s) => w.block(s),
                LoopBody::Yield(ys) => {
                    for y in ys {
                        w.block(y);
                    }
                }
            }),
            ExprKind::If {
                branches,
                otherwise,
            } => {
                for (c, b) in branches {
                    self.expr(c);
                    self.block(b);
                }
                if let Some(b) = otherwise {
                    self.block(b);
                }
            }
            ExprKind::Begin(statements) => self.block(statements),
            ExprKind::Assign { name, value } => {
                self.use_name(name);
                self.expr(value);
            }
            ExprKind::Var { value, .. } => {
                if let Some(v) = value {
                    self.expr(v);
                }
            }
            ExprKind::Lambda(l) => self.lambda(l),
            ExprKind::Error(m) => self.expr(m),
            ExprKind::Is { value, .. } => self.expr(value),
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary { lhs, rhs, .. }
            | ExprKind::Compare { lhs, rhs, .. }
            | ExprKind::Logic { lhs, rhs, .. }
            | ExprKind::Infix { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Member { target, args, .. } => {
                self.expr(target);
                if let Some(a) = args {
                    self.args(a);
                }
            }
            ExprKind::Call { name, args } => {
                self.use_name(name);
                self.args(args);
            }
            ExprKind::Apply { callee, args } => {
                self.expr(callee);
                self.args(args);
            }
            ExprKind::Index { target, args } => {
                self.expr(target);
                for a in args {
                    self.expr(a);
                }
            }
        }
    }
}
