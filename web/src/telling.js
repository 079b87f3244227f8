// What the room page tells screen readers, as effects: each text an
// `announce` effect (room-effects.js puts it in the live region), unless
// announcements are held — while a reveal plays, whose words come once its
// dice are down. The held texts are the model's, so that nothing here
// touches the page.

/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").Effect} Effect */

/**
 * Tells `text`, or keeps it for later while announcements are held.
 * @param {Model} model @param {Effect[]} out @param {string} text
 */
export function say(model, out, text) {
  if (model.held) model.held.push(text);
  else out.push({ kind: "announce", text });
}

/** Tells each of `texts`, in order. @param {Model} model @param {Effect[]} out @param {string[]} texts */
export function tell(model, out, texts) {
  for (const text of texts) say(model, out, text);
}

/** Holds what is told from now on. @param {Model} model */
export function hold(model) {
  model.held ??= [];
}

/** Tells everything held, in order, and holds no more. @param {Model} model @param {Effect[]} out */
export function release(model, out) {
  const waiting = model.held ?? [];
  model.held = null;
  tell(model, out, waiting);
}

/**
 * What was held back so far, taken out (still holding): a reveal that
 * waits for another keeps what came before it, to be told at the end of
 * the one before.
 * @param {Model} model
 * @returns {string[]}
 */
export function takeHeld(model) {
  const held = model.held ?? [];
  if (model.held) model.held = [];
  return held;
}
