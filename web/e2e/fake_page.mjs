// A page for the tests that run the page's modules in Node.js, with no
// browser (state.js itself needs none: room-update.test.mjs runs it with
// none at all).

/**
 * Just enough of a page: storage, the address, a live region whose every
 * text is kept, and no reduced motion (reveals take time).
 */
export function fakePage() {
  const stored = new Map();
  const said = /** @type {string[]} */ ([]);
  const region = {
    _text: "",
    get textContent() {
      return this._text;
    },
    set textContent(text) {
      this._text = text;
      if (text) said.push(text);
    },
  };
  Object.assign(globalThis, {
    location: { host: "test", pathname: "/r/ABCDE" },
    history: { replaceState() {} },
    localStorage: {
      getItem: (/** @type {string} */ key) => stored.get(key) ?? null,
      setItem: (/** @type {string} */ key, /** @type {string} */ value) => stored.set(key, value),
      removeItem: (/** @type {string} */ key) => stored.delete(key),
    },
    window: { matchMedia: () => ({ matches: false }), setTimeout },
    document: { getElementById: (/** @type {string} */ id) => (id === "announcer" ? region : null) },
  });
  return said;
}
