//! CGSuite's printed notation for misère games (`rulesets.md` §8.5), and a reader for it.
//!
//! A game prints as a *base* (a nim heap's size, or its options in parentheses) followed by a
//! chain of marks: `#` (the game whose only option is what precedes), `i` (plus *i), `-i`
//! (minus *i). A chain with a numeric mark is bracketed: `*[2[#1]]` is {*2} + *. Numbers of
//! two or more digits are written `&n;`.

use super::arena::{MisereArena, MisereId};
use crate::engine::{EngineError, EngineResult};
use std::fmt::Write;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// `#`: the game whose only option is what precedes.
    Single,
    /// `i`: plus *i.
    Plus(u32),
    /// `-i`: minus *i.
    Minus(u32),
}

/// Longest notation we print (the text repeats shared parts, so it can outgrow memory).
const MAX_PRINTED: usize = 1 << 20;

fn write_number(n: u32, out: &mut String) {
    if n < 10 {
        let _ = write!(out, "{n}");
    } else {
        let _ = write!(out, "&{n};");
    }
}

impl MisereArena {
    /// `*[...]`, as CGSuite prints it.
    pub fn to_notation(&mut self, g: MisereId) -> EngineResult<String> {
        let mut out = String::from("*[");
        self.write_game(g, true, &mut out)?;
        out.push(']');
        Ok(out)
    }

    /// A game, complete with its marks.
    fn write_game(&mut self, g: MisereId, outermost: bool, out: &mut String) -> EngineResult<()> {
        if out.len() > MAX_PRINTED {
            return Err(EngineError::TooMany {
                what: "characters in this misère game's notation (it shares no parts, so big \
                       forms grow exponentially; ask for its Genus, Birthday or \
                       MisereNimValue instead)",
                limit: MAX_PRINTED as u64,
            });
        }
        let mut marks = Vec::new();
        self.write_base(g, outermost, &mut marks, out)?;
        marks.reverse();
        let numeric = marks.iter().any(|m| *m != Mark::Single);
        if numeric {
            out.push('[');
        }
        for m in marks {
            match m {
                Mark::Single => out.push('#'),
                Mark::Plus(i) => write_number(i, out),
                Mark::Minus(i) => {
                    out.push('-');
                    write_number(i, out);
                }
            }
        }
        if numeric {
            out.push(']');
        }
        Ok(())
    }

    /// Write the base of g and collect its marks, innermost last.
    fn write_base(
        &mut self,
        g: MisereId,
        outermost: bool,
        marks: &mut Vec<Mark>,
        out: &mut String,
    ) -> EngineResult<()> {
        self.poll()?;
        crate::engine::grow(|| {
            let b = self.birthday(g);
            if self.is_nim_heap(g)? {
                write_number(b, out);
                return Ok(());
            }
            let mut i = if self.is_even(g) { 2 } else { 3 };
            while i < b {
                let heap = self.nim_heap(u64::from(i))?;
                if let Some(d) = self.subtract(g, heap)?
                    && self.birthday(d) < b
                {
                    marks.push(Mark::Plus(i));
                    return self.write_base(d, false, marks, out);
                }
                let s = self.add(g, heap)?;
                if self.birthday(s) < b {
                    marks.push(Mark::Minus(i));
                    return self.write_base(s, false, marks, out);
                }
                i += 2;
            }
            if !self.is_even(g) {
                marks.push(Mark::Plus(1));
                return self.write_base(self.even_part(g), false, marks, out);
            }
            if self.option_count(g) == 1 {
                marks.push(Mark::Single);
                return self.write_base(self.options(g)[0], false, marks, out);
            }
            if !outermost {
                out.push('(');
            }
            let options = self.sorted_options(g);
            for &x in options.iter().rev() {
                self.write_game(x, false, out)?;
            }
            if !outermost {
                out.push(')');
            }
            Ok(())
        })
    }

    /// Read CGSuite's printed notation: `*[2[#1]]`, or just the part inside the brackets.
    pub fn parse_notation(&mut self, text: &str) -> EngineResult<MisereId> {
        let body = text.trim();
        let body = match body.strip_prefix("*[") {
            Some(rest) => rest
                .strip_suffix(']')
                .ok_or_else(|| bad_notation(text, "missing the closing `]`"))?,
            None => body,
        };
        let mut reader = Reader {
            text: body.as_bytes(),
            at: 0,
            depth: 0,
        };
        let games = reader.games(self)?;
        if reader.at != body.len() {
            return Err(bad_notation(
                text,
                &format!("unexpected `{}`", &body[reader.at..]),
            ));
        }
        match games.as_slice() {
            [] => Ok(MisereId::ZERO),
            [one] => Ok(*one),
            _ => self.construct(games),
        }
    }
}

fn bad_notation(text: &str, why: &str) -> EngineError {
    EngineError::InvalidArgument(format!("cannot read misère game `{text}`: {why}"))
}

/// Deepest parenthesis nesting the reader accepts.
const MAX_DEPTH: usize = 512;

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn error(&self, why: &str) -> EngineError {
        bad_notation(&String::from_utf8_lossy(self.text), why)
    }

    /// Games written one after another, up to `)` or the end.
    fn games(&mut self, arena: &mut MisereArena) -> EngineResult<Vec<MisereId>> {
        let mut games = Vec::new();
        while let Some(c) = self.peek() {
            if c == b')' {
                break;
            }
            games.push(self.game(arena)?);
        }
        Ok(games)
    }

    fn game(&mut self, arena: &mut MisereArena) -> EngineResult<MisereId> {
        let mut g = match self.peek() {
            Some(b'(') => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(self.error("nested too deeply"));
                }
                self.at += 1;
                let options = self.games(arena)?;
                if self.peek() != Some(b')') {
                    return Err(self.error("missing `)`"));
                }
                self.at += 1;
                self.depth -= 1;
                arena.construct(options)?
            }
            Some(c) if c.is_ascii_digit() || c == b'&' => {
                let n = self.number()?;
                arena.nim_heap(u64::from(n))?
            }
            _ => return Err(self.error("expected a digit, `&n;` or `(`")),
        };
        match self.peek() {
            Some(b'#') => {
                while self.peek() == Some(b'#') {
                    self.at += 1;
                    g = arena.construct(vec![g])?;
                }
            }
            Some(b'[') => {
                self.at += 1;
                loop {
                    match self.peek() {
                        Some(b']') => {
                            self.at += 1;
                            break;
                        }
                        Some(b'#') => {
                            self.at += 1;
                            g = arena.construct(vec![g])?;
                        }
                        Some(b'-') => {
                            self.at += 1;
                            let n = self.number()?;
                            let heap = arena.nim_heap(u64::from(n))?;
                            g = arena.subtract(g, heap)?.ok_or_else(|| {
                                self.error(&format!("*{n} cannot be subtracted here"))
                            })?;
                        }
                        Some(c) if c.is_ascii_digit() || c == b'&' => {
                            let n = self.number()?;
                            let heap = arena.nim_heap(u64::from(n))?;
                            g = arena.add(g, heap)?;
                        }
                        _ => return Err(self.error("unfinished `[...]` marks")),
                    }
                }
            }
            _ => {}
        }
        Ok(g)
    }

    /// A digit, or `&n;`.
    fn number(&mut self) -> EngineResult<u32> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.at += 1;
                Ok(u32::from(c - b'0'))
            }
            Some(b'&') => {
                let start = self.at + 1;
                let end = self.text[start..]
                    .iter()
                    .position(|&c| c == b';')
                    .map(|i| start + i)
                    .ok_or_else(|| self.error("`&` without a closing `;`"))?;
                let n = std::str::from_utf8(&self.text[start..end])
                    .ok()
                    .and_then(|s| s.parse::<u32>().ok())
                    .ok_or_else(|| self.error("expected a number between `&` and `;`"))?;
                self.at = end + 1;
                Ok(n)
            }
            _ => Err(self.error("expected a digit or `&n;`")),
        }
    }
}
