// The web client's entry: picks the page from the path.

import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showRoom } from "./room.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const path = location.pathname;
const room = path.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
const game = path.match(/^\/g\/([0-9a-fA-F-]{36})\/?$/);
if (room) {
  showRoom(root, room[1].toUpperCase() === "NEW" ? "new" : room[1].toUpperCase());
} else if (game) {
  showReplay(root, game[1]);
} else {
  showLobby(root);
}
