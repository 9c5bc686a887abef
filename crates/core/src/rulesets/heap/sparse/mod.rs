//! Nim sequences of finite octal-like codes (each move leaves at most two heaps) by the
//! sparse-space ("rare values") method of Gangolli–Plambeck and Flammenkamp.
//!
//! g(n) is the mex of g(r) over one-heap moves and g(a) ⊕ g(b) over splits a + b = r. Choose a
//! bit mask and call a value *common* when `v & mask` has odd parity, *rare* otherwise. For many
//! octal games almost every g(n) is common. Since common ⊕ common and rare ⊕ rare are rare, the
//! common values among the split values come only from pairs with a rare member — few, and
//! listed by walking the rare heaps. So κ, the least common value missing from the options, is
//! found in O(#rare); g(n) = κ unless a rare value below κ is missing too, which a scan of the
//! pairs from the smallest heaps up settles (it stops as soon as every rare value below κ has
//! been seen, testing after 32, 64, 128 and 256 pairs, then every `CHUNK`). The answer is always exactly the mex; the mask
//! only decides how fast it comes. The same code covers `!` and `?` splits (two distinct heaps:
//! the pair (r/2, r/2) is skipped), `=` splits (value 0 for even r), `?` on one heap (at least
//! two tokens left), and any digit 0-7 of an octal or hexadecimal code; digits 8-F leave three
//! heaps and go to the definition.
//!
//! **The mask** is reviewed whenever the sequence has grown by half: the rare count of every
//! mask below the next power of two over the largest value comes from one Walsh–Hadamard
//! transform of the value histogram (rare(m) = (N + Ĥ(m)) / 2), and the best mask is kept when
//! it leaves under a quarter of the heaps rare. Without a useful mask every heap costs the
//! plain O(n) scan.
//!
//! **Where the time goes** (`perf record -g`, `perf report --sort sym` / `--sort srcline`,
//! `perf annotate`; release build, a machine shared with other builds, so ±30 %):
//!
//! * Heap by heap, the rare pass of Grundy's game (1 274 rare heaps) took ~85 % of the time:
//!   each pair is a scattered load of g(r − a). So the rare pairs are marked a block of
//!   `BLOCK` heaps at a time ([`mark_block`]): with the rare heap fixed, the
//!   loads run along consecutive heaps and each heap's marks are its own bitset words. After
//!   that the block pass is ~40 % of Grundy's time and the scan for rare values ~57 %.
//! * The scan needs ~3 000 pairs a heap in Grundy's game: most rare values below κ turn up in
//!   the first few hundred pairs, but a few have only ~50 witnesses among 350 000 pairs. Scan
//!   marks are stamps (`stamp[v] == round`), not bits: a bitset's read-modify-write made
//!   consecutive pairs wait on each other (9.4 µs against 8 µs a heap). Once at most `FEW`
//!   values are still needed they are looked for by a compare loop that vectorises
//!   (Grundy's game to 10^6: ~4.5 s → ~3.6 s).
//! * Codes with two split moves (0.376, 0.354) scanned the first move to its end before the
//!   second: O(n) a heap whenever the scarce values came from the second. The moves now
//!   advance together (0.376's period: 33 s → 11-16 s).
//! * The mask review (a histogram and a Walsh–Hadamard transform at each growth by half) and
//!   the period candidate (sequence.rs) are under 1 %.
//! * Tried and dropped: walking per-value-class heap lists with frequent partner values to
//!   find the scarce rare values. Grundy's values depend on n mod 3, so most class/partner
//!   combinations can never match, and the walks cost far more than the scan (Grundy's game
//!   to 10^6: 366 s instead of 12 s).
//! * Tried and dropped (2026-11-24, idle machine): the block pass split between the two cores
//!   (`rayon::join` over two halves of the rare heaps, each into its own marks, then OR-ed).
//!   Grundy's game to 2^22 took 13.4-15.2 s against 12.8-13.1 s on one core: the pass is a
//!   third of the time, the calling thread waits while the pool works, and the hand-off
//!   every 256 heaps eats the rest.
//! * What paid instead (2026-11-27) is a pipeline, [`pipeline`]: the next block's pass on
//!   the other core while this block's heaps are found (heaps above 2·BLOCK need only values
//!   before the current block). The helper keeps its own copy of the sequence, so nothing
//!   shared moves while it grows, and it also takes a share of the scans, which the scans
//!   consult first. With it, Grundy's game on two cores: a heap's scans are most of the time,
//!   and the helper takes up to about half of them.
//! * Tests for the needed values come after 32, 64, 128 and 256 pairs before every 512:
//!   0.354 finds what it needs within 512 pairs at 99.9 % of its heaps, mostly far sooner,
//!   and its period search took 2.6× less time.
//! * The block pass marks a tile of heaps at a time whose marks fit in the first-level
//!   cache (0.007's 64 words a heap made the block's 128 KiB miss it): 0.007 to 2^19 took
//!   7 % less.
//! * (2026-12-07.) A heap's marks hold split values only, so they need room for the xors of
//!   two values and not for a mex above them: half the words (0.007: 32 a heap, 64 heaps a
//!   16 KiB tile). The inner loop runs over a slice of rows and a slice of partner values, the
//!   `!`/`?` pair being skipped by splitting the run in two: no index multiply, bounds test or
//!   skip test a visit, 14 instructions instead of 18, and 0.007 to 300 000 heaps on one
//!   thread took 9.6 s instead of 10.7 s. At about 2.3 cycles a visit the loop now runs at
//!   nearly six instructions a cycle: it is bound by its instruction count.
//! * Tried and dropped the same day (0.007 to 2-3·10^5 heaps, one thread, minimum of three):
//!   a software prefetch of the next rare heap's partner values (no change: they come from
//!   the second-level cache in time); tiles of 4, 8 and 32 KiB (11.1, 10.3, 9.9 s against
//!   9.6 s at 16 KiB); a byte a value instead of a bit (a plain store instead of an `or`, 10
//!   instructions a visit: 4-8 % less time, but eight times the memory a block, and the stores
//!   then wait on the cache); two compare passes of `FEW` values, or three, before marking
//!   every pair (no change); the compare loop compiled for AVX2 at run time (vectorised 8
//!   wide, no change on Grundy's game to 2^22: the scan waits on its loads, not on its
//!   compares); and the helper's load set from how long each thread took over its last block
//!   instead of from whether the caller waited (the threads came out even, the time did not
//!   change). A two-phase κ was ruled out by measurement: after marking the pairs of half the
//!   rare heaps, the true κ was anywhere among the first dozen unmarked common values, so a
//!   cheap check of a few candidates against the other half cannot replace the marks. For
//!   scale: the whole program built for this machine's processor (`-C target-cpu=native`,
//!   AVX-512) took 5 % less on 0.007 and 12 % less on Grundy's game.
//!
//! * (2026-12-07, second session.) Values unchanged:
//!   - The per-heap work and the block pass are also built for x86-64-v3 (see [`wide`]) and
//!     chosen at run time: Grundy's game to 2^21 on one thread 5.6 s → 4.65 s, 0.007 to
//!     200 000 heaps 4.1 s → 3.6 s (the whole program built for x86-64-v3: 4.3 s and 3.3 s).
//!   - The mark index is masked to its row ([`mark_run`]): 0.007 3.6 s → 3.4 s.
//!   - The values seen are dropped from the needed list without a branch
//!     ([`keep_unstamped`]): `Vec::retain`'s branch a value, which the processor cannot
//!     predict, was a sixth of 0.007's per-heap work. Grundy's game to 2^21 4.5 s → 3.9 s,
//!     0.007 3.3 s → 3.15 s.
//!   - With these and the helper's load lowered by less after a wait (pipeline.rs), on two
//!     threads: Grundy's game to 2^24 22.0 s and 136 MB, Treblecross to 2^22 64.7 s and
//!     65 MB (72.6 s with the build before, run the same hour: the machine ran faster that
//!     day than on the days of the figures below), the ten periods 11.3 s.
//! * (2026-12-07, fifth session, on a machine then about half as fast as in the second.)
//!   The two inner loops lost their bounds tests and run several visits a step: the block
//!   pass over rows of a width fixed at compile time ([`mark_rows`], four rows a step, no
//!   multiply), the scan eight pairs a step with its index masked to the stamps' power of
//!   two ([`scan_range`]). One thread, old and new build alternating: 0.007 to 150 000 heaps
//!   3.67 s → 2.70 s, Grundy's game to 2^20 3.69 s → 2.76 s. Two threads, whole process:
//!   Treblecross to 2^22 124.7 s → 78.7 s (64.7 s in the second session for the old build,
//!   which here took 124.7 s, so about 41 s on that day's machine); with the new build,
//!   Grundy's game to 2^24 28.7 s and the ten periods 16.1 s (`cargo bench --bench heap`
//!   records). Then [`find_few`] counted its hits instead of or-ing them (two vector
//!   instructions a compare instead of three): Grundy's game to 2^20 2.80 s → 2.69 s, 0.007
//!   unchanged. A bench run half an hour later gave Grundy's game to 2^24 30.0 s and
//!   Treblecross to 2^22 87.3 s: within a day this machine drifts by more than that change.
//! * (2026-12-07, seventh session.) Where 0.007's scans go, from its first 200 000 values
//!   (mask 0x7b8, 21 196 rare heaps): at heaps near 150 000, 30 to 230 rare values below κ
//!   need a witness, and the last of them turns up after 15 000 to 65 000 pairs (35 000 on
//!   average, against 21 000 rare pairs in the block pass). The late ones have one to five
//!   witnesses among the heap's 75 000 pairs, and are not the large values: each bit of a value
//!   is set in 37-51 % of the heaps, so no bit of a scarce value narrows the pairs that can
//!   make it. A profile of 0.007 to 300 000 heaps on one thread: 55 % in the per-heap work
//!   (mostly the scan), 45 % in the block pass.
//!
//! * (2026-12-08.) Values unchanged:
//!   - Counted over 0.007's heaps from 750 000 to 1.25·10^6: each needs about 230 rare values
//!     below κ; 64 are still missing after 3 400 pairs, 16 after 9 400, 4 after 18 600, the
//!     last after 35 000. So a heap scanned 18 000 pairs stamping (0.43 ns a pair in a
//!     micro-benchmark) and 17 000 comparing with four values (0.12 ns). Once at most 64 are
//!     needed, the scan now tests 32 pairs a step against a bit map of them ([`wanted`],
//!     AVX-512BW, 0.055 ns a pair), reading a sixteen-bit copy of the sequence. Thresholds of
//!     16, 64, 128 and 256 values, and the bit map from the first pair, took 5.2-6.1 s on 0.007
//!     to 300 000 heaps (16 slowest; 64 and from the first pair fastest); Grundy's game to
//!     2^21 on one thread did not change. One thread, 0.007 to 300 000 heaps: 7.7 s → 5.5 s.
//!     The copy is made only once most of a window's scans run past 4096 pairs ([`Copy16`]):
//!     0.007 and Grundy's game make it (Grundy's game to 2^23 on two threads: 8.5 s and
//!     112 MB with it, 9.8 s and 89 MB without), 0.354 does not (its period search: 8.3-8.6 s
//!     and 237-252 MB either way, against 308 MB with the copy made from the start).
//!   - On two threads that left the caller waiting: it sent the helper the next block's
//!     request only after marking its own share of this block's pass, so the helper idled
//!     through that share (a profile: the caller busy all the time, the helper half of it).
//!     The request now goes first: 0.007 to 2^20 on two threads 21.1 s → 16.4 s.
//!   - κ and the needed values come from the heap's marks as bits: the block's row, with the
//!     other moves of the heap set into a copy of it, and the common values of each word of
//!     64 a fixed pattern or its complement. Before, the row was stamped value by value
//!     (about a thousand stores a heap on 0.007) and every value below κ tested twice. One
//!     thread: 0.007 to 400 000 heaps 7.66 s → 7.14 s, Grundy's game to 2^21 4.20 s → 3.89 s.
//!   - Treblecross to 2^22 on two threads, old and new build one after the other: 85.7 s →
//!     62.1 s in a slow hour (the first two changes), then 62.0 s → 44.7 s in a faster one
//!     (all three).
//!   - The block pass is now two-thirds of the time on one thread. A two-phase κ measured
//!     again over 0.007's heaps from 10^5 to 10^6 (every 61st): with the pairs of the first
//!     three-quarters of the rare heaps marked, the true κ is among the first nine common
//!     values left unmarked at 99.4 % of heaps and among the first 17 at 99.9 % (with half
//!     marked, only 73 % within nine). So the last quarter of the pass could compare each
//!     heap's 16 first unmarked values with 32 heaps' pairs a step instead of marking them,
//!     about a fifth of the pass; not done yet, since the helper's share of the pass would
//!     have to be split the same way.
//!
//! Figures (whole process, `/usr/bin/time`): Grundy's game to 10^6 heaps 3.6-3.9 s (was
//! 6.3 s); heap 2^24 58 s, 118 MB (load ≈ 2.6 on two cores); the ten classic long periods of
//! issue 11 together 34 s, 0.354 (preperiod 10 061 916) alone 19 s and 308 MB.
//!
//! Figures of 2026-11-27, on a machine then about half as fast (the build before this day's
//! changes, then one thread, then two, run one after another): Grundy's game to 2^22 30.0 s,
//! 24.2 s, 19.5 s; 0.354 to 3·10^6 heaps 6.3 s, 2.8 s, 2.3 s; the ten periods 94.7 s (earlier,
//! slower phase), 44.3 s, 42.3 s; Grundy's game to 2^24 on two threads 63 s and 153 MB.
//!
//! Figures of 2026-12-07 (two threads, `cargo bench --bench heap` records): Grundy's game to
//! 2^24 40.5 s (40.3 s and 147 MB as a whole `cgcalc` process; 37.6 s and 157 MB after the
//! changes above); Treblecross to 2^22 141 s (126 s after them, 65 MB);
//! the ten periods 30.6 s, then 18.9 s once the search accepted a period at the theorem's
//! bound of about 2(q + p) heaps instead of CGSuite's 3(q + p) (`periodicity::proof_constants`:
//! 0.376 from 6.8·10^6 heaps and 10.0 s to 4.5·10^6 and 6.5 s, 0.354 from 3.0·10^7 and 19.6 s
//! to 2.0·10^7 and 11.7 s).
//!
//! **0.007 (Treblecross)** is beyond this method at 2^24. No mask makes its early values
//! sparse: under the best (0x7b8) a quarter of the first 30 000 heaps are rare. The rare heaps
//! do level off (measured 2026-11-24: 13 964 rare by 2^16, 22 386 by 2^19, 22 460 by 2^20,
//! none new to 1.1·10^6; largest value 1226), but every later heap still visits ~22 460
//! pairs: about 3.8·10^11 pair visits to 2^24. At the 4 ns a visit measured here (2^20 in
//! 90 s on a loaded machine) that is about 25 minutes, and even one cycle a visit on both cores
//! would be past a minute.

use super::code::{Modifier, TbCode};
use pipeline::Helper;
use wanted::Wanted;

mod pipeline;
mod wanted;

/// Whether the processor runs the builds of the hot loops compiled for x86-64-v3 (AVX2, BMI1
/// and 2, LZCNT, POPCNT): the eight-wide compares of `find_few`, shifts by a register
/// without the `cl` constraint for the marks, and `popcnt` for the parity of a value. The
/// portable build assumes only what every x86-64 has (SSE2). Grundy's game to 2^21 heaps on
/// one thread: 5.6 s portable, 4.65 s with these two functions chosen at run time, 4.3 s
/// with the whole program built for x86-64-v3 (which no release can assume).
#[cfg(target_arch = "x86_64")]
mod wide {
    /// Tests set it to run the portable build, without the bit-map scan of [`super::wanted`]
    /// either, on a processor that has the features.
    #[cfg(test)]
    pub static PORTABLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    /// Detected once by the standard library, then a load.
    pub fn available() -> bool {
        #[cfg(test)]
        if PORTABLE.load(std::sync::atomic::Ordering::Relaxed) {
            return false;
        }
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
}

/// How a removal of j tokens may split the rest in two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    No,
    /// Any two heaps (`!`/`?` excluded: `distinct`).
    Pair {
        distinct: bool,
    },
    /// Two equal heaps only (value 0 when r is even).
    Equal,
}

#[derive(Clone, Copy, Debug)]
struct Move {
    j: usize,
    take_all: bool,
    leave_one: bool,
    /// `?` on one heap: at least two tokens must remain.
    leave_one_needs_two: bool,
    split: Split,
}

/// Values above this make the mask search too costly (the method then scans plainly).
const MASK_SEARCH_LIMIT: u32 = 1 << 16;

/// Pairs scanned between two "is every needed value seen?" tests (Grundy's game to 2·10^6:
/// 64 → 8.0 s, 128 → 7.0 s, 256 → 6.5 s, 512 → 6.2 s user time). The first tests come
/// sooner, after `FIRST_CHUNK` pairs and then twice as many each time: 0.354 finds every
/// value it needs within its first 512 pairs almost always, often far sooner.
const CHUNK: usize = 512;
const FIRST_CHUNK: usize = 32;

/// Needed values few enough to be looked for by comparison rather than marked.
const FEW: usize = 4;

/// Needed values few enough to be looked for in a bit map, where the processor can
/// ([`wanted`]); more are found sooner by marking every pair.
const WANTED_FROM: usize = 64;

/// Pairs of each split move the bit-map scan takes at a time (the moves advance together).
const WANTED_CHUNK: usize = 4096;

/// Heaps whose rare pairs are marked together (see [`mark_block`]).
const BLOCK: usize = 256;

/// Bytes of marks the block pass fills at a time (within a first-level data cache).
const TILE_BYTES: usize = 16 << 10;

/// Heaps still to go before the block pass moves to a second core (when there is one): so
/// many take well under a second, and starting a thread and copying the sequence to it would
/// be much of their cost. (Tests start the helper sooner, so that short sequences exercise
/// it.)
const HELPER_FROM: usize = if cfg!(test) { 1 << 10 } else { 1 << 16 };

/// Run the portable build of the hot loops (`true`) or the one the processor allows
/// (`false`), on every thread: both must give the same values, so another test running
/// meanwhile is not affected.
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) fn force_portable(portable: bool) {
    wide::PORTABLE.store(portable, std::sync::atomic::Ordering::Relaxed);
}

/// Incremental state of the method for one code.
#[derive(Debug)]
pub struct SparseOctal {
    moves: Vec<Move>,
    /// Whether some move splits into two heaps (else there is nothing to be sparse about).
    splits: bool,
    mask: u32,
    /// Heaps n ≥ 1 whose value is rare under `mask`, ascending.
    rare: Vec<u32>,
    /// stamp[v] == round: value v is an option value of the current heap.
    stamp: Vec<u32>,
    round: u32,
    /// Rare values below κ not seen yet (reused between heaps).
    needed: Vec<u32>,
    /// The values this heap's moves reach, as bits (reused between heaps).
    heap_marks: Vec<u64>,
    /// Bit j set when j (0-63) is common under the mask; a word of values whose first,
    /// 64k, is common holds the complement.
    common_low: u64,
    /// Heaps block_start .. block_start + BLOCK have their pairs (a, r − a) with a rare and
    /// a > BLOCK marked in `block_marks` (`block_words` words a heap) — all but the pairs with
    /// a small or a new rare heap, which `next` adds itself.
    block_start: usize,
    block_words: usize,
    /// The rare heaps the block has covered, as positions in `rare` (those above BLOCK at its
    /// start).
    block_rare: std::ops::Range<usize>,
    block_marks: Vec<u64>,
    next_review: usize,
    max_value: u32,
    /// The heaps b whose pairs (b, r − b) the helper has marked, apart, for every heap of the
    /// block (`block_scan_marks`, laid out like `block_marks`): the scan consults those marks
    /// instead of scanning them.
    block_scanned: std::ops::Range<usize>,
    block_scan_marks: Vec<u64>,
    /// Threads the method may use (the block pass moves to a helper when over one).
    threads: usize,
    /// How far the caller means to go.
    goal: usize,
    /// The helper stopped by itself during this call.
    helper_stopped: bool,
    helper: Option<Helper>,
    /// How many heaps' pairs the helper marks a block (pipeline.rs).
    helper_load: usize,
    /// The sixteen-bit copy of the sequence that the bit-map scan reads ([`wanted`]).
    copy16: Copy16,
}

/// Whether the bit-map scan's copy of the sequence is made. It costs half the sequence's
/// memory again and pays only where scans run long: 0.007's heaps scan 35 000 pairs each, and
/// 0.007 to 300 000 heaps took 5.5 s with it instead of 7.7 s; 0.354's find their values
/// within 512 pairs, and its period search took as long with it, in 308 MB instead of 237 MB.
#[derive(Debug)]
enum Copy16 {
    /// The processor lacks AVX-512BW, or a value reached `wanted::LIMIT`.
    Never,
    /// Not yet: of the last `heaps` heaps scanned, `long` went past [`LONG_SCAN`] pairs.
    Watching {
        heaps: u32,
        long: u32,
    },
    Made(Vec<u16>),
}

/// Pairs past which a heap's scan counts as long (see [`Copy16`]). (Tests count every scan,
/// so that short sequences take the bit-map scan too.)
const LONG_SCAN: usize = if cfg!(test) { 0 } else { 4096 };

/// Heaps scanned between two looks at how long the scans run: the copy is made when more
/// than half of them were long.
const SCAN_WINDOW: u32 = if cfg!(test) { 16 } else { 1024 };

impl SparseOctal {
    /// How many heaps are rare under the current mask (the method's cost per heap).
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The method's state if the code is finite, removes tokens only and never leaves more than
    /// two heaps.
    pub fn new(code: &TbCode) -> Option<Self> {
        if code.max_addition() != 0 || code.max_count()? > 2 {
            return None;
        }
        let max = code.max_removal()? as usize;
        let mut moves = Vec::new();
        for j in 0..=max {
            let Some(d) = code.digit(j as i64) else {
                continue;
            };
            if j == 0 && (d.allows(0) || d.allows(1)) {
                return None; // loopy; rejected earlier
            }
            let split = if !d.allows(2) {
                Split::No
            } else {
                match d.modifier(2) {
                    Modifier::None => Split::Pair { distinct: false },
                    Modifier::Distinct | Modifier::NotAllEqual => Split::Pair { distinct: true },
                    Modifier::Equal => Split::Equal,
                }
            };
            moves.push(Move {
                j,
                take_all: d.allows(0),
                leave_one: d.allows(1),
                leave_one_needs_two: d.modifier(1) == Modifier::NotAllEqual,
                split,
            });
        }
        let splits = moves.iter().any(|m| matches!(m.split, Split::Pair { .. }));
        Some(SparseOctal {
            moves,
            splits,
            mask: 0,
            rare: Vec::new(),
            stamp: vec![0; 4],
            round: 0,
            needed: Vec::new(),
            heap_marks: Vec::new(),
            common_low: 0,
            block_start: 0,
            block_words: 0,
            block_rare: 0..0,
            block_marks: Vec::new(),
            next_review: 256,
            max_value: 0,
            block_scanned: 0..0,
            block_scan_marks: Vec::new(),
            threads: 1,
            goal: 0,
            helper_stopped: false,
            helper: None,
            helper_load: 0,
            copy16: if wanted::available() {
                Copy16::Watching { heaps: 0, long: 0 }
            } else {
                Copy16::Never
            },
        })
    }

    /// Let the method use up to `threads` threads (one more than the caller's at most).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
        if threads < 2 {
            self.stop_helper();
        }
    }

    /// How far the caller means to go: a helper starts only when that is far.
    pub fn set_goal(&mut self, len: usize) {
        self.goal = len;
        self.helper_stopped = false;
    }

    /// Stop the helper thread, if there is one (a later block starts another).
    pub fn stop_helper(&mut self) {
        self.helper = None;
    }

    fn is_rare(&self, v: u32) -> bool {
        is_rare_under(self.mask, v)
    }

    /// g(n), given g(0..n) (and that every earlier value came from this method, in order).
    pub fn next(&mut self, g: &[u32]) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if wide::available() {
            // SAFETY: the processor has the features `next_wide` is compiled for.
            return unsafe { self.next_wide(g) };
        }
        self.next_here(g)
    }

    /// [`SparseOctal::next`] compiled for x86-64-v3 processors (see [`wide`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn next_wide(&mut self, g: &[u32]) -> u32 {
        self.next_here(g)
    }

    /// [`SparseOctal::next`], inlined into each build of it with what it calls per heap.
    #[inline(always)]
    fn next_here(&mut self, g: &[u32]) -> u32 {
        let n = g.len();
        if n >= self.next_review {
            self.review_mask(g);
            self.next_review = n + n / 2;
        }
        if self.mask != 0 && n >= self.block_start + BLOCK {
            self.start_block(g);
        }
        self.copy_values16(g);
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
        let value = if self.mask == 0 || !self.splits {
            let mut stamp = std::mem::take(&mut self.stamp);
            let round = self.round;
            self.mark_moves(g, |v| stamp[v] = round);
            self.stamp = stamp;
            self.needed.clear();
            self.scan_pairs(g);
            self.least_unmarked()
        } else {
            // Common values come only from the moves marked so far; the scan looks for the
            // rare ones below κ among the other pairs.
            let kappa = self.mark_and_find_needed(g);
            if !self.needed.is_empty() {
                let reached = self.scan_pairs(g);
                self.watch_scans(reached);
            }
            // The least needed value that no pair gave, or else κ.
            let (stamp, round) = (&self.stamp, self.round);
            self.needed
                .iter()
                .copied()
                .find(|&v| stamp[v as usize] != round)
                .unwrap_or(kappa)
        };
        self.record(n, value);
        value
    }

    /// Bring the sixteen-bit copy of the sequence up to `g`, or drop it for good at a value
    /// too large for the bit-map scan.
    #[inline(always)]
    fn copy_values16(&mut self, g: &[u32]) {
        let Copy16::Made(copy) = &mut self.copy16 else {
            return;
        };
        copy.truncate(g.len());
        for &v in &g[copy.len()..] {
            if v >= wanted::LIMIT {
                self.copy16 = Copy16::Never;
                return;
            }
            copy.push(v as u16);
        }
    }

    /// Count a heap's scan that went up to pair `reached`, and make the copy when most of a
    /// window's scans were long.
    fn watch_scans(&mut self, reached: usize) {
        let Copy16::Watching { heaps, long } = &mut self.copy16 else {
            return;
        };
        *heaps += 1;
        *long += u32::from(reached > LONG_SCAN);
        if *heaps == SCAN_WINDOW {
            if 2 * *long > *heaps {
                // Filled up to the sequence at the next heap.
                self.copy16 = Copy16::Made(Vec::new());
            } else {
                (*heaps, *long) = (0, 0);
            }
        }
    }

    /// Mark `mark(v)` the values of one-heap moves, whole-heap moves, equal splits, and,
    /// under a mask, every split with a rare member that the block's pass left out.
    #[inline(always)]
    fn mark_moves(&self, g: &[u32], mut mark: impl FnMut(usize)) {
        let n = g.len();
        for m in &self.moves {
            if m.j > n {
                break;
            }
            let r = n - m.j;
            if r == 0 {
                if m.take_all {
                    mark(0);
                }
                continue;
            }
            if m.leave_one && (r >= 2 || !m.leave_one_needs_two) {
                mark(g[r] as usize);
            }
            if r < 2 {
                continue;
            }
            match m.split {
                Split::Equal if r.is_multiple_of(2) => mark(0),
                Split::Pair { distinct } if self.mask != 0 => {
                    // Rare heaps a < r: each pair (a, r − a) with a rare member, seen from
                    // that member (a pair of two rare heaps is marked twice, harmlessly).
                    // The block has done those in `block_rare`.
                    let end = self.rare.partition_point(|&a| (a as usize) < r);
                    let half = (distinct && r.is_multiple_of(2)).then_some(r / 2);
                    let (done, later) = (&self.block_rare, self.block_rare.end.min(end));
                    let rest = self.rare[..done.start.min(end)]
                        .iter()
                        .chain(&self.rare[later..end]);
                    for &a in rest {
                        let a = a as usize;
                        if Some(a) != half {
                            mark((g[a] ^ g[r - a]) as usize);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Under a mask: mark this heap's moves as bits (the block's row, then the rest), and
    /// from them find κ, the least common value not reached, and the rare values below it
    /// not reached either (`needed`, ascending). Word by word: the common values of a word
    /// of 64 are a fixed pattern or its complement, so neither takes a test a value.
    #[inline(always)]
    fn mark_and_find_needed(&mut self, g: &[u32]) -> u32 {
        let n = g.len();
        let mut bits = std::mem::take(&mut self.heap_marks);
        bits.clear();
        // Room for every value `stamp` has room for.
        bits.resize(self.stamp.len().div_ceil(64), 0);
        if !self.block_marks.is_empty() {
            let w = self.block_words;
            let row = &self.block_marks[(n - self.block_start) * w..][..w];
            for (word, &marked) in bits.iter_mut().zip(row) {
                *word = marked;
            }
        }
        self.mark_moves(g, |v| bits[v >> 6] |= 1 << (v & 63));
        let (mask, low) = (self.mask, self.common_low);
        let common = |k: usize| {
            if ((k << 6) as u32 & mask).count_ones() % 2 == 1 {
                !low
            } else {
                low
            }
        };
        // Marks lie below the power of two over every value and `stamp` has room for twice
        // that (see `record`): the common values above the marks make κ fall within `bits`.
        let kappa = bits
            .iter()
            .enumerate()
            .find_map(|(k, &word)| {
                let free = common(k) & !word;
                (free != 0).then(|| (k << 6) as u32 + free.trailing_zeros())
            })
            .unwrap_or_else(|| {
                let past = (bits.len() << 6) as u32;
                (past..).find(|&v| !is_rare_under(mask, v)).unwrap_or(past)
            });
        self.needed.clear();
        for (k, &word) in bits.iter().enumerate().take((kappa as usize >> 6) + 1) {
            let below = (k << 6) as u32;
            let mut rare = !common(k) & !word;
            if kappa - below < 64 {
                rare &= (1u64 << (kappa - below)) - 1;
            }
            while rare != 0 {
                self.needed.push(below + rare.trailing_zeros());
                rare &= rare - 1;
            }
        }
        self.heap_marks = bits;
        kappa
    }

    /// Start the block of heaps n … n + BLOCK − 1: take what the helper marked for it during
    /// the previous block, have the helper start on the next block's, and mark the rest of
    /// this block's pass here (all of it when there is no helper).
    fn start_block(&mut self, g: &[u32]) {
        let n = g.len();
        self.block_start = n;
        if self.helper.is_none() && self.threads > 1 && self.goal.saturating_sub(n) >= HELPER_FROM {
            self.helper = Helper::spawn(self.moves.clone());
            self.helper_load = self.rare.len();
        }
        let words = marked_words(self.max_value);
        self.block_words = words;
        let ready = self
            .helper
            .as_mut()
            .and_then(|h| h.take(n, self.mask, words));
        // The rare heaps above BLOCK: their pairs need no value of this block.
        let first = self.rare.partition_point(|&a| (a as usize) <= BLOCK);
        self.block_rare = first..self.rare.len();
        let (helper_marked, scanned) = match ready {
            Some((ready, waited)) => {
                let used = [
                    std::mem::replace(&mut self.block_marks, ready.marks),
                    std::mem::replace(&mut self.block_scan_marks, ready.scan_marks),
                ];
                if let Some(helper) = &mut self.helper {
                    helper.recycle(used);
                }
                self.helper_load = self.next_load(waited);
                (ready.rare, ready.scanned)
            }
            None => {
                self.block_marks.clear();
                self.block_marks.resize(BLOCK * words, 0);
                (first..first, 0..0)
            }
        };
        self.block_scanned = scanned;
        // The next block's request goes first, so that the helper's pass runs beside this
        // thread's share of this block's pass as well as beside its scans.
        if let Some(helper) = &mut self.helper
            && !helper.request(g, self.mask, self.helper_load, words)
        {
            // It stopped (a value too large for its copy): not again in this call.
            self.helper = None;
            self.helper_stopped = true;
        }
        // What the helper left: the rare heaps between BLOCK and its first (its pairs had to
        // lie a block lower), and those after its last.
        let rest = self.rare[first..helper_marked.start.max(first)]
            .iter()
            .chain(&self.rare[helper_marked.end.max(first)..])
            .map(|&a| a as usize);
        mark_block(&self.moves, g, rest, n, words, &mut self.block_marks);
    }

    /// The helper's next load: less when the caller had to wait for its marks, more when not,
    /// so that neither thread waits (pipeline.rs). Tests, whose timing is whatever it is,
    /// cycle through loads instead, so that every way of sharing is exercised.
    fn next_load(&self, waited: bool) -> usize {
        let rare = self.rare.len();
        if cfg!(test) {
            return match self.block_start / BLOCK % 4 {
                0 => 0,
                1 => rare / 2,
                2 => rare,
                _ => rare + 300,
            };
        }
        // Down twice as fast as up: by the steps' ratio the load settles where the caller
        // waits at about one block in three, each time briefly. (Down by an eighth, the
        // caller waited at one block in ten on Treblecross, but each cut moved an eighth of
        // the pass back to it for the blocks after: Treblecross to 2^21 took 4 % longer.
        // Down by a sixty-fourth gained nothing more.)
        if waited {
            self.helper_load.saturating_sub(self.helper_load / 32 + 1)
        } else {
            self.helper_load + self.helper_load / 64 + 1
        }
    }

    /// Mark split values pair by pair, from the smallest heaps up: every pair, or — when
    /// values are `needed` — until all of them have been seen. The split moves advance
    /// together, chunk by chunk (scanning one move to the end first made every heap of 0.376,
    /// whose scarce values come from its second split move, cost O(n)). Returns the smaller
    /// heap of the pair it stopped before (0 when the helper's marks held every value).
    #[inline(always)]
    fn scan_pairs(&mut self, g: &[u32]) -> usize {
        let n = g.len();
        let round = self.round;
        let until_needed = !self.needed.is_empty();
        // (r, the largest smaller heap of a pair) per split move.
        let mut spans = [(0usize, 0usize); 8];
        let mut count = 0;
        let mut longest = 0;
        for m in &self.moves {
            let Split::Pair { distinct } = m.split else {
                continue;
            };
            if m.j + 2 > n {
                continue;
            }
            let r = n - m.j;
            let top = if distinct && r.is_multiple_of(2) {
                r / 2 - 1
            } else {
                r / 2
            };
            if count == spans.len() {
                // More split moves than the fixed array holds: scan the extra ones whole.
                scan_range(g, &mut self.stamp, round, r, 1, top + 1);
                continue;
            }
            spans[count] = (r, top);
            count += 1;
            longest = longest.max(top);
        }
        // Pairs the helper has marked: consulted first, since each value is as likely to
        // turn up among them as among as many pairs scanned here, at a fraction of the cost.
        let skip = self.block_scanned.clone();
        if !skip.is_empty() {
            self.consult_scan_marks(n, until_needed);
            if until_needed && self.needed.is_empty() {
                return 0;
            }
        }
        let copied = matches!(self.copy16, Copy16::Made(_));
        let mut a = 1;
        let mut chunk = FIRST_CHUNK;
        while a <= longest {
            if skip.contains(&a) {
                a = skip.end;
                continue;
            }
            let mut end = (a + chunk).min(longest + 1);
            chunk = (2 * chunk).min(CHUNK);
            if a < skip.start {
                end = end.min(skip.start);
            }
            if until_needed && copied && self.needed.len() <= WANTED_FROM {
                self.scan_for_wanted(&spans[..count], a, skip, longest);
                return a;
            }
            if until_needed && self.needed.len() <= FEW {
                // Only a few scarce values left: look for them alone. A compare-and-or loop
                // vectorises, unlike the scattered stores of marking every pair.
                let mut few = [u32::MAX; FEW];
                few[..self.needed.len()].copy_from_slice(&self.needed);
                let mut hits = 0;
                for &(r, top) in &spans[..count] {
                    if a <= top {
                        hits |= find_few(g, r, a, end.min(top + 1), &few);
                    }
                }
                for (k, &w) in few.iter().enumerate() {
                    if hits >> k & 1 == 1 {
                        self.stamp[w as usize] = round;
                    }
                }
            } else {
                for &(r, top) in &spans[..count] {
                    if a <= top {
                        scan_range(g, &mut self.stamp, round, r, a, end.min(top + 1));
                    }
                }
            }
            a = end;
            if until_needed {
                let stamp = &self.stamp;
                keep_unstamped(&mut self.needed, stamp, round);
                if self.needed.is_empty() {
                    return a;
                }
            }
        }
        a
    }

    /// The rest of the scan, from pair `a` on (past the pairs in `skip`), looking for the
    /// needed values all at once in a bit map ([`wanted`]).
    fn scan_for_wanted(
        &mut self,
        spans: &[(usize, usize)],
        mut a: usize,
        skip: std::ops::Range<usize>,
        longest: usize,
    ) {
        let Copy16::Made(g) = &self.copy16 else {
            return;
        };
        let round = self.round;
        let mut wanted = Wanted::of(&self.needed);
        while a <= longest && !wanted.is_empty() {
            if skip.contains(&a) {
                a = skip.end;
                continue;
            }
            let mut end = (a + WANTED_CHUNK).min(longest + 1);
            if a < skip.start {
                end = end.min(skip.start);
            }
            for &(r, top) in spans {
                if a <= top {
                    let end = end.min(top + 1);
                    wanted::find_wanted(g, r, a, end, &mut wanted, &mut self.stamp, round);
                }
            }
            a = end;
        }
        keep_unstamped(&mut self.needed, &self.stamp, round);
    }

    /// Take from the helper's scan marks for heap n the values still needed, or all of them.
    #[inline(always)]
    fn consult_scan_marks(&mut self, n: usize, only_needed: bool) {
        let w = self.block_words;
        let row = &self.block_scan_marks[(n - self.block_start) * w..][..w];
        let round = self.round;
        let stamp = &mut self.stamp;
        // A needed value may lie past every split value (all of them below it were marked).
        let marked = |v: u32| {
            row.get(v as usize >> 6)
                .is_some_and(|w| w >> (v & 63) & 1 == 1)
        };
        if only_needed {
            self.needed.retain(|&v| {
                if marked(v) {
                    stamp[v as usize] = round;
                }
                !marked(v)
            });
        } else {
            stamp_bits(row, stamp, round);
        }
    }

    #[inline(always)]
    fn least_unmarked(&self) -> u32 {
        let round = self.round;
        self.stamp
            .iter()
            .position(|&s| s != round)
            .unwrap_or(self.stamp.len()) as u32
    }

    /// Bookkeeping after g(n) = v.
    fn record(&mut self, n: usize, v: u32) {
        if v > self.max_value {
            self.max_value = v;
            // Room for every xor of two values and their mex. [`scan_range`] masks its
            // indices below half this length (rounded down, a power of two).
            let cap = (v + 1).next_power_of_two() as usize * 2 + 1;
            if cap > self.stamp.len() {
                self.stamp.resize(cap, 0);
            }
        }
        if self.mask != 0 && self.is_rare(v) {
            self.rare.push(n as u32);
        }
    }

    /// Pick the mask that leaves the fewest rare heaps among g(1..n); keep none when even the
    /// best leaves a quarter of them rare (the scans would cost more than they save).
    fn review_mask(&mut self, g: &[u32]) {
        let max = self.max_value;
        if max >= MASK_SEARCH_LIMIT || !self.splits {
            self.set_mask(0, g);
            return;
        }
        let size = (max + 1).next_power_of_two() as usize;
        let mut h = vec![0i64; size];
        for &v in &g[1..] {
            h[v as usize] += 1;
        }
        walsh_hadamard(&mut h);
        let total = (g.len() - 1) as i64;
        let rare_count = |m: usize| (total + h[m]) / 2;
        let best = (1..size).min_by_key(|&m| rare_count(m)).unwrap_or(0);
        let mask = if best != 0 && rare_count(best) * 4 < total {
            best as u32
        } else {
            0
        };
        self.set_mask(mask, g);
    }

    fn set_mask(&mut self, mask: u32, g: &[u32]) {
        if mask == self.mask {
            return;
        }
        self.mask = mask;
        self.common_low = (0..64).fold(0, |p, j| p | u64::from(!is_rare_under(mask, j)) << j);
        self.rare = if mask == 0 {
            Vec::new()
        } else {
            rare_heaps(mask, g, 1).collect()
        };
        // The block's marks were made from the old list of rare heaps.
        self.block_start = 0;
        self.block_rare = 0..0;
        self.block_scanned = 0..0;
    }
}

/// Drop from `needed` the values stamped this round, without a branch: whether a value has
/// turned up is a coin toss to the processor, and `Vec::retain`'s mispredicted branches were
/// a sixth of the per-heap work of 0.007, whose heaps need ~130 values.
#[inline(always)]
fn keep_unstamped(needed: &mut Vec<u32>, stamp: &[u32], round: u32) {
    let mut kept = 0;
    for i in 0..needed.len() {
        let v = needed[i];
        needed[kept] = v;
        kept += usize::from(stamp[v as usize] != round);
    }
    needed.truncate(kept);
}

/// Stamp every value whose bit is set in `row`.
#[inline(always)]
fn stamp_bits(row: &[u64], stamp: &mut [u32], round: u32) {
    for (k, &word) in row.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            stamp[k << 6 | word.trailing_zeros() as usize] = round;
            word &= word - 1;
        }
    }
}

fn is_rare_under(mask: u32, v: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The heaps from `from` on whose values are rare under `mask`, ascending.
fn rare_heaps<V: Copy + Into<u32>>(
    mask: u32,
    g: &[V],
    from: usize,
) -> impl Iterator<Item = u32> + '_ {
    (from..g.len())
        .filter(move |&a| is_rare_under(mask, g[a].into()))
        .map(|a| a as u32)
}

/// Words of marks a heap when no value exceeds `max_value`: room for every xor of two values
/// (the marks hold split values only, never a mex, which may be one more).
fn marked_words(max_value: u32) -> usize {
    ((max_value + 1).next_power_of_two() as usize).div_ceil(64)
}

/// Mark, for the BLOCK heaps from `start` on, every split value g(a) ⊕ g(r − a) with a among
/// `heaps`, into `words` words a heap. Every pair must lie within the values known, `g`: so
/// each a is above BLOCK when `g` ends at `start`, and above 2·BLOCK when it ends a block
/// earlier (the helper's case). With a fixed, the loads g(r − a) run along consecutive heaps
/// and each heap's marks are its own words, so no iteration waits on another (heap by heap,
/// the same pairs cost a scattered load each and took ~85 % of the time in Grundy's game).
fn mark_block<V: Copy + Into<u32>>(
    moves: &[Move],
    g: &[V],
    heaps: impl Iterator<Item = usize> + Clone,
    start: usize,
    words: usize,
    marks: &mut [u64],
) {
    #[cfg(target_arch = "x86_64")]
    if wide::available() {
        // SAFETY: the processor has the features `mark_block_wide` is compiled for.
        unsafe { mark_block_wide(moves, g, heaps, start, words, marks) };
        return;
    }
    mark_block_here(moves, g, heaps, start, words, marks);
}

/// [`mark_block`] compiled for x86-64-v3 processors (see [`wide`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn mark_block_wide<V: Copy + Into<u32>>(
    moves: &[Move],
    g: &[V],
    heaps: impl Iterator<Item = usize> + Clone,
    start: usize,
    words: usize,
    marks: &mut [u64],
) {
    mark_block_here(moves, g, heaps, start, words, marks);
}

#[inline(always)]
fn mark_block_here<V: Copy + Into<u32>>(
    moves: &[Move],
    g: &[V],
    heaps: impl Iterator<Item = usize> + Clone,
    start: usize,
    words: usize,
    marks: &mut [u64],
) {
    // Heaps are marked a tile at a time, a tile's marks fitting in the first-level cache:
    // with Treblecross's 32 words a heap, the whole block's 64 KiB do not, and every mark
    // would go to the second level (about 10 cycles instead of 1).
    debug_assert!(words.is_power_of_two());
    let tile = (TILE_BYTES / (8 * words)).clamp(8, BLOCK);
    for tile_start in (0..BLOCK).step_by(tile) {
        let tile_end = (tile_start + tile).min(BLOCK);
        for m in moves {
            let Split::Pair { distinct } = m.split else {
                continue;
            };
            for a in heaps.clone() {
                let ga: u32 = g[a].into();
                // Heap start + i leaves r = start + i − j; the pair needs a < r.
                let from = (a + m.j + 1).saturating_sub(start).max(tile_start);
                if from >= tile_end {
                    continue;
                }
                // Heap start + i pairs a with start + i − j − a; `!` and `?` skip the pair of
                // two equal heaps, i = 2a + j − start.
                let skip =
                    (distinct && 2 * a + m.j >= start + from && 2 * a + m.j < start + tile_end)
                        .then(|| 2 * a + m.j - start);
                let first = start + from - m.j - a;
                let partners = &g[first..first + (tile_end - from)];
                let rows = &mut marks[from * words..tile_end * words];
                match skip {
                    None => mark_run(ga, partners, rows, words),
                    Some(i) => {
                        let (k, row) = (i - from, (i - from) * words);
                        mark_run(ga, &partners[..k], &mut rows[..row], words);
                        mark_run(ga, &partners[k + 1..], &mut rows[row + words..], words);
                    }
                }
            }
        }
    }
}

/// Mark ga ⊕ p in row k of `rows` (`words` words each) for the k-th partner value p.
#[inline(always)]
fn mark_run<V: Copy + Into<u32>>(ga: u32, partners: &[V], rows: &mut [u64], words: usize) {
    // `words` is a power of two (`marked_words`), and the xor of two values is below the
    // power of two over them, so masking the word index changes nothing and spares a
    // bounds test. Rows of a constant width, four visits a step, need no multiply either:
    // 0.007 to 150 000 heaps took a fifth less time than with rows of a width known only
    // at run time.
    match words {
        1 => mark_rows::<1, V>(ga, partners, rows),
        2 => mark_rows::<2, V>(ga, partners, rows),
        4 => mark_rows::<4, V>(ga, partners, rows),
        8 => mark_rows::<8, V>(ga, partners, rows),
        16 => mark_rows::<16, V>(ga, partners, rows),
        32 => mark_rows::<32, V>(ga, partners, rows),
        _ => {
            let last = words - 1;
            for (row, &p) in rows.chunks_exact_mut(words).zip(partners) {
                let v = ga ^ p.into();
                row[(v >> 6) as usize & last] |= 1 << (v & 63);
            }
        }
    }
}

/// [`mark_run`] for rows of `W` words.
#[inline(always)]
fn mark_rows<const W: usize, V: Copy + Into<u32>>(ga: u32, partners: &[V], rows: &mut [u64]) {
    let (rows, _) = rows.as_chunks_mut::<W>();
    let n = partners.len().min(rows.len());
    let (whole, rest) = partners[..n].as_chunks::<4>();
    let (rows_whole, rows_rest) = rows[..n].split_at_mut(whole.len() * 4);
    for (quad, p) in rows_whole.as_chunks_mut::<4>().0.iter_mut().zip(whole) {
        for k in 0..4 {
            let v = ga ^ p[k].into();
            quad[k][(v >> 6) as usize % W] |= 1 << (v & 63);
        }
    }
    for (row, &p) in rows_rest.iter_mut().zip(rest) {
        let v = ga ^ p.into();
        row[(v >> 6) as usize % W] |= 1 << (v & 63);
    }
}

/// Bit k set when some pair (b, r − b), b in from..end, has value `few[k]`.
#[inline(always)]
fn find_few(g: &[u32], r: usize, from: usize, end: usize, few: &[u32; FEW]) -> u32 {
    let lo = &g[from..end];
    let hi = &g[r + 1 - end..=r - from];
    let [w0, w1, w2, w3] = *few;
    // Four plain accumulators and no early exit, so the loop vectorises (one accumulator
    // shifted by k did not, nor did an array of eight). Hits are counted (at most a chunk
    // of them) rather than or-ed: a vector compare gives −1 for a hit, which is subtracted,
    // where an or of 1 takes a shift more a compare.
    let (mut h0, mut h1, mut h2, mut h3) = (0u32, 0u32, 0u32, 0u32);
    for (x, y) in lo.iter().zip(hi.iter().rev()) {
        let v = x ^ y;
        h0 += u32::from(v == w0);
        h1 += u32::from(v == w1);
        h2 += u32::from(v == w2);
        h3 += u32::from(v == w3);
    }
    u32::from(h0 != 0) | u32::from(h1 != 0) << 1 | u32::from(h2 != 0) << 2 | u32::from(h3 != 0) << 3
}

/// Mark the pairs (b, r − b) for b in from..end (1 ≤ from ≤ end ≤ r).
#[inline(always)]
fn scan_range(g: &[u32], stamp: &mut [u32], round: u32, r: usize, from: usize, end: usize) {
    // Plain stores (no read-modify-write), so consecutive pairs do not wait on each other.
    // The stamps have room for every xor of two values below half their length, a power of
    // two (`record`), so an index masked below it is unchanged and needs no bounds test.
    let last = (stamp.len() / 2).next_power_of_two() - 1;
    let stamp = &mut stamp[..=last];
    let lo = &g[from..end];
    let hi = &g[r + 1 - end..=r - from];
    // Eight pairs a step (the compiler unrolls them): 0.007 to 150 000 heaps took a ninth
    // less time than pair by pair with a bounds test a store.
    let (lo_whole, lo_rest) = lo.as_chunks::<8>();
    let (hi_rest, hi_whole) = hi.as_rchunks::<8>();
    for (x, y) in lo_whole.iter().zip(hi_whole.iter().rev()) {
        let at: [u32; 8] = std::array::from_fn(|k| (x[k] ^ y[7 - k]) & last as u32);
        for i in at {
            stamp[i as usize] = round;
        }
    }
    for (x, y) in lo_rest.iter().zip(hi_rest.iter().rev()) {
        stamp[(x ^ y) as usize & last] = round;
    }
}

/// In-place Walsh–Hadamard transform: h[m] becomes Σ_v h[v]·(−1)^parity(v & m).
fn walsh_hadamard(h: &mut [i64]) {
    let mut len = 1;
    while len < h.len() {
        for block in h.chunks_mut(2 * len) {
            let (lo, hi) = block.split_at_mut(len);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        len *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::heap::code::CodeKind;

    #[test]
    fn the_copy_for_the_bit_map_scan_is_made_once_most_scans_of_a_window_run_long() {
        let code = TbCode::parse("0.007", CodeKind::TakeAndBreak).unwrap();
        let mut method = SparseOctal::new(&code).unwrap();
        if matches!(method.copy16, Copy16::Never) {
            return; // a processor without AVX-512BW never makes it
        }
        let watching = |m: &SparseOctal| matches!(m.copy16, Copy16::Watching { .. });
        for _ in 0..SCAN_WINDOW {
            method.watch_scans(LONG_SCAN);
        }
        assert!(watching(&method), "no scan was long");
        for i in 0..SCAN_WINDOW {
            method.watch_scans(if i % 2 == 0 { LONG_SCAN + 1 } else { 0 });
        }
        assert!(watching(&method), "only half were long");
        for i in 0..SCAN_WINDOW {
            method.watch_scans(if i % 4 == 0 { 0 } else { LONG_SCAN + 1 });
        }
        assert!(matches!(method.copy16, Copy16::Made(_)));
        // Filled at the next heap, and dropped for good at a value past the bit map.
        method.copy_values16(&[0, 1, 2]);
        assert!(matches!(&method.copy16, Copy16::Made(c) if c == &[0, 1, 2]));
        method.copy_values16(&[0, 1, 2, wanted::LIMIT]);
        assert!(matches!(method.copy16, Copy16::Never));
    }
}
