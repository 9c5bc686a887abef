//! Products of games: Norton's product G·U (CGSuite's `n * G` generalised; `NortonProduct`)
//! and Conway's product (`ConwayProduct`), both cached per pair of ids.

use super::arena::{Engine, EngineError, EngineResult, GameId};
use super::nim_arith::nim_product;
use rustc_hash::FxHashMap;

/// Cached products, keyed by the pair of factors.
#[derive(Default)]
pub struct ProductCaches {
    norton: FxHashMap<(GameId, GameId), GameId>,
    conway: FxHashMap<(GameId, GameId), GameId>,
}

impl ProductCaches {
    pub fn memory_bytes(&self) -> usize {
        (self.norton.capacity() + self.conway.capacity()) * 13
    }
}

impl Engine {
    /// Norton's product G·U: n copies of U when G is an integer n (of −U when n < 0); otherwise
    /// {G^L·U + U + I | G^R·U − (U + I)}, with I ranging over the incentives of U.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> EngineResult<GameId> {
        if let Some(x) = self.as_number(g)
            && x.is_integer()
        {
            return self.multiple(x.numerator(), u);
        }
        self.check_recursion_depth(&[g])?;
        self.norton_product_rec(g, u)
    }

    fn norton_product_rec(&mut self, g: GameId, u: GameId) -> EngineResult<GameId> {
        if let Some(x) = self.as_number(g)
            && x.is_integer()
        {
            return self.multiple(x.numerator(), u);
        }
        if let Some(&r) = self.products.norton.get(&(g, u)) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let incentives = self.incentives(u)?;
            let mut left = Vec::new();
            let mut right = Vec::new();
            for gl in self.left_options(g)? {
                let base = self.norton_product_rec(gl, u)?;
                let base = self.add(base, u)?;
                for &i in &incentives {
                    left.push(self.add(base, i)?);
                }
            }
            for gr in self.right_options(g)? {
                let base = self.norton_product_rec(gr, u)?;
                let base = self.sub(base, u)?;
                for &i in &incentives {
                    right.push(self.sub(base, i)?);
                }
            }
            let r = self.game_from_options(&left, &right)?;
            self.products.norton.insert((g, u), r);
            Ok(r)
        })
    }

    /// Conway's product GH = {G^L H + G H^L − G^L H^L, G^R H + G H^R − G^R H^R |
    /// G^L H + G H^R − G^L H^R, G^R H + G H^L − G^R H^L}; *a·*b = *(a⊗b), numbers multiply.
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        if let Some(r) = self.conway_closed_form(g, h)? {
            return Ok(r);
        }
        self.check_recursion_depth(&[g, h])?;
        self.conway_product_rec(g, h)
    }

    /// Products of two numbers, of two nimbers, or with 0.
    fn conway_closed_form(&mut self, g: GameId, h: GameId) -> EngineResult<Option<GameId>> {
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            if a.is_number() && b.is_number() {
                let x = a
                    .number
                    .checked_mul(&b.number)
                    .ok_or(EngineError::Overflow)?;
                return Ok(Some(self.number(x)));
            }
            if a.is_nimber() && b.is_nimber() {
                return Ok(Some(self.nimber(nim_product(a.nim, b.nim))));
            }
        }
        if g == Engine::ZERO || h == Engine::ZERO {
            return Ok(Some(Engine::ZERO));
        }
        Ok(None)
    }

    fn conway_product_rec(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        if let Some(r) = self.conway_closed_form(g, h)? {
            return Ok(r);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&r) = self.products.conway.get(&key) {
            return Ok(r);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let (gl, gr) = (self.left_options(g)?, self.right_options(g)?);
            let (hl, hr) = (self.left_options(h)?, self.right_options(h)?);
            let mut left = Vec::new();
            let mut right = Vec::new();
            // Each option is a·h + g·b − a·b for a pair of options (a of g, b of h).
            for (gs, hs, to_left) in [
                (&gl, &hl, true),
                (&gr, &hr, true),
                (&gl, &hr, false),
                (&gr, &hl, false),
            ] {
                for &a in gs.iter() {
                    for &b in hs.iter() {
                        let ah = self.conway_product_rec(a, h)?;
                        let gb = self.conway_product_rec(g, b)?;
                        let ab = self.conway_product_rec(a, b)?;
                        let sum = self.add(ah, gb)?;
                        let term = self.sub(sum, ab)?;
                        if to_left {
                            left.push(term)
                        } else {
                            right.push(term)
                        }
                    }
                }
            }
            let r = self.game_from_options(&left, &right)?;
            self.products.conway.insert(key, r);
            Ok(r)
        })
    }
}
