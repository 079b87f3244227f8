//! `mice-cake verify --match ID`: a match proven whole (`docs/fairness.md`,
//! "Matches"). Every game the server lists for it is fetched and checked as
//! `verify` checks one game; then the chain: each game's commitment binds
//! its number and the commitment of the game before it (the first, the
//! match's origin), and both players signed under those commitments — so a
//! list with a game dropped, moved or added no longer links. The same two
//! keys sit in every game, seats changing colour each game; the wins are
//! counted again by the rules of matches, and the winner the server names
//! must be the one they give.

use mice_cake_engine::{
    ChainError, ChainedGame, MatchEnd, MatchId, MatchLink, MatchTally, PlayerKey, Seat,
};
use mice_cake_protocol::{GameId, MatchStatus, MatchSummary, match_game_end};

use crate::tr;
use crate::verify::{Loaded, Recorded, Verdict, verify_loaded};

/// What checking a match concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchVerdict {
    /// Every game there, in order, each fair, the score and winner right.
    Whole {
        /// Games checked.
        games: usize,
        /// The wins, by the players' seats in game 1.
        wins: [u32; 2],
        /// The players' names (game 1's Yellow first).
        names: [String; 2],
        /// How it ended, if it did (players by their seat in game 1).
        end: Option<MatchEnd>,
        /// Set when the end rests on the server's word: a player left
        /// between two games (nothing signed says so).
        ended_between_games: bool,
    },
    /// A link is broken: the first one, named.
    Broken(String),
}

impl MatchVerdict {
    /// The process's exit code: 0 whole, 1 broken.
    pub fn exit_code(&self) -> u8 {
        match self {
            MatchVerdict::Whole { .. } => 0,
            MatchVerdict::Broken(_) => 1,
        }
    }

    /// One line for people, in their language.
    pub fn line(&self) -> String {
        match self {
            MatchVerdict::Whole {
                games,
                wins,
                names,
                end,
                ended_between_games,
            } => {
                let score = tr!(
                    "match-verify-score",
                    yellow = names[0].as_str(),
                    yellow_wins = wins[0],
                    blue = names[1].as_str(),
                    blue_wins = wins[1]
                );
                let how = match end {
                    None => tr!("match-verify-goes-on"),
                    Some(MatchEnd::Won { winner }) => {
                        tr!("match-verify-won", winner = names[index(*winner)].as_str())
                    }
                    Some(MatchEnd::Forfeit { winner }) => {
                        let loser = names[1 - index(*winner)].as_str();
                        if *ended_between_games {
                            tr!("match-verify-left-between", player = loser)
                        } else {
                            tr!("match-verify-left", player = loser)
                        }
                    }
                    Some(MatchEnd::Abandoned) => tr!("match-verify-abandoned"),
                };
                tr!(
                    "match-verify-whole",
                    games = *games,
                    score = score,
                    how = how
                )
            }
            MatchVerdict::Broken(problem) => tr!("match-verify-broken", problem = problem),
        }
    }
}

fn index(seat: Seat) -> usize {
    match seat {
        Seat::Yellow => 0,
        Seat::Blue => 1,
    }
}

/// Checks `summary` (the server's `/api/matches/ID`) against its games as
/// fetched, in its order: `games[i]` is the body of `summary.games[i]`.
pub fn verify_match(summary: &MatchSummary, games: &[(GameId, Loaded)]) -> MatchVerdict {
    match check(summary, games) {
        Ok(verdict) => verdict,
        Err(problem) => MatchVerdict::Broken(problem),
    }
}

fn check(summary: &MatchSummary, games: &[(GameId, Loaded)]) -> Result<MatchVerdict, String> {
    let listed: Vec<GameId> = games.iter().map(|(id, _)| *id).collect();
    if listed != summary.games {
        return Err(tr!("match-verify-not-listed"));
    }
    let mut tally = MatchTally::new(summary.first_to);
    let mut chained = Vec::with_capacity(games.len());
    for (position, (_, loaded)) in games.iter().enumerate() {
        let number = u32::try_from(position + 1).unwrap_or(u32::MAX);
        let game_problem =
            |problem: String| tr!("match-verify-game", number = number, problem = problem);
        match verify_loaded(loaded, None) {
            Verdict::Fair { .. } | Verdict::AbortedDeal { .. } => {}
            Verdict::Unsealed => return Err(game_problem(tr!("match-verify-unsealed"))),
            Verdict::Broken(problem) => return Err(game_problem(problem)),
        }
        let (link, commitment, options, keys) = parts(loaded);
        chained.push(ChainedGame {
            link,
            commitment,
            options,
        });
        if let Some(problem) = players_problem(summary, keys, number) {
            return Err(game_problem(problem));
        }
        let Some(result) = &loaded.claimed else {
            return Err(game_problem(tr!("match-verify-no-result")));
        };
        if tally.count(match_game_end(result)).is_err() {
            return Err(tr!("match-verify-after-end", number = number));
        }
    }
    if !chained.is_empty() {
        mice_cake_engine::check_chain(summary.id, summary.first_to, &chained)
            .map_err(|error| chain_words(&error))?;
    }
    let wins = [tally.wins.yellow, tally.wins.blue];
    let claimed_wins = [summary.players[0].wins, summary.players[1].wins];
    if wins != claimed_wins {
        return Err(tr!(
            "match-verify-wins",
            counted = format!("{}–{}", wins[0], wins[1]),
            claimed = format!("{}–{}", claimed_wins[0], claimed_wins[1])
        ));
    }
    let claimed = summary.tally().end;
    let ended_between_games = match (tally.end, claimed) {
        (counted, claimed) if counted == claimed => false,
        // A player who leaves between games leaves no game behind: the
        // server's word, which the games cannot contradict while the
        // match was still open by them.
        (None, Some(MatchEnd::Forfeit { .. } | MatchEnd::Abandoned)) => true,
        (counted, _) => {
            return Err(match counted {
                None => tr!("match-verify-not-over"),
                Some(_) => tr!("match-verify-status", status = status_name(summary.status)),
            });
        }
    };
    Ok(MatchVerdict::Whole {
        games: games.len(),
        wins,
        names: [
            summary.players[0].name.clone(),
            summary.players[1].name.clone(),
        ],
        end: claimed,
        ended_between_games,
    })
}

/// A game's link, commitment, rules and keys, from its record or its deal.
fn parts(
    loaded: &Loaded,
) -> (
    Option<&MatchLink>,
    mice_cake_engine::Commitment,
    mice_cake_engine::Options,
    mice_cake_engine::Seated<Option<PlayerKey>>,
) {
    match &loaded.record {
        Recorded::Game(record) => {
            let fair = record.fair.as_ref();
            (
                fair.and_then(|fair| fair.match_link.as_ref()),
                fair.map_or(mice_cake_engine::Commitment::from_bytes([0; 32]), |fair| {
                    fair.commitment
                }),
                record.options,
                fair.and_then(|fair| fair.keys).unwrap_or_default(),
            )
        }
        Recorded::AbortedDeal(deal) => (
            deal.match_link.as_ref(),
            deal.commitment,
            deal.options,
            deal.keys,
        ),
    }
}

/// Whether game `number`'s keys are the match's players', seats changed:
/// a game between other keys is not this match's.
fn players_problem(
    summary: &MatchSummary,
    keys: mice_cake_engine::Seated<Option<PlayerKey>>,
    number: u32,
) -> Option<String> {
    Seat::ALL.into_iter().find_map(|seat| {
        let player = &summary.players[index(MatchTally::player_in(seat, number))];
        (player.key.is_some() && keys[seat] != player.key)
            .then(|| tr!("match-verify-other-player", name = player.name.as_str()))
    })
}

fn chain_words(error: &ChainError) -> String {
    match *error {
        ChainError::NoGame => tr!("match-chain-no-game"),
        ChainError::NotInMatch { position } => tr!("match-chain-not-in-match", number = position),
        ChainError::OtherMatch { position } => tr!("match-chain-other-match", number = position),
        ChainError::OutOfOrder { position, number } => tr!(
            "match-chain-out-of-order",
            position = position,
            number = number
        ),
        ChainError::Broken { number, previous } => {
            tr!("match-chain-broken", number = number, previous = previous)
        }
        ChainError::OtherRules { number } => tr!("match-chain-other-rules", number = number),
    }
}

fn status_name(status: MatchStatus) -> String {
    match status {
        MatchStatus::Playing => tr!("match-status-playing"),
        MatchStatus::Won => tr!("match-status-won"),
        MatchStatus::Forfeit => tr!("match-status-forfeit"),
        MatchStatus::Abandoned => tr!("match-status-abandoned"),
    }
}

/// Fetches match `source` (an id, or a `…/api/matches/ID` URL) and its
/// games from `server`.
pub fn load(source: &str, server: &str) -> anyhow::Result<(MatchSummary, Vec<(GameId, Loaded)>)> {
    let http = crate::cli::http_url(server);
    let url = if source.starts_with("http://") || source.starts_with("https://") {
        source.to_owned()
    } else {
        let id: MatchId = source
            .parse()
            .map_err(|_| anyhow::anyhow!(tr!("match-verify-bad-id", id = source)))?;
        format!("{http}/api/matches/{id}")
    };
    let text = crate::replay::fetch(&url)?;
    let summary: MatchSummary = serde_json::from_str(&text).map_err(|error| {
        anyhow::anyhow!(tr!("match-verify-unreadable", error = error.to_string()))
    })?;
    let base = url
        .split("/api/matches/")
        .next()
        .unwrap_or(http.as_str())
        .to_owned();
    let mut games = Vec::with_capacity(summary.games.len());
    for id in &summary.games {
        let body = crate::replay::fetch(&format!("{base}/api/games/{id}"))?;
        games.push((*id, crate::verify::parse(&body)?));
    }
    Ok((summary, games))
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::fair::{DEAL_ROUND, match_commitment};
    use mice_cake_engine::{Assignment, Exchange, Options, Policy, RecordedGame, Seed, Viewer};
    use mice_cake_protocol::{Ending, GameResult, MatchPlayer};

    use super::*;

    const ID: MatchId = MatchId::from_bytes([9; 16]);

    /// A whole match to `first_to` between greedy and random, every move
    /// the server's, as the server's games and match summary would give it.
    fn a_match(first_to: u32) -> (MatchSummary, Vec<(GameId, Loaded)>) {
        let mut link = MatchLink::first(ID, first_to);
        let mut tally = MatchTally::new(first_to);
        let mut games = Vec::new();
        let mut number = 0u64;
        while !tally.is_over() {
            number += 1;
            let seed = Seed::from_u64(number);
            let mut deal = Exchange::new(match_commitment(seed, &link), DEAL_ROUND);
            for seat in Seat::ALL {
                deal.make_for(seat, seed, Assignment::EMPTY).unwrap();
            }
            let mut game =
                RecordedGame::dealt_in(Options::default(), seed, &deal, Some(link)).unwrap();
            let mut bots = seed.stream(1);
            while !game.game().is_over() {
                let view = game.game().view(Viewer::Spectator);
                let yellow = Policy::Greedy.choose(&view, Seat::Yellow, &mut bots);
                let blue = Policy::Random.choose(&view, Seat::Blue, &mut bots);
                game.play_round(&yellow, &blue).unwrap();
            }
            let outcome = *game.game().outcome().unwrap();
            let result = GameResult {
                winner: outcome.winner,
                score: outcome.score,
                ending: Ending::Played {
                    end: outcome.end,
                    decided_by: outcome.decided_by,
                },
            };
            tally.count(match_game_end(&result)).unwrap();
            let record = game.record().unwrap();
            link = link.next(record.fair.as_ref().unwrap().commitment);
            let id = GameId::from_u128(u128::from(number));
            games.push((
                id,
                Loaded {
                    record: Recorded::Game(record),
                    claimed: Some(result),
                    missed_deadline_limit: Some(3),
                    rated: None,
                },
            ));
            assert!(number < 50, "the match never ended");
        }
        let summary = MatchSummary {
            id: ID,
            room: "K7M2Q".parse().unwrap(),
            first_to,
            status: MatchSummary::status_of(tally.end),
            players: [
                MatchPlayer {
                    key: None,
                    name: "Ann".into(),
                    wins: tally.wins.yellow,
                },
                MatchPlayer {
                    key: None,
                    name: "Bob".into(),
                    wins: tally.wins.blue,
                },
            ],
            games: games.iter().map(|(id, _)| *id).collect(),
            winner: MatchSummary::winner_of(tally.end),
        };
        (summary, games)
    }

    fn listed_as(summary: &MatchSummary, games: &[(GameId, Loaded)]) -> MatchSummary {
        MatchSummary {
            games: games.iter().map(|(id, _)| *id).collect(),
            ..summary.clone()
        }
    }

    #[test]
    fn a_whole_match_is_proven_and_says_its_score() {
        let (summary, games) = a_match(3);
        let verdict = verify_match(&summary, &games);
        assert_eq!(verdict.exit_code(), 0, "{verdict:?}");
        let MatchVerdict::Whole {
            games: count,
            wins,
            end,
            ..
        } = &verdict
        else {
            panic!("{verdict:?}");
        };
        assert_eq!(*count, games.len());
        assert_eq!(wins.iter().max(), Some(&3));
        assert!(matches!(end, Some(MatchEnd::Won { .. })));
        assert!(
            verdict.line().starts_with("the match is whole"),
            "{}",
            verdict.line()
        );
    }

    #[test]
    fn a_cut_reordered_or_padded_match_is_refused_by_name() {
        let (summary, games) = a_match(3);
        assert!(games.len() >= 3);
        // A game dropped from the middle, the list renumbered to match.
        let mut cut = games.clone();
        cut.remove(1);
        let verdict = verify_match(&listed_as(&summary, &cut), &cut);
        assert!(matches!(verdict, MatchVerdict::Broken(_)), "{verdict:?}");
        assert!(
            verdict
                .line()
                .contains("game 2 of the list says it is game 3"),
            "{}",
            verdict.line()
        );
        // Two games swapped.
        let mut swapped = games.clone();
        swapped.swap(0, 1);
        let verdict = verify_match(&listed_as(&summary, &swapped), &swapped);
        assert!(matches!(verdict, MatchVerdict::Broken(_)), "{verdict:?}");
        // A game of the match repeated.
        let mut padded = games.clone();
        padded.insert(1, games[0].clone());
        let verdict = verify_match(&listed_as(&summary, &padded), &padded);
        assert!(matches!(verdict, MatchVerdict::Broken(_)), "{verdict:?}");
        // The last game dropped: the server still says it is won.
        let mut short = games.clone();
        short.pop();
        let verdict = verify_match(&listed_as(&summary, &short), &short);
        assert!(matches!(verdict, MatchVerdict::Broken(_)), "{verdict:?}");
        // A list that is not the one the summary gives.
        let verdict = verify_match(&summary, &short);
        assert!(
            verdict.line().contains("not the ones the match lists"),
            "{}",
            verdict.line()
        );
    }

    #[test]
    fn a_wrong_score_or_winner_is_refused() {
        let (summary, games) = a_match(2);
        let mut swapped = summary.clone();
        swapped.players.swap(0, 1);
        let verdict = verify_match(&swapped, &games);
        assert!(
            verdict.line().contains("the server says"),
            "{}",
            verdict.line()
        );
        let mut still_playing = summary.clone();
        still_playing.status = MatchStatus::Playing;
        still_playing.winner = None;
        let verdict = verify_match(&still_playing, &games);
        assert!(matches!(verdict, MatchVerdict::Broken(_)), "{verdict:?}");
    }

    #[test]
    fn a_game_of_another_match_is_refused() {
        let (summary, games) = a_match(2);
        let other = MatchSummary {
            id: MatchId::from_bytes([1; 16]),
            ..summary.clone()
        };
        let verdict = verify_match(&other, &games);
        assert!(
            verdict.line().contains("another match"),
            "{}",
            verdict.line()
        );
    }
}
