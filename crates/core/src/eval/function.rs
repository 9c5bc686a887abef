//! Function values: closures over a lambda and the scope it was made in, calls with positional
//! and named arguments, and memoisation of calls that cannot have side effects.
//!
//! Memoisation (a cgcalc extension, language.md §5) is sound because a call's result depends
//! only on its arguments, the locals it captured and the globals its body (or the bodies of
//! the functions it calls) names, and:
//! * the key holds the arguments and the current values of the body's captured free locals;
//! * a memo table is dropped when the context's generation moves, which happens whenever a
//!   global named by any function body, or a local outside the running call, is reassigned;
//! * a call during which anything outside its own frames was written (or printed) is not
//!   cached, and that function is not memoised again.
//!
//! Only functions that have recursed are memoised: caching the others costs memory (every
//! result kept) and saves little.

use super::env::{Context, Frame, MAX_CALL_DEPTH};
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::Engine;
use crate::syntax::ast::{Arg, Lambda};
use crate::syntax::free_names;
use crate::value::Callable;
use crate::value::Key;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::fmt;
use std::rc::{Rc, Weak};
use std::sync::Arc;

/// Within one call, evaluation recurses only as deep as the body's syntax tree, which the
/// parser bounds; across calls it is unbounded. So each call makes sure this much stack is
/// free, continuing on a fresh heap-allocated segment otherwise: deep recursion of user
/// functions then costs heap (bounded by the call-depth limit), never a stack overflow.
const STACK_RED_ZONE: usize = 4 << 20;
const STACK_SEGMENT: usize = 32 << 20;

/// Memo tables stop growing past this many entries (they are cleared and start again).
const MEMO_LIMIT: usize = 1 << 20;

/// A lambda together with the scope it was created in.
pub struct Closure {
    pub lambda: Arc<Lambda>,
    pub scope: Option<Rc<Frame>>,
    ctx: Weak<Context>,
    /// Names the body uses without binding them: captured locals or globals.
    free: Vec<String>,
    /// False once a call had side effects; then calls are never cached.
    memoisable: Cell<bool>,
    /// Calls of this function now running, and whether one ever started inside another: only
    /// recursive functions are cached, since caching the others costs memory and saves little.
    active: Cell<usize>,
    recursive: Cell<bool>,
    memo: RefCell<Memo>,
}

#[derive(Default)]
struct Memo {
    generation: u64,
    table: FxHashMap<MemoKey, Value>,
}

impl fmt::Debug for Closure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.render())
    }
}

impl Callable for Closure {
    fn call(&self, args: Vec<Value>, engine: &mut Engine) -> EvalResult<Value> {
        let ctx = self
            .ctx
            .upgrade()
            .ok_or_else(|| EvalError::new("this function's session has ended"))?;
        let mut ev = Evaluator::new(engine, ctx);
        ev.call_closure(self, args)
    }

    fn arity(&self) -> usize {
        self.lambda.params.len()
    }

    fn render(&self) -> String {
        crate::syntax::render_lambda(&self.lambda)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Evaluator<'_> {
    /// The function value of `lambda` in the current scope. A parameter may not repeat another
    /// or a visible local (CGSuite's "Duplicate var").
    pub(super) fn make_function(&mut self, lambda: &Arc<Lambda>) -> EvalResult<Value> {
        for (i, p) in lambda.params.iter().enumerate() {
            if lambda.params[..i].iter().any(|q| q.name == p.name)
                || super::env::lookup(&self.scope, &p.name).is_some()
            {
                return Err(EvalError::at(
                    format!("Duplicate var: `{}`", p.name),
                    p.span,
                ));
            }
        }
        // A free name bound in an enclosing frame is captured; any other is read from the
        // globals, and reassigning it must invalidate memo tables.
        let free = free_names(lambda);
        self.ctx
            .referenced
            .borrow_mut()
            .extend(free.iter().cloned());
        Ok(Value::Function(Rc::new(Closure {
            lambda: lambda.clone(),
            scope: self.scope.clone(),
            ctx: Rc::downgrade(&self.ctx),
            free,
            memoisable: Cell::new(true),
            active: Cell::new(0),
            recursive: Cell::new(false),
            memo: RefCell::default(),
        })))
    }

    /// Call any function value with positional arguments.
    pub(crate) fn call_value(&mut self, f: &Value, args: Vec<Value>) -> EvalResult<Value> {
        match f {
            Value::Function(c) => match c.as_any().downcast_ref::<Closure>() {
                Some(closure) => self.call_closure(closure, args),
                None => c.call(args, self.engine),
            },
            Value::Ruleset(r) => r.position(&args, self.engine),
            Value::Map(entries) => match args.as_slice() {
                [key] => self.map_get(entries, key),
                _ => Err(EvalError::new("a map takes one argument, the key")),
            },
            other => Err(EvalError::new(format!(
                "not a function: {}",
                super::type_name(other)
            ))),
        }
    }

    /// Call a function value with the arguments as written (named ones bind by parameter name).
    pub(super) fn call_with_args(&mut self, f: &Value, args: &[Arg]) -> EvalResult<Value> {
        let Value::Function(c) = f else {
            let values = self.eval_positional(args)?;
            return self.call_value(f, values);
        };
        let Some(closure) = c.as_any().downcast_ref::<Closure>() else {
            let values = self.eval_positional(args)?;
            return c.call(values, self.engine);
        };
        if args.iter().all(|a| a.name.is_none()) {
            let values = self.eval_positional(args)?;
            return self.call_closure(closure, values);
        }
        let params = &closure.lambda.params;
        let mut slots: Vec<Option<Value>> = vec![None; params.len()];
        let mut positional = 0;
        let mut named_seen: HashSet<&str> = HashSet::new();
        for a in args {
            let v = self.eval(&a.value)?;
            match &a.name {
                None => {
                    if positional >= params.len() {
                        return Err(too_many(args.len(), params.len()));
                    }
                    slots[positional] = Some(v);
                    positional += 1;
                }
                Some(n) => {
                    if !named_seen.insert(n) {
                        return Err(EvalError::at(
                            format!("Duplicate named parameter: `{n}`"),
                            a.value.span,
                        ));
                    }
                    let Some(i) = params.iter().position(|p| *p.name == **n) else {
                        return Err(EvalError::at(
                            format!("Invalid parameter name (in function call): `{n}`"),
                            a.value.span,
                        ));
                    };
                    if i < positional {
                        return Err(EvalError::at(
                            format!(
                                "Named parameter shadows an earlier ordinary argument (in function call): `{n}`"
                            ),
                            a.value.span,
                        ));
                    }
                    slots[i] = Some(v);
                }
            }
        }
        // Fill in defaults; a gap before a given argument is a missing one.
        let mut values = Vec::with_capacity(params.len());
        for (slot, p) in slots.into_iter().zip(params) {
            match slot {
                Some(v) => values.push(v),
                None if p.default.is_some() => break,
                None => {
                    return Err(EvalError::new(format!(
                        "Missing required parameter `{}`",
                        p.name
                    )));
                }
            }
        }
        self.call_closure(closure, values)
    }

    fn eval_positional(&mut self, args: &[Arg]) -> EvalResult<Vec<Value>> {
        args.iter()
            .map(|a| match &a.name {
                None => self.eval(&a.value),
                Some(n) => Err(EvalError::at(
                    format!("Invalid parameter name (in function call): `{n}`"),
                    a.value.span,
                )),
            })
            .collect()
    }

    pub(super) fn call_closure(&mut self, f: &Closure, args: Vec<Value>) -> EvalResult<Value> {
        let params = &f.lambda.params;
        if args.len() > params.len() {
            return Err(too_many(args.len(), params.len()));
        }
        self.engine.check_interrupt()?;
        let depth = self.ctx.depth.get();
        if depth >= MAX_CALL_DEPTH {
            return Err(EvalError::new(
                "Maximum recursive depth exceeded (possible infinite recursion?)",
            ));
        }
        if f.active.get() > 0 {
            f.recursive.set(true);
        }
        let key = if f.memoisable.get() && f.recursive.get() {
            self.memo_key(f, &args)
        } else {
            None
        };
        if let Some(key) = &key {
            let mut memo = f.memo.borrow_mut();
            if memo.generation != self.ctx.generation.get() {
                memo.table.clear();
                memo.generation = self.ctx.generation.get();
            }
            if let Some(v) = memo.table.get(key) {
                return Ok(v.clone());
            }
        }
        let effects = self.ctx.effects.get();
        let generation = self.ctx.generation.get();
        let frame = self.ctx.new_frame(f.scope.clone());
        let saved = self.scope.replace(frame.clone());
        let saved_base = std::mem::replace(&mut self.call_base, frame.serial);
        self.ctx.depth.set(depth + 1);
        f.active.set(f.active.get() + 1);
        let result = stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
            self.bind_params(&frame, f, args)
                .and_then(|()| self.eval(&f.lambda.body))
        });
        f.active.set(f.active.get() - 1);
        self.ctx.depth.set(depth);
        self.scope = saved;
        self.call_base = saved_base;
        // A position inside the body refers to the text the function was defined in, not to
        // the statement running now: the caller's position (the call) is the one to show.
        let value = result.map_err(|mut e| {
            e.span = None;
            e
        })?;
        if let Some(key) = key {
            if self.ctx.effects.get() != effects || self.ctx.generation.get() != generation {
                f.memoisable.set(false);
                f.memo.borrow_mut().table.clear();
            } else {
                let mut memo = f.memo.borrow_mut();
                if memo.table.len() >= MEMO_LIMIT {
                    memo.table.clear();
                }
                memo.table.insert(key, value.clone());
            }
        }
        Ok(value)
    }

    fn bind_params(&mut self, frame: &Rc<Frame>, f: &Closure, args: Vec<Value>) -> EvalResult<()> {
        let mut args = args.into_iter();
        for p in &f.lambda.params {
            let value = match (args.next(), &p.default) {
                (Some(v), _) => v,
                (None, Some(default)) => self.eval(default)?,
                (None, None) => {
                    return Err(EvalError::new(format!(
                        "Missing required parameter `{}`",
                        p.name
                    )));
                }
            };
            frame.declare(p.name.clone(), value);
        }
        Ok(())
    }

    /// The memo key of a call: the arguments and the captured free locals, or `None` when
    /// some value has no structural key (then the call is not cached).
    fn memo_key(&self, f: &Closure, args: &[Value]) -> Option<MemoKey> {
        let mut parts = Vec::with_capacity(args.len());
        for a in args {
            parts.push(Key::of(a)?);
        }
        if let Some(scope) = &f.scope {
            for name in &f.free {
                if let Some(v) = scope.lookup(name) {
                    parts.push(Key::of(&v)?);
                }
            }
        }
        Some(MemoKey(parts))
    }
}

fn too_many(given: usize, max: usize) -> EvalError {
    EvalError::new(format!(
        "Too many arguments: {given}, expecting at most {max}"
    ))
}

/// A memo key: the structural identity of a call's inputs.
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct MemoKey(Vec<Key>);
