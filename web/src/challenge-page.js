// A challenge's page, /c/ID (its link): who challenges whom, to what room,
// how long it still waits or how it ended (`/api/challenges/ID`). To the
// browser that holds the challenged key: Accept and Decline; to the
// challenger's: Cancel; to anyone else, whose it is to answer. The answers
// go over this browser's watch (challenge-banner.js), which takes the tab
// to the room of the challenge it accepts, and tells the page how it ends.

import { t, wordsWith } from "./catalogue.js";
import { watchChallenges } from "./challenge-banner.js";
import { optionsWords } from "./challenges.js";
import { botBadge, h, replace } from "./dom.js";
import { keptPublicKey } from "./keys.js";
import { notFound } from "./pages.js";
import { refusalText } from "./refusals.js";
import { clock } from "./words.js";

/** @typedef {import("./challenges.js").Challenge} Challenge */
/** @typedef {import("./challenges.js").ChallengeEnd} ChallengeEnd */

/**
 * Shows challenge `id` (ten characters, in capitals) in `root`.
 * @param {HTMLElement} root @param {string} id
 */
export async function showChallenge(root, id) {
  document.title = t("challenge-page-title", { id });
  replace(root, h("p", {}, t("challenge-page-loading")));
  const [answer, mine] = await Promise.all([challengeOf(id), keptPublicKey()]);
  if (answer.status === 404) {
    notFound(root, t("challenge-page-not-found", { id }));
    return;
  }
  if (!answer.body?.challenge) {
    notFound(root, answer.body?.message ? refusalText(answer.body) : t("challenge-page-unreachable"));
    return;
  }
  const page = new ChallengePage(root, answer.body.challenge, answer.body.end ?? null, mine);
  page.draw();
  if (mine) page.watch();
}

/**
 * `/api/challenges/ID`'s answer: its status and body (null if none came).
 * @param {string} id
 * @returns {Promise<{status: number, body: any}>}
 */
async function challengeOf(id) {
  try {
    const response = await fetch(`/api/challenges/${id}`, { cache: "no-store" });
    return { status: response.status, body: await response.json() };
  } catch {
    return { status: 0, body: null };
  }
}

/** A player named, linked to their page (a bot's with its badge). @param {import("./challenges.js").ChallengePlayer} player */
function playerLink(player) {
  const name = player.name || t("challenges-unnamed", { key: String(player.key).slice(0, 8) });
  return h("span", {}, h("a", { href: `/p/${player.key}` }, h("bdi", {}, name)), player.bot ? botBadge() : null);
}

class ChallengePage {
  /**
   * @param {HTMLElement} root @param {Challenge} challenge @param {ChallengeEnd | null} end
   * @param {string | null} mine this browser's key
   */
  constructor(root, challenge, end, mine) {
    this.root = root;
    this.challenge = challenge;
    this.end = end;
    this.until = Date.now() + Math.max(0, Number(challenge.expires_in_ms) || 0);
    /** Whose side this browser is on. */
    this.side = mine === challenge.to.key ? "to" : mine === challenge.from.key ? "from" : "other";
    this.left = h("p", { id: "challenge-left" });
    this.error = h("p", { class: "error", role: "alert", id: "challenge-error" });
    this.state = h("div", { id: "challenge-state", role: "status" });
    /** @type {import("./challenge-banner.js").ChallengeWatch | null} */
    this.link = null;
    /** @type {number | null} */
    this.ticking = null;
  }

  draw() {
    const challenge = this.challenge;
    replace(
      this.root,
      h(
        "section",
        { class: "challenge-page" },
        h("h1", {}, t("challenge-page-heading")),
        h("p", { id: "challenge-who" }, wordsWith("challenge-page-who", { from: playerLink(challenge.from), to: playerLink(challenge.to) })),
        h("p", { id: "challenge-options" }, optionsWords(challenge.options)),
        this.state,
        this.error,
        h("p", { class: "page-links" }, h("a", { href: "/" }, t("back-to-lobby"))),
      ),
    );
    this.drawState();
  }

  /** How it stands: waiting (with what this browser may do) or ended. */
  drawState() {
    if (this.end) {
      this.stopTicking();
      replace(this.state, h("p", { id: "challenge-ended" }, endedWords(this.challenge, this.end)));
      return;
    }
    this.left.textContent = t("challenge-page-left", { clock: clock(this.until - Date.now()) });
    replace(this.state, this.left, this.actions());
    this.ticking ??= window.setInterval(() => {
      this.left.textContent = t("challenge-page-left", { clock: clock(this.until - Date.now()) });
    }, 1000);
  }

  stopTicking() {
    if (this.ticking !== null) window.clearInterval(this.ticking);
    this.ticking = null;
  }

  /** What this browser may do: answer it, take it back, or nothing (whose it is, said). */
  actions() {
    const id = this.challenge.id;
    /** @param {string} name @param {string} words @param {(watch: import("./challenge-banner.js").ChallengeWatch) => void} act @param {boolean} primary */
    const button = (name, words, act, primary) => {
      const made = h("button", { type: "button", id: `challenge-${name}`, class: primary ? "primary" : "" }, words);
      made.addEventListener("click", () => {
        if (!this.link) return;
        this.error.textContent = "";
        for (const each of made.parentElement?.querySelectorAll("button") ?? []) each.setAttribute("disabled", "");
        act(this.link);
      });
      return made;
    };
    if (this.side === "to") {
      return h("p", { class: "buttons" }, button("accept", t("challenges-accept"), (watch) => watch.accept(id), true), " ", button("decline", t("challenges-decline"), (watch) => watch.decline(id), false));
    }
    if (this.side === "from") return h("p", { class: "buttons" }, button("cancel", t("challenges-cancel"), (watch) => watch.cancel(id), false));
    const to = this.challenge.to;
    return h(
      "p",
      { id: "challenge-not-yours" },
      wordsWith("challenge-page-not-yours", { name: to.name || t("challenges-unnamed", { key: to.key.slice(0, 8) }), key: h("code", { class: "key" }, to.key) }, to.name ? ["name"] : []),
    );
  }

  /** Hears, over this browser's watch, how the challenge ends, and a refusal of an answer. */
  async watch() {
    const watch = await watchChallenges({ except: this.challenge.id });
    if (!watch) return;
    this.link = watch;
    watch.listen((event) => {
      if (event.kind === "message" && event.message.type === "challenge_ended" && event.message.id === this.challenge.id) {
        this.end = event.message.end ?? { kind: "expired" };
        this.drawState();
      } else if (event.kind === "refused" && ["accept_challenge", "decline_challenge", "cancel_challenge"].includes(event.asked ?? "")) {
        this.error.textContent = event.reason;
        if (event.code === "unknown_challenge") this.refetch();
        else this.drawState();
      }
    });
  }

  /** The challenge as the server has it now (it ended meanwhile). */
  async refetch() {
    const answer = await challengeOf(this.challenge.id);
    if (answer.body?.challenge) this.end = answer.body.end ?? null;
    this.drawState();
  }
}

/**
 * How a challenge ended, as its page says it to anyone: accepted (a link
 * to its room), declined, taken back, expired.
 * @param {Challenge} challenge @param {ChallengeEnd} end
 */
function endedWords(challenge, end) {
  if (end.kind === "accepted" && end.code) {
    return wordsWith("challenge-page-accepted", { room: h("a", { href: `/r/${end.code}` }, h("bdi", {}, end.code)) });
  }
  const name = challenge.from.name || t("challenges-unnamed", { key: challenge.from.key.slice(0, 8) });
  return wordsWith("challenge-page-ended", { end: end.kind, name }, challenge.from.name ? ["name"] : []);
}
