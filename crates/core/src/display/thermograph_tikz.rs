//! Thermographs as TikZ pictures (`draw(G.Thermograph, "g.tex")`), in the convention of the
//! terminal plot and the SVG: temperature upwards from t = −1, values increasing to the LEFT,
//! one scale on both axes. The Left wall is blue, the Right wall red, the mast black with an
//! arrowhead; the mast, the stops and the critical temperatures are labelled exactly.

use super::picture::{tikz_colour_name, tikz_colours};
use super::thermograph_shape::{Point, Shape};
use crate::engine::{Dyadic, Thermograph};
use crate::value::picture::Tint;
use std::fmt::Write;

/// The picture is at most this wide (cm) and one unit at most this long.
const MAX_WIDTH_CM: f64 = 10.0;
const MAX_UNIT_CM: f64 = 2.0;
/// Value labels beyond these are left out (the first are the most important).
const MAX_VALUE_LABELS: usize = 6;
const MAX_TEMPERATURE_LABELS: usize = 5;

/// The TikZ picture of `th`, headed by a comment naming `title`; `None` if its values are too
/// large to place. Labels are numbers, written in math mode as they print.
pub fn tikz(th: &Thermograph, title: &str) -> Option<String> {
    let shape = Shape::of(th)?;
    let (min_v, max_v) = (shape.min_value.approx(), shape.max_value.approx());
    let top = shape.top.approx() + 1.0;
    let span = (max_v - min_v).max(1.0) + 1.0;
    let unit = (MAX_WIDTH_CM / span).min(MAX_UNIT_CM);
    // x grows to the right as values fall; the Left wall (largest values) sits at the left.
    let x = |v: Dyadic| coordinate(-(v.approx()) * unit);
    let y = |t: Dyadic| coordinate(t.approx() * unit);
    let (x_low, x_high) = (
        coordinate(-(max_v + 0.5) * unit),
        coordinate(-(min_v - 0.5) * unit),
    );
    let y_bottom = coordinate(-unit);
    let y_top = coordinate(top * unit);

    let mut out = format!("% {}\n\\begin{{tikzpicture}}\n", title.replace('\n', " "));
    out.push_str(&tikz_colours());
    // Axes: the value axis at t = 0 (dashed), the temperature axis at the right edge.
    let _ = writeln!(
        out,
        "\\draw[gray,dashed] ({x_low},0) -- ({x_high},0);\n\\draw[gray] ({x_high},{y_bottom}) -- ({x_high},{y_top});"
    );
    for t in shape.temperatures.iter().take(MAX_TEMPERATURE_LABELS) {
        let _ = writeln!(
            out,
            "\\draw[gray] ({x_high},{ty}) -- ++(0.1,0) node[right,font=\\scriptsize] {{${}$}};",
            t,
            ty = y(*t)
        );
    }
    let mut labelled: Vec<Dyadic> = Vec::new();
    for &(_, v) in shape.values.iter() {
        if labelled.len() == MAX_VALUE_LABELS {
            break;
        }
        if !labelled.contains(&v) {
            labelled.push(v);
            let _ = writeln!(
                out,
                "\\draw[gray] ({vx},{y_bottom}) -- ++(0,-0.1) node[below,font=\\scriptsize] {{${}$}};",
                v,
                vx = x(v)
            );
        }
    }
    let wall = |points: &[Point]| {
        points
            .iter()
            .map(|&(t, v)| format!("({},{})", x(v), y(t)))
            .collect::<Vec<_>>()
            .join(" -- ")
    };
    let _ = writeln!(
        out,
        "\\draw[{},thick] {};",
        tikz_colour_name(Tint::Left),
        wall(&shape.left)
    );
    let _ = writeln!(
        out,
        "\\draw[{},thick] {};",
        tikz_colour_name(Tint::Right),
        wall(&shape.right)
    );
    let _ = writeln!(
        out,
        "\\draw[black,thick,->] ({mx},{foot}) -- ({mx},{y_top});",
        mx = x(shape.mast_value),
        foot = y(shape.mast_foot)
    );
    out.push_str("\\end{tikzpicture}\n");
    Some(out)
}

/// A coordinate in cm with three decimals, without a negative zero.
fn coordinate(v: f64) -> String {
    let s = format!("{v:.3}");
    if s == "-0.000" { "0.000".into() } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    #[test]
    fn a_switch_has_two_walls_a_mast_and_exact_labels() {
        let mut e = Engine::new();
        let (three, minus_one) = (e.integer(3), e.integer(-1));
        let g = e.game_from_options(&[three], &[minus_one]).expect("game");
        let th = e.thermograph(g).expect("thermograph");
        let t = tikz(&th, "{3|-1}").expect("picture");
        assert!(t.starts_with("% {3|-1}\n"), "{t}");
        assert_eq!(t.matches("\\draw[cgcalcLeft,thick]").count(), 1);
        assert_eq!(t.matches("\\draw[cgcalcRight,thick]").count(), 1);
        // The mast stands at 1 (x = -1 unit), from t = 2.
        assert!(t.contains("{$1$}"), "{t}");
        assert!(t.contains("{$2$}"), "{t}");
        assert_eq!(t, tikz(&th, "{3|-1}").expect("again"));
    }
}
