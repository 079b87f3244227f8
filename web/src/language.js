// Which language the page speaks: the one the player chose (the switch on
// every page, kept in local storage and in a cookie, so that the server's
// first page is in it too), else the first of the browser's languages we
// have a catalogue for, else English. Names, room codes and keys are never
// translated: they go into messages as they are.

import { PSEUDO, loadCatalogue, t } from "./catalogue.js";
import { h } from "./dom.js";

/** The languages with a catalogue, each under its own name (never translated). */
export const LANGUAGES = /** @type {const} */ ([
  ["en", "English"], // words-check: each language's own name
  ["fr", "Français"], // words-check: each language's own name
  ["es", "Español"], // words-check: each language's own name
]);

const KEY = "mice-cake:language";

/**
 * The language for a player who chose `chosen` (or nothing) and whose
 * browser prefers `preferred`, in order: a tag matches a catalogue by its
 * language (`fr-CA` → `fr`). The pseudo-locale is taken only when asked for
 * by its exact tag (tests).
 * @param {string | null} chosen @param {readonly string[]} preferred
 * @returns {string}
 */
export function chooseLanguage(chosen, preferred) {
  for (const tag of [chosen, ...preferred]) {
    if (!tag) continue;
    if (tag === PSEUDO) return PSEUDO;
    const base = tag.toLowerCase().split("-")[0];
    if (LANGUAGES.some(([code]) => code === base)) return base;
  }
  return "en";
}

/** The language chosen here before, if any. */
function chosenBefore() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * Picks the page's language, loads its catalogue and says it (`<html
 * lang>`); the words the server wrote into the page (`data-message`,
 * `data-message-label` for an aria-label) are written again in it, should
 * the browser's choice differ from what the server read in the request.
 */
export async function startLanguage() {
  const language = chooseLanguage(chosenBefore(), navigator.languages ?? [navigator.language]);
  await loadCatalogue(language);
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll("[data-message]")) {
    element.textContent = t(/** @type {HTMLElement} */ (element).dataset.message ?? "");
  }
  for (const element of document.querySelectorAll("[data-message-label]")) {
    element.setAttribute("aria-label", t(/** @type {HTMLElement} */ (element).dataset.messageLabel ?? ""));
  }
  return language;
}

/**
 * The switch every page shows: choosing a language keeps it and shows the
 * page again in it.
 * @param {string} current
 */
export function languageSwitch(current) {
  const select = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      { class: "language-switch", "aria-label": t("language-switch") },
      ...LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code, selected: code === current }, name)),
    )
  );
  select.addEventListener("change", () => {
    const language = select.value;
    try {
      localStorage.setItem(KEY, language);
    } catch {
      // Private windows may refuse storage: the cookie still carries it.
    }
    document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
  return select;
}
