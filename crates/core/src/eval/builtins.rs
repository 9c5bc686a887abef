//! Global functions: snake_case aliases of the methods (`temperature(G)` = `G.Temperature`),
//! constructors (`tiny(x)`), and the contest toolkit's integer functions (`mex`, `nim_sum`, ...).

use super::convert::{expect_integer, expect_u64, integer, type_name};
use super::methods::{method_key, save_thermograph_svg};
use super::reference::{self, Kind};
use super::{EvalError, EvalResult, Evaluator, Value};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

/// Whether `name(…)` is a built-in function, or a property or method of games or numbers
/// called as one (`temperature(G)`): what [`Evaluator::call_builtin`] dispatches.
pub(super) fn is_builtin(name: &str) -> bool {
    let key = method_key(name);
    [Kind::Function, Kind::GameMethod, Kind::NumberMethod]
        .into_iter()
        .any(|kind| reference::entry_by_key(&key, kind).is_some())
}

impl Evaluator<'_> {
    pub(super) fn call_builtin(
        &mut self,
        name: &str,
        args: Vec<Value>,
        named: Vec<(String, Value)>,
    ) -> EvalResult<Value> {
        let key = method_key(name);
        // The reference table knows how many arguments each function takes: a wrong count is
        // an error naming the function and its signature, never a silently ignored argument.
        if let Some(entry) = reference::entry_by_key(&key, Kind::Function) {
            if args.is_empty() && named.is_empty() && entry.min_args > 0 {
                return Err(super::names::function_without_arguments(name));
            }
            // Named arguments may stand for positional ones (`partizan_ruleset(left => L,
            // right => R)`): then the function itself says what is missing.
            if named.is_empty() || args.len() > entry.max_args {
                entry.check_arity(args.len())?;
            }
        }
        let call = crate::rulesets::Args {
            positional: args,
            named,
        };
        if let Some(result) = crate::rulesets::function(&key, &call, self.engine) {
            return result;
        }
        let crate::rulesets::Args {
            positional: args,
            named,
        } = call;
        if let Some((n, _)) = named.first() {
            return Err(EvalError::new(format!(
                "{name} has no argument named `{n}`"
            )));
        }
        // `Sum(c)`, `Max(c)`, `Min(c)`, `Mex(c)`: the collection methods of one collection.
        if let ("sum" | "max" | "min" | "mex", [c]) = (key.as_str(), args.as_slice())
            && matches!(
                c,
                Value::List(_)
                    | Value::Set(_)
                    | Value::Map(_)
                    | Value::Range(_)
                    | Value::Sequence(_)
            )
        {
            // The contract's `mex([...])` refuses negative integers; CGSuite's `Mex(c)` ignores
            // every other non-integer (strings, nimbers), and so does this.
            if key == "mex"
                && let Value::List(items) | Value::Set(items) = c
                && let Some(Value::Number(r)) = items
                    .iter()
                    .find(|v| matches!(v, Value::Number(r) if r.is_integer() && r.is_negative()))
            {
                return Err(EvalError::new(format!(
                    "mex applies to non-negative integers, found {r}"
                )));
            }
            let c = c.clone();
            return self.call_method(&c, name, Vec::new());
        }
        match key.as_str() {
            "print" => {
                let [v] = <[Value; 1]>::try_from(args)
                    .map_err(|_| EvalError::new("Print takes one argument: Print(x)"))?;
                return self.print_line(&v);
            }
            "mex" => return mex(&flatten(args)),
            "misereform" => {
                return match args.as_slice() {
                    [Value::Str(text)] => super::explicit::parse(text),
                    _ => Err(EvalError::new(
                        "misere_form takes the form as a string: misere_form(\"{0,*|*}\")",
                    )),
                };
            }
            "miserevalues" => return super::explicit::values(&args, self.engine),
            // Pictures: what to draw, and for a file its name.
            "plot" | "draw" | "graph" | "intensityplot" => {
                let (x, file) = match args.as_slice() {
                    [x] => (x, None),
                    [x, f] => (x, Some(f)),
                    _ => {
                        return Err(EvalError::new(format!(
                            "{name} takes what to draw and, for a file, its name: {name}(X) or {name}(X, \"x.svg\")"
                        )));
                    }
                };
                return match (key.as_str(), x) {
                    ("plot", Value::Thermograph(_)) | ("draw", _) => self.draw(x, file),
                    ("plot", _) => self.scatter_plot_of(x, file),
                    ("graph", _) => self.game_graph(x, file),
                    _ => self.intensity_plot_of(x, file),
                };
            }
            "loopynimber" => {
                return match args.as_slice() {
                    [one] if super::loopy_nimber::is_collection(one) => {
                        self.loopy_nimber_literal(args)
                    }
                    _ => Err(EvalError::new(format!(
                        "{name} takes one collection K of natural numbers: {name}({{0, 1}})"
                    ))),
                };
            }
            "sum" => {
                // Several arguments: their sum, as `Sum` of a list of them.
                return self.call_method(&Value::List(args), name, Vec::new());
            }
            "table" => {
                let rows = match args.as_slice() {
                    [Value::List(rows)] => rows.clone(),
                    _ => args,
                };
                return self.table(&rows);
            }
            "nimsum" => {
                let args = flatten(args);
                if let Some(sum) = self.ordinal_nim_sum_of(&args) {
                    return sum;
                }
                let mut acc = BigInt::zero();
                for v in args {
                    let n = expect_integer(&v)?;
                    if n.is_negative() {
                        return Err(EvalError::new(format!(
                            "nim_sum applies to non-negative integers, found {n}"
                        )));
                    }
                    acc ^= n;
                }
                return Ok(integer(acc));
            }
            "nimproduct" | "nimdiv" | "niminverse" | "nimpow" | "uglyproduct" => {
                let (first, rest) = split_first(name, args)?;
                let ordinal = matches!(key.as_str(), "nimproduct" | "nimpow")
                    && matches!(&first, Value::Surreal(_));
                if !ordinal && !matches!(&first, Value::Number(n) if n.is_integer()) {
                    return Err(EvalError::integer_wanted(
                        format!(
                            "{name} applies to non-negative integers, not {}",
                            type_name(&first)
                        ),
                        &first,
                    ));
                }
                return self.call_method(&first, name, rest);
            }
            "thermographsvg" => {
                let [game, file] = <[Value; 2]>::try_from(args).map_err(|_| {
                    EvalError::new(format!(
                        "{name} expects a game and a file name: {name}(G, \"g.svg\")"
                    ))
                })?;
                let (th, title) = match game {
                    Value::Thermograph(th) => (th, None),
                    Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Position(_) => {
                        match self.call_method(&game, "Thermograph", Vec::new())? {
                            Value::Thermograph(th) => (th, Some(self.render(&game))),
                            _ => return Err(EvalError::new(format!("{name} applies to games"))),
                        }
                    }
                    other => {
                        return Err(EvalError::new(format!(
                            "{name} applies to games, not {}",
                            type_name(&other)
                        )));
                    }
                };
                return save_thermograph_svg(&th, title.as_deref(), &[file], name);
            }
            "pow" if args.len() == 2 && args.iter().all(|a| matches!(a, Value::Number(_))) => {
                return power(&args[0], &args[1]);
            }
            _ => {}
        }
        let known_method = reference::entry_by_key(&key, Kind::GameMethod)
            .or_else(|| reference::entry_by_key(&key, Kind::NumberMethod))
            .is_some();
        if !known_method {
            return Err(self.unknown_name(name));
        }
        if args.is_empty() {
            return Err(super::names::function_without_arguments(name));
        }
        let (receiver, rest) = split_first(name, args)?;
        // A property called as a function (`nim_value(G)`, `stop(G, Left)`): the method's count
        // of arguments after the receiver.
        if let Some(method) = reference::entry_by_key(&key, Kind::GameMethod)
            .or_else(|| reference::entry_by_key(&key, Kind::NumberMethod))
        {
            method.check_arity(rest.len())?;
        }
        self.call_method(&receiver, name, rest)
    }
}

fn split_first(name: &str, mut args: Vec<Value>) -> EvalResult<(Value, Vec<Value>)> {
    if args.is_empty() {
        return Err(EvalError::new(format!("{name} needs an argument")));
    }
    let first = args.remove(0);
    Ok((first, args))
}

/// `f(1, 2, 3)` and `f([1, 2, 3])` mean the same for variadic functions.
fn flatten(args: Vec<Value>) -> Vec<Value> {
    match args.as_slice() {
        [Value::List(items)] | [Value::Set(items)] => items.clone(),
        _ => args,
    }
}

fn mex(values: &[Value]) -> EvalResult<Value> {
    let mut seen = Vec::with_capacity(values.len());
    for v in values {
        let n = expect_u64(v, "mex argument").map_err(|_| match v {
            Value::Number(r) if r.is_integer() && r.is_negative() => {
                EvalError::new(format!("mex applies to non-negative integers, found {r}"))
            }
            _ => EvalError::new("mex applies to non-negative integers"),
        })?;
        seen.push(n);
    }
    Ok(integer(least_missing(seen)))
}

/// The least integer n ≥ 0 not in `seen`.
pub(super) fn least_missing(mut seen: Vec<u64>) -> usize {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &n)| n != i as u64)
        .map_or(seen.len(), |(i, _)| i)
}

/// a^n for numbers and integer n.
fn power(base: &Value, exponent: &Value) -> EvalResult<Value> {
    let Value::Number(b) = base else {
        unreachable!("checked by the caller")
    };
    let n = expect_integer(exponent)?;
    let n = n
        .to_i32()
        .filter(|n| n.abs() <= 100_000)
        .ok_or_else(|| EvalError::new("exponent too large"))?;
    if n < 0 && b.is_zero() {
        return Err(EvalError::new("division by zero"));
    }
    Ok(Value::Number(
        num_traits::pow::Pow::<i32>::pow(&*b.big(), n).into(),
    ))
}
