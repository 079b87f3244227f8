// Help in the room: a short walkthrough for a first game (dismissed once,
// remembered), what the marks on the cake mean, and the rules page
// (`/rules`, the project's docs/rules.md served by the server).

import { t } from "./catalogue.js";
import { h } from "./dom.js";

/**
 * The first-game walkthrough, for a player who has not dismissed it
 * (`dismissed`, kept by stored.js); `dismiss`, what "Got it" does.
 * @param {boolean} dismissed @param {() => void} dismiss
 */
export function walkthrough(dismissed, dismiss) {
  if (dismissed) return null;
  const close = h("button", { type: "button", id: "walkthrough-done", class: "small" }, t("help-got-it"));
  close.addEventListener("click", dismiss);
  return h(
    "section",
    { class: "walkthrough", "aria-label": t("help-walkthrough") },
    h("h2", {}, t("help-first-game")),
    h(
      "ol",
      {},
      h("li", {}, t("help-step-columns")),
      h("li", {}, t("help-step-dice")),
      h("li", {}, t("help-step-tire")),
      h("li", {}, t("help-step-commit")),
    ),
    h("p", {}, t("help-most-pips"), " ", h("a", { href: "/rules", target: "_blank", rel: "noopener" }, t("help-rules")), " ", close),
  );
}

/** What the marks on the cake mean. */
export function legend() {
  return h(
    "details",
    { class: "legend" },
    h("summary", {}, t("help-legend")),
    h(
      "ul",
      {},
      h("li", {}, h("span", { class: "sample nearest-yellow" }), " ", t("help-legend-nearest")),
      h("li", {}, h("span", { class: "sample changed" }), " ", t("help-legend-changed")),
      h("li", {}, h("span", { class: "sample-text" }, "●z2"), " ", t("help-legend-resting")),
      h("li", {}, t("help-legend-tire")),
      h("li", {}, t("help-legend-marks")),
      h("li", {}, h("a", { href: "/rules", target: "_blank", rel: "noopener" }, t("help-rules"))),
    ),
  );
}
