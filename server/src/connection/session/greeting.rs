//! The greeting: a client's `hello` (its protocol version and name)
//! answered with the server's `welcome` and a key challenge.

use mice_cake_protocol::{ErrorCode, PROTOCOL_VERSION, ServerMessage};

use super::Session;
use crate::room::Refusal;

impl Session {
    pub(super) fn hello(&mut self, version: u32, name: &str) -> Result<(), Refusal> {
        if version != PROTOCOL_VERSION {
            let update = if version < PROTOCOL_VERSION {
                "update the client (version 3 seals every move so that either player can check \
                 the game was fair: docs/fairness.md; this server serves a browser client of its \
                 version at its own address)"
            } else {
                "this server is older than the client: use a client of its version, or ask \
                 its operator to update it"
            };
            return Err(Refusal::new(
                ErrorCode::VersionMismatch,
                format!(
                    "this server speaks protocol version {PROTOCOL_VERSION}; \
                     the client speaks version {version}: {update}"
                ),
            )
            .with("server", PROTOCOL_VERSION)
            .with("client", version)
            .with(
                "reason",
                if version < PROTOCOL_VERSION {
                    "client_older"
                } else {
                    "server_older"
                },
            ));
        }
        let name = mice_cake_protocol::player_name(name).map_err(|error| Refusal {
            args: error.args(),
            ..Refusal::new(ErrorCode::BadName, error.to_string())
        })?;
        self.name = Some(name);
        let challenge = self.shared.rooms.rng.key_challenge();
        self.challenge = Some(challenge);
        self.outbound.send_message(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            server: concat!("mice-cake-server ", env!("CARGO_PKG_VERSION")).into(),
            challenge,
        });
        Ok(())
    }
}
