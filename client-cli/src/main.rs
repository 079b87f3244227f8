//! `mice-cake`: `--help` lists the commands.

use std::io::IsTerminal as _;

use anyhow::Context as _;
use clap::Parser as _;
use mice_cake_cli::cli::{BotEntry, Cli, Command, bot_name, websocket_url};
use mice_cake_cli::net::{Entry, NetEvent};
use mice_cake_cli::plain::{self, Decider, Output, print_lines};
use mice_cake_cli::{replay, sim, tui};
use mice_cake_engine::{Policy, Seed};
use mice_cake_protocol::ServerMessage;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let output = if cli.json { Output::Json } else { Output::Text };
    let plain = cli.plain
        || cli.json
        || !std::io::stdin().is_terminal()
        || !std::io::stdout().is_terminal();
    let url = websocket_url(&cli.server);
    match cli.command {
        Command::Create { room, vs_bot } => {
            let entry = Entry::Create(room.options(vs_bot.map(Into::into)));
            play(&url, &cli.name, entry, plain, output, Decider::Stdin).await
        }
        Command::Join { code } => {
            play(
                &url,
                &cli.name,
                Entry::Join(code),
                plain,
                output,
                Decider::Stdin,
            )
            .await
        }
        Command::Watch { code } => {
            play(
                &url,
                &cli.name,
                Entry::Watch(code),
                plain,
                output,
                Decider::Watch,
            )
            .await
        }
        Command::Bot {
            entry,
            policy,
            seed,
            think,
        } => {
            let policy: Policy = policy.into();
            let rng = Seed::from_u64(seed.unwrap_or_else(rand_seed)).rng();
            let entry = match entry {
                BotEntry::Create { room } => Entry::Create(room.options(None)),
                BotEntry::Join { code } => Entry::Join(code),
            };
            let name = bot_name(&cli.name, policy);
            play(
                &url,
                &name,
                entry,
                true,
                output,
                Decider::Policy(policy, Box::new(rng), think),
            )
            .await
        }
        Command::Rooms => rooms(&url, &cli.name, output).await,
        Command::Sim {
            games,
            seed,
            policies,
            record,
            game,
        } => {
            let summary = sim::simulate(games, seed, policies, game.options(), record.as_deref())?;
            match output {
                Output::Json => print_lines([serde_json::to_string(&summary)?]),
                Output::Text => print_lines(sim::report(&summary, seed, policies)),
            }
            Ok(())
        }
        Command::Replay { source } => {
            let replay = replay::load(&source, &cli.server)?;
            if plain {
                print_lines(replay::lines(&replay));
                Ok(())
            } else {
                tui::replay::run(replay)
            }
        }
    }
}

async fn play(
    url: &str,
    name: &str,
    entry: Entry,
    plain: bool,
    output: Output,
    decider: Decider,
) -> anyhow::Result<()> {
    let session = mice_cake_cli::net::connect(url, name, entry).await?;
    if plain {
        plain::run(session, output, decider).await?;
        Ok(())
    } else {
        tui::run(session).await
    }
}

async fn rooms(url: &str, name: &str, output: Output) -> anyhow::Result<()> {
    let mut session = mice_cake_cli::net::connect(url, name, Entry::List).await?;
    while let Some(event) = session.events.recv().await {
        match event {
            NetEvent::Message(message @ ServerMessage::RoomList { .. }) => {
                match (output, &message) {
                    (Output::Json, _) => print_lines([serde_json::to_string(&message)?]),
                    (Output::Text, ServerMessage::RoomList { rooms, total }) => {
                        print_lines(plain::rooms_table(rooms, *total));
                    }
                    _ => {}
                }
                return Ok(());
            }
            NetEvent::Message(ServerMessage::Error { message, .. }) => anyhow::bail!(message),
            NetEvent::Closed(reason) => anyhow::bail!("disconnected: {reason}"),
            _ => {}
        }
    }
    Err(anyhow::anyhow!("the connection ended")).context("listing rooms")
}

/// A seed for a bot when none is given: from the clock, which is fine for
/// a practice partner's choices.
fn rand_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64)
}
