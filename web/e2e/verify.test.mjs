// The browser's own check of a record (web/src/verify.js) computes what the
// engine computes, step by step (the vectors of docs/fairness.md, which
// engine/tests/rules/fairness.rs checks too), and names the link broken in
// a record tampered with; and in a format 3 record, every player's move
// against its signature (WebCrypto's Ed25519, which Node has as browsers
// do). No browser needed: the modules are plain ES modules.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { signedSeal } from "../src/fair.js";
import { ChaCha8, below, dealRng, diceRng, hmacSha256, serverNonce, shuffledLayout } from "../src/derive.js";
import { canCheckSignatures } from "../src/signatures.js";
import { brokenLink, checkRecord } from "../src/verify.js";
import { fromHex, toHex } from "../src/sha256.js";

const seedOne = "01" + "00".repeat(31);
const nonces = { yellow: "aa".repeat(32), blue: "bb".repeat(32) };

test("HMAC-SHA-256 gives RFC 4231's digest", () => {
  const key = new Uint8Array(20).fill(0x0b);
  const digest = toHex(hmacSha256(key, new TextEncoder().encode("Hi There")));
  assert.equal(digest, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
});

test("ChaCha8, the sampling, the shuffle and the dice are the engine's", () => {
  const zero = new ChaCha8(new Uint8Array(32));
  assert.deepEqual(
    Array.from({ length: 4 }, () => zero.nextU32()),
    [0x2fef003e, 0xd6405f89, 0xe8b85b7f, 0xa1a5091f],
  );
  const deal = dealRng(seedOne, nonces);
  assert.deepEqual(
    Array.from({ length: 4 }, () => deal.nextU32()),
    [2108895980, 739467945, 38076017, 71443744],
  );
  assert.deepEqual(
    shuffledLayout(dealRng(seedOne, nonces)).map((row) => row.join(" ")),
    [
      "2/2 0/6 1/4 2/3",
      "1/2 0/3 2/6 0/4",
      "0/1 3/6 5/5 0/2",
      "1/6 1/3 6/6 3/5",
      "1/5 4/6 4/4 2/4",
      "5/6 0/0 4/5 1/1",
      "3/4 0/5 3/3 2/5",
    ],
  );
  const dice = diceRng(seedOne, 1, nonces);
  assert.deepEqual(
    Array.from({ length: 8 }, () => 1 + below(dice, 6)),
    [5, 3, 3, 1, 3, 3, 3, 5],
  );
  assert.equal(
    serverNonce(seedOne, 7, "blue"),
    "1fc48a1aaa90bd32c1175333e8a437debcd574ffe50a69c0dcd11378a05c204e",
  );
  // A word in the zone's top is drawn again.
  const words = [4294967292, 4294967295, 4294967291, 9];
  const scripted = /** @type {ChaCha8} */ (/** @type {unknown} */ ({ nextU32: () => words.shift() }));
  assert.equal(1 + below(scripted, 6), 6);
  assert.equal(1 + below(scripted, 6), 4);
});

/**
 * The record of a game the engine played (`mice-cake sim --seed 3`), of
 * format 2 or 3: the signed records below are made from it either way.
 */
const FIXTURE = "fixtures/sim-game-3.json";
const honest = () => JSON.parse(readFileSync(new URL(FIXTURE, import.meta.url), "utf8"));

test("an honest record holds, and each tampering is named", async () => {
  assert.equal(await brokenLink(honest()), null);

  const die = honest();
  const attempt = die.rounds[2].attempts.find((/** @type {any} */ a) => a.dice.length > 0);
  attempt.dice[0] = (attempt.dice[0] % 6) + 1;
  assert.match((await brokenLink(die)) ?? "", /^round 3: .* die 1, shows/);

  const seal = honest();
  seal.fair.rounds[4].seals.blue = "00".repeat(32);
  assert.equal(await brokenLink(seal), "round 5: blue's opening does not match its seal");

  const move = honest();
  const mice = move.rounds[1].assignments.yellow.mice;
  mice[0] = mice[0] === 0 ? 1 : 0;
  assert.equal(await brokenLink(move), "round 2: yellow's opening does not match its seal");

  const layout = honest();
  [layout.layout[0][0], layout.layout[6][3]] = [layout.layout[6][3], layout.layout[0][0]];
  assert.equal(
    await brokenLink(layout),
    "the deal is not the one the seed and both deal nonces give (row 1)",
  );

  const seed = honest();
  seed.seed = "02" + "00".repeat(31);
  assert.equal(
    await brokenLink(seed),
    "the seed does not match the commitment published when the game started",
  );

  const nonce = honest();
  nonce.fair.deal.nonces.yellow = "11".repeat(32);
  assert.equal(
    await brokenLink(nonce),
    "yellow's move of the deal is said to be the server's, but its nonce is not the one the seed gives",
  );
});

// Signed moves (record format 3): each player's Ed25519 key signs
// "mice-cake/fair/v1/signed-seal" ‖ seal.

const ED25519 = { name: "Ed25519" };
const { subtle } = globalThis.crypto;

/** @typedef {{pair: CryptoKeyPair, hex: string}} Key */

/** A new key pair and its public key as 64 hex digits. @returns {Promise<Key>} */
async function newKey() {
  const pair = /** @type {CryptoKeyPair} */ (await subtle.generateKey(ED25519, false, ["sign", "verify"]));
  return { pair, hex: toHex(new Uint8Array(await subtle.exportKey("raw", pair.publicKey))) };
}

const keys = { yellow: await newKey(), blue: await newKey(), other: await newKey() };

/** @param {string} seal @param {Key} key */
async function sign(seal, key) {
  return toHex(new Uint8Array(await subtle.sign(ED25519, key.pair.privateKey, signedSeal(seal))));
}

/**
 * The moves left the server's in a signed record (by round, 0 the deal),
 * where the fixture's are: a server's nonce must be the one the seed gives.
 * @type {[number, "yellow" | "blue"][]}
 */
const SERVER_MOVES = [
  [0, "yellow"],
  [3, "blue"],
];

/** The deal's exchange and every round's. @param {any} record @returns {any[]} */
const exchanges = (record) => [record.fair.deal, ...record.fair.rounds];

/**
 * The fixture as a format 3 record of two players who signed their moves:
 * every move but SERVER_MOVES is the players' (the fixture's nonces still
 * open its seals), signed by its seat's key; a seat given no key signs
 * nothing.
 * @param {{yellow: Key | null, blue: Key | null}} seats
 */
async function signedRecord(seats = { yellow: keys.yellow, blue: keys.blue }) {
  const record = honest();
  record.format = 3;
  record.fair.keys = { yellow: seats.yellow?.hex ?? null, blue: seats.blue?.hex ?? null };
  for (const [round, exchange] of exchanges(record).entries()) {
    exchange.signatures = { yellow: null, blue: null };
    for (const seat of /** @type {const} */ (["yellow", "blue"])) {
      exchange.by_server[seat] &&= SERVER_MOVES.some(([r, s]) => r === round && s === seat);
      const key = seats[seat];
      if (key && !exchange.by_server[seat]) exchange.signatures[seat] = await sign(exchange.seals[seat], key);
    }
  }
  return record;
}

test("a boost game's dice are drawn attempts first, then boosts, as the engine draws them", async () => {
  // engine/tests/rules/fairness.rs holds the same record and its round 9.
  const boosted = () => JSON.parse(readFileSync(new URL("fixtures/sim-boost-7.json", import.meta.url), "utf8"));
  assert.equal(await brokenLink(boosted()), null);
  const record = boosted();
  const round = record.rounds[8];
  assert.deepEqual(
    [...round.attempts, ...round.boosts].map((/** @type {any} */ roll) => roll.dice.join(" ")),
    ["4 6 1 4", "3 1", "6 3", "5 5", "4 5"],
  );
  // A boost's die changed is named, down to the boost.
  round.boosts[1].dice[0] = (round.boosts[1].dice[0] % 6) + 1;
  assert.match((await brokenLink(record)) ?? "", /^round 9: .*boost.*die 1, shows/i);
});

test("a seal is signed as the engine signs it: RFC 8032's first key gives the fixed signature", async () => {
  const seal = "391fa7bc7bd1d1b9963c3434369c3e70933c0ede9bb940337ce80bb7de1cf472";
  assert.equal(
    toHex(signedSeal(seal)),
    // "mice-cake/fair/v1/signed-seal" in ASCII, then the seal's 32 bytes.
    "6d6963652d63616b652f666169722f76312f7369676e65642d7365616c" + seal,
  );
  const b64 = (/** @type {string} */ hex) => Buffer.from(fromHex(hex)).toString("base64url");
  const secret = await subtle.importKey(
    "jwk",
    {
      kty: "OKP",
      crv: "Ed25519",
      d: b64("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"),
      x: b64("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"),
    },
    ED25519,
    false,
    ["sign"],
  );
  assert.equal(
    toHex(new Uint8Array(await subtle.sign(ED25519, secret, signedSeal(seal)))),
    "6dab9149d26982dd9c50268832bd89fccf65af4956f9c5c5137e531663a1be7e" +
      "ad1f70c7cdf0cd7cdfdad20a933a13c6386437a2815527a116605ce348797a0e",
  );
  assert.equal(await canCheckSignatures(), true);
});

test("a signed record holds: every player's move signed, the server's named", async () => {
  const record = await signedRecord();
  const byServer = exchanges(record).flatMap((exchange, round) =>
    /** @type {const} */ (["yellow", "blue"]).filter((seat) => exchange.by_server[seat]).map((seat) => ({ round, seat })),
  );
  assert.deepEqual(byServer, [
    { round: 0, seat: "yellow" },
    { round: 3, seat: "blue" },
  ]);
  assert.deepEqual(await checkRecord(record), {
    broken: null,
    signed: ["yellow", "blue"],
    unsigned: [],
    checked: true,
    byServer,
  });
});

test("a move of a signed record not signed by its player's key is named", async () => {
  /**
   * The first broken link of a signed record changed by `change`.
   * @param {(record: any) => void} change
   */
  const broken = async (change) => {
    const record = await signedRecord();
    change(record);
    return brokenLink(record);
  };

  // A move the server made, said to be the player's: nothing signs it.
  assert.equal(
    await broken((record) => (record.fair.deal.by_server.yellow = false)),
    "the deal: Yellow's move is recorded as Yellow's own, but it is not signed with Yellow's key (a move without its player's signature is the server's)",
  );
  assert.equal(
    await broken((record) => (record.fair.rounds[2].by_server.blue = false)),
    "round 3: Blue's move is recorded as Blue's own, but it is not signed with Blue's key (a move without its player's signature is the server's)",
  );
  // A signature dropped, or not a signature.
  assert.equal(
    await broken((record) => delete record.fair.rounds[4].signatures.yellow),
    "round 5: Yellow's move is recorded as Yellow's own, but it is not signed with Yellow's key (a move without its player's signature is the server's)",
  );
  assert.equal(
    await broken((record) => (record.fair.rounds[4].signatures.yellow = null)),
    "round 5: Yellow's move is recorded as Yellow's own, but it is not signed with Yellow's key (a move without its player's signature is the server's)",
  );
  assert.equal(
    await broken((record) => delete record.fair.deal.signatures),
    "the deal: Blue's move is recorded as Blue's own, but it is not signed with Blue's key (a move without its player's signature is the server's)",
  );
  assert.equal(
    await broken((record) => (record.fair.rounds[1].signatures.blue = "ab")),
    "round 2: Blue's signature does not match Blue's seal and key",
  );
  // A byte of a signature changed, in either half.
  for (const at of [0, 63]) {
    assert.equal(
      await broken((record) => {
        const bytes = fromHex(record.fair.rounds[1].signatures.blue, 64);
        bytes[at] ^= 1;
        record.fair.rounds[1].signatures.blue = toHex(bytes);
      }),
      "round 2: Blue's signature does not match Blue's seal and key",
      `byte ${at}`,
    );
  }
  // A signature of another seal of the same player.
  assert.equal(
    await broken((record) => (record.fair.rounds[1].signatures.yellow = record.fair.rounds[2].signatures.yellow)),
    "round 2: Yellow's signature does not match Yellow's seal and key",
  );
  // A key swapped for another, or the players' keys exchanged.
  assert.equal(
    await broken((record) => (record.fair.keys.yellow = keys.other.hex)),
    "round 1: Yellow's signature does not match Yellow's seal and key",
  );
  assert.equal(
    await broken((record) => (record.fair.keys = { yellow: keys.blue.hex, blue: keys.yellow.hex })),
    "round 1: Yellow's signature does not match Yellow's seal and key",
  );
  // The other player's signature in its place.
  assert.equal(
    await broken((record) => {
      record.fair.rounds[6].signatures.blue = toHex(fromHex(record.fair.rounds[6].signatures.yellow, 64));
    }),
    "round 7: Blue's signature does not match Blue's seal and key",
  );
  assert.equal(
    await broken((record) => (record.fair.keys.blue = "zz".repeat(32))),
    "Blue's key is not an Ed25519 public key (64 hexadecimal digits)",
  );
  // A key of small order, which "verifies" a signature anyone can forge.
  const identity = "01" + "00".repeat(31);
  assert.equal(
    await broken((record) => {
      record.fair.keys.yellow = identity;
      for (const exchange of exchanges(record)) exchange.signatures.yellow = "01" + "00".repeat(63);
    }),
    "round 1: Yellow's signature does not match Yellow's seal and key",
  );
  assert.equal(await broken((record) => delete record.fair.keys), `a format 3 record must hold its players' keys ("fair.keys")`);
  assert.equal(
    await broken((record) => (record.format = 2)),
    `a format 2 record holds no keys ("fair.keys" belongs to format 3)`,
  );
  // A seal changed is its opening's broken link first, as in format 2.
  assert.equal(
    await broken((record) => (record.fair.rounds[4].seals.blue = "00".repeat(32))),
    "round 5: blue's opening does not match its seal",
  );
});

test("a seat without a key is not broken, and said unsigned", async () => {
  const oneKey = await checkRecord(await signedRecord({ yellow: keys.yellow, blue: null }));
  assert.equal(oneKey.broken, null);
  assert.deepEqual([oneKey.signed, oneKey.unsigned, oneKey.checked], [["yellow"], ["blue"], true]);

  const noKey = await checkRecord(await signedRecord({ yellow: null, blue: null }));
  assert.equal(noKey.broken, null);
  assert.deepEqual([noKey.signed, noKey.unsigned], [[], ["yellow", "blue"]]);

  // A seat whose every move is the server's (a bot) has nothing to sign.
  const bot = await signedRecord({ yellow: keys.yellow, blue: null });
  for (const exchange of exchanges(bot)) exchange.by_server.blue = true;
  const botVerdict = await checkRecord(bot);
  assert.equal(botVerdict.broken, null);
  assert.deepEqual([botVerdict.signed, botVerdict.unsigned], [["yellow"], []]);
  assert.equal(botVerdict.byServer.filter((move) => move.seat === "blue").length, exchanges(bot).length);
});

test("a format 2 record holds as before, its players' moves unsigned", async () => {
  const record = await signedRecord();
  record.format = 2;
  delete record.fair.keys;
  for (const exchange of exchanges(record)) delete exchange.signatures;
  const verdict = await checkRecord(record);
  assert.equal(verdict.broken, null);
  assert.deepEqual([verdict.signed, verdict.unsigned, verdict.checked], [[], ["yellow", "blue"], false]);
});

test("a page without Ed25519 (plain HTTP) checks all but the signatures, and says so", async () => {
  const real = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  // A page served over plain HTTP: `crypto` without `subtle`.
  Object.defineProperty(globalThis, "crypto", { value: { getRandomValues: crypto.getRandomValues.bind(crypto) }, configurable: true });
  try {
    const plain = await import("../src/verify.js?plain-http");
    const record = await signedRecord();
    const verdict = await plain.checkRecord(record);
    assert.deepEqual([verdict.broken, verdict.signed, verdict.checked], [null, ["yellow", "blue"], false]);
    // A signature missing is seen without Ed25519.
    delete record.fair.rounds[4].signatures.yellow;
    assert.match((await plain.brokenLink(record)) ?? "", /^round 5: Yellow's move is recorded as Yellow's own, but it is not signed/);
  } finally {
    Object.defineProperty(globalThis, "crypto", /** @type {PropertyDescriptor} */ (real));
  }
});
