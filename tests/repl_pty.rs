//! End-to-end tests of the interactive REPL, driven through a pseudo-terminal (the REPL only
//! starts with a terminal on standard input, so a pipe cannot reach it): Tab completion,
//! `ans`, multi-line history entries, mismatched closers, long results with `:full`, and the
//! progress line with Ctrl-C, completion after a dot.

use rexpect::session::{PtySession, spawn_command};
use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_cgcalc");
/// Generous: a debug build on a busy machine is slow to start.
const TIMEOUT_MS: u64 = 30_000;

fn history_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgcalc-repl-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn repl(history: &PathBuf) -> PtySession {
    let mut command = Command::new(BIN);
    command
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env("CGCALC_HISTORY", history);
    let mut p = spawn_command(command, Some(TIMEOUT_MS)).expect("cgcalc starts in a pty");
    p.exp_string("Ctrl-D to quit").expect("banner");
    p
}

/// Type `line` and Enter, and wait for the next prompt; returns what was printed in between.
/// Waiting matters: rustyline drops keys typed before it draws its prompt.
fn enter(p: &mut PtySession, line: &str) -> String {
    p.send_line(line).expect("send");
    // rustyline ends a line with "bracketed paste off" and draws a prompt in one synchronized
    // update; the text between the two is the output.
    p.exp_string("\x1b[?2004l").expect("line read");
    p.exp_string("\x1b[?2026l").expect("next prompt")
}

fn quit(mut p: PtySession) {
    p.send_line(":quit").expect("send");
    p.exp_eof().expect("cgcalc leaves");
}

#[test]
fn tab_completes_ruleset_names_and_variables() {
    let mut p = repl(&history_file("tab"));
    p.send("kay\t").expect("send");
    p.send_line(".NimValues(3)").expect("send");
    p.exp_string("[0,1,2,3]").expect("kayles completed");
    enter(&mut p, "");
    assert!(enter(&mut p, "heap_size := 12").contains("12"));
    p.send("heap_s\t").expect("send");
    assert!(enter(&mut p, " + 1").contains("13"), "variable completed");
    quit(p);
}

#[test]
fn ans_mismatched_closers_and_built_in_names() {
    let mut p = repl(&history_file("ans"));
    assert!(enter(&mut p, "{1|0}").contains("temperature 1/2"));
    assert!(enter(&mut p, "ans + 1").contains("{2|1}"));
    enter(&mut p, "(1");
    assert!(
        enter(&mut p, "]").contains("unexpected `]`"),
        "mismatch at once"
    );
    assert!(
        enter(&mut p, "kayles := 3")
            .contains("`kayles` is a built-in ruleset; choose another name")
    );
    quit(p);
}

#[test]
fn a_multi_line_statement_is_one_history_entry() {
    let history = history_file("multi");
    let mut p = repl(&history);
    enter(&mut p, "{1,");
    assert!(enter(&mut p, "2|0}").contains("{2|0}"));
    // Up brings the whole statement back; Enter evaluates it again.
    p.send("\x1b[A").expect("send");
    assert!(enter(&mut p, "").contains("{2|0}"), "second evaluation");
    quit(p);
    let saved = std::fs::read_to_string(&history).expect("history file");
    let entries: Vec<&str> = saved.lines().filter(|l| l.starts_with('{')).collect();
    assert_eq!(entries, ["{1,\\n2|0}"], "{saved}");
}

#[test]
fn long_results_are_cut_and_full_shows_them() {
    let mut p = repl(&history_file("long"));
    let shown = enter(&mut p, "[n for n in 1..3000]");
    assert!(shown.contains(" cut: 13894 characters in all; :full shows all of it"));
    assert!(!shown.contains("3000]"), "the end is cut off");
    // Cut after a comma, never inside a number.
    let lines: Vec<&str> = shown.lines().collect();
    let note = lines
        .iter()
        .position(|l| l.contains(" cut: "))
        .expect("note line");
    let last = lines[note - 1].trim_end();
    assert!(last.ends_with(','), "{last:?}");
    assert!(
        enter(&mut p, ":full").contains("2999,3000]"),
        "the whole list"
    );
    quit(p);
}

#[test]
fn slow_computations_show_progress_and_ctrl_c_keeps_the_variables() {
    let mut p = repl(&history_file("progress"));
    enter(&mut p, "kept := 7");
    p.send_line("s := 0; for i from 1 to 1000000000 do s := s + i end; kept := 8; 9")
        .expect("send");
    p.exp_string("computing s := 0;").expect("progress line");
    p.send_control('c').expect("send");
    p.exp_string("interrupted").expect("stopped");
    // The statements after the stopped one are not reported (nor run).
    let rest = p.exp_string("\x1b[?2026l").expect("prompt");
    assert!(!rest.contains("interrupted"), "{rest:?}");
    assert!(enter(&mut p, "kept * 6").contains("42"), "variables kept");
    quit(p);
}

/// A position's value is computed when its result is printed; the line shows through that
/// too, with the solver's count.
#[test]
fn solving_a_position_shows_progress_with_a_count() {
    let mut p = repl(&history_file("progress_count"));
    p.send_line("domineering(8,6)").expect("send");
    p.exp_string("positions solved")
        .expect("progress line with a count");
    p.send_control('c').expect("send");
    p.exp_string("interrupted").expect("stopped");
    assert!(enter(&mut p, "6 * 7").contains("42"), "the session goes on");
    quit(p);
}

/// The REPL's comforts stay out of scripts: piped and `--json` output is whole, and a slow
/// statement draws no progress line on standard error.
#[test]
fn scripts_and_json_print_long_results_whole() {
    use std::io::Write;
    use std::process::Stdio;
    for args in [&[][..], &["--json"][..]] {
        let mut child = Command::new(BIN)
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cgcalc runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(
                b"s := 0; for i from 1 to 300000 do s := s + i end; s\n[n for n in 1..3000]\n",
            )
            .expect("write");
        let output = child.wait_with_output().expect("cgcalc ends");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("2999,3000]"), "{args:?}");
        assert!(!stdout.contains(":full"), "{args:?}");
        assert!(
            output.stderr.is_empty(),
            "{args:?}: {:?}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// Lines typed before the prompt is drawn (typed ahead, or pasted without bracketed paste)
/// all run, in order, and enter the history.
#[test]
fn typed_ahead_lines_all_run() {
    let history = history_file("ahead");
    let mut p = repl(&history);
    p.send("11+1\r22+2\r33+3\r").expect("send");
    p.flush().expect("send");
    p.exp_string("12").expect("first line");
    p.exp_string("24").expect("second line");
    p.exp_string("36").expect("third line");
    quit(p);
    let saved = std::fs::read_to_string(&history).expect("history file");
    for line in ["11+1", "22+2", "33+3"] {
        assert!(saved.lines().any(|l| l == line), "{line} in {saved}");
    }
}

/// A bracketed paste of several statements runs them all, without an extra Enter; a Tab in
/// it is text, not completion, and a statement pasted over two lines is one.
#[test]
fn a_bracketed_paste_runs_every_statement() {
    let mut p = repl(&history_file("paste"));
    p.send("\x1b[200~a := 40\r{1,\r\t2|0}\rb := a + 4\r\x1b[201~")
        .expect("send");
    p.flush().expect("send");
    p.exp_string("40").expect("first statement");
    p.exp_string("{2|0}").expect("statement over two lines");
    p.exp_string("44").expect("last statement");
    assert!(
        enter(&mut p, "b - a").contains('4'),
        "no extra Enter needed"
    );
    quit(p);
}

#[test]
fn tab_after_a_dot_completes_what_applies_to_the_value_and_name_spaces_their_members() {
    let mut p = repl(&history_file("dot_completion"));
    // `IsInfinites` is only a game's: the one candidate, completed.
    p.send("{1|0}.IsInfinites\t").expect("send");
    assert!(enter(&mut p, "").contains("false"), "IsInfinitesimal");
    enter(&mut p, "words := [\"a\", \"b\"]");
    // A list's only `IsE…` is `IsEmpty` (a game has none).
    p.send("words.IsE\t").expect("send");
    assert!(enter(&mut p, "").contains("false"), "IsEmpty");
    p.send("game.grid.Dom\t").expect("send");
    assert!(
        enter(&mut p, "(\"..|..\").Birthday").contains('2'),
        "Domineering completed"
    );
    quit(p);
}

/// `clear` (a reflex from other shells) answers at once with a hint, and the next line runs.
#[test]
fn a_bare_keyword_does_not_swallow_the_next_line() {
    let mut p = repl(&history_file("clear"));
    assert!(enter(&mut p, "clear").contains("`:clear`"));
    assert!(enter(&mut p, "6 * 7").contains("42"));
    quit(p);
}

#[test]
fn ctrl_c_stops_sorting_a_deep_games_followers() {
    let mut p = repl(&history_file("followers_interrupt"));
    enter(&mut p, "kept := 7");
    p.send_line("^<990000>.Followers").expect("send");
    p.exp_string("computing ^<990000>.Followers")
        .expect("progress line");
    let asked = std::time::Instant::now();
    p.send_control('c').expect("send");
    // The message itself first: a prompt redrawn before the Ctrl-C could match a bare
    // prompt wait.
    let shown = p.exp_string("interrupted").expect("interrupted");
    p.exp_string("\x1b[?2026l").expect("prompt");
    assert!(!shown.contains("memory"), "{shown:?}");
    // A debug build on a busy machine: well under the 30 s it took to hit the memory ceiling.
    // (990 000 followers: with 400 000 the work could end before the progress line showed.)
    assert!(asked.elapsed().as_secs() < 5, "{:?}", asked.elapsed());
    assert!(enter(&mut p, "kept * 6").contains("42"), "variables kept");
    quit(p);
}

/// A statement left open that the next line cannot continue is reported at once, and that
/// line runs on its own.
#[test]
fn an_open_statement_gives_back_the_next_line() {
    let mut p = repl(&history_file("open"));
    enter(&mut p, "a := {1|0");
    let shown = enter(&mut p, "b := 2");
    assert!(shown.contains("`{` is never closed"), "{shown:?}");
    assert!(shown.contains('2'), "{shown:?}");
    assert!(enter(&mut p, "b * 21").contains("42"));
    quit(p);
}

/// A nim product of two large ordinals (thousands of terms, seconds of work) shows the
/// progress line and stops on Ctrl-C, keeping the session; `omega` completes with Tab.
#[test]
fn ctrl_c_stops_a_long_ordinal_nim_product() {
    let mut p = repl(&history_file("ordinal_interrupt"));
    enter(
        &mut p,
        "x := sum([omega^k * (k + 1) for k from 0 to 4000]); \
         y := sum([omega^(k * 7) * 3 for k from 0 to 4000]); kept := 7",
    );
    p.send_line("x NimProduct y").expect("send");
    p.exp_string("computing x NimProduct y")
        .expect("progress line");
    let asked = std::time::Instant::now();
    p.send_control('c').expect("send");
    // The message itself first: a prompt redrawn before the Ctrl-C could match a bare
    // prompt wait.
    p.exp_string("interrupted").expect("interrupted");
    p.exp_string("\x1b[?2026l").expect("prompt");
    assert!(asked.elapsed().as_secs() < 5, "{:?}", asked.elapsed());
    assert!(enter(&mut p, "kept * 6").contains("42"), "variables kept");
    p.send("omeg\t").expect("send");
    let completed = enter(&mut p, " + 1");
    // (The pty output reads as Latin-1 here, so ω itself is not matched.)
    assert!(
        completed.contains("positive: Left wins"),
        "omega completed: {completed:?}"
    );
    quit(p);
}

/// A misère quotient shows how far it has got and stops on Ctrl-C, inside a heap's work too,
/// saying which heaps are done.
#[test]
fn ctrl_c_stops_a_misere_quotient() {
    let mut p = repl(&history_file("quotient_interrupt"));
    enter(&mut p, "kept := 7");
    p.send_line("dawson.MisereQuotient(60, MaxOrder => 100000)")
        .expect("send");
    p.exp_string("heaps").expect("progress line");
    let asked = std::time::Instant::now();
    p.send_control('c').expect("send");
    p.exp_string("interrupted at heap").expect("interrupted");
    p.exp_string("\x1b[?2026l").expect("prompt");
    assert!(asked.elapsed().as_secs() < 5, "{:?}", asked.elapsed());
    assert!(enter(&mut p, "kept * 6").contains("42"), "variables kept");
    quit(p);
}
