//! The text of `:help` and its topics. Lines that start in the first column are headings
//! (shown bold when colour is on); everything else is indented.

use super::meta::COMMANDS;
use crate::shell::style::Palette;
use cgcalc_core::eval::reference;

const OVERVIEW: &str = "\
cgcalc — type a game; get its canonical form and what a player needs to know.

Games
  {1,*|0}  <0|*>       Left's options | Right's options (either may be empty)
  {2||1|0}             the longest run of bars splits first: {2|{1|0}}
  3  -1/2  *  *3       numbers (dyadic rationals) and nimbers
  ^  v  ^3  6^*  ^*6   ups, downs and CGSuite's juxtaposed forms
  +-1  ±(1*)           switches: {1|-1}
  G + H  G - H  -G     sum, difference, negative
  3 * G   G : H        integer multiple, ordinal sum
  G > H  G <> H        comparisons: == != <= >= < > <| |> <> (confused)

Properties and functions
  G.Temperature   G.Cool(1/2)   G.AtomicWeight   (Tab completes after the dot)
  temperature(G)  cool(G, 1/2)                   the same, as functions

Statements
  x := {1|0}           assign a variable        a; b      two statements
  G.Mean;              evaluate, print nothing  // note   comment to end of line
  A line that ends inside an open bracket continues on the next one.

Examples
  {2||1|0}             *3 + *5            ^ + ^ + *          {3|-1}.Cool(1)
  kayles[5]            nim_values(kayles, 20)                mex(0, 1, 3)

More help
  :help syntax       :help language    :help functions   :help games
  :help properties   :help impartial   :help summary     :help commands
  :help keys         :help all (every name, by topic)
  :help NAME         one function, property or ruleset: :help cool
";

const SYNTAX: &str = "\
Game expressions
  {L1,L2,...|R1,...}   a game by its options; <L|R> is the same
  {a||b|c}             {a|{b|c}};  {a|b||c} is {{a|b}|c}
  7  -3  3/8           numbers; non-dyadic rationals are numbers, not games
  *  *n                nimbers (*0 and *1 are accepted)
  ^ ^^ ^n v vv vn      ups and downs; also ↑ ↓ ⇑ ⇓
  73/16v9*8  2*  ^*6   juxtaposed literals, exactly as CGSuite prints them
  +-x  ±x  a+-b        the switch {x|-x}; a+-b is a + ±b
  -1^                  a minus sign belongs to the number: -1 + ^
  n * G                integer multiple (with spaces: 3*2 is 3 + *2, 3 * 2 is 6)
  G : H                ordinal sum
  x^2  (1/2)^4         a power of a number after a name, ) or ] (2^3 is 2+^3)

Comparisons (giving true or false)
  ==  !=  <=  >=  <  >
  <>   confused with
  <|   less than or confused with
  |>   greater than or confused with

Names, lists, calls
  x := expr            assign; names are letters, digits and _, starting
                       with a letter (a lone = is an error)
  def f(x) := expr     define a function (see :help functions)
  [a, b]  a..b  a..b..s  lists and integer ranges (with a step)
  G.Name  G.Name(x)    CGSuite properties and methods (case-insensitive)
  name(G, x)           the same as a function, in snake_case
  11 NimSum 3          CGSuite's named infix methods
";

/// The end of `:help properties`, after the table's list of game methods.
const PROPERTIES_NOTE: &str = "\
Write G.Name or name(G) (snake_case); names are case-insensitive.
Tab after a dot lists them.
";

const IMPARTIAL: &str = "\
Nim arithmetic
  mex(0, 1, 3)         2          nim_sum(a, b, ...)    xor
  nim_product(a, b)    nim_inverse(a)    nim_div(a, b)    nim_pow(a, n)
  *a + *b              *(a xor b)
Rulesets
  nim  kayles  dawson  grundy_game
  subtraction(1, 3, 4)     allbut(1, 2)     bash(m)
  octal(\"0.77\")  hexadecimal(\"0.8F\")  take_and_break(\"4!.0\")
Positions and values
  R[n]  R(n)           one heap of size n;  R[a, b, c] = R[a] + R[b] + R[c]
  nim_values(R, n)     [g(0), ..., g(n)]
  period(R)            Periodicity(Period => p, Preperiod => q, Saltus => s)
  G.WinningMoves       moves to positions of value 0
Contest helpers
  wythoff(a, b)  wythoff_p(k)  misere_nim(a, b, ...)  moore_nim(k, a, b, ...)
  staircase_nim(...)   every_sg(...)
  misère games *[...]   G.Genus   G.MisereNimValue   G.MisereOutcomeClass
Partizan positions
  hackenbush(\"LLR\")   toads_frogs(\"TT__FF\")   domineering(4, 5)
  domineering(\"..#/...\")   cutcake(w, h)   clobber(\"xo.ox\")
  G.LeftOptions   G.LeftWinningMoves
CGSuite's names work too: game.heap.Kayles(5), game.heap.Subtraction([2,3,7]).
";

const SUMMARY: &str = "\
Under a game result cgcalc shows a summary (hide it with cgcalc -q):
  position       how a ruleset position was built, e.g. kayles[5]
  outcome        L  Left wins             R  Right wins
                 P  second player wins    N  first player wins
  stops          Left stop / Right stop: the number reached when Left / Right
                 moves first and both play well
  mean           the mean value (what the game is worth in the long run)
  temperature    how urgent a move is
  birthday       the day the canonical form is born
  atomic weight  for all-small games, when defined; — otherwise
";

const KEYS: &str = "\
Keys
  Tab                  complete .Property names, :commands and :load file names
  Up / Down, Ctrl-R    walk or search the history
  Ctrl-C               clear the line; during a computation, interrupt it
                       (a second Ctrl-C before it has stopped quits cgcalc)
  Ctrl-D               quit (on an empty line)
  Ctrl-L               clear the screen
History is kept in the data directory (~/.local/share/cgcalc/history on Linux);
set CGCALC_HISTORY to another file, or to an empty value for no history.
";

const LANGUAGE: &str = "\
Control (each is an expression with a value)
  if c then a elseif d then b else e end      Nothing when no branch runs
  begin s1; s2 end     a block: its own locals, the value of its last statement
  var x := 1           a local of the block (a global at top level)
  x := e               the nearest local named x, else a global
Loops and comprehensions
  [k * k for k from 1 to 10 by 3 where k != 4]   lists; {e for ...} sets
  [(i, j) for i in 1..3 for j from i to 3]        clauses nest, first outermost
  {k => k.Lb for k in [1, 8]}                     maps
  for x in L while x < 5 yield x end              loops: yield ... end, or
  for x in L do s := s + x end                    do ... end (value Nothing)
  while i < 10 do i := i + 1 end
Values
  \"text\"  s + t  s[1]  s.Substring(2, 4)   strings (indexed from 1)
  [1, 2][1]  L.Sorted  L.Apply(f)  L.Filter(p)  L.Sum  L.Mex   lists
  {1, 2}  {=>}  {k => v}  m[k]  (a, b)   sets, maps, tuples
  x is Integer   a === b (same structure)   a <=> b   error(\"message\")
  Print(x)   a line of output      G.OutcomeClass == P   (P N L R; D for draws)
Differences from CGSuite: 3*2 is 3 + *2 and 2^3 is 2 + ^3 (CGSuite's printed
forms); % and Div truncate, Mod floors; a newline ends a statement unless a
bracket or block is open or the line ends in an operator.
";

const FUNCTIONS: &str = "\
Functions are values
  f := x -> x + 1      (x, y) -> x * y      () -> 7      (a, b ? 2) -> a + b
  def f(n) := n * n    the same as f := n -> n * n
  def f(n) begin var t := n + 1; t * t end
  f(3)  f(y => 2, x => 1)   positional, then named arguments
Scopes nest: a function sees the locals where it was made (closures), and
globals as they are when it runs. Recursion works through any visible name:
  fib := n -> if n < 2 then n else fib(n-1) + fib(n-2) end;  fib(90)
A recursive function without side effects is memoised by its arguments, so
fib(90) is instant. Runaway recursion is an error, and Ctrl-C stops any call.
";

const GAMES: &str = "\
Your own games (see docs/guide.md, section 8)
  R := game.heap.HeapRuleset(n -> [[n - k * k] for k from 1 to n.Isqrt])
  R(9).NimValue   R(9).WinningMoves   R.NimValueSequence(20)   R[3, 5]
  game.heap.HeapRuleset(n -> [[k, n - k] for k from 1 to n - 1 where k < n - k])
  game.heap.CoordinateRuleset(f)   f(m, n) lists pairs (m', n'); R(3, 5)
  game.heap.GenMem((memory, j) -> j != memory)((10, 0)).NimValue
  game.heap.GenWythoff(x -> x + 2)((10, 13)).NimValue
  game.heap.PartizanHeapRuleset(RL, RR).GameValueSequence(10)
Any positions (strings, lists, tuples, ...)
  G := PartizanRuleset(p -> left options of p, p -> right options of p)
  N := ImpartialRuleset(h -> [h.Updated(i, k) for i in 1..h.Length
                                               for k from 0 to h[i] - 1])
  N([1, 2, 4]).WinningMoves   G(\"LLR\").CanonicalForm   G(p).LeftWinningMoves
Positions have every analysis a built-in ruleset's have: NimValue, Genus,
OutcomeClass, MisereOutcomeClass, CanonicalForm, Options, Followers, ...
R.ObservedPeriod(N) reports a period seen in the first N heaps (not a proof).
";

/// Topic names, for completion and the "unknown topic" message.
pub const TOPICS: &[&str] = &[
    "syntax",
    "language",
    "functions",
    "games",
    "properties",
    "impartial",
    "summary",
    "commands",
    "keys",
    "all",
];

/// The help text for `topic` (the overview when `None`); topics may be abbreviated.
pub fn text(topic: Option<&str>) -> Result<String, String> {
    let Some(topic) = topic else {
        return Ok(OVERVIEW.to_string());
    };
    let wanted = topic.trim().trim_start_matches(':').to_lowercase();
    if wanted.is_empty() {
        return Ok(OVERVIEW.to_string());
    }
    // `:help :load`: a command, described from the command list.
    if let Some((name, argument, what)) = super::meta::COMMANDS
        .iter()
        .find(|(name, _, _)| name.trim_start_matches(':') == wanted)
    {
        return Ok(format!(
            "{name} {argument}\n  {what}\n  (:help commands lists every command)\n"
        ));
    }
    if matches!(wanted.as_str(), "rulesets" | "nim") {
        return Ok(IMPARTIAL.to_string());
    }
    // A topic's full name wins over a name in the reference table (`functions`, `games`).
    if let Some(exact) = TOPICS.iter().find(|t| **t == wanted) {
        return Ok(topic_text(exact));
    }
    if let Some(text) = reference::help(topic.trim()) {
        return Ok(text);
    }
    let matches: Vec<&str> = TOPICS
        .iter()
        .copied()
        .filter(|t| t.starts_with(&wanted))
        .collect();
    match matches.as_slice() {
        [only] => Ok(topic_text(only)),
        _ => {
            let hint = reference::close_names(&wanted)
                .map(|n| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            Err(format!(
                "no help on `{topic}`; {hint}topics: {}; or a name (:help all lists them)",
                TOPICS.join(", ")
            ))
        }
    }
}

fn topic_text(topic: &str) -> String {
    match topic {
        "syntax" => SYNTAX.to_string(),
        "language" => LANGUAGE.to_string(),
        "functions" => FUNCTIONS.to_string(),
        "games" => GAMES.to_string(),
        "properties" => reference::game_methods_by_topic() + "\n" + PROPERTIES_NOTE,
        "impartial" => IMPARTIAL.to_string(),
        "summary" => SUMMARY.to_string(),
        "keys" => KEYS.to_string(),
        "all" => reference::names_by_topic(),
        _ => commands(),
    }
}

fn commands() -> String {
    let mut text = String::from("Commands (at the start of a line)\n");
    for (name, argument, description) in COMMANDS {
        let usage = format!("{name} {argument}");
        text += &format!("  {usage:<20} {description}\n");
    }
    text
}

/// Headings (lines starting in the first column) in bold.
pub fn style(text: String, p: Palette) -> String {
    if !p.enabled {
        return text;
    }
    text.lines()
        .map(|line| {
            if line.starts_with(' ') || line.is_empty() {
                format!("{line}\n")
            } else {
                format!("{}\n", p.strong(line))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn every_topic_has_text_that_fits_a_terminal() {
        for topic in TOPICS {
            let text = text(Some(topic)).expect("known topic");
            assert!(!text.is_empty());
            for line in text.lines() {
                assert!(line.width() <= 80, "{topic}: line too wide: {line}");
            }
        }
        let overview = text(None).expect("overview");
        assert!(overview.lines().all(|l| l.width() <= 80));
    }

    #[test]
    fn topics_may_be_abbreviated_and_aliased() {
        assert_eq!(text(Some("prop")), Ok(topic_text("properties")));
        assert_eq!(text(Some("Syntax")), Ok(SYNTAX.to_string()));
        assert_eq!(text(Some("rulesets")), Ok(IMPARTIAL.to_string()));
        assert!(text(Some("commands")).is_ok_and(|t| t.contains(":load FILE")));
    }

    #[test]
    fn help_on_a_name_comes_from_the_reference_table() {
        let cool = text(Some("cool")).expect("cool is a function");
        assert!(
            cool.contains("cool(G, t)") && cool.contains("G.Cool(t)"),
            "{cool}"
        );
        assert_eq!(text(Some("COOL")), text(Some("cool")));
        assert_eq!(text(Some("nim_value")), text(Some("NimValue")));
        assert!(text(Some("kayles")).is_ok_and(|t| t.contains("kayles[n]")));
        // Topic names keep their topics.
        assert_eq!(text(Some("games")), Ok(GAMES.to_string()));
        let all = text(Some("all")).expect("every name");
        assert!(all.contains("temperature") && all.contains("Temperature"));
        assert!(OVERVIEW.contains(":help NAME"));
    }

    #[test]
    fn help_on_a_command_describes_it() {
        let load = text(Some(":load")).expect("a command");
        assert!(load.starts_with(":load FILE"), "{load}");
        assert!(
            text(Some("clear"))
                .expect("a command")
                .contains("forget all variables")
        );
        // A distant word suggests nothing rather than a random name.
        let error = text(Some("xylophone")).expect_err("unknown");
        assert!(!error.contains("did you mean"), "{error}");
    }

    #[test]
    fn unknown_help_words_suggest_a_close_name() {
        let error = text(Some("temprature")).expect_err("unknown");
        assert!(error.contains("did you mean `temperature`?"), "{error}");
    }

    #[test]
    fn unknown_or_ambiguous_topics_list_the_topics() {
        let error = text(Some("zzz")).expect_err("unknown");
        assert!(error.contains("syntax, language, functions, games, properties"));
        assert!(
            text(Some("s")).is_err(),
            "`s` is ambiguous: syntax or summary"
        );
    }
}
