//! The server's messages in sentences, and the tables of rooms and seats.

use mice_cake_engine::Seat;
use mice_cake_protocol::{RoomEvent, RoomStatus, ServerMessage};

use crate::server_kinds::{Kind, kind};
use crate::text::{self, fit};

/// A quick pairing's news (`seeking`, `bot_offered`, `paired`,
/// `seek_ended`), in a sentence; `None` for any other message.
pub fn seek_line(message: &ServerMessage) -> Option<String> {
    let time = |deadline_ms: Option<u64>| match deadline_ms {
        Some(ms) => humantime::format_duration(std::time::Duration::from_millis(ms)).to_string(),
        None => "any time".into(),
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
            let mut line = format!(
                "looking for an opponent: {}, {} a round, {} (your rating {})",
                pool.map_or_else(
                    || "any pool".to_owned(),
                    |pool| pool.name().replace('_', " ")
                ),
                time(*deadline_ms),
                kind(*rated),
                rating.shown()
            );
            if let Some(conduct) = paired_last {
                line.push_str(&format!(
                    "; you aborted {} of your last {} rated games (left, stayed away or did not \
                     open before both players had a move), so you are paired after everyone else",
                    conduct.aborted, conduct.games
                ));
            }
            line
        }
        ServerMessage::BotOffered { policy, .. } => {
            format!("nobody to pair with yet: playing the server's {policy} bot instead (unrated)")
        }
        ServerMessage::Paired {
            code,
            pool,
            deadline_ms,
            rated,
            opponent,
            rating,
            opponent_bot,
        } => format!(
            "paired with {opponent}{} ({}) in room {code}: {}, {} a round, {}",
            if *opponent_bot { " [BOT]" } else { "" },
            rating.shown(),
            pool.name().replace('_', " "),
            time(*deadline_ms),
            kind(*rated)
        ),
        ServerMessage::Unpaired { code, reason, .. } => {
            format!("pairing called off, room {code} closed: {reason}")
        }
        ServerMessage::SeekEnded { reason } => {
            format!("no longer looking for an opponent: {reason}")
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
    }
}

/// The welcome, an error, the server's goodbye, a new name.
fn notice_lines(message: &ServerMessage) -> Vec<String> {
    match message {
        ServerMessage::Welcome { server, .. } => vec![format!("connected to {server}")],
        ServerMessage::Error { code, message } => {
            vec![format!("error ({}): {message}", code.as_str())]
        }
        ServerMessage::ShuttingDown { message } => vec![format!("server: {message}")],
        ServerMessage::Renamed { key, name } => vec![format!("{key} is {name} now")],
        _ => Vec::new(),
    }
}

/// The greeting answered: a room entered, the list, an arena joined (the
/// queue's news is a seek's).
fn admission_lines(message: &ServerMessage, server: &str) -> Vec<String> {
    match message {
        ServerMessage::RoomList { rooms, total } => rooms_table(rooms, *total),
        ServerMessage::Joined { seat, state, .. } => {
            let mut lines = Vec::new();
            match seat {
                Some(seat) => {
                    lines.push(format!("room {} — you are {seat}", state.code));
                    if state.players[seat.opponent()].is_none() {
                        lines.push(format!(
                            "waiting for an opponent: tell them to run  {}",
                            crate::cli::join_command(state.code, server)
                        ));
                    }
                }
                None => lines.push(format!("watching room {}", state.code)),
            }
            lines
        }
        _ => arena_lines(message),
    }
}

/// An arena's news, as [`crate::arena_text`] tells it.
fn arena_lines(message: &ServerMessage) -> Vec<String> {
    crate::arena_text::lines(message, crate::arena_text::now_ms()).unwrap_or_default()
}

/// The room's news (rounds and chat lines are told by the player).
fn room_lines(message: &ServerMessage) -> Vec<String> {
    match message {
        ServerMessage::State { state } => match state.you {
            Some(seat) => vec![format!("new game: you are {seat} now")],
            None => Vec::new(),
        },
        ServerMessage::Left { code } => vec![format!("left room {code}")],
        ServerMessage::Event { event, .. } => event_lines(event),
        _ => Vec::new(),
    }
}

/// A room event, in sentences.
fn event_lines(event: &RoomEvent) -> Vec<String> {
    use RoomEvent as E;
    match event {
        E::PlayerJoined { seat, player } => vec![format!(
            "{}{} joined as {seat}",
            player.name,
            text::bot_badge(player)
        )],
        E::GameStarted {
            game,
            players,
            not_rated,
            ..
        } => {
            let mut lines = vec![format!(
                "game {game} begins: {}{} is Yellow, {}{} is Blue",
                players.yellow.name,
                text::bot_badge(&players.yellow),
                players.blue.name,
                text::bot_badge(&players.blue)
            )];
            if let Some(why) = not_rated {
                lines.push(format!(
                    "this game is not rated, although the room is: {}",
                    why.reason()
                ));
            }
            lines
        }
        E::RoundStarted { .. } | E::Revealed { .. } => Vec::new(),
        E::Sealed { seat, round, .. } if *round > 0 => vec![format!("{seat} has committed")],
        E::Sealed { .. } | E::Dealt { .. } => Vec::new(),
        E::Connection {
            seat,
            connected: true,
            ..
        } => vec![format!("{seat} is back")],
        E::Connection {
            seat,
            connected: false,
            grace_ms,
        } => vec![match grace_ms {
            Some(ms) => format!(
                "{seat} disconnected: forfeits in {}s unless back",
                ms / 1000
            ),
            None => format!("{seat} disconnected"),
        }],
        E::Spectators { count } => vec![format!("{count} watching")],
        E::RematchRequested { seat } => vec![format!("{seat} asks for a rematch")],
        E::PlayerLeft { seat } => vec![format!("{seat} left")],
        // Told by `Printer::game_over`, however the end was learnt.
        E::GameOver { .. } => Vec::new(),
        E::Rated { seat, rating } => vec![format!(
            "{seat}'s rating: {} (deviation {:.0}, {} rated games)",
            rating.shown(),
            rating.deviation,
            rating.games
        )],
    }
}

/// round shown only while a game is on.
pub fn rooms_table(rooms: &[mice_cake_protocol::RoomSummary], total: u32) -> Vec<String> {
    if rooms.is_empty() {
        return vec!["no public rooms".into()];
    }
    let mut lines = vec![format!(
        "{:<6} {:<9} {} {} {:>5} {:>8}",
        "code",
        "status",
        fit("yellow", NAME_COLUMN),
        fit("blue", NAME_COLUMN),
        "round",
        "watching"
    )];
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
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Finished => "finished",
        };
        let round = if room.status == RoomStatus::Playing && room.round > 0 {
            room.round.to_string()
        } else {
            "—".into()
        };
        lines.push(format!(
            "{:<6} {:<9} {} {} {:>5} {:>8}",
            room.code.to_string(),
            status,
            fit(&name(Seat::Yellow), NAME_COLUMN),
            fit(&name(Seat::Blue), NAME_COLUMN),
            round,
            room.spectators
        ));
    }
    if total as usize > rooms.len() {
        lines.push(format!("… and {} more", total as usize - rooms.len()));
    }
    lines
}

/// Width of a name's column in tables.
pub(super) const NAME_COLUMN: usize = 16;

/// The seats this user holds, to resume.
pub fn seats_table(seats: &[crate::seats::HeldSeat]) -> Vec<String> {
    if seats.is_empty() {
        return vec!["you hold no seat".into()];
    }
    let now = crate::seats::now_ms();
    let mut lines = vec![format!(
        "{:<6} {:<7} {} {:<9} {}",
        "room",
        "seat",
        fit("name", NAME_COLUMN),
        "when",
        "server"
    )];
    for held in seats {
        lines.push(format!(
            "{:<6} {:<7} {} {:<9} {}",
            held.room.to_string(),
            held.seat
                .map_or_else(|| "—".into(), |seat| seat.to_string()),
            fit(&held.name, NAME_COLUMN),
            ago(now.saturating_sub(held.saved_at_ms)),
            held.server
        ));
    }
    lines.push("take one back with:  mice-cake --server SERVER resume ROOM".into());
    lines
}

/// How long ago, in a few characters: `just now`, `5 min ago`, `3 h ago`,
/// `2 d ago`.
pub(super) fn ago(ms: u64) -> String {
    let minutes = ms / 60_000;
    match minutes {
        0 => "just now".into(),
        1..=59 => format!("{minutes} min ago"),
        60..=2_879 => format!("{} h ago", minutes / 60),
        _ => format!("{} d ago", minutes / 1_440),
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
}
