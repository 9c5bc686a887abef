//! Draws a [`GraphPicture`] (a Hackenbush position, a graph game's board, a game's option DAG)
//! four ways: SVG, TikZ, Graphviz DOT and a terminal listing.
//!
//! All drawings go through one placement ([`layout`]) and, for SVG and TikZ, one list of shapes,
//! so the pictures agree with each other. Output is deterministic: only ordered containers,
//! floats printed with fixed precision, `-0.0` printed as `0.0`. Nothing recurses on the depth
//! of the graph (Hackenbush stalks may be thousands of edges tall): walks use explicit stacks
//! and queues. Edges naming a vertex that does not exist are left out of every drawing.

use super::{colour, tex_escape, tikz_colour_name};
use crate::value::picture::{Edge, GraphPicture, Layout, Tint, Vertex};

use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;

use svg::Document;
use svg::node::element::{Circle, Group, Path, Rectangle, Text, Title};

/// Positions of the vertices, in drawing units (1 unit = gap between neighbouring rows/columns), y downwards.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
}

// Sizes in drawing units (before the label stretch of the columns).
/// SVG pixels per drawing unit.
const PX: f64 = 60.0;
/// Radius of a coloured vertex or of a labelled plain vertex.
const R_DISC: f64 = 0.13;
/// Radius of an unlabelled plain vertex (a Hackenbush joint).
const R_DOT: f64 = 0.07;
const EDGE_WIDTH: f64 = 0.06;
const FONT: f64 = 0.22;
/// Rough average glyph width, used to leave room for labels.
const CHAR_W: f64 = 0.6 * FONT;
/// Gap between a vertex and its label.
const LABEL_GAP: f64 = 0.06;
/// Labels longer than this (in characters) are cut in SVG and TikZ.
const LABEL_MAX: usize = 24;
/// Labels longer than this are cut in the terminal listing.
const TEXT_LABEL_MAX: usize = 40;
/// Extra bow of each further edge between the same two vertices.
const PARALLEL_STEP: f64 = 0.28;
/// How close a straight edge may pass another vertex before it is bent around it.
const CLEARANCE: f64 = 0.2;
const MARGIN: f64 = 0.4;
/// How far the ground line reaches past the outermost vertex on each side.
const GROUND_OVERHANG: f64 = 0.75;
const GROUND_WIDTH: f64 = 0.09;
const HATCH_STEP: f64 = 0.2;
const ARROW_LEN: f64 = 0.2;
const ARROW_HALF: f64 = 0.08;
/// TikZ pictures are shrunk so that no coordinate passes this many cm (TeX's dimensions
/// overflow near 575 cm).
const TIKZ_MAX_CM: f64 = 400.0;
/// Terminal lines are wrapped near this width.
const TEXT_WIDTH: usize = 72;
/// Deepest indentation (in tree levels) of the terminal tree before a subtree is moved out.
const TEXT_MAX_LEVEL: usize = 8;

/// Where the vertices go. Ground: rows by distance from vertex 0 (the ground, at the bottom),
/// tidy tree over a breadth-first spanning forest. Layered: rows by `layer`, barycentre order.
/// Free: a simple path in a row, anything else on a circle clockwise from the top.
/// SVG and TikZ stretch the columns further when labels need room.
pub fn layout(g: &GraphPicture) -> Placement {
    arrange(g, &valid_edges(g)).0
}

/// The picture as a standalone SVG document.
pub fn to_svg(g: &GraphPicture, title: &str) -> String {
    let scene = scene(g);
    let ox = scene.min.x - MARGIN;
    let oy = scene.min.y - MARGIN;
    let w = (scene.max.x - scene.min.x + 2.0 * MARGIN) * PX;
    let h = (scene.max.y - scene.min.y + 2.0 * MARGIN) * PX;
    let sx = |x: f64| fixed((x - ox) * PX, 1);
    let sy = |y: f64| fixed((y - oy) * PX, 1);
    let pt = |p: Pt| format!("{} {}", sx(p.x), sy(p.y));

    let mut doc = Document::new()
        .set("viewBox", format!("0 0 {} {}", fixed(w, 1), fixed(h, 1)))
        .set("width", fixed(w, 1))
        .set("height", fixed(h, 1))
        .add(Title::new(clean(title)))
        .add(
            Rectangle::new()
                .set("x", "0")
                .set("y", "0")
                .set("width", fixed(w, 1))
                .set("height", fixed(h, 1))
                .set("fill", "#ffffff"),
        );

    if let Some(ground) = &scene.ground {
        let mut hatch = String::new();
        for x in hatch_xs(ground) {
            let _ = write!(
                hatch,
                "M{} L{} ",
                pt(Pt::new(x, ground.y + 0.04)),
                pt(Pt::new(x - 0.12, ground.y + 0.2))
            );
        }
        let mut group = Group::new().set("id", "ground");
        if !hatch.is_empty() {
            group = group.add(
                Path::new()
                    .set("d", hatch.trim_end().to_string())
                    .set("stroke", "#9e9e9e")
                    .set("stroke-width", fixed(0.025 * PX, 1))
                    .set("fill", "none"),
            );
        }
        group = group.add(
            Path::new()
                .set(
                    "d",
                    format!(
                        "M{} L{}",
                        pt(Pt::new(ground.x0, ground.y)),
                        pt(Pt::new(ground.x1, ground.y))
                    ),
                )
                .set("stroke", colour(Tint::Plain))
                .set("stroke-width", fixed(GROUND_WIDTH * PX, 1))
                .set("fill", "none"),
        );
        doc = doc.add(group);
    }

    let mut edges = Group::new()
        .set("id", "edges")
        .set("fill", "none")
        .set("stroke-width", fixed(EDGE_WIDTH * PX, 1))
        .set("stroke-linecap", "round");
    for e in &scene.edges {
        let d = match e.ctrl {
            None => format!("M{} L{}", pt(e.start), pt(e.svg_end)),
            Some((c1, c2)) => format!("M{} C{} {} {}", pt(e.start), pt(c1), pt(c2), pt(e.svg_end)),
        };
        edges = edges.add(Path::new().set("d", d).set("stroke", colour(e.tint)));
        if let Some([a, b, c]) = e.arrow {
            edges = edges.add(
                Path::new()
                    .set("d", format!("M{} L{} L{} Z", pt(a), pt(b), pt(c)))
                    .set("fill", colour(e.tint))
                    .set("stroke", "none"),
            );
        }
    }
    doc = doc.add(edges);

    let mut vertices = Group::new().set("id", "vertices");
    let mut labels = Group::new()
        .set("id", "labels")
        .set("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif")
        .set("font-size", fixed(FONT * PX, 1))
        .set("stroke", "#ffffff")
        .set("stroke-width", fixed(0.05 * PX, 1))
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke");
    for v in &scene.vertices {
        let circle = Circle::new()
            .set("cx", sx(v.at.x))
            .set("cy", sy(v.at.y))
            .set("r", fixed(v.r * PX, 1));
        vertices = vertices.add(match v.mark {
            Mark::Disc | Mark::Dot => circle.set("fill", colour(v.tint)),
            Mark::Ring => circle
                .set("fill", "#ffffff")
                .set("stroke", colour(Tint::Plain))
                .set("stroke-width", fixed(0.025 * PX, 1)),
        });
        if !v.label.is_empty() {
            let at = label_anchor(v);
            labels = labels.add(
                Text::new(v.label.clone())
                    .set("x", sx(at.x))
                    .set("y", sy(at.y + 0.35 * FONT))
                    .set("fill", colour(v.tint)),
            );
        }
    }
    doc = doc.add(vertices).add(labels);
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// The picture as a `tikzpicture` that needs only `\usepackage{tikz}`.
pub fn to_tikz(g: &GraphPicture, title: &str) -> String {
    let scene = scene(g);
    let extent = (scene.max.x - scene.min.x + 2.0 * MARGIN)
        .max(scene.max.y - scene.min.y + 2.0 * MARGIN)
        .max(1.0);
    // cm per drawing unit
    let s = if extent > TIKZ_MAX_CM {
        TIKZ_MAX_CM / extent
    } else {
        1.0
    };
    let c = |p: Pt| format!("({},{})", fixed(p.x * s, 2), fixed(-p.y * s, 2));
    let len = |l: f64| fixed(l * s, 2);

    let mut out = String::new();
    let _ = writeln!(out, "% {}", clean(title));
    out.push_str("\\begin{tikzpicture}[>=stealth]\n");
    out.push_str(&super::tikz_colours());
    let _ = writeln!(
        out,
        "\\fill[white] {} rectangle {};",
        c(Pt::new(scene.min.x - MARGIN, scene.min.y - MARGIN)),
        c(Pt::new(scene.max.x + MARGIN, scene.max.y + MARGIN))
    );
    if let Some(ground) = &scene.ground {
        let xs = hatch_xs(ground);
        for chunk in xs.chunks(20) {
            out.push_str("\\draw[cgcalcPlain!40, line width=0.4pt]");
            for &x in chunk {
                let _ = write!(
                    out,
                    " {} -- {}",
                    c(Pt::new(x, ground.y + 0.04)),
                    c(Pt::new(x - 0.12, ground.y + 0.2))
                );
            }
            out.push_str(";\n");
        }
        let _ = writeln!(
            out,
            "\\draw[cgcalcPlain, line width=2.5pt] {} -- {};",
            c(Pt::new(ground.x0, ground.y)),
            c(Pt::new(ground.x1, ground.y))
        );
    }
    for e in &scene.edges {
        let arrow = if e.arrow.is_some() { "->, " } else { "" };
        let path = match e.ctrl {
            None => format!("{} -- {}", c(e.start), c(e.end)),
            Some((c1, c2)) => format!(
                "{} .. controls {} and {} .. {}",
                c(e.start),
                c(c1),
                c(c2),
                c(e.end)
            ),
        };
        let _ = writeln!(
            out,
            "\\draw[{arrow}{}, line width=1.6pt, line cap=round] {path};",
            tikz_colour_name(e.tint)
        );
    }
    for v in &scene.vertices {
        match v.mark {
            Mark::Disc | Mark::Dot => {
                let _ = writeln!(
                    out,
                    "\\fill[{}] {} circle[radius={}];",
                    tikz_colour_name(v.tint),
                    c(v.at),
                    len(v.r)
                );
            }
            Mark::Ring => {
                let _ = writeln!(
                    out,
                    "\\filldraw[fill=white, draw=cgcalcPlain, line width=0.6pt] {} circle[radius={}];",
                    c(v.at),
                    len(v.r)
                );
            }
        }
    }
    for v in &scene.vertices {
        if !v.label.is_empty() {
            let _ = writeln!(
                out,
                "\\node[anchor=west, inner sep=1pt, fill=white, font=\\footnotesize, text={}] at {} {{{}}};",
                tikz_colour_name(v.tint),
                c(label_anchor(v)),
                tex_escape(&v.label)
            );
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// The graph in Graphviz DOT (no coordinates: Graphviz places it). Labels are kept whole.
pub fn to_dot(g: &GraphPicture, title: &str) -> String {
    let n = g.vertices.len();
    let edges = valid_edges(g);
    let ground = g.layout == Layout::Ground && n > 0;
    let (kind, link) = if g.directed {
        ("digraph", "->")
    } else {
        ("graph", "--")
    };
    let mut out = String::new();
    let _ = writeln!(out, "{kind} {{");
    let _ = writeln!(out, "  label=\"{}\";", dot_escape(title));
    out.push_str("  labelloc=\"t\";\n");
    if ground {
        // The ground is the lowest rank; rank order runs upwards.
        out.push_str("  rankdir=\"BT\";\n");
    }
    out.push_str("  node [fontname=\"Helvetica\", fontsize=10];\n");
    out.push_str("  edge [penwidth=2];\n");
    for (i, v) in g.vertices.iter().enumerate() {
        let label = dot_escape(&clean(&v.label));
        let c = colour(v.tint);
        let attrs = if ground && i == 0 {
            format!(
                "label=\"ground\", shape=underline, color=\"{}\"",
                colour(Tint::Plain)
            )
        } else if v.tint == Tint::Plain {
            if v.label.is_empty() {
                format!("label=\"\", shape=point, width=0.08, color=\"{c}\"")
            } else {
                format!("label=\"{label}\", color=\"{c}\"")
            }
        } else if v.label.is_empty() {
            format!(
                "label=\"\", shape=circle, fixedsize=true, width=0.2, style=filled, color=\"{c}\", fillcolor=\"{c}\""
            )
        } else {
            format!(
                "label=\"{label}\", style=filled, color=\"{c}\", fillcolor=\"{c}\", fontcolor=\"#ffffff\""
            )
        };
        let _ = writeln!(out, "  v{i} [{attrs}];");
    }
    // In the ground layout an undirected edge is written from its lower end, so that the
    // ranking pushes the ground down.
    let depth = if ground && !g.directed {
        Some(ground_forest(n, &edges).depth)
    } else {
        None
    };
    for &(_, e) in &edges {
        let (a, b) = match &depth {
            Some(d) if d[e.to] < d[e.from] => (e.to, e.from),
            _ => (e.from, e.to),
        };
        let _ = writeln!(out, "  v{a} {link} v{b} [color=\"{}\"];", colour(e.tint));
    }
    if ground {
        out.push_str("  { rank=source; v0; }\n");
    }
    if g.layout == Layout::Layered {
        let mut rows: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (i, v) in g.vertices.iter().enumerate() {
            rows.entry(v.layer).or_default().push(i);
        }
        for row in rows.values() {
            out.push_str("  { rank=same;");
            for i in row {
                let _ = write!(out, " v{i};");
            }
            out.push_str(" }\n");
        }
    }
    out.push_str("}\n");
    out
}

/// A terminal listing. `paint(tint, text)` wraps each coloured piece (edge marks and vertex
/// names, Plain ones included); it may add colour codes or return the text unchanged.
///
/// The ground layout is an indented tree from the ground; a chain of single children stays on
/// one line (`└─L─ 1 ─R─ 2 ─L─ 3`, as a stalk reads), and edges outside the tree are listed
/// at the end. Other layouts give one line per vertex with the edges it starts.
pub fn to_text(g: &GraphPicture, paint: &dyn Fn(Tint, &str) -> String) -> String {
    if g.vertices.is_empty() {
        return "(no vertices)\n".to_string();
    }
    let edges = valid_edges(g);
    if g.layout == Layout::Ground {
        ground_text(g, &edges, paint)
    } else {
        list_text(g, &edges, paint)
    }
}

// ---------------------------------------------------------------------------------------------
// Placement

/// The edges whose both ends exist, with their index in `g.edges`.
fn valid_edges(g: &GraphPicture) -> Vec<(usize, &Edge)> {
    let n = g.vertices.len();
    g.edges
        .iter()
        .enumerate()
        .filter(|(_, e)| e.from < n && e.to < n)
        .collect()
}

/// A breadth-first spanning forest: the tree of the ground (vertex 0) first, then one tree for
/// each piece not joined to the ground, rooted at its smallest vertex.
struct Forest {
    /// Distance from the ground; the roots of floating pieces count as 1.
    depth: Vec<usize>,
    /// The edge (index into `g.edges`) through which each vertex was reached.
    parent_edge: Vec<Option<usize>>,
    parent: Vec<Option<usize>>,
    /// In order of discovery (edge order), which fixes left-to-right order.
    children: Vec<Vec<usize>>,
    /// Roots of the pieces not joined to the ground, in index order.
    floating: Vec<usize>,
}

fn ground_forest(n: usize, edges: &[(usize, &Edge)]) -> Forest {
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for &(ei, e) in edges {
        if e.from != e.to {
            adj[e.from].push((e.to, ei));
            adj[e.to].push((e.from, ei));
        }
    }
    let mut depth = vec![usize::MAX; n];
    let mut parent = vec![None; n];
    let mut parent_edge = vec![None; n];
    let mut children = vec![Vec::new(); n];
    let mut floating = Vec::new();
    let mut queue = VecDeque::new();
    for start in 0..n {
        if depth[start] != usize::MAX {
            continue;
        }
        depth[start] = usize::from(start != 0);
        if start != 0 {
            floating.push(start);
        }
        queue.push_back(start);
        while let Some(u) = queue.pop_front() {
            for &(w, ei) in &adj[u] {
                if depth[w] == usize::MAX {
                    depth[w] = depth[u] + 1;
                    parent[w] = Some(u);
                    parent_edge[w] = Some(ei);
                    children[u].push(w);
                    queue.push_back(w);
                }
            }
        }
    }
    Forest {
        depth,
        parent_edge,
        parent,
        children,
        floating,
    }
}

/// Tidy tree placement: leaves take consecutive slots from `*slot` on, a parent sits midway
/// between its first and last child. Post-order with an explicit stack.
fn tidy(children: &[Vec<usize>], roots: &[usize], x: &mut [f64], slot: &mut f64) {
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for &root in roots {
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (v, next) = *top;
            if let Some(&c) = children[v].get(next) {
                top.1 += 1;
                stack.push((c, 0));
                continue;
            }
            stack.pop();
            match (children[v].first(), children[v].last()) {
                (Some(&f), Some(&l)) => x[v] = (x[f] + x[l]) / 2.0,
                _ => {
                    x[v] = *slot;
                    *slot += 1.0;
                }
            }
        }
    }
}

/// How the vertices were placed; the drawing needs to know the shape.
enum Arrangement {
    Ground(Forest),
    /// Rows by layer.
    Layered,
    /// A simple path in a row.
    Path,
    Circle,
}

impl Arrangement {
    /// The row of each vertex, for layouts with rows that edges may cut across.
    fn rows(&self, g: &GraphPicture) -> Option<Vec<usize>> {
        match self {
            Arrangement::Ground(f) => Some(f.depth.clone()),
            Arrangement::Layered => Some(g.vertices.iter().map(|v| v.layer).collect()),
            Arrangement::Path | Arrangement::Circle => None,
        }
    }
}

fn arrange(g: &GraphPicture, edges: &[(usize, &Edge)]) -> (Placement, Arrangement) {
    let n = g.vertices.len();
    match g.layout {
        Layout::Ground => {
            let forest = ground_forest(n, edges);
            let mut x = vec![0.0; n];
            let mut slot = 0.0;
            if n > 0 {
                tidy(&forest.children, &forest.children[0], &mut x, &mut slot);
                if slot > 0.0 && !forest.floating.is_empty() {
                    slot += 1.0; // a gap before the pieces that float
                }
                tidy(&forest.children, &forest.floating, &mut x, &mut slot);
                let others = &x[1..];
                if !others.is_empty() {
                    let lo = others.iter().copied().fold(f64::INFINITY, f64::min);
                    let hi = others.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    x[0] = (lo + hi) / 2.0;
                }
            }
            let top = forest.depth.iter().copied().max().unwrap_or(0);
            let y = forest.depth.iter().map(|&d| (top - d) as f64).collect();
            (Placement { x, y }, Arrangement::Ground(forest))
        }
        Layout::Layered => (layered(g, edges), Arrangement::Layered),
        Layout::Free => match path_order(n, edges) {
            Some(order) => {
                let mut x = vec![0.0; n];
                for (i, &v) in order.iter().enumerate() {
                    x[v] = i as f64;
                }
                (Placement { x, y: vec![0.0; n] }, Arrangement::Path)
            }
            None => (circle(n), Arrangement::Circle),
        },
    }
}

/// Rows by layer; within a row, by the mean x of neighbours in rows above (those without any
/// go last), ties by index; rows centred on each other.
fn layered(g: &GraphPicture, edges: &[(usize, &Edge)]) -> Placement {
    let n = g.vertices.len();
    let layer = |v: usize| g.vertices[v].layer;
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(_, e) in edges {
        if layer(e.from) < layer(e.to) {
            up[e.to].push(e.from);
        } else if layer(e.to) < layer(e.from) {
            up[e.from].push(e.to);
        }
    }
    let mut rows: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for v in 0..n {
        rows.entry(layer(v)).or_default().push(v);
    }
    let widest = rows.values().map(Vec::len).max().unwrap_or(0);
    let mut x = vec![0.0; n];
    let mut y = vec![0.0; n];
    for (&l, row) in &rows {
        let mut keyed: Vec<(Option<f64>, usize)> = row
            .iter()
            .map(|&v| {
                let above = &up[v];
                let key = (!above.is_empty())
                    .then(|| above.iter().map(|&u| x[u]).sum::<f64>() / above.len() as f64);
                (key, v)
            })
            .collect();
        keyed.sort_by(|a, b| match (a.0, b.0) {
            (Some(p), Some(q)) => p.total_cmp(&q).then(a.1.cmp(&b.1)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.1.cmp(&b.1),
        });
        let shift = (widest - keyed.len()) as f64 / 2.0;
        for (i, &(_, v)) in keyed.iter().enumerate() {
            x[v] = i as f64 + shift;
            y[v] = l as f64;
        }
    }
    Placement { x, y }
}

/// The vertices in path order if the graph is a simple path (connected, no loops or repeated
/// edges, degrees at most 2, no cycle), starting from its lower-numbered end.
fn path_order(n: usize, edges: &[(usize, &Edge)]) -> Option<Vec<usize>> {
    if n == 0 || edges.len() != n - 1 {
        return None;
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(_, e) in edges {
        if e.from == e.to {
            return None;
        }
        adj[e.from].push(e.to);
        adj[e.to].push(e.from);
    }
    if adj.iter().any(|a| a.len() > 2) {
        return None;
    }
    let start = (0..n).find(|&v| adj[v].len() <= 1)?;
    let mut order = vec![start];
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut cur = start;
    while let Some(&next) = adj[cur].iter().find(|&&w| !seen[w]) {
        seen[next] = true;
        order.push(next);
        cur = next;
    }
    // n-1 edges and all reached: a tree of degree ≤ 2, so a path (a double edge would leave
    // some vertex unreached).
    (order.len() == n).then_some(order)
}

/// Evenly on a circle in index order, clockwise from the top, neighbours one unit apart.
fn circle(n: usize) -> Placement {
    if n <= 1 {
        return Placement {
            x: vec![0.0; n],
            y: vec![0.0; n],
        };
    }
    let r = 0.5 / (std::f64::consts::PI / n as f64).sin();
    let (x, y) = (0..n)
        .map(|i| {
            let a = 2.0 * std::f64::consts::PI * i as f64 / n as f64;
            (r + r * a.sin(), r - r * a.cos())
        })
        .unzip();
    Placement { x, y }
}

// ---------------------------------------------------------------------------------------------
// Shapes shared by SVG and TikZ

#[derive(Clone, Copy, Debug, PartialEq)]
struct Pt {
    x: f64,
    y: f64,
}

impl Pt {
    fn new(x: f64, y: f64) -> Self {
        Pt { x, y }
    }
    fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
    fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
    fn mul(self, k: f64) -> Pt {
        Pt::new(self.x * k, self.y * k)
    }
    fn len(self) -> f64 {
        self.x.hypot(self.y)
    }
    fn dot(self, o: Pt) -> f64 {
        self.x * o.x + self.y * o.y
    }
    /// The unit vector along `self`, or `fallback` for a zero vector.
    fn unit_or(self, fallback: Pt) -> Pt {
        let l = self.len();
        if l < 1e-9 {
            fallback
        } else {
            self.mul(1.0 / l)
        }
    }
    /// Turned a quarter (left in y-down coordinates).
    fn perp(self) -> Pt {
        Pt::new(-self.y, self.x)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mark {
    /// A filled disc in the vertex's colour.
    Disc,
    /// A white disc with a dark rim (a labelled plain vertex).
    Ring,
    /// A small dark dot.
    Dot,
}

#[derive(Clone, Debug, PartialEq)]
struct VertexShape {
    at: Pt,
    r: f64,
    tint: Tint,
    mark: Mark,
    /// Cleaned and cut to [`LABEL_MAX`].
    label: String,
}

#[derive(Clone, Debug, PartialEq)]
struct EdgeShape {
    tint: Tint,
    start: Pt,
    /// Cubic control points; `None` for a straight line.
    ctrl: Option<(Pt, Pt)>,
    /// Where the edge ends (the arrow's tip when directed).
    end: Pt,
    /// Where the SVG stroke stops: at the arrowhead's base when directed, else `end`.
    svg_end: Pt,
    arrow: Option<[Pt; 3]>,
}

#[derive(Clone, Debug, PartialEq)]
struct GroundLine {
    x0: f64,
    x1: f64,
    y: f64,
}

#[derive(Clone, Debug, PartialEq)]
struct Scene {
    ground: Option<GroundLine>,
    edges: Vec<EdgeShape>,
    vertices: Vec<VertexShape>,
    min: Pt,
    max: Pt,
}

fn hatch_xs(ground: &GroundLine) -> Vec<f64> {
    let count = ((ground.x1 - ground.x0 - 0.12) / HATCH_STEP)
        .floor()
        .max(0.0) as usize;
    (0..=count)
        .map(|i| ground.x0 + 0.12 + i as f64 * HATCH_STEP)
        .collect()
}

fn label_anchor(v: &VertexShape) -> Pt {
    Pt::new(v.at.x + v.r + LABEL_GAP, v.at.y)
}

fn label_width(label: &str) -> f64 {
    label.chars().count() as f64 * CHAR_W
}

/// Distance from `p` to the segment `a`–`b`.
fn segment_distance(p: Pt, a: Pt, b: Pt) -> f64 {
    let d = b.sub(a);
    let l2 = d.dot(d);
    if l2 < 1e-12 {
        return p.sub(a).len();
    }
    let t = (p.sub(a).dot(d) / l2).clamp(0.0, 1.0);
    p.sub(a.add(d.mul(t))).len()
}

/// Control points of a cubic that bows `offset` units to the left of `p`→`q` at its middle.
fn bow(p: Pt, q: Pt, offset: f64) -> Option<(Pt, Pt)> {
    if offset == 0.0 {
        return None;
    }
    let normal = q.sub(p).unit_or(Pt::new(1.0, 0.0)).perp();
    // A quadratic through the middle point bowed by `offset` has its control at twice that.
    let c = p.add(q).mul(0.5).add(normal.mul(2.0 * offset));
    Some((
        p.add(c.sub(p).mul(2.0 / 3.0)),
        q.add(c.sub(q).mul(2.0 / 3.0)),
    ))
}

/// The bow of the `k`-th edge of a bundle between the same two vertices: 0, +s, −s, +2s, …;
/// if the straight line is blocked by another vertex, every edge bows, starting at `base`.
fn bundle_offset(k: usize, blocked: Option<f64>) -> f64 {
    match blocked {
        None => {
            let m = k.div_ceil(2) as f64 * PARALLEL_STEP;
            if k % 2 == 1 { m } else { -m }
        }
        Some(base) => {
            let m = base + (k / 2) as f64 * PARALLEL_STEP;
            if k.is_multiple_of(2) { m } else { -m }
        }
    }
}

/// How far columns are stretched so labels fit between neighbours.
fn label_stretch(g: &GraphPicture, skip_ground: bool) -> f64 {
    let longest = g
        .vertices
        .iter()
        .enumerate()
        .filter(|&(i, _)| !(skip_ground && i == 0))
        .map(|(_, v)| cut(&clean(&v.label), LABEL_MAX).chars().count())
        .max()
        .unwrap_or(0);
    if longest == 0 {
        1.0
    } else {
        (R_DISC + LABEL_GAP + longest as f64 * CHAR_W + 0.3).max(1.0)
    }
}

fn scene(g: &GraphPicture) -> Scene {
    let n = g.vertices.len();
    let edges = valid_edges(g);
    let (place, arrangement) = arrange(g, &edges);
    let ground = matches!(arrangement, Arrangement::Ground(_)) && n > 0;
    let stretch = label_stretch(g, ground);
    let (kx, ky) = match arrangement {
        Arrangement::Circle => (stretch, stretch),
        _ => (stretch, 1.0),
    };
    let pts: Vec<Pt> = (0..n)
        .map(|v| Pt::new(place.x[v] * kx, place.y[v] * ky))
        .collect();

    let vertices: Vec<VertexShape> = g
        .vertices
        .iter()
        .enumerate()
        .filter(|&(i, _)| !(ground && i == 0))
        .map(|(i, v)| vertex_shape(pts[i], v))
        .collect();
    let radius = |v: usize| -> f64 {
        if ground && v == 0 {
            GROUND_WIDTH / 2.0
        } else if g.vertices[v].tint != Tint::Plain || !g.vertices[v].label.is_empty() {
            R_DISC
        } else {
            R_DOT
        }
    };

    // Ground loops stand in slots of their own right of everything else.
    let ground_y = if ground { pts[0].y } else { 0.0 };
    let right = pts
        .iter()
        .enumerate()
        .filter(|&(i, _)| !(ground && i == 0))
        .map(|(_, p)| p.x)
        .fold(f64::NEG_INFINITY, f64::max);
    let right = if right.is_finite() { right } else { 0.0 };
    let mut ground_loops = 0usize;

    // Where an edge meets vertex `v` when its other end is `other`: the ground is a line, met
    // straight below the other end.
    let end_at = |v: usize, other: usize| -> Pt {
        if ground && v == 0 && other != 0 {
            Pt::new(pts[other].x, ground_y)
        } else {
            pts[v]
        }
    };

    let tree_edge: Vec<bool> = match &arrangement {
        Arrangement::Ground(f) => {
            let mut t = vec![false; g.edges.len()];
            for ei in f.parent_edge.iter().flatten() {
                t[*ei] = true;
            }
            t
        }
        _ => vec![false; g.edges.len()],
    };

    // Bundles of edges between the same two vertices, tree edge first, then by index.
    let mut bundles: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for &(ei, e) in &edges {
        let key = (e.from.min(e.to), e.from.max(e.to));
        bundles.entry(key).or_default().push(ei);
    }
    let rows = arrangement.rows(g);
    let mut by_row: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    if let Some(rows) = &rows {
        for (v, &r) in rows.iter().enumerate() {
            if !(ground && v == 0) {
                by_row.entry(r).or_default().push(v);
            }
        }
    }

    let mut shapes: Vec<(usize, EdgeShape)> = Vec::with_capacity(edges.len());
    for (&(a, b), bundle) in &mut bundles {
        bundle.sort_by_key(|&ei| (!tree_edge[ei], ei));
        if a == b {
            for (k, &ei) in bundle.iter().enumerate() {
                let at = if ground && a == 0 {
                    ground_loops += 1;
                    Pt::new(right + ground_loops as f64 * kx, ground_y)
                } else {
                    pts[a]
                };
                let k = if ground && a == 0 { 0 } else { k };
                let h = 0.5 + 0.22 * k as f64;
                let w = 0.32 + 0.12 * k as f64;
                let c1 = Pt::new(at.x - w, at.y - h);
                let c2 = Pt::new(at.x + w, at.y - h);
                let e = &g.edges[ei];
                shapes.push((
                    ei,
                    edge_shape(e, at, Some((c1, c2)), at, g.directed, radius(a)),
                ));
            }
            continue;
        }
        let p = end_at(a, b);
        let q = end_at(b, a);
        let blocked = match &rows {
            Some(rows) => {
                let (lo, hi) = (rows[a].min(rows[b]), rows[a].max(rows[b]));
                by_row
                    .range(lo..=hi)
                    .flat_map(|(_, vs)| vs.iter())
                    .any(|&v| v != a && v != b && segment_distance(pts[v], p, q) < CLEARANCE)
            }
            None => false,
        };
        let base = blocked.then(|| (0.3 + 0.1 * q.sub(p).len()).min(1.2));
        for (k, &ei) in bundle.iter().enumerate() {
            let ctrl = bow(p, q, bundle_offset(k, base));
            let e = &g.edges[ei];
            // Drawn from `from` to `to`, so an arrowhead lands on `to`.
            let shape = if e.from == a {
                edge_shape(e, p, ctrl, q, g.directed, radius(b))
            } else {
                edge_shape(
                    e,
                    q,
                    ctrl.map(|(c1, c2)| (c2, c1)),
                    p,
                    g.directed,
                    radius(a),
                )
            };
            shapes.push((ei, shape));
        }
    }
    // Draw in edge order.
    shapes.sort_by_key(|&(ei, _)| ei);
    let edge_shapes: Vec<EdgeShape> = shapes.into_iter().map(|(_, s)| s).collect();

    let ground_line = ground.then(|| {
        let xs = pts
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != 0)
            .map(|(_, p)| p.x)
            .chain(std::iter::once(pts[0].x))
            .chain((1..=ground_loops).map(|k| right + k as f64 * kx));
        let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
        GroundLine {
            x0: lo - GROUND_OVERHANG,
            x1: hi + GROUND_OVERHANG,
            y: ground_y,
        }
    });

    // Bounding box of everything drawn.
    let mut min = Pt::new(f64::INFINITY, f64::INFINITY);
    let mut max = Pt::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut take = |p: Pt| {
        min = Pt::new(min.x.min(p.x), min.y.min(p.y));
        max = Pt::new(max.x.max(p.x), max.y.max(p.y));
    };
    if let Some(gl) = &ground_line {
        take(Pt::new(gl.x0, gl.y - GROUND_WIDTH));
        take(Pt::new(gl.x1, gl.y + 0.22));
    }
    for e in &edge_shapes {
        take(e.start);
        take(e.end);
        if let Some((c1, c2)) = e.ctrl {
            // The curve lies inside the hull of its control points.
            take(c1);
            take(c2);
        }
        for p in e.arrow.iter().flatten() {
            take(*p);
        }
    }
    for v in &vertices {
        take(v.at.sub(Pt::new(v.r, v.r)));
        take(v.at.add(Pt::new(v.r, v.r)));
        if !v.label.is_empty() {
            let a = label_anchor(v);
            take(Pt::new(a.x, a.y - 0.6 * FONT));
            take(Pt::new(a.x + label_width(&v.label), a.y + 0.6 * FONT));
        }
    }
    if !min.x.is_finite() {
        min = Pt::new(0.0, 0.0);
        max = Pt::new(1.0, 0.5);
    }
    Scene {
        ground: ground_line,
        edges: edge_shapes,
        vertices,
        min,
        max,
    }
}

fn vertex_shape(at: Pt, v: &Vertex) -> VertexShape {
    let label = cut(&clean(&v.label), LABEL_MAX);
    let mark = if v.tint != Tint::Plain {
        Mark::Disc
    } else if !label.is_empty() {
        Mark::Ring
    } else {
        Mark::Dot
    };
    VertexShape {
        at,
        r: if mark == Mark::Dot { R_DOT } else { R_DISC },
        tint: v.tint,
        mark,
        label,
    }
}

/// An edge from `start` to `end` (optionally a cubic); when directed, the end is pulled back
/// to the rim of the target (radius `r_end`) and an arrowhead is added there.
fn edge_shape(
    e: &Edge,
    start: Pt,
    ctrl: Option<(Pt, Pt)>,
    end: Pt,
    directed: bool,
    r_end: f64,
) -> EdgeShape {
    if !directed {
        return EdgeShape {
            tint: e.tint,
            start,
            ctrl,
            end,
            svg_end: end,
            arrow: None,
        };
    }
    let from = ctrl.map_or(start, |(_, c2)| c2);
    let t = end.sub(from).unit_or(Pt::new(0.0, 1.0));
    let tip = end.sub(t.mul(r_end + 0.03));
    let base = tip.sub(t.mul(ARROW_LEN));
    let side = t.perp().mul(ARROW_HALF);
    EdgeShape {
        tint: e.tint,
        start,
        ctrl,
        end: tip,
        svg_end: tip.sub(t.mul(ARROW_LEN * 0.7)),
        arrow: Some([tip, base.add(side), base.sub(side)]),
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers

/// A float with `digits` decimals; never `-0.0`, never NaN.
fn fixed(v: f64, digits: usize) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let s = format!("{v:.digits$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

/// Control characters (invalid in XML, line breaks in comments) become spaces.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// At most `max` characters, the last one `…` when cut.
fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

fn dot_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn tint_letter(t: Tint) -> char {
    match t {
        Tint::Plain => '─',
        Tint::Left => 'L',
        Tint::Right => 'R',
        Tint::Either => 'G',
    }
}

/// `─L─`, or `─L→` / `←L─` for a directed edge going away from / towards the reader's
/// left-hand vertex.
fn edge_mark(t: Tint, directed: bool, forward: bool) -> String {
    let l = tint_letter(t);
    match (directed, forward) {
        (false, _) => format!("─{l}─"),
        (true, true) => format!("─{l}→"),
        (true, false) => format!("←{l}─"),
    }
}

/// `5`, or `5 (label)`.
/// A vertex's number, with its label, and whose it is when it is tinted (a Col vertex): the
/// letter keeps the tint visible without colour.
fn vertex_name(i: usize, v: &Vertex) -> String {
    let label = cut(&clean(&v.label), TEXT_LABEL_MAX);
    let tint = match v.tint {
        Tint::Plain => String::new(),
        t => format!("[{}]", tint_letter(t)),
    };
    if label.is_empty() {
        format!("{i}{tint}")
    } else {
        format!("{i}{tint} ({label})")
    }
}

/// Builds lines, counting visible width apart from the colour codes `paint` adds.
struct Lines<'a> {
    out: String,
    line: String,
    width: usize,
    paint: &'a dyn Fn(Tint, &str) -> String,
}

impl<'a> Lines<'a> {
    fn new(paint: &'a dyn Fn(Tint, &str) -> String) -> Self {
        Lines {
            out: String::new(),
            line: String::new(),
            width: 0,
            paint,
        }
    }
    fn plain(&mut self, s: &str) {
        self.line.push_str(s);
        self.width += s.chars().count();
    }
    fn painted(&mut self, t: Tint, s: &str) {
        self.line.push_str(&(self.paint)(t, s));
        self.width += s.chars().count();
    }
    fn end(&mut self) {
        self.out.push_str(self.line.trim_end());
        self.out.push('\n');
        self.line.clear();
        self.width = 0;
    }
}

fn ground_text(
    g: &GraphPicture,
    edges: &[(usize, &Edge)],
    paint: &dyn Fn(Tint, &str) -> String,
) -> String {
    let n = g.vertices.len();
    let forest = ground_forest(n, edges);
    let name = |v: usize| {
        if v == 0 {
            "ground".to_string()
        } else {
            vertex_name(v, &g.vertices[v])
        }
    };
    let mut lines = Lines::new(paint);
    // Subtrees moved out because they sat too deep, printed after the main tree.
    let mut deferred: VecDeque<usize> = VecDeque::new();
    let mut blocks: Vec<(usize, &str)> = vec![(0, "")];
    blocks.extend(forest.floating.iter().map(|&r| (r, " (not on the ground)")));
    let mut next_block = 0;
    loop {
        let (root, note) = if next_block < blocks.len() {
            next_block += 1;
            blocks[next_block - 1]
        } else if let Some(v) = deferred.pop_front() {
            (v, " (continued)")
        } else {
            break;
        };
        if root == 0 {
            lines.plain("ground");
        } else {
            lines.painted(g.vertices[root].tint, &name(root));
        }
        lines.plain(note);
        lines.end();
        // (vertex, prefix of its line, last child?, level)
        let mut stack: Vec<(usize, String, bool, usize)> = Vec::new();
        let push_children = |stack: &mut Vec<(usize, String, bool, usize)>,
                             v: usize,
                             prefix: &str,
                             level: usize| {
            let kids = &forest.children[v];
            for (i, &c) in kids.iter().enumerate().rev() {
                stack.push((c, prefix.to_string(), i + 1 == kids.len(), level));
            }
        };
        push_children(&mut stack, root, "", 0);
        while let Some((c, prefix, last, level)) = stack.pop() {
            let below = format!("{prefix}{}", if last { "    " } else { "│   " });
            lines.plain(&prefix);
            lines.plain(if last { "└" } else { "├" });
            // A chain of only children stays on this line (wrapped when long).
            let mut v = c;
            while let (Some(p), Some(ei)) = (forest.parent[v], forest.parent_edge[v]) {
                let e = &g.edges[ei];
                let mark = edge_mark(e.tint, g.directed, e.from == p);
                let piece = name(v);
                if v != c {
                    if lines.width + mark.chars().count() + piece.chars().count() + 2 > TEXT_WIDTH {
                        lines.end();
                        lines.plain(&below);
                    } else {
                        lines.plain(" ");
                    }
                }
                lines.painted(e.tint, &mark);
                lines.plain(" ");
                lines.painted(g.vertices[v].tint, &piece);
                match forest.children[v].as_slice() {
                    [only] => v = *only,
                    _ => break,
                }
            }
            if !forest.children[v].is_empty() && level + 1 >= TEXT_MAX_LEVEL {
                lines.plain(" (continues below)");
                deferred.push_back(v);
                lines.end();
                continue;
            }
            lines.end();
            push_children(&mut stack, v, &below, level + 1);
        }
    }
    let in_tree: Vec<bool> = {
        let mut t = vec![false; g.edges.len()];
        for ei in forest.parent_edge.iter().flatten() {
            t[*ei] = true;
        }
        t
    };
    for &(ei, e) in edges {
        if in_tree[ei] {
            continue;
        }
        for (k, v) in [e.from, e.to].into_iter().enumerate() {
            if k == 1 {
                lines.plain(" ");
                lines.painted(e.tint, &edge_mark(e.tint, g.directed, true));
                lines.plain(" ");
            }
            if v == 0 {
                lines.plain("ground");
            } else {
                lines.painted(g.vertices[v].tint, &v.to_string());
            }
        }
        lines.plain(if e.from == e.to {
            " (loop)"
        } else {
            " (closes a cycle)"
        });
        lines.end();
    }
    lines.out
}

fn list_text(
    g: &GraphPicture,
    edges: &[(usize, &Edge)],
    paint: &dyn Fn(Tint, &str) -> String,
) -> String {
    let n = g.vertices.len();
    // Each edge once: a directed one at its tail, an undirected one at its lower end.
    let mut listed: Vec<Vec<(usize, &Edge)>> = vec![Vec::new(); n];
    for &(_, e) in edges {
        if g.directed {
            listed[e.from].push((e.to, e));
        } else {
            listed[e.from.min(e.to)].push((e.from.max(e.to), e));
        }
    }
    let mut lines = Lines::new(paint);
    for (v, out) in listed.iter().enumerate() {
        lines.painted(g.vertices[v].tint, &vertex_name(v, &g.vertices[v]));
        for (k, &(w, e)) in out.iter().enumerate() {
            let mark = edge_mark(e.tint, g.directed, true);
            let item = mark.chars().count() + 1 + w.to_string().chars().count();
            if k == 0 {
                lines.plain(":");
            } else {
                lines.plain(",");
            }
            if lines.width + item + 1 > TEXT_WIDTH {
                lines.end();
                lines.plain("   ");
            }
            lines.plain(" ");
            lines.painted(e.tint, &mark);
            lines.plain(" ");
            lines.painted(g.vertices[w].tint, &w.to_string());
        }
        lines.end();
    }
    lines.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::picture::rendered::raster;

    fn v(label: &str, tint: Tint, layer: usize) -> Vertex {
        Vertex {
            label: label.to_string(),
            tint,
            layer,
        }
    }

    fn e(from: usize, to: usize, tint: Tint) -> Edge {
        Edge { from, to, tint }
    }

    fn plain_vertices(n: usize) -> Vec<Vertex> {
        (0..n).map(|_| v("", Tint::Plain, 0)).collect()
    }

    fn ground(n: usize, edges: Vec<Edge>) -> GraphPicture {
        GraphPicture {
            vertices: plain_vertices(n),
            edges,
            layout: Layout::Ground,
            directed: false,
        }
    }

    /// A green stem 0-1-2 with three petals (blue, red, green) on top.
    fn flower() -> GraphPicture {
        ground(
            6,
            vec![
                e(0, 1, Tint::Either),
                e(1, 2, Tint::Either),
                e(2, 3, Tint::Left),
                e(2, 4, Tint::Right),
                e(2, 5, Tint::Either),
            ],
        )
    }

    /// Three stalks: L, L-R, R-R-L.
    fn stalks() -> GraphPicture {
        ground(
            7,
            vec![
                e(0, 1, Tint::Left),
                e(0, 2, Tint::Left),
                e(2, 3, Tint::Right),
                e(0, 4, Tint::Right),
                e(4, 5, Tint::Right),
                e(5, 6, Tint::Left),
            ],
        )
    }

    /// A triangle on the ground, a double edge, a loop, and a floating piece.
    fn cyclic() -> GraphPicture {
        let mut g = ground(
            7,
            vec![
                e(0, 1, Tint::Left),
                e(0, 2, Tint::Right),
                e(1, 2, Tint::Either),
                e(2, 3, Tint::Left),
                e(3, 2, Tint::Right),
                e(3, 3, Tint::Either),
                e(1, 4, Tint::Plain),
                e(5, 6, Tint::Left),
            ],
        );
        g.vertices[4].label = "↑*".to_string();
        g
    }

    fn col_circle() -> GraphPicture {
        let tints = [Tint::Left, Tint::Right, Tint::Plain, Tint::Either];
        GraphPicture {
            vertices: (0..12)
                .map(|i| v(if i == 5 { "x" } else { "" }, tints[i % 4], 0))
                .collect(),
            edges: (0..12)
                .map(|i| e(i, (i + 1) % 12, Tint::Plain))
                .chain([e(0, 6, Tint::Plain), e(3, 9, Tint::Plain)])
                .collect(),
            layout: Layout::Free,
            directed: false,
        }
    }

    fn free_path() -> GraphPicture {
        GraphPicture {
            vertices: (0..5)
                .map(|i| v(&format!("p{i}"), Tint::Plain, 0))
                .collect(),
            edges: vec![
                e(3, 1, Tint::Plain),
                e(0, 2, Tint::Plain),
                e(2, 3, Tint::Plain),
                e(1, 4, Tint::Plain),
            ],
            layout: Layout::Free,
            directed: false,
        }
    }

    /// A 15-vertex option DAG: each vertex moves to the next two layers down.
    fn dag() -> GraphPicture {
        let layers = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5];
        let labels = [
            "{1|-1}", "1", "-1", "{0|*}", "↑*", "*", "0", "½", "{2||1|0}", "", "0", "x", "3", "0",
            "y",
        ];
        let mut edges = Vec::new();
        for a in 0..15 {
            for b in 0..15 {
                if layers[b] == layers[a] + 1 && (a + b) % 3 != 0 {
                    edges.push(e(
                        a,
                        b,
                        if (a + b) % 2 == 0 {
                            Tint::Left
                        } else {
                            Tint::Right
                        },
                    ));
                }
            }
        }
        edges.push(e(0, 13, Tint::Left)); // a long edge through several rows
        GraphPicture {
            vertices: (0..15)
                .map(|i| v(labels[i], Tint::Plain, layers[i]))
                .collect(),
            edges,
            layout: Layout::Layered,
            directed: true,
        }
    }

    fn empty_ground() -> GraphPicture {
        ground(1, vec![])
    }

    fn nothing() -> GraphPicture {
        ground(0, vec![e(0, 1, Tint::Left)])
    }

    fn samples() -> Vec<(&'static str, GraphPicture)> {
        vec![
            ("flower", flower()),
            ("stalks", stalks()),
            ("cyclic", cyclic()),
            ("col_circle", col_circle()),
            ("free_path", free_path()),
            ("dag", dag()),
            ("empty_ground", empty_ground()),
            ("nothing", nothing()),
        ]
    }

    fn non_white(p: &resvg::tiny_skia::Pixmap) -> usize {
        p.pixels()
            .iter()
            .filter(|c| c.alpha() > 0 && (c.red() < 200 || c.green() < 200 || c.blue() < 200))
            .count()
    }

    #[test]
    fn svgs_parse_and_rasterise() {
        for (name, g) in samples() {
            let svg = to_svg(&g, name);
            let pixmap = raster(&svg);
            let ink = non_white(&pixmap);
            if name == "nothing" {
                assert_eq!(ink, 0, "{name}");
                assert!(pixmap.width() <= 200 && pixmap.height() <= 200, "{name}");
            } else {
                assert!(ink > 20, "{name}: only {ink} dark pixels");
            }
            // The background is white.
            let c = pixmap.pixel(0, 0).expect("corner");
            assert_eq!(
                (c.red(), c.green(), c.blue(), c.alpha()),
                (255, 255, 255, 255)
            );
        }
    }

    #[test]
    fn colours_reach_the_raster() {
        let pixmap = raster(&to_svg(&stalks(), "stalks"));
        let has = |r: u8, g: u8, b: u8| {
            pixmap
                .pixels()
                .iter()
                .any(|c| c.red() == r && c.green() == g && c.blue() == b)
        };
        assert!(has(0x1f, 0x5f, 0xbf), "blue edge");
        assert!(has(0xc6, 0x28, 0x28), "red edge");
    }

    #[test]
    fn outputs_are_deterministic() {
        let paint = |_: Tint, s: &str| s.to_string();
        for (name, g) in samples() {
            assert_eq!(to_svg(&g, name), to_svg(&g.clone(), name), "{name}");
            assert_eq!(to_tikz(&g, name), to_tikz(&g.clone(), name), "{name}");
            assert_eq!(to_dot(&g, name), to_dot(&g.clone(), name), "{name}");
            assert_eq!(to_text(&g, &paint), to_text(&g.clone(), &paint), "{name}");
            let svg = to_svg(&g, name);
            assert!(!svg.contains("-0.0 ") && !svg.contains("NaN"), "{name}");
        }
    }

    #[test]
    fn ground_children_stand_on_the_ground() {
        let g = stalks();
        let p = layout(&g);
        for c in [1, 2, 4] {
            assert_eq!(p.y[c], p.y[0] - 1.0);
        }
        // Stalks side by side, bottoms on consecutive slots, each stalk vertical.
        assert_eq!((p.x[1], p.x[2], p.x[4]), (0.0, 1.0, 2.0));
        assert_eq!(p.x[3], p.x[2]);
        assert_eq!((p.x[5], p.x[6]), (2.0, 2.0));
        assert_eq!((p.y[5], p.y[6]), (p.y[0] - 2.0, p.y[0] - 3.0));
        // Ground edges are drawn straight up from the ground line under their upper end.
        let s = scene(&g);
        let gl = s.ground.as_ref().expect("ground line");
        for (ei, c) in [(0, 1), (1, 2), (3, 4)] {
            let shape = &s.edges[ei];
            assert_eq!(shape.start, Pt::new(p.x[c], gl.y));
            assert_eq!(shape.end, Pt::new(p.x[c], p.y[c]));
            assert!(shape.ctrl.is_none());
        }
        // The ground line is wider than the picture.
        assert!(gl.x0 < 0.0 && gl.x1 > 2.0);
    }

    #[test]
    fn parent_is_centred_over_children() {
        let p = layout(&flower());
        assert_eq!((p.x[3], p.x[4], p.x[5]), (0.0, 1.0, 2.0));
        assert_eq!(p.x[2], 1.0);
        assert_eq!(p.x[1], 1.0);
        assert_eq!((p.y[0], p.y[1], p.y[2], p.y[3]), (3.0, 2.0, 1.0, 0.0));

        // Uneven children: centred between first and last child.
        let g = ground(
            6,
            vec![
                e(0, 1, Tint::Left),
                e(1, 2, Tint::Left),
                e(1, 3, Tint::Left),
                e(3, 4, Tint::Left),
                e(3, 5, Tint::Left),
            ],
        );
        let p = layout(&g);
        assert_eq!((p.x[2], p.x[4], p.x[5]), (0.0, 1.0, 2.0));
        assert_eq!(p.x[3], 1.5);
        assert_eq!(p.x[1], 0.75);
    }

    #[test]
    fn floating_pieces_are_drawn_apart() {
        let p = layout(&cyclic());
        // 5-6 is not joined to the ground: right of the rest after a gap.
        let grounded_right = [1, 2, 3, 4].iter().map(|&v| p.x[v]).fold(0.0, f64::max);
        assert!(p.x[5] >= grounded_right + 2.0);
        assert_eq!(p.y[6], p.y[5] - 1.0);
    }

    #[test]
    fn parallel_edges_take_distinct_paths() {
        let g = ground(
            3,
            vec![
                e(0, 1, Tint::Left),
                e(1, 2, Tint::Left),
                e(2, 1, Tint::Right),
                e(1, 2, Tint::Either),
                e(0, 1, Tint::Right),
                e(2, 2, Tint::Left),
                e(2, 2, Tint::Right),
            ],
        );
        let s = scene(&g);
        let key = |sh: &EdgeShape| {
            // Orient every path from the lower vertex so reversed duplicates compare.
            let (a, b, c) = if sh.start.y >= sh.end.y {
                (sh.start, sh.end, sh.ctrl)
            } else {
                (sh.end, sh.start, sh.ctrl.map(|(p, q)| (q, p)))
            };
            format!("{a:?}{b:?}{c:?}")
        };
        let keys: Vec<String> = s.edges.iter().map(key).collect();
        for i in 0..keys.len() {
            for j in 0..i {
                assert_ne!(keys[i], keys[j], "edges {j} and {i} coincide");
            }
        }
        let svg = to_svg(&g, "bundle");
        let mut ds: Vec<&str> = svg
            .split(" d=\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap_or(""))
            .collect();
        let total = ds.len();
        ds.sort_unstable();
        ds.dedup();
        assert_eq!(ds.len(), total);
        raster(&svg);
    }

    #[test]
    fn long_edges_bend_around_vertices() {
        // Three stalks; an edge 1-3 along the row would run through 2.
        let g = ground(
            4,
            vec![
                e(0, 1, Tint::Left),
                e(0, 2, Tint::Left),
                e(0, 3, Tint::Left),
                e(1, 3, Tint::Right),
                e(1, 2, Tint::Right),
            ],
        );
        let s = scene(&g);
        assert!(s.edges[3].ctrl.is_some());
        assert!(s.edges[4].ctrl.is_none());
        // A move a -> c past the middle of a -> b -> c.
        let g = GraphPicture {
            vertices: vec![
                v("a", Tint::Plain, 0),
                v("b", Tint::Plain, 1),
                v("c", Tint::Plain, 2),
            ],
            edges: vec![
                e(0, 1, Tint::Left),
                e(1, 2, Tint::Left),
                e(0, 2, Tint::Right),
            ],
            layout: Layout::Layered,
            directed: true,
        };
        let s = scene(&g);
        assert!(s.edges[1].ctrl.is_none());
        assert!(s.edges[2].ctrl.is_some());
    }

    #[test]
    fn layered_rows_and_order() {
        let g = dag();
        let p = layout(&g);
        for (i, vx) in g.vertices.iter().enumerate() {
            assert_eq!(p.y[i], vx.layer as f64);
        }
        // Rows are centred and evenly spaced.
        let row1: Vec<f64> = [1, 2].iter().map(|&i| p.x[i]).collect();
        let row3: Vec<f64> = [6, 7, 8, 9].iter().map(|&i| p.x[i]).collect();
        let mid = |r: &[f64]| {
            (r.iter().copied().fold(f64::INFINITY, f64::min)
                + r.iter().copied().fold(f64::NEG_INFINITY, f64::max))
                / 2.0
        };
        assert_eq!(mid(&row1), mid(&row3));
        let mut sorted = row3.clone();
        sorted.sort_by(f64::total_cmp);
        assert!(sorted.windows(2).all(|w| w[1] - w[0] == 1.0));

        // Barycentre: the child of the right-hand parent goes right.
        let g = GraphPicture {
            vertices: vec![
                v("a", Tint::Plain, 0),
                v("b", Tint::Plain, 0),
                v("c", Tint::Plain, 1),
                v("d", Tint::Plain, 1),
            ],
            edges: vec![e(1, 2, Tint::Left), e(0, 3, Tint::Right)],
            layout: Layout::Layered,
            directed: true,
        };
        let p = layout(&g);
        assert!(p.x[3] < p.x[2]);
    }

    #[test]
    fn free_paths_in_a_row_and_others_on_a_circle() {
        let p = layout(&free_path());
        // Path order 0-2-3-1-4.
        assert_eq!(p.x, vec![0.0, 3.0, 1.0, 2.0, 4.0]);
        assert!(p.y.iter().all(|&y| y == 0.0));

        let p = layout(&col_circle());
        // Vertex 0 on top, then clockwise.
        assert!(p.y.iter().all(|&y| y >= p.y[0]));
        assert!(p.x[3] > p.x[0] && (p.y[3] - p.y[9]).abs() < 1e-9);
        let d = |a: usize, b: usize| (p.x[a] - p.x[b]).hypot(p.y[a] - p.y[b]);
        assert!((d(0, 1) - 1.0).abs() < 1e-9);

        // A path with a doubled edge is not a simple path.
        let mut g = free_path();
        g.edges.push(e(0, 2, Tint::Plain));
        assert!(path_order(5, &valid_edges(&g)).is_none());
    }

    #[test]
    fn svg_escapes_labels() {
        let mut g = flower();
        g.vertices[3].label = "<a&b> \"q\" \u{1}".to_string();
        let svg = to_svg(&g, "t<&>");
        assert!(svg.contains("&lt;a&amp;b&gt; \"q\""), "{svg}");
        assert!(svg.contains("<title>t&lt;&amp;&gt;</title>"));
        raster(&svg);
    }

    #[test]
    fn long_labels_are_cut() {
        let mut g = flower();
        let long = "{1|{2|{3|{4|{5|{6|7}}}}}}xyz";
        g.vertices[3].label = long.to_string();
        let svg = to_svg(&g, "long");
        assert!(svg.contains("{1|{2|{3|{4|{5|{6|7}}}}…\n</text>"), "{svg}");
        let tikz = to_tikz(&g, "long");
        assert!(tikz.contains("\\ldots{}}"));
        assert!(to_dot(&g, "long").contains(long));
    }

    #[test]
    fn tikz_escapes_and_shape() {
        assert_eq!(
            tex_escape("\\{}$&#^_%~x"),
            "\\textbackslash{}\\{\\}\\$\\&\\#\\textasciicircum{}\\_\\%\\textasciitilde{}x"
        );
        assert_eq!(tex_escape("↑*"), "$\\uparrow$*");
        let mut g = dag();
        g.vertices[0].label = "50% & $x_1$".to_string();
        let t = to_tikz(&g, "a\ngame % title");
        assert!(t.starts_with("% a game % title\n\\begin{tikzpicture}"));
        assert!(t.ends_with("\\end{tikzpicture}\n"));
        assert!(t.contains("{50\\% \\& \\$x\\_1\\$}"));
        assert!(t.contains("\\draw[->, cgcalc"));
        assert!(t.contains("\\definecolor{cgcalcLeft}{RGB}{31,95,191}"));
        // Braces balance outside the escaped ones.
        let unescaped = t.replace("\\{", "").replace("\\}", "");
        let opens = unescaped.matches('{').count();
        let closes = unescaped.matches('}').count();
        assert_eq!(opens, closes);
        assert!(!t.contains("-0.00"));
    }

    #[test]
    fn tikz_shrinks_huge_pictures() {
        let n = 2001;
        let g = ground(n, (1..n).map(|i| e(0, i, Tint::Left)).collect());
        let t = to_tikz(&g, "wide");
        let biggest = t
            .split(['(', ',', ')'])
            .filter_map(|s| s.parse::<f64>().ok())
            .fold(0.0, |m: f64, x| m.max(x.abs()));
        assert!(biggest <= TIKZ_MAX_CM + 1.0, "{biggest}");
    }

    #[test]
    fn dot_escapes_and_shape() {
        let mut g = cyclic();
        g.vertices[4].label = "say \"hi\" \\n".to_string();
        let d = to_dot(&g, "my \"title\"");
        assert!(d.starts_with("graph {\n  label=\"my \\\"title\\\"\";\n"));
        assert!(d.contains("v4 [label=\"say \\\"hi\\\" \\\\n\""));
        assert!(d.contains("v0 [label=\"ground\", shape=underline"));
        assert!(d.contains("{ rank=source; v0; }"));
        assert!(d.contains("v0 -- v1 [color=\"#1f5fbf\"];"));
        let d = to_dot(&dag(), "dag");
        assert!(d.starts_with("digraph {"));
        assert!(d.contains("v0 -> v1 "));
        assert!(d.contains("{ rank=same; v1; v2; }"));
    }

    #[test]
    fn text_tree_exactly() {
        let mut g = ground(
            5,
            vec![
                e(0, 1, Tint::Left),
                e(1, 2, Tint::Right),
                e(1, 3, Tint::Either),
                e(0, 4, Tint::Either),
                e(2, 3, Tint::Left),
            ],
        );
        g.vertices[3].label = "↑*".to_string();
        let paint = |_: Tint, s: &str| s.to_string();
        assert_eq!(
            to_text(&g, &paint),
            "ground\n\
             ├─L─ 1\n\
             │   ├─R─ 2\n\
             │   └─G─ 3 (↑*)\n\
             └─G─ 4\n\
             2 ─L─ 3 (closes a cycle)\n"
        );
        let marked = |t: Tint, s: &str| format!("<{}>{s}", tint_letter(t));
        let text = to_text(&g, &marked);
        assert!(text.starts_with("ground\n├<L>─L─ <─>1\n"), "{text}");

        // Stalks read along one line; a loop and a floating piece.
        let mut g = stalks();
        g.vertices.push(v("", Tint::Plain, 0));
        g.vertices.push(v("", Tint::Plain, 0));
        g.edges.push(e(7, 8, Tint::Plain));
        g.edges.push(e(0, 0, Tint::Left));
        assert_eq!(
            to_text(&g, &paint),
            "ground\n\
             ├─L─ 1\n\
             ├─L─ 2 ─R─ 3\n\
             └─R─ 4 ─R─ 5 ─L─ 6\n\
             7 (not on the ground)\n\
             └─── 8\n\
             ground ─L─ ground (loop)\n"
        );
    }

    #[test]
    fn text_lines_stay_short() {
        // A 4000-edge stalk and a 1000-vertex caterpillar.
        let n = 4001;
        let g = ground(n, (0..n - 1).map(|i| e(i, i + 1, Tint::Left)).collect());
        let paint = |_: Tint, s: &str| s.to_string();
        let text = to_text(&g, &paint);
        assert!(text.lines().all(|l| l.chars().count() <= TEXT_WIDTH + 8));
        assert!(text.contains("─L─ 4000\n"));
        let mut edges = Vec::new();
        for i in 0..1000 {
            edges.push(e(i, i + 1, Tint::Right));
            edges.push(e(i + 1, 1001 + i, Tint::Left));
        }
        let g = ground(2001, edges);
        let text = to_text(&g, &paint);
        assert!(text.lines().all(|l| l.chars().count() <= TEXT_WIDTH + 8));
        assert!(text.contains("(continued)"));
        for i in 1..2001 {
            assert!(text.contains(&format!(" {i}\n")) || text.contains(&format!(" {i} ")));
        }
    }

    #[test]
    fn text_lists_other_layouts() {
        let paint = |_: Tint, s: &str| s.to_string();
        assert_eq!(
            to_text(&free_path(), &paint),
            "0 (p0): ─── 2\n1 (p1): ─── 3, ─── 4\n2 (p2): ─── 3\n3 (p3)\n4 (p4)\n"
        );
        let text = to_text(&dag(), &paint);
        assert!(
            text.starts_with("0 ({1|-1}): ─R→ 1, ─L→ 2, ─L→ 13\n"),
            "{text}"
        );
        assert_eq!(to_text(&nothing(), &paint), "(no vertices)\n");
        assert_eq!(to_text(&empty_ground(), &paint), "ground\n");
    }

    #[test]
    fn large_pictures_do_not_overflow_the_stack() {
        let n = 4001;
        let g = ground(n, (0..n - 1).map(|i| e(i, i + 1, Tint::Either)).collect());
        let p = layout(&g);
        assert_eq!(p.y[n - 1], 0.0);
        assert!(to_svg(&g, "tall").len() > 1000);
        assert!(to_tikz(&g, "tall").len() > 1000);
        let mut g = col_circle();
        g.vertices = (0..2000)
            .map(|i| v("", [Tint::Left, Tint::Right][i % 2], 0))
            .collect();
        g.edges = (0..4000)
            .map(|i| e(i % 2000, (i * 7 + 3) % 2000, Tint::Plain))
            .collect();
        assert_eq!(layout(&g).x.len(), 2000);
        assert!(to_dot(&g, "big").len() > 1000);
    }

    #[test]
    fn fixed_never_prints_minus_zero() {
        assert_eq!(fixed(-0.0, 1), "0.0");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(-0.06, 1), "-0.1");
        assert_eq!(fixed(f64::NAN, 2), "0.00");
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        fn tint() -> impl Strategy<Value = Tint> {
            prop_oneof![
                Just(Tint::Plain),
                Just(Tint::Left),
                Just(Tint::Right),
                Just(Tint::Either)
            ]
        }

        fn picture() -> impl Strategy<Value = GraphPicture> {
            (0usize..9).prop_flat_map(|n| {
                let vertex = (
                    prop_oneof![
                        Just(""),
                        Just("↑*"),
                        Just("<&>"),
                        Just("{1|-1}"),
                        Just("\\\"")
                    ],
                    tint(),
                    0usize..4,
                )
                    .prop_map(|(l, t, layer)| v(l, t, layer));
                (
                    proptest::collection::vec(vertex, n),
                    proptest::collection::vec((0..n + 1, 0..n + 1, tint()), 0..14),
                    prop_oneof![
                        Just(Layout::Ground),
                        Just(Layout::Layered),
                        Just(Layout::Free)
                    ],
                    any::<bool>(),
                )
                    .prop_map(|(vertices, edges, layout, directed)| GraphPicture {
                        vertices,
                        edges: edges.into_iter().map(|(a, b, t)| e(a, b, t)).collect(),
                        layout,
                        directed,
                    })
            })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(48))]
            #[test]
            fn every_picture_draws(g in picture()) {
                let p = layout(&g);
                prop_assert_eq!(p.x.len(), g.vertices.len());
                prop_assert!(p.x.iter().chain(&p.y).all(|c| c.is_finite() && *c >= -1e-9));
                let svg = to_svg(&g, "p");
                prop_assert!(resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).is_ok());
                prop_assert_eq!(&svg, &to_svg(&g, "p"));
                let t = to_tikz(&g, "p");
                prop_assert!(t.ends_with("\\end{tikzpicture}\n"), "tikz ends");
                let _ = to_dot(&g, "p");
                let text = to_text(&g, &|_, s| s.to_string());
                prop_assert!(!text.is_empty());
            }
        }
    }
}
