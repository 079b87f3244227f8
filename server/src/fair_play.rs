//! The fair-play report (`GET /api/fair-play`, `fair_play_api.rs`) worked
//! out from the kept figures of analysed rated games: for each person in
//! each pool, their accuracy and how often their move was the analysis's
//! first choice (the move the strong bot's search ranks best), against
//! what is expected of them, and how unlikely their figures are by chance.
//! `docs/ratings.md` ("Fair play") says why these and how to read them.

use std::cmp::Ordering;

use mice_cake_protocol::fair_play::{FAIR_PLAY_FLAG_BELOW, FAIR_PLAY_MIN_GAMES};
use mice_cake_protocol::{Baseline, FairPlayEntry, FairPlayReport};

use crate::fair_play_statistic::{BASELINE_ROUNDS, Figure, Games, Reference, judge};
use crate::store::accuracy::PoolAccuracy;

/// People within this many rating points make a player's baseline.
const RATING_BAND: f64 = 200.0;

/// A key's games in a pool, as the statistic sums them.
fn games_of(row: &PoolAccuracy) -> Games {
    Games {
        games: row.games,
        rounds: u64::from(row.rounds),
        clean: u64::from(row.clean),
        first: u64::from(row.first),
        rounds_squared: row.spread.rounds_squared,
        clean_squared: row.spread.clean_squared,
        first_squared: row.spread.first_squared,
        rounds_clean: row.spread.rounds_clean,
        rounds_first: row.spread.rounds_first,
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
        reference_accuracy: 100.0 * Reference::MEASURED.accuracy.rate,
        reference_first_rate: Reference::MEASURED.first_choice.rate,
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
        rows.fold(Games::default(), |sum, other| sum + games_of(other))
    };
    let near = sum(
        &mut others().filter(|other| match (row.rating, other.rating) {
            (Some(mine), Some(theirs)) => (mine - theirs).abs() <= RATING_BAND,
            _ => false,
        }),
    );
    let pool = sum(&mut others());
    let people = if near.rounds >= BASELINE_ROUNDS {
        Some((near, Baseline::Rating))
    } else if pool.rounds >= BASELINE_ROUNDS {
        Some((pool, Baseline::Pool))
    } else {
        None
    };
    let mine = games_of(row);
    let verdict = judge(
        &mine,
        people.as_ref().map(|(games, _)| games),
        &Reference::MEASURED,
    );
    let baseline = match people {
        Some((_, baseline)) if verdict.from_people => baseline,
        _ => Baseline::Reference,
    };
    let (accuracy, first_choice_rate) =
        (mine.rate(Figure::Accuracy), mine.rate(Figure::FirstChoice));
    FairPlayEntry {
        key: row.key,
        name: row.name.clone(),
        pool: row.pool,
        rating: row.rating,
        games: row.games,
        rounds: row.rounds,
        accuracy: 100.0 * accuracy,
        expected_accuracy: 100.0 * verdict.expected_accuracy,
        first_choices: row.first,
        first_choice_rate,
        expected_first_rate: verdict.expected_first_rate,
        baseline,
        z_accuracy: verdict.z_accuracy,
        z_first: verdict.z_first,
        z: verdict.z,
        p_value: verdict.p_value,
        boundary: verdict.boundary,
        flagged: verdict.flagged,
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use mice_cake_protocol::Pool;

    use super::*;
    use crate::fair_play_statistic::boundary;
    use crate::store::accuracy::Spread;

    /// A person's figures over `games` games, cycling through `pattern`'s
    /// (rounds, clean, first).
    fn career(seed: u8, rating: f64, games: usize, pattern: &[(u32, u32, u32)]) -> PoolAccuracy {
        let mut row = PoolAccuracy {
            key: PlayerSecret::from_bytes([seed; 32]).public_key(),
            name: format!("p{seed}"),
            bot: false,
            pool: Pool::Standard,
            rating: Some(rating),
            games: 0,
            rounds: 0,
            clean: 0,
            first: 0,
            spread: Spread::default(),
        };
        for &(rounds, clean, first) in pattern.iter().cycle().take(games) {
            row.games += 1;
            row.rounds += rounds;
            row.clean += clean;
            row.first += first;
            row.spread.add(Spread::of_game(rounds, clean, first));
        }
        row
    }

    /// As `strong` plays: 96.9 % accuracy, 63 % first choices.
    const STRONG: [(u32, u32, u32); 5] = [
        (13, 13, 9),
        (13, 12, 8),
        (13, 13, 8),
        (13, 12, 9),
        (13, 13, 7),
    ];
    /// As a careful player: 89.2 %, 54 %.
    const CAREFUL: [(u32, u32, u32); 5] = [
        (13, 12, 7),
        (13, 11, 7),
        (13, 12, 7),
        (13, 11, 6),
        (13, 12, 8),
    ];

    fn find<'a>(report: &'a FairPlayReport, name: &str) -> &'a FairPlayEntry {
        report
            .players
            .iter()
            .find(|entry| entry.name == name)
            .unwrap_or_else(|| panic!("{name} in {report:#?}"))
    }

    #[test]
    fn strong_play_over_enough_games_is_flagged_and_careful_play_is_not() {
        let report = report(&[
            career(1, 1900.0, 100, &STRONG),
            career(2, 1600.0, 200, &CAREFUL),
            // As good as strong, over too few games.
            career(3, 1700.0, 19, &STRONG),
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
        assert!(strong.z >= strong.boundary, "{strong:?}");
        assert_eq!(strong.boundary, boundary(100));
        assert!(
            report
                .players
                .iter()
                .all(|entry| entry.expected_first_rate >= Reference::MEASURED.first_choice.rate)
        );
        assert_eq!(report.games_analysed, 160);
    }

    #[test]
    fn mistakes_clustered_in_a_few_games_weigh_less_than_scattered_ones() {
        // Both 8 mistakes in 100 rounds a 10 games: one in each of eight
        // games, or all eight in one (a hard deal).
        let mut scattered = [(10, 9, 5); 10];
        scattered[8] = (10, 10, 5);
        scattered[9] = (10, 10, 5);
        let mut clustered = [(10, 10, 5); 10];
        clustered[0] = (10, 2, 5);
        // Each alone: neither is the other's baseline.
        let scattered = report(&[career(1, 1500.0, 100, &scattered)])
            .players
            .remove(0);
        let clustered = report(&[career(2, 1500.0, 100, &clustered)])
            .players
            .remove(0);
        assert_eq!(scattered.accuracy, clustered.accuracy);
        // The clustered player's games spread more: their accuracy is less
        // sure, and stands fewer standard errors up.
        assert!(
            0.0 < clustered.z_accuracy && clustered.z_accuracy < scattered.z_accuracy,
            "{clustered:?} {scattered:?}"
        );
    }

    #[test]
    fn the_boundary_rises_with_a_careers_looks_past_its_middle() {
        let report = report(&[
            career(1, 1500.0, 20, &CAREFUL),
            career(2, 1500.0, 2_000, &CAREFUL),
        ]);
        let (short, long) = (find(&report, "p1"), find(&report, "p2"));
        assert_eq!(short.boundary, boundary(20));
        assert!(long.boundary > boundary(200), "{long:?}");
        assert!(!short.flagged && !long.flagged);
    }

    #[test]
    fn people_of_a_players_rating_make_their_baseline_when_above_the_reference() {
        let strong_people = [(13, 13, 8), (13, 12, 8), (13, 13, 8)];
        let weak_people = [(13, 8, 4), (13, 7, 4)];
        let report = report(&[
            career(1, 1950.0, 100, &STRONG),
            // Strong people near her rating, with the rounds a baseline
            // needs.
            career(4, 2000.0, 200, &strong_people),
            career(2, 1200.0, 100, &weak_people),
        ]);
        let one = find(&report, "p1");
        assert_eq!(one.baseline, Baseline::Rating);
        assert!(
            (one.expected_first_rate - 8.0 / 13.0).abs() < 1e-9,
            "{one:?}"
        );
        assert!(!one.flagged, "as good as people of her rating: {one:?}");
        // Nobody near 1200: every other person of the pool.
        assert_eq!(find(&report, "p2").baseline, Baseline::Pool);
        // A weak field never lowers the bar below the reference.
        let report = super::report(&[
            career(1, 1500.0, 100, &CAREFUL),
            career(6, 1500.0, 100, &weak_people),
        ]);
        let careful = find(&report, "p1");
        assert_eq!(careful.baseline, Baseline::Reference);
        assert!(!careful.flagged, "{careful:?}");
    }

    #[test]
    fn bots_are_not_listed_nor_a_baseline() {
        let mut bot = career(5, 1500.0, 100, &STRONG);
        bot.bot = true;
        let report = report(&[bot, career(1, 1500.0, 30, &CAREFUL)]);
        assert_eq!(report.players.len(), 1);
        assert_eq!(report.players[0].baseline, Baseline::Reference);
    }
}
