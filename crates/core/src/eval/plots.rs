//! Scatter plots of number sequences as text (`plot(S)`, `S.ScatterPlot`): a nim-value
//! sequence or any list of numbers, drawn by [`crate::display::scatter`] with exact labels.

use super::convert::type_name;
use super::{EvalError, EvalResult, Evaluator, Value};
use crate::display::picture::scatter_files::{self, ScatterLabels};
use crate::display::picture::{FileError, Format};
use crate::value::Rational;

impl Evaluator<'_> {
    /// The scatter plot of a sequence, list or range of numbers.
    /// `file`: write it there (`.svg` or `.tex`) instead.
    pub(super) fn scatter_plot_of(&mut self, v: &Value, file: Option<&Value>) -> EvalResult<Value> {
        // The positions to plot, and the exact smallest and largest values for the labels.
        let (values, low, high): (Vec<f64>, String, String) = match v {
            // A nim sequence plots without listing its values as `Value`s.
            Value::Sequence(seq) => {
                let low = seq.iter().min().ok_or_else(nothing_to_plot)?;
                let high = seq.iter().max().ok_or_else(nothing_to_plot)?;
                let values = seq.iter().map(f64::from).collect();
                (values, low.to_string(), high.to_string())
            }
            Value::List(_) | Value::Range(_) => {
                let items = super::collections::as_list(v, self.engine)?;
                let mut numbers: Vec<Rational> = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    self.engine.check_interrupt()?;
                    numbers.push(self.plotted_number(item).ok_or_else(|| {
                        EvalError::new(format!(
                            "a scatter plot shows numbers; element {i} is {}",
                            type_name(item)
                        ))
                    })?);
                }
                let low = numbers
                    .iter()
                    .min()
                    .ok_or_else(nothing_to_plot)?
                    .to_string();
                let high = numbers
                    .iter()
                    .max()
                    .ok_or_else(nothing_to_plot)?
                    .to_string();
                // Positions only need to be approximate (the labels are exact); a number past
                // f64's range has none, and sits at 0.
                let values = numbers.iter().map(super::pictures::approx).collect();
                (values, low, high)
            }
            other => {
                return Err(EvalError::new(format!(
                    "a scatter plot shows a list or nim sequence of numbers, not {}",
                    type_name(other)
                )));
            }
        };
        let last = (values.len() - 1).to_string();
        let Some(file) = file else {
            let text = crate::display::scatter::scatter_plot(&values, &low, &high, &last);
            return Ok(Value::text("plot", text));
        };
        let path = super::pictures::file_path(file, "plot")?;
        let title = format!("{} values", values.len());
        let labels = ScatterLabels {
            low: &low,
            high: &high,
            last: &last,
            title: &title,
        };
        let contents = match Format::of(path).map_err(super::pictures::file_error)? {
            Format::Svg => scatter_files::scatter_svg(&values, &labels),
            Format::Tikz => scatter_files::scatter_tikz(&values, &labels),
            Format::Dot => {
                return Err(super::pictures::file_error(FileError::NotAGraph));
            }
        };
        super::pictures::save(path, &contents)
    }

    /// An element as a number to plot: a number, or a game that is one.
    pub(super) fn plotted_number(&mut self, v: &Value) -> Option<Rational> {
        match v {
            Value::Number(r) => Some(r.clone()),
            Value::Game(g) => self.engine.as_number(*g).map(Rational::from),
            _ => None,
        }
    }
}

fn nothing_to_plot() -> EvalError {
    EvalError::new("nothing to plot: the sequence is empty")
}
