//! The evaluator: a [`Session`] holds the variables, the game engine and the printer, and
//! evaluates parsed statements into [`Value`]s, and into the [`Answer`]s front ends show.
//!
//! The work is done by an `Evaluator`: the engine (borrowed), the shared [`env::Context`]
//! (globals, printer, memo bookkeeping) and the current scope. Function values keep the context
//! and their scope, so a ruleset deep in the engine can call a user's function back through
//! [`crate::value::Callable`] with nothing but the engine.

mod answer;
mod builtins;
mod collections;
mod control;
mod convert;
mod diagnostic;
pub mod env;
mod explicit;
mod expr;
mod function;
mod json;
#[cfg(test)]
mod language_tests;
mod loopy;
mod loopy_nimber;
mod methods;
pub(crate) mod misere;
mod names;
mod order;
mod pictures;
mod plots;
mod primes;
mod properties;
mod quotient;
pub mod reference;
mod repeating_sums;
mod sensible;
#[cfg(test)]
mod sequence_tests;
#[cfg(test)]
mod short_ops_tests;
#[cfg(test)]
pub(crate) mod tests;
mod transfinite;
mod values;

pub use crate::value::{EvalError, EvalResult, Side, Value};
pub use answer::{Answer, Show, Shown};
pub use convert::type_name;
pub use diagnostic::Diagnostic;

use crate::display::{PrintError, Printer, Summary, summarize};
use crate::engine::Engine;
use crate::syntax::ast::{Statement, StatementKind};
use env::{Context, Frame};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The result of one statement.
#[derive(Clone, Debug)]
pub struct StatementResult {
    /// 1-based line (in the whole input) where the statement starts.
    pub line: usize,
    /// The statement's source text, trimmed.
    pub input: String,
    /// True when the statement ended in `;` (evaluate, print nothing).
    pub silent: bool,
    /// Lines written by `System.Print` while the statement ran, in order.
    pub printed: Vec<String>,
    pub result: Result<Value, Diagnostic>,
}

/// A calculator session: variables, the engine and its caches.
pub struct Session {
    engine: Engine,
    ctx: Rc<Context>,
}

/// Evaluates expressions: the engine, the session's shared context and the current scope
/// (`None` at top level, where names are globals).
pub(crate) struct Evaluator<'a> {
    engine: &'a mut Engine,
    ctx: Rc<Context>,
    scope: Option<Rc<Frame>>,
    /// Serial of the innermost running call's frame: frames from it on belong to that call,
    /// and writing older ones is a side effect. `u64::MAX` at top level.
    call_base: u64,
}

impl<'a> Evaluator<'a> {
    fn new(engine: &'a mut Engine, ctx: Rc<Context>) -> Self {
        Evaluator {
            engine,
            ctx,
            scope: None,
            call_base: u64::MAX,
        }
    }
}

/// The partizan searches' tables belong to the session's engine, but live per thread (rulesets
/// reach them with the engine alone): they go when the session does.
impl Drop for Session {
    fn drop(&mut self) {
        crate::rulesets::partizan::release_tables_of(&self.engine.interrupt_flag());
    }
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    pub fn new() -> Self {
        let mut engine = Engine::new();
        let limit = memory_limit();
        engine.set_memory_limit(limit);
        crate::engine::memory::set_growth_ceiling(limit);
        engine.set_threads(default_threads());
        Session {
            engine,
            ctx: Rc::new(Context::default()),
        }
    }

    /// Let long searches use `threads` threads (1: this one only). A session starts with
    /// [`default_threads`].
    pub fn set_threads(&mut self, threads: usize) {
        self.engine.set_threads(threads);
    }

    /// The flag that long computations poll; set it (e.g. from a Ctrl-C handler) to stop the
    /// current computation with an "interrupted" error.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.engine.interrupt_flag()
    }

    /// Evaluate a chunk of source: one or more complete lines whose first line is line
    /// `first_line` (1-based) of the whole input, read as one chunk (see
    /// [`Session::answer_chunk`]). Returns one result per statement, in order; a syntax error
    /// gives a single failed result.
    pub fn eval_source(&mut self, src: &str, first_line: usize) -> Vec<StatementResult> {
        let mut results = Vec::new();
        self.eval_source_each(src, first_line, |_, result| {
            results.push(result.clone());
            true
        });
        results
    }

    /// Evaluate a script (any number of lines and statements; line 1 of it is line
    /// `first_line` of the whole input), and work out for each statement what a front end
    /// shows ([`Answer`]: the value's text, summary and drawings, as `show` asks), handing each
    /// answer to `each` as soon as its statement has run. Statements end where the shell's
    /// do ([`crate::syntax::Chunker`]: a line continues an unclosed bracket or block). `each`
    /// returns false to stop there (a closed output, `--fail-fast`); then `answer` returns
    /// false too.
    pub fn answer(
        &mut self,
        script: &str,
        first_line: usize,
        show: Show,
        mut each: impl FnMut(&Answer) -> bool,
    ) -> bool {
        let mut chunker = crate::syntax::Chunker::new(first_line);
        let mut go_on = true;
        let mut run = |session: &mut Session, chunks: Vec<crate::syntax::Chunk>| {
            for chunk in chunks {
                if go_on {
                    session.answer_chunk(&chunk.text, chunk.first_line, show, |a| {
                        go_on = each(a);
                        go_on
                    });
                }
            }
        };
        for line in script.lines() {
            let chunks = chunker.push_line(line);
            run(self, chunks);
        }
        let rest = chunker.finish();
        run(self, rest);
        go_on
    }

    /// [`Session::answer`] for one chunk: complete statements, as [`crate::syntax::Chunker`]
    /// gives them to a front end that reads line by line (the REPL, the script runner). Each
    /// answer goes to `each` as soon as its statement has run; `each` returns false to stop
    /// the chunk there. A script line of half a million statements then holds one answer at
    /// a time.
    pub fn answer_chunk(
        &mut self,
        src: &str,
        first_line: usize,
        show: Show,
        mut each: impl FnMut(&Answer) -> bool,
    ) {
        self.eval_source_each(src, first_line, |session, result| {
            let answer = session.show(result, show);
            let go_on = each(&answer);
            // The value goes back to the result, which hands it to `ans` without a copy.
            result.result = answer.result.map(|shown| shown.value);
            go_on
        });
    }

    /// Evaluate a chunk, handing each statement's result to `each` as soon as it has run (with
    /// the session, to work out its answer); `each` returns false to stop the chunk there, and
    /// may turn a result into a failure. The value is then moved into `ans`, not copied: a list
    /// of ten million elements is not duplicated.
    fn eval_source_each(
        &mut self,
        src: &str,
        first_line: usize,
        mut each: impl FnMut(&mut Session, &mut StatementResult) -> bool,
    ) {
        let locate = SourceMap::new(src, first_line);
        let statements = match crate::syntax::parse_statements(src) {
            Ok(s) => s,
            Err(e) => {
                // The chunk is one logical line (continuation lines included): report the
                // statement at its first line, the error where it is, and which lines it
                // took, since none of them ran.
                let last_line = first_line + src.trim_end().matches('\n').count();
                let message = if last_line > first_line {
                    format!(
                        "{} (lines {first_line}–{last_line}, read as one statement, did not run)",
                        e.message
                    )
                } else {
                    e.message
                };
                let mut result = StatementResult {
                    line: first_line,
                    input: src.trim().to_string(),
                    silent: false,
                    printed: Vec::new(),
                    result: Err(locate.diagnostic(message, Some(e.offset))),
                };
                each(self, &mut result);
                return;
            }
        };
        if statements.is_empty() && holds_empty_statement(src) {
            // `;` alone, or a stray byte-order mark: not a blank line, so it gets its result
            // (JSON consumers see one object for every line that holds something).
            let mut result = StatementResult {
                line: first_line,
                input: src.trim().to_string(),
                silent: true,
                printed: Vec::new(),
                result: Ok(Value::Nothing),
            };
            each(self, &mut result);
            return;
        }
        let interrupt = self.engine.interrupt_flag();
        // The line of the first statement that failed: the rest of the chunk depends on it
        // (`G := …; G(1)` must not use an older G), so it does not run.
        let mut failed_line: Option<usize> = None;
        for (index, st) in statements.iter().enumerate() {
            // After Ctrl-C stopped a statement, the rest of the chunk does not run: a quick
            // one that never polls the flag (`x := 1`) would otherwise still take effect.
            if index > 0 && interrupt.load(Ordering::SeqCst) {
                return;
            }
            let (result, printed) = match failed_line {
                Some(line) => {
                    let message = format!("not run: an earlier statement on line {line} failed");
                    (
                        Err(locate.diagnostic(message, Some(st.span.start))),
                        Vec::new(),
                    )
                }
                None => {
                    let heap_before = crate::engine::memory::heap_bytes();
                    let result = self.run_statement(st);
                    if result.is_err() {
                        self.release_after_failure(heap_before);
                    }
                    let result = result.map_err(|e| self.explain_power(e));
                    let result = result.map_err(|e| {
                        let offset = e.span.map(|s| s.start).unwrap_or(st.span.start);
                        let e = e.with_string_drawn().into_detail();
                        let mut d = locate.diagnostic(e.message, e.span.map(|s| s.start));
                        d.line = locate.line_of(offset);
                        d.source_line = locate.line_text(offset).to_string();
                        d
                    });
                    (result, self.ctx.printed.take())
                }
            };
            let mut result = StatementResult {
                line: locate.line_of(st.span.start),
                input: src[st.span.start..st.span.end]
                    .trim()
                    .trim_end_matches(';')
                    .trim_end()
                    .to_string(),
                silent: st.silent,
                printed,
                result,
            };
            if result.result.is_err() && failed_line.is_none() {
                failed_line = Some(result.line);
            }
            let go_on = each(self, &mut result);
            // `ans` is the last result that printed (REPL and scripts alike): a silent
            // statement or one that yields nothing (a loop) leaves it alone.
            if !st.silent && matches!(&result.result, Ok(v) if !matches!(v, Value::Nothing)) {
                let value = std::mem::replace(&mut result.result, Ok(Value::Nothing));
                if let Ok(value) = value {
                    self.ctx.set_global(control::ANS, value);
                }
            }
            if !go_on {
                return;
            }
        }
    }

    /// `10^7` reads as the game 10 + ↑7 (a number written against `^` is one literal, as
    /// CGSuite prints it). When such a game arrives where an integer is needed, the error
    /// says how to write the power instead.
    fn explain_power(&self, mut e: EvalError) -> EvalError {
        let Some(nus) = e.integer_wanted.and_then(|g| self.engine.as_nus(g)) else {
            return e;
        };
        if nus.nim != 0 || nus.ups <= 0 || nus.number.is_zero() || !nus.number.is_integer() {
            return e;
        }
        let (base, exponent) = (nus.number, nus.ups);
        e.message += &format!(
            "; `{base}^{exponent}` is the game {base} + ↑{exponent}: for the power write \
             `{base} ^ {exponent}` (with spaces) or `pow({base}, {exponent})`"
        );
        e
    }

    fn evaluator(&mut self) -> Evaluator<'_> {
        Evaluator::new(&mut self.engine, self.ctx.clone())
    }

    fn run_statement(&mut self, st: &Statement) -> EvalResult<Value> {
        // A statement starts afresh: no call is running (an interrupted one may have left
        // the depth counter up).
        self.ctx.depth.set(0);
        let mut ev = self.evaluator();
        match &st.kind {
            StatementKind::Expr(e) => ev.eval(e),
            StatementKind::Def { name, lambda } => {
                let f = ev.make_function(lambda)?;
                ev.assign_global(name, f.clone())?;
                Ok(f)
            }
        }
    }

    /// Variables defined so far, with their printed values (for `:vars`).
    pub fn variables(&mut self) -> Vec<(String, String)> {
        let vars: Vec<(String, Value)> = self
            .ctx
            .globals
            .borrow()
            .iter()
            .filter(|(n, _)| n.as_str() != control::ANS)
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect();
        vars.into_iter()
            .map(|(n, v)| (n, self.render(&v)))
            .collect()
    }

    /// Forget all variables and functions (`:clear`).
    pub fn clear(&mut self) {
        self.ctx.clear();
    }

    /// Write `value` in CGSuite's notation.
    pub fn write_value(
        &mut self,
        value: &Value,
        out: &mut dyn std::fmt::Write,
    ) -> std::fmt::Result {
        self.try_write_value(value, out)
            .map_err(|_| std::fmt::Error)
    }

    /// Write `value`, reporting an interruption separately from an output failure.
    pub fn try_write_value(
        &mut self,
        value: &Value,
        out: &mut dyn std::fmt::Write,
    ) -> Result<(), PrintError> {
        let heap_before = crate::engine::memory::heap_bytes();
        let mut counted = CountingWriter { out, written: 0 };
        let written =
            self.ctx
                .printer
                .borrow_mut()
                .write_value(&mut self.engine, value, &mut counted);
        if written.is_err() {
            self.release_after_failure(heap_before);
        }
        written
    }

    /// After a statement (or the printing of its value) failed: what it took goes back. The
    /// printer's memos and the engine's property memos are dropped when the failure left the
    /// heap much larger than it found it (they are only memos), and the allocator is asked to
    /// return the free pages, so that the REPL's resident size falls back near where it was.
    fn release_after_failure(&mut self, heap_before: usize) {
        const GREW_A_LOT: usize = 32 << 20;
        if crate::engine::memory::heap_bytes() > heap_before.saturating_add(GREW_A_LOT) {
            *self.ctx.printer.borrow_mut() = Printer::new();
            self.engine.forget_memos();
        }
        crate::engine::memory::return_free_pages();
    }

    /// `value` in CGSuite's notation, as a string.
    pub fn render(&mut self, value: &Value) -> String {
        let mut s = String::new();
        if self.write_value(value, &mut s).is_err() {
            s.push_str("<interrupted>");
        }
        s
    }

    /// The property summary shown under a game result (None for non-games).
    pub fn summary(&mut self, value: &Value) -> Option<Summary> {
        if let Value::Position(p) = value
            && let Some(loopy) = p.loopy_nim_value(&mut self.engine)
        {
            let loopy = loopy.ok()?;
            if !loopy.is_finite() {
                // No short game to summarise: who wins, and the value that sums use.
                let outcome = loopy.verdict().outcome();
                return Some(Summary {
                    outcome: outcome.name().into(),
                    outcome_meaning: outcome.meaning().into(),
                    position: Some(p.describe()),
                    loopy_nim_value: Some(loopy.to_string()),
                    ..Summary::default()
                });
            }
        }
        let g = match value {
            Value::Game(g) => *g,
            Value::Position(p) => match p.loopy_value(&mut self.engine) {
                // A position of a loopy ruleset: the summary of its value, short or loopy
                // (the position keeps its search, so printing it did not solve it twice).
                Some(result) => {
                    let value_of_position = self.evaluator().loopy_value_of(result.ok()?);
                    let mut summary = self.summary(&value_of_position)?;
                    summary.position = Some(p.describe());
                    return Some(summary);
                }
                None => self.evaluator().game_of(value).ok()?,
            },
            Value::Explicit(_) => self.evaluator().game_of(value).ok()?,
            Value::Loopy(l) => return self.evaluator().loopy_summary(l),
            Value::Surreal(x) => return Some(transfinite::surreal_summary(x)),
            Value::TransfiniteNimber(alpha) => return Some(transfinite::nimber_summary(alpha)),
            Value::MisereQuotient(q) => return Some(quotient::summary(q)),
            _ => return None,
        };
        let mut summary =
            summarize(&mut self.engine, &mut self.ctx.printer.borrow_mut(), g).ok()?;
        match value {
            Value::Position(p) => summary.position = Some(p.describe()),
            Value::Explicit(e) => summary.misere_outcome = explicit::misere_outcome(e).ok(),
            _ => {}
        }
        Some(summary)
    }

    /// Extra lines shown under a result in text mode: a thermograph's plot, a ruleset's nim
    /// sequence and period, a position's drawing.
    pub fn details(&mut self, value: &Value, pretty: bool) -> Option<String> {
        match value {
            Value::Thermograph(th) => crate::display::plot::plot(th),
            Value::Ruleset(r) => r.summary(&mut self.engine).map(|s| indent(&s)),
            Value::MisereQuotient(q) => Some(indent(&quotient::details(q, pretty))),
            Value::Explicit(e) => explicit::details(e).ok().map(|s| indent(&s)),
            Value::Position(_) => None,
            _ => None,
        }
    }

    /// Names that tab completion offers after a `.` (properties and methods).
    pub fn completions(&self) -> Vec<&'static str> {
        Session::method_names().collect()
    }

    /// Global function names, for completion at the start of a word.
    pub fn function_names(&self) -> Vec<String> {
        let mut names: Vec<String> = names::functions().map(str::to_string).collect();
        names.extend(self.variable_names());
        names
    }

    /// The names of the user's variables and functions (not `ans`), in order; cheaper than
    /// [`Session::variables`], which prints every value.
    pub fn variable_names(&self) -> Vec<String> {
        self.ctx
            .globals
            .borrow()
            .keys()
            .filter(|n| n.as_str() != control::ANS)
            .cloned()
            .collect()
    }

    /// The variables and functions defined so far, each with what its value is for the names
    /// after a dot (Tab completion offers those that apply).
    pub fn completion_variables(&self) -> Vec<(String, Option<reference::Receiver>)> {
        self.ctx
            .globals
            .borrow()
            .iter()
            .filter(|(n, _)| n.as_str() != control::ANS)
            .map(|(n, v)| (n.clone(), reference::Receiver::of(v)))
            .collect()
    }

    /// The last result that printed (`ans`), if any; `:full` prints it in full.
    pub fn last_result(&self) -> Option<Value> {
        self.ctx.global(control::ANS)
    }

    /// Built-in names a user may type at the start of a word: functions, constants and
    /// ruleset constants (Tab completion).
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        names::functions()
            .chain(names::constants())
            .chain(crate::rulesets::constant_names())
            .chain(std::iter::once(control::ANS))
    }

    /// The engine, for benchmarks and embedding.
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

/// What the progress line says while a value's text is written out, once it is long: a game
/// can print far longer than it is (`ordinal_product(3, ^<2>*9)` has 52 followers and prints
/// 129 MB in 15 s, each shared option spelt out wherever it occurs; the fuzzed
/// `ordinal_product(4, ^<2>*9)` is computed in 50 ms and prints for minutes), so the
/// computation is over and the wait is the text.
const WRITING_TEXT: &str =
    "value found, writing out its text (far longer than the game; Ctrl-C stops it)";

/// What the progress line says while the summary under a known value is worked out (Ctrl-C
/// then shows the value without it).
const SUMMARIZING: &str = "value found, summarizing (Ctrl-C shows it alone)";

/// Text written past this many bytes is long enough to say so on the progress line.
const LONG_TEXT: usize = 1 << 20;

/// A writer that counts what passes through, to tell the progress line when the text of a
/// value grows long.
struct CountingWriter<'a> {
    out: &'a mut dyn std::fmt::Write,
    written: usize,
}

impl std::fmt::Write for CountingWriter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let before = self.written;
        self.written += s.len();
        if before < LONG_TEXT && self.written >= LONG_TEXT {
            crate::engine::progress::set_stage(Some(WRITING_TEXT));
        }
        self.out.write_str(s)
    }
}

/// Whether a source that parsed to no statement holds something besides blanks and
/// comments: a `;` or a byte-order mark.
fn holds_empty_statement(src: &str) -> bool {
    let mut rest = src;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if c == ';' || c == '\u{feff}' {
            return true;
        } else {
            rest = &rest[c.len_utf8()..];
        }
    }
    false
}

/// Indent every line by two spaces, like the summary.
fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// The game arena's memory ceiling: `CGCALC_MAX_MEMORY_MB` if set, else 8 GiB, so a runaway
/// computation stops with a clear error instead of exhausting the machine.
fn memory_limit() -> usize {
    const DEFAULT_MB: usize = 8 * 1024;
    let mb = std::env::var("CGCALC_MAX_MEMORY_MB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(DEFAULT_MB);
    mb.saturating_mul(1 << 20)
}

/// How many threads a search may use: `CGCALC_THREADS` if set to a positive number, else
/// every core the system offers this process.
pub fn default_threads() -> usize {
    std::env::var("CGCALC_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Maps byte offsets of a chunk to input line numbers and columns.
struct SourceMap<'a> {
    src: &'a str,
    first_line: usize,
    /// Byte offsets of the newlines, found once: a chunk of half a million statements asks
    /// for a line per statement.
    newlines: Vec<usize>,
}

impl<'a> SourceMap<'a> {
    fn new(src: &'a str, first_line: usize) -> Self {
        let newlines = src.match_indices('\n').map(|(i, _)| i).collect();
        SourceMap {
            src,
            first_line,
            newlines,
        }
    }

    fn clamp(&self, offset: usize) -> usize {
        let mut o = offset.min(self.src.len());
        while !self.src.is_char_boundary(o) {
            o -= 1;
        }
        o
    }

    /// Newlines before `offset`.
    fn newlines_before(&self, offset: usize) -> usize {
        let offset = self.clamp(offset);
        self.newlines.partition_point(|&n| n < offset)
    }

    fn line_of(&self, offset: usize) -> usize {
        self.first_line + self.newlines_before(offset)
    }

    fn line_start(&self, offset: usize) -> usize {
        match self.newlines_before(offset) {
            0 => 0,
            k => self.newlines[k - 1] + 1,
        }
    }

    fn line_text(&self, offset: usize) -> &str {
        let start = self.line_start(offset);
        let end = self.src[start..]
            .find('\n')
            .map_or(self.src.len(), |i| start + i);
        &self.src[start..end]
    }

    fn diagnostic(&self, message: String, offset: Option<usize>) -> Diagnostic {
        let at = offset.unwrap_or(0);
        Diagnostic {
            message,
            line: self.line_of(at),
            column: offset.map(|o| self.src[self.line_start(o)..self.clamp(o)].chars().count() + 1),
            source_line: self.line_text(at).to_string(),
        }
    }
}
