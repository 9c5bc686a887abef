//! Trajectories: continuous piecewise-linear functions of the temperature t on [−1, ∞), the
//! walls and scaffolds of thermographs.
//!
//! A trajectory is given as CGSuite gives it: the mast value (the value at t = 0 of the line
//! that forms the top segment; for a wall, whose top segment is vertical, simply its value
//! there), the critical temperatures from high to low, and the slope dv/dt of each segment
//! from the top one down. Everything is exact: values and temperatures are dyadic, slopes are
//! integers. Representations are kept normal (no critical point where the slope does not
//! change, none at or below −1, where the domain ends), so equal trajectories are equal
//! structurally and print identically.
//!
//! Crossings of two segments lie at (difference of values) / (difference of slopes); they are
//! dyadic when slopes differ by a power of two, which always holds for thermographs (slopes
//! 0 and ±1). Operations return `None` on overflow or when a crossing would not be dyadic.

use super::dyadic::Dyadic;
use std::fmt;

/// A continuous piecewise-linear function of t ∈ [−1, ∞).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory {
    /// Critical temperatures, strictly decreasing, all > −1.
    critical: Vec<Dyadic>,
    /// Segment i (0 = top) is v(t) = intercepts[i] + slopes[i]·t. Segment 0 covers
    /// t ≥ critical[0], segment i covers [critical[i], critical[i−1]], the last one everything
    /// below the lowest critical temperature.
    intercepts: Vec<Dyadic>,
    slopes: Vec<i64>,
}

/// One linear piece while a trajectory is being assembled: the line intercept + slope·t,
/// valid down to `lower` (`None`: down to −1 and beyond).
#[derive(Clone, Copy, Debug)]
struct Piece {
    lower: Option<Dyadic>,
    intercept: Dyadic,
    slope: i64,
}

/// intercept + slope·t
fn line_at(intercept: Dyadic, slope: i64, t: Dyadic) -> Option<Dyadic> {
    t.checked_mul_int(slope as i128)?.checked_add(&intercept)
}

/// x / d for d = ±2^j; `None` for other divisors (the quotient might not be dyadic).
fn div_power_of_two(x: Dyadic, d: i64) -> Option<Dyadic> {
    let magnitude = d.unsigned_abs();
    if magnitude == 0 || !magnitude.is_power_of_two() {
        return None;
    }
    let num = if d < 0 {
        x.numerator().checked_neg()?
    } else {
        x.numerator()
    };
    Dyadic::new(num, x.exponent().checked_add(magnitude.trailing_zeros())?)
}

/// Where the lines (ia + sa·t) and (ib + sb·t) meet; they must have different slopes.
fn meeting_point(ia: Dyadic, sa: i64, ib: Dyadic, sb: i64) -> Option<Dyadic> {
    div_power_of_two(ib.checked_sub(&ia)?, sa.checked_sub(sb)?)
}

impl Trajectory {
    /// The constant trajectory v (a bare mast).
    pub fn constant(v: Dyadic) -> Trajectory {
        Trajectory {
            critical: Vec::new(),
            intercepts: vec![v],
            slopes: vec![0],
        }
    }

    /// A trajectory in CGSuite's terms: mast value, critical temperatures (strictly
    /// decreasing) and one slope per segment, top first. `None` if the lists do not fit
    /// together or a value overflows. The result is normalised.
    pub fn new(mast: Dyadic, critical: &[Dyadic], slopes: &[i64]) -> Option<Trajectory> {
        if slopes.len() != critical.len() + 1 || critical.windows(2).any(|w| w[0] <= w[1]) {
            return None;
        }
        let mut pieces = Vec::with_capacity(slopes.len());
        let mut intercept = mast;
        for (i, &slope) in slopes.iter().enumerate() {
            if i > 0 {
                // Continuity at critical[i−1]: a + s·c = a' + s'·c.
                let c = critical[i - 1];
                let shift = c.checked_mul_int(slopes[i - 1] as i128 - slope as i128)?;
                intercept = intercept.checked_add(&shift)?;
            }
            pieces.push(Piece {
                lower: critical.get(i).copied(),
                intercept,
                slope,
            });
        }
        Some(Trajectory::from_pieces(&pieces))
    }

    /// The value at t → the top segment's line at t = 0 (CGSuite's "mast value").
    pub fn mast_value(&self) -> Dyadic {
        self.intercepts[0]
    }

    /// Critical temperatures, from high to low.
    pub fn critical_points(&self) -> &[Dyadic] {
        &self.critical
    }

    /// Slopes dv/dt of the segments, from the top one down.
    pub fn slopes(&self) -> &[i64] {
        &self.slopes
    }

    /// Bytes held on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        (self.critical.capacity() + self.intercepts.capacity()) * size_of::<Dyadic>()
            + self.slopes.capacity() * size_of::<i64>()
    }

    /// The highest critical temperature, if any.
    pub fn top_critical_point(&self) -> Option<Dyadic> {
        self.critical.first().copied()
    }

    /// Index of the segment that holds t (at a critical point both neighbours agree; the
    /// upper one is taken).
    fn segment_at(&self, t: Dyadic) -> usize {
        self.critical
            .iter()
            .position(|&c| t >= c)
            .unwrap_or(self.critical.len())
    }

    /// The value at temperature t.
    pub fn value_at(&self, t: Dyadic) -> Option<Dyadic> {
        let i = self.segment_at(t);
        line_at(self.intercepts[i], self.slopes[i], t)
    }

    /// The trajectory plus k·t (k = −1 turns a Right wall into a left scaffold).
    pub fn tilt(&self, k: i64) -> Option<Trajectory> {
        let slopes = self
            .slopes
            .iter()
            .map(|s| s.checked_add(k))
            .collect::<Option<Vec<_>>>()?;
        Some(Trajectory {
            critical: self.critical.clone(),
            intercepts: self.intercepts.clone(),
            slopes,
        })
    }

    /// Pointwise maximum.
    pub fn max(&self, other: &Trajectory) -> Option<Trajectory> {
        self.combine(other, true)
    }

    /// Pointwise minimum.
    pub fn min(&self, other: &Trajectory) -> Option<Trajectory> {
        self.combine(other, false)
    }

    /// The critical points of both trajectories, merged, decreasing, without repeats.
    fn merged_breaks(&self, other: &Trajectory) -> Vec<Dyadic> {
        let mut breaks: Vec<Dyadic> = self
            .critical
            .iter()
            .chain(other.critical.iter())
            .copied()
            .collect();
        breaks.sort_unstable_by(|a, b| b.cmp(a));
        breaks.dedup();
        breaks
    }

    /// The intervals between the merged critical points, from the top down, as
    /// (upper end, lower end, segment of self, segment of other); the upper end is `None` for
    /// the top interval and the lower end `None` for the bottom one (which ends at −1).
    fn intervals(&self, other: &Trajectory) -> Vec<(Option<Dyadic>, Option<Dyadic>, usize, usize)> {
        let breaks = self.merged_breaks(other);
        let mut out = Vec::with_capacity(breaks.len() + 1);
        for j in 0..=breaks.len() {
            let upper = j.checked_sub(1).map(|k| breaks[k]);
            let lower = breaks.get(j).copied();
            // The segment just below `upper` (or the top one).
            let seg = |tr: &Trajectory| match lower {
                Some(lo) => tr.critical.iter().filter(|&&c| c > lo).count(),
                None => tr.critical.len(),
            };
            out.push((upper, lower, seg(self), seg(other)));
        }
        out
    }

    fn combine(&self, other: &Trajectory, want_max: bool) -> Option<Trajectory> {
        let mut pieces: Vec<Piece> = Vec::new();
        for (upper, lower, i, j) in self.intervals(other) {
            let (ia, sa) = (self.intercepts[i], self.slopes[i]);
            let (ib, sb) = (other.intercepts[j], other.slopes[j]);
            let a = Piece {
                lower,
                intercept: ia,
                slope: sa,
            };
            let b = Piece {
                lower,
                intercept: ib,
                slope: sb,
            };
            if sa == sb {
                let a_wins = (ia >= ib) == want_max;
                pieces.push(if a_wins { a } else { b });
                continue;
            }
            // Above the meeting point the steeper line is the larger one.
            let (steep, flat) = if sa > sb { (a, b) } else { (b, a) };
            let (above, below) = if want_max {
                (steep, flat)
            } else {
                (flat, steep)
            };
            let meet = meeting_point(ia, sa, ib, sb)?;
            let below_interval = lower.is_some_and(|lo| meet <= lo) || meet <= Dyadic::MINUS_ONE;
            if below_interval {
                pieces.push(above);
            } else if upper.is_some_and(|hi| meet >= hi) {
                pieces.push(below);
            } else {
                pieces.push(Piece {
                    lower: Some(meet),
                    ..above
                });
                pieces.push(below);
            }
        }
        Some(Trajectory::from_pieces(&pieces))
    }

    /// Assemble from pieces listed top-down, merging equal neighbours and dropping whatever
    /// lies at or below t = −1.
    fn from_pieces(pieces: &[Piece]) -> Trajectory {
        let mut critical = Vec::new();
        let mut intercepts: Vec<Dyadic> = Vec::new();
        let mut slopes: Vec<i64> = Vec::new();
        // The lower end of the line being extended, once known.
        let mut pending_lower: Option<Dyadic> = None;
        for p in pieces {
            let same_line =
                intercepts.last() == Some(&p.intercept) && slopes.last() == Some(&p.slope);
            if !same_line {
                if let Some(lo) = pending_lower {
                    critical.push(lo);
                }
                intercepts.push(p.intercept);
                slopes.push(p.slope);
            }
            match p.lower {
                Some(lo) if lo > Dyadic::MINUS_ONE => pending_lower = Some(lo),
                // The domain ends at −1: nothing below matters.
                _ => break,
            }
        }
        Trajectory {
            critical,
            intercepts,
            slopes,
        }
    }

    /// The least t ≥ −1 above which `left` ≤ `right` everywhere: where a thermograph's mast
    /// stands on its scaffolds. `None` if `left` exceeds `right` for all large t (or on
    /// overflow).
    pub fn crossing(left: &Trajectory, right: &Trajectory) -> Option<Dyadic> {
        for (upper, lower, i, j) in left.intervals(right) {
            let (ia, sa) = (left.intercepts[i], left.slopes[i]);
            let (ib, sb) = (right.intercepts[j], right.slopes[j]);
            if upper.is_none() {
                // Far up, left − right must not stay positive.
                if sa > sb || (sa == sb && ia > ib) {
                    return None;
                }
            }
            let lo = lower.unwrap_or(Dyadic::MINUS_ONE);
            let d = line_at(ia, sa, lo)?.checked_sub(&line_at(ib, sb, lo)?)?;
            if d.signum() > 0 {
                // left − right is ≤ 0 at the top of this interval and > 0 at its bottom: it
                // changes sign inside (the slopes differ).
                return meeting_point(ia, sa, ib, sb);
            }
        }
        Some(Dyadic::MINUS_ONE)
    }

    /// This trajectory below t, and the constant v above it (a mast standing at t).
    pub fn with_mast(&self, t: Dyadic, v: Dyadic) -> Trajectory {
        let mut pieces = vec![Piece {
            lower: Some(t),
            intercept: v,
            slope: 0,
        }];
        if t > Dyadic::MINUS_ONE {
            // Segments of self below t: the one just below t, then the rest.
            let first = self.critical.iter().filter(|&&c| c >= t).count();
            for i in first..self.slopes.len() {
                pieces.push(Piece {
                    lower: self.critical.get(i).copied(),
                    intercept: self.intercepts[i],
                    slope: self.slopes[i],
                });
            }
        }
        Trajectory::from_pieces(&pieces)
    }
}

impl fmt::Display for Trajectory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trajectory(")?;
        write_parts(f, self)?;
        write!(f, ")")
    }
}

/// `mast,[c1,c2],[s0,s1,s2]`, the shared part of the Trajectory and Thermograph forms.
pub(super) fn write_parts(f: &mut fmt::Formatter<'_>, tr: &Trajectory) -> fmt::Result {
    write!(f, "{},[", tr.mast_value())?;
    for (i, c) in tr.critical.iter().enumerate() {
        if i > 0 {
            write!(f, ",")?;
        }
        write!(f, "{c}")?;
    }
    write!(f, "],[")?;
    for (i, s) in tr.slopes.iter().enumerate() {
        if i > 0 {
            write!(f, ",")?;
        }
        write!(f, "{s}")?;
    }
    write!(f, "]")
}
