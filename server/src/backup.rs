//! The `backup` and `restore` commands, for the embedded database of
//! `--data-dir` (`store::sqlite::backup` does the copying). PostgreSQL has
//! its own tools (`pg_dump`, `pg_restore`): these commands say so rather
//! than copy a data directory nobody uses.

use std::path::Path;

use crate::config::Config;
use crate::store::StoreError;
use crate::store::sqlite::backup;

/// Why a backup or a restore was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The servers keep their games in PostgreSQL, which has its own tools.
    #[error(
        "{command} is for the embedded database (--data-dir); for PostgreSQL use its own \
         tools: `pg_dump --format=custom` while the servers run, `pg_restore` into an empty \
         database (README, \"Backups\")"
    )]
    PostgresHasItsOwnTools { command: &'static str },
    /// `--ephemeral` keeps nothing to back up or to restore into.
    #[error("{command}: with --ephemeral nothing is kept on disk")]
    NothingKept { command: &'static str },
    /// Copying failed: what, and why.
    #[error(transparent)]
    Copy(#[from] StoreError),
}

/// Copies the database of `config`'s data directory to `to`, while its
/// server runs or not. Returns what to tell the operator.
pub fn backup(config: &Config, to: &Path) -> Result<String, BackupError> {
    embedded_only(config, "backup")?;
    let copied = backup::backup(&config.data_dir, to)?;
    Ok(format!(
        "{} backed up to {}: finished games {}, live rooms {}, {} bytes",
        config.data_dir.display(),
        to.display(),
        copied.games,
        copied.rooms,
        copied.bytes
    ))
}

/// Puts the backup `from` in as the database of `config`'s data directory,
/// whose server must be stopped. Returns what to tell the operator.
pub fn restore(config: &Config, from: &Path) -> Result<String, BackupError> {
    embedded_only(config, "restore")?;
    let kept = backup::restore(from, &config.data_dir)?;
    let kept = kept.map_or_else(String::new, |kept| {
        format!("; the database it replaces is kept as {}", kept.display())
    });
    Ok(format!(
        "{} restored into {}{kept}. Start the server: its live rooms come back as they were \
         at the backup",
        from.display(),
        config.data_dir.display()
    ))
}

fn embedded_only(config: &Config, command: &'static str) -> Result<(), BackupError> {
    if config.database.is_some() {
        return Err(BackupError::PostgresHasItsOwnTools { command });
    }
    if config.ephemeral {
        return Err(BackupError::NothingKept { command });
    }
    Ok(())
}
