//! A move's seal on its way to the room: its signature checked first, in a
//! batch with other connections' seals (`crate::seal_checks`), where the
//! connection has the key its seat was taken with.
//!
//! The connection does not wait for the verdict inside the message's
//! handling: it keeps the [`Sealing`] (the seal and the verdict's receiver)
//! and its loop wakes when the verdict is in (`next_verdict`). Every player
//! seals at once at a deal, so what each holds meanwhile is what a
//! seated player costs at its peak (docs/performance.md, "Memory per
//! connection"). The loop reads nothing more from its client until then,
//! so that what the player sends next reaches the room after its seal.

use mice_cake_engine::{CheckedSeal, ExchangeError, Seal, SealSignature, SealToCheck};
use mice_cake_protocol::ErrorCode;

use super::Session;
use crate::room::{Act, Command, Refusal, SealSigning};
use crate::seal_checks::{Unchecked, Verdict};

/// A seal whose signature is being checked.
#[derive(Debug)]
pub(in crate::connection) struct Sealing {
    round: u32,
    seal: Seal,
    verdict: Verdict,
}

/// The verdict on the connection's seal being checked; never, if none is.
pub(in crate::connection) async fn next_verdict(
    sealing: &mut Option<Box<Sealing>>,
) -> Result<Option<CheckedSeal>, Unchecked> {
    match sealing {
        Some(sealing) => (&mut sealing.verdict).await,
        None => std::future::pending().await,
    }
}

impl Session {
    /// A move's seal: to the room at once when nothing is to be checked
    /// here, else handed to the checker, to go on in [`Session::sealed`].
    pub(super) async fn seal(
        &mut self,
        round: u32,
        seal: Seal,
        signature: Option<SealSignature>,
    ) -> Result<(), Refusal> {
        let (Some(signature), Some(key)) = (signature, self.checking_key()) else {
            return self
                .seal_to_room(round, seal, SealSigning::Unchecked(signature))
                .await;
        };
        let to_check = SealToCheck {
            key,
            seal,
            signature,
        };
        let verdict = self
            .shared
            .seal_checker
            .hand_over(to_check)
            .await
            .map_err(unavailable)?;
        self.sealing = Some(Box::new(Sealing {
            round,
            seal,
            verdict,
        }));
        Ok(())
    }

    /// Whether a seal's verdict is awaited: the client is not read
    /// meanwhile.
    pub(in crate::connection) fn is_sealing(&self) -> bool {
        self.sealing.is_some()
    }

    /// The verdict on the seal being checked is in: to the room if its
    /// signature is its key's, else refused.
    pub(in crate::connection) async fn sealed(
        &mut self,
        verdict: Result<Option<CheckedSeal>, Unchecked>,
    ) {
        let Some(sealing) = self.sealing.take() else {
            return;
        };
        let told = match verdict {
            Ok(Some(checked)) => {
                // `seal_to_room` boxes its wait on the room already.
                self.seal_to_room(sealing.round, sealing.seal, SealSigning::Checked(checked))
                    .await
            }
            Ok(None) => Err(Refusal::new(
                ErrorCode::BadSignature,
                format!("{}; nothing was sealed", ExchangeError::BadSignature),
            )),
            Err(cause) => Err(unavailable(cause)),
        };
        if let Err(refusal) = told {
            self.refuse(refusal);
        }
    }

    /// The seal to the room. Boxed: the room's message is not held by a
    /// connection that only seals.
    async fn seal_to_room(
        &mut self,
        round: u32,
        seal: Seal,
        signature: SealSigning,
    ) -> Result<(), Refusal> {
        let conn = self.id;
        Box::pin(self.tell_room(Command::from(
            conn,
            Act::Seal {
                round,
                seal,
                signature,
            },
        )))
        .await
    }
}

/// The checker could not give a verdict: the player sends the seal again.
fn unavailable(cause: Unchecked) -> Refusal {
    Refusal::new(ErrorCode::Unavailable, format!("{cause}; send it again"))
}
