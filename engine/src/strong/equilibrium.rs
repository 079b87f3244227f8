//! An approximate equilibrium of a two-player zero-sum matrix game, by
//! regret matching+ with linear averaging: deterministic, and its distance
//! from equilibrium (the exploitability: what both players together could
//! gain by knowing the other's mix) is measured, not assumed.

use alloc::vec;
use alloc::vec::Vec;

/// A zero-sum matrix game: `payoff[row * columns + column]` is what the row
/// player gets (and the column player loses).
#[derive(Clone, Debug)]
pub struct MatrixGame {
    rows: usize,
    columns: usize,
    payoff: Vec<f64>,
}

/// Both players' mixes and what they are worth.
#[derive(Clone, PartialEq, Debug)]
pub struct Equilibrium {
    /// The row player's probabilities.
    pub rows: Vec<f64>,
    /// The column player's probabilities.
    pub columns: Vec<f64>,
    /// The row player's expected payoff when both play their mixes.
    pub value: f64,
    /// How much a player who knew the other's mix could gain over it, both
    /// players together: zero at an exact equilibrium.
    pub exploitability: f64,
}

/// When to stop: the exploitability below this many pips ...
const TARGET_EXPLOITABILITY: f64 = 0.01;
/// ... or after this many iterations.
const MAX_ITERATIONS: usize = 2_000;
/// Iterations between two measures of the exploitability.
const CHECK_EVERY: usize = 25;

impl MatrixGame {
    /// A game of `rows` by `columns` with `payoff(row, column)`.
    pub fn new(rows: usize, columns: usize, payoff: impl Fn(usize, usize) -> f64) -> MatrixGame {
        let mut values = Vec::with_capacity(rows * columns);
        for row in 0..rows {
            for column in 0..columns {
                values.push(payoff(row, column));
            }
        }
        MatrixGame {
            rows,
            columns,
            payoff: values,
        }
    }

    /// The row player's payoff.
    pub fn payoff(&self, row: usize, column: usize) -> f64 {
        self.payoff[row * self.columns + column]
    }

    /// The row player's expected payoff of each row against `columns`' mix.
    pub fn row_values(&self, columns: &[f64]) -> Vec<f64> {
        let mut values = vec![0.0; self.rows];
        self.fill_row_values(columns, &mut values);
        values
    }

    /// The row player's expected payoff for each column against `rows`' mix.
    pub fn column_values(&self, rows: &[f64]) -> Vec<f64> {
        let mut values = vec![0.0; self.columns];
        self.fill_column_values(rows, &mut values);
        values
    }

    fn fill_row_values(&self, columns: &[f64], values: &mut [f64]) {
        for (row, value) in values.iter_mut().enumerate() {
            let payoffs = &self.payoff[row * self.columns..(row + 1) * self.columns];
            *value = payoffs.iter().zip(columns).map(|(p, q)| p * q).sum();
        }
    }

    fn fill_column_values(&self, rows: &[f64], values: &mut [f64]) {
        values.fill(0.0);
        for (row, &weight) in rows.iter().enumerate() {
            if weight == 0.0 {
                continue;
            }
            let payoffs = &self.payoff[row * self.columns..(row + 1) * self.columns];
            for (value, payoff) in values.iter_mut().zip(payoffs) {
                *value += weight * payoff;
            }
        }
    }

    /// An approximate equilibrium (see the module's documentation).
    pub fn solve(&self) -> Equilibrium {
        let (rows, columns) = (self.rows, self.columns);
        let mut row_regrets = vec![0.0; rows];
        let mut column_regrets = vec![0.0; columns];
        let mut row_mix = vec![1.0 / rows as f64; rows];
        let mut column_mix = vec![1.0 / columns as f64; columns];
        let mut row_sum = vec![0.0; rows];
        let mut column_sum = vec![0.0; columns];
        let mut row_values = vec![0.0; rows];
        let mut column_values = vec![0.0; columns];
        let mut best = self.measure(&row_mix, &column_mix);
        for iteration in 1..=MAX_ITERATIONS {
            // Alternating updates: the columns answer the rows' new mix.
            self.fill_row_values(&column_mix, &mut row_values);
            update(&mut row_regrets, &row_values, &mut row_mix, 1.0);
            self.fill_column_values(&row_mix, &mut column_values);
            update(&mut column_regrets, &column_values, &mut column_mix, -1.0);
            let weight = iteration as f64;
            for (sum, p) in row_sum.iter_mut().zip(&row_mix) {
                *sum += weight * p;
            }
            for (sum, p) in column_sum.iter_mut().zip(&column_mix) {
                *sum += weight * p;
            }
            if iteration % CHECK_EVERY == 0 || iteration == MAX_ITERATIONS {
                let candidate = self.measure(&normalized(&row_sum), &normalized(&column_sum));
                if candidate.exploitability < best.exploitability {
                    best = candidate;
                }
                if best.exploitability < TARGET_EXPLOITABILITY {
                    break;
                }
            }
        }
        best
    }

    /// The mixes' value and exploitability.
    fn measure(&self, rows: &[f64], columns: &[f64]) -> Equilibrium {
        let row_values = self.row_values(columns);
        let column_values = self.column_values(rows);
        let value: f64 = rows.iter().zip(&row_values).map(|(p, v)| p * v).sum();
        let best_row = row_values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let best_column = column_values.iter().copied().fold(f64::INFINITY, f64::min);
        Equilibrium {
            rows: rows.to_vec(),
            columns: columns.to_vec(),
            value,
            exploitability: (best_row - value) + (value - best_column),
        }
    }
}

/// One regret matching+ step for a player whose payoff is `sign` times the
/// values.
fn update(regrets: &mut [f64], values: &[f64], mix: &mut [f64], sign: f64) {
    let expected: f64 = values.iter().zip(mix.iter()).map(|(v, p)| v * p).sum();
    let mut total = 0.0;
    for (regret, value) in regrets.iter_mut().zip(values) {
        *regret = (*regret + sign * (value - expected)).max(0.0);
        total += *regret;
    }
    if total > 0.0 {
        for (p, regret) in mix.iter_mut().zip(regrets.iter()) {
            *p = regret / total;
        }
    }
}

fn normalized(weights: &[f64]) -> Vec<f64> {
    let total: f64 = weights.iter().sum();
    if total > 0.0 {
        weights.iter().map(|w| w / total).collect()
    } else {
        vec![1.0 / weights.len() as f64; weights.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_pennies_is_solved_at_a_half_each() {
        let game = MatrixGame::new(2, 2, |row, column| if row == column { 1.0 } else { -1.0 });
        let solution = game.solve();
        assert!(
            solution.exploitability < TARGET_EXPLOITABILITY,
            "{solution:?}"
        );
        for p in solution.rows.iter().chain(&solution.columns) {
            assert!((p - 0.5).abs() < 0.01, "{solution:?}");
        }
        assert!(solution.value.abs() < 0.01);
    }

    #[test]
    fn rock_paper_scissors_with_a_double_prize_is_solved_exactly() {
        // Rock beats scissors for 2, the rest for 1: the equilibrium is
        // rock 1/4, paper 1/2, scissors 1/4 ... for this payoff matrix.
        let payoff = [[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]];
        let game = MatrixGame::new(3, 3, |row, column| payoff[row][column]);
        let solution = game.solve();
        assert!(
            solution.exploitability < TARGET_EXPLOITABILITY,
            "{solution:?}"
        );
        for (p, expected) in solution.rows.iter().zip([0.25, 0.5, 0.25]) {
            assert!((p - expected).abs() < 0.01, "{solution:?}");
        }
    }

    #[test]
    fn a_dominant_row_is_played_alone() {
        let game = MatrixGame::new(
            2,
            3,
            |row, column| if row == 0 { 3.0 + column as f64 } else { 1.0 },
        );
        let solution = game.solve();
        assert!(solution.rows[0] > 0.99, "{solution:?}");
        // The columns' best answer to row 0 is the first column.
        assert!(solution.columns[0] > 0.99, "{solution:?}");
        assert!((solution.value - 3.0).abs() < 0.02);
    }
}
