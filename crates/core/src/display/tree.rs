//! A game tree as indented text (`G.Tree(depth)`): each node's canonical value, Left's options
//! before Right's, cut at a depth with a count of what is hidden below.
//!
//! ```text
//! {2|*}
//! ├─ L 2
//! │  └─ L 1 ⋯ 1 option below
//! └─ R *
//!    ├─ L 0
//!    └─ R 0
//! ```
//!
//! The walk uses an explicit stack (a game can be deep), asks for Ctrl-C at every node, and
//! stops after [`MAX_LINES`] lines with a count of the nodes left out, so that a wide game
//! cannot flood the screen.

use super::Printer;
use crate::engine::{Engine, EngineResult, GameId};

/// Most lines a tree prints; the rest is counted, not shown.
pub const MAX_LINES: usize = 2000;

/// One node still to print: the game, how it was reached, its depth, and the prefix that
/// draws the branches of its ancestors.
struct Pending {
    game: GameId,
    side: &'static str,
    depth: usize,
    /// The ancestors' columns ("│  " or "   ") followed by this node's branch ("├─ " or "└─ ").
    prefix: String,
    /// What this node's children continue with after `prefix`'s ancestor part.
    child_indent: String,
}

/// The tree of `g` down to `max_depth` levels of options (0: the game alone).
pub fn game_tree(
    engine: &mut Engine,
    printer: &mut Printer,
    g: GameId,
    max_depth: usize,
) -> EngineResult<String> {
    let mut out = printer.render_game(engine, g)?;
    out.push_str(&hidden_note(engine, g, 0, max_depth)?);
    let mut stack: Vec<Pending> = Vec::new();
    push_children(engine, &mut stack, g, 0, "", max_depth)?;
    let mut lines = 1;
    while let Some(node) = stack.pop() {
        engine.check_interrupt()?;
        if lines >= MAX_LINES {
            let left_out = 1 + stack.len();
            out.push_str(&format!(
                "\n… {left_out} more node{} not shown (at most {MAX_LINES} lines)",
                plural(left_out)
            ));
            break;
        }
        out.push('\n');
        out.push_str(&node.prefix);
        out.push_str(node.side);
        out.push(' ');
        out.push_str(&printer.render_game(engine, node.game)?);
        out.push_str(&hidden_note(engine, node.game, node.depth, max_depth)?);
        lines += 1;
        push_children(
            engine,
            &mut stack,
            node.game,
            node.depth,
            &node.child_indent,
            max_depth,
        )?;
    }
    Ok(out)
}

/// " ⋯ n options below" for a node at the depth limit that has options; "" otherwise.
fn hidden_note(
    engine: &mut Engine,
    g: GameId,
    depth: usize,
    max_depth: usize,
) -> EngineResult<String> {
    if depth < max_depth {
        return Ok(String::new());
    }
    let count = engine.left_options(g)?.len() + engine.right_options(g)?.len();
    Ok(if count == 0 {
        String::new()
    } else {
        format!(" ⋯ {count} option{} below", plural(count))
    })
}

/// Queues the options of `g` (at `depth`) so that they pop Left first, in order.
fn push_children(
    engine: &mut Engine,
    stack: &mut Vec<Pending>,
    g: GameId,
    depth: usize,
    indent: &str,
    max_depth: usize,
) -> EngineResult<()> {
    if depth >= max_depth {
        return Ok(());
    }
    let left = engine.left_options(g)?;
    let right = engine.right_options(g)?;
    let children: Vec<(&'static str, GameId)> = left
        .into_iter()
        .map(|h| ("L", h))
        .chain(right.into_iter().map(|h| ("R", h)))
        .collect();
    let last = children.len().saturating_sub(1);
    for (i, (side, game)) in children.into_iter().enumerate().rev() {
        let (branch, continuation) = if i == last {
            ("└─ ", "   ")
        } else {
            ("├─ ", "│  ")
        };
        stack.push(Pending {
            game,
            side,
            depth: depth + 1,
            prefix: format!("{indent}{branch}"),
            child_indent: format!("{indent}{continuation}"),
        });
    }
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testutil::game;

    fn tree(text: &str, depth: usize) -> String {
        let mut engine = Engine::new();
        let g = game(&mut engine, text);
        game_tree(&mut engine, &mut Printer::new(), g, depth).expect("a tree")
    }

    #[test]
    fn left_options_come_first_and_the_cut_counts_what_is_hidden() {
        assert_eq!(
            tree("{2|*}", 2),
            "{2|*}\n├─ L 2\n│  └─ L 1 ⋯ 1 option below\n└─ R *\n   ├─ L 0\n   └─ R 0"
        );
        assert_eq!(tree("{2|*}", 0), "{2|*} ⋯ 2 options below");
        assert_eq!(tree("0", 3), "0");
    }

    #[test]
    fn a_wide_tree_stops_at_the_line_limit() {
        // *12 has 12 options on each side, each with its own: far more than MAX_LINES at depth 4.
        let text = tree("*12", 4);
        assert_eq!(text.lines().count(), MAX_LINES + 1);
        assert!(
            text.ends_with("(at most 2000 lines)"),
            "{}",
            &text[text.len() - 80..]
        );
    }
}
