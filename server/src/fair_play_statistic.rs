//! The fair-play rule (`docs/ratings.md`, "Fair play"): how far a person's
//! figures stand above what is expected of them, counted in games rather
//! than rounds, with the baselines' own error, and the boundary that a
//! report read after every game holds them to. Pure: the report
//! (`fair_play.rs`) and its measurement over simulated careers ([`careers`],
//! the example `fair_play_careers`) use the same functions.

pub mod careers;

use std::ops::{Add, AddAssign};

use mice_cake_protocol::fair_play::{FAIR_PLAY_FLAG_BELOW, FAIR_PLAY_MIN_GAMES};

/// How many games the boundary's mixture is centred on: it is lowest
/// from about 50 to 300 games, where an engine user becomes clear.
const MIXTURE_GAMES: f64 = 5.0;

/// Fewest rounds of other people for a baseline of people rather than
/// the reference alone.
pub const BASELINE_ROUNDS: u64 = 2_000;

/// A set of analysed games' figures (one player's, or many people's): the
/// sums, and the sums of squares and products that a variance over games
/// needs. Summing two sets is the set of both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Games {
    pub games: u32,
    /// Rounds with a choice.
    pub rounds: u64,
    /// Rounds without a mistake.
    pub clean: u64,
    /// Rounds whose move was the analysis's first choice.
    pub first: u64,
    /// Σ rounds², Σ clean², Σ first² over the games.
    pub rounds_squared: u64,
    pub clean_squared: u64,
    pub first_squared: u64,
    /// Σ rounds × clean, Σ rounds × first over the games.
    pub rounds_clean: u64,
    pub rounds_first: u64,
}

impl Games {
    /// One game's figures.
    pub fn of_game(rounds: u32, clean: u32, first: u32) -> Games {
        let (rounds, clean, first) = (u64::from(rounds), u64::from(clean), u64::from(first));
        Games {
            games: 1,
            rounds,
            clean,
            first,
            rounds_squared: rounds * rounds,
            clean_squared: clean * clean,
            first_squared: first * first,
            rounds_clean: rounds * clean,
            rounds_first: rounds * first,
        }
    }

    /// The share of rounds with the figure.
    pub fn rate(&self, figure: Figure) -> f64 {
        let (hits, _, _) = self.sums(figure);
        hits / (self.rounds.max(1) as f64)
    }

    /// The share of rounds with the figure, and its variance with the game
    /// as the unit: mistakes cluster within games (a hard deal makes
    /// several), so rounds are not independent, but games are. The ratio
    /// estimator's variance, Σ (hitsᵢ − rate × roundsᵢ)² / rounds², with
    /// the n / (n − 1) of a variance from the sample's own mean.
    pub fn estimate(&self, figure: Figure) -> Estimate {
        let rate = self.rate(figure);
        let games = f64::from(self.games);
        let rounds = self.rounds as f64;
        let variance = if self.games < 2 || self.rounds == 0 {
            f64::INFINITY
        } else {
            let (_, squared, product) = self.sums(figure);
            let residuals =
                squared - 2.0 * rate * product + rate * rate * self.rounds_squared as f64;
            games / (games - 1.0) * residuals.max(0.0) / (rounds * rounds)
        };
        let binomial = rate * (1.0 - rate) / rounds;
        let overdispersion = if binomial > 0.0 {
            variance / binomial
        } else {
            1.0
        };
        Estimate {
            rate,
            variance,
            overdispersion,
        }
    }

    /// Σ hits, Σ hits², Σ rounds × hits for the figure.
    fn sums(&self, figure: Figure) -> (f64, f64, f64) {
        let (hits, squared, product) = match figure {
            Figure::Accuracy => (self.clean, self.clean_squared, self.rounds_clean),
            Figure::FirstChoice => (self.first, self.first_squared, self.rounds_first),
        };
        (hits as f64, squared as f64, product as f64)
    }
}

impl Add for Games {
    type Output = Games;

    fn add(self, other: Games) -> Games {
        Games {
            games: self.games + other.games,
            rounds: self.rounds + other.rounds,
            clean: self.clean + other.clean,
            first: self.first + other.first,
            rounds_squared: self.rounds_squared + other.rounds_squared,
            clean_squared: self.clean_squared + other.clean_squared,
            first_squared: self.first_squared + other.first_squared,
            rounds_clean: self.rounds_clean + other.rounds_clean,
            rounds_first: self.rounds_first + other.rounds_first,
        }
    }
}

impl AddAssign for Games {
    fn add_assign(&mut self, other: Games) {
        *self = *self + other;
    }
}

/// The two figures a player is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Rounds played without a mistake.
    Accuracy,
    /// Rounds whose move was the analysis's first choice.
    FirstChoice,
}

impl Figure {
    pub const BOTH: [Figure; 2] = [Figure::Accuracy, Figure::FirstChoice];
}

/// A share of rounds, the variance of its estimate, and how many times the
/// binomial's variance that is (how far its games spread beyond rounds
/// drawn one by one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub rate: f64,
    pub variance: f64,
    pub overdispersion: f64,
}

/// The least expected of anyone, each figure's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reference {
    pub accuracy: Estimate,
    pub first_choice: Estimate,
}

impl Reference {
    /// The `greedy` policy's figures over its games against `greedy`,
    /// `random` and `strong`, analysed as the server analyses rated games
    /// (the corpus kept in `server/tests/data/fair_play_games.csv`;
    /// [`careers::Corpus::reference`] measures them, and a test holds these
    /// to it): greedy plays the plain good move of each round, as a careful
    /// person might, and scores about the same whoever it faces. A good
    /// player among weak ones is never suspect for being above them.
    pub const MEASURED: Reference = Reference {
        accuracy: Estimate {
            rate: 0.8835,
            variance: 0.0034 * 0.0034,
            overdispersion: 3.01,
        },
        first_choice: Estimate {
            rate: 0.5354,
            variance: 0.0042 * 0.0042,
            overdispersion: 1.92,
        },
    };

    fn of(&self, figure: Figure) -> Estimate {
        match figure {
            Figure::Accuracy => self.accuracy,
            Figure::FirstChoice => self.first_choice,
        }
    }
}

/// One person's figures held to what is expected of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The accuracy and first-choice rate expected of them.
    pub expected_accuracy: f64,
    pub expected_first_rate: f64,
    /// Whether other people's figures set either expectation (else the
    /// reference set both).
    pub from_people: bool,
    /// How many standard errors (of the difference, over games) each
    /// figure stands above the expected.
    pub z_accuracy: f64,
    pub z_first: f64,
    /// The larger of the two.
    pub z: f64,
    /// The chance of a standard normal at least `z`, twice over (two
    /// figures): the chance of one such look, not of a career's.
    pub p_value: f64,
    /// The `z` that flags a player with this many games.
    pub boundary: f64,
    pub flagged: bool,
}

/// Holds `player`'s games to the expected: other people's figures
/// (`people`, when they have [`BASELINE_ROUNDS`]) where above the
/// reference's, else the reference's, each figure alone.
pub fn judge(player: &Games, people: Option<&Games>, reference: &Reference) -> Verdict {
    let people = people.filter(|people| people.rounds >= BASELINE_ROUNDS);
    let mut from_people = false;
    let mut expected = [0.0; 2];
    let mut zs = [0.0; 2];
    for (index, figure) in Figure::BOTH.into_iter().enumerate() {
        let floor = reference.of(figure);
        let baseline = match people.map(|people| people.estimate(figure)) {
            Some(theirs) if theirs.rate > floor.rate => {
                from_people = true;
                theirs
            }
            _ => floor,
        };
        expected[index] = baseline.rate;
        zs[index] = excess(player, figure, baseline);
    }
    let [z_accuracy, z_first] = zs;
    // Two figures looked at: the stronger evidence counts, each figure's
    // boundary at half the level (Bonferroni).
    let z = z_accuracy.max(z_first);
    let boundary = boundary(player.games);
    Verdict {
        expected_accuracy: expected[0],
        expected_first_rate: expected[1],
        from_people,
        z_accuracy,
        z_first,
        z,
        p_value: (2.0 * upper_tail(z)).min(1.0),
        boundary,
        flagged: player.games >= FAIR_PLAY_MIN_GAMES && z >= boundary,
    }
}

/// How many standard errors the player's rate is above `expected`. The
/// variance of the difference is the player's rate's plus the expected's
/// own. The player's is the larger of what their games show (over games:
/// [`Games::estimate`]) and what honest games at the expected level would
/// (the binomial's at the expected rate, times how far the expected's own
/// games spread beyond it): a run of games that happens to hold no bad one
/// shows both a better rate and a smaller spread, and an honest player's
/// luck must not be taken for steadiness.
pub fn excess(player: &Games, figure: Figure, expected: Estimate) -> f64 {
    if player.games < 2 || player.rounds == 0 {
        return 0.0;
    }
    let mine = player.estimate(figure);
    let binomial = expected.rate * (1.0 - expected.rate) / player.rounds as f64;
    let honest = binomial * expected.overdispersion.max(1.0);
    let variance = mine.variance.max(honest) + expected.variance;
    if variance <= 0.0 {
        return 0.0;
    }
    (mine.rate - expected.rate) / variance.sqrt()
}

/// The `z` at which a player with `games` analysed games is flagged, for
/// a report read after every game: a normal mixture boundary (Robbins),
/// `√((1 + m/n) (ln(1 + n/m) + 2 ln(1/α)))` for `n` games, `m` =
/// `MIXTURE_GAMES` (5), α = [`FAIR_PLAY_FLAG_BELOW`]. A sum of independent
/// games' excesses crosses it at any game of a career, however long, with
/// a chance under α/2 (Ville's inequality); two figures, under α. A fixed
/// `z` would be crossed sooner or later by everyone who plays long enough.
pub fn boundary(games: u32) -> f64 {
    boundary_at(games, FAIR_PLAY_FLAG_BELOW)
}

/// The boundary for two figures at `level`: each figure's at `level / 2`,
/// one-sided.
fn boundary_at(games: u32, level: f64) -> f64 {
    let games = f64::from(games.max(1));
    ((1.0 + MIXTURE_GAMES / games)
        * ((1.0 + games / MIXTURE_GAMES).ln() + 2.0 * (1.0 / level).ln()))
    .sqrt()
}

/// The chance of a standard normal at least `z`.
pub fn upper_tail(z: f64) -> f64 {
    0.5 * libm::erfc(z / std::f64::consts::SQRT_2)
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    use super::*;

    fn sum(rows: &[(u32, u32, u32)]) -> Games {
        rows.iter()
            .fold(Games::default(), |sum, &(rounds, clean, first)| {
                sum + Games::of_game(rounds, clean, first)
            })
    }

    #[test]
    fn a_rates_variance_is_the_ratio_estimators_over_games() {
        let rows = [(10, 9, 5), (12, 12, 6), (8, 5, 3)];
        let games = sum(&rows);
        let estimate = games.estimate(Figure::Accuracy);
        assert!((estimate.rate - 26.0 / 30.0).abs() < 1e-12);
        // Σ (cleanᵢ − rate × roundsᵢ)² / rounds², times n / (n − 1).
        let residuals: f64 = rows
            .iter()
            .map(|&(rounds, clean, _)| {
                (f64::from(clean) - estimate.rate * f64::from(rounds)).powi(2)
            })
            .sum();
        let expected = 1.5 * residuals / (30.0 * 30.0);
        assert!(
            (estimate.variance - expected).abs() < 1e-12,
            "{estimate:?} {expected}"
        );
        let first = games.estimate(Figure::FirstChoice);
        assert!((first.rate - 14.0 / 30.0).abs() < 1e-12);
        // One game tells nothing of the spread between games.
        assert_eq!(
            sum(&rows[..1]).estimate(Figure::Accuracy).variance,
            f64::INFINITY
        );
    }

    #[test]
    fn the_expecteds_own_error_counts_against_the_excess() {
        let player = sum(&[(13, 13, 8), (13, 12, 8), (13, 13, 9), (13, 12, 7)].repeat(10));
        let exact = Estimate {
            rate: 0.9,
            variance: 0.0,
            overdispersion: 1.0,
        };
        let measured = Estimate {
            variance: 0.01 * 0.01,
            ..exact
        };
        let sure = excess(&player, Figure::Accuracy, exact);
        let unsure = excess(&player, Figure::Accuracy, measured);
        assert!(sure > unsure && unsure > 0.0, "{sure} {unsure}");
    }

    /// A standard normal draw (Box–Muller).
    fn normal(rng: &mut ChaCha8Rng) -> f64 {
        let uniform = |rng: &mut ChaCha8Rng| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let radius = (-2.0 * (1.0 - uniform(rng)).ln()).sqrt();
        radius * (std::f64::consts::TAU * uniform(rng)).cos()
    }

    #[test]
    fn the_boundary_holds_a_career_looked_at_after_every_game_to_its_level() {
        // Careers of 400 games, each game's excess a standard normal: the
        // share of careers whose standardized sum ever reaches the
        // boundary, from the 20th game on, against a fixed z at the same
        // level, which a career looked at again and again crosses far
        // more often. At level 0.02 (0.01 a figure) to be seen in 4,000.
        let (careers, games, level) = (4_000, 400, 0.02);
        let fixed = 2.326; // one-sided 0.01 at one look
        let mut rng = ChaCha8Rng::seed_from_u64(59);
        let (mut by_boundary, mut by_fixed) = (0, 0);
        for _ in 0..careers {
            let (mut sum, mut crossed, mut crossed_fixed) = (0.0, false, false);
            for game in 1..=games {
                sum += normal(&mut rng);
                let z = sum / f64::from(game).sqrt();
                if game >= FAIR_PLAY_MIN_GAMES {
                    crossed |= z >= boundary_at(game, level);
                    crossed_fixed |= z >= fixed;
                }
            }
            by_boundary += u32::from(crossed);
            by_fixed += u32::from(crossed_fixed);
        }
        let share = |count: u32| f64::from(count) / f64::from(careers);
        assert!(share(by_boundary) <= level / 2.0, "{}", share(by_boundary));
        assert!(share(by_fixed) > 5.0 * level / 2.0, "{}", share(by_fixed));
    }

    #[test]
    fn the_boundary_is_lowest_where_an_engine_user_becomes_clear() {
        // Above one look's z at the level (3.89, two figures), as a report
        // read again and again must be; lowest between 50 and 300 games,
        // and rising slowly past them.
        let at = |games| boundary(games);
        assert!(at(20) > 3.89 && at(20) < 5.1, "{}", at(20));
        assert!(at(100) < at(30) && at(100) < at(1_000));
        assert!(at(10_000) < 5.5, "{}", at(10_000));
    }
}
