//! The bots' page (issue 64): a bot describes itself with a card signed
//! with its key (`describe_bot`), and `GET /api/bots` lists every declared
//! bot with its latest card, its games and its ratings among bots. Nobody
//! describes another's bot, an old card cannot be sent again, and a card
//! that would not show as sent is refused with its field named.

use mice_cake_engine::{Policy, Seat};
use mice_cake_protocol::bots::{BotCard, BotsPage, MAX_CARD_NOTE_CHARS};
use mice_cake_protocol::{ClientMessage, ErrorCode, RoomOptions, ServerMessage};

use crate::support::{Client, TestServer, play, secret_of};

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

fn card(engine: &str, version: &str, note: &str) -> BotCard {
    BotCard {
        engine: engine.into(),
        version: version.into(),
        author: "Ada".into(),
        note: note.into(),
    }
}

/// `describe_bot` for `name`'s key, signed by `signed_as`'s at `at_ms`.
fn describe(name: &str, card: &BotCard, at_ms: u64, signed_as: &str) -> ClientMessage {
    let secret = secret_of(name);
    ClientMessage::DescribeBot {
        key: secret.public_key(),
        bot_declaration: secret.sign_bot(),
        card: card.clone(),
        at_ms,
        signature: secret_of(signed_as).sign_bot_card(card.text(), at_ms),
    }
}

async fn described(client: &mut Client, message: &ClientMessage) -> BotCard {
    client.send(message).await;
    match client
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::BotDescribed { .. } | ServerMessage::Error { .. }
            )
        })
        .await
    {
        ServerMessage::BotDescribed { card, .. } => card,
        other => panic!("expected bot_described, got {other:?}"),
    }
}

#[tokio::test]
async fn a_bot_describes_itself_with_its_key_and_nobody_else_can() {
    let server = TestServer::default().await;
    let empty: BotsPage = server.get_json("/api/bots").await;
    assert!(empty.bots.is_empty());
    let mut pips = Client::greeted(&server, "Pips").await;
    let now = now_ms();
    let first = card("pips", "1.0", "counts the pips");
    assert_eq!(
        described(&mut pips, &describe("Pips", &first, now, "Pips")).await,
        first
    );

    let page: BotsPage = server.get_json("/api/bots").await;
    let [listed] = page.bots.as_slice() else {
        panic!("one bot: {page:#?}")
    };
    let key = secret_of("Pips").public_key();
    assert_eq!(
        (listed.key, listed.name.as_str(), listed.games),
        (key, "Pips", 0)
    );
    assert!(listed.ratings.is_empty());
    let signed = listed.card.as_ref().expect("its card");
    assert_eq!((&signed.card, signed.at_ms), (&first, now));
    // Anyone can check the card from the page.
    assert!(mice_cake_engine::signing::check_bot_card(
        key,
        signed.card.text(),
        signed.at_ms,
        signed.signature
    ));
    // Its key is a bot's now: its page says so.
    let profile: mice_cake_protocol::PlayerProfile =
        server.get_json(&format!("/api/players/{key}")).await;
    assert!(profile.bot);

    // The same card again, another key's signature, a stale clock, a
    // declaration of another key, a card signed as it was not sent.
    let later = card("pips", "1.1", "");
    let mut not_its_declaration = describe("Pips", &later, now + 1, "Pips");
    if let ClientMessage::DescribeBot {
        bot_declaration, ..
    } = &mut not_its_declaration
    {
        *bot_declaration = secret_of("Mallory").sign_bot();
    }
    let unclean = card("  pips ", "1.1", "");
    let refused = [
        describe("Pips", &first, now, "Pips"),
        describe("Pips", &later, now + 1, "Mallory"),
        describe("Pips", &later, now - 3_600_000, "Pips"),
        not_its_declaration,
        describe("Pips", &unclean, now + 1, "Pips"),
    ];
    for message in refused {
        pips.send(&message).await;
        pips.expect_error(ErrorCode::BadSignature).await;
    }
    // A field no page could show as sent is named.
    let long = card("pips", "1.1", &"n".repeat(MAX_CARD_NOTE_CHARS + 1));
    let hidden = card("pips\u{202E}", "1.1", "");
    for (bad, field) in [(long, "note"), (hidden, "engine")] {
        pips.send(&describe("Pips", &bad, now + 1, "Pips")).await;
        match pips
            .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error { code, args, .. } => {
                assert_eq!(code, ErrorCode::BadBotCard);
                assert_eq!(args.get("field"), Some(&field.into()), "{args:?}");
            }
            _ => unreachable!(),
        }
    }
    let page: BotsPage = server.get_json("/api/bots").await;
    assert_eq!(
        page.bots[0].card.as_ref().map(|signed| &signed.card),
        Some(&first),
        "unchanged by what was refused"
    );

    // A later card takes its place.
    described(&mut pips, &describe("Pips", &later, now + 2, "Pips")).await;
    let page: BotsPage = server.get_json("/api/bots").await;
    assert_eq!(page.bots[0].card.as_ref().unwrap().card, later);

    let (status, body) = server.get("/api/bots?limit=0").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = server.get("/api/bots?limit=101").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = server.get("/api/bots?bots=1").await;
    assert_eq!(status, 400, "{body}");
}

/// Two bots that described themselves play a rated game (bots meet bots):
/// the page lists both with their game and their ratings among bots, the
/// bot with the most games first; a third, which played nothing, last.
#[tokio::test]
async fn the_page_lists_each_bots_games_and_ratings_the_most_games_first() {
    let server = TestServer::default().await;
    let now = now_ms();
    for (name, engine) in [("Alpha", "alpha"), ("Beta", "beta"), ("Idle", "idle")] {
        let mut client = Client::greeted(&server, name).await;
        described(
            &mut client,
            &describe(name, &card(engine, "2", ""), now, name),
        )
        .await;
    }
    let rated = RoomOptions {
        rated: true,
        public: false,
        ..RoomOptions::default()
    };
    let mut alpha = Client::greeted(&server, "Alpha").await;
    let (code, seat, _) = alpha.create(rated).await;
    assert_eq!(seat, Seat::Yellow);
    let mut beta = Client::greeted_from(&server, "127.0.0.2", "Beta").await;
    beta.join(code).await;
    let yellow = tokio::spawn(play(alpha, Seat::Yellow, Policy::Greedy, 3));
    let blue = tokio::spawn(play(beta, Seat::Blue, Policy::Greedy, 4));
    let (played, _) = (yellow.await.unwrap(), blue.await.unwrap());
    let game: mice_cake_protocol::FinishedGame = server
        .get_json(&format!("/api/games/{}", played.game_id))
        .await;
    assert!(game.rated.expect("rated").counted(), "two bots play rated");

    let page: BotsPage = server.get_json("/api/bots").await;
    let names: Vec<&str> = page.bots.iter().map(|bot| bot.name.as_str()).collect();
    assert_eq!(names.len(), 3, "{page:#?}");
    assert_eq!(names[2], "Idle", "the most games first: {names:?}");
    for bot in &page.bots[..2] {
        assert_eq!(bot.games, 1, "{bot:?}");
        let [standard] = bot.ratings.as_slice() else {
            panic!("one pool: {bot:?}")
        };
        assert_eq!(standard.pool, mice_cake_protocol::Pool::Standard);
        assert_eq!(standard.rating.games, 1);
    }
    assert_eq!(page.bots[2].games, 0);
    let one: BotsPage = server.get_json("/api/bots?limit=1").await;
    assert_eq!(one.bots.len(), 1);
    assert_eq!(one.bots[0], page.bots[0]);
}
