// The leaderboard at /top (`?pool=boost` picks the pool; standard unless
// it says): the pools as links, then the pool's best players from
// `/api/leaderboard` — rank, name (a link to their page), rating, games.
// The server leaves provisional ratings out: a few lucky games make no
// leader.

import { h, replace } from "./dom.js";
import { POOLS, isPool, poolName, ratingText } from "./ratings.js";

/**
 * Shows the leaderboard of `pool` (null: the standard pool) in `root`.
 * @param {HTMLElement} root
 * @param {string | null} pool
 */
export async function showLeaderboard(root, pool) {
  const wanted = pool ?? "standard";
  if (!isPool(wanted)) {
    document.title = "Leaderboard · Mice Cake";
    replace(
      root,
      h(
        "section",
        { class: "leaderboard" },
        h("h1", {}, "Leaderboard"),
        h("p", { class: "error", role: "alert" }, `No pool is called “${wanted}”: choose one of these.`),
        poolLinks(null),
      ),
    );
    return;
  }
  document.title = `Leaderboard: ${poolName(wanted)} · Mice Cake`;
  const list = h("div", { id: "leaders" }, h("p", {}, "Loading the leaderboard…"));
  replace(
    root,
    h(
      "section",
      { class: "leaderboard" },
      h("h1", {}, "Leaderboard"),
      poolLinks(wanted),
      h(
        "section",
        { "aria-labelledby": "pool-title" },
        h("h2", { id: "pool-title" }, poolName(wanted)),
        h("p", { class: "meta" }, "Settled ratings only: a rating marked ? is provisional, and left out until its player has played enough rated games."),
        list,
      ),
      h("p", { class: "page-links" }, h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
  /** @type {any} */
  let body = null;
  try {
    const response = await fetch(`/api/leaderboard?pool=${encodeURIComponent(wanted)}`, { cache: "no-store" });
    body = await response.json();
    if (!response.ok) body = { message: body?.message ?? `the server answered ${response.status}` };
  } catch {
    body = { message: "The server cannot be reached." };
  }
  if (!body?.players) {
    replace(list, h("p", { class: "error", role: "alert" }, body?.message ?? "The leaderboard cannot be loaded."));
    return;
  }
  replace(list, leaders(body.players));
}

/**
 * The pools, each a link; the one shown marked as the current page.
 * @param {string | null} current
 */
function poolLinks(current) {
  return h(
    "nav",
    { class: "pools-nav", "aria-label": "Pools" },
    h(
      "ul",
      {},
      ...POOLS.map(([pool, name]) =>
        h("li", {}, h("a", { href: pool === "standard" ? "/top" : `/top?pool=${pool}`, "aria-current": pool === current ? "page" : undefined }, name)),
      ),
    ),
  );
}

/** The table of leaders, or why there is none. @param {any[]} players */
function leaders(players) {
  if (!players.length) return h("p", { id: "no-leaders" }, "Nobody has a settled rating in this pool yet.");
  const cell = (/** @type {string} */ label, /** @type {Node | string} */ content) => h("td", { "data-label": label }, content);
  return h(
    "table",
    { class: "leaders" },
    h("thead", {}, h("tr", {}, ...["Rank", "Player", "Rating", "Games"].map((title) => h("th", { scope: "col" }, title)))),
    h(
      "tbody",
      {},
      ...players.map((player) =>
        h(
          "tr",
          {},
          cell("Rank", String(player.rank)),
          cell("Player", h("a", { href: `/p/${player.key}` }, player.name)),
          cell("Rating", ratingText(player.rating)),
          cell("Games", String(player.rating.games)),
        ),
      ),
    ),
  );
}
