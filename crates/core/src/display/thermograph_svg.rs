//! Thermographs as SVG pictures (`thermograph_svg(G, "g.svg")`, `G.Thermograph.Svg("g.svg")`),
//! composed with the `svg` crate.
//!
//! The picture follows the textbook and CGSuite convention of the terminal plot
//! ([`super::plot`]): temperature upwards from t = −1, values increasing to the LEFT, one
//! scale on both axes so that walls slant at 45°. The Left wall is blue and the Right wall red
//! (CGSuite's colours), the mast black with an arrowhead (it goes on for ever). Exact values
//! label the axes: critical temperatures on the vertical axis, the mast, the stops and the
//! corners on the horizontal one, each with a faint guide line; t = 0 is dashed. The
//! thermograph's text form is written underneath.

use super::thermograph_shape::{Point, Shape};
use crate::engine::{Dyadic, Thermograph};
use std::fmt;
use std::io;
use std::path::Path as FilePath;
use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Group, Line, Path, Rectangle, Text, Title};

/// Largest drawing area, in pixels.
const MAX_AREA_WIDTH: f64 = 520.0;
const MAX_AREA_HEIGHT: f64 = 380.0;
/// Narrow thermographs (a bare mast) still get this much room.
const MIN_AREA_WIDTH: f64 = 240.0;
/// At most this many pixels per unit.
const MAX_UNIT: f64 = 160.0;
/// Blank space around the walls inside the drawing area.
const PAD: f64 = 16.0;
const FONT_SIZE: f64 = 13.0;
/// Rough advance of one character of the label font, for keeping labels apart.
const CHAR_WIDTH: f64 = 7.4;
const LEFT_COLOUR: &str = "#1f5fbf";
const RIGHT_COLOUR: &str = "#c62828";
const MAST_COLOUR: &str = "#111111";
const AXIS_COLOUR: &str = "#444444";
const GUIDE_COLOUR: &str = "#c8c8c8";
/// Rough advances of one character of the title and of the monospace font.
const TITLE_CHAR_WIDTH: f64 = 9.5;
const MONO_CHAR_WIDTH: f64 = 7.3;
/// Left margin of the heading.
const MARGIN: f64 = 16.0;
/// A game too long for this many heading lines is left out of the heading.
const MAX_TITLE_LINES: usize = 2;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
const MONO: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";

/// Why an SVG file could not be written.
#[derive(Debug)]
pub enum SvgError {
    /// The thermograph's values are too large to place.
    TooLarge,
    EmptyPath,
    Io {
        path: String,
        error: io::Error,
    },
}

impl fmt::Display for SvgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SvgError::TooLarge => write!(f, "thermograph too large to draw"),
            SvgError::EmptyPath => write!(f, "the SVG file name is empty"),
            SvgError::Io { path, error } => {
                // "No such file or directory (os error 2)": the number says nothing to users.
                let message = error.to_string();
                let message = message
                    .find(" (os error ")
                    .map_or(message.as_str(), |cut| &message[..cut]);
                write!(f, "cannot write {path}: {message}")
            }
        }
    }
}

impl std::error::Error for SvgError {}

/// Write the SVG picture of `th` to `path`; `title` (e.g. the game) heads the picture.
pub fn save(th: &Thermograph, title: Option<&str>, path: &str) -> Result<(), SvgError> {
    if path.is_empty() {
        return Err(SvgError::EmptyPath);
    }
    let document = document(th, title).ok_or(SvgError::TooLarge)?;
    svg::save(FilePath::new(path), &document).map_err(|error| SvgError::Io {
        path: path.to_string(),
        error,
    })
}

/// The SVG picture of `th`; `None` if its values are too large to place.
pub fn document(th: &Thermograph, title: Option<&str>) -> Option<Document> {
    let shape = Shape::of(th)?;
    let text_form = th.to_string();
    // The width comes from the drawing; the heading then wraps to it and pushes it down.
    let probe = Frame::fit(&shape, 0.0)?;
    let width = (probe.area_right + 30.0)
        .max(probe.area_left + text_form.len() as f64 * MONO_CHAR_WIDTH + 20.0);
    let heading = Heading::new(title, width - 2.0 * MARGIN);
    let frame = Frame::fit(&shape, heading.height())?;
    let height = frame.axis_y + 96.0;

    let mut doc = Document::new()
        .set("width", px(width))
        .set("height", px(height))
        .set("viewBox", (0, 0, px(width), px(height)))
        .set("font-family", FONT)
        .add(Title::new(heading.plain()))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        );
    doc = doc.add(heading.draw());
    doc = doc.add(frame.guides_and_axes(&shape));
    doc = doc.add(frame.walls(&shape));
    doc = doc.add(
        Text::new(text_form)
            .set("x", px(frame.area_left))
            .set("y", px(frame.axis_y + 84.0))
            .set("font-family", MONO)
            .set("font-size", 12)
            .set("fill", "#555555"),
    );
    Some(doc)
}

/// "Thermograph of G": on one line if it fits, else "Thermograph of" with G underneath in
/// monospace, wrapped at spaces (a long sum) and, failing that, anywhere; just "Thermograph"
/// when G would take more than two lines.
struct Heading {
    first: String,
    game_lines: Vec<String>,
}

impl Heading {
    fn new(game: Option<&str>, width: f64) -> Heading {
        let Some(game) = game else {
            return Heading {
                first: "Thermograph".to_string(),
                game_lines: Vec::new(),
            };
        };
        let one_line = format!("Thermograph of {game}");
        if one_line.chars().count() as f64 * TITLE_CHAR_WIDTH <= width {
            return Heading {
                first: one_line,
                game_lines: Vec::new(),
            };
        }
        let per_line = ((width / MONO_CHAR_WIDTH) as usize).max(20);
        let mut lines: Vec<String> = Vec::new();
        let mut current = String::new();
        for word in game.split(' ') {
            let extra = usize::from(!current.is_empty()) + word.chars().count();
            if !current.is_empty() && current.chars().count() + extra > per_line {
                lines.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
            while current.chars().count() > per_line {
                let rest: String = current.chars().skip(per_line).collect();
                lines.push(current.chars().take(per_line).collect());
                current = rest;
            }
        }
        if !current.is_empty() {
            lines.push(current);
        }
        if lines.len() > MAX_TITLE_LINES {
            // A canonical form this long says nothing at a glance; the text form underneath
            // identifies the thermograph.
            return Heading::new(None, width);
        }
        Heading {
            first: "Thermograph of".to_string(),
            game_lines: lines,
        }
    }

    /// Height taken above the drawing.
    fn height(&self) -> f64 {
        self.game_lines.len() as f64 * 16.0
    }

    /// The whole heading on one line, for the SVG `<title>`.
    fn plain(&self) -> String {
        std::iter::once(self.first.as_str())
            .chain(self.game_lines.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn draw(&self) -> Group {
        let mut g = Group::new().add(
            label(&self.first, MARGIN, 26.0, "start")
                .set("font-size", 16)
                .set("font-weight", "bold"),
        );
        for (i, text) in self.game_lines.iter().enumerate() {
            g = g.add(
                label(text, MARGIN, 46.0 + i as f64 * 16.0, "start")
                    .set("font-family", MONO)
                    .set("font-size", 12),
            );
        }
        g
    }
}

/// Where things go: pixel positions of temperatures and values.
struct Frame {
    /// Pixels per unit, on both axes.
    unit: f64,
    /// The temperature at the top of the drawing area.
    top_t: f64,
    /// The value at the left edge of the walls.
    max_v: f64,
    /// x of the largest value.
    x0: f64,
    /// y of the top of the drawing area.
    y0: f64,
    area_left: f64,
    area_right: f64,
    /// y of the value axis (a little below t = −1).
    axis_y: f64,
}

impl Frame {
    /// The frame for `shape`, its drawing `header` pixels lower than under a one-line title.
    fn fit(shape: &Shape, header: f64) -> Option<Frame> {
        let top = f(shape.top);
        let max_v = f(shape.max_value);
        let span_v = max_v - f(shape.min_value);
        // The mast goes on above the top of interest: a quarter of the height, at least 1/2.
        let top_t = top + ((top + 1.0) * 0.25).max(0.5);
        let span_t = top_t + 1.0;
        let unit = (MAX_AREA_HEIGHT / span_t)
            .min(if span_v > 0.0 {
                MAX_AREA_WIDTH / span_v
            } else {
                MAX_UNIT
            })
            .min(MAX_UNIT);
        if !unit.is_finite() || unit <= 0.0 {
            return None;
        }
        let walls_width = span_v * unit;
        let area_width = (walls_width + 2.0 * PAD).max(MIN_AREA_WIDTH);
        // Room on the left for the temperature labels.
        let label_chars = shape
            .temperatures
            .iter()
            .map(|t| t.to_string().len())
            .max()
            .unwrap_or(1);
        let area_left = 34.0 + label_chars as f64 * CHAR_WIDTH;
        let x0 = area_left + (area_width - walls_width) / 2.0;
        let y0 = 56.0 + header;
        let axis_y = y0 + span_t * unit + 10.0;
        Some(Frame {
            unit,
            top_t,
            max_v,
            x0,
            y0,
            area_left,
            area_right: area_left + area_width,
            axis_y,
        })
    }

    fn x(&self, v: Dyadic) -> f64 {
        self.x0 + (self.max_v - f(v)) * self.unit
    }

    fn y(&self, t: Dyadic) -> f64 {
        self.y0 + (self.top_t - f(t)) * self.unit
    }

    fn y_top(&self) -> f64 {
        self.y0
    }

    /// Guide lines, both axes with their ticks and exact labels, and the t = 0 line.
    fn guides_and_axes(&self, shape: &Shape) -> Group {
        let mut g = Group::new()
            .set("font-family", FONT)
            .set("font-size", FONT_SIZE);
        let axis_x = self.area_left - 8.0;

        // Temperatures: most important first; a label too close to one already placed is left
        // out (the text form underneath has every value).
        let mut taken: Vec<f64> = Vec::new();
        for &t in &shape.temperatures {
            let y = self.y(t);
            if taken
                .iter()
                .any(|&other| (other - y).abs() < FONT_SIZE + 1.0)
            {
                continue;
            }
            taken.push(y);
            if t.is_zero() {
                g = g.add(
                    line((self.area_left, y), (self.area_right, y), "#888888", 1.0)
                        .set("stroke-dasharray", "6 4"),
                );
            } else if t != Dyadic::MINUS_ONE {
                g = g.add(guide((self.area_left, y), (self.area_right, y)));
            }
            g = g
                .add(line((axis_x - 5.0, y), (axis_x, y), AXIS_COLOUR, 1.0))
                .add(label(&t.to_string(), axis_x - 9.0, y + 4.5, "end"));
        }

        // Values: on two rows under the axis, most important first.
        let mut rows: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
        for &(height, v) in &shape.values {
            let x = self.x(v);
            let text = v.to_string();
            let half = text.len() as f64 * CHAR_WIDTH / 2.0 + 4.0;
            let Some(row) = rows
                .iter()
                .position(|r| r.iter().all(|&(a, b)| x + half < a || x - half > b))
            else {
                continue;
            };
            rows[row].push((x - half, x + half));
            g = g
                .add(guide((x, self.y(height)), (x, self.axis_y)))
                .add(line(
                    (x, self.axis_y),
                    (x, self.axis_y + 5.0),
                    AXIS_COLOUR,
                    1.0,
                ))
                .add(label(
                    &text,
                    x,
                    self.axis_y + 20.0 + row as f64 * 16.0,
                    "middle",
                ));
        }

        // The axes: temperature up the left side, value along the bottom.
        let arrow_y = self.y_top() - 6.0;
        g = g
            .add(line(
                (axis_x, self.axis_y),
                (axis_x, arrow_y),
                AXIS_COLOUR,
                1.2,
            ))
            .add(arrowhead(axis_x, arrow_y, 4.0, AXIS_COLOUR))
            .add(label("t", axis_x + 9.0, arrow_y + 6.0, "start").set("font-style", "italic"))
            .add(line(
                (axis_x, self.axis_y),
                (self.area_right, self.axis_y),
                AXIS_COLOUR,
                1.2,
            ));
        // Values increase to the left: say whose side is whose.
        let caption_y = self.axis_y + 60.0;
        g.add(
            label("← Left", self.area_left, caption_y, "start")
                .set("fill", LEFT_COLOUR)
                .set("font-weight", "bold"),
        )
        .add(label(
            "value",
            (self.area_left + self.area_right) / 2.0,
            caption_y,
            "middle",
        ))
        .add(
            label("Right →", self.area_right, caption_y, "end")
                .set("fill", RIGHT_COLOUR)
                .set("font-weight", "bold"),
        )
    }

    /// The two walls and the mast with its arrowhead.
    fn walls(&self, shape: &Shape) -> Group {
        let polyline = |points: &[Point]| {
            let mut data = Data::new();
            for (i, &(t, v)) in points.iter().enumerate() {
                let p = (px(self.x(v)), px(self.y(t)));
                data = if i == 0 {
                    data.move_to(p)
                } else {
                    data.line_to(p)
                };
            }
            data
        };
        let wall = |points: &[Point], colour: &str| {
            Path::new()
                .set("d", polyline(points))
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", 2.5)
                .set("stroke-linejoin", "round")
                .set("stroke-linecap", "round")
        };
        let mast_x = self.x(shape.mast_value);
        let tip = self.y_top() + 2.0;
        Group::new()
            .add(wall(&shape.left, LEFT_COLOUR))
            .add(wall(&shape.right, RIGHT_COLOUR))
            .add(
                line(
                    (mast_x, self.y(shape.mast_foot)),
                    (mast_x, tip + 8.0),
                    MAST_COLOUR,
                    3.0,
                )
                .set("stroke-linecap", "round"),
            )
            .add(arrowhead(mast_x, tip, 6.0, MAST_COLOUR))
    }
}

/// A dyadic as a float: exact for the sizes a picture can show.
fn f(d: Dyadic) -> f64 {
    d.numerator() as f64 / 2f64.powi(d.exponent() as i32)
}

/// A coordinate rounded to 1/100 pixel, to keep the file small.
fn px(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn line(from: (f64, f64), to: (f64, f64), colour: &str, width: f64) -> Line {
    Line::new()
        .set("x1", px(from.0))
        .set("y1", px(from.1))
        .set("x2", px(to.0))
        .set("y2", px(to.1))
        .set("stroke", colour)
        .set("stroke-width", width)
}

fn guide(from: (f64, f64), to: (f64, f64)) -> Line {
    line(from, to, GUIDE_COLOUR, 1.0).set("stroke-dasharray", "2 3")
}

fn label(text: &str, x: f64, y: f64, anchor: &str) -> Text {
    Text::new(text)
        .set("x", px(x))
        .set("y", px(y))
        .set("text-anchor", anchor)
        .set("fill", "#222222")
}

/// An upward arrowhead with its tip at (x, y).
fn arrowhead(x: f64, y: f64, half_width: f64, colour: &str) -> Path {
    let data = Data::new()
        .move_to((px(x), px(y)))
        .line_to((px(x - half_width), px(y + 2.2 * half_width)))
        .line_to((px(x + half_width), px(y + 2.2 * half_width)))
        .close();
    Path::new().set("d", data).set("fill", colour)
}

#[cfg(test)]
mod tests {
    use super::super::thermograph_shape::tests::thermograph_of;
    use super::*;
    use svg::node::element::path::{Command, Position};
    use svg::parser::Event;

    /// What a picture shows: its texts, and the corners of each stroked path by colour.
    struct Seen {
        texts: Vec<String>,
        paths: Vec<(String, Vec<(f64, f64)>)>,
    }

    fn look(doc: &Document) -> Seen {
        let source = doc.to_string();
        let mut seen = Seen {
            texts: Vec::new(),
            paths: Vec::new(),
        };
        for event in svg::read(&source).expect("parse") {
            match event {
                Event::Text(text) => seen.texts.push(text.trim().to_string()),
                Event::Tag("path", _, attributes) => {
                    let Some(stroke) = attributes.get("stroke") else {
                        continue;
                    };
                    let data = Data::parse(attributes.get("d").expect("d")).expect("path data");
                    let corners = data
                        .iter()
                        .filter_map(|c| match c {
                            Command::Move(Position::Absolute, p)
                            | Command::Line(Position::Absolute, p) => {
                                Some((p[0] as f64, p[1] as f64))
                            }
                            _ => None,
                        })
                        .collect();
                    seen.paths.push((stroke.to_string(), corners));
                }
                _ => {}
            }
        }
        seen
    }

    fn wall<'a>(seen: &'a Seen, colour: &str) -> &'a [(f64, f64)] {
        &seen
            .paths
            .iter()
            .find(|(stroke, _)| stroke == colour)
            .expect("wall")
            .1
    }

    #[test]
    fn walls_mast_and_exact_labels() {
        let th = thermograph_of("{3||2*|1*}");
        let seen = look(&document(&th, Some("{3||2*|1*}")).expect("svg"));
        for text in [
            "Thermograph of {3||2*|1*}",
            "3/4",
            "1/2",
            "0",
            "-1",
            "9/4",
            "3",
            "2",
            "4",
            "1",
            "t",
            "← Left",
            "Right →",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        ] {
            assert!(
                seen.texts.iter().any(|t| t == text),
                "{text} in {:?}",
                seen.texts
            );
        }
        let left = wall(&seen, LEFT_COLOUR);
        let right = wall(&seen, RIGHT_COLOUR);
        // Left wall: t = −1 to the foot, one 45° segment; Right wall: three segments.
        assert_eq!(left.len(), 2);
        assert_eq!(right.len(), 4);
        for segment in left.windows(2).chain(right.windows(2)) {
            let (dx, dy) = (segment[1].0 - segment[0].0, segment[1].1 - segment[0].1);
            assert!(dy < 0.0, "walls go up");
            assert!(
                dx.abs() < 0.02 || (dx.abs() - dy.abs()).abs() < 0.02,
                "45° or vertical"
            );
        }
        // Values increase to the left: the Left wall starts left of the Right wall, and both
        // end at the mast's foot.
        assert!(left[0].0 < right[0].0);
        assert_eq!(left.last(), right.last());
    }

    #[test]
    fn a_bare_mast_has_no_walls_beside_it() {
        let seen = look(&document(&thermograph_of("5"), None).expect("svg"));
        assert!(seen.texts.iter().any(|t| t == "Thermograph"));
        assert!(seen.texts.iter().any(|t| t == "5"));
        for colour in [LEFT_COLOUR, RIGHT_COLOUR] {
            assert_eq!(wall(&seen, colour).len(), 1, "a single point at t = -1");
        }
    }

    #[test]
    fn long_games_wrap_in_the_heading() {
        let sum = "{1*,1*|^,-2} + {v,*2|-1} + {v|0} + {1,2|v,{1|*}} + {1*,-1*|-1/2} + \
                   {v,1/2|-2} + {v*|^*,-1*} + {v|{0,*|-1}} + {1|{1|0}} + {1,v*|-2,{*|-1}}";
        let doc = document(&thermograph_of(sum), Some(sum)).expect("svg");
        let seen = look(&doc);
        assert!(seen.texts.iter().any(|t| t == "Thermograph of"));
        // The heading's game lines: everything between "Thermograph of" and the drawing.
        let wrapped: Vec<&String> = seen
            .texts
            .iter()
            .skip_while(|t| *t != "Thermograph of")
            .skip(1)
            .take_while(|t| t.contains('{'))
            .collect();
        assert!(wrapped.len() >= 2, "{wrapped:?}");
        assert_eq!(
            wrapped
                .iter()
                .map(|t| t.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            sum
        );
    }

    #[test]
    fn huge_games_are_left_out_of_the_heading() {
        let game = format!("{{{}|0}}", "1,".repeat(200));
        let seen = look(&document(&thermograph_of("{1|0}"), Some(&game)).expect("svg"));
        assert!(seen.texts.iter().any(|t| t == "Thermograph"));
        assert!(!seen.texts.iter().any(|t| t.contains("1,1,")));
    }

    #[test]
    fn saving_reports_unwritable_paths() {
        let th = thermograph_of("{2|-1}");
        let dir = std::env::temp_dir().join(format!("cgcalc-svg-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("switch.svg");
        save(&th, Some("{2|-1}"), path.to_str().expect("utf-8")).expect("written");
        let written = std::fs::read_to_string(&path).expect("read back");
        assert!(written.starts_with("<svg"), "{written}");
        assert!(written.contains("Thermograph of {2|-1}"));

        let missing = dir.join("no such dir").join("x.svg");
        let missing = missing.to_str().expect("utf-8");
        let e = save(&th, None, missing).expect_err("no directory");
        assert_eq!(
            e.to_string(),
            format!("cannot write {missing}: No such file or directory")
        );
        let e = save(&th, None, dir.to_str().expect("utf-8")).expect_err("a directory");
        assert!(e.to_string().starts_with("cannot write "), "{e}");
        assert_eq!(
            save(&th, None, "").expect_err("empty").to_string(),
            "the SVG file name is empty"
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
