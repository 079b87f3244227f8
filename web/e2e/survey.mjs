// A walk through every kind of page a person meets, in one language: the
// lobby, the rules, a page that is not there, the leaderboards, the bots, a player's
// page (without games, and with one), Play now (its choices, a search, the
// bot offered), the arenas and an arena under way, the name form, a room
// waiting, a room where a player moves, a spectator's view, a game of a
// match over and its replay (the match checked whole), and a challenge (the
// form on a player's page, one waiting for its answer, the banner of one
// made to you, its page). What is checked on each page is the caller's (`look`):
// pages.test.mjs checks accessibility and width in English,
// languages.test.mjs the same and every word in French, Spanish and the
// pseudo-locale. Nothing here reads a page's words: it waits on elements,
// so that the walk is the same in every language.

import assert from "node:assert/strict";

import { createRoom, person, playToTheEnd, startTerminal, typeSuggestions } from "./support.mjs";

/** The longest name a player may have. */
export const LONG_NAME = "W".repeat(32);
/** How many kinds of page the survey looks at. */
export const PAGE_TYPES = 23;
/** The arena's name. */
const ARENA_TITLE = "Cheddar K7";
/**
 * Every name the survey gives a person, a bot or an arena: never words to
 * translate. The server's bots are named after their policy ("greedy bot")
 * and a terminal's bot after its player and policy ("Hal (greedy bot)"):
 * names too, the same in every language, beside a BOT badge that is not;
 * and so is the engine a terminal's bot names on the bots' page
 * ("mice-cake greedy").
 */
export const SURVEY_NAMES = [LONG_NAME, "Hal (greedy bot)", "mice-cake greedy", "greedy bot", "greedy", ARENA_TITLE, "Bea", "Pia", "Jo", "Cy", "Hal", "Club", "Kit", "Lee"];

/** @typedef {Awaited<ReturnType<typeof person>>} Person */
/**
 * What the caller checks on a page, as it is now: at the sizes it chooses.
 * @typedef {(label: string, page: import("playwright-core").Page, shot?: string, beforeShot?: () => Promise<void>) => Promise<void>} Look
 */

/**
 * Walks every page in `locale` (a browser's language, like "fr-FR", or the
 * pseudo-locale "en-XA"); `look` checks each. Returns the people met, each
 * with the 404s they were expected to log.
 * @param {{server: {url: string, ws: string}, browser: import("playwright-core").Browser, locale?: string, look: Look}} walk
 */
export async function takeSurvey({ server, browser, locale, look }) {
  /** @type {{who: Person, label: string, expected404s: number}[]} */
  const met = [];
  /** @param {string} label @param {Parameters<typeof person>[1]} [options] @param {number} [expected404s] */
  const meet = async (label, options = {}, expected404s = 0) => {
    const who = await person(browser, { ...options, locale });
    met.push({ who, label, expected404s });
    return who;
  };

  // Two people in terminals play a rated game, paired by Play now.
  const kit = startTerminal(server, "Kit", ["play", "--pool", "standard", "--bot-after", "1h"]);
  const lee = startTerminal(server, "Lee", ["play", "--pool", "standard", "--bot-after", "1h"]);
  const ratedGame = Promise.all([typeSuggestions(kit), typeSuggestions(lee)]);

  // A room waiting for its second player, made by the longest name there is.
  const ann = await meet("the creator of a waiting room");
  const waitingCode = await createRoom(ann.page, server.url, LONG_NAME, { opponent: "person" });
  await ann.page.locator(".big-code").waitFor();
  // A game against the greedy bot: its creator has to move.
  const bea = await meet("a player against the bot");
  const beasCode = await createRoom(bea.page, server.url, "Bea", { opponent: "greedy" });
  await bea.page.locator("#commit").waitFor();

  // The lobby, listing both (the long name too).
  const lou = await meet("a visitor of the lobby, the rules and a room that is not there", {}, 1);
  await lou.page.goto(server.url);
  // Each by its code: a walk in another language may have listed rooms
  // of the same names on the same server before.
  const longRow = lou.page.locator("#rooms tr", { hasText: waitingCode });
  await longRow.filter({ hasText: LONG_NAME }).waitFor();
  await lou.page.locator("#rooms tr", { hasText: beasCode }).filter({ hasText: "Bea" }).waitFor();
  await look("the lobby (a room with a 32-character name listed)", lou.page, "lobby-long-name", () => longRow.scrollIntoViewIfNeeded());

  await lou.page.goto(`${server.url}/rules`);
  await lou.page.locator("h1").first().waitFor();
  await lou.page.locator("select.language-switch").waitFor();
  await look("the rules", lou.page);

  await lou.page.goto(`${server.url}/r/ZZZZZ`);
  await lou.page.locator("section.not-found", { hasText: "ZZZZZ" }).waitFor();
  await look("a room code no room has", lou.page);

  // The leaderboard, where nobody has a settled rating yet, people's and
  // bots', and the page of a key that never played a game (its one 404:
  // the API's answer).
  const pat = await meet("a visitor of the leaderboard and of a player without games", {}, 1);
  await pat.page.goto(`${server.url}/top`);
  await pat.page.locator("#no-leaders").waitFor();
  await look("the leaderboard (nobody settled yet)", pat.page);
  await pat.page.goto(`${server.url}/top?bots=1`);
  await pat.page.locator("#no-leaders").waitFor();
  await look("the bots' leaderboard (no bot settled yet)", pat.page);
  await pat.page.goto(`${server.url}/p/${"ab".repeat(32)}`);
  await pat.page.locator("#no-games").waitFor();
  await look("the page of a player without games", pat.page);

  // Play now: its choices, a search under way, and the bot offered (after
  // 10 s without an opponent), then cancelled.
  const pia = await meet("a player seeking an opponent (Play now)", { name: "Pia" });
  await pia.page.goto(`${server.url}/play`);
  await pia.page.locator("#play-now").waitFor();
  await look("the Play now page (its choices)", pia.page);
  await pia.page.locator("#bot-after").selectOption("10000");
  await pia.page.locator("#play-now").click();
  await pia.page.locator("#seek-rating", { hasText: "1500" }).waitFor();
  await look("a search for an opponent", pia.page);
  await pia.page.locator("#bot-offer").waitFor();
  await look("the bot offered to a player seeking", pia.page);
  await pia.page.locator("#cancel-seek").click();
  await pia.page.locator("#play-now").waitFor();

  // The arenas, and an arena under way (made in a terminal, a bot in it).
  const club = startTerminal(server, "Club", ["arena", "create", "--minutes", "5", "--title", ARENA_TITLE]);
  const arenaId = (await club.output.until("the arena's id", (line) => /^[0-9A-Z]{8}$/.test(line.trim()))).trim();
  const hal = startTerminal(server, "Hal", ["bot", "--policy", "greedy", "arena", "join", arenaId]);
  const ari = await meet("a visitor of the arenas");
  try {
    await ari.page.goto(`${server.url}/arenas`);
    await ari.page.locator(".arena-list a").first().waitFor();
    await look("the arenas (one live, the form to make one)", ari.page);
    await ari.page.goto(`${server.url}/a/${arenaId}`);
    await ari.page.locator("#standings", { hasText: "Hal" }).waitFor();
    await look("an arena under way (its standings, a Join)", ari.page);
    // The bots' page: Hal, with the engine its card names (its policy's),
    // sent once its arena join was answered.
    const halsEngine = ari.page.locator("#bots .bot-engine", { hasText: "mice-cake greedy" });
    for (let tries = 0; !(await halsEngine.count()) && tries < 20; tries += 1) {
      await ari.page.goto(`${server.url}/bots`);
      await ari.page.locator("#bots table, #bots #no-bots").waitFor();
    }
    await halsEngine.first().waitFor();
    await look("the bots' page (a terminal's bot, with its engine)", ari.page);
  } finally {
    hal.stop();
    club.stop();
  }

  // A fresh person at the waiting room's link is asked a name.
  const sal = await meet("a spectator who chose to just watch");
  await sal.page.goto(`${server.url}/r/${waitingCode}`);
  await sal.page.locator("#name").waitFor();
  await look("the name form", sal.page);

  await look("a room waiting for an opponent (its creator)", ann.page);
  await look("a room where a player must move (against the bot)", bea.page);

  // Sal just watches; Jo takes the second seat and the game starts.
  await sal.page.locator("#just-watch").click();
  const jo = await meet("a player who joined by the link", { name: "Jo" });
  await jo.page.goto(`${server.url}/r/${waitingCode}`);
  await jo.page.locator("#commit").waitFor();
  await sal.page.locator("table.board").waitFor();
  await sal.page.locator(".family.blue .player-name", { hasText: "Jo" }).waitFor();
  await look("a spectator's view of a game in progress", sal.page);

  // The first game of a match against the bot, played to its end, fast:
  // one round without progress ends it. Its result says how the match
  // stands and counts down to the next game (which starts by itself after
  // 15 s: the replay's address is read at once, and gone to).
  const cy = await meet("a player who finished a game of a match", { reducedMotion: "reduce" });
  await createRoom(cy.page, server.url, "Cy", { opponent: "greedy", stall: 1, firstTo: 2 });
  await playToTheEnd(cy.page);
  await cy.page.locator("#fairness").waitFor();
  const replay = await cy.page.locator("#replay-link").getAttribute("href");
  assert.match(replay ?? "", /^\/g\/[0-9a-f-]{36}$/);
  await cy.page.locator("#match-result").waitFor();
  await look("a room whose game is over (a game of a match)", cy.page);

  await cy.page.goto(`${server.url}${replay}`);
  await cy.page.locator("#previous").waitFor();
  // The page's check of the whole match, so far.
  await cy.page.locator("#match-check.fair").waitFor();
  await look("a replay (a game of a match, checked whole)", cy.page);

  // A player's page with a rated game on it: Kit's, who played Lee in
  // terminals (paired by Play now) while the browsers walked.
  const [kitEnd] = await ratedGame;
  assert.match(kitEnd, /^Game over: /);
  const games = await (await fetch(`${server.url}/api/games`)).json();
  const kits = games.games.find((/** @type {any} */ game) => game.rated && Object.values(game.players).includes("Kit"));
  assert.ok(kits, "Kit's rated game is listed");
  await cy.page.goto(`${server.url}/p/${kits.rated.keys.yellow}`);
  await cy.page.locator('section[aria-labelledby="recent-title"] a[href^="/g/"]').first().waitFor();
  await look("a player's page with a rated game", cy.page);

  // A challenge: Bea (her key from her game against the bot) challenges
  // Cy from his page; Cy, on the lobby, is shown it, then opens its link.
  await cy.page.goto(server.url);
  const cyKey = ((await cy.page.locator("#your-page").getAttribute("href")) ?? "").slice("/p/".length);
  await bea.page.goto(`${server.url}/p/${cyKey}`);
  await bea.page.locator("#challenge-open").click();
  await bea.page.locator("#challenge-first-to").selectOption("3");
  await look("a player's page, the form to challenge them open", bea.page);
  await bea.page.locator("#challenge-send").click();
  const link = bea.page.locator("#challenges li.outgoing a.challenge-link");
  await link.waitFor();
  await look("a challenge sent, waiting for its answer", bea.page);
  await cy.page.locator("#challenges li.incoming").waitFor();
  await look("the lobby with a challenge's banner", cy.page);
  await cy.page.goto(`${server.url}${await link.getAttribute("href")}`);
  await cy.page.locator("#challenge-accept").waitFor();
  await look("a challenge's page (to the player it is for)", cy.page);

  return met;
}
