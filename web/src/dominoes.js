// Dominoes drawn as SVG: two halves with their pips, or a back.

import { svg } from "./dom.js";

/** Pip positions on a 3×3 grid of a half, for 0–6. */
const LAYOUT = [
  [],
  [[1, 1]],
  [[0, 0], [2, 2]],
  [[0, 0], [1, 1], [2, 2]],
  [[0, 0], [0, 2], [2, 0], [2, 2]],
  [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
  [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
];

/**
 * A piece face up, as `3/5`.
 * @param {string} piece
 * @returns {SVGElement}
 */
export function domino(piece) {
  const [left, right] = piece.split("/").map(Number);
  const halves = [left, right].flatMap((value, half) =>
    (LAYOUT[value] ?? []).map(([row, column]) =>
      svg("circle", { cx: 6 + half * 20 + column * 4, cy: 4 + row * 4, r: 1.5, class: "pip" }),
    ),
  );
  return svg(
    "svg",
    { viewBox: "0 0 40 20", class: "domino", "aria-hidden": "true" },
    svg("rect", { x: 0.5, y: 0.5, width: 39, height: 19, rx: 3, class: "face" }),
    svg("line", { x1: 20, y1: 3, x2: 20, y2: 17, class: "divider" }),
    ...halves,
  );
}

/** A piece face down. @returns {SVGElement} */
export function back() {
  return svg(
    "svg",
    { viewBox: "0 0 40 20", class: "domino back", "aria-hidden": "true" },
    svg("rect", { x: 0.5, y: 0.5, width: 39, height: 19, rx: 3, class: "back-face" }),
    svg("path", { d: "M6 10 L20 4 L34 10 L20 16 Z", class: "back-mark" }),
  );
}

/** Pip positions of a die face on a 3×3 grid, for 1–6. */
const DIE = [
  [],
  [[1, 1]],
  [[0, 0], [2, 2]],
  [[0, 0], [1, 1], [2, 2]],
  [[0, 0], [0, 2], [2, 0], [2, 2]],
  [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
  [[0, 0], [0, 2], [1, 0], [1, 2], [2, 0], [2, 2]],
];

/**
 * A die showing `value` (1–6), drawn: no font needed.
 * @param {number} value
 * @returns {SVGElement}
 */
export function die(value) {
  return svg(
    "svg",
    { viewBox: "0 0 20 20", class: "die", "aria-hidden": "true", "data-value": value },
    svg("rect", { x: 1, y: 1, width: 18, height: 18, rx: 4, class: "die-face" }),
    ...(DIE[value] ?? []).map(([row, column]) => svg("circle", { cx: 5 + column * 5, cy: 5 + row * 5, r: 1.8, class: "pip" })),
  );
}

/** Redraws a die in place with another value (a tumbling die). @param {Element} drawn @param {number} value */
export function turnDie(drawn, value) {
  drawn.replaceWith(die(value));
}

/** A stopwatch, drawn (an emoji font is not on every machine). @returns {SVGElement} */
export function clockIcon() {
  return svg(
    "svg",
    { viewBox: "0 0 20 20", class: "icon", "aria-hidden": "true" },
    svg("circle", { cx: 10, cy: 11, r: 7, class: "icon-line" }),
    svg("path", { d: "M10 11 L10 6.5 M8 2.5 L12 2.5 M10 2.5 L10 4", class: "icon-line" }),
  );
}
