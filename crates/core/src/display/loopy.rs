//! Printing loopy values character for character as CGSuite does (loopy.md §4): `on`, `off`,
//! `dud`, pseudonumbers (`5over`), switches (`+-over`), `Tiny(…)`/`Miny(…)`, upon forms
//! (`^[on]*`, `5v<on>`), and otherwise braces with `pass` and node labels (`a{0|a}`); sided
//! values as `S & T`.

use super::notation::{PrintError, PrintResult, Printer};
use crate::engine::loopy::{Graph, Loopy, Mover, SideForm, Stopper, StopperKind};
use crate::engine::{Dyadic, Engine, GameId};
use std::fmt::Write;

/// A game that prints in 4 bars or more is braced.
const MAX_BARS: u8 = 4;

/// Vertices being printed (a stack), each with its name once something refers back to it.
#[derive(Default)]
struct Naming {
    stack: Vec<(u32, Option<usize>)>,
    counter: usize,
}

impl Naming {
    /// If `v` is being printed further up, write its name (naming it on first reference) and
    /// say so: the printer then stops there instead of going round the cycle.
    fn refer_back(&mut self, v: u32, out: &mut String) -> bool {
        let Some(entry) = self.stack.iter_mut().find(|(u, _)| *u == v) else {
            return false;
        };
        let n = *entry.1.get_or_insert_with(|| {
            let n = self.counter;
            self.counter += 1;
            n
        });
        out.push_str(&name(n));
        true
    }
}

/// Write a node from its printed sides: its label if it has one, then the sides joined by
/// `bars` bars, in braces when asked, when labelled, or when there are too many bars to leave
/// bare. Returns the bars the parent must exceed (0 once braced).
fn write_node(
    out: &mut String,
    own: Option<usize>,
    sides: &[String; 2],
    bars: u8,
    braces: bool,
) -> u8 {
    if let Some(n) = own {
        out.push_str(&name(n));
    }
    let show = braces || own.is_some() || bars >= MAX_BARS;
    if show {
        out.push('{');
    }
    out.push_str(&sides[0]);
    for _ in 0..bars {
        out.push('|');
    }
    out.push_str(&sides[1]);
    if show {
        out.push('}');
        0
    } else {
        bars
    }
}

fn name(n: usize) -> String {
    if n < 26 {
        ((b'a' + n as u8) as char).to_string()
    } else {
        format!("N{}", n - 25)
    }
}

/// Write a loopy value.
pub fn write_loopy(
    printer: &mut Printer,
    engine: &mut Engine,
    l: &Loopy,
    out: &mut dyn Write,
) -> PrintResult {
    let mut text = String::new();
    {
        let mut w = LoopyWriter { printer, engine };
        match l {
            Loopy::Stopper(s) => w.top(s, &mut text)?,
            Loopy::Sided(s, t) => {
                if s.kind == StopperKind::On && t.kind == StopperKind::Off {
                    text.push_str("dud");
                } else {
                    w.top(s, &mut text)?;
                    text.push_str(" & ");
                    w.top(t, &mut text)?;
                }
            }
            Loopy::General(on, off) => {
                w.side(on, &mut text)?;
                text.push_str(" & ");
                w.side(off, &mut text)?;
            }
        }
    }
    out.write_str(&text)?;
    Ok(())
}

struct LoopyWriter<'a> {
    printer: &'a mut Printer,
    engine: &'a mut Engine,
}

impl LoopyWriter<'_> {
    /// A stopper as a top-level value.
    fn top(&mut self, s: &Stopper, out: &mut String) -> PrintResult {
        match s.kind {
            StopperKind::Short(g) => {
                self.printer.write_game(self.engine, g, out)?;
            }
            StopperKind::Proper => {
                self.stop(s, 0, true, false, &mut Naming::default(), out)?;
            }
            _ => pseudonumber(&s.kind, false, out)?,
        }
        Ok(())
    }

    /// One side of a general sided value.
    fn side(&mut self, side: &SideForm, out: &mut String) -> PrintResult {
        match side {
            SideForm::Stopper(s) => self.top(s, out),
            SideForm::Simplified(g) => {
                let stopper_vertex = g.reaches_alternating_cycle();
                self.general(g, &stopper_vertex, 0, true, &mut Naming::default(), out)?;
                Ok(())
            }
        }
    }

    /// The canonical stopper at vertex `v` of `s`'s graph, as its own value.
    fn sub(&mut self, s: &Stopper, v: u32) -> Result<Stopper, PrintError> {
        Ok(self.engine.stopper_follower(s, v)?)
    }

    /// A proper canonical stopper at vertex `v` (loopy.md §4.3); the bars it reports.
    fn stop(
        &mut self,
        s: &Stopper,
        v: u32,
        braces: bool,
        parens: bool,
        naming: &mut Naming,
        out: &mut String,
    ) -> Result<u8, PrintError> {
        self.engine.check_interrupt()?;
        let g = self.sub(s, v)?;
        let neg = self.engine.stopper_neg(&g)?;
        // 1. A switch {A | −A}. Equal canonical stoppers are isomorphic, so a different
        // isomorphism-invariant hash rules a switch out without comparing.
        let may_be_switch =
            super::loopy_order::isohash(&g.graph, 0) == super::loopy_order::isohash(&neg.graph, 0);
        if may_be_switch && self.engine.stopper_eq(&g, &neg)? {
            let left: Vec<u32> = g.graph.targets(0, Mover::Left).collect();
            if left.iter().any(|&t| g.graph.reachable(t)[0]) {
                return Err(PrintError::Engine(
                    crate::engine::EngineError::InvalidArgument(
                        "cannot print a switch whose option reaches the switch again".into(),
                    ),
                ));
            }
            out.push_str("+-");
            let sorted = self.sorted(&g, 0, Mover::Left)?;
            if let [only] = sorted.as_slice() {
                self.option_fresh(&g, *only, true, true, out)?;
            } else {
                out.push('{');
                for (i, &t) in sorted.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.option_fresh(&g, t, true, false, out)?;
                }
                out.push('}');
            }
            return Ok(0);
        }
        // 2. x + Tiny(…) or x + Miny(…).
        if g.graph.is_plumtree_from(0)
            && let Some((x, subscript, miny)) = self.engine.stopper_number_tiny(&g)?
        {
            if parens {
                out.push('(');
            }
            if !x.is_zero() {
                write!(out, "{x}")?;
            }
            out.push_str(if miny { "Miny(" } else { "Tiny(" });
            self.braced_value(&subscript, out)?;
            out.push(')');
            if parens {
                out.push(')');
            }
            return Ok(0);
        }
        // 3. Upon forms.
        if let Some(form) = self.upon_form(&g, &neg)? {
            out.push_str(&form);
            return Ok(0);
        }
        // 4. Braces.
        self.generic(s, v, braces, naming, out)
    }

    /// A value printed with braces forced and a fresh naming context (a switch's option, a
    /// Tiny's subscript).
    fn braced_value(&mut self, s: &Stopper, out: &mut String) -> PrintResult {
        match s.kind {
            StopperKind::Short(g) => {
                self.printer.write_short_option(self.engine, g, true, out)?;
            }
            StopperKind::Proper => {
                self.stop(s, 0, true, false, &mut Naming::default(), out)?;
            }
            _ => pseudonumber(&s.kind, false, out)?,
        }
        Ok(())
    }

    /// Option `t` of `g`, printed with a fresh naming context.
    fn option_fresh(
        &mut self,
        g: &Stopper,
        t: u32,
        braces: bool,
        parens: bool,
        out: &mut String,
    ) -> PrintResult {
        let sub = self.sub(g, t)?;
        match sub.kind {
            StopperKind::Short(h) => {
                self.printer
                    .write_short_option(self.engine, h, braces, out)?;
            }
            StopperKind::Proper => {
                self.stop(&sub, 0, braces, parens, &mut Naming::default(), out)?;
            }
            _ => pseudonumber(&sub.kind, parens, out)?,
        }
        Ok(())
    }

    /// `^[on]`, `v[on]*`, `^<on>*`, with a number part (loopy.md §4.3.1).
    fn upon_form(&mut self, g: &Stopper, neg: &Stopper) -> Result<Option<String>, PrintError> {
        let (found, negative) = match self.upon(g, true)? {
            Some(f) => (f, false),
            None => match self.upon(neg, true)? {
                Some((kind, x, nim)) => ((kind, negated(x), nim), true),
                None => return Ok(None),
            },
        };
        let (uponth, x, nim) = found;
        let mut text = String::new();
        if !x.is_zero() {
            write!(text, "{x}")?;
        }
        text.push(if negative { 'v' } else { '^' });
        text.push_str(if uponth { "<on>" } else { "[on]" });
        if nim >= 1 {
            text.push('*');
            if nim >= 2 {
                write!(text, "{nim}")?;
            }
        }
        Ok(Some(text))
    }

    /// (is uponth, number, nim) if `g` is an upon or uponth form.
    fn upon(&mut self, g: &Stopper, deep: bool) -> Result<Option<(bool, Dyadic, u64)>, PrintError> {
        let lo: Vec<u32> = g.graph.targets(0, Mover::Left).collect();
        let ro: Vec<u32> = g.graph.targets(0, Mover::Right).collect();
        let [r] = ro.as_slice() else { return Ok(None) };
        if lo.len() <= 2
            && let Some(rg) = g.short[*r as usize]
            && let Some(n) = self.engine.as_nus(rg)
            && n.ups == 0
        {
            let x = n.number;
            let m = n.nim;
            let has_pass = lo.contains(&0);
            if m == 0
                && lo.len() == 2
                && has_pass
                && lo.iter().any(|&t| g.short[t as usize] == Some(rg))
            {
                return Ok(Some((false, x, 1)));
            }
            if m != 0 && lo.as_slice() == [0] {
                return Ok(Some((false, x, m ^ 1)));
            }
        }
        if !deep {
            return Ok(None);
        }
        let k = self.sub(g, *r)?;
        let neg_k = self.engine.stopper_neg(&k)?;
        let Some((false, y, n)) = self.upon(&neg_k, false)? else {
            return Ok(None);
        };
        let count = (n ^ 1) + 1;
        if lo.len() as u64 != count {
            return Ok(None);
        }
        let minus_y = self.engine.number(negated(y));
        let mut wanted = Vec::new();
        for k in 0..count {
            let star = self.engine.nimber(k);
            wanted.push(self.engine.add(minus_y, star)?);
        }
        let all = lo
            .iter()
            .all(|&t| g.short[t as usize].is_some_and(|s| wanted.contains(&s)));
        if all {
            return Ok(Some((true, negated(y), n ^ 1)));
        }
        Ok(None)
    }

    /// The options of vertex `v` for `mover` in print order: short games first in their
    /// order, then the others.
    fn sorted(&mut self, s: &Stopper, v: u32, mover: Mover) -> Result<Vec<u32>, PrintError> {
        let printer = &mut *self.printer;
        let mut short_order = |engine: &mut Engine, x: GameId, y: GameId| {
            printer
                .compare_games(engine, x, y)
                .unwrap_or(std::cmp::Ordering::Equal)
        };
        Ok(super::loopy_order::sorted_options(
            self.engine,
            s,
            v,
            mover,
            &mut short_order,
        ))
    }

    /// The generic printer (loopy.md §4.4) for vertex `v` of a canonical stopper.
    fn generic(
        &mut self,
        s: &Stopper,
        v: u32,
        braces: bool,
        naming: &mut Naming,
        out: &mut String,
    ) -> Result<u8, PrintError> {
        self.node(
            v,
            braces,
            naming,
            out,
            |w, mover| w.sorted(s, v, mover),
            |w, t, braces, naming, text| {
                crate::engine::grow(|| w.child(s, t, braces, naming, text))
            },
        )
    }

    /// One node of the generic printer: `v`'s name if it needs one, then its options for each
    /// player (a move back to `v` is `pass`), each printed by `child`, between bars.
    fn node(
        &mut self,
        v: u32,
        braces: bool,
        naming: &mut Naming,
        out: &mut String,
        mut options: impl FnMut(&mut Self, Mover) -> Result<Vec<u32>, PrintError>,
        mut child: impl FnMut(&mut Self, u32, bool, &mut Naming, &mut String) -> Result<u8, PrintError>,
    ) -> Result<u8, PrintError> {
        if naming.refer_back(v, out) {
            return Ok(0);
        }
        self.engine.check_interrupt()?;
        naming.stack.push((v, None));
        let mut bars = 0;
        let mut buffers = [String::new(), String::new()];
        let mut empty = [false, false];
        for (k, mover) in [Mover::Left, Mover::Right].into_iter().enumerate() {
            let options = options(self, mover)?;
            empty[k] = options.is_empty();
            let brace_children = options.len() > 1;
            for (i, &t) in options.iter().enumerate() {
                if i > 0 {
                    buffers[k].push(',');
                }
                if t == v {
                    buffers[k].push_str("pass");
                    continue;
                }
                let mut text = String::new();
                bars = bars.max(child(self, t, brace_children, naming, &mut text)?);
                buffers[k].push_str(&text);
            }
        }
        let (_, own) = naming.stack.pop().unwrap_or((v, None));
        Ok(write_node(
            out,
            own,
            &buffers,
            bars + 1,
            braces || empty[0] || empty[1],
        ))
    }

    /// Option `t` of a canonical stopper inside the generic printer (shared naming).
    fn child(
        &mut self,
        s: &Stopper,
        t: u32,
        braces: bool,
        naming: &mut Naming,
        out: &mut String,
    ) -> Result<u8, PrintError> {
        if let Some(g) = s.short[t as usize] {
            return self.printer.write_short_option(self.engine, g, braces, out);
        }
        if naming.stack.iter().any(|(u, _)| *u == t) {
            return self.generic(s, t, braces, naming, out);
        }
        let sub = self.sub(s, t)?;
        match sub.kind {
            StopperKind::Proper => self.stop(s, t, braces, false, naming, out),
            StopperKind::Short(g) => self.printer.write_short_option(self.engine, g, braces, out),
            _ => {
                pseudonumber(&sub.kind, false, out)?;
                Ok(0)
            }
        }
    }

    /// The generic printer for vertex `v` of a simplified (non-stopper) side graph.
    fn general(
        &mut self,
        g: &Graph,
        cyclic: &[bool],
        v: u32,
        braces: bool,
        naming: &mut Naming,
        out: &mut String,
    ) -> Result<u8, PrintError> {
        self.node(
            v,
            braces,
            naming,
            out,
            |_, mover| Ok(g.targets(v, mover).collect()),
            |w, t, braces, naming, text| {
                if cyclic[t as usize] || naming.stack.iter().any(|(u, _)| *u == t) {
                    return crate::engine::grow(|| w.general(g, cyclic, t, braces, naming, text));
                }
                // An option off every cycle is a stopper of its own, printed as one.
                let sub = w.engine.loopy_canonical(g, t)?;
                match sub.kind {
                    StopperKind::Short(h) => {
                        w.printer.write_short_option(w.engine, h, braces, text)
                    }
                    StopperKind::Proper => {
                        w.stop(&sub, 0, braces, false, &mut Naming::default(), text)
                    }
                    _ => {
                        pseudonumber(&sub.kind, false, text)?;
                        Ok(0)
                    }
                }
            },
        )
    }
}

/// `on`, `off`, `x over`, `x under` (parenthesised when asked and x ≠ 0).
fn pseudonumber(kind: &StopperKind, parens: bool, out: &mut String) -> PrintResult {
    let (x, word) = match kind {
        StopperKind::On => {
            out.push_str("on");
            return Ok(());
        }
        StopperKind::Off => {
            out.push_str("off");
            return Ok(());
        }
        StopperKind::Over(x) => (x, "over"),
        StopperKind::Under(x) => (x, "under"),
        _ => return Ok(()),
    };
    if x.is_zero() {
        out.push_str(word);
    } else if parens {
        write!(out, "({x}{word})")?;
    } else {
        write!(out, "{x}{word}")?;
    }
    Ok(())
}

/// −x (a number part of a printed form; its negative always fits).
fn negated(x: Dyadic) -> Dyadic {
    x.checked_neg().unwrap_or(x)
}
