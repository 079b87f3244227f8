// A game that ended at its deal (a player sealed a nonce and never opened
// it, or left) leaves an aborted deal instead of a record: the page checks
// it as the engine does (web/src/verify.js `checkAbortedDeal`), a leave
// signed at the deal and the result the server gives with it too, names
// each link broken in the engine's words, holds it against what the page
// saw (web/src/fair.js) and says what it verified (web/src/seal.js). No
// browser needed: the modules are plain ES modules, and Node has
// WebCrypto's Ed25519 as browsers do.

import assert from "node:assert/strict";
import { test } from "node:test";

import { NOTHING, checkDealAgainstWhatWasSeen, commitmentOf, sealOf, signedLeave, signedSeal } from "../src/fair.js";
import { dealFairness } from "../src/check.js";
import { freshNonce } from "../src/keys.js";
import { fromHex, toHex } from "../src/sha256.js";
import { serverNonce } from "../src/derive.js";
import { checkAbortedDeal } from "../src/verify.js";
import { useWords } from "./words.mjs";

useWords();

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

/** A leave of `seat` in `round` of the game committed to, signed by `key`. @param {"yellow" | "blue"} seat @param {number} round @param {Key} key */
async function leave(seat, round, key) {
  return { seat, round, signature: toHex(new Uint8Array(await subtle.sign(ED25519, key.pair.privateKey, signedLeave(commitment, round, seat)))) };
}

const seed = freshNonce();
const commitment = commitmentOf(seed);
const yellowNonce = freshNonce();
const blueNonce = freshNonce();
const seals = {
  yellow: sealOf(commitment, 0, "yellow", NOTHING, yellowNonce),
  blue: sealOf(commitment, 0, "blue", NOTHING, blueNonce),
};
const signatures = { yellow: await sign(seals.yellow, keys.yellow), blue: await sign(seals.blue, keys.blue) };

/**
 * Yellow sealed, signed and opened; Blue sealed and signed, and never
 * opened its nonce: Blue forfeits.
 * @returns {any}
 */
function refusedByBlue() {
  return {
    version: 1,
    options: { reveal: "standard", boost: false, stall_limit: 100 },
    seed,
    commitment,
    keys: { yellow: keys.yellow.hex, blue: keys.blue.hex },
    seals: { ...seals },
    signatures: { ...signatures },
    nonces: { yellow: yellowNonce, blue: null },
    by_server: { yellow: false, blue: false },
    refused: { yellow: false, blue: true },
  };
}

/** Blue a bot (no key): its nonce the server's, the one the seed gives; Yellow sealed, signed and never opened. */
const botNonce = serverNonce(seed, 0, "blue");
function refusedAgainstABot() {
  return {
    ...refusedByBlue(),
    keys: { yellow: keys.yellow.hex, blue: null },
    seals: { yellow: seals.yellow, blue: sealOf(commitment, 0, "blue", NOTHING, botNonce) },
    signatures: { yellow: signatures.yellow, blue: null },
    nonces: { yellow: null, blue: botNonce },
    by_server: { yellow: false, blue: true },
    refused: { yellow: true, blue: false },
  };
}

/**
 * The first broken link of a deal changed by `change`.
 * @param {(deal: any) => void} change
 * @param {() => any} [made]
 */
async function broken(change, made = refusedByBlue) {
  const deal = made();
  change(deal);
  return (await checkAbortedDeal(deal)).broken;
}

test("an honest aborted deal holds: who sealed, who refused, who signed", async () => {
  assert.deepEqual(await checkAbortedDeal(refusedByBlue()), {
    broken: null,
    sealed: ["yellow", "blue"],
    refused: ["blue"],
    byServer: [],
    signed: ["yellow", "blue"],
    unsigned: [],
    checked: true,
    cause: null,
  });
  assert.deepEqual(await checkAbortedDeal(refusedAgainstABot()), {
    broken: null,
    sealed: ["yellow", "blue"],
    refused: ["yellow"],
    byServer: ["blue"],
    signed: ["yellow"],
    unsigned: [],
    checked: true,
    cause: null,
  });
  // Blue never sealed (it left): Yellow's seal is there, unopened.
  const alone = refusedByBlue();
  alone.seals.blue = null;
  alone.signatures.blue = null;
  alone.nonces.yellow = null;
  alone.refused.blue = false;
  const verdict = await checkAbortedDeal(alone);
  assert.deepEqual([verdict.broken, verdict.sealed, verdict.refused], [null, ["yellow"], []]);
});

test("an aborted deal without keys holds, its seals said unsigned", async () => {
  const deal = refusedByBlue();
  deal.keys = { yellow: null, blue: null };
  delete deal.signatures;
  const verdict = await checkAbortedDeal(deal);
  assert.equal(verdict.broken, null);
  assert.deepEqual([verdict.signed, verdict.unsigned], [[], ["yellow", "blue"]]);
  assert.equal(
    dealFairness(deal, verdict),
    "✓ Verified by this page: the game ended at its deal, before anything was dealt. Blue sealed a nonce and never opened it, and the game was aborted. Checked here: the seed against the commitment published when the game started, every nonce opened against its seal. Nothing proves the players' seals were their own: they are not signed, so the server could have made them.",
  );
});

test("each link of an aborted deal broken is named in the engine's words", async () => {
  assert.equal(
    await broken((deal) => (deal.version = 2)),
    "fairness version 2 is not supported (this engine derives version 1)",
  );
  assert.equal(
    await broken((deal) => delete deal.version),
    "fairness version undefined is not supported (this engine derives version 1)",
  );
  for (const other of ["02" + "00".repeat(31), "not a seed", null]) {
    assert.equal(
      await broken((deal) => (deal.seed = other)),
      "the seed does not match the commitment published when the game started",
      String(other),
    );
  }
  assert.equal(
    await broken((deal) => (deal.commitment = commitmentOf(freshNonce()))),
    "the seed does not match the commitment published when the game started",
  );
  // An opening with no seal, for either seat (Yellow's found first).
  assert.equal(await broken((deal) => (deal.seals.yellow = null)), "the deal: Yellow's opening has no seal");
  assert.equal(
    await broken((deal) => (deal.seals.blue = null), refusedAgainstABot),
    "the deal: Blue's opening has no seal",
  );
  // A refusal of a seal never made, or of a nonce opened.
  assert.equal(
    await broken((deal) => (deal.seals.blue = null)),
    "the deal: Blue is recorded as refusing to open a seal it never made",
  );
  assert.equal(
    await broken((deal) => (deal.nonces.blue = blueNonce)),
    "the deal: Blue is recorded as refusing to open its nonce, but its opening is in the record",
  );
  assert.equal(
    await broken((deal) => (deal.refused.yellow = true)),
    "the deal: Yellow is recorded as refusing to open its nonce, but its opening is in the record",
  );
  // An opening that does not open its seal: another nonce, another seal,
  // the other seat's, or no nonce at all.
  for (const [what, change] of /** @type {[string, (deal: any) => void][]} */ ([
    ["another nonce", (deal) => (deal.nonces.yellow = freshNonce())],
    ["another seal", (deal) => (deal.seals.yellow = "00".repeat(32))],
    ["Blue's seal", (deal) => (deal.seals.yellow = deal.seals.blue)],
    ["a nonce too short", (deal) => (deal.nonces.yellow = "ab")],
  ])) {
    assert.equal(await broken(change), "the deal: Yellow's opening (assignment and nonce) does not match its seal", what);
  }
  // A server's nonce that opens its seal but is not the one the seed gives.
  assert.equal(
    await broken((deal) => {
      const other = freshNonce();
      deal.nonces.blue = other;
      deal.seals.blue = sealOf(commitment, 0, "blue", NOTHING, other);
    }, refusedAgainstABot),
    "the deal: the server made Blue's move, but not with the nonce its committed seed gives",
  );
  // A player's nonce said to be the server's: not the seed's.
  assert.equal(
    await broken((deal) => (deal.by_server.yellow = true)),
    "the deal: the server made Yellow's move, but not with the nonce its committed seed gives",
  );
  // A move said to be the player's, not signed with its key.
  const unsigned = (/** @type {string} */ name) =>
    `the deal: ${name}'s move is recorded as ${name}'s own, but it is not signed with ${name}'s key (a move without its player's signature is the server's)`;
  assert.equal(await broken((deal) => (deal.signatures.yellow = null)), unsigned("Yellow"));
  assert.equal(await broken((deal) => delete deal.signatures.blue), unsigned("Blue"));
  assert.equal(await broken((deal) => delete deal.signatures), unsigned("Yellow"));
  // A sealed nonce never opened is signed too.
  assert.equal(await broken((deal) => (deal.signatures.yellow = null), refusedAgainstABot), unsigned("Yellow"));
  // The server's nonce, said to be a player's (with a key or without):
  // nobody but the server knew its seed.
  const claimed = "the deal: Blue's move is recorded as Blue's own, but its nonce is the one the server's committed seed gives for Blue in that round: the server made it";
  assert.equal(
    await broken((deal) => {
      deal.by_server.blue = false;
      deal.keys.blue = keys.blue.hex;
    }, refusedAgainstABot),
    claimed,
  );
  assert.equal(await broken((deal) => (deal.by_server.blue = false), refusedAgainstABot), claimed);
  // A signature where nothing may sign: a seat without a key, a nonce the server made.
  assert.equal(
    await broken((deal) => (deal.keys.blue = null)),
    "the deal: Blue's move carries a signature, but Blue announced no key to check it with",
  );
  assert.equal(
    await broken((deal) => (deal.signatures.blue = signatures.blue), refusedAgainstABot),
    "the deal: the server made Blue's move, yet the record gives it Blue's signature",
  );
  // A signature that is not its player's of its seal.
  const mismatch = (/** @type {string} */ name) => `the deal: ${name}'s signature does not match ${name}'s seal and key`;
  for (const at of [0, 63]) {
    assert.equal(
      await broken((deal) => {
        const bytes = fromHex(deal.signatures.blue, 64);
        bytes[at] ^= 1;
        deal.signatures.blue = toHex(bytes);
      }),
      mismatch("Blue"),
      `byte ${at}`,
    );
  }
  assert.equal(await broken((deal) => (deal.signatures.blue = "ab")), mismatch("Blue"));
  assert.equal(await broken((deal) => (deal.signatures.yellow = deal.signatures.blue)), mismatch("Yellow"));
  assert.equal(await broken((deal) => (deal.keys.blue = keys.other.hex)), mismatch("Blue"));
  assert.equal(
    await broken((deal) => (deal.keys = { yellow: keys.blue.hex, blue: keys.yellow.hex })),
    mismatch("Yellow"),
  );
  // A key of small order "verifies" a signature anyone can forge: refused.
  assert.equal(
    await broken((deal) => {
      deal.keys.yellow = "01" + "00".repeat(31);
      deal.signatures.yellow = "01" + "00".repeat(63);
    }),
    mismatch("Yellow"),
  );
  assert.equal(
    await broken((deal) => (deal.keys.blue = "zz".repeat(32))),
    "Blue's key is not an Ed25519 public key (64 hexadecimal digits)",
  );
  // The first broken link is named: Yellow's before Blue's, a seal's opening
  // before its signature.
  assert.equal(
    await broken((deal) => {
      deal.signatures.yellow = null;
      deal.nonces.blue = blueNonce;
    }),
    unsigned("Yellow"),
  );
  assert.equal(
    await broken((deal) => {
      deal.signatures.yellow = null;
      deal.nonces.yellow = freshNonce();
    }),
    "the deal: Yellow's opening (assignment and nonce) does not match its seal",
  );
});

/** Nobody scored. */
const NOTHING_SCORED = { yellow: { pips: 0, pieces: 0, double_six: false }, blue: { pips: 0, pieces: 0, double_six: false } };

/**
 * The server's answer for a deal: its result, aborted by `seat` (null:
 * both) for `cause`, won by nobody.
 * @param {any} deal @param {"yellow" | "blue" | null} seat @param {string} cause
 */
const answer = (deal, seat, cause) => ({
  aborted_deal: deal,
  result: { winner: null, score: structuredClone(NOTHING_SCORED), ending: { kind: "aborted", seat, cause } },
  missed_deadline_limit: 3,
});

/** The first broken link of an answer changed by `change`. @param {any} given @param {(game: any) => void} change */
async function brokenAnswer(given, change) {
  change(given);
  return (await checkAbortedDeal(given.aborted_deal, given)).broken;
}

test("a leave at the deal is held against the deal and the leaver's key", async () => {
  // Blue sealed, then left before opening: no refusal, Blue's signed leave.
  const leftByBlue = async () => ({ ...refusedByBlue(), refused: { yellow: false, blue: false }, left: await leave("blue", 0, keys.blue) });
  const honest = await checkAbortedDeal(await leftByBlue(), answer(await leftByBlue(), "blue", "left"));
  assert.deepEqual([honest.broken, honest.refused, honest.cause], [null, [], "Blue left, proven by Blue's leave, signed with Blue's key"]);
  assert.equal(
    dealFairness(await leftByBlue(), honest),
    "✓ Verified by this page: the game ended at its deal, before anything was dealt. Checked here: the seed against the commitment published when the game started, every nonce opened against its seal, every signature against its player's key. The result: Blue left, proven by Blue's leave, signed with Blue's key.",
  );
  assert.equal(
    await broken(() => {}, () => ({ ...refusedByBlue(), left: { seat: "blue", round: 1, signature: "00".repeat(64) } })),
    "Blue's leave is signed for round 1, but the record stops in the deal",
  );
  const signedBy = async (/** @type {Key} */ key) => ({ ...refusedByBlue(), refused: { yellow: false, blue: false }, left: await leave("blue", 0, key) });
  assert.equal((await checkAbortedDeal(await signedBy(keys.yellow))).broken, "Blue's leave (the deal) is not signed with Blue's key");
  const keyless = await leftByBlue();
  keyless.keys.blue = null;
  keyless.signatures.blue = null;
  assert.equal((await checkAbortedDeal(keyless)).broken, "Blue's leave (the deal) is not signed with Blue's key");
  // The result must be Blue leaving; a left result by a keyed seat needs the leave.
  assert.equal(
    await brokenAnswer(answer(await leftByBlue(), "blue", "disconnected"), () => {}),
    "the record holds Blue's signed leave, but the result given says the game ended otherwise (aborted for another cause)",
  );
  const unproven = { ...refusedByBlue(), refused: { yellow: false, blue: false } };
  assert.equal(
    await brokenAnswer(answer(unproven, "blue", "left"), () => {}),
    "the result given says Blue left, but the record holds no leave signed with Blue's key: nothing proves Blue left",
  );
});

test("the result given for an aborted deal is held against it: nobody scored, nobody won, the refusers named", async () => {
  const honest = answer(refusedByBlue(), "blue", "not_opened");
  const verdict = await checkAbortedDeal(honest.aborted_deal, honest);
  assert.deepEqual(
    [verdict.broken, verdict.cause],
    [null, "that Blue did not open a sealed move in time rests on the server's word (the record shows the seal; whether the opening came in time, only the server saw)"],
  );
  // The refuser named the winner.
  assert.equal(
    await brokenAnswer(answer(refusedByBlue(), "blue", "not_opened"), (game) => (game.result.winner = "blue")),
    "the result given (Yellow 0 – Blue 0, aborted before both players had a move: Blue did not open a sealed move in time — Blue wins, not rated) is not the record's: the game ended at its deal, Blue refusing to open, and nobody winning",
  );
  // The other player blamed.
  assert.equal(
    await brokenAnswer(answer(refusedByBlue(), "yellow", "not_opened"), () => {}),
    "the result given (Yellow 0 – Blue 0, aborted before both players had a move: Yellow did not open a sealed move in time — nobody wins, not rated) is not the record's: the game ended at its deal, Blue refusing to open, and nobody winning",
  );
  // Something scored at a deal.
  assert.match(
    (await brokenAnswer(answer(refusedByBlue(), "blue", "not_opened"), (game) => (game.result.score.yellow.pips = 1))) ?? "",
    /^the result given \(Yellow 1 – Blue 0, .*\) is not the record's: the game ended at its deal, Blue refusing to open, and nobody winning$/,
  );
  // A deal both refused: aborted by both, nobody winning; a winner added is refused.
  const both = () => ({ ...refusedByBlue(), nonces: { yellow: null, blue: null }, refused: { yellow: true, blue: true } });
  assert.equal(await brokenAnswer(answer(both(), null, "not_opened"), () => {}), null);
  assert.equal(
    await brokenAnswer(answer(both(), null, "not_opened"), (game) => (game.result.winner = "yellow")),
    "the result given (Yellow 0 – Blue 0, aborted before both players had a move: both players did not open a sealed move in time — Yellow wins, not rated) is not the record's: the game ended at its deal, both refusing to open, and nobody winning",
  );
  // A game stored before aborts existed (and before answers gave the
  // server's limit): a forfeit, won by the refuser's opponent.
  const older = (/** @type {"yellow" | "blue"} */ winner) => {
    const given = answer(refusedByBlue(), "blue", "not_opened");
    given.result.ending = { kind: "forfeit", seat: "blue", cause: "not_opened" };
    given.result.winner = winner;
    delete given.missed_deadline_limit;
    return given;
  };
  assert.equal(await brokenAnswer(older("yellow"), () => {}), null);
  assert.match((await brokenAnswer(older("blue"), () => {})) ?? "", /^the result given \(Yellow 0 – Blue 0, Blue wins: Blue did not open a sealed move in time\) is not the record's/);
  // Missed deadlines at the deal: the one who missed has no seal in it.
  const silent = () => ({ ...refusedByBlue(), seals: { ...seals, blue: null }, signatures: { ...signatures, blue: null }, refused: { yellow: false, blue: false } });
  const missed = await checkAbortedDeal(silent(), answer(silent(), "blue", "missed_deadlines"));
  assert.deepEqual([missed.broken, missed.cause], [null, "Blue sealed no deal nonce in time, proven by the record (it holds no seal of Blue's)"]);
  assert.equal(
    await brokenAnswer(answer(silent(), "yellow", "missed_deadlines"), () => {}),
    "the result given says Yellow did not seal a deal nonce in time, but the record holds Yellow's seal",
  );
});

test("the page says what it verified of an aborted deal, or NOT FAIR", async () => {
  const deal = refusedByBlue();
  assert.equal(
    dealFairness(deal, await checkAbortedDeal(deal)),
    "✓ Verified by this page: the game ended at its deal, before anything was dealt. Blue sealed a nonce and never opened it, and the game was aborted. Checked here: the seed against the commitment published when the game started, every nonce opened against its seal, every signature against its player's key.",
  );
  const bot = refusedAgainstABot();
  assert.equal(
    dealFairness(bot, await checkAbortedDeal(bot)),
    "✓ Verified by this page: the game ended at its deal, before anything was dealt. Yellow sealed a nonce and never opened it, and the game was aborted. Checked here: the seed against the commitment published when the game started, every nonce opened against its seal, every signature against its player's key. The server made Blue's nonce itself (a bot's, or at the deal's deadline).",
  );
  deal.nonces.yellow = freshNonce();
  assert.equal(
    dealFairness(deal, await checkAbortedDeal(deal)),
    "NOT FAIR: the deal: Yellow's opening (assignment and nonce) does not match its seal",
  );
});

test("an aborted deal is held against what the page saw", () => {
  const deal = refusedByBlue();
  /** @type {import("../src/fair.js").Sealing} */
  const seen = {
    game: 1,
    commitment,
    seat: "yellow",
    pending: null,
    own: [{ round: 0, assignment: NOTHING, nonce: yellowNonce }],
    seals: { 0: { ...seals } },
    sealed: [0],
    revealed: 0,
    conflict: null,
    key: keys.yellow.hex,
    keys: { yellow: keys.yellow.hex, blue: keys.blue.hex },
    signatures: { 0: { ...signatures } },
  };
  assert.equal(checkDealAgainstWhatWasSeen(deal, seen), null);
  assert.equal(checkDealAgainstWhatWasSeen(deal, null), null);
  assert.equal(checkDealAgainstWhatWasSeen(deal, { ...seen, conflict: "a seal changed" }), "a seal changed");
  assert.equal(
    checkDealAgainstWhatWasSeen(deal, { ...seen, commitment: commitmentOf(freshNonce()) }),
    "the record's commitment is not the one published when the game started",
  );
  // A game the page saw dealt and played did not end at its deal.
  assert.equal(
    checkDealAgainstWhatWasSeen(deal, { ...seen, seals: { ...seen.seals, 1: { ...seals } } }),
    "round 1 was sealed in play but is missing from the record",
  );
  assert.equal(
    checkDealAgainstWhatWasSeen(deal, { ...seen, revealed: 1 }),
    "round 1 was revealed in play but is missing from the record",
  );
  assert.equal(
    checkDealAgainstWhatWasSeen({ ...deal, seals: { ...seals, blue: "00".repeat(32) } }, seen),
    "blue's seal of the deal is not the one published before the moves were opened",
  );
  assert.equal(
    checkDealAgainstWhatWasSeen({ ...deal, signatures: { ...signatures, blue: null } }, seen),
    "Blue's signature of the deal is not the one published with the seal",
  );
  assert.equal(
    checkDealAgainstWhatWasSeen({ ...deal, keys: { ...deal.keys, blue: keys.other.hex } }, seen),
    "Blue's key in the record is not the one announced when the game started",
  );
  const other = { yellow: keys.other.hex, blue: keys.blue.hex };
  assert.equal(
    checkDealAgainstWhatWasSeen({ ...deal, keys: other }, { ...seen, keys: other }),
    "the record does not give your seat the key this browser signed your moves with",
  );
  assert.equal(
    checkDealAgainstWhatWasSeen({ ...deal, nonces: { ...deal.nonces, yellow: freshNonce() } }, seen),
    "the deal: the record does not hold the move you opened",
  );
  // An opening the record lacks is the server's word against the page's,
  // not a broken link (it may have come too late).
  const refused = { ...deal, nonces: { yellow: null, blue: null }, refused: { yellow: true, blue: true } };
  assert.equal(checkDealAgainstWhatWasSeen(refused, seen), null);
});

test("a page without Ed25519 (plain HTTP) checks all but the signatures of an aborted deal, and says so", async () => {
  const real = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  // A page served over plain HTTP: `crypto` without `subtle`.
  Object.defineProperty(globalThis, "crypto", { value: { getRandomValues: crypto.getRandomValues.bind(crypto) }, configurable: true });
  try {
    const plain = await import("../src/verify.js?plain-http-deal");
    const deal = refusedByBlue();
    const verdict = await plain.checkAbortedDeal(deal);
    assert.deepEqual([verdict.broken, verdict.signed, verdict.checked], [null, ["yellow", "blue"], false]);
    assert.match(dealFairness(deal, verdict), /This page could not check the signatures \(that takes HTTPS and a recent browser\)/);
    // A signature missing is seen without Ed25519; a wrong one is not.
    assert.equal((await plain.checkAbortedDeal({ ...deal, signatures: { ...signatures, blue: "ab" } })).broken, null);
    deal.signatures.yellow = null;
    assert.match((await plain.checkAbortedDeal(deal)).broken ?? "", /^the deal: Yellow's move is recorded as Yellow's own, but it is not signed/);
  } finally {
    Object.defineProperty(globalThis, "crypto", /** @type {PropertyDescriptor} */ (real));
  }
});

test("issue 59: a deal aborted is no forfeit, one player's leave no abort by both, and it moves no rating", async () => {
  // Refused, made a forfeit: aborts came with the answer's limit.
  const lost = answer(refusedByBlue(), "blue", "not_opened");
  lost.result.ending = { kind: "forfeit", seat: "blue", cause: "not_opened" };
  lost.result.winner = "yellow";
  assert.equal(
    await brokenAnswer(lost, () => {}),
    "the result given (Yellow 0 – Blue 0, Yellow wins: Blue did not open a sealed move in time) says Blue forfeited at the deal, but a game that ends before both players have had a move is aborted, and nobody wins it",
  );
  // Left, made a forfeit: refused even without the limit (leaves came with aborts).
  const leftByBlue = async () => ({ ...refusedByBlue(), refused: { yellow: false, blue: false }, left: await leave("blue", 0, keys.blue) });
  const leftLost = answer(await leftByBlue(), "blue", "left");
  leftLost.result.ending = { kind: "forfeit", seat: "blue", cause: "left" };
  leftLost.result.winner = "yellow";
  assert.match(
    (await brokenAnswer(leftLost, (game) => delete game.missed_deadline_limit)) ?? "",
    /says Blue forfeited at the deal, but a game that ends before both players have had a move is aborted/,
  );
  // Blue's signed leave said to be an abort by both.
  assert.equal(
    await brokenAnswer(answer(await leftByBlue(), null, "left"), () => {}),
    "the result given says Yellow left, but the record holds no leave signed with Yellow's key: nothing proves Yellow left",
  );
  // Given ratings.
  const change = { rating: 1500, deviation: 350, volatility: 0.06, games: 0, provisional: true };
  assert.equal(
    await brokenAnswer(answer(refusedByBlue(), "blue", "not_opened"), (game) => {
      game.rated = { pool: "standard", keys: { yellow: keys.yellow.hex, blue: keys.blue.hex }, ratings: { yellow: { before: change, after: change }, blue: { before: change, after: change } } };
    }),
    "the game is said to have moved its players' ratings, but it was aborted before both players had a move: such a game is never rated",
  );
  assert.equal(
    await brokenAnswer(answer(refusedByBlue(), "blue", "not_opened"), (game) => (game.missed_deadline_limit = 0)),
    "the answer says the server makes a player forfeit after 0 missed deadlines in a row, but no server runs with a limit under 1",
  );
});
