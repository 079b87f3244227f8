//! Challenges kept in memory, for the store of `--ephemeral`: as the
//! database backends keep them (`challenges.rs`), gone with the process.
//! A challenge that ended is forgotten an hour later; the choices are kept
//! for as long as the process runs.

use std::collections::HashMap;

use mice_cake_engine::PlayerKey;
use mice_cake_protocol::{ChallengeEnd, ChallengeId};

use super::StoreError;
use super::challenges::{ChallengesFromChoice, StoredChallenge};

/// How long a challenge that ended is kept: its link still says how it
/// ended for that long.
pub(crate) const ENDED_KEPT_MS: u64 = 3_600_000;

/// Every challenge not yet forgotten, and each key's choice.
#[derive(Debug, Default)]
pub(crate) struct MemoryChallenges {
    /// Each challenge, with when it ended (`None` while it waits).
    by_id: HashMap<ChallengeId, (StoredChallenge, Option<u64>)>,
    choices: HashMap<PlayerKey, ChallengesFromChoice>,
}

impl MemoryChallenges {
    /// Forgets the challenges that ended an hour before `now_ms` or more.
    fn forget_ended(&mut self, now_ms: u64) {
        self.by_id.retain(|_, (_, ended)| {
            ended.is_none_or(|at_ms| now_ms.saturating_sub(at_ms) < ENDED_KEPT_MS)
        });
    }

    pub(crate) fn add(&mut self, challenge: &StoredChallenge) -> Result<(), StoreError> {
        self.forget_ended(challenge.made_at_ms);
        if self.by_id.contains_key(&challenge.id) {
            // As a database's primary key refuses it.
            return Err(StoreError::Query {
                source: format!("a challenge {} is kept already", challenge.id).into(),
            });
        }
        let ended = challenge.end.map(|_| challenge.made_at_ms);
        self.by_id.insert(challenge.id, (challenge.clone(), ended));
        Ok(())
    }

    pub(crate) fn challenge(&self, id: ChallengeId) -> Option<StoredChallenge> {
        self.by_id.get(&id).map(|(challenge, _)| challenge.clone())
    }

    pub(crate) fn waiting(&self, key: PlayerKey, now_ms: u64) -> Vec<StoredChallenge> {
        let mut waiting: Vec<StoredChallenge> = self
            .by_id
            .values()
            .map(|(challenge, _)| challenge)
            .filter(|challenge| {
                (challenge.from.key == key || challenge.to.key == key) && challenge.waits(now_ms)
            })
            .cloned()
            .collect();
        sort_oldest_first(&mut waiting);
        waiting
    }

    pub(crate) fn end(
        &mut self,
        id: ChallengeId,
        end: ChallengeEnd,
        now_ms: u64,
    ) -> Option<StoredChallenge> {
        self.forget_ended(now_ms);
        let (challenge, ended) = self.by_id.get_mut(&id)?;
        if !challenge.waits(now_ms) {
            return None;
        }
        challenge.end = Some(end);
        *ended = Some(now_ms);
        Some(challenge.clone())
    }

    pub(crate) fn expire(&mut self, now_ms: u64) -> Vec<StoredChallenge> {
        self.forget_ended(now_ms);
        let mut expired = Vec::new();
        for (challenge, ended) in self.by_id.values_mut() {
            if challenge.end.is_none() && challenge.expires_at_ms <= now_ms {
                challenge.end = Some(ChallengeEnd::Expired);
                *ended = Some(now_ms);
                expired.push(challenge.clone());
            }
        }
        sort_oldest_first(&mut expired);
        expired
    }

    pub(crate) fn choice(&self, key: PlayerKey) -> Option<ChallengesFromChoice> {
        self.choices.get(&key).copied()
    }

    pub(crate) fn choose(&mut self, key: PlayerKey, choice: ChallengesFromChoice) -> bool {
        if self
            .choices
            .get(&key)
            .is_some_and(|kept| kept.at_ms >= choice.at_ms)
        {
            return false;
        }
        self.choices.insert(key, choice);
        true
    }
}

/// Oldest first, as the databases order them.
pub(crate) fn sort_oldest_first(challenges: &mut [StoredChallenge]) {
    challenges.sort_by_key(|challenge| (challenge.made_at_ms, challenge.id));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::a_challenge;

    #[test]
    fn a_challenge_that_ended_is_forgotten_an_hour_later() {
        let mut kept = MemoryChallenges::default();
        let first = a_challenge(1, 2, 1_000);
        kept.add(&first).unwrap();
        assert!(kept.end(first.id, ChallengeEnd::Declined, 2_000).is_some());
        let waiting = a_challenge(3, 4, 2_000 + ENDED_KEPT_MS - 1);
        kept.add(&waiting).unwrap();
        assert!(kept.challenge(first.id).is_some(), "not an hour yet");
        kept.expire(2_000 + ENDED_KEPT_MS);
        assert_eq!(kept.challenge(first.id), None);
        assert!(kept.challenge(waiting.id).is_some(), "it waits");
    }
}
