// The server's messages the room page takes, and the events of its room:
// one table of each (`MESSAGES`, `EVENTS`), the one place a new message or
// event is added, each with what it does to the model. What the page is to
// do about one comes out as effects; nothing here touches the page.

import { t, ungrouped } from "./catalogue.js";
import { READY_PAUSE_MS, matchTold, nextGameAt, scoreAtStart } from "./match-score.js";
import { ratingWithChange } from "./ratings.js";
import { refusalText, unpairedText } from "./refusals.js";
import { endReveals, revealed } from "./reveals.js";
import { resealAfterState } from "./seals.js";
import { say } from "./telling.js";
import { notRatedWords, resultText, seatName, who } from "./words.js";

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").Effect} Effect */
/** @typedef {import("./state.js").Page} Page */
/** @typedef {import("./words.js").Seat} Seat */

/**
 * The name a watcher who gave none is known by in the spectators' chat: the
 * protocol's, never shown as it is (`chatSpeaker` says "A spectator").
 */
export const SPECTATOR_NAME = "spectator";

/** Chat lines kept, of each channel. */
const CHAT_KEPT = 200;

/** What the server restarting left said. */
const restarting = () => t("room-restarting");

/**
 * What one kind of message does: `leaves`, the effects that take the page
 * elsewhere at once (nothing else done), or null; `apply`, what it does to
 * the model.
 * @typedef {{
 *   leaves?: (message: any, page: Page) => Effect[] | null,
 *   apply?: (model: Model, message: any, page: Page, out: Effect[]) => void,
 * }} Handling
 */

/**
 * Every server message the room page takes, by type: the one list of them.
 * @type {Record<string, Handling>}
 */
export const MESSAGES = {
  joined: { apply: wholeState },
  state: { apply: wholeState },
  history: { apply: history },
  event: { apply: event },
  chat: { apply: chat },
  error: {
    apply: (model, message, _page, out) => {
      // A refusal, said by its code in the player's language.
      model.notice = refusalText(message);
      say(model, out, model.notice);
    },
  },
  shutting_down: {
    apply: (model) => {
      model.notice = restarting();
    },
  },
  // The server let the seat go, as asked (the connection forgot its
  // token): home.
  left: { leaves: () => [{ kind: "go", path: "/" }] },
  unpaired: {
    leaves: unpaired,
    // A challenge's game called off here (nobody's pairing to go back
    // to): the room is closed, and the page says so.
    apply: (model, message, _page, out) => {
      if (typeof message.challenge !== "string") return;
      model.notice = t("room-challenge-called-off");
      say(model, out, model.notice);
    },
  },
};

/**
 * A pairing called off before its game began: back to "Play now", which
 * seeks again as before; an arena's, back to the arena, which pairs again.
 * Another tab's is none of this page's.
 * @param {any} message @param {Page} page
 * @returns {Effect[] | null}
 */
function unpaired(message, page) {
  if (page.arena) return [{ kind: "back_to_arena", arena: page.arena, after_ms: 0 }];
  if (!page.paired) return null;
  // `requeued: false`: this player never sealed the deal, and the server
  // ended their search (older servers always went on).
  return [{ kind: "unpaired", reason: unpairedText(message), requeued: message.requeued !== false }];
}

/**
 * A whole state (entering, a reconnection, `sync`): it says all, and the
 * reveals under way end here.
 * @param {Model} model @param {any} message @param {Page} page @param {Effect[]} out
 */
function wholeState(model, message, page, out) {
  const state = message.state;
  endReveals(model, out);
  const before = model.room;
  model.room = state;
  if (state.exchange) model.commitment = state.exchange.commitment;
  model.underWay = state.exchange ? { commitment: state.exchange.commitment, round: state.exchange.round } : null;
  // What was sealed here is kept per room: a room this page has not
  // sealed in yet (one just created) starts with nothing.
  const code = String(state.code ?? "").toUpperCase();
  if (code !== model.sealingCode) {
    model.sealingCode = code;
    model.sealing = null;
  }
  resealAfterState(model, state);
  if (message.type === "joined" && (!before || before.game !== state.game)) model.rounds = [];
  if (!before || before.game !== state.game) model.players = namesOf(state.players);
  model.deadline = state.deadline_ms !== null ? page.now + state.deadline_ms : null;
  model.nextGame = nextGameAt(state.match, page.now);
  if (state.you && state.exchange?.seals[state.you] && state.exchange.round > 0) {
    model.notice = t("room-sealed-waiting");
  } else if (message.type === "joined" && model.notice === restarting()) {
    model.notice = "";
  }
  if (state.code && page.path !== `/r/${state.code}`) out.push({ kind: "url", path: `/r/${state.code}` });
  model.resultOpen = state.status === "finished";
}

/** @param {Model} model @param {any} message */
function history(model, message) {
  if (model.room && message.game === model.room.game) {
    const known = new Set(model.rounds.map((played) => played.report.round));
    model.rounds.push(...message.rounds.filter((/** @type {any} */ played) => !known.has(played.report.round)));
    model.rounds.sort((a, b) => a.report.round - b.report.round);
  }
}

/** @param {Model} model @param {any} message @param {Page} page @param {Effect[]} out */
function event(model, message, page, out) {
  if (model.room && message.seq > model.room.seq) {
    model.room.seq = message.seq;
    EVENTS[message.event.kind]?.(model, message.event, page, out);
  }
}

/** @param {Model} model @param {any} message @param {Page} _page @param {Effect[]} out */
function chat(model, message, _page, out) {
  model.chat.push(message);
  const mine = model.room?.you && message.seat === model.room.you;
  // A player hears the spectators only when reading them.
  const heard = !model.room?.you || message.channel === "players" || model.spectatorChat;
  if (!mine && heard) say(model, out, t("room-chat-says", { speaker: chatSpeaker(model.room, message), text: message.text }));
  // Each channel keeps its own latest lines: spectators' chatter never
  // pushes the players' lines out.
  const same = model.chat.filter((line) => line.channel === message.channel);
  if (same.length > CHAT_KEPT) model.chat.splice(model.chat.indexOf(same[0]), 1);
}

/**
 * Every event of a room the page takes, by kind: the one list of them.
 * @type {Record<string, (model: Model, event: any, page: Page, out: Effect[]) => void>}
 */
export const EVENTS = {
  player_joined: (model, event, _page, out) => {
    const room = model.room;
    room.players[event.seat] = event.player;
    if (room.status !== "playing") model.players = namesOf(room.players);
    say(model, out, t("room-sits-down", { name: event.player.name, seat: seatName(event.seat) }));
  },
  game_started: gameStarted,
  dealt: (model, event) => {
    const room = model.room;
    room.view = event.view;
    room.exchange = null;
    room.committed = { yellow: false, blue: false };
  },
  round_started: roundStarted,
  sealed,
  revealed: (model, event, page, out) => revealed(model, event, page, out),
  connection: (model, event, page, out) => {
    const room = model.room;
    const player = room.players[event.seat];
    if (player) {
      player.connected = event.connected;
      player.grace_ms = event.grace_ms;
      player.away_until = event.grace_ms ? page.now + event.grace_ms : null;
    }
    say(model, out, event.connected ? t("room-player-back", { player: who(room, event.seat) }) : t("room-player-lost", { player: who(room, event.seat) }));
  },
  spectators: (model, event) => {
    model.room.spectators = event.count;
  },
  rematch_requested: rematchRequested,
  player_left: playerLeft,
  rated,
  game_over: gameOver,
  match_ended: matchEnded,
};

/**
 * A player asks for a rematch — between two games of a match, says they
 * are ready for the next: one ready cuts the pause to a few seconds, both
 * start the game at once (the server's timing, which the countdown follows).
 * @param {Model} model @param {any} event @param {Page} page
 */
function rematchRequested(model, event, page) {
  const room = model.room;
  room.rematch[event.seat] = true;
  const between = room.match && !room.match.end;
  if (model.nextGame !== null) {
    model.nextGame = room.rematch.yellow && room.rematch.blue ? page.now : Math.min(model.nextGame, page.now + READY_PAUSE_MS);
  }
  if (event.seat === room.you || !room.you) return;
  model.notice = between
    ? t("room-match-ready-offered", { player: who(room, event.seat), number: ungrouped(room.match.number + 1) })
    : t("room-rematch-offered", { player: who(room, event.seat) });
}

/**
 * A match ended between two games: a player left it (the other wins it),
 * or both did. The result shows it, and screen readers hear it.
 * @param {Model} model @param {any} event @param {Page} _page @param {Effect[]} out
 */
function matchEnded(model, event, _page, out) {
  const room = model.room;
  room.match = event.match;
  model.nextGame = null;
  if (room.result) model.resultOpen = true;
  const told = matchTold(event.match, null, matchNames(model));
  if (told) say(model, out, told);
}

/**
 * The names of the players of the match's game as its score is told: those
 * seated, or who left the seat; a seat's name for a seat nobody held.
 * @param {Model} model
 * @returns {{yellow: string, blue: string}}
 */
export function matchNames(model) {
  const players = gamePlayers(model);
  return {
    yellow: players.yellow?.name || model.players.yellow || seatName("yellow"),
    blue: players.blue?.name || model.players.blue || seatName("blue"),
  };
}

/** @param {Model} model @param {any} event @param {Page} _page @param {Effect[]} out */
function gameStarted(model, event, _page, out) {
  const room = model.room;
  endReveals(model, out);
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
  // A match's next game: the wins follow the players to their new seats.
  if (event.match) room.match = scoreAtStart(room.match, event.match);
  model.nextGame = null;
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
  const game = ungrouped(event.game);
  say(model, out, room.options?.rated && room.not_rated ? t("room-game-starts-not-rated", { game, reason: notRatedWords(room.not_rated) }) : t("room-game-starts", { game }));
}

/** @param {Model} model @param {any} event @param {Page} page @param {Effect[]} out */
function roundStarted(model, event, page, out) {
  const room = model.room;
  room.choices = event.choices;
  room.committed = { yellow: false, blue: false };
  room.exchange = newExchange(model.commitment, event.round);
  if (model.underWay) model.underWay.round = event.round;
  if (room.view) room.view.round = event.round;
  model.deadline = event.deadline_ms !== null ? page.now + event.deadline_ms : null;
  model.mice = [0, 0, 0, 0];
  model.steal = null;
  if (room.you && event.choices[room.you].mice > 0 && !event.choices[room.you].forced) {
    model.notice = t("room-your-move-notice", { round: ungrouped(event.round) });
    say(model, out, t("room-your-move-told", { round: ungrouped(event.round) }));
  } else {
    model.notice = "";
  }
}

/** @param {Model} model @param {any} event @param {Page} _page @param {Effect[]} out */
function sealed(model, event, _page, out) {
  const room = model.room;
  room.committed[event.seat] = true;
  if (room.exchange && room.exchange.round === event.round) {
    room.exchange.seals[event.seat] = event.seal;
    room.exchange.by_server[event.seat] = event.by_server;
    // Noted for the check at the end (check.js), like the seal.
    room.exchange.signatures = { ...room.exchange.signatures, [event.seat]: event.signature ?? null };
  }
  if (event.seat !== room.you && event.round > 0) say(model, out, t("room-player-committed", { player: who(room, event.seat) }));
  if (event.seat === room.you && event.round > 0) model.notice = t("room-sealed-secret");
}

/** @param {Model} model @param {any} event @param {Page} _page @param {Effect[]} out */
function playerLeft(model, event, _page, out) {
  const room = model.room;
  say(model, out, t("room-player-left", { player: who(room, event.seat) }));
  // Kept for the game's result: what it did to their rating is told too.
  if (room.players[event.seat]) model.gone[/** @type {Seat} */ (event.seat)] = room.players[event.seat];
  room.players[event.seat] = null;
  room.rematch = { yellow: false, blue: false };
  if (room.status !== "playing") room.status = "waiting";
}

/** @param {Model} model @param {any} event @param {Page} page @param {Effect[]} out */
function gameOver(model, event, page, out) {
  const room = model.room;
  room.result = event.result;
  if (event.match) room.match = event.match;
  model.nextGame = nextGameAt(event.match, page.now);
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
  say(model, out, t("room-game-over", { result: resultText(event.result) }));
  const told = event.match ? matchTold(event.match, event.result, matchNames(model)) : null;
  if (told) say(model, out, told);
}

/**
 * A player's rating, read once they sat or changed by the game just
 * stored. It changes the room as the server has it: during a reveal the
 * page shows the room as it was before (`reveal.before`), so the new
 * rating is seen, and heard, once the dice are down.
 * @param {Model} model @param {any} event @param {Page} _page @param {Effect[]} out
 */
function rated(model, event, _page, out) {
  const room = model.room;
  // A player who left the game is told of on the seat they left.
  const players = gamePlayers(model);
  const player = players[/** @type {Seat} */ (event.seat)];
  if (!player) return;
  player.rating = event.rating;
  const before = model.ratedBefore;
  // A change after a game is told; a rating read as a player sits is only shown.
  if (before && before.game === room.game && room.status === "finished" && room.options?.rated) {
    say(model, out, t("room-rating-told", { player: who({ players }, event.seat), rating: ratingWithChange(before[/** @type {Seat} */ (event.seat)], event.rating) }));
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

/** @param {any} players @returns {{yellow: string, blue: string}} */
function namesOf(players) {
  return { yellow: players.yellow?.name ?? "", blue: players.blue?.name ?? "" };
}

/**
 * Who said a chat line, told apart from a namesake: "Ann (Yellow)", as text
 * (chat.js draws the same with the name in its own element).
 * @param {any} room @param {any} line
 */
export function chatSpeaker(room, line) {
  if (line.seat) return t("chat-speaker-seated", { name: line.name, seat: seatName(line.seat) });
  // A watcher who gave no name is one of the spectators, said once.
  if (line.name === SPECTATOR_NAME) return t("chat-speaker-anonymous");
  return room?.you ? t("chat-speaker-spectator", { name: line.name }) : line.name;
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
