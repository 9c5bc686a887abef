//! Contest one-liners for classic impartial games: misère Nim, Moore's Nim_k, staircase Nim,
//! every-SG sums, Wythoff positions and P-positions, and reading a misère game in CGSuite's
//! printed notation. Each answers exactly, with integers of any size.

use super::analysis::every_sg_steps;
use super::wythoff::{WythoffPosition, p_position_value};
use super::{Args, Position};
use crate::engine::{Engine, Outcome};
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::rc::Rc;

/// The functions of this module, by key (lower case, no underscores); `None` if `key` is not
/// one of them.
pub fn function(key: &str, args: &Args, engine: &mut Engine) -> Option<EvalResult<Value>> {
    let f: fn(&[Value], &mut Engine) -> EvalResult<Value> = match key {
        "miserenim" => misere_nim,
        "moorenim" => moore_nim,
        "staircasenim" => staircase_nim,
        "everysg" => every_sg,
        "wythoff" => wythoff,
        "wythoffp" => wythoff_p,
        "misere" | "miseregame" => misere_game,
        _ => return None,
    };
    if let Some((name, _)) = args.named.first() {
        return Some(Err(EvalError::new(format!(
            "{key} has no argument named `{name}`"
        ))));
    }
    Some(f(&args.positional, engine))
}

/// `f(1, 2, 3)` and `f([1, 2, 3])` mean the same.
fn flatten(args: &[Value]) -> &[Value] {
    match args {
        [Value::List(items) | Value::Tuple(items)] => items,
        _ => args,
    }
}

fn heaps(args: &[Value], what: &str) -> EvalResult<Vec<BigInt>> {
    flatten(args)
        .iter()
        .map(|v| match v {
            Value::Number(r) if r.is_integer() && !r.is_negative() => Ok(r.numer().clone()),
            Value::Number(r) => Err(EvalError::new(format!(
                "{what} takes heap sizes (non-negative integers), found {r}"
            ))),
            _ => Err(EvalError::new(format!(
                "{what} takes heap sizes (non-negative integers)"
            ))),
        })
        .collect()
}

fn outcome(first_player_wins: bool) -> Value {
    Value::Outcome(if first_player_wins {
        Outcome::N
    } else {
        Outcome::P
    })
}

/// Misère Nim (the last player to move loses), by Bouton's misère rule: with every heap of
/// size ≤ 1 the player to move wins iff the number of 1-heaps is even (so all heaps empty is
/// N); otherwise iff the nim sum is not 0.
pub fn misere_nim(args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
    let heaps = heaps(args, "misere_nim")?;
    let sum = heaps.iter().fold(BigInt::zero(), |acc, h| acc ^ h);
    let all_small = heaps.iter().all(|h| *h <= BigInt::one());
    Ok(outcome(if all_small {
        sum.is_zero()
    } else {
        !sum.is_zero()
    }))
}

/// Moore's Nim_k: a move takes from 1 to k non-empty heaps. P iff in every bit position the
/// number of heaps with that bit set is a multiple of k + 1.
pub fn moore_nim(args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
    let Some((k, rest)) = args.split_first() else {
        return Err(EvalError::new(
            "moore_nim(k, a, b, ...) needs k (how many heaps a move may take from) and the heaps",
        ));
    };
    let k = match k {
        Value::Number(r) if r.is_integer() && r.numer() >= BigInt::one() => r.numer(),
        _ => {
            return Err(EvalError::new(
                "moore_nim: k (the most heaps a move may take from) must be an integer ≥ 1",
            ));
        }
    };
    let heaps = heaps(rest, "moore_nim")?;
    let modulus = k + 1u32;
    let bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0);
    let p = (0..bits).all(|bit| {
        let ones = heaps.iter().filter(|h| h.bit(bit)).count();
        (BigInt::from(ones) % &modulus).is_zero()
    });
    Ok(outcome(!p))
}

/// Staircase Nim: the arguments are the coin counts on steps 1, 2, 3, ... (the ground is
/// step 0); a move slides coins from a step to the one below. Only the odd steps matter: the
/// player to move wins iff their nim sum is not 0.
pub fn staircase_nim(args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
    let steps = heaps(args, "staircase_nim")?;
    let sum = steps
        .iter()
        .step_by(2)
        .fold(BigInt::zero(), |acc, h| acc ^ h);
    Ok(outcome(!sum.is_zero()))
}

/// Every-SG: all components are played at once (each turn a player moves in every
/// component that is not over); whoever makes the last move wins. The first player wins iff
/// the largest step count (remoteness) is odd. Arguments: impartial positions, or integers
/// for nim heaps.
pub fn every_sg(args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
    let mut longest = 0u64;
    for v in flatten(args) {
        let steps = match v {
            Value::Position(p) => every_sg_steps(p, engine)?.1,
            Value::Number(r) if r.is_integer() && !r.is_negative() => {
                // A nim heap: the player to move takes it all.
                u64::from(!r.numer().is_zero())
            }
            _ => {
                return Err(EvalError::new(
                    "every_sg takes impartial positions (kayles[5], wythoff(3,4), ...) or nim \
                     heap sizes",
                ));
            }
        };
        longest = longest.max(steps);
    }
    Ok(outcome(longest % 2 == 1))
}

/// `wythoff(a, b)`: the position.
pub fn wythoff(args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
    let p: Rc<dyn Position> = Rc::new(WythoffPosition::from_args(args)?);
    Ok(Value::Position(p))
}

/// `wythoff_p(k)`: the k-th P-position `[a, b]`, a ≤ b.
pub fn wythoff_p(args: &[Value], _engine: &mut Engine) -> EvalResult<Value> {
    match args {
        [k] => p_position_value(k),
        _ => Err(EvalError::new(
            "wythoff_p(k) takes one argument: the index k ≥ 0",
        )),
    }
}

/// `misere("2[2]")` or `misere("*[2[2]]")`: a misère game in CGSuite's printed notation.
pub fn misere_game(args: &[Value], engine: &mut Engine) -> EvalResult<Value> {
    match args {
        [Value::Str(text)] => Ok(Value::Misere(crate::misere::with_arena(engine, |a| {
            a.parse_notation(text)
        })?)),
        _ => Err(EvalError::new(
            "misere(\"...\") takes a string in CGSuite's printed notation, e.g. misere(\"2[2]\")",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(xs: &[u64]) -> Vec<Value> {
        xs.iter().map(|&x| Value::integer(x)).collect()
    }

    fn letter(v: EvalResult<Value>) -> &'static str {
        match v.unwrap() {
            Value::Outcome(o) => o.letter(),
            other => panic!("not an outcome: {other:?}"),
        }
    }

    /// Misère Nim by brute force over sorted heap tuples.
    fn brute_misere_nim(heaps: &[u64]) -> bool {
        let mut moved = false;
        for i in 0..heaps.len() {
            for smaller in 0..heaps[i] {
                moved = true;
                let mut next = heaps.to_vec();
                next[i] = smaller;
                if !brute_misere_nim(&next) {
                    return true;
                }
            }
        }
        !moved
    }

    /// Moore's Nim_k by brute force: reduce 1..=k heaps.
    fn brute_moore(k: usize, heaps: &[u64]) -> bool {
        fn moves(
            heaps: &[u64],
            k: usize,
            from: usize,
            taken: usize,
            cur: &mut Vec<u64>,
            out: &mut Vec<Vec<u64>>,
        ) {
            if from == heaps.len() {
                if taken > 0 {
                    out.push(cur.clone());
                }
                return;
            }
            moves(heaps, k, from + 1, taken, cur, out);
            if taken < k {
                for smaller in 0..heaps[from] {
                    let old = cur[from];
                    cur[from] = smaller;
                    moves(heaps, k, from + 1, taken + 1, cur, out);
                    cur[from] = old;
                }
            }
        }
        let mut out = Vec::new();
        moves(heaps, k, 0, 0, &mut heaps.to_vec(), &mut out);
        out.iter().any(|next| !brute_moore(k, next))
    }

    #[test]
    fn misere_nim_follows_the_brute_force() {
        let mut e = Engine::new();
        for a in 0..5 {
            for b in 0..5 {
                for c in 0..4 {
                    let expected = if brute_misere_nim(&[a, b, c]) {
                        "N"
                    } else {
                        "P"
                    };
                    assert_eq!(letter(misere_nim(&ints(&[a, b, c]), &mut e)), expected);
                }
            }
        }
        assert_eq!(letter(misere_nim(&[], &mut e)), "N");
        assert_eq!(letter(misere_nim(&ints(&[1]), &mut e)), "P");
        assert_eq!(letter(misere_nim(&ints(&[1, 1]), &mut e)), "N");
    }

    #[test]
    fn moore_nim_follows_the_brute_force() {
        let mut e = Engine::new();
        for k in 1..=3u64 {
            for a in 0..4 {
                for b in 0..4 {
                    for c in 0..4 {
                        let expected = if brute_moore(k as usize, &[a, b, c]) {
                            "N"
                        } else {
                            "P"
                        };
                        let mut args = ints(&[k]);
                        args.extend(ints(&[a, b, c]));
                        assert_eq!(
                            letter(moore_nim(&args, &mut e)),
                            expected,
                            "k={k} {a} {b} {c}"
                        );
                    }
                }
            }
        }
        // k = 1 is Nim: (14, 21, 39) is N, (14, 21, 27) is P.
        assert_eq!(letter(moore_nim(&ints(&[1, 14, 21, 39]), &mut e)), "N");
        assert_eq!(letter(moore_nim(&ints(&[1, 14, 21, 27]), &mut e)), "P");
        assert!(moore_nim(&ints(&[0, 1, 2]), &mut e).is_err());
    }

    #[test]
    fn staircase_nim_counts_odd_steps() {
        let mut e = Engine::new();
        // Coins on steps 1..4: only steps 1 and 3 matter.
        assert_eq!(letter(staircase_nim(&ints(&[3, 9, 3, 7]), &mut e)), "P");
        assert_eq!(letter(staircase_nim(&ints(&[3, 9, 2, 7]), &mut e)), "N");
        assert_eq!(letter(staircase_nim(&ints(&[0, 5]), &mut e)), "P");
    }

    #[test]
    fn wythoff_p_positions() {
        let mut e = Engine::new();
        let shown = |v: Value| format!("{v:?}");
        let first = wythoff_p(&ints(&[5]), &mut e).unwrap();
        assert_eq!(shown(first), shown(Value::List(ints(&[8, 13]))));
        assert!(wythoff_p(&[], &mut e).is_err());
    }
}
