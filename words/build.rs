//! Embeds every catalogue (`locales/<language>/<part>/*.ftl` at the root of
//! the repository): `catalogues.rs` in `OUT_DIR` lists them, each with its
//! text, for `src/lib.rs`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR")?);
    let root = manifest.join("../locales");
    // A build script talks to cargo on standard output.
    #[allow(clippy::print_stdout)]
    {
        println!("cargo::rerun-if-changed={}", root.display());
    }
    let mut files = Vec::new();
    for language in sorted_entries(&root)? {
        for part in sorted_entries(&language)? {
            #[allow(clippy::print_stdout)]
            {
                println!("cargo::rerun-if-changed={}", part.display());
            }
            for file in sorted_entries(&part)? {
                if file.extension().is_some_and(|extension| extension == "ftl") {
                    // Each file by name too: a directory's scan misses a
                    // file deleted from it, a missing file is always news.
                    #[allow(clippy::print_stdout)]
                    {
                        println!("cargo::rerun-if-changed={}", file.display());
                    }
                    files.push((name(&language), name(&part), name(&file), file));
                }
            }
        }
    }
    let mut generated = String::from(
        "/// Every catalogue file: its language, part, file name and text.\n\
         pub(crate) static FILES: &[CatalogueFile] = &[\n",
    );
    for (language, part, file, path) in files {
        writeln!(
            generated,
            "    CatalogueFile {{ language: {language:?}, part: {part:?}, name: {file:?}, text: include_str!({:?}) }},",
            path.canonicalize()?.display()
        )?;
    }
    generated.push_str("];\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR")?);
    fs::write(out.join("catalogues.rs"), generated)?;
    Ok(())
}

/// The entries of `dir`, by name, hidden ones left out.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, std::io::Error> {
    let mut entries = fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()?;
    entries.retain(|path| !name(path).starts_with('.'));
    entries.sort();
    Ok(entries)
}

fn name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}
