//! Arenas in words (`mice-cake arena …`): the list, the standings between
//! games, a pairing, a pause, the podium.

use mice_cake_protocol::arena::{ArenaList, ArenaStanding, ArenaStatus, ArenaSummary};
use mice_cake_protocol::{ArenaPauseCause, ArenaState, ServerMessage};

use crate::text::{column_width, fit, pad};
use crate::tr;

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
        ArenaStatus::Upcoming => tr!(
            "arena-starts-in",
            countdown = countdown(now_ms, arena.starts_at_ms)
        ),
        ArenaStatus::Live if now_ms < arena.ends_at_ms => {
            tr!("arena-live", left = countdown(now_ms, arena.ends_at_ms))
        }
        ArenaStatus::Live => tr!("arena-ending"),
        ArenaStatus::Finished => tr!("arena-finished"),
    }
}

/// An arena's header line.
pub fn header(arena: &ArenaSummary, now_ms: u64) -> String {
    tr!(
        "arena-header",
        id = arena.id.to_string(),
        name = arena.name.as_str(),
        status = status_words(arena, now_ms),
        players = arena.players,
        games = arena.games,
        pool = crate::text::pool_words(arena.pool),
        rated = yes_no(arena.rated),
        club = yes_no(arena.private)
    )
}

/// A flag as the catalogue's selectors take it.
fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// The standings' columns: their headings, and widths (at least
/// English's, wider for a longer heading).
struct Columns {
    headings: [String; 5],
    widths: [usize; 5],
}

impl Columns {
    fn new() -> Columns {
        let headings = [
            tr!("arena-column-rank"),
            tr!("arena-column-name"),
            tr!("arena-column-score"),
            tr!("arena-column-games"),
            tr!("arena-column-wins"),
        ];
        let least = [4, NAME_COLUMN, 5, 5, 4];
        let widths =
            std::array::from_fn(|index| column_width(least[index], [headings[index].as_str()]));
        Columns { headings, widths }
    }

    /// A line of the table: the cells, and what follows them.
    fn line(&self, cells: [&str; 5], after: &str) -> String {
        let [rank, name, score, games, wins] = self.widths;
        format!(
            "{}  {}  {}  {}  {}  {after}",
            pad(cells[0], rank, false),
            fit(cells[1], name),
            pad(cells[2], score, false),
            pad(cells[3], games, false),
            pad(cells[4], wins, false),
        )
        .trim_end()
        .to_owned()
    }
}

/// One line of the standings.
pub fn standing_line(line: &ArenaStanding) -> String {
    standing_line_in(&Columns::new(), line)
}

fn standing_line_in(columns: &Columns, line: &ArenaStanding) -> String {
    let mut marks = Vec::new();
    if line.on_fire {
        marks.push(tr!("arena-mark-streak"));
    }
    if line.paused {
        marks.push(tr!("arena-mark-paused"));
    }
    if line.bot {
        marks.push("BOT".to_owned());
    }
    columns.line(
        [
            &line.rank.to_string(),
            &line.name,
            &line.score.to_string(),
            &line.games.to_string(),
            &line.wins.to_string(),
        ],
        &marks.join(", "),
    )
}

/// The standings as a table, best first (`lines` of them).
pub fn standings_table(lines: &[ArenaStanding]) -> Vec<String> {
    if lines.is_empty() {
        return vec![tr!("arena-nobody-yet")];
    }
    let columns = Columns::new();
    let headings = columns.headings.each_ref().map(String::as_str);
    let mut table = vec![columns.line(headings, "")];
    table.extend(lines.iter().map(|line| standing_line_in(&columns, line)));
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
        lines.push(tr!(
            "arena-featured",
            yellow = featured.players.yellow.as_str(),
            blue = featured.players.blue.as_str(),
            code = featured.code.to_string()
        ));
    }
    lines
}

/// The first three of a finished arena.
pub fn podium(top: &[ArenaStanding]) -> Vec<String> {
    top.iter()
        .take(3)
        .map(|line| {
            tr!(
                "arena-podium",
                rank = line.rank.min(3),
                name = line.name.as_str(),
                score = line.score,
                games = line.games
            )
        })
        .collect()
}

/// The arenas listed, one a line.
pub fn list_lines(list: &ArenaList, now_ms: u64) -> Vec<String> {
    if list.arenas.is_empty() {
        return vec![tr!("arena-none-yet")];
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
            let players = arena.summary.players;
            match you {
                Some(you) if over => lines.push(tr!(
                    "arena-over-placed",
                    rank = you.rank,
                    players = players,
                    score = you.score,
                    games = you.games
                )),
                None if over => lines.push(tr!("arena-over")),
                Some(you) => {
                    lines.push(tr!("arena-you-are-in", rank = you.rank, players = players));
                }
                None => lines.push(tr!("arena-watching")),
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
        } => vec![tr!(
            "arena-paired",
            opponent = opponent.as_str(),
            badge = if *opponent_bot { " [BOT]" } else { "" },
            code = code.to_string(),
            rank = you.rank,
            score = you.score,
            streak = yes_no(you.on_fire)
        )],
        ServerMessage::ArenaPaused { arena, cause, .. } => {
            let cause = match cause {
                ArenaPauseCause::Paused => "paused",
                ArenaPauseCause::Over => "over",
                ArenaPauseCause::Replaced => "replaced",
                ArenaPauseCause::CalledOff => "called_off",
                ArenaPauseCause::DealNotSealed => "deal_not_sealed",
            };
            vec![tr!(
                "arena-paused",
                arena = arena.to_string(),
                cause = cause
            )]
        }
        ServerMessage::ArenaLeft { arena } => vec![tr!("arena-left", arena = arena.to_string())],
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
