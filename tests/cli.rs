//! End-to-end tests of the `cgcalc` binary: arguments, exit status, streams, JSON contract.
//!

use assert_cmd::Command;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

const BIN: &str = env!("CARGO_BIN_EXE_cgcalc");

/// A finished run: exit status and both streams as text.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn cgcalc(args: &[&str], stdin: &str) -> Run {
    let output = Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .write_stdin(stdin)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("cgcalc runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cgcalc-cli-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

// ---------------------------------------------------------------------------------------------
// Arguments and exit status

#[test]
fn help_exits_0() {
    let run = cgcalc(&["--help"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Usage: cgcalc"), "{}", run.stdout);
    assert!(run.stdout.contains("--json") && run.stdout.contains("--fail-fast"));
}

#[test]
fn version_exits_0() {
    let run = cgcalc(&["--version"], "");
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout.trim(),
        format!("cgcalc {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let run = cgcalc(&["--frobnicate"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--frobnicate"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

/// Searches long enough to be split between threads answer exactly as on one thread, whether
/// the number comes from `--threads` or `CGCALC_THREADS`; so do nim sequences long enough for
/// the sparse method's helper thread.
#[test]
fn searches_answer_the_same_on_one_thread_and_on_several() {
    let script = "domineering(5, 5)\n\
        game.grid.Konane(\"xoxox|o..ox|xoxox|oxoxo|xoxox\")\n\
        game.grid.Amazons(\"x....|....o\")\n\
        game.grid.Fission(\"......|..x...|......|......\")\n\
        toads_frogs(\"TTTTTTT__FFFFFFF\")\n\
        domineering(4, 4) + domineering(\"...|...|...|...|...\")\n\
        period(octal(\"0.16\"))\n\
        octal(\"4!.0\")[100000].NimValue\n";
    let one = cgcalc(&["--threads", "1"], script);
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(
        one.stdout.lines().filter(|l| !l.starts_with(' ')).count(),
        8
    );
    for threads in ["2", "3"] {
        let many = cgcalc(&["--threads", threads], script);
        assert_eq!(many.stdout, one.stdout, "--threads {threads}");
    }
    let output = Command::new(BIN)
        .env("CGCALC_THREADS", "2")
        .env("NO_COLOR", "1")
        .write_stdin(script)
        .output()
        .expect("cgcalc runs");
    assert_eq!(String::from_utf8_lossy(&output.stdout), one.stdout);
}

#[test]
fn threads_must_be_positive() {
    let run = cgcalc(&["--threads", "0", "-e", "1"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--threads"), "{}", run.stderr);
}

#[test]
fn bad_color_value_is_a_usage_error() {
    let run = cgcalc(&["--color", "sometimes"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("sometimes"));
}

#[test]
fn missing_file_is_a_usage_error_with_a_message() {
    let run = cgcalc(&["no-such-file.cg"], "");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: cannot read `no-such-file.cg`: No such file or directory\n"
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn missing_file_is_reported_before_anything_runs() {
    let dir = temp_dir("before");
    let good = dir.join("good.cg");
    std::fs::write(&good, "1\n").expect("write");
    let run = cgcalc(&[good.to_str().expect("utf-8 path"), "missing.cg"], "");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "nothing may run: {}", run.stdout);
}

#[test]
fn directory_is_a_usage_error() {
    let dir = temp_dir("dir");
    let run = cgcalc(&[dir.to_str().expect("utf-8 path")], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is a directory"), "{}", run.stderr);
}

#[test]
fn expression_with_an_empty_result_set() {
    let run = cgcalc(&["-e", "", "-e", "// only a comment"], "not read");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "");
}

#[test]
fn empty_input_succeeds_silently() {
    for args in [&[][..], &["--json"][..], &["-q"][..]] {
        let run = cgcalc(args, "");
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (0, "", "")
        );
    }
}

#[test]
fn blank_lines_and_comments_print_nothing() {
    let run = cgcalc(&["--json"], "\n   \n// a comment\n\r\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
}

#[test]
fn hostile_input_never_crashes() {
    let deep = "{".repeat(100_000) + "\n";
    let deep_closed = "{".repeat(100_000) + &"}".repeat(100_000) + "\n";
    let binary = String::from_utf8_lossy(b"\xff\xfe\x00\x1b[31m{|}\n").into_owned();
    for input in [deep.as_str(), deep_closed.as_str(), binary.as_str()] {
        for args in [&[][..], &["--json"][..]] {
            let run = cgcalc(args, input);
            assert!(
                run.code == 0 || run.code == 1,
                "exit {} for {args:?}: {}",
                run.code,
                run.stderr
            );
            assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Results, errors and the JSON contract (need the evaluator)

#[test]
fn deep_nesting_is_an_error() {
    let run = cgcalc(&[], &("{".repeat(100_000) + &"}".repeat(100_000)));
    assert_eq!(run.code, 1);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
}

#[test]
fn json_syntax_error_is_one_object_on_stdout() {
    let run = cgcalc(&["--json"], "{1|\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 1);
    let object = &objects[0];
    assert_eq!(object["line"], 1);
    assert_eq!(object["input"], "{1|");
    assert!(object["error"]["message"].is_string());
    assert!(object["error"]["column"].is_u64());
    assert!(object.get("value").is_none());
}

#[test]
fn json_has_one_line_per_statement() {
    let run = cgcalc(&["--json"], "1; 2\n\n*\nx := 3;\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    let lines: Vec<_> = objects.iter().map(|o| o["line"].as_u64()).collect();
    assert_eq!(lines, [Some(1), Some(1), Some(3), Some(4)]);
    assert_eq!(objects[0]["value"], "1");
    assert_eq!(objects[0]["kind"], "integer");
    assert_eq!(objects[3]["silent"], true);
    assert!(objects[2].get("silent").is_none());
}

#[test]
fn json_game_carries_the_summary() {
    let run = cgcalc(&["--json"], "{2||1|0}\n");
    assert_eq!(
        run.stdout,
        "{\"line\":1,\"input\":\"{2||1|0}\",\"value\":\"{2||1|0}\",\"kind\":\"game\",\"outcome\":\"L\",\
         \"mean\":\"5/4\",\"temperature\":\"3/4\",\"left_stop\":\"2\",\"right_stop\":\"1\",\
         \"atomic_weight\":null,\"birthday\":3}\n"
    );
}

#[test]
fn json_quiet_keeps_the_summary_fields() {
    // `-q` shortens the text output only; JSON consumers still get every key.
    let quiet = cgcalc(&["--json", "-q"], "{2||1|0}\n");
    let full = cgcalc(&["--json"], "{2||1|0}\n");
    assert_eq!(quiet.stdout, full.stdout);
    let objects = json_lines(&quiet.stdout);
    assert_eq!(objects.len(), 1);
    assert_eq!(objects[0]["outcome"], "L");
    assert_eq!(objects[0]["kind"], "game");
}

#[test]
fn json_missing_stops_are_null() {
    // A sided value has no stops to show: `null`, like every other missing figure.
    let run = cgcalc(&["--json"], "a{1||a|0}\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects[0]["kind"], "sided_value");
    assert!(objects[0]["left_stop"].is_null(), "{}", run.stdout);
    assert!(objects[0]["right_stop"].is_null(), "{}", run.stdout);
    assert!(objects[0]["mean"].is_null(), "{}", run.stdout);
}

#[test]
fn json_position_is_reported() {
    let run = cgcalc(&["--json"], "kayles[5]\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects[0]["value"], "*4");
    assert_eq!(objects[0]["position"], "kayles[5]");
}

#[test]
fn text_error_has_a_caret_under_the_column() {
    let run = cgcalc(&[], "{1|0}}\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(lines[0].starts_with("error: "), "{}", run.stderr);
    assert_eq!(
        &lines[1..],
        ["  ┌─ <stdin>:1:6", "1 │ {1|0}}", "  │      ^"]
    );
}

#[test]
fn script_goes_on_after_an_error_and_exits_1() {
    let run = cgcalc(&["-q"], "{1|0}}\n*\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "*\n");
    assert!(run.stderr.contains("<stdin>:1:"));
}

#[test]
fn fail_fast_stops_at_the_first_error() {
    let run = cgcalc(&["-q", "--fail-fast"], "{1|0}}\n*\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
}

#[test]
fn continuation_lines_form_one_statement() {
    let run = cgcalc(&["-q", "--json"], "{1,\n  2|\n0}\n*\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 2);
    assert_eq!(
        (objects[0]["line"].as_u64(), objects[0]["value"].as_str()),
        (Some(1), Some("{2|0}"))
    );
    assert_eq!(objects[1]["line"], 4);
}

#[test]
fn an_unclosed_bracket_gives_back_the_lines_that_stand_alone() {
    // `{1|` may still be completed by the next line, so it takes the rest of the input along;
    // at the end of the input it has not closed, so it is reported alone (at its `{`) and the
    // lines after it, each a statement of its own, run.
    let run = cgcalc(&["--json"], "{1|\n*\n^\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 3, "{}", run.stdout);
    assert_eq!(objects[0]["line"], 1);
    assert_eq!(
        objects[0]["error"]["message"],
        "`{` is never closed: it needs a matching `}`"
    );
    assert_eq!(objects[1]["value"], "*");
    assert_eq!(objects[2]["value"], "^");
    assert_eq!(run.code, 1);
}

#[test]
fn a_statement_cut_short_does_not_take_the_next_ones() {
    let script = "a := {1|0\nb := 2\nc := 3\nb + c\n";
    let run = cgcalc(&["--json"], script);
    let objects = json_lines(&run.stdout);
    let lines: Vec<_> = objects.iter().map(|o| o["line"].as_u64()).collect();
    assert_eq!(
        lines,
        [Some(1), Some(2), Some(3), Some(4)],
        "{}",
        run.stdout
    );
    assert_eq!(objects[0]["error"]["column"], 6);
    assert_eq!(objects[3]["value"], "5");
    // Inside a block, a failure takes the block and says which lines did not run.
    let run = cgcalc(&["--json"], "begin\n  x := {1|\n  y := 2\nend\n7\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 2, "{}", run.stdout);
    let message = objects[0]["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.ends_with("(lines 1–4, read as one statement, did not run)"),
        "{message}"
    );
    assert_eq!(objects[1]["value"], "7");
}

#[test]
fn a_rejected_keyword_does_not_eat_the_next_line() {
    for word in ["clear", "return", "break", "continue", "try"] {
        let run = cgcalc(&["--json"], &format!("{word}\n1+1\n2+2\n"));
        let objects = json_lines(&run.stdout);
        assert_eq!(objects.len(), 3, "{word}: {}", run.stdout);
        assert!(
            objects[0]["error"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(&format!("`{word}` is not supported: ")))
        );
        assert_eq!(
            (objects[1]["value"].as_str(), objects[2]["value"].as_str()),
            (Some("2"), Some("4"))
        );
    }
}

#[test]
fn a_line_comment_inside_a_multi_line_block() {
    let run = cgcalc(
        &["-q"],
        "x := if true then 1 // comment\nelse 2 end\nx + 1\n",
    );
    assert_eq!(run.stdout, "1\n2\n");
    assert_eq!(run.code, 0);
}

#[test]
fn unclosed_bracket_at_end_of_input_is_reported() {
    let run = cgcalc(&["--json"], "*\n{1,\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 2);
    assert!(objects[1]["error"].is_object());
    assert_eq!(run.code, 1);
}

#[test]
fn unclosed_comment_at_end_of_input_is_reported() {
    // Everything after an unclosed `/*` is lost: that is an error, not a silent end.
    let run = cgcalc(&["--json"], "*\n/* open\n^\n");
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 2, "{}", run.stdout);
    assert_eq!(objects[1]["line"], 2);
    assert!(
        objects[1]["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("unclosed comment")),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 1);
}

#[test]
fn text_result_has_a_summary_unless_quiet() {
    let run = cgcalc(&["-e", "{2||1|0}"], "");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "{2||1|0}");
    assert!(
        lines[1].starts_with("  outcome L (Left wins) · left/right stops 2, 1"),
        "{}",
        run.stdout
    );
    let quiet = cgcalc(&["-q", "-e", "{2||1|0}", "-e", "*", "-e", "x := 1;"], "");
    assert_eq!(quiet.stdout, "{2||1|0}\n*\n");
}

#[test]
fn files_run_in_order_in_one_session() {
    let dir = temp_dir("session");
    let (a, b) = (dir.join("a.cg"), dir.join("b.cg"));
    std::fs::write(&a, "x := ^;\n").expect("write");
    std::fs::write(&b, "x + x\n").expect("write");
    let run = cgcalc(
        &[
            "-q",
            a.to_str().expect("utf-8"),
            b.to_str().expect("utf-8"),
            "-e",
            "x",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "^^\n^\n");
}

#[test]
fn colour_only_when_asked() {
    let always = cgcalc(&["--color", "always", "-e", "*"], "");
    assert!(always.stdout.contains('\u{1b}'));
    let auto = cgcalc(&["-e", "*"], "");
    assert!(!auto.stdout.contains('\u{1b}'));
    let never = cgcalc(&["--color", "never", "-e", "{1|"], "");
    assert!(!never.stderr.contains('\u{1b}'));
}

#[test]
fn boards_under_a_summary_are_coloured_by_player_only_when_asked() {
    let clobber = "game.grid.Clobber(\"xo|.x\")";
    let always = cgcalc(&["--color", "always", "-e", clobber], "");
    // Left's stones blue (34), Right's red (31); the empty cell stays plain.
    assert!(always.stdout.contains("\u{1b}[1;34m●"), "{}", always.stdout);
    assert!(always.stdout.contains("\u{1b}[1;31m○"), "{}", always.stdout);
    assert!(always.stdout.contains(" · "), "{}", always.stdout);
    let never = cgcalc(&["--color", "never", "-e", clobber], "");
    assert!(never.stdout.contains("│ ● ○ │\n"), "{}", never.stdout);
    assert!(!never.stdout.contains('\u{1b}'));
}

#[test]
fn picture_files_land_only_at_the_path_given() {
    let dir = temp_dir("picture-files");
    let path = dir.join("board.svg");
    let script = format!(
        "draw(game.grid.Clobber(\"xo|ox\"), \"{}\")",
        path.to_string_lossy().replace('\\', "/")
    );
    let run = cgcalc(&["-q", "-e", &script], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["board.svg"]);
    assert!(
        std::fs::read_to_string(&path)
            .expect("the picture")
            .starts_with("<svg")
    );
    let bad = cgcalc(
        &[
            "-q",
            "-e",
            "draw(game.grid.Clobber(\"xo\"), \"/nonexistent-dir/p.svg\")",
        ],
        "",
    );
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr.contains("\"/nonexistent-dir/p.svg\""),
        "{}",
        bad.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_pipe_exits_quietly() {
    let mut child = std::process::Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // The child may stop reading once its output is gone; that is fine.
        for _ in 0..200_000 {
            if stdin.write_all(b"*3 + *5\n").is_err() {
                break;
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("first line");
    assert_eq!(first, "*6\n");
    drop(stdout);
    let output = child.wait_with_output().expect("wait");
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

#[test]
fn json_gives_an_object_to_a_lone_semicolon_and_a_stray_byte_order_mark() {
    let run = cgcalc(&["--json"], " ;\n// a comment\n1\n\u{feff}\n");
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0]["kind"], "nothing");
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[1]["value"], "1");
    assert_eq!(lines[2]["line"], 4);
}

#[test]
fn json_game_equal_to_a_huge_integer_carries_the_summary() {
    let run = cgcalc(&["--json"], "1000000000000000000000000000000 * {1|0}\n");
    let lines = json_lines(&run.stdout);
    assert_eq!(lines[0]["outcome"], "L");
    assert_eq!(lines[0]["mean"], "500000000000000000000000000000");
    assert_eq!(lines[0]["birthday"], "500000000000000000000000000000");
}

/// Run `script` on standard input, send SIGINT 300 ms after the first line of output (the
/// statement after it is running then), and return the exit status, the rest of standard
/// output and standard error.
#[cfg(unix)]
fn interrupted_after_the_first_line(
    args: &[&str],
    script: &str,
) -> (std::process::ExitStatus, String, String) {
    let mut child = std::process::Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cgcalc starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{script}").expect("write");
    drop(stdin);
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("first line");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = child.wait().expect("cgcalc ends");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("stdout");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr)
        .expect("stderr");
    (status, rest, stderr)
}

/// SIGINT during a script's statement fails that statement with `interrupted` (a JSON object
/// in `--json`), stops the script and exits 130.
#[cfg(unix)]
#[test]
fn sigint_stops_a_script_with_an_interrupted_error_and_status_130() {
    for json in [true, false] {
        let mut args = vec![];
        if json {
            args.push("--json");
        }
        let (status, rest, stderr) = interrupted_after_the_first_line(
            &args,
            "x := 1\nfor i from 1 to 1000000000000 do 0 end\nx",
        );
        assert_eq!(status.code(), Some(130), "json {json}: {rest} {stderr}");
        if json {
            let lines = json_lines(&rest);
            assert_eq!(lines.len(), 1, "{rest}");
            assert_eq!(lines[0]["error"]["message"], "interrupted");
        } else {
            assert!(rest.is_empty(), "the script stops: {rest}");
            assert!(stderr.contains("interrupted"), "{stderr}");
        }
    }
}

/// A long nim sequence stays compact under a ceiling: its length, sum and a loop over it fit,
/// while listing it as values (about 400 MB) is refused. In a process of its own, so that no
/// other test's memory counts against the ceiling.
#[test]
fn a_long_sequence_fits_under_a_ceiling_that_its_values_do_not() {
    let output = Command::new(BIN)
        .env("CGCALC_MAX_MEMORY_MB", "200")
        .write_stdin(
            "s := nim_values(subtraction(1), 12000000);\n\
             s.Length\n\
             s.Sum\n\
             t := 0; for x in s do t := t + x end; t\n\
             s.Sorted\n",
        )
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .expect("cgcalc runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stdout, "12000001\n6000000\n6000000\n", "{stderr}");
    assert!(stderr.contains("memory limit reached"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// Print

#[test]
fn printed_lines_come_in_order_before_their_statement_result() {
    let script =
        "for n from 1 to 3 do Print(n) end\nPrint(\"a string\")\nx := begin Print(*2); 5 end\n";
    let text = cgcalc(&["-q"], script);
    assert_eq!(text.code, 0, "{}", text.stderr);
    // `Print` answers Nothing, which is not shown after the lines printed.
    assert_eq!(text.stdout, "1\n2\n3\na string\n*2\n5\n");
    let json = cgcalc(&["--json"], script);
    let objects = json_lines(&json.stdout);
    let kinds: Vec<&str> = objects
        .iter()
        .map(|o| o["kind"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        [
            "print", "print", "print", "nothing", "print", "nothing", "print", "integer"
        ]
    );
    assert_eq!(objects[0]["text"], "1");
    assert_eq!(objects[0]["line"], 1);
    assert!(objects[0].get("value").is_none());
    assert_eq!(objects[4]["text"], "a string");
    assert_eq!(objects[6]["text"], "*2");
    assert_eq!(objects[7]["value"], "5");
}

/// The followers of a position are a set of positions that can grow large: the search counts
/// against the memory ceiling (and the next statement still runs), and Ctrl-C stops it. In
/// processes of their own, so that no other test's memory counts against the ceiling.
#[test]
fn followers_of_positions_obey_the_memory_ceiling_and_ctrl_c() {
    // nim[100,100,100,100] has 4.6 million followers (multisets of four heaps).
    let output = Command::new(BIN)
        .env("CGCALC_MAX_MEMORY_MB", "40")
        .write_stdin("nim[100,100,100,100].FollowerCount\nnim[20,20,20].FollowerCount\n")
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .expect("cgcalc runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stdout, "1771\n", "{stderr}");
    assert!(stderr.contains("memory limit reached"), "{stderr}");

    #[cfg(unix)]
    {
        let (status, rest, _) =
            interrupted_after_the_first_line(&["--json"], "1\nnim[100,100,100,100].Followers.Size");
        assert_eq!(status.code(), Some(130), "{rest}");
        let lines = json_lines(&rest);
        assert_eq!(lines.len(), 1, "{rest}");
        assert_eq!(lines[0]["error"]["message"], "interrupted");
    }
}

// ---------------------------------------------------------------------------------------------
// Files a script reads

#[test]
fn a_digraph_is_read_from_a_contest_edge_file() {
    let dir = temp_dir("edges");
    let path = dir.join("komal.txt");
    std::fs::write(
        &path,
        "# KöMaL S.13\n5 7\n1 1\n1 2\n2 3\n2 4\n3 1\n4 3\n4 5\n",
    )
    .expect("write");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "3 2\n1 2\n2 x\n").expect("write");
    let script = format!(
        "G := DigraphRuleset(file => \"{}\"); G.OutcomeClasses\nDigraphRuleset(file => \"{}\")\n",
        path.display(),
        bad.display()
    );
    let run = cgcalc(&["-q"], &script);
    assert_eq!(run.stdout, "[D,D,D,N,P]\n");
    assert!(
        run.stderr
            .contains("bad.txt: line 3: expected an edge `u v`"),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
    std::fs::remove_dir_all(&dir).expect("clean up");
}
