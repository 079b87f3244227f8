// This browser's challenges on every page where it has its key: one watch
// (challenge-link.js) and the banner at the foot of the screen, newest
// first — a challenge to you ("Ann challenges you: a match to 3, rated,
// 60 s a round", the time it still waits, Accept / Decline), one you made
// ("Waiting for Bob's answer", its link, Cancel), and how those that ended
// ended until dismissed. What changes is told in the banner's live region.
// A challenge accepted takes the tab that made or accepted it to its room
// (/r/CODE), where the room page takes the seat with the key, as after a
// pairing; another tab's note links there. The player page (challenge
// form) and the challenge's page (/c/ID) send through the same watch and
// hear what it hears.

import { saidNodes, saidText, t } from "./catalogue.js";
import { challengesAfter, leftWords, noChallenges, openLine } from "./challenges.js";
import { ChallengeLink } from "./challenge-link.js";
import { h, replace } from "./dom.js";
import { keptPublicKey, playerKey, signChallengesFrom } from "./keys.js";
import { keptForTab } from "./stored.js";

/** @typedef {import("./challenges.js").ChallengeEvent} ChallengeEvent */
/** @typedef {import("./challenge-link.js").LinkEvent} LinkEvent */

/**
 * The challenges this tab made or accepted, kept for the tab: the tab that
 * goes to the room of one accepted.
 */
const ours = /** @type {ReturnType<typeof keptForTab<string[]>>} */ (keptForTab("mice-cake:challenges", (kept) => Array.isArray(kept)));

/** The messages that answer a challenge: their refusals are the banner's to say. */
const ANSWERS = new Set(["accept_challenge", "decline_challenge", "cancel_challenge"]);

/** The most ids kept for the tab. */
const MOST_OURS = 20;

/** @param {string} id */
function remember(id) {
  ours.set([id, ...(ours.get() ?? []).filter((each) => each !== id)].slice(0, MOST_OURS));
}

/** @param {string} id */
function isOurs(id) {
  return (ours.get() ?? []).includes(id);
}

export class ChallengeWatch {
  /** @param {string | null} except a challenge the page shows itself, left out of the banner */
  constructor(except) {
    this.model = noChallenges();
    /** @type {Set<(event: LinkEvent) => void>} */
    this.listeners = new Set();
    /** Challenges sent from this page whose `challenge_sent` has not come. */
    this.making = 0;
    /** The challenge last answered (accepted, declined, cancelled) here. @type {string | null} */
    this.answering = null;
    this.banner = new Banner(this, except);
    this.link = new ChallengeLink((event) => this.heard(event));
  }

  /** @param {LinkEvent} event */
  heard(event) {
    if (event.kind === "message") this.message(event.message);
    if (event.kind === "refused") this.refused(event);
    for (const listener of [...this.listeners]) listener(event);
  }

  /** @param {any} message */
  message(message) {
    const now = Date.now();
    switch (message.type) {
      case "challenges":
        return this.apply({ kind: "challenges", message, now });
      case "challenged":
        return this.apply({ kind: "challenged", challenge: message.challenge, now });
      case "challenge_sent":
        if (this.making > 0) {
          this.making -= 1;
          remember(message.challenge.id);
        }
        return this.apply({ kind: "sent", challenge: message.challenge, now });
      case "challenge_ended":
        return this.apply({ kind: "ended", id: message.id, end: message.end ?? {}, here: isOurs(message.id) });
      case "challenges_from_set":
        return this.apply({ kind: "from_set", from: String(message.from) });
    }
  }

  /**
   * A refusal: of a challenge made here, the page says it (challenge
   * form); of an answer to one, the banner.
   * @param {Extract<LinkEvent, {kind: "refused"}>} event
   */
  refused(event) {
    if (event.asked === "challenge" && this.making > 0) this.making -= 1;
    if (!ANSWERS.has(event.asked ?? "")) return;
    const named = typeof event.args?.challenge === "string" ? event.args.challenge : null;
    const id = named ?? this.answering ?? "";
    this.apply({ kind: "refused", id, reason: event.reason, gone: event.code === "unknown_challenge" });
  }

  /** @param {ChallengeEvent} event */
  apply(event) {
    const { model, go, told } = challengesAfter(this.model, event);
    this.model = model;
    if (told) this.banner.tell(saidText(told));
    this.banner.draw();
    if (go) {
      this.close();
      location.assign(go);
    }
  }

  /** Listens to what the watch hears; returns how to stop. @param {(event: LinkEvent) => void} listener */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @param {string} id */
  accept(id) {
    remember(id);
    this.answer("accept_challenge", id);
  }

  /** @param {string} id */
  decline(id) {
    this.answer("decline_challenge", id);
  }

  /** @param {string} id */
  cancel(id) {
    this.answer("cancel_challenge", id);
  }

  /** @param {string} type @param {string} id */
  answer(type, id) {
    this.answering = id;
    this.link.send({ type, id });
  }

  /**
   * Challenges the key `to` to a room of `options`, under `name`.
   * @param {string} to @param {object} options @param {string} name
   */
  challenge(to, options, name) {
    this.making += 1;
    this.link.sayName(name);
    this.link.send({ type: "challenge", to, options }, true);
  }

  /**
   * Takes challenges from `from` (everyone, players played, nobody),
   * signed; false when the browser cannot sign.
   * @param {import("./fair.js").ChallengesFrom} from
   */
  async choose(from) {
    const at = Date.now();
    const signed = await signChallengesFrom(from, at);
    if (!signed) return false;
    this.link.send({ type: "challenges_from", from, at_ms: at, signature: signed.signature });
    return true;
  }

  /** @param {string} id */
  dismiss(id) {
    this.apply({ kind: "dismiss", id });
  }

  close() {
    this.link.close();
    this.banner.remove();
  }
}

/** The banner, drawn from the watch's model, its times ticking in place. */
class Banner {
  /** @param {ChallengeWatch} watch @param {string | null} except */
  constructor(watch, except) {
    this.watch = watch;
    this.except = except;
    this.list = h("ul", { class: "challenge-list" });
    this.section = h(
      "section",
      { id: "challenges", class: "challenge-banner", "aria-labelledby": "challenges-title", hidden: true },
      h("h2", { id: "challenges-title", class: "visually-hidden" }, t("challenges-region")),
      this.list,
    );
    this.told = h("p", { id: "challenge-told", class: "visually-hidden", role: "status", "aria-live": "polite" });
    document.body.append(this.section, this.told);
    /** @type {number | null} */
    this.ticking = null;
  }

  /** Tells screen readers (emptied first, so that the same words twice are read twice). @param {string} text */
  tell(text) {
    this.told.textContent = "";
    window.setTimeout(() => {
      this.told.textContent = text;
    }, 30);
  }

  draw() {
    const model = this.watch.model;
    const open = model.open.filter((shown) => shown.challenge.id !== this.except);
    const notes = model.notes.filter((note) => note.id !== this.except);
    const focused = this.list.contains(document.activeElement) ? document.activeElement?.getAttribute("data-focus") : null;
    const now = Date.now();
    replace(this.list, ...open.map((shown) => this.openItem(shown, now)), ...notes.map((note) => this.noteItem(note)));
    this.section.hidden = open.length === 0 && notes.length === 0;
    document.body.style.paddingBottom = this.section.hidden ? "" : `${this.section.offsetHeight}px`;
    if (focused) /** @type {HTMLElement | null} */ (this.list.querySelector(`[data-focus="${focused}"]`))?.focus();
    this.tick(open.length > 0);
  }

  /** Keeps the times left going down while any challenge waits. @param {boolean} wanted */
  tick(wanted) {
    if (wanted && this.ticking === null) {
      this.ticking = window.setInterval(() => {
        const now = Date.now();
        for (const shown of this.watch.model.open) {
          const left = this.list.querySelector(`[data-left="${shown.challenge.id}"]`);
          if (left) left.textContent = leftWords(shown, now);
        }
      }, 1000);
    } else if (!wanted && this.ticking !== null) {
      window.clearInterval(this.ticking);
      this.ticking = null;
    }
  }

  /** A challenge waiting: to you (Accept, Decline), or yours (its link, Cancel). @param {import("./challenges.js").Open} shown @param {number} now */
  openItem(shown, now) {
    const id = shown.challenge.id;
    /** @param {string} name @param {string} words @param {() => void} act @param {boolean} [primary] */
    const button = (name, words, act, primary = false) => {
      const made = h("button", { type: "button", class: primary ? "primary small" : "small", id: `${name}-${id}`, "data-focus": `${name}-${id}` }, words);
      made.addEventListener("click", () => {
        made.setAttribute("disabled", "");
        act();
      });
      return made;
    };
    const left = h("span", { class: "challenge-left", "data-left": id }, leftWords(shown, now));
    const buttons = shown.toYou
      ? [button("accept", t("challenges-accept"), () => this.watch.accept(id), true), button("decline", t("challenges-decline"), () => this.watch.decline(id))]
      : [h("a", { href: `/c/${id}`, class: "challenge-link", "data-focus": `link-${id}` }, t("challenges-its-page")), copyButton(id), button("cancel", t("challenges-cancel"), () => this.watch.cancel(id))];
    return h(
      "li",
      { class: shown.toYou ? "challenge incoming" : "challenge outgoing", "data-challenge": id },
      h("span", { class: "challenge-line" }, saidNodes(openLine(shown))),
      " ",
      left,
      h("span", { class: "buttons" }, ...buttons),
    );
  }

  /** A challenge that ended, until dismissed. @param {import("./challenges.js").Note} note */
  noteItem(note) {
    const dismiss = h("button", { type: "button", class: "small", "data-focus": `dismiss-${note.id}` }, t("challenges-dismiss"));
    dismiss.addEventListener("click", () => this.watch.dismiss(note.id));
    return h(
      "li",
      { class: "challenge note", "data-challenge": note.id },
      h("span", { class: "challenge-line" }, saidNodes(note.said)),
      h("span", { class: "buttons" }, note.code ? h("a", { href: `/r/${note.code}`, class: "button-link" }, t("challenges-go")) : null, dismiss),
    );
  }

  remove() {
    this.tick(false);
    this.section.remove();
    this.told.remove();
    document.body.style.paddingBottom = "";
  }
}

/**
 * "Copy the link" of challenge `id` (its page, /c/ID): said copied, or, where
 * the browser cannot copy, the link itself shown to copy by hand.
 * @param {string} id
 */
function copyButton(id) {
  const link = `${location.origin}/c/${id}`;
  const button = h("button", { type: "button", class: "small", "data-focus": `copy-${id}` }, t("challenges-copy"));
  button.addEventListener("click", () => {
    const said = (/** @type {string} */ text) => {
      button.textContent = text;
    };
    if (!navigator.clipboard) return said(link);
    navigator.clipboard.writeText(link).then(
      () => said(t("challenges-copied")),
      () => said(link),
    );
  });
  return button;
}

/** This page's watch, once started. @type {ChallengeWatch | null} */
let current = null;
/** @type {Promise<ChallengeWatch | null> | null} */
let starting = null;

/**
 * Watches this browser's challenges on this page, if it has a key (a visit
 * makes none); `except`, a challenge the page shows itself.
 * @param {{except?: string | null, make?: boolean}} [how] `make`: make the key if there is none (to challenge)
 * @returns {Promise<ChallengeWatch | null>}
 */
export function watchChallenges(how = {}) {
  if (current) return Promise.resolve(current);
  if (starting && !how.make) return starting;
  const begun = (async () => {
    const kept = how.make ? (await playerKey())?.publicKey : await keptPublicKey();
    if (!kept) return null;
    current ??= new ChallengeWatch(how.except ?? null);
    return current;
  })();
  starting = begun;
  return begun;
}

/** Stops watching on this page (a room whose game began). */
export function stopWatchingChallenges() {
  current?.close();
  current = null;
  starting = null;
}
