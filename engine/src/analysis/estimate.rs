//! A move's loss, estimated without fooling anyone: the best alternative
//! is chosen on one set of playouts and valued against the move played on
//! another, so that the luck that made it look best does not count in its
//! favour (picking the best of several noisy values inflates it); both are
//! played out on the same deals, opponent's moves and dice, so that their
//! difference is their consequences; and the difference comes with its
//! 95 % interval, more playouts being spent where the verdict is in doubt.
//! A figure to show once the verdict is in is valued again on playouts
//! numbered after all of those ([`paired_loss`]).

use alloc::vec::Vec;
use core::ops::Range;

use crate::assignment::Assignment;
use crate::seat::Seat;
use crate::strong::{Mix, playout_margins};
use crate::view::GameView;

/// Two-sided 95 %: the interval's half-width in standard errors.
pub const Z_95: f64 = 1.96;

/// How many playouts an estimate spends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Playouts of each candidate that choose the best alternative.
    pub selection: u32,
    /// The alternatives kept after those, raced on more playouts: the
    /// best of them by all their selection playouts is the alternative.
    pub raced: usize,
    /// The race's playouts of each kept alternative.
    pub race: u32,
    /// Playouts of the pair (the alternative and the move played) first.
    pub first: u32,
    /// At most, doubling from `first` while the verdict is in doubt.
    pub most: u32,
}

/// The move played against one alternative, valued on the same playouts
/// (paired), in pips of expected final margin.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PairedLoss {
    /// The alternative's mean margin.
    pub alternative_value: f64,
    /// The move played's mean margin on the same playouts.
    pub played_value: f64,
    /// The mean of the paired differences (alternative − played): negative
    /// when the move played did better.
    pub mean: f64,
    /// Its 95 % interval's lower end.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// The pairs of playouts it rests on.
    pub playouts: u32,
}

impl PairedLoss {
    /// No playouts: nothing to tell the two moves apart.
    pub const NONE: PairedLoss = PairedLoss {
        alternative_value: 0.0,
        played_value: 0.0,
        mean: 0.0,
        low: 0.0,
        high: 0.0,
        playouts: 0,
    };

    /// The estimate from each playout's margins, `[alternative, played]`.
    fn of(margins: &[Vec<f64>; 2]) -> PairedLoss {
        let differences: Vec<f64> = margins[0]
            .iter()
            .zip(&margins[1])
            .map(|(alternative, played)| alternative - played)
            .collect();
        let (mean, error) = mean_and_error(&differences);
        let average = |values: &[f64]| values.iter().sum::<f64>() / values.len().max(1) as f64;
        PairedLoss {
            alternative_value: average(&margins[0]),
            played_value: average(&margins[1]),
            mean,
            low: mean - Z_95 * error,
            high: mean + Z_95 * error,
            playouts: differences.len() as u32,
        }
    }
}

/// The loss of a move against the best alternative found, as the
/// sequential test left it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Estimate {
    /// The alternative: the best of the others on the selection playouts.
    pub alternative: Assignment,
    /// The pair on the estimation playouts: the verdict rests on it.
    pub verdict: PairedLoss,
    /// The first playout number after every one the selection and the
    /// test could use (whether or not it went on to `budget.most`): a
    /// figure from playouts numbered from here is independent of both.
    pub unused_from: u64,
}

/// `alternative` against `played` on `playouts` from `seed`, paired.
pub(super) fn paired_loss(
    view: &GameView,
    seat: Seat,
    [alternative, played]: [Assignment; 2],
    opponent: &Mix,
    seed: u64,
    playouts: Range<u64>,
) -> PairedLoss {
    let margins = playout_margins(
        view,
        seat,
        &[alternative, played],
        opponent,
        seed,
        playouts,
        0.0,
    );
    match <[Vec<f64>; 2]>::try_from(margins) {
        Ok(margins) => PairedLoss::of(&margins),
        // Two candidates give two rows of margins.
        Err(_) => PairedLoss::of(&[Vec::new(), Vec::new()]),
    }
}

/// The mean, and the standard error of the mean, of `values`.
fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let count = values.len();
    if count == 0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / count as f64;
    if count == 1 {
        return (mean, 0.0);
    }
    let variance = values
        .iter()
        .map(|value| (value - mean) * (value - mean))
        .sum::<f64>()
        / (count - 1) as f64;
    (mean, libm::sqrt(variance / count as f64))
}

/// `played` (the first of `candidates`) against the best of the others:
/// chosen on `budget.selection` playouts from `seed` (the best
/// `budget.raced` of them on `budget.race` more), then valued with
/// `played` on other playouts of the same seed, `budget.first` at first and
/// twice as many each time the interval still straddles `threshold`, up to
/// `budget.most` (a sequential test: the figure it stops on is biased
/// towards the side it stopped on, so a figure to show is made again from
/// `unused_from`). `None` when there is no other candidate.
pub(super) fn loss_of(
    view: &GameView,
    seat: Seat,
    candidates: &[Assignment],
    opponent: &Mix,
    seed: u64,
    threshold: f64,
    budget: Budget,
) -> Option<Estimate> {
    let (played, others) = candidates.split_first()?;
    if others.is_empty() {
        return None;
    }
    let playouts = Playouts {
        view,
        seat,
        opponent,
        seed,
    };
    let (alternative, selected_to) = playouts.best_of(others, budget)?;
    // Estimation: on playouts numbered after every selection's, so that
    // none is used twice.
    let start = selected_to.max(1);
    let (verdict, could_use) =
        playouts.sequential_test([alternative, *played], start, threshold, budget);
    Some(Estimate {
        alternative,
        verdict,
        unused_from: start + u64::from(could_use),
    })
}

/// What every playout of one estimate shares: the position, whose move it
/// is, the opponent's mix and the seed.
struct Playouts<'a> {
    view: &'a GameView,
    seat: Seat,
    opponent: &'a Mix,
    seed: u64,
}

impl Playouts<'_> {
    /// Each candidate's margins on the playouts numbered `numbers`.
    fn margins(&self, candidates: &[Assignment], numbers: Range<u64>) -> Vec<Vec<f64>> {
        playout_margins(
            self.view,
            self.seat,
            candidates,
            self.opponent,
            self.seed,
            numbers,
            0.0,
        )
    }

    /// The best of `others`, chosen on `budget.selection` playouts numbered
    /// from 0 (the best `budget.raced` of them on `budget.race` more), and
    /// the first playout number after those.
    fn best_of(&self, others: &[Assignment], budget: Budget) -> Option<(Assignment, u64)> {
        // Selection: on playouts numbered from 0.
        let selection = self.margins(others, 0..u64::from(budget.selection));
        // The best few go on to the race, on the playouts after those.
        let mut order: Vec<usize> = (0..others.len()).collect();
        order.sort_by(|&a, &b| {
            mean_of(&selection[b])
                .total_cmp(&mean_of(&selection[a]))
                .then(a.cmp(&b))
        });
        order.truncate(budget.raced.max(1));
        let kept: Vec<Assignment> = order.iter().map(|&index| others[index]).collect();
        let raced_from = u64::from(budget.selection);
        let raced_to = raced_from
            + if kept.len() > 1 {
                u64::from(budget.race)
            } else {
                0
            };
        let race = self.margins(&kept, raced_from..raced_to);
        let alternative = order
            .iter()
            .zip(&race)
            .map(|(&index, raced)| {
                let all: Vec<f64> = selection[index].iter().chain(raced).copied().collect();
                (others[index], mean_of(&all))
            })
            // The first of equals.
            .rev()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(assignment, _)| assignment)?;
        Some((alternative, raced_to))
    }

    /// `pair` (the alternative, the move played) on playouts numbered from
    /// `start`: `budget.first` at first and twice as many each time the
    /// interval still straddles `threshold`, up to `budget.most`. Returns
    /// the verdict and how many playouts the test could have used.
    fn sequential_test(
        &self,
        pair: [Assignment; 2],
        start: u64,
        threshold: f64,
        budget: Budget,
    ) -> (PairedLoss, u32) {
        let mut margins: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
        let mut wanted = budget.first.max(2);
        let mut done = 0u32;
        loop {
            let more = self.margins(&pair, start + u64::from(done)..start + u64::from(wanted));
            for (kept, new) in margins.iter_mut().zip(more) {
                kept.extend(new);
            }
            done = wanted;
            let verdict = PairedLoss::of(&margins);
            let in_doubt = verdict.low < threshold && threshold <= verdict.high;
            if !in_doubt || wanted >= budget.most {
                return (verdict, budget.most.max(wanted));
            }
            wanted = (wanted * 2).min(budget.most);
        }
    }
}

/// The mean of `margins`; 0 for none.
fn mean_of(margins: &[f64]) -> f64 {
    margins.iter().sum::<f64>() / margins.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mean_and_its_error() {
        let (mean, error) = mean_and_error(&[1.0, 2.0, 3.0, 4.0]);
        assert!((mean - 2.5).abs() < 1e-12);
        // Sample variance 5/3; error sqrt(5/3 / 4).
        assert!((error - libm::sqrt(5.0 / 12.0)).abs() < 1e-12);
        assert_eq!(mean_and_error(&[]), (0.0, 0.0));
        assert_eq!(mean_and_error(&[7.0]), (7.0, 0.0));
    }
}
