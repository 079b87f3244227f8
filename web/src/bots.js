// The bots' page at /bots: every key that declared a program plays it,
// those that played the most games first (`/api/bots`), each with its name
// (a link to its page), the engine its card names with its version and
// author, its rating in each pool it played rated games in (bots are rated
// among bots), its games, and its owner's note. A card is signed with the
// bot's key: the page shows what the bot said of itself, not what anyone
// said of it.

import { t, ungrouped } from "./catalogue.js";
import { botBadge, h, replace } from "./dom.js";
import { poolName, ratingText } from "./ratings.js";
import { refusalText } from "./refusals.js";

/** Shows the bots' page in `root`. @param {HTMLElement} root */
export async function showBots(root) {
  document.title = t("bots-title");
  const list = h("div", { id: "bots" }, h("p", {}, t("bots-loading")));
  replace(
    root,
    h(
      "section",
      { class: "leaderboard bots-page" },
      h("h1", {}, t("bots-heading")),
      h("p", { class: "meta" }, t("bots-about")),
      list,
      h("p", { class: "page-links" }, h("a", { href: "/top?bots=1", id: "bots-leaderboard-link" }, t("bots-leaderboard")), h("a", { href: "/" }, t("back-to-lobby"))),
    ),
  );
  /** @type {any} */
  let body = null;
  /** Why there is no list to show, if there is none. */
  let problem = "";
  try {
    const response = await fetch("/api/bots", { cache: "no-store" });
    body = await response.json();
    if (!response.ok) problem = body?.message ? refusalText(body) : t("bots-server-answered", { status: ungrouped(response.status) });
    else if (!body?.bots) problem = t("bots-cannot-load");
  } catch {
    problem = t("bots-unreachable");
  }
  if (problem) {
    replace(list, h("p", { class: "error", role: "alert" }, problem));
    return;
  }
  replace(list, botsTable(body.bots));
}

/** The table of bots, or why there is none. @param {any[]} bots */
function botsTable(bots) {
  if (!bots.length) return h("p", { id: "no-bots" }, t("bots-none"));
  const cell = (/** @type {string} */ label, /** @type {Node | string | null} */ content, /** @type {string} */ kind) =>
    h("td", { "data-label": label, class: kind }, content ?? "");
  const [bot, engine, ratings, games, note] = [t("bots-bot"), t("bots-engine"), t("bots-ratings"), t("bots-games"), t("bots-note")];
  return h(
    "table",
    { class: "cards bots-list" },
    h("thead", {}, h("tr", {}, ...[bot, engine, ratings, games, note].map((title) => h("th", { scope: "col" }, title)))),
    h(
      "tbody",
      {},
      ...bots.map((entry) =>
        h(
          "tr",
          { "data-key": entry.key },
          cell(bot, h("span", {}, h("a", { href: `/p/${entry.key}` }, entry.name), botBadge()), "bot-name"),
          cell(engine, engineOf(entry.card), "bot-engine"),
          cell(ratings, ratingsOf(entry.ratings), "bot-ratings"),
          cell(games, String(entry.games), "bot-games"),
          cell(note, entry.card?.card.note || null, "bot-note"),
        ),
      ),
    ),
  );
}

/**
 * The engine its card names, with its version and, smaller, its author;
 * a bot of an older client sent no card.
 * @param {any} signed
 */
function engineOf(signed) {
  if (!signed) return h("span", { class: "muted" }, t("bots-no-card"));
  const { engine, version, author } = signed.card;
  return h(
    "span",
    {},
    h("span", { class: "engine-name" }, engine),
    version ? h("span", { class: "engine-version" }, ` ${version}`) : null,
    author ? h("span", { class: "engine-author muted" }, t("bots-by", { author })) : null,
  );
}

/** Its rating in each pool it played rated games in. @param {any[]} ratings */
function ratingsOf(ratings) {
  if (!ratings.length) return h("span", { class: "muted" }, t("bots-unrated"));
  return h("span", {}, ...ratings.map((pool) => h("span", { class: "bot-rating" }, t("bots-rating", { pool: poolName(pool.pool), rating: ratingText(pool.rating) }))));
}
