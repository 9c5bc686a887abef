//! The genus of a misère game, as CGSuite computes and prints it (`rulesets.md` §8.7–8.8).
//!
//! genus(G) = g^(γ₀γ₁γ₂…) with g = g⁺(G) and γᵢ = g⁻(G + i·*2); the sequence is eventually
//! periodic with period 2. Games of the tame and restive phyla print a single superscript
//! (g⁻); tameable, restless and wild games print the sequence computed from their options'
//! genera up to the point where it repeats.

use super::arena::{MisereArena, MisereId, mex};
use super::phylum::Phylum;
use std::fmt;
use std::rc::Rc;

/// A genus in CGSuite's printed form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Genus {
    /// A nim heap's: just g.
    NimHeap(u32),
    /// Tame and restive phyla: g^m.
    Single { base: u32, minus: u32 },
    /// Tameable, restless and wild games: g^(γ₀…γ_L), the last two entries repeating.
    Sequence { base: u32, gammas: Vec<u32> },
}

impl Genus {
    /// γᵢ = g⁻(G + i·*2), for every i.
    pub fn gamma(&self, i: usize) -> u32 {
        match self {
            Genus::NimHeap(g) => {
                if i == 0 {
                    if *g <= 1 { 1 - g } else { *g }
                } else {
                    g ^ (2 * (i as u32 % 2))
                }
            }
            Genus::Single { base, minus } => {
                if i == 0 {
                    *minus
                } else {
                    base ^ (2 * (i as u32 % 2))
                }
            }
            Genus::Sequence { gammas, .. } => {
                let last = gammas.len() - 1;
                if i <= last {
                    gammas[i]
                } else {
                    // Beyond the list the last two entries alternate.
                    gammas[last - 1 + (i - last + 1) % 2]
                }
            }
        }
    }

    pub fn base(&self) -> u32 {
        match self {
            Genus::NimHeap(g) => *g,
            Genus::Single { base, .. } | Genus::Sequence { base, .. } => *base,
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let superscript: Vec<u32> = match self {
            Genus::NimHeap(g) => return write!(f, "{g}"),
            Genus::Single { minus, .. } => vec![*minus],
            Genus::Sequence { gammas, .. } => gammas.clone(),
        };
        write!(f, "{}^", self.base())?;
        if superscript.iter().any(|&x| x >= 10) {
            let parts: Vec<String> = superscript.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            superscript.iter().try_for_each(|x| write!(f, "{x}"))
        }
    }
}

impl MisereArena {
    pub fn genus(&mut self, g: MisereId) -> Rc<Genus> {
        if let Some(x) = self.genera.get(&g) {
            return x.clone();
        }
        let base = self.nim_value(g);
        let genus = match self.phylum(g) {
            Phylum::NimHeap => Genus::NimHeap(base),
            Phylum::HereditarilyTame
            | Phylum::ReversiblyTame
            | Phylum::HereditarilyRestive
            | Phylum::ReversiblyRestive => Genus::Single {
                base,
                minus: self.misere_nim_value(g),
            },
            Phylum::Tameable | Phylum::Restless | Phylum::Wild => Genus::Sequence {
                base,
                gammas: self.computed_gammas(g),
            },
        };
        let genus = Rc::new(genus);
        self.genera.insert(g, genus.clone());
        genus
    }

    /// γ₀ … γ_M by the recurrence on the options' genera, trimmed where it starts repeating.
    fn computed_gammas(&mut self, g: MisereId) -> Vec<u32> {
        let mut contributions = Vec::new();
        let mut longest = 1;
        for x in self.options(g).to_vec() {
            let genus = self.genus(x);
            let reach = match (&*genus, self.phylum(x)) {
                (Genus::NimHeap(b), _) => {
                    if *b <= 1 {
                        2
                    } else {
                        1
                    }
                }
                (Genus::Single { base, minus }, p) if p.is_generally_tame() => {
                    if *base <= 1 && minus != base { 2 } else { 1 }
                }
                (Genus::Single { minus, .. }, _) => {
                    if *minus < 4 {
                        1
                    } else {
                        2
                    }
                }
                (Genus::Sequence { gammas, .. }, _) => gammas.len() - 1,
            };
            longest = longest.max(reach);
            contributions.push(Contribution {
                genus,
                restive: !self.phylum(x).is_generally_tame(),
            });
        }
        let last = 2 + longest;
        let mut gammas: Vec<u32> = Vec::with_capacity(last + 1);
        for i in 0..=last {
            let mut values: Vec<u32> = contributions.iter().map(|c| c.at(i)).collect();
            let gamma = if i == 0 {
                if values.is_empty() {
                    1
                } else {
                    mex(values.into_iter())
                }
            } else {
                let prev = gammas[i - 1];
                values.push(prev);
                values.push(prev ^ 1);
                mex(values.into_iter())
            };
            gammas.push(gamma);
        }
        while gammas.len() > 2 && gammas[gammas.len() - 1] == gammas[gammas.len() - 3] {
            gammas.pop();
        }
        gammas
    }
}

/// What one option contributes to the genus recurrence.
struct Contribution {
    genus: Rc<Genus>,
    /// Of a restive phylum (HR/RR): beyond γ₀ its values follow g⁻ when that is small.
    restive: bool,
}

impl Contribution {
    fn at(&self, i: usize) -> u32 {
        match &*self.genus {
            Genus::Single { base, minus } if self.restive && i > 0 => {
                let g = if *minus < 4 { *minus } else { *base };
                g ^ (2 * (i as u32 % 2))
            }
            genus => genus.gamma(i),
        }
    }
}
