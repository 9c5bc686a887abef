//! The arena: every canonical game is stored once, as a [`Node`], and named by its index
//! ([`GameId`]). Equal values therefore have equal ids.
//!
//! Games of the form number + ups + star ([`Nus`]) are stored as three numbers; their option
//! lists are materialised only when something asks for them. Other games store their canonical
//! option ids in one shared pool. A hash index over (Left ids, Right ids) makes construction
//! idempotent (hash-consing).

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::table::{StoredId, Table};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

/// A canonical short game: an index into the engine's arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

impl GameId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Normal-play outcome classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
}

impl Outcome {
    /// The outcome from whether Left and Right, each moving first, win.
    pub fn from_first_moves(left_wins: bool, right_wins: bool) -> Outcome {
        match (left_wins, right_wins) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    pub fn letter(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        }
    }

    pub fn meaning(self) -> &'static str {
        match self {
            Outcome::L => "Left wins",
            Outcome::R => "Right wins",
            Outcome::P => "second player wins",
            Outcome::N => "first player wins",
        }
    }
}

/// Why an engine computation stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// A number grew beyond the supported range.
    Overflow,
    /// The interrupt flag was raised (Ctrl-C).
    Interrupted,
    /// The process's heap outgrew the memory ceiling (`bytes` in use, `limit` allowed).
    MemoryLimit { bytes: usize, limit: usize },
    /// A result would have more than `limit` elements (e.g. the followers of a huge game).
    TooMany { what: &'static str, limit: u64 },
    /// An argument outside the operation's domain (e.g. cooling by t ≤ −1).
    InvalidArgument(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Overflow => write!(f, "number too large (overflow)"),
            EngineError::Interrupted => write!(f, "interrupted"),
            EngineError::MemoryLimit { bytes, limit } => {
                // A figure that saturated stands for more than any machine has.
                let more = if *bytes == usize::MAX {
                    "more than "
                } else {
                    ""
                };
                write!(
                    f,
                    "memory limit reached: {more}{} MiB needed, the ceiling is {} MiB (CGCALC_MAX_MEMORY_MB)",
                    bytes >> 20,
                    limit >> 20
                )
            }
            EngineError::TooMany { what, limit } => {
                write!(f, "too many {what} (more than {limit})")
            }
            EngineError::InvalidArgument(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for EngineError {}

pub type EngineResult<T> = Result<T, EngineError>;

/// The largest nimber whose options are ever listed (2^24: 64 MiB of option ids per side).
const MAX_NIMBER_OPTIONS: u64 = 1 << 24;

/// A slice of the option pool.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Span {
    pub start: u32,
    pub len: u32,
}

const NO_GAME: u32 = u32::MAX;

/// `Node::nus` of a general game.
const NOT_NUS: u32 = u32::MAX;

/// One stored game, kept small (40 bytes): a game a million levels deep stores millions of
/// them. NUS values and stops are wide (a dyadic holds an `i128`), so nodes refer to them by
/// index into tables of distinct values.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// Index into `nus_values` for a NUS game, [`NOT_NUS`] for a general one.
    pub nus: u32,
    pub left: Span,
    pub right: Span,
    /// False for a NUS whose options have not been materialised yet.
    pub options_ready: bool,
    /// Indices into `stop_values`.
    pub left_stop: u32,
    pub right_stop: u32,
    /// Cached negative (`NO_GAME` until computed).
    pub negative: u32,
    /// Hash of the option lists (general games only), kept for the index; widened by
    /// [`spread_hash`] for the hash table.
    pub hash: u32,
}

/// A 64-bit table hash from a node's stored 32 bits (hashbrown reads the top bits too).
fn spread_hash(h: u32) -> u64 {
    u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The game engine: arena, indexes and operation caches.
pub struct Engine {
    pub(super) nodes: Vec<Node>,
    pub(super) pool: Vec<GameId>,
    nus_index: FxHashMap<Nus, GameId>,
    /// The NUS value of each NUS game, in order of creation.
    nus_values: Vec<Nus>,
    /// The distinct stops, and where each is.
    stop_values: Vec<Dyadic>,
    /// Each stop rounded to an `f64`, which orders most pairs without the exact comparison
    /// (see [`Engine::compare_stops`]).
    stop_approx: Vec<f64>,
    stop_index: FxHashMap<Dyadic, u32>,
    /// The number equal to each stop, once it is in the arena (`NO_GAME` before).
    stop_numbers: Vec<u32>,
    general_index: HashTable<GameId>,
    pub(super) sum_cache: Table<(GameId, GameId), StoredId>,
    /// For a general game first built as a NUS plus a general game, those two parts (see
    /// `Engine::add`).
    pub(super) sum_parts: Table<GameId, (StoredId, StoredId)>,
    pub(super) leq_cache: Table<(GameId, GameId), bool>,
    pub(super) caches: super::properties::PropertyCaches,
    pub(super) thermo: super::thermograph::ThermoCaches,
    pub(super) uptimal: super::uptimal::UptimalCaches,
    pub(super) products: super::products::ProductCaches,
    pub(super) atomic: super::atomic::AtomicCaches,
    pub(super) compound: super::compound::CompoundCaches,
    pub(super) loopy: super::loopy::LoopyCaches,
    interrupt: Arc<AtomicBool>,
    memory_limit: usize,
    /// How many threads a search may use (see [`Engine::threads`]).
    threads: usize,
    /// Set while sums are computed bottom-up (see `Engine::add`), which must not nest.
    pub(super) filling_sums: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

fn hash_options(left: &[GameId], right: &[GameId]) -> u64 {
    let mut h = FxHasher::default();
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

impl Engine {
    pub fn new() -> Self {
        Engine::with_interrupt_flag(Arc::new(AtomicBool::new(false)))
    }

    /// An empty engine that polls `interrupt` (shared with other engines, see
    /// [`Engine::worker`]).
    pub(super) fn with_interrupt_flag(interrupt: Arc<AtomicBool>) -> Self {
        let mut engine = Engine {
            nodes: Vec::new(),
            pool: Vec::new(),
            nus_index: FxHashMap::default(),
            nus_values: Vec::new(),
            stop_values: Vec::new(),
            stop_approx: Vec::new(),
            stop_index: FxHashMap::default(),
            stop_numbers: Vec::new(),
            general_index: HashTable::new(),
            sum_cache: Table::default(),
            sum_parts: Table::default(),
            leq_cache: Table::default(),
            caches: Default::default(),
            thermo: Default::default(),
            uptimal: Default::default(),
            products: Default::default(),
            atomic: Default::default(),
            compound: Default::default(),
            loopy: Default::default(),
            interrupt,
            memory_limit: usize::MAX,
            threads: 1,
            filling_sums: false,
        };
        let zero = engine.nus(Nus::number(Dyadic::ZERO));
        debug_assert_eq!(zero, Engine::ZERO);
        engine
    }

    /// The id of 0 (always the first game stored).
    pub const ZERO: GameId = GameId(0);

    pub fn zero(&self) -> GameId {
        Engine::ZERO
    }

    /// The flag long computations poll; raising it makes them return [`EngineError::Interrupted`].
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// Fail with `Interrupted` if the flag is raised, or `MemoryLimit` past the ceiling.
    pub(super) fn poll(&self) -> EngineResult<()> {
        if self.interrupt.load(AtomicOrdering::Relaxed) {
            return Err(EngineError::Interrupted);
        }
        self.check_memory()
    }

    /// Fail with `MemoryLimit` when the process's heap is past the ceiling.
    pub fn check_memory(&self) -> EngineResult<()> {
        self.check_memory_for(0)
    }

    /// Fail with `MemoryLimit` when the heap plus `extra` more bytes would pass the ceiling
    /// (before a collection doubles its buffer, so that the doubling cannot overshoot it).
    pub fn check_memory_for(&self, extra: usize) -> EngineResult<()> {
        let refused = super::memory::take_refused_growth();
        let bytes = super::memory::heap_bytes()
            .saturating_add(extra)
            .saturating_add(refused);
        if bytes > self.memory_limit {
            return Err(EngineError::MemoryLimit {
                bytes,
                limit: self.memory_limit,
            });
        }
        Ok(())
    }

    /// Forget the property and thermograph memos (each only saves recomputing a canonical
    /// game's figure), for after a computation that failed having filled them: the games
    /// stay, what was worked out about them goes.
    pub fn forget_memos(&mut self) {
        self.caches = Default::default();
        self.thermo = Default::default();
    }

    /// For callers outside the engine that loop over games (printing, rulesets).
    pub fn check_interrupt(&self) -> EngineResult<()> {
        self.poll()
    }

    /// The ceiling on the process's heap (lent to computations outside the arena, such as
    /// [`super::ordinal::with_limits`]).
    pub fn memory_limit(&self) -> usize {
        self.memory_limit
    }

    /// Set a ceiling on the process's heap; computations fail with `MemoryLimit` beyond it.
    pub fn set_memory_limit(&mut self, bytes: usize) {
        self.memory_limit = bytes;
    }

    /// How many threads a long search may split into (1 unless set). Each extra thread
    /// computes in an engine of its own ([`Engine::worker`]) and hands back results through
    /// [`super::shared`]; the answer is the same whatever the number.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Allow searches `threads` threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Approximate bytes held by the arena, its indexes and caches.
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        let map_entry = |k: usize, v: usize| k + v + 1;
        self.nodes.capacity() * size_of::<Node>()
            + self.pool.capacity() * size_of::<GameId>()
            + self.nus_index.capacity() * map_entry(size_of::<Nus>(), size_of::<GameId>())
            + self.nus_values.capacity() * size_of::<Nus>()
            + self.stop_values.capacity() * size_of::<Dyadic>()
            + self.stop_approx.capacity() * size_of::<f64>()
            + self.stop_numbers.capacity() * size_of::<u32>()
            + self.stop_index.capacity() * map_entry(size_of::<Dyadic>(), 4)
            + self.general_index.capacity() * map_entry(size_of::<GameId>(), 0)
            + self.sum_cache.memory_bytes()
            + self.sum_parts.memory_bytes()
            + self.leq_cache.memory_bytes()
            + self.caches.memory_bytes()
            + self.thermo.memory_bytes()
            + self.uptimal.memory_bytes()
            + self.products.memory_bytes()
            + self.atomic.memory_bytes()
            + self.compound.memory_bytes()
    }

    /// Bytes that one more general game takes in the arena and its index, besides its options.
    pub(super) const GENERAL_GAME_BYTES: usize =
        std::mem::size_of::<Node>() + std::mem::size_of::<GameId>() + 1;

    /// Room for `games` more general games with `options` options in all, asked for once
    /// before a long chain is built (growing by doublings rehashes the index each time). The
    /// caller has checked that they fit under the ceiling.
    pub(super) fn reserve_general(&mut self, games: usize, options: usize) {
        let _ = self.nodes.try_reserve(games);
        let _ = self.pool.try_reserve(options);
        let nodes = &self.nodes;
        let _ = self
            .general_index
            .try_reserve(games, |&g| spread_hash(nodes[g.index()].hash));
    }

    /// Number of games stored.
    pub fn game_count(&self) -> usize {
        self.nodes.len()
    }

    fn push_node(&mut self, node: Node) -> EngineResult<GameId> {
        if self.nodes.len().is_multiple_of(4096) {
            self.check_memory()?;
        }
        self.push_node_unchecked(node)
    }

    /// Store a node without the memory check (for nodes too small to matter; the next
    /// checked step reports the ceiling).
    fn push_node_unchecked(&mut self, node: Node) -> EngineResult<GameId> {
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i != NO_GAME)
            .ok_or(EngineError::TooMany {
                what: "games in the arena",
                limit: u64::from(NO_GAME),
            })?;
        self.nodes.push(node);
        Ok(GameId(id))
    }

    /// The id of a NUS value, storing it if new.
    pub fn nus(&mut self, value: Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(&value) {
            return id;
        }
        let stop = self.intern_stop(value.number);
        let node = Node {
            nus: self.nus_values.len() as u32,
            left: Span::default(),
            right: Span::default(),
            options_ready: false,
            left_stop: stop,
            right_stop: stop,
            negative: NO_GAME,
            hash: 0,
        };
        // A NUS node is tiny, so it skips the memory check (the next checked step reports
        // the ceiling). The id space (2^32 games) cannot run out first: the memory ceiling
        // stops the arena long before.
        let id = match self.push_node_unchecked(node) {
            Ok(id) => id,
            Err(_) => unreachable!("the memory ceiling is reached before 2^32 games"),
        };
        self.nus_values.push(value);
        self.nus_index.insert(value, id);
        if value.is_number() {
            self.stop_numbers[stop as usize] = id.0;
        }
        id
    }

    /// The index of a stop value, storing it if new.
    fn intern_stop(&mut self, x: Dyadic) -> u32 {
        if let Some(&i) = self.stop_index.get(&x) {
            return i;
        }
        let i = self.stop_values.len() as u32;
        self.stop_values.push(x);
        self.stop_approx.push(x.approx());
        self.stop_numbers.push(NO_GAME);
        self.stop_index.insert(x, i);
        i
    }

    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from_int(n))
    }

    pub fn nimber(&mut self, m: u64) -> GameId {
        self.nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nim: m,
        })
    }

    /// n·↑ (negative n: downs).
    pub fn ups(&mut self, n: i64) -> GameId {
        self.nus(Nus {
            number: Dyadic::ZERO,
            ups: n,
            nim: 0,
        })
    }

    /// Whether g is stored as a NUS (see [`Engine::as_nus`]), without reading its value.
    pub fn is_nus(&self, g: GameId) -> bool {
        self.nodes[g.index()].nus != NOT_NUS
    }

    pub fn as_nus(&self, g: GameId) -> Option<Nus> {
        let i = self.nodes[g.index()].nus;
        (i != NOT_NUS).then(|| self.nus_values[i as usize])
    }

    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.as_nus(g).filter(Nus::is_number).map(|n| n.number)
    }

    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// Store a general (non-NUS) game from canonical option lists that are already sorted,
    /// deduplicated, and known to form a canonical game. Returns the existing id if present.
    pub(super) fn intern_general(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> EngineResult<GameId> {
        let hash = hash_options(left, right) as u32;
        let (nodes, pool) = (&self.nodes, &self.pool);
        let slice = |s: Span| &pool[s.start as usize..(s.start + s.len) as usize];
        if let Some(&id) = self.general_index.find(spread_hash(hash), |&id| {
            let n = &nodes[id.index()];
            n.nus == NOT_NUS && n.hash == hash && slice(n.left) == left && slice(n.right) == right
        }) {
            return Ok(id);
        }
        // Stops are kept by index, so the extreme one is found by index too.
        let left_stop = left
            .iter()
            .map(|&g| self.nodes[g.index()].right_stop)
            .max_by(|&i, &j| self.compare_stops(i, j));
        let right_stop = right
            .iter()
            .map(|&g| self.nodes[g.index()].left_stop)
            .min_by(|&i, &j| self.compare_stops(i, j));
        let zero = self.nodes[Engine::ZERO.index()].left_stop;
        let (left_stop, right_stop) = (left_stop.unwrap_or(zero), right_stop.unwrap_or(zero));
        let left_span = self.push_options(left);
        let right_span = self.push_options(right);
        let id = self.push_node(Node {
            nus: NOT_NUS,
            left: left_span,
            right: right_span,
            options_ready: true,
            left_stop,
            right_stop,
            negative: NO_GAME,
            hash,
        })?;
        let nodes = &self.nodes;
        self.general_index
            .insert_unique(spread_hash(hash), id, |&g| {
                spread_hash(nodes[g.index()].hash)
            });
        Ok(id)
    }

    fn push_options(&mut self, options: &[GameId]) -> Span {
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(options);
        Span {
            start,
            len: options.len() as u32,
        }
    }

    /// Make sure a NUS node's options are in the pool.
    pub(super) fn ensure_options(&mut self, g: GameId) -> EngineResult<()> {
        if self.nodes[g.index()].options_ready {
            return Ok(());
        }
        // Materialised options of big nimbers add up (*n holds n of them), so the ceiling is
        // checked here too, not only when nodes are created.
        self.check_memory()?;
        let value = self
            .as_nus(g)
            .expect("only NUS nodes are created without options");
        // x + *n = {x + *0, …, x + *(n−1) | the same} has n options on each side: beyond
        // this many, materialising them is hopeless. (NUS values with ups have at most two
        // options, whatever their star part.)
        let starred_number = value.ups == 0 && value.nim > 0;
        if starred_number && value.nim > MAX_NIMBER_OPTIONS {
            return Err(EngineError::TooMany {
                what: if value.is_nimber() {
                    "options of a nimber"
                } else {
                    "options of a number plus a nimber"
                },
                limit: MAX_NIMBER_OPTIONS,
            });
        }
        let (mut left, mut right) = if starred_number {
            // Listed one by one, never as a whole vector of values, so a huge nimber meets
            // the ceiling before it has cost much.
            let ids = self.nus_ids((0..value.nim).map(|j| Nus { nim: j, ..value }))?;
            (ids.clone(), ids)
        } else {
            let left = value.left_options().ok_or(EngineError::Overflow)?;
            let right = value.right_options().ok_or(EngineError::Overflow)?;
            (self.nus_ids(left)?, self.nus_ids(right)?)
        };
        left.sort_unstable();
        right.sort_unstable();
        let left_span = self.push_options(&left);
        let right_span = self.push_options(&right);
        let node = &mut self.nodes[g.index()];
        node.left = left_span;
        node.right = right_span;
        node.options_ready = true;
        Ok(())
    }

    /// The ids of many NUS values (a big nimber's options), checking the memory ceiling and
    /// the interrupt flag as they are stored.
    fn nus_ids(&mut self, values: impl IntoIterator<Item = Nus>) -> EngineResult<Vec<GameId>> {
        let mut ids = Vec::new();
        for (i, n) in values.into_iter().enumerate() {
            if i % 65536 == 65535 {
                self.poll()?;
            }
            ids.push(self.nus(n));
        }
        Ok(ids)
    }

    /// (start, len) of g's Left options in the pool.
    pub(super) fn left_span(&mut self, g: GameId) -> EngineResult<(usize, usize)> {
        self.ensure_options(g)?;
        let s = self.nodes[g.index()].left;
        Ok((s.start as usize, s.len as usize))
    }

    pub(super) fn right_span(&mut self, g: GameId) -> EngineResult<(usize, usize)> {
        self.ensure_options(g)?;
        let s = self.nodes[g.index()].right;
        Ok((s.start as usize, s.len as usize))
    }

    /// The canonical Left options of g (sorted by id).
    pub fn left_options(&mut self, g: GameId) -> EngineResult<Vec<GameId>> {
        let (start, len) = self.left_span(g)?;
        Ok(self.pool[start..start + len].to_vec())
    }

    /// The canonical Right options of g (sorted by id).
    pub fn right_options(&mut self, g: GameId) -> EngineResult<Vec<GameId>> {
        let (start, len) = self.right_span(g)?;
        Ok(self.pool[start..start + len].to_vec())
    }

    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.stop_values[self.nodes[g.index()].left_stop as usize]
    }

    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.stop_values[self.nodes[g.index()].right_stop as usize]
    }

    /// g's Left stop, as the index of the interned value (see [`Engine::compare_stops`]).
    pub(super) fn left_stop_index(&self, g: GameId) -> u32 {
        self.nodes[g.index()].left_stop
    }

    pub(super) fn right_stop_index(&self, g: GameId) -> u32 {
        self.nodes[g.index()].right_stop
    }

    pub(super) fn interned_stop(&self, i: u32) -> Dyadic {
        self.stop_values[i as usize]
    }

    /// The number equal to stop `i`.
    pub(super) fn stop_number(&mut self, i: u32) -> GameId {
        match self.stop_numbers[i as usize] {
            NO_GAME => self.number(self.stop_values[i as usize]),
            id => GameId(id),
        }
    }

    /// Whether a stop of g exceeds the same stop of h, which rules out g ≤ h.
    #[inline]
    pub(super) fn some_stop_exceeds(&self, g: GameId, h: GameId) -> bool {
        let (a, b) = (&self.nodes[g.index()], &self.nodes[h.index()]);
        let exceeds = |x: u32, y: u32| self.compare_stops(x, y) == Ordering::Greater;
        exceeds(a.left_stop, b.left_stop) || exceeds(a.right_stop, b.right_stop)
    }

    /// The order of two stops given by index. Stops are interned, so equal indices are equal
    /// values; otherwise their `f64` roundings decide, unless they round alike (values too
    /// close for an `f64`, rare), when the exact values do.
    #[inline]
    pub(super) fn compare_stops(&self, i: u32, j: u32) -> Ordering {
        if i == j {
            return Ordering::Equal;
        }
        let (x, y) = (self.stop_approx[i as usize], self.stop_approx[j as usize]);
        if x < y {
            Ordering::Less
        } else if x > y {
            Ordering::Greater
        } else {
            self.stop_values[i as usize].cmp(&self.stop_values[j as usize])
        }
    }

    /// Both stops of g rounded to `f64` (left, right): monotone in the exact stops, for
    /// heuristics and for filters that only need "x ≤ y implies approx(x) ≤ approx(y)".
    #[inline]
    pub(super) fn approx_stops(&self, g: GameId) -> (f64, f64) {
        let n = &self.nodes[g.index()];
        (
            self.stop_approx[n.left_stop as usize],
            self.stop_approx[n.right_stop as usize],
        )
    }

    pub(super) fn cached_negative(&self, g: GameId) -> Option<GameId> {
        let n = self.nodes[g.index()].negative;
        (n != NO_GAME).then_some(GameId(n))
    }

    pub(super) fn set_negative(&mut self, g: GameId, neg: GameId) {
        self.nodes[g.index()].negative = neg.0;
        self.nodes[neg.index()].negative = g.0;
    }
}

#[cfg(test)]
mod node_size_tests {
    #[test]
    fn nodes_stay_small() {
        // Deep games store millions of nodes; a wide field here multiplies their memory.
        assert!(std::mem::size_of::<super::Node>() <= 40);
    }
}
