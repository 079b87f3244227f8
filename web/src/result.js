// A finished game's result on the room page, on the model: its record's id,
// and its analysis, asked for once per game (an `ask_analysis` effect,
// answered by an `analysed` event) so that each player's accuracy is told.
// Nothing here touches the page or the network.

import { t, wordsWith } from "./catalogue.js";
import { gamePlayers } from "./messages.js";
import { say } from "./telling.js";
import { SEATS, seatName } from "./words.js";

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").Effect} Effect */

/**
 * The record id of the room's latest game: null when the server kept
 * nothing of it (a game never dealt, on a server that keeps no deal).
 * @param {Model} model
 * @returns {string | null}
 */
export function recordId(model) {
  const room = model.room;
  return model.unrecorded === room.game ? null : (room.game_ids[room.game_ids.length - 1] ?? null);
}

/**
 * Asks the server for the analysis of the game just finished — as it
 * ends, or when the page comes back to a finished room — once per game:
 * the result then says each player's accuracy. The server keeps what it
 * made (and analyses every rated game anyway), so the replay's analysis
 * is at hand afterwards. Called after every message; the model keeps
 * what was asked, so that neither a message nor a redraw asks again.
 * @param {Model} model @param {Effect[]} out
 */
export function analyseResult(model, out) {
  const room = model.room;
  if (room?.status !== "finished" || !room.result) return;
  const id = recordId(model);
  // A game never dealt has no cake to analyse, an aborted one no move.
  if (!id || !room.view || room.result.ending?.kind === "aborted" || model.analysis?.id === id) return;
  model.analysis = { id, asked: { kind: "working" } };
  out.push({ kind: "ask_analysis", id });
}

/**
 * The analysis of game record `id` answered: kept, and told (held, like
 * the result, while the last reveal plays). Another game's since: nothing
 * to tell of this one. Returns whether it was this game's.
 * @param {Model} model @param {{id: string, asked: import("./analysis.js").Asked}} event @param {Effect[]} out
 */
export function analysed(model, event, out) {
  if (model.analysis?.id !== event.id) return false;
  model.analysis = { id: event.id, asked: event.asked };
  const said = accuracyWords(model, event.asked);
  say(model, out, said.endsWith(".") ? said : `${said}.`);
  return true;
}

/**
 * What the result says of the players' accuracy as the analysis stands:
 * "Accuracy (rounds without a mistake): Ann (Yellow, you) 92 %, Bob
 * (Blue) 85 % — each round in the replay", or why there is none yet.
 * @param {Model} model @param {import("./analysis.js").Asked} asked
 */
export function accuracyWords(model, asked) {
  if (asked.kind !== "done") return notYet(asked);
  const each = accuracies(model, asked.analysis).map(({ seat, name, you, choices, accuracy }) => {
    // Named as everywhere in the result ("Ann (Yellow)"), the viewer's own seat marked.
    const player = t("result-player", { name, seat: seatName(seat), named: name ? "yes" : "no", you: you ? "yes" : "no" });
    return choices === 0 ? t("result-no-choice", { player }) : t("result-player-accuracy", { player, accuracy });
  });
  return t("result-accuracy", { players: each.join(", ") });
}

/**
 * The same as `accuracyWords`, for the page: each name in its own element.
 * @param {Model} model @param {import("./analysis.js").Asked} asked
 * @returns {Node | string}
 */
export function accuracyNodes(model, asked) {
  if (asked.kind !== "done") return notYet(asked);
  const players = document.createDocumentFragment();
  accuracies(model, asked.analysis).forEach(({ seat, name, you, choices, accuracy }, index) => {
    if (index > 0) players.append(", ");
    const player = wordsWith("result-player", { name, seat: seatName(seat), named: name ? "yes" : "no", you: you ? "yes" : "no" }, ["name"]);
    players.append(choices === 0 ? wordsWith("result-no-choice", { player }) : wordsWith("result-player-accuracy", { player, accuracy }));
  });
  return wordsWith("result-accuracy", { players });
}

/** Why the result has no accuracy yet. @param {import("./analysis.js").Asked} asked */
function notYet(asked) {
  if (asked.kind === "failed") {
    // Busy (503): no fault, only later.
    return asked.status === 503 ? t("result-analysis-busy") : asked.message;
  }
  return t("result-analysing");
}

/**
 * Each seat's player and accuracy (rounded, in %), in seat order.
 * @param {Model} model @param {any} analysis
 * @returns {{seat: import("./words.js").Seat, name: string, you: boolean, choices: number, accuracy: number}[]}
 */
function accuracies(model, analysis) {
  const players = gamePlayers(model);
  const you = model.room.you;
  return SEATS.map((seat) => {
    const summary = analysis.players[seat];
    return { seat, name: players[seat]?.name ?? "", you: seat === you, choices: summary.choices, accuracy: Math.round(summary.accuracy) };
  });
}
