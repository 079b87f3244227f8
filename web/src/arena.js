// An arena's page at /a/ID (docs/arenas.md): what it is and where it
// stands (a countdown to its start or end), the player's own line with
// Join and Pause, the standings as they change, the featured game to
// watch, and once finished its podium. A player is taken straight into
// each game (the room's page) and comes back here as it ends; this page
// then joins again by itself, and the server pairs them once more.

import { ArenaLink, arenaPlay, joinsAgain, keptAfter } from "./arena-link.js";
import { t, tAttribute, wordsWith } from "./catalogue.js";
import { announce, botBadge, h, replace } from "./dom.js";
import { playerKey } from "./keys.js";
import { names } from "./stored.js";
import { poolName } from "./ratings.js";
import { FluentNumber } from "./vendor/fluent-bundle/index.js";

/**
 * A place in the standings, for a message to select on by the language's
 * ordinal rules (English's 1st, 2nd, 3rd, 4th): written without grouping.
 * @param {number} rank
 */
const place = (rank) => new FluentNumber(rank, /** @type {Intl.NumberFormatOptions} */ ({ type: "ordinal", useGrouping: false }));

/** How often the countdown is redrawn. */
const TICK_MS = 500;

/**
 * How long from `now` to `at`, as a clock shows it: `2:05`, `1:02:05`.
 * @param {number} now @param {number} at
 */
export function countdown(now, at) {
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * Where an arena stands, in words.
 * @param {any} arena @param {number} now
 */
export function statusWords(arena, now) {
  switch (arena.status) {
    case "upcoming":
      return t("arena-starts-in", { time: countdown(now, arena.starts_at_ms) });
    case "live":
      return now < arena.ends_at_ms ? t("arena-live", { time: countdown(now, arena.ends_at_ms) }) : t("arena-ending");
    default:
      return t("arena-finished");
  }
}

/** @param {any} arena */
export function arenaKind(arena) {
  return t("arena-kind", {
    pool: poolName(arena.pool),
    rated: arena.rated ? "yes" : "no",
    club: arena.private ? "yes" : "no",
    bots: arena.bots ? "yes" : "no",
  });
}

/**
 * A line of the standings as a table row.
 * @param {any} line @param {string | null} you
 */
function standingRow(line, you) {
  const marks = [];
  if (line.on_fire) marks.push(h("span", { class: "on-fire", title: t("arena-on-fire") }, "🔥"));
  if (line.paused) marks.push(h("span", { class: "paused-mark" }, t("arena-paused-mark")));
  return h(
    "tr",
    { class: line.key === you ? "you" : "" },
    h("td", { class: "rank" }, String(line.rank)),
    h("td", { class: "name" }, h("a", { href: `/p/${line.key}` }, line.name), line.bot ? botBadge() : null),
    h("td", { class: "score" }, String(line.score)),
    h("td", { class: "games" }, String(line.games)),
    h("td", { class: "marks" }, ...marks),
  );
}

/**
 * The standings as a table.
 * @param {any[]} lines @param {string | null} you @param {string} caption
 */
function standingsTable(lines, you, caption) {
  if (!lines.length) return h("p", { id: "standings", class: "meta" }, t("arena-nobody-yet"));
  return h(
    "table",
    { id: "standings", class: "standings" },
    h("caption", {}, caption),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, t("arena-column-rank")),
        h("th", { scope: "col" }, t("arena-column-player")),
        h("th", { scope: "col", title: tAttribute("arena-column-points", "title") }, t("arena-column-points")),
        h("th", { scope: "col" }, t("arena-column-games")),
        h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, t("arena-column-marks"))),
      ),
    ),
    h("tbody", {}, ...lines.map((line) => standingRow(line, you))),
  );
}

/** @param {any[]} lines */
function podium(lines) {
  return h(
    "ol",
    { id: "podium", class: "podium", "aria-label": t("arena-podium") },
    ...lines.slice(0, 3).map((line, index) =>
      h(
        "li",
        {},
        wordsWith("arena-podium-line", { place: h("strong", {}, t("arena-podium-place", { place: index + 1 })), name: line.name, score: line.score, games: line.games }, ["name"]),
      ),
    ),
  );
}

/**
 * Shows arena `id` in `root`.
 * @param {HTMLElement} root
 * @param {string} id
 */
export async function showArena(root, id) {
  document.title = t("arena-title");
  replace(root, h("section", { class: "arena" }, h("p", {}, t("arena-loading"))));
  /** @type {any} */
  let detail = null;
  try {
    const response = await fetch(`/api/arenas/${encodeURIComponent(id)}`, { cache: "no-store" });
    if (response.status === 404) {
      replace(
        root,
        h("section", { class: "arena" }, h("h1", {}, t("arena-no-such")), h("p", {}, wordsWith("arena-no-such-id", { id }, ["id"])), h("p", {}, h("a", { href: "/arenas" }, t("arena-all")))),
      );
      return;
    }
    detail = await response.json();
  } catch {
    replace(root, h("section", { class: "arena" }, h("h1", {}, t("arena-heading")), h("p", { class: "error", role: "alert" }, t("arena-unreadable"))));
    return;
  }
  /** This browser's key: its line in the standings is "you". */
  const myKey = (await playerKey())?.publicKey ?? null;
  new ArenaPage(root, detail, myKey).open();
}

/** An arena's page, kept up to date from its live link (arena-link.js). */
class ArenaPage {
  /** @param {HTMLElement} root @param {any} detail the arena as `/api/arenas/ID` gives it @param {string | null} myKey */
  constructor(root, detail, myKey) {
    this.root = root;
    this.myKey = myKey;
    /** The arena as last told: summary fields, its `top` (or whole standings), `featured`. @type {any} */
    this.arena = { ...detail, top: detail.standings, featured: detail.playing?.[0] ?? null };
    /** This browser's line, once joined. @type {any} */
    this.you = null;
    this.kept = arenaPlay.get();
    /** @type {ArenaLink | null} */
    this.link = null;
    this.title = h("h1", { id: "arena-name" }, this.arena.name);
    this.kind = h("p", { class: "meta", id: "arena-kind" }, "");
    this.status = h("p", { id: "arena-status", class: "countdown", "aria-live": "off" }, "");
    this.notice = h("p", { id: "arena-notice", class: "notice", role: "status", hidden: true });
    this.error = h("p", { id: "arena-error", class: "error", role: "alert" });
    this.mine = h("div", { id: "arena-you" });
    this.featured = h("div", { id: "featured" });
    this.table = h("div", { id: "standings-box" });
    this.podiumBox = h("div", { id: "podium-box" });
    this.name = /** @type {HTMLInputElement} */ (h("input", { id: "arena-player-name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() }));
    this.code = /** @type {HTMLInputElement} */ (h("input", { id: "join-code", name: "join-code", maxlength: 32, autocomplete: "off" }));
    this.join = h("button", { type: "submit", class: "primary", id: "join-arena" }, t("arena-join"));
    this.pause = h("button", { type: "button", id: "pause-arena" }, t("arena-pause"));
    this.again = h("button", { type: "button", class: "primary", id: "join-again" }, t("arena-join-again"));
    this.pause.addEventListener("click", () => {
      this.link?.pause();
      if (this.kept) arenaPlay.set({ ...this.kept, playing: false });
      this.kept = arenaPlay.get();
      this.draw();
    });
    this.again.addEventListener("click", () => {
      const player = this.kept?.name || names.get() || this.name.value.trim();
      this.start(player, this.kept?.joinCode ?? null);
    });
  }

  /** Whether this tab plays in the arena. */
  playing() {
    return joinsAgain(this.kept, this.arena.id);
  }

  /** @param {string | Node} words a sentence, or one with names in it (`wordsWith`); "" for none */
  say(words) {
    this.notice.hidden = !words;
    replace(this.notice, words || null);
  }

  /** Shows the page, and follows the arena live. */
  open() {
    const arena = this.arena;
    replace(
      this.root,
      h(
        "section",
        { class: "arena" },
        this.title,
        this.kind,
        this.status,
        this.notice,
        this.error,
        this.mine,
        this.podiumBox,
        this.featured,
        this.table,
        h("p", { class: "page-links" }, h("a", { href: "/arenas" }, t("arena-all")), h("a", { href: "/" }, t("back-to-lobby"))),
      ),
    );
    this.draw();
    const heard = (/** @type {import("./arena-link.js").ArenaEvent} */ event) => this.heard(event);
    // Back from a game of this arena (or a reload while playing): join again.
    if (arena.status === "finished") {
      if (this.kept?.arena === arena.id) arenaPlay.forget();
    } else if (this.playing() && this.kept) this.link = new ArenaLink(arena.id, this.kept.name, { joinCode: this.kept.joinCode }, heard);
    else if (arena.status !== "finished") this.link = new ArenaLink(arena.id, names.get() || "spectator", null, heard);
    window.setInterval(() => {
      this.status.textContent = statusWords(this.arena, Date.now());
    }, TICK_MS);
  }

  draw() {
    const arena = this.arena;
    const now = Date.now();
    document.title = t("arena-named-title", { name: arena.name });
    this.title.textContent = arena.name;
    replace(this.kind, wordsWith("arena-kind-line", { kind: arenaKind(arena), creator: arena.creator, players: arena.players, games: arena.games }, ["creator"]));
    this.status.textContent = statusWords(arena, now);
    const finished = arena.status === "finished";
    this.drawMine(finished);
    replace(this.podiumBox, finished ? podium(arena.top) : null);
    const game = arena.featured;
    replace(
      this.featured,
      game && !finished
        ? h(
            "p",
            { id: "featured-game" },
            wordsWith(
              "arena-featured",
              {
                featured: h("strong", {}, t("arena-featured-label")),
                yellow: game.players.yellow,
                blue: game.players.blue,
                watch: h("a", { href: `/r/${game.code}`, id: "watch-featured" }, t("arena-watch")),
              },
              ["yellow", "blue"],
            ),
          )
        : null,
    );
    replace(this.table, standingsTable(arena.top, this.you?.key ?? this.myKey, finished ? t("arena-final-standings") : t("arena-standings")));
  }

  /** This browser's part: its place, pausing, joining again, or the form to join. @param {boolean} finished */
  drawMine(finished) {
    const { arena, you, kept, mine } = this;
    const mineNow = arena.top.find((/** @type {any} */ line) => line.key === (you?.key ?? this.myKey));
    if (finished) {
      replace(mine, mineNow ? h("p", { id: "your-line" }, t("arena-you-finished", { rank: place(mineNow.rank), score: mineNow.score, games: mineNow.games })) : null);
    } else if (this.playing() && you) {
      const line = arena.top.find((/** @type {any} */ line) => line.key === you.key) ?? you;
      replace(
        mine,
        h("p", { id: "your-line" }, t("arena-you-now", { rank: place(line.rank), score: line.score, games: line.games, streak: line.on_fire ? "yes" : "no" })),
        h("p", { class: "buttons" }, this.pause),
      );
    } else if (you || (kept && kept.arena === arena.id && !kept.playing)) {
      replace(mine, h("p", {}, t("arena-you-paused")), h("p", { class: "buttons" }, this.again));
    } else {
      const form = h(
        "form",
        { id: "join-form", class: "choices" },
        h("p", {}, h("label", { for: "arena-player-name" }, t("arena-your-name")), " ", this.name),
        arena.private ? h("p", {}, h("label", { for: "join-code" }, t("arena-join-code")), " ", this.code) : null,
        h("p", { class: "buttons" }, this.join),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.start(this.name.value.trim(), this.arena.private ? this.code.value.trim() : null);
      });
      replace(mine, arena.status === "upcoming" ? h("p", { class: "meta" }, t("arena-join-early")) : null, form);
    }
  }

  /** Told once: as news while in it, or as the answer to joining it again. */
  over() {
    this.refreshWhole();
    if (this.kept) arenaPlay.set({ ...this.kept, playing: false, code: null });
    this.kept = arenaPlay.get();
    this.say(t("arena-over"));
    announce(t("arena-over"));
  }

  /** @param {import("./arena-link.js").ArenaEvent} event */
  heard(event) {
    const after = keptAfter(this.kept, event);
    if (after && after !== this.kept) {
      arenaPlay.set(after);
      this.kept = arenaPlay.get();
    }
    switch (event.kind) {
      case "joined":
        this.arena = { ...this.arena, ...event.arena };
        this.error.textContent = "";
        if (this.arena.status === "finished") this.over();
        else if (event.you) {
          this.you = event.you;
          this.say(this.arena.status === "upcoming" ? t("arena-in-upcoming") : t("arena-in-waiting"));
        }
        break;
      case "update":
        this.arena = { ...this.arena, ...event.arena };
        if (this.arena.status === "finished") this.over();
        break;
      case "paired":
        this.say(wordsWith("arena-paired", { name: String(event.message.opponent) }, ["name"]));
        announce(t("arena-paired-announced", { name: String(event.message.opponent) }));
        break;
      case "seated":
        this.link?.close();
        location.assign(`/r/${event.code}`);
        return;
      case "paused":
        this.say(event.reason);
        break;
      case "refused":
        // Over as the page came back: the whole standings say how.
        if (event.code === "unknown_arena") this.refreshWhole();
        // Still playing: joined again after the next game, or reconnect.
        else this.error.textContent = t("arena-not-joined", { reason: event.reason });
        break;
      case "link":
        if (event.status === "reconnecting") this.say(t("arena-reconnecting"));
        else if (event.status === "connected") this.say("");
        break;
    }
    this.draw();
  }

  /** The whole standings, once the arena is over. */
  async refreshWhole() {
    try {
      const response = await fetch(`/api/arenas/${encodeURIComponent(this.arena.id)}`, { cache: "no-store" });
      if (!response.ok) return;
      const whole = await response.json();
      this.arena = { ...this.arena, ...whole, top: whole.standings, featured: null };
      this.draw();
    } catch {
      // The live top stays shown.
    }
  }

  /** Joins as `player`. @param {string} player @param {string | null} joinCode */
  start(player, joinCode) {
    if (!player) {
      this.error.textContent = t("arena-name-first");
      this.name.focus();
      return;
    }
    names.propose(player);
    arenaPlay.set({ arena: this.arena.id, name: player, joinCode, playing: true, code: null });
    this.kept = arenaPlay.get();
    this.link?.close();
    this.link = new ArenaLink(this.arena.id, player, { joinCode }, (event) => this.heard(event));
  }
}

