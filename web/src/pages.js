// What every page of the site may show: a page that is not there (a path
// that is no page, a room, game, player or arena nobody knows), saying so
// with a link to the lobby — never the lobby in its place. app.js picks
// the page.

import { t } from "./catalogue.js";
import { h, replace } from "./dom.js";

/** A page that is not there. @param {HTMLElement} root @param {string} why */
export function notFound(root, why) {
  document.title = t("not-found-title");
  replace(root, h("section", { class: "not-found" }, h("h1", {}, t("not-found-heading")), h("p", { class: "error", role: "alert" }, why), h("p", {}, h("a", { href: "/" }, t("back-to-lobby")))));
}
