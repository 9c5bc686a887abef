//! The values that the threads of a split search publish under narrow keys, in a map that
//! they fill and read without locks.
//!
//! Why not a locked map: with `dashmap` and a bitset of published keys in front of it (so that
//! the common miss took no lock), each publish cost two scattered writes, one of them a locked
//! read-modify-write of a line the other core had often just written, and each look-up of a
//! published key a shard's lock. On Fission's 20–60 s row that was a fifth of the two threads'
//! processor time. Here a publish is one compare-and-swap on its slot and a look-up one read
//! of it.
//!
//! A narrow key and a 32-bit value fit in two words. An entry is written once and never
//! changed: a thread claims an empty slot by compare-and-swap on its second word, writes the
//! first, then releases the second with the key's tag and the value. A reader that sees the
//! released word therefore sees the first word too; a slot still being written reads as
//! another key's. The map is a cache: an entry that finds no room near its home is dropped,
//! and one written while its shard is being copied may be lost (its thread then solved that
//! component for itself only), so nothing ever waits.
//!
//! Keys are spread over [`SHARDS`] shards by hash, each an open-addressed array that is copied
//! into one twice its size when it is [`FULL`]. Readers may still be reading the old array,
//! so arrays are kept, in an append-only store, until the map is dropped (the old arrays of a
//! shard take as much room as its current one). A shard counts its entries by sample (one key
//! in [`SAMPLE`], by its hash), so that the threads do not pass a count's cache line back and
//! forth at every insert.

use super::solver::NarrowKey;
use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// log2 of the number of shards.
const SHARD_BITS: u32 = 8;
const SHARDS: usize = 1 << SHARD_BITS;
/// log2 of a shard's first array's slots (256 shards of 16 KiB: 4 MiB to start with, small
/// beside the tables of a search long enough to be split).
const FIRST_BITS: u32 = 10;
/// How far from its home slot an entry may land (runs this long are rare in an array at
/// most [`FULL`]); past it, the entry is dropped.
const PROBES: usize = 32;
/// An array is full at this share of its slots (linear probing slows past it).
const FULL: (usize, usize) = (5, 8);
/// One key in this many, by its hash, is counted.
const SAMPLE: u64 = 16;
/// A second word that says the slot is being written.
const CLAIMED: u64 = u64::MAX;

#[derive(Default)]
struct Slot {
    /// The key's 64 bits of position.
    bits: AtomicU64,
    /// The key's tag in the high half, the value + 1 in the low (0: empty).
    rest: AtomicU64,
}

/// One shard: which array holds it now, and about how full that array is. A cache line of
/// its own, so that threads writing different shards do not take lines from each other.
#[repr(align(64))]
#[derive(Default)]
struct Shard {
    /// The shard's array, as an index into [`NarrowMap::arrays`].
    array: AtomicUsize,
    /// About how many entries that array holds (counted by [`SAMPLE`]).
    filled: AtomicUsize,
    /// Held while the shard is copied into a larger array, so that it is copied once.
    growing: Mutex<()>,
}

/// A map from narrow keys to 32-bit values (below `u32::MAX - 1`, so that no entry reads as
/// [`CLAIMED`] or empty), filled by several threads.
pub(crate) struct NarrowMap {
    /// Every array any shard has had, current or outgrown (readers may still hold those).
    arrays: boxcar::Vec<Box<[Slot]>>,
    shards: Box<[Shard]>,
}

impl Default for NarrowMap {
    fn default() -> Self {
        let arrays = boxcar::Vec::new();
        let shards = (0..SHARDS)
            .map(|_| Shard {
                array: AtomicUsize::new(arrays.push(empty_array(1 << FIRST_BITS))),
                ..Shard::default()
            })
            .collect();
        NarrowMap { arrays, shards }
    }
}

fn empty_array(len: usize) -> Box<[Slot]> {
    std::iter::repeat_with(Slot::default).take(len).collect()
}

/// The hash of `key`: its high bits choose the shard, the next ones the home slot.
fn hash(key: &NarrowKey) -> u64 {
    FxBuildHasher
        .hash_one(key)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The slots an entry of `hash` may occupy in `array`, home first.
fn probes(array: &[Slot], hash: u64) -> impl Iterator<Item = &Slot> {
    let bits = array.len().trailing_zeros();
    let home = ((hash << SHARD_BITS) >> (64 - bits)) as usize;
    let mask = array.len() - 1;
    (0..PROBES).map(move |i| &array[(home + i) & mask])
}

/// What a slot holds: `None` while empty or being written, else its key's bits, its tag and
/// its value.
fn entry(slot: &Slot) -> Option<(u64, u32, u32)> {
    match slot.rest.load(Ordering::Acquire) {
        0 | CLAIMED => None,
        rest => Some((
            slot.bits.load(Ordering::Relaxed),
            (rest >> 32) as u32,
            rest as u32 - 1,
        )),
    }
}

/// Write an entry into `array` unless the key is met on the way or there is no room near its
/// home; true if it was written.
fn put(array: &[Slot], hash: u64, bits: u64, rest: u64) -> bool {
    for slot in probes(array, hash) {
        let mut seen = slot.rest.load(Ordering::Acquire);
        if seen == 0 {
            match slot
                .rest
                .compare_exchange(0, CLAIMED, Ordering::Acquire, Ordering::Acquire)
            {
                Ok(_) => {
                    slot.bits.store(bits, Ordering::Relaxed);
                    slot.rest.store(rest, Ordering::Release);
                    return true;
                }
                Err(now) => seen = now,
            }
        }
        if seen != CLAIMED && seen >> 32 == rest >> 32 && slot.bits.load(Ordering::Relaxed) == bits
        {
            return false;
        }
    }
    false
}

impl NarrowMap {
    fn shard(&self, hash: u64) -> &Shard {
        &self.shards[(hash >> (64 - SHARD_BITS)) as usize]
    }

    /// The value stored for `key`, if any.
    pub(crate) fn get(&self, key: &NarrowKey) -> Option<u32> {
        let (bits, tag) = key.parts();
        let hash = hash(key);
        let array = &self.arrays[self.shard(hash).array.load(Ordering::Acquire)];
        for slot in probes(array, hash) {
            match slot.rest.load(Ordering::Acquire) {
                0 => return None,
                CLAIMED => {}
                rest => {
                    if (rest >> 32) as u32 == tag && slot.bits.load(Ordering::Relaxed) == bits {
                        return Some(rest as u32 - 1);
                    }
                }
            }
        }
        None
    }

    /// Start reading the home slot of `key` into the cache, for a look-up soon after.
    pub(crate) fn touch(&self, key: &NarrowKey) {
        let hash = hash(key);
        let array = &self.arrays[self.shard(hash).array.load(Ordering::Relaxed)];
        if let Some(slot) = probes(array, hash).next() {
            crate::engine::table::prefetch(slot);
        }
    }

    /// Store `value` for `key`, unless a value for it is there already (equal: the threads'
    /// values of one key are), there is no room near its home, or its shard is being copied.
    pub(crate) fn insert(&self, key: &NarrowKey, value: u32) {
        debug_assert!(value < u32::MAX - 1);
        let (bits, tag) = key.parts();
        let rest = u64::from(tag) << 32 | u64::from(value + 1);
        let hash = hash(key);
        let shard = self.shard(hash);
        let index = shard.array.load(Ordering::Acquire);
        let array = &self.arrays[index];
        if put(array, hash, bits, rest) && hash.is_multiple_of(SAMPLE) {
            let filled = shard.filled.fetch_add(SAMPLE as usize, Ordering::Relaxed);
            if filled * FULL.1 >= array.len() * FULL.0 {
                self.grow(shard, index);
            }
        }
    }

    /// Copy the entries of `shard`'s array `full` into one twice its size, unless another
    /// thread has.
    fn grow(&self, shard: &Shard, full: usize) {
        let _growing = shard.growing.lock().unwrap_or_else(|p| p.into_inner());
        if shard.array.load(Ordering::Acquire) != full {
            return;
        }
        let old = &self.arrays[full];
        let new = empty_array(old.len() * 2);
        let mut copied = 0;
        for (bits, tag, value) in old.iter().filter_map(entry) {
            let key = NarrowKey::new(bits, tag);
            let rest = u64::from(tag) << 32 | u64::from(value + 1);
            copied += usize::from(put(&new, hash(&key), bits, rest));
        }
        let index = self.arrays.push(new);
        shard.filled.store(copied, Ordering::Relaxed);
        shard.array.store(index, Ordering::Release);
    }

    /// How many arrays have been made (for the tests).
    #[cfg(test)]
    fn arrays_made(&self) -> usize {
        self.arrays.count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key for each number (its position bits are an odd multiple of it), with tags that
    /// repeat, so that many keys share a tag.
    fn key(n: u64) -> NarrowKey {
        NarrowKey::new(n.wrapping_mul(0x9e37_79b9_7f4a_7c15), (n % 7) as u32)
    }

    /// Every entry inserted is found with its value, and no key is found that was not
    /// inserted, across the growth of every shard.
    #[test]
    fn entries_are_found_as_shards_grow() {
        let map = NarrowMap::default();
        let count = 1_000_000u64;
        for n in 0..count {
            map.insert(&key(n), n as u32);
        }
        assert!(map.arrays_made() >= 2 * SHARDS, "the shards never grew");
        for n in 0..count {
            assert_eq!(map.get(&key(n)), Some(n as u32), "key {n}");
        }
        for n in count..count + 10_000 {
            assert_eq!(map.get(&key(n)), None, "key {n}");
        }
        // A second insert of a key keeps the first value.
        map.insert(&key(5), 99);
        assert_eq!(map.get(&key(5)), Some(5));
    }

    /// Keys that differ only in their tag, or only in one half of their position, are told
    /// apart, also when one key's probes pass over the others.
    #[test]
    fn every_part_of_a_key_counts() {
        let map = NarrowMap::default();
        for tag in 0..100_000 {
            map.insert(&NarrowKey::new(5, tag), tag);
            map.insert(&NarrowKey::new(u64::from(tag) << 32 | 5, 0), tag);
        }
        for tag in 0..100_000 {
            assert_eq!(map.get(&NarrowKey::new(5, tag)), Some(tag));
            assert_eq!(
                map.get(&NarrowKey::new(u64::from(tag) << 32 | 5, 0)),
                Some(tag)
            );
        }
        for tag in 100_000..110_000 {
            assert_eq!(map.get(&NarrowKey::new(5, tag)), None);
            assert_eq!(map.get(&NarrowKey::new(u64::from(tag) << 32 | 5, 0)), None);
        }
    }

    /// Threads inserting at once, each its own keys and some shared ones, find what they
    /// wrote, or nothing (an entry written while its shard was copied may be lost), and
    /// never a wrong value.
    #[test]
    fn threads_insert_at_once() {
        let map = NarrowMap::default();
        let value = |k: u64| (k % 1_000_003) as u32;
        let key_of = |t: u64, n: u64| if n.is_multiple_of(2) { n } else { t << 48 | n };
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let map = &map;
                scope.spawn(move || {
                    for n in 0..200_000u64 {
                        let k = key_of(t, n);
                        map.insert(&key(k), value(k));
                    }
                });
            }
        });
        let mut found = 0;
        for t in 0..4u64 {
            for n in 0..200_000u64 {
                let k = key_of(t, n);
                if let Some(v) = map.get(&key(k)) {
                    assert_eq!(v, value(k), "{t} {n}");
                    found += 1;
                }
            }
        }
        // Entries lost to copies are a small share (well under 1% when the threads run
        // freely; the bound leaves room for a thread descheduled in mid-copy).
        assert!(found >= 4 * 200_000 * 9 / 10, "only {found} found");
    }
}
