//! A map for the big caches — the comparison and sum caches, the rulesets' transposition
//! tables: open addressing with linear probing, each key stored beside its value. Once such
//! a map outgrows the processor's caches a lookup is a memory access; here that is one cache
//! line, where the standard map (its control bytes in one array, its entries in another)
//! reads two. Profiles of Domineering 6×5, Konane and Fission put a quarter to a third of the
//! time in these two reads.

use crate::engine::GameId;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;

/// A map that only grows.
pub struct Table<K, V> {
    /// Empty slots are `None`. Values with a spare bit pattern (`bool`, [`StoredId`]) make
    /// `Option` cost no room of its own.
    slots: Vec<Option<(K, V)>>,
    len: usize,
    /// log2 of the number of slots (0 while there are none).
    bits: u32,
    /// The most `bits` may grow to (the tests' stand-in for the memory ceiling).
    max_bits: u32,
}

/// A game id stored as id + 1, so that an `Option` of it is no larger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredId(NonZeroU32);

impl From<GameId> for StoredId {
    fn from(id: GameId) -> StoredId {
        // Saturates only at 2³² − 1 games, far beyond any memory ceiling.
        StoredId(NonZeroU32::MIN.saturating_add(id.0))
    }
}

impl From<StoredId> for GameId {
    fn from(id: StoredId) -> GameId {
        GameId(id.0.get() - 1)
    }
}

impl<K, V> Default for Table<K, V> {
    fn default() -> Self {
        Table {
            slots: Vec::new(),
            len: 0,
            bits: 0,
            max_bits: usize::BITS - 1,
        }
    }
}

impl<K: Hash + Eq, V: Copy> Table<K, V> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the slots.
    pub fn memory_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Option<(K, V)>>()
    }

    /// The first slot to look at: the top bits of the key's hash, mixed (Fibonacci hashing),
    /// so that keys differing in any bits spread over the whole table.
    fn home(&self, key: &K) -> usize {
        let mut hasher = FxHasher::default();
        key.hash(&mut hasher);
        let mixed = hasher.finish().wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - self.bits)) as usize
    }

    pub fn get(&self, key: &K) -> Option<V> {
        self.slot_of(key)
            .and_then(|i| self.slots[i].as_ref().map(|(_, v)| *v))
    }

    fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        let i = self.slot_of(key)?;
        self.slots[i].as_mut().map(|(_, v)| v)
    }

    /// The slot holding `key`, if it is stored.
    fn slot_of(&self, key: &K) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match &self.slots[i] {
                None => return None,
                Some((k, _)) if k == key => return Some(i),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Prefetch the slot where a lookup of `key` starts, so that the lookup soon after finds
    /// it in the processor's cache. A big table is read from memory at every lookup;
    /// prefetching the slots of several keys in a row lets those reads overlap, where lookups
    /// one after another (each followed by work that depends on it) wait for each in turn.
    /// (A plain read does not do: the processor retires instructions in order, so a read that
    /// misses the cache soon stalls everything behind it; a prefetch retires at once.)
    #[inline]
    pub fn touch(&self, key: &K) {
        if self.len == 0 {
            return;
        }
        prefetch(&self.slots[self.home(key)]);
    }

    pub fn contains_key(&self, key: &K) -> bool {
        self.get(key).is_some()
    }

    /// Store `value` under `key` (replacing an earlier value).
    pub fn insert(&mut self, key: K, value: V) {
        // At most three quarters full: linear probes stay short.
        if (self.len + 1) * 4 > self.slots.len() * 3
            && !self.grow()
            && self.len + 2 > self.slots.len()
        {
            // At the memory ceiling and all but one slot taken (a probe must meet an empty
            // slot to end): a new key is forgotten, as a cache may forget, and the next
            // memory check reports the ceiling.
            if let Some(v) = self.get_mut(&key) {
                *v = value;
            }
            return;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            match &mut self.slots[i] {
                slot @ None => {
                    *slot = Some((key, value));
                    self.len += 1;
                    return;
                }
                Some((k, v)) if *k == key => {
                    *v = value;
                    return;
                }
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Double the slots (false, changing nothing, when that would pass the memory ceiling:
    /// during the move the old and the new slots are both held).
    fn grow(&mut self) -> bool {
        if self.bits > 0 {
            let new_bytes = (1usize << (self.bits + 1)) * std::mem::size_of::<Option<(K, V)>>();
            if self.bits >= self.max_bits || super::memory::growth_passes_ceiling(new_bytes) {
                return false;
            }
        }
        self.bits = if self.bits == 0 { 10 } else { self.bits + 1 };
        let mut slots = Vec::with_capacity(1 << self.bits);
        slots.resize_with(1 << self.bits, || None);
        let old = std::mem::replace(&mut self.slots, slots);
        let mask = self.slots.len() - 1;
        for (key, value) in old.into_iter().flatten() {
            let mut i = self.home(&key);
            while self.slots[i].is_some() {
                i = (i + 1) & mask;
            }
            self.slots[i] = Some((key, value));
        }
        true
    }
}

/// Start reading the cache line of `place` (a hint: it changes nothing the program sees).
#[inline]
pub(crate) fn prefetch<T>(place: &T) {
    let address: *const T = place;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of every x86-64 processor, and a prefetch never faults (it reads
    // nothing into the program, whatever the address).
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(address.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// A table that may not grow (at the memory ceiling) keeps its entries, still replaces
    /// values, forgets new keys once one slot is left, and never loops looking for a key.
    #[test]
    fn a_table_that_may_not_grow_forgets_new_keys_and_keeps_working() {
        let mut table: Table<u64, u32> = Table {
            max_bits: 10,
            ..Table::default()
        };
        for k in 0..5000u64 {
            table.insert(k, k as u32);
        }
        assert_eq!(table.len(), 1023);
        let kept: Vec<u64> = (0..5000).filter(|k| table.get(k).is_some()).collect();
        assert_eq!(kept.len(), 1023);
        for &k in &kept {
            assert_eq!(table.get(&k), Some(k as u32));
            table.insert(k, 7);
            assert_eq!(table.get(&k), Some(7));
        }
        assert!(
            (0..5000u64)
                .filter(|k| !kept.contains(k))
                .all(|k| table.get(&k).is_none())
        );
    }

    #[test]
    fn agrees_with_a_map_through_growth_and_replacement() {
        let mut table = Table::default();
        let mut map = FxHashMap::default();
        let mut x = 0x1234_5678_u64;
        for step in 0..50_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Small keys repeat (replacements); ids include 0 and the largest.
            let key = x % 20_000;
            let id = GameId(if step % 1000 == 0 {
                u32::MAX - 1
            } else {
                step % 7
            });
            table.insert(key, StoredId::from(id));
            map.insert(key, id);
            let probe = x.rotate_left(32) % 25_000;
            assert_eq!(
                table.get(&probe).map(GameId::from),
                map.get(&probe).copied()
            );
        }
        assert_eq!(table.len(), map.len());
        for (k, v) in &map {
            assert_eq!(table.get(k).map(GameId::from), Some(*v));
        }
        assert!(Table::<u64, bool>::default().get(&3).is_none());
        // No room spent on emptiness.
        assert_eq!(
            std::mem::size_of::<Option<((GameId, GameId), StoredId)>>(),
            std::mem::size_of::<((GameId, GameId), StoredId)>()
        );
    }
}
