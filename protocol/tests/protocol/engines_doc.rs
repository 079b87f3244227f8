//! `docs/engines.md`'s worked exchange is the protocol's: each line reads
//! as the message it claims to be (a line cut short with `…` names only
//! fields the message has), in the order an engine meets them.

use mice_cake_engine::{
    Assignment, Game, Layout, Options, RecordedGame, Seat, Seed, Viewer, greedy_assignment,
};
use mice_cake_protocol::engines::{
    ENGINE_PROTOCOL_VERSION, EngineMatch, EngineMove, EngineOpponent, EngineRefusal, FromEngine,
    ToEngine, read_client_line, read_engine_line,
};
use mice_cake_protocol::{Ending, GameResult};

const ENGINES_MD: &str = include_str!("../../../docs/engines.md");

/// The worked exchange's lines: (from the client, the JSON).
fn exchange() -> Vec<(bool, &'static str)> {
    let section = ENGINES_MD
        .split("## A worked exchange")
        .nth(1)
        .expect("the section");
    let block = section.split("```text").nth(1).expect("its block");
    let block = block.split("```").next().expect("its end");
    block
        .lines()
        .filter_map(|line| {
            line.strip_prefix("> ")
                .map(|json| (true, json))
                .or_else(|| line.strip_prefix("< ").map(|json| (false, json)))
        })
        .collect()
}

/// One message of each kind, as the client and the engines write them.
fn samples() -> Vec<serde_json::Value> {
    let layout = Layout::shuffled(&mut Seed::from_u64(1).rng());
    let game = Game::new(Options::default(), &layout).expect("a game");
    let view = game.view(Viewer::Blue);
    let outcome_result = GameResult {
        winner: Some(Seat::Blue),
        score: mice_cake_engine::Seated::from_fn(|_| mice_cake_engine::Score::default()),
        ending: Ending::Played {
            end: mice_cake_engine::EndReason::BoardCleared,
            decided_by: mice_cake_engine::Decider::Pips,
        },
    };
    let to_engine = [
        ToEngine::Hello {
            protocol: ENGINE_PROTOCOL_VERSION,
            client: "mice-cake 0.1.0".into(),
        },
        ToEngine::Game {
            seat: Seat::Blue,
            options: Options::default(),
            opponent: EngineOpponent {
                name: Some("ann".into()),
                bot: false,
            },
            in_match: Some(EngineMatch {
                first_to: 2,
                number: 1,
                wins: mice_cake_engine::Seated::from_fn(|_| 0),
            }),
        },
        ToEngine::Round {
            round: 1,
            view,
            legal: view.legal_assignments(Seat::Blue),
            time_ms: 5000,
        },
        ToEngine::Revealed {
            report: {
                let mut played =
                    RecordedGame::new(Options::default(), Seed::from_u64(1)).expect("a game");
                let yellow = greedy_assignment(&played.game().view(Viewer::Yellow), Seat::Yellow);
                let blue = greedy_assignment(&view, Seat::Blue);
                played.play_round(&yellow, &blue).expect("a round").clone()
            },
            view,
        },
        ToEngine::Refused {
            round: 2,
            reason: EngineRefusal::Illegal,
            message: "no".into(),
            played: greedy_assignment(&view, Seat::Blue),
        },
        ToEngine::GameOver {
            result: outcome_result,
            game: None,
            in_match: None,
        },
        ToEngine::Quit,
    ];
    let from_engine = [
        FromEngine::Engine {
            protocol: 1,
            name: "x".into(),
            version: "1".into(),
            author: Some("y".into()),
        },
        FromEngine::Move {
            round: 1,
            assignment: EngineMove::Json(Assignment::EMPTY),
        },
    ];
    to_engine
        .iter()
        .map(|message| serde_json::to_value(message).expect("json"))
        .chain(
            from_engine
                .iter()
                .map(|message| serde_json::to_value(message).expect("json")),
        )
        .collect()
}

/// The keys of the outermost object in `text` (JSON, perhaps cut short).
fn top_level_keys(text: &str) -> Vec<String> {
    let (mut depth, mut keys, mut in_string, mut current) = (0, Vec::new(), false, String::new());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if in_string => {
                in_string = false;
                if depth == 1 && chars.peek() == Some(&':') {
                    keys.push(std::mem::take(&mut current));
                }
                current.clear();
            }
            '\\' if in_string => {
                chars.next();
            }
            _ if in_string => current.push(c),
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            _ => {}
        }
    }
    keys
}

#[test]
fn the_worked_exchange_reads_as_the_protocol() {
    let lines = exchange();
    assert!(lines.len() >= 10, "{lines:?}");
    let samples = samples();
    let mut kinds = Vec::new();
    for (to_engine, line) in &lines {
        if line.contains('…') {
            // Cut short: its type is the protocol's, and every field it
            // names is one a message of that type has.
            let kind = line
                .split("\"type\":\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("a type");
            let sample = samples
                .iter()
                .find(|sample| sample["type"] == kind)
                .unwrap_or_else(|| panic!("no message {kind}: {line}"));
            for field in top_level_keys(line.split('…').next().expect("head")) {
                assert!(
                    sample.get(&field).is_some(),
                    "{kind} has no field {field}: {line}"
                );
            }
            kinds.push(kind.to_owned());
        } else if *to_engine {
            let message = read_client_line(line).unwrap_or_else(|error| panic!("{line}: {error}"));
            kinds.push(
                serde_json::to_value(&message).expect("json")["type"]
                    .as_str()
                    .expect("type")
                    .to_owned(),
            );
        } else {
            let message = read_engine_line(line).unwrap_or_else(|error| panic!("{line}: {error}"));
            kinds.push(
                serde_json::to_value(&message).expect("json")["type"]
                    .as_str()
                    .expect("type")
                    .to_owned(),
            );
        }
    }
    assert_eq!(
        kinds,
        [
            "hello",
            "engine",
            "game",
            "round",
            "move",
            "revealed",
            "round",
            "move",
            "refused",
            "game_over",
            "quit"
        ]
    );
    // The move the exchange refuses is not one, as the refusal says.
    let refused = lines
        .iter()
        .find(|(_, line)| line.contains("\"A9\""))
        .expect("the bad move");
    let FromEngine::Move { assignment, .. } = read_engine_line(refused.1).expect("a move message")
    else {
        panic!("a move");
    };
    assert!(assignment.assignment().is_err());
}
