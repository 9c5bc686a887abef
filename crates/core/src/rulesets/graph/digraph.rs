//! Digraph Placement, a ruleset of the `cgt` crate (cgt-tools) that CGSuite lacks, written
//! `game.graph.DigraphPlacement("L>R")` or `digraph_placement("L>R")`.
//!
//! The board is a directed graph whose vertices are coloured blue (`L`, Left's) or red (`R`,
//! Right's). A player picks a vertex of their own colour; it and every vertex it points to
//! (its out-neighbours, whatever their colour) leave the graph. `L>R` is `{0|1}` = 1/2: Left
//! takes both vertices, Right only the red one.
//!
//! The notation is cgt's: `;`-separated chains of vertices joined by arcs `>`; a vertex is its
//! colour, optionally named (`L:A`, `R:{long name}`) so that it can be met again; an unnamed
//! vertex is new each time. `L:A;R:B;L:A>R:B` and `L>R` are the same board.
//!
//! Positions share their starting digraph and carry a bit mask of the vertices left; they
//! fall apart into weakly connected components, each solved once per starting digraph and
//! vertex set ([`DigraphKey`]).

use super::model::{self, MAX_VERTICES, bits};
use crate::rulesets::partizan::{PartizanPosition, Rules};
use crate::value::{EvalError, EvalResult, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::sync::Arc;

const FUNCTION: &str = "game.graph.DigraphPlacement";

/// The starting digraph: colours and arcs as bit masks.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Digraph {
    /// Unique for the process (see [`DigraphKey::Exact`]), set when a position is made.
    id: u64,
    /// The blue (Left's) vertices; the others are red.
    blue: u128,
    /// `out[v]`: the vertices v points to.
    out: Vec<u128>,
    /// `into[v]`: the vertices pointing to v.
    into: Vec<u128>,
    /// Out- and in-neighbours together (for components).
    around: Vec<u128>,
}

impl Digraph {
    fn vertex_count(&self) -> usize {
        self.out.len()
    }

    fn add_vertex(&mut self, blue: bool) -> usize {
        let v = self.out.len();
        if blue {
            self.blue |= 1 << v;
        }
        self.out.push(0);
        self.into.push(0);
        self.around.push(0);
        v
    }

    fn add_arc(&mut self, from: usize, to: usize) {
        self.out[from] |= 1 << to;
        self.into[to] |= 1 << from;
        self.around[from] |= 1 << to;
        self.around[to] |= 1 << from;
    }

    fn is_blue(&self, v: usize) -> bool {
        self.blue >> v & 1 == 1
    }

    /// The digraph on the vertices of `alive`, in cgt's notation: each arc `L>R` (vertices
    /// met more than once named `:A`, `:B`, …), vertices without arcs alone.
    fn text(&self, alive: u128) -> String {
        // Segments as lists of vertices (one vertex alone, or an arc's two ends).
        let mut segments: Vec<Vec<usize>> = Vec::new();
        for v in bits(alive) {
            let targets = self.out[v] & alive;
            if targets != 0 {
                segments.extend(bits(targets).map(|w| vec![v, w]));
            } else if self.into[v] & alive == 0 {
                segments.push(vec![v]);
            }
        }
        let mut uses: FxHashMap<usize, usize> = FxHashMap::default();
        for &v in segments.iter().flatten() {
            *uses.entry(v).or_default() += 1;
        }
        let mut names: FxHashMap<usize, String> = FxHashMap::default();
        let mut out = Vec::with_capacity(segments.len());
        for segment in segments {
            let mut parts = Vec::with_capacity(2);
            for v in segment {
                let mut part = String::from(if self.is_blue(v) { "L" } else { "R" });
                if uses[&v] > 1 {
                    let count = names.len();
                    let name = names.entry(v).or_insert_with(|| vertex_name(count));
                    part.push(':');
                    part.push_str(name);
                }
                parts.push(part);
            }
            out.push(parts.join(">"));
        }
        out.join(";")
    }
}

/// The k-th vertex name: `A` … `Z`, `a` … `z`, then `{v52}`, `{v53}`, ….
fn vertex_name(k: usize) -> String {
    match k {
        0..26 => char::from(b'A' + k as u8).to_string(),
        26..52 => char::from(b'a' + (k - 26) as u8).to_string(),
        _ => format!("{{v{k}}}"),
    }
}

/// Read cgt's digraph notation (see the module doc). Errors point at the bad character.
pub fn parse(source: &str) -> EvalResult<Digraph> {
    let chars: Vec<char> = source.chars().collect();
    let bad = |at: usize, detail: &str| {
        EvalError::in_string(format!("{FUNCTION}: Invalid digraph: {detail}"), source, at)
    };
    let mut graph = Digraph::default();
    let mut names: FxHashMap<String, usize> = FxHashMap::default();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_space(&mut i);
    if i == chars.len() {
        return Ok(graph);
    }
    // The vertex before an arc `>` just read, if any.
    let mut from: Option<usize> = None;
    loop {
        skip_space(&mut i);
        // A vertex: L or R, then perhaps `:name`.
        let Some(&c) = chars.get(i) else {
            return Err(EvalError::new(format!(
                "{FUNCTION}: Invalid digraph: the string ends where a vertex (L or R) was expected"
            )));
        };
        let blue = match c {
            'L' => true,
            'R' => false,
            _ => {
                return Err(bad(
                    i,
                    &format!("unexpected '{c}' (a vertex is L or R, perhaps named: L:A)"),
                ));
            }
        };
        let colour_at = i;
        i += 1;
        skip_space(&mut i);
        let v = if chars.get(i) == Some(&':') {
            let colon = i;
            i += 1;
            skip_space(&mut i);
            let (name, name_end) = match chars.get(i) {
                Some('{') => {
                    let Some(close) = chars[i..].iter().position(|&d| d == '}') else {
                        return Err(bad(i, "`{` is never closed"));
                    };
                    (
                        chars[i + 1..i + close].iter().collect::<String>(),
                        i + close + 1,
                    )
                }
                Some(&d) if d.is_alphanumeric() || d == '_' => (d.to_string(), i + 1),
                _ => return Err(bad(colon, "a vertex name must follow `:`")),
            };
            let name_at = i;
            i = name_end;
            match names.get(&name) {
                Some(&v) if graph.is_blue(v) != blue => {
                    return Err(bad(
                        name_at,
                        &format!("vertex {name} was coloured the other way before"),
                    ));
                }
                Some(&v) => v,
                None => {
                    let v = graph.add_vertex(blue);
                    names.insert(name, v);
                    v
                }
            }
        } else {
            graph.add_vertex(blue)
        };
        if graph.vertex_count() > MAX_VERTICES {
            return Err(bad(
                colour_at,
                &format!("more than {MAX_VERTICES} vertices"),
            ));
        }
        if let Some(u) = from.take() {
            graph.add_arc(u, v);
        }
        skip_space(&mut i);
        match chars.get(i) {
            None => return Ok(graph),
            Some(';') => i += 1,
            Some('>') => {
                from = Some(v);
                i += 1;
            }
            Some(&d) => {
                return Err(bad(
                    i,
                    &format!("unexpected '{d}' (arcs are >, chains are separated by ;)"),
                ));
            }
        }
    }
}

/// Ids of starting digraphs (never reused, so a table entry keyed by one stays right).
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The key of a component: the id of its starting digraph and its vertex set.
///
/// Components are not keyed by their shape up to isomorphism (as Snort and Col are): colour
/// refinement on directed arcs cost more than the shared entries saved — on cgt's 30-vertex
/// position the search took 3.3 s with vertex-set keys, 4.9 s with shape keys for components
/// of up to 4 vertices and 5.3 s up to 12.
pub type DigraphKey = (u64, u128);

/// A Digraph Placement position: the vertices still there of a starting digraph.
#[derive(Clone, Debug)]
pub struct DigraphPlacement {
    base: Arc<Digraph>,
    alive: u128,
}

impl DigraphPlacement {
    pub fn new(mut graph: Digraph) -> DigraphPlacement {
        graph.id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let alive = model::bits_below(graph.vertex_count());
        DigraphPlacement {
            base: Arc::new(graph),
            alive,
        }
    }
}

/// `game.graph.DigraphPlacement("…")` / `digraph_placement("…")`.
pub fn digraph_placement(arg: &Value) -> EvalResult<Value> {
    match arg {
        Value::Str(s) => {
            let graph = parse(s)?;
            Ok(Value::Position(Rc::new(PartizanPosition::new(
                DigraphPlacement::new(graph),
            ))))
        }
        _ => Err(EvalError::new(format!(
            "{FUNCTION} takes a digraph string in cgt's notation, such as \"L>R;R:A>L;L>R:A\""
        ))),
    }
}

impl Rules for DigraphPlacement {
    type Key = DigraphKey;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        let own = if left {
            self.base.blue
        } else {
            !self.base.blue
        };
        for v in bits(self.alive & own) {
            out.push(DigraphPlacement {
                base: self.base.clone(),
                alive: self.alive & !(1 << v) & !self.base.out[v],
            });
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        for part in model::components(self.alive, &self.base.around) {
            out.push((
                DigraphPlacement {
                    base: self.base.clone(),
                    alive: part,
                },
                1,
            ));
        }
    }

    fn key(&self) -> (DigraphKey, bool) {
        ((self.base.id, self.alive), false)
    }

    fn describe(&self) -> String {
        format!("{FUNCTION}(\"{}\")", self.base.text(self.alive))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::brute::{Rng, agree, solved};

    fn game(text: &str) -> DigraphPlacement {
        DigraphPlacement::new(parse(text).expect("digraph"))
    }

    #[test]
    fn sanity_position_is_one_half() {
        let mut e = crate::engine::Engine::new();
        assert_eq!(solved(&game("L>R"), &mut e), "1/2");
        assert_eq!(solved(&game("L:A;R:B;L:A>R:B"), &mut e), "1/2");
        // Right's move removes only the red vertex; nothing points back.
        assert_eq!(solved(&game("R>L"), &mut e), "-1/2");
        assert_eq!(solved(&game("L;L;R"), &mut e), "1");
        // A 2-cycle: whoever moves takes both.
        assert_eq!(solved(&game("L:A>R:B>L:A"), &mut e), "*");
        assert_eq!(solved(&game(""), &mut e), "0");
    }

    #[test]
    fn parse_and_print_round_trip() {
        for (input, printed) in [
            ("L>R", "L>R"),
            ("L:A;R:B;L:A>R:B", "L>R"),
            ("L>R>L", "L>R:A;R:A>L"),
            ("L:A>R;L:A>L", "L:A>R;L:A>L"),
            ("L;R", "L;R"),
            ("L:{first}>L:{first}", "L:A>L:A"),
        ] {
            let g = game(input);
            assert_eq!(g.base.text(g.alive), printed, "{input}");
            let again = game(printed);
            assert_eq!(again.base.text(again.alive), printed, "{input}");
        }
    }

    #[test]
    fn errors_point_at_the_fault() {
        let at = |s: &str| parse(s).unwrap_err().string_char.clone().map(|(_, i)| i);
        assert_eq!(at("L>X"), Some(2));
        assert_eq!(at("L-R"), Some(1));
        assert_eq!(at("L:A;R:A"), Some(6));
        assert_eq!(at("L:"), Some(1));
        assert_eq!(at("L:{ab"), Some(2));
        assert!(parse("L>").is_err());
        assert!(parse(".>L").unwrap_err().message.contains("L or R"));
    }

    /// Random digraphs of up to 7 vertices, and a few of 13 to 15, all through one table:
    /// the solver (components, keys) agrees with plain search.
    #[test]
    fn solver_agrees_with_plain_search() {
        let mut rng = Rng(0x5eed_d16a);
        let mut e = crate::engine::Engine::new();
        let mut positions = Vec::new();
        for k in 0..306 {
            let n = if k < 300 {
                1 + rng.below(7) as usize
            } else {
                13 + rng.below(3) as usize
            };
            let mut graph = Digraph::default();
            for _ in 0..n {
                graph.add_vertex(rng.below(2) == 0);
            }
            let arcs = rng.below(2 * n as u64 + 1);
            for _ in 0..arcs {
                let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                graph.add_arc(u, v);
            }
            let g = DigraphPlacement::new(graph);
            if k % 10 == 0 {
                // A printed position reads back as the same board (its vertices perhaps in
                // another order).
                let again = game(&g.base.text(g.alive));
                let count = |d: &Digraph| {
                    (
                        d.blue.count_ones(),
                        d.out.iter().map(|o| o.count_ones()).sum::<u32>(),
                    )
                };
                assert_eq!(count(&again.base), count(&g.base));
                assert_eq!(solved(&again, &mut e), solved(&g, &mut e));
            }
            positions.push(g);
        }
        agree(&positions);
    }
}
