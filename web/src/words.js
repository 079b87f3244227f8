// The words and pictures of the game: seats, pieces, dice, rounds, results,
// in the player's language (locales/<language>/web/words.ftl). Tables here
// hold message ids, never words: the catalogue is read when a function is
// called, not when this module is imported.

import { t, ungrouped } from "./catalogue.js";

/** @typedef {"yellow" | "blue"} Seat */

export const SEATS = /** @type {const} */ (["yellow", "blue"]);
export const COLUMNS = ["A", "B", "C", "D"];

/** @param {Seat} seat */
export const opponent = (seat) => (seat === "yellow" ? "blue" : "yellow");
/** "Yellow", "Blue", in the player's language. @param {Seat} seat */
export const seatName = (seat) => (seat === "yellow" ? t("words-seat-yellow") : t("words-seat-blue"));
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

/**
 * `3 mice`, from the words it is given (English's plural: a catalogue's
 * message with a plural select says it in every language, and is what new
 * code uses).
 * @param {number} count @param {string} one @param {string} many
 */
export const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

/** `A2 C2`, or `nothing` @param {{mice: number[], steal?: string | null}} assignment */
export function assignmentText(assignment) {
  // Column letters and counts are written as they are, in every language.
  const parts = assignment.mice.flatMap((mice, column) => (mice > 0 ? [`${COLUMNS[column]}${mice}`] : []));
  if (assignment.steal) parts.push(t("words-assignment-steal", { piece: assignment.steal }));
  return parts.length ? parts.join(" ") : t("words-assignment-nothing");
}

/** What an attempt went for: `3/5`, `steal 6/6`, `blind: 0/0`. @param {any} attempt */
export function attemptTarget(attempt) {
  const target = attempt.target;
  switch (target.kind) {
    case "piece":
      return target.piece;
    case "steal":
      return t("words-target-steal", { piece: target.piece });
    case "blind_double_blank":
      return t("words-target-blind");
    default:
      return target.piece ?? target.kind;
  }
}

/** How each attempt's result is said: the end of its message's id. */
const OUTCOMES = {
  took: "took",
  too_low: "too-low",
  exhausted: "exhausted",
  lost_contest: "lost-contest",
  tied_contest: "tied-contest",
  stole: "stole",
  exchanged: "exchanged",
};

/** How an attempt ended, in a word or two: `took`, `below 9`. @param {any} attempt */
export function attemptOutcome(attempt) {
  const outcome = OUTCOMES[/** @type {keyof typeof OUTCOMES} */ (attempt.result)] ?? "no-roll";
  return t(`words-outcome-${outcome}`, { value: ungrouped(attempt.value ?? 0), count: attempt.exhausted ?? 0 });
}

/** Why a played game ended: the end of its message's id. */
const ENDS = {
  board_cleared: "board-cleared",
  no_moves_left: "no-moves-left",
  stall_limit: "stall-limit",
};
/** What decided a played game with a winner: the end of its message's id. */
const DECIDERS = { pips: "pips", pieces: "pieces", double_six: "double-six" };
/** Why a player forfeited: the end of its message's id. */
const FORFEITS = {
  missed_deadlines: "missed-deadlines",
  disconnected: "disconnected",
  left: "left",
  not_opened: "not-opened",
};

/**
 * Who forfeited and why, as one clause: "Blue missed too many deadlines",
 * "both players left the game".
 * @param {Seat | null | undefined} seat null: both players @param {string} cause
 */
function forfeitWords(seat, cause) {
  const who = seat ? seat : "both";
  const name = seat ? seatName(seat) : "";
  const known = FORFEITS[/** @type {keyof typeof FORFEITS} */ (cause)];
  return known ? t(`words-forfeit-${known}`, { who, seat: name }) : t("words-forfeit-other", { who, seat: name, cause });
}

/**
 * `Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)`. The
 * winner is said as the result gives it, never worked out from the ending:
 * a result whose winner was changed reads differently.
 * @param {any} result
 */
export function resultText(result) {
  const score = t("words-score", { yellow: ungrouped(result.score.yellow.pips), blue: ungrouped(result.score.blue.pips) });
  const ending = result.ending;
  const winner = result.winner ? t("words-winner", { seat: seatName(result.winner) }) : t("words-no-winner");
  if (ending.kind === "played") {
    const end = ENDS[/** @type {keyof typeof ENDS} */ (ending.end)];
    const why = end ? t(`words-end-${end}`) : ending.end;
    if (!result.winner) return t("words-result-draw", { score, why });
    const decider = DECIDERS[/** @type {keyof typeof DECIDERS} */ (ending.decided_by)];
    const won = decider ? t(`words-won-${decider}`, { seat: seatName(result.winner) }) : t("words-won-other", { seat: seatName(result.winner) });
    return t("words-result-won", { score, won, why });
  }
  if (ending.kind === "forfeit") return t("words-result-forfeit", { score, winner, forfeit: forfeitWords(ending.seat, ending.cause) });
  if (ending.kind === "aborted") return t("words-result-aborted", { score, winner, forfeit: forfeitWords(ending.seat, ending.cause) });
  const forfeit = forfeitWords(null, ending.cause);
  return result.winner ? t("words-result-abandoned-won", { score, winner, forfeit }) : t("words-result-abandoned", { score, forfeit });
}

/** Why a game in a rated room is not rated (the server's `NotRated`): the end of its message's id. */
const NOT_RATED = {
  same_address: "same-address",
  pair_limit: "pair-limit",
  bot_against_person: "bot-against-person",
  same_key: "same-key",
  aborted: "aborted",
  abandoned: "abandoned",
};

/** "both players are on one network address", or the reason as sent. @param {string} reason */
export function notRatedWords(reason) {
  const known = NOT_RATED[/** @type {keyof typeof NOT_RATED} */ (reason)];
  return known ? t(`words-not-rated-${known}`) : reason.replaceAll("_", " ");
}

/**
 * Who sealed a nonce at the deal and never opened it (an aborted deal's
 * `refused`): "Blue sealed a nonce and never opened it, and the game was
 * aborted.", or "" if nobody did.
 * @param {any} deal
 */
export function refusalWords(deal) {
  const refused = SEATS.filter((seat) => deal?.refused?.[seat] === true);
  if (refused.length === 2) return t("words-refused-both");
  return refused.length ? t("words-refused", { seat: seatName(refused[0]) }) : "";
}

/** `1:05` @param {number} ms */
export function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** How the pieces are revealed: the end of its message's id. */
const REVEALS = { standard: "standard", all_face_up: "all-face-up", all_face_down: "all-face-down" };

/** `standard, boost, 1:00/round`, and `rated` for a rated room @param {any} options */
export function variantText(options) {
  const reveal = REVEALS[/** @type {keyof typeof REVEALS} */ (options.game.reveal)];
  const words = [reveal ? t(`words-reveal-${reveal}`) : options.game.reveal];
  if (options.game.boost) words.push(t("words-variant-boost"));
  words.push(options.deadline_ms ? t("words-variant-deadline", { clock: clock(options.deadline_ms) }) : t("words-variant-no-deadline"));
  if (options.rated) words.push(t("words-variant-rated"));
  return words.join(", ");
}

/**
 * Who sits in `seat`, as text that tells two players of the same name apart:
 * "Ann (Yellow)", or "Yellow" while the seat is free.
 * @param {any} room @param {Seat} seat
 */
export function who(room, seat) {
  const name = room?.players?.[seat]?.name;
  return name ? t("words-who", { name, seat: seatName(seat) }) : seatName(seat);
}

/**
 * What the dice of attempt `index` are rolling for, while they tumble.
 * @param {any} report @param {number} index
 */
export function rollingWords(report, index) {
  const attempt = report.attempts[index];
  const seat = seatName(attempt.seat);
  switch (attempt.target.kind) {
    case "steal":
      return t("words-rolling-steal", { seat, dice: attempt.mice, piece: attempt.target.piece });
    case "blind_double_blank":
      return t("words-blind", { seat, column: attempt.column });
    default:
      return t("words-rolling", { seat, dice: attempt.mice, piece: attempt.target.piece, column: attempt.column });
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
  const sum = ungrouped(attempt.sum ?? 0);
  const value = ungrouped(attempt.value ?? 0);
  if (waiting) {
    return attempt.target.kind === "steal"
      ? t("words-landed-steal-waiting", { seat, sum, piece: attempt.target.piece, other })
      : t("words-landed-contested", { seat, sum, piece, other });
  }
  const rival = report.attempts.find((/** @type {any} */ other) => other !== attempt && other.contested && other.column === attempt.column);
  switch (attempt.result) {
    case "took":
      return rival && rival.result === "lost_contest"
        ? t("words-landed-won-contest", { seat, sum, rival: ungrouped(rival.sum), piece })
        : rival && ["too_low", "exhausted"].includes(rival.result)
          ? t("words-landed-took-contested", { seat, piece, sum })
          : t("words-landed-took", { seat, sum, value, piece });
    case "lost_contest": {
      const winner = seatName(rival?.seat ?? opponent(attempt.seat));
      const rivalSum = rival?.sum;
      return t("words-landed-lost-contest", { winner, rival: typeof rivalSum === "number" ? ungrouped(rivalSum) : "?", sum, piece });
    }
    case "tied_contest":
      return t("words-landed-tied", { sum, piece });
    case "too_low":
      return t("words-landed-too-low", { seat, sum, value, piece });
    case "exhausted":
      return t("words-landed-exhausted", { seat, piece, count: attempt.exhausted });
    case "stole":
      return t("words-landed-stole", { seat, sum, value, piece: attempt.target.piece });
    case "exchanged":
      return t("words-landed-exchanged");
    default:
      return t("words-blind", { seat, column: attempt.column });
  }
}

/** What boost `index` did. @param {any} report @param {number} index */
export function boostWords(report, index) {
  const boost = report.boosts[index];
  const seat = seatName(boost.seat);
  switch (boost.result) {
    case "took": {
      const args = { seat, sum: ungrouped(boost.sum), pips: ungrouped(pips(boost.piece)), piece: boost.piece, column: boost.column, count: boost.boosted };
      return boost.boosted > 0 ? t("words-boost-took-more", args) : t("words-boost-took", args);
    }
    case "too_low":
      return t("words-boost-too-low", { seat, sum: ungrouped(boost.sum), pips: ungrouped(pips(boost.piece)), piece: boost.piece });
    default:
      return t("words-boost-nothing", { seat, column: boost.column });
  }
}

/** What a boost rolls for, while its dice tumble. @param {any} report @param {number} index */
export function boostRollingWords(report, index) {
  const boost = report.boosts[index];
  const seat = seatName(boost.seat);
  return boost.piece
    ? t("words-boost-rolling", { seat, dice: boost.mice, piece: boost.piece, column: boost.column })
    : t("words-boost-nothing", { seat, column: boost.column });
}

/** `B2 1/4 turns up.` @param {any[]} changes */
export function turnUpWords(changes) {
  // A place and its piece, as written on the cake: `B2 1/4`.
  const turned = changes.filter((change) => change.kind === "turn_up").map((change) => `${change.column}${change.row} ${change.piece}`);
  return t("words-turn-up", { count: turned.length, pieces: turned.join(", ") });
}

/** The round's moves, both revealed: "Round 3: Yellow A2 C2 · Blue B4". @param {any} report */
export function assignmentsWords(report) {
  return t("words-round-assignments", {
    round: ungrouped(report.round),
    yellow: assignmentText(report.assignments.yellow),
    blue: assignmentText(report.assignments.blue),
  });
}
