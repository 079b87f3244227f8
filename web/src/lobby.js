// The lobby: the public rooms (updating live, with the players' ratings
// and a BOT badge by a program's name), a new room with every option
// (rated or not), joining or watching by code, and links to the
// leaderboard and this browser's player page.

import { botBadge, h, replace } from "./dom.js";
import { keptPublicKey, playerKey } from "./keys.js";
import { names } from "./stored.js";
import { RATED_STALL_LIMIT, poolOf, ratingText } from "./ratings.js";

const REFRESH_MS = 2_000;
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;

/**
 * Shows the lobby in `root`; returns how to stop it.
 * @param {HTMLElement} root
 * @returns {() => void}
 */
export function showLobby(root) {
  const list = h("div", { id: "rooms", "aria-live": "off" }, h("p", {}, "Looking for rooms…"));
  const error = h("p", { class: "error", role: "alert" });
  const name = /** @type {HTMLInputElement} */ (
    h("input", { id: "name", name: "name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() })
  );
  // Kept for the room page to use, but only kept for good once the server
  // takes it (a name it refuses must not come back at every visit).
  name.addEventListener("change", () => names.propose(name.value.trim()));

  const create = createForm(name, error);
  const join = joinForm(name, error);

  const links = h("p", { class: "lobby-links" }, h("a", { href: "/top" }, "Leaderboard"), h("a", { href: "/arenas", id: "arenas-link" }, "Arenas"));
  // This browser's page, if it has a key (a visit to the lobby makes none).
  keptPublicKey().then((key) => {
    if (key) links.append(h("a", { href: `/p/${key}`, id: "your-page" }, "Your page"));
  });
  replace(
    root,
    h(
      "section",
      { class: "lobby" },
      h("h1", {}, "Mice Cake"),
      h("p", { class: "lead" }, "Two families of mice race to haul the cake away. Play a friend, a bot, or watch. ", h("a", { href: "/rules" }, "The rules")),
      h(
        "p",
        { class: "play-now" },
        h("a", { href: "/play", id: "play-now-link", class: "button-link primary", "aria-describedby": "play-now-help" }, "Play now"),
        " ",
        h("span", { id: "play-now-help", class: "hint" }, "Be paired with whoever is waiting, the closest rating first; or play the server's bot."),
      ),
      links,
      h("p", {}, h("label", { for: "name" }, "Your name "), name),
      error,
      h("div", { class: "lobby-grid" }, create, join),
      h("section", { "aria-labelledby": "rooms-title" }, h("h2", { id: "rooms-title" }, "Public rooms"), list),
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
    h("h2", { id: "join-title" }, "Join or watch a room"),
    h("label", { for: "code" }, "Room code "),
    code,
    " ",
    h("button", { type: "submit" }, "Go to the room"),
  );
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = code.value.trim().toUpperCase();
    if (!CODE.test(wanted)) {
      error.textContent = "A room code is five letters and digits, like K7QMX.";
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
        replace(list, h("p", { class: "error" }, "The server cannot be reached; trying again."));
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
    h("h2", { id: "create-title" }, "New room"),
    h("p", {}, h("label", { for: "opponent" }, "Opponent "), select("opponent", [["person", "a person (send them the link)"], ["strong", "the strong bot"], ["greedy", "the greedy bot"], ["random", "the random bot"]])),
    h("p", {}, h("label", { for: "reveal" }, "Pieces "), select("reveal", [["standard", "rows 1, 3, 5, 7 face up"], ["all_face_up", "all face up"], ["all_face_down", "all face down"]])),
    h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "boost", name: "boost" }), " Boost instead of tiring")),
    h("p", {}, h("label", { for: "deadline" }, "Time per round "), select("deadline", [["", "the server's default"], ["30000", "30 s"], ["60000", "1 min"], ["120000", "2 min"], ["0", "no limit"]])),
    h("p", {}, h("label", { for: "stall" }, "Rounds without progress that end the game "), h("input", { type: "number", id: "stall", name: "stall", min: 1, max: 10000, value: 100 })),
    h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "private", name: "private" }), " Private (not listed)")),
    h(
      "p",
      {},
      h("label", {}, h("input", { type: "checkbox", id: "rated", name: "rated", "aria-describedby": "rated-help" }), " Rated: the game changes both players' ratings"),
      h("span", { id: "rated-help", class: "hint" }, `Against a person, with ${RATED_STALL_LIMIT} rounds without progress; each player needs a key, which this browser makes and keeps.`),
    ),
    h("p", {}, h("label", {}, h("input", { type: "checkbox", id: "record-chat", name: "record-chat" }), " Keep the chat with the game's record")),
    h("button", { type: "submit", class: "primary" }, "Create the room"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const player = name.value.trim();
    if (!player) {
      error.textContent = "Choose a name first: it is how your opponent sees you.";
      name.focus();
      return;
    }
    names.propose(player);
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
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
  });
  return form;
}

/**
 * Why the server would refuse a rated room with these options, or "": a
 * rated game is a person's against a person, by a pool's rules, and each
 * seat needs a key (made here if the browser can keep one).
 * @param {{game: {reveal: string, boost: boolean, stall_limit: number}, bot: string | null}} options
 */
async function ratedRefusal(options) {
  if (options.bot) return "A rated game is played against a person: a bot game is never rated. Choose a person, or untick Rated.";
  if (!poolOf(options.game)) return `A rated game ends after ${RATED_STALL_LIMIT} rounds without progress, the standard limit: set that, or untick Rated.`;
  if (!(await playerKey())) {
    return "This browser cannot keep a key on this page (a key needs WebCrypto, given only to pages served over HTTPS or from localhost, and IndexedDB), and a rating belongs to a key. Untick Rated to play a casual game.";
  }
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
    replace(list, h("p", {}, "No public room right now: create one."));
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
  const rows = body.rooms.map((room) =>
    h(
      "tr",
      {},
      cell("Room", h("a", { href: `/r/${room.code}` }, room.code)),
      cell("Status", room.options?.rated ? `${room.status}, rated` : room.status),
      cell("Yellow", player(room, "yellow")),
      cell("Blue", player(room, "blue")),
      cell("Round", room.status === "playing" ? String(room.round) : "—"),
      cell("Watching", String(room.spectators)),
    ),
  );
  replace(
    list,
    h(
      "table",
      { class: "rooms cards" },
      h("thead", {}, h("tr", {}, ...["Room", "Status", "Yellow", "Blue", "Round", "Watching"].map((title) => h("th", { scope: "col" }, title)))),
      h("tbody", {}, ...rows),
    ),
    body.total > body.rooms.length ? h("p", {}, `${body.total} rooms in all.`) : null,
  );
}
