//! A bot describing itself on the bots' page: its card (engine, version,
//! author, owner's note), signed with its key at a time near the server's,
//! kept unless a later card is.

use mice_cake_engine::{PlayerKey, SealSignature};
use mice_cake_protocol::bots::{BotCard, SignedBotCard};
use mice_cake_protocol::{ErrorCode, ServerMessage};

use super::Session;
use crate::room::Refusal;

/// What a `describe_bot` message says.
pub(in crate::connection) struct DescribeBot {
    pub(in crate::connection) key: PlayerKey,
    pub(in crate::connection) bot_declaration: SealSignature,
    pub(in crate::connection) card: BotCard,
    pub(in crate::connection) at_ms: u64,
    pub(in crate::connection) signature: SealSignature,
}

impl Session {
    pub(in crate::connection) async fn describe_bot(
        &mut self,
        described: DescribeBot,
    ) -> Result<(), Refusal> {
        let card = described.card.cleaned().map_err(|bad| Refusal {
            args: bad.args(),
            ..Refusal::new(ErrorCode::BadBotCard, bad.to_string())
        })?;
        if card != described.card {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "a card is signed as cleaned (its runs of white space one space, its text in \
                 Unicode normalization form C): clean it, then sign it",
            ));
        }
        if !super::signed_time::near_now(described.at_ms) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "a card is signed with the time it is made (at_ms, milliseconds since the Unix \
                 epoch), within ten minutes of the server's clock: check your clock",
            ));
        }
        if !mice_cake_engine::signing::check_bot_card(
            described.key,
            card.text(),
            described.at_ms,
            described.signature,
        ) {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "this is not the key's signature of the card (\"mice-cake/bot-card/v1\", at_ms \
                 as eight bytes big-endian, then engine, version, author and note, each as its \
                 length in four bytes big-endian and its UTF-8)",
            ));
        }
        // A card makes its key a bot's for good, as a bot's first seat does.
        let name = self.name.clone().unwrap_or_default();
        self.declare_bot(described.key, described.bot_declaration, &name)
            .await?;
        let signed = SignedBotCard {
            card: card.clone(),
            at_ms: described.at_ms,
            signature: described.signature,
        };
        let kept = self
            .shared
            .rooms
            .storage
            .describe_bot(described.key, signed)
            .await
            .map_err(|cause| {
                tracing::warn!(cause = %cause, "a bot's card cannot be stored");
                Refusal::new(
                    ErrorCode::Internal,
                    "the bot's card could not be stored; try again",
                )
            })?;
        if !kept {
            return Err(Refusal::new(
                ErrorCode::BadSignature,
                "this bot sent a card signed at that time or later already: sign it again, now",
            ));
        }
        self.outbound.send_message(&ServerMessage::BotDescribed {
            key: described.key,
            card,
        });
        Ok(())
    }
}
