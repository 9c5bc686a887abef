//! Pictures at the prompt and in files: `draw(P)` / `P.Draw` / `draw(P, FILE)` for positions
//! and thermographs, `graph(G, FILE)` for a game's graph, `T.IntensityPlot` for tables. The
//! drawing itself is [`crate::display::picture`]'s; this module finds what to draw in a value
//! and where to write it.

use super::convert::type_name;
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::display::picture::{self, Format, no_paint};
use crate::engine::GameId;
use crate::engine::loopy::{Loopy, LoopyResult};
use crate::value::Rational;
use crate::value::picture::{Edge, GraphPicture, Layout, Picture, Tint, Vertex};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A game graph with more vertices than this is not drawn (nobody reads it, and a layered
/// layout of thousands of vertices takes long).
const MAX_GRAPH_VERTICES: usize = 2000;

impl Evaluator<'_> {
    /// `draw(X)` (`file` = `None`) or `draw(X, FILE)`: a position's picture, or a
    /// thermograph's.
    pub(super) fn draw(&mut self, x: &Value, file: Option<&Value>) -> EvalResult<Value> {
        if let Value::Thermograph(th) = x {
            return match file {
                None => {
                    let text = crate::display::plot::plot(th)
                        .ok_or_else(|| EvalError::new("this thermograph has no picture"))?;
                    Ok(Value::text("plot", text))
                }
                Some(f) => {
                    let path = file_path(f, "draw")?;
                    match Format::of(path).map_err(file_error)? {
                        Format::Svg => {
                            crate::display::thermograph_svg::save(th, None, path)
                                .map_err(|e| EvalError::new(e.to_string()))?;
                            Ok(Value::Str(path.to_string()))
                        }
                        Format::Tikz => {
                            let title = format!("thermograph: {th}");
                            let text = crate::display::thermograph_tikz::tikz(th, &title)
                                .ok_or_else(|| {
                                    EvalError::new(
                                        "this thermograph's values are too large to draw",
                                    )
                                })?;
                            save(path, &text)
                        }
                        Format::Dot => Err(file_error(picture::FileError::NotAGraph)),
                    }
                }
            };
        }
        let Value::Position(p) = x else {
            return Err(EvalError::new(format!(
                "draw shows positions of rulesets and thermographs, not {}; for a game's options see G.Tree or graph(G, FILE)",
                type_name(x)
            )));
        };
        let pic = p.picture().ok_or_else(|| {
            EvalError::new(format!(
                "{} has no picture (its ruleset does not draw its positions)",
                p.describe()
            ))
        })?;
        match file {
            None => Ok(Value::text("picture", picture::text(&pic, &no_paint))),
            Some(f) => {
                let path = file_path(f, "draw")?;
                let format = Format::of(path).map_err(file_error)?;
                let contents =
                    picture::file_contents(&pic, format, &p.describe()).map_err(file_error)?;
                save(path, &contents)
            }
        }
    }

    /// `graph(G)` / `graph(G, FILE)`: the graph of a game's positions. A short game: its
    /// canonical options as a DAG, each subposition once, the game on top; a loopy game: its
    /// (onside) graph with the cycles; a position: its value's.
    pub(super) fn game_graph(&mut self, x: &Value, file: Option<&Value>) -> EvalResult<Value> {
        let (graph, title) = match x {
            Value::Loopy(l) => (self.loopy_graph(l)?, self.render(x)),
            // A position whose play can repeat has its own game graph (a digraph's tokens);
            // a loopy ruleset's, its value's; any other, its value's option DAG.
            Value::Position(p) => match p.game_graph(self.engine) {
                Some(graph) => (self.cyclic_graph(&graph?, &[])?, p.describe()),
                None => match p.loopy_value(self.engine) {
                    Some(result) => match result? {
                        LoopyResult::Loopy(l) => (self.loopy_graph(&l)?, p.describe()),
                        LoopyResult::Short(g) => (self.option_dag(g)?, p.describe()),
                    },
                    None => {
                        let g = p.value(self.engine)?;
                        (self.option_dag(g)?, p.describe())
                    }
                },
            },
            Value::Number(_) | Value::Game(_) | Value::Explicit(_) => {
                let g = self.game_of(x)?;
                (self.option_dag(g)?, self.render(x))
            }
            other => {
                return Err(EvalError::new(format!(
                    "graph draws the game graph of a game or position, not {}",
                    type_name(other)
                )));
            }
        };
        match file {
            None => Ok(Value::text(
                "picture",
                picture::graph::to_text(&graph, &no_paint),
            )),
            Some(f) => {
                let path = file_path(f, "graph")?;
                let format = Format::of(path).map_err(file_error)?;
                let contents = picture::file_contents(&Picture::Graph(graph), format, &title)
                    .map_err(file_error)?;
                save(path, &contents)
            }
        }
    }

    /// The canonical option DAG of `g`: one vertex per distinct subposition, labelled with its
    /// value, in rows by birthday (the game on top, 0 at the bottom); Left's moves blue,
    /// Right's red.
    fn option_dag(&mut self, g: GameId) -> EvalResult<GraphPicture> {
        let mut index: FxHashMap<GameId, usize> = FxHashMap::default();
        let mut order = vec![g];
        index.insert(g, 0);
        let mut edges = Vec::new();
        let mut queue = VecDeque::from([g]);
        while let Some(h) = queue.pop_front() {
            self.engine.check_interrupt()?;
            let from = index[&h];
            for (tint, options) in [
                (Tint::Left, self.engine.left_options(h)?),
                (Tint::Right, self.engine.right_options(h)?),
            ] {
                for o in options {
                    let to = match index.get(&o) {
                        Some(&i) => i,
                        None => {
                            if order.len() == MAX_GRAPH_VERTICES {
                                return Err(too_many_vertices());
                            }
                            index.insert(o, order.len());
                            order.push(o);
                            queue.push_back(o);
                            order.len() - 1
                        }
                    };
                    edges.push(Edge { from, to, tint });
                }
            }
        }
        let top = self.engine.birthday(g)?;
        let mut vertices = Vec::with_capacity(order.len());
        for &h in &order {
            let label = self.ctx.printer.borrow_mut().render_game(self.engine, h)?;
            let born = self.engine.birthday(h)?;
            vertices.push(Vertex {
                label,
                tint: Tint::Plain,
                layer: usize::try_from(top - born).unwrap_or(0),
            });
        }
        Ok(GraphPicture {
            vertices,
            edges,
            layout: Layout::Layered,
            directed: true,
        })
    }

    /// A loopy game's graph (a sided value: its onside), in rows by distance from the start;
    /// vertices whose game is short are labelled with it.
    fn loopy_graph(&mut self, l: &Loopy) -> EvalResult<GraphPicture> {
        let (onside, _) = l.sides();
        let shorts = match &onside {
            crate::engine::loopy::SideForm::Stopper(s) => s.short.clone(),
            crate::engine::loopy::SideForm::Simplified(_) => Vec::new(),
        };
        self.cyclic_graph(onside.graph(), &shorts)
    }

    /// A game graph that may have cycles, from vertex 0, in rows by distance from it; a vertex
    /// with a short game in `shorts` is labelled with it.
    fn cyclic_graph(
        &mut self,
        graph: &crate::engine::loopy::Graph,
        shorts: &[Option<GameId>],
    ) -> EvalResult<GraphPicture> {
        let n = graph.len();
        if n > MAX_GRAPH_VERTICES {
            return Err(too_many_vertices());
        }
        let mut layer = vec![usize::MAX; n];
        let mut queue = VecDeque::new();
        if n > 0 {
            layer[0] = 0;
            queue.push_back(0usize);
        }
        let mut edges = Vec::new();
        while let Some(v) = queue.pop_front() {
            for (tint, targets) in [(Tint::Left, &graph.left[v]), (Tint::Right, &graph.right[v])] {
                for &w in targets
                    .iter()
                    .filter(|&&w| w != crate::engine::loopy::graph::EMPTY)
                {
                    let w = w as usize;
                    if layer[w] == usize::MAX {
                        layer[w] = layer[v] + 1;
                        queue.push_back(w);
                    }
                    edges.push(Edge {
                        from: v,
                        to: w,
                        tint,
                    });
                }
            }
        }
        let mut vertices = Vec::with_capacity(n);
        for (v, &row) in layer.iter().enumerate() {
            let label = match shorts.get(v).copied().flatten() {
                Some(g) => self.ctx.printer.borrow_mut().render_game(self.engine, g)?,
                None => String::new(),
            };
            vertices.push(Vertex {
                label,
                tint: Tint::Plain,
                layer: if row == usize::MAX { 0 } else { row },
            });
        }
        Ok(GraphPicture {
            vertices,
            edges,
            layout: Layout::Layered,
            directed: true,
        })
    }

    /// `T.IntensityPlot` / `T.IntensityPlot(FILE)`: a colour map of a table of numbers (a
    /// `NimValueTable`, a `table(...)`, or a list of lists of numbers).
    pub(super) fn intensity_plot_of(
        &mut self,
        x: &Value,
        file: Option<&Value>,
    ) -> EvalResult<Value> {
        let rows: Vec<Vec<Option<Rational>>> = match x {
            Value::Text(t) if t.cells.is_some() => t
                .cells
                .iter()
                .flatten()
                .map(|row| row.iter().map(|c| parse_cell(c)).collect())
                .collect(),
            Value::List(rows) => {
                let mut out = Vec::with_capacity(rows.len());
                for (i, row) in rows.iter().enumerate() {
                    let items = match row {
                        Value::List(_) | Value::Range(_) | Value::Sequence(_) => {
                            super::collections::as_list(row, self.engine)?
                        }
                        other => {
                            return Err(EvalError::new(format!(
                                "an intensity plot shows a table: a list of rows; row {i} is {}",
                                type_name(other)
                            )));
                        }
                    };
                    let mut cells = Vec::with_capacity(items.len());
                    for item in &items {
                        self.engine.check_interrupt()?;
                        cells.push(self.plotted_number(item));
                    }
                    out.push(cells);
                }
                out
            }
            other => {
                return Err(EvalError::new(format!(
                    "an intensity plot shows a table of numbers (R.NimValueTable(m, n), or a list of lists), not {}",
                    type_name(other)
                )));
            }
        };
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        let numbers = rows.iter().flatten().flatten();
        let (Some(low), Some(high)) = (numbers.clone().min(), numbers.max()) else {
            return Err(EvalError::new("nothing to plot: the table has no numbers"));
        };
        let (low, high) = (low.to_string(), high.to_string());
        let mut values = Vec::with_capacity(rows.len() * cols);
        for row in &rows {
            values.extend(row.iter().map(|c| c.as_ref().map(approx)));
            values.extend(std::iter::repeat_n(None, cols - row.len()));
        }
        let title = match x {
            Value::Text(_) => "table".to_string(),
            _ => format!("{}×{} table", rows.len(), cols),
        };
        let table = picture::intensity::Table {
            rows: rows.len(),
            cols,
            values: &values,
            low: &low,
            high: &high,
            title: &title,
        };
        match file {
            None => Ok(Value::text(
                "plot",
                picture::intensity::intensity_text(&table),
            )),
            Some(f) => {
                let path = file_path(f, "IntensityPlot")?;
                let contents = match Format::of(path).map_err(file_error)? {
                    Format::Svg => picture::intensity::intensity_svg(&table),
                    Format::Tikz => picture::intensity::intensity_tikz(&table),
                    Format::Dot => return Err(file_error(picture::FileError::NotAGraph)),
                };
                save(path, &contents)
            }
        }
    }
}

/// A table cell as a number, if it is one (`3`, `-1/2`); other cells are missing.
fn parse_cell(cell: &str) -> Option<Rational> {
    let r: num_rational::BigRational = cell.trim().parse().ok()?;
    Some(r.into())
}

/// A number's position on a colour or value scale (the labels stay exact); one beyond f64's
/// range sits at 0.
pub(super) fn approx(r: &Rational) -> f64 {
    num_traits::ToPrimitive::to_f64(r).unwrap_or(0.0)
}

fn too_many_vertices() -> EvalError {
    EvalError::new(format!(
        "the game graph has more than {MAX_GRAPH_VERTICES} positions, too many to draw"
    ))
}

/// The file name argument of a picture function.
pub(super) fn file_path<'a>(v: &'a Value, called: &str) -> EvalResult<&'a str> {
    match v {
        Value::Str(path) => Ok(path),
        other => Err(EvalError::new(format!(
            "{called} expects a file name in quotes (\"picture.svg\"), found {}",
            type_name(other)
        ))),
    }
}

pub(super) fn file_error(e: picture::FileError) -> EvalError {
    EvalError::new(e.to_string())
}

/// Write a picture file atomically; the value is its path.
pub(super) fn save(path: &str, contents: &str) -> EvalResult<Value> {
    picture::save(path, contents).map_err(file_error)?;
    Ok(Value::Str(path.to_string()))
}
