//! The misère canonical sum: G + H = canonical({G′ + H} ∪ {G + H′}).
//!
//! Stars are split off first, (E₁ + *ᵃ) + (E₂ + *ᵇ) = (E₁ + E₂) + *^(a⊕b), so the cache holds
//! sums of even games only and * + * never has to be searched.

use super::arena::{MisereArena, MisereId};
use crate::engine::EngineResult;

impl MisereArena {
    pub fn add(&mut self, g: MisereId, h: MisereId) -> EngineResult<MisereId> {
        if g == MisereId::ZERO {
            return Ok(h);
        }
        if h == MisereId::ZERO {
            return Ok(g);
        }
        let star = self.parity(g) ^ self.parity(h);
        let even = self.add_even(self.even_part(g), self.even_part(h))?;
        if star == 1 {
            self.partner(even)
        } else {
            Ok(even)
        }
    }

    fn add_even(&mut self, g: MisereId, h: MisereId) -> EngineResult<MisereId> {
        if g == MisereId::ZERO {
            return Ok(h);
        }
        if h == MisereId::ZERO {
            return Ok(g);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let mut options = Vec::with_capacity(self.option_count(g) + self.option_count(h));
            for x in self.options(g).to_vec() {
                options.push(self.add(x, h)?);
            }
            for y in self.options(h).to_vec() {
                options.push(self.add(g, y)?);
            }
            let s = self.construct(options)?;
            self.sums.insert(key, s);
            Ok(s)
        })
    }

    /// n copies of G added together.
    pub fn multiple(&mut self, g: MisereId, n: u64) -> EngineResult<MisereId> {
        let mut acc = MisereId::ZERO;
        let mut base = g;
        let mut n = n;
        while n > 0 {
            self.poll()?;
            if n & 1 == 1 {
                acc = self.add(acc, base)?;
            }
            n >>= 1;
            if n > 0 {
                base = self.add(base, base)?;
            }
        }
        Ok(acc)
    }
}
