// Sealed play, done by the page itself (docs/fairness.md): each move is
// sealed with a fresh nonce and sent; once both seals are in, it is opened;
// what was sealed and seen is kept in the browser's storage (a reload must
// still open a move sealed), and the finished game is checked (fair.js).

import { announce, h } from "./dom.js";
import { NOTHING, checkAgainstWhatWasSeen, freshNonce, sealOf, sealing } from "./fair.js";
import { brokenLink } from "./verify.js";
import { assignmentText } from "./words.js";

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./net.js").Connection} Connection */

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
  const sent = seal(model, connection, round, assignment);
  model.notice = sent
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
  return { game: room.game, commitment: room.exchange.commitment, seat: room.you, pending: null, own: [], seals: {}, sealed: [], conflict: null };
}

/**
 * Seals `assignment` for `round` with a fresh nonce, keeps the opening and
 * sends the seal; returns whether it went out now.
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
  return connection.send({ type: "seal", round, seal: sealOf(room.exchange.commitment, round, room.you, assignment, nonce) });
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
  sealing.set(room.code, held);
  const you = room.you;
  if (!you) return;
  const mine = held.pending && held.pending.round === exchange.round ? held.pending : null;
  if (!exchange.seals[you] && mine?.reseal) {
    mine.reseal = false;
    sealing.set(room.code, held);
    connection.send({ type: "seal", round: mine.round, seal: sealOf(exchange.commitment, mine.round, you, mine.assignment, mine.nonce) });
    return;
  }
  if (!exchange.seals[you] && !mine) {
    if (exchange.round === 0) seal(model, connection, 0, NOTHING);
    else if (room.choices?.[you]?.forced) seal(model, connection, exchange.round, room.choices[you].forced);
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
 * Checks the finished game here, asking the server nothing but its record:
 * the seals seen and this player's own moves against it, then the record
 * link by link (`verify.js`: the seed, every seal, the deal, every die).
 * That every outcome follows the rules is left to `mice-cake verify`.
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
    const record = finished.record;
    const commitment = seen?.commitment ?? model.commitment;
    const problem =
      (commitment && record.fair && record.fair.commitment !== commitment
        ? "the record's commitment is not the one published when the game started"
        : null) ??
      checkAgainstWhatWasSeen(record, seen) ??
      brokenLink(record);
    const takenOver = (seen?.sealed ?? []).filter((round) => {
      const exchange = round === 0 ? record.fair?.deal : record.fair?.rounds[round - 1];
      return seen?.seat && exchange?.by_server[seen.seat];
    });
    const note = takenOver.length
      ? ` The server made your move in ${takenOver.map((round) => (round === 0 ? "the deal" : `round ${round}`)).join(", ")} although this page sealed one (too late for the deadline, or dropped).`
      : "";
    model.fairness = problem
      ? `NOT FAIR: ${problem}`
      : `✓ Verified fair by this page: dice nobody chose, moves nobody saw early (the seed, every seal, the deal and every die checked here; that every outcome follows the rules, mice-cake verify checks).${note}`;
  } catch (error) {
    model.fairness = `Could not check the game: ${error}`;
  }
  announce(model.fairness);
  model.redraw();
}

