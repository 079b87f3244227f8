// Every kind of page a person meets (Play now's choices, search and bot
// offer too), checked as a whole: no serious accessibility fault
// (axe-core) and nothing wider than a phone's screen on any of them; pages that are not there say so (and only that); a name the
// server refuses is never kept; a full room says you are watching; and
// every response carries the security headers.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, axeViolations, createRoom, person, screenshot, serverAndBrowser, settle, widths } from "./support.mjs";
import { PAGE_TYPES, takeSurvey } from "./survey.mjs";

const shared = serverAndBrowser();

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
  surveyed ??= takeEnglishSurvey();
  return surveyed;
}

async function takeEnglishSurvey() {
  const { server, browser } = shared;
  /** @type {{label: string, size: string, violations: Violation[]}[]} */
  const axe = [];
  /** @type {{label: string, scrollWidth: number, innerWidth: number, past: string[]}[]} */
  const overflow = [];
  /** @type {import("./survey.mjs").Look} */
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
  met.push(...(await takeSurvey({ server, browser, look })));
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
  assert.equal(pages.size, PAGE_TYPES, [...pages].join("\n"));
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
  assert.equal(overflow.length, PAGE_TYPES);
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
