// This browser's signing key (protocol 5, docs/fairness.md): one Ed25519
// key pair per browser profile and server (IndexedDB is per origin), made
// on first use and kept in IndexedDB as the CryptoKeyPair itself. Its
// private half is not extractable: scripts can sign with it, never copy it
// out. The public half goes with the player's entry into a room, and each
// seal is signed with the private half, so that the record proves every
// move the player's own, not the server's; a leave during a game is signed
// too (protocol 7), the proof that the player left rather than the server
// saying so, and every seat is taken with a fresh proof that this browser
// holds the key it announces (anyone may announce another's key).
//
// A page without IndexedDB or Ed25519 (one served over plain HTTP has no
// `crypto.subtle`) plays without a key: its moves go unsigned, and the
// game's check says so.

import { signedChallengesFrom, signedKeyProof, signedLeave, signedSeal } from "./fair.js";
import { toHex } from "./sha256.js";

const DATABASE = "mice-cake";
const STORE = "keys";
const PLAYER = "player";
const ED25519 = /** @type {const} */ ({ name: "Ed25519" });
/** A key store that does not answer in this long is given up for this page. */
const WAIT_MS = 5_000;

/** @typedef {{pair: CryptoKeyPair, publicKey: string}} PlayerKey */

/** @type {Promise<PlayerKey | null> | null} */
let loading = null;

/**
 * This browser's key pair and its public key (64 hex digits), made the
 * first time; null where the browser can keep none. Loaded once a page:
 * every entry and every signature of the page uses the same answer.
 * @returns {Promise<PlayerKey | null>}
 */
export function playerKey() {
  loading ??= Promise.race([
    load(),
    new Promise((resolve) => setTimeout(() => resolve(null), WAIT_MS)),
  ]).catch(() => null);
  return /** @type {Promise<PlayerKey | null>} */ (loading);
}

/**
 * This browser's public key if it already has one (64 hex digits), without
 * making one: the lobby's link to "your page" and a player's page ("you")
 * ask this, and a visit makes no key.
 * @returns {Promise<string | null>}
 */
export function keptPublicKey() {
  if (loading) return loading.then((key) => key?.publicKey ?? null);
  const read = async () => {
    if (!globalThis.indexedDB || !globalThis.crypto?.subtle) return null;
    const database = await open();
    try {
      const pair = await kept(database);
      return pair ? toHex(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))) : null;
    } finally {
      database.close();
    }
  };
  return Promise.race([read(), new Promise((resolve) => setTimeout(() => resolve(null), WAIT_MS))])
    .then((key) => (typeof key === "string" ? key : null))
    .catch(() => null);
}

/**
 * The signature of a seal by this browser's key (128 hex digits) and that
 * key, or null without one. Ed25519 signs deterministically: the same seal
 * signed again gives the same signature.
 * @param {string} seal
 * @returns {Promise<{signature: string, key: string} | null>}
 */
export function signSeal(seal) {
  return sign(signedSeal(seal));
}

/**
 * The signature of leaving the game committed to by `commitment` in
 * `round` (0: the deal) from `seat`, and the key, or null without one.
 * @param {string} commitment @param {number} round @param {import("./words.js").Seat} seat
 * @returns {Promise<{signature: string, key: string} | null>}
 */
export function signLeave(commitment, round, seat) {
  return sign(signedLeave(commitment, round, seat));
}

/**
 * The signature of taking challenges from `from` (everyone, players this
 * key has played, nobody), chosen at `atMs`, and the key; null without one.
 * @param {import("./fair.js").ChallengesFrom} from @param {number} atMs
 * @returns {Promise<{signature: string, key: string} | null>}
 */
export function signChallengesFrom(from, atMs) {
  return sign(signedChallengesFrom(from, atMs));
}

/**
 * The proof that this browser holds its key (`key_proof`, sent with every
 * seat taken and every seek: a rated one needs it), answering `challenge`
 * (the connection's, from its `welcome`, or one fetched for an HTTP
 * request); null without a key or a challenge.
 * @param {string | null} challenge
 * @returns {Promise<{challenge: string, signature: string} | null>}
 */
export async function proveKey(challenge) {
  if (!challenge) return null;
  const signed = await sign(signedKeyProof(challenge));
  return signed ? { challenge, signature: signed.signature } : null;
}

/** @param {Uint8Array<ArrayBuffer>} message @returns {Promise<{signature: string, key: string} | null>} */
async function sign(message) {
  const key = await playerKey();
  if (!key) return null;
  try {
    const signature = await crypto.subtle.sign(ED25519, key.pair.privateKey, message);
    return { signature: toHex(new Uint8Array(signature)), key: key.publicKey };
  } catch {
    return null;
  }
}

/** @returns {Promise<PlayerKey | null>} */
async function load() {
  if (!globalThis.indexedDB || !globalThis.crypto?.subtle) return null;
  const database = await open();
  try {
    const pair = (await kept(database)) ?? (await keep(database, await crypto.subtle.generateKey(ED25519, false, ["sign", "verify"])));
    if (!pair) return null;
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    return { pair, publicKey: toHex(raw) };
  } finally {
    database.close();
  }
}

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * The key pair kept, if any.
 * @param {IDBDatabase} database
 * @returns {Promise<CryptoKeyPair | null>}
 */
function kept(database) {
  return new Promise((resolve, reject) => {
    const request = database.transaction(STORE, "readonly").objectStore(STORE).get(PLAYER);
    request.onsuccess = () => {
      const pair = request.result;
      resolve(pair?.privateKey instanceof CryptoKey && pair?.publicKey instanceof CryptoKey ? pair : null);
    };
    request.onerror = () => reject(request.error);
  });
}

/**
 * Keeps a new pair, unless another tab kept one first: `add` never
 * overwrites, so two tabs making a key at once end with the one kept
 * first, read back here.
 * @param {IDBDatabase} database
 * @param {CryptoKeyPair} pair
 * @returns {Promise<CryptoKeyPair | null>}
 */
async function keep(database, pair) {
  const added = await new Promise((resolve) => {
    const transaction = database.transaction(STORE, "readwrite");
    transaction.objectStore(STORE).add(pair, PLAYER);
    transaction.oncomplete = () => resolve(true);
    // A ConstraintError (the other tab's key is there) aborts the transaction.
    transaction.onabort = () => resolve(false);
    transaction.onerror = () => resolve(false);
  });
  return added ? pair : kept(database);
}

/** 32 fresh random bytes (available to plain-HTTP pages too): a seal's nonce. */
export function freshNonce() {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}
