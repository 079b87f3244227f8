// A finished game's record checked by the browser itself, trusting nothing
// of the server (docs/fairness.md, "Every step under the derivations"): the
// seed against the commitment; every seal against its opening (a move the
// server made, against the nonce its seed gives; a player's, never that
// nonce); the deal against the seed and both deal nonces (HMAC-SHA-256,
// ChaCha8, the engine's shuffle); and every die against the seed and the
// round's nonces, drawn in the report's order; in a format 3 or 4 record,
// every move a player made against the signature of its seal by that
// player's key, and a leave (format 4) against the leaver's key. Given the
// server's answer beside the record (`/api/games/{id}`), the result it
// states is held against the record too: a winner, a score or a cause the
// record does not bear out is a broken link; and so are ratings it says the
// game moved that Glicko-2 does not give, or that no such game moves (an
// abort, a bot against a person). What only `mice-cake verify`
// checks is that every outcome follows the rules (and so the score of a
// game cut short): that takes the engine. A game that ended at its deal
// has no record but an aborted deal, checked alike (`checkAbortedDeal`).
//
// The derivations are `derive.js`'s, done without `crypto.subtle`, which a
// page served over plain HTTP (a server on the home network) does not
// have; only the signatures take WebCrypto's Ed25519 (`signatures.js`), and
// a page without it says it could not check them.

import { t, ungrouped } from "./catalogue.js";
import { below, dealRng, diceRng, serverNonce, shuffledLayout } from "./derive.js";
import { NOTHING, commitmentIn, sealOf } from "./fair.js";
import { PROVISIONAL_DEVIATION, glicko2AfterGame, poolOf } from "./ratings.js";
import { botDeclarationHolds, canCheckSignatures, leaveHolds, signatureHolds, verifyingKey } from "./signatures.js";
import { opponent, resultText, seatName } from "./words.js";

/** The record format of sealed play with signed moves and leaves: the engine's `RECORD_FORMAT`. */
const RECORD_FORMAT = 4;

/** @typedef {import("./words.js").Seat} Seat */
/** @type {Seat[]} */
const SEATS = ["yellow", "blue"];

/** A round as a message's argument: 0 is the deal, which each message names. @param {number} round */
const named = (round) => ungrouped(round);

/** A figure of the record's or the answer's as a message's argument, ungrouped; anything else as written. @param {unknown} value */
const figure = (value) => (typeof value === "number" ? ungrouped(value) : String(value));

/**
 * What the server says of a finished game beside its record: its answer
 * to `/api/games/{id}` (the result, the missed deadlines in a row that
 * made a player forfeit, what the game did to ratings).
 * @typedef {{result?: any, missed_deadline_limit?: number | null, rated?: any}} Claimed
 */

/**
 * Checks a record; the first broken link, named, or null if every link the
 * browser can check holds.
 * @param {any} record a `GameRecord`, as `/api/games/{id}` holds it
 * @param {Claimed | null} [claimed] the server's answer it came in, whose result is checked too
 * @returns {Promise<string | null>}
 */
export async function brokenLink(record, claimed = null) {
  return (await checkRecord(record, claimed)).broken;
}

/**
 * What a record's check found: its first broken link (null: none), and who
 * made the moves. `signed`: the seats whose own moves are signed by their
 * key (formats 3 and 4), every signature checked unless `checked` is false
 * (a page without Ed25519); `unsigned`: the seats with moves of their own
 * that nothing proves theirs (no key, or a format 2 record); `byServer`:
 * the moves the server made (a bot's, a missed deadline's), which need no
 * signature. `cause`: what the result's forfeit (or abort) rests on, the
 * record's proof or the server's word (null without one); `scoreLeft`:
 * whether the result's score at a game cut short was left to `mice-cake
 * verify` (the page does not run the rules).
 * @typedef {{
 *   broken: string | null,
 *   signed: Seat[],
 *   unsigned: Seat[],
 *   checked: boolean,
 *   byServer: {round: number, seat: Seat}[],
 *   cause: string | null,
 *   scoreLeft: boolean,
 * }} Verdict
 */

/**
 * Checks a record link by link: what rests on hashing first, then the
 * signatures; then, given the server's answer, its result.
 * @param {any} record a `GameRecord`, as `/api/games/{id}` holds it
 * @param {Claimed | null} [claimed] the server's answer it came in
 * @returns {Promise<Verdict>}
 */
export async function checkRecord(record, claimed = null) {
  /** @type {Verdict} */
  const verdict = { broken: hashedLink(record), signed: [], unsigned: [], checked: false, byServer: [], cause: null, scoreLeft: false };
  if (verdict.broken) return verdict;
  /** @param {string} broken */
  const brokenAt = (broken) => ({ ...verdict, broken });
  const fair = record.fair;
  /** @type {any[]} */
  const exchanges = [fair.deal, ...fair.rounds];
  verdict.byServer = exchanges.flatMap((exchange, round) =>
    SEATS.filter((seat) => exchange.by_server[seat]).map((seat) => ({ round, seat })),
  );
  // A seat every move of which is the server's (a bot) has nothing to sign.
  const players = SEATS.filter((seat) => exchanges.some((exchange) => !exchange.by_server[seat]));
  const signedFormat = record.format >= 3;
  if (!signedFormat && fair.keys != null) {
    return brokenAt(t("verify-format-holds-no-keys", { format: figure(record.format) }));
  }
  if (signedFormat && !fair.keys) return brokenAt(t("verify-format-needs-keys", { format: figure(record.format) }));
  const left = fair.left ?? null;
  if (left && !(record.format >= 4)) return brokenAt(t("verify-format-holds-no-leave", { format: figure(record.format) }));
  /** @type {{yellow: string | null, blue: string | null}} */
  const keys = fair.keys ?? { yellow: null, blue: null };
  for (const seat of SEATS) {
    if (keys[seat] !== null && !/^[0-9a-fA-F]{64}$/.test(keys[seat])) {
      return brokenAt(t("verify-key-not-ed25519", { seat: seatName(seat) }));
    }
  }
  verdict.signed = signedFormat ? players.filter((seat) => keys[seat]) : [];
  verdict.unsigned = players.filter((seat) => !verdict.signed.includes(seat));
  for (const [round, exchange] of exchanges.entries()) {
    for (const seat of SEATS) {
      const problem = signatureProblem(round, seat, exchange.by_server[seat], keys[seat], exchange.signatures?.[seat]);
      if (problem) return brokenAt(problem);
    }
  }
  if (left) {
    // A leave is signed in the round under way when the game stopped (the
    // one after the last revealed), or in the one just revealed (a player
    // who leaves as a round is revealed signs for the round they last
    // saw), in a game the rules did not end.
    const stopped = record.rounds.length + 1;
    if ((left.round !== stopped && left.round + 1 !== stopped) || record.outcome) {
      return brokenAt(t("verify-leave-wrong-round", { seat: seatName(left.seat), round: named(left.round), stopped: named(stopped) }));
    }
  }
  // A format 2 record has no signature to check.
  verdict.checked = signedFormat && (await canCheckSignatures());
  if (verdict.checked) {
    for (const seat of verdict.signed) {
      // A key that is none, or one of small order, verifies nothing.
      const key = await verifyingKey(/** @type {string} */ (keys[seat]));
      const valid = await Promise.all(
        exchanges.map((exchange) => exchange.by_server[seat] || (key !== null && signatureHolds(key, exchange.signatures[seat], exchange.seals[seat]))),
      );
      const round = valid.indexOf(false);
      if (round >= 0) return brokenAt(t("verify-signature-mismatch", { round: named(round), seat: seatName(seat) }));
    }
  }
  const leaveProblem = left ? await badLeave(left, fair.commitment, keys, verdict.checked) : null;
  if (leaveProblem) return brokenAt(leaveProblem);
  const result = claimed?.result;
  if (!result) return verdict;
  const limit = claimed?.missed_deadline_limit ?? null;
  const problem =
    limitProblem(record.format, limit) ??
    resultProblem(record, result) ??
    (await ratingProblem(record, result, claimed?.rated, verdict.checked));
  if (problem) return brokenAt(problem);
  const stage = { runs: trailingServerMoves(fair), limit, bots: serverBots(fair, keys) };
  const evidence = causeEvidence(result.ending, keys, left, stage);
  if ("problem" in evidence) return brokenAt(evidence.problem);
  const deadlines = deadlineEndProblem(result, stage);
  if (deadlines) return brokenAt(deadlines);
  verdict.cause = evidence.note;
  verdict.scoreLeft = !record.outcome && record.rounds.length > 0;
  return verdict;
}

/**
 * What is wrong with a move's signature, whatever it signs, or null: a
 * move the server made carries none, a seat without a key signs nothing,
 * and every move a keyed player made is signed (a move said to be the
 * player's without a signature may be the server's). The engine's words.
 * @param {number} round @param {Seat} seat @param {boolean} byServer
 * @param {string | null} key @param {string | null | undefined} signature
 */
function signatureProblem(round, seat, byServer, key, signature) {
  const name = seatName(seat);
  const signs = signature !== null && signature !== undefined;
  if (byServer) return signs ? t("verify-server-move-signed", { round: named(round), seat: name }) : null;
  if (!key) return signs ? t("verify-signature-without-key", { round: named(round), seat: name }) : null;
  if (typeof signature !== "string") return t("verify-move-unsigned", { round: named(round), seat: name });
  return null;
}

/**
 * What is wrong with a signed leave, or null: a seat without a key signs
 * no leave, and a key's signature of leaving another game, round or seat
 * is none (checked where the page has Ed25519).
 * @param {{seat: Seat, round: number, signature: string}} left
 * @param {string} commitment @param {{yellow: string | null, blue: string | null}} keys
 * @param {boolean} checked whether this page checks signatures
 */
async function badLeave(left, commitment, keys, checked) {
  const refused = t("verify-leave-unsigned", { seat: seatName(left.seat), round: named(left.round) });
  const key = keys[left.seat];
  if (!key) return refused;
  if (!checked) return null;
  const verifying = await verifyingKey(key);
  const holds = verifying !== null && typeof left.signature === "string" && (await leaveHolds(verifying, left.signature, commitment, left.round, left.seat));
  return holds ? null : refused;
}

/** The score of a game before anything was taken. */
const NO_SCORE = { pips: 0, pieces: 0, double_six: false };

/** @param {any} score */
const scoreKey = (score) => JSON.stringify([score?.pips, score?.pieces, score?.double_six]);

/**
 * What is wrong with `result` as the result of the game `record` holds, or
 * null. A game over by the rules has the record's outcome for its result;
 * a record that stops before the end was forfeited (won by the
 * forfeiter's opponent), abandoned or aborted (won by nobody), and
 * aborted only before its first round was revealed, with nothing scored —
 * and from record format 4 (when aborts came) only aborted then: nobody
 * forfeits before both players have had a move. The score at a forfeit
 * takes the rules: `mice-cake verify`'s.
 * @param {any} record @param {any} result
 */
function resultProblem(record, result) {
  const ending = result.ending;
  const rounds = record.rounds.length;
  if (rounds === 0 && record.format >= RECORD_FORMAT && (ending?.kind === "forfeit" || ending?.kind === "abandoned")) {
    return ending.kind === "forfeit"
      ? t("verify-result-forfeit-unrevealed", { result: resultText(result), seat: seatName(ending.seat) })
      : t("verify-result-abandoned-unrevealed", { result: resultText(result) });
  }
  if (ending?.kind === "aborted" && rounds > 0) {
    return t("verify-result-aborted-late", { result: resultText(result), count: rounds });
  }
  const outcome = record.outcome;
  if (!outcome && ending?.kind === "played") {
    return t("verify-result-not-played-out", { result: resultText(result) });
  }
  const expected = outcome
    ? {
        winner: outcome.winner ?? null,
        score: outcome.score,
        ending: { kind: "played", end: outcome.end, decided_by: outcome.decided_by },
      }
    : {
        winner: ending?.kind === "forfeit" ? opponent(ending.seat) : null,
        score: rounds === 0 ? { yellow: NO_SCORE, blue: NO_SCORE } : result.score,
        ending,
      };
  const same =
    (result.winner ?? null) === expected.winner &&
    SEATS.every((seat) => scoreKey(result.score?.[seat]) === scoreKey(expected.score[seat])) &&
    (!outcome || (ending?.kind === "played" && ending.end === outcome.end && ending.decided_by === outcome.decided_by));
  return same ? null : t("verify-result-not-the-records", { result: resultText(result), expected: resultText(expected) });
}

/**
 * What is wrong with the answer's limit of missed deadlines, or null: no
 * server runs with a limit under 1, and every answer with a record of
 * format 4 gives it (an aborted deal's answer has no format: null). Older
 * answers without it read leniently, their missed deadlines resting on the
 * server's word. The engine's words.
 * @param {number | null} format @param {number | null} limit
 */
function limitProblem(format, limit) {
  if (limit === 0) return t("verify-limit-zero");
  if (limit === null && format !== null && format >= RECORD_FORMAT) return t("verify-limit-missing", { format: ungrouped(RECORD_FORMAT) });
  return null;
}

/** Why a game was not rated, as the server says it (`NotRated::reason`), in words; an unknown reason as sent. @param {string} why */
function notRatedReason(why) {
  switch (why) {
    case "same_address":
      return t("verify-not-rated-same-address");
    case "pair_limit":
      return t("verify-not-rated-pair-limit");
    case "bot_against_person":
      return t("verify-not-rated-bot-against-person");
    case "same_key":
      return t("verify-not-rated-same-key");
    case "aborted":
      return t("verify-not-rated-aborted");
    case "abandoned":
      return t("verify-not-rated-abandoned");
    default:
      return why;
  }
}

/**
 * What is wrong with the rated status an answer gives, whatever the
 * record, or null: a game both rated and not; one aborted or abandoned that
 * moved ratings; one said unrated as aborted (or abandoned) that was not.
 * @param {any} ending @param {any} rated
 */
function ratedStatusProblem(ending, rated) {
  const counted = rated?.ratings != null;
  const why = rated?.not_rated ?? null;
  if (why && counted) return t("verify-rated-and-not", { reason: notRatedReason(why) });
  const early = ending?.kind === "aborted" || ending?.kind === "abandoned";
  if (early && counted) return t("verify-rated-ended-early", { ending: ending.kind });
  if ((why === "aborted" || why === "abandoned") && ending?.kind !== why) return t("verify-unrated-not-so", { why });
  return null;
}

/**
 * What is wrong with a game in a rated room, or null: its status fits its
 * end; a bot declaration it carries is its key's signature, and one bot
 * against a person is never rated (nor said unrated for it with other than
 * exactly one declaration); a rated game's keys are the record's, two of
 * them, each signed its own deal nonce (the server makes no rated player's:
 * a deal nonce it made proves nothing of the key), its pool is its rules',
 * and each rating after is Glicko-2's from both ratings before and the
 * result. The engine's words.
 * @param {any} record @param {any} result @param {any} rated
 * @param {boolean} checked whether this page checks signatures
 */
async function ratingProblem(record, result, rated, checked) {
  if (!rated) return null;
  const fair = record.fair;
  const problem = await ratedRoomProblem(result.ending, fair.keys ?? { yellow: null, blue: null }, rated, checked);
  if (problem) return problem;
  if (rated.ratings == null) return null;
  for (const seat of SEATS) {
    if (fair.deal.by_server[seat]) {
      return t("verify-rated-server-deal-nonce", { seat: seatName(seat) });
    }
  }
  if (rated.keys.yellow === rated.keys.blue) return t("verify-rated-one-key");
  const pool = poolOf(record.options);
  if (pool !== rated.pool) {
    return pool ? t("verify-rated-other-pool", { pool: String(rated.pool), rules: pool }) : t("verify-rated-no-pool", { pool: String(rated.pool) });
  }
  return glickoProblem(rated.ratings, result.winner ?? null);
}

/**
 * What is wrong with what an answer says of a game in a rated room (or of
 * its deal), whatever its ratings, or null: its status fits its end, its
 * keys are the record's (`keys`), and its bot declarations hold. The
 * engine's words.
 * @param {any} ending @param {{yellow: string | null, blue: string | null}} keys
 * @param {any} rated @param {boolean} checked whether this page checks signatures
 */
async function ratedRoomProblem(ending, keys, rated, checked) {
  const status = ratedStatusProblem(ending, rated);
  if (status) return status;
  for (const seat of SEATS) {
    const key = rated.keys?.[seat];
    if ((keys[seat] ?? null) !== key) {
      const start = String(key).slice(0, 16);
      return rated.ratings != null
        ? t("verify-rated-key-not-records", { seat: seatName(seat), key: start })
        : t("verify-rated-room-key-not-records", { seat: seatName(seat), key: start });
    }
  }
  return botProblem(rated, checked);
}

/**
 * What is wrong with the bot declarations a game in a rated room carries,
 * or null: each is its key's signature (checked where the page has
 * Ed25519), and they decide the game's status: one bot against a person
 * is never rated, and a game said unrated for it carries exactly one. (A
 * game stored before servers kept them carries none to check.)
 * @param {any} rated @param {boolean} checked
 */
async function botProblem(rated, checked) {
  const bots = rated.bot_declarations;
  if (!bots) return null;
  const declared = SEATS.filter((seat) => bots[seat] != null);
  if (checked) {
    for (const seat of declared) {
      const key = typeof rated.keys?.[seat] === "string" && /^[0-9a-fA-F]{64}$/.test(rated.keys[seat]) ? await verifyingKey(rated.keys[seat]) : null;
      if (key === null || !(await botDeclarationHolds(key, bots[seat], rated.keys[seat]))) {
        return t("verify-bot-declaration-unsigned", { seat: seatName(seat) });
      }
    }
  }
  if (declared.length === 1 && rated.ratings != null) {
    return t("verify-rated-bot-against-person", { bot: seatName(declared[0]), person: seatName(opponent(declared[0])) });
  }
  if (rated.not_rated === "bot_against_person" && declared.length === 0) {
    return t("verify-unrated-no-bot");
  }
  if (rated.not_rated === "bot_against_person" && declared.length === 2) {
    return t("verify-unrated-two-bots");
  }
  return null;
}

/** How far a rating worked out here may lie from the one given: far below what a change of result makes (tens of points), above the rounding of two implementations of the same steps. */
const RATING_TOLERANCE = 1e-3;
const VOLATILITY_TOLERANCE = 1e-6;

/**
 * What is wrong with a rated game's rating changes, or null: each seat's
 * rating after is Glicko-2's (`glicko2AfterGame`) from both ratings before
 * and its score, with one more game. The ratings before are the server's
 * word: only the players' histories hold them. The engine's words.
 * @param {any} changes @param {Seat | null} winner
 */
function glickoProblem(changes, winner) {
  const tenths = (/** @type {number} */ value) => ungrouped(Number(value), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  for (const seat of SEATS) {
    const { before, after } = changes[seat];
    const other = changes[opponent(seat)].before;
    const score = winner === null ? 0.5 : winner === seat ? 1 : 0;
    const worked = glicko2AfterGame(before, other, score);
    const result = winner === null ? "draw" : winner === seat ? "win" : "loss";
    const name = seatName(seat);
    const off =
      !(Math.abs(after.rating - worked.rating) <= RATING_TOLERANCE) ||
      !(Math.abs(after.deviation - worked.deviation) <= RATING_TOLERANCE) ||
      !(Math.abs(after.volatility - worked.volatility) <= VOLATILITY_TOLERANCE);
    if (off) {
      return t("verify-rating-not-glicko", {
        seat: name,
        said: tenths(after.rating),
        saidDeviation: tenths(after.deviation),
        worked: tenths(worked.rating),
        workedDeviation: tenths(worked.deviation),
        before: tenths(before.rating),
        beforeDeviation: tenths(before.deviation),
        other: seatName(opponent(seat)),
        otherRating: tenths(other.rating),
        otherDeviation: tenths(other.deviation),
        result,
      });
    }
    if (after.games !== before.games + 1) {
      return t("verify-rated-games-not-one-more", { seat: name, before: figure(before.games), after: figure(after.games) });
    }
    if (after.provisional !== after.deviation > PROVISIONAL_DEVIATION) {
      return t("verify-provisional-wrong", {
        seat: name,
        provisional: after.provisional ? "yes" : "no",
        deviation: tenths(after.deviation),
        limit: ungrouped(PROVISIONAL_DEVIATION),
      });
    }
  }
  return null;
}

/**
 * Each seat the server's own bot played: no key, and every move (the
 * deal's nonce too) the server's.
 * @param {any} fair @param {{yellow: string | null, blue: string | null}} keys
 * @returns {{yellow: boolean, blue: boolean}}
 */
function serverBots(fair, keys) {
  const exchanges = [fair.deal, ...fair.rounds];
  const bot = (/** @type {Seat} */ seat) => !keys[seat] && exchanges.every((exchange) => exchange.by_server[seat]);
  return { yellow: bot("yellow"), blue: bot("blue") };
}

/**
 * What is wrong with how the result says a game ended, given the moves the
 * server made at its end, or null: a player the server made a move for in
 * each of the record's last rounds, as many as its limit, forfeited there
 * and then — alone, or with the other at once (abandoned) — so the result
 * must say that, and no other cause or player. (A game the rules ended
 * first was played out; the server's own bots never forfeit.) The engine's
 * words.
 * @param {any} result
 * @param {{runs: {yellow: number, blue: number}, limit: number | null, bots: {yellow: boolean, blue: boolean}}} stage
 */
function deadlineEndProblem(result, stage) {
  const ending = result.ending;
  if (stage.limit === null || ending?.kind === "played") return null;
  const needed = Math.max(1, stage.limit);
  const over = SEATS.filter((seat) => !stage.bots[seat] && stage.runs[seat] >= needed);
  if (over.length === 0) return null;
  const fits =
    ending?.cause === "missed_deadlines" &&
    (over.length === 2 ? ending.kind === "abandoned" : ending.kind === "forfeit" && ending.seat === over[0]);
  if (fits) return null;
  return over.length === 2
    ? t("verify-deadlines-ended-both", { yellow: seatName("yellow"), blue: seatName("blue"), count: needed, result: resultText(result) })
    : t("verify-deadlines-ended", { seat: seatName(over[0]), count: needed, result: resultText(result) });
}

/**
 * Each seat's moves the server made in a row at the end of the record
 * (its last rounds), for a forfeit for missed deadlines.
 * @param {any} fair
 * @returns {{yellow: number, blue: number}}
 */
function trailingServerMoves(fair) {
  const run = (/** @type {Seat} */ seat) => {
    let count = 0;
    for (let at = fair.rounds.length - 1; at >= 0 && fair.rounds[at].by_server[seat]; at -= 1) count += 1;
    return count;
  };
  return { yellow: run("yellow"), blue: run("blue") };
}

/**
 * The seats a result's ending says forfeited (or aborted), with its
 * cause; null for a game played to its end.
 * @param {any} ending
 * @returns {{seats: Seat[], cause: string} | null}
 */
function forfeited(ending) {
  switch (ending?.kind) {
    case "forfeit":
      return { seats: [ending.seat], cause: ending.cause };
    case "aborted":
      return { seats: ending.seat ? [ending.seat] : [...SEATS], cause: ending.cause };
    case "abandoned":
      return { seats: [...SEATS], cause: ending.cause };
    default:
      return null;
  }
}

/** How a game ended, in words. @param {any} ending */
function endingWords(ending) {
  switch (ending?.kind) {
    case "played":
      return t("verify-ending-played");
    case "forfeit":
      return t("verify-ending-forfeit");
    case "abandoned":
      return t("verify-ending-abandoned");
    default:
      return t("verify-ending-aborted");
  }
}

/**
 * What the cause of a forfeit (or abort) rests on, held against the
 * record: a leave by a player with a key must be in it, signed by that
 * player; missed deadlines must show as the server's moves for the player
 * in the record's last rounds (`stage.runs`, at least `stage.limit` of them;
 * without a limit, in an answer older than format 4, the server's word),
 * or at the deal as no seal of the player's (`stage.deal`). A
 * disconnection, and a move never opened, rest on the server's word, and
 * the note says so. A leave in the record with a result that is not that
 * seat leaving is a broken link. The engine's words.
 * @param {any} ending
 * @param {{yellow: string | null, blue: string | null}} keys
 * @param {{seat: Seat} | null} left
 * @param {{deal: any} | {runs: {yellow: number, blue: number}, limit: number | null, bots: {yellow: boolean, blue: boolean}}} stage
 * @returns {{problem: string} | {note: string | null}}
 */
function causeEvidence(ending, keys, left, stage) {
  const out = forfeited(ending);
  if (left && !(out?.cause === "left" && out.seats.includes(left.seat))) {
    return {
      problem: t("verify-leave-but-other-ending", { seat: seatName(left.seat), ending: endingWords(ending) }),
    };
  }
  if (!out) return { note: null };
  /** @type {string[]} */
  const notes = [];
  for (const seat of out.seats) {
    const name = seatName(seat);
    switch (out.cause) {
      case "left":
        if (!keys[seat]) notes.push(t("verify-left-on-servers-word", { seat: name }));
        else if (left?.seat === seat) notes.push(t("verify-left-proven", { seat: name }));
        else return { problem: t("verify-left-unproven", { seat: name }) };
        break;
      case "missed_deadlines": {
        if ("deal" in stage) {
          if (stage.deal.seals?.[seat]) {
            return { problem: t("verify-deal-missed-but-sealed", { seat: name }) };
          }
          notes.push(t("verify-deal-missed-proven", { seat: name }));
          break;
        }
        const runs = stage.runs[seat];
        if (stage.limit === null) {
          // An answer stored before servers kept their limit (older than
          // record format 4: refused otherwise).
          if (runs === 0) return { problem: t("verify-missed-but-own-move", { seat: name }) };
          notes.push(t("verify-missed-on-servers-word", { seat: name, count: figure(runs) }));
          break;
        }
        const needed = Math.max(1, stage.limit);
        if (runs < needed) {
          return { problem: t("verify-missed-too-few", { seat: name, count: figure(runs), limit: figure(needed) }) };
        }
        notes.push(t("verify-missed-proven", { seat: name, limit: figure(needed), count: figure(runs) }));
        break;
      }
      case "disconnected":
        notes.push(t("verify-disconnected-on-servers-word", { seat: name }));
        break;
      case "not_opened":
        notes.push(t("verify-not-opened-on-servers-word", { seat: name }));
        break;
      default:
        notes.push(t("verify-forfeit-on-servers-word", { seat: name, cause: String(out.cause) }));
    }
  }
  return { note: notes.join(t("verify-notes-separator")) };
}

/**
 * A move recorded as its player's whose nonce is the one the server's seed
 * gives: nobody but the server knew that seed before the game was over, so
 * the server made it, and the record itself proves it.
 * @param {number} round @param {Seat} seat
 */
function serverMoveClaimed(round, seat) {
  return t("verify-server-move-claimed", { round: named(round), seat: seatName(seat) });
}

/**
 * Whether a record's place in its match (`fair.match`, `aborted_deal.match`)
 * can be hashed: absent (a game alone), or a match id of 32 hex digits,
 * numbers that are 32-bit and a previous commitment of 64 hex digits.
 * @param {unknown} link
 */
function linkReadable(link) {
  if (link === undefined || link === null) return true;
  const { id, first_to: firstTo, number, previous } = /** @type {any} */ (link);
  const u32 = (/** @type {unknown} */ value) => Number.isInteger(value) && Number(value) >= 0 && Number(value) <= 0xffffffff;
  return /^[0-9a-fA-F]{32}$/.test(String(id)) && /^[0-9a-fA-F]{64}$/.test(String(previous)) && u32(firstTo) && u32(number);
}

/**
 * What rests on hashing: the first broken link, or null.
 * @param {any} record
 * @returns {string | null}
 */
function hashedLink(record) {
  const fair = record?.fair;
  if (!fair) return t("fair-no-seals");
  if (!record.seed) return t("verify-no-seed");
  if (!linkReadable(fair.match)) return t("verify-match-link-unreadable");
  if (commitmentIn(record.seed, fair.match) !== fair.commitment) return t("fair-seed-mismatch");
  if ((fair.rounds?.length ?? 0) !== record.rounds.length) return t("verify-exchanges-not-rounds");
  const exchanges = [fair.deal, ...fair.rounds];
  for (const [round, exchange] of exchanges.entries()) {
    for (const seat of SEATS) {
      const nonce = exchange.nonces[seat];
      const servers = serverNonce(record.seed, round, seat);
      if (exchange.by_server[seat] && nonce !== servers) {
        return t("verify-server-nonce-not-seeds", { seat, round: named(round) });
      }
      const assignment = round === 0 ? NOTHING : record.rounds[round - 1].assignments[seat];
      if (sealOf(fair.commitment, round, seat, assignment, nonce) !== exchange.seals[seat]) {
        return t("verify-opening-not-seal", { round: named(round), seat });
      }
      if (!exchange.by_server[seat] && nonce === servers) return serverMoveClaimed(round, seat);
    }
  }
  const layout = shuffledLayout(dealRng(record.seed, fair.deal.nonces));
  for (const [row, pieces] of layout.entries()) {
    if (pieces.join() !== record.layout[row]?.join()) {
      return t("verify-deal-not-seeds", { row: ungrouped(row + 1) });
    }
  }
  for (const [index, report] of record.rounds.entries()) {
    const round = index + 1;
    const rng = diceRng(record.seed, round, fair.rounds[index].nonces);
    const rolls = [
      ...report.attempts.map((/** @type {any} */ attempt) => ({ roll: attempt, kind: "attempt" })),
      ...report.boosts.map((/** @type {any} */ boost) => ({ roll: boost, kind: "boost" })),
    ];
    for (const { roll, kind } of rolls) {
      for (const [die, face] of roll.dice.entries()) {
        const expected = 1 + below(rng, 6);
        if (face !== expected) {
          return t("verify-die-not-seeds", {
            round: named(round),
            seat: String(roll.seat),
            kind,
            column: String(roll.column),
            die: ungrouped(die + 1),
            face: String(face),
            expected: ungrouped(expected),
          });
        }
      }
    }
  }
  return null;
}

/**
 * What an aborted deal's check found (a game that ended at its deal: a
 * player sealed a nonce and never opened it, left, or stayed away): its
 * first broken link (null: none), and who did what. `sealed`, `refused`
 * (sealed, and never opened in the time to open) and `byServer` (a nonce
 * the server made: a bot's, or at the deal's deadline) are the record's;
 * `signed`: the seats whose own seal is signed by their key, checked unless
 * `checked` is false (a page without Ed25519); `unsigned`: the seats with a
 * seal of their own that nothing proves theirs (no key); `cause`: what the
 * result's abort rests on, given the server's answer (as for a game).
 * @typedef {{
 *   broken: string | null,
 *   sealed: Seat[],
 *   refused: Seat[],
 *   byServer: Seat[],
 *   signed: Seat[],
 *   unsigned: Seat[],
 *   checked: boolean,
 *   cause: string | null,
 * }} DealVerdict
 */

/**
 * Checks an aborted deal (`/api/games/{id}`'s `aborted_deal`) as the engine
 * does, link by link, Yellow's then Blue's: the version, the seed against
 * the commitment, then each seat's seal against its opening (a nonce the
 * server made, against the one the seed gives; a player's, never that one)
 * and its signature by the seat's key, then a leave signed at the deal;
 * then, given the server's answer, its result: nobody scored, nobody won
 * (or, for a game stored before aborts, the refuser's opponent), the
 * refusers are those the record names, and the cause stands on the
 * record. The words of each broken link are the engine's.
 * @param {any} deal an `aborted_deal`
 * @param {Claimed | null} [claimed] the server's answer it came in, whose result is checked too
 * @returns {Promise<DealVerdict>}
 */
export async function checkAbortedDeal(deal, claimed = null) {
  const sealOfSeat = (/** @type {Seat} */ seat) => deal?.seals?.[seat] ?? null;
  const ownSeal = (/** @type {Seat} */ seat) => sealOfSeat(seat) !== null && !deal.by_server?.[seat];
  const keyOf = (/** @type {Seat} */ seat) => deal?.keys?.[seat] ?? null;
  /** @type {DealVerdict} */
  const verdict = {
    broken: null,
    sealed: SEATS.filter((seat) => sealOfSeat(seat) !== null),
    refused: SEATS.filter((seat) => deal?.refused?.[seat] === true),
    byServer: SEATS.filter((seat) => deal?.by_server?.[seat] === true),
    signed: SEATS.filter((seat) => ownSeal(seat) && keyOf(seat) !== null),
    unsigned: SEATS.filter((seat) => ownSeal(seat) && keyOf(seat) === null),
    checked: await canCheckSignatures(),
    cause: null,
  };
  /** @param {string} broken */
  const brokenAt = (broken) => ({ ...verdict, broken });
  if (deal?.version !== 1) {
    return brokenAt(t("verify-version-unsupported", { version: String(deal?.version) }));
  }
  // A seed that is not 32 bytes matches no commitment.
  const seed = typeof deal.seed === "string" && /^[0-9a-fA-F]{64}$/.test(deal.seed) ? deal.seed : null;
  if (!linkReadable(deal.match)) return brokenAt(t("verify-match-link-unreadable"));
  if (seed === null || commitmentIn(seed, deal.match) !== deal.commitment) {
    return brokenAt(t("fair-seed-mismatch"));
  }
  for (const seat of SEATS) {
    const problem = await dealSeatProblem(deal, seed, seat, verdict.checked);
    if (problem) return brokenAt(problem);
  }
  const left = deal.left ?? null;
  if (left) {
    if (left.round !== 0) return brokenAt(t("verify-leave-wrong-round", { seat: seatName(left.seat), round: named(left.round), stopped: named(0) }));
    const problem = await badLeave(left, deal.commitment, { yellow: keyOf("yellow"), blue: keyOf("blue") }, verdict.checked);
    if (problem) return brokenAt(problem);
  }
  if (!claimed?.result) return verdict;
  const judged = await dealResultProblem(deal, verdict, claimed, left);
  if ("problem" in judged) return brokenAt(judged.problem);
  verdict.cause = judged.note;
  return verdict;
}

/**
 * What is wrong with `seat`'s part of an aborted deal, or null: its seal,
 * opening, refusal, the server's nonce, its key and signature.
 * @param {any} deal @param {string} seed @param {Seat} seat @param {boolean} checked whether signatures can be checked here
 * @returns {Promise<string | null>}
 */
async function dealSeatProblem(deal, seed, seat, checked) {
  const name = seatName(seat);
  const seal = deal?.seals?.[seat] ?? null;
  const nonce = deal.nonces?.[seat] ?? null;
  const refused = deal.refused?.[seat] === true;
  const byServer = deal.by_server?.[seat] === true;
  if (nonce !== null && seal === null) return t("verify-deal-opening-without-seal", { seat: name });
  if (refused && seal === null) return t("verify-deal-refused-without-seal", { seat: name });
  if (refused && nonce !== null) return t("verify-deal-refused-but-opened", { seat: name });
  if (seal === null) return null;
  if (nonce !== null) {
    if (!opens(deal.commitment, seat, nonce, seal)) {
      return t("verify-deal-opening-not-seal", { seat: name });
    }
    const servers = serverNonce(seed, 0, seat);
    if (byServer && nonce !== servers) {
      return t("verify-deal-server-nonce-not-seeds", { seat: name });
    }
    if (!byServer && nonce === servers) return serverMoveClaimed(0, seat);
  }
  const key = deal?.keys?.[seat] ?? null;
  if (key !== null && !byServer && !/^[0-9a-fA-F]{64}$/.test(key)) {
    return t("verify-key-not-ed25519", { seat: name });
  }
  const signature = deal.signatures?.[seat];
  const problem = signatureProblem(0, seat, byServer, key, signature);
  if (problem) return problem;
  if (byServer || key === null || !checked) return null;
  // A key that is none, or one of small order, verifies nothing.
  const verifying = await verifyingKey(key);
  if (verifying === null || !(await signatureHolds(verifying, signature, seal))) {
    return t("verify-signature-mismatch", { round: named(0), seat: name });
  }
  return null;
}

/**
 * Whether the result the server gave with an aborted deal is the deal's:
 * nobody scored, nobody won (or, for a game stored before aborts, the
 * refuser's opponent), the refusers those the record names; and what the
 * cause rests on (`note`), or what is wrong (`problem`).
 * @param {any} deal @param {DealVerdict} verdict @param {Claimed} claimed @param {any} left the signed leave, if any
 * @returns {Promise<{problem: string} | {note: string | null}>}
 */
async function dealResultProblem(deal, verdict, claimed, left) {
  const result = claimed.result;
  const keyOf = (/** @type {Seat} */ seat) => deal?.keys?.[seat] ?? null;
  const limit = claimed.missed_deadline_limit ?? null;
  const limitBroken = limitProblem(null, limit);
  if (limitBroken) return { problem: limitBroken };
  // Aborts came with signed leaves and the answer's limit: a deal stored
  // with either ended aborted, never by a forfeit.
  if ((limit !== null || left) && result.ending?.kind === "forfeit") {
    return {
      problem: t("verify-deal-result-forfeit", { result: resultText(result), seat: seatName(result.ending.seat) }),
    };
  }
  const out = forfeited(result.ending);
  const saidRefused = out?.cause === "not_opened" ? out.seats : [];
  // A game stored before aborts existed ended its deal by a forfeit, won by the refuser's opponent.
  const winner = result.ending?.kind === "forfeit" ? opponent(result.ending.seat) : null;
  const nothingScored = SEATS.every((seat) => scoreKey(result.score?.[seat]) === scoreKey(NO_SCORE));
  if (!out || !nothingScored || saidRefused.join() !== verdict.refused.join() || (result.winner ?? null) !== winner) {
    const refused = verdict.refused.length === 2 ? "both" : verdict.refused.length ? "one" : "none";
    const seat = verdict.refused.length ? seatName(verdict.refused[0]) : "";
    return { problem: t("verify-deal-result-not-the-records", { result: resultText(result), refused, seat }) };
  }
  const rated = claimed.rated ? await ratedRoomProblem(result.ending, { yellow: keyOf("yellow"), blue: keyOf("blue") }, claimed.rated, verdict.checked) : null;
  if (rated) return { problem: rated };
  const evidence = causeEvidence(result.ending, { yellow: keyOf("yellow"), blue: keyOf("blue") }, left, { deal });
  return evidence;
}

/**
 * Whether `nonce` opens `seal` as the deal's nonce of `seat`: a nonce that
 * is not 32 bytes opens nothing.
 * @param {string} commitment @param {Seat} seat @param {string} nonce @param {string} seal
 */
function opens(commitment, seat, nonce, seal) {
  try {
    return sealOf(commitment, 0, seat, NOTHING, nonce) === seal;
  } catch {
    return false;
  }
}
