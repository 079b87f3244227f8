// Every kind of page a person meets (Play now's choices, search and bot
// offer too), checked as a whole: no serious accessibility fault
// (axe-core) and nothing wider than a phone's screen on any of them; pages that are not there say so (and only that); a name the
// server refuses is never kept; a full room says you are watching; and
// every response carries the security headers.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DESKTOP,
  PHONE,
  axeViolations,
  createRoom,
  person,
  playToTheEnd,
  screenshot,
  serverAndBrowser,
  settle,
  widths,
} from "./support.mjs";

const shared = serverAndBrowser();

/** The longest name a player may have. */
const LONG_NAME = "W".repeat(32);
/** A family of four: four emoji joined by U+200D, one name of 7 characters. */
const FAMILY = "👨\u200D👩\u200D👧\u200D👦";
/** What Chromium logs for a fetch (or a page) answered 404. */
const LOGGED_404 = /Failed to load resource: the server responded with a status of 404/;

/** @typedef {Awaited<ReturnType<typeof person>>} Person */
/** @typedef {import("./support.mjs").Violation} Violation */

/**
 * Keeps what a page logs as a 404 apart from its other console errors: the
 * address of each 404 logged, and every response with an error status.
 * @param {Person} who
 */
function watch404s(who) {
  /** @type {string[]} */
  const logged = [];
  /** @type {string[]} */
  const failing = [];
  who.page.on("console", (message) => {
    if (message.type() === "error" && LOGGED_404.test(message.text())) logged.push(message.location().url);
  });
  who.page.on("response", (response) => {
    if (response.status() >= 400) failing.push(`${response.status()} ${response.url()}`);
  });
  return {
    logged,
    failing,
    /** Every console error but the 404s logged. */
    others: () => who.errors.filter((error) => !LOGGED_404.test(error)),
  };
}

/** The people the survey met, each with the 404s they were expected to log. */
/** @type {{who: Person, label: string, expected404s: number}[]} */
const met = [];

/**
 * Every page type, each looked at at 1280×800 and at 375×812: axe-core's
 * violations at both, the page's width at the phone's. Taken once, for
 * the tests that read it.
 */
let surveyed = /** @type {Promise<{axe: {label: string, size: string, violations: Violation[]}[], overflow: {label: string, scrollWidth: number, innerWidth: number, past: string[]}[]}> | null} */ (null);
function survey() {
  surveyed ??= takeSurvey();
  return surveyed;
}

async function takeSurvey() {
  const { server, browser } = shared;
  /** @type {{label: string, size: string, violations: Violation[]}[]} */
  const axe = [];
  /** @type {{label: string, scrollWidth: number, innerWidth: number, past: string[]}[]} */
  const overflow = [];
  /**
   * @param {string} label
   * @param {import("playwright-core").Page} page
   * @param {string} [shot] a screenshot's name, taken at the phone's size
   * @param {() => Promise<void>} [beforeShot]
   */
  const look = async (label, page, shot, beforeShot) => {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await settle(page);
      axe.push({ label, size: `${size.width}×${size.height}`, violations: await axeViolations(page) });
      if (size === PHONE) {
        overflow.push({ label, ...(await widths(page)) });
        if (shot) {
          if (beforeShot) await beforeShot();
          await screenshot(page, shot);
        }
      }
    }
    await page.setViewportSize(DESKTOP);
  };
  /** @param {string} label @param {Parameters<typeof person>[1]} [options] @param {number} [expected404s] */
  const meet = async (label, options = {}, expected404s = 0) => {
    const who = await person(browser, options);
    met.push({ who, label, expected404s });
    return who;
  };

  // A room waiting for its second player, made by the longest name there is.
  const ann = await meet("the creator of a waiting room");
  const waitingCode = await createRoom(ann.page, server.url, LONG_NAME, { opponent: "person" });
  await ann.page.locator(".big-code").waitFor();
  // A game against the greedy bot: its creator has to move.
  const bea = await meet("a player against the bot");
  await createRoom(bea.page, server.url, "Bea", { opponent: "greedy" });
  await bea.page.locator("#commit").waitFor();

  // The lobby, listing both (the long name too).
  const lou = await meet("a visitor of the lobby, the rules and a room that is not there", {}, 1);
  await lou.page.goto(server.url);
  const longRow = lou.page.locator("#rooms tr", { hasText: LONG_NAME });
  await longRow.waitFor();
  await lou.page.locator("#rooms tr", { hasText: "Bea" }).waitFor();
  await look("the lobby (a room with a 32-character name listed)", lou.page, "lobby-long-name", () => longRow.scrollIntoViewIfNeeded());

  await lou.page.goto(`${server.url}/rules`);
  await lou.page.locator("h1").first().waitFor();
  await look("the rules", lou.page);

  await lou.page.goto(`${server.url}/r/ZZZZZ`);
  await lou.page.getByText("No room has the code ZZZZZ").waitFor();
  await look("a room code no room has", lou.page);

  // The leaderboard, where nobody has a settled rating yet, people's and
  // bots', and the page of a key that never played a game (its one 404:
  // the API's answer).
  const pat = await meet("a visitor of the leaderboard and of a player without games", {}, 1);
  await pat.page.goto(`${server.url}/top`);
  await pat.page.locator("#no-leaders").waitFor();
  await look("the leaderboard (nobody settled yet)", pat.page);
  await pat.page.goto(`${server.url}/top?bots=1`);
  await pat.page.locator("#no-leaders", { hasText: "No bot" }).waitFor();
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
  await pia.page.locator("#seek-rating", { hasText: "1500?" }).waitFor();
  await look("a search for an opponent", pia.page);
  await pia.page.locator("#bot-offer").waitFor();
  await look("the bot offered to a player seeking", pia.page);
  await pia.page.locator("#cancel-seek").click();
  await pia.page.locator("#play-now").waitFor();

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

  // A game played to its end against the bot, fast: one round without progress ends it.
  const cy = await meet("a player who finished a game", { reducedMotion: "reduce" });
  await createRoom(cy.page, server.url, "Cy", { opponent: "greedy", stall: 1 });
  await playToTheEnd(cy.page);
  await cy.page.locator("#fairness").waitFor();
  await cy.page.locator("#replay-link").waitFor();
  await look("a room whose game is over", cy.page);

  await cy.page.locator("#replay-link").click();
  await cy.page.waitForURL(/\/g\/[0-9a-f-]{36}$/);
  await cy.page.locator("#previous").waitFor();
  await look("a replay", cy.page);

  return { axe, overflow };
}

/** Fails if anyone the survey met logged an error but the 404s expected of them. */
function assertSurveyClean() {
  for (const { who, label, expected404s } of met) {
    const others = who.errors.filter((error) => !LOGGED_404.test(error));
    assert.deepEqual(others, [], `no console error for ${label}`);
    assert.equal(who.errors.length - others.length, expected404s, `404s logged for ${label}: ${who.errors.join("\n")}`);
    assert.deepEqual(who.dialogs, [], `no dialog for ${label}`);
  }
}

test("axe-core finds nothing critical or serious on any page, on a desktop or a phone", async () => {
  const { axe } = await survey();
  const pages = new Set(axe.map((entry) => entry.label));
  assert.equal(pages.size, 15, [...pages].join("\n"));
  const all = axe.flatMap(({ label, size, violations }) =>
    violations.map((violation) => `${label} at ${size}: ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.targets.join("\n    ")}`),
  );
  const grave = axe.flatMap(({ label, size, violations }) =>
    violations.filter((violation) => violation.impact === "critical" || violation.impact === "serious").map((violation) => `${label} at ${size}: ${violation.id}`),
  );
  assert.deepEqual(grave, [], `axe-core's violations:\n${all.join("\n")}`);
  if (all.length) console.log(`axe-core's minor or moderate violations:\n${all.join("\n")}`);
  assertSurveyClean();
});

test("no page is wider than a 375 px phone, a 32-character name in the lobby included", async () => {
  const { overflow } = await survey();
  assert.equal(overflow.length, 15);
  const wide = overflow
    .filter((entry) => entry.scrollWidth > entry.innerWidth)
    .map((entry) => `${entry.label}: ${entry.scrollWidth} px wide in ${entry.innerWidth} px; past the edge: ${entry.past.join(", ")}`);
  assert.deepEqual(wide, [], wide.join("\n"));
  assertSurveyClean();
});

test("a page that is not there says so: never the lobby, never a name asked, never markup from the path", async () => {
  const { server, browser } = shared;

  // A well-formed code no room has: said at once, no name asked, ever.
  const nia = await person(browser, { viewport: PHONE });
  const nia404 = watch404s(nia);
  await nia.context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById("name")) document.documentElement.dataset.askedName = "yes";
    }).observe(document, { childList: true, subtree: true });
  });
  await nia.page.goto(`${server.url}/r/ZZZZZ`);
  await nia.page.getByText("No room has the code ZZZZZ.").waitFor();
  assert.equal(await nia.page.getByRole("heading", { name: "Not found" }).count(), 1);
  assert.equal(await nia.page.locator("#name").count(), 0, "no name form");
  assert.equal(await nia.page.locator("html").getAttribute("data-asked-name"), null, "the name was never asked");
  assert.equal(await nia.page.getByRole("link", { name: "Back to the lobby" }).getAttribute("href"), "/");
  await screenshot(nia.page, "not-found");
  assert.deepEqual(nia404.others(), [], "no console error but the 404");
  assert.deepEqual(nia404.failing, [`404 ${server.url}/api/rooms/ZZZZZ`]);
  assert.deepEqual(nia404.logged, [`${server.url}/api/rooms/ZZZZZ`]);
  assert.deepEqual(nia.dialogs, []);

  // Paths that are no room's, game's or player's, with markup in them.
  for (const path of ["/r/%3Cb%3Ex", "/g/nonsense%3Cscript%3E", "/p/%3Cb%3Enonsense"]) {
    const who = await person(browser);
    const seen = watch404s(who);
    const response = await who.page.goto(`${server.url}${path}`);
    assert.equal(response?.status(), 404, `${path} is a 404`);
    const heading = who.page.getByRole("heading", { name: "Not found" });
    await heading.waitFor();
    const lobby = who.page.getByRole("link", { name: "Back to the lobby" });
    assert.equal(await lobby.getAttribute("href"), "/", path);
    // Not the lobby, and nothing of the path drawn as markup.
    assert.equal(await who.page.getByRole("heading", { name: "Public rooms" }).count(), 0, `${path}: not the lobby`);
    assert.equal(await who.page.locator("#code, #name").count(), 0, `${path}: no form of the lobby`);
    assert.equal(await who.page.locator("main b, main script").count(), 0, `${path}: no markup from the path`);
    assert.doesNotMatch((await who.page.locator("main").innerText()) ?? "", /nonsense|<b>|<script>/, path);
    // Only the page itself was a 404 (Chromium logs it once).
    assert.deepEqual(seen.failing, [`404 ${server.url}${path}`], path);
    assert.deepEqual(seen.logged, [`${server.url}${path}`], path);
    assert.deepEqual(seen.others(), [], `${path}: no console error but the 404`);
    assert.deepEqual(who.dialogs, []);
    await who.context.close();
  }

  // A well-formed game id no game has: one failing request, not two.
  const gus = await person(browser);
  const gus404 = watch404s(gus);
  const id = "00000000-0000-0000-0000-000000000000";
  await gus.page.goto(`${server.url}/g/${id}`);
  await gus.page.getByRole("heading", { name: "Not found" }).waitFor();
  // Worded as a room's: "No room has the code ZZZZZ."
  assert.equal(await gus.page.locator(".not-found .error").textContent(), `No game has the id ${id}.`);
  assert.equal(await gus.page.getByRole("link", { name: "Back to the lobby" }).getAttribute("href"), "/");
  assert.equal(await gus.page.locator("#previous, #next").count(), 0, "no replay drawn");
  assert.ok(gus404.failing.length <= 1, `at most one failing request: ${gus404.failing.join(", ")}`);
  assert.ok(gus404.failing.every((line) => line === `404 ${server.url}/api/games/${id}`), gus404.failing.join(", "));
  assert.deepEqual(gus404.logged, gus404.failing.map((line) => line.slice("404 ".length)), "only the failing request logged");
  assert.deepEqual(gus404.others(), [], "no console error but the 404");
  assert.deepEqual(gus.dialogs, []);
  await gus.context.close();
  await nia.context.close();
});

test("a name the server refuses is asked again and never kept; an emoji family is taken", async () => {
  const { server, browser } = shared;
  const kay = await person(browser);
  const code = await createRoom(kay.page, server.url, "Kay", { opponent: "person" });
  await kay.page.locator(".big-code").waitFor();

  const rae = await person(browser);
  const page = rae.page;
  await page.goto(`${server.url}/r/${code}`);
  const evil = "\u202Eevil\u202C Bob";
  await page.locator("#name").fill(evil);
  await page.locator("#name").press("Enter");

  // The server's words, with the name field offered again right by them.
  const error = page.locator("#name-error");
  await error.waitFor();
  assert.match((await error.textContent()) ?? "", /U\+202E/);
  assert.ok(await page.locator("#name").isVisible(), "the name is asked again");
  assert.equal(await page.locator("#name").getAttribute("aria-describedby"), "name-error");
  assert.equal(await page.locator("form.ask-name #name-error").count(), 1, "the error is in the name's form");
  assert.equal(await page.locator(".family .you").count(), 0, "no seat taken");
  const kept = await page.evaluate(() => localStorage.getItem("mice-cake:name"));
  assert.notEqual(kept, evil, "the refused name is not kept");
  assert.notEqual(kept?.trim(), evil.trim(), "the refused name is not kept");

  // After a reload: the name is asked, and the old error is gone.
  await page.reload();
  await page.locator("#name").waitFor();
  assert.equal(await page.locator("#name").inputValue(), "", "the refused name is not offered again");
  assert.equal(await page.locator("#name-error, .error").count(), 0, "no error after a reload");

  // A family of four emoji joined by zero-width joiners is one name the server takes.
  await page.locator("#name").fill(FAMILY);
  await page.locator("#name").press("Enter");
  const mine = page.locator(".family h2", { has: page.locator(".you") });
  await mine.waitFor();
  assert.equal(await mine.locator(".player-name").textContent(), FAMILY);
  assert.match((await mine.textContent()) ?? "", /\(you\)/);
  await kay.page.locator(".family .player-name", { hasText: FAMILY }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem("mice-cake:name")), FAMILY, "the name taken is kept");
  rae.assertClean();
  kay.assertClean();
  await rae.context.close();
  await kay.context.close();
});

test("a named person at the link of a full room is told they are watching, and has no move to make", async () => {
  const { server, browser } = shared;
  const dan = await person(browser);
  const code = await createRoom(dan.page, server.url, "Dan", { opponent: "greedy" });
  await dan.page.locator("#commit").waitFor();

  const cleo = await person(browser, { name: "Cleo" });
  await cleo.page.goto(`${server.url}/r/${code}`);
  await cleo.page.getByText("Both seats are taken: you are watching this game.").waitFor();
  await cleo.page.locator("table.board").waitFor();
  await cleo.page.locator(".family.yellow .player-name", { hasText: "Dan" }).waitFor();
  assert.equal(await cleo.page.locator("section.assign").count(), 0, "no move panel");
  assert.equal(await cleo.page.locator("#commit, #name").count(), 0, "no commit, no name asked");
  assert.equal(await cleo.page.locator(".family .you").count(), 0, "no seat of hers");
  cleo.assertClean();
  dan.assertClean();
  await cleo.context.close();
  await dan.context.close();
});

test("the lobby's list keeps its rows while nothing changes, and a focused room link keeps the focus when it does", async () => {
  const { server, browser } = shared;
  const eve = await person(browser);
  const code = await createRoom(eve.page, server.url, "Eve", { opponent: "greedy" });
  await eve.page.locator("#commit").waitFor();

  const lou = await person(browser);
  await lou.page.goto(server.url);
  const link = lou.page.locator("#rooms a", { hasText: code });
  await link.waitFor();
  await link.focus();
  // Marked, so that a redraw (a new element) is told from the same one.
  await link.evaluate((element) => element.setAttribute("data-marked", "yes"));
  await lou.page.waitForTimeout(2_500); // past a refresh of the list
  assert.equal(await lou.page.locator("#rooms a[data-marked]").count(), 1, "an unchanged list is not redrawn");

  // The list changes: another room is listed, and the focus stays on Eve's.
  const fay = await person(browser);
  const other = await createRoom(fay.page, server.url, "Fay", { opponent: "greedy" });
  await lou.page.locator("#rooms a", { hasText: other }).waitFor();
  assert.equal(await lou.page.locator("#rooms a[data-marked]").count(), 0, "a changed list is redrawn");
  assert.equal(await lou.page.evaluate(() => document.activeElement?.textContent), code, "the focus stays on the room link");
  await lou.page.keyboard.press("Enter");
  await lou.page.waitForURL(new RegExp(`/r/${code}$`));
  for (const who of [eve, lou, fay]) {
    who.assertClean();
    await who.context.close();
  }
});

test("every response carries the security headers, and an error is never stored", async () => {
  const { server } = shared;
  const page = await (await fetch(server.url)).text();
  const script = page.match(/<script[^>]*\ssrc="([^"]+)"/)?.[1];
  assert.ok(script?.startsWith("/assets/"), `the page's script: ${script}`);
  /** @type {[string, number][]} */
  const paths = [
    ["/", 200],
    ["/rules", 200],
    ["/play", 200],
    [script, 200],
    ["/api/rooms", 200],
    ["/api/odds", 200],
    ["/healthz", 200],
    ["/metrics", 200],
    ["/nope", 404],
  ];
  const missing = [];
  for (const [path, status] of paths) {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    assert.equal(response.status, status, path);
    const headers = response.headers;
    const csp = headers.get("content-security-policy") ?? "";
    if (!/script-src 'self'/.test(csp) || /unsafe-(inline|eval)/.test(csp)) missing.push(`${path}: content-security-policy "${csp}"`);
    if (headers.get("x-content-type-options") !== "nosniff") missing.push(`${path}: x-content-type-options "${headers.get("x-content-type-options")}"`);
    if (!headers.get("referrer-policy")) missing.push(`${path}: no referrer-policy`);
    if (status >= 400 && !/no-store/.test(headers.get("cache-control") ?? "")) missing.push(`${path}: cache-control "${headers.get("cache-control")}"`);
  }
  assert.deepEqual(missing, []);
});
