//! Moves signed by their players (`docs/fairness.md`, "Signed moves"): each
//! player holds an Ed25519 key pair and signs every seal it sends, so that a
//! record proves which moves a player made — and that the others were the
//! server's.
//!
//! What is signed is [`signed_message`]: `"mice-cake/fair/v1/signed-seal" ‖
//! seal`. The seal already binds the game (by the commitment), the round,
//! the seat, the move and its nonce. Signatures are Ed25519 as in RFC 8032
//! (no prehash, no context), checked strictly ([`crate::signature_check`]):
//! a browser's WebCrypto and this crate sign and check the same bytes.

use alloc::vec::Vec;

use ed25519_dalek::{Signer as _, SigningKey};

use crate::derivation::{Commitment, Seal, seat_byte};
pub use crate::keys::{KeyChallenge, PlayerKey, SealSignature};
use crate::seat::Seat;
use crate::signature_check::{CheckingKey, Signed, check_each};

const SIGNED_SEAL_TAG: &[u8] = b"mice-cake/fair/v1/signed-seal";

/// The bytes a player signs for `seal`.
pub fn signed_message(seal: Seal) -> [u8; SIGNED_SEAL_TAG.len() + 32] {
    let mut message = [0; SIGNED_SEAL_TAG.len() + 32];
    let (tag, rest) = message.split_at_mut(SIGNED_SEAL_TAG.len());
    tag.copy_from_slice(SIGNED_SEAL_TAG);
    rest.copy_from_slice(&seal.to_bytes());
    message
}

/// A seal whose signature was found to be its key's: made only by
/// [`check_seal`] and [`check_seals`], so that whoever holds one need not
/// check it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedSeal {
    key: PlayerKey,
    seal: Seal,
    signature: SealSignature,
}

impl CheckedSeal {
    /// The key that signed.
    pub fn key(&self) -> PlayerKey {
        self.key
    }

    /// The seal signed.
    pub fn seal(&self) -> Seal {
        self.seal
    }

    /// The signature.
    pub fn signature(&self) -> SealSignature {
        self.signature
    }
}

/// A seal to check: the key said to have signed it, and the signature.
#[derive(Clone, Copy, Debug)]
pub struct SealToCheck {
    /// The key said to have signed.
    pub key: CheckingKey,
    /// The seal.
    pub seal: Seal,
    /// The signature to check.
    pub signature: SealSignature,
}

/// `seal` checked alone: `None` if `signature` is not `key`'s signature of it.
pub fn check_seal(key: &CheckingKey, seal: Seal, signature: SealSignature) -> Option<CheckedSeal> {
    key.holds(&signed_message(seal), signature)
        .then_some(CheckedSeal {
            key: key.key(),
            seal,
            signature,
        })
}

/// Every seal of `batch` checked, in its order, in one batch
/// ([`check_each`]): a seal gets the verdict [`check_seal`] gives it.
pub fn check_seals(batch: &[SealToCheck]) -> Vec<Option<CheckedSeal>> {
    let messages: Vec<[u8; SIGNED_SEAL_TAG.len() + 32]> =
        batch.iter().map(|item| signed_message(item.seal)).collect();
    let signed: Vec<Signed<'_>> = batch
        .iter()
        .zip(&messages)
        .map(|(item, message)| Signed {
            key: &item.key,
            message,
            signature: item.signature,
        })
        .collect();
    batch
        .iter()
        .zip(check_each(&signed))
        .map(|(item, holds)| {
            holds.then_some(CheckedSeal {
                key: item.key.key(),
                seal: item.seal,
                signature: item.signature,
            })
        })
        .collect()
}

/// What is signed to rename a player: `"mice-cake/rename/v1"`, the time
/// of the rename (milliseconds since the Unix epoch, eight bytes big-endian,
/// so that an old rename cannot be sent again), then the new name in UTF-8.
const RENAME_TAG: &[u8] = b"mice-cake/rename/v1";

/// The bytes a player signs to take `name` at `at_ms`.
pub fn rename_message(name: &str, at_ms: u64) -> Vec<u8> {
    let mut message = Vec::with_capacity(RENAME_TAG.len() + 8 + name.len());
    message.extend_from_slice(RENAME_TAG);
    message.extend_from_slice(&at_ms.to_be_bytes());
    message.extend_from_slice(name.as_bytes());
    message
}

/// Whether `signature` is `key`'s signature of the rename to `name` at
/// `at_ms` ([`rename_message`]), checked strictly as seals are.
pub fn check_rename(key: PlayerKey, name: &str, at_ms: u64, signature: SealSignature) -> bool {
    verify(key, &rename_message(name, at_ms), signature)
}

/// What a bot's key signs to describe itself on the bots' page
/// (`docs/engines.md`, "The bots' page"): `"mice-cake/bot-card/v1"`, the
/// time of the description (milliseconds since the Unix epoch, eight bytes
/// big-endian: an older one cannot be sent again), then its engine's name,
/// its version, its author and its owner's note, each as its length in
/// UTF-8 (four bytes big-endian) and its UTF-8, so that no text can be
/// moved from one to the next.
const BOT_CARD_TAG: &[u8] = b"mice-cake/bot-card/v1";

/// What a bot's card says: its engine, and its owner's note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotCardText<'a> {
    /// The engine's name, as its handshake gives it.
    pub engine: &'a str,
    /// The engine's version.
    pub version: &'a str,
    /// The engine's author.
    pub author: &'a str,
    /// The owner's note, empty if none.
    pub note: &'a str,
}

/// The bytes a bot's key signs to describe itself with `card` at `at_ms`.
pub fn bot_card_message(card: BotCardText<'_>, at_ms: u64) -> Vec<u8> {
    let fields = [card.engine, card.version, card.author, card.note];
    let mut message = Vec::with_capacity(
        BOT_CARD_TAG.len() + 8 + fields.iter().map(|field| 4 + field.len()).sum::<usize>(),
    );
    message.extend_from_slice(BOT_CARD_TAG);
    message.extend_from_slice(&at_ms.to_be_bytes());
    for field in fields {
        // A field longer than 4 GiB cannot be sent: its length saturates.
        let length = u32::try_from(field.len()).unwrap_or(u32::MAX);
        message.extend_from_slice(&length.to_be_bytes());
        message.extend_from_slice(field.as_bytes());
    }
    message
}

/// Whether `signature` is `key`'s signature of `card` at `at_ms`
/// ([`bot_card_message`]), checked strictly as seals are.
pub fn check_bot_card(
    key: PlayerKey,
    card: BotCardText<'_>,
    at_ms: u64,
    signature: SealSignature,
) -> bool {
    verify(key, &bot_card_message(card, at_ms), signature)
}

/// What a player signs to choose whom they take challenges from
/// (`docs/protocol.md`, "Challenges"): `"mice-cake/challenges-from/v1"`,
/// the time of the choice (milliseconds since the Unix epoch, eight bytes
/// big-endian, so that an older choice cannot be sent again), then the
/// choice as one byte (0 everyone, 1 players they have played, 2 nobody).
const CHALLENGES_FROM_TAG: &[u8] = b"mice-cake/challenges-from/v1";

/// The bytes a player signs to take challenges from `choice` at `at_ms`.
pub fn challenges_from_message(choice: u8, at_ms: u64) -> [u8; CHALLENGES_FROM_TAG.len() + 9] {
    let mut message = [0; CHALLENGES_FROM_TAG.len() + 9];
    let (tag, rest) = message.split_at_mut(CHALLENGES_FROM_TAG.len());
    tag.copy_from_slice(CHALLENGES_FROM_TAG);
    let (time, byte) = rest.split_at_mut(8);
    time.copy_from_slice(&at_ms.to_be_bytes());
    byte[0] = choice;
    message
}

/// Whether `signature` is `key`'s signature of taking challenges from
/// `choice` at `at_ms` ([`challenges_from_message`]).
pub fn check_challenges_from(
    key: PlayerKey,
    choice: u8,
    at_ms: u64,
    signature: SealSignature,
) -> bool {
    verify(key, &challenges_from_message(choice, at_ms), signature)
}

/// What a player signs to leave a game (`docs/fairness.md`, "What a
/// forfeit rests on"): `"mice-cake/fair/v1/signed-leave"`, the game's
/// commitment, the round under way when they leave (four bytes big-endian;
/// 0: the deal) and their seat (one byte: 0 Yellow, 1 Blue). The
/// commitment names the game and the round the moment, so that a leave
/// signed once is good for that game and that round alone: a server cannot
/// take one from another game, or end a game sooner than the player did.
const LEAVE_TAG: &[u8] = b"mice-cake/fair/v1/signed-leave";

/// The bytes a player signs to leave the game committed to by `commitment`
/// in `round`, from `seat`.
pub fn leave_message(
    commitment: Commitment,
    round: u32,
    seat: Seat,
) -> [u8; LEAVE_TAG.len() + 32 + 4 + 1] {
    let mut message = [0; LEAVE_TAG.len() + 32 + 4 + 1];
    let (tag, rest) = message.split_at_mut(LEAVE_TAG.len());
    tag.copy_from_slice(LEAVE_TAG);
    let (committed, rest) = rest.split_at_mut(32);
    committed.copy_from_slice(&commitment.to_bytes());
    let (round_bytes, seat_slot) = rest.split_at_mut(4);
    round_bytes.copy_from_slice(&round.to_be_bytes());
    seat_slot[0] = seat_byte(seat);
    message
}

/// Whether `signature` is `key`'s signature of leaving the game committed
/// to by `commitment` in `round`, from `seat` ([`leave_message`]).
pub fn check_leave(
    key: PlayerKey,
    commitment: Commitment,
    round: u32,
    seat: Seat,
    signature: SealSignature,
) -> bool {
    verify(key, &leave_message(commitment, round, seat), signature)
}

/// What a key signs to declare itself a bot (`docs/ratings.md`, "Bots"):
/// `"mice-cake/bot/v1"` followed by the key's own 32 bytes. A key that has
/// declared itself a bot stays one: the declaration can be shown again by
/// anyone, and says nothing but that.
const BOT_TAG: &[u8] = b"mice-cake/bot/v1";

/// The bytes `key` signs to declare itself a bot.
pub fn bot_message(key: PlayerKey) -> [u8; BOT_TAG.len() + 32] {
    let mut message = [0; BOT_TAG.len() + 32];
    let (tag, rest) = message.split_at_mut(BOT_TAG.len());
    tag.copy_from_slice(BOT_TAG);
    rest.copy_from_slice(&key.to_bytes());
    message
}

/// Whether `signature` is `key`'s declaration that it is a bot
/// ([`bot_message`]).
pub fn check_bot(key: PlayerKey, signature: SealSignature) -> bool {
    verify(key, &bot_message(key), signature)
}

/// What a player signs to show, as they take a seat, seek a rated game,
/// join or make an arena, that they hold the key they announce
/// (`docs/ratings.md`): `"mice-cake/key/v2"` followed by the 32 bytes of a
/// challenge the server drew for this one use — a connection's (its
/// `welcome`), or one fetched for a single HTTP request. A proof seen by
/// anyone else (a proxy, another server) is worth nothing to them: it holds
/// for that connection, or that request, only.
const KEY_TAG: &[u8] = b"mice-cake/key/v2";

/// The bytes a key signs to prove it is held, answering `challenge`.
pub fn key_proof_message(challenge: KeyChallenge) -> [u8; KEY_TAG.len() + 32] {
    let mut message = [0; KEY_TAG.len() + 32];
    let (tag, rest) = message.split_at_mut(KEY_TAG.len());
    tag.copy_from_slice(KEY_TAG);
    rest.copy_from_slice(&challenge.to_bytes());
    message
}

/// Whether `signature` is `key`'s proof that it is held, answering
/// `challenge` ([`key_proof_message`]).
pub fn check_key_proof(key: PlayerKey, challenge: KeyChallenge, signature: SealSignature) -> bool {
    verify(key, &key_proof_message(challenge), signature)
}

/// Whether `signature` is `key`'s signature of `message`, checked strictly.
fn verify(key: PlayerKey, message: &[u8], signature: SealSignature) -> bool {
    CheckingKey::new(key).is_some_and(|key| key.holds(message, signature))
}

/// Whether `signature` is `key`'s signature of `seal`.
pub fn check(key: PlayerKey, seal: Seal, signature: SealSignature) -> bool {
    verify(key, &signed_message(seal), signature)
}

/// A player's key pair, from its 32 secret bytes (RFC 8032's private key):
/// what a client keeps, readable by its user only. Its debug output shows
/// the public half alone.
#[derive(Clone)]
pub struct PlayerSecret(SigningKey);

impl PlayerSecret {
    /// The key pair whose secret is `secret` (32 bytes from a good random
    /// source, kept).
    pub fn from_bytes(secret: [u8; 32]) -> PlayerSecret {
        PlayerSecret(SigningKey::from_bytes(&secret))
    }

    /// The secret's 32 bytes, to keep.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// The public half, announced when the player takes a seat.
    pub fn public_key(&self) -> PlayerKey {
        PlayerKey::from_bytes(self.0.verifying_key().to_bytes())
    }

    /// The signature of `seal`, sent with it.
    pub fn sign(&self, seal: Seal) -> SealSignature {
        SealSignature::from_bytes(self.0.sign(&signed_message(seal)).to_bytes())
    }

    /// The signature of a rename to `name` at `at_ms` ([`rename_message`]).
    pub fn sign_rename(&self, name: &str, at_ms: u64) -> SealSignature {
        SealSignature::from_bytes(self.0.sign(&rename_message(name, at_ms)).to_bytes())
    }

    /// The signature of taking challenges from `choice` at `at_ms`
    /// ([`challenges_from_message`]).
    pub fn sign_challenges_from(&self, choice: u8, at_ms: u64) -> SealSignature {
        SealSignature::from_bytes(
            self.0
                .sign(&challenges_from_message(choice, at_ms))
                .to_bytes(),
        )
    }

    /// The signature of leaving the game committed to by `commitment` in
    /// `round`, from `seat` ([`leave_message`]).
    pub fn sign_leave(&self, commitment: Commitment, round: u32, seat: Seat) -> SealSignature {
        SealSignature::from_bytes(
            self.0
                .sign(&leave_message(commitment, round, seat))
                .to_bytes(),
        )
    }

    /// The proof that this key is held, answering `challenge`
    /// ([`key_proof_message`]).
    pub fn prove_key(&self, challenge: KeyChallenge) -> SealSignature {
        SealSignature::from_bytes(self.0.sign(&key_proof_message(challenge)).to_bytes())
    }

    /// The signature of describing this bot's key with `card` at `at_ms`
    /// ([`bot_card_message`]).
    pub fn sign_bot_card(&self, card: BotCardText<'_>, at_ms: u64) -> SealSignature {
        SealSignature::from_bytes(self.0.sign(&bot_card_message(card, at_ms)).to_bytes())
    }

    /// This key's declaration that it is a bot ([`bot_message`]).
    pub fn sign_bot(&self) -> SealSignature {
        SealSignature::from_bytes(self.0.sign(&bot_message(self.public_key())).to_bytes())
    }
}

impl core::fmt::Debug for PlayerSecret {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("PlayerSecret")
            .field(&self.public_key())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use alloc::string::ToString;

    /// RFC 8032, section 7.1, test 1: the empty message.
    #[test]
    fn keys_and_signatures_are_rfc_8032s() {
        let secret: [u8; 32] = crate::hex::parse_hex(
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        )
        .unwrap();
        let pair = PlayerSecret::from_bytes(secret);
        assert_eq!(
            pair.public_key().to_string(),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        );
        let signature = SealSignature::from_bytes(pair.0.sign(b"").to_bytes());
        assert!(verify(pair.public_key(), b"", signature));
        assert_eq!(
            signature.to_string(),
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155\
             5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        );
    }

    /// The vector of `docs/protocol.md` and `docs/fairness.md`: RFC 8032's
    /// first key signs the worked example's seal (computed apart, with
    /// Python's `cryptography`, and by the browser's WebCrypto).
    #[test]
    fn a_seal_is_signed_as_the_docs_say() {
        let pair = PlayerSecret::from_bytes(
            crate::hex::parse_hex(
                "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            )
            .unwrap(),
        );
        let seal: Seal = "391fa7bc7bd1d1b9963c3434369c3e70933c0ede9bb940337ce80bb7de1cf472"
            .parse()
            .unwrap();
        let signature = pair.sign(seal);
        assert_eq!(
            signature.to_string(),
            "6dab9149d26982dd9c50268832bd89fccf65af4956f9c5c5137e531663a1be7e\
             ad1f70c7cdf0cd7cdfdad20a933a13c6386437a2815527a116605ce348797a0e"
        );
        assert!(check(pair.public_key(), seal, signature));
        assert_eq!(
            &signed_message(seal)[..29],
            b"mice-cake/fair/v1/signed-seal"
        );
    }

    #[test]
    fn a_signature_holds_for_its_seal_and_key_only() {
        let pair = PlayerSecret::from_bytes([7; 32]);
        let other = PlayerSecret::from_bytes([8; 32]);
        let seal = Seal::from_bytes([1; 32]);
        let signature = pair.sign(seal);
        assert!(check(pair.public_key(), seal, signature));
        assert!(!check(other.public_key(), seal, signature));
        assert!(!check(
            pair.public_key(),
            Seal::from_bytes([2; 32]),
            signature
        ));
        let mut bytes = signature.to_bytes();
        bytes[5] ^= 1;
        assert!(!check(
            pair.public_key(),
            seal,
            SealSignature::from_bytes(bytes)
        ));
        assert_eq!(
            signature.to_string().parse::<SealSignature>(),
            Ok(signature)
        );
        assert_eq!(
            "ab".repeat(32).parse::<SealSignature>(),
            Err(crate::hex::HexError { bytes: 64 })
        );
    }

    #[test]
    fn small_order_and_off_curve_keys_are_not_usable() {
        assert!(PlayerSecret::from_bytes([3; 32]).public_key().is_usable());
        // The identity point: of small order.
        let mut identity = [0; 32];
        identity[0] = 1;
        assert!(!PlayerKey::from_bytes(identity).is_usable());
        // y = 2 is not on the curve.
        let mut off = [0; 32];
        off[0] = 2;
        assert!(!PlayerKey::from_bytes(off).is_usable());
    }

    #[test]
    fn a_leave_is_signed_for_its_game_round_and_seat_only() {
        let secret = PlayerSecret::from_bytes([5; 32]);
        let key = secret.public_key();
        let commitment = Commitment::from_bytes([9; 32]);
        let signed = secret.sign_leave(commitment, 4, Seat::Blue);
        assert!(check_leave(key, commitment, 4, Seat::Blue, signed));
        assert!(!check_leave(key, commitment, 5, Seat::Blue, signed));
        assert!(!check_leave(key, commitment, 4, Seat::Yellow, signed));
        let other_game = Commitment::from_bytes([8; 32]);
        assert!(!check_leave(key, other_game, 4, Seat::Blue, signed));
        let other = PlayerSecret::from_bytes([6; 32]).public_key();
        assert!(!check_leave(other, commitment, 4, Seat::Blue, signed));
        let message = leave_message(commitment, 4, Seat::Blue);
        assert_eq!(
            &message[..LEAVE_TAG.len()],
            b"mice-cake/fair/v1/signed-leave"
        );
        assert_eq!(&message[LEAVE_TAG.len()..LEAVE_TAG.len() + 32], &[9; 32]);
        assert_eq!(&message[LEAVE_TAG.len() + 32..], &[0, 0, 0, 4, 1]);
    }

    /// The vectors of `docs/fairness.md`: RFC 8032's first key leaves round
    /// 3 as Blue, of the game committed to seed 1, declares itself a bot, and
    /// proves it is held answering the challenge of bytes 0 to 31 (each
    /// computed apart, with Python's `cryptography`).
    #[test]
    fn a_leave_and_a_bot_declaration_are_signed_as_the_docs_say() {
        let pair = PlayerSecret::from_bytes(
            crate::hex::parse_hex(
                "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            )
            .unwrap(),
        );
        let commitment = crate::fair::commitment(crate::dice::Seed::from_u64(1));
        assert_eq!(
            pair.sign_leave(commitment, 3, Seat::Blue).to_string(),
            "31c816c9d8f26dd91fd8436761fd14a6bb61334ccc1a0a65a3d7c367bf2cf41a\
             9bfac94fb340a51c2d91a670d91d7fdd5313a5c8600879579293f04ad2c8dc03"
        );
        assert_eq!(
            pair.sign_bot().to_string(),
            "82deccfd4fbffe997b7818bdcd68a9ae7e3e35adf77d252135f7a0cd7d408d87\
             ad1b341509e9f707d048dfed953295a0cd1f90472868aa778c232e8934ff1d07"
        );
        assert_eq!(
            pair.prove_key(counting_challenge()).to_string(),
            "55c300666d8ff8b2246bd4e075daea6173786be83f4e46a735a81e561af40463\
             616788a753ac63b0c84ba0de46af51d8eb0ce554a97cedc1fd3034a1a20ea708"
        );
    }

    /// The challenge of bytes 0, 1, …, 31: the docs' example.
    fn counting_challenge() -> KeyChallenge {
        KeyChallenge::from_bytes(core::array::from_fn(|index| index as u8))
    }

    #[test]
    fn a_key_proof_holds_for_its_key_and_challenge_only() {
        let secret = PlayerSecret::from_bytes([5; 32]);
        let challenge = counting_challenge();
        let proof = secret.prove_key(challenge);
        assert!(check_key_proof(secret.public_key(), challenge, proof));
        let mut other_bytes = challenge.to_bytes();
        other_bytes[31] ^= 1;
        let other_challenge = KeyChallenge::from_bytes(other_bytes);
        assert!(!check_key_proof(
            secret.public_key(),
            other_challenge,
            proof
        ));
        let other = PlayerSecret::from_bytes([6; 32]).public_key();
        assert!(!check_key_proof(other, challenge, proof));
        let message = key_proof_message(challenge);
        assert_eq!(&message[..16], b"mice-cake/key/v2");
        assert_eq!(&message[16..], &challenge.to_bytes());
    }

    #[test]
    fn a_bot_declaration_holds_for_its_own_key_only() {
        let secret = PlayerSecret::from_bytes([5; 32]);
        let declared = secret.sign_bot();
        assert!(check_bot(secret.public_key(), declared));
        let other = PlayerSecret::from_bytes([6; 32]);
        assert!(!check_bot(other.public_key(), declared));
        // Another key's declaration cannot make this one a bot.
        assert!(!check_bot(secret.public_key(), other.sign_bot()));
        assert_eq!(&bot_message(secret.public_key())[..16], b"mice-cake/bot/v1");
    }

    #[test]
    fn a_bot_card_is_signed_for_each_of_its_fields_and_its_time() {
        let secret = PlayerSecret::from_bytes([7; 32]);
        let key = secret.public_key();
        let card = BotCardText {
            engine: "pips",
            version: "1.0",
            author: "Ada",
            note: "",
        };
        let signed = secret.sign_bot_card(card, 1_764_159_000_000);
        assert!(check_bot_card(key, card, 1_764_159_000_000, signed));
        assert!(!check_bot_card(key, card, 1_764_159_000_001, signed));
        // A letter moved from one field to the next is another card.
        let moved = BotCardText {
            engine: "pip",
            version: "s1.0",
            ..card
        };
        assert!(!check_bot_card(key, moved, 1_764_159_000_000, signed));
        let noted = BotCardText { note: "hi", ..card };
        assert!(!check_bot_card(key, noted, 1_764_159_000_000, signed));
        let other = PlayerSecret::from_bytes([8; 32]).public_key();
        assert!(!check_bot_card(other, card, 1_764_159_000_000, signed));
        let message = bot_card_message(card, 1);
        assert_eq!(&message[..BOT_CARD_TAG.len()], BOT_CARD_TAG);
        assert_eq!(
            &message[BOT_CARD_TAG.len() + 8..BOT_CARD_TAG.len() + 16],
            b"\0\0\0\x04pips"
        );
    }

    #[test]
    fn a_rename_is_signed_for_its_name_and_time_only() {
        let secret = PlayerSecret::from_bytes([5; 32]);
        let key = secret.public_key();
        let signed = secret.sign_rename("Ada", 1_764_159_000_000);
        assert!(check_rename(key, "Ada", 1_764_159_000_000, signed));
        assert!(!check_rename(key, "Adam", 1_764_159_000_000, signed));
        assert!(!check_rename(key, "Ada", 1_764_159_000_001, signed));
        let other = PlayerSecret::from_bytes([6; 32]).public_key();
        assert!(!check_rename(other, "Ada", 1_764_159_000_000, signed));
        let message = rename_message("Ada", 1);
        assert_eq!(&message[..RENAME_TAG.len()], RENAME_TAG);
        assert_eq!(
            &message[RENAME_TAG.len()..RENAME_TAG.len() + 8],
            &[0, 0, 0, 0, 0, 0, 0, 1]
        );
        assert_eq!(&message[RENAME_TAG.len() + 8..], b"Ada");
    }

    fn seal(byte: u8) -> Seal {
        Seal::from_bytes([byte; 32])
    }

    fn checking(secret: &PlayerSecret) -> CheckingKey {
        CheckingKey::new(secret.public_key()).unwrap()
    }

    #[test]
    fn a_batch_with_a_forged_signature_refuses_that_seal_alone() {
        let secrets: Vec<PlayerSecret> = (1..=16)
            .map(|byte| PlayerSecret::from_bytes([byte; 32]))
            .collect();
        let mut batch: Vec<SealToCheck> = secrets
            .iter()
            .enumerate()
            .map(|(index, secret)| {
                let seal = seal(u8::try_from(index).unwrap());
                SealToCheck {
                    key: checking(secret),
                    seal,
                    signature: secret.sign(seal),
                }
            })
            .collect();
        // The seventh seal signed by another key than the one it names.
        batch[6].signature = secrets[7].sign(batch[6].seal);
        let verdicts = check_seals(&batch);
        for (index, (verdict, item)) in verdicts.iter().zip(&batch).enumerate() {
            if index == 6 {
                assert_eq!(*verdict, None);
            } else {
                let checked = verdict.unwrap();
                assert_eq!(
                    (checked.key(), checked.seal(), checked.signature()),
                    (item.key.key(), item.seal, item.signature)
                );
            }
        }
        // Without it, the batch holds as one.
        batch.remove(6);
        assert!(check_seals(&batch).iter().all(Option::is_some));
        assert_eq!(check_seals(&[]), []);
    }

    #[test]
    fn a_seal_checked_is_its_key_seal_and_signature() {
        let secret = PlayerSecret::from_bytes([4; 32]);
        let key = checking(&secret);
        let signature = secret.sign(seal(2));
        let checked = check_seal(&key, seal(2), signature).unwrap();
        assert_eq!(checked.key(), secret.public_key());
        assert_eq!(checked.seal(), seal(2));
        assert_eq!(checked.signature(), signature);
        assert_eq!(check_seal(&key, seal(3), signature), None);
    }

    proptest! {
        /// Any mix of good and damaged signatures: the batch gives each the
        /// verdict it gets alone.
        #[test]
        fn a_batch_agrees_with_checking_one_by_one(
            damage in proptest::collection::vec(proptest::option::of((0usize..64, 0u8..8)), 1..24),
        ) {
            let batch: Vec<SealToCheck> = damage
                .iter()
                .enumerate()
                .map(|(index, damage)| {
                    let byte = u8::try_from(index).unwrap();
                    let secret = PlayerSecret::from_bytes([byte.wrapping_add(100); 32]);
                    let mut signature = secret.sign(seal(byte)).to_bytes();
                    if let Some((at, bit)) = damage {
                        signature[*at] ^= 1 << bit;
                    }
                    SealToCheck { key: checking(&secret), seal: seal(byte), signature: SealSignature::from_bytes(signature) }
                })
                .collect();
            let alone: Vec<Option<CheckedSeal>> = batch
                .iter()
                .map(|item| check_seal(&item.key, item.seal, item.signature))
                .collect();
            prop_assert_eq!(check_seals(&batch), alone.clone());
            for ((verdict, damage), item) in alone.iter().zip(&damage).zip(&batch) {
                prop_assert_eq!(verdict.is_some(), damage.is_none());
                // What a check without the cofactor says of these (no
                // small-order parts here): the same.
                let strict = ed25519_dalek::VerifyingKey::from_bytes(&item.key.key().to_bytes())
                    .unwrap()
                    .verify_strict(
                        &signed_message(item.seal),
                        &ed25519_dalek::Signature::from_bytes(&item.signature.to_bytes()),
                    );
                prop_assert_eq!(verdict.is_some(), strict.is_ok());
            }
        }
    }
}
