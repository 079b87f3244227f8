// The arenas at /arenas (docs/arenas.md): those upcoming and live, the
// soonest first, then the latest finished, each a link to its page; and a
// form to make one with this browser's key — a name, when it starts, how
// long it lasts, the pool and time per round, rated or casual, and a join
// code for a club's.

import { arenaKind, statusWords } from "./arena.js";
import { h, replace } from "./dom.js";
import { playerKey, proveKey } from "./keys.js";
import { names } from "./stored.js";
import { POOLS } from "./ratings.js";
import { plural } from "./words.js";

/** Lengths to choose from, in minutes. */
const LENGTHS = /** @type {const} */ ([
  ["15", "15 minutes"],
  ["30", "30 minutes"],
  ["60", "1 hour"],
  ["90", "1 h 30"],
  ["180", "3 hours"],
]);
/** When to start, in minutes from now. */
const STARTS = /** @type {const} */ ([
  ["0", "now"],
  ["5", "in 5 minutes"],
  ["15", "in 15 minutes"],
  ["60", "in an hour"],
]);
/** Times per round: "" is the server's. */
const TIMES = /** @type {const} */ ([
  ["", "Server's default"],
  ["15000", "15 s"],
  ["30000", "30 s"],
  ["60000", "60 s"],
]);

/**
 * @param {string} id @param {ReadonlyArray<readonly [string, string]>} options @param {string} chosen
 * @returns {HTMLSelectElement}
 */
function select(id, options, chosen) {
  return /** @type {HTMLSelectElement} */ (h("select", { id, name: id }, ...options.map(([value, label]) => h("option", { value, selected: value === chosen }, label))));
}

/**
 * Shows the arenas in `root`.
 * @param {HTMLElement} root
 */
export async function showArenas(root) {
  document.title = "Arenas · Mice Cake";
  const list = h("div", { id: "arena-list" }, h("p", {}, "Loading the arenas…"));
  const form = createForm();
  replace(
    root,
    h(
      "section",
      { class: "arenas" },
      h("h1", {}, "Arenas"),
      h("p", {}, "A tournament with a start and an end: everyone plays as many games as they can, paired again by standing as each game ends. Two points a win, one a draw, doubled after two wins in a row."),
      list,
      form,
      h("p", { class: "page-links" }, h("a", { href: "/" }, "Back to the lobby")),
    ),
  );
  await listArenas(list);
}

/** The form that makes an arena, with this browser's key. */
function createForm() {
  const arenaName = /** @type {HTMLInputElement} */ (h("input", { id: "arena-name", name: "arena-name", maxlength: 40, required: true, value: `${names.get() || "Our"} arena` }));
  const creator = /** @type {HTMLInputElement} */ (h("input", { id: "creator-name", name: "creator-name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() }));
  const minutes = select("minutes", LENGTHS, "30");
  const starts = select("starts-in", STARTS, "0");
  const pool = select("arena-pool", POOLS, "standard");
  const time = select("arena-time", TIMES, "");
  const rated = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "arena-rated", name: "arena-rated" }));
  const joinCode = /** @type {HTMLInputElement} */ (h("input", { id: "arena-join-code", name: "arena-join-code", maxlength: 32, autocomplete: "off", placeholder: "none: open to all" }));
  const error = h("p", { class: "error", role: "alert", id: "create-error" });
  const make = h("button", { type: "submit", class: "primary", id: "make-arena" }, "Make the arena");
  const form = h(
    "form",
    { id: "create-arena", class: "choices", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, "Make an arena"),
    h("p", {}, h("label", { for: "arena-name" }, "Its name "), arenaName),
    h("p", {}, h("label", { for: "creator-name" }, "Your name "), creator),
    h("p", {}, h("label", { for: "starts-in" }, "Starts "), starts),
    h("p", {}, h("label", { for: "minutes" }, "Lasts "), minutes),
    h("p", {}, h("label", { for: "arena-pool" }, "Pool "), pool),
    h("p", {}, h("label", { for: "arena-time" }, "Time per round "), time),
    h("p", {}, rated, h("label", { for: "arena-rated" }, " Rated: its games change the players' ratings")),
    h("p", {}, h("label", { for: "arena-join-code" }, "Join code (a club's arena) "), joinCode),
    error,
    h("p", { class: "buttons" }, make),
  );
  const fields = { arenaName, creator, minutes, starts, pool, time, rated, joinCode };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const signed = await keyAndProof(error);
    if (signed) await makeArena(fields, signed, make, error);
  });
  return form;
}

/**
 * This browser's key, and its proof answering a challenge fetched for this
 * one request; null (said in `error`) when there is none.
 * @param {HTMLElement} error
 * @returns {Promise<{key: string, proof: any} | null>}
 */
async function keyAndProof(error) {
  const keyless = "An arena is made with this browser's key, and it cannot keep one here: it needs HTTPS or localhost, and IndexedDB.";
  const key = await playerKey();
  if (!key) {
    error.textContent = keyless;
    return null;
  }
  // The proof answers a challenge fetched for this one request.
  let proof = null;
  try {
    const issued = await fetch("/api/key-challenges", { method: "POST" });
    const answer = await issued.json();
    if (!issued.ok) {
      error.textContent = `Not made: ${answer.message ?? issued.status}.`;
      return null;
    }
    proof = await proveKey(answer.challenge);
  } catch {
    error.textContent = "The server cannot be reached just now: try again in a moment.";
    return null;
  }
  if (!proof) {
    error.textContent = keyless;
    return null;
  }
  return { key: key.publicKey, proof };
}

/**
 * Asks the server to make the arena the form says; its page once made.
 * @param {{arenaName: HTMLInputElement, creator: HTMLInputElement, minutes: HTMLSelectElement, starts: HTMLSelectElement, pool: HTMLSelectElement, time: HTMLSelectElement, rated: HTMLInputElement, joinCode: HTMLInputElement}} fields
 * @param {{key: string, proof: any}} signed @param {HTMLElement} make @param {HTMLElement} error
 */
async function makeArena(fields, signed, make, error) {
  const { arenaName, creator, minutes, starts, pool, time, rated, joinCode } = fields;
  const body = {
    name: arenaName.value.trim(),
    minutes: Number(minutes.value),
    starts_at_ms: Date.now() + Number(starts.value) * 60_000,
    pool: pool.value,
    ...(time.value ? { deadline_ms: Number(time.value) } : {}),
    rated: rated.checked,
    ...(joinCode.value.trim() ? { join_code: joinCode.value.trim() } : {}),
    key: signed.key,
    key_proof: signed.proof,
    creator: creator.value.trim(),
  };
  make.setAttribute("disabled", "");
  try {
    const response = await fetch("/api/arenas", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) {
      error.textContent = `Not made: ${answer.message ?? response.status}.`;
      return;
    }
    names.propose(body.creator);
    location.assign(`/a/${answer.id}`);
  } catch {
    error.textContent = "The server cannot be reached just now: try again in a moment.";
  } finally {
    make.removeAttribute("disabled");
  }
}

/** @param {HTMLElement} list */
async function listArenas(list) {
  try {
    const response = await fetch("/api/arenas", { cache: "no-store" });
    const body = await response.json();
    const now = Date.now();
    replace(
      list,
      body.arenas.length
        ? h(
            "ul",
            { class: "arena-list" },
            ...body.arenas.map((/** @type {any} */ arena) =>
              h(
                "li",
                { class: `arena-item ${arena.status}` },
                h("a", { href: `/a/${arena.id}` }, arena.name),
                h("span", { class: "meta" }, ` — ${statusWords(arena, now)}; ${plural(arena.players, "player", "players")}; ${arenaKind(arena)}`),
              ),
            ),
          )
        : h("p", { id: "no-arenas" }, "No arena yet: make the first below."),
    );
  } catch {
    replace(list, h("p", { class: "error", role: "alert" }, "The arenas cannot be read just now: reload the page in a moment."));
  }
}
