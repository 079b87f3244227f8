//! A process's memory, read from `/proc`, and its CPU time, read from its
//! process CPU clock: the server's, when its pid is given, and the
//! generator's own.
//!
//! CPU time comes from the clock rather than `/proc/<pid>/stat`, which
//! counts in ticks of 10 ms: a short run of a light server (an echo
//! fanning out a few hundred frames) spends less than one tick and would
//! read as no CPU at all.

use std::time::Duration;

use anyhow::Context as _;
use nix::time::ClockId;
use nix::unistd::Pid;
use procfs::WithCurrentSystemInfo as _;
use procfs::process::Process;
use serde::Serialize;

/// A process watched during a run.
pub(crate) struct Watched {
    process: Process,
    /// The process's CPU clock: user and system time of all its threads,
    /// those that have ended included, to the nanosecond.
    cpu_clock: ClockId,
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
        let cpu_clock = ClockId::pid_cpu_clock_id(Pid::from_raw(pid))
            .with_context(|| format!("no CPU clock for process {pid}"))?;
        Ok(Watched { process, cpu_clock })
    }

    /// This process.
    pub(crate) fn myself() -> anyhow::Result<Watched> {
        Ok(Watched {
            process: Process::myself().context("cannot read /proc/self")?,
            cpu_clock: ClockId::CLOCK_PROCESS_CPUTIME_ID,
        })
    }

    /// Its memory and CPU time now.
    pub(crate) fn read(&self) -> anyhow::Result<Reading> {
        let stat = self
            .process
            .stat()
            .with_context(|| format!("cannot read /proc/{}/stat", self.process.pid))?;
        let cpu = self.cpu_clock.now().with_context(|| {
            format!("cannot read the CPU clock of process {}", self.process.pid)
        })?;
        Ok(Reading {
            rss_bytes: stat.rss_bytes().get(),
            cpu: Duration::from(cpu),
        })
    }
}

/// The server's processes: one, or the nodes of a cluster, read together.
pub(crate) struct Servers(Vec<Watched>);

impl Servers {
    /// The processes `pids`; `None` if there are none to watch.
    pub(crate) fn watch(pids: &[i32]) -> anyhow::Result<Option<Servers>> {
        if pids.is_empty() {
            return Ok(None);
        }
        let watched = pids
            .iter()
            .map(|pid| Watched::new(*pid))
            .collect::<anyhow::Result<_>>()?;
        Ok(Some(Servers(watched)))
    }

    /// Their memory and CPU time now, summed.
    pub(crate) fn read(&self) -> anyhow::Result<Reading> {
        let mut sum = Reading {
            rss_bytes: 0,
            cpu: Duration::ZERO,
        };
        for process in &self.0 {
            let reading = process.read()?;
            sum.rss_bytes += reading.rss_bytes;
            sum.cpu += reading.cpu;
        }
        Ok(sum)
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

    /// Well under one tick of `/proc/<pid>/stat`, which would read as no
    /// CPU at all.
    #[test]
    fn a_process_reads_a_millisecond_of_its_own_cpu_time() {
        let me = Watched::new(i32::try_from(std::process::id()).unwrap()).unwrap();
        let before = me.read().unwrap();
        let start = std::time::Instant::now();
        let mut spun = 0u64;
        while start.elapsed() < Duration::from_millis(2) {
            spun = std::hint::black_box(spun.wrapping_add(1));
        }
        let after = me.read().unwrap();
        let spent = after.cpu - before.cpu;
        assert!(
            spent >= Duration::from_millis(1),
            "{spent:?} after {spun} turns"
        );
    }
}
