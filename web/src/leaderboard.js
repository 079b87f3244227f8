// The leaderboard at /top (`?pool=boost` picks the pool, standard unless
// it says; `?bots=1` shows the bots, who are rated among bots, instead of
// the people): people or bots and the pools as links, then the pool's
// best from `/api/leaderboard` — rank, name (a link to their page),
// rating, games. The server leaves provisional ratings out: a few lucky
// games make no leader.

import { botBadge, h, replace } from "./dom.js";
import { POOLS, isPool, poolName, ratingText } from "./ratings.js";

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
    document.title = "Leaderboard · Mice Cake";
    replace(
      root,
      h(
        "section",
        { class: "leaderboard" },
        h("h1", {}, "Leaderboard"),
        h("p", { class: "error", role: "alert" }, `No pool is called “${wanted}”: choose one of these.`),
        poolLinks(null, bots),
      ),
    );
    return;
  }
  document.title = `Leaderboard: ${poolName(wanted)}${bots ? ", bots" : ""} · Mice Cake`;
  const list = h("div", { id: "leaders" }, h("p", {}, "Loading the leaderboard…"));
  replace(
    root,
    h(
      "section",
      { class: "leaderboard" },
      h("h1", {}, "Leaderboard"),
      whoseLinks(wanted, bots),
      poolLinks(wanted, bots),
      h(
        "section",
        { "aria-labelledby": "pool-title" },
        h("h2", { id: "pool-title" }, poolName(wanted)),
        bots
          ? h("p", { class: "meta", id: "bots-only" }, "Bots only: keys that declared a program plays them. Bots are rated among bots, never against people.")
          : null,
        h("p", { class: "meta" }, "Settled ratings only, resting on games against established players: a rating marked ? is provisional, and left out until its player has played enough rated games; and a rating is listed once at least half of its games, against at least five different players, were against established players (20 rated games here over at least a week), so that no ring of new keys can put anyone here."),
        list,
      ),
      h("p", { class: "page-links" }, h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
  /** @type {any} */
  let body = null;
  try {
    const response = await fetch(`/api/leaderboard?pool=${encodeURIComponent(wanted)}${bots ? "&bots=1" : ""}`, { cache: "no-store" });
    body = await response.json();
    if (!response.ok) body = { message: body?.message ?? `the server answered ${response.status}` };
  } catch {
    body = { message: "The server cannot be reached." };
  }
  if (!body?.players) {
    replace(list, h("p", { class: "error", role: "alert" }, body?.message ?? "The leaderboard cannot be loaded."));
    return;
  }
  replace(list, leaders(body.players, bots));
}

/** A leaderboard's address. @param {string} pool @param {boolean} bots */
function address(pool, bots) {
  const query = [pool === "standard" ? "" : `pool=${pool}`, bots ? "bots=1" : ""].filter(Boolean).join("&");
  return query ? `/top?${query}` : "/top";
}

/**
 * People's or bots' leaderboard, each a link; the one shown marked as the
 * current page.
 * @param {string} pool @param {boolean} bots
 */
function whoseLinks(pool, bots) {
  return h(
    "nav",
    { class: "whose-nav", "aria-label": "People or bots" },
    h(
      "ul",
      {},
      h("li", {}, h("a", { href: address(pool, false), id: "people-link", "aria-current": bots ? undefined : "page" }, "People")),
      h("li", {}, h("a", { href: address(pool, true), id: "bots-link", "aria-current": bots ? "page" : undefined }, "Bots")),
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
    { class: "pools-nav", "aria-label": "Pools" },
    h("ul", {}, ...POOLS.map(([pool, name]) => h("li", {}, h("a", { href: address(pool, bots), "aria-current": pool === current ? "page" : undefined }, name)))),
  );
}

/** The table of leaders, or why there is none. @param {any[]} players @param {boolean} bots */
function leaders(players, bots) {
  if (!players.length) {
    return h("p", { id: "no-leaders" }, bots ? "No bot is listed in this pool yet." : "Nobody is listed in this pool yet.");
  }
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
          cell("Player", h("span", {}, h("a", { href: `/p/${player.key}` }, player.name), bots ? botBadge() : null)),
          cell("Rating", ratingText(player.rating)),
          cell("Games", String(player.rating.games)),
        ),
      ),
    ),
  );
}
