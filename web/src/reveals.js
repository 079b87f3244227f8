// The reveals the room page plays, on the model: a round revealed moves
// the room on at once, and the page shows it as it was, changing only as
// each beat's dice land (reveal.js); reveals that come meanwhile wait their
// turn, each played whole, and what is said meanwhile is held until the
// dice are down. Nothing here touches the page: what is told comes out as
// effects (telling.js).

import { t, ungrouped } from "./catalogue.js";
import { startReveal } from "./reveal.js";
import { hold, release, say, takeHeld, tell } from "./telling.js";
import { assignmentText, assignmentsWords, seatName } from "./words.js";

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").Effect} Effect */

/**
 * A round revealed: the room moves on at once, and the page shows it as
 * it was, changing only as each beat's dice land (reveal.js); with reduced
 * motion (`still`), at once.
 * @param {Model} model @param {any} event @param {{now: number, still: boolean}} page @param {Effect[]} out
 */
export function revealed(model, event, page, out) {
  const room = model.room;
  const sealedNotice = saysSealed(model.notice);
  const notice = sealedNotice ? "" : model.notice;
  const before = { room: structuredClone({ ...room, status: "playing" }), notice };
  model.rounds.push({ report: event.report, auto: event.auto, sealed: event.sealed, beats: event.beats });
  room.exchange = null;
  // The record must hold every round seen revealed.
  const held = model.sealing;
  if (held && held.game === room.game) held.revealed = Math.max(held.revealed ?? 0, event.report.round);
  // A sealed move is revealed now: its note is no longer true.
  if (sealedNotice) model.notice = "";
  room.view = event.view;
  room.last_report = event.report;
  model.changed = changedCells(event.report);
  if (model.reveal && !page.still) {
    // A reveal is playing (a forced move answered at once, a resume that
    // brought several): this one waits its turn, and what is said from
    // now on is said after it. What was held so far is the one before's.
    const last = model.waiting[model.waiting.length - 1] ?? model.reveal;
    last.told = takeHeld(model);
    model.waiting.push({ before, event, told: null });
    return;
  }
  model.reveal = page.still ? null : startReveal(before, event, page.now);
  if (model.reveal) {
    say(model, out, t("reveal-dice-roll", { assignments: assignmentsWords(event.report) }));
    hold(model);
    say(model, out, takenWords(event.report));
  } else {
    say(model, out, revealWords(event.report));
  }
}

/**
 * Ends the reveal being shown, if any: the next one waiting starts now
 * (faster while others wait behind it); with none, the room is shown as
 * it is. What was held back for the one ended is told.
 * @param {Model} model @param {number} now @param {Effect[]} out
 */
export function endReveal(model, now, out) {
  const ended = model.reveal;
  if (!ended) return;
  model.reveal = null;
  // What is held now is the last reveal's to tell: the one ended's, or
  // the last waiting's.
  let rest = takeHeld(model);
  release(model, out);
  const tellOnce = (/** @type {string[] | null} */ told) => {
    if (told) return tell(model, out, told);
    tell(model, out, rest);
    rest = [];
  };
  tellOnce(ended.told);
  while (model.waiting.length) {
    const next = /** @type {import("./reveal.js").Waiting} */ (model.waiting.shift());
    const report = next.event.report;
    const reveal = startReveal(next.before, next.event, now, model.waiting.length ? 2 : 1);
    if (!reveal) {
      say(model, out, revealWords(report));
      tellOnce(next.told);
      continue;
    }
    model.reveal = reveal;
    say(model, out, t("reveal-dice-roll", { assignments: assignmentsWords(report) }));
    hold(model);
    if (next.told) reveal.told = [takenWords(report), ...next.told];
    else say(model, out, takenWords(report));
    tell(model, out, rest);
    return;
  }
}

/**
 * Ends the reveal being shown and every one waiting (a key or a tap, a
 * whole state, a new game): the room is shown as it is, and everything
 * held back is told, in order.
 * @param {Model} model @param {Effect[]} out
 */
export function endReveals(model, out) {
  const ended = model.reveal;
  if (!ended) return;
  model.reveal = null;
  const rest = takeHeld(model);
  release(model, out);
  tell(model, out, ended.told ?? rest);
  for (const next of model.waiting.splice(0)) {
    say(model, out, revealWords(next.event.report));
    tell(model, out, next.told ?? rest);
  }
}

/** The cells a round changed, as "column/row". @param {any} report */
export function changedCells(report) {
  const cells = new Set();
  for (const attempt of report.attempts) {
    if (["took", "stole", "exchanged"].includes(attempt.result) || attempt.exhausted > 0) {
      cells.add(`${attempt.column}/${attempt.row}`);
    }
  }
  for (const boost of report.boosts) {
    if (boost.result === "took") cells.add(`${boost.column}/${boost.row}`);
  }
  for (const flip of [...report.revealed, ...report.flips]) cells.add(`${flip.column}/${flip.row}`);
  return cells;
}

/**
 * Whether a notice says this player's move is sealed and waits: once the
 * round is revealed it is no longer true.
 * @param {string} notice
 */
function saysSealed(notice) {
  // seals.js's own, for a move sealed twice, too.
  return notice !== "" && [t("room-sealed-waiting"), t("room-sealed-secret"), t("seals-sealed-already")].includes(notice);
}

/** @param {any} report */
function takenWords(report) {
  const taken = [
    ...report.attempts
      .filter((/** @type {any} */ attempt) => ["took", "stole"].includes(attempt.result))
      .map((/** @type {any} */ attempt) =>
        attempt.result === "took"
          ? t("reveal-takes", { seat: seatName(attempt.seat), piece: attempt.target.piece })
          : t("reveal-steals", { seat: seatName(attempt.seat), piece: attempt.target.piece }),
      ),
    ...report.boosts.filter((/** @type {any} */ boost) => boost.result === "took").map((/** @type {any} */ boost) => t("reveal-boosts-to", { seat: seatName(boost.seat), piece: boost.piece })),
  ];
  if (report.removed) taken.push(t("reveal-steals-exchange"));
  const round = ungrouped(report.round);
  // The list is of whole clauses, each its own message.
  return taken.length ? t("reveal-taken", { round, taken: taken.join(", ") }) : t("reveal-nothing-taken", { round });
}

/** @param {any} report */
function revealWords(report) {
  const { yellow, blue } = report.assignments;
  return t("reveal-revealed", { round: ungrouped(report.round), yellow: assignmentText(yellow), blue: assignmentText(blue), taken: takenWords(report) });
}
