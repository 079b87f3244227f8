//! The complete rules of **Mice Cake** as a pure, deterministic state
//! machine: a seed and both players' assignments in, a report of every die
//! and every outcome out.
//!
//! The crate is `no_std` (with `alloc`): it cannot open a file or a socket,
//! read a clock, or reach a global random generator. Every die comes from a
//! [`Dice`] source the caller passes in, so the same seed and the same
//! assignments always give the same game. A game a server runs draws its
//! deal and each round's dice from its seed and both players' nonces
//! ([`fair`]), so that nobody can choose them.
//!
//! ```
//! use mice_cake_engine::{Options, Policy, RecordedGame, Seat, Seed, Viewer};
//!
//! let mut game = RecordedGame::new(Options::default(), Seed::from_u64(7))?;
//! let mut bot_rng = Seed::from_u64(7).stream(1);
//! while !game.game().is_over() {
//!     let view = game.game().view(Viewer::Spectator);
//!     let yellow = Policy::Greedy.choose(&view, Seat::Yellow, &mut bot_rng);
//!     let blue = Policy::Random.choose(&view, Seat::Blue, &mut bot_rng);
//!     game.play_round(&yellow, &blue)?;
//! }
//! let record = game.into_record()?;
//! let replayed = record.replay()?;
//! assert_eq!(replayed.outcome(), record.outcome.as_ref());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! * [`domino`]: the 28 pieces and sets of pieces (stashes).
//! * [`seat`], [`coords`]: the two players; columns A–D and rows 1–7.
//! * [`options`]: the optional rules a game is played with.
//! * [`board`]: the layout as dealt and the cake as it is eaten.
//! * [`assignment`]: a player's choice for a round, its text form, and why
//!   one can be illegal.
//! * [`dice`]: rolls, dice sources (seeded or scripted) and seeds.
//! * [`judge`]: one roll against one piece: match (exhaustion) and success.
//! * [`odds`](mod@odds): exact odds of an attempt, for players and bots.
//! * [`game`]: the game state; `resolve` plays a round ([`resolve`](mod@resolve)
//!   holds the steps).
//! * [`view`], [`legal`](mod@legal): what a player or spectator may see, and
//!   the legal assignments, decided from that view alone.
//! * [`report`]: what a round did, die by die.
//! * [`timeline`](mod@timeline): a round's reveal cut into beats, one per
//!   roll, with what each changes, for clients that show it over time.
//! * [`score`]: scores, the end of the game and the tiebreaks.
//! * [`fair`]: sealed play (`docs/fairness.md`): the commitment to a seed,
//!   seals and nonces, the derivations of the deal and the dice, the
//!   exchange of sealed moves, and what a client saw of it.
//! * [`signing`]: players' keys and their signatures of seals.
//! * [`aborted`]: the record of a deal that never happened (a nonce never
//!   opened).
//! * [`record`]: records that check link by link, and the self-recording
//!   game a server runs.
//! * [`policy`]: the `random`, `greedy` and `strong` players.
//! * [`analysis`]: the analysis of a finished game, move by move.
//! * [`strong`]: `strong`, which plays each round as the simultaneous game
//!   it is, and values assignments for the analysis of games.
//! * [`position`]: explicit positions, for tests and examples.
//!
//! The rules themselves, with every ruling, are in `docs/rules.md`.

#![no_std]
#![warn(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod aborted;
pub mod analysis;
pub mod assignment;
pub mod board;
pub mod coords;
mod derivation;
pub mod dice;
pub mod domino;
pub mod fair;
pub mod game;
pub mod greedy;
mod hex;
pub mod judge;
mod keys;
pub mod legal;
pub mod matches;
pub mod odds;
pub mod options;
pub mod policy;
pub mod position;
pub mod record;
pub mod recorded_game;
pub mod report;
pub mod resolve;
#[cfg(feature = "schema")]
mod schema;
pub mod score;
pub mod seat;
pub mod signature_check;
pub mod signing;
pub mod strong;
pub mod timeline;
pub mod view;
pub mod witness;

pub use aborted::AbortedDeal;
pub use assignment::{Assignment, AssignmentError, MICE, ParseAssignmentError};
pub use board::{BoardError, Cell, Layout, LayoutError};
pub use coords::{COLUMNS, Column, PerColumn, ROWS, Row};
pub use dice::{
    Dice, DiceError, GameRng, MAX_DICE, RngDice, Roll, RollKind, RollRequest, ScriptedDice, Seed,
};
pub use domino::{Domino, DominoError, DominoSet, PIECE_COUNT, TOTAL_PIPS};
pub use fair::{
    BadLeave, Commitment, Exchange, ExchangeError, Fairness, MatchId, MatchLink, Nonce, Opening,
    Seal, SealedExchange, SignedLeave,
};
pub use game::{Game, RoundError};
pub use greedy::{Expectation, expectation, greedy_assignment};
pub use legal::Choices;
pub use matches::{
    ChainError, ChainedGame, MAX_FIRST_TO, MatchEnd, MatchGameEnd, MatchTally, check_chain,
};
pub use odds::{Odds, odds};
pub use options::{Options, OptionsError, Reveal};
pub use policy::{Policy, random_assignment};
pub use position::{Position, PositionError};
pub use record::{
    GameRecord, RECORD_FORMAT, ReplayError, SIGNED_RECORD_FORMAT, UNSEALED_RECORD_FORMAT,
    UNSIGNED_RECORD_FORMAT,
};
pub use recorded_game::{PlayError, RecordedGame};
pub use report::{Attempt, AttemptResult, BoostResult, BoostRoll, Flip, RoundReport, Target};
pub use score::{Decider, EndReason, Outcome, Score};
pub use seat::{Seat, Seated};
pub use signature_check::CheckingKey;
pub use signing::{
    CheckedSeal, KeyChallenge, PlayerKey, PlayerSecret, SealSignature, SealToCheck, check_seal,
    check_seals,
};
pub use timeline::{Beat, Change, Landing, TimelineError, timeline};
pub use view::{Access, CellView, FamilyView, GameView, Viewer};
pub use witness::{OwnMove, Witness, WitnessError};
