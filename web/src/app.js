// The web client's entry: loads the catalogue of the page's language, then
// picks the page from the path. A path that is no page of ours says so,
// rather than showing the lobby in its place.

import { t } from "./catalogue.js";
import { showArena } from "./arena.js";
import { showArenas } from "./arenas.js";
import { showBots } from "./bots.js";
import { watchChallenges } from "./challenge-banner.js";
import { showChallenge } from "./challenge-page.js";
import { languageSwitch, startLanguage } from "./language.js";
import { showLeaderboard } from "./leaderboard.js";
import { showLobby } from "./lobby.js";
import { showPlay } from "./play.js";
import { showPlayer } from "./players.js";
import { showReplay } from "./replay.js";
import { notFound } from "./pages.js";
import { showRoom } from "./room.js";

const language = await startLanguage();
document.querySelector("header.top nav")?.append(languageSwitch(language));
const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const path = location.pathname;
/** The alphabet of room codes (no 0, O, 1, I, L: never misread). */
const room = path.match(/^\/r\/([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}|new)\/?$/i);
const game = path.match(/^\/g\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i);
/** An arena's id: eight characters of the same alphabet. */
const arena = path.match(/^\/a\/([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8})\/?$/i);
/** A challenge's id: ten characters of the same alphabet. */
const challenge = path.match(/^\/c\/([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10})\/?$/i);
/** A player is their public key: 64 hexadecimal digits. */
const player = path.match(/^\/p\/([0-9a-f]{64})\/?$/i);
if (room) {
  showRoom(root, room[1].toUpperCase() === "NEW" ? "new" : room[1].toUpperCase());
} else if (game) {
  showReplay(root, game[1]);
} else if (player) {
  showPlayer(root, player[1]);
} else if (path === "/top" || path === "/top/") {
  const query = new URLSearchParams(location.search);
  showLeaderboard(root, query.get("pool"), query.get("bots") === "1");
} else if (path === "/bots" || path === "/bots/") {
  showBots(root);
} else if (path === "/play" || path === "/play/") {
  showPlay(root);
} else if (arena) {
  showArena(root, arena[1].toUpperCase());
} else if (path === "/arenas" || path === "/arenas/") {
  showArenas(root);
} else if (challenge) {
  showChallenge(root, challenge[1].toUpperCase());
} else if (path.startsWith("/c/")) {
  notFound(root, t("not-found-challenge"));
} else if (path.startsWith("/a/")) {
  notFound(root, t("not-found-arena"));
} else if (path.startsWith("/r/")) {
  notFound(root, t("not-found-room"));
} else if (path.startsWith("/g/")) {
  notFound(root, t("not-found-game"));
} else if (path.startsWith("/p/")) {
  notFound(root, t("not-found-player"));
} else if (path === "/" || path === "") {
  showLobby(root);
} else {
  notFound(root, t("not-found-page"));
}
// This browser's challenges, on the pages that hold no connection of
// their own but an arena's (a room watches them while it waits for an
// opponent, room.js; a challenge's page, itself; Play now never: it seeks).
if (player || game || arena || path === "/" || path === "" || /^\/(top|bots|arenas)\/?$/.test(path)) watchChallenges();
