//! Every word a Mice Cake player reads, in each language: the catalogues
//! (Project Fluent, `locales/<language>/<part>/*.ftl`), which language to
//! speak, and the messages formatted.
//!
//! # Layout
//!
//! * `locales/<language>/common/`: what both clients say (the server's
//!   refusals by their code, the game's terms);
//! * `locales/<language>/web/`: the browser's words (served to it as one
//!   file, `Part::Web`);
//! * `locales/<language>/terminal/`: the terminal client's.
//!
//! English is the reference: every other language has exactly its messages
//! (checked by this crate's tests). Fluent was chosen because one format
//! serves both clients (`@fluent/bundle` in the browser, `fluent-bundle`
//! here), plurals and numbers follow each language's rules (CLDR), and a
//! translator can reorder a sentence or select on a number without a line of
//! code changing.

use std::borrow::Cow;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::{FluentArgs as Args, FluentValue as Value};

/// One catalogue file, embedded.
#[derive(Clone, Copy, Debug)]
pub struct CatalogueFile {
    /// `en`, `fr`, …
    pub language: &'static str,
    /// `common`, `web` or `terminal`.
    pub part: &'static str,
    /// The file's name, like `lobby.ftl`.
    pub name: &'static str,
    /// Its text.
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// The languages with a catalogue: English first (the reference, and the
/// language when no other is asked for).
pub const LANGUAGES: [&str; 3] = ["en", "fr", "es"];

/// The language when none asked for is known.
pub const DEFAULT_LANGUAGE: &str = "en";

/// Whose words: each client has its own, beside the common ones.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The web client's.
    Web,
    /// The terminal client's.
    Terminal,
}

impl Part {
    fn directory(self) -> &'static str {
        match self {
            Part::Web => "web",
            Part::Terminal => "terminal",
        }
    }
}

/// Why a catalogue could not be used.
#[derive(Debug, thiserror::Error)]
pub enum WordsError {
    /// No catalogue for that language.
    #[error("no catalogue for the language {0:?} (there are: en, fr, es)")]
    UnknownLanguage(String),
    /// A catalogue file that Fluent cannot read (a test catches it first).
    #[error("the catalogue {language}/{file} cannot be read: {cause}")]
    Unreadable {
        /// Its language.
        language: &'static str,
        /// Its file.
        file: String,
        /// What Fluent said.
        cause: String,
    },
}

/// Every catalogue file, in order: by language, part and name.
pub fn files() -> &'static [CatalogueFile] {
    FILES
}

/// The catalogue of `language` for `part`: its common files, then its
/// part's, one after another (how the browser is served it).
pub fn catalogue(language: &str, part: Part) -> Result<String, WordsError> {
    let language = known(language)?;
    Ok(FILES
        .iter()
        .filter(|file| {
            file.language == language && (file.part == "common" || file.part == part.directory())
        })
        .map(|file| file.text)
        .collect::<Vec<_>>()
        .join("\n"))
}

fn known(language: &str) -> Result<&'static str, WordsError> {
    LANGUAGES
        .into_iter()
        .find(|known| *known == language)
        .ok_or_else(|| WordsError::UnknownLanguage(language.to_owned()))
}

/// The first of `tags` (`fr-CA`, `es`, `en_GB.UTF-8`, in order of
/// preference) with a catalogue, by its language; `None` when none has.
pub fn negotiate<'a>(tags: impl IntoIterator<Item = &'a str>) -> Option<&'static str> {
    tags.into_iter().find_map(|tag| {
        let base = tag
            .trim()
            .split(['-', '_', '.', '@', ';'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        LANGUAGES.into_iter().find(|known| *known == base)
    })
}

/// The languages an HTTP `Accept-Language` header asks for, best first (by
/// their `q`, then in the header's order; `*` and refused ones, `q=0`, left
/// out).
pub fn accept_language(header: &str) -> Vec<&str> {
    let mut weighted: Vec<(f32, &str)> = Vec::new();
    for item in header.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|part| part.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok());
        if let Some(weight) = weight
            && weight > 0.0
            && !tag.is_empty()
            && tag != "*"
        {
            // In place by weight, after those of the same (a header names
            // a handful: no sort needed, nor its code in the server).
            let at = weighted
                .iter()
                .position(|(other, _)| *other < weight)
                .unwrap_or(weighted.len());
            weighted.insert(at, (weight, tag));
        }
    }
    weighted.into_iter().map(|(_, tag)| tag).collect()
}

/// A language's messages for one client, ready to format.
pub struct Words {
    language: &'static str,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Words {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Words")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

impl Words {
    /// The messages of `language` for `part`. Placeables get no bidi
    /// isolation marks: a terminal would show them as characters.
    pub fn new(language: &str, part: Part) -> Result<Self, WordsError> {
        let language = known(language)?;
        let identifier: LanguageIdentifier =
            language
                .parse()
                .map_err(|cause: unic_langid::LanguageIdentifierError| {
                    WordsError::UnknownLanguage(format!("{language}: {cause}"))
                })?;
        let mut bundle = FluentBundle::new_concurrent(vec![identifier]);
        bundle.set_use_isolating(false);
        for file in FILES.iter().filter(|file| {
            file.language == language && (file.part == "common" || file.part == part.directory())
        }) {
            let resource =
                FluentResource::try_new(file.text.to_owned()).map_err(|(_, errors)| {
                    WordsError::Unreadable {
                        language,
                        file: format!("{}/{}", file.part, file.name),
                        cause: format!("{errors:?}"),
                    }
                })?;
            bundle
                .add_resource(resource)
                .map_err(|errors| WordsError::Unreadable {
                    language,
                    file: format!("{}/{}", file.part, file.name),
                    cause: format!("{errors:?}"),
                })?;
        }
        Ok(Words { language, bundle })
    }

    /// English's messages for `part`, whatever happens: a file Fluent
    /// cannot read in full gives the messages it could (the catalogues'
    /// tests see that none is unreadable). For a client that must show
    /// something before, or without, a chosen language.
    pub fn english(part: Part) -> Self {
        let identifier: LanguageIdentifier = DEFAULT_LANGUAGE.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![identifier]);
        bundle.set_use_isolating(false);
        for file in FILES.iter().filter(|file| {
            file.language == DEFAULT_LANGUAGE
                && (file.part == "common" || file.part == part.directory())
        }) {
            let resource = FluentResource::try_new(file.text.to_owned())
                .unwrap_or_else(|(partial, _)| partial);
            bundle.add_resource_overriding(resource);
        }
        Words {
            language: DEFAULT_LANGUAGE,
            bundle,
        }
    }

    /// Which language these are.
    pub fn language(&self) -> &'static str {
        self.language
    }

    /// Whether there is a message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with `args` put in. A message that is missing, or
    /// an argument it lacks, shows its id in braces (the catalogues' tests
    /// see that none is missing).
    pub fn format(&self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        self.pattern(id, None, args)
    }

    /// The attribute `.attribute` of message `id`.
    pub fn attribute(&self, id: &str, attribute: &str, args: Option<&FluentArgs<'_>>) -> String {
        self.pattern(id, Some(attribute), args)
    }

    fn pattern(&self, id: &str, attribute: Option<&str>, args: Option<&FluentArgs<'_>>) -> String {
        let Some(message) = self.bundle.get_message(id) else {
            return format!("{{{id}}}");
        };
        let pattern = match attribute {
            None => message.value(),
            Some(name) => message
                .get_attribute(name)
                .map(|attribute| attribute.value()),
        };
        let Some(pattern) = pattern else {
            return format!("{{{id}.{}}}", attribute.unwrap_or_default());
        };
        let mut errors = Vec::new();
        let text: Cow<'_, str> = self.bundle.format_pattern(pattern, args, &mut errors);
        text.into_owned()
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod refusal_tests;
