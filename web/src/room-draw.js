// The room page drawn from its model (state.js), reading it only: the
// title and its clock, the families, the cake (board.js) or the waiting
// room, the move panel (assign.js), the result, the rounds (log.js) and the
// chat (chat.js). What a person does on it goes to `dispatch` as an event.
// `drawClocks` redraws the clocks and the title alone, `tumble` the dice
// rolling, so that what has focus and what is being read stay put.

import { assignPanel } from "./assign.js";
import { board, familyState, families, tumblingFace } from "./board.js";
import { saidNodes, t, ungrouped, wordsWith } from "./catalogue.js";
import { chatPanel } from "./chat.js";
import { fairnessKind } from "./check.js";
import { cueControls, titleFor } from "./cues.js";
import { h, replace } from "./dom.js";
import { clockIcon, die } from "./dominoes.js";
import { legend, walkthrough } from "./help.js";
import { logPanel } from "./log.js";
import { matchResultWords, nextGameNumber, rematchWords, scoreWords } from "./match-score.js";
import { gamePlayers, matchNames } from "./messages.js";
import { animate, positions } from "./motion.js";
import { deciding } from "./moves.js";
import { ratingsAfterGame, ratingText } from "./ratings.js";
import { accuracyNodes, recordId } from "./result.js";
import { frameAt } from "./reveal.js";
import { sealedHere, yourMove } from "./seals.js";
import {
  SEATS,
  assignmentText,
  assignmentsWords,
  boostRollingWords,
  boostWords,
  clock,
  landedWords,
  notRatedWords,
  opponent,
  resultText,
  rollingWords,
  seatName,
  turnUpWords,
  variantText,
} from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */
/** @typedef {import("./state.js").Model} Model */
/** @typedef {(event: import("./state.js").RoomEvent) => void} Dispatch */

/**
 * The room as this page shows it: this player's move committed as soon as
 * it is sealed here, before the server shows the seal (which comes with
 * what follows it, protocol 13).
 * @param {Model} model @param {any} room
 */
function withMoveSealedHere(model, room) {
  if (!room.you || room.committed?.[room.you] || !sealedHere(model)) return room;
  return { ...room, committed: { ...room.committed, [room.you]: true } };
}

/**
 * What changes with time alone: the clocks and the title. Only those parts
 * are redrawn, so that what has focus, a half-typed chat line and what a
 * screen reader is reading stay put.
 * @param {Model} model @param {number} now
 */
export function drawClocks(model, now) {
  const room = model.room;
  if (!room) return;
  const shown = model.reveal ? model.reveal.before.room : withMoveSealedHere(model, room);
  const left = model.reveal ? null : clockLeft(model, now);
  const clockText = document.getElementById("clock-text");
  if (clockText && left !== null) {
    setText(clockText, clock(left));
    document.getElementById("clock")?.classList.toggle("urgent", left < 10_000);
  }
  const nextGame = document.getElementById("next-game-clock");
  if (nextGame && model.nextGame !== null) setText(nextGame, clock(model.nextGame - now));
  for (const seat of SEATS) {
    const state = document.getElementById(`state-${seat}`);
    if (state) setText(state, familyState(shown, seat));
  }
  const title = titleFor(shown, !model.reveal && !model.replaced && deciding(model), left);
  if (document.title !== title) document.title = title;
}

/** Sets an element's text only when it changes, so that nothing is re-read. @param {Element} element @param {string} text */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** Time left in the round, if it has a deadline. @param {Model} model @param {number} now */
function clockLeft(model, now) {
  return model.deadline !== null ? model.deadline - now : null;
}

/**
 * The dice tumbling on the cake turned to their next faces, between two
 * frames of a reveal.
 * @param {HTMLElement} root @param {number} now
 */
export function tumble(root, now) {
  root.querySelectorAll(".tumbling .dice").forEach((dice) => {
    dice.querySelectorAll("svg.die").forEach((drawn, index) => {
      const value = tumblingFace(index, now);
      if (drawn.getAttribute("data-value") !== String(value)) drawn.replaceWith(die(value));
    });
  });
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
  if (!model.replaced && deciding(model)) return t("room-caption-your-move", { round: ungrouped(room.view.round) });
  return "";
}


/**
 * Draws the whole room as it is shown now (during a reveal: as it was
 * before it, moved on by the beats landed so far, `model.shown`).
 * @param {HTMLElement} root
 * @param {Model} model
 * @param {Map<string, any>} odds
 * @param {Dispatch} dispatch
 * @param {number} now
 */
export function drawRoom(root, model, odds, dispatch, now) {
  const status = document.getElementById("connection");
  if (status) {
    const said = { connecting: t("room-link-connecting"), connected: "", reconnected: t("room-link-back"), reconnecting: t("room-link-reconnecting"), failed: t("room-link-failed") };
    status.textContent = said[/** @type {keyof typeof said} */ (model.link)] ?? "";
    status.dataset.link = model.link;
  }
  if (!model.room) {
    replace(root, h("section", { class: "room" }, h("p", { class: model.link === "failed" ? "error" : "" }, model.notice || t("room-entering")), model.link === "failed" ? h("p", {}, h("a", { href: "/" }, t("back-to-lobby"))) : null));
    return;
  }
  const reveal = model.reveal;
  const frame = reveal ? frameAt(reveal, now) : null;
  const room = reveal && frame ? { ...reveal.before.room, view: frame.view } : withMoveSealedHere(model, model.room);
  // A tab whose seat went to another plays no more.
  const yourTurn = !reveal && !model.replaced && deciding(model);
  /** @type {import("./board.js").Scene} */
  const scene = {
    room,
    view: room.view,
    bottom: /** @type {Seat} */ (room.you ?? "yellow"),
    changed: frame ? frame.changed : model.changed,
    reveal,
    frame,
    deciding: yourTurn,
    mice: model.mice,
    steal: model.steal,
    column: model.column,
    now,
  };
  const stage = room.view && room.game > 0
    ? board(scene, { tap: (column) => dispatch({ kind: "tap", column }), less: (column) => dispatch({ kind: "less", column }) })
    : room.status === "playing"
      ? h("p", { class: "dealing" }, t("room-dealing"))
      : waiting(room);
  const children = [
    h("div", { class: "room-head" }, title(model, room, now), tools(model, room, dispatch)),
    model.watching === "full" && !room.you ? h("p", { class: "notice", role: "status", id: "watching" }, t("room-watching-full")) : null,
    notRatedNotice(room),
    families(scene),
    h("div", { class: "play" }, h("div", { class: "stage" }, h("p", { class: "caption", id: "caption" }, caption(model, frame)), stage), side(model, room, odds, dispatch, { yourTurn, frame, now })),
    chatPanel(model, dispatch),
  ];
  const moved = reveal && model.shown.to > model.shown.from ? reveal.slots.slice(model.shown.from, model.shown.to).flatMap((slot) => slot.beat.changes) : [];
  const places = moved.length ? positions(root) : null;
  const reading = whatIsRead(root);
  // What a test (or a curious person) can read of the reveal's progress.
  const progress = frame ? { "data-landed": frame.landed, "data-beats": reveal?.slots.length ?? 0, "data-reveal-round": reveal?.round ?? 0 } : {};
  replace(root, h("section", { class: "room", "data-status": room.status, "data-revealing": reveal ? "true" : "false", ...progress }, ...children));
  if (places) animate(root, places, moved);
  reading();
  drawClocks(model, now);
}

/**
 * The side of the room: a seat taken elsewhere, the result, the move
 * panel, the notice, the move sealed, the walkthrough, the legend and the
 * rounds.
 * @param {Model} model @param {any} room the room shown @param {Map<string, any>} odds @param {Dispatch} dispatch
 * @param {{yourTurn: boolean, frame: import("./reveal.js").Frame | null, now: number}} shown
 */
function side(model, room, odds, dispatch, shown) {
  const reveal = model.reveal;
  const notice = reveal ? reveal.before.notice : model.notice;
  const act = { commit: () => dispatch({ kind: "commit" }), clear: () => dispatch({ kind: "clear" }), steal: (/** @type {string} */ piece) => dispatch({ kind: "steal", piece }) };
  return h(
    "div",
    { class: "side" },
    model.replaced ? replacedPanel(dispatch) : null,
    model.resultOpen && room.result && !reveal ? resultPanel(model, dispatch, shown.now) : null,
    shown.yourTurn ? assignPanel(model, odds, act) : null,
    notice ? h("p", { class: "notice", role: "status" }, notice) : null,
    reveal ? null : sealedMove(model),
    room.you && room.game <= 1 && room.status !== "finished" ? walkthrough(model.walkthroughDone, () => dispatch({ kind: "walkthrough_done" })) : null,
    room.view ? legend() : null,
    // Rounds still waiting to be revealed are not listed yet.
    logPanel(reveal ? model.rounds.filter((played) => played.report.round <= reveal.round) : model.rounds, model.past, reveal, shown.frame, shown.now),
  );
}

/**
 * What is being read, noted before the page is drawn anew; the function
 * returned puts it back: the rounds where they were, the chat at its
 * newest line unless scrolled back, the focus (a button disabled now, the
 * last "+", hands it to Commit) and a text field's caret.
 * @param {HTMLElement} root
 */
function whatIsRead(root) {
  const focused = document.activeElement?.id;
  const logScroll = root.querySelector(".side .log")?.scrollTop ?? 0;
  const chatLines = root.querySelector(".chat-lines");
  const chatAtEnd = !chatLines || chatLines.scrollTop + chatLines.clientHeight >= chatLines.scrollHeight - 4;
  const chatScroll = chatLines?.scrollTop ?? 0;
  return () => {
    const log = root.querySelector(".side .log");
    if (log) log.scrollTop = logScroll;
    const chat = root.querySelector(".chat-lines");
    if (chat) chat.scrollTop = chatAtEnd ? chat.scrollHeight : chatScroll;
    let again = focused ? document.getElementById(focused) : null;
    if (again instanceof HTMLButtonElement && again.disabled) again = document.getElementById("commit");
    again?.focus({ preventScroll: true });
    if (again instanceof HTMLInputElement && again.type === "text") again.setSelectionRange(again.value.length, again.value.length);
  };
}

/** This player's sealed move, shown while it waits for the other. @param {Model} model */
function sealedMove(model) {
  const move = yourMove(model);
  return move ? h("p", { class: "sealed-move", id: "your-move" }, t("room-your-move-sealed", { assignment: assignmentText(move) })) : null;
}

/** @param {Model} model @param {any} room the room shown @param {number} now */
function title(model, room, now) {
  const left = model.reveal ? null : clockLeft(model, now);
  return h(
    "header",
    { class: "room-title" },
    h("h1", {}, t("room-heading", { code: room.code })),
    h(
      "span",
      { class: "meta" },
      room.game > 0 ? t("room-meta-game", { game: ungrouped(room.game), round: ungrouped(room.view?.round ?? 0) }) : t("room-meta-waiting"),
      " · ",
      variantText(room.options),
      " · ",
      t("room-spectators", { count: room.spectators }),
    ),
    matchHeading(model, room),
    left !== null && room.status === "playing"
      ? h("span", { id: "clock", class: left < 10_000 ? "clock urgent" : "clock", role: "timer", "aria-label": t("room-clock-label") }, clockIcon(), h("span", { id: "clock-text" }, clock(left)))
      : null,
  );
}

/**
 * A match's score under the title: "Ann 2 – Bob 1 · first to 3"; before
 * its first game, that the room plays one.
 * @param {Model} model @param {any} room the room shown
 */
function matchHeading(model, room) {
  if (room.match) return h("p", { class: "match-score", id: "match-score" }, saidNodes(scoreWords(room.match, matchNames(model))));
  const firstTo = room.options?.first_to ?? 1;
  return firstTo > 1 ? h("p", { class: "match-score", id: "match-score" }, t("room-match-to", { first_to: ungrouped(firstTo) })) : null;
}

/**
 * The room's switches: the invitation link, sound, notifications, leaving
 * (on a phone, below the game: the screen is the board's).
 * @param {Model} model @param {any} room the room shown @param {Dispatch} dispatch
 */
function tools(model, room, dispatch) {
  const link = `${location.origin}/r/${room.code}`;
  const copy = h("button", { type: "button", class: "copy small", id: "copy-link" }, model.copied || t("room-copy-link"));
  copy.addEventListener("click", () => dispatch({ kind: "copy_link", link }));
  const cues = { toggle: () => dispatch({ kind: "sound_switch" }), ask: () => dispatch({ kind: "notify_asked" }) };
  return h("div", { class: "room-tools" }, room.you ? cueControls(model.sound, cues) : null, copy, leaveControl(model, dispatch));
}

/**
 * Leaving, for a player: at once outside a game; during one, asked first,
 * with what it costs (a forfeit, or, before both players had a move, the
 * game aborted).
 * @param {Model} model @param {Dispatch} dispatch
 */
function leaveControl(model, dispatch) {
  const room = model.room;
  if (!room.you || model.replaced) return null;
  if (!model.leaving) {
    const leave = h("button", { type: "button", class: "small", id: "leave" }, t("room-leave"));
    leave.addEventListener("click", () => dispatch({ kind: "leave_asked" }));
    return leave;
  }
  // A game is rated, and a leave forfeits it, from its first round revealed on.
  const question = model.rounds.length
    ? t("room-leave-question-forfeit", { winner: seatName(opponent(room.you)) })
    : t("room-leave-question-aborted");
  const leave = h("button", { type: "button", class: "small", id: "leave-now" }, t("room-leave-now"));
  const stay = h("button", { type: "button", class: "small primary", id: "stay" }, t("room-stay"));
  leave.addEventListener("click", () => dispatch({ kind: "leave_now" }));
  stay.addEventListener("click", () => dispatch({ kind: "stay" }));
  return h("div", { class: "leave-confirm", role: "group", "aria-labelledby": "leave-question" }, h("p", { id: "leave-question" }, question), leave, stay);
}

/**
 * Why a rated room's game is not rated, told as it starts (and again from
 * the state after a reload) so that nobody plays it for a rating it will
 * not change.
 * @param {any} room
 */
function notRatedNotice(room) {
  if (!room.options?.rated || !room.not_rated || room.game === 0) return null;
  return h("p", { class: "notice", id: "not-rated" }, t("room-not-rated", { reason: notRatedWords(room.not_rated) }));
}

/** @param {any} room */
function waiting(room) {
  const link = `${location.origin}/r/${room.code}`;
  return h(
    "div",
    { class: "waiting" },
    h("p", { class: "big-code" }, room.code),
    h("p", {}, room.you ? t("room-waiting-opponent") : t("room-waiting-players")),
    room.you ? h("p", {}, h("a", { href: link }, link)) : null,
  );
}

/** This tab gave its seat to another: it says so and stops. @param {Dispatch} dispatch */
function replacedPanel(dispatch) {
  const back = h("button", { type: "button", class: "primary", id: "take-back" }, t("room-take-back"));
  back.addEventListener("click", () => dispatch({ kind: "take_back" }));
  return h(
    "section",
    { class: "replaced", role: "alert" },
    h("h2", {}, t("room-replaced-heading")),
    h("p", {}, t("room-replaced")),
    h("p", {}, back),
  );
}

/**
 * @param {Model} model
 * @param {Dispatch} dispatch
 * @param {number} now
 */
function resultPanel(model, dispatch, now) {
  const room = model.room;
  const id = recordId(model);
  const close = h("button", { type: "button", id: "close-result" }, t("room-result-close"));
  close.addEventListener("click", () => dispatch({ kind: "close_result" }));
  // An arena pairs its players again: no rematch, and the page goes back.
  const arena = model.arenaReturn;
  const asked = Boolean(room.you && room.rematch[room.you]);
  // In a match, the same message says "ready for the next game", or starts a new match.
  const rematchLabel = room.match ? rematchWords(room.match, asked) : asked ? t("room-rematch-asked") : t("room-rematch");
  const rematch = room.you && room.players[opponent(room.you)] && !arena
    ? h("button", { type: "button", class: "primary", id: "rematch", disabled: asked }, rematchLabel)
    : null;
  const backToArena = arena
    ? h("p", { id: "arena-return", class: "notice" }, t("room-arena-return"), " ", h("a", { href: `/a/${arena}` }, t("room-arena-go-now")))
    : null;
  rematch?.addEventListener("click", () => dispatch({ kind: "rematch" }));
  let verdict = "";
  if (room.you && room.result.winner) verdict = room.result.winner === room.you ? t("room-result-win") : t("room-result-lose");
  const left = room.you && !room.players[opponent(room.you)] ? h("p", { class: "notice" }, t("room-result-opponent-left")) : null;
  return h(
    "section",
    { class: "result", role: "dialog", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title", tabindex: -1 }, t("room-result-heading", { game: ungrouped(room.game) })),
    h("p", {}, resultText(room.result)),
    verdict ? h("p", { class: "verdict" }, verdict) : null,
    ...matchLines(model, now),
    ratingsLine(model),
    room.options?.rated && room.result.ending.kind === "abandoned" ? h("p", { id: "not-rated-result" }, t("room-result-not-rated", { reason: notRatedWords("abandoned") })) : null,
    model.fairness ? h("p", { id: "fairness", class: fairnessKind(model.fairness) }, model.fairness) : null,
    accuracyLine(model, id),
    // A game never dealt has no cake to replay: its page tells its deal.
    id ? h("p", {}, h("a", { href: `/g/${id}`, id: "replay-link" }, room.view ? t("room-result-replay") : t("room-result-how-it-ended"))) : null,
    arena ? null : left,
    backToArena,
    h("p", { class: "buttons" }, rematch, " ", close),
  );
}

/**
 * How the match stands in the result: the game's place and the score, or
 * how the match ended, and the countdown to its next game (redrawn by
 * `drawClocks`).
 * @param {Model} model @param {number} now
 */
function matchLines(model, now) {
  const score = model.room.match;
  if (!score) return [];
  const lines = matchResultWords(score, model.room.result, matchNames(model)).map((said, index) =>
    h("p", { class: "match-result", id: index === 0 ? "match-result" : undefined }, saidNodes(said)),
  );
  if (model.nextGame !== null && !score.end) {
    const countdown = h("span", { id: "next-game-clock" }, clock(model.nextGame - now));
    lines.push(h("p", { id: "next-game", class: "notice" }, wordsWith("room-match-next-game", { number: ungrouped(nextGameNumber(score)), clock: countdown })));
  }
  return lines;
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
  const list = document.createDocumentFragment();
  ratings.forEach(({ seat, rating, change }, index) => {
    if (index > 0) list.append(" · ");
    const name = players[seat]?.name;
    const player = name ? wordsWith("room-player", { name, seat: seatName(seat) }, ["name"]) : seatName(seat);
    list.append(change ? wordsWith("room-rating-change", { player, rating: ratingText(rating), change }) : wordsWith("room-rating", { player, rating: ratingText(rating) }));
  });
  return h("p", { id: "ratings-after" }, wordsWith("room-ratings", { ratings: list }));
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
  return h("p", { id: "result-accuracy", class: kind || undefined, "data-state": busy ? "busy" : asked.kind }, accuracyNodes(model, asked));
}
