// What every page of the site may show: a page that is not there (a path
// that is no page, a room, game, player or arena nobody knows), saying so
// with a link to the lobby — never the lobby in its place. app.js picks
// the page.

import { h, replace } from "./dom.js";

/** A page that is not there. @param {HTMLElement} root @param {string} why */
export function notFound(root, why) {
  document.title = "Not found · Mice Cake";
  replace(root, h("section", { class: "not-found" }, h("h1", {}, "Not found"), h("p", { class: "error", role: "alert" }, why), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
}
