//! Phyla of misère games (`rulesets.md` §8.6): tame, restive, restless, tameable, wild.
//!
//! Every canonical game has one phylum; an odd game has its even part's. An even game's
//! phylum follows from its nim values (its *genus type*) and from its options' phyla.

use super::arena::{MisereArena, MisereId, mex};
use std::collections::BTreeSet;

/// In CGSuite's enum order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    NimHeap,
    /// Hereditarily tame.
    HereditarilyTame,
    /// Reversibly tame.
    ReversiblyTame,
    Tameable,
    /// Hereditarily restive.
    HereditarilyRestive,
    /// Reversibly restive.
    ReversiblyRestive,
    Restless,
    Wild,
}

impl Phylum {
    pub fn is_generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    pub fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame()
            || matches!(
                self,
                Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
            )
    }

    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum GenusType {
    Tame,
    Restive,
    Restless,
    Wild,
}

impl MisereArena {
    pub fn phylum(&mut self, g: MisereId) -> Phylum {
        let e = self.even_part(g);
        if let Some(&p) = self.phyla.get(&e) {
            return p;
        }
        let p = self.phylum_of_even(e);
        self.phyla.insert(e, p);
        p
    }

    fn phylum_of_even(&mut self, g: MisereId) -> Phylum {
        let (p, m) = (self.nim_value(g), self.misere_nim_value(g));
        let genus_type = if p == m || (p <= 1 && m <= 1) {
            GenusType::Tame
        } else if p <= 1 {
            GenusType::Restive
        } else if m <= 1 {
            GenusType::Restless
        } else {
            GenusType::Wild
        };
        let options = self.options(g).to_vec();
        let phyla: Vec<Phylum> = options.iter().map(|&x| self.phylum(x)).collect();
        if phyla.iter().all(|p| p.is_generally_tame()) {
            let highest = phyla.iter().copied().max().unwrap_or(Phylum::NimHeap);
            if highest == Phylum::NimHeap && genus_type == GenusType::Tame && !(p == m && p <= 1) {
                return Phylum::NimHeap;
            }
            if highest <= Phylum::HereditarilyTame {
                match genus_type {
                    GenusType::Tame => return Phylum::HereditarilyTame,
                    GenusType::Restive => return Phylum::HereditarilyRestive,
                    _ => {}
                }
            }
            return match genus_type {
                GenusType::Tame => Phylum::ReversiblyTame,
                GenusType::Restive => Phylum::ReversiblyRestive,
                GenusType::Restless => Phylum::Restless,
                GenusType::Wild => Phylum::Wild,
            };
        }
        if matches!(genus_type, GenusType::Restless | GenusType::Wild) {
            return Phylum::Wild;
        }
        self.reversible_phylum(g, genus_type == GenusType::Tame, &options, &phyla)
    }

    /// Some option is not generally tame: the game can still be reversibly tame or restive,
    /// or tameable, when every such option reverses through suitable witnesses.
    fn reversible_phylum(
        &mut self,
        g: MisereId,
        tame_type: bool,
        options: &[MisereId],
        phyla: &[Phylum],
    ) -> Phylum {
        let (p, m) = (self.nim_value(g), self.misere_nim_value(g));
        // Candidates: RT and TAMEABLE (tame type), or RR (restive type).
        let mut reversible = true;
        let mut tameable = tame_type;
        let mut t_plus = BTreeSet::new();
        let mut t_minus = BTreeSet::new();
        let mut a_plus = BTreeSet::new();
        let mut a_minus = BTreeSet::new();
        for (&x, &phylum) in options.iter().zip(phyla) {
            if phylum.is_generally_tame() {
                t_plus.insert(self.nim_value(x));
                t_minus.insert(self.misere_nim_value(x));
            }
        }
        for (&x, &phylum) in options.iter().zip(phyla) {
            if phylum.is_generally_tame() {
                continue;
            }
            let mut tameable_witnesses = false;
            if tameable && phylum == Phylum::Tameable {
                // CGSuite records the even part's values here, even for an odd option.
                let e = self.even_part(x);
                a_plus.insert(self.nim_value(e));
                a_minus.insert(self.misere_nim_value(e));
                tameable_witnesses = true;
            }
            let (mut minus, mut plus, mut t_minus_w, mut t_plus_w) = (false, false, false, false);
            for y in self.options(x).to_vec() {
                let py = self.phylum(y);
                let (yp, ym) = (self.nim_value(y), self.misere_nim_value(y));
                if tame_type {
                    if py.is_generally_tame() {
                        minus |= ym == m;
                        plus |= yp == p;
                    } else if tameable && py == Phylum::Tameable {
                        t_minus_w |= ym == m;
                        t_plus_w |= yp == p;
                    }
                } else if py.is_restive_or_tame() {
                    minus |= ym == m && (yp <= 1 || (yp ^ m) <= 1);
                    plus |= yp == p && (ym <= 1 || (ym ^ m) <= 1);
                }
            }
            tameable_witnesses |= t_minus_w && t_plus_w;
            if !(minus && plus) {
                reversible = false;
                if !tameable_witnesses {
                    tameable = false;
                }
            }
        }
        let mex_of = |s: &BTreeSet<u32>| mex(s.iter().copied());
        if reversible && mex_of(&t_plus) == p && mex_of(&t_minus) == m {
            return if tame_type {
                Phylum::ReversiblyTame
            } else {
                Phylum::ReversiblyRestive
            };
        }
        if tameable {
            let all_plus: BTreeSet<u32> = t_plus.union(&a_plus).copied().collect();
            let all_minus: BTreeSet<u32> = t_minus.union(&a_minus).copied().collect();
            let kept = (all_plus.is_empty() && p == 0)
                || (mex_of(&all_plus) == p && mex_of(&all_minus) == m);
            if kept {
                return Phylum::Tameable;
            }
        }
        Phylum::Wild
    }
}

impl MisereArena {
    /// Not generally tame, while G + G is generally tame with g⁺ = g⁻ = 0.
    pub fn is_half_tame(&mut self, g: MisereId) -> crate::engine::EngineResult<bool> {
        if self.phylum(g).is_generally_tame() {
            return Ok(false);
        }
        let double = self.add(g, g)?;
        Ok(self.phylum(double).is_generally_tame()
            && self.nim_value(double) == 0
            && self.misere_nim_value(double) == 0)
    }
}
