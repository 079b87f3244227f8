// Challenges (docs/protocol.md, "Challenges"), as this browser's key hears
// of them: the ones waiting for its answer and the ones it made, newest
// first, each with the time it still waits; what became of those that
// ended; whom it takes challenges from. Pure: `challengesAfter` takes the
// model and one event of the watch (challenge-link.js) and gives the next
// model, the page to go to (the room of a challenge this tab accepted or
// made) and what to tell. And the words: a challenge's options, its line
// in the banner (challenge-banner.js), how it ended.

import { said, t } from "./catalogue.js";
import { clock } from "./words.js";

/** @typedef {import("./catalogue.js").Said} Said */

/** @typedef {{key: string, name: string, bot?: boolean}} ChallengePlayer */
/** @typedef {{id: string, from: ChallengePlayer, to: ChallengePlayer, options: any, expires_in_ms: number}} Challenge */
/** How a challenge ended: `{kind: "accepted", code}`, declined, cancelled, expired. @typedef {{kind: string, code?: string}} ChallengeEnd */

/**
 * A challenge still waiting: made to this key (`toYou`) or by it, and the
 * instant (ms since the epoch, this browser's clock) it expires.
 * @typedef {{challenge: Challenge, until: number, toYou: boolean}} Open
 */

/**
 * A challenge that ended, as the banner says it until dismissed; the room
 * of one accepted, whose page this tab did not go to.
 * @typedef {{id: string, said: Said, code: string | null}} Note
 */

/**
 * @typedef {{open: Open[], notes: Note[], from: string | null, watching: boolean}} ChallengeModel
 */

/**
 * What the watch hears, and the page does:
 * - `challenges`: the answer to `watch_challenges` (what waits, on every
 *   new connection);
 * - `challenged`: a new challenge to this key; `sent`: one it made;
 * - `ended`: one of its challenges ended; `here` says whether this tab
 *   made or accepted it (then it goes to the room);
 * - `from_set`: whom it takes challenges from; `dismiss`: a note read;
 * - `refused`: an answer to challenge `id` refused, said as a note; `gone`:
 *   the challenge waits no more (`unknown_challenge`).
 * @typedef {{kind: "challenges", message: any, now: number} | {kind: "challenged", challenge: Challenge, now: number}
 *   | {kind: "sent", challenge: Challenge, now: number} | {kind: "ended", id: string, end: ChallengeEnd, here: boolean}
 *   | {kind: "from_set", from: string} | {kind: "dismiss", id: string}
 *   | {kind: "refused", id: string, reason: string, gone: boolean}} ChallengeEvent
 */

/** Nothing heard yet. @returns {ChallengeModel} */
export function noChallenges() {
  return { open: [], notes: [], from: null, watching: false };
}

/** The most notes kept: the oldest go. */
const MOST_NOTES = 5;

/**
 * The model after `event`, the page to go to, and what to tell.
 * @param {ChallengeModel} model @param {ChallengeEvent} event
 * @returns {{model: ChallengeModel, go: string | null, told: Said | null}}
 */
export function challengesAfter(model, event) {
  switch (event.kind) {
    case "challenges": {
      const waiting = listOf(event.message?.waiting).map((challenge) => opened(challenge, event.now, true));
      const sent = listOf(event.message?.sent).map((challenge) => opened(challenge, event.now, false));
      const open = newestFirst([...waiting, ...sent]);
      return { model: { ...model, open, from: stringOr(event.message?.from, model.from), watching: true }, go: null, told: null };
    }
    case "challenged":
    case "sent": {
      const toYou = event.kind === "challenged";
      const others = model.open.filter((shown) => shown.challenge.id !== event.challenge.id);
      const open = newestFirst([opened(event.challenge, event.now, toYou), ...others]);
      return { model: { ...model, open }, go: null, told: toYou ? openLine(open.find((shown) => shown.challenge.id === event.challenge.id) ?? open[0]) : null };
    }
    case "ended":
      return ended(model, event);
    case "from_set":
      return { model: { ...model, from: event.from }, go: null, told: null };
    case "dismiss":
      return { model: { ...model, notes: model.notes.filter((note) => note.id !== event.id) }, go: null, told: null };
    case "refused": {
      const open = event.gone ? model.open.filter((shown) => shown.challenge.id !== event.id) : model.open;
      const words = said("challenges-refused", { reason: event.reason });
      const notes = [{ id: event.id, said: words, code: null }, ...model.notes.filter((note) => note.id !== event.id)].slice(0, MOST_NOTES);
      return { model: { ...model, open, notes }, go: null, told: words };
    }
  }
}

/**
 * A challenge of this key's ended: it leaves the banner and its end is
 * said; one accepted takes this tab to its room if this tab made or
 * accepted it, else the note links there.
 * @param {ChallengeModel} model @param {{id: string, end: ChallengeEnd, here: boolean}} event
 */
function ended(model, event) {
  const shown = model.open.find((open) => open.challenge.id === event.id);
  const open = model.open.filter((each) => each.challenge.id !== event.id);
  if (!shown) return { model: { ...model, open }, go: null, told: null };
  const code = event.end.kind === "accepted" && typeof event.end.code === "string" ? event.end.code : null;
  const words = endWords(shown, event.end);
  if (code && event.here) return { model: { ...model, open }, go: `/r/${code}`, told: words };
  const notes = [{ id: event.id, said: words, code }, ...model.notes.filter((note) => note.id !== event.id)].slice(0, MOST_NOTES);
  return { model: { ...model, open, notes }, go: null, told: words };
}

/** @param {unknown} value @returns {Challenge[]} */
function listOf(value) {
  return Array.isArray(value) ? value.filter((each) => typeof each?.id === "string") : [];
}

/** @param {unknown} value @param {string | null} otherwise */
function stringOr(value, otherwise) {
  return typeof value === "string" ? value : otherwise;
}

/** @param {Challenge} challenge @param {number} now @param {boolean} toYou @returns {Open} */
function opened(challenge, now, toYou) {
  return { challenge, until: now + Math.max(0, Number(challenge.expires_in_ms) || 0), toYou };
}

/** Newest first: the one that waits longest; of two alike, the one put first. @param {Open[]} open */
function newestFirst(open) {
  return open.map((shown, index) => ({ shown, index })).sort((a, b) => b.shown.until - a.shown.until || a.index - b.index).map(({ shown }) => shown);
}

/**
 * A player's name as a challenge says it: the name, or, when the server
 * knows none, the first digits of their key.
 * @param {ChallengePlayer} player
 * @returns {{name: string, names: string[]}}
 */
export function playerWords(player) {
  if (player.name) return { name: player.name, names: ["name"] };
  return { name: t("challenges-unnamed", { key: String(player.key).slice(0, 8) }), names: [] };
}

/**
 * A challenge's line in the banner: "Ann challenges you: a match to 3,
 * rated, 60 s a round", or "Waiting for Bob's answer: …".
 * @param {Open} shown
 * @returns {Said}
 */
export function openLine(shown) {
  const challenge = shown.challenge;
  const { name, names } = playerWords(shown.toYou ? challenge.from : challenge.to);
  const args = { name, options: optionsWords(challenge.options) };
  return shown.toYou ? said("challenges-incoming", args, names) : said("challenges-outgoing", args, names);
}

/** How long `shown` still waits: "expires in 9:58". @param {Open} shown @param {number} now */
export function leftWords(shown, now) {
  return t("challenges-left", { clock: clock(Math.max(0, shown.until - now)) });
}

/**
 * How a challenge ended, from this key's side.
 * @param {Open} shown @param {ChallengeEnd} end
 * @returns {Said}
 */
export function endWords(shown, end) {
  const { name, names } = playerWords(shown.toYou ? shown.challenge.from : shown.challenge.to);
  return said("challenges-ended", { side: shown.toYou ? "to" : "from", end: end.kind, name, code: end.code ?? "" }, [...names, "code"]);
}

/** How the pieces are revealed, said. */
const REVEALS = /** @type {Record<string, () => string>} */ ({
  all_face_up: () => t("challenges-all-face-up"),
  all_face_down: () => t("challenges-all-face-down"),
});

/** The standard stall limit (rated rooms keep it): not said. */
const STANDARD_STALL = 100;

/**
 * A challenge's room in words: "a match to 3, rated, 60 s a round", then
 * any other rules ("all face down, boost", another stall limit).
 * @param {any} options a room's options (`RoomOptions`)
 */
export function optionsWords(options) {
  const firstTo = Number(options?.first_to ?? 1);
  const parts = [t("challenges-match", { first_to: firstTo }), t("challenges-rated", { rated: options?.rated ? "yes" : "no", first_to: firstTo }), timeWords(options?.deadline_ms)];
  const reveal = REVEALS[String(options?.game?.reveal ?? "standard")];
  if (reveal) parts.push(reveal());
  if (options?.game?.boost) parts.push(t("words-variant-boost"));
  const stall = Number(options?.game?.stall_limit ?? STANDARD_STALL);
  if (stall !== STANDARD_STALL) parts.push(t("challenges-stall", { limit: stall }));
  return parts.join(", ");
}

/** The time a round, said: "60 s a round", "2 min a round", "no time limit". @param {unknown} ms */
function timeWords(ms) {
  if (ms === null || ms === undefined) return t("challenges-time-default");
  const value = Number(ms);
  if (!(value > 0)) return t("challenges-time-none");
  return value >= 120_000 && value % 60_000 === 0 ? t("challenges-time-minutes", { minutes: value / 60_000 }) : t("challenges-time-seconds", { seconds: Math.round(value / 1000) });
}
