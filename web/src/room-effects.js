// What the room page does about an event, as state.js's `update` says in
// its effects: messages sent, what is stored (the sealing, the name, the
// choice to read the spectators), a nonce drawn, seals and leaves signed,
// a finished game checked, its analysis asked for, the live region told,
// sounds and notifications, the clocks' timers, and leaving the page. The
// answers come back as events, through `dispatch`.

import { askAnalysis } from "./analysis.js";
import { arenaPlay } from "./arena-link.js";
import { checkGame } from "./check.js";
import { t } from "./catalogue.js";
import { askNotifications, notify, sound } from "./cues.js";
import { announce } from "./dom.js";
import { freshNonce, signLeave, signSeal } from "./keys.js";
import { pairing } from "./seek.js";
import { names, sealing, soundSwitch, spectatorChat, walkthroughDismissed } from "./stored.js";

/** @typedef {import("./state.js").Effect} Effect */
/** @typedef {import("./state.js").RoomEvent} RoomEvent */

/**
 * What the effects act on: the page's connection, its timers, and what the
 * room page (room.js) does to leave it or enter again.
 * @typedef {{
 *   name: string,
 *   connection: import("./net.js").Connection | null,
 *   dispatch: (event: RoomEvent) => void,
 *   timers: Map<string, number>,
 *   go: (path: string) => void,
 *   stop: () => void,
 *   watchInstead: () => void,
 *   askName: (reason: string) => void,
 *   keyRequired: (reason: string) => void,
 * }} Shell
 */

/**
 * Carries out one effect; returns whether the page is still this room's.
 * @param {Effect} effect @param {Shell} shell @param {Event} [cause] the DOM event behind it, if any
 * @returns {boolean}
 */
export function perform(effect, shell, cause) {
  switch (effect.kind) {
    case "go":
      shell.go(effect.path);
      return false;
    case "reload":
      shell.stop();
      location.reload();
      return false;
    case "unpaired": {
      const kept = pairing.get();
      if (kept) pairing.set({ ...kept, reason: effect.reason, ended: !effect.requeued });
      shell.go("/play");
      return false;
    }
    case "back_to_arena":
      // The result a moment (drawn with a link back), then the arena.
      if (effect.after_ms === 0) {
        shell.go(`/a/${effect.arena}`);
        return false;
      }
      window.setTimeout(() => shell.go(`/a/${effect.arena}`), effect.after_ms);
      return true;
    case "watch_instead":
      shell.stop();
      shell.watchInstead();
      return false;
    case "ask_name":
      shell.stop();
      shell.askName(effect.reason);
      return false;
    case "key_required":
      shell.stop();
      shell.keyRequired(effect.reason);
      return false;
    case "leave":
      if (shell.connection?.leave(effect.signature)) return true;
      shell.stop();
      location.assign("/");
      return false;
    default:
      return performStaying(effect, shell, cause);
  }
}

/**
 * Carries out an effect that leaves the page where it is.
 * @param {Effect} effect @param {Shell} shell @param {Event} [cause]
 * @returns {true}
 */
function performStaying(effect, shell, cause) {
  const dispatch = shell.dispatch;
  switch (effect.kind) {
    case "forget_pairing":
      pairing.forget();
      break;
    case "keep_name":
      names.set(shell.name);
      break;
    case "send":
      // Only a message that went at once is answered (an opening noted as sent).
      if (shell.connection?.send(effect.message) && effect.sent) dispatch(effect.sent);
      break;
    case "announce":
      announce(effect.text);
      break;
    case "store_sealing":
      sealing.set(effect.code, effect.sealing);
      break;
    case "keep_follow":
      spectatorChat.set(effect.on);
      break;
    case "keep_sound":
      soundSwitch.set(effect.on);
      break;
    case "keep_walkthrough":
      walkthroughDismissed.set();
      break;
    case "url":
      if (location.pathname !== effect.path) history.replaceState(null, "", effect.path);
      break;
    case "prevent_default":
      cause?.preventDefault();
      break;
    case "later":
      window.setTimeout(() => dispatch(effect.event), 0);
      break;
    default:
      performAsking(effect, shell);
  }
  return true;
}

/**
 * Carries out an effect whose answer comes later, as an event: entropy,
 * signatures, a check, an analysis, the timers' ticks; and the cues.
 * @param {Effect} effect @param {Shell} shell
 */
function performAsking(effect, shell) {
  const dispatch = shell.dispatch;
  switch (effect.kind) {
    case "draw_nonce":
      dispatch({ kind: "nonce", round: effect.round, assignment: effect.assignment, nonce: freshNonce() });
      break;
    case "sign_seal": {
      const { code, game, round, seal, seatKey } = effect;
      signSeal(seal).catch(() => null).then((signed) => dispatch({ kind: "seal_signed", code, game, round, seal, seatKey, signed }));
      break;
    }
    case "sign_leave":
      signLeave(effect.commitment, effect.round, effect.seat).catch(() => null).then((signed) => dispatch({ kind: "leave_signed", signed, seatKey: effect.seatKey }));
      break;
    case "check_game":
      checkGame(effect.id, effect.commitment, effect.seen).then((fairness) => dispatch({ kind: "checked", fairness }));
      break;
    case "ask_notifications":
      askNotifications().then(() => dispatch({ kind: "changed" }));
      break;
    case "copy": {
      const text = effect.text;
      navigator.clipboard.writeText(text).then(
        () => dispatch({ kind: "copied", text: t("room-link-copied") }),
        () => dispatch({ kind: "copied", text }),
      );
      break;
    }
    case "ask_analysis":
      askAnalysis(effect.id).then((asked) => dispatch({ kind: "analysed", id: effect.id, asked }));
      break;
    case "timer":
      if (!shell.timers.has(effect.name)) {
        const tick = effect.name === "clock" ? "tick" : "reveal_tick";
        shell.timers.set(effect.name, window.setInterval(() => dispatch({ kind: tick }), effect.every));
      }
      break;
    case "stop_timer":
      window.clearInterval(shell.timers.get(effect.name));
      shell.timers.delete(effect.name);
      break;
    case "sound":
      sound(effect.what);
      break;
    case "notify":
      notify(effect.title, effect.body, effect.tag);
      break;
  }
}

/**
 * Whether this tab plays the room `code` for a pairing, and the arena
 * whose game it is, if any: read from this tab's storage as each event
 * comes.
 * @param {string} code the room's code, in capitals
 */
export function pairedHere(code) {
  const kept = pairing.get();
  const arenaGame = arenaPlay.get();
  return {
    paired: Boolean(kept && kept.code.toUpperCase() === code),
    arena: arenaGame && arenaGame.code?.toUpperCase() === code ? arenaGame.arena : null,
  };
}
