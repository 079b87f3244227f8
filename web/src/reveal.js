// A round's reveal, shown as the dice land: both moves appear on the board
// at once, then each roll of the engine's order tumbles at its piece and
// lands, and only then does the cake change by what it settled. Until the
// last die is down, the page shows the room as it was before the reveal
// (round, stashes, pips, clock, panels, the result): nothing gets ahead of
// the dice. The server cuts the round into beats (`revealed`'s `beats`,
// docs/protocol.md); this module only times them and moves the pieces they
// name. Everything here is a function of the time passed in, so that a
// test can look at any instant.

import { pips } from "./words.js";

/** The moves alone on the board, before the first die. */
export const ASSIGNMENTS_MS = 700;
/** Pieces turning up, with no die. */
const TURN_UP_MS = 450;
/** Mice that find the double-blank blind: nothing to roll. */
const NO_ROLL_MS = 700;
/** The rolls' share of a round, split between its rolls within bounds. */
const ROLLS_MS = 2_400;
const SHORTEST_ROLL_MS = 330;
const LONGEST_ROLL_MS = 650;
/** The part of a roll's time its dice tumble before they land. */
const TUMBLING = 0.55;

/**
 * One beat on the clock: it starts (its dice tumble), lands (the cake
 * changes) and ends (the next one starts).
 * @typedef {{beat: any, start: number, lands: number, end: number}} Slot
 */

/**
 * What the page showed when the reveal began, kept while it plays.
 * @typedef {{room: any, notice: string}} Before
 */

/**
 * A reveal being shown (`drawn`: the beats the page has drawn so far;
 * `told`: what the live region says once it ends, null while that is
 * still being gathered).
 * @typedef {{round: number, start: number, report: any, before: Before, slots: Slot[], end: number, drawn: number, told: string[] | null}} Reveal
 */

/**
 * A reveal that came while another was playing: it plays once that one
 * ends, from the room as it was when it came (`told` as in a Reveal).
 * @typedef {{before: Before, event: any, told: string[] | null}} Waiting
 */

/**
 * Where a reveal is at one instant.
 * @typedef {{
 *   view: any,
 *   slot: Slot | null,
 *   tumbling: boolean,
 *   landed: number,
 *   settled: Set<number>,
 *   boosts: Set<number>,
 *   changed: Set<string>,
 *   done: boolean,
 * }} Frame
 */

/**
 * The schedule of a reveal that starts `now`, from the room as it was
 * before it and the `revealed` event; null when there is nothing to show
 * over time (no beats: the end at once). `pace` above 1 plays it faster
 * (a page catching up with reveals waiting behind it), never skipping a beat.
 * @param {Before} before
 * @param {any} event
 * @param {number} now
 * @param {number} [pace]
 * @returns {Reveal | null}
 */
export function startReveal(before, event, now, pace = 1) {
  const beats = event.beats ?? [];
  if (!beats.length || !before.room?.view) return null;
  const rolls = beats.filter((/** @type {any} */ beat) => beat.lands.kind !== "turn_up").length;
  const roll = Math.min(LONGEST_ROLL_MS, Math.max(SHORTEST_ROLL_MS, ROLLS_MS / Math.max(1, rolls)));
  let at = ASSIGNMENTS_MS / pace;
  /** @type {Slot[]} */
  const slots = beats.map((/** @type {any} */ beat) => {
    const start = at;
    let lands;
    if (beat.lands.kind === "turn_up") {
      lands = start;
      at += TURN_UP_MS / pace;
    } else if (diceOf(event.report, beat).length === 0) {
      lands = start;
      at += NO_ROLL_MS / pace;
    } else {
      lands = start + (roll * TUMBLING) / pace;
      at += roll / pace;
    }
    return { beat, start, lands, end: at };
  });
  return { round: event.report.round, start: now, report: event.report, before, slots, end: at, drawn: 0, told: null };
}

/**
 * The dice a beat rolls (none for pieces turning up).
 * @param {any} report @param {any} beat
 * @returns {number[]}
 */
export function diceOf(report, beat) {
  if (beat.lands.kind === "attempt") return report.attempts[beat.lands.index]?.dice ?? [];
  if (beat.lands.kind === "boost") return report.boosts[beat.lands.index]?.dice ?? [];
  return [];
}

/**
 * The reveal at `now`: the cake and stashes as the beats landed so far
 * left them, and the beat under way.
 * @param {Reveal} reveal
 * @param {number} now
 * @returns {Frame}
 */
export function frameAt(reveal, now) {
  const elapsed = now - reveal.start;
  const view = structuredClone(reveal.before.room.view);
  /** @type {Set<number>} */
  const settled = new Set();
  /** @type {Set<number>} */
  const boosts = new Set();
  /** @type {Set<string>} */
  const changed = new Set();
  let landed = 0;
  /** @type {Slot | null} */
  let slot = null;
  for (const current of reveal.slots) {
    if (current.start <= elapsed) slot = current;
    if (current.lands > elapsed) continue;
    landed += 1;
    for (const change of current.beat.changes) {
      apply(view, change);
      if (change.column) changed.add(`${change.column}/${change.row}`);
    }
    for (const index of current.beat.settles) settled.add(index);
    if (current.beat.lands.kind === "boost") boosts.add(current.beat.lands.index);
  }
  const done = elapsed >= reveal.end;
  return {
    view,
    slot: done ? null : slot,
    tumbling: !done && slot !== null && elapsed < slot.lands,
    landed,
    settled,
    boosts,
    changed,
    done,
  };
}

/** The key of a frame's shape: it changes when the page must be drawn again. @param {Frame} frame */
export function frameKey(frame) {
  return `${frame.landed}/${frame.slot ? frame.slot.start : -1}/${frame.tumbling}/${frame.done}`;
}

/** `[low, high]` of a piece, to keep stashes in the engine's order. @param {string} piece */
const halves = (piece) => piece.split("/").map(Number).sort((a, b) => a - b);

/** @param {string} a @param {string} b */
function byHalves(a, b) {
  const [x, y] = [halves(a), halves(b)];
  return x[0] - y[0] || x[1] - y[1];
}

/** @param {any} family @param {string} piece @param {number} sign */
function moveInStash(family, piece, sign) {
  if (sign > 0) {
    family.stash = [...family.stash, piece].sort(byHalves);
  } else {
    family.stash = family.stash.filter((/** @type {string} */ held) => byHalves(held, piece) !== 0);
  }
  family.score.pips += sign * pips(piece);
  family.score.pieces += sign;
  if (piece === "6/6") family.score.double_six = sign > 0;
}

/**
 * Moves a piece as a beat's change says (docs/protocol.md, `revealed`).
 * @param {any} view @param {any} change
 */
export function apply(view, change) {
  const column = "ABCD".indexOf(change.column);
  switch (change.kind) {
    case "turn_up":
      view.board[change.row - 1][column] = change.piece;
      break;
    case "take":
      view.board[change.row - 1][column] = null;
      moveInStash(view.families[change.seat], change.piece, 1);
      break;
    case "steal":
      moveInStash(view.families[change.seat === "yellow" ? "blue" : "yellow"], change.piece, -1);
      moveInStash(view.families[change.seat], change.piece, 1);
      break;
    case "remove":
      view.board[change.row - 1][column] = null;
      view.removed = [...view.removed, change.piece];
      break;
  }
}
