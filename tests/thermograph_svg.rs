//! SVG export through the binary: `thermograph_svg(G, FILE)` and `G.Thermograph.Svg(FILE)`
//! write a picture and answer the file name. (Error cases are in
//! `tests/golden/thermograph_svg_errors.cg`; the picture itself is checked by the unit tests
//! of `display::thermograph_svg`.)

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_cgcalc");

fn run(script: &str) -> (i32, String) {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn cgcalc");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write script");
    let output = child.wait_with_output().expect("cgcalc runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn function_and_method_write_svg_files() {
    let dir = std::env::temp_dir().join(format!("cgcalc-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let by_function = dir.join("function.svg");
    let by_method = dir.join("method.svg");
    let (f, m) = (
        by_function.to_str().expect("utf-8"),
        by_method.to_str().expect("utf-8"),
    );
    let script =
        format!("thermograph_svg({{3||2*|1*}}, \"{f}\")\n{{2|-1}}.Thermograph.Svg(\"{m}\")\n");
    let (code, stdout) = run(&script);
    assert_eq!(code, 0);
    assert_eq!(stdout, format!("\"{f}\"\n\"{m}\"\n"));

    let picture = std::fs::read_to_string(&by_function).expect("function.svg written");
    assert!(picture.starts_with("<svg"));
    assert!(picture.contains("Thermograph of {3||2*|1*}"));
    assert!(picture.contains("Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"));
    // A thermograph alone does not know its game: the heading says just "Thermograph".
    let picture = std::fs::read_to_string(&by_method).expect("method.svg written");
    assert!(picture.contains("Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])"));
    assert!(!picture.contains("Thermograph of"));
    std::fs::remove_dir_all(&dir).expect("clean up");
}
