// A finished game's record checked by the browser itself, trusting nothing
// of the server (docs/fairness.md, "Every step under the derivations"): the
// seed against the commitment; every seal against its opening (a move the
// server made, against the nonce its seed gives); the deal against the seed
// and both deal nonces (HMAC-SHA-256, ChaCha8, the engine's shuffle); and
// every die against the seed and the round's nonces, drawn in the report's
// order; and in a format 3 record, every move a player made against the
// signature of its seal by that player's key. What only `mice-cake verify`
// checks is that every outcome follows the rules: that takes the engine.
// A game that ended at its deal (a nonce sealed and never opened) has no
// record but an aborted deal, checked alike (`checkAbortedDeal`).
//
// The hashing is done here, without `crypto.subtle`, which a page served
// over plain HTTP (a server on the home network) does not have; only the
// signatures take WebCrypto's Ed25519, and a page without it says it could
// not check them.

import { NOTHING, commitmentOf, concat, sealOf, signedSeal } from "./fair.js";
import { fromHex, sha256, toHex } from "./sha256.js";
import { seatName } from "./words.js";

const encoder = new TextEncoder();
const DEAL_TAG = encoder.encode("mice-cake/fair/v1/deal");
const DICE_TAG = encoder.encode("mice-cake/fair/v1/dice");
const SERVER_NONCE_TAG = encoder.encode("mice-cake/fair/v1/server-nonce");

/** @typedef {import("./words.js").Seat} Seat */
/** @type {Seat[]} */
const SEATS = ["yellow", "blue"];

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

/** "the deal" or "round N". @param {number} round */
const named = (round) => (round === 0 ? "the deal" : `round ${round}`);

/**
 * Checks a record; the first broken link, named, or null if every link the
 * browser can check holds.
 * @param {any} record a `GameRecord`, as `/api/games/{id}` holds it
 * @returns {Promise<string | null>}
 */
export async function brokenLink(record) {
  return (await checkRecord(record)).broken;
}

/**
 * What a record's check found: its first broken link (null: none), and who
 * made the moves. `signed`: the seats whose own moves are signed by their
 * key (format 3), every signature checked unless `checked` is false (a page
 * without Ed25519); `unsigned`: the seats with moves of their own that
 * nothing proves theirs (no key, or a format 2 record); `byServer`: the
 * moves the server made (a bot's, a missed deadline's), which need no
 * signature.
 * @typedef {{
 *   broken: string | null,
 *   signed: Seat[],
 *   unsigned: Seat[],
 *   checked: boolean,
 *   byServer: {round: number, seat: Seat}[],
 * }} Verdict
 */

/**
 * Checks a record link by link: what rests on hashing first, then the
 * signatures.
 * @param {any} record a `GameRecord`, as `/api/games/{id}` holds it
 * @returns {Promise<Verdict>}
 */
export async function checkRecord(record) {
  /** @type {Verdict} */
  const verdict = { broken: hashedLink(record), signed: [], unsigned: [], checked: false, byServer: [] };
  if (verdict.broken) return verdict;
  const fair = record.fair;
  /** @type {any[]} */
  const exchanges = [fair.deal, ...fair.rounds];
  verdict.byServer = exchanges.flatMap((exchange, round) =>
    SEATS.filter((seat) => exchange.by_server[seat]).map((seat) => ({ round, seat })),
  );
  // A seat every move of which is the server's (a bot) has nothing to sign.
  const players = SEATS.filter((seat) => exchanges.some((exchange) => !exchange.by_server[seat]));
  const keys = fair.keys;
  if (!(record.format >= 3)) {
    if (keys != null) return { ...verdict, broken: `a format ${record.format} record holds no keys ("fair.keys" belongs to format 3)` };
    verdict.unsigned = players;
    return verdict;
  }
  if (!keys) return { ...verdict, broken: `a format ${record.format} record must hold its players' keys ("fair.keys")` };
  for (const seat of SEATS) {
    if (keys[seat] !== null && !/^[0-9a-fA-F]{64}$/.test(keys[seat])) {
      return { ...verdict, broken: `${seatName(seat)}'s key is not an Ed25519 public key (64 hexadecimal digits)` };
    }
  }
  verdict.signed = players.filter((seat) => keys[seat]);
  verdict.unsigned = players.filter((seat) => !keys[seat]);
  // Every move a keyed player made is signed: a move said to be the
  // player's without a signature may be the server's. (The engine's words.)
  for (const [round, exchange] of exchanges.entries()) {
    for (const seat of verdict.signed) {
      if (!exchange.by_server[seat] && typeof exchange.signatures?.[seat] !== "string") {
        const name = seatName(seat);
        return {
          ...verdict,
          broken: `${named(round)}: ${name}'s move is recorded as ${name}'s own, but it is not signed with ${name}'s key (a move without its player's signature is the server's)`,
        };
      }
    }
  }
  verdict.checked = await canCheckSignatures();
  if (!verdict.checked) return verdict;
  for (const seat of verdict.signed) {
    // A key that is none, or one of small order, verifies nothing.
    const key = await verifyingKey(keys[seat]);
    const valid = await Promise.all(
      exchanges.map((exchange) => exchange.by_server[seat] || (key !== null && signatureHolds(key, exchange.signatures[seat], exchange.seals[seat]))),
    );
    const round = valid.indexOf(false);
    if (round >= 0) {
      return { ...verdict, broken: `${named(round)}: ${seatName(seat)}'s signature does not match ${seatName(seat)}'s seal and key` };
    }
  }
  return verdict;
}

const ED25519 = /** @type {const} */ ({ name: "Ed25519" });
/** RFC 8032's first public key: whether it imports tells whether this page has Ed25519. */
const PROBE_KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
/** @type {Promise<boolean> | null} */
let ed25519 = null;

/** Whether this page can check Ed25519 signatures (WebCrypto, HTTPS or localhost). */
export function canCheckSignatures() {
  ed25519 ??= (async () => {
    try {
      await crypto.subtle.importKey("raw", fromHex(PROBE_KEY), ED25519, false, ["verify"]);
      return true;
    } catch {
      // No `crypto.subtle` (plain HTTP), or no Ed25519 in it.
      return false;
    }
  })();
  return ed25519;
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
async function verifyingKey(hex) {
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
async function signatureHolds(key, signature, seal) {
  try {
    return await crypto.subtle.verify(ED25519, key, fromHex(signature, 64), signedSeal(seal));
  } catch {
    return false;
  }
}

/**
 * What rests on hashing: the first broken link, or null.
 * @param {any} record
 * @returns {string | null}
 */
function hashedLink(record) {
  const fair = record?.fair;
  if (!fair) return "the record holds no seals";
  if (!record.seed) return "the record has no seed";
  if (commitmentOf(record.seed) !== fair.commitment) {
    return "the seed does not match the commitment published when the game started";
  }
  if ((fair.rounds?.length ?? 0) !== record.rounds.length) {
    return "the record does not hold one sealed exchange per round";
  }
  const exchanges = [fair.deal, ...fair.rounds];
  for (const [round, exchange] of exchanges.entries()) {
    for (const seat of SEATS) {
      const nonce = exchange.nonces[seat];
      if (exchange.by_server[seat] && nonce !== serverNonce(record.seed, round, seat)) {
        return `${seat}'s move of ${named(round)} is said to be the server's, but its nonce is not the one the seed gives`;
      }
      const assignment = round === 0 ? NOTHING : record.rounds[round - 1].assignments[seat];
      if (sealOf(fair.commitment, round, seat, assignment, nonce) !== exchange.seals[seat]) {
        return `${named(round)}: ${seat}'s opening does not match its seal`;
      }
    }
  }
  const layout = shuffledLayout(dealRng(record.seed, fair.deal.nonces));
  for (const [row, pieces] of layout.entries()) {
    if (pieces.join() !== record.layout[row]?.join()) {
      return `the deal is not the one the seed and both deal nonces give (row ${row + 1})`;
    }
  }
  for (const [index, report] of record.rounds.entries()) {
    const round = index + 1;
    const rng = diceRng(record.seed, round, fair.rounds[index].nonces);
    const rolls = [
      ...report.attempts.map((/** @type {any} */ attempt) => ({ roll: attempt, kind: "attempt" })),
      ...report.boosts.map((/** @type {any} */ boost) => ({ roll: boost, kind: "boost" })),
    ];
    for (const { roll, kind } of rolls) {
      for (const [die, face] of roll.dice.entries()) {
        const expected = 1 + below(rng, 6);
        if (face !== expected) {
          return `round ${round}: ${roll.seat}'s ${kind} in column ${roll.column}, die ${die + 1}, shows ${face} where the seed and both nonces give ${expected}`;
        }
      }
    }
  }
  return null;
}

/**
 * What an aborted deal's check found (a game that ended at its deal, a
 * player having sealed a nonce and never opened it): its first broken link
 * (null: none), and who did what. `sealed`, `refused` (sealed, and
 * forfeited for never opening) and `byServer` (a nonce the server made: a
 * bot's, or at the deal's deadline) are the record's; `signed`: the seats
 * whose own seal is signed by their key, checked unless `checked` is false
 * (a page without Ed25519); `unsigned`: the seats with a seal of their own
 * that nothing proves theirs (no key).
 * @typedef {{
 *   broken: string | null,
 *   sealed: Seat[],
 *   refused: Seat[],
 *   byServer: Seat[],
 *   signed: Seat[],
 *   unsigned: Seat[],
 *   checked: boolean,
 * }} DealVerdict
 */

/**
 * Checks an aborted deal (`/api/games/{id}`'s `aborted_deal`) as the engine
 * does, link by link, Yellow's then Blue's: the version, the seed against
 * the commitment, then each seat's seal against its opening (a nonce the
 * server made, against the one the seed gives) and its signature by the
 * seat's key. The words of each broken link are the engine's.
 * @param {any} deal an `aborted_deal`
 * @returns {Promise<DealVerdict>}
 */
export async function checkAbortedDeal(deal) {
  const sealOfSeat = (/** @type {Seat} */ seat) => deal?.seals?.[seat] ?? null;
  const ownSeal = (/** @type {Seat} */ seat) => sealOfSeat(seat) !== null && !deal.by_server?.[seat];
  const keyOf = (/** @type {Seat} */ seat) => deal?.keys?.[seat] ?? null;
  /** @type {DealVerdict} */
  const verdict = {
    broken: null,
    sealed: SEATS.filter((seat) => sealOfSeat(seat) !== null),
    refused: SEATS.filter((seat) => deal?.refused?.[seat] === true),
    byServer: SEATS.filter((seat) => deal?.by_server?.[seat] === true),
    signed: SEATS.filter((seat) => ownSeal(seat) && keyOf(seat) !== null),
    unsigned: SEATS.filter((seat) => ownSeal(seat) && keyOf(seat) === null),
    checked: await canCheckSignatures(),
  };
  /** @param {string} broken */
  const brokenAt = (broken) => ({ ...verdict, broken });
  if (deal?.version !== 1) {
    return brokenAt(`fairness version ${deal?.version} is not supported (this engine derives version 1)`);
  }
  // A seed that is not 32 bytes matches no commitment.
  const seed = typeof deal.seed === "string" && /^[0-9a-fA-F]{64}$/.test(deal.seed) ? deal.seed : null;
  if (seed === null || commitmentOf(seed) !== deal.commitment) {
    return brokenAt("the seed does not match the commitment published when the game started");
  }
  for (const seat of SEATS) {
    const name = seatName(seat);
    const seal = sealOfSeat(seat);
    const nonce = deal.nonces?.[seat] ?? null;
    const refused = deal.refused?.[seat] === true;
    const byServer = deal.by_server?.[seat] === true;
    if (nonce !== null && seal === null) return brokenAt(`the deal: ${name}'s opening has no seal`);
    if (refused && seal === null) {
      return brokenAt(`the deal: ${name} is recorded as refusing to open a seal it never made`);
    }
    if (refused && nonce !== null) {
      return brokenAt(`the deal: ${name} is recorded as refusing to open its nonce, but its opening is in the record`);
    }
    if (seal !== null && nonce !== null) {
      if (!opens(deal.commitment, seat, nonce, seal)) {
        return brokenAt(`the deal: ${name}'s opening (assignment and nonce) does not match its seal`);
      }
      if (byServer && nonce !== serverNonce(seed, 0, seat)) {
        return brokenAt(`the deal: the server made ${name}'s move, but not with the nonce its committed seed gives`);
      }
    }
    const key = keyOf(seat);
    if (seal === null || byServer || key === null) continue;
    if (!/^[0-9a-fA-F]{64}$/.test(key)) {
      return brokenAt(`${name}'s key is not an Ed25519 public key (64 hexadecimal digits)`);
    }
    // A seal said to be the player's without a signature may be the server's.
    const signature = deal.signatures?.[seat];
    if (typeof signature !== "string") {
      return brokenAt(
        `the deal: ${name}'s move is recorded as ${name}'s own, but it is not signed with ${name}'s key (a move without its player's signature is the server's)`,
      );
    }
    if (!verdict.checked) continue;
    // A key that is none, or one of small order, verifies nothing.
    const verifying = await verifyingKey(key);
    if (verifying === null || !(await signatureHolds(verifying, signature, seal))) {
      return brokenAt(`the deal: ${name}'s signature does not match ${name}'s seal and key`);
    }
  }
  return verdict;
}

/**
 * Whether `nonce` opens `seal` as the deal's nonce of `seat`: a nonce that
 * is not 32 bytes opens nothing.
 * @param {string} commitment @param {Seat} seat @param {string} nonce @param {string} seal
 */
function opens(commitment, seat, nonce, seal) {
  try {
    return sealOf(commitment, 0, seat, NOTHING, nonce) === seal;
  } catch {
    return false;
  }
}
