// The arenas at /arenas (docs/arenas.md): those upcoming and live, the
// soonest first, then the latest finished, each a link to its page; and a
// form to make one with this browser's key — a name, when it starts, how
// long it lasts, the pool and time per round, rated or casual, and a join
// code for a club's.

import { arenaKind, statusWords } from "./arena.js";
import { t, ungrouped } from "./catalogue.js";
import { h, replace } from "./dom.js";
import { playerKey, proveKey } from "./keys.js";
import { names } from "./stored.js";
import { pools } from "./ratings.js";
import { refusalText } from "./refusals.js";

/** Lengths to choose from, in minutes: `1 hour`, `1 h 30`. */
const lengths = () => [15, 30, 60, 90, 180].map((minutes) => /** @type {const} */ ([String(minutes), t("arenas-lasts", { hours: Math.floor(minutes / 60), minutes: minutes % 60 })]));
/** When to start, in minutes from now. */
const starts = () => [0, 5, 15, 60].map((minutes) => /** @type {const} */ ([String(minutes), t("arenas-starts", { minutes })]));
/** Times per round: "" is the server's. */
const times = () => [
  /** @type {const} */ (["", t("arenas-time-default")]),
  ...[15, 30, 60].map((seconds) => /** @type {const} */ ([String(seconds * 1000), t("arenas-time-seconds", { seconds })])),
];

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
  document.title = t("arenas-title");
  const list = h("div", { id: "arena-list" }, h("p", {}, t("arenas-loading")));
  const form = createForm();
  replace(
    root,
    h(
      "section",
      { class: "arenas" },
      h("h1", {}, t("arenas-heading")),
      h("p", {}, t("arenas-intro")),
      list,
      form,
      h("p", { class: "page-links" }, h("a", { href: "/" }, t("back-to-lobby"))),
    ),
  );
  await listArenas(list);
}

/** The form that makes an arena, with this browser's key. */
function createForm() {
  const arenaName = /** @type {HTMLInputElement} */ (h("input", { id: "arena-name", name: "arena-name", maxlength: 40, required: true, value: names.get() ? t("arenas-default-name", { name: names.get() }) : t("arenas-default-name-ours") }));
  const creator = /** @type {HTMLInputElement} */ (h("input", { id: "creator-name", name: "creator-name", maxlength: 32, required: true, autocomplete: "nickname", value: names.get() || names.proposed() }));
  const minutes = select("minutes", lengths(), "30");
  const startsIn = select("starts-in", starts(), "0");
  const pool = select("arena-pool", pools(), "standard");
  const time = select("arena-time", times(), "");
  const rated = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "arena-rated", name: "arena-rated" }));
  const joinCode = /** @type {HTMLInputElement} */ (h("input", { id: "arena-join-code", name: "arena-join-code", maxlength: 32, autocomplete: "off", placeholder: t("arenas-join-code-none") }));
  const error = h("p", { class: "error", role: "alert", id: "create-error" });
  const make = h("button", { type: "submit", class: "primary", id: "make-arena" }, t("arenas-make"));
  const form = h(
    "form",
    { id: "create-arena", class: "choices", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("arenas-make-heading")),
    h("p", {}, h("label", { for: "arena-name" }, t("arenas-its-name")), " ", arenaName),
    h("p", {}, h("label", { for: "creator-name" }, t("arenas-your-name")), " ", creator),
    h("p", {}, h("label", { for: "starts-in" }, t("arenas-starts-label")), " ", startsIn),
    h("p", {}, h("label", { for: "minutes" }, t("arenas-lasts-label")), " ", minutes),
    h("p", {}, h("label", { for: "arena-pool" }, t("arenas-pool-label")), " ", pool),
    h("p", {}, h("label", { for: "arena-time" }, t("arenas-time-label")), " ", time),
    h("p", {}, rated, " ", h("label", { for: "arena-rated" }, t("arenas-rated-label"))),
    h("p", {}, h("label", { for: "arena-join-code" }, t("arenas-join-code-label")), " ", joinCode),
    error,
    h("p", { class: "buttons" }, make),
  );
  const fields = { arenaName, creator, minutes, starts: startsIn, pool, time, rated, joinCode };
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
  const keyless = t("arenas-keyless");
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
      error.textContent = answer.message ? t("arenas-not-made", { reason: refusalText(answer) }) : t("arenas-not-made-status", { status: ungrouped(issued.status) });
      return null;
    }
    proof = await proveKey(answer.challenge);
  } catch {
    error.textContent = t("arenas-unreachable");
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
      error.textContent = answer.message ? t("arenas-not-made", { reason: refusalText(answer) }) : t("arenas-not-made-status", { status: ungrouped(response.status) });
      return;
    }
    names.propose(body.creator);
    location.assign(`/a/${answer.id}`);
  } catch {
    error.textContent = t("arenas-unreachable");
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
                h("span", { class: "meta" }, " ", t("arenas-item", { status: statusWords(arena, now), players: arena.players, kind: arenaKind(arena) })),
              ),
            ),
          )
        : h("p", { id: "no-arenas" }, t("arenas-none")),
    );
  } catch {
    replace(list, h("p", { class: "error", role: "alert" }, t("arenas-unreadable")));
  }
}
