//! Explicit games in CGSuite's quote notation (misere.md §C.7): `'{…|…}'`, where an option
//! that is a normal-play canonical form prints as that value and any other option is quoted
//! again, in order of birthday, then of literal notation; a formal sum prints its summands
//! joined by ` + `. Every printed form pastes back as the same form.

use super::notation::{PrintResult, Printer};
use crate::engine::Engine;
use crate::misere::form::{FormId, with_forms};
use crate::misere::form_values::NormalValues;
use crate::value::Explicit;
use std::fmt::Write;

impl Printer {
    pub(super) fn write_explicit(
        &mut self,
        engine: &mut Engine,
        e: &Explicit,
        out: &mut dyn Write,
    ) -> PrintResult {
        let mut values = NormalValues::new();
        for (i, part) in e.parts.iter().enumerate() {
            if i > 0 {
                out.write_str(" + ")?;
            }
            if part.quoted {
                self.write_quoted(engine, part.form, &mut values, out)?;
            } else {
                let g = values.value(engine, part.form)?;
                self.write_game(engine, g, out)?;
            }
        }
        Ok(())
    }

    fn write_quoted(
        &mut self,
        engine: &mut Engine,
        f: FormId,
        values: &mut NormalValues,
        out: &mut dyn Write,
    ) -> PrintResult {
        crate::engine::grow(|| {
            let (left, right) = with_forms(|a| -> crate::engine::EngineResult<_> {
                Ok((
                    ordered(a, a.left(f).to_vec())?,
                    ordered(a, a.right(f).to_vec())?,
                ))
            })?;
            out.write_str("'{")?;
            for (side, options) in [left, right].into_iter().enumerate() {
                if side == 1 {
                    out.write_char('|')?;
                }
                for (i, &o) in options.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    if values.is_canonical(engine, o)? {
                        let g = values.value(engine, o)?;
                        self.write_game(engine, g, out)?;
                    } else {
                        self.write_quoted(engine, o, values, out)?;
                    }
                }
            }
            out.write_str("}'")?;
            Ok(())
        })
    }
}

/// Options by birthday, then by literal notation.
fn ordered(
    arena: &mut crate::misere::form::FormArena,
    options: Vec<FormId>,
) -> crate::engine::EngineResult<Vec<FormId>> {
    let mut keyed = Vec::with_capacity(options.len());
    for o in options {
        keyed.push(((arena.birthday(o), arena.render(o)?), o));
    }
    keyed.sort();
    Ok(keyed.into_iter().map(|(_, o)| o).collect())
}
