//! Spawning games (`game.heap.Spawning("1-3")`): the heap form of coin-turning games
//! (rulesets.md §4). A heap of n is a heads-up coin at position n; a move turns it and some
//! coins to its left, at positions a1 < … < ac < n, and leaves the heaps a1, …, ac.
//!
//! Codes: elements separated by commas, each a count range (`t`, `t-u`, `t+`: coins turned,
//! coin n included) followed by modifiers — `C` consecutive, `E` equally spaced, `S`
//! symmetric, `F` the first coin turned, `C(m)` within m adjacent positions.

use crate::engine::{EngineError, EngineResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spacing {
    Any,
    Consecutive,
    Equal,
    Symmetric,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Element {
    min: u64,
    max: Option<u64>,
    spacing: Spacing,
    first: bool,
    window: Option<u64>,
}

/// A parsed turning code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpawnCode {
    text: String,
    elements: Vec<Element>,
}

/// Most options one (element, count) may list before we give up.
const MAX_OPTIONS: u64 = 50_000_000;

impl SpawnCode {
    pub fn parse(text: &str) -> Result<SpawnCode, String> {
        let mut elements = Vec::new();
        let mut offset = 0;
        for part in text.split(',') {
            let element = parse_element(part).map_err(|(msg, at)| {
                format!(
                    "{msg} at character {} of the spawning code {text:?}",
                    offset + at + 1
                )
            })?;
            offset += part.chars().count() + 1;
            // An element whose window is narrower than its least count can never be used.
            match element.window {
                Some(m) if m < element.min => {}
                _ => elements.push(element),
            }
        }
        if elements.is_empty() {
            return Err(format!(
                "the spawning code {text:?} allows no move (every element's window C(m) is smaller than its count)"
            ));
        }
        Ok(SpawnCode {
            text: text.to_string(),
            elements,
        })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Calls `visit` with every option of heap n in CGSuite's order.
    pub fn for_each_option(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> EngineResult<()>,
    ) -> EngineResult<()> {
        let mut set = Vec::new();
        for el in &self.elements {
            if !first_test_passes(el, n) {
                continue;
            }
            let max = el.max.unwrap_or(n).min(n);
            for t in el.min..=max {
                let c = t - 1;
                if c == 0 {
                    // CGSuite does not enforce `F` for the coin n alone.
                    visit(&[])?;
                    continue;
                }
                let lo = el
                    .window
                    .map_or(1, |m| (n as i64 - m as i64 + 1).max(1) as u64);
                match el.spacing {
                    Spacing::Consecutive => {
                        if c < n && n - c >= lo && (!el.first || n - c == 1) {
                            set.clear();
                            set.extend(n - c..n);
                            visit(&set)?;
                        }
                    }
                    Spacing::Equal => {
                        // Gaps d descending give a1 = n − c·d ascending.
                        let mut d = (n - 1) / c;
                        while d >= 1 {
                            let a1 = n - c * d;
                            if a1 >= lo && (!el.first || a1 == 1) {
                                set.clear();
                                set.extend((0..c).map(|i| a1 + i * d));
                                visit(&set)?;
                            }
                            d -= 1;
                        }
                    }
                    Spacing::Any => {
                        let top = if el.first { 1 } else { n - 1 };
                        let mut count = 0u64;
                        let mut leaf = |s: &[u64]| -> EngineResult<()> {
                            count_option(&mut count)?;
                            visit(s)
                        };
                        for a1 in lo..=top.min(n - 1) {
                            set.clear();
                            set.push(a1);
                            subsets(&mut set, a1 + 1, n - 1, c - 1, &mut leaf)?;
                        }
                    }
                    Spacing::Symmetric => {
                        let top = if el.first { 1 } else { n - 1 };
                        let mut count = 0u64;
                        for a1 in lo..=top.min(n - 1) {
                            for option in symmetric_sets(a1, n, c - 1, &mut count)? {
                                visit(&option)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// Counts one more option, failing past [`MAX_OPTIONS`].
fn count_option(count: &mut u64) -> EngineResult<()> {
    *count += 1;
    if *count > MAX_OPTIONS {
        return Err(EngineError::TooMany {
            what: "spawning options",
            limit: MAX_OPTIONS,
        });
    }
    Ok(())
}

/// The sets {a1 < … } of 1 + `inner` positions below n that are symmetric about (a1 + n) / 2
/// once n is added, in lexicographic order. Built from their lower halves, so the work is the
/// number of options: filtering every subset took seconds for `Spawning("1+S")(25)`.
fn symmetric_sets(a1: u64, n: u64, inner: u64, count: &mut u64) -> EngineResult<Vec<Vec<u64>>> {
    let mirror_sum = a1 + n;
    let needs_middle = inner % 2 == 1;
    if needs_middle && mirror_sum % 2 == 1 {
        return Ok(Vec::new());
    }
    // Lower members x of a pair {x, a1 + n − x}: a1 < x < (a1 + n) / 2.
    let highest_low = (mirror_sum - 1) / 2;
    let mut found = Vec::new();
    let mut lows = Vec::new();
    let mut leaf = |lows: &[u64]| -> EngineResult<()> {
        count_option(count)?;
        let mut option = Vec::with_capacity(inner as usize + 1);
        option.push(a1);
        option.extend_from_slice(lows);
        option.extend(lows.iter().map(|&x| mirror_sum - x));
        if needs_middle {
            option.push(mirror_sum / 2);
        }
        option.sort_unstable();
        found.push(option);
        Ok(())
    };
    subsets(&mut lows, a1 + 1, highest_low, inner / 2, &mut leaf)?;
    found.sort_unstable();
    Ok(found)
}

/// Every increasing extension of `set` by `more` positions in [from, to], in lexicographic order.
fn subsets(
    set: &mut Vec<u64>,
    from: u64,
    to: u64,
    more: u64,
    leaf: &mut dyn FnMut(&[u64]) -> EngineResult<()>,
) -> EngineResult<()> {
    if more == 0 {
        return leaf(set);
    }
    let mut x = from;
    while x + more - 1 <= to {
        set.push(x);
        subsets(set, x + 1, to, more - 1, leaf)?;
        set.pop();
        x += 1;
    }
    Ok(())
}

/// CGSuite tests each element first with its smallest count from a starting arrangement
/// (rulesets.md §4.2, quirk 1); when that fails the element gives heap n no options at all.
fn first_test_passes(el: &Element, n: u64) -> bool {
    let c = el.min - 1;
    if c >= n {
        return false;
    }
    let (n, ci) = (n as i64, c as i64);
    let e = el.window.map_or(1, |m| (n - m as i64 + 1).max(1));
    let first = match el.spacing {
        Spacing::Any => e,
        Spacing::Consecutive => n - ci,
        // c ≥ 1 here: one-coin counts with `E` are rejected by the parser.
        Spacing::Equal => n - ci * ((n - e) / ci.max(1)),
        Spacing::Symmetric => e + i64::from(ci % 2 == 0 && (e + n) % 2 == 1),
    };
    !el.first || first == 1
}

fn parse_element(s: &str) -> Result<Element, (String, usize)> {
    let chars: Vec<char> = s.chars().collect();
    let mut pos = 0;
    let number = |pos: &mut usize| -> Result<u64, (String, usize)> {
        let start = *pos;
        while chars.get(*pos).is_some_and(|c| c.is_ascii_digit()) {
            *pos += 1;
        }
        if *pos == start {
            return Err(("expected a number of coins".to_string(), start));
        }
        let text: String = chars[start..*pos].iter().collect();
        text.parse::<u64>()
            .map_err(|_| ("number too large".to_string(), start))
    };
    let min = number(&mut pos)?;
    if min == 0 {
        return Err(("a move turns at least one coin".to_string(), 0));
    }
    let max = match chars.get(pos) {
        Some('-') => {
            pos += 1;
            let at = pos;
            let max = number(&mut pos)?;
            if max < min {
                return Err((format!("the range {min}-{max} is empty"), at));
            }
            Some(max)
        }
        Some('+') => {
            pos += 1;
            None
        }
        _ => Some(min),
    };
    let mut el = Element {
        min,
        max,
        spacing: Spacing::Any,
        first: false,
        window: None,
    };
    while let Some(&c) = chars.get(pos) {
        let at = pos;
        pos += 1;
        match c.to_ascii_uppercase() {
            'C' if chars.get(pos) == Some(&'(') => {
                pos += 1;
                let m = number(&mut pos)?;
                if chars.get(pos) != Some(&')') {
                    return Err(("expected ')' after C(m".to_string(), pos));
                }
                pos += 1;
                if m == 0 {
                    return Err(("C(m) needs m ≥ 1".to_string(), at));
                }
                el.window = Some(m);
                el.max = Some(el.max.map_or(m, |x| x.min(m)));
            }
            'C' => el.spacing = Spacing::Consecutive,
            'E' => el.spacing = Spacing::Equal,
            'S' => el.spacing = Spacing::Symmetric,
            'F' => el.first = true,
            _ => {
                return Err((
                    format!("unexpected '{c}' (modifiers are C, E, S, F and C(m))"),
                    at,
                ));
            }
        }
    }
    if el.spacing == Spacing::Equal && el.min == 1 {
        return Err((
            "E with a one-coin count is not supported (CGSuite divides by zero there)".to_string(),
            0,
        ));
    }
    Ok(el)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(code: &str, n: u64) -> Vec<Vec<u64>> {
        let code = SpawnCode::parse(code).unwrap();
        let mut out = Vec::new();
        code.for_each_option(n, &mut |s| {
            out.push(s.to_vec());
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn examples_from_the_spec() {
        assert_eq!(
            options("1-3", 5),
            vec![
                vec![],
                vec![1],
                vec![2],
                vec![3],
                vec![4],
                vec![1, 2],
                vec![1, 3],
                vec![1, 4],
                vec![2, 3],
                vec![2, 4],
                vec![3, 4]
            ]
        );
        assert_eq!(
            options("4FS", 9),
            vec![vec![1, 2, 8], vec![1, 3, 7], vec![1, 4, 6]]
        );
        assert_eq!(
            options("3E", 9),
            vec![vec![1, 5], vec![3, 6], vec![5, 7], vec![7, 8]]
        );
        assert_eq!(options("3C(5)", 20).len(), 6);
    }

    #[test]
    fn first_coin_quirks() {
        // `1+F`: any heap may move to 0.
        assert!(options("1+F", 6).contains(&vec![]));
        // `1+FS`: even heaps have no moves at all.
        assert!(options("1+FS", 6).is_empty());
        assert!(options("1+FS", 7).contains(&vec![]));
        assert!(options("1+FS", 7).contains(&vec![1, 4]));
    }

    #[test]
    fn bad_codes() {
        assert!(SpawnCode::parse("1-3E").is_err());
        assert!(SpawnCode::parse("0").is_err());
        assert!(SpawnCode::parse("3-1").is_err());
        assert!(
            SpawnCode::parse("1-3X")
                .unwrap_err()
                .contains("character 4")
        );
        assert!(
            SpawnCode::parse("1,2X")
                .unwrap_err()
                .contains("character 4")
        );
        assert!(SpawnCode::parse("4C(2)").is_err());
        assert!(SpawnCode::parse("").is_err());
    }

    /// The symmetric sets built from their halves are exactly the subsets that pass the
    /// definition's test, in the same order.
    #[test]
    fn symmetric_sets_match_filtering_every_subset() {
        for n in 2..=16u64 {
            for a1 in 1..n {
                for inner in 0..=5u64 {
                    let mut by_filter = Vec::new();
                    let mut set = vec![a1];
                    let mut leaf = |s: &[u64]| -> EngineResult<()> {
                        let mirror = s[0] + n;
                        if s.iter().all(|&x| x == s[0] || s.contains(&(mirror - x))) {
                            by_filter.push(s.to_vec());
                        }
                        Ok(())
                    };
                    subsets(&mut set, a1 + 1, n - 1, inner, &mut leaf).unwrap();
                    let mut count = 0;
                    let built = symmetric_sets(a1, n, inner, &mut count).unwrap();
                    assert_eq!(built, by_filter, "n = {n}, a1 = {a1}, inner = {inner}");
                }
            }
        }
    }
}
