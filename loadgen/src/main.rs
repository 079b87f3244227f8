//! `mice-cake-load`: puts a Mice Cake server under load over real
//! WebSockets and measures it. `docs/performance.md` says how it is used
//! and what it found.
//!
//! # Layout
//!
//! - [`cli`]: the command line.
//! - [`dial`]: opening connections from several loopback addresses, with
//!   small buffers, a few handshakes at a time.
//! - [`wire`]: protocol messages over a connection, counted.
//! - [`crowd`]: what every client of a run shares.
//! - [`play`], [`idle`], [`echo`], [`fanout`], [`pair`], [`arena`]: the workloads
//!   (and the echo server).
//! - [`stats`]: counters, latency histograms, frame sizes.
//! - [`process`]: a process's memory and CPU time from `/proc`.
//! - [`scenario`]: a run from connecting to the report; [`report`]: its figures.

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Parser as _;

mod arena;
mod cli;
mod crowd;
mod dial;
mod echo;
mod fanout;
mod idle;
mod pair;
mod play;
mod process;
mod report;
mod scenario;
mod stats;
mod wire;

use cli::{Cli, Command};

/// Open files beyond the connections: the runtime, stdio, a margin.
const SPARE_FILES: u64 = 64;

fn main() -> anyhow::Result<ExitCode> {
    let Cli { command } = Cli::parse();
    let connections = match &command {
        Command::Play(args) => Some(args.plan().connections()),
        Command::Idle(args) => Some(args.connections),
        Command::Echo(args) => Some(args.connections),
        Command::Fanout(args) => Some(args.subscribers + 1),
        Command::Pair(args) => Some(args.players),
        Command::Arena(args) => Some(args.players + args.watchers),
        // As many as the clients bring: all it may have.
        Command::EchoServer { .. } => None,
    };
    match connections {
        Some(connections) => allow_open_files(connections as u64 + SPARE_FILES)?,
        None => {
            rlimit::increase_nofile_limit(u64::MAX)?;
        }
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the runtime")?;
    runtime.block_on(async {
        let (report, json) = match command {
            Command::EchoServer { bind } => {
                let listener = tokio::net::TcpListener::bind(bind)
                    .await
                    .with_context(|| format!("cannot listen on {bind}"))?;
                let addr = listener.local_addr()?;
                // Scripts and tests read the address from this line.
                writeln!(std::io::stdout(), "echo server listening on {addr}")?;
                echo::serve(listener).await?;
                return Ok(ExitCode::SUCCESS);
            }
            Command::Play(args) => {
                let json = args.target.json;
                (scenario::play(args).await?, json)
            }
            Command::Idle(args) => {
                let json = args.target.json;
                (scenario::idle(args).await?, json)
            }
            Command::Echo(args) => {
                let json = args.target.json;
                (scenario::echo(args).await?, json)
            }
            Command::Fanout(args) => {
                let json = args.target.json;
                (scenario::fanout(args).await?, json)
            }
            Command::Pair(args) => {
                let json = args.target.json;
                let report = pair::run(args).await?;
                return print(&report, json, report.failed());
            }
            Command::Arena(args) => {
                let json = args.target.json;
                let report = arena::run(args).await?;
                return print(&report, json, report.failed());
            }
        };
        print(&report, json, report.failed())
    })
}

/// Prints a report, as JSON or as text; the exit status says whether the
/// run failed.
fn print(
    report: &(impl serde::Serialize + std::fmt::Display),
    json: bool,
    failed: bool,
) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    if json {
        serde_json::to_writer(&mut out, report)?;
        writeln!(out)?;
    } else {
        write!(out, "{report}")?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Raises the open-file limit to hold `wanted` sockets: the soft limit up
/// to the hard one, and the hard one too when allowed (as root).
fn allow_open_files(wanted: u64) -> anyhow::Result<()> {
    let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE)?;
    if soft >= wanted {
        return Ok(());
    }
    if hard < wanted && rlimit::setrlimit(rlimit::Resource::NOFILE, wanted, wanted).is_ok() {
        return Ok(());
    }
    let now = rlimit::increase_nofile_limit(wanted)?;
    if now < wanted {
        anyhow::bail!(
            "{wanted} open files are needed but the limit is {now}: raise it (`ulimit -n {wanted}`, as root if needed)"
        );
    }
    Ok(())
}
