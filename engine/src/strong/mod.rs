//! The `strong` player: each round played as the simultaneous game it is,
//! and looked at to the end of the game.
//!
//! Both players choose at once, and what one choice is worth depends on
//! the other's: a contested piece goes to the higher sum, two steals
//! exchange. So `strong` first treats the round as a zero-sum matrix game
//! ([`RoundGame`]): both players' legal assignments, every pair valued
//! exactly, column by column (the odds of each attempt, contests by the
//! distribution of sums, steals and exchanges, boosts and the boosts they
//! earn, face-down pieces averaged over the pieces nobody has seen), and
//! solves it by regret matching ([`MatrixGame::solve`]).
//!
//! One round does not see that a piece taken now opens the next, or that
//! a mouse rests. So its best assignments are then played out to the end of
//! the game (`search.rs`): against the opponent's equilibrium mix, on deals
//! of the face-down pieces among the unseen, with the same dice for every
//! candidate, `greedy` continuing for both. Each candidate's playout margin
//! corrects its row of the matrix, and `strong` draws its assignment from
//! the corrected game's equilibrium: it mixes, so that a player who knew its
//! strategy could not gain much by it (`docs/bots.md` measures how much).
//!
//! Everything is deterministic for the generator it is given.

mod column;
mod equilibrium;
mod evaluation;
mod playout;
mod round;
mod search;

pub use equilibrium::{Equilibrium, MatrixGame};
pub use evaluation::Evaluation;
pub use round::RoundGame;
pub use search::{
    Mix, Search, analysis_candidates, best_reply, playout_margins, strong_assignment, strong_mix,
};
