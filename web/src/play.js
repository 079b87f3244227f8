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

import { t, wordsWith } from "./catalogue.js";
import { announce, botBadge, h, replace } from "./dom.js";
import { playerKey } from "./keys.js";
import { names } from "./stored.js";
import { poolName, pools, ratingText } from "./ratings.js";
import { Seeker, pairing } from "./seek.js";

/** Times per round to choose from, in ms: "" is any. */
const TIMES = /** @type {const} */ (["", "15000", "30000", "60000", "120000"]);
/** Waits before the bot is offered, in ms: 0 is never. */
const BOT_WAITS = /** @type {const} */ (["10000", "30000", "60000", "0"]);
/** The wait chosen unless the player says. */
const DEFAULT_BOT_WAIT = "30000";

/** A time per round as the choices say it: "15 s", "60 s", "2 min" (whole minutes past the first). @param {number} ms */
function timeWords(ms) {
  return ms > 60_000 && ms % 60_000 === 0 ? t("play-time-minutes", { minutes: ms / 60_000 }) : t("play-time-seconds", { seconds: ms / 1000 });
}

/** @typedef {import("./seek.js").Wanted} Wanted */

/**
 * Shows the "Play now" page in `root`.
 * @param {HTMLElement} root
 */
export function showPlay(root) {
  document.title = t("play-title");
  const page = new PlayPage();
  replace(
    root,
    h(
      "section",
      { class: "seek-page" },
      h("h1", { id: "play-title" }, t("play-heading")),
      h("p", { class: "lead" }, t("play-lead")),
      page.choices,
      page.search,
      h("p", { class: "page-links" }, h("a", { href: "/" }, t("back-to-lobby")), h("a", { href: "/top" }, t("play-leaderboard"))),
    ),
  );
  page.listen();
  page.resume();
}

/**
 * @param {string} id @param {ReadonlyArray<readonly [string, string]>} options values and what they say @param {string} chosen
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
  const status = h("h2", { id: "seek-status", tabindex: -1 }, t("play-looking"));
  const rating = h("p", { id: "seek-rating" });
  const asked = h("p", { id: "seek-asked", class: "meta" });
  const waited = h("p", { id: "seek-waited" });
  // Told to a player who aborts often: why the wait may be longer.
  const pairedLast = h("p", { id: "paired-last", class: "notice", hidden: true });
  const link = h("p", { id: "seek-link", class: "notice", role: "status", hidden: true });
  // Why the search goes on after a pairing: the opponent never came.
  const unpaired = h("p", { id: "seek-unpaired", class: "notice", hidden: true });
  const cancel = h("button", { type: "button", id: "cancel-seek" }, t("play-cancel"));
  // The question is the offer's heading: "Nobody yet — play the server's strong bot (unrated)?"
  const offerText = h("h2", { id: "offer-text", tabindex: -1 });
  const takeBot = h("button", { type: "button", class: "primary", id: "play-bot" }, t("play-take-bot"));
  const keepWaiting = h("button", { type: "button", id: "keep-waiting" }, t("play-keep-waiting"));
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
    this.pool = select("pool", [["", t("play-any-pool")], ...pools()], "");
    this.time = select("time", TIMES.map((ms) => /** @type {const} */ ([ms, ms ? timeWords(Number(ms)) : t("play-time-any")])), "");
    this.rated = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "rated", name: "rated", checked: true, "aria-describedby": "rated-help" }));
    this.botAfter = select("bot-after", BOT_WAITS.map((ms) => /** @type {const} */ ([ms, ms === "0" ? t("play-bot-never") : t("play-bot-after", { seconds: Number(ms) / 1000 })])), DEFAULT_BOT_WAIT);
    this.error = h("p", { class: "error", role: "alert", id: "play-error" });
    this.casual = h("button", { type: "button", id: "play-casual", hidden: true }, t("play-casual"));
    this.start = h("button", { type: "submit", class: "primary big", id: "play-now" }, t("play-start"));
    this.ratedHelp = h("span", { id: "rated-help", class: "hint" }, t("play-rated-help"));
    // A browser that plainly cannot keep a key starts casual, and says why.
    if (!globalThis.indexedDB || !globalThis.crypto?.subtle) this.keyless();
    this.choices = /** @type {HTMLFormElement} */ (h(
      "form",
      { class: "seek-choices", "aria-labelledby": "play-title" },
      h("p", {}, h("label", { for: "name" }, t("play-your-name"), " "), this.name),
      h("p", {}, h("label", { for: "pool" }, t("play-pool"), " "), this.pool),
      h("p", {}, h("label", { for: "time" }, t("play-time"), " "), this.time),
      h("p", {}, h("label", {}, this.rated, " ", t("play-rated")), this.ratedHelp),
      h("p", {}, h("label", { for: "bot-after" }, t("play-offer-bot"), " "), this.botAfter),
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
    this.ratedHelp.textContent = t("play-keyless");
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
    const text = t("play-waited", { seconds });
    if (this.ui.waited.textContent !== text) this.ui.waited.textContent = text;
  }

  /** Says why the search goes on, or nothing. @param {string} why */
  showUnpaired(why) {
    this.ui.unpaired.hidden = !why;
    this.ui.unpaired.textContent = why ? t("play-unpaired", { reason: why }) : "";
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
    document.title = t("play-title");
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
    this.ui.status.textContent = t("play-looking");
    this.ui.rating.textContent = "";
    this.ui.pairedLast.hidden = true;
    this.ui.asked.textContent = askedWords(wanted);
    this.since = Date.now();
    this.startTicking();
    document.title = t("play-looking-title");
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
        this.ui.offerText.textContent = t("play-bot-offer", { policy: String(event.message.policy ?? "strong") });
        this.ui.offer.hidden = false;
        announce(this.ui.offerText.textContent);
        this.ui.offerText.focus();
        return;
      case "paired":
        return this.paired(event.message);
      case "arriving":
        this.ui.waited.textContent = t("play-arriving", { code: event.code });
        return;
      case "unpaired":
        // The search goes on where it was: back to the search as it was.
        this.ui.status.textContent = t("play-looking");
        document.title = t("play-looking-title");
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
        this.backToChoices(t("play-search-ended", { reason: event.reason }));
        return;
      case "refused":
        this.backToChoices(refusalWords(event.code, event.reason), event.code === "key_required");
        if (event.code === "bad_name") this.name.focus();
        return;
      case "link":
        return this.linked(event.status);
    }
  }

  /** Sought: the rating in the pool asked, and why the wait may be longer. @param {any} message */
  seeking(message) {
    const shown = ratingText(message.rating);
    this.ui.rating.textContent = shown ? t("play-your-rating", { pool: poolName(message.pool ?? "standard"), rating: shown }) : "";
    const conduct = message.paired_last;
    const counts = conduct ? { aborted: Number(conduct.aborted), games: Number(conduct.games) } : null;
    this.ui.pairedLast.hidden = !counts;
    this.ui.pairedLast.textContent = counts ? t("play-paired-last", counts) : "";
    if (!this.told) announce(counts ? t("play-looking-announce-last", counts) : t("play-looking-announce"));
    this.told = true;
    this.ui.link.hidden = true;
  }

  /** Paired: who with, while the seat is taken. @param {any} message */
  paired(message) {
    const theirs = ratingText(message.rating);
    this.stopTicking();
    this.ui.offer.hidden = true;
    this.ui.cancel.hidden = true;
    const opponent = String(message.opponent);
    const badge = message.opponent_bot ? botBadge() : "";
    replace(this.ui.status, theirs ? wordsWith("play-paired-rated", { name: opponent, badge, rating: theirs }, ["name"]) : wordsWith("play-paired", { name: opponent, badge }, ["name"]));
    this.showUnpaired("");
    this.ui.waited.textContent = t("play-going", { code: message.code });
    document.title = t("play-paired-title");
    announce(t("play-paired-announce", { name: opponent, bot: message.opponent_bot ? "yes" : "no", code: message.code }));
  }

  /** The search's connection. @param {string} status */
  linked(status) {
    if (status === "failed") {
      this.backToChoices(t("play-unreachable"));
    } else if (status === "reconnecting") {
      this.ui.link.textContent = t("play-reconnecting");
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
        this.error.textContent = t("play-name-first");
        this.name.focus();
        return;
      }
      names.propose(player);
      const wanted = wantedOf(this.pool.value, this.time.value, this.rated.checked, this.botAfter.value);
      if (wanted.rated && !(await playerKey())) {
        this.keyless();
        this.backToChoices(t("play-no-key"), true);
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
      announce(t("play-cancelled"));
    });
    this.ui.takeBot.addEventListener("click", () => {
      if (!this.seeker || !this.offered) return;
      this.seeker.takeBot(this.offered);
      this.stopTicking();
      this.ui.offer.hidden = true;
      this.ui.cancel.hidden = true;
      this.ui.status.textContent = t("play-starting-bot");
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
    if (again.ended) this.backToChoices(t("play-unpaired-ended", { reason: again.reason }));
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

/** "Standard · 30 s per round · rated · the bot offered after 30 s" @param {Wanted} wanted */
function askedWords(wanted) {
  const listed = TIMES.includes(/** @type {any} */ (String(wanted.deadline_ms ?? "")));
  const time = wanted.deadline_ms ? (listed ? timeWords(wanted.deadline_ms) : t("play-time-seconds", { seconds: wanted.deadline_ms / 1000 })) : "";
  return t("play-asked", {
    pool: wanted.pool ? poolName(wanted.pool) : t("play-any-pool"),
    time: wanted.deadline_ms ? t("play-asked-time", { time }) : t("play-asked-any-time"),
    rated: wanted.rated ? "yes" : "no",
    botAfter: wanted.bot_after_ms > 0 ? Math.round(wanted.bot_after_ms / 1000) : 0,
  });
}

/**
 * A refusal as the page says it: the server's words (refusals.js), and what
 * to do.
 * @param {string} code @param {string} reason
 */
function refusalWords(code, reason) {
  switch (code) {
    case "key_required":
      return t("play-refused-key", { reason });
    case "bad_name":
      return t("play-refused-name", { reason });
    default:
      return reason;
  }
}
