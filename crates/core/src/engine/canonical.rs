//! Construction of canonical forms from option lists: recognise numbers (the simplicity
//! theorem), remove dominated options, bypass reversible ones, and recognise NUS values, so
//! that every value has exactly one representation in the arena.

use super::arena::{Engine, EngineError, EngineResult, GameId};
use super::compare::UnbuiltGame;
use super::dyadic::Dyadic;
use super::nus::Nus;
use smallvec::SmallVec;
use std::cmp::Ordering;

/// An option list in the making: most have a handful of options, which then stay on the stack
/// (a canonical form is built for every position of a search, and allocating these lists was
/// a fifth of the time of Konane).
pub(super) type Options = SmallVec<[GameId; 8]>;

/// The NUS values of some options.
type NusList = SmallVec<[Nus; 4]>;

impl Engine {
    /// The canonical form of the game {left | right}, whose options are canonical games.
    pub fn game_from_options(&mut self, left: &[GameId], right: &[GameId]) -> EngineResult<GameId> {
        self.canonical_form(left, right, true)
    }

    /// [`Engine::game_from_options`], with the NUS shortcut optional so that the tests can
    /// compare it with the general reduction.
    pub(super) fn canonical_form(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        nus_shortcut: bool,
    ) -> EngineResult<GameId> {
        self.poll()?;
        crate::engine::grow(|| {
            if let Some(id) = self.number_by_simplicity(left, right)? {
                return Ok(id);
            }
            if nus_shortcut && let Some(id) = self.nus_of_exact_options(left, right)? {
                return Ok(id);
            }
            let mut left = self.maximal(left, true)?;
            let mut right = self.maximal(right, false)?;
            if nus_shortcut && let Some(id) = self.nus_by_value(&left, &right)? {
                return Ok(id);
            }
            loop {
                let mut form = UnbuiltGame::new(&left, &right);
                let (new_left, changed_left) = self.bypass_reversible(&mut form, true)?;
                let (new_right, changed_right) = self.bypass_reversible(&mut form, false)?;
                if !changed_left && !changed_right {
                    break;
                }
                left = self.maximal(&new_left, true)?;
                right = self.maximal(&new_right, false)?;
            }
            // A game equal to a number was recognised at the start, whatever its options.
            self.intern_sorted(&left, &right)
        })
    }

    /// The NUS guessed from the shapes of the options, when every option is a NUS.
    fn nus_guess(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        // Most option lists of a search hold a general game: they are turned away before
        // any value is read.
        if left.is_empty() || right.is_empty() || !left.iter().chain(right).all(|&g| self.is_nus(g))
        {
            return None;
        }
        let values =
            |side: &[GameId]| -> NusList { side.iter().filter_map(|&g| self.as_nus(g)).collect() };
        Nus::guess_from_options(&values(left), &values(right))
    }

    /// Whether g's canonical options are exactly `left` and `right` (sorted, without repeats).
    fn has_options(&mut self, g: GameId, left: &[GameId], right: &[GameId]) -> EngineResult<bool> {
        let (start, len) = self.left_span(g)?;
        if self.pool[start..start + len] != *left {
            return Ok(false);
        }
        let (start, len) = self.right_span(g)?;
        Ok(self.pool[start..start + len] == *right)
    }

    /// The NUS whose canonical options are exactly `left` and `right` (in any order, repeats
    /// allowed), if any: then {left | right} is that NUS's own canonical form. Tried before
    /// looking for dominated options, which compares the options pairwise: a loopy graph
    /// holding *3000 rebuilt its nimbers *k from their k options each, in cubic time.
    fn nus_of_exact_options(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> EngineResult<Option<GameId>> {
        let Some(guess) = self.nus_guess(left, right) else {
            return Ok(None);
        };
        // A NUS has at most two options a side but for its nimber's; one with far more options
        // than were given cannot match, and listing them could itself be refused.
        if guess.nim > left.len() as u64 + 2 {
            return Ok(None);
        }
        let candidate = self.nus(guess);
        let sorted = |side: &[GameId]| {
            let mut side = Options::from_slice(side);
            side.sort_unstable();
            side.dedup();
            side
        };
        let same = self.has_options(candidate, &sorted(left), &sorted(right))?;
        Ok(same.then_some(candidate))
    }

    /// The NUS equal to {left | right}, when every option is a NUS and the guess from the
    /// options' shapes is confirmed by comparing values (two comparisons, each cheap since
    /// NUS-to-NUS comparisons are closed forms). Done before bypassing reversible options,
    /// which would list every option of a nimber option: `{0|*16777216}` is ↑*16777217
    /// without touching the sixteen million options of *16777216.
    fn nus_by_value(&mut self, left: &[GameId], right: &[GameId]) -> EngineResult<Option<GameId>> {
        let Some(guess) = self.nus_guess(left, right) else {
            return Ok(None);
        };
        let candidate = self.nus(guess);
        let mut form = UnbuiltGame::new(left, right);
        if self.leq_unbuilt(candidate, &mut form)? && self.unbuilt_leq(&mut form, candidate)? {
            return Ok(Some(candidate));
        }
        Ok(None)
    }

    /// Store a game whose option lists are known to be canonical and irredundant: recognise
    /// a NUS, else hash-cons it as a general game.
    pub(super) fn intern_canonical(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> EngineResult<GameId> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        self.intern_sorted(&left, &right)
    }

    /// [`Engine::intern_canonical`] for option lists already sorted, without repeats.
    fn intern_sorted(&mut self, left: &[GameId], right: &[GameId]) -> EngineResult<GameId> {
        // Only games whose options are all NUS can be NUS; most general games (chains of
        // deep games above all) skip the guess at their first general option.
        if let Some(guess) = self.nus_guess(left, right) {
            let candidate = self.nus(guess);
            if self.has_options(candidate, left, right)? {
                return Ok(candidate);
            }
        }
        self.intern_general(left, right)
    }

    /// The number {left | right} equals, if it equals one: by the simplicity theorem, the
    /// simplest number x with x ≰ G^L and G^R ≰ x for every option, when there is one
    /// (Siegel, *Combinatorial Game Theory*, II.3; Conway, *On Numbers and Games*, ch. 4).
    ///
    /// Those x form an interval read off the options' stops: x ≰ G^L holds when x > R(G^L)
    /// and fails when x < R(G^L), so x lies between A = max R(G^L) and B = min L(G^R), and an
    /// end belongs to the interval when no option at that stop stands in its way (one or two
    /// comparisons, made only when that end is simpler than every number strictly inside).
    /// Recognising numbers here, before dominated and reversible options are looked for,
    /// saves that work for a third of the positions of a Konane search, whose options are
    /// general games that reverse out to a number.
    fn number_by_simplicity(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> EngineResult<Option<GameId>> {
        // The stops are compared by their interned indices, and read as numbers only when
        // the game is found to be one.
        let low = (left.iter().map(|&g| self.right_stop_index(g)))
            .max_by(|&i, &j| self.compare_stops(i, j));
        let high = (right.iter().map(|&g| self.left_stop_index(g)))
            .min_by(|&i, &j| self.compare_stops(i, j));
        if let (Some(a), Some(b)) = (low, high) {
            match self.compare_stops(a, b) {
                Ordering::Greater => return Ok(None),
                Ordering::Equal => {
                    let number = self.stop_number(a);
                    let inside = self.number_fits(number, left, right)?;
                    return Ok(inside.then_some(number));
                }
                Ordering::Less => {}
            }
        }
        let value = |i: Option<u32>| i.map(|i| self.interned_stop(i));
        let inner =
            Dyadic::simplest_between(value(low), value(high)).ok_or(EngineError::Overflow)?;
        let mut best = None;
        let mut best_birthday = inner.birthday().ok_or(EngineError::Overflow)?;
        for end in [low, high].into_iter().flatten() {
            let Some(birthday) = self.interned_stop(end).birthday() else {
                continue;
            };
            if birthday < best_birthday {
                let number = self.stop_number(end);
                if self.number_fits(number, left, right)? {
                    (best, best_birthday) = (Some(number), birthday);
                }
            }
        }
        Ok(Some(best.unwrap_or_else(|| self.number(inner))))
    }

    /// Whether x ≰ G^L and G^R ≰ x for every option, for a number x (the simplicity
    /// theorem's condition).
    fn number_fits(&mut self, x: GameId, left: &[GameId], right: &[GameId]) -> EngineResult<bool> {
        for &g in left {
            if self.leq(x, g)? {
                return Ok(false);
            }
        }
        for &g in right {
            if self.leq(g, x)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The undominated options: for Left the maximal ones, for Right the minimal ones
    /// (one representative of equal options, which are identical ids), in id order.
    ///
    /// g ≤ h forces both stops of g to be at most those of h, so the stops, read once per
    /// option, settle most pairs without a `leq` call (and its cache lookup); candidates are
    /// tried best stops first, where the dominating options usually are.
    pub(super) fn maximal(&mut self, options: &[GameId], left: bool) -> EngineResult<Options> {
        let mut opts = Options::from_slice(options);
        opts.sort_unstable();
        opts.dedup();
        if opts.len() < 2 {
            return Ok(opts);
        }
        // Each option with its stops rounded to f64, and whether it is kept. Rounding is
        // monotone, so the filter below stays sound (it may let through a pair the exact
        // stops would rule out, which `leq` settles); the order of trial is only a
        // heuristic: best stops first (for Left the greatest sum of the two, for Right the
        // least), where the dominating options usually are.
        let mut candidates: SmallVec<[(GameId, f64, f64, bool); 8]> = opts
            .iter()
            .map(|&g| {
                let (l, r) = self.approx_stops(g);
                (g, l, r, true)
            })
            .collect();
        let sign = if left { -1.0 } else { 1.0 };
        candidates.sort_unstable_by(|a, b| {
            (sign * (a.1 + a.2))
                .partial_cmp(&(sign * (b.1 + b.2)))
                .unwrap_or(Ordering::Equal)
        });
        // For Left, option i can be dominated by j only if stops(i) ≤ stops(j); for Right,
        // only if stops(j) ≤ stops(i).
        let may_dominate = |c: &[(GameId, f64, f64, bool)], i: usize, j: usize| {
            let (lo, hi) = if left { (&c[i], &c[j]) } else { (&c[j], &c[i]) };
            lo.1 <= hi.1 && lo.2 <= hi.2
        };
        let pair = |c: &[(GameId, f64, f64, bool)], i: usize, j: usize| {
            if left {
                (c[i].0, c[j].0)
            } else {
                (c[j].0, c[i].0)
            }
        };
        let n = candidates.len();
        // The comparisons below are mostly answered by the comparison cache, far larger than
        // the processor's caches: prefetch the slot of each option's first comparison so
        // that those memory reads overlap.
        for i in 0..n {
            if let Some(j) = (0..n).find(|&j| j != i && may_dominate(&candidates, i, j)) {
                self.leq_cache.touch(&pair(&candidates, i, j));
            }
        }
        for i in 0..n {
            for j in 0..n {
                if i == j || !candidates[j].3 || !may_dominate(&candidates, i, j) {
                    continue;
                }
                let (lo, hi) = pair(&candidates, i, j);
                if self.leq(lo, hi)? {
                    candidates[i].3 = false;
                    break;
                }
            }
        }
        opts.clear();
        opts.extend(candidates.iter().filter(|c| c.3).map(|c| c.0));
        opts.sort_unstable();
        Ok(opts)
    }

    /// Replace each reversible option on one side by the options it reverses through:
    /// a Left option A reverses through A^R when A^R ≤ G; it is replaced by A^R's Left options.
    fn bypass_reversible(
        &mut self,
        form: &mut UnbuiltGame,
        side_left: bool,
    ) -> EngineResult<(Options, bool)> {
        let options = if side_left { form.left } else { form.right };
        let mut result = Options::new();
        let mut changed = false;
        for &a in options {
            let (start, len) = if side_left {
                self.right_span(a)?
            } else {
                self.left_span(a)?
            };
            let mut reversed_through = None;
            for i in 0..len {
                let ar = self.pool[start + i];
                let reverses = if side_left {
                    self.leq_unbuilt(ar, form)?
                } else {
                    self.unbuilt_leq(form, ar)?
                };
                if reverses {
                    reversed_through = Some(ar);
                    break;
                }
            }
            match reversed_through {
                None => result.push(a),
                Some(ar) => {
                    changed = true;
                    let (start, len) = if side_left {
                        self.left_span(ar)?
                    } else {
                        self.right_span(ar)?
                    };
                    result.extend_from_slice(&self.pool[start..start + len]);
                }
            }
        }
        Ok((result, changed))
    }
}
