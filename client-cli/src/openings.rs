//! Sealed moves on disk, and the random source their nonces start from:
//! the sealer's IO, carried out by the shells ([`crate::effect`]) so that
//! sealed play itself ([`crate::sealing`]) touches neither.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use mice_cake_engine::{Commitment, Opening, Seat};
use serde::{Deserialize, Serialize};

/// The file of sealed moves in the user's state directory
/// (`openings.json`, 0600), by game commitment: the server cannot give a
/// move back, and a seat taken back with `mice-cake resume` must still open
/// the move sealed before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsFile {
    path: PathBuf,
}

/// A sealed move kept on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptOpening {
    pub commitment: Commitment,
    pub round: u32,
    pub seat: Seat,
    pub opening: Opening,
}

/// Sealed moves kept at most (the newest).
const MOST_KEPT: usize = 20;

impl OpeningsFile {
    /// Kept in `dir`.
    pub fn in_dir(dir: &Path) -> OpeningsFile {
        OpeningsFile {
            path: dir.join("openings.json"),
        }
    }

    /// Every sealed move kept (none if the file is missing or unreadable).
    pub fn load(&self) -> Vec<KeptOpening> {
        std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Keeps a sealed move (one per game: the round's replaces the last),
    /// merged with what the file holds now (another run of the client may
    /// have written since). Written whole to a partial file, synced, then
    /// renamed over the old. A failure is not fatal: the move is still held
    /// in memory.
    pub fn keep(&self, kept: KeptOpening) {
        let all = with_kept(self.load(), kept);
        let Some(dir) = self.path.parent() else {
            return;
        };
        let Ok(text) = serde_json::to_string(&all) else {
            return;
        };
        let partial = self.path.with_extension("json.partial");
        let written = crate::seats::create_private_dir(dir)
            .and_then(|()| crate::seats::create_private_file(&partial))
            .and_then(|mut file| {
                file.write_all(text.as_bytes())?;
                file.sync_all()
            })
            .and_then(|()| std::fs::rename(&partial, &self.path));
        // Nothing to tell the person: the move is held in memory all the same.
        let _ = written;
    }
}

/// `all` with `kept` in front, in place of its game's older move, the
/// oldest dropped past `MOST_KEPT`.
pub fn with_kept(mut all: Vec<KeptOpening>, kept: KeptOpening) -> Vec<KeptOpening> {
    all.retain(|old| old.commitment != kept.commitment);
    all.insert(0, kept);
    all.truncate(MOST_KEPT);
    all
}

/// A seed for the sealer's nonces from the operating system's random
/// source; none without one: a guessable nonce would let the server open a
/// seal by trying moves.
pub fn fresh_nonce_seed() -> Option<[u8; 32]> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Assignment, Nonce, fair};

    use super::*;

    #[test]
    fn a_sealed_move_kept_on_disk_is_found_by_its_game_round_and_seat() {
        let dir = tempfile::tempdir().unwrap();
        let kept = OpeningsFile::in_dir(dir.path());
        let commitment = fair::commitment(mice_cake_engine::Seed::from_u64(3));
        let opening = Opening {
            assignment: Assignment::EMPTY.with(mice_cake_engine::Column::B, 4),
            nonce: Nonce::from_bytes([5; 32]),
        };
        kept.keep(KeptOpening {
            commitment,
            round: 2,
            seat: Seat::Blue,
            opening,
        });
        // Another run of the client finds it; nothing else matches.
        let file = OpeningsFile::in_dir(dir.path());
        let again = crate::sealing::KeptOpenings::new(file.clone(), file.load());
        assert_eq!(again.find(commitment, 2, Seat::Blue), Some(opening));
        assert_eq!(again.find(commitment, 3, Seat::Blue), None);
        assert_eq!(again.find(commitment, 2, Seat::Yellow), None);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(dir.path().join("openings.json"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "only its owner reads a sealed move");
        }
    }
}
