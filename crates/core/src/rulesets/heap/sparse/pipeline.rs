//! The block pass on a second core: while the heaps of one block are found, a helper thread
//! marks the rare pairs of the next one.
//!
//! The pass for the block that starts at heap s + BLOCK needs only the values below s when
//! its heaps lie above 2·BLOCK (see [`super::mark_block`]), so it can run while heaps
//! s … s + BLOCK − 1 are being found. The helper keeps a copy of the sequence of its own, to
//! which each finished block is appended: the two threads never share memory that grows. Per
//! block they exchange that block's values one way and the next block's marks the other,
//! and the marks' buffers go back and forth so that nothing is allocated per block.
//!
//! **Sharing the work.** Each request says how many heaps' pairs the helper is to mark (its
//! *load*). Up to the number of rare heaps it marks that many of them, and the caller marks
//! the rest of the block pass when the block starts; past it, the helper also marks, apart,
//! the pairs of the smallest heaps above 2·BLOCK, which the caller's scan consults first for
//! the values it still needs and then skips. The caller raises
//! the load when the marks were ready as it asked for them and lowers it when it had to wait,
//! so the two threads end up busy alike: Grundy's game, whose scans take most of the time,
//! hands the helper part of them; Treblecross (0.007), whose block pass is almost all of it,
//! keeps part of the pass.
//!
//! Tried and dropped (2026-12-07): the helper two blocks ahead instead of one (heaps above
//! 3·BLOCK). The caller waited just as often, since the load controller settles where it
//! waits, and Treblecross to 2^21 took as long with 17 % more processor time. Nor did a load
//! that needs no guessing pay: the helper claiming heaps 64 at a time (rare heaps first, then
//! scanned ones) until the caller comes for its marks and stops it. Treblecross to 2^21 took
//! 33.1 s against 33.2 s with 8 % more processor time, and Grundy's game to 2^22 6.5 s
//! against 5.6 s (where the extra time went was not traced).

use super::{BLOCK, Move, mark_block, rare_heaps};
use std::ops::Range;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;

/// The rare pairs of one block, marked by the helper.
pub(super) struct BlockMarks {
    pub start: usize,
    pub mask: u32,
    /// The rare heaps whose pairs are marked, as positions in the list of rare heaps (the
    /// helper's list and the caller's agree up to where the helper's ends).
    pub rare: Range<usize>,
    /// Words of marks a heap.
    pub words: usize,
    /// The pairs of the rare heaps.
    pub marks: Vec<u64>,
    /// The heaps b whose pairs (b, r − b) are marked in `scan_marks` (empty when the range is).
    pub scanned: Range<usize>,
    pub scan_marks: Vec<u64>,
}

struct Request {
    /// The values that follow those sent before.
    values: Vec<u32>,
    mask: u32,
    start: usize,
    /// How many heaps' pairs to mark (see the module doc).
    load: usize,
    words: usize,
    /// Buffers to mark into.
    spare: [Vec<u64>; 2],
}

/// A helper thread and the one request it may have in hand.
pub(super) struct Helper {
    requests: Option<Sender<Request>>,
    replies: Receiver<BlockMarks>,
    thread: Option<JoinHandle<()>>,
    /// Heaps whose values the helper has.
    sent: usize,
    /// The start of the block whose marks were asked for and not yet taken.
    pending: Option<usize>,
    spare: [Vec<u64>; 2],
}

impl Helper {
    /// A helper for these moves, or `None` if no thread can be started.
    pub fn spawn(moves: Vec<Move>) -> Option<Helper> {
        let (requests, inbox) = channel();
        let (outbox, replies) = channel();
        let thread = std::thread::Builder::new()
            .name("cgcalc-block-pass".into())
            .spawn(move || serve(&moves, &inbox, &outbox))
            .ok()?;
        Some(Helper {
            requests: Some(requests),
            replies,
            thread: Some(thread),
            sent: 0,
            pending: None,
            spare: [Vec::new(), Vec::new()],
        })
    }

    /// The marks of the block that starts at `start` under `mask` and `words` words a heap,
    /// if they were asked for, waiting for them if need be; and whether it had to wait. Marks
    /// asked for under another mask, width or block are dropped.
    pub fn take(&mut self, start: usize, mask: u32, words: usize) -> Option<(BlockMarks, bool)> {
        self.pending.take()?;
        let (marks, waited) = match self.replies.try_recv() {
            Ok(marks) => (marks, false),
            Err(TryRecvError::Empty) => (self.replies.recv().ok()?, true),
            Err(TryRecvError::Disconnected) => return None,
        };
        if marks.start == start && marks.mask == mask && marks.words == words {
            Some((marks, waited))
        } else {
            self.spare = [marks.marks, marks.scan_marks];
            None
        }
    }

    /// Hand used buffers back, to be marked into again.
    pub fn recycle(&mut self, buffers: [Vec<u64>; 2]) {
        self.spare = buffers;
    }

    /// Ask for `load` heaps' marks (see the module doc), `words` words a heap, for the block
    /// after the one starting at `g.len()`, sending the values the helper lacks. False when
    /// the helper has stopped.
    pub fn request(&mut self, g: &[u32], mask: u32, load: usize, words: usize) -> bool {
        let Some(requests) = &self.requests else {
            return false;
        };
        let request = Request {
            values: g[self.sent..].to_vec(),
            mask,
            start: g.len() + BLOCK,
            load,
            words,
            spare: std::mem::take(&mut self.spare),
        };
        if requests.send(request).is_err() {
            return false;
        }
        self.sent = g.len();
        self.pending = Some(g.len() + BLOCK);
        true
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        // Closing the channel ends the helper's loop after the block in hand.
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let joined = thread.join();
            // A helper that fails only costs speed (its blocks are marked by the caller), so
            // only tests are stopped by it.
            if cfg!(test) && joined.is_err() && !std::thread::panicking() {
                panic!("the block-pass helper thread panicked");
            }
        }
    }
}

impl std::fmt::Debug for Helper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Helper")
            .field("sent", &self.sent)
            .field("pending", &self.pending)
            .finish_non_exhaustive()
    }
}

/// The helper's loop: append the values, bring the rare heaps up to date, mark the block.
fn serve(moves: &[Move], inbox: &Receiver<Request>, outbox: &Sender<BlockMarks>) {
    // Values of 2^16 or more leave no mask (MASK_SEARCH_LIMIT), so 16 bits hold every value
    // the method needs here, in half the memory of the caller's copy.
    let mut g: Vec<u16> = Vec::new();
    let mut mask = 0;
    let mut rare: Vec<u32> = Vec::new();
    for request in inbox {
        let from = g.len();
        for &v in &request.values {
            let Ok(v) = u16::try_from(v) else {
                return; // the caller marks its blocks itself from now on
            };
            g.push(v);
        }
        if request.mask == mask {
            rare.extend(rare_heaps(mask, &g, from.max(1)));
        } else {
            mask = request.mask;
            rare = rare_heaps(mask, &g, 1).collect();
        }
        // Heaps above 2·BLOCK: their pairs need no value from the block before.
        let first = rare.partition_point(|&a| a as usize <= 2 * BLOCK);
        let last = (first + request.load).min(rare.len());
        let small = 2 * BLOCK + 1;
        // Heaps whose values the helper has (the first blocks have few).
        let extra = request.load - (last - first);
        let scanned = small..(small + extra).min(g.len()).max(small);
        let words = request.words;
        let [mut marks, mut scan_marks] = request.spare;
        marks.clear();
        marks.resize(BLOCK * words, 0);
        let rare_heaps = rare[first..last].iter().map(|&a| a as usize);
        mark_block(moves, &g, rare_heaps, request.start, words, &mut marks);
        scan_marks.clear();
        if !scanned.is_empty() {
            scan_marks.resize(BLOCK * words, 0);
            mark_block(
                moves,
                &g,
                scanned.clone(),
                request.start,
                words,
                &mut scan_marks,
            );
        }
        let reply = BlockMarks {
            start: request.start,
            mask,
            rare: first..last,
            words,
            marks,
            scanned,
            scan_marks,
        };
        if outbox.send(reply).is_err() {
            return;
        }
    }
}
