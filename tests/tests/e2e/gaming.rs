//! A leaderboard nobody can game, with the real binaries: `mice-cake bot`
//! declares itself a bot with a key of its own, a person who quits a rated
//! game once both have moved loses it (the leave signed and kept in the
//! record), and `mice-cake verify` refuses the server's answer tampered
//! where a cause or a winner could be lied about.

use std::path::Path;

use mice_cake_engine::{PlayerKey, PlayerSecret};
use mice_cake_protocol::{Ending, FinishedGame, ForfeitCause, PlayerProfile};

use crate::support::{Client, Server, mice_cake, room_code, suggestion, text};

/// The public half of the key kept in `file` of a client's state
/// directory.
fn key_in(state: &Path, file: &str) -> PlayerKey {
    let hex = std::fs::read_to_string(state.join(file)).unwrap();
    let bytes: [u8; 32] = hex
        .trim()
        .parse::<mice_cake_engine::Nonce>()
        .unwrap()
        .to_bytes();
    PlayerSecret::from_bytes(bytes).public_key()
}

fn page(server: &Server, key: PlayerKey) -> PlayerProfile {
    let (status, body) = server.get(&format!("/api/players/{key}"));
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[test]
fn a_bot_says_it_is_one_with_its_own_key_and_plays_a_person_unrated() {
    let server = Server::start(&[]);
    let url = server.url();
    // The bot's owner also plays, with the same state directory: the bot
    // takes a key of its own, so its owner is no bot.
    let state = tempfile::tempdir().unwrap();
    let mut owner =
        Client::start_keeping_seats_in(state.path(), &url, "ann", &["--plain", "rooms"]);
    assert!(owner.finish().success(), "{}", owner.transcript());
    let mut bot = Client::start_keeping_seats_in(
        state.path(),
        &url,
        "ann",
        &[
            "bot",
            "--policy",
            "greedy",
            "create",
            "--rated",
            "--deadline",
            "2s",
        ],
    );
    let code = room_code(&bot.expect_containing("you are Yellow"));
    let mut person = Client::start(&url, "bob", &["--plain", "join", &code]);
    person.expect_containing("ann (greedy bot) [BOT]");
    person.expect_containing(
        "this game is not rated, although the room is: a bot plays a person: bots are rated \
         among bots",
    );
    let prompt = person.expect_containing("type your assignment");
    person.type_line(&suggestion(&prompt));
    person.expect(|line| line.starts_with("Round 1:"));
    person.type_line("quit");
    let over = bot.expect(|line| line.starts_with("Game over: "));
    assert!(over.contains("Yellow wins: Blue left the game"), "{over}");
    let _ = person.finish();
    let _ = bot.finish();

    let bot_key = key_in(state.path(), "bot-greedy.key");
    let owner_key = key_in(state.path(), "key");
    assert_ne!(bot_key, owner_key);
    let bot_page = page(&server, bot_key);
    assert!(bot_page.bot && bot_page.bot_declaration.is_some());
    assert!(bot_page.ratings.is_empty(), "never rated against a person");
    let game = &bot_page.recent[0];
    let rated = game.rated.as_ref().expect("a rated room's game");
    assert!(!rated.counted());
    let (status, _) = server.get(&format!("/api/players/{owner_key}"));
    assert_eq!(status, 404, "the owner played nothing: no page, and no bot");

    // The bots' page lists it in the terminal, with the engine it named
    // (its policy) and its game, unrated.
    let top = mice_cake(state.path(), &["--server", &url, "top", "--bots"]);
    assert!(top.status.success(), "{}", text(&top.stderr));
    let listed = text(&top.stdout);
    let line = listed
        .lines()
        .find(|line| line.contains(&format!("mice-cake greedy {}", env!("CARGO_PKG_VERSION"))))
        .unwrap_or_else(|| panic!("the bot's line: {listed}"));
    assert!(line.trim_end().ends_with('1'), "one game: {line}");
    assert!(line.contains('—'), "no rating: {line}");
}

/// Two people play a rated game; Blue quits once both have moved: a loss,
/// proven by Blue's signed leave. Then the answer is tampered with as a
/// server could, and `mice-cake verify` names each lie; last, the operator
/// refunds Blue's games.
#[test]
fn a_quit_after_both_moved_is_a_signed_loss_and_verify_catches_the_lies() {
    let server = Server::start(&[]);
    let url = server.url();
    let mut ann = Client::start(
        &url,
        "ann",
        &["--plain", "create", "--rated", "--deadline", "0s"],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["--plain", "join", &code]);
    for (client, seat) in [(&mut ann, "Yellow"), (&mut bob, "Blue")] {
        let prompt = client.expect_containing(&format!("round 1: you are {seat}"));
        client.type_line(&suggestion(&prompt));
    }
    bob.expect(|line| line.starts_with("Round 1:"));
    bob.type_line("quit");
    let over = ann.expect(|line| line.starts_with("Game over: "));
    assert!(over.contains("Yellow wins: Blue left the game"), "{over}");
    let line = ann.expect_containing("record: /api/games/");
    let id = line.rsplit('/').next().unwrap().trim().to_owned();
    let verdict = ann.expect(|line| line.starts_with("verified fair") || line.contains("NOT FAIR"));
    assert!(
        verdict.contains("Blue left, proven by Blue's leave, signed with Blue's key"),
        "{verdict}"
    );
    let _ = bob.finish();
    let _ = ann.finish();

    let (status, body) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{body}");
    let game: FinishedGame = serde_json::from_str(&body).unwrap();
    assert_eq!(
        game.result.ending,
        Ending::Forfeit {
            seat: mice_cake_engine::Seat::Blue,
            cause: ForfeitCause::Left
        }
    );
    assert!(game.rated.as_ref().unwrap().counted());
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let verify = |name: &str, value: &serde_json::Value| {
        let file = dir.path().join(name);
        std::fs::write(&file, value.to_string()).unwrap();
        mice_cake(dir.path(), &["verify", &file.display().to_string()])
    };
    let honest = verify("honest.json", &answer);
    assert_eq!(honest.status.code(), Some(0), "{}", text(&honest.stderr));

    type Tampering = fn(&mut serde_json::Value);
    let lies: [(&str, Tampering, &str); 5] = [
        (
            "no-leave",
            |answer| {
                answer["record"]["fair"]
                    .as_object_mut()
                    .unwrap()
                    .remove("left");
            },
            "the result given says Blue left, but the record holds no leave signed with Blue's key",
        ),
        (
            "winner-swapped",
            |answer| answer["result"]["winner"] = serde_json::json!("blue"),
            "Blue wins: Blue left the game) is not the record's: played out, the record gives",
        ),
        (
            "cause-changed",
            |answer| answer["result"]["ending"]["cause"] = serde_json::json!("disconnected"),
            "the record holds Blue's signed leave, but the result given says the game ended \
             otherwise",
        ),
        (
            "aborted-instead",
            |answer| {
                answer["result"]["ending"] =
                    serde_json::json!({"kind": "aborted", "seat": "blue", "cause": "left"});
                answer["result"]["winner"] = serde_json::Value::Null;
            },
            "says the game was aborted before both players had a move, but 1 round was revealed",
        ),
        (
            "key-taken-out",
            |answer| {
                // Yellow's key and signatures taken out of a rated game.
                let fair = &mut answer["record"]["fair"];
                fair["keys"]["yellow"] = serde_json::Value::Null;
                fair["deal"]["signatures"]["yellow"] = serde_json::Value::Null;
                fair["rounds"][0]["signatures"]["yellow"] = serde_json::Value::Null;
            },
            "the game is said to be rated for Yellow's key",
        ),
    ];
    for (name, tamper, said) in lies {
        let mut lie = answer.clone();
        tamper(&mut lie);
        let checked = verify(&format!("{name}.json"), &lie);
        assert_eq!(
            checked.status.code(),
            Some(1),
            "{name}: {}",
            text(&checked.stdout)
        );
        assert!(
            text(&checked.stderr).contains(said),
            "{name}: {}",
            text(&checked.stderr)
        );
    }

    // The operator takes Bob's rated games out of the ratings with
    // `mice-cake-server ratings refund` (as after the fair-play report
    // named a ring): his one game, and with it what Ann won; both are told
    // on their pages, and the game stays in the records.
    let keys = game.rated.as_ref().unwrap().keys;
    let refund = |args: &[&str]| {
        std::process::Command::new(crate::support::binary("mice-cake-server"))
            .args(["ratings", "refund"])
            .args(args)
            .output()
            .expect("mice-cake-server runs")
    };
    let addr = server.addr.to_string();
    let done = refund(&[&keys.blue.to_string(), "--addr", &addr]);
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert!(
        text(&done.stdout).starts_with("1 rated game taken out of the ratings; 2 ratings changed"),
        "{}",
        text(&done.stdout)
    );
    for key in [keys.yellow, keys.blue] {
        let page = page(&server, key);
        assert!(page.ratings.is_empty(), "{:?}", page.ratings);
        assert_eq!(page.refunds.len(), 1, "{}", page.name);
    }
    assert_eq!(server.get(&format!("/api/games/{id}")).0, 200);
    let not_a_key = refund(&["nope", "--addr", &addr]);
    assert_eq!(
        not_a_key.status.code(),
        Some(2),
        "{}",
        text(&not_a_key.stderr)
    );
}

/// Every move of a `sim` record is the server's, on seats without keys:
/// one relabelled as a player's is refused, since its nonce is the one the
/// server's seed gives; and a signature on a seat without a key is refused.
#[test]
fn a_server_move_passed_off_as_a_players_is_refused_without_any_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::support::simulated_record(dir.path(), 9, None);
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let verify = |name: &str, value: &serde_json::Value| {
        let file = dir.path().join(name);
        std::fs::write(&file, value.to_string()).unwrap();
        mice_cake(dir.path(), &["verify", &file.display().to_string()])
    };
    let mut relabelled = record.clone();
    relabelled["fair"]["rounds"][2]["by_server"]["blue"] = serde_json::json!(false);
    let checked = verify("relabelled.json", &relabelled);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        text(&checked.stderr).contains(
            "NOT FAIR: round 3: Blue's move is recorded as Blue's own, but its nonce is the one \
             the server's committed seed gives for Blue in that round: the server made it"
        ),
        "{}",
        text(&checked.stderr)
    );
    // A signature given to a move the server made, on a seat without a key.
    let mut signed = record.clone();
    signed["fair"]["rounds"][0]["signatures"] =
        serde_json::json!({"yellow": "ab".repeat(64), "blue": null});
    let checked = verify("signed.json", &signed);
    assert_eq!(checked.status.code(), Some(1));
    let said = text(&checked.stderr);
    assert!(
        said.contains(
            "round 1: the server made Yellow's move, yet the record gives it Yellow's signature"
        ),
        "{said}"
    );
}
