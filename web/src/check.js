// Every finished game checked by the page itself (docs/fairness.md):
// what this browser sealed and saw (stored.js keeps it) against the game's
// record, then the record link by link (fair.js, verify.js), and what the
// page says of it — the room's page when its game ends, the game's page
// (replay.js) for an aborted deal.

import { t, ungrouped } from "./catalogue.js";
import { checkAgainstWhatWasSeen, checkDealAgainstWhatWasSeen } from "./fair.js";
import { HexError } from "./sha256.js";
import { checkAbortedDeal, checkRecord } from "./verify.js";
import { SEATS, refusalWords, seatName } from "./words.js";

/** @typedef {import("./fair.js").Sealing} Sealing */
/** @typedef {import("./words.js").Seat} Seat */

/** The command that checks what this page cannot, never translated. */
const VERIFY_COMMAND = "mice-cake verify"; // words-check: a command line, never translated

/** Sentences one after another, as a paragraph. @param {(string | null | false | undefined)[]} sentences */
const paragraph = (sentences) => sentences.filter(Boolean).join(" ");

/** The deal and rounds named, in a list: "the deal, round 2". @param {number[]} rounds */
const roundList = (rounds) => rounds.map((round) => t("check-round", { round: ungrouped(round) })).join(t("check-list-separator"));

/**
 * Checks the finished game here, asking the server nothing but the game
 * (`/api/games/ID`): the seals, signatures and keys seen and this player's
 * own moves against its record, then the record link by link (`verify.js`:
 * the seed, every seal, the deal, every die, every signature, a leave) and
 * the result the server gives with it. That every outcome follows the
 * rules is left to `mice-cake verify`. A game that ended at its deal has
 * no record but its aborted deal, checked alike (`checkDeal`). Returns
 * what the page says of it (`fairnessKind` tells how it reads).
 * @param {string} gameId
 * @param {string} published the commitment published when the game started ("" if unseen)
 * @param {Sealing | null} seen what this page saw of the game (a page that came in late saw less)
 * @returns {Promise<string>}
 */
export async function checkGame(gameId, published, seen) {
  try {
    const finished = await fetch(`/api/games/${gameId}`).then((response) => response.json());
    const commitment = seen?.commitment ?? published;
    if (finished.aborted_deal) return await checkDeal(finished, commitment, seen);
    const record = finished.record;
    const verdict = await checkRecord(record, finished);
    const problem =
      (commitment && record.fair && record.fair.commitment !== commitment ? t("fair-commitment-mismatch") : null) ??
      checkAgainstWhatWasSeen(record, seen) ??
      verdict.broken;
    if (problem) return t("check-not-fair", { problem });
    const takenOver = (seen?.sealed ?? []).filter((round) => {
      const exchange = round === 0 ? record.fair?.deal : record.fair?.rounds[round - 1];
      return seen?.seat && exchange?.by_server[seen.seat];
    });
    // Every move a player made signed by them, and checked here.
    const signed = verdict.checked && verdict.signed.length > 0 && verdict.unsigned.length === 0;
    return paragraph([
      t("check-verified-fair", { signed: signed ? "yes" : "no", command: VERIFY_COMMAND }),
      ...whoMoved(verdict, record.rounds.length + 1, signed, Boolean(record.fair?.left)),
      ...resultWords(verdict),
      takenOver.length ? t("check-moves-taken-over", { rounds: roundList(takenOver) }) : null,
    ]);
  } catch (error) {
    return error instanceof HexError
      ? t("check-failed-not-hex", { digits: ungrouped(error.digits), text: error.text })
      : t("check-failed", { error: String(error) });
  }
}

/**
 * What the check says of the result: what its forfeit (or abort) rests on,
 * and a score this page could not work out.
 * @param {{cause: string | null, scoreLeft: boolean}} verdict
 */
function resultWords(verdict) {
  return [
    verdict.cause ? t("check-result", { cause: verdict.cause }) : null,
    verdict.scoreLeft ? t("check-score-left", { command: VERIFY_COMMAND }) : null,
  ];
}

/**
 * Checks a game that ended at its deal (no record, but an aborted deal):
 * the commitment published at the start and what this page saw against
 * it, then the deal itself and the result given with it (`checkAbortedDeal`).
 * @param {any} finished `/api/games/ID`'s answer, holding the `aborted_deal`
 * @param {string} commitment the commitment published when the game started ("" if unseen)
 * @param {import("./fair.js").Sealing | null} seen what this page saw of the game
 */
async function checkDeal(finished, commitment, seen) {
  const deal = finished.aborted_deal;
  const verdict = await checkAbortedDeal(deal, finished);
  const problem =
    (commitment && deal.commitment !== commitment ? t("fair-commitment-mismatch") : null) ??
    checkDealAgainstWhatWasSeen(deal, seen) ??
    verdict.broken;
  if (problem) return dealFairness(deal, verdict, problem);
  const seat = seen?.seat;
  return paragraph([
    dealFairness(deal, verdict, problem),
    seat && seen.sealed?.includes(0) && deal.by_server?.[seat] ? t("check-deal-nonce-taken-over") : null,
    // The server's word against this page's: an opening may come too late.
    seat && seen.own.some((move) => move.round === 0) && deal.refused?.[seat] ? t("check-deal-opening-lost") : null,
  ]);
}

/**
 * What the page says of an aborted deal: NOT FAIR and the first problem,
 * or what it verified, who sealed and never opened, who made the nonces,
 * and what the result rests on. The room's page and the game's page
 * (`replay.js`) say the same.
 * @param {any} deal the `aborted_deal`
 * @param {import("./verify.js").DealVerdict} verdict
 * @param {string | null} [problem] the first problem (by default, the verdict's)
 */
export function dealFairness(deal, verdict, problem = verdict.broken) {
  if (problem) return t("check-not-fair", { problem });
  const signed = verdict.checked && verdict.signed.length > 0;
  const [unsigned] = verdict.unsigned;
  const [madeBy] = verdict.byServer;
  return paragraph([
    t("check-deal-verified"),
    refusalWords(deal),
    t("check-deal-checked", { signed: signed ? "yes" : "no" }),
    (verdict.signed.length || deal.left) && !verdict.checked ? t("check-deal-signatures-unchecked", { command: VERIFY_COMMAND }) : null,
    verdict.unsigned.length === 2 ? t("check-deal-seals-unsigned-both") : unsigned ? t("check-deal-seal-unsigned", { seat: seatName(unsigned) }) : null,
    verdict.byServer.length === 2 ? t("check-deal-nonces-by-server-both") : madeBy ? t("check-deal-nonce-by-server", { seat: seatName(madeBy) }) : null,
    verdict.cause ? t("check-result", { cause: verdict.cause }) : null,
  ]);
}

/**
 * How the page's words on a game's fairness read: "fair" (verified),
 * "error" (NOT FAIR) or "" (not checked yet, or could not be), in any
 * language: the verified messages begin with ✓, and NOT FAIR's with what
 * its message has before the problem.
 * @param {string} said what `checkGame` or `dealFairness` said
 * @returns {"fair" | "error" | ""}
 */
export function fairnessKind(said) {
  const mark = "\u{E002}";
  const [notFair] = t("check-not-fair", { problem: mark }).split(mark);
  if (said.startsWith(notFair)) return "error";
  const [verified] = t("check-deal-verified").split(" ");
  return verified && said.startsWith(verified) ? "fair" : "";
}

/**
 * What the check says of who made the moves, when it says more than
 * "every player's move signed by its player": the signatures it could not
 * check, the moves nothing proves the player's, and the server's own.
 * @param {import("./verify.js").Verdict} verdict
 * @param {number} exchanges the deal and every round
 * @param {boolean} signed whether the verdict says every player's move is signed
 * @param {boolean} leave whether the record holds a signed leave
 * @returns {(string | null)[]} its sentences
 */
function whoMoved(verdict, exchanges, signed, leave) {
  /** @type {(string | null)[]} */
  const sentences = [];
  if ((verdict.signed.length || leave) && !verdict.checked) {
    sentences.push(t("check-signatures-unchecked", { leave: leave ? "yes" : "no", command: VERIFY_COMMAND }));
  } else if (verdict.signed.length && !signed) {
    // Both seats signed here, and yet not every move proven: never, as a
    // seat is signed or unsigned; said whole all the same.
    sentences.push(verdict.signed.length === 2 ? t("check-moves-signed-both", { yellow: seatName("yellow"), blue: seatName("blue") }) : t("check-moves-signed", { seat: seatName(verdict.signed[0]) }));
  }
  if (verdict.unsigned.length === 2) sentences.push(t("check-moves-unsigned-both"));
  else if (verdict.unsigned.length) sentences.push(t("check-moves-unsigned", { seat: seatName(verdict.unsigned[0]) }));
  const made = SEATS.flatMap((seat) => {
    const rounds = verdict.byServer.filter((move) => move.seat === seat).map((move) => move.round);
    if (!rounds.length) return [];
    if (rounds.length === exchanges) return [t("check-server-made-all", { seat: seatName(seat) })];
    return [t("check-server-made-in", { seat: seatName(seat), rounds: roundList(rounds) })];
  });
  if (made.length) sentences.push(t("check-server-made", { moves: made.join(t("check-moves-separator")) }));
  return sentences;
}
