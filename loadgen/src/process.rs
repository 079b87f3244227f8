//! A process's memory and CPU time, read from `/proc`: the server's, when
//! its pid is given, and the generator's own.

use std::time::Duration;

use anyhow::Context as _;
use procfs::WithCurrentSystemInfo as _;
use procfs::process::Process;
use serde::Serialize;

/// A process watched during a run.
pub(crate) struct Watched {
    process: Process,
}

/// One reading.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Reading {
    /// Resident memory, in bytes.
    pub(crate) rss_bytes: u64,
    /// User and system CPU time since the process started.
    #[serde(skip)]
    pub(crate) cpu: Duration,
}

impl Watched {
    /// The process `pid`.
    pub(crate) fn new(pid: i32) -> anyhow::Result<Watched> {
        let process = Process::new(pid).with_context(|| format!("no process {pid} to watch"))?;
        Ok(Watched { process })
    }

    /// This process.
    pub(crate) fn myself() -> anyhow::Result<Watched> {
        Ok(Watched {
            process: Process::myself().context("cannot read /proc/self")?,
        })
    }

    /// Its memory and CPU time now.
    pub(crate) fn read(&self) -> anyhow::Result<Reading> {
        let stat = self
            .process
            .stat()
            .with_context(|| format!("cannot read /proc/{}/stat", self.process.pid))?;
        let ticks = procfs::ticks_per_second().max(1);
        let cpu_ticks = stat.utime + stat.stime;
        Ok(Reading {
            rss_bytes: stat.rss_bytes().get(),
            cpu: Duration::from_secs(cpu_ticks / ticks)
                + Duration::from_nanos((cpu_ticks % ticks) * 1_000_000_000 / ticks),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_reads_its_own_memory_growing() {
        let me = Watched::myself().unwrap();
        let before = me.read().unwrap();
        // 64 MiB, every page touched.
        let block = vec![1u8; 64 << 20];
        let after = me.read().unwrap();
        assert!(block.iter().all(|byte| *byte == 1));
        assert!(
            after.rss_bytes >= before.rss_bytes + (60 << 20),
            "{before:?} → {after:?}"
        );
    }
}
