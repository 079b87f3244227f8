// The lobby: the public rooms (updating live, with the players' ratings
// and a BOT badge by a program's name), a new room with every option
// (rated or not), joining or watching by code, and links to the
// leaderboard and this browser's player page.

import { t, ungrouped } from "./catalogue.js";
import { botBadge, h, replace } from "./dom.js";
import { keptPublicKey, playerKey } from "./keys.js";
import { names } from "./stored.js";
import { RATED_STALL_LIMIT, poolOf, ratingText } from "./ratings.js";

const REFRESH_MS = 2_000;
/** The longest match: first to this many wins (the engine's `MAX_FIRST_TO`). */
const MAX_FIRST_TO = 15;
/** The match lengths offered first; "another" asks for any of 1 to `MAX_FIRST_TO`. */
const FIRST_TO_CHOICES = [2, 3, 5, 7];
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;

/**
 * Shows the lobby in `root`; returns how to stop it.
 * @param {HTMLElement} root
 * @returns {() => void}
 */
export function showLobby(root) {
  const list = h("div", { id: "rooms", "aria-live": "off" }, h("p", {}, t("lobby-looking")));
  const error = h("p", { class: "error", role: "alert" });
  const name = /** @type {HTMLInputElement} */ (
    h("input", { id: "name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() })
  );
  // Kept for the room page to use, but only kept for good once the server
  // takes it (a name it refuses must not come back at every visit).
  name.addEventListener("change", () => names.propose(name.value.trim()));

  const create = createForm(name, error);
  const join = joinForm(name, error);

  const links = h("p", { class: "lobby-links" }, h("a", { href: "/top" }, t("lobby-leaderboard")), h("a", { href: "/arenas", id: "arenas-link" }, t("lobby-arenas")));
  // This browser's page, if it has a key (a visit to the lobby makes none).
  keptPublicKey().then((key) => {
    if (key) links.append(h("a", { href: `/p/${key}`, id: "your-page" }, t("lobby-your-page")));
  });
  replace(
    root,
    h(
      "section",
      { class: "lobby" },
      h("h1", {}, t("lobby-heading")),
      h("p", { class: "lead" }, t("lobby-lead"), " ", h("a", { href: "/rules" }, t("lobby-rules"))),
      h(
        "p",
        { class: "play-now" },
        h("a", { href: "/play", id: "play-now-link", class: "button-link primary", "aria-describedby": "play-now-help" }, t("lobby-play-now")),
        " ",
        h("span", { id: "play-now-help", class: "hint" }, t("lobby-play-now-help")),
      ),
      links,
      h("p", {}, h("label", { for: "name" }, t("lobby-your-name"), " "), name),
      error,
      h("div", { class: "lobby-grid" }, create, join),
      h("section", { "aria-labelledby": "rooms-title" }, h("h2", { id: "rooms-title" }, t("lobby-public-rooms")), list),
    ),
  );

  return refreshed(list);
}

/**
 * "Join or watch a room": a room's code, checked, then its page.
 * @param {HTMLInputElement} name @param {HTMLElement} error
 */
function joinForm(name, error) {
  const code = /** @type {HTMLInputElement} */ (
    h("input", { id: "code", name: "code", maxlength: 5, placeholder: "K7QMX", autocomplete: "off", spellcheck: "false" })
  );
  const join = h(
    "form",
    { class: "join", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, t("lobby-join-heading")),
    h("label", { for: "code" }, t("lobby-room-code"), " "),
    code,
    " ",
    h("button", { type: "submit" }, t("lobby-go")),
  );
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = code.value.trim().toUpperCase();
    if (!CODE.test(wanted)) {
      error.textContent = t("lobby-bad-code");
      return;
    }
    if (name.value.trim()) names.propose(name.value.trim());
    location.assign(`/r/${wanted}`);
  });
  return join;
}

/**
 * Keeps the public rooms in `list` fresh from `/api/rooms`; returns how
 * to stop.
 * @param {HTMLElement} list
 * @returns {() => void}
 */
function refreshed(list) {
  let stopped = false;
  // What the list shows now: redrawn only when it changes, so that a link
  // being clicked, tabbed to or scrolled to stays where it is.
  let shown = "";
  const refresh = async () => {
    if (stopped) return;
    try {
      const response = await fetch("/api/rooms", { cache: "no-store" });
      const body = await response.json();
      const text = JSON.stringify(body);
      if (!stopped && text !== shown) {
        shown = text;
        showRooms(list, body);
      }
    } catch {
      if (!stopped) {
        shown = "";
        replace(list, h("p", { class: "error" }, t("lobby-unreachable")));
      }
    }
    if (!stopped) window.setTimeout(refresh, REFRESH_MS);
  };
  refresh();
  return () => {
    stopped = true;
  };
}

/**
 * @param {HTMLInputElement} name
 * @param {HTMLElement} error
 */
function createForm(name, error) {
  const select = (/** @type {string} */ id, /** @type {[string, string][]} */ options) =>
    h("select", { id, name: id }, ...options.map(([value, label]) => h("option", { value }, label)));
  const form = h(
    "form",
    { class: "create", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("lobby-new-room")),
    h(
      "p",
      {},
      h("label", { for: "opponent" }, t("lobby-opponent"), " "),
      select("opponent", [
        ["person", t("lobby-opponent-person")],
        ["strong", t("lobby-opponent-strong")],
        ["greedy", t("lobby-opponent-greedy")],
        ["random", t("lobby-opponent-random")],
      ]),
    ),
    h(
      "p",
      {},
      h("label", { for: "reveal" }, t("lobby-pieces"), " "),
      select("reveal", [
        ["standard", t("lobby-reveal-standard")],
        ["all_face_up", t("lobby-reveal-all-face-up")],
        ["all_face_down", t("lobby-reveal-all-face-down")],
      ]),
    ),
    h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "boost", name: "boost" }), " ", t("lobby-boost"))),
    h(
      "p",
      {},
      h("label", { for: "deadline" }, t("lobby-time"), " "),
      select("deadline", [
        ["", t("lobby-time-default")],
        ["30000", t("lobby-time-seconds", { seconds: 30 })],
        ["60000", t("lobby-time-minutes", { minutes: 1 })],
        ["120000", t("lobby-time-minutes", { minutes: 2 })],
        ["0", t("lobby-time-none")],
      ]),
    ),
    matchChoice(),
    h("p", {}, h("label", { for: "stall" }, t("lobby-stall"), " "), h("input", { type: "number", id: "stall", name: "stall", min: 1, max: 10000, value: 100 })),
    h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "private", name: "private" }), " ", t("lobby-private"))),
    h(
      "p",
      {},
      h("label", {}, h("input", { type: "checkbox", id: "rated", name: "rated", "aria-describedby": "rated-help" }), " ", t("lobby-rated")),
      h("span", { id: "rated-help", class: "hint" }, t("lobby-rated-help", { limit: ungrouped(RATED_STALL_LIMIT) })),
    ),
    h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "record-chat", name: "record-chat" }), " ", t("lobby-record-chat"))),
    h("button", { type: "submit", class: "primary" }, t("lobby-create")),
  );
  form.addEventListener("submit", (event) => createRoom(event, /** @type {HTMLFormElement} */ (form), name, error));
  return form;
}

/**
 * "Match": one game (then rematches), or first to 2, 3, 5 or 7 wins, or
 * another number of wins, asked for in a field shown once chosen.
 */
function matchChoice() {
  const select = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      { id: "first-to", name: "first-to" },
      h("option", { value: "1" }, t("lobby-match-one")),
      ...FIRST_TO_CHOICES.map((wins) => h("option", { value: String(wins) }, t("lobby-match-first-to", { wins }))),
      h("option", { value: "other" }, t("lobby-match-other")),
    )
  );
  const wins = h("input", { type: "number", id: "first-to-wins", name: "first-to-wins", min: 1, max: MAX_FIRST_TO, value: 4, required: true });
  const other = h("p", { id: "first-to-other", hidden: true }, h("label", { for: "first-to-wins" }, t("lobby-match-wins", { min: 1, max: MAX_FIRST_TO }), " "), wins);
  const shown = () => {
    other.hidden = select.value !== "other";
    wins.toggleAttribute("disabled", other.hidden);
  };
  select.addEventListener("change", shown);
  shown();
  const fragment = document.createDocumentFragment();
  fragment.append(h("p", {}, h("label", { for: "first-to" }, t("lobby-match"), " "), select), other);
  return fragment;
}

/**
 * The wins that take the match, as the form says: 1 for a single game.
 * @param {FormData} data
 */
function firstToOf(data) {
  const chosen = String(data.get("first-to") ?? "1");
  const wins = chosen === "other" ? Number(data.get("first-to-wins")) : Number(chosen);
  return Number.isInteger(wins) && wins >= 1 && wins <= MAX_FIRST_TO ? wins : 1;
}

/**
 * The room the form asks for, made on its page (`/r/new`); what the server
 * would refuse said first.
 * @param {Event} event @param {HTMLFormElement} form @param {HTMLInputElement} name @param {HTMLElement} error
 */
async function createRoom(event, form, name, error) {
  event.preventDefault();
  const player = name.value.trim();
  if (!player) {
    error.textContent = t("lobby-name-first");
    name.focus();
    return;
  }
  names.propose(player);
  const data = new FormData(form);
  const opponent = String(data.get("opponent"));
  const deadline = String(data.get("deadline"));
  const options = {
    game: {
      reveal: String(data.get("reveal")),
      boost: data.get("boost") === "on",
      stall_limit: Number(data.get("stall")) || 100,
    },
    deadline_ms: deadline === "" ? null : Number(deadline),
    public: data.get("private") !== "on",
    bot: opponent === "person" ? null : opponent,
    record_chat: data.get("record-chat") === "on",
    rated: data.get("rated") === "on",
    // A match: left out for one game, as the server takes it.
    ...(firstToOf(data) > 1 ? { first_to: firstToOf(data) } : {}),
  };
  if (options.rated) {
    // What the server would refuse, said here, before the room page.
    const refusal = await ratedRefusal(options);
    if (refusal) {
      error.textContent = refusal;
      return;
    }
  }
  error.textContent = "";
  sessionStorage.setItem("mice-cake:create", JSON.stringify(options));
  location.assign("/r/new");
}

/**
 * Why the server would refuse a rated room with these options, or "": a
 * rated game is a person's against a person, by a pool's rules, and each
 * seat needs a key (made here if the browser can keep one).
 * @param {{game: {reveal: string, boost: boolean, stall_limit: number}, bot: string | null}} options
 */
async function ratedRefusal(options) {
  if (options.bot) return t("lobby-rated-bot");
  if (!poolOf(options.game)) return t("lobby-rated-stall", { limit: ungrouped(RATED_STALL_LIMIT) });
  if (!(await playerKey())) return t("lobby-rated-keyless");
  return "";
}

/**
 * @param {HTMLElement} list
 * @param {{rooms: any[], total: number}} body
 */
function showRooms(list, body) {
  // The room link a keyboard user is on keeps the focus through the redraw.
  const focused = list.contains(document.activeElement) ? document.activeElement?.getAttribute("href") : null;
  drawRooms(list, body);
  if (focused) {
    const again = [...list.querySelectorAll("a")].find((link) => link.getAttribute("href") === focused);
    if (again) again.focus();
  }
}

/**
 * @param {HTMLElement} list
 * @param {{rooms: any[], total: number}} body
 */
function drawRooms(list, body) {
  if (!body.rooms.length) {
    replace(list, h("p", {}, t("lobby-no-rooms")));
    return;
  }
  // Each cell says what it is: on a phone a row is drawn as a card.
  const cell = (/** @type {string} */ label, /** @type {string | HTMLElement} */ content) => h("td", { "data-label": label }, content);
  // A player's name, a program's with its badge, and their rating in the
  // room's pool when it is known.
  const player = (/** @type {any} */ room, /** @type {"yellow" | "blue"} */ seat) => {
    const name = room.players[seat];
    const rating = ratingText(room.ratings?.[seat]);
    if (!name) return "—";
    return h("span", {}, name, room.bots?.[seat] ? botBadge() : null, rating ? " " : null, rating ? h("span", { class: "player-rating" }, rating) : null);
  };
  // The columns' titles, each cell's label on a phone.
  const titles = {
    room: t("lobby-column-room"),
    status: t("lobby-column-status"),
    yellow: t("lobby-column-yellow"),
    blue: t("lobby-column-blue"),
    round: t("lobby-column-round"),
    watching: t("lobby-column-watching"),
  };
  const rows = body.rooms.map((room) =>
    h(
      "tr",
      {},
      cell(titles.room, h("a", { href: `/r/${room.code}` }, room.code)),
      cell(titles.status, room.options?.rated ? t("lobby-room-status-rated", { status: String(room.status) }) : t("lobby-room-status", { status: String(room.status) })),
      cell(titles.yellow, player(room, "yellow")),
      cell(titles.blue, player(room, "blue")),
      cell(titles.round, room.status === "playing" ? String(room.round) : "—"),
      cell(titles.watching, String(room.spectators)),
    ),
  );
  replace(
    list,
    h(
      "table",
      { class: "rooms cards" },
      h("thead", {}, h("tr", {}, ...Object.values(titles).map((title) => h("th", { scope: "col" }, title)))),
      h("tbody", {}, ...rows),
    ),
    body.total > body.rooms.length ? h("p", {}, t("lobby-rooms-total", { total: body.total })) : null,
  );
}
