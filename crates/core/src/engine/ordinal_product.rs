//! The ordinal product G ⊗ H of two short games (CGSuite's `OrdinalProduct`). A move by
//! player X goes to (G ⊗ H^L) : G^X, for a Left option H^L of H and an X-option G^X of G, or
//! to (G ⊗ H^R) : (−G)^X, for a Right option H^R of H and an X-option of −G; `:` is the
//! ordinal sum. The ordinal sum depends on its base's form, so each product G ⊗ H' serves as
//! a base in the form the definition gives it (its options canonical), not in its canonical
//! form. For nim heaps this is ordinal multiplication, *a ⊗ *b = *(a·b).

use super::arena::{Engine, EngineError, EngineResult, GameId};
use rustc_hash::FxHashMap;

/// The form of G ⊗ H as the definition builds it: (Left options, Right options), each
/// canonical.
type ProductForm = (Vec<GameId>, Vec<GameId>);

impl Engine {
    /// G ⊗ H in canonical form.
    pub fn ordinal_product(&mut self, g: GameId, h: GameId) -> EngineResult<GameId> {
        // Nim heaps multiply as ordinals; this also spares the recursion for large heaps.
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h))
            && a.is_nimber()
            && b.is_nimber()
        {
            let n = a.nim.checked_mul(b.nim).ok_or(EngineError::Overflow)?;
            return Ok(self.nimber(n));
        }
        self.check_recursion_depth(&[g, h])?;
        let mut memo = FxHashMap::default();
        let (left, right) = self.ordinal_product_form(g, h, &mut memo)?;
        self.game_from_options(&left, &right)
    }

    fn ordinal_product_form(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut FxHashMap<GameId, ProductForm>,
    ) -> EngineResult<ProductForm> {
        if let Some(form) = memo.get(&h) {
            return Ok(form.clone());
        }
        self.poll()?;
        crate::engine::grow(|| {
            let minus_g = self.neg(g)?;
            let g_options = [self.left_options(g)?, self.right_options(g)?];
            let minus_g_options = [self.left_options(minus_g)?, self.right_options(minus_g)?];
            let mut sides = [Vec::new(), Vec::new()];
            // H^L pairs with the options of G, H^R with the options of −G.
            let pairs = [
                (self.left_options(h)?, &g_options),
                (self.right_options(h)?, &minus_g_options),
            ];
            for (h_options, exponents) in &pairs {
                for &h_option in h_options {
                    let (base_left, base_right) = self.ordinal_product_form(g, h_option, memo)?;
                    for (side, side_exponents) in exponents.iter().enumerate() {
                        for &exponent in side_exponents {
                            let option =
                                self.ordinal_sum_of_form(&base_left, &base_right, exponent)?;
                            sides[side].push(option);
                        }
                    }
                }
            }
            let [left, right] = sides;
            memo.insert(h, (left.clone(), right.clone()));
            Ok((left, right))
        })
    }
}
