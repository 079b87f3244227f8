// A finished game at /g/ID, drawn as the live game is, round by round,
// forward and back (buttons, ←/→, Home/End). The cake after each round
// comes from the server (`/api/games/ID/views`): nothing is replayed here.
// A game that ended at its deal has no cake: its page tells how it ended
// and checks the deal itself. The game's analysis, asked for on the page,
// follows the steps (`analysis.js`).

import { gameAnalysis } from "./analysis.js";
import { board, families } from "./board.js";
import { h, replace } from "./dom.js";
import { logPanel } from "./log.js";
import { changeWords, poolName } from "./ratings.js";
import { notFound } from "./pages.js";
import { dealFairness } from "./check.js";
import { changedCells } from "./reveals.js";
import { checkAbortedDeal } from "./verify.js";
import { SEATS, notRatedWords, refusalWords, resultText, seatName, variantText } from "./words.js";

/**
 * @param {HTMLElement} root
 * @param {string} id
 */
export async function showReplay(root, id) {
  replace(root, h("p", {}, "Loading the game…"));
  const { game, views, found, missing } = await loadGame(id);
  if (found && game?.aborted_deal) {
    await showAbortedDeal(root, game);
    return;
  }
  if (!game?.record || !views?.views) {
    // Worded as the other pages that are not there ("No room has the code …").
    notFound(root, missing ? `No game has the id ${id}.` : (game?.message ?? "This game cannot be loaded."));
    return;
  }
  const rounds = game.record.rounds.map((/** @type {any} */ report) => ({ report, auto: { yellow: false, blue: false } }));
  const options = { game: game.record.options, deadline_ms: game.deadline_ms ?? null, rated: Boolean(game.rated) };
  const title = `${game.players.yellow} (Yellow) vs ${game.players.blue} (Blue)`;
  document.title = `Replay: ${title} · Mice Cake`;
  let step = rounds.length;
  const analysis = gameAnalysis(id, game.players, { redraw: () => show(), go: (wanted, focus) => go(wanted, focus) });
  const show = () => {
    analysis.follow(step, rounds.length);
    const scene = sceneAt(game, views.views[step], step > 0 ? rounds[step - 1].report : null, options, analysis.drawing());
    const previous = h("button", { type: "button", id: "previous", disabled: step === 0 }, "← Previous round");
    const next = h("button", { type: "button", id: "next", disabled: step === rounds.length }, "Next round →");
    previous.addEventListener("click", () => go(step - 1));
    next.addEventListener("click", () => go(step + 1));
    const noAct = { tap: () => {}, less: () => {} };
    replace(
      root,
      h(
        "section",
        { class: "room replay" },
        h("header", { class: "room-title" }, h("h1", {}, `Replay: ${title}`), h("span", { class: "meta" }, `room ${game.room} · ${variantText(options)}`)),
        ratedLine(game),
        h("p", { class: "step", role: "status" }, step === 0 ? "The cake as dealt" : `After round ${step} of ${rounds.length}`),
        h("p", { class: "buttons" }, previous, " ", next),
        families(scene),
        board(scene, noAct),
        analysis.underBoard(),
        step === rounds.length ? h("p", { class: "result" }, resultText(game.result)) : null,
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
    return h("p", { class: "rated-line", id: "ratings" }, `Played in a rated room (${poolName(rated.pool)}), not rated: ${notRatedWords(rated.not_rated)}.`);
  }
  /** @type {Array<Node | string>} */
  const parts = [];
  for (const seat of SEATS) {
    if (parts.length) parts.push(" · ");
    const key = rated.keys?.[seat];
    const name = game.players[seat];
    parts.push(key ? h("a", { href: `/p/${key}`, class: "player-link", "data-seat": seat }, name) : name, ` (${seatName(seat)})`);
    const change = rated.ratings?.[seat];
    if (change) parts.push(` ${changeWords(change)}`);
  }
  return h("p", { class: "rated-line", id: "ratings" }, `Rated game (${poolName(rated.pool)}): `, ...parts);
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
  const title = `${game.players.yellow} (Yellow) vs ${game.players.blue} (Blue)`;
  document.title = `Ended at its deal: ${title} · Mice Cake`;
  const variant = deal.options ? ` · ${variantText({ game: deal.options, deadline_ms: game.deadline_ms ?? null })}` : "";
  const refusal = refusalWords(deal);
  // A live region from the start: the verdict, once in, is heard.
  const fairness = h("p", { id: "fairness", role: "status" }, "Checking that the game was fair…");
  replace(
    root,
    h(
      "section",
      { class: "room aborted-deal" },
      h("header", { class: "room-title" }, h("h1", {}, title), h("span", { class: "meta" }, `room ${game.room}${variant}`)),
      h("p", { class: "step" }, "The game ended at its deal, before anything was dealt."),
      refusal ? h("p", { id: "refusal" }, refusal) : null,
      h("h2", {}, "Result"),
      h("p", { class: "result" }, resultText(game.result)),
      ratedLine(game),
      h("h2", {}, "Fairness"),
      fairness,
      h("p", {}, h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
  let said;
  try {
    said = dealFairness(deal, await checkAbortedDeal(deal, game));
  } catch (error) {
    said = `Could not check the game: ${error}`;
  }
  fairness.textContent = said;
  fairness.className = said.startsWith("✓") ? "fair" : said.startsWith("NOT") ? "error" : "";
}
