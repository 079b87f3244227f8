// Ratings as people read them (protocol 6): a player's Glicko-2 rating in
// a pool, rounded, with a `?` while it is provisional ("1523", "1500?"),
// what a game changed ("+23"), and the pools' names (from the catalogue:
// locales/<language>/web/ratings.ftl). Pure functions: no DOM, so that
// Node tests them as they are.

import { t } from "./catalogue.js";
import { SEATS } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */

/**
 * A player's rating in one pool, as the server sends it (`Rating`).
 * @typedef {{rating: number, deviation: number, volatility: number, games: number, provisional: boolean}} Rating
 */

/** A rating is provisional while its deviation is above this (the server's bound). */
export const PROVISIONAL_DEVIATION = 110;

/** The rules a rated game is played with: the standard stall limit. */
export const RATED_STALL_LIMIT = 100;

/** Every pool, in the order the server lists them. */
export const POOL_IDS = /** @type {const} */ (["standard", "boost", "face_up", "face_up_boost", "face_down", "face_down_boost"]);

/** @param {string} pool @returns {boolean} */
export const isPool = (pool) => POOL_IDS.some((name) => name === pool);

/** "All face up, boost", or the name as sent for a pool this page does not know. @param {string} pool */
export function poolName(pool) {
  return isPool(pool) ? t(`ratings-pool-${pool.replaceAll("_", "-")}`) : pool;
}

/**
 * Every pool with its name for people, in the language shown: `[pool, name]`
 * pairs, as a `<select>`'s options take them.
 * @returns {Array<readonly [string, string]>}
 */
export const pools = () => POOL_IDS.map((pool) => /** @type {const} */ ([pool, poolName(pool)]));

/**
 * The same pairs as `pools()`, each name read from the catalogue when it is
 * read (never as this module loads).
 * @deprecated call `pools()`
 * @type {ReadonlyArray<readonly [string, string]>}
 */
export const POOLS = POOL_IDS.map((pool) => {
  /** @type {[string, string]} */
  const pair = [pool, ""];
  return Object.defineProperty(pair, 1, { get: () => poolName(pool), enumerable: true });
});

/**
 * The pool a game with these rules is rated in, or null (rules that are no
 * pool's: another stall limit).
 * @param {{reveal: string, boost: boolean, stall_limit: number}} game
 * @returns {string | null}
 */
export function poolOf(game) {
  if (!game || game.stall_limit !== RATED_STALL_LIMIT) return null;
  const byReveal = { standard: ["standard", "boost"], all_face_up: ["face_up", "face_up_boost"], all_face_down: ["face_down", "face_down_boost"] };
  return byReveal[/** @type {keyof typeof byReveal} */ (game.reveal)]?.[game.boost ? 1 : 0] ?? null;
}

/**
 * A number rounded as the server's `Rating::shown` rounds it (Rust's
 * `{:.0}`: a half goes to the even neighbour), so that the page and the
 * terminal print the same figure.
 * @param {number} value
 */
export function rounded(value) {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * `1523`, or `1500?` while provisional; "" without a rating.
 * @param {Rating | null | undefined} rating
 */
export function ratingText(rating) {
  if (!rating || !Number.isFinite(rating.rating)) return "";
  return `${rounded(rating.rating)}${rating.provisional ? "?" : ""}`;
}

/**
 * What a game changed, from the figures shown (so that "1500? → 1662?"
 * and "+162" agree): `+162`, `−38` (a minus sign, not a hyphen), `±0`.
 * @param {Rating} before @param {Rating} after
 */
export function changeText(before, after) {
  const change = rounded(after.rating) - rounded(before.rating);
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}

/**
 * `1662? (+162)` with a rating before, or just `1662?`.
 * @param {Rating | null | undefined} before @param {Rating | null | undefined} after
 */
export function ratingWithChange(before, after) {
  if (!after) return "";
  return before ? `${ratingText(after)} (${changeText(before, after)})` : ratingText(after);
}

/** `1500? → 1662? (+162)` @param {{before: Rating, after: Rating}} change */
export function changeWords(change) {
  return `${ratingText(change.before)} → ${ratingText(change.after)} (${changeText(change.before, change.after)})`;
}

/**
 * Each seated player's rating at a game's end, and what the game changed
 * when the rating changed since it ended: `before` is what was known when
 * `game_over` came, `players` the room's players now. A seat without a
 * rating is left out.
 * @param {any} players the room's `players`
 * @param {{yellow: Rating | null, blue: Rating | null} | null} before
 * @returns {{seat: Seat, rating: Rating, change: string}[]}
 */
export function ratingsAfterGame(players, before) {
  return SEATS.flatMap((seat) => {
    /** @type {Rating | null | undefined} */
    const rating = players?.[seat]?.rating;
    if (!rating) return [];
    const earlier = before?.[seat];
    const moved = earlier && (earlier.games !== rating.games || earlier.rating !== rating.rating);
    return [{ seat, rating, change: moved ? changeText(earlier, rating) : "" }];
  });
}

/** `7 wins, 4 losses, 1 draw` @param {{wins: number, losses: number, draws: number}} record */
export function recordWords(record) {
  return t("ratings-record", { wins: record.wins, losses: record.losses, draws: record.draws });
}

/** The factor between the Glicko and Glicko-2 scales. */
const GLICKO2_SCALE = 173.7178;
/** The system constant τ the server rates with. */
const GLICKO2_TAU = 0.5;
/** The convergence tolerance ε of the volatility's iteration (Glickman's). */
const GLICKO2_EPSILON = 1e-6;

/**
 * A player's rating after one game, as the server rates it (docs/ratings.md):
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), τ = 0.5,
 * the game a rating period of its own, against the opponent's rating before
 * it; `score` 1 a win, 0.5 a draw, 0 a loss. Worked out here, by the page
 * alone, to check the ratings a game's record says it changed.
 * @param {{rating: number, deviation: number, volatility: number}} player
 * @param {{rating: number, deviation: number}} opponent
 * @param {number} score
 * @returns {{rating: number, deviation: number, volatility: number}}
 */
export function glicko2AfterGame(player, opponent, score) {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  const muOpponent = (opponent.rating - 1500) / GLICKO2_SCALE;
  const phiOpponent = opponent.deviation / GLICKO2_SCALE;
  // Steps 3 and 4: the estimated variance v and the improvement Δ.
  const g = 1 / Math.sqrt(1 + (3 * phiOpponent * phiOpponent) / (Math.PI * Math.PI));
  const expected = 1 / (1 + Math.exp(-g * (mu - muOpponent)));
  const v = 1 / (g * g * expected * (1 - expected));
  const delta = v * g * (score - expected);
  // Step 5: the new volatility σ', by the Illinois algorithm.
  const a = Math.log(player.volatility * player.volatility);
  const f = (/** @type {number} */ x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (GLICKO2_TAU * GLICKO2_TAU);
  };
  let low = a;
  /** @type {number} */
  let high;
  if (delta * delta > phi * phi + v) {
    high = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * GLICKO2_TAU) < 0) k += 1;
    high = a - k * GLICKO2_TAU;
  }
  let fLow = f(low);
  let fHigh = f(high);
  while (Math.abs(high - low) > GLICKO2_EPSILON) {
    /** @type {number} */
    const between = low + ((low - high) * fLow) / (fHigh - fLow);
    const fBetween = f(between);
    if (fBetween * fHigh <= 0) {
      low = high;
      fLow = fHigh;
    } else {
      fLow /= 2;
    }
    high = between;
    fHigh = fBetween;
  }
  const volatility = Math.exp(low / 2);
  // Steps 6 and 7: the deviation before the period, then the new φ' and μ'.
  const phiBefore = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiBefore * phiBefore) + 1 / v);
  const muNew = mu + phiNew * phiNew * g * (score - expected);
  // Step 8: back to the Glicko scale.
  return { rating: GLICKO2_SCALE * muNew + 1500, deviation: GLICKO2_SCALE * phiNew, volatility };
}
