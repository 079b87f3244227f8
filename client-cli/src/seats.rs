//! The seats this user holds, kept on disk so that a seat outlives its
//! terminal: `mice-cake join CODE` (or `mice-cake resume`) takes it back
//! with its token after the terminal was closed, the machine slept, or the
//! client was killed.
//!
//! One JSON file, `seats.json`, in the user's state directory
//! (`$MICE_CAKE_STATE_DIR`, else `$XDG_STATE_HOME/mice-cake` or
//! `~/.local/state/mice-cake` on Linux, the local data directory elsewhere).
//! A seat token is a secret: the directory is created readable by the user
//! only (0700) and the file is written 0600, replaced whole (written beside
//! it, then renamed) so that a crash never leaves half a file.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use mice_cake_engine::Seat;
use mice_cake_protocol::{RoomCode, SeatToken};
use serde::{Deserialize, Serialize};

use crate::tr;

/// The file's name in the state directory.
const FILE: &str = "seats.json";

/// Seats kept at most (the oldest go first): one per room played in.
const MOST_SEATS: usize = 100;

/// A seat held in a room of a server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    /// The server's WebSocket URL, as the client connects to it.
    pub server: String,
    pub room: RoomCode,
    pub token: SeatToken,
    /// The seat when it was last seen (seats swap at a rematch).
    pub seat: Option<Seat>,
    /// The name the seat was taken with.
    pub name: String,
    /// When it was last saved: milliseconds since the Unix epoch.
    pub saved_at_ms: u64,
}

/// A seats file that cannot be used.
#[derive(Debug)]
pub enum SeatsError {
    /// No state directory, and none given.
    NoDirectory,
    /// Reading or writing failed.
    Io {
        path: String,
        source: std::io::Error,
    },
    /// Not a seats file.
    Unreadable { path: String, detail: String },
}

impl std::fmt::Display for SeatsError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatsError::NoDirectory => formatter.write_str(&tr!("seats-no-directory")),
            SeatsError::Io { path, source } => write!(formatter, "{path}: {source}"),
            SeatsError::Unreadable { path, detail } => {
                formatter.write_str(&tr!("seats-unreadable", path = path, detail = detail))
            }
        }
    }
}

impl std::error::Error for SeatsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SeatsError::Io { source, .. } => Some(source),
            SeatsError::NoDirectory | SeatsError::Unreadable { .. } => None,
        }
    }
}

/// The user's seats file.
#[derive(Clone, Debug)]
pub struct SeatStore {
    dir: PathBuf,
}

impl SeatStore {
    /// The store in `dir` (created when first written).
    pub fn in_dir(dir: impl Into<PathBuf>) -> SeatStore {
        SeatStore { dir: dir.into() }
    }

    /// The user's store: `$MICE_CAKE_STATE_DIR`, or the platform's state
    /// (or local data) directory.
    pub fn for_user() -> Result<SeatStore, SeatsError> {
        if let Some(dir) = std::env::var_os("MICE_CAKE_STATE_DIR").filter(|dir| !dir.is_empty()) {
            return Ok(SeatStore::in_dir(dir));
        }
        dirs::state_dir()
            .or_else(dirs::data_local_dir)
            .map(|dir| SeatStore::in_dir(dir.join("mice-cake")))
            .ok_or(SeatsError::NoDirectory)
    }

    fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    /// The directory the store keeps its files in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every seat held, newest first.
    pub fn all(&self) -> Result<Vec<HeldSeat>, SeatsError> {
        let path = self.path();
        let shown = path.display().to_string();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => {
                return Err(SeatsError::Io {
                    path: shown,
                    source,
                });
            }
        };
        let mut seats: Vec<HeldSeat> =
            serde_json::from_str(&text).map_err(|error| SeatsError::Unreadable {
                path: shown,
                detail: error.to_string(),
            })?;
        seats.sort_by_key(|seat| std::cmp::Reverse(seat.saved_at_ms));
        Ok(seats)
    }

    /// The seat held in `room` of `server` under `name`, if any: two
    /// people sharing an account (two terminals, one for each side) never
    /// take each other's seat back.
    pub fn get(
        &self,
        server: &str,
        room: RoomCode,
        name: &str,
    ) -> Result<Option<HeldSeat>, SeatsError> {
        Ok(self
            .all()?
            .into_iter()
            .find(|seat| seat.server == server && seat.room == room && seat.name == name))
    }

    /// Keeps `seat`, replacing what was kept for its room and name.
    pub fn save(&self, seat: HeldSeat) -> Result<(), SeatsError> {
        let mut seats = self.all()?;
        seats.retain(|held| {
            !(held.server == seat.server && held.room == seat.room && held.name == seat.name)
        });
        seats.insert(0, seat);
        seats.truncate(MOST_SEATS);
        self.write(&seats)
    }

    /// Forgets the seat of `room` on `server` held under `name` (left, or
    /// gone).
    pub fn remove(&self, server: &str, room: RoomCode, name: &str) -> Result<(), SeatsError> {
        let mut seats = self.all()?;
        let before = seats.len();
        seats.retain(|held| !(held.server == server && held.room == room && held.name == name));
        if seats.len() == before {
            return Ok(());
        }
        self.write(&seats)
    }

    fn write(&self, seats: &[HeldSeat]) -> Result<(), SeatsError> {
        let io = |path: &Path| {
            let path = path.display().to_string();
            move |source| SeatsError::Io { path, source }
        };
        create_private_dir(&self.dir).map_err(io(&self.dir))?;
        let text = serde_json::to_string_pretty(seats).map_err(|error| SeatsError::Unreadable {
            path: self.path().display().to_string(),
            detail: error.to_string(),
        })?;
        let partial = self.dir.join(format!("{FILE}.partial"));
        let mut file = create_private_file(&partial).map_err(io(&partial))?;
        file.write_all(text.as_bytes()).map_err(io(&partial))?;
        file.sync_all().map_err(io(&partial))?;
        std::fs::rename(&partial, self.path()).map_err(io(&self.path()))
    }
}

pub(crate) fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

pub(crate) fn create_private_file(path: &Path) -> std::io::Result<File> {
    let mut options = File::options();
    options.create(true).truncate(true).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// Now, in milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |time| {
            u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(server: &str, room: &str, at: u64) -> HeldSeat {
        named(server, room, "ann", at)
    }

    fn named(server: &str, room: &str, name: &str, at: u64) -> HeldSeat {
        HeldSeat {
            server: server.into(),
            room: room.parse().unwrap(),
            token: SeatToken::from_bytes([at as u8; 16]),
            seat: Some(Seat::Yellow),
            name: name.into(),
            saved_at_ms: at,
        }
    }

    #[test]
    fn seats_are_kept_per_server_and_room_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let store = SeatStore::in_dir(dir.path().join("state"));
        assert!(store.all().unwrap().is_empty());
        store.save(seat("ws://a", "K7M2Q", 1)).unwrap();
        store.save(seat("ws://b", "K7M2Q", 2)).unwrap();
        store.save(seat("ws://a", "ABCDE", 3)).unwrap();
        // The same room again replaces its seat.
        store.save(seat("ws://a", "K7M2Q", 4)).unwrap();
        let all = store.all().unwrap();
        let order: Vec<(&str, u64)> = all
            .iter()
            .map(|held| (held.server.as_str(), held.saved_at_ms))
            .collect();
        assert_eq!(order, [("ws://a", 4), ("ws://a", 3), ("ws://b", 2)]);
        let room = "K7M2Q".parse().unwrap();
        assert_eq!(
            store
                .get("ws://b", room, "ann")
                .unwrap()
                .unwrap()
                .saved_at_ms,
            2
        );
        store.remove("ws://a", room, "ann").unwrap();
        assert!(store.get("ws://a", room, "ann").unwrap().is_none());
        assert!(store.get("ws://b", room, "ann").unwrap().is_some());
    }

    #[test]
    fn two_players_sharing_an_account_keep_their_own_seats() {
        let dir = tempfile::tempdir().unwrap();
        let store = SeatStore::in_dir(dir.path());
        let room = "K7M2Q".parse().unwrap();
        store.save(named("ws://a", "K7M2Q", "ann", 1)).unwrap();
        store.save(named("ws://a", "K7M2Q", "bob", 2)).unwrap();
        assert_eq!(store.all().unwrap().len(), 2);
        assert_eq!(
            store
                .get("ws://a", room, "bob")
                .unwrap()
                .unwrap()
                .saved_at_ms,
            2
        );
        assert!(store.get("ws://a", room, "cy").unwrap().is_none());
        store.remove("ws://a", room, "bob").unwrap();
        assert!(store.get("ws://a", room, "ann").unwrap().is_some());
    }

    #[cfg(unix)]
    #[test]
    fn only_the_user_can_read_the_tokens() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state");
        let store = SeatStore::in_dir(&state);
        store.save(seat("ws://a", "K7M2Q", 1)).unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&state), 0o700);
        assert_eq!(mode(&state.join(FILE)), 0o600);
    }

    #[test]
    fn a_damaged_file_is_an_error_that_names_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE), "{not json").unwrap();
        let error = SeatStore::in_dir(dir.path()).all().unwrap_err().to_string();
        assert!(
            error.contains("seats.json") && error.contains("not a seats file"),
            "{error}"
        );
    }
}
