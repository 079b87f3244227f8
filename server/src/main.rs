//! `mice-cake-server`: runs the game server. `--help` lists every option.

use std::io::{IsTerminal as _, Write as _};

use clap::Parser as _;
use mice_cake_server::{
    Cli, Config, LogFormat, RatingsCommand, ServerCommand, TcpAcceptor, healthcheck, refund_command,
};
use tokio::net::TcpListener;
use tracing_subscriber::Layer as _;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

/// jemalloc, its freed pages given back to the system a second after
/// they were last used (`.cargo/config.toml`): with glibc's allocator the
/// memory of the deal's burst stayed with the process, scattered among
/// what lives on, 1.8 KB of each of 10,000 seated players
/// (docs/performance.md, "Memory per connection"). The `jemalloc`
/// feature, on in release builds (README, the image, the benchmarks); the
/// tests run on the system's allocator.
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> anyhow::Result<()> {
    let Cli { command, config } = Cli::parse();
    match command {
        None => serve(config),
        Some(ServerCommand::Healthcheck { addr, timeout }) => {
            let addr = addr.unwrap_or_else(|| healthcheck::local_addr(config.bind));
            if let Err(error) = healthcheck::check(addr, timeout) {
                // One line for `docker inspect`, and the status it reads.
                let _ = writeln!(std::io::stderr(), "unhealthy: {error}");
                std::process::exit(1);
            }
            Ok(())
        }
        Some(ServerCommand::Backup { file }) => {
            let said = mice_cake_server::backup::backup(&config, &file)?;
            let _ = writeln!(std::io::stdout(), "{said}");
            Ok(())
        }
        Some(ServerCommand::Restore { file }) => {
            let said = mice_cake_server::backup::restore(&config, &file)?;
            let _ = writeln!(std::io::stdout(), "{said}");
            Ok(())
        }
        Some(ServerCommand::Ratings {
            command:
                RatingsCommand::Refund {
                    keys,
                    addr,
                    timeout,
                },
        }) => {
            let addr = addr.unwrap_or_else(|| healthcheck::local_addr(config.bind));
            let done =
                refund_command::refund(addr, keys, config.operator_token.as_deref(), timeout)?;
            let mut stdout = std::io::stdout();
            for line in refund_command::refund_lines(&done) {
                let _ = writeln!(stdout, "{line}");
            }
            Ok(())
        }
    }
}

#[tokio::main]
async fn serve(config: Config) -> anyhow::Result<()> {
    let logs = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    // `init` also routes the `log` crate's records (PostgreSQL's) through
    // the same filter.
    match config.log_format {
        LogFormat::Text => tracing_subscriber::registry()
            .with(logs.with_filter(mice_cake_server::log_filter("info")))
            .init(),
        LogFormat::Json => tracing_subscriber::registry()
            .with(
                logs.json()
                    .with_filter(mice_cake_server::log_filter("info")),
            )
            .init(),
    }
    allow_open_files();
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|error| anyhow::anyhow!("cannot listen on {}: {error}", config.bind))?;
    mice_cake_server::run(TcpAcceptor::new(listener), config, shutdown_signal()).await?;
    Ok(())
}

/// Raises the soft limit of open files to the hard one: each connection is
/// a file, and the usual soft limit (1,024) is far below what a server
/// holds. How many connections the limit allows is worked out by `run`,
/// which warns only if that is fewer than was asked for.
fn allow_open_files() {
    if let Err(error) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::warn!(cause = %error, "cannot raise the open-file limit");
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(terminate) => terminate,
                Err(error) => {
                    tracing::warn!(cause = %error, "cannot watch SIGTERM; Ctrl-C only");
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}
