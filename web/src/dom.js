// Building the page with the DOM API only: text is always set as text, so
// a name or a chat line is shown exactly as typed, never read as markup.

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
  badge.append(" ", h("span", { class: "bot-badge" }, "BOT"));
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
/** What is kept back while a reveal plays, to be told when its dice are down. */
let keptBack = /** @type {string[] | null} */ (null);

/**
 * Tells screen readers (the page's live region). Things said within the
 * same moment (a reveal, then a chat line) are read together, in order.
 * While announcements are held (a reveal playing), they wait.
 * @param {string} text
 */
export function announce(text) {
  if (keptBack) {
    keptBack.push(text);
    return;
  }
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

/**
 * Holds what is announced from now on (`true`), or tells it all, in order
 * (`false`).
 * @param {boolean} hold
 */
export function holdAnnouncements(hold) {
  if (hold) {
    keptBack ??= [];
    return;
  }
  const waiting = keptBack ?? [];
  keptBack = null;
  for (const text of waiting) announce(text);
}

/**
 * What was held back so far, taken out (still holding): a reveal that
 * waits for another keeps what came before it, to be told at the end of
 * the one before.
 * @returns {string[]}
 */
export function takeHeld() {
  const held = keptBack ?? [];
  if (keptBack) keptBack = [];
  return held;
}
