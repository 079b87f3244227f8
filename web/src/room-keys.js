// What a person does on the room page as a whole, turned into events: a
// key (on a text field, on a button or link, or on the page), a tap during
// a reveal (which ends it), the tab shown again, and a tap or key that
// wakes the sound. The controls drawn (room-draw.js) send their own.

import { wakeSound } from "./cues.js";
import { COLUMNS } from "./words.js";

/** @typedef {(event: import("./state.js").RoomEvent, cause?: Event) => void} Dispatch */

/**
 * Listens to the page until `signal` aborts.
 * @param {Dispatch} dispatch @param {() => boolean} revealing whether a reveal plays @param {AbortSignal} signal
 */
export function listen(dispatch, revealing, signal) {
  document.addEventListener("keydown", (event) => dispatch({ kind: "key", key: event.key, on: keyTarget(event) }, event), { signal });
  // A tap during a reveal ends it, and still does what it was for: a tap
  // on a column puts a mouse there once the move is open.
  document.addEventListener(
    "click",
    (event) => {
      if (!revealing()) return;
      const target = /** @type {Element} */ (event.target);
      const cell = target.closest?.("table.board [data-column]");
      dispatch({ kind: "tap_during_reveal", column: cell ? COLUMNS.indexOf(cell.getAttribute("data-column") ?? "") : -1 }, event);
    },
    { capture: true, signal },
  );
  document.addEventListener("visibilitychange", () => dispatch({ kind: "tick" }), { signal });
  wakeSound(() => dispatch({ kind: "changed" }), signal);
}

/**
 * Where a key was pressed: in a text field, on a button or a link (whose
 * Enter and Space are theirs), or on the page.
 * @param {KeyboardEvent} event
 * @returns {"field" | "control" | "page"}
 */
function keyTarget(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return "field";
  if (target?.closest?.("button, a, summary")) return "control";
  return "page";
}
