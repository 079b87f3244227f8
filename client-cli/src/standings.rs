//! `mice-cake top` and `mice-cake me`: a pool's leaderboard and a player's
//! page, fetched from the server's API and told as text.

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{
    LISTED_OPPONENTS, Leaderboard, PlayerProfile, Pool, PoolRating, RatingRefund,
};

use crate::replay::fetch;
use crate::text::{column_width, fit, pad};
use crate::tr;

/// Columns for a name in a table.
const NAME_COLUMN: usize = 24;

/// The leaderboard of `pool` on the server at `http` (its HTTP address):
/// people's, or with `bots` bots'.
pub fn leaderboard(http: &str, pool: Pool, limit: u32, bots: bool) -> anyhow::Result<Leaderboard> {
    let bots = if bots { "&bots=1" } else { "" };
    let text = fetch(&format!(
        "{http}/api/leaderboard?pool={pool}&limit={limit}{bots}"
    ))?;
    Ok(serde_json::from_str(&text)?)
}

/// The page of the player with `key`, if they have played a game on the
/// server at `http`.
pub fn player(http: &str, key: PlayerKey) -> anyhow::Result<Option<PlayerProfile>> {
    match fetch(&format!("{http}/api/players/{key}")) {
        Ok(text) => Ok(Some(serde_json::from_str(&text)?)),
        // The server says so by its code; a 404 is no failure here.
        Err(error)
            if error
                .downcast_ref::<crate::replay::Refused>()
                .is_some_and(|refused| {
                    refused.code == mice_cake_protocol::ErrorCode::UnknownPlayer
                }) =>
        {
            Ok(None)
        }
        Err(error) => Err(error),
    }
}

/// The leaderboard as a table, best first.
pub fn leaderboard_lines(board: &Leaderboard) -> Vec<String> {
    let bots = if board.bots { "yes" } else { "no" };
    if board.players.is_empty() {
        return vec![tr!(
            "standings-nobody-leads",
            bots = bots,
            pool = board.pool.name()
        )];
    }
    let mut lines = Vec::new();
    if board.bots {
        lines.push(tr!("standings-bots-of", pool = board.pool.name()));
    }
    let headings = [
        tr!("standings-column-rank"),
        tr!("standings-column-name"),
        tr!("standings-column-rating"),
        tr!("standings-column-rd"),
        tr!("standings-column-games"),
    ];
    let least = [4, NAME_COLUMN, 6, 4, 5];
    let widths: [usize; 5] =
        std::array::from_fn(|index| column_width(least[index], [headings[index].as_str()]));
    let line = |cells: [&str; 5]| {
        format!(
            "{}  {}  {}  {}  {}",
            pad(cells[0], widths[0], false),
            fit(cells[1], widths[1]),
            pad(cells[2], widths[2], false),
            pad(cells[3], widths[3], false),
            pad(cells[4], widths[4], false)
        )
    };
    lines.push(line(headings.each_ref().map(String::as_str)));
    for entry in &board.players {
        lines.push(line([
            &entry.rank.to_string(),
            &entry.name,
            &entry.rating.shown(),
            &format!("{:.0}", entry.rating.deviation),
            &entry.rating.games.to_string(),
        ]));
    }
    lines
}

/// A player's page as text: their ratings, each with its history as a
/// line of bars, then their latest rated games.
pub fn player_lines(page: &PlayerProfile) -> Vec<String> {
    let badge = if page.bot { " [BOT]" } else { "" };
    let mut lines = vec![tr!(
        "standings-player",
        name = page.name.as_str(),
        badge = badge,
        key = page.key.to_string()
    )];
    if page.bot {
        lines.push(tr!("standings-a-bot"));
    }
    for pool in &page.ratings {
        lines.push(pool_line(pool));
        if pool.history.len() > 1 {
            lines.push(format!("  {}", sparkline(pool)));
        }
        if let Some(line) = listing_line(pool) {
            lines.push(line);
        }
    }
    for refund in &page.refunds {
        lines.push(refund_line(refund));
    }
    if let Some(accuracy) = &page.accuracy {
        lines.push(tr!(
            "standings-accuracy",
            percent = format!("{:.0}", accuracy.percent()),
            games = accuracy.games,
            clean = accuracy.clean_rounds,
            rounds = accuracy.rounds
        ));
    }
    if page.conduct.aborted > 0 {
        lines.push(tr!(
            "standings-aborted",
            aborted = page.conduct.aborted,
            games = page.conduct.games,
            last = if page.conduct.paired_last() {
                "yes"
            } else {
                "no"
            }
        ));
    }
    if !page.recent.is_empty() {
        lines.push(tr!("standings-latest-games"));
    }
    lines.extend(page.recent.iter().map(|game| recent_line(page.key, game)));
    lines
}

/// One of a player's latest games: won or lost, against whom, the rating
/// it gave or took.
fn recent_line(key: PlayerKey, game: &mice_cake_protocol::GameSummary) -> String {
    let seat = mice_cake_engine::Seat::ALL
        .into_iter()
        .find(|seat| game.keys[*seat] == Some(key));
    let (against, outcome, change) = match seat {
        Some(seat) => {
            let outcome = match (game.result.ending, game.result.winner) {
                (mice_cake_protocol::Ending::Aborted { .. }, _) => "aborted",
                (_, Some(winner)) if winner == seat => "won",
                (_, Some(_)) => "lost",
                (_, None) => "drew",
            };
            let change = match &game.rated {
                None => tr!("standings-casual"),
                Some(rated) => match (rated.ratings, rated.not_rated) {
                    (Some(ratings), _) => {
                        let change = ratings[seat].after.rating - ratings[seat].before.rating;
                        crate::catalogue::signed_decimal(change, 0)
                    }
                    (None, Some(why)) => {
                        tr!("standings-not-rated", why = crate::text::not_rated(why))
                    }
                    (None, None) => String::new(),
                },
            };
            (game.players[seat.opponent()].clone(), outcome, change)
        }
        None => (String::new(), "none", String::new()),
    };
    let line = tr!(
        "standings-recent",
        id = game.id.to_string(),
        outcome = outcome,
        opponent = fit(&against, NAME_COLUMN).trim_end(),
        change = change
    );
    match game.match_game {
        // A game of a match says which: `verify --match` proves the whole.
        Some(in_match) => format!(
            "  {line} {}",
            tr!(
                "standings-match-game",
                number = in_match.number,
                id = in_match.id.to_string()
            )
        ),
        None => format!("  {line}"),
    }
}

fn pool_line(pool: &PoolRating) -> String {
    tr!(
        "standings-pool",
        pool = pad(pool.pool.name(), 16, true),
        rating = pad(&pool.rating.shown(), 6, false),
        deviation = pad(&format!("{:.0}", pool.rating.deviation), 3, false),
        wins = pool.wins,
        losses = pool.losses,
        draws = pool.draws
    )
}

/// Where a settled rating stands against the leaderboard's rule
/// (`docs/ratings.md`, "The leaderboard"); nothing for a provisional one,
/// which its `?` says is not listed.
fn listing_line(pool: &PoolRating) -> Option<String> {
    let listing = &pool.listing;
    if listing.listed {
        return Some(format!("  {}", tr!("standings-listed")));
    }
    if pool.rating.provisional {
        return None;
    }
    Some(format!(
        "  {}",
        tr!(
            "standings-not-listed",
            established = listing.established_opponents,
            needed = LISTED_OPPONENTS,
            against = listing.against_established,
            games = listing.games
        )
    ))
}

/// A refund that changed a rating, in a line.
fn refund_line(refund: &RatingRefund) -> String {
    let day = humantime::format_rfc3339_seconds(
        std::time::UNIX_EPOCH + std::time::Duration::from_millis(refund.at_ms),
    )
    .to_string();
    let shown = |rating: Option<mice_cake_protocol::Rating>| {
        rating.map_or_else(|| tr!("standings-no-rating"), |rating| rating.shown())
    };
    tr!(
        "standings-refunded",
        day = day.get(..10).unwrap_or(&day),
        pool = refund.pool.name(),
        before = shown(refund.before),
        after = shown(refund.after),
        games = refund.games
    )
}

/// The ratings after each game, lowest to highest as ▁ to █.
fn sparkline(pool: &PoolRating) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let values: Vec<f64> = pool.history.iter().map(|point| point.rating).collect();
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let span = (high - low).max(1.0);
    values
        .iter()
        .map(|value| {
            let step = ((value - low) / span * 7.0).round();
            BARS[(step as usize).min(7)]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use mice_cake_protocol::{LeaderboardEntry, Rating, RatingPoint};

    use super::*;

    fn key(byte: u8) -> PlayerKey {
        PlayerKey::from_bytes([byte; 32])
    }

    #[test]
    fn the_leaderboard_is_a_table_best_first_and_says_why_it_is_empty() {
        let mut board = Leaderboard {
            pool: Pool::Boost,
            bots: false,
            players: Vec::new(),
        };
        assert!(leaderboard_lines(&board)[0].contains("nobody leads the boost pool"));
        board.bots = true;
        assert!(leaderboard_lines(&board)[0].contains("no bot leads the boost pool"));
        board.bots = false;
        board.players = vec![
            LeaderboardEntry {
                rank: 1,
                key: key(1),
                name: "Ada".into(),
                rating: Rating::new(1712.4, 61.0, 0.06, 40),
            },
            LeaderboardEntry {
                rank: 2,
                key: key(2),
                name: "Bea".into(),
                rating: Rating::new(1604.0, 90.0, 0.06, 22),
            },
        ];
        let lines = leaderboard_lines(&board);
        assert_eq!(lines.len(), 3);
        assert!(
            lines[1].starts_with("   1  Ada") && lines[1].contains("1712"),
            "{lines:?}"
        );
        assert!(
            lines[2].contains("Bea") && lines[2].contains("1604"),
            "{lines:?}"
        );
    }

    #[test]
    fn a_players_page_draws_each_pools_history_as_bars() {
        let point = |rating| RatingPoint {
            at_ms: 0,
            rating,
            deviation: 100.0,
        };
        let mut page = PlayerProfile {
            key: key(7),
            bot: false,
            bot_declaration: None,
            conduct: mice_cake_protocol::Conduct::default(),
            name: "Ada".into(),
            ratings: vec![PoolRating {
                pool: Pool::Standard,
                rating: Rating::new(1580.0, 100.0, 0.06, 4),
                wins: 3,
                losses: 1,
                draws: 0,
                history: [1500.0, 1580.0, 1540.0, 1620.0].map(point).to_vec(),
                listing: mice_cake_protocol::Listing::default(),
            }],
            recent: Vec::new(),
            accuracy: None,
            refunds: Vec::new(),
        };
        let lines = player_lines(&page);
        assert!(lines[0].starts_with("Ada — key 0707"), "{lines:?}");
        assert!(lines[1].contains("standard") && lines[1].contains("3 won, 1 lost"));
        assert_eq!(lines[2], "  ▁▆▃█");
        // A bot says so; an aborter is told how often.
        page.bot = true;
        page.conduct = mice_cake_protocol::Conduct {
            games: 10,
            aborted: 3,
        };
        let lines = player_lines(&page);
        assert!(lines[0].starts_with("Ada [BOT] — key"), "{lines:?}");
        assert!(lines[1].contains("a bot"), "{lines:?}");
        assert!(
            lines.iter().any(|line| line
                == "aborted 3 of the last 10 games in rated rooms: paired after everyone else"),
            "{lines:?}"
        );
        // The accuracy over rated games, once one is analysed.
        assert!(!lines.iter().any(|line| line.starts_with("accuracy")));
        page.accuracy = Some(mice_cake_protocol::PlayerAccuracy {
            games: 3,
            rounds: 60,
            clean_rounds: 51,
        });
        let lines = player_lines(&page);
        assert!(
            lines.iter().any(|line| line
                == "accuracy 85 % over 3 analysed rated games (51 of 60 rounds without a mistake)"),
            "{lines:?}"
        );
    }

    #[test]
    fn a_players_page_says_where_a_rating_stands_against_the_leaderboard_and_its_refunds() {
        let mut pool = PoolRating {
            pool: Pool::Standard,
            rating: Rating::new(1580.0, 100.0, 0.06, 24),
            wins: 13,
            losses: 11,
            draws: 0,
            history: Vec::new(),
            listing: mice_cake_protocol::Listing {
                games: 24,
                against_established: 10,
                established_opponents: 3,
                listed: false,
            },
        };
        assert_eq!(
            listing_line(&pool).unwrap(),
            "  not on the leaderboard yet: it lists a rating resting on games against established \
             players — 3 of the 5 needed so far, 10 of its 24 games against them (half needed)"
        );
        pool.listing.listed = true;
        assert_eq!(listing_line(&pool).unwrap(), "  on the leaderboard");
        pool.listing.listed = false;
        pool.rating = Rating::new(1580.0, 200.0, 0.06, 3);
        assert_eq!(listing_line(&pool), None, "its ? says so");
        let refund = RatingRefund {
            key: key(7),
            pool: Pool::Standard,
            at_ms: 1_764_160_000_000,
            games: 13,
            before: Some(Rating::new(2153.2, 100.0, 0.06, 37)),
            after: None,
        };
        assert_eq!(
            refund_line(&refund),
            "refunded on 2025-11-26: standard 2153 → no rating (13 games of its own taken out by \
             the server's operator)"
        );
    }
}
