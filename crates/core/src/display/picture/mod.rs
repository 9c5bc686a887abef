//! The drawing layer: pictures of positions ([`crate::value::picture::Picture`]: boards,
//! graphs, heaps), of sequences and tables (scatter and intensity plots) and of game graphs,
//! for the terminal and as files. One module per kind of picture, each with a text, an SVG
//! and a TikZ back end (graphs also DOT); this module holds what they share: the colours, the
//! file formats and the atomic file writer.
//!
//! Every picture is deterministic: the same input gives byte-identical output (coordinates
//! are printed with a fixed precision, nothing iterates a hash map).

pub mod board;
pub mod graph;
pub mod heaps;
pub mod intensity;
pub mod scatter_files;

use crate::value::picture::{Picture, Tint};
use std::fmt;
use std::io::{self, Write};
use std::path::Path;

/// Colours a piece of terminal text by whose it is; the front end decides how (ANSI colours,
/// or nothing with `NO_COLOR`). The core never writes escape codes itself.
pub type Paint<'a> = &'a dyn Fn(Tint, &str) -> String;

/// Leaves text as it is.
pub fn no_paint(_: Tint, text: &str) -> String {
    text.to_string()
}

/// CGSuite's colours: Left blue, Right red, either player's green.
pub fn colour(tint: Tint) -> &'static str {
    match tint {
        Tint::Left => "#1f5fbf",
        Tint::Right => "#c62828",
        Tint::Either => "#2e7d32",
        Tint::Plain => "#222222",
    }
}

/// The TikZ name of a tint's colour, defined by [`tikz_colours`].
pub fn tikz_colour_name(tint: Tint) -> &'static str {
    match tint {
        Tint::Left => "cgcalcLeft",
        Tint::Right => "cgcalcRight",
        Tint::Either => "cgcalcEither",
        Tint::Plain => "cgcalcPlain",
    }
}

/// A tint's colour as red, green and blue.
fn rgb(tint: Tint) -> (u8, u8, u8) {
    let hex = &colour(tint)[1..];
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
    (byte(0), byte(2), byte(4))
}

/// `\definecolor` lines for the four tints, inside a `tikzpicture`.
pub fn tikz_colours() -> String {
    [Tint::Plain, Tint::Left, Tint::Right, Tint::Either]
        .iter()
        .map(|&t| {
            let (r, g, b) = rgb(t);
            format!(
                "\\definecolor{{{}}}{{RGB}}{{{r},{g},{b}}}\n",
                tikz_colour_name(t)
            )
        })
        .collect()
}

/// `text` as TeX source for text mode: TeX's special characters escaped, and the symbols of
/// game values that (pdf)LaTeX's text fonts lack written in math mode. Other characters are
/// kept as they are (LuaLaTeX and XeLaTeX take them with a suitable font).
pub fn tex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '−' => out.push_str("$-$"),
            '↑' => out.push_str("$\\uparrow$"),
            '↓' => out.push_str("$\\downarrow$"),
            '⇑' => out.push_str("$\\Uparrow$"),
            '⇓' => out.push_str("$\\Downarrow$"),
            '±' => out.push_str("$\\pm$"),
            '∞' => out.push_str("$\\infty$"),
            '×' => out.push_str("$\\times$"),
            '·' => out.push_str("$\\cdot$"),
            '½' => out.push_str("$\\frac12$"),
            '⊕' => out.push_str("$\\oplus$"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '→' => out.push_str("$\\to$"),
            '–' => out.push_str("--"),
            '←' => out.push_str("$\\leftarrow$"),
            '…' => out.push_str("\\ldots{}"),
            _ => out.push(ch),
        }
    }
    out
}

/// An SVG document `width` × `height` pixels on a white ground, titled.
pub fn svg_document(width: f64, height: f64, title: &str) -> svg::Document {
    let (width, height) = (px(width), px(height));
    svg::Document::new()
        .set("width", width)
        .set("height", height)
        .set("viewBox", (0, 0, width, height))
        .set("font-family", FONT)
        .add(svg::node::element::Title::new(title))
        .add(
            svg::node::element::Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        )
}

/// A plot's document: [`svg_document`] with the title written in bold at the top left (none
/// when it is empty).
fn plot_document(width: f64, height: f64, title: &str) -> svg::Document {
    let doc = svg_document(width, height, title);
    if title.is_empty() {
        return doc;
    }
    doc.add(
        axis_label(title, PLOT_MARGIN, 26.0, "start")
            .set("font-size", 16)
            .set("font-weight", "bold"),
    )
}

/// The blank margin of a plot, in pixels.
const PLOT_MARGIN: f64 = 16.0;

/// The font of every SVG picture's labels.
pub const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
/// Axes and ticks of the plots.
pub const AXIS_COLOUR: &str = "#444444";

/// A length in SVG pixels, to two decimals (so files stay small and byte-stable).
fn px(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// An axis or tick line of a plot.
fn axis_line(from: (f64, f64), to: (f64, f64)) -> svg::node::element::Line {
    svg::node::element::Line::new()
        .set("x1", px(from.0))
        .set("y1", px(from.1))
        .set("x2", px(to.0))
        .set("y2", px(to.1))
        .set("stroke", AXIS_COLOUR)
        .set("stroke-width", 1)
}

/// A plot's label at (x, y), anchored `start`, `middle` or `end`.
fn axis_label(text: &str, x: f64, y: f64, anchor: &str) -> svg::node::element::Text {
    svg::node::element::Text::new(text)
        .set("x", px(x))
        .set("y", px(y))
        .set("text-anchor", anchor)
        .set("fill", "#222222")
}

/// A picture's terminal form.
pub fn text(picture: &Picture, paint: Paint) -> String {
    match picture {
        Picture::Board(b) => board::text(b, usize::MAX, paint),
        Picture::Graph(g) => graph::to_text(g, paint),
        Picture::Heaps(h) => heaps::text(h, paint),
    }
}

/// The file formats a picture can be written in, chosen by the file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    /// A TikZ picture, for `\input` into a LaTeX document.
    Tikz,
    /// Graphviz DOT (graphs only).
    Dot,
}

impl Format {
    /// The format a path's extension asks for (`.svg`, `.tex`, `.dot`).
    pub fn of(path: &str) -> Result<Format, FileError> {
        let ext = Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("tex" | "tikz") => Ok(Format::Tikz),
            Some("dot" | "gv") => Ok(Format::Dot),
            _ => Err(FileError::UnknownFormat(path.to_string())),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Svg => "SVG (.svg)",
            Format::Tikz => "TikZ (.tex)",
            Format::Dot => "DOT (.dot)",
        }
    }
}

/// A picture of a position in `format`; `title` names it (the position's description).
pub fn file_contents(picture: &Picture, format: Format, title: &str) -> Result<String, FileError> {
    Ok(match (picture, format) {
        (Picture::Board(b), Format::Svg) => board::svg(b, title),
        (Picture::Board(b), Format::Tikz) => board::tikz(b, title),
        (Picture::Heaps(h), Format::Svg) => heaps::svg(h, title),
        (Picture::Heaps(h), Format::Tikz) => heaps::tikz(h, title),
        (Picture::Graph(g), Format::Svg) => graph::to_svg(g, title),
        (Picture::Graph(g), Format::Tikz) => graph::to_tikz(g, title),
        (Picture::Graph(g), Format::Dot) => graph::to_dot(g, title),
        (_, Format::Dot) => return Err(FileError::NotAGraph),
    })
}

/// Why a picture file was not written.
#[derive(Debug)]
pub enum FileError {
    EmptyPath,
    UnknownFormat(String),
    NotAGraph,
    Io { path: String, error: io::Error },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::EmptyPath => write!(f, "the file name is empty"),
            FileError::UnknownFormat(path) => write!(
                f,
                "cannot tell the picture format of \"{path}\": name the file .svg, .tex (TikZ) or .dot (Graphviz)"
            ),
            FileError::NotAGraph => write!(
                f,
                "only graphs are written as DOT; draw this picture as .svg or .tex"
            ),
            FileError::Io { path, error } => write!(f, "cannot write \"{path}\": {error}"),
        }
    }
}

impl std::error::Error for FileError {}

/// Write `contents` to `path` atomically: into a temporary file beside it, then renamed over
/// it, so a reader never sees half a picture and a failed write leaves the old file. Nothing
/// is written anywhere but `path`'s directory.
pub fn save(path: &str, contents: &str) -> Result<(), FileError> {
    if path.is_empty() {
        return Err(FileError::EmptyPath);
    }
    let io_error = |error: io::Error| FileError::Io {
        path: path.to_string(),
        error,
    };
    let target = Path::new(path);
    if target.is_dir() {
        return Err(io_error(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        )));
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(io_error(io::Error::new(
            io::ErrorKind::NotFound,
            format!("there is no directory \"{}\"", dir.display()),
        )));
    }
    // The temporary file's own name stays out of messages: the user never named it.
    let plain = |e: io::Error| io_error(io::Error::from(e.kind()));
    let mut builder = tempfile::Builder::new();
    builder.prefix(".cgcalc-").suffix(".tmp");
    // A picture is an ordinary file (readable as the umask allows), not a private
    // temporary one.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir).map_err(plain)?;
    file.write_all(contents.as_bytes()).map_err(plain)?;
    file.flush().map_err(plain)?;
    file.persist(target).map_err(|e| plain(e.error))?;
    Ok(())
}

/// For the back ends' tests: an SVG rendered with resvg.
#[cfg(test)]
pub(crate) mod rendered {
    /// `svg` parsed and rendered (panics if it does not parse or has no size).
    pub fn raster(svg: &str) -> resvg::tiny_skia::Pixmap {
        let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
            .unwrap_or_else(|e| panic!("SVG does not parse: {e}"));
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
            .unwrap_or_else(|| panic!("empty picture"));
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        pixmap
    }

    /// How many pixels of the rendered `svg` are not white.
    pub fn ink(svg: &str) -> usize {
        raster(svg)
            .pixels()
            .iter()
            .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_chooses_the_format() {
        assert_eq!(Format::of("a/b.SVG").ok(), Some(Format::Svg));
        assert_eq!(Format::of("fig.tex").ok(), Some(Format::Tikz));
        assert_eq!(Format::of("g.dot").ok(), Some(Format::Dot));
        assert!(matches!(
            Format::of("g.png"),
            Err(FileError::UnknownFormat(_))
        ));
        assert!(matches!(Format::of("g"), Err(FileError::UnknownFormat(_))));
    }

    #[test]
    fn tex_specials_are_escaped() {
        assert_eq!(tex_escape("{1|-1}_#"), "\\{1\\textbar{}-1\\}\\_\\#");
        assert_eq!(tex_escape("↑*"), "$\\uparrow$*");
    }

    #[test]
    fn saving_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("cgcalc-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("p.svg");
        let path_text = path.to_string_lossy().to_string();
        save(&path_text, "first").expect("write");
        save(&path_text, "second").expect("overwrite");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "second");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let missing = dir.join("no/such/dir/p.svg");
        let err = save(&missing.to_string_lossy(), "x").expect_err("no directory");
        assert!(err.to_string().contains("no/such/dir/p.svg"), "{err}");
        assert!(save(&dir.to_string_lossy(), "x").is_err());
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
