//! `mice-cake verify`: checks, offline, that a finished game was fair
//! (`docs/fairness.md`) — the seed against its commitment, every seal
//! against its opening, the deal and every die against the seed and both
//! players' nonces, every outcome against the rules — the result a server
//! gives with a record against the record played out, and, for a game this
//! client played, the record against what it saw during the game.

use mice_cake_engine::{
    AbortedDeal, AssignmentError, Game, GameRecord, OptionsError, PlayerKey, RECORD_FORMAT,
    ReplayError, RollKind, RoundError, SIGNED_RECORD_FORMAT, Seat, Seated, SignedLeave,
    UNSEALED_RECORD_FORMAT, Witness, WitnessError,
};
use mice_cake_protocol::{
    Ending, FinishedGame, ForfeitCause, GameId, GameResult, NotRated, PROVISIONAL_DEVIATION, Pool,
    RatedGame, Rating, RatingChange,
};

use crate::text::seat_name;
use crate::tr;

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

    /// One line for people, in their language.
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
                let mut line = tr!("verify-fair", rounds = *rounds);
                if server_only.len() == rounds + 1 {
                    note(&mut line, &tr!("verify-note-server-everything"));
                } else if !server_only.is_empty() {
                    note(
                        &mut line,
                        &tr!(
                            "verify-note-server-both",
                            rounds = rounds_named(server_only)
                        ),
                    );
                }
                if server_only.len() <= *rounds {
                    line.push_str(&who_moved(*rounds, by_server, server_only, *keys));
                }
                if !taken_over.is_empty() {
                    note(
                        &mut line,
                        &tr!("verify-note-taken-over", rounds = rounds_named(taken_over)),
                    );
                }
                if let Some(cause) = cause {
                    note(&mut line, &tr!("verify-note-result", cause = cause));
                }
                line
            }
            Verdict::AbortedDeal {
                refused,
                unsigned,
                cause,
            } => {
                let mut line = tr!("verify-aborted-deal");
                match refused.as_slice() {
                    [] => {}
                    [seat] => note(
                        &mut line,
                        &tr!("verify-note-refused-one", seat = seat_name(*seat)),
                    ),
                    _ => note(&mut line, &tr!("verify-note-refused-both")),
                }
                for seat in unsigned {
                    note(
                        &mut line,
                        &tr!("verify-note-unsigned-seal", seat = seat_name(*seat)),
                    );
                }
                if let Some(cause) = cause {
                    note(&mut line, &tr!("verify-note-result", cause = cause));
                }
                line
            }
            Verdict::Unsealed => tr!("verify-unsealed"),
            Verdict::Broken(problem) => tr!("verify-broken", problem = problem),
        }
    }
}

/// Adds a note (a sentence of its own, in brackets) to a verdict's line.
fn note(line: &mut String, words: &str) {
    line.push(' ');
    line.push_str(words);
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
    let line = &mut words;
    match keys {
        None => note(line, &tr!("verify-note-format-2")),
        Some(keys) => {
            let signed: Vec<String> = Seat::ALL
                .into_iter()
                .filter_map(|seat| {
                    let key = keys[seat]?.to_string();
                    Some(tr!(
                        "verify-signed-key",
                        seat = seat_name(seat),
                        key = &key[..16]
                    ))
                })
                .collect();
            if !signed.is_empty() {
                // The message brings its own separator (a semicolon).
                line.push_str(&tr!("verify-signed", keys = signed.join(", ")));
            }
            for seat in Seat::ALL.into_iter().filter(|seat| keys[*seat].is_none()) {
                if !all_the_servers(seat) {
                    note(
                        line,
                        &tr!("verify-note-unsigned-moves", seat = seat_name(seat)),
                    );
                }
            }
        }
    }
    for seat in Seat::ALL {
        let made = &by_server[seat];
        if all_the_servers(seat) {
            note(line, &tr!("verify-note-server-bot", seat = seat_name(seat)));
        } else if !made.is_empty() {
            // The deal is a nonce, not a move.
            let dealt = made.contains(&0);
            let moves: Vec<u32> = made.iter().copied().filter(|round| *round > 0).collect();
            let (name, count) = (seat_name(seat), made.len());
            note(
                line,
                &match (dealt, moves.is_empty()) {
                    (true, true) => tr!("verify-note-server-deal", seat = name, count = count),
                    (true, false) => tr!(
                        "verify-note-server-deal-and-moves",
                        seat = name,
                        rounds = rounds_named(&moves),
                        count = count
                    ),
                    (false, _) => tr!(
                        "verify-note-server-moves",
                        seat = name,
                        rounds = rounds_named(&moves),
                        count = count
                    ),
                },
            );
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
            (0, _) => tr!("verify-rounds-deal"),
            (first, last) if first == last => tr!("verify-rounds-one", round = first),
            (first, last) => tr!("verify-rounds-run", first = first, last = last),
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
        return Verdict::Broken(tr!("verify-played-unsealed"));
    }
    if record.seed.is_none() {
        return Verdict::Broken(tr!("verify-no-seed"));
    }
    if let Err(error) = record.replay() {
        return Verdict::Broken(replay_words(&error));
    }
    if !record.is_sealed() {
        return Verdict::Unsealed;
    }
    if let Some((witness, _)) = seen
        && let Err(error) = witness.check(record)
    {
        return Verdict::Broken(witness_words(error));
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
            (None, None) => anyhow::bail!(tr!("verify-answer-without-record")),
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
            Err(_) => anyhow::bail!(tr!("verify-not-a-record", error = error.to_string())),
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
        Recorded::AbortedDeal(_) => anyhow::bail!(tr!("verify-deal-only")),
    }
}

/// Checks the record of an aborted deal, the result given for it if any
/// (nobody scored; aborted, or for a game stored before aborts a forfeit,
/// with its winner; by whoever refused to open when that was the cause,
/// by a signed leave when a player with a key left; no rating moved), and
/// what this client saw of the deal.
fn verify_aborted(deal: &AbortedDeal, loaded: &Loaded, seen: Option<(&Witness, Seat)>) -> Verdict {
    let claimed = loaded.claimed.as_ref();
    if let Err(error) = deal.check() {
        return Verdict::Broken(replay_words(&error));
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
        if let Some(problem) = limit_problem(None, loaded.missed_deadline_limit) {
            return Verdict::Broken(problem);
        }
        // Aborts came with signed leaves and the answer's limit: a deal
        // stored with either ended aborted, never by a forfeit.
        let since_aborts = loaded.missed_deadline_limit.is_some() || deal.left.is_some();
        if since_aborts && let Ending::Forfeit { seat, .. } = claimed.ending {
            return Verdict::Broken(tr!(
                "verify-deal-forfeit",
                result = crate::text::outcome(claimed),
                seat = seat_name(seat)
            ));
        }
        let nothing_scored = claimed.score == Seated::default();
        if matches!(claimed.ending, Ending::Played { .. })
            || !nothing_scored
            || said_refused != refused
            || claimed.winner != expected_winner(&claimed.ending)
        {
            let result = crate::text::outcome(claimed);
            return Verdict::Broken(match refused.as_slice() {
                [] => tr!("verify-deal-result-none", result = result),
                [seat] => tr!(
                    "verify-deal-result-one",
                    result = result,
                    seat = seat_name(*seat)
                ),
                _ => tr!("verify-deal-result-both", result = result),
            });
        }
        if let Some(problem) = loaded
            .rated
            .as_ref()
            .and_then(|rated| rated_room_problem(&claimed.ending, deal.keys, rated))
        {
            return Verdict::Broken(problem);
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
    /// the record (`runs`), how many the server said make a forfeit
    /// (`limit`: none in an answer stored before servers kept it), and
    /// which seats are the server's own bots (`bots`: no key, every move
    /// the server's), which never forfeit.
    Rounds {
        runs: Seated<usize>,
        limit: Option<u32>,
        bots: Seated<bool>,
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
        return Err(tr!(
            "verify-leave-but-other-ending",
            seat = seat_name(left.seat),
            ending = ending_key(ending)
        ));
    }
    let Some((out, cause)) = forfeited else {
        return Ok(None);
    };
    let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|seat| out[*seat]).collect();
    let mut notes = Vec::new();
    for seat in seats {
        notes.push(match cause {
            ForfeitCause::Left => left_note(seat, keys, left)?,
            ForfeitCause::MissedDeadlines => missed_deadlines_note(seat, stage)?,
            ForfeitCause::Disconnected => {
                tr!("verify-cause-disconnected", seat = seat_name(seat))
            }
            ForfeitCause::NotOpened => tr!("verify-cause-not-opened", seat = seat_name(seat)),
        });
    }
    // One note a seat: two when both forfeited.
    Ok(Some(
        notes
            .into_iter()
            .reduce(|first, second| tr!("verify-cause-pair", first = first, second = second))
            .unwrap_or_default(),
    ))
}

/// What proves that `seat` left: its signed leave, or the server's word
/// for a player without a key.
fn left_note(
    seat: Seat,
    keys: Seated<Option<PlayerKey>>,
    left: Option<&SignedLeave>,
) -> Result<String, String> {
    let name = seat_name(seat);
    Ok(match (keys[seat], left.filter(|left| left.seat == seat)) {
        (Some(_), Some(_)) => tr!("verify-left-proven", seat = name),
        (Some(_), None) => return Err(tr!("verify-left-unproven", seat = name)),
        (None, _) => tr!("verify-left-word", seat = name),
    })
}

/// What proves that `seat` missed too many deadlines: the record's moves
/// made by the server, against its limit.
fn missed_deadlines_note(seat: Seat, stage: &Stage<'_>) -> Result<String, String> {
    let name = seat_name(seat);
    let (runs, limit) = match stage {
        Stage::Deal(deal) if deal.seals[seat].is_some() => {
            return Err(tr!("verify-deal-nonce-sealed", seat = name));
        }
        Stage::Deal(_) => return Ok(tr!("verify-deal-nonce-missing", seat = name)),
        Stage::Rounds { runs, limit, .. } => (runs, limit),
    };
    let Some(limit) = *limit else {
        // An answer stored before servers kept their limit
        // (older than record format 4: refused otherwise).
        if runs[seat] == 0 {
            return Err(tr!("verify-missed-own-move", seat = name));
        }
        return Ok(tr!("verify-missed-word", seat = name, count = runs[seat]));
    };
    let needed = limit.max(1) as usize;
    if runs[seat] < needed {
        return Err(tr!(
            "verify-missed-too-few",
            seat = name,
            count = runs[seat],
            limit = needed
        ));
    }
    Ok(tr!(
        "verify-missed-proven",
        seat = name,
        limit = needed,
        count = runs[seat]
    ))
}

/// How a game ended, for a message to select its words by.
fn ending_key(ending: &Ending) -> &'static str {
    match ending {
        Ending::Played { .. } => "played",
        Ending::Forfeit { .. } => "forfeit",
        Ending::Abandoned { .. } => "abandoned",
        Ending::Aborted { .. } => "aborted",
    }
}

/// What is wrong with the answer's limit of missed deadlines, if anything:
/// no server runs with a limit under 1, and every answer with a record of
/// format 4 gives it (the answer of an aborted deal has no format: `None`).
/// Older answers without it read leniently, their missed deadlines resting
/// on the server's word.
fn limit_problem(format: Option<u32>, limit: Option<u32>) -> Option<String> {
    match limit {
        Some(0) => Some(tr!("verify-limit-zero")),
        None if format.is_some_and(|format| format >= RECORD_FORMAT) => {
            Some(tr!("verify-limit-missing", format = RECORD_FORMAT))
        }
        _ => None,
    }
}

/// What is wrong with the rated status an answer gives, whatever the
/// record: a game both rated and not; one aborted or abandoned that moved
/// ratings; one said unrated as aborted (or abandoned) that was not.
fn rated_status_problem(ending: &Ending, rated: &RatedGame) -> Option<String> {
    let ended_early = match ending {
        Ending::Aborted { .. } => Some("aborted"),
        Ending::Abandoned { .. } => Some("abandoned"),
        Ending::Played { .. } | Ending::Forfeit { .. } => None,
    };
    if let (Some(why), true) = (rated.not_rated, rated.counted()) {
        return Some(tr!(
            "verify-rated-and-not",
            reason = crate::text::not_rated(why)
        ));
    }
    if let (Some(how), true) = (ended_early, rated.counted()) {
        return Some(tr!("verify-rated-ended-early", how = how));
    }
    // Whether a game said unrated for how it ended did end so.
    let ended_so = match rated.not_rated {
        Some(NotRated::Aborted) => Some(("aborted", matches!(ending, Ending::Aborted { .. }))),
        Some(NotRated::Abandoned) => {
            Some(("abandoned", matches!(ending, Ending::Abandoned { .. })))
        }
        _ => None,
    };
    match ended_so {
        Some((how, false)) => Some(tr!("verify-unrated-not-so", how = how)),
        _ => None,
    }
}

/// What is wrong with a game the answer says was played in a rated room,
/// if anything: what holds of any (`rated_room_problem`: its status fits
/// its end, its keys are the record's, its bot declarations hold); a rated
/// game's keys are two, each signed its own deal nonce (the proof the
/// key's holder played: the server makes no rated player's deal nonce),
/// its pool is its rules', and each rating after is Glicko-2's from both
/// ratings before and the result.
fn rating_problem(
    record: &GameRecord,
    claimed: &GameResult,
    rated: Option<&RatedGame>,
) -> Option<String> {
    let rated = rated?;
    let Some(fair) = record.fair.as_ref() else {
        return Some(tr!("verify-rated-unsealed"));
    };
    let keys = fair.keys.unwrap_or_default();
    if let Some(problem) = rated_room_problem(&claimed.ending, keys, rated) {
        return Some(problem);
    }
    let changes = rated.ratings.as_ref()?;
    if let Some(problem) = Seat::ALL.into_iter().find_map(|seat| {
        if fair.deal.by_server[seat] {
            Some(tr!(
                "verify-rated-server-deal-nonce",
                seat = seat_name(seat)
            ))
        } else {
            None
        }
    }) {
        return Some(problem);
    }
    if rated.keys.yellow == rated.keys.blue {
        return Some(tr!("verify-rated-one-key"));
    }
    if Pool::of(&record.options) != Some(rated.pool) {
        // Pools go by their names, as commands and the protocol write them.
        let pool = rated.pool.to_string();
        return Some(match Pool::of(&record.options) {
            Some(rules) => tr!(
                "verify-rated-other-pool",
                pool = pool,
                rules = rules.to_string()
            ),
            None => tr!("verify-rated-no-pool", pool = pool),
        });
    }
    glicko_problem(changes, claimed.winner)
}

/// What is wrong with what an answer says of a game in a rated room (or of
/// its deal), whatever its ratings: its status fits its end, its keys are
/// the record's (`keys`), and its bot declarations hold.
fn rated_room_problem(
    ending: &Ending,
    keys: Seated<Option<PlayerKey>>,
    rated: &RatedGame,
) -> Option<String> {
    if let Some(problem) = rated_status_problem(ending, rated) {
        return Some(problem);
    }
    if let Some(seat) = Seat::ALL
        .into_iter()
        .find(|seat| keys[*seat] != Some(rated.keys[*seat]))
    {
        let key = &rated.keys[seat].to_string()[..16];
        let name = seat_name(seat);
        return Some(if rated.counted() {
            tr!("verify-rated-other-key", seat = name, key = key)
        } else {
            tr!("verify-room-other-key", seat = name, key = key)
        });
    }
    bot_problem(rated)
}

/// What is wrong with the bot declarations a rated game carries, if
/// anything: each is its key's signature, and they decide the game's
/// status: one bot against a person is never rated, and a game said
/// unrated for it carries exactly one. (A game stored before servers kept
/// them carries none to check.)
fn bot_problem(rated: &RatedGame) -> Option<String> {
    let bots = rated.bot_declarations?;
    if let Some(seat) = Seat::ALL.into_iter().find(|seat| {
        bots[*seat].is_some_and(|signature| {
            !mice_cake_engine::signing::check_bot(rated.keys[*seat], signature)
        })
    }) {
        return Some(tr!("verify-bot-unsigned", seat = seat_name(seat)));
    }
    let declared: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|seat| bots[*seat].is_some())
        .collect();
    match (declared.as_slice(), rated.not_rated) {
        ([bot], _) if rated.counted() => Some(tr!(
            "verify-bot-rated",
            bot = seat_name(*bot),
            person = seat_name(bot.opponent())
        )),
        ([], Some(NotRated::BotAgainstPerson)) => Some(tr!("verify-bot-none")),
        ([_, _], Some(NotRated::BotAgainstPerson)) => Some(tr!("verify-bot-both")),
        _ => None,
    }
}

/// How far a recomputed rating may lie from the one given: far below
/// anything a change of result makes (tens of points), above the rounding
/// of two implementations of the same steps.
const RATING_TOLERANCE: f64 = 1e-3;
const VOLATILITY_TOLERANCE: f64 = 1e-6;

/// What is wrong with a rated game's rating changes, if anything: each
/// seat's rating after is Glicko-2's (τ = 0.5, the game a rating period of
/// its own, `docs/ratings.md`) from both ratings before and its score (1 a
/// win, ½ a draw, 0 a loss), with one more game. The ratings before are the
/// server's word: only the players' histories hold them.
fn glicko_problem(changes: &Seated<RatingChange>, winner: Option<Seat>) -> Option<String> {
    use skillratings::Outcomes;
    use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
    let glicko = |rating: &Rating| Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    };
    let yellow_outcome = match winner {
        Some(Seat::Yellow) => Outcomes::WIN,
        Some(Seat::Blue) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (yellow, blue) = glicko2(
        &glicko(&changes.yellow.before),
        &glicko(&changes.blue.before),
        &yellow_outcome,
        &Glicko2Config::new(),
    );
    let expected = Seated { yellow, blue };
    Seat::ALL.into_iter().find_map(|seat| {
        let (before, after, worked) = (changes[seat].before, changes[seat].after, expected[seat]);
        let result = match winner {
            Some(winner) if winner == seat => "win",
            Some(_) => "loss",
            None => "draw",
        };
        // Ratings to a tenth, as the player's language writes decimals.
        let tenths = |value: f64| crate::catalogue::decimal(value, 1);
        let name = seat_name(seat);
        if (after.rating - worked.rating).abs() > RATING_TOLERANCE
            || (after.deviation - worked.deviation).abs() > RATING_TOLERANCE
            || (after.volatility - worked.volatility).abs() > VOLATILITY_TOLERANCE
        {
            let opponent = changes[seat.opponent()].before;
            Some(tr!(
                "verify-glicko",
                seat = name,
                after = tenths(after.rating),
                after_rd = tenths(after.deviation),
                worked = tenths(worked.rating),
                worked_rd = tenths(worked.deviation),
                before = tenths(before.rating),
                before_rd = tenths(before.deviation),
                opponent = seat_name(seat.opponent()),
                opponent_before = tenths(opponent.rating),
                opponent_rd = tenths(opponent.deviation),
                result = result
            ))
        } else if after.games != before.games.saturating_add(1) {
            Some(tr!(
                "verify-rated-games",
                seat = name,
                before = before.games,
                after = after.games
            ))
        } else if after.provisional != (after.deviation > PROVISIONAL_DEVIATION) {
            Some(tr!(
                "verify-provisional",
                seat = name,
                provisional = if after.provisional { "yes" } else { "no" },
                rd = tenths(after.deviation),
                limit = crate::catalogue::decimal(PROVISIONAL_DEVIATION, 0)
            ))
        } else {
            None
        }
    })
}

/// What is wrong with how the result says a game ended, given the moves
/// the server made at its end, if anything: a player the server made a
/// move for in each of the record's last rounds, as many as its limit,
/// forfeited there and then — alone, or with the other at once (abandoned)
/// — so the result must say that, and no other cause or player. (A game
/// the rules ended first was played out; the server's own bots never
/// forfeit.)
fn deadline_end_problem(claimed: &GameResult, stage: &Stage<'_>) -> Option<String> {
    let Stage::Rounds {
        runs,
        limit: Some(limit),
        bots,
    } = stage
    else {
        return None;
    };
    if matches!(claimed.ending, Ending::Played { .. }) {
        return None;
    }
    let needed = (*limit).max(1) as usize;
    let over = Seated::from_fn(|seat| !bots[seat] && runs[seat] >= needed);
    let expected = match (over.yellow, over.blue) {
        (false, false) => return None,
        (true, true) => Ending::Abandoned {
            cause: ForfeitCause::MissedDeadlines,
        },
        (true, false) => Ending::Forfeit {
            seat: Seat::Yellow,
            cause: ForfeitCause::MissedDeadlines,
        },
        (false, true) => Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::MissedDeadlines,
        },
    };
    if claimed.ending == expected {
        return None;
    }
    let result = crate::text::outcome(claimed);
    Some(match expected {
        Ending::Forfeit { seat, .. } => tr!(
            "verify-deadline-end-one",
            seat = seat_name(seat),
            limit = needed,
            result = result
        ),
        _ => tr!("verify-deadline-end-both", limit = needed, result = result),
    })
}

/// Each seat the server's own bot played: no key, and every move (the
/// deal's nonce too) the server's.
fn server_bots(record: &GameRecord) -> Seated<bool> {
    let Some(fair) = &record.fair else {
        return Seated::default();
    };
    let keys = fair.keys.unwrap_or_default();
    Seated::from_fn(|seat| {
        keys[seat].is_none()
            && std::iter::once(&fair.deal)
                .chain(&fair.rounds)
                .all(|exchange| exchange.by_server[seat])
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
        return Some(witness_words(conflict));
    }
    if witness
        .commitment
        .is_some_and(|commitment| commitment != deal.commitment)
    {
        return Some(witness_words(WitnessError::OtherCommitment));
    }
    if witness.revealed > 0 {
        return Some(tr!("verify-revealed-nothing-dealt"));
    }
    if let Some(Some(seen)) = witness.seals.first()
        && let Some(which) = Seat::ALL
            .into_iter()
            .find(|which| deal.seals[*which].is_some_and(|recorded| recorded != seen[*which]))
    {
        return Some(witness_words(WitnessError::SealChanged {
            round: 0,
            seat: which,
        }));
    }
    let own = witness
        .own
        .iter()
        .find(|own| own.round == 0 && own.seat == seat)?;
    match deal.nonces[seat] {
        Some(nonce) if nonce != own.opening.nonce => {
            Some(witness_words(WitnessError::OwnMoveChanged { round: 0 }))
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
            return verify_aborted(deal, loaded, seen);
        }
    };
    let verdict = verify(record, seen);
    if matches!(verdict, Verdict::Broken(_)) {
        return verdict;
    }
    let Some(claimed) = &loaded.claimed else {
        return verdict;
    };
    if let Some(problem) = limit_problem(Some(record.format), loaded.missed_deadline_limit) {
        return Verdict::Broken(problem);
    }
    let game = match record.replay() {
        Ok(game) => game,
        Err(error) => return Verdict::Broken(error.to_string()),
    };
    if let Some(problem) = result_problem(&game, record, claimed) {
        return Verdict::Broken(problem);
    }
    if let Some(problem) = rating_problem(record, claimed, loaded.rated.as_ref()) {
        return Verdict::Broken(problem);
    }
    let fair = record.fair.as_ref();
    let keys = fair.and_then(|fair| fair.keys).unwrap_or_default();
    let left = fair.and_then(|fair| fair.left.as_ref());
    let stage = Stage::Rounds {
        runs: trailing_server_moves(record),
        limit: loaded.missed_deadline_limit,
        bots: server_bots(record),
    };
    let cause = cause_evidence(&claimed.ending, keys, left, &stage)
        .and_then(|note| deadline_end_problem(claimed, &stage).map_or(Ok(note), Err));
    match cause {
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

/// What is wrong with `claimed` as the result of `game` (`record` played
/// out), if anything. A game over by the rules has one result; a game its
/// record leaves unfinished ended by a forfeit, at its score then, or was
/// aborted before its first round was revealed — and from record format 4
/// (when aborts came) only aborted then: nobody forfeits before both
/// players have had a move.
fn result_problem(game: &Game, record: &GameRecord, claimed: &GameResult) -> Option<String> {
    let score = Seated::from_fn(|seat| game.score(seat));
    let rounds = record.rounds.len();
    if rounds == 0 && record.format >= RECORD_FORMAT {
        let result = crate::text::outcome(claimed);
        match claimed.ending {
            Ending::Forfeit { seat, .. } => {
                return Some(tr!(
                    "verify-early-forfeit-one",
                    result = result,
                    seat = seat_name(seat)
                ));
            }
            Ending::Abandoned { .. } => {
                return Some(tr!("verify-early-forfeit-both", result = result));
            }
            Ending::Played { .. } | Ending::Aborted { .. } => {}
        }
    }
    if matches!(claimed.ending, Ending::Aborted { .. }) && rounds > 0 {
        return Some(tr!(
            "verify-aborted-after-rounds",
            result = crate::text::outcome(claimed),
            count = rounds
        ));
    }
    let expected = match (game.outcome(), claimed.ending) {
        (Some(outcome), _) => GameResult::played(outcome),
        (None, Ending::Played { .. }) => {
            return Some(tr!(
                "verify-played-but-cut",
                result = crate::text::outcome(claimed)
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
        tr!(
            "verify-result-not-records",
            result = crate::text::outcome(claimed),
            expected = crate::text::outcome(&expected)
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

/// Whether `verdict` (a [`Verdict::line`] in the player's language) says
/// the game was verified fair: it opens as that verdict does, up to its
/// colon. For an interface that shows a fair verdict in short.
pub fn says_fair(verdict: &str) -> bool {
    let fair = tr!("verify-fair", rounds = 0);
    let opening = fair.split(':').next().unwrap_or_default();
    !opening.is_empty() && verdict.starts_with(opening)
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
        Ok(Err(error)) => unchecked(tr!("verify-could-not", error = format!("{error:#}"))),
        Err(error) => unchecked(tr!("verify-could-not", error = error.to_string())),
    }
}

/// Where a record disagrees with what this client saw, in the player's
/// language (in English, the engine's own words).
fn witness_words(error: WitnessError) -> String {
    match error {
        WitnessError::CommitmentChangedInPlay => tr!("verify-witness-commitment-changed"),
        WitnessError::SealChangedInPlay { round, seat } => tr!(
            "verify-witness-seal-changed-in-play",
            seat = seat_name(seat),
            round = round
        ),
        WitnessError::NotSealed => tr!("verify-witness-not-sealed"),
        WitnessError::OtherCommitment => tr!("verify-witness-other-commitment"),
        WitnessError::RoundMissing { round } => tr!("verify-witness-round-missing", round = round),
        WitnessError::OwnMoveChanged { round } => {
            tr!("verify-witness-own-move-changed", round = round)
        }
        WitnessError::SealChanged { round, seat } => tr!(
            "verify-witness-seal-changed",
            seat = seat_name(seat),
            round = round
        ),
    }
}

/// The first broken link of a record that does not replay, in the
/// player's language (in English, the engine's own words). Rounds go in as
/// numbers, 0 for the deal.
fn replay_words(error: &ReplayError) -> String {
    match *error {
        ReplayError::ServerMoveClaimed { .. }
        | ReplayError::SignedWithoutKey { .. }
        | ReplayError::SignedServerMove { .. }
        | ReplayError::LeaveRound { .. }
        | ReplayError::BadLeave { .. }
        | ReplayError::Unsigned { .. }
        | ReplayError::OpeningWithoutSeal { .. }
        | ReplayError::RefusedUnsealed { .. }
        | ReplayError::RefusedButOpened { .. }
        | ReplayError::BadSignature { .. }
        | ReplayError::SealMismatch { .. }
        | ReplayError::ServerNonce { .. }
        | ReplayError::SealCount { .. } => seal_words(error),
        ReplayError::UnsupportedFormat { .. }
        | ReplayError::FairnessMissing { .. }
        | ReplayError::KeysMisplaced { .. }
        | ReplayError::LeaveMisplaced { .. }
        | ReplayError::UnsupportedFairness { .. }
        | ReplayError::Options(_) => format_words(error),
        ReplayError::SeedMismatch => tr!("verify-replay-seed"),
        ReplayError::LayoutMismatch => tr!("verify-replay-layout"),
        ReplayError::RoundNumber { expected, found } => tr!(
            "verify-replay-round-number",
            expected = expected,
            found = found
        ),
        ReplayError::Round { round, ref error } => tr!(
            "verify-replay-round",
            round = round,
            problem = round_words(error)
        ),
        ReplayError::DieMismatch {
            round,
            seat,
            column,
            kind,
            die,
            recorded,
            derived,
        } => tr!(
            "verify-replay-die",
            round = round,
            seat = seat_name(seat),
            die = die,
            kind = match kind {
                RollKind::Attempt => "attempt",
                RollKind::Boost => "boost",
            },
            column = column.to_string(),
            recorded = recorded,
            derived = derived
        ),
        // The part, as a key a message selects its words by.
        ReplayError::ReportMismatch { round, part } => tr!(
            "verify-replay-report",
            round = round,
            part = part.replace(' ', "-")
        ),
        ReplayError::OutcomeMismatch => tr!("verify-replay-outcome"),
        ReplayError::NoSeed => tr!("verify-replay-no-seed"),
    }
}

/// A seal, an opening, a signature or a leave that does not hold, in the
/// player's language ([`replay_words`]' cases of sealed play).
fn seal_words(error: &ReplayError) -> String {
    match *error {
        ReplayError::ServerMoveClaimed { round, seat } => tr!(
            "verify-replay-server-move-claimed",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::SignedWithoutKey { round, seat } => tr!(
            "verify-replay-signed-without-key",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::SignedServerMove { round, seat } => tr!(
            "verify-replay-signed-server-move",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::LeaveRound {
            seat,
            signed,
            stopped,
        } => tr!(
            "verify-replay-leave-round",
            seat = seat_name(seat),
            signed = signed,
            stopped = stopped
        ),
        ReplayError::BadLeave { seat, round } => tr!(
            "verify-replay-bad-leave",
            seat = seat_name(seat),
            round = round
        ),
        ReplayError::Unsigned { round, seat } => tr!(
            "verify-replay-unsigned",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::OpeningWithoutSeal { seat } => {
            tr!("verify-replay-opening-without-seal", seat = seat_name(seat))
        }
        ReplayError::RefusedUnsealed { seat } => {
            tr!("verify-replay-refused-unsealed", seat = seat_name(seat))
        }
        ReplayError::RefusedButOpened { seat } => {
            tr!("verify-replay-refused-but-opened", seat = seat_name(seat))
        }
        ReplayError::BadSignature { round, seat } => tr!(
            "verify-replay-bad-signature",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::SealMismatch { round, seat } => tr!(
            "verify-replay-seal-mismatch",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::ServerNonce { round, seat } => tr!(
            "verify-replay-server-nonce",
            round = round,
            seat = seat_name(seat)
        ),
        ReplayError::SealCount { rounds, sealed } => {
            tr!("verify-replay-seal-count", rounds = rounds, sealed = sealed)
        }
        // Not sealed play's: said as the engine says it.
        ref other => other.to_string(),
    }
}

/// A record whose format, or whose options, this client cannot replay, in
/// the player's language ([`replay_words`]' first cases).
fn format_words(error: &ReplayError) -> String {
    match *error {
        ReplayError::UnsupportedFormat { found } => tr!(
            "verify-replay-format",
            found = found,
            first = UNSEALED_RECORD_FORMAT,
            last = RECORD_FORMAT
        ),
        ReplayError::FairnessMissing { format } if format == UNSEALED_RECORD_FORMAT => {
            tr!("verify-replay-unsealed-with-fair", format = format)
        }
        ReplayError::FairnessMissing { format } => {
            tr!("verify-replay-fair-missing", format = format)
        }
        ReplayError::KeysMisplaced { format } if format >= SIGNED_RECORD_FORMAT => {
            tr!("verify-replay-keys-missing", format = format)
        }
        ReplayError::KeysMisplaced { format } => {
            tr!("verify-replay-keys-misplaced", format = format)
        }
        ReplayError::LeaveMisplaced { format } => {
            tr!("verify-replay-leave-misplaced", format = format)
        }
        ReplayError::UnsupportedFairness { found } => tr!(
            "verify-replay-fairness-version",
            found = found,
            version = mice_cake_engine::fair::FAIR_VERSION
        ),
        ReplayError::Options(OptionsError::StallLimit(limit)) => tr!(
            "verify-replay-stall-limit",
            max = mice_cake_engine::options::MAX_STALL_LIMIT,
            limit = limit
        ),
        // Not a record's format: said as the engine says it.
        ref other => other.to_string(),
    }
}

/// Why a recorded round cannot be played again, in the player's language.
fn round_words(error: &RoundError) -> String {
    match error {
        RoundError::GameOver => tr!("verify-game-over"),
        RoundError::IllegalAssignment { seat, error } => tr!(
            "verify-round-illegal",
            seat = seat_name(*seat),
            problem = assignment_words(*error)
        ),
        // Dice scripted by a test: a replay draws its dice from the seed.
        RoundError::Dice(_) => error.to_string(),
    }
}

/// Why a recorded assignment cannot be played, in the player's language.
fn assignment_words(error: AssignmentError) -> String {
    match error {
        AssignmentError::GameOver => tr!("verify-game-over"),
        AssignmentError::TooManyMice { placed } => tr!(
            "verify-assignment-too-many",
            placed = placed,
            mice = mice_cake_engine::MICE
        ),
        AssignmentError::RestingMiceUsed { placed, available } => tr!(
            "verify-assignment-resting",
            placed = placed,
            available = available
        ),
        AssignmentError::MiceLeftUnplaced { placed, available } => tr!(
            "verify-assignment-unplaced",
            placed = placed,
            available = available
        ),
        AssignmentError::EmptyColumn(column) => {
            tr!(
                "verify-assignment-empty-column",
                column = column.to_string()
            )
        }
        AssignmentError::OpponentStashEmpty(column) => tr!(
            "verify-assignment-nothing-to-steal",
            column = column.to_string()
        ),
        AssignmentError::StealWithoutTarget(column) => tr!(
            "verify-assignment-steal-without-target",
            column = column.to_string()
        ),
        AssignmentError::TargetNotInOpponentStash(piece) => {
            tr!("verify-assignment-not-in-stash", piece = piece.to_string())
        }
        AssignmentError::StealTargetWithoutSteal(piece) => tr!(
            "verify-assignment-target-without-steal",
            piece = piece.to_string()
        ),
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
        record.format = UNSEALED_RECORD_FORMAT;
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
            match_game: None,
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
        // A game stored before aborts (and before answers gave the
        // server's limit): a forfeit, won by the other player.
        let mut older = honest.clone();
        older.missed_deadline_limit = None;
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
        signed_game_made(seed, Seated::from_fn(|_| true), |round| Seated {
            yellow: false,
            blue: round >= 4,
        })
    }

    /// A game between the seats `keyed` says have a key (a seat without
    /// one is the server's bot), the moves (the deal's nonces: round 0) of
    /// each round `by_server` says made by the server.
    fn signed_game_made(
        seed: u64,
        keyed: Seated<bool>,
        by_server: impl Fn(u32) -> Seated<bool>,
    ) -> (GameRecord, Seated<mice_cake_engine::PlayerSecret>) {
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
        let mut deal = Exchange::new(commitment, DEAL_ROUND).with_keys(Seated::from_fn(|seat| {
            keyed[seat].then(|| keys[seat].public_key())
        }));
        let empty = Seated::from_fn(|_| mice_cake_engine::Assignment::EMPTY);
        play(&mut deal, empty, by_server(DEAL_ROUND));
        let mut game = RecordedGame::dealt(Options::default(), seed, &deal).unwrap();
        while game.game().outcome().is_none() {
            let view = game.game().view(Viewer::Spectator);
            let moves = Seated::from_fn(|seat| greedy_assignment(&view, seat));
            let mut exchange = game.exchange();
            let made = by_server(exchange.round);
            play(&mut exchange, moves, made);
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

    /// Issue 59: a format 4 answer without the server's limit made one
    /// late move "prove" a forfeit (the limit read as 1).
    #[test]
    fn a_format_4_answer_without_its_missed_deadline_limit_is_refused() {
        let (record, _) = signed_game(23);
        // Blue's run of server moves cut to one: round 4.
        let mut one_late = cut_short(&record, 4, Seat::Blue, ForfeitCause::MissedDeadlines);
        says(&one_late, 1, "the server's limit: 3 in a row");
        one_late.missed_deadline_limit = None;
        says(
            &one_late,
            1,
            "the answer leaves out the server's limit of missed deadlines in a row \
             (missed_deadline_limit), which every answer with a record of format 4 gives",
        );
        // Whatever the cause: the limit is part of every format 4 answer.
        let mut away = cut_short(&record, 3, Seat::Blue, ForfeitCause::Disconnected);
        away.missed_deadline_limit = None;
        says(&away, 1, "leaves out the server's limit");
        // A limit no server runs with.
        one_late.missed_deadline_limit = Some(0);
        says(&one_late, 1, "no server runs with a limit under 1");
        // An older record (format 3, before servers gave the limit) reads as
        // before, its missed deadlines on the server's word, said so.
        let mut older = cut_short(&record, 4, Seat::Blue, ForfeitCause::MissedDeadlines);
        older.record.as_mut().unwrap().format = SIGNED_RECORD_FORMAT;
        older.missed_deadline_limit = None;
        says(
            &older,
            0,
            "that Blue missed too many deadlines rests on the server's word: the server made \
             Blue's move in each of the record's last 1 round, but the answer does not give the \
             server's limit",
        );
    }

    /// Issue 59: an abort made a forfeit, lost before any round was
    /// revealed (a record of 0 rounds, a deal refused or left).
    #[test]
    fn nobody_forfeits_before_the_first_reveal() {
        let (record, _) = signed_game(24);
        let aborted = cut_short(&record, 0, Seat::Blue, ForfeitCause::Disconnected);
        says(&aborted, 0, "Blue stayed away past the grace period");
        let mut lost = aborted.clone();
        lost.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Disconnected,
        };
        lost.result.winner = Some(Seat::Yellow);
        says(
            &lost,
            1,
            "the result given (Yellow 0 – Blue 0, Yellow wins: Blue stayed away too long) says \
             Blue forfeited it, but no round was revealed: a game that ends before both players \
             have had a move is aborted, and nobody wins it",
        );
        let mut abandoned = aborted.clone();
        abandoned.result.ending = Ending::Abandoned {
            cause: ForfeitCause::Disconnected,
        };
        says(
            &abandoned,
            1,
            "says both players forfeited it, but no round",
        );

        // A deal refused, made a forfeit.
        let mut refused = refused_by_blue();
        refused.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::NotOpened,
        };
        refused.result.winner = Some(Seat::Yellow);
        says(
            &refused,
            1,
            "says Blue forfeited at the deal, but a game that ends before both players have had \
             a move is aborted, and nobody wins it",
        );
        // A deal left, by a signed leave: aborted; as a forfeit, refused
        // even without the answer's limit (leaves came with aborts).
        let mut left = left_deal_by_blue();
        says(&left, 0, "Blue left, proven by Blue's leave");
        left.missed_deadline_limit = None;
        left.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::Left,
        };
        left.result.winner = Some(Seat::Yellow);
        says(&left, 1, "says Blue forfeited at the deal");
    }

    /// A server's answer for a deal Blue sealed and then left, signing the
    /// leave: aborted by Blue.
    fn left_deal_by_blue() -> FinishedGame {
        let mut answer = refused_by_blue();
        let deal = answer.aborted_deal.as_mut().unwrap();
        deal.refused = Seated::default();
        deal.left = Some(SignedLeave {
            seat: Seat::Blue,
            round: 0,
            signature: mice_cake_engine::PlayerSecret::from_bytes([2; 32]).sign_leave(
                deal.commitment,
                0,
                Seat::Blue,
            ),
        });
        answer.result.ending = Ending::Aborted {
            seat: Some(Seat::Blue),
            cause: ForfeitCause::Left,
        };
        answer
    }

    /// Issue 59: an abort signed by one player's leave, relabelled an
    /// abort by both.
    #[test]
    fn one_players_signed_leave_is_no_abort_by_both() {
        let (record, keys) = signed_game(25);
        let mut aborted = cut_short(&record, 0, Seat::Yellow, ForfeitCause::Left);
        let fair = aborted.record.as_mut().unwrap().fair.as_mut().unwrap();
        fair.left = Some(SignedLeave {
            seat: Seat::Yellow,
            round: 1,
            signature: keys.yellow.sign_leave(fair.commitment, 1, Seat::Yellow),
        });
        says(&aborted, 0, "Yellow left, proven by Yellow's leave");
        let mut both = aborted.clone();
        both.result.ending = Ending::Aborted {
            seat: None,
            cause: ForfeitCause::Left,
        };
        says(
            &both,
            1,
            "the result given says Blue left, but the record holds no leave signed with Blue's \
             key: nothing proves Blue left",
        );
        // The same at the deal.
        let mut deal = left_deal_by_blue();
        deal.result.ending = Ending::Aborted {
            seat: None,
            cause: ForfeitCause::Left,
        };
        says(
            &deal,
            1,
            "the result given says Yellow left, but the record holds no leave",
        );
    }

    /// Issue 59: a game both players abandoned (the server made both
    /// their last moves, as many as its limit) relabelled one's forfeit.
    #[test]
    fn a_game_abandoned_by_both_is_no_forfeit_by_one() {
        // Both stop moving from round 4 on: both out after round 6.
        let (record, _) = signed_game_made(26, Seated::from_fn(|_| true), |round| Seated {
            yellow: round >= 4,
            blue: round >= 4,
        });
        let mut abandoned = cut_short(&record, 6, Seat::Blue, ForfeitCause::MissedDeadlines);
        abandoned.result.ending = Ending::Abandoned {
            cause: ForfeitCause::MissedDeadlines,
        };
        abandoned.result.winner = None;
        says(
            &abandoned,
            0,
            "Yellow missed 3 deadlines in a row, proven by the record",
        );
        let forfeit = cut_short(&record, 6, Seat::Blue, ForfeitCause::MissedDeadlines);
        says(
            &forfeit,
            1,
            "the server made Yellow's and Blue's moves in each of the record's last 3 rounds, \
             its limit of missed deadlines in a row: the game ended there, abandoned by both \
             for missed deadlines, not as the result given says (",
        );
        // A forfeit for missed deadlines, said to be a disconnection (the
        // server's word) instead: the record says otherwise.
        let (record, _) = signed_game(26);
        let away = cut_short(&record, 6, Seat::Blue, ForfeitCause::Disconnected);
        says(
            &away,
            1,
            "the game ended there, Blue forfeiting for missed deadlines, not as the result given \
             says (",
        );
        // The server's own bot (no key, every move the server's) never
        // forfeits: its opponent's forfeit stands.
        let (record, _) = signed_game_made(
            27,
            Seated {
                yellow: true,
                blue: false,
            },
            |round| Seated {
                yellow: round >= 4,
                blue: true,
            },
        );
        assert_eq!(
            server_bots(&record),
            Seated {
                yellow: false,
                blue: true
            }
        );
        let against_bot = cut_short(&record, 6, Seat::Yellow, ForfeitCause::MissedDeadlines);
        says(
            &against_bot,
            0,
            "Yellow missed 3 deadlines in a row, proven by the record",
        );
    }

    /// A rated game's change for a player starting out: 1500 (RD 350)
    /// against another such, won or lost (the figures of
    /// `docs/protocol.md`'s `rated` event, which the browser's tests work
    /// out from Glickman's paper).
    fn first_game(won: bool) -> RatingChange {
        let rating = if won {
            1662.3108939062977
        } else {
            1337.6891060937023
        };
        RatingChange {
            before: Rating::initial(),
            after: Rating::new(rating, 290.3189637179804, 0.05999967537233814, 1),
        }
    }

    /// A rated game between two players starting out, Blue gone in round
    /// 4 and Yellow winning, as the server answers it.
    fn rated_answer() -> FinishedGame {
        let (record, keys) = signed_game(28);
        let mut answer = cut_short(&record, 3, Seat::Blue, ForfeitCause::Disconnected);
        answer.rated = Some(RatedGame {
            pool: Pool::Standard,
            keys: Seated::from_fn(|seat| keys[seat].public_key()),
            ratings: Some(Seated {
                yellow: first_game(true),
                blue: first_game(false),
            }),
            not_rated: None,
            started_at_ms: Some(1_764_159_000_000),
            bot_declarations: Some(Seated::default()),
        });
        answer
    }

    /// Issue 59: a result without a move each (aborted, abandoned, a deal
    /// aborted) given ratings, or a rated game's status at odds with its
    /// end.
    #[test]
    fn a_game_nobody_could_lose_moves_no_rating() {
        let honest = rated_answer();
        says(&honest, 0, "that Blue stayed away past the grace period");
        let rated = honest.rated.clone();
        let (record, _) = signed_game(28);
        let mut aborted = cut_short(&record, 0, Seat::Blue, ForfeitCause::Disconnected);
        aborted.rated = rated.clone();
        says(
            &aborted,
            1,
            "the game is said to have moved its players' ratings, but it was aborted before both \
             players had a move: such a game is never rated",
        );
        let mut abandoned = honest.clone();
        abandoned.result.ending = Ending::Abandoned {
            cause: ForfeitCause::Disconnected,
        };
        abandoned.result.winner = None;
        says(&abandoned, 1, "but it was abandoned by both at once");
        let mut deal = refused_by_blue();
        deal.rated = rated.clone();
        says(
            &deal,
            1,
            "but it was aborted before both players had a move",
        );
        // A forfeit, said to be unrated as aborted: its winner robbed.
        let mut robbed = honest.clone();
        let status = robbed.rated.as_mut().unwrap();
        status.ratings = None;
        status.not_rated = Some(NotRated::Aborted);
        says(
            &robbed,
            1,
            "the game is said to be unrated as aborted, but it was not aborted",
        );
        // Rated and unrated at once.
        let mut both = honest.clone();
        both.rated.as_mut().unwrap().not_rated = Some(NotRated::PairLimit);
        says(&both, 1, "said to be rated and, at once, not rated");
    }

    /// Issue 59: rating changes swapped so that the loser gains, or any
    /// rating after that is not Glicko-2's from both ratings before and
    /// the result.
    #[test]
    fn a_rated_games_changes_are_glicko_2s() {
        let honest = rated_answer();
        let mut swapped = honest.clone();
        let changes = swapped.rated.as_mut().unwrap().ratings.as_mut().unwrap();
        std::mem::swap(&mut changes.yellow, &mut changes.blue);
        says(
            &swapped,
            1,
            "Yellow's rating after the game is said to be 1337.7 (RD 290.3), but Glicko-2 gives \
             1662.3 (RD 290.3) from Yellow's 1500.0 (RD 350.0) before, Blue's 1500.0 (RD 350.0), \
             and Yellow's win",
        );
        // The winner given more than Glicko-2 gives.
        let mut inflated = honest.clone();
        inflated
            .rated
            .as_mut()
            .unwrap()
            .ratings
            .as_mut()
            .unwrap()
            .yellow
            .after
            .rating += 5.0;
        says(
            &inflated,
            1,
            "Yellow's rating after the game is said to be 1667.3",
        );
        let mut counted_twice = honest.clone();
        counted_twice
            .rated
            .as_mut()
            .unwrap()
            .ratings
            .as_mut()
            .unwrap()
            .blue
            .after
            .games = 2;
        says(
            &counted_twice,
            1,
            "Blue's rated games are said to go from 0 to 2",
        );
        // Rated in another pool than its rules'.
        let mut pool = honest.clone();
        pool.rated.as_mut().unwrap().pool = Pool::Boost;
        says(
            &pool,
            1,
            "the game is said to be rated in the boost pool, but its rules are the standard pool's",
        );
    }

    /// Issue 59: a bot against a person relabelled rated, provable by the
    /// bot declarations the record keeps from the game's start.
    #[test]
    fn a_bot_against_a_person_is_never_rated() {
        let honest = rated_answer();
        let bot = mice_cake_engine::PlayerSecret::from_bytes([2; 32]).sign_bot();
        let blue_a_bot = Seated {
            yellow: None,
            blue: Some(bot),
        };
        let mut relabelled = honest.clone();
        relabelled.rated.as_mut().unwrap().bot_declarations = Some(blue_a_bot);
        says(
            &relabelled,
            1,
            "the game is said to be rated, but Blue's key had declared itself a bot as it \
             started and Yellow's had not: a bot against a person is never rated",
        );
        // As stored: unrated, with the one declaration.
        let mut unrated = relabelled.clone();
        let status = unrated.rated.as_mut().unwrap();
        status.ratings = None;
        status.not_rated = Some(NotRated::BotAgainstPerson);
        says(&unrated, 0, "that Blue stayed away");
        // Said a bot against a person with no declaration, or two.
        let mut none = unrated.clone();
        none.rated.as_mut().unwrap().bot_declarations = Some(Seated::default());
        says(
            &none,
            1,
            "but neither key had declared itself a bot as it started",
        );
        let mut two = unrated.clone();
        two.rated.as_mut().unwrap().bot_declarations = Some(Seated {
            yellow: Some(mice_cake_engine::PlayerSecret::from_bytes([1; 32]).sign_bot()),
            blue: Some(bot),
        });
        says(
            &two,
            1,
            "but both keys had declared themselves bots as it started",
        );
        // A declaration that is not the key's own.
        let mut forged = unrated.clone();
        forged.rated.as_mut().unwrap().bot_declarations = Some(Seated {
            yellow: None,
            blue: Some(mice_cake_engine::PlayerSecret::from_bytes([1; 32]).sign_bot()),
        });
        says(
            &forged,
            1,
            "Blue's bot declaration in the record is not signed with Blue's key",
        );
        // Another key's declaration, that key said to be Blue's.
        let robo = mice_cake_engine::PlayerSecret::from_bytes([9; 32]);
        let mut foreign = unrated.clone();
        let status = foreign.rated.as_mut().unwrap();
        status.keys.blue = robo.public_key();
        status.bot_declarations = Some(Seated {
            yellow: None,
            blue: Some(robo.sign_bot()),
        });
        says(
            &foreign,
            1,
            "the answer says Blue played its rated room's game with the key",
        );
        // A game stored before servers kept the declarations reads as the
        // server says.
        let mut older = unrated.clone();
        older.rated.as_mut().unwrap().bot_declarations = None;
        says(&older, 0, "that Blue stayed away");
    }

    /// A real answer of a server, kept with the page's tests
    /// (`web/e2e/fixtures`, each described in `verify.test.mjs`).
    fn real_answer(name: &str) -> FinishedGame {
        let path = format!(
            "{}/../web/e2e/fixtures/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// The servers' real answers the page checks verify here alike, and
    /// the edits of issue 59 made to them are refused here too.
    #[test]
    fn real_answers_verify_here_as_in_the_page() {
        for name in [
            "left-round-8",
            "missed-deadlines",
            "aborted-round-1",
            "against-bot",
            "rated-left",
            "bot-against-person",
            "abandoned",
        ] {
            let verdict = verdict_of(&real_answer(name));
            assert_eq!(verdict.exit_code(), 0, "{name}: {verdict:?}");
        }
        let mut relabelled = real_answer("bot-against-person");
        let rated = relabelled.rated.as_mut().unwrap();
        rated.not_rated = None;
        rated.ratings = real_answer("rated-left").rated.unwrap().ratings;
        says(
            &relabelled,
            1,
            "the game is said to be rated, but Blue's key had declared itself a bot as it \
             started and Yellow's had not",
        );
        let mut swapped = real_answer("rated-left");
        let changes = swapped.rated.as_mut().unwrap().ratings.as_mut().unwrap();
        std::mem::swap(&mut changes.yellow, &mut changes.blue);
        says(
            &swapped,
            1,
            "Yellow's rating after the game is said to be 1337.7",
        );
        let mut forfeit = real_answer("abandoned");
        forfeit.result.ending = Ending::Forfeit {
            seat: Seat::Blue,
            cause: ForfeitCause::MissedDeadlines,
        };
        forfeit.result.winner = Some(Seat::Yellow);
        forfeit.rated = None;
        says(
            &forfeit,
            1,
            "the game ended there, abandoned by both for missed deadlines",
        );
        let mut one_late = real_answer("missed-deadlines");
        one_late.missed_deadline_limit = None;
        says(&one_late, 1, "the answer leaves out the server's limit");
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

    /// Every engine finding the check can meet, one of each.
    fn engine_findings() -> (Vec<ReplayError>, Vec<WitnessError>) {
        use mice_cake_engine::{Column, Domino};
        let piece: Domino = "3/5".parse().unwrap();
        let assignment = [
            AssignmentError::GameOver,
            AssignmentError::TooManyMice { placed: 5 },
            AssignmentError::RestingMiceUsed {
                placed: 4,
                available: 2,
            },
            AssignmentError::MiceLeftUnplaced {
                placed: 1,
                available: 3,
            },
            AssignmentError::EmptyColumn(Column::B),
            AssignmentError::OpponentStashEmpty(Column::C),
            AssignmentError::StealWithoutTarget(Column::D),
            AssignmentError::TargetNotInOpponentStash(piece),
            AssignmentError::StealTargetWithoutSteal(piece),
        ];
        let mut replay = vec![
            ReplayError::UnsupportedFormat { found: 9 },
            ReplayError::FairnessMissing { format: 1 },
            ReplayError::FairnessMissing { format: 3 },
            ReplayError::KeysMisplaced { format: 2 },
            ReplayError::KeysMisplaced { format: 4 },
            ReplayError::LeaveMisplaced { format: 3 },
            ReplayError::LeaveRound {
                seat: Seat::Blue,
                signed: 0,
                stopped: 4,
            },
            ReplayError::LeaveRound {
                seat: Seat::Yellow,
                signed: 7,
                stopped: 0,
            },
            ReplayError::OpeningWithoutSeal { seat: Seat::Blue },
            ReplayError::RefusedUnsealed { seat: Seat::Yellow },
            ReplayError::RefusedButOpened { seat: Seat::Blue },
            ReplayError::UnsupportedFairness { found: 2 },
            ReplayError::Options(OptionsError::StallLimit(0)),
            ReplayError::SeedMismatch,
            ReplayError::SealCount {
                rounds: 9,
                sealed: 8,
            },
            ReplayError::LayoutMismatch,
            ReplayError::RoundNumber {
                expected: 3,
                found: 4,
            },
            ReplayError::Round {
                round: 12,
                error: RoundError::GameOver,
            },
            ReplayError::OutcomeMismatch,
            ReplayError::NoSeed,
        ];
        for (round, seat) in [(0, Seat::Yellow), (5, Seat::Blue)] {
            replay.extend([
                ReplayError::ServerMoveClaimed { round, seat },
                ReplayError::SignedWithoutKey { round, seat },
                ReplayError::SignedServerMove { round, seat },
                ReplayError::BadLeave { seat, round },
                ReplayError::Unsigned { round, seat },
                ReplayError::BadSignature { round, seat },
                ReplayError::SealMismatch { round, seat },
                ReplayError::ServerNonce { round, seat },
            ]);
        }
        replay.extend(assignment.map(|error| ReplayError::Round {
            round: 2,
            error: RoundError::IllegalAssignment {
                seat: Seat::Blue,
                error,
            },
        }));
        for kind in [RollKind::Attempt, RollKind::Boost] {
            replay.push(ReplayError::DieMismatch {
                round: 3,
                seat: Seat::Blue,
                column: Column::B,
                kind,
                die: 1,
                recorded: 4,
                derived: 2,
            });
        }
        for part in [
            "assignments",
            "revealed pieces",
            "attempts",
            "boosts",
            "flips",
            "removed pieces",
            "resting mice",
            "outcomes",
        ] {
            replay.push(ReplayError::ReportMismatch { round: 6, part });
        }
        let mut witness = vec![
            WitnessError::CommitmentChangedInPlay,
            WitnessError::NotSealed,
            WitnessError::OtherCommitment,
            WitnessError::RoundMissing { round: 4 },
        ];
        for (round, seat) in [(0, Seat::Yellow), (5, Seat::Blue)] {
            witness.extend([
                WitnessError::SealChangedInPlay { round, seat },
                WitnessError::OwnMoveChanged { round },
                WitnessError::SealChanged { round, seat },
            ]);
        }
        (replay, witness)
    }

    #[test]
    fn in_english_an_engine_finding_reads_as_the_engine_writes_it() {
        let (replay, witness) = engine_findings();
        for error in replay {
            assert_eq!(replay_words(&error), error.to_string(), "{error:?}");
        }
        for error in witness {
            assert_eq!(witness_words(error), error.to_string(), "{error:?}");
        }
    }

    #[test]
    fn a_verdict_reads_in_the_player_s_language() {
        let record = finished_game(3);
        let mut tampered = record.clone();
        tampered.seed = Some(Seed::from_u64(4));
        let lines = || (verify(&record, None).line(), verify(&tampered, None).line());
        let french = crate::catalogue::speaking("fr", lines);
        assert!(
            french
                .0
                .starts_with("partie vérifiée équitable\u{202f}: la graine"),
            "{}",
            french.0
        );
        assert!(
            french.0.contains("le serveur a joué tous les coups"),
            "{}",
            french.0
        );
        assert_eq!(
            french.1,
            "NON ÉQUITABLE\u{202f}: la graine ne correspond pas à l’engagement publié au début \
             de la partie"
        );
        let spanish = crate::catalogue::speaking("es", lines);
        assert_eq!(
            spanish.1,
            "NO ES JUSTA: la semilla no coincide con el compromiso publicado al empezar la partida"
        );
        // Everyone else still reads English.
        assert!(lines().0.starts_with("verified fair: the seed"));
    }

    #[test]
    fn a_fair_verdict_is_told_apart_in_every_language() {
        let fair = verify(&finished_game(3), None);
        let mut tampered = finished_game(3);
        tampered.seed = Some(Seed::from_u64(4));
        let broken = verify(&tampered, None);
        let aborted = Verdict::AbortedDeal {
            refused: Vec::new(),
            unsigned: Vec::new(),
            cause: None,
        };
        for language in mice_cake_words::LANGUAGES {
            crate::catalogue::speaking(language, || {
                assert!(says_fair(&fair.line()), "{language}: {}", fair.line());
                for other in [&broken, &aborted, &Verdict::Unsealed] {
                    assert!(!says_fair(&other.line()), "{language}: {}", other.line());
                }
            });
        }
    }

    /// The ids of the messages this file asks for.
    fn ids_asked_for() -> Vec<&'static str> {
        let source = include_str!("verify.rs");
        let mut ids: Vec<&str> = source
            .split("tr!(")
            .skip(1)
            .filter_map(|after| after.trim_start().strip_prefix('"')?.split('"').next())
            .filter(|id| id.starts_with("verify-"))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    #[test]
    fn every_message_asked_for_reads_whole_in_every_language() {
        use mice_cake_words::{Args, LANGUAGES, Part, Value, Words};
        let ids = ids_asked_for();
        assert!(ids.len() > 100, "{ids:?}");
        for language in LANGUAGES {
            let words = Words::new(language, Part::Terminal).unwrap();
            // Every argument any of them takes, with each number and each
            // key a selector chooses between.
            for (number, key) in [
                (0, "played"),
                (1, "forfeit"),
                (2, "abandoned"),
                (5, "aborted"),
                (21, "yes"),
                (3, "no"),
                (4, "win"),
                (6, "loss"),
                (7, "draw"),
                (8, "attempt"),
                (9, "boost"),
                (10, "revealed-pieces"),
                (11, "assignments"),
            ] {
                let mut args = Args::new();
                for name in [
                    "rounds",
                    "round",
                    "first",
                    "last",
                    "count",
                    "limit",
                    "format",
                    "found",
                    "version",
                    "max",
                    "signed",
                    "stopped",
                    "die",
                    "recorded",
                    "derived",
                    "placed",
                    "mice",
                    "available",
                    "sealed",
                    "before",
                    "after",
                ] {
                    args.set(name, Value::from(number));
                }
                for name in ["ending", "how", "provisional", "result", "kind", "part"] {
                    args.set(name, Value::from(key));
                }
                for name in [
                    "seat",
                    "bot",
                    "person",
                    "opponent",
                    "key",
                    "keys",
                    "cause",
                    "problem",
                    "second",
                    "error",
                    "expected",
                    "reason",
                    "pool",
                    "rules",
                    "after_rd",
                    "worked",
                    "worked_rd",
                    "before_rd",
                    "opponent_before",
                    "opponent_rd",
                    "rd",
                    "column",
                    "piece",
                ] {
                    args.set(name, Value::from("X"));
                }
                for id in &ids {
                    assert!(words.has(id), "{language}: no {id}");
                    let text = words.format(id, Some(&args));
                    assert!(
                        !text.is_empty() && !text.contains('{') && !text.contains('}'),
                        "{language} {id}: {text}"
                    );
                    if language == "fr" {
                        // French punctuation: a narrow no-break space before
                        // a colon or semicolon, and its own apostrophe.
                        let spaced = text.replace('\u{202f}', "");
                        assert!(
                            !text.contains(" :") && !text.contains(" ;"),
                            "fr {id}: {text}"
                        );
                        assert_eq!(
                            spaced.matches([':', ';']).count(),
                            text.matches("\u{202f}:").count() + text.matches("\u{202f};").count(),
                            "fr {id}: {text}"
                        );
                        assert!(!text.contains('\''), "fr {id}: {text}");
                    }
                }
            }
        }
    }
}
