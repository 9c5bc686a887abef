//! Control expressions and bindings: blocks, `if`, loops and comprehensions, `var`,
//! assignment and `error` (language.md §2, §4 and §6).

use super::convert::{expect_bool, type_name};
use super::env::Frame;
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::Relation;
use crate::syntax::Symbol;
use crate::syntax::ast::{Clause, CollectionKind, Expr, ForSource, LoopBody, Span};
use crate::value::{IntRange, Rational};
use num_traits::{Signed, ToPrimitive};
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::LazyLock;

/// The name under which the last printed result is kept (see `Session::eval_source`).
pub(super) const ANS: &str = "ans";

/// What a global name is if it is taken by cgcalc itself (`None` if the user may assign it).
/// A global of such a name would shadow the built-in for the rest of the session, and a typo
/// like `cool := 1` then breaks every later `cool(G, t)`, so the assignment is refused; locals
/// (parameters, `var`, loop variables) may still shadow built-ins inside their block.
fn builtin_kind(name: &str) -> Option<&'static str> {
    if let Some(&kind) = BUILTINS.get(name) {
        return Some(kind);
    }
    // Ruleset constants are found whatever the case and underscores (`GrundyGame`); names
    // without either were covered by the table's keys.
    let other_spelling = name.bytes().any(|b| b == b'_' || b.is_ascii_uppercase());
    if !other_spelling {
        return None;
    }
    let key = crate::rulesets::name_key(name);
    crate::rulesets::constant_names()
        .any(|ruleset| crate::rulesets::name_key(ruleset) == key)
        .then_some(RULESET)
}

const RULESET: &str = "a built-in ruleset";

/// Built-in names and what they are, in one hash table: every global assignment asks, and
/// a loop at top level assigns millions of times.
static BUILTINS: LazyLock<FxHashMap<String, &'static str>> = LazyLock::new(|| {
    let mut table = FxHashMap::default();
    for function in super::names::functions() {
        table.insert(function.to_string(), "a built-in function");
    }
    for constant in super::names::constants().filter(|c| !super::names::may_be_shadowed(c)) {
        table.insert(constant.to_string(), "a built-in constant");
    }
    for ruleset in crate::rulesets::constant_names() {
        table.insert(ruleset.to_string(), RULESET);
        table.insert(ruleset.replace('_', ""), RULESET);
    }
    table.insert(ANS.to_string(), "the last result");
    table
});

/// Where each round of a loop puts its results.
enum Sink {
    Discard,
    Items(Vec<Value>),
    Entries(Vec<(Value, Value)>),
}

/// The value a loop variable takes in one round.
enum Item {
    Integer(i64),
    Any(Value),
}

impl Item {
    #[inline(always)]
    fn value(self) -> Value {
        match self {
            Item::Integer(i) => Value::Number(i.into()),
            Item::Any(v) => v,
        }
    }
}

/// What runs in the innermost round of a loop.
enum RoundBody<'e> {
    Statements(&'e [Expr]),
    Yields(&'e [Vec<Expr>]),
    Element(&'e Expr),
    Entry(&'e Expr, &'e Expr),
}

impl Evaluator<'_> {
    /// Run `body` in a new block scope.
    pub(super) fn in_block<T>(
        &mut self,
        body: impl FnOnce(&mut Self) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let frame = self.ctx.new_frame(self.scope.clone());
        let saved = self.scope.replace(frame);
        let result = body(self);
        self.scope = saved;
        result
    }

    /// A statement sequence's value: its last statement's, or `Nothing`.
    pub(super) fn eval_statements(&mut self, statements: &[Expr]) -> EvalResult<Value> {
        let mut last = Value::Nothing;
        for s in statements {
            last = self.eval(s)?;
        }
        Ok(last)
    }

    pub(super) fn eval_block(&mut self, statements: &[Expr]) -> EvalResult<Value> {
        self.in_block(|ev| ev.eval_statements(statements))
    }

    pub(super) fn eval_if(
        &mut self,
        branches: &[(Expr, Vec<Expr>)],
        otherwise: Option<&[Expr]>,
    ) -> EvalResult<Value> {
        for (cond, body) in branches {
            if self.condition(cond)? {
                return self.eval_block(body);
            }
        }
        match otherwise {
            Some(body) => self.eval_block(body),
            None => Ok(Value::Nothing),
        }
    }

    /// A Boolean condition (`if`, `while`, `where`): anything else is an error.
    pub(super) fn condition(&mut self, cond: &Expr) -> EvalResult<bool> {
        let v = self.eval(cond)?;
        expect_bool(&v).map_err(|e| e.or_at(cond.span))
    }

    /// `name := value`: the nearest visible local, else a global.
    pub(super) fn assign(&mut self, name: &Symbol, value: Value) -> EvalResult<()> {
        let value = match &self.scope {
            Some(frame) => match frame.assign(name, value) {
                Ok(serial) => {
                    if serial < self.call_base {
                        // A local outside the running call: functions that captured it may
                        // now answer differently.
                        self.ctx.effects.set(self.ctx.effects.get() + 1);
                        self.ctx.generation.set(self.ctx.generation.get() + 1);
                    }
                    return Ok(());
                }
                Err(value) => value,
            },
            None => value,
        };
        self.assign_global(name, value)
    }

    pub(super) fn assign_global(&mut self, name: &str, value: Value) -> EvalResult<()> {
        if super::names::is_type_name(name) {
            return Err(EvalError::new(format!(
                "Cannot assign to class name as variable: `{name}`"
            )));
        }
        if let Some(kind) = builtin_kind(name) {
            return Err(EvalError::new(format!(
                "`{name}` is {kind}; choose another name"
            )));
        }
        // A ruleset built from functions takes the first name it is given, so its positions
        // print as `R(5)` and paste back.
        if let Value::Ruleset(r) = &value {
            r.assigned(name);
        }
        self.ctx.set_global(name, value);
        Ok(())
    }

    pub(super) fn eval_loop(&mut self, clauses: &[Clause], body: &LoopBody) -> EvalResult<Value> {
        match body {
            LoopBody::Do(statements) => {
                let mut sink = Sink::Discard;
                self.run_clauses(clauses, &RoundBody::Statements(statements), &mut sink)?;
                Ok(Value::Nothing)
            }
            LoopBody::Yield(yields) => {
                let mut sink = Sink::Items(Vec::new());
                self.run_clauses(clauses, &RoundBody::Yields(yields), &mut sink)?;
                let Sink::Items(items) = sink else {
                    unreachable!("a yield loop collects items")
                };
                Ok(Value::List(items))
            }
        }
    }

    pub(super) fn eval_comprehension(
        &mut self,
        kind: CollectionKind,
        body: &Expr,
        value: Option<&Expr>,
        clauses: &[Clause],
    ) -> EvalResult<Value> {
        match (kind, value) {
            (CollectionKind::Map, Some(value)) => {
                let mut sink = Sink::Entries(Vec::new());
                self.run_clauses(clauses, &RoundBody::Entry(body, value), &mut sink)?;
                let Sink::Entries(entries) = sink else {
                    unreachable!("a map comprehension collects entries")
                };
                self.make_map(entries)
            }
            _ => {
                let mut sink = Sink::Items(Vec::new());
                self.run_clauses(clauses, &RoundBody::Element(body), &mut sink)?;
                let Sink::Items(items) = sink else {
                    unreachable!("a comprehension collects items")
                };
                match kind {
                    CollectionKind::Set => self.make_set(items),
                    _ => Ok(Value::List(items)),
                }
            }
        }
    }

    /// Run the clauses, first outermost; each round of the innermost runs `body` once.
    fn run_clauses(
        &mut self,
        clauses: &[Clause],
        body: &RoundBody,
        sink: &mut Sink,
    ) -> EvalResult<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            return self.run_round(body, sink);
        };
        match clause {
            Clause::While { cond, where_cond } => loop {
                self.engine.check_interrupt()?;
                let go_on = self.in_block(|ev| {
                    ev.guarded_round(Some(cond), where_cond.as_ref(), rest, body, sink)
                })?;
                if !go_on {
                    return Ok(());
                }
            },
            Clause::For {
                var,
                var_span,
                source,
                while_cond,
                where_cond,
            } => {
                // Each round binds the variable afresh in its own frame, so closures made in
                // different rounds see different values. A frame no closure kept is reused.
                if super::env::lookup(&self.scope, var).is_some() {
                    return Err(EvalError::at(format!("Duplicate var: `{var}`"), *var_span));
                }
                // The scope stays on the loop's frame from round to round; it is rebound in
                // place when nothing else (no closure) holds it, else replaced.
                let outer = self.scope.clone();
                let mut frame: Option<Rc<Frame>> = None;
                // A comprehension with one unfiltered clause has as many elements as its
                // source: its list is sized once (and refused at once if that passes the
                // memory ceiling), not doubled and copied on the way.
                let exact = rest.is_empty()
                    && while_cond.is_none()
                    && where_cond.is_none()
                    && matches!(body, RoundBody::Element(_));
                let count = Cell::new(None::<usize>);
                let mut round = |ev: &mut Self, x: Item| -> EvalResult<bool> {
                    if let (Some(n), Sink::Items(items)) = (count.take(), &mut *sink) {
                        let bytes = n.saturating_mul(std::mem::size_of::<Value>());
                        ev.engine.check_memory_for(bytes)?;
                        items.reserve_exact(n);
                    }
                    ev.engine.check_interrupt()?;
                    match &frame {
                        Some(f) if Rc::strong_count(f) == 2 => f.rebind(var, || x.value()),
                        _ => {
                            let f = ev.ctx.new_frame(outer.clone());
                            f.declare(var.clone(), x.value());
                            ev.scope = Some(f.clone());
                            frame = Some(f);
                        }
                    }
                    ev.guarded_round(while_cond.as_ref(), where_cond.as_ref(), rest, body, sink)
                };
                let result = self.run_for_source(source, exact.then_some(&count), &mut round);
                self.scope = outer;
                result
            }
        }
    }

    /// One round of a loop: its `while` guard (`false`: the loop stops), its `where` filter
    /// (the round is skipped), then the clauses inside it.
    fn guarded_round(
        &mut self,
        while_cond: Option<&Expr>,
        where_cond: Option<&Expr>,
        rest: &[Clause],
        body: &RoundBody,
        sink: &mut Sink,
    ) -> EvalResult<bool> {
        if let Some(w) = while_cond
            && !self.condition(w)?
        {
            return Ok(false);
        }
        if let Some(w) = where_cond
            && !self.condition(w)?
        {
            return Ok(true);
        }
        self.run_clauses(rest, body, sink)?;
        Ok(true)
    }

    /// Run `round` on each value of a `for` clause's source, until it says stop. When the
    /// number of values is known before the first round, it is put in `count` (if given).
    fn run_for_source(
        &mut self,
        source: &ForSource,
        count: Option<&Cell<Option<usize>>>,
        round: &mut impl FnMut(&mut Self, Item) -> EvalResult<bool>,
    ) -> EvalResult<()> {
        let tell = |n: usize| {
            if let Some(count) = count {
                count.set(Some(n));
            }
        };
        match source {
            ForSource::Let(e) => {
                let x = self.eval(e)?;
                round(self, Item::Any(x))?;
                Ok(())
            }
            ForSource::In(coll) => {
                let items = self.eval(coll)?;
                // A nim sequence is visited in place: listing ten million values first
                // would take 32 bytes for each of its 2 or 4.
                if let Value::Sequence(seq) = &items {
                    tell(seq.len());
                    for v in seq.iter() {
                        if !round(self, Item::Any(Value::Number(v.into())))? {
                            break;
                        }
                    }
                    return Ok(());
                }
                // So is a range: `for k in 1..10^8` needs no list of a hundred million.
                if let Value::Range(r) = &items {
                    return self.run_over_range(r, tell, round);
                }
                let items = self
                    .iteration_items(items)
                    .map_err(|e| e.or_at(coll.span))?;
                tell(items.len());
                for x in items {
                    if !round(self, Item::Any(x))? {
                        break;
                    }
                }
                Ok(())
            }
            ForSource::From { from, to, by } => {
                let start = self.eval(from)?;
                let end = match to {
                    Some(t) => Some(self.eval(t)?),
                    None => None,
                };
                let step = match by {
                    Some(b) => self.eval(b)?,
                    None => Value::Number(Rational::one()),
                };
                let descending = match &step {
                    Value::Number(s) => {
                        if s.is_zero() && end.is_some() {
                            let error = EvalError::new("a loop step cannot be 0");
                            return Err(match by {
                                Some(b) => error.or_at(b.span),
                                None => error,
                            });
                        }
                        s.is_negative()
                    }
                    _ => false,
                };
                if count.is_some() {
                    // The list of a comprehension with no `while` holds every round: with
                    // no `to` it would grow until memory runs out.
                    let Some(end) = &end else {
                        return Err(EvalError::at(
                            "this list never ends: a `for … from` clause needs `to` or `while`",
                            from.span,
                        ));
                    };
                    if let (Value::Number(a), Value::Number(b), Value::Number(s)) =
                        (&start, end, &step)
                    {
                        tell(rounds_between(a, b, s));
                    }
                }
                if let (Value::Number(a), Some(Value::Number(b)), Value::Number(s)) =
                    (&start, &end, &step)
                    && let (Some(a), Some(b), Some(s)) = (a.small(), b.small(), s.small())
                {
                    // Machine integers, the common case: no general comparisons.
                    let mut i = a;
                    while if s > 0 { i <= b } else { i >= b } {
                        if !round(self, Item::Integer(i))? {
                            break;
                        }
                        match i.checked_add(s) {
                            Some(next) => i = next,
                            None => break,
                        }
                    }
                    return Ok(());
                }
                let mut x = start;
                loop {
                    if let Some(end) = &end {
                        // The loop runs while x ≤ end (x ≥ end going down); a game
                        // confused with the bound ends it.
                        let past = if descending {
                            !self.at_most(end, &x)?
                        } else {
                            !self.at_most(&x, end)?
                        };
                        if past {
                            break;
                        }
                    }
                    if !round(self, Item::Any(x.clone()))? {
                        break;
                    }
                    x = match (&x, &step) {
                        (Value::Number(a), Value::Number(s)) => Value::Number(a + s),
                        _ => self.binary(crate::syntax::ast::BinOp::Add, x, step.clone())?,
                    };
                }
                Ok(())
            }
        }
    }

    /// Run `round` on each integer of a range, in order, until it says stop.
    fn run_over_range(
        &mut self,
        range: &IntRange,
        tell: impl FnOnce(usize),
        round: &mut impl FnMut(&mut Self, Item) -> EvalResult<bool>,
    ) -> EvalResult<()> {
        let len = range.len();
        // A length past usize is told as usize::MAX: its list is refused at once.
        tell(len.to_usize().unwrap_or(usize::MAX));
        if let (Some(start), Some(step), Some(n), Some(_)) = (
            range.start.to_i64(),
            range.step.to_i64(),
            len.to_u64(),
            range.end.to_i64(),
        ) {
            // Every element lies between the two ends, so machine integers hold them all.
            let mut i = start;
            for k in 0..n {
                if !round(self, Item::Integer(i))? {
                    break;
                }
                if k + 1 < n {
                    i += step;
                }
            }
            return Ok(());
        }
        let (mut x, mut left) = (range.start.clone(), len);
        while left.is_positive() {
            if !round(self, Item::Any(Value::integer(x.clone())))? {
                break;
            }
            x += &range.step;
            left -= 1;
        }
        Ok(())
    }

    /// `a ≤ b` for loop bounds: numbers directly, games by the game order.
    fn at_most(&mut self, a: &Value, b: &Value) -> EvalResult<bool> {
        if let (Value::Number(x), Value::Number(y)) = (a, b) {
            return Ok(x <= y);
        }
        let g = self.game_of(a)?;
        let h = self.game_of(b)?;
        Ok(matches!(
            self.engine.relation(g, h)?,
            Relation::Less | Relation::Equal
        ))
    }

    fn run_round(&mut self, body: &RoundBody, sink: &mut Sink) -> EvalResult<()> {
        match (body, sink) {
            (RoundBody::Statements(s), _) => {
                self.eval_block(s)?;
            }
            (RoundBody::Yields(yields), Sink::Items(items)) => {
                for y in yields.iter() {
                    let v = self.eval_block(y)?;
                    items.push(v);
                }
            }
            (RoundBody::Element(e), Sink::Items(items)) => {
                let v = self.eval_element(e)?;
                if items.len() == items.capacity() {
                    // The buffer is about to double: make sure that fits under the ceiling.
                    let extra = items.capacity() * std::mem::size_of::<Value>();
                    self.engine.check_memory_for(extra)?;
                }
                items.push(v);
            }
            (RoundBody::Entry(k, v), Sink::Entries(entries)) => {
                let k = self.eval(k)?;
                let v = self.eval(v)?;
                entries.push((k, v));
            }
            _ => unreachable!("loop bodies match their sinks"),
        }
        Ok(())
    }

    /// The elements a `for x in c` loop visits.
    pub(super) fn iteration_items(&mut self, v: Value) -> EvalResult<Vec<Value>> {
        match v {
            Value::List(items) | Value::Set(items) | Value::Tuple(items) => Ok(items),
            Value::Range(r) => super::collections::range_items(&r),
            Value::Sequence(s) => super::collections::sequence_items(&s, self.engine),
            Value::Map(entries) => Ok(entries
                .into_iter()
                .map(|e| Value::Entry(Box::new(e)))
                .collect()),
            other => Err(EvalError::new(format!(
                "cannot iterate over {}",
                type_name(&other)
            ))),
        }
    }

    /// Build a map: keys compared by value (games and numbers) or structurally, the last value
    /// kept, entries sorted by key in the universal order.
    pub(super) fn make_map(&mut self, entries: Vec<(Value, Value)>) -> EvalResult<Value> {
        let mut keyed = Vec::with_capacity(entries.len());
        for (mut k, v) in entries {
            // A game is a key by its value, as a set element is.
            self.normalise_element(&mut k)?;
            keyed.push((k, v));
        }
        // Stable, so that of equal keys the one given last comes last and wins below.
        let sorted =
            super::order::merge_sort(self, keyed, &mut |ev, a, b| ev.compare_values(&a.0, &b.0))?;
        let mut out: Vec<(Value, Value)> = Vec::with_capacity(sorted.len());
        for (k, v) in sorted {
            if let Some(last) = out.last_mut()
                && self.same_value(&last.0, &k)?
            {
                last.1 = v;
                continue;
            }
            out.push((k, v));
        }
        Ok(Value::Map(out))
    }

    /// `m[k]`: a missing key is an error.
    pub(super) fn map_get(&mut self, entries: &[(Value, Value)], key: &Value) -> EvalResult<Value> {
        match self.lookup(entries, key)? {
            Some(v) => Ok(v),
            None => Err(EvalError::new(format!(
                "Key not found: {}",
                self.render(key)
            ))),
        }
    }

    pub(super) fn eval_error(&mut self, message: &Expr) -> EvalResult<Value> {
        let v = self.eval(message)?;
        let text = match &v {
            Value::Str(s) => s.clone(),
            // A message that could not be printed (Ctrl-C, the memory ceiling) is that
            // failure, not an empty message.
            other => self.try_render(other)?,
        };
        // An error still says what it is when the script gave it nothing to say.
        let text = if text.trim().is_empty() {
            format!("error({text:?}) has a blank message")
        } else {
            text
        };
        Err(EvalError::at(text, message.span))
    }

    /// `var name [:= value]`.
    pub(super) fn eval_var(
        &mut self,
        name: &Symbol,
        value: Option<&Expr>,
        span: Span,
    ) -> EvalResult<Value> {
        // A `var` is in scope inside its own initialiser, so that local functions can recurse.
        if let Some(frame) = &self.scope {
            if frame.lookup(name).is_some() {
                return Err(EvalError::at(format!("Duplicate var: `{name}`"), span));
            }
            frame.declare(name.clone(), Value::Nothing);
            let v = match value {
                Some(e) => self.eval(e)?,
                None => Value::Nothing,
            };
            if let Some(frame) = &self.scope {
                let _ = frame.assign(name, v.clone());
            }
            return Ok(v);
        }
        let v = match value {
            Some(e) => self.eval(e)?,
            None => Value::Nothing,
        };
        self.assign_global(name, v.clone())?;
        Ok(v)
    }
}

/// How many rounds `for x from a to b by s` makes with numbers a, b and s ≠ 0: x runs
/// a, a + s, … while x ≤ b (x ≥ b for s < 0). usize::MAX stands for more than that.
fn rounds_between(a: &Rational, b: &Rational, s: &Rational) -> usize {
    let span = b - a;
    if span.is_negative() != s.is_negative() && !span.is_zero() {
        return 0;
    }
    let whole_steps = (&span / s).floor().to_integer();
    (whole_steps + 1u32).to_usize().unwrap_or(usize::MAX)
}
