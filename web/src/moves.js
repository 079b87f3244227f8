// Choosing a move, on the model: mice put on columns (a tap on the board,
// a key) and taken off, a steal's target, and the keys as in the terminal
// client. What a column offers comes from the round's `choices`: the page
// decides no rule. Nothing here touches the page.

import { t } from "./catalogue.js";
import { sealedHere } from "./seals.js";
import { COLUMNS } from "./words.js";

/** @typedef {import("./state.js").Model} Model */

/**
 * Whether this player has to decide now, in the room shown: not once this
 * page has sealed its move, before the server shows it (the server sends
 * a player's own seal with what follows it, protocol 13).
 * @param {Model} model
 */
export function deciding(model) {
  const room = model.room;
  if (!room || !room.you || room.status !== "playing" || !room.choices) return false;
  const choices = room.choices[room.you];
  return choices.mice > 0 && !choices.forced && !room.committed[room.you] && !sealedHere(model);
}

/**
 * Puts a mouse on `column` (`change` 1) or takes one off (-1); a column
 * that takes none says why in the notice.
 * @param {Model} model @param {number} column @param {number} change
 */
export function place(model, column, change) {
  const room = model.room;
  const choices = room.choices[room.you];
  const access = choices.columns[column].access;
  const placed = model.mice.reduce((sum, mice) => sum + mice, 0);
  model.column = column;
  if (change > 0) {
    if (!["piece", "face_down", "steal"].includes(access)) {
      model.notice = access === "nothing_to_steal"
        ? t("moves-nothing-to-steal", { column: COLUMNS[column] })
        : t("moves-no-piece", { column: COLUMNS[column] });
      return;
    }
    if (placed >= choices.mice) {
      model.notice = t("moves-all-placed", { count: choices.mice });
      return;
    }
    model.mice[column] += 1;
    if (access === "steal" && !model.steal) model.steal = choices.steal_targets[0] ?? null;
  } else if (model.mice[column] > 0) {
    model.mice[column] -= 1;
    if (model.mice[column] === 0 && access === "steal") model.steal = null;
  }
  model.notice = "";
}

/** The next steal target. @param {Model} model */
export function cycleTarget(model) {
  const targets = model.room.choices[model.room.you].steal_targets;
  if (!targets.length) return;
  const index = model.steal ? targets.indexOf(model.steal) : -1;
  model.steal = targets[(index + 1) % targets.length];
}

/** Takes every mouse off. @param {Model} model */
export function clear(model) {
  model.mice = [0, 0, 0, 0];
  model.steal = null;
}

/**
 * What a key does to the move being chosen: "commit" for Enter, "moved"
 * for a key that changed it, "" for a key that is not the move's.
 * @param {Model} model @param {string} key
 * @returns {"commit" | "moved" | ""}
 */
export function moveKey(model, key) {
  const letter = key.toUpperCase();
  if (key === "ArrowLeft" || key === "h") model.column = (model.column + 3) % 4;
  else if (key === "ArrowRight" || key === "l") model.column = (model.column + 1) % 4;
  else if (COLUMNS.includes(letter) && key.length === 1) model.column = COLUMNS.indexOf(letter);
  else if (key === "ArrowUp" || key === "+" || key === "k") place(model, model.column, 1);
  else if (key === "ArrowDown" || key === "-" || key === "j") place(model, model.column, -1);
  else if (key === "t") cycleTarget(model);
  else if (key === "x") clear(model);
  else if (key === "Enter") return "commit";
  else return "";
  return "moved";
}
