// The browser's own check of a record (web/src/verify.js) computes what the
// engine computes, step by step (the vectors of docs/fairness.md, which
// engine/tests/rules/fairness.rs checks too), and names the link broken in
// a record tampered with. No browser needed: the modules are plain ES
// modules.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { ChaCha8, below, brokenLink, dealRng, diceRng, hmacSha256, serverNonce, shuffledLayout } from "../src/verify.js";
import { toHex } from "../src/sha256.js";

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

/** The record of a game the engine played (`mice-cake sim --seed 3`). */
const honest = () => JSON.parse(readFileSync(new URL("fixtures/sim-game-3.json", import.meta.url), "utf8"));

test("an honest record holds, and each tampering is named", () => {
  assert.equal(brokenLink(honest()), null);

  const die = honest();
  const attempt = die.rounds[2].attempts.find((/** @type {any} */ a) => a.dice.length > 0);
  attempt.dice[0] = (attempt.dice[0] % 6) + 1;
  assert.match(brokenLink(die) ?? "", /^round 3: .* die 1, shows/);

  const seal = honest();
  seal.fair.rounds[4].seals.blue = "00".repeat(32);
  assert.equal(brokenLink(seal), "round 5: blue's opening does not match its seal");

  const move = honest();
  const mice = move.rounds[1].assignments.yellow.mice;
  mice[0] = mice[0] === 0 ? 1 : 0;
  assert.equal(brokenLink(move), "round 2: yellow's opening does not match its seal");

  const layout = honest();
  [layout.layout[0][0], layout.layout[6][3]] = [layout.layout[6][3], layout.layout[0][0]];
  assert.equal(
    brokenLink(layout),
    "the deal is not the one the seed and both deal nonces give (row 1)",
  );

  const seed = honest();
  seed.seed = "02" + "00".repeat(31);
  assert.equal(
    brokenLink(seed),
    "the seed does not match the commitment published when the game started",
  );

  const nonce = honest();
  nonce.fair.deal.nonces.yellow = "11".repeat(32);
  assert.equal(
    brokenLink(nonce),
    "yellow's move of the deal is said to be the server's, but its nonce is not the one the seed gives",
  );
});
