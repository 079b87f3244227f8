//! Outside engines (`docs/engines.md`): `mice-cake bot --engine "CMD"`
//! plays through a real server, the built-in `mice-cake engine` and the
//! examples among them; an engine late, talking nonsense, playing an
//! illegal move or exiting is handled as documented; and an engine is
//! never told what its seat may not see.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use mice_cake_engine::{GameRecord, Policy, Seat, Seed, Viewer};
use mice_cake_protocol::engines::{FromEngine, ToEngine};

use crate::support::{Client, Server, binary, ends_verified, room_code};

/// `mice-cake engine` with these arguments, as a command line.
fn builtin_engine(args: &str) -> String {
    format!("{} engine {args}", binary("mice-cake").display())
}

/// The record of the game a client's `record: /api/games/ID` line names.
fn record_of(server: &Server, record_line: &str) -> GameRecord {
    let path = record_line.trim_start_matches("record: ");
    let (status, body) = server.get(path);
    assert_eq!(status, 200, "{body}");
    let body: serde_json::Value = serde_json::from_str(&body).expect("json");
    serde_json::from_value(body["record"].clone()).expect("a record")
}

/// Yellow's moves in `record` that it had to decide (more than one legal),
/// each with the view it decided from.
fn decided_moves(
    record: &GameRecord,
    seat: Seat,
) -> Vec<(mice_cake_engine::GameView, mice_cake_engine::Assignment)> {
    let mut views = Vec::new();
    record
        .replay_each_round(|game| views.push(game.view(Viewer::from(seat))))
        .expect("the record replays");
    views
        .into_iter()
        .zip(&record.rounds)
        .filter(|(view, _)| view.legal_assignments(seat).len() > 1)
        .map(|(view, report)| (view, report.assignments[seat]))
        .collect()
}

#[test]
fn the_strong_engine_through_a_real_server_plays_the_strong_policys_moves() {
    let server = Server::start(&[]);
    let url = server.url();
    let engine = builtin_engine("--policy strong --seed 3");
    let mut ann = Client::start(&url, "ann", &["bot", "--engine", &engine, "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["bot", "--policy", "greedy", "join", &code]);
    let ends = ends_verified(&mut [&mut ann, &mut bob]);
    assert_eq!(ends[0], ends[1]);
    assert!(
        bob.transcript().contains("ann (mice-cake strong bot)"),
        "the engine names the bot: {}",
        bob.transcript()
    );
    // Every move Yellow decided is the one `--policy strong --seed 3`
    // draws from the same views, in the same order.
    let record = record_of(&server, &ends[0].1);
    let mut rng = Seed::from_u64(3).rng();
    let decided = decided_moves(&record, Seat::Yellow);
    assert!(!decided.is_empty());
    for (view, played) in decided {
        let strong = Policy::Strong.choose(&view, Seat::Yellow, &mut rng);
        assert_eq!(played, strong, "round {}", view.round);
    }
    assert!(
        !ann.transcript().contains("is played instead"),
        "no move replaced: {}",
        ann.transcript()
    );
}

/// A scripted engine (a shell script), its answers round by round.
fn scripted_engine(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("script");
    let status = Command::new("chmod")
        .arg("+x")
        .arg(&path)
        .status()
        .expect("chmod");
    assert!(status.success());
    path.display().to_string()
}

#[test]
fn an_engine_late_nonsensical_or_illegal_gets_the_deadlines_move_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("dir");
    // Names itself, then: round 1 late (no answer), round 2 nonsense,
    // round 3 an illegal move, and from round 4 on the first legal move.
    let engine = scripted_engine(
        dir.path(),
        "moody.sh",
        r#"read hello
echo '{"type":"engine","protocol":1,"name":"moody","version":"1"}'
round=0
while read line; do
  case "$line" in
*'"type":"round"'*)
  round=$((round + 1))
  number=$(printf '%s' "$line" | sed -n 's/^{"type":"round","round":\([0-9]*\).*/\1/p')
  case $round in
    1) echo 'moody thinks too long' >&2 ;;
    2) echo 'not json at all' ;;
    3) echo "{\"type\":\"move\",\"round\":$number,\"assignment\":\"A4 B4\"}" ;;
    *) first=$(printf '%s' "$line" | sed -n 's/.*"legal":\[\({[^}]*}\).*/\1/p')
       echo "{\"type\":\"move\",\"round\":$number,\"assignment\":$first}" ;;
  esac ;;
*'"type":"quit"'*) exit 0 ;;
  esac
done"#,
    );
    let server = Server::start(&[]);
    let url = server.url();
    let mut ann = Client::start(
        &url,
        "ann",
        &["bot", "--engine", &engine, "--engine-time", "2s", "create"],
    );
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["bot", "join", &code]);
    let ends = ends_verified(&mut [&mut ann, &mut bob]);
    assert_eq!(ends[0], ends[1], "the game went on to its end");
    let said = ann.transcript();
    assert!(
        said.contains("[moody] moody thinks too long"),
        "its standard error, named: {said}"
    );
    // Each said with the move played instead; the rounds after are its own.
    let replaced: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("is played instead"))
        .collect();
    assert_eq!(replaced.len(), 3, "{said}");
    assert!(
        replaced[0].contains("moody, round 1: no move within 2.0 s"),
        "{said}"
    );
    assert!(
        replaced[1].contains("not json at all cannot be read"),
        "{said}"
    );
    assert!(
        replaced[2].contains("A4 B4 is not legal this round"),
        "{said}"
    );
}

#[test]
fn an_engine_that_exits_is_named_and_its_player_leaves_signed() {
    let dir = tempfile::tempdir().expect("dir");
    // Plays round 1 (as the built-in greedy would), then exits in round 2.
    let greedy = builtin_engine("--policy greedy");
    let engine = scripted_engine(
        dir.path(),
        "quitter.sh",
        &format!(
            r#"read hello
echo '{{"type":"engine","protocol":1,"name":"quitter","version":"1"}}'
while read line; do
  case "$line" in
    *'"type":"round","round":1,'*)
      printf '%s\n' '{{"type":"hello","protocol":1,"client":"x"}}' "$line" | {greedy} | tail -n 1 ;;
    *'"type":"round"'*) exit 3 ;;
  esac
done"#
        ),
    );
    let server = Server::start(&[]);
    let url = server.url();
    let mut ann = Client::start(&url, "ann", &["bot", "--engine", &engine, "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["bot", "join", &code]);
    ann.expect_containing("the engine quitter is gone (exit status: 3)");
    assert_eq!(ann.finish().code(), Some(1), "{}", ann.transcript());
    // Its opponent wins by its leave, which the record holds signed.
    let end = bob.expect(|line| line.starts_with("Game over"));
    assert!(end.contains("Blue wins"), "{end}");
    let record = bob.expect(|line| line.starts_with("record: "));
    bob.finish();
    let path = record.trim_start_matches("record: ");
    let (_, body) = server.get(path);
    let body: serde_json::Value = serde_json::from_str(&body).expect("json");
    assert_eq!(body["result"]["ending"]["cause"], "left", "{body}");
    let left = &body["record"]["fair"]["left"];
    assert_eq!(left["seat"], "yellow", "the leave is in the record: {body}");
    assert!(left["signature"].is_string(), "signed: {body}");
}

#[test]
fn an_engine_that_cannot_start_or_name_itself_is_told_before_the_server_is_asked() {
    let server = Server::start(&[]);
    let url = server.url();
    let mut missing = Client::start(
        &url,
        "ann",
        &["bot", "--engine", "/nonexistent/engine --fast", "create"],
    );
    missing.expect_containing("the engine /nonexistent/engine --fast cannot be started");
    assert_eq!(missing.finish().code(), Some(1));
    let mut silent = Client::start(&url, "ann", &["bot", "--engine", "cat", "create"]);
    silent.expect_containing("answered the handshake with");
    assert_eq!(silent.finish().code(), Some(1));
    let (_, rooms) = server.get("/api/rooms");
    assert!(!rooms.contains("ann"), "no room was made: {rooms}");
}

#[test]
fn the_built_in_engine_speaks_the_protocol_a_whole_offline_game() {
    let mut engine = Command::new(binary("mice-cake"))
        .args(["engine", "--policy", "strong", "--seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("engine");
    let mut to = engine.stdin.take().expect("stdin");
    let mut from = BufReader::new(engine.stdout.take().expect("stdout"));
    let mut say = |message: &ToEngine| {
        writeln!(to, "{}", serde_json::to_string(message).expect("json")).expect("write");
    };
    let mut hear = || -> FromEngine {
        let mut line = String::new();
        from.read_line(&mut line).expect("read");
        serde_json::from_str(&line).unwrap_or_else(|error| panic!("{line}: {error}"))
    };
    say(&ToEngine::Hello {
        protocol: 1,
        client: "test".into(),
    });
    assert!(matches!(hear(), FromEngine::Engine { protocol: 1, .. }));
    let mut game =
        mice_cake_engine::RecordedGame::new(Default::default(), Seed::from_u64(11)).expect("game");
    let mut rng = Seed::from_u64(5).rng();
    while !game.game().is_over() {
        let view = game.game().view(Viewer::Blue);
        say(&ToEngine::Round {
            round: view.round,
            view,
            legal: view.legal_assignments(Seat::Blue),
            time_ms: 5_000,
        });
        let FromEngine::Move { round, assignment } = hear() else {
            panic!("a move");
        };
        assert_eq!(round, view.round);
        let blue = assignment.assignment().expect("a move");
        assert_eq!(blue, Policy::Strong.choose(&view, Seat::Blue, &mut rng));
        let yellow = mice_cake_engine::greedy_assignment(&view, Seat::Yellow);
        let report = game.play_round(&yellow, &blue).expect("legal").clone();
        say(&ToEngine::Revealed {
            report,
            view: game.game().view(Viewer::Blue),
        });
    }
    say(&ToEngine::Quit);
    assert!(engine.wait().expect("exit").success());
}

#[test]
fn an_engine_is_told_its_seats_view_and_nothing_more_on_every_message() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("told.jsonl");
    let engine = scripted_engine(
        dir.path(),
        "listener.sh",
        &format!(
            "tee -a '{}' | {}",
            log.display(),
            builtin_engine("--policy random --seed 9")
        ),
    );
    let server = Server::start(&[]);
    let url = server.url();
    let mut ann = Client::start(&url, "ann", &["bot", "--policy", "greedy", "create"]);
    let code = room_code(&ann.expect_containing("you are Yellow"));
    let mut bob = Client::start(&url, "bob", &["bot", "--engine", &engine, "join", &code]);
    let ends = ends_verified(&mut [&mut ann, &mut bob]);
    let record = record_of(&server, &ends[1].1);
    let mut hidden = Vec::new();
    let mut views = Vec::new();
    record
        .replay_each_round(|game| {
            hidden.push(game.secret_face_down_pieces());
            views.push(game.view(Viewer::Blue));
        })
        .expect("replays");
    let told = std::fs::read_to_string(&log).expect("the engine's input");
    let mut revealed = 0;
    let mut kinds = Vec::new();
    for line in told.lines() {
        let message: ToEngine =
            serde_json::from_str(line).unwrap_or_else(|error| panic!("{line}: {error}"));
        let is_reveal = matches!(message, ToEngine::Revealed { .. });
        // No face-down piece is named before it turns up.
        for piece in hidden[(revealed + usize::from(is_reveal)).min(hidden.len() - 1)].iter() {
            assert!(
                !line.contains(&format!("\"{piece}\"")),
                "told face-down {piece}: {line}"
            );
        }
        // Every message holds exactly what the seat may know then.
        match &message {
            ToEngine::Round {
                round, view, legal, ..
            } => {
                assert_eq!(*round as usize, revealed + 1);
                assert_eq!(view, &views[revealed], "the round's view is Blue's own");
                assert_eq!(legal, &view.legal_assignments(Seat::Blue));
            }
            ToEngine::Revealed { report, view } => {
                assert_eq!(
                    report, &record.rounds[revealed],
                    "a reveal once both are in"
                );
                revealed += 1;
                assert_eq!(view, &views[revealed]);
            }
            ToEngine::Game { seat, opponent, .. } => {
                assert_eq!(*seat, Seat::Blue);
                assert_eq!(opponent.name.as_deref(), Some("ann (greedy bot)"));
                assert!(opponent.bot);
            }
            ToEngine::GameOver { result, .. } => {
                assert_eq!(Some(result.winner), record.outcome.map(|o| o.winner));
            }
            ToEngine::Hello { .. } | ToEngine::Quit => {}
            ToEngine::Refused { .. } => panic!("nothing was refused: {line}"),
        }
        kinds.push(line.split('"').nth(3).unwrap_or_default().to_owned());
    }
    assert_eq!(revealed, record.rounds.len(), "every round revealed to it");
    assert_eq!(kinds.first().map(String::as_str), Some("hello"));
    assert_eq!(kinds.get(1).map(String::as_str), Some("game"));
    assert_eq!(&kinds[kinds.len() - 2..], ["game_over", "quit"]);
}

#[test]
fn each_example_engine_plays_greedy_through_a_real_server_and_offline() {
    let python = format!(
        "python3 {}/../examples/engines/python/pips_engine.py",
        env!("CARGO_MANIFEST_DIR")
    );
    let rust = binary("example-engine").display().to_string();
    for (engine, name) in [(python.as_str(), "pips"), (rust.as_str(), "example-rust")] {
        let server = Server::start(&[]);
        let url = server.url();
        let note = format!("{name}: an example, in examples/engines");
        let mut ann = Client::start(
            &url,
            "ann",
            &["bot", "--engine", engine, "--note", &note, "create"],
        );
        let code = room_code(&ann.expect_containing("you are Yellow"));
        let mut bob = Client::start(&url, "bob", &["bot", "--policy", "greedy", "join", &code]);
        let ends = ends_verified(&mut [&mut ann, &mut bob]);
        assert_eq!(ends[0], ends[1]);
        assert!(
            bob.transcript().contains(&format!("ann ({name} bot)")),
            "{}",
            bob.transcript()
        );
        assert!(
            !ann.transcript().contains("is played instead"),
            "{}",
            ann.transcript()
        );
        bots_page_names(&server, name, &note);

        // Offline, against the built-in greedy: every answer in time and legal.
        let dir = tempfile::tempdir().expect("dir");
        let played = crate::support::mice_cake(
            dir.path(),
            &[
                "--json",
                "engine-match",
                engine,
                &builtin_engine("--policy greedy"),
                "--games",
                "4",
            ],
        );
        assert!(
            played.status.success(),
            "{}",
            crate::support::text(&played.stderr)
        );
        let summary: serde_json::Value = serde_json::from_slice(&played.stdout).expect("a summary");
        assert_eq!(summary["games"], 4);
        assert_eq!(summary["engines"][0], name);
        assert_eq!(summary["replaced"], serde_json::json!([0, 0]), "{summary}");
    }
}

/// The bots' page (issue 64): the engine's bot is listed with the name
/// and version its engine gave, signed with its key, and its owner's note;
/// its opponent with its policy's; in the terminal as in the API.
fn bots_page_names(server: &Server, engine: &str, note: &str) {
    let (status, body) = server.get("/api/bots");
    assert_eq!(status, 200, "{body}");
    let page: mice_cake_protocol::bots::BotsPage = serde_json::from_str(&body).expect("the page");
    let engines: Vec<&str> = page
        .bots
        .iter()
        .map(|bot| {
            bot.card
                .as_ref()
                .map_or("", |signed| signed.card.engine.as_str())
        })
        .collect();
    assert_eq!(engines.len(), 2, "{page:#?}");
    assert!(engines.contains(&"mice-cake greedy"), "{engines:?}");
    let ours = page
        .bots
        .iter()
        .find(|bot| {
            bot.card
                .as_ref()
                .is_some_and(|signed| signed.card.engine == engine)
        })
        .unwrap_or_else(|| panic!("{engine} listed: {page:#?}"));
    let signed = ours.card.as_ref().expect("a card");
    assert_eq!(signed.card.note, note);
    assert_eq!(ours.games, 1);
    assert!(mice_cake_engine::signing::check_bot_card(
        ours.key,
        signed.card.text(),
        signed.at_ms,
        signed.signature
    ));
    let dir = tempfile::tempdir().expect("dir");
    let top = crate::support::mice_cake(dir.path(), &["--server", &server.url(), "top", "--bots"]);
    assert!(
        top.status.success(),
        "{}",
        crate::support::text(&top.stderr)
    );
    let table = crate::support::text(&top.stdout);
    let version = &signed.card.version;
    assert!(table.contains(&format!("{engine} {version}")), "{table}");
    assert!(table.contains(note), "{table}");
}

#[test]
fn an_engine_match_names_an_engine_that_plays_illegal_moves_and_counts_them() {
    let dir = tempfile::tempdir().expect("dir");
    let cheat = scripted_engine(
        dir.path(),
        "cheat.sh",
        r#"read hello
echo '{"type":"engine","protocol":1,"name":"cheat","version":"1"}'
while read line; do
  case "$line" in
    *'"type":"round"'*)
      number=$(printf '%s' "$line" | sed -n 's/^{"type":"round","round":\([0-9]*\).*/\1/p')
      echo "{\"type\":\"move\",\"round\":$number,\"assignment\":\"A4 B4\"}" ;;
    *'"type":"quit"'*) exit 0 ;;
  esac
done"#,
    );
    let played = crate::support::mice_cake(
        dir.path(),
        &[
            "--json",
            "engine-match",
            &cheat,
            &builtin_engine("--policy random"),
            "--games",
            "2",
        ],
    );
    assert!(
        played.status.success(),
        "{}",
        crate::support::text(&played.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&played.stdout).expect("a summary");
    let rounds = summary["rounds"].as_u64().expect("rounds");
    // Every one of its answers, asked both seats' moves each round.
    assert_eq!(summary["replaced"][0].as_u64(), Some(rounds));
    assert_eq!(summary["replaced"][1], 0);
    assert!(
        crate::support::text(&played.stderr)
            .contains("cheat, round 1: A4 B4 is not legal this round")
    );
}
