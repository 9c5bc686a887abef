//! Thermographs, mean and temperature; cooling, heating, overheating and freezing.
//!
//! The thermograph of a canonical game is computed once per [`GameId`] and cached. Integers
//! are a bare mast. Other games follow the recursion: the left scaffold is the maximum of the
//! Right walls of the Left options tilted by −t, the right scaffold the minimum of the Left
//! walls of the Right options tilted by +t, and a vertical mast stands where the scaffolds
//! meet. Non-integer numbers take the same recursion through their two number options (so
//! `1/4` has walls with kinks at −1/4 and −1/2, as the recursion gives), while games
//! x + n·↑ + *m that are not numbers use closed forms and never build option trees.
//!
//! Temperature follows CGSuite: −1/2^k for a number m/2^k in lowest terms (−1 for integers),
//! 0 for a number plus a nonzero infinitesimal (L = R), otherwise the height where the mast
//! begins. Cooling, heating and overheating are memoised per (game, parameters).

use super::arena::{Engine, EngineError, EngineResult, GameId};
use super::dyadic::Dyadic;
use super::nus::Nus;
use super::trajectory::{Trajectory, write_parts};
use rustc_hash::FxHashMap;
use std::fmt;
use std::mem::size_of;

/// A thermograph: a Left wall and a Right wall over t ∈ [−1, ∞), meeting in a vertical mast.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
}

impl Thermograph {
    pub fn new(left: Trajectory, right: Trajectory) -> Thermograph {
        Thermograph { left, right }
    }

    /// A bare mast at v (the thermograph of an integer).
    pub fn mast(v: Dyadic) -> Thermograph {
        Thermograph::new(Trajectory::constant(v), Trajectory::constant(v))
    }

    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The wall on one side (`left` true: the Left wall), as CGSuite's `.Wall(Left/Right)`.
    pub fn wall(&self, left: bool) -> &Trajectory {
        if left { &self.left } else { &self.right }
    }

    /// Where the mast stands horizontally: the mean.
    pub fn mast_value(&self) -> Dyadic {
        self.left.mast_value()
    }

    /// The highest critical temperature of either wall (`None` for a bare mast). For a game
    /// with L > R this is its temperature.
    pub fn top_critical_point(&self) -> Option<Dyadic> {
        match (
            self.left.top_critical_point(),
            self.right.top_critical_point(),
        ) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    fn heap_bytes(&self) -> usize {
        self.left.heap_bytes() + self.right.heap_bytes()
    }
}

impl fmt::Display for Thermograph {
    /// CGSuite's form: `Thermograph(mastL,[cpsL],[slopesL],mastR,[cpsR],[slopesR])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph(")?;
        write_parts(f, &self.left)?;
        write!(f, ",")?;
        write_parts(f, &self.right)?;
        write!(f, ")")
    }
}

/// Per-game caches of thermographs and of cooled / heated / overheated games.
#[derive(Default)]
pub struct ThermoCaches {
    graphs: FxHashMap<GameId, Thermograph>,
    /// Heap bytes held by the walls in `graphs`.
    graph_heap_bytes: usize,
    cooled: FxHashMap<(GameId, Dyadic), GameId>,
    heated: FxHashMap<(GameId, GameId), GameId>,
    overheated: FxHashMap<(GameId, GameId, GameId), GameId>,
}

impl ThermoCaches {
    pub fn memory_bytes(&self) -> usize {
        // One control byte per bucket besides key and value (hashbrown's layout).
        let entry = |k: usize, v: usize| k + v + 1;
        self.graphs.capacity() * entry(size_of::<GameId>(), size_of::<Thermograph>())
            + self.graph_heap_bytes
            + self.cooled.capacity() * entry(size_of::<(GameId, Dyadic)>(), size_of::<GameId>())
            + self.heated.capacity() * entry(size_of::<(GameId, GameId)>(), size_of::<GameId>())
            + self.overheated.capacity()
                * entry(size_of::<(GameId, GameId, GameId)>(), size_of::<GameId>())
    }
}

/// The thermograph of G = x + ups·↑ + *nim when that is not a number, from the walls of x.
///
/// The mast stands at x from t = 0. Below 0 each wall follows one of two curves: "slanted"
/// (Left: RightWall(x) − t, Right: LeftWall(x) + t; for an integer x the lines x ∓ t) or
/// "vertical" (Left: LeftWall(x), Right: RightWall(x); for an integer the constant x). This
/// holds by induction over the options, since tilting turns one kind into the other: a
/// Left option whose Right wall is slanted gives a vertical left scaffold and vice versa.
/// *m and x ± ↑* slant on both sides; otherwise positive ups slant on the Left only (the
/// Right option's Left wall cancels the tilt), negative ups on the Right only. Where a side
/// has options of both kinds (*m with m ≥ 2, ↑* on the Left, ↓* on the Right) the scaffold
/// is their maximum (minimum).
fn nus_thermograph(n: Nus, number: &Thermograph) -> Option<Thermograph> {
    let x = n.number;
    let (lx, rx) = (number.left_wall(), number.right_wall());
    let slanted_left = rx.tilt(-1)?;
    let slanted_right = lx.tilt(1)?;
    let both = n.ups == 0 || (n.ups.unsigned_abs() == 1 && n.nim == 1);
    let mixed_left = (n.ups == 0 && n.nim >= 2) || (n.ups == 1 && n.nim == 1);
    let mixed_right = (n.ups == 0 && n.nim >= 2) || (n.ups == -1 && n.nim == 1);
    let left = if mixed_left {
        slanted_left.max(lx)?
    } else if both || n.ups > 0 {
        slanted_left
    } else {
        lx.clone()
    };
    let right = if mixed_right {
        slanted_right.min(rx)?
    } else if both || n.ups < 0 {
        slanted_right
    } else {
        rx.clone()
    };
    Some(Thermograph::new(
        left.with_mast(Dyadic::ZERO, x),
        right.with_mast(Dyadic::ZERO, x),
    ))
}

impl Engine {
    /// The thermograph of g (cached).
    pub fn thermograph(&mut self, g: GameId) -> EngineResult<Thermograph> {
        if let Some(t) = self.thermo.graphs.get(&g) {
            return Ok(t.clone());
        }
        let t = match self.as_nus(g) {
            Some(n) if n.is_number() && n.number.is_integer() => Thermograph::mast(n.number),
            Some(n) if !n.is_number() => {
                let x = self.number(n.number);
                let number = self.thermograph(x)?;
                nus_thermograph(n, &number).ok_or(EngineError::Overflow)?
            }
            _ => {
                self.fill_bottom_up(
                    g,
                    |e, x| e.as_nus(x).is_some() || e.thermo.graphs.contains_key(&x),
                    |e, x| e.thermograph(x).map(drop),
                )?;
                if let Some(t) = self.thermo.graphs.get(&g) {
                    return Ok(t.clone());
                }
                self.thermograph_from_options(g)?
            }
        };
        self.thermo.graph_heap_bytes += t.heap_bytes();
        self.thermo.graphs.insert(g, t.clone());
        Ok(t)
    }

    /// The thermograph by the scaffold recursion over g's canonical options (not cached).
    fn thermograph_from_options(&mut self, g: GameId) -> EngineResult<Thermograph> {
        self.poll()?;
        crate::engine::grow(|| {
            let overflow = || EngineError::Overflow;
            let mut left: Option<Trajectory> = None;
            for option in self.left_options(g)? {
                let wall = self.thermograph(option)?.right;
                left = Some(match left {
                    None => wall,
                    Some(acc) => acc.max(&wall).ok_or_else(overflow)?,
                });
            }
            let mut right: Option<Trajectory> = None;
            for option in self.right_options(g)? {
                let wall = self.thermograph(option)?.left;
                right = Some(match right {
                    None => wall,
                    Some(acc) => acc.min(&wall).ok_or_else(overflow)?,
                });
            }
            let (Some(left), Some(right)) = (left, right) else {
                // A canonical game lacking options on one side is an integer, handled before we
                // get here; answer with its bare mast all the same.
                return Ok(Thermograph::mast(self.left_stop(g)));
            };
            let left = left.tilt(-1).ok_or_else(overflow)?;
            let right = right.tilt(1).ok_or_else(overflow)?;
            let t = Trajectory::crossing(&left, &right).ok_or_else(overflow)?;
            let v = left.value_at(t).ok_or_else(overflow)?;
            Ok(Thermograph::new(
                left.with_mast(t, v),
                right.with_mast(t, v),
            ))
        })
    }

    /// The mean (the mast's value).
    pub fn mean(&mut self, g: GameId) -> EngineResult<Dyadic> {
        if let Some(n) = self.as_nus(g) {
            return Ok(n.number);
        }
        // The mean lies between the stops; equal stops (every infinitesimal shift of a
        // number) fix it without the thermograph of each follower.
        let stop = self.left_stop(g);
        if stop == self.right_stop(g) {
            return Ok(stop);
        }
        Ok(self.thermograph(g)?.mast_value())
    }

    /// The temperature: −1/2^k for a number m/2^k (−1 for integers), 0 for a number plus a
    /// nonzero infinitesimal, otherwise where the thermograph's mast begins.
    pub fn temperature(&mut self, g: GameId) -> EngineResult<Dyadic> {
        if let Some(x) = self.as_number(g) {
            let unit = Dyadic::unit(x.exponent()).ok_or(EngineError::Overflow)?;
            return unit.checked_neg().ok_or(EngineError::Overflow);
        }
        if self.left_stop(g) == self.right_stop(g) {
            return Ok(Dyadic::ZERO);
        }
        // L > R: the scaffolds meet above 0, so the walls have a critical point there.
        Ok(self
            .thermograph(g)?
            .top_critical_point()
            .unwrap_or(Dyadic::ZERO))
    }

    /// g cooled by t (t > −1): integers are unchanged, above its temperature a game cools to
    /// its mean, otherwise G_t = {G^L_t − t | G^R_t + t}.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> EngineResult<GameId> {
        if t <= Dyadic::MINUS_ONE {
            return Err(EngineError::InvalidArgument(
                "Invalid cooling temperature".to_string(),
            ));
        }
        self.cool_inner(g, t)
    }

    fn cool_inner(&mut self, g: GameId, t: Dyadic) -> EngineResult<GameId> {
        if self.as_number(g).is_some_and(|x| x.is_integer()) {
            return Ok(g);
        }
        // Cooling by 0 changes nothing (numbers have negative temperatures; other games
        // rebuild from unchanged options).
        if t.is_zero() {
            return Ok(g);
        }
        if t > self.temperature(g)? {
            let m = self.mean(g)?;
            return Ok(self.number(m));
        }
        if let Some(&c) = self.thermo.cooled.get(&(g, t)) {
            return Ok(c);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let minus_t = self.number(t.checked_neg().ok_or(EngineError::Overflow)?);
            let plus_t = self.number(t);
            let mut left = Vec::new();
            for option in self.left_options(g)? {
                let c = self.cool_inner(option, t)?;
                left.push(self.add(c, minus_t)?);
            }
            let mut right = Vec::new();
            for option in self.right_options(g)? {
                let c = self.cool_inner(option, t)?;
                right.push(self.add(c, plus_t)?);
            }
            let result = self.game_from_options(&left, &right)?;
            self.thermo.cooled.insert((g, t), result);
            Ok(result)
        })
    }

    /// g frozen: cooled by its temperature. Numbers stay as they are (CGSuite: `25/16`
    /// freezes to `25/16`, not to the `25/16*` that cooling by −1/16 would give).
    pub fn freeze(&mut self, g: GameId) -> EngineResult<GameId> {
        if self.is_number(g) {
            return Ok(g);
        }
        let t = self.temperature(g)?;
        self.cool(g, t)
    }

    /// g heated by t (any game): a number is unchanged, otherwise {∫G^L + t | ∫G^R − t}.
    pub fn heat(&mut self, g: GameId, t: GameId) -> EngineResult<GameId> {
        // Heating by 0 rebuilds g from unchanged options.
        if self.is_number(g) || t == Engine::ZERO {
            return Ok(g);
        }
        if let Some(&h) = self.thermo.heated.get(&(g, t)) {
            return Ok(h);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let minus_t = self.neg(t)?;
            let mut left = Vec::new();
            for option in self.left_options(g)? {
                let h = self.heat(option, t)?;
                left.push(self.add(h, t)?);
            }
            let mut right = Vec::new();
            for option in self.right_options(g)? {
                let h = self.heat(option, t)?;
                right.push(self.add(h, minus_t)?);
            }
            let result = self.game_from_options(&left, &right)?;
            self.thermo.heated.insert((g, t), result);
            Ok(result)
        })
    }

    /// g overheated from s to t: an integer n becomes n·s, otherwise
    /// {∫G^L + t | ∫G^R − t} (numbers are not exempt: their options are overheated too).
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> EngineResult<GameId> {
        if let Some(x) = self.as_number(g).filter(Dyadic::is_integer) {
            return self.multiple(x.numerator(), s);
        }
        if let Some(&h) = self.thermo.overheated.get(&(g, s, t)) {
            return Ok(h);
        }
        self.poll()?;
        crate::engine::grow(|| {
            let minus_t = self.neg(t)?;
            let mut left = Vec::new();
            for option in self.left_options(g)? {
                let h = self.overheat(option, s, t)?;
                left.push(self.add(h, t)?);
            }
            let mut right = Vec::new();
            for option in self.right_options(g)? {
                let h = self.overheat(option, s, t)?;
                right.push(self.add(h, minus_t)?);
            }
            let result = self.game_from_options(&left, &right)?;
            self.thermo.overheated.insert((g, s, t), result);
            Ok(result)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{SAMPLE_GAMES, game};
    use super::*;

    fn d(s: &str) -> Dyadic {
        let (num, den) = s.split_once('/').unwrap_or((s, "1"));
        let den: i128 = den.parse().unwrap();
        Dyadic::new(num.parse().unwrap(), den.trailing_zeros()).unwrap()
    }

    fn graph(e: &mut Engine, text: &str) -> String {
        let g = game(e, text);
        e.thermograph(g).unwrap().to_string()
    }

    #[test]
    fn trajectories_normalise_and_print() {
        let t = Trajectory::new(d("9/4"), &[d("3/4"), d("1/2")], &[0, 1, 0]).unwrap();
        assert_eq!(t.to_string(), "Trajectory(9/4,[3/4,1/2],[0,1,0])");
        assert_eq!(t.value_at(d("5/8")).unwrap(), d("17/8"));
        assert_eq!(t.value_at(d("-1")).unwrap(), d("2"));
        assert_eq!(t.value_at(d("7")).unwrap(), d("9/4"));
        // A critical point where nothing bends, and one below −1, disappear.
        let u = Trajectory::new(d("1"), &[d("1/2"), d("0"), d("-2")], &[0, 0, -1, 0]).unwrap();
        assert_eq!(u.to_string(), "Trajectory(1,[0],[0,-1])");
        assert_eq!(u.value_at(d("-1")).unwrap(), d("2"));
        assert!(Trajectory::new(d("0"), &[d("0"), d("1")], &[0, 1, 0]).is_none());
    }

    #[test]
    fn trajectory_max_min_and_crossing() {
        // −t against 1 + t: the left line wins below −1/2.
        let a = Trajectory::constant(d("0")).tilt(-1).unwrap();
        let b = Trajectory::constant(d("1")).tilt(1).unwrap();
        let m = a.max(&b).unwrap();
        assert_eq!(m.to_string(), "Trajectory(1,[-1/2],[1,-1])");
        let n = a.min(&b).unwrap();
        assert_eq!(n.to_string(), "Trajectory(0,[-1/2],[-1,1])");
        assert_eq!(Trajectory::crossing(&a, &b), Some(d("-1/2")));
        assert_eq!(Trajectory::crossing(&b, &a), None);
        let wall = a.with_mast(d("-1/2"), d("1/2"));
        assert_eq!(wall.to_string(), "Trajectory(1/2,[-1/2],[0,-1])");
        // Equal trajectories stay as they are.
        assert_eq!(m.max(&m).unwrap(), m);
        // Constant walls: the maximum of two is the larger one.
        let c = Trajectory::constant(d("3/2"));
        assert_eq!(c.max(&Trajectory::constant(d("1"))).unwrap(), c);
    }

    /// Pseudo-random trajectories with slopes from `slopes` and critical points on the 1/8
    /// grid in (−1, 2].
    fn random_trajectories(seed: u64, slopes: [i64; 2], count: usize) -> Vec<Trajectory> {
        let mut state = seed;
        let mut next = move |m: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % m
        };
        (0..count)
            .map(|_| {
                let mut cps: Vec<Dyadic> = (0..next(5))
                    .map(|_| Dyadic::new(next(24) as i128 - 7, 3).unwrap())
                    .collect();
                cps.sort_unstable_by(|a, b| b.cmp(a));
                cps.dedup();
                let sl: Vec<i64> = (0..=cps.len()).map(|_| slopes[next(2) as usize]).collect();
                let mast = Dyadic::new(next(33) as i128 - 16, 2).unwrap();
                Trajectory::new(mast, &cps, &sl).unwrap()
            })
            .collect()
    }

    fn is_normal(t: &Trajectory) -> bool {
        let cps = t.critical_points();
        cps.windows(2).all(|w| w[0] > w[1])
            && cps.iter().all(|&c| c > Dyadic::MINUS_ONE)
            && t.slopes().windows(2).all(|w| w[0] != w[1])
            && t.slopes().len() == cps.len() + 1
    }

    #[test]
    fn trajectory_operations_agree_pointwise() {
        let samples: Vec<Dyadic> = (0..=160).map(|i| d(&format!("{}/32", i - 32))).collect();
        let lefts = random_trajectories(7, [0, -1], 40);
        let rights = random_trajectories(11, [0, 1], 40);
        for a in &lefts {
            assert!(is_normal(a));
            for b in &lefts {
                let (mx, mn) = (a.max(b).unwrap(), a.min(b).unwrap());
                assert!(is_normal(&mx) && is_normal(&mn));
                for &t in &samples {
                    let (va, vb) = (a.value_at(t).unwrap(), b.value_at(t).unwrap());
                    assert_eq!(mx.value_at(t).unwrap(), va.max(vb));
                    assert_eq!(mn.value_at(t).unwrap(), va.min(vb));
                }
            }
            for b in &rights {
                let left_above = |t: Dyadic| a.value_at(t).unwrap() > b.value_at(t).unwrap();
                let Some(cross) = Trajectory::crossing(a, b) else {
                    // No mast: Left stays above Right however hot.
                    assert!(left_above(d("1000")));
                    continue;
                };
                for &t in samples.iter().filter(|&&t| t >= cross) {
                    assert!(!left_above(t), "{a} {b} {cross} {t}");
                }
                let just_below = cross.checked_sub(&d("1/1024")).unwrap();
                if cross > Dyadic::MINUS_ONE {
                    assert!(left_above(just_below), "{a} {b} {cross}");
                }
            }
        }
    }

    #[test]
    fn conformance_thermographs() {
        let mut e = Engine::new();
        let cases = [
            ("6^*", "Thermograph(6,[0],[0,-1],6,[0],[0,1])"),
            ("0", "Thermograph(0,[],[0],0,[],[0])"),
            (
                "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
                "Thermograph(0,[0],[0,-1],0,[0],[0,1])",
            ),
            (
                "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
                "Thermograph(0,[0],[0,-1],0,[],[0])",
            ),
            ("{0||0|v*}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
            ("{0||0|vvv}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
            ("{1|^^||^}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
            (
                "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
                "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])",
            ),
        ];
        for (g, expected) in cases {
            assert_eq!(graph(&mut e, g), expected, "{g}");
        }
        let g = game(&mut e, "{3||2|1}");
        let th = e.thermograph(g).unwrap();
        assert_eq!(
            th.wall(false).to_string(),
            "Trajectory(9/4,[3/4,1/2],[0,1,0])"
        );
    }

    #[test]
    fn thermographs_of_numbers() {
        let mut e = Engine::new();
        assert_eq!(graph(&mut e, "-5"), "Thermograph(-5,[],[0],-5,[],[0])");
        assert_eq!(
            graph(&mut e, "1/2"),
            "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])"
        );
        // 1/4 = {0|1/2}: the right scaffold follows 1/2's Left wall, flat below −1/2.
        assert_eq!(
            graph(&mut e, "1/4"),
            "Thermograph(1/4,[-1/4],[0,-1],1/4,[-1/4,-1/2],[0,1,0])"
        );
    }

    /// The scaffold recursion all the way down to integers, with no shortcuts or caches.
    fn reference(e: &mut Engine, g: GameId) -> Thermograph {
        if let Some(x) = e.as_number(g).filter(Dyadic::is_integer) {
            return Thermograph::mast(x);
        }
        let walls = |e: &mut Engine, options: Vec<GameId>, left: bool| {
            options
                .into_iter()
                .map(|o| reference(e, o).wall(!left).clone())
                .reduce(|a, b| if left { a.max(&b) } else { a.min(&b) }.unwrap())
                .unwrap()
        };
        let l = e.left_options(g).unwrap();
        let r = e.right_options(g).unwrap();
        let left = walls(e, l, true).tilt(-1).unwrap();
        let right = walls(e, r, false).tilt(1).unwrap();
        let t = Trajectory::crossing(&left, &right).unwrap();
        let v = left.value_at(t).unwrap();
        Thermograph::new(left.with_mast(t, v), right.with_mast(t, v))
    }

    #[test]
    fn closed_forms_agree_with_the_recursion() {
        let mut e = Engine::new();
        for x in ["0", "3", "-1/2", "5/8", "1/4", "-3/16", "7/4"] {
            for ups in -4i64..=4 {
                for nim in 0..5 {
                    let text = format!("{x}^{ups}*{nim}").replace("^-", "v");
                    let g = game(&mut e, &text);
                    let closed = e.thermograph(g).unwrap();
                    assert_eq!(closed, reference(&mut e, g), "{text}");
                }
            }
        }
    }

    #[test]
    fn means_and_temperatures() {
        let mut e = Engine::new();
        let cases = [
            ("{2|-1}", "1/2", "3/2"),
            ("{{2|1}|0}", "3/4", "3/4"),
            ("{3||2*|1*}", "9/4", "3/4"),
            ("{0|||0||-1|-3}", "0", "0"),
            ("{0||0|-3/2}", "0", "0"),
            ("{0||0|v*}", "0", "0"),
            ("73/16v9*8", "73/16", "0"),
            ("6^*", "6", "0"),
            ("9/8*", "9/8", "0"),
            ("{^^^|vv}", "0", "0"),
            ("-1823437481924", "-1823437481924", "-1"),
            ("25/16", "25/16", "-1/16"),
            ("5", "5", "-1"),
            (
                "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
                "0",
                "0",
            ),
        ];
        for (g, mean, temperature) in cases {
            let id = game(&mut e, g);
            assert_eq!(e.mean(id).unwrap(), d(mean), "mean of {g}");
            assert_eq!(
                e.temperature(id).unwrap(),
                d(temperature),
                "temperature of {g}"
            );
        }
    }

    #[test]
    fn cooling_and_freezing() {
        let mut e = Engine::new();
        let g = game(&mut e, "{3||2*|1*}");
        let cooled = e.cool(g, d("3/4")).unwrap();
        assert_eq!(cooled, game(&mut e, "9/4*"));
        assert_eq!(e.cool(g, d("1")).unwrap(), game(&mut e, "9/4"));
        assert_eq!(e.cool(g, d("0")).unwrap(), g);
        assert!(matches!(
            e.cool(g, d("-1")),
            Err(EngineError::InvalidArgument(_))
        ));
        // {2|-1} cooled by 1 is {1|0}; by 3/2 it is 1/2*.
        let sw = game(&mut e, "{2|-1}");
        assert_eq!(e.cool(sw, d("1")).unwrap(), game(&mut e, "{1|0}"));
        assert_eq!(e.cool(sw, d("3/2")).unwrap(), game(&mut e, "1/2*"));
        let freezes = [
            ("*8", "*8"),
            ("25/16", "25/16"),
            ("5", "5"),
            ("^", "^"),
            ("^*6", "^*6"),
            ("{0||0|-3/2}", "{0||0|-3/2}"),
            ("{0||0|vvv}", "{0||0|v3}"),
            ("{0|||0||-1|-3}", "{0|||0||-1|-3}"),
            ("{1|^^^||^}", "{1|^3||^}"),
            ("{3||2*|1*}", "9/4*"),
            (
                "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
                "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            ),
        ];
        for (g, expected) in freezes {
            let id = game(&mut e, g);
            assert_eq!(e.freeze(id).unwrap(), game(&mut e, expected), "{g}");
        }
    }

    #[test]
    fn heating_and_overheating() {
        let mut e = Engine::new();
        let two = game(&mut e, "2");
        let cases = [
            ("^^", "{2||0,{2|-2}|-4}"),
            ("*2", "{2,{4|0}|-2,{0|-4}}"),
            ("^", "{2||0|-4}"),
            ("*", "{2|-2}"),
        ];
        for (g, expected) in cases {
            let id = game(&mut e, g);
            assert_eq!(e.heat(id, two).unwrap(), game(&mut e, expected), "{g}");
        }
        let g = game(&mut e, "{3||2*|1*}");
        for (t, expected) in [
            ("*", "{3*||2|1}"),
            ("-1", "9/4"),
            ("-3", "1"),
            ("-4", "0"),
            ("0", "{3||2*|1*}"),
        ] {
            let t = game(&mut e, t);
            assert_eq!(e.heat(g, t).unwrap(), game(&mut e, expected));
        }
        // (7/16).Overheat(0,0) = ^[3] = {{^|*}|*}.
        let x = game(&mut e, "7/16");
        let zero = Engine::ZERO;
        assert_eq!(
            e.overheat(x, zero, zero).unwrap(),
            game(&mut e, "{{^|*}|*}")
        );
        // Overheating an integer n from s gives n·s.
        let three = game(&mut e, "3");
        let star = game(&mut e, "*");
        assert_eq!(e.overheat(three, star, two).unwrap(), star);
    }

    #[test]
    fn mean_is_additive_and_temperature_subadditive() {
        let mut e = Engine::new();
        let gs: Vec<GameId> = SAMPLE_GAMES.iter().map(|s| game(&mut e, s)).collect();
        for &g in &gs {
            for &h in &gs {
                let s = e.add(g, h).unwrap();
                let (mg, mh, ms) = (e.mean(g).unwrap(), e.mean(h).unwrap(), e.mean(s).unwrap());
                assert_eq!(ms, mg.checked_add(&mh).unwrap());
                let (tg, th, ts) = (
                    e.temperature(g).unwrap(),
                    e.temperature(h).unwrap(),
                    e.temperature(s).unwrap(),
                );
                assert!(ts <= tg.max(th), "{g:?} {h:?}");
                // The cached thermograph is the plain recursion's; the mean lies between the
                // stops, and the walls give the stops at t = 0.
                let th_s = e.thermograph(s).unwrap();
                assert_eq!(th_s, reference(&mut e, s));
                assert!(e.right_stop(s) <= ms && ms <= e.left_stop(s));
                if !e.is_number(s) {
                    assert_eq!(
                        th_s.left_wall().value_at(Dyadic::ZERO),
                        Some(e.left_stop(s))
                    );
                    assert_eq!(
                        th_s.right_wall().value_at(Dyadic::ZERO),
                        Some(e.right_stop(s))
                    );
                }
            }
        }
    }

    #[test]
    fn cooling_laws() {
        let mut e = Engine::new();
        let gs: Vec<GameId> = SAMPLE_GAMES.iter().map(|s| game(&mut e, s)).collect();
        let temps = ["0", "1/4", "1/2", "3/4", "1", "3/2", "2", "5"];
        for &g in &gs {
            assert_eq!(e.cool(g, Dyadic::ZERO).unwrap(), g, "cooling by 0");
            for &h in &gs {
                let s = e.add(g, h).unwrap();
                let top = e.temperature(g).unwrap().max(e.temperature(h).unwrap());
                for t in temps.map(d) {
                    let (cg, ch, cs) = (
                        e.cool(g, t).unwrap(),
                        e.cool(h, t).unwrap(),
                        e.cool(s, t).unwrap(),
                    );
                    let sum = e.add(cg, ch).unwrap();
                    // Cooling is a homomorphism (theory text 000, Theorem 5.3).
                    assert_eq!(cs, sum, "({g:?} + {h:?}) cooled by {t}");
                    if t > top {
                        // Above both temperatures both sides are the same number.
                        assert!(e.is_number(cs));
                    }
                }
            }
        }
    }

    fn bench_sum(e: &mut Engine, n: usize) -> Option<GameId> {
        let path = format!(
            "{}/../../../shared/bench/sum_{n}_seed1.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).ok()?;
        Some(game(e, text.trim()))
    }

    #[test]
    fn benchmark_sum_11() {
        let mut e = Engine::new();
        let Some(g) = bench_sum(&mut e, 11) else {
            return;
        };
        assert_eq!(e.temperature(g).unwrap(), d("5/4"));
        assert_eq!(e.mean(g).unwrap(), d("-1/2"));
    }

    /// Timing probe (`cargo test --release -- --ignored --nocapture thermograph_probe`).
    #[test]
    #[ignore]
    fn thermograph_probe() {
        for n in [10, 11, 12] {
            let mut e = Engine::new();
            let Some(g) = bench_sum(&mut e, n) else {
                continue;
            };
            let start = std::time::Instant::now();
            let th = e.thermograph(g).unwrap();
            let temp = e.temperature(g).unwrap();
            println!(
                "sum_{n}: {:?} thermograph {th} temperature {temp} ({} cached, {} KiB)",
                start.elapsed(),
                e.thermo.graphs.len(),
                e.thermo.memory_bytes() >> 10
            );
        }
    }
}
