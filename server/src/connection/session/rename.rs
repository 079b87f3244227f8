//! A player renaming themselves: the new name, signed with their key at a
//! time near the server's, stored unless a later rename is.

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::{ErrorCode, ServerMessage};

use super::Session;
use crate::room::Refusal;

/// What a `rename` message says.
pub(in crate::connection) struct Rename {
    pub(in crate::connection) key: PlayerKey,
    pub(in crate::connection) name: String,
    pub(in crate::connection) at_ms: u64,
    pub(in crate::connection) signature: SealSignature,
}

impl Session {
    pub(in crate::connection) async fn rename(&mut self, rename: Rename) -> Result<(), Refusal> {
        let name = mice_cake_protocol::player_name(&rename.name).map_err(|error| Refusal {
            args: error.args(),
            ..Refusal::new(ErrorCode::BadName, error.to_string())
        })?;
        if !super::signed_time::near_now(rename.at_ms) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "a rename is signed with the time it is made (at_ms, milliseconds since the Unix \
                 epoch), within ten minutes of the server's clock: check your clock",
            ));
        }
        if !mice_cake_engine::signing::check_rename(
            rename.key,
            &name,
            rename.at_ms,
            rename.signature,
        ) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "this is not the key's signature of the rename (\"mice-cake/rename/v1\", at_ms as \
                 eight bytes big-endian, the name as cleaned, in UTF-8)",
            ));
        }
        let renamed = self
            .shared
            .rooms
            .storage
            .rename(rename.key, name.clone(), rename.at_ms)
            .await
            .map_err(|cause| {
                tracing::warn!(cause = %cause, "a rename cannot be stored");
                Refusal::new(
                    ErrorCode::Internal,
                    "the rename could not be stored; try again",
                )
            })?;
        if !renamed {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "this key was renamed at that time or later already: sign the rename again, now",
            ));
        }
        self.outbound.send_message(&ServerMessage::Renamed {
            key: rename.key,
            name,
        });
        Ok(())
    }
}
