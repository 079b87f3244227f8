// The room page's update, with no browser: what each event of its
// connection does to the model, and the effects it asks the page to run
// (state.js's `update`; room-effects.js runs them). Every branch the page once took
// in its connection's callback is walked here: leaving, a pairing called
// off or begun, a seat taken meanwhile, a name or a key refused, another
// tab taking over, a game's end, an opening refused for a stale view.

import assert from "node:assert/strict";
import { test } from "node:test";

import { fakePage } from "./fake_page.mjs";
import { useWords } from "./words.mjs";

useWords();

fakePage();
const { emptyModel, update: updated } = await import("../src/state.js");

/** @type {import("../src/state.js").Page} */
const player = { spectator: false, entry: "join", paired: false, now: 1_000_000, up: true, visible: true, still: false, path: "/r/ABCDE" };

/** The cues: what is told, heard, focused and timed once the page is drawn. */
const CUES = ["announce", "focus", "notify", "sound", "timer", "stop_timer"];

/**
 * The effects of one event, but the cues.
 * @param {any} model @param {any} event @param {any} page
 */
const update = (model, event, page) => updated(model, event, page).effects.filter((effect) => !CUES.includes(effect.kind));

/** A room as the server sends it. @param {object} [fields] */
const state = (fields = {}) => ({
  code: "ABCDE",
  you: "yellow",
  game: 1,
  seq: 1,
  status: "waiting",
  players: { yellow: { name: "Ann", connected: true }, blue: null },
  exchange: null,
  deadline_ms: null,
  game_ids: [],
  rematch: { yellow: false, blue: false },
  ...fields,
});

/** @param {any} message */
const message = (message) => ({ kind: /** @type {const} */ ("message"), message });

/** @param {string} code @param {string} reason */
const failed = (code, reason) => ({ kind: /** @type {const} */ ("failed"), code, reason });

test("a player's first state takes the name, asks for the spectators' lines, and follows up", () => {
  const model = emptyModel();
  const effects = update(model, message({ type: "joined", state: state() }), player);
  assert.deepEqual(effects, [
    { kind: "keep_name" },
    { kind: "send", message: { type: "spectator_chat", show: true } },
  ]);
  assert.equal(model.room?.code, "ABCDE");
});

test("a spectator keeps no name and asks for no lines", () => {
  const model = emptyModel();
  const effects = update(model, message({ type: "joined", state: state({ you: null }) }), { ...player, spectator: true, entry: "watch" });
  assert.deepEqual(effects, []);
  assert.equal(model.room?.you, null);
});

test("the server saying `left` takes the page home, whatever else", () => {
  const model = emptyModel();
  assert.deepEqual(update(model, message({ type: "left" }), player), [{ kind: "go", path: "/" }]);
  assert.equal(model.room, null);
});

test("a pairing called off sends the page back to seek, said in the page's words whatever the server's", () => {
  const paired = { ...player, paired: true };
  const noShow = "Your opponent did not take their seat and seal the deal in time: you are back at the head of the queue.";
  assert.deepEqual(update(emptyModel(), message({ type: "unpaired", reason: "Bob did not come", requeued: true }), paired), [
    { kind: "unpaired", reason: noShow, requeued: true },
  ]);
  // An older server's, without `requeued`: the search always went on.
  assert.deepEqual(update(emptyModel(), message({ type: "unpaired" }), paired), [{ kind: "unpaired", reason: noShow, requeued: true }]);
  // Its room gone when the seat is taken back: called off too.
  assert.deepEqual(update(emptyModel(), failed("unknown_room", ""), paired), [
    { kind: "unpaired", reason: "Your opponent did not come.", requeued: true },
  ]);
  assert.deepEqual(update(emptyModel(), failed("bad_token", "no such seat"), paired), [
    { kind: "unpaired", reason: "no such seat", requeued: true },
  ]);
});

test("an arena game's room gone as the page comes back sends it back to the arena", () => {
  const inArena = { ...player, arena: "K7M2QX9P" };
  for (const code of ["bad_token", "unknown_room"]) {
    assert.deepEqual(update(emptyModel(), failed(code, "gone"), inArena), [
      { kind: "back_to_arena", arena: "K7M2QX9P", after_ms: 0 },
    ]);
  }
});

test("a pairing called off because this tab never sealed its deal ends the search", () => {
  const paired = { ...player, paired: true };
  const reason = "you did not seal your deal within 10s while your opponent did; your place in the queue is lost";
  assert.deepEqual(update(emptyModel(), message({ type: "unpaired", reason, requeued: false }), paired), [
    { kind: "unpaired", reason: "You did not seal your deal in time while your opponent did: your place in the queue is lost.", requeued: false },
  ]);
});

test("a pairing is forgotten once its game is past its deal, not before", () => {
  const paired = { ...player, paired: true };
  const forgets = (/** @type {any} */ event) => update(emptyModel(), event, paired).some((effect) => effect.kind === "forget_pairing");
  assert.ok(!forgets(message({ type: "state", state: state() })));
  // The deal under way: the room may still call the pairing off.
  const exchange = (/** @type {number} */ round) => ({ round, commitment: "00", seals: { yellow: null, blue: null }, opened: { yellow: false, blue: false } });
  assert.ok(!forgets(message({ type: "state", state: state({ status: "playing", exchange: exchange(0) }) })));
  assert.ok(forgets(message({ type: "state", state: state({ status: "playing", exchange: exchange(1) }) })));
  assert.ok(forgets(message({ type: "state", state: state({ status: "finished" }) })));
  assert.ok(forgets(message({ type: "event", seq: 2, event: { kind: "round_started", round: 1, deadline_ms: null, choices: null } })));
});

test("a page not made by a pairing ignores an `unpaired` meant for another tab's", () => {
  const effects = update(emptyModel(), message({ type: "unpaired", reason: "gone" }), player);
  assert.deepEqual(effects, []);
});

test("both seats taken while joining: the page watches instead; while watching, it says why it failed", () => {
  assert.deepEqual(update(emptyModel(), failed("room_full", "the room is full"), player), [{ kind: "watch_instead" }]);
  const watching = emptyModel();
  assert.deepEqual(update(watching, failed("room_full", "the room is full"), { ...player, entry: "watch" }), []);
  assert.equal(watching.link, "failed");
  assert.equal(watching.notice, "the room is full");
});

test("a name or a missing key refused asks again, with the server's words", () => {
  assert.deepEqual(update(emptyModel(), failed("bad_name", "names are at most 32 characters"), player), [
    { kind: "ask_name", reason: "names are at most 32 characters" },
  ]);
  assert.deepEqual(update(emptyModel(), failed("key_required", "rated rooms need a key"), player), [
    { kind: "key_required", reason: "rated rooms need a key" },
  ]);
});

test("another tab taking the seat leaves this one quiet, not failed", () => {
  const model = emptyModel();
  model.notice = "Your move: round 3.";
  assert.deepEqual(update(model, failed("replaced", "another tab took this seat"), player), []);
  assert.equal(model.replaced, true);
  assert.equal(model.notice, "");
  assert.notEqual(model.link, "failed");
});

test("a game's end with its id asks for the game to be checked", () => {
  const model = emptyModel();
  update(model, message({ type: "joined", state: state({ status: "playing" }) }), player);
  const gameOver = { kind: "game_over", game_id: "0198c0de-0000-7000-8000-000000000000", result: { winner: "yellow", score: { yellow: { pips: 10 }, blue: { pips: 5 } }, ending: { kind: "score" } } };
  const effects = update(model, message({ type: "event", seq: 2, event: gameOver }), player);
  assert.deepEqual(effects, [{ kind: "check_game", id: gameOver.game_id, commitment: "", seen: null }]);
  assert.equal(model.fairness, "Checking that the game was fair…");
});

test("an opening refused for a stale view is not shown: the state asked for will say all", () => {
  const model = emptyModel();
  const hex = (/** @type {string} */ digit) => digit.repeat(64);
  const both = { round: 1, commitment: hex("0"), seals: { yellow: hex("a"), blue: hex("b") }, opened: { yellow: false, blue: false }, by_server: { yellow: false, blue: false } };
  update(model, message({ type: "joined", state: state({ status: "playing", exchange: both }) }), player);
  // This page sent its opening of round 1: a `wrong_phase` asks for the state, unshown.
  model.sealing = { game: 1, commitment: hex("0"), seat: "yellow", pending: { round: 1, assignment: { mice: [1, 0, 0, 0] }, nonce: hex("1"), sent: true }, own: [], seals: {} };
  const notice = model.notice;
  const effects = update(model, message({ type: "error", code: "wrong_phase", message: "not now" }), player);
  assert.deepEqual(effects.filter((effect) => effect.kind === "send"), [{ kind: "send", message: { type: "sync" } }]);
  assert.equal(model.sealing?.pending?.refusals, 1);
  assert.equal(model.notice, notice);
  // An opening never sent: the error is the player's to read.
  const other = emptyModel();
  update(other, message({ type: "error", code: "wrong_phase", message: "not now", args: { reason: "no_move_expected" } }), player);
  assert.equal(other.notice, "No move is expected now.");
});

test("the link's status is the model's, with nothing to do", () => {
  const model = emptyModel();
  assert.deepEqual(updated(model, { kind: "status", status: "reconnecting" }, player), { effects: [], draw: "page" });
  assert.equal(model.link, "reconnecting");
});

// Issue 60: a join refused (the server did not take the player back in the
// arena) left the tab not playing, and the arena page, back from the game,
// only watched: never paired again. A refusal answers one join; the tab
// still plays, and joins again as its game ends and it comes back.
test("an arena join refused once is made again when the arena's game is over", async () => {
  const { joinsAgain, keptAfter } = await import("../src/arena-link.js");
  /** @type {import("../src/arena-link.js").ArenaPlay} */
  const playing = { arena: "K7M2QX9P", name: "Ann", joinCode: null, playing: true, code: "ABCDE" };
  const refused = keptAfter(playing, { kind: "refused", code: "arena_refused", reason: "you are in a room of another game: leave it first" });
  assert.equal(refused?.playing, true, "a refusal stops nothing");
  // The game ends: back to the arena page, which joins again.
  const inArena = { ...player, arena: "K7M2QX9P" };
  const over = { kind: "game_over", result: { winner: "yellow" }, game_id: null, seed: "00" };
  assert.deepEqual(
    update(emptyModel(), message({ type: "event", seq: 9, event: over }), inArena).filter((effect) => effect.kind === "back_to_arena"),
    [{ kind: "back_to_arena", arena: "K7M2QX9P", after_ms: 6000 }],
  );
  assert.equal(joinsAgain(refused, "K7M2QX9P"), true, "back from the game, the page joins again");
  // The player's pause, the server's, or the arena's end stop it.
  assert.equal(joinsAgain(keptAfter(playing, { kind: "paused", reason: "you paused: join again to be paired" }), "K7M2QX9P"), false);
  assert.equal(joinsAgain(keptAfter(playing, { kind: "update", arena: { status: "finished" } }), "K7M2QX9P"), false);
  assert.equal(joinsAgain(refused, "ZZZZZZZZ"), false, "another arena's page does not join");
});

test("events sent together reach the page one by one, numbered in order, and the last is the one to resume from", async () => {
  const { Connection, oneByOne } = await import("../src/net.js");
  /** @type {any[]} */
  const reported = [];
  // A connection already in its room, without a socket: only what it
  // makes of a frame is looked at.
  const connection = Object.assign(Object.create(Connection.prototype), {
    lastSeq: 6,
    entered: true,
    gameEnded: false,
    pending: [],
    report: (/** @type {any} */ event) => reported.push(event),
  });
  const gameOver = { kind: "game_over", result: { winner: "yellow" }, game_id: null, seed: "00" };
  connection.received(JSON.stringify({ type: "events", seq: 7, events: [{ kind: "rematch_requested", seat: "blue" }, gameOver] }));
  assert.deepEqual(
    reported.map((event) => [event.kind, event.message.type, event.message.seq, event.message.event.kind]),
    [
      ["message", "event", 7, "rematch_requested"],
      ["message", "event", 8, "game_over"],
    ],
  );
  assert.equal(connection.lastSeq, 8);
  assert.equal(connection.gameEnded, true);
  // Any other message is handled as it is.
  assert.deepEqual(oneByOne({ type: "left", code: "ABCDE" }), [{ type: "left", code: "ABCDE" }]);
});
