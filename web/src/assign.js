// The panel of a player choosing a move (moves.js changes the move): how
// many mice are placed, Commit and Clear, a steal's target, and what the
// chosen column offers with the engine's exact odds for one to four mice,
// before the first mouse is placed. What a column offers comes from the
// round's `choices`: the page decides no rule.

import { h } from "./dom.js";
import { COLUMNS, pips, plural } from "./words.js";

/** @typedef {import("./state.js").Model} Model */

/** @param {number} part @param {number} whole */
export function percent(part, whole) {
  const value = (100 * part) / whole;
  if (part > 0 && value < 1) return "<1%";
  if (part < whole && value > 99) return ">99%";
  return `${Math.round(value)}%`;
}

/**
 * The engine's odds of taking `piece` and of tiring (or boosting) with 1–4
 * mice, the count placed marked.
 * @param {Map<string, any>} odds @param {string} piece @param {boolean} boost @param {number} placed
 */
function oddsLines(odds, piece, boost, placed) {
  const table = odds.get(piece)?.[boost ? "boost" : "standard"];
  if (!table) return [];
  const row = (/** @type {string} */ what, /** @type {(chances: any) => number} */ part) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, what),
      ...table.map((/** @type {any} */ chances, /** @type {number} */ index) =>
        h("td", { class: index + 1 === placed ? "placed" : "" }, percent(part(chances), chances.outcomes)),
      ),
    );
  return [
    h(
      "table",
      { class: "odds", "aria-label": `Odds on ${piece} with 1 to 4 mice` },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "mice"), ...[1, 2, 3, 4].map((mice) => h("th", { scope: "col", class: mice === placed ? "placed" : "" }, String(mice))))),
      h(
        "tbody",
        {},
        row("take", (chances) => chances.success),
        row(boost ? "boost" : "tire", (chances) => chances.matched),
      ),
    ),
  ];
}

/**
 * What the chosen column offers, with its odds.
 * @param {Model} model @param {Map<string, any>} odds
 */
function columnHelp(model, odds) {
  const room = model.room;
  const choices = room.choices[room.you];
  const boost = room.options.game.boost;
  const letter = COLUMNS[model.column];
  const access = choices.columns[model.column];
  const mice = model.mice[model.column];
  switch (access.access) {
    case "piece":
      return [h("p", {}, `${letter}: ${access.piece} (${plural(pips(access.piece), "pip", "pips")}). `, boost ? "A match boosts: those mice roll again at the next piece." : "A match tires: those mice rest a round."), ...oddsLines(odds, access.piece, boost, mice)];
    case "face_down":
      return [h("p", {}, `${letter}: a face-down piece. It turns up before the dice roll; your mice go for it whatever it is.`)];
    case "steal": {
      const target = model.steal ?? choices.steal_targets[0];
      return [
        h("p", {}, `${letter}: the double-blank. Mice here steal a piece of your choice from your opponent's stash (and take the double-blank), rolling against that piece.${target ? ` Against ${target}:` : ""}`),
        ...(target ? oddsLines(odds, target, boost, mice) : []),
      ];
    }
    case "nothing_to_steal":
      return [h("p", {}, `${letter}: the double-blank, but your opponent has nothing to steal yet.`)];
    default:
      return [h("p", {}, `${letter}: no piece left.`)];
  }
}

/**
 * The panel of a player who has to move.
 * @param {Model} model @param {Map<string, any>} odds
 * @param {{commit: () => void, clear: () => void, steal: (piece: string) => void}} act
 */
export function assignPanel(model, odds, act) {
  const room = model.room;
  const choices = room.choices[room.you];
  const placed = model.mice.reduce((sum, mice) => sum + mice, 0);
  const stealing = COLUMNS.some((_, column) => model.mice[column] > 0 && choices.columns[column].access === "steal");
  const commitButton = h("button", { type: "button", class: "primary", id: "commit", disabled: placed !== choices.mice }, "Commit", h("span", { class: "wide-only" }, " (secret until both are in)"));
  commitButton.addEventListener("click", act.commit);
  const clear = h("button", { type: "button", id: "clear", disabled: placed === 0 }, "Clear");
  clear.addEventListener("click", act.clear);
  let picker = null;
  if (stealing) {
    const select = /** @type {HTMLSelectElement} */ (h("select", { id: "steal", "aria-label": "piece to steal" }, ...choices.steal_targets.map((/** @type {string} */ piece) => h("option", { value: piece, selected: piece === model.steal }, `${piece} (${plural(pips(piece), "pip", "pips")})`))));
    select.addEventListener("change", () => act.steal(select.value));
    picker = h("p", { class: "steal" }, h("label", { for: "steal" }, "Steal "), select);
  }
  return h(
    "section",
    { class: "assign", "aria-label": "Your move", "data-round": String(room.view.round) },
    h("h2", {}, `Your move: ${placed} of ${plural(choices.mice, "mouse", "mice")} placed`),
    h("p", { class: "buttons" }, commitButton, " ", clear),
    picker,
    h("div", { class: "column-help", id: "column-help" }, ...columnHelp(model, odds)),
    h("p", { class: "keys" }, "Tap a column to put a mouse on it, − to take one off. Keys: ←/→ or a–d column, ↑/↓ a mouse, t target, x clear, Enter commit."),
  );
}
