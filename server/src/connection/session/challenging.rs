//! A connection's challenges (`docs/protocol.md`, "Challenges"): the key
//! it proves (`watch_challenges`, or a `challenge` made) is the one it
//! speaks and hears for — the challenges made to it and by it, on whatever
//! page it is; the answers, cancels and choices it sends are that key's.

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::{
    ChallengeId, ChallengePlayer, ChallengesFrom, ErrorCode, KeyProof, RoomOptions, ServerMessage,
};

use super::Session;
use super::seating::{Claim, usable_key};
use crate::admission::address_key;
use crate::challenges::Asking;
use crate::room::Refusal;

/// The key a connection watches challenges for, proven on it.
#[derive(Clone, Copy, Debug)]
pub(in crate::connection) struct Watching {
    pub(in crate::connection) key: PlayerKey,
    /// Whether the key declared itself a bot's.
    pub(in crate::connection) bot: bool,
}

/// What a `challenge` message asks.
pub(in crate::connection) struct ChallengeAsked {
    pub(in crate::connection) to: PlayerKey,
    pub(in crate::connection) options: RoomOptions,
    pub(in crate::connection) claim: Claim,
}

impl Session {
    /// Proves `claim`'s key on this connection and watches its challenges:
    /// answered with what waits.
    pub(in crate::connection) async fn watch_challenges(
        &mut self,
        name: &str,
        claim: Claim,
    ) -> Result<(), Refusal> {
        let watching = self.prove_for_challenges(name, claim).await?;
        let waiting = self.shared.challenges.waiting(watching.key).await?;
        self.outbound.send_message(&waiting);
        Ok(())
    }

    /// Makes a challenge from the key proven with it.
    pub(in crate::connection) async fn challenge(
        &mut self,
        name: String,
        asked: ChallengeAsked,
    ) -> Result<(), Refusal> {
        let ChallengeAsked {
            to,
            mut options,
            claim,
        } = asked;
        let to = usable_key(Some(to))?.ok_or_else(|| {
            Refusal::new(ErrorCode::BadKey, "a challenge names the key it challenges")
        })?;
        let watching = self.prove_for_challenges(&name, claim).await?;
        if options.bot.is_some() {
            return Err(Refusal::new(
                ErrorCode::ChallengeRefused,
                "a challenge is between two players: it cannot seat the server's bot",
            )
            .with("reason", "server_bot"));
        }
        let seating = crate::room::Seating {
            key: Some(watching.key),
            proven: true,
            bot: watching.bot,
            address: Some(address_key(self.peer.0)),
        };
        self.check_options(&mut options, &seating).await?;
        let challenge = self
            .shared
            .challenges
            .make(Asking {
                from: ChallengePlayer {
                    key: watching.key,
                    name,
                    bot: watching.bot,
                },
                to,
                options,
                address: address_key(self.peer.0).to_string(),
            })
            .await?;
        self.outbound
            .send_message(&ServerMessage::ChallengeSent { challenge });
        Ok(())
    }

    /// Accepts challenge `id`, made to the key watched here.
    pub(in crate::connection) async fn accept_challenge(
        &mut self,
        id: ChallengeId,
    ) -> Result<(), Refusal> {
        let watching = self.watching_key()?;
        let challenge = self.shared.challenges.to_answer(watching.key, id).await?;
        if challenge.options.rated {
            // A new key brought into rated play counts against its
            // address's allowance, as a rated room's seat does.
            self.new_key_may_play_rated(Some(watching.key)).await?;
        }
        self.shared
            .challenges
            .accept(watching.key, id)
            .await
            .map(|_| ())
    }

    /// Declines challenge `id`, made to the key watched here.
    pub(in crate::connection) async fn decline_challenge(
        &mut self,
        id: ChallengeId,
    ) -> Result<(), Refusal> {
        let watching = self.watching_key()?;
        self.shared.challenges.decline(watching.key, id).await
    }

    /// Takes back challenge `id`, made by the key watched here.
    pub(in crate::connection) async fn cancel_challenge(
        &mut self,
        id: ChallengeId,
    ) -> Result<(), Refusal> {
        let watching = self.watching_key()?;
        self.shared.challenges.cancel(watching.key, id).await
    }

    /// The key watched here chooses whom it takes challenges from.
    pub(in crate::connection) async fn choose_challenges_from(
        &mut self,
        from: ChallengesFrom,
        at_ms: u64,
        signature: SealSignature,
    ) -> Result<(), Refusal> {
        let watching = self.watching_key()?;
        if !super::signed_time::near_now(at_ms) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "a choice is signed with the time it is made (at_ms, milliseconds since the \
                 Unix epoch), within ten minutes of the server's clock: check your clock",
            ));
        }
        if !mice_cake_engine::signing::check_challenges_from(
            watching.key,
            from.byte(),
            at_ms,
            signature,
        ) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "this is not the key's signature of the choice (\"mice-cake/challenges-from/v1\", \
                 at_ms as eight bytes big-endian, the choice as one byte)",
            ));
        }
        self.shared
            .challenges
            .choose_from(watching.key, from, at_ms, signature)
            .await?;
        self.outbound
            .send_message(&ServerMessage::ChallengesFromSet { from });
        Ok(())
    }

    /// The key `claim` names, proven on this connection (required), its
    /// bot's declaration kept: watched here from now on.
    async fn prove_for_challenges(
        &mut self,
        name: &str,
        claim: Claim,
    ) -> Result<Watching, Refusal> {
        let Some(proof) = claim.proof else {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                "challenges are a key's: prove the key (key_proof) to make, watch or answer them",
            ));
        };
        let claim = Claim {
            proof: Some(proof),
            ..claim
        };
        let seating = self.seating(name, claim).await?;
        let Some(key) = seating.key.filter(|_| seating.proven) else {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                "challenges are a key's: prove the key (key_proof) to make, watch or answer them",
            ));
        };
        let watching = Watching {
            key,
            bot: seating.bot,
        };
        let listeners = self.shared.challenges.listeners();
        if let Some(before) = self.watching.replace(watching)
            && before.key != key
        {
            listeners.forget(before.key, self.id);
        }
        listeners.listen(key, self.id, &self.outbound);
        Ok(watching)
    }

    fn watching_key(&self) -> Result<Watching, Refusal> {
        self.watching.ok_or_else(|| {
            Refusal::new(
                ErrorCode::NotWatching,
                "prove your key first (watch_challenges) to answer, cancel or choose for \
                 challenges",
            )
        })
    }

    /// The connection is gone: it hears no more challenges.
    pub(in crate::connection) fn stop_watching_challenges(&mut self) {
        if let Some(watching) = self.watching.take() {
            self.shared
                .challenges
                .listeners()
                .forget(watching.key, self.id);
        }
    }
}

/// What a `challenge` message's fields make.
pub(in crate::connection) fn challenge_asked(
    to: PlayerKey,
    options: RoomOptions,
    key: PlayerKey,
    key_proof: Option<KeyProof>,
    bot_declaration: Option<SealSignature>,
) -> ChallengeAsked {
    ChallengeAsked {
        to,
        options,
        claim: Claim::from((Some(key), key_proof, bot_declaration)),
    }
}
