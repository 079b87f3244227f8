//! A game being played, recording itself: it deals from the seed and both
//! players' nonces, rolls its own dice, checks each exchange's seals as it
//! is fed, and gives its [`GameRecord`] when asked (see [`crate::record`]
//! for the record and its replay).

use alloc::vec::Vec;

use crate::assignment::Assignment;
use crate::board::Layout;
use crate::dice::{GameRng, RngDice, Seed};
use crate::fair::{
    self, Commitment, DEAL_ROUND, Exchange, FAIR_VERSION, Fairness, MatchLink, Nonce,
    SealedExchange,
};
use crate::game::{Game, RoundError};
use crate::options::{Options, OptionsError};
use crate::record::{
    GameRecord, RECORD_FORMAT, ReplayError, Signatures, check_deal, check_exchange,
};
use crate::report::RoundReport;
use crate::seat::{Seat, Seated};
use crate::signing::{PlayerKey, SealSignature};
use crate::timeline::{Beat, timeline};
use crate::view::Viewer;

/// A game that deals from a seed and both players' nonces, rolls its own
/// dice and records itself: what a server runs. Deal it from the deal's
/// opened exchange, then feed it each round's.
///
/// It keeps each round's moves (both assignments and both nonces, under 80
/// bytes) and the last round's report, not every report: a server
/// holds a game for as long as it lasts, and the reports, which the moves
/// and the seed give again, were most of a live game's memory. The whole
/// record is rebuilt by playing the moves again when asked for
/// ([`RecordedGame::record`]): for the history of a client that joins, and
/// once at the end.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    game: Game,
    seed: Seed,
    dice: DiceSource,
    /// The record without its rounds: the options, the seed, the layout,
    /// the deal's exchange and the outcome so far.
    head: GameRecord,
    /// Every round's moves, in order.
    moves: Vec<Moves>,
    /// The last round's report (boxed: 160 bytes a game not yet begun
    /// would carry empty).
    last_report: Option<alloc::boxed::Box<RoundReport>>,
}

/// One round's moves: all it takes, with the seed, to play it again.
#[derive(Clone, Copy, Debug)]
struct Moves {
    assignments: Seated<Assignment>,
    /// Zero in a format 1 game, whose dice come from the seed alone.
    nonces: Seated<Nonce>,
    by_server: Seated<bool>,
    /// None before format 3, for the server's moves, and for players
    /// without a key.
    signatures: Seated<Option<SealSignature>>,
}

/// The nonces kept for a round of a format 1 game, which has none.
const NO_NONCES: Seated<Nonce> = Seated {
    yellow: Nonce::from_bytes([0; 32]),
    blue: Nonce::from_bytes([0; 32]),
};

/// Rounds a game's list of moves grows by when full.
const ROUNDS_STEP: usize = 4;

/// Pushes a round onto a list, growing it a few rounds at a time. A server
/// holds a game for as long as it lasts; doubling would leave up to half
/// of the list spare for the whole game, for a copy of a few hundred bytes
/// every few rounds.
fn push_compact<T>(rounds: &mut Vec<T>, round: T) {
    if rounds.len() == rounds.capacity() {
        rounds.reserve_exact(ROUNDS_STEP);
    }
    rounds.push(round);
}

/// Where a recorded game's dice come from.
#[derive(Clone, Debug)]
enum DiceSource {
    /// Sealed play: each round's dice from the seed and both nonces (and
    /// the seed's commitment, kept: every exchange names it).
    Sealed(Commitment),
    /// A format 1 game resumed: its seed's generator, where it stopped.
    Unsealed(alloc::boxed::Box<RngDice<GameRng>>),
}

/// Why a sealed exchange cannot be played. Nothing changes when one is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The options cannot be played.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// Both moves must be sealed and opened first.
    #[error("both moves must be sealed and opened first")]
    NotOpened,
    /// The exchange belongs to another game, or to another round.
    #[error("the exchange is for round {found} of its game; this is round {expected} of this one")]
    OtherExchange {
        /// The round this game plays next (0: the deal).
        expected: u32,
        /// The exchange's round.
        found: u32,
    },
    /// A seal or a server nonce does not check.
    #[error(transparent)]
    Unsealed(ReplayError),
    /// The engine refuses the round.
    #[error(transparent)]
    Round(#[from] RoundError),
}

impl RecordedGame {
    /// A game whose every move the server makes (the deal's nonces
    /// included, [`fair::server_nonce`]): simulations, bots against bots,
    /// tests. Its record is sealed and verifies, but proves nothing beyond
    /// the server's seed.
    pub fn new(options: Options, seed: Seed) -> Result<RecordedGame, PlayError> {
        let mut deal = Exchange::new(fair::commitment(seed), DEAL_ROUND);
        for seat in Seat::ALL {
            deal.make_for(seat, seed, Assignment::EMPTY)
                .map_err(|_| PlayError::NotOpened)?;
        }
        RecordedGame::dealt(options, seed, &deal)
    }

    /// Deals a sealed game from the seed and the deal's opened exchange
    /// (round 0, both seals and openings in).
    pub fn dealt(options: Options, seed: Seed, deal: &Exchange) -> Result<RecordedGame, PlayError> {
        RecordedGame::dealt_in(options, seed, deal, None)
    }

    /// Deals a sealed game as [`RecordedGame::dealt`] does, as the game of
    /// a match that `link` places (its commitment binds the link).
    pub fn dealt_in(
        options: Options,
        seed: Seed,
        deal: &Exchange,
        link: Option<MatchLink>,
    ) -> Result<RecordedGame, PlayError> {
        let commitment = fair::commitment_in(seed, link.as_ref());
        if deal.round != DEAL_ROUND || deal.commitment != commitment {
            return Err(PlayError::OtherExchange {
                expected: DEAL_ROUND,
                found: deal.round,
            });
        }
        let (_, sealed) = deal.opened().ok_or(PlayError::NotOpened)?;
        let fairness = Fairness {
            version: FAIR_VERSION,
            commitment,
            deal: sealed,
            rounds: Vec::new(),
            keys: Some(deal.keys),
            left: None,
            match_link: link,
        };
        let layout = Layout::shuffled(&mut fair::deal_rng(seed, sealed.nonces));
        check_deal(seed, &fairness, &layout, Signatures::TakenChecked)
            .map_err(PlayError::Unsealed)?;
        let game = Game::new(options, &layout)?;
        Ok(RecordedGame {
            game,
            seed,
            dice: DiceSource::Sealed(commitment),
            head: GameRecord {
                format: RECORD_FORMAT,
                options,
                seed: Some(seed),
                layout,
                rounds: Vec::new(),
                outcome: None,
                fair: Some(fairness),
            },
            moves: Vec::new(),
            last_report: None,
        })
    }

    /// Continues a recorded game (after a restart, say): replays and checks
    /// the record, then plays on with the same dice.
    pub fn resume(mut record: GameRecord) -> Result<RecordedGame, ReplayError> {
        let seed = record.seed.ok_or(ReplayError::NoSeed)?;
        let (game, rng) = record.replay_rounds(Some(seed), |_| {})?;
        let dice = match (rng, &record.fair) {
            (Some(rng), _) => DiceSource::Unsealed(alloc::boxed::Box::new(RngDice(rng))),
            // The replay checked it against the seed (and the match link).
            (None, Some(fair)) => DiceSource::Sealed(fair.commitment),
            (None, None) => DiceSource::Sealed(fair::commitment(seed)),
        };
        let sealed = record
            .fair
            .as_mut()
            .map(|fair| core::mem::take(&mut fair.rounds))
            .unwrap_or_default();
        let reports = core::mem::take(&mut record.rounds);
        let mut moves = Vec::with_capacity(reports.len());
        for (index, report) in reports.iter().enumerate() {
            let exchange = sealed.get(index);
            moves.push(Moves {
                assignments: report.assignments,
                nonces: exchange.map_or(NO_NONCES, |exchange| exchange.nonces),
                by_server: exchange.map_or(Seated::default(), |exchange| exchange.by_server),
                signatures: exchange.map_or(Seated::default(), |exchange| exchange.signatures),
            });
        }
        Ok(RecordedGame {
            game,
            seed,
            dice,
            head: record,
            moves,
            last_report: reports.into_iter().last().map(alloc::boxed::Box::new),
        })
    }

    /// The game as it stands.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The seed of the deal and the dice: secret until the game is over.
    pub const fn seed(&self) -> Seed {
        self.seed
    }

    /// The rules played.
    pub const fn options(&self) -> Options {
        self.head.options
    }

    /// The cake as dealt: secret until the game is over.
    pub const fn layout(&self) -> &Layout {
        &self.head.layout
    }

    /// The commitment to the seed; `None` for a format 1 game.
    pub fn commitment(&self) -> Option<Commitment> {
        self.head.fair.as_ref().map(|fair| fair.commitment)
    }

    /// The game's place in its match; `None` for a game played alone.
    pub fn match_link(&self) -> Option<MatchLink> {
        self.head.fair.as_ref().and_then(|fair| fair.match_link)
    }

    /// Each player's key (see [`Fairness::keys`]); `None` for a game begun
    /// before signed moves.
    pub fn keys(&self) -> Option<Seated<Option<PlayerKey>>> {
        self.head.fair.as_ref().and_then(|fair| fair.keys)
    }

    /// The deal's exchange of nonces; `None` for a format 1 game.
    pub fn deal(&self) -> Option<SealedExchange> {
        self.head.fair.as_ref().map(|fair| fair.deal)
    }

    /// Rounds played so far.
    pub fn rounds_played(&self) -> usize {
        self.moves.len()
    }

    /// The last round's report; `None` before the first round.
    pub fn last_report(&self) -> Option<&RoundReport> {
        self.last_report.as_deref()
    }

    /// The last round's sealed exchange; `None` before the first round and
    /// in a format 1 game.
    pub fn last_exchange(&self) -> Option<SealedExchange> {
        let round = u32::try_from(self.moves.len()).ok()?;
        self.sealed(round, self.moves.last()?)
    }

    /// A new exchange for the round to play (seals of a format 1 game are
    /// checked, then not recorded).
    pub fn exchange(&self) -> Exchange {
        let commitment = match &self.dice {
            DiceSource::Sealed(commitment) => *commitment,
            DiceSource::Unsealed(_) => fair::commitment(self.seed),
        };
        Exchange::new(commitment, self.game.round()).with_keys(self.keys().unwrap_or_default())
    }

    /// Makes both moves for the server (see [`RecordedGame::new`]) and
    /// plays the round. On error, nothing changes.
    pub fn play_round(
        &mut self,
        yellow: &Assignment,
        blue: &Assignment,
    ) -> Result<&RoundReport, PlayError> {
        let mut exchange = self.exchange();
        for (seat, assignment) in [(Seat::Yellow, yellow), (Seat::Blue, blue)] {
            exchange
                .make_for(seat, self.seed, *assignment)
                .map_err(|_| PlayError::NotOpened)?;
        }
        self.play_exchange(&exchange)
    }

    /// Plays the round whose moves were sealed and opened in `exchange`,
    /// with the dice the seed and both nonces give, and records it. On
    /// error, nothing changes. Each seal and opening is checked again, and
    /// that every move of a player with a key carries a signature; the
    /// signatures themselves were verified when their seals were taken
    /// ([`Exchange::seal`]), and [`GameRecord::replay`] verifies them all.
    pub fn play_exchange(&mut self, exchange: &Exchange) -> Result<&RoundReport, PlayError> {
        let round = self.game.round();
        let expected = self.exchange();
        if exchange.round != round || exchange.commitment != expected.commitment {
            return Err(PlayError::OtherExchange {
                expected: round,
                found: exchange.round,
            });
        }
        let (assignments, sealed) = exchange.opened().ok_or(PlayError::NotOpened)?;
        let (yellow, blue) = (&assignments.yellow, &assignments.blue);
        let report = match &mut self.dice {
            DiceSource::Sealed(_) => {
                let fair = self.head.fair.as_ref().ok_or(PlayError::NotOpened)?;
                check_exchange(
                    self.seed,
                    fair,
                    round,
                    &assignments,
                    &sealed,
                    Signatures::TakenChecked,
                )
                .map_err(PlayError::Unsealed)?;
                let mut dice = RngDice(fair::dice_rng(self.seed, round, sealed.nonces));
                self.game.resolve(yellow, blue, &mut dice)?
            }
            DiceSource::Unsealed(dice) => {
                // Resolving consumes dice even when it fails: try a copy.
                let mut trial = (**dice).clone();
                let report = self.game.resolve(yellow, blue, &mut trial)?;
                **dice = trial;
                report
            }
        };
        self.head.outcome = report.outcome;
        let by_sealed_play = matches!(self.dice, DiceSource::Sealed(_));
        push_compact(
            &mut self.moves,
            Moves {
                assignments,
                nonces: if by_sealed_play {
                    sealed.nonces
                } else {
                    NO_NONCES
                },
                by_server: sealed.by_server,
                signatures: sealed.signatures,
            },
        );
        Ok(self.last_report.insert(alloc::boxed::Box::new(report)))
    }

    /// The whole record so far, rebuilt by playing every round's moves
    /// again. It holds the seed and every face-down piece: keep it secret
    /// until the game is over.
    ///
    /// The rounds were played before, with the same moves and dice, so this
    /// fails only if the engine is not deterministic.
    pub fn record(&self) -> Result<GameRecord, ReplayError> {
        let mut record = self.head.clone();
        record.rounds = self.reports_since(0)?;
        if let Some(fair) = &mut record.fair {
            fair.rounds = self.exchanges_since(0);
        }
        Ok(record)
    }

    /// The record, consuming the game.
    pub fn into_record(self) -> Result<GameRecord, ReplayError> {
        self.record()
    }

    /// The reports of the rounds after the first `from`, in order: the last
    /// one as kept, the others played again from the start.
    pub fn reports_since(&self, from: usize) -> Result<Vec<RoundReport>, ReplayError> {
        if from >= self.moves.len() {
            return Ok(Vec::new());
        }
        if from + 1 == self.moves.len()
            && let Some(last) = &self.last_report
        {
            return Ok(alloc::vec![(**last).clone()]);
        }
        let mut reports = Vec::with_capacity(self.moves.len() - from);
        self.replay_moves(|round, _, report| {
            if usize::try_from(round).is_ok_and(|round| round > from) {
                reports.push(report);
            }
        })?;
        Ok(reports)
    }

    /// The reports of the rounds after the first `from`, each with its
    /// reveal's beats ([`crate::timeline()`]), every round played again from
    /// the start: for a client that enters a game in progress and lists its
    /// rounds as they happened.
    pub fn rounds_since(&self, from: usize) -> Result<Vec<(RoundReport, Vec<Beat>)>, ReplayError> {
        let mut rounds = Vec::with_capacity(self.moves.len().saturating_sub(from));
        self.replay_moves(|round, before, report| {
            if usize::try_from(round).is_ok_and(|round| round > from) {
                // The engine's own report on its own view: it always fits.
                let beats = timeline(&before.view(Viewer::Spectator), &report).unwrap_or_default();
                rounds.push((report, beats));
            }
        })?;
        Ok(rounds)
    }

    /// Plays every round's moves again from the deal, showing `each` the
    /// round's number, the game before it and its report.
    fn replay_moves(
        &self,
        mut each: impl FnMut(u32, &Game, RoundReport),
    ) -> Result<(), ReplayError> {
        let mut game = Game::new(self.head.options, &self.head.layout)?;
        let mut unsealed = match self.dice {
            DiceSource::Sealed(_) => None,
            DiceSource::Unsealed(_) => {
                // Format 1: the deal, then every die, from one generator.
                let mut rng = self.seed.rng();
                Layout::shuffled(&mut rng);
                Some(rng)
            }
        };
        for (round, moves) in (1..).zip(&self.moves) {
            let (yellow, blue) = (&moves.assignments.yellow, &moves.assignments.blue);
            let before = game.clone();
            let report = match &mut unsealed {
                Some(rng) => game.resolve(yellow, blue, &mut RngDice(rng)),
                None => game.resolve(
                    yellow,
                    blue,
                    &mut RngDice(fair::dice_rng(self.seed, round, moves.nonces)),
                ),
            }
            .map_err(|error| ReplayError::Round { round, error })?;
            each(round, &before, report);
        }
        Ok(())
    }

    /// The sealed exchanges of the rounds after the first `from`, in order;
    /// none in a format 1 game.
    pub fn exchanges_since(&self, from: usize) -> Vec<SealedExchange> {
        (1..)
            .zip(&self.moves)
            .skip(from)
            .filter_map(|(round, moves)| self.sealed(round, moves))
            .collect()
    }

    /// A round's sealed exchange, its seals made again from its moves (a
    /// seal is a hash of the move, the nonce and the round); `None` in a
    /// format 1 game.
    fn sealed(&self, round: u32, moves: &Moves) -> Option<SealedExchange> {
        let commitment = self.head.fair.as_ref()?.commitment;
        Some(SealedExchange {
            seals: Seated::from_fn(|seat| {
                fair::seal(
                    commitment,
                    round,
                    seat,
                    &moves.assignments[seat],
                    moves.nonces[seat],
                )
            }),
            nonces: moves.nonces,
            by_server: moves.by_server,
            signatures: moves.signatures,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    /// What a server holds per round of a live game: the moves alone, on a
    /// list with little spare room.
    #[test]
    fn a_game_keeps_each_rounds_moves_in_little_room() {
        assert!(size_of::<Moves>() <= 216, "{}", size_of::<Moves>());
        for seed in 0..10 {
            let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
            let mut bots = Seed::from_u64(seed).stream(1);
            while !game.game().is_over() {
                let view = game.game().view(Viewer::Spectator);
                let yellow = Policy::Greedy.choose(&view, Seat::Yellow, &mut bots);
                let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
                game.play_round(&yellow, &blue).unwrap();
                assert!(game.moves.capacity() - game.moves.len() < ROUNDS_STEP);
                assert!(game.head.rounds.is_empty());
                assert!(game.head.fair.as_ref().unwrap().rounds.is_empty());
            }
        }
    }
}
