//! cgcalc-core as a library: the values of Domineering rectangles up to 4×4, their sum, and a
//! few questions put to the engine directly.
//!
//! Run with `cargo run --release --example domineering` (add `-- 3` for rectangles up to 3×3).
//! `cargo test` builds it and runs its test, which takes the whole tour up to 3×3.

use cgcalc_core::value::Position;
use cgcalc_core::{CountingAllocator, Engine, GameId, Printer, Relation, Session, Show, Value};
use std::error::Error;
use std::fmt::Write;

/// Optional: with the counting allocator installed, the session's memory ceiling applies.
#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn main() -> Result<(), Box<dyn Error>> {
    let largest: usize = match std::env::args().nth(1) {
        Some(arg) => arg.parse().map_err(|_| format!("not a size: {arg}"))?,
        None => 4,
    };
    print!("{}", tour(largest)?);
    Ok(())
}

/// The whole tour as text, for rectangles up to `largest` × `largest`.
fn tour(largest: usize) -> Result<String, Box<dyn Error>> {
    let mut out = String::new();
    let mut session = Session::new();
    let mut printer = Printer::new();

    // 1. Text in the calculator's language, read into values.
    let mut boards = Vec::new();
    writeln!(
        out,
        "Domineering, width × height: canonical form (Left plays vertical dominoes)"
    )?;
    for width in 1..=largest {
        for height in 1..=largest {
            let position = position(&mut session, &format!("domineering({width}, {height})"))?;
            // 2. The engine directly: the position's canonical form is a game in its arena.
            let game = position.value(session.engine())?;
            let text = printer.render_game(session.engine(), game)?;
            writeln!(out, "{width}×{height}: {text}")?;
            boards.push(game);
        }
    }

    // Adding, comparing and asking for properties, on arena ids.
    let square = position(&mut session, "domineering(2, 2)")?.value(session.engine())?;
    let engine = session.engine();
    let total = sum(engine, &boards)?;
    out.push('\n');
    let text = printer.render_game(engine, total)?;
    writeln!(out, "The sum of all {} boards: {text}", boards.len())?;
    writeln!(out, "  outcome: {}", engine.outcome(total)?.meaning())?;
    let (mean, temperature) = (engine.mean(total)?, engine.temperature(total)?);
    writeln!(out, "  mean {mean}, temperature {temperature}")?;

    // A game built from its options: ↑ = {0|*}, which the 2×2 square is not.
    let (zero, star) = (engine.zero(), engine.nimber(1));
    let up = engine.game_from_options(&[zero], &[star])?;
    let relation = match engine.relation(square, up)? {
        Relation::Less => "<",
        Relation::Equal => "=",
        Relation::Greater => ">",
        Relation::Confused => "<>",
    };
    let (square, up) = (
        printer.render_game(engine, square)?,
        printer.render_game(engine, up)?,
    );
    writeln!(out, "  the 2×2 square {square} {relation} {up}")?;

    // 3. What the binary shows for a statement: the answer, with its summary figures, or an
    // error that says where it is.
    out.push('\n');
    let script = "domineering(2, 3) + domineering(3, 2)\ndomineering(2, )\n2×3 board := 1";
    session.answer(script, 1, Show::text(false), |answer| {
        match &answer.result {
            Ok(shown) => {
                let text = shown.text.as_deref().unwrap_or_default();
                out += &format!("{} = {text}\n", answer.input);
                if let Some(summary) = &shown.summary {
                    out += &format!(
                        "  outcome {} ({})\n",
                        summary.outcome, summary.outcome_meaning
                    );
                }
            }
            Err(diagnostic) => out += &format!("{} fails at {diagnostic}\n", answer.input),
        }
        true
    });
    Ok(out)
}

/// The position that `expression` evaluates to.
fn position(
    session: &mut Session,
    expression: &str,
) -> Result<std::rc::Rc<dyn Position>, Box<dyn Error>> {
    let mut results = session.eval_source(expression, 1);
    match results.pop().map(|r| r.result) {
        Some(Ok(Value::Position(p))) => Ok(p),
        Some(Ok(other)) => Err(format!("{expression} is not a position: {other:?}").into()),
        Some(Err(diagnostic)) => Err(diagnostic.into()),
        None => Err(format!("{expression} has no value").into()),
    }
}

/// The sum of `games`.
fn sum(engine: &mut Engine, games: &[GameId]) -> Result<GameId, Box<dyn Error>> {
    let mut total = engine.zero();
    for &g in games {
        total = engine.add(total, g)?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    /// The example runs to the end, with values that are known by hand: a vertical domino
    /// (Left's) fits a board 1 wide and 2 high once, a horizontal one (Right's) a board 2 wide
    /// and 1 high, and the 2×2 square is ±1, first player wins; each statement of the script
    /// gets its own answer.
    #[test]
    fn the_tour_runs_with_the_known_small_values() {
        let text = super::tour(3).expect("the tour runs");
        for line in [
            "1×1: 0",
            "1×2: 1",
            "2×1: -1",
            "2×2: +-1",
            "The sum of all 9 boards: 0",
        ] {
            assert!(text.contains(line), "no {line:?} in:\n{text}");
        }
        assert!(
            text.contains("domineering(2, 3) + domineering(3, 2) = "),
            "{text}"
        );
        assert!(text.contains("domineering(2, ) fails at 2:"), "{text}");
        assert!(text.contains("2×3 board := 1 fails at 3:"), "{text}");
    }
}
