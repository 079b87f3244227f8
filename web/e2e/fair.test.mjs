// The browser's sealing (web/src/fair.js, web/src/sha256.js) computes what
// the engine computes: the standard's SHA-256 vectors and the engine's fixed
// vectors of engine/tests/rules/fairness.rs. No browser needed: the modules
// are plain ES modules.

import assert from "node:assert/strict";
import { test } from "node:test";

import { assignmentBytes, commitmentOf, sealOf } from "../src/fair.js";
import { sha256, toHex } from "../src/sha256.js";
import { useWords } from "./words.mjs";

useWords();

test("SHA-256 gives the standard's digests", () => {
  const digest = (/** @type {string} */ text) => toHex(sha256(new TextEncoder().encode(text)));
  assert.equal(digest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(
    digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
  // Padding across a block boundary: 55, 56 and 64 bytes.
  for (const [length, expected] of [
    [55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"],
    [56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"],
    [64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"],
  ]) {
    assert.equal(digest("a".repeat(Number(length))), expected, `${length} bytes`);
  }
});

test("commitments and seals are the engine's, byte for byte", () => {
  const seedOne = "01" + "00".repeat(31);
  const commitment = commitmentOf(seedOne);
  assert.equal(commitment, "b50404dbd89704d5e75ec6c6cb64511c8ab63bab723a854d56cc1227c6d223af");
  assert.equal(
    sealOf(commitment, 3, "blue", { mice: [1, 0, 2, 0] }, "11".repeat(32)),
    "391fa7bc7bd1d1b9963c3434369c3e70933c0ede9bb940337ce80bb7de1cf472",
  );
  assert.equal(
    sealOf(commitment, 5, "yellow", { mice: [2, 0, 0, 0], steal: "0/0" }, "22".repeat(32)),
    "a53c9939c0b7373c9a4e7557d430cb615b3d41be2899de8fef039632910ec464",
  );
  // A steal is written low half first, however it is named.
  assert.deepEqual([...assignmentBytes({ mice: [0, 0, 0, 2], steal: "6/2" })], [0, 0, 0, 2, 1, 2, 6]);
});

test("what the page saw is held against the record, a forfeit's unplayed round aside", async () => {
  const { checkAgainstWhatWasSeen } = await import("../src/fair.js");
  const seed = "01" + "00".repeat(31);
  const commitment = commitmentOf(seed);
  const seals = { yellow: "aa".repeat(32), blue: "bb".repeat(32) };
  const exchange = { seals, nonces: { yellow: "11".repeat(32), blue: "22".repeat(32) }, by_server: { yellow: false, blue: false } };
  const record = {
    seed,
    outcome: null,
    rounds: [{ round: 1, assignments: { yellow: { mice: [4, 0, 0, 0] }, blue: { mice: [0, 4, 0, 0] } } }],
    fair: { commitment, deal: exchange, rounds: [exchange] },
  };
  const seen = {
    game: 1,
    commitment,
    seat: /** @type {"yellow"} */ ("yellow"),
    pending: null,
    own: [],
    // Round 2 was sealed when the opponent forfeited: not in the record, not looked for.
    seals: { 0: seals, 1: seals, 2: { yellow: "cc".repeat(32), blue: "dd".repeat(32) } },
    revealed: 1,
    conflict: null,
  };
  assert.equal(checkAgainstWhatWasSeen(record, seen), null);
  assert.match(checkAgainstWhatWasSeen(record, { ...seen, revealed: 2 }) ?? "", /round 2 was revealed/);
  assert.match(checkAgainstWhatWasSeen({ ...record, outcome: {} }, seen) ?? "", /round 2 was sealed/);
  assert.match(checkAgainstWhatWasSeen(record, { ...seen, seals: { 1: { ...seals, blue: "ee".repeat(32) } } }) ?? "", /blue's seal of round 1/);
  assert.equal(checkAgainstWhatWasSeen(record, { ...seen, conflict: "a seal changed" }), "a seal changed");
  assert.match(checkAgainstWhatWasSeen({ ...record, seed: "02" + "00".repeat(31) }, seen) ?? "", /does not match the commitment/);
});

test("the signatures and keys the page saw are held against the record", async () => {
  const { checkAgainstWhatWasSeen } = await import("../src/fair.js");
  const seed = "01" + "00".repeat(31);
  const commitment = commitmentOf(seed);
  const seals = { yellow: "aa".repeat(32), blue: "bb".repeat(32) };
  const signatures = { yellow: "c1".repeat(64), blue: null };
  const exchange = { seals, signatures, nonces: { yellow: "11".repeat(32), blue: "22".repeat(32) }, by_server: { yellow: false, blue: true } };
  const keys = { yellow: "d1".repeat(32), blue: null };
  const record = {
    format: 3,
    seed,
    outcome: {},
    rounds: [{ round: 1, assignments: { yellow: { mice: [4, 0, 0, 0] }, blue: { mice: [0, 4, 0, 0] } } }],
    fair: { commitment, keys, deal: exchange, rounds: [exchange] },
  };
  const seen = {
    game: 1,
    commitment,
    seat: /** @type {"yellow"} */ ("yellow"),
    pending: null,
    own: [],
    seals: { 0: seals, 1: seals },
    revealed: 1,
    conflict: null,
    key: keys.yellow,
    keys,
    signatures: { 0: { yellow: signatures.yellow }, 1: { yellow: signatures.yellow } },
  };
  assert.equal(checkAgainstWhatWasSeen(record, seen), null);
  // A signature other than the one published with the seal.
  assert.equal(
    checkAgainstWhatWasSeen(record, { ...seen, signatures: { 1: { yellow: "c2".repeat(64) } } }),
    "Yellow's signature of round 1 is not the one published with the seal",
  );
  // A key put in the record that was not announced, or taken out.
  assert.equal(
    checkAgainstWhatWasSeen(record, { ...seen, keys: { ...keys, blue: "d2".repeat(32) } }),
    "Blue's key in the record is not the one announced when the game started",
  );
  assert.equal(
    checkAgainstWhatWasSeen({ ...record, fair: { ...record.fair, keys: { ...keys, blue: "d2".repeat(32) } } }, seen),
    "Blue's key in the record is not the one announced when the game started",
  );
  // This browser's own key, replaced (announced so too).
  const other = { ...keys, yellow: "d3".repeat(32) };
  assert.equal(
    checkAgainstWhatWasSeen({ ...record, fair: { ...record.fair, keys: other } }, { ...seen, keys: other }),
    "the record does not give your seat the key this browser signed your moves with",
  );
  // A record of format 2 holds no signature seen in play.
  const old = { ...record, format: 2, fair: { commitment, deal: { ...exchange, signatures: undefined }, rounds: [exchange] } };
  assert.equal(checkAgainstWhatWasSeen(old, { ...seen, keys: undefined, key: undefined }), "Yellow's signature of the deal is not the one published with the seal");
});
