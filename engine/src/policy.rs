//! The players: `random` (here), `greedy` ([`crate::greedy`]) and `strong`
//! ([`crate::strong`]). All
//! decide from a [`GameView`], so they know only what a player may know.

use core::fmt;
use core::str::FromStr;

use rand_core::Rng;
use serde::{Deserialize, Serialize};

use crate::assignment::Assignment;
use crate::dice::uniform_below;
use crate::seat::Seat;
use crate::view::GameView;

/// A way of choosing assignments.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// A uniformly random legal assignment.
    Random,
    /// The legal assignment with the most pips expected this round.
    Greedy,
    /// Each round as a simultaneous game, its best choices played out to
    /// the end of the game; a mix drawn from the result ([`crate::strong`]).
    Strong,
}

impl Policy {
    /// Every policy, weakest first.
    pub const ALL: [Policy; 3] = [Policy::Random, Policy::Greedy, Policy::Strong];

    /// Chooses `seat`'s assignment. `rng` is used by `random` and `strong`
    /// (its mix); give policies a generator of their own, never the game's
    /// dice.
    pub fn choose<R: Rng + ?Sized>(self, view: &GameView, seat: Seat, rng: &mut R) -> Assignment {
        match self {
            Policy::Random => random_assignment(view, seat, rng),
            Policy::Greedy => crate::greedy::greedy_assignment(view, seat),
            Policy::Strong => crate::strong::strong_assignment(view, seat, rng),
        }
    }

    /// The policy's name, as parsed.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Strong => "strong",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a policy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown policy {0:?}: the policies are random, greedy and strong")]
pub struct UnknownPolicy(pub alloc::string::String);

impl FromStr for Policy {
    type Err = UnknownPolicy;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Policy::ALL
            .into_iter()
            .find(|policy| policy.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownPolicy(name.into()))
    }
}

/// A uniformly random legal assignment; the empty one once the game is over.
pub fn random_assignment<R: Rng + ?Sized>(view: &GameView, seat: Seat, rng: &mut R) -> Assignment {
    let legal = view.legal_assignments(seat);
    let Ok(count) = u32::try_from(legal.len()) else {
        return Assignment::EMPTY;
    };
    if count == 0 {
        return Assignment::EMPTY;
    }
    let pick = uniform_below(rng, count) as usize;
    legal.get(pick).copied().unwrap_or(Assignment::EMPTY)
}
