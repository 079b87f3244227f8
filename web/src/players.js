// A player's page at /p/KEY (`/api/players/KEY`): the name they go by (a
// program's with a BOT badge), their accuracy over their rated games the
// server analysed, their rating in each pool they played
// (wins, losses, draws, and its history as a chart), how many of their
// latest games in rated rooms they aborted, and their latest games, rated
// or not, each with its replay and the opponent's page. A key that never
// played a game here says so; this browser's own key is "Your page".

import { dateText, ratingChart } from "./chart.js";
import { botBadge, h, replace } from "./dom.js";
import { keptPublicKey } from "./keys.js";
import { changeWords, poolName, ratingText, recordWords } from "./ratings.js";
import { notFound } from "./pages.js";
import { notRatedWords, opponent, plural, seatName } from "./words.js";

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
  replace(root, h("p", {}, "Loading the player…"));
  const [answer, mine] = await Promise.all([playerOf(key), keptPublicKey()]);
  const yours = mine === key;
  if (answer.status === 404 && answer.body?.code === "unknown_player") {
    noGames(root, yours);
    return;
  }
  if (!answer.body?.ratings) {
    notFound(root, answer.body?.message ?? "This player's page cannot be loaded: the server cannot be reached.");
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
  return h("p", { class: "page-links" }, h("a", { href: bot ? "/top?bots=1" : "/top" }, "Leaderboard"), yours ? h("a", { href: "/play" }, "Play a rated game") : h("a", { href: "/" }, "Back to the lobby"));
}

/**
 * A key with no game here.
 * @param {HTMLElement} root @param {boolean} yours
 */
function noGames(root, yours) {
  document.title = `${yours ? "Your page" : "A player"} · Mice Cake`;
  replace(
    root,
    h(
      "section",
      { class: "player" },
      h("h1", {}, yours ? "Your page" : "A player without games"),
      h(
        "p",
        { id: "no-games" },
        ...(yours
          ? ["You have played no game here yet. ", h("a", { href: "/play" }, "Play now"), " (rated unless you untick it), or tick “Rated” when you create a room: a rated game changes both players' ratings, which start at 1500."]
          : ["This player has played no game on this server."]),
      ),
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
  document.title = `${profile.name}${profile.bot ? " (bot)" : ""}${yours ? " (you)" : ""} · Mice Cake`;
  const ratings = /** @type {any[]} */ (profile.ratings);
  const conduct = profile.conduct;
  replace(
    root,
    h(
      "section",
      { class: "player" },
      h("h1", {}, h("span", { class: "player-name" }, profile.name), profile.bot ? botBadge() : null, yours ? h("span", { class: "you" }, " (you)") : null),
      profile.bot ? h("p", { id: "declared-bot" }, "A bot: this key declared that a program plays it. It is rated among bots, never against people.") : null,
      h("p", { class: "meta" }, "Player key ", h("code", { class: "key" }, profile.key)),
      conduct?.aborted > 0
        ? h("p", { id: "conduct" }, `Aborted ${conduct.aborted} of ${yours ? "your" : "their"} last ${plural(conduct.games, "game", "games")} in rated rooms (left, stayed away or did not open before both players had a move)${conduct.aborted >= ABORTS_PAIRED_LAST ? ": paired after everyone else in Play now" : ""}.`)
        : null,
      accuracyLine(profile.accuracy),
      refundsList(profile.refunds ?? [], yours),
      ratings.length
        ? h("div", { class: "pools" }, ...ratings.map((pool) => poolSection(pool, profile.bot)))
        : h("p", {}, "No rating yet."),
      h(
        "section",
        { "aria-labelledby": "recent-title" },
        h("h2", { id: "recent-title" }, "Latest games"),
        recentGames(profile.recent ?? [], profile.key),
      ),
      links(yours, profile.bot),
    ),
  );
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
  const rounds = accuracy.rounds > 0 ? `${accuracy.clean_rounds} of ${plural(accuracy.rounds, "round", "rounds")} without a mistake` : "no round with a choice to judge";
  return h("p", { id: "player-accuracy" }, `Accuracy ${Math.round(percent)} % over ${plural(accuracy.games, "analysed rated game", "analysed rated games")} (${rounds})`);
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
      h("strong", { class: "rating-value" }, ratingText(rating)),
      rating.provisional ? " provisional" : "",
      ` · ${plural(rating.games, "rated game", "rated games")}: ${recordWords(pool)}`,
    ),
    h("p", { class: "meta" }, `Deviation ${Math.round(rating.deviation)}: the true strength is likely within ${Math.round(2 * rating.deviation)} of the rating. `, h("a", { href: `/top?pool=${pool.pool}${bot ? "&bots=1" : ""}` }, `${poolName(pool.pool)} leaderboard`)),
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
  if (listing.listed) return h("p", { class: "listing meta" }, "On the leaderboard.");
  if (pool.rating.provisional) return null;
  return h(
    "p",
    { class: "listing meta" },
    `Not on the leaderboard yet: it lists a rating that rests on games against established players (20 rated games here over at least a week) — ${listing.established_opponents} of the ${LISTED_OPPONENTS} needed so far, and ${listing.against_established} of ${plural(listing.games, "game", "games")} against them (half are needed).`,
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
  const shown = (/** @type {any} */ rating) => (rating ? ratingText(rating) : "no rating");
  return h(
    "section",
    { id: "refunds", "aria-labelledby": "refunds-title" },
    h("h2", { id: "refunds-title" }, "Refunds"),
    h(
      "ul",
      {},
      ...refunds.map((refund) =>
        h(
          "li",
          {},
          `${dateText(refund.at_ms)}, ${poolName(refund.pool)}: ${shown(refund.before)} → ${shown(refund.after)}. `,
          refund.games > 0
            ? `${plural(refund.games, `rated game of ${yours ? "yours" : "theirs"} was`, `rated games of ${yours ? "yours" : "theirs"} were`)} taken out of the ratings by the server's operator, and the ratings played again without them.`
            : `Rated games ${yours ? "you" : "they"} did not play were taken out of the ratings by the server's operator; ${yours ? "your" : "their"} rating moved as the ratings were played again without them.`,
        ),
      ),
    ),
  );
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

/** "Won", "Lost (forfeit)", "Draw", "Aborted by the opponent" for `seat`. @param {any} result @param {Seat} seat */
function outcomeWords(result, seat) {
  const ending = result.ending;
  if (ending?.kind === "aborted") return `Aborted ${!ending.seat ? "by both" : ending.seat === seat ? "by this player" : "by the opponent"}`;
  if (!result.winner) return ending?.kind === "abandoned" ? "Abandoned" : "Draw";
  const forfeit = ending?.kind === "forfeit" ? " (forfeit)" : "";
  return `${result.winner === seat ? "Won" : "Lost"}${forfeit}`;
}

/**
 * What a game did to `seat`'s rating: the change, why a game of a rated
 * room changed nothing, or that it was casual.
 * @param {any} game a `GameSummary` @param {Seat | null} seat
 */
function ratingWords(game, seat) {
  const rated = game.rated;
  if (!rated) return "Casual";
  const change = seat ? rated.ratings?.[seat] : null;
  if (change) return changeWords(change);
  return rated.not_rated ? `Not rated: ${notRatedWords(rated.not_rated)}` : "—";
}

/**
 * The latest games, as cards on a phone.
 * @param {any[]} games `GameSummary`s, newest first @param {string} key whose page
 */
function recentGames(games, key) {
  if (!games.length) return h("p", {}, "None yet.");
  const cell = (/** @type {string} */ label, /** @type {Array<Node | string | null>} */ ...content) => h("td", { "data-label": label }, ...content);
  const rows = games.map((game) => {
    const seat = seatOf(game, key.toLowerCase());
    const other = seat ? opponent(seat) : null;
    const otherKey = other ? (game.keys ?? game.rated?.keys)?.[other] : null;
    const otherName = other ? game.players[other] : `${game.players.yellow} vs ${game.players.blue}`;
    const date = dateText(game.finished_at_ms);
    return h(
      "tr",
      {},
      cell("Date", date),
      cell("Pool", game.rated ? poolName(game.rated.pool) : "Casual"),
      cell("Opponent", otherKey ? h("a", { href: `/p/${otherKey}` }, otherName) : otherName),
      cell("Result", seat ? `${outcomeWords(game.result, seat)}, as ${seatName(seat)}` : "—"),
      cell("Rating", ratingWords(game, seat)),
      cell("Replay", h("a", { href: `/g/${game.id}` }, "Replay", h("span", { class: "visually-hidden" }, ` of the game against ${otherName} on ${date}`))),
    );
  });
  return h(
    "table",
    { class: "cards recent-games" },
    h("thead", {}, h("tr", {}, ...["Date", "Pool", "Opponent", "Result", "Rating", "Replay"].map((title) => h("th", { scope: "col" }, title)))),
    h("tbody", {}, ...rows),
  );
}
