//! The picture files: `tests/pictures/gallery.cg` writes every kind of picture into an empty
//! directory, and each file must be byte-identical to its copy in `docs/img/` (run with
//! `CGCALC_BLESS=1` to rewrite them after a deliberate change). Every SVG must parse and
//! render with resvg; every TikZ file must compile in a minimal LaTeX document where
//! `pdflatex` is installed (skipped, with a message, where it is not).

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_cgcalc");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgcalc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Run the gallery in a fresh directory; the names and bytes of the files it wrote.
/// `name` keeps the tests' directories apart (they run in parallel).
fn gallery(name: &str) -> (PathBuf, Vec<(String, Vec<u8>)>) {
    let dir = temp_dir(name);
    let script = root().join("tests/pictures/gallery.cg");
    let output = Command::new(BIN)
        .arg("-q")
        .arg(&script)
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("cgcalc runs");
    assert!(
        output.status.success(),
        "the gallery failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| {
            let path = e.expect("entry").path();
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(&path).expect("read"))
        })
        .collect();
    files.sort();
    (dir, files)
}

#[test]
fn the_pictures_match_docs_img() {
    let (dir, files) = gallery("gallery-bytes");
    let img = root().join("docs/img");
    let bless = std::env::var_os("CGCALC_BLESS").is_some();
    let mut drifted = Vec::new();
    for (name, bytes) in &files {
        assert!(
            !name.starts_with('.'),
            "a temporary file was left behind: {name}"
        );
        let committed = img.join(name);
        if bless {
            std::fs::write(&committed, bytes).expect("bless docs/img");
        } else if std::fs::read(&committed).ok().as_deref() != Some(bytes.as_slice()) {
            drifted.push(name.clone());
        }
    }
    // A picture in docs/img that the gallery no longer writes is drift too (.png renders of
    // them are not kept).
    let written: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    for entry in std::fs::read_dir(&img).expect("docs/img") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if !written.contains(&name.as_str()) {
            if bless {
                std::fs::remove_file(img.join(&name)).expect("remove stale picture");
            } else {
                drifted.push(format!("{name} (no longer written)"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        drifted.is_empty(),
        "pictures differ from docs/img (CGCALC_BLESS=1 cargo test --release --test pictures rewrites them): {drifted:?}"
    );
    for kind in [".svg", ".tex", ".dot"] {
        assert!(written.iter().any(|n| n.ends_with(kind)), "no {kind} file");
    }
}

#[test]
fn every_svg_parses_and_renders() {
    let (dir, files) = gallery("gallery-svg");
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".svg")) {
        let text = std::str::from_utf8(bytes).expect("UTF-8");
        let tree = resvg::usvg::Tree::from_str(text, &resvg::usvg::Options::default())
            .unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
            .unwrap_or_else(|| panic!("{name} has no size"));
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::default(),
            &mut pixmap.as_mut(),
        );
        let inked = pixmap
            .pixels()
            .iter()
            .filter(|p| p.alpha() > 0 && (p.red() < 200 || p.green() < 200 || p.blue() < 200))
            .count();
        assert!(inked > 50, "{name} renders blank ({inked} dark pixels)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_tikz_file_compiles() {
    let Some(pdflatex) = find_in_path("pdflatex") else {
        eprintln!("skipped: pdflatex is not installed, so the TikZ files are not compiled");
        return;
    };
    let (dir, files) = gallery("gallery-tikz");
    for (name, _) in files.iter().filter(|(n, _)| n.ends_with(".tex")) {
        let stem = name.trim_end_matches(".tex");
        let doc = format!("{stem}-document.tex");
        std::fs::write(
            dir.join(&doc),
            format!(
                "\\documentclass{{article}}\n\\usepackage{{tikz}}\n\\begin{{document}}\n\\input{{{name}}}\n\\end{{document}}\n"
            ),
        )
        .expect("write the document");
        let output = Command::new(&pdflatex)
            .args(["-interaction=nonstopmode", "-halt-on-error", &doc])
            .current_dir(&dir)
            .output()
            .expect("pdflatex runs");
        assert!(
            output.status.success(),
            "{name} does not compile:\n{}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn find_in_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| Path::new(p).is_file())
}
