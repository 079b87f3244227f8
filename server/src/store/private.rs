//! The data directory holds secrets — a live game's seed and deal, this
//! round's commits — so only the server's own user may read it: the
//! directory is created `0700` and its files `0600`. SQLite gives its log
//! and shared-memory files the database file's mode: in a private
//! directory, where nobody else can reach them anyway, an older server's
//! `0644` database is made `0600`, and so are they. An open directory, or
//! a database others can read in it, is reported at start, in one warning,
//! not changed: the operator may have reasons, and is told how to close it.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// Creates `dir` (and any missing parent) for the server's user alone.
pub(super) fn create_dir(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Opens `path` for writing, creating it for the server's user alone.
pub(super) fn open_file(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// Whether `dir` is its user's alone (no one else may even enter it).
pub(super) fn is_private(dir: &Path) -> bool {
    exposure(dir).is_none()
}

/// Makes the file at `path`, if there is one, the server's user's alone.
pub(super) fn make_private(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        match std::fs::metadata(path) {
            Ok(metadata) if metadata.permissions().mode() & 0o077 != 0 => {
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            }
            Ok(_) => Ok(()),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(error) => Err(error),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

/// The exposed paths, each with its mode: `/data (0755), /data/mice-cake.db (0644)`.
pub(crate) fn listed(exposed: &[Exposed]) -> String {
    exposed
        .iter()
        .map(|exposed| format!("{} ({:04o})", exposed.path.display(), exposed.mode))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The one command that closes them all.
pub(crate) fn fix_all(exposed: &[Exposed]) -> String {
    exposed
        .iter()
        .map(Exposed::fix)
        .collect::<Vec<_>>()
        .join(" && ")
}

/// Something in the data directory other users can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Exposed {
    pub(crate) path: PathBuf,
    /// Its permission bits, as `chmod` writes them (`0755`).
    pub(crate) mode: u32,
    pub(crate) directory: bool,
}

impl Exposed {
    /// The command that closes it.
    pub(crate) fn fix(&self) -> String {
        let mode = if self.directory { "700" } else { "600" };
        format!("chmod {mode} {}", self.path.display())
    }
}

/// `dir` and those of `files` (in it) that exist and that the group or
/// others may read, write or enter.
pub(crate) fn exposed(dir: &Path, files: &[&str]) -> Vec<Exposed> {
    let paths = std::iter::once(dir.to_path_buf()).chain(files.iter().map(|name| dir.join(name)));
    paths.filter_map(|path| exposure(&path)).collect()
}

#[cfg(unix)]
fn exposure(path: &Path) -> Option<Exposed> {
    use std::os::unix::fs::PermissionsExt as _;
    let metadata = std::fs::metadata(path).ok()?;
    let mode = metadata.permissions().mode() & 0o7777;
    (mode & 0o077 != 0).then(|| Exposed {
        path: path.to_path_buf(),
        mode,
        directory: metadata.is_dir(),
    })
}

#[cfg(not(unix))]
fn exposure(_: &Path) -> Option<Exposed> {
    None
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn what_the_server_creates_only_its_user_can_read() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a/b");
        create_dir(&dir).unwrap();
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&root.path().join("a")), 0o700);
        let file = dir.join("f");
        open_file(&file).unwrap();
        assert_eq!(mode(&file), 0o600);
        assert!(exposed(&dir, &["f", "missing"]).is_empty());
    }

    #[test]
    fn what_others_can_read_is_reported_with_its_fix() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path();
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let file = dir.join("db");
        std::fs::write(&file, b"").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        let found = exposed(dir, &["db"]);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].mode, found[0].directory), (0o755, true));
        assert_eq!(found[0].fix(), format!("chmod 700 {}", dir.display()));
        assert_eq!((found[1].mode, found[1].directory), (0o640, false));
        assert_eq!(found[1].fix(), format!("chmod 600 {}", file.display()));
        assert_eq!(
            fix_all(&found),
            format!(
                "chmod 700 {} && chmod 600 {}",
                dir.display(),
                file.display()
            )
        );
        assert_eq!(
            listed(&found),
            format!("{} (0755), {} (0640)", dir.display(), file.display())
        );
    }

    #[test]
    fn a_working_file_is_made_private_and_a_missing_one_is_no_error() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("db-wal");
        std::fs::write(&file, b"kept").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        make_private(&file).unwrap();
        assert_eq!(mode(&file), 0o600);
        assert_eq!(std::fs::read(&file).unwrap(), b"kept");
        make_private(&root.path().join("missing")).unwrap();
    }
}
