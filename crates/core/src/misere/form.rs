//! Literal partizan game forms for misère play (misere.md Part C.1, C.7): games kept exactly
//! as written, since in misère play a form and its normal-play canonical form can differ
//! (`{*|*}` is not `0`).
//!
//! A [`FormArena`] stores each form once — its Left and Right options sorted, without
//! repeats — named by a [`FormId`], and caches who wins each form moving first, formal sums
//! and conjugates. One arena serves a whole thread ([`with_forms`]), like the misère arena of
//! impartial canonical forms; it only grows, so ids stay valid.

use crate::engine::{EngineError, EngineResult};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// A literal form in this thread's [`FormArena`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u32);

impl FormId {
    /// `{|}`, the form 0.
    pub const ZERO: FormId = FormId(0);
}

/// Most forms one thread's arena holds (a formal sum of big forms has as many followers as
/// the product of theirs).
const MAX_FORMS: usize = 2_000_000;

/// A form's Left and Right options, sorted, without repeats.
type Options = (Box<[FormId]>, Box<[FormId]>);

#[derive(Debug)]
struct Node {
    left: Box<[FormId]>,
    right: Box<[FormId]>,
}

/// Every literal form of this thread, with its caches.
#[derive(Debug)]
pub struct FormArena {
    nodes: Vec<Node>,
    index: FxHashMap<Options, FormId>,
    /// (Left wins moving first, Right wins moving first), in misère play.
    wins: Vec<Option<(bool, bool)>>,
    sums: FxHashMap<(FormId, FormId), FormId>,
    /// G ≥ H modulo a universe.
    order: FxHashMap<(Universe, FormId, FormId), bool>,
    /// Canonical forms modulo a universe (`form_canonical`).
    pub(super) canonical: FxHashMap<(Universe, FormId), FormId>,
    /// The Left dead-end values modulo the dead-ending universe born by each day, as far as
    /// they have been listed (`form_canonical`).
    pub(super) left_dead_ends: Vec<Vec<FormId>>,
}

thread_local! {
    static FORMS: RefCell<FormArena> = RefCell::new(FormArena::new());
}

/// Run `f` on this thread's form arena (it must not call `with_forms` again).
pub fn with_forms<T>(f: impl FnOnce(&mut FormArena) -> T) -> T {
    FORMS.with(|cell| f(&mut cell.borrow_mut()))
}

impl Default for FormArena {
    fn default() -> Self {
        FormArena::new()
    }
}

impl FormArena {
    pub fn new() -> FormArena {
        let mut arena = FormArena {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            wins: Vec::new(),
            sums: FxHashMap::default(),
            order: FxHashMap::default(),
            canonical: FxHashMap::default(),
            left_dead_ends: Vec::new(),
        };
        arena
            .form(Vec::new(), Vec::new())
            .expect("an empty arena has room");
        arena
    }

    /// The form with these options (in any order, repeats allowed).
    pub fn form(&mut self, mut left: Vec<FormId>, mut right: Vec<FormId>) -> EngineResult<FormId> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.index.get(&key) {
            return Ok(id);
        }
        if self.nodes.len() >= MAX_FORMS {
            return Err(EngineError::TooMany {
                what: "misère game forms",
                limit: MAX_FORMS as u64,
            });
        }
        let id = FormId(self.nodes.len() as u32);
        self.nodes.push(Node {
            left: key.0.clone(),
            right: key.1.clone(),
        });
        self.wins.push(None);
        self.index.insert(key, id);
        Ok(id)
    }

    pub fn left(&self, g: FormId) -> &[FormId] {
        &self.nodes[g.0 as usize].left
    }

    pub fn right(&self, g: FormId) -> &[FormId] {
        &self.nodes[g.0 as usize].right
    }

    /// The integer n as a chain: n = {n − 1 |}, −n = {| −(n − 1)}.
    pub fn integer(&mut self, n: i64) -> EngineResult<FormId> {
        let mut g = FormId::ZERO;
        for _ in 0..n.unsigned_abs() {
            g = if n > 0 {
                self.form(vec![g], vec![])?
            } else {
                self.form(vec![], vec![g])?
            };
        }
        Ok(g)
    }

    /// The nim form *n = {0, *, …, *(n−1) | same}.
    pub fn nimber(&mut self, n: u32) -> EngineResult<FormId> {
        let mut heaps = vec![FormId::ZERO];
        for _ in 0..n {
            let options = heaps.clone();
            heaps.push(self.form(options.clone(), options)?);
        }
        Ok(heaps[n as usize])
    }

    /// Whether Left and Right win `g` moving first, in misère play: a player wins moving first
    /// when they cannot move, or can move to a form the opponent loses moving first.
    pub fn wins(&mut self, g: FormId) -> (bool, bool) {
        if let Some(w) = self.wins[g.0 as usize] {
            return w;
        }
        // Depth-first without recursion: a form's options are settled before the form.
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.wins[x.0 as usize].is_some() {
                continue;
            }
            let node = &self.nodes[x.0 as usize];
            if !expanded {
                stack.push((x, true));
                for &o in node.left.iter().chain(node.right.iter()) {
                    if self.wins[o.0 as usize].is_none() {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let left = node.left.is_empty()
                || node
                    .left
                    .iter()
                    .any(|o| !self.wins[o.0 as usize].expect("settled").1);
            let right = node.right.is_empty()
                || node
                    .right
                    .iter()
                    .any(|o| !self.wins[o.0 as usize].expect("settled").0);
            self.wins[x.0 as usize] = Some((left, right));
        }
        self.wins[g.0 as usize].expect("settled")
    }

    /// The formal disjunctive sum: a move in either component.
    pub fn add(&mut self, g: FormId, h: FormId) -> EngineResult<FormId> {
        crate::engine::grow(|| self.add_step(g, h))
    }

    fn add_step(&mut self, g: FormId, h: FormId) -> EngineResult<FormId> {
        if g == FormId::ZERO {
            return Ok(h);
        }
        if h == FormId::ZERO {
            return Ok(g);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let mut left = Vec::new();
        for o in self.left(g).to_vec() {
            left.push(self.add(o, h)?);
        }
        for o in self.left(h).to_vec() {
            left.push(self.add(g, o)?);
        }
        let mut right = Vec::new();
        for o in self.right(g).to_vec() {
            right.push(self.add(o, h)?);
        }
        for o in self.right(h).to_vec() {
            right.push(self.add(g, o)?);
        }
        let s = self.form(left, right)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The conjugate: Left and Right swapped everywhere.
    pub fn conjugate(&mut self, g: FormId) -> EngineResult<FormId> {
        let mut memo: FxHashMap<FormId, FormId> = FxHashMap::default();
        self.conjugate_in(g, &mut memo)
    }

    fn conjugate_in(
        &mut self,
        g: FormId,
        memo: &mut FxHashMap<FormId, FormId>,
    ) -> EngineResult<FormId> {
        crate::engine::grow(|| self.conjugate_step(g, memo))
    }

    fn conjugate_step(
        &mut self,
        g: FormId,
        memo: &mut FxHashMap<FormId, FormId>,
    ) -> EngineResult<FormId> {
        if let Some(&c) = memo.get(&g) {
            return Ok(c);
        }
        let mut left = Vec::new();
        for o in self.right(g).to_vec() {
            left.push(self.conjugate_in(o, memo)?);
        }
        let mut right = Vec::new();
        for o in self.left(g).to_vec() {
            right.push(self.conjugate_in(o, memo)?);
        }
        let c = self.form(left, right)?;
        memo.insert(g, c);
        Ok(c)
    }

    /// Siegel's adjoint G°, with G + G° a misère P-position (misere.md §C.4): 0° = *; a
    /// Left end G ≠ 0 has G° = {(Gᴿ)° | 0}, a Right end {0 | (Gᴸ)°}, any other game
    /// {(Gᴿ)° | (Gᴸ)°}.
    pub fn adjoint(&mut self, g: FormId) -> EngineResult<FormId> {
        crate::engine::grow(|| {
            let (left, right) = (self.left(g).to_vec(), self.right(g).to_vec());
            let mut of = |xs: Vec<FormId>| -> EngineResult<Vec<FormId>> {
                xs.into_iter().map(|x| self.adjoint(x)).collect()
            };
            let (new_left, new_right) = match (left.is_empty(), right.is_empty()) {
                (true, true) => (vec![FormId::ZERO], vec![FormId::ZERO]),
                (true, false) => (of(right)?, vec![FormId::ZERO]),
                (false, true) => (vec![FormId::ZERO], of(left)?),
                (false, false) => {
                    let l = of(right)?;
                    (l, of(left)?)
                }
            };
            self.form(new_left, new_right)
        })
    }

    /// Every form reachable from `g`, `g` first.
    pub fn followers(&self, g: FormId) -> Vec<FormId> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = vec![g];
        seen.insert(g);
        let mut i = 0;
        while i < out.len() {
            let x = out[i];
            for &o in self.left(x).iter().chain(self.right(x)) {
                if seen.insert(o) {
                    out.push(o);
                }
            }
            i += 1;
        }
        out
    }

    /// A Left end that stays one: Left can never move again (misere.md §C.1).
    pub fn is_left_dead_end(&self, g: FormId) -> bool {
        self.followers(g).iter().all(|&x| self.left(x).is_empty())
    }

    pub fn is_right_dead_end(&self, g: FormId) -> bool {
        self.followers(g).iter().all(|&x| self.right(x).is_empty())
    }

    /// Every follower has moves for both players or for neither.
    pub fn is_dicot(&self, g: FormId) -> bool {
        self.followers(g)
            .iter()
            .all(|&x| self.left(x).is_empty() == self.right(x).is_empty())
    }

    /// Every end follower is a dead end. Who can ever move is remembered across followers,
    /// so the test is linear in their number.
    pub fn is_dead_ending(&self, g: FormId) -> bool {
        let mut left_moves = FxHashMap::default();
        let mut right_moves = FxHashMap::default();
        self.followers(g).iter().all(|&x| {
            (!self.left(x).is_empty() || !self.can_ever_move(x, true, &mut left_moves))
                && (!self.right(x).is_empty() || !self.can_ever_move(x, false, &mut right_moves))
        })
    }

    /// Whether that player has a move in `g` or in some follower.
    fn can_ever_move(&self, g: FormId, left: bool, memo: &mut FxHashMap<FormId, bool>) -> bool {
        crate::engine::grow(|| {
            if let Some(&v) = memo.get(&g) {
                return v;
            }
            let own = if left { self.left(g) } else { self.right(g) };
            let v = !own.is_empty()
                || self
                    .left(g)
                    .iter()
                    .chain(self.right(g))
                    .any(|&o| self.can_ever_move(o, left, memo));
            memo.insert(g, v);
            v
        })
    }

    /// Neither the form nor any follower is a misère P-position.
    pub fn is_p_free(&mut self, g: FormId) -> bool {
        self.followers(g)
            .into_iter()
            .all(|x| self.wins(x) != (false, false))
    }

    /// The longest run of moves from `g`, either player moving each time.
    pub fn birthday(&self, g: FormId) -> u32 {
        let mut day: FxHashMap<FormId, u32> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if day.contains_key(&x) {
                continue;
            }
            let options = self.left(x).iter().chain(self.right(x));
            if expanded {
                let d = options.map(|o| day[o] + 1).max().unwrap_or(0);
                day.insert(x, d);
            } else {
                stack.push((x, true));
                stack.extend(
                    options
                        .filter(|o| !day.contains_key(o))
                        .map(|&o| (o, false)),
                );
            }
        }
        day[&g]
    }
}

/// The forms that print by name (misere.md §0): these names are also their normal-play
/// canonical forms, so they read the same in both worlds.
fn named(arena: &mut FormArena) -> EngineResult<Vec<(&'static str, FormId)>> {
    let zero = FormId::ZERO;
    let star = arena.nimber(1)?;
    let one = arena.integer(1)?;
    let minus_one = arena.integer(-1)?;
    Ok(vec![
        ("*", star),
        ("^", arena.form(vec![zero], vec![star])?),
        ("v", arena.form(vec![star], vec![zero])?),
        ("^*", arena.form(vec![zero, star], vec![zero])?),
        ("v*", arena.form(vec![zero], vec![zero, star])?),
        ("+-1", arena.form(vec![one], vec![minus_one])?),
        ("1/2", arena.form(vec![zero], vec![one])?),
        ("-1/2", arena.form(vec![minus_one], vec![zero])?),
    ])
}

impl FormArena {
    /// A form in literal brace notation (misere.md §0): every brace is a literal form; `n` and
    /// `-n` are integer chains, `*n` nim forms, and `^`, `v`, `^*`, `v*`, `+-1`, `1/2`,
    /// `-1/2` the forms of those names.
    pub fn parse(&mut self, text: &str) -> Result<FormId, String> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let mut at = 0;
        let g = self.parse_form(&chars, &mut at)?;
        if at != chars.len() {
            return Err(format!(
                "unexpected {:?} after the form (at character {})",
                chars[at],
                at + 1
            ));
        }
        Ok(g)
    }

    fn parse_form(&mut self, chars: &[char], at: &mut usize) -> Result<FormId, String> {
        let engine_error = |e: EngineError| e.to_string();
        if chars.get(*at) == Some(&'{') {
            *at += 1;
            let left = self.parse_list(chars, at, '|')?;
            *at += 1;
            let right = self.parse_list(chars, at, '}')?;
            *at += 1;
            return self.form(left, right).map_err(engine_error);
        }
        // A name: the longest run of name characters.
        let start = *at;
        while chars
            .get(*at)
            .is_some_and(|c| c.is_ascii_digit() || "*^v+-/".contains(*c))
        {
            *at += 1;
        }
        let name: String = chars[start..*at].iter().collect();
        if name.is_empty() {
            return Err(match chars.get(start) {
                Some('|') => format!(
                    "one bar per brace in literal forms: write {{a|{{b|c}}}}, not {{a||b|c}} (at character {})",
                    start + 1
                ),
                Some(c) => format!("unexpected {c:?} (at character {})", start + 1),
                None => "a form is missing at the end".to_string(),
            });
        }
        self.named_form(&name)
            .map_err(|e| format!("{e} (at character {})", start + 1))
    }

    fn parse_list(
        &mut self,
        chars: &[char],
        at: &mut usize,
        end: char,
    ) -> Result<Vec<FormId>, String> {
        let mut out = Vec::new();
        if chars.get(*at) == Some(&end) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_form(chars, at)?);
            match chars.get(*at) {
                Some(',') => *at += 1,
                Some(&c) if c == end => return Ok(out),
                Some('|') => {
                    return Err(format!(
                        "one bar per brace in literal forms: write {{a|{{b|c}}}}, not {{a||b|c}} (at character {})",
                        *at + 1
                    ));
                }
                Some(c) => return Err(format!("unexpected {c:?} (at character {})", *at + 1)),
                None => return Err(format!("missing {end:?} at the end")),
            }
        }
    }

    fn named_form(&mut self, name: &str) -> Result<FormId, String> {
        const MAX_NAMED: i64 = 10_000;
        if let Ok(n) = name.parse::<i64>() {
            if n.abs() > MAX_NAMED {
                return Err(format!("integers up to {MAX_NAMED} here, found {n}"));
            }
            return self.integer(n).map_err(|e| e.to_string());
        }
        if let Some(rest) = name.strip_prefix('*')
            && let Ok(n) = if rest.is_empty() {
                Ok(1)
            } else {
                rest.parse::<u32>()
            }
        {
            if i64::from(n) > MAX_NAMED {
                return Err(format!("nim forms up to *{MAX_NAMED} here, found *{n}"));
            }
            return self.nimber(n).map_err(|e| e.to_string());
        }
        let table = named(self).map_err(|e| e.to_string())?;
        table
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, g)| g)
            .ok_or_else(|| format!("{name:?} names no form"))
    }

    /// The form in literal brace notation, names where they fit; options in order of
    /// birthday, then of their text.
    pub fn render(&mut self, g: FormId) -> EngineResult<String> {
        let table = named(self)?;
        let mut memo: FxHashMap<FormId, String> = FxHashMap::default();
        Ok(self.render_in(g, &table, &mut memo))
    }

    fn render_in(
        &mut self,
        g: FormId,
        table: &[(&'static str, FormId)],
        memo: &mut FxHashMap<FormId, String>,
    ) -> String {
        if let Some(s) = memo.get(&g) {
            return s.clone();
        }
        let text = if let Some(&(name, _)) = table.iter().find(|&&(_, f)| f == g) {
            name.to_string()
        } else if let Some(n) = self.as_integer(g) {
            n.to_string()
        } else if let Some(n) = self.as_nimber(g) {
            format!("*{n}")
        } else {
            let mut side = |options: Vec<FormId>, arena: &mut FormArena| -> String {
                let mut shown: Vec<(u32, String)> = options
                    .into_iter()
                    .map(|o| (arena.birthday(o), arena.render_in(o, table, memo)))
                    .collect();
                shown.sort();
                shown
                    .into_iter()
                    .map(|(_, s)| s)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let left = side(self.left(g).to_vec(), self);
            let right = side(self.right(g).to_vec(), self);
            format!("{{{left}|{right}}}")
        };
        memo.insert(g, text.clone());
        text
    }

    /// n when `g` is the chain of the integer n.
    fn as_integer(&self, g: FormId) -> Option<i64> {
        let (mut x, mut n) = (g, 0i64);
        loop {
            match (self.left(x), self.right(x)) {
                ([], []) => return Some(n),
                ([y], []) if n >= 0 => (x, n) = (*y, n + 1),
                ([], [y]) if n <= 0 => (x, n) = (*y, n - 1),
                _ => return None,
            }
        }
    }

    /// n when `g` is the nim form *n (n ≥ 2; 0 and * print as names).
    fn as_nimber(&self, g: FormId) -> Option<u32> {
        let left = self.left(g);
        if left.len() < 2 || left != self.right(g) {
            return None;
        }
        // Its options must be *0 … *(n−1), each a nim form itself.
        let mut values: Vec<u32> = Vec::with_capacity(left.len());
        for &o in left {
            values.push(if o == FormId::ZERO {
                0
            } else if self.left(o) == self.right(o) && self.left(o) == [FormId::ZERO] {
                1
            } else {
                self.as_nimber(o)?
            });
        }
        values.sort_unstable();
        values
            .iter()
            .enumerate()
            .all(|(i, &v)| v == i as u32)
            .then_some(values.len() as u32)
    }
}

/// The universes in which misère games are compared (misere.md §C.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Universe {
    /// Every follower has moves for both players or for neither.
    Dicot,
    /// Every end follower is a dead end.
    DeadEnding,
    /// Every game.
    All,
}

impl Universe {
    pub fn name(self) -> &'static str {
        match self {
            Universe::Dicot => "Dicot",
            Universe::DeadEnding => "DeadEnding",
            Universe::All => "AllGames",
        }
    }
}

impl FormArena {
    /// Whether `g` lies in the universe.
    pub fn is_in(&self, g: FormId, u: Universe) -> bool {
        match u {
            Universe::Dicot => self.is_dicot(g),
            Universe::DeadEnding => self.is_dead_ending(g),
            Universe::All => true,
        }
    }

    /// G ≥ H modulo the universe (both in it): o(G + X) ≥ o(H + X) for every X there.
    ///
    /// The order of absolute universes (Larsson, Nowakowski and Santos): *maintenance* —
    /// every Hᴸ is answered by some Gᴸ ≥ Hᴸ or some Hᴸᴿ ≤ G, and every Gᴿ by some Hᴿ ≤ Gᴿ or
    /// some Gᴿᴸ ≥ H — and the *proviso*, which given maintenance can only fail when H is a
    /// Left end and G is not, or G a Right end and H is not (misere.md §C.2). There the
    /// universe decides: never in the universe of all games (Siegel); in the dicots Left
    /// must win G moving first (the only Left end is 0); among dead-ending games also G plus
    /// any number of Right passes ([`FormArena::left_wins_against_passes`]).
    pub fn geq(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        crate::engine::grow(|| self.geq_step(g, h, u))
    }

    fn geq_step(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        if g == h {
            return true;
        }
        if let Some(&v) = self.order.get(&(u, g, h)) {
            return v;
        }
        let v = self.maintenance(g, h, u) && self.proviso(g, h, u);
        self.order.insert((u, g, h), v);
        v
    }

    fn maintenance(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        for hl in self.left(h).to_vec() {
            let answered = self
                .left(g)
                .to_vec()
                .into_iter()
                .any(|gl| self.geq(gl, hl, u))
                || self
                    .right(hl)
                    .to_vec()
                    .into_iter()
                    .any(|hlr| self.geq(g, hlr, u));
            if !answered {
                return false;
            }
        }
        for gr in self.right(g).to_vec() {
            let answered = self
                .right(h)
                .to_vec()
                .into_iter()
                .any(|hr| self.geq(gr, hr, u))
                || self
                    .left(gr)
                    .to_vec()
                    .into_iter()
                    .any(|grl| self.geq(grl, h, u));
            if !answered {
                return false;
            }
        }
        true
    }

    fn proviso(&mut self, g: FormId, h: FormId, u: Universe) -> bool {
        if self.left(h).is_empty() && !self.left(g).is_empty() {
            let holds = match u {
                Universe::All => false,
                Universe::Dicot => self.wins(g).0,
                Universe::DeadEnding => self.wins(g).0 && self.left_wins_against_passes(g),
            };
            if !holds {
                return false;
            }
        }
        if self.right(g).is_empty() && !self.right(h).is_empty() {
            let holds = match u {
                Universe::All => false,
                Universe::Dicot => self.wins(h).1,
                Universe::DeadEnding => {
                    let c = match self.conjugate(h) {
                        Ok(c) => c,
                        Err(_) => return false,
                    };
                    self.wins(h).1 && self.left_wins_against_passes(c)
                }
            };
            if !holds {
                return false;
            }
        }
        true
    }

    /// Left wins G + X moving first for every Left dead end X: against X, Right may pass in
    /// X, must pass at least once to use it, and Left never moves there. X_N = {| 0, X_(N−1)}
    /// with N = birthday(G) + 1 offers every useful number of passes (misere.md §C.2).
    pub fn left_wins_against_passes(&mut self, g: FormId) -> bool {
        let n = self.birthday(g) + 1;
        let mut memo: FxHashMap<(FormId, u32, bool), bool> = FxHashMap::default();
        self.pass_game_wins(g, n, true, &mut memo)
    }

    /// Whether the player to move (Left when `left`) wins G + X_k.
    fn pass_game_wins(
        &mut self,
        g: FormId,
        k: u32,
        left: bool,
        memo: &mut FxHashMap<(FormId, u32, bool), bool>,
    ) -> bool {
        crate::engine::grow(|| {
            if let Some(&v) = memo.get(&(g, k, left)) {
                return v;
            }
            let v = if left {
                let options = self.left(g).to_vec();
                options.is_empty()
                    || options
                        .into_iter()
                        .any(|o| !self.pass_game_wins(o, k, false, memo))
            } else {
                let mut moves: Vec<(FormId, u32)> = self.right(g).iter().map(|&o| (o, k)).collect();
                if k > 0 {
                    moves.push((g, 0));
                    moves.push((g, k - 1));
                }
                moves.is_empty()
                    || moves
                        .into_iter()
                        .any(|(o, j)| !self.pass_game_wins(o, j, true, memo))
            };
            memo.insert((g, k, left), v);
            v
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn outcome(a: &mut FormArena, text: &str) -> &'static str {
        let mut total = FormId::ZERO;
        for part in text.split(" + ") {
            let g = a.parse(part).unwrap();
            total = a.add(total, g).unwrap();
        }
        match a.wins(total) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
    }

    /// misere.md Part D.1: misère outcomes of forms and formal sums, checked by hand there.
    #[test]
    fn outcomes_of_the_spec_vectors() {
        let mut a = FormArena::new();
        for (text, expected) in [
            ("{1|*}", "R"),
            ("{0|-1}", "P"),
            ("{*2|}", "R"),
            ("+-1", "P"),
            ("{0,*|0}", "L"),
            ("1/2", "R"),
            ("{*|*}", "N"),
            ("{1|1}", "R"),
            ("{1|*} + {0|-1}", "N"),
            ("^ + ^", "P"),
            ("^ + v", "N"),
            ("^ + *", "N"),
            ("1 + *", "N"),
            ("1 + -1", "N"),
            ("2 + -1", "R"),
            ("+-1 + +-1", "N"),
            ("* + * + *", "P"),
            ("1/2 + -1/2", "N"),
            ("1 + 1 + -1", "R"),
            ("{1|*} + {*|-1}", "N"),
            ("*2 + *2", "P"),
            ("{0,*|0} + {0|0,*}", "N"),
            ("{1|0} + {0|-1}", "N"),
        ] {
            assert_eq!(outcome(&mut a, text), expected, "{text}");
        }
        let g = a.parse("{1|*}").unwrap();
        let conj = a.conjugate(g).unwrap();
        assert_eq!(a.render(conj).unwrap(), "{*|-1}");
    }

    #[test]
    fn ends_and_universes() {
        let mut a = FormArena::new();
        let mut check = |text: &str| {
            let g = a.parse(text).unwrap();
            (a.is_dicot(g), a.is_dead_ending(g))
        };
        assert_eq!(check("{0|*}"), (true, true));
        assert_eq!(check("{0|}"), (false, true));
        assert_eq!(check("{-1|}"), (false, false));
        assert_eq!(check("{*|*}"), (true, true));
        let g = a.parse("{|0,-1}").unwrap();
        assert!(a.is_left_dead_end(g) && !a.is_right_dead_end(g));
    }

    /// A random literal form, as text.
    fn form_text() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("0".to_string()),
            Just("*".to_string()),
            Just("1".to_string()),
            Just("-1".to_string()),
            Just("^".to_string()),
            Just("*2".to_string()),
        ];
        leaf.prop_recursive(3, 16, 3, |inner| {
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner, 0..3),
            )
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
        })
    }

    /// Who wins G + H moving first, by search over pairs of forms (no sum is built).
    fn pair_wins(
        a: &FormArena,
        g: FormId,
        h: FormId,
        memo: &mut FxHashMap<(FormId, FormId), (bool, bool)>,
    ) -> (bool, bool) {
        if let Some(&w) = memo.get(&(g, h)) {
            return w;
        }
        let lefts: Vec<(FormId, FormId)> = a
            .left(g)
            .iter()
            .map(|&x| (x, h))
            .chain(a.left(h).iter().map(|&y| (g, y)))
            .collect();
        let rights: Vec<(FormId, FormId)> = a
            .right(g)
            .iter()
            .map(|&x| (x, h))
            .chain(a.right(h).iter().map(|&y| (g, y)))
            .collect();
        let left = lefts.is_empty() || lefts.iter().any(|&(x, y)| !pair_wins(a, x, y, memo).1);
        let right = rights.is_empty() || rights.iter().any(|&(x, y)| !pair_wins(a, x, y, memo).0);
        memo.insert((g, h), (left, right));
        (left, right)
    }

    fn compare(a: &mut FormArena, g: &str, h: &str, u: Universe) -> &'static str {
        let (g, h) = (a.parse(g).unwrap(), a.parse(h).unwrap());
        match (a.geq(g, h, u), a.geq(h, g, u)) {
            (true, true) => "=",
            (true, false) => ">",
            (false, true) => "<",
            (false, false) => "<>",
        }
    }

    fn invertible(a: &mut FormArena, g: &str, u: Universe) -> bool {
        let g = a.parse(g).unwrap();
        let c = a.conjugate(g).unwrap();
        let s = a.add(g, c).unwrap();
        a.geq(s, FormId::ZERO, u) && a.geq(FormId::ZERO, s, u)
    }

    /// misere.md Part D.3: comparisons and invertibility.
    #[test]
    fn comparisons_of_the_spec_vectors() {
        use Universe::*;
        let mut a = FormArena::new();
        assert_eq!(compare(&mut a, "{0|*}", "0", Dicot), "<>");
        assert_eq!(compare(&mut a, "{0|*}", "*", Dicot), "<>");
        assert_eq!(compare(&mut a, "{0,*|0}", "{0|*}", Dicot), "<>");
        assert_eq!(compare(&mut a, "{*|*}", "0", Dicot), "=");
        assert_eq!(compare(&mut a, "{*|*}", "0", DeadEnding), "<>");
        assert_eq!(compare(&mut a, "{*|*}", "0", All), "<>");
        assert_eq!(compare(&mut a, "{0|}", "0", DeadEnding), "<>");
        assert_eq!(compare(&mut a, "-2", "{|0,-1}", DeadEnding), ">");
        assert_eq!(compare(&mut a, "-1", "-2", DeadEnding), "<>");
        assert_eq!(compare(&mut a, "{-1|1}", "0", DeadEnding), "=");
        for g in ["*", "^", "{0,*|0}", "{0|0,*}", "{0,*|*}"] {
            assert!(invertible(&mut a, g, Dicot), "{g}");
        }
        for g in ["*2", "{*2|0}"] {
            assert!(!invertible(&mut a, g, Dicot), "{g}");
        }
        for g in ["{0|}", "2", "{0|1}", "{-1|0}"] {
            assert!(invertible(&mut a, g, DeadEnding), "{g}");
        }
        for g in ["{1|-1}", "{0|-1}", "{*|*}"] {
            assert!(!invertible(&mut a, g, DeadEnding), "{g}");
        }
    }

    /// Misère outcomes, ordered for Left (L above N and P, both above R): better for Left
    /// when Left, moving first, wins at least as often, and Right, moving first, at most.
    fn outcome_geq(x: (bool, bool), y: (bool, bool)) -> bool {
        x.0 >= y.0 && x.1 <= y.1
    }

    /// All forms born by day 2 whose options are forms born by day 1 (0, 1, −1, *).
    fn day_two(a: &mut FormArena) -> Vec<FormId> {
        let day_one = ["0", "1", "-1", "*"].map(|t| a.parse(t).unwrap());
        let mut out = Vec::new();
        for left in 0..16u32 {
            for right in 0..16u32 {
                let pick = |mask: u32| {
                    (0..4)
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| day_one[i])
                        .collect::<Vec<_>>()
                };
                out.push(a.form(pick(left), pick(right)).unwrap());
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Every claim G ≥ H modulo a universe holds against every test game of that universe
    /// born by day 2 (misere.md §C.2's check, on all dicot pairs and on sampled dead-ending
    /// and general pairs).
    #[test]
    fn comparisons_hold_against_test_games() {
        let mut a = FormArena::new();
        let all = day_two(&mut a);
        assert_eq!(all.len(), 256);
        for u in [Universe::Dicot, Universe::DeadEnding, Universe::All] {
            let members: Vec<FormId> = all.iter().copied().filter(|&g| a.is_in(g, u)).collect();
            let expected = match u {
                Universe::Dicot => 10,
                Universe::DeadEnding => 232,
                Universe::All => 256,
            };
            assert_eq!(members.len(), expected, "{u:?}");
            let step = if u == Universe::Dicot { 1 } else { 7 };
            let mut claims = 0;
            for (i, &g) in members.iter().enumerate() {
                for &h in members.iter().skip(i % step).step_by(step) {
                    if !a.geq(g, h, u) {
                        continue;
                    }
                    claims += 1;
                    for &x in &members {
                        let (gx, hx) = (a.add(g, x).unwrap(), a.add(h, x).unwrap());
                        let (wg, wh) = (a.wins(gx), a.wins(hx));
                        assert!(
                            outcome_geq(wg, wh),
                            "{u:?}: {:?} {:?} {:?}",
                            a.render(g),
                            a.render(h),
                            a.render(x)
                        );
                    }
                }
            }
            assert!(claims > members.len(), "{u:?}: only {claims} claims");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Printed forms read back as the same form.
        #[test]
        fn forms_print_and_read_back(text in form_text()) {
            let mut a = FormArena::new();
            let g = a.parse(&text).unwrap();
            let shown = a.render(g).unwrap();
            prop_assert_eq!(a.parse(&shown).unwrap(), g, "{} printed as {}", text, shown);
        }

        /// The misère outcome of a formal sum equals a direct search over pairs, and
        /// conjugating swaps the players.
        #[test]
        fn sums_and_conjugates_agree_with_search(g in form_text(), h in form_text()) {
            let mut a = FormArena::new();
            let (g, h) = (a.parse(&g).unwrap(), a.parse(&h).unwrap());
            let s = a.add(g, h).unwrap();
            let direct = pair_wins(&a, g, h, &mut FxHashMap::default());
            prop_assert_eq!(a.wins(s), direct);
            let c = a.conjugate(s).unwrap();
            let (l, r) = a.wins(s);
            prop_assert_eq!(a.wins(c), (r, l));
            prop_assert_eq!(a.conjugate(c).unwrap(), s);
        }
    }
}
