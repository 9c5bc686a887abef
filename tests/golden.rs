//! Golden tests: every `tests/golden/NAME.cg` is fed to `cgcalc` on standard input (script
//! mode, `NO_COLOR=1`), and standard output and standard error — interleaved as a terminal
//! would show them — must equal `NAME.out`. When `NAME.code` exists, the exit status must equal
//! the number in it. `NAME.args` may hold extra command-line arguments (white-space separated,
//! e.g. `--json` or `-q`).
//!
//! `CGCALC_BLESS=1 cargo test --test golden` (re)writes the `.out` files, and the `.code` files
//! when the status is not 0 or a `.code` file already exists. A `.cg` without an `.out` is
//! skipped with a note, so new scripts can be added before their output is settled.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_cgcalc");

#[test]
fn golden_scripts() {
    let bless = std::env::var_os("CGCALC_BLESS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut checked = 0;
    for script in scripts() {
        let actual = run(&script);
        let out_path = script.with_extension("out");
        let code_path = script.with_extension("code");
        if bless {
            bless_files(&actual, &out_path, &code_path);
            continue;
        }
        let Ok(expected) = fs::read_to_string(&out_path) else {
            note(&format!(
                "note: {} has no .out file; skipped (bless with CGCALC_BLESS=1)",
                shown(&script)
            ));
            continue;
        };
        checked += 1;
        if expected != actual.output {
            failures.push(format!(
                "{}: output differs (- expected, + actual)\n{}",
                shown(&script),
                diff(&expected, &actual.output)
            ));
        }
        if let Ok(code) = fs::read_to_string(&code_path)
            && code.trim().parse::<i32>().ok() != Some(actual.code)
        {
            failures.push(format!(
                "{}: exit status {} but {} says {}",
                shown(&script),
                actual.code,
                shown(&code_path),
                code.trim()
            ));
        }
    }
    note(&format!("golden: {checked} script(s) checked"));
    assert!(
        failures.is_empty(),
        "\n{}\n(if the new output is right: CGCALC_BLESS=1 cargo test --test golden)",
        failures.join("\n")
    );
}

/// A path relative to the crate, as people would type it.
fn shown(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Written past the test harness's output capture, so that skipped scripts are noticed.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden");
    let mut scripts: Vec<PathBuf> = fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    scripts.retain(|p| p.extension().is_some_and(|e| e == "cg"));
    scripts.sort();
    scripts
}

struct Actual {
    output: String,
    code: i32,
}

/// A directory of this test run's own under the system's temporary directory.
fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgcalc-golden-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("create the scratch directory");
    dir
}

/// Run one script with stdout and stderr on the same pipe, so their order is kept.
fn run(script: &Path) -> Actual {
    let args = fs::read_to_string(script.with_extension("args")).unwrap_or_default();
    let input = fs::File::open(script).expect("open script");
    let (mut reader, writer) = std::io::pipe().expect("pipe");
    let mut child = Command::new(BIN)
        .args(args.split_whitespace())
        // A script that writes a file writes it there, never into the checkout.
        .current_dir(scratch_dir())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::from(input))
        .stdout(writer.try_clone().expect("clone pipe"))
        .stderr(writer)
        .spawn()
        .expect("spawn cgcalc");
    let mut output = Vec::new();
    reader.read_to_end(&mut output).expect("read output");
    let status = child.wait().expect("wait for cgcalc");
    Actual {
        output: String::from_utf8_lossy(&output).into_owned(),
        code: status.code().unwrap_or(-1),
    }
}

fn bless_files(actual: &Actual, out_path: &Path, code_path: &Path) {
    fs::write(out_path, &actual.output).expect("write .out");
    if actual.code != 0 || code_path.exists() {
        fs::write(code_path, format!("{}\n", actual.code)).expect("write .code");
    }
    note(&format!("blessed {}", shown(out_path)));
}

/// A line diff (longest common subsequence): `-` expected, `+` actual, ` ` both.
fn diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    if a.len() * b.len() > 4_000_000 {
        return format!(
            "--- expected ({} lines)\n{expected}\n+++ actual ({} lines)\n{actual}",
            a.len(),
            b.len()
        );
    }
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out += &format!("  {}\n", a[i]);
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out += &format!("- {}\n", a[i]);
            i += 1;
        } else {
            out += &format!("+ {}\n", b[j]);
            j += 1;
        }
    }
    if expected.ends_with('\n') != actual.ends_with('\n') {
        out += "(the final newline differs)\n";
    }
    out
}

#[test]
fn diff_marks_changed_lines() {
    assert_eq!(diff("a\nb\nc\n", "a\nx\nc\n"), "  a\n- b\n+ x\n  c\n");
    assert_eq!(diff("a\n", "a"), "  a\n(the final newline differs)\n");
}
