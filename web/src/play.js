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
  const select = (/** @type {string} */ id, /** @type {ReadonlyArray<readonly [string, string]>} */ options, /** @type {string} */ chosen) =>
    /** @type {HTMLSelectElement} */ (h("select", { id, name: id }, ...options.map(([value, label]) => h("option", { value, selected: value === chosen }, label))));

  const name = /** @type {HTMLInputElement} */ (
    h("input", { id: "name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() })
  );
  const pool = select("pool", [["", "Any pool"], ...POOLS], "");
  const time = select("time", TIMES, "");
  const rated = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "rated", name: "rated", checked: true, "aria-describedby": "rated-help" }));
  const botAfter = select("bot-after", BOT_WAITS, DEFAULT_BOT_WAIT);
  const error = h("p", { class: "error", role: "alert", id: "play-error" });
  const casual = h("button", { type: "button", id: "play-casual", hidden: true }, "Play a casual game instead");
  const start = h("button", { type: "submit", class: "primary big", id: "play-now" }, "Play now");
  // A browser that plainly cannot keep a key starts casual, and says why.
  const ratedHelp = h("span", { id: "rated-help", class: "hint" }, "Your rating belongs to this browser's key, which it makes and keeps.");
  const keyless = () => {
    rated.checked = false;
    ratedHelp.textContent = KEYLESS;
  };
  if (!globalThis.indexedDB || !globalThis.crypto?.subtle) keyless();
  const choices = /** @type {HTMLFormElement} */ (h(
    "form",
    { class: "seek-choices", "aria-labelledby": "play-title" },
    h("p", {}, h("label", { for: "name" }, "Your name "), name),
    h("p", {}, h("label", { for: "pool" }, "Pool "), pool),
    h("p", {}, h("label", { for: "time" }, "Time per round "), time),
    h(
      "p",
      {},
      h("label", {}, rated, " Rated: the game changes both players' ratings"),
      ratedHelp,
    ),
    h("p", {}, h("label", { for: "bot-after" }, "Offer me the server's bot "), botAfter),
    error,
    h("p", { class: "buttons" }, start, " ", casual),
  ));

  // The search, drawn once and updated in place (the seconds tick without
  // moving the focus or what a screen reader is reading).
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
  const search = h(
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

  replace(
    root,
    h(
      "section",
      { class: "seek-page" },
      h("h1", { id: "play-title" }, "Play now"),
      h("p", { class: "lead" }, "Be paired with whoever is waiting, the closest rating first, in a private room made for the two of you. Nobody comes? The server's bot is offered after the wait you choose."),
      choices,
      search,
      h("p", { class: "page-links" }, h("a", { href: "/" }, "Back to the lobby"), " · ", h("a", { href: "/top" }, "Leaderboard")),
    ),
  );

  /** @type {Seeker | null} */
  let seeker = null;
  /** @type {number | null} */
  let ticking = null;
  let since = 0;
  /** The bot's room's options, while offered. */
  let offered = /** @type {object | null} */ (null);

  const stopTicking = () => {
    if (ticking !== null) window.clearInterval(ticking);
    ticking = null;
  };
  const tick = () => {
    const seconds = Math.floor((Date.now() - since) / 1000);
    const text = `Waited ${seconds} s`;
    if (waited.textContent !== text) waited.textContent = text;
  };
  /** Says why the search goes on, or nothing. @param {string} why */
  const showUnpaired = (why) => {
    unpaired.hidden = !why;
    unpaired.textContent = why ? `The pairing was called off: ${why}. Looking for another opponent…` : "";
  };
  /** The choices again, with why (or nothing). @param {string} why @param {boolean} [offerCasual] */
  const backToChoices = (why, offerCasual = false) => {
    stopTicking();
    seeker = null;
    offered = null;
    search.hidden = true;
    choices.hidden = false;
    casual.hidden = !offerCasual;
    error.textContent = why;
    document.title = "Play now · Mice Cake";
    (offerCasual ? casual : start).focus();
  };

  /**
   * Starts seeking; `why`, the pairing called off that it goes on after.
   * @param {string} player @param {Wanted} wanted @param {string} [why]
   */
  const seek = (player, wanted, why = "") => {
    error.textContent = "";
    showUnpaired(why);
    casual.hidden = true;
    choices.hidden = true;
    search.hidden = false;
    offer.hidden = true;
    link.hidden = true;
    cancel.hidden = false;
    status.textContent = "Looking for an opponent…";
    rating.textContent = "";
    pairedLast.hidden = true;
    asked.textContent = askedWords(wanted);
    since = Date.now();
    tick();
    stopTicking();
    ticking = window.setInterval(tick, 250);
    document.title = "Looking for an opponent · Mice Cake";
    status.focus();
    let told = false;
    const mine = new Seeker(player, wanted, (event) => {
      if (seeker !== mine) {
        // A pairing made as the search was cancelled still seats the player.
        if (event.kind === "seated") location.assign(`/r/${event.code}`);
        return;
      }
      switch (event.kind) {
        case "seeking": {
          const message = event.message;
          const shown = ratingText(message.rating);
          rating.textContent = shown ? `Your rating (${poolName(message.pool ?? "standard")}): ${shown}` : "";
          const conduct = message.paired_last;
          pairedLast.hidden = !conduct;
          pairedLast.textContent = conduct
            ? `You aborted ${conduct.aborted} of your last ${conduct.games} rated games (left, stayed away or did not open before both players had a move), so you are paired after everyone else.`
            : "";
          if (!told) announce(`Looking for an opponent.${conduct ? ` ${pairedLast.textContent}` : ""}`);
          told = true;
          link.hidden = true;
          return;
        }
        case "offered":
          offered = event.message.options;
          offerText.textContent = `Nobody yet — play the server's ${event.message.policy ?? "strong"} bot (unrated)?`;
          offer.hidden = false;
          announce(offerText.textContent);
          offerText.focus();
          return;
        case "paired": {
          const message = event.message;
          const theirs = ratingText(message.rating);
          stopTicking();
          offer.hidden = true;
          cancel.hidden = true;
          replace(status, `Paired with ${message.opponent}`, message.opponent_bot ? botBadge() : null, theirs ? ` (${theirs})` : "");
          showUnpaired("");
          waited.textContent = `Going to room ${message.code}…`;
          document.title = "Paired · Mice Cake";
          announce(`Paired with ${message.opponent}${message.opponent_bot ? ", a bot" : ""}. Going to room ${message.code}.`);
          return;
        }
        case "arriving":
          waited.textContent = `Seated in room ${event.code}: waiting for your opponent to take their seat…`;
          return;
        case "unpaired":
          // The search goes on where it was: back to the search as it was.
          status.textContent = "Looking for an opponent…";
          document.title = "Looking for an opponent · Mice Cake";
          cancel.hidden = false;
          showUnpaired(event.reason);
          tick();
          stopTicking();
          ticking = window.setInterval(tick, 250);
          announce(unpaired.textContent ?? "");
          status.focus();
          return;
        case "seated":
          stopTicking();
          location.assign(`/r/${event.code}`);
          return;
        case "ended":
          backToChoices(`The search ended: ${event.reason}. Choose again, or play now again.`);
          return;
        case "refused":
          backToChoices(refusalWords(event.code, event.reason), event.code === "key_required");
          if (event.code === "bad_name") name.focus();
          return;
        case "link":
          if (event.status === "failed") {
            backToChoices(`The server cannot be reached: ${event.detail ?? "try again later"}.`);
          } else if (event.status === "reconnecting") {
            link.textContent = "The connection was lost: connecting again to seek again…";
            link.hidden = false;
          } else {
            link.hidden = true;
          }
          return;
      }
    });
    seeker = mine;
  };

  choices.addEventListener("submit", async (event) => {
    event.preventDefault();
    const player = name.value.trim();
    if (!player) {
      error.textContent = "Choose a name first: it is how your opponent sees you.";
      name.focus();
      return;
    }
    names.propose(player);
    const wanted = wantedOf(pool.value, time.value, rated.checked, botAfter.value);
    if (wanted.rated && !(await playerKey())) {
      keyless();
      backToChoices(NO_KEY, true);
      return;
    }
    seek(player, wanted);
  });
  casual.addEventListener("click", () => {
    rated.checked = false;
    choices.requestSubmit();
  });
  cancel.addEventListener("click", () => {
    seeker?.cancel();
    backToChoices("");
    announce("Search cancelled.");
  });
  takeBot.addEventListener("click", () => {
    if (!seeker || !offered) return;
    seeker.takeBot(offered);
    stopTicking();
    offer.hidden = true;
    cancel.hidden = true;
    status.textContent = "Starting a game against the bot…";
    waited.textContent = "";
    status.focus();
  });
  keepWaiting.addEventListener("click", () => {
    offer.hidden = true;
    status.focus();
  });

  // Back from a pair's room whose pairing was called off: seek again as
  // before, unless the server ended the search with it.
  const again = pairing.get();
  if (again?.reason) {
    pairing.forget();
    name.value = again.name;
    pool.value = again.wanted.pool ?? "";
    time.value = again.wanted.deadline_ms === null ? "" : String(again.wanted.deadline_ms);
    rated.checked = again.wanted.rated;
    botAfter.value = String(again.wanted.bot_after_ms);
    if (again.ended) backToChoices(`The pairing was called off: ${again.reason}. Choose again, or play now again.`);
    else seek(again.name, again.wanted, again.reason);
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
