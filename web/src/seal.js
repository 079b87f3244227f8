// Sealed play, done by the page itself (docs/fairness.md): each move is
// sealed with a fresh nonce, signed with this browser's key (keys.js) and
// sent; once both seals are in, it is opened; what was sealed and seen is
// kept in the browser's storage (a reload must still open a move sealed),
// and the finished game is checked (fair.js, verify.js). A leave during a
// game is signed with the same key: the record keeps it as the proof.

import { announce, h } from "./dom.js";
import { NOTHING, checkAgainstWhatWasSeen, checkDealAgainstWhatWasSeen, freshNonce, sealOf, sealing } from "./fair.js";
import { signLeave, signSeal } from "./keys.js";
import { checkAbortedDeal, checkRecord } from "./verify.js";
import { SEATS, assignmentText, refusalWords, seatName } from "./words.js";

/** How often one opening refused as out of turn asks for the state and goes again. */
const SYNCS_PER_OPENING = 3;

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./net.js").Connection} Connection */
/** @typedef {import("./words.js").Seat} Seat */

/**
 * Seals this player's move for the round and sends it; the notice says
 * what happened.
 * @param {Model} model @param {Connection} connection
 */
export function commit(model, connection) {
  const room = model.room;
  const round = room.view.round;
  const assignment = { mice: [...model.mice], steal: model.steal };
  const held = sealing.get(room.code);
  if (room.exchange?.seals[room.you] || (held?.game === room.game && held?.pending?.round === round)) {
    model.notice = "Your move is sealed already: it is waiting for your opponent's.";
    return;
  }
  const sealed = seal(model, connection, round, assignment);
  model.notice = sealed && connection.up
    ? "Sealing…"
    : `Reconnecting… your move is sent as soon as the connection is back, if round ${round} is still open.`;
}

/**
 * What this browser sealed and saw in the room's current game, kept in
 * its storage (a reload must still open the move sealed).
 * @param {Model} model
 * @returns {import("./fair.js").Sealing | null}
 */
function kept(model) {
  const room = model.room;
  if (!room?.exchange) return sealing.get(room?.code ?? "");
  const held = sealing.get(room.code);
  if (held && held.game === room.game) {
    // An honest server never changes a game's commitment: keep the first,
    // and remember that it changed.
    if (held.commitment !== room.exchange.commitment) held.conflict ??= "the server published another commitment during the game";
    return held;
  }
  return {
    game: room.game,
    commitment: room.exchange.commitment,
    seat: room.you,
    pending: null,
    own: [],
    seals: {},
    sealed: [],
    conflict: null,
    keys: announcedKeys(room.players),
  };
}

/**
 * The seats' keys as the server announced them to this page, or undefined
 * where it said nothing of keys.
 * @param {any} players
 * @returns {{yellow: string | null, blue: string | null} | undefined}
 */
function announcedKeys(players) {
  const [yellow, blue] = SEATS.map((seat) => {
    const player = players?.[seat];
    return player && "key" in player ? (player.key ?? null) : undefined;
  });
  return yellow === undefined || blue === undefined ? undefined : { yellow, blue };
}

/**
 * Seals `assignment` for `round` with a fresh nonce, keeps the opening and
 * sends the seal, signed; returns whether it sealed.
 * @param {Model} model @param {Connection} connection @param {number} round
 * @param {import("./fair.js").Assignment} assignment
 */
function seal(model, connection, round, assignment) {
  const room = model.room;
  const held = kept(model);
  if (!room?.exchange || !room.you || !held) return false;
  // One seal a round: a second would be refused, and its opening too.
  if (room.exchange.seals[room.you] || held.pending?.round === round) return false;
  const nonce = freshNonce();
  held.sealed = [...(held.sealed ?? []).filter((sealed) => sealed !== round), round];
  held.pending = { round, assignment, nonce, sent: false, reseal: false };
  held.seat = room.you;
  sealing.set(room.code, held);
  sendSeal(connection, room, round, sealOf(room.exchange.commitment, round, room.you, assignment, nonce));
  return true;
}

/** The seals being signed in this page ("code:game:round"). */
const signing = new Set();

/**
 * Sends a seal signed with this browser's key, if the server holds that
 * key for the seat (it refuses a signature for a seat without one, and
 * takes no other); unsigned otherwise. The signature is kept with the
 * pending seal, so that a re-send after a reconnection or a reload carries
 * the same one; a re-send asked for while the seal is still being signed
 * is that send, once signed.
 * @param {Connection} connection @param {any} room @param {number} round
 * @param {string} sealed the seal, 64 hex digits
 */
async function sendSeal(connection, room, round, sealed) {
  const code = /** @type {string} */ (room.code);
  const game = /** @type {number} */ (room.game);
  const seatKey = room.players?.[room.you]?.key;
  const id = `${code}:${game}:${round}`;
  if (signing.has(id)) return;
  signing.add(id);
  /** @type {string | null | undefined} */
  let signature;
  try {
    const held = sealing.get(code);
    signature = held?.game === game && held.pending?.round === round ? held.pending.signature : undefined;
    if (signature === undefined) {
      const signed = await signSeal(sealed);
      signature = signed && signed.key === seatKey ? signed.signature : null;
      // Read again: the page noted more while this was signed.
      const now = sealing.get(code);
      if (now?.game === game && now.pending?.round === round) {
        now.pending.signature = signature;
        if (signature && signed) now.key = signed.key;
        sealing.set(code, now);
      }
    }
  } finally {
    signing.delete(id);
  }
  connection.send(signature ? { type: "seal", round, seal: sealed, signature } : { type: "seal", round, seal: sealed });
}

/**
 * What the page sends by itself after each message: the deal's nonce, a
 * forced move, the opening of its sealed move once both seals are in. It
 * notes the seals it sees before opening, for the check at the end.
 * @param {Model} model @param {Connection} connection
 */
export function automatic(model, connection) {
  const room = model.room;
  const exchange = room?.exchange;
  if (!room || !exchange || room.status !== "playing") return;
  const held = kept(model);
  if (!held) return;
  const both = exchange.seals.yellow && exchange.seals.blue;
  if (both) {
    // The first pair seen is kept: an honest server never changes a seal.
    const first = held.seals[exchange.round];
    if (!first) held.seals[exchange.round] = { yellow: exchange.seals.yellow, blue: exchange.seals.blue };
    else if (first.yellow !== exchange.seals.yellow || first.blue !== exchange.seals.blue) {
      held.conflict ??= `a seal of ${exchange.round === 0 ? "the deal" : `round ${exchange.round}`} changed after it was published`;
    }
  }
  // The signatures published with the seals, the first of each kept alike.
  for (const seat of SEATS) {
    const signature = exchange.signatures?.[seat];
    if (typeof signature !== "string") continue;
    const noted = ((held.signatures ??= {})[exchange.round] ??= {});
    if (!noted[seat]) noted[seat] = signature;
    else if (noted[seat] !== signature) {
      held.conflict ??= `${seatName(seat)}'s signature of ${exchange.round === 0 ? "the deal" : `round ${exchange.round}`} changed after it was published`;
    }
  }
  sealing.set(room.code, held);
  const you = room.you;
  if (!you) return;
  const mine = held.pending && held.pending.round === exchange.round ? held.pending : null;
  if (!exchange.seals[you] && mine?.reseal) {
    mine.reseal = false;
    sealing.set(room.code, held);
    sendSeal(connection, room, mine.round, sealOf(exchange.commitment, mine.round, you, mine.assignment, mine.nonce));
    return;
  }
  if (!exchange.seals[you] && !mine) {
    if (exchange.round === 0) seal(model, connection, 0, NOTHING);
    // A forced move waits for the reveals before it to end, so that the
    // next reveal never cuts one short (room.js seals it then); a hidden
    // page, which nobody watches, seals it at once.
    else if (room.choices?.[you]?.forced && !(model.reveal && document.visibilityState === "visible")) seal(model, connection, exchange.round, room.choices[you].forced);
    return;
  }
  // Only the move whose seal the server published is opened.
  const published = mine && exchange.seals[you] === sealOf(exchange.commitment, exchange.round, you, mine.assignment, mine.nonce);
  if (both && mine && published && !mine.sent && !exchange.opened[you] && !exchange.by_server[you]) {
    const message =
      exchange.round === 0
        ? { type: "open", round: 0, nonce: mine.nonce }
        : { type: "open", round: exchange.round, assignment: mine.assignment, nonce: mine.nonce };
    if (connection.send(message)) {
      mine.sent = true;
      held.own = held.own.filter((move) => move.round !== mine.round);
      held.own.push({ round: mine.round, assignment: mine.assignment, nonce: mine.nonce });
      sealing.set(room.code, held);
    }
  }
}

/**
 * An opening answered `wrong_phase` although this page saw both seals: the
 * page's view and the server's disagree (a node of a cluster that has just
 * taken the room over, say, and is still reading it). The page asks for
 * the whole state (`sync`); the state that answers sends the opening again
 * if the server still waits for it (state.js). At most three times for one
 * opening, then the error is the player's to read. Returns whether the
 * error was this, and so is not shown.
 * @param {Model} model @param {Connection} connection @param {any} message
 */
export function openingRefused(model, connection, message) {
  if (message.type !== "error" || message.code !== "wrong_phase") return false;
  const room = model.room;
  const exchange = room?.exchange;
  const you = room?.you;
  const held = room ? sealing.get(room.code) : null;
  const mine = held?.game === room?.game ? held?.pending : null;
  // Only an opening this page sent for the round under way, both seals
  // seen and the server not yet holding it.
  const owed = exchange && you && mine?.round === exchange.round && exchange.seals.yellow && exchange.seals.blue && !exchange.opened[you];
  if (!room || !held || !mine?.sent || !owed || (mine.refusals ?? 0) >= SYNCS_PER_OPENING) return false;
  mine.refusals = (mine.refusals ?? 0) + 1;
  sealing.set(room.code, held);
  connection.send({ type: "sync" });
  return true;
}

/** This player's sealed move, shown while it waits for the other. @param {Model} model */
export function sealedMove(model) {
  const move = yourMove(model);
  return move ? h("p", { class: "sealed-move", id: "your-move" }, `Your move: ${assignmentText(move)}, sealed.`) : null;
}

/** This player's move sealed this round, once the server has its seal. @param {Model} model */
function yourMove(model) {
  const room = model.room;
  if (!room?.you || !room.exchange?.seals[room.you]) return null;
  const held = sealing.get(room.code);
  const pending = held?.pending;
  return pending && held.game === room.game && pending.round === room.exchange.round ? pending.assignment : null;
}

/**
 * This player's signature of leaving the game under way (the round the
 * server is in, 0 for the deal), or null when there is nothing to sign:
 * no game on, or no key of this browser's on the seat (a seat taken on
 * plain HTTP announced none, and its leave needs none).
 * @param {Model} model
 * @returns {Promise<string | null>}
 */
export async function leaveSignature(model) {
  const room = model.room;
  const seat = room?.you;
  const under = model.underWay;
  if (!seat || !under || room.status !== "playing") return null;
  const signed = await signLeave(under.commitment, under.round, seat);
  // The server checks it against the key the seat was taken with.
  return signed && signed.key === room.players?.[seat]?.key ? signed.signature : null;
}

/**
 * Checks the finished game here, asking the server nothing but the game
 * (`/api/games/ID`): the seals, signatures and keys seen and this player's
 * own moves against its record, then the record link by link (`verify.js`:
 * the seed, every seal, the deal, every die, every signature, a leave) and
 * the result the server gives with it. That every outcome follows the
 * rules is left to `mice-cake verify`. A game that ended at its deal has
 * no record but its aborted deal, checked alike (`checkDeal`).
 * @param {Model} model @param {string} gameId
 */
export async function checkGame(model, gameId) {
  model.fairness = "Checking that the game was fair…";
  const game = model.room?.game;
  const held = sealing.get(model.room?.code ?? "");
  // What this page saw of this game (a page that came in late saw less).
  const seen = held && held.game === game ? held : null;
  try {
    const finished = await fetch(`/api/games/${gameId}`).then((response) => response.json());
    const commitment = seen?.commitment ?? model.commitment;
    if (finished.aborted_deal) {
      model.fairness = await checkDeal(finished, commitment, seen);
      announce(model.fairness);
      model.redraw();
      return;
    }
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
    model.fairness = problem
      ? `NOT FAIR: ${problem}`
      : `✓ Verified fair by this page: dice nobody chose, moves nobody saw early${signed ? ", every player's move signed by its player" : ""} (the seed, every seal${signed ? " and signature" : ""}, the deal and every die checked here; that every outcome follows the rules, mice-cake verify checks).${whoMoved(verdict, record.rounds.length + 1, signed, Boolean(record.fair?.left))}${resultWords(verdict)}${note}`;
  } catch (error) {
    model.fairness = `Could not check the game: ${error}`;
  }
  announce(model.fairness);
  model.redraw();
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
