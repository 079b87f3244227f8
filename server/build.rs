//! Embeds the web client (`web/src/` at the root of the repository), the
//! rules page (`docs/rules.md` as HTML) and the protocol's published JSON
//! Schema (`docs/protocol.schema.json`).
//!
//! Every file is gzipped here, once, so that the binary (and the Docker
//! image) carries the compressed bytes only; the pages get the assets' path,
//! named after a hash of all the files, written into them. What is generated
//! (`web_files.rs` in `OUT_DIR`) is read by `src/web.rs`.

// A build script talks to cargo on standard output.
#![allow(clippy::print_stdout)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

use anyhow::{Context as _, Result, bail};
use sha2::{Digest, Sha256};

#[path = "src/served_text.rs"]
mod served_text;

/// The page every route of the client serves; `{{assets}}` in it becomes
/// the assets' path.
const PAGE: &str = "index.html";

/// The rules page around the rules: `{{assets}}` becomes the assets' path,
/// `{{rules}}` the rules as HTML.
const RULES_TEMPLATE: &str = include_str!("rules.html");

fn main() -> Result<()> {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").context("CARGO_MANIFEST_DIR")?);
    let source = manifest.join("../web/src");
    let rules = manifest.join("../docs/rules.md");
    let schema = manifest.join("../docs/protocol.schema.json");
    let out = PathBuf::from(env::var_os("OUT_DIR").context("OUT_DIR")?);
    // A directory: cargo looks at everything in it, files added included.
    println!("cargo::rerun-if-changed={}", source.display());
    println!("cargo::rerun-if-changed={}", rules.display());
    println!("cargo::rerun-if-changed=rules.html");
    println!("cargo::rerun-if-changed={}", schema.display());
    println!(
        "cargo::rerun-if-changed={}",
        manifest.join("../locales").display()
    );

    let mut files = Vec::new();
    collect(&source, &source, &mut files)?;
    // Each language's catalogue for the browser, one file: the assets'
    // hash changes with any word.
    for language in mice_cake_words::LANGUAGES {
        let text = mice_cake_words::catalogue(language, mice_cake_words::Part::Web)?;
        files.push((format!("locales/{language}.ftl"), text.into_bytes()));
    }
    files.sort();

    let hash = content_hash(&files);
    let assets = format!("/assets/{hash}/");
    let embedded = out.join("web");
    let mut generated = format!(
        "/// `/assets/<hash>/`: where this build's files are served.\n\
         pub(crate) const ASSETS: &str = {assets:?};\n\
         /// Every file but the page, gzipped: its path and bytes.\n\
         pub(crate) static FILES: &[(&str, &[u8])] = &[\n"
    );
    let mut page = None;
    for (path, bytes) in &files {
        let target = embedded.join(format!("{path}.gz"));
        if path == PAGE {
            let text = std::str::from_utf8(bytes).context("web/src/index.html is not UTF-8")?;
            page = Some(text.replace("{{assets}}", &assets));
            continue;
        }
        // Without its comments (`served_text.rs`): the image carries
        // every byte embedded.
        let served = match std::str::from_utf8(bytes) {
            Ok(text) => served_text::served(text, served_text::Kind::of(path)).into_bytes(),
            Err(_) => bytes.clone(),
        };
        write_file(&target, &gzip(&served)?)?;
        writeln!(
            generated,
            "    ({path:?}, include_bytes!({:?})),",
            target.display()
        )?;
    }
    generated.push_str("];\n");
    let Some(page) = page else {
        bail!("web/src has no {PAGE}");
    };
    generated.push_str(
        "/// The page in each language, with the assets' path in it, gzipped.\n\
         pub(crate) static PAGES: &[(&str, &[u8])] = &[\n",
    );
    for language in mice_cake_words::LANGUAGES {
        let words = mice_cake_words::Words::new(language, mice_cake_words::Part::Web)?;
        let page_path = embedded.join(format!("{PAGE}.{language}.gz"));
        write_file(
            &page_path,
            &gzip(in_words(&page, language, &words)?.as_bytes())?,
        )?;
        writeln!(
            generated,
            "    ({language:?}, include_bytes!({:?})),",
            page_path.display()
        )?;
    }
    generated.push_str("];\n");
    // The rules page once, its frame in English: its script says the frame
    // in the reader's language (the rules themselves are English for now);
    // one page per language would weigh as much as all the client's words.
    let english = mice_cake_words::Words::new("en", mice_cake_words::Part::Web)?;
    let rules_path = embedded.join("rules.html.gz");
    let rules_text = in_words(&rules_page(&rules, &assets)?, "en", &english)?;
    write_file(&rules_path, &gzip(rules_text.as_bytes())?)?;
    writeln!(
        generated,
        "/// The rules page (`docs/rules.md`), its frame in English, gzipped.\n\
         pub(crate) static RULES_PAGE: &[u8] = include_bytes!({:?});",
        rules_path.display()
    )?;
    let schema_path = embedded.join("protocol.schema.json.gz");
    let schema_text = fs::read(&schema).with_context(|| schema.display().to_string())?;
    write_file(&schema_path, &gzip(&schema_text)?)?;
    writeln!(
        generated,
        "/// The protocol's JSON Schema as published, gzipped.\n\
         pub(crate) static SCHEMA: &[u8] = include_bytes!({:?});",
        schema_path.display()
    )?;
    write_file(&out.join("web_files.rs"), generated.as_bytes())
}

/// The rules page: `docs/rules.md` rendered to HTML (tables included) in
/// [`RULES_TEMPLATE`].
fn rules_page(rules: &Path, assets: &str) -> Result<String> {
    use pulldown_cmark::{Event, Options, Parser, html};

    let markdown = fs::read_to_string(rules).with_context(|| rules.display().to_string())?;
    // Markup written in the Markdown is shown as text: the page's only
    // markup is what the renderer makes, so nothing inline can slip in
    // for the Content-Security-Policy to refuse.
    let events = Parser::new_ext(&markdown, Options::ENABLE_TABLES).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        other => other,
    });
    let mut body = String::new();
    html::push_html(&mut body, events);
    Ok(RULES_TEMPLATE
        .replace("{{assets}}", assets)
        .replace("{{rules}}", &body))
}

/// `template` in `language`: `{{lang}}` becomes the language's tag and
/// `{{message-id}}` the message, as HTML text; a message's `$client` is the
/// terminal client's name, as code.
fn in_words(template: &str, language: &str, words: &mice_cake_words::Words) -> Result<String> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .context("a {{ without its }} in a page template")?;
        let id = &after[..end];
        if id == "lang" {
            out.push_str(language);
        } else {
            if !words.has(id) {
                bail!("the page template asks for {id}, which the {language} catalogue lacks");
            }
            let mut args = mice_cake_words::Args::new();
            args.set("client", "\u{E000}");
            let text = escape_html(&words.format(id, Some(&args)));
            out.push_str(&text.replace('\u{E000}', "<code>mice-cake</code>"));
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Every file under `dir`, as its path from `root` (with `/`) and bytes.
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, Vec<u8>)>) -> Result<()> {
    let entries = fs::read_dir(dir).with_context(|| dir.display().to_string())?;
    for entry in entries {
        let path = entry.with_context(|| dir.display().to_string())?.path();
        if !part_of_the_client(&path) {
            continue;
        }
        if path.is_dir() {
            collect(root, &path, files)?;
        } else {
            let relative = path
                .strip_prefix(root)?
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let bytes = fs::read(&path).with_context(|| path.display().to_string())?;
            files.push((relative, bytes));
        }
    }
    Ok(())
}

/// Whether a file belongs in the client: not a hidden file, nor an
/// editor's backup or swap file left beside the sources.
fn part_of_the_client(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy())
        .unwrap_or_default();
    // And not what only tools read: a vendored package's type
    // declarations and notes (the image carries every byte embedded).
    !(name.starts_with('.')
        || name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".bak")
        || name.ends_with(".d.ts")
        || name == "README.md")
}

/// A hash of every file's path and bytes, in path order: 16 hex digits.
fn content_hash(files: &[(String, Vec<u8>)]) -> String {
    let mut hasher = Sha256::new();
    for (path, bytes) in files {
        hasher.update(path.as_bytes());
        hasher.update([0]);
        hasher.update(bytes);
        hasher.update([0]);
    }
    hasher.finalize()[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Gzip at the best compression, with no time or name in the header: the
/// same files give the same bytes.
/// `bytes` gzipped by Zopfli: gzip any client reads, some 5 % smaller than
/// zlib's best, at a cost paid once, here (the image carries every byte).
fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut gzipped = Vec::new();
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        bytes,
        &mut gzipped,
    )?;
    Ok(gzipped)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).with_context(|| parent.display().to_string())?;
    }
    // Written only when changed, so that nothing is rebuilt for nothing.
    if fs::read(path).ok().as_deref() != Some(bytes) {
        fs::write(path, bytes).with_context(|| path.display().to_string())?;
    }
    Ok(())
}
