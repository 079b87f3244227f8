//! The catalogues kept whole: each readable, each language with exactly
//! English's messages (a missing key fails here), each translation using
//! only the arguments its English has.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

/// A message's id (with `.attribute` for an attribute) and the variables
/// its text uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

fn messages_of(language: &str, part: &str) -> Messages {
    let mut messages = Messages::new();
    for file in files()
        .iter()
        .filter(|file| file.language == language && file.part == part)
    {
        let resource = fluent_syntax::parser::parse(file.text).unwrap_or_else(|(_, errors)| {
            panic!("{language}/{part}/{} cannot be read: {errors:?}", file.name)
        });
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                ast::Entry::Message(message) => {
                    (message.id.name, message.value, message.attributes)
                }
                ast::Entry::Term(term) => (
                    format!("-{}", term.id.name).leak() as &str,
                    Some(term.value),
                    term.attributes,
                ),
                ast::Entry::Junk { content } => {
                    panic!("{language}/{part}/{}: unreadable: {content}", file.name)
                }
                _ => continue,
            };
            if let Some(value) = value {
                let fresh = messages.insert(id.to_owned(), variables(&value)).is_none();
                assert!(fresh, "{language}/{part}: {id} is defined twice");
            }
            for attribute in attributes {
                messages.insert(
                    format!("{id}.{}", attribute.id.name),
                    variables(&attribute.value),
                );
            }
        }
    }
    messages
}

fn variables(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    pattern_variables(pattern, &mut found);
    found
}

fn pattern_variables(pattern: &ast::Pattern<&str>, found: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, found);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                pattern_variables(&variant.value, found);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, found),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for argument in &arguments.positional {
                inline_variables(argument, found);
            }
            for named in &arguments.named {
                inline_variables(&named.value, found);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, found);
        }
        _ => {}
    }
}

const PARTS: [&str; 3] = ["common", "web", "terminal"];

#[test]
fn every_language_has_exactly_english_s_messages_and_no_other_arguments() {
    for part in PARTS {
        let english = messages_of("en", part);
        for language in LANGUAGES.into_iter().skip(1) {
            let translated = messages_of(language, part);
            let missing: Vec<_> = english
                .keys()
                .filter(|id| !translated.contains_key(*id))
                .collect();
            assert!(missing.is_empty(), "{language}/{part} lacks {missing:?}");
            let extra: Vec<_> = translated
                .keys()
                .filter(|id| !english.contains_key(*id))
                .collect();
            assert!(
                extra.is_empty(),
                "{language}/{part} has {extra:?}, which English has not"
            );
            for (id, used) in &translated {
                let known = &english[id];
                let unknown: Vec<_> = used.difference(known).collect();
                assert!(
                    unknown.is_empty(),
                    "{language}/{part} {id} uses {unknown:?}, which its English is not given"
                );
            }
        }
    }
}

#[test]
fn a_message_is_defined_once_across_a_client_s_files() {
    for language in LANGUAGES {
        let common = messages_of(language, "common");
        for part in ["web", "terminal"] {
            let own = messages_of(language, part);
            let both: Vec<_> = own.keys().filter(|id| common.contains_key(*id)).collect();
            assert!(
                both.is_empty(),
                "{language}: {both:?} in both common and {part}"
            );
        }
    }
}

#[test]
fn every_catalogue_loads_for_both_clients() {
    for language in LANGUAGES {
        for part in [Part::Web, Part::Terminal] {
            let words = Words::new(language, part).unwrap();
            assert_eq!(words.language(), language);
            assert!(!catalogue(language, part).unwrap().is_empty());
        }
    }
    assert!(matches!(
        Words::new("de", Part::Web),
        Err(WordsError::UnknownLanguage(_))
    ));
}

#[test]
fn a_missing_message_shows_its_id() {
    let words = Words::new("en", Part::Terminal).unwrap();
    assert_eq!(words.format("no-such-message", None), "{no-such-message}");
}

#[test]
fn languages_are_negotiated_from_tags_locales_and_headers() {
    assert_eq!(negotiate(["fr-CA"]), Some("fr"));
    assert_eq!(negotiate(["de-DE", "es-MX"]), Some("es"));
    assert_eq!(negotiate(["fr_FR.UTF-8"]), Some("fr"));
    assert_eq!(negotiate(["es_ES@euro"]), Some("es"));
    assert_eq!(negotiate(["C", "POSIX", "de"]), None);
    assert_eq!(negotiate(["EN"]), Some("en"));
    assert_eq!(
        accept_language("de-DE,de;q=0.9,fr;q=0.8,*;q=0.5"),
        ["de-DE", "de", "fr"]
    );
    assert_eq!(accept_language("es;q=0.2, fr"), ["fr", "es"]);
    assert_eq!(accept_language("fr;q=0, en"), ["en"]);
    assert_eq!(accept_language("fr;q=nonsense"), Vec::<&str>::new());
    assert_eq!(negotiate(accept_language("de, es;q=0.5")), Some("es"));
}

/// The text of each message line of a file (comments and blank lines left
/// out), with its line number.
fn text_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| (index + 1, line))
}

#[test]
fn french_is_written_with_french_typography() {
    // A narrow no-break space (U+202F) or a no-break space (U+00A0) before
    // : ; ! ? and inside « », never a space a line may break at; the
    // typographic apostrophe.
    let mut faults = Vec::new();
    for file in files().iter().filter(|file| file.language == "fr") {
        for (number, line) in text_lines(file.text) {
            // What follows the id's `=`, or a variant's `]`: the words.
            let words = line
                .split_once(" = ")
                .map(|(_, words)| words)
                .or_else(|| line.split_once("] ").map(|(_, words)| words))
                .unwrap_or(line);
            for mark in [" :", " ;", " !", " ?", "« ", " »"] {
                if words.contains(mark) {
                    faults.push(format!(
                        "{}/{}:{number}: {mark:?} in {words}",
                        file.part, file.name
                    ));
                }
            }
            if words.contains('\'') {
                faults.push(format!(
                    "{}/{}:{number}: ' in {words}",
                    file.part, file.name
                ));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "French typography:\n{}",
        faults.join("\n")
    );
}
