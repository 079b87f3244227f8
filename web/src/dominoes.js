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
