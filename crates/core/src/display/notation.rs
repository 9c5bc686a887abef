//! CGSuite's notation for games and other values, written straight to the output.
//!
//! Dispatch follows CGSuite: number + ups + star first, then abbreviated uptimals (`^<n>`,
//! `^[n]`), then switches (`+-x`), then `Tiny`/`Miny`, then braces. Braces nest with bars:
//! a game that is the lone option on its side prints bare and its parent uses one more bar
//! than it; at four bars a game is braced, so no game ever prints five bars.

use super::order::GameOrder;
use crate::engine::draws::LoopyNim;
use crate::engine::{Dyadic, Engine, EngineResult, GameId, Nus, TinyKind, UptimalRuns};
use crate::value::{Side, Value};
use num_rational::BigRational;
use rustc_hash::FxHashMap;
use std::fmt::{self, Write};

/// The most bars a game prints before it is wrapped in braces.
const MAX_BARS: u8 = 4;

/// Errors while printing: the output failed, or the engine did (e.g. interrupted).
#[derive(Debug)]
pub enum PrintError {
    Format,
    Engine(crate::engine::EngineError),
}

impl fmt::Display for PrintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintError::Format => write!(f, "the output could not be written"),
            PrintError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PrintError {}

impl From<fmt::Error> for PrintError {
    fn from(_: fmt::Error) -> Self {
        PrintError::Format
    }
}

impl From<crate::engine::EngineError> for PrintError {
    fn from(e: crate::engine::EngineError) -> Self {
        PrintError::Engine(e)
    }
}

pub type PrintResult = Result<(), PrintError>;

/// How a game prints, apart from its options.
enum Shape {
    /// x + n↑ + *m
    Nus(Nus),
    /// number, `^<n>`/`v<n>` or `^[n]`/`v[n]`, star
    Uptimal {
        number: Dyadic,
        up: UpAbbreviation,
        nim: u64,
    },
    /// {A | −A}: `+-A`
    Switch,
    /// x + Tiny(arg) or x + Miny(arg)
    Tiny {
        number: Dyadic,
        miny: bool,
        arg: GameId,
    },
    Braces,
}

#[derive(Clone, Copy)]
enum UpAbbreviation {
    /// ±↑ⁿ: `^<n>` / `v<n>`
    Power { n: usize, negative: bool },
    /// ±(↑ + … + ↑ⁿ): `^[n]` / `v[n]`
    PowerTo { n: usize, negative: bool },
}

/// Writes games for one output; remembers option order and bar counts between calls.
#[derive(Default)]
pub struct Printer {
    order: GameOrder,
    bars: FxHashMap<GameId, u8>,
}

impl Printer {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn write_value(
        &mut self,
        engine: &mut Engine,
        value: &Value,
        out: &mut dyn Write,
    ) -> PrintResult {
        match value {
            Value::Number(r) => write_rational(&r.big(), out)?,
            Value::Game(g) => self.write_game(engine, *g, out)?,
            Value::Explicit(e) => self.write_explicit(engine, e, out)?,
            Value::Thermograph(t) => write!(out, "{t}")?,
            Value::Trajectory(t) => write!(out, "{t}")?,
            Value::Text(t) => out.write_str(&t.text)?,
            Value::Ruleset(r) => out.write_str(&r.name())?,
            Value::MisereQuotient(q) => out.write_str(&q.expression)?,
            Value::Position(p) if let Some(value) = p.loopy_nim_value(engine) => match value? {
                LoopyNim::Finite(n) => {
                    let g = engine.nimber(u64::from(n));
                    self.write_game(engine, g, out)?
                }
                LoopyNim::Infinite(k) => out.write_str(&loopy_nimber(&k))?,
            },
            Value::Position(p) => match p.loopy_value(engine) {
                Some(value) => match value? {
                    crate::engine::loopy::LoopyResult::Short(g) => {
                        self.write_game(engine, g, out)?
                    }
                    crate::engine::loopy::LoopyResult::Loopy(l) => {
                        super::loopy::write_loopy(self, engine, &l, out)?
                    }
                },
                None => {
                    let g = p.value(engine)?;
                    self.write_game(engine, g, out)?
                }
            },
            Value::Misere(m) => out.write_str(&crate::misere::render(*m, engine)?)?,
            Value::LoopyNimber(k) => out.write_str(&loopy_nimber(k))?,
            Value::Surreal(x) => write!(out, "{x}")?,
            Value::Infinity { negative } => {
                out.write_str(if *negative { "-inf" } else { "inf" })?
            }
            Value::TransfiniteNimber(alpha) => out.write_str(&transfinite_nimber(alpha))?,
            Value::Loopy(l) => super::loopy::write_loopy(self, engine, l, out)?,
            Value::Bool(b) => write!(out, "{b}")?,
            Value::Outcome(o) => out.write_str(o.letter())?,
            Value::Side(Side::Left) => out.write_str("Left")?,
            Value::Side(Side::Right) => out.write_str("Right")?,
            // CGSuite prints strings quoted, with nothing escaped.
            Value::Str(s) => write!(out, "\"{s}\"")?,
            Value::Nothing => out.write_str("Nothing")?,
            Value::List(items) => self.write_items(engine, "[", items, "]", out)?,
            // As the list of its integers prints; interruptible, since it may be long.
            Value::Sequence(seq) => {
                out.write_char('[')?;
                for (i, v) in seq.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    if i % (1 << 16) == 0 {
                        engine.check_interrupt()?;
                    }
                    write!(out, "{v}")?;
                }
                out.write_char(']')?;
            }
            Value::Range(r) => {
                write!(out, "{}..{}", r.start, r.end)?;
                if r.step != 1.into() {
                    write!(out, "..{}", r.step)?;
                }
            }
            Value::Map(entries) if entries.is_empty() => out.write_str("{=>}")?,
            Value::Map(entries) => {
                out.write_char('{')?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    self.write_entry(engine, k, v, out)?;
                }
                out.write_char('}')?;
            }
            Value::Entry(e) => self.write_entry(engine, &e.0, &e.1, out)?,
            Value::Function(f) => out.write_str(&f.render())?,
            Value::Set(items) => self.write_items(engine, "{", items, "}", out)?,
            Value::Tuple(items) => self.write_items(engine, "(", items, ")", out)?,
        }
        Ok(())
    }

    /// `k => v`; a `Nothing` value prints as nothing, as CGSuite does.
    fn write_entry(
        &mut self,
        engine: &mut Engine,
        key: &Value,
        value: &Value,
        out: &mut dyn Write,
    ) -> PrintResult {
        self.write_value(engine, key, out)?;
        out.write_str(" => ")?;
        if !matches!(value, Value::Nothing) {
            self.write_value(engine, value, out)?;
        }
        Ok(())
    }

    fn write_items(
        &mut self,
        engine: &mut Engine,
        open: &str,
        items: &[Value],
        close: &str,
        out: &mut dyn Write,
    ) -> PrintResult {
        out.write_str(open)?;
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            match item {
                // In a list a position shows how it was built (`[nim[1,4,5]]`): that is what
                // lists of moves are read for, and it pastes back as the position.
                Value::Position(p) => out.write_str(&p.describe())?,
                _ => self.write_value(engine, item, out)?,
            }
        }
        out.write_str(close)?;
        Ok(())
    }

    /// A whole game, as a top-level result: braced unless it is an atom.
    pub fn write_game(
        &mut self,
        engine: &mut Engine,
        g: GameId,
        out: &mut dyn Write,
    ) -> PrintResult {
        self.write(engine, g, true, out)
    }

    /// A short game as an option of a loopy game's printed form: braced when asked; the bars
    /// it uses when printed bare (0 when braced or an atom).
    pub fn write_short_option(
        &mut self,
        engine: &mut Engine,
        g: GameId,
        braced: bool,
        out: &mut dyn Write,
    ) -> Result<u8, PrintError> {
        self.write(engine, g, braced, out)?;
        if braced {
            Ok(0)
        } else {
            Ok(self.bars(engine, g)?)
        }
    }

    /// A game as a string (for summaries and messages).
    pub fn render_game(&mut self, engine: &mut Engine, g: GameId) -> EngineResult<String> {
        let mut s = String::new();
        match self.write_game(engine, g, &mut s) {
            Ok(()) => Ok(s),
            Err(PrintError::Engine(e)) => Err(e),
            Err(PrintError::Format) => Ok(s),
        }
    }

    /// Sort games into CGSuite's display order.
    pub fn sort_games(&mut self, engine: &mut Engine, games: &mut [GameId]) -> EngineResult<()> {
        self.order.sort(engine, games)
    }

    pub fn compare_games(
        &mut self,
        engine: &mut Engine,
        a: GameId,
        b: GameId,
    ) -> EngineResult<std::cmp::Ordering> {
        self.order.compare(engine, a, b)
    }

    fn shape(&mut self, engine: &mut Engine, g: GameId) -> EngineResult<Shape> {
        if let Some(n) = engine.as_nus(g) {
            return Ok(Shape::Nus(n));
        }
        if let Some(e) = self.order.uptimal_runs(engine, g)?
            && let Some(up) = abbreviation(&e)
        {
            return Ok(Shape::Uptimal {
                number: e.number,
                up,
                nim: e.nim,
            });
        }
        if engine.neg(g)? == g {
            return Ok(Shape::Switch);
        }
        if let Some(tiny) = tiny_shape(engine, g)? {
            return Ok(tiny);
        }
        Ok(Shape::Braces)
    }

    /// Bars g uses when printed bare as a lone option (0 for atoms and braced games).
    fn bars(&mut self, engine: &mut Engine, g: GameId) -> EngineResult<u8> {
        if let Some(&b) = self.bars.get(&g) {
            return Ok(b);
        }
        engine.check_interrupt()?;
        let b = match self.shape(engine, g)? {
            Shape::Braces => {
                let raw = crate::engine::grow(|| self.raw_bars(engine, g))?;
                if raw >= MAX_BARS { 0 } else { raw }
            }
            _ => 0,
        };
        self.bars.insert(g, b);
        Ok(b)
    }

    /// 1 + the bars of a lone option on either side.
    fn raw_bars(&mut self, engine: &mut Engine, g: GameId) -> EngineResult<u8> {
        let (left, right) = self.order.sorted_options(engine, g)?;
        let mut inner = 0;
        for side in [&left, &right] {
            if let [only] = side.as_slice() {
                inner = inner.max(self.bars(engine, *only)?);
            }
        }
        Ok(1 + inner)
    }

    fn write(
        &mut self,
        engine: &mut Engine,
        g: GameId,
        braced: bool,
        out: &mut dyn Write,
    ) -> PrintResult {
        // The text of a game can be exponentially longer than the game (`^:*18` shares its
        // options, the text repeats them), and after the first visit every shape is cached, so
        // nothing else here polls: without this check printing ignored Ctrl-C and the memory
        // ceiling for minutes (found by the fuzz target in fuzz/).
        engine.check_interrupt()?;
        // A printed game nests as deep as its options do.
        crate::engine::grow(|| self.write_shape(engine, g, braced, out))
    }

    fn write_shape(
        &mut self,
        engine: &mut Engine,
        g: GameId,
        braced: bool,
        out: &mut dyn Write,
    ) -> PrintResult {
        match self.shape(engine, g)? {
            Shape::Nus(n) => write_nus(&n, out)?,
            Shape::Uptimal { number, up, nim } => write_uptimal(number, up, nim, out)?,
            Shape::Switch => self.write_switch(engine, g, out)?,
            Shape::Tiny { number, miny, arg } => {
                if !number.is_zero() {
                    write!(out, "{number}")?;
                }
                out.write_str(if miny { "Miny(" } else { "Tiny(" })?;
                self.write(engine, arg, true, out)?;
                out.write_char(')')?;
            }
            Shape::Braces => {
                let bars = self.raw_bars(engine, g)?;
                let braces = braced || bars >= MAX_BARS;
                if braces {
                    out.write_char('{')?;
                }
                let (left, right) = self.order.sorted_options(engine, g)?;
                self.write_options(engine, &left, out)?;
                for _ in 0..bars {
                    out.write_char('|')?;
                }
                self.write_options(engine, &right, out)?;
                if braces {
                    out.write_char('}')?;
                }
            }
        }
        Ok(())
    }

    /// Options of one side; with two or more, every non-atomic option is braced.
    fn write_options(
        &mut self,
        engine: &mut Engine,
        options: &[GameId],
        out: &mut dyn Write,
    ) -> PrintResult {
        let braced = options.len() > 1;
        for (i, &o) in options.iter().enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            self.write(engine, o, braced, out)?;
        }
        Ok(())
    }

    /// `+-x`: numbers, nimbers and pure ups bare, other uptimals in parentheses, other games
    /// braced; several Left options as `+-{a,b}`.
    fn write_switch(&mut self, engine: &mut Engine, g: GameId, out: &mut dyn Write) -> PrintResult {
        out.write_str("+-")?;
        let (left, _) = self.order.sorted_options(engine, g)?;
        if let [only] = left.as_slice() {
            match self.shape(engine, *only)? {
                Shape::Nus(n)
                    if n.is_number() || n.is_nimber() || (n.number.is_zero() && n.nim == 0) =>
                {
                    write_nus(&n, out)?
                }
                Shape::Nus(_) | Shape::Uptimal { .. } => {
                    out.write_char('(')?;
                    self.write(engine, *only, false, out)?;
                    out.write_char(')')?;
                }
                _ => self.write(engine, *only, true, out)?,
            }
        } else {
            out.write_char('{')?;
            self.write_options(engine, &left, out)?;
            out.write_char('}')?;
        }
        Ok(())
    }
}

/// `^<n>` for a single ±1 coefficient at n ≥ 2; `^[n]` for a₁ = … = aₙ = ±1 (n ≥ 2).
fn abbreviation(e: &UptimalRuns<'_>) -> Option<UpAbbreviation> {
    let n = e.length();
    if n < 2 {
        return None;
    }
    let negative = match e.last() {
        1 => false,
        -1 => true,
        _ => return None,
    };
    match e.runs {
        [(0, _), (_, 1)] => Some(UpAbbreviation::Power { n, negative }),
        [_] => Some(UpAbbreviation::PowerTo { n, negative }),
        _ => None,
    }
}

/// Tiny: {x || x | K} with mean(K) < x, printed `[x]Tiny(x−K)`; Miny is its mirror image,
/// {K | x || x} with mean(K) > x, printed `[x]Miny(K−x)`.
fn tiny_shape(engine: &mut Engine, g: GameId) -> EngineResult<Option<Shape>> {
    let Some((kind, x, k)) = engine.tiny(g)? else {
        return Ok(None);
    };
    let miny = kind == TinyKind::Miny;
    let x_game = engine.number(x);
    let arg = if miny {
        engine.sub(k, x_game)?
    } else {
        engine.sub(x_game, k)?
    };
    Ok(Some(Shape::Tiny {
        number: x,
        miny,
        arg,
    }))
}

/// x + n↑ + *m as CGSuite juxtaposes it: `6^*`, `^*6`, `73/16v9*8`, `-1^^`, `0`.
pub fn write_nus(n: &Nus, out: &mut dyn Write) -> fmt::Result {
    if n.ups == 0 && n.nim == 0 {
        return write!(out, "{}", n.number);
    }
    if !n.number.is_zero() {
        write!(out, "{}", n.number)?;
    }
    write_ups(n.ups, out)?;
    write_star(n.nim, out)
}

fn write_ups(ups: i64, out: &mut dyn Write) -> fmt::Result {
    let symbol = if ups > 0 { '^' } else { 'v' };
    match ups.unsigned_abs() {
        0 => Ok(()),
        1 => out.write_char(symbol),
        2 => {
            out.write_char(symbol)?;
            out.write_char(symbol)
        }
        k => write!(out, "{symbol}{k}"),
    }
}

fn write_star(nim: u64, out: &mut dyn Write) -> fmt::Result {
    match nim {
        0 => Ok(()),
        1 => out.write_char('*'),
        m => write!(out, "*{m}"),
    }
}

fn write_uptimal(number: Dyadic, up: UpAbbreviation, nim: u64, out: &mut dyn Write) -> fmt::Result {
    if !number.is_zero() {
        write!(out, "{number}")?;
    }
    match up {
        UpAbbreviation::Power { n, negative } => {
            write!(out, "{}<{n}>", if negative { 'v' } else { '^' })?
        }
        UpAbbreviation::PowerTo { n, negative } => {
            write!(out, "{}[{n}]", if negative { 'v' } else { '^' })?
        }
    }
    write_star(nim, out)
}

/// Exact rationals: integers bare, others as reduced `p/q`.
pub fn write_rational(r: &BigRational, out: &mut dyn Write) -> fmt::Result {
    if r.is_integer() {
        write!(out, "{}", r.numer())
    } else {
        write!(out, "{}/{}", r.numer(), r.denom())
    }
}

/// ∞(K) as it prints and reads back (draws.md §2.1): `∞` for K = ∅, else `∞(0,1)`.
pub fn loopy_nimber(k: &[u32]) -> String {
    LoopyNim::Infinite(k.to_vec()).to_string()
}

/// A transfinite nimber `*α` in CGSuite's notation (transfinite.md §2.2): α bare when it is one
/// term ω^β with coefficient 1 (`*ω`, `*ω^3`, `*ω^(ω+1)`), else in parentheses (`*(ω+2)`,
/// `*(ω×3)`); the star rule of the parser reads the bare form back.
pub fn transfinite_nimber(alpha: &crate::engine::ordinal::GenOrdinal) -> String {
    let bare =
        alpha.num_terms() == 1 && alpha.leading_coefficient().is_some_and(|c| *c == 1.into());
    if bare {
        format!("*{alpha}")
    } else {
        format!("*({alpha})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testutil::game;

    fn show(engine: &mut Engine, text: &str) -> String {
        let g = game(engine, text);
        let mut out = String::new();
        Printer::new().write_game(engine, g, &mut out).unwrap();
        out
    }

    #[test]
    fn cgsuite_notation() {
        let mut e = Engine::new();
        let cases = [
            ("{3|{2|1}}+{3|{2|1}}-{3|{2|1}}", "{3||2|1}"),
            ("*2", "*2"),
            ("^*", "^*"),
            ("^*2", "^*2"),
            ("^3", "^3"),
            ("^^", "^^"),
            ("v3*2", "v3*2"),
            ("vv", "vv"),
            ("{1|0||0}", "Miny(1)"),
            ("{1,1*|-1,-1*}", "+-{1,1*}"),
            ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
            ("{1|-1}", "+-1"),
            ("{0||0|-1}", "Tiny(1)"),
            ("{0||0|-3/2}", "Tiny(3/2)"),
            ("{0||0|v3}", "{0||0|v3}"),
            ("{1|^3||^}", "{1|^3||^}"),
            ("{1|^^||^}", "{1|^^||^}"),
            ("6^*", "6^*"),
            ("9/8*", "9/8*"),
            ("-1^^", "-1^^"),
            ("73/16v9*8", "73/16v9*8"),
            (
                "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
                "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            ),
            ("3-2+{6|-6}-7+{8|-8}+4", "{12|0||-4|-16}"),
            ("{1*|-1*}", "+-(1*)"),
            ("{^^|vv}", "+-^^"),
            ("{{3|2}|{-2|-3}}", "+-{3|2}"),
            ("{4|2}", "{4|2}"),
            (
                "{10|8||6|4|||4|2||0|-2||||{2|0||-2|-4|||-4|-6||-8|-10}}",
                "+-{10|8||6|4|||4|2||0|-2}",
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(show(&mut e, input), expected, "printing {input}");
        }
    }

    #[test]
    fn printing_a_game_polls_the_interrupt_flag() {
        // ^:*10 prints as over 10 KB; a first print caches every shape, so the second one
        // reaches no engine computation and only the check in `write` can see the flag.
        let mut e = Engine::new();
        let up = game(&mut e, "^");
        let star10 = game(&mut e, "*10");
        let g = e.ordinal_sum(up, star10).unwrap();
        let mut printer = Printer::new();
        let mut first = String::new();
        printer.write_game(&mut e, g, &mut first).unwrap();
        assert!(first.len() > 10_000, "{}", first.len());
        e.interrupt_flag()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let mut second = String::new();
        let result = printer.write_game(&mut e, g, &mut second);
        assert!(
            matches!(
                result,
                Err(PrintError::Engine(crate::engine::EngineError::Interrupted))
            ),
            "{result:?}"
        );
    }
}
