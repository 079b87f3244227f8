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

use crate::fair::Seal;
use crate::signing::{PlayerKey, SealSignature, signed_message};

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

    /// The key's bytes.
    pub fn key(&self) -> PlayerKey {
        self.key
    }

    /// Whether `signature` is this key's signature of `message`.
    pub fn holds(&self, message: &[u8], signature: SealSignature) -> bool {
        Equation::of(self, message, signature).is_some_and(|equation| equation.holds())
    }
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
            key: key.key,
            seal,
            signature,
        })
}

/// Every seal of `batch` checked, in its order: the signatures are checked
/// together in one equation; if that fails, each is checked alone, so that
/// a bad signature is refused and the others are taken. A seal gets the
/// verdict [`check_seal`] gives it.
pub fn check_seals(batch: &[SealToCheck]) -> Vec<Option<CheckedSeal>> {
    let equations: Vec<Option<Equation>> = batch
        .iter()
        .map(|item| Equation::of(&item.key, &signed_message(item.seal), item.signature))
        .collect();
    let well_formed: Vec<&Equation> = equations.iter().flatten().collect();
    let all_hold = well_formed.len() > 1 && Equation::all_hold(&well_formed);
    batch
        .iter()
        .zip(&equations)
        .map(|(item, equation)| {
            let holds = equation
                .as_ref()
                .is_some_and(|equation| all_hold || equation.holds());
            holds.then_some(CheckedSeal {
                key: item.key.key,
                seal: item.seal,
                signature: item.signature,
            })
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
    use proptest::prelude::*;

    use super::*;
    use crate::signing::PlayerSecret;

    fn seal(byte: u8) -> Seal {
        Seal::from_bytes([byte; 32])
    }

    fn checking(secret: &PlayerSecret) -> CheckingKey {
        CheckingKey::new(secret.public_key()).unwrap()
    }

    fn scalar(byte: u8) -> Scalar {
        Scalar::from_bytes_mod_order_wide(&[byte; 64])
    }

    /// A signature of `message` made by hand with the secret scalar `a` and
    /// the nonce `r`, whose `R` is `[r]B + extra`: what no conforming signer
    /// makes, but the key's owner can.
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
    fn malformed_signatures_are_refused_alone_and_in_a_batch() {
        let secret = PlayerSecret::from_bytes([3; 32]);
        let key = checking(&secret);
        let good = secret.sign(seal(1));
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
        bytes[..32].copy_from_slice(&[
            2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0,
        ]);
        bad.push(SealSignature::from_bytes(bytes));
        let mut batch = vec![SealToCheck {
            key,
            seal: seal(1),
            signature: good,
        }];
        for signature in &bad {
            assert_eq!(check_seal(&key, seal(1), *signature), None);
            batch.push(SealToCheck {
                key,
                seal: seal(1),
                signature: *signature,
            });
        }
        let verdicts = check_seals(&batch);
        assert!(verdicts[0].is_some());
        assert!(verdicts[1..].iter().all(Option::is_none));
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
        let a = scalar(9);
        let honest = EdwardsPoint::mul_base(&a);
        assert!(CheckingKey::new(PlayerKey::from_bytes(honest.compress().to_bytes())).is_some());
        for torsion in EIGHT_TORSION {
            let small = PlayerKey::from_bytes(torsion.compress().to_bytes());
            assert_eq!(CheckingKey::new(small), None);
            let mixed = PlayerKey::from_bytes((honest + torsion).compress().to_bytes());
            assert_eq!(CheckingKey::new(mixed).is_some(), torsion.is_identity());
        }
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
        let message = signed_message(seal(4));
        for (index, torsion) in EIGHT_TORSION.iter().enumerate().skip(1) {
            let signature =
                sign_by_hand(a, scalar(u8::try_from(index).unwrap()), *torsion, &message);
            let alone = check_seal(&key, seal(4), signature);
            assert!(alone.is_some(), "torsion {index}");
            let others: Vec<SealToCheck> = (10..14)
                .map(|byte| {
                    let secret = PlayerSecret::from_bytes([byte; 32]);
                    SealToCheck {
                        key: checking(&secret),
                        seal: seal(byte),
                        signature: secret.sign(seal(byte)),
                    }
                })
                .chain([SealToCheck {
                    key,
                    seal: seal(4),
                    signature,
                }])
                .collect();
            assert!(check_seals(&others).iter().all(Option::is_some));
            let strict = ed25519_dalek::VerifyingKey::from_bytes(&key.key().to_bytes())
                .unwrap()
                .verify_strict(
                    &message,
                    &ed25519_dalek::Signature::from_bytes(&signature.to_bytes()),
                );
            assert!(strict.is_err(), "without the cofactor it fails");
        }
        // Signed honestly by hand, it holds either way.
        let honest = sign_by_hand(a, scalar(1), EIGHT_TORSION[0], &message);
        assert!(check_seal(&key, seal(4), honest).is_some());
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
