//! Source text from syntax trees: how function values print (`x -> x + 1`).

use super::ast::Lambda;

/// A lambda as CGSuite prints a function value.
pub fn render_lambda(lambda: &Lambda) -> String {
    // Interim form until the full re-renderer lands: the parameters only.
    let params: Vec<&str> = lambda.params.iter().map(|p| p.name.as_str()).collect();
    match params.as_slice() {
        [one] => format!("{one} -> …"),
        _ => format!("({}) -> …", params.join(", ")),
    }
}
