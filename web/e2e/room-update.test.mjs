// The room page's update is pure (state.js): with no page at all — the
// storage, the document, the timers and the entropy made to throw if
// touched — the same model and event give the same model and effects, and
// what the page stores, tells, draws at random or sends comes out as
// effects: a key placing a mouse, a move committed (a nonce asked for,
// then the seal stored, signed and sent), a chat line, a check's verdict.

import assert from "node:assert/strict";
import { test } from "node:test";
import { useWords } from "./words.mjs";

useWords();

for (const name of ["localStorage", "sessionStorage", "document", "window", "location", "history", "fetch", "setInterval", "crypto"]) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      throw new Error(`update touched ${name}`);
    },
  });
}

const { emptyModel, update } = await import("../src/state.js");
const { deciding } = await import("../src/moves.js");
const { yourMove } = await import("../src/seals.js");

/** @type {import("../src/state.js").Page} */
const page = { spectator: false, entry: "join", paired: false, now: 5_000_000, up: true, visible: true, still: false, path: "/r/ABCDE" };

const hex = (/** @type {string} */ digit) => digit.repeat(64);

/** A room in round 1, Yellow (this page) to move, every column a piece. */
function playing() {
  const model = emptyModel();
  const choices = { mice: 3, forced: null, steal_targets: [], columns: [0, 1, 2, 3].map(() => ({ access: "piece", piece: "3/4" })) };
  const state = {
    code: "ABCDE",
    you: "yellow",
    game: 1,
    seq: 1,
    status: "playing",
    players: { yellow: { name: "Ann", connected: true }, blue: { name: "Bob", connected: true } },
    view: { round: 1, board: [], families: {} },
    exchange: { round: 1, commitment: hex("0"), seals: { yellow: null, blue: null }, opened: { yellow: false, blue: false }, by_server: { yellow: false, blue: false } },
    choices: { yellow: choices, blue: choices },
    committed: { yellow: false, blue: false },
    deadline_ms: null,
    game_ids: [],
    rematch: { yellow: false, blue: false },
    options: { game: { reveal: "standard", boost: false } },
    result: null,
  };
  update(model, { kind: "message", message: { type: "joined", state } }, page);
  return model;
}

/** @param {any[]} effects @param {string} kind */
const ofKind = (effects, kind) => effects.filter((effect) => effect.kind === kind);

test("the same model and event give the same model and effects", () => {
  const events = [
    { kind: "key", key: "ArrowUp", on: "page" },
    { kind: "tap", column: 2 },
    { kind: "chat_send", text: "hello" },
    { kind: "message", message: { type: "chat", channel: "players", seat: "blue", name: "Bob", text: "hi" } },
    { kind: "message", message: { type: "event", seq: 2, event: { kind: "sealed", seat: "blue", round: 1, seal: hex("b"), by_server: false } } },
    { kind: "tick" },
  ];
  for (const event of events) {
    const one = playing();
    const two = structuredClone(one);
    const first = update(one, /** @type {any} */ (event), page);
    const second = update(two, /** @type {any} */ (event), page);
    assert.deepEqual(first, second, event.kind);
    assert.deepEqual(one, two, event.kind);
  }
});

test("a key places a mouse: the model changes, the key is the page's, the page is drawn", () => {
  const model = playing();
  const { effects, draw } = update(model, { kind: "key", key: "ArrowUp", on: "page" }, page);
  assert.deepEqual(model.mice, [1, 0, 0, 0]);
  assert.deepEqual(effects, [{ kind: "prevent_default" }]);
  assert.equal(draw, "page");
  // In a text field, the same key is the field's.
  assert.deepEqual(update(model, { kind: "key", key: "ArrowUp", on: "field" }, page), { effects: [], draw: "none" });
  assert.deepEqual(model.mice, [1, 0, 0, 0]);
});

test("Enter before every available mouse is placed seals nothing: such a move could never be opened", () => {
  const model = playing();
  update(model, { kind: "tap", column: 0 }, page);
  const early = update(model, { kind: "key", key: "Enter", on: "page" }, page);
  assert.deepEqual(ofKind(early.effects, "draw_nonce"), [], "no nonce drawn, nothing sealed");
  assert.equal(model.notice, "Place every available mouse first: 1 of 3 placed.");
  assert.equal(model.sealing?.pending ?? null, null);
  // With every mouse placed, Enter seals.
  for (let mouse = 0; mouse < 2; mouse += 1) update(model, { kind: "tap", column: 1 }, page);
  const ready = update(model, { kind: "key", key: "Enter", on: "page" }, page);
  assert.equal(ofKind(ready.effects, "draw_nonce").length, 1);
});

test("a move committed asks for a nonce; sealed with it, it is stored, then signed, then sent", () => {
  const model = playing();
  for (let mouse = 0; mouse < 3; mouse += 1) update(model, { kind: "tap", column: 0 }, page);
  const committed = update(model, { kind: "key", key: "Enter", on: "page" }, page);
  assert.deepEqual(ofKind(committed.effects, "draw_nonce"), [{ kind: "draw_nonce", round: 1, assignment: { mice: [3, 0, 0, 0], steal: null } }]);
  assert.equal(model.notice, "Sealing…");
  // Entropy is the page's: the nonce comes back as an event.
  const sealed = update(model, { kind: "nonce", round: 1, assignment: { mice: [3, 0, 0, 0], steal: null }, nonce: hex("1") }, page);
  const kinds = sealed.effects.map((effect) => effect.kind);
  assert.deepEqual(kinds, ["store_sealing", "sign_seal"], "stored before anything else");
  const stored = /** @type {any} */ (sealed.effects[0]);
  assert.equal(stored.code, "ABCDE");
  assert.deepEqual(stored.sealing.pending.assignment, { mice: [3, 0, 0, 0], steal: null });
  const signing = /** @type {any} */ (sealed.effects[1]);
  // A second Enter seals nothing more.
  const again = update(model, { kind: "key", key: "Enter", on: "page" }, page);
  assert.deepEqual(ofKind(again.effects, "draw_nonce"), []);
  // Signed (this browser's key is the seat's): the signature kept, the seal sent.
  const signed = update(model, { kind: "seal_signed", code: "ABCDE", game: 1, round: 1, seal: signing.seal, seatKey: null, signed: null }, page);
  assert.deepEqual(signed.effects.map((effect) => effect.kind), ["store_sealing", "send"]);
  assert.deepEqual(/** @type {any} */ (signed.effects[1]).message, { type: "seal", round: 1, seal: signing.seal });
});

/** Seals three mice in column A for round 1 with nonce 1…1; returns the seal sent and the effects that sent it. @param {any} model */
function sealThree(model) {
  for (let mouse = 0; mouse < 3; mouse += 1) update(model, { kind: "tap", column: 0 }, page);
  update(model, { kind: "key", key: "Enter", on: "page" }, page);
  const sealed = update(model, { kind: "nonce", round: 1, assignment: { mice: [3, 0, 0, 0], steal: null }, nonce: hex("1") }, page);
  const signing = /** @type {any} */ (ofKind(sealed.effects, "sign_seal")[0]);
  const signed = update(model, { kind: "seal_signed", code: "ABCDE", game: 1, round: 1, seal: signing.seal, seatKey: null, signed: null }, page);
  return { seal: signing.seal, effects: signed.effects };
}

/** @param {any} model @param {number} seq @param {string} seat @param {string} seal */
const sealedEvent = (model, seq, seat, seal) =>
  update(model, { kind: "message", message: { type: "event", seq, event: { kind: "sealed", round: 1, seat, seal, by_server: false, signature: null } } }, page);

/** @param {any[]} effects */
const openings = (effects) => ofKind(effects, "send").filter((effect) => effect.message.type === "open");

// Protocol 13: the server sends a player its own `sealed` with what follows
// it, so the page opens once its seal is sent and the other's is in.
test("a move is opened once its seal is sent and the other's is in, without waiting for its own", () => {
  // Sealed second: the opening goes right behind the seal.
  const second = playing();
  sealedEvent(second, 2, "blue", hex("b"));
  const { effects } = sealThree(second);
  assert.deepEqual(ofKind(effects, "send").map((effect) => effect.message.type), ["seal", "open"]);
  assert.deepEqual(openings(effects)[0].message, { type: "open", round: 1, assignment: { mice: [3, 0, 0, 0], steal: null }, nonce: hex("1") });
  // Sealed first: it opens as the other's seal comes, and once only.
  const first = playing();
  const { seal, effects: sent } = sealThree(first);
  assert.deepEqual(openings(sent), []);
  const theirs = sealedEvent(first, 2, "blue", hex("b"));
  assert.equal(openings(theirs.effects).length, 1);
  update(first, { kind: "opened", game: 1, round: 1 }, page);
  const own = sealedEvent(first, 3, "yellow", seal);
  assert.deepEqual(openings(own.effects), []);
  // A seal shown that is not this page's is never opened.
  const other = playing();
  sealThree(other);
  sealedEvent(other, 2, "yellow", hex("c"));
  assert.deepEqual(openings(sealedEvent(other, 3, "blue", hex("b")).effects), []);
});

// Protocol 13 again: the server shows a player its own seal with what
// follows it, up to 250 ms later; the page takes the move as made at once.
test("a move sealed here is no more to decide and is shown as made, before the server shows it", () => {
  const model = playing();
  assert.ok(deciding(model));
  for (let mouse = 0; mouse < 3; mouse += 1) update(model, { kind: "tap", column: 0 }, page);
  update(model, { kind: "key", key: "Enter", on: "page" }, page);
  assert.equal(deciding(model), false, "its nonce being drawn, the move is taken");
  assert.equal(yourMove(model), null, "nothing sealed yet to show");
  const sealed = update(model, { kind: "nonce", round: 1, assignment: { mice: [3, 0, 0, 0], steal: null }, nonce: hex("1") }, page);
  assert.equal(sealed.draw, "page", "the move sealed is drawn");
  assert.deepEqual(yourMove(model), { mice: [3, 0, 0, 0], steal: null });
  const signing = /** @type {any} */ (ofKind(sealed.effects, "sign_seal")[0]);
  update(model, { kind: "seal_signed", code: "ABCDE", game: 1, round: 1, seal: signing.seal, seatKey: null, signed: null }, page);
  assert.equal(deciding(model), false);
  assert.deepEqual(yourMove(model), { mice: [3, 0, 0, 0], steal: null });
  assert.equal(model.notice, "Sealing…", "until the server shows it");
  // A tap or a key changes nothing of a move sealed.
  update(model, { kind: "tap", column: 1 }, page);
  update(model, { kind: "key", key: "ArrowDown", on: "page" }, page);
  assert.deepEqual(model.mice, [3, 0, 0, 0]);
  sealedEvent(model, 2, "yellow", signing.seal);
  assert.equal(deciding(model), false);
  assert.deepEqual(yourMove(model), { mice: [3, 0, 0, 0], steal: null });
  assert.match(model.notice, /^Your move is sealed/);
});

test("a chat line sent is a message; one heard is told to screen readers", () => {
  const model = playing();
  model.chatDraft = "hello";
  assert.deepEqual(update(model, { kind: "chat_send", text: " hello " }, page).effects, [{ kind: "send", message: { type: "chat", text: "hello" } }]);
  assert.equal(model.chatDraft, "");
  const heard = update(model, { kind: "message", message: { type: "chat", channel: "players", seat: "blue", name: "Bob", text: "hi" } }, page);
  assert.deepEqual(ofKind(heard.effects, "announce"), [{ kind: "announce", text: "Bob (Blue) says: hi" }]);
});

test("a fairness check's verdict is the model's and is told; the choice to read the spectators is stored", () => {
  const model = playing();
  const verdict = "✓ Verified fair by this page";
  assert.deepEqual(update(model, { kind: "checked", fairness: verdict }, page), { effects: [{ kind: "announce", text: verdict }], draw: "page" });
  assert.equal(model.fairness, verdict);
  assert.deepEqual(update(model, { kind: "follow_spectators", on: true }, page).effects, [{ kind: "keep_follow", on: true }]);
  assert.equal(model.spectatorChat, true);
});

test("while a reveal plays, what is told is held, and told once its dice are down", () => {
  const model = playing();
  const attempt = { seat: "yellow", column: "A", row: 1, target: { kind: "piece", piece: "3/4" }, mice: 2, dice: [2, 3], sum: 5, value: 7, result: "too_low", exhausted: 0, contested: false };
  const report = { round: 1, attempts: [attempt], boosts: [], revealed: [], flips: [], removed: null, assignments: { yellow: { mice: [2, 0, 0, 0] }, blue: { mice: [0, 0, 0, 0] } } };
  const beats = [{ lands: { kind: "attempt", index: 0 }, changes: [], settles: [0] }];
  const revealed = update(model, { kind: "message", message: { type: "event", seq: 2, event: { kind: "revealed", report, view: { round: 1, board: [], families: {} }, auto: {}, sealed: {}, beats } } }, page);
  assert.ok(model.reveal);
  assert.equal(ofKind(revealed.effects, "announce").length, 1, "the dice roll, said; what they took, held");
  assert.deepEqual(ofKind(revealed.effects, "timer"), [{ kind: "timer", name: "reveal", every: 50 }]);
  const chat = update(model, { kind: "message", message: { type: "chat", channel: "players", seat: "blue", name: "Bob", text: "hi" } }, page);
  assert.deepEqual(ofKind(chat.effects, "announce"), []);
  // A key ends the reveal: everything held is told, in order.
  const ended = update(model, { kind: "key", key: "Shift", on: "page" }, page);
  assert.deepEqual(ended.effects, [], "a modifier ends nothing");
  const skipped = update(model, { kind: "key", key: "c", on: "page" }, page);
  assert.equal(model.reveal, null);
  assert.deepEqual(ofKind(skipped.effects, "announce").map((effect) => /** @type {any} */ (effect).text), ["Round 1: nothing taken.", "Bob (Blue) says: hi"]);
  assert.deepEqual(ofKind(skipped.effects, "stop_timer"), [{ kind: "stop_timer", name: "reveal" }]);
});
