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

/** A die as text, for the rounds' log and screen readers: "4". */
/** @param {number[]} dice */
export const diceText = (dice) => dice.join(" ");

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
      return `below ${attempt.value}`;
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

/**
 * `Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)`. The
 * winner is said as the result gives it, never worked out from the ending:
 * a result whose winner was changed reads differently.
 * @param {any} result
 */
export function resultText(result) {
  const score = `Yellow ${result.score.yellow.pips} – Blue ${result.score.blue.pips}`;
  const ending = result.ending;
  const winner = result.winner ? `${seatName(result.winner)} wins` : "nobody wins";
  const cause = FORFEITS[/** @type {keyof typeof FORFEITS} */ (ending.cause)] ?? ending.cause;
  let how;
  if (ending.kind === "played") {
    const why = ENDS[/** @type {keyof typeof ENDS} */ (ending.end)] ?? ending.end;
    const decider = DECIDERS[/** @type {keyof typeof DECIDERS} */ (ending.decided_by)] ?? "";
    how = result.winner ? `${winner} ${decider} (${why})` : `a draw (${why})`;
  } else if (ending.kind === "forfeit") {
    how = `${winner}: ${seatName(ending.seat)} ${cause}`;
  } else if (ending.kind === "aborted") {
    how = `aborted before both players had a move: ${ending.seat ? seatName(ending.seat) : "both players"} ${cause} — ${winner}, not rated`;
  } else {
    how = `abandoned: both players ${cause}${result.winner ? `; ${winner}` : ""}`;
  }
  return `${score}, ${how}`;
}

/** Why a game in a rated room is not rated (the server's `NotRated`), for people. */
const NOT_RATED = {
  same_address: "both players are on one network address",
  pair_limit: "these two players have had 3 rated games together in the last 24 hours",
  bot_against_person: "a bot plays a person: bots are rated among bots",
  same_key: "one key sits in both seats",
  aborted: "it ended before both players had a move",
  abandoned: "both players forfeited at once",
};

/** "both players are on one network address", or the reason as sent. @param {string} reason */
export function notRatedWords(reason) {
  return NOT_RATED[/** @type {keyof typeof NOT_RATED} */ (reason)] ?? reason.replaceAll("_", " ");
}

/**
 * Who sealed a nonce at the deal and never opened it (an aborted deal's
 * `refused`): "Blue sealed a nonce and never opened it, and the game was
 * aborted.", or "" if nobody did.
 * @param {any} deal
 */
export function refusalWords(deal) {
  const refused = SEATS.filter((seat) => deal?.refused?.[seat] === true);
  if (refused.length === 2) return "Yellow and Blue both sealed a nonce and never opened it, and the game was aborted.";
  return refused.length ? `${seatName(refused[0])} sealed a nonce and never opened it, and the game was aborted.` : "";
}

/** `1:05` @param {number} ms */
export function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** `standard, boost, 1:00/round`, and `rated` for a rated room @param {any} options */
export function variantText(options) {
  const reveal = { standard: "standard", all_face_up: "all face up", all_face_down: "all face down" };
  const words = [reveal[/** @type {keyof typeof reveal} */ (options.game.reveal)] ?? options.game.reveal];
  if (options.game.boost) words.push("boost");
  words.push(options.deadline_ms ? `${clock(options.deadline_ms)}/round` : "no deadline");
  if (options.rated) words.push("rated");
  return words.join(", ");
}

/**
 * Who sits in `seat`, as text that tells two players of the same name apart:
 * "Ann (Yellow)", or "Yellow" while the seat is free.
 * @param {any} room @param {Seat} seat
 */
export function who(room, seat) {
  const name = room?.players?.[seat]?.name;
  return name ? `${name} (${seatName(seat)})` : seatName(seat);
}

/** `4/5 in C` @param {string} piece @param {string} column */
const at = (piece, column) => `${piece} in ${column}`;

/**
 * What the dice of attempt `index` are rolling for, while they tumble.
 * @param {any} report @param {number} index
 */
export function rollingWords(report, index) {
  const attempt = report.attempts[index];
  const mice = plural(attempt.mice, "die", "dice");
  switch (attempt.target.kind) {
    case "steal":
      return `${seatName(attempt.seat)} rolls ${mice} to steal ${attempt.target.piece}…`;
    case "blind_double_blank":
      return `${seatName(attempt.seat)}'s mice find the double-blank in ${attempt.column}: no roll.`;
    default:
      return `${seatName(attempt.seat)} rolls ${mice} for ${at(attempt.target.piece, attempt.column)}…`;
  }
}

/**
 * What attempt `index` did once its dice are down; `waiting` when its
 * outcome waits for the other player's dice (a contest, two steals).
 * @param {any} report @param {number} index @param {boolean} waiting
 */
export function landedWords(report, index, waiting) {
  const attempt = report.attempts[index];
  const seat = seatName(attempt.seat);
  const other = seatName(opponent(attempt.seat));
  const piece = attemptTarget(attempt);
  if (waiting) {
    return attempt.target.kind === "steal"
      ? `${seat}'s ${attempt.sum} reaches ${attempt.target.piece}: if ${other}'s steal succeeds too, they exchange.`
      : `${seat}'s ${attempt.sum} reaches ${piece}: contested, ${other} rolls for it too.`;
  }
  const rival = report.attempts.find((/** @type {any} */ other) => other !== attempt && other.contested && other.column === attempt.column);
  switch (attempt.result) {
    case "took":
      return rival && rival.result === "lost_contest"
        ? `${seat}'s ${attempt.sum} beats ${rival.sum}: ${seat} takes ${piece}.`
        : rival && ["too_low", "exhausted"].includes(rival.result)
          ? `${seat} takes ${piece} with ${attempt.sum}.`
          : `${seat} ${attempt.sum} ≥ ${attempt.value}: takes ${piece}.`;
    case "lost_contest":
      return `${seatName(rival?.seat ?? opponent(attempt.seat))}'s ${rival?.sum ?? "?"} beats ${attempt.sum}: ${seatName(rival?.seat ?? opponent(attempt.seat))} takes ${piece}.`;
    case "tied_contest":
      return `A tie at ${attempt.sum}: ${piece} stays.`;
    case "too_low":
      return `${seat} ${attempt.sum}, below ${attempt.value}: ${piece} stays.`;
    case "exhausted":
      return `${seat}'s dice match ${piece}: ${plural(attempt.exhausted, "mouse", "mice")} tired, it stays.`;
    case "stole":
      return `${seat} ${attempt.sum} ≥ ${attempt.value}: steals ${attempt.target.piece}, with the double-blank.`;
    case "exchanged":
      return `Both steals succeed: the stolen pieces change hands and the double-blank leaves the game.`;
    default:
      return `${seat}'s mice find the double-blank in ${attempt.column}: no roll.`;
  }
}

/** What boost `index` did. @param {any} report @param {number} index */
export function boostWords(report, index) {
  const boost = report.boosts[index];
  const seat = seatName(boost.seat);
  const more = boost.boosted > 0 ? ` (+${plural(boost.boosted, "boost", "boosts")})` : "";
  switch (boost.result) {
    case "took":
      return `${seat}'s boost: ${boost.sum} ≥ ${pips(boost.piece)}, takes ${at(boost.piece, boost.column)}${more}.`;
    case "too_low":
      return `${seat}'s boost: ${boost.sum}, below ${pips(boost.piece)}: ${boost.piece} stays.`;
    default:
      return `${seat}'s boost in ${boost.column}: nothing to roll at.`;
  }
}

/** What a boost rolls for, while its dice tumble. @param {any} report @param {number} index */
export function boostRollingWords(report, index) {
  const boost = report.boosts[index];
  return boost.piece
    ? `${seatName(boost.seat)}'s boost: ${plural(boost.mice, "die", "dice")} for ${at(boost.piece, boost.column)}…`
    : `${seatName(boost.seat)}'s boost in ${boost.column}: nothing to roll at.`;
}

/** `B2 turns up: 1/4` @param {any[]} changes */
export function turnUpWords(changes) {
  const turned = changes.filter((change) => change.kind === "turn_up").map((change) => `${change.column}${change.row} ${change.piece}`);
  return turned.length === 1 ? `${turned[0]} turns up.` : `Turning up: ${turned.join(", ")}.`;
}

/** The round's moves, both revealed: "Round 3: Yellow A2 C2 · Blue B4". @param {any} report */
export function assignmentsWords(report) {
  return `Round ${report.round}: Yellow ${assignmentText(report.assignments.yellow)} · Blue ${assignmentText(report.assignments.blue)}`;
}
