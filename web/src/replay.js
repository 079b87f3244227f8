// A finished game at /g/ID, drawn as the live game is, round by round,
// forward and back (buttons, ←/→, Home/End). The cake after each round
// comes from the server (`/api/games/ID/views`): nothing is replayed here.
// A game that ended at its deal has no cake: its page tells how it ended
// and checks the deal itself. The game's analysis, asked for on the page,
// follows the steps (`analysis.js`).

import { gameAnalysis } from "./analysis.js";
import { board, families } from "./board.js";
import { saidNodes, t, ungrouped, wordsWith } from "./catalogue.js";
import { h, replace } from "./dom.js";
import { logPanel } from "./log.js";
import { changeWords, poolName } from "./ratings.js";
import { notFound } from "./pages.js";
import { refusalText } from "./refusals.js";
import { dealFairness, fairnessKind } from "./check.js";
import { fetchAndCheckMatch, fetchMatch, matchVerdictKind, matchVerdictWords } from "./match-check.js";
import { changedCells } from "./reveals.js";
import { checkAbortedDeal } from "./verify.js";
import { notRatedWords, refusalWords, resultText, seatName, variantText } from "./words.js";

/**
 * @param {HTMLElement} root
 * @param {string} id
 */
export async function showReplay(root, id) {
  replace(root, h("p", {}, t("replay-loading")));
  const { game, views, found, missing } = await loadGame(id);
  if (found && game?.aborted_deal) {
    await showAbortedDeal(root, game);
    return;
  }
  if (!game?.record || !views?.views) {
    // Worded as the other pages that are not there ("No room has the code …").
    notFound(root, missing ? t("replay-no-game", { id }) : typeof game?.message === "string" ? refusalText(game) : t("replay-cannot-load"));
    return;
  }
  const rounds = game.record.rounds.map((/** @type {any} */ report) => ({ report, auto: { yellow: false, blue: false } }));
  const options = { game: game.record.options, deadline_ms: game.deadline_ms ?? null, rated: Boolean(game.rated) };
  const players = { yellow: String(game.players.yellow), blue: String(game.players.blue) };
  document.title = t("replay-title", players);
  let step = rounds.length;
  const analysis = gameAnalysis(id, game.players, { redraw: () => show(), go: (wanted, focus) => go(wanted, focus) });
  // Made once: it stays through the steps while the match is checked.
  const match = matchSection(game, id);
  const show = () => {
    analysis.follow(step, rounds.length);
    const scene = sceneAt(game, views.views[step], step > 0 ? rounds[step - 1].report : null, options, analysis.drawing());
    const previous = h("button", { type: "button", id: "previous", disabled: step === 0 }, t("replay-previous"));
    const next = h("button", { type: "button", id: "next", disabled: step === rounds.length }, t("replay-next"));
    previous.addEventListener("click", () => go(step - 1));
    next.addEventListener("click", () => go(step + 1));
    const noAct = { tap: () => {}, less: () => {} };
    replace(
      root,
      h(
        "section",
        { class: "room replay" },
        h("header", { class: "room-title" }, h("h1", {}, wordsWith("replay-heading", players, ["yellow", "blue"])), h("span", { class: "meta" }, t("replay-meta", { code: game.room, variant: variantText(options) }))),
        ratedLine(game),
        match ? matchPlace(game) : null,
        h("p", { class: "step", role: "status" }, step === 0 ? t("replay-dealt") : t("replay-after-round", { round: ungrouped(step), rounds: ungrouped(rounds.length) })),
        h("p", { class: "buttons" }, previous, " ", next),
        families(scene),
        board(scene, noAct),
        analysis.underBoard(),
        step === rounds.length ? h("p", { class: "result" }, resultText(game.result)) : null,
        match,
        analysis.section(),
        logPanel(rounds.slice(0, step), [], null, null, Date.now()),
      ),
    );
  };
  /** @param {number} wanted @param {string} [focus] the element to focus, by id */
  const go = (wanted, focus) => {
    step = Math.max(0, Math.min(rounds.length, wanted));
    show();
    document.getElementById(focus ?? (step === rounds.length ? "previous" : "next"))?.focus();
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(rounds.length);
  });
  show();
}

/**
 * The game `id` and its views, as the server gives them: `found` whether
 * it is there, `missing` whether it is known not to be.
 * @param {string} id
 * @returns {Promise<{game: any, views: any, found: boolean, missing: boolean}>}
 */
async function loadGame(id) {
  /** @type {any} */
  let game = null;
  /** @type {any} */
  let views = null;
  let found = false;
  let missing = false;
  try {
    const response = await fetch(`/api/games/${id}`);
    missing = response.status === 404;
    game = await response.json();
    found = response.ok;
    // The views only of a game that is there and was dealt: one request
    // for a wrong id, none for a deal that never ended.
    if (found && !game?.aborted_deal) views = await (await fetch(`/api/games/${id}/views`)).json();
  } catch {
    game = null;
  }
  return { game, views, found, missing };
}

/**
 * The cake and families of a replay at one step: the room as dealt or
 * after a round (`report`, the round's that led there).
 * @param {any} game @param {any} view @param {any} report @param {any} options
 * @param {{bottom: import("./words.js").Seat, mice: number[], steal: string | null, planned: boolean}} drawing the analysis's: the seat at the bottom, a better move drawn
 * @returns {import("./board.js").Scene}
 */
function sceneAt(game, view, report, options, drawing) {
  // A replay has no moves to make: its families are never "thinking".
  const room = {
    code: game.room,
    you: null,
    game: 1,
    status: "finished",
    players: {
      yellow: { name: game.players.yellow, connected: true },
      blue: { name: game.players.blue, connected: true },
    },
    view,
    committed: { yellow: false, blue: false },
    options,
  };
  return {
    room,
    view: room.view,
    changed: report ? changedCells(report) : new Set(),
    reveal: null,
    frame: null,
    deciding: false,
    column: 0,
    now: Date.now(),
    // Yellow at the bottom, or the seat whose better move is drawn.
    ...drawing,
  };
}

/**
 * A rated game's players, each a link to their page, with what the game
 * did to their rating: "Rated game (Standard): Ada (Yellow) 1500? →
 * 1662? (+162) · Bo (Blue) 1500? → 1338? (−162)"; a game of a rated room
 * that was not rated says why. Null for a casual game.
 * @param {any} game `/api/games/ID`'s answer
 */
export function ratedLine(game) {
  const rated = game.rated;
  if (!rated) return null;
  if (rated.not_rated) {
    return h("p", { class: "rated-line", id: "ratings" }, t("replay-not-rated", { pool: poolName(rated.pool), reason: notRatedWords(rated.not_rated) }));
  }
  /** Each player: their name (a link to their page), seat and change. @param {import("./words.js").Seat} seat */
  const player = (seat) => {
    const key = rated.keys?.[seat];
    const name = String(game.players[seat]);
    const named = key ? h("a", { href: `/p/${key}`, class: "player-link", "data-seat": seat }, h("bdi", {}, name)) : name;
    const change = rated.ratings?.[seat];
    const args = { name: named, seat: seatName(seat) };
    return change ? wordsWith("replay-rated-player-change", { ...args, change: changeWords(change) }, ["name"]) : wordsWith("replay-rated-player", args, ["name"]);
  };
  return h("p", { class: "rated-line", id: "ratings" }, wordsWith("replay-rated", { pool: poolName(rated.pool), yellow: player("yellow"), blue: player("blue") }));
}

/**
 * A game that ended at its deal (`aborted_deal` in place of a record):
 * who played, that nothing was dealt, who sealed a nonce and never opened
 * it, the result, and this page's own check of the deal and of that result.
 * @param {HTMLElement} root
 * @param {any} game `/api/games/ID`'s answer
 */
async function showAbortedDeal(root, game) {
  const deal = game.aborted_deal;
  const players = { yellow: String(game.players.yellow), blue: String(game.players.blue) };
  document.title = t("replay-aborted-title", players);
  const meta = deal.options
    ? t("replay-meta", { code: game.room, variant: variantText({ game: deal.options, deadline_ms: game.deadline_ms ?? null }) })
    : t("replay-meta-room", { code: game.room });
  const refusal = refusalWords(deal);
  // A live region from the start: the verdict, once in, is heard.
  const fairness = h("p", { id: "fairness", role: "status" }, t("replay-checking"));
  replace(
    root,
    h(
      "section",
      { class: "room aborted-deal" },
      h("header", { class: "room-title" }, h("h1", {}, wordsWith("replay-players", players, ["yellow", "blue"])), h("span", { class: "meta" }, meta)),
      h("p", { class: "step" }, t("replay-aborted")),
      refusal ? h("p", { id: "refusal" }, refusal) : null,
      h("h2", {}, t("replay-result")),
      h("p", { class: "result" }, resultText(game.result)),
      ratedLine(game),
      h("h2", {}, t("replay-fairness")),
      fairness,
      matchSection(game, game.id ?? ""),
      h("p", {}, h("a", { href: "/" }, t("back-to-lobby"))),
    ),
  );
  let said;
  try {
    said = dealFairness(deal, await checkAbortedDeal(deal, game));
  } catch (error) {
    said = t("replay-check-failed", { error: String(error) });
  }
  fairness.textContent = said;
  fairness.className = fairnessKind(said);
}

/**
 * A game's place in its match, or null for a game played alone: its
 * number and the match's length, from the record's link (which its
 * commitment binds).
 * @param {any} game `/api/games/ID`'s answer
 * @returns {{id: string, number: number, firstTo: number} | null}
 */
function matchOf(game) {
  const link = game?.record?.fair?.match ?? game?.aborted_deal?.match ?? null;
  const id = game?.match?.id ?? link?.id;
  if (typeof id !== "string") return null;
  return { id, number: Number(game.match?.number ?? link?.number), firstTo: Number(link?.first_to ?? 0) };
}

/** "Game 2 of a match to 3 wins", under the title. @param {any} game */
function matchPlace(game) {
  const match = matchOf(game);
  return match ? h("p", { class: "meta", id: "match-place" }, placeWords(match)) : null;
}

/** @param {{number: number, firstTo: number}} match */
const placeWords = (match) => t("replay-match-place", { number: ungrouped(match.number), first_to: ungrouped(match.firstTo) });

/**
 * The game's match, for a game of one: its games in order, each a link
 * (this one marked), and this page's check of the whole match — every game
 * fair, none missing, none put in, none moved, and the wins the server
 * says (match-check.js). Filled in as the match and its games come.
 * @param {any} game `/api/games/ID`'s answer @param {string} id this game's
 * @returns {HTMLElement | null}
 */
function matchSection(game, id) {
  const match = matchOf(game);
  if (!match) return null;
  const games = h("p", { id: "match-games" }, t("replay-match-loading"));
  // A live region from the start: the verdict, once in, is heard.
  const verdict = h("p", { id: "match-check", role: "status" }, t("replay-match-checking"));
  const section = h("section", { class: "match-games", "aria-labelledby": "match-title" }, h("h2", { id: "match-title" }, placeWords(match)), games, verdict);
  (async () => {
    const fetched = await fetchMatch(match.id);
    if ("failed" in fetched) {
      games.textContent = t("replay-match-unreachable", { error: fetched.failed });
      verdict.textContent = "";
      return;
    }
    const summary = fetched.summary;
    games.replaceChildren(...matchLinks(summary, id));
    const said = matchVerdictWords(await fetchAndCheckMatch(match.id, summary), summary);
    verdict.replaceChildren(saidNodes(said));
    verdict.className = matchVerdictKind(said);
  })().catch((error) => {
    verdict.textContent = t("match-check-failed", { error: String(error) });
  });
  return section;
}

/**
 * The match's games in order, each a link but this one: "The match's
 * games: game 1, game 2 (this one), game 3".
 * @param {any} summary `/api/matches/ID` @param {string} id this game's
 * @returns {(Node | string)[]}
 */
function matchLinks(summary, id) {
  const list = (Array.isArray(summary.games) ? summary.games : []).map((/** @type {string} */ game, /** @type {number} */ index) => {
    const number = ungrouped(index + 1);
    return game === id
      ? h("li", {}, h("span", { "aria-current": "page" }, t("replay-match-this-game", { number })))
      : h("li", {}, h("a", { href: `/g/${game}` }, t("replay-match-game", { number })));
  });
  return [t("replay-match-games"), " ", h("ol", { class: "match-game-list" }, ...list)];
}
