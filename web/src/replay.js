// A finished game at /g/ID, drawn as the live game is, round by round,
// forward and back (buttons, ←/→, Home/End). The cake after each round
// comes from the server (`/api/games/ID/views`): nothing is replayed here.

import { h, replace } from "./dom.js";
import { board, changedCells, families, roundItem } from "./room.js";
import { resultText, variantText } from "./words.js";

/**
 * @param {HTMLElement} root
 * @param {string} id
 */
export async function showReplay(root, id) {
  replace(root, h("p", {}, "Loading the game…"));
  const [game, views] = await Promise.all([
    fetch(`/api/games/${id}`).then((response) => response.json()),
    fetch(`/api/games/${id}/views`).then((response) => response.json()),
  ]).catch(() => [null, null]);
  if (!game || !game.record || !views || !views.views) {
    replace(root, h("section", { class: "replay" }, h("p", { class: "error", role: "alert" }, game?.message ?? "This game cannot be loaded."), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const rounds = game.record.rounds.map((/** @type {any} */ report) => ({ report, auto: { yellow: false, blue: false } }));
  let step = rounds.length;
  const show = () => {
    const room = {
      code: game.room,
      you: null,
      game: 1,
      status: step === rounds.length ? "finished" : "playing",
      players: {
        yellow: { name: game.players.yellow, connected: true },
        blue: { name: game.players.blue, connected: true },
      },
      view: views.views[step],
      committed: { yellow: false, blue: false },
      options: { game: game.record.options, deadline_ms: null },
    };
    const model = {
      room,
      changed: step > 0 ? changedCells(rounds[step - 1].report) : new Set(),
    };
    const previous = h("button", { type: "button", id: "previous", disabled: step === 0 }, "← Previous round");
    const next = h("button", { type: "button", id: "next", disabled: step === rounds.length }, "Next round →");
    previous.addEventListener("click", () => go(step - 1));
    next.addEventListener("click", () => go(step + 1));
    replace(
      root,
      h(
        "section",
        { class: "room replay" },
        h("header", { class: "room-title" }, h("h1", {}, `Replay: ${game.players.yellow} vs ${game.players.blue}`), h("span", { class: "meta" }, `room ${game.room} · ${variantText({ game: game.record.options, deadline_ms: null })}`)),
        h("p", { class: "step", role: "status" }, step === 0 ? "The cake as dealt" : `After round ${step} of ${rounds.length}`),
        h("p", { class: "buttons" }, previous, " ", next),
        families(/** @type {any} */ (model)),
        board(/** @type {any} */ (model), "yellow"),
        step === rounds.length ? h("p", { class: "result" }, resultText(game.result)) : null,
        h("section", { class: "log", "aria-label": "Rounds" }, h("h2", {}, "Rounds"), h("ol", { class: "rounds", reversed: true }, ...rounds.slice(0, step).reverse().map((/** @type {any} */ played) => roundItem(played, Infinity, -1, Date.now())))),
      ),
    );
  };
  /** @param {number} wanted */
  const go = (wanted) => {
    step = Math.max(0, Math.min(rounds.length, wanted));
    show();
    document.getElementById(step === rounds.length ? "previous" : "next")?.focus();
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(rounds.length);
  });
  show();
}
