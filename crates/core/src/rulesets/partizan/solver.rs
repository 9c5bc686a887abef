//! The generic solver: the value of a position is the sum of its components' values; a
//! component's value is the canonical form of `{values of Left's moves | values of Right's
//! moves}`, unless its ruleset knows a closed form. Components are remembered in a
//! transposition table keyed by the ruleset's canonical key, so each is solved once.
//!
//! One table per ruleset lives for the whole session ([`solve`]): the game ids it stores
//! belong to one engine, so the table remembers which engine it serves (by the identity of the
//! engine's interrupt flag, held weakly so that the address cannot be reused) and starts empty
//! for another engine.
//!
//! A search may be split between threads ([`Engine::threads`]): see `parallel`, which explains
//! why they share one table of results.

use super::Rules;
use super::parallel::{Sharing, WarmUp};
use crate::engine::table::{StoredId, Table};
use crate::engine::{Engine, EngineError, EngineResult, GameId, progress};
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Weak};

/// A transposition table for one ruleset, and the search that fills it.
pub struct Solver<G: Rules> {
    table: Entries<G>,
    /// Entries of `table` under a literal key ([`Rules::literal_key`]) that is not the key:
    /// second names of components solved already.
    aliases: usize,
    /// Spare buffers, reused down the recursion instead of allocating at every position.
    spare_parts: Vec<Vec<(G, u64)>>,
    spare_moves: Vec<Vec<G>>,
    spare_pieces: Vec<Vec<Piece<G>>>,
    spare_ends: Vec<Vec<usize>>,
    /// While the search is split between threads: the results they share.
    pub(super) sharing: Option<Sharing<G>>,
    /// While the search runs alone before it may be split: it stops (as
    /// [`EngineError::Interrupted`]) rather than solve a component once the time is up.
    pub(super) warm_up: Option<WarmUp>,
}

/// A key of at most 96 bits ([`Rules::narrow_key`]): 64 bits of position and a 32-bit tag
/// (what else the key holds: a board's shape, a strip's length), so that with its value an
/// entry is 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrowKey([u32; 3]);

impl NarrowKey {
    pub fn new(bits: u64, tag: u32) -> NarrowKey {
        NarrowKey([bits as u32, (bits >> 32) as u32, tag])
    }

    /// The 64 bits of position and the tag.
    pub fn parts(self) -> (u64, u32) {
        let [low, high, tag] = self.0;
        (u64::from(low) | u64::from(high) << 32, tag)
    }
}

impl Hash for NarrowKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let [low, high, tag] = self.0;
        state.write_u64(u64::from(low) | u64::from(high) << 32);
        state.write_u32(tag);
    }
}

/// The solver's table: keys that have a narrow form ([`Rules::narrow_key`]) in one map, the
/// others whole in another. Which map holds a key depends on the key alone.
struct Entries<G: Rules> {
    whole: Table<G::Key, StoredId>,
    narrow: Table<NarrowKey, StoredId>,
}

impl<G: Rules> Default for Entries<G> {
    fn default() -> Self {
        Entries {
            whole: Table::default(),
            narrow: Table::default(),
        }
    }
}

impl<G: Rules> Entries<G> {
    fn len(&self) -> usize {
        self.whole.len() + self.narrow.len()
    }

    fn memory_bytes(&self) -> usize {
        self.whole.memory_bytes() + self.narrow.memory_bytes()
    }

    fn get(&self, key: &G::Key) -> Option<GameId> {
        match G::narrow_key(key) {
            Some(narrow) => self.narrow.get(&narrow),
            None => self.whole.get(key),
        }
        .map(GameId::from)
    }

    /// Prefetch the slot of `key` (see [`Table::touch`]).
    fn touch(&self, key: &G::Key) {
        match G::narrow_key(key) {
            Some(narrow) => self.narrow.touch(&narrow),
            None => self.whole.touch(key),
        }
    }

    fn insert(&mut self, key: &G::Key, value: GameId) {
        match G::narrow_key(key) {
            Some(narrow) => self.narrow.insert(narrow, value.into()),
            None => self.whole.insert(key.clone(), value.into()),
        }
    }
}

/// A component of a position one move away, keyed.
struct Piece<G: Rules> {
    part: G,
    count: u64,
    key: PieceKey<G::Key>,
}

/// How a [`Piece`] is looked up.
enum PieceKey<K> {
    /// By its key ([`Rules::key`]), of the keyed representative or its negative.
    Keyed { key: K, negated: bool },
    /// By its literal key ([`Rules::literal_key`]) first; the key is made only if that fails.
    Literal(K),
}

impl<G: Rules> Default for Solver<G> {
    fn default() -> Self {
        Solver {
            table: Entries::default(),
            aliases: 0,
            spare_parts: Vec::new(),
            spare_moves: Vec::new(),
            spare_pieces: Vec::new(),
            spare_ends: Vec::new(),
            sharing: None,
            warm_up: None,
        }
    }
}

impl<G: Rules> Solver<G> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of components solved so far.
    pub fn len(&self) -> usize {
        self.table.len() - self.aliases
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value in the table of the component keyed `key`.
    pub(super) fn table_value(&self, key: &G::Key) -> Option<GameId> {
        self.table.get(key)
    }

    /// Approximate bytes held by the table.
    pub fn memory_bytes(&self) -> usize {
        self.table.memory_bytes()
    }

    /// The canonical value of a position.
    pub fn value(&mut self, position: &G, engine: &mut Engine) -> EngineResult<GameId> {
        let mut parts = self.spare_parts.pop().unwrap_or_default();
        parts.clear();
        position.components(&mut parts);
        let result = match parts.as_slice() {
            [] => Ok(Engine::ZERO),
            [(part, 1)] => self.component_value(part, engine),
            _ => self.sum_of_parts(&parts, engine),
        };
        self.spare_parts.push(parts);
        result
    }

    fn sum_of_parts(&mut self, parts: &[(G, u64)], engine: &mut Engine) -> EngineResult<GameId> {
        let mut values = Vec::with_capacity(parts.len());
        for (part, count) in parts {
            values.push((self.component_value(part, engine)?, *count));
        }
        sum(values, engine)
    }

    fn component_value(&mut self, part: &G, engine: &mut Engine) -> EngineResult<GameId> {
        if part.is_over() {
            return Ok(Engine::ZERO);
        }
        let (key, negated) = part.key();
        self.keyed_value(part, &key, negated, engine)
    }

    /// The value of a component whose key is `key` (`negated` as [`Rules::key`] says).
    pub(super) fn keyed_value(
        &mut self,
        part: &G,
        key: &G::Key,
        negated: bool,
        engine: &mut Engine,
    ) -> EngineResult<GameId> {
        if let Some(v) = self.table.get(key) {
            return if negated { engine.neg(v) } else { Ok(v) };
        }
        engine.check_interrupt()?;
        if let Some(sharing) = &mut self.sharing
            && let Some(v) = sharing.lookup(key, engine)?
        {
            self.table.insert(key, v);
            return if negated { engine.neg(v) } else { Ok(v) };
        }
        if let Some(warm_up) = &mut self.warm_up
            && warm_up.passed()
        {
            return Err(EngineError::Interrupted);
        }
        let value = match part.closed_form(engine)? {
            Some(v) => v,
            None => {
                let left = self.option_values(part, true, engine)?;
                let right = self.option_values(part, false, engine)?;
                engine.game_from_options(&left, &right)?
            }
        };
        let stored = if negated { engine.neg(value)? } else { value };
        self.table.insert(key, stored);
        let solved = match &mut self.sharing {
            Some(sharing) => sharing.publish(key, stored, engine)?,
            None => Some(self.len()).filter(|n| n.is_multiple_of(1 << 12)),
        };
        if let Some(solved) = solved {
            progress::report(solved as u64, "positions solved");
        }
        Ok(value)
    }

    /// The value of a component by its literal key: looked up by it, else by its key, and
    /// remembered under the literal key as well.
    fn literal_value(
        &mut self,
        part: &G,
        literal: &G::Key,
        engine: &mut Engine,
    ) -> EngineResult<GameId> {
        if let Some(v) = self.table.get(literal) {
            return Ok(v);
        }
        let (key, negated) = part.key();
        let value = self.keyed_value(part, &key, negated, engine)?;
        if key != *literal {
            let before = self.table.len();
            self.table.insert(literal, value);
            self.aliases += self.table.len() - before;
        }
        Ok(value)
    }

    /// The values of one player's options, sorted, without repeats.
    ///
    /// All the options' components are split off and keyed before any is looked up, and
    /// each key's slot in the table is prefetched as it is made: the table is far larger
    /// than the processor's caches, and reading the slots of a whole option list at once
    /// lets those memory reads overlap (they were a sixth of the time of Domineering 6×5
    /// when each waited for the one before; prefetching saves about a tenth of it). While
    /// the search is split, the key's slot in the shared map of narrow keys is prefetched
    /// too: a component missing from this thread's table is looked for there next.
    fn option_values(
        &mut self,
        part: &G,
        left: bool,
        engine: &mut Engine,
    ) -> EngineResult<Vec<GameId>> {
        let mut moves = self.spare_moves.pop().unwrap_or_default();
        let mut parts = self.spare_parts.pop().unwrap_or_default();
        let mut pieces = self.spare_pieces.pop().unwrap_or_default();
        let mut ends = self.spare_ends.pop().unwrap_or_default();
        moves.clear();
        pieces.clear();
        ends.clear();
        part.moves(left, &mut moves);
        for m in &moves {
            parts.clear();
            m.components(&mut parts);
            for (part, count) in parts.drain(..) {
                if part.is_over() {
                    continue;
                }
                let key = match part.literal_key() {
                    Some(literal) => {
                        self.table.touch(&literal);
                        PieceKey::Literal(literal)
                    }
                    None => {
                        let (key, negated) = part.key();
                        self.table.touch(&key);
                        if let Some(sharing) = &self.sharing {
                            sharing.touch(&key);
                        }
                        PieceKey::Keyed { key, negated }
                    }
                };
                pieces.push(Piece { part, count, key });
            }
            ends.push(pieces.len());
        }
        self.spare_moves.push(moves);
        self.spare_parts.push(parts);
        let mut values = Vec::with_capacity(ends.len());
        let mut start = 0;
        for &end in &ends {
            values.push(self.sum_of_pieces(&pieces[start..end], engine)?);
            start = end;
        }
        self.spare_pieces.push(pieces);
        self.spare_ends.push(ends);
        values.sort_unstable();
        values.dedup();
        Ok(values)
    }

    /// The value of a position one move away, from its keyed components.
    fn sum_of_pieces(&mut self, pieces: &[Piece<G>], engine: &mut Engine) -> EngineResult<GameId> {
        let mut value_of = |solver: &mut Self, piece: &Piece<G>| match &piece.key {
            PieceKey::Keyed { key, negated } => {
                solver.keyed_value(&piece.part, key, *negated, engine)
            }
            PieceKey::Literal(literal) => solver.literal_value(&piece.part, literal, engine),
        };
        match pieces {
            [] => Ok(Engine::ZERO),
            [piece] if piece.count == 1 => value_of(self, piece),
            _ => {
                let mut values = Vec::with_capacity(pieces.len());
                for piece in pieces.iter() {
                    values.push((value_of(self, piece)?, piece.count));
                }
                sum(values, engine)
            }
        }
    }
}

/// Σ count·value, adding in id order so that equal multisets reuse the engine's sum cache.
fn sum(mut values: Vec<(GameId, u64)>, engine: &mut Engine) -> EngineResult<GameId> {
    values.sort_unstable();
    let mut total = Engine::ZERO;
    let mut i = 0;
    while i < values.len() {
        let (g, mut count) = values[i];
        i += 1;
        while i < values.len() && values[i].0 == g {
            count += values[i].1;
            i += 1;
        }
        let term = if count == 1 {
            g
        } else {
            engine.multiple(i128::from(count), g)?
        };
        total = engine.add(total, term)?;
    }
    Ok(total)
}

/// The session's tables: one per ruleset and kind of solver, for the engine that owns them.
struct Store {
    /// The interrupt flag of the engine the stored ids belong to.
    owner: Weak<AtomicBool>,
    tables: FxHashMap<TypeId, Box<dyn Any>>,
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store {
        owner: Weak::new(),
        tables: FxHashMap::default(),
    });
}

/// Run `f` on the session's table of type `T` (a [`Solver`] of one ruleset, or another
/// solver's table), which lives as long as the session does. Tables hold game ids of one
/// engine, so the store remembers that engine (by its interrupt flag, held weakly so the
/// address cannot be reused) and starts empty for another. A table only ever gains complete
/// entries, so it is kept even when `f` is interrupted.
pub(crate) fn with_session_table<T: Default + 'static, R>(
    engine: &Engine,
    f: impl FnOnce(&mut T) -> R,
) -> R {
    with_table_of(engine.interrupt_flag(), f)
}

/// [`with_session_table`] for the engine whose interrupt flag is `flag` (so that `f` may
/// borrow the engine mutably).
pub(crate) fn with_table_of<T: Default + 'static, R>(
    flag: Arc<AtomicBool>,
    f: impl FnOnce(&mut T) -> R,
) -> R {
    let mut table: T = STORE.with(|store| {
        let mut store = store.borrow_mut();
        if !std::ptr::eq(store.owner.as_ptr(), Arc::as_ptr(&flag)) {
            store.tables.clear();
            store.owner = Arc::downgrade(&flag);
        }
        store
            .tables
            .remove(&TypeId::of::<T>())
            .and_then(|b| b.downcast::<T>().ok())
            .map(|b| *b)
            .unwrap_or_default()
    });
    let result = f(&mut table);
    STORE.with(|store| {
        store
            .borrow_mut()
            .tables
            .insert(TypeId::of::<T>(), Box::new(table));
    });
    result
}

/// Drop the tables of the engine whose interrupt flag is `flag`, if they are the ones kept: a
/// session gives them back when it ends, instead of holding them until the next session on
/// this thread asks for tables of its own.
pub(crate) fn release_tables_of(flag: &Arc<AtomicBool>) {
    STORE.with(|store| {
        let mut store = store.borrow_mut();
        if std::ptr::eq(store.owner.as_ptr(), Arc::as_ptr(flag)) {
            store.tables = FxHashMap::default();
            store.owner = Weak::new();
        }
    });
}

/// The value of a position, through the session's table for its ruleset, on as many threads
/// as the engine allows.
pub fn solve<G: Rules>(position: &G, engine: &mut Engine) -> EngineResult<GameId> {
    with_table_of(
        engine.interrupt_flag(),
        |solver: &mut Solver<G>| match engine.threads() {
            1 => solver.value(position, engine),
            threads => solver.value_in_parallel(position, engine, threads),
        },
    )
}
