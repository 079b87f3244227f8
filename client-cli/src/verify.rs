//! `mice-cake verify`: checks, offline, that a finished game was fair
//! (`docs/fairness.md`) — the seed against its commitment, every seal
//! against its opening, the deal and every die against the seed and both
//! players' nonces, every outcome against the rules — and, for a game this
//! client played, the record against what it saw during the game.

use mice_cake_engine::{GameRecord, Witness};
use mice_cake_protocol::{FinishedGame, GameId};

/// What a check concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Sealed and checked link by link.
    Fair {
        /// Rounds checked.
        rounds: usize,
    },
    /// The record follows the rules, but proves nothing of its dice: a
    /// game from before sealed play (format 1).
    Unsealed,
    /// A link is broken: the first one, named.
    Broken(String),
}

impl Verdict {
    /// The process's exit code: 0 fair, 1 broken, 3 nothing to prove it with.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Fair { .. } => 0,
            Verdict::Broken(_) => 1,
            Verdict::Unsealed => 3,
        }
    }

    /// One line for people.
    pub fn line(&self) -> String {
        match self {
            Verdict::Fair { rounds } => format!(
                "verified fair: the seed matches the commitment published at the start, every \
                 seal matches its opening, the deal and the dice of all {rounds} rounds come from \
                 the seed and both players' nonces, and every outcome follows the rules"
            ),
            Verdict::Unsealed => "not provably fair: a game from before sealed play (record \
                                  format 1); its rounds follow the rules, but its dice came \
                                  from the server's seed alone"
                .into(),
            Verdict::Broken(problem) => format!("NOT FAIR: {problem}"),
        }
    }
}

/// Checks `record` and, if given, what a player's client saw of the game.
pub fn verify(record: &GameRecord, witness: Option<&Witness>) -> Verdict {
    if record.seed.is_none() {
        return Verdict::Broken(
            "the record has no seed: the game is not over, or the seed was taken out".into(),
        );
    }
    if let Err(error) = record.replay() {
        return Verdict::Broken(error.to_string());
    }
    if !record.is_sealed() {
        return Verdict::Unsealed;
    }
    if let Some(witness) = witness
        && let Err(error) = witness.check(record)
    {
        return Verdict::Broken(error.to_string());
    }
    Verdict::Fair {
        rounds: record.rounds.len(),
    }
}

/// Reads a record from a server's `/api/games/ID` answer or a bare record.
pub fn parse_record(text: &str) -> anyhow::Result<GameRecord> {
    match serde_json::from_str::<FinishedGame>(text) {
        Ok(game) => Ok(game.record),
        Err(_) => serde_json::from_str(text)
            .map_err(|error| anyhow::anyhow!("not a game record: {error}")),
    }
}

/// Reads a record: a file, a `…/api/games/ID` URL, or a game id on `server`.
pub fn load(source: &str, server: &str) -> anyhow::Result<GameRecord> {
    parse_record(&crate::replay::read_source(source, server)?)
}

/// Checks a game just played on the server at `http` (its HTTP address),
/// against what this client saw of it: one line for people.
pub async fn check_played(http: String, id: GameId, witness: Option<Witness>) -> String {
    let checked = tokio::task::spawn_blocking(move || {
        let text = crate::replay::read_source(&id.to_string(), &http)?;
        let record = parse_record(&text)?;
        anyhow::Ok(verify(&record, witness.as_ref()))
    })
    .await;
    match checked {
        Ok(Ok(verdict)) => verdict.line(),
        Ok(Err(error)) => format!("could not verify the game: {error:#}"),
        Err(error) => format!("could not verify the game: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Options, RecordedGame, Seat, Seed, Viewer, greedy_assignment};

    use super::*;

    fn finished_game(seed: u64) -> GameRecord {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
        while game.game().outcome().is_none() {
            let view = game.game().view(Viewer::Spectator);
            let yellow = greedy_assignment(&view, Seat::Yellow);
            let blue = greedy_assignment(&view, Seat::Blue);
            game.play_round(&yellow, &blue).unwrap();
        }
        game.into_record()
    }

    #[test]
    fn an_honest_record_is_fair_and_a_changed_one_is_not() {
        let record = finished_game(3);
        let verdict = verify(&record, None);
        assert_eq!(
            verdict,
            Verdict::Fair {
                rounds: record.rounds.len()
            }
        );
        assert_eq!(verdict.exit_code(), 0);
        let mut tampered = record.clone();
        tampered.seed = Some(Seed::from_u64(4));
        let verdict = verify(&tampered, None);
        assert_eq!(verdict.exit_code(), 1);
        assert!(verdict.line().contains("commitment"), "{}", verdict.line());
    }

    #[test]
    fn a_record_is_read_bare_or_as_the_server_serves_it() {
        let record = finished_game(5);
        let bare = serde_json::to_string(&record).unwrap();
        assert_eq!(parse_record(&bare).unwrap(), record);
        assert!(parse_record("{}").is_err());
    }
}
