//! Game records: everything needed to replay and check a game.
//!
//! A record holds the options, the seed, the layout as dealt and every
//! round's report (assignments, dice, outcomes); a sealed record (format 2)
//! also holds the commitment to the seed and every seal and nonce
//! ([`Fairness`]); a signed record (format 3) also holds each player's key
//! and their signature of every seal they made ([`crate::signing`]). [`GameRecord::replay`] checks the seed against its
//! commitment, every seal against its opening, deals again from the seed and
//! both players' nonces, rolls every die again, plays every round and
//! compares: a record changed anywhere no longer replays, and the error
//! names the first broken link.
//!
//! Format 1 (before sealed play) dealt and rolled from the seed alone; such
//! records still replay, but prove only that the server followed the rules
//! with its own seed. Format 2 (before signed moves) replays as format 3
//! does, but nothing in it proves which moves a player made.
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

use crate::board::Layout;
use crate::coords::Column;
use crate::dice::{GameRng, RngDice, Roll, RollKind, ScriptedDice, Seed};
use crate::fair::{self, DEAL_ROUND, FAIR_VERSION, Fairness};
use crate::game::{Game, RoundError};
use crate::options::{Options, OptionsError};
use crate::report::RoundReport;
use crate::score::Outcome;
use crate::seat::Seat;

mod exchange_checks;

pub(crate) use exchange_checks::{CheckedSignatures, Signatures, check_deal, check_exchange};

/// The record format this engine writes: 4, sealed play with moves signed
/// by their players, and a leave signed by whoever left (`fair.left`).
pub const RECORD_FORMAT: u32 = 4;

/// The format of records of signed moves written before signed leaves;
/// still read.
pub const SIGNED_RECORD_FORMAT: u32 = 3;

/// The format of records of sealed play written before signed moves; still
/// read.
pub const UNSIGNED_RECORD_FORMAT: u32 = 2;

/// The format of records written before sealed play; still read.
pub const UNSEALED_RECORD_FORMAT: u32 = 1;

/// A whole game, replayable. JSON; see `docs/rules.md` for an example.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The record format: [`RECORD_FORMAT`], or [`UNSIGNED_RECORD_FORMAT`]
    /// or [`UNSEALED_RECORD_FORMAT`] for older games.
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
    /// The commitment, seals and nonces (formats 2 and 3; absent in format
    /// 1), and the players' keys and signatures (format 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair: Option<Fairness>,
}

/// Why a record does not replay: the first broken link.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A format this engine does not know.
    #[error(
        "record format {found} is not supported (this engine reads formats \
         {UNSEALED_RECORD_FORMAT} to {RECORD_FORMAT})"
    )]
    UnsupportedFormat {
        /// The record's format.
        found: u32,
    },
    /// A format 2 or 3 record without its seals, or a format 1 record with
    /// some.
    #[error("a format {format} record {}", if *format == UNSEALED_RECORD_FORMAT {
        "holds no seals (\"fair\" belongs to formats 2 and 3)"
    } else {
        "must hold its commitment, seals and nonces (\"fair\")"
    })]
    FairnessMissing {
        /// The record's format.
        format: u32,
    },
    /// A format 3 or 4 record without its players' keys, or a format 2
    /// record with some.
    #[error("a format {format} record {}", if *format >= SIGNED_RECORD_FORMAT {
        "must hold its players' keys (\"fair.keys\")"
    } else {
        "holds no keys (\"fair.keys\" belongs to formats 3 and 4)"
    })]
    KeysMisplaced {
        /// The record's format.
        format: u32,
    },
    /// A signed leave in a record older than format 4.
    #[error("a format {format} record holds no leave (\"fair.left\" belongs to format 4)")]
    LeaveMisplaced {
        /// The record's format.
        format: u32,
    },
    /// A move recorded as its player's whose nonce is the one the server's
    /// seed gives for that seat and round: the server made it, and the
    /// record itself proves it.
    #[error(
        "{}: {seat}'s move is recorded as {seat}'s own, but its nonce is the one the server's \
         committed seed gives for {seat} in that round: the server made it",
        round_name(*round)
    )]
    ServerMoveClaimed {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// A signature on a seat without a key: nothing it could be checked
    /// against.
    #[error(
        "{}: {seat}'s move carries a signature, but {seat} announced no key to check it with",
        round_name(*round)
    )]
    SignedWithoutKey {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// A move the server made that carries a player's signature.
    #[error(
        "{}: the server made {seat}'s move, yet the record gives it {seat}'s signature",
        round_name(*round)
    )]
    SignedServerMove {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// A signed leave for another round than the one under way when the
    /// record stops.
    #[error(
        "{seat}'s leave is signed for {}, but the record stops in {}",
        round_name(*signed),
        round_name(*stopped)
    )]
    LeaveRound {
        /// Who left.
        seat: Seat,
        /// The round the leave names.
        signed: u32,
        /// The round under way when the record stops.
        stopped: u32,
    },
    /// A leave whose signature is not the seat's key's signature of leaving
    /// that game in that round.
    #[error(
        "{seat}'s leave ({}) is not signed with {seat}'s key",
        round_name(*round)
    )]
    BadLeave {
        /// Who left.
        seat: Seat,
        /// The round the leave names.
        round: u32,
    },
    /// A move recorded as its player's (not the server's), by a player who
    /// announced a key, without their signature: nothing proves they made
    /// it.
    #[error(
        "{}: {seat}'s move is recorded as {seat}'s own, but it is not signed with {seat}'s key \
         (a move without its player's signature is the server's)",
        round_name(*round)
    )]
    Unsigned {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// An aborted deal's opening without a seal.
    #[error("the deal: {seat}'s opening has no seal")]
    OpeningWithoutSeal {
        /// Whose.
        seat: Seat,
    },
    /// An aborted deal says a seat refused to open a seal it never made.
    #[error("the deal: {seat} is recorded as refusing to open a seal it never made")]
    RefusedUnsealed {
        /// Whose.
        seat: Seat,
    },
    /// An aborted deal says a seat refused to open, but holds its opening.
    #[error(
        "the deal: {seat} is recorded as refusing to open its nonce, but its opening is in the \
         record"
    )]
    RefusedButOpened {
        /// Whose.
        seat: Seat,
    },
    /// A signature that is not the seat's key's signature of its seal.
    #[error("{}: {seat}'s signature does not match {seat}'s seal and key", round_name(*round))]
    BadSignature {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// Derivations of a version this engine does not know.
    #[error(
        "fairness version {found} is not supported (this engine derives version {FAIR_VERSION})"
    )]
    UnsupportedFairness {
        /// The record's version.
        found: u32,
    },
    /// The options cannot be played.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The seed is not the one the server committed to at the start.
    #[error("the seed does not match the commitment published when the game started")]
    SeedMismatch,
    /// A seal does not bind its opening: the move, or the nonce, or the
    /// seal was changed after it was sealed.
    #[error("{}: {seat}'s opening (assignment and nonce) does not match its seal", round_name(*round))]
    SealMismatch {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// A move the server made with a nonce other than the one its seed gives.
    #[error(
        "{}: the server made {seat}'s move, but not with the nonce its committed seed gives",
        round_name(*round)
    )]
    ServerNonce {
        /// The round (0: the deal).
        round: u32,
        /// Whose.
        seat: Seat,
    },
    /// Not one sealed exchange per round.
    #[error("the record has {rounds} rounds but {sealed} sealed exchanges")]
    SealCount {
        /// Rounds recorded.
        rounds: usize,
        /// Sealed exchanges recorded.
        sealed: usize,
    },
    /// The layout is not the one the seed (and the players' nonces) deal.
    #[error("the deal is not the one the seed and both players' nonces give")]
    LayoutMismatch,
    /// Rounds out of sequence (one missing, say).
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
    /// A recorded die is not the one the seed and both nonces give.
    #[error(
        "round {round}: {seat}'s die {die} of the {} in column {column} is {recorded} in the \
         record, but the seed and both nonces give {derived}",
        kind_name(*kind)
    )]
    DieMismatch {
        /// The round.
        round: u32,
        /// Whose roll.
        seat: Seat,
        /// Which column.
        column: Column,
        /// An attempt or a boost.
        kind: RollKind,
        /// Which die of the roll, from 1.
        die: usize,
        /// The recorded face.
        recorded: u8,
        /// The face the derivation gives.
        derived: u8,
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

impl From<fair::BadLeave> for ReplayError {
    fn from(leave: fair::BadLeave) -> ReplayError {
        ReplayError::BadLeave {
            seat: leave.seat,
            round: leave.round,
        }
    }
}

fn round_name(round: u32) -> alloc::string::String {
    if round == DEAL_ROUND {
        "the deal".into()
    } else {
        alloc::format!("round {round}")
    }
}

const fn kind_name(kind: RollKind) -> &'static str {
    match kind {
        RollKind::Attempt => "attempt",
        RollKind::Boost => "boost",
    }
}

/// Where a replay takes its deal and dice from.
enum Source<'a> {
    /// The record's own dice, unchecked.
    Recorded,
    /// Format 1: the seed's generator, the deal then every die.
    Unsealed(alloc::boxed::Box<GameRng>),
    /// Formats 2 and 3: the seed and both players' nonces.
    Sealed { seed: Seed, fair: &'a Fairness },
}

impl Source<'_> {
    /// Plays the recorded round `index` (from 0) on `game` with this
    /// source's dice, its sealed exchange checked first; returns the
    /// replayed report.
    fn play_round(
        &mut self,
        game: &mut Game,
        index: usize,
        recorded: &RoundReport,
        checked: &CheckedSignatures,
    ) -> Result<RoundReport, ReplayError> {
        let (yellow, blue) = (&recorded.assignments.yellow, &recorded.assignments.blue);
        let round = recorded.round;
        match self {
            Source::Recorded => game.resolve(yellow, blue, &mut dice_of(recorded)),
            Source::Unsealed(rng) => game.resolve(yellow, blue, &mut RngDice(&mut **rng)),
            Source::Sealed { seed, fair } => {
                let exchange = &fair.rounds[index];
                check_exchange(
                    *seed,
                    fair,
                    round,
                    &recorded.assignments,
                    exchange,
                    Signatures::Check(checked),
                )?;
                let mut dice = RngDice(fair::dice_rng(*seed, round, exchange.nonces));
                game.resolve(yellow, blue, &mut dice)
            }
        }
        .map_err(|error| ReplayError::Round { round, error })
    }
}

impl GameRecord {
    /// Checks the whole record against its seed: the commitment, every seal,
    /// the deal, every die, every round's report and the end. Returns the
    /// final game.
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

    /// Whether this record proves its deal and dice fair (format 2 or 3
    /// with a seed), rather than only that the rules were followed.
    pub fn is_sealed(&self) -> bool {
        self.format != UNSEALED_RECORD_FORMAT && self.fair.is_some()
    }

    /// Whether this record proves which moves its players made (format 3
    /// or 4).
    pub fn is_signed(&self) -> bool {
        self.format >= SIGNED_RECORD_FORMAT
            && self.fair.as_ref().is_some_and(|fair| fair.keys.is_some())
    }

    /// Replays every round, with the seed's deal and dice if `seed` is
    /// given, else with the recorded dice, showing `visit` the game at the
    /// start and after each round; returns the final game and, for format 1,
    /// the seed's generator positioned after the last die.
    pub(crate) fn replay_rounds(
        &self,
        seed: Option<Seed>,
        mut visit: impl FnMut(&Game),
    ) -> Result<(Game, Option<GameRng>), ReplayError> {
        let mut source = self.source(seed)?;
        self.options.validate()?;
        let checked = self.check_deal_from(&mut source)?;
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
            let replayed = source.play_round(&mut game, index, recorded, &checked)?;
            check_replayed(&replayed, recorded)?;
            visit(&game);
        }
        if game.outcome() != self.outcome.as_ref() {
            return Err(ReplayError::OutcomeMismatch);
        }
        if let Source::Sealed { fair, .. } = &source
            && let Some(left) = &fair.left
        {
            self.check_leave(fair, left)?;
        }
        let rng = match source {
            Source::Unsealed(rng) => Some(*rng),
            Source::Recorded | Source::Sealed { .. } => None,
        };
        Ok((game, rng))
    }

    /// Checks the deal against the source's seed and, for sealed play, that
    /// every round has its exchange; returns which signatures hold (none
    /// but for sealed play).
    fn check_deal_from(&self, source: &mut Source) -> Result<CheckedSignatures, ReplayError> {
        match source {
            Source::Recorded => Ok(CheckedSignatures::default()),
            Source::Unsealed(rng) => {
                if Layout::shuffled(rng) != self.layout {
                    return Err(ReplayError::LayoutMismatch);
                }
                Ok(CheckedSignatures::default())
            }
            Source::Sealed { seed, fair } => {
                let checked = CheckedSignatures::of(fair);
                check_deal(*seed, fair, &self.layout, Signatures::Check(&checked))?;
                if fair.rounds.len() != self.rounds.len() {
                    return Err(ReplayError::SealCount {
                        rounds: self.rounds.len(),
                        sealed: fair.rounds.len(),
                    });
                }
                Ok(checked)
            }
        }
    }

    /// Checks a signed leave: signed for the round the record stops in, in
    /// a game that did not end, with the leaver's key.
    fn check_leave(&self, fair: &Fairness, left: &fair::SignedLeave) -> Result<(), ReplayError> {
        // The round under way when the record stops, or the one just
        // revealed: a leave sent as a reveal arrives is signed for the
        // round its player last saw.
        let stopped = u32::try_from(self.rounds.len() + 1).unwrap_or(u32::MAX);
        let signed_then = left.round == stopped || left.round + 1 == stopped;
        if !signed_then || self.outcome.is_some() {
            return Err(ReplayError::LeaveRound {
                seat: left.seat,
                signed: left.round,
                stopped,
            });
        }
        left.check(fair.commitment, fair.keys.unwrap_or_default())?;
        Ok(())
    }

    /// Where the deal and dice come from, once the format is checked.
    fn source(&self, seed: Option<Seed>) -> Result<Source<'_>, ReplayError> {
        match (self.format, &self.fair) {
            (UNSEALED_RECORD_FORMAT, None) => Ok(seed.map_or(Source::Recorded, |seed| {
                Source::Unsealed(alloc::boxed::Box::new(seed.rng()))
            })),
            (UNSIGNED_RECORD_FORMAT | SIGNED_RECORD_FORMAT | RECORD_FORMAT, Some(fair)) => {
                if fair.version != FAIR_VERSION {
                    return Err(ReplayError::UnsupportedFairness {
                        found: fair.version,
                    });
                }
                if fair.keys.is_some() != (self.format >= SIGNED_RECORD_FORMAT) {
                    return Err(ReplayError::KeysMisplaced {
                        format: self.format,
                    });
                }
                if fair.left.is_some() && self.format < RECORD_FORMAT {
                    return Err(ReplayError::LeaveMisplaced {
                        format: self.format,
                    });
                }
                Ok(seed.map_or(Source::Recorded, |seed| Source::Sealed { seed, fair }))
            }
            (
                UNSEALED_RECORD_FORMAT
                | UNSIGNED_RECORD_FORMAT
                | SIGNED_RECORD_FORMAT
                | RECORD_FORMAT,
                _,
            ) => Err(ReplayError::FairnessMissing {
                format: self.format,
            }),
            (found, _) => Err(ReplayError::UnsupportedFormat { found }),
        }
    }
}

/// Checks a replayed round against its record: the first different die,
/// else the first different part of the report.
fn check_replayed(replayed: &RoundReport, recorded: &RoundReport) -> Result<(), ReplayError> {
    if let Some(die) = first_different_die(replayed, recorded) {
        return Err(die);
    }
    match first_difference(replayed, recorded) {
        Some(part) => Err(ReplayError::ReportMismatch {
            round: recorded.round,
            part,
        }),
        None => Ok(()),
    }
}

/// The first die that differs between a replayed round and its record,
/// when both rolled the same number of dice in the same places.
fn first_different_die(replayed: &RoundReport, recorded: &RoundReport) -> Option<ReplayError> {
    let (replayed_rolls, recorded_rolls): (Vec<_>, Vec<_>) =
        (rolls(replayed).collect(), rolls(recorded).collect());
    if replayed_rolls.len() != recorded_rolls.len() {
        return None;
    }
    replayed_rolls
        .iter()
        .zip(&recorded_rolls)
        .filter(|(ours, theirs)| ours.0 == theirs.0 && ours.1 == theirs.1 && ours.2 == theirs.2)
        .find_map(|((seat, column, kind, derived), (_, _, _, written))| {
            let position = derived
                .faces()
                .iter()
                .zip(written.faces())
                .position(|(a, b)| a != b)?;
            Some(ReplayError::DieMismatch {
                round: recorded.round,
                seat: *seat,
                column: *column,
                kind: *kind,
                die: position + 1,
                recorded: written.faces()[position],
                derived: derived.faces()[position],
            })
        })
}

/// Every roll of a report, in the order rolled: attempts, then boosts.
fn rolls(report: &RoundReport) -> impl Iterator<Item = (Seat, Column, RollKind, Roll)> + '_ {
    let attempts = report.attempts.iter().map(|attempt| {
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
        .map(|boost| (boost.seat, boost.column, RollKind::Boost, boost.dice));
    attempts.chain(boosts)
}

/// The dice a report rolled, to replay a round without a seed.
fn dice_of(report: &RoundReport) -> ScriptedDice {
    rolls(report)
        .filter(|(_, _, _, roll)| !roll.is_empty())
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
