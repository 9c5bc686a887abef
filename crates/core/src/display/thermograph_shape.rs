//! The shape of a thermograph as the plots draw it (the terminal plot in [`super::plot`], the
//! SVG in [`super::thermograph_svg`]): each wall as a polyline from t = −1 up to the mast's
//! foot, the mast above it, and the exact values worth labelling on each axis.
//!
//! Everything stays exact (dyadic); only the drawings round, and their labels print these
//! values. Labels come in order of importance, so a drawing short of room keeps the first.

use crate::engine::{Dyadic, Thermograph, Trajectory};

/// A point of a wall: (temperature, value).
pub type Point = (Dyadic, Dyadic);

#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The Left wall's corners from t = −1 up to the mast's foot, temperatures increasing.
    pub left: Vec<Point>,
    /// The Right wall's corners, likewise.
    pub right: Vec<Point>,
    /// Where the mast stands: the mean.
    pub mast_value: Dyadic,
    /// The temperature where the walls meet and the mast begins (−1 for a bare mast).
    pub mast_foot: Dyadic,
    /// The highest temperature a drawing must show: the mast's foot, and at least 0.
    pub top: Dyadic,
    /// The largest value drawn (the Left wall at t = −1).
    pub max_value: Dyadic,
    /// The smallest value drawn (the Right wall at t = −1).
    pub min_value: Dyadic,
    /// Temperatures to label, most important first: the mast's foot, 0, −1, then the other
    /// critical temperatures from the top down.
    pub temperatures: Vec<Dyadic>,
    /// Values to label, most important first: the mast, the stops (the walls at t = 0), the
    /// other corners from the top down, then the walls' ends at t = −1. Each comes with the
    /// highest temperature among those places where it is reached (the mast's foot for the
    /// mast), so that a guide line can rise from the axis to it.
    pub values: Vec<Point>,
}

impl Shape {
    /// The shape of `th`; `None` if a value overflows.
    pub fn of(th: &Thermograph) -> Option<Shape> {
        let (lw, rw) = (th.left_wall(), th.right_wall());
        let mast_value = th.mast_value();
        let mast_foot = mast_foot(lw, rw)?;
        let left = corners(lw, mast_foot)?;
        let right = corners(rw, mast_foot)?;
        let top = mast_foot.max(Dyadic::ZERO);
        let ends = (
            lw.value_at(Dyadic::MINUS_ONE)?,
            rw.value_at(Dyadic::MINUS_ONE)?,
        );
        let all_values = left.iter().chain(right.iter()).map(|p| p.1);
        let max_value = all_values.clone().fold(mast_value, Dyadic::max);
        let min_value = all_values.fold(mast_value, Dyadic::min);

        let mut temperatures = vec![mast_foot, Dyadic::ZERO, Dyadic::MINUS_ONE];
        let mut critical: Vec<Dyadic> = lw
            .critical_points()
            .iter()
            .chain(rw.critical_points())
            .copied()
            .collect();
        critical.sort_unstable_by(|a, b| b.cmp(a));
        temperatures.extend(critical);
        dedup_in_order(&mut temperatures);

        // Every labelled place, as (temperature, value), in order of importance.
        let mut places = vec![(mast_foot, mast_value)];
        if mast_foot < Dyadic::ZERO {
            // Above the foot the mast is the stops.
            places.push((Dyadic::ZERO, mast_value));
        } else {
            places.push((Dyadic::ZERO, lw.value_at(Dyadic::ZERO)?));
            places.push((Dyadic::ZERO, rw.value_at(Dyadic::ZERO)?));
        }
        let mut corner_points: Vec<Point> = left
            .iter()
            .chain(right.iter())
            .filter(|p| p.0 > Dyadic::MINUS_ONE)
            .copied()
            .collect();
        corner_points.sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
        places.extend(corner_points);
        places.extend([(Dyadic::MINUS_ONE, ends.0), (Dyadic::MINUS_ONE, ends.1)]);
        let mut value_order: Vec<Dyadic> = places.iter().map(|p| p.1).collect();
        dedup_in_order(&mut value_order);
        let values = value_order
            .into_iter()
            .map(|v| {
                let highest = places.iter().filter(|p| p.1 == v).map(|p| p.0).max();
                (highest.unwrap_or(Dyadic::MINUS_ONE), v)
            })
            .collect();

        Some(Shape {
            left,
            right,
            mast_value,
            mast_foot,
            top,
            max_value,
            min_value,
            temperatures,
            values,
        })
    }
}

/// The lowest temperature from which the walls coincide. The walls can only meet at a corner
/// of one of them (or at −1): the Left wall never increases and the Right wall never
/// decreases with t, so once equal they stay equal.
fn mast_foot(left: &Trajectory, right: &Trajectory) -> Option<Dyadic> {
    let mut candidates: Vec<Dyadic> = left
        .critical_points()
        .iter()
        .chain(right.critical_points())
        .copied()
        .chain([Dyadic::MINUS_ONE])
        .collect();
    candidates.sort_unstable();
    for t in candidates {
        if left.value_at(t)? == right.value_at(t)? {
            return Some(t);
        }
    }
    // Walls that never meet are not a thermograph; stand the mast on the highest corner.
    left.top_critical_point()
        .max(right.top_critical_point())
        .or(Some(Dyadic::MINUS_ONE))
}

/// The corners of `wall` from t = −1 up to `foot`, temperatures increasing.
fn corners(wall: &Trajectory, foot: Dyadic) -> Option<Vec<Point>> {
    let mut temps = vec![Dyadic::MINUS_ONE];
    temps.extend(
        wall.critical_points()
            .iter()
            .rev()
            .copied()
            .filter(|&c| c > Dyadic::MINUS_ONE && c < foot),
    );
    if foot > Dyadic::MINUS_ONE {
        temps.push(foot);
    }
    temps
        .into_iter()
        .map(|t| Some((t, wall.value_at(t)?)))
        .collect()
}

/// Drop repeats, keeping each value's first (most important) place.
fn dedup_in_order(values: &mut Vec<Dyadic>) {
    let mut seen = Vec::with_capacity(values.len());
    values.retain(|v| {
        let new = !seen.contains(v);
        if new {
            seen.push(*v);
        }
        new
    });
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::engine::testutil::game;

    /// The thermograph of a game written as the engine's test reader takes it.
    pub(crate) fn thermograph_of(text: &str) -> Thermograph {
        let mut e = Engine::new();
        let g = game(&mut e, text);
        e.thermograph(g).expect("thermograph")
    }

    pub(crate) fn d(s: &str) -> Dyadic {
        let (num, den) = s.split_once('/').unwrap_or((s, "1"));
        let den: i128 = den.parse().expect("denominator");
        Dyadic::new(num.parse().expect("numerator"), den.trailing_zeros()).expect("dyadic")
    }

    fn ds(list: &[&str]) -> Vec<Dyadic> {
        list.iter().map(|s| d(s)).collect()
    }

    fn points(list: &[(&str, &str)]) -> Vec<Point> {
        list.iter().map(|(t, v)| (d(t), d(v))).collect()
    }

    #[test]
    fn switch_with_a_bent_right_wall() {
        // {3||2*|1*}: Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])
        let s = Shape::of(&thermograph_of("{3||2*|1*}")).expect("shape");
        assert_eq!(s.mast_foot, d("3/4"));
        assert_eq!(s.top, d("3/4"));
        assert_eq!(s.left, points(&[("-1", "4"), ("3/4", "9/4")]));
        assert_eq!(
            s.right,
            points(&[("-1", "1"), ("0", "2"), ("1/2", "2"), ("3/4", "9/4")])
        );
        assert_eq!((s.max_value, s.min_value), (d("4"), d("1")));
        assert_eq!(s.temperatures, ds(&["3/4", "0", "-1", "1/2"]));
        assert_eq!(
            s.values,
            points(&[
                ("3/4", "9/4"),
                ("0", "3"),
                ("1/2", "2"),
                ("-1", "4"),
                ("-1", "1")
            ])
        );
    }

    #[test]
    fn integers_are_a_bare_mast() {
        let s = Shape::of(&thermograph_of("5")).expect("shape");
        assert_eq!(s.mast_foot, d("-1"));
        assert_eq!(s.top, d("0"));
        assert_eq!(s.left, points(&[("-1", "5")]));
        assert_eq!(s.right, s.left);
        assert_eq!(s.temperatures, ds(&["-1", "0"]));
        assert_eq!(s.values, points(&[("0", "5")]));
    }

    #[test]
    fn numbers_and_infinitesimals() {
        let half = Shape::of(&thermograph_of("1/2")).expect("shape");
        assert_eq!(half.mast_foot, d("-1/2"));
        assert_eq!(half.top, d("0"));
        assert_eq!(half.left, points(&[("-1", "1"), ("-1/2", "1/2")]));
        assert_eq!(half.right, points(&[("-1", "0"), ("-1/2", "1/2")]));
        let up = Shape::of(&thermograph_of("^")).expect("shape");
        assert_eq!(up.mast_foot, d("0"));
        assert_eq!(up.left, points(&[("-1", "1"), ("0", "0")]));
        assert_eq!(up.right, points(&[("-1", "0"), ("0", "0")]));
        assert_eq!(up.values, points(&[("0", "0"), ("-1", "1")]));
    }
}
