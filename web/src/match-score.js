// A match's score on the room page (docs/rules.md, "Matches"): the
// model's `room.match` — the server's `MatchScore`, by the seats of the
// game under way or of the last one — kept as the events tell it, and what
// it says: the score under the title, how the match stands in the result,
// the next game's countdown, and the rematch button's words. Pure: the
// words come out as messages and their arguments (catalogue.js's `Said`),
// shown with the names in <bdi>s or told as text.

import { said, saidText, t, ungrouped } from "./catalogue.js";
import { matchGameEnd } from "./match-check.js";
import { opponent } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */
/** @typedef {import("./catalogue.js").Said} Said */
/** @typedef {import("./match-check.js").MatchEnd} MatchEnd */

/**
 * A match's score as the room tells it (`MatchScore`): each seat's wins and
 * the match's end by the seats of game `number`.
 * @typedef {{id: string, first_to: number, number: number, wins: {yellow: number, blue: number}, end: MatchEnd | null, games: string[], next_game_ms: number | null}} Score
 */

/**
 * Once one player is ready for the next game, the most that is left of
 * the pause between two games (the server's `READY_PAUSE`): the page's
 * countdown follows it.
 */
export const READY_PAUSE_MS = 3000;

/**
 * The score as a game of a match starts (`game_started`'s `match`, its
 * place in the match): a new match starts from nothing; the next game of
 * this one keeps the wins, which follow the players to their new seats
 * (they change colour each game).
 * @param {Score | null | undefined} score @param {import("./fair.js").MatchLink} link
 * @returns {Score}
 */
export function scoreAtStart(score, link) {
  const fresh = { end: null, next_game_ms: null, number: link.number };
  if (!score || score.id !== link.id) {
    return { id: link.id, first_to: link.first_to, wins: { yellow: 0, blue: 0 }, games: [], ...fresh };
  }
  const swapped = Math.abs(link.number - score.number) % 2 === 1;
  return { ...score, ...fresh, wins: swapped ? { yellow: score.wins.blue, blue: score.wins.yellow } : { ...score.wins } };
}

/** The names a score's words take: the players of its game, by seat. @typedef {{yellow: string, blue: string}} Names */

/**
 * The score under the room's title: "Ann 2 – Bob 1 · first to 3".
 * @param {Score} score @param {Names} names
 * @returns {Said}
 */
export function scoreWords(score, names) {
  const args = { yellow: names.yellow, yellow_wins: ungrouped(score.wins.yellow), blue: names.blue, blue_wins: ungrouped(score.wins.blue), first_to: ungrouped(score.first_to) };
  return said("room-match-score", args, ["yellow", "blue"]);
}

/**
 * How the match stands in a game's result: the game's place in it and the
 * score ("Game 2 to Bob — Ann 1, Bob 1"), and how it ended once it did
 * ("Ann wins the match 3–1", "Bob left: Ann wins the match", abandoned). A
 * match won says the winner alone; one a player left says the game too.
 * @param {Score} score @param {any} result the result of the score's game, if it is over
 * @param {Names} names
 * @returns {Said[]}
 */
export function matchResultWords(score, result, names) {
  const end = score.end;
  if (end && end.kind === "won") {
    const winner = end.winner;
    return [said("room-match-won", { winner: names[winner], wins: ungrouped(score.wins[winner]), losses: ungrouped(score.wins[opponent(winner)]) }, ["winner"])];
  }
  /** @type {Said[]} */
  const lines = [];
  const counted = result ? matchGameEnd(result) : null;
  const standing = { number: ungrouped(score.number), yellow: names.yellow, yellow_wins: ungrouped(score.wins.yellow), blue: names.blue, blue_wins: ungrouped(score.wins.blue) };
  if (counted?.kind === "won") lines.push(said("room-match-game-to", { ...standing, winner: names[counted.seat] }, ["yellow", "blue", "winner"]));
  if (counted?.kind === "drawn") lines.push(said("room-match-game-drawn", standing, ["yellow", "blue"]));
  if (end && end.kind === "forfeit") {
    lines.push(said("room-match-forfeit", { winner: names[end.winner], loser: names[opponent(end.winner)] }, ["winner", "loser"]));
  } else if (end) {
    lines.push(said("room-match-abandoned"));
  }
  return lines;
}

/**
 * What a match's game just ended tells screen readers: the match's end
 * ("Ann wins the match 3–1."), or how it stands ("Match: Game 2 to Bob —
 * Ann 1, Bob 1.").
 * @param {Score} score @param {any} result @param {Names} names
 */
export function matchTold(score, result, names) {
  // The last line says it all: the match's end, or the game's place.
  const last = matchResultWords(score, result, names).at(-1);
  if (!last) return null;
  return score.end ? t("room-match-over-told", { result: saidText(last) }) : t("room-match-standing-told", { result: saidText(last) });
}

/** The number of the match's next game. @param {Score} score */
export const nextGameNumber = (score) => score.number + 1;

/**
 * The rematch button's words in a match room: "Ready for game 3" while the
 * match goes on (`rematch` says a player is ready), "New match" once it is
 * over; each once asked.
 * @param {Score} score @param {boolean} asked
 */
export function rematchWords(score, asked) {
  if (score.end) return asked ? t("room-match-new-asked") : t("room-match-new");
  const number = ungrouped(nextGameNumber(score));
  return asked ? t("room-match-ready-asked", { number }) : t("room-match-ready", { number });
}

/**
 * When the next game of a match starts (the page's time), from a score
 * just told: null when none is due (the match is over, or the next game
 * waits for nothing the server counts down).
 * @param {Score | null | undefined} score @param {number} now
 */
export function nextGameAt(score, now) {
  return score && !score.end && typeof score.next_game_ms === "number" ? now + score.next_game_ms : null;
}
