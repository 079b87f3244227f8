//! What the exact first round counts, in pips.
//!
//! A taken piece counts its pips and a little more: a take also opens the
//! next piece of its column to the taker. A mouse exhausted this round rests
//! the next, which costs it a round's work. The playouts (`playout.rs`)
//! look further; these weights only rank the assignments worth playing out
//! and price the round's contests. They were chosen by measuring `strong`
//! against `greedy` (`docs/bots.md`).

/// The weights of the first round.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Evaluation {
    /// Pips a take is worth beyond the piece's own.
    pub take_bonus: f64,
    /// Pips one resting mouse costs.
    pub rest: f64,
}

impl Evaluation {
    /// The weights `strong` plays with.
    pub const STANDARD: Evaluation = Evaluation {
        take_bonus: 1.0,
        rest: 1.0,
    };
}
