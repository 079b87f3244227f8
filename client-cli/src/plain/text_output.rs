//! The server's messages in sentences, and the tables of rooms and seats.

use mice_cake_engine::Seat;
use mice_cake_protocol::{ChallengeEnd, RoomEvent, RoomStatus, ServerMessage};

use crate::server_kinds::{Kind, kind};
use crate::text::{self, column_width, fit, pad};
use crate::tr;

/// A quick pairing's news (`seeking`, `bot_offered`, `paired`,
/// `seek_ended`), in a sentence; `None` for any other message.
pub fn seek_line(message: &ServerMessage) -> Option<String> {
    let time = |deadline_ms: Option<u64>| match deadline_ms {
        Some(ms) => humantime::format_duration(std::time::Duration::from_millis(ms)).to_string(),
        None => tr!("plain-any-time"),
    };
    let kind = |rated: bool| if rated { "rated" } else { "casual" };
    Some(match message {
        ServerMessage::Seeking {
            pool,
            deadline_ms,
            rated,
            rating,
            paired_last,
        } => {
            let pool = pool.map_or_else(|| tr!("plain-any-pool"), text::pool_words);
            let time = time(*deadline_ms);
            match paired_last {
                None => tr!(
                    "plain-seeking",
                    pool = pool,
                    time = time,
                    kind = kind(*rated),
                    rating = rating.shown()
                ),
                Some(conduct) => tr!(
                    "plain-seeking-paired-last",
                    pool = pool,
                    time = time,
                    kind = kind(*rated),
                    rating = rating.shown(),
                    aborted = conduct.aborted,
                    games = conduct.games
                ),
            }
        }
        ServerMessage::BotOffered { policy, .. } => {
            tr!("plain-bot-offered", policy = policy.to_string())
        }
        ServerMessage::Paired {
            code,
            pool,
            deadline_ms,
            rated,
            opponent,
            rating,
            opponent_bot,
        } => tr!(
            "plain-paired",
            opponent = opponent.as_str(),
            badge = if *opponent_bot { " [BOT]" } else { "" },
            rating = rating.shown(),
            code = code.to_string(),
            pool = text::pool_words(*pool),
            time = time(*deadline_ms),
            kind = kind(*rated)
        ),
        // Said from whether the seek goes on: the server's reason is English.
        // A challenge's game called off ends the run: the outcome says it.
        ServerMessage::Unpaired {
            code,
            requeued,
            challenge: None,
            ..
        } => {
            let reason = if *requeued {
                tr!("unpaired-requeued")
            } else {
                tr!("unpaired-not-requeued")
            };
            tr!("plain-unpaired", code = code.to_string(), reason = reason)
        }
        ServerMessage::SeekEnded { reason, cause } => {
            tr!("plain-seek-ended", why = text::seek_end(*cause, reason))
        }
        _ => return None,
    })
}

/// A server message, in sentences (reveals are written by [`text::round`]).
pub fn describe(message: &ServerMessage, server: &str) -> Vec<String> {
    if let Some(line) = seek_line(message) {
        return vec![line];
    }
    match kind(message) {
        Kind::Welcome | Kind::Notice => notice_lines(message),
        Kind::Admission => admission_lines(message, server),
        Kind::Room => room_lines(message),
        // A seek's news above.
        Kind::Seek => Vec::new(),
        Kind::Arena => arena_lines(message),
        Kind::Challenge => challenge_lines(message),
    }
}

/// A challenge's news: a new one to the player, one accepted (one that
/// ended otherwise is the run's outcome, told once), whom the player
/// takes challenges from.
fn challenge_lines(message: &ServerMessage) -> Vec<String> {
    match message {
        ServerMessage::Challenged { challenge } => {
            vec![crate::challenges::challenged_line(challenge)]
        }
        ServerMessage::ChallengeEnded {
            id,
            end: end @ ChallengeEnd::Accepted { .. },
        } => vec![crate::challenges::end_words(*id, *end)],
        ServerMessage::ChallengesFromSet { from } => vec![crate::challenges::from_words(*from)],
        ServerMessage::BotDescribed { card, .. } => vec![tr!(
            "plain-bot-described",
            engine = card.engine.as_str(),
            version = card.version.as_str()
        )],
        _ => Vec::new(),
    }
}

/// The welcome, an error, the server's goodbye, a new name.
fn notice_lines(message: &ServerMessage) -> Vec<String> {
    match message {
        ServerMessage::Welcome { server, .. } => {
            vec![tr!("plain-connected", server = server.as_str())]
        }
        ServerMessage::Error {
            code,
            message,
            args,
        } => vec![tr!(
            "plain-error",
            code = code.as_str(),
            message = crate::catalogue::refusal_with(*code, message, args)
        )],
        ServerMessage::ShuttingDown { message } => {
            vec![tr!("plain-shutting-down", message = message.as_str())]
        }
        ServerMessage::Renamed { key, name } => vec![tr!(
            "plain-renamed",
            key = key.to_string(),
            name = name.as_str()
        )],
        _ => Vec::new(),
    }
}

/// The greeting answered: a room entered, the list, an arena joined (the
/// queue's news is a seek's).
fn admission_lines(message: &ServerMessage, server: &str) -> Vec<String> {
    match message {
        ServerMessage::RoomList { rooms, total } => rooms_table(rooms, *total),
        ServerMessage::ChallengeSent { challenge } => {
            let mut lines = crate::challenges::sent_lines(challenge, &crate::cli::http_url(server));
            lines.push(tr!("plain-challenge-waiting"));
            lines
        }
        // Those waiting, as the connection answers them (accepting one).
        ServerMessage::Challenges { .. } => Vec::new(),
        ServerMessage::Joined { seat, state, .. } => {
            let mut lines = Vec::new();
            match seat {
                Some(seat) => {
                    lines.push(you_are(state.code, *seat));
                    if state.players[seat.opponent()].is_none() {
                        lines.push(tr!(
                            "plain-waiting-for-opponent",
                            command = crate::cli::join_command(state.code, server)
                        ));
                    }
                }
                None => lines.push(tr!("plain-watching-room", code = state.code.to_string())),
            }
            lines
        }
        _ => arena_lines(message),
    }
}

/// `room K7QMX — you are Yellow`.
pub(super) fn you_are(code: mice_cake_protocol::RoomCode, seat: Seat) -> String {
    tr!(
        "plain-you-are",
        code = code.to_string(),
        seat = text::seat_name(seat)
    )
}

/// An arena's news, as [`crate::arena_text`] tells it.
fn arena_lines(message: &ServerMessage) -> Vec<String> {
    crate::arena_text::lines(message, crate::arena_text::now_ms()).unwrap_or_default()
}

/// The room's news (rounds and chat lines are told by the player).
fn room_lines(message: &ServerMessage) -> Vec<String> {
    match message {
        ServerMessage::State { state } => match state.you {
            Some(seat) => vec![tr!("plain-new-game", seat = text::seat_name(seat))],
            None => Vec::new(),
        },
        ServerMessage::Left { code } => vec![tr!("plain-left-room", code = code.to_string())],
        ServerMessage::Event { event, .. } => event_lines(event),
        _ => Vec::new(),
    }
}

/// A room event, in sentences.
fn event_lines(event: &RoomEvent) -> Vec<String> {
    use RoomEvent as E;
    let seat_name = |seat: &Seat| text::seat_name(*seat);
    match event {
        E::PlayerJoined { seat, player } => vec![tr!(
            "plain-player-joined",
            name = player.name.as_str(),
            badge = text::bot_badge(player),
            seat = seat_name(seat)
        )],
        E::GameStarted {
            game,
            players,
            not_rated,
            ..
        } => {
            let mut lines = vec![tr!(
                "plain-game-begins",
                game = *game,
                yellow = players.yellow.name.as_str(),
                yellow_badge = text::bot_badge(&players.yellow),
                blue = players.blue.name.as_str(),
                blue_badge = text::bot_badge(&players.blue)
            )];
            if let Some(why) = not_rated {
                lines.push(tr!("plain-not-rated", why = text::not_rated(*why)));
            }
            lines
        }
        E::RoundStarted { .. } | E::Revealed { .. } => Vec::new(),
        E::Sealed { seat, round, .. } if *round > 0 => {
            vec![tr!("plain-committed", seat = seat_name(seat))]
        }
        E::Sealed { .. } | E::Dealt { .. } => Vec::new(),
        E::Connection {
            seat,
            connected: true,
            ..
        } => vec![tr!("plain-back", seat = seat_name(seat))],
        E::Connection {
            seat,
            connected: false,
            grace_ms,
        } => vec![match grace_ms {
            Some(ms) => tr!(
                "plain-disconnected-grace",
                seat = seat_name(seat),
                seconds = ms / 1000
            ),
            None => tr!("plain-disconnected", seat = seat_name(seat)),
        }],
        E::Spectators { count } => vec![tr!("plain-spectators", count = *count)],
        E::RematchRequested { seat } => vec![tr!("plain-rematch", seat = seat_name(seat))],
        E::PlayerLeft { seat } => vec![tr!("plain-player-left", seat = seat_name(seat))],
        // Told by `Printer::game_over` (and a match's end by
        // `Printer::match_score`), however the end was learnt.
        E::GameOver { .. } | E::MatchEnded { .. } => Vec::new(),
        E::Rated { seat, rating } => vec![tr!(
            "plain-rated",
            seat = seat_name(seat),
            rating = rating.shown(),
            deviation = format!("{:.0}", rating.deviation),
            games = rating.games
        )],
    }
}

/// The public rooms as a table: code, status, players (with their ratings),
/// round shown only while a game is on.
pub fn rooms_table(rooms: &[mice_cake_protocol::RoomSummary], total: u32) -> Vec<String> {
    if rooms.is_empty() {
        return vec![tr!("plain-no-public-rooms")];
    }
    let headings = [
        tr!("plain-rooms-code"),
        tr!("plain-rooms-status"),
        tr!("plain-rooms-yellow"),
        tr!("plain-rooms-blue"),
        tr!("plain-rooms-round"),
        tr!("plain-rooms-watching"),
    ];
    let statuses = [
        tr!("plain-room-waiting"),
        tr!("plain-room-playing"),
        tr!("plain-room-finished"),
    ];
    let widths = [
        column_width(6, [headings[0].as_str()]),
        column_width(
            9,
            statuses
                .iter()
                .map(String::as_str)
                .chain([headings[1].as_str()]),
        ),
        NAME_COLUMN,
        NAME_COLUMN,
        column_width(5, [headings[4].as_str()]),
        column_width(8, [headings[5].as_str()]),
    ];
    let line = |cells: [&str; 6]| {
        format!(
            "{} {} {} {} {} {}",
            pad(cells[0], widths[0], true),
            pad(cells[1], widths[1], true),
            fit(cells[2], widths[2]),
            fit(cells[3], widths[3]),
            pad(cells[4], widths[4], false),
            pad(cells[5], widths[5], false)
        )
    };
    let mut lines = vec![line(headings.each_ref().map(String::as_str))];
    for room in rooms {
        // A rating, where known, goes before the name: a long name is cut,
        // never the rating.
        let name = |seat: Seat| {
            let name = room.players[seat].clone().unwrap_or_else(|| "—".into());
            match room.ratings[seat] {
                Some(rating) => format!("{} {name}", rating.shown()),
                None => name,
            }
        };
        let status = match room.status {
            RoomStatus::Waiting => &statuses[0],
            RoomStatus::Playing => &statuses[1],
            RoomStatus::Finished => &statuses[2],
        };
        let round = if room.status == RoomStatus::Playing && room.round > 0 {
            room.round.to_string()
        } else {
            "—".into()
        };
        lines.push(line([
            &room.code.to_string(),
            status,
            &name(Seat::Yellow),
            &name(Seat::Blue),
            &round,
            &room.spectators.to_string(),
        ]));
    }
    if total as usize > rooms.len() {
        lines.push(tr!(
            "plain-rooms-more",
            count = total as usize - rooms.len()
        ));
    }
    lines
}

/// Width of a name's column in tables.
pub(super) const NAME_COLUMN: usize = 16;

/// The seats this user holds, to resume.
pub fn seats_table(seats: &[crate::seats::HeldSeat]) -> Vec<String> {
    if seats.is_empty() {
        return vec![tr!("plain-no-seat")];
    }
    let now = crate::seats::now_ms();
    let headings = [
        tr!("plain-seats-room"),
        tr!("plain-seats-seat"),
        tr!("plain-seats-name"),
        tr!("plain-seats-when"),
        tr!("plain-seats-server"),
    ];
    let rows: Vec<[String; 5]> = seats
        .iter()
        .map(|held| {
            [
                held.room.to_string(),
                held.seat.map_or_else(|| "—".into(), text::seat_name),
                held.name.clone(),
                ago(now.saturating_sub(held.saved_at_ms)),
                held.server.clone(),
            ]
        })
        .collect();
    let widths = [
        column_width(6, [headings[0].as_str()]),
        column_width(
            7,
            rows.iter()
                .map(|row| row[1].as_str())
                .chain([headings[1].as_str()]),
        ),
        NAME_COLUMN,
        // Wide enough for every "ago" (`à l’instant`, `10 min ago`).
        column_width(
            9,
            rows.iter()
                .map(|row| row[3].as_str())
                .chain([headings[3].as_str()]),
        ),
    ];
    let line = |cells: [&str; 5]| {
        format!(
            "{} {} {} {} {}",
            pad(cells[0], widths[0], true),
            pad(cells[1], widths[1], true),
            fit(cells[2], widths[2]),
            pad(cells[3], widths[3], true),
            cells[4]
        )
    };
    let mut lines = vec![line(headings.each_ref().map(String::as_str))];
    lines.extend(
        rows.iter()
            .map(|row| line(row.each_ref().map(String::as_str))),
    );
    lines.push(tr!("plain-take-seat-back"));
    lines
}

/// How long ago, in a few characters: `just now`, `5 min ago`, `3 h ago`,
/// `2 d ago`.
pub(super) fn ago(ms: u64) -> String {
    let minutes = ms / 60_000;
    match minutes {
        0 => tr!("plain-ago-now"),
        1..=59 => tr!("plain-ago-minutes", count = minutes),
        60..=2_879 => tr!("plain-ago-hours", count = minutes / 60),
        _ => tr!("plain-ago-days", count = minutes / 1_440),
    }
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::Seated;
    use mice_cake_protocol::{RoomOptions, RoomStatus, RoomSummary};
    use unicode_width::UnicodeWidthStr as _;

    use super::*;

    #[test]
    fn long_and_wide_names_keep_the_columns_aligned() {
        let room = |code: &str, yellow: &str, status: RoomStatus, round: u32| RoomSummary {
            code: code.parse().unwrap(),
            status,
            players: Seated {
                yellow: Some(yellow.into()),
                blue: None,
            },
            spectators: 2,
            round,
            options: RoomOptions::default(),
            ratings: Seated::default(),
            bots: Seated::default(),
        };
        let rooms = [
            room("K7M2Q", "Ann", RoomStatus::Playing, 4),
            room(
                "ABCDE",
                "Bartholomew Longname-Smith",
                RoomStatus::Waiting,
                9,
            ),
            room("XYZ23", "李小龍李小龍李小龍李小龍", RoomStatus::Waiting, 0),
        ];
        let lines = rooms_table(&rooms, 3);
        let widths: Vec<usize> = lines.iter().map(|line| line.width()).collect();
        assert!(
            widths.windows(2).all(|pair| pair[0] == pair[1]),
            "{lines:#?}"
        );
        assert!(lines[2].contains("Bartholomew Lon…"), "{lines:#?}");
        // A waiting room shows no round: its last game's is over.
        assert!(lines[2].contains("    —"), "{}", lines[2]);
        assert!(lines[1].contains("    4"), "{}", lines[1]);
    }

    /// A plain line in the player's language: French here, from the
    /// French catalogue; English everywhere else.
    #[test]
    fn a_plain_line_comes_out_in_the_players_language() {
        let rematch = ServerMessage::Event {
            seq: 7,
            event: Box::new(RoomEvent::RematchRequested { seat: Seat::Blue }),
        };
        let server = crate::cli::DEFAULT_SERVER;
        assert_eq!(describe(&rematch, server), ["Blue asks for a rematch"]);
        let french = crate::catalogue::speaking("fr", || describe(&rematch, server));
        assert_eq!(french, ["Bleu propose une revanche"]);
        let spanish = crate::catalogue::speaking("es", || describe(&rematch, server));
        assert_eq!(spanish, ["Azul pide la revancha"]);
        // The same line formatted straight from the French catalogue.
        let words = mice_cake_words::Words::new("fr", mice_cake_words::Part::Terminal).unwrap();
        let mut args = mice_cake_words::Args::new();
        args.set(
            "seat",
            words.format(
                "text-seat",
                Some(&{
                    let mut seat = mice_cake_words::Args::new();
                    seat.set("seat", "blue");
                    seat
                }),
            ),
        );
        assert_eq!(words.format("plain-rematch", Some(&args)), french[0]);
        // A count agrees in French as French counts: 0 and 1 are singular.
        let watching = |count: u32| {
            let event = ServerMessage::Event {
                seq: 8,
                event: Box::new(RoomEvent::Spectators { count }),
            };
            crate::catalogue::speaking("fr", || describe(&event, server))
        };
        assert_eq!(watching(1), ["1 spectateur"]);
        assert_eq!(watching(2), ["2 spectateurs"]);
    }

    #[test]
    fn the_seats_table_lines_up_in_every_language() {
        let held = |seat: Seat, at: u64| crate::seats::HeldSeat {
            server: "ws://a".into(),
            room: "K7M2Q".parse().unwrap(),
            token: mice_cake_protocol::SeatToken::from_bytes([1; 16]),
            seat: Some(seat),
            name: "ann".into(),
            saved_at_ms: at,
        };
        let now = crate::seats::now_ms();
        let seats = [held(Seat::Yellow, now), held(Seat::Blue, now)];
        for language in ["en", "fr", "es"] {
            let (lines, server) = crate::catalogue::speaking(language, || {
                (seats_table(&seats), tr!("plain-seats-server"))
            });
            // Where a column starts, on screen.
            let at = |line: &str, text: &str| line.rfind(text).map(|at| line[..at].width());
            let column = at(&lines[0], &server);
            assert!(column.is_some(), "{lines:#?}");
            assert_eq!(at(&lines[1], "ws://a"), column, "{language}: {lines:#?}");
            assert_eq!(at(&lines[2], "ws://a"), column, "{language}: {lines:#?}");
        }
    }
}
