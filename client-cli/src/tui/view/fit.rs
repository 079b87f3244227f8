//! Lines that fit a width: parts dropped by priority, words cut short.

use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// The parts that fit in `width`, in their order, dropping the highest
/// ranks first.
pub(super) fn fitted(mut parts: Vec<(u8, Span<'static>)>, width: u16) -> Line<'static> {
    let total = |parts: &[(u8, Span<'static>)]| -> usize {
        parts.iter().map(|(_, span)| span.content.width()).sum()
    };
    while total(&parts) > usize::from(width) {
        let Some(rank) = parts
            .iter()
            .map(|(rank, _)| *rank)
            .max()
            .filter(|rank| *rank > 0)
        else {
            break;
        };
        if let Some(drop) = parts.iter().rposition(|(r, _)| *r == rank) {
            parts.remove(drop);
        }
    }
    Line::from(parts.into_iter().map(|(_, span)| span).collect::<Vec<_>>())
}

/// `text` fitted to `width` columns between words, with `…` where words
/// were left out: a word is never cut.
pub(super) fn fit_words(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_owned();
    }
    let mut kept = String::new();
    for word in text.split(' ') {
        let next = if kept.is_empty() {
            word.width()
        } else {
            kept.width() + 1 + word.width()
        };
        if next + 1 > width {
            break;
        }
        if !kept.is_empty() {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    kept.push('…');
    kept
}
