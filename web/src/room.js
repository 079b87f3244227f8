// A room at /r/CODE: the game as a player (holding the seat's token, or
// taking the free seat) or a spectator sees it. The server decides every
// rule: what a column offers comes from the round's `choices`, the odds
// from the engine's table (`/api/odds`), the reveal's beats from the
// engine, an illegal move is explained with the server's words. This file
// enters the room, lays the page out and routes keys and taps; the parts
// are drawn by their own modules (board, assign, log, chat, cues, help).

import { askAnalysis } from "./analysis.js";
import { assignPanel, cycleTarget, deciding, place } from "./assign.js";
import { board, families, tumblingFace } from "./board.js";
import { chatPanel, followsSpectators } from "./chat.js";
import { cueControls, notify, sound, titleFor, wakeSound } from "./cues.js";
import { announce, h, replace } from "./dom.js";
import { clockIcon, die } from "./dominoes.js";
import { legend, walkthrough } from "./help.js";
import { logPanel } from "./log.js";
import { animate, positions } from "./motion.js";
import { Connection, names, seats } from "./net.js";
import { ratingsAfterGame, ratingText } from "./ratings.js";
import { frameAt, frameKey } from "./reveal.js";
import { automatic, checkGame, commit, leaveSignature, openingRefused, sealedMove } from "./seal.js";
import { arenaPlay } from "./arena-link.js";
import { pairing } from "./seek.js";
import { SPECTATOR_NAME, emptyModel, endReveal, endReveals, familyState, gamePlayers, update } from "./state.js";
import {
  COLUMNS,
  SEATS,
  assignmentsWords,
  boostRollingWords,
  boostWords,
  clock,
  landedWords,
  notRatedWords,
  opponent,
  plural,
  resultText,
  rollingWords,
  seatName,
  turnUpWords,
  variantText,
  who,
} from "./words.js";

/** The clocks' tick, and a reveal's (its dice tumble). */
const TICK_MS = 250;
const REVEAL_TICK_MS = 50;

/** @typedef {import("./words.js").Seat} Seat */
/** @typedef {import("./state.js").Model} Model */
/**
 * What the page's parts may ask of it.
 * @typedef {{shown: (key: string) => void, redraw: () => void, send: (message: object) => void, tap: (column: number) => void, less: (column: number) => void, leave: () => void}} Page
 */

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
      notFound(root, `No room has the code ${code}.`);
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
  document.title = `${code ? `Room ${code}` : "A new room"}: a key is needed · Mice Cake`;
  const watchButton = code ? h("button", { type: "button", id: "just-watch" }, "Just watch") : null;
  watchButton?.addEventListener("click", watch, { once: true });
  replace(
    root,
    h(
      "section",
      { class: "key-required" },
      h("h1", {}, code ? `Room ${code} is rated` : "A rated room needs a key"),
      h("p", { class: "error", role: "alert", id: "key-required" }, reason),
      h("p", {}, KEYLESS),
      h("p", { class: "buttons" }, watchButton, " ", h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
  watchButton?.focus();
}

/** Why a browser has no key to play rated games with. */
const KEYLESS =
  "A rating belongs to a player's key, and this browser keeps none here: a key needs WebCrypto, which browsers give only to pages served over HTTPS or from localhost, and IndexedDB, which some private windows lack. You can watch, or play in a casual room.";

/** A page that is not there. @param {HTMLElement} root @param {string} why */
export function notFound(root, why) {
  document.title = "Not found · Mice Cake";
  replace(root, h("section", { class: "not-found" }, h("h1", {}, "Not found"), h("p", { class: "error", role: "alert" }, why), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
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
  const watch = code === "new" ? null : h("button", { type: "button", id: "just-watch" }, "Just watch");
  const form = h(
    "form",
    { class: "ask-name" },
    h("h1", {}, code === "new" ? "A new room" : `Room ${code}`),
    h("p", {}, "To play, choose the name your opponent sees you by. To watch, no name is needed."),
    error ? h("p", { class: "error", role: "alert", id: "name-error" }, error) : null,
    h("p", {}, h("label", { for: "name" }, "Your name "), input),
    h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, "Enter the room"), " ", watch),
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
  model.spectatorChat = followsSpectators();
  const listening = new AbortController();
  /** @type {number | null} */
  let revealTicking = null;
  let shownKey = "";
  let revealShown = false;
  let cuedRound = -1;
  let focusedResult = -1;

  const stop = () => {
    listening.abort();
    window.clearInterval(ticking);
    if (revealTicking !== null) window.clearInterval(revealTicking);
  };
  const redraw = () => {
    draw(root, model, connection, odds, page);
    // A forced move waits for the reveals before it (seal.js): they are over.
    if (revealShown && !model.reveal) automatic(model, connection);
    revealShown = model.reveal !== null;
    afterDraw();
  };
  /** What follows what is shown: cues, focus on a result, the reveal's clock. */
  const afterDraw = () => {
    const room = model.room;
    if (!room) return;
    if (model.reveal && revealTicking === null) revealTicking = window.setInterval(revealTick, REVEAL_TICK_MS);
    if (!model.reveal && revealTicking !== null) {
      window.clearInterval(revealTicking);
      revealTicking = null;
    }
    if (model.reveal) return;
    const round = room.view?.round ?? 0;
    if (!model.replaced && deciding(room) && cuedRound !== round) {
      cuedRound = round;
      sound("move");
      notify("Your move", `Room ${room.code}, round ${round}`, `mice-cake-${room.code}`);
    }
    if (model.resultOpen && room.result && focusedResult !== room.game) {
      focusedResult = room.game;
      document.getElementById("result-title")?.focus();
      notify("Game over", resultText(room.result), `mice-cake-${room.code}`);
    }
  };
  /** The reveal's own clock: the page is drawn again when a beat moves on, and tumbling dice turn in between. */
  const revealTick = () => {
    const reveal = model.reveal;
    if (!reveal) return;
    const now = Date.now();
    const frame = frameAt(reveal, now);
    const key = frameKey(frame);
    if (frame.done) {
      endReveal(model);
      redraw();
      return;
    }
    if (key !== shownKey) {
      if (!frame.tumbling && frame.slot && frame.slot.beat.lands.kind !== "turn_up") sound("dice");
      redraw();
      return;
    }
    root.querySelectorAll(".tumbling .dice").forEach((dice) => {
      dice.querySelectorAll("svg.die").forEach((drawn, index) => {
        const value = tumblingFace(index, now);
        if (drawn.getAttribute("data-value") !== String(value)) drawn.replaceWith(die(value));
      });
    });
  };
  const page = {
    /** @param {string} key */
    shown: (key) => {
      shownKey = key;
    },
    redraw,
    send: (/** @type {object} */ message) => connection.send(message),
    /** Ends the reveals at once (a key or a tap): the room is shown as it is. */
    skip: () => {
      if (!model.reveal) return false;
      endReveals(model);
      return true;
    },
    /** A tap on a column of the board. @param {number} column */
    tap: (column) => {
      place(model, column, 1);
      redraw();
    },
    /** "−" in your lane. @param {number} column */
    less: (column) => {
      place(model, column, -1);
      redraw();
    },
    /** Leaves the room, the leave signed during a game; the page goes once the server says `left`. */
    leave: async () => {
      model.leaving = false;
      model.notice = "Leaving the room…";
      redraw();
      if (!connection.leave(await leaveSignature(model))) {
        stop();
        location.assign("/");
      }
    },
  };

  const entryCode = "code" in entry ? entry.code : "";
  const roomCode = entryCode.toUpperCase();
  /** Leaves the page for another. @param {string} path */
  const go = (path) => {
    stop();
    connection.close();
    location.assign(path);
  };
  /**
   * Runs what an event of the connection calls for (state.js's `update`).
   * Returns whether the page is still this room's.
   * @param {import("./state.js").Effect} effect
   */
  const run = (effect) => {
    switch (effect.kind) {
      case "go":
        go(effect.path);
        return false;
      case "unpaired": {
        const kept = pairing.get();
        if (kept) pairing.set({ ...kept, reason: effect.reason, ended: !effect.requeued });
        go("/play");
        return false;
      }
      case "forget_pairing":
        pairing.forget();
        return true;
      case "back_to_arena":
        // The result a moment (drawn with a link back), then the arena.
        if (effect.after_ms === 0) {
          go(`/a/${effect.arena}`);
          return false;
        }
        window.setTimeout(() => go(`/a/${effect.arena}`), effect.after_ms);
        return true;
      case "keep_name":
        names.set(name);
        return true;
      case "send":
        connection.send(effect.message);
        return true;
      case "check_game":
        checkGame(model, effect.id);
        return true;
      case "watch_instead":
        stop();
        enter(root, name, { kind: "watch", code: entryCode }, odds, "full");
        return false;
      case "ask_name":
        stop();
        if (names.get() === name) names.set("");
        if (names.proposed() === name) names.propose("");
        askName(root, "code" in entry ? entry.code : "new", odds, effect.reason);
        return false;
      case "key_required":
        stop();
        keyRequired(root, entry, effect.reason, () => enter(root, name, { kind: "watch", code: entryCode }, odds, "chosen"));
        return false;
      case "follow_up":
        analyseResult(model);
        automatic(model, connection);
        return true;
    }
  };

  const connection = new Connection(name, entry, (event) => {
    const kept = pairing.get();
    const arenaGame = arenaPlay.get();
    /** @type {import("./state.js").Page} */
    const known = {
      spectator: name === SPECTATOR_NAME,
      entry: entry.kind,
      paired: Boolean(kept && kept.code.toUpperCase() === roomCode),
      arena: arenaGame && arenaGame.code?.toUpperCase() === roomCode ? arenaGame.arena : null,
      openingRefused: event.kind === "message" && openingRefused(model, connection, event.message),
    };
    for (const effect of update(model, event, known)) {
      if (!run(effect)) return;
    }
    redraw();
  });
  document.addEventListener("keydown", (event) => key(event, model, connection, page), { signal: listening.signal });
  // A tap during a reveal ends it, and still does what it was for: a tap
  // on a column puts a mouse there once the move is open.
  document.addEventListener(
    "click",
    (event) => {
      if (!model.reveal) return;
      const target = /** @type {Element} */ (event.target);
      const cell = target.closest?.("table.board [data-column]");
      const column = cell ? COLUMNS.indexOf(cell.getAttribute("data-column") ?? "") : -1;
      page.skip();
      // After the click has reached its own target.
      window.setTimeout(() => {
        if (column >= 0 && deciding(model.room)) place(model, column, 1);
        redraw();
      }, 0);
    },
    { capture: true, signal: listening.signal },
  );
  document.addEventListener("visibilitychange", () => tick(model), { signal: listening.signal });
  wakeSound(redraw, listening.signal);
  const ticking = window.setInterval(() => tick(model), TICK_MS);
  model.redraw = redraw;
  redraw();
}

/**
 * What changes with time alone: the clocks and the title. Only those parts
 * are redrawn, so that what has focus, a half-typed chat line and what a
 * screen reader is reading stay put.
 * @param {Model} model
 */
function tick(model) {
  const room = model.room;
  if (!room) return;
  const shown = model.reveal ? model.reveal.before.room : room;
  const left = model.reveal ? null : clockLeft(model);
  const clockText = document.getElementById("clock-text");
  if (clockText && left !== null) {
    setText(clockText, clock(left));
    document.getElementById("clock")?.classList.toggle("urgent", left < 10_000);
  }
  for (const seat of SEATS) {
    const state = document.getElementById(`state-${seat}`);
    if (state) setText(state, familyState(shown, seat));
  }
  const title = titleFor(shown, !model.reveal && !model.replaced && deciding(room), left);
  if (document.title !== title) document.title = title;
}

/** Sets an element's text only when it changes, so that nothing is re-read. @param {Element} element @param {string} text */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** Time left in the round, if it has a deadline. @param {Model} model */
function clockLeft(model) {
  return model.deadline !== null ? model.deadline - Date.now() : null;
}

/**
 * Keys, as in the terminal client. During a reveal any key ends it and
 * then does what it does: nothing typed is lost.
 * @param {KeyboardEvent} event
 * @param {Model} model
 * @param {Connection} connection
 * @param {{skip: () => boolean, redraw: () => void}} page
 */
function key(event, model, connection, page) {
  const target = /** @type {HTMLElement} */ (event.target);
  const skipped = !["Shift", "Control", "Alt", "Meta", "Tab"].includes(event.key) && page.skip();
  if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) {
    if (skipped) page.redraw();
    return;
  }
  // Enter and Space on a focused button or link are that control's.
  if ((event.key === "Enter" || event.key === " ") && target?.closest?.("button, a, summary")) {
    if (skipped) window.setTimeout(page.redraw, 0);
    return;
  }
  if (model.resultOpen && !skipped && (event.key === "Escape" || event.key === "Enter")) {
    model.resultOpen = false;
    page.redraw();
    return;
  }
  if (model.replaced || !deciding(model.room)) {
    if (skipped) page.redraw();
    return;
  }
  const letter = event.key.toUpperCase();
  let handled = true;
  if (event.key === "ArrowLeft" || event.key === "h") model.column = (model.column + 3) % 4;
  else if (event.key === "ArrowRight" || event.key === "l") model.column = (model.column + 1) % 4;
  else if (COLUMNS.includes(letter) && event.key.length === 1) model.column = COLUMNS.indexOf(letter);
  else if (event.key === "ArrowUp" || event.key === "+" || event.key === "k") place(model, model.column, 1);
  else if (event.key === "ArrowDown" || event.key === "-" || event.key === "j") place(model, model.column, -1);
  else if (event.key === "t") cycleTarget(model);
  else if (event.key === "x") {
    model.mice = [0, 0, 0, 0];
    model.steal = null;
  } else if (event.key === "Enter") commit(model, connection);
  else handled = false;
  if (handled) event.preventDefault();
  if (handled || skipped) page.redraw();
}

/**
 * The words under the title: what the reveal is doing, or what to do.
 * @param {Model} model @param {import("./reveal.js").Frame | null} frame
 */
function caption(model, frame) {
  const reveal = model.reveal;
  if (reveal && frame) {
    const report = reveal.report;
    const slot = frame.slot;
    if (!slot) return assignmentsWords(report);
    const lands = slot.beat.lands;
    if (lands.kind === "turn_up") return turnUpWords(slot.beat.changes);
    if (lands.kind === "boost") return frame.tumbling ? boostRollingWords(report, lands.index) : boostWords(report, lands.index);
    if (frame.tumbling) return rollingWords(report, lands.index);
    const settles = slot.beat.settles;
    if (!settles.includes(lands.index)) return landedWords(report, lands.index, true);
    // A contest settled: say it once, from the winner's side.
    return landedWords(report, settles[settles.length - 1], false);
  }
  const room = model.room;
  if (!model.replaced && deciding(room)) return `Round ${room.view.round}: your move.`;
  return "";
}

/**
 * Draws the whole room as it is shown now (during a reveal: as it was
 * before it, moved on by the beats landed so far).
 * @param {HTMLElement} root
 * @param {Model} model
 * @param {Connection} connection
 * @param {Map<string, any>} odds
 * @param {Page} page
 */
function draw(root, model, connection, odds, page) {
  const status = document.getElementById("connection");
  if (status) {
    status.textContent = { connecting: "connecting…", connected: "", reconnected: "back", reconnecting: "connection lost, reconnecting…", failed: "disconnected" }[model.link] ?? "";
    status.dataset.link = model.link;
  }
  const now = Date.now();
  let frame = model.reveal ? frameAt(model.reveal, now) : null;
  if (frame?.done) {
    // The next reveal waiting, if any, starts now.
    endReveal(model);
    frame = model.reveal ? frameAt(model.reveal, now) : null;
  }
  page.shown(frame ? frameKey(frame) : "");
  if (!model.room) {
    replace(root, h("section", { class: "room" }, h("p", { class: model.link === "failed" ? "error" : "" }, model.notice || "Entering the room…"), model.link === "failed" ? h("p", {}, h("a", { href: "/" }, "Back to the lobby")) : null));
    return;
  }
  const reveal = model.reveal;
  const room = reveal && frame ? { ...reveal.before.room, view: frame.view } : model.room;
  const notice = reveal ? reveal.before.notice : model.notice;
  // A tab whose seat went to another plays no more.
  const yourMove = !reveal && !model.replaced && deciding(model.room);
  const you = room.you;
  const bottom = /** @type {Seat} */ (you ?? "yellow");
  /** @type {import("./board.js").Scene} */
  const scene = {
    room,
    view: room.view,
    bottom,
    changed: frame ? frame.changed : model.changed,
    reveal,
    frame,
    deciding: yourMove,
    mice: model.mice,
    steal: model.steal,
    column: model.column,
    now,
  };
  const stage = room.view && room.game > 0
    ? board(scene, { tap: page.tap, less: page.less })
    : room.status === "playing"
      ? h("p", { class: "dealing" }, "Dealing the cake from the server's committed seed and both players' sealed nonces…")
      : waiting(room);
  const children = [
    h("div", { class: "room-head" }, title(model, room), tools(model, room, page)),
    model.watching === "full" && !you ? h("p", { class: "notice", role: "status", id: "watching" }, "Both seats are taken: you are watching this game.") : null,
    notRatedNotice(room),
    families(scene),
    h(
      "div",
      { class: "play" },
      h(
        "div",
        { class: "stage" },
        h("p", { class: "caption", id: "caption" }, caption(model, frame)),
        stage,
      ),
      h(
        "div",
        { class: "side" },
        model.replaced ? replacedPanel() : null,
        model.resultOpen && room.result && !reveal ? resultPanel(model, connection, page) : null,
        yourMove ? assignPanel(model, odds, { commit: () => (commit(model, connection), page.redraw()), clear: () => ((model.mice = [0, 0, 0, 0]), (model.steal = null), page.redraw()), chose: page.redraw }) : null,
        notice ? h("p", { class: "notice", role: "status" }, notice) : null,
        reveal ? null : sealedMove(model),
        you && room.game <= 1 && room.status !== "finished" ? walkthrough(page.redraw) : null,
        room.view ? legend() : null,
        // Rounds still waiting to be revealed are not listed yet.
        logPanel(reveal ? model.rounds.filter((played) => played.report.round <= reveal.round) : model.rounds, model.past, reveal, frame, now),
      ),
    ),
    chatPanel(model, page.send, page.redraw),
  ];
  const moved = reveal && frame && frame.landed > reveal.drawn ? reveal.slots.slice(reveal.drawn, frame.landed).flatMap((slot) => slot.beat.changes) : [];
  const places = moved.length ? positions(root) : null;
  const focused = document.activeElement?.id;
  const logScroll = root.querySelector(".side .log")?.scrollTop ?? 0;
  const chatLines = root.querySelector(".chat-lines");
  const chatAtEnd = !chatLines || chatLines.scrollTop + chatLines.clientHeight >= chatLines.scrollHeight - 4;
  const chatScroll = chatLines?.scrollTop ?? 0;
  // What a test (or a curious person) can read of the reveal's progress.
  const progress = frame ? { "data-landed": frame.landed, "data-beats": reveal?.slots.length ?? 0, "data-reveal-round": reveal?.round ?? 0 } : {};
  replace(root, h("section", { class: "room", "data-status": room.status, "data-revealing": reveal ? "true" : "false", ...progress }, ...children));
  if (reveal && frame) {
    if (places) animate(root, places, moved);
    reveal.drawn = frame.landed;
  }
  // What was being read stays in view: the rounds where they were, the
  // chat at its newest line unless scrolled back.
  const log = root.querySelector(".side .log");
  if (log) log.scrollTop = logScroll;
  const chat = root.querySelector(".chat-lines");
  if (chat) chat.scrollTop = chatAtEnd ? chat.scrollHeight : chatScroll;
  let again = focused ? document.getElementById(focused) : null;
  // A button that is disabled now (the last "+") hands focus to Commit.
  if (again instanceof HTMLButtonElement && again.disabled) again = document.getElementById("commit");
  again?.focus({ preventScroll: true });
  if (again instanceof HTMLInputElement && again.type === "text") again.setSelectionRange(again.value.length, again.value.length);
  tick(model);
}

/** @param {Model} model @param {any} room the room shown */
function title(model, room) {
  const left = model.reveal ? null : clockLeft(model);
  return h(
    "header",
    { class: "room-title" },
    h("h1", {}, `Room ${room.code}`),
    h("span", { class: "meta" }, room.game > 0 ? `game ${room.game}, round ${room.view?.round ?? 0}` : "waiting", " · ", variantText(room.options), " · ", plural(room.spectators, "spectator", "spectators")),
    left !== null && room.status === "playing"
      ? h("span", { id: "clock", class: left < 10_000 ? "clock urgent" : "clock", role: "timer", "aria-label": "time left in the round" }, clockIcon(), h("span", { id: "clock-text" }, clock(left)))
      : null,
  );
}

/**
 * The room's switches: the invitation link, sound, notifications, leaving
 * (on a phone, below the game: the screen is the board's).
 * @param {Model} model @param {any} room the room shown @param {Page} page
 */
function tools(model, room, page) {
  const copy = h("button", { type: "button", class: "copy small", id: "copy-link" }, "Copy the invitation link");
  copy.addEventListener("click", async () => {
    const link = `${location.origin}/r/${room.code}`;
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Link copied";
    } catch {
      copy.textContent = link;
    }
  });
  return h("div", { class: "room-tools" }, room.you ? cueControls(page.redraw) : null, copy, leaveControl(model, page));
}

/**
 * Leaving, for a player: at once outside a game; during one, asked first,
 * with what it costs (a forfeit, or, before both players had a move, the
 * game aborted).
 * @param {Model} model @param {Page} page
 */
function leaveControl(model, page) {
  const room = model.room;
  if (!room.you || model.replaced) return null;
  if (!model.leaving) {
    const leave = h("button", { type: "button", class: "small", id: "leave" }, "Leave the room");
    leave.addEventListener("click", () => {
      if (room.status !== "playing") return page.leave();
      model.leaving = true;
      page.redraw();
      document.getElementById("stay")?.focus();
    });
    return leave;
  }
  // A game is rated, and a leave forfeits it, from its first round revealed on.
  const cost = model.rounds.length
    ? `You forfeit this game: ${seatName(opponent(room.you))} wins.`
    : "Nobody has had a move yet: the game is aborted, nobody wins, and it is not rated.";
  const leave = h("button", { type: "button", class: "small", id: "leave-now" }, "Leave");
  const stay = h("button", { type: "button", class: "small primary", id: "stay" }, "Stay");
  leave.addEventListener("click", page.leave);
  stay.addEventListener("click", () => {
    model.leaving = false;
    page.redraw();
    document.getElementById("leave")?.focus();
  });
  return h("div", { class: "leave-confirm", role: "group", "aria-labelledby": "leave-question" }, h("p", { id: "leave-question" }, `Leave the room? ${cost}`), leave, stay);
}

/**
 * Why a rated room's game is not rated, told as it starts (and again from
 * the state after a reload) so that nobody plays it for a rating it will
 * not change.
 * @param {any} room
 */
function notRatedNotice(room) {
  if (!room.options?.rated || !room.not_rated || room.game === 0) return null;
  return h("p", { class: "notice", id: "not-rated" }, `This game is not rated: ${notRatedWords(room.not_rated)}.`);
}

/** @param {any} room */
function waiting(room) {
  const link = `${location.origin}/r/${room.code}`;
  return h(
    "div",
    { class: "waiting" },
    h("p", { class: "big-code" }, room.code),
    h("p", {}, room.you ? "Waiting for an opponent. Send them this link:" : "Waiting for two players; the game starts when both are in."),
    room.you ? h("p", {}, h("a", { href: link }, link)) : null,
  );
}

/** This tab gave its seat to another: it says so and stops. */
function replacedPanel() {
  const back = h("button", { type: "button", class: "primary", id: "take-back" }, "Play here instead");
  back.addEventListener("click", () => location.reload());
  return h(
    "section",
    { class: "replaced", role: "alert" },
    h("h2", {}, "Your seat was taken by another tab or connection"),
    h("p", {}, "This room was opened with your seat in another tab, window or device. One seat is played from one place at a time: the newer one has it. This page has stopped: no move and no chat from here."),
    h("p", {}, back),
  );
}

/**
 * @param {Model} model
 * @param {Connection} connection
 * @param {{redraw: () => void}} page
 */
function resultPanel(model, connection, page) {
  const room = model.room;
  const id = recordId(model);
  const close = h("button", { type: "button", id: "close-result" }, "Close");
  close.addEventListener("click", () => {
    model.resultOpen = false;
    page.redraw();
  });
  // An arena pairs its players again: no rematch, and the page goes back.
  const arena = model.arenaReturn;
  const rematch = room.you && room.players[opponent(room.you)] && !arena
    ? h("button", { type: "button", class: "primary", id: "rematch", disabled: room.rematch[room.you] }, room.rematch[room.you] ? "Rematch asked" : "Rematch")
    : null;
  const backToArena = arena
    ? h("p", { id: "arena-return", class: "notice" }, "Back to the arena in a few seconds, to be paired again. ", h("a", { href: `/a/${arena}` }, "Go now"))
    : null;
  rematch?.addEventListener("click", () => connection.send({ type: "rematch" }));
  let verdict = "";
  if (room.you && room.result.winner) verdict = room.result.winner === room.you ? "You win!" : "You lose.";
  const left = room.you && !room.players[opponent(room.you)] ? h("p", { class: "notice" }, "Your opponent left the room: another player who joins starts the next game.") : null;
  return h(
    "section",
    { class: "result", role: "dialog", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title", tabindex: -1 }, `Game ${room.game} over`),
    h("p", {}, resultText(room.result)),
    verdict ? h("p", { class: "verdict" }, verdict) : null,
    ratingsLine(model),
    room.options?.rated && room.result.ending.kind === "abandoned" ? h("p", { id: "not-rated-result" }, `Not rated: ${notRatedWords("abandoned")}.`) : null,
    model.fairness ? h("p", { id: "fairness", class: model.fairness.startsWith("✓") ? "fair" : model.fairness.startsWith("NOT") ? "error" : "" }, model.fairness) : null,
    accuracyLine(model, id),
    // A game never dealt has no cake to replay: its page tells its deal.
    id ? h("p", {}, h("a", { href: `/g/${id}`, id: "replay-link" }, room.view ? "Replay this game" : "How this game ended")) : null,
    arena ? null : left,
    backToArena,
    h("p", { class: "buttons" }, rematch, " ", close),
  );
}

/**
 * The players' ratings at the end of a rated room's game, with what the
 * game changed once it is rated: "Ann (Yellow) 1662? (+162)".
 * @param {Model} model
 */
function ratingsLine(model) {
  const room = model.room;
  if (!room.options?.rated) return null;
  const before = model.ratedBefore?.game === room.game ? model.ratedBefore : null;
  // Both players', the one who left included.
  const players = gamePlayers(model);
  const ratings = ratingsAfterGame(players, before);
  if (!ratings.length) return null;
  const parts = ratings.map(({ seat, rating, change }) => `${who({ players }, seat)} ${ratingText(rating)}${change ? ` (${change})` : ""}`);
  return h("p", { id: "ratings-after" }, `Ratings: ${parts.join(" · ")}`);
}

/**
 * The record id of the room's latest game: null when the server kept
 * nothing of it (a game never dealt, on a server that keeps no deal).
 * @param {Model} model
 * @returns {string | null}
 */
function recordId(model) {
  const room = model.room;
  return model.unrecorded === room.game ? null : (room.game_ids[room.game_ids.length - 1] ?? null);
}

/**
 * Asks the server for the analysis of the game just finished — as it
 * ends, or when the page comes back to a finished room — once per game:
 * the result then says each player's accuracy. The server keeps what it
 * made (and analyses every rated game anyway), so the replay's analysis
 * is at hand afterwards. Called after every message; the model keeps
 * what was asked, so that neither a message nor a redraw asks again.
 * @param {Model} model
 */
function analyseResult(model) {
  const room = model.room;
  if (room?.status !== "finished" || !room.result) return;
  const id = recordId(model);
  // A game never dealt has no cake to analyse, an aborted one no move.
  if (!id || !room.view || room.result.ending?.kind === "aborted" || model.analysis?.id === id) return;
  /** @type {import("./state.js").ResultAnalysis} */
  const asked = { id, asked: { kind: "working" } };
  model.analysis = asked;
  askAnalysis(id).then((answer) => {
    asked.asked = answer;
    // Another game's since: nothing to tell of this one.
    if (model.analysis !== asked) return;
    // Held, like the result, while the last reveal plays.
    const said = accuracyWords(model, answer);
    announce(said.endsWith(".") ? said : `${said}.`);
    model.redraw();
  });
}

/**
 * What the result says of the players' accuracy as the analysis stands:
 * "Accuracy (rounds without a mistake): Ann (Yellow, you) 92 %, Bob
 * (Blue) 85 % — each round in the replay", or why there is none yet.
 * @param {Model} model @param {import("./analysis.js").Asked} asked
 */
function accuracyWords(model, asked) {
  if (asked.kind === "failed") {
    // Busy (503): no fault, only later.
    return asked.status === 503 ? "The server is busy analysing other games: the replay's analysis can be asked for later" : asked.message;
  }
  if (asked.kind !== "done") return "Analysing the game for each player's accuracy…";
  const players = gamePlayers(model);
  const you = model.room.you;
  const each = SEATS.map((seat) => {
    const name = players[seat]?.name;
    const yours = seat === you;
    // Named as everywhere in the result ("Ann (Yellow)"), the viewer's own seat marked.
    const label = name ? `${name} (${seatName(seat)}${yours ? ", you" : ""})` : `${seatName(seat)}${yours ? " (you)" : ""}`;
    const summary = asked.analysis.players[seat];
    return summary.choices === 0 ? `${label} had no choice` : `${label} ${Math.round(summary.accuracy)} %`;
  });
  return `Accuracy (rounds without a mistake): ${each.join(", ")} — each round in the replay`;
}

/**
 * The result's line on accuracy, for game record `id`, once asked.
 * @param {Model} model @param {string | null} id
 */
function accuracyLine(model, id) {
  const analysis = model.analysis;
  if (!id || analysis?.id !== id) return null;
  const asked = analysis.asked;
  const busy = asked.kind === "failed" && asked.status === 503;
  const kind = asked.kind === "done" ? "" : asked.kind === "failed" && !busy ? "error" : "meta";
  return h("p", { id: "result-accuracy", class: kind || undefined, "data-state": busy ? "busy" : asked.kind }, accuracyWords(model, asked));
}
