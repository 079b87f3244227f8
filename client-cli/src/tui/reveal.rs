//! A reveal worth watching: both assignments appear together, then each
//! attempt's dice roll and settle, one attempt after another, in about a
//! second; and the places the round changed stay marked until the next
//! reveal, like the last move on a chess board.
//!
//! All of it is a function of time passed in, so that it is tested (and
//! drawn in snapshots) at any chosen instant.

use std::time::{Duration, Instant};

use mice_cake_engine::{AttemptResult, BoostResult, Column, RoundReport, Row};

/// How long the assignments are shown alone before the first roll.
const ASSIGNMENTS_ALONE: Duration = Duration::from_millis(250);
/// Time for the rolls, shared between the round's attempts and boosts.
const ROLLS: Duration = Duration::from_millis(1_000);
/// Each roll takes at least this long, and at most this long.
const SHORTEST_ROLL: Duration = Duration::from_millis(120);
const LONGEST_ROLL: Duration = Duration::from_millis(400);
/// The share of a roll's time its dice tumble before they settle.
const TUMBLING: f64 = 0.7;

/// A reveal being played out.
#[derive(Clone, Debug, PartialEq)]
pub struct RevealShow {
    /// The round revealed.
    pub round: u32,
    started: Instant,
    /// Attempts, then boosts: one roll each.
    rolls: usize,
}

/// Where a reveal is at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Rolls settled, in the round's order (attempts, then boosts).
    pub settled: usize,
    /// The roll tumbling now, if any, and a number that changes as it
    /// tumbles (to draw changing faces).
    pub tumbling: Option<(usize, u64)>,
    /// Whether it is over: everything is shown.
    pub done: bool,
}

impl RevealShow {
    pub fn new(report: &RoundReport, now: Instant) -> RevealShow {
        RevealShow {
            round: report.round,
            started: now,
            rolls: report.attempts.len() + report.boosts.len(),
        }
    }

    fn per_roll(&self) -> Duration {
        let rolls = u32::try_from(self.rolls.max(1)).unwrap_or(u32::MAX);
        (ROLLS / rolls).clamp(SHORTEST_ROLL, LONGEST_ROLL)
    }

    /// How long the whole reveal takes.
    pub fn length(&self) -> Duration {
        let rolls = u32::try_from(self.rolls).unwrap_or(u32::MAX);
        ASSIGNMENTS_ALONE + self.per_roll() * rolls
    }

    /// Where the reveal is at `now`.
    pub fn at(&self, now: Instant) -> Progress {
        let elapsed = now.saturating_duration_since(self.started);
        if elapsed >= self.length() {
            return Progress {
                settled: self.rolls,
                tumbling: None,
                done: true,
            };
        }
        let Some(rolling) = elapsed.checked_sub(ASSIGNMENTS_ALONE) else {
            return Progress {
                settled: 0,
                tumbling: None,
                done: false,
            };
        };
        let per_roll = self.per_roll().as_secs_f64();
        let position = rolling.as_secs_f64() / per_roll;
        let index = position.floor();
        // Whole rolls are settled; the current one tumbles for a while.
        let settled = index as usize;
        let tumbling = (position - index < TUMBLING).then(|| {
            let frame = (rolling.as_millis() / 60) as u64;
            (settled, frame)
        });
        Progress {
            settled: if tumbling.is_some() {
                settled
            } else {
                settled + 1
            },
            tumbling,
            done: false,
        }
    }
}

/// A die's face as drawn: ⚀ to ⚅.
pub fn face(value: u8) -> char {
    match value {
        1 => '⚀',
        2 => '⚁',
        3 => '⚂',
        4 => '⚃',
        5 => '⚄',
        _ => '⚅',
    }
}

/// The faces a tumbling die shows at `frame`: they change every frame.
pub fn tumbling_face(die: usize, frame: u64) -> char {
    let value = (frame.wrapping_mul(5).wrapping_add(die as u64 * 3)) % 6 + 1;
    face(u8::try_from(value).unwrap_or(6))
}

/// The places of the cake a round changed: pieces taken, pieces turned up,
/// pieces where mice tired (they rest there next round).
pub fn changed_cells(report: &RoundReport) -> Vec<(Column, Row)> {
    let taken = report.attempts.iter().filter_map(|attempt| {
        (matches!(
            attempt.result,
            AttemptResult::Took | AttemptResult::Stole | AttemptResult::Exchanged
        ) || attempt.exhausted > 0)
            .then_some((attempt.column, attempt.row))
    });
    let boosted = report.boosts.iter().filter_map(|boost| {
        (boost.result == BoostResult::Took)
            .then_some(boost.row.map(|row| (boost.column, row)))
            .flatten()
    });
    let turned = report
        .revealed
        .iter()
        .chain(&report.flips)
        .map(|flip| (flip.column, flip.row));
    let mut cells: Vec<(Column, Row)> = taken.chain(boosted).chain(turned).collect();
    cells.sort();
    cells.dedup();
    cells
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::{Options, RecordedGame, Seat, Seed, Viewer, greedy_assignment};

    use super::*;

    fn a_round() -> RoundReport {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(5)).unwrap();
        let [yellow, blue] = [Seat::Yellow, Seat::Blue]
            .map(|seat| greedy_assignment(&game.game().view(Viewer::from(seat)), seat));
        game.play_round(&yellow, &blue).unwrap().clone()
    }

    #[test]
    fn assignments_first_then_one_roll_after_another_in_about_a_second() {
        let report = a_round();
        let rolls = report.attempts.len() + report.boosts.len();
        assert!(rolls >= 2);
        let start = Instant::now();
        let show = RevealShow::new(&report, start);
        assert!(show.length() <= Duration::from_millis(1_700));
        let at = |ms: u64| show.at(start + Duration::from_millis(ms));
        assert_eq!(
            at(0),
            Progress {
                settled: 0,
                tumbling: None,
                done: false
            }
        );
        let first = at(260);
        assert_eq!(first.settled, 0);
        assert_eq!(first.tumbling.map(|(index, _)| index), Some(0));
        // Later on, more settled, never fewer.
        let mut settled = 0;
        let mut ms = 260;
        while !at(ms).done {
            assert!(at(ms).settled >= settled);
            settled = at(ms).settled;
            ms += 20;
        }
        assert_eq!(at(ms).settled, rolls);
        assert!(at(ms).tumbling.is_none());
    }

    #[test]
    fn faces_are_dice_and_tumbling_ones_change() {
        assert_eq!((1..=6).map(face).collect::<String>(), "⚀⚁⚂⚃⚄⚅");
        let frames: Vec<char> = (0..6).map(|frame| tumbling_face(0, frame)).collect();
        assert!(frames.windows(2).all(|pair| pair[0] != pair[1]));
    }

    #[test]
    fn what_a_round_took_and_turned_up_is_marked() {
        let report = a_round();
        let cells = changed_cells(&report);
        for attempt in &report.attempts {
            if attempt.result == AttemptResult::Took {
                assert!(cells.contains(&(attempt.column, attempt.row)));
            }
        }
        for flip in &report.flips {
            assert!(cells.contains(&(flip.column, flip.row)));
        }
        for attempt in report
            .attempts
            .iter()
            .filter(|attempt| attempt.exhausted > 0)
        {
            assert!(cells.contains(&(attempt.column, attempt.row)));
        }
    }
}
