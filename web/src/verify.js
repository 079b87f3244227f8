// A finished game's record checked by the browser itself, trusting nothing
// of the server (docs/fairness.md, "Every step under the derivations"): the
// seed against the commitment; every seal against its opening (a move the
// server made, against the nonce its seed gives); the deal against the seed
// and both deal nonces (HMAC-SHA-256, ChaCha8, the engine's shuffle); and
// every die against the seed and the round's nonces, drawn in the report's
// order; and in a format 3 record, every move a player made against the
// signature of its seal by that player's key. What only `mice-cake verify`
// checks is that every outcome follows the rules: that takes the engine.
// A game that ended at its deal (a nonce sealed and never opened) has no
// record but an aborted deal, checked alike (`checkAbortedDeal`).
//
// The derivations are `derive.js`'s, done without `crypto.subtle`, which a
// page served over plain HTTP (a server on the home network) does not
// have; only the signatures take WebCrypto's Ed25519 (`signatures.js`), and
// a page without it says it could not check them.

import { below, dealRng, diceRng, serverNonce, shuffledLayout } from "./derive.js";
import { NOTHING, commitmentOf, sealOf } from "./fair.js";
import { canCheckSignatures, signatureHolds, verifyingKey } from "./signatures.js";
import { seatName } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */
/** @type {Seat[]} */
const SEATS = ["yellow", "blue"];

/** "the deal" or "round N". @param {number} round */
const named = (round) => (round === 0 ? "the deal" : `round ${round}`);

/**
 * Checks a record; the first broken link, named, or null if every link the
 * browser can check holds.
 * @param {any} record a `GameRecord`, as `/api/games/{id}` holds it
 * @returns {Promise<string | null>}
 */
export async function brokenLink(record) {
  return (await checkRecord(record)).broken;
}

/**
 * What a record's check found: its first broken link (null: none), and who
 * made the moves. `signed`: the seats whose own moves are signed by their
 * key (format 3), every signature checked unless `checked` is false (a page
 * without Ed25519); `unsigned`: the seats with moves of their own that
 * nothing proves theirs (no key, or a format 2 record); `byServer`: the
 * moves the server made (a bot's, a missed deadline's), which need no
 * signature.
 * @typedef {{
 *   broken: string | null,
 *   signed: Seat[],
 *   unsigned: Seat[],
 *   checked: boolean,
 *   byServer: {round: number, seat: Seat}[],
 * }} Verdict
 */

/**
 * Checks a record link by link: what rests on hashing first, then the
 * signatures.
 * @param {any} record a `GameRecord`, as `/api/games/{id}` holds it
 * @returns {Promise<Verdict>}
 */
export async function checkRecord(record) {
  /** @type {Verdict} */
  const verdict = { broken: hashedLink(record), signed: [], unsigned: [], checked: false, byServer: [] };
  if (verdict.broken) return verdict;
  const fair = record.fair;
  /** @type {any[]} */
  const exchanges = [fair.deal, ...fair.rounds];
  verdict.byServer = exchanges.flatMap((exchange, round) =>
    SEATS.filter((seat) => exchange.by_server[seat]).map((seat) => ({ round, seat })),
  );
  // A seat every move of which is the server's (a bot) has nothing to sign.
  const players = SEATS.filter((seat) => exchanges.some((exchange) => !exchange.by_server[seat]));
  const keys = fair.keys;
  if (!(record.format >= 3)) {
    if (keys != null) return { ...verdict, broken: `a format ${record.format} record holds no keys ("fair.keys" belongs to format 3)` };
    verdict.unsigned = players;
    return verdict;
  }
  if (!keys) return { ...verdict, broken: `a format ${record.format} record must hold its players' keys ("fair.keys")` };
  for (const seat of SEATS) {
    if (keys[seat] !== null && !/^[0-9a-fA-F]{64}$/.test(keys[seat])) {
      return { ...verdict, broken: `${seatName(seat)}'s key is not an Ed25519 public key (64 hexadecimal digits)` };
    }
  }
  verdict.signed = players.filter((seat) => keys[seat]);
  verdict.unsigned = players.filter((seat) => !keys[seat]);
  // Every move a keyed player made is signed: a move said to be the
  // player's without a signature may be the server's. (The engine's words.)
  for (const [round, exchange] of exchanges.entries()) {
    for (const seat of verdict.signed) {
      if (!exchange.by_server[seat] && typeof exchange.signatures?.[seat] !== "string") {
        const name = seatName(seat);
        return {
          ...verdict,
          broken: `${named(round)}: ${name}'s move is recorded as ${name}'s own, but it is not signed with ${name}'s key (a move without its player's signature is the server's)`,
        };
      }
    }
  }
  verdict.checked = await canCheckSignatures();
  if (!verdict.checked) return verdict;
  for (const seat of verdict.signed) {
    // A key that is none, or one of small order, verifies nothing.
    const key = await verifyingKey(keys[seat]);
    const valid = await Promise.all(
      exchanges.map((exchange) => exchange.by_server[seat] || (key !== null && signatureHolds(key, exchange.signatures[seat], exchange.seals[seat]))),
    );
    const round = valid.indexOf(false);
    if (round >= 0) {
      return { ...verdict, broken: `${named(round)}: ${seatName(seat)}'s signature does not match ${seatName(seat)}'s seal and key` };
    }
  }
  return verdict;
}

/**
 * What rests on hashing: the first broken link, or null.
 * @param {any} record
 * @returns {string | null}
 */
function hashedLink(record) {
  const fair = record?.fair;
  if (!fair) return "the record holds no seals";
  if (!record.seed) return "the record has no seed";
  if (commitmentOf(record.seed) !== fair.commitment) {
    return "the seed does not match the commitment published when the game started";
  }
  if ((fair.rounds?.length ?? 0) !== record.rounds.length) {
    return "the record does not hold one sealed exchange per round";
  }
  const exchanges = [fair.deal, ...fair.rounds];
  for (const [round, exchange] of exchanges.entries()) {
    for (const seat of SEATS) {
      const nonce = exchange.nonces[seat];
      if (exchange.by_server[seat] && nonce !== serverNonce(record.seed, round, seat)) {
        return `${seat}'s move of ${named(round)} is said to be the server's, but its nonce is not the one the seed gives`;
      }
      const assignment = round === 0 ? NOTHING : record.rounds[round - 1].assignments[seat];
      if (sealOf(fair.commitment, round, seat, assignment, nonce) !== exchange.seals[seat]) {
        return `${named(round)}: ${seat}'s opening does not match its seal`;
      }
    }
  }
  const layout = shuffledLayout(dealRng(record.seed, fair.deal.nonces));
  for (const [row, pieces] of layout.entries()) {
    if (pieces.join() !== record.layout[row]?.join()) {
      return `the deal is not the one the seed and both deal nonces give (row ${row + 1})`;
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
          return `round ${round}: ${roll.seat}'s ${kind} in column ${roll.column}, die ${die + 1}, shows ${face} where the seed and both nonces give ${expected}`;
        }
      }
    }
  }
  return null;
}

/**
 * What an aborted deal's check found (a game that ended at its deal, a
 * player having sealed a nonce and never opened it): its first broken link
 * (null: none), and who did what. `sealed`, `refused` (sealed, and
 * forfeited for never opening) and `byServer` (a nonce the server made: a
 * bot's, or at the deal's deadline) are the record's; `signed`: the seats
 * whose own seal is signed by their key, checked unless `checked` is false
 * (a page without Ed25519); `unsigned`: the seats with a seal of their own
 * that nothing proves theirs (no key).
 * @typedef {{
 *   broken: string | null,
 *   sealed: Seat[],
 *   refused: Seat[],
 *   byServer: Seat[],
 *   signed: Seat[],
 *   unsigned: Seat[],
 *   checked: boolean,
 * }} DealVerdict
 */

/**
 * Checks an aborted deal (`/api/games/{id}`'s `aborted_deal`) as the engine
 * does, link by link, Yellow's then Blue's: the version, the seed against
 * the commitment, then each seat's seal against its opening (a nonce the
 * server made, against the one the seed gives) and its signature by the
 * seat's key. The words of each broken link are the engine's.
 * @param {any} deal an `aborted_deal`
 * @returns {Promise<DealVerdict>}
 */
export async function checkAbortedDeal(deal) {
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
  };
  /** @param {string} broken */
  const brokenAt = (broken) => ({ ...verdict, broken });
  if (deal?.version !== 1) {
    return brokenAt(`fairness version ${deal?.version} is not supported (this engine derives version 1)`);
  }
  // A seed that is not 32 bytes matches no commitment.
  const seed = typeof deal.seed === "string" && /^[0-9a-fA-F]{64}$/.test(deal.seed) ? deal.seed : null;
  if (seed === null || commitmentOf(seed) !== deal.commitment) {
    return brokenAt("the seed does not match the commitment published when the game started");
  }
  for (const seat of SEATS) {
    const name = seatName(seat);
    const seal = sealOfSeat(seat);
    const nonce = deal.nonces?.[seat] ?? null;
    const refused = deal.refused?.[seat] === true;
    const byServer = deal.by_server?.[seat] === true;
    if (nonce !== null && seal === null) return brokenAt(`the deal: ${name}'s opening has no seal`);
    if (refused && seal === null) {
      return brokenAt(`the deal: ${name} is recorded as refusing to open a seal it never made`);
    }
    if (refused && nonce !== null) {
      return brokenAt(`the deal: ${name} is recorded as refusing to open its nonce, but its opening is in the record`);
    }
    if (seal !== null && nonce !== null) {
      if (!opens(deal.commitment, seat, nonce, seal)) {
        return brokenAt(`the deal: ${name}'s opening (assignment and nonce) does not match its seal`);
      }
      if (byServer && nonce !== serverNonce(seed, 0, seat)) {
        return brokenAt(`the deal: the server made ${name}'s move, but not with the nonce its committed seed gives`);
      }
    }
    const key = keyOf(seat);
    if (seal === null || byServer || key === null) continue;
    if (!/^[0-9a-fA-F]{64}$/.test(key)) {
      return brokenAt(`${name}'s key is not an Ed25519 public key (64 hexadecimal digits)`);
    }
    // A seal said to be the player's without a signature may be the server's.
    const signature = deal.signatures?.[seat];
    if (typeof signature !== "string") {
      return brokenAt(
        `the deal: ${name}'s move is recorded as ${name}'s own, but it is not signed with ${name}'s key (a move without its player's signature is the server's)`,
      );
    }
    if (!verdict.checked) continue;
    // A key that is none, or one of small order, verifies nothing.
    const verifying = await verifyingKey(key);
    if (verifying === null || !(await signatureHolds(verifying, signature, seal))) {
      return brokenAt(`the deal: ${name}'s signature does not match ${name}'s seal and key`);
    }
  }
  return verdict;
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
