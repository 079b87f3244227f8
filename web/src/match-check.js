// A match checked whole by the page itself (docs/rules.md, "Matches";
// docs/fairness.md): each of its games checked as any finished game is
// (verify.js: the seed against a commitment that binds the game's place in
// its match, every seal, die and signature, and the result), then the chain
// in order — each game names the match, its place in it and the commitment
// of the game before (the first, the match's origin), all with the first
// game's rules and the same two players — and the wins counted again by the
// rules of matches, against what the server says of the match
// (`/api/matches/{id}`). A list that passes is the match's games, none
// dropped between two, none put in, none moved. The rules here are the
// engine's (`MatchTally`, `check_chain`) and the protocol's
// (`match_game_end`), in JavaScript; everything but the fetching is pure.

import { said, t, ungrouped } from "./catalogue.js";
import { matchOrigin } from "./fair.js";
import { checkAbortedDeal, checkRecord } from "./verify.js";
import { opponent } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */
/** @typedef {import("./fair.js").MatchLink} MatchLink */

/** @type {Seat[]} */
const SEATS = ["yellow", "blue"];

/**
 * How one game's end counts in its match: a win for `seat`, a draw (for
 * nobody), `seat` left (they lose the match), or both players went (the
 * match ends, nobody wins).
 * @typedef {{kind: "won", seat: Seat} | {kind: "drawn"} | {kind: "left", seat: Seat} | {kind: "both_gone"}} GameEnd
 */

/**
 * How a match ended; its winner by their seat in game 1 (in a tally) or
 * in the game the score is told for (in a `MatchScore`).
 * @typedef {{kind: "won" | "forfeit", winner: Seat} | {kind: "abandoned"}} MatchEnd
 */

/**
 * A match's count as its games end, each player named by their seat in
 * game 1 (who played Yellow in game 1 plays Blue in game 2, …).
 * @typedef {{first_to: number, games: number, wins: {yellow: number, blue: number}, end: MatchEnd | null}} Tally
 */

/**
 * How a game's end counts in its match (the protocol's `match_game_end`):
 * a game won — played out, or forfeited for missed deadlines or a move not
 * opened — is a win; a draw is nobody's; a player who left, or was gone
 * past their grace, loses the match; a game aborted at its start counts as
 * forfeited by whoever ended it, and when nobody did (or both went at
 * once) the match ends without a winner.
 * @param {any} result a `GameResult`
 * @returns {GameEnd}
 */
export function matchGameEnd(result) {
  const ending = result?.ending ?? {};
  const gone = ending.cause === "left" || ending.cause === "disconnected";
  if (ending.kind === "played") return result.winner ? { kind: "won", seat: result.winner } : { kind: "drawn" };
  if ((ending.kind === "forfeit" || ending.kind === "aborted") && ending.seat) {
    return gone ? { kind: "left", seat: ending.seat } : { kind: "won", seat: opponent(ending.seat) };
  }
  return { kind: "both_gone" };
}

/**
 * The player sitting in `seat` in game `number` (1 first), named by their
 * seat in game 1: seats change colour each game.
 * @param {Seat} seat @param {number} number
 * @returns {Seat}
 */
export function playerIn(seat, number) {
  return number % 2 === 1 ? seat : opponent(seat);
}

/** A match to `firstTo` wins, before its first game. @param {number} firstTo @returns {Tally} */
export function newTally(firstTo) {
  return { first_to: firstTo, games: 0, wins: { yellow: 0, blue: 0 }, end: null };
}

/**
 * The tally once the next game's end is counted (`end`'s seats are that
 * game's), or null if the match was over already (the engine's
 * `MatchTally::count`).
 * @param {Tally} tally @param {GameEnd} end
 * @returns {Tally | null}
 */
export function countGame(tally, end) {
  if (tally.end) return null;
  const number = tally.games + 1;
  const wins = { ...tally.wins };
  /** @type {MatchEnd | null} */
  let ended = null;
  if (end.kind === "won") {
    const player = playerIn(end.seat, number);
    wins[player] += 1;
    if (wins[player] >= tally.first_to) ended = { kind: "won", winner: player };
  } else if (end.kind === "left") {
    ended = { kind: "forfeit", winner: opponent(playerIn(end.seat, number)) };
  } else if (end.kind === "both_gone") {
    ended = { kind: "abandoned" };
  }
  return { first_to: tally.first_to, games: number, wins, end: ended };
}

/**
 * Why a match's games are not the whole match in order (the engine's
 * `ChainError`): `position` is a game's place in the list, `number` the
 * number its record gives it (or the game that breaks the chain).
 * @typedef {{kind: "no_game"}
 *   | {kind: "not_in_match", position: number}
 *   | {kind: "other_match", position: number}
 *   | {kind: "out_of_order", position: number, number: number}
 *   | {kind: "broken", number: number, previous: number}
 *   | {kind: "other_rules", number: number}} ChainError
 */

/**
 * One game of a match as its record holds it: its place in the match
 * (`fair.match`, or `aborted_deal.match`), its commitment (checked against
 * its seed and that place by verify.js) and its rules.
 * @typedef {{link: MatchLink | null, commitment: string, options: any}} ChainedGame
 */

/**
 * Checks that `games`, in order, are the games of match `id` (to
 * `firstTo`) one after another from its first (the engine's
 * `check_chain`): each names the match and its place, links to the one
 * before (the first to the match's origin), and keeps the first game's
 * rules. Null if it holds.
 * @param {string} id @param {number} firstTo @param {ChainedGame[]} games
 * @returns {ChainError | null}
 */
export function checkChain(id, firstTo, games) {
  if (!games.length) return { kind: "no_game" };
  let previous = matchOrigin(id, firstTo);
  const rules = canonical(games[0].options);
  for (const [index, game] of games.entries()) {
    const position = index + 1;
    const link = game.link;
    if (!link) return { kind: "not_in_match", position };
    if (String(link.id).toLowerCase() !== id.toLowerCase() || link.first_to !== firstTo) return { kind: "other_match", position };
    if (link.number !== position) return { kind: "out_of_order", position, number: link.number };
    if (String(link.previous).toLowerCase() !== previous) return { kind: "broken", number: position, previous: position - 1 };
    if (canonical(game.options) !== rules) return { kind: "other_rules", number: position };
    previous = String(game.commitment).toLowerCase();
  }
  return null;
}

/** A value as JSON with its objects' keys in order: two rules compared whatever their order. @param {unknown} value @returns {string} */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A chain's break in words (the engine's). @param {ChainError} error */
export function chainErrorText(error) {
  switch (error.kind) {
    case "no_game":
      return t("match-check-no-game");
    case "not_in_match":
      return t("match-check-not-in-match", { position: ungrouped(error.position) });
    case "other_match":
      return t("match-check-other-match", { position: ungrouped(error.position) });
    case "out_of_order":
      return t("match-check-out-of-order", { position: ungrouped(error.position), number: ungrouped(error.number) });
    case "broken":
      return error.previous === 0
        ? t("match-check-broken-start")
        : t("match-check-broken", { number: ungrouped(error.number), previous: ungrouped(error.previous) });
    default:
      return t("match-check-other-rules", { number: ungrouped(error.number) });
  }
}

/**
 * The game as the chain reads it, from `/api/games/{id}`'s answer: a
 * record's, or an aborted deal's.
 * @param {any} body
 * @returns {ChainedGame & {keys: {yellow: string | null, blue: string | null}}}
 */
function chained(body) {
  const deal = body?.aborted_deal;
  const fair = deal ?? body?.record?.fair ?? {};
  return {
    link: fair.match ?? null,
    commitment: String(fair.commitment ?? ""),
    options: deal ? deal.options : body?.record?.options,
    keys: { yellow: fair.keys?.yellow ?? null, blue: fair.keys?.blue ?? null },
  };
}

/**
 * What the check of a whole match found: its first broken link (null:
 * none), or why it could not be checked (`failed`: the match or a game
 * could not be fetched); how many games it has, and the match as its games
 * give it (the wins by the first game's seats, and how it ended, or
 * `between`: the server's word that a player left between two games).
 * @typedef {{broken: string | null, failed?: string, games: number, tally: Tally | null, between: boolean}} MatchVerdict
 */

/**
 * Checks a match whole: `summary` (`/api/matches/{id}`) and `bodies`, the
 * answer of `/api/games/{id}` for each of its games in its order. `id` is
 * the match asked for.
 * @param {string} id @param {any} summary @param {any[]} bodies
 * @returns {Promise<MatchVerdict>}
 */
export async function checkMatch(id, summary, bodies) {
  /** @param {string} broken @returns {MatchVerdict} */
  const brokenAt = (broken) => ({ broken, games: bodies.length, tally: null, between: false });
  if (String(summary?.id).toLowerCase() !== id.toLowerCase()) return brokenAt(t("match-check-other-summary"));
  const firstTo = summary.first_to;
  if (!Number.isInteger(firstTo) || firstTo < 1 || !Array.isArray(summary.games) || summary.games.length !== bodies.length) {
    return brokenAt(t("match-check-summary-unreadable"));
  }
  for (const [index, body] of bodies.entries()) {
    const number = ungrouped(index + 1);
    if (body?.id !== summary.games[index]) return brokenAt(t("match-check-other-game", { number }));
    const verdict = body.aborted_deal ? await checkAbortedDeal(body.aborted_deal, body) : await checkRecord(body.record, body);
    if (verdict.broken) return brokenAt(t("match-check-game-unfair", { number, problem: verdict.broken }));
  }
  const games = bodies.map(chained);
  const chainError = /^[0-9a-fA-F]{32}$/.test(id) ? checkChain(id, firstTo, games) : { kind: /** @type {const} */ ("other_match"), position: 1 };
  if (chainError) return brokenAt(chainErrorText(chainError));
  const players = playersProblem(summary, games);
  if (players) return brokenAt(players);
  let tally = newTally(firstTo);
  for (const [index, body] of bodies.entries()) {
    const next = countGame(tally, matchGameEnd(body.result));
    if (!next) return brokenAt(t("match-check-after-end", { number: ungrouped(index + 1) }));
    tally = next;
  }
  const claimed = claimedProblem(summary, tally);
  if (claimed) return brokenAt(claimed);
  return { broken: null, games: bodies.length, tally, between: !tally.end && summary.status !== "playing" };
}

/**
 * Whether each game was played by the match's players, where the match
 * names their keys: who played Yellow in game 1 sits in Blue in game 2,
 * and so on. A problem in words, or null.
 * @param {any} summary @param {{keys: {yellow: string | null, blue: string | null}}[]} games
 */
function playersProblem(summary, games) {
  for (const [index, game] of games.entries()) {
    for (const seat of SEATS) {
      const player = summary.players?.[playerIn(seat, index + 1) === "yellow" ? 0 : 1];
      const key = player?.key ?? null;
      if (key !== null && String(game.keys[seat] ?? "").toLowerCase() !== String(key).toLowerCase()) {
        return t("match-check-other-player", { number: ungrouped(index + 1), name: String(player.name ?? "") });
      }
    }
  }
  return null;
}

/** How a tally's end reads as the summary's status. @param {Tally} tally */
const statusOf = (tally) => (tally.end ? tally.end.kind : "playing");

/**
 * What the server says of the match against what its games give: each
 * player's wins, its status and its winner. A player who left between two
 * games ends the match with no game to show it: a match the games leave
 * going on may be said over by a forfeit (or abandoned) on the server's
 * word. A problem in words, or null.
 * @param {any} summary @param {Tally} tally
 */
function claimedProblem(summary, tally) {
  for (const [index, seat] of SEATS.entries()) {
    const player = summary.players?.[index];
    if (player?.wins !== tally.wins[seat]) {
      return t("match-check-wins-differ", { name: String(player?.name ?? ""), said: figure(player?.wins), counted: ungrouped(tally.wins[seat]) });
    }
  }
  const status = statusOf(tally);
  const onWord = status === "playing" && (summary.status === "forfeit" || summary.status === "abandoned");
  if (summary.status !== status && !onWord) {
    return t("match-check-status-differs", { said: String(summary.status), counted: status });
  }
  const winner = tally.end && tally.end.kind !== "abandoned" ? (tally.end.winner === "yellow" ? 0 : 1) : null;
  const saidWinner = summary.winner ?? null;
  if (!onWord && saidWinner !== winner) return t("match-check-winner-differs");
  if (onWord && summary.status === "forfeit" && saidWinner !== 0 && saidWinner !== 1) return t("match-check-winner-differs");
  if (onWord && summary.status === "abandoned" && saidWinner !== null) return t("match-check-winner-differs");
  return null;
}

/** A figure of the server's as a message's argument, ungrouped; anything else as written. @param {unknown} value */
const figure = (value) => (typeof value === "number" ? ungrouped(value) : String(value));

/** @typedef {import("./catalogue.js").Said} Said */

/**
 * What the page says of a match's check: NOT WHOLE and the first broken
 * link, or that it is whole — how many games, in order, each fair — and
 * how it stands: "Ann won 3–1", a player who left, both gone, or still
 * going on.
 * @param {MatchVerdict} verdict @param {any} summary
 * @returns {Said}
 */
export function matchVerdictWords(verdict, summary) {
  if (verdict.failed !== undefined) return said("match-check-failed", { error: verdict.failed });
  if (verdict.broken || !verdict.tally) return said("match-check-not-whole", { problem: verdict.broken ?? "" });
  const tally = verdict.tally;
  const name = (/** @type {Seat} */ seat) => String(summary.players?.[seat === "yellow" ? 0 : 1]?.name ?? "");
  const games = ungrouped(verdict.games);
  const end = tally.end;
  const score = { first: name("yellow"), first_wins: ungrouped(tally.wins.yellow), second: name("blue"), second_wins: ungrouped(tally.wins.blue) };
  const names = ["first", "second", "winner", "loser"];
  if (end && end.kind !== "abandoned") {
    const winner = end.winner;
    const args = { games, winner: name(winner), loser: name(opponent(winner)), wins: ungrouped(tally.wins[winner]), losses: ungrouped(tally.wins[opponent(winner)]) };
    return end.kind === "won" ? said("match-check-whole-won", args, names) : said("match-check-whole-forfeit", args, names);
  }
  if (end) return said("match-check-whole-abandoned", { games, ...score }, names);
  if (verdict.between) {
    // A player left between games: the server's word alone says who.
    const winner = summary.winner === 1 ? "blue" : "yellow";
    const args = { games, ...score, winner: name(winner), loser: name(opponent(winner)), abandoned: summary.status === "abandoned" ? "yes" : "no" };
    return said("match-check-whole-left-between", args, names);
  }
  return said("match-check-whole-playing", { games, ...score }, names);
}

/**
 * How the page shows a verdict's words: "fair" (whole), "error" (NOT
 * WHOLE) or "" (not checked).
 * @param {Said} said
 * @returns {"fair" | "error" | ""}
 */
export function matchVerdictKind(said) {
  if (said.id === "match-check-not-whole") return "error";
  return said.id.startsWith("match-check-whole") ? "fair" : "";
}

/**
 * Fetches match `id` (`/api/matches/{id}`); `get` fetches a path's JSON
 * (throwing on an error), the page's `fetch` unless a test gives another.
 * @param {string} id @param {(path: string) => Promise<any>} [get]
 * @returns {Promise<{summary: any} | {failed: string}>}
 */
export async function fetchMatch(id, get = getJson) {
  try {
    return { summary: await get(`/api/matches/${id}`) };
  } catch (error) {
    return { failed: String(error) };
  }
}

/**
 * Fetches each game of match `id` in order (`summary` its
 * `/api/matches/{id}`), and checks the match whole (`checkMatch`).
 * @param {string} id @param {any} summary @param {(path: string) => Promise<any>} [get]
 * @returns {Promise<MatchVerdict>}
 */
export async function fetchAndCheckMatch(id, summary, get = getJson) {
  const bodies = [];
  for (const [index, game] of (Array.isArray(summary?.games) ? summary.games : []).entries()) {
    try {
      bodies.push(await get(`/api/games/${game}`));
    } catch (error) {
      const failed = t("match-check-game-unreachable", { number: ungrouped(index + 1), error: String(error) });
      return { broken: null, failed, games: index, tally: null, between: false };
    }
  }
  return checkMatch(id, summary, bodies);
}

/** A path's JSON, or an error naming its status. @param {string} path */
async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`); // words-check: an HTTP status, shown inside a sentence as the server gives it
  return response.json();
}
