// The words and pictures of the game: seats, pieces, dice, rounds, results.

/** @typedef {"yellow" | "blue"} Seat */

export const SEATS = /** @type {const} */ (["yellow", "blue"]);
export const COLUMNS = ["A", "B", "C", "D"];

/** @param {Seat} seat */
export const opponent = (seat) => (seat === "yellow" ? "blue" : "yellow");
/** @param {Seat} seat */
export const seatName = (seat) => (seat === "yellow" ? "Yellow" : "Blue");
/** A shape beside each colour, for whoever cannot tell the colours apart. */
/** @param {Seat} seat */
export const seatMark = (seat) => (seat === "yellow" ? "●" : "■");

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
/** @param {number} value */
export const face = (value) => FACES[value - 1] ?? "?";

/** @param {string} piece like "3/5" */
export const pips = (piece) =>
  piece
    .split("/")
    .map(Number)
    .reduce((sum, half) => sum + half, 0);

/** @param {number} count @param {string} one @param {string} many */
export const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

/** `A2 C2`, or `nothing` @param {{mice: number[], steal?: string | null}} assignment */
export function assignmentText(assignment) {
  const parts = assignment.mice.flatMap((mice, column) => (mice > 0 ? [`${COLUMNS[column]}${mice}`] : []));
  if (assignment.steal) parts.push(`steal ${assignment.steal}`);
  return parts.length ? parts.join(" ") : "nothing";
}

/** @param {any} attempt */
export function attemptTarget(attempt) {
  const target = attempt.target;
  switch (target.kind) {
    case "piece":
      return target.piece;
    case "steal":
      return `steal ${target.piece}`;
    case "blind_double_blank":
      return "blind: 0/0";
    default:
      return target.piece ?? target.kind;
  }
}

/** @param {any} attempt */
export function attemptOutcome(attempt) {
  switch (attempt.result) {
    case "took":
      return "took";
    case "too_low":
      return `short of ${attempt.value}`;
    case "exhausted":
      return `${plural(attempt.exhausted, "mouse", "mice")} tired`;
    case "lost_contest":
      return "outrolled";
    case "tied_contest":
      return "tied";
    case "stole":
      return "stole";
    case "exchanged":
      return "exchanged";
    default:
      return "no roll";
  }
}

const ENDS = {
  board_cleared: "the cake is gone",
  no_moves_left: "no mouse can move",
  stall_limit: "the stall limit was reached",
};
const DECIDERS = { pips: "on pips", pieces: "on the number of pieces", double_six: "holding the 6/6", draw: "" };
const FORFEITS = {
  missed_deadlines: "missed too many deadlines",
  disconnected: "stayed away too long",
  left: "left the game",
  not_opened: "did not open a sealed move in time",
};

/** `Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)` @param {any} result */
export function resultText(result) {
  const score = `Yellow ${result.score.yellow.pips} – Blue ${result.score.blue.pips}`;
  const ending = result.ending;
  let how;
  if (ending.kind === "played") {
    const why = ENDS[/** @type {keyof typeof ENDS} */ (ending.end)] ?? ending.end;
    const decider = DECIDERS[/** @type {keyof typeof DECIDERS} */ (ending.decided_by)] ?? "";
    how = result.winner ? `${seatName(result.winner)} wins ${decider} (${why})` : `a draw (${why})`;
  } else if (ending.kind === "forfeit") {
    const cause = FORFEITS[/** @type {keyof typeof FORFEITS} */ (ending.cause)] ?? ending.cause;
    how = `${seatName(opponent(ending.seat))} wins: ${seatName(ending.seat)} ${cause}`;
  } else {
    how = `abandoned: both players ${FORFEITS[/** @type {keyof typeof FORFEITS} */ (ending.cause)] ?? ending.cause}`;
  }
  return `${score}, ${how}`;
}

/** `1:05` @param {number} ms */
export function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** `standard, boost, 1:00/round` @param {any} options */
export function variantText(options) {
  const reveal = { standard: "standard", all_face_up: "all face up", all_face_down: "all face down" };
  const words = [reveal[/** @type {keyof typeof reveal} */ (options.game.reveal)] ?? options.game.reveal];
  if (options.game.boost) words.push("boost");
  words.push(options.deadline_ms ? `${clock(options.deadline_ms)}/round` : "no deadline");
  return words.join(", ");
}
