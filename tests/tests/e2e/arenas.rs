//! An arena played to its end by the real binaries (issue 50): six bots and
//! two people at terminals, three minutes, one of the people pausing and
//! coming back. Everyone is told the podium and exits 0; nobody met the
//! same opponent twice in a row while others waited; the standings are the
//! records recounted; every record says its arena and verifies.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use mice_cake_engine::{PlayerKey, Seat};
use mice_cake_protocol::arena::{ArenaDetail, ArenaStatus};
use mice_cake_protocol::{Ending, FinishedGame, GameVerdict};

use crate::support::{Client, Server, mice_cake, suggestion, text};

/// How long the arena lasts.
const MINUTES: &str = "3";

/// Plays a person's arena at a terminal: answers each prompt with its
/// suggestion until the arena is over; if `pauses`, pauses after their
/// second game and joins again a few seconds after being told they are
/// paused, as a person would (a game paired meanwhile is played first).
fn play_arena(person: &mut Client, pauses: bool) -> usize {
    let mut games = 0;
    let mut join_at = None;
    let give_up = Instant::now() + Duration::from_secs(6 * 60);
    loop {
        assert!(Instant::now() < give_up, "{}", person.transcript());
        if join_at.is_some_and(|at| Instant::now() >= at) {
            join_at = None;
            person.type_line("join");
        }
        let Some(line) = person.poll(Duration::from_millis(200), |line| {
            line.contains("type your assignment")
                || line.starts_with("Game over: ")
                || line.contains("\": finished;")
                || line.contains(": you paused")
        }) else {
            continue;
        };
        if line.contains("\": finished;") {
            return games;
        }
        if line.contains(": you paused") {
            join_at = Some(Instant::now() + Duration::from_secs(3));
            continue;
        }
        if line.starts_with("Game over: ") {
            games += 1;
            if pauses && games == 2 {
                person.type_line("pause");
            }
            continue;
        }
        person.type_line(&suggestion(&line));
    }
}

/// Points by `docs/arenas.md`, recounted from the records alone, with the
/// games each player counted.
fn recount(records: &[FinishedGame]) -> HashMap<PlayerKey, (u32, u32)> {
    let mut tally: HashMap<PlayerKey, (u32, u32)> = HashMap::new();
    let mut wins_in_a_row: HashMap<PlayerKey, u32> = HashMap::new();
    for game in records {
        if matches!(game.result.ending, Ending::Aborted { .. }) {
            continue;
        }
        for seat in Seat::ALL {
            let key = game.keys()[seat].expect("an arena's players are keys");
            let streak = wins_in_a_row.entry(key).or_default();
            let won = game.result.winner == Some(seat);
            let drew = game.result.winner.is_none()
                && !matches!(game.result.ending, Ending::Abandoned { .. });
            let points = match (won, drew) {
                (true, _) => 2,
                (false, true) => 1,
                (false, false) => 0,
            } * if *streak >= 2 { 2 } else { 1 };
            let (score, games) = tally.entry(key).or_default();
            *score += points;
            *games += 1;
            *streak = if won { *streak + 1 } else { 0 };
        }
    }
    tally
}

#[test]
fn six_bots_and_two_people_play_an_arena_to_its_end_and_the_standings_are_the_records_recounted() {
    let server = Server::start(&[]);
    let url = server.url();
    let host = tempfile::tempdir().unwrap();
    let made = mice_cake(
        host.path(),
        &[
            "--server",
            &url,
            "arena",
            "create",
            "--minutes",
            MINUTES,
            "--name",
            "Club night",
        ],
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    let said = text(&made.stdout);
    let id = said.lines().next().expect("the id first").trim().to_owned();
    assert_eq!(id.len(), 8, "{said}");
    assert!(said.contains(&format!("arena join {id}")), "{said}");

    let policies = ["greedy", "random", "strong", "greedy", "random", "greedy"];
    let mut bots: Vec<Client> = policies
        .iter()
        .enumerate()
        .map(|(n, policy)| {
            Client::start(
                &url,
                &format!("bot{n}"),
                // A person's pace, about: a game of the arena takes some
                // seconds, as between people.
                &[
                    "bot", "--policy", policy, "--think", "500ms", "arena", "join", &id,
                ],
            )
        })
        .collect();
    let people: Vec<std::thread::JoinHandle<(Client, usize)>> = [("ann", true), ("bob", false)]
        .into_iter()
        .map(|(name, pauses)| {
            let mut person = Client::start(&url, name, &["--plain", "arena", "join", &id]);
            std::thread::spawn(move || {
                let games = play_arena(&mut person, pauses);
                (person, games)
            })
        })
        .collect();
    let mut people: Vec<(Client, usize)> = people
        .into_iter()
        .map(|person| person.join().expect("a person plays it out"))
        .collect();

    for (person, games) in &mut people {
        // The rest of what it says, to its end.
        assert!(person.finish().success(), "{}", person.transcript());
        assert!(*games >= 2, "{}", person.transcript());
        let transcript = person.transcript();
        assert!(transcript.contains("first: "), "the podium: {transcript}");
        assert_eq!(
            transcript.matches("verified fair").count(),
            *games,
            "each game checked by the client: {transcript}"
        );
    }
    let ann = people[0].0.transcript();
    assert!(
        ann.contains("not paired in arena") && ann.contains("you paused"),
        "{ann}"
    );
    for bot in &mut bots {
        assert!(bot.finish().success(), "{}", bot.transcript());
        assert!(bot.transcript().contains("first: "), "{}", bot.transcript());
    }

    let (status, body) = server.get(&format!("/api/arenas/{id}"));
    assert_eq!(status, 200, "{body}");
    let arena: ArenaDetail = serde_json::from_str(&body).unwrap();
    assert_eq!(arena.summary.status, ArenaStatus::Finished);
    assert_eq!(arena.summary.players, 8);
    assert!(arena.playing.is_empty() && arena.featured.is_none());
    assert_eq!(arena.game_ids.len() as u32, arena.summary.games);
    assert!(arena.game_ids.len() >= 8, "{} games", arena.game_ids.len());

    let mut records = Vec::new();
    for game in &arena.game_ids {
        let (status, body) = server.get(&format!("/api/games/{game}"));
        assert_eq!(status, 200, "{body}");
        let record: FinishedGame = serde_json::from_str(&body).unwrap();
        assert_eq!(record.arena.map(|a| a.to_string()), Some(id.clone()));
        let (status, body) = server.get(&format!("/api/games/{game}/verify"));
        assert_eq!(status, 200, "{body}");
        let verdict: GameVerdict = serde_json::from_str(&body).unwrap();
        assert!(verdict.fair, "{game}: {verdict:?}");
        records.push(record);
    }

    // The standings, recounted from the records.
    let recounted = recount(&records);
    for line in &arena.standings {
        let (score, games) = recounted.get(&line.key).copied().unwrap_or_default();
        assert_eq!((line.score, line.games), (score, games), "{line:?}");
    }
    let scores: Vec<u32> = arena.standings.iter().map(|line| line.score).collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "{scores:?}"
    );

    // Nobody met the same opponent twice in a row unless both had waited
    // 10 s for anyone else (the next game then ends 10 s after the last at
    // the earliest).
    let mut last: HashMap<PlayerKey, (PlayerKey, u64)> = HashMap::new();
    for record in &records {
        let keys = record.keys().map(|key| key.expect("keys"));
        for seat in Seat::ALL {
            let (me, them) = (keys[seat], keys[seat.opponent()]);
            if let Some((before, ended)) = last.get(&me)
                && *before == them
            {
                assert!(
                    record.finished_at_ms >= ended + 10_000,
                    "{me} met {them} twice in a row within 10 s"
                );
            }
            last.insert(me, (them, record.finished_at_ms));
        }
    }
}
