// A finished game's analysis, on its replay (/g/ID): asked of the server
// (`/api/games/ID/analysis`) on a click, it shows each player's summary
// and, at each step of the replay, the round whose position is on the
// cake: both moves against the best the server found, the better move
// drawn on the cake for the seat chosen. The server analyses; nothing is
// computed here but the words. A room's result asks it too (`askAnalysis`),
// for each player's accuracy.

import { t, ungrouped, wordsWith } from "./catalogue.js";
import { h, replace } from "./dom.js";
import { refusalText } from "./refusals.js";
import { SEATS, assignmentText, seatMark, seatName } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */
/** @typedef {{mice: number[], steal?: string | null}} Assignment */
/** @typedef {{played: Assignment, played_value: number, best: Assignment, best_value: number, loss: number, loss_low: number, loss_high: number, mistake: boolean, playouts: number, at_deadline: boolean}} MoveAnalysis */
/** @typedef {{round: number, analysed: boolean, moves: Record<Seat, MoveAnalysis | null>}} RoundAnalysis */
/** @typedef {{choices: number, total_loss: number, average_loss: number, best_moves: number, accuracy: number, costliest: {round: number, loss: number}[]}} PlayerSummary */
/** @typedef {{version: number, rounds: RoundAnalysis[], players: Record<Seat, PlayerSummary>}} GameAnalysis */
/**
 * What asking for an analysis came to; a failure keeps the answer's
 * status (0: none came), so that a busy server (503) can be told apart.
 * @typedef {{kind: "idle"} | {kind: "working"} | {kind: "failed", message: string, again: boolean, status: number} | {kind: "done", analysis: GameAnalysis}} Asked
 */

/** A move is a mistake when its loss is surely at least this many pips (the engine's `MISTAKE_PIPS`); the server's verdict says which. */
export const MISTAKE_PIPS = 1.0;

/** The analysis's version this page reads (the engine's `ANALYSIS_VERSION`). */
const VERSION = 3;

/**
 * Pips rounded to one decimal, as the messages write them (`NUMBER(…,
 * minimumFractionDigits: 1, maximumFractionDigits: 1)`: `3.5`, in French
 * `3,5`): rounded here, half up, so that every language shows the same
 * figure. Never −0.
 * @param {number} value
 */
export const pipsValue = (value) => Math.round(value * 10) / 10 || 0;

/** A margin with its sign, a true minus: `+0.4`, `−3.1`, `0.0`. @param {number} value */
export function marginText(value) {
  const shown = pipsValue(value);
  if (shown === 0) return t("analysis-margin", { sign: "zero", pips: 0 });
  return value > 0 ? t("analysis-margin", { sign: "plus", pips: shown }) : t("analysis-margin", { sign: "minus", pips: pipsValue(-value) });
}

/** A loss and its 95 % interval's half width, for the messages: `3.5 ± 1.2`. @param {MoveAnalysis} move */
const lossArgs = (move) => ({ loss: pipsValue(move.loss), spread: pipsValue((move.loss_high - move.loss_low) / 2) });

/**
 * What one player's move in a round was worth, as the server's verdict
 * says (never a sharp loss the playouts cannot back): "Yellow played A2 B2
 * (expected −3.1); better: A3 B1 (+0.4): 3.5 ± 1.2 pips lost", "Yellow
 * played A3 B1, as good as any found", "Yellow played A3 B1, no clear
 * mistake (≈ 0.0 to 1.8 pips behind the best found)", "Yellow missed the
 * deadline: the server played A4" or "Yellow had no choice".
 * @param {Seat} seat @param {MoveAnalysis | null} move
 */
export function moveWords(seat, move) {
  const who = seatName(seat);
  if (!move) return t("analysis-move-no-choice", { seat: who });
  const played = assignmentText(move.played);
  const better = { best: assignmentText(move.best), bestMargin: marginText(move.best_value), ...lossArgs(move) };
  if (move.at_deadline) {
    return move.mistake ? t("analysis-move-deadline-mistake", { seat: who, played, ...better }) : t("analysis-move-deadline", { seat: who, played });
  }
  if (move.mistake) return t("analysis-move-mistake", { seat: who, played, playedMargin: marginText(move.played_value), ...better });
  if (move.loss_high < MISTAKE_PIPS) return t("analysis-move-best", { seat: who, played });
  return t("analysis-move-no-clear-mistake", { seat: who, played, low: pipsValue(move.loss_low), high: pipsValue(move.loss_high) });
}

/**
 * One player's game in a sentence: "Ann (Yellow): accuracy 75 %, no
 * mistake in 9 of 12 rounds with a choice, 0.8 pips lost a round on
 * average".
 * @param {string} name @param {Seat} seat @param {PlayerSummary} summary
 */
export function summaryWords(name, seat, summary) {
  if (summary.choices === 0) return wordsWith("analysis-summary-no-choice", { name, seat: seatName(seat) }, ["name"]);
  return wordsWith(
    "analysis-summary-player",
    {
      name,
      seat: seatName(seat),
      accuracy: Math.round(summary.accuracy),
      best: ungrouped(summary.best_moves),
      choices: ungrouped(summary.choices),
      loss: pipsValue(summary.average_loss),
    },
    ["name"],
  );
}

/**
 * Asks the server for the analysis of game `id` (the replay's, and the
 * room's at a game's end), checking that this page reads its version.
 * @param {string} id @returns {Promise<Asked>}
 */
export async function askAnalysis(id) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(`/api/games/${id}/analysis`);
  } catch {
    return { kind: "failed", message: t("analysis-unreachable"), again: true, status: 0 };
  }
  /** @type {any} */
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) {
    return body?.version === VERSION && Array.isArray(body.rounds) && body.players
      ? { kind: "done", analysis: body }
      : { kind: "failed", message: t("analysis-unreadable", { version: typeof body?.version === "number" ? ungrouped(body.version) : "unknown" }), again: false, status: response.status };
  }
  const message = typeof body?.code === "string" ? failureWords(body, id) : t("analysis-failed-status", { status: ungrouped(response.status) });
  // Busy (503), or a failure of the moment: worth asking again.
  return { kind: "failed", message, again: response.status === 429 || response.status >= 500, status: response.status };
}

/**
 * Why the server gave no analysis of game `id`: its refusal (`{code,
 * message}`), said as the analysis's own failures where the code means one
 * (`unavailable` here is "busy analysing others", not a room out of reach).
 * @param {{code: string}} body @param {string} id
 */
function failureWords(body, id) {
  switch (body.code) {
    case "unavailable":
      return t("analysis-failed-busy");
    case "shutting_down":
      return t("analysis-failed-stopping");
    case "internal":
      return t("analysis-failed-internal", { id });
    default:
      return t("analysis-failed", { reason: refusalText(body) });
  }
}

/**
 * The analysis of game `id` on its replay. `page.redraw` draws the whole
 * replay again (the analysis keeps its state across), `page.go` steps it
 * and moves the focus to the element named.
 * @param {string} id
 * @param {Record<Seat, string>} names
 * @param {{redraw: () => void, go: (step: number, focus: string) => void}} page
 */
export function gameAnalysis(id, names, page) {
  return new ReplayAnalysis(id, names, page);
}

/** A replay's analysis: asked for on request, kept across the replay's redraws. */
class ReplayAnalysis {
  /**
   * @param {string} id
   * @param {Record<Seat, string>} names
   * @param {{redraw: () => void, go: (step: number, focus: string) => void}} page
   */
  constructor(id, names, page) {
    this.id = id;
    this.names = names;
    this.page = page;
    /** @type {Asked} */
    this.asked = { kind: "idle" };
    /** Whose better move is drawn (at the bottom of the cake). @type {Seat} */
    this.shownFor = "yellow";
    // Kept across redraws: the live region is the same element throughout.
    this.heading = h("h2", { id: "analysis-heading", tabindex: -1 }, t("analysis-heading"));
    this.status = h("p", { id: "analysis-status", role: "status" });
    this.body = h("div", { class: "analysis-body" });
    this.element = h("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-heading" }, this.heading, this.status, this.body);
    this.step = 0;
    this.total = 0;
  }

  /** Draws the page again, the focus kept on the element that had it. */
  redraw() {
    const focused = document.activeElement?.id;
    this.page.redraw();
    if (focused && document.activeElement?.id !== focused) document.getElementById(focused)?.focus();
  }

  async start() {
    if (this.asked.kind === "working" || this.asked.kind === "done") return;
    this.asked = { kind: "working" };
    this.status.textContent = t("analysis-working");
    this.status.className = "";
    this.fill();
    this.heading.focus();
    const asked = await askAnalysis(this.id);
    this.asked = asked;
    this.redraw();
    if (asked.kind === "done") {
      const players = asked.analysis.players;
      const args = { yellow: this.names.yellow, blue: this.names.blue, yellowAccuracy: Math.round(players.yellow.accuracy), blueAccuracy: Math.round(players.blue.accuracy) };
      replace(this.status, wordsWith("analysis-done", args, ["yellow", "blue"]));
    } else if (asked.kind === "failed") {
      this.status.textContent = asked.message;
      this.status.className = "error";
    }
  }

  /** The round whose position is on the cake at this step, analysed. */
  roundShown() {
    if (this.asked.kind !== "done" || this.step >= this.total) return null;
    return this.asked.analysis.rounds.find((round) => round.round === this.step + 1) ?? null;
  }

  /** The section's content, as things stand. */
  fill() {
    const asked = this.asked;
    if (asked.kind === "idle") {
      const button = h("button", { type: "button", id: "analyse", class: "primary" }, t("analysis-start"));
      button.addEventListener("click", () => this.start());
      replace(this.body, h("p", { class: "hint" }, t("analysis-start-hint")), button);
    } else if (asked.kind === "failed") {
      const again = asked.again ? h("button", { type: "button", id: "analysis-retry" }, t("analysis-retry")) : null;
      again?.addEventListener("click", () => this.start());
      replace(this.body, again);
    } else if (asked.kind === "working") {
      replace(this.body);
    } else {
      replace(this.body, summary(asked.analysis, this.names, this.page.go), roundPart(this.roundShown(), this.step, this.total));
    }
  }

  /** The better move of the seat chosen, in the round on the cake, if it is not the move played. */
  better() {
    const move = this.roundShown()?.moves[this.shownFor];
    return move?.mistake ? move.best : null;
  }

  /** @param {Seat} seat */
  choose(seat) {
    this.shownFor = seat;
    this.page.redraw();
    document.getElementById(`better-${seat}`)?.focus();
  }

  /**
   * Follows the replay: step `at` of `steps` is on screen (the cake
   * after round `at`, before round `at + 1`). Called before the rest.
   * @param {number} at @param {number} steps
   */
  follow(at, steps) {
    this.step = at;
    this.total = steps;
  }

  /** The section, at the step followed. */
  section() {
    this.fill();
    return this.element;
  }

  /**
   * What the board draws: the seat at the bottom, and that seat's better
   * move when there is one to draw.
   * @returns {{bottom: Seat, mice: number[], steal: string | null, planned: boolean}}
   */
  drawing() {
    if (this.asked.kind !== "done") return { bottom: "yellow", mice: [0, 0, 0, 0], steal: null, planned: false };
    const move = this.better();
    return { bottom: this.shownFor, mice: move ? [...move.mice] : [0, 0, 0, 0], steal: move?.steal ?? null, planned: Boolean(move) };
  }

  /** Under the cake, once analysed: what is drawn on it, and whose better move to draw. */
  underBoard() {
    if (this.asked.kind !== "done") return null;
    const move = this.better();
    const round = this.roundShown();
    const seat = seatName(this.shownFor);
    const step = this.step;
    const number = ungrouped(step + 1);
    const said =
      step >= this.total
        ? t("analysis-drawn-over")
        : move
          ? t("analysis-drawn", { seat, round: number, move: assignmentText(move) })
          : round?.moves[this.shownFor]
            ? t("analysis-drawn-no-mistake", { seat, round: number })
            : t("analysis-drawn-no-choice", { seat, round: number });
    const toggles = SEATS.map((seat) => {
      const toggle = h("button", { type: "button", id: `better-${seat}`, class: `small ${seat}`, "aria-pressed": seat === this.shownFor ? "true" : "false" }, h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)), ` ${seatName(seat)}`);
      toggle.addEventListener("click", () => this.choose(seat));
      return toggle;
    });
    return h(
      "div",
      { class: "analysis-drawn" },
      h("p", { id: "analysis-drawn", class: move ? "drawn" : "" }, said),
      h("div", { class: "better-for", role: "group", "aria-labelledby": "better-label" }, h("span", { id: "better-label" }, t("analysis-better-for")), ...toggles),
    );
  }
}

/**
 * The analysis's summary: each player's accuracy and costliest mistakes,
 * each a button to its round.
 * @param {GameAnalysis} analysis @param {Record<Seat, string>} names @param {(step: number, focus: string) => void} go
 */
function summary(analysis, names, go) {
  return h(
    "div",
    { id: "analysis-summary" },
    h("h3", {}, t("analysis-summary")),
    h(
      "ul",
      { class: "analysis-players" },
      ...SEATS.map((seat) => {
        const player = analysis.players[seat];
        const mistakes = player.costliest.map((mistake) => {
          const jump = h("button", { type: "button", class: "small mistake", "data-round": mistake.round }, t("analysis-mistake-jump", { round: ungrouped(mistake.round), loss: pipsValue(mistake.loss) }));
          jump.addEventListener("click", () => go(mistake.round - 1, "analysis-round-heading"));
          return jump;
        });
        return h(
          "li",
          { class: seat, "data-seat": seat },
          h("p", {}, h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)), " ", summaryWords(names[seat], seat, player)),
          player.choices === 0
            ? null
            : mistakes.length
              ? h("p", { class: "mistakes" }, t("analysis-costliest"), " ", ...mistakes)
              : h("p", { class: "mistakes" }, t("analysis-no-mistake")),
        );
      }),
    ),
    h("p", { class: "hint" }, t("analysis-explained", { pips: pipsValue(MISTAKE_PIPS) })),
  );
}

/**
 * The round on the cake, analysed: each player's move against the best.
 * @param {RoundAnalysis | null} round @param {number} step @param {number} total
 */
function roundPart(round, step, total) {
  if (step >= total) return null;
  return h(
    "div",
    { id: "analysis-round" },
    h("h3", { id: "analysis-round-heading", tabindex: -1 }, t("analysis-round-heading", { round: ungrouped(step + 1) })),
    round && !round.analysed
      ? h("p", {}, t("analysis-round-skipped", { round: ungrouped(step + 1) }))
      : round
      ? h(
          "ul",
          { class: "analysis-moves" },
          ...SEATS.map((seat) => {
            const move = round.moves[seat];
            const lost = Boolean(move?.mistake);
            return h("li", { class: `${seat}${lost ? " lost" : ""}`, "data-seat": seat }, h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)), " ", moveWords(seat, move));
          }),
        )
      : h("p", {}, t("analysis-round-missing", { round: ungrouped(step + 1) })),
  );
}
