//! Whom an arena pairs (`docs/arenas.md`, "Pairing"): the players waiting,
//! in standing order, paired down the list, closest places first; never
//! two who play from one address (one player's two keys would feed each
//! other points); never the same two twice in a row while either has
//! anyone else to meet, unless both have waited [`REPEAT_AFTER`] for
//! someone else. Pure: the arena's task says who waits and since when, and
//! makes the rooms.

use std::net::IpAddr;
use std::time::Duration;

use mice_cake_engine::PlayerKey;

/// How long two players who just played each other wait for someone else
/// before they are paired again.
pub(crate) const REPEAT_AFTER: Duration = Duration::from_secs(10);

/// A player in the arena's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Waiting {
    pub(crate) key: PlayerKey,
    /// When they came back to the queue (milliseconds).
    pub(crate) since_ms: u64,
    /// Whom they played last in this arena.
    pub(crate) last_opponent: Option<PlayerKey>,
    /// Where they play from (an IPv4 address, or an IPv6 /64), if the
    /// rule that one address is one side holds here.
    pub(crate) address: Option<IpAddr>,
}

impl Waiting {
    /// Whether `self` and `other` play from one address: never paired.
    fn same_address(&self, other: &Waiting) -> bool {
        self.address.is_some() && self.address == other.address
    }

    /// Whether `self` and `other` played each other in either's last game.
    fn just_met(&self, other: &Waiting) -> bool {
        self.last_opponent == Some(other.key) || other.last_opponent == Some(self.key)
    }
}

/// The pairs to make now of `waiting`, given in standing order (the best
/// placed first): each player at most once.
pub(crate) fn pairs(waiting: &[Waiting], now_ms: u64) -> Vec<(PlayerKey, PlayerKey)> {
    let repeat_after = u64::try_from(REPEAT_AFTER.as_millis()).unwrap_or(u64::MAX);
    let waited_enough = |player: &Waiting| now_ms.saturating_sub(player.since_ms) >= repeat_after;
    let mut taken = vec![false; waiting.len()];
    let mut pairs = Vec::new();
    for first in 0..waiting.len() {
        if taken[first] {
            continue;
        }
        let candidates = || {
            (first + 1..waiting.len())
                .filter(|&other| !taken[other] && !waiting[first].same_address(&waiting[other]))
        };
        let fresh = candidates().find(|&other| !waiting[first].just_met(&waiting[other]));
        let chosen = fresh.or_else(|| {
            candidates()
                .find(|&other| waited_enough(&waiting[first]) && waited_enough(&waiting[other]))
        });
        if let Some(second) = chosen {
            taken[first] = true;
            taken[second] = true;
            pairs.push((waiting[first].key, waiting[second].key));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use mice_cake_engine::PlayerSecret;
    use proptest::prelude::*;

    use super::*;

    fn key(n: u8) -> PlayerKey {
        PlayerSecret::from_bytes([n; 32]).public_key()
    }

    fn waiting(n: u8, since_ms: u64, last: Option<u8>) -> Waiting {
        Waiting {
            key: key(n),
            since_ms,
            last_opponent: last.map(key),
            address: None,
        }
    }

    fn from(address: u8, waiting: Waiting) -> Waiting {
        Waiting {
            address: Some(IpAddr::from([192, 0, 2, address])),
            ..waiting
        }
    }

    #[test]
    fn two_from_one_address_never_meet() {
        // 1 and 2 play from one address, 3 and 4 from another: each meets
        // the other address's, whatever the standings and the wait.
        let queue = [
            from(1, waiting(1, 0, None)),
            from(1, waiting(2, 0, None)),
            from(2, waiting(3, 0, None)),
            from(2, waiting(4, 0, None)),
        ];
        assert_eq!(pairs(&queue, 0), [(key(1), key(3)), (key(2), key(4))]);
        let alone = [from(1, waiting(1, 0, None)), from(1, waiting(2, 0, None))];
        assert!(
            pairs(&alone, 1_000_000).is_empty(),
            "not even after a long wait"
        );
        // Without the rule (a trial from one machine), they meet.
        assert_eq!(
            pairs(&[waiting(1, 0, None), waiting(2, 0, None)], 0),
            [(key(1), key(2))]
        );
    }

    #[test]
    fn neighbours_in_the_standings_meet() {
        let queue = [
            waiting(1, 0, None),
            waiting(2, 0, None),
            waiting(3, 0, None),
            waiting(4, 0, None),
            waiting(5, 0, None),
        ];
        assert_eq!(
            pairs(&queue, 0),
            [(key(1), key(2)), (key(3), key(4))],
            "the fifth waits"
        );
    }

    #[test]
    fn the_last_opponent_is_skipped_while_anyone_else_waits() {
        let queue = [
            waiting(1, 0, Some(2)),
            waiting(2, 0, Some(1)),
            waiting(3, 0, Some(4)),
            waiting(4, 0, Some(3)),
        ];
        assert_eq!(pairs(&queue, 0), [(key(1), key(3)), (key(2), key(4))]);
    }

    #[test]
    fn two_who_just_met_meet_again_only_after_waiting_for_someone_else() {
        let queue = [waiting(1, 0, Some(2)), waiting(2, 500, Some(1))];
        assert!(pairs(&queue, 9_999).is_empty());
        assert!(pairs(&queue, 10_499).is_empty(), "both must have waited");
        assert_eq!(pairs(&queue, 10_500), [(key(1), key(2))]);
    }

    proptest! {
        /// Nobody is paired twice or with themselves, nobody meets their
        /// last opponent while they had another choice, nobody meets one
        /// from their own address, and whoever is left is left alone or
        /// with only last opponents or their own address's.
        #[test]
        fn pairs_are_disjoint_and_repeats_only_when_unavoidable(
            players in proptest::collection::vec(
                (proptest::option::of(0u8..12), proptest::option::of(0u8..3)),
                0..12,
            ),
            now_ms in 0u64..20_000,
        ) {
            let queue: Vec<Waiting> = players
                .iter()
                .enumerate()
                .map(|(n, (last, address))| {
                    let waiting = waiting(n as u8, 0, last.filter(|l| usize::from(*l) != n));
                    match address {
                        Some(address) => from(*address, waiting),
                        None => waiting,
                    }
                })
                .collect();
            let made = pairs(&queue, now_ms);
            let mut seen = std::collections::HashSet::new();
            for (a, b) in &made {
                prop_assert!(a != b);
                prop_assert!(seen.insert(*a) && seen.insert(*b));
            }
            for (a, b) in &made {
                let (a, b) = (
                    queue.iter().find(|w| w.key == *a).unwrap(),
                    queue.iter().find(|w| w.key == *b).unwrap(),
                );
                prop_assert!(!a.same_address(b), "{a:?} and {b:?} share an address");
            }
            let left: Vec<&Waiting> = queue.iter().filter(|w| !seen.contains(&w.key)).collect();
            for (i, a) in left.iter().enumerate() {
                for b in &left[i + 1..] {
                    prop_assert!(
                        a.same_address(b) || (a.just_met(b) && now_ms < 10_000),
                        "{a:?} and {b:?} could have met"
                    );
                }
            }
            if now_ms < 10_000 {
                for (a, b) in &made {
                    let (a, b) = (
                        queue.iter().find(|w| w.key == *a).unwrap(),
                        queue.iter().find(|w| w.key == *b).unwrap(),
                    );
                    prop_assert!(!a.just_met(b));
                }
            }
        }
    }
}
