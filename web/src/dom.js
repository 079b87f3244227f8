// Building the page with the DOM API only: text is always set as text, so
// a name or a chat line is shown exactly as typed, never read as markup.

import { t } from "./catalogue.js";

/**
 * An element with attributes and children (strings become text nodes).
 * @param {string} tag
 * @param {Record<string, string | number | boolean | undefined | ((event: Event) => void)>} [attributes]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") {
      element.addEventListener(name.replace(/^on/, ""), /** @type {EventListener} */ (value));
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * @param {Element} parent
 * @param {Array<Node | string | number | null | undefined | false>} children
 */
export function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === "number" ? String(child) : child);
  }
}

/**
 * The badge beside the name of a player a program plays (a server's bot, or
 * a key that declared itself a bot), a space before it: people know whom
 * they play.
 */
export function botBadge() {
  const badge = document.createDocumentFragment();
  badge.append(" ", h("span", { class: "bot-badge" }, t("dom-bot-badge")));
  return badge;
}

/** An SVG element with attributes and children. */
const SVG = "http://www.w3.org/2000/svg";
/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {...Element} children
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, String(value));
  }
  element.append(...children);
  return /** @type {SVGElement} */ (element);
}

/**
 * Replaces everything in `parent` with `children`.
 * @param {Element} parent
 * @param {...(Node | string | null | undefined | false)} children
 */
export function replace(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/** What is waiting to be told, gathered for a moment so that nothing is lost. */
let toAnnounce = /** @type {string[]} */ ([]);

/**
 * Tells screen readers (the page's live region). Things said within the
 * same moment (a reveal, then a chat line) are read together, in order.
 * (The room page holds its own while a reveal plays: telling.js.)
 * @param {string} text
 */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  toAnnounce.push(text);
  if (toAnnounce.length > 1) return;
  // Emptied first, so that the same words twice are read twice.
  region.textContent = "";
  window.setTimeout(() => {
    region.textContent = toAnnounce.join(" ");
    toAnnounce = [];
  }, 30);
}
