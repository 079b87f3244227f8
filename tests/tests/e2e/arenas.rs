//! An arena played to its end by the real binaries (issue 50): six bots and
//! two people at terminals, three minutes, one of the people pausing and
//! coming back. Everyone is told the podium and exits 0; nobody met the
//! same opponent twice in a row while others waited; the standings are the
//! records recounted; every record says its arena and verifies. On a
//! cluster, the arena's node killed mid-arena with games in play: another
//! node takes the arena over, the games go on to their ends, the players
//! on every node go on being paired, and the standings are still the
//! records recounted.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use mice_cake_engine::{PlayerKey, Seat};
use mice_cake_protocol::arena::{ArenaDetail, ArenaStatus};
use mice_cake_protocol::{Ending, FinishedGame, GameVerdict};

use crate::cluster::Cluster;
use crate::support::{Client, Proxy, Server, TestDatabase, TestRedis, mice_cake, suggestion, text};

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

/// Makes an arena of `minutes` at `url` with the terminal client; its id.
fn create_arena(url: &str, minutes: &str, name: &str) -> String {
    let host = tempfile::tempdir().unwrap();
    let made = mice_cake(
        host.path(),
        &[
            "--server",
            url,
            "arena",
            "create",
            "--minutes",
            minutes,
            "--title",
            name,
        ],
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    let said = text(&made.stdout);
    let id = said.lines().next().expect("the id first").trim().to_owned();
    assert_eq!(id.len(), 8, "{said}");
    assert!(said.contains(&format!("arena join {id}")), "{said}");
    id
}

/// A bot playing arena `id` at `url`, at about a person's pace.
fn arena_bot(url: &str, name: &str, policy: &str, id: &str) -> Client {
    Client::start(
        url,
        name,
        &[
            "bot", "--policy", policy, "--think", "500ms", "arena", "join", id,
        ],
    )
}

/// The arena as node `server` tells it.
fn detail(server: &Server, id: &str) -> ArenaDetail {
    let (status, body) = server.get(&format!("/api/arenas/{id}"));
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Every game of a finished arena: its record, checked to say the arena
/// and to verify.
fn records_of(server: &Server, arena: &ArenaDetail, id: &str) -> Vec<FinishedGame> {
    let mut records = Vec::new();
    for game in &arena.game_ids {
        let (status, body) = server.get(&format!("/api/games/{game}"));
        assert_eq!(status, 200, "{body}");
        let record: FinishedGame = serde_json::from_str(&body).unwrap();
        assert_eq!(record.arena.map(|a| a.to_string()), Some(id.to_owned()));
        let (status, body) = server.get(&format!("/api/games/{game}/verify"));
        assert_eq!(status, 200, "{body}");
        let verdict: GameVerdict = serde_json::from_str(&body).unwrap();
        assert!(verdict.fair, "{game}: {verdict:?}");
        records.push(record);
    }
    records
}

/// The standings are the records recounted.
fn assert_recounted(arena: &ArenaDetail, records: &[FinishedGame]) {
    let recounted = recount(records);
    for line in &arena.standings {
        let (score, games) = recounted.get(&line.key).copied().unwrap_or_default();
        assert_eq!((line.score, line.games), (score, games), "{line:?}");
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
    let id = create_arena(&url, MINUTES, "Club night");

    let policies = ["greedy", "random", "strong", "greedy", "random", "greedy"];
    let mut bots: Vec<Client> = policies
        .iter()
        .enumerate()
        .map(|(n, policy)| arena_bot(&url, &format!("bot{n}"), policy, &id))
        .collect();
    // Ann's key is kept, for her to come back after the end.
    let ann_state = tempfile::tempdir().unwrap();
    let people: Vec<std::thread::JoinHandle<(Client, usize)>> = [("ann", true), ("bob", false)]
        .into_iter()
        .map(|(name, pauses)| {
            let args = ["--plain", "arena", "join", &id];
            let mut person = if name == "ann" {
                Client::start_keeping_seats_in(ann_state.path(), &url, name, &args)
            } else {
                Client::start(&url, name, &args)
            };
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

    let arena = detail(&server, &id);
    assert_eq!(arena.summary.status, ArenaStatus::Finished);
    assert_eq!(arena.summary.players, 8);

    // Coming back after the end (a drop, a restart) shows the podium and
    // her place, and ends; so does watching it, or joining it anew.
    let ann_line = arena
        .standings
        .iter()
        .find(|line| line.name == "ann")
        .expect("ann's line");
    let mut again = Client::start_keeping_seats_in(
        ann_state.path(),
        &url,
        "ann",
        &["--plain", "arena", "join", &id],
    );
    assert!(again.finish().success(), "{}", again.transcript());
    let said = again.transcript();
    assert!(said.contains("first: "), "{said}");
    assert!(
        said.contains(&format!(
            "the arena is over: you placed {} of 8",
            ann_line.rank
        )),
        "{said}"
    );
    for args in [
        ["--plain", "arena", "watch", id.as_str()],
        ["--plain", "arena", "join", id.as_str()],
    ] {
        let mut late = Client::start(&url, "cy", &args);
        assert!(late.finish().success(), "{}", late.transcript());
        let said = late.transcript();
        assert!(
            said.contains("first: ") && said.contains("the arena is over"),
            "{said}"
        );
    }
    assert!(arena.playing.is_empty() && arena.featured.is_none());
    assert_eq!(arena.game_ids.len() as u32, arena.summary.games);
    assert!(arena.game_ids.len() >= 8, "{} games", arena.game_ids.len());
    let records = records_of(&server, &arena, &id);
    assert_recounted(&arena, &records);
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

#[test]
fn an_arena_whose_node_is_killed_mid_arena_loses_no_game_and_no_standing() {
    let (Some(redis), Some(database)) = (TestRedis::create(), TestDatabase::create()) else {
        return;
    };
    let mut cluster = Cluster::start(3, &database.url, &redis.url, "2s");
    // Made on node 0, which runs it and makes its games' rooms.
    let id = create_arena(&cluster.url(0), "2", "Cluster night");
    // Two bots on each node; node 0's come through a balancer that sends
    // them to node 1 once node 0 is gone.
    let proxy = Proxy::to(cluster.nodes[0].addr);
    let policies = ["greedy", "random", "strong", "greedy", "random", "greedy"];
    let mut bots: Vec<Client> = policies
        .iter()
        .enumerate()
        .map(|(n, policy)| {
            let url = match n % 3 {
                0 => proxy.url(),
                node => cluster.url(node),
            };
            arena_bot(&url, &format!("bot{n}"), policy, &id)
        })
        .collect();

    // Mid-arena, games being played (in node 0's rooms) and some counted.
    let give_up = Instant::now() + Duration::from_secs(60);
    let at_the_kill = loop {
        let arena = detail(&cluster.nodes[2], &id);
        if arena.summary.games >= 2 && arena.playing.len() >= 2 {
            break arena;
        }
        assert!(Instant::now() < give_up, "no games under way: {arena:?}");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(cluster.nodes[0].log().contains("arena made"));
    cluster.nodes.remove(0).kill();
    proxy.redirect(cluster.nodes[0].addr);

    for bot in &mut bots {
        // The arena's end, then the bot's.
        let give_up = Instant::now() + Duration::from_secs(4 * 60);
        while bot
            .poll(Duration::from_secs(1), |line| {
                line.contains("\": finished;")
            })
            .is_none()
        {
            assert!(Instant::now() < give_up, "{}", bot.transcript());
        }
        assert!(bot.finish().success(), "{}", bot.transcript());
        let transcript = bot.transcript();
        assert!(transcript.contains("first: "), "the podium: {transcript}");
    }
    assert!(
        cluster
            .logs()
            .contains("an arena taken over with its games in play"),
        "{}",
        cluster.logs()
    );

    let logs = cluster.logs();
    let arena = detail(&cluster.nodes[1], &id);
    assert_eq!(arena.summary.status, ArenaStatus::Finished);
    assert_eq!(arena.summary.players, 6);
    assert_eq!(arena.game_ids.len() as u32, arena.summary.games);
    let records = records_of(&cluster.nodes[0], &arena, &id);
    // No game lost: each one under way at the kill was played to its end
    // in the room taken over, and counted — but a pairing whose player was
    // on its way to the room as the node died, called off before its game
    // began (its players paired again), as quick pairing's are: by its
    // room, taken over, when the player never came; or, when the room had
    // stored nothing yet (no game begun), by the node taking over (which
    // forgets such a room at once) or by the arena (when no node took it
    // over).
    for game in &at_the_kill.playing {
        let code = game.code.to_string();
        match records.iter().find(|record| record.room == game.code) {
            Some(record) => assert!(
                !matches!(record.result.ending, Ending::Aborted { .. }),
                "{record:?}"
            ),
            None => {
                let told: Vec<&str> = logs.lines().filter(|line| line.contains(&code)).collect();
                assert!(
                    told.iter().any(|line| {
                        line.contains("pairing called off: a player did not come")
                            || line.contains("a room its node never stored is called off")
                            || line.contains("an arena game's room was never taken over")
                    }),
                    "the game in {code} at the kill is lost: {told:#?}"
                );
            }
        }
    }
    // The arena went on after the kill: games were counted since.
    assert!(
        arena.summary.games >= at_the_kill.summary.games + at_the_kill.playing.len() as u32 + 2,
        "{} games at the kill, {} at the end",
        at_the_kill.summary.games,
        arena.summary.games
    );
    // No standing lost: the standings at the kill are kept, and the whole
    // table is the records recounted.
    for before in &at_the_kill.standings {
        let after = arena
            .standings
            .iter()
            .find(|line| line.key == before.key)
            .expect("everyone still stands");
        assert!(after.score >= before.score && after.games >= before.games);
    }
    assert_recounted(&arena, &records);
}

/// As a nemesis found: the cluster's Redis lost its data (restarted
/// empty) while an arena's game was being played, then every node died;
/// the node that took the arena over read no game in play from Redis, so
/// the arena ended while that game was played, and its result never
/// counted. Now the arena's node, seeing the data gone, writes its games in
/// play again: the node taking over after it dies knows the game, which
/// goes on in the room taken over and counts.
#[test]
fn an_arena_taken_over_after_redis_lost_its_data_still_knows_its_game_under_way() {
    let (Some(redis), Some(database)) = (TestRedis::create(), TestDatabase::create()) else {
        return;
    };
    let mut cluster = Cluster::start(2, &database.url, &redis.url, "1s");
    // Made on node 0, which runs it and makes its games' rooms; its two
    // players are on node 1, which lives.
    let id = create_arena(&cluster.url(0), "2", "Redis night");
    let _bots = [("ann", "greedy"), ("bob", "random")]
        .map(|(name, policy)| arena_bot(&cluster.url(1), name, policy, &id));
    let give_up = Instant::now() + Duration::from_secs(60);
    let code = loop {
        if let Some(game) = detail(&cluster.nodes[0], &id).playing.first() {
            break game.code;
        }
        assert!(Instant::now() < give_up, "no game under way");
        std::thread::sleep(Duration::from_millis(100));
    };

    let flushed = std::process::Command::new("redis-cli")
        .args(["-u", &redis.url, "FLUSHDB"])
        .output()
        .expect("redis-cli runs");
    assert!(flushed.status.success(), "{flushed:?}");
    let give_up = Instant::now() + Duration::from_secs(20);
    // Written again with the game still under way.
    while !cluster.nodes[0].log().lines().any(|line| {
        line.contains("an arena's games in play written again") && line.contains("games=1")
    }) {
        assert!(Instant::now() < give_up, "{}", cluster.nodes[0].log());
        std::thread::sleep(Duration::from_millis(50));
    }
    cluster.nodes.remove(0).kill();

    // Node 1 takes the arena over with the game, which is played to its
    // end in its room, taken over too, and counted.
    let give_up = Instant::now() + Duration::from_secs(90);
    let record = loop {
        let arena = detail(&cluster.nodes[0], &id);
        let records = records_of(&cluster.nodes[0], &arena, &id);
        if let Some(record) = records.iter().find(|record| record.room == code) {
            assert_recounted(&arena, &records);
            break record.clone();
        }
        assert!(
            Instant::now() < give_up,
            "the game in {code} was not counted: {arena:?}\n{}",
            cluster.logs()
        );
        std::thread::sleep(Duration::from_millis(250));
    };
    assert!(
        !matches!(record.result.ending, Ending::Aborted { .. }),
        "{record:?}"
    );
    let logs = cluster.logs();
    assert!(
        logs.contains("an arena taken over with its games in play arena="),
        "{logs}"
    );
}
