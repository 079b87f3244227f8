// The rounds of the game, newest first, and the room's earlier games below
// them: both moves, each roll's dice, sum and outcome, the pieces turned up.
// A round being revealed lists only the rolls whose dice are down.

import { t, ungrouped, wordsWith } from "./catalogue.js";
import { h } from "./dom.js";
import { die } from "./dominoes.js";
import { tumblingFace } from "./board.js";
import { SEATS, assignmentText, attemptOutcome, attemptTarget, diceText, pips, resultText, seatMark, seatName } from "./words.js";

/** @typedef {import("./reveal.js").Reveal} Reveal */
/** @typedef {import("./reveal.js").Frame} Frame */

/**
 * @param {any[]} rounds this game's rounds
 * @param {import("./state.js").PastGame[]} past
 * @param {Reveal | null} reveal @param {Frame | null} frame @param {number} now
 */
export function logPanel(rounds, past, reveal, frame, now) {
  const items = [...rounds].reverse().map((played) => roundItem(played, reveal && reveal.round === played.report.round ? { reveal, frame } : null, now));
  const earlier = past.map((game) =>
    h(
      "li",
      { class: "past-game" },
      h("h3", {}, wordsWith("log-past-game", { game: ungrouped(game.game), yellow: game.players.yellow, blue: game.players.blue, result: resultText(game.result) }, ["yellow", "blue"])),
      game.gameId ? h("p", {}, h("a", { href: `/g/${game.gameId}` }, t("log-replay-game", { game: ungrouped(game.game) }))) : null,
      h("ol", { reversed: true }, ...[...game.rounds].reverse().map((played) => roundItem(played, null, now))),
    ),
  );
  return h(
    "section",
    // Scrolled on its own on a wide screen: reachable by keyboard.
    { class: "log", "aria-label": t("log-heading"), tabindex: 0 },
    h("h2", {}, t("log-heading")),
    items.length || earlier.length ? h("ol", { class: "rounds", reversed: true }, ...items, ...earlier) : h("p", {}, t("log-empty")),
  );
}

/**
 * One round: both moves, then each roll (during its reveal, only those
 * whose dice are down, and the one tumbling).
 * @param {any} played
 * @param {{reveal: Reveal, frame: Frame | null} | null} showing
 * @param {number} now
 */
export function roundItem(played, showing, now) {
  const report = played.report;
  const frame = showing?.frame ?? null;
  const lines = [];
  for (const seat of SEATS) {
    if (played.auto[seat]) lines.push(h("li", { class: "auto" }, t("log-auto", { seat: seatName(seat) })));
  }
  if (!showing) {
    for (const flip of report.revealed) lines.push(flipLine(flip));
  }
  /** @type {Set<string>} */
  const started = new Set();
  if (showing && frame) {
    for (const slot of showing.reveal.slots) {
      if (frame.slot && slot.start <= frame.slot.start) started.add(`${slot.beat.lands.kind}/${slot.beat.lands.index ?? ""}`);
      if (slot.lands > now - showing.reveal.start) continue;
      if (slot.beat.lands.kind === "turn_up") {
        for (const change of slot.beat.changes) lines.push(flipLine(change));
      }
    }
  }
  report.attempts.forEach((/** @type {any} */ attempt, /** @type {number} */ index) => {
    if (showing && !started.has(`attempt/${index}`)) return;
    const tumbling = Boolean(frame?.tumbling && frame.slot?.beat.lands.kind === "attempt" && frame.slot.beat.lands.index === index);
    const settled = !showing || Boolean(frame?.settled.has(index));
    const outcome = settled ? attemptOutcome(attempt) : t("log-contested-waiting");
    const what = t("log-attempt", { seat: seatName(attempt.seat), column: attempt.column, mice: attempt.mice, target: attemptTarget(attempt) });
    lines.push(rollLine(attempt.seat, what, false, attempt.dice, attempt.sum, outcome, tumbling, now));
  });
  report.boosts.forEach((/** @type {any} */ boost, /** @type {number} */ index) => {
    if (showing && !started.has(`boost/${index}`)) return;
    const tumbling = Boolean(frame?.tumbling && frame.slot?.beat.lands.kind === "boost" && frame.slot.beat.lands.index === index);
    const outcome = boostOutcome(boost);
    const seat = seatName(boost.seat);
    const what = boost.piece
      ? t("log-boost", { seat, column: boost.column, mice: boost.mice, piece: boost.piece })
      : t("log-boost-at-nothing", { seat, column: boost.column, mice: boost.mice });
    lines.push(rollLine(boost.seat, what, true, boost.dice, boost.sum, outcome, tumbling, now));
    if (!showing) {
      // A piece a boost turned up shows after it, as it happened.
      const turned = played.beats?.find((/** @type {any} */ beat) => beat.lands.kind === "boost" && beat.lands.index === index);
      for (const change of turned?.changes ?? []) if (change.kind === "turn_up") lines.push(flipLine(change));
    }
  });
  if (!showing) {
    const boostFlips = new Set((played.beats ?? []).filter((/** @type {any} */ beat) => beat.lands.kind === "boost").flatMap((/** @type {any} */ beat) => beat.changes.filter((/** @type {any} */ change) => change.kind === "turn_up").map((/** @type {any} */ change) => `${change.column}/${change.row}`)));
    const before = report.flips.filter((/** @type {any} */ flip) => !boostFlips.has(`${flip.column}/${flip.row}`));
    // Pieces turned up once the attempts were down come before the boosts.
    const firstBoost = lines.findIndex((line) => line.classList.contains("boost"));
    const flipLines = before.map(flipLine);
    if (firstBoost >= 0) lines.splice(firstBoost, 0, ...flipLines);
    else lines.push(...flipLines);
  }
  return h(
    "li",
    { class: "round", "data-round": String(report.round) },
    h("h3", {}, t("log-round", { round: ungrouped(report.round), yellow: assignmentText(report.assignments.yellow), blue: assignmentText(report.assignments.blue) })),
    h("ul", {}, ...lines),
  );
}

/** What a boost did: "took (+1 boost)", "below 9", "nothing to roll at". @param {any} boost */
function boostOutcome(boost) {
  if (boost.result === "took") return boost.boosted > 0 ? t("log-boost-took-more", { boosted: boost.boosted }) : t("log-boost-took");
  if (boost.result === "too_low") return boost.piece ? t("log-boost-below", { pips: ungrouped(pips(boost.piece)) }) : t("log-boost-below-it");
  return t("log-boost-nothing");
}

/** @param {{column: string, row: number, piece: string}} flip */
function flipLine(flip) {
  return h("li", { class: "flip" }, t("log-turns-up", { cell: `${flip.column}${flip.row}`, piece: flip.piece }));
}

/**
 * One roll: the seat and what it rolled for (`what`, the seat's name first),
 * its dice, sum and outcome.
 * @param {import("./words.js").Seat} seat @param {string} what @param {boolean} boost @param {number[]} dice
 * @param {number} sum @param {string} outcome @param {boolean} tumbling @param {number} now
 */
function rollLine(seat, what, boost, dice, sum, outcome, tumbling, now) {
  return h(
    "li",
    { class: `roll ${seat}${tumbling ? " tumbling" : ""}${boost ? " boost" : ""}` },
    h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)),
    ` ${what} `,
    h("span", { class: "dice", "aria-hidden": "true" }, ...dice.map((value, index) => die(tumbling ? tumblingFace(index, now) : value))),
    tumbling ? h("span", { class: "visually-hidden" }, t("log-rolling")) : h("span", { class: "visually-hidden" }, t("log-dice", { dice: diceText(dice) })),
    tumbling ? " …" : ` ${sum} → ${outcome}`,
  );
}
