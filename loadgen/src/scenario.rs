//! Running a workload: connect everyone, wait for them to be in, measure a
//! window, stop everyone, and put the figures together.

use std::sync::Arc;
use std::time::Duration;

use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::cli::{EchoArgs, FanoutArgs, IdleArgs, PlayArgs, Target, Window};
use crate::crowd::Crowd;
use crate::dial::Dialer;
use crate::process::{Reading, Servers, Watched};
use crate::report::{Baseline, Report, ServerFigures};
use crate::stats::{Counts, Stats};
use crate::{echo, fanout, idle, play};

/// How long clients get to leave once the run stops.
const LEAVING: Duration = Duration::from_secs(15);

pub(crate) async fn play(args: PlayArgs) -> anyhow::Result<Report> {
    let plan = args.plan();
    let clients = plan.connections();
    let mut setup = format!(
        "{} rooms × (2 players + {} spectators), think {}",
        plan.rooms,
        plan.spectators,
        humantime::format_duration(plan.think)
    );
    if plan.deadline_ms > 0 {
        setup.push_str(&format!(", deadline {} ms", plan.deadline_ms));
    }
    if !plan.signed {
        setup.push_str(", unsigned moves");
    }
    let mut measured = Measured::start("play", &args.target, clients, setup)?;
    let run = Arc::new(play::Run {
        crowd: measured.crowd(&args.target, clients)?,
        plan,
    });
    let players = play::start(&run);
    let report = measured.run(&run.crowd, players, &args.window).await?;
    let Some(url) = args.baseline.as_deref() else {
        return Ok(report);
    };
    let sizes = measured.stats.received_sizes();
    let echo = echo_baseline(url, args.baseline_pid, plan.rooms * 2, &sizes, &args).await?;
    Ok(with_baseline(report, &echo, &sizes))
}

pub(crate) async fn idle(args: IdleArgs) -> anyhow::Result<Report> {
    let clients = args.connections;
    let mut measured = Measured::start(
        "idle",
        &args.target,
        clients,
        format!("{clients} connections that said hello"),
    )?;
    let crowd = Arc::new(measured.crowd(&args.target, clients)?);
    let holders = idle::start(&crowd, clients);
    let window = Window {
        warmup: args.settle,
        duration: Duration::ZERO,
    };
    measured.run(&crowd, holders, &window).await
}

pub(crate) async fn echo(args: EchoArgs) -> anyhow::Result<Report> {
    let clients = args.connections;
    let mut measured = Measured::start(
        "echo",
        &args.target,
        clients,
        format!(
            "{clients} connections echoing frames of {:?} bytes",
            args.frame_bytes
        ),
    )?;
    let crowd = Arc::new(measured.crowd(&args.target, clients)?);
    let sizes = if args.frame_bytes.is_empty() {
        vec![300]
    } else {
        args.frame_bytes.clone()
    };
    let echoers = echo::start(&crowd, clients, &sizes);
    measured.run(&crowd, echoers, &args.window).await
}

pub(crate) async fn fanout(args: FanoutArgs) -> anyhow::Result<Report> {
    let clients = args.subscribers + 1;
    let mut measured = Measured::start(
        "fanout",
        &args.target,
        clients,
        format!(
            "{} subscribers of a {}-byte frame published every {}",
            args.subscribers,
            args.frame_bytes,
            humantime::format_duration(args.every)
        ),
    )?;
    let crowd = Arc::new(measured.crowd(&args.target, clients)?);
    let clients = fanout::start(&crowd, args.subscribers, args.every, args.frame_bytes);
    measured.run(&crowd, clients, &args.window).await
}

/// The echo server driven with `sizes` right after the game server.
async fn echo_baseline(
    url: &str,
    pid: Option<i32>,
    connections: usize,
    sizes: &[u32],
    args: &PlayArgs,
) -> anyhow::Result<Report> {
    let target = Target {
        servers: vec![url.to_owned()],
        server_pids: pid.into_iter().collect(),
        sources: args.target.sources,
        json: args.target.json,
        setup_limit: args.target.setup_limit,
    };
    let mut measured = Measured::start("echo", &target, connections, "echo baseline".into())?;
    let crowd = Arc::new(measured.crowd(&target, connections)?);
    let sizes = if sizes.is_empty() { &[300][..] } else { sizes };
    let echoers = echo::start(&crowd, connections, sizes);
    measured.run(&crowd, echoers, &args.window).await
}

fn with_baseline(mut ours: Report, echo: &Report, sizes: &[u32]) -> Report {
    let per_frame = |report: &Report| report.server.and_then(|server| server.cpu_us_per_frame);
    let cpu_ratio = per_frame(&ours)
        .zip(per_frame(echo))
        .map(|(ours, echo)| ours / echo);
    let frames_per_round =
        (ours.counts.rounds > 0).then(|| ours.counts.frames() as f64 / ours.counts.rounds as f64);
    ours.baseline = Some(Baseline {
        connections: echo.clients,
        frames_per_second: echo.frames_per_second,
        mean_frame_bytes: if sizes.is_empty() {
            300.0
        } else {
            sizes.iter().map(|size| f64::from(*size)).sum::<f64>() / sizes.len() as f64
        },
        cpu_us_per_frame: per_frame(echo),
        cpu_ratio,
        throughput_ratio: echo.frames_per_second / ours.frames_per_second.max(f64::MIN_POSITIVE),
        // One core's worth of rounds at the echo server's cost per frame.
        rounds_per_second_at_echo_cost: per_frame(echo)
            .zip(frames_per_round)
            .map(|(micros, frames)| 1e6 / (micros * frames)),
        errors: echo.run_errors + echo.setup_failures as u64,
    });
    ours
}

/// A run being measured.
struct Measured {
    stats: Arc<Stats>,
    server: Option<Servers>,
    server_before: Option<Reading>,
    clients: usize,
    setup_limit: Duration,
    setup: String,
    scenario: &'static str,
}

impl Measured {
    fn start(
        scenario: &'static str,
        target: &Target,
        clients: usize,
        setup: String,
    ) -> anyhow::Result<Measured> {
        let server = Servers::watch(&target.server_pids)?;
        let server_before = server.as_ref().map(Servers::read).transpose()?;
        Ok(Measured {
            stats: Arc::new(Stats::new()?),
            server,
            server_before,
            clients,
            setup_limit: target.setup_limit,
            scenario,
            setup,
        })
    }

    fn crowd(&mut self, target: &Target, clients: usize) -> anyhow::Result<Crowd> {
        let dialer = Dialer::new(&target.servers, target.sources_for(clients))?;
        self.setup.push_str(&format!(
            "; from {} source address(es)",
            dialer.source_count()
        ));
        Ok(Crowd::new(dialer, Arc::clone(&self.stats)))
    }

    /// Waits for everyone, measures the window, stops everyone.
    async fn run(
        &mut self,
        crowd: &Crowd,
        mut clients: JoinSet<()>,
        window: &Window,
    ) -> anyhow::Result<Report> {
        crowd.settle(self.clients, self.setup_limit).await;
        tokio::time::sleep(window.warmup).await;
        let start_counts = self.stats.counts();
        let server_start = self.read_server()?;
        let started = Instant::now();
        self.stats.record(true);
        tokio::time::sleep(window.duration).await;
        self.stats.record(false);
        let seconds = started.elapsed().as_secs_f64();
        let counts = self.stats.counts().since(start_counts);
        let server_end = self.read_server()?;
        let generator_rss_bytes = Watched::myself()?.read()?.rss_bytes;
        crowd.stop.cancel();
        let _ = tokio::time::timeout(LEAVING, async {
            while clients.join_next().await.is_some() {}
        })
        .await;
        clients.abort_all();
        let run_errors = self.stats.counts().errors;
        Ok(Report {
            run_errors,
            scenario: self.scenario,
            setup: self.setup.clone(),
            clients: self.clients,
            setup_failures: crowd.failures(),
            seconds,
            rounds_per_second: counts.rounds as f64 / seconds.max(f64::MIN_POSITIVE),
            frames_per_second: counts.frames() as f64 / seconds.max(f64::MIN_POSITIVE),
            latency: self.stats.latency(),
            server: self.server_figures(server_start, server_end, &counts),
            generator_rss_bytes,
            baseline: None,
            error_samples: self.stats.error_samples(),
            counts,
        })
    }

    fn read_server(&self) -> anyhow::Result<Option<Reading>> {
        self.server.as_ref().map(Servers::read).transpose()
    }

    fn server_figures(
        &self,
        start: Option<Reading>,
        end: Option<Reading>,
        counts: &Counts,
    ) -> Option<ServerFigures> {
        let (before, start, end) = (self.server_before?, start?, end?);
        let cpu = end.cpu.saturating_sub(start.cpu).as_secs_f64();
        Some(ServerFigures {
            rss_before_bytes: before.rss_bytes,
            rss_bytes: end.rss_bytes,
            rss_per_connection_bytes: end.rss_bytes.saturating_sub(before.rss_bytes)
                / counts.connections.max(1),
            cpu_seconds: cpu,
            cpu_us_per_frame: (counts.frames() > 0).then(|| cpu * 1e6 / counts.frames() as f64),
        })
    }
}
