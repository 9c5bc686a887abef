//! `DigraphRuleset(file => "path")`: the edge-list format of contest inputs (draws.md §2.3).
//! The first line holds `n m`, then m lines hold one edge `u v` each, vertices numbered
//! `base … base + n − 1`; white space separates numbers, blank lines and lines starting with
//! `#` are skipped. Read in one pass over the bytes, so 5·10⁶ edges take about a second.

use crate::engine::Engine;
use crate::value::{EvalError, EvalResult};

/// The vertex count and the edges, 0-based.
pub fn read(path: &str, base: i64, engine: &Engine) -> EvalResult<(u32, Vec<(u32, u32)>)> {
    let bytes = std::fs::read(path)
        .map_err(|e| EvalError::new(format!("cannot read the digraph file {path}: {e}")))?;
    parse(&bytes, base, engine).map_err(|e| EvalError::new(format!("{path}: {e}")))
}

/// [`read`] on the file's bytes; errors say the line and what was expected.
pub fn parse(bytes: &[u8], base: i64, engine: &Engine) -> Result<(u32, Vec<(u32, u32)>), String> {
    let mut lines = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| {
            let t = l.trim_ascii();
            !t.is_empty() && t[0] != b'#'
        });
    let Some((first, header)) = lines.next() else {
        return Err("the file is empty: expected a first line `n m` (vertices, edges)".into());
    };
    let [n, m] = numbers::<2>(header)
        .ok_or_else(|| format!("line {first}: expected `n m` (vertices, edges)"))?;
    let n = u32::try_from(n)
        .ok()
        .filter(|&n| n < u32::MAX)
        .ok_or_else(|| format!("line {first}: {n} vertices are too many"))?;
    let m = usize::try_from(m).map_err(|_| format!("line {first}: {m} edges are too many"))?;
    engine
        .check_memory_for(m.saturating_mul(8))
        .map_err(|e| e.to_string())?;
    let mut edges = Vec::with_capacity(m);
    let vertex = |x: i64, line: usize| -> Result<u32, String> {
        x.checked_sub(base)
            .and_then(|v| u32::try_from(v).ok())
            .filter(|&v| v < n)
            .ok_or_else(|| {
                format!(
                    "line {line}: {x} is not a vertex (vertices are {base} to {})",
                    base + i64::from(n) - 1
                )
            })
    };
    for (line, text) in lines {
        if edges.len() % 65_536 == 0 {
            engine.check_interrupt().map_err(|e| e.to_string())?;
        }
        if edges.len() == m {
            return Err(format!(
                "line {line}: more edges than the {m} the first line announced"
            ));
        }
        let [u, v] =
            numbers::<2>(text).ok_or_else(|| format!("line {line}: expected an edge `u v`"))?;
        edges.push((vertex(u, line)?, vertex(v, line)?));
    }
    if edges.len() < m {
        return Err(format!(
            "the first line announced {m} edges, but the file has {}",
            edges.len()
        ));
    }
    Ok((n, edges))
}

/// Exactly `N` integers separated by white space (a trailing `\r` is white space).
fn numbers<const N: usize>(line: &[u8]) -> Option<[i64; N]> {
    let mut out = [0i64; N];
    let mut words = line
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty());
    for slot in out.iter_mut() {
        *slot = integer(words.next()?)?;
    }
    words.next().is_none().then_some(out)
}

fn integer(word: &[u8]) -> Option<i64> {
    let (negative, digits) = match word {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, word),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut x: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        x = x * 10 + i64::from(d - b'0');
    }
    Some(if negative { -x } else { x })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str, base: i64) -> Result<(u32, Vec<(u32, u32)>), String> {
        parse(text.as_bytes(), base, &Engine::new())
    }

    #[test]
    fn reads_the_contest_format() {
        let text = "# KöMaL S.13\n5 7\n1 1\n1 2\n2 3\r\n2 4\n\n3 1\n4 3\n4 5\n";
        let (n, edges) = parsed(text, 1).unwrap();
        assert_eq!(n, 5);
        assert_eq!(
            edges,
            vec![(0, 0), (0, 1), (1, 2), (1, 3), (2, 0), (3, 2), (3, 4)]
        );
        assert_eq!(parsed("3 1\n0 2\n", 0).unwrap(), (3, vec![(0, 2)]));
    }

    #[test]
    fn errors_name_the_line_and_what_was_expected() {
        assert_eq!(
            parsed("2 1\n1 x\n", 1).unwrap_err(),
            "line 2: expected an edge `u v`"
        );
        assert_eq!(
            parsed("2 1\n1 3\n", 1).unwrap_err(),
            "line 2: 3 is not a vertex (vertices are 1 to 2)"
        );
        assert_eq!(
            parsed("2 2\n1 2\n", 1).unwrap_err(),
            "the first line announced 2 edges, but the file has 1"
        );
        assert_eq!(
            parsed("2 1\n1 2\n2 1\n", 1).unwrap_err(),
            "line 3: more edges than the 1 the first line announced"
        );
        assert!(parsed("", 1).unwrap_err().contains("empty"));
        assert!(
            parsed("5\n", 1)
                .unwrap_err()
                .starts_with("line 1: expected `n m`")
        );
    }
}
