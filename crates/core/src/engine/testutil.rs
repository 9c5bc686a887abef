//! Test support: a tiny reader for game literals (`{1*,^|-1/2}`, `{3||2|1}`), so the engine's
//! tests do not depend on the full parser.

use super::{Dyadic, Engine, GameId, Nus};

/// Games of many shapes (hot, tepid, infinitesimal, numbers) for the engine's law tests.
pub const SAMPLE_GAMES: [&str; 14] = [
    "{3||2|1}",
    "{1|^^||^}",
    "{2|-1}",
    "{0,*|0}",
    "{1/2|-1*}",
    "^*3",
    "{{1|0},^|v,{1|*}}",
    "{1*,1*|^,-2}",
    "{v|{0,*|-1}}",
    "-3/8",
    "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
    "{0|||0||-1|-3}",
    "{5|{3|-1}}",
    "{{4|2}|{-1|-3}}",
];

pub fn game(engine: &mut Engine, text: &str) -> GameId {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut pos = 0;
    let g = read_sum(engine, &chars, &mut pos);
    assert_eq!(pos, chars.len(), "trailing input in {text:?}");
    g
}

fn read_sum(engine: &mut Engine, s: &[char], pos: &mut usize) -> GameId {
    let mut acc = read_atom(engine, s, pos);
    while *pos < s.len() && (s[*pos] == '+' || (s[*pos] == '-' && *pos + 1 < s.len())) {
        let minus = s[*pos] == '-';
        *pos += 1;
        let rhs = read_atom(engine, s, pos);
        acc = if minus {
            engine.sub(acc, rhs).unwrap()
        } else {
            engine.add(acc, rhs).unwrap()
        };
    }
    acc
}

fn read_int(s: &[char], pos: &mut usize) -> Option<i128> {
    let start = *pos;
    while *pos < s.len() && s[*pos].is_ascii_digit() {
        *pos += 1;
    }
    (start < *pos).then(|| s[start..*pos].iter().collect::<String>().parse().unwrap())
}

fn read_atom(engine: &mut Engine, s: &[char], pos: &mut usize) -> GameId {
    if s[*pos] == '{' {
        return read_braces(engine, s, pos);
    }
    let negative = s[*pos] == '-';
    if negative {
        *pos += 1;
    }
    let mut number = Dyadic::ZERO;
    if let Some(n) = read_int(s, pos) {
        let mut den_exp = 0;
        if *pos < s.len() && s[*pos] == '/' {
            *pos += 1;
            let d = read_int(s, pos).unwrap();
            den_exp = d.trailing_zeros();
        }
        number = Dyadic::new(n, den_exp).unwrap();
    }
    if negative {
        number = number.checked_neg().unwrap();
    }
    let mut ups = 0i64;
    while *pos < s.len() && (s[*pos] == '^' || s[*pos] == 'v') {
        let sign = if s[*pos] == '^' { 1 } else { -1 };
        *pos += 1;
        ups += sign * read_int(s, pos).map_or(1, |n| n as i64);
    }
    let mut nim = 0;
    if *pos < s.len() && s[*pos] == '*' {
        *pos += 1;
        nim = read_int(s, pos).map_or(1, |n| n as u64);
    }
    engine.nus(Nus { number, ups, nim })
}

/// `{` options (bar-run options)* `}`, split at the longest bar run.
fn read_braces(engine: &mut Engine, s: &[char], pos: &mut usize) -> GameId {
    *pos += 1;
    let mut lists: Vec<Vec<GameId>> = vec![Vec::new()];
    let mut bars: Vec<usize> = Vec::new();
    loop {
        match s[*pos] {
            '}' => {
                *pos += 1;
                break;
            }
            ',' => *pos += 1,
            '|' => {
                let mut n = 0;
                while s[*pos] == '|' {
                    n += 1;
                    *pos += 1;
                }
                bars.push(n);
                lists.push(Vec::new());
            }
            _ => {
                let g = read_sum(engine, s, pos);
                lists.last_mut().unwrap().push(g);
            }
        }
    }
    build(engine, &lists, &bars)
}

fn build(engine: &mut Engine, lists: &[Vec<GameId>], bars: &[usize]) -> GameId {
    let max = *bars.iter().max().unwrap();
    let at = bars.iter().position(|&b| b == max).unwrap();
    let side = |engine: &mut Engine, lists: &[Vec<GameId>], bars: &[usize]| {
        if bars.is_empty() {
            lists[0].clone()
        } else {
            vec![build(engine, lists, bars)]
        }
    };
    let left = side(engine, &lists[..=at], &bars[..at]);
    let right = side(engine, &lists[at + 1..], &bars[at + 1..]);
    engine.game_from_options(&left, &right).unwrap()
}
