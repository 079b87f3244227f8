//! The moments players care about, checked as a player meets them: the
//! end of a game whoever leaves, earlier games, moves the deadline made,
//! entering mid-game, the reveal, reconnecting, small terminals and chat.
//! Each test is a defect seen in real terminals that must not come back.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use mice_cake_engine::{Options, Reveal, Seat, Seated};
use mice_cake_protocol::{ChatChannel, ClientMessage, ErrorCode, ServerMessage};
use ratatui::style::Modifier;
use unicode_width::UnicodeWidthStr;

use super::log::{log_lines, round_lines};
use super::model::{Cmd, Model, Msg, Settings, update};
use super::rendering::{SEED, assigning, draw, feed, press, quiet, rows};
use crate::fixture::FakeRoom;
use crate::net::NetEvent;
use crate::text::Missed;

fn screen(model: &Model, width: u16, height: u16) -> String {
    rows(&draw(model, width, height)).join("\n")
}

fn line_text(line: &ratatui::text::Line) -> String {
    line.spans
        .iter()
        .map(|span| span.content.as_ref())
        .collect()
}

/// Yellow's model in round 1 of a room playing by `rules`.
fn playing_by(rules: Options, seed: u64) -> (Model, FakeRoom) {
    let mut room = FakeRoom::with_rules(Some(Seat::Yellow), seed, rules);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.opponent_arrives());
    (model, room)
}

#[test]
fn the_result_stays_when_the_opponent_leaves_until_it_is_dismissed() {
    let (mut model, mut room) = assigning();
    feed(&mut model, room.play_to_the_end());
    feed(&mut model, [room.leaves(Seat::Blue)]);
    let shown = screen(&model, 80, 24);
    assert!(shown.contains("Game 1 over"), "{shown}");
    assert!(
        shown.contains("You win!") || shown.contains("You lose."),
        "{shown}"
    );
    assert!(
        shown.contains("mice-cake replay 00000000-0000-0000-0000-000000005eed"),
        "{shown}"
    );
    assert!(!shown.contains("Waiting for an opponent"), "{shown}");
    // Dismissed, the board and the rounds log are there to read.
    press(&mut model, KeyCode::Enter);
    let shown = screen(&model, 80, 24);
    assert!(!shown.contains("Game 1 over"), "{shown}");
    let last = model.tracker.log.len();
    assert!(shown.contains(&format!("Round {last}")), "{shown}");
    assert!(shown.contains("Cake"), "{shown}");
    // The panel says what comes next, and the replay's id whole, at 80×24.
    assert!(
        shown.contains("Opponent left: waiting for another"),
        "{shown}"
    );
    assert!(
        shown
            .lines()
            .any(|row| row.contains("│replay 00000000-0000-0000-0000-000000005eed")),
        "{shown}"
    );
    // r asks nobody: it says why, and no rematch is offered in the hints.
    let cmds = press(&mut model, KeyCode::Char('r'));
    assert!(cmds.is_empty(), "{cmds:?}");
    let shown = screen(&model, 100, 32);
    assert!(
        shown.contains("Your opponent left: the next game starts when"),
        "{shown}"
    );
    press(&mut model, KeyCode::Esc);
    let shown = screen(&model, 100, 32);
    assert!(!shown.contains("r rematch"), "{shown}");
}

#[test]
fn the_server_bot_commits_with_the_same_mark_as_a_person() {
    let (mut model, room) = assigning();
    let _ = room;
    if let Some(room) = model.tracker.room.as_mut() {
        if let Some(blue) = room.players.blue.as_mut() {
            blue.bot = Some(mice_cake_engine::Policy::Greedy);
        }
        room.committed.blue = true;
    }
    let shown = screen(&model, 80, 24);
    let blue = shown
        .lines()
        .find(|row| row.contains("Blue   bob"))
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(blue.contains("committed ✓"), "{blue}");
}

#[test]
fn the_result_stays_when_the_opponent_forfeits_by_leaving() {
    let (mut model, mut room) = assigning();
    feed(&mut model, room.play_greedy_round());
    feed(&mut model, room.forfeits(Seat::Blue));
    let shown = screen(&model, 80, 24);
    assert!(shown.contains("Game 1 over"), "{shown}");
    assert!(shown.contains("You win!"), "{shown}");
    assert!(shown.contains("mice-cake replay"), "{shown}");
    assert!(shown.contains("Round 1"), "{shown}");
}

#[test]
fn a_spectator_keeps_the_result_when_both_players_leave() {
    let mut room = FakeRoom::new(None, SEED);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.opponent_arrives());
    feed(&mut model, room.play_to_the_end());
    feed(
        &mut model,
        [room.leaves(Seat::Blue), room.leaves(Seat::Yellow)],
    );
    let shown = screen(&model, 80, 24);
    assert!(shown.contains("Game 1 over"), "{shown}");
    assert!(shown.contains("mice-cake replay"), "{shown}");
    assert!(!shown.contains("Tell them to run"), "{shown}");
    assert!(!shown.contains("Waiting for"), "{shown}");
}

#[test]
fn earlier_games_of_the_room_stay_readable_after_a_rematch() {
    let (mut model, mut room) = assigning();
    feed(&mut model, room.play_to_the_end());
    let first_game = model.tracker.log.clone();
    feed(&mut model, room.rematch(SEED + 1));
    feed(&mut model, room.play_greedy_round());
    assert_eq!(
        model.tracker.log.len(),
        1,
        "the new game's log starts afresh"
    );
    assert_eq!(model.tracker.past.len(), 1);
    let past = &model.tracker.past[0];
    assert_eq!(past.number, 1);
    assert_eq!(past.rounds, first_game);
    assert!(past.game_id.is_some());
    let lines: Vec<String> = log_lines(&model.tracker, None, model.now, 78)
        .iter()
        .map(line_text)
        .collect();
    let title = lines
        .iter()
        .position(|line| line.starts_with("── Game 1: ann (Yellow) vs bob (Blue) — Game over"))
        .unwrap_or_else(|| panic!("the first game's title: {lines:#?}"));
    // Its replay's id whole, on a line of its own, however narrow.
    assert!(
        lines[title..]
            .iter()
            .any(|line| line.trim() == "mice-cake replay 00000000-0000-0000-0000-000000005eed"),
        "{lines:#?}"
    );
    for line in &lines {
        assert!(line.width() <= 78, "{line:?} is wider than the pane");
    }
    assert!(
        lines[title..]
            .iter()
            .any(|line| line.starts_with("Round 1 "))
    );
    // PgDn reaches it on screen.
    for _ in 0..lines.len() {
        press(&mut model, KeyCode::PageDown);
    }
    let shown = screen(&model, 80, 24);
    assert!(shown.contains("Round 1 "), "{shown}");
}

#[test]
fn moves_the_deadline_made_are_marked_and_the_forfeit_is_warned_of() {
    let (mut model, mut room) = assigning();
    let yellow_late = Seated {
        yellow: true,
        blue: false,
    };
    feed(&mut model, room.play_greedy_round_auto(yellow_late));
    let shown = screen(&model, 80, 24);
    assert!(
        shown.contains("Yellow missed the deadline: the server chose (1 of 3)"),
        "{shown}"
    );
    assert_eq!(model.notice.as_deref(), Some("Your move — round 2"));
    feed(&mut model, room.play_greedy_round_auto(yellow_late));
    let notice = model.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("You missed 2 deadlines in a row: miss this one and you forfeit"),
        "{notice}"
    );
    assert!(screen(&model, 80, 24).contains("(2 of 3)"));
    // A round chosen in time ends the run.
    feed(&mut model, room.play_greedy_round());
    assert_eq!(model.notice.as_deref(), Some("Your move — round 4"));
}

#[test]
fn whoever_enters_mid_game_gets_every_round_so_far() {
    let mut room = FakeRoom::new(None, SEED);
    let mut earlier = quiet(Instant::now());
    feed(&mut earlier, [room.joined()]);
    feed(&mut earlier, room.opponent_arrives());
    for _ in 0..4 {
        feed(&mut earlier, room.play_greedy_round());
    }
    // A spectator arriving now, and a player coming back, read the same
    // rounds as one who watched from the start.
    for member in [None, Some(Seat::Blue)] {
        room.member = member;
        let mut late = quiet(Instant::now());
        feed(&mut late, room.entered());
        let rounds: Vec<u32> = late.tracker.log.iter().map(|p| p.report.round).collect();
        assert_eq!(rounds, vec![1, 2, 3, 4], "entering as {member:?}");
        assert_eq!(late.tracker.log, earlier.tracker.log);
        let shown = screen(&late, 80, 24);
        assert!(shown.contains("Round 4"), "{shown}");
    }
}

#[test]
fn a_boost_game_is_explained_as_one_and_the_title_names_the_variant() {
    let rules = Options {
        boost: true,
        reveal: Reveal::AllFaceDown,
        ..Options::default()
    };
    let (mut model, _room) = playing_by(rules, SEED);
    let title = rows(&draw(&model, 100, 30))[0].clone();
    assert!(
        title.contains("all face down, boost, 1:00/round"),
        "{title}"
    );
    press(&mut model, KeyCode::Char('?'));
    let help = screen(&model, 100, 30);
    assert!(help.contains("earn a boost roll"), "{help}");
    assert!(!help.contains("tire mice instead"), "{help}");

    let (mut model, _room) = playing_by(Options::default(), SEED);
    press(&mut model, KeyCode::Char('?'));
    let help = screen(&model, 100, 30);
    assert!(help.contains("tire mice instead"), "{help}");
    assert!(!help.contains("boost"), "{help}");
}

/// The connection drops; the client is reconnecting.
fn connection_drops(model: &mut Model) {
    update(
        model,
        Msg::Net(NetEvent::Reconnecting {
            attempt: 1,
            wait: Duration::from_secs(1),
            reason: "connection reset".into(),
        }),
    );
}

#[test]
fn while_reconnecting_the_clock_stops_and_a_commit_is_held_and_said_so() {
    let (mut model, mut room) = assigning();
    press(&mut model, KeyCode::Char('g'));
    connection_drops(&mut model);
    let title = rows(&draw(&model, 80, 24))[0].clone();
    assert!(title.contains("reconnecting"), "{title}");
    // No clock while the server's goes on without us: not in the title,
    // not by the move either.
    assert!(!title.contains('⏱'), "{title}");
    let shown = screen(&model, 80, 24);
    assert!(!shown.contains('⏱'), "{shown}");
    assert!(shown.contains("Your move"), "{shown}");
    let cmds = press(&mut model, KeyCode::Enter);
    assert!(
        matches!(
            cmds.as_slice(),
            [Cmd::Send(ClientMessage::Seal { round: 1, .. })]
        ),
        "{cmds:?}"
    );
    let notice = model.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("your commit is sent as soon as the connection is back, if round 1"),
        "{notice}"
    );
    assert!(press(&mut model, KeyCode::Enter).is_empty(), "sent once");
    assert_eq!(
        model.notice.as_deref(),
        Some("Your commit is already waiting for the connection to come back")
    );
    update(&mut model, Msg::Net(NetEvent::Reconnected));
    assert_eq!(
        model.notice.as_deref(),
        Some("Back: your commit for round 1 is sent now")
    );
    // Accepted: nothing held any more.
    let assignment = model.editor.assignment();
    feed(&mut model, room.commit(Seat::Yellow, assignment));
    assert_eq!(model.held_commit, None);
}

/// As a reviewer found: the seat opened in another client. This one says
/// so, whole, offers no way back (`resume` would only push the other out),
/// shows no clock, and quitting does not leave the game the other plays.
#[test]
fn a_seat_taken_by_another_connection_says_so_and_stops() {
    let (mut model, _room) = assigning();
    let reason = "this seat was taken back by another connection (another tab or device), which \
                  plays it now";
    feed(
        &mut model,
        [ServerMessage::Error {
            code: ErrorCode::Replaced,
            message: reason.into(),
            args: Default::default(),
        }],
    );
    update(&mut model, Msg::Net(NetEvent::Closed(reason.into())));
    for (width, height) in [(80, 24), (60, 20)] {
        let shown = screen(&model, width, height);
        assert!(shown.contains("played elsewhere"), "{shown}");
        assert!(shown.contains("Played elsewhere now"), "{shown}");
        assert!(shown.contains("took this seat"), "{shown}");
        assert!(shown.contains("plays it. q quits."), "{shown}");
        assert!(!shown.contains("resume"), "{shown}");
        assert!(!shown.contains("Disconnected"), "{shown}");
        assert!(!shown.contains('⏱'), "{shown}");
    }
    assert!(!model.deciding());
    let before = model.editor.mice;
    press(&mut model, KeyCode::Char('x'));
    press(&mut model, KeyCode::Char('g'));
    assert_eq!(model.editor.mice, before);
    // q quits at once, and says why; it sends no leave (which would
    // forfeit the game the other connection plays).
    let quit = press(&mut model, KeyCode::Char('q'));
    assert_eq!(quit, vec![Cmd::Quit]);
}

#[test]
fn a_held_commit_for_a_round_that_closed_meanwhile_is_said_to_be_lost() {
    let (mut model, _room) = assigning();
    press(&mut model, KeyCode::Char('g'));
    connection_drops(&mut model);
    press(&mut model, KeyCode::Enter);
    update(&mut model, Msg::Net(NetEvent::Reconnected));
    feed(
        &mut model,
        [ServerMessage::Error {
            code: ErrorCode::WrongPhase,
            message: "round 1 is over".into(),
            args: Default::default(),
        }],
    );
    let notice = model.notice.clone().unwrap_or_default();
    assert!(
        notice
            .starts_with("Round 1 ended while the connection was down: your commit was not played"),
        "{notice}"
    );
}

/// Every line of the newest round, as the log draws it in `width`.
fn newest_round(model: &Model, width: u16) -> Vec<String> {
    let played = model
        .tracker
        .log
        .last()
        .unwrap_or_else(|| panic!("a round"));
    let limit = model
        .tracker
        .room
        .as_ref()
        .map_or(0, |room| room.missed_deadline_limit);
    let missed = Missed {
        in_a_row: Seated::from_fn(|seat| {
            model
                .tracker
                .missed_in_a_row(model.tracker.log.len() - 1, seat)
        }),
        limit,
    };
    round_lines(played, missed, width, None)
        .iter()
        .map(|line| line_text(line).trim_end().to_owned())
        .collect()
}

#[test]
fn a_whole_reveal_fits_an_80_by_24_terminal_in_every_variant() {
    let variants = [
        Options::default(),
        Options {
            boost: true,
            ..Options::default()
        },
        Options {
            reveal: Reveal::AllFaceDown,
            boost: true,
            ..Options::default()
        },
        Options {
            reveal: Reveal::AllFaceUp,
            ..Options::default()
        },
    ];
    let mut rounds = 0;
    for rules in variants {
        for seed in 0..6 {
            let (mut model, mut room) = playing_by(rules, seed);
            loop {
                let over = room.play_greedy_round();
                let ended = over
                    .iter()
                    .any(|message| matches!(message, ServerMessage::Event { event, .. } if matches!(**event, mice_cake_protocol::RoomEvent::GameOver { .. })));
                feed(&mut model, over);
                model.result_shown = None;
                let shown = rows(&draw(&model, 80, 24));
                for line in newest_round(&model, 78) {
                    assert!(
                        shown.iter().any(|row| row.contains(&line)),
                        "{rules:?} seed {seed}: {line:?} is not on\n{}",
                        shown.join("\n")
                    );
                }
                rounds += 1;
                if ended {
                    break;
                }
            }
        }
    }
    assert!(rounds > 100);
}

#[test]
fn below_the_smallest_size_the_screen_says_so() {
    let (model, _room) = assigning();
    for (width, height) in [(40, 12), (59, 24), (80, 17)] {
        let shown = screen(&model, width, height);
        assert!(
            shown.contains("Terminal too small"),
            "{width}×{height}:\n{shown}"
        );
        assert!(
            shown.contains("at least 60×18"),
            "{width}×{height}:\n{shown}"
        );
    }
    assert!(!screen(&model, 60, 18).contains("Terminal too small"));
}

#[test]
fn on_a_screen_too_small_leaving_asks_where_it_can_be_seen() {
    let (mut model, _room) = assigning();
    press(&mut model, KeyCode::Char('q'));
    let shown = screen(&model, 40, 12);
    assert!(shown.contains("Leave the game?"), "{shown}");
    assert!(shown.contains("y: leave"), "{shown}");
    // n keeps the game; the screen says it is too small again.
    assert!(press(&mut model, KeyCode::Char('n')).is_empty());
    assert!(screen(&model, 40, 12).contains("Terminal too small"));
}

#[test]
fn the_reveal_plays_out_any_key_skips_it_and_changes_stay_marked() {
    let (mut model, mut room) = assigning();
    model.settings.animation = true;
    let start = model.now;
    feed(&mut model, room.play_greedy_round());
    let report = model.tracker.log[0].report.clone();
    assert!(model.revealing());
    // At first, the assignments and no dice; at the end, every die.
    let rolls = |model: &Model| {
        log_lines(&model.tracker, model.reveal.as_ref(), model.now, 78)
            .iter()
            .map(line_text)
            .filter(|line| line.contains('→'))
            .count()
    };
    assert_eq!(rolls(&model), 0);
    let length = model
        .reveal
        .as_ref()
        .map_or(Duration::ZERO, super::reveal::RevealShow::length);
    assert!(length <= Duration::from_millis(2_500), "{length:?}");
    update(&mut model, Msg::Tick(start + length / 2));
    let halfway = rolls(&model);
    update(
        &mut model,
        Msg::Tick(start + length + Duration::from_millis(1)),
    );
    assert!(!model.revealing());
    assert!(rolls(&model) >= halfway && rolls(&model) > 0);
    // The cells the round changed are marked until the next round's reveal.
    let (round, cells) = model.changed.clone().unwrap_or_else(|| panic!("marks"));
    assert_eq!(round, report.round);
    assert!(!cells.is_empty(), "{report:#?}");
    let marked = draw(&model, 80, 24)
        .backend()
        .buffer()
        .content()
        .iter()
        .filter(|cell| cell.modifier.contains(Modifier::UNDERLINED))
        .count();
    assert!(marked > 0, "changed cells are drawn marked");

    // Next round: a key typed during the show ends it, and still does what
    // it does (c chooses column C, ↑ puts a mouse there).
    feed(&mut model, room.play_greedy_round());
    assert!(model.revealing());
    assert!(press(&mut model, KeyCode::Char('c')).is_empty());
    assert!(!model.revealing());
    press(&mut model, KeyCode::Up);
    assert_eq!(model.editor.column, 2);
    assert_eq!(model.editor.mice[2], 1, "{:?}", model.notice);
}

/// What the screen shows that a reveal could give away: the title, the
/// families and the move panel.
fn giveaways(model: &Model) -> Vec<String> {
    let screen = rows(&draw(model, 100, 32));
    screen[..10].to_vec()
}

#[test]
fn a_reveal_shows_nothing_ahead_of_its_dice_at_any_instant() {
    let (mut model, mut room) = assigning();
    model.settings.animation = true;
    model.settings.bell = true;
    let start = model.now;
    let before = giveaways(&model);
    let before_view = model
        .tracker
        .room
        .as_ref()
        .and_then(|room| room.view)
        .unwrap();
    let messages = room.play_greedy_round();
    let beats = messages
        .iter()
        .find_map(|message| match message {
            ServerMessage::Event { event, .. } => match &**event {
                mice_cake_protocol::RoomEvent::Revealed { beats, .. } => Some(beats.clone()),
                _ => None,
            },
            _ => None,
        })
        .unwrap_or_else(|| panic!("a reveal"));
    assert!(
        beats.iter().any(|beat| !beat.changes.is_empty()),
        "{beats:?}"
    );
    // The round is over for the server: the next one is open already.
    feed(&mut model, messages);
    assert!(model.revealing());
    let length = model
        .reveal
        .as_ref()
        .map_or(Duration::ZERO, super::reveal::RevealShow::length);
    // At every instant: the cake is the one before, moved on by the beats
    // landed; the title still says round 1; no clock, no next move, no cue.
    let mut ms = 0;
    let mut changed_midway = false;
    while Duration::from_millis(ms) < length {
        let cmds = update(&mut model, Msg::Tick(start + Duration::from_millis(ms)));
        assert!(cmds.is_empty(), "no bell before the end: {cmds:?}");
        let shown = giveaways(&model);
        assert!(shown[0].contains("round 1"), "{ms} ms: {}", shown[0]);
        assert!(!shown[0].contains('⏱'), "{ms} ms: {}", shown[0]);
        let screen = screen(&model, 100, 32);
        assert!(!screen.contains("Your move"), "{ms} ms:\n{screen}");
        assert!(!model.deciding());
        assert_eq!(model.notice, None, "{ms} ms");
        let view = model.room().and_then(|room| room.view).unwrap();
        let landed = beats
            .iter()
            .scan(before_view, |view, beat| {
                beat.apply(view).unwrap();
                Some(*view)
            })
            .collect::<Vec<_>>();
        assert!(
            view == before_view || landed.contains(&view),
            "{ms} ms: a cake no beat leads to"
        );
        changed_midway |= view != before_view && shown != before;
        ms += 20;
    }
    assert!(changed_midway, "the cake moved on as the dice landed");
    // At the end: the next round, its clock and the cue, with its bell.
    let cmds = update(&mut model, Msg::Tick(start + length));
    assert!(cmds.contains(&Cmd::Bell), "{cmds:?}");
    assert!(!model.revealing());
    let screen = screen(&model, 100, 32);
    assert!(
        screen.contains("round 2") && screen.contains('⏱'),
        "{screen}"
    );
    assert_eq!(model.notice.as_deref(), Some("Your move — round 2"));
}

#[test]
fn no_animation_shows_the_reveal_at_once() {
    let (mut model, mut room) = assigning();
    feed(&mut model, room.play_greedy_round());
    assert!(!model.revealing());
    assert!(model.changed.is_some());
}

#[test]
fn a_round_opening_cues_the_player_with_the_bell_when_asked() {
    let mut room = FakeRoom::new(Some(Seat::Yellow), SEED);
    let mut model = Model::with(
        Settings {
            animation: false,
            bell: true,
            chat: true,
            bot_after: None,
        },
        Instant::now(),
    );
    model.tracker.sealer = crate::fixture::sealer();
    feed(&mut model, [room.joined()]);
    let mut cmds = Vec::new();
    for message in room.opponent_arrives() {
        cmds.extend(update(&mut model, Msg::Net(NetEvent::Message(message))));
    }
    // Besides the deal's nonce, which the client seals by itself.
    cmds.retain(|cmd| !matches!(cmd, Cmd::Send(ClientMessage::Seal { round: 0, .. })));
    assert_eq!(cmds, vec![Cmd::Bell]);
    assert_eq!(model.notice.as_deref(), Some("Your move — round 1"));
}

#[test]
fn a_rematch_offer_is_visible_with_the_key_to_accept() {
    let (mut model, mut room) = assigning();
    feed(&mut model, room.play_to_the_end());
    let offer = room.rematch(SEED + 1).remove(1);
    feed(&mut model, [offer]);
    assert_eq!(
        model.notice.as_deref(),
        Some("bob offers a rematch — r to accept")
    );
    let shown = screen(&model, 80, 24);
    assert!(
        shown.contains("bob offers a rematch — r to accept"),
        "{shown}"
    );
}

fn typed(model: &mut Model, text: &str) -> Vec<Cmd> {
    let mut cmds = press(model, KeyCode::Char('/'));
    for c in text.chars() {
        cmds.extend(press(model, KeyCode::Char(c)));
    }
    cmds.extend(press(model, KeyCode::Enter));
    cmds
}

#[test]
fn players_chat_and_read_spectators_only_when_they_ask() {
    let (mut model, room) = assigning();
    // Typing does not edit the assignment: keys go to the chat line.
    let mice = model.editor.mice;
    let cmds = typed(&mut model, "gl hf");
    assert_eq!(
        cmds,
        vec![Cmd::Send(ClientMessage::Chat {
            text: "gl hf".into()
        })]
    );
    assert_eq!(model.editor.mice, mice);
    feed(
        &mut model,
        [
            room.chat(
                ChatChannel::Players,
                "bob",
                Some(Seat::Blue),
                "<b>you too</b>",
            ),
            room.chat(ChatChannel::Spectators, "cy", None, "go blue"),
        ],
    );
    let shown = screen(&model, 120, 36);
    assert!(shown.contains("bob: <b>you too</b>"), "{shown}");
    assert!(!shown.contains("go blue"), "{shown}");
    assert_eq!(
        press(&mut model, KeyCode::Char('s')),
        vec![Cmd::Send(ClientMessage::SpectatorChat { show: true })]
    );
    assert!(screen(&model, 120, 36).contains("(spectator) cy: go blue"));
    press(&mut model, KeyCode::Char('m'));
    let shown = screen(&model, 120, 36);
    assert!(
        !shown.contains("you too") && shown.contains("m shows the chat again"),
        "{shown}"
    );
}

#[test]
fn on_a_narrow_screen_the_chat_is_a_key_away_and_counts_what_is_new() {
    let (mut model, room) = assigning();
    feed(
        &mut model,
        [room.chat(ChatChannel::Players, "bob", Some(Seat::Blue), "hi")],
    );
    assert!(screen(&model, 80, 24).contains("w: chat (1 new)"));
    press(&mut model, KeyCode::Char('w'));
    assert!(screen(&model, 80, 24).contains("bob: hi"));
}

#[test]
fn without_chat_nothing_is_shown_and_slash_does_nothing() {
    let (_, room) = assigning();
    let mut model = Model::with(
        Settings {
            animation: false,
            bell: false,
            chat: false,
            bot_after: None,
        },
        Instant::now(),
    );
    model.tracker.sealer = crate::fixture::sealer();
    let mut fresh = FakeRoom::new(Some(Seat::Yellow), SEED);
    feed(&mut model, [fresh.joined()]);
    feed(&mut model, fresh.opponent_arrives());
    press(&mut model, KeyCode::Char('/'));
    assert!(!model.chat.typing());
    feed(
        &mut model,
        [room.chat(ChatChannel::Players, "bob", Some(Seat::Blue), "hi")],
    );
    let shown = screen(&model, 120, 36);
    assert!(
        !shown.contains("bob: hi") && !shown.contains("Chat"),
        "{shown}"
    );
}

/// Enter typed while the terminal was in line mode (after a stop) comes
/// as Ctrl-J: it must not take a mouse off as `j` does, nor Alt-k add one.
#[test]
fn a_letter_with_ctrl_or_alt_is_not_a_move_key() {
    let (mut model, _room) = assigning();
    press(&mut model, KeyCode::Char('x'));
    press(&mut model, KeyCode::Char('k'));
    press(&mut model, KeyCode::Char('k'));
    let placed = model.editor.mice;
    assert_eq!(placed.iter().sum::<u8>(), 2, "{placed:?}");
    let ctrl_j = KeyEvent::new(KeyCode::Char('j'), KeyModifiers::CONTROL);
    let alt_k = KeyEvent::new(KeyCode::Char('k'), KeyModifiers::ALT);
    assert!(update(&mut model, Msg::Key(ctrl_j)).is_empty());
    assert!(update(&mut model, Msg::Key(alt_k)).is_empty());
    assert_eq!(model.editor.mice, placed);
    // The plain letter still does.
    press(&mut model, KeyCode::Char('j'));
    assert_eq!(model.editor.mice.iter().sum::<u8>(), 1);
}

#[test]
fn ctrl_c_in_a_game_asks_and_outside_one_quits() {
    let (mut model, mut room) = assigning();
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(update(&mut model, Msg::Key(ctrl_c)).is_empty());
    assert!(model.confirm_quit);
    assert!(press(&mut model, KeyCode::Char('n')).is_empty());
    feed(&mut model, room.play_to_the_end());
    assert_eq!(update(&mut model, Msg::Key(ctrl_c)), vec![Cmd::Quit]);
}

#[test]
fn boost_rolls_show_their_dice_their_total_and_what_was_needed() {
    let rules = Options {
        boost: true,
        ..Options::default()
    };
    let mut seen = 0;
    let mut turned_after_boosts = 0;
    for seed in 0..40 {
        let (mut model, mut room) = playing_by(rules, seed);
        while model.tracker.finished().is_none() {
            feed(&mut model, room.play_greedy_round());
            let played = model
                .tracker
                .log
                .last()
                .unwrap_or_else(|| panic!("a round"));
            let lines = newest_round(&model, 78);
            for boost in played
                .report
                .boosts
                .iter()
                .filter(|boost| !boost.dice.is_empty())
            {
                let piece = boost.piece.unwrap_or_else(|| panic!("rolled at a piece"));
                let needed = match boost.result {
                    mice_cake_engine::BoostResult::TooLow => format!("below {}", piece.pips()),
                    _ => "took".to_owned(),
                };
                // Side by side when the round's rolls fit their halves
                // (Yellow's left of the bar, Blue's right), else one a line.
                let told = format!("{} {} on {piece} ", boost.column, boost.mice);
                let alone = format!(
                    "{} {} boost: {} on {piece} ",
                    boost.seat, boost.column, boost.mice
                );
                let total = format!(" {} → {needed}", boost.sum);
                let side = |line: &String| -> String {
                    let (yellow, blue) = line.split_once('│').unwrap_or((line, ""));
                    match boost.seat {
                        Seat::Yellow => yellow.trim_end().to_owned(),
                        Seat::Blue => blue.to_owned(),
                    }
                };
                // A boost that earns another says so after its outcome.
                let total = if boost.boosted > 0 {
                    format!("{total} +{} boost", boost.boosted)
                } else {
                    total
                };
                assert!(
                    lines
                        .iter()
                        .any(|line| (side(line).contains(&format!("↻ {told}"))
                            && side(line).ends_with(&total))
                            || (line.starts_with("  ↻ ")
                                && line.contains(&alone)
                                && line.ends_with(&total))),
                    "{told}…{total} in {lines:#?}"
                );
                // A piece the boost turned up is told after it, not before.
                let at = |text: &str| lines.iter().position(|line| line.contains(text));
                let boost_line = lines
                    .iter()
                    .position(|line| {
                        (side(line).contains(&format!("↻ {told}")) && side(line).ends_with(&total))
                            || line.contains(&alone)
                    })
                    .unwrap_or_else(|| panic!("{told} in {lines:#?}"));
                let index = played
                    .report
                    .boosts
                    .iter()
                    .position(|other| std::ptr::eq(other, boost))
                    .unwrap_or_default();
                for turned_up in crate::text::TurnedUp::of(played).after_boost(index) {
                    let flip = at(turned_up).unwrap_or_else(|| panic!("{turned_up} in {lines:#?}"));
                    assert!(
                        flip > boost_line,
                        "{turned_up} before its boost in {lines:#?}"
                    );
                    turned_after_boosts += 1;
                }
                // Each half holds its own seat's boosts: no lone mark.
                assert!(
                    lines
                        .iter()
                        .all(|line| !line.trim_start().starts_with("↻  ")),
                    "{lines:#?}"
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 5, "only {seen} boost rolls in 40 games");
    assert!(
        turned_after_boosts > 0,
        "no boost turned a piece up in 40 games"
    );
}

#[test]
fn a_finished_game_is_checked_and_the_verdict_shown_with_the_result() {
    let (mut model, mut room) = assigning();
    let mut cmds = Vec::new();
    for message in room.play_to_the_end() {
        cmds.extend(update(&mut model, Msg::Net(NetEvent::Message(message))));
    }
    // The record is fetched and checked once, for the game just over.
    let checks: Vec<_> = cmds
        .iter()
        .filter_map(|cmd| match cmd {
            Cmd::Verify(id) => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(checks.len(), 1, "{cmds:?}");
    let id = checks[0];
    let screen = rows(&draw(&model, 80, 24)).join("\n");
    assert!(
        screen.contains("Checking that the game was fair"),
        "{screen}"
    );
    update(
        &mut model,
        Msg::Verified(
            id,
            crate::verify::Checked {
                verdict: "verified fair: the seed matches the commitment …".into(),
                accuracy: Some(Seated {
                    yellow: 92.3,
                    blue: 85.0,
                }),
            },
        ),
    );
    let screen = rows(&draw(&model, 80, 24)).join("\n");
    assert!(screen.contains("✓ verified fair"), "{screen}");
    // Each player's accuracy with it, the whole line on the screen.
    assert!(
        screen.contains("Accuracy: Yellow (you) 92 %, Blue 85 %"),
        "{screen}"
    );
    update(
        &mut model,
        Msg::Verified(
            id,
            crate::verify::Checked {
                verdict: "NOT FAIR: round 3: Blue's die 1 of the attempt in column B is 4".into(),
                accuracy: None,
            },
        ),
    );
    let screen = rows(&draw(&model, 80, 24)).join("\n");
    assert!(screen.contains("NOT FAIR: round 3"), "{screen}");
    assert!(!screen.contains("92 %"), "{screen}");
}

#[test]
fn page_down_stops_at_the_oldest_round_and_never_shows_an_empty_pane() {
    let (mut model, mut room) = assigning();
    for _ in 0..3 {
        feed(&mut model, room.play_greedy_round());
    }
    for (width, height) in [(80, 24), (100, 32), (60, 18)] {
        model.scroll = 0;
        update(&mut model, Msg::Resize(width, height));
        for _ in 0..40 {
            press(&mut model, KeyCode::PageDown);
        }
        let shown = rows(&draw(&model, width, height));
        let pane: Vec<&String> = shown
            .iter()
            .skip_while(|row| !row.contains("Rounds"))
            .skip(1)
            .take_while(|row| !row.contains('└'))
            .collect();
        assert!(
            pane.iter()
                .any(|row| !row.trim_matches(|c| c == '│' || c == ' ').is_empty()),
            "{width}×{height}: an empty pane\n{}",
            shown.join("\n")
        );
        // And one PgUp scrolls back up at once, whatever was pressed before.
        press(&mut model, KeyCode::PageUp);
        let after = rows(&draw(&model, width, height));
        assert_ne!(after, shown, "{width}×{height}: PgUp did nothing");
    }
}

#[test]
fn every_game_told_at_the_end_has_its_verdict() {
    let (mut model, mut room) = assigning();
    let verify = |model: &mut Model, messages: Vec<ServerMessage>| {
        let mut ids = Vec::new();
        for message in messages {
            for cmd in update(model, Msg::Net(NetEvent::Message(message))) {
                if let Cmd::Verify(id) = cmd {
                    ids.push(id);
                }
            }
        }
        for id in ids {
            update(
                model,
                Msg::Verified(
                    id,
                    crate::verify::Checked {
                        verdict: format!("verified fair: game {id}"),
                        accuracy: Some(Seated {
                            yellow: 75.0,
                            blue: 50.0,
                        }),
                    },
                ),
            );
        }
    };
    verify(&mut model, room.play_to_the_end());
    verify(&mut model, room.rematch(SEED + 1));
    verify(&mut model, room.play_to_the_end());
    let ended = super::games_ended(&model);
    assert_eq!(ended.len(), 2, "{ended:?}");
    for game in &ended {
        let id = game.game_id.unwrap_or_else(|| panic!("{game:?}"));
        assert_eq!(
            game.fairness.as_deref(),
            Some(format!("verified fair: game {id}").as_str())
        );
        assert_eq!(
            game.accuracy.as_deref(),
            Some(
                format!(
                    "accuracy (rounds without a mistake): Yellow (you) 75 %, Blue 50 %; \
                     `mice-cake analyse {id}` tells each round"
                )
                .as_str()
            )
        );
    }
}

#[test]
fn a_spectator_arriving_in_game_two_is_given_game_one_too() {
    let (mut player, mut room) = assigning();
    feed(&mut player, room.play_to_the_end());
    feed(&mut player, room.rematch(SEED + 1));
    feed(&mut player, room.play_greedy_round());
    let seen = player.tracker.past.clone();
    assert_eq!(seen.len(), 1);
    // A spectator comes in now: the room's earlier game is asked for…
    room.member = None;
    let mut late = quiet(Instant::now());
    let mut asked = Vec::new();
    for message in room.entered() {
        for cmd in update(&mut late, Msg::Net(NetEvent::Message(message))) {
            if let Cmd::FetchEarlier(games) = cmd {
                asked.extend(games);
            }
        }
    }
    let id = seen[0].game_id.unwrap_or_else(|| panic!("a recorded game"));
    assert_eq!(asked, vec![(1, id)]);
    // …and, once fetched, listed under this game's rounds.
    update(&mut late, Msg::EarlierGames(seen));
    let lines: Vec<String> = log_lines(&late.tracker, None, late.now, 78)
        .iter()
        .map(line_text)
        .collect();
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("── Game 1: ann (Yellow) vs bob (Blue)")),
        "{lines:#?}"
    );
    // Once listed, it is not asked for again.
    assert!(late.tracker.earlier_unseen().is_empty());
    // The end of game 2 names game 1's replay too.
    feed(&mut player, room.play_to_the_end());
    let shown = screen(&player, 100, 32);
    assert!(
        shown.contains(&format!("game 1: mice-cake replay {id}")),
        "{shown}"
    );
}

/// As a reviewer found (an old defect back): PgDn stopped a line short of
/// the oldest round in a boost game at 80×24. At every size, PgDn as far
/// as it goes shows the log's last line, and no blank page past it.
#[test]
fn page_down_reaches_the_last_line_of_the_oldest_round() {
    let rules = Options {
        boost: true,
        ..Options::default()
    };
    for (seed, finished) in [
        (SEED, false),
        (7, false),
        (11, false),
        (SEED, true),
        (7, true),
    ] {
        let (mut model, mut room) = playing_by(rules, seed);
        if finished {
            feed(&mut model, room.play_to_the_end());
            press(&mut model, KeyCode::Enter);
        } else {
            for _ in 0..6 {
                feed(&mut model, room.play_greedy_round());
            }
        }
        for (width, height) in [(80, 24), (60, 20), (100, 30), (120, 40)] {
            update(&mut model, Msg::Resize(width, height));
            model.scroll = 0;
            for _ in 0..80 {
                press(&mut model, KeyCode::PageDown);
            }
            // The chat has a pane of its own beside the rounds from 110.
            let log_width = if width >= 110 { width - 42 } else { width };
            let lines = log_lines(&model.tracker, None, model.now, log_width - 2);
            let last = line_text(lines.last().unwrap());
            let shown = screen(&model, width, height);
            let log_rows: Vec<&str> = shown.lines().skip(1 + 12).collect();
            assert!(
                log_rows.iter().any(|row| row.contains(last.trim_end())),
                "{seed} {finished} {width}×{height}: {last:?} never shows:\n{shown}"
            );
        }
    }
}

/// As a reviewer found: the command told to the opponent left out
/// `--server`, so that it joined nothing (or a room of the same code on
/// the default server). It is said when the server is not the default.
#[test]
fn the_join_command_told_to_the_opponent_names_a_server_not_the_default() {
    let room = FakeRoom::new(Some(Seat::Yellow), SEED);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    let shown = screen(&model, 100, 30);
    assert!(shown.contains("Tell them to run:"), "{shown}");
    assert!(shown.contains("mice-cake join K7QMX"), "{shown}");
    model.server = "wss://cake.example.org".into();
    let shown = screen(&model, 60, 20);
    assert!(
        shown.contains("mice-cake --server wss://cake.example.org join K7QMX"),
        "{shown}"
    );
    let told = crate::plain::describe(&room.joined(), "wss://cake.example.org");
    assert!(
        told.iter()
            .any(|line| line.ends_with("mice-cake --server wss://cake.example.org join K7QMX")),
        "{told:?}"
    );
}

/// As a reviewer found: the wait for an opponent showed no time, said
/// nothing of the bot to come, and the bot's game began without asking.
/// The wait counts; the bot is announced; once offered it is asked about:
/// y makes its room (the link fills in the key), n keeps seeking.
#[test]
fn play_now_shows_the_wait_announces_the_bot_and_asks_before_playing_it() {
    use mice_cake_protocol::{Pool, Rating, RoomOptions};
    let start = Instant::now();
    let mut model = Model::with(
        Settings {
            animation: false,
            bot_after: Some(Duration::from_secs(30)),
            ..Settings::default()
        },
        start,
    );
    model.tracker.sealer = crate::fixture::sealer();
    let seeking = ServerMessage::Seeking {
        pool: Some(Pool::Standard),
        deadline_ms: Some(60_000),
        rated: true,
        rating: Rating::default(),
        paired_last: None,
    };
    feed(&mut model, [seeking]);
    update(&mut model, Msg::Tick(start + Duration::from_secs(12)));
    let shown = screen(&model, 80, 24);
    assert!(shown.contains("looking for an opponent"), "{shown}");
    assert!(shown.contains("Waiting 0:12"), "{shown}");
    assert!(shown.contains("bot is offered in 0:18"), "{shown}");
    assert!(!shown.contains("PgUp"), "{shown}");
    let offer = ServerMessage::BotOffered {
        policy: mice_cake_engine::Policy::Greedy,
        options: RoomOptions::default(),
    };
    feed(&mut model, [offer.clone()]);
    let shown = screen(&model, 80, 24);
    assert!(
        shown.contains("Play the server's greedy bot (unrated)?"),
        "{shown}"
    );
    // n: no game; the seek goes on, and the offer is gone.
    assert!(press(&mut model, KeyCode::Char('n')).is_empty());
    assert!(model.bot_offer.is_none());
    assert!(!screen(&model, 80, 24).contains("Play the server's"));
    // Offered again, y: the room for the bot, asked of the link.
    feed(&mut model, [offer]);
    let cmds = press(&mut model, KeyCode::Char('y'));
    assert!(
        matches!(
            cmds.as_slice(),
            [Cmd::Send(ClientMessage::CreateRoom { key: None, .. })]
        ),
        "{cmds:?}"
    );
}

/// A challenge made: the screen says what it is, its link and that `q`
/// takes it back, until its room is entered; a challenge to this player
/// that comes during a game is told at the bottom, with how to accept it.
#[test]
fn a_challenge_waits_on_screen_and_a_new_one_is_told_at_the_bottom() {
    use mice_cake_protocol::{Challenge, ChallengeEnd, ChallengePlayer, RoomOptions};
    let player = |byte: u8, name: &str| ChallengePlayer {
        key: mice_cake_engine::PlayerSecret::from_bytes([byte; 32]).public_key(),
        name: name.into(),
        bot: false,
    };
    let made = Challenge {
        id: "K7M2QX9PHT".parse().unwrap(),
        from: player(1, "ann"),
        to: player(2, "Bea"),
        options: RoomOptions {
            first_to: 3,
            ..RoomOptions::default()
        },
        expires_in_ms: 600_000,
    };
    let mut model = quiet(Instant::now());
    feed(
        &mut model,
        [ServerMessage::ChallengeSent {
            challenge: made.clone(),
        }],
    );
    let shown = screen(&model, 100, 24);
    assert!(
        shown.contains("challenge K7M2QX9PHT sent to Bea"),
        "{shown}"
    );
    assert!(
        shown.contains("http://localhost:8080/c/K7M2QX9PHT"),
        "{shown}"
    );
    assert!(shown.contains("q takes the challenge back"), "{shown}");
    // q quits at once (the link takes the challenge back as it leaves).
    assert_eq!(press(&mut model, KeyCode::Char('q')), vec![Cmd::Quit]);
    let room = FakeRoom::new(Some(Seat::Yellow), SEED);
    let accepted = ServerMessage::ChallengeEnded {
        id: made.id,
        end: ChallengeEnd::Accepted {
            code: "K7QMX".parse().unwrap(),
        },
    };
    feed(&mut model, [accepted]);
    assert!(
        screen(&model, 100, 24).contains("accepted: on to room K7QMX"),
        "{}",
        screen(&model, 100, 24)
    );
    feed(&mut model, [room.joined()]);
    assert!(model.challenge.is_empty());
    // Its other seat is the other player's: nobody is told to join.
    let shown = screen(&model, 100, 24);
    assert!(
        shown.contains("the room waits for your opponent"),
        "{shown}"
    );
    assert!(!shown.contains("mice-cake join"), "{shown}");
    let another = Challenge {
        id: "AAAA222222".parse().unwrap(),
        from: player(3, "Cid"),
        to: player(1, "ann"),
        ..made
    };
    feed(
        &mut model,
        [ServerMessage::Challenged { challenge: another }],
    );
    let notice = model.notice.clone().unwrap_or_default();
    assert!(notice.starts_with("Cid ("), "{notice}");
    assert!(
        notice.ends_with("to accept: mice-cake accept AAAA222222"),
        "{notice}"
    );
}
