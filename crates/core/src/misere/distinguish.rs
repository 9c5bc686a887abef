//! Mates, links and distinguishers of misère games (`rulesets.md` §8.9, §8.11).
//!
//! A link of G and H is a T with G + T and H + T both misère P-positions; a distinguisher of
//! G and H is a T with G + T a P-position and H + T an N-position.

use super::arena::{MisereArena, MisereId};
use crate::engine::EngineResult;

/// Why a link or distinguisher does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unlinked {
    /// One game is an option of the other (or they are equal).
    NotLinked(MisereId, MisereId),
    /// The games are equal: nothing distinguishes them.
    Equal,
}

/// A misère result that may fail for mathematical reasons (not only engine ones).
pub type LinkResult = EngineResult<Result<MisereId, Unlinked>>;

impl MisereArena {
    /// mate(0) = *, mate(*) = 0, otherwise the game of the options' mates.
    pub fn mate(&mut self, g: MisereId) -> EngineResult<MisereId> {
        let star = self.nim_heap(1)?;
        if g == MisereId::ZERO {
            return Ok(star);
        }
        if g == star {
            return Ok(MisereId::ZERO);
        }
        if let Some(&m) = self.mates.get(&g) {
            return Ok(m);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut options = Vec::with_capacity(self.option_count(g));
            for x in self.options(g).to_vec() {
                options.push(self.mate(x)?);
            }
            let m = self.construct(options)?;
            self.mates.insert(g, m);
            Ok(m)
        })
    }

    /// Neither game is an option of the other (CGSuite's test).
    pub fn is_linked(&self, g: MisereId, h: MisereId) -> bool {
        !self.has_option(g, h) && !self.has_option(h, g)
    }

    /// A game T with G + T and H + T both misère P-positions.
    pub fn link(&mut self, g: MisereId, h: MisereId) -> LinkResult {
        if g == MisereId::ZERO && h == MisereId::ZERO {
            return Ok(Ok(self.nim_heap(1)?));
        }
        if !self.is_linked(g, h) {
            return Ok(Err(Unlinked::NotLinked(g, h)));
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut options = Vec::new();
            for x in self.sorted_options(g).to_vec() {
                match self.distinguisher_pn(x, h)? {
                    Ok(t) => options.push(t),
                    Err(e) => return Ok(Err(e)),
                }
            }
            for y in self.sorted_options(h).to_vec() {
                match self.distinguisher_pn(y, g)? {
                    Ok(t) => options.push(t),
                    Err(e) => return Ok(Err(e)),
                }
            }
            Ok(Ok(self.construct(options)?))
        })
    }

    /// Some game telling A and B apart (either way round); remembered per unordered pair.
    fn any_distinguisher(&mut self, a: MisereId, b: MisereId) -> EngineResult<Option<MisereId>> {
        if a == b {
            return Ok(None);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&d) = self.distinguishers.get(&key) {
            return Ok(d);
        }
        let d = self.search_distinguisher(a, b)?;
        self.distinguishers.insert(key, d);
        Ok(d)
    }

    fn search_distinguisher(&mut self, a: MisereId, b: MisereId) -> EngineResult<Option<MisereId>> {
        if (a == MisereId::ZERO && self.is_p_position(b))
            || (b == MisereId::ZERO && self.is_p_position(a))
        {
            return Ok(Some(MisereId::ZERO));
        }
        for x in self.sorted_options(a).to_vec() {
            if let Ok(t) = self.link(b, x)? {
                return Ok(Some(t));
            }
        }
        for y in self.sorted_options(b).to_vec() {
            if let Ok(t) = self.link(a, y)? {
                return Ok(Some(t));
            }
        }
        Ok(None)
    }

    /// A T with A + T a misère P-position and B + T an N-position.
    pub fn distinguisher_pn(&mut self, a: MisereId, b: MisereId) -> LinkResult {
        let Some(d) = self.any_distinguisher(a, b)? else {
            return Ok(Err(if a == b {
                Unlinked::Equal
            } else {
                Unlinked::NotLinked(a, b)
            }));
        };
        let sum = self.add(a, d)?;
        if self.is_p_position(sum) {
            return Ok(Ok(d));
        }
        let mut options = Vec::new();
        for x in self.options(a).to_vec() {
            options.push(self.mate(x)?);
        }
        options.push(d);
        Ok(Ok(self.construct(options)?))
    }
}
