// The room page's model and its one `update`: every event of the page —
// the server's messages and the connection's news, keys, taps, the chat,
// the clocks' ticks, and the answers to what the page asked (a nonce
// drawn, a seal or a leave signed, a game checked, an analysis) — goes
// through `update(model, event, page)`, which changes the model and
// returns what the page is to do as data (effects) and what to draw.
// room-effects.js carries the effects out and room-draw.js draws. Nothing
// here, nor in what it imports (messages, reveals, seals, moves, result,
// telling), touches the page, the storage, the network, the entropy or a
// timer: the time is the page's (`page.now`).

import { t, ungrouped } from "./catalogue.js";
import { MESSAGES } from "./messages.js";
import { clear, deciding, moveKey, place } from "./moves.js";
import { frameAt, frameKey } from "./reveal.js";
import { endReveal, endReveals } from "./reveals.js";
import { analyseResult, analysed } from "./result.js";
import { automatic, commit, opened, openingRefused, sealSigned, sealWith } from "./seals.js";
import { say } from "./telling.js";
import { resultText } from "./words.js";

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
 * The finished game's analysis, asked once for game record `id`
 * (result.js): what its result says of each player's accuracy. Kept here,
 * so that no redraw asks again.
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
 * Everything the page shows, from the server's messages (a match's score is
 * `room.match`, and `nextGame` the page's time its next game starts, between
 * two games), and what the page keeps of its own: what it sealed in this
 * room (`sealing`, stored after every change), what it holds back from
 * screen readers while a reveal plays (`held`), the seals being signed and
 * the nonce being drawn, and what it has cued, focused and drawn.
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
 *   nextGame: number | null,
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
 *   sealing: import("./fair.js").Sealing | null,
 *   sealingCode: string,
 *   signing: string[],
 *   drawing: string | null,
 *   held: string[] | null,
 *   shown: {key: string, from: number, to: number},
 *   revealShown: boolean,
 *   revealTicking: boolean,
 *   cuedRound: number,
 *   focusedResult: number,
 *   sound: boolean,
 *   walkthroughDone: boolean,
 *   copied: string,
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
    nextGame: null,
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
    sealing: null,
    sealingCode: "",
    signing: [],
    drawing: null,
    held: null,
    shown: { key: "", from: 0, to: 0 },
    revealShown: false,
    revealTicking: false,
    cuedRound: -1,
    focusedResult: -1,
    sound: false,
    walkthroughDone: false,
    copied: "",
  };
}

/** How long an arena's game's result is shown before the page goes back to the arena. */
export const ARENA_RESULT_MS = 6000;

/** The clocks' tick, and a reveal's (its dice tumble). */
export const TICK_MS = 250;
export const REVEAL_TICK_MS = 50;

/**
 * What the page is to do about an event, in order (room-effects.js). Those
 * that leave the page (`go`, `unpaired`, `watch_instead`, `ask_name`,
 * `key_required`, `back_to_arena` at once, `reload`) end it: nothing after
 * them is done, nothing drawn. `focus` is done once the page is drawn.
 * @typedef {{kind: "go", path: string}
 *   | {kind: "unpaired", reason: string, requeued: boolean}
 *   | {kind: "forget_pairing"}
 *   | {kind: "keep_name"}
 *   | {kind: "send", message: object, sent?: RoomEvent}
 *   | {kind: "check_game", id: string, commitment: string, seen: import("./fair.js").Sealing | null}
 *   | {kind: "watch_instead"}
 *   | {kind: "ask_name", reason: string}
 *   | {kind: "key_required", reason: string}
 *   | {kind: "back_to_arena", arena: string, after_ms: number}
 *   | {kind: "announce", text: string}
 *   | {kind: "store_sealing", code: string, sealing: import("./fair.js").Sealing}
 *   | {kind: "keep_follow", on: boolean}
 *   | {kind: "keep_sound", on: boolean}
 *   | {kind: "keep_walkthrough"}
 *   | {kind: "ask_notifications"}
 *   | {kind: "copy", text: string}
 *   | {kind: "draw_nonce", round: number, assignment: import("./fair.js").Assignment}
 *   | {kind: "sign_seal", code: string, game: number, round: number, seal: string, seatKey: string | null}
 *   | {kind: "sign_leave", commitment: string, round: number, seat: Seat, seatKey: string | null}
 *   | {kind: "leave", signature: string | null}
 *   | {kind: "ask_analysis", id: string}
 *   | {kind: "url", path: string}
 *   | {kind: "sound", what: "move" | "dice"}
 *   | {kind: "notify", title: string, body: string, tag: string}
 *   | {kind: "focus", id: string}
 *   | {kind: "timer", name: "clock" | "reveal", every: number}
 *   | {kind: "stop_timer", name: "clock" | "reveal"}
 *   | {kind: "later", event: RoomEvent}
 *   | {kind: "prevent_default"}
 *   | {kind: "reload"}} Effect
 */

/**
 * Every event of the room page: the connection's (net.js), the person's,
 * the clocks', and the answers to effects.
 * @typedef {import("./net.js").NetEvent
 *   | {kind: "start", sealing: import("./fair.js").Sealing | null, code: string, spectatorChat: boolean, sound: boolean, walkthroughDone: boolean}
 *   | {kind: "key", key: string, on: "field" | "control" | "page"}
 *   | {kind: "tap", column: number}
 *   | {kind: "less", column: number}
 *   | {kind: "tap_during_reveal", column: number}
 *   | {kind: "tap_after_reveal", column: number}
 *   | {kind: "changed"}
 *   | {kind: "sound_switch"}
 *   | {kind: "notify_asked"}
 *   | {kind: "walkthrough_done"}
 *   | {kind: "copy_link", link: string}
 *   | {kind: "copied", text: string}
 *   | {kind: "commit"}
 *   | {kind: "clear"}
 *   | {kind: "steal", piece: string}
 *   | {kind: "chat_draft", text: string}
 *   | {kind: "chat_send", text: string}
 *   | {kind: "follow_spectators", on: boolean}
 *   | {kind: "leave_asked"}
 *   | {kind: "stay"}
 *   | {kind: "leave_now"}
 *   | {kind: "leave_signed", signed: {key: string, signature: string} | null, seatKey: string | null}
 *   | {kind: "close_result"}
 *   | {kind: "rematch"}
 *   | {kind: "take_back"}
 *   | {kind: "tick"}
 *   | {kind: "reveal_tick"}
 *   | {kind: "nonce", round: number, assignment: import("./fair.js").Assignment, nonce: string}
 *   | {kind: "seal_signed", code: string, game: number, round: number, seal: string, seatKey: string | null, signed: {key: string, signature: string} | null}
 *   | {kind: "opened", game: number, round: number}
 *   | {kind: "checked", fairness: string}
 *   | {kind: "analysed", id: string, asked: import("./analysis.js").Asked}} RoomEvent
 */

/**
 * What the page knows beside its model when an event comes: whether it
 * watches under the spectators' name, how it entered (`join`, `watch`…),
 * whether a pairing made its room (seek.js), the arena whose game this is,
 * if this tab plays one here (arena-link.js), the time, whether a message
 * sent now goes at once, whether the page is seen, whether it asks for
 * reduced motion, and its path.
 * @typedef {{spectator: boolean, entry: string, paired: boolean, arena?: string | null, now: number, up: boolean, visible: boolean, still: boolean, path: string}} Page
 */

/**
 * What is drawn after an event: the whole page, the clocks and the title
 * alone (so that what has focus and what is being read stay put), the
 * tumbling dice alone, or nothing.
 * @typedef {"page" | "clocks" | "dice" | "none"} Draw
 */

/**
 * One event: the model changed, what the page must do about it, and what
 * to draw. Pure: the same model and event give the same model, effects and
 * drawing.
 * @param {Model} model
 * @param {RoomEvent} event
 * @param {Page} page
 * @returns {{effects: Effect[], draw: Draw}}
 */
export function update(model, event, page) {
  /** @type {Effect[]} */
  const effects = [];
  const sealingBefore = JSON.stringify(model.sealing);
  const handle = /** @type {(model: Model, event: any, page: Page, out: Effect[]) => Draw} */ (ON[event.kind]);
  const draw = handle(model, event, page, effects);
  // What the copy button says lasts until the page is drawn anew.
  if (draw === "page" && event.kind !== "copied") model.copied = "";
  if (draw === "page" && !effects.some(leaves)) drawn(model, page, effects);
  // What was sealed and seen is kept before anything is sent.
  if (model.sealing && model.sealingCode && JSON.stringify(model.sealing) !== sealingBefore) {
    effects.unshift({ kind: "store_sealing", code: model.sealingCode, sealing: structuredClone(model.sealing) });
  }
  return { effects, draw };
}

/** Whether an effect leaves the page. @param {Effect} effect */
export function leaves(effect) {
  return ["go", "unpaired", "watch_instead", "ask_name", "key_required", "reload"].includes(effect.kind) ||
    (effect.kind === "back_to_arena" && effect.after_ms === 0);
}

/** The modifier keys, which end no reveal. */
// words-check: key names, as KeyboardEvent.key gives them
const MODIFIERS = ["Shift", "Control", "Alt", "Meta", "Tab"];

/**
 * Each kind of event, and what it does.
 * @type {Record<RoomEvent["kind"], (model: Model, event: any, page: Page, out: Effect[]) => Draw>}
 */
const ON = {
  status: (model, event) => {
    model.link = event.status;
    return "page";
  },
  failed,
  message: received,
  start: (model, event, _page, out) => {
    model.sealing = event.sealing;
    model.sealingCode = event.code.toUpperCase();
    model.spectatorChat = event.spectatorChat;
    model.sound = event.sound;
    model.walkthroughDone = event.walkthroughDone;
    out.push({ kind: "timer", name: "clock", every: TICK_MS });
    return "page";
  },
  key,
  tap: (model, event) => {
    place(model, event.column, 1);
    return "page";
  },
  less: (model, event) => {
    place(model, event.column, -1);
    return "page";
  },
  // A tap during a reveal ends it, and still does what it was for, after
  // it has reached its own target: a tap on a column puts a mouse there
  // once the move is open.
  tap_during_reveal: (model, event, _page, out) => {
    if (!model.reveal) return "none";
    endReveals(model, out);
    out.push({ kind: "later", event: { kind: "tap_after_reveal", column: event.column } });
    return "none";
  },
  tap_after_reveal: (model, event) => {
    if (event.column >= 0 && deciding(model)) place(model, event.column, 1);
    return "page";
  },
  // What the browser keeps of its own changed: the sound allowed, notifications answered.
  changed: () => "page",
  // The sound switch: a dice's click heard as it turns on.
  sound_switch: (model, _event, _page, out) => {
    model.sound = !model.sound;
    out.push({ kind: "keep_sound", on: model.sound }, { kind: "sound", what: "dice" });
    return "page";
  },
  notify_asked: (_model, _event, _page, out) => {
    out.push({ kind: "ask_notifications" });
    return "none";
  },
  walkthrough_done: (model, _event, _page, out) => {
    model.walkthroughDone = true;
    out.push({ kind: "keep_walkthrough" });
    return "page";
  },
  // The invitation link: copied, or shown where the clipboard is closed.
  copy_link: (_model, event, _page, out) => {
    out.push({ kind: "copy", text: event.link });
    return "none";
  },
  copied: (model, event) => {
    model.copied = event.text;
    return "page";
  },
  commit: (model, _event, page, out) => {
    commit(model, page.up, out);
    return "page";
  },
  clear: (model) => {
    clear(model);
    return "page";
  },
  steal: (model, event) => {
    model.steal = event.piece;
    return "page";
  },
  // The page is drawn anew as the reveal and the clock go on: what is being
  // typed is kept in the model, not in the input it replaces.
  chat_draft: (model, event) => {
    model.chatDraft = event.text;
    return "none";
  },
  chat_send: (model, event, _page, out) => {
    const text = event.text.trim();
    if (text) out.push({ kind: "send", message: { type: "chat", text } });
    model.chatDraft = "";
    return "page";
  },
  // The page has taken the spectators' lines all along: the box only
  // shows them, those said before included.
  follow_spectators: (model, event, _page, out) => {
    model.spectatorChat = event.on;
    out.push({ kind: "keep_follow", on: event.on });
    return "page";
  },
  leave_asked: (model, _event, page, out) => {
    if (model.room?.status !== "playing") return leave(model, page, out);
    model.leaving = true;
    out.push({ kind: "focus", id: "stay" });
    return "page";
  },
  stay: (model, _event, _page, out) => {
    model.leaving = false;
    out.push({ kind: "focus", id: "leave" });
    return "page";
  },
  leave_now: (model, _event, page, out) => leave(model, page, out),
  // The server checks the signature against the key the seat was taken with.
  leave_signed: (_model, event, _page, out) => {
    const { signed, seatKey } = event;
    out.push({ kind: "leave", signature: signed && signed.key === seatKey ? signed.signature : null });
    return "none";
  },
  close_result: (model) => {
    model.resultOpen = false;
    return "page";
  },
  rematch: (_model, _event, _page, out) => {
    out.push({ kind: "send", message: { type: "rematch" } });
    return "none";
  },
  take_back: (_model, _event, _page, out) => {
    out.push({ kind: "reload" });
    return "none";
  },
  tick: () => "clocks",
  reveal_tick: revealTick,
  nonce: (model, event, _page, out) => {
    sealWith(model, event, out);
    // The move sealed shows at once, before the server shows its seal.
    return "page";
  },
  seal_signed: (model, event, page, out) => {
    sealSigned(model, event, out);
    // The other's seal in already: the opening goes right behind.
    automatic(model, page, out);
    return "none";
  },
  opened: (model, event) => {
    opened(model, event);
    return "none";
  },
  checked: (model, event, _page, out) => {
    model.fairness = event.fairness;
    say(model, out, event.fairness);
    return "page";
  },
  analysed: (model, event, _page, out) => (analysed(model, event, out) ? "page" : "none"),
};

/**
 * Leaves the room, the leave signed during a game (there is nothing to
 * sign with no game on); the page goes once the server says `left`.
 * @param {Model} model @param {Page} _page @param {Effect[]} out
 * @returns {Draw}
 */
function leave(model, _page, out) {
  model.leaving = false;
  model.notice = t("room-leaving");
  const room = model.room;
  const seat = room?.you;
  const under = model.underWay;
  if (seat && under && room.status === "playing") {
    out.push({ kind: "sign_leave", commitment: under.commitment, round: under.round, seat, seatKey: room.players?.[seat]?.key ?? null });
  } else {
    out.push({ kind: "leave", signature: null });
  }
  return "page";
}

/**
 * Keys, as in the terminal client. During a reveal any key ends it and
 * then does what it does: nothing typed is lost.
 * @param {Model} model @param {{key: string, on: "field" | "control" | "page"}} event @param {Page} page @param {Effect[]} out
 * @returns {Draw}
 */
function key(model, event, page, out) {
  const skipped = !MODIFIERS.includes(event.key) && model.reveal !== null;
  if (skipped) endReveals(model, out);
  if (event.on === "field") return skipped ? "page" : "none";
  // Enter and Space on a focused button or link are that control's.
  if ((event.key === "Enter" || event.key === " ") && event.on === "control") {
    if (skipped) out.push({ kind: "later", event: { kind: "changed" } });
    return "none";
  }
  if (model.resultOpen && !skipped && (event.key === "Escape" || event.key === "Enter")) {
    model.resultOpen = false;
    return "page";
  }
  if (model.replaced || !deciding(model)) return skipped ? "page" : "none";
  const done = moveKey(model, event.key);
  if (done === "commit") commit(model, page.up, out);
  if (done) out.push({ kind: "prevent_default" });
  return done || skipped ? "page" : "none";
}

/**
 * The reveal's own clock: the page is drawn again when a beat moves on,
 * and tumbling dice turn in between.
 * @param {Model} model @param {RoomEvent} _event @param {Page} page @param {Effect[]} out
 * @returns {Draw}
 */
function revealTick(model, _event, page, out) {
  const reveal = model.reveal;
  if (!reveal) return "none";
  const frame = frameAt(reveal, page.now);
  if (frame.done) {
    endReveal(model, page.now, out);
    return "page";
  }
  if (frameKey(frame) !== model.shown.key) {
    if (!frame.tumbling && frame.slot && frame.slot.beat.lands.kind !== "turn_up") out.push({ kind: "sound", what: "dice" });
    return "page";
  }
  return "dice";
}

/**
 * A message of the server's: what it does to the model (messages.js), and
 * what follows it.
 * @param {Model} model @param {{message: any}} event @param {Page} page @param {Effect[]} out
 * @returns {Draw}
 */
function received(model, event, page, out) {
  const message = event.message;
  const handling = MESSAGES[message.type];
  const gone = handling?.leaves?.(message, page);
  if (gone) {
    out.push(...gone);
    return "none";
  }
  // Once its game is past its deal, the pairing is forgotten: a pairing's
  // room calls it off only before both players sealed their deal.
  const pastTheDeal =
    ((message.type === "joined" || message.type === "state") && pastItsDeal(message.state)) ||
    (message.type === "event" && message.event.kind === "round_started");
  if (page.paired && pastTheDeal) out.push({ kind: "forget_pairing" });
  // An opening refused for a stale view asked for the state: unshown.
  if (!openingRefused(model, message, out)) handling?.apply?.(model, message, page, out);
  if (message.type === "joined") {
    // The server took the name: it is this browser's from now on.
    if (!page.spectator) out.push({ kind: "keep_name" });
    // A player always takes the spectators' lines, and the page shows them
    // once asked (chat.js): lines said before are not lost then.
    if (message.state.you) out.push({ kind: "send", message: { type: "spectator_chat", show: true } });
  }
  if (message.type === "event" && message.event.kind === "game_over" && message.event.game_id) {
    model.fairness = t("room-checking-fair");
    const seen = model.sealing && model.sealing.game === model.room?.game ? structuredClone(model.sealing) : null;
    out.push({ kind: "check_game", id: message.event.game_id, commitment: model.commitment, seen });
  }
  // An arena's game over: the result a moment, then back to the arena.
  const over = (message.type === "event" && message.event.kind === "game_over") || ((message.type === "joined" || message.type === "state") && message.state.status === "finished");
  if (page.arena && over && !model.arenaReturn) {
    model.arenaReturn = page.arena;
    out.push({ kind: "back_to_arena", arena: page.arena, after_ms: ARENA_RESULT_MS });
  }
  analyseResult(model, out);
  automatic(model, page, out);
  return "page";
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
 * @param {Effect[]} out
 * @returns {Draw}
 */
function failed(model, event, page, out) {
  const gone = (event.code === "bad_token" || event.code === "unknown_room");
  // The room of a pairing gone when its seat is taken back: called off.
  if (gone && page.paired) out.push({ kind: "unpaired", reason: event.reason || t("room-unpaired-no-show"), requeued: true });
  // An arena game's room gone as the page comes back (closed after its
  // game, or its server died before the next pairing was told): back to
  // the arena, which pairs again.
  else if (gone && page.arena) out.push({ kind: "back_to_arena", arena: page.arena, after_ms: 0 });
  // Both seats were taken meanwhile: watch instead, and say so.
  else if (event.code === "room_full" && page.entry === "join") out.push({ kind: "watch_instead" });
  // Never kept: the name is asked again, with the server's words.
  else if (event.code === "bad_name") out.push({ kind: "ask_name", reason: event.reason });
  // A rated room, and this browser keeps no key: say why, and offer to watch.
  else if (event.code === "key_required") out.push({ kind: "key_required", reason: event.reason });
  else if (event.code === "replaced") {
    // The move and the chat are the other tab's now: nothing here says
    // "your move" any more.
    model.replaced = true;
    model.notice = "";
  } else {
    model.link = "failed";
    model.notice = event.reason;
  }
  return out.length ? "none" : "page";
}

/**
 * What follows the page drawn whole: the reveals whose time is over end
 * (the next waiting starts), the frame drawn is noted, the reveal's clock
 * runs while one plays, a forced move waiting for the reveals goes once
 * they are over, and a move to make or a result is cued once.
 * @param {Model} model @param {Page} page @param {Effect[]} out
 */
function drawn(model, page, out) {
  while (model.reveal && frameAt(model.reveal, page.now).done) endReveal(model, page.now, out);
  const reveal = model.reveal;
  if (reveal) {
    const frame = frameAt(reveal, page.now);
    model.shown = { key: frameKey(frame), from: reveal.drawn, to: frame.landed };
    reveal.drawn = Math.max(reveal.drawn, frame.landed);
  } else {
    model.shown = { key: "", from: 0, to: 0 };
  }
  // A forced move waits for the reveals before it (seals.js): they are over.
  if (model.revealShown && !reveal) automatic(model, page, out);
  model.revealShown = reveal !== null;
  if (reveal && !model.revealTicking) out.push({ kind: "timer", name: "reveal", every: REVEAL_TICK_MS });
  if (!reveal && model.revealTicking) out.push({ kind: "stop_timer", name: "reveal" });
  model.revealTicking = reveal !== null;
  const room = model.room;
  if (!room || reveal) return;
  const round = room.view?.round ?? 0;
  if (!model.replaced && deciding(model) && model.cuedRound !== round) {
    model.cuedRound = round;
    out.push({ kind: "sound", what: "move" }, { kind: "notify", title: t("room-notify-your-move"), body: t("room-notify-your-move-body", { code: room.code, round: ungrouped(round) }), tag: `mice-cake-${room.code}` });
  }
  if (model.resultOpen && room.result && model.focusedResult !== room.game) {
    model.focusedResult = room.game;
    out.push({ kind: "focus", id: "result-title" }, { kind: "notify", title: t("room-notify-game-over"), body: resultText(room.result), tag: `mice-cake-${room.code}` });
  }
}
