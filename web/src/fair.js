// Sealed play in the browser (docs/fairness.md), its cryptography: the
// commitments, seals and signed messages, byte for byte the engine's, and
// the checks of a finished game against what the page saw (what it keeps
// of that is stored.js's, its nonces keys.js's).
//
// What the browser checks here: the seed revealed at the end against the
// commitment published at the start (SHA-256), the seals and signatures it
// saw before opening against the record's, the players' keys announced at
// the start and its own key, moves and nonces in the record; then the
// record itself, link by link (`verify.js`). That every outcome follows the
// rules takes the engine: `mice-cake verify`.

import { t, ungrouped } from "./catalogue.js";
import { fromHex, sha256, toHex } from "./sha256.js";
import { seatName } from "./words.js";

const encoder = new TextEncoder();
const SEED_TAG = encoder.encode("mice-cake/fair/v1/seed");
const MATCH_SEED_TAG = encoder.encode("mice-cake/fair/v1/match-seed");
const MATCH_ORIGIN_TAG = encoder.encode("mice-cake/fair/v1/match");
const SEAL_TAG = encoder.encode("mice-cake/fair/v1/seal");
const SIGNED_SEAL_TAG = encoder.encode("mice-cake/fair/v1/signed-seal");
const SIGNED_LEAVE_TAG = encoder.encode("mice-cake/fair/v1/signed-leave");
const KEY_PROOF_TAG = encoder.encode("mice-cake/key/v2");
const BOT_TAG = encoder.encode("mice-cake/bot/v1");
const CHALLENGES_FROM_TAG = encoder.encode("mice-cake/challenges-from/v1");

/** @typedef {import("./words.js").Seat} Seat */
/** @typedef {{mice: number[], steal?: string | null}} Assignment */

/** The parts, one after another. @param {Uint8Array[]} parts */
export function concat(parts) {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * The engine's 7 bytes of an assignment: mice in A–D, then 0 0 0 without a
 * steal, or 1 and the stolen piece's low and high halves.
 * @param {Assignment} assignment
 */
export function assignmentBytes(assignment) {
  const bytes = new Uint8Array(7);
  bytes.set(assignment.mice.slice(0, 4));
  if (assignment.steal) {
    const halves = assignment.steal.split("/").map(Number);
    bytes[4] = 1;
    bytes[5] = Math.min(halves[0], halves[1]);
    bytes[6] = Math.max(halves[0], halves[1]);
  }
  return bytes;
}

/**
 * The seal of `seat`'s move in `round` of the game committed to.
 * @param {string} commitment
 * @param {number} round
 * @param {Seat} seat
 * @param {Assignment} assignment
 * @param {string} nonce
 */
export function sealOf(commitment, round, seat, assignment, nonce) {
  const roundBytes = new Uint8Array(4);
  new DataView(roundBytes.buffer).setUint32(0, round);
  return toHex(
    sha256(
      concat([
        SEAL_TAG,
        fromHex(commitment),
        roundBytes,
        new Uint8Array([seat === "yellow" ? 0 : 1]),
        assignmentBytes(assignment),
        fromHex(nonce),
      ]),
    ),
  );
}

/**
 * What a player's key signs for a seal (protocol 5): the tag, then the
 * seal's 32 bytes. The seal binds the game, round, seat and move already.
 * @param {string} seal
 */
export function signedSeal(seal) {
  return concat([SIGNED_SEAL_TAG, fromHex(seal)]);
}

/**
 * What a player's key signs to leave a game (protocol 7): the tag, the
 * game's commitment, the round under way (four bytes big-endian, 0 the
 * deal) and the seat (one byte): good for that game, round and seat alone,
 * so that no server can end a game sooner than the player did, or take the
 * leave to another game.
 * @param {string} commitment @param {number} round @param {Seat} seat
 */
export function signedLeave(commitment, round, seat) {
  const roundBytes = new Uint8Array(4);
  new DataView(roundBytes.buffer).setUint32(0, round);
  return concat([SIGNED_LEAVE_TAG, fromHex(commitment), roundBytes, new Uint8Array([seat === "yellow" ? 0 : 1])]);
}

/**
 * What a player's key signs to prove it is held, as a seat is taken, a
 * game sought or an arena joined or made (protocol 9): the tag, then the
 * 32 bytes of the challenge the server drew for this one connection (its
 * `welcome`'s) or HTTP request, so that a proof seen by anyone else holds
 * nowhere else.
 * @param {string} challenge 64 hexadecimal digits
 */
export function signedKeyProof(challenge) {
  return concat([KEY_PROOF_TAG, fromHex(challenge)]);
}

/** Whom a player takes challenges from, as its signed byte (the engine's `ChallengesFrom::byte`). */
export const CHALLENGES_FROM = /** @type {const} */ (["everyone", "played", "nobody"]);
/** @typedef {typeof CHALLENGES_FROM[number]} ChallengesFrom */

/**
 * What a player's key signs to choose whom it takes challenges from
 * (`challenges_from`): the tag, when it was chosen (milliseconds since the
 * Unix epoch, eight bytes big-endian: an older choice cannot be sent
 * again) and the choice as one byte (0 everyone, 1 players they have
 * played, 2 nobody).
 * @param {ChallengesFrom} from @param {number} atMs
 */
export function signedChallengesFrom(from, atMs) {
  const time = new Uint8Array(8);
  new DataView(time.buffer).setBigUint64(0, BigInt(atMs));
  return concat([CHALLENGES_FROM_TAG, time, new Uint8Array([CHALLENGES_FROM.indexOf(from)])]);
}

/** The commitment to `seed`. @param {string} seed */
export function commitmentOf(seed) {
  return toHex(sha256(concat([SEED_TAG, fromHex(seed)])));
}

/**
 * Where a game stands in its match (`record.fair.match`,
 * `aborted_deal.match`, `game_started`'s `match`): the match's id (32 hex
 * digits), the wins that take it, the game's number in it (1 first) and
 * the commitment of the game before it (for the first, the match's
 * origin).
 * @typedef {{id: string, first_to: number, number: number, previous: string}} MatchLink
 */

/** A number as 4 big-endian bytes. @param {number} value */
function u32(value) {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/**
 * What a match's first game links to: SHA-256("mice-cake/fair/v1/match" ‖
 * id ‖ first_to), the engine's `match_origin`.
 * @param {string} id 32 hex digits @param {number} firstTo
 */
export function matchOrigin(id, firstTo) {
  return toHex(sha256(concat([MATCH_ORIGIN_TAG, fromHex(id, 16), u32(firstTo)])));
}

/**
 * The commitment to `seed` of a game of a match: SHA-256("mice-cake/fair/
 * v1/match-seed" ‖ seed ‖ id ‖ first_to ‖ number ‖ previous), the engine's
 * `match_commitment`. Every seal binds it: the game cannot be moved in its
 * match, nor the one before it dropped, once its seed is out.
 * @param {string} seed @param {MatchLink} link
 */
export function matchCommitmentOf(seed, link) {
  return toHex(
    sha256(concat([MATCH_SEED_TAG, fromHex(seed), fromHex(link.id, 16), u32(link.first_to), u32(link.number), fromHex(link.previous)])),
  );
}

/**
 * The commitment to `seed`: in a match when `link` says where (the
 * engine's `commitment_in`), alone otherwise.
 * @param {string} seed @param {MatchLink | null | undefined} link
 */
export function commitmentIn(seed, link) {
  return link ? matchCommitmentOf(seed, link) : commitmentOf(seed);
}

/** The empty assignment: the deal's. */
export const NOTHING = { mice: [0, 0, 0, 0], steal: null };

/**
 * What this browser sealed and saw in one room, kept in its storage so that
 * a reload opens the move sealed and still checks the game. The pending
 * seal's `signature` is absent until it is signed (null: sent unsigned),
 * and then goes with every re-send; `key` is this browser's key once it
 * signed a move; `keys`, the seats' keys announced when the game started;
 * `signatures`, the first signature seen published for each seat's seal;
 * the pending move's `refusals`, the times its opening was refused as out
 * of turn (a view behind the server's) and the state asked for again.
 * @typedef {{
 *   game: number,
 *   commitment: string,
 *   seat: Seat | null,
 *   pending: {round: number, assignment: Assignment, nonce: string, sent: boolean, reseal?: boolean, signature?: string | null, refusals?: number} | null,
 *   own: {round: number, assignment: Assignment, nonce: string}[],
 *   seals: Record<string, {yellow: string, blue: string}>,
 *   sealed?: number[],
 *   revealed?: number,
 *   conflict?: Conflict | string | null,
 *   key?: string,
 *   keys?: {yellow: string | null, blue: string | null},
 *   signatures?: Record<string, {yellow?: string, blue?: string}>,
 * }} Sealing
 */

/**
 * What changed during a game that an honest server never changes, noted by
 * seals.js and said by the check at the end: the commitment, a round's
 * seals (0 the deal), a seat's signature of a round's seal. Kept as what
 * happened, not as words, so that it is said in the page's language.
 * @typedef {{kind: "commitment"} | {kind: "seal", round: number} | {kind: "signature", seat: Seat, round: number}} Conflict
 */

/**
 * A conflict in words (one kept as text, by a page before they were kept
 * as what happened, as it was).
 * @param {Conflict | string} conflict
 * @returns {string}
 */
export function conflictText(conflict) {
  if (typeof conflict === "string") return conflict;
  switch (conflict.kind) {
    case "commitment":
      return t("fair-commitment-changed");
    case "seal":
      return t("fair-seal-changed", { round: ungrouped(conflict.round) });
    default:
      return t("fair-signature-changed", { seat: seatName(conflict.seat), round: ungrouped(conflict.round) });
  }
}

/**
 * Checks a finished game's record against what this browser saw.
 * @param {any} record
 * @param {Sealing | null} seen
 * @returns {string | null} the first problem, or null
 */
export function checkAgainstWhatWasSeen(record, seen) {
  if (seen?.conflict) return conflictText(seen.conflict);
  const fair = record.fair;
  // A game ended by a forfeit (no outcome by the rules) may stop before the
  // round being played: that round is not looked for.
  const cutShort = (/** @type {number} */ round) => !record.outcome && round === record.rounds.length + 1;
  if (!fair) return t("fair-no-seals");
  if (!record.seed || commitmentIn(record.seed, fair.match) !== fair.commitment) {
    return t("fair-seed-mismatch");
  }
  if (!seen) return null;
  if (seen.commitment !== fair.commitment) {
    return t("fair-commitment-mismatch");
  }
  if ((seen.revealed ?? 0) > record.rounds.length) {
    return t("fair-revealed-missing", { round: ungrouped(record.rounds.length + 1) });
  }
  for (const [round, seals] of Object.entries(seen.seals)) {
    if (cutShort(Number(round))) continue;
    const recorded = Number(round) === 0 ? fair.deal : fair.rounds[Number(round) - 1];
    if (!recorded) return t("fair-sealed-missing", { round: ungrouped(Number(round)) });
    for (const seat of /** @type {Seat[]} */ (["yellow", "blue"])) {
      if (recorded.seals[seat] !== seals[seat]) {
        return t("fair-seal-not-published", { seat, round: ungrouped(Number(round)) });
      }
    }
  }
  for (const [round, signatures] of Object.entries(seen.signatures ?? {})) {
    if (cutShort(Number(round))) continue;
    const recorded = Number(round) === 0 ? fair.deal : fair.rounds[Number(round) - 1];
    if (!recorded) return t("fair-sealed-missing", { round: ungrouped(Number(round)) });
    for (const seat of /** @type {Seat[]} */ (["yellow", "blue"])) {
      const signature = signatures[seat];
      if (signature && recorded.signatures?.[seat] !== signature) {
        return t("fair-signature-not-published", { seat: seatName(seat), round: ungrouped(Number(round)) });
      }
    }
  }
  // The keys the server announced are the record's: a key put in
  // afterwards could sign moves the player never made.
  for (const seat of /** @type {Seat[]} */ (["yellow", "blue"])) {
    if (seen.keys && (fair.keys?.[seat] ?? null) !== seen.keys[seat]) {
      return t("fair-key-not-announced", { seat: seatName(seat) });
    }
  }
  if (seen.key && seen.seat && fair.keys?.[seen.seat] !== seen.key) {
    return t("fair-key-not-yours");
  }
  for (const move of seen.own) {
    if (cutShort(move.round)) continue;
    const seat = /** @type {Seat} */ (seen.seat);
    const exchange = move.round === 0 ? fair.deal : fair.rounds[move.round - 1];
    const assignment = move.round === 0 ? NOTHING : record.rounds[move.round - 1]?.assignments[seat];
    if (!exchange || !assignment) return t("fair-round-missing", { round: ungrouped(move.round) });
    const same =
      exchange.nonces[seat] === move.nonce &&
      assignmentBytes(assignment).join() === assignmentBytes(move.assignment).join();
    if (!same) return t("fair-move-not-held", { round: ungrouped(move.round) });
  }
  return null;
}

/**
 * Checks an aborted deal (a game that ended at its deal: `aborted_deal` in
 * `/api/games/{id}`) against what this browser saw: the commitment, the
 * deal's seals and signatures published, the keys announced, this
 * browser's key and its own nonce opened; and that no round was played.
 * An opening this page sent and the record lacks is not a broken link
 * (the server may never have had it in time): the check says so apart.
 * @param {any} deal
 * @param {Sealing | null} seen
 * @returns {string | null} the first problem, or null
 */
export function checkDealAgainstWhatWasSeen(deal, seen) {
  if (seen?.conflict) return conflictText(seen.conflict);
  if (!seen) return null;
  if (seen.commitment !== deal.commitment) {
    return t("fair-commitment-mismatch");
  }
  // A game that ended at its deal had no round.
  if ((seen.revealed ?? 0) > 0) return t("fair-revealed-missing", { round: ungrouped(1) });
  const later = Object.keys(seen.seals).map(Number).find((round) => round > 0);
  if (later !== undefined) return t("fair-sealed-missing", { round: ungrouped(later) });
  const seats = /** @type {Seat[]} */ (["yellow", "blue"]);
  for (const seat of seats) {
    const sealSeen = seen.seals[0]?.[seat];
    if (sealSeen && (deal.seals?.[seat] ?? null) !== sealSeen) {
      return t("fair-seal-not-published", { seat, round: ungrouped(0) });
    }
    const signature = seen.signatures?.[0]?.[seat];
    if (signature && deal.signatures?.[seat] !== signature) {
      return t("fair-signature-not-published", { seat: seatName(seat), round: ungrouped(0) });
    }
  }
  for (const seat of seats) {
    if (seen.keys && (deal.keys?.[seat] ?? null) !== seen.keys[seat]) {
      return t("fair-key-not-announced", { seat: seatName(seat) });
    }
  }
  if (seen.key && seen.seat && deal.keys?.[seen.seat] !== seen.key) {
    return t("fair-key-not-yours");
  }
  const opened = seen.own.find((move) => move.round === 0);
  const nonce = seen.seat ? (deal.nonces?.[seen.seat] ?? null) : null;
  if (opened && nonce !== null && nonce !== opened.nonce) return t("fair-move-not-held", { round: ungrouped(0) });
  return null;
}

/**
 * What a key signs to declare itself a bot's (docs/ratings.md): the tag,
 * then the key's own 32 bytes.
 * @param {string} key 64 hex digits
 */
export function signedBotDeclaration(key) {
  return concat([BOT_TAG, fromHex(key)]);
}
