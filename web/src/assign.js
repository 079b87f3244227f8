// The panel of a player choosing a move (moves.js changes the move): how
// many mice are placed, Commit and Clear, a steal's target, and what the
// chosen column offers with the engine's exact odds for one to four mice,
// before the first mouse is placed. What a column offers comes from the
// round's `choices`: the page decides no rule.

import { t, ungrouped } from "./catalogue.js";
import { h } from "./dom.js";
import { COLUMNS, pips } from "./words.js";

/** @typedef {import("./state.js").Model} Model */

/** `42%`, `<1%`, `>99%`, as the language writes a percentage. @param {number} part @param {number} whole */
export function percent(part, whole) {
  const value = (100 * part) / whole;
  if (part > 0 && value < 1) return t("assign-percent-below-one");
  if (part < whole && value > 99) return t("assign-percent-above-99");
  return t("assign-percent", { value: Math.round(value) });
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
      { class: "odds", "aria-label": t("assign-odds", { piece }) },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("assign-odds-mice")), ...[1, 2, 3, 4].map((mice) => h("th", { scope: "col", class: mice === placed ? "placed" : "" }, String(mice))))),
      h(
        "tbody",
        {},
        row(t("assign-odds-take"), (chances) => chances.success),
        row(boost ? t("assign-odds-boost") : t("assign-odds-tire"), (chances) => chances.matched),
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
    case "piece": {
      const args = { column: letter, piece: access.piece, pips: ungrouped(pips(access.piece)) };
      return [h("p", {}, boost ? t("assign-help-piece-boost", args) : t("assign-help-piece", args)), ...oddsLines(odds, access.piece, boost, mice)];
    }
    case "face_down":
      return [h("p", {}, t("assign-help-face-down", { column: letter }))];
    case "steal": {
      const target = model.steal ?? choices.steal_targets[0];
      return [
        h("p", {}, target ? t("assign-help-steal-against", { column: letter, piece: target }) : t("assign-help-steal", { column: letter })),
        ...(target ? oddsLines(odds, target, boost, mice) : []),
      ];
    }
    case "nothing_to_steal":
      return [h("p", {}, t("assign-help-nothing-to-steal", { column: letter }))];
    default:
      return [h("p", {}, t("assign-help-empty", { column: letter }))];
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
  const commitButton = h("button", { type: "button", class: "primary", id: "commit", disabled: placed !== choices.mice }, t("assign-commit"), h("span", { class: "wide-only" }, " ", t("assign-commit-secret")));
  commitButton.addEventListener("click", act.commit);
  const clear = h("button", { type: "button", id: "clear", disabled: placed === 0 }, t("assign-clear"));
  clear.addEventListener("click", act.clear);
  let picker = null;
  if (stealing) {
    const select = /** @type {HTMLSelectElement} */ (h("select", { id: "steal", "aria-label": t("assign-steal-target") }, ...choices.steal_targets.map((/** @type {string} */ piece) => h("option", { value: piece, selected: piece === model.steal }, t("assign-steal-option", { piece, pips: ungrouped(pips(piece)) })))));
    select.addEventListener("change", () => act.steal(select.value));
    picker = h("p", { class: "steal" }, h("label", { for: "steal" }, t("assign-steal"), " "), select);
  }
  return h(
    "section",
    { class: "assign", "aria-label": t("assign-label"), "data-round": String(room.view.round) },
    h("h2", {}, t("assign-heading", { placed, count: choices.mice })),
    h("p", { class: "buttons" }, commitButton, " ", clear),
    picker,
    h("div", { class: "column-help", id: "column-help" }, ...columnHelp(model, odds)),
    h("p", { class: "keys" }, t("assign-keys")),
  );
}
