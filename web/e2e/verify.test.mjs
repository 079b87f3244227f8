// The browser's own check of a record (web/src/verify.js) computes what the
// engine computes, step by step (the vectors of docs/fairness.md, which
// engine/tests/rules/fairness.rs checks too), and names the link broken in
// a record tampered with; in a format 3 or 4 record, every player's move
// against its signature and a leave against the leaver's key (WebCrypto's
// Ed25519, which Node has as browsers do); and, given the server's answer
// the record came in, the result it states against the record: a winner,
// a score, an abort or a cause the record does not bear out is named, as
// `mice-cake verify` names it. No browser needed: the modules are plain ES
// modules.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { commitmentOf, signedKeyProof, signedLeave, signedSeal } from "../src/fair.js";
import { ChaCha8, below, dealRng, diceRng, hmacSha256, serverNonce, shuffledLayout } from "../src/derive.js";
import { canCheckSignatures } from "../src/signatures.js";
import { brokenLink, checkRecord } from "../src/verify.js";
import { fromHex, toHex } from "../src/sha256.js";
import { useWords } from "./words.mjs";

useWords();

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

  // A move the server made, relabelled as the player's on a seat without a
  // key (nothing to sign it with): its nonce is the server's seed's.
  const relabelled = honest();
  relabelled.fair.rounds[2].by_server.blue = false;
  assert.equal(
    await brokenLink(relabelled),
    "round 3: Blue's move is recorded as Blue's own, but its nonce is the one the server's committed seed gives for Blue in that round: the server made it",
  );
  const dealt = honest();
  dealt.fair.deal.by_server.yellow = false;
  assert.equal(
    await brokenLink(dealt),
    "the deal: Yellow's move is recorded as Yellow's own, but its nonce is the one the server's committed seed gives for Yellow in that round: the server made it",
  );
});

// Signed moves (record formats 3 and 4): each player's Ed25519 key signs
// "mice-cake/fair/v1/signed-seal" ‖ seal, and a leave during a game
// "mice-cake/fair/v1/signed-leave" ‖ commitment ‖ round ‖ seat.

const ED25519 = { name: "Ed25519" };
const { subtle } = globalThis.crypto;

/** @typedef {{pair: CryptoKeyPair, hex: string}} Key */

/** A new key pair and its public key as 64 hex digits. @returns {Promise<Key>} */
async function newKey() {
  const pair = /** @type {CryptoKeyPair} */ (await subtle.generateKey(ED25519, false, ["sign", "verify"]));
  return { pair, hex: toHex(new Uint8Array(await subtle.exportKey("raw", pair.publicKey))) };
}

const other = await newKey();

/**
 * Real games, as a server answers `/api/games/ID` for them (record format
 * 4): played on a server by two `mice-cake --plain` players, each with a
 * key of its own, typing the moves their client suggests:
 * - `left-round-8`: Blue let the deadline of round 3 pass (the server made
 *   Blue's move) and typed `q` in round 8: Blue left, the leave signed;
 * - `missed-deadlines`: on a server run with `--missed-deadlines 2`, Blue
 *   stopped moving in round 4: the server made Blue's moves of rounds 4 and
 *   5, and Blue forfeited;
 * - `aborted-round-1`: Blue typed `q` in round 1, before anyone moved: the
 *   game was aborted, the leave signed;
 * - `against-bot`: Yellow against the server's random bot (no key, every
 *   move the server's), to the end;
 * and three played on a server by the server's tests' scripted clients
 * (`server/tests/server/support.rs`, each with a key of its own, greedy
 * moves), in rated rooms, from two addresses:
 * - `rated-left`: Blue left in round 4: rated, each player's rating from
 *   1500 (RD 350) moved by Glicko-2;
 * - `bot-against-person`: Blue's key declared itself a bot as it took its
 *   seat, and left in round 4: unrated (`bot_against_person`), Blue's
 *   declaration kept in `rated.bot_declarations`;
 * - `abandoned`: on a server run with `--missed-deadlines 2`, both players
 *   stopped moving in round 4: the server made both moves of rounds 4 and
 *   5, and the game was abandoned by both.
 * @param {"left-round-8" | "missed-deadlines" | "aborted-round-1" | "against-bot" | "rated-left" | "bot-against-person" | "abandoned"} name
 * @returns {any}
 */
const served = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8"));

/** The deal's exchange and every round's. @param {any} record @returns {any[]} */
const exchanges = (record) => [record.fair.deal, ...record.fair.rounds];

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

/** RFC 8032's first key: the vectors of docs/fairness.md and docs/protocol.md are its signatures. */
const b64 = (/** @type {string} */ hex) => Buffer.from(fromHex(hex)).toString("base64url");
const rfc8032 = await subtle.importKey(
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

test("a seal is signed as the engine signs it: RFC 8032's first key gives the fixed signature", async () => {
  const seal = "391fa7bc7bd1d1b9963c3434369c3e70933c0ede9bb940337ce80bb7de1cf472";
  assert.equal(
    toHex(signedSeal(seal)),
    // "mice-cake/fair/v1/signed-seal" in ASCII, then the seal's 32 bytes.
    "6d6963652d63616b652f666169722f76312f7369676e65642d7365616c" + seal,
  );
  assert.equal(
    toHex(new Uint8Array(await subtle.sign(ED25519, rfc8032, signedSeal(seal)))),
    "6dab9149d26982dd9c50268832bd89fccf65af4956f9c5c5137e531663a1be7e" +
      "ad1f70c7cdf0cd7cdfdad20a933a13c6386437a2815527a116605ce348797a0e",
  );
  assert.equal(await canCheckSignatures(), true);
});


test("a leave and a key's proof are signed as the engine signs them: RFC 8032's first key gives the fixed signatures", async () => {
  assert.equal(
    toHex(signedLeave("09".repeat(32), 4, "blue")),
    // "mice-cake/fair/v1/signed-leave" in ASCII, the commitment, round 4, Blue.
    "6d6963652d63616b652f666169722f76312f7369676e65642d6c65617665" + "09".repeat(32) + "00000004" + "01",
  );
  assert.equal(toHex(signedLeave("09".repeat(32), 0, "yellow")).slice(-10), "0000000000");
  const sign = async (/** @type {Uint8Array<ArrayBuffer>} */ message) => toHex(new Uint8Array(await subtle.sign(ED25519, rfc8032, message)));
  // Round 3 left as Blue, of the game committed to seed 1.
  assert.equal(
    await sign(signedLeave(commitmentOf(seedOne), 3, "blue")),
    "31c816c9d8f26dd91fd8436761fd14a6bb61334ccc1a0a65a3d7c367bf2cf41a9bfac94fb340a51c2d91a670d91d7fdd5313a5c8600879579293f04ad2c8dc03",
  );
  // "mice-cake/key/v2" in ASCII, then the connection's challenge: here the
  // bytes 0 to 31, as in docs/protocol.md's worked example.
  const challenge = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
  assert.equal(toHex(signedKeyProof(challenge)), "6d6963652d63616b652f6b65792f7632" + challenge);
  assert.equal(
    await sign(signedKeyProof(challenge)),
    "55c300666d8ff8b2246bd4e075daea6173786be83f4e46a735a81e561af40463616788a753ac63b0c84ba0de46af51d8eb0ce554a97cedc1fd3034a1a20ea708",
  );
});

test("a signed record holds: every player's move signed, the server's named, the leave checked", async () => {
  const record = served("left-round-8").record;
  assert.deepEqual(await checkRecord(record), {
    broken: null,
    signed: ["yellow", "blue"],
    unsigned: [],
    checked: true,
    byServer: [{ round: 3, seat: "blue" }],
    cause: null,
    scoreLeft: false,
  });
});

/**
 * The first broken link of a served game's record changed by `change`,
 * the server's answer checked with it unless `bare`.
 * @param {Parameters<typeof served>[0]} name
 * @param {(game: any) => void} change
 * @param {{bare?: boolean}} [how]
 */
async function broken(name, change, how = {}) {
  const game = served(name);
  change(game);
  return brokenLink(game.record, how.bare ? null : game);
}

test("a move of a signed record not signed by its player's key, or signed where nothing may sign, is named", async () => {
  /** @param {(record: any) => void} change */
  const tampered = (change) => broken("left-round-8", (game) => change(game.record), { bare: true });
  const unsigned = (/** @type {string} */ round, /** @type {string} */ name) =>
    `${round}: ${name}'s move is recorded as ${name}'s own, but it is not signed with ${name}'s key (a move without its player's signature is the server's)`;

  // A move the server made (Blue's of round 3), passed off as the player's:
  // the record itself proves it the server's.
  assert.equal(
    await tampered((record) => (record.fair.rounds[2].by_server.blue = false)),
    "round 3: Blue's move is recorded as Blue's own, but its nonce is the one the server's committed seed gives for Blue in that round: the server made it",
  );
  // A signature dropped, or not a signature.
  assert.equal(await tampered((record) => delete record.fair.rounds[4].signatures.yellow), unsigned("round 5", "Yellow"));
  assert.equal(await tampered((record) => (record.fair.rounds[4].signatures.yellow = null)), unsigned("round 5", "Yellow"));
  assert.equal(await tampered((record) => delete record.fair.deal.signatures), unsigned("the deal", "Yellow"));
  assert.equal(
    await tampered((record) => (record.fair.rounds[1].signatures.blue = "ab")),
    "round 2: Blue's signature does not match Blue's seal and key",
  );
  // A byte of a signature changed, in either half.
  for (const at of [0, 63]) {
    assert.equal(
      await tampered((record) => {
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
    await tampered((record) => (record.fair.rounds[1].signatures.yellow = record.fair.rounds[2].signatures.yellow)),
    "round 2: Yellow's signature does not match Yellow's seal and key",
  );
  // A key swapped for another, or the players' keys exchanged.
  assert.equal(
    await tampered((record) => (record.fair.keys.yellow = other.hex)),
    "the deal: Yellow's signature does not match Yellow's seal and key",
  );
  assert.equal(
    await tampered((record) => (record.fair.keys = { yellow: record.fair.keys.blue, blue: record.fair.keys.yellow })),
    "the deal: Yellow's signature does not match Yellow's seal and key",
  );
  // The other player's signature in its place.
  assert.equal(
    await tampered((record) => (record.fair.rounds[6].signatures.blue = record.fair.rounds[6].signatures.yellow)),
    "round 7: Blue's signature does not match Blue's seal and key",
  );
  assert.equal(
    await tampered((record) => (record.fair.keys.blue = "zz".repeat(32))),
    "Blue's key is not an Ed25519 public key (64 hexadecimal digits)",
  );
  // A key of small order, which "verifies" a signature anyone can forge.
  assert.equal(
    await tampered((record) => {
      record.fair.keys.yellow = "01" + "00".repeat(31);
      for (const exchange of exchanges(record)) exchange.signatures.yellow = "01" + "00".repeat(63);
    }),
    "the deal: Yellow's signature does not match Yellow's seal and key",
  );
  // Signatures kept on a seat whose key was taken out: nothing checks them.
  assert.equal(
    await tampered((record) => (record.fair.keys.blue = null)),
    "the deal: Blue's move carries a signature, but Blue announced no key to check it with",
  );
  // A move the server made, given a player's signature.
  assert.equal(
    await tampered((record) => (record.fair.rounds[2].signatures.blue = record.fair.rounds[1].signatures.blue)),
    "round 3: the server made Blue's move, yet the record gives it Blue's signature",
  );
  // Keys belong to formats 3 and 4, a leave to format 4.
  assert.equal(await tampered((record) => delete record.fair.keys), `a format 4 record must hold its players' keys ("fair.keys")`);
  assert.equal(
    await tampered((record) => (record.format = 2)),
    `a format 2 record holds no keys ("fair.keys" belongs to formats 3 and 4)`,
  );
  assert.equal(
    await tampered((record) => (record.format = 3)),
    `a format 3 record holds no leave ("fair.left" belongs to format 4)`,
  );
  // A seal changed is its opening's broken link first, as in format 2.
  assert.equal(
    await tampered((record) => (record.fair.rounds[4].seals.blue = "00".repeat(32))),
    "round 5: blue's opening does not match its seal",
  );
});

test("a leave is held against the round the record stops in and the leaver's key", async () => {
  /** @param {(record: any) => void} change */
  const tampered = (change) => broken("left-round-8", (game) => change(game.record), { bare: true });
  assert.equal(
    await tampered((record) => (record.fair.left.round = 6)),
    "Blue's leave is signed for round 6, but the record stops in round 8",
  );
  // Said to be signed for the round just revealed, which is allowed (a
  // leave sent as a reveal arrives), but this signature is round 8's.
  assert.equal(
    await tampered((record) => (record.fair.left.round = 7)),
    "Blue's leave (round 7) is not signed with Blue's key",
  );
  // The record cut short under the leave: it no longer stops where Blue left.
  assert.equal(
    await tampered((record) => {
      record.rounds.pop();
      record.fair.rounds.pop();
    }),
    "Blue's leave is signed for round 8, but the record stops in round 7",
  );
  // A game the rules ended has nobody leaving it.
  assert.equal(
    await tampered((record) => (record.outcome = served("against-bot").record.outcome)),
    "Blue's leave is signed for round 8, but the record stops in round 8",
  );
  // Blue's leave said to be Yellow's, or a byte of it changed.
  assert.equal(await tampered((record) => (record.fair.left.seat = "yellow")), "Yellow's leave (round 8) is not signed with Yellow's key");
  assert.equal(
    await tampered((record) => {
      const bytes = fromHex(record.fair.left.signature, 64);
      bytes[10] ^= 1;
      record.fair.left.signature = toHex(bytes);
    }),
    "Blue's leave (round 8) is not signed with Blue's key",
  );
  // A seat without a key signs no leave.
  assert.equal(
    await tampered((record) => {
      record.fair.keys.blue = null;
      for (const exchange of exchanges(record)) exchange.signatures.blue = null;
    }),
    "Blue's leave (round 8) is not signed with Blue's key",
  );
  // Another game's leave (another key's, for another commitment) is none here.
  assert.equal(
    await tampered((record) => (record.fair.left = { ...served("aborted-round-1").record.fair.left, round: 8 })),
    "Blue's leave (round 8) is not signed with Blue's key",
  );
});

test("the result the server gives is held against the record: winner, score, abort, cause", async () => {
  // The honest answers hold, each saying what its result rests on.
  const left = served("left-round-8");
  const leftVerdict = await checkRecord(left.record, left);
  assert.deepEqual([leftVerdict.broken, leftVerdict.cause, leftVerdict.scoreLeft], [null, "Blue left, proven by Blue's leave, signed with Blue's key", true]);
  const missed = served("missed-deadlines");
  const missedVerdict = await checkRecord(missed.record, missed);
  assert.deepEqual(
    [missedVerdict.broken, missedVerdict.cause],
    [null, "Blue missed 2 deadlines in a row, proven by the record: the server made Blue's move in each of its last 2 rounds"],
  );
  const aborted = served("aborted-round-1");
  const abortedVerdict = await checkRecord(aborted.record, aborted);
  assert.deepEqual(
    [abortedVerdict.broken, abortedVerdict.cause, abortedVerdict.scoreLeft],
    [null, "Blue left, proven by Blue's leave, signed with Blue's key", false],
  );
  const played = served("against-bot");
  const playedVerdict = await checkRecord(played.record, played);
  assert.deepEqual([playedVerdict.broken, playedVerdict.cause, playedVerdict.scoreLeft], [null, null, false]);

  // A forfeit whose winner was swapped: both results said, apart.
  assert.equal(
    await broken("left-round-8", (game) => (game.result.winner = "blue")),
    "the result given (Yellow 31 – Blue 9, Blue wins: Blue left the game) is not the record's: played out, the record gives Yellow 31 – Blue 9, Yellow wins: Blue left the game",
  );
  // A left result without a leave signed by the leaver.
  assert.equal(
    await broken("left-round-8", (game) => delete game.record.fair.left),
    "the result given says Blue left, but the record holds no leave signed with Blue's key: nothing proves Blue left",
  );
  // A signed leave with a result that is not that seat leaving.
  assert.equal(
    await broken("left-round-8", (game) => (game.result.ending.cause = "disconnected")),
    "the record holds Blue's signed leave, but the result given says the game ended otherwise (a forfeit for another cause)",
  );
  assert.equal(
    await broken("left-round-8", (game) => {
      game.result.ending.seat = "yellow";
      game.result.winner = "blue";
    }),
    "the record holds Blue's signed leave, but the result given says the game ended otherwise (a forfeit for another cause)",
  );
  // Without the leave, a disconnection stands on the server's word, and says so.
  const away = served("left-round-8");
  delete away.record.fair.left;
  away.result.ending.cause = "disconnected";
  assert.deepEqual(
    [(await checkRecord(away.record, away)).broken, (await checkRecord(away.record, away)).cause],
    [null, "that Blue stayed away past the grace period rests on the server's word"],
  );
  // A record cut short, said to be played to its end, or aborted once rounds were revealed.
  assert.equal(
    await broken("left-round-8", (game) => (game.result = played.result)),
    "the result given (Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)) says the game was played to its end, but its record stops before the end",
  );
  assert.equal(
    await broken("left-round-8", (game) => {
      game.result.ending = { kind: "aborted", seat: "blue", cause: "left" };
      game.result.winner = null;
    }),
    "the result given (Yellow 31 – Blue 9, aborted before both players had a move: Blue left the game — nobody wins, not rated) says the game was aborted before both players had a move, but 7 rounds were revealed first: from then on a game ends by a forfeit",
  );
  // Abandoned by both, and someone winning all the same.
  assert.equal(
    await broken("missed-deadlines", (game) => {
      game.result.ending = { kind: "abandoned", cause: "disconnected" };
    }),
    "the result given (Yellow 16 – Blue 12, abandoned: both players stayed away too long; Yellow wins) is not the record's: played out, the record gives Yellow 16 – Blue 12, abandoned: both players stayed away too long",
  );
  // Missed deadlines: the record's last moves must be the server's, as many as the server's limit.
  assert.equal(
    await broken("missed-deadlines", (game) => (game.missed_deadline_limit = 3)),
    "the result given says Blue missed too many deadlines, but the record's last 2 moves made by the server for Blue are not enough (the server's limit: 3 in a row)",
  );
  assert.equal(
    await broken("missed-deadlines", (game) => {
      game.result.ending.seat = "yellow";
      game.result.winner = "blue";
    }),
    "the result given says Yellow missed too many deadlines, but the record's last 0 moves made by the server for Yellow are not enough (the server's limit: 2 in a row)",
  );
  assert.equal(
    await broken("left-round-8", (game) => {
      delete game.record.fair.left;
      game.result.ending.cause = "missed_deadlines";
    }),
    "the result given says Blue missed too many deadlines, but the record's last 0 moves made by the server for Blue are not enough (the server's limit: 3 in a row)",
  );
  // Aborted before anyone moved: nobody wins, nobody scored, and the leave is the leaver's.
  assert.equal(
    await broken("aborted-round-1", (game) => (game.result.winner = "yellow")),
    "the result given (Yellow 0 – Blue 0, aborted before both players had a move: Blue left the game — Yellow wins, not rated) is not the record's: played out, the record gives Yellow 0 – Blue 0, aborted before both players had a move: Blue left the game — nobody wins, not rated",
  );
  assert.equal(
    await broken("aborted-round-1", (game) => (game.result.score.yellow = { pips: 6, pieces: 1, double_six: false })),
    "the result given (Yellow 6 – Blue 0, aborted before both players had a move: Blue left the game — nobody wins, not rated) is not the record's: played out, the record gives Yellow 0 – Blue 0, aborted before both players had a move: Blue left the game — nobody wins, not rated",
  );
  assert.equal(
    await broken("aborted-round-1", (game) => (game.result.ending.seat = "yellow")),
    "the record holds Blue's signed leave, but the result given says the game ended otherwise (aborted for another cause)",
  );
  // A game played to its end has the record's result: its winner, score and end.
  assert.equal(
    await broken("against-bot", (game) => (game.result.winner = "blue")),
    "the result given (Yellow 94 – Blue 74, Blue wins on pips (the cake is gone)) is not the record's: played out, the record gives Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)",
  );
  assert.equal(
    await broken("against-bot", (game) => (game.result.score.blue.pips = 95)),
    "the result given (Yellow 94 – Blue 95, Yellow wins on pips (the cake is gone)) is not the record's: played out, the record gives Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)",
  );
  assert.equal(
    await broken("against-bot", (game) => (game.result.ending = { kind: "forfeit", seat: "blue", cause: "disconnected" })),
    "the result given (Yellow 94 – Blue 74, Yellow wins: Blue stayed away too long) is not the record's: played out, the record gives Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)",
  );
  // A game said to be rated: its keys are the record's.
  const rated = (/** @type {any} */ game) => {
    game.rated = { pool: "standard", keys: { ...game.record.fair.keys }, ratings: firstGame(game.result.winner) };
  };
  assert.equal(await broken("left-round-8", rated), null);
  assert.equal(
    await broken("left-round-8", (game) => {
      rated(game);
      game.rated.keys.yellow = other.hex;
    }),
    `the game is said to be rated for Yellow's key ${other.hex.slice(0, 16)}…, but the record's key for Yellow is another`,
  );
});

test("a seat without a key is not broken, and said unsigned", async () => {
  // Blue's key taken out, and Blue's signatures and leave with it: Blue's moves are nobody's proof.
  const record = served("missed-deadlines").record;
  record.fair.keys.blue = null;
  for (const exchange of exchanges(record)) exchange.signatures.blue = null;
  const oneKey = await checkRecord(record);
  assert.equal(oneKey.broken, null);
  assert.deepEqual([oneKey.signed, oneKey.unsigned, oneKey.checked], [["yellow"], ["blue"], true]);

  // A seat whose every move is the server's (a bot) has nothing to sign.
  const bot = served("against-bot").record;
  const botVerdict = await checkRecord(bot);
  assert.equal(botVerdict.broken, null);
  assert.deepEqual([botVerdict.signed, botVerdict.unsigned], [["yellow"], []]);
  assert.equal(botVerdict.byServer.filter((move) => move.seat === "blue").length, exchanges(bot).length);
});

test("a format 2 record holds as before, its players' moves unsigned", async () => {
  const record = served("missed-deadlines").record;
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
    const game = served("left-round-8");
    const verdict = await plain.checkRecord(game.record, game);
    assert.deepEqual([verdict.broken, verdict.signed, verdict.checked], [null, ["yellow", "blue"], false]);
    // A leave's signature is not checked without Ed25519; a leave in another round is seen.
    const bytes = fromHex(game.record.fair.left.signature, 64);
    bytes[0] ^= 1;
    game.record.fair.left.signature = toHex(bytes);
    assert.equal((await plain.checkRecord(game.record, game)).broken, null);
    game.record.fair.left.round = 3;
    assert.equal((await plain.brokenLink(game.record)) ?? "", "Blue's leave is signed for round 3, but the record stops in round 8");
    game.record.fair.left.round = 7;
    assert.equal((await plain.brokenLink(game.record)) ?? "", "", "the round just revealed");
    // A signature missing is seen without Ed25519.
    const record = served("left-round-8").record;
    delete record.fair.rounds[4].signatures.yellow;
    assert.match((await plain.brokenLink(record)) ?? "", /^round 5: Yellow's move is recorded as Yellow's own, but it is not signed/);
  } finally {
    Object.defineProperty(globalThis, "crypto", /** @type {PropertyDescriptor} */ (real));
  }
});

/** A player's first rated game, from 1500 (RD 350) against another such. @param {number} rating */
const firstRating = (rating) => ({
  before: { rating: 1500, deviation: 350, volatility: 0.06, games: 0, provisional: true },
  after: { rating, deviation: 290.3189637179804, volatility: 0.05999967537233814, games: 1, provisional: true },
});

/**
 * Both players' changes in a first rated game won by `winner`: Glicko-2's,
 * as the server's crate gives them (the `rated-left` fixture) and
 * `play.test.mjs`'s Glicko-2 from the paper agrees.
 * @param {"yellow" | "blue"} winner
 */
const firstGame = (winner) => ({
  yellow: firstRating(winner === "yellow" ? 1662.3108939062977 : 1337.6891060937023),
  blue: firstRating(winner === "blue" ? 1662.3108939062977 : 1337.6891060937023),
});

test("issue 59: a format 4 answer without its missed deadline limit proves no forfeit by one late move", async () => {
  // Blue's run of moves the server made cut to one (round 4).
  const oneLate = (/** @type {any} */ game) => {
    game.record.rounds.pop();
    game.record.fair.rounds.pop();
  };
  assert.equal(
    await broken("missed-deadlines", oneLate),
    "the result given says Blue missed too many deadlines, but the record's last 1 move made by the server for Blue is one (the server's limit: 2 in a row)",
  );
  const leftOut =
    "the answer leaves out the server's limit of missed deadlines in a row (missed_deadline_limit), which every answer with a record of format 4 gives: without it, nothing says how many moves the server must have made for a player who forfeits for missed deadlines";
  assert.equal(
    await broken("missed-deadlines", (game) => {
      oneLate(game);
      delete game.missed_deadline_limit;
    }),
    leftOut,
  );
  assert.equal(
    await broken("missed-deadlines", (game) => {
      oneLate(game);
      game.missed_deadline_limit = null;
    }),
    leftOut,
  );
  // Whatever the cause: every format 4 answer gives it.
  assert.equal(await broken("left-round-8", (game) => delete game.missed_deadline_limit), leftOut);
  assert.equal(
    await broken("missed-deadlines", (game) => (game.missed_deadline_limit = 0)),
    "the answer says the server makes a player forfeit after 0 missed deadlines in a row, but no server runs with a limit under 1",
  );
  // An older record (format 3, before answers gave the limit) reads as before, on the server's word, said so.
  const older = served("missed-deadlines");
  older.record.format = 3;
  oneLate(older);
  delete older.missed_deadline_limit;
  const verdict = await checkRecord(older.record, older);
  assert.deepEqual(
    [verdict.broken, verdict.cause],
    [
      null,
      "that Blue missed too many deadlines rests on the server's word: the server made Blue's move in each of the record's last 1 round, but the answer does not give the server's limit (a game stored before servers kept it)",
    ],
  );
});

test("issue 59: nobody forfeits before the first round is revealed, and one player's leave is no abort by both", async () => {
  assert.equal(
    await broken("aborted-round-1", (game) => {
      game.result.ending = { kind: "forfeit", seat: "blue", cause: "left" };
      game.result.winner = "yellow";
    }),
    "the result given (Yellow 0 – Blue 0, Yellow wins: Blue left the game) says Blue forfeited it, but no round was revealed: a game that ends before both players have had a move is aborted, and nobody wins it",
  );
  assert.equal(
    await broken("aborted-round-1", (game) => (game.result.ending = { kind: "abandoned", cause: "left" })),
    "the result given (Yellow 0 – Blue 0, abandoned: both players left the game) says both players forfeited it, but no round was revealed: a game that ends before both players have had a move is aborted, and nobody wins it",
  );
  // Blue's signed leave said to be an abort by both.
  assert.equal(
    await broken("aborted-round-1", (game) => (game.result.ending.seat = null)),
    "the result given says Yellow left, but the record holds no leave signed with Yellow's key: nothing proves Yellow left",
  );
});

test("issue 59: a game abandoned by both is no forfeit by one, and missed deadlines are no other cause", async () => {
  const abandoned = served("abandoned");
  const verdict = await checkRecord(abandoned.record, abandoned);
  assert.deepEqual(
    [verdict.broken, verdict.cause],
    [
      null,
      "Yellow missed 2 deadlines in a row, proven by the record: the server made Yellow's move in each of its last 2 rounds; Blue missed 2 deadlines in a row, proven by the record: the server made Blue's move in each of its last 2 rounds",
    ],
  );
  const forfeitByBlue = (/** @type {any} */ game) => {
    game.result.ending = { kind: "forfeit", seat: "blue", cause: "missed_deadlines" };
    game.result.winner = "yellow";
  };
  // In its rated room: said unrated as abandoned.
  assert.equal(await broken("abandoned", forfeitByBlue), "the game is said to be unrated as abandoned, but it was not abandoned");
  // Its room's status taken out too: the record's last moves say who missed the limit.
  assert.equal(
    await broken("abandoned", (game) => {
      forfeitByBlue(game);
      delete game.rated;
    }),
    "the server made Yellow's and Blue's moves in each of the record's last 2 rounds, its limit of missed deadlines in a row: the game ended there, abandoned by both for missed deadlines, not as the result given says (Yellow 49 – Blue 38, Yellow wins: Blue missed too many deadlines)",
  );
  assert.equal(
    await broken("missed-deadlines", (game) => (game.result.ending.cause = "disconnected")),
    "the server made Blue's move in each of the record's last 2 rounds, its limit of missed deadlines in a row: the game ended there, Blue forfeiting for missed deadlines, not as the result given says (Yellow 16 – Blue 12, Yellow wins: Blue stayed away too long)",
  );
});

test("issue 59: a game nobody could lose moves no rating, and a rated game's ratings are Glicko-2's", async () => {
  const honest = served("rated-left");
  assert.deepEqual(firstGame("yellow"), honest.rated.ratings);
  assert.equal((await checkRecord(honest.record, honest)).broken, null);
  const withRatings = (/** @type {any} */ game) => {
    game.rated = { ...served("rated-left").rated, keys: { ...game.record.fair.keys } };
  };
  assert.equal(
    await broken("aborted-round-1", withRatings),
    "the game is said to have moved its players' ratings, but it was aborted before both players had a move: such a game is never rated",
  );
  assert.equal(
    await broken("abandoned", withRatings),
    "the game is said to have moved its players' ratings, but it was abandoned by both at once: such a game is never rated",
  );
  assert.equal(
    await broken("rated-left", (game) => (game.rated.not_rated = "pair_limit")),
    "the game is said to be rated and, at once, not rated (these two players have had 3 rated games together in the last 24 hours)",
  );
  // The changes swapped: the loser gains.
  assert.equal(
    await broken("rated-left", (game) => (game.rated.ratings = { yellow: game.rated.ratings.blue, blue: game.rated.ratings.yellow })),
    "Yellow's rating after the game is said to be 1337.7 (RD 290.3), but Glicko-2 gives 1662.3 (RD 290.3) from Yellow's 1500.0 (RD 350.0) before, Blue's 1500.0 (RD 350.0), and Yellow's win",
  );
  assert.equal(
    await broken("rated-left", (game) => (game.rated.ratings.blue.after.rating += 0.5)),
    "Blue's rating after the game is said to be 1338.2 (RD 290.3), but Glicko-2 gives 1337.7 (RD 290.3) from Blue's 1500.0 (RD 350.0) before, Yellow's 1500.0 (RD 350.0), and Blue's loss",
  );
  assert.equal(
    await broken("rated-left", (game) => (game.rated.ratings.yellow.after.games = 3)),
    "Yellow's rated games are said to go from 0 to 3 with this one game",
  );
  assert.equal(
    await broken("rated-left", (game) => (game.rated.pool = "boost")),
    "the game is said to be rated in the boost pool, but its rules are the standard pool's",
  );
  // The forfeit said to be unrated as aborted: its winner robbed.
  assert.equal(
    await broken("rated-left", (game) => {
      game.rated.ratings = null;
      game.rated.not_rated = "aborted";
    }),
    "the game is said to be unrated as aborted, but it was not aborted",
  );
});

test("issue 59: a bot against a person relabelled rated is refused by the declaration the record keeps", async () => {
  const honest = served("bot-against-person");
  assert.equal((await checkRecord(honest.record, honest)).broken, null);
  const rated = (/** @type {any} */ game) => {
    delete game.rated.not_rated;
    game.rated.ratings = firstGame("yellow");
  };
  assert.equal(
    await broken("bot-against-person", rated),
    "the game is said to be rated, but Blue's key had declared itself a bot as it started and Yellow's had not: a bot against a person is never rated",
  );
  assert.equal(
    await broken("bot-against-person", (game) => (game.rated.bot_declarations.blue = null)),
    "the game is said to be unrated as a bot against a person, but neither key had declared itself a bot as it started",
  );
  assert.equal(
    await broken("bot-against-person", (game) => (game.rated.bot_declarations.yellow = game.rated.bot_declarations.blue)),
    "Yellow's bot declaration in the record is not signed with Yellow's key",
  );
  const bytes = fromHex(honest.rated.bot_declarations.blue, 64);
  bytes[5] ^= 1;
  assert.equal(
    await broken("bot-against-person", (game) => (game.rated.bot_declarations.blue = toHex(bytes))),
    "Blue's bot declaration in the record is not signed with Blue's key",
  );
  // A declaration by another key than the record's, that key said to be Blue's.
  assert.equal(
    await broken("bot-against-person", (game) => (game.rated.keys.blue = other.hex)),
    `the answer says Blue played its rated room's game with the key ${other.hex.slice(0, 16)}…, but the record's key for Blue is another`,
  );
  // A game stored before servers kept the declarations is the server's word.
  assert.equal(await broken("bot-against-person", (game) => delete game.rated.bot_declarations), null);
});
