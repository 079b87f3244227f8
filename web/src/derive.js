// The derivations of docs/fairness.md ("The derivations" and "Every step
// under the derivations") in JavaScript, byte for byte the engine's:
// HMAC-SHA-256 keyed by the seed, ChaCha8, the sampling of a number below
// n, the shuffle of the 28 pieces, and the generators of the deal, of each
// round's dice and of the server's own nonces. Done without
// `crypto.subtle`, which a page served over plain HTTP does not have.

import { concat } from "./fair.js";
import { fromHex, sha256, toHex } from "./sha256.js";

/** @typedef {import("./words.js").Seat} Seat */

const encoder = new TextEncoder();
const DEAL_TAG = encoder.encode("mice-cake/fair/v1/deal");
const DICE_TAG = encoder.encode("mice-cake/fair/v1/dice");
const SERVER_NONCE_TAG = encoder.encode("mice-cake/fair/v1/server-nonce");

/** A number as 4 big-endian bytes. @param {number} value */
function u32(value) {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/**
 * HMAC-SHA-256 (RFC 2104) with a key of at most 64 bytes.
 * @param {Uint8Array} key
 * @param {Uint8Array} message
 */
export function hmacSha256(key, message) {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = block.map((byte) => byte ^ 0x36);
  const outer = block.map((byte) => byte ^ 0x5c);
  return sha256(concat([outer, sha256(concat([inner, message]))]));
}

/** @param {number} x @param {number} n */
const rotl = (x, n) => ((x << n) | (x >>> (32 - n))) >>> 0;

/**
 * ChaCha with 8 rounds, as the engine's generator: the key as eight
 * little-endian words, a 64-bit block counter from 0, stream 0; one draw is
 * one output word, in order.
 */
export class ChaCha8 {
  /** @param {Uint8Array} key 32 bytes */
  constructor(key) {
    const view = new DataView(key.buffer, key.byteOffset, 32);
    this.state = new Uint32Array(16);
    this.state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
    for (let i = 0; i < 8; i++) this.state[4 + i] = view.getUint32(4 * i, true);
    this.block = new Uint32Array(16);
    this.used = 16;
  }

  /** The next 32-bit word. */
  nextU32() {
    if (this.used === 16) this.refill();
    return this.block[this.used++];
  }

  refill() {
    const s = this.state;
    const w = Uint32Array.from(s);
    /** @param {number} a @param {number} b @param {number} c @param {number} d */
    const quarter = (a, b, c, d) => {
      w[a] += w[b]; w[d] = rotl(w[d] ^ w[a], 16);
      w[c] += w[d]; w[b] = rotl(w[b] ^ w[c], 12);
      w[a] += w[b]; w[d] = rotl(w[d] ^ w[a], 8);
      w[c] += w[d]; w[b] = rotl(w[b] ^ w[c], 7);
    };
    for (let round = 0; round < 4; round++) {
      quarter(0, 4, 8, 12); quarter(1, 5, 9, 13); quarter(2, 6, 10, 14); quarter(3, 7, 11, 15);
      quarter(0, 5, 10, 15); quarter(1, 6, 11, 12); quarter(2, 7, 8, 13); quarter(3, 4, 9, 14);
    }
    for (let i = 0; i < 16; i++) this.block[i] = w[i] + s[i];
    this.used = 0;
    // The 64-bit block counter, low word first.
    s[12] += 1;
    if (s[12] === 0) s[13] += 1;
  }
}

/**
 * A number below `n` (`1 ≤ n ≤ 28`): a word below 2^32 − (2^32 mod n) is
 * taken mod n; a word at or above it is drawn again.
 * @param {ChaCha8} rng
 * @param {number} n
 */
export function below(rng, n) {
  const span = 2 ** 32;
  const zone = span - (span % n);
  for (;;) {
    const word = rng.nextU32();
    if (word < zone) return word % n;
  }
}

/** The 28 pieces before the shuffle: by smaller half, then larger. */
function allPieces() {
  const pieces = [];
  for (let low = 0; low <= 6; low++) {
    for (let high = low; high <= 6; high++) pieces.push(`${low}/${high}`);
  }
  return pieces;
}

/**
 * The deal `rng` gives: Fisher–Yates from place 27 down to 1, then rows 1
 * to 7 of columns A to D.
 * @param {ChaCha8} rng
 * @returns {string[][]}
 */
export function shuffledLayout(rng) {
  const pieces = allPieces();
  for (let last = 27; last >= 1; last--) {
    const other = below(rng, last + 1);
    [pieces[last], pieces[other]] = [pieces[other], pieces[last]];
  }
  return Array.from({ length: 7 }, (_, row) => pieces.slice(4 * row, 4 * row + 4));
}

/**
 * The deal's generator. @param {string} seed @param {{yellow: string, blue: string}} nonces
 */
export function dealRng(seed, nonces) {
  return new ChaCha8(
    hmacSha256(fromHex(seed), concat([DEAL_TAG, fromHex(nonces.yellow), fromHex(nonces.blue)])),
  );
}

/**
 * Round `round`'s dice generator.
 * @param {string} seed @param {number} round @param {{yellow: string, blue: string}} nonces
 */
export function diceRng(seed, round, nonces) {
  return new ChaCha8(
    hmacSha256(
      fromHex(seed),
      concat([DICE_TAG, u32(round), fromHex(nonces.yellow), fromHex(nonces.blue)]),
    ),
  );
}

/** The nonce of a move the server made. @param {string} seed @param {number} round @param {Seat} seat */
export function serverNonce(seed, round, seat) {
  return toHex(
    hmacSha256(
      fromHex(seed),
      concat([SERVER_NONCE_TAG, u32(round), new Uint8Array([seat === "yellow" ? 0 : 1])]),
    ),
  );
}
