//! Ruleset values built from user functions ([`UserRuleset`]) and their positions
//! ([`UserPosition`]): a sum of positions of one ruleset, each a node of its memo table.
//!
//! A position prints as `R(p)` (heap sums as `R[a,b]`), with R the name the ruleset was first
//! assigned to, and answers the analyses of language.md §10–§11; misère analyses go through
//! the generic searches of `analysis.rs`, which call [`Position::options`].

use super::game::{HeapSource, Rules, UserGame, int_value};
use crate::engine::draws::LoopyNim;
use crate::engine::draws::partial::PartizanLabel;
use crate::engine::loopy::{Graph, LoopyResult};
use crate::engine::{Engine, EngineResult, GameId, Outcome};
use crate::rulesets::analysis::SumPosition;
use crate::rulesets::draws::properties::DrawPosition;
use crate::rulesets::{Position, Ruleset};
use crate::value::{EvalError, EvalResult, Side, Value};
use num_traits::ToPrimitive;
use std::fmt::Write;
use std::rc::Rc;

/// A ruleset value built from functions (`HeapRuleset(f)`, `PartizanRuleset(L, R)`, …).
#[derive(Debug)]
pub struct UserRuleset {
    pub game: Rc<UserGame>,
}

impl UserRuleset {
    pub fn value(game: Rc<UserGame>) -> Value {
        Value::Ruleset(Rc::new(UserRuleset { game }))
    }
}

/// A sum of positions of one user ruleset (usually one).
#[derive(Debug, Clone)]
pub struct UserPosition {
    game: Rc<UserGame>,
    parts: Vec<u32>,
}

impl UserPosition {
    /// Heap sums drop empty heaps and list the rest by size, so equal sums read alike.
    pub fn new(game: Rc<UserGame>, mut parts: Vec<u32>, engine: &mut Engine) -> EvalResult<Self> {
        let _ = engine;
        if game.rules.is_heap() && parts.len() > 1 {
            parts.retain(|&p| game.node_heap(p) != 0);
            parts.sort_by_key(|&p| game.node_heap(p));
            if parts.is_empty() {
                parts.push(game.heap_node(0)?);
            }
        }
        Ok(UserPosition { game, parts })
    }

    /// One position of `game`, node `node`.
    pub fn single(game: Rc<UserGame>, node: u32) -> Self {
        UserPosition {
            game,
            parts: vec![node],
        }
    }

    pub fn game(&self) -> &Rc<UserGame> {
        &self.game
    }

    pub fn parts(&self) -> &[u32] {
        &self.parts
    }

    pub fn into_value(self) -> Value {
        Value::Position(Rc::new(self))
    }

    pub fn nim(&self, engine: &mut Engine) -> EvalResult<u32> {
        if !self.game.is_impartial() {
            let g = self.game_value(engine)?;
            return super::game::nim_of_game(g, engine).ok_or_else(|| {
                EvalError::new(format!(
                    "{} is not a nimber, so it has no nim value",
                    Position::describe(self)
                ))
            });
        }
        let mut x = 0;
        for &p in &self.parts {
            x ^= self.game.nim(p, engine)?;
        }
        Ok(x)
    }

    pub fn game_value(&self, engine: &mut Engine) -> EvalResult<GameId> {
        if self.game.is_impartial() {
            let x = self.nim(engine)?;
            return Ok(engine.nimber(u64::from(x)));
        }
        let mut g = engine.zero();
        for &p in &self.parts {
            let v = self.game.game(p, engine)?;
            g = engine.add(g, v)?;
        }
        Ok(g)
    }

    pub fn outcome(&self, engine: &mut Engine) -> EvalResult<Outcome> {
        if let [p] = self.parts[..] {
            return self.game.outcome(p, engine);
        }
        if self.game.is_impartial() {
            return Ok(if self.nim(engine)? == 0 {
                Outcome::P
            } else {
                Outcome::N
            });
        }
        let g = self.game_value(engine)?;
        Ok(engine.outcome(g)?)
    }

    /// The positions one move away for one side, in the rule's order, duplicates kept.
    /// `as_value`: heap 0 has no moves, as its value 0 says (CGSuite's quirk), although the
    /// `Options` a user asks of `R(0)` are f(0).
    pub fn option_positions(
        &self,
        left: bool,
        as_value: bool,
        engine: &mut Engine,
    ) -> EvalResult<Vec<Rc<dyn Position>>> {
        let mut out: Vec<Rc<dyn Position>> = Vec::new();
        for (i, &part) in self.parts.iter().enumerate() {
            if as_value && self.game.rules.is_heap() && self.game.node_heap(part) == 0 {
                continue;
            }
            let moves = self.game.moves(part, left, engine)?;
            for m in moves.iter() {
                engine.check_interrupt()?;
                let mut parts = Vec::with_capacity(self.parts.len() + m.parts.len());
                parts.extend_from_slice(&self.parts[..i]);
                parts.extend_from_slice(&m.parts);
                parts.extend_from_slice(&self.parts[i + 1..]);
                let here = UserPosition::new(self.game.clone(), parts, engine)?;
                if m.foreign.is_empty() {
                    out.push(Rc::new(here));
                    continue;
                }
                let mut all: Vec<Rc<dyn Position>> = Vec::new();
                if !here.parts.is_empty() {
                    all.push(Rc::new(here));
                }
                all.extend(m.foreign.iter().cloned());
                out.push(if all.len() == 1 {
                    all.remove(0)
                } else {
                    Rc::new(SumPosition::new(all))
                });
            }
        }
        Ok(out)
    }

    fn list(&self, left: bool, engine: &mut Engine) -> EvalResult<Value> {
        let options = self.option_positions(left, false, engine)?;
        Ok(Value::List(
            options.into_iter().map(Value::Position).collect(),
        ))
    }

    /// The raw position value (a list of them for a sum).
    fn raw(&self) -> Value {
        match self.parts[..] {
            [p] => self.game.node_value(p),
            _ => Value::List(
                self.parts
                    .iter()
                    .map(|&p| self.game.node_value(p))
                    .collect(),
            ),
        }
    }
}

impl Position for UserPosition {
    fn describe(&self) -> String {
        let label = self.game.label();
        match &self.parts[..] {
            [] => "0".to_string(),
            [p] => self.game.describe_node(*p),
            parts if self.game.rules.is_heap() => {
                let mut s = format!("{label}[");
                for (i, &p) in parts.iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    let _ = write!(s, "{}", self.game.node_heap(p));
                }
                s.push(']');
                s
            }
            parts => parts
                .iter()
                .map(|&p| self.game.describe_node(p))
                .collect::<Vec<_>>()
                .join(" + "),
        }
    }

    fn memo_key(&self) -> String {
        // Node ids are unique per ruleset value; sorting makes a sum's key order-free.
        let mut parts = self.parts.clone();
        parts.sort_unstable();
        let mut s = format!("\u{1}user{}:", self.game.id);
        for p in parts {
            let _ = write!(s, "{p},");
        }
        s
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        self.game_value(engine)
            .map_err(EvalError::into_engine_error)
    }

    /// Only for impartial positions that can repeat: the others print and add as before.
    fn loopy_nim_value(&self, engine: &mut Engine) -> Option<EngineResult<LoopyNim>> {
        if !self.game.allows_loops() || !self.game.is_impartial() {
            return None;
        }
        match DrawPosition::is_loopfree(self, engine) {
            Ok(true) => None,
            Ok(false) => Some(
                DrawPosition::loopy_nim(self, engine)
                    .map(|v| v.unwrap_or(LoopyNim::Infinite(Vec::new())))
                    .map_err(EvalError::into_engine_error),
            ),
            Err(e) => Some(Err(e.into_engine_error())),
        }
    }

    /// Partizan positions that can repeat print their value from the loopy engine.
    fn loopy_value(&self, engine: &mut Engine) -> Option<EngineResult<LoopyResult>> {
        if !self.game.allows_loops() || self.game.is_impartial() {
            return None;
        }
        match DrawPosition::is_loopfree(self, engine) {
            Ok(true) => None,
            Ok(false) => Some(
                self.repeating_graph(engine)
                    .and_then(|g| Ok(engine.loopy_value(&g, 0)?))
                    .map_err(EvalError::into_engine_error),
            ),
            Err(e) => Some(Err(e.into_engine_error())),
        }
    }

    fn can_repeat(&self, engine: &mut Engine) -> EvalResult<bool> {
        Ok(self.game.allows_loops() && !DrawPosition::is_loopfree(self, engine)?)
    }

    fn game_graph(&self, engine: &mut Engine) -> Option<EvalResult<Graph>> {
        self.game
            .allows_loops()
            .then(|| self.repeating_graph(engine))
    }

    fn draw_label(&self, engine: &mut Engine) -> Option<EvalResult<PartizanLabel>> {
        self.game
            .allows_loops()
            .then(|| DrawPosition::label(self, engine))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        if self.game.allows_loops()
            && let Some(v) = crate::rulesets::draws::properties::method(self, key, args, engine)?
        {
            return Ok(Some(v));
        }
        let no_args = |v: Value| -> EvalResult<Option<Value>> {
            if args.is_empty() {
                Ok(Some(v))
            } else {
                Err(EvalError::new(format!("{key} takes no arguments")))
            }
        };
        let impartial = self.game.is_impartial();
        match key {
            "nimvalue" => {
                let x = self.nim(engine)?;
                no_args(int_value(u64::from(x)))
            }
            "canonicalform" | "gamevalue" => {
                let g = self.game_value(engine)?;
                no_args(Value::Game(g))
            }
            "outcomeclass" | "outcome" => {
                let o = self.outcome(engine)?;
                no_args(Value::Outcome(o))
            }
            "options" => match args {
                [] if impartial => Ok(Some(self.list(true, engine)?)),
                [] => {
                    let Value::List(mut all) = self.list(true, engine)? else {
                        return Ok(None);
                    };
                    if let Value::List(rights) = self.list(false, engine)? {
                        all.extend(rights);
                    }
                    Ok(Some(Value::List(all)))
                }
                [Value::Side(s)] => Ok(Some(self.list(*s == Side::Left, engine)?)),
                _ => Err(EvalError::new(
                    "Options takes no argument, or a player (Left or Right)",
                )),
            },
            "leftoptions" => {
                let v = self.list(true, engine)?;
                no_args(v)
            }
            "rightoptions" => {
                let v = self.list(false, engine)?;
                no_args(v)
            }
            "winningmoves" if impartial => {
                let mut moves = Vec::new();
                for o in self.option_positions(true, true, engine)? {
                    let wins = match o.as_any().and_then(|a| a.downcast_ref::<UserPosition>()) {
                        Some(u) => u.nim(engine)? == 0,
                        None => o.value(engine)? == engine.zero(),
                    };
                    if wins {
                        moves.push(Value::Position(o));
                    }
                }
                no_args(Value::List(moves))
            }
            "position" => no_args(self.raw()),
            "coord" if self.game.rules.is_pair() && self.parts.len() == 1 => no_args(self.raw()),
            "ruleset" => no_args(UserRuleset::value(self.game.clone())),
            _ => Ok(None),
        }
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        Ok(Some(self.option_positions(left, true, engine)?))
    }

    fn is_impartial(&self) -> bool {
        self.game.is_impartial()
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        (self.parts.len() > 1).then(|| {
            self.parts
                .iter()
                .map(|&p| {
                    Rc::new(UserPosition {
                        game: self.game.clone(),
                        parts: vec![p],
                    }) as Rc<dyn Position>
                })
                .collect()
        })
    }
}

// ----- the ruleset value -----

/// A natural number argument.
fn natural(v: &Value, what: &str) -> EvalResult<u64> {
    match v {
        Value::Number(r) if r.is_integer() && !r.is_negative() => r
            .numer()
            .to_u64()
            .ok_or_else(|| EvalError::new(format!("{what} is too large"))),
        other => Err(EvalError::integer_wanted(
            format!(
                "{what} must be an integer ≥ 0, found {}",
                crate::value::type_name(other)
            ),
            other,
        )),
    }
}

fn integer_pair(v: &Value) -> Option<Value> {
    match v {
        Value::Tuple(items) | Value::List(items)
            if items.len() == 2
                && items
                    .iter()
                    .all(|x| matches!(x, Value::Number(r) if r.is_integer())) =>
        {
            Some(Value::Tuple(items.clone()))
        }
        _ => None,
    }
}

impl UserRuleset {
    /// The position values named by `R(args)`.
    fn position_values(&self, args: &[Value]) -> EvalResult<Vec<Value>> {
        let name = self.game.label();
        if args.is_empty() {
            return Err(EvalError::new(format!("{name}(p) needs a position")));
        }
        let rules = &self.game.rules;
        if rules.is_heap() {
            return args
                .iter()
                .map(|a| natural(a, "a heap size").map(int_value))
                .collect();
        }
        if rules.is_pair() {
            if let [a, b] = args
                && let Some(p) = integer_pair(&Value::Tuple(vec![a.clone(), b.clone()]))
            {
                return Ok(vec![p]);
            }
            return args
                .iter()
                .map(|a| {
                    integer_pair(a).ok_or_else(|| {
                        EvalError::new(format!(
                            "a position of {name} is a pair of integers: {name}((m,n)) or \
                             {name}(m, n)"
                        ))
                    })
                })
                .collect();
        }
        Ok(match args {
            [p] => vec![p.clone()],
            _ => vec![Value::Tuple(args.to_vec())],
        })
    }

    fn heap_arg(&self, key: &str, args: &[Value], what: &str) -> EvalResult<u64> {
        match args {
            [n] => natural(n, what),
            _ => Err(EvalError::new(format!("{key} takes one argument ({what})"))),
        }
    }
}

const SUMMARY_VALUES: u64 = 24;

impl Ruleset for UserRuleset {
    fn name(&self) -> String {
        self.game.label().to_string()
    }

    fn assigned(&self, name: &str) {
        self.game.set_label(name);
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn position(&self, args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
        let values = self.position_values(args)?;
        let mut parts = Vec::with_capacity(values.len());
        for v in values {
            parts.push(self.game.intern(v)?);
        }
        Ok(UserPosition::new(self.game.clone(), parts, engine)?.into_value())
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        let game = &self.game;
        let v = match (&game.rules, key) {
            (Rules::Heap(_), "nimvaluesequence") => {
                let n = self.heap_arg(key, args, "the largest heap")?;
                let values = crate::rulesets::without_heap_zero(game.heap_prefix(n, engine)?);
                crate::rulesets::nim_value_list(values, engine)?
            }
            (Rules::Heap(_), "nimvalues") => {
                let n = self.heap_arg(key, args, "the largest heap")?;
                crate::rulesets::nim_value_list(game.heap_prefix(n, engine)?, engine)?
            }
            (Rules::Heap(_), "heapnimvalue") => {
                let n = self.heap_arg(key, args, "a heap size")?;
                int_value(game.heap_nim(n, engine)?.into())
            }
            (Rules::Heap(src), "heapoptions") => {
                let n = self.heap_arg(key, args, "a heap size")?;
                heap_options_value(src, n, engine)?
            }
            // CGSuite proves periods only for take-and-break codes (rulesets.md §7.3).
            (Rules::Heap(_), "checkperiodicity") => {
                self.heap_arg(key, args, "the number of heaps to test")?;
                Value::Nothing
            }
            (Rules::Heap(_), "period") => Value::Nothing,
            (Rules::Heap(src), "miserequotient" | "miseresolution") => {
                let interrupt = engine.interrupt_flag();
                let mut options_of = |h: u64| -> EvalResult<Vec<Vec<u64>>> {
                    let data = super::game::heap_moves(src, h, engine)?;
                    let mut out = Vec::new();
                    super::game::visit_heap_moves(&data, h, &mut |parts| {
                        out.push(parts.to_vec());
                        Ok(())
                    })?;
                    Ok(out)
                };
                crate::rulesets::heap::misere_quotient::method(
                    &game.label(),
                    crate::rulesets::heap::misere_quotient::QuotientSource {
                        cache: &game.quotient,
                        options_of: &mut options_of,
                        constants: None,
                    },
                    key,
                    args,
                    interrupt,
                )?
            }
            (Rules::Heap(_), "observedperiod" | "observedperiodicity") => {
                let n = self.heap_arg(key, args, "the number of heaps to look at")?;
                let values = game.heap_prefix(n.saturating_sub(1), engine)?;
                match super::observed_period(&values) {
                    Some((period, preperiod)) => Value::text(
                        "periodicity",
                        format!(
                            "ObservedPeriodicity(Period => {period}, Preperiod => {preperiod}, \
                             Saltus => 0, Heaps => {n}, Proven => false)"
                        ),
                    ),
                    None => Value::Nothing,
                }
            }
            (Rules::Heap(src), "join") => {
                let other = super::heap_source_arg(one(args, "Join", "a heap ruleset")?)?;
                let rules = Rules::Heap(HeapSource::Join(vec![src.clone(), other]));
                UserRuleset::value(UserGame::new(game.kind_name, rules))
            }
            (Rules::Heap(src), "partizanjoin") => {
                let other = super::heap_source_arg(one(args, "PartizanJoin", "a heap ruleset")?)?;
                let rules = Rules::PartizanHeap(src.clone(), other);
                UserRuleset::value(UserGame::new("game.heap.PartizanHeapRuleset", rules))
            }
            (Rules::Heap(src), "acrosticproduct" | "directproduct") => {
                let name = if key == "acrosticproduct" {
                    "AcrosticProduct"
                } else {
                    "DirectProduct"
                };
                let other = super::heap_source_arg(one(args, name, "a heap ruleset")?)?;
                let rules = if key == "acrosticproduct" {
                    Rules::Acrostic(src.clone(), other)
                } else {
                    Rules::Direct(src.clone(), other)
                };
                UserRuleset::value(UserGame::new("game.heap.CoordinateRuleset", rules))
            }
            (Rules::Heap(src), "cakeproduct") => {
                let (other, twisted) = match args {
                    [s] => (s, false),
                    [s, Value::Bool(t)] => (s, *t),
                    _ => {
                        return Err(EvalError::new(
                            "CakeProduct takes a heap ruleset (and twisted => true)",
                        ));
                    }
                };
                let rules = Rules::Cake {
                    left: src.clone(),
                    right: super::heap_source_arg(other)?,
                    twisted,
                };
                UserRuleset::value(UserGame::new("game.heap.GenCutcake", rules))
            }
            (rules, "adjoin") if rules.is_pair() && rules.is_impartial() => {
                let other = super::pair_game_arg(one(args, "Adjoin", "a coordinate ruleset")?)?;
                let rules = Rules::Adjoin(vec![game.clone(), other]);
                UserRuleset::value(UserGame::new("game.heap.CoordinateRuleset", rules))
            }
            (rules, "nimvaluetable") if rules.is_pair() && rules.is_impartial() => {
                let (r, c) = two_naturals(key, args)?;
                let mut rows = Vec::new();
                for m in 0..=r {
                    let mut row = Vec::new();
                    for n in 0..=c {
                        engine.check_interrupt()?;
                        let node = game.intern(super::game::pair_value(m, n))?;
                        row.push(game.nim(node, engine)?.to_string());
                    }
                    rows.push(row);
                }
                table(rows)
            }
            (Rules::PartizanHeap(..), "gamevaluesequence") => {
                let n = self.heap_arg(key, args, "the largest heap")?;
                let mut out = Vec::new();
                for h in 1..=n {
                    let node = game.heap_node(h)?;
                    out.push(Value::Game(game.game(node, engine)?));
                }
                Value::List(out)
            }
            (rules, "gamevaluetable") if rules.is_pair() && !rules.is_impartial() => {
                let (r, c) = two_naturals(key, args)?;
                let mut printer = crate::display::notation::Printer::new();
                let mut rows = Vec::new();
                for m in 1..=r {
                    let mut row = Vec::new();
                    for n in 1..=c {
                        engine.check_interrupt()?;
                        let node = game.intern(super::game::pair_value(m, n))?;
                        let g = game.game(node, engine)?;
                        row.push(printer.render_game(engine, g)?);
                    }
                    rows.push(row);
                }
                table(rows)
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn summary(&self, engine: &mut Engine) -> Option<String> {
        if !matches!(self.game.rules, Rules::Heap(_)) {
            return None;
        }
        let values = self.game.heap_prefix(SUMMARY_VALUES - 1, engine).ok()?;
        let shown: Vec<String> = values.iter().map(u32::to_string).collect();
        Some(format!("nim values from heap 0: {} …", shown.join(" ")))
    }
}

fn one<'a>(args: &'a [Value], name: &str, what: &str) -> EvalResult<&'a Value> {
    match args {
        [a] => Ok(a),
        _ => Err(EvalError::new(format!(
            "{name} takes one argument ({what})"
        ))),
    }
}

fn two_naturals(key: &str, args: &[Value]) -> EvalResult<(u64, u64)> {
    match args {
        [r, c] => Ok((
            natural(r, "the row count")?,
            natural(c, "the column count")?,
        )),
        _ => Err(EvalError::new(format!(
            "{key} takes two arguments (rows, columns)"
        ))),
    }
}

/// `HeapOptions(n)`: f(n) exactly as returned (built-in sides as lists).
fn heap_options_value(src: &HeapSource, n: u64, engine: &mut Engine) -> EvalResult<Value> {
    Ok(match src {
        HeapSource::Function(f) => f.call(vec![int_value(n)], engine)?,
        HeapSource::Builtin(_) | HeapSource::Join(_) => {
            let data = super::game::heap_moves(src, n, engine)?;
            let mut out = Vec::new();
            super::game::visit_heap_moves(&data, n, &mut |parts| {
                out.push(Value::List(parts.iter().map(|&p| int_value(p)).collect()));
                Ok(())
            })?;
            Value::List(out)
        }
    })
}

/// A table as language.md §9 prints it.
pub fn table(rows: Vec<Vec<String>>) -> Value {
    let text = crate::display::table::render(&rows);
    Value::table(text, rows)
}
