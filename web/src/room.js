// A room at /r/CODE: the game as a player (holding the seat's token, or
// taking the free seat) or a spectator sees it. The server decides every
// rule: what a column offers comes from the round's `choices`, the odds
// from the engine's table (`/api/odds`), the reveal's beats from the
// engine, an illegal move is explained with the server's words. This file
// is the page's controller: it asks for a name or enters, and runs the
// one loop every event goes through — `dispatch(event)`, state.js's pure
// `update`, its effects carried out (room-effects.js), then the page drawn
// (room-draw.js). The events come from the connection (net.js), the page
// (room-keys.js), the controls drawn, the timers and the effects' answers.

import { t } from "./catalogue.js";
import { stopWatchingChallenges, watchChallenges } from "./challenge-banner.js";
import { h, replace } from "./dom.js";
import { SPECTATOR_NAME } from "./messages.js";
import { Connection } from "./net.js";
import { notFound } from "./pages.js";
import { drawClocks, drawRoom, tumble } from "./room-draw.js";
import { pairedHere, perform } from "./room-effects.js";
import { listen } from "./room-keys.js";
import { emptyModel, update } from "./state.js";
import { names, sealing, seats, soundSwitch, spectatorChat, walkthroughDismissed } from "./stored.js";

/** @typedef {import("./state.js").RoomEvent} RoomEvent */
/** @typedef {import("./state.js").Effect} Effect */

/**
 * Shows the room `code` ("new": the one being created) in `root`.
 * @param {HTMLElement} root
 * @param {string} code
 */
export async function showRoom(root, code) {
  const odds = await oddsTable();
  const held = code === "new" ? null : seats.get(code);
  let watching = /** @type {"" | "full"} */ ("");
  if (code !== "new" && !held) {
    // Before asking anything: is there such a room, and a seat in it?
    const summary = await roomSummary(code);
    if (summary === null) {
      notFound(root, t("room-not-found", { code }));
      return;
    }
    if (summary?.players.yellow && summary?.players.blue) watching = "full";
  }
  const name = names.get() || names.proposed();
  if (watching) {
    enter(root, name || SPECTATOR_NAME, { kind: "watch", code }, odds, "full");
    return;
  }
  if (!held && !name) {
    askName(root, code, odds, "");
    return;
  }
  /** @type {import("./net.js").Entry} */
  let entry;
  if (code === "new") {
    const options = JSON.parse(sessionStorage.getItem("mice-cake:create") ?? "null");
    if (!options) {
      location.replace("/");
      return;
    }
    entry = { kind: "create", options };
  } else if (held) {
    entry = { kind: "resume", code, token: held.token };
  } else {
    entry = { kind: "join", code };
  }
  enter(root, held?.name ?? name, entry, odds, "");
}

/**
 * A room's summary from `/api/rooms/CODE`: null when there is no such
 * room, undefined when the server could not say.
 * @param {string} code
 */
async function roomSummary(code) {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(code)}`, { cache: "no-store" });
    if (response.status === 404) return null;
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A seat of a rated room refused for want of a key: the server's words,
 * why this browser has none, and watching instead.
 * @param {HTMLElement} root @param {import("./net.js").Entry} entry @param {string} reason @param {() => void} watch
 */
function keyRequired(root, entry, reason, watch) {
  const code = "code" in entry ? entry.code : null;
  document.title = code ? t("room-key-needed-title", { code }) : t("room-new-key-needed-title");
  const watchButton = code ? h("button", { type: "button", id: "just-watch" }, t("room-just-watch")) : null;
  watchButton?.addEventListener("click", watch, { once: true });
  replace(
    root,
    h(
      "section",
      { class: "key-required" },
      h("h1", {}, code ? t("room-rated-heading", { code }) : t("room-new-rated-heading")),
      h("p", { class: "error", role: "alert", id: "key-required" }, reason),
      h("p", {}, t("room-keyless")),
      h("p", { class: "buttons" }, watchButton, " ", h("a", { href: "/" }, t("back-to-lobby"))),
    ),
  );
  watchButton?.focus();
}


/**
 * The engine's odds for every piece and number of mice, by piece.
 * @returns {Promise<Map<string, any>>}
 */
async function oddsTable() {
  try {
    const table = await (await fetch("/api/odds")).json();
    return new Map(table.pieces.map((/** @type {any} */ entry) => [entry.piece, entry]));
  } catch {
    return new Map();
  }
}

/**
 * Asks the name to play under (the server checks it: it is kept only once
 * taken), or to just watch.
 * @param {HTMLElement} root @param {string} code @param {Map<string, any>} odds @param {string} error
 */
function askName(root, code, odds, error) {
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "name", maxlength: 32, required: true, autocomplete: "nickname", "aria-describedby": error ? "name-error" : undefined }));
  const watch = code === "new" ? null : h("button", { type: "button", id: "just-watch" }, t("room-just-watch"));
  const form = h(
    "form",
    { class: "ask-name" },
    h("h1", {}, code === "new" ? t("room-new-heading") : t("room-heading", { code })),
    h("p", {}, t("room-ask-name")),
    error ? h("p", { class: "error", role: "alert", id: "name-error" }, error) : null,
    h("p", {}, h("label", { for: "name" }, t("room-your-name"), " "), input),
    h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, t("room-enter")), " ", watch),
  );
  watch?.addEventListener("click", () => enter(root, SPECTATOR_NAME, { kind: "watch", code }, odds, "chosen"), { once: true });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    const held = seats.get(code);
    /** @type {import("./net.js").Entry} */
    let entry = held ? { kind: "resume", code, token: held.token } : { kind: "join", code };
    if (code === "new") {
      const options = JSON.parse(sessionStorage.getItem("mice-cake:create") ?? "null");
      if (!options) return location.replace("/");
      entry = { kind: "create", options };
    }
    enter(root, name, entry, odds, "");
  });
  replace(root, form);
  input.focus();
}


/**
 * Enters a room and keeps the page drawn from what the server says; a
 * full room is watched instead, a refused name asked again.
 * @param {HTMLElement} root
 * @param {string} name
 * @param {import("./net.js").Entry} entry
 * @param {Map<string, any>} odds
 * @param {"" | "full" | "chosen"} watching why this page watches
 */
function enter(root, name, entry, odds, watching) {
  const model = emptyModel();
  model.watching = watching;
  const listening = new AbortController();
  const entryCode = "code" in entry ? entry.code : "";
  /** @type {import("./room-effects.js").Shell} */
  const shell = {
    name,
    connection: null,
    dispatch: (event) => dispatch(event),
    timers: new Map(),
    go: (path) => {
      shell.stop();
      shell.connection?.close();
      location.assign(path);
    },
    stop: () => {
      listening.abort();
      for (const timer of shell.timers.values()) window.clearInterval(timer);
      shell.timers.clear();
    },
    watchInstead: () => enter(root, name, { kind: "watch", code: entryCode }, odds, "full"),
    askName: (reason) => {
      if (names.get() === name) names.set("");
      if (names.proposed() === name) names.propose("");
      askName(root, entryCode || "new", odds, reason);
    },
    keyRequired: (reason) => keyRequired(root, entry, reason, () => enter(root, name, { kind: "watch", code: entryCode }, odds, "chosen")),
  };
  const dispatch = loop(root, model, odds, shell, { spectator: name === SPECTATOR_NAME, entry: entry.kind, code: entryCode.toUpperCase() });
  // What this browser keeps, read once: the storage's answers.
  dispatch({
    kind: "start",
    code: entryCode,
    sealing: entryCode ? sealing.get(entryCode) : null,
    spectatorChat: spectatorChat.get(),
    sound: soundSwitch.get(),
    walkthroughDone: walkthroughDismissed.get(),
  });
  listen(dispatch, () => model.reveal !== null, listening.signal);
  shell.connection = new Connection(name, entry, dispatch);
}

/**
 * The page's one loop: each event, in the order they come (one that comes
 * while another is handled waits its turn), goes through `update`; its
 * effects are carried out, the page is drawn as `update` says, and then
 * the focus is moved where asked. An effect that leaves the page ends it.
 * @param {HTMLElement} root @param {import("./state.js").Model} model @param {Map<string, any>} odds
 * @param {import("./room-effects.js").Shell} shell
 * @param {{spectator: boolean, entry: string, code: string}} known
 * @returns {(event: RoomEvent, cause?: Event) => void}
 */
function loop(root, model, odds, shell, known) {
  /** @type {{event: RoomEvent, cause?: Event}[]} */
  const queue = [];
  let running = false;
  let ended = false;
  // words-check: a media query
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  /** @param {RoomEvent} event @param {Event} [cause] */
  const dispatch = (event, cause) => {
    queue.push({ event, cause });
    if (running) return;
    running = true;
    try {
      while (queue.length && !ended) {
        const next = /** @type {{event: RoomEvent, cause?: Event}} */ (queue.shift());
        const now = Date.now();
        /** @type {import("./state.js").Page} */
        const page = { ...known, ...pairedHere(known.code), now, up: Boolean(shell.connection?.up), visible: document.visibilityState === "visible", still: still.matches, path: location.pathname };
        const { effects, draw } = update(model, next.event, page);
        ended = !effects.every((effect) => effect.kind === "focus" || perform(effect, shell, next.cause));
        if (ended) break;
        if (draw === "page") drawRoom(root, model, odds, dispatch, now);
        else if (draw === "clocks") drawClocks(model, now);
        else if (draw === "dice") tumble(root, now);
        for (const effect of effects) if (effect.kind === "focus") document.getElementById(effect.id)?.focus();
      }
    } finally {
      running = false;
    }
    if (!ended) challengesWhileWaiting(model, known.code);
    else stopWatchingChallenges();
  };
  return dispatch;
}

/** How long a room waits for its second player before its page watches this browser's challenges. */
const WATCH_AFTER_MS = 2_000;
/** @type {number | null} */
let watchSoon = null;

/**
 * A player alone in a room of their own, waiting for an opponent, hears of
 * their challenges (challenge-banner.js) — after a moment, not in a
 * pairing's or an arena's room (whose opponent is on the way), and no more
 * once the game begins.
 * @param {import("./state.js").Model} model @param {string} code
 */
function challengesWhileWaiting(model, code) {
  const alone = () => {
    const paired = pairedHere(String(model.room?.code ?? code).toUpperCase());
    return model.room?.status === "waiting" && Boolean(model.room?.you) && !paired.paired && !paired.arena;
  };
  if (!alone()) {
    if (watchSoon !== null) window.clearTimeout(watchSoon);
    watchSoon = null;
    stopWatchingChallenges();
    return;
  }
  watchSoon ??= window.setTimeout(() => {
    if (alone()) watchChallenges();
  }, WATCH_AFTER_MS);
}
