// "Play now" at /play (quick pairing): the player chooses a pool (or any),
// a time per round (or any), rated or casual, and how long to wait before
// the server's bot is offered; then seeks (seek.js) and is shown the
// search — their rating (and, to a player who aborts often, that they are
// paired after everyone else), the seconds waited, Cancel — the bot when
// offered ("Play the bot" or "Keep waiting"), and, once paired, who the
// opponent is while they take their seat; once the game began, the room's
// page, which takes the seat back with the token kept for it. A pairing
// called off because the opponent never came says so and seeks on. A
// search the server ends, or refuses, gives the choices back with its
// reason.

import { announce, botBadge, h, replace } from "./dom.js";
import { playerKey } from "./keys.js";
import { names } from "./stored.js";
import { POOLS, poolName, ratingText } from "./ratings.js";
import { Seeker, pairing } from "./seek.js";

/** Times per round to choose from: "" is any. */
const TIMES = /** @type {const} */ ([
  ["", "Any"],
  ["15000", "15 s"],
  ["30000", "30 s"],
  ["60000", "60 s"],
  ["120000", "2 min"],
]);
/** Waits before the bot is offered: 0 is never. */
const BOT_WAITS = /** @type {const} */ ([
  ["10000", "after 10 s"],
  ["30000", "after 30 s"],
  ["60000", "after 60 s"],
  ["0", "never"],
]);
/** The wait chosen unless the player says. */
const DEFAULT_BOT_WAIT = "30000";

/** Why a browser has no key to play rated games with. */
const KEYLESS =
  "This browser cannot keep a key here, and a rating belongs to a player's key: a key needs WebCrypto, which browsers give only to pages served over HTTPS or from localhost, and IndexedDB, which some private windows lack. You can play a casual game: it changes no rating.";

/** A rated search refused here, before the server is asked. */
const NO_KEY = "A rated game needs this browser's key, and it cannot keep one here (why: under Rated). Play a casual game instead?";

/** @typedef {import("./seek.js").Wanted} Wanted */

/**
 * Shows the "Play now" page in `root`.
 * @param {HTMLElement} root
 */
export function showPlay(root) {
  document.title = "Play now · Mice Cake";
  const page = new PlayPage();
  replace(
    root,
    h(
      "section",
      { class: "seek-page" },
      h("h1", { id: "play-title" }, "Play now"),
      h("p", { class: "lead" }, "Be paired with whoever is waiting, the closest rating first, in a private room made for the two of you. Nobody comes? The server's bot is offered after the wait you choose."),
      page.choices,
      page.search,
      h("p", { class: "page-links" }, h("a", { href: "/" }, "Back to the lobby"), h("a", { href: "/top" }, "Leaderboard")),
    ),
  );
  page.listen();
  page.resume();
}

/**
 * @param {string} id @param {ReadonlyArray<readonly [string, string]>} options @param {string} chosen
 * @returns {HTMLSelectElement}
 */
function select(id, options, chosen) {
  return /** @type {HTMLSelectElement} */ (h("select", { id, name: id }, ...options.map(([value, label]) => h("option", { value, selected: value === chosen }, label))));
}

/**
 * The search, drawn once and updated in place (the seconds tick without
 * moving the focus or what a screen reader is reading).
 */
function searchParts() {
  const status = h("h2", { id: "seek-status", tabindex: -1 }, "Looking for an opponent…");
  const rating = h("p", { id: "seek-rating" });
  const asked = h("p", { id: "seek-asked", class: "meta" });
  const waited = h("p", { id: "seek-waited" });
  // Told to a player who aborts often: why the wait may be longer.
  const pairedLast = h("p", { id: "paired-last", class: "notice", hidden: true });
  const link = h("p", { id: "seek-link", class: "notice", role: "status", hidden: true });
  // Why the search goes on after a pairing: the opponent never came.
  const unpaired = h("p", { id: "seek-unpaired", class: "notice", hidden: true });
  const cancel = h("button", { type: "button", id: "cancel-seek" }, "Cancel");
  // The question is the offer's heading: "Nobody yet — play the server's strong bot (unrated)?"
  const offerText = h("h2", { id: "offer-text", tabindex: -1 });
  const takeBot = h("button", { type: "button", class: "primary", id: "play-bot" }, "Play the bot");
  const keepWaiting = h("button", { type: "button", id: "keep-waiting" }, "Keep waiting");
  const offer = h(
    "section",
    { class: "bot-offer", id: "bot-offer", "aria-labelledby": "offer-text", hidden: true },
    offerText,
    h("p", { class: "buttons" }, takeBot, " ", keepWaiting),
  );
  const section = h(
    "section",
    { class: "seek-search", id: "seek-search", "aria-labelledby": "seek-status", hidden: true },
    status,
    rating,
    asked,
    pairedLast,
    waited,
    unpaired,
    link,
    offer,
    h("p", { class: "buttons" }, cancel),
  );
  return { section, status, rating, asked, waited, pairedLast, link, unpaired, cancel, offerText, takeBot, keepWaiting, offer };
}

/** The page's choices, its search, and the seek under way (seek.js). */
class PlayPage {
  constructor() {
    this.name = /** @type {HTMLInputElement} */ (
      h("input", { id: "name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() })
    );
    this.pool = select("pool", [["", "Any pool"], ...POOLS], "");
    this.time = select("time", TIMES, "");
    this.rated = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "rated", name: "rated", checked: true, "aria-describedby": "rated-help" }));
    this.botAfter = select("bot-after", BOT_WAITS, DEFAULT_BOT_WAIT);
    this.error = h("p", { class: "error", role: "alert", id: "play-error" });
    this.casual = h("button", { type: "button", id: "play-casual", hidden: true }, "Play a casual game instead");
    this.start = h("button", { type: "submit", class: "primary big", id: "play-now" }, "Play now");
    this.ratedHelp = h("span", { id: "rated-help", class: "hint" }, "Your rating belongs to this browser's key, which it makes and keeps.");
    // A browser that plainly cannot keep a key starts casual, and says why.
    if (!globalThis.indexedDB || !globalThis.crypto?.subtle) this.keyless();
    this.choices = /** @type {HTMLFormElement} */ (h(
      "form",
      { class: "seek-choices", "aria-labelledby": "play-title" },
      h("p", {}, h("label", { for: "name" }, "Your name "), this.name),
      h("p", {}, h("label", { for: "pool" }, "Pool "), this.pool),
      h("p", {}, h("label", { for: "time" }, "Time per round "), this.time),
      h("p", {}, h("label", {}, this.rated, " Rated: the game changes both players' ratings"), this.ratedHelp),
      h("p", {}, h("label", { for: "bot-after" }, "Offer me the server's bot "), this.botAfter),
      this.error,
      h("p", { class: "buttons" }, this.start, " ", this.casual),
    ));
    this.ui = searchParts();
    this.search = this.ui.section;
    /** @type {Seeker | null} */
    this.seeker = null;
    /** @type {number | null} */
    this.ticking = null;
    this.since = 0;
    /** The bot's room's options, while offered. */
    this.offered = /** @type {object | null} */ (null);
  }

  keyless() {
    this.rated.checked = false;
    this.ratedHelp.textContent = KEYLESS;
  }

  stopTicking() {
    if (this.ticking !== null) window.clearInterval(this.ticking);
    this.ticking = null;
  }

  /** The seconds waited, counted again (from `since`) every quarter second. */
  startTicking() {
    this.tick();
    this.stopTicking();
    this.ticking = window.setInterval(() => this.tick(), 250);
  }

  tick() {
    const seconds = Math.floor((Date.now() - this.since) / 1000);
    const text = `Waited ${seconds} s`;
    if (this.ui.waited.textContent !== text) this.ui.waited.textContent = text;
  }

  /** Says why the search goes on, or nothing. @param {string} why */
  showUnpaired(why) {
    this.ui.unpaired.hidden = !why;
    this.ui.unpaired.textContent = why ? `The pairing was called off: ${why}. Looking for another opponent…` : "";
  }

  /** The choices again, with why (or nothing). @param {string} why @param {boolean} [offerCasual] */
  backToChoices(why, offerCasual = false) {
    this.stopTicking();
    this.seeker = null;
    this.offered = null;
    this.search.hidden = true;
    this.choices.hidden = false;
    this.casual.hidden = !offerCasual;
    this.error.textContent = why;
    document.title = "Play now · Mice Cake";
    (offerCasual ? this.casual : this.start).focus();
  }

  /**
   * Starts seeking; `why`, the pairing called off that it goes on after.
   * @param {string} player @param {Wanted} wanted @param {string} [why]
   */
  seek(player, wanted, why = "") {
    this.error.textContent = "";
    this.showUnpaired(why);
    this.casual.hidden = true;
    this.choices.hidden = true;
    this.search.hidden = false;
    this.ui.offer.hidden = true;
    this.ui.link.hidden = true;
    this.ui.cancel.hidden = false;
    this.ui.status.textContent = "Looking for an opponent…";
    this.ui.rating.textContent = "";
    this.ui.pairedLast.hidden = true;
    this.ui.asked.textContent = askedWords(wanted);
    this.since = Date.now();
    this.startTicking();
    document.title = "Looking for an opponent · Mice Cake";
    this.ui.status.focus();
    this.told = false;
    const mine = new Seeker(player, wanted, (event) => {
      // A pairing made as the search was cancelled still seats the player.
      if (this.seeker !== mine) {
        if (event.kind === "seated") location.assign(`/r/${event.code}`);
        return;
      }
      this.heard(event);
    });
    this.seeker = mine;
  }

  /** What the search under way reports. @param {import("./seek.js").SeekEvent} event */
  heard(event) {
    switch (event.kind) {
      case "seeking":
        return this.seeking(event.message);
      case "offered":
        this.offered = event.message.options;
        this.ui.offerText.textContent = `Nobody yet — play the server's ${event.message.policy ?? "strong"} bot (unrated)?`;
        this.ui.offer.hidden = false;
        announce(this.ui.offerText.textContent);
        this.ui.offerText.focus();
        return;
      case "paired":
        return this.paired(event.message);
      case "arriving":
        this.ui.waited.textContent = `Seated in room ${event.code}: waiting for your opponent to take their seat…`;
        return;
      case "unpaired":
        // The search goes on where it was: back to the search as it was.
        this.ui.status.textContent = "Looking for an opponent…";
        document.title = "Looking for an opponent · Mice Cake";
        this.ui.cancel.hidden = false;
        this.showUnpaired(event.reason);
        this.startTicking();
        announce(this.ui.unpaired.textContent ?? "");
        this.ui.status.focus();
        return;
      case "seated":
        this.stopTicking();
        location.assign(`/r/${event.code}`);
        return;
      case "ended":
        this.backToChoices(`The search ended: ${event.reason}. Choose again, or play now again.`);
        return;
      case "refused":
        this.backToChoices(refusalWords(event.code, event.reason), event.code === "key_required");
        if (event.code === "bad_name") this.name.focus();
        return;
      case "link":
        return this.linked(event.status, event.detail);
    }
  }

  /** Sought: the rating in the pool asked, and why the wait may be longer. @param {any} message */
  seeking(message) {
    const shown = ratingText(message.rating);
    this.ui.rating.textContent = shown ? `Your rating (${poolName(message.pool ?? "standard")}): ${shown}` : "";
    const conduct = message.paired_last;
    this.ui.pairedLast.hidden = !conduct;
    this.ui.pairedLast.textContent = conduct
      ? `You aborted ${conduct.aborted} of your last ${conduct.games} rated games (left, stayed away or did not open before both players had a move), so you are paired after everyone else.`
      : "";
    if (!this.told) announce(`Looking for an opponent.${conduct ? ` ${this.ui.pairedLast.textContent}` : ""}`);
    this.told = true;
    this.ui.link.hidden = true;
  }

  /** Paired: who with, while the seat is taken. @param {any} message */
  paired(message) {
    const theirs = ratingText(message.rating);
    this.stopTicking();
    this.ui.offer.hidden = true;
    this.ui.cancel.hidden = true;
    replace(this.ui.status, `Paired with ${message.opponent}`, message.opponent_bot ? botBadge() : null, theirs ? ` (${theirs})` : "");
    this.showUnpaired("");
    this.ui.waited.textContent = `Going to room ${message.code}…`;
    document.title = "Paired · Mice Cake";
    announce(`Paired with ${message.opponent}${message.opponent_bot ? ", a bot" : ""}. Going to room ${message.code}.`);
  }

  /** The search's connection. @param {string} status @param {string} [detail] */
  linked(status, detail) {
    if (status === "failed") {
      this.backToChoices(`The server cannot be reached: ${detail ?? "try again later"}.`);
    } else if (status === "reconnecting") {
      this.ui.link.textContent = "The connection was lost: connecting again to seek again…";
      this.ui.link.hidden = false;
    } else {
      this.ui.link.hidden = true;
    }
  }

  /** The choices' and the search's buttons. */
  listen() {
    this.choices.addEventListener("submit", async (event) => {
      event.preventDefault();
      const player = this.name.value.trim();
      if (!player) {
        this.error.textContent = "Choose a name first: it is how your opponent sees you.";
        this.name.focus();
        return;
      }
      names.propose(player);
      const wanted = wantedOf(this.pool.value, this.time.value, this.rated.checked, this.botAfter.value);
      if (wanted.rated && !(await playerKey())) {
        this.keyless();
        this.backToChoices(NO_KEY, true);
        return;
      }
      this.seek(player, wanted);
    });
    this.casual.addEventListener("click", () => {
      this.rated.checked = false;
      this.choices.requestSubmit();
    });
    this.ui.cancel.addEventListener("click", () => {
      this.seeker?.cancel();
      this.backToChoices("");
      announce("Search cancelled.");
    });
    this.ui.takeBot.addEventListener("click", () => {
      if (!this.seeker || !this.offered) return;
      this.seeker.takeBot(this.offered);
      this.stopTicking();
      this.ui.offer.hidden = true;
      this.ui.cancel.hidden = true;
      this.ui.status.textContent = "Starting a game against the bot…";
      this.ui.waited.textContent = "";
      this.ui.status.focus();
    });
    this.ui.keepWaiting.addEventListener("click", () => {
      this.ui.offer.hidden = true;
      this.ui.status.focus();
    });
  }

  /**
   * Back from a pair's room whose pairing was called off: seek again as
   * before, unless the server ended the search with it.
   */
  resume() {
    const again = pairing.get();
    if (!again?.reason) return;
    pairing.forget();
    this.name.value = again.name;
    this.pool.value = again.wanted.pool ?? "";
    this.time.value = again.wanted.deadline_ms === null ? "" : String(again.wanted.deadline_ms);
    this.rated.checked = again.wanted.rated;
    this.botAfter.value = String(again.wanted.bot_after_ms);
    if (again.ended) this.backToChoices(`The pairing was called off: ${again.reason}. Choose again, or play now again.`);
    else this.seek(again.name, again.wanted, again.reason);
  }
}

/**
 * The seek the choices make.
 * @param {string} pool "" for any @param {string} time "" for any @param {boolean} rated @param {string} botAfter
 * @returns {Wanted}
 */
export function wantedOf(pool, time, rated, botAfter) {
  return {
    pool: pool === "" ? null : pool,
    deadline_ms: time === "" ? null : Number(time),
    rated,
    bot_after_ms: Number(botAfter) || 0,
  };
}

/** "Standard · 30 s per round · rated · the bot after 30 s" @param {Wanted} wanted */
function askedWords(wanted) {
  const time = TIMES.find(([value]) => value === String(wanted.deadline_ms ?? ""))?.[1];
  const bot = wanted.bot_after_ms > 0 ? `the bot offered after ${Math.round(wanted.bot_after_ms / 1000)} s` : "no bot";
  return [
    wanted.pool ? poolName(wanted.pool) : "Any pool",
    wanted.deadline_ms ? `${time ?? `${wanted.deadline_ms / 1000} s`} per round` : "any time per round",
    wanted.rated ? "rated" : "casual",
    bot,
  ].join(" · ");
}

/** A refusal as the page says it: the server's words, and what to do. @param {string} code @param {string} reason */
function refusalWords(code, reason) {
  switch (code) {
    case "key_required":
      return `A rated game needs this browser's key: ${reason}. ${KEYLESS}`;
    case "already_seeking":
      return `The server says this connection is already seeking: ${reason}.`;
    case "bad_options":
      return `The server refused these choices: ${reason}.`;
    case "bad_name":
      return `The server refused the name: ${reason}. Choose another.`;
    default:
      return `The server refused: ${reason}.`;
  }
}
