// A room at /r/CODE: the game as a player (holding the seat's token, or
// taking the free seat) or a spectator sees it. The server decides every
// rule: what a column offers comes from the round's `choices`, the odds
// from the engine's table (`/api/odds`), an illegal move is explained
// with the server's words. Every move is sealed, then opened, by the page
// itself (fair.js); a finished game is checked.

import { announce, h, replace } from "./dom.js";
import { back, domino } from "./dominoes.js";
import { NOTHING, checkAgainstWhatWasSeen, freshNonce, sealOf, sealing } from "./fair.js";
import { Connection, names, seats } from "./net.js";
import {
  COLUMNS,
  SEATS,
  assignmentText,
  attemptOutcome,
  attemptTarget,
  clock,
  face,
  opponent,
  pips,
  plural,
  resultText,
  seatMark,
  seatName,
  variantText,
} from "./words.js";

/** One roll's share of the reveal, and the pause before the first. */
const ROLL_MS = 220;
const REVEAL_START_MS = 250;
/** The name a watcher who gave none is known by in the spectators' chat. */
const SPECTATOR_NAME = "spectator";

/** @typedef {import("./words.js").Seat} Seat */

/**
 * Everything the page shows, from the server's messages.
 * @typedef {{
 *   room: any | null,
 *   rounds: any[],
 *   past: {game: number, players: any, result: any, gameId: string | null, rounds: any[]}[],
 *   chat: any[],
 *   chatDraft: string,
 *   deadline: number | null,
 *   mice: number[],
 *   steal: string | null,
 *   column: number,
 *   notice: string,
 *   reveal: {round: number, start: number, rolls: number} | null,
 *   changed: Set<string>,
 *   resultOpen: boolean,
 *   link: string,
 *   fairness: string,
 *   commitment: string,
 *   unrecorded: number,
 *   redraw: () => void,
 * }} Model
 */

/**
 * Shows the room `code` ("new": the one being created) in `root`.
 * @param {HTMLElement} root
 * @param {string} code
 */
export async function showRoom(root, code) {
  const name = names.get();
  const odds = await oddsTable();

  const held = code === "new" ? null : seats.get(code);
  if (!held && !name) {
    askName(root, code);
    return;
  }
  /** @type {import("./net.js").Entry} */
  let entry;
  if (code === "new") {
    const options = JSON.parse(sessionStorage.getItem("mice-cake:create") ?? "{}");
    sessionStorage.removeItem("mice-cake:create");
    entry = { kind: "create", options };
  } else if (held) {
    entry = { kind: "resume", code, token: held.token };
  } else {
    entry = { kind: "join", code };
  }
  enter(root, held?.name ?? name, entry, odds);
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
 * Enters a room and keeps the page drawn from what the server says; a
 * full room is watched instead.
 * @param {HTMLElement} root
 * @param {string} name
 * @param {import("./net.js").Entry} entry
 * @param {Map<string, any>} odds
 */
function enter(root, name, entry, odds) {
  const model = emptyModel();
  const listening = new AbortController();
  const connection = new Connection(name, entry, (event) => {
    if (event.kind === "message") {
      received(model, event.message, connection);
      automatic(model, connection);
    }
    else if (event.kind === "status") model.link = event.status;
    else if (event.kind === "failed") {
      if (event.code === "room_full" && entry.kind === "join") {
        // Both seats are taken: watch instead.
        listening.abort();
        window.clearInterval(ticking);
        enter(root, name, { kind: "watch", code: entry.code }, odds);
        return;
      }
      model.link = "failed";
      model.notice = event.reason;
    }
    draw(root, model, connection, odds);
  });
  document.addEventListener("keydown", (event) => key(event, model, connection, root, odds), {
    signal: listening.signal,
  });
  const ticking = window.setInterval(() => tick(root, model), 250);
  model.redraw = () => draw(root, model, connection, odds);
  draw(root, model, connection, odds);
}

/** @returns {Model} */
function emptyModel() {
  return {
    room: null,
    rounds: [],
    past: [],
    chat: [],
    chatDraft: "",
    deadline: null,
    mice: [0, 0, 0, 0],
    steal: null,
    column: 0,
    notice: "",
    reveal: null,
    changed: new Set(),
    resultOpen: false,
    link: "connecting",
    fairness: "",
    commitment: "",
    unrecorded: 0,
    redraw: () => {},
  };
}

/**
 * What changes with time alone: the clocks and a reveal's rolls. Only
 * those parts are redrawn, so that what has focus, a half-typed chat line
 * and what a screen reader is reading stay put.
 * @param {HTMLElement} root
 * @param {Model} model
 */
function tick(root, model) {
  const room = model.room;
  if (!room) return;
  const clockElement = document.getElementById("clock");
  if (clockElement) {
    const left = clockLeft(model);
    setText(clockElement, clockText(model, left));
    clockElement.classList.toggle("urgent", left !== null && left < 10_000);
  }
  for (const seat of SEATS) {
    const state = document.getElementById(`state-${seat}`);
    if (state) setText(state, familyState(room, seat));
  }
  const reveal = model.reveal;
  if (reveal) {
    if (revealOver(reveal)) model.reveal = null;
    const played = model.rounds.find((round) => round.report.round === reveal.round);
    const shown = root.querySelector(`.log li.round[data-round="${reveal.round}"]`);
    if (played && shown) shown.replaceWith(revealingRound(model, played, Date.now()));
  }
}

/** Sets an element's text only when it changes, so that nothing is re-read. @param {Element} element @param {string} text */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** @param {{start: number, rolls: number}} reveal */
function revealOver(reveal) {
  return Date.now() - reveal.start > REVEAL_START_MS + reveal.rolls * ROLL_MS;
}

/** Time left in the round, if it has a deadline. @param {Model} model */
function clockLeft(model) {
  return model.deadline !== null ? model.deadline - Date.now() : null;
}

/** @param {Model} model @param {number | null} left */
function clockText(model, left) {
  if (model.link === "reconnecting") return "reconnecting…";
  return left === null ? "" : `⏱ ${clock(left)}`;
}

/** @param {any} room @param {Seat} seat */
function familyState(room, seat) {
  const player = room.players[seat];
  if (!player) return "seat free";
  if (!player.connected) return `disconnected${player.away_until ? `, ${clock(player.away_until - Date.now())} left` : ""}`;
  if (room.status === "playing") return room.committed[seat] ? "committed ✓" : "thinking…";
  return "";
}

/** @param {HTMLElement} root @param {string} code */
function askName(root, code) {
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "name", maxlength: 32, required: true, autocomplete: "nickname" }));
  const watch = code === "new" ? null : h("button", { type: "button", id: "just-watch" }, "Just watch");
  const form = h(
    "form",
    { class: "ask-name" },
    h("h1", {}, `Room ${code}`),
    h("p", {}, "To play, choose the name your opponent sees you by. To watch, no name is needed."),
    h("p", {}, h("label", { for: "name" }, "Your name "), input),
    h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, "Enter the room"), " ", watch),
  );
  watch?.addEventListener("click", async () => {
    if (watch instanceof HTMLButtonElement) watch.disabled = true;
    enter(root, SPECTATOR_NAME, { kind: "watch", code }, await oddsTable());
  }, { once: true });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    names.set(name);
    showRoom(root, code);
  });
  replace(root, form);
  input.focus();
}

/**
 * Applies one server message.
 * @param {Model} model
 * @param {any} message
 * @param {Connection} connection
 */
function received(model, message, connection) {
  switch (message.type) {
    case "joined":
    case "state": {
      const before = model.room;
      model.room = message.state;
      if (message.state.exchange) model.commitment = message.state.exchange.commitment;
      // A whole state (a reconnection, a server restart, which keeps no
      // player's opening): an opening the server does not hold goes again.
      const held = sealing.get(message.state.code);
      const you = message.state.you;
      const exchange = message.state.exchange;
      if (held?.pending && !(you && exchange?.opened[you])) {
        held.pending.sent = false;
        sealing.set(message.state.code, held);
      }
      // A seal sent and lost (with the connection, or with a server killed
      // before it stored it) goes again: the same one, never another.
      if (held?.pending && held.game === message.state.game && you && exchange && !exchange.seals[you] && held.pending.round === exchange.round) {
        held.pending.reseal = true;
        sealing.set(message.state.code, held);
      }
      if (message.type === "joined" && (!before || before.game !== message.state.game)) model.rounds = [];
      model.deadline = message.state.deadline_ms !== null ? Date.now() + message.state.deadline_ms : null;
      if (message.state.you && message.state.exchange?.seals[message.state.you] && message.state.exchange.round > 0) {
        model.notice = "Your move is sealed; waiting for your opponent.";
      }
      if (message.state.code && location.pathname !== `/r/${message.state.code}`) {
        history.replaceState(null, "", `/r/${message.state.code}`);
      }
      model.resultOpen = message.state.status === "finished";
      break;
    }
    case "history":
      if (model.room && message.game === model.room.game) {
        const known = new Set(model.rounds.map((played) => played.report.round));
        model.rounds.push(...message.rounds.filter((/** @type {any} */ played) => !known.has(played.report.round)));
        model.rounds.sort((a, b) => a.report.round - b.report.round);
      }
      break;
    case "event":
      if (model.room && message.seq > model.room.seq) {
        model.room.seq = message.seq;
        applyEvent(model, message.event);
      }
      break;
    case "chat":
      model.chat.push(message);
      if (!model.room?.you || message.seat !== model.room.you) announce(`${message.name} says: ${message.text}`);
      if (model.chat.length > 200) model.chat.shift();
      break;
    case "error":
      model.notice = message.message;
      announce(message.message);
      break;
    case "left":
      connection.close();
      location.assign("/");
      break;
    case "shutting_down":
      model.notice = "The server is restarting; the game will go on when it is back.";
      break;
  }
}

/** @param {Model} model @param {any} event */
function applyEvent(model, event) {
  const room = model.room;
  switch (event.kind) {
    case "player_joined":
      room.players[event.seat] = event.player;
      announce(`${event.player.name} sits down as ${seatName(event.seat)}.`);
      break;
    case "game_started":
      if (model.rounds.length && room.result) {
        model.past.unshift({
          game: room.game,
          players: { yellow: room.players.yellow?.name, blue: room.players.blue?.name },
          result: room.result,
          gameId: model.unrecorded === room.game ? null : (room.game_ids[room.game_ids.length - 1] ?? null),
          rounds: model.rounds,
        });
      }
      room.game = event.game;
      room.players = event.players;
      room.view = null;
      room.exchange = newExchange(event.commitment, 0);
      model.commitment = event.commitment;
      room.committed = { yellow: false, blue: false };
      model.fairness = "";
      room.status = "playing";
      room.result = null;
      room.rematch = { yellow: false, blue: false };
      model.rounds = [];
      model.changed = new Set();
      model.resultOpen = false;
      announce(`Game ${event.game} starts.`);
      break;
    case "dealt":
      room.view = event.view;
      room.exchange = null;
      room.committed = { yellow: false, blue: false };
      break;
    case "round_started":
      room.choices = event.choices;
      room.committed = { yellow: false, blue: false };
      room.exchange = newExchange(model.commitment, event.round);
      if (room.view) room.view.round = event.round;
      model.deadline = event.deadline_ms !== null ? Date.now() + event.deadline_ms : null;
      model.mice = [0, 0, 0, 0];
      model.steal = null;
      if (room.you && event.choices[room.you].mice > 0 && !event.choices[room.you].forced) {
        model.notice = `Your move — round ${event.round}.`;
        announce(`Your move: round ${event.round}.`);
      } else {
        model.notice = "";
      }
      break;
    case "sealed":
      room.committed[event.seat] = true;
      if (room.exchange && room.exchange.round === event.round) {
        room.exchange.seals[event.seat] = event.seal;
        room.exchange.by_server[event.seat] = event.by_server;
      }
      if (event.seat !== room.you && event.round > 0) announce(`${seatName(event.seat)} has committed.`);
      if (event.seat === room.you && event.round > 0) model.notice = "Your move is sealed: secret, even from the server, until both are in.";
      break;
    case "revealed": {
      model.rounds.push({ report: event.report, auto: event.auto, sealed: event.sealed });
      room.exchange = null;
      // The record must hold every round seen revealed.
      const held = sealing.get(room.code);
      if (held && held.game === room.game) {
        held.revealed = Math.max(held.revealed ?? 0, event.report.round);
        sealing.set(room.code, held);
      }
      // A sealed move is revealed now: its note is no longer true.
      if (model.notice.startsWith("Your move is sealed")) model.notice = "";
      room.view = event.view;
      room.last_report = event.report;
      model.changed = changedCells(event.report);
      const rolls = event.report.attempts.length + event.report.boosts.length;
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      model.reveal = still ? null : { round: event.report.round, start: Date.now(), rolls };
      announce(revealWords(event.report));
      break;
    }
    case "connection":
      if (room.players[event.seat]) {
        room.players[event.seat].connected = event.connected;
        room.players[event.seat].grace_ms = event.grace_ms;
        room.players[event.seat].away_until = event.grace_ms ? Date.now() + event.grace_ms : null;
      }
      announce(`${seatName(event.seat)} ${event.connected ? "is back" : "lost the connection"}.`);
      break;
    case "spectators":
      room.spectators = event.count;
      break;
    case "rematch_requested":
      room.rematch[event.seat] = true;
      if (event.seat !== room.you && room.you) model.notice = `${room.players[event.seat]?.name ?? seatName(event.seat)} offers a rematch.`;
      break;
    case "player_left":
      room.players[event.seat] = null;
      room.rematch = { yellow: false, blue: false };
      if (room.status !== "playing") room.status = "waiting";
      break;
    case "game_over":
      room.result = event.result;
      room.status = "finished";
      if (event.game_id) room.game_ids.push(event.game_id);
      // A game that ended before its deal has no record (nor replay).
      model.unrecorded = event.game_id ? 0 : room.game;
      room.committed = { yellow: false, blue: false };
      room.exchange = null;
      if (event.game_id) checkGame(model, event.game_id);
      model.deadline = null;
      model.resultOpen = true;
      announce(`Game over. ${resultText(event.result)}.`);
      break;
  }
}

/** The cells a round changed, as "column/row". @param {any} report */
export function changedCells(report) {
  const cells = new Set();
  for (const attempt of report.attempts) {
    if (["took", "stole", "exchanged"].includes(attempt.result) || attempt.exhausted > 0) {
      cells.add(`${attempt.column}/${attempt.row}`);
    }
  }
  for (const flip of [...report.revealed, ...report.flips]) cells.add(`${flip.column}/${flip.row}`);
  return cells;
}

/** @param {any} report */
function revealWords(report) {
  const { yellow, blue } = report.assignments;
  const taken = report.attempts.filter((/** @type {any} */ attempt) => attempt.result === "took").length;
  return `Round ${report.round} revealed: Yellow ${assignmentText(yellow)}, Blue ${assignmentText(blue)}. ${plural(taken, "piece", "pieces")} taken.`;
}

/** Whether this player has to decide now. @param {Model} model */
function deciding(model) {
  const room = model.room;
  if (!room || !room.you || room.status !== "playing" || !room.choices) return false;
  const choices = room.choices[room.you];
  return choices.mice > 0 && !choices.forced && !room.committed[room.you];
}

/**
 * Keys, as in the terminal client.
 * @param {KeyboardEvent} event
 * @param {Model} model
 * @param {Connection} connection
 * @param {HTMLElement} root
 * @param {Map<string, any>} odds
 */
function key(event, model, connection, root, odds) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  // Enter and Space on a focused button or link are that control's.
  if ((event.key === "Enter" || event.key === " ") && target?.closest?.("button, a")) return;
  if (model.reveal) {
    model.reveal = null;
    draw(root, model, connection, odds);
    return;
  }
  if (model.resultOpen && (event.key === "Escape" || event.key === "Enter")) {
    model.resultOpen = false;
    draw(root, model, connection, odds);
    return;
  }
  if (!deciding(model)) return;
  const letter = event.key.toUpperCase();
  let handled = true;
  if (event.key === "ArrowLeft" || event.key === "h") model.column = (model.column + 3) % 4;
  else if (event.key === "ArrowRight" || event.key === "l") model.column = (model.column + 1) % 4;
  else if (COLUMNS.includes(letter) && event.key.length === 1) model.column = COLUMNS.indexOf(letter);
  else if (event.key === "ArrowUp" || event.key === "+" || event.key === "k") place(model, model.column, 1);
  else if (event.key === "ArrowDown" || event.key === "-" || event.key === "j") place(model, model.column, -1);
  else if (event.key === "t") cycleTarget(model);
  else if (event.key === "x") model.mice = [0, 0, 0, 0];
  else if (event.key === "Enter") commit(model, connection);
  else handled = false;
  if (handled) {
    event.preventDefault();
    draw(root, model, connection, odds);
  }
}

/** @param {Model} model @param {number} column @param {number} change */
function place(model, column, change) {
  const room = model.room;
  const choices = room.choices[room.you];
  const access = choices.columns[column].access;
  const placed = model.mice.reduce((sum, mice) => sum + mice, 0);
  if (change > 0) {
    if (!["piece", "face_down", "steal"].includes(access)) {
      model.notice = access === "nothing_to_steal"
        ? `Column ${COLUMNS[column]} is the double-blank: your opponent has nothing to steal yet.`
        : `Column ${COLUMNS[column]} has no piece left.`;
      return;
    }
    if (placed >= choices.mice) {
      model.notice = `All ${choices.mice} available mice are placed: take one off another column first.`;
      return;
    }
    model.mice[column] += 1;
    if (access === "steal" && !model.steal) model.steal = choices.steal_targets[0] ?? null;
  } else if (model.mice[column] > 0) {
    model.mice[column] -= 1;
    if (model.mice[column] === 0 && access === "steal") model.steal = null;
  }
  model.notice = "";
}

/** @param {Model} model */
function cycleTarget(model) {
  const targets = model.room.choices[model.room.you].steal_targets;
  if (!targets.length) return;
  const index = model.steal ? targets.indexOf(model.steal) : -1;
  model.steal = targets[(index + 1) % targets.length];
}

/** @param {Model} model @param {Connection} connection */
function commit(model, connection) {
  const room = model.room;
  const round = room.view.round;
  const assignment = { mice: [...model.mice], steal: model.steal };
  const held = sealing.get(room.code);
  if (room.exchange?.seals[room.you] || (held?.game === room.game && held?.pending?.round === round)) {
    model.notice = "Your move is sealed already: it is waiting for your opponent's.";
    return;
  }
  const sent = seal(model, connection, round, assignment);
  model.notice = sent
    ? "Sealing…"
    : `Reconnecting… your move is sent as soon as the connection is back, if round ${round} is still open.`;
}

/** An exchange just opened. @param {string} commitment @param {number} round */
function newExchange(commitment, round) {
  return {
    commitment,
    round,
    seals: { yellow: null, blue: null },
    opened: { yellow: false, blue: false },
    by_server: { yellow: false, blue: false },
  };
}

/**
 * What this browser sealed and saw in the room's current game, kept in
 * its storage (a reload must still open the move sealed).
 * @param {Model} model
 * @returns {import("./fair.js").Sealing | null}
 */
function kept(model) {
  const room = model.room;
  if (!room?.exchange) return sealing.get(room?.code ?? "");
  const held = sealing.get(room.code);
  if (held && held.game === room.game) {
    // An honest server never changes a game's commitment: keep the first,
    // and remember that it changed.
    if (held.commitment !== room.exchange.commitment) held.conflict ??= "the server published another commitment during the game";
    return held;
  }
  return { game: room.game, commitment: room.exchange.commitment, seat: room.you, pending: null, own: [], seals: {}, sealed: [], conflict: null };
}

/**
 * Seals `assignment` for `round` with a fresh nonce, keeps the opening and
 * sends the seal; returns whether it went out now.
 * @param {Model} model @param {Connection} connection @param {number} round
 * @param {import("./fair.js").Assignment} assignment
 */
function seal(model, connection, round, assignment) {
  const room = model.room;
  const held = kept(model);
  if (!room?.exchange || !room.you || !held) return false;
  // One seal a round: a second would be refused, and its opening too.
  if (room.exchange.seals[room.you] || held.pending?.round === round) return false;
  const nonce = freshNonce();
  held.sealed = [...(held.sealed ?? []).filter((sealed) => sealed !== round), round];
  held.pending = { round, assignment, nonce, sent: false, reseal: false };
  held.seat = room.you;
  sealing.set(room.code, held);
  return connection.send({ type: "seal", round, seal: sealOf(room.exchange.commitment, round, room.you, assignment, nonce) });
}

/**
 * What the page sends by itself after each message: the deal's nonce, a
 * forced move, the opening of its sealed move once both seals are in. It
 * notes the seals it sees before opening, for the check at the end.
 * @param {Model} model @param {Connection} connection
 */
function automatic(model, connection) {
  const room = model.room;
  const exchange = room?.exchange;
  if (!room || !exchange || room.status !== "playing") return;
  const held = kept(model);
  if (!held) return;
  const both = exchange.seals.yellow && exchange.seals.blue;
  if (both) {
    // The first pair seen is kept: an honest server never changes a seal.
    const first = held.seals[exchange.round];
    if (!first) held.seals[exchange.round] = { yellow: exchange.seals.yellow, blue: exchange.seals.blue };
    else if (first.yellow !== exchange.seals.yellow || first.blue !== exchange.seals.blue) {
      held.conflict ??= `a seal of ${exchange.round === 0 ? "the deal" : `round ${exchange.round}`} changed after it was published`;
    }
  }
  sealing.set(room.code, held);
  const you = room.you;
  if (!you) return;
  const mine = held.pending && held.pending.round === exchange.round ? held.pending : null;
  if (!exchange.seals[you] && mine?.reseal) {
    mine.reseal = false;
    sealing.set(room.code, held);
    connection.send({ type: "seal", round: mine.round, seal: sealOf(exchange.commitment, mine.round, you, mine.assignment, mine.nonce) });
    return;
  }
  if (!exchange.seals[you] && !mine) {
    if (exchange.round === 0) seal(model, connection, 0, NOTHING);
    else if (room.choices?.[you]?.forced) seal(model, connection, exchange.round, room.choices[you].forced);
    return;
  }
  // Only the move whose seal the server published is opened.
  const published = mine && exchange.seals[you] === sealOf(exchange.commitment, exchange.round, you, mine.assignment, mine.nonce);
  if (both && mine && published && !mine.sent && !exchange.opened[you] && !exchange.by_server[you]) {
    const message =
      exchange.round === 0
        ? { type: "open", round: 0, nonce: mine.nonce }
        : { type: "open", round: exchange.round, assignment: mine.assignment, nonce: mine.nonce };
    if (connection.send(message)) {
      mine.sent = true;
      held.own = held.own.filter((move) => move.round !== mine.round);
      held.own.push({ round: mine.round, assignment: mine.assignment, nonce: mine.nonce });
      sealing.set(room.code, held);
    }
  }
}

/** This player's sealed move, shown while it waits for the other. @param {Model} model */
function sealedMove(model) {
  const move = yourMove(model);
  return move ? h("p", { class: "sealed-move", id: "your-move" }, `Your move: ${assignmentText(move)}, sealed.`) : null;
}

/** This player's move sealed this round, once the server has its seal. @param {Model} model */
function yourMove(model) {
  const room = model.room;
  if (!room?.you || !room.exchange?.seals[room.you]) return null;
  const held = sealing.get(room.code);
  const pending = held?.pending;
  return pending && held.game === room.game && pending.round === room.exchange.round ? pending.assignment : null;
}

/**
 * Checks the finished game: the seed against the commitment, the seals
 * seen and this player's own moves here; the deal, the dice and the rules
 * by the server's engine.
 * @param {Model} model @param {string} gameId
 */
async function checkGame(model, gameId) {
  model.fairness = "Checking that the game was fair…";
  const game = model.room?.game;
  const held = sealing.get(model.room?.code ?? "");
  // What this page saw of this game (a page that came in late saw less).
  const seen = held && held.game === game ? held : null;
  try {
    const [finished, verdict] = await Promise.all([
      fetch(`/api/games/${gameId}`).then((response) => response.json()),
      fetch(`/api/games/${gameId}/verify`).then((response) => response.json()),
    ]);
    const record = finished.record;
    const commitment = seen?.commitment ?? model.commitment;
    const problem =
      (commitment && record.fair && record.fair.commitment !== commitment
        ? "the record's commitment is not the one published when the game started"
        : null) ??
      checkAgainstWhatWasSeen(record, seen) ??
      verdict.problem;
    const takenOver = (seen?.sealed ?? []).filter((round) => {
      const exchange = round === 0 ? record.fair?.deal : record.fair?.rounds[round - 1];
      return seen?.seat && exchange?.by_server[seen.seat];
    });
    const note = takenOver.length
      ? ` The server made your move in ${takenOver.map((round) => (round === 0 ? "the deal" : `round ${round}`)).join(", ")} although this page sealed one (too late for the deadline, or dropped).`
      : "";
    model.fairness = problem
      ? `NOT FAIR: ${problem}`
      : verdict.fair
        ? `✓ Verified fair: dice nobody chose, moves nobody saw early.${note}`
        : "Not provably fair: a game from before sealed play.";
  } catch (error) {
    model.fairness = `Could not check the game: ${error}`;
  }
  announce(model.fairness);
  model.redraw();
}

/**
 * Draws the whole room.
 * @param {HTMLElement} root
 * @param {Model} model
 * @param {Connection} connection
 * @param {Map<string, any>} odds
 */
function draw(root, model, connection, odds) {
  const status = document.getElementById("connection");
  if (status) {
    status.textContent = { connecting: "connecting…", connected: "", reconnected: "back", reconnecting: "connection lost, reconnecting…", failed: "disconnected" }[model.link] ?? "";
    status.dataset.link = model.link;
  }
  const room = model.room;
  if (model.reveal && revealOver(model.reveal)) model.reveal = null;
  if (!room) {
    replace(root, h("section", { class: "room" }, h("p", { class: model.link === "failed" ? "error" : "" }, model.notice || "Entering the room…"), model.link === "failed" ? h("p", {}, h("a", { href: "/" }, "Back to the lobby")) : null));
    return;
  }
  const you = room.you;
  const bottom = /** @type {Seat} */ (you ?? "yellow");
  // The board on the left and what to do next on the right (one column on
  // a phone, the result first).
  const children = [
    title(model),
    families(model),
    h(
      "div",
      { class: "play" },
      room.view && room.game > 0
        ? board(model, bottom)
        : room.status === "playing"
          ? h("p", { class: "dealing" }, "Dealing the cake from the server's committed seed and both players' sealed nonces…")
          : waiting(room),
      h(
        "div",
        { class: "side" },
        model.resultOpen && room.result ? resultPanel(model, connection, root, odds) : null,
        deciding(model) ? assignPanel(model, connection, root, odds) : null,
        model.notice ? h("p", { class: "notice", role: "status" }, model.notice) : null,
        sealedMove(model),
        logPanel(model),
      ),
    ),
    chatPanel(model, connection),
  ];
  const focused = document.activeElement?.id;
  const logScroll = root.querySelector(".side .log")?.scrollTop ?? 0;
  const chatLines = root.querySelector(".chat-lines");
  const chatAtEnd = !chatLines || chatLines.scrollTop + chatLines.clientHeight >= chatLines.scrollHeight - 4;
  const chatScroll = chatLines?.scrollTop ?? 0;
  replace(root, h("section", { class: "room", "data-status": room.status }, ...children));
  // What was being read stays in view: the rounds where they were, the
  // chat at its newest line unless scrolled back.
  const log = root.querySelector(".side .log");
  if (log) log.scrollTop = logScroll;
  const chat = root.querySelector(".chat-lines");
  if (chat) chat.scrollTop = chatAtEnd ? chat.scrollHeight : chatScroll;
  let again = focused ? document.getElementById(focused) : null;
  // A button that is disabled now (the last "+") hands focus to Commit.
  if (again instanceof HTMLButtonElement && again.disabled) again = document.getElementById("commit");
  again?.focus();
  if (again instanceof HTMLInputElement) again.setSelectionRange(again.value.length, again.value.length);
}

/** @param {Model} model */
function title(model) {
  const room = model.room;
  const left = clockLeft(model);
  const copy = h("button", { type: "button", class: "copy", id: "copy-link" }, "Copy the invitation link");
  copy.addEventListener("click", async () => {
    const link = `${location.origin}/r/${room.code}`;
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Link copied";
    } catch {
      copy.textContent = link;
    }
  });
  return h(
    "header",
    { class: "room-title" },
    h("h1", {}, `Room ${room.code}`),
    h("span", { class: "meta" }, room.game > 0 ? `game ${room.game}, round ${room.view?.round ?? 0}` : "waiting", " · ", variantText(room.options), " · ", plural(room.spectators, "spectator", "spectators")),
    left !== null && room.status === "playing"
      ? h("span", { id: "clock", class: left < 10_000 ? "clock urgent" : "clock", role: "timer", "aria-label": "time left in the round" }, clockText(model, left))
      : null,
    copy,
  );
}

/** @param {Model} model */
export function families(model) {
  const room = model.room;
  return h(
    "div",
    { class: "families" },
    ...SEATS.map((seat) => {
      const player = room.players[seat];
      const family = room.view?.families?.[seat];
      const stash = family ? family.stash : [];
      return h(
        "section",
        { class: `family ${seat}`, "aria-label": `${seatName(seat)} family` },
        h("h2", {}, h("span", { class: "mark" }, seatMark(seat)), ` ${seatName(seat)} `, h("span", { class: "player-name" }, player ? player.name : "—"), seat === room.you ? " (you)" : ""),
        h("p", { class: "state", id: `state-${seat}` }, familyState(room, seat)),
        family ? h("p", {}, `${plural(family.available, "mouse", "mice")} ready`, family.resting.some((/** @type {number} */ mice) => mice > 0) ? `, ${family.resting.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0)} resting` : "") : null,
        h("p", { class: "stash" }, `${family ? family.score.pips : 0} pips, ${plural(stash.length, "piece", "pieces")}`),
        h("div", { class: "stash-pieces" }, ...stash.map((/** @type {string} */ piece) => h("span", { class: "stash-piece", title: piece }, domino(piece)))),
      );
    }),
  );
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

/** The row nearest to `seat`'s edge with a piece in `column`, or null. */
/** @param {any} view @param {number} column @param {Seat} seat */
function nearestRow(view, column, seat) {
  const rows = seat === "yellow" ? [0, 1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1, 0];
  return rows.find((row) => view.board[row][column] !== null) ?? null;
}

/** @param {Model} model @param {Seat} bottom */
export function board(model, bottom) {
  const room = model.room;
  const view = room.view;
  const rows = bottom === "yellow" ? [6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6];
  const nearest = Object.fromEntries(SEATS.map((seat) => [seat, COLUMNS.map((_, column) => nearestRow(view, column, seat))]));
  const cells = [];
  cells.push(h("div", { class: "corner" }));
  for (const column of COLUMNS) cells.push(h("div", { class: "column-head", role: "columnheader" }, column));
  for (const row of rows) {
    cells.push(h("div", { class: "row-head", role: "rowheader" }, String(row + 1)));
    for (let column = 0; column < 4; column += 1) {
      const cell = view.board[row][column];
      const marks = SEATS.filter((seat) => nearest[seat][column] === row);
      const classes = ["cell", ...marks.map((seat) => `nearest-${seat}`)];
      if (model.changed.has(`${COLUMNS[column]}/${row + 1}`)) classes.push("changed");
      const resting = SEATS.filter((seat) => marks.includes(seat) && view.families[seat].resting[column] > 0);
      const label = cell === null ? "empty" : cell === "hidden" ? "face down" : cell;
      cells.push(
        h(
          "div",
          { class: classes.join(" "), role: "cell", "aria-label": `${COLUMNS[column]}${row + 1}: ${label}${marks.length ? `, nearest for ${marks.map(seatName).join(" and ")}` : ""}` },
          cell === null ? null : cell === "hidden" ? back() : domino(cell),
          ...resting.map((seat) => h("span", { class: `resting ${seat}`, title: `${seatName(seat)}'s resting mice` }, `${seatMark(seat)}z${view.families[seat].resting[column]}`)),
        ),
      );
    }
  }
  return h("div", { class: "board", role: "table", "aria-label": "The cake" }, ...cells);
}

/**
 * @param {Model} model
 * @param {Connection} connection
 * @param {HTMLElement} root
 * @param {Map<string, any>} odds
 */
function assignPanel(model, connection, root, odds) {
  const room = model.room;
  const choices = room.choices[room.you];
  const boost = room.options.game.boost;
  const placed = model.mice.reduce((sum, mice) => sum + mice, 0);
  const redraw = () => draw(root, model, connection, odds);
  const columns = COLUMNS.map((letter, column) => {
    const access = choices.columns[column];
    const mice = model.mice[column];
    let what = "";
    if (access.access === "piece") {
      what = `on ${access.piece}`;
      const chances = mice > 0 ? odds.get(access.piece)?.[boost ? "boost" : "standard"]?.[mice - 1] : null;
      if (chances) what += ` — take ${percent(chances.success, chances.outcomes)}, ${boost ? "boost" : "tire"} ${percent(chances.matched, chances.outcomes)}`;
    } else if (access.access === "face_down") what = "on a face-down piece (blind)";
    else if (access.access === "steal") what = "steal from the other stash";
    else if (access.access === "nothing_to_steal") what = "double-blank: nothing to steal yet";
    else what = "empty";
    const open = ["piece", "face_down", "steal"].includes(access.access);
    const minus = h("button", { type: "button", class: "less", id: `less-${letter}`, "aria-label": `take a mouse off column ${letter}`, disabled: mice === 0 }, "−");
    const plus = h("button", { type: "button", class: "more", id: `more-${letter}`, "aria-label": `put a mouse on column ${letter}`, disabled: !open || placed >= choices.mice }, "+");
    minus.addEventListener("click", () => {
      model.column = column;
      place(model, column, -1);
      redraw();
    });
    plus.addEventListener("click", () => {
      model.column = column;
      place(model, column, 1);
      redraw();
    });
    const steal = access.access === "steal" && mice > 0
      ? h("label", {}, " target ", stealPicker(model, choices.steal_targets, redraw))
      : null;
    return h(
      "li",
      { class: column === model.column ? "chosen" : "", "data-column": letter },
      h("span", { class: "letter" }, letter),
      minus,
      h("span", { class: "count", "aria-label": `${mice} on ${letter}` }, "●".repeat(mice) || "·"),
      plus,
      h("span", { class: "what" }, what),
      steal,
    );
  });
  const commitButton = h("button", { type: "button", class: "primary", id: "commit", disabled: placed !== choices.mice }, "Commit (secret until both are in)");
  commitButton.addEventListener("click", () => {
    commit(model, connection);
    redraw();
  });
  const clear = h("button", { type: "button", id: "clear" }, "Clear");
  clear.addEventListener("click", () => {
    model.mice = [0, 0, 0, 0];
    model.steal = null;
    redraw();
  });
  return h(
    "section",
    { class: "assign", "aria-label": "Your assignment", "data-round": String(room.view.round) },
    h("h2", {}, `Your move: ${placed} of ${choices.mice} mice placed`),
    h("ul", {}, ...columns),
    h("p", { class: "buttons" }, commitButton, " ", clear),
    h("p", { class: "keys" }, "Keys: ←/→ or a–d column, ↑/↓ a mouse, t target, x clear, Enter commit."),
  );
}

/** @param {Model} model @param {string[]} targets @param {() => void} redraw */
function stealPicker(model, targets, redraw) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "steal", "aria-label": "piece to steal" }, ...targets.map((piece) => h("option", { value: piece, selected: piece === model.steal }, `${piece} (${pips(piece)} pips)`))));
  select.addEventListener("change", () => {
    model.steal = select.value;
    redraw();
  });
  return select;
}

/** @param {number} part @param {number} whole */
function percent(part, whole) {
  const value = (100 * part) / whole;
  if (part > 0 && value < 1) return "<1%";
  if (part < whole && value > 99) return ">99%";
  return `${Math.round(value)}%`;
}

/**
 * @param {Model} model
 * @param {Connection} connection
 * @param {HTMLElement} root
 * @param {Map<string, any>} odds
 */
function resultPanel(model, connection, root, odds) {
  const room = model.room;
  const id = model.unrecorded === room.game ? null : room.game_ids[room.game_ids.length - 1];
  const close = h("button", { type: "button", id: "close-result" }, "Close");
  close.addEventListener("click", () => {
    model.resultOpen = false;
    draw(root, model, connection, odds);
  });
  const rematch = room.you && room.players[opponent(room.you)]
    ? h("button", { type: "button", class: "primary", id: "rematch", disabled: room.rematch[room.you] }, room.rematch[room.you] ? "Rematch asked" : "Rematch")
    : null;
  rematch?.addEventListener("click", () => connection.send({ type: "rematch" }));
  let verdict = "";
  if (room.you && room.result.winner) verdict = room.result.winner === room.you ? "You win!" : "You lose.";
  return h(
    "section",
    { class: "result", role: "dialog", "aria-label": `Game ${room.game} over` },
    h("h2", {}, `Game ${room.game} over`),
    h("p", {}, resultText(room.result)),
    verdict ? h("p", { class: "verdict" }, verdict) : null,
    model.fairness ? h("p", { id: "fairness", class: model.fairness.startsWith("✓") ? "fair" : model.fairness.startsWith("NOT") ? "error" : "" }, model.fairness) : null,
    id ? h("p", {}, h("a", { href: `/g/${id}`, id: "replay-link" }, "Replay this game")) : null,
    h("p", { class: "buttons" }, rematch, " ", close),
  );
}

/** @param {Model} model */
function logPanel(model) {
  const now = Date.now();
  const rounds = [...model.rounds].reverse().map((played) => revealingRound(model, played, now));
  const past = model.past.map((game) =>
    h(
      "li",
      { class: "past-game" },
      h("h3", {}, `Game ${game.game} (${game.players.yellow} vs ${game.players.blue}): ${resultText(game.result)}`),
      game.gameId ? h("a", { href: `/g/${game.gameId}` }, "replay") : null,
      h("ol", { reversed: true }, ...[...game.rounds].reverse().map((played) => roundItem(played, Infinity, -1, now))),
    ),
  );
  return h(
    "section",
    { class: "log", "aria-label": "Rounds" },
    h("h2", {}, "Rounds"),
    rounds.length || past.length ? h("ol", { class: "rounds", reversed: true }, ...rounds, ...past) : h("p", {}, "No round played yet: each reveal appears here."),
  );
}

/**
 * A round of the log: settled, or with its rolls coming one by one while
 * it is being revealed.
 * @param {Model} model
 * @param {any} played
 * @param {number} now
 */
function revealingRound(model, played, now) {
  const reveal = model.reveal;
  if (!reveal || reveal.round !== played.report.round) return roundItem(played, Infinity, -1, now);
  const elapsed = now - reveal.start - REVEAL_START_MS;
  const shown = elapsed < 0 ? 0 : Math.floor(elapsed / ROLL_MS);
  return roundItem(played, shown, shown, now);
}

/**
 * One round: both assignments, then each roll (the first `shown`, the
 * next one tumbling).
 * @param {any} played
 * @param {number} shown
 * @param {number} tumbling
 * @param {number} now
 */
export function roundItem(played, shown, tumbling, now) {
  const report = played.report;
  const lines = [];
  for (const seat of SEATS) {
    if (played.auto[seat]) lines.push(h("li", { class: "auto" }, `${seatName(seat)} missed the deadline: the server chose`));
  }
  for (const flip of report.revealed) lines.push(h("li", { class: "flip" }, `${flip.column}${flip.row} turns up: ${flip.piece}`));
  const rolls = [
    ...report.attempts.map((/** @type {any} */ attempt) => ({ seat: attempt.seat, text: `${attempt.column} ${attempt.mice} on ${attemptTarget(attempt)}`, dice: attempt.dice, sum: attempt.sum, outcome: attemptOutcome(attempt) })),
    ...report.boosts.map((/** @type {any} */ boost) => ({ seat: boost.seat, text: `${boost.column} boost ${boost.mice} on ${boost.piece ?? "nothing"}`, dice: boost.dice, sum: boost.sum, outcome: boost.result === "took" ? "took" : boost.result === "too_low" ? `short of ${boost.piece ? pips(boost.piece) : "it"}` : "nothing to roll at" })),
  ];
  rolls.forEach((roll, index) => {
    if (index > shown) return;
    const settled = index < shown;
    const dice = settled
      ? roll.dice.map(face).join("")
      : roll.dice.map((/** @type {number} */ _, /** @type {number} */ die) => face(((Math.floor(now / 60) + die * 3) % 6) + 1)).join("");
    lines.push(
      h(
        "li",
        { class: `roll ${roll.seat}${settled ? "" : " tumbling"}` },
        h("span", { class: "mark" }, seatMark(roll.seat)),
        ` ${seatName(roll.seat)} ${roll.text} `,
        h("span", { class: "dice", "aria-hidden": settled ? "false" : "true" }, dice),
        settled ? ` ${roll.sum} → ${roll.outcome}` : "",
      ),
    );
  });
  if (shown >= rolls.length) {
    for (const flip of report.flips) lines.push(h("li", { class: "flip" }, `${flip.column}${flip.row} turns up: ${flip.piece}`));
  }
  return h(
    "li",
    { class: "round", "data-round": String(report.round) },
    h("h3", {}, `Round ${report.round}: Yellow ${assignmentText(report.assignments.yellow)} — Blue ${assignmentText(report.assignments.blue)}`),
    h("ul", {}, ...lines),
  );
}

/** @param {Model} model @param {Connection} connection */
function chatPanel(model, connection) {
  const room = model.room;
  // The page is drawn anew as the clock ticks: what is being typed is
  // kept in the model, not in the input it replaces.
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "chat-input", maxlength: 200, autocomplete: "off", "aria-label": "Say something", value: model.chatDraft }));
  input.addEventListener("input", () => {
    model.chatDraft = input.value;
  });
  const form = h("form", { class: "chat-form" }, input, " ", h("button", { type: "submit" }, "Send"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) connection.send({ type: "chat", text });
    model.chatDraft = "";
    input.value = "";
  });
  const lines = model.chat.map((line) =>
    h(
      "li",
      { class: `chat-line ${line.seat ?? "spectator"}` },
      h("span", { class: "speaker" }, `${line.channel === "spectators" && room.you ? "(spectator) " : ""}${line.name}: `),
      h("span", { class: "said" }, line.text),
    ),
  );
  return h(
    "section",
    { class: "chat", "aria-label": "Chat" },
    h("h2", {}, "Chat"),
    h("ul", { class: "chat-lines" }, ...lines),
    form,
  );
}
