//! Rooms as the wire describes them: options, players, results, listings.

use mice_cake_engine::{
    Decider, EndReason, Options, Outcome, PlayerKey, Policy, Score, Seat, Seated,
};
use serde::{Deserialize, Serialize};

use crate::ids::RoomCode;
use crate::rating::Rating;

/// The time to commit an assignment in a round when neither the room nor
/// the server's operator chose another: 60 s.
pub const DEFAULT_DEADLINE_MS: u64 = 60_000;

/// The longest round deadline a room may set: one day.
pub const MAX_DEADLINE_MS: u64 = 24 * 60 * 60 * 1000;

/// A room's options, chosen by its creator. `{}` is a public room with the
/// standard game and a 60 s deadline.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RoomOptions {
    /// The rules: reveal variant, boost variant, stall limit.
    pub game: Options,
    /// Time to commit each round, in milliseconds; 0 means no deadline.
    /// Left out (`null`), the server's default (60 s unless its operator
    /// chose another); a room's state always shows the value in force.
    pub deadline_ms: Option<u64>,
    /// Whether the room is listed in `GET /api/rooms` and `list_rooms`.
    pub public: bool,
    /// Play against a server-side bot with this policy, which takes the other seat.
    pub bot: Option<Policy>,
    /// Whether what is said on the chat during a game is kept with the
    /// finished game (`GET /api/games/{id}`, `chat`). Off unless asked.
    pub record_chat: bool,
    /// Whether games here change the players' ratings (`docs/ratings.md`):
    /// both seats then need a key, the rules must be a pool's (the
    /// standard stall limit), and no bot plays. Off unless asked; quick
    /// pairing's rooms are rated. Left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// A match (`docs/rules.md`, "Matches"): the room plays game after game
    /// until a player has this many wins, seats changing colour each game.
    /// 1 (left out) plays one game, with rematches; at most
    /// [`mice_cake_engine::MAX_FIRST_TO`].
    #[serde(default = "one_game", skip_serializing_if = "is_one_game")]
    pub first_to: u32,
}

fn one_game() -> u32 {
    1
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn is_one_game(first_to: &u32) -> bool {
    *first_to == 1
}

impl RoomOptions {
    /// The round deadline in milliseconds, if the room has one.
    pub fn deadline(&self) -> Option<u64> {
        self.deadline_ms.filter(|ms| *ms > 0)
    }

    /// Whether the room plays matches (`first_to` above 1).
    pub fn is_match(&self) -> bool {
        self.first_to > 1
    }
}

impl Default for RoomOptions {
    fn default() -> Self {
        RoomOptions {
            game: Options::default(),
            deadline_ms: None,
            public: true,
            bot: None,
            record_chat: false,
            rated: false,
            first_to: 1,
        }
    }
}

/// What state a room is in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Waiting for the second player.
    Waiting,
    /// A game is being played.
    Playing,
    /// The last game is over; a rematch may follow.
    Finished,
}

/// A player as everyone in the room sees them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerInfo {
    /// The name they chose (a bot is named after its policy).
    pub name: String,
    /// Whether a connection holds the seat now (a bot is always connected).
    pub connected: bool,
    /// The bot's policy, if the seat is a server-side bot.
    pub bot: Option<Policy>,
    /// While disconnected during a game: milliseconds left before forfeit.
    pub grace_ms: Option<u64>,
    /// Rounds in a row the server committed for this player at the deadline.
    pub auto_commits: u32,
    /// The player's public key, which signs their moves; `null` for a bot
    /// or a client that announced none. Fixed for the length of a game.
    pub key: Option<PlayerKey>,
    /// Their rating in the room's pool, as the server's store holds it
    /// (read when they take the seat, again after each rated game); `null`
    /// without a key, for rules that are no pool's, or until it is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    /// Whether the player's key has declared itself a bot (a program
    /// plays it: `mice-cake bot`, say), shown with a BOT badge. A
    /// server-side bot is told by `bot` instead. Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declared_bot: bool,
}

impl PlayerInfo {
    /// Whether a program plays the seat: a server-side bot, or a key that
    /// declared itself a bot.
    pub fn is_bot(&self) -> bool {
        self.bot.is_some() || self.declared_bot
    }
}

/// Why a player lost by forfeit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitCause {
    /// The deadline passed without a commit too many rounds in a row.
    MissedDeadlines,
    /// Gone: disconnected longer than the grace period, or left the room
    /// without a signed leave (nothing proves it was a leave).
    Disconnected,
    /// Left the room during the game (the leave signed with the player's
    /// key, when they have one: the record keeps it).
    Left,
    /// Sealed a move but did not open it in time (`docs/fairness.md`).
    NotOpened,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ending {
    /// Played to its end (rules 15–16).
    Played {
        /// Why it ended.
        end: EndReason,
        /// What decided the winner.
        decided_by: Decider,
    },
    /// A player forfeited.
    Forfeit {
        /// Who forfeited.
        seat: Seat,
        /// Why.
        cause: ForfeitCause,
    },
    /// Both players forfeited at the same moment: nobody wins.
    Abandoned {
        /// Why.
        cause: ForfeitCause,
    },
    /// The game ended before both players had had a move (before the
    /// first round was revealed): it is aborted for both, nobody wins, and
    /// it is never rated (`docs/ratings.md`).
    Aborted {
        /// Whose leaving, absence or refusal to open ended it; `null` when
        /// both ended it at once.
        seat: Option<Seat>,
        /// Why.
        cause: ForfeitCause,
    },
}

impl Ending {
    /// The seats whose forfeit (or abort) ended the game, with its cause:
    /// none for a game played to its end.
    pub fn forfeited(&self) -> Option<(Seated<bool>, ForfeitCause)> {
        match *self {
            Ending::Played { .. } => None,
            Ending::Forfeit { seat, cause } => Some((Seated::from_fn(|s| s == seat), cause)),
            Ending::Abandoned { cause } | Ending::Aborted { seat: None, cause } => {
                Some((Seated::from_fn(|_| true), cause))
            }
            Ending::Aborted {
                seat: Some(seat),
                cause,
            } => Some((Seated::from_fn(|s| s == seat), cause)),
        }
    }
}

/// The result of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winner; none (`null`) for a draw.
    pub winner: Option<Seat>,
    /// The scores when it ended.
    pub score: Seated<Score>,
    /// How it ended.
    pub ending: Ending,
}

impl GameResult {
    /// The result of a game played to its end.
    pub fn played(outcome: &Outcome) -> GameResult {
        GameResult {
            winner: outcome.winner,
            score: outcome.score,
            ending: Ending::Played {
                end: outcome.end,
                decided_by: outcome.decided_by,
            },
        }
    }
}

fn no_rating(ratings: &Seated<Option<Rating>>) -> bool {
    ratings.yellow.is_none() && ratings.blue.is_none()
}

/// One room in a listing.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomSummary {
    /// Its code, to join or watch.
    pub code: RoomCode,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
    /// The players' names, where seats are taken.
    pub players: Seated<Option<String>>,
    /// People watching.
    pub spectators: u32,
    /// The round being played (0 before the first game).
    pub round: u32,
    /// The room's options.
    pub options: RoomOptions,
    /// The players' ratings in the room's pool, where known; left out
    /// when none is.
    #[serde(default, skip_serializing_if = "no_rating")]
    pub ratings: Seated<Option<Rating>>,
    /// Which seats a program plays (a server-side bot, or a key declared a
    /// bot), for a BOT badge; left out when neither is.
    #[serde(default, skip_serializing_if = "no_bot")]
    pub bots: Seated<bool>,
}

fn no_bot(bots: &Seated<bool>) -> bool {
    !bots.yellow && !bots.blue
}
