// Every page in every language: the survey's walk (survey.mjs) in the
// pseudo-locale, in French and in Spanish. In the pseudo-locale (en-XA:
// every message accented, 40 % longer and in brackets) any word outside
// brackets is a sentence that missed the catalogue, and on a 375 px phone
// no page may be wider than the screen with the longer words (axe-core is
// not run there: the markup is English's). In French and
// Spanish the page says its language (`<html lang>`), shows no English, and
// axe-core finds nothing serious. English's own walk is pages.test.mjs's.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, axeViolations, person, screenshot, serverAndBrowser, settle, widths } from "./support.mjs";
import { PAGE_TYPES, SURVEY_NAMES, takeSurvey } from "./survey.mjs";

const shared = serverAndBrowser();

/** Words of a page no catalogue says: the language switch's names for the languages, the game's name. */
/** Longest first: a name inside another ("greedy" in "mice-cake greedy") is taken out whole. */
const NEVER_TRANSLATED = ["English", "Français", "Español", "Mice Cake", ...SURVEY_NAMES].sort((a, b) => b.length - a.length);

/**
 * Every text a person meets on the page now, each with where it is: the
 * text of visible elements, the title, and the words of attributes read
 * aloud or shown (aria-label, title, placeholder, alt). Text in `code` or
 * `pre` (a command line, a key) and in an element marked as another
 * language (the rules, in English for now) is left out.
 * @param {import("playwright-core").Page} page
 */
async function textsOf(page) {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    /** @type {{text: string, where: string}[]} */
    const found = [{ text: document.title, where: "title" }];
    const describe = (/** @type {Element} */ element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.classList.length ? `.${[...element.classList].join(".")}` : ""}`;
    const excluded = (/** @type {Element} */ element) => Boolean(element.closest("code, pre, script, style, noscript")) || (element.closest("[lang]")?.getAttribute("lang") ?? pageLanguage) !== pageLanguage;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? "";
      if (!parent || !text || excluded(parent)) continue;
      // Visible, or read aloud (the live region, visually hidden labels).
      const shown = parent.getClientRects().length > 0 || parent.closest(".visually-hidden, [aria-live]");
      if (shown) found.push({ text, where: describe(parent) });
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      if (excluded(element)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) found.push({ text: value, where: `${describe(element)}[${name}]` });
      }
    }
    return found;
  });
}

/**
 * What is left of `text` once every bracketed message, name, code, number
 * and piece is taken out: words there missed the catalogue.
 * @param {string} text
 */
function untranslatedPart(text) {
  let rest = text;
  // Brackets nest when a message is an argument of another.
  for (let before = ""; before !== rest; ) {
    before = rest;
    rest = rest.replace(/\[[^[\]]*\]/g, " ");
  }
  for (const word of NEVER_TRANSLATED) rest = rest.split(word).join(" ");
  return rest
    .replace(/\b[0-9A-Z]{5}\b|\b[0-9A-Z]{8}\b/g, " ") // room codes, arena ids
    .replace(/\b[0-9a-f]{8,}\b/g, " ") // keys, game ids, hashes
    .replace(/\b\d+\/\d+\b/g, " ") // pieces
    .replace(/\b(ws|wss|http|https):\/\/\S+/g, " ")
    .trim();
}

/** English's commonest words, none of them French or Spanish. */
const ENGLISH = /\b(the|and|your|you|is|are|of|with|this|that|game|games|room|rooms|play|mice|mouse|round|move|wait|waiting|opponent|rated|players?)\b/i;

/**
 * Walks every page in `locale`; `check` looks at each page's texts.
 * @param {string} locale @param {string} language what `<html lang>` must say
 * @param {(label: string, texts: {text: string, where: string}[]) => string[]} check
 * @param {{sizes: {width: number, height: number}[], shots?: boolean, axe?: boolean}} how
 */
async function walk(locale, language, check, how) {
  const { server, browser } = shared;
  /** @type {string[]} */
  const faults = [];
  /** @type {Set<string>} */
  const labels = new Set();
  /** @type {import("./survey.mjs").Look} */
  const look = async (label, page) => {
    labels.add(label);
    assert.equal(await page.locator("html").getAttribute("lang"), language, `${label}: <html lang>`);
    for (const size of how.sizes) {
      await page.setViewportSize(size);
      await settle(page);
      faults.push(...check(label, await textsOf(page)).map((fault) => `${label}: ${fault}`));
      if (how.axe !== false) {
        const grave = (await axeViolations(page)).filter((violation) => violation.impact === "critical" || violation.impact === "serious");
        faults.push(...grave.map((violation) => `${label} at ${size.width} px: axe-core: ${violation.id}: ${violation.targets.join(", ")}`));
      }
      if (size === PHONE) {
        const { scrollWidth, innerWidth, past } = await widths(page);
        if (scrollWidth > innerWidth) faults.push(`${label}: ${scrollWidth} px wide in ${innerWidth} px; past the edge: ${past.join(", ")}`);
        if (how.shots) await screenshot(page, `${locale}-${label.replace(/[^a-z0-9]+/gi, "-").slice(0, 40)}`);
      }
    }
    await page.setViewportSize(DESKTOP);
  };
  const met = await takeSurvey({ server, browser, locale, look });
  assert.equal(labels.size, PAGE_TYPES, [...labels].join("\n"));
  for (const { who, label } of met) {
    const errors = who.errors.filter((error) => !/status of 404/.test(error));
    assert.deepEqual(errors, [], `no console error for ${label} in ${locale}`);
    await who.context.close();
  }
  assert.deepEqual(faults, [], `in ${locale}:\n${faults.join("\n")}`);
}

test("in the pseudo-locale, at 375 px, every word of every page comes from the catalogue and fits", async () => {
  const untranslated = (/** @type {string} */ _label, /** @type {{text: string, where: string}[]} */ texts) =>
    texts.flatMap(({ text, where }) => {
      const rest = untranslatedPart(text);
      return /[A-Za-z]{2,}/.test(rest) ? [`${where}: not from the catalogue: ${JSON.stringify(rest)} (in ${JSON.stringify(text.slice(0, 120))})`] : [];
    });
  // Words and widths only: axe-core walks every page in English, French
  // and Spanish, whose markup is the pseudo-locale's (CI's two cores are
  // its budget).
  await walk("en-XA", "en-XA", untranslated, { sizes: [PHONE], shots: true, axe: false });
});

for (const [locale, language] of [
  ["fr-FR", "fr"],
  ["es-ES", "es"],
]) {
  test(`a ${language} browser gets every page in its language, with no English, and axe-core finds nothing serious`, async () => {
    const english = (/** @type {string} */ _label, /** @type {{text: string, where: string}[]} */ texts) =>
      texts.flatMap(({ text, where }) => {
        // A command line the page quotes (`mice-cake verify …`) is never translated.
        const rest = NEVER_TRANSLATED.reduce((left, word) => left.split(word).join(" "), text).replace(/\bmice-cake( [a-z]+)?/g, " ");
        const word = rest.match(ENGLISH);
        return word ? [`${where}: English (${word[0]}): ${JSON.stringify(text)}`] : [];
      });
    // On the phone, where a longer word would overflow: English walks the
    // desktop with axe-core in pages.test.mjs, with the same markup. CI's
    // two cores are its budget.
    await walk(locale, language, english, { sizes: [PHONE], shots: language === "fr" });
  });
}

test("the first page comes in the browser's language; the switch keeps another, on every page and the next visit", async () => {
  const { server, browser } = shared;
  const ana = await person(browser, { locale: "fr-CA", viewport: PHONE });
  // Before any script: the server read Accept-Language.
  const first = await ana.page.goto(server.url);
  const html = (await first?.text()) ?? "";
  assert.match(html, /<html lang="fr">/);
  assert.match(html, /<a href="\/rules" data-message="page-rules">Règles<\/a>/);
  await ana.page.locator("form.create").waitFor();
  assert.equal(await ana.page.locator("html").getAttribute("lang"), "fr");
  assert.equal(await ana.page.title(), "Mice Cake");
  const frenchHeading = (await ana.page.locator("#create-title").textContent()) ?? "";

  // Español, from the switch: the page again, in Spanish.
  const switcher = ana.page.locator("select.language-switch");
  assert.equal(await switcher.inputValue(), "fr");
  await Promise.all([ana.page.waitForEvent("load"), switcher.selectOption("es")]);
  await ana.page.locator("form.create").waitFor();
  assert.equal(await ana.page.locator("html").getAttribute("lang"), "es");
  assert.notEqual(await ana.page.locator("#create-title").textContent(), frenchHeading);
  assert.equal(await ana.page.locator("header a[href='/rules']").textContent(), "Reglas");

  // Kept on every page, though the browser still prefers French.
  // The rules page says, in Spanish, that its rules are English for now.
  await ana.page.goto(`${server.url}/rules`);
  await ana.page.locator(".rules-language", { hasText: "Las reglas aún no están traducidas" }).waitFor();
  assert.equal(await ana.page.locator("html").getAttribute("lang"), "es");
  assert.equal(await ana.page.locator("main#rules > div").getAttribute("lang"), "en");
  assert.equal(await ana.page.locator("select.language-switch").inputValue(), "es");
  // And the server's first words too (the cookie).
  const top = await ana.page.goto(`${server.url}/top`);
  assert.match((await top?.text()) ?? "", /<html lang="es">/);
  await ana.page.locator("#no-leaders").waitFor();
  assert.equal(await ana.page.locator("html").getAttribute("lang"), "es");

  // Back to English.
  await Promise.all([ana.page.waitForEvent("load"), ana.page.locator("select.language-switch").selectOption("en")]);
  await ana.page.locator("#no-leaders").waitFor();
  assert.equal(await ana.page.locator("html").getAttribute("lang"), "en");
  assert.equal(await ana.page.locator("header a[href='/rules']").textContent(), "Rules");
  ana.assertClean();
  await ana.context.close();
});
