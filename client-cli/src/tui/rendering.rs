//! Snapshots of the screen in each phase of a game, drawn on ratatui's
//! `TestBackend` from models fed the messages a server sends.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use mice_cake_engine::{Assignment, Seat};
use mice_cake_protocol::ServerMessage;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

use super::model::{Cmd, Model, Msg, Settings, update};
use super::view::{color, view};
use crate::fixture::FakeRoom;
use crate::net::NetEvent;

pub(super) const SEED: u64 = 5;

/// A model that shows reveals at once (the animation has its own tests).
pub(super) fn quiet(now: Instant) -> Model {
    let mut model = Model::with(
        Settings {
            animation: false,
            ..Settings::default()
        },
        now,
    );
    model.tracker.sealer = crate::fixture::sealer();
    model
}

pub(super) fn feed(model: &mut Model, messages: impl IntoIterator<Item = ServerMessage>) {
    for message in messages {
        update(model, Msg::Net(NetEvent::Message(message)));
    }
}

/// The screen's rows, as text.
pub(super) fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect()
        })
        .collect()
}

pub(super) fn press(model: &mut Model, code: KeyCode) -> Vec<Cmd> {
    update(model, Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

pub(super) fn draw(model: &Model, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height))
        .unwrap_or_else(|error| panic!("a test terminal: {error}"));
    terminal
        .draw(|frame| view(model, frame))
        .unwrap_or_else(|error| panic!("drawn: {error}"));
    terminal
}

/// Yellow, waiting for an opponent in a new room.
pub(super) fn waiting() -> (Model, FakeRoom) {
    let room = FakeRoom::new(Some(Seat::Yellow), SEED);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    (model, room)
}

/// Yellow in round 1, two mice placed on the greedy choice's first column.
pub(super) fn assigning() -> (Model, FakeRoom) {
    let (mut model, mut room) = waiting();
    feed(&mut model, room.opponent_arrives());
    feed(&mut model, [room.spectators(2)]);
    press(&mut model, KeyCode::Char('g'));
    let greedy = model.editor.mice;
    press(&mut model, KeyCode::Char('x'));
    let column = greedy.iter().position(|mice| *mice > 0).unwrap_or(0);
    press(&mut model, KeyCode::Char(char::from(b'a' + column as u8)));
    press(&mut model, KeyCode::Up);
    press(&mut model, KeyCode::Up);
    (model, room)
}

#[test]
fn a_bot_and_a_game_that_is_not_rated_are_said() {
    let mut room = FakeRoom::new(Some(Seat::Yellow), SEED)
        .rated(Some(mice_cake_protocol::NotRated::BotAgainstPerson));
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.bot_arrives());
    for (width, height) in [(80, 24), (60, 20)] {
        let screen = rows(&draw(&model, width, height)).join("\n");
        assert!(screen.contains("bob [BOT]"), "{width}×{height}:\n{screen}");
        assert!(screen.contains("not rated"), "{width}×{height}:\n{screen}");
    }
    let screen = rows(&draw(&model, 100, 32)).join("\n");
    assert!(
        screen.contains("This game is not rated: a bot plays a person"),
        "{screen}"
    );
    // A person, in a rated game that counts: neither said.
    let mut room = FakeRoom::new(Some(Seat::Yellow), SEED).rated(None);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.opponent_arrives());
    let screen = rows(&draw(&model, 100, 32)).join("\n");
    assert!(
        !screen.contains("[BOT]") && !screen.contains("not rated"),
        "{screen}"
    );
    assert!(screen.contains("rated"), "{screen}");
}

#[test]
fn lobby_waiting_for_an_opponent() {
    let (model, _room) = waiting();
    insta::assert_snapshot!(draw(&model, 80, 24).backend());
}

#[test]
fn assigning_mice_with_the_odds() {
    let (model, _room) = assigning();
    let terminal = draw(&model, 80, 24);
    insta::assert_snapshot!(terminal.backend());
    // The piece each family would attempt is drawn in its colour.
    let buffer = terminal.backend().buffer();
    let coloured: Vec<Color> = buffer.content().iter().map(|cell| cell.fg).collect();
    for seat in Seat::ALL {
        assert!(
            coloured.contains(&color(seat)) || coloured.contains(&Color::Magenta),
            "{seat}'s pieces are coloured"
        );
    }
}

#[test]
fn assigning_in_a_larger_terminal() {
    let (model, _room) = assigning();
    insta::assert_snapshot!(draw(&model, 120, 36).backend());
}

#[test]
fn committed_and_waiting_for_the_opponent() {
    let (mut model, mut room) = assigning();
    press(&mut model, KeyCode::Char('g'));
    let assignment = model.editor.assignment();
    // Sealed by the client, then in: the server says so.
    press(&mut model, KeyCode::Enter);
    feed(&mut model, room.commit(Seat::Yellow, assignment));
    let later = model.now + Duration::from_secs(17);
    update(&mut model, Msg::Tick(later));
    insta::assert_snapshot!(draw(&model, 80, 24).backend());
}

#[test]
fn the_reveal_and_the_rounds_log() {
    let (mut model, mut room) = assigning();
    for _ in 0..3 {
        feed(&mut model, room.play_greedy_round());
    }
    insta::assert_snapshot!(draw(&model, 80, 24).backend());
}

#[test]
fn game_over() {
    let (mut model, mut room) = assigning();
    feed(&mut model, room.play_to_the_end());
    insta::assert_snapshot!(draw(&model, 80, 24).backend());
}

#[test]
fn a_spectator_mid_game_with_a_player_away() {
    let mut room = FakeRoom::new(None, SEED);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.opponent_arrives());
    for _ in 0..2 {
        feed(&mut model, room.play_greedy_round());
    }
    feed(&mut model, room.commit(Seat::Yellow, Assignment::default()));
    feed(
        &mut model,
        [room.connection(Seat::Blue, false), room.spectators(3)],
    );
    let later = model.now + Duration::from_millis(4_500);
    update(&mut model, Msg::Tick(later));
    insta::assert_snapshot!(draw(&model, 80, 24).backend());
}

#[test]
fn help_overlay() {
    let (mut model, _room) = assigning();
    press(&mut model, KeyCode::Char('?'));
    insta::assert_snapshot!(draw(&model, 80, 24).backend());
}

#[test]
fn reconnecting_is_shown() {
    let (mut model, _room) = assigning();
    update(
        &mut model,
        Msg::Net(NetEvent::Reconnecting {
            attempt: 3,
            wait: Duration::from_secs(1),
            reason: "connection reset".into(),
        }),
    );
    let terminal = draw(&model, 80, 24);
    let top: String = (0..80)
        .map(|x| terminal.backend().buffer()[(x, 0)].symbol().to_owned())
        .collect();
    assert!(top.contains("reconnecting (try 3)"), "title bar: {top}");
}

#[test]
fn a_connection_lost_for_good_says_why_at_the_bottom() {
    let (mut model, _room) = assigning();
    update(
        &mut model,
        Msg::Net(NetEvent::Closed("that seat token is not valid".into())),
    );
    let terminal = draw(&model, 80, 24);
    let bottom: String = (0..80)
        .map(|x| terminal.backend().buffer()[(x, 23)].symbol().to_owned())
        .collect();
    assert!(
        bottom.contains("Disconnected: that seat token is not valid. q quits."),
        "{bottom}"
    );
}

#[test]
fn tiny_and_odd_sizes_draw_without_panicking() {
    let (mut model, mut room) = assigning();
    for (width, height) in [(1, 1), (20, 5), (40, 12), (79, 23), (200, 60)] {
        draw(&model, width, height);
    }
    feed(&mut model, room.play_to_the_end());
    press(&mut model, KeyCode::Char('?'));
    for (width, height) in [(1, 1), (20, 5), (40, 12)] {
        draw(&model, width, height);
    }
}

/// A game of the all-face-down boost variant with a clock, a few rounds
/// in: the longest title there is.
fn long_words() -> Model {
    let rules = mice_cake_engine::Options {
        reveal: mice_cake_engine::Reveal::AllFaceDown,
        boost: true,
        ..mice_cake_engine::Options::default()
    };
    let mut room = FakeRoom::with_rules(Some(Seat::Yellow), SEED, rules);
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.opponent_arrives());
    for _ in 0..4 {
        feed(&mut model, room.play_greedy_round());
    }
    model
}

#[test]
fn each_width_shows_whole_words() {
    let model = long_words();
    for width in [60u16, 80, 100, 150] {
        let rows = rows(&draw(&model, width, 32));
        let title = rows[0].trim_end();
        // The variant whole, or not at all; the spectators likewise.
        let variant = "all face down, boost, 1:00/round";
        assert!(
            title.contains(variant) || !title.contains("all face"),
            "{width}: {title}"
        );
        assert!(
            title.contains("0 watching") || !title.contains("watch"),
            "{width}: {title}"
        );
        // A family's status whole, beside its name or before its score:
        // no word is a cut piece of one.
        let cut = [
            "thi", "thin", "think", "thinki", "thinkin", "co", "com", "commi", "committe",
        ];
        for row in &rows {
            for word in row.split(['│', ' ']) {
                assert!(!cut.contains(&word), "{width}: {word:?} in {row}");
            }
        }
        // A stash ends with a whole piece or the count of the others.
        for row in rows.iter().filter(|row| row.contains(" pips, ")) {
            let inner = row.trim_end_matches(['│', ' ']);
            assert!(!inner.ends_with('…'), "{width}: {row}");
        }
    }
    insta::assert_snapshot!("whole_words_80", draw(&model, 80, 24).backend());
    insta::assert_snapshot!("whole_words_100", draw(&model, 100, 32).backend());
    insta::assert_snapshot!("whole_words_150", draw(&model, 150, 40).backend());
}

/// The longest names allowed (32 characters), rated and provisional, in
/// the variant with the longest words, a few rounds in: `member`'s view.
fn longest_names(member: Option<Seat>) -> (Model, FakeRoom) {
    use crate::fixture::player;
    use mice_cake_protocol::{PlayerInfo, Rating};
    let rules = mice_cake_engine::Options {
        reveal: mice_cake_engine::Reveal::AllFaceDown,
        boost: true,
        ..mice_cake_engine::Options::default()
    };
    let rated = |name: &str| PlayerInfo {
        rating: Some(Rating {
            rating: 1523.0,
            deviation: 120.0,
            volatility: 0.06,
            games: 3,
            provisional: true,
        }),
        ..player(name)
    };
    let mut room = FakeRoom::with_rules(member, SEED, rules)
        .rated(None)
        .yellow_is(rated("Wolfgang Amadeus Mozartissimo XY"));
    let mut model = quiet(Instant::now());
    feed(&mut model, [room.joined()]);
    feed(&mut model, room.opponent_arrives_as(rated(&"W".repeat(32))));
    for _ in 0..4 {
        feed(&mut model, room.play_greedy_round());
    }
    (model, room)
}

/// The words on `rows` cut by a box's right border: a word (letters,
/// digits, punctuation) running into `│` that is not the mice's dots and
/// does not end with `…`, nor is one of the `whole` words that a wrap
/// may leave there (the screens are fixed: the words that do are known).
/// A border seen through a window's edge is no word.
fn cut_words(rows: &[String], whole: &[&str]) -> Vec<String> {
    let mut cut = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        for (x, c) in chars.iter().enumerate().skip(1) {
            if *c != '│' {
                continue;
            }
            let word: String = chars[..x]
                .iter()
                .rev()
                .take_while(|c| **c != ' ' && **c != '│')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let dots = word.chars().all(|c| c == '●' || c == 'z');
            let border = word.contains(['─', '┐', '┘', '┌', '└']);
            if border {
                continue;
            }
            if !word.is_empty() && !dots && !word.ends_with('…') && !whole.contains(&word.as_str())
            {
                cut.push(format!("row {y}: {word:?} in {row}"));
            }
        }
    }
    cut
}

/// As a reviewer found at 60×20 and 80×24: words cut by borders — a
/// family's score, its status, the mice, the move panel's title, the
/// verdict. With the longest names there are, in every phase, for a
/// player and a spectator: no word is cut, and the mice show whole.
#[test]
fn the_longest_names_and_texts_cut_no_word_at_60x20_and_80x24() {
    let mut screens: Vec<(String, Vec<String>)> = Vec::new();
    let mut look = |what: &str, model: &Model| {
        for (width, height) in [(60, 20), (80, 24)] {
            screens.push((
                format!("{what} at {width}×{height}"),
                rows(&draw(model, width, height)),
            ));
        }
    };
    let (mut model, mut room) = longest_names(Some(Seat::Yellow));
    look("assigning", &model);
    press(&mut model, KeyCode::Char('g'));
    look("a move placed", &model);
    let assignment = model.editor.assignment();
    press(&mut model, KeyCode::Enter);
    feed(&mut model, room.commit(Seat::Yellow, assignment));
    look("committed", &model);
    update(
        &mut model,
        Msg::Net(NetEvent::Reconnecting {
            attempt: 3,
            wait: Duration::from_secs(2),
            reason: "connection reset by peer".into(),
        }),
    );
    look("reconnecting", &model);
    let (mut watcher, mut watched) = longest_names(None);
    look("watching", &watcher);
    feed(&mut watcher, watched.play_to_the_end());
    let id = watcher.finished().and_then(|(_, id)| id).expect("an id");
    update(
        &mut watcher,
        Msg::Verified(
            id,
            crate::verify::Checked {
                verdict: "verified fair: the seed matches".into(),
                accuracy: Some(mice_cake_engine::Seated {
                    yellow: 100.0,
                    blue: 92.8,
                }),
            },
        ),
    );
    // The result's window covers the boxes (cutting what is under it, as
    // any window does): its own words are whole, every one of them.
    for (width, height) in [(60, 20), (80, 24)] {
        let shown = rows(&draw(&watcher, width, height)).join("\n");
        for words in [
            "verified fair:",
            "dice nobody chose,",
            "nobody saw",
            "early",
            "Accuracy: Yellow 100 %, Blue 93 %",
        ] {
            assert!(shown.contains(words), "{shown}");
        }
    }
    press(&mut watcher, KeyCode::Enter);
    look("the end, watched", &watcher);
    for (what, rows) in &screens {
        // The odds' last word, wrapped exactly at the 60-column panel; the
        // replay's id, which fills the result's window.
        let cut = cut_words(rows, &["boost", "00000000-0000-0000-0000-000000005eed"]);
        assert!(
            cut.is_empty(),
            "{what}:\n{}\n{}",
            cut.join("\n"),
            rows.join("\n")
        );
        // Every mouse shows: the dots of both families, whole.
        if what.starts_with("assigning") {
            let dots = rows.iter().filter(|row| row.contains("●●●●")).count();
            assert_eq!(dots, 2, "{what}:\n{}", rows.join("\n"));
            // Whether the game counts, on the smallest screen too.
            assert!(rows[0].contains("  rated"), "{what}: {}", rows[0]);
        }
    }
    let (model, _room) = longest_names(Some(Seat::Yellow));
    insta::assert_snapshot!("longest_names_60", draw(&model, 60, 20).backend());
    insta::assert_snapshot!("longest_names_80", draw(&model, 80, 24).backend());
}

/// The words of `rows` that say a message is missing from the catalogue
/// (`{tui-…}`) or left in English where `language` is spoken.
fn untranslated(rows: &[String], english: &[&str]) -> Vec<String> {
    let screen = rows.join("\n");
    let mut found: Vec<String> = english
        .iter()
        .filter(|words| screen.contains(*words))
        .map(|words| (*words).to_owned())
        .collect();
    if screen.contains("{tui-") {
        found.push("a missing message".into());
    }
    found
}

/// French and Spanish are longer than English: drawn in each, with the
/// longest names and the variant with the longest words, the screen of a
/// game speaks the language (the board, the families, the move, the
/// rounds, the hints, the help), every box's words fit it (no word cut
/// by a border), and no title runs past its border. The catalogue is the
/// language's on this test's thread only ([`crate::catalogue::speaking`]):
/// the other tests, drawing beside it, read English.
#[test]
fn a_game_drawn_in_french_or_spanish_speaks_it_and_fits_its_boxes() {
    // Words of the interface's own in English ("Mice Cake" is a name).
    let english = [
        "below",
        "Families",
        "Rounds",
        "Your move",
        "Yellow",
        "(you)",
        "Help",
        "choose",
    ];
    for (language, words) in [
        (
            "fr",
            [
                "Gâteau", "Familles", "Manches", "Jaune", "Bleu", "(vous)", "manche",
            ],
        ),
        (
            "es",
            [
                "Pastel", "Familias", "Rondas", "Amarillo", "Azul", "(tú)", "ronda",
            ],
        ),
    ] {
        crate::catalogue::speaking(language, || {
            let (assigning, _room) = longest_names(Some(Seat::Yellow));
            let (mut model, mut room) = longest_names(Some(Seat::Yellow));
            press(&mut model, KeyCode::Char('g'));
            let assignment = model.editor.assignment();
            press(&mut model, KeyCode::Enter);
            feed(&mut model, room.commit(Seat::Yellow, assignment));
            let sizes = [(60, 20), (80, 24), (120, 36)];
            for (shown_model, (width, height)) in [&assigning, &model]
                .into_iter()
                .flat_map(|model| sizes.map(|size| (model, size)))
            {
                let rows = rows(&draw(shown_model, width, height));
                let shown = rows.join("\n");
                for word in words {
                    assert!(
                        shown.contains(word),
                        "{language} {width}×{height}: {word:?} in\n{shown}"
                    );
                }
                let left = untranslated(&rows, &english);
                assert!(left.is_empty(), "{language}: {left:?} in\n{shown}");
                let cut = cut_words(&rows, &[]);
                assert!(
                    cut.is_empty(),
                    "{language} {width}×{height}:\n{}\n{shown}",
                    cut.join("\n")
                );
                // Each box's title whole on its border: a cut one runs into
                // the corner, a letter against it.
                for row in &rows {
                    let chars: Vec<char> = row.chars().collect();
                    for pair in chars.windows(2) {
                        assert!(
                            !(pair[1] == '┐' && pair[0].is_alphanumeric()),
                            "{language} {width}×{height}: a title cut in {row}"
                        );
                    }
                }
                // The move's title, the board's and the families' whole.
                let titles = [
                    format!(" {} ", crate::tr!("tui-families")),
                    format!(" {} ", crate::tr!("tui-board-cake")),
                    format!(" {} ", crate::tr!("tui-rounds")),
                ];
                for title in &titles {
                    assert!(shown.contains(title.as_str()), "{title:?} in\n{shown}");
                }
            }
            // The help: every line of it whole (neither wrapped nor cut), in
            // a box that fits the screen.
            press(&mut model, KeyCode::Char('?'));
            let help = [
                "tui-help-goal",
                "tui-help-dice",
                "tui-help-boost-game",
                "tui-help-steal",
                "tui-help-colours",
                "tui-help-legend",
                "tui-help-close",
                "tui-help-key-columns",
                "tui-help-choose-column",
                "tui-help-add-remove-mouse",
                "tui-help-choose-steal",
                "tui-help-greedy",
                "tui-help-scroll",
                "tui-help-rematch",
                "tui-help-spectators-chat",
                "tui-help-rounds-or-chat",
                "tui-help-quit-asks",
            ];
            for (width, height) in [(80, 24), (120, 36)] {
                let rows = rows(&draw(&model, width, height));
                let shown = rows.join("\n");
                for id in help {
                    let words = crate::catalogue::words().format(id, None);
                    for line in words.lines() {
                        assert!(
                            rows.iter().any(|row| row.contains(&format!("│{line}"))
                                || row.contains(&format!(" {line}"))),
                            "{language} {width}×{height}: {line:?} in\n{shown}"
                        );
                    }
                }
                let left = untranslated(&rows, &english);
                assert!(left.is_empty(), "{language}: {left:?} in\n{shown}");
            }
        });
    }
}
