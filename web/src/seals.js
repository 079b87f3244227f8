// Sealed play, on the model (docs/fairness.md): each move is sealed with a
// fresh nonce (asked for as an effect: `draw_nonce`, answered by a `nonce`
// event), signed with this browser's key (`sign_seal`, answered by
// `seal_signed`) and sent; once it is sent and the other's seal is in, it
// is opened (protocol 13: the server sends a player's own `sealed` with what
// follows it). What was sealed and seen is the model's `sealing`, which the
// page stores after every change (state.js): a reload must still open a
// move sealed, and the finished game is checked against it (check.js).
// Nothing here touches the page, the storage, the network or the entropy:
// all of it is effects.

import { t, ungrouped } from "./catalogue.js";
import { NOTHING, sealOf } from "./fair.js";
import { SEATS } from "./words.js";

/** How often one opening refused as out of turn asks for the state and goes again. */
const SYNCS_PER_OPENING = 3;

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").Effect} Effect */
/** @typedef {import("./fair.js").Sealing} Sealing */
/** @typedef {import("./fair.js").Assignment} Assignment */

/**
 * Seals this player's move for the round, once a nonce is drawn; the notice
 * says what happens.
 * @param {Model} model @param {boolean} up whether a message sent now goes at once @param {Effect[]} out
 */
export function commit(model, up, out) {
  const room = model.room;
  const round = room.view.round;
  const held = model.sealing;
  if (room.exchange?.seals[room.you] || (held?.game === room.game && held?.pending?.round === round)) {
    model.notice = t("seals-sealed-already");
    return;
  }
  // A move that leaves an available mouse home breaks a rule: sealed, it
  // could never be opened, and the player would forfeit. Commit's button is
  // off until every mouse is placed; Enter is held to the same.
  const available = room.choices?.[room.you]?.mice;
  const placed = model.mice.reduce((sum, mice) => sum + mice, 0);
  if (available !== undefined && placed !== available) {
    model.notice = t("seals-place-every-mouse", { placed, count: available });
    return;
  }
  const sealing = drawNonce(model, round, { mice: [...model.mice], steal: model.steal }, out);
  model.notice = sealing && up ? t("seals-sealing") : t("seals-reconnecting", { round: ungrouped(round) });
}

/**
 * What this browser sealed and saw in the room's current game: the one
 * kept, or a new one for a game under way.
 * @param {Model} model
 * @returns {Sealing | null}
 */
function kept(model) {
  const room = model.room;
  const held = model.sealing;
  if (!room?.exchange) return held;
  if (held && held.game === room.game) {
    // An honest server never changes a game's commitment: keep the first,
    // and remember that it changed.
    if (held.commitment !== room.exchange.commitment) held.conflict ??= { kind: "commitment" };
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
 * Whether a move for `round` can be sealed now: one seal a round (a second
 * would be refused, and its opening too).
 * @param {Model} model @param {number} round
 */
function sealable(model, round) {
  const room = model.room;
  const held = kept(model);
  if (!room?.exchange || !room.you || !held) return false;
  if (model.drawing === `${room.game}:${round}`) return false;
  return !(room.exchange.seals[room.you] || held.pending?.round === round);
}

/**
 * Asks for a fresh nonce to seal `assignment` for `round` with; returns
 * whether it will seal.
 * @param {Model} model @param {number} round @param {Assignment} assignment @param {Effect[]} out
 */
function drawNonce(model, round, assignment, out) {
  if (!sealable(model, round)) return false;
  model.drawing = `${model.room.game}:${round}`;
  out.push({ kind: "draw_nonce", round, assignment });
  return true;
}

/**
 * The nonce drawn: seals `assignment` for `round` with it, keeps the
 * opening and sends the seal, signed.
 * @param {Model} model @param {{round: number, assignment: Assignment, nonce: string}} drawn @param {Effect[]} out
 */
export function sealWith(model, drawn, out) {
  const room = model.room;
  model.drawing = null;
  const { round, assignment, nonce } = drawn;
  if (!sealable(model, round)) return;
  const held = /** @type {Sealing} */ (kept(model));
  held.sealed = [...(held.sealed ?? []).filter((sealed) => sealed !== round), round];
  held.pending = { round, assignment, nonce, sent: false, reseal: false };
  held.seat = room.you;
  model.sealing = held;
  sendSeal(model, round, sealOf(room.exchange.commitment, round, room.you, assignment, nonce), out);
}

/**
 * Sends a seal signed with this browser's key, if the server holds that
 * key for the seat (it refuses a signature for a seat without one, and
 * takes no other); unsigned otherwise. The signature is kept with the
 * pending seal, so that a re-send after a reconnection or a reload carries
 * the same one; a re-send asked for while the seal is still being signed
 * is that send, once signed.
 * @param {Model} model @param {number} round @param {string} sealed the seal, 64 hex digits @param {Effect[]} out
 */
function sendSeal(model, round, sealed, out) {
  const room = model.room;
  const code = /** @type {string} */ (room.code);
  const game = /** @type {number} */ (room.game);
  const id = `${code}:${game}:${round}`;
  if (model.signing.includes(id)) return;
  const held = model.sealing;
  const signature = held?.game === game && held.pending?.round === round ? held.pending.signature : undefined;
  if (signature === undefined) {
    model.signing.push(id);
    out.push({ kind: "sign_seal", code, game, round, seal: sealed, seatKey: room.players?.[room.you]?.key ?? null });
    return;
  }
  out.push({ kind: "send", message: sealMessage(round, sealed, signature) });
}

/** @param {number} round @param {string} sealed @param {string | null} signature */
function sealMessage(round, sealed, signature) {
  return signature ? { type: "seal", round, seal: sealed, signature } : { type: "seal", round, seal: sealed };
}

/**
 * A seal signed (or not: this browser has no key, or not the seat's): the
 * signature is kept with the pending seal, and the seal goes.
 * @param {Model} model
 * @param {{code: string, game: number, round: number, seal: string, seatKey: string | null, signed: {key: string, signature: string} | null}} event
 * @param {Effect[]} out
 */
export function sealSigned(model, event, out) {
  const { code, game, round, signed } = event;
  model.signing = model.signing.filter((id) => id !== `${code}:${game}:${round}`);
  const signature = signed && signed.key === event.seatKey ? signed.signature : null;
  const held = model.sealingCode === code.toUpperCase() ? model.sealing : null;
  if (held?.game === game && held.pending?.round === round) {
    held.pending.signature = signature;
    if (signature && signed) held.key = signed.key;
  }
  out.push({ kind: "send", message: sealMessage(round, event.seal, signature) });
}

/**
 * A whole state (a reconnection, a server restart, which keeps no
 * player's opening): an opening the server does not hold goes again, and a
 * seal sent and lost goes again (the same one, never another).
 * @param {Model} model @param {any} state
 */
export function resealAfterState(model, state) {
  const held = model.sealing;
  const you = state.you;
  const exchange = state.exchange;
  if (!held?.pending) return;
  if (!(you && exchange?.opened[you])) held.pending.sent = false;
  if (held.game === state.game && you && exchange && !exchange.seals[you] && held.pending.round === exchange.round) {
    held.pending.reseal = true;
  }
}

/**
 * Notes the seals and signatures published, the first of each kept: an
 * honest server never changes one.
 * @param {Sealing} held @param {any} exchange
 */
function noteSeals(held, exchange) {
  if (exchange.seals.yellow && exchange.seals.blue) {
    const first = held.seals[exchange.round];
    if (!first) held.seals[exchange.round] = { yellow: exchange.seals.yellow, blue: exchange.seals.blue };
    else if (first.yellow !== exchange.seals.yellow || first.blue !== exchange.seals.blue) {
      held.conflict ??= { kind: "seal", round: exchange.round };
    }
  }
  for (const seat of SEATS) {
    const signature = exchange.signatures?.[seat];
    if (typeof signature !== "string") continue;
    const noted = ((held.signatures ??= {})[exchange.round] ??= {});
    if (!noted[seat]) noted[seat] = signature;
    else if (noted[seat] !== signature) held.conflict ??= { kind: "signature", seat, round: exchange.round };
  }
}

/**
 * What the page sends by itself after each message and each seal sent: the
 * deal's nonce, a forced move, the opening of its sealed move once its
 * seal is sent and the other's is in. It notes the seals it sees before
 * opening, for the check at the end.
 * @param {Model} model @param {{visible: boolean}} page @param {Effect[]} out
 */
export function automatic(model, page, out) {
  const room = model.room;
  const exchange = room?.exchange;
  if (!room || !exchange || room.status !== "playing") return;
  const held = kept(model);
  if (!held) return;
  noteSeals(held, exchange);
  model.sealing = held;
  const you = room.you;
  if (!you) return;
  const mine = held.pending && held.pending.round === exchange.round ? held.pending : null;
  if (!exchange.seals[you] && mine?.reseal) {
    mine.reseal = false;
    sendSeal(model, mine.round, sealOf(exchange.commitment, mine.round, you, mine.assignment, mine.nonce), out);
    return;
  }
  if (!exchange.seals[you] && !mine) {
    if (exchange.round === 0) drawNonce(model, 0, NOTHING, out);
    // A forced move waits for the reveals before it to end, so that the
    // next reveal never cuts one short (state.js seals it then); a hidden
    // page, which nobody watches, seals it at once.
    else if (room.choices?.[you]?.forced && !(model.reveal && page.visible)) drawNonce(model, exchange.round, room.choices[you].forced, out);
    return;
  }
  // The server sends a player its own `sealed` with what follows it
  // (protocol 13): the move is opened once its seal is sent and the other's
  // is in. A seal the server shows must be this page's: another could never
  // be opened.
  const ours = mine ? sealOf(exchange.commitment, exchange.round, you, mine.assignment, mine.nonce) : null;
  const signing = model.signing.includes(`${room.code}:${room.game}:${exchange.round}`);
  const sealed = exchange.seals[you] ? exchange.seals[you] === ours : Boolean(mine) && !mine?.reseal && !signing;
  const theirs = exchange.seals[you === "yellow" ? "blue" : "yellow"];
  if (theirs && mine && ours && sealed && !mine.sent && !exchange.opened[you] && !exchange.by_server[you]) {
    // The pair it opened after, its own seal as made here.
    noteSeals(held, { ...exchange, seals: { ...exchange.seals, [you]: ours } });
    const message =
      exchange.round === 0
        ? { type: "open", round: 0, nonce: mine.nonce }
        : { type: "open", round: exchange.round, assignment: mine.assignment, nonce: mine.nonce };
    // Noted as sent only if it went at once (`opened`).
    out.push({ kind: "send", message, sent: { kind: "opened", game: room.game, round: mine.round } });
  }
}

/**
 * The opening of `round` went at once: noted as sent, and kept as this
 * player's move for the check at the end.
 * @param {Model} model @param {{game: number, round: number}} event
 */
export function opened(model, event) {
  const held = model.sealing;
  const mine = held?.game === event.game ? held.pending : null;
  if (!held || !mine || mine.round !== event.round) return;
  mine.sent = true;
  held.own = held.own.filter((move) => move.round !== mine.round);
  held.own.push({ round: mine.round, assignment: mine.assignment, nonce: mine.nonce });
}

/**
 * An opening answered `wrong_phase` although this page saw both seals: the
 * page's view and the server's disagree (a node of a cluster that has just
 * taken the room over, say, and is still reading it). The page asks for
 * the whole state (`sync`); the state that answers sends the opening again
 * if the server still waits for it. At most three times for one opening,
 * then the error is the player's to read. Returns whether the error was
 * this, and so is not shown.
 * @param {Model} model @param {any} message @param {Effect[]} out
 */
export function openingRefused(model, message, out) {
  if (message.type !== "error" || message.code !== "wrong_phase") return false;
  const room = model.room;
  const exchange = room?.exchange;
  const you = room?.you;
  const held = room ? model.sealing : null;
  const mine = held?.game === room?.game ? held?.pending : null;
  // Only an opening this page sent for the round under way, both seals
  // seen and the server not yet holding it.
  const owed = exchange && you && mine?.round === exchange.round && exchange.seals.yellow && exchange.seals.blue && !exchange.opened[you];
  if (!room || !held || !mine?.sent || !owed || (mine.refusals ?? 0) >= SYNCS_PER_OPENING) return false;
  mine.refusals = (mine.refusals ?? 0) + 1;
  out.push({ kind: "send", message: { type: "sync" } });
  return true;
}

/**
 * What this page sealed (or is sealing) for the round under way, if
 * anything: its pending move, of this game and this round.
 * @param {Model} model
 */
function pendingThisRound(model) {
  const room = model.room;
  const held = model.sealing;
  const pending = held && held.game === room?.game ? held.pending : null;
  return room?.you && room.exchange && pending?.round === room.exchange.round ? pending : null;
}

/**
 * Whether this page has sealed this player's move for the round under way
 * (or is sealing it: drawing its nonce, signing it), shown by the server
 * or not yet.
 * @param {Model} model
 */
export function sealedHere(model) {
  const room = model.room;
  if (!room?.you || !room.exchange) return false;
  return model.drawing === `${room.game}:${room.exchange.round}` || pendingThisRound(model) !== null;
}

/**
 * This player's move sealed this round (the deal's nonce is no move): as
 * soon as this page sealed it, as the server shows it with what follows,
 * a moment later at most.
 * @param {Model} model
 * @returns {Assignment | null}
 */
export function yourMove(model) {
  const pending = pendingThisRound(model);
  return pending && pending.round > 0 ? pending.assignment : null;
}
