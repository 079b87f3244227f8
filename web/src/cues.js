// Cues for a player looking elsewhere: the tab's title says whose move it
// is (with the time left when it runs low), an optional sound (off unless
// turned on, remembered), and a system notification where the player
// allowed them. They follow what the page shows: never ahead of a reveal.

import { t } from "./catalogue.js";
import { h } from "./dom.js";
import { soundSwitch } from "./stored.js";
import { clock } from "./words.js";

/** Below this, the title shows the time left. */
const LOW_MS = 15_000;

/** Whether sounds are on in this browser. */
export function soundOn() {
  return soundSwitch.get();
}

/**
 * The page's title for what it shows.
 * @param {any} room the room shown @param {boolean} yourMove @param {number | null} left ms
 */
export function titleFor(room, yourMove, left) {
  const code = room.code;
  if (yourMove) return left !== null && left < LOW_MS ? t("cues-title-your-move-low", { clock: clock(left), code }) : t("cues-title-your-move", { code });
  if (room.status === "finished") return t("cues-title-game-over", { code });
  return t("cues-title", { code });
}

/** @type {AudioContext | null} */
let audio = null;
/**
 * Whether this page has had no tap or key yet: a page loaded (or
 * reloaded) without one may make no sound until it has.
 */
let untouched = !(navigator.userActivation?.hasBeenActive ?? true);

/**
 * Whether the sound is on but the browser holds it back until the page is
 * tapped or a key pressed (after a reload, say: a page may make no sound
 * before its visitor acted on it).
 */
export function soundHeld() {
  if (!soundOn()) return false;
  if (audio) return audio.state === "suspended";
  return untouched;
}

/**
 * Brings the sound back with the first tap or key, as the browser allows
 * only then; `changed` redraws what says it was held.
 * @param {() => void} changed @param {AbortSignal} signal
 */
export function wakeSound(changed, signal) {
  const wake = () => {
    untouched = false;
    if (!soundOn() || (audio && audio.state !== "suspended")) return;
    try {
      audio ??= new AudioContext();
      // Redrawn once the tap or key has done what it was for.
      if (audio.state === "suspended") audio.resume().then(changed, () => {});
      else window.setTimeout(changed, 0);
    } catch {
      // No sound here: nothing else depends on it.
    }
  };
  for (const type of ["click", "keydown"]) document.addEventListener(type, wake, { capture: true, signal });
}

/**
 * A short sound: two rising notes for "your move", a click for dice down.
 * @param {"move" | "dice"} kind
 */
export function sound(kind) {
  // A context made before the visitor acted would start silent.
  if (!soundOn() || soundHeld()) return;
  try {
    audio ??= new AudioContext();
    const notes = kind === "move" ? [660, 880] : [220];
    notes.forEach((frequency, index) => {
      if (!audio) return;
      const start = audio.currentTime + index * 0.12;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(kind === "move" ? 0.15 : 0.08, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.1);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.11);
    });
  } catch {
    // No sound here: nothing else depends on it.
  }
}

/** Whether this page may show system notifications at all (a secure page). */
function notificationsPossible() {
  // words-check: the name of the browser's API, never shown
  return window.isSecureContext && "Notification" in window;
}

/**
 * Tells a player who is looking elsewhere: a notification when they
 * allowed them and the tab is hidden.
 * @param {string} title @param {string} body @param {string} tag
 */
export function notify(title, body, tag) {
  if (!notificationsPossible() || Notification.permission !== "granted" || !document.hidden) return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some browsers allow notifications only from a service worker.
  }
}

/**
 * The room's switches: sound on or off (`on`), and asking for
 * notifications; what a tap on them does is the room's (`act`).
 * @param {boolean} on @param {{toggle: () => void, ask: () => void}} act
 */
export function cueControls(on, act) {
  const toggle = h("button", { type: "button", id: "sound", class: "small", "aria-pressed": on ? "true" : "false" }, on ? t("cues-sound-on") : t("cues-sound-off"));
  toggle.addEventListener("click", act.toggle);
  let ask = null;
  if (notificationsPossible() && Notification.permission === "default") {
    ask = h("button", { type: "button", id: "notify", class: "small" }, t("cues-notify"));
    ask.addEventListener("click", act.ask);
  }
  const held = soundHeld() ? h("span", { class: "hint", id: "sound-held", role: "status" }, t("cues-sound-held")) : null;
  return h("span", { class: "cues" }, toggle, held, ask);
}

/** Asks the browser to allow notifications; resolves once it answered. */
export async function askNotifications() {
  await Notification.requestPermission();
}
