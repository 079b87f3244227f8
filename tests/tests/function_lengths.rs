//! Functions stay short: none over 80 lines outside tests, but for the
//! few named in `tests/long-functions.txt`, at most 20 in all (Rust and the
//! web client's, which `web/tools/long-functions.mjs` checks).
//!
//! A function's length runs from its `fn` to its closing brace, comments
//! and blank lines included. Test code (`#[cfg(test)]`, `#[test]`) is left
//! out, as are the crates' `tests/` and `benches/` folders. A listed
//! function that is no longer long fails the check too, so the list only
//! shrinks.

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Attribute, Block, ImplItemFn, Item, ItemFn, ItemImpl, ItemMod, Signature, TraitItemFn};

/// The longest a function may be without being named in the list.
const MOST_LINES: usize = 80;
/// The most functions the list may name, Rust's and the web client's.
const MOST_LISTED: usize = 20;
/// The crates whose `src/` is read.
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
fn no_function_outside_tests_is_over_80_lines_but_the_few_listed() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let listed = listed(&workspace);
    assert!(
        listed.len() <= MOST_LISTED,
        "tests/long-functions.txt names {} functions, more than {MOST_LISTED}: shorten some",
        listed.len()
    );
    let mut long = BTreeSet::new();
    let mut functions = 0;
    for name in CRATES {
        for root in ["lib.rs", "main.rs"] {
            let root = workspace.join(name).join("src").join(root);
            if root.exists() {
                let path = format!("{name}/src/{}", root.file_name().unwrap().to_string_lossy());
                read_module(&root, &path, &mut long, &mut functions);
            }
        }
    }
    assert!(
        functions > 1_000,
        "only {functions} functions read: is the workspace where it was?"
    );
    let rust_listed: BTreeSet<(String, String)> = listed
        .iter()
        .filter(|(path, _)| !path.starts_with("web/"))
        .cloned()
        .collect();
    let mut report = String::new();
    for (path, name, lines, line) in &long {
        if !rust_listed.contains(&(path.clone(), name.clone())) {
            report.push_str(&format!("{path}:{line} {name}: {lines} lines\n"));
        }
    }
    let long_names: BTreeSet<(String, String)> = long
        .iter()
        .map(|(path, name, ..)| (path.clone(), name.clone()))
        .collect();
    for (path, name) in rust_listed.difference(&long_names) {
        report.push_str(&format!(
            "{path} {name} is listed but is not over {MOST_LINES} lines (or is gone): take it off the list\n"
        ));
    }
    assert!(
        report.is_empty(),
        "functions over {MOST_LINES} lines not in tests/long-functions.txt:\n{report}"
    );
}

#[test]
fn the_check_measures_a_method_and_leaves_tests_out() {
    let body = "    let x = 1;\n".repeat(MOST_LINES);
    let text = format!(
        "struct Room;\nimpl Room {{\n    fn handle(&self) {{\n{body}    }}\n    fn short(&self) {{}}\n}}\n\
         #[cfg(test)]\nmod tests {{\n    fn long_test() {{\n{body}    }}\n}}\n\
         #[test]\nfn a_test() {{\n{body}}}\n"
    );
    let file = syn::parse_file(&text).unwrap();
    let mut finder = Lengths::new("x.rs");
    finder.visit_file(&file);
    let names: Vec<_> = finder
        .long
        .iter()
        .map(|(_, name, lines, _)| (name.as_str(), *lines))
        .collect();
    assert_eq!(names, [("Room::handle", MOST_LINES + 2)]);
    assert_eq!(finder.functions, 2);
}

/// `(path, name)` of each function the list names.
fn listed(workspace: &Path) -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(workspace.join("tests/long-functions.txt"))
        .expect("tests/long-functions.txt is read");
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (path, name) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("`{line}` is not `PATH NAME`"));
            (path.to_owned(), name.trim().to_owned())
        })
        .collect()
}

/// A long function: its file, its name, its length and first line.
type Long = (String, String, usize, usize);

/// Reads one module's file and, through its `mod x;`, the files below it.
fn read_module(file: &Path, path: &str, long: &mut BTreeSet<Long>, functions: &mut usize) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|err| panic!("{file:?}: {err}"));
    let parsed = syn::parse_file(&text).unwrap_or_else(|err| panic!("{file:?}: {err}"));
    let mut lengths = Lengths::new(path);
    lengths.visit_file(&parsed);
    long.extend(lengths.long);
    *functions += lengths.functions;
    // A module's children sit beside it (`lib.rs`, `main.rs`, `mod.rs`) or
    // in the folder named after it.
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let folder = if ["lib", "main", "mod"].contains(&stem.as_str()) {
        file.parent().unwrap().to_path_buf()
    } else {
        file.parent().unwrap().join(&stem)
    };
    let folder_path = match path.rsplit_once('/') {
        Some((parent, _)) if ["lib", "main", "mod"].contains(&stem.as_str()) => parent.to_owned(),
        Some((parent, _)) => format!("{parent}/{stem}"),
        None => stem.clone(),
    };
    for child in lengths.children {
        let (file, path): (PathBuf, String) = if folder.join(format!("{child}.rs")).exists() {
            (
                folder.join(format!("{child}.rs")),
                format!("{folder_path}/{child}.rs"),
            )
        } else {
            (
                folder.join(&child).join("mod.rs"),
                format!("{folder_path}/{child}/mod.rs"),
            )
        };
        read_module(&file, &path, long, functions);
    }
}

/// Measures a file's functions, test code left out.
struct Lengths {
    path: String,
    /// The type of the `impl` being read, naming its methods `Type::name`.
    within: Option<String>,
    long: BTreeSet<Long>,
    functions: usize,
    /// The modules this file declares in files of their own.
    children: Vec<String>,
}

impl Lengths {
    fn new(path: &str) -> Lengths {
        Lengths {
            path: path.to_owned(),
            within: None,
            long: BTreeSet::new(),
            functions: 0,
            children: Vec::new(),
        }
    }

    fn measure(&mut self, signature: &Signature, block: &Block) {
        self.functions += 1;
        let first = signature.fn_token.span().start().line;
        let last = block.span().end().line;
        let lines = last + 1 - first;
        if lines > MOST_LINES {
            let name = match &self.within {
                Some(within) => format!("{within}::{}", signature.ident),
                None => signature.ident.to_string(),
            };
            self.long.insert((self.path.clone(), name, lines, first));
        }
    }
}

/// `#[cfg(test)]` or `#[test]` (tokio's and others' `…::test` too).
fn is_test(attributes: &[Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        let path = attribute.path();
        if path.is_ident("cfg") {
            let tokens = attribute
                .meta
                .require_list()
                .map(|list| list.tokens.to_string());
            return tokens.is_ok_and(|tokens| tokens.trim() == "test");
        }
        path.segments
            .last()
            .is_some_and(|last| last.ident == "test")
    })
}

impl<'ast> Visit<'ast> for Lengths {
    fn visit_item(&mut self, item: &'ast Item) {
        let attributes: &[Attribute] = match item {
            Item::Fn(item) => &item.attrs,
            Item::Mod(item) => &item.attrs,
            Item::Impl(item) => &item.attrs,
            Item::Trait(item) => &item.attrs,
            _ => &[],
        };
        if !is_test(attributes) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, module: &'ast ItemMod) {
        match &module.content {
            Some(_) => syn::visit::visit_item_mod(self, module),
            None => self.children.push(module.ident.to_string()),
        }
    }

    fn visit_item_fn(&mut self, function: &'ast ItemFn) {
        self.measure(&function.sig, &function.block);
        syn::visit::visit_item_fn(self, function);
    }

    fn visit_item_impl(&mut self, implementation: &'ast ItemImpl) {
        let outer = self.within.take();
        let self_type = &implementation.self_ty;
        self.within = Some(quote::quote!(#self_type).to_string().replace(' ', ""));
        syn::visit::visit_item_impl(self, implementation);
        self.within = outer;
    }

    fn visit_impl_item_fn(&mut self, function: &'ast ImplItemFn) {
        if !is_test(&function.attrs) {
            self.measure(&function.sig, &function.block);
            syn::visit::visit_impl_item_fn(self, function);
        }
    }

    fn visit_trait_item_fn(&mut self, function: &'ast TraitItemFn) {
        if let Some(block) = &function.default {
            self.measure(&function.sig, block);
        }
        syn::visit::visit_trait_item_fn(self, function);
    }
}
