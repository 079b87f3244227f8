//! The headline figures the docs quote come from one place: every quote in
//! README.md, ARCHITECTURE.md and docs/*.md of a figure
//! (`<!-- figure:NAME -->text<!-- /figure -->`, with `NAME:measured` and
//! `NAME:machine` for its date and machine) is what `docs/figures.json`
//! holds, that text is the figure's value shown as the figure says, and every
//! figure is quoted somewhere. `docs/figures.py` writes the file and the
//! quotes (docs/performance.md, "Recording the headline figures"); a marker
//! inside code (a fenced block, a span between backticks) is text.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

const OPEN: &str = "<!-- figure:";
const CLOSE: &str = "<!-- /figure -->";
/// What a quote may show of a figure.
const FIELDS: [&str; 3] = ["text", "measured", "machine"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn figures() -> Map<String, Value> {
    let text = std::fs::read_to_string(root().join("docs/figures.json")).unwrap();
    let file: Value = serde_json::from_str(&text).expect("docs/figures.json is JSON");
    file["figures"]
        .as_object()
        .expect("docs/figures.json has `figures`")
        .clone()
}

/// README.md, ARCHITECTURE.md and the rest at the root, then docs/*.md.
fn documents() -> Vec<PathBuf> {
    let mut all = Vec::new();
    for dir in [root(), root().join("docs")] {
        let mut here: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
            .collect();
        here.sort();
        all.extend(here);
    }
    all
}

/// A value as the docs show it: `docs/figures.py`'s `render`, digit for digit.
fn shown(value: u64, how: &str) -> String {
    let tenths = |per_tenth: u64, unit: &str| {
        let tenths = (value + per_tenth / 2) / per_tenth;
        format!("{}.{} {unit}", tenths / 10, tenths % 10)
    };
    match how {
        "MB" => tenths(100_000, "MB"),
        "KB" => tenths(100, "KB"),
        "count" => thousands(value),
        // The value in µs.
        "ms" if (value + 50) / 100 >= 100 => format!("{} ms", thousands((value + 500) / 1000)),
        "ms" => tenths(100, "ms"),
        other => panic!("no way to show a figure as `{other}`"),
    }
}

fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// What is wrong with the quotes of `text` (the document `name`); the
/// figures quoted go into `seen`.
fn check(
    figures: &Map<String, Value>,
    name: &str,
    text: &str,
    seen: &mut BTreeSet<String>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut fenced = false;
    for (number, line) in (1..).zip(text.lines()) {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let at = format!("{name}:{number}");
        // Even pieces are outside code spans.
        for piece in line.split('`').step_by(2) {
            let mut rest = piece;
            while let Some(start) = rest.find(OPEN) {
                rest = &rest[start + OPEN.len()..];
                let Some((spec, after)) = rest.split_once(" -->") else {
                    wrong.push(format!("{at}: a figure's marker not closed on its line"));
                    break;
                };
                let Some((quoted, after)) = after.split_once(CLOSE) else {
                    wrong.push(format!("{at}: a figure's marker not closed on its line"));
                    break;
                };
                rest = after;
                let (figure, field) = spec.split_once(':').unwrap_or((spec, "text"));
                let Some(held) = figures.get(figure).filter(|_| FIELDS.contains(&field)) else {
                    wrong.push(format!("{at}: no figure {figure}:{field}"));
                    continue;
                };
                seen.insert(figure.to_owned());
                let held = held[field].as_str().unwrap_or_default();
                if quoted != held {
                    wrong.push(format!(
                        "{at}: {figure}:{field} is {quoted:?}, docs/figures.json says {held:?} \
                         (python3 docs/figures.py write)"
                    ));
                }
            }
        }
    }
    wrong
}

#[test]
fn every_quoted_figure_is_the_one_in_figures_json_and_every_figure_is_quoted() {
    let figures = figures();
    let mut seen = BTreeSet::new();
    let mut wrong = Vec::new();
    for path in documents() {
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        wrong.extend(check(&figures, &name, &text, &mut seen));
    }
    for figure in figures.keys() {
        if !seen.contains(figure) {
            wrong.push(format!("docs/figures.json: {figure} is quoted nowhere"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(seen.contains("image_size") && seen.contains("rounds_per_second"));
}

#[test]
fn every_figure_holds_its_value_shown_as_it_says_with_a_date_and_a_machine() {
    for (name, figure) in figures() {
        let value = figure["value"].as_u64().expect("a whole, positive value");
        let how = figure["shown"].as_str().expect("how it is shown");
        assert_eq!(
            figure["text"].as_str(),
            Some(shown(value, how).as_str()),
            "{name}: its text is not its value shown as {how}"
        );
        let measured = figure["measured"].as_str().unwrap_or_default();
        assert!(
            measured.len() == 10
                && measured
                    .chars()
                    .enumerate()
                    .all(|(i, c)| if i == 4 || i == 7 {
                        c == '-'
                    } else {
                        c.is_ascii_digit()
                    }),
            "{name}: measured {measured:?} is not a date"
        );
        assert!(
            figure["machine"].as_str().is_some_and(|m| !m.is_empty()),
            "{name}: no machine"
        );
        for field in ["what", "unit", "how"] {
            assert!(figure[field].is_string(), "{name}: no `{field}`");
        }
    }
}

#[test]
fn a_quote_that_differs_or_names_no_figure_is_found_and_code_is_left_alone() {
    let figures: Map<String, Value> = serde_json::from_str(
        r#"{"size": {"text": "13.8 MB", "measured": "2026-12-06", "machine": "here"}}"#,
    )
    .unwrap();
    let document = "\
a <!-- figure:size -->13.8 MB<!-- /figure --> image, <!-- figure:size:measured -->2026-12-06<!-- /figure -->
a <!-- figure:size -->14.0 MB<!-- /figure --> image
<!-- figure:speed -->1<!-- /figure --> and <!-- figure:size:colour -->red<!-- /figure -->
<!-- figure:size -->13.8 MB
`<!-- figure:size -->` in a span
```
<!-- figure:size -->in a block<!-- /figure -->
```
";
    let mut seen = BTreeSet::new();
    let wrong = check(&figures, "doc.md", document, &mut seen);
    assert_eq!(
        wrong,
        [
            "doc.md:2: size:text is \"14.0 MB\", docs/figures.json says \"13.8 MB\" \
             (python3 docs/figures.py write)",
            "doc.md:3: no figure speed:text",
            "doc.md:3: no figure size:colour",
            "doc.md:4: a figure's marker not closed on its line",
        ]
    );
    assert_eq!(seen, BTreeSet::from(["size".to_owned()]));
}

#[test]
fn values_are_shown_as_docs_figures_py_shows_them() {
    assert_eq!(shown(13_843_322, "MB"), "13.8 MB");
    assert_eq!(shown(13_950_000, "MB"), "14.0 MB");
    assert_eq!(shown(2_870, "KB"), "2.9 KB");
    assert_eq!(shown(4_219, "count"), "4,219");
    assert_eq!(shown(1_234_567, "count"), "1,234,567");
    assert_eq!(shown(3_600, "ms"), "3.6 ms");
    assert_eq!(shown(9_949, "ms"), "9.9 ms");
    assert_eq!(shown(9_950, "ms"), "10 ms");
    assert_eq!(shown(220_000, "ms"), "220 ms");
    assert_eq!(shown(1_500_000, "ms"), "1,500 ms");
}
