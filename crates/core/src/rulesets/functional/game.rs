//! The solver behind every ruleset built from user functions: the rules ([`Rules`]), one memo
//! table per ruleset value ([`UserGame`]), and depth-first searches with an explicit stack for
//! nim values, canonical forms and normal-play outcomes.
//!
//! Positions are interned: each distinct position value (by [`Key`]) gets a node index, and a
//! node remembers its options (so each user function runs once per position and side), its
//! split into components, and whatever has been computed for it. Heap rulesets also have a
//! dense nim table filled by a leaner search that never stores options, since the user
//! function dominates their cost and heaps run to 10⁵ and beyond.
//!
//! User functions are called with no borrow of the tables held: a function may itself ask
//! this ruleset for values.

mod draws;

pub use self::draws::{DEFAULT_LIMIT, DrawLabel};

use super::key;
use crate::engine::draws::{LoopyNim, Verdict};
use crate::engine::{Engine, EngineError, GameId, Outcome};
use crate::rulesets::heap::HeapGame;
use crate::rulesets::heap::sequence::MAX_COMPUTED_HEAP;
use crate::rulesets::{Callable, Position};
use crate::value::Key;
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Most distinct positions one ruleset value may hold.
pub const MAX_NODES: usize = 10_000_000;
/// Most moves one position may have.
const MAX_MOVES: usize = 1_000_000;
/// Longest range read as a move.
const MAX_RANGE_MOVE: u64 = 1_000_000;
/// Most positions waiting on one search's stack: a game that keeps growing (f(n) = [[n + 1]])
/// stops here instead of filling memory. Chains of 10⁵ moves are well within it.
pub const MAX_DEPTH: usize = 1_000_000;
/// Not yet computed (nim tables).
const NONE: u32 = u32::MAX;

/// Where a heap ruleset's options come from.
#[derive(Debug, Clone)]
pub enum HeapSource {
    /// `HeapRuleset(f)`: f(n) is a collection of lists of heap sizes.
    Function(Rc<dyn Callable>),
    /// A built-in heap ruleset (`game.heap.Kayles`), as one side of a partizan ruleset.
    Builtin(Rc<HeapGame>),
    /// `R.Join(S)`: R's options followed by S's.
    Join(Vec<HeapSource>),
}

/// What a ruleset's positions are and how their options are found.
#[derive(Debug)]
pub enum Rules {
    Heap(HeapSource),
    /// f(m, n) returns pairs, or collections of pairs (summed).
    Coordinate(Rc<dyn Callable>),
    /// Position (n, k): take a with 1 ≤ a ≤ n when p(k, a), to (n − a, a).
    GenMem(Rc<dyn Callable>),
    /// Position (m, n): Wythoff moves bounded by f (rulesets.md §5.2).
    GenWythoff(Rc<dyn Callable>),
    PartizanHeap(HeapSource, HeapSource),
    /// Left moves as the first coordinate ruleset, Right as the second.
    PartizanCoordinate(Rc<UserGame>, Rc<UserGame>),
    /// `R.Adjoin(S)` of impartial coordinate rulesets: R's options, then S's.
    Adjoin(Vec<Rc<UserGame>>),
    /// `R.AcrosticProduct(S)`, position (m, n): move on m as in R, to Σ (aᵢ, n), or on n as
    /// in S, to Σ (m, bⱼ).
    Acrostic(HeapSource, HeapSource),
    /// `R.DirectProduct(S)` (Tartan): for each R-option A of m and S-option B of n, the move
    /// to Σ (aᵢ, n) + Σ (m, bⱼ) + Σ (aᵢ, bⱼ).
    Direct(HeapSource, HeapSource),
    /// `R.CakeProduct(S, twisted => b)` = `GenCutcake(R, S, b)` (rulesets.md §6.1).
    Cake {
        left: HeapSource,
        right: HeapSource,
        twisted: bool,
    },
    /// `PartizanRuleset(L, R)` / `ImpartialRuleset(F)` (right = None), with `split => S`.
    General {
        left: Rc<dyn Callable>,
        right: Option<Rc<dyn Callable>>,
        split: Option<Rc<dyn Callable>>,
        /// `limit => N`: the most positions one search for draws may create.
        limit: u64,
    },
}

impl Rules {
    pub fn is_heap(&self) -> bool {
        matches!(self, Rules::Heap(_) | Rules::PartizanHeap(..))
    }

    pub fn is_pair(&self) -> bool {
        matches!(
            self,
            Rules::Coordinate(_)
                | Rules::GenMem(_)
                | Rules::GenWythoff(_)
                | Rules::PartizanCoordinate(..)
                | Rules::Adjoin(_)
                | Rules::Acrostic(..)
                | Rules::Direct(..)
                | Rules::Cake { .. }
        )
    }

    pub fn is_impartial(&self) -> bool {
        match self {
            Rules::Heap(_)
            | Rules::Coordinate(_)
            | Rules::GenMem(_)
            | Rules::GenWythoff(_)
            | Rules::Adjoin(_)
            | Rules::Acrostic(..)
            | Rules::Direct(..) => true,
            Rules::PartizanHeap(..) | Rules::PartizanCoordinate(..) | Rules::Cake { .. } => false,
            Rules::General { right, .. } => right.is_none(),
        }
    }
}

/// One move: to the sum of these positions of this ruleset (none: to 0) and of positions of
/// other rulesets.
#[derive(Debug, Clone)]
pub struct Move {
    pub parts: Box<[u32]>,
    pub foreign: Box<[Rc<dyn Position>]>,
}

impl Move {
    /// A move to one position of this ruleset (what the outcome search can follow).
    fn single(&self) -> Option<u32> {
        match (&*self.parts, self.foreign.is_empty()) {
            ([p], true) => Some(*p),
            _ => None,
        }
    }
}

/// A move as read from a user function, before its positions are interned.
struct RawMove {
    positions: Vec<Value>,
    foreign: Vec<Rc<dyn Position>>,
}

#[derive(Debug)]
struct Node {
    /// The position value p.
    value: Value,
    /// The heap size, for heap rulesets (else `u64::MAX`).
    heap: u64,
    left: Option<Rc<[Move]>>,
    right: Option<Rc<[Move]>>,
    /// `None` until `split => S` has been asked; then the components (empty: not split).
    split: Option<Rc<[u32]>>,
    nim: u32,
    game: Option<GameId>,
    /// Normal play: (Left wins moving first, Right wins moving first).
    outcome: Option<(bool, bool)>,
    /// Play with draws (rulesets whose positions may repeat).
    draws: Option<DrawLabel>,
}

/// What a search computes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Want {
    Nim,
    Game,
    Outcome,
}

/// A ruleset's rules and memo table.
#[derive(Debug)]
pub struct UserGame {
    /// Distinguishes ruleset values in session-wide memo keys.
    pub id: u32,
    label: RefCell<Option<Rc<str>>>,
    /// How CGSuite-style constructors print (`game.heap.HeapRuleset`), for messages.
    pub kind_name: &'static str,
    pub rules: Rules,
    index: RefCell<FxHashMap<Key, u32>>,
    nodes: RefCell<Vec<Node>>,
    /// Nim values of single heaps (heap rulesets).
    heap_nims: RefCell<Vec<u32>>,
    /// f(s) for GenWythoff.
    bounds: RefCell<FxHashMap<u64, i64>>,
    /// Misère quotients (heap rulesets).
    pub quotient: RefCell<crate::rulesets::heap::misere_quotient::QuotientCache>,
}

thread_local! {
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
}

impl UserGame {
    pub fn new(kind_name: &'static str, rules: Rules) -> Rc<UserGame> {
        let id = NEXT_ID.with(|c| {
            let id = c.get();
            c.set(id.wrapping_add(1));
            id
        });
        Rc::new(UserGame {
            id,
            label: RefCell::new(None),
            kind_name,
            rules,
            index: RefCell::default(),
            nodes: RefCell::default(),
            heap_nims: RefCell::default(),
            bounds: RefCell::default(),
            quotient: RefCell::default(),
        })
    }

    /// The name positions print with: the first name assigned, else `ruleset`.
    pub fn label(&self) -> Rc<str> {
        self.label
            .borrow()
            .clone()
            .unwrap_or_else(|| Rc::from("ruleset"))
    }

    pub fn set_label(&self, name: &str) {
        let mut label = self.label.borrow_mut();
        if label.is_none() {
            *label = Some(Rc::from(name));
        }
    }

    pub fn is_impartial(&self) -> bool {
        self.rules.is_impartial()
    }

    /// `ImpartialRuleset` and `PartizanRuleset`, whose positions may repeat (draws.md §2.2);
    /// CGSuite's heap and coordinate constructors keep their loop error.
    pub fn allows_loops(&self) -> bool {
        matches!(self.rules, Rules::General { .. })
    }

    // ----- nodes -----

    /// The node of position `value`, created if new.
    pub fn intern(&self, value: Value) -> EvalResult<u32> {
        let key = Key::of(&value).ok_or_else(|| {
            EvalError::new(format!(
                "{} cannot be a position: a position must be a number, string, Boolean, game, \
                 or a tuple, list, set or map of such values",
                crate::value::type_name(&value)
            ))
        })?;
        if let Some(&i) = self.index.borrow().get(&key) {
            return Ok(i);
        }
        let mut nodes = self.nodes.borrow_mut();
        if nodes.len() >= MAX_NODES {
            return Err(EngineError::TooMany {
                what: "positions in one user-defined ruleset",
                limit: MAX_NODES as u64,
            }
            .into());
        }
        let heap = match (&key, self.rules.is_heap()) {
            (Key::Number(n), true) => n
                .small()
                .and_then(|n| u64::try_from(n).ok())
                .unwrap_or(u64::MAX),
            _ => u64::MAX,
        };
        let i = nodes.len() as u32;
        nodes.push(Node {
            value,
            heap,
            left: None,
            right: None,
            split: None,
            nim: NONE,
            game: None,
            outcome: None,
            draws: None,
        });
        drop(nodes);
        self.index.borrow_mut().insert(key, i);
        Ok(i)
    }

    pub fn heap_node(&self, n: u64) -> EvalResult<u32> {
        self.intern(int_value(n))
    }

    pub fn node_value(&self, node: u32) -> Value {
        self.nodes.borrow()[node as usize].value.clone()
    }

    pub fn node_heap(&self, node: u32) -> u64 {
        self.nodes.borrow()[node as usize].heap
    }

    /// `R(p)` for one node.
    pub fn describe_node(&self, node: u32) -> String {
        let mut s = String::new();
        s.push_str(&self.label());
        s.push('(');
        key::render(&self.nodes.borrow()[node as usize].value, &mut s);
        s.push(')');
        s
    }

    // ----- options -----

    /// The moves of a node for one side, read once and kept.
    pub fn moves(&self, node: u32, left: bool, engine: &mut Engine) -> EvalResult<Rc<[Move]>> {
        let left = left || self.is_impartial();
        let (value, heap) = {
            let nodes = self.nodes.borrow();
            let n = &nodes[node as usize];
            if let Some(m) = if left { &n.left } else { &n.right } {
                return Ok(m.clone());
            }
            (n.value.clone(), n.heap)
        };
        let raw = self.raw_moves(&value, heap, left, engine).map_err(|e| {
            if e.message == EngineError::Interrupted.to_string() {
                return e;
            }
            let side = match (self.is_impartial(), left) {
                (true, _) => "options",
                (false, true) => "Left options",
                (false, false) => "Right options",
            };
            EvalError::with_span(
                format!(
                    "{}, while computing the {side} of {}",
                    e.message,
                    self.describe_node(node)
                ),
                e.span,
            )
        })?;
        let mut moves = Vec::with_capacity(raw.len());
        for r in raw {
            let parts = r
                .positions
                .into_iter()
                .map(|v| self.intern(v))
                .collect::<EvalResult<Box<[u32]>>>()?;
            moves.push(Move {
                parts,
                foreign: r.foreign.into(),
            });
        }
        let moves: Rc<[Move]> = moves.into();
        let mut nodes = self.nodes.borrow_mut();
        let n = &mut nodes[node as usize];
        if left {
            n.left = Some(moves.clone());
        } else {
            n.right = Some(moves.clone());
        }
        Ok(moves)
    }

    fn raw_moves(
        &self,
        p: &Value,
        heap: u64,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Vec<RawMove>> {
        match &self.rules {
            Rules::Heap(src) => heap_raw_moves(src, heap, engine),
            Rules::PartizanHeap(l, r) => heap_raw_moves(if left { l } else { r }, heap, engine),
            Rules::Coordinate(f) => {
                let (m, n) = pair_of(p)?;
                let result = f.call(vec![m.clone(), n.clone()], engine)?;
                coordinate_moves(&result)
            }
            Rules::GenMem(pred) => {
                let (n, k) = natural_pair(p)?;
                let mut out = Vec::new();
                for a in 1..=n {
                    engine.check_interrupt()?;
                    let ok = pred.call(vec![int_value(k), int_value(a)], engine)?;
                    match ok {
                        Value::Bool(true) => out.push(RawMove {
                            positions: vec![pair_value(n - a, a)],
                            foreign: Vec::new(),
                        }),
                        Value::Bool(false) => {}
                        other => {
                            return Err(EvalError::new(format!(
                                "GenMem's condition p({k}, {a}) must be true or false, found {}",
                                crate::value::type_name(&other)
                            )));
                        }
                    }
                }
                Ok(out)
            }
            Rules::GenWythoff(f) => {
                let (m, n) = natural_pair(p)?;
                self.wythoff_moves(f, m, n, engine)
            }
            Rules::PartizanCoordinate(l, r) => {
                let side = if left { l } else { r };
                side.raw_moves(p, heap, true, engine)
            }
            Rules::Adjoin(games) => {
                let mut out = Vec::new();
                for g in games {
                    out.extend(g.raw_moves(p, heap, true, engine)?);
                }
                Ok(out)
            }
            Rules::Acrostic(r, s) => {
                let (m, n) = natural_pair(p)?;
                let mut out = heap_lists(r, m, engine)?
                    .into_iter()
                    .map(|a| pair_move(a.iter().map(|&a| (a, n))))
                    .collect::<Vec<_>>();
                out.extend(
                    heap_lists(s, n, engine)?
                        .into_iter()
                        .map(|b| pair_move(b.iter().map(|&b| (m, b)))),
                );
                Ok(out)
            }
            Rules::Direct(r, s) => {
                let (m, n) = natural_pair(p)?;
                let (rs, ss) = (heap_lists(r, m, engine)?, heap_lists(s, n, engine)?);
                if rs.len().saturating_mul(ss.len()) > MAX_MOVES {
                    return Err(too_many_moves());
                }
                let mut out = Vec::with_capacity(rs.len() * ss.len());
                for a in &rs {
                    for b in &ss {
                        engine.check_interrupt()?;
                        let cross = a.iter().flat_map(|&x| b.iter().map(move |&y| (x, y)));
                        out.push(pair_move(
                            a.iter()
                                .map(|&x| (x, n))
                                .chain(b.iter().map(|&y| (m, y)))
                                .chain(cross),
                        ));
                    }
                }
                Ok(out)
            }
            Rules::Cake {
                left: l,
                right: r,
                twisted,
            } => {
                let (m, n) = natural_pair(p)?;
                // Untwisted, Left cuts n and Right cuts m; twisted, the other way round, and
                // the coordinates swap after the move.
                let (rules, cut) = match (left, twisted) {
                    (true, false) => (l, n),
                    (false, false) => (r, m),
                    (true, true) => (l, m),
                    (false, true) => (r, n),
                };
                Ok(heap_lists(rules, cut, engine)?
                    .into_iter()
                    .map(|parts| {
                        pair_move(parts.into_iter().map(|x| match (left, twisted) {
                            (true, false) => (m, x),
                            (false, false) => (x, n),
                            (true, true) => (n, x),
                            (false, true) => (x, m),
                        }))
                    })
                    .collect())
            }
            Rules::General { left: l, right, .. } => {
                let f = match (left, right) {
                    (false, Some(r)) => r,
                    _ => l,
                };
                let result = f.call(vec![p.clone()], engine)?;
                self.read_options(&result)
            }
        }
    }

    /// GenWythoff's options of (m, n), in CGSuite's order (rulesets.md §5.2).
    fn wythoff_moves(
        &self,
        f: &Rc<dyn Callable>,
        m: u64,
        n: u64,
        engine: &mut Engine,
    ) -> EvalResult<Vec<RawMove>> {
        let mut out = Vec::new();
        let push = |a: u64, b: u64, out: &mut Vec<RawMove>| -> EvalResult<()> {
            if out.len() >= MAX_MOVES {
                return Err(too_many_moves());
            }
            out.push(RawMove {
                positions: vec![pair_value(a, b)],
                foreign: Vec::new(),
            });
            Ok(())
        };
        for k in (0..m).rev() {
            push(k, n, &mut out)?;
        }
        for k in (0..n).rev() {
            push(m, k, &mut out)?;
        }
        let small = m.min(n);
        let mut bounds = Vec::with_capacity(small as usize);
        for s in 1..=small {
            engine.check_interrupt()?;
            bounds.push(self.bound(f, s, engine)?);
        }
        // s from one heap and t ≥ s from the other, t < f(s).
        for (s, &fs) in (1..=small).zip(&bounds) {
            let top = (fs - 1).min(n as i64);
            let mut t = s as i64;
            while t <= top {
                push(m - s, n - t as u64, &mut out)?;
                t += 1;
            }
        }
        for (s, &fs) in (1..=small).zip(&bounds) {
            let top = (fs - 1).min(m as i64);
            let mut t = s as i64 + 1;
            while t <= top {
                push(m - t as u64, n - s, &mut out)?;
                t += 1;
            }
        }
        Ok(out)
    }

    fn bound(&self, f: &Rc<dyn Callable>, s: u64, engine: &mut Engine) -> EvalResult<i64> {
        if let Some(&b) = self.bounds.borrow().get(&s) {
            return Ok(b);
        }
        let v = f.call(vec![int_value(s)], engine)?;
        let b = match &v {
            Value::Number(r) if r.is_integer() => r.numer().to_i64(),
            _ => None,
        }
        .ok_or_else(|| {
            EvalError::new(format!(
                "GenWythoff's bound f({s}) must be an integer, found {}",
                crate::value::type_name(&v)
            ))
        })?;
        self.bounds.borrow_mut().insert(s, b);
        Ok(b)
    }

    /// Reads an option function's result: a position object of this ruleset is its parts,
    /// of another ruleset that game; any other element is a position of this ruleset.
    fn read_options(&self, result: &Value) -> EvalResult<Vec<RawMove>> {
        let items = match result {
            Value::List(items) | Value::Set(items) => items,
            other => {
                return Err(EvalError::new(format!(
                    "the option function must return a list or set, found {}",
                    crate::value::type_name(other)
                )));
            }
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let mut m = RawMove {
                positions: Vec::new(),
                foreign: Vec::new(),
            };
            match item {
                Value::Position(p) => self.read_position(p, &mut m),
                other => m.positions.push(other.clone()),
            }
            out.push(m);
        }
        Ok(out)
    }

    fn read_position(&self, p: &Rc<dyn Position>, m: &mut RawMove) {
        if let Some(up) = p
            .as_any()
            .and_then(|a| a.downcast_ref::<super::position::UserPosition>())
            && std::ptr::eq(Rc::as_ptr(up.game()), self)
        {
            for &part in up.parts() {
                m.positions.push(self.node_value(part));
            }
            return;
        }
        if let Some(parts) = p.components()
            && p.as_any()
                .is_some_and(|a| a.is::<crate::rulesets::analysis::SumPosition>())
        {
            for part in &parts {
                self.read_position(part, m);
            }
            return;
        }
        m.foreign.push(p.clone());
    }

    /// The components of a node under `split => S` (empty when it does not split).
    pub fn split(&self, node: u32, engine: &mut Engine) -> EvalResult<Rc<[u32]>> {
        let Rules::General { split: Some(s), .. } = &self.rules else {
            return Ok(Rc::from([]));
        };
        if let Some(c) = &self.nodes.borrow()[node as usize].split {
            return Ok(c.clone());
        }
        let p = self.node_value(node);
        let result = s.call(vec![p], engine).map_err(|e| {
            EvalError::with_span(
                format!(
                    "{}, while splitting {} into components",
                    e.message,
                    self.describe_node(node)
                ),
                e.span,
            )
        })?;
        let items = match &result {
            Value::List(items) | Value::Set(items) => items.clone(),
            other => {
                return Err(EvalError::new(format!(
                    "split must return a list of components, found {} for {}",
                    crate::value::type_name(other),
                    self.describe_node(node)
                )));
            }
        };
        let mut parts = Vec::with_capacity(items.len());
        for item in items {
            let mut m = RawMove {
                positions: Vec::new(),
                foreign: Vec::new(),
            };
            match item {
                Value::Position(p) => self.read_position(&p, &mut m),
                other => m.positions.push(other),
            }
            if !m.foreign.is_empty() {
                return Err(EvalError::new(format!(
                    "the components of {} must be positions of its own ruleset",
                    self.describe_node(node)
                )));
            }
            for v in m.positions {
                parts.push(self.intern(v)?);
            }
        }
        // A position that splits into itself alone is not split.
        let parts: Rc<[u32]> = if parts == [node] {
            Rc::from([])
        } else {
            parts.into()
        };
        self.nodes.borrow_mut()[node as usize].split = Some(parts.clone());
        Ok(parts)
    }

    // ----- searches -----

    fn known(&self, node: u32, want: Want) -> bool {
        let nodes = self.nodes.borrow();
        let n = &nodes[node as usize];
        match want {
            Want::Nim => n.nim != NONE,
            Want::Game => n.game.is_some(),
            Want::Outcome => n.outcome.is_some(),
        }
    }

    /// Heap 0 is 0 without its options being read (CGSuite's quirk, kept so values agree).
    fn is_zero_heap(&self, node: u32) -> bool {
        self.rules.is_heap() && self.node_heap(node) == 0
    }

    /// The positions a node's `want` depends on; `None` when the outcome search cannot
    /// follow a move (a sum, a split, another ruleset's game).
    fn dependencies(
        &self,
        node: u32,
        want: Want,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<u32>>> {
        if self.is_zero_heap(node) {
            return Ok(Some(Vec::new()));
        }
        let split = self.split(node, engine)?;
        if !split.is_empty() {
            return Ok((want != Want::Outcome).then(|| split.to_vec()));
        }
        let mut deps = Vec::new();
        let sides: &[bool] = if want == Want::Nim || self.is_impartial() {
            &[true]
        } else {
            &[true, false]
        };
        for &left in sides {
            for m in self.moves(node, left, engine)?.iter() {
                if want == Want::Outcome && m.single().is_none() {
                    return Ok(None);
                }
                deps.extend_from_slice(&m.parts);
            }
        }
        Ok(Some(deps))
    }

    /// Computes `want` for `root` and everything below it, depth first on an explicit stack.
    /// `Ok(false)` when the outcome search meets a move it cannot follow.
    fn solve(&self, root: u32, want: Want, engine: &mut Engine) -> EvalResult<bool> {
        if self.known(root, want) {
            return Ok(true);
        }
        struct Frame {
            node: u32,
            deps: Vec<u32>,
            next: usize,
        }
        let mut on_path: FxHashSet<u32> = FxHashSet::default();
        let Some(deps) = self.dependencies(root, want, engine)? else {
            return Ok(false);
        };
        on_path.insert(root);
        let mut stack = vec![Frame {
            node: root,
            deps,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            engine.check_interrupt()?;
            if top.next < top.deps.len() {
                let d = top.deps[top.next];
                top.next += 1;
                if self.known(d, want) {
                    continue;
                }
                if on_path.contains(&d) {
                    return Err(self.loop_error(d));
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(self.too_deep(d));
                }
                let Some(deps) = self.dependencies(d, want, engine)? else {
                    return Ok(false);
                };
                on_path.insert(d);
                stack.push(Frame {
                    node: d,
                    deps,
                    next: 0,
                });
                continue;
            }
            let node = top.node;
            stack.pop();
            self.combine(node, want, engine)?;
            on_path.remove(&node);
        }
        Ok(true)
    }

    fn loop_error(&self, node: u32) -> EvalError {
        if self.allows_loops() {
            EvalError::new(crate::rulesets::loopy::NOT_SHORT)
        } else if self.rules.is_heap() {
            let n = self.node_heap(node);
            EvalError::new(format!(
                "the options of heap {n} lead back to {n}: the ruleset is loopy"
            ))
        } else {
            EvalError::new(format!(
                "{} can be reached from itself; user-defined games must be loopfree",
                self.describe_node(node)
            ))
        }
    }

    fn too_deep(&self, node: u32) -> EvalError {
        EvalError::new(format!(
            "more than {MAX_DEPTH} positions in a row lead to {}; the game may never end",
            self.describe_node(node)
        ))
    }

    /// A node's `want` from its dependencies' (all known).
    fn combine(&self, node: u32, want: Want, engine: &mut Engine) -> EvalResult<()> {
        if self.is_zero_heap(node) {
            let mut nodes = self.nodes.borrow_mut();
            let n = &mut nodes[node as usize];
            match want {
                Want::Nim => n.nim = 0,
                Want::Game => n.game = Some(engine.zero()),
                Want::Outcome => n.outcome = Some((false, false)),
            }
            return Ok(());
        }
        let split = self.split(node, engine)?;
        match want {
            Want::Nim => {
                let nim = if split.is_empty() {
                    let moves = self.moves(node, true, engine)?;
                    let mut values = Vec::with_capacity(moves.len());
                    for m in moves.iter() {
                        values.push(self.move_nim(m, engine)?);
                    }
                    crate::misere::mex(values.into_iter())
                } else {
                    split.iter().fold(0, |x, &c| x ^ self.known_nim(c))
                };
                self.nodes.borrow_mut()[node as usize].nim = nim;
            }
            Want::Game => {
                let g = if split.is_empty() {
                    let mut sides = [Vec::new(), Vec::new()];
                    for (i, left) in [true, false].into_iter().enumerate() {
                        for m in self.moves(node, left, engine)?.iter() {
                            sides[i].push(self.move_game(m, engine)?);
                        }
                    }
                    engine.game_from_options(&sides[0], &sides[1])?
                } else {
                    let mut g = engine.zero();
                    for &c in split.iter() {
                        let v = self.known_game(c)?;
                        g = engine.add(g, v)?;
                    }
                    g
                };
                self.nodes.borrow_mut()[node as usize].game = Some(g);
            }
            Want::Outcome => {
                let lefts = self.moves(node, true, engine)?;
                let rights = self.moves(node, false, engine)?;
                let nodes = self.nodes.borrow();
                let outcome = |m: &Move| m.single().and_then(|c| nodes[c as usize].outcome);
                // Left wins moving first if some move leaves Right, moving first, lost.
                let left_wins = lefts
                    .iter()
                    .any(|m| outcome(m).is_some_and(|(_, right)| !right));
                let right_wins = rights
                    .iter()
                    .any(|m| outcome(m).is_some_and(|(left, _)| !left));
                drop(nodes);
                self.nodes.borrow_mut()[node as usize].outcome = Some((left_wins, right_wins));
            }
        }
        Ok(())
    }

    fn known_nim(&self, node: u32) -> u32 {
        let heap = self.node_heap(node);
        if matches!(self.rules, Rules::Heap(_)) {
            return self
                .heap_nims
                .borrow()
                .get(heap as usize)
                .copied()
                .unwrap_or(0);
        }
        self.nodes.borrow()[node as usize].nim
    }

    /// A value the search has already computed (an internal error, not a panic, if not).
    fn known_game(&self, node: u32) -> EvalResult<GameId> {
        self.nodes.borrow()[node as usize].game.ok_or_else(|| {
            EvalError::new(format!(
                "internal error: the value of {} was not computed first",
                self.describe_node(node)
            ))
        })
    }

    fn move_nim(&self, m: &Move, engine: &mut Engine) -> EvalResult<u32> {
        let mut x = m.parts.iter().fold(0, |x, &p| x ^ self.known_nim(p));
        for f in m.foreign.iter() {
            x ^= foreign_nim(f, engine)?;
        }
        Ok(x)
    }

    fn move_game(&self, m: &Move, engine: &mut Engine) -> EvalResult<GameId> {
        let mut g = engine.zero();
        for &p in m.parts.iter() {
            let v = self.known_game(p)?;
            g = engine.add(g, v)?;
        }
        for f in m.foreign.iter() {
            let v = f.value(engine)?;
            g = engine.add(g, v)?;
        }
        Ok(g)
    }

    /// The nim value of a node (impartial rulesets).
    pub fn nim(&self, node: u32, engine: &mut Engine) -> EvalResult<u32> {
        if matches!(self.rules, Rules::Heap(_)) {
            let n = self.node_heap(node);
            return self.heap_nim(n, engine);
        }
        if self.allows_loops() && self.is_impartial() {
            let value = self.loopy_nim(node, engine)?;
            return match value {
                LoopyNim::Finite(n) => Ok(n),
                LoopyNim::Infinite(_) => Err(crate::rulesets::draws::finite_nim_value(
                    &self.describe_node(node),
                    &value,
                )
                .err()
                .unwrap_or_else(|| EvalError::new("internal error: an infinite value"))),
            };
        }
        if !self.is_impartial() {
            let g = self.game(node, engine)?;
            return nim_of_game(g, engine).ok_or_else(|| {
                EvalError::new(format!(
                    "{} is not a nimber, so it has no nim value",
                    self.describe_node(node)
                ))
            });
        }
        self.solve(node, Want::Nim, engine)?;
        Ok(self.known_nim(node))
    }

    /// The canonical form of a node.
    pub fn game(&self, node: u32, engine: &mut Engine) -> EvalResult<GameId> {
        if self.is_impartial() {
            let x = self.nim(node, engine)?;
            return Ok(engine.nimber(u64::from(x)));
        }
        self.solve(node, Want::Game, engine)?;
        self.known_game(node)
    }

    /// Normal-play outcome of a node: by a win/loss search when every move below is to a
    /// single position of this ruleset, else from the canonical form.
    pub fn outcome(&self, node: u32, engine: &mut Engine) -> EvalResult<Outcome> {
        if self.allows_loops() {
            let l = self.draw_label(node, engine)?.partizan();
            return match l.verdict {
                [Verdict::Win, Verdict::Win] => Ok(Outcome::N),
                [Verdict::Win, Verdict::Lose] => Ok(Outcome::L),
                [Verdict::Lose, Verdict::Win] => Ok(Outcome::R),
                [Verdict::Lose, Verdict::Lose] => Ok(Outcome::P),
                _ => Err(EvalError::new(format!(
                    "{} can be drawn: its outcome class (OutcomeClass) has draws",
                    self.describe_node(node)
                ))),
            };
        }
        if self.is_impartial() {
            return Ok(if self.nim(node, engine)? == 0 {
                Outcome::P
            } else {
                Outcome::N
            });
        }
        if self.nodes.borrow()[node as usize].game.is_none()
            && self.solve(node, Want::Outcome, engine)?
            && let Some((l, r)) = self.nodes.borrow()[node as usize].outcome
        {
            return Ok(Outcome::from_first_moves(l, r));
        }
        let g = self.game(node, engine)?;
        Ok(engine.outcome(g)?)
    }

    // ----- heap nim values: the lean path -----

    /// g(n) for a heap ruleset. Options are read straight from f's result; only a heap whose
    /// parts are not all known yet keeps its moves (flattened) until they are, so f runs once
    /// per heap and nothing is stored for heaps found in order.
    pub fn heap_nim(&self, n: u64, engine: &mut Engine) -> EvalResult<u32> {
        let Rules::Heap(src) = &self.rules else {
            return Err(EvalError::new("internal error: not a heap ruleset"));
        };
        if let Some(&v) = self.heap_nims.borrow().get(n as usize)
            && v != NONE
        {
            return Ok(v);
        }
        check_heap(n)?;
        /// A heap being solved; `moves` (all parts, and where each move ends) once it waits.
        struct Frame {
            heap: u64,
            moves: Option<(Vec<u64>, Vec<usize>)>,
            pending: Vec<u64>,
            next: usize,
        }
        let frame = |heap| Frame {
            heap,
            moves: None,
            pending: Vec::new(),
            next: 0,
        };
        let mut on_path: FxHashSet<u64> = FxHashSet::default();
        let mut stack = vec![frame(n)];
        on_path.insert(n);
        // Scratch space, reused from heap to heap.
        let mut xors: Vec<u32> = Vec::new();
        let mut unknown: Vec<u64> = Vec::new();
        let mut seen: Vec<bool> = Vec::new();
        let mut flat: Vec<u64> = Vec::new();
        let mut ends: Vec<usize> = Vec::new();
        while let Some(top) = stack.last_mut() {
            engine.check_interrupt()?;
            // Work through the parts found missing, one path at a time.
            if top.next < top.pending.len() {
                let p = top.pending[top.next];
                top.next += 1;
                if self.heap_known(p) {
                    continue;
                }
                if on_path.contains(&p) {
                    return Err(EvalError::new(format!(
                        "the options of heap {p} lead back to {p}: the ruleset is loopy"
                    )));
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(EvalError::new(format!(
                        "heap {n} leads through more than {MAX_DEPTH} heaps in a row (up to \
                         heap {p}); the ruleset may never end"
                    )));
                }
                on_path.insert(p);
                stack.push(frame(p));
                continue;
            }
            let h = top.heap;
            if h == 0 {
                self.set_heap_nim(0, 0);
            } else if let Some((parts, move_ends)) = &top.moves {
                // Every part is known now.
                let table = self.heap_nims.borrow();
                xors.clear();
                let mut start = 0;
                for &end in move_ends {
                    let x = parts[start..end]
                        .iter()
                        .fold(0, |x, &p| if p == 0 { x } else { x ^ table[p as usize] });
                    xors.push(x);
                    start = end;
                }
                drop(table);
                let v = mex(&xors, &mut seen);
                self.set_heap_nim(h, v);
            } else if !self.heap_known(h) {
                let data = heap_moves(src, h, engine).map_err(|e| heap_context(e, h))?;
                xors.clear();
                unknown.clear();
                flat.clear();
                ends.clear();
                {
                    let mut table = self.heap_nims.borrow_mut();
                    visit_heap_moves(&data, h, &mut |parts| {
                        let mut x = 0;
                        for &p in parts {
                            check_heap(p)?;
                            if p as usize >= table.len() {
                                table.resize(p as usize + 1, NONE);
                            }
                            match table[p as usize] {
                                _ if p == 0 => {}
                                NONE => unknown.push(p),
                                v => x ^= v,
                            }
                        }
                        xors.push(x);
                        flat.extend_from_slice(parts);
                        ends.push(flat.len());
                        Ok(())
                    })?;
                }
                if !unknown.is_empty() {
                    unknown.sort_unstable();
                    unknown.dedup();
                    top.pending = std::mem::take(&mut unknown);
                    top.next = 0;
                    top.moves = Some((std::mem::take(&mut flat), std::mem::take(&mut ends)));
                    continue;
                }
                let v = mex(&xors, &mut seen);
                self.set_heap_nim(h, v);
            }
            stack.pop();
            on_path.remove(&h);
        }
        Ok(self.heap_nims.borrow()[n as usize])
    }

    fn heap_known(&self, n: u64) -> bool {
        n == 0
            || self
                .heap_nims
                .borrow()
                .get(n as usize)
                .is_some_and(|&v| v != NONE)
    }

    fn set_heap_nim(&self, n: u64, v: u32) {
        let mut table = self.heap_nims.borrow_mut();
        if n as usize >= table.len() {
            table.resize(n as usize + 1, NONE);
        }
        table[n as usize] = v;
    }

    /// g(0), …, g(n), computed upwards so that each heap usually finds its parts known.
    pub fn heap_prefix(&self, n: u64, engine: &mut Engine) -> EvalResult<Vec<u32>> {
        check_heap(n)?;
        let mut out = Vec::with_capacity(n as usize + 1);
        for h in 0..=n {
            out.push(self.heap_nim(h, engine)?);
        }
        Ok(out)
    }
}

/// The least value ≥ 0 not in `values`, with `seen` as scratch space (only values below
/// `values.len()` can matter, so no sort is needed).
fn mex(values: &[u32], seen: &mut Vec<bool>) -> u32 {
    seen.clear();
    seen.resize(values.len() + 1, false);
    for &v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u32
}

/// A heap's options as the source gives them, before validation.
pub enum HeapMoves {
    Value(Value),
    Lists(Vec<Vec<u64>>),
    Many(Vec<HeapMoves>),
}

/// Calls the heap rule for heap n.
pub fn heap_moves(src: &HeapSource, n: u64, engine: &mut Engine) -> EvalResult<HeapMoves> {
    Ok(match src {
        HeapSource::Function(f) => HeapMoves::Value(f.call(vec![int_value(n)], engine)?),
        HeapSource::Builtin(g) => HeapMoves::Lists(g.rules().options_of(n, MAX_MOVES)?),
        HeapSource::Join(sources) => HeapMoves::Many(
            sources
                .iter()
                .map(|s| heap_moves(s, n, engine))
                .collect::<EvalResult<_>>()?,
        ),
    })
}

/// Visits each move of heap n (a list of heap sizes), validating what f returned.
pub fn visit_heap_moves(
    data: &HeapMoves,
    n: u64,
    f: &mut dyn FnMut(&[u64]) -> EvalResult<()>,
) -> EvalResult<()> {
    match data {
        HeapMoves::Lists(lists) => lists.iter().try_for_each(|l| f(l)),
        HeapMoves::Many(all) => all.iter().try_for_each(|d| visit_heap_moves(d, n, f)),
        HeapMoves::Value(v) => {
            let outer = match v {
                Value::List(items) | Value::Set(items) => items,
                other => {
                    return Err(EvalError::new(format!(
                        "the options of heap {n} must be a list or set of lists of heap sizes, \
                         found {}",
                        crate::value::type_name(other)
                    )));
                }
            };
            if outer.len() > MAX_MOVES {
                return Err(too_many_moves());
            }
            let mut buf: Vec<u64> = Vec::new();
            for item in outer {
                buf.clear();
                match item {
                    Value::List(parts) => {
                        for part in parts {
                            buf.push(heap_part(part, n)?);
                        }
                    }
                    Value::Range(r) => {
                        let values = r
                            .integers(MAX_RANGE_MOVE)
                            .ok_or_else(|| EvalError::new("a move's range is too long"))?;
                        for x in values {
                            buf.push(heap_size(&x, n)?);
                        }
                    }
                    // A nim sequence is a list of naturals: heap sizes already.
                    Value::Sequence(parts) => buf.extend(parts.iter().map(u64::from)),
                    other => {
                        return Err(EvalError::new(format!(
                            "each option of heap {n} must be a list of heap sizes (such as \
                             [{}]), found {}",
                            n.saturating_sub(1),
                            crate::value::type_name(other)
                        )));
                    }
                }
                f(&buf)?;
            }
            Ok(())
        }
    }
}

fn heap_part(v: &Value, n: u64) -> EvalResult<u64> {
    match v {
        Value::Number(r) if let Some(size) = r.small().and_then(|x| u64::try_from(x).ok()) => {
            Ok(size)
        }
        Value::Number(r) if r.is_integer() => heap_size(&r.numer(), n),
        other => Err(EvalError::new(format!(
            "the options of heap {n} must contain heap sizes (integers ≥ 0), found {}",
            crate::value::type_name(other)
        ))),
    }
}

fn heap_size(x: &BigInt, n: u64) -> EvalResult<u64> {
    if x.is_negative() {
        return Err(EvalError::new(format!(
            "the options of heap {n} must contain heap sizes (integers ≥ 0), found {x}"
        )));
    }
    x.to_u64()
        .ok_or_else(|| EvalError::new(format!("heap {x} (an option of heap {n}) is too large")))
}

fn check_heap(n: u64) -> EvalResult<()> {
    if n as usize > MAX_COMPUTED_HEAP || usize::try_from(n).is_err() {
        return Err(EngineError::TooMany {
            what: "tokens in a heap",
            limit: MAX_COMPUTED_HEAP as u64,
        }
        .into());
    }
    Ok(())
}

fn heap_context(e: EvalError, n: u64) -> EvalError {
    if e.message == EngineError::Interrupted.to_string() || e.message.contains("options of heap") {
        return e;
    }
    EvalError::with_span(
        format!("{}, while computing the options of heap {n}", e.message),
        e.span,
    )
}

fn heap_raw_moves(src: &HeapSource, n: u64, engine: &mut Engine) -> EvalResult<Vec<RawMove>> {
    let data = heap_moves(src, n, engine)?;
    let mut out = Vec::new();
    visit_heap_moves(&data, n, &mut |parts| {
        out.push(RawMove {
            positions: parts.iter().map(|&p| int_value(p)).collect(),
            foreign: Vec::new(),
        });
        Ok(())
    })?;
    Ok(out)
}

/// The heap lists of one heap, validated.
fn heap_lists(src: &HeapSource, n: u64, engine: &mut Engine) -> EvalResult<Vec<Vec<u64>>> {
    let data = heap_moves(src, n, engine)?;
    let mut out = Vec::new();
    visit_heap_moves(&data, n, &mut |parts| {
        out.push(parts.to_vec());
        Ok(())
    })?;
    Ok(out)
}

/// A move to the sum of these pairs.
fn pair_move(pairs: impl Iterator<Item = (u64, u64)>) -> RawMove {
    RawMove {
        positions: pairs.map(|(a, b)| pair_value(a, b)).collect(),
        foreign: Vec::new(),
    }
}

/// A coordinate rule's result: pairs, or collections of pairs (summed).
fn coordinate_moves(result: &Value) -> EvalResult<Vec<RawMove>> {
    let items = match result {
        Value::List(items) | Value::Set(items) => items,
        other => {
            return Err(EvalError::new(format!(
                "a coordinate rule must return a list or set of pairs, found {}",
                crate::value::type_name(other)
            )));
        }
    };
    if items.len() > MAX_MOVES {
        return Err(too_many_moves());
    }
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let positions = match item {
            Value::Tuple(_) => vec![checked_pair(item)?],
            Value::List(parts) | Value::Set(parts) => parts
                .iter()
                .map(checked_pair)
                .collect::<EvalResult<Vec<_>>>()?,
            other => {
                return Err(EvalError::new(format!(
                    "each option must be a pair (a, b) or a collection of pairs, found {}",
                    crate::value::type_name(other)
                )));
            }
        };
        out.push(RawMove {
            positions,
            foreign: Vec::new(),
        });
    }
    Ok(out)
}

fn checked_pair(v: &Value) -> EvalResult<Value> {
    pair_of(v)?;
    Ok(v.clone())
}

/// The two integer entries of a pair.
pub fn pair_of(v: &Value) -> EvalResult<(&Value, &Value)> {
    match v {
        Value::Tuple(items)
            if items.len() == 2
                && items
                    .iter()
                    .all(|x| matches!(x, Value::Number(r) if r.is_integer())) =>
        {
            Ok((&items[0], &items[1]))
        }
        other => Err(EvalError::new(format!(
            "a coordinate position must be a pair of integers (m, n), found {}",
            crate::value::type_name(other)
        ))),
    }
}

fn natural_pair(v: &Value) -> EvalResult<(u64, u64)> {
    let (a, b) = pair_of(v)?;
    let nat = |x: &Value| match x {
        Value::Number(r) if r.is_integer() && !r.is_negative() => r.numer().to_u64(),
        _ => None,
    };
    match (nat(a), nat(b)) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(EvalError::new(
            "the coordinates of this position must be integers ≥ 0",
        )),
    }
}

pub fn int_value(n: u64) -> Value {
    Value::integer(n)
}

pub fn pair_value(a: u64, b: u64) -> Value {
    Value::Tuple(vec![int_value(a), int_value(b)])
}

fn too_many_moves() -> EvalError {
    EngineError::TooMany {
        what: "options of one position",
        limit: MAX_MOVES as u64,
    }
    .into()
}

/// The nim value of a canonical game that is a nimber.
pub fn nim_of_game(g: GameId, engine: &Engine) -> Option<u32> {
    engine
        .as_nus(g)
        .filter(|n| n.is_nimber())
        .and_then(|n| u32::try_from(n.nim).ok())
}

fn foreign_nim(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<u32> {
    let g = p.value(engine)?;
    nim_of_game(g, engine).ok_or_else(|| {
        EvalError::new(format!(
            "{} is an option of an impartial ruleset but is not a nimber",
            p.describe()
        ))
    })
}
