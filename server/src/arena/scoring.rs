//! An arena's scoring (`docs/arenas.md`, "Scoring"), applied to its results
//! in the order they were stored: 2 points a win, 1 a draw, doubled from
//! the third win in a row until a game is not won; aborted games count for
//! nobody. The standings are nothing but this: recounted from the records,
//! they agree.

use std::collections::HashMap;

use mice_cake_engine::{PlayerKey, Seat, Seated};
use mice_cake_protocol::{Ending, GameResult};

/// How one player's game went, for the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Win,
    Draw,
    Loss,
}

/// How a game went for each seat; none for an aborted game, which counts
/// for nobody.
pub(crate) fn outcomes(result: &GameResult) -> Option<Seated<Outcome>> {
    match result.ending {
        Ending::Aborted { .. } => None,
        // Both gone at once: a loss for both.
        Ending::Abandoned { .. } => Some(Seated::from_fn(|_| Outcome::Loss)),
        Ending::Played { .. } | Ending::Forfeit { .. } => {
            Some(Seated::from_fn(|seat: Seat| match result.winner {
                None => Outcome::Draw,
                Some(winner) if winner == seat => Outcome::Win,
                Some(_) => Outcome::Loss,
            }))
        }
    }
}

/// One player's count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) score: u32,
    /// Games counted (aborted ones are not).
    pub(crate) games: u32,
    pub(crate) wins: u32,
    /// Wins in a row, up to now.
    pub(crate) streak: u32,
    /// The result after which the score last changed (its place among the
    /// arena's results): of two equal scores, the one reached first ranks
    /// first.
    pub(crate) scored_at: u64,
}

impl Tally {
    /// Whether the next win counts double: two wins in a row, at least.
    pub(crate) fn on_fire(&self) -> bool {
        self.streak >= 2
    }

    /// Counts one game's outcome, the `seq`th result of the arena.
    fn count(&mut self, outcome: Outcome, seq: u64) {
        let doubled = if self.on_fire() { 2 } else { 1 };
        let points = match outcome {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        } * doubled;
        self.games += 1;
        if outcome == Outcome::Win {
            self.wins += 1;
            self.streak += 1;
        } else {
            self.streak = 0;
        }
        if points > 0 {
            self.score += points;
            self.scored_at = seq;
        }
    }
}

/// Every player's count in one arena.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scores {
    tallies: HashMap<PlayerKey, Tally>,
}

impl Scores {
    /// Counts a game between `keys`, the `seq`th result of the arena.
    pub(crate) fn count(&mut self, keys: Seated<PlayerKey>, result: &GameResult, seq: u64) {
        let Some(outcomes) = outcomes(result) else {
            return;
        };
        for seat in Seat::ALL {
            self.tallies
                .entry(keys[seat])
                .or_default()
                .count(outcomes[seat], seq);
        }
    }

    /// A player's count (nothing yet for one who has not played).
    pub(crate) fn of(&self, key: &PlayerKey) -> Tally {
        self.tallies.get(key).copied().unwrap_or_default()
    }

    /// `keys` in standing order: the higher score first, then fewer games,
    /// then the score reached first; players with nothing yet keep the
    /// order they are given in (the order they entered).
    pub(crate) fn rank<'a>(&self, keys: impl IntoIterator<Item = &'a PlayerKey>) -> Vec<PlayerKey> {
        let mut ranked: Vec<(usize, PlayerKey, Tally)> = keys
            .into_iter()
            .enumerate()
            .map(|(entered, key)| (entered, *key, self.of(key)))
            .collect();
        ranked.sort_by(|(a_entered, _, a), (b_entered, _, b)| {
            b.score
                .cmp(&a.score)
                .then(a.games.cmp(&b.games))
                .then(a.scored_at.cmp(&b.scored_at))
                .then(a_entered.cmp(b_entered))
        });
        ranked.into_iter().map(|(_, key, _)| key).collect()
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::{ForfeitCause, GameResult};

    use super::*;

    fn key(n: u8) -> PlayerKey {
        PlayerSecret::from_bytes([n; 32]).public_key()
    }

    fn won_by(winner: Option<Seat>) -> GameResult {
        GameResult {
            winner,
            score: Seated::default(),
            ending: Ending::Forfeit {
                seat: winner.map_or(Seat::Yellow, Seat::opponent),
                cause: ForfeitCause::Left,
            },
        }
    }

    fn draw() -> GameResult {
        GameResult {
            winner: None,
            score: Seated::default(),
            ending: Ending::Played {
                end: mice_cake_engine::EndReason::BoardCleared,
                decided_by: mice_cake_engine::Decider::Draw,
            },
        }
    }

    fn pair(yellow: u8, blue: u8) -> Seated<PlayerKey> {
        Seated {
            yellow: key(yellow),
            blue: key(blue),
        }
    }

    #[test]
    fn a_win_is_two_a_draw_one_and_the_third_win_in_a_row_counts_double() {
        let mut scores = Scores::default();
        let ada = pair(1, 2);
        // Ada wins, wins (now on fire), wins (4), draws (2, the streak
        // ends), wins (2).
        let results = [
            won_by(Some(Seat::Yellow)),
            won_by(Some(Seat::Yellow)),
            won_by(Some(Seat::Yellow)),
            draw(),
            won_by(Some(Seat::Yellow)),
        ];
        let mut after = Vec::new();
        for (seq, result) in results.iter().enumerate() {
            scores.count(ada, result, seq as u64 + 1);
            after.push(scores.of(&key(1)).score);
        }
        assert_eq!(after, [2, 4, 8, 10, 12]);
        let tally = scores.of(&key(1));
        assert_eq!((tally.games, tally.wins, tally.streak), (5, 4, 1));
        assert!(!tally.on_fire());
        // The loser: four losses and a draw, 1 point.
        let bea = scores.of(&key(2));
        assert_eq!((bea.score, bea.games, bea.wins), (1, 5, 0));
    }

    #[test]
    fn a_loss_ends_a_streak_and_an_aborted_game_counts_for_nobody() {
        let mut scores = Scores::default();
        for seq in 1..=2 {
            scores.count(pair(1, 2), &won_by(Some(Seat::Yellow)), seq);
        }
        assert!(scores.of(&key(1)).on_fire());
        let aborted = GameResult {
            winner: None,
            score: Seated::default(),
            ending: Ending::Aborted {
                seat: Some(Seat::Yellow),
                cause: ForfeitCause::Left,
            },
        };
        scores.count(pair(1, 2), &aborted, 3);
        assert_eq!(scores.of(&key(1)).games, 2, "not counted");
        assert!(scores.of(&key(1)).on_fire(), "nor does it end the streak");
        scores.count(pair(1, 2), &won_by(Some(Seat::Blue)), 4);
        let ada = scores.of(&key(1));
        assert_eq!((ada.score, ada.streak), (4, 0));
        let both_gone = GameResult {
            winner: None,
            score: Seated::default(),
            ending: Ending::Abandoned {
                cause: ForfeitCause::Disconnected,
            },
        };
        scores.count(pair(1, 2), &both_gone, 5);
        assert_eq!(scores.of(&key(2)).score, 2, "a loss for both");
        assert_eq!(scores.of(&key(2)).games, 4);
    }

    #[test]
    fn standings_rank_by_score_then_fewer_games_then_who_scored_first() {
        let mut scores = Scores::default();
        // 1 beats 2 (seq 1); 3 beats 4 (seq 2): 1 and 3 tie on 2 points in
        // one game, 1 first (scored first).
        scores.count(pair(1, 2), &won_by(Some(Seat::Yellow)), 1);
        scores.count(pair(3, 4), &won_by(Some(Seat::Yellow)), 2);
        // 5 draws twice with 6: 2 points in two games, after 1 and 3.
        scores.count(pair(5, 6), &draw(), 3);
        scores.count(pair(5, 6), &draw(), 4);
        let entered = [key(7), key(6), key(5), key(4), key(3), key(2), key(1)];
        let ranked = scores.rank(&entered);
        assert_eq!(
            ranked,
            [key(1), key(3), key(6), key(5), key(7), key(4), key(2)],
            "6 and 5 tie to the result: the order they entered; then \
             those on nothing, who entered in order 7, 4, 2"
        );
    }
}
