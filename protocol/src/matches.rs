//! Matches (`docs/rules.md`, "Matches"): a room with `first_to` above 1
//! plays game after game until a player has that many wins. What a member
//! is told of the score ([`MatchScore`]), what a game's body says of its
//! match ([`MatchGame`]), and `GET /api/matches/{id}` ([`MatchSummary`]).
//! The rule that counts is the engine's ([`mice_cake_engine::MatchTally`]);
//! [`match_game_end`] reads a game's end for it.

use mice_cake_engine::{MatchEnd, MatchGameEnd, MatchId, MatchTally, PlayerKey, Seat, Seated};
use serde::{Deserialize, Serialize};

use crate::ids::{GameId, RoomCode};
use crate::room::{Ending, ForfeitCause, GameResult};

/// A match's score as the room tells it, by the seats of the game under
/// way (or of the last one, between games).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchScore {
    /// The match, for `GET /api/matches/{id}`.
    #[schemars(with = "String")]
    pub id: MatchId,
    /// The wins that take it.
    pub first_to: u32,
    /// The game under way, or the last one played: 1 for the first.
    pub number: u32,
    /// Each seat's wins so far, by who sits there in game `number`.
    pub wins: Seated<u32>,
    /// How the match ended, its winner named by their seat in game
    /// `number`; `null` while it goes on.
    pub end: Option<MatchEnd>,
    /// The match's finished games, in order.
    pub games: Vec<GameId>,
    /// Between two games of a match that goes on: milliseconds before the
    /// next game starts (it starts sooner once both players are ready,
    /// `rematch`). `null` otherwise.
    #[serde(default)]
    pub next_game_ms: Option<u64>,
}

/// A game's place in its match, in the game's body (`GET /api/games/{id}`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchGame {
    /// The match.
    #[schemars(with = "String")]
    pub id: MatchId,
    /// The game's number in it: 1 for the first.
    pub number: u32,
}

/// Where a match stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Games are still to be played.
    Playing,
    /// A player reached `first_to` wins.
    Won,
    /// A player left: the other won.
    Forfeit,
    /// Both players went: nobody won.
    Abandoned,
}

/// One player of a match, in `GET /api/matches/{id}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchPlayer {
    /// Their key, when they announced one.
    #[schemars(with = "Option<String>")]
    pub key: Option<PlayerKey>,
    /// Their name.
    pub name: String,
    /// Their wins.
    pub wins: u32,
}

/// `GET /api/matches/{id}`: a match, its players (the first game's Yellow
/// first) and its games in order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchSummary {
    /// The match.
    #[schemars(with = "String")]
    pub id: MatchId,
    /// The room it is played in.
    pub room: RoomCode,
    /// The wins that take it.
    pub first_to: u32,
    /// Where it stands.
    pub status: MatchStatus,
    /// The two players: who played Yellow in game 1, then who played Blue.
    /// Seats change colour each game.
    pub players: [MatchPlayer; 2],
    /// Its finished games, in order, for `GET /api/games/{id}`.
    pub games: Vec<GameId>,
    /// The winner: 0 or 1, their place in `players`; `null` while it goes
    /// on, and when nobody won.
    pub winner: Option<u8>,
}

impl MatchSummary {
    /// The status a tally's end gives.
    pub fn status_of(end: Option<MatchEnd>) -> MatchStatus {
        match end {
            None => MatchStatus::Playing,
            Some(MatchEnd::Won { .. }) => MatchStatus::Won,
            Some(MatchEnd::Forfeit { .. }) => MatchStatus::Forfeit,
            Some(MatchEnd::Abandoned) => MatchStatus::Abandoned,
        }
    }

    /// The winner's place in `players` a tally's end gives.
    pub fn winner_of(end: Option<MatchEnd>) -> Option<u8> {
        end.and_then(MatchEnd::winner).map(|seat| match seat {
            Seat::Yellow => 0,
            Seat::Blue => 1,
        })
    }

    /// The tally this summary says: wins and end, by the players' seats in
    /// game 1.
    pub fn tally(&self) -> MatchTally {
        let winner = match self.winner {
            Some(0) => Some(Seat::Yellow),
            Some(_) => Some(Seat::Blue),
            None => None,
        };
        let end = match (self.status, winner) {
            (MatchStatus::Playing, _) => None,
            (MatchStatus::Won, Some(winner)) => Some(MatchEnd::Won { winner }),
            (MatchStatus::Forfeit, Some(winner)) => Some(MatchEnd::Forfeit { winner }),
            _ => Some(MatchEnd::Abandoned),
        };
        MatchTally {
            first_to: self.first_to,
            games: u32::try_from(self.games.len()).unwrap_or(u32::MAX),
            wins: Seated {
                yellow: self.players[0].wins,
                blue: self.players[1].wins,
            },
            end,
        }
    }
}

/// How a game's end counts in its match (`docs/rules.md`, "Matches"): a
/// game won (played out, or forfeited for missed deadlines or a move not
/// opened) is a win; a draw counts for nobody; a player who left, or was
/// gone past their grace, loses the match; a game aborted at its start
/// counts as forfeited by whoever ended it, and when nobody did (or both
/// went at once) the match ends without a winner.
pub fn match_game_end(result: &GameResult) -> MatchGameEnd {
    let gone =
        |cause: ForfeitCause| matches!(cause, ForfeitCause::Left | ForfeitCause::Disconnected);
    match result.ending {
        Ending::Played { .. } => result.winner.map_or(MatchGameEnd::Drawn, MatchGameEnd::Won),
        Ending::Forfeit { seat, cause }
        | Ending::Aborted {
            seat: Some(seat),
            cause,
        } => {
            if gone(cause) {
                MatchGameEnd::Left(seat)
            } else {
                MatchGameEnd::Won(seat.opponent())
            }
        }
        Ending::Abandoned { .. } | Ending::Aborted { seat: None, .. } => MatchGameEnd::BothGone,
    }
}

/// `end` (named by the players' seats in game 1) named by their seats in
/// game `number`.
pub fn end_in_game(end: MatchEnd, number: u32) -> MatchEnd {
    match end {
        MatchEnd::Won { winner } => MatchEnd::Won {
            winner: MatchTally::player_in(winner, number),
        },
        MatchEnd::Forfeit { winner } => MatchEnd::Forfeit {
            winner: MatchTally::player_in(winner, number),
        },
        MatchEnd::Abandoned => MatchEnd::Abandoned,
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Decider, EndReason};

    use super::*;

    fn ended(ending: Ending, winner: Option<Seat>) -> GameResult {
        GameResult {
            winner,
            score: Seated::default(),
            ending,
        }
    }

    #[test]
    fn each_ending_counts_as_the_rules_of_matches_say() {
        let played = Ending::Played {
            end: EndReason::BoardCleared,
            decided_by: Decider::Pips,
        };
        assert_eq!(
            match_game_end(&ended(played, Some(Seat::Blue))),
            MatchGameEnd::Won(Seat::Blue)
        );
        assert_eq!(match_game_end(&ended(played, None)), MatchGameEnd::Drawn);
        for (cause, counted) in [
            (ForfeitCause::MissedDeadlines, MatchGameEnd::Won(Seat::Blue)),
            (ForfeitCause::NotOpened, MatchGameEnd::Won(Seat::Blue)),
            (ForfeitCause::Left, MatchGameEnd::Left(Seat::Yellow)),
            (ForfeitCause::Disconnected, MatchGameEnd::Left(Seat::Yellow)),
        ] {
            let forfeit = Ending::Forfeit {
                seat: Seat::Yellow,
                cause,
            };
            assert_eq!(match_game_end(&ended(forfeit, Some(Seat::Blue))), counted);
            // Aborted at its start, the game counts the same against whoever
            // ended it, though it names no winner.
            let aborted = Ending::Aborted {
                seat: Some(Seat::Yellow),
                cause,
            };
            assert_eq!(match_game_end(&ended(aborted, None)), counted);
        }
        let both = Ending::Abandoned {
            cause: ForfeitCause::Disconnected,
        };
        assert_eq!(match_game_end(&ended(both, None)), MatchGameEnd::BothGone);
    }
}
