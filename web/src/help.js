// Help in the room: a short walkthrough for a first game (dismissed once,
// remembered), what the marks on the cake mean, and the rules page
// (`/rules`, the project's docs/rules.md served by the server).

import { h } from "./dom.js";

/**
 * The first-game walkthrough, for a player who has not dismissed it
 * (`dismissed`, kept by stored.js); `dismiss`, what "Got it" does.
 * @param {boolean} dismissed @param {() => void} dismiss
 */
export function walkthrough(dismissed, dismiss) {
  if (dismissed) return null;
  const close = h("button", { type: "button", id: "walkthrough-done", class: "small" }, "Got it");
  close.addEventListener("click", dismiss);
  return h(
    "section",
    { class: "walkthrough", "aria-label": "How to play" },
    h("h2", {}, "Your first game"),
    h(
      "ol",
      {},
      h("li", {}, "Each round, put your mice on the columns of the cake: tap a column (or ←/→ and ↑). Your mice go for the piece nearest your edge, at the bottom."),
      h("li", {}, "More mice roll more dice: the dice must reach the piece's pips. The odds for 1 to 4 mice show with your move."),
      h("li", {}, "If the dice match both halves of the piece, those mice tire and rest a round."),
      h("li", {}, "Commit: your move is sealed, secret even from the server, until your opponent's is in. Then both are revealed and the dice roll."),
    ),
    h("p", {}, "Whoever hauls away the most pips wins. ", h("a", { href: "/rules", target: "_blank", rel: "noopener" }, "The whole rules"), " ", close),
  );
}

/** What the marks on the cake mean. */
export function legend() {
  return h(
    "details",
    { class: "legend" },
    h("summary", {}, "What the marks mean"),
    h(
      "ul",
      {},
      h("li", {}, h("span", { class: "sample nearest-yellow" }), " A coloured edge: that family's nearest piece in the column, the one its mice go for (Yellow's below it, Blue's above)."),
      h("li", {}, h("span", { class: "sample changed" }), " An outline: a place the last round changed (a piece taken or turned up)."),
      h("li", {}, h("span", { class: "sample-text" }, "●z2"), " Resting mice: two of Yellow's tired on this piece and sit out the next round."),
      h("li", {}, "Tire: dice that show both halves of the piece (one die for a piece with a blank half) tire those mice; the piece stays, whatever the sum. With boost, they roll again instead."),
      h("li", {}, "✓ taken, ✗ not reached (or outrolled), = a tie (the piece stays), z tired: how each roll ended, during a reveal."),
      h("li", {}, h("a", { href: "/rules", target: "_blank", rel: "noopener" }, "The whole rules")),
    ),
  );
}
