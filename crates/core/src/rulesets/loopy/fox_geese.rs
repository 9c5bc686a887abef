//! Fox and Geese (`game.grid.FoxAndGeese`, `CeyloneseFoxAndGeese`, `GenFoxAndGeese(boardWidth
//! =>, foxRange =>)`), as rulesets-grid.md §2.7 restates CGSuite's: Left's geese step one
//! cell diagonally down, Right's fox moves up to `foxRange` cells along a diagonal, and a fox
//! level with or above the top goose (or one row below it with a free way up) has escaped:
//! the position is `off`. Row 1 is the bottom row; only cells with row + col even are used.

use super::{LoopyPosition, LoopyRules, Settled};
use crate::rulesets::Args;
use crate::value::picture::{Board, Cell, Picture, Tint};
use crate::value::{EvalError, EvalResult, Value};
use std::cell::RefCell;
use std::rc::Rc;

/// The rulesets of this family, as `game.grid` names them.
pub const NAMES: &[&str] = &["FoxAndGeese", "CeyloneseFoxAndGeese", "GenFoxAndGeese"];

/// The largest board width and row accepted (the search is what limits real positions).
const MAX_SIZE: i64 = 64;

/// The parameters of `GenFoxAndGeese`, and how a position of the ruleset is written.
#[derive(Debug, PartialEq)]
pub struct FoxParams {
    board_width: i32,
    fox_range: i32,
    prefix: String,
}

thread_local! {
    static FOX_PARAMS: RefCell<Vec<Rc<FoxParams>>> = const { RefCell::new(Vec::new()) };
}

impl FoxParams {
    /// The parameters of `game.grid.<name>` with the named arguments `args`.
    pub fn from_args(name: &str, args: &Args) -> EvalResult<FoxParams> {
        let mut p = FoxParams {
            board_width: 8,
            fox_range: if name == "CeyloneseFoxAndGeese" { 2 } else { 1 },
            prefix: format!("game.grid.{name}"),
        };
        if !args.named.is_empty() && name != "GenFoxAndGeese" {
            return Err(EvalError::new(format!(
                "game.grid.{name} takes no parameters (GenFoxAndGeese takes boardWidth and foxRange)"
            )));
        }
        let mut shown = Vec::new();
        for (key, value) in &args.named {
            let n = match value {
                Value::Number(n) => n.small(),
                _ => None,
            };
            match crate::rulesets::name_key(key).as_str() {
                "boardwidth" => {
                    p.board_width = n.filter(|w| (1..=MAX_SIZE).contains(w)).ok_or_else(|| {
                        EvalError::new(format!(
                            "GenFoxAndGeese: boardWidth must be an integer from 1 to {MAX_SIZE}"
                        ))
                    })? as i32;
                }
                "foxrange" => {
                    let n = n.ok_or_else(|| {
                        EvalError::new("GenFoxAndGeese: foxRange must be an integer")
                    })?;
                    if n < 1 {
                        return Err(EvalError::new("`foxRange` must be >= 1"));
                    }
                    // A walk never goes further than the board is high or wide.
                    p.fox_range = n.min(4 * MAX_SIZE) as i32;
                }
                _ => {
                    return Err(EvalError::new(format!(
                        "GenFoxAndGeese has no parameter `{key}` (boardWidth, foxRange)"
                    )));
                }
            }
            shown.push(format!(
                "{key} => {}",
                crate::rulesets::board::param_text(value)
            ));
        }
        if !shown.is_empty() {
            p.prefix = format!("game.grid.GenFoxAndGeese({})", shown.join(", "));
        }
        Ok(p)
    }

    fn interned(self) -> Rc<FoxParams> {
        FOX_PARAMS.with(|all| {
            let mut all = all.borrow_mut();
            if let Some(p) = all.iter().find(|p| ***p == self) {
                return p.clone();
            }
            let p = Rc::new(self);
            all.push(p.clone());
            p
        })
    }

    fn valid(&self, (row, col): (i32, i32)) -> bool {
        (1..=self.board_width).contains(&col) && row >= 1 && (row + col) % 2 == 0
    }
}

/// A Fox and Geese position: the geese (sorted, distinct) and the fox, as (row, col).
#[derive(Clone, Debug)]
pub struct FoxAndGeese {
    params: Rc<FoxParams>,
    geese: Vec<(i32, i32)>,
    fox: (i32, i32),
}

const VALID: &str =
    "must be a valid `Coordinates` (1 <= col <= boardWidth; row >= 1; row + col even)";

/// `(row, col)` from a coordinate value.
fn coordinates(v: &Value) -> Option<(i32, i32)> {
    let Value::Tuple(items) = v else { return None };
    let [Value::Number(r), Value::Number(c)] = items.as_slice() else {
        return None;
    };
    let small = |n: &crate::value::Rational| {
        n.small()
            .filter(|k| (-MAX_SIZE * 4..=MAX_SIZE * 4).contains(k))
            .map(|k| k as i32)
    };
    Some((small(r)?, small(c)?))
}

/// `game.grid.<name>(params)(geese, fox)`.
pub fn position(name: &str, params: &Args, args: &[Value]) -> EvalResult<Value> {
    let game = FoxAndGeese::new(name, params, args)?;
    Ok(Value::Position(Rc::new(LoopyPosition::new(game))))
}

/// The geese of a position: a list or set of valid `(row, col)`, sorted, without repeats.
fn geese_cells(params: &FoxParams, geese: &Value) -> EvalResult<Vec<(i32, i32)>> {
    let items = match geese {
        Value::List(items) | Value::Set(items) => items,
        _ => {
            return Err(EvalError::new(format!(
                "{}: `geese` must be a list or set of (row, col), such as [(8,2),(8,4)]",
                params.prefix
            )));
        }
    };
    let mut cells = Vec::with_capacity(items.len());
    for item in items {
        match coordinates(item).filter(|&c| params.valid(c)) {
            Some(c) if c.0 <= MAX_SIZE as i32 => cells.push(c),
            _ => return Err(EvalError::new(format!("Every element of `geese` {VALID}"))),
        }
    }
    cells.sort_unstable();
    cells.dedup();
    Ok(cells)
}

/// `R.ValuesTable(geese)` (spec §2.7): rows from the top goose's row down to 1, columns 1 …
/// boardWidth; a cell holds `X` under a goose, the `GameValue` with the fox there on a
/// playing square (row + col even), and nothing on the other squares. Printed as a table
/// (language.md §9: columns right-aligned, ` | ` between cells, `-+-` rules between rows).
pub fn values_table(
    name: &str,
    params: &Args,
    geese: &Value,
    engine: &mut crate::engine::Engine,
) -> EvalResult<Value> {
    let params = FoxParams::from_args(name, params)?.interned();
    let geese = geese_cells(&params, geese)?;
    let Some(top) = geese.iter().map(|g| g.0).max() else {
        return Err(EvalError::new(format!(
            "{}.ValuesTable: there must be at least one goose",
            params.prefix
        )));
    };
    let mut printer = crate::display::notation::Printer::new();
    let mut rows = Vec::new();
    for row in (1..=top).rev() {
        let mut cells = Vec::new();
        for col in 1..=params.board_width {
            engine.check_interrupt()?;
            let cell = if geese.binary_search(&(row, col)).is_ok() {
                "X".to_string()
            } else if (row + col) % 2 == 0 {
                let position = LoopyPosition::new(FoxAndGeese {
                    params: params.clone(),
                    geese: geese.clone(),
                    fox: (row, col),
                });
                let value = super::result_value(position.solve(engine)?.value);
                let mut text = String::new();
                printer
                    .write_value(engine, &value, &mut text)
                    .map_err(|e| match e {
                        crate::display::notation::PrintError::Engine(e) => EvalError::from(e),
                        crate::display::notation::PrintError::Format => {
                            EvalError::new("ValuesTable: a value could not be printed")
                        }
                    })?;
                text
            } else {
                String::new()
            };
            cells.push(cell);
        }
        rows.push(cells);
    }
    Ok(crate::rulesets::functional::position::table(rows))
}

impl FoxAndGeese {
    /// The position `(geese, fox)` of `game.grid.<name>(params)`.
    pub fn new(name: &str, params: &Args, args: &[Value]) -> EvalResult<FoxAndGeese> {
        let params = FoxParams::from_args(name, params)?.interned();
        let [geese, fox] = args else {
            return Err(EvalError::new(format!(
                "{} takes the geese and the fox, such as {}([(8,2),(8,4),(8,6),(8,8)], (1,5))",
                params.prefix, params.prefix
            )));
        };
        let cells = geese_cells(&params, geese)?;
        let fox = coordinates(fox)
            .filter(|&c| params.valid(c) && c.0 <= MAX_SIZE as i32)
            .ok_or_else(|| EvalError::new(format!("`fox` {VALID}")))?;
        if cells.is_empty() {
            return Err(EvalError::new(format!(
                "{}: there must be at least one goose",
                params.prefix
            )));
        }
        if cells.contains(&fox) {
            return Err(EvalError::new(format!(
                "{}: the fox stands on a goose at ({}, {})",
                params.prefix, fox.0, fox.1
            )));
        }
        Ok(FoxAndGeese {
            params,
            geese: cells,
            fox,
        })
    }

    fn goose_at(&self, cell: (i32, i32)) -> bool {
        self.geese.binary_search(&cell).is_ok()
    }

    fn on_board(&self, (row, col): (i32, i32)) -> bool {
        row >= 1 && (1..=self.params.board_width).contains(&col)
    }

    fn top_row(&self) -> i32 {
        self.geese.iter().map(|g| g.0).max().unwrap_or(0)
    }
}

impl LoopyRules for FoxAndGeese {
    type Key = (Vec<(i32, i32)>, (i32, i32));

    fn key(&self) -> Self::Key {
        (self.geese.clone(), self.fox)
    }

    fn moves(&self, left: bool, out: &mut Vec<Self>) {
        if left {
            for (i, &(row, col)) in self.geese.iter().enumerate() {
                for dc in [-1, 1] {
                    let to = (row - 1, col + dc);
                    if self.on_board(to) && to != self.fox && !self.goose_at(to) {
                        let mut geese = self.geese.clone();
                        geese[i] = to;
                        geese.sort_unstable();
                        out.push(FoxAndGeese {
                            params: self.params.clone(),
                            geese,
                            fox: self.fox,
                        });
                    }
                }
            }
        } else {
            for (dr, dc) in [(-1, 1), (1, 1), (1, -1), (-1, -1)] {
                for k in 1..=self.params.fox_range {
                    let to = (self.fox.0 + dr * k, self.fox.1 + dc * k);
                    if !self.on_board(to) || self.goose_at(to) {
                        break;
                    }
                    out.push(FoxAndGeese {
                        params: self.params.clone(),
                        geese: self.geese.clone(),
                        fox: to,
                    });
                }
            }
        }
    }

    fn depth_hint(&self) -> u64 {
        self.geese.iter().map(|g| g.0 as u64).sum()
    }

    fn settled(&self) -> Option<Settled> {
        let top = self.top_row();
        let (row, col) = self.fox;
        let free_above = |dc: i32| {
            let cell = (row + 1, col + dc);
            self.on_board(cell) && !self.goose_at(cell)
        };
        let escaped = row >= top || (row == top - 1 && (free_above(-1) || free_above(1)));
        escaped.then_some(Settled::Off)
    }

    fn describe(&self) -> String {
        let cells: Vec<String> = self
            .geese
            .iter()
            .map(|(r, c)| format!("({r},{c})"))
            .collect();
        format!(
            "{}([{}], ({},{}))",
            self.params.prefix,
            cells.join(","),
            self.fox.0,
            self.fox.1
        )
    }

    fn picture(&self) -> Option<Picture> {
        let rows = self.top_row().max(self.fox.0);
        let mut lines = Vec::new();
        for row in (1..=rows).rev() {
            let line: String = (1..=self.params.board_width)
                .map(|col| {
                    if (row, col) == self.fox {
                        'o'
                    } else if self.goose_at((row, col)) {
                        'x'
                    } else {
                        '.'
                    }
                })
                .collect();
            lines.push(line);
        }
        // Left plays the geese, Right the fox.
        Some(Picture::Board(Board::from_rows(
            &lines.join("|"),
            |c| match c {
                'x' => Cell::Stone(Tint::Left),
                'o' => Cell::Stone(Tint::Right),
                _ => Cell::Empty,
            },
        )))
    }
}
