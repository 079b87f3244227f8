// Pieces that move during a reveal are seen to move: a piece taken travels
// from its place on the cake to the taker's stash, a stolen one from one
// stash to the other, and a piece turned up turns over. The page is drawn
// anew at each beat; this notes where things were before, and animates the
// new elements from there (the "FLIP" technique: first, last, invert, play).

/** How long a piece travels. */
const TRAVEL_MS = 450;

/**
 * Where the cake's places and the stashes' pieces are now.
 * @param {HTMLElement} root
 * @returns {Map<string, DOMRect>}
 */
export function positions(root) {
  const at = new Map();
  // words-check: a key of this map, never shown
  root.querySelectorAll("td.cell[data-place]").forEach((cell) => at.set(`place:${cell.getAttribute("data-place")}`, cell.getBoundingClientRect()));
  root.querySelectorAll(".stash-pieces").forEach((stash) => {
    stash.querySelectorAll("[data-piece]").forEach((piece) => at.set(`${stash.id}:${piece.getAttribute("data-piece")}`, piece.getBoundingClientRect()));
  });
  return at;
}

/**
 * Animates what `changes` moved, from where it was (`before`) to where the
 * page now draws it.
 * @param {HTMLElement} root @param {Map<string, DOMRect>} before @param {any[]} changes
 */
export function animate(root, before, changes) {
  for (const change of changes) {
    if (change.kind === "turn_up") {
      root.querySelector(`td.cell[data-place="${change.column}/${change.row}"]`)?.classList.add("turning");
      continue;
    }
    const from =
      change.kind === "steal"
        ? before.get(`stash-${change.seat === "yellow" ? "blue" : "yellow"}:${change.piece}`)
        : before.get(`place:${change.column}/${change.row}`); // words-check: a key of the map above, never shown
    const landed = change.kind === "remove" ? null : root.querySelector(`#stash-${change.seat} [data-piece="${change.piece}"]`);
    if (!from || !landed) continue;
    const to = landed.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = Math.max(0.5, Math.min(3, from.width / Math.max(1, to.width)));
    // Above the cake while it travels (style.css).
    landed.classList.add("travelling");
    const travel = landed.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }], { duration: TRAVEL_MS, easing: "ease-out" });
    travel.finished.then(() => landed.classList.remove("travelling"), () => {});
  }
}
