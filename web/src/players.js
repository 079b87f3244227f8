// A player's page at /p/KEY (`/api/players/KEY`): the name they go by (a
// program's with a BOT badge), their accuracy over their rated games the
// server analysed, their rating in each pool they played
// (wins, losses, draws, and its history as a chart), how many of their
// latest games in rated rooms they aborted, and their latest games, rated
// or not, each with its replay and the opponent's page. A key that never
// played a game here says so; this browser's own key is "Your page". On
// another's, "Challenge NAME" (challenge-form.js); on your own, whom you
// take challenges from.

import { t, ungrouped, wordsWith } from "./catalogue.js";
import { challengeSection, challengesFromSection } from "./challenge-form.js";
import { dateText, ratingChart } from "./chart.js";
import { botBadge, h, replace } from "./dom.js";
import { keptPublicKey } from "./keys.js";
import { changeWords, poolName, ratingText, recordWords } from "./ratings.js";
import { notFound } from "./pages.js";
import { refusalText } from "./refusals.js";
import { notRatedWords, opponent, seatName } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */

/** Aborts among a player's latest games in rated rooms after which quick pairing pairs them last (the server's). */
const ABORTS_PAIRED_LAST = 3;

/**
 * Shows the player whose key is `key` (64 hex digits) in `root`.
 * @param {HTMLElement} root
 * @param {string} key
 */
export async function showPlayer(root, key) {
  key = key.toLowerCase();
  replace(root, h("p", {}, t("player-loading")));
  const [answer, mine] = await Promise.all([playerOf(key), keptPublicKey()]);
  const yours = mine === key;
  if (answer.status === 404 && answer.body?.code === "unknown_player") {
    noGames(root, yours, key);
    return;
  }
  if (!answer.body?.ratings) {
    notFound(root, answer.body?.message ? refusalText(answer.body) : t("player-unreachable"));
    return;
  }
  drawPlayer(root, answer.body, yours);
}

/**
 * `/api/players/KEY`'s answer: its status and body (null if none came).
 * @param {string} key
 * @returns {Promise<{status: number, body: any}>}
 */
async function playerOf(key) {
  try {
    const response = await fetch(`/api/players/${key}`, { cache: "no-store" });
    return { status: response.status, body: await response.json() };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * Links every player page ends with (a bot's, to the bots' leaderboard;
 * yours, to rated play).
 * @param {boolean} yours @param {boolean} bot
 */
function links(yours, bot) {
  return h(
    "p",
    { class: "page-links" },
    h("a", { href: bot ? "/top?bots=1" : "/top" }, t("player-leaderboard")),
    yours ? h("a", { href: "/play" }, t("player-play-rated")) : h("a", { href: "/" }, t("back-to-lobby")),
  );
}

/**
 * What a player's page offers about challenges: on your own, whom you take
 * them from; on another's, to challenge them.
 * @param {boolean} yours @param {string} key @param {string} name
 */
function challenging(yours, key, name) {
  return yours ? challengesFromSection() : challengeSection({ key, name });
}

/**
 * A key with no game here.
 * @param {HTMLElement} root @param {boolean} yours @param {string} key
 */
function noGames(root, yours, key) {
  document.title = yours ? t("player-yours-title") : t("player-empty-title");
  replace(
    root,
    h(
      "section",
      { class: "player" },
      h("h1", {}, yours ? t("player-yours-heading") : t("player-empty-heading")),
      h(
        "p",
        { id: "no-games" },
        yours
          ? wordsWith("player-no-games-yours", { play: h("a", { href: "/play" }, t("player-play-now")), rating: ungrouped(1500) })
          : t("player-no-games"),
      ),
      challenging(yours, key, ""),
      links(yours, false),
    ),
  );
}

/**
 * @param {HTMLElement} root
 * @param {any} profile `/api/players/KEY`'s body
 * @param {boolean} yours
 */
function drawPlayer(root, profile, yours) {
  document.title = t("player-title", { name: profile.name, who: [profile.bot ? "bot" : "", yours ? "you" : ""].filter(Boolean).join("-") || "other" });
  const ratings = /** @type {any[]} */ (profile.ratings);
  const conduct = profile.conduct;
  replace(
    root,
    h(
      "section",
      { class: "player" },
      h("h1", {}, h("span", { class: "player-name" }, profile.name), profile.bot ? botBadge() : null, yours ? h("span", { class: "you" }, " ", t("player-you")) : null),
      profile.bot ? h("p", { id: "declared-bot" }, t("player-declared-bot")) : null,
      h("p", { class: "meta" }, wordsWith("player-key", { key: h("code", { class: "key" }, profile.key) })),
      challenging(yours, String(profile.key).toLowerCase(), String(profile.name ?? "")),
      conduct?.aborted > 0
        ? h(
            "p",
            { id: "conduct" },
            conductWords(conduct, yours),
          )
        : null,
      accuracyLine(profile.accuracy),
      refundsList(profile.refunds ?? [], yours),
      ratings.length
        ? h("div", { class: "pools" }, ...ratings.map((pool) => poolSection(pool, profile.bot)))
        : h("p", {}, t("player-no-rating-yet")),
      h(
        "section",
        { "aria-labelledby": "recent-title" },
        h("h2", { id: "recent-title" }, t("player-latest-games")),
        recentGames(profile.recent ?? [], profile.key),
      ),
      links(yours, profile.bot),
    ),
  );
}

/**
 * How many of their latest games in rated rooms the player aborted, and
 * whether quick pairing pairs them last for it.
 * @param {{aborted: number, games: number}} conduct @param {boolean} yours
 */
function conductWords(conduct, yours) {
  const args = { aborted: conduct.aborted, games: conduct.games, last: conduct.aborted >= ABORTS_PAIRED_LAST ? "yes" : "no" };
  return yours ? t("player-conduct-yours", args) : t("player-conduct-theirs", args);
}

/**
 * The player's accuracy over their rated games the server has analysed
 * (it analyses each as it ends): "Accuracy 85 % over 3 analysed rated
 * games (51 of 60 rounds without a mistake)". Nothing before the first.
 * @param {{games: number, rounds: number, clean_rounds: number} | undefined} accuracy
 */
function accuracyLine(accuracy) {
  if (!accuracy || !(accuracy.games > 0)) return null;
  // The server's `PlayerAccuracy::percent`: 100 with no round to judge.
  const percent = accuracy.rounds > 0 ? (100 * accuracy.clean_rounds) / accuracy.rounds : 100;
  const args = { percent: Math.round(percent), games: accuracy.games };
  return h(
    "p",
    { id: "player-accuracy" },
    accuracy.rounds > 0
      ? t("player-accuracy", { ...args, clean: accuracy.clean_rounds, rounds: accuracy.rounds })
      : t("player-accuracy-unjudged", args),
  );
}

/** One pool's rating, record and history. @param {any} pool @param {boolean} bot whose: a bot's links to the bots' leaderboard */
function poolSection(pool, bot) {
  const id = `pool-${pool.pool}`;
  const rating = pool.rating;
  return h(
    "section",
    { class: "pool-rating", "aria-labelledby": id, "data-pool": pool.pool },
    h("h2", { id }, poolName(pool.pool)),
    h(
      "p",
      { class: "rating-line" },
      wordsWith("player-rating-line", {
        rating: h("strong", { class: "rating-value" }, ratingText(rating)),
        provisional: rating.provisional ? "yes" : "no",
        games: rating.games,
        record: recordWords(pool),
      }),
    ),
    h(
      "p",
      { class: "meta" },
      wordsWith("player-deviation", {
        deviation: ungrouped(Math.round(rating.deviation)),
        within: ungrouped(Math.round(2 * rating.deviation)),
        leaderboard: h("a", { href: `/top?pool=${pool.pool}${bot ? "&bots=1" : ""}` }, t("player-pool-leaderboard", { pool: poolName(pool.pool) })),
      }),
    ),
    listingLine(pool),
    ratingChart(pool.history ?? []),
  );
}

/** The fewest distinct established opponents a listed rating rests on (the server's `LISTED_OPPONENTS`). */
const LISTED_OPPONENTS = 5;

/**
 * Where a settled rating stands against the leaderboard's rule: listed,
 * or how far from it; nothing for a provisional one (its ? says so).
 * @param {any} pool
 */
function listingLine(pool) {
  const listing = pool.listing;
  if (!listing) return null;
  if (listing.listed) return h("p", { class: "listing meta" }, t("player-listed"));
  if (pool.rating.provisional) return null;
  return h(
    "p",
    { class: "listing meta" },
    t("player-not-listed", {
      established: listing.established_opponents,
      needed: LISTED_OPPONENTS,
      against: listing.against_established,
      games: listing.games,
    }),
  );
}

/**
 * The refunds that changed the player's ratings: rated games the server's
 * operator took out of the ratings (a ring's), each pool played again
 * without them.
 * @param {any[]} refunds @param {boolean} yours
 */
function refundsList(refunds, yours) {
  if (!refunds.length) return null;
  const shown = (/** @type {any} */ rating) => (rating ? ratingText(rating) : t("player-no-rating"));
  return h(
    "section",
    { id: "refunds", "aria-labelledby": "refunds-title" },
    h("h2", { id: "refunds-title" }, t("player-refunds")),
    h(
      "ul",
      {},
      ...refunds.map((refund) =>
        h(
          "li",
          {},
          refundWords(
            {
              date: dateText(refund.at_ms),
              pool: poolName(refund.pool),
              before: shown(refund.before),
              after: shown(refund.after),
              games: refund.games > 0 ? refund.games : 0,
            },
            yours,
          ),
        ),
      ),
    ),
  );
}

/**
 * One refund, in a sentence.
 * @param {{date: string, pool: string, before: string, after: string, games: number}} args
 * @param {boolean} yours
 */
function refundWords(args, yours) {
  return yours ? t("player-refund-yours", args) : t("player-refund-theirs", args);
}

/**
 * Which seat `key` played in a game, or null.
 * @param {any} game a `GameSummary` @param {string} key
 * @returns {Seat | null}
 */
function seatOf(game, key) {
  const keys = game.keys ?? game.rated?.keys;
  if (keys?.yellow?.toLowerCase() === key) return "yellow";
  if (keys?.blue?.toLowerCase() === key) return "blue";
  return null;
}

/**
 * How a game ended for `seat`, as `player-result` selects on it: won, lost,
 * won-forfeit, lost-forfeit, draw, abandoned, aborted-both, aborted-self,
 * aborted-opponent.
 * @param {any} result @param {Seat} seat
 */
function outcome(result, seat) {
  const ending = result.ending;
  if (ending?.kind === "aborted") return !ending.seat ? "aborted-both" : ending.seat === seat ? "aborted-self" : "aborted-opponent";
  if (!result.winner) return ending?.kind === "abandoned" ? "abandoned" : "draw";
  return `${result.winner === seat ? "won" : "lost"}${ending?.kind === "forfeit" ? "-forfeit" : ""}`;
}

/**
 * What a game did to `seat`'s rating: the change, why a game of a rated
 * room changed nothing, or that it was casual.
 * @param {any} game a `GameSummary` @param {Seat | null} seat
 */
function ratingWords(game, seat) {
  const rated = game.rated;
  if (!rated) return t("player-casual");
  const change = seat ? rated.ratings?.[seat] : null;
  if (change) return changeWords(change);
  return rated.not_rated ? t("player-not-rated", { reason: notRatedWords(rated.not_rated) }) : "—";
}

/**
 * The latest games, as cards on a phone.
 * @param {any[]} games `GameSummary`s, newest first @param {string} key whose page
 */
function recentGames(games, key) {
  if (!games.length) return h("p", {}, t("player-none-yet"));
  const titles = {
    date: t("player-column-date"),
    pool: t("player-column-pool"),
    opponent: t("player-column-opponent"),
    result: t("player-column-result"),
    rating: t("player-column-rating"),
    replay: t("player-column-replay"),
  };
  const cell = (/** @type {string} */ label, /** @type {Array<Node | string | null>} */ ...content) => h("td", { "data-label": label }, ...content);
  const rows = games.map((game) => {
    const seat = seatOf(game, key.toLowerCase());
    const other = seat ? opponent(seat) : null;
    const otherKey = other ? (game.keys ?? game.rated?.keys)?.[other] : null;
    /** The opponent's name, or both players' when `key` played neither seat: a new node each time. */
    const otherName = () => (other ? game.players[other] : wordsWith("player-versus", { yellow: game.players.yellow, blue: game.players.blue }, ["yellow", "blue"]));
    const date = dateText(game.finished_at_ms);
    return h(
      "tr",
      {},
      cell(titles.date, date),
      cell(titles.pool, game.rated ? poolName(game.rated.pool) : t("player-casual")),
      cell(titles.opponent, otherKey ? h("a", { href: `/p/${otherKey}` }, otherName()) : otherName()),
      cell(
        titles.result,
        seat ? t("player-result", { outcome: outcome(game.result, seat), seat: seatName(seat) }) : "—",
        // A game of a match: its number there.
        game.match ? h("span", { class: "match-game" }, " · ", t("player-match-game", { number: ungrouped(game.match.number) })) : null,
      ),
      cell(titles.rating, ratingWords(game, seat)),
      cell(
        titles.replay,
        h(
          "a",
          { href: `/g/${game.id}` },
          t("player-replay"),
          h("span", { class: "visually-hidden" }, " ", wordsWith("player-replay-which", { opponent: otherName(), date }, ["opponent"])),
        ),
      ),
    );
  });
  return h(
    "table",
    { class: "cards recent-games" },
    h("thead", {}, h("tr", {}, ...Object.values(titles).map((title) => h("th", { scope: "col" }, title)))),
    h("tbody", {}, ...rows),
  );
}
