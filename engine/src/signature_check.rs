//! How a player's signature is checked (`docs/fairness.md`, "Signed moves"):
//! one at a time, or many at once in a batch that costs a fraction as much
//! and gives each signature the verdict it would get alone.
//!
//! The check is RFC 8032's (section 5.1.7) with its group equation
//! multiplied by the cofactor, `[8][s]B = [8]R + [8][k]A`, and strict about
//! what goes into it:
//! - `s` is below the group's order ℓ;
//! - `R` and the key `A` are encoded canonically (`y` below p) and neither
//!   is of small order;
//! - the key is in the prime-order subgroup, checked once, when it is
//!   announced ([`CheckingKey::new`]).
//!
//! Why the cofactor: a batch adds the signatures' equations up with random
//! weights, and a check without the cofactor cannot agree with it. A
//! signature whose `R` is off by a point of small order fails alone, but
//! in a batch it passes whenever its weight happens to be a multiple of
//! that point's order — one time in two for a point of order 2, and the
//! weights of a batch cannot be chosen to catch every such point at once.
//! Multiplied by the cofactor, alone and batched agree (but for a chance of
//! 2⁻¹²⁸ per batch). Only the key's owner can make such a signature (no
//! conforming signer does); with the cofactor it proves what any signature
//! proves, that the key's owner signed the message.

use alloc::vec::Vec;

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{IsIdentity as _, VartimeMultiscalarMul as _};
use rand_chacha::ChaCha12Rng;
use rand_core::{Rng as _, SeedableRng as _};
use sha2::{Digest as _, Sha512};

use crate::keys::{PlayerKey, SealSignature};

impl PlayerKey {
    /// Whether the bytes are a key a signature can be checked with
    /// ([`CheckingKey::new`]): a point of the curve, canonically encoded, in
    /// the prime-order subgroup (not of small order, which would "verify"
    /// forged signatures).
    pub fn is_usable(self) -> bool {
        CheckingKey::new(self).is_some()
    }
}

/// A key signatures can be checked with: canonically encoded, of the
/// prime-order subgroup, and decompressed once for all the checks it makes
/// (a game's, or a connection's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckingKey {
    key: PlayerKey,
    point: EdwardsPoint,
}

impl CheckingKey {
    /// The key of `key`'s bytes, if it is usable: a canonical encoding of a
    /// point of the curve in the prime-order subgroup, not the identity (a
    /// key of small order "verifies" forged signatures; one with a
    /// small-order part would let checks with and without the cofactor
    /// disagree).
    pub fn new(key: PlayerKey) -> Option<CheckingKey> {
        let bytes = key.to_bytes();
        if !is_canonical(&bytes) {
            return None;
        }
        let point = CompressedEdwardsY(bytes).decompress()?;
        if point.is_small_order() || !point.is_torsion_free() {
            return None;
        }
        Some(CheckingKey { key, point })
    }

    /// A key already found usable ([`CheckingKey::new`]) when it was
    /// announced, decoded again without the subgroup check, which costs as
    /// much as a check of a signature: an exchange's keys are its seats',
    /// each checked as its player took the seat. (A key that somehow had a
    /// small-order part would still prove its owner signed: the check has
    /// the cofactor.)
    pub(crate) fn announced(key: PlayerKey) -> Option<CheckingKey> {
        let bytes = key.to_bytes();
        if !is_canonical(&bytes) {
            return None;
        }
        let point = CompressedEdwardsY(bytes).decompress()?;
        (!point.is_small_order()).then_some(CheckingKey { key, point })
    }

    /// The key's bytes.
    pub fn key(&self) -> PlayerKey {
        self.key
    }

    /// Whether `signature` is this key's signature of `message`.
    pub fn holds(&self, message: &[u8], signature: SealSignature) -> bool {
        Equation::of(self, message, signature).is_some_and(|equation| equation.holds())
    }
}

/// A signature to check: the key said to have made it, and what it signs.
#[derive(Clone, Copy, Debug)]
pub struct Signed<'a> {
    /// The key said to have signed.
    pub key: &'a CheckingKey,
    /// The bytes signed.
    pub message: &'a [u8],
    /// The signature.
    pub signature: SealSignature,
}

/// Whether each signature of `batch` holds, in its order: checked together
/// in one equation; if that fails, each alone, so that a bad signature
/// fails and the others hold. Each gets the verdict
/// [`CheckingKey::holds`] gives it alone.
pub fn check_each(batch: &[Signed<'_>]) -> Vec<bool> {
    let equations: Vec<Option<Equation>> = batch
        .iter()
        .map(|signed| Equation::of(signed.key, signed.message, signed.signature))
        .collect();
    let well_formed: Vec<&Equation> = equations.iter().flatten().collect();
    let all_hold = well_formed.len() > 1 && Equation::all_hold(&well_formed);
    equations
        .iter()
        .map(|equation| {
            equation
                .as_ref()
                .is_some_and(|equation| all_hold || equation.holds())
        })
        .collect()
}

/// One signature's equation, `[8]([s]B − R − [k]A) = 0`, its parts parsed
/// and found well formed.
#[derive(Debug)]
struct Equation {
    s: Scalar,
    r_bytes: [u8; 32],
    r: EdwardsPoint,
    k: Scalar,
    a: EdwardsPoint,
}

impl Equation {
    /// The equation of `signature` of `message` by `key`, if the signature
    /// is well formed: `s` below ℓ, `R` canonical and not of small order.
    fn of(key: &CheckingKey, message: &[u8], signature: SealSignature) -> Option<Equation> {
        let bytes = signature.to_bytes();
        let (r_bytes, s_bytes) = bytes.split_at(32);
        let r_bytes: [u8; 32] = r_bytes.try_into().ok()?;
        let s_bytes: [u8; 32] = s_bytes.try_into().ok()?;
        let s = Option::<Scalar>::from(Scalar::from_canonical_bytes(s_bytes))?;
        if !is_canonical(&r_bytes) {
            return None;
        }
        let r = CompressedEdwardsY(r_bytes).decompress()?;
        if r.is_small_order() {
            return None;
        }
        let hash: [u8; 64] = Sha512::new()
            .chain_update(r_bytes)
            .chain_update(key.key.to_bytes())
            .chain_update(message)
            .finalize()
            .into();
        Some(Equation {
            s,
            r_bytes,
            r,
            k: Scalar::from_bytes_mod_order_wide(&hash),
            a: key.point,
        })
    }

    /// Whether this equation holds.
    fn holds(&self) -> bool {
        let sb_minus_ka =
            EdwardsPoint::vartime_double_scalar_mul_basepoint(&self.k, &-self.a, &self.s);
        (sb_minus_ka - self.r).mul_by_cofactor().is_identity()
    }

    /// Whether all `equations` hold, checked as one: the sum of each
    /// weighted by a random 128-bit `z`, `[8](Σz·s·B − Σz·R − Σz·k·A) = 0`.
    /// The weights are drawn from a hash of every equation, so that no
    /// signer can choose them, and a batch is checked the same way each
    /// time.
    fn all_hold(equations: &[&Equation]) -> bool {
        let mut transcript = Sha512::new().chain_update(BATCH_TAG);
        for equation in equations {
            transcript.update(equation.r_bytes);
            transcript.update(equation.k.as_bytes());
            transcript.update(equation.s.as_bytes());
        }
        let hash: [u8; 64] = transcript.finalize().into();
        let mut seed = [0; 32];
        seed.copy_from_slice(&hash[..32]);
        let mut weights = ChaCha12Rng::from_seed(seed);
        let mut base = Scalar::ZERO;
        let mut scalars = Vec::with_capacity(2 * equations.len() + 1);
        let mut points = Vec::with_capacity(2 * equations.len() + 1);
        for equation in equations {
            let z =
                Scalar::from(u128::from(weights.next_u64()) << 64 | u128::from(weights.next_u64()));
            base += z * equation.s;
            scalars.push(-z);
            points.push(equation.r);
            scalars.push(-(z * equation.k));
            points.push(equation.a);
        }
        scalars.push(base);
        points.push(ED25519_BASEPOINT_POINT);
        EdwardsPoint::vartime_multiscalar_mul(scalars, points)
            .mul_by_cofactor()
            .is_identity()
    }
}

/// Where a batch's weights come from.
const BATCH_TAG: &[u8] = b"mice-cake/signature-batch/v1";

/// Whether `bytes` encode a point's `y` canonically: below p = 2²⁵⁵ − 19
/// once the sign bit of `x` is set aside. (The other non-canonical case, `x`
/// = 0 with its sign bit set, is `y` = ±1: points of small order, refused
/// anyway.)
fn is_canonical(bytes: &[u8; 32]) -> bool {
    let top = bytes[31] & 0x7f;
    let at_least_p =
        top == 0x7f && bytes[1..31].iter().all(|&byte| byte == 0xff) && bytes[0] >= 0xed;
    !at_least_p
}

#[cfg(test)]
mod tests {
    use alloc::vec;

    use curve25519_dalek::constants::EIGHT_TORSION;

    use super::*;

    const MESSAGE: &[u8] = b"a message";

    fn scalar(byte: u8) -> Scalar {
        Scalar::from_bytes_mod_order_wide(&[byte; 64])
    }

    /// A signature of `message` made by hand with the secret scalar `a` and
    /// the nonce `r`, whose `R` is `[r]B + extra`: what no conforming signer
    /// makes when `extra` is not the identity, but the key's owner can.
    fn sign_by_hand(a: Scalar, r: Scalar, extra: EdwardsPoint, message: &[u8]) -> SealSignature {
        let public = EdwardsPoint::mul_base(&a).compress();
        let r_point = (EdwardsPoint::mul_base(&r) + extra).compress();
        let hash: [u8; 64] = Sha512::new()
            .chain_update(r_point.as_bytes())
            .chain_update(public.as_bytes())
            .chain_update(message)
            .finalize()
            .into();
        let s = r + Scalar::from_bytes_mod_order_wide(&hash) * a;
        let mut bytes = [0; 64];
        bytes[..32].copy_from_slice(r_point.as_bytes());
        bytes[32..].copy_from_slice(s.as_bytes());
        SealSignature::from_bytes(bytes)
    }

    fn key_of(a: Scalar) -> CheckingKey {
        CheckingKey::new(PlayerKey::from_bytes(
            EdwardsPoint::mul_base(&a).compress().to_bytes(),
        ))
        .unwrap()
    }

    fn identity() -> EdwardsPoint {
        EIGHT_TORSION[0]
    }

    #[test]
    fn malformed_signatures_are_refused_alone_and_in_a_batch() {
        let key = key_of(scalar(3));
        let good = sign_by_hand(scalar(3), scalar(30), identity(), MESSAGE);
        assert!(key.holds(MESSAGE, good));
        let mut bad = Vec::new();
        // s + ℓ: the same equation, but s not below ℓ.
        let mut bytes = good.to_bytes();
        let s = Scalar::from_canonical_bytes(bytes[32..].try_into().unwrap()).unwrap();
        let order: [u8; 32] = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut carry = 0u16;
        for (index, byte) in s.as_bytes().iter().enumerate() {
            let sum = u16::from(*byte) + u16::from(order[index]) + carry;
            bytes[32 + index] = u8::try_from(sum & 0xff).unwrap();
            carry = sum >> 8;
        }
        bad.push(SealSignature::from_bytes(bytes));
        // R of small order: the identity, and a point of order 8.
        for torsion in [EIGHT_TORSION[0], EIGHT_TORSION[1]] {
            let mut bytes = good.to_bytes();
            bytes[..32].copy_from_slice(torsion.compress().as_bytes());
            bad.push(SealSignature::from_bytes(bytes));
        }
        // R not a point of the curve (y = 2).
        let mut bytes = good.to_bytes();
        bytes[..32].copy_from_slice(&[0; 32]);
        bytes[0] = 2;
        bad.push(SealSignature::from_bytes(bytes));
        let mut batch = vec![Signed {
            key: &key,
            message: MESSAGE,
            signature: good,
        }];
        for signature in &bad {
            assert!(!key.holds(MESSAGE, *signature));
            batch.push(Signed {
                key: &key,
                message: MESSAGE,
                signature: *signature,
            });
        }
        let verdicts = check_each(&batch);
        assert!(verdicts[0]);
        assert!(verdicts[1..].iter().all(|holds| !holds));
    }

    #[test]
    fn non_canonical_encodings_are_refused() {
        // y = p + 2, …, and 2²⁵⁵ − 1: at least p.
        let mut p_plus_2 = [0xff; 32];
        p_plus_2[0] = 0xef;
        p_plus_2[31] = 0x7f;
        assert!(!is_canonical(&p_plus_2));
        assert!(!is_canonical(&[0xff; 32]));
        let mut p_minus_1 = [0xff; 32];
        p_minus_1[0] = 0xec;
        p_minus_1[31] = 0x7f;
        assert!(is_canonical(&p_minus_1));
        // The sign bit set, y canonical.
        let mut signed = [0; 32];
        signed[0] = 9;
        signed[31] = 0x80;
        assert!(is_canonical(&signed));
        // A key encoded as y + p for a small y is refused, though it
        // decompresses.
        for small in 0..19u8 {
            let mut bytes = [0xff; 32];
            bytes[0] = 0xed + small;
            bytes[31] = 0x7f;
            assert_eq!(CheckingKey::new(PlayerKey::from_bytes(bytes)), None);
        }
    }

    #[test]
    fn keys_of_small_order_or_with_a_small_order_part_are_refused() {
        let honest = EdwardsPoint::mul_base(&scalar(9));
        assert!(PlayerKey::from_bytes(honest.compress().to_bytes()).is_usable());
        for torsion in EIGHT_TORSION {
            let small = PlayerKey::from_bytes(torsion.compress().to_bytes());
            assert!(!small.is_usable());
            let mixed = PlayerKey::from_bytes((honest + torsion).compress().to_bytes());
            assert_eq!(mixed.is_usable(), torsion.is_identity());
        }
        // y = 2 is not on the curve.
        let mut off = [0; 32];
        off[0] = 2;
        assert!(!PlayerKey::from_bytes(off).is_usable());
    }

    /// The case that decides the cofactor: `R` off by a point of small
    /// order. Checked without the cofactor (ed25519-dalek's
    /// `verify_strict`, a browser's WebCrypto) it fails; in a batch
    /// without it, it would pass when its weight is even. With it, alone
    /// and batched agree.
    #[test]
    fn a_signature_whose_r_has_a_small_order_part_gets_one_verdict_alone_and_batched() {
        let a = scalar(5);
        let key = key_of(a);
        let others: Vec<(CheckingKey, SealSignature)> = (10..14)
            .map(|byte| {
                let signature = sign_by_hand(scalar(byte), scalar(byte + 50), identity(), MESSAGE);
                (key_of(scalar(byte)), signature)
            })
            .collect();
        for (index, torsion) in EIGHT_TORSION.iter().enumerate().skip(1) {
            let nonce = scalar(u8::try_from(index).unwrap());
            let signature = sign_by_hand(a, nonce, *torsion, MESSAGE);
            assert!(key.holds(MESSAGE, signature), "torsion {index}");
            let batch: Vec<Signed<'_>> = others
                .iter()
                .map(|(key, signature)| Signed {
                    key,
                    message: MESSAGE,
                    signature: *signature,
                })
                .chain([Signed {
                    key: &key,
                    message: MESSAGE,
                    signature,
                }])
                .collect();
            assert!(check_each(&batch).iter().all(|holds| *holds));
            let strict = ed25519_dalek::VerifyingKey::from_bytes(&key.key().to_bytes())
                .unwrap()
                .verify_strict(
                    MESSAGE,
                    &ed25519_dalek::Signature::from_bytes(&signature.to_bytes()),
                );
            assert!(strict.is_err(), "without the cofactor it fails");
        }
        // Signed honestly by hand, it holds either way.
        let honest = sign_by_hand(a, scalar(1), identity(), MESSAGE);
        assert!(key.holds(MESSAGE, honest));
        assert!(check_each(&[]).is_empty());
    }
}
