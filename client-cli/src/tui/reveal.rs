//! A reveal worth watching, and that keeps its suspense: both moves appear
//! together, then each roll tumbles and lands in the engine's order, and
//! the cake, the stashes and everything else change only as the dice land.
//! Until the last one is down the screen shows the room as it was before
//! the reveal, moved on by the beats landed so far (the server's `beats`,
//! which the engine cut: [`mice_cake_engine::timeline()`]). The places the
//! round changed stay marked until the next reveal, like the last move on
//! a chess board.
//!
//! All of it is a function of time passed in, so that it is tested (and
//! drawn in snapshots) at any chosen instant.

use std::time::{Duration, Instant};

use mice_cake_engine::{AttemptResult, Beat, BoostResult, Column, Landing, RoundReport, Row};
use mice_cake_protocol::RoomState;

/// How long the moves are shown alone before the first roll.
const ASSIGNMENTS_ALONE: Duration = Duration::from_millis(400);
/// Time for the rolls, shared between the round's attempts and boosts.
const ROLLS: Duration = Duration::from_millis(1_200);
/// Each roll takes at least this long, and at most this long.
const SHORTEST_ROLL: Duration = Duration::from_millis(180);
const LONGEST_ROLL: Duration = Duration::from_millis(450);
/// Pieces turning up, or mice that find the double-blank blind.
const NO_DICE: Duration = Duration::from_millis(250);
/// The share of a roll's time its dice tumble before they land.
const TUMBLING: f64 = 0.6;

/// One beat on the clock: it starts (its dice tumble), lands (the cake
/// changes) and ends (the next one starts).
#[derive(Clone, Debug, PartialEq)]
struct Slot {
    beat: Beat,
    start: Duration,
    lands: Duration,
    end: Duration,
}

/// A reveal being played out.
#[derive(Clone, Debug, PartialEq)]
pub struct RevealShow {
    /// The round revealed.
    pub round: u32,
    started: Instant,
    /// The room as it was before the reveal: what is shown, moved on.
    before: Box<RoomState>,
    report: Box<RoundReport>,
    slots: Vec<Slot>,
}

/// Where a reveal is at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Rolls whose dice are down, in the round's order (attempts, then
    /// boosts).
    pub settled: usize,
    /// The roll tumbling now, if any, and a number that changes as it
    /// tumbles (to draw changing faces).
    pub tumbling: Option<(usize, u64)>,
    /// Attempts down whose outcome waits for the other player's dice (a
    /// contested piece, two steals), by bit.
    pub waiting: u16,
    /// Whether the pieces turned up before any die are shown.
    pub turned_up_first: bool,
    /// Whether the pieces turned up once the attempts were down are shown.
    pub turned_after: bool,
    /// Whether it is over: everything is shown.
    pub done: bool,
}

impl Progress {
    /// Whether attempt `index` is down and waits for the other's dice.
    pub fn waits(&self, index: usize) -> bool {
        index < 16 && self.waiting & (1 << index) != 0
    }
}

impl RevealShow {
    /// The reveal of `report`, cut into `beats`, from the room `before` it,
    /// starting `now`; `None` when there is nothing to show over time (no
    /// beats: the server could not cut the round, so the end shows at once).
    pub fn new(
        before: RoomState,
        report: &RoundReport,
        beats: &[Beat],
        now: Instant,
    ) -> Option<RevealShow> {
        if beats.is_empty() || before.view.is_none() {
            return None;
        }
        let rolls = beats
            .iter()
            .filter(|beat| beat.lands != Landing::TurnUp)
            .count();
        let per_roll = (ROLLS / u32::try_from(rolls.max(1)).unwrap_or(u32::MAX))
            .clamp(SHORTEST_ROLL, LONGEST_ROLL);
        let mut at = ASSIGNMENTS_ALONE;
        let slots = beats
            .iter()
            .map(|beat| {
                let start = at;
                let rolled = match beat.lands {
                    Landing::Attempt { index } => report
                        .attempts
                        .get(usize::from(index))
                        .is_some_and(|attempt| !attempt.dice.is_empty()),
                    Landing::Boost { index } => report
                        .boosts
                        .get(usize::from(index))
                        .is_some_and(|boost| !boost.dice.is_empty()),
                    Landing::TurnUp => false,
                };
                let lands = if rolled {
                    at += per_roll;
                    start + per_roll.mul_f64(TUMBLING)
                } else {
                    at += NO_DICE;
                    start
                };
                Slot {
                    beat: beat.clone(),
                    start,
                    lands,
                    end: at,
                }
            })
            .collect();
        Some(RevealShow {
            round: report.round,
            started: now,
            before: Box::new(before),
            report: Box::new(report.clone()),
            slots,
        })
    }

    /// How long the whole reveal takes.
    pub fn length(&self) -> Duration {
        self.slots.last().map_or(Duration::ZERO, |slot| slot.end)
    }

    /// The round's report.
    pub fn report(&self) -> &RoundReport {
        &self.report
    }

    /// Where the reveal is at `now`.
    pub fn at(&self, now: Instant) -> Progress {
        let elapsed = now.saturating_duration_since(self.started);
        let done = elapsed >= self.length();
        let mut progress = Progress {
            settled: 0,
            tumbling: None,
            waiting: 0,
            turned_up_first: false,
            turned_after: false,
            done,
        };
        let attempts = self.report.attempts.len();
        for slot in &self.slots {
            let roll = match slot.beat.lands {
                Landing::Attempt { index } => Some(usize::from(index)),
                Landing::Boost { index } => Some(attempts + usize::from(index)),
                Landing::TurnUp => None,
            };
            if done || slot.lands <= elapsed {
                match roll {
                    Some(roll) => progress.settled = roll + 1,
                    None if progress.settled == 0 && attempts > 0 => {
                        progress.turned_up_first = true;
                    }
                    None => progress.turned_after = true,
                }
                if let Landing::Attempt { index } = slot.beat.lands
                    && !slot.beat.settles.contains(&index)
                    && index < 16
                {
                    progress.waiting |= 1 << index;
                }
                for settled in &slot.beat.settles {
                    if *settled < 16 {
                        progress.waiting &= !(1 << settled);
                    }
                }
            } else if slot.start <= elapsed
                && let Some(roll) = roll
            {
                let frame = (elapsed.as_millis() / 60) as u64;
                progress.tumbling = Some((roll, frame));
            }
        }
        progress
    }

    /// The room as shown at `now`: as it was before the reveal, its cake
    /// and stashes moved on by the beats landed so far.
    pub fn room_at(&self, now: Instant) -> RoomState {
        let elapsed = now.saturating_duration_since(self.started);
        let mut room = (*self.before).clone();
        if let Some(view) = room.view.as_mut() {
            for slot in self.slots.iter().take_while(|slot| slot.lands <= elapsed) {
                // The engine's own beats, on the view they were cut from:
                // a beat that does not fit is left out rather than shown wrong.
                let mut moved = *view;
                if slot.beat.apply(&mut moved).is_ok() {
                    *view = moved;
                }
            }
        }
        room
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
    use mice_cake_engine::{
        Options, RecordedGame, Seat, Seed, Viewer, greedy_assignment, timeline,
    };

    use super::*;
    use crate::fixture::FakeRoom;

    /// A round of greedy play, with its beats and the room before it.
    fn a_round() -> (RoomState, RoundReport, Vec<Beat>) {
        let mut game = RecordedGame::new(Options::default(), Seed::from_u64(5)).unwrap();
        let before = game.game().view(Viewer::Spectator);
        let [yellow, blue] = [Seat::Yellow, Seat::Blue]
            .map(|seat| greedy_assignment(&game.game().view(Viewer::from(seat)), seat));
        let report = game.play_round(&yellow, &blue).unwrap().clone();
        let beats = timeline(&before, &report).unwrap();
        let mice_cake_protocol::ServerMessage::Joined { state, .. } =
            FakeRoom::new(Some(Seat::Yellow), 5).joined()
        else {
            unreachable!("a room is entered with its state")
        };
        let mut room = *state;
        room.view = Some(before);
        (room, report, beats)
    }

    #[test]
    fn the_moves_first_then_one_roll_after_another_in_a_second_or_two() {
        let (room, report, beats) = a_round();
        let rolls = report.attempts.len() + report.boosts.len();
        assert!(rolls >= 2);
        let start = Instant::now();
        let show = RevealShow::new(room, &report, &beats, start).unwrap();
        assert!(show.length() <= Duration::from_millis(2_500));
        let at = |ms: u64| show.at(start + Duration::from_millis(ms));
        assert_eq!(at(0).settled, 0);
        assert_eq!(at(0).tumbling, None);
        assert!(!at(0).done);
        let first = at(410);
        assert_eq!(first.settled, 0);
        assert_eq!(first.tumbling.map(|(index, _)| index), Some(0));
        // Later on, more settled, never fewer.
        let mut settled = 0;
        let mut ms = 410;
        while !at(ms).done {
            assert!(at(ms).settled >= settled);
            settled = at(ms).settled;
            ms += 20;
        }
        assert_eq!(at(ms).settled, rolls);
        assert!(at(ms).tumbling.is_none());
    }

    #[test]
    fn the_cake_shown_moves_on_only_as_the_dice_land() {
        let (room, report, beats) = a_round();
        let before = room.view.unwrap();
        let start = Instant::now();
        let show = RevealShow::new(room, &report, &beats, start).unwrap();
        // Before any die: the cake as it was.
        assert_eq!(show.room_at(start).view, Some(before));
        // At the end: every beat applied.
        let mut after = before;
        for beat in &beats {
            beat.apply(&mut after).unwrap();
        }
        let end = start + show.length();
        assert_eq!(show.room_at(end).view, Some(after));
        assert!(show.at(end).done);
    }

    #[test]
    fn faces_are_dice_and_tumbling_ones_change() {
        assert_eq!((1..=6).map(face).collect::<String>(), "⚀⚁⚂⚃⚄⚅");
        let frames: Vec<char> = (0..6).map(|frame| tumbling_face(0, frame)).collect();
        assert!(frames.windows(2).all(|pair| pair[0] != pair[1]));
    }

    #[test]
    fn what_a_round_took_and_turned_up_is_marked() {
        let (_, report, _) = a_round();
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
