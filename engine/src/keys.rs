//! A player's public key and signatures, as bytes: what `signing` makes and
//! `signature_check` checks, apart from both so that neither needs the
//! other's file for them.

crate::hex::bytes!(
    /// A player's public key: an Ed25519 public key, its 32 bytes as in RFC
    /// 8032. JSON: 64 hexadecimal digits.
    PlayerKey,
    32
);
crate::hex::bytes!(
    /// A player's signature of a seal: Ed25519 over [`crate::signing::signed_message`]. JSON:
    /// 128 hexadecimal digits.
    SealSignature,
    64
);
crate::hex::bytes!(
    /// 32 random bytes a server draws for one proof of a key: a
    /// connection's (in its `welcome`), or one HTTP request's. JSON: 64
    /// hexadecimal digits.
    KeyChallenge,
    32
);
