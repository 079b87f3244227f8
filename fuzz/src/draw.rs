//! Game options and moves drawn from the fuzzer's bytes (`arbitrary`'s
//! `Unstructured`), so that the engine targets' inputs get past the rules'
//! first checks rather than die at them.

use arbitrary::Unstructured;
use mice_cake_engine::{Assignment, COLUMNS, Domino, Options, PIECE_COUNT, Reveal};

/// Any options, most of them playable.
pub(crate) fn options(input: &mut Unstructured) -> arbitrary::Result<Options> {
    Ok(Options {
        reveal: *input.choose(&[Reveal::Standard, Reveal::AllFaceUp, Reveal::AllFaceDown])?,
        boost: input.arbitrary()?,
        stall_limit: input.int_in_range(0..=12)?,
    })
}

/// Mostly one of the `legal` moves; otherwise any mice (legal or not) and
/// any target.
pub(crate) fn assignment(
    input: &mut Unstructured,
    legal: &[Assignment],
) -> arbitrary::Result<Assignment> {
    if !legal.is_empty() && input.ratio(3, 4)? {
        return Ok(*input.choose(legal)?);
    }
    let mut mice = [0; COLUMNS];
    for column in &mut mice {
        *column = input.int_in_range(0..=6)?;
    }
    let steal = if input.arbitrary()? {
        // One index past the last piece: no piece at all.
        Domino::from_index(input.int_in_range(0..=PIECE_COUNT)?)
    } else {
        None
    };
    Ok(Assignment { mice, steal })
}
