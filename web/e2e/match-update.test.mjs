// A match on the room page, with no browser: what the match's events do to
// the model (state.js's `update`, messages.js's table) — the score taken
// from a state, a game's end and `match_ended`, the wins following the
// players to their new seats as the next game starts, the countdown to
// it, cut short when a player is ready — what screen readers are told,
// and the words of the score, the result and the rematch button
// (match-score.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { fakePage } from "./fake_page.mjs";
import { useWords } from "./words.mjs";

useWords();
fakePage();

const { emptyModel, update } = await import("../src/state.js");
const { matchResultWords, rematchWords, scoreAtStart, scoreWords } = await import("../src/match-score.js");
const { saidText } = await import("../src/catalogue.js");

const NOW = 1_000_000;
/** @type {import("../src/state.js").Page} */
const player = { spectator: false, entry: "join", paired: false, now: NOW, up: true, visible: true, still: true, path: "/r/ABCDE" };
const ID = "5f1e0c9a7b3d42e8a6c4b2d0f8e6a4c2";

/** A score as the server tells it. @param {object} [fields] */
const score = (fields = {}) => ({ id: ID, first_to: 3, number: 1, wins: { yellow: 0, blue: 0 }, end: null, games: [], next_game_ms: null, ...fields });

/** A room as the server sends it, a game of a match under way. @param {object} [fields] */
const state = (fields = {}) => ({
  code: "ABCDE",
  you: "yellow",
  game: 1,
  seq: 1,
  status: "playing",
  players: { yellow: { name: "Ann", connected: true }, blue: { name: "Bob", connected: true } },
  options: { game: { reveal: "standard", boost: false, stall_limit: 100 }, deadline_ms: null, first_to: 3 },
  exchange: null,
  deadline_ms: null,
  game_ids: [],
  rematch: { yellow: false, blue: false },
  match: score(),
  ...fields,
});

let seq = 1;
/** An event of the room, next in order. @param {any} event */
const event = (event) => ({ kind: /** @type {const} */ ("message"), message: { type: "event", seq: ++seq, event } });

/** What the live region is told. @param {{effects: any[]}} done */
const told = (done) => done.effects.filter((effect) => effect.kind === "announce").map((effect) => effect.text);

const played = (/** @type {"yellow" | "blue"} */ winner) => ({
  winner,
  score: { yellow: { pips: 90, pieces: 14, double_six: false }, blue: { pips: 60, pieces: 10, double_six: false } },
  ending: { kind: "played", end: "board_cleared", decided_by: "pips" },
});

/** A room in game 1 of a match to 3, Ann in Yellow. */
function inMatch() {
  const model = emptyModel();
  seq = 1;
  update(model, { kind: "message", message: { type: "joined", state: state() } }, player);
  return model;
}

test("a state in a match room gives the score, and the countdown between games", () => {
  const model = inMatch();
  assert.deepEqual(model.room.match.wins, { yellow: 0, blue: 0 });
  assert.equal(model.nextGame, null);
  const between = emptyModel();
  update(between, { kind: "message", message: { type: "state", state: state({ status: "finished", match: score({ wins: { yellow: 1, blue: 0 }, next_game_ms: 12_000 }) }) } }, player);
  assert.equal(between.nextGame, NOW + 12_000);
});

test("a game of a match ends: the score, the countdown, and what is told", () => {
  const model = inMatch();
  const over = score({ wins: { yellow: 1, blue: 0 }, games: ["g1"], next_game_ms: 15_000 });
  const done = update(model, event({ kind: "game_over", result: played("yellow"), game_id: null, seed: "00", match: over }), player);
  assert.deepEqual(model.room.match, over);
  assert.equal(model.nextGame, NOW + 15_000);
  assert.ok(told(done).includes("Match: Game 1 to Ann — Ann 1, Bob 0."), told(done).join(" | "));
  // Bob is ready: the pause is cut to 3 s at most; both ready, the game is due now.
  const later = { ...player, now: NOW + 2_000 };
  update(model, event({ kind: "rematch_requested", seat: "blue" }), later);
  assert.equal(model.nextGame, NOW + 5_000);
  assert.equal(model.notice, "Bob (Blue) is ready for game 2.");
  update(model, event({ kind: "rematch_requested", seat: "yellow" }), later);
  assert.equal(model.nextGame, NOW + 2_000);
  // Game 2: seats changed colour, and the wins went with the players.
  const link = { id: ID, first_to: 3, number: 2, previous: "ab".repeat(32) };
  const players = { yellow: { name: "Bob", connected: true }, blue: { name: "Ann", connected: true } };
  update(model, event({ kind: "game_started", game: 2, players, commitment: "cd".repeat(32), match: link }), later);
  assert.equal(model.room.match.number, 2);
  assert.deepEqual(model.room.match.wins, { yellow: 0, blue: 1 });
  assert.equal(model.room.match.end, null);
  assert.equal(model.nextGame, null);
});

test("the game that wins the match is told, and so is a match left between games", () => {
  const model = inMatch();
  const won = score({ number: 5, wins: { yellow: 3, blue: 1 }, end: { kind: "won", winner: "yellow" }, games: ["1", "2", "3", "4", "5"] });
  const done = update(model, event({ kind: "game_over", result: played("yellow"), game_id: null, seed: "00", match: won }), player);
  assert.ok(told(done).includes("Ann wins the match 3–1."), told(done).join(" | "));
  assert.equal(model.nextGame, null, "no next game once the match is over");

  const left = inMatch();
  update(left, event({ kind: "game_over", result: played("blue"), game_id: null, seed: "00", match: score({ wins: { yellow: 0, blue: 1 }, next_game_ms: 15_000 }) }), player);
  update(left, event({ kind: "player_left", seat: "blue" }), player);
  const ended = update(left, event({ kind: "match_ended", match: score({ wins: { yellow: 0, blue: 1 }, end: { kind: "forfeit", winner: "yellow" } }) }), player);
  assert.ok(told(ended).includes("Bob left: Ann wins the match."), told(ended).join(" | "));
  assert.equal(left.nextGame, null);
  assert.equal(left.resultOpen, true);
});

test("a new match starts from nothing; a room of single games has no score", () => {
  const model = inMatch();
  const link = { id: "ff".repeat(16), first_to: 3, number: 1, previous: "ab".repeat(32) };
  update(model, event({ kind: "game_started", game: 2, players: state().players, commitment: "cd".repeat(32), match: link }), player);
  assert.deepEqual(model.room.match, { id: link.id, first_to: 3, number: 1, wins: { yellow: 0, blue: 0 }, end: null, games: [], next_game_ms: null });
  const single = emptyModel();
  update(single, { kind: "message", message: { type: "joined", state: state({ match: undefined }) } }, player);
  update(single, event({ kind: "game_over", result: played("yellow"), game_id: null, seed: "00" }), player);
  assert.equal(single.room.match, undefined);
  assert.equal(single.nextGame, null);
});

test("the score, the result and the rematch button say the match", () => {
  const names = { yellow: "Ann", blue: "Bob" };
  assert.equal(saidText(scoreWords(score({ wins: { yellow: 2, blue: 1 } }), names)), "Ann 2 – Bob 1 · first to 3");
  const lines = (/** @type {any} */ told, /** @type {any} */ result) => matchResultWords(told, result, names).map(saidText);
  assert.deepEqual(lines(score({ number: 2, wins: { yellow: 1, blue: 1 } }), played("blue")), ["Game 2 to Bob — Ann 1, Bob 1"]);
  assert.deepEqual(lines(score({ number: 2, wins: { yellow: 1, blue: 1 } }), { ...played("blue"), winner: null }), ["Game 2 drawn — Ann 1, Bob 1"]);
  assert.deepEqual(lines(score({ wins: { yellow: 3, blue: 1 }, end: { kind: "won", winner: "yellow" } }), played("yellow")), ["Ann wins the match 3–1"]);
  // Left between games: the game, then the match.
  assert.deepEqual(lines(score({ wins: { yellow: 1, blue: 0 }, end: { kind: "forfeit", winner: "blue" } }), played("yellow")), [
    "Game 1 to Ann — Ann 1, Bob 0",
    "Ann left: Bob wins the match",
  ]);
  // Left during the game: the game counts for nobody.
  const leftGame = { winner: "blue", score: played("blue").score, ending: { kind: "forfeit", seat: "yellow", cause: "left" } };
  assert.deepEqual(lines(score({ end: { kind: "forfeit", winner: "blue" } }), leftGame), ["Ann left: Bob wins the match"]);
  assert.deepEqual(lines(score({ end: { kind: "abandoned" } }), null), ["Both players left: the match is abandoned, and nobody wins it"]);
  assert.equal(rematchWords(score({ number: 2 }), false), "Ready for game 3");
  assert.equal(rematchWords(score({ number: 2 }), true), "Ready: game 3 starts soon");
  assert.equal(rematchWords(score({ end: { kind: "won", winner: "blue" } }), false), "New match");
  // The next game's start: wins follow the players.
  assert.deepEqual(scoreAtStart(score({ number: 3, wins: { yellow: 2, blue: 1 } }), { id: ID, first_to: 3, number: 4, previous: "00".repeat(32) }).wins, { yellow: 1, blue: 2 });
});

test("the score is said in French and Spanish as the glossary says", async () => {
  const names = { yellow: "Ann", blue: "Bob" };
  useWords("fr");
  assert.equal(saidText(scoreWords(score({ wins: { yellow: 2, blue: 1 } }), names)), "Ann 2 – Bob 1 · en 3 victoires");
  assert.equal(rematchWords(score({ end: { kind: "won", winner: "blue" } }), false), "Nouveau match");
  useWords("es");
  assert.equal(saidText(scoreWords(score({ wins: { yellow: 2, blue: 1 } }), names)), "Ann 2 – Bob 1 · a 3 victorias");
  useWords();
});
