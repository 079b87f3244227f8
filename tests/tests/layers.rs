//! The house in layers: no import circle between the files of any crate of
//! the workspace, nor between the web client's modules.
//!
//! A file imports another when it names something defined there: through a
//! `use`, a path in its code (`crate::metrics::ERRORS`, `super::Room`), or
//! a path in a macro's input. A name is followed through re-exports (`pub
//! use`) to the file that defines it, so a crate's facade (`lib.rs`,
//! `mod.rs`) ties nothing by handing names on. Test code (`#[cfg(test)]`)
//! is left out: a test may reach anywhere. In the web client, a module
//! imports another through an `import … from "./x.js"`; JSDoc's type-only
//! `import("./x.js").T` is erased before the code runs and is left out.
//!
//! A circle is reported with the names that tie each file to the next, so
//! that it can be opened where it is weakest.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Attribute, Item, UseTree, Visibility};

/// The workspace's crates whose files are checked: every `src/` with a
/// `lib.rs` or `main.rs` at its root.
const CRATES: &[&str] = &[
    "engine",
    "protocol",
    "server",
    "client-cli",
    "loadgen",
    "tests",
    "fuzz",
];

#[test]
fn no_crate_of_the_workspace_has_an_import_circle_between_its_files() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut report = String::new();
    let mut files = 0;
    for name in CRATES {
        for root in ["lib.rs", "main.rs"] {
            let root = workspace.join(name).join("src").join(root);
            if !root.exists() {
                continue;
            }
            let krate = Crate::read(&root);
            files += krate.files().len();
            for circle in circles(&krate.between_siblings(&workspace)) {
                describe(&mut report, &workspace, &circle);
            }
        }
    }
    assert!(
        files > 150,
        "only {files} files read: is the workspace where it was?"
    );
    assert!(report.is_empty(), "import circles:\n{report}");
}

/// The server's modules in the layers ARCHITECTURE.md draws, from the
/// edge down: each imports only those on its layer or below, and every
/// module has its layer.
#[test]
fn the_servers_modules_import_only_their_own_layer_or_those_below() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let architecture = std::fs::read_to_string(workspace.join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md is read");
    let layers = server_layers(&architecture);
    assert!(
        layers.len() >= 5,
        "the server's layers are not found: {layers:?}"
    );
    let root = workspace.join("server/src/lib.rs");
    let krate = Crate::read(&root);
    let source = workspace.join("server/src");
    // Each file's top module: `room` for `server/src/room/actor/seats.rs`.
    let top = |file: &Path| -> Option<String> {
        let within = file.strip_prefix(&source).ok()?;
        let first = within.components().next()?.as_os_str().to_string_lossy();
        let name = first.trim_end_matches(".rs").to_owned();
        (name != "lib").then_some(name)
    };
    let layer_of = |module: &str| {
        layers
            .iter()
            .position(|layer| layer.iter().any(|pattern| matches_layer(pattern, module)))
    };
    let mut report = String::new();
    let mut modules = BTreeSet::new();
    for file in krate.files() {
        if let Some(module) = top(file) {
            modules.insert(module);
        }
    }
    for module in &modules {
        if layer_of(module).is_none() && module != "test_services" {
            report.push_str(&format!("`{module}` has no layer in ARCHITECTURE.md\n"));
        }
    }
    for (from, targets) in krate.edges() {
        let Some(from_module) = top(&from) else {
            continue;
        };
        for (to, names) in targets {
            let Some(to_module) = top(&to) else {
                continue;
            };
            let (Some(from_layer), Some(to_layer)) = (layer_of(&from_module), layer_of(&to_module))
            else {
                continue;
            };
            if to_layer < from_layer {
                report.push_str(&format!(
                    "{} (layer {}) imports {} (layer {}) above it: {}\n",
                    relative(&workspace, &from),
                    from_layer + 1,
                    relative(&workspace, &to),
                    to_layer + 1,
                    names.iter().cloned().collect::<Vec<_>>().join(", ")
                ));
            }
        }
    }
    assert!(
        modules.len() > 40,
        "only {} modules read: is the server where it was?",
        modules.len()
    );
    assert!(report.is_empty(), "the server's layers:\n{report}");
}

/// The workspace's crates in the layers ARCHITECTURE.md draws: each
/// depends only on crates below it.
#[test]
fn each_crate_depends_only_on_crates_below_it() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // From the top, as ARCHITECTURE.md's first picture has them.
    let layers: &[&[&str]] = &[
        &["tests", "loadgen", "fuzz"],
        &["client-cli"],
        &["server"],
        &["protocol", "words"],
        &["engine"],
    ];
    let package = |folder: &str| {
        let manifest = std::fs::read_to_string(workspace.join(folder).join("Cargo.toml"))
            .expect("a manifest is read");
        let name = manifest
            .lines()
            .find_map(|line| line.strip_prefix("name = "))
            .expect("a package name")
            .trim_matches('"')
            .to_owned();
        (name, manifest)
    };
    let mut report = String::new();
    for (level, folders) in layers.iter().enumerate() {
        for folder in *folders {
            let (_, manifest) = package(folder);
            // Only what the crate's own code uses: its tests may reach anywhere.
            let normal = manifest
                .split("\n[dev-dependencies]")
                .next()
                .unwrap_or_default();
            for higher in layers.iter().take(level + 1).flat_map(|layer| layer.iter()) {
                if higher == folder {
                    continue;
                }
                let (name, _) = package(higher);
                if normal.lines().any(|line| {
                    line.starts_with(&format!("{name} ")) || line.starts_with(&format!("{name}."))
                }) {
                    report.push_str(&format!("{folder} depends on {higher}, not below it\n"));
                }
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

/// The server's layers as ARCHITECTURE.md lists them, from the top: each
/// line of the picture after "The server's own modules" names modules
/// before its description; a line ending in a comma goes on on the next.
/// A line indented far right is a description's own.
fn server_layers(architecture: &str) -> Vec<Vec<String>> {
    let after = architecture
        .split_once("The server's own modules")
        .expect("ARCHITECTURE.md draws the server's modules")
        .1;
    let picture = after
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the server's layers are drawn in a text block")
        .0;
    let mut layers = Vec::new();
    let mut layer: Vec<String> = Vec::new();
    for line in picture.lines() {
        let names = line.trim_start();
        // A description's own second line, far right.
        if line.len() - names.len() > 8 {
            continue;
        }
        let names = names.split("   ").next().unwrap_or_default().trim();
        layer.extend(
            names
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(str::to_owned),
        );
        if !names.ends_with(',') && !layer.is_empty() {
            layers.push(std::mem::take(&mut layer));
        }
    }
    layers
}

/// `*_api` matches every module whose name ends in `_api`.
fn matches_layer(pattern: &str, module: &str) -> bool {
    match pattern.strip_prefix('*') {
        Some(suffix) => module.ends_with(suffix),
        None => pattern == module,
    }
}

#[test]
fn the_web_client_has_no_import_circle_between_its_modules() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src");
    let mut edges: Edges = BTreeMap::new();
    let mut modules = 0;
    for entry in std::fs::read_dir(&source).expect("web/src is read") {
        let path = entry.expect("web/src is listed").path();
        if path.extension().is_none_or(|extension| extension != "js") {
            continue;
        }
        modules += 1;
        let text = std::fs::read_to_string(&path).expect("a module is read");
        for (target, names) in js_imports(&text) {
            let target = source.join(&target);
            let import = format!(
                "{} -> {}: {}",
                relative(&source, &path),
                relative(&source, &target),
                names.join(", ")
            );
            edges
                .entry(path.clone())
                .or_default()
                .entry(target)
                .or_default()
                .insert(import);
        }
    }
    assert!(modules > 20, "only {modules} modules read in {source:?}");
    let mut report = String::new();
    for circle in circles(&edges) {
        describe(&mut report, &source, &circle);
    }
    assert!(report.is_empty(), "import circles:\n{report}");
}

#[test]
fn the_check_finds_a_circle_through_a_re_export_and_a_macro() {
    let directory = tempfile::tempdir().expect("a scratch directory");
    let source = directory.path();
    std::fs::create_dir(source.join("room")).expect("a folder");
    let write = |name: &str, text: &str| std::fs::write(source.join(name), text).expect("written");
    write(
        "lib.rs",
        "pub mod metrics; pub mod room; pub use room::Room;\n\
         #[cfg(test)] mod tests { use crate::room::Room; }",
    );
    // metrics.rs reaches room/seat.rs through two re-exports...
    write(
        "metrics.rs",
        "pub const ERRORS: &str = \"e\"; fn f() -> crate::Room { crate::Room }",
    );
    write("room/mod.rs", "mod seat; pub use seat::*;");
    // ...and room/seat.rs reaches back through a macro's input.
    write(
        "room/seat.rs",
        "pub struct Room; fn g() { counter!(crate::metrics::ERRORS); }",
    );
    let krate = Crate::read(&source.join("lib.rs"));
    let found = circles(&krate.between_siblings(source));
    let names: Vec<Vec<String>> = found
        .iter()
        .map(|circle| circle.keys().map(|file| relative(source, file)).collect())
        .collect();
    assert_eq!(names, [["metrics.rs", "room/mod.rs"]]);
}

#[test]
fn a_module_and_its_own_children_may_use_each_other() {
    let directory = tempfile::tempdir().expect("a scratch directory");
    let source = directory.path();
    std::fs::create_dir(source.join("room")).expect("a folder");
    let write = |name: &str, text: &str| std::fs::write(source.join(name), text).expect("written");
    write("lib.rs", "pub mod room; pub mod seat_rules;");
    write("seat_rules.rs", "pub const MOST: usize = 2;");
    write(
        "room/mod.rs",
        "mod seat; pub struct Room; fn f() -> seat::Seat { seat::Seat }",
    );
    write(
        "room/seat.rs",
        "pub struct Seat; fn g(room: super::Room) -> usize { crate::seat_rules::MOST }",
    );
    let krate = Crate::read(&source.join("lib.rs"));
    assert!(circles(&krate.between_siblings(source)).is_empty());
    // The same two files as siblings would be a circle.
    assert_eq!(circles(&krate.edges()).len(), 1);
}

#[test]
fn a_web_module_imports_what_its_import_statements_name_and_no_type() {
    let text = "import { showLobby, drawLobby } from \"./lobby.js\";\n\
                import \"./cues.js\";\n\
                /** @typedef {import(\"./words.js\").Seat} Seat */\n\
                const label = \"import x from './not.js'\";\n";
    assert_eq!(
        js_imports(text),
        [
            (
                "lobby.js".to_string(),
                vec!["showLobby".to_string(), "drawLobby".to_string()]
            ),
            ("cues.js".to_string(), vec![]),
        ]
    );
}

/// Who imports whom (a file, or a part of a module), and by which of
/// their files' imports (`from -> to: names`).
type Edges = BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>>;

/// A module of a crate: its own file or a `mod … { }` inside one.
#[derive(Default)]
struct Module {
    file: PathBuf,
    children: BTreeSet<String>,
    /// Items defined here, by name.
    defined: BTreeSet<String>,
    /// Names handed on (`pub use a::b as c`): the name, and the path.
    re_exports: BTreeMap<String, Vec<String>>,
    /// Paths all of whose names are handed on (`pub use a::*`).
    glob_re_exports: Vec<Vec<String>>,
    /// Names brought in by a private `use`, resolved only within this module.
    aliases: BTreeMap<String, Vec<String>>,
    /// Every path named in the code, each as written.
    references: Vec<Vec<String>>,
}

/// A crate's modules, by path from its root.
struct Crate {
    modules: BTreeMap<Vec<String>, Module>,
}

impl Crate {
    fn read(root: &Path) -> Crate {
        let mut krate = Crate {
            modules: BTreeMap::new(),
        };
        let directory = root.parent().expect("a root has a folder").to_path_buf();
        krate.read_file(root, Vec::new(), &directory);
        krate
    }

    /// Reads a module's file; `directory` is where its child files are.
    fn read_file(&mut self, file: &Path, path: Vec<String>, directory: &Path) {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|error| panic!("{file:?}: {error}"));
        let parsed = syn::parse_file(&text).unwrap_or_else(|error| panic!("{file:?}: {error}"));
        self.read_items(file, path, directory, &parsed.items);
    }

    fn read_items(&mut self, file: &Path, path: Vec<String>, directory: &Path, items: &[Item]) {
        let mut module = Module {
            file: file.to_path_buf(),
            ..Module::default()
        };
        for item in items {
            if is_test_only(item_attributes(item)) {
                continue;
            }
            match item {
                Item::Mod(child) => {
                    let name = child.ident.to_string();
                    module.children.insert(name.clone());
                    let mut child_path = path.clone();
                    child_path.push(name.clone());
                    match &child.content {
                        Some((_, items)) => {
                            self.read_items(file, child_path, &directory.join(&name), items);
                        }
                        None => {
                            let flat = directory.join(format!("{name}.rs"));
                            let (child_file, child_directory) = if flat.exists() {
                                (flat, directory.join(&name))
                            } else {
                                let folder = directory.join(&name);
                                (folder.join("mod.rs"), folder)
                            };
                            self.read_file(&child_file, child_path, &child_directory);
                        }
                    }
                }
                Item::Use(used) => {
                    let handed_on = !matches!(used.vis, Visibility::Inherited);
                    let mut leaves = Vec::new();
                    use_leaves(&used.tree, &mut Vec::new(), &mut leaves);
                    for (name, target) in leaves {
                        // Handing a name on ties nothing; using it does.
                        if !handed_on {
                            module.references.push(target.clone());
                        }
                        match name {
                            Some(name) if handed_on => {
                                module.re_exports.insert(name, target);
                            }
                            Some(name) => {
                                module.aliases.insert(name, target);
                            }
                            None if handed_on => module.glob_re_exports.push(target),
                            None => {}
                        }
                    }
                }
                other => {
                    if let Some(name) = defined_name(other) {
                        module.defined.insert(name);
                    }
                    paths_in(other.to_token_stream(), &mut module.references);
                }
            }
        }
        self.modules.insert(path, module);
    }

    fn files(&self) -> BTreeSet<&Path> {
        self.modules
            .values()
            .map(|module| module.file.as_path())
            .collect()
    }

    /// Every file's imports of another file.
    fn edges(&self) -> Edges {
        let mut edges: Edges = BTreeMap::new();
        for (path, module) in &self.modules {
            for reference in &module.references {
                let Some(absolute) = self.absolute(path, reference) else {
                    continue;
                };
                if let Some((file, name)) = self.defining_file(&absolute, 0)
                    && file != module.file
                {
                    edges
                        .entry(module.file.clone())
                        .or_default()
                        .entry(file)
                        .or_default()
                        .insert(name);
                }
            }
        }
        edges
    }

    /// The imports that tie one part of a module to another part of the
    /// same module: a file's import is seen, from the innermost module
    /// holding both files, as an import between the two parts (a file, or
    /// a folder with all within it) that hold them. A module's own file
    /// and its parts may use each other (a part is the module's own, as
    /// Rust's privacy has it); between parts, and through them, a circle
    /// is a circle. Each part is named by its file (`mod.rs` for a
    /// folder), and each import between parts by the files' own imports.
    fn between_siblings(&self, base: &Path) -> Edges {
        let mut module_of: BTreeMap<&Path, &Vec<String>> = BTreeMap::new();
        for (path, module) in &self.modules {
            let entry = module_of.entry(module.file.as_path()).or_insert(path);
            if path.len() < entry.len() {
                *entry = path;
            }
        }
        let mut lifted: Edges = BTreeMap::new();
        for (from, targets) in self.edges() {
            for (to, names) in targets {
                let (from_path, to_path) = (module_of[from.as_path()], module_of[to.as_path()]);
                let shared = from_path
                    .iter()
                    .zip(to_path.iter())
                    .take_while(|(a, b)| a == b)
                    .count();
                if shared == from_path.len() || shared == to_path.len() {
                    continue;
                }
                let part = |path: &[String]| self.modules[&path[..=shared]].file.clone();
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                lifted
                    .entry(part(from_path))
                    .or_default()
                    .entry(part(to_path))
                    .or_default()
                    .insert(format!(
                        "{} -> {}: {}",
                        relative(base, &from),
                        relative(base, &to),
                        names.join(", ")
                    ));
            }
        }
        lifted
    }

    /// A path as written in module `from`, from the crate's root; `None`
    /// for a path outside the crate (another crate's, the standard
    /// library's, a local name).
    fn absolute(&self, from: &[String], written: &[String]) -> Option<Vec<String>> {
        self.absolute_within(from, written, 0)
    }

    fn absolute_within(
        &self,
        from: &[String],
        written: &[String],
        depth: usize,
    ) -> Option<Vec<String>> {
        let (first, rest) = written.split_first()?;
        if depth > 16 {
            return None;
        }
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => from.to_vec(),
            "super" => {
                let mut base = from.to_vec();
                base.pop()?;
                let mut rest = rest;
                while rest.first().is_some_and(|segment| segment == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                return Some(base);
            }
            _ => {
                let module = self.modules.get(from)?;
                if module.children.contains(first) {
                    let mut base = from.to_vec();
                    base.push(first.clone());
                    base
                } else if let Some(target) = module
                    .aliases
                    .get(first)
                    .or_else(|| module.re_exports.get(first))
                {
                    if target.first() == Some(first) && target.len() == 1 {
                        // `use serde;`: another crate's name.
                        return None;
                    }
                    let mut absolute = self.absolute_within(from, target, depth + 1)?;
                    absolute.extend(rest.iter().cloned());
                    return Some(absolute);
                } else {
                    return None;
                }
            }
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `path` names, and the name; `None` for
    /// a module itself (naming a module imports nothing yet).
    fn defining_file(&self, path: &[String], depth: usize) -> Option<(PathBuf, String)> {
        if depth > 16 {
            return None;
        }
        let mut module_path = Vec::new();
        let mut module = self.modules.get(&module_path)?;
        for (index, segment) in path.iter().enumerate() {
            if module.children.contains(segment) {
                module_path.push(segment.clone());
                module = self.modules.get(&module_path)?;
                continue;
            }
            let here = || Some((module.file.clone(), segment.clone()));
            if module.defined.contains(segment) {
                return here();
            }
            let rest = &path[index + 1..];
            if let Some(target) = module.re_exports.get(segment) {
                let mut onward = self.absolute(&module_path, target)?;
                onward.extend(rest.iter().cloned());
                return self.defining_file(&onward, depth + 1).or_else(here);
            }
            for glob in &module.glob_re_exports {
                let Some(mut onward) = self.absolute(&module_path, glob) else {
                    continue;
                };
                onward.extend(path[index..].iter().cloned());
                if let Some(found) = self.defining_file(&onward, depth + 1) {
                    return Some(found);
                }
            }
            return here();
        }
        None
    }
}

fn item_attributes(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(item) => &item.attrs,
        Item::Enum(item) => &item.attrs,
        Item::ExternCrate(item) => &item.attrs,
        Item::Fn(item) => &item.attrs,
        Item::ForeignMod(item) => &item.attrs,
        Item::Impl(item) => &item.attrs,
        Item::Macro(item) => &item.attrs,
        Item::Mod(item) => &item.attrs,
        Item::Static(item) => &item.attrs,
        Item::Struct(item) => &item.attrs,
        Item::Trait(item) => &item.attrs,
        Item::TraitAlias(item) => &item.attrs,
        Item::Type(item) => &item.attrs,
        Item::Union(item) => &item.attrs,
        Item::Use(item) => &item.attrs,
        _ => &[],
    }
}

/// `#[cfg(test)]`, the tests' own code.
fn is_test_only(attributes: &[Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && attribute
                .meta
                .require_list()
                .is_ok_and(|list| list.tokens.to_string() == "test")
    })
}

fn defined_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(item) => &item.ident,
        Item::Enum(item) => &item.ident,
        Item::Fn(item) => &item.sig.ident,
        Item::Macro(item) => item.ident.as_ref()?,
        Item::Static(item) => &item.ident,
        Item::Struct(item) => &item.ident,
        Item::Trait(item) => &item.ident,
        Item::TraitAlias(item) => &item.ident,
        Item::Type(item) => &item.ident,
        Item::Union(item) => &item.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// A `use` tree's leaves: the name each brings in (`None` for a glob) and
/// the path it names.
fn use_leaves(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    leaves: &mut Vec<(Option<String>, Vec<String>)>,
) {
    match tree {
        UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            use_leaves(&path.tree, prefix, leaves);
            prefix.pop();
        }
        UseTree::Name(name) => {
            let name = name.ident.to_string();
            let mut path = prefix.clone();
            if name != "self" {
                path.push(name.clone());
            }
            let brought = if name == "self" {
                prefix.last().cloned()
            } else {
                Some(name)
            };
            leaves.push((brought, path));
        }
        UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            if rename.ident != "self" {
                path.push(rename.ident.to_string());
            }
            leaves.push((Some(rename.rename.to_string()), path));
        }
        UseTree::Glob(_) => leaves.push((None, prefix.clone())),
        UseTree::Group(group) => {
            for tree in &group.items {
                use_leaves(tree, prefix, leaves);
            }
        }
    }
}

/// Every path in some code, `a::b::c` or `a`, macros' input included. A
/// path inside a test module or a test function is left out.
fn paths_in(tokens: TokenStream, paths: &mut Vec<Vec<String>>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut index = 0;
    let mut test_only = false;
    while index < tokens.len() {
        match &tokens[index] {
            TokenTree::Group(group) => {
                let is_attribute = index > 0
                    && matches!(&tokens[index - 1], TokenTree::Punct(punct) if punct.as_char() == '#')
                    && group.delimiter() == Delimiter::Bracket;
                if is_attribute {
                    let text = group.stream().to_string();
                    test_only = text == "cfg (test)" || text == "test";
                } else if test_only && group.delimiter() == Delimiter::Brace {
                    test_only = false;
                } else {
                    paths_in(group.stream(), paths);
                }
                index += 1;
            }
            TokenTree::Ident(ident) => {
                let after_separator =
                    index >= 2 && is_path_separator(&tokens[index - 2], &tokens[index - 1]);
                let mut path = vec![ident.to_string()];
                let mut next = index + 1;
                while next + 2 < tokens.len() && is_path_separator(&tokens[next], &tokens[next + 1])
                {
                    match &tokens[next + 2] {
                        TokenTree::Ident(segment) => {
                            path.push(segment.to_string());
                            next += 3;
                        }
                        _ => break,
                    }
                }
                // `a::b::{c, d::e}`: each path in the braces, after `a::b`.
                let braces = match tokens.get(next..next + 3) {
                    Some([first, second, TokenTree::Group(group)])
                        if is_path_separator(first, second)
                            && group.delimiter() == Delimiter::Brace =>
                    {
                        next += 3;
                        let mut inner = Vec::new();
                        paths_in(group.stream(), &mut inner);
                        Some(inner)
                    }
                    _ => None,
                };
                if !after_separator && !test_only {
                    match braces {
                        Some(inner) => {
                            for tail in inner {
                                let mut whole = path.clone();
                                whole.extend(tail.into_iter().filter(|segment| segment != "self"));
                                paths.push(whole);
                            }
                        }
                        None => paths.push(path),
                    }
                }
                index = next;
            }
            TokenTree::Punct(_) | TokenTree::Literal(_) => index += 1,
        }
    }
}

fn is_path_separator(first: &TokenTree, second: &TokenTree) -> bool {
    matches!((first, second), (TokenTree::Punct(a), TokenTree::Punct(b))
        if a.as_char() == ':' && b.as_char() == ':')
}

/// A web module's static imports: the file (relative to its own folder)
/// and the names it takes.
fn js_imports(text: &str) -> Vec<(String, Vec<String>)> {
    let mut imports = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("import ") {
        let at_line_start = start == 0 || rest[..start].ends_with('\n');
        let statement = &rest[start..];
        let end = statement.find(';').unwrap_or(statement.len());
        let (statement, after) = (&statement[..end], &statement[end..]);
        rest = after;
        if !at_line_start {
            continue;
        }
        let Some((names, from)) = statement.rsplit_once(" from ") else {
            // `import "./x.js"`, for its effects alone.
            if let Some(target) = quoted(statement).filter(|target| target.starts_with("./")) {
                imports.push((target.trim_start_matches("./").to_string(), Vec::new()));
            }
            continue;
        };
        let Some(target) = quoted(from) else {
            continue;
        };
        if !target.starts_with("./") {
            continue;
        }
        let names = names
            .trim_start_matches("import")
            .split(|c: char| "{},".contains(c))
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(String::from)
            .collect();
        imports.push((target.trim_start_matches("./").to_string(), names));
    }
    imports
}

fn quoted(text: &str) -> Option<String> {
    let start = text.find(['"', '\''])?;
    let quote = text[start..].chars().next()?;
    let end = text[start + 1..].find(quote)?;
    Some(text[start + 1..start + 1 + end].to_string())
}

/// The import circles: each strongly connected set of two files or more,
/// with every import between its files and the names each takes.
fn circles(edges: &Edges) -> Vec<Edges> {
    let nodes: BTreeSet<&PathBuf> = edges
        .iter()
        .flat_map(|(from, targets)| std::iter::once(from).chain(targets.keys()))
        .collect();
    let reaches = |from: &PathBuf| -> BTreeSet<PathBuf> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        nodes.iter().map(|node| (*node, reaches(node))).collect();
    let mut placed = BTreeSet::new();
    let mut found = Vec::new();
    for node in &nodes {
        if placed.contains(*node) || !reach[node].contains(*node) {
            continue;
        }
        let set: BTreeSet<&PathBuf> = nodes
            .iter()
            .copied()
            .filter(|other| reach[node].contains(*other) && reach[other].contains(*node))
            .collect();
        placed.extend(set.iter().map(|node| (*node).clone()));
        let within: Edges = set
            .iter()
            .map(|from| {
                let targets = edges[*from]
                    .iter()
                    .filter(|(to, _)| set.contains(to))
                    .map(|(to, names)| (to.clone(), names.clone()))
                    .collect();
                ((*from).clone(), targets)
            })
            .collect();
        found.push(within);
    }
    found
}

fn describe(report: &mut String, base: &Path, circle: &Edges) {
    let _ = writeln!(report, "a circle of {} files:", circle.len());
    for (from, targets) in circle {
        for (to, imports) in targets {
            let _ = writeln!(
                report,
                "  {} -> {}, by",
                relative(base, from),
                relative(base, to)
            );
            for import in imports {
                let _ = writeln!(report, "      {import}");
            }
        }
    }
}

fn relative(base: &Path, file: &Path) -> String {
    let base = base.canonicalize().unwrap_or_else(|_| base.to_path_buf());
    let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    file.strip_prefix(&base)
        .unwrap_or(&file)
        .to_string_lossy()
        .into_owned()
}
