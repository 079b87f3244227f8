//! No sentence in the terminal client's code: every word a player reads
//! comes from the catalogue (`locales/<language>/common` and `terminal/`,
//! through `tr!`). Fails
//!
//! - on a string literal in `client-cli/src` that reads as words (two words
//!   of two letters or more with a space between, a capitalized word, or a
//!   sentence's punctuation after a word), outside the places a player never
//!   reads: test code (`#[cfg(test)]` items and modules, `#[test]`
//!   functions), attributes (doc comments, clap's `#[arg]` and
//!   `#[command]`), the messages and fields of tracing's macros, `panic!`,
//!   `unreachable!`, `assert!` and `.expect(…)`, `concat!` and
//!   `include_str!`. A literal that reads as words but is never shown (a
//!   header, a command line) is marked on its line, or the line above, with
//!   `// words-check: <why>`;
//! - on a message the code asks for (`tr!("id", …)`, `.format("id", …)`)
//!   that English lacks.
//!
//! Each is listed as `file:line` with the literal. That the other languages
//! have every English message is the catalogues' own test
//! (`words/src/tests.rs`); the browser's code has its own check
//! (`web/tools/words-check.mjs`).

// In tests a panic is the failure report; helpers outside `#[test]` fns need this too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;
use syn::{Attribute, Expr, ExprMethodCall, Item, ItemFn, Lit, LitStr, Macro};

/// Macros whose text no player reads: logs, a program's own failures,
/// compile-time text.
const SILENT_MACROS: &[&str] = &[
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "event",
    "span",
    "trace_span",
    "debug_span",
    "info_span",
    "warn_span",
    "error_span",
    "panic",
    "unreachable",
    "todo",
    "unimplemented",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "concat",
    "include_str",
    "include_bytes",
    "env",
    "option_env",
    "stringify",
    "cfg",
    "compile_error",
];

/// Methods whose text no player reads.
const SILENT_METHODS: &[&str] = &["expect", "expect_err"];

/// Macros and methods that take a message's id first.
const MESSAGE_MACROS: &[&str] = &["tr"];
const MESSAGE_METHODS: &[&str] = &["format", "attribute", "has"];

/// The marker that says a literal reading as words is never shown.
const MARKER: &str = "// words-check:";

#[test]
fn no_sentence_is_left_in_the_terminal_clients_code() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let source = workspace.join("client-cli/src");
    let mut files = Vec::new();
    for root in ["lib.rs", "main.rs"] {
        module_files(&source.join(root), true, &mut files);
    }
    assert!(
        files.len() > 40,
        "only {} files read: is the client where it was?",
        files.len()
    );
    let english = english_messages(&workspace);
    assert!(
        english.len() > 100,
        "only {} English messages read: are the catalogues where they were?",
        english.len()
    );
    let mut sentences = Vec::new();
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let parsed = syn::parse_file(&text).unwrap_or_else(|error| {
            panic!("{} does not parse: {error}", file.display());
        });
        let mut finder = Finder::default();
        finder.visit_file(&parsed);
        let shown = file.strip_prefix(&workspace).unwrap_or(file).display();
        for (line, literal) in finder.literals {
            if reads_as_words(&literal) && !marked(&lines, line) {
                sentences.push(format!("{shown}:{line}: {literal:?}"));
            }
        }
        for (line, id) in finder.ids {
            if !english.contains(&id) {
                missing.push(format!("{shown}:{line}: {id}"));
            }
        }
    }
    assert!(
        sentences.is_empty() && missing.is_empty(),
        "sentences left in the code (put them in locales/<language>/terminal/*.ftl and \
         say them with tr!, or mark a line never shown with `{MARKER} <why>`):\n{}\n\n\
         messages asked for that English lacks:\n{}",
        sentences.join("\n"),
        missing.join("\n")
    );
}

#[test]
fn words_are_told_from_other_text() {
    for words in [
        "no room has the code",
        "Leave the game?",
        "Yellow",
        "the cake is gone:",
        "took it, ",
        "cannot read {}: {}",
        "{seat} missed the deadline",
    ] {
        assert!(reads_as_words(words), "{words:?} reads as words");
    }
    for other in [
        "",
        "K7QMX",
        "{}  {}  {:>5}",
        "text-attempt-rolled",
        "application/json",
        " [BOT]",
        "—",
        "<1%",
        "mouse",
        "/api/games/{id}",
        "A2 C2",
        "      A    B    C    D",
    ] {
        assert!(!reads_as_words(other), "{other:?} does not read as words");
    }
}

/// The files of the module at `file` (when not test code), and of every
/// module it declares in a file of its own, as the compiler finds them.
fn module_files(file: &Path, is_root: bool, files: &mut Vec<PathBuf>) {
    let text =
        std::fs::read_to_string(file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
    let parsed = syn::parse_file(&text).unwrap();
    files.push(file.to_owned());
    let directory = if is_root || file.file_name().is_some_and(|name| name == "mod.rs") {
        file.parent().unwrap().to_owned()
    } else {
        file.with_extension("")
    };
    declared_modules(&parsed.items, &directory, files);
}

fn declared_modules(items: &[Item], directory: &Path, files: &mut Vec<PathBuf>) {
    for item in items {
        let Item::Mod(module) = item else { continue };
        if is_test_code(&module.attrs) {
            continue;
        }
        let name = module.ident.to_string();
        match &module.content {
            // An inline module: its own modules are in its directory.
            Some((_, items)) => declared_modules(items, &directory.join(&name), files),
            None => {
                let own = directory.join(format!("{name}.rs"));
                if own.exists() {
                    module_files(&own, false, files);
                } else {
                    module_files(&directory.join(&name).join("mod.rs"), false, files);
                }
            }
        }
    }
}

/// Whether attributes make an item test code: `#[cfg(test)]`, `#[test]`.
fn is_test_code(attributes: &[Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        let path = attribute.path();
        path.is_ident("test")
            || path
                .segments
                .last()
                .is_some_and(|last| last.ident == "test")
            || (path.is_ident("cfg")
                && attribute
                    .meta
                    .require_list()
                    .is_ok_and(|list| list.tokens.to_string() == "test"))
    })
}

/// The message ids English has (`locales/en/common` and `terminal`).
fn english_messages(workspace: &Path) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for part in ["common", "terminal"] {
        let directory = workspace.join("locales/en").join(part);
        for entry in std::fs::read_dir(&directory).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|extension| extension != "ftl") {
                continue;
            }
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let Some((id, _)) = line.split_once('=') else {
                    continue;
                };
                let id = id.trim_end();
                let starts = id.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
                if starts
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                {
                    ids.insert(id.to_owned());
                }
            }
        }
    }
    ids
}

/// Whether the literal on `line` (1-based) is marked as never shown, on
/// its line or the line above.
fn marked(lines: &[&str], line: usize) -> bool {
    let at = |number: usize| {
        number
            .checked_sub(1)
            .and_then(|index| lines.get(index))
            .is_some_and(|text| text.contains(MARKER))
    };
    at(line) || at(line.saturating_sub(1))
}

/// Whether `text` reads as words a player would read: two words of two
/// letters or more with a space between, a capitalized word, or a word
/// followed by a sentence's punctuation. What a format string puts in
/// (`{name}`, `{:>4}`) is not text.
fn reads_as_words(text: &str) -> bool {
    let text = without_placeholders(text);
    let chars: Vec<char> = text.chars().collect();
    let letter = |index: usize| chars.get(index).is_some_and(char::is_ascii_alphabetic);
    let lower = |index: usize| chars.get(index).is_some_and(char::is_ascii_lowercase);
    let space = |index: usize| {
        chars
            .get(index)
            .is_some_and(|c| *c == ' ' || *c == '\u{a0}')
    };
    if !(0..chars.len()).any(|index| letter(index) && letter(index + 1)) {
        return false;
    }
    for start in 0..chars.len() {
        // Two words with a space between.
        let mut end = start;
        while letter(end) {
            end += 1;
        }
        let word_before = end - start >= 2 && (start == 0 || !letter(start - 1));
        if word_before && space(end) {
            let mut next = end;
            while space(next) {
                next += 1;
            }
            if letter(next) && letter(next + 1) {
                return true;
            }
        }
        // A capitalized word.
        let boundary = start == 0
            || chars[start - 1].is_whitespace()
            || matches!(chars[start - 1], '(' | '“' | '"');
        if boundary && chars[start].is_ascii_uppercase() && lower(start + 1) && lower(start + 2) {
            return true;
        }
        // A word, then a sentence's punctuation.
        if lower(start) && lower(start + 1) {
            let mut end = start;
            while lower(end) {
                end += 1;
            }
            let punctuated = chars
                .get(end)
                .is_some_and(|c| matches!(c, '.' | '!' | '?' | '…' | ':' | ';' | ','));
            let after = chars.get(end + 1).is_none_or(|c| c.is_whitespace());
            if punctuated && after {
                return true;
            }
        }
    }
    false
}

/// `text` with a format string's placeholders (`{}`, `{name}`, `{:>4}`)
/// made spaces, and its escaped braces (`{{`, `}}`) kept as braces.
fn without_placeholders(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                for inner in chars.by_ref() {
                    if inner == '}' {
                        break;
                    }
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    out
}

/// The string literals of a file's code that a player may read, and the
/// message ids it asks for, each with its line.
#[derive(Default)]
struct Finder {
    literals: Vec<(usize, String)>,
    ids: Vec<(usize, String)>,
}

impl Finder {
    fn literal(&mut self, literal: &LitStr) {
        self.literals
            .push((literal.span().start().line, literal.value()));
    }

    /// A macro's input: its literals, or nothing for a silent macro; a
    /// message's id for `tr!`.
    fn macro_input(&mut self, name: &str, tokens: TokenStream) {
        if SILENT_MACROS.contains(&name) {
            return;
        }
        if MESSAGE_MACROS.contains(&name)
            && let Some(TokenTree::Literal(first)) = tokens.clone().into_iter().next()
            && let Lit::Str(id) = Lit::new(first)
        {
            self.ids.push((id.span().start().line, id.value()));
            let rest: TokenStream = tokens.into_iter().skip(1).collect();
            return self.tokens(rest);
        }
        self.tokens(tokens);
    }

    /// The literals among tokens, nested macros (`name!(…)`) read by their
    /// own rules.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut index = 0;
        while index < trees.len() {
            match &trees[index] {
                TokenTree::Ident(name)
                    if matches!(trees.get(index + 1), Some(TokenTree::Punct(bang)) if bang.as_char() == '!')
                        && matches!(trees.get(index + 2), Some(TokenTree::Group(_))) =>
                {
                    if let Some(TokenTree::Group(group)) = trees.get(index + 2) {
                        self.macro_input(&name.to_string(), group.stream());
                    }
                    index += 3;
                    continue;
                }
                TokenTree::Group(group) => self.tokens(group.stream()),
                TokenTree::Literal(literal) => {
                    if let Lit::Str(text) = Lit::new(literal.clone()) {
                        self.literal(&text);
                    }
                }
                TokenTree::Ident(_) | TokenTree::Punct(_) => {}
            }
            index += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_attribute(&mut self, _: &'ast Attribute) {
        // Doc comments, clap's help, derive arguments: never a runtime word.
    }

    fn visit_item(&mut self, item: &'ast Item) {
        let attributes: &[Attribute] = match item {
            Item::Const(item) => &item.attrs,
            Item::Enum(item) => &item.attrs,
            Item::Fn(item) => &item.attrs,
            Item::Impl(item) => &item.attrs,
            Item::Macro(item) => &item.attrs,
            Item::Mod(item) => &item.attrs,
            Item::Static(item) => &item.attrs,
            Item::Struct(item) => &item.attrs,
            Item::Trait(item) => &item.attrs,
            Item::Use(item) => &item.attrs,
            _ => &[],
        };
        if !is_test_code(attributes) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_fn(&mut self, function: &'ast ItemFn) {
        if !is_test_code(&function.attrs) {
            syn::visit::visit_item_fn(self, function);
        }
    }

    fn visit_impl_item_fn(&mut self, function: &'ast syn::ImplItemFn) {
        if !is_test_code(&function.attrs) {
            syn::visit::visit_impl_item_fn(self, function);
        }
    }

    fn visit_lit_str(&mut self, literal: &'ast LitStr) {
        self.literal(literal);
    }

    fn visit_macro(&mut self, mac: &'ast Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|segment| segment.ident.to_string())
            .unwrap_or_default();
        self.macro_input(&name, mac.tokens.clone());
    }

    fn visit_expr_method_call(&mut self, call: &'ast ExprMethodCall) {
        let method = call.method.to_string();
        if SILENT_METHODS.contains(&method.as_str()) {
            return self.visit_expr(&call.receiver);
        }
        if MESSAGE_METHODS.contains(&method.as_str())
            && let Some(Expr::Lit(first)) = call.args.first()
            && let Lit::Str(id) = &first.lit
            && id.value().contains('-')
            && !id.value().contains(' ')
        {
            self.ids.push((id.span().start().line, id.value()));
            self.visit_expr(&call.receiver);
            for argument in call.args.iter().skip(1) {
                self.visit_expr(argument);
            }
            return;
        }
        syn::visit::visit_expr_method_call(self, call);
    }
}
