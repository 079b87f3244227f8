// An arena's page at /a/ID (docs/arenas.md): what it is and where it
// stands (a countdown to its start or end), the player's own line with
// Join and Pause, the standings as they change, the featured game to
// watch, and once finished its podium. A player is taken straight into
// each game (the room's page) and comes back here as it ends; this page
// then joins again by itself, and the server pairs them once more.

import { ArenaLink, arenaPlay, joinsAgain, keptAfter } from "./arena-link.js";
import { announce, botBadge, h, replace } from "./dom.js";
import { playerKey } from "./keys.js";
import { names } from "./stored.js";
import { poolName } from "./ratings.js";
import { plural } from "./words.js";

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
      return `Starts in ${countdown(now, arena.starts_at_ms)}`;
    case "live":
      return now < arena.ends_at_ms ? `Live: ${countdown(now, arena.ends_at_ms)} left` : "Ending: the last games are being played";
    default:
      return "Finished";
  }
}

/** @param {any} arena */
export function arenaKind(arena) {
  return [poolName(arena.pool), arena.rated ? "rated" : "casual", arena.private ? "club (join code)" : "open to all", arena.bots ? "bots welcome" : "no bots"].join(" · ");
}

/**
 * A line of the standings as a table row.
 * @param {any} line @param {string | null} you
 */
function standingRow(line, you) {
  const marks = [];
  if (line.on_fire) marks.push(h("span", { class: "on-fire", title: "On a streak: the next win counts double" }, "🔥"));
  if (line.paused) marks.push(h("span", { class: "paused-mark" }, "paused"));
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
  if (!lines.length) return h("p", { id: "standings", class: "meta" }, "Nobody has joined yet.");
  return h(
    "table",
    { id: "standings", class: "standings" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col", title: "Points" }, "Pts"), h("th", { scope: "col" }, "Games"), h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Marks")))),
    h("tbody", {}, ...lines.map((line) => standingRow(line, you))),
  );
}

/** @param {any[]} lines */
function podium(lines) {
  const places = ["First", "Second", "Third"];
  return h(
    "ol",
    { id: "podium", class: "podium", "aria-label": "Podium" },
    ...lines.slice(0, 3).map((line, index) => h("li", {}, h("strong", {}, `${places[index]}: `), `${line.name}, ${plural(line.score, "point", "points")} in ${plural(line.games, "game", "games")}`)),
  );
}

/**
 * Shows arena `id` in `root`.
 * @param {HTMLElement} root
 * @param {string} id
 */
export async function showArena(root, id) {
  document.title = "Arena · Mice Cake";
  replace(root, h("section", { class: "arena" }, h("p", {}, "Loading the arena…")));
  /** @type {any} */
  let detail = null;
  try {
    const response = await fetch(`/api/arenas/${encodeURIComponent(id)}`, { cache: "no-store" });
    if (response.status === 404) {
      replace(root, h("section", { class: "arena" }, h("h1", {}, "No such arena"), h("p", {}, `No arena has the id ${id}.`), h("p", {}, h("a", { href: "/arenas" }, "All arenas"))));
      return;
    }
    detail = await response.json();
  } catch {
    replace(root, h("section", { class: "arena" }, h("h1", {}, "Arena"), h("p", { class: "error", role: "alert" }, "The arena cannot be read just now: reload the page in a moment.")));
    return;
  }

  /** This browser's key: its line in the standings is "you". */
  const myKey = (await playerKey())?.publicKey ?? null;
  /** The arena as last told: summary fields, its `top` (or whole standings), `featured`. */
  let arena = { ...detail, top: detail.standings, featured: detail.playing?.[0] ?? null };
  /** This browser's line, once joined. @type {any} */
  let you = null;
  let kept = arenaPlay.get();
  const playing = () => joinsAgain(kept, arena.id);

  const title = h("h1", { id: "arena-name" }, arena.name);
  const kind = h("p", { class: "meta", id: "arena-kind" }, "");
  const status = h("p", { id: "arena-status", class: "countdown", "aria-live": "off" }, "");
  const notice = h("p", { id: "arena-notice", class: "notice", role: "status", hidden: true });
  const error = h("p", { id: "arena-error", class: "error", role: "alert" });
  const mine = h("div", { id: "arena-you" });
  const featured = h("div", { id: "featured" });
  const table = h("div", { id: "standings-box" });
  const podiumBox = h("div", { id: "podium-box" });

  const name = /** @type {HTMLInputElement} */ (h("input", { id: "arena-player-name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() }));
  const code = /** @type {HTMLInputElement} */ (h("input", { id: "join-code", name: "join-code", maxlength: 32, autocomplete: "off" }));
  const join = h("button", { type: "submit", class: "primary", id: "join-arena" }, "Join");
  const pause = h("button", { type: "button", id: "pause-arena" }, "Pause");
  const again = h("button", { type: "button", class: "primary", id: "join-again" }, "Join again");

  /** @param {string} text */
  const say = (text) => {
    notice.hidden = !text;
    notice.textContent = text;
  };

  const draw = () => {
    const now = Date.now();
    document.title = `${arena.name} · Arena · Mice Cake`;
    title.textContent = arena.name;
    kind.textContent = `${arenaKind(arena)} · by ${arena.creator} · ${plural(arena.players, "player", "players")}, ${plural(arena.games, "game", "games")}`;
    status.textContent = statusWords(arena, now);
    const finished = arena.status === "finished";
    const mineNow = arena.top.find((/** @type {any} */ line) => line.key === (you?.key ?? myKey));
    if (finished) {
      replace(mine, mineNow ? h("p", { id: "your-line" }, `You finished ${ordinal(mineNow.rank)} with ${plural(mineNow.score, "point", "points")} in ${plural(mineNow.games, "game", "games")}.`) : null);
    } else if (playing() && you) {
      const line = arena.top.find((/** @type {any} */ line) => line.key === you.key) ?? you;
      replace(mine, h("p", { id: "your-line" }, `You: ${ordinal(line.rank)}, ${plural(line.score, "point", "points")} in ${plural(line.games, "game", "games")}${line.on_fire ? " — on a streak: a win counts double" : ""}.`), h("p", { class: "buttons" }, pause));
    } else if (you || (kept && kept.arena === arena.id && !kept.playing)) {
      replace(mine, h("p", {}, "You are paused: you stay on the standings, and are not paired until you join again."), h("p", { class: "buttons" }, again));
    } else {
      const form = h(
        "form",
        { id: "join-form", class: "choices" },
        h("p", {}, h("label", { for: "arena-player-name" }, "Your name "), name),
        arena.private ? h("p", {}, h("label", { for: "join-code" }, "Join code "), code) : null,
        h("p", { class: "buttons" }, join),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        start(name.value.trim(), arena.private ? code.value.trim() : null);
      });
      replace(mine, arena.status === "upcoming" ? h("p", { class: "meta" }, "Join now: you are paired as soon as it starts.") : null, form);
    }
    replace(podiumBox, finished ? podium(arena.top) : null);
    const game = arena.featured;
    replace(
      featured,
      game && !finished
        ? h("p", { id: "featured-game" }, h("strong", {}, "Featured: "), `${game.players.yellow} vs ${game.players.blue} `, h("a", { href: `/r/${game.code}`, id: "watch-featured" }, "Watch"))
        : null,
    );
    replace(table, standingsTable(arena.top, you?.key ?? myKey, finished ? "Final standings" : "Standings"));
  };

  /** @type {ArenaLink | null} */
  let link = null;
  // Told once: as news while in it, or as the answer to joining it again.
  const over = () => {
    refreshWhole();
    if (kept) arenaPlay.set({ ...kept, playing: false, code: null });
    kept = arenaPlay.get();
    say("The arena is over.");
    announce("The arena is over.");
  };
  /** @param {import("./arena-link.js").ArenaEvent} event */
  const heard = (event) => {
    const after = keptAfter(kept, event);
    if (after && after !== kept) {
      arenaPlay.set(after);
      kept = arenaPlay.get();
    }
    switch (event.kind) {
      case "joined":
        arena = { ...arena, ...event.arena };
        error.textContent = "";
        if (arena.status === "finished") over();
        else if (event.you) {
          you = event.you;
          say(arena.status === "upcoming" ? "You are in: you will be paired as soon as the arena starts." : "You are in: waiting for an opponent…");
        }
        break;
      case "update":
        arena = { ...arena, ...event.arena };
        if (arena.status === "finished") over();
        break;
      case "paired":
        say(`Paired with ${event.message.opponent}: going to the game…`);
        announce(`Paired with ${event.message.opponent}.`);
        break;
      case "seated":
        link?.close();
        location.assign(`/r/${event.code}`);
        return;
      case "paused":
        say(`Not paired: ${event.reason}.`);
        break;
      case "refused":
        if (event.code === "unknown_arena") {
          // Over as the page came back: the whole standings say how.
          refreshWhole();
          break;
        }
        // Still playing: joined again after the next game, or reconnect.
        error.textContent = `Not joined: ${event.reason}.`;
        break;
      case "link":
        if (event.status === "reconnecting") say("Connection lost: reconnecting…");
        else if (event.status === "connected") say("");
        break;
    }
    draw();
  };

  /** The whole standings, once the arena is over. */
  const refreshWhole = async () => {
    try {
      const response = await fetch(`/api/arenas/${encodeURIComponent(arena.id)}`, { cache: "no-store" });
      if (!response.ok) return;
      const whole = await response.json();
      arena = { ...arena, ...whole, top: whole.standings, featured: null };
      draw();
    } catch {
      // The live top stays shown.
    }
  };

  /** Joins as `player`. @param {string} player @param {string | null} joinCode */
  const start = (player, joinCode) => {
    if (!player) {
      error.textContent = "Your name, first.";
      name.focus();
      return;
    }
    names.propose(player);
    arenaPlay.set({ arena: arena.id, name: player, joinCode, playing: true, code: null });
    kept = arenaPlay.get();
    link?.close();
    link = new ArenaLink(arena.id, player, { joinCode }, heard);
  };

  pause.addEventListener("click", () => {
    link?.pause();
    if (kept) arenaPlay.set({ ...kept, playing: false });
    kept = arenaPlay.get();
    draw();
  });
  again.addEventListener("click", () => {
    const player = kept?.name || names.get() || name.value.trim();
    start(player, kept?.joinCode ?? null);
  });

  replace(
    root,
    h(
      "section",
      { class: "arena" },
      title,
      kind,
      status,
      notice,
      error,
      mine,
      podiumBox,
      featured,
      table,
      h("p", { class: "page-links" }, h("a", { href: "/arenas" }, "All arenas"), " · ", h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
  draw();
  // Back from a game of this arena (or a reload while playing): join again.
  if (arena.status === "finished") {
    if (kept?.arena === arena.id) arenaPlay.forget();
  } else if (playing() && kept) link = new ArenaLink(arena.id, kept.name, { joinCode: kept.joinCode }, heard);
  else if (arena.status !== "finished") link = new ArenaLink(arena.id, names.get() || "spectator", null, heard);
  window.setInterval(() => {
    status.textContent = statusWords(arena, Date.now());
  }, TICK_MS);
}

/** @param {number} rank */
function ordinal(rank) {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][rank % 10] ?? "th";
  return `${rank}${suffix}`;
}
