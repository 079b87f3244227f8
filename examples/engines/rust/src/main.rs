//! An example engine in Rust (`docs/engines.md`): the engine protocol on
//! standard input and output, with the project's own types.
//!
//! It plays the move with the most pips expected this round, as the rules
//! crate works it out (`expectation`), and among moves worth the same the
//! one that keeps the most mice back for later rounds.
//!
//! Run it as a bot:
//! `mice-cake bot --engine "cargo run -q -p mice-cake-example-engine" play`

// An engine's diagnostics go to standard error, its answers to standard output.
#![allow(clippy::print_stderr)]

use std::io::{BufRead, Write};

use mice_cake_engine::{Assignment, GameView, Seat, expectation};
use mice_cake_protocol::engines::{
    ENGINE_PROTOCOL_VERSION, EngineMove, FromEngine, ToEngine, read_client_line,
};

/// The move to play: the most pips expected, then the fewest mice sent.
fn choose(view: &GameView, seat: Seat, legal: &[Assignment]) -> Assignment {
    let worth = |assignment: &Assignment| expectation(view, seat, assignment).pips;
    legal
        .iter()
        .copied()
        .max_by(|a, b| {
            worth(a)
                .total_cmp(&worth(b))
                .then_with(|| b.total().cmp(&a.total()))
        })
        .unwrap_or(Assignment::EMPTY)
}

fn answer(message: ToEngine, seat: &mut Option<Seat>) -> Option<FromEngine> {
    match message {
        ToEngine::Hello { .. } => Some(FromEngine::Engine {
            protocol: ENGINE_PROTOCOL_VERSION,
            name: "example-rust".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            author: Some("the Mice Cake examples".to_owned()),
        }),
        ToEngine::Game {
            seat: game_seat, ..
        } => {
            *seat = Some(game_seat);
            None
        }
        ToEngine::Round {
            round, view, legal, ..
        } => {
            let you = view.viewer.seat().or(*seat)?;
            Some(FromEngine::Move {
                round,
                assignment: EngineMove::Json(choose(&view, you, &legal)),
            })
        }
        ToEngine::Refused { round, message, .. } => {
            eprintln!("round {round} refused: {message}");
            None
        }
        ToEngine::Revealed { .. } | ToEngine::GameOver { .. } | ToEngine::Quit => None,
    }
}

fn main() -> std::io::Result<()> {
    let mut seat = None;
    let mut output = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        match read_client_line(&line) {
            Ok(ToEngine::Quit) => break,
            Ok(message) => {
                if let Some(reply) = answer(message, &mut seat) {
                    let text = serde_json::to_string(&reply).map_err(std::io::Error::other)?;
                    writeln!(output, "{text}")?;
                    output.flush()?;
                }
            }
            Err(error) => eprintln!("not a message of the engine protocol: {error}"),
        }
    }
    Ok(())
}
