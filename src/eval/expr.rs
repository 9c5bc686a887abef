//! Evaluation of expressions: literals, game braces, operators, comparisons, collections,
//! variables and calls. Methods and functions are dispatched in `methods.rs`/`builtins.rs`.

use super::convert::{dyadic, expect_bool, expect_integer, expect_u64, integer, type_name};
use super::env::{MAX_CALL_DEPTH, UserFunction};
use super::{EvalError, EvalResult, Session, Value};
use crate::engine::{Nus, Relation};
use crate::syntax::ast::{
    BinOp, CmpOp, Expr, ExprKind, GameLit, LogicOp, StarPart, UnaryOp, UpCount,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// Largest range `a..b` we materialise as a list.
const MAX_RANGE: u64 = 10_000_000;

impl Session {
    pub(super) fn eval(&mut self, e: &Expr) -> EvalResult<Value> {
        self.eval_kind(e).map_err(|err| err.or_at(e.span))
    }

    fn eval_kind(&mut self, e: &Expr) -> EvalResult<Value> {
        match &e.kind {
            ExprKind::Literal(lit) => self.eval_literal(lit),
            ExprKind::Game { left, right } => {
                let left = self.eval_options(left)?;
                let right = self.eval_options(right)?;
                Ok(Value::Game(self.engine.game_from_options(&left, &right)?))
            }
            ExprKind::ExplicitGame { left, right } => {
                let left = self.eval_options(left)?;
                let right = self.eval_options(right)?;
                Ok(Value::Explicit { left, right })
            }
            ExprKind::Set(items) => {
                let values = items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<EvalResult<Vec<_>>>()?;
                self.make_set(values)
            }
            ExprKind::List(items) => Ok(Value::List(
                items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<EvalResult<_>>()?,
            )),
            ExprKind::Tuple(items) => Ok(Value::Tuple(
                items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<EvalResult<_>>()?,
            )),
            ExprKind::Range { from, to } => self.eval_range(from, to),
            ExprKind::Comprehension { body, var, iter } => self.eval_comprehension(body, var, iter),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Name(name) => self.eval_name(name),
            ExprKind::Unary { op, operand } => self.eval_unary(*op, operand),
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                self.binary(*op, a, b)
            }
            ExprKind::Compare { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                self.compare(*op, &a, &b).map(Value::Bool)
            }
            ExprKind::Logic { op, lhs, rhs } => {
                let a = expect_bool(&self.eval(lhs)?).map_err(|err| err.or_at(lhs.span))?;
                // Short-circuit like every language users know.
                match (op, a) {
                    (LogicOp::And, false) => Ok(Value::Bool(false)),
                    (LogicOp::Or, true) => Ok(Value::Bool(true)),
                    _ => Ok(Value::Bool(
                        expect_bool(&self.eval(rhs)?).map_err(|err| err.or_at(rhs.span))?,
                    )),
                }
            }
            ExprKind::Member { target, name, args } => {
                self.eval_member(target, name, args.as_deref())
            }
            ExprKind::Call { name, args } => self.eval_call(name, args, e.span),
            ExprKind::Apply { callee, args } => self.eval_apply(callee, args),
            ExprKind::Infix { name, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                self.call_method(&a, name, vec![b])
            }
            ExprKind::Index { target, args } => {
                if is_bare_star(target) {
                    // CGSuite's misère game `*[a, b]`, if the parser reads it as an index.
                    let items = args
                        .iter()
                        .map(|a| self.eval(a))
                        .collect::<EvalResult<Vec<_>>>()?;
                    return crate::misere::methods::from_star_list(&items, &self.engine);
                }
                let t = self.eval(target)?;
                let args = args
                    .iter()
                    .map(|a| self.eval(a))
                    .collect::<EvalResult<Vec<_>>>()?;
                self.index(&t, args)
            }
        }
    }

    fn eval_options(&mut self, options: &[Expr]) -> EvalResult<Vec<crate::engine::GameId>> {
        let mut ids = Vec::with_capacity(options.len());
        for o in options {
            let v = self.eval(o)?;
            ids.push(self.game_of(&v).map_err(|err| err.or_at(o.span))?);
        }
        Ok(ids)
    }

    fn eval_literal(&mut self, lit: &GameLit) -> EvalResult<Value> {
        let number = match &lit.number {
            Some(n) => {
                if n.denominator.is_zero() {
                    return Err(EvalError::new("division by zero"));
                }
                BigRational::new(n.numerator.clone(), n.denominator.clone())
            }
            None => BigRational::zero(),
        };
        if lit.ups.is_none() && lit.star.is_none() {
            return Ok(Value::Number(number));
        }
        let ups = match &lit.ups {
            None => 0,
            Some(UpCount::Literal(n)) => n
                .to_i64()
                .ok_or_else(|| EvalError::new("too many ups (overflow)"))?,
            Some(UpCount::Expr { negative, count }) => {
                let n = expect_integer(&self.eval(count)?).map_err(|err| err.or_at(count.span))?;
                let n = n
                    .to_i64()
                    .ok_or_else(|| EvalError::new("too many ups (overflow)"))?;
                if *negative { -n } else { n }
            }
        };
        let nim = match &lit.star {
            None => 0,
            Some(StarPart::Literal(n)) => nim_index(n)?,
            Some(StarPart::Expr(e)) => {
                let v = self.eval(e)?;
                match v {
                    // CGSuite's misère game `*[a, b]`.
                    Value::List(items) if lit.number.is_none() && lit.ups.is_none() => {
                        return crate::misere::methods::from_star_list(&items, &self.engine);
                    }
                    Value::Number(r) if r.is_integer() => {
                        nim_index(r.numer()).map_err(|err| err.or_at(e.span))?
                    }
                    Value::Number(r) => {
                        return Err(EvalError::at(
                            format!("nim value must be an integer, found {r}"),
                            e.span,
                        ));
                    }
                    other => {
                        return Err(EvalError::at(
                            format!("nim value must be an integer, found {}", type_name(&other)),
                            e.span,
                        ));
                    }
                }
            }
        };
        let number = dyadic(&number)?;
        Ok(Value::Game(self.engine.nus(Nus { number, ups, nim })))
    }

    fn eval_range(&mut self, from: &Expr, to: &Expr) -> EvalResult<Value> {
        let a = expect_integer(&self.eval(from)?).map_err(|err| err.or_at(from.span))?;
        let b = expect_integer(&self.eval(to)?).map_err(|err| err.or_at(to.span))?;
        if b < a {
            return Ok(Value::List(Vec::new()));
        }
        let len = (&b - &a)
            .to_u64()
            .filter(|&n| n < MAX_RANGE)
            .ok_or_else(|| {
                EvalError::new(format!("range too long (more than {MAX_RANGE} elements)"))
            })?;
        Ok(Value::List(
            (0..=len).map(|i| integer(&a + BigInt::from(i))).collect(),
        ))
    }

    fn eval_comprehension(&mut self, body: &Expr, var: &str, iter: &Expr) -> EvalResult<Value> {
        let items = match self.eval(iter)? {
            Value::List(items) | Value::Set(items) | Value::Tuple(items) => items,
            other => {
                return Err(EvalError::at(
                    format!("cannot iterate over {}", type_name(&other)),
                    iter.span,
                ));
            }
        };
        self.env.push_scope(Vec::new());
        let mut out = Vec::with_capacity(items.len());
        let result = (|| {
            for item in items {
                self.engine.check_interrupt()?;
                self.env.bind_local(var, item);
                out.push(self.eval(body)?);
            }
            Ok(())
        })();
        self.env.pop_scope();
        result.map(|()| Value::List(out))
    }

    fn eval_name(&mut self, name: &str) -> EvalResult<Value> {
        if let Some(v) = self.env.get(name) {
            return Ok(v.clone());
        }
        if let Some(v) = self.constant(name) {
            return Ok(v);
        }
        if let Some(v) = crate::rulesets::constant(name) {
            return Ok(v);
        }
        Err(self.unknown_name(name))
    }

    fn eval_unary(&mut self, op: UnaryOp, operand: &Expr) -> EvalResult<Value> {
        let v = self.eval(operand)?;
        match op {
            UnaryOp::Plus => match v {
                Value::Number(_) | Value::Game(_) | Value::Explicit { .. } => Ok(v),
                other => Err(EvalError::new(format!(
                    "cannot apply unary + to {}",
                    type_name(&other)
                ))),
            },
            UnaryOp::Neg => self.negate(v),
            UnaryOp::Switch => {
                // `+-{a,b}`: a set of Left options, {a,b | -a,-b}.
                if let Value::Set(items) = &v {
                    let mut left = Vec::with_capacity(items.len());
                    let mut right = Vec::with_capacity(items.len());
                    for item in items {
                        let g = self.game_of(item)?;
                        left.push(g);
                        right.push(self.engine.neg(g)?);
                    }
                    return Ok(Value::Game(self.engine.game_from_options(&left, &right)?));
                }
                let g = self.game_of(&v)?;
                let neg = self.engine.neg(g)?;
                Ok(Value::Game(self.engine.game_from_options(&[g], &[neg])?))
            }
            UnaryOp::Not => Ok(Value::Bool(!expect_bool(&v)?)),
        }
    }

    pub(super) fn negate(&mut self, v: Value) -> EvalResult<Value> {
        match v {
            Value::Number(r) => Ok(Value::Number(-r)),
            // Every impartial game is its own negative.
            Value::Misere(m) => Ok(Value::Misere(m)),
            other => {
                let g = self.game_of(&other)?;
                Ok(Value::Game(self.engine.neg(g)?))
            }
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, a: Value, b: Value) -> EvalResult<Value> {
        use Value::Number as N;
        match (op, &a, &b) {
            (BinOp::Add, N(x), N(y)) => return Ok(N(x + y)),
            (BinOp::Sub, N(x), N(y)) => return Ok(N(x - y)),
            (BinOp::Mul, N(x), N(y)) => return Ok(N(x * y)),
            (BinOp::Div, N(x), N(y)) => {
                if y.is_zero() {
                    return Err(EvalError::new("division by zero"));
                }
                return Ok(N(x / y));
            }
            (BinOp::Mod, N(x), N(y)) => {
                if y.is_zero() {
                    return Err(EvalError::new("division by zero"));
                }
                return Ok(N(x - y * (x / y).floor()));
            }
            _ => {}
        }
        match op {
            BinOp::Add | BinOp::Sub => {
                // Misère games add in misère play; G − H = G + H for impartial games.
                if let Some(r) = crate::misere::methods::add(&a, &b, &mut self.engine) {
                    return r;
                }
                if let (BinOp::Add, Value::Position(p), Value::Position(q)) = (op, &a, &b) {
                    return Ok(crate::rulesets::analysis::add_positions(
                        p.clone(),
                        q.clone(),
                    ));
                }
                let g = self.game_of(&a)?;
                let h = self.game_of(&b)?;
                let r = if op == BinOp::Add {
                    self.engine.add(g, h)?
                } else {
                    self.engine.sub(g, h)?
                };
                Ok(Value::Game(r))
            }
            BinOp::PlusMinus => {
                let g = self.game_of(&a)?;
                let h = self.game_of(&b)?;
                let neg = self.engine.neg(h)?;
                let switch = self.engine.game_from_options(&[h], &[neg])?;
                Ok(Value::Game(self.engine.add(g, switch)?))
            }
            BinOp::Mul => {
                let (n, game) = match (&a, &b) {
                    (N(n), g) | (g, N(n)) if n.is_integer() && !matches!(g, N(_)) => {
                        (n.numer().clone(), g.clone())
                    }
                    (N(_), _) | (_, N(_)) => {
                        return Err(EvalError::new(
                            "a game can only be multiplied by an integer",
                        ));
                    }
                    _ => {
                        return Err(EvalError::new(format!(
                            "cannot multiply {} by {}; use ConwayProduct or NortonProduct for products of games",
                            type_name(&a),
                            type_name(&b)
                        )));
                    }
                };
                if let Value::Misere(m) = game {
                    return crate::misere::methods::multiple(m, &n, &self.engine);
                }
                let g = self.game_of(&game)?;
                let n = n
                    .to_i128()
                    .ok_or_else(|| EvalError::new("multiplier too large"))?;
                Ok(Value::Game(self.engine.multiple(n, g)?))
            }
            BinOp::Div | BinOp::Mod => Err(EvalError::new(format!(
                "cannot divide {} by {}: division applies to numbers",
                type_name(&a),
                type_name(&b)
            ))),
            BinOp::OrdinalSum => {
                let h = self.game_of(&b)?;
                let r = match &a {
                    Value::Explicit { left, right } => {
                        self.engine.ordinal_sum_of_form(left, right, h)?
                    }
                    Value::Misere(m) => {
                        let options =
                            crate::misere::methods::options_as_nimbers(*m, &mut self.engine);
                        self.engine.ordinal_sum_of_form(&options, &options, h)?
                    }
                    _ => {
                        let g = self.game_of(&a)?;
                        self.engine.ordinal_sum(g, h)?
                    }
                };
                Ok(Value::Game(r))
            }
        }
    }

    pub(super) fn compare(&mut self, op: CmpOp, a: &Value, b: &Value) -> EvalResult<bool> {
        // Numbers (dyadic or not) compare exactly as numbers.
        if let (Value::Number(x), Value::Number(y)) = (a, b) {
            let rel = match x.cmp(y) {
                std::cmp::Ordering::Less => Relation::Less,
                std::cmp::Ordering::Equal => Relation::Equal,
                std::cmp::Ordering::Greater => Relation::Greater,
            };
            return Ok(relation_satisfies(op, rel));
        }
        let is_game = |v: &Value| {
            matches!(
                v,
                Value::Number(_) | Value::Game(_) | Value::Explicit { .. } | Value::Position(_)
            )
        };
        if is_game(a) && is_game(b) {
            let g = self.game_of(a)?;
            let h = self.game_of(b)?;
            let rel = self.engine.relation(g, h)?;
            return Ok(relation_satisfies(op, rel));
        }
        match op {
            CmpOp::Eq => Ok(a == b),
            CmpOp::Ne => Ok(a != b),
            _ => Err(EvalError::new(format!(
                "cannot order {} and {}",
                type_name(a),
                type_name(b)
            ))),
        }
    }

    fn eval_call(
        &mut self,
        name: &str,
        args: &[crate::syntax::ast::Arg],
        span: crate::syntax::ast::Span,
    ) -> EvalResult<Value> {
        if let Some(f) = self.env.function(name).cloned() {
            let values = args
                .iter()
                .map(|a| self.eval(&a.value))
                .collect::<EvalResult<Vec<_>>>()?;
            return self.call_user(name, &f, values);
        }
        // `R(n)` for a ruleset held in a variable or named by a constant.
        if let Some(Value::Ruleset(r)) = self
            .env
            .get(name)
            .cloned()
            .or_else(|| crate::rulesets::constant(name))
        {
            let values = args
                .iter()
                .map(|a| self.eval(&a.value))
                .collect::<EvalResult<Vec<_>>>()?;
            return r
                .position(&values, &mut self.engine)
                .map_err(|err| err.or_at(span));
        }
        let crate::rulesets::Args { positional, named } = self.eval_args(args)?;
        self.call_builtin(name, positional, named)
            .map_err(|err| err.or_at(span))
    }

    fn call_user(&mut self, name: &str, f: &UserFunction, args: Vec<Value>) -> EvalResult<Value> {
        if args.len() != f.params.len() {
            return Err(EvalError::new(format!(
                "{name} takes {} argument{}, {} given",
                f.params.len(),
                if f.params.len() == 1 { "" } else { "s" },
                args.len()
            )));
        }
        if self.env.depth() >= MAX_CALL_DEPTH {
            return Err(EvalError::new(format!(
                "recursion deeper than {MAX_CALL_DEPTH} calls"
            )));
        }
        self.env
            .push_scope(f.params.iter().cloned().zip(args).collect());
        let result = self.eval(&f.body);
        self.env.pop_scope();
        result
    }

    fn eval_apply(&mut self, callee: &Expr, args: &[crate::syntax::ast::Arg]) -> EvalResult<Value> {
        // `x.Method(args)` is parsed as Member with args; an Apply is e.g. `(f)(x)`.
        if let ExprKind::Member {
            target,
            name,
            args: None,
        } = &callee.kind
        {
            let member_args = args.to_vec();
            return self.eval_member(target, name, Some(&member_args));
        }
        let values = args
            .iter()
            .map(|a| self.eval(&a.value))
            .collect::<EvalResult<Vec<_>>>()?;
        match self.eval(callee)? {
            Value::Ruleset(r) => r.position(&values, &mut self.engine),
            other => Err(EvalError::at(
                format!("{} cannot be called", type_name(&other)),
                callee.span,
            )),
        }
    }

    fn eval_member(
        &mut self,
        target: &Expr,
        name: &str,
        args: Option<&[crate::syntax::ast::Arg]>,
    ) -> EvalResult<Value> {
        let call = match args {
            Some(args) => Some(self.eval_args(args)?),
            None => None,
        };
        // CGSuite's `game.heap.Name` and `game.heap.Name(args)`.
        if let ExprKind::Member {
            target: root,
            name: heap,
            args: None,
        } = &target.kind
            && matches!(&root.kind, ExprKind::Name(n) if n == "game")
            && heap == "heap"
            && self.env.get("game").is_none()
        {
            return crate::rulesets::cgsuite_heap(name, call.as_ref(), &mut self.engine)
                .unwrap_or_else(|| {
                    Err(EvalError::new(format!(
                        "unknown ruleset `game.heap.{name}`"
                    )))
                });
        }
        let t = self.eval(target)?;
        let values = match call {
            // Ruleset methods take their named arguments after the positional ones
            // (`R.CakeProduct(S, twisted => true)`); see `Ruleset::method`.
            Some(mut call) if matches!(t, Value::Ruleset(_)) => {
                call.positional.extend(call.named.drain(..).map(|(_, v)| v));
                call.positional
            }
            Some(call) => {
                if let Some((n, _)) = call.named.first() {
                    return Err(EvalError::new(format!(
                        "{name} has no argument named `{n}`"
                    )));
                }
                call.positional
            }
            None => Vec::new(),
        };
        self.call_method(&t, name, values)
    }

    /// Evaluate call arguments, keeping named ones (`allbut => true`) apart.
    fn eval_args(&mut self, args: &[crate::syntax::ast::Arg]) -> EvalResult<crate::rulesets::Args> {
        let mut call = crate::rulesets::Args::default();
        for a in args {
            let v = self.eval(&a.value)?;
            match &a.name {
                Some(n) => call.named.push((n.clone(), v)),
                None => call.positional.push(v),
            }
        }
        Ok(call)
    }

    fn index(&mut self, target: &Value, args: Vec<Value>) -> EvalResult<Value> {
        match (target, args.as_slice()) {
            (Value::Ruleset(r), _) => r.position(&args, &mut self.engine),
            (Value::List(items) | Value::Tuple(items), [i]) => {
                // CGSuite lists are indexed from 1.
                let i = expect_u64(i, "index")?;
                items
                    .get((i as usize).wrapping_sub(1))
                    .cloned()
                    .ok_or_else(|| {
                        EvalError::new(format!("index {i} out of range 1..{}", items.len()))
                    })
            }
            _ => Err(EvalError::new(format!(
                "{} cannot be indexed",
                type_name(target)
            ))),
        }
    }

    /// Sort and deduplicate values in CGSuite's set order.
    pub(super) fn make_set(&mut self, values: Vec<Value>) -> EvalResult<Value> {
        let mut out: Vec<Value> = Vec::with_capacity(values.len());
        for v in values {
            let v = match v {
                Value::Explicit { .. } => Value::Game(self.game_of(&v)?),
                v => v,
            };
            out.push(v);
        }
        self.sort_values(&mut out)?;
        out.dedup_by(|a, b| values_equal(a, b));
        Ok(Value::Set(out))
    }
}

/// Equality of values as set elements: a dyadic number and the game it names are equal.
fn values_equal(a: &Value, b: &Value) -> bool {
    a == b
}

fn relation_satisfies(op: CmpOp, rel: Relation) -> bool {
    use Relation::*;
    match op {
        CmpOp::Eq => rel == Equal,
        CmpOp::Ne => rel != Equal,
        CmpOp::Le => matches!(rel, Less | Equal),
        CmpOp::Ge => matches!(rel, Greater | Equal),
        CmpOp::Lt => rel == Less,
        CmpOp::Gt => rel == Greater,
        CmpOp::LessOrConfused => matches!(rel, Less | Confused),
        CmpOp::GreaterOrConfused => matches!(rel, Greater | Confused),
        CmpOp::Confused => rel == Confused,
    }
}

/// The literal `*` alone (no number, ups or star index).
fn is_bare_star(e: &Expr) -> bool {
    matches!(
        &e.kind,
        ExprKind::Literal(GameLit { number: None, ups: None, star: Some(StarPart::Literal(n)) })
            if *n == BigInt::from(1)
    )
}

fn nim_index(n: &BigInt) -> EvalResult<u64> {
    if n.is_negative() {
        return Err(EvalError::new(format!("Nim value is negative: {n}")));
    }
    n.to_u64()
        .ok_or_else(|| EvalError::new(format!("nim value too large: {n}")))
}
