//! `mice-cake engine --policy P`: a built-in policy as an engine, speaking
//! the engine protocol on standard input and output (`docs/engines.md`).
//! It proves the protocol with the strongest engine there is, and plays
//! exactly as `--policy P` does with the same `--seed`: the same views,
//! in the same order, draw the same choices.

use std::io::{BufRead, Write};

use mice_cake_engine::{GameRng, Policy, Seat};
use mice_cake_protocol::engines::{
    ENGINE_PROTOCOL_VERSION, EngineMove, FromEngine, ToEngine, read_client_line,
};

use crate::engine_link::EngineName;
use crate::tr;

/// Plays `policy` over the protocol, reading `input` and writing `output`,
/// until `quit` or the end of `input`. Lines it cannot read are said on
/// standard error and skipped: the client says what it expected.
pub fn serve(
    policy: Policy,
    mut rng: GameRng,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut seat: Option<Seat> = None;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = match read_client_line(&line) {
            Ok(ToEngine::Hello { .. }) => {
                let EngineName {
                    name,
                    version,
                    author,
                } = EngineName::built_in(policy);
                Some(FromEngine::Engine {
                    protocol: ENGINE_PROTOCOL_VERSION,
                    name,
                    version,
                    author,
                })
            }
            Ok(ToEngine::Game {
                seat: game_seat, ..
            }) => {
                seat = Some(game_seat);
                None
            }
            Ok(ToEngine::Round { round, view, .. }) => {
                // The view says whose it is; `game` said so too.
                let you = view.viewer.seat().or(seat);
                you.map(|you| FromEngine::Move {
                    round,
                    assignment: EngineMove::Json(policy.choose(&view, you, &mut rng)),
                })
            }
            Ok(ToEngine::Refused { round, message, .. }) => {
                say(&tr!(
                    "engine-told-refused",
                    round = round,
                    message = message
                ));
                None
            }
            Ok(ToEngine::Revealed { .. } | ToEngine::GameOver { .. }) => None,
            Ok(ToEngine::Quit) => return Ok(()),
            Err(error) => {
                say(&tr!("engine-cannot-read", error = error));
                None
            }
        };
        if let Some(answer) = answer {
            let text = serde_json::to_string(&answer).map_err(std::io::Error::other)?;
            writeln!(output, "{text}")?;
            output.flush()?;
        }
    }
    Ok(())
}

fn say(line: &str) {
    #[allow(clippy::print_stderr)]
    {
        eprintln!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Game, Layout, Seed};

    use super::*;

    /// The engine's answers to `lines`, one client message a line.
    fn answers(policy: Policy, seed: u64, lines: &[ToEngine]) -> Vec<FromEngine> {
        let input: String = lines
            .iter()
            .map(|message| serde_json::to_string(message).expect("json") + "\n")
            .collect();
        let mut output = Vec::new();
        serve(
            policy,
            Seed::from_u64(seed).rng(),
            input.as_bytes(),
            &mut output,
        )
        .expect("served");
        String::from_utf8(output)
            .expect("utf-8")
            .lines()
            .map(|line| serde_json::from_str(line).expect("a message"))
            .collect()
    }

    #[test]
    fn it_names_itself_then_plays_each_round_as_its_policy_does() {
        let layout = Layout::shuffled(&mut Seed::from_u64(7).rng());
        let game = Game::new(mice_cake_engine::Options::default(), &layout).expect("a game");
        let view = game.view(Seat::Blue.into());
        let messages = [
            ToEngine::Hello {
                protocol: ENGINE_PROTOCOL_VERSION,
                client: "test".into(),
            },
            ToEngine::Round {
                round: view.round,
                view,
                legal: view.legal_assignments(Seat::Blue),
                time_ms: 1000,
            },
            ToEngine::Quit,
        ];
        let answers = answers(Policy::Strong, 3, &messages);
        assert!(
            matches!(&answers[0], FromEngine::Engine { protocol: 1, name, .. } if name == "mice-cake strong")
        );
        let expected = Policy::Strong.choose(&view, Seat::Blue, &mut Seed::from_u64(3).rng());
        assert_eq!(
            answers[1],
            FromEngine::Move {
                round: view.round,
                assignment: EngineMove::Json(expected)
            }
        );
        assert_eq!(answers.len(), 2, "nothing after quit");
    }
}
