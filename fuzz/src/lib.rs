//! What the fuzz targets share: game options and moves drawn from the
//! fuzzer's bytes (`arbitrary`'s `Unstructured`), so that its inputs get
//! past the rules' first checks rather than die at them.

use arbitrary::Unstructured;
use mice_cake_engine::{Assignment, COLUMNS, Domino, Options, PIECE_COUNT, Reveal};

/// Any options, most of them playable.
pub fn options(input: &mut Unstructured) -> arbitrary::Result<Options> {
    Ok(Options {
        reveal: *input.choose(&[Reveal::Standard, Reveal::AllFaceUp, Reveal::AllFaceDown])?,
        boost: input.arbitrary()?,
        stall_limit: input.int_in_range(0..=12)?,
    })
}

/// Mostly one of the `legal` moves; otherwise any mice (legal or not) and
/// any target.
pub fn assignment(input: &mut Unstructured, legal: &[Assignment]) -> arbitrary::Result<Assignment> {
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

/// The finished games in `fuzz/games/` (from `fuzz/server-seeds.sh`), as
/// `GET /api/games/{id}` answered them (`ID.json`), each with its analysis
/// (`ID.analysis.json`): `(game, analysis)`.
pub fn stored_games() -> Vec<(String, Option<String>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut names: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "json")
                && !path.to_string_lossy().ends_with(".analysis.json")
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|path| {
            let game = std::fs::read_to_string(&path).ok()?;
            let analysis = std::fs::read_to_string(path.with_extension("analysis.json")).ok();
            Some((game, analysis))
        })
        .collect()
}
