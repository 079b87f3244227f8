// Players' signatures of their seals (docs/fairness.md, "Signed moves"), of
// their leaving a game and of a bot's declaration, checked with WebCrypto's
// Ed25519 as strictly as the engine checks them:
// keys of small order are refused, which WebCrypto alone would accept.
// A page without Ed25519 (plain HTTP has no `crypto.subtle`) says so.

import { signedBotDeclaration, signedLeave, signedSeal } from "./fair.js";
import { fromHex, toHex } from "./sha256.js";

const ED25519 = /** @type {const} */ ({ name: "Ed25519" });
/** RFC 8032's first public key: whether it imports tells whether this page has Ed25519. */
const PROBE_KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

/**
 * Whether this page can check Ed25519 signatures (WebCrypto, HTTPS or
 * localhost). Asked at each check, not once a page: it costs one key import.
 * @returns {Promise<boolean>}
 */
export async function canCheckSignatures() {
  try {
    await crypto.subtle.importKey("raw", fromHex(PROBE_KEY), ED25519, false, ["verify"]);
    return true;
  } catch {
    // No `crypto.subtle` (plain HTTP), or no Ed25519 in it.
    return false;
  }
}

/**
 * The encodings of the points of small order, sign bit aside (libsodium's
 * list): a key among them "verifies" signatures anyone can forge, and the
 * engine refuses it; WebCrypto may not.
 */
const SMALL_ORDER = [
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0100000000000000000000000000000000000000000000000000000000000000",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
];

/** A public key to verify with, or null if it is none or of small order. @param {string} hex */
export async function verifyingKey(hex) {
  const bytes = fromHex(hex);
  const unsigned = bytes.slice();
  unsigned[31] &= 0x7f;
  if (SMALL_ORDER.includes(toHex(unsigned))) return null;
  try {
    return await crypto.subtle.importKey("raw", bytes, ED25519, false, ["verify"]);
  } catch {
    return null;
  }
}

/**
 * Whether `signature` (128 hex digits) is `key`'s over the seal.
 * @param {CryptoKey} key @param {string} signature @param {string} seal
 */
export function signatureHolds(key, signature, seal) {
  return signs(key, signature, signedSeal(seal));
}

/**
 * Whether `signature` (128 hex digits) is `key`'s of leaving the game
 * committed to by `commitment` in `round`, from `seat`.
 * @param {CryptoKey} key @param {string} signature
 * @param {string} commitment @param {number} round @param {import("./words.js").Seat} seat
 */
export function leaveHolds(key, signature, commitment, round, seat) {
  return signs(key, signature, signedLeave(commitment, round, seat));
}

/**
 * Whether `signature` (128 hex digits) is the key's declaration that it is
 * a bot's: its signature of the tag and its own 32 bytes (`keyHex`).
 * @param {CryptoKey} key @param {string} signature @param {string} keyHex
 */
export function botDeclarationHolds(key, signature, keyHex) {
  return signs(key, signature, signedBotDeclaration(keyHex));
}

/** @param {CryptoKey} key @param {string} signature @param {Uint8Array<ArrayBuffer>} message */
async function signs(key, signature, message) {
  try {
    return await crypto.subtle.verify(ED25519, key, fromHex(signature, 64), message);
  } catch {
    return false;
  }
}
