//! The names that build heap rulesets: cgcalc's constants (`kayles`) and functions
//! (`subtraction(1,3,4)`, `octal("0.77")`), and CGSuite's `game.heap.X` forms.

use super::super::Args;
use super::args::{self, arity, flag, no_named};
use super::code::{CodeKind, TbCode};
use super::memory::{MemRules, MemRuleset};
use super::partizan::{PartizanKind, PartizanRuleset};
use super::rules::HeapRules;
use super::spawning::SpawnCode;
use super::{HeapGame, HeapRuleset};
use crate::engine::Engine;
use crate::rulesets::name_key as key_of;
use crate::value::{EvalError, EvalResult, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};
use std::collections::BTreeSet;
use std::rc::Rc;

/// Largest member of a subtraction set. Its code has that many digits (about 50 bytes each),
/// and proving a period takes about twice as many heaps, which a huge heap's quick period
/// search (2^24 heaps) still covers; at 10^7, `bash(10000000)[10^9]` filled a gigabyte and
/// then gave up.
const MAX_SUBTRACTION_MEMBER: u64 = 1_000_000;

/// The ruleset constants as users type them, each with its name key: [`constant`] accepts
/// these, in either spelling, and no others (the reference table lists exactly these).
pub const CONSTANTS: &[(&str, &str)] = &[
    ("dawson", "dawson"),
    ("dawsons_kayles", "dawsonskayles"),
    ("fibonacci_nim", "fibonaccinim"),
    ("grundy_game", "grundygame"),
    ("grundys_game", "grundysgame"),
    ("kayles", "kayles"),
    ("mem", "mem"),
    ("nim", "nim"),
];

/// A ruleset named by a constant (`kayles`, `dawson`, `grundy_game`, `nim`, …).
pub fn constant(name: &str) -> Option<Value> {
    let key = key_of(name);
    if !CONSTANTS.iter().any(|&(_, k)| k == key) {
        return None;
    }
    let (shown, code) = match key.as_str() {
        "nim" => ("nim", "0.[3]"),
        "kayles" => ("kayles", "0.77"),
        "dawson" => ("dawson", "0.07"),
        "dawsonskayles" => ("dawsons_kayles", "0.07"),
        "grundygame" => ("grundy_game", "4!.0"),
        "grundysgame" => ("grundys_game", "4!.0"),
        "fibonaccinim" => {
            return Some(MemRuleset::value(
                "fibonacci_nim",
                MemRules::take_away_int(2),
            ));
        }
        "mem" => return Some(MemRuleset::value("mem", MemRules::Mem)),
        _ => return None,
    };
    Some(tb_ruleset(shown, code))
}

fn tb_ruleset(name: &str, code: &str) -> Value {
    match TbCode::parse(code, CodeKind::TakeAndBreak) {
        Ok(code) => HeapRuleset::value(name, HeapRules::TakeAndBreak(code)),
        Err(e) => unreachable!("built-in code {code} is valid: {e}"),
    }
}

/// A ruleset built by a function (`subtraction(1,3,4)`, `octal("0.77")`, …).
pub fn function(key: &str, args: &Args, engine: &mut Engine) -> Option<EvalResult<Value>> {
    let result = match key {
        "subtraction" => subtraction("subtraction", args, '3', engine),
        "splittles" => subtraction("splittles", args, '7', engine),
        "allbut" => no_named(args, "allbut").and_then(|()| {
            let members = members(&args.positional, "allbut", true)?;
            let shown = format!("allbut({})", join(&members));
            from_code(&shown, &subtraction_code(&members, true, '3'), engine)
        }),
        "bash" => no_named(args, "bash").and_then(|()| {
            let [m] = arity(&args.positional, 1, "bash")? else {
                unreachable!("arity checked")
            };
            let m = args::natural(m, "bash's m")?;
            if m == 0 || m > MAX_SUBTRACTION_MEMBER {
                return Err(EvalError::new(format!(
                    "bash(m) needs 1 ≤ m ≤ {MAX_SUBTRACTION_MEMBER}, found {m}"
                )));
            }
            from_code(
                &format!("bash({m})"),
                &format!("0.{}", "3".repeat(m as usize)),
                engine,
            )
        }),
        "octal" => code_function("octal", args, CodeKind::Octal, engine),
        "hexadecimal" => code_function("hexadecimal", args, CodeKind::Hexadecimal, engine),
        "takeandbreak" => code_function("take_and_break", args, CodeKind::TakeAndBreak, engine),
        "spawning" => spawning("spawning", args),
        "takeaway" => take_away("take_away", args),
        "nimvalues" | "period" | "nimvaluesequence" | "heapnimvalue" | "checkperiodicity"
        | "miserequotient" | "miseresolution" => ruleset_function(key, args, engine),
        _ => return None,
    };
    Some(result)
}

/// `nim_values(R, n)`, `period(R[, N])`, …: the ruleset's method of that name.
fn ruleset_function(key: &str, args: &Args, engine: &mut Engine) -> EvalResult<Value> {
    let name = match key {
        "nimvalues" => "nim_values(R, n)",
        "period" => "period(R[, N])",
        "nimvaluesequence" => "nim_value_sequence(R, N)",
        "heapnimvalue" => "heap_nim_value(R, n)",
        "miserequotient" => "misere_quotient(R, n)",
        "miseresolution" => "misere_solution(R, N)",
        _ => "check_periodicity(R, N)",
    };
    // Misère quotients take `MaxOrder => k`, which the method reads after the positional ones.
    let mut positional = args.positional.clone();
    if matches!(key, "miserequotient" | "miseresolution") {
        for (n, v) in &args.named {
            if crate::rulesets::name_key(n) != "maxorder" {
                return Err(EvalError::new(format!(
                    "{name} has no argument named `{n}` (only MaxOrder => k)"
                )));
            }
            if key == "miseresolution" && positional.len() == 1 {
                positional.push(Value::integer(
                    super::misere_quotient::DEFAULT_SOLUTION_BOUND as u64,
                ));
            }
            positional.push(v.clone());
        }
    } else {
        no_named(args, name)?;
    }
    match positional.split_first() {
        Some((Value::Ruleset(r), rest)) => r.method(key, rest, engine)?.ok_or_else(|| {
            EvalError::new(format!(
                "{name} applies to impartial heap rulesets, not {}",
                r.name()
            ))
        }),
        Some((other, _)) => Err(EvalError::new(format!(
            "{name} needs a heap ruleset first (e.g. kayles), found {}",
            args::describe_kind(other)
        ))),
        None => Err(EvalError::new(format!("{name} needs a heap ruleset"))),
    }
}

/// CGSuite's `game.heap.X` (`args` = `None`) and `game.heap.X(args)`.
pub fn cgsuite_heap(
    name: &str,
    call: Option<&Args>,
    engine: &mut Engine,
) -> Option<EvalResult<Value>> {
    let key = key_of(name);
    let shown = format!("game.heap.{name}");
    // Constant rulesets: `game.heap.Kayles` is the ruleset, `game.heap.Kayles(5)` a position.
    let constant = match key.as_str() {
        "nim" => Some(tb_ruleset(&shown, "0.[3]")),
        "kayles" => Some(tb_ruleset(&shown, "0.77")),
        "dawsonskayles" => Some(tb_ruleset(&shown, "0.07")),
        "grundysgame" => Some(tb_ruleset(&shown, "4!.0")),
        "mem" => Some(MemRuleset::value(&shown, MemRules::Mem)),
        "fibonaccinim" => Some(MemRuleset::value(&shown, MemRules::take_away_int(2))),
        "cutcake" => Some(cake(&shown, "4.0", "4.0", false)),
        "eatcake" => Some(cake(&shown, "0.7", "0.7", false)),
        "maundycake" => Some(cake(&shown, "{2+}=.0", "{2+}=.0", false)),
        "turnandeatcake" => Some(cake(&shown, "0.7", "0.7", true)),
        "partizaneuclid" => Some(PartizanRuleset::value(&shown, PartizanKind::Euclid)),
        _ => None,
    };
    if let Some(ruleset) = constant {
        return Some(match (call, &ruleset) {
            (None, _) => Ok(ruleset),
            (Some(call), Value::Ruleset(r)) => {
                no_named(call, &shown).and_then(|()| r.position(&call.positional, engine))
            }
            (Some(_), _) => Ok(ruleset),
        });
    }
    let Some(call) = call else {
        return match key.as_str() {
            "takeandbreak"
            | "subtraction"
            | "splittles"
            | "spawning"
            | "takeaway"
            | "gencutcake"
            | "partizansubtraction"
            | "partizansplittles"
            | "partizantakeandbreak"
            | "partizanheapruleset" => {
                Some(Err(EvalError::new(format!("{shown} needs arguments"))))
            }
            _ => None,
        };
    };
    let result = match key.as_str() {
        "takeandbreak" => no_named(call, &shown).and_then(|()| {
            let [code] = arity(&call.positional, 1, &shown)? else {
                unreachable!("arity checked")
            };
            let text = args::string(code, "the code")?;
            from_code(&format!("{shown}({text:?})"), text, engine)
        }),
        "subtraction" | "splittles" => {
            let digit = if key == "subtraction" { '3' } else { '7' };
            cgsuite_subtraction(&shown, call, digit, engine)
        }
        "spawning" => spawning(&shown, call),
        "takeaway" => take_away(&shown, call),
        "gencutcake" => gen_cutcake(&shown, call),
        "partizansubtraction" | "partizansplittles" => {
            let digit = if key == "partizansubtraction" {
                '3'
            } else {
                '7'
            };
            partizan_subtraction(&shown, call, digit, engine)
        }
        "partizantakeandbreak" => no_named(call, &shown).and_then(|()| {
            let [l, r] = arity(&call.positional, 2, &shown)? else {
                unreachable!("arity checked")
            };
            let (l, r) = (
                args::string(l, "Left's code")?,
                args::string(r, "Right's code")?,
            );
            let left = code_game(l, engine)?;
            let right = code_game(r, engine)?;
            Ok(PartizanRuleset::value(
                &format!("{shown}({l:?},{r:?})"),
                PartizanKind::Heap { left, right },
            ))
        }),
        "partizanheapruleset" => no_named(call, &shown).and_then(|()| {
            let [l, r] = arity(&call.positional, 2, &shown)? else {
                unreachable!("arity checked")
            };
            let (left, ln) = heap_ruleset_arg(l)?;
            let (right, rn) = heap_ruleset_arg(r)?;
            Ok(PartizanRuleset::value(
                &format!("{shown}({ln},{rn})"),
                PartizanKind::Heap { left, right },
            ))
        }),
        _ => return None,
    };
    Some(result)
}

/// The rules of a take-and-break code, shared with any other ruleset using them.
fn code_game(text: &str, engine: &Engine) -> EvalResult<Rc<HeapGame>> {
    let code = parse_code(text, CodeKind::TakeAndBreak, engine)?;
    Ok(HeapGame::shared(HeapRules::TakeAndBreak(code)))
}

fn parse_code(text: &str, kind: CodeKind, engine: &Engine) -> EvalResult<TbCode> {
    let interrupted = || engine.check_interrupt().is_err();
    let code = TbCode::parse_interruptible(text, kind, &interrupted).map_err(|e| {
        // The parse gave up because of Ctrl-C (or the memory ceiling): say that instead.
        match engine.check_interrupt() {
            Err(stop) => EvalError::from(stop),
            Ok(()) => EvalError::new(e.to_string()),
        }
    })?;
    if let Some(message) = code.loopiness() {
        return Err(EvalError::new(message));
    }
    Ok(code)
}

fn from_code(shown: &str, text: &str, engine: &Engine) -> EvalResult<Value> {
    let code = parse_code(text, CodeKind::TakeAndBreak, engine)?;
    Ok(HeapRuleset::value(shown, HeapRules::TakeAndBreak(code)))
}

fn code_function(name: &str, call: &Args, kind: CodeKind, engine: &Engine) -> EvalResult<Value> {
    no_named(call, name)?;
    let [code] = arity(&call.positional, 1, name)? else {
        unreachable!("arity checked")
    };
    let text = args::string(code, "the code")?;
    let code = parse_code(text, kind, engine)?;
    Ok(HeapRuleset::value(
        format!("{name}({text:?})"),
        HeapRules::TakeAndBreak(code),
    ))
}

fn spawning(name: &str, call: &Args) -> EvalResult<Value> {
    no_named(call, name)?;
    let [code] = arity(&call.positional, 1, name)? else {
        unreachable!("arity checked")
    };
    let text = args::string(code, "the turning code")?;
    let code = SpawnCode::parse(text).map_err(EvalError::new)?;
    Ok(HeapRuleset::value(
        format!("{name}({text:?})"),
        HeapRules::Spawning(code),
    ))
}

fn take_away(name: &str, call: &Args) -> EvalResult<Value> {
    no_named(call, name)?;
    let [r] = arity(&call.positional, 1, name)? else {
        unreachable!("arity checked")
    };
    let ratio: BigRational = match r {
        Value::Number(r) if r.is_positive() => r.clone().into_big(),
        Value::Number(r) => {
            return Err(EvalError::new(format!(
                "TakeAway(r) needs a positive ratio, found {r}"
            )));
        }
        other => {
            return Err(EvalError::new(format!(
                "TakeAway(r) needs a number (function arguments are not supported), found {}",
                args::describe_kind(other)
            )));
        }
    };
    let rules = MemRules::take_away(&ratio).ok_or_else(|| EvalError::new("ratio too large"))?;
    Ok(MemRuleset::value(&format!("{name}({ratio})"), rules))
}

/// `subtraction(1,3,4)` / `subtraction([2,3,7], allbut => true)` (cgcalc's spelling).
fn subtraction(name: &str, call: &Args, digit: char, engine: &Engine) -> EvalResult<Value> {
    let allbut = flag(call, "allbut", name)?;
    let members = members(&call.positional, name, allbut)?;
    let shown = if allbut && digit == '3' {
        format!("allbut({})", join(&members))
    } else if allbut {
        format!("{name}([{}], allbut => true)", join(&members))
    } else {
        format!("{name}({})", join(&members))
    };
    from_code(&shown, &subtraction_code(&members, allbut, digit), engine)
}

/// CGSuite's `Subtraction([2,3,7])`, `Subtraction([1,2], allbut => true)`.
fn cgsuite_subtraction(
    shown: &str,
    call: &Args,
    digit: char,
    engine: &Engine,
) -> EvalResult<Value> {
    let allbut = flag(call, "allbut", shown)?;
    let [set] = arity(&call.positional, 1, shown)? else {
        unreachable!("arity checked")
    };
    let members = members(std::slice::from_ref(set), shown, false)?;
    let shown = if allbut {
        format!("{shown}([{}], allbut => true)", join(&members))
    } else {
        format!("{shown}([{}])", join(&members))
    };
    from_code(&shown, &subtraction_code(&members, allbut, digit), engine)
}

fn partizan_subtraction(
    shown: &str,
    call: &Args,
    digit: char,
    engine: &Engine,
) -> EvalResult<Value> {
    let allbut = flag(call, "allbut", shown)?;
    let [l, r] = arity(&call.positional, 2, shown)? else {
        unreachable!("arity checked")
    };
    let left = members(std::slice::from_ref(l), shown, false)?;
    let right = members(std::slice::from_ref(r), shown, false)?;
    let game = |m: &BTreeSet<u64>| code_game(&subtraction_code(m, allbut, digit), engine);
    let name = format!(
        "{shown}([{}],[{}]{})",
        join(&left),
        join(&right),
        if allbut { ", allbut => true" } else { "" }
    );
    Ok(PartizanRuleset::value(
        &name,
        PartizanKind::Heap {
            left: game(&left)?,
            right: game(&right)?,
        },
    ))
}

fn cake(shown: &str, left: &str, right: &str, twisted: bool) -> Value {
    let game = |code: &str| match TbCode::parse(code, CodeKind::TakeAndBreak) {
        Ok(code) => HeapGame::shared(HeapRules::TakeAndBreak(code)),
        Err(e) => unreachable!("built-in code {code} is valid: {e:?}"),
    };
    PartizanRuleset::value(
        shown,
        PartizanKind::Cake {
            left: game(left),
            right: game(right),
            twisted,
        },
    )
}

fn gen_cutcake(shown: &str, call: &Args) -> EvalResult<Value> {
    let twisted = flag(call, "twisted", shown)?;
    let [l, r] = arity(&call.positional, 2, shown)? else {
        unreachable!("arity checked")
    };
    let (left, ln) = heap_ruleset_arg(l)?;
    let (right, rn) = heap_ruleset_arg(r)?;
    let name = format!(
        "{shown}({ln},{rn}{})",
        if twisted { ", twisted => true" } else { "" }
    );
    Ok(PartizanRuleset::value(
        &name,
        PartizanKind::Cake {
            left,
            right,
            twisted,
        },
    ))
}

/// A heap ruleset passed as an argument (`GenCutcake(TakeAndBreak("4.0"), …)`).
pub(super) fn heap_ruleset_arg(v: &Value) -> EvalResult<(Rc<HeapGame>, String)> {
    if let Value::Ruleset(r) = v {
        let name = r.name();
        if let Some(game) = HeapGame::named(&name) {
            return Ok((game, name));
        }
        return Err(EvalError::new(format!(
            "{name} is not an impartial heap ruleset"
        )));
    }
    Err(EvalError::new(format!(
        "expected a heap ruleset, found {}",
        args::describe_kind(v)
    )))
}

/// The members of a subtraction set: positive integers, duplicates ignored, not empty
/// (except for `allbut`, where the empty set means Nim).
fn members(values: &[Value], name: &str, allow_empty: bool) -> EvalResult<BTreeSet<u64>> {
    let list = args::integer_list(values, "a subtraction set member")?;
    if list.is_empty() && !allow_empty {
        return Err(EvalError::new(format!(
            "{name} needs a non-empty set of removals"
        )));
    }
    list.iter().map(member).collect()
}

fn member(n: &BigInt) -> EvalResult<u64> {
    if !n.is_positive() {
        return Err(EvalError::new(format!(
            "subtraction set members must be positive integers, found {n}"
        )));
    }
    n.to_u64()
        .filter(|&n| n <= MAX_SUBTRACTION_MEMBER)
        .ok_or_else(|| {
            EvalError::new(format!(
                "subtraction set member {n} is too large (at most {MAX_SUBTRACTION_MEMBER})"
            ))
        })
}

/// CGSuite's code of a subtraction set (rulesets.md §3): digit D at j when j ∈ S (j ∉ S with
/// `allbut`), and a repeating `[D]` with `allbut`.
fn subtraction_code(members: &BTreeSet<u64>, allbut: bool, digit: char) -> String {
    if allbut && members.is_empty() {
        return format!("0.[{digit}]");
    }
    let max = members.last().copied().unwrap_or(0);
    let mut code = String::with_capacity(max as usize + 6);
    code.push_str("0.");
    for j in 1..=max {
        code.push(if members.contains(&j) != allbut {
            digit
        } else {
            '0'
        });
    }
    if allbut {
        code.push('[');
        code.push(digit);
        code.push(']');
    }
    code
}

fn join(members: &BTreeSet<u64>) -> String {
    members
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(v: &[u64]) -> BTreeSet<u64> {
        v.iter().copied().collect()
    }

    #[test]
    fn subtraction_codes_match_cgsuite() {
        assert_eq!(subtraction_code(&set(&[2, 3, 7]), false, '3'), "0.0330003");
        assert_eq!(
            subtraction_code(&set(&[2, 3, 7]), true, '3'),
            "0.3003330[3]"
        );
        assert_eq!(subtraction_code(&set(&[1, 2]), false, '7'), "0.77");
        assert_eq!(subtraction_code(&set(&[]), true, '3'), "0.[3]");
    }
}
