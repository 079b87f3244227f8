// The words a player reads, from the catalogue of their language (Project
// Fluent: `locales/<language>/common/*.ftl` and `web/*.ftl`, served as one
// file per language). Plurals, numbers and dates follow the language's
// rules through `Intl`. No sentence is written in the client's code: it asks
// for a message by its id, with the names and numbers it needs.

import { FluentBundle, FluentNumber, FluentResource } from "./vendor/fluent-bundle/index.js";

/** The pseudo-locale for tests: every message accented, longer, bracketed. */
export const PSEUDO = "en-XA";

/** @type {FluentBundle | null} */
let bundle = null;
/** The messages of the language in use, for a missing one: English's. @type {FluentBundle | null} */
let fallback = null;
/** Whether the page shows the pseudo-locale. */
let pseudo = false;

/**
 * Uses `text` (a catalogue, every file of a language one after another) for
 * `language`; `english` too, for any message the language lacks (CI fails a
 * catalogue that lacks one, so this is for a stale cache, not a habit).
 * @param {string} language @param {string} text @param {string} [english]
 */
export function useCatalogue(language, text, english) {
  pseudo = language === PSEUDO;
  bundle = makeBundle(pseudo ? "en" : language, text, pseudo);
  fallback = english === undefined ? null : makeBundle("en", english, false);
}

/** @param {string} language @param {string} text @param {boolean} accented */
function makeBundle(language, text, accented) {
  // No bidi marks around placeables: names go into the page as their own
  // <bdi> elements (`wordsWith`), which isolates them without characters a
  // copy would carry.
  const made = new FluentBundle(language, { useIsolating: false, transform: accented ? pseudoText : undefined });
  const errors = made.addResource(new FluentResource(text));
  for (const error of errors) console.error("catalogue:", error);
  return made;
}

/**
 * Fetches and uses the catalogue of `language` (served beside this module),
 * with English's behind it.
 * @param {string} language
 */
export async function loadCatalogue(language) {
  const file = language === PSEUDO ? "en" : language;
  /** @param {string} name */
  const fetched = async (name) => {
    const response = await fetch(new URL(`locales/${name}.ftl`, import.meta.url));
    if (!response.ok) throw new Error(`locales/${name}.ftl: ${response.status}`);
    return response.text();
  };
  const [text, english] = await Promise.all([fetched(file), file === "en" ? Promise.resolve(undefined) : fetched("en")]);
  useCatalogue(language, text, english);
}

/** @typedef {Record<string, string | number | Date | FluentNumber>} Args */

/**
 * A number written without grouping (a rating, a year, a round: `1500`,
 * not `1,500`), still in the language's digits and decimal mark, and still
 * selecting the message's plural form.
 * @param {number} value @param {Intl.NumberFormatOptions} [options]
 */
export const ungrouped = (value, options = {}) => new FluentNumber(value, { ...options, useGrouping: false });

/**
 * The message `id` as text, its arguments put in (numbers as the language
 * writes them; a Date as a date).
 * @param {string} id @param {Args} [args]
 * @returns {string}
 */
export function t(id, args) {
  for (const source of [bundle, fallback]) {
    const message = source?.getMessage(id);
    if (!message?.value || !source) continue;
    /** @type {Error[]} */
    const errors = [];
    const text = source.formatPattern(message.value, fluentArgs(args), errors);
    for (const error of errors) console.error(`catalogue: ${id}:`, error);
    return pseudo && text ? `[${text}]` : text;
  }
  console.error(`catalogue: no message ${id}`);
  return id;
}

/** Whether the catalogue has a message `id` (one built from a server's code, say). @param {string} id */
export function hasMessage(id) {
  return Boolean(bundle?.hasMessage(id) || fallback?.hasMessage(id));
}

/**
 * An attribute of message `id` (`.label`, `.title`, …) as text.
 * @param {string} id @param {string} attribute @param {Args} [args]
 */
export function tAttribute(id, attribute, args) {
  const source = bundle?.getMessage(id) ? bundle : fallback;
  const pattern = source?.getMessage(id)?.attributes[attribute];
  if (!pattern || !source) {
    console.error(`catalogue: no attribute ${id}.${attribute}`);
    return `${id}.${attribute}`;
  }
  const text = source.formatPattern(pattern, fluentArgs(args));
  return pseudo ? `[${text}]` : text;
}

/**
 * The message `id` as nodes, with names (and any other node) put in where
 * its placeables name them: a name is a <bdi> of its own, so that a name
 * written right to left never reorders the sentence around it, and it is
 * never read as words to translate.
 * @param {string} id @param {Record<string, string | number | Date | FluentNumber | Node>} args
 * @param {Iterable<string>} [names] the arguments that are names (text, each put in a <bdi>)
 * @returns {DocumentFragment}
 */
export function wordsWith(id, args, names = []) {
  const nameSet = new Set(names);
  /** @type {Map<string, Node>} */
  const nodes = new Map();
  /** @type {Args} */
  const plain = {};
  let index = 0;
  for (const [key, value] of Object.entries(args)) {
    if (value instanceof Node || nameSet.has(key)) {
      // A mark no catalogue holds, replaced by the node once formatted.
      const mark = `\u{E000}${index++}\u{E001}`;
      const bdi = document.createElement("bdi");
      bdi.textContent = String(value);
      nodes.set(mark, value instanceof Node ? value : bdi);
      plain[key] = mark;
    } else {
      plain[key] = value;
    }
  }
  const fragment = document.createDocumentFragment();
  for (const part of t(id, plain).split(/(\u{E000}\d+\u{E001})/u)) {
    if (part) fragment.append(nodes.get(part) ?? part);
  }
  return fragment;
}

/**
 * A sentence to show or tell later: message `id`, its arguments, and which
 * of them are names (each shown in a <bdi> of its own). Made by `said`, so
 * that the words check finds the id; shown by `saidNodes`, told by
 * `saidText`.
 * @typedef {{id: string, args: Record<string, any>, names: string[]}} Said
 */

/**
 * Message `id` with its arguments, to be shown or told later.
 * @param {string} id @param {Record<string, any>} [args] @param {string[]} [names] the arguments that are names
 * @returns {Said}
 */
export function said(id, args = {}, names = []) {
  return { id, args, names };
}

/** A sentence as text. @param {Said} sentence */
export const saidText = (sentence) => t(sentence.id, sentence.args);

/** A sentence as nodes, each name in a <bdi>. @param {Said} sentence */
export const saidNodes = (sentence) => wordsWith(sentence.id, sentence.args, sentence.names);

/** @param {Args | undefined} args */
function fluentArgs(args) {
  return args ?? null;
}

const ACCENTED = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [letter, [..."àƀçđéƒĝĥíĵķĺɱñöþǫŕšŧûṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŦÛṼŴẊÝŽ"][index]]),
);

/**
 * The pseudo-locale's text: accented letters, and 40 % longer (vowels
 * doubled, then tildes) so that a layout with no room to spare shows it.
 * @param {string} text
 */
export function pseudoText(text) {
  const extra = Math.ceil(text.replace(/\s/g, "").length * 0.4);
  let added = 0;
  let out = "";
  for (const character of text) {
    const accented = ACCENTED[character] ?? character;
    out += accented;
    if (added < extra && /[aeiouAEIOU]/.test(character)) {
      out += accented;
      added += 1;
    }
  }
  return out + "~".repeat(Math.max(0, extra - added));
}
