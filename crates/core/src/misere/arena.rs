//! The misère arena: every misère canonical impartial game is stored once, as a [`Node`], and
//! named by its index ([`MisereId`]); equal games therefore have equal ids.
//!
//! A node keeps its canonical options (sorted by id, so that "H is an option of X" is a binary
//! search and the option set is the hash-consing key), its birthday, its normal and misère nim
//! values, its parity and, once known, its partner G + *. Construction applies Conway's
//! misère simplification (`rulesets.md` §8.3), so a stored option set is always canonical.

use crate::engine::{EngineError, EngineResult};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

/// A misère canonical game: an index into the misère arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(pub u32);

impl MisereId {
    /// The game 0 (always the first game stored).
    pub const ZERO: MisereId = MisereId(0);

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

const NONE: u32 = u32::MAX;

/// The largest birthday a misère game may have. Recursions (sums, order, partner) go as deep
/// as a birthday, so this keeps them far from the stack's end; nim heaps up to this size are
/// fine.
pub const MAX_BIRTHDAY: u32 = 4096;

/// Default ceiling on option-pool entries (4 bytes each): 1 GiB.
const DEFAULT_POOL_LIMIT: usize = 1 << 28;

#[derive(Clone, Debug)]
pub(super) struct Node {
    /// Options in the pool (sorted by id).
    pub start: u32,
    pub len: u32,
    pub birthday: u32,
    /// Normal-play nim value g⁺.
    pub plus: u32,
    /// Misère nim value g⁻.
    pub minus: u32,
    pub even: bool,
    /// G + * (`NONE` until built); always set for odd games.
    pub partner: u32,
    pub hash: u64,
}

/// The arena, its hash index and the caches of the misère operations.
pub struct MisereArena {
    pub(super) nodes: Vec<Node>,
    pub(super) pool: Vec<MisereId>,
    index: HashTable<u32>,
    pub(super) nim_heaps: Vec<MisereId>,
    pub(super) sums: FxHashMap<(MisereId, MisereId), MisereId>,
    /// Options in ascending canonical order (§8.4), computed on demand.
    pub(super) sorted: FxHashMap<MisereId, Rc<[MisereId]>>,
    pub(super) order: FxHashMap<(MisereId, MisereId), std::cmp::Ordering>,
    pub(super) phyla: FxHashMap<MisereId, super::phylum::Phylum>,
    pub(super) genera: FxHashMap<MisereId, Rc<super::genus::Genus>>,
    pub(super) partitions: FxHashMap<MisereId, Rc<[(MisereId, MisereId)]>>,
    pub(super) mates: FxHashMap<MisereId, MisereId>,
    /// Distinguishers, remembered per unordered pair as CGSuite does (§8.11).
    pub(super) distinguishers: FxHashMap<(MisereId, MisereId), Option<MisereId>>,
    interrupt: Option<Arc<AtomicBool>>,
    pool_limit: usize,
}

impl Default for MisereArena {
    fn default() -> Self {
        Self::new()
    }
}

fn hash_options(options: &[MisereId]) -> u64 {
    let mut h = FxHasher::default();
    options.hash(&mut h);
    h.finish()
}

impl MisereArena {
    pub fn new() -> Self {
        let mut arena = MisereArena {
            nodes: Vec::new(),
            pool: Vec::new(),
            index: HashTable::new(),
            nim_heaps: Vec::new(),
            sums: FxHashMap::default(),
            sorted: FxHashMap::default(),
            order: FxHashMap::default(),
            phyla: FxHashMap::default(),
            genera: FxHashMap::default(),
            partitions: FxHashMap::default(),
            mates: FxHashMap::default(),
            distinguishers: FxHashMap::default(),
            interrupt: None,
            pool_limit: DEFAULT_POOL_LIMIT,
        };
        let zero = arena
            .intern(&[], true)
            .expect("the empty game fits in a new arena");
        debug_assert_eq!(zero, MisereId::ZERO);
        arena.nim_heaps.push(zero);
        arena
    }

    /// Poll this flag in long computations (the engine's Ctrl-C flag).
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Set the ceiling on stored option ids; construction fails with `MemoryLimit` beyond it.
    pub fn set_pool_limit(&mut self, entries: usize) {
        self.pool_limit = entries;
    }

    /// `Err(Interrupted)` once Ctrl-C has set the interrupt flag: long loops over games call it.
    pub fn poll(&self) -> EngineResult<()> {
        match &self.interrupt {
            Some(flag) if flag.load(AtomicOrdering::Relaxed) => Err(EngineError::Interrupted),
            _ => Ok(()),
        }
    }

    /// Number of games stored.
    pub fn game_count(&self) -> usize {
        self.nodes.len()
    }

    /// Approximate bytes held by the arena (nodes and option pool).
    pub fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.pool.capacity() * std::mem::size_of::<MisereId>()
    }

    // ----- accessors -------------------------------------------------------------------------

    /// The canonical options, sorted by id.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        let n = &self.nodes[g.index()];
        &self.pool[n.start as usize..(n.start + n.len) as usize]
    }

    pub fn option_count(&self, g: MisereId) -> usize {
        self.nodes[g.index()].len as usize
    }

    pub fn has_option(&self, g: MisereId, x: MisereId) -> bool {
        self.options(g).binary_search(&x).is_ok()
    }

    pub fn birthday(&self, g: MisereId) -> u32 {
        self.nodes[g.index()].birthday
    }

    /// Normal-play nim value g⁺.
    pub fn nim_value(&self, g: MisereId) -> u32 {
        self.nodes[g.index()].plus
    }

    /// Misère nim value g⁻ (1 for 0; otherwise the mex of the options').
    pub fn misere_nim_value(&self, g: MisereId) -> u32 {
        self.nodes[g.index()].minus
    }

    /// A misère P-position: the player to move loses when the last mover loses.
    pub fn is_p_position(&self, g: MisereId) -> bool {
        self.misere_nim_value(g) == 0
    }

    pub fn is_even(&self, g: MisereId) -> bool {
        self.nodes[g.index()].even
    }

    /// The even one of G and G + *.
    pub fn even_part(&self, g: MisereId) -> MisereId {
        let n = &self.nodes[g.index()];
        if n.even { g } else { MisereId(n.partner) }
    }

    /// 1 for odd games, 0 for even ones.
    pub fn parity(&self, g: MisereId) -> u32 {
        u32::from(!self.is_even(g))
    }

    /// G + *, if it is already stored (always for odd G).
    pub(super) fn stored_partner(&self, g: MisereId) -> Option<MisereId> {
        let p = self.nodes[g.index()].partner;
        (p != NONE).then_some(MisereId(p))
    }

    /// Whether G is the nim heap *n for n its birthday.
    pub fn is_nim_heap(&mut self, g: MisereId) -> EngineResult<bool> {
        let n = &self.nodes[g.index()];
        if n.len != n.birthday || n.plus != n.birthday {
            return Ok(false);
        }
        Ok(self.nim_heap(u64::from(n.birthday))? == g)
    }

    // ----- construction ----------------------------------------------------------------------

    /// The nim heap *n.
    pub fn nim_heap(&mut self, n: u64) -> EngineResult<MisereId> {
        if n > u64::from(MAX_BIRTHDAY) {
            return Err(EngineError::InvalidArgument(format!(
                "nim heap *{n} is too large for a misère canonical form (at most *{MAX_BIRTHDAY})"
            )));
        }
        while self.nim_heaps.len() as u64 <= n {
            self.poll()?;
            let options = self.nim_heaps.clone();
            let heap = self.construct(options)?;
            self.nim_heaps.push(heap);
        }
        Ok(self.nim_heaps[n as usize])
    }

    /// The canonical game whose options are `options` (each already canonical), after the
    /// simplification of §8.3.
    pub fn construct(&mut self, mut options: Vec<MisereId>) -> EngineResult<MisereId> {
        options.sort_unstable();
        options.dedup();
        if options.is_empty() {
            return Ok(MisereId::ZERO);
        }
        // Collapse to 0: a misère N-position all of whose options can move to 0.
        if options[0] != MisereId::ZERO
            && options.iter().all(|&x| self.has_option(x, MisereId::ZERO))
            && options.iter().any(|&x| self.is_p_position(x))
        {
            return Ok(MisereId::ZERO);
        }
        if let Some(h) = self.reversible_collapse(&options) {
            return Ok(h);
        }
        if let Some(id) = self.lookup(&options) {
            return Ok(id);
        }
        let odd_of = self.odd_partner_of(&options);
        let id = self.intern(&options, odd_of.is_none())?;
        if let Some(e) = odd_of {
            self.link_partners(e, id);
        }
        Ok(id)
    }

    /// Collapse to a smaller game H: the options sorted by birthday split, at a birthday gap
    /// of at least two, into H's exact option set and games that all have H as an option.
    fn reversible_collapse(&self, options: &[MisereId]) -> Option<MisereId> {
        let mut by_birthday = options.to_vec();
        by_birthday.sort_by_key(|&x| self.birthday(x));
        for k in 1..by_birthday.len() {
            if self.birthday(by_birthday[k]) < self.birthday(by_birthday[k - 1]) + 2 {
                continue;
            }
            let mut lower = by_birthday[..k].to_vec();
            lower.sort_unstable();
            if let Some(h) = self.lookup(&lower)
                && by_birthday[k..].iter().all(|&x| self.has_option(x, h))
            {
                return Some(h);
            }
        }
        None
    }

    /// If the (canonical) option set is {E} ∪ {X + * : X an option of E} for an even E, the
    /// game is E + *: return E.
    fn odd_partner_of(&self, options: &[MisereId]) -> Option<MisereId> {
        let top = options.iter().map(|&x| self.birthday(x)).max()?;
        let e = options
            .iter()
            .copied()
            .find(|&x| self.birthday(x) == top && self.is_even(x))?;
        if options.len() != self.option_count(e) + 1 {
            return None;
        }
        let matches = options.iter().filter(|&&z| z != e).all(|&z| {
            self.stored_partner(z)
                .is_some_and(|x| self.has_option(e, x))
        });
        matches.then_some(e)
    }

    fn link_partners(&mut self, even: MisereId, odd: MisereId) {
        self.nodes[even.index()].partner = odd.0;
        self.nodes[odd.index()].partner = even.0;
    }

    /// G + *: for even G, the odd game {X + * : X ∈ G} ∪ {G}, already canonical.
    pub fn partner(&mut self, g: MisereId) -> EngineResult<MisereId> {
        if let Some(p) = self.stored_partner(g) {
            return Ok(p);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut options = Vec::with_capacity(self.option_count(g) + 1);
            for x in self.options(g).to_vec() {
                options.push(self.partner(x)?);
            }
            options.push(g);
            options.sort_unstable();
            options.dedup();
            let odd = match self.lookup(&options) {
                Some(id) => id,
                None => self.intern(&options, false)?,
            };
            self.link_partners(g, odd);
            Ok(odd)
        })
    }

    fn lookup(&self, options: &[MisereId]) -> Option<MisereId> {
        let hash = hash_options(options);
        let (nodes, pool) = (&self.nodes, &self.pool);
        self.index
            .find(hash, |&id| {
                let n = &nodes[id as usize];
                n.hash == hash && &pool[n.start as usize..(n.start + n.len) as usize] == options
            })
            .map(|&id| MisereId(id))
    }

    /// Store a game with these (sorted, canonical) options.
    fn intern(&mut self, options: &[MisereId], even: bool) -> EngineResult<MisereId> {
        let birthday = options
            .iter()
            .map(|&x| self.birthday(x) + 1)
            .max()
            .unwrap_or(0);
        if birthday > MAX_BIRTHDAY {
            return Err(EngineError::InvalidArgument(format!(
                "misère game too large (birthday over {MAX_BIRTHDAY})"
            )));
        }
        if self.pool.len() + options.len() > self.pool_limit {
            return Err(EngineError::MemoryLimit {
                bytes: crate::engine::memory::heap_bytes(),
                limit: self.pool_limit * std::mem::size_of::<MisereId>(),
            });
        }
        let too_many = || EngineError::TooMany {
            what: "misère games",
            limit: u64::from(NONE),
        };
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i != NONE)
            .ok_or_else(too_many)?;
        let plus = mex(options.iter().map(|&x| self.nim_value(x)));
        let minus = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|&x| self.misere_nim_value(x)))
        };
        let hash = hash_options(options);
        let start = u32::try_from(self.pool.len()).map_err(|_| too_many())?;
        self.pool.extend_from_slice(options);
        self.nodes.push(Node {
            start,
            len: options.len() as u32,
            birthday,
            plus,
            minus,
            even,
            partner: NONE,
            hash,
        });
        let nodes = &self.nodes;
        self.index
            .insert_unique(hash, id, |&g| nodes[g as usize].hash);
        Ok(MisereId(id))
    }
}

/// Least non-negative integer not among `values`.
pub fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}
