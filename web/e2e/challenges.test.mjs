// Challenges with no browser: what the watch's events do to the model
// (challenges.js's `challengesAfter`: what waits, newest first; a new
// challenge told; how each ended said from each side; the room of one
// accepted gone to by the tab that made or accepted it, linked from
// another), a challenge's room and its banner line in English, French and
// Spanish, and the bytes a choice of whom to take challenges from signs.

import assert from "node:assert/strict";
import { test } from "node:test";

import { useWords } from "./words.mjs";

useWords();

const { challengesAfter, leftWords, noChallenges, openLine, optionsWords } = await import("../src/challenges.js");
const { saidText } = await import("../src/catalogue.js");
const { signedChallengesFrom } = await import("../src/fair.js");

const NOW = 1_764_159_000_000;
const ANN = { key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", name: "Ann" };
const BOB = { key: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", name: "Bob" };
const MATCH = { game: { reveal: "standard", boost: false, stall_limit: 100 }, deadline_ms: 60000, public: false, bot: null, record_chat: false, rated: true, first_to: 3 };

/** A challenge as the server sends it. @param {string} id @param {object} [fields] */
const challenge = (id, fields = {}) => ({ id, from: ANN, to: BOB, options: MATCH, expires_in_ms: 600_000, ...fields });

/** Bob's model once watching: two challenges wait for him, one he made waits for Ann. */
function bobs() {
  const message = {
    type: "challenges",
    waiting: [challenge("K7M2QX9PHT", { expires_in_ms: 300_000 }), challenge("M3N4P5Q6R7", { expires_in_ms: 540_000 })],
    sent: [challenge("A2B3C4D5E6", { from: BOB, to: ANN, expires_in_ms: 420_000 })],
    from: "played",
  };
  return challengesAfter(noChallenges(), { kind: "challenges", message, now: NOW }).model;
}

test("what waits comes newest first, each with the time it still waits; a new challenge goes first and is told", () => {
  const model = bobs();
  assert.equal(model.watching, true);
  assert.equal(model.from, "played");
  assert.deepEqual(
    model.open.map((shown) => [shown.challenge.id, shown.toYou, shown.until - NOW]),
    [
      ["M3N4P5Q6R7", true, 540_000],
      ["A2B3C4D5E6", false, 420_000],
      ["K7M2QX9PHT", true, 300_000],
    ],
  );
  assert.equal(leftWords(model.open[0], NOW + 1_500), "expires in 8:59");
  assert.equal(leftWords(model.open[2], NOW + 400_000), "expires in 0:00", "never below nothing");

  const after = challengesAfter(model, { kind: "challenged", challenge: challenge("Z9Y8X7W6V5"), now: NOW + 1000 });
  assert.equal(after.model.open[0].challenge.id, "Z9Y8X7W6V5");
  assert.equal(after.model.open.length, 4);
  assert.equal(after.go, null);
  assert.equal(after.told && saidText(after.told), "Ann challenges you: a match to 3, rated, 60 s a round");
  // The same challenge heard twice (two connections, a reconnection) is shown once.
  const again = challengesAfter(after.model, { kind: "challenged", challenge: challenge("Z9Y8X7W6V5"), now: NOW + 2000 });
  assert.equal(again.model.open.filter((shown) => shown.challenge.id === "Z9Y8X7W6V5").length, 1);

  // One made here: shown waiting, told nothing (the form says it).
  const sent = challengesAfter(model, { kind: "sent", challenge: challenge("S2T3U4V5W6", { from: BOB, to: ANN }), now: NOW });
  assert.equal(sent.model.open[0].toYou, false);
  assert.equal(sent.told, null);
  assert.equal(saidText(openLine(sent.model.open[0])), "Waiting for Ann's answer: a match to 3, rated, 60 s a round");
});

test("each end leaves the banner and is said from each side; an accepted one's room is gone to by this tab, or linked", () => {
  const model = bobs();
  /** @param {string} id @param {any} end @param {boolean} [here] */
  const end = (id, end, here = false) => challengesAfter(model, { kind: "ended", id, end, here });
  const cases = [
    ["K7M2QX9PHT", { kind: "declined" }, "You declined Ann's challenge."],
    ["K7M2QX9PHT", { kind: "cancelled" }, "Ann took back their challenge."],
    ["K7M2QX9PHT", { kind: "expired" }, "Ann's challenge expired."],
    ["A2B3C4D5E6", { kind: "declined" }, "Ann declined your challenge."],
    ["A2B3C4D5E6", { kind: "cancelled" }, "You took back your challenge to Ann."],
    ["A2B3C4D5E6", { kind: "expired" }, "Your challenge to Ann expired: nobody answered it in time."],
    ["A2B3C4D5E6", { kind: "accepted", code: "Q3R7T" }, "Ann accepted your challenge: room Q3R7T."],
  ];
  for (const [id, how, words] of cases) {
    const after = end(/** @type {string} */ (id), how);
    assert.equal(after.model.open.some((shown) => shown.challenge.id === id), false, `${id} gone`);
    assert.equal(after.model.open.length, 2);
    assert.equal(after.told && saidText(after.told), words);
    assert.equal(after.go, null, "another tab's: not gone to");
    assert.deepEqual(after.model.notes.map((note) => [note.id, saidText(note.said), note.code]), [[id, words, how.kind === "accepted" ? "Q3R7T" : null]]);
  }
  // Accepted in (or made from) this tab: to the room, where the seat is taken.
  const accepted = end("K7M2QX9PHT", { kind: "accepted", code: "Q3R7T" }, true);
  assert.equal(accepted.go, "/r/Q3R7T");
  assert.equal(accepted.told && saidText(accepted.told), "You accepted Ann's challenge: room Q3R7T.");
  assert.deepEqual(accepted.model.notes, []);
  // A challenge this key never had: nothing.
  const stray = end("B9C8D7E6F5", { kind: "declined" });
  assert.equal(stray.told, null);
  assert.deepEqual(stray.model, model);
  // A note read goes.
  const declined = end("K7M2QX9PHT", { kind: "declined" }).model;
  assert.deepEqual(challengesAfter(declined, { kind: "dismiss", id: "K7M2QX9PHT" }).model.notes, []);
});

test("an answer refused is said, and a challenge that waits no more leaves the banner; whom this key takes challenges from", () => {
  const model = bobs();
  const gone = challengesAfter(model, { kind: "refused", id: "K7M2QX9PHT", reason: "No challenge K7M2QX9PHT is waiting for you.", gone: true });
  assert.equal(gone.model.open.length, 2);
  assert.equal(gone.told && saidText(gone.told), "No challenge K7M2QX9PHT is waiting for you.");
  const kept = challengesAfter(model, { kind: "refused", id: "K7M2QX9PHT", reason: "Too many challenges made lately. Wait a minute.", gone: false });
  assert.equal(kept.model.open.length, 3);
  assert.equal(challengesAfter(model, { kind: "from_set", from: "nobody" }).model.from, "nobody");
});

test("a challenge's room in words, and its banner line, in English, French and Spanish", () => {
  const casual = { game: { reveal: "all_face_down", boost: true, stall_limit: 40 }, deadline_ms: 120000, rated: false };
  const single = { game: { reveal: "standard", boost: false, stall_limit: 100 }, deadline_ms: 0, rated: true };
  const unnamed = { challenge: challenge("K7M2QX9PHT", { from: { key: ANN.key, name: "" } }), until: NOW, toYou: true };
  const expected = {
    en: {
      match: "a match to 3, rated, 60 s a round",
      casual: "one game, casual, 2 min a round, every piece face down, boost, stall limit 40",
      single: "one game, rated, no time limit",
      line: "Ann challenges you: a match to 3, rated, 60 s a round",
      unnamed: "a player (d75a9801…) challenges you: a match to 3, rated, 60 s a round",
      left: "expires in 9:58",
    },
    fr: {
      match: "un match en 3 victoires, classé, 60 s par manche",
      casual: "une partie, amicale, 2 min par manche, toutes les pièces face cachée, élan, limite d’impasse 40",
      single: "une partie, classée, sans limite de temps",
      line: "Ann vous lance un défi\u202f: un match en 3 victoires, classé, 60 s par manche",
      unnamed: "un joueur (d75a9801…) vous lance un défi\u202f: un match en 3 victoires, classé, 60 s par manche",
      left: "expire dans 9:58",
    },
    es: {
      match: "un encuentro a 3 victorias, puntuado, 60 s por ronda",
      casual: "una partida, amistosa, 2 min por ronda, todas las piezas boca abajo, impulso, límite de bloqueo 40",
      single: "una partida, puntuada, sin límite de tiempo",
      line: "Ann te desafía: un encuentro a 3 victorias, puntuado, 60 s por ronda",
      unnamed: "un jugador (d75a9801…) te desafía: un encuentro a 3 victorias, puntuado, 60 s por ronda",
      left: "caduca en 9:58",
    },
  };
  try {
    for (const [language, words] of Object.entries(expected)) {
      useWords(language);
      assert.equal(optionsWords(MATCH), words.match, language);
      assert.equal(optionsWords(casual), words.casual, language);
      assert.equal(optionsWords(single), words.single, language);
      const shown = { challenge: challenge("K7M2QX9PHT"), until: NOW + 598_000, toYou: true };
      assert.equal(saidText(openLine(shown)), words.line, language);
      assert.equal(saidText(openLine(unnamed)), words.unnamed, language);
      assert.equal(leftWords(shown, NOW), words.left, language);
    }
  } finally {
    useWords();
  }
});

test("the choice of whom to take challenges from is signed as the engine's challenges_from_message lays it out", () => {
  const tag = new TextEncoder().encode("mice-cake/challenges-from/v1");
  const at = 1_764_159_000_123;
  for (const [from, byte] of /** @type {const} */ ([
    ["everyone", 0],
    ["played", 1],
    ["nobody", 2],
  ])) {
    const message = signedChallengesFrom(from, at);
    assert.equal(message.length, tag.length + 9);
    assert.deepEqual([...message.slice(0, tag.length)], [...tag]);
    assert.equal(new DataView(message.buffer, message.byteOffset).getBigUint64(tag.length), BigInt(at));
    assert.equal(message[tag.length + 8], byte);
  }
  // 1764159000123 = 0x0000019AC0120E3B, eight bytes big-endian.
  assert.deepEqual([...signedChallengesFrom("played", at).slice(tag.length, tag.length + 8)], [0x00, 0x00, 0x01, 0x9a, 0xc0, 0x12, 0x0e, 0x3b]);
});
