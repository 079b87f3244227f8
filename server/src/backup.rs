//! The `backup` and `restore` commands, for the embedded database of
//! `--data-dir` (`store::sqlite::backup` does the copying). PostgreSQL has
//! its own tools (`pg_dump`, `pg_restore`): these commands say so rather
//! than copy a data directory nobody uses.

use std::path::Path;

use anyhow::bail;

use crate::config::Config;
use crate::store::sqlite::backup;

/// Copies the database of `config`'s data directory to `to`, while its
/// server runs or not. Returns what to tell the operator.
pub fn backup(config: &Config, to: &Path) -> anyhow::Result<String> {
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
pub fn restore(config: &Config, from: &Path) -> anyhow::Result<String> {
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

fn embedded_only(config: &Config, command: &str) -> anyhow::Result<()> {
    if config.database.is_some() {
        bail!(
            "{command} is for the embedded database (--data-dir); for PostgreSQL use its own \
             tools: `pg_dump --format=custom` while the servers run, `pg_restore` into an empty \
             database (README, \"Backups\")"
        );
    }
    if config.ephemeral {
        bail!("{command}: with --ephemeral nothing is kept on disk");
    }
    Ok(())
}
