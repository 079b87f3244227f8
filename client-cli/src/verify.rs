//! `mice-cake verify`: checks, offline, that a finished game was fair
//! (`docs/fairness.md`) — the seed against its commitment, every seal
//! against its opening, the deal and every die against the seed and both
//! players' nonces, every outcome against the rules — the result a server
//! gives with a record against the record played out, and, for a game this
//! client played, the record against what it saw during the game.

use mice_cake_engine::{
    AbortedDeal, Game, GameRecord, PlayerKey, Seat, Seated, SignedLeave, Witness,
};
use mice_cake_protocol::{Ending, FinishedGame, ForfeitCause, GameId, GameResult, RatedGame};

/// What a check concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Sealed and checked link by link.
    Fair {
        /// Rounds checked.
        rounds: usize,
        /// Exchanges whose two moves the server made (0: the deal): their
        /// dice (or deal) rest on its committed seed alone. Every one in a
        /// game between bots; in a game between people, a deadline both
        /// missed.
        server_only: Vec<u32>,
        /// Rounds in which this client sealed a move but the server made
        /// it: a seal that came after the deadline (and was refused), or
        /// one the server dropped.
        taken_over: Vec<u32>,
        /// Each seat's moves the server made alone (0: the deal), the
        /// exchanges of `server_only` aside.
        by_server: Seated<Vec<u32>>,
        /// Who signed their moves: each seat's key, or none for a seat
        /// whose moves nothing proves to be its player's (formats 3 and
        /// 4); `None` for a record from before signed moves (format 2).
        keys: Option<Seated<Option<PlayerKey>>>,
        /// What the result's forfeit (or abort) rests on, when the server's
        /// answer gave one: the record's proof, or the server's word.
        cause: Option<String>,
    },
    /// The game ended at its deal, before anything was dealt, and every
    /// link its record holds checks.
    AbortedDeal {
        /// Who sealed a nonce and never opened it.
        refused: Vec<Seat>,
        /// Seats with a seal made by the player but not signed.
        unsigned: Vec<Seat>,
        /// What the result's cause rests on, as for a game.
        cause: Option<String>,
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
            Verdict::Fair { .. } | Verdict::AbortedDeal { .. } => 0,
            Verdict::Broken(_) => 1,
            Verdict::Unsealed => 3,
        }
    }

    /// One line for people.
    pub fn line(&self) -> String {
        match self {
            Verdict::Fair {
                rounds,
                server_only,
                taken_over,
                by_server,
                keys,
                cause,
            } => {
                let mut line = format!(
                    "verified fair: the seed matches the commitment published at the start, \
                     every seal matches its opening, the deal and the dice of all {rounds} rounds \
                     come from the seed and both players' nonces, and every outcome follows the \
                     rules"
                );
                if server_only.len() == rounds + 1 {
                    line.push_str(
                        " (note: the server made every move, the deal's too: the game rests on \
                         its seed alone)",
                    );
                } else if !server_only.is_empty() {
                    line.push_str(&format!(
                        " (note: the server made both moves of {}: those rest on its seed alone)",
                        rounds_named(server_only)
                    ));
                }
                if server_only.len() <= *rounds {
                    line.push_str(&who_moved(*rounds, by_server, server_only, *keys));
                }
                if !taken_over.is_empty() {
                    line.push_str(&format!(
                        " (note: the server made your move in {} although this client sealed one: \
                         too late for the deadline, or dropped)",
                        rounds_named(taken_over)
                    ));
                }
                if let Some(cause) = cause {
                    line.push_str(&format!(" (the result: {cause})"));
                }
                line
            }
            Verdict::AbortedDeal {
                refused,
                unsigned,
                cause,
            } => {
                let mut line = String::from(
                    "verified: the game ended at its deal, before anything was dealt; the seed \
                     matches the commitment published at the start, and every seal, opening and \
                     signature made checks",
                );
                match refused.as_slice() {
                    [] => {}
                    [seat] => line.push_str(&format!(
                        " ({seat} sealed a nonce and never opened it, and the game was aborted)"
                    )),
                    _ => line.push_str(" (both sealed a nonce and never opened it)"),
                }
                for seat in unsigned {
                    line.push_str(&format!(
                        " (note: {seat}'s seal is not signed: nothing proves {seat} made it \
                         rather than the server)"
                    ));
                }
                if let Some(cause) = cause {
                    line.push_str(&format!(" (the result: {cause})"));
                }
                line
            }
            Verdict::Unsealed => "not provably fair: a game from before sealed play (record \
                                  format 1); its rounds follow the rules, but its dice came \
                                  from the server's seed alone"
                .into(),
            Verdict::Broken(problem) => format!("NOT FAIR: {problem}"),
        }
    }
}

/// What a verdict says of who made the moves: whose are signed (and with
/// which key, for a player to hold against their own), whose nothing
/// proves, and which the server made for a seat.
fn who_moved(
    rounds: usize,
    by_server: &Seated<Vec<u32>>,
    server_only: &[u32],
    keys: Option<Seated<Option<PlayerKey>>>,
) -> String {
    // A seat without a key whose every exchange the server made, alone or
    // with the other's (a forced move, say): a server bot, whose moves are
    // the server's by design. (A player with a key who never moved missed
    // deadlines.)
    let all_the_servers = |seat: Seat| {
        by_server[seat].len() + server_only.len() == rounds + 1
            && keys.is_none_or(|keys| keys[seat].is_none())
    };
    let mut words = String::new();
    match keys {
        None => words.push_str(
            " (note: a record from before signed moves, format 2: nothing proves which moves \
             were the players' own rather than the server's)",
        ),
        Some(keys) => {
            let signed: Vec<String> = Seat::ALL
                .into_iter()
                .filter_map(|seat| {
                    let key = keys[seat]?.to_string();
                    Some(format!("{seat}'s with key {}…", &key[..16]))
                })
                .collect();
            if !signed.is_empty() {
                words.push_str(&format!(
                    "; every move a player made is signed by that player ({})",
                    signed.join(", ")
                ));
            }
            for seat in Seat::ALL.into_iter().filter(|seat| keys[*seat].is_none()) {
                if !all_the_servers(seat) {
                    words.push_str(&format!(
                        " (note: {seat}'s moves are not signed: nothing proves {seat} made them \
                         rather than the server)"
                    ));
                }
            }
        }
    }
    for seat in Seat::ALL {
        let made = &by_server[seat];
        if all_the_servers(seat) {
            words.push_str(&format!(
                " (note: {seat} is the server's bot: its moves are the server's by design)"
            ));
        } else if !made.is_empty() {
            // The deal is a nonce, not a move.
            let dealt = made.contains(&0);
            let moves: Vec<u32> = made.iter().copied().filter(|round| *round > 0).collect();
            let mut what = Vec::new();
            if dealt {
                what.push("deal nonce".to_owned());
            }
            if !moves.is_empty() {
                what.push(format!("move in {}", rounds_named(&moves)));
            }
            let missed = if made.len() == 1 {
                "a missed deadline"
            } else {
                "missed deadlines"
            };
            words.push_str(&format!(
                " (note: the server made {seat}'s {}: {missed})",
                what.join(" and its ")
            ));
        }
    }
    words
}

/// "the deal, rounds 3–5, round 7": runs of rounds in a row as one.
fn rounds_named(rounds: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &round in rounds {
        match runs.last_mut() {
            Some((_, last)) if round > 0 && *last > 0 && round == *last + 1 => *last = round,
            _ => runs.push((round, round)),
        }
    }
    runs.iter()
        .map(|&(first, last)| match (first, last) {
            (0, _) => "the deal".to_owned(),
            (first, last) if first == last => format!("round {first}"),
            (first, last) => format!("rounds {first}–{last}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks `record` and, if given, what a player's client saw of the game
/// from its seat.
pub fn verify(record: &GameRecord, seen: Option<(&Witness, Seat)>) -> Verdict {
    if let Some((witness, _)) = seen
        && witness.commitment.is_some()
        && !record.is_sealed()
    {
        return Verdict::Broken("the game was played sealed, but its record holds no seals".into());
    }
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
    if let Some((witness, _)) = seen
        && let Err(error) = witness.check(record)
    {
        return Verdict::Broken(error.to_string());
    }
    let Some(fair) = record.fair.as_ref() else {
        return Verdict::Unsealed;
    };
    let exchanges = || std::iter::once(&fair.deal).chain(&fair.rounds).zip(0u32..);
    let server_only: Vec<u32> = exchanges()
        .filter(|(exchange, _)| exchange.by_server.yellow && exchange.by_server.blue)
        .map(|(_, round)| round)
        .collect();
    let by_server = Seated::from_fn(|seat| {
        exchanges()
            .filter(|(exchange, _)| {
                exchange.by_server[seat] && !exchange.by_server[seat.opponent()]
            })
            .map(|(_, round)| round)
            .collect()
    });
    Verdict::Fair {
        rounds: record.rounds.len(),
        taken_over: seen
            .map(|(witness, seat)| witness.moves_taken_over(record, seat))
            .unwrap_or_default(),
        server_only,
        by_server,
        keys: fair.keys,
        cause: None,
    }
}

/// What a finished game left: the record of a game dealt, or of a deal
/// that never happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    Game(GameRecord),
    AbortedDeal(AbortedDeal),
}

/// A record as read, with the result the server's answer gives for it
/// (none for a bare record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub record: Recorded,
    pub claimed: Option<GameResult>,
    /// The missed deadlines in a row after which the server made a player
    /// forfeit, as its answer says (none for a bare record, or a game
    /// stored before servers kept it).
    pub missed_deadline_limit: Option<u32>,
    /// What the answer says the game did to ratings, if it was played in a
    /// rated room.
    pub rated: Option<RatedGame>,
}

/// Reads a server's `/api/games/ID` answer, or a bare record (of a game,
/// or of an aborted deal).
pub fn parse(text: &str) -> anyhow::Result<Loaded> {
    if let Ok(game) = serde_json::from_str::<FinishedGame>(text) {
        let record = match (game.record, game.aborted_deal) {
            (Some(record), _) => Recorded::Game(record),
            (None, Some(deal)) => Recorded::AbortedDeal(deal),
            (None, None) => anyhow::bail!("the server's answer holds no record"),
        };
        return Ok(Loaded {
            record,
            claimed: Some(game.result),
            missed_deadline_limit: game.missed_deadline_limit,
            rated: game.rated,
        });
    }
    let record = match serde_json::from_str::<GameRecord>(text) {
        Ok(record) => Recorded::Game(record),
        Err(error) => match serde_json::from_str::<AbortedDeal>(text) {
            Ok(deal) => Recorded::AbortedDeal(deal),
            Err(_) => anyhow::bail!("not a game record: {error}"),
        },
    };
    Ok(Loaded {
        record,
        claimed: None,
        missed_deadline_limit: None,
        rated: None,
    })
}

/// Reads a record from a server's `/api/games/ID` answer or a bare record.
pub fn parse_record(text: &str) -> anyhow::Result<GameRecord> {
    match parse(text)?.record {
        Recorded::Game(record) => Ok(record),
        Recorded::AbortedDeal(_) => {
            anyhow::bail!("the game ended at its deal: it has no rounds to read")
        }
    }
}

/// Checks the record of an aborted deal, the result given for it if any
/// (nobody scored; aborted, or for a game stored before aborts a forfeit,
/// with its winner; by whoever refused to open when that was the cause,
/// by a signed leave when a player with a key left), and what this client
/// saw of the deal.
fn verify_aborted(
    deal: &AbortedDeal,
    claimed: Option<&GameResult>,
    seen: Option<(&Witness, Seat)>,
) -> Verdict {
    if let Err(error) = deal.check() {
        return Verdict::Broken(error.to_string());
    }
    if let Some((witness, seat)) = seen
        && let Some(problem) = deal_against_witness(deal, witness, seat)
    {
        return Verdict::Broken(problem);
    }
    let refused: Vec<Seat> = deal.refusers().collect();
    let mut cause = None;
    if let Some(claimed) = claimed {
        let said_refused: Vec<Seat> = match claimed.ending.forfeited() {
            Some((out, ForfeitCause::NotOpened)) => {
                Seat::ALL.into_iter().filter(|seat| out[*seat]).collect()
            }
            _ => Vec::new(),
        };
        let nothing_scored = claimed.score == Seated::default();
        if matches!(claimed.ending, Ending::Played { .. })
            || !nothing_scored
            || said_refused != refused
            || claimed.winner != expected_winner(&claimed.ending)
        {
            return Verdict::Broken(format!(
                "the result given ({}) is not the record's: the game ended at its deal, {}",
                crate::text::outcome(claimed),
                match refused.as_slice() {
                    [] => "nobody refusing to open, and nobody winning".to_owned(),
                    [seat] => format!("{seat} refusing to open, and nobody winning"),
                    _ => "both refusing to open, and nobody winning".to_owned(),
                }
            ));
        }
        cause = match cause_evidence(
            &claimed.ending,
            deal.keys,
            deal.left.as_ref(),
            &Stage::Deal(deal),
        ) {
            Ok(cause) => cause,
            Err(problem) => return Verdict::Broken(problem),
        };
    }
    let unsigned = Seat::ALL
        .into_iter()
        .filter(|seat| {
            deal.seals[*seat].is_some() && !deal.by_server[*seat] && deal.keys[*seat].is_none()
        })
        .collect();
    Verdict::AbortedDeal {
        refused,
        unsigned,
        cause,
    }
}

/// Who wins a game that ended this way before its end by the rules: the
/// forfeiter's opponent; nobody for a game abandoned or aborted.
fn expected_winner(ending: &Ending) -> Option<Seat> {
    match *ending {
        Ending::Forfeit { seat, .. } => Some(seat.opponent()),
        Ending::Played { .. } | Ending::Abandoned { .. } | Ending::Aborted { .. } => None,
    }
}

/// Where a game ended, for what its cause rests on.
enum Stage<'a> {
    /// At its deal: the deal's record.
    Deal(&'a AbortedDeal),
    /// After it: each seat's moves the server made in a row at the end of
    /// the record (`runs`), and how many the server said make a forfeit
    /// (`limit`).
    Rounds {
        runs: Seated<usize>,
        limit: Option<u32>,
    },
}

/// What the cause of a forfeit (or abort) rests on, held against the
/// record: a leave by a player with a key must be in it, signed (`left`);
/// missed deadlines must show as the server's moves for the player in the
/// record's last rounds, or at the deal (a rated room's) as no seal of the
/// player's. A disconnection, and a move never opened, rest on the
/// server's word, and the note says so. `Err` names what does not hold.
fn cause_evidence(
    ending: &Ending,
    keys: Seated<Option<PlayerKey>>,
    left: Option<&SignedLeave>,
    stage: &Stage<'_>,
) -> Result<Option<String>, String> {
    let forfeited = ending.forfeited();
    if let Some(left) = left
        && !matches!(forfeited, Some((out, ForfeitCause::Left)) if out[left.seat])
    {
        return Err(format!(
            "the record holds {}'s signed leave, but the result given says the game ended \
             otherwise ({})",
            left.seat,
            ending_words(ending)
        ));
    }
    let Some((out, cause)) = forfeited else {
        return Ok(None);
    };
    let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|seat| out[*seat]).collect();
    let mut notes = Vec::new();
    for seat in seats {
        notes.push(match cause {
            ForfeitCause::Left => match (keys[seat], left) {
                (Some(_), Some(_)) => {
                    format!("{seat} left, proven by {seat}'s leave, signed with {seat}'s key")
                }
                (Some(_), None) => {
                    return Err(format!(
                        "the result given says {seat} left, but the record holds no leave \
                         signed with {seat}'s key: nothing proves {seat} left"
                    ));
                }
                (None, _) => format!(
                    "that {seat} left rests on the server's word ({seat} had no key to sign a \
                     leave with)"
                ),
            },
            ForfeitCause::MissedDeadlines => {
                let (runs, limit) = match stage {
                    Stage::Deal(deal) if deal.seals[seat].is_some() => {
                        return Err(format!(
                            "the result given says {seat} did not seal a deal nonce in time, but \
                             the record holds {seat}'s seal"
                        ));
                    }
                    Stage::Deal(_) => {
                        notes.push(format!(
                            "{seat} sealed no deal nonce in time, proven by the record (it holds \
                             no seal of {seat}'s)"
                        ));
                        continue;
                    }
                    Stage::Rounds { runs, limit } => (runs, limit),
                };
                let needed = limit.unwrap_or(1).max(1) as usize;
                if runs[seat] < needed {
                    return Err(format!(
                        "the result given says {seat} missed too many deadlines, but the \
                         record's last {} made by the server for {seat} {} (the server's \
                         limit: {needed} in a row)",
                        crate::text::plural(
                            u64::try_from(runs[seat]).unwrap_or(u64::MAX),
                            "move",
                            "moves"
                        ),
                        if runs[seat] == 1 {
                            "is one"
                        } else {
                            "are not enough"
                        }
                    ));
                }
                format!(
                    "{seat} missed {needed} deadlines in a row, proven by the record: the server \
                     made {seat}'s move in each of its last {} rounds",
                    runs[seat]
                )
            }
            ForfeitCause::Disconnected => {
                format!("that {seat} stayed away past the grace period rests on the server's word")
            }
            ForfeitCause::NotOpened => format!(
                "that {seat} did not open a sealed move in time rests on the server's word (the \
                 record shows the seal; whether the opening came in time, only the server saw)"
            ),
        });
    }
    Ok(Some(notes.join("; ")))
}

/// How a game ended, in words.
fn ending_words(ending: &Ending) -> &'static str {
    match ending {
        Ending::Played { .. } => "played to its end",
        Ending::Forfeit { .. } => "a forfeit for another cause",
        Ending::Abandoned { .. } => "abandoned by both",
        Ending::Aborted { .. } => "aborted for another cause",
    }
}

/// What is wrong with a game the answer says was rated, if anything: a
/// rated game's keys are the record's, and each signed its own deal nonce
/// (the proof the key's holder played: the server makes no rated player's
/// deal nonce).
fn rating_problem(record: &GameRecord, rated: Option<&RatedGame>) -> Option<String> {
    let rated = rated.filter(|rated| rated.counted())?;
    let Some(fair) = record.fair.as_ref() else {
        return Some("the game is said to be rated, but its record holds no seals".into());
    };
    let keys = fair.keys.unwrap_or_default();
    Seat::ALL.into_iter().find_map(|seat| {
        if keys[seat] != Some(rated.keys[seat]) {
            Some(format!(
                "the game is said to be rated for {seat}'s key {}…, but the record's key for \
                 {seat} is another",
                &rated.keys[seat].to_string()[..16]
            ))
        } else if fair.deal.by_server[seat] {
            Some(format!(
                "the game is said to be rated, but the server made {seat}'s deal nonce: nothing \
                 proves {seat}'s key played it"
            ))
        } else {
            None
        }
    })
}

/// Each seat's moves the server made in a row at the end of the record
/// (its last rounds), for a forfeit for missed deadlines.
fn trailing_server_moves(record: &GameRecord) -> Seated<usize> {
    let Some(fair) = &record.fair else {
        return Seated::default();
    };
    Seated::from_fn(|seat| {
        fair.rounds
            .iter()
            .rev()
            .take_while(|exchange| exchange.by_server[seat])
            .count()
    })
}

/// Where an aborted deal's record disagrees with what this client saw.
fn deal_against_witness(deal: &AbortedDeal, witness: &Witness, seat: Seat) -> Option<String> {
    if let Some(conflict) = witness.conflict {
        return Some(conflict.to_string());
    }
    if witness
        .commitment
        .is_some_and(|commitment| commitment != deal.commitment)
    {
        return Some(mice_cake_engine::WitnessError::OtherCommitment.to_string());
    }
    if witness.revealed > 0 {
        return Some("a round was revealed in play, but the record says nothing was dealt".into());
    }
    if let Some(Some(seen)) = witness.seals.first()
        && let Some(which) = Seat::ALL
            .into_iter()
            .find(|which| deal.seals[*which].is_some_and(|recorded| recorded != seen[*which]))
    {
        return Some(
            mice_cake_engine::WitnessError::SealChanged {
                round: 0,
                seat: which,
            }
            .to_string(),
        );
    }
    let own = witness
        .own
        .iter()
        .find(|own| own.round == 0 && own.seat == seat)?;
    match deal.nonces[seat] {
        Some(nonce) if nonce != own.opening.nonce => {
            Some(mice_cake_engine::WitnessError::OwnMoveChanged { round: 0 }.to_string())
        }
        _ => None,
    }
}

/// Reads a record: a file, a `…/api/games/ID` URL, or a game id on `server`.
pub fn load(source: &str, server: &str) -> anyhow::Result<Loaded> {
    parse(&crate::replay::read_source(source, server)?)
}

/// Checks a record as [`verify`] does, and the result its server gives
/// for it against the record played out: a server cannot swap a winner or
/// the pips under an honest record.
pub fn verify_loaded(loaded: &Loaded, seen: Option<(&Witness, Seat)>) -> Verdict {
    let record = match &loaded.record {
        Recorded::Game(record) => record,
        Recorded::AbortedDeal(deal) => {
            return verify_aborted(deal, loaded.claimed.as_ref(), seen);
        }
    };
    let verdict = verify(record, seen);
    if matches!(verdict, Verdict::Broken(_)) {
        return verdict;
    }
    let Some(claimed) = &loaded.claimed else {
        return verdict;
    };
    let game = match record.replay() {
        Ok(game) => game,
        Err(error) => return Verdict::Broken(error.to_string()),
    };
    if let Some(problem) = result_problem(&game, record.rounds.len(), claimed) {
        return Verdict::Broken(problem);
    }
    if let Some(problem) = rating_problem(record, loaded.rated.as_ref()) {
        return Verdict::Broken(problem);
    }
    let fair = record.fair.as_ref();
    let keys = fair.and_then(|fair| fair.keys).unwrap_or_default();
    let left = fair.and_then(|fair| fair.left.as_ref());
    let stage = Stage::Rounds {
        runs: trailing_server_moves(record),
        limit: loaded.missed_deadline_limit,
    };
    match cause_evidence(&claimed.ending, keys, left, &stage) {
        Err(problem) => Verdict::Broken(problem),
        Ok(note) => match verdict {
            Verdict::Fair {
                rounds,
                server_only,
                taken_over,
                by_server,
                keys,
                cause: _,
            } => Verdict::Fair {
                rounds,
                server_only,
                taken_over,
                by_server,
                keys,
                cause: note,
            },
            other => other,
        },
    }
}

/// What is wrong with `claimed` as the result of `game` (its record of
/// `rounds` rounds played out), if anything. A game over by the rules has
/// one result; a game its record leaves unfinished ended by a forfeit, at
/// its score then, or was aborted before its first round was revealed.
fn result_problem(game: &Game, rounds: usize, claimed: &GameResult) -> Option<String> {
    let score = Seated::from_fn(|seat| game.score(seat));
    if matches!(claimed.ending, Ending::Aborted { .. }) && rounds > 0 {
        return Some(format!(
            "the result given ({}) says the game was aborted before both players had a move, but \
             {} revealed first: from then on a game ends by a forfeit",
            crate::text::outcome(claimed),
            crate::text::plural(
                u64::try_from(rounds).unwrap_or(u64::MAX),
                "round was",
                "rounds were"
            )
        ));
    }
    let expected = match (game.outcome(), claimed.ending) {
        (Some(outcome), _) => GameResult::played(outcome),
        (None, Ending::Played { .. }) => {
            return Some(format!(
                "the result given ({}) says the game was played to its end, but its record \
                 stops before the end",
                crate::text::outcome(claimed)
            ));
        }
        (None, Ending::Forfeit { seat, .. }) => GameResult {
            winner: Some(seat.opponent()),
            score,
            ending: claimed.ending,
        },
        (None, Ending::Abandoned { .. } | Ending::Aborted { .. }) => GameResult {
            winner: None,
            score,
            ending: claimed.ending,
        },
    };
    (expected != *claimed).then(|| {
        format!(
            "the result given ({}) is not the record's: played out, the record gives {}",
            crate::text::outcome(claimed),
            crate::text::outcome(&expected)
        )
    })
}

/// Tries at fetching a game's record once it ended, and the first pause
/// between them (doubling): about 7 s in all.
const RECORD_FETCH_ATTEMPTS: u32 = 4;
const RECORD_FETCH_FIRST_PAUSE: std::time::Duration = std::time::Duration::from_millis(1_000);

/// What the end of a game played tells: whether it was fair, and each
/// player's accuracy.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The verdict, in one line.
    pub verdict: String,
    /// Each player's accuracy in percent, once the game is analysed here;
    /// none for a game with no move to judge, or a record that cannot be
    /// read.
    pub accuracy: Option<Seated<f64>>,
}

/// Checks a game just played on the server at `http` (its HTTP address),
/// against what this client saw of it, and, for a person (`analyse`),
/// analyses it with this client's own engine (a second or so of one core):
/// the verdict and each player's accuracy.
/// The record is fetched again a few times, a moment apart: a game may end
/// as its server restarts or the way to it changes (a cluster's node going
/// away).
pub async fn check_played(
    http: String,
    id: GameId,
    seen: Option<(Witness, Seat)>,
    analyse: bool,
) -> Checked {
    let checked = tokio::task::spawn_blocking(move || {
        let mut pause = RECORD_FETCH_FIRST_PAUSE;
        let mut attempts = 1;
        let text = loop {
            match crate::replay::read_source(&id.to_string(), &http) {
                Ok(text) => break text,
                Err(_) if attempts < RECORD_FETCH_ATTEMPTS => {
                    std::thread::sleep(pause);
                    pause *= 2;
                    attempts += 1;
                }
                Err(error) => return Err(error),
            }
        };
        let loaded = parse(&text)?;
        let verdict = verify_loaded(
            &loaded,
            seen.as_ref().map(|(witness, seat)| (witness, *seat)),
        );
        let accuracy = match &loaded.record {
            Recorded::Game(record) if analyse => crate::analysis::accuracies(record),
            Recorded::Game(_) | Recorded::AbortedDeal(_) => None,
        };
        anyhow::Ok(Checked {
            verdict: verdict.line(),
            accuracy,
        })
    })
    .await;
    let unchecked = |verdict: String| Checked {
        verdict,
        accuracy: None,
    };
    match checked {
        Ok(Ok(checked)) => checked,
        Ok(Err(error)) => unchecked(format!("could not verify the game: {error:#}")),
        Err(error) => unchecked(format!("could not verify the game: {error}")),
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Options, RecordedGame, Seat, Seed, Viewer, greedy_assignment};
    use mice_cake_protocol::ForfeitCause;

    use super::*;

    fn finished_game(seed: u64) -> GameRecord {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(seed)).unwrap();
        while game.game().outcome().is_none() {
            let view = game.game().view(Viewer::Spectator);
            let yellow = greedy_assignment(&view, Seat::Yellow);
            let blue = greedy_assignment(&view, Seat::Blue);
            game.play_round(&yellow, &blue).unwrap();
        }
        game.into_record().unwrap()
    }

    #[test]
    fn an_honest_record_is_fair_and_a_changed_one_is_not() {
        let record = finished_game(3);
        let verdict = verify(&record, None);
        // A game between two of the server's own players: every exchange
        // rests on its seed alone, and the verdict says so.
        let Verdict::Fair {
            rounds,
            ref server_only,
            ..
        } = verdict
        else {
            panic!("{verdict:?}");
        };
        assert_eq!(rounds, record.rounds.len());
        assert_eq!(server_only.len(), record.rounds.len() + 1);
        assert!(
            verdict.line().contains("rests on its seed alone"),
            "{}",
            verdict.line()
        );
        assert_eq!(verdict.exit_code(), 0);
        let mut tampered = record.clone();
        tampered.seed = Some(Seed::from_u64(4));
        let verdict = verify(&tampered, None);
        assert_eq!(verdict.exit_code(), 1);
        assert!(verdict.line().contains("commitment"), "{}", verdict.line());
    }

    #[test]
    fn a_game_played_sealed_whose_record_is_not_is_not_fair() {
        let mut record = finished_game(6);
        let witness = Witness::new(record.fair.as_ref().unwrap().commitment);
        record.fair = None;
        record.format = mice_cake_engine::UNSEALED_RECORD_FORMAT;
        let verdict = verify(&record, Some((&witness, Seat::Yellow)));
        assert_eq!(verdict.exit_code(), 1, "{verdict:?}");
        assert!(
            verdict.line().contains("holds no seals"),
            "{}",
            verdict.line()
        );
    }

    /// The server's answer for `record`, with the result it plays out to.
    fn served(record: &GameRecord) -> FinishedGame {
        let game = record.replay().unwrap();
        answer(
            GameResult::played(game.outcome().unwrap()),
            Some(record.clone()),
            None,
        )
    }

    /// A server's answer with this result and record (or aborted deal).
    fn answer(
        result: GameResult,
        record: Option<GameRecord>,
        aborted_deal: Option<AbortedDeal>,
    ) -> FinishedGame {
        FinishedGame {
            id: "0123456789abcdef0123456789abcdef".parse().unwrap(),
            room: "K7M2Q".parse().unwrap(),
            players: Seated {
                yellow: "ann".into(),
                blue: "bob".into(),
            },
            result,
            finished_at_ms: 0,
            deadline_ms: None,
            record,
            aborted_deal,
            chat: Vec::new(),
            rated: None,
            missed_deadline_limit: Some(3),
            arena: None,
        }
    }

    fn verdict_of(game: &FinishedGame) -> Verdict {
        verify_loaded(&parse(&serde_json::to_string(game).unwrap()).unwrap(), None)
    }

    /// Checks that `game` verifies with `exit` and its verdict says `words`.
    fn says(game: &FinishedGame, exit: u8, words: &str) {
        let verdict = verdict_of(game);
        assert_eq!(verdict.exit_code(), exit, "{verdict:?}");
        assert!(verdict.line().contains(words), "{}", verdict.line());
    }

    #[test]
    fn a_result_that_is_not_the_records_is_not_fair() {
        let record = finished_game(7);
        let honest = served(&record);
        assert_eq!(
            verdict_of(&honest).exit_code(),
            0,
            "{:?}",
            verdict_of(&honest)
        );

        let mut swapped = honest.clone();
        swapped.result.winner = swapped
            .result
            .winner
            .map(Seat::opponent)
            .or(Some(Seat::Yellow));
        swapped.result.score = Seated {
            yellow: honest.result.score.blue,
            blue: honest.result.score.yellow,
        };
        says(&swapped, 1, "is not the record's");

        let mut pips = honest.clone();
        pips.result.score.yellow.pips += 1;
        assert_eq!(verdict_of(&pips).exit_code(), 1);

        // A forfeit where the record reaches the end by the rules.
        let mut forfeited = honest.clone();
        forfeited.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        };
        forfeited.result.winner = Some(Seat::Yellow);
        assert_eq!(verdict_of(&forfeited).exit_code(), 1);

        // A record cut short ends by a forfeit, at its score then, and
        // nothing else: not "played to its end".
        let mut cut = record.clone();
        cut.rounds.truncate(3);
        cut.outcome = None;
        if let Some(fair) = cut.fair.as_mut() {
            fair.rounds.truncate(3);
        }
        let game = cut.replay().unwrap();
        let mut left = served(&record);
        left.record = Some(cut);
        left.result = GameResult {
            winner: Some(Seat::Yellow),
            score: Seated::from_fn(|seat| game.score(seat)),
            ending: Ending::Forfeit {
                seat: Seat::Blue,
                cause: ForfeitCause::Left,
            },
        };
        assert_eq!(verdict_of(&left).exit_code(), 0, "{:?}", verdict_of(&left));
        let mut claimed_played = left.clone();
        claimed_played.result = honest.result;
        let verdict = verdict_of(&claimed_played);
        assert!(
            verdict.line().contains("stops before the end"),
            "{}",
            verdict.line()
        );
    }

    /// A server's answer for a deal Blue sealed and never opened.
    fn refused_by_blue() -> FinishedGame {
        use mice_cake_engine::fair::{self, DEAL_ROUND};
        use mice_cake_engine::{Assignment, Exchange, Nonce, Opening, PlayerSecret};
        let seed = Seed::from_u64(12);
        let keys = Seated {
            yellow: PlayerSecret::from_bytes([1; 32]),
            blue: PlayerSecret::from_bytes([2; 32]),
        };
        let mut exchange = Exchange::new(fair::commitment(seed), DEAL_ROUND)
            .with_keys(Seated::from_fn(|seat| Some(keys[seat].public_key())));
        let yellow = Opening {
            assignment: Assignment::EMPTY,
            nonce: Nonce::from_bytes([3; 32]),
        };
        for (seat, nonce) in [
            (Seat::Yellow, yellow.nonce),
            (Seat::Blue, Nonce::from_bytes([4; 32])),
        ] {
            let seal = fair::seal(
                exchange.commitment,
                DEAL_ROUND,
                seat,
                &Assignment::EMPTY,
                nonce,
            );
            exchange
                .seal(seat, seal, Some(keys[seat].sign(seal)))
                .unwrap();
        }
        exchange.open(Seat::Yellow, yellow).unwrap();
        let deal = AbortedDeal::of(
            Options::default(),
            seed,
            &exchange,
            Seated {
                yellow: false,
                blue: true,
            },
        );
        answer(
            GameResult {
                winner: None,
                score: Seated::default(),
                ending: Ending::Aborted {
                    seat: Some(Seat::Blue),
                    cause: ForfeitCause::NotOpened,
                },
            },
            None,
            Some(deal),
        )
    }

    #[test]
    fn an_aborted_deal_is_checked_with_its_result() {
        let honest = refused_by_blue();
        says(
            &honest,
            0,
            "the game ended at its deal, before anything was dealt",
        );
        let verdict = verdict_of(&honest);
        assert!(
            verdict
                .line()
                .contains("Blue sealed a nonce and never opened it, and the game was aborted"),
            "{}",
            verdict.line()
        );
        assert!(
            verdict.line().contains(
                "that Blue did not open a sealed move in time rests on the server's word"
            ),
            "{}",
            verdict.line()
        );
        // The result blames the wrong player.
        let mut blamed = honest.clone();
        blamed.result.ending = Ending::Aborted {
            seat: Some(Seat::Yellow),
            cause: ForfeitCause::NotOpened,
        };
        says(&blamed, 1, "Blue refusing to open");
        // The player who refused to open shown as winning.
        let mut refuser_wins = honest.clone();
        refuser_wins.result.winner = Some(Seat::Blue);
        says(&refuser_wins, 1, "Blue wins");
        says(&refuser_wins, 1, "nobody winning");
        // A winner added to a deal both refused.
        let mut both = honest.clone();
        let deal = both.aborted_deal.as_mut().unwrap();
        deal.refused.yellow = true;
        deal.nonces.yellow = None;
        both.result.ending = Ending::Aborted {
            seat: None,
            cause: ForfeitCause::NotOpened,
        };
        assert_eq!(verdict_of(&both).exit_code(), 0, "{:?}", verdict_of(&both));
        both.result.winner = Some(Seat::Yellow);
        assert_eq!(verdict_of(&both).exit_code(), 1, "{:?}", verdict_of(&both));
        // A game stored before aborts: a forfeit, won by the other player.
        let mut older = honest.clone();
        older.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::NotOpened,
        };
        older.result.winner = Some(Seat::Yellow);
        assert_eq!(
            verdict_of(&older).exit_code(),
            0,
            "{:?}",
            verdict_of(&older)
        );
        older.result.winner = Some(Seat::Blue);
        assert_eq!(
            verdict_of(&older).exit_code(),
            1,
            "{:?}",
            verdict_of(&older)
        );
        // A link of the deal broken.
        let mut tampered = honest.clone();
        tampered.aborted_deal.as_mut().unwrap().seed = Seed::from_u64(13);
        assert_eq!(verdict_of(&tampered).exit_code(), 1);
        // A bare aborted deal reads too; it has nothing to replay.
        let bare = serde_json::to_string(honest.aborted_deal.as_ref().unwrap()).unwrap();
        assert_eq!(verify_loaded(&parse(&bare).unwrap(), None).exit_code(), 0);
        let served = serde_json::to_string(&honest).unwrap();
        let Err(error) = crate::replay::parse(&served) else {
            panic!("an aborted deal has nothing to replay");
        };
        let error = error.to_string();
        assert!(
            error.contains("ended at its deal (Blue sealed a nonce"),
            "{error}"
        );
    }

    /// The server's answer for a game of `record` cut to its first
    /// `rounds` rounds, ended by `seat` forfeiting (or aborting) for
    /// `cause`.
    fn cut_short(
        record: &GameRecord,
        rounds: usize,
        seat: Seat,
        cause: ForfeitCause,
    ) -> FinishedGame {
        let mut cut = record.clone();
        cut.rounds.truncate(rounds);
        cut.outcome = None;
        cut.fair.as_mut().unwrap().rounds.truncate(rounds);
        let game = cut.replay().unwrap();
        let ending = if rounds == 0 {
            Ending::Aborted {
                seat: Some(seat),
                cause,
            }
        } else {
            Ending::Forfeit { seat, cause }
        };
        answer(
            GameResult {
                winner: (rounds > 0).then_some(seat.opponent()),
                score: Seated::from_fn(|seat| game.score(seat)),
                ending,
            },
            Some(cut),
            None,
        )
    }

    /// A game between two players with keys, Blue's moves made by the
    /// server from round 4 on: as if Blue stopped moving.
    fn signed_game(seed: u64) -> (GameRecord, Seated<mice_cake_engine::PlayerSecret>) {
        use mice_cake_engine::fair::{self, DEAL_ROUND};
        use mice_cake_engine::{Exchange, Nonce, Opening, PlayerSecret};
        let seed = Seed::from_u64(seed);
        let keys = Seated {
            yellow: PlayerSecret::from_bytes([1; 32]),
            blue: PlayerSecret::from_bytes([2; 32]),
        };
        let commitment = fair::commitment(seed);
        let mut nonces = 0u8;
        let mut play = |exchange: &mut Exchange,
                        moves: Seated<mice_cake_engine::Assignment>,
                        by_server: Seated<bool>| {
            let mut openings = Seated::default();
            for seat in Seat::ALL {
                if by_server[seat] {
                    exchange.make_for(seat, seed, moves[seat]).unwrap();
                    continue;
                }
                nonces += 1;
                let opening = Opening {
                    assignment: moves[seat],
                    nonce: Nonce::from_bytes([nonces; 32]),
                };
                let sealed = fair::seal(
                    commitment,
                    exchange.round,
                    seat,
                    &opening.assignment,
                    opening.nonce,
                );
                exchange
                    .seal(seat, sealed, Some(keys[seat].sign(sealed)))
                    .unwrap();
                openings[seat] = Some(opening);
            }
            for seat in Seat::ALL {
                if let Some(opening) = openings[seat] {
                    exchange.open(seat, opening).unwrap();
                }
            }
        };
        let mut deal = Exchange::new(commitment, DEAL_ROUND)
            .with_keys(Seated::from_fn(|seat| Some(keys[seat].public_key())));
        let empty = Seated::from_fn(|_| mice_cake_engine::Assignment::EMPTY);
        play(&mut deal, empty, Seated::default());
        let mut game = RecordedGame::dealt(Options::default(), seed, &deal).unwrap();
        while game.game().outcome().is_none() {
            let view = game.game().view(Viewer::Spectator);
            let moves = Seated::from_fn(|seat| greedy_assignment(&view, seat));
            let mut exchange = game.exchange();
            let by_server = Seated {
                yellow: false,
                blue: exchange.round >= 4,
            };
            play(&mut exchange, moves, by_server);
            game.play_exchange(&exchange).unwrap();
        }
        (game.into_record().unwrap(), keys)
    }

    #[test]
    fn a_forfeits_cause_is_held_against_the_record() {
        let (record, keys) = signed_game(21);
        assert!(record.rounds.len() > 8, "a long enough game");
        // Blue missed round 4, 5 and 6: a forfeit the record proves.
        let missed = cut_short(&record, 6, Seat::Blue, ForfeitCause::MissedDeadlines);
        says(
            &missed,
            0,
            "Blue missed 3 deadlines in a row, proven by the record",
        );
        // Said of Yellow, who moved every round; or of Blue two rounds early.
        let wrong = cut_short(&record, 6, Seat::Yellow, ForfeitCause::MissedDeadlines);
        assert_eq!(verdict_of(&wrong).exit_code(), 1);
        let early = cut_short(&record, 4, Seat::Blue, ForfeitCause::MissedDeadlines);
        says(&early, 1, "the server's limit: 3 in a row");

        // Yellow left in round 4: proven only by Yellow's signed leave.
        let mut left = cut_short(&record, 3, Seat::Yellow, ForfeitCause::Left);
        says(&left, 1, "no leave signed with Yellow's key");
        let fair = left.record.as_mut().unwrap().fair.as_mut().unwrap();
        fair.left = Some(SignedLeave {
            seat: Seat::Yellow,
            round: 4,
            signature: keys.yellow.sign_leave(fair.commitment, 4, Seat::Yellow),
        });
        says(&left, 0, "Yellow left, proven by Yellow's leave");
        // The leave kept, the cause or the forfeiter changed.
        let mut recaused = left.clone();
        recaused.result.ending = Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::Disconnected,
        };
        assert_eq!(verdict_of(&recaused).exit_code(), 1);
        let mut swapped = left.clone();
        swapped.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        };
        swapped.result.winner = Some(Seat::Yellow);
        assert_eq!(verdict_of(&swapped).exit_code(), 1);

        // A disconnection stands on the server's word, and says so.
        let away = cut_short(&record, 3, Seat::Blue, ForfeitCause::Disconnected);
        says(
            &away,
            0,
            "that Blue stayed away past the grace period rests on the server's word",
        );

        // An abort once a round was revealed is a forfeit in disguise.
        let mut aborted = away.clone();
        aborted.result.ending = Ending::Aborted {
            seat: Some(Seat::Blue),
            cause: ForfeitCause::Disconnected,
        };
        aborted.result.winner = None;
        says(&aborted, 1, "3 rounds were revealed first");
        // Before any round: an abort, nobody winning.
        let early = cut_short(&record, 0, Seat::Blue, ForfeitCause::Disconnected);
        assert_eq!(
            verdict_of(&early).exit_code(),
            0,
            "{:?}",
            verdict_of(&early)
        );
    }

    #[test]
    fn a_forfeit_with_its_winner_swapped_says_both_results_apart() {
        let (record, _) = signed_game(22);
        let mut swapped = cut_short(&record, 3, Seat::Blue, ForfeitCause::Disconnected);
        swapped.result.winner = Some(Seat::Blue);
        let verdict = verdict_of(&swapped);
        assert_eq!(verdict.exit_code(), 1, "{verdict:?}");
        let line = verdict.line();
        assert!(
            line.contains("the result given (") && line.contains("Blue wins: Blue stayed away"),
            "{line}"
        );
        assert!(
            line.contains("the record gives") && line.contains("Yellow wins: Blue stayed away"),
            "{line}"
        );
    }

    #[test]
    fn the_verdict_says_whose_moves_are_signed_unsigned_or_the_servers() {
        let key = mice_cake_engine::PlayerSecret::from_bytes([1; 32]).public_key();
        let both = who_moved(
            4,
            &Seated {
                yellow: vec![],
                blue: vec![2, 4],
            },
            &[],
            Some(Seated {
                yellow: Some(key),
                blue: Some(key),
            }),
        );
        assert!(
            both.contains("every move a player made is signed by that player (Yellow's with key"),
            "{both}"
        );
        assert!(
            both.contains("the server made Blue's move in round 2, round 4: missed deadlines"),
            "{both}"
        );
        let one = who_moved(
            4,
            &Seated::default(),
            &[],
            Some(Seated {
                yellow: Some(key),
                blue: None,
            }),
        );
        assert!(
            one.contains("Blue's moves are not signed: nothing proves Blue made them"),
            "{one}"
        );
        let bot = who_moved(
            2,
            &Seated {
                yellow: vec![],
                blue: vec![0, 1, 2],
            },
            &[],
            Some(Seated {
                yellow: Some(key),
                blue: None,
            }),
        );
        assert!(bot.contains("Blue is the server's bot"), "{bot}");
        assert!(
            !bot.contains("not signed"),
            "a bot's moves are the server's: {bot}"
        );
        // As a reviewer found: a server bot whose last round was forced for
        // both (the server made both moves) is still the bot, said once,
        // and not a list of missed deadlines beginning with the deal.
        let forced_end = who_moved(
            15,
            &Seated {
                yellow: vec![],
                blue: (0..=14).collect(),
            },
            &[15],
            Some(Seated {
                yellow: Some(key),
                blue: None,
            }),
        );
        assert!(
            forced_end.contains("Blue is the server's bot"),
            "{forced_end}"
        );
        assert!(!forced_end.contains("deadline"), "{forced_end}");
        assert!(!forced_end.contains("not signed"), "{forced_end}");
        assert_eq!(forced_end.matches("Blue").count(), 1, "{forced_end}");
        // A player's missed deadlines: the deal is a nonce, runs are one.
        let missed = who_moved(
            9,
            &Seated {
                yellow: vec![0, 3, 4, 5, 8],
                blue: vec![],
            },
            &[],
            Some(Seated {
                yellow: Some(key),
                blue: Some(key),
            }),
        );
        assert!(
            missed.contains(
                "the server made Yellow's deal nonce and its move in rounds 3–5, round 8: \
                 missed deadlines"
            ),
            "{missed}"
        );
        let older = who_moved(2, &Seated::default(), &[], None);
        assert!(older.contains("format 2"), "{older}");
    }

    #[test]
    fn a_record_is_read_bare_or_as_the_server_serves_it() {
        let record = finished_game(5);
        let bare = serde_json::to_string(&record).unwrap();
        assert_eq!(parse_record(&bare).unwrap(), record);
        assert!(parse_record("{}").is_err());
    }
}
