// A rating's history as a small chart: inline SVG built with the DOM API
// (no markup parsed, nothing loaded, no style attribute: the stylesheet
// colours it). Where each point goes is a pure function (`chartGeometry`),
// tested under Node; the points are spaced by game, not by date, so that a
// burst of games one evening reads as clearly as a game a month.

import { t, ungrouped } from "./catalogue.js";
import { svg } from "./dom.js";
import { PROVISIONAL_DEVIATION, ratingText, rounded } from "./ratings.js";

/** @typedef {{at_ms: number, rating: number, deviation: number}} Point */
/** @typedef {{width: number, height: number, left: number, right: number, top: number, bottom: number}} Box */
/** @typedef {{x: number, y: number, rating: number, at_ms: number}} Placed */
/**
 * @typedef {{points: Placed[], path: string, low: number, high: number, ticks: {y: number, value: number}[], box: Box}} Geometry
 */

/** The chart's drawing box (SVG units; the chart scales to its column). */
export const CHART_BOX = /** @type {Box} */ ({ width: 320, height: 140, left: 40, right: 12, top: 10, bottom: 26 });
/** The scale's steps: its ends are multiples of this. */
const STEP = 50;
/** The least span of ratings drawn: a few points of change do not fill the chart. */
const LEAST_SPAN = 100;

/** One decimal is plenty in a 320-unit box. @param {number} value */
const tidy = (value) => Math.round(value * 10) / 10;

/**
 * Where each point of `history` goes in `box`, oldest on the left; the
 * scale runs from `low` to `high` (multiples of 50, at least 100 apart),
 * with ticks at both ends and the middle. Null for no history.
 * @param {Point[]} history
 * @param {Box} [box]
 * @returns {Geometry | null}
 */
export function chartGeometry(history, box = CHART_BOX) {
  const ratings = history.map((point) => point.rating).filter(Number.isFinite);
  if (!ratings.length || ratings.length !== history.length) return null;
  let low = Math.floor(Math.min(...ratings) / STEP) * STEP;
  let high = Math.ceil(Math.max(...ratings) / STEP) * STEP;
  while (high - low < LEAST_SPAN) {
    low -= STEP;
    if (high - low < LEAST_SPAN) high += STEP;
  }
  const x0 = box.left;
  const x1 = box.width - box.right;
  const y0 = box.top;
  const y1 = box.height - box.bottom;
  const xOf = (/** @type {number} */ index) => (history.length === 1 ? (x0 + x1) / 2 : x0 + ((x1 - x0) * index) / (history.length - 1));
  const yOf = (/** @type {number} */ rating) => y1 - ((rating - low) / (high - low)) * (y1 - y0);
  const points = history.map((point, index) => ({ x: tidy(xOf(index)), y: tidy(yOf(point.rating)), rating: point.rating, at_ms: point.at_ms }));
  const path = points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");
  const ticks = [high, (low + high) / 2, low].map((value) => ({ y: tidy(yOf(value)), value }));
  return { points, path, low, high, ticks, box };
}

/** The page's language (`<html lang>`), English without a page (Node's tests). */
function pageLanguage() {
  return (typeof document === "undefined" ? "" : document.documentElement.lang) || "en";
}

/**
 * A day (UTC, as the server keeps it), written the page's language's way
 * with every figure: `2025-06-01` in English (ISO 8601, read the same
 * everywhere), `01/06/2025` in French and Spanish.
 * @param {number} ms
 */
export function dateText(ms) {
  const date = new Date(ms);
  const language = pageLanguage();
  if (language === "en" || language.startsWith("en-")) return date.toISOString().slice(0, 10);
  return new Intl.DateTimeFormat(language, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }).format(date);
}

/** What the chart shows, in words (its accessible name). @param {Point[]} history */
export function chartWords(history) {
  const shown = (/** @type {Point} */ point) => ratingText({ ...point, volatility: 0, games: 0, provisional: point.deviation > PROVISIONAL_DEVIATION });
  const first = history[0];
  const last = history[history.length - 1];
  const lowest = Math.min(...history.map((point) => rounded(point.rating)));
  const highest = Math.max(...history.map((point) => rounded(point.rating)));
  if (history.length === 1) return t("chart-words-one", { rating: shown(last) });
  return t("chart-words", { games: history.length, first: shown(first), last: shown(last), lowest: ungrouped(lowest), highest: ungrouped(highest) });
}

/**
 * The chart of a rating's history, or null for none.
 * @param {Point[]} history oldest first
 * @returns {SVGElement | null}
 */
export function ratingChart(history) {
  const geometry = chartGeometry(history);
  if (!geometry) return null;
  const { box, points, ticks } = geometry;
  const right = box.width - box.right;
  const bottom = box.height - box.bottom;
  const label = (/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ anchor, /** @type {string} */ text) => {
    const element = svg("text", { x, y, "text-anchor": anchor, class: "tick" });
    element.textContent = text;
    return element;
  };
  const first = points[0];
  const last = points[points.length - 1];
  const dates = points.length === 1
    ? [label(first.x, box.height - 6, "middle", dateText(first.at_ms))]
    : [label(box.left, box.height - 6, "start", dateText(first.at_ms)), label(right, box.height - 6, "end", dateText(last.at_ms))];
  return svg(
    "svg",
    { viewBox: `0 0 ${box.width} ${box.height}`, class: "rating-chart", role: "img", "aria-label": chartWords(history) },
    ...ticks.flatMap((tick) => [
      svg("line", { x1: box.left, x2: right, y1: tick.y, y2: tick.y, class: "grid" }),
      label(box.left - 4, tick.y + 3.5, "end", String(tick.value)),
    ]),
    svg("line", { x1: box.left, x2: right, y1: bottom, y2: bottom, class: "axis" }),
    svg("path", { d: geometry.path, class: "trend" }),
    ...points.map((point) => svg("circle", { cx: point.x, cy: point.y, r: points.length > 40 ? 1.5 : 2.5, class: "point" })),
    ...dates,
  );
}
