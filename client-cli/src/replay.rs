//! Finished games from a file or a server: loaded, checked, stepped through.

use mice_cake_engine::{GameRecord, GameView, Options, RoundReport, Seat, Seated, Viewer};
use mice_cake_protocol::{ApiError, FinishedGame, GameId, GameResult, PlayedRound, RoomCode};

use crate::text::Missed;
use crate::tr;

/// A checked game, ready to step through.
pub struct Replay {
    /// The game's id and room, if the source had them.
    pub id: Option<GameId>,
    pub room: Option<RoomCode>,
    /// The rules it was played by.
    pub options: Options,
    /// The players' names, if the source had them.
    pub players: Option<Seated<String>>,
    /// The game's end, as the server recorded it (forfeits included).
    pub result: Option<GameResult>,
    /// The room's time per round, when the server kept it (a bare record
    /// does not say).
    pub deadline_ms: Option<u64>,
    /// The cake before the first round, then after each round.
    pub views: Vec<GameView>,
    /// Every round.
    pub rounds: Vec<RoundReport>,
    /// Whether the dice were checked against the seed.
    pub verified: bool,
    /// The record itself (for its analysis).
    pub record: GameRecord,
}

/// Reads a record: a file, a `…/api/games/ID` URL, or a game id on `server`.
pub fn load(source: &str, server: &str) -> anyhow::Result<Replay> {
    parse(&read_source(source, server)?)
}

/// The text of a record: a file, a `…/api/games/ID` URL, or a game id on
/// `server`.
pub fn read_source(source: &str, server: &str) -> anyhow::Result<String> {
    if source.starts_with("http://") || source.starts_with("https://") {
        fetch(source)
    } else if source.parse::<GameId>().is_ok() {
        fetch(&format!(
            "{}/api/games/{source}",
            crate::cli::http_url(server)
        ))
    } else {
        std::fs::read_to_string(source).map_err(|error| {
            anyhow::anyhow!(tr!(
                "replay-cannot-read",
                source = source,
                error = error.to_string()
            ))
        })
    }
}

pub(crate) fn fetch(url: &str) -> anyhow::Result<String> {
    // An error status comes with the server's explanation: read it too.
    let response = crate::tls::http_agent()
        .get(url)
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .map_err(|error| {
            anyhow::anyhow!(tr!(
                "replay-cannot-fetch",
                url = url,
                error = error.to_string()
            ))
        })?;
    answer(url, response)
}

/// The server's refusal of an HTTP request: its code, in the player's
/// words.
#[derive(Debug)]
pub(crate) struct Refused {
    pub(crate) code: mice_cake_protocol::ErrorCode,
    /// What the player reads: the refusal, and the address refused.
    shown: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&self.shown)
    }
}

impl std::error::Error for Refused {}

/// The body of the server's answer from `url`; for an error status, its
/// explanation as the error ([`Refused`], when the server gave its code).
pub(crate) fn answer(
    url: &str,
    mut response: ureq::http::Response<ureq::Body>,
) -> anyhow::Result<String> {
    let status = response.status();
    let body = response.body_mut().read_to_string().map_err(|error| {
        anyhow::anyhow!(tr!(
            "replay-cannot-read",
            source = url,
            error = error.to_string()
        ))
    })?;
    if status.is_success() {
        return Ok(body);
    }
    match serde_json::from_str::<ApiError>(&body) {
        Ok(error) => Err(Refused {
            code: error.code,
            shown: tr!(
                "replay-refused",
                refusal = crate::catalogue::refusal_with(error.code, &error.message, &error.args),
                url = url
            ),
        }
        .into()),
        Err(_) => Err(anyhow::anyhow!(tr!(
            "replay-answered",
            url = url,
            status = status.to_string()
        ))),
    }
}

/// Reads a finished game (as the server serves it) or a bare record.
pub fn parse(text: &str) -> anyhow::Result<Replay> {
    let (record, players, result, id, room, deadline_ms) =
        match serde_json::from_str::<FinishedGame>(text) {
            Ok(game) => (
                game.record
                    .ok_or_else(|| ended_at_its_deal(game.id, game.aborted_deal.as_ref()))?,
                Some(game.players),
                Some(game.result),
                Some(game.id),
                Some(game.room),
                game.deadline_ms,
            ),
            Err(_) => {
                let record: GameRecord = serde_json::from_str(text).map_err(|error| {
                    anyhow::anyhow!(tr!("replay-not-a-record", error = error.to_string()))
                })?;
                (record, None, None, None, None, None)
            }
        };
    let verified = record.seed.is_some();
    let mut views = Vec::with_capacity(record.rounds.len() + 1);
    record
        .replay_each_round(|game| views.push(game.view(Viewer::Spectator)))
        .map_err(|error| {
            anyhow::anyhow!(tr!("replay-does-not-replay", error = error.to_string()))
        })?;
    Ok(Replay {
        id,
        room,
        options: record.options,
        players,
        result,
        deadline_ms,
        views,
        rounds: record.rounds.clone(),
        verified,
        record,
    })
}

/// Why a game that ended at its deal has nothing to replay.
fn ended_at_its_deal(id: GameId, deal: Option<&mice_cake_engine::AbortedDeal>) -> anyhow::Error {
    let refused: Vec<Seat> = deal
        .map(|deal| deal.refusers().collect())
        .unwrap_or_default();
    let id = id.to_string();
    anyhow::anyhow!(match refused.as_slice() {
        [] => tr!("replay-ended-at-deal", id = id),
        [seat] => tr!(
            "replay-ended-at-deal-unopened",
            id = id,
            seat = crate::text::seat_name(*seat)
        ),
        _ => tr!("replay-ended-at-deal-unopened-both", id = id),
    })
}

/// A record's rounds as played, each with its reveal's beats.
pub fn played_rounds(record: &GameRecord) -> Vec<PlayedRound> {
    let mut views = Vec::with_capacity(record.rounds.len() + 1);
    if record
        .replay_each_round(|game| views.push(game.view(Viewer::Spectator)))
        .is_err()
    {
        views.clear();
    }
    record
        .rounds
        .iter()
        .enumerate()
        .map(|(index, report)| PlayedRound {
            report: report.clone(),
            auto: Seated::default(),
            sealed: record
                .fair
                .as_ref()
                .and_then(|fair| fair.rounds.get(index).copied()),
            beats: views
                .get(index)
                .and_then(|before| mice_cake_engine::timeline(before, report).ok())
                .unwrap_or_default(),
        })
        .collect()
}

/// The whole game as text: each round, the cake after it, the end.
pub fn lines(replay: &Replay) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(players) = &replay.players {
        lines.push(tr!(
            "replay-players",
            yellow = players.yellow.as_str(),
            blue = players.blue.as_str()
        ));
    }
    if !replay.verified {
        lines.push(tr!("replay-no-seed"));
    }
    if let Some(first) = replay.views.first() {
        lines.extend(crate::text::view_lines(first));
    }
    for ((report, before), view) in replay
        .rounds
        .iter()
        .zip(&replay.views)
        .zip(replay.views.iter().skip(1))
    {
        let played = PlayedRound {
            report: report.clone(),
            auto: Seated::default(),
            sealed: None,
            beats: mice_cake_engine::timeline(before, report).unwrap_or_default(),
        };
        lines.extend(crate::text::round(&played, Missed::default()));
        lines.extend(crate::text::view_lines(view));
    }
    lines.push(end_line(replay));
    lines
}

/// How the game ended: as the server recorded it (a forfeit, say), else as
/// the record played out.
pub fn end_line(replay: &Replay) -> String {
    match result(replay) {
        Some(result) => crate::text::result(&result),
        None => tr!("replay-stops-early"),
    }
}

/// The game's result: as the server recorded it, else as the record
/// played out; none if it stops before the end.
pub fn result(replay: &Replay) -> Option<GameResult> {
    let played = replay
        .views
        .last()
        .and_then(|view| view.outcome)
        .map(|outcome| GameResult::played(&outcome));
    replay.result.or(played)
}

#[cfg(test)]
mod tests {

    use super::*;

    fn finished_record(seed: u64) -> GameRecord {
        crate::fixture::finished_record(seed, mice_cake_engine::Policy::Greedy)
    }

    #[test]
    fn a_record_gives_the_cake_before_and_after_every_round() {
        let record = finished_record(4);
        let replay = parse(&serde_json::to_string(&record).unwrap()).unwrap();
        assert!(replay.verified);
        assert_eq!(replay.rounds, record.rounds);
        assert_eq!(replay.views.len(), record.rounds.len() + 1);
        let end = record.replay().unwrap().view(Viewer::Spectator);
        assert_eq!(replay.views.last(), Some(&end));
        assert_eq!(replay.views[0].round, 1);
        let text = lines(&replay);
        assert!(
            text.last()
                .is_some_and(|line| line.starts_with("Game over: ")),
            "{text:?}"
        );
    }

    #[test]
    fn a_tampered_record_is_refused_with_the_round_named() {
        let mut record = finished_record(4);
        let attempt = record.rounds[2]
            .attempts
            .iter_mut()
            .find(|attempt| !attempt.dice.is_empty())
            .unwrap();
        attempt.sum += 1;
        let error = parse(&serde_json::to_string(&record).unwrap())
            .err()
            .unwrap()
            .to_string();
        assert!(
            error.contains("does not replay") && error.contains("round 3"),
            "{error}"
        );
    }

    #[test]
    fn a_record_without_its_seed_replays_with_its_own_dice_and_says_so() {
        let mut record = finished_record(9);
        record.seed = None;
        let replay = parse(&serde_json::to_string(&record).unwrap()).unwrap();
        assert!(!replay.verified);
        assert_eq!(replay.views.len(), record.rounds.len() + 1);
        assert!(
            lines(&replay)
                .iter()
                .any(|line| line.contains("could not be checked"))
        );
    }

    #[test]
    fn a_servers_finished_game_brings_the_names_and_result() {
        let game = crate::fixture::served(finished_record(2), 1, Some(60_000));
        let replay = parse(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(replay.result, Some(game.result));
        let text = lines(&replay);
        assert_eq!(text[0], "Yellow: ann   Blue: bob");
    }

    #[test]
    fn not_a_record_is_a_clear_error() {
        let error = parse("{\"hello\": 1}").err().unwrap().to_string();
        assert!(error.starts_with("not a game record"), "{error}");
        let missing = load("/nonexistent/game.json", "ws://127.0.0.1:1")
            .err()
            .unwrap()
            .to_string();
        assert!(
            missing.starts_with("cannot read /nonexistent/game.json"),
            "{missing}"
        );
        let id = "00000000-0000-0000-0000-000000000001";
        let unreachable = load(id, "ws://127.0.0.1:1").err().unwrap().to_string();
        assert!(
            unreachable.contains(&format!("cannot fetch http://127.0.0.1:1/api/games/{id}")),
            "{unreachable}"
        );
    }
}
