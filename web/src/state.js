// What the room page knows, kept up to date from the server's messages:
// the room as the server says it now, the rounds of the game, the earlier
// games, the chat, this player's move being placed, and the reveal being
// shown (reveal.js), during which the page still shows the room as it was;
// reveals that come meanwhile wait their turn, each played whole.

import { announce, holdAnnouncements, takeHeld } from "./dom.js";
import { sealing } from "./fair.js";
import { ratingWithChange } from "./ratings.js";
import { startReveal } from "./reveal.js";
import { assignmentText, assignmentsWords, clock, notRatedWords, resultText, seatName, who } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */

/**
 * A game of this room played earlier, as the log lists it.
 * @typedef {{game: number, players: {yellow: string, blue: string}, result: any, gameId: string | null, rounds: any[]}} PastGame
 */

/**
 * The players' ratings as they were when game `game` ended: what the
 * result tells a change against, once the game is rated.
 * @typedef {{game: number, yellow: import("./ratings.js").Rating | null, blue: import("./ratings.js").Rating | null}} RatedBefore
 */

/**
 * The finished game's analysis, asked once for game record `id` (room.js):
 * what its result says of each player's accuracy. Kept here, so that no
 * redraw asks again.
 * @typedef {{id: string, asked: import("./analysis.js").Asked}} ResultAnalysis
 */

/**
 * The game under way, as a leave is signed for it: its commitment and the
 * round the server is in (0: the deal), from the state and then the
 * events (a game starts, a round starts, the game ends), as the terminal
 * client follows them.
 * @typedef {{commitment: string, round: number}} UnderWay
 */

/**
 * Everything the page shows, from the server's messages.
 * @typedef {{
 *   room: any | null,
 *   rounds: any[],
 *   past: PastGame[],
 *   players: {yellow: string, blue: string},
 *   gone: {yellow: any, blue: any},
 *   chat: any[],
 *   chatDraft: string,
 *   spectatorChat: boolean,
 *   deadline: number | null,
 *   mice: number[],
 *   steal: string | null,
 *   column: number,
 *   notice: string,
 *   reveal: import("./reveal.js").Reveal | null,
 *   waiting: import("./reveal.js").Waiting[],
 *   changed: Set<string>,
 *   resultOpen: boolean,
 *   link: string,
 *   fairness: string,
 *   commitment: string,
 *   unrecorded: number,
 *   ratedBefore: RatedBefore | null,
 *   analysis: ResultAnalysis | null,
 *   underWay: UnderWay | null,
 *   leaving: boolean,
 *   watching: "" | "full" | "chosen",
 *   replaced: boolean,
 *   arenaReturn: string | null,
 *   redraw: () => void,
 * }} Model
 */

/** @returns {Model} */
export function emptyModel() {
  return {
    room: null,
    rounds: [],
    past: [],
    players: { yellow: "", blue: "" },
    gone: { yellow: null, blue: null },
    chat: [],
    chatDraft: "",
    spectatorChat: false,
    deadline: null,
    mice: [0, 0, 0, 0],
    steal: null,
    column: 0,
    notice: "",
    reveal: null,
    waiting: [],
    changed: new Set(),
    resultOpen: false,
    link: "connecting",
    fairness: "",
    commitment: "",
    unrecorded: 0,
    ratedBefore: null,
    analysis: null,
    underWay: null,
    leaving: false,
    watching: "",
    replaced: false,
    arenaReturn: null,
    redraw: () => {},
  };
}

/** How long an arena's game's result is shown before the page goes back to the arena. */
export const ARENA_RESULT_MS = 6000;

/** The name a watcher who gave none is known by in the spectators' chat. */
export const SPECTATOR_NAME = "spectator";

/** Chat lines kept, of each channel. */
const CHAT_KEPT = 200;

/**
 * What the page is to do about an event of its room's connection, in
 * order; the page is drawn again after them, unless one of them leaves it.
 * @typedef {{kind: "go", path: string}
 *   | {kind: "unpaired", reason: string, requeued: boolean}
 *   | {kind: "forget_pairing"}
 *   | {kind: "keep_name"}
 *   | {kind: "send", message: object}
 *   | {kind: "check_game", id: string}
 *   | {kind: "watch_instead"}
 *   | {kind: "ask_name", reason: string}
 *   | {kind: "key_required", reason: string}
 *   | {kind: "back_to_arena", arena: string, after_ms: number}
 *   | {kind: "follow_up"}} Effect
 */

/**
 * What the page knows beside its model when an event comes: whether it
 * watches under the spectators' name, how it entered (`join`, `watch`…),
 * whether a pairing made its room (seek.js), and whether the event was an
 * opening refused for a stale view, already asked again (seal.js), and the
 * arena whose game this is, if this tab plays one here (arena-link.js).
 * @typedef {{spectator: boolean, entry: string, paired: boolean, openingRefused: boolean, arena?: string | null}} Page
 */

/**
 * One event of the room's connection: the model changed, and what the page
 * must do about it. The page runs the effects (room.js); nothing here
 * touches the page, the storage or the network.
 * @param {Model} model
 * @param {import("./net.js").NetEvent} event
 * @param {Page} page
 * @returns {Effect[]}
 */
export function update(model, event, page) {
  if (event.kind === "status") {
    model.link = event.status;
    return [];
  }
  if (event.kind === "failed") return failed(model, event, page);
  const message = event.message;
  if (message.type === "left") return [{ kind: "go", path: "/" }];
  // A pairing called off before its game began: back to "Play now", which
  // seeks again as before.
  // An arena's pairing called off: back to the arena, which pairs again.
  if (page.arena && message.type === "unpaired") {
    return [{ kind: "back_to_arena", arena: page.arena, after_ms: 0 }];
  }
  if (page.paired && message.type === "unpaired") {
    // `requeued: false`: this player never sealed the deal, and the server
    // ended their search (older servers always went on).
    return [
      {
        kind: "unpaired",
        reason: String(message.reason ?? "") || "your opponent did not come",
        requeued: message.requeued !== false,
      },
    ];
  }
  /** @type {Effect[]} */
  const effects = [];
  // Once its game is past its deal, the pairing is forgotten: a pairing's
  // room calls it off only before both players sealed their deal.
  const pastTheDeal =
    ((message.type === "joined" || message.type === "state") && pastItsDeal(message.state)) ||
    (message.type === "event" && message.event.kind === "round_started");
  if (page.paired && pastTheDeal) effects.push({ kind: "forget_pairing" });
  // An opening refused for a stale view asked for the state: unshown.
  if (!page.openingRefused) received(model, message);
  if (message.type === "joined") {
    // The server took the name: it is this browser's from now on.
    if (!page.spectator) effects.push({ kind: "keep_name" });
    // A player always takes the spectators' lines, and the page shows them
    // once asked (chat.js): lines said before are not lost then.
    if (message.state.you) effects.push({ kind: "send", message: { type: "spectator_chat", show: true } });
  }
  if (message.type === "event" && message.event.kind === "game_over" && message.event.game_id) {
    effects.push({ kind: "check_game", id: message.event.game_id });
  }
  // An arena's game over: the result a moment, then back to the arena.
  const over = (message.type === "event" && message.event.kind === "game_over") || ((message.type === "joined" || message.type === "state") && message.state.status === "finished");
  if (page.arena && over && !model.arenaReturn) {
    model.arenaReturn = page.arena;
    effects.push({ kind: "back_to_arena", arena: page.arena, after_ms: ARENA_RESULT_MS });
  }
  effects.push({ kind: "follow_up" });
  return effects;
}

/**
 * Whether a room's game has got past its deal, or ended.
 * @param {any} state
 */
function pastItsDeal(state) {
  return state.status === "finished" || (state.status === "playing" && state.exchange?.round !== 0);
}

/**
 * The connection given up by the server's refusal, or by the network.
 * @param {Model} model
 * @param {{reason: string, code?: string}} event
 * @param {Page} page
 * @returns {Effect[]}
 */
function failed(model, event, page) {
  // The room of a pairing gone when its seat is taken back: called off.
  if ((event.code === "bad_token" || event.code === "unknown_room") && page.paired) {
    return [{ kind: "unpaired", reason: event.reason || "your opponent did not come", requeued: true }];
  }
  // An arena game's room gone as the page comes back (closed after its
  // game, or its server died before the next pairing was told): back to
  // the arena, which pairs again.
  if ((event.code === "bad_token" || event.code === "unknown_room") && page.arena) {
    return [{ kind: "back_to_arena", arena: page.arena, after_ms: 0 }];
  }
  // Both seats were taken meanwhile: watch instead, and say so.
  if (event.code === "room_full" && page.entry === "join") return [{ kind: "watch_instead" }];
  // Never kept: the name is asked again, with the server's words.
  if (event.code === "bad_name") return [{ kind: "ask_name", reason: event.reason }];
  // A rated room, and this browser keeps no key: say why, and offer to watch.
  if (event.code === "key_required") return [{ kind: "key_required", reason: event.reason }];
  if (event.code === "replaced") {
    // The move and the chat are the other tab's now: nothing here says
    // "your move" any more.
    model.replaced = true;
    model.notice = "";
  } else {
    model.link = "failed";
    model.notice = event.reason;
  }
  return [];
}

/** What the server restarting left said. */
const RESTARTING = "The server is restarting; the game will go on when it is back.";

/**
 * Applies one server message.
 * @param {Model} model
 * @param {any} message
 */
export function received(model, message) {
  switch (message.type) {
    case "joined":
    case "state": {
      // A whole state says all: the reveals under way end here.
      endReveals(model);
      const before = model.room;
      model.room = message.state;
      if (message.state.exchange) model.commitment = message.state.exchange.commitment;
      model.underWay = message.state.exchange ? { commitment: message.state.exchange.commitment, round: message.state.exchange.round } : null;
      resealAfterState(message.state);
      if (message.type === "joined" && (!before || before.game !== message.state.game)) model.rounds = [];
      if (!before || before.game !== message.state.game) model.players = namesOf(message.state.players);
      model.deadline = message.state.deadline_ms !== null ? Date.now() + message.state.deadline_ms : null;
      if (message.state.you && message.state.exchange?.seals[message.state.you] && message.state.exchange.round > 0) {
        model.notice = "Your move is sealed; waiting for your opponent.";
      } else if (message.type === "joined" && model.notice === RESTARTING) {
        model.notice = "";
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
    {
      model.chat.push(message);
      const mine = model.room?.you && message.seat === model.room.you;
      // A player hears the spectators only when reading them.
      const heard = !model.room?.you || message.channel === "players" || model.spectatorChat;
      if (!mine && heard) announce(`${chatSpeaker(model.room, message)} says: ${message.text}`);
      // Each channel keeps its own latest lines: spectators' chatter never
      // pushes the players' lines out.
      const same = model.chat.filter((line) => line.channel === message.channel);
      if (same.length > CHAT_KEPT) model.chat.splice(model.chat.indexOf(same[0]), 1);
      break;
    }
    case "error":
      model.notice = message.message;
      announce(message.message);
      break;
    case "shutting_down":
      model.notice = RESTARTING;
      break;
  }
}

/**
 * A whole state (a reconnection, a server restart, which keeps no
 * player's opening): an opening the server does not hold goes again, and a
 * seal sent and lost goes again (the same one, never another).
 * @param {any} state
 */
function resealAfterState(state) {
  const held = sealing.get(state.code);
  const you = state.you;
  const exchange = state.exchange;
  if (!held?.pending) return;
  if (!(you && exchange?.opened[you])) held.pending.sent = false;
  if (held.game === state.game && you && exchange && !exchange.seals[you] && held.pending.round === exchange.round) {
    held.pending.reseal = true;
  }
  sealing.set(state.code, held);
}

/** @param {any} players @returns {{yellow: string, blue: string}} */
function namesOf(players) {
  return { yellow: players.yellow?.name ?? "", blue: players.blue?.name ?? "" };
}

/** Who said a chat line, told apart from a namesake: "Ann (Yellow)". @param {any} room @param {any} line */
export function chatSpeaker(room, line) {
  if (line.seat) return `${line.name} (${seatName(line.seat)})`;
  // A watcher who gave no name is one of the spectators, said once.
  if (line.name === SPECTATOR_NAME) return "A spectator";
  return room?.you ? `${line.name} (spectator)` : line.name;
}

/**
 * Ends the reveal being shown, if any: the next one waiting starts now
 * (faster while others wait behind it); with none, the room is shown as
 * it is. What was held back for the one ended is told.
 * @param {Model} model
 */
export function endReveal(model) {
  const ended = model.reveal;
  if (!ended) return;
  model.reveal = null;
  // What is held now is the last reveal's to tell: the one ended's, or
  // the last waiting's.
  let rest = takeHeld();
  holdAnnouncements(false);
  const tellOnce = (/** @type {string[] | null} */ told) => {
    if (told) return tell(told);
    tell(rest);
    rest = [];
  };
  tellOnce(ended.told);
  while (model.waiting.length) {
    const next = /** @type {import("./reveal.js").Waiting} */ (model.waiting.shift());
    const report = next.event.report;
    const reveal = startReveal(next.before, next.event, Date.now(), model.waiting.length ? 2 : 1);
    if (!reveal) {
      announce(revealWords(report));
      tellOnce(next.told);
      continue;
    }
    model.reveal = reveal;
    announce(`${assignmentsWords(report)}. The dice roll.`);
    holdAnnouncements(true);
    if (next.told) reveal.told = [takenWords(report), ...next.told];
    else announce(takenWords(report));
    tell(rest);
    return;
  }
}

/**
 * Ends the reveal being shown and every one waiting (a key or a tap, a
 * whole state, a new game): the room is shown as it is, and everything
 * held back is told, in order.
 * @param {Model} model
 */
export function endReveals(model) {
  const ended = model.reveal;
  if (!ended) return;
  model.reveal = null;
  const rest = takeHeld();
  holdAnnouncements(false);
  tell(ended.told ?? rest);
  for (const next of model.waiting.splice(0)) {
    announce(revealWords(next.event.report));
    tell(next.told ?? rest);
  }
}

/** Tells what was held back, in order. @param {string[]} texts */
function tell(texts) {
  for (const text of texts) announce(text);
}

/** @param {Model} model @param {any} event */
function applyEvent(model, event) {
  const room = model.room;
  switch (event.kind) {
    case "player_joined":
      room.players[event.seat] = event.player;
      if (room.status !== "playing") model.players = namesOf(room.players);
      announce(`${event.player.name} sits down as ${seatName(event.seat)}.`);
      break;
    case "game_started":
      endReveals(model);
      if (model.rounds.length && room.result) {
        model.past.unshift({
          game: room.game,
          players: model.players,
          result: room.result,
          gameId: model.unrecorded === room.game ? null : (room.game_ids[room.game_ids.length - 1] ?? null),
          rounds: model.rounds,
        });
      }
      room.game = event.game;
      room.players = event.players;
      model.players = namesOf(event.players);
      room.view = null;
      room.exchange = newExchange(event.commitment, 0);
      room.not_rated = event.not_rated ?? null;
      model.commitment = event.commitment;
      model.underWay = { commitment: event.commitment, round: 0 };
      room.committed = { yellow: false, blue: false };
      model.fairness = "";
      model.ratedBefore = null;
      model.gone = { yellow: null, blue: null };
      room.status = "playing";
      room.result = null;
      room.rematch = { yellow: false, blue: false };
      model.rounds = [];
      model.changed = new Set();
      model.resultOpen = false;
      announce(`Game ${event.game} starts.${room.options?.rated && room.not_rated ? ` It is not rated: ${notRatedWords(room.not_rated)}.` : ""}`);
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
      if (model.underWay) model.underWay.round = event.round;
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
        // Noted for the check at the end (seal.js), like the seal.
        room.exchange.signatures = { ...room.exchange.signatures, [event.seat]: event.signature ?? null };
      }
      if (event.seat !== room.you && event.round > 0) announce(`${who(room, event.seat)} has committed.`);
      if (event.seat === room.you && event.round > 0) model.notice = "Your move is sealed: secret, even from the server, until both are in.";
      break;
    case "revealed":
      revealed(model, event);
      break;
    case "connection": {
      const player = room.players[event.seat];
      if (player) {
        player.connected = event.connected;
        player.grace_ms = event.grace_ms;
        player.away_until = event.grace_ms ? Date.now() + event.grace_ms : null;
      }
      announce(`${who(room, event.seat)} ${event.connected ? "is back" : "lost the connection"}.`);
      break;
    }
    case "spectators":
      room.spectators = event.count;
      break;
    case "rematch_requested":
      room.rematch[event.seat] = true;
      if (event.seat !== room.you && room.you) model.notice = `${who(room, event.seat)} offers a rematch.`;
      break;
    case "player_left":
      announce(`${who(room, event.seat)} left the room.`);
      // Kept for the game's result: what it did to their rating is told too.
      if (room.players[event.seat]) model.gone[/** @type {Seat} */ (event.seat)] = room.players[event.seat];
      room.players[event.seat] = null;
      room.rematch = { yellow: false, blue: false };
      if (room.status !== "playing") room.status = "waiting";
      break;
    case "rated":
      rated(model, event);
      break;
    case "game_over":
      room.result = event.result;
      room.status = "finished";
      if (event.game_id) room.game_ids.push(event.game_id);
      // A game that ended at its deal has an aborted deal kept in place of
      // a record (its page says so, with no cake); a server that keeps
      // nothing of it gives no id: no check, no page.
      model.unrecorded = event.game_id ? 0 : room.game;
      // The ratings the game started from, for the change it makes (a
      // `rated` event after this one).
      const players = gamePlayers(model);
      model.ratedBefore = { game: room.game, yellow: players.yellow?.rating ?? null, blue: players.blue?.rating ?? null };
      room.committed = { yellow: false, blue: false };
      room.exchange = null;
      model.underWay = null;
      // Nothing to forfeit any more: a leave asked about goes unasked.
      model.leaving = false;
      model.deadline = null;
      model.resultOpen = true;
      announce(`Game over. ${resultText(event.result)}.`);
      break;
  }
}

/**
 * A player's rating, read once they sat or changed by the game just
 * stored. It changes the room as the server has it: during a reveal the
 * page shows the room as it was before (`reveal.before`), so the new
 * rating is seen, and heard, once the dice are down.
 * @param {Model} model @param {any} event
 */
function rated(model, event) {
  const room = model.room;
  // A player who left the game is told of on the seat they left.
  const players = gamePlayers(model);
  const player = players[/** @type {Seat} */ (event.seat)];
  if (!player) return;
  player.rating = event.rating;
  const before = model.ratedBefore;
  // A change after a game is told; a rating read as a player sits is only shown.
  if (before && before.game === room.game && room.status === "finished" && room.options?.rated) {
    announce(`${who({ players }, event.seat)}'s rating: ${ratingWithChange(before[/** @type {Seat} */ (event.seat)], event.rating)}.`);
  }
}

/**
 * The game's players: those seated, and in an empty seat the one who left
 * this game from it.
 * @param {Model} model
 * @returns {{yellow: any, blue: any}}
 */
export function gamePlayers(model) {
  const seated = model.room?.players ?? {};
  return { yellow: seated.yellow ?? model.gone.yellow, blue: seated.blue ?? model.gone.blue };
}

/**
 * A round revealed: the room moves on at once, and the page shows it as
 * it was, changing only as each beat's dice land (reveal.js).
 * @param {Model} model @param {any} event
 */
function revealed(model, event) {
  const room = model.room;
  const notice = model.notice.startsWith("Your move is sealed") ? "" : model.notice;
  const before = { room: structuredClone({ ...room, status: "playing" }), notice };
  model.rounds.push({ report: event.report, auto: event.auto, sealed: event.sealed, beats: event.beats });
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
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (model.reveal && !still) {
    // A reveal is playing (a forced move answered at once, a resume that
    // brought several): this one waits its turn, and what is said from
    // now on is said after it. What was held so far is the one before's.
    const last = model.waiting[model.waiting.length - 1] ?? model.reveal;
    last.told = takeHeld();
    model.waiting.push({ before, event, told: null });
    return;
  }
  model.reveal = still ? null : startReveal(before, event, Date.now());
  if (model.reveal) {
    announce(`${assignmentsWords(event.report)}. The dice roll.`);
    holdAnnouncements(true);
    announce(takenWords(event.report));
  } else {
    announce(revealWords(event.report));
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
  for (const boost of report.boosts) {
    if (boost.result === "took") cells.add(`${boost.column}/${boost.row}`);
  }
  for (const flip of [...report.revealed, ...report.flips]) cells.add(`${flip.column}/${flip.row}`);
  return cells;
}

/** @param {any} report */
function takenWords(report) {
  const taken = [
    ...report.attempts.filter((/** @type {any} */ attempt) => ["took", "stole"].includes(attempt.result)).map((/** @type {any} */ attempt) => `${seatName(attempt.seat)} ${attempt.result === "took" ? "takes" : "steals"} ${attempt.target.piece}`),
    ...report.boosts.filter((/** @type {any} */ boost) => boost.result === "took").map((/** @type {any} */ boost) => `${seatName(boost.seat)} boosts to ${boost.piece}`),
  ];
  if (report.removed) taken.push("two steals exchange");
  return taken.length ? `Round ${report.round}: ${taken.join(", ")}.` : `Round ${report.round}: nothing taken.`;
}

/** @param {any} report */
function revealWords(report) {
  const { yellow, blue } = report.assignments;
  return `Round ${report.round} revealed: Yellow ${assignmentText(yellow)}, Blue ${assignmentText(blue)}. ${takenWords(report)}`;
}

/** An exchange just opened. @param {string} commitment @param {number} round */
export function newExchange(commitment, round) {
  return {
    commitment,
    round,
    seals: { yellow: null, blue: null },
    opened: { yellow: false, blue: false },
    by_server: { yellow: false, blue: false },
    signatures: { yellow: null, blue: null },
  };
}

/**
 * A family's status line: seat free, thinking, committed, and away (a
 * player who committed and then dropped has still committed).
 * @param {any} room @param {Seat} seat
 */
export function familyState(room, seat) {
  const player = room.players[seat];
  if (!player) return "seat free";
  const playing = room.status === "playing";
  const move = playing ? (room.committed[seat] ? "committed ✓" : player.connected ? "thinking…" : "") : "";
  if (!player.connected) {
    const away = `disconnected${player.away_until ? `, ${clock(player.away_until - Date.now())} left` : ""}`;
    return move ? `${move} · ${away}` : away;
  }
  return move;
}
