//! The options of one heap under a take-and-break code, in CGSuite's order (rulesets.md §2.5):
//! tokens removed j ascending (tokens added first), then the number of heaps left, then the
//! heap sizes (ascending within an option) in lexicographic order.

use super::code::{Modifier, TbCode};
use crate::engine::{EngineError, EngineResult};

/// Calls `visit` with every option of a heap of `n` tokens: the sizes of the heaps it leaves,
/// ascending (an empty slice is the move to 0).
pub fn for_each_option(
    code: &TbCode,
    n: u64,
    visit: &mut dyn FnMut(&[u64]) -> EngineResult<()>,
) -> EngineResult<()> {
    let first = -code.max_addition();
    let last = match code.max_removal() {
        Some(m) => m.min(n as i64),
        None => n as i64,
    };
    // A block that only takes whole heaps matters for j = n alone.
    let skip_from = code.whole_heap_block_from().map(|p| p + 1);
    let mut parts = Vec::new();
    let mut next = first;
    while next <= last {
        let mut j = next;
        if skip_from.is_some_and(|s| j >= s && j < n as i64) {
            j = n as i64;
        }
        next = j + 1;
        let Some(digit) = code.digit(j) else { continue };
        let r = (n as i64 - j) as u64;
        let max_k = match digit.max_count() {
            Some(m) => u64::from(m).min(r),
            None => r,
        };
        for k in 0..=max_k {
            let k32 = k as u32;
            if !digit.allows(k32) || (k == 0) != (r == 0) {
                continue;
            }
            partitions(r, k, digit.modifier(k32), &mut parts, visit)?;
        }
    }
    Ok(())
}

/// The number of options of heap n (counting repeats), failing past `limit`.
pub fn option_count(code: &TbCode, n: u64, limit: u64) -> EngineResult<u64> {
    let mut count = 0u64;
    for_each_option(code, n, &mut |_| {
        count += 1;
        if count > limit {
            return Err(EngineError::TooMany {
                what: "options",
                limit,
            });
        }
        Ok(())
    })?;
    Ok(count)
}

/// Every way to write r as k positive parts a1 ≤ … ≤ ak meeting the modifier, in
/// lexicographic order.
pub fn partitions(
    r: u64,
    k: u64,
    modifier: Modifier,
    parts: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> EngineResult<()>,
) -> EngineResult<()> {
    parts.clear();
    match (k, modifier) {
        (0, _) => {
            if r == 0 {
                visit(parts)?;
            }
            Ok(())
        }
        // CGSuite's quirk: `?` on a single heap asks for at least two tokens.
        (1, Modifier::NotAllEqual) => {
            if r >= 2 {
                parts.push(r);
                visit(parts)?;
            }
            Ok(())
        }
        (_, Modifier::Equal) => {
            if r.is_multiple_of(k) && r >= k {
                parts.resize(k as usize, r / k);
                visit(parts)?;
            }
            Ok(())
        }
        _ => {
            if r < k {
                return Ok(());
            }
            let distinct = modifier == Modifier::Distinct;
            let unequal = modifier == Modifier::NotAllEqual;
            let mut emit = |p: &[u64]| -> EngineResult<()> {
                if unequal && p.len() >= 2 && p[0] == p[p.len() - 1] {
                    return Ok(());
                }
                visit(p)
            };
            nondecreasing(r, k, 1, distinct, parts, &mut emit)
        }
    }
}

fn nondecreasing(
    remaining: u64,
    k: u64,
    min_part: u64,
    distinct: bool,
    parts: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> EngineResult<()>,
) -> EngineResult<()> {
    if k == 1 {
        if remaining >= min_part {
            parts.push(remaining);
            visit(parts)?;
            parts.pop();
        }
        return Ok(());
    }
    // Later parts are at least `a` (or a+1, a+2, … when distinct).
    let mut a = min_part;
    loop {
        let rest_min = if distinct {
            (a + 1) * (k - 1) + (k - 1) * (k - 2) / 2
        } else {
            a * (k - 1)
        };
        if a + rest_min > remaining {
            break;
        }
        parts.push(a);
        nondecreasing(
            remaining - a,
            k - 1,
            if distinct { a + 1 } else { a },
            distinct,
            parts,
            visit,
        )?;
        parts.pop();
        a += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::code::CodeKind;
    use super::*;

    fn options(code: &str, n: u64) -> Vec<Vec<u64>> {
        let code = TbCode::parse(code, CodeKind::TakeAndBreak).unwrap();
        let mut out = Vec::new();
        for_each_option(&code, n, &mut |p| {
            out.push(p.to_vec());
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn kayles_order_matches_cgsuite() {
        // rulesets.md §2.5: `5 | 1,4 | 2,3 | 4 | 1,3 | 2,2`.
        assert_eq!(
            options("0.77", 6),
            vec![
                vec![5],
                vec![1, 4],
                vec![2, 3],
                vec![4],
                vec![1, 3],
                vec![2, 2]
            ]
        );
        assert_eq!(options("0.77", 1), vec![Vec::<u64>::new()]);
        assert_eq!(options("0.77", 0), Vec::<Vec<u64>>::new());
    }

    #[test]
    fn option_counts_from_the_conformance_file() {
        assert_eq!(options("4!.0", 20).len(), 9);
        assert_eq!(options("0.0330003", 20).len(), 3);
        assert_eq!(options("0.3003330[3]", 20).len(), 17);
    }

    #[test]
    fn modifiers_restrict_sizes() {
        assert_eq!(
            options("8!.0", 9),
            vec![vec![1, 2, 6], vec![1, 3, 5], vec![2, 3, 4]]
        );
        assert_eq!(
            options("{2+}=.0", 6),
            vec![vec![3, 3], vec![2, 2, 2], vec![1; 6]]
        );
        assert_eq!(options("0.6?", 3), vec![vec![2]]);
        assert_eq!(options("0.6?", 4), vec![vec![3], vec![1, 2]]);
        assert_eq!(options("0.6?", 5), vec![vec![4], vec![1, 3]]);
        assert_eq!(options("8?.0", 6), vec![vec![1, 1, 4], vec![1, 2, 3]]);
    }

    #[test]
    fn repetition_and_whole_heap_moves() {
        assert_eq!(options("0.[3]", 3), vec![vec![2], vec![1], vec![]]);
        // `0.3[1]`: take one, or take the whole heap.
        assert_eq!(options("0.3[1]", 4), vec![vec![3], vec![]]);
    }

    #[test]
    fn additive_digits_come_first() {
        // d₋₁ = 8: add a token and split into exactly three heaps.
        assert_eq!(options("80.1", 4), vec![vec![1, 1, 3], vec![1, 2, 2]]);
    }
}
