//! Game records: everything needed to replay and check a game.
//!
//! A record holds the options, the seed, the layout as dealt and every
//! round's report (assignments, dice, outcomes). [`GameRecord::replay`] deals
//! again from the seed, rolls every die again, plays every round and
//! compares: a record changed anywhere no longer replays.
//!
//! A record without a seed (a game from an explicit layout, as in tests)
//! cannot be checked that way: nothing says its dice were really rolled.
//! [`GameRecord::replay_with_its_own_dice`] checks only that every outcome
//! follows from the recorded assignments and dice.
//!
//! A record of a game in progress holds its seed and its face-down pieces:
//! it is secret until the game is over.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::board::Layout;
use crate::dice::{GameRng, RngDice, RollKind, ScriptedDice, Seed};
use crate::game::{Game, RoundError};
use crate::options::{Options, OptionsError};
use crate::report::RoundReport;
use crate::score::Outcome;

/// The record format this engine writes and reads.
pub const RECORD_FORMAT: u32 = 1;

/// A whole game, replayable. JSON; see `docs/rules.md` for an example.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The record format, [`RECORD_FORMAT`].
    pub format: u32,
    /// The rules played.
    pub options: Options,
    /// The seed of the shuffle and the dice, if the game had one.
    pub seed: Option<Seed>,
    /// The cake as dealt.
    pub layout: Layout,
    /// Every round, in order.
    pub rounds: Vec<RoundReport>,
    /// How the game ended; none (`null`) while it goes on.
    pub outcome: Option<Outcome>,
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A format this engine does not know.
    #[error("record format {found} is not supported (this engine reads format {RECORD_FORMAT})")]
    UnsupportedFormat {
        /// The record's format.
        found: u32,
    },
    /// The options cannot be played.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The layout is not the one the seed deals.
    #[error("the layout is not the one the seed deals")]
    LayoutMismatch,
    /// Rounds out of sequence.
    #[error("round {found} is recorded where round {expected} belongs")]
    RoundNumber {
        /// The number the round should have.
        expected: u32,
        /// The number it has.
        found: u32,
    },
    /// A round cannot be played again: an illegal assignment, dice missing,
    /// or a round after the end.
    #[error("round {round} cannot be replayed: {error}")]
    Round {
        /// The round.
        round: u32,
        /// Why.
        #[source]
        error: RoundError,
    },
    /// Replaying a round gave another report than the recorded one.
    #[error("round {round} does not replay as recorded: its {part} differ")]
    ReportMismatch {
        /// The round.
        round: u32,
        /// The first part of the report that differs.
        part: &'static str,
    },
    /// The recorded end is not the replayed one.
    #[error("the recorded end of the game is not the replayed one")]
    OutcomeMismatch,
    /// The record has no seed, so its deal and dice cannot be checked, nor
    /// the game continued.
    #[error("the record has no seed: its dice cannot be checked and the game cannot go on")]
    NoSeed,
}

impl GameRecord {
    /// Checks the whole record against its seed: the deal, every die, every
    /// round's report and the end. Returns the final game.
    ///
    /// A record without a seed is refused ([`ReplayError::NoSeed`]).
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let seed = self.seed.ok_or(ReplayError::NoSeed)?;
        self.replay_rounds(Some(seed), |_| {}).map(|(game, _)| game)
    }

    /// Replays the record as [`replay`](GameRecord::replay) does when it has
    /// a seed, else as [`replay_with_its_own_dice`](GameRecord::replay_with_its_own_dice),
    /// showing `visit` the game before the first round and after each one:
    /// for stepping through a finished game.
    pub fn replay_each_round(&self, visit: impl FnMut(&Game)) -> Result<Game, ReplayError> {
        self.replay_rounds(self.seed, visit).map(|(game, _)| game)
    }

    /// Replays the record with the dice it holds, ignoring any seed: checks
    /// that every assignment was legal and every outcome follows from the
    /// recorded dice, but not that the deal and the dice are the seed's.
    /// For records without a seed (games from an explicit layout).
    pub fn replay_with_its_own_dice(&self) -> Result<Game, ReplayError> {
        self.replay_rounds(None, |_| {}).map(|(game, _)| game)
    }

    /// Replays every round, with the seed's dice if `seed` is given, else
    /// with the recorded dice, showing `visit` the game at the start and
    /// after each round; returns the final game and the seed's generator,
    /// positioned after the last die.
    fn replay_rounds(
        &self,
        seed: Option<Seed>,
        mut visit: impl FnMut(&Game),
    ) -> Result<(Game, Option<GameRng>), ReplayError> {
        if self.format != RECORD_FORMAT {
            return Err(ReplayError::UnsupportedFormat { found: self.format });
        }
        self.options.validate()?;
        let mut rng = seed.map(Seed::rng);
        if let Some(rng) = &mut rng
            && Layout::shuffled(rng) != self.layout
        {
            return Err(ReplayError::LayoutMismatch);
        }
        let mut game = Game::new(self.options, &self.layout)?;
        visit(&game);
        for (index, recorded) in self.rounds.iter().enumerate() {
            let expected = u32::try_from(index + 1).unwrap_or(u32::MAX);
            if recorded.round != expected {
                return Err(ReplayError::RoundNumber {
                    expected,
                    found: recorded.round,
                });
            }
            let (yellow, blue) = (&recorded.assignments.yellow, &recorded.assignments.blue);
            let replayed = match &mut rng {
                Some(rng) => game.resolve(yellow, blue, &mut RngDice(&mut *rng)),
                None => game.resolve(yellow, blue, &mut dice_of(recorded)),
            }
            .map_err(|error| ReplayError::Round {
                round: expected,
                error,
            })?;
            if let Some(part) = first_difference(&replayed, recorded) {
                return Err(ReplayError::ReportMismatch {
                    round: expected,
                    part,
                });
            }
            visit(&game);
        }
        if game.outcome() != self.outcome.as_ref() {
            return Err(ReplayError::OutcomeMismatch);
        }
        Ok((game, rng))
    }
}

/// The dice a report rolled, to replay a round without a seed.
fn dice_of(report: &RoundReport) -> ScriptedDice {
    let attempts = report
        .attempts
        .iter()
        .filter(|attempt| !attempt.dice.is_empty())
        .map(|attempt| {
            (
                attempt.seat,
                attempt.column,
                RollKind::Attempt,
                attempt.dice,
            )
        });
    let boosts = report
        .boosts
        .iter()
        .filter(|boost| !boost.dice.is_empty())
        .map(|boost| (boost.seat, boost.column, RollKind::Boost, boost.dice));
    attempts
        .chain(boosts)
        .fold(ScriptedDice::new(), |dice, (seat, column, kind, roll)| {
            dice.with(seat, column, kind, roll.faces())
        })
}

/// The first part in which two reports differ.
fn first_difference(replayed: &RoundReport, recorded: &RoundReport) -> Option<&'static str> {
    let parts = [
        (replayed.assignments == recorded.assignments, "assignments"),
        (replayed.revealed == recorded.revealed, "revealed pieces"),
        (replayed.attempts == recorded.attempts, "attempts"),
        (replayed.boosts == recorded.boosts, "boosts"),
        (replayed.flips == recorded.flips, "flips"),
        (replayed.removed == recorded.removed, "removed pieces"),
        (replayed.resting == recorded.resting, "resting mice"),
        (replayed.outcome == recorded.outcome, "outcomes"),
    ];
    parts
        .into_iter()
        .find(|(same, _)| !same)
        .map(|(_, part)| part)
}

/// A game that deals from a seed, rolls its own dice and records itself:
/// what a server runs. Create it, then feed it both assignments each round.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    game: Game,
    dice: RngDice<GameRng>,
    record: GameRecord,
}

impl RecordedGame {
    /// A new game shuffled from `seed`.
    pub fn new(options: Options, seed: Seed) -> Result<RecordedGame, OptionsError> {
        let mut rng = seed.rng();
        let layout = Layout::shuffled(&mut rng);
        let game = Game::new(options, &layout)?;
        Ok(RecordedGame {
            game,
            dice: RngDice(rng),
            record: GameRecord {
                format: RECORD_FORMAT,
                options,
                seed: Some(seed),
                layout,
                rounds: Vec::new(),
                outcome: None,
            },
        })
    }

    /// Continues a recorded game (after a restart, say): replays and checks
    /// the record, then plays on with the same dice.
    pub fn resume(record: GameRecord) -> Result<RecordedGame, ReplayError> {
        let seed = record.seed.ok_or(ReplayError::NoSeed)?;
        let (game, rng) = record.replay_rounds(Some(seed), |_| {})?;
        let rng = rng.ok_or(ReplayError::NoSeed)?;
        Ok(RecordedGame {
            game,
            dice: RngDice(rng),
            record,
        })
    }

    /// The game as it stands.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// Plays one round with the game's own dice and records it. On error,
    /// nothing changes.
    pub fn play_round(
        &mut self,
        yellow: &Assignment,
        blue: &Assignment,
    ) -> Result<&RoundReport, RoundError> {
        let report = self.game.resolve(yellow, blue, &mut self.dice)?;
        self.record.outcome = report.outcome;
        let index = self.record.rounds.len();
        self.record.rounds.push(report);
        Ok(&self.record.rounds[index])
    }

    /// The record so far. It holds the seed and every face-down piece: keep
    /// it secret until the game is over.
    pub const fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record, consuming the game.
    pub fn into_record(self) -> GameRecord {
        self.record
    }
}
