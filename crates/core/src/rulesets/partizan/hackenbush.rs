//! Hackenbush: blue (Left's), red (Right's) and green (anyone's) edges; a move deletes one
//! edge, and everything no longer connected to the ground falls away.
//!
//! Two ways to write a position:
//! * trees, the common case: a run of colour letters is a stalk growing from the ground
//!   (`"LLR"`: blue, blue, red from the bottom up); a parenthesised list after a run is a set
//!   of branches growing from its top (`"G(L,R,GG)"`, a flower: `"GG(L,L,L)"`); runs at the
//!   top level, separated by spaces or commas, stand side by side on the ground (`"LR G"`).
//!   Letters: `L` or `B` blue, `R` red, `G` or `E` green (either case).
//! * small graphs, as edge lists: `"0-1:L 1-2:R 2-0:G"`, vertex 0 being the ground.
//!
//! The parts hanging from the ground at different points are independent. A tree's value
//! needs no search: a branch is its bottom edge's game (`1`, `-1` or `*`) ordinal-summed with
//! the value above it (the colon principle), so a green tree is a nimber and a blue-red stalk
//! reads off its sign expansion. Graphs with cycles are searched.

use super::Rules;
use super::args::{bad_char, no_named, text};
use crate::engine::{Dyadic, Engine, EngineError, EngineResult, GameId};
use crate::rulesets::Args;
use crate::value::picture::{self, GraphPicture, Picture, Tint};
use crate::value::{EvalError, EvalResult};
use rustc_hash::FxHashMap;

/// The largest vertex number an edge list may name.
const MAX_VERTEX: u32 = 9999;
/// The most edges in a picture (keys of deep trees grow with depth × size).
const MAX_EDGES: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Green,
}

impl Colour {
    fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'L' | 'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' | 'E' => Some(Colour::Green),
            _ => None,
        }
    }

    fn letter(self) -> char {
        match self {
            Colour::Blue => 'L',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    fn swapped(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        }
    }

    fn playable_by(self, left: bool) -> bool {
        match self {
            Colour::Blue => left,
            Colour::Red => !left,
            Colour::Green => true,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edge {
    a: u32,
    b: u32,
    colour: Colour,
}

/// A Hackenbush picture: its edges, vertex 0 being the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    edges: Vec<Edge>,
}

/// The picture seen from the ground: a spanning forest if it is a tree.
struct Layout {
    /// The vertices reachable from the ground, in breadth-first order.
    order: Vec<u32>,
    /// For each vertex, the edges to its children in the spanning forest.
    children: Vec<Vec<usize>>,
    is_forest: bool,
}

impl Hackenbush {
    pub fn parse(source: &str) -> EvalResult<Hackenbush> {
        let picture = if source.contains(['-', ':']) {
            parse_edge_list(source)?
        } else {
            parse_trees(source)?
        };
        if picture.edges.len() > MAX_EDGES {
            return Err(EvalError::new(format!(
                "hackenbush: the picture has {} edges; at most {MAX_EDGES} are supported",
                picture.edges.len()
            )));
        }
        Ok(picture.pruned())
    }

    /// A picture from an edge list `(u, v, colour)` with colours 1 blue, 2 red, 3 green and
    /// vertex 0 the ground (CGSuite's graph strings, whose vertex 1 is the ground).
    pub fn from_edges(edges: &[(u8, u8, u8)]) -> EvalResult<Hackenbush> {
        let edges: Vec<Edge> = edges
            .iter()
            .map(|&(a, b, c)| Edge {
                a: u32::from(a),
                b: u32::from(b),
                colour: match c {
                    1 => Colour::Blue,
                    2 => Colour::Red,
                    _ => Colour::Green,
                },
            })
            .collect();
        if edges.len() > MAX_EDGES {
            return Err(EvalError::new(format!(
                "hackenbush: the picture has {} edges; at most {MAX_EDGES} are supported",
                edges.len()
            )));
        }
        Ok(Hackenbush { edges }.pruned())
    }

    fn vertex_count(&self) -> usize {
        self.edges
            .iter()
            .map(|e| e.a.max(e.b) as usize + 1)
            .max()
            .unwrap_or(1)
    }

    fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adjacent = vec![Vec::new(); self.vertex_count()];
        for (k, e) in self.edges.iter().enumerate() {
            adjacent[e.a as usize].push(k);
            if e.b != e.a {
                adjacent[e.b as usize].push(k);
            }
        }
        adjacent
    }

    /// Only the edges still connected to the ground.
    fn pruned(mut self) -> Hackenbush {
        let adjacent = self.adjacency();
        let mut reached = vec![false; adjacent.len()];
        reached[0] = true;
        let mut queue = vec![0usize];
        while let Some(v) = queue.pop() {
            for &k in &adjacent[v] {
                let e = self.edges[k];
                for w in [e.a as usize, e.b as usize] {
                    if !reached[w] {
                        reached[w] = true;
                        queue.push(w);
                    }
                }
            }
        }
        self.edges.retain(|e| reached[e.a as usize]);
        self
    }

    /// Breadth-first from the ground; the picture is a forest when every edge but the tree
    /// edges is missing (no cycles, no loops, no parallel edges).
    fn layout(&self) -> Layout {
        let adjacent = self.adjacency();
        let n = adjacent.len();
        let mut parent_edge = vec![None; n];
        let mut children = vec![Vec::new(); n];
        let mut seen = vec![false; n];
        let mut order = vec![0u32];
        seen[0] = true;
        let mut next = 0;
        while next < order.len() {
            let v = order[next] as usize;
            next += 1;
            for &k in &adjacent[v] {
                if parent_edge[v] == Some(k) {
                    continue;
                }
                let e = self.edges[k];
                let w = if e.a as usize == v { e.b } else { e.a } as usize;
                if !seen[w] {
                    seen[w] = true;
                    parent_edge[w] = Some(k);
                    children[v].push(k);
                    order.push(w as u32);
                }
            }
        }
        let is_forest = self.edges.len() + 1 == order.len();
        Layout {
            order,
            children,
            is_forest,
        }
    }

    fn other_end(&self, k: usize, v: u32) -> u32 {
        let e = self.edges[k];
        if e.a == v { e.b } else { e.a }
    }

    /// Canonical text of the tree above `v` (children sorted), built bottom-up.
    fn tree_codes(&self, layout: &Layout, swap: bool) -> Vec<String> {
        let mut code = vec![String::new(); layout.children.len()];
        for &v in layout.order.iter().rev() {
            let mut parts: Vec<String> = layout.children[v as usize]
                .iter()
                .map(|&k| {
                    let colour = self.edges[k].colour;
                    let colour = if swap { colour.swapped() } else { colour };
                    let above = &code[self.other_end(k, v) as usize];
                    format!("{}({above})", colour.letter())
                })
                .collect();
            parts.sort_unstable();
            code[v as usize] = parts.concat();
        }
        code
    }

    /// The edge list with vertices renumbered in breadth-first order from the ground.
    fn graph_code(&self, layout: &Layout, swap: bool) -> String {
        let mut number = vec![0u32; layout.children.len()];
        for (i, &v) in layout.order.iter().enumerate() {
            number[v as usize] = i as u32;
        }
        let mut edges: Vec<(u32, u32, char)> = self
            .edges
            .iter()
            .map(|e| {
                let (a, b) = (number[e.a as usize], number[e.b as usize]);
                let colour = if swap { e.colour.swapped() } else { e.colour };
                (a.min(b), a.max(b), colour.letter())
            })
            .collect();
        edges.sort_unstable();
        edges
            .iter()
            .map(|(a, b, c)| format!("{a}-{b}:{c}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The value of a forest, bottom-up: each branch is its edge's game ordinal-summed with
    /// what stands on it.
    fn forest_value(&self, layout: &Layout, engine: &mut Engine) -> EngineResult<GameId> {
        let blue = engine.integer(1);
        let red = engine.integer(-1);
        let green = engine.nimber(1);
        let mut value = vec![Engine::ZERO; layout.children.len()];
        for &v in layout.order.iter().rev() {
            engine.check_interrupt()?;
            let mut total = Engine::ZERO;
            for &k in &layout.children[v as usize] {
                let base = match self.edges[k].colour {
                    Colour::Blue => blue,
                    Colour::Red => red,
                    Colour::Green => green,
                };
                let above = value[self.other_end(k, v) as usize];
                let colour = self.edges[k].colour;
                let branch = match engine.as_number(above) {
                    Some(x) if colour != Colour::Green => {
                        let x = if colour == Colour::Blue {
                            x
                        } else {
                            negate(x)?
                        };
                        let y = blue_edge_under(x).ok_or(EngineError::Overflow)?;
                        let y = if colour == Colour::Blue {
                            y
                        } else {
                            negate(y)?
                        };
                        engine.number(y)
                    }
                    _ => engine.ordinal_sum(base, above)?,
                };
                total = engine.add(total, branch)?;
            }
            value[v as usize] = total;
        }
        Ok(value[0])
    }

    /// The picture in the syntax it can be typed in.
    fn text(&self) -> String {
        let layout = self.layout();
        if !layout.is_forest {
            return self
                .edges
                .iter()
                .map(|e| format!("{}-{}:{}", e.a, e.b, e.colour.letter()))
                .collect::<Vec<_>>()
                .join(" ");
        }
        let mut out = String::new();
        // Depth-first with an explicit stack of (branching vertex, next child to write).
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        while let Some(&(v, next)) = stack.last() {
            let children = &layout.children[v as usize];
            if next == children.len() {
                stack.pop();
                if children.len() > 1 && v != 0 {
                    out.push(')');
                }
                continue;
            }
            if next > 0 {
                out.push_str(if v == 0 { " " } else { "," });
            } else if children.len() > 1 && v != 0 {
                out.push('(');
            }
            if let Some(top) = stack.last_mut() {
                top.1 += 1;
            }
            // Follow the stalk up to its next branching point or leaf.
            let k = children[next];
            let mut top = self.other_end(k, v);
            out.push(self.edges[k].colour.letter());
            while layout.children[top as usize].len() == 1 {
                let up = layout.children[top as usize][0];
                out.push(self.edges[up].colour.letter());
                top = self.other_end(up, top);
            }
            stack.push((top, 0));
        }
        out
    }
}

fn negate(x: Dyadic) -> EngineResult<Dyadic> {
    x.checked_neg().ok_or(EngineError::Overflow)
}

/// `1 : x` for a number x — a blue edge under a picture worth x. Its sign expansion is `+`
/// followed by x's: for x ≥ 0 that is x + 1; for x < 0, whose expansion starts with
/// m = ⌈−x⌉ minus signs, it is (x + m + 1) / 2^m. So a blue-red stalk reads off its colours:
/// `LRR` = 1 − 1/2 − 1/4 = 1/4.
fn blue_edge_under(x: Dyadic) -> Option<Dyadic> {
    if x.signum() >= 0 {
        return x.checked_add(&Dyadic::ONE);
    }
    // ⌈−x⌉ = −⌊x⌋.
    let m = u32::try_from(-x.floor()).ok()?;
    let top = x.checked_add(&Dyadic::from_i128(i128::from(m) + 1))?;
    Dyadic::new(top.numerator(), top.exponent().checked_add(m)?)
}

impl Rules for Hackenbush {
    /// `T` + canonical tree text, or `G` + renumbered edge list.
    type Key = Box<str>;

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        for (k, e) in self.edges.iter().enumerate() {
            if e.colour.playable_by(left) {
                let mut edges = self.edges.clone();
                edges.remove(k);
                out.push(Hackenbush { edges }.pruned());
            }
        }
    }

    fn components(&self, out: &mut Vec<(Self, u64)>) {
        // Edges joined through a vertex other than the ground belong together.
        let n = self.vertex_count();
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], mut v: usize) -> usize {
            while root[v] != v {
                root[v] = root[root[v]];
                v = root[v];
            }
            v
        }
        for e in &self.edges {
            if e.a != 0 && e.b != 0 {
                let (x, y) = (find(&mut root, e.a as usize), find(&mut root, e.b as usize));
                root[x] = y;
            }
        }
        let mut groups: Vec<(usize, Vec<Edge>)> = Vec::new();
        for e in &self.edges {
            let v = if e.a != 0 { e.a } else { e.b } as usize;
            // A loop at the ground is a part of its own.
            let r = if v == 0 {
                usize::MAX - groups.len()
            } else {
                find(&mut root, v)
            };
            match groups.iter_mut().find(|(g, _)| *g == r) {
                Some((_, edges)) => edges.push(*e),
                None => groups.push((r, vec![*e])),
            }
        }
        for (_, edges) in groups {
            out.push((Hackenbush { edges }, 1));
        }
    }

    fn key(&self) -> (Box<str>, bool) {
        let layout = self.layout();
        let (own, swapped) = if layout.is_forest {
            let own = self.tree_codes(&layout, false).swap_remove(0);
            let swapped = self.tree_codes(&layout, true).swap_remove(0);
            (format!("T{own}"), format!("T{swapped}"))
        } else {
            (
                format!("G{}", self.graph_code(&layout, false)),
                format!("G{}", self.graph_code(&layout, true)),
            )
        };
        if swapped < own {
            (swapped.into(), true)
        } else {
            (own.into(), false)
        }
    }

    fn closed_form(&self, engine: &mut Engine) -> EngineResult<Option<GameId>> {
        let layout = self.layout();
        if !layout.is_forest {
            return Ok(None);
        }
        self.forest_value(&layout, engine).map(Some)
    }

    fn describe(&self) -> String {
        format!("hackenbush(\"{}\")", self.text())
    }

    fn is_impartial(&self) -> bool {
        self.edges.iter().all(|e| e.colour == Colour::Green)
    }

    fn picture(&self) -> Option<Picture> {
        // Vertices renumbered 0, 1, … in order of first mention, the ground first.
        let mut index: FxHashMap<u32, usize> = FxHashMap::default();
        index.insert(0, 0);
        let mut number = |v: u32| {
            let next = index.len();
            *index.entry(v).or_insert(next)
        };
        let edges = self
            .edges
            .iter()
            .map(|e| picture::Edge {
                from: number(e.a),
                to: number(e.b),
                tint: match e.colour {
                    Colour::Blue => Tint::Left,
                    Colour::Red => Tint::Right,
                    Colour::Green => Tint::Either,
                },
            })
            .collect();
        let vertices = (0..index.len())
            .map(|_| picture::Vertex {
                label: String::new(),
                tint: Tint::Plain,
                layer: 0,
            })
            .collect();
        Some(Picture::Graph(GraphPicture {
            vertices,
            edges,
            layout: picture::Layout::Ground,
            directed: false,
        }))
    }
}

/// Trees: colour runs, branches in parentheses, parts separated by spaces or commas.
fn parse_trees(source: &str) -> EvalResult<Hackenbush> {
    let mut edges = Vec::new();
    let mut vertices = 1u32;
    // The branching points of the open parentheses, and where the next edge grows from.
    let mut open: Vec<(u32, usize)> = Vec::new();
    let mut current = 0u32;
    let mut after_close = false;
    for (i, c) in source.chars().enumerate() {
        match c {
            '(' => {
                if after_close || (current == 0 && open.is_empty()) {
                    return Err(bad_char(
                        "hackenbush",
                        source,
                        i,
                        "a parenthesis opens the branches on top of a run of edges, as in \"L(R,G)\"",
                    ));
                }
                open.push((current, i));
            }
            ')' => {
                let Some((point, _)) = open.pop() else {
                    return Err(bad_char("hackenbush", source, i, "unmatched ')'"));
                };
                current = point;
                after_close = true;
            }
            ',' | ' ' | '\t' | '\n' => {
                current = open.last().map_or(0, |&(p, _)| p);
                after_close = false;
            }
            _ => {
                let Some(colour) = Colour::from_letter(c) else {
                    return Err(bad_char(
                        "hackenbush",
                        source,
                        i,
                        &format!(
                            "'{c}' is not an edge (L or B: blue, R: red, G or E: green; parentheses for branches)"
                        ),
                    ));
                };
                if after_close {
                    return Err(bad_char(
                        "hackenbush",
                        source,
                        i,
                        "expected ',' or ')' after the branches",
                    ));
                }
                edges.push(Edge {
                    a: current,
                    b: vertices,
                    colour,
                });
                current = vertices;
                vertices += 1;
            }
        }
    }
    if let Some(&(_, at)) = open.last() {
        let before = source.chars().take(at).count();
        return Err(bad_char("hackenbush", source, before, "unclosed '('"));
    }
    Ok(Hackenbush { edges })
}

/// Edge lists: `a-b:C` items separated by spaces or commas; vertex 0 is the ground.
fn parse_edge_list(source: &str) -> EvalResult<Hackenbush> {
    let chars: Vec<char> = source.chars().collect();
    let mut edges = Vec::new();
    let mut i = 0;
    let err = |at: usize, message: &str| bad_char("hackenbush", source, at, message);
    let vertex = |i: &mut usize| -> EvalResult<u32> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        if start == *i {
            return Err(err(
                start,
                "expected a vertex number (0 is the ground), as in \"0-1:L\"",
            ));
        }
        let digits: String = chars[start..*i].iter().collect();
        digits
            .parse::<u32>()
            .ok()
            .filter(|&v| v <= MAX_VERTEX)
            .ok_or_else(|| err(start, &format!("vertex numbers go up to {MAX_VERTEX}")))
    };
    loop {
        while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ',') {
            i += 1;
        }
        if i == chars.len() {
            break;
        }
        let a = vertex(&mut i)?;
        if chars.get(i) != Some(&'-') {
            return Err(err(
                i,
                "expected '-' between the two ends of an edge, as in \"0-1:L\"",
            ));
        }
        i += 1;
        let b = vertex(&mut i)?;
        if chars.get(i) != Some(&':') {
            return Err(err(
                i,
                "expected ':' and a colour after the edge's ends, as in \"0-1:L\"",
            ));
        }
        i += 1;
        let colour = chars
            .get(i)
            .and_then(|&c| Colour::from_letter(c))
            .ok_or_else(|| {
                err(
                    i,
                    "expected a colour: L or B (blue), R (red), G or E (green)",
                )
            })?;
        i += 1;
        if i < chars.len() && !(chars[i].is_whitespace() || chars[i] == ',') {
            return Err(err(i, "expected a space or ',' between edges"));
        }
        edges.push(Edge { a, b, colour });
    }
    Ok(Hackenbush { edges })
}

/// `hackenbush("LLR")`, `hackenbush("G(L,R)")`, `hackenbush("0-1:L 1-2:R 2-0:G")`.
pub fn from_args(args: &Args) -> EvalResult<Hackenbush> {
    no_named("hackenbush", args)?;
    match args.positional.as_slice() {
        [picture] => Hackenbush::parse(text("hackenbush", picture)?),
        _ => Err(EvalError::new(
            "hackenbush expects one string, such as \"LLR\", \"G(L,R)\" or \"0-1:L 1-2:R 2-0:G\"",
        )),
    }
}
