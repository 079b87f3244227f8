//! A live room as stored: the parts that change as it goes, in one JSON
//! document. Rounds and events are stored apart, as they come.
//!
//! Times are uptimes (see [`crate::clock`]), so that a room's clocks stop
//! while the server is down.

use mice_cake_engine::fair::{self, FAIR_VERSION};
use mice_cake_engine::{
    Assignment, Exchange, Fairness, GameRecord, Layout, MatchId, MatchLink, MatchTally, Options,
    PlayerKey, Policy, RECORD_FORMAT, RecordedGame, ReplayError, RoundReport, SealSignature,
    SealedExchange, Seated, Seed, UNSEALED_RECORD_FORMAT, UNSIGNED_RECORD_FORMAT,
};
use mice_cake_protocol::{ArenaId, GameId, GameResult, NotRated, RoomOptions, RoomStatus};
use serde::{Deserialize, Serialize};

use crate::token::TokenHash;

/// A live room, but for its rounds and events.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RoomSnapshot {
    pub(crate) options: RoomOptions,
    pub(crate) status: RoomStatus,
    pub(crate) seats: Seated<Option<PlayerSnapshot>>,
    /// Games started in the room.
    pub(crate) game_number: u32,
    /// How the current (or last) game was dealt.
    pub(crate) deal: Option<DealSnapshot>,
    /// Commits held by servers before sealed play: read, and dropped (the
    /// players seal their moves again), never written.
    #[serde(default, skip_serializing)]
    pub(crate) commits: Seated<Option<CommitSnapshot>>,
    /// The seed of a game being dealt (its deal's exchange under way).
    #[serde(default)]
    pub(crate) dealing: Option<Seed>,
    /// The exchange of sealed moves under way: its seals, and the openings
    /// of moves the server made (secret until both are in). Players'
    /// openings are not stored: their clients open again after a restart.
    #[serde(default)]
    pub(crate) exchange: Option<Exchange>,
    /// Whose move of this exchange the server made at the deadline.
    #[serde(default)]
    pub(crate) auto: Seated<bool>,
    /// This round's deadline to seal, as an uptime.
    pub(crate) deadline: Option<u64>,
    /// When both seals are in: the time to open, as an uptime.
    #[serde(default)]
    pub(crate) open_by: Option<u64>,
    /// What each player who went away owing an opening had left of the
    /// time to open, in milliseconds.
    #[serde(default)]
    pub(crate) open_left_ms: Seated<Option<u64>>,
    pub(crate) rematch: Seated<bool>,
    pub(crate) result: Option<GameResult>,
    pub(crate) game_ids: Vec<GameId>,
    /// The number of the room's last event.
    pub(crate) last_seq: u64,
    /// Whose assignment the server made at the deadline, each round of the
    /// current game, as stored by servers before the room log: read, never
    /// written (each stored round says it now).
    #[serde(default, skip_serializing)]
    pub(crate) autos: Vec<Seated<bool>>,
    /// In a rated room, why the current (or last) game is not rated, as
    /// told when it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) not_rated: Option<NotRated>,
    /// In a rated room, when the current (or last) game started and the
    /// bot declarations it started with (none in a room stored before
    /// servers kept them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rated_start: Option<RatedStart>,
    /// Whether the room was made for a quick pairing (it waits for its
    /// two players, then calls the pairing off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) paired: bool,
    /// The arena the room was made for, if any (then `paired` too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) arena: Option<ArenaId>,
    /// The challenge the room was made for, if any (then `paired` too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) challenge: Option<mice_cake_protocol::ChallengeId>,
    /// The match the room plays (or last played), in a room that plays
    /// matches.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub(crate) match_state: Option<Box<MatchState>>,
    /// Between two games of a match: when the next one starts, as an
    /// uptime.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) next_game_at: Option<u64>,
}

/// A match as its room keeps it (`docs/rules.md`, "Matches").
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchState {
    pub(crate) id: MatchId,
    /// The score, by the players' seats in game 1.
    pub(crate) tally: MatchTally,
    /// The link of the game under way, or between games of the next one.
    pub(crate) link: MatchLink,
    /// The match's finished games, in order.
    pub(crate) games: Vec<GameId>,
    /// The players, by their seat in game 1.
    pub(crate) players: Seated<MatchPlayerState>,
}

/// One player of a match: their name (as it last was) and key.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchPlayerState {
    pub(crate) name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) key: Option<PlayerKey>,
}

/// What a rated room's game started with: when (milliseconds since the
/// Unix epoch), and each seat's declaration that its key is a bot's, as the
/// store held them just before (`null` for a person).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatedStart {
    pub(crate) at_ms: u64,
    pub(crate) bot_declarations: Seated<Option<SealSignature>>,
}

/// A seat's occupant.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerSnapshot {
    pub(crate) name: String,
    /// The seat token's SHA-256 in hex: never the token.
    #[serde(with = "hex_hash")]
    pub(crate) token: Option<TokenHash>,
    pub(crate) bot: Option<Policy>,
    /// Whether a connection held the seat.
    pub(crate) connected: bool,
    /// While disconnected during a game: when the player forfeits, as an uptime.
    pub(crate) grace_until: Option<u64>,
    /// What is left of the player's grace this round, in milliseconds
    /// (none in a room stored before graces were budgets: the whole grace).
    #[serde(default)]
    pub(crate) grace_left_ms: Option<u64>,
    pub(crate) auto_commits: u32,
    /// The player's public key (none in a room stored before signed moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) key: Option<PlayerKey>,
    /// Whether the key declared itself a bot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) declared_bot: bool,
}

/// A commit held for the round by a server before sealed play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CommitSnapshot {
    pub(crate) assignment: Assignment,
    /// Made by the server at the deadline.
    pub(crate) auto: bool,
}

/// How a game was dealt: its record without the rounds.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DealSnapshot {
    pub(crate) options: Options,
    pub(crate) seed: Seed,
    pub(crate) layout: Layout,
    /// The deal's seals and nonces; absent for a game dealt before sealed
    /// play (record format 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) sealed: Option<SealedExchange>,
    /// The players' keys; absent for a game dealt before signed moves
    /// (record format 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) keys: Option<Seated<Option<PlayerKey>>>,
    /// The game's place in its match; absent for a game played alone.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub(crate) match_link: Option<MatchLink>,
}

impl DealSnapshot {
    /// The deal of a recorded game.
    pub(crate) fn of(game: &RecordedGame) -> DealSnapshot {
        DealSnapshot {
            options: game.options(),
            seed: game.seed(),
            layout: *game.layout(),
            sealed: game.deal(),
            keys: game.keys(),
            match_link: game.match_link(),
        }
    }

    /// The record of the game dealt so, after these rounds.
    pub(crate) fn record(&self, rounds: Vec<StoredRound>) -> GameRecord {
        let fair = self.sealed.map(|deal| Fairness {
            version: FAIR_VERSION,
            commitment: fair::commitment_in(self.seed, self.match_link.as_ref()),
            deal,
            rounds: rounds.iter().filter_map(|round| round.sealed).collect(),
            keys: self.keys,
            left: None,
            match_link: self.match_link,
        });
        GameRecord {
            format: match &fair {
                Some(fair) if fair.keys.is_some() => RECORD_FORMAT,
                Some(_) => UNSIGNED_RECORD_FORMAT,
                None => UNSEALED_RECORD_FORMAT,
            },
            options: self.options,
            seed: Some(self.seed),
            layout: self.layout,
            outcome: rounds.last().and_then(|round| round.report.outcome),
            rounds: rounds.into_iter().map(|round| round.report).collect(),
            fair,
        }
    }
}

/// A round as stored: its report, its seals and nonces, and whose move the
/// server made at the deadline. Rounds stored before sealed play are the
/// bare report.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(from = "StoredRoundForm")]
pub(crate) struct StoredRound {
    pub(crate) report: RoundReport,
    pub(crate) sealed: Option<SealedExchange>,
    pub(crate) auto: Seated<bool>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum StoredRoundForm {
    Sealed {
        report: RoundReport,
        // Boxed: the form's other variant is a bare report.
        sealed: Option<Box<SealedExchange>>,
        /// Absent in rounds stored before the room log (their room's
        /// snapshot said it).
        #[serde(default)]
        auto: Seated<bool>,
    },
    Bare(RoundReport),
}

impl From<StoredRoundForm> for StoredRound {
    fn from(form: StoredRoundForm) -> StoredRound {
        match form {
            StoredRoundForm::Sealed {
                report,
                sealed,
                auto,
            } => StoredRound {
                report,
                sealed: sealed.map(|sealed| *sealed),
                auto,
            },
            StoredRoundForm::Bare(report) => StoredRound {
                report,
                sealed: None,
                auto: Seated::default(),
            },
        }
    }
}

impl StoredRound {
    /// The rounds of a recorded game from the `from`-th on, as stored, with
    /// whose moves the server made in each round (`autos`, one per round).
    /// The game keeps the last round's report; earlier ones are played again
    /// (see [`RecordedGame::record`]).
    pub(crate) fn of(
        game: &RecordedGame,
        from: usize,
        autos: &[Seated<bool>],
    ) -> Result<Vec<StoredRound>, ReplayError> {
        let mut sealed = game.exchanges_since(from).into_iter();
        Ok(game
            .reports_since(from)?
            .into_iter()
            .zip(from..)
            .map(|(report, index)| StoredRound {
                report,
                sealed: sealed.next(),
                auto: autos.get(index).copied().unwrap_or_default(),
            })
            .collect())
    }
}

/// A token hash as 64 hex digits.
mod hex_hash {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

    use crate::token::TokenHash;

    pub(super) fn serialize<S: Serializer>(
        hash: &Option<TokenHash>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match hash {
            Some(hash) => {
                const DIGITS: &[u8; 16] = b"0123456789abcdef";
                let hex: String = hash
                    .iter()
                    .flat_map(|byte| [byte >> 4, byte & 0x0f])
                    .map(|digit| char::from(DIGITS[usize::from(digit)]))
                    .collect();
                serializer.serialize_some(&hex)
            }
            None => serializer.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<TokenHash>, D::Error> {
        let Some(hex) = Option::<String>::deserialize(deserializer)? else {
            return Ok(None);
        };
        let mut hash = TokenHash::default();
        if hex.len() != 2 * hash.len() || !hex.is_ascii() {
            return Err(D::Error::custom("a token hash is 64 hex digits"));
        }
        for (byte, pair) in hash.iter_mut().zip(hex.as_bytes().chunks(2)) {
            let pair = std::str::from_utf8(pair).map_err(D::Error::custom)?;
            *byte = u8::from_str_radix(pair, 16).map_err(D::Error::custom)?;
        }
        Ok(Some(hash))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_hash_is_stored_as_hex_and_read_back() {
        let player = PlayerSnapshot {
            name: "ann".into(),
            token: Some(std::array::from_fn(|index| index as u8 * 7)),
            bot: None,
            connected: true,
            grace_until: None,
            grace_left_ms: Some(120_000),
            auto_commits: 0,
            key: None,
            declared_bot: true,
        };
        let json = serde_json::to_string(&player).unwrap();
        assert!(json.contains(r#""token":"00070e15"#), "{json}");
        assert_eq!(
            serde_json::from_str::<PlayerSnapshot>(&json).unwrap(),
            player
        );
        let short = json.replace("00070e15", "0007");
        assert!(serde_json::from_str::<PlayerSnapshot>(&short).is_err());
    }
}
