// Challenges in the browser: Ann and Bob each play a quick game (so that
// each has a page); Bob takes challenges from nobody, and Ann's challenge
// from his page is refused with his choice; he takes them from everyone
// again. Ann challenges him to a match to 2 wins: his lobby shows the
// banner at once, he accepts, and both land in one room, each in a seat,
// the match's score "first to 2" shown. A second challenge he declines:
// Ann is told, and his banner goes. A third one's link (/c/ID): Bob's
// browser is offered Accept and Decline, Ann's Cancel, a stranger's says
// whose it is; Ann takes it back, and Bob's page says so. A path that is no
// challenge says so.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, axeViolations, createRoom, person, playToTheEnd, screenshot, serverAndBrowser, widths } from "./support.mjs";

const shared = serverAndBrowser();

/** @typedef {Awaited<ReturnType<typeof person>>} Person */

/**
 * A quick game against the greedy bot (one round without progress ends
 * it), for a key and a page; returns the key, from the lobby's "Your page".
 * @param {import("playwright-core").Page} page @param {string} url @param {string} name
 */
async function playedOnce(page, url, name) {
  await createRoom(page, url, name, { opponent: "greedy", stall: 1 });
  await playToTheEnd(page);
  await page.goto(url);
  const href = (await page.locator("#your-page").getAttribute("href")) ?? "";
  assert.match(href, /^\/p\/[0-9a-f]{64}$/);
  return href.slice("/p/".length);
}

/**
 * Challenges the player whose page `page` shows to a match of `firstTo` wins
 * (casual, the server's time a round).
 * @param {import("playwright-core").Page} page @param {number} firstTo
 */
async function challenge(page, firstTo) {
  await page.locator("#challenge-open").click();
  await page.locator("#challenge-first-to").selectOption(String(firstTo));
  await page.locator("#challenge-send").click();
}

/** Fails if axe-core finds anything serious, or the page is wider than a phone. @param {import("playwright-core").Page} page @param {string} label */
async function checkedLook(page, label) {
  const grave = (await axeViolations(page)).filter((violation) => violation.impact === "critical" || violation.impact === "serious");
  assert.deepEqual(grave, [], `${label}: axe-core`);
  const { scrollWidth, innerWidth, past } = await widths(page);
  assert.ok(scrollWidth <= innerWidth, `${label}: ${scrollWidth} px wide in ${innerWidth}; past the edge: ${past.join(", ")}`);
}

test("a challenge from a player's page: refused by choice, then accepted into one room; declined; its link answered and taken back", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
  const [, bobKey] = await Promise.all([playedOnce(ann.page, server.url, "Ann"), playedOnce(bob.page, server.url, "Bob")]);

  // Bob takes challenges from nobody, on his own page.
  await bob.page.goto(`${server.url}/p/${bobKey}`);
  const from = bob.page.locator("#challenges-from");
  await from.and(bob.page.locator(":enabled")).waitFor();
  assert.equal(await from.inputValue(), "everyone", "everyone by default");
  await from.selectOption("nobody");
  await bob.page.locator("#challenges-from-status", { hasText: "Saved: you take challenges from nobody." }).waitFor();
  // Kept by the server: the page says so again once reloaded.
  await bob.page.reload();
  await bob.page.locator("#challenges-from:enabled").waitFor();
  assert.equal(await bob.page.locator("#challenges-from").inputValue(), "nobody");
  assert.equal(await bob.page.locator("#challenge-open").count(), 0, "nobody challenges themselves");

  // Ann's challenge from Bob's page is refused, in Bob's words of choice.
  await ann.page.goto(`${server.url}/p/${bobKey}`);
  await ann.page.locator("#challenge-open", { hasText: "Challenge Bob" }).waitFor();
  await challenge(ann.page, 2);
  await ann.page.locator("#challenge-error", { hasText: "Bob takes no challenges." }).waitFor();
  await screenshot(ann.page, "challenge-form-refused");

  await bob.page.locator("#challenges-from").selectOption("everyone");
  await bob.page.locator("#challenges-from-status", { hasText: "Saved: you take challenges from everyone." }).waitFor();

  // Bob on the lobby; Ann challenges him to a match to 2 wins.
  await bob.page.goto(server.url);
  await bob.page.locator("form.create").waitFor();
  assert.ok(await bob.page.locator("#challenges").isHidden(), "no banner while nothing waits");
  await ann.page.locator("#challenge-send").click();
  await ann.page.locator("#challenge-status", { hasText: "Challenge sent" }).waitFor();
  const waiting = ann.page.locator("#challenges li.outgoing", { hasText: "Waiting for Bob's answer: a match to 2, casual" });
  await waiting.waitFor();
  assert.match((await waiting.textContent()) ?? "", /expires in (9:5\d|10:00)/);
  await screenshot(ann.page, "challenge-waiting");
  // The banner shows it at once on Bob's lobby, with the time it waits.
  const banner = bob.page.locator("#challenges li.incoming", { hasText: "Ann challenges you: a match to 2, casual" });
  await banner.waitFor({ timeout: 3_000 });
  assert.match((await banner.textContent()) ?? "", /expires in (9:5\d|10:00)/);
  assert.match((await bob.page.locator("#challenge-told").textContent()) ?? "", /Ann challenges you/);
  await checkedLook(bob.page, "the lobby with a challenge's banner (375 px)");
  await screenshot(bob.page, "challenge-banner");
  // Keyboard reachable: the Accept button takes the focus, and Enter accepts.
  await bob.page.locator("#challenges button", { hasText: "Accept" }).focus();
  await bob.page.keyboard.press("Enter");

  // Both land in the match's room, each holding a seat.
  await Promise.all([ann.page.waitForURL(/\/r\/[0-9A-Z]{5}$/), bob.page.waitForURL(/\/r\/[0-9A-Z]{5}$/)]);
  assert.equal(new URL(ann.page.url()).pathname, new URL(bob.page.url()).pathname, "one room");
  for (const page of [ann.page, bob.page]) {
    await page.locator(".family", { has: page.locator("h2 .you") }).waitFor();
    await page.locator("#match-score", { hasText: "first to 2" }).waitFor();
    await page.locator("#commit, section.assign").first().waitFor();
  }

  // A second challenge, declined.
  await ann.page.goto(`${server.url}/p/${bobKey}`);
  await bob.page.goto(`${server.url}/top`);
  await bob.page.locator("h1").waitFor();
  await challenge(ann.page, 3);
  const second = bob.page.locator("#challenges li.incoming", { hasText: "a match to 3" });
  await second.waitFor({ timeout: 3_000 });
  await second.locator("button", { hasText: "Decline" }).click();
  await ann.page.locator("#challenges li.note", { hasText: "Bob declined your challenge." }).waitFor();
  await ann.page.locator("#challenge-status", { hasText: "Bob declined your challenge." }).waitFor();
  assert.equal(await ann.page.locator("#challenges li.outgoing").count(), 0, "no longer waiting");
  await bob.page.locator("#challenges li.note", { hasText: "You declined Ann's challenge." }).waitFor();
  assert.equal(await bob.page.locator("#challenges li.incoming").count(), 0, "Bob's banner gone");
  await bob.page.locator("#challenges button", { hasText: "Dismiss" }).click();
  await bob.page.locator("#challenges").waitFor({ state: "hidden" });

  // A third: its link, opened by each browser.
  await challenge(ann.page, 5);
  const third = ann.page.locator("#challenges li.outgoing", { hasText: "a match to 5" });
  await third.waitFor();
  const link = (await third.locator("a.challenge-link").getAttribute("href")) ?? "";
  assert.match(link, /^\/c\/[0-9A-Z]{10}$/);
  await bob.page.goto(`${server.url}${link}`);
  await bob.page.locator("#challenge-who", { hasText: "Ann challenges Bob" }).waitFor();
  assert.match((await bob.page.locator("#challenge-options").textContent()) ?? "", /^a match to 5, casual, (\d+ s|\d+ min) a round$/);
  await bob.page.locator("#challenge-accept").waitFor();
  assert.ok(await bob.page.locator("#challenge-decline").isVisible());
  assert.match((await bob.page.locator("#challenge-left").textContent()) ?? "", /expires in (9:5\d|10:00)/);
  assert.equal(await bob.page.locator("#challenges li").count(), 0, "the page's own challenge is not in the banner");
  await checkedLook(bob.page, "a challenge's page, to its challenged player (375 px)");
  await screenshot(bob.page, "challenge-page");

  const cy = await person(browser, { viewport: PHONE });
  await cy.page.goto(`${server.url}${link}`);
  await cy.page.locator("#challenge-not-yours", { hasText: "This challenge is for Bob" }).waitFor();
  assert.equal(await cy.page.locator("#challenge-not-yours bdi").textContent(), "Bob");
  assert.equal(await cy.page.locator("#challenge-accept").count(), 0);

  await ann.page.goto(`${server.url}${link}`);
  await ann.page.locator("#challenge-cancel").click();
  await ann.page.locator("#challenge-ended", { hasText: "Taken back by Ann." }).waitFor();
  await bob.page.locator("#challenge-ended", { hasText: "Taken back by Ann." }).waitFor();
  assert.equal(await bob.page.locator("#challenge-accept").count(), 0, "nothing to answer any more");

  // Paths that name no challenge.
  await cy.page.goto(`${server.url}/c/ZZZZZZZZZZ`);
  await cy.page.locator("section.not-found", { hasText: "No challenge has the id ZZZZZZZZZZ." }).waitFor();
  const response = await cy.page.goto(`${server.url}/c/%3Cb%3Ex`);
  assert.equal(response?.status(), 404);
  await cy.page.locator("section.not-found", { hasText: "A challenge's id is ten letters and digits" }).waitFor();
  assert.equal(await cy.page.locator("#name").count(), 0, "no name asked");

  ann.assertClean();
  bob.assertClean();
  assert.deepEqual(cy.errors.filter((error) => !/status of 404/.test(error)), [], "no console error but the 404s");
  for (const who of [ann, bob, cy]) await who.context.close();
  assert.doesNotMatch(server.log(), /\bERROR\b/);
});
