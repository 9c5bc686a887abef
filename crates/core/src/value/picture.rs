//! What a position looks like, as plain data: a board of cells, a graph of coloured
//! vertices and edges, or a row of heaps. Rulesets describe their positions with it
//! ([`crate::value::Position::picture`]); `display::picture` draws it for the terminal and as
//! SVG, TikZ and DOT files. Nothing here knows how it will be drawn.

/// Boards with more cells than this are not drawn (a `cutcake(10^9, 2)` has a description
/// but no picture).
pub const MAX_DRAWN_CELLS: usize = 1 << 16;

/// Who a piece, an edge or a vertex belongs to; it chooses the colour (Left blue, Right red,
/// Either green, as in Hackenbush).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tint {
    /// Belongs to nobody (an uncoloured vertex or edge).
    Plain,
    Left,
    Right,
    /// Either player's (a green Hackenbush edge).
    Either,
}

/// A picture of a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    Board(Board),
    Graph(GraphPicture),
    /// Heap sizes, in order (`kayles[3, 5]`).
    Heaps(Vec<u64>),
}

/// One square of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    /// Filled in for good (a placed domino, an arrow in Amazons).
    Blocked,
    /// A stone of Left's or Right's (Clobber, Konane, an amazon); `Plain` for a neutral one
    /// (Fission).
    Stone(Tint),
    /// A piece that the ruleset tells apart by its letter (toads `T` and frogs `F`, Ski Jumps'
    /// skiers `L` and jumpers `l`), shown with that letter.
    Letter(Tint, char),
}

/// A rectangular board, row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
}

impl Board {
    /// A board from its rows (`"x.o|.#."`, rows apart by `|`), each character read by `cell`.
    /// Short rows are padded with empty cells.
    pub fn from_rows(text: &str, cell: impl Fn(char) -> Cell) -> Board {
        let rows: Vec<Vec<Cell>> = text
            .split('|')
            .map(|r| r.chars().map(&cell).collect())
            .collect();
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut cells = Vec::with_capacity(rows.len() * cols);
        for row in &rows {
            cells.extend(row.iter().copied());
            cells.extend(std::iter::repeat_n(Cell::Empty, cols - row.len()));
        }
        Board {
            rows: rows.len(),
            cols,
            cells,
        }
    }

    pub fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }
}

/// How a graph's vertices are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Vertex 0 is the ground (Hackenbush): drawn as a horizontal line, with the other
    /// vertices in rows above it by their distance from the ground.
    Ground,
    /// Each vertex in the row given by its `layer`, layer 0 at the top (a game's option DAG,
    /// drawn from the game down to 0).
    Layered,
    /// No preferred shape (a graph game's board): paths in a row, anything else on a circle.
    Free,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Shown in or beside the vertex; may be empty.
    pub label: String,
    pub tint: Tint,
    /// The row, for [`Layout::Layered`]; ignored otherwise.
    pub layer: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub tint: Tint,
}

/// A graph: Hackenbush pictures, graph games, game graphs. Several edges may join the same
/// two vertices, and an edge may be a loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphPicture {
    pub vertices: Vec<Vertex>,
    pub edges: Vec<Edge>,
    pub layout: Layout,
    /// Edges are moves (from → to), drawn with arrowheads.
    pub directed: bool,
}
