//! CGSuite's canonical order of misère games (`rulesets.md` §8.4): options are listed in
//! ascending order and printed in descending order.
//!
//! Compare the even parts by birthday, option count, g⁺, g⁻, then their option lists element
//! by element; a game and its odd partner are adjacent, the even one first.

use super::arena::{MisereArena, MisereId};
use std::cmp::Ordering;
use std::rc::Rc;

impl MisereArena {
    /// The canonical order of two games.
    pub fn compare(&mut self, a: MisereId, b: MisereId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.even_part(a), self.even_part(b));
        if ea == eb {
            return if self.is_even(a) {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
        let key = (ea.min(eb), ea.max(eb));
        let flip = |o: Ordering| if ea < eb { o } else { o.reverse() };
        if let Some(&o) = self.order.get(&key) {
            return flip(o);
        }
        let o = self.compare_even(key.0, key.1);
        self.order.insert(key, o);
        flip(o)
    }

    /// Distinct even games.
    fn compare_even(&mut self, a: MisereId, b: MisereId) -> Ordering {
        let (na, nb) = (&self.nodes[a.index()], &self.nodes[b.index()]);
        let by_values = na
            .birthday
            .cmp(&nb.birthday)
            .then(na.len.cmp(&nb.len))
            .then(na.plus.cmp(&nb.plus))
            .then(na.minus.cmp(&nb.minus));
        if by_values != Ordering::Equal {
            return by_values;
        }
        let (la, lb) = (self.sorted_options(a), self.sorted_options(b));
        for (&x, &y) in la.iter().zip(lb.iter()) {
            let o = self.compare(x, y);
            if o != Ordering::Equal {
                return o;
            }
        }
        // Same option sets mean the same game, which the caller has ruled out.
        Ordering::Equal
    }

    /// The options in ascending canonical order.
    pub fn sorted_options(&mut self, g: MisereId) -> Rc<[MisereId]> {
        if let Some(s) = self.sorted.get(&g) {
            return s.clone();
        }
        let mut options = self.options(g).to_vec();
        self.sort(&mut options);
        let options: Rc<[MisereId]> = options.into();
        self.sorted.insert(g, options.clone());
        options
    }

    /// Sort games into ascending canonical order.
    pub fn sort(&mut self, games: &mut [MisereId]) {
        games.sort_by(|&x, &y| self.compare(x, y));
    }
}
