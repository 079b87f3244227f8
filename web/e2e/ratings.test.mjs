// Ratings as the page shows them (protocol 6), with no browser: a rating
// rounded as the server rounds it with a `?` while provisional, what a
// game changed, the pools, the chart's geometry (every point inside its
// box, higher ratings higher up, a scale of round numbers), and the model
// keeping "nothing ahead of the dice": a rating changed by the game that a
// reveal is still showing waits, shown and heard, until the reveal ends.

import assert from "node:assert/strict";
import { test } from "node:test";

import { CHART_BOX, chartGeometry, chartWords, dateText } from "../src/chart.js";
import {
  changeText,
  changeWords,
  isPool,
  poolName,
  poolOf,
  ratingText,
  ratingWithChange,
  ratingsAfterGame,
  recordWords,
  rounded,
} from "../src/ratings.js";
import { variantText } from "../src/words.js";
import { fakePage } from "./fake_page.mjs";
import { useWords } from "./words.mjs";

useWords();

/** A rating as the server sends it. @param {number} rating @param {number} deviation @param {number} [games] */
const rating = (rating, deviation, games = 0) => ({ rating, deviation, volatility: 0.06, games, provisional: deviation > 110 });

test("a rating is shown rounded, with a ? while provisional, as the server's Rating::shown", () => {
  assert.equal(ratingText(rating(1500, 350)), "1500?");
  assert.equal(ratingText(rating(1612.4, 80, 30)), "1612");
  assert.equal(ratingText(rating(1522.6, 60, 30)), "1523");
  assert.equal(ratingText(null), "");
  assert.equal(ratingText(undefined), "");
  // Rust's `{:.0}` sends a half to the even neighbour.
  assert.deepEqual([1500.5, 1501.5, 1499.5, 1500.49, 1500.51].map(rounded), [1500, 1502, 1500, 1500, 1501]);
});

test("what a game changed is told from the figures shown, with a true minus sign", () => {
  assert.equal(changeText(rating(1500, 350), rating(1662.3, 290, 1)), "+162");
  assert.equal(changeText(rating(1500, 350), rating(1337.7, 290, 1)), "−162");
  assert.equal(changeText(rating(1500.2, 60), rating(1499.8, 60, 1)), "±0");
  assert.equal(changeWords({ before: rating(1500, 350), after: rating(1662.3, 290, 1) }), "1500? → 1662? (+162)");
  assert.equal(changeWords({ before: rating(1580, 100, 20), after: rating(1571.6, 99, 21) }), "1580 → 1572 (−8)");
  assert.equal(ratingWithChange(rating(1500, 350), rating(1662.3, 290, 1)), "1662? (+162)");
  assert.equal(ratingWithChange(null, rating(1662.3, 290, 1)), "1662?");
  assert.equal(ratingWithChange(rating(1500, 350), null), "");
});

test("the ratings at a game's end: a change only where the rating moved since game_over", () => {
  const before = { yellow: rating(1500, 350), blue: rating(1500, 350) };
  const players = { yellow: { name: "Ann", rating: rating(1662.3, 290, 1) }, blue: { name: "Bob", rating: rating(1500, 350) } };
  assert.deepEqual(ratingsAfterGame(players, before), [
    { seat: "yellow", rating: players.yellow.rating, change: "+162" },
    { seat: "blue", rating: players.blue.rating, change: "" },
  ]);
  // A player without a rating (no key, a bot) and an empty seat are left out.
  assert.deepEqual(ratingsAfterGame({ yellow: { name: "Ann" }, blue: null }, before), []);
  assert.deepEqual(ratingsAfterGame(players, null).map((entry) => entry.change), ["", ""]);
});

test("pools: names, the pool of a room's rules, and which rules are in none", () => {
  assert.equal(poolName("face_up_boost"), "All face up, boost");
  assert.equal(poolName("blitz"), "blitz");
  assert.ok(isPool("face_down") && !isPool("blitz"));
  assert.equal(poolOf({ reveal: "standard", boost: false, stall_limit: 100 }), "standard");
  assert.equal(poolOf({ reveal: "standard", boost: true, stall_limit: 100 }), "boost");
  assert.equal(poolOf({ reveal: "all_face_up", boost: false, stall_limit: 100 }), "face_up");
  assert.equal(poolOf({ reveal: "all_face_down", boost: true, stall_limit: 100 }), "face_down_boost");
  assert.equal(poolOf({ reveal: "standard", boost: false, stall_limit: 15 }), null);
  assert.equal(recordWords({ wins: 1, losses: 0, draws: 2 }), "1 win, 0 losses, 2 draws");
  const options = { game: { reveal: "standard", boost: false, stall_limit: 100 }, deadline_ms: 60_000 };
  assert.equal(variantText({ ...options, rated: true }), "standard, 1:00/round, rated");
  assert.equal(variantText(options), "standard, 1:00/round");
});

test("the chart: every point inside its box, oldest on the left, higher ratings higher up", () => {
  const history = [1500, 1662, 1590, 1710, 1688].map((value, index) => ({ at_ms: 1_750_000_000_000 + index * 86_400_000, rating: value, deviation: 300 - index * 40 }));
  const geometry = chartGeometry(history);
  assert.ok(geometry);
  const { points, low, high, ticks, path } = geometry;
  const box = CHART_BOX;
  assert.equal(points.length, history.length);
  for (const point of points) {
    assert.ok(point.x >= box.left && point.x <= box.width - box.right, `x ${point.x} inside`);
    assert.ok(point.y >= box.top && point.y <= box.height - box.bottom, `y ${point.y} inside`);
  }
  assert.equal(points[0].x, box.left);
  assert.equal(points[points.length - 1].x, box.width - box.right);
  for (let index = 1; index < points.length; index += 1) assert.ok(points[index].x > points[index - 1].x, "oldest first");
  // 1710 is the highest point, 1500 the lowest.
  assert.equal(Math.min(...points.map((point) => point.y)), points[3].y);
  assert.equal(Math.max(...points.map((point) => point.y)), points[0].y);
  assert.ok(points[1].y < points[2].y, "1662 above 1590");
  // The scale: multiples of 50 around every rating, ticks at both ends and the middle.
  assert.equal(low, 1500);
  assert.equal(high, 1750);
  assert.deepEqual(ticks.map((tick) => tick.value), [1750, 1625, 1500]);
  assert.equal(ticks[0].y, box.top);
  assert.equal(ticks[2].y, box.height - box.bottom);
  assert.match(path, /^M40 \S+ L\S+ \S+ L/);
  assert.equal(path.split(" L").length, history.length);
  assert.equal(chartWords(history), "Rating after each of 5 rated games, from 1500? to 1688?; lowest 1500, highest 1710.");
  assert.equal(dateText(history[0].at_ms), "2025-06-15");
});

test("the chart of one game: a point in the middle, on a scale at least 100 wide", () => {
  const geometry = chartGeometry([{ at_ms: 0, rating: 1500, deviation: 290 }]);
  assert.ok(geometry);
  assert.equal(geometry.points[0].x, (CHART_BOX.left + CHART_BOX.width - CHART_BOX.right) / 2);
  assert.equal(geometry.low, 1450);
  assert.equal(geometry.high, 1550);
  assert.equal(geometry.points[0].y, (CHART_BOX.top + CHART_BOX.height - CHART_BOX.bottom) / 2);
  // A settled rating of a few points' change keeps a 100-point scale.
  const flat = chartGeometry([1612, 1618].map((value, index) => ({ at_ms: index, rating: value, deviation: 60 })));
  assert.ok(flat && flat.high - flat.low >= 100 && flat.low <= 1612 && flat.high >= 1618);
  assert.equal(chartWords([{ at_ms: 0, rating: 1662.3, deviation: 290 }]), "Rating after 1 rated game: 1662?.");
  assert.equal(chartGeometry([]), null);
  assert.equal(chartGeometry([{ at_ms: 0, rating: Number.NaN, deviation: 1 }]), null);
});


const pause = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

test("a rating changed while a reveal plays is neither shown nor heard before the dice are down", async () => {
  fakePage();
  const { emptyModel, update } = await import("../src/state.js");
  const { endReveal } = await import("../src/reveals.js");
  // What the live region is told: the update's `announce` effects.
  const said = /** @type {string[]} */ ([]);
  const page = { spectator: false, entry: "join", paired: false, now: Date.now(), up: true, visible: true, still: false, path: "/r/ABCDE" };
  const told = (/** @type {any[]} */ effects) => said.push(...effects.filter((effect) => effect.kind === "announce").map((effect) => effect.text));
  const received = (/** @type {any} */ model, /** @type {any} */ message) => told(update(model, { kind: "message", message }, page).effects);
  const view = { round: 3, board: [], families: {} };
  const model = emptyModel();
  received(model, {
    type: "joined",
    state: {
      code: "ABCDE",
      you: "yellow",
      game: 1,
      seq: 1,
      status: "playing",
      players: {
        yellow: { name: "Ann", connected: true, rating: rating(1500, 350) },
        blue: { name: "Bob", connected: true, rating: rating(1500, 350) },
      },
      view,
      exchange: null,
      deadline_ms: null,
      options: { game: { reveal: "standard", boost: false, stall_limit: 100 }, deadline_ms: null, rated: true },
      committed: { yellow: true, blue: true },
      rematch: { yellow: false, blue: false },
      game_ids: [],
      result: null,
      spectators: 0,
    },
  });
  const attempt = { seat: "yellow", column: "A", row: 1, target: { kind: "piece", piece: "3/4" }, mice: 2, dice: [2, 3], sum: 5, value: 7, result: "too_low", exhausted: 0, contested: false };
  received(model, {
    type: "event",
    seq: 2,
    event: {
      kind: "revealed",
      report: { round: 3, attempts: [attempt], boosts: [], revealed: [], flips: [], removed: null, assignments: { yellow: { mice: [2, 0, 0, 0] }, blue: { mice: [0, 0, 0, 0] } } },
      view: { ...view, round: 3 },
      auto: { yellow: false, blue: false },
      sealed: {},
      beats: [{ lands: { kind: "attempt", index: 0 }, changes: [], settles: [0] }],
    },
  });
  assert.ok(model.reveal, "a reveal plays");
  // Bob leaves as the dice roll: the game ends, then the store rates it.
  received(model, { type: "event", seq: 3, event: { kind: "game_over", game_id: "0198c0de-0000-7000-8000-000000000000", result: { winner: "yellow", score: { yellow: { pips: 10 }, blue: { pips: 5 } }, ending: { kind: "forfeit", seat: "blue", cause: "left" } } } });
  received(model, { type: "event", seq: 4, event: { kind: "rated", seat: "yellow", rating: rating(1662.3, 290, 1) } });
  received(model, { type: "event", seq: 5, event: { kind: "rated", seat: "blue", rating: rating(1337.7, 290, 1) } });

  // The room as the server has it moved on; the room shown did not.
  assert.equal(model.room.players.yellow.rating.rating, 1662.3);
  assert.equal(model.room.players.blue.rating.rating, 1337.7);
  assert.ok(model.reveal, "the reveal still plays");
  const shown = model.reveal.before.room;
  assert.equal(ratingText(shown.players.yellow.rating), "1500?");
  assert.equal(ratingText(shown.players.blue.rating), "1500?");
  assert.equal(shown.status, "playing");
  await pause(60);
  assert.ok(!said.some((text) => /rating|Game over/.test(text)), `nothing told early: ${said.join(" | ")}`);

  // The dice are down: the result tells the change, and it is heard.
  /** @type {any[]} */
  const ended = [];
  endReveal(model, Date.now(), ended);
  told(ended);
  await pause(60);
  const heard = said.join(" | ");
  assert.match(heard, /Game over\./);
  assert.match(heard, /Ann \(Yellow\)'s rating: 1662\? \(\+162\)\./);
  assert.match(heard, /Bob \(Blue\)'s rating: 1338\? \(−162\)\./);
  assert.ok(heard.indexOf("Game over") < heard.indexOf("rating"), "the result first");
  assert.deepEqual(
    ratingsAfterGame(model.room.players, model.ratedBefore).map(({ seat, change }) => `${seat} ${change}`),
    ["yellow +162", "blue −162"],
  );

  // A rematch starts from the new ratings, with nothing to compare yet.
  received(model, {
    type: "event",
    seq: 6,
    event: {
      kind: "game_started",
      game: 2,
      commitment: "00".repeat(32),
      players: { yellow: { name: "Bob", connected: true, rating: rating(1337.7, 290, 1) }, blue: { name: "Ann", connected: true, rating: rating(1662.3, 290, 1) } },
    },
  });
  assert.equal(model.ratedBefore, null);
  assert.equal(ratingText(model.room.players.blue.rating), "1662?");
});
