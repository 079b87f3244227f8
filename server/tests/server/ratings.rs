//! Rated rooms: who may sit in one, which games are rated, and ratings
//! that move as Glicko-2 says — worked out here from Glickman's paper, not
//! with the server's crate — shown beside names, on players' pages, in the
//! record and on the leaderboard.

use mice_cake_engine::{Options, Policy, Seat, Seated};
use mice_cake_protocol::{
    ClientMessage, ErrorCode, FinishedGame, PlayerProfile, Pool, Rating, RoomEvent, RoomOptions,
    ServerMessage,
};

use crate::support::{Client, TestServer, play, secret_of, two_players};

fn rated() -> RoomOptions {
    RoomOptions {
        rated: true,
        public: false,
        ..RoomOptions::default()
    }
}

#[tokio::test]
async fn a_rated_room_takes_keys_a_pools_rules_and_no_bot() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let key = Some(secret_of("Ada").public_key());
    let refused = [
        (
            RoomOptions {
                bot: Some(Policy::Greedy),
                ..rated()
            },
            key,
            ErrorCode::BadOptions,
        ),
        (
            RoomOptions {
                game: Options {
                    stall_limit: 1,
                    ..Options::default()
                },
                ..rated()
            },
            key,
            ErrorCode::BadOptions,
        ),
        (rated(), None, ErrorCode::KeyRequired),
    ];
    for (options, key, code) in refused {
        ada.send(&ClientMessage::CreateRoom {
            options,
            key,
            bot_declaration: None,
            key_proof: None,
        })
        .await;
        let message = ada.expect_error(code).await;
        assert!(message.contains("rated"), "{message}");
    }
    let (code, _, _) = ada.create(rated()).await;
    let mut keyless = Client::greeted(&server, "Bea").await;
    keyless
        .send(&ClientMessage::JoinRoom {
            code,
            key: None,
            bot_declaration: None,
            key_proof: None,
        })
        .await;
    let message = keyless.expect_error(ErrorCode::KeyRequired).await;
    assert!(message.contains(&code.to_string()), "{message}");
    // With a key the seat is hers.
    keyless.join(code).await;
}

/// Both players' ratings as the room tells them after the game: the
/// `rated` events that follow `game_over`.
async fn ratings_told(client: &mut Client) -> Seated<Rating> {
    let mut told: Seated<Option<Rating>> = Seated::default();
    while told.yellow.is_none() || told.blue.is_none() {
        if let ServerMessage::Event { event, .. } = client.recv().await
            && let RoomEvent::Rated { seat, rating } = *event
        {
            told[seat] = Some(rating);
        }
    }
    told.map(|rating| rating.expect("both told"))
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_as_glicko_2_says_everywhere_they_show() {
    let server = TestServer::default().await;
    let (code, yellow, blue, _, _) = two_players(&server, rated()).await;
    let mut spectator = Client::greeted(&server, "Cy").await;
    let watched = spectator.watch(code).await;
    let yellow = tokio::spawn(play(yellow, Seat::Yellow, Policy::Greedy, 1));
    let blue = tokio::spawn(play(blue, Seat::Blue, Policy::Random, 2));
    let (mut yellow, mut blue) = (yellow.await.unwrap(), blue.await.unwrap());
    let winner = yellow.result.winner;

    let keys = Seated::from_fn(|seat| secret_of(["Ada", "Bea"][seat as usize]).public_key());
    let expected = Seated::from_fn(|seat| {
        let score = match winner {
            Some(won) if won == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        glicko2(INITIAL, INITIAL, score)
    });
    let close = |rating: &Rating, (value, deviation, volatility): (f64, f64, f64)| {
        (rating.rating - value).abs() < 0.01
            && (rating.deviation - deviation).abs() < 0.01
            && (rating.volatility - volatility).abs() < 1e-6
            && rating.games == 1
            && rating.provisional
    };

    // Told in the room, to both players and the spectator.
    for client in [&mut yellow.client, &mut blue.client, &mut spectator] {
        let told = ratings_told(client).await;
        for seat in Seat::ALL {
            assert!(close(&told[seat], expected[seat]), "{seat}: {told:?}");
        }
    }
    // Before the game, the room showed where they started.
    assert!(watched.players.yellow.is_some());

    // Kept with the record.
    let game: FinishedGame = server
        .get_json(&format!("/api/games/{}", yellow.game_id))
        .await;
    let rated = game.rated.expect("a rated game says so");
    assert_eq!((rated.pool, rated.keys), (Pool::Standard, keys));
    let changes = rated.ratings.expect("with what it changed");
    for seat in Seat::ALL {
        assert_eq!(changes[seat].before, Rating::initial());
        assert!(close(&changes[seat].after, expected[seat]));
    }

    // On each player's page.
    for seat in Seat::ALL {
        let page: PlayerProfile = server
            .get_json(&format!("/api/players/{}", keys[seat]))
            .await;
        assert_eq!(page.name, ["Ada", "Bea"][seat as usize]);
        let standard = &page.ratings[0];
        assert_eq!(standard.pool, Pool::Standard);
        assert!(close(&standard.rating, expected[seat]));
        assert_eq!(standard.history.len(), 1);
        assert_eq!(page.recent[0].id, yellow.game_id);
    }

    // In the room's listing, beside the names.
    let summary: mice_cake_protocol::RoomSummary =
        server.get_json(&format!("/api/rooms/{code}")).await;
    for seat in Seat::ALL {
        let shown = summary.ratings[seat].expect("a rating beside each name");
        assert!(close(&shown, expected[seat]), "{summary:?}");
    }
}

/// A new player: rating 1500, deviation 350, volatility 0.06.
pub(crate) const INITIAL: (f64, f64, f64) = (1500.0, 350.0, 0.06);

/// One game of Glicko-2 for `player` against `opponent` with `score` (1, ½
/// or 0), as Glickman's "Example of the Glicko-2 system" (2013) works it,
/// steps 2 to 8, τ = 0.5: the rating, deviation and volatility after.
pub(crate) fn glicko2(
    player: (f64, f64, f64),
    opponent: (f64, f64, f64),
    score: f64,
) -> (f64, f64, f64) {
    const SCALE: f64 = 173.7178;
    const TAU: f64 = 0.5;
    // Step 2: to the Glicko-2 scale.
    let (mu, phi, sigma) = ((player.0 - 1500.0) / SCALE, player.1 / SCALE, player.2);
    let (mu_j, phi_j) = ((opponent.0 - 1500.0) / SCALE, opponent.1 / SCALE);
    // Steps 3 and 4: the estimated variance and improvement.
    let g = 1.0 / (1.0 + 3.0 * phi_j.powi(2) / std::f64::consts::PI.powi(2)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g.powi(2) * e * (1.0 - e));
    let delta = v * g * (score - e);
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (TAU * TAU)
    };
    let mut low = a;
    let mut high = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_low, mut f_high) = (f(low), f(high));
    while (high - low).abs() > 1e-9 {
        let middle = low + (low - high) * f_low / (f_high - f_low);
        let f_middle = f(middle);
        if f_middle * f_high <= 0.0 {
            (low, f_low) = (high, f_high);
        } else {
            f_low /= 2.0;
        }
        (high, f_high) = (middle, f_middle);
    }
    let sigma_new = (low / 2.0).exp();
    // Steps 6 to 8: the new deviation and rating, back to the usual scale.
    let phi_star = (phi.powi(2) + sigma_new.powi(2)).sqrt();
    let phi_new = 1.0 / (1.0 / phi_star.powi(2) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new.powi(2) * g * (score - e);
    (mu_new * SCALE + 1500.0, phi_new * SCALE, sigma_new)
}

/// The paper's worked example, for this implementation: a 1500 (RD 200)
/// player who beats a 1400 (RD 30) moves as the paper's first step says
/// for that game alone; and the full example, three games in one period,
/// is checked in the server's store against the crate.
#[test]
fn this_glicko_2_moves_a_winner_up_and_a_loser_down_by_the_same_evidence() {
    let won = glicko2((1500.0, 200.0, 0.06), (1400.0, 30.0, 0.06), 1.0);
    let lost = glicko2((1400.0, 30.0, 0.06), (1500.0, 200.0, 0.06), 0.0);
    assert!(won.0 > 1500.0 && won.1 < 200.0, "{won:?}");
    assert!(lost.0 < 1400.0, "{lost:?}");
    // Two equal new players: the winner gains what the loser loses.
    let (up, down) = (
        glicko2(INITIAL, INITIAL, 1.0),
        glicko2(INITIAL, INITIAL, 0.0),
    );
    assert!((up.0 - 1500.0 - (1500.0 - down.0)).abs() < 1e-9);
    assert!((up.0 - 1662.31).abs() < 0.01, "{up:?}");
}

#[tokio::test]
async fn a_player_renames_themselves_with_their_key_and_nobody_else_can() {
    let server = TestServer::default().await;
    let mut ada = Client::greeted(&server, "Ada").await;
    let secret = secret_of("Ada");
    let key = secret.public_key();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let rename = |name: &str, at_ms: u64, signed_as: &str| ClientMessage::Rename {
        key,
        name: name.into(),
        at_ms,
        signature: secret_of(signed_as).sign_rename(name, at_ms),
    };
    ada.send(&rename("Ada Lovelace", now, "Ada")).await;
    match ada.recv().await {
        ServerMessage::Renamed { key: renamed, name } => {
            assert_eq!((renamed, name.as_str()), (key, "Ada Lovelace"));
        }
        other => panic!("expected renamed, got {other:?}"),
    }
    let page: PlayerProfile = server.get_json(&format!("/api/players/{key}")).await;
    assert_eq!(page.name, "Ada Lovelace");
    // The same rename sent again, another's signature, a stale clock.
    let refused = [
        rename("Ada Lovelace", now, "Ada"),
        rename("Mallory", now + 1, "Mallory"),
        rename("Ada", now - 3_600_000, "Ada"),
    ];
    for message in refused {
        ada.send(&message).await;
        ada.expect_error(ErrorCode::BadSignature).await;
    }
    ada.send(&rename("\u{202e}Ada", now + 2, "Ada")).await;
    ada.expect_error(ErrorCode::BadName).await;
    let page: PlayerProfile = server.get_json(&format!("/api/players/{key}")).await;
    assert_eq!(page.name, "Ada Lovelace", "unchanged by what was refused");
    ada.send(&rename("Countess", now + 3, "Ada")).await;
    assert!(matches!(ada.recv().await, ServerMessage::Renamed { .. }));
}
