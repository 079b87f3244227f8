// Every finished game checked by the page itself (docs/fairness.md):
// what this browser sealed and saw (stored.js keeps it) against the game's
// record, then the record link by link (fair.js, verify.js), and what the
// page says of it — the room's page when its game ends, the game's page
// (replay.js) for an aborted deal.

import { checkAgainstWhatWasSeen, checkDealAgainstWhatWasSeen } from "./fair.js";
import { checkAbortedDeal, checkRecord } from "./verify.js";
import { SEATS, refusalWords, seatName } from "./words.js";

/** @typedef {import("./fair.js").Sealing} Sealing */
/** @typedef {import("./words.js").Seat} Seat */

/**
 * Checks the finished game here, asking the server nothing but the game
 * (`/api/games/ID`): the seals, signatures and keys seen and this player's
 * own moves against its record, then the record link by link (`verify.js`:
 * the seed, every seal, the deal, every die, every signature, a leave) and
 * the result the server gives with it. That every outcome follows the
 * rules is left to `mice-cake verify`. A game that ended at its deal has
 * no record but its aborted deal, checked alike (`checkDeal`). Returns
 * what the page says of it.
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
      (commitment && record.fair && record.fair.commitment !== commitment
        ? "the record's commitment is not the one published when the game started"
        : null) ??
      checkAgainstWhatWasSeen(record, seen) ??
      verdict.broken;
    const takenOver = (seen?.sealed ?? []).filter((round) => {
      const exchange = round === 0 ? record.fair?.deal : record.fair?.rounds[round - 1];
      return seen?.seat && exchange?.by_server[seen.seat];
    });
    const note = takenOver.length
      ? ` The server made your move in ${takenOver.map((round) => (round === 0 ? "the deal" : `round ${round}`)).join(", ")} although this page sealed one (too late for the deadline, or dropped).`
      : "";
    // Every move a player made signed by them, and checked here.
    const signed = verdict.checked && verdict.signed.length > 0 && verdict.unsigned.length === 0;
    return problem
      ? `NOT FAIR: ${problem}`
      : `✓ Verified fair by this page: dice nobody chose, moves nobody saw early${signed ? ", every player's move signed by its player" : ""} (the seed, every seal${signed ? " and signature" : ""}, the deal and every die checked here; that every outcome follows the rules, mice-cake verify checks).${whoMoved(verdict, record.rounds.length + 1, signed, Boolean(record.fair?.left))}${resultWords(verdict)}${note}`;
  } catch (error) {
    return `Could not check the game: ${error}`;
  }
}

/**
 * What the check says of the result: what its forfeit (or abort) rests on,
 * and a score this page could not work out.
 * @param {{cause: string | null, scoreLeft: boolean}} verdict
 */
function resultWords(verdict) {
  let words = "";
  if (verdict.cause) words += ` The result: ${verdict.cause}.`;
  if (verdict.scoreLeft) {
    words += " The score when the game stopped is the server's: this page does not run the rules to work it out (mice-cake verify does).";
  }
  return words;
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
    (commitment && deal.commitment !== commitment
      ? "the record's commitment is not the one published when the game started"
      : null) ??
    checkDealAgainstWhatWasSeen(deal, seen) ??
    verdict.broken;
  const seat = seen?.seat;
  let note = "";
  if (seat && seen.sealed?.includes(0) && deal.by_server?.[seat]) {
    note += " The server made your nonce of the deal although this page sealed one (too late for the deadline, or dropped).";
  }
  // The server's word against this page's: an opening may come too late.
  if (seat && seen.own.some((move) => move.round === 0) && deal.refused?.[seat]) {
    note += " This page sent the opening of your nonce, but the record says you never opened it (it came too late, or was lost on the way).";
  }
  return dealFairness(deal, verdict, problem) + (problem ? "" : note);
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
  if (problem) return `NOT FAIR: ${problem}`;
  const refusal = refusalWords(deal);
  const signed = verdict.checked && verdict.signed.length > 0;
  let words = `✓ Verified by this page: the game ended at its deal, before anything was dealt.${refusal ? ` ${refusal}` : ""}`;
  words += ` Checked here: the seed against the commitment published when the game started, every nonce opened against its seal${signed ? ", every signature against its player's key" : ""}.`;
  if ((verdict.signed.length || deal.left) && !verdict.checked) {
    words += " This page could not check the signatures (that takes HTTPS and a recent browser): mice-cake verify checks them.";
  }
  if (verdict.unsigned.length === 2) {
    words += " Nothing proves the players' seals were their own: they are not signed, so the server could have made them.";
  } else if (verdict.unsigned.length) {
    const name = seatName(verdict.unsigned[0]);
    words += ` Nothing proves ${name}'s seal was ${name}'s own: it is not signed, so the server could have made it.`;
  }
  const made = verdict.byServer.length === 2 ? "both nonces" : verdict.byServer.length ? `${seatName(verdict.byServer[0])}'s nonce` : "";
  if (made) words += ` The server made ${made} itself (a bot's, or at the deal's deadline).`;
  if (verdict.cause) words += ` The result: ${verdict.cause}.`;
  return words;
}

/**
 * What the check says of who made the moves, when it says more than
 * "every player's move signed by its player": the signatures it could not
 * check, the moves nothing proves the player's, and the server's own.
 * @param {import("./verify.js").Verdict} verdict
 * @param {number} exchanges the deal and every round
 * @param {boolean} signed whether the verdict says every player's move is signed
 * @param {boolean} leave whether the record holds a signed leave
 */
function whoMoved(verdict, exchanges, signed, leave) {
  const theirs = (/** @type {Seat[]} */ seats) =>
    seats.length === 2 ? "the players' moves were their own" : `${seatName(seats[0])}'s moves were ${seatName(seats[0])}'s own`;
  let words = "";
  if ((verdict.signed.length || leave) && !verdict.checked) {
    words += ` This page could not check the ${leave ? "moves' and the leave's" : "moves'"} signatures (that takes HTTPS and a recent browser): mice-cake verify checks them.`;
  } else if (verdict.signed.length && !signed) {
    words += ` ${verdict.signed.map((seat) => `${seatName(seat)}'s moves are signed by ${seatName(seat)}'s key`).join("; ")}.`;
  }
  if (verdict.unsigned.length) {
    words += ` Nothing proves ${theirs(verdict.unsigned)}: they are not signed, so the server could have made them.`;
  }
  const made = SEATS.flatMap((seat) => {
    const rounds = verdict.byServer.filter((move) => move.seat === seat).map((move) => move.round);
    if (!rounds.length) return [];
    if (rounds.length === exchanges) return [`all of ${seatName(seat)}'s`];
    return [`${seatName(seat)}'s in ${rounds.map((round) => (round === 0 ? "the deal" : `round ${round}`)).join(", ")}`];
  });
  if (made.length) words += ` Moves the server made itself (a bot's, or at a missed deadline): ${made.join("; ")}.`;
  return words;
}
