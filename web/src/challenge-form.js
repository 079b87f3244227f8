// On a player's page (players.js): challenging them — "Challenge Bob"
// opens a small form (a match's length, rated or casual, the time a round,
// the pieces and boost), sent over this browser's watch of its challenges
// (challenge-banner.js), whose banner then shows it waiting for the
// answer, with its link and Cancel; its end, or a refusal, is said here
// too. On your own page: whom you take challenges from (everyone, players
// you have played, nobody), signed with the key.

import { saidText, t, wordsWith } from "./catalogue.js";
import { watchChallenges } from "./challenge-banner.js";
import { h } from "./dom.js";
import { CHALLENGES_FROM } from "./fair.js";
import { names } from "./stored.js";

/** The match lengths offered: 1 is a single game. */
const FIRST_TO = [1, 2, 3, 5, 7];
/** The standard stall limit, which a rated room needs. */
const STALL_LIMIT = 100;

/**
 * @param {string} id @param {ReadonlyArray<readonly [string, string]>} options values and what they say
 * @returns {HTMLSelectElement}
 */
function select(id, options) {
  return /** @type {HTMLSelectElement} */ (h("select", { id, name: id }, ...options.map(([value, label]) => h("option", { value }, label))));
}

/** Whether this browser can keep a key (a challenge is made with one). */
const canKeepKey = () => Boolean(globalThis.indexedDB && globalThis.crypto?.subtle);

/**
 * "Challenge NAME" and its form, for the page of another player.
 * @param {{key: string, name: string}} player
 * @returns {HTMLElement | null}
 */
export function challengeSection(player) {
  if (!canKeepKey()) return null;
  const open = h("button", { type: "button", id: "challenge-open", "aria-expanded": "false", "aria-controls": "challenge-form" }, player.name ? wordsWith("challenge-form-open", { name: player.name }, ["name"]) : t("challenge-form-open-unnamed"));
  const status = h("p", { id: "challenge-status", role: "status" });
  const form = challengeForm(player, status, () => close());
  const close = () => {
    form.hidden = true;
    open.setAttribute("aria-expanded", "false");
    open.focus();
  };
  open.addEventListener("click", () => {
    form.hidden = !form.hidden;
    open.setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) /** @type {HTMLElement | null} */ (form.querySelector("select, input"))?.focus();
  });
  return h("section", { class: "challenge-player", "aria-labelledby": "challenge-open" }, h("p", {}, open), form, status);
}

/**
 * The form itself, hidden until opened.
 * @param {{key: string, name: string}} player @param {HTMLElement} status @param {() => void} close
 */
function challengeForm(player, status, close) {
  const needsName = !names.get();
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "challenge-name", name: "challenge-name", maxlength: 32, required: true, autocomplete: "nickname", value: names.proposed() }));
  const error = h("p", { class: "error", role: "alert", id: "challenge-error" });
  const send = h("button", { type: "submit", class: "primary", id: "challenge-send" }, t("challenge-form-send"));
  const cancel = h("button", { type: "button", id: "challenge-close" }, t("challenge-form-close"));
  cancel.addEventListener("click", close);
  const form = /** @type {HTMLFormElement} */ (
    h(
      "form",
      { id: "challenge-form", class: "challenge-form", hidden: true, "aria-labelledby": "challenge-open" },
      needsName ? h("p", {}, h("label", { for: "challenge-name" }, t("challenge-form-your-name"), " "), name) : null,
      h("p", {}, h("label", { for: "challenge-first-to" }, t("challenge-form-match"), " "), select("challenge-first-to", FIRST_TO.map((wins) => /** @type {const} */ ([String(wins), t("challenge-form-first-to", { wins })])))),
      h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "challenge-rated", name: "challenge-rated" }), " ", t("challenge-form-rated"))),
      h("p", {}, h("label", { for: "challenge-deadline" }, t("challenge-form-time"), " "), select("challenge-deadline", times())),
      h("p", {}, h("label", { for: "challenge-reveal" }, t("challenge-form-pieces"), " "), select("challenge-reveal", reveals())),
      h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "challenge-boost", name: "challenge-boost" }), " ", t("challenge-form-boost"))),
      error,
      h("p", { class: "buttons" }, send, " ", cancel),
    )
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = needsName ? name.value.trim() : names.get();
    if (!chosen) return name.focus();
    if (needsName) names.propose(chosen);
    error.textContent = "";
    send.setAttribute("disabled", "");
    const sent = await sendChallenge(player, optionsOf(new FormData(form)), chosen, status, error);
    send.removeAttribute("disabled");
    if (sent) close();
  });
  return form;
}

/** Times a round: "" is the server's default. */
const times = () => /** @type {const} */ ([
  ["", t("challenge-form-time-default")],
  ["30000", t("challenge-form-time-seconds", { seconds: 30 })],
  ["60000", t("challenge-form-time-minutes", { minutes: 1 })],
  ["120000", t("challenge-form-time-minutes", { minutes: 2 })],
  ["0", t("challenge-form-time-none")],
]);

/** How the pieces start. */
const reveals = () => /** @type {const} */ ([
  ["standard", t("challenge-form-reveal-standard")],
  ["all_face_up", t("challenge-form-reveal-all-face-up")],
  ["all_face_down", t("challenge-form-reveal-all-face-down")],
]);

/**
 * The room the form asks for: private, no bot, the standard stall limit.
 * @param {FormData} data
 */
export function optionsOf(data) {
  const deadline = String(data.get("challenge-deadline") ?? "");
  const firstTo = Number(data.get("challenge-first-to") ?? 1);
  return {
    game: { reveal: String(data.get("challenge-reveal") ?? "standard"), boost: data.get("challenge-boost") === "on", stall_limit: STALL_LIMIT },
    deadline_ms: deadline === "" ? null : Number(deadline),
    public: false,
    bot: null,
    record_chat: false,
    rated: data.get("challenge-rated") === "on",
    ...(firstTo > 1 ? { first_to: firstTo } : {}),
  };
}

/**
 * Sends the challenge and waits for its answer: sent (the banner shows it
 * waiting; its end is said in `status` too), or refused (said in
 * `error`). Resolves whether it was sent.
 * @param {{key: string, name: string}} player @param {object} options @param {string} name
 * @param {HTMLElement} status @param {HTMLElement} error
 * @returns {Promise<boolean>}
 */
async function sendChallenge(player, options, name, status, error) {
  const watch = await watchChallenges({ make: true });
  if (!watch) {
    error.textContent = t("challenge-form-keyless");
    return false;
  }
  return new Promise((resolve) => {
    const stop = watch.listen((event) => {
      if (event.kind === "refused" && event.asked === "challenge") {
        stop();
        error.textContent = event.reason;
        resolve(false);
      } else if (event.kind === "message" && event.message.type === "challenge_sent" && event.message.challenge?.to?.key === player.key) {
        stop();
        status.textContent = t("challenge-form-sent");
        followEnd(watch, event.message.challenge.id, status);
        resolve(true);
      }
    });
    watch.challenge(player.key, options, name);
  });
}

/**
 * Says in `status` how challenge `id` ended.
 * @param {import("./challenge-banner.js").ChallengeWatch} watch @param {string} id @param {HTMLElement} status
 */
function followEnd(watch, id, status) {
  const stop = watch.listen((event) => {
    if (event.kind !== "message" || event.message.type !== "challenge_ended" || event.message.id !== id) return;
    stop();
    // The watch heard it first: its note says it (none when this tab goes to the room).
    const note = watch.model.notes.find((each) => each.id === id);
    if (note) status.textContent = saidText(note.said);
  });
}

/**
 * On your own page: whom you take challenges from, a select that signs and
 * sends each choice (once the watch says what it is now).
 * @returns {HTMLElement | null}
 */
export function challengesFromSection() {
  if (!canKeepKey()) return null;
  const choice = select("challenges-from", CHALLENGES_FROM.map((from) => /** @type {const} */ ([from, t("challenges-from-choice", { from })])));
  choice.setAttribute("disabled", "");
  const status = h("p", { id: "challenges-from-status", role: "status" });
  const section = h(
    "section",
    { class: "challenges-from", "aria-labelledby": "challenges-from-title" },
    h("h2", { id: "challenges-from-title" }, t("challenges-from-heading")),
    h("p", {}, h("label", { for: "challenges-from" }, t("challenges-from-label"), " "), choice),
    status,
  );
  watchChallenges().then((watch) => {
    if (!watch) return;
    /** Shows what the server says it is. @param {string | null} from */
    const shown = (from) => {
      if (!from) return;
      choice.value = from;
      choice.removeAttribute("disabled");
    };
    shown(watch.model.from);
    watch.listen((event) => {
      if (event.kind === "message" && event.message.type === "challenges") shown(watch.model.from);
      if (event.kind === "message" && event.message.type === "challenges_from_set") {
        shown(watch.model.from);
        status.textContent = t("challenges-from-set", { from: String(event.message.from) });
      }
      if (event.kind === "refused" && event.asked === "challenges_from") {
        shown(watch.model.from);
        status.textContent = event.reason;
      }
    });
    choice.addEventListener("change", async () => {
      status.textContent = "";
      const from = /** @type {import("./fair.js").ChallengesFrom} */ (choice.value);
      if (!(await watch.choose(from))) status.textContent = t("challenge-form-keyless");
    });
  });
  return section;
}
