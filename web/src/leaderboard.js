// The leaderboard at /top (`?pool=boost` picks the pool, standard unless
// it says; `?bots=1` shows the bots, who are rated among bots, instead of
// the people): people or bots and the pools as links, then the pool's
// best from `/api/leaderboard` — rank, name (a link to their page),
// rating, games. The server leaves provisional ratings out: a few lucky
// games make no leader.

import { t, ungrouped, wordsWith } from "./catalogue.js";
import { botBadge, h, replace } from "./dom.js";
import { isPool, poolName, pools, ratingText } from "./ratings.js";
import { refusalText } from "./refusals.js";

/**
 * Shows the leaderboard of `pool` (null: the standard pool), the bots' if
 * `bots`, in `root`.
 * @param {HTMLElement} root
 * @param {string | null} pool
 * @param {boolean} bots
 */
export async function showLeaderboard(root, pool, bots) {
  const wanted = pool ?? "standard";
  if (!isPool(wanted)) {
    document.title = t("leaderboard-title");
    replace(
      root,
      h(
        "section",
        { class: "leaderboard" },
        h("h1", {}, t("leaderboard-heading")),
        h("p", { class: "error", role: "alert" }, wordsWith("leaderboard-no-such-pool", { pool: wanted }, ["pool"])),
        poolLinks(null, bots),
      ),
    );
    return;
  }
  document.title = t("leaderboard-pool-title", { pool: poolName(wanted), whose: bots ? "bots" : "people" });
  const list = h("div", { id: "leaders" }, h("p", {}, t("leaderboard-loading")));
  replace(
    root,
    h(
      "section",
      { class: "leaderboard" },
      h("h1", {}, t("leaderboard-heading")),
      whoseLinks(wanted, bots),
      poolLinks(wanted, bots),
      h(
        "section",
        { "aria-labelledby": "pool-title" },
        h("h2", { id: "pool-title" }, poolName(wanted)),
        bots
          ? h("p", { class: "meta", id: "bots-only" }, t("leaderboard-bots-only"), " ", h("a", { href: "/bots", id: "all-bots-link" }, t("leaderboard-all-bots")))
          : null,
        h("p", { class: "meta" }, t("leaderboard-rule")),
        list,
      ),
      h("p", { class: "page-links" }, h("a", { href: "/" }, t("back-to-lobby"))),
    ),
  );
  /** @type {any} */
  let body = null;
  /** Why there is no leaderboard to show, if there is none. */
  let problem = "";
  try {
    const response = await fetch(`/api/leaderboard?pool=${encodeURIComponent(wanted)}${bots ? "&bots=1" : ""}`, { cache: "no-store" });
    body = await response.json();
    if (!response.ok) problem = body?.message ? refusalText(body) : t("leaderboard-server-answered", { status: ungrouped(response.status) });
    else if (!body?.players) problem = body?.message ? refusalText(body) : t("leaderboard-cannot-load");
  } catch {
    problem = t("leaderboard-unreachable");
  }
  if (problem) {
    replace(list, h("p", { class: "error", role: "alert" }, problem));
    return;
  }
  replace(list, leaders(body.players, bots));
}

/** A leaderboard's address. @param {string} pool @param {boolean} bots */
function address(pool, bots) {
  const query = [pool === "standard" ? "" : `pool=${pool}`, bots ? "bots=1" : ""].filter(Boolean).join("&");
  return query ? `/top?${query}` : "/top"; // words-check: an address
}

/**
 * People's or bots' leaderboard, each a link; the one shown marked as the
 * current page.
 * @param {string} pool @param {boolean} bots
 */
function whoseLinks(pool, bots) {
  return h(
    "nav",
    { class: "whose-nav", "aria-label": t("leaderboard-whose") },
    h(
      "ul",
      {},
      h("li", {}, h("a", { href: address(pool, false), id: "people-link", "aria-current": bots ? undefined : "page" }, t("leaderboard-people"))),
      h("li", {}, h("a", { href: address(pool, true), id: "bots-link", "aria-current": bots ? "page" : undefined }, t("leaderboard-bots"))),
    ),
  );
}

/**
 * The pools, each a link (people's or bots', as shown); the one shown
 * marked as the current page.
 * @param {string | null} current @param {boolean} bots
 */
function poolLinks(current, bots) {
  return h(
    "nav",
    { class: "pools-nav", "aria-label": t("leaderboard-pools") },
    h("ul", {}, ...pools().map(([pool, name]) => h("li", {}, h("a", { href: address(pool, bots), "aria-current": pool === current ? "page" : undefined }, name)))),
  );
}

/** The table of leaders, or why there is none. @param {any[]} players @param {boolean} bots */
function leaders(players, bots) {
  if (!players.length) {
    return h("p", { id: "no-leaders" }, bots ? t("leaderboard-no-bots") : t("leaderboard-nobody"));
  }
  const cell = (/** @type {string} */ label, /** @type {Node | string} */ content) => h("td", { "data-label": label }, content);
  const [rank, player, rating, games] = [t("leaderboard-rank"), t("leaderboard-player"), t("leaderboard-rating"), t("leaderboard-games")];
  return h(
    "table",
    { class: "leaders" },
    h("thead", {}, h("tr", {}, ...[rank, player, rating, games].map((title) => h("th", { scope: "col" }, title)))),
    h(
      "tbody",
      {},
      ...players.map((line) =>
        h(
          "tr",
          {},
          cell(rank, String(line.rank)),
          cell(player, h("span", {}, h("a", { href: `/p/${line.key}` }, line.name), bots ? botBadge() : null)),
          cell(rating, ratingText(line.rating)),
          cell(games, String(line.rating.games)),
        ),
      ),
    ),
  );
}
