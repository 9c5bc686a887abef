//! The solver's transposition table: open addressing with linear probing, each key stored
//! beside its value. On the large boards the table outgrows the caches and a probe is a
//! memory access; here that is one cache line, where the standard map (its control bytes in
//! one array, its entries in another) reads two. Profiles of Konane and Fission put 35–40%
//! of the solve in the probe.

use crate::engine::GameId;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;

/// A map from keys to game ids that only grows.
pub struct Table<K> {
    /// Empty slots are `None`; a value is stored as id + 1, so that `Option` needs no room
    /// of its own.
    slots: Vec<Option<(K, NonZeroU32)>>,
    len: usize,
    /// log2 of the number of slots (0 while there are none).
    bits: u32,
}

impl<K> Default for Table<K> {
    fn default() -> Self {
        Table {
            slots: Vec::new(),
            len: 0,
            bits: 0,
        }
    }
}

impl<K: Hash + Eq> Table<K> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the slots.
    pub fn memory_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Option<(K, NonZeroU32)>>()
    }

    /// The first slot to look at: the top bits of the key's hash, mixed (Fibonacci hashing),
    /// so that keys differing in any bits spread over the whole table.
    fn home(&self, key: &K) -> usize {
        let mut hasher = FxHasher::default();
        key.hash(&mut hasher);
        let mixed = hasher.finish().wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - self.bits)) as usize
    }

    pub fn get(&self, key: &K) -> Option<GameId> {
        if self.len == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match &self.slots[i] {
                None => return None,
                Some((k, v)) if k == key => return Some(GameId(v.get() - 1)),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Store `value` under `key` (replacing an earlier value).
    pub fn insert(&mut self, key: K, value: GameId) {
        // At most three quarters full: linear probes stay short.
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let stored = NonZeroU32::MIN.saturating_add(value.0);
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            match &mut self.slots[i] {
                slot @ None => {
                    *slot = Some((key, stored));
                    self.len += 1;
                    return;
                }
                Some((k, v)) if *k == key => {
                    *v = stored;
                    return;
                }
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

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
            table.insert(key, id);
            map.insert(key, id);
            let probe = x.rotate_left(32) % 25_000;
            assert_eq!(table.get(&probe), map.get(&probe).copied());
        }
        assert_eq!(table.len(), map.len());
        for (k, v) in &map {
            assert_eq!(table.get(k), Some(*v));
        }
        assert!(Table::<u64>::default().get(&3).is_none());
    }
}
