//! Parts and 2-partitions of misère games (`rulesets.md` §8.10): the pairs (x, y) with
//! x + y = G, found by Siegel's search as CGSuite runs it; subtraction, parts, primality and
//! the prime partitions are read off these lists.

use super::arena::{MisereArena, MisereId};
use crate::engine::{EngineError, EngineResult};
use std::rc::Rc;

type Pairs = Rc<[(MisereId, MisereId)]>;

/// The other member of the first pair containing `v`.
fn mate_in(list: &[(MisereId, MisereId)], v: MisereId) -> Option<MisereId> {
    list.iter().find_map(|&(x, y)| {
        if x == v {
            Some(y)
        } else if y == v {
            Some(x)
        } else {
            None
        }
    })
}

fn contains(list: &[(MisereId, MisereId)], v: MisereId) -> bool {
    mate_in(list, v).is_some()
}

impl MisereArena {
    /// z + * when `parity` is 1 and z is even; otherwise z (CGSuite never toggles an odd z).
    fn with_parity(&mut self, z: MisereId, parity: u32) -> EngineResult<MisereId> {
        if parity == 1 && self.is_even(z) {
            self.partner(z)
        } else {
            Ok(z)
        }
    }

    /// The 2-partition list of G's even part, starting with (0, even G).
    pub fn two_partitions(&mut self, g: MisereId) -> EngineResult<Pairs> {
        let g = self.even_part(g);
        if let Some(p) = self.partitions.get(&g) {
            return Ok(p.clone());
        }
        self.poll()?;
        crate::engine::grow(|| {
            let list: Pairs = self.search_partitions(g)?.into();
            self.partitions.insert(g, list.clone());
            Ok(list)
        })
    }

    fn search_partitions(&mut self, g: MisereId) -> EngineResult<Vec<(MisereId, MisereId)>> {
        let mut list = vec![(MisereId::ZERO, g)];
        let options = self.sorted_options(g);
        let star = self.nim_heap(1)?;
        if options.contains(&MisereId::ZERO) || options.contains(&star) {
            return Ok(list);
        }
        let mut option_lists = Vec::with_capacity(options.len());
        let mut primes = 0;
        for &x in options.iter() {
            let px = self.two_partitions(x)?;
            let counted = self.is_even(x) || !options.contains(&self.even_part(x));
            if px.len() == 1 && counted {
                primes += 1;
            }
            option_lists.push(px);
        }
        if primes >= 3 {
            return Ok(list);
        }
        let mut candidates: Vec<MisereId> = option_lists
            .iter()
            .flat_map(|px| px.iter().flat_map(|&(x, y)| [x, y]))
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        self.sort(&mut candidates);
        let search = Search {
            options: options.to_vec(),
            option_lists,
        };
        loop {
            let mut added = false;
            for &x in &candidates {
                self.poll()?;
                if contains(&list, x) {
                    continue;
                }
                if let Some(y) = self.partner_for(&search, &list, x)? {
                    list.push((x, y));
                    added = true;
                }
            }
            if !added {
                return Ok(list);
            }
        }
    }

    /// The y with x + y = G, if the search can establish one.
    fn partner_for(
        &mut self,
        s: &Search,
        list: &[(MisereId, MisereId)],
        x: MisereId,
    ) -> EngineResult<Option<MisereId>> {
        let x_options = self.sorted_options(x);
        let mut collected = Vec::new();
        // Type 1: every option of x and every option of G determine an option of y.
        let mut failure = None;
        for &xo in x_options.iter() {
            match mate_in(list, self.even_part(xo)) {
                Some(z) => collected.push(self.with_parity(z, self.parity(xo))?),
                None => {
                    failure = Some(Failure::OptionOfX(xo));
                    break;
                }
            }
        }
        if failure.is_none() {
            for (i, &big) in s.options.iter().enumerate() {
                match mate_in(&s.option_lists[i], x) {
                    Some(z) => collected.push(self.with_parity(z, self.parity(big))?),
                    None => {
                        failure = Some(Failure::OptionOfG(i));
                        break;
                    }
                }
            }
        }
        let Some(failure) = failure else {
            return Ok(Some(self.construct(collected)?));
        };
        // Type 2: try the games the failing step points at.
        let mut tries = Vec::new();
        match failure {
            Failure::OptionOfX(xo) => {
                let e = self.even_part(xo);
                tries.extend(s.option_lists.iter().filter_map(|px| mate_in(px, e)));
            }
            Failure::OptionOfG(i) => {
                for &xo in x_options.iter() {
                    if let Some(z) = mate_in(&s.option_lists[i], self.even_part(xo)) {
                        tries.push(z);
                    }
                }
            }
        }
        for y in tries {
            if self.is_partner(s, list, x, y)? {
                return Ok(Some(y));
            }
        }
        Ok(None)
    }

    /// Conditions (i)–(iii): x + y = G, checked option by option.
    fn is_partner(
        &mut self,
        s: &Search,
        list: &[(MisereId, MisereId)],
        x: MisereId,
        y: MisereId,
    ) -> EngineResult<bool> {
        // (X − x) and (X − y) for the options X of G, where the lists give them.
        let mut minus_x = Vec::with_capacity(s.options.len());
        let mut minus_y = Vec::with_capacity(s.options.len());
        for (i, &big) in s.options.iter().enumerate() {
            let par = self.parity(big);
            minus_x.push(match mate_in(&s.option_lists[i], x) {
                Some(z) => Some(self.with_parity(z, par)?),
                None => None,
            });
            minus_y.push(match mate_in(&s.option_lists[i], y) {
                Some(z) => Some(self.with_parity(z, par)?),
                None => None,
            });
        }
        // (i)
        for i in 0..s.options.len() {
            let via_x = minus_x[i].is_some_and(|z| self.has_option(y, z));
            let via_y = minus_y[i].is_some_and(|z| self.has_option(x, z));
            if !via_x && !via_y {
                return Ok(false);
            }
        }
        // (ii)
        for xo in self.options(x).to_vec() {
            let via_list = match mate_in(list, self.even_part(xo)) {
                Some(z) => {
                    let z = self.with_parity(z, self.parity(xo))?;
                    self.has_option(y, z)
                }
                None => false,
            };
            if !via_list && !minus_y.contains(&Some(xo)) {
                return Ok(false);
            }
        }
        // (iii)
        let x_even_options: Vec<MisereId> =
            self.options(x).iter().map(|&o| self.even_part(o)).collect();
        for yo in self.options(y).to_vec() {
            let via_list = match mate_in(list, self.even_part(yo)) {
                Some(z) => {
                    let z = self.with_parity(z, self.parity(yo))?;
                    x_even_options.contains(&self.even_part(z))
                }
                None => false,
            };
            if !via_list && !minus_x.contains(&Some(yo)) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// G − H (`MisereMinus`): the X with X + H = G, if the 2-partitions find it.
    pub fn subtract(&mut self, g: MisereId, h: MisereId) -> EngineResult<Option<MisereId>> {
        let list = self.two_partitions(g)?;
        match mate_in(&list, self.even_part(h)) {
            Some(z) => Ok(Some(self.with_parity(z, self.parity(g) ^ self.parity(h))?)),
            None => Ok(None),
        }
    }

    /// The parts of G: the members of its nontrivial 2-partitions, in list order.
    pub fn parts(&mut self, g: MisereId) -> EngineResult<Vec<MisereId>> {
        let list = self.two_partitions(g)?;
        let mut out = Vec::new();
        for &(x, y) in list.iter().skip(1) {
            out.push(x);
            if y != x {
                out.push(y);
            }
        }
        Ok(out)
    }

    /// Neither 0 nor *, and no proper 2-partition.
    pub fn is_prime(&mut self, g: MisereId) -> EngineResult<bool> {
        if self.even_part(g) == MisereId::ZERO {
            return Ok(false);
        }
        Ok(self.two_partitions(g)?.len() == 1)
    }

    /// G is a part of {G}.
    pub fn is_extraverted(&mut self, g: MisereId) -> EngineResult<bool> {
        let single = self.construct(vec![g])?;
        let list = self.two_partitions(single)?;
        Ok(contains(&list, self.even_part(g)))
    }

    /// Every way of writing G as a sum of prime parts, each in ascending canonical order.
    pub fn prime_partitions(&mut self, g: MisereId) -> EngineResult<Vec<Vec<MisereId>>> {
        let mut out = Vec::new();
        let mut chosen = Vec::new();
        self.partition_search(g, &mut chosen, &mut out)?;
        Ok(out)
    }

    fn partition_search(
        &mut self,
        k: MisereId,
        chosen: &mut Vec<MisereId>,
        out: &mut Vec<Vec<MisereId>>,
    ) -> EngineResult<()> {
        self.poll()?;
        crate::engine::grow(|| {
            let star = self.nim_heap(1)?;
            if k == MisereId::ZERO || k == star {
                let mut way = chosen.clone();
                if k == star {
                    way.push(star);
                }
                self.sort(&mut way);
                out.push(way);
                return Ok(());
            }
            let list = self.two_partitions(k)?;
            let mut members = Vec::new();
            for &(x, y) in list.iter() {
                for q in [x, y] {
                    if !members.contains(&q) {
                        members.push(q);
                    }
                }
            }
            for q in members {
                if !self.is_prime(q)? {
                    continue;
                }
                if let Some(&last) = chosen.last()
                    && self.compare(q, last) == std::cmp::Ordering::Less
                {
                    continue;
                }
                let Some(rest) = self.subtract(k, q)? else {
                    continue;
                };
                chosen.push(q);
                let result = self.partition_search(rest, chosen, out);
                chosen.pop();
                result?;
            }
            Ok(())
        })
    }

    /// `G MisereMinus H`, or CGSuite's error when H is not a part of G.
    pub fn misere_minus(&mut self, g: MisereId, h: MisereId) -> EngineResult<MisereId> {
        self.subtract(g, h)?.ok_or_else(|| {
            EngineError::InvalidArgument("Those misere games are not subtractable".into())
        })
    }
}

/// The options of G (ascending) with their 2-partition lists.
struct Search {
    options: Vec<MisereId>,
    option_lists: Vec<Pairs>,
}

enum Failure {
    /// The first option of x whose even part is not yet in the list.
    OptionOfX(MisereId),
    /// The first option of G (by index) whose list does not contain x.
    OptionOfG(usize),
}
