//! The examples of `docs/protocol.md`.

pub(crate) const PROTOCOL_MD: &str = include_str!("../../../docs/protocol.md");

/// A fenced block of `docs/protocol.md`.
pub(crate) struct Block {
    /// The line of its opening fence, from 1.
    pub(crate) line: usize,
    /// What follows the opening fence: `json client`, `text`, or nothing.
    pub(crate) info: &'static str,
    /// Its lines, as the file has them (indented when in a list).
    pub(crate) text: &'static str,
}

/// Every fenced block of `docs/protocol.md`, in order.
pub(crate) fn blocks() -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, &'static str, usize)> = None;
    let mut offset = 0;
    for (number, line) in (1..).zip(PROTOCOL_MD.split_inclusive('\n')) {
        let fence = line.trim();
        match open {
            None if fence.starts_with("```") => {
                open = Some((
                    number,
                    fence.trim_start_matches('`').trim(),
                    offset + line.len(),
                ));
            }
            Some((first, info, start)) if fence == "```" => {
                blocks.push(Block {
                    line: first,
                    info,
                    text: &PROTOCOL_MD[start..offset],
                });
                open = None;
            }
            _ => {}
        }
        offset += line.len();
    }
    assert!(
        open.is_none(),
        "docs/protocol.md: a fenced block never closed"
    );
    blocks
}

/// The fenced blocks of `docs/protocol.md` whose info string is `json <kind>`.
pub(crate) fn examples(kind: &str) -> Vec<&'static str> {
    let info = format!("json {kind}");
    blocks()
        .into_iter()
        .filter(|block| block.info == info)
        .map(|block| block.text)
        .collect()
}

/// The inline code spans of `docs/protocol.md` outside its fenced blocks,
/// each with its line.
pub(crate) fn spans() -> Vec<(usize, &'static str)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for (number, line) in (1..).zip(PROTOCOL_MD.lines()) {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            spans.extend(
                line.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(|span| (number, span)),
            );
        }
    }
    spans
}
