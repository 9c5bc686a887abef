//! Evaluation of expressions: literals, game braces, operators, comparisons, collections,
//! variables and calls. Methods and functions are dispatched in `methods.rs`/`builtins.rs`.

use super::convert::{dyadic, expect_bool, expect_integer, integer, type_name};
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::{Nus, Relation};
use crate::syntax::Symbol;
use crate::syntax::ast::{
    BinOp, CmpOp, Expr, ExprKind, GameLit, LogicOp, StarPart, UnaryOp, UpCount,
};
use crate::value::{Explicit, IntRange};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

impl Evaluator<'_> {
    pub(super) fn eval(&mut self, e: &Expr) -> EvalResult<Value> {
        // The commonest nodes are handled in this small function; the rest go through
        // `eval_kind`, whose stack frame is large (every kind of node has locals there) and
        // would otherwise be paid on every name and every arithmetic step.
        let result = match &e.kind {
            ExprKind::Name(name) => self.eval_name(name),
            ExprKind::Literal(lit) if lit.ups.is_none() && lit.star.is_none() => {
                self.eval_number_literal(lit)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                if let Some(n) = self.machine_integer(e, MACHINE_INTEGER_DEPTH) {
                    return Ok(Value::Number(n.into()));
                }
                let a = self.operand(lhs)?;
                let b = self.operand(rhs)?;
                self.binary(*op, a, b)
            }
            ExprKind::List(items) => {
                let mut values = Vec::with_capacity(items.len());
                for i in items {
                    values.push(self.eval_element(i)?);
                }
                Ok(Value::List(values))
            }
            _ => self.eval_kind(e),
        };
        result.map_err(|err| err.or_at(e.span))
    }

    /// An operand of arithmetic. A local variable, the commonest operand, is read here
    /// without another round through `eval` and its result.
    #[inline(always)]
    fn operand(&mut self, e: &Expr) -> EvalResult<Value> {
        if let ExprKind::Name(name) = &e.kind
            && let Some(scope) = &self.scope
            && let Some(v) = scope.read(name, Value::clone)
        {
            return Ok(v);
        }
        self.eval(e)
    }

    /// `eval` for an element of a collection being built: integer arithmetic is done in
    /// registers and its value made in place, without a round through `eval`'s result.
    #[inline(always)]
    pub(super) fn eval_element(&mut self, e: &Expr) -> EvalResult<Value> {
        match self.machine_integer(e, MACHINE_INTEGER_DEPTH) {
            Some(n) => Ok(Value::Number(n.into())),
            None => self.eval(e),
        }
    }

    /// The value of integer arithmetic on locals and literals, when every step fits in an
    /// `i64` (else `None`, and the general path decides, with big numbers, games and
    /// errors). Such arithmetic has no effects, so trying it first costs only time; the
    /// answer travels in a register, where a general value travels through memory. Only
    /// `depth` levels are tried, so that a long chain of game sums is not walked again at
    /// every level.
    fn machine_integer(&self, e: &Expr, depth: u32) -> Option<i64> {
        match &e.kind {
            ExprKind::Name(name) => self.scope.as_ref()?.read(name, |v| match v {
                Value::Number(r) => r.small(),
                _ => None,
            })?,
            ExprKind::Literal(lit) if lit.ups.is_none() && lit.star.is_none() => {
                let n = lit.number.as_ref()?;
                if n.denominator.is_one() {
                    n.numerator.to_i64()
                } else {
                    None
                }
            }
            ExprKind::Binary { op, lhs, rhs } if depth > 0 => {
                let x = self.machine_integer(lhs, depth - 1)?;
                let y = self.machine_integer(rhs, depth - 1)?;
                small_arithmetic(*op, x, y)
            }
            _ => None,
        }
    }

    /// A literal that is a plain number (`7`, `-3/8`).
    fn eval_number_literal(&mut self, lit: &GameLit) -> EvalResult<Value> {
        // No allocation for the common case, a machine-sized integer.
        match &lit.number {
            Some(n) if n.denominator.is_one() => Ok(Value::Number(match n.numerator.to_i64() {
                Some(small) => small.into(),
                None => n.numerator.clone().into(),
            })),
            _ => self.eval_literal(lit),
        }
    }

    #[inline(never)]
    fn eval_kind(&mut self, e: &Expr) -> EvalResult<Value> {
        match &e.kind {
            ExprKind::Literal(lit) => self.eval_literal(lit),
            ExprKind::Game { left, right } => self.eval_game(e, left, right),
            ExprKind::Labelled { .. } => self.eval_loopy_specifier(e),
            ExprKind::Pass => Err(EvalError::new("Unexpected `pass`.")),
            ExprKind::LoopyNimber(items) => {
                let values = items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<EvalResult<Vec<_>>>()?;
                self.loopy_nimber_literal(values)
            }
            ExprKind::ExplicitGame { left, right } => {
                let left = self.eval_options(left)?;
                let right = self.eval_options(right)?;
                let form = crate::misere::form::with_forms(|a| a.form(left, right))?;
                Ok(Value::Explicit(Box::new(Explicit::quoted(form))))
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
            ExprKind::Range { from, to, step } => self.eval_range(from, to, step.as_deref()),
            ExprKind::Comprehension {
                kind,
                body,
                value,
                clauses,
            } => self.eval_comprehension(*kind, body, value.as_deref(), clauses),
            ExprKind::Map(entries) => {
                let mut values = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    values.push((self.eval(k)?, self.eval(v)?));
                }
                self.make_map(values)
            }
            ExprKind::Loop { clauses, body } => self.eval_loop(clauses, body),
            ExprKind::If {
                branches,
                otherwise,
            } => self.eval_if(branches, otherwise.as_deref()),
            ExprKind::Begin(statements) => self.eval_block(statements),
            ExprKind::Assign { name, value } => {
                let v = self.eval(value)?;
                self.assign(name, v.clone())?;
                Ok(v)
            }
            ExprKind::Var { name, value } => self.eval_var(name, value.as_deref(), e.span),
            ExprKind::Lambda(lambda) => self.make_function(lambda),
            ExprKind::Error(message) => self.eval_error(message),
            ExprKind::Is { value, type_name } => {
                let v = self.eval(value)?;
                self.is_instance(&v, type_name)?
                    .map(Value::Bool)
                    .ok_or_else(|| EvalError::new(format!("unknown type `{type_name}`")))
            }
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
                match op {
                    CmpOp::Same => Ok(Value::Bool(super::collections::structurally_equal(&a, &b))),
                    CmpOp::NotSame => {
                        Ok(Value::Bool(!super::collections::structurally_equal(&a, &b)))
                    }
                    CmpOp::Order => self.order_of(&a, &b),
                    _ => self.compare(*op, &a, &b).map(Value::Bool),
                }
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
            ExprKind::Member {
                target,
                name,
                name_span,
                args,
            } => self
                .eval_member(target, name, args.as_deref())
                .map_err(|err| err.or_at(*name_span)),
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
                    return super::misere::from_star_list(&items, self.engine);
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

    /// The options of an explicit game `'{L|R}'` as forms: an explicit option keeps its own,
    /// a value its canonical form (a collection contributes its elements, as in ordinary
    /// braces).
    fn eval_options(&mut self, options: &[Expr]) -> EvalResult<Vec<crate::misere::form::FormId>> {
        let values = self.option_values(options)?;
        let mut ids = Vec::with_capacity(values.len());
        for (v, span) in &values {
            let id = match super::explicit::form_of(v, self.engine) {
                Some(f) => f,
                None => self
                    .game_of(v)
                    .and_then(|g| Ok(crate::misere::form_values::form_of_game(self.engine, g)?)),
            };
            ids.push(match span {
                Some(span) => id.map_err(|err| err.or_at(*span))?,
                None => id?,
            });
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
            return Ok(Value::Number(number.into()));
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
            Some(StarPart::MisereNotation(text)) => {
                let id = crate::misere::with_arena(self.engine, |a| a.parse_notation(text))?;
                return Ok(Value::Misere(id));
            }
            Some(StarPart::Expr(e)) => {
                let v = self.eval(e)?;
                match v {
                    // CGSuite's misère game `*[a, b]`.
                    Value::List(items) if lit.number.is_none() && lit.ups.is_none() => {
                        return super::misere::from_star_list(&items, self.engine);
                    }
                    Value::Sequence(s) if lit.number.is_none() && lit.ups.is_none() => {
                        let items = super::collections::sequence_items(&s, self.engine)?;
                        return super::misere::from_star_list(&items, self.engine);
                    }
                    Value::Number(r) if r.is_integer() => {
                        nim_index(&r.numer()).map_err(|err| err.or_at(e.span))?
                    }
                    Value::Number(r) => {
                        return Err(EvalError::at(
                            format!("nim value must be an integer, found {r}"),
                            e.span,
                        ));
                    }
                    Value::Surreal(_) if lit.number.is_some() || lit.ups.is_some() => {
                        return Err(EvalError::at(
                            "a transfinite nimber is not added to numbers or ups: write the \
                             sum with `+`",
                            e.span,
                        ));
                    }
                    Value::Surreal(_) => {
                        return self
                            .star_of_transfinite(&v)
                            .unwrap_or_else(|| Err(EvalError::new("not a nim value")))
                            .map_err(|err| err.or_at(e.span));
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

    fn eval_range(&mut self, from: &Expr, to: &Expr, step: Option<&Expr>) -> EvalResult<Value> {
        let start = expect_integer(&self.eval(from)?).map_err(|err| err.or_at(from.span))?;
        let end = expect_integer(&self.eval(to)?).map_err(|err| err.or_at(to.span))?;
        let step = match step {
            Some(s) => expect_integer(&self.eval(s)?).map_err(|err| err.or_at(s.span))?,
            None => BigInt::from(1),
        };
        if step.is_zero() {
            return Err(EvalError::new("a range's step cannot be 0"));
        }
        Ok(Value::Range(Box::new(IntRange { start, end, step })))
    }

    fn eval_name(&mut self, name: &Symbol) -> EvalResult<Value> {
        if let Some(scope) = &self.scope
            && let Some(v) = scope.read(name, |v| Ok(v.clone()))
        {
            return v;
        }
        self.eval_global_name(name)
    }

    #[inline(never)]
    fn eval_global_name(&mut self, name: &str) -> EvalResult<Value> {
        if let Some(v) = self.ctx.global(name) {
            return Ok(v);
        }
        if let Some(v) = self.constant(name) {
            return Ok(v);
        }
        if let Some(v) = self.loopy_constant(name)? {
            return Ok(v);
        }
        if let Some(v) = crate::rulesets::constant(name) {
            return Ok(v);
        }
        if name == super::control::ANS {
            return Err(EvalError::new(
                "`ans` is the last result, and nothing has printed yet",
            ));
        }
        Err(self.unknown_name(name))
    }

    fn eval_unary(&mut self, op: UnaryOp, operand: &Expr) -> EvalResult<Value> {
        let v = self.eval(operand)?;
        match op {
            UnaryOp::Plus => match v {
                Value::Number(_)
                | Value::Game(_)
                | Value::Explicit(_)
                | Value::Surreal(_)
                | Value::TransfiniteNimber(_) => Ok(v),
                other => Err(EvalError::new(format!(
                    "cannot apply unary + to {}",
                    type_name(&other)
                ))),
            },
            UnaryOp::Neg => self.negate(v),
            UnaryOp::Switch => self.switch_of(&v),
            UnaryOp::Not => Ok(Value::Bool(!expect_bool(&v)?)),
        }
    }

    pub(super) fn negate(&mut self, v: Value) -> EvalResult<Value> {
        match v {
            Value::Number(r) => Ok(Value::Number(-r)),
            // Every impartial game is its own negative.
            Value::Misere(m) => Ok(Value::Misere(m)),
            // A literal form's negative is its conjugate (misere.md §C.7).
            Value::Explicit(e) => super::explicit::conjugate(&e),
            Value::LoopyNimber(k) => Ok(Value::LoopyNimber(k)),
            Value::Loopy(_) => self.loopy_negate(&v),
            Value::Surreal(_) | Value::TransfiniteNimber(_) | Value::Infinity { .. } => self
                .transfinite_negate(&v)
                .ok_or_else(|| EvalError::new("cannot negate this value")),
            other => {
                let g = self.game_of(&other)?;
                Ok(Value::Game(self.engine.neg(g)?))
            }
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, a: Value, b: Value) -> EvalResult<Value> {
        use Value::Number as N;
        if let Some(r) = self.transfinite_binary(op, &a, &b) {
            return r;
        }
        if let Some(r) = self.repeating_sum(op, &a, &b)? {
            return Ok(r);
        }
        if let Some(r) = self.loopy_nimber_binary(op, &a, &b) {
            return r;
        }
        if (matches!(a, Value::Loopy(_)) || matches!(b, Value::Loopy(_)) || op == BinOp::Sided)
            && let Some(v) = self.loopy_binary(op, &a, &b)?
        {
            return Ok(v);
        }
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
                // CGSuite's `%` truncates: the remainder has the dividend's sign.
                return Ok(N(x % y));
            }
            (BinOp::Add, Value::Str(x), Value::Str(y)) => return Ok(Value::Str(format!("{x}{y}"))),
            (BinOp::Add | BinOp::Sub, Value::Tuple(x), Value::Tuple(y)) if x.len() == y.len() => {
                let mut out = Vec::with_capacity(x.len());
                for (p, q) in x.iter().zip(y) {
                    out.push(self.binary(op, p.clone(), q.clone())?);
                }
                return Ok(Value::Tuple(out));
            }
            (BinOp::Mul, Value::Tuple(x), N(n)) | (BinOp::Mul, N(n), Value::Tuple(x))
                if n.is_integer() =>
            {
                let mut out = Vec::with_capacity(x.len());
                for p in x {
                    out.push(self.binary(op, p.clone(), N(n.clone()))?);
                }
                return Ok(Value::Tuple(out));
            }
            // `G +- {a, b}`: G plus the multiple switch.
            (BinOp::PlusMinus, x, Value::Set(_) | Value::List(_)) if is_arithmetic(x) => {
                let switch = self.switch_of(&b)?;
                return self.binary(BinOp::Add, a, switch);
            }
            _ => {}
        }
        if !is_arithmetic(&a) || !is_arithmetic(&b) {
            // Strings, collections and the like have no arithmetic (bar `String + String`,
            // above): say so rather than "expected a game".
            return Err(EvalError::new(format!(
                "No operation `{}` for arguments of types {} and {}",
                op_symbol(op),
                type_name(&a),
                type_name(&b)
            )));
        }
        match op {
            BinOp::Add | BinOp::Sub => {
                // Explicit games add formally; G − H is G plus H's conjugate (misere.md §C.7).
                if matches!(a, Value::Explicit(_)) || matches!(b, Value::Explicit(_)) {
                    let b = if op == BinOp::Sub { self.negate(b)? } else { b };
                    return super::explicit::add(&a, &b, self.engine);
                }
                // Misère games add in misère play; G − H = G + H for impartial games.
                if let Some(r) = super::misere::add(&a, &b, self.engine) {
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
                let switch = self.switch_of(&b)?;
                self.binary(BinOp::Add, a, switch)
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
                    return super::misere::multiple(m, &n, self.engine);
                }
                if let Value::Explicit(e) = &game {
                    return super::explicit::multiple(e, &n);
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
            BinOp::Pow => power(&a, &b),
            BinOp::Sided => unreachable!("`&` is evaluated by loopy_binary"),
            BinOp::OrdinalSum => {
                let h = self.game_of(&b)?;
                let r = match &a {
                    Value::Explicit(e) => {
                        let (left, right) = super::explicit::options_as_games(e, self.engine)?;
                        self.engine.ordinal_sum_of_form(&left, &right, h)?
                    }
                    Value::Misere(m) => {
                        let options = crate::misere::options_as_nimbers(*m, self.engine);
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
        if let Some(result) = self.transfinite_compare(op, a, b) {
            return result;
        }
        if let Some(result) = self.loopy_nimber_compare(op, a, b) {
            return result;
        }
        if let Some(result) = self.loopy_compare(op, a, b)? {
            return Ok(result);
        }
        let is_game = |v: &Value| {
            matches!(
                v,
                Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Position(_)
            )
        };
        if is_game(a) && is_game(b) {
            let g = self.game_of(a)?;
            let h = self.game_of(b)?;
            let rel = self.engine.relation(g, h)?;
            return Ok(relation_satisfies(op, rel));
        }
        if matches!(op, CmpOp::Eq | CmpOp::Ne)
            && let Some(err) = outcome_against_string(a, b)
        {
            return Err(err);
        }
        match op {
            CmpOp::Eq => self.same_value(a, b),
            CmpOp::Ne => Ok(!self.same_value(a, b)?),
            _ => {
                if let (Value::Str(x), Value::Str(y)) = (a, b) {
                    let rel = match x.encode_utf16().cmp(y.encode_utf16()) {
                        std::cmp::Ordering::Less => Relation::Less,
                        std::cmp::Ordering::Equal => Relation::Equal,
                        std::cmp::Ordering::Greater => Relation::Greater,
                    };
                    return Ok(relation_satisfies(op, rel));
                }
                if let (Value::Tuple(x), Value::Tuple(y)) = (a, b)
                    && x.len() == y.len()
                {
                    // Componentwise: `(1,2) <> (2,1)`.
                    let mut le = true;
                    let mut ge = true;
                    for (p, q) in x.iter().zip(y) {
                        le &= self.compare(CmpOp::Le, p, q)?;
                        ge &= self.compare(CmpOp::Ge, p, q)?;
                    }
                    let rel = match (le, ge) {
                        (true, true) => Relation::Equal,
                        (true, false) => Relation::Less,
                        (false, true) => Relation::Greater,
                        (false, false) => Relation::Confused,
                    };
                    return Ok(relation_satisfies(op, rel));
                }
                Err(EvalError::new(format!(
                    "No operation `{}` for arguments of types {} and {}",
                    crate::syntax::compare_text(op),
                    type_name(a),
                    type_name(b)
                )))
            }
        }
    }

    /// `a <=> b`: 0, -1, 1, or `*` when the operands are confused.
    fn order_of(&mut self, a: &Value, b: &Value) -> EvalResult<Value> {
        let less = self.compare(CmpOp::Lt, a, b)?;
        let greater = self.compare(CmpOp::Gt, a, b)?;
        let equal = self.compare(CmpOp::Eq, a, b)?;
        Ok(match (less, greater, equal) {
            (true, _, _) => integer(-1),
            (_, true, _) => integer(1),
            (_, _, true) => integer(0),
            _ => Value::Game(self.engine.nus(Nus {
                number: crate::engine::Dyadic::ZERO,
                ups: 0,
                nim: 1,
            })),
        })
    }

    /// A variable: the innermost local, else a global.
    pub(super) fn variable(&self, name: &str) -> Option<Value> {
        super::env::lookup(&self.scope, name).or_else(|| self.ctx.global(name))
    }

    fn eval_call(
        &mut self,
        name: &str,
        args: &[crate::syntax::ast::Arg],
        span: crate::syntax::ast::Span,
    ) -> EvalResult<Value> {
        self.eval_call_here(name, args)
            .map_err(|err| point_into_string(err, args).or_at(span))
    }

    fn eval_call_here(
        &mut self,
        name: &str,
        args: &[crate::syntax::ast::Arg],
    ) -> EvalResult<Value> {
        // A variable holding a function (or a ruleset, or a map) is called; a built-in name
        // that no variable shadows is a built-in function.
        if let Some(f) = self.variable(name) {
            return self.call_with_args(&f, args);
        }
        if let Some(Value::Ruleset(r)) = crate::rulesets::constant(name) {
            let values = args
                .iter()
                .map(|a| self.eval(&a.value))
                .collect::<EvalResult<Vec<_>>>()?;
            return r.position(&values, self.engine);
        }
        // A name that no function or property has is refused before its arguments are
        // computed, which may take long (`lats(nim_values(R, 10^6))`).
        if !super::builtins::is_builtin(name) {
            return Err(self.unknown_name(name));
        }
        let crate::rulesets::Args { positional, named } = self.eval_args(args)?;
        // The collection functions take a range as it is (`Sum(1..10^9)` needs no list).
        let keeps_ranges = matches!(
            super::methods::method_key(name).as_str(),
            "sum" | "max" | "min" | "mex"
        ) && matches!(
            positional.as_slice(),
            [Value::Range(_) | Value::Sequence(_)]
        );
        let positional = if keeps_ranges {
            positional
        } else {
            positional
                .into_iter()
                .map(|v| super::collections::expand_ranges(v, self.engine))
                .collect::<EvalResult<Vec<_>>>()?
        };
        self.call_builtin(name, positional, named)
    }

    fn eval_apply(&mut self, callee: &Expr, args: &[crate::syntax::ast::Arg]) -> EvalResult<Value> {
        // `x.Method(args)` is parsed as Member with args; an Apply is e.g. `(f)(x)`.
        if let ExprKind::Member {
            target,
            name,
            name_span,
            args: None,
        } = &callee.kind
        {
            let member_args = args.to_vec();
            return self
                .eval_member(target, name, Some(&member_args))
                .map_err(|err| err.or_at(*name_span));
        }
        let f = self.eval(callee)?;
        self.call_with_args(&f, args)
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
        // `game.graph.Color.Blue`: the colours of Hackenbush edges, also written `Color.Blue`.
        if let ExprKind::Member {
            target: graph,
            name: color,
            args: None,
            ..
        } = &target.kind
            && color == "Color"
            && matches!(&graph.kind, ExprKind::Member { target: root, name: space, args: None, .. }
                if space == "graph" && matches!(&root.kind, ExprKind::Name(n) if n == "game"))
            && self.variable("game").is_none()
            && let Some(found) = crate::rulesets::cgsuite_helper("Color", name, call.as_ref())
        {
            return found;
        }
        // CGSuite's `game.heap.Name`, `game.heap.Name(args)`, `game.grid.Name(board)`, ….
        if let ExprKind::Member {
            target: root,
            name: space,
            args: None,
            ..
        } = &target.kind
            && matches!(&root.kind, ExprKind::Name(n) if n == "game")
            && matches!(space.as_str(), "heap" | "grid" | "strip" | "graph")
            && self.variable("game").is_none()
        {
            let found = if space == "heap" {
                crate::rulesets::cgsuite_heap(name, call.as_ref(), self.engine)
            } else {
                crate::rulesets::cgsuite_board(space, name, call.as_ref())
            };
            let found = found.unwrap_or_else(|| {
                Err(EvalError::new(format!(
                    "unknown ruleset `game.{space}.{name}`"
                )))
            });
            return found.map_err(|err| point_into_string(err, args.unwrap_or_default()));
        }
        // CGSuite's `Graph.Path(5)`, `Grid.Empty(2, 4)`, `Coordinates.Diagonal`.
        if let ExprKind::Name(root) = &target.kind
            && ["Graph", "Grid", "Coordinates", "Color"].contains(&&root[..])
            && self.variable(root).is_none()
            && let Some(found) = crate::rulesets::cgsuite_helper(root, name, call.as_ref())
        {
            return found;
        }
        if let ExprKind::Name(root) = &target.kind
            && call.is_none()
            && self.variable(root).is_none()
            && let Some(found) = self.qualified_constant(root, name)
        {
            return found;
        }
        if matches!(&target.kind, ExprKind::Name(n) if n == "System")
            && self.variable("System").is_none()
        {
            let args = call.map(|c| c.positional).unwrap_or_default();
            return self.system(name, args);
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

    /// CGSuite's `System.Print(x)` and `System.Error(message)`.
    fn system(&mut self, name: &str, args: Vec<Value>) -> EvalResult<Value> {
        let [arg] = <[Value; 1]>::try_from(args)
            .map_err(|_| EvalError::new(format!("System.{name} takes one argument")))?;
        match super::methods::method_key(name).as_str() {
            "print" => self.print_line(&arg),
            "error" => {
                let text = self.text_of(&arg);
                Err(EvalError::new(text))
            }
            _ => Err(EvalError::new(format!(
                "no method `{name}` in System (System.Print, System.Error)"
            ))),
        }
    }

    /// `Print(x)` and `System.Print(x)`: x's text (a string without its quotes, anything else
    /// in CGSuite's notation) becomes one printed line of the statement. The evaluator only
    /// collects the line; the shell shows it, before the statement's result.
    pub(super) fn print_line(&mut self, v: &Value) -> EvalResult<Value> {
        let text = self.text_of(v);
        // Output is a side effect: calls that print are never memoised.
        self.ctx.effects.set(self.ctx.effects.get() + 1);
        self.ctx.printed.borrow_mut().push(text);
        Ok(Value::Nothing)
    }

    /// A string as it is, anything else in CGSuite's notation.
    fn text_of(&mut self, v: &Value) -> String {
        match v {
            Value::Str(s) => s.clone(),
            other => self.render(other),
        }
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
            (Value::Ruleset(r), _) => match r.index(&args, self.engine) {
                Some(tokens) => tokens,
                None => r.position(&args, self.engine),
            },
            (_, []) => Err(EvalError::new(format!(
                "{} needs an index inside the brackets: x[1]",
                type_name(target)
            ))),
            (Value::Map(entries), [key]) => self.map_get(entries, key),
            (Value::Sequence(seq), [i]) => {
                let n = expect_integer(i)?;
                n.to_usize()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| seq.get(k))
                    .map(|v| Value::Number(v.into()))
                    .ok_or_else(|| EvalError::new(format!("List index out of bounds: {n}")))
            }
            (Value::List(_) | Value::Tuple(_) | Value::Range(_), [i]) => {
                // CGSuite lists are indexed from 1.
                let n = expect_integer(i)?;
                let items = match target {
                    Value::List(items) | Value::Tuple(items) => items.clone(),
                    _ => super::collections::as_list(target, self.engine)?,
                };
                n.to_usize()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| items.get(k))
                    .cloned()
                    .ok_or_else(|| EvalError::new(format!("List index out of bounds: {n}")))
            }
            (Value::Str(text), [i]) => {
                let n = expect_integer(i)?;
                n.to_usize()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| text.chars().nth(k))
                    .map(|c| Value::Str(c.to_string()))
                    .ok_or_else(|| EvalError::new(format!("String index out of bounds: {n}")))
            }
            _ => Err(EvalError::new(format!(
                "{} cannot be indexed",
                type_name(target)
            ))),
        }
    }

    /// Sort and deduplicate values in CGSuite's set order.
    pub(super) fn make_set(&mut self, values: Vec<Value>) -> EvalResult<Value> {
        let mut out = values;
        self.sort_values(&mut out)?;
        out.dedup_by(|a, b| a == b);
        Ok(Value::Set(out))
    }
}

/// Values that `+`, `-`, `*`, `/`, `%`, `:` and `^` may apply to (each op checks further).
fn is_arithmetic(v: &Value) -> bool {
    matches!(
        v,
        Value::Number(_)
            | Value::Game(_)
            | Value::Explicit(_)
            | Value::Position(_)
            | Value::Misere(_)
    )
}

pub(super) fn op_symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::PlusMinus => "+-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Mod => "%",
        BinOp::Pow => "^",
        BinOp::Sided => "&",
        BinOp::OrdinalSum => ":",
    }
}

pub(super) fn relation_satisfies(op: CmpOp, rel: Relation) -> bool {
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
        CmpOp::Same | CmpOp::NotSame | CmpOp::Order => false,
    }
}

/// `x ^ n`: a rational to an integer power (a negative power is the reciprocal's).
fn power(base: &Value, exponent: &Value) -> EvalResult<Value> {
    let (Value::Number(b), Value::Number(n)) = (base, exponent) else {
        return Err(EvalError::new(format!(
            "`^` raises numbers to integer powers, not {} to {}; for games use `G.Pow(n)`",
            type_name(base),
            type_name(exponent)
        )));
    };
    if !n.is_integer() {
        return Err(EvalError::new("the exponent of `^` must be an integer"));
    }
    let n = n
        .to_i32()
        .filter(|n| n.unsigned_abs() <= 1 << 20)
        .ok_or_else(|| EvalError::new("Overflow"))?;
    if n < 0 && b.is_zero() {
        return Err(EvalError::new("division by zero"));
    }
    let bits = b.numer().bits().max(b.denom().bits()) * u64::from(n.unsigned_abs());
    if bits > 1 << 24 {
        return Err(EvalError::new("Overflow"));
    }
    Ok(Value::Number(
        num_traits::pow::Pow::<i32>::pow(&*b.big(), n).into(),
    ))
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

/// An error about a character of a string argument points at that character, when the
/// argument is a literal written without escapes (so characters map to source bytes).
fn point_into_string(mut err: EvalError, args: &[crate::syntax::ast::Arg]) -> EvalError {
    let Some((text, index)) = err.string_char.clone() else {
        return err;
    };
    if err.span.is_some() {
        return err;
    }
    for arg in args {
        if let ExprKind::Str(s) = &arg.value.kind
            && *s == text
            && arg.value.span.end - arg.value.span.start == s.len() + 2
        {
            let (offset, c) = s.char_indices().nth(index).unwrap_or((s.len(), ' '));
            let start = arg.value.span.start + 1 + offset;
            err.span = Some(crate::syntax::ast::Span::new(start, start + c.len_utf8()));
            err.string_char = None;
            break;
        }
    }
    err
}

/// How deep [`Evaluator::machine_integer`] looks into an arithmetic expression.
const MACHINE_INTEGER_DEPTH: u32 = 3;

/// `x op y` on machine integers, when the answer is one too (else the general path decides,
/// with big numbers, fractions and errors).
#[inline(always)]
fn small_arithmetic(op: BinOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        _ => None,
    }
}

/// `G.OutcomeClass == "P"` would be false whatever G is: an outcome class is no string. Say
/// which constant to compare with instead.
fn outcome_against_string(a: &Value, b: &Value) -> Option<EvalError> {
    let (outcome, text) = match (a, b) {
        (Value::Str(text), other) | (other, Value::Str(text)) => {
            (super::values::outcome_name(other)?, text)
        }
        _ => return None,
    };
    let wanted = text.trim();
    let constant = match super::names::OUTCOME_CLASSES.iter().find(|c| **c == wanted) {
        Some(c) if super::names::OUTCOME_LETTERS.contains(c) => c.to_string(),
        Some(c) => format!("OutcomeClass.{c}"),
        None => "P".to_string(),
    };
    Some(EvalError::new(format!(
        "an outcome class ({outcome}) is not a string: compare it with the constant `{constant}` \
         (outcome classes are P, N, L, R, and for loopy games D or OutcomeClass.NHat, …)"
    )))
}
