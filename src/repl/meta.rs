//! Meta commands: lines starting with `:` at the REPL's primary prompt (never inside a
//! continuation). The bare words `help`, `quit` and `exit` are accepted too, because that is
//! what people type first in an unfamiliar prompt.

/// A parsed meta command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help(Option<String>),
    Vars,
    Quit,
    Clear,
    Load(String),
    Full,
}

/// The commands with their argument and a one-line description, for `:help commands` and Tab
/// completion. Aliases are listed separately in [`ALIASES`].
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        ":help",
        "[topic]",
        "show help, or help on a topic (listed below)",
    ),
    (":vars", "", "list the variables defined so far"),
    (":load", "FILE", "run a script file in this session"),
    (
        ":full",
        "",
        "print the last result in full (long results are cut)",
    ),
    (":clear", "", "forget all variables"),
    (":quit", "", "leave (also :q, :exit, Ctrl-D)"),
];

/// Short forms, mapped to the command they stand for.
const ALIASES: &[(&str, &str)] = &[
    (":h", ":help"),
    (":?", ":help"),
    (":q", ":quit"),
    (":exit", ":quit"),
];

/// `None` when `line` is not a meta command (it is then evaluated); otherwise the command, or
/// an error message for a malformed or unknown one.
pub fn parse(line: &str) -> Option<Result<Command, String>> {
    let line = line.trim();
    match line {
        "help" => return Some(Ok(Command::Help(None))),
        "quit" | "exit" => return Some(Ok(Command::Quit)),
        _ => {}
    }
    if !line.starts_with(':') {
        return None;
    }
    let (name, argument) = match line.split_once(char::is_whitespace) {
        Some((name, rest)) => (name, rest.trim()),
        None => (line, ""),
    };
    Some(command(canonical_name(name), argument))
}

fn canonical_name(name: &str) -> &str {
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, full)| full)
}

fn command(name: &str, argument: &str) -> Result<Command, String> {
    match name {
        ":help" => Ok(Command::Help(
            (!argument.is_empty()).then(|| argument.to_string()),
        )),
        ":load" if argument.is_empty() => Err("`:load` needs a file name: `:load FILE`".into()),
        ":load" => Ok(Command::Load(unquote(argument))),
        ":vars" | ":clear" | ":quit" | ":full" if !argument.is_empty() => {
            Err(format!("`{name}` takes no argument"))
        }
        ":vars" => Ok(Command::Vars),
        ":clear" => Ok(Command::Clear),
        ":quit" => Ok(Command::Quit),
        ":full" => Ok(Command::Full),
        _ => Err(unknown(name)),
    }
}

/// File names with spaces may be quoted, or have their spaces escaped (as Tab completion
/// writes them).
fn unquote(argument: &str) -> String {
    for quote in ['"', '\''] {
        if let Some(inner) = argument
            .strip_prefix(quote)
            .and_then(|a| a.strip_suffix(quote))
        {
            return inner.to_string();
        }
    }
    argument.replace("\\ ", " ")
}

fn unknown(name: &str) -> String {
    let nearest = COMMANDS
        .iter()
        .map(|(command, _, _)| (edit_distance(name, command), *command))
        .min()
        .filter(|(distance, _)| *distance <= 2);
    match nearest {
        Some((_, command)) => format!("unknown command `{name}`; did you mean `{command}`?"),
        None => format!("unknown command `{name}`; type :help commands for the list"),
    }
}

/// Levenshtein distance, for "did you mean" suggestions between short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_are_not_commands() {
        assert_eq!(parse("{1|0}"), None);
        assert_eq!(parse("x := 3"), None);
        assert_eq!(parse("helper"), None);
    }

    #[test]
    fn commands_and_aliases() {
        assert_eq!(parse(":help"), Some(Ok(Command::Help(None))));
        assert_eq!(
            parse("  :help  syntax "),
            Some(Ok(Command::Help(Some("syntax".into()))))
        );
        assert_eq!(parse(":?"), Some(Ok(Command::Help(None))));
        assert_eq!(parse("help"), Some(Ok(Command::Help(None))));
        assert_eq!(parse(":q"), Some(Ok(Command::Quit)));
        assert_eq!(parse("exit"), Some(Ok(Command::Quit)));
        assert_eq!(parse(":vars"), Some(Ok(Command::Vars)));
        assert_eq!(parse(":clear"), Some(Ok(Command::Clear)));
        assert_eq!(parse(":full"), Some(Ok(Command::Full)));
        assert_eq!(
            parse(":load 'my notes.cg'"),
            Some(Ok(Command::Load("my notes.cg".into())))
        );
        assert_eq!(
            parse(":load my\\ notes.cg"),
            Some(Ok(Command::Load("my notes.cg".into())))
        );
    }

    #[test]
    fn malformed_commands_explain_themselves() {
        assert_eq!(
            parse(":load"),
            Some(Err("`:load` needs a file name: `:load FILE`".into()))
        );
        assert_eq!(
            parse(":vars x"),
            Some(Err("`:vars` takes no argument".into()))
        );
        assert_eq!(
            parse(":var"),
            Some(Err("unknown command `:var`; did you mean `:vars`?".into()))
        );
        assert_eq!(
            parse(":frobnicate"),
            Some(Err(
                "unknown command `:frobnicate`; type :help commands for the list".into()
            ))
        );
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance(":lod", ":load"), 1);
        assert_eq!(edit_distance(":vasr", ":vars"), 2);
    }
}
