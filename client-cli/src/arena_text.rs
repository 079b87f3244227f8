//! Arenas in words (`mice-cake arena …`): the list, the standings between
//! games, a pairing, a pause, the podium.

use mice_cake_protocol::arena::{ArenaList, ArenaStanding, ArenaStatus, ArenaSummary};
use mice_cake_protocol::{ArenaState, ServerMessage};

use crate::text::fit;

/// Columns for a name in a table.
const NAME_COLUMN: usize = 24;

/// How long from `now_ms` to `at_ms`, as a clock shows it (`2:05`, `1:02:05`).
pub fn countdown(now_ms: u64, at_ms: u64) -> String {
    let seconds = at_ms.saturating_sub(now_ms).div_ceil(1000);
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

/// Where an arena stands, in a few words.
pub fn status_words(arena: &ArenaSummary, now_ms: u64) -> String {
    match arena.status {
        ArenaStatus::Upcoming => format!("starts in {}", countdown(now_ms, arena.starts_at_ms)),
        ArenaStatus::Live if now_ms < arena.ends_at_ms => {
            format!("live, {} left", countdown(now_ms, arena.ends_at_ms))
        }
        ArenaStatus::Live => "ending: the last games are being played".into(),
        ArenaStatus::Finished => "finished".into(),
    }
}

/// An arena's header line.
pub fn header(arena: &ArenaSummary, now_ms: u64) -> String {
    format!(
        "arena {} \"{}\": {}; {} players, {} games; {}, {}{}",
        arena.id,
        arena.name,
        status_words(arena, now_ms),
        arena.players,
        arena.games,
        arena.pool.name().replace('_', " "),
        if arena.rated { "rated" } else { "casual" },
        if arena.private {
            ", club (join code)"
        } else {
            ""
        }
    )
}

/// One line of the standings.
pub fn standing_line(line: &ArenaStanding) -> String {
    let mut marks = Vec::new();
    if line.on_fire {
        marks.push("on a streak");
    }
    if line.paused {
        marks.push("paused");
    }
    if line.bot {
        marks.push("BOT");
    }
    format!(
        "{:>4}  {}  {:>5}  {:>5}  {:>4}  {}",
        line.rank,
        fit(&line.name, NAME_COLUMN),
        line.score,
        line.games,
        line.wins,
        marks.join(", ")
    )
    .trim_end()
    .to_owned()
}

/// The standings as a table, best first (`lines` of them).
pub fn standings_table(lines: &[ArenaStanding]) -> Vec<String> {
    if lines.is_empty() {
        return vec!["nobody has joined yet".into()];
    }
    let mut table = vec![format!(
        "{:>4}  {}  {:>5}  {:>5}  {:>4}",
        "rank",
        fit("name", NAME_COLUMN),
        "score",
        "games",
        "wins"
    )];
    table.extend(lines.iter().map(standing_line));
    table
}

/// An arena as it stands live: the header, the leaders, the featured game.
pub fn state_lines(arena: &ArenaState, now_ms: u64) -> Vec<String> {
    let mut lines = vec![header(&arena.summary, now_ms)];
    if arena.summary.status == ArenaStatus::Finished {
        lines.extend(podium(&arena.top));
    }
    lines.extend(standings_table(&arena.top));
    if let Some(featured) = &arena.featured {
        lines.push(format!(
            "featured: {} vs {} in room {} (mice-cake watch {})",
            featured.players.yellow, featured.players.blue, featured.code, featured.code
        ));
    }
    lines
}

/// The first three of a finished arena.
pub fn podium(top: &[ArenaStanding]) -> Vec<String> {
    top.iter()
        .take(3)
        .map(|line| {
            let place = match line.rank {
                1 => "first",
                2 => "second",
                _ => "third",
            };
            format!(
                "{place}: {} with {} points in {} games",
                line.name, line.score, line.games
            )
        })
        .collect()
}

/// The arenas listed, one a line.
pub fn list_lines(list: &ArenaList, now_ms: u64) -> Vec<String> {
    if list.arenas.is_empty() {
        return vec!["no arena yet: make one with mice-cake arena create --minutes 30".into()];
    }
    list.arenas
        .iter()
        .map(|arena| header(arena, now_ms))
        .collect()
}

/// An arena's message in sentences; `None` for any other message.
pub fn lines(message: &ServerMessage, now_ms: u64) -> Option<Vec<String>> {
    Some(match message {
        ServerMessage::ArenaJoined { arena, you } => {
            let mut lines = state_lines(arena, now_ms);
            let over = arena.summary.status == ArenaStatus::Finished;
            match you {
                Some(you) if over => lines.push(format!(
                    "the arena is over: you placed {} of {} with {} points in {} games",
                    you.rank, arena.summary.players, you.score, you.games
                )),
                None if over => lines.push("the arena is over".into()),
                Some(you) => lines.push(format!(
                    "you are in (rank {} of {}): you are paired as soon as you are free; type \
                     pause to stop, join to come back",
                    you.rank, arena.summary.players
                )),
                None => lines.push("watching the standings (q leaves)".into()),
            }
            lines
        }
        ServerMessage::ArenaUpdate { arena } => state_lines(arena, now_ms),
        ServerMessage::ArenaPaired {
            code,
            opponent,
            opponent_bot,
            you,
            ..
        } => vec![format!(
            "paired with {opponent}{} in room {code} (you: rank {}, {} points{})",
            if *opponent_bot { " [BOT]" } else { "" },
            you.rank,
            you.score,
            if you.on_fire {
                ", on a streak: a win counts double"
            } else {
                ""
            }
        )],
        ServerMessage::ArenaPaused { arena, reason } => {
            vec![format!("not paired in arena {arena}: {reason}")]
        }
        ServerMessage::ArenaLeft { arena } => vec![format!("left arena {arena}")],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_countdown_reads_as_a_clock() {
        assert_eq!(countdown(0, 125_000), "2:05");
        assert_eq!(countdown(0, 3_725_000), "1:02:05");
        assert_eq!(countdown(10, 5), "0:00");
        assert_eq!(
            countdown(0, 1),
            "0:01",
            "a part of a second left is a second"
        );
    }
}
