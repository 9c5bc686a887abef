//! The loopy-game properties (`Degree`, `Onside`, `IsStopper`, …) and loopy values in the
//! evaluator. On a short game they are trivial (a short game is its own onside and offside, of
//! degree 0); on loopy values they are computed by `engine::loopy`.

use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::GameId;

impl Evaluator<'_> {
    /// The loopy-game properties of a short game `g`; `None` if `key` is not one.
    pub(super) fn short_loopy_property(
        &mut self,
        g: GameId,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let e = &mut *self.engine;
        let zero = e.zero();
        match key {
            // A loopfree game has degree 0 and variety 0 (CGSuite's convention).
            "degree" | "variety" => Ok(Some(Value::Game(zero))),
            "isstopper" | "isstoppersided" | "isloopfree" | "isplumtree" | "isstable" => {
                Ok(Some(Value::Bool(true)))
            }
            "ispseudonumber" => Ok(Some(Value::Bool(e.is_number(g)))),
            "onside" | "offside" => Ok(Some(Value::Game(g))),
            "strongstop" => {
                let [side] = args else {
                    return Err(EvalError::new(
                        "StrongStop takes one argument, Left or Right",
                    ));
                };
                let stop = match super::methods::side(side)? {
                    super::Side::Left => e.left_stop(g),
                    super::Side::Right => e.right_stop(g),
                };
                Ok(Some(super::methods::number(stop.to_rational())))
            }
            _ => Ok(None),
        }
    }
}

use super::Side;
use crate::engine::loopy::{Graph, Loopy, LoopyResult, Mode, Mover, SideForm, Stop, Stopper};
use crate::engine::{Dyadic, Engine, Relation};
use crate::syntax::ast::{BinOp, CmpOp, Expr, ExprKind, Span, Symbol};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::sync::Arc;

/// The largest stopper (in vertices) whose summary shows its degree.
const MAX_SUMMARY_DEGREE_VERTICES: usize = 40;

/// Names bound by node labels while a loopy specifier is built, innermost last.
type Labels = Vec<(Symbol, u32)>;

/// Adds the edge from `v` to `target` on `side` (0 for Left, 1 for Right).
fn push_option(graph: &mut Graph, v: u32, side: usize, target: u32) {
    if side == 0 {
        graph.left[v as usize].push(target);
    } else {
        graph.right[v as usize].push(target);
    }
}

/// An option's value, with where it is written when it comes from braces.
pub(super) type OptionValue = (Value, Option<Span>);

fn located(err: EvalError, span: Option<Span>) -> EvalError {
    match span {
        Some(span) => err.or_at(span),
        None => err,
    }
}

impl Evaluator<'_> {
    /// A loopy result as a value: short games become games (numbers, numbers).
    pub(super) fn loopy_value_of(&mut self, r: LoopyResult) -> Value {
        match r {
            LoopyResult::Short(g) => self.game_or_number(g),
            LoopyResult::Loopy(l) => Value::Loopy(Rc::new(l)),
        }
    }

    /// Any game value as a loopy value (short games embedded as stoppers).
    fn loopy_of(&mut self, v: &Value) -> EvalResult<Loopy> {
        match v {
            Value::Loopy(l) => Ok((**l).clone()),
            other => {
                let g = self.game_of(other)?;
                Ok(self.engine.loopy_of_short(g)?)
            }
        }
    }

    /// A value as a canonical stopper, or an error naming what was expected.
    fn stopper_of(&mut self, v: &Value, what: &str) -> EvalResult<Arc<Stopper>> {
        match v {
            Value::Loopy(l) => match &**l {
                Loopy::Stopper(s) => Ok(s.clone()),
                _ => Err(EvalError::new(format!("{what} must be a stopper"))),
            },
            other => {
                let g = self.game_of(other)?;
                Ok(Arc::new(self.engine.short_stopper(g)?))
            }
        }
    }

    /// The error for `a & b` when b ≤ a fails.
    fn sides_out_of_order(&mut self, a: &Value, b: &Value) -> EvalError {
        EvalError::new(format!(
            "offside is not <= onside: {} & {}",
            self.render(a),
            self.render(b)
        ))
    }

    /// True for short games and canonical stoppers.
    fn is_stopper_value(&self, v: &Value) -> bool {
        match v {
            Value::Loopy(l) => matches!(**l, Loopy::Stopper(_)),
            _ => true,
        }
    }

    fn stopper_value(&mut self, s: Stopper) -> Value {
        match s.kind {
            crate::engine::loopy::StopperKind::Short(g) => self.game_or_number(g),
            _ => Value::Loopy(Rc::new(Loopy::Stopper(Arc::new(s)))),
        }
    }

    /// `on`, `off`, `dud`, `over`, `under`, `upon`.
    pub(super) fn loopy_constant(&mut self, name: &str) -> EvalResult<Option<Value>> {
        let mut graph = Graph::default();
        let root = graph.add_vertex();
        let hang = |e: &mut Engine, graph: &mut Graph, g| {
            graph.hang_short(e, g, &mut FxHashMap::default())
        };
        match name {
            "on" => graph.left[0].push(root),
            "off" => graph.right[0].push(root),
            "dud" => {
                graph.left[0].push(root);
                graph.right[0].push(root);
            }
            "over" => {
                let zero = hang(self.engine, &mut graph, Engine::ZERO)?;
                graph.left[0].push(zero);
                graph.right[0].push(root);
            }
            "under" => {
                let zero = hang(self.engine, &mut graph, Engine::ZERO)?;
                graph.left[0].push(root);
                graph.right[0].push(zero);
            }
            "upon" => {
                let star = self.engine.nimber(1);
                let star = hang(self.engine, &mut graph, star)?;
                graph.left[0].push(root);
                graph.right[0].push(star);
            }
            _ => return Ok(None),
        }
        let r = self.engine.loopy_value(&graph, root)?;
        Ok(Some(self.loopy_value_of(r)))
    }

    /// `{L | R}`: a short game, a canonical stopper when an option is loopy, or a loopy
    /// specifier when a top-level option is `pass`.
    pub(super) fn eval_game(
        &mut self,
        e: &Expr,
        left: &[Expr],
        right: &[Expr],
    ) -> EvalResult<Value> {
        if left
            .iter()
            .chain(right)
            .any(|o| matches!(o.kind, ExprKind::Pass))
        {
            return self.eval_loopy_specifier(e);
        }
        let left = self.option_values(left)?;
        let right = self.option_values(right)?;
        self.game_of_option_values(&left, &right)
    }

    /// The values of one side's option expressions, each with where it is written. A
    /// collection (list, set, range, nim sequence) contributes its elements, as in CGSuite:
    /// `opts := *8.LeftOptions; {opts, *8 | opts, *8}` is `*9`. One level only: an element
    /// that is itself a collection is reported as not a game.
    pub(super) fn option_values(&mut self, options: &[Expr]) -> EvalResult<Vec<OptionValue>> {
        let mut values = Vec::with_capacity(options.len());
        for o in options {
            let v = self.eval(o)?;
            match self.collection_elements(&v)? {
                Some(items) => values.extend(items.into_iter().map(|item| (item, Some(o.span)))),
                None => values.push((v, Some(o.span))),
            }
        }
        Ok(values)
    }

    /// The elements of a collection that stands for several options, or `None` for any other
    /// value. Tuples are coordinates, not collections (`+-(1,1+*)` is an error).
    pub(super) fn collection_elements(&mut self, v: &Value) -> EvalResult<Option<Vec<Value>>> {
        let items = match v {
            Value::List(items) | Value::Set(items) => items.clone(),
            Value::Range(r) => {
                let len = num_traits::ToPrimitive::to_usize(&r.len()).unwrap_or(usize::MAX);
                self.engine
                    .check_memory_for(len.saturating_mul(std::mem::size_of::<Value>()))?;
                super::collections::range_items(r)?
            }
            Value::Sequence(seq) => super::collections::sequence_items(seq, self.engine)?,
            _ => return Ok(None),
        };
        Ok(Some(items))
    }

    /// The game `{left | right}` from its options' values: a short game when every option is
    /// short, else a canonical stopper or sided value (each side built from the options'
    /// onsides or offsides, sidled).
    pub(super) fn game_of_option_values(
        &mut self,
        left: &[OptionValue],
        right: &[OptionValue],
    ) -> EvalResult<Value> {
        let loopy = left
            .iter()
            .chain(right)
            .any(|(v, _)| matches!(v, Value::Loopy(_)));
        if !loopy {
            let mut ids = [
                Vec::with_capacity(left.len()),
                Vec::with_capacity(right.len()),
            ];
            for (side, options) in [left, right].into_iter().enumerate() {
                for (v, span) in options {
                    ids[side].push(self.game_of(v).map_err(|err| located(err, *span))?);
                }
            }
            return Ok(Value::Game(
                self.engine.game_from_options(&ids[0], &ids[1])?,
            ));
        }
        let mut sides = [Graph::default(), Graph::default()];
        let mut roots = [0, 0];
        for (k, graph) in sides.iter_mut().enumerate() {
            roots[k] = graph.add_vertex();
        }
        for (options, mover) in [(left, Mover::Left), (right, Mover::Right)] {
            for (v, span) in options {
                let l = self.loopy_of(v).map_err(|err| located(err, *span))?;
                let (on, off) = l.sides();
                for (k, form) in [on, off].iter().enumerate() {
                    let at = sides[k].hang_graph(form.graph());
                    match mover {
                        Mover::Left => sides[k].left[roots[k] as usize].push(at),
                        Mover::Right => sides[k].right[roots[k] as usize].push(at),
                    }
                }
            }
        }
        let [on, off] = sides;
        let r = self
            .engine
            .loopy_from_sides(&on, roots[0], &off, roots[1])?;
        Ok(self.loopy_value_of(r))
    }

    /// `+-G` = `{G | -G}`, and `+-S` for a collection S (`+-{1, 1+*}`) = `{S | -S}`; any of
    /// them may be loopy.
    pub(super) fn switch_of(&mut self, v: &Value) -> EvalResult<Value> {
        let items = match self.collection_elements(v)? {
            Some(items) => items,
            None => vec![v.clone()],
        };
        let mut left = Vec::with_capacity(items.len());
        let mut right = Vec::with_capacity(items.len());
        for item in items {
            let negative = self.negate(item.clone())?;
            left.push((item, None));
            right.push((negative, None));
        }
        self.game_of_option_values(&left, &right)
    }

    /// A labelled or passing braces expression: its graph, built node by node.
    pub(super) fn eval_loopy_specifier(&mut self, e: &Expr) -> EvalResult<Value> {
        let mut graph = Graph::default();
        let mut labels = Labels::new();
        let mut memo = FxHashMap::default();
        let root = self.loopy_node(e, &mut graph, &mut labels, &mut memo)?;
        let r = self.engine.loopy_value(&graph, root)?;
        Ok(self.loopy_value_of(r))
    }

    fn loopy_node(
        &mut self,
        e: &Expr,
        graph: &mut Graph,
        labels: &mut Labels,
        memo: &mut FxHashMap<GameId, u32>,
    ) -> EvalResult<u32> {
        self.engine.check_interrupt()?;
        match &e.kind {
            ExprKind::Labelled { label, game } => {
                let v = graph.add_vertex();
                labels.push((label.clone(), v));
                let filled = match &game.kind {
                    ExprKind::Game { left, right } => {
                        self.loopy_fill(v, left, right, graph, labels, memo)
                    }
                    // `a{}`: a labelled node with no options.
                    ExprKind::Set(items) if items.is_empty() => Ok(()),
                    _ => Err(
                        EvalError::new("a node label must stand before a game's braces")
                            .or_at(game.span),
                    ),
                };
                labels.pop();
                filled?;
                Ok(v)
            }
            ExprKind::Game { left, right } => {
                let v = graph.add_vertex();
                self.loopy_fill(v, left, right, graph, labels, memo)?;
                Ok(v)
            }
            _ => Err(EvalError::at("expected a game", e.span)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn loopy_fill(
        &mut self,
        v: u32,
        left: &[Expr],
        right: &[Expr],
        graph: &mut Graph,
        labels: &mut Labels,
        memo: &mut FxHashMap<GameId, u32>,
    ) -> EvalResult<()> {
        let mut passes = [false, false];
        for (side, options) in [left, right].into_iter().enumerate() {
            for o in options {
                let target = match &o.kind {
                    ExprKind::Pass => {
                        passes[side] = true;
                        continue;
                    }
                    ExprKind::Name(n) if labels.iter().any(|(l, _)| l == n) => labels
                        .iter()
                        .rev()
                        .find(|(l, _)| l == n)
                        .map(|&(_, t)| t)
                        .unwrap_or(v),
                    ExprKind::Game { .. } | ExprKind::Labelled { .. } => {
                        crate::engine::grow(|| self.loopy_node(o, graph, labels, memo))?
                    }
                    _ => {
                        // A value: hung below the node, or, for a collection, each element.
                        let value = self.eval(o)?;
                        let items = match self.collection_elements(&value)? {
                            Some(items) => items,
                            None => vec![value],
                        };
                        for item in &items {
                            let target = self
                                .hang_option_value(item, graph, memo)
                                .map_err(|err| err.or_at(o.span))?;
                            push_option(graph, v, side, target);
                        }
                        continue;
                    }
                };
                push_option(graph, v, side, target);
            }
        }
        if passes[0] {
            graph.left[v as usize].push(v);
        }
        if passes[1] {
            graph.right[v as usize].push(v);
        }
        Ok(())
    }

    /// The vertex of an option's value hung below a loopy specifier's graph.
    fn hang_option_value(
        &mut self,
        value: &Value,
        graph: &mut Graph,
        memo: &mut FxHashMap<GameId, u32>,
    ) -> EvalResult<u32> {
        match value {
            Value::Loopy(l) => match &**l {
                Loopy::Stopper(s) => Ok(graph.hang_graph(&s.graph)),
                _ => Err(EvalError::new(
                    "an option of a loopy game written with `pass` or a label must be a stopper",
                )),
            },
            other => {
                let g = self.game_of(other)?;
                Ok(graph.hang_short(self.engine, g, memo)?)
            }
        }
    }

    /// Arithmetic when an operand is loopy (or for `&`); `None` when neither is.
    pub(super) fn loopy_binary(
        &mut self,
        op: BinOp,
        a: &Value,
        b: &Value,
    ) -> EvalResult<Option<Value>> {
        let any_loopy = matches!(a, Value::Loopy(_)) || matches!(b, Value::Loopy(_));
        if !any_loopy && op != BinOp::Sided {
            return Ok(None);
        }
        let r = match op {
            BinOp::Add | BinOp::Sub => {
                let x = self.loopy_of(a)?;
                let mut y = self.loopy_of(b)?;
                if op == BinOp::Sub {
                    y = match self.engine.loopy_neg(&y)? {
                        LoopyResult::Loopy(l) => l,
                        LoopyResult::Short(g) => self.engine.loopy_of_short(g)?,
                    };
                }
                self.engine.loopy_add(&x, &y)?
            }
            BinOp::Sided if !self.is_stopper_value(a) || !self.is_stopper_value(b) => {
                // A side that is not a stopper (a printed general sided value pasted back):
                // the onside of `a` and the offside of `b`, each simplified again.
                let on = self.loopy_of(a)?.sides().0;
                let off = self.loopy_of(b)?.sides().1;
                self.engine
                    .loopy_from_sides(on.graph(), 0, off.graph(), 0)?
            }
            BinOp::Sided => {
                // Two short games are ordered by the short engine first: no graph of either
                // is built for a wrong order (`0 & 10^28`) or for equal sides.
                if !any_loopy {
                    let (on, off) = (self.game_of(a)?, self.game_of(b)?);
                    if !self.engine.leq(off, on)? {
                        return Err(self.sides_out_of_order(a, b));
                    }
                    if on == off {
                        return Ok(Some(a.clone()));
                    }
                }
                let s = self.stopper_of(a, "the onside of `&`")?;
                let t = self.stopper_of(b, "the offside of `&`")?;
                // Only the order check is the user's mistake; Ctrl-C or the memory ceiling
                // during it are reported as themselves.
                match self.engine.loopy_sidle(s, t) {
                    Err(crate::engine::EngineError::InvalidArgument(_)) => {
                        return Err(self.sides_out_of_order(a, b));
                    }
                    other => other?,
                }
            }
            BinOp::Mul => {
                let (n, g) = match (a, b) {
                    (Value::Number(n), g) | (g, Value::Number(n)) if n.is_integer() => {
                        (n.clone(), g)
                    }
                    _ => {
                        return Err(EvalError::new(
                            "a loopy game can only be multiplied by an integer",
                        ));
                    }
                };
                let n = num_traits::ToPrimitive::to_i64(&n.big().to_integer())
                    .ok_or_else(|| EvalError::new("multiplier too large"))?;
                return self.loopy_multiple(n, g).map(Some);
            }
            BinOp::OrdinalSum => {
                let base = self.ordinal_base_graph(a)?;
                let h = self.stopper_of(b, "the exponent of an ordinal sum")?;
                let (graph, start) = base.ordinal_sum(0, &h.graph, 0);
                self.engine.loopy_value(&graph, start)?
            }
            BinOp::PlusMinus => {
                let switch = self.switch_of(b)?;
                return self.loopy_binary(BinOp::Add, a, &switch);
            }
            _ => return Ok(None),
        };
        Ok(Some(self.loopy_value_of(r)))
    }

    /// The graph (root 0) of an ordinal sum's base. G : H depends on G's form, not only on
    /// its value: a game kept in the form typed (`'{-1|1}'`) and a misère game keep their own
    /// top-level options, as in the short ordinal sum; any other base is its canonical stopper.
    fn ordinal_base_graph(&mut self, base: &Value) -> EvalResult<Graph> {
        let (left, right) = match base {
            Value::Explicit(e) => super::explicit::options_as_games(e, self.engine)?,
            Value::Misere(m) => {
                let options = crate::misere::options_as_nimbers(*m, self.engine);
                (options.clone(), options)
            }
            other => {
                let s = self.stopper_of(other, "the base of an ordinal sum")?;
                return Ok(s.graph.clone());
            }
        };
        let mut graph = Graph::default();
        let root = graph.add_vertex();
        let mut memo = FxHashMap::default();
        for (options, mover) in [(left, Mover::Left), (right, Mover::Right)] {
            for g in options {
                let at = graph.hang_short(self.engine, g, &mut memo)?;
                match mover {
                    Mover::Left => graph.left[root as usize].push(at),
                    Mover::Right => graph.right[root as usize].push(at),
                }
            }
        }
        Ok(graph)
    }

    /// n·G by doubling, with the sided sums.
    fn loopy_multiple(&mut self, n: i64, g: &Value) -> EvalResult<Value> {
        if n < 0 {
            let neg = self.loopy_negate(g)?;
            return self.loopy_multiple(-n, &neg);
        }
        let mut result = Value::Game(Engine::ZERO);
        let mut square = g.clone();
        let mut bits = n;
        while bits > 0 {
            self.engine.check_interrupt()?;
            if bits & 1 == 1 {
                result = self.loopy_sum(&result, &square)?;
            }
            bits >>= 1;
            if bits > 0 {
                square = self.loopy_sum(&square, &square)?;
            }
        }
        Ok(result)
    }

    fn loopy_sum(&mut self, a: &Value, b: &Value) -> EvalResult<Value> {
        match self.loopy_binary(BinOp::Add, a, b)? {
            Some(v) => Ok(v),
            None => {
                let g = self.game_of(a)?;
                let h = self.game_of(b)?;
                Ok(Value::Game(self.engine.add(g, h)?))
            }
        }
    }

    /// −G for a loopy G.
    pub(super) fn loopy_negate(&mut self, v: &Value) -> EvalResult<Value> {
        let l = self.loopy_of(v)?;
        let r = self.engine.loopy_neg(&l)?;
        Ok(self.loopy_value_of(r))
    }

    /// A comparison with a loopy operand; `None` when neither is loopy.
    pub(super) fn loopy_compare(
        &mut self,
        op: CmpOp,
        a: &Value,
        b: &Value,
    ) -> EvalResult<Option<bool>> {
        if !matches!(a, Value::Loopy(_)) && !matches!(b, Value::Loopy(_)) {
            return Ok(None);
        }
        let game = |v: &Value| {
            matches!(
                v,
                Value::Loopy(_)
                    | Value::Number(_)
                    | Value::Game(_)
                    | Value::Explicit(_)
                    | Value::Position(_)
            )
        };
        if !game(a) || !game(b) {
            return Ok(match op {
                CmpOp::Eq => Some(false),
                CmpOp::Ne => Some(true),
                _ => None,
            });
        }
        let x = self.loopy_of(a)?;
        let y = self.loopy_of(b)?;
        let le = self.engine.loopy_leq(&x, &y)?;
        let ge = self.engine.loopy_leq(&y, &x)?;
        let rel = match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        };
        Ok(Some(super::expr::relation_satisfies(op, rel)))
    }

    /// Methods with a loopy receiver or argument (`on.Degree`, `^.Pow(on)`), and the loopy
    /// methods of short games that take a game (`Upsum`); `None` if not one of these.
    pub(super) fn loopy_call(
        &mut self,
        receiver: &Value,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let receiver_loopy = matches!(receiver, Value::Loopy(_));
        let arg_loopy = args.iter().any(|a| matches!(a, Value::Loopy(_)));
        let sum_method = matches!(key, "upsum" | "downsum" | "upsumvariety" | "downsumvariety");
        if !receiver_loopy && !arg_loopy && !sum_method {
            return Ok(None);
        }
        if let Some(entry) = super::reference::entry_by_key(key, super::reference::Kind::GameMethod)
        {
            entry.check_arity(args.len())?;
        }
        match key {
            "upsum" | "downsum" => {
                let [h] = args else { return Ok(None) };
                let sum = self.loopy_sum(receiver, h)?;
                let side = if key == "upsum" { "onside" } else { "offside" };
                return self.loopy_call(&sum, side, &[]).map(|v| v.or(Some(sum)));
            }
            "upsumvariety" | "downsumvariety" => {
                let [d] = args else { return Ok(None) };
                let g = self.stopper_of(receiver, "the game")?;
                let d = self.stopper_of(d, "the variety degree")?;
                let side = if key == "upsumvariety" {
                    Mode::On
                } else {
                    Mode::Off
                };
                let v = self.engine.stopper_variety(&g, &d, side)?;
                return Ok(Some(self.stopper_value(v)));
            }
            "pow" | "powto" if !receiver_loopy => {
                let [x] = args else { return Ok(None) };
                let g = self.game_of(receiver)?;
                return self.loopy_power(g, x, key == "pow").map(Some);
            }
            _ => {}
        }
        let Value::Loopy(l) = receiver else {
            return Ok(None);
        };
        let l = (**l).clone();
        match &l {
            Loopy::Stopper(s) => self.stopper_method(receiver, s, key, args),
            _ => self.sided_method(&l, key, args),
        }
    }

    /// G.Pow(x) and G.PowTo(x) for a loopy exponent x.
    fn loopy_power(&mut self, g: GameId, x: &Value, pow: bool) -> EvalResult<Value> {
        let invalid = || EvalError::new("Invalid exponent.");
        let x = self.stopper_of(x, "the exponent").map_err(|_| invalid())?;
        if !x.is_pseudonumber(self.engine) {
            return Err(invalid());
        }
        if !pow {
            return self.loopy_power_to(g, &x);
        }
        let e = &mut *self.engine;
        let (left, right) = (e.left_options(g)?, e.right_options(g)?);
        let ([zero], [h]) = (left.as_slice(), right.as_slice()) else {
            return Err(EvalError::new(
                "Invalid base for `Pow` operation (base must be of the form {0|H}).",
            ));
        };
        if *zero != Engine::ZERO {
            return Err(EvalError::new(
                "Invalid base for `Pow` operation (base must be of the form {0|H}).",
            ));
        }
        let h = *h;
        let minus_one = self.engine.number(Dyadic::from_int(-1));
        let minus_one = self.engine.loopy_of_short(minus_one)?;
        let x_loopy = Loopy::Stopper(x.clone());
        let x1 = self.engine.loopy_add(&x_loopy, &minus_one)?;
        let x1 = x1.as_stopper(self.engine)?.ok_or_else(invalid)?;
        let power_to = self.loopy_power_to(g, &x1)?;
        let neg = self.loopy_negate(&power_to)?;
        let right_option = self.loopy_sum(&neg, &Value::Game(h))?;
        let right_option = self
            .stopper_of(&right_option, "the power")
            .map_err(|_| invalid())?;
        let zero = Arc::new(self.engine.short_stopper(Engine::ZERO)?);
        let r = self.engine.stopper_from_options(&[zero], &[right_option])?;
        Ok(self.loopy_value_of(r))
    }

    /// G.PowTo(x) = G : x.Subordinate(1).
    fn loopy_power_to(&mut self, g: GameId, x: &Stopper) -> EvalResult<Value> {
        let one = self.engine.number(Dyadic::from_int(1));
        let (bl, br) = (
            self.engine.left_options(one)?,
            self.engine.right_options(one)?,
        );
        let sub = self
            .engine
            .stopper_subordinate(x, &bl, &br)
            .map_err(|_| EvalError::new("Invalid exponent."))?;
        let sub = sub
            .as_stopper(self.engine)?
            .ok_or_else(|| EvalError::new("Invalid exponent."))?;
        let base = self.engine.short_stopper(g)?;
        let r = self.engine.stopper_ordinal_sum(&base, &sub)?;
        Ok(self.loopy_value_of(r))
    }

    fn loopy_results(&mut self, items: Vec<LoopyResult>) -> EvalResult<Value> {
        let values: Vec<Value> = items.into_iter().map(|r| self.loopy_value_of(r)).collect();
        self.make_set(values)
    }

    fn stop_value(&mut self, stop: Stop) -> EvalResult<Value> {
        let r = self.engine.stop_value(stop)?;
        Ok(self.loopy_value_of(r))
    }

    /// Methods of a canonical stopper that is not short.
    fn stopper_method(
        &mut self,
        receiver: &Value,
        s: &Arc<Stopper>,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let b = |x: bool| Ok(Some(Value::Bool(x)));
        let side_arg = |args: &[Value]| -> EvalResult<Mover> {
            match args {
                [side] => Ok(match super::methods::side(side)? {
                    Side::Left => Mover::Left,
                    Side::Right => Mover::Right,
                }),
                _ => Err(EvalError::new("expects one argument, Left or Right")),
            }
        };
        match key {
            "degree" => {
                let d = self.engine.stopper_degree(s)?;
                Ok(Some(self.stopper_value(d)))
            }
            "variety" => {
                let v = self.engine.stopper_variety_of(s)?;
                Ok(Some(self.stopper_value(v)))
            }
            "isstable" => b(self.engine.stopper_is_stable(s)?),
            "isidempotent" => b(self.engine.stopper_is_idempotent(s)?),
            "leftstop" | "rightstop" | "stop" | "strongstop" => {
                let mover = match key {
                    "leftstop" => Mover::Left,
                    "rightstop" => Mover::Right,
                    _ => side_arg(args)?,
                };
                let mut stop = self.engine.stopper_stop(s, mover)?;
                if key == "strongstop" {
                    stop = stop.strong();
                }
                self.stop_value(stop).map(Some)
            }
            "leftoptions" | "rightoptions" | "options" => {
                let mover = match key {
                    "leftoptions" => Mover::Left,
                    "rightoptions" => Mover::Right,
                    _ => side_arg(args)?,
                };
                let options = self.engine.stopper_options(s, mover)?;
                self.loopy_results(options).map(Some)
            }
            "followers" => {
                let f = self.engine.stopper_followers(s)?;
                self.loopy_results(f).map(Some)
            }
            "followercount" => {
                let f = self.engine.stopper_followers(s)?;
                Ok(Some(Value::integer(f.len() as u64)))
            }
            "onside" | "offside" | "canonicalform" => Ok(Some(receiver.clone())),
            "outcomeclass" | "outcome" => {
                let o = self.engine.stopper_outcome(s)?;
                Ok(Some(Value::Outcome(o)))
            }
            "isstopper" | "isstoppersided" => b(true),
            "isplumtree" => b(self.engine.stopper_is_plumtree(s)),
            "isloopfree" => b(false),
            "ispseudonumber" => b(s.is_pseudonumber(self.engine)),
            // Number-tiny is a property of the value's options (loopy.md §4.3 step 2); being
            // a plumtree is only what the `Tiny(…)` notation needs to print it.
            "isnumbertiny" => b(self.engine.stopper_number_tiny(s)?.is_some()),
            "isnumberish" | "isinfinitesimal" => {
                let l = self.engine.stopper_stop(s, Mover::Left)?.strong();
                let r = self.engine.stopper_stop(s, Mover::Right)?.strong();
                let numberish = l.number().is_some() && l == r;
                if key == "isnumberish" {
                    b(numberish)
                } else {
                    b(numberish && l == Stop::Number(Dyadic::ZERO))
                }
            }
            "subordinate" => {
                let [base] = args else {
                    return Err(EvalError::new("Subordinate takes one argument, the base"));
                };
                let (bl, br) = self.base_options(base)?;
                let r = self.engine.stopper_subordinate(s, &bl, &br)?;
                Ok(Some(self.loopy_value_of(r)))
            }
            "tiny" | "miny" => {
                // Tiny(G) = {0 || 0 | −G}, Miny(G) = {G | 0 || 0}.
                let zero = Arc::new(self.engine.short_stopper(Engine::ZERO)?);
                let r = if key == "tiny" {
                    let neg = Arc::new(self.engine.stopper_neg(s)?);
                    let inner = self
                        .engine
                        .stopper_from_options(std::slice::from_ref(&zero), &[neg])?;
                    let inner = inner
                        .as_stopper(self.engine)?
                        .ok_or_else(|| EvalError::new("Tiny"))?;
                    self.engine.stopper_from_options(&[zero], &[inner])?
                } else {
                    let inner = self.engine.stopper_from_options(
                        std::slice::from_ref(s),
                        std::slice::from_ref(&zero),
                    )?;
                    let inner = inner
                        .as_stopper(self.engine)?
                        .ok_or_else(|| EvalError::new("Miny"))?;
                    self.engine.stopper_from_options(&[inner], &[zero])?
                };
                Ok(Some(self.loopy_value_of(r)))
            }
            _ => Ok(self.loopy_false_predicate(key)),
        }
    }

    /// The options of a short base, each canonical (the base may be typed in explicit form).
    fn base_options(&mut self, base: &Value) -> EvalResult<(Vec<GameId>, Vec<GameId>)> {
        match base {
            Value::Explicit(e) => super::explicit::options_as_games(e, self.engine),
            other => {
                let g = self.game_of(other)?;
                Ok((self.engine.left_options(g)?, self.engine.right_options(g)?))
            }
        }
    }

    /// The short-game tests (`IsNumber`, `IsNimber`, …) are false on loopy values.
    fn loopy_false_predicate(&self, key: &str) -> Option<Value> {
        let is_test = key.starts_with("is")
            && super::reference::entry_by_key(key, super::reference::Kind::GameMethod).is_some();
        is_test.then_some(Value::Bool(false))
    }

    /// Methods of sided values (`S & T` and general ones).
    fn sided_method(&mut self, l: &Loopy, key: &str, args: &[Value]) -> EvalResult<Option<Value>> {
        let b = |x: bool| Ok(Some(Value::Bool(x)));
        let stopper_sided = matches!(l, Loopy::Sided(..));
        let (on, off) = l.sides();
        let side_value = |e: &mut Self, form: &SideForm| -> EvalResult<Value> {
            match form {
                SideForm::Stopper(s) => Ok(e.stopper_value((**s).clone())),
                SideForm::Simplified(_) => Err(EvalError::new(
                    "Not a method or member variable: that side is not a stopper (in object of class game.SidedValue)",
                )),
            }
        };
        match key {
            "onside" if stopper_sided => side_value(self, &on).map(Some),
            "offside" if stopper_sided => side_value(self, &off).map(Some),
            "onside" | "offside" => Err(EvalError::new(format!(
                "`{}` needs a stopper-sided value, and this game's sides are not both stoppers \
                 (CGSuite: not a member of game.SidedValue)",
                if key == "onside" { "Onside" } else { "Offside" }
            ))),
            "outcomeclass" | "outcome" => {
                Ok(Some(Value::loopy_outcome(self.engine.loopy_outcome(l)?)))
            }
            "isstoppersided" => b(stopper_sided),
            "isstopper" | "isplumtree" | "isloopfree" | "ispseudonumber" => b(false),
            "isidempotent" => {
                let v = Value::Loopy(Rc::new(l.clone()));
                let sum = self.loopy_sum(&v, &v)?;
                let same = self.loopy_compare(CmpOp::Eq, &sum, &v)?.unwrap_or(false);
                b(same && matches!(sum, Value::Loopy(ref s) if !matches!(**s, Loopy::Stopper(_))))
            }
            "isnumberish" | "isinfinitesimal" if stopper_sided => {
                let (SideForm::Stopper(s), SideForm::Stopper(t)) = (&on, &off) else {
                    return b(false);
                };
                if key == "isnumberish" {
                    let l = self.engine.stopper_stop(s, Mover::Left)?.strong();
                    let r = self.engine.stopper_stop(t, Mover::Right)?.strong();
                    return b(l.number().is_some() && l == r);
                }
                let mut all = true;
                for side in [s, t] {
                    let l = self.engine.stopper_stop(side, Mover::Left)?.strong();
                    let r = self.engine.stopper_stop(side, Mover::Right)?.strong();
                    all &= l == Stop::Number(Dyadic::ZERO) && r == l;
                }
                b(all)
            }
            _ => {
                let _ = args;
                Ok(self.loopy_false_predicate(key))
            }
        }
    }
}

impl Evaluator<'_> {
    /// The summary under a loopy result: outcome and stops, and the degree of a stopper.
    pub(super) fn loopy_summary(&mut self, l: &Loopy) -> Option<crate::display::Summary> {
        let outcome = self.engine.loopy_outcome(l).ok()?;
        let mut summary = crate::display::Summary {
            outcome: outcome.name().to_string(),
            outcome_meaning: outcome.meaning().to_string(),
            ..Default::default()
        };
        if let Loopy::Stopper(s) = l {
            let left = self.engine.stopper_stop(s, Mover::Left).ok();
            let right = self.engine.stopper_stop(s, Mover::Right).ok();
            if let (Some(left), Some(right)) = (left, right) {
                let left = self.stop_value(left).ok()?;
                let right = self.stop_value(right).ok()?;
                summary.left_stop = self.render(&left);
                summary.right_stop = self.render(&right);
            }
            // The degree sidles a sum with |G|² vertices: shown for small games only, so
            // that a summary never costs more than the result.
            if s.graph.len() <= MAX_SUMMARY_DEGREE_VERTICES {
                let degree = self.engine.stopper_degree(s).ok()?;
                let degree = self.stopper_value(degree);
                summary.degree = Some(self.render(&degree));
            }
        }
        Some(summary)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Session;

    fn summary(src: &str) -> crate::display::Summary {
        let mut session = Session::new();
        let mut results = session.eval_source(src, 1);
        let value = results.remove(0).result.expect("evaluates");
        session
            .summary(&value)
            .expect("a loopy value has a summary")
    }

    #[test]
    fn the_summary_of_a_stopper_has_outcome_stops_and_degree() {
        let s = summary("over");
        assert_eq!(s.outcome, "L");
        assert_eq!(
            (s.left_stop.as_str(), s.right_stop.as_str()),
            ("over", "over")
        );
        assert_eq!(s.degree.as_deref(), Some("over"));
        let s = summary("{0||0|under}");
        assert_eq!(s.degree.as_deref(), Some("Tiny(over)"));
    }

    #[test]
    fn a_nimber_too_big_for_a_loopy_graph_is_refused_by_its_edges() {
        // *2111111 has two million followers but two trillion edges: refused before any is
        // listed, instead of hanging for hours.
        let mut session = Session::new();
        let result = session
            .eval_source("{0|*2111111, over}", 1)
            .remove(0)
            .result;
        let error = result.expect_err("too big").message;
        assert!(error.starts_with("memory limit reached"), "{error}");
        // A smaller one is built, its nimbers rebuilt from their options directly.
        let value = session.eval_source("{0|*40, over}", 1).remove(0).result;
        assert_eq!(session.render(&value.expect("evaluates")), "^*41");
    }

    #[test]
    fn the_summary_of_a_sided_value_names_its_draws() {
        let s = summary("dud");
        assert_eq!(s.outcome, "D");
        assert_eq!(s.degree, None);
        assert_eq!(summary("a{1||a|0}").outcome, "NHat");
        assert_eq!(summary("a{{|a}|}").outcome, "PHat");
    }
}
