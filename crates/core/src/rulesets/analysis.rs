//! Analyses that work on any position through [`Position::options`]: winning moves (normal
//! and misère play), misère nim values and outcomes, misère canonical forms and genera, and
//! the every-SG step function; also sums of positions ([`SumPosition`]).
//!
//! Positions are searched depth first with an explicit stack (no recursion, so deep games
//! cannot overflow it), memoised by their pasteable description: a ruleset describes equal
//! positions alike (`kayles[1,3]`), so a sum of heaps is searched as a multiset of heaps.

use super::Position;
use crate::engine::{Engine, EngineError, GameId, Outcome, Relation};
use crate::misere::{self, MisereId};
use crate::value::{EvalError, EvalResult, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::rc::Rc;

/// Most distinct positions one search may visit.
const MAX_POSITIONS: usize = 5_000_000;

thread_local! {
    /// Misère canonical forms of impartial positions, by description.
    static FORMS: RefCell<FxHashMap<String, MisereId>> = RefCell::new(FxHashMap::default());
    /// Misère outcomes of partizan positions (Left wins moving first, Right wins moving first).
    static PARTIZAN: RefCell<FxHashMap<String, (bool, bool)>> = RefCell::new(FxHashMap::default());
}

/// Properties of a position that depend on its form, after `Position::method` declined;
/// `Ok(None)` to fall back to the value's properties.
pub fn position_method(
    p: &Rc<dyn Position>,
    key: &str,
    args: &[Value],
    engine: &mut Engine,
) -> EvalResult<Option<Value>> {
    if let Some(v) = super::variant::position_method(p, key, args) {
        return v.map(Some);
    }
    if let Some(v) = super::draws::explored::method(p, key, args, engine)? {
        return Ok(Some(v));
    }
    let positions =
        |list: Vec<Rc<dyn Position>>| Value::List(list.into_iter().map(Value::Position).collect());
    // The options and followers of a position are positions (CGSuite's `Game`); those of a
    // canonical value, its canonical form's.
    if key == "options" {
        let side = match args {
            [] => None,
            [Value::Side(side)] => Some(*side == crate::value::Side::Left),
            _ => {
                return Err(EvalError::new(
                    "Options takes at most one argument, Left or Right",
                ));
            }
        };
        let Some(mut list) = p.moves(side.unwrap_or(true), engine)? else {
            return Ok(None);
        };
        // Without a side: Left's then Right's (an impartial position's one list).
        if side.is_none() && !p.is_impartial() {
            list.extend(moves_for(p, false, engine)?);
        }
        return Ok(Some(positions(list)));
    }
    if !args.is_empty() {
        return Ok(None);
    }
    let v = match key {
        "leftoptions" | "rightoptions" => match p.moves(key == "leftoptions", engine)? {
            Some(list) => positions(list),
            None => return Ok(None),
        },
        "followers" | "followercount" => {
            let Some(all) = follower_positions(p, engine)? else {
                return Ok(None);
            };
            if key == "followercount" {
                Value::integer(all.len() as u64)
            } else {
                Value::Set(all.into_iter().map(Value::Position).collect())
            }
        }
        "winningmoves" => {
            if !p.is_impartial() {
                return Err(EvalError::new(format!(
                    "WinningMoves is for impartial games and {} is partizan; use \
                     LeftWinningMoves or RightWinningMoves",
                    p.describe()
                )));
            }
            positions(winning_moves(p, true, engine)?)
        }
        "leftwinningmoves" => positions(winning_moves(p, true, engine)?),
        "rightwinningmoves" => positions(winning_moves(p, false, engine)?),
        "miserewinningmoves" => {
            let options = impartial_options(p, "MisereWinningMoves", engine)?;
            let mut moves = Vec::new();
            for o in options {
                let form = misere_form(&o, engine)?;
                if misere::with_arena(engine, |a| a.is_p_position(form)) {
                    moves.push(o);
                }
            }
            positions(moves)
        }
        "misereoutcomeclass" | "misereoutcome" if !p.is_impartial() => {
            let (left, right) = partizan_misere(p, engine)?;
            Value::Outcome(Outcome::from_first_moves(left, right))
        }
        // The other misère properties of an impartial position are its misère canonical
        // form's ([`misere_form`]); the evaluator asks for that form and answers them.
        "miserecanonicalform"
        | "genus"
        | "miserenimvalue"
        | "misereoutcomeclass"
        | "misereoutcome"
            if !p.is_impartial() =>
        {
            return Err(EvalError::new(format!(
                "misère canonical forms are for impartial games and {} is partizan",
                p.describe()
            )));
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// A position's moves for one player ([`Position::moves`]), or an error saying that they are
/// not available.
fn moves_for(
    p: &Rc<dyn Position>,
    left: bool,
    engine: &mut Engine,
) -> EvalResult<Vec<Rc<dyn Position>>> {
    p.moves(left, engine)?
        .ok_or_else(|| EvalError::new(format!("the options of {} are not available", p.describe())))
}

/// CGSuite's `Followers` of a position: every distinct position reachable from it by moves of
/// either player, itself included, in the order first reached (breadth first). Positions are
/// told apart by [`Position::memo_key`], so each is kept once however many lines reach it.
/// The search can be interrupted, stops at `MAX_POSITIONS`, and is checked against the
/// memory ceiling as it grows. `Ok(None)` when the position does not list its moves.
pub fn follower_positions(
    root: &Rc<dyn Position>,
    engine: &mut Engine,
) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
    if root.moves(true, engine)?.is_none() {
        return Ok(None);
    }
    let mut seen: FxHashSet<String> = FxHashSet::default();
    seen.insert(root.memo_key());
    let mut found = vec![root.clone()];
    let mut next = 0;
    while next < found.len() {
        engine.check_interrupt()?;
        let p = found[next].clone();
        next += 1;
        let sides: &[bool] = if p.is_impartial() {
            &[true]
        } else {
            &[true, false]
        };
        for &left in sides {
            for o in moves_for(&p, left, engine)? {
                if !seen.insert(o.memo_key()) {
                    continue;
                }
                if found.len() >= MAX_POSITIONS {
                    return Err(EngineError::TooMany {
                        what: "followers",
                        limit: MAX_POSITIONS as u64,
                    }
                    .into());
                }
                if found.len() == found.capacity() || found.len() % 4096 == 0 {
                    // Before the lists double: a position, its key and the set's slot.
                    engine.check_memory_for(found.len().saturating_mul(FOLLOWER_BYTES))?;
                }
                found.push(o);
            }
        }
    }
    Ok(Some(found))
}

/// Bytes one more follower takes, roughly: the position, its key in the set, the list slot.
const FOLLOWER_BYTES: usize = 160;

fn options_of(
    p: &Rc<dyn Position>,
    left: bool,
    engine: &mut Engine,
) -> EvalResult<Vec<Rc<dyn Position>>> {
    options_for(p, left, engine, "to this analysis")
}

/// A position's options for one player, or an error saying that `purpose` needs them (a
/// position that does not list its options, such as a value held by its canonical form).
pub(crate) fn options_for(
    p: &Rc<dyn Position>,
    left: bool,
    engine: &mut Engine,
    purpose: &str,
) -> EvalResult<Vec<Rc<dyn Position>>> {
    p.options(left, engine)?.ok_or_else(|| {
        EvalError::new(format!(
            "the options of {} are not available {purpose}",
            p.describe()
        ))
    })
}

fn impartial_options(
    p: &Rc<dyn Position>,
    what: &str,
    engine: &mut Engine,
) -> EvalResult<Vec<Rc<dyn Position>>> {
    if !p.is_impartial() {
        return Err(EvalError::new(format!(
            "{what} is for impartial games and {} is partizan",
            p.describe()
        )));
    }
    options_of(p, true, engine)
}

/// Options after which the mover wins playing second: value 0 for impartial games, value
/// ≥ 0 for Left's moves and ≤ 0 for Right's.
pub fn winning_moves(
    p: &Rc<dyn Position>,
    left: bool,
    engine: &mut Engine,
) -> EvalResult<Vec<Rc<dyn Position>>> {
    let mut moves = Vec::new();
    for o in options_of(p, left, engine)? {
        engine.check_interrupt()?;
        let v = o.value(engine)?;
        let relation = engine.relation(v, engine.zero())?;
        let wins = match relation {
            Relation::Equal => true,
            Relation::Greater => left,
            Relation::Less => !left,
            Relation::Confused => false,
        };
        if wins {
            moves.push(o);
        }
    }
    Ok(moves)
}

/// One step of a depth-first search: a position's options and their results so far.
struct Frame {
    key: String,
    options: Vec<Rc<dyn Position>>,
    /// Options taken by Left (the rest are Right's), for partizan searches.
    left_count: usize,
    /// The "options" are the components of a sum.
    sum: bool,
    results: Vec<Node>,
}

/// What a search remembers per position.
#[derive(Clone, Copy)]
enum Node {
    Form(MisereId),
    /// Misère play: (Left wins moving first, Right wins moving first).
    Partizan(bool, bool),
    EverySg {
        nim: u64,
        steps: u64,
    },
}

/// A position's options, Left's first; or, when `sum`, its components.
struct Expansion {
    options: Vec<Rc<dyn Position>>,
    left_count: usize,
    sum: bool,
}

/// How a frame's results were expanded: Left's options first (`left_count` of them), or the
/// components of a sum.
#[derive(Clone, Copy)]
struct Shape {
    left_count: usize,
    sum: bool,
}

/// An analysis computed from the options' results, memoised by position description.
trait Analysis {
    fn expand(&mut self, p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Expansion>;
    fn combine(&mut self, results: &[Node], shape: Shape, engine: &mut Engine) -> EvalResult<Node>;
    fn known(&self, key: &str) -> Option<Node>;
    fn remember(&mut self, key: String, node: Node);
}

/// Depth-first search over the positions under `root`, with an explicit stack.
fn search(root: &Rc<dyn Position>, engine: &mut Engine, an: &mut dyn Analysis) -> EvalResult<Node> {
    let root_key = root.memo_key();
    if let Some(n) = an.known(&root_key) {
        return Ok(n);
    }
    let mut on_stack: FxHashSet<String> = FxHashSet::default();
    let mut visited = 0usize;
    let open = |p: &Rc<dyn Position>, key: String, engine: &mut Engine, an: &mut dyn Analysis| {
        let Expansion {
            options,
            left_count,
            sum,
        } = an.expand(p, engine)?;
        EvalResult::Ok(Frame {
            results: Vec::with_capacity(options.len()),
            key,
            options,
            left_count,
            sum,
        })
    };
    on_stack.insert(root_key.clone());
    let mut stack = vec![open(root, root_key, engine, an)?];
    while let Some(top) = stack.last_mut() {
        engine.check_interrupt()?;
        if top.results.len() < top.options.len() {
            let child = top.options[top.results.len()].clone();
            let key = child.memo_key();
            if let Some(n) = an.known(&key) {
                top.results.push(n);
                continue;
            }
            if on_stack.contains(&key) {
                return Err(EvalError::new(format!(
                    "{} can be reached from itself (a loopy game); this analysis needs a \
                     game that ends",
                    child.describe()
                )));
            }
            visited += 1;
            if visited > MAX_POSITIONS {
                return Err(EngineError::TooMany {
                    what: "positions to search",
                    limit: MAX_POSITIONS as u64,
                }
                .into());
            }
            on_stack.insert(key.clone());
            let frame = open(&child, key, engine, an)?;
            stack.push(frame);
            continue;
        }
        let Some(frame) = stack.pop() else { break };
        let shape = Shape {
            left_count: frame.left_count,
            sum: frame.sum,
        };
        let node = an.combine(&frame.results, shape, engine)?;
        on_stack.remove(&frame.key);
        an.remember(frame.key, node);
        match stack.last_mut() {
            Some(parent) => parent.results.push(node),
            None => return Ok(node),
        }
    }
    Err(EvalError::new("internal error: empty search"))
}

/// Misère canonical forms of impartial positions (kept for the whole session).
struct Forms;

impl Analysis for Forms {
    fn expand(&mut self, p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Expansion> {
        if let Some(parts) = p.components().filter(|parts| parts.len() > 1) {
            return Ok(Expansion {
                options: parts,
                left_count: 0,
                sum: true,
            });
        }
        Ok(Expansion {
            options: options_of(p, true, engine)?,
            left_count: 0,
            sum: false,
        })
    }

    fn combine(&mut self, results: &[Node], shape: Shape, engine: &mut Engine) -> EvalResult<Node> {
        let forms: Vec<MisereId> = results
            .iter()
            .filter_map(|n| match n {
                Node::Form(f) => Some(*f),
                _ => None,
            })
            .collect();
        let form = misere::with_arena(engine, |a| {
            if shape.sum {
                forms
                    .iter()
                    .try_fold(MisereId::ZERO, |acc, &f| a.add(acc, f))
            } else {
                a.construct(forms)
            }
        })?;
        Ok(Node::Form(form))
    }

    fn known(&self, key: &str) -> Option<Node> {
        FORMS.with(|m| m.borrow().get(key).copied().map(Node::Form))
    }

    fn remember(&mut self, key: String, node: Node) {
        if let Node::Form(f) = node {
            FORMS.with(|m| m.borrow_mut().insert(key, f));
        }
    }
}

/// The misère canonical form of an impartial position.
pub fn misere_form(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<MisereId> {
    if !p.is_impartial() {
        return Err(EvalError::new(format!(
            "misère canonical forms are for impartial games and {} is partizan",
            p.describe()
        )));
    }
    match search(p, engine, &mut Forms)? {
        Node::Form(f) => Ok(f),
        _ => Err(EvalError::new("internal error: not a misère form")),
    }
}

/// Misère play of partizan positions: a player with no move wins.
struct PartizanMisere;

impl Analysis for PartizanMisere {
    fn expand(&mut self, p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Expansion> {
        let mut options = options_of(p, true, engine)?;
        let left_count = options.len();
        options.extend(options_of(p, false, engine)?);
        Ok(Expansion {
            options,
            left_count,
            sum: false,
        })
    }

    fn combine(&mut self, results: &[Node], shape: Shape, _: &mut Engine) -> EvalResult<Node> {
        let (lefts, rights) = results.split_at(shape.left_count.min(results.len()));
        // After Left's move Right moves first: Left wins if Right then loses.
        let left_wins = lefts.is_empty()
            || lefts
                .iter()
                .any(|n| matches!(n, Node::Partizan(_, right) if !right));
        let right_wins = rights.is_empty()
            || rights
                .iter()
                .any(|n| matches!(n, Node::Partizan(left, _) if !left));
        Ok(Node::Partizan(left_wins, right_wins))
    }

    fn known(&self, key: &str) -> Option<Node> {
        PARTIZAN.with(|m| m.borrow().get(key).map(|&(l, r)| Node::Partizan(l, r)))
    }

    fn remember(&mut self, key: String, node: Node) {
        if let Node::Partizan(l, r) = node {
            PARTIZAN.with(|m| m.borrow_mut().insert(key, (l, r)));
        }
    }
}

/// (Left wins moving first, Right wins moving first) in misère play.
fn partizan_misere(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<(bool, bool)> {
    match search(p, engine, &mut PartizanMisere)? {
        Node::Partizan(l, r) => Ok((l, r)),
        _ => Err(EvalError::new("internal error: not a misère outcome")),
    }
}

/// Every-SG step counts (for one call).
#[derive(Default)]
struct EverySg {
    memo: FxHashMap<String, (u64, u64)>,
}

impl Analysis for EverySg {
    fn expand(&mut self, p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<Expansion> {
        Ok(Expansion {
            options: impartial_options(p, "every_sg", engine)?,
            left_count: 0,
            sum: false,
        })
    }

    fn combine(&mut self, results: &[Node], _: Shape, _: &mut Engine) -> EvalResult<Node> {
        let pairs: Vec<(u64, u64)> = results
            .iter()
            .filter_map(|n| match n {
                Node::EverySg { nim, steps } => Some((*nim, *steps)),
                _ => None,
            })
            .collect();
        let nim = misere::mex(
            pairs
                .iter()
                .map(|&(n, _)| n.min(u64::from(u32::MAX)) as u32),
        );
        let steps = if pairs.is_empty() {
            0
        } else if nim > 0 {
            // A winner moves to the P-option that lasts longest.
            1 + pairs
                .iter()
                .filter(|&&(n, _)| n == 0)
                .map(|&(_, s)| s)
                .max()
                .unwrap_or(0)
        } else {
            // A loser moves to the option that ends soonest.
            1 + pairs.iter().map(|&(_, s)| s).min().unwrap_or(0)
        };
        Ok(Node::EverySg {
            nim: u64::from(nim),
            steps,
        })
    }

    fn known(&self, key: &str) -> Option<Node> {
        self.memo
            .get(key)
            .map(|&(nim, steps)| Node::EverySg { nim, steps })
    }

    fn remember(&mut self, key: String, node: Node) {
        if let Node::EverySg { nim, steps } = node {
            self.memo.insert(key, (nim, steps));
        }
    }
}

/// Every-SG: (nim value, step count) of an impartial position. The step count is 0 when no
/// move is left; otherwise one more than the winner's longest or the loser's shortest line.
pub fn every_sg_steps(p: &Rc<dyn Position>, engine: &mut Engine) -> EvalResult<(u64, u64)> {
    match search(p, engine, &mut EverySg::default())? {
        Node::EverySg { nim, steps } => Ok((nim, steps)),
        _ => Err(EvalError::new("internal error: not an every-SG count")),
    }
}

/// A sum of positions, `kayles[3] + wythoff(2,5)`: a move is a move in one part.
#[derive(Clone, Debug)]
pub struct SumPosition {
    parts: Vec<Rc<dyn Position>>,
}

/// What a part of a sum lists for one player: its options or its moves.
type PartMoves<'a> =
    dyn Fn(&Rc<dyn Position>, &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> + 'a;

impl SumPosition {
    pub fn new(parts: Vec<Rc<dyn Position>>) -> Self {
        SumPosition { parts }
    }

    pub fn parts(&self) -> &[Rc<dyn Position>] {
        &self.parts
    }

    /// The sums one move away, a move being one of `listed`'s in one part; `None` when a
    /// part has no such list.
    fn move_in_one_part(
        &self,
        engine: &mut Engine,
        listed: &PartMoves<'_>,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let mut out: Vec<Rc<dyn Position>> = Vec::new();
        for (i, part) in self.parts.iter().enumerate() {
            let Some(options) = listed(part, engine)? else {
                return Ok(None);
            };
            for o in options {
                let mut parts = self.parts.clone();
                parts[i] = o;
                out.push(Rc::new(SumPosition { parts }));
            }
        }
        Ok(Some(out))
    }
}

/// `a + b` for two positions: a position again, so form-dependent properties still work.
pub fn add_positions(a: Rc<dyn Position>, b: Rc<dyn Position>) -> Value {
    if let Some(tokens) = super::draws::digraph::add_tokens(&a, &b) {
        return tokens;
    }
    Value::Position(Rc::new(SumPosition::new(vec![a, b])))
}

impl Position for SumPosition {
    fn describe(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(|p| p.describe()).collect();
        parts.join(" + ")
    }

    fn memo_key(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(|p| p.memo_key()).collect();
        parts.join(" + ")
    }

    fn value(&self, engine: &mut Engine) -> crate::engine::EngineResult<GameId> {
        let mut total = engine.zero();
        for p in &self.parts {
            let v = p.value(engine)?;
            total = engine.add(total, v)?;
        }
        Ok(total)
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        super::draws::sums::method(self, key, args, engine)
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        Some(self.parts.clone())
    }

    fn can_repeat(&self, engine: &mut Engine) -> EvalResult<bool> {
        for p in &self.parts {
            if p.can_repeat(engine)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn game_graph(&self, engine: &mut Engine) -> Option<EvalResult<crate::engine::loopy::Graph>> {
        match self.can_repeat(engine) {
            Ok(false) => None,
            Ok(true) => Some(super::draws::product::product_graph(
                &self.parts,
                &self.describe(),
                engine,
            )),
            Err(e) => Some(Err(e)),
        }
    }

    fn loopy_nim_value(
        &self,
        engine: &mut Engine,
    ) -> Option<crate::engine::EngineResult<crate::engine::draws::LoopyNim>> {
        use super::draws::properties::DrawPosition;
        match self.can_repeat(engine) {
            Ok(true) if self.is_impartial() => match DrawPosition::loopy_nim(self, engine) {
                Ok(v) => v.map(Ok),
                Err(e) => Some(Err(e.into_engine_error())),
            },
            Ok(_) => None,
            Err(e) => Some(Err(e.into_engine_error())),
        }
    }

    fn loopy_value(
        &self,
        engine: &mut Engine,
    ) -> Option<crate::engine::EngineResult<crate::engine::loopy::LoopyResult>> {
        if self.is_impartial() || !matches!(self.can_repeat(engine), Ok(true)) {
            return None;
        }
        let graph =
            match super::draws::product::product_graph(&self.parts, &self.describe(), engine) {
                Ok(g) => g,
                Err(e) => return Some(Err(e.into_engine_error())),
            };
        Some(engine.loopy_value(&graph, 0))
    }

    fn draw_label(
        &self,
        engine: &mut Engine,
    ) -> Option<EvalResult<crate::engine::draws::partial::PartizanLabel>> {
        use super::draws::properties::DrawPosition;
        match self.can_repeat(engine) {
            Ok(true) => Some(DrawPosition::label(self, engine)),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        self.move_in_one_part(engine, &|part, engine| part.options(left, engine))
    }

    fn moves(&self, left: bool, engine: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        self.move_in_one_part(engine, &|part, engine| part.moves(left, engine))
    }

    fn is_impartial(&self) -> bool {
        self.parts.iter().all(|p| p.is_impartial())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::wythoff::WythoffPosition;

    /// Heap rules for the tests: the heap lists one move from heap n can leave.
    type Rule = fn(usize) -> Vec<Vec<usize>>;

    /// Remove `take` tokens and leave the rest in at most two heaps (octal digit 7).
    fn octal7(n: usize, take: usize) -> Vec<Vec<usize>> {
        if n < take {
            return Vec::new();
        }
        let rest = n - take;
        (0..=rest / 2).map(|a| vec![a, rest - a]).collect()
    }

    fn kayles(n: usize) -> Vec<Vec<usize>> {
        let mut v = octal7(n, 1);
        v.extend(octal7(n, 2));
        v
    }

    fn dawson(n: usize) -> Vec<Vec<usize>> {
        octal7(n, 2)
    }

    fn grundy(n: usize) -> Vec<Vec<usize>> {
        (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect()
    }

    fn subtraction_237(n: usize) -> Vec<Vec<usize>> {
        [2, 3, 7]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| vec![n - s])
            .collect()
    }

    /// A sum of heaps under one rule.
    #[derive(Clone, Debug)]
    struct Heaps {
        name: &'static str,
        rule: Rule,
        heaps: Vec<usize>,
        /// Offer the heaps as components (the sum is then never searched as a whole).
        split: bool,
    }

    fn heaps(name: &'static str, rule: Rule, heaps: &[usize]) -> Rc<dyn Position> {
        make_heaps(name, rule, heaps, true)
    }

    fn make_heaps(
        name: &'static str,
        rule: Rule,
        heaps: &[usize],
        split: bool,
    ) -> Rc<dyn Position> {
        let mut heaps: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Rc::new(Heaps {
            name,
            rule,
            heaps,
            split,
        })
    }

    impl Heaps {
        /// Nim values of heaps 0..=n, by the mex rule.
        fn nims(&self, n: usize) -> Vec<u32> {
            let mut g: Vec<u32> = Vec::with_capacity(n + 1);
            for k in 0..=n {
                let v = misere::mex(
                    (self.rule)(k)
                        .iter()
                        .map(|hs| hs.iter().fold(0, |acc, &h| acc ^ g[h])),
                );
                g.push(v);
            }
            g
        }
    }

    impl Position for Heaps {
        fn describe(&self) -> String {
            let hs: Vec<String> = self.heaps.iter().map(|h| h.to_string()).collect();
            format!("{}[{}]", self.name, hs.join(","))
        }

        fn value(&self, engine: &mut Engine) -> crate::engine::EngineResult<GameId> {
            let g = self.nims(self.heaps.iter().copied().max().unwrap_or(0));
            let v = self.heaps.iter().fold(0, |acc, &h| acc ^ g[h]);
            Ok(engine.nimber(u64::from(v)))
        }

        fn method(&self, _: &str, _: &[Value], _: &mut Engine) -> EvalResult<Option<Value>> {
            Ok(None)
        }

        fn options(&self, _: bool, _: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
            let mut out = Vec::new();
            for (i, &h) in self.heaps.iter().enumerate() {
                for leave in (self.rule)(h) {
                    let mut next = self.heaps.clone();
                    next.remove(i);
                    next.extend(leave);
                    out.push(make_heaps(self.name, self.rule, &next, self.split));
                }
            }
            Ok(Some(out))
        }

        fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
            (self.split && self.heaps.len() > 1).then(|| {
                self.heaps
                    .iter()
                    .map(|&h| make_heaps(self.name, self.rule, &[h], true))
                    .collect()
            })
        }

        fn is_impartial(&self) -> bool {
            true
        }
    }

    /// A property as the evaluator finds it: misère properties from the position's misère
    /// canonical form (which the evaluator asks this module for), the rest here.
    fn property(p: &Rc<dyn Position>, key: &str, engine: &mut Engine) -> String {
        let value = match crate::eval::misere::position_method(p, key, &[], engine).unwrap() {
            Some(v) => v,
            None => position_method(p, key, &[], engine).unwrap().unwrap(),
        };
        match value {
            Value::Text(t) => t.text,
            Value::Number(n) => n.to_string(),
            Value::Outcome(o) => o.letter().to_string(),
            Value::Misere(m) => crate::misere::render(m, engine).unwrap(),
            Value::List(items) => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|v| match v {
                        Value::Position(p) => p.describe(),
                        other => format!("{other:?}"),
                    })
                    .collect();
                format!("[{}]", parts.join(","))
            }
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn cgsuite_genera_of_heap_games() {
        let mut e = Engine::new();
        let cases: &[(&str, Rule, usize, &str)] = &[
            ("dawson", dawson, 10, "3^1431"),
            ("dawson", dawson, 13, "2"),
            ("dawson", dawson, 14, "4^146"),
            ("dawson", dawson, 15, "0"),
            ("dawson", dawson, 17, "2^0520"),
            ("dawson", dawson, 20, "3"),
            ("dawson", dawson, 6, "3"),
            ("dawson", dawson, 7, "1"),
            ("grundy", grundy, 13, "3^1431"),
            ("grundy", grundy, 14, "2"),
            ("grundy", grundy, 18, "4^0564"),
            ("grundy", grundy, 19, "3^1431"),
            ("grundy", grundy, 3, "1"),
            ("kayles", kayles, 0, "0"),
            ("kayles", kayles, 15, "7^57"),
            ("kayles", kayles, 17, "4^64"),
            ("kayles", kayles, 4, "1"),
            ("kayles", kayles, 5, "4^146"),
            ("kayles", kayles, 6, "3"),
            ("kayles", kayles, 7, "2^2"),
            ("kayles", kayles, 9, "4^046"),
            ("sub", subtraction_237, 1, "0"),
            ("sub", subtraction_237, 12, "1"),
            ("sub", subtraction_237, 14, "2"),
            ("sub", subtraction_237, 4, "2"),
        ];
        for &(name, rule, n, expected) in cases {
            let p = heaps(name, rule, &[n]);
            assert_eq!(property(&p, "genus", &mut e), expected, "{name}({n})");
        }
    }

    #[test]
    fn cgsuite_misere_nim_values_of_heap_games() {
        let mut e = Engine::new();
        let cases: &[(&str, Rule, usize, &str)] = &[
            ("dawson", dawson, 0, "1"),
            ("dawson", dawson, 16, "0"),
            ("dawson", dawson, 20, "3"),
            ("grundy", grundy, 11, "2"),
            ("grundy", grundy, 18, "0"),
            ("kayles", kayles, 15, "5"),
            ("kayles", kayles, 19, "2"),
            ("kayles", kayles, 20, "0"),
            ("sub", subtraction_237, 9, "2"),
            ("sub", subtraction_237, 20, "1"),
        ];
        for &(name, rule, n, expected) in cases {
            let p = heaps(name, rule, &[n]);
            assert_eq!(
                property(&p, "miserenimvalue", &mut e),
                expected,
                "{name}({n})"
            );
        }
    }

    #[test]
    fn misere_canonical_forms_of_kayles() {
        let mut e = Engine::new();
        let form =
            |n, e: &mut Engine| property(&heaps("kayles", kayles, &[n]), "miserecanonicalform", e);
        assert_eq!(form(5, &mut e), "*[2[2]321]");
        assert_eq!(form(7, &mut e), "*[(2[2]321)[1](2[2]321)2[3]2[2]30]");
    }

    #[test]
    fn splitting_sums_into_components_changes_nothing() {
        let mut e = Engine::new();
        // Different names keep the two searches' memo entries apart.
        for (name, whole_name, rule) in [
            ("kayles", "whole_kayles", kayles as Rule),
            ("dawson", "whole_dawson", dawson),
            ("grundy", "whole_grundy", grundy),
        ] {
            for hs in [vec![9], vec![4, 6], vec![2, 3, 5], vec![1, 1, 7]] {
                let whole = make_heaps(whole_name, rule, &hs, false);
                let split = make_heaps(name, rule, &hs, true);
                for key in ["miserecanonicalform", "genus", "miserenimvalue"] {
                    assert_eq!(
                        property(&whole, key, &mut e),
                        property(&split, key, &mut e),
                        "{key} of {name}{hs:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn cgsuite_genera_of_wythoff() {
        let mut e = Engine::new();
        for (a, b, expected) in [
            (10, 10, "14^(14)"),
            (10, 11, "18^(18)"),
            (10, 14, "2^2"),
            (10, 2, "9"),
            (10, 20, "28^(28)"),
            (10, 3, "8^8"),
            (10, 4, "13^(13)"),
            (10, 7, "15^(15)"),
        ] {
            let p: Rc<dyn Position> = Rc::new(WythoffPosition::new(a.into(), b.into()));
            assert_eq!(property(&p, "genus", &mut e), expected, "({a},{b})");
        }
    }

    #[test]
    fn winning_moves_of_nim() {
        fn nim_rule(n: usize) -> Vec<Vec<usize>> {
            (0..n).map(|k| vec![k]).collect()
        }
        let mut e = Engine::new();
        let p = heaps("nim", nim_rule, &[3, 4, 5]);
        assert_eq!(property(&p, "winningmoves", &mut e), "[nim[1,4,5]]");
        // The seeds' example: from (14, 21, 39) take 12 from 39.
        let p = heaps("nim", nim_rule, &[14, 21, 39]);
        assert_eq!(property(&p, "winningmoves", &mut e), "[nim[14,21,27]]");
        // Misère Nim: (1, 1, 2) → take the 2 → (1, 1) is N in misère play... leave an odd
        // number of 1-heaps instead: (1, 1, 1).
        let p = heaps("nim", nim_rule, &[1, 1, 2]);
        assert_eq!(property(&p, "miserewinningmoves", &mut e), "[nim[1,1,1]]");
        assert_eq!(property(&p, "misereoutcomeclass", &mut e), "N");
        let p = heaps("nim", nim_rule, &[1]);
        assert_eq!(property(&p, "misereoutcomeclass", &mut e), "P");
    }

    #[test]
    fn misere_nim_values_agree_with_the_sj_rule() {
        fn nim_rule(n: usize) -> Vec<Vec<usize>> {
            (0..n).map(|k| vec![k]).collect()
        }
        let mut e = Engine::new();
        for a in 0..5 {
            for b in 0..5 {
                for c in 0..5 {
                    let p = heaps("nim", nim_rule, &[a, b, c]);
                    let xor = a ^ b ^ c;
                    let first_wins = if a.max(b).max(c) <= 1 {
                        xor == 0
                    } else {
                        xor != 0
                    };
                    let expected = if first_wins { "N" } else { "P" };
                    assert_eq!(property(&p, "misereoutcomeclass", &mut e), expected);
                }
            }
        }
        // Large heaps go by the tame rule, not through the sum's canonical form.
        for (heap_sizes, expected) in [([100, 200, 300], "N"), ([100, 200, 172], "P")] {
            let p = heaps("nim", nim_rule, &heap_sizes);
            assert_eq!(property(&p, "misereoutcomeclass", &mut e), expected);
        }
    }

    #[test]
    fn sums_of_positions_are_searched_as_sums() {
        let mut e = Engine::new();
        let sum: Rc<dyn Position> = Rc::new(SumPosition::new(vec![
            heaps("kayles", kayles, &[3]),
            heaps("kayles", kayles, &[5]),
        ]));
        let joint = heaps("kayles", kayles, &[3, 5]);
        assert_eq!(
            property(&sum, "miserecanonicalform", &mut e),
            property(&joint, "miserecanonicalform", &mut e)
        );
        assert_eq!(sum.describe(), "kayles[3] + kayles[5]");
        // The sum's answer (tame rule or canonical sum) agrees with a search of the heaps.
        for hs in [[3, 5, 7], [1, 1, 1], [2, 6, 9], [4, 5, 12], [1, 2, 3]] {
            let parts = hs.iter().map(|&h| heaps("kayles", kayles, &[h])).collect();
            let sum: Rc<dyn Position> = Rc::new(SumPosition::new(parts));
            let joint = heaps("kayles", kayles, &hs);
            for key in ["miserenimvalue", "misereoutcomeclass", "genus"] {
                let direct = property(&sum, key, &mut e);
                assert_eq!(direct, property(&joint, key, &mut e), "{key} of {hs:?}");
            }
        }
    }

    #[test]
    fn every_sg_steps_follow_the_definition() {
        let mut e = Engine::new();
        // Subtraction {2,3,7}: heap 0 and 1 are over; heap 2 and 3 end in one move.
        let steps =
            |n, e: &mut Engine| every_sg_steps(&heaps("sub", subtraction_237, &[n]), e).unwrap();
        assert_eq!(steps(0, &mut e), (0, 0));
        assert_eq!(steps(1, &mut e), (0, 0));
        assert_eq!(steps(2, &mut e), (1, 1));
        // Heap 4 (nim value 2) wins by moving to 1 (over at once); heap 5 (nim value 0) can
        // only move to 3 or 2, each one move from the end.
        assert_eq!(steps(4, &mut e), (2, 1));
        assert_eq!(steps(5, &mut e), (0, 2));
    }

    /// A canonical game seen as a position (its options are its canonical options).
    fn canonical(g: GameId, e: &mut Engine) -> Rc<dyn Position> {
        Rc::new(crate::rulesets::functional::fixed::FixedValue::bare(g, e).unwrap())
    }

    /// The games born by day 2, and their pairwise sums.
    fn small_games(e: &mut Engine) -> Vec<GameId> {
        let zero = e.zero();
        let mut day1 = vec![zero];
        for (l, r) in [
            (vec![zero], vec![]),
            (vec![], vec![zero]),
            (vec![zero], vec![zero]),
        ] {
            day1.push(e.game_from_options(&l, &r).unwrap());
        }
        let subsets: Vec<Vec<GameId>> = (0..16u32)
            .map(|m| {
                (0..4)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| day1[i])
                    .collect()
            })
            .collect();
        let mut games = Vec::new();
        for l in &subsets {
            for r in &subsets {
                let g = e.game_from_options(l, r).unwrap();
                if !games.contains(&g) {
                    games.push(g);
                }
            }
        }
        games
    }

    #[test]
    fn partizan_misere_outcomes_agree_with_the_engine() {
        let mut e = Engine::new();
        let games = small_games(&mut e);
        assert_eq!(games.len(), 22);
        for &g in &games {
            let p = canonical(g, &mut e);
            let expected = e.misere_outcome(g).unwrap().letter().to_string();
            assert_eq!(property(&p, "misereoutcomeclass", &mut e), expected);
        }
    }

    #[test]
    fn left_and_right_winning_moves() {
        let mut e = Engine::new();
        let ids = |moves: Vec<Rc<dyn Position>>, e: &mut Engine| -> Vec<GameId> {
            moves.iter().map(|m| m.value(e).unwrap()).collect()
        };
        for (text, left, right) in [
            ("{1|-1}", vec!["1"], vec!["-1"]),
            ("{0,*|0}", vec!["0"], vec!["0"]),
            ("{1,-1|2}", vec!["1"], vec![]),
        ] {
            let g = crate::engine::testutil::game(&mut e, text);
            let p = canonical(g, &mut e);
            let expect = |list: Vec<&str>, e: &mut Engine| -> Vec<GameId> {
                list.iter()
                    .map(|t| crate::engine::testutil::game(e, t))
                    .collect()
            };
            let l = winning_moves(&p, true, &mut e).unwrap();
            assert_eq!(ids(l, &mut e), expect(left, &mut e), "{text} Left");
            let r = winning_moves(&p, false, &mut e).unwrap();
            assert_eq!(ids(r, &mut e), expect(right, &mut e), "{text} Right");
        }
        let g = crate::engine::testutil::game(&mut e, "{1|-1}");
        let p = canonical(g, &mut e);
        assert!(position_method(&p, "winningmoves", &[], &mut e).is_err());
    }
}
