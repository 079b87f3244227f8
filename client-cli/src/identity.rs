//! The player's key pair (`docs/fairness.md`, "Signed moves"): made on first
//! use, kept beside the seats in the user's state directory (`key`, 0600 in
//! a 0700 directory: like a seat token, it is a secret), announced when a
//! seat is taken, and used to sign every seal.
//!
//! The file holds the 32-byte Ed25519 secret as 64 hex digits. Two clients
//! started at once make one key between them: the file is written beside
//! its place and linked in only if nothing is there yet; the loser reads
//! the winner's.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use mice_cake_engine::PlayerSecret;

use crate::seats::{create_private_dir, create_private_file};
use crate::tr;

/// The player's key file's name in the state directory.
pub const FILE: &str = "key";

/// A key file that cannot be used.
#[derive(Debug)]
pub enum IdentityError {
    /// Reading or writing failed.
    Io {
        path: String,
        source: std::io::Error,
    },
    /// Not a key file.
    Unreadable { path: String },
    /// No good random source for a new key.
    NoRandom(String),
}

impl std::fmt::Display for IdentityError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IdentityError::Io { path, source } => write!(formatter, "{path}: {source}"),
            IdentityError::Unreadable { path } => {
                formatter.write_str(&tr!("identity-unreadable", path = path))
            }
            IdentityError::NoRandom(error) => {
                formatter.write_str(&tr!("identity-no-random", error = error))
            }
        }
    }
}

impl std::error::Error for IdentityError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            IdentityError::Io { source, .. } => Some(source),
            IdentityError::Unreadable { .. } | IdentityError::NoRandom(_) => None,
        }
    }
}

/// The key pair kept in `dir`, made (and kept) on first use.
pub fn load_or_create(dir: &Path) -> Result<PlayerSecret, IdentityError> {
    load_or_create_in(dir, FILE)
}

/// The file a bot's key is kept in: one per policy, apart from the
/// player's own key, since a key that plays as a bot declares itself one
/// for good (`docs/ratings.md`).
pub fn bot_key_file(policy: mice_cake_engine::Policy) -> String {
    format!("bot-{policy}.key")
}

/// The file an outside engine's key is kept in: one per engine name, its
/// letters and digits (`bot --engine`).
pub fn engine_key_file(engine: &str) -> String {
    let name: String = engine
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    format!("engine-{name}.key")
}

/// The key pair kept in `dir` under `file`, made (and kept) on first use.
pub fn load_or_create_in(dir: &Path, file: &str) -> Result<PlayerSecret, IdentityError> {
    let path = dir.join(file);
    if let Some(secret) = read(&path)? {
        return Ok(secret);
    }
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| IdentityError::Io { path, source }
    };
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|error| IdentityError::NoRandom(error.to_string()))?;
    let secret = PlayerSecret::from_bytes(bytes);
    create_private_dir(dir).map_err(io(dir))?;
    let partial = partial_path(dir, file);
    let written = (|| {
        let mut file = create_private_file(&partial)?;
        file.write_all(format!("{}\n", hex(&secret.to_bytes())).as_bytes())?;
        file.sync_all()
    })();
    written.map_err(io(&partial))?;
    // Linked in only if no other client made one meanwhile.
    let linked = std::fs::hard_link(&partial, &path);
    let _ = std::fs::remove_file(&partial);
    match linked {
        Ok(()) => Ok(secret),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            read(&path)?.ok_or_else(|| IdentityError::Unreadable {
                path: path.display().to_string(),
            })
        }
        Err(source) => Err(io(&path)(source)),
    }
}

/// The key in `path`, if there is one.
fn read(path: &Path) -> Result<Option<PlayerSecret>, IdentityError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(IdentityError::Io {
                path: path.display().to_string(),
                source,
            });
        }
    };
    let unreadable = || IdentityError::Unreadable {
        path: path.display().to_string(),
    };
    let bytes: [u8; 32] = text
        .trim()
        .parse::<mice_cake_engine::Nonce>()
        .map_err(|_| unreadable())?
        .to_bytes();
    Ok(Some(PlayerSecret::from_bytes(bytes)))
}

/// A file of this process's own to write a new key in (two threads of one
/// process may make one at once too).
fn partial_path(dir: &Path, file: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let number = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    dir.join(format!("{file}.{}.{number}.partial", std::process::id()))
}

fn hex(bytes: &[u8; 32]) -> String {
    mice_cake_engine::Nonce::from_bytes(*bytes).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_kept_private_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state");
        let first = load_or_create(&state).unwrap();
        let again = load_or_create(&state).unwrap();
        assert_eq!(first.public_key(), again.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&state.join(FILE)), 0o600);
            assert_eq!(mode(&state), 0o700);
        }
        let names: Vec<_> = std::fs::read_dir(&state)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, [FILE], "nothing partial is left behind");
    }

    #[test]
    fn clients_started_at_once_share_one_key() {
        let dir = tempfile::tempdir().unwrap();
        let keys: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8)
                .map(|_| scope.spawn(|| load_or_create(dir.path()).unwrap().public_key()))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(keys.windows(2).all(|pair| pair[0] == pair[1]));
    }

    #[test]
    fn a_bots_key_is_its_own_one_per_policy() {
        let dir = tempfile::tempdir().unwrap();
        let player = load_or_create(dir.path()).unwrap().public_key();
        let strong = bot_key_file(mice_cake_engine::Policy::Strong);
        assert_eq!(strong, "bot-strong.key");
        let bot = load_or_create_in(dir.path(), &strong).unwrap().public_key();
        let greedy = load_or_create_in(dir.path(), &bot_key_file(mice_cake_engine::Policy::Greedy))
            .unwrap()
            .public_key();
        assert!(bot != player && greedy != bot && greedy != player);
        assert_eq!(
            load_or_create_in(dir.path(), &strong).unwrap().public_key(),
            bot
        );
    }

    #[test]
    fn a_damaged_key_file_is_said_to_be_so() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE), "not a key").unwrap();
        let error = load_or_create(dir.path()).unwrap_err();
        assert!(error.to_string().contains("is not a key file"), "{error}");
    }
}
