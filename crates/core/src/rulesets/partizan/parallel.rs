//! One search split between threads, sharing one table of results.
//!
//! Why share: with a table each, splitting does not pay. Measured on Domineering 6×5, solving
//! only Left's 24 options of the empty board (in a fresh engine) solves 352,392 components,
//! only Right's 25 solves 354,051, and the whole board 356,382: however the root's options are
//! shared out, each worker meets 99% of the components and takes as long as the whole search.
//!
//! So every component is solved once for all threads:
//!
//! 1. The search starts on the calling thread alone, which finishes small searches (those
//!    done within [`WARM_UP`]) without starting any thread.
//! 2. Otherwise the components one to three moves below the root become tasks, each once,
//!    the largest first; but when 5% of that level is solved already, the search is nearly
//!    done and goes on alone ([`nearly_done`]).
//! 3. The calling thread takes tasks from the front, the largest first, and `threads − 1`
//!    workers from the back, until none is left. Each thread computes in an engine and a
//!    table of its own (an engine is single-threaded, and a lock on it would tax every
//!    operation). A thread that needs a component looks in its own table, then in the
//!    [`SharedTable`], where a value is a game of a [`SharedGames`] store that any engine can
//!    import; otherwise it solves the component and publishes the value.
//! 4. The calling thread then solves the root, finding the tasks' values in the shared table.
//!
//! Nothing waits: two threads may solve the same component at once, and the later value
//! (equal, as canonical forms are unique) is dropped. The shared table keeps narrow keys in a
//! map without locks (`narrow_map`) and whole keys in a sharded map (`dashmap`) whose locks
//! are held for one look-up or insert, and the store of games is read without a lock
//! (`boxcar`), so more threads contend little. What grows with them is the work
//! solved twice at the same moment and the copies of shared games in each engine
//! (docs/architecture.md, "Several threads").

use super::Rules;
use super::narrow_map::NarrowMap;
use super::solver::Solver;
use crate::engine::shared::{Exchange, SharedGames, SharedId};
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use dashmap::DashMap;
use rustc_hash::{FxBuildHasher, FxHashSet};
use std::cmp::Reverse;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a search runs alone before it is split. A new thread starts with an empty engine
/// and table, and the thread that started publishes everything it solves from then on: split
/// after 20 ms, searches of 30–150 ms took up to half as long again (Amazons, Fission, Ski
/// Jumps). After 100 ms what is left to lose is small beside what two threads gain on a long
/// search.
#[cfg(not(test))]
const WARM_UP: Duration = Duration::from_millis(100);
/// The unit tests split every search they allow several threads, however small.
#[cfg(test)]
const WARM_UP: Duration = Duration::ZERO;
/// Whether a search that has `solved` components of its task level solved when the warm-up
/// ends, and `unsolved` left, is nearly done: then it goes on alone, as it would not repay
/// what sharing costs. Searches of 0.2-0.3 s had 5-15% of that level solved and took 10-20%
/// longer split (Fission's and Konane's 3 s rows of the rulesets bench: 1-3 of 19, 6-7 of 53);
/// the long searches measured had at most 1% (Domineering 6×5: 2 of 280; Amazons', Konane's
/// and Fission's 20-60 s rows: none).
fn nearly_done(solved: usize, unsolved: usize) -> bool {
    // The unit tests split every search they can, however far along.
    !cfg!(test) && solved * 20 >= solved + unsolved
}
/// Tasks gathered per thread (when the first levels have that many components), so that
/// threads finishing at different times still find work.
const TASKS_PER_THREAD: usize = 16;
/// How many moves below the root tasks are looked for.
const MAX_TASK_DEPTH: usize = 3;
/// Shards of the shared table: each look-up locks one, and with many the threads seldom
/// meet on one.
const SHARDS: usize = 256;
/// log2 of the bits that say which keys are published (2 MiB of them).
const PUBLISHED_BITS: u32 = 24;
const PUBLISHED_WORDS: usize = 1 << (PUBLISHED_BITS - 6);
/// How often a thread adds what it solved to the shared count (a count that every thread
/// changed at every component would be a cache line they took from each other).
const REPORT_EVERY: usize = 1 << 12;
/// Each worker's stack: the search recurses once per move, and canonical forms recurse too.
const WORKER_STACK: usize = 256 << 20;

/// The values every thread of one search has published, by component key: by its narrow
/// form when it has one (as in the solver's own table), in a map without locks; else whole.
pub(crate) struct SharedTable<G: Rules> {
    games: SharedGames,
    values: DashMap<G::Key, SharedId, FxBuildHasher>,
    narrow_values: NarrowMap,
    /// One bit per hash of a key published whole: a clear bit says, without touching the
    /// map and its locks, that a key is not there (most look-ups, as most components are
    /// new).
    published: Box<[AtomicU64]>,
    /// Components solved by all threads, as they report them (every [`REPORT_EVERY`]).
    solved: AtomicUsize,
    /// The first error a thread met (set before `failed`); the others stop at their next
    /// component.
    failure: Mutex<Option<EngineError>>,
    failed: AtomicBool,
}

impl<G: Rules> SharedTable<G> {
    fn new() -> Self {
        SharedTable {
            games: SharedGames::default(),
            values: DashMap::with_hasher_and_shard_amount(FxBuildHasher, SHARDS),
            narrow_values: NarrowMap::default(),
            published: (0..PUBLISHED_WORDS).map(|_| AtomicU64::new(0)).collect(),
            solved: AtomicUsize::new(0),
            failure: Mutex::new(None),
            failed: AtomicBool::new(false),
        }
    }

    /// Record how a thread's share of the work ended.
    fn settle(&self, result: EngineResult<()>) {
        if let Err(e) = result {
            let mut failure = self.failure.lock().unwrap_or_else(|p| p.into_inner());
            failure.get_or_insert(e);
            self.failed.store(true, Ordering::Relaxed);
        }
    }

    /// The value published for `key`. Copied out of the whole keys' map, so that its shard
    /// is not locked while the value is imported.
    fn get(&self, key: &G::Key) -> Option<SharedId> {
        match G::narrow_key(key) {
            Some(narrow) => self.narrow_values.get(&narrow).map(SharedId::from_u32),
            None => {
                let (word, bit) = Self::published_bit(key);
                if self.published[word].load(Ordering::Relaxed) & bit == 0 {
                    return None;
                }
                self.values.get(key).map(|v| *v.value())
            }
        }
    }

    /// Start reading where `key`'s value would be, if it has a narrow form.
    fn touch(&self, key: &G::Key) {
        if let Some(narrow) = G::narrow_key(key) {
            self.narrow_values.touch(&narrow);
        }
    }

    /// Publish `shared` as the value of `key`, unless a value is there already.
    fn insert(&self, key: &G::Key, shared: SharedId) {
        match G::narrow_key(key) {
            Some(narrow) => self.narrow_values.insert(&narrow, shared.to_u32()),
            None => {
                self.values.entry(key.clone()).or_insert(shared);
                let (word, bit) = Self::published_bit(key);
                self.published[word].fetch_or(bit, Ordering::Relaxed);
            }
        }
    }

    /// The word and bit of `published` for `key`.
    fn published_bit(key: &G::Key) -> (usize, u64) {
        let hash = FxBuildHasher
            .hash_one(key)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let bit = (hash >> (64 - PUBLISHED_BITS)) as usize;
        (bit / 64, 1 << (bit % 64))
    }

    fn take_failure(&self) -> Option<EngineError> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

/// One thread's access to a [`SharedTable`], with its engine's [`Exchange`].
pub(crate) struct Sharing<G: Rules> {
    table: Arc<SharedTable<G>>,
    exchange: Exchange,
    /// Components this thread solved and has not yet added to the table's count.
    unreported: usize,
}

impl<G: Rules> Sharing<G> {
    fn new(table: &Arc<SharedTable<G>>) -> Self {
        Sharing {
            table: table.clone(),
            exchange: Exchange::default(),
            unreported: 0,
        }
    }

    /// The value another thread published for `key`, in `engine`. Fails (as interrupted)
    /// once another thread has failed, so that every thread stops.
    pub(super) fn lookup(
        &mut self,
        key: &G::Key,
        engine: &mut Engine,
    ) -> EngineResult<Option<GameId>> {
        if self.table.failed.load(Ordering::Relaxed) {
            return Err(EngineError::Interrupted);
        }
        self.table
            .get(key)
            .map(|s| engine.import(s, &self.table.games, &mut self.exchange))
            .transpose()
    }

    /// Start reading where another thread's value of `key` would be (see
    /// [`Solver::option_values`]).
    pub(super) fn touch(&self, key: &G::Key) {
        self.table.touch(key);
    }

    /// Publish the value of `key`. Now and then returns how many components the threads have
    /// solved, for the progress line.
    pub(super) fn publish(
        &mut self,
        key: &G::Key,
        value: GameId,
        engine: &mut Engine,
    ) -> EngineResult<Option<usize>> {
        let shared = engine.export(value, &self.table.games, &mut self.exchange)?;
        self.table.insert(key, shared);
        self.unreported += 1;
        if self.unreported == REPORT_EVERY {
            self.unreported = 0;
            let solved = self.table.solved.fetch_add(REPORT_EVERY, Ordering::Relaxed);
            return Ok(Some(solved + REPORT_EVERY));
        }
        Ok(None)
    }
}

/// The time a search runs alone, and whether it is up (read every [`WarmUp::STRIDE`]
/// components rather than at each). Publishing what was solved meanwhile when the search
/// splits did not pay: the thread that ran alone keeps the largest tasks, whose followers it
/// holds, and a short search lost a third more time publishing.
pub(crate) struct WarmUp {
    at: Instant,
    countdown: u32,
    expired: bool,
}

impl WarmUp {
    const STRIDE: u32 = 64;

    fn new(wait: Duration) -> Self {
        WarmUp {
            at: Instant::now() + wait,
            // The first component reads the clock, so that no wait at all splits at once.
            countdown: 1,
            expired: false,
        }
    }

    /// Whether the time is up (checked now and then).
    pub(super) fn passed(&mut self) -> bool {
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = Self::STRIDE;
            self.expired = Instant::now() >= self.at;
        }
        self.expired
    }
}

/// The tasks not yet taken, `first..last` of a list: the thread that started the search takes
/// from the front (the largest tasks, whose followers its table holds from the time it ran
/// alone), the others from the back (they start with empty tables, and a small task costs
/// them little). Both ends in one word, changed by compare-and-swap.
struct TaskQueue(AtomicU64);

impl TaskQueue {
    fn new(len: usize) -> Self {
        TaskQueue(AtomicU64::new((len as u64) << 32))
    }

    /// Take the first or the last task left.
    fn take(&self, first: bool) -> Option<usize> {
        let mut ends = self.0.load(Ordering::Relaxed);
        loop {
            let (start, end) = (ends & 0xffff_ffff, ends >> 32);
            if start >= end {
                return None;
            }
            let (taken, rest) = if first {
                (start, (end << 32) | (start + 1))
            } else {
                (end - 1, ((end - 1) << 32) | start)
            };
            match self
                .0
                .compare_exchange_weak(ends, rest, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some(taken as usize),
                Err(now) => ends = now,
            }
        }
    }

    fn take_first(&self) -> Option<usize> {
        self.take(true)
    }

    fn take_last(&self) -> Option<usize> {
        self.take(false)
    }
}

/// A component to solve, found below the root.
struct Task<G: Rules> {
    part: G,
    key: G::Key,
    negated: bool,
    /// The number of moves in it, both players': the larger, the longer it takes, roughly.
    size: usize,
}

impl<G: Rules> Solver<G> {
    /// The value of `position`, splitting the search between `threads` threads when it is
    /// not a small one.
    pub(super) fn value_in_parallel(
        &mut self,
        position: &G,
        engine: &mut Engine,
        threads: usize,
    ) -> EngineResult<GameId> {
        self.warm_up = Some(WarmUp::new(WARM_UP));
        let alone = self.value(position, engine);
        if !self.warm_up.take().is_some_and(|w| w.expired) {
            return alone;
        }
        let (tasks, solved) = self.tasks(position, threads);
        if nearly_done(solved, tasks.len()) {
            return self.value(position, engine);
        }
        #[cfg(test)]
        tests::SPLITS.fetch_add(1, Ordering::Relaxed);
        let shared = Arc::new(SharedTable::new());
        let queue = TaskQueue::new(tasks.len());
        let workers: Vec<Engine> = (1..threads).map(|_| engine.worker()).collect();
        self.sharing = Some(Sharing::new(&shared));
        std::thread::scope(|scope| {
            for mut worker in workers {
                let (shared, tasks, queue) = (&shared, &tasks, &queue);
                // A thread the system refuses leaves its share to the others.
                let _ = std::thread::Builder::new()
                    .name("cgcalc-search".into())
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, move || {
                        let mut solver = Solver::<G>::new();
                        solver.sharing = Some(Sharing::new(shared));
                        shared.settle(solver.work(tasks, || queue.take_last(), &mut worker));
                        drop((solver, worker));
                        crate::engine::memory::report_thread_allocations();
                    });
            }
            shared.settle(self.work(&tasks, || queue.take_first(), engine));
        });
        let value = match shared.take_failure() {
            Some(e) => Err(e),
            None => self.value(position, engine),
        };
        self.sharing = None;
        value
    }

    /// Solve tasks, taking them as `take` says, until none is left.
    fn work(
        &mut self,
        tasks: &[Task<G>],
        mut take: impl FnMut() -> Option<usize>,
        engine: &mut Engine,
    ) -> EngineResult<()> {
        while let Some(task) = take().map(|i| &tasks[i]) {
            self.keyed_value(&task.part, &task.key, task.negated, engine)?;
        }
        Ok(())
    }

    /// The components up to [`MAX_TASK_DEPTH`] moves below `position` (the first level with
    /// enough of them), each once and not already solved, largest first; and how many
    /// distinct components of that level are solved.
    fn tasks(&self, position: &G, threads: usize) -> (Vec<Task<G>>, usize) {
        let mut seen = FxHashSet::default();
        let mut level = Vec::new();
        let mut solved = self.unsolved_components(position, &mut seen, &mut level);
        let mut moves = Vec::new();
        for _ in 0..MAX_TASK_DEPTH {
            if level.len() >= TASKS_PER_THREAD * threads {
                break;
            }
            let mut below = Vec::new();
            let mut solved_below = 0;
            for task in &level {
                for left in [true, false] {
                    moves.clear();
                    task.part.moves(left, &mut moves);
                    for m in &moves {
                        solved_below += self.unsolved_components(m, &mut seen, &mut below);
                    }
                }
            }
            if below.is_empty() {
                break;
            }
            level = below;
            solved = solved_below;
        }
        for task in &mut level {
            for left in [true, false] {
                moves.clear();
                task.part.moves(left, &mut moves);
                task.size += moves.len();
            }
        }
        level.sort_by_key(|task| Reverse(task.size));
        (level, solved)
    }

    /// Append the components of `position` not seen before and not in the table; return how
    /// many not seen before are in the table.
    fn unsolved_components(
        &self,
        position: &G,
        seen: &mut FxHashSet<G::Key>,
        out: &mut Vec<Task<G>>,
    ) -> usize {
        let mut parts = Vec::new();
        position.components(&mut parts);
        let mut solved = 0;
        for (part, _) in parts {
            if part.is_over() {
                continue;
            }
            let (key, negated) = part.key();
            if !seen.insert(key.clone()) {
                continue;
            }
            if self.table_value(&key).is_some() {
                solved += 1;
                continue;
            }
            out.push(Task {
                part,
                key,
                negated,
                size: 0,
            });
        }
        solved
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::Session;
    use crate::eval::tests::run;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// How many searches have been split (by any test of this process).
    pub(super) static SPLITS: AtomicUsize = AtomicUsize::new(0);

    /// Positions of every ruleset the generic solver searches, each big enough to be split.
    const POSITIONS: [&str; 11] = [
        "domineering(5, 4)",
        "domineering(\"..#..|.....|.....|..#..\")",
        "clobber(\"xoxo|oxox|xoxo\")",
        "toads_frogs(\"TTT___FFF\")",
        "game.grid.Konane(\"xoxox|o..ox|xoxox|oxoxo\")",
        "game.grid.Fission(\"......|..x...|......\")",
        "game.grid.Amazons(\"x...|....|...o\")",
        "game.grid.SkiJumps(\"L....R|.R..L.|L....R\")",
        "game.strip.TopplingDominoes(\"rllrlrrrllrl\")",
        "game.graph.Snort(\".:A-.:B-.:C-.:D-.:E;.:F-.:G-.:H-.:I-.:J;.:A-.:F;.:B-.:G;.:C-.:H;.:D-.:I;.:E-.:J\")",
        "game.graph.Col(\"R:A-.:B-.:C-.:D-.:E;.:F-.:G-.:H-.:I-R:J;R:A-.:F;.:B-.:G;.:C-.:H;.:D-.:I;.:E-R:J\")",
    ];

    /// Taken from both ends by several threads at once, every task is taken exactly once: the
    /// first threads from the front in order, the others from the back.
    #[test]
    fn every_task_is_taken_once() {
        let queue = super::TaskQueue::new(10_000);
        let taken: Vec<Vec<usize>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|t| {
                    let queue = &queue;
                    scope.spawn(move || {
                        let take = || {
                            if t % 2 == 0 {
                                queue.take_first()
                            } else {
                                queue.take_last()
                            }
                        };
                        std::iter::from_fn(take).collect::<Vec<usize>>()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (t, mine) in taken.iter().enumerate() {
            let ascending = mine.windows(2).all(|w| w[0] < w[1]);
            let descending = mine.windows(2).all(|w| w[0] > w[1]);
            assert!(if t % 2 == 0 { ascending } else { descending });
        }
        let mut all: Vec<usize> = taken.into_iter().flatten().collect();
        all.sort_unstable();
        assert_eq!(all, (0..10_000).collect::<Vec<_>>());
        assert_eq!(queue.take_first(), None);
    }

    fn session(threads: usize) -> Session {
        let mut s = Session::new();
        s.set_threads(threads);
        s
    }

    /// A search split between 2 or 3 threads gives exactly the value one thread finds, and
    /// so does a sum of the positions (whose components the split tables share).
    #[test]
    fn one_thread_and_several_give_the_same_values() {
        let mut one = session(1);
        let expected: Vec<String> = POSITIONS
            .iter()
            .map(|p| run(&mut one, &format!("{p}.CanonicalForm")).unwrap())
            .collect();
        for threads in [2, 3] {
            let splits = SPLITS.load(Ordering::Relaxed);
            let mut many = session(threads);
            for (p, want) in POSITIONS.iter().zip(&expected) {
                let got = run(&mut many, &format!("{p}.CanonicalForm")).unwrap();
                assert_eq!(&got, want, "{p} with {threads} threads");
            }
            assert!(
                SPLITS.load(Ordering::Relaxed) >= splits + POSITIONS.len(),
                "the searches were not split"
            );
        }
    }

    /// Stopped by the memory ceiling, a split search reports it as one thread would, and the
    /// session goes on with every thread.
    #[test]
    fn a_failed_split_search_leaves_the_session_working() {
        let mut s = session(2);
        s.engine()
            .set_memory_limit(crate::engine::memory::heap_bytes() + (4 << 20));
        let error = run(&mut s, "domineering(6, 5).CanonicalForm").unwrap_err();
        assert!(error.contains("memory limit reached"), "{error}");
        // The heap is the whole test process's: lift the ceiling before going on.
        s.engine().set_memory_limit(usize::MAX);
        let expected = run(&mut session(1), "domineering(4, 5)").unwrap();
        assert_eq!(run(&mut s, "domineering(4, 5)").unwrap(), expected);
    }

    /// Ctrl-C stops every thread of a split search, and the session goes on.
    #[test]
    fn an_interrupted_split_search_stops_and_the_session_goes_on() {
        let mut s = session(2);
        let flag = s.interrupt_flag();
        let splits = SPLITS.load(Ordering::Relaxed);
        // Ctrl-C once a search has been split (this one, unless another test's came first).
        let ctrl_c = std::thread::spawn({
            let flag = flag.clone();
            move || {
                for _ in 0..1000 {
                    if SPLITS.load(Ordering::Relaxed) > splits {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                flag.store(true, Ordering::SeqCst);
            }
        });
        let error = run(&mut s, "domineering(7, 6).CanonicalForm").unwrap_err();
        ctrl_c.join().unwrap();
        assert!(error.contains("interrupted"), "{error}");
        flag.store(false, Ordering::SeqCst);
        let expected = run(&mut session(1), "domineering(4, 5)").unwrap();
        assert_eq!(run(&mut s, "domineering(4, 5)").unwrap(), expected);
    }
}
