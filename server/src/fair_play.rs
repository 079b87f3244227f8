//! The fair-play report (`GET /api/fair-play`, `fair_play_api.rs`) worked
//! out from the kept figures of analysed rated games: for each person in
//! each pool, their accuracy and how often their move was the analysis's
//! first choice (the move the strong bot's search ranks best), against
//! what is expected of them, and how unlikely their figures are by chance.
//! `docs/ratings.md` ("Fair play") says why these and how to read them.

use std::cmp::Ordering;

use mice_cake_protocol::fair_play::{FAIR_PLAY_FLAG_BELOW, FAIR_PLAY_MIN_GAMES};
use mice_cake_protocol::{Baseline, FairPlayEntry, FairPlayReport};

use crate::store::accuracy::PoolAccuracy;

/// The least expected of anyone: the greedy policy's figures against
/// `strong`, measured with the engine's `analysis` example over 1,336
/// moves (`docs/bots.md`): 87.8 % ± 1.8 of its rounds without a mistake,
/// 51.9 % ± 2.7 the analysis's first choice. Greedy plays the plain good
/// move each round, as a careful person might; a player well above it
/// plays as the search does.
pub(crate) const REFERENCE_CLEAN_RATE: f64 = 0.878;
pub(crate) const REFERENCE_FIRST_RATE: f64 = 0.519;

/// People within this many rating points make a player's baseline.
const RATING_BAND: f64 = 200.0;

/// Fewest rounds of others for a baseline of people rather than the
/// reference alone.
const BASELINE_ROUNDS: u32 = 500;

/// A player's rounds: judged, without a mistake, first choices.
#[derive(Clone, Copy, Default)]
struct Rounds {
    judged: u32,
    clean: u32,
    first: u32,
}

impl Rounds {
    fn of(row: &PoolAccuracy) -> Rounds {
        Rounds {
            judged: row.rounds,
            clean: row.clean,
            first: row.first,
        }
    }

    fn add(self, other: Rounds) -> Rounds {
        Rounds {
            judged: self.judged + other.judged,
            clean: self.clean + other.clean,
            first: self.first + other.first,
        }
    }

    /// The shares of rounds without a mistake and of first choices.
    fn rates(self) -> (f64, f64) {
        let judged = f64::from(self.judged.max(1));
        (
            f64::from(self.clean) / judged,
            f64::from(self.first) / judged,
        )
    }
}

/// The report from every key's figures per pool.
pub(crate) fn report(figures: &[PoolAccuracy]) -> FairPlayReport {
    let people: Vec<&PoolAccuracy> = figures.iter().filter(|row| !row.bot).collect();
    let mut players: Vec<FairPlayEntry> = people
        .iter()
        .filter(|row| row.rounds > 0)
        .map(|row| entry(row, &people))
        .collect();
    players.sort_by(|a, b| {
        a.p_value
            .partial_cmp(&b.p_value)
            .unwrap_or(Ordering::Equal)
            .then_with(|| b.z.partial_cmp(&a.z).unwrap_or(Ordering::Equal))
            .then_with(|| a.key.to_string().cmp(&b.key.to_string()))
    });
    // Each rated game has two players, each a row's game.
    let player_games: u32 = figures.iter().map(|row| row.games).sum();
    FairPlayReport {
        min_games: FAIR_PLAY_MIN_GAMES,
        flag_below: FAIR_PLAY_FLAG_BELOW,
        reference_accuracy: 100.0 * REFERENCE_CLEAN_RATE,
        reference_first_rate: REFERENCE_FIRST_RATE,
        games_analysed: player_games.div_ceil(2),
        players,
        // Found apart, from the rated games in order (`boosting.rs`).
        boosting: Vec::new(),
    }
}

/// One person's line: their figures against the others'.
fn entry(row: &PoolAccuracy, people: &[&PoolAccuracy]) -> FairPlayEntry {
    let others = || {
        people
            .iter()
            .filter(move |other| other.pool == row.pool && other.key != row.key)
    };
    let sum = |rows: &mut dyn Iterator<Item = &&PoolAccuracy>| {
        rows.fold(Rounds::default(), |sum, other| sum.add(Rounds::of(other)))
    };
    let near = sum(
        &mut others().filter(|other| match (row.rating, other.rating) {
            (Some(mine), Some(theirs)) => (mine - theirs).abs() <= RATING_BAND,
            _ => false,
        }),
    );
    let pool = sum(&mut others());
    let people_rates = if near.judged >= BASELINE_ROUNDS {
        Some((near.rates(), Baseline::Rating))
    } else if pool.judged >= BASELINE_ROUNDS {
        Some((pool.rates(), Baseline::Pool))
    } else {
        None
    };
    // People's level where it is above the reference's, each figure.
    let ((clean_rate, first_rate), baseline) = match people_rates {
        Some(((clean, first), baseline))
            if clean > REFERENCE_CLEAN_RATE || first > REFERENCE_FIRST_RATE =>
        {
            (
                (
                    clean.max(REFERENCE_CLEAN_RATE),
                    first.max(REFERENCE_FIRST_RATE),
                ),
                baseline,
            )
        }
        _ => (
            (REFERENCE_CLEAN_RATE, REFERENCE_FIRST_RATE),
            Baseline::Reference,
        ),
    };
    let mine = Rounds::of(row);
    let z_accuracy = excess(mine.clean, mine.judged, clean_rate);
    let z_first = excess(mine.first, mine.judged, first_rate);
    // Two figures looked at: the stronger evidence counts, at twice its
    // chance (Bonferroni). Accuracy tells strong play from careful play
    // best; the first choices add to it where accuracy is less clear.
    let z = z_accuracy.max(z_first);
    let p_value = (2.0 * upper_tail(z)).min(1.0);
    let (accuracy, first_choice_rate) = mine.rates();
    FairPlayEntry {
        key: row.key,
        name: row.name.clone(),
        pool: row.pool,
        rating: row.rating,
        games: row.games,
        rounds: row.rounds,
        accuracy: 100.0 * accuracy,
        expected_accuracy: 100.0 * clean_rate,
        first_choices: row.first,
        first_choice_rate,
        expected_first_rate: first_rate,
        baseline,
        z_accuracy,
        z_first,
        z,
        p_value,
        flagged: row.games >= FAIR_PLAY_MIN_GAMES && p_value < FAIR_PLAY_FLAG_BELOW,
    }
}

/// How many standard errors `hits` of `trials` is above `expected`: the
/// binomial by the normal approximation, with continuity correction.
fn excess(hits: u32, trials: u32, expected: f64) -> f64 {
    let trials = f64::from(trials);
    let spread = (trials * expected * (1.0 - expected)).sqrt();
    if spread <= 0.0 {
        return 0.0;
    }
    (f64::from(hits) - 0.5 - trials * expected) / spread
}

/// The chance of a standard normal at least `z`.
fn upper_tail(z: f64) -> f64 {
    0.5 * libm::erfc(z / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::Pool;

    use super::*;

    /// A person's figures: `clean` and `first` as shares of `rounds`.
    fn figures(
        seed: u8,
        rating: f64,
        games: u32,
        rounds: u32,
        clean: f64,
        first: f64,
    ) -> PoolAccuracy {
        let share = |rate: f64| (f64::from(rounds) * rate).round() as u32;
        PoolAccuracy {
            key: PlayerSecret::from_bytes([seed; 32]).public_key(),
            name: format!("p{seed}"),
            bot: false,
            pool: Pool::Standard,
            rating: Some(rating),
            games,
            rounds,
            clean: share(clean),
            first: share(first),
        }
    }

    #[test]
    fn an_excess_is_the_binomials_in_standard_errors() {
        // 60 of 100 at 0.5: (59.5 − 50) / 5.
        assert!((excess(60, 100, 0.5) - 1.9).abs() < 1e-9);
        assert!(excess(40, 100, 0.4).abs() < 0.2);
        assert_eq!(excess(0, 0, 0.5), 0.0);
    }

    #[test]
    fn the_chance_is_the_stronger_figures_twice_over() {
        assert!((upper_tail(0.0) - 0.5).abs() < 1e-12);
        assert!((upper_tail(1.96) - 0.025).abs() < 1e-3);
        // Accuracy 4.8 standard errors up, first choices 0.5: the chance is
        // the accuracy's, doubled.
        let rows = [figures(1, 1500.0, 30, 400, 0.0, 0.0)];
        let mut row = rows[0].clone();
        row.clean = 372;
        row.first = 213;
        let entry = report(&[row]).players.remove(0);
        assert!((entry.z - entry.z_accuracy).abs() < 1e-12);
        assert!((entry.p_value - 2.0 * upper_tail(entry.z_accuracy)).abs() < 1e-15);
    }

    #[test]
    fn the_strong_bots_figures_over_30_games_are_flagged_and_a_careful_players_are_not() {
        // 30 games of 13.4 rounds; the figures measured for strong and greedy.
        let report = report(&[
            figures(1, 1900.0, 30, 402, 0.964, 0.613),
            figures(2, 1600.0, 30, 402, 0.878, 0.519),
            // As good as strong, over too few games.
            figures(3, 1700.0, 5, 67, 0.964, 0.613),
        ]);
        let flagged: Vec<&str> = report
            .players
            .iter()
            .filter(|entry| entry.flagged)
            .map(|entry| entry.name.as_str())
            .collect();
        assert_eq!(flagged, ["p1"], "{report:#?}");
        assert_eq!(report.players[0].name, "p1", "the least likely first");
        let strong = &report.players[0];
        assert!(
            strong.z_accuracy > 4.0 && strong.z_first > 3.0,
            "{strong:?}"
        );
        assert!(strong.p_value < 1e-6, "{strong:?}");
        assert!(
            report
                .players
                .iter()
                .all(|entry| entry.expected_first_rate >= REFERENCE_FIRST_RATE)
        );
        assert_eq!(report.games_analysed, 33);
    }

    #[test]
    fn people_of_a_players_rating_make_their_baseline_when_above_the_reference() {
        let report = report(&[
            figures(1, 1950.0, 30, 402, 0.964, 0.613),
            // Strong people near her rating.
            figures(4, 2000.0, 40, 600, 0.95, 0.60),
            figures(2, 1200.0, 40, 600, 0.60, 0.30),
        ]);
        let one = report
            .players
            .iter()
            .find(|entry| entry.name == "p1")
            .unwrap();
        assert_eq!(one.baseline, Baseline::Rating);
        assert!((one.expected_first_rate - 0.60).abs() < 1e-9);
        assert!(!one.flagged, "as good as people of her rating: {one:?}");
        // Nobody near 1200: every other person of the pool.
        let far = report
            .players
            .iter()
            .find(|entry| entry.name == "p2")
            .unwrap();
        assert_eq!(far.baseline, Baseline::Pool);
        // A weak field never lowers the bar below the reference.
        let report = super::report(&[
            figures(1, 1500.0, 30, 402, 0.90, 0.55),
            figures(6, 1500.0, 40, 600, 0.60, 0.30),
        ]);
        let careful = report
            .players
            .iter()
            .find(|entry| entry.name == "p1")
            .unwrap();
        assert_eq!(careful.baseline, Baseline::Reference);
        assert!(!careful.flagged, "{careful:?}");
    }

    #[test]
    fn bots_are_not_listed_nor_a_baseline() {
        let mut bot = figures(5, 1500.0, 50, 900, 0.97, 0.62);
        bot.bot = true;
        let report = report(&[bot, figures(1, 1500.0, 30, 402, 0.878, 0.519)]);
        assert_eq!(report.players.len(), 1);
        assert_eq!(report.players[0].baseline, Baseline::Reference);
    }
}
