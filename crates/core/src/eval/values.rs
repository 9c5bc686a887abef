//! Methods of the values that are not games (language.md §7): collections (lists, ranges, sets
//! and maps), map entries, tuples and strings, and `ToString`, which every value has.
//!
//! The methods that build a new collection (`Tail`, `Adjoin`, `Filter`, …) keep the receiver's
//! kind: they take the elements out as a plain vector, work on it, and rebuild a value of that
//! kind, so that a set stays sorted and free of duplicates and a map keeps its keys distinct.
//! A map's elements are its entries (`k => v`).

use super::collections::{as_list, range_items, sequence_items};
use super::convert::{expect_bool, expect_integer, integer, type_name};
use super::order::merge_sort;
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::engine::Engine;
use crate::syntax::ast::{BinOp, CmpOp};
use crate::value::{IntRange, NimSequence};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::rc::Rc;

/// The kind of a collection, which methods that build a new one keep.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    List,
    Range,
    Set,
    Map,
}

impl Kind {
    fn of(v: &Value) -> Option<Kind> {
        match v {
            // A nim sequence is a list; what is built from it is an ordinary list.
            Value::List(_) | Value::Sequence(_) => Some(Kind::List),
            Value::Range(_) => Some(Kind::Range),
            Value::Set(_) => Some(Kind::Set),
            Value::Map(_) => Some(Kind::Map),
            _ => None,
        }
    }

    fn is_list(self) -> bool {
        matches!(self, Kind::List | Kind::Range)
    }
}

/// Which kinds of collection a method applies to.
enum Applies {
    All,
    Lists,
    Sets,
    Maps,
}

/// The collection methods and the kinds they apply to; `None` for an unknown name.
fn applies(key: &str) -> Option<Applies> {
    Some(match key {
        "size" | "isempty" | "head" | "tail" | "adjoin" | "concat" | "filter" | "count"
        | "exists" | "forall" | "find" | "foreach" | "flattened" | "sum" | "max" | "min"
        | "mex" | "tolist" | "toset" | "contains" | "apply" => Applies::All,
        "length" | "len" | "indexof" | "distinct" | "sorted" | "sortedwith" | "grouped"
        | "periodictable" | "sublist" | "take" | "mkoutput" => Applies::Lists,
        "union" | "intersection" | "replaced" => Applies::Sets,
        "containskey" | "keys" | "values" | "entries" => Applies::Maps,
        // Lists and maps both have these, with different meanings.
        "updated" | "reversed" => Applies::All,
        _ => return None,
    })
}

impl Evaluator<'_> {
    /// `receiver.name(args)` for a non-game value, or `None` when `name` is not one of its
    /// methods (so that the caller can report it).
    pub(super) fn value_method(
        &mut self,
        receiver: &Value,
        name: &str,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        if key == "tostring" {
            arity(name, args, 0)?;
            return Ok(Some(Value::Str(match receiver {
                Value::Str(s) => s.clone(),
                other => self.render(other),
            })));
        }
        match receiver {
            Value::Str(s) => self.string_method(s, name, key, args),
            Value::Tuple(items) => {
                // Pairs' properties check their count against the reference table.
                if let Some(entry) =
                    super::reference::entry_by_key(key, super::reference::Kind::CollectionMethod)
                {
                    entry.check_arity(args.len())?;
                }
                self.tuple_method(items, name, key, args)
            }
            Value::Entry(e) => Ok(match key {
                "key" => Some(e.0.clone()),
                "value" => Some(e.1.clone()),
                _ => None,
            }),
            Value::List(_)
            | Value::Range(_)
            | Value::Sequence(_)
            | Value::Set(_)
            | Value::Map(_) => self.collection_method(receiver, name, key, args),
            _ => Ok(None),
        }
    }

    fn collection_method(
        &mut self,
        receiver: &Value,
        name: &str,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let Some(kind) = Kind::of(receiver) else {
            return Ok(None);
        };
        if key == "scatterplot" {
            if let Some(entry) =
                super::reference::entry_by_key(key, super::reference::Kind::CollectionMethod)
            {
                entry.check_arity(args.len())?;
            }
            return self.scatter_plot_of(receiver, args.first()).map(Some);
        }
        // A range answers these without listing its elements, so `(1..10^9).Size` is cheap.
        if let Value::Range(r) = receiver
            && let Some(v) = range_method(r, name, key, args)?
        {
            return Ok(Some(v));
        }
        // So does a nim sequence: `nim_values(kayles, 10^7).Max` lists no values.
        if let Value::Sequence(seq) = receiver
            && let Some(v) = sequence_method(seq, key, args)?
        {
            return Ok(Some(v));
        }
        let Some(applies) = applies(key) else {
            return Ok(None);
        };
        let fits = match applies {
            Applies::All => true,
            Applies::Lists => kind.is_list(),
            Applies::Sets => kind == Kind::Set,
            Applies::Maps => kind == Kind::Map,
        };
        if !fits {
            let what = match applies {
                Applies::Lists => "lists",
                Applies::Sets => "sets",
                _ => "maps",
            };
            return Err(EvalError::new(format!(
                "`{name}` applies to {what}, not to {}",
                type_name(receiver)
            )));
        }
        if let Value::Map(entries) = receiver
            && let Some(v) = self.map_method(entries, name, key, args)?
        {
            return Ok(Some(v));
        }
        let items = elements(receiver, self.engine)?;
        let v = match key {
            "size" | "length" | "len" => {
                arity(name, args, 0)?;
                integer(items.len())
            }
            "isempty" => {
                arity(name, args, 0)?;
                Value::Bool(items.is_empty())
            }
            "head" => {
                arity(name, args, 0)?;
                items.into_iter().next().ok_or_else(empty)?
            }
            "tail" => {
                arity(name, args, 0)?;
                if items.is_empty() {
                    return Err(empty());
                }
                self.rebuild(kind, items.into_iter().skip(1).collect())?
            }
            "adjoin" => {
                let [x] = one(name, args)?;
                let mut items = items;
                items.push(x.clone());
                self.rebuild(kind, items)?
            }
            "concat" => {
                let [c] = one(name, args)?;
                let more = elements(c, self.engine).map_err(|_| {
                    EvalError::new(format!(
                        "`{name}` appends a collection, not {}",
                        type_name(c)
                    ))
                })?;
                let mut items = items;
                items.extend(more);
                self.rebuild(kind, items)?
            }
            "filter" => {
                let [p] = one(name, args)?;
                let mut kept = Vec::new();
                for x in items {
                    if self.test(name, p, &x)? {
                        kept.push(x);
                    }
                }
                self.rebuild(kind, kept)?
            }
            "count" => {
                let [p] = one(name, args)?;
                let mut n = 0usize;
                for x in &items {
                    n += usize::from(self.test(name, p, x)?);
                }
                integer(n)
            }
            "exists" | "forall" => {
                let [p] = one(name, args)?;
                let want = key == "exists";
                for x in &items {
                    if self.test(name, p, x)? == want {
                        return Ok(Some(Value::Bool(want)));
                    }
                }
                Value::Bool(!want)
            }
            "find" => {
                let [p] = one(name, args)?;
                for x in items {
                    if self.test(name, p, &x)? {
                        return Ok(Some(x));
                    }
                }
                Value::Nothing
            }
            "foreach" => {
                let [f] = one(name, args)?;
                for x in items {
                    self.call_value(f, vec![x])?;
                }
                Value::Nothing
            }
            "apply" => {
                let [f] = one(name, args)?;
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(self.call_value(f, vec![x])?);
                }
                // Mapping entries need not give entries, so a map's images form a list.
                match kind {
                    Kind::Set => self.make_set(out)?,
                    _ => Value::List(out),
                }
            }
            "flattened" => {
                arity(name, args, 0)?;
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    match Kind::of(&x) {
                        Some(_) => out.extend(elements(&x, self.engine)?),
                        None => out.push(x),
                    }
                }
                self.rebuild(kind, out)?
            }
            "sum" => {
                arity(name, args, 0)?;
                let mut it = items.into_iter();
                let mut acc = it.next().ok_or_else(empty)?;
                for x in it {
                    acc = self.binary(BinOp::Add, acc, x)?;
                }
                acc
            }
            "max" | "min" => {
                if !args.is_empty() {
                    return Err(EvalError::new(format!(
                        "`{name}` of a collection takes no arguments; `x.{name}(y)` compares two numbers"
                    )));
                }
                let better = if key == "max" { CmpOp::Gt } else { CmpOp::Lt };
                let mut it = items.into_iter();
                let mut best = it.next().ok_or_else(empty)?;
                for x in it {
                    // Only a strictly better element replaces the current one, so an
                    // incomparable game keeps the earlier element.
                    if self.compare(better, &x, &best)? {
                        best = x;
                    }
                }
                best
            }
            "mex" => {
                arity(name, args, 0)?;
                self.mex_of(&items)
            }
            "tolist" => {
                arity(name, args, 0)?;
                Value::List(items)
            }
            "toset" => {
                arity(name, args, 0)?;
                self.make_set(items)?
            }
            "contains" => {
                let [x] = one(name, args)?;
                Value::Bool(self.position_of(&items, x)?.is_some())
            }
            "indexof" => {
                let [x] = one(name, args)?;
                integer(self.position_of(&items, x)?.map_or(0, |i| i + 1))
            }
            "distinct" => {
                arity(name, args, 0)?;
                let mut out: Vec<Value> = Vec::with_capacity(items.len());
                for x in items {
                    if self.position_of(&out, &x)?.is_none() {
                        out.push(x);
                    }
                }
                Value::List(out)
            }
            "sorted" => {
                arity(name, args, 0)?;
                Value::List(merge_sort(self, items, &mut |ev, a, b| {
                    ev.compare_values(a, b)
                })?)
            }
            "sortedwith" => {
                let [c] = one(name, args)?;
                if let Value::Function(f) = c
                    && f.arity() != 2
                {
                    return Err(EvalError::new(format!(
                        "the comparator of `{name}` must take 2 arguments, not {}",
                        f.arity()
                    )));
                }
                Value::List(merge_sort(self, items, &mut |ev, a, b| {
                    let r = ev.call_value(c, vec![a.clone(), b.clone()])?;
                    let n = expect_integer(&r).map_err(|_| {
                        EvalError::new(format!(
                            "the comparator of `{name}` must return an Integer, found {}",
                            type_name(&r)
                        ))
                    })?;
                    Ok(n.sign().cmp(&num_bigint::Sign::NoSign))
                })?)
            }
            "grouped" | "periodictable" => {
                let [n] = one(name, args)?;
                let n = positive(name, n)?;
                let rows: Vec<Value> = items.chunks(n).map(|c| Value::List(c.to_vec())).collect();
                if key == "grouped" {
                    Value::List(rows)
                } else {
                    self.table(&rows)?
                }
            }
            "sublist" => {
                let [i, j] = two(name, args)?;
                let (i, j) = (expect_integer(i)?, expect_integer(j)?);
                // Clipped to the list: no bounds error.
                let from = i.max(BigInt::from(1));
                let to = j.min(BigInt::from(items.len()));
                if from > to {
                    Value::List(Vec::new())
                } else {
                    let (from, to) = (to_index(&from), to_index(&to));
                    Value::List(items[from - 1..to].to_vec())
                }
            }
            "take" => {
                let [n] = one(name, args)?;
                let n = expect_integer(n)?;
                let n = if n.is_negative() { 0 } else { to_index(&n) };
                Value::List(items.into_iter().take(n).collect())
            }
            "updated" => {
                if kind == Kind::Set {
                    return Err(EvalError::new(format!(
                        "`{name}` applies to lists and maps, not to a set"
                    )));
                }
                let [i, v] = two(name, args)?;
                let n = expect_integer(i)?;
                let mut items = items;
                let slot = n
                    .to_usize()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| items.get_mut(k))
                    .ok_or_else(|| EvalError::new(format!("List index out of bounds: {n}")))?;
                *slot = v.clone();
                Value::List(items)
            }
            "reversed" => {
                arity(name, args, 0)?;
                if kind == Kind::Set {
                    return Err(EvalError::new(format!(
                        "`{name}` applies to lists and maps, not to a set"
                    )));
                }
                Value::List(items.into_iter().rev().collect())
            }
            "mkoutput" => {
                let [sep] = one(name, args)?;
                let Value::Str(sep) = sep else {
                    return Err(EvalError::new(format!(
                        "`{name}` joins with a string, not {}",
                        type_name(sep)
                    )));
                };
                let parts: Vec<String> = items.iter().map(|x| self.render(x)).collect();
                Value::Str(parts.join(sep))
            }
            "union" => {
                let [c] = one(name, args)?;
                let mut items = items;
                items.extend(elements(c, self.engine)?);
                self.make_set(items)?
            }
            "intersection" => {
                let [c] = one(name, args)?;
                let other = elements(c, self.engine)?;
                let mut out = Vec::new();
                for x in items {
                    if self.position_of(&other, &x)?.is_some() {
                        out.push(x);
                    }
                }
                self.make_set(out)?
            }
            "replaced" => {
                let [m] = one(name, args)?;
                let Value::Map(entries) = m else {
                    return Err(EvalError::new(format!(
                        "`{name}` takes a map, not {}",
                        type_name(m)
                    )));
                };
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(match self.lookup(entries, &x)? {
                        Some(v) => v,
                        None => x,
                    });
                }
                self.make_set(out)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// Methods that only maps have, or that mean something else on maps.
    fn map_method(
        &mut self,
        entries: &[(Value, Value)],
        name: &str,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let v = match key {
            "containskey" => {
                let [k] = one(name, args)?;
                Value::Bool(self.lookup(entries, k)?.is_some())
            }
            "keys" | "values" => {
                arity(name, args, 0)?;
                let part = entries
                    .iter()
                    .map(|(k, v)| if key == "keys" { k } else { v }.clone())
                    .collect();
                self.make_set(part)?
            }
            "entries" => {
                arity(name, args, 0)?;
                let entries = entries
                    .iter()
                    .map(|e| Value::Entry(Box::new(e.clone())))
                    .collect();
                self.make_set(entries)?
            }
            "reversed" => {
                arity(name, args, 0)?;
                let swapped = entries
                    .iter()
                    .map(|(k, v)| (v.clone(), k.clone()))
                    .collect();
                self.make_map(swapped)?
            }
            "updated" => {
                let mut out = entries.to_vec();
                match args {
                    [Value::Map(more)] => out.extend(more.iter().cloned()),
                    [k, v] => out.push((k.clone(), v.clone())),
                    _ => {
                        return Err(EvalError::new(format!(
                            "`{name}` of a map takes a key and a value, or another map"
                        )));
                    }
                }
                self.make_map(out)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// A collection of the given kind holding `items`.
    fn rebuild(&mut self, kind: Kind, items: Vec<Value>) -> EvalResult<Value> {
        match kind {
            Kind::List | Kind::Range => Ok(Value::List(items)),
            Kind::Set => self.make_set(items),
            Kind::Map => {
                let mut entries = Vec::with_capacity(items.len());
                for x in items {
                    match x {
                        Value::Entry(e) => entries.push(*e),
                        other => {
                            return Err(EvalError::new(format!(
                                "a map holds entries (`k => v`), not {}",
                                type_name(&other)
                            )));
                        }
                    }
                }
                self.make_map(entries)
            }
        }
    }

    /// `p(x)`, which must be a Boolean.
    fn test(&mut self, name: &str, p: &Value, x: &Value) -> EvalResult<bool> {
        let r = self.call_value(p, vec![x.clone()])?;
        expect_bool(&r).map_err(|e| EvalError::new(format!("{name}: {}", e.message)))
    }

    /// The index of the first element equal to x (games by value), if any.
    fn position_of(&mut self, items: &[Value], x: &Value) -> EvalResult<Option<usize>> {
        for (i, item) in items.iter().enumerate() {
            if self.same_value(item, x)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// The value for key k in a map's entries, if any.
    pub(super) fn lookup(
        &mut self,
        entries: &[(Value, Value)],
        k: &Value,
    ) -> EvalResult<Option<Value>> {
        for (key, v) in entries {
            if self.same_value(key, k)? {
                return Ok(Some(v.clone()));
            }
        }
        Ok(None)
    }

    /// Equality as `==` sees it: games and numbers by value, everything else structurally, with
    /// the elements of collections compared the same way (a set stores 1 as a game).
    pub(super) fn same_value(&mut self, a: &Value, b: &Value) -> EvalResult<bool> {
        let game_like = |v: &Value| {
            matches!(
                v,
                Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Position(_)
            )
        };
        let non_dyadic = |v: &Value| matches!(v, Value::Number(r) if !crate::engine::Dyadic::is_dyadic_rational(&r.big()));
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => Ok(x == y),
            // A rational that is not dyadic is no game, so it equals no game.
            _ if game_like(a) && game_like(b) => {
                if non_dyadic(a) || non_dyadic(b) {
                    return Ok(false);
                }
                self.compare(CmpOp::Eq, a, b)
            }
            (Value::Sequence(x), Value::Sequence(y)) => Ok(x == y),
            // Element by element, without listing the sequence: it may be long.
            (Value::Sequence(seq), Value::List(items))
            | (Value::List(items), Value::Sequence(seq)) => {
                if seq.len() != items.len() {
                    return Ok(false);
                }
                for (v, x) in seq.iter().zip(items) {
                    if !self.same_value(&Value::Number(v.into()), x)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (
                Value::List(_) | Value::Range(_) | Value::Sequence(_),
                Value::List(_) | Value::Range(_) | Value::Sequence(_),
            ) => {
                if let (Value::Range(x), Value::Range(y)) = (a, b)
                    && x == y
                {
                    return Ok(true);
                }
                let (x, y) = (as_list(a, self.engine)?, as_list(b, self.engine)?);
                self.all_same(&x, &y)
            }
            (Value::Set(x), Value::Set(y)) | (Value::Tuple(x), Value::Tuple(y)) => {
                self.all_same(x, y)
            }
            (Value::Map(x), Value::Map(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                for ((k1, v1), (k2, v2)) in x.iter().zip(y) {
                    if !self.same_value(k1, k2)? || !self.same_value(v1, v2)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (Value::Entry(x), Value::Entry(y)) => {
                Ok(self.same_value(&x.0, &y.0)? && self.same_value(&x.1, &y.1)?)
            }
            _ => Ok(a == b),
        }
    }

    fn all_same(&mut self, x: &[Value], y: &[Value]) -> EvalResult<bool> {
        if x.len() != y.len() {
            return Ok(false);
        }
        for (p, q) in x.iter().zip(y) {
            if !self.same_value(p, q)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The least integer n ≥ 0 not among the values; non-integers (nimbers included) and
    /// negative integers are ignored, as CGSuite does.
    pub(super) fn mex_of(&mut self, items: &[Value]) -> Value {
        let mut seen: Vec<u64> = Vec::with_capacity(items.len());
        for x in items {
            let n = match x {
                Value::Number(r) if r.is_integer() => r.numer().to_u64(),
                Value::Game(g) => self
                    .engine
                    .as_number(*g)
                    .map(|d| d.to_rational())
                    .filter(|r| r.is_integer())
                    .and_then(|r| r.numer().to_u64()),
                _ => None,
            };
            seen.extend(n);
        }
        integer(super::builtins::least_missing(seen))
    }

    /// A table (language.md §9) whose rows are the given lists.
    pub(super) fn table(&mut self, rows: &[Value]) -> EvalResult<Value> {
        let mut cells = Vec::with_capacity(rows.len());
        for row in rows {
            let items = match row {
                Value::List(_) | Value::Range(_) | Value::Sequence(_) => as_list(row, self.engine)?,
                other => vec![other.clone()],
            };
            cells.push(items.iter().map(|x| self.render(x)).collect::<Vec<_>>());
        }
        let text = crate::display::table::render(&cells);
        Ok(Value::table(text, cells))
    }

    fn tuple_method(
        &mut self,
        items: &[Value],
        name: &str,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let pair = || match items {
            [a, b] => Ok((a.clone(), b.clone())),
            _ => Err(EvalError::new(format!(
                "`{name}` applies to pairs, not to a tuple of {}",
                items.len()
            ))),
        };
        let v = match key {
            "row" => pair()?.0,
            "col" | "column" => pair()?.1,
            "swap" => {
                let (a, b) = pair()?;
                Value::Tuple(vec![b, a])
            }
            "isunit" => {
                let (a, b) = pair()?;
                let unit = |v: &Value| matches!(v, Value::Number(r) if r.is_integer() && r.numer().magnitude() <= &1u32.into());
                Value::Bool(unit(&a) && unit(&b))
            }
            // cgcalc's tuples are also small sequences.
            "size" | "length" => integer(items.len()),
            "contains" => {
                let [x] = one(name, args)?;
                Value::Bool(self.position_of(items, x)?.is_some())
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn string_method(
        &mut self,
        s: &str,
        name: &str,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let chars: Vec<char> = s.chars().collect();
        let string_arg = |v: &Value| match v {
            Value::Str(t) => Ok(t.clone()),
            other => Err(EvalError::new(format!(
                "`{name}` takes a string, not {}",
                type_name(other)
            ))),
        };
        let v = match key {
            "length" | "size" | "len" => {
                arity(name, args, 0)?;
                integer(chars.len())
            }
            "concat" => {
                let [t] = one(name, args)?;
                Value::Str(format!("{s}{}", string_arg(t)?))
            }
            "substring" => {
                let [i, j] = two(name, args)?;
                let (i, j) = (expect_integer(i)?, expect_integer(j)?);
                let bad = |n: &BigInt| EvalError::new(format!("String index out of bounds: {n}"));
                // From may be one past the end and j may be i − 1 (the empty string), as
                // Java's substring allows: `s.Substring(i + 1, s.Length)` after the last i.
                let from = i
                    .to_usize()
                    .filter(|&k| k >= 1 && k <= chars.len() + 1)
                    .ok_or_else(|| bad(&i))?;
                let to = j
                    .to_usize()
                    .filter(|&j| j <= chars.len())
                    .ok_or_else(|| bad(&j))?;
                if to + 1 < from {
                    return Err(bad(&j));
                }
                Value::Str(chars[from - 1..to].iter().collect())
            }
            "updated" => {
                let [i, t] = two(name, args)?;
                let i = expect_integer(i)?;
                let t = string_arg(t)?;
                let k = char_index(&i, chars.len())
                    .ok_or_else(|| EvalError::new(format!("String index out of bounds: {i}")))?;
                let c = t.chars().next().ok_or_else(|| {
                    EvalError::new(format!("`{name}` needs a non-empty replacement string"))
                })?;
                let mut chars = chars;
                chars[k - 1] = c;
                Value::Str(chars.into_iter().collect())
            }
            "replace" => {
                let [a, b] = two(name, args)?;
                let (a, b) = (string_arg(a)?, string_arg(b)?);
                if a.is_empty() {
                    return Err(EvalError::new(format!(
                        "`{name}` cannot replace the empty string"
                    )));
                }
                Value::Str(s.replace(&a, &b))
            }
            "matches" => {
                let [re] = one(name, args)?;
                let re = regex(&format!("^(?:{})$", string_arg(re)?))?;
                Value::Bool(re.is_match(s))
            }
            "replaceregex" => {
                let [re, b] = two(name, args)?;
                let re = regex(&string_arg(re)?)?;
                let replacement = java_replacement(&string_arg(b)?, re.captures_len() - 1)?;
                Value::Str(re.replace_all(s, replacement.as_str()).into_owned())
            }
            "touppercase" => {
                arity(name, args, 0)?;
                Value::Str(s.to_uppercase())
            }
            "tolowercase" => {
                arity(name, args, 0)?;
                Value::Str(s.to_lowercase())
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}

/// `Start`, `End`, `Step`, and what a range can answer without listing itself.
fn range_method(r: &IntRange, name: &str, key: &str, args: &[Value]) -> EvalResult<Option<Value>> {
    let v = match (key, args) {
        ("start", []) => integer(r.start.clone()),
        ("end", []) => integer(r.end.clone()),
        ("step", []) => integer(r.step.clone()),
        ("size" | "length" | "len", []) => integer(r.len()),
        ("isempty", []) => Value::Bool(r.is_empty()),
        ("head", []) if !r.is_empty() => integer(r.start.clone()),
        ("tail", []) if !r.is_empty() => Value::Range(Box::new(IntRange {
            start: &r.start + &r.step,
            end: r.end.clone(),
            step: r.step.clone(),
        })),
        // A range is a list already.
        ("tolist", []) => Value::Range(Box::new(r.clone())),
        // An arithmetic series: no need to list a long range.
        ("sum" | "max" | "min", []) if !r.is_empty() => {
            let n = r.len();
            let last = &r.start + (&n - 1) * &r.step;
            match key {
                "sum" => integer(n * (&r.start + &last) / 2),
                "max" => integer((&r.start).max(&last).clone()),
                _ => integer((&r.start).min(&last).clone()),
            }
        }
        ("contains", [Value::Number(x)]) => {
            let inside = x.is_integer() && {
                let n = x.numer();
                let offset = n - &r.start;
                let steps = &offset / &r.step;
                (&offset % &r.step).is_zero() && !steps.is_negative() && steps < r.len()
            };
            Value::Bool(inside)
        }
        ("start" | "end" | "step", _) => {
            return Err(EvalError::new(format!("`{name}` takes no arguments")));
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// What a nim sequence answers without listing its elements as values: its length and
/// extremes, membership, and slices (which stay compact).
fn sequence_method(s: &Rc<NimSequence>, key: &str, args: &[Value]) -> EvalResult<Option<Value>> {
    let compact = |t: NimSequence| Value::Sequence(Rc::new(t));
    // An integer argument as a possible element: `None` when it cannot be one.
    let element = |x: &Value| match x {
        Value::Number(r) => r.small().and_then(|n| u32::try_from(n).ok()),
        _ => None,
    };
    let v = match (key, args) {
        ("size" | "length" | "len", []) => integer(s.len()),
        ("isempty", []) => Value::Bool(s.is_empty()),
        ("head", []) if !s.is_empty() => s.get(0).map_or(Value::Nothing, Value::integer),
        ("tail", []) if !s.is_empty() => compact(s.slice(1, s.len())),
        // A nim sequence is a list already.
        ("tolist", []) => Value::Sequence(s.clone()),
        ("sum", []) if !s.is_empty() => Value::integer(s.sum()),
        ("max", []) => s
            .max()
            .map_or_else(|| Err(empty()), |m| Ok(Value::integer(m)))?,
        ("min", []) => s
            .min()
            .map_or_else(|| Err(empty()), |m| Ok(Value::integer(m)))?,
        ("mex", []) => {
            // The mex of n values is at most n, so larger values need no room.
            let mut seen = vec![false; s.len() + 1];
            for v in s.iter() {
                if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
                    *slot = true;
                }
            }
            integer(seen.iter().position(|&b| !b).unwrap_or(s.len()))
        }
        // Other arguments (games equal to integers) take the general path.
        ("contains", [x @ Value::Number(_)]) => {
            Value::Bool(element(x).is_some_and(|e| s.iter().any(|v| v == e)))
        }
        ("indexof", [x @ Value::Number(_)]) => {
            let at = element(x).and_then(|e| s.iter().position(|v| v == e));
            integer(at.map_or(0, |i| i + 1))
        }
        // Clipped to the sequence, as for lists: no bounds error.
        ("sublist", [i @ Value::Number(_), j @ Value::Number(_)]) => {
            let (i, j) = (expect_integer(i)?, expect_integer(j)?);
            let from = i.max(BigInt::from(1));
            let to = j.min(BigInt::from(s.len()));
            if from > to {
                compact(s.slice(0, 0))
            } else {
                compact(s.slice(to_index(&from) - 1, to_index(&to)))
            }
        }
        ("take", [n @ Value::Number(_)]) => {
            let n = expect_integer(n)?;
            let n = if n.is_negative() { 0 } else { to_index(&n) };
            compact(s.slice(0, n))
        }
        ("reversed", []) => {
            let mut values: Vec<u32> = s.iter().collect();
            values.reverse();
            compact(NimSequence::from_vec(values))
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// A collection's elements: a range's integers, a nim sequence's, a map's entries.
fn elements(v: &Value, engine: &Engine) -> EvalResult<Vec<Value>> {
    match v {
        Value::List(items) | Value::Set(items) => Ok(items.clone()),
        Value::Range(r) => range_items(r),
        Value::Sequence(s) => sequence_items(s, engine),
        Value::Map(entries) => Ok(entries
            .iter()
            .map(|e| Value::Entry(Box::new(e.clone())))
            .collect()),
        other => Err(EvalError::new(format!(
            "expected a collection, found {}",
            type_name(other)
        ))),
    }
}

fn empty() -> EvalError {
    EvalError::new("That `Collection` is empty.")
}

fn arity(name: &str, args: &[Value], n: usize) -> EvalResult<()> {
    if args.len() == n {
        return Ok(());
    }
    Err(EvalError::new(match n {
        0 => format!("`{name}` takes no arguments"),
        1 => format!("`{name}` takes one argument, {} given", args.len()),
        _ => format!("`{name}` takes {n} arguments, {} given", args.len()),
    }))
}

fn one<'a>(name: &str, args: &'a [Value]) -> EvalResult<[&'a Value; 1]> {
    arity(name, args, 1)?;
    Ok([&args[0]])
}

fn two<'a>(name: &str, args: &'a [Value]) -> EvalResult<[&'a Value; 2]> {
    arity(name, args, 2)?;
    Ok([&args[0], &args[1]])
}

/// A positive integer that fits in memory (a group length).
fn positive(name: &str, v: &Value) -> EvalResult<usize> {
    let n = expect_integer(v)?;
    n.to_usize()
        .filter(|&n| n > 0)
        .ok_or_else(|| EvalError::new(format!("`{name}` needs a positive integer, not {n}")))
}

/// A non-negative integer already known to be at most a length, as an index.
fn to_index(n: &BigInt) -> usize {
    n.to_usize().unwrap_or(usize::MAX)
}

/// A 1-based character index, if it is within 1..=len.
fn char_index(i: &BigInt, len: usize) -> Option<usize> {
    i.to_usize().filter(|&k| k >= 1 && k <= len)
}

fn regex(pattern: &str) -> EvalResult<regex::Regex> {
    regex::Regex::new(pattern)
        .map_err(|e| EvalError::new(format!("invalid regular expression: {e}")))
}

/// Java's replacement syntax in the regex crate's: `$n` takes as many digits as still name a
/// group (so `$1sh` is group 1 then "sh", where the crate would read a group named `1sh`),
/// `${name}` is a named group, and a backslash quotes the next character.
fn java_replacement(rep: &str, groups: usize) -> EvalResult<String> {
    let mut out = String::with_capacity(rep.len());
    let mut chars = rep.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('$') => out.push_str("$$"),
                Some(q) => out.push(q),
                None => return Err(EvalError::new("character to be escaped is missing")),
            },
            '$' => {
                if chars.peek() == Some(&'{') {
                    chars.next();
                    let mut name = String::new();
                    loop {
                        match chars.next() {
                            Some('}') => break,
                            Some(q) => name.push(q),
                            None => {
                                return Err(EvalError::new("named capturing group is missing '}'"));
                            }
                        }
                    }
                    out.push_str(&format!("${{{name}}}"));
                    continue;
                }
                let Some(first) = chars.peek().and_then(|d| d.to_digit(10)) else {
                    return Err(EvalError::new("Illegal group reference"));
                };
                chars.next();
                let mut n = first as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    let longer = n * 10 + d as usize;
                    if longer > groups {
                        break;
                    }
                    n = longer;
                    chars.next();
                }
                if n > groups {
                    return Err(EvalError::new(format!("No group {n}")));
                }
                out.push_str(&format!("${{{n}}}"));
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

/// The name of an outcome class (`P`, `N`, `L`, `R`, or a loopy game's `D`, `NHat`, ...), if
/// `v` is one.
pub fn outcome_name(v: &Value) -> Option<&str> {
    match v {
        Value::Outcome(o) => Some(o.letter()),
        Value::Text(t) if t.kind == "outcome" => Some(&t.text),
        _ => None,
    }
}
