//! Wythoff's game: two heaps; a move takes any positive number from one heap, or the same
//! positive number from both (`rulesets.md` §5.2, CGSuite's `game.heap.Wythoff`).
//!
//! P-positions are exact for heaps of any size, with integer arithmetic only: the k-th is
//! (⌊kφ⌋, ⌊kφ⌋ + k), and ⌊kφ⌋ = ⌊(k + ⌊k√5⌋) / 2⌋ because k√5 is irrational for k > 0. Nim values
//! come from a table filled by dynamic programming, for moderate sizes only.

use super::{Position, Ruleset};
use crate::engine::{Engine, EngineError, EngineResult, GameId};
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cell::RefCell;
use std::rc::Rc;

/// The k-th P-position (a, b), a ≤ b, counting (0, 0) as the 0th.
pub fn p_position(k: &BigInt) -> (BigInt, BigInt) {
    let a = lower(k);
    let b = &a + k;
    (a, b)
}

/// ⌊kφ⌋ for k ≥ 0.
fn lower(k: &BigInt) -> BigInt {
    let root = (k * k * 5u32).sqrt();
    (k + root) / 2u32
}

/// True when (a, b) is a P-position (the player to move loses).
pub fn is_p_position(a: &BigInt, b: &BigInt) -> bool {
    let (x, y) = if a <= b { (a, b) } else { (b, a) };
    lower(&(y - x)) == *x
}

/// The heap y such that {x, y} is a P-position (every x ≥ 0 is in exactly one).
pub fn partner(x: &BigInt) -> BigInt {
    search_partner(x).unwrap_or_else(|| x.clone())
}

fn search_partner(x: &BigInt) -> Option<BigInt> {
    if x.is_zero() {
        return Some(BigInt::zero());
    }
    // x = ⌊kφ⌋ for k near x/φ = x(√5 − 1)/2, or x = ⌊kφ⌋ + k for k near x/φ² = x(3 − √5)/2.
    let root = (x * x * 5u32).sqrt();
    let near_lower: BigInt = (&root - x) / 2u32;
    let near_upper: BigInt = (x * 3u32 - &root) / 2u32;
    for delta in -2i32..=2 {
        let k = &near_lower + delta;
        if k.is_positive() && lower(&k) == *x {
            return Some(x + k);
        }
    }
    for delta in -2i32..=2 {
        let k = &near_upper + delta;
        if k.is_positive() && lower(&k) + &k == *x {
            return Some(x - k);
        }
    }
    // Every non-negative integer is in exactly one pair (Beatty), so this is not reached.
    None
}

/// Most table cells × 64-bit words the nim-value table may cost (about a second).
const MAX_TABLE_WORK: u128 = 300_000_000;
/// Most options a position may list.
const MAX_OPTIONS: u64 = 1_000_000;

/// Nim values for 0 ≤ x ≤ rows, 0 ≤ y ≤ cols (rows ≤ cols), grown on demand.
#[derive(Default)]
struct Table {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

/// The nim value of (a, b), from the table.
pub fn nim_value(a: u64, b: u64, engine: &Engine) -> EngineResult<u32> {
    let (x, y) = (a.min(b), a.max(b));
    let too_large = || {
        EngineError::InvalidArgument(format!(
            "wythoff({a}, {b}) is too large for its nim value (a table of that size would take \
             too long); its P-positions and winning moves are exact: use .OutcomeClass or \
             .WinningMoves"
        ))
    };
    let (x, y) = (
        usize::try_from(x).map_err(|_| too_large())?,
        usize::try_from(y).map_err(|_| too_large())?,
    );
    TABLE.with(|cell| {
        let mut table = cell.borrow_mut();
        if x > table.rows || y > table.cols || table.values.is_empty() {
            let (rows, cols) = (x.max(table.rows), y.max(table.cols));
            let work = (rows as u128 + 1) * (cols as u128 + 1) * ((rows + cols) as u128 / 64 + 1);
            if work > MAX_TABLE_WORK {
                return Err(too_large());
            }
            *table = fill(rows, cols, engine)?;
        }
        Ok(table.values[x * (table.cols + 1) + y])
    })
}

/// Dynamic programming with one bitset of seen values per row, column and diagonal.
fn fill(rows: usize, cols: usize, engine: &Engine) -> EngineResult<Table> {
    let width = cols + 1;
    let words = (rows + cols) / 64 + 2;
    let mut values = vec![0u32; (rows + 1) * width];
    let mut row_seen = vec![0u64; (rows + 1) * words];
    let mut col_seen = vec![0u64; (cols + 1) * words];
    // Diagonal x − y + cols, so that it is never negative.
    let mut diag_seen = vec![0u64; (rows + cols + 1) * words];
    for x in 0..=rows {
        engine.check_interrupt()?;
        for y in 0..=cols {
            let d = x + cols - y;
            let (r, c, g) = (x * words, y * words, d * words);
            let mut v = 0;
            for w in 0..words {
                let seen = row_seen[r + w] | col_seen[c + w] | diag_seen[g + w];
                if seen != u64::MAX {
                    v = w * 64 + (!seen).trailing_zeros() as usize;
                    break;
                }
            }
            values[x * width + y] = v as u32;
            let (w, bit) = (v / 64, 1u64 << (v % 64));
            row_seen[r + w] |= bit;
            col_seen[c + w] |= bit;
            diag_seen[g + w] |= bit;
        }
    }
    Ok(Table { rows, cols, values })
}

/// The ruleset `wythoff` (positions `wythoff[a, b]`, `wythoff((a, b))`).
#[derive(Debug)]
pub struct Wythoff;

impl Ruleset for Wythoff {
    fn name(&self) -> String {
        "wythoff".into()
    }

    fn position(&self, args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
        WythoffPosition::from_args(args).map(|p| Value::Position(Rc::new(p)))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        use super::functional::builtin;
        match (key, args) {
            ("pposition", [k]) => Ok(Some(p_position_value(k)?)),
            ("adjoin", _) => {
                builtin::coordinate_method(builtin::CoordinateRules::Wythoff, key, args, engine)
            }
            _ => builtin::value_tables(self, key, args, engine),
        }
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

/// CGSuite's `game.heap.Wythoff` (the ruleset) and `game.heap.Wythoff((a, b))` (a position).
pub fn cgsuite_heap(name: &str, call: Option<&super::Args>) -> Option<EvalResult<Value>> {
    if !name.eq_ignore_ascii_case("wythoff") {
        return None;
    }
    Some(match call {
        None => Ok(Value::Ruleset(Rc::new(Wythoff))),
        Some(call) if !call.named.is_empty() => {
            Err(EvalError::new("game.heap.Wythoff takes no named arguments"))
        }
        Some(call) => {
            WythoffPosition::from_args(&call.positional).map(|p| Value::Position(Rc::new(p)))
        }
    })
}

/// `wythoff_p(k)`: the k-th P-position as the list `[a, b]`.
pub fn p_position_value(k: &Value) -> EvalResult<Value> {
    let k = heap(k, "wythoff_p index")?;
    let (a, b) = p_position(&k);
    Ok(Value::List(vec![int(a), int(b)]))
}

fn int(n: BigInt) -> Value {
    Value::integer(n)
}

fn heap(v: &Value, what: &str) -> EvalResult<BigInt> {
    match v {
        Value::Number(r) if r.is_integer() && !r.is_negative() => Ok(r.numer().clone()),
        Value::Number(r) => Err(EvalError::new(format!(
            "{what} must be a non-negative integer, found {r}"
        ))),
        other => Err(EvalError::integer_wanted(
            format!(
                "{what} must be a non-negative integer, not {}",
                crate::value::type_name(other)
            ),
            other,
        )),
    }
}

/// The Wythoff position with heaps (a, b).
#[derive(Clone, Debug)]
pub struct WythoffPosition {
    a: BigInt,
    b: BigInt,
}

impl WythoffPosition {
    pub fn new(a: BigInt, b: BigInt) -> Self {
        WythoffPosition { a, b }
    }

    /// `(a, b)`, or one tuple/list `((a, b))` as CGSuite writes it.
    pub fn from_args(args: &[Value]) -> EvalResult<Self> {
        let pair = match args {
            [a, b] => (a, b),
            [Value::Tuple(items) | Value::List(items)] if items.len() == 2 => {
                (&items[0], &items[1])
            }
            _ => {
                return Err(EvalError::new(
                    "a Wythoff position takes two heap sizes: wythoff(a, b)",
                ));
            }
        };
        Ok(WythoffPosition::new(
            heap(pair.0, "a Wythoff heap")?,
            heap(pair.1, "a Wythoff heap")?,
        ))
    }

    fn small(&self) -> Option<(u64, u64)> {
        Some((self.a.to_u64()?, self.b.to_u64()?))
    }

    fn at(&self, a: BigInt, b: BigInt) -> Rc<dyn Position> {
        Rc::new(WythoffPosition::new(a, b))
    }

    /// Moves to P-positions, in CGSuite's option order: from the first heap, from the
    /// second, then from both.
    fn winning_moves(&self) -> Vec<Rc<dyn Position>> {
        let (m, n) = (&self.a, &self.b);
        let mut moves = Vec::new();
        let x = partner(n);
        if x < *m {
            moves.push(self.at(x, n.clone()));
        }
        let y = partner(m);
        if y < *n {
            moves.push(self.at(m.clone(), y));
        }
        let d = (n - m).abs();
        let (low, high) = p_position(&d);
        if m <= n && low < *m {
            moves.push(self.at(low, high));
        } else if m > n && low < *n {
            moves.push(self.at(high, low));
        }
        moves
    }

    fn nim_value(&self, engine: &Engine) -> EvalResult<u32> {
        let (a, b) = self.small().ok_or_else(|| {
            EvalError::new(format!(
                "{} is too large for its nim value; its P-positions and winning moves are \
                 exact: use .OutcomeClass or .WinningMoves",
                self.describe()
            ))
        })?;
        Ok(nim_value(a, b, engine)?)
    }
}

impl Position for WythoffPosition {
    fn picture(&self) -> Option<crate::value::picture::Picture> {
        let heaps = [&self.a, &self.b].map(num_traits::ToPrimitive::to_u64);
        Some(crate::value::picture::Picture::Heaps(vec![
            heaps[0]?, heaps[1]?,
        ]))
    }

    fn describe(&self) -> String {
        format!("wythoff({},{})", self.a, self.b)
    }

    fn value(&self, engine: &mut Engine) -> EngineResult<GameId> {
        let (a, b) = self.small().ok_or_else(|| {
            EngineError::InvalidArgument(format!(
                "{} is too large for its nim value; use .OutcomeClass or .WinningMoves",
                self.describe()
            ))
        })?;
        let v = nim_value(a, b, engine)?;
        Ok(engine.nimber(u64::from(v)))
    }

    fn method(&self, key: &str, args: &[Value], engine: &mut Engine) -> EvalResult<Option<Value>> {
        if !args.is_empty() {
            return Ok(None);
        }
        let v = match key {
            "outcomeclass" | "outcome" => Value::Outcome(if is_p_position(&self.a, &self.b) {
                crate::engine::Outcome::P
            } else {
                crate::engine::Outcome::N
            }),
            "ispposition" => Value::Bool(is_p_position(&self.a, &self.b)),
            "winningmoves" | "leftwinningmoves" | "rightwinningmoves" => Value::List(
                self.winning_moves()
                    .into_iter()
                    .map(Value::Position)
                    .collect(),
            ),
            "nimvalue" => int(BigInt::from(self.nim_value(engine)?)),
            "options" => Value::List(
                self.options(true, engine)?
                    .unwrap_or_default()
                    .into_iter()
                    .map(Value::Position)
                    .collect(),
            ),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn options(
        &self,
        _left: bool,
        engine: &mut Engine,
    ) -> EvalResult<Option<Vec<Rc<dyn Position>>>> {
        let (m, n) = self
            .small()
            .filter(|&(m, n)| m.saturating_add(n).saturating_add(m.min(n)) <= MAX_OPTIONS)
            .ok_or_else(|| {
                EvalError::new(format!(
                    "{} has too many options to list (more than {MAX_OPTIONS})",
                    self.describe()
                ))
            })?;
        engine.check_interrupt()?;
        let mut options: Vec<Rc<dyn Position>> = Vec::new();
        let pos = |a: u64, b: u64| -> Rc<dyn Position> {
            Rc::new(WythoffPosition::new(a.into(), b.into()))
        };
        options.extend((0..m).rev().map(|a| pos(a, n)));
        options.extend((0..n).rev().map(|b| pos(m, b)));
        options.extend((1..=m.min(n)).map(|s| pos(m - s, n - s)));
        Ok(Some(options))
    }

    fn is_impartial(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P-positions by brute force over the definition (a move to a P-position exists iff N).
    fn brute_p(n: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; n + 1]; n + 1];
        for a in 0..=n {
            for b in 0..=n {
                let to_p = (0..a).any(|x| p[x][b])
                    || (0..b).any(|y| p[a][y])
                    || (1..=a.min(b)).any(|s| p[a - s][b - s]);
                p[a][b] = !to_p;
            }
        }
        p
    }

    #[test]
    fn first_p_positions_are_the_known_ones() {
        let known = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
        ];
        for (k, &(a, b)) in known.iter().enumerate() {
            assert_eq!(
                p_position(&BigInt::from(k)),
                (BigInt::from(a), BigInt::from(b))
            );
        }
    }

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn p_positions_match_brute_force() {
        let n = 120;
        let p = brute_p(n);
        for a in 0..=n {
            for b in 0..=n {
                assert_eq!(is_p_position(&a.into(), &b.into()), p[a][b], "({a},{b})");
            }
            let y = partner(&a.into()).to_usize().unwrap();
            if y <= n {
                assert!(p[a][y], "partner of {a}");
            }
        }
    }

    #[test]
    fn huge_indices_are_exact() {
        // k = 10^18: a = ⌊kφ⌋, checked against k(1+√5)/2 computed with 60 extra digits.
        let k = BigInt::from(10u64).pow(18);
        let (a, b) = p_position(&k);
        let scale = BigInt::from(10u64).pow(60);
        let phi_scaled = (scale.clone() + (scale.clone() * scale.clone() * 5u32).sqrt()) / 2u32;
        assert_eq!(a, &k * &phi_scaled / &scale);
        assert_eq!(b, &a + &k);
        assert!(is_p_position(&b, &a));
        assert_eq!(partner(&a), b);
        assert_eq!(partner(&b), a);
        assert_eq!(a.to_string(), "1618033988749894848");
    }

    #[test]
    fn nim_values_match_brute_force_and_cgsuite() {
        let engine = Engine::new();
        let n = 30;
        let mut g = vec![vec![0u32; n + 1]; n + 1];
        for a in 0..=n {
            for b in 0..=n {
                let mut seen: Vec<u32> = (0..a).map(|x| g[x][b]).collect();
                seen.extend((0..b).map(|y| g[a][y]));
                seen.extend((1..=a.min(b)).map(|s| g[a - s][b - s]));
                g[a][b] = crate::misere::mex(seen.into_iter());
                assert_eq!(nim_value(a as u64, b as u64, &engine).unwrap(), g[a][b]);
            }
        }
        assert_eq!(nim_value(10, 10, &engine).unwrap(), 14);
        assert_eq!(nim_value(10, 14, &engine).unwrap(), 2);
    }

    #[test]
    fn winning_moves_are_the_moves_to_p_positions() {
        let mut engine = Engine::new();
        for a in 0..25u64 {
            for b in 0..25u64 {
                let p = WythoffPosition::new(a.into(), b.into());
                let expected: Vec<String> = p
                    .options(true, &mut engine)
                    .unwrap()
                    .unwrap()
                    .iter()
                    .filter(|o| o.value(&mut engine).unwrap() == engine.zero())
                    .map(|o| o.describe())
                    .collect();
                let got: Vec<String> = p.winning_moves().iter().map(|o| o.describe()).collect();
                assert_eq!(got, expected, "({a},{b})");
            }
        }
        let p = WythoffPosition::new(10.into(), 10.into());
        assert_eq!(p.options(true, &mut engine).unwrap().unwrap().len(), 30);
    }

    #[test]
    fn too_large_tables_are_refused() {
        let engine = Engine::new();
        assert!(nim_value(5, 100_000_000, &engine).is_err());
    }
}
