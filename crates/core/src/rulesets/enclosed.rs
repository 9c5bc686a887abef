//! A position of a CGSuite board or graph ruleset (`game.grid.*`, `game.strip.*`,
//! `game.graph.*`) that remembers the ruleset it came from, for the methods CGSuite gives
//! every such position beyond its moves: `P.EnclosingObject` (the ruleset) and
//! `P.Decomposition` (the list of component positions whose sum it is, by CGSuite's rules:
//! spec `rulesets-grid.md` §1.2, §2.2, §2.3, §2.4, §4.7, §4.8).
//!
//! The ruleset's own position type does the playing; [`EnclosedPosition`] wraps it and hands
//! every other question down, wrapping the options it lists so that they keep their ruleset.
//! The decomposition here is CGSuite's visible one; the solvers keep their own (faster,
//! symmetry-reduced) components, which give the same values.

use super::board::cells::Cells;
use super::graph::model::{self, Graph, Syntax};
use super::{Args, Position, Ruleset};
use crate::engine::{Engine, EngineResult, GameId};
use crate::value::picture::Picture;
use crate::value::{EvalError, EvalResult, Value};
use std::cell::RefCell;
use std::rc::Rc;

/// How a ruleset's positions fall apart (CGSuite's `Decomposition`).
#[derive(Clone, Debug, PartialEq)]
pub enum DecompositionRule {
    /// No decomposition: the position itself.
    Whole,
    /// The position's own `Decomposition` (a loopy ruleset's settled value, §2.7).
    Inner,
    /// Grid regions (§2.2) separated by cells of value `boundary`, connected along
    /// `directions`; `normalise` puts each Domineering component in its normal orientation
    /// (§2.4).
    Grid {
        char_map: &'static str,
        boundary: u8,
        directions: Vec<(i32, i32)>,
        normalise: bool,
    },
    /// The connected components of the graph (§4.7, §4.8). `weighted`: vertices are
    /// written as their weights, and those of weight 0 are left out (Weighted Arc Kayles'
    /// `Decomposition(0)`).
    Graph { weighted: bool },
}

/// A ruleset position with its ruleset.
#[derive(Debug)]
pub struct EnclosedPosition {
    ruleset: Rc<dyn Ruleset>,
    rule: Rc<DecompositionRule>,
    inner: Rc<dyn Position>,
}

/// `value` (a position built by `ruleset`) wrapped so that it knows its ruleset; any other
/// value unchanged.
pub fn enclose(ruleset: Rc<dyn Ruleset>, rule: Rc<DecompositionRule>, value: Value) -> Value {
    match value {
        Value::Position(inner) => Value::Position(Rc::new(EnclosedPosition {
            ruleset,
            rule,
            inner,
        })),
        other => other,
    }
}

impl EnclosedPosition {
    fn wrap(&self, inner: Rc<dyn Position>) -> Rc<dyn Position> {
        Rc::new(EnclosedPosition {
            ruleset: self.ruleset.clone(),
            rule: self.rule.clone(),
            inner,
        })
    }

    /// The positions inside a list or set (the options), wrapped.
    fn wrap_value(&self, value: Value) -> Value {
        match value {
            Value::Position(p) => Value::Position(self.wrap(p)),
            Value::List(items) => {
                Value::List(items.into_iter().map(|v| self.wrap_value(v)).collect())
            }
            Value::Set(items) => {
                Value::Set(items.into_iter().map(|v| self.wrap_value(v)).collect())
            }
            other => other,
        }
    }

    /// The argument string of the position in its ruleset's syntax: the grid string, or the
    /// quoted board of `game.graph.Col("L-.-R")`.
    fn board_text(&self, engine: &mut Engine) -> EvalResult<String> {
        let _ = engine;
        if let Some(s) = self.grid_string() {
            return Ok(s);
        }
        let describe = self.inner.describe();
        quoted_argument(&describe).ok_or_else(|| {
            EvalError::new(format!(
                "Decomposition: cannot read the board of {describe}"
            ))
        })
    }

    /// A position of this ruleset on `board`.
    fn component(&self, board: String, engine: &mut Engine) -> EvalResult<Value> {
        let value = self.ruleset.position(&[Value::Str(board)], engine)?;
        // The ruleset wraps its positions itself; wrap once more only if it did not.
        Ok(match value {
            Value::Position(p) if p.is_board_position() => Value::Position(p),
            other => self.wrap_value(other),
        })
    }

    fn decomposition(&self, engine: &mut Engine) -> EvalResult<Value> {
        let itself = || Value::Position(self.wrap(self.inner.clone()));
        let parts = match &*self.rule {
            DecompositionRule::Whole => return Ok(Value::List(vec![itself()])),
            DecompositionRule::Inner => {
                return Ok(self
                    .inner
                    .method("decomposition", &[], engine)?
                    .map_or_else(|| Value::List(vec![itself()]), |v| self.wrap_value(v)));
            }
            DecompositionRule::Grid {
                char_map,
                boundary,
                directions,
                normalise,
            } => {
                let text = self.board_text(engine)?;
                let cells = Cells::parse("Decomposition", &text, char_map, false)?;
                let mut parts = match grid_regions(&cells, *boundary, directions) {
                    Regions::None => Vec::new(),
                    Regions::One => vec![cells],
                    Regions::Many(parts) => parts,
                };
                if *normalise {
                    parts = parts.into_iter().map(normal_orientation).collect();
                }
                let unchanged = |p: &Cells| p.text(char_map) == text;
                if let [only] = parts.as_slice()
                    && unchanged(only)
                {
                    return Ok(Value::List(vec![itself()]));
                }
                parts.iter().map(|p| p.text(char_map)).collect::<Vec<_>>()
            }
            DecompositionRule::Graph { weighted } => {
                let text = self.board_text(engine)?;
                match graph_components(&text, *weighted)? {
                    GraphParts::One => return Ok(Value::List(vec![itself()])),
                    GraphParts::Many(parts) => parts,
                }
            }
        };
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            engine.check_interrupt()?;
            out.push(self.component(part, engine)?);
        }
        Ok(Value::List(out))
    }
}

/// The text between the first `("` and the last `")` of a description
/// (`game.graph.Col("L-.-R")` → `L-.-R`).
fn quoted_argument(describe: &str) -> Option<String> {
    let start = describe.find("(\"")? + 2;
    let end = describe.rfind("\")")?;
    (start <= end).then(|| describe[start..end].to_string())
}

impl Position for EnclosedPosition {
    /// The inner description, except that native boards (`domineering("../..")`, which
    /// would paste back without the ruleset) are written as the ruleset's position.
    fn describe(&self) -> String {
        let inner = self.inner.describe();
        if !inner.starts_with("game.")
            && let Some(grid) = self.inner.grid_string()
        {
            return format!("{}(\"{grid}\")", self.ruleset.name());
        }
        inner
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        self.inner.value(engine)
    }

    fn loopy_value(
        &self,
        engine: &mut Engine,
    ) -> Option<EngineResult<crate::engine::loopy::LoopyResult>> {
        self.inner.loopy_value(engine)
    }

    fn memo_key(&self) -> String {
        self.inner.memo_key()
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        self.inner.as_any()
    }

    fn is_board_position(&self) -> bool {
        true
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        match key {
            "decomposition" => {
                super::no_args("Decomposition", args)?;
                self.decomposition(engine).map(Some)
            }
            "gridstring" => {
                super::no_args("GridString", args)?;
                Ok(self.grid_string().map(Value::Str))
            }
            "enclosingobject" => {
                super::no_args("EnclosingObject", args)?;
                Ok(Some(Value::Ruleset(self.ruleset.clone())))
            }
            _ => Ok(self
                .inner
                .method(key, args, engine)?
                .map(|v| self.wrap_value(v))),
        }
    }

    fn picture(&self) -> Option<Picture> {
        self.inner.picture()
    }

    fn grid_string(&self) -> Option<String> {
        self.inner.grid_string().or_else(|| {
            self.ruleset
                .name()
                .starts_with("game.grid.")
                .then(|| quoted_argument(&self.inner.describe()))
                .flatten()
        })
    }

    fn options(
        &self,
        left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        Ok(self
            .inner
            .options(left, engine)?
            .map(|list| list.into_iter().map(|p| self.wrap(p)).collect()))
    }

    fn moves(&self, left: bool, engine: &mut Engine) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        Ok(self
            .inner
            .moves(left, engine)?
            .map(|list| list.into_iter().map(|p| self.wrap(p)).collect()))
    }

    fn is_impartial(&self) -> bool {
        self.inner.is_impartial()
    }

    fn components(&self) -> Option<Vec<Rc<dyn Position>>> {
        self.inner.components()
    }
}

// ---------------------------------------------------------------------------------------
// Grid regions (§2.2) and Domineering's normal orientation (§2.4)

/// The regions of a grid.
#[derive(Debug, PartialEq)]
pub enum Regions {
    /// Every cell is a boundary cell.
    None,
    /// One region: the position is its own decomposition, unchanged (not cropped).
    One,
    /// Two or more, in row-major order of their first cell, each cropped to its bounding box
    /// with the cells outside the region set to the boundary value.
    Many(Vec<Cells>),
}

/// CGSuite's `Grid.Decomposition(boundary, directions)`: cells of value `boundary` separate;
/// two cells are joined when a step d or −d (d in `directions`) leads from one to the other
/// inside the board.
pub fn grid_regions(grid: &Cells, boundary: u8, directions: &[(i32, i32)]) -> Regions {
    let (rows, cols) = (grid.rows(), grid.cols());
    let open = |cell: usize| grid.cells[cell] != boundary;
    let members = components(rows * cols, open, |at, join| {
        let (r, c) = ((at / cols) as i64, (at % cols) as i64);
        for &(dr, dc) in directions {
            for sign in [1, -1] {
                let (nr, nc) = (r + sign * dr as i64, c + sign * dc as i64);
                if nr >= 0 && nc >= 0 && nr < rows as i64 && nc < cols as i64 {
                    join(nr as usize * cols + nc as usize);
                }
            }
        }
    });
    match members.len() {
        0 => Regions::None,
        1 => Regions::One,
        _ => Regions::Many(
            members
                .iter()
                .map(|cells| {
                    let rs = cells.iter().map(|&i| i / cols);
                    let cs = cells.iter().map(|&i| i % cols);
                    let (r0, r1) = (rs.clone().min().unwrap_or(0), rs.max().unwrap_or(0));
                    let (c0, c1) = (cs.clone().min().unwrap_or(0), cs.max().unwrap_or(0));
                    let mut part = Cells::empty(r1 - r0 + 1, c1 - c0 + 1);
                    part.cells.fill(boundary);
                    for &i in cells {
                        let (r, c) = (i / cols - r0, i % cols - c0);
                        part.cells[r * part.cols() + c] = grid.cells[i];
                    }
                    part
                })
                .collect(),
        ),
    }
}

/// The connected components of the items `0..n` that `open` accepts, in order of their first
/// item; `neighbours(v, join)` calls `join` with every item next to v (open or not).
fn components(
    n: usize,
    open: impl Fn(usize) -> bool,
    mut neighbours: impl FnMut(usize, &mut dyn FnMut(usize)),
) -> Vec<Vec<usize>> {
    let mut component = vec![usize::MAX; n];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for start in 0..n {
        if !open(start) || component[start] != usize::MAX {
            continue;
        }
        let id = parts.len();
        component[start] = id;
        let mut members = vec![start];
        let mut next = 0;
        while next < members.len() {
            let v = members[next];
            next += 1;
            neighbours(v, &mut |w| {
                if open(w) && component[w] == usize::MAX {
                    component[w] = id;
                    members.push(w);
                }
            });
        }
        parts.push(members);
    }
    parts
}

/// The image of a grid under a map of (row, col) to its source cell.
fn remap(grid: &Cells, source: impl Fn(usize, usize) -> (usize, usize)) -> Cells {
    let mut out = Cells::empty(grid.rows(), grid.cols());
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let (sr, sc) = source(r, c);
            out.cells[r * grid.cols() + c] = grid.get(sr, sc);
        }
    }
    out
}

/// Domineering's normal orientation (§2.4): starting from the grid, for the half turn, the
/// top-bottom flip and the left-right flip in that order, take the image of the *current*
/// grid when it is smaller (rows, then columns, then cells in row-major order). Quarter
/// turns would swap the players, so they are not used.
pub fn normal_orientation(grid: Cells) -> Cells {
    let (h, w) = (grid.rows(), grid.cols());
    let inversion = |g: &Cells| remap(g, |r, c| (h - 1 - r, w - 1 - c));
    let top_bottom = |g: &Cells| remap(g, |r, c| (h - 1 - r, c));
    let left_right = |g: &Cells| remap(g, |r, c| (r, w - 1 - c));
    let mut k = grid;
    for image in [
        &inversion as &dyn Fn(&Cells) -> Cells,
        &top_bottom,
        &left_right,
    ] {
        let candidate = image(&k);
        if candidate < k {
            k = candidate;
        }
    }
    k
}

// ---------------------------------------------------------------------------------------
// Graph components (§4.1 `ConnectedComponents`, `Decomposition(label)`)

enum GraphParts {
    /// One component and nothing left out: the position itself.
    One,
    /// The graph strings of the components, in order of their smallest vertex.
    Many(Vec<String>),
}

/// The components of a graph string: tokens are kept as they are written, so each
/// component prints back in the same syntax. Vertices are unlabelled, or (`weighted`)
/// written as numbers, of which those of weight 0 are left out; edge tokens are letters or
/// `-`.
fn graph_components(text: &str, weighted: bool) -> EvalResult<GraphParts> {
    // Tokens are interned as they are read: label k + 1 is token k, 0 the empty token.
    let vertex_tokens: RefCell<Vec<String>> = RefCell::new(Vec::new());
    let edge_tokens: RefCell<Vec<String>> = RefCell::new(Vec::new());
    let intern = |table: &RefCell<Vec<String>>, token: &str| -> u32 {
        if token.is_empty() {
            return 0;
        }
        let mut table = table.borrow_mut();
        let at = table.iter().position(|t| t == token).unwrap_or_else(|| {
            table.push(token.to_string());
            table.len() - 1
        });
        at as u32 + 1
    };
    let vertex =
        |t: &str| (weighted && t.parse::<u32>().is_ok()).then(|| intern(&vertex_tokens, t));
    let edge = |t: &str| {
        t.chars()
            .all(|c| c.is_alphabetic())
            .then(|| u8::try_from(intern(&edge_tokens, t)).ok())
            .flatten()
    };
    let syntax = Syntax {
        function: "Decomposition",
        vertex: &vertex,
        edge: &edge,
        expected: "the ruleset's tokens",
    };
    let graph = model::parse(text, &syntax)?;
    let token = |table: &RefCell<Vec<String>>, label: u32| -> String {
        match label {
            0 => String::new(),
            k => table.borrow()[k as usize - 1].clone(),
        }
    };
    let n = graph.vertex_count();
    let kept: Vec<bool> = (0..n)
        .map(|v| !weighted || token(&vertex_tokens, graph.labels[v]).parse::<u32>() != Ok(0))
        .collect();
    let mut parts = components(
        n,
        |v| kept[v],
        |v, join| {
            for &(w, _) in &graph.adjacency[v] {
                join(w);
            }
        },
    );
    for members in &mut parts {
        members.sort_unstable();
    }
    if parts.len() == 1 && kept.iter().all(|&k| k) {
        return Ok(GraphParts::One);
    }
    let texts = parts
        .iter()
        .map(|members| {
            let mut number = vec![usize::MAX; n];
            let mut g = Graph::default();
            for &v in members {
                number[v] = g.add_vertex(graph.labels[v]);
            }
            for (u, v, label) in graph.edges() {
                if number[u] != usize::MAX && number[v] != usize::MAX {
                    g.add_edge(number[u], number[v], label);
                }
            }
            g.to_text(&|l| token(&vertex_tokens, l), &|l| {
                token(&edge_tokens, u32::from(l))
            })
        })
        .collect();
    Ok(GraphParts::Many(texts))
}

/// CGSuite's decomposition rule of a `game.grid`, `game.strip` or `game.graph` ruleset.
/// `params` are a schema's named parameters (`GenClobber(directions => …)`).
pub fn decomposition_rule(space: &str, name: &str, params: &Args) -> DecompositionRule {
    use super::board::cells::{COMPASS, KNIGHTS_MOVE, ORTHOGONAL};
    let clobber = |directions: &[(i32, i32)]| DecompositionRule::Grid {
        char_map: ".xo",
        boundary: 0,
        directions: directions.to_vec(),
        normalise: false,
    };
    match (space, name) {
        ("grid", "Domineering" | "Cram") => DecompositionRule::Grid {
            char_map: ".#",
            boundary: 1,
            directions: ORTHOGONAL.to_vec(),
            normalise: true,
        },
        ("grid", "Clobber" | "AntiClobber" | "HotClobber") => clobber(ORTHOGONAL),
        ("grid", "Kings") => clobber(COMPASS),
        ("grid", "Knights") => clobber(KNIGHTS_MOVE),
        ("grid", "GenClobber") => {
            let mut directions = ORTHOGONAL.to_vec();
            let mut one_step = true;
            for (key, value) in &params.named {
                match (super::name_key(key).as_str(), value) {
                    ("directions", Value::List(items)) => {
                        directions = items.iter().filter_map(pair).collect();
                    }
                    ("maxdistance", Value::Number(n)) => one_step = n.small() == Some(1),
                    ("maxdistance", _) => one_step = false,
                    _ => {}
                }
            }
            if one_step {
                clobber(&directions)
            } else {
                DecompositionRule::Whole
            }
        }
        ("graph", "ArcKayles" | "PartizanArcKayles") => {
            DecompositionRule::Graph { weighted: false }
        }
        ("graph", "WeightedArcKayles") => DecompositionRule::Graph { weighted: true },
        ("grid", "FoxAndGeese" | "CeyloneseFoxAndGeese" | "GenFoxAndGeese") => {
            DecompositionRule::Inner
        }
        _ => DecompositionRule::Whole,
    }
}

/// A direction `(dr, dc)` written as a tuple or list.
fn pair(value: &Value) -> Option<(i32, i32)> {
    let (Value::Tuple(p) | Value::List(p)) = value else {
        return None;
    };
    let small = |v: &Value| match v {
        Value::Number(n) => n.small().and_then(|k| i32::try_from(k).ok()),
        _ => None,
    };
    match p.as_slice() {
        [a, b] => Some((small(a)?, small(b)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::board::cells::{COMPASS, ORTHOGONAL};

    fn grid(text: &str, map: &str) -> Cells {
        Cells::parse("test", text, map, false).expect("a valid grid")
    }

    fn texts(regions: Regions, map: &str) -> Vec<String> {
        match regions {
            Regions::Many(parts) => parts.iter().map(|p| p.text(map)).collect(),
            other => panic!("expected several regions, got {other:?}"),
        }
    }

    #[test]
    fn no_region_is_an_empty_decomposition() {
        assert_eq!(
            grid_regions(&grid("##|##", ".#"), 1, ORTHOGONAL),
            Regions::None
        );
        assert_eq!(grid_regions(&grid("", ".#"), 1, ORTHOGONAL), Regions::None);
    }

    #[test]
    fn one_region_is_the_unchanged_position() {
        // The region does not fill its board, yet it is not cropped.
        assert_eq!(
            grid_regions(&grid("#..#|#.##|####", ".#"), 1, ORTHOGONAL),
            Regions::One
        );
    }

    #[test]
    fn several_regions_are_cropped_in_row_major_order() {
        let parts = grid_regions(&grid("..#.|#.#.|##..", ".#"), 1, ORTHOGONAL);
        // Region 1 starts at (1,1), region 2 at (1,4); the second's box is 3×2.
        assert_eq!(texts(parts, ".#"), vec!["..|#.", "#.|#.|.."]);
    }

    #[test]
    fn connectivity_follows_the_directions() {
        // Diagonal neighbours are one region for Kings, two for Clobber.
        let board = grid("x.|.o", ".xo");
        assert_eq!(grid_regions(&board, 0, COMPASS), Regions::One);
        assert_eq!(
            texts(grid_regions(&board, 0, ORTHOGONAL), ".xo"),
            vec!["x", "o"]
        );
    }

    #[test]
    fn normal_orientation_applies_the_three_images_in_turn() {
        // "..#|..." (0 0 1 / 0 0 0): the half turn gives 0 0 0 / 1 0 0, which is smaller.
        let k = normal_orientation(grid("..#|...", ".#"));
        // Then the left-right flip of that, 0 0 0 / 0 0 1, is smaller again.
        assert_eq!(k.text(".#"), "...|..#");
        // Already least: unchanged.
        assert_eq!(
            normal_orientation(grid("...|...", ".#")).text(".#"),
            "...|..."
        );
    }

    /// Brute force: the least of the images reachable by the sequence is never larger than
    /// the start, and the result is one of the four images of the rectangle's flips.
    #[test]
    fn normal_orientation_is_an_image_no_larger_than_the_grid() {
        for bits in 0u32..(1 << 6) {
            let cells: String = (0..6)
                .map(|i| if bits >> i & 1 == 1 { '#' } else { '.' })
                .collect();
            let g = grid(&format!("{}|{}", &cells[..3], &cells[3..]), ".#");
            let k = normal_orientation(g.clone());
            let (h, w) = (g.rows(), g.cols());
            let images = [
                g.clone(),
                remap(&g, |r, c| (h - 1 - r, w - 1 - c)),
                remap(&g, |r, c| (h - 1 - r, c)),
                remap(&g, |r, c| (r, w - 1 - c)),
            ];
            assert!(images.contains(&k));
            assert!(k <= g);
        }
    }

    #[test]
    fn graph_components_keep_the_tokens() {
        match graph_components("lle;.;r-", false).expect("parses") {
            GraphParts::Many(parts) => assert_eq!(parts, vec!["lle", ".", "r-"]),
            GraphParts::One => panic!("three components expected"),
        }
        assert!(matches!(
            graph_components("l(r;e)", false).expect("parses"),
            GraphParts::One
        ));
        match graph_components("2-0-1", true).expect("parses") {
            GraphParts::Many(parts) => assert_eq!(parts, vec!["2", "1"]),
            GraphParts::One => panic!("two components expected"),
        }
    }
}
