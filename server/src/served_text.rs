//! The web client's text as the server embeds it (`build.rs`): its
//! comments left out. They are for the people who read the source (the
//! repository keeps them); the image carries every byte embedded, and the
//! comments were two fifths of the client's. Shared by `build.rs` and the
//! test that checks what is served against the source.

/// What a file is, for its comments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// JavaScript: `//` lines and `/* … */` blocks on lines of their own.
    Script,
    /// CSS: `/* … */` blocks on lines of their own.
    Style,
    /// A Fluent catalogue: `#` lines (a message's own lines are indented).
    Catalogue,
    /// Anything else, as it is.
    Other,
}

impl Kind {
    /// The kind of the file at `path`.
    pub(crate) fn of(path: &str) -> Kind {
        match path.rsplit_once('.').map(|(_, extension)| extension) {
            Some("js") => Kind::Script,
            Some("css") => Kind::Style,
            Some("ftl") => Kind::Catalogue,
            _ => Kind::Other,
        }
    }
}

/// `text` without the lines that hold only a comment. A comment after code
/// stays (finding its start would need a parser), and nothing in a
/// template literal (JavaScript's only string that spans lines) is touched.
pub(crate) fn served(text: &str, kind: Kind) -> String {
    if kind == Kind::Other {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut in_block = false;
    let mut in_template = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if in_block {
            if let Some((_, after)) = trimmed.split_once("*/") {
                in_block = false;
                if !after.trim().is_empty() {
                    out.push_str(after);
                    out.push('\n');
                }
            }
            continue;
        }
        if !in_template {
            let comment = match kind {
                Kind::Catalogue => line.starts_with('#'),
                Kind::Script => trimmed.starts_with("//"),
                Kind::Style | Kind::Other => false,
            };
            if comment {
                continue;
            }
            if kind != Kind::Catalogue
                && let Some(rest) = trimmed.strip_prefix("/*")
            {
                match rest.split_once("*/") {
                    Some((_, after)) if after.trim().is_empty() => {}
                    Some((_, after)) => {
                        out.push_str(after);
                        out.push('\n');
                    }
                    None => in_block = true,
                }
                continue;
            }
        }
        if kind == Kind::Script && backticks(line) % 2 == 1 {
            in_template = !in_template;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The backticks of `line` that are not escaped.
fn backticks(line: &str) -> usize {
    let mut count = 0;
    let mut escaped = false;
    for character in line.chars() {
        match character {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '`' => count += 1,
            _ => {}
        }
    }
    count
}
