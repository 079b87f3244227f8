//! Matches (`docs/rules.md`, "Matches"): games played one after another by
//! the same two players until one has won `first_to` of them, seats changing
//! colour each game. [`MatchTally`] is the rule that counts them; its
//! [`check_chain`] the proof that a match's games are all there, in order,
//! none added: each game's commitment binds its place ([`MatchLink`]).
//!
//! The two players are named by their seat in the first game: [`Seat::Yellow`]
//! is whoever played Yellow in game 1 (and Blue in game 2, …).

use serde::{Deserialize, Serialize};

use crate::fair::{Commitment, MatchId, MatchLink, match_origin};
use crate::options::Options;
use crate::seat::{Seat, Seated};

/// The longest match: first to this many wins.
pub const MAX_FIRST_TO: u32 = 15;

/// How one game of a match ended, as the match counts it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MatchGameEnd {
    /// Played out, or forfeited for missed deadlines or a move not opened:
    /// this seat won the game.
    Won(Seat),
    /// Played out to a draw: nobody wins it, the match goes on.
    Drawn,
    /// This seat left the game (or was gone past its grace): they lose the
    /// match, whatever the score.
    Left(Seat),
    /// Both players went at once (or neither took up the deal): the match
    /// ends without a winner.
    BothGone,
}

/// How a match ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MatchEnd {
    /// The winner reached `first_to` wins (named by their seat in game 1).
    Won {
        /// The winner, by their seat in the first game.
        winner: Seat,
    },
    /// A player left the match: the other won it (named by their seat in
    /// game 1).
    Forfeit {
        /// The winner, by their seat in the first game.
        winner: Seat,
    },
    /// Both players went: nobody won.
    Abandoned,
}

impl MatchEnd {
    /// The match's winner, by their seat in the first game.
    pub fn winner(self) -> Option<Seat> {
        match self {
            MatchEnd::Won { winner } | MatchEnd::Forfeit { winner } => Some(winner),
            MatchEnd::Abandoned => None,
        }
    }
}

/// A match's score as its games end: the rule of who wins it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MatchTally {
    /// The wins that take the match.
    pub first_to: u32,
    /// The games that ended so far.
    pub games: u32,
    /// Each player's wins, by their seat in the first game.
    pub wins: Seated<u32>,
    /// How the match ended; `null` while it goes on.
    pub end: Option<MatchEnd>,
}

/// A game counted in a match that is over already.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the match is over: game {game} cannot count in it")]
pub struct MatchOver {
    /// The game that came too late.
    pub game: u32,
}

impl MatchTally {
    /// A match to `first_to` wins, before its first game.
    pub const fn new(first_to: u32) -> MatchTally {
        MatchTally {
            first_to,
            games: 0,
            wins: Seated { yellow: 0, blue: 0 },
            end: None,
        }
    }

    /// The player sitting in `seat` in game `number` (1 first), named by
    /// their seat in game 1: seats change colour each game.
    pub fn player_in(seat: Seat, number: u32) -> Seat {
        if number % 2 == 1 {
            seat
        } else {
            seat.opponent()
        }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Counts the next game's end (`end`'s seats are the seats of that game).
    pub fn count(&mut self, end: MatchGameEnd) -> Result<Option<MatchEnd>, MatchOver> {
        let number = self.games + 1;
        if self.is_over() {
            return Err(MatchOver { game: number });
        }
        self.games = number;
        let end = match end {
            MatchGameEnd::Won(seat) => {
                let player = Self::player_in(seat, number);
                self.wins[player] += 1;
                (self.wins[player] >= self.first_to).then_some(MatchEnd::Won { winner: player })
            }
            MatchGameEnd::Drawn => None,
            MatchGameEnd::Left(seat) => Some(MatchEnd::Forfeit {
                winner: Self::player_in(seat, number).opponent(),
            }),
            MatchGameEnd::BothGone => Some(MatchEnd::Abandoned),
        };
        self.end = end;
        Ok(end)
    }

    /// A player left between games (named by their seat in game 1): the
    /// other wins the match.
    pub fn left_between_games(&mut self, player: Seat) -> Result<MatchEnd, MatchOver> {
        if self.is_over() {
            return Err(MatchOver {
                game: self.games + 1,
            });
        }
        let end = MatchEnd::Forfeit {
            winner: player.opponent(),
        };
        self.end = Some(end);
        Ok(end)
    }
}

/// One game of a match as its record holds it: what [`check_chain`] reads.
#[derive(Clone, Copy, Debug)]
pub struct ChainedGame<'a> {
    /// Its link (`fair.match` of its record), if it has one.
    pub link: Option<&'a MatchLink>,
    /// Its commitment, checked against its seed and link by its replay.
    pub commitment: Commitment,
    /// The rules it was played with.
    pub options: Options,
}

/// Why a match's games are not the whole match in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ChainError {
    /// A match has at least one game.
    #[error("the match has no game")]
    NoGame,
    /// A game's record names no match.
    #[error("game {position} of the list belongs to no match")]
    NotInMatch {
        /// Its place in the list (1 first).
        position: u32,
    },
    /// A game's record names another match, or another length.
    #[error("game {position} of the list belongs to another match")]
    OtherMatch {
        /// Its place in the list (1 first).
        position: u32,
    },
    /// A game's number is not its place: a game is missing, repeated or
    /// out of order.
    #[error("game {position} of the list says it is game {number} of the match")]
    OutOfOrder {
        /// Its place in the list (1 first).
        position: u32,
        /// The number its record gives it.
        number: u32,
    },
    /// A game does not link to the one before it: a game between them was
    /// taken out, or this one put in.
    #[error(
        "game {number} does not follow game {previous}: a game between them is missing or was put in"
    )]
    Broken {
        /// The game.
        number: u32,
        /// The game listed before it (0: the match's start).
        previous: u32,
    },
    /// A game was played with other rules than the first.
    #[error("game {number} was played with other rules than game 1")]
    OtherRules {
        /// The game.
        number: u32,
    },
}

/// Checks that `games`, in order, are the games of match `id` (to
/// `first_to`) one after another from its first: each names the match and
/// its place, links to the one before (the first to the match's origin),
/// and keeps the first game's rules. Each game's own replay checks its
/// commitment against its seed and link: together, a list that passes is
/// the match's games, none dropped between two, none added, none moved.
pub fn check_chain(
    id: MatchId,
    first_to: u32,
    games: &[ChainedGame<'_>],
) -> Result<(), ChainError> {
    if games.is_empty() {
        return Err(ChainError::NoGame);
    }
    let mut previous = match_origin(id, first_to);
    let first_options = games[0].options;
    for (index, game) in games.iter().enumerate() {
        let position = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let link = game.link.ok_or(ChainError::NotInMatch { position })?;
        if link.id != id || link.first_to != first_to {
            return Err(ChainError::OtherMatch { position });
        }
        if link.number != position {
            return Err(ChainError::OutOfOrder {
                position,
                number: link.number,
            });
        }
        if link.previous != previous {
            return Err(ChainError::Broken {
                number: position,
                previous: position - 1,
            });
        }
        if game.options != first_options {
            return Err(ChainError::OtherRules { number: position });
        }
        previous = game.commitment;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Seed;
    use crate::fair::match_commitment;

    fn chain(length: u32) -> alloc::vec::Vec<(MatchLink, Commitment)> {
        let id = MatchId::from_bytes([7; 16]);
        let mut link = MatchLink::first(id, 3);
        let mut games = alloc::vec::Vec::new();
        for number in 1..=length {
            let commitment = match_commitment(Seed::from_u64(u64::from(number)), &link);
            games.push((link, commitment));
            link = link.next(commitment);
        }
        games
    }

    fn listed(games: &[(MatchLink, Commitment)]) -> alloc::vec::Vec<ChainedGame<'_>> {
        games
            .iter()
            .map(|(link, commitment)| ChainedGame {
                link: Some(link),
                commitment: *commitment,
                options: Options::default(),
            })
            .collect()
    }

    const ID: MatchId = MatchId::from_bytes([7; 16]);

    #[test]
    fn a_whole_chain_holds() {
        let games = chain(4);
        assert_eq!(check_chain(ID, 3, &listed(&games)), Ok(()));
    }

    #[test]
    fn a_cut_a_reordered_or_a_padded_chain_is_refused() {
        let games = chain(4);
        let mut cut = games.clone();
        cut.remove(1);
        assert_eq!(
            check_chain(ID, 3, &listed(&cut)),
            Err(ChainError::OutOfOrder {
                position: 2,
                number: 3
            })
        );
        let mut swapped = games.clone();
        swapped.swap(1, 2);
        assert!(check_chain(ID, 3, &listed(&swapped)).is_err());
        // A game made up to stand where another was: it follows game 1,
        // but game 3 follows the game it replaced.
        let mut replaced = games.clone();
        let forged = games[0].0.next(games[0].1);
        replaced[1] = (forged, match_commitment(Seed::from_u64(99), &forged));
        assert_eq!(
            check_chain(ID, 3, &listed(&replaced)),
            Err(ChainError::Broken {
                number: 3,
                previous: 2
            })
        );
        // A game put in after game 2, renumbering those after it.
        let mut padded = games[..2].to_vec();
        let extra = games[1].0.next(games[1].1);
        let extra_commitment = match_commitment(Seed::from_u64(98), &extra);
        padded.push((extra, extra_commitment));
        for (link, commitment) in &games[2..] {
            padded.push((
                MatchLink {
                    number: link.number + 1,
                    ..*link
                },
                *commitment,
            ));
        }
        assert_eq!(
            check_chain(ID, 3, &listed(&padded)),
            Err(ChainError::Broken {
                number: 4,
                previous: 3
            })
        );
        // The first game names the match's origin.
        let mut other_start = games.clone();
        other_start[0].0.previous = Commitment::from_bytes([0; 32]);
        assert_eq!(
            check_chain(ID, 3, &listed(&other_start)),
            Err(ChainError::Broken {
                number: 1,
                previous: 0
            })
        );
        assert_eq!(
            check_chain(MatchId::from_bytes([8; 16]), 3, &listed(&games)),
            Err(ChainError::OtherMatch { position: 1 })
        );
        assert_eq!(check_chain(ID, 3, &[]), Err(ChainError::NoGame));
    }

    #[test]
    fn a_record_s_link_is_bound_by_its_commitment() {
        use crate::assignment::Assignment;
        use crate::fair::{DEAL_ROUND, Exchange};
        use crate::recorded_game::RecordedGame;
        let seed = Seed::from_u64(5);
        let link = MatchLink::first(ID, 3);
        let mut deal = Exchange::new(match_commitment(seed, &link), DEAL_ROUND);
        for seat in Seat::ALL {
            deal.make_for(seat, seed, Assignment::EMPTY).unwrap();
        }
        let game = RecordedGame::dealt_in(Options::default(), seed, &deal, Some(link)).unwrap();
        let record = game.record().unwrap();
        assert!(record.replay().is_ok());
        // Another place in the match, or none: the seed no longer gives the
        // commitment the players sealed under.
        for other in [Some(link.next(link.previous)), None] {
            let mut moved = record.clone();
            moved.fair.as_mut().unwrap().match_link = other;
            assert_eq!(
                moved.replay().unwrap_err(),
                crate::record::ReplayError::SeedMismatch
            );
        }
        // A deal sealed for a game alone cannot be dealt as a match's.
        let alone = Exchange::new(crate::fair::commitment(seed), DEAL_ROUND);
        assert!(RecordedGame::dealt_in(Options::default(), seed, &alone, Some(link)).is_err());
    }

    #[test]
    fn seats_change_colour_and_wins_follow_the_player() {
        let mut tally = MatchTally::new(2);
        // Game 1: Yellow (the first game's Yellow) wins; game 2 is drawn;
        // game 3: Yellow (the same player, back in Yellow) wins: two wins.
        assert_eq!(tally.count(MatchGameEnd::Won(Seat::Yellow)), Ok(None));
        assert_eq!(tally.count(MatchGameEnd::Drawn), Ok(None));
        assert_eq!(
            tally.count(MatchGameEnd::Won(Seat::Yellow)),
            Ok(Some(MatchEnd::Won {
                winner: Seat::Yellow
            }))
        );
        assert_eq!(tally.wins, Seated { yellow: 2, blue: 0 });
        assert_eq!(tally.count(MatchGameEnd::Drawn), Err(MatchOver { game: 4 }));
    }

    #[test]
    fn a_player_who_leaves_loses_the_match_whatever_the_score() {
        let mut tally = MatchTally::new(3);
        tally.count(MatchGameEnd::Won(Seat::Blue)).ok();
        tally.count(MatchGameEnd::Won(Seat::Yellow)).ok();
        // Game 3: the first game's Blue sits in Blue again and leaves.
        assert_eq!(
            tally.count(MatchGameEnd::Left(Seat::Blue)),
            Ok(Some(MatchEnd::Forfeit {
                winner: Seat::Yellow
            }))
        );
        let mut between = MatchTally::new(3);
        assert_eq!(
            between.left_between_games(Seat::Yellow),
            Ok(MatchEnd::Forfeit { winner: Seat::Blue })
        );
        let mut both = MatchTally::new(3);
        assert_eq!(
            both.count(MatchGameEnd::BothGone),
            Ok(Some(MatchEnd::Abandoned))
        );
    }
}
