// A finished game's analysis, on its replay (/g/ID): asked of the server
// (`/api/games/ID/analysis`) on a click, it shows each player's summary
// and, at each step of the replay, the round whose position is on the
// cake: both moves against the best the server found, the better move
// drawn on the cake for the seat chosen. The server analyses; nothing is
// computed here but the words. A room's result asks it too (`askAnalysis`),
// for each player's accuracy.

import { h, replace } from "./dom.js";
import { SEATS, assignmentText, plural, seatMark, seatName } from "./words.js";

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

/** Pips with one decimal: `3.5`. @param {number} value */
export const pipsText = (value) => (Math.round(value * 10) / 10 || 0).toFixed(1);

/** A margin with its sign, a true minus: `+0.4`, `−3.1`, `0.0`. @param {number} value */
export function marginText(value) {
  const shown = pipsText(value);
  return shown === "0.0" ? shown : value > 0 ? `+${shown}` : `−${pipsText(-value)}`;
}

/** A loss with its 95 % interval: `3.5 ± 1.2`. @param {MoveAnalysis} move */
export const lossText = (move) => `${pipsText(move.loss)} ± ${pipsText((move.loss_high - move.loss_low) / 2)}`;

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
  if (!move) return `${who} had no choice`;
  const better = `better: ${assignmentText(move.best)} (${marginText(move.best_value)}): ${lossText(move)} pips lost`;
  if (move.at_deadline) {
    const played = `${who} missed the deadline: the server played ${assignmentText(move.played)}`;
    return move.mistake ? `${played}; ${better}` : played;
  }
  if (move.mistake) return `${who} played ${assignmentText(move.played)} (expected ${marginText(move.played_value)}); ${better}`;
  if (move.loss_high < MISTAKE_PIPS) return `${who} played ${assignmentText(move.played)}, as good as any found`;
  return `${who} played ${assignmentText(move.played)}, no clear mistake (≈ ${pipsText(move.loss_low)} to ${pipsText(move.loss_high)} pips behind the best found)`;
}

/**
 * One player's game in a sentence: "Ann (Yellow): accuracy 75 %, no
 * mistake in 9 of 12 rounds with a choice, 0.8 pips lost a round on
 * average".
 * @param {string} name @param {Seat} seat @param {PlayerSummary} summary
 */
export function summaryWords(name, seat, summary) {
  const who = `${name} (${seatName(seat)})`;
  if (summary.choices === 0) return `${who}: no round with a choice, nothing to analyse`;
  return `${who}: accuracy ${Math.round(summary.accuracy)} %, no mistake in ${summary.best_moves} of ${plural(summary.choices, "round", "rounds")} with a choice, ${pipsText(summary.average_loss)} pips lost a round on average`;
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
    return { kind: "failed", message: "Could not analyse the game: the server cannot be reached.", again: true, status: 0 };
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
      : { kind: "failed", message: `This page cannot read this analysis (version ${body?.version ?? "unknown"}).`, again: false, status: response.status };
  }
  const said = typeof body?.message === "string" ? body.message : `the server answered ${response.status}`;
  // Busy (503), or a failure of the moment: worth asking again.
  return { kind: "failed", message: `Could not analyse the game: ${said}`, again: response.status === 429 || response.status >= 500, status: response.status };
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
    this.heading = h("h2", { id: "analysis-heading", tabindex: -1 }, "Analysis");
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
    this.status.textContent = "Analysing the game…";
    this.status.className = "";
    this.fill();
    this.heading.focus();
    const asked = await askAnalysis(this.id);
    this.asked = asked;
    this.redraw();
    if (asked.kind === "done") {
      const players = asked.analysis.players;
      this.status.textContent = `The game is analysed: ${SEATS.map((seat) => `${this.names[seat]} (${seatName(seat)}) played with ${Math.round(players[seat].accuracy)} % accuracy`).join(", ")}.`;
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
      const button = h("button", { type: "button", id: "analyse", class: "primary" }, "Analyse the game");
      button.addEventListener("click", () => this.start());
      replace(this.body, h("p", { class: "hint" }, "Each move against the best the server's strong bot finds, in pips of the final margin."), button);
    } else if (asked.kind === "failed") {
      const again = asked.again ? h("button", { type: "button", id: "analysis-retry" }, "Try again") : null;
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
    const who = seatName(this.shownFor);
    const step = this.step;
    const said =
      step >= this.total
        ? "Nothing drawn: the game is over."
        : move
          ? `Drawn: ${who}'s better move for round ${step + 1}, ${assignmentText(move)}`
          : round?.moves[this.shownFor]
            ? `Nothing drawn: ${who} made no clear mistake in round ${step + 1}.`
            : `Nothing drawn: ${who} had no choice in round ${step + 1}.`;
    const toggles = SEATS.map((seat) => {
      const toggle = h("button", { type: "button", id: `better-${seat}`, class: `small ${seat}`, "aria-pressed": seat === this.shownFor ? "true" : "false" }, h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)), ` ${seatName(seat)}`);
      toggle.addEventListener("click", () => this.choose(seat));
      return toggle;
    });
    return h(
      "div",
      { class: "analysis-drawn" },
      h("p", { id: "analysis-drawn", class: move ? "drawn" : "" }, said),
      h("div", { class: "better-for", role: "group", "aria-labelledby": "better-label" }, h("span", { id: "better-label" }, "Better move shown for:"), ...toggles),
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
    h("h3", {}, "Summary"),
    h(
      "ul",
      { class: "analysis-players" },
      ...SEATS.map((seat) => {
        const player = analysis.players[seat];
        const mistakes = player.costliest.map((mistake) => {
          const jump = h("button", { type: "button", class: "small mistake", "data-round": mistake.round }, `round ${mistake.round} (−${pipsText(mistake.loss)} pips)`);
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
              ? h("p", { class: "mistakes" }, "Costliest mistakes: ", ...mistakes)
              : h("p", { class: "mistakes" }, "No mistake."),
        );
      }),
    ),
    h("p", { class: "hint" }, `Expected: the final margin in pips each move could expect, as the server played it out from the cake each player saw. A loss comes with its 95 % interval; a move is a mistake only when it surely costs ${pipsText(MISTAKE_PIPS)} pip or more, and its loss is then measured again on fresh playouts (the luck that made it one does not count). Accuracy: the share of rounds with a choice played without a mistake. Moves the server made at a missed deadline are not counted.`),
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
    h("h3", { id: "analysis-round-heading", tabindex: -1 }, `Round ${step + 1}, from the cake above`),
    round && !round.analysed
      ? h("p", {}, `Round ${step + 1} was not analysed: a long game is analysed at rounds spread over it.`)
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
      : h("p", {}, `No analysis of round ${step + 1}.`),
  );
}
