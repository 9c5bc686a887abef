//! CGSuite's graphs: undirected multigraphs with labelled vertices and edges, read from and
//! written as CGSuite's graph strings (`"L-.-R"`, `"e(ee;e)"`, `":A----:A"`), plus the
//! builders `Graph.Path(n)`, `Graph.Cycle(n)`, … and a symmetry-reduced shape key.
//!
//! Labels are small numbers whose meaning belongs to the ruleset: 0 is always "no label"
//! (`Nothing`); each ruleset passes the token maps of its string syntax to [`parse`] and
//! [`Graph::to_text`].

use crate::value::{EvalError, EvalResult};
use rustc_hash::FxHashMap;

/// A graph as CGSuite keeps it: vertices 0 … n−1 in order, each with a label and an ordered
/// list of edges `(other end, edge label)`. An edge u–v (u ≠ v) is listed at both ends, a
/// loop once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    pub labels: Vec<u32>,
    pub adjacency: Vec<Vec<(usize, u8)>>,
}

/// The largest graph a ruleset searches (vertex sets are bit masks).
pub const MAX_VERTICES: usize = 128;

impl Graph {
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    pub fn add_vertex(&mut self, label: u32) -> usize {
        self.labels.push(label);
        self.adjacency.push(Vec::new());
        self.labels.len() - 1
    }

    pub fn add_edge(&mut self, u: usize, v: usize, label: u8) {
        self.adjacency[u].push((v, label));
        if u != v {
            self.adjacency[v].push((u, label));
        }
    }

    /// Each edge once, vertex by vertex (from ≤ to), in stored order: CGSuite's `Edges`.
    pub fn edges(&self) -> Vec<(usize, usize, u8)> {
        let mut out = Vec::new();
        for (u, list) in self.adjacency.iter().enumerate() {
            for &(v, label) in list {
                if u <= v {
                    out.push((u, v, label));
                }
            }
        }
        out
    }

    /// `Graph.Path(n)`: vertices 1 … n joined in a row.
    pub fn path(n: usize) -> Graph {
        let mut g = Graph::default();
        for i in 0..n {
            g.add_vertex(0);
            if i > 0 {
                g.add_edge(i - 1, i, 0);
            }
        }
        g
    }

    /// `Graph.Cycle(n)`: a path closed by an edge n–1 (`Cycle(1)` is a loop, `Cycle(2)` a
    /// double edge).
    pub fn cycle(n: usize) -> Graph {
        let mut g = Graph::path(n);
        if n > 0 {
            g.add_edge(n - 1, 0, 0);
        }
        g
    }

    /// `Graph.Clique(n)`: every two vertices joined.
    pub fn clique(n: usize) -> Graph {
        let mut g = Graph::default();
        for i in 0..n {
            g.add_vertex(0);
            for j in 0..i {
                g.add_edge(j, i, 0);
            }
        }
        g
    }

    /// `Graph.Star(n)`: vertex 1 joined to 2 … n.
    pub fn star(n: usize) -> Graph {
        let mut g = Graph::default();
        for i in 0..n {
            g.add_vertex(0);
            if i > 0 {
                g.add_edge(0, i, 0);
            }
        }
        g
    }

    /// The graph string, as CGSuite's `Graph.ToString` writes it: a depth-first walk from
    /// each vertex not reached yet; vertices met twice are named `:A`, `:B`, ….
    pub fn to_text(
        &self,
        vertex_token: &dyn Fn(u32) -> String,
        edge_token: &dyn Fn(u8) -> String,
    ) -> String {
        let n = self.vertex_count();
        let mut remaining: Vec<Vec<Option<(usize, u8)>>> = self
            .adjacency
            .iter()
            .map(|l| l.iter().copied().map(Some).collect())
            .collect();
        let mut visits = vec![0u32; n];
        // The walk as trees: (vertex, children as (edge label, child node index)).
        let mut nodes: Vec<(usize, Vec<(u8, usize)>)> = Vec::new();
        let mut roots = Vec::new();
        for start in 0..n {
            if visits[start] > 0 {
                continue;
            }
            roots.push(walk(start, &mut remaining, &mut visits, &mut nodes));
        }
        let mut names: FxHashMap<usize, String> = FxHashMap::default();
        let mut trees = Vec::new();
        for root in roots {
            let mut out = String::new();
            print_node(
                root,
                &self.labels,
                &nodes,
                &visits,
                &mut names,
                vertex_token,
                edge_token,
                &mut out,
            );
            if out.is_empty() {
                out.push('.');
            }
            trees.push(out);
        }
        trees.join(";")
    }
}

fn walk(
    v: usize,
    remaining: &mut [Vec<Option<(usize, u8)>>],
    visits: &mut [u32],
    nodes: &mut Vec<(usize, Vec<(u8, usize)>)>,
) -> usize {
    visits[v] += 1;
    let me = nodes.len();
    nodes.push((v, Vec::new()));
    if visits[v] > 1 {
        return me;
    }
    let mut k = 0;
    while k < remaining[v].len() {
        let Some((w, label)) = remaining[v][k].take() else {
            k += 1;
            continue;
        };
        k += 1;
        if w != v
            && let Some(slot) = remaining[w]
                .iter_mut()
                .find(|e| matches!(e, Some((x, l)) if *x == v && *l == label))
        {
            *slot = None;
        }
        let child = walk(w, remaining, visits, nodes);
        nodes[me].1.push((label, child));
    }
    me
}

#[allow(clippy::too_many_arguments)]
fn print_node(
    node: usize,
    labels: &[u32],
    nodes: &[(usize, Vec<(u8, usize)>)],
    visits: &[u32],
    names: &mut FxHashMap<usize, String>,
    vertex_token: &dyn Fn(u32) -> String,
    edge_token: &dyn Fn(u8) -> String,
    out: &mut String,
) {
    let (v, children) = &nodes[node];
    out.push_str(&wrap(vertex_token(labels[*v])));
    if visits[*v] > 1 {
        let count = names.len();
        let name = names.entry(*v).or_insert_with(|| {
            if count < 26 {
                char::from(b'A' + count as u8).to_string()
            } else {
                format!("{{v{count}}}")
            }
        });
        out.push(':');
        out.push_str(name);
    }
    let many = children.len() >= 2;
    if many {
        out.push('(');
    }
    for (i, (label, child)) in children.iter().enumerate() {
        if i > 0 {
            out.push(';');
        }
        let token = edge_token(*label);
        if token.is_empty() {
            out.push('-');
        } else {
            out.push_str(&wrap(token));
        }
        print_node(
            *child,
            labels,
            nodes,
            visits,
            names,
            vertex_token,
            edge_token,
            out,
        );
    }
    if many {
        out.push(')');
    }
}

/// A token longer than one character is written in braces.
fn wrap(token: String) -> String {
    if token.chars().count() > 1 {
        format!("{{{token}}}")
    } else {
        token
    }
}

/// One token of a graph string: its text, whether it was written in braces, and the index
/// of its first character.
#[derive(Debug)]
struct Token {
    text: String,
    braced: bool,
    at: usize,
}

fn tokens(function: &str, source: &str) -> EvalResult<Vec<Token>> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '{' {
            let Some(close) = chars[i..].iter().position(|&d| d == '}') else {
                return Err(invalid(function, source, i, "`{` is never closed"));
            };
            out.push(Token {
                text: chars[i + 1..i + close].iter().collect(),
                braced: true,
                at: i,
            });
            i += close + 1;
            continue;
        }
        out.push(Token {
            text: c.to_string(),
            braced: false,
            at: i,
        });
        i += 1;
    }
    Ok(out)
}

fn invalid(function: &str, source: &str, at: usize, detail: &str) -> EvalError {
    EvalError::in_string(
        format!("{function}: Invalid graph specification: {detail}"),
        source,
        at,
    )
}

/// The token maps of a graph syntax.
pub struct Syntax<'a> {
    /// The function named in errors (`game.graph.Col`).
    pub function: &'a str,
    pub vertex: &'a dyn Fn(&str) -> Option<u32>,
    pub edge: &'a dyn Fn(&str) -> Option<u8>,
    /// What the tokens are, for errors.
    pub expected: &'a str,
}

struct Parser<'a, 'b> {
    syntax: &'a Syntax<'b>,
    source: &'a str,
    tokens: Vec<Token>,
    at: usize,
    graph: Graph,
    names: FxHashMap<String, usize>,
}

/// Read a graph string (CGSuite's `Graph.Parse` with the ruleset's token maps).
pub fn parse(source: &str, syntax: &Syntax) -> EvalResult<Graph> {
    let mut p = Parser {
        syntax,
        source,
        tokens: tokens(syntax.function, source)?,
        at: 0,
        graph: Graph::default(),
        names: FxHashMap::default(),
    };
    if p.tokens.is_empty() {
        return Ok(p.graph);
    }
    loop {
        let v = p.vertex()?;
        p.rest(v)?;
        match p.peek() {
            None => break,
            Some(";") => p.at += 1,
            Some(_) => return Err(p.unexpected()),
        }
    }
    if p.graph.vertex_count() > MAX_VERTICES {
        return Err(EvalError::new(format!(
            "{}: the graph has {} vertices; at most {MAX_VERTICES} are supported",
            syntax.function,
            p.graph.vertex_count()
        )));
    }
    Ok(p.graph)
}

impl Parser<'_, '_> {
    /// The next token's text, unless it is braced (a braced token is never punctuation).
    fn peek(&self) -> Option<&str> {
        self.tokens
            .get(self.at)
            .map(|t| if t.braced { "{}" } else { t.text.as_str() })
    }

    fn unexpected(&self) -> EvalError {
        match self.tokens.get(self.at) {
            None => EvalError::new(format!(
                "{}: Invalid graph specification: the string ends too early",
                self.syntax.function
            )),
            Some(t) if !t.braced && (t.text == ">" || t.text == "<") => invalid(
                self.syntax.function,
                self.source,
                t.at,
                "Directed graph edges are not allowed here",
            ),
            Some(t) => invalid(
                self.syntax.function,
                self.source,
                t.at,
                &format!("unexpected '{}' ({})", t.text, self.syntax.expected),
            ),
        }
    }

    fn vertex(&mut self) -> EvalResult<usize> {
        let mut label = 0;
        if let Some(t) = self.tokens.get(self.at) {
            if !t.braced && t.text == "." {
                self.at += 1;
            } else if let Some(l) = (self.syntax.vertex)(&t.text) {
                label = l;
                self.at += 1;
            }
        }
        if self.peek() != Some(":") {
            return Ok(self.graph.add_vertex(label));
        }
        let colon = self.tokens[self.at].at;
        self.at += 1;
        let Some(name) = self.tokens.get(self.at).map(|t| t.text.clone()) else {
            return Err(invalid(
                self.syntax.function,
                self.source,
                colon,
                "a vertex name must follow `:`",
            ));
        };
        let name_at = self.tokens[self.at].at;
        self.at += 1;
        if let Some(&v) = self.names.get(&name) {
            if self.graph.labels[v] != label {
                return Err(invalid(
                    self.syntax.function,
                    self.source,
                    name_at,
                    "The same named vertex has multiple distinct labels",
                ));
            }
            return Ok(v);
        }
        let v = self.graph.add_vertex(label);
        self.names.insert(name, v);
        Ok(v)
    }

    fn rest(&mut self, mut v: usize) -> EvalResult<()> {
        loop {
            let Some(t) = self.tokens.get(self.at) else {
                return Ok(());
            };
            if !t.braced && t.text == "(" {
                let open = t.at;
                self.at += 1;
                loop {
                    self.rest(v)?;
                    match self.peek() {
                        Some(";") => self.at += 1,
                        Some(")") => {
                            self.at += 1;
                            return Ok(());
                        }
                        None => {
                            return Err(invalid(
                                self.syntax.function,
                                self.source,
                                open,
                                "Unmatched `(`",
                            ));
                        }
                        Some(_) => return Err(self.unexpected()),
                    }
                }
            }
            let label = if !t.braced && t.text == "-" {
                (self.syntax.edge)("")
            } else {
                (self.syntax.edge)(&t.text)
            };
            let Some(label) = label else {
                return Ok(());
            };
            self.at += 1;
            let w = self.vertex()?;
            self.graph.add_edge(v, w, label);
            v = w;
        }
    }
}

/// A key for the shape of a labelled graph on the vertices of `alive`, equal for two
/// graphs only if they are isomorphic (same vertex colours, same edges in each layer).
/// Vertices are ordered by colour refinement, ties by index, so isomorphic graphs usually —
/// not always — get equal keys: a miss costs a search, never a wrong value.
///
/// `colour(v)` is a vertex's colour; `layers[k][v]` the neighbours of v by edges of kind k.
pub fn shape_key(alive: u128, colour: &dyn Fn(usize) -> u32, layers: &[&[u128]]) -> Box<[u64]> {
    let order = canonical_order(alive, colour, layers);
    let n = order.len();
    let mut position = [0u8; MAX_VERTICES];
    for (p, &v) in order.iter().enumerate() {
        position[v] = p as u8;
    }
    // n, then each vertex's colour (32 bits), then per layer the bits (i, j), i ≤ j, of the
    // adjacency matrix in the new order.
    let mut bits_out = BitWriter::default();
    bits_out.push(n as u64, 8);
    for &v in &order {
        bits_out.push(u64::from(colour(v)), 32);
    }
    for layer in layers {
        for (i, &v) in order.iter().enumerate() {
            let mut row = 0u128;
            for w in bits(layer[v] & alive) {
                row |= 1 << position[w];
            }
            // Bits i … n−1 of the row.
            let mut rest = row >> i;
            let mut width = n - i;
            while width > 0 {
                let take = width.min(64);
                bits_out.push((rest & low_mask(take)) as u64, take as u32);
                rest >>= take.min(127);
                width -= take;
            }
        }
    }
    bits_out.words.into_boxed_slice()
}

fn low_mask(k: usize) -> u128 {
    if k >= 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    }
}

/// Bits appended to a list of words.
#[derive(Default)]
struct BitWriter {
    words: Vec<u64>,
    used: u32,
}

impl BitWriter {
    fn push(&mut self, value: u64, width: u32) {
        if width == 0 {
            return;
        }
        if self.used == 0 || self.used == 64 {
            self.words.push(0);
            self.used = 0;
        }
        let last = self.words.len() - 1;
        let room = 64 - self.used;
        if width <= room {
            self.words[last] |= value << self.used;
            self.used += width;
        } else {
            self.words[last] |= value << self.used;
            self.words.push(value >> room);
            self.used = width - room;
        }
    }
}

/// The vertices of `alive` in an order that depends (mostly) only on the shape: by the
/// classes of colour refinement (a vertex's class is refined by the multiset of its
/// neighbours' classes in each layer until the partition is stable), ties by index. Classes
/// are hashes: a collision only merges classes, and the key stays exact.
pub fn canonical_order(
    alive: u128,
    colour: &dyn Fn(usize) -> u32,
    layers: &[&[u128]],
) -> Vec<usize> {
    let vertices: Vec<usize> = bits(alive).collect();
    let n = vertices.len();
    let mut class = [0u64; MAX_VERTICES];
    for &v in &vertices {
        class[v] = mix(u64::from(colour(v)) + 1);
    }
    let mut next = [0u64; MAX_VERTICES];
    // A few rounds tell most vertices apart; the rest are ordered by index (still exact).
    for _ in 0..n.min(REFINEMENT_ROUNDS) {
        for &v in &vertices {
            let mut h = class[v];
            for (k, layer) in layers.iter().enumerate() {
                // A sum of mixed values: the multiset of neighbour classes, in any order.
                let mut sum = 0u64;
                for w in bits(layer[v] & alive) {
                    sum = sum.wrapping_add(mix(class[w] ^ (k as u64 + 1).wrapping_mul(0x9e37)));
                }
                h = mix(h ^ sum.rotate_left(k as u32 * 7 + 1));
            }
            next[v] = h;
        }
        for &v in &vertices {
            class[v] = next[v];
        }
    }
    let mut order = vertices;
    order.sort_by_key(|&v| (class[v], v));
    order
}

/// Rounds of colour refinement for a key (more rounds order more vertices by shape, at a
/// cost on every key).
const REFINEMENT_ROUNDS: usize = 3;

/// A 64-bit mixer (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The vertices 0 … n−1 as a mask.
pub fn bits_below(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The connected parts of `alive` (adjacency `neighbours`), lowest vertex first.
pub fn components(alive: u128, neighbours: &[u128]) -> Vec<u128> {
    let mut parts = Vec::new();
    let mut rest = alive;
    while rest != 0 {
        let mut part = rest & rest.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let mut grown = 0;
            for v in bits(frontier) {
                grown |= neighbours[v];
            }
            frontier = grown & rest & !part;
            part |= frontier;
        }
        rest &= !part;
        parts.push(part);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(function: &str) -> impl Fn(&str) -> EvalResult<Graph> + '_ {
        move |s| {
            parse(
                s,
                &Syntax {
                    function,
                    vertex: &|t| match t {
                        "L" => Some(1),
                        "R" => Some(2),
                        _ => None,
                    },
                    edge: &|t| (t.is_empty()).then_some(0),
                    expected: "test",
                },
            )
        }
    }

    fn text(g: &Graph) -> String {
        g.to_text(
            &|l| match l {
                1 => "L".into(),
                2 => "R".into(),
                _ => String::new(),
            },
            &|_| String::new(),
        )
    }

    #[test]
    fn parse_and_print_round_trip() {
        let p = plain("test");
        for (input, printed) in [
            ("L-.-R", "L--R"),
            ("---", "---"),
            (":A----:A", ":A----:A"),
            (":G-;:G-", "(-;-)"),
            (".;.", ".;."),
            ("", ""),
            ("L(-R;-)", "L(-R;-)"),
        ] {
            let g = p(input).unwrap();
            assert_eq!(text(&g), printed, "{input}");
            assert_eq!(p(&text(&g)).unwrap().vertex_count(), g.vertex_count());
        }
        let four = p(":A----:A").unwrap();
        assert_eq!((four.vertex_count(), four.edges().len()), (4, 4));
        let cycle = Graph::cycle(4);
        assert_eq!(cycle.edges().len(), 4);
    }

    #[test]
    fn errors_point_at_the_fault() {
        let p = plain("test");
        let err = p("LR").unwrap_err();
        assert_eq!(err.string_char, Some(("LR".to_string(), 1)));
        let err = p("L->R").unwrap_err();
        assert!(err.message.contains("Directed"), "{}", err.message);
        let err = p("-(-;-").unwrap_err();
        assert!(err.message.contains("Unmatched"), "{}", err.message);
        let err = p("L:A-R:A").unwrap_err();
        assert!(err.message.contains("distinct labels"), "{}", err.message);
        assert!(p("{ab").is_err());
    }

    #[test]
    fn shape_keys_identify_isomorphic_paths() {
        // The path 0-1-2 and the path 1-0-2 (middle vertex first).
        let a = [0b010u128, 0b101, 0b010];
        let b = [0b110u128, 0b001, 0b001];
        let colour = |_| 0;
        assert_eq!(
            shape_key(0b111, &colour, &[&a]),
            shape_key(0b111, &colour, &[&b])
        );
        let triangle = [0b110u128, 0b101, 0b011];
        assert_ne!(
            shape_key(0b111, &colour, &[&a]),
            shape_key(0b111, &colour, &[&triangle])
        );
        assert_eq!(components(0b111, &a).len(), 1);
        assert_eq!(components(0b101, &a).len(), 2);
    }
}
