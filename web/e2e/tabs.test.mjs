// One seat, one live tab: a second tab on a seat takes it, the first says
// so and stops, and they settle at once instead of pushing each other out
// forever; the opponent hears of no coming and going.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, createRoom, person, serverAndBrowser } from "./support.mjs";

const shared = serverAndBrowser();

/**
 * Counts the WebSockets a page opens.
 * @param {import("playwright-core").Page} page
 */
function sockets(page) {
  const opened = { count: 0 };
  page.on("websocket", () => {
    opened.count += 1;
  });
  return opened;
}

/** Keeps every text the page's live region says. @param {import("playwright-core").Page} page */
async function listen(page) {
  await page.evaluate(() => {
    const region = /** @type {HTMLElement} */ (document.getElementById("announcer"));
    const said = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).said = said;
    new MutationObserver(() => {
      if (region.textContent) said.push(region.textContent);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
}

test("two tabs on one seat settle within a second, the newer one playing", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP });
  const code = await createRoom(ann.page, server.url, "Ann");
  const bob = await person(browser, { viewport: PHONE, name: "Bob" });
  await bob.page.goto(`${server.url}/r/${code}`);
  for (const page of [ann.page, bob.page]) await page.locator("#commit").waitFor();
  await listen(bob.page);
  const first = sockets(ann.page);
  // A chat line half typed in the first tab.
  await ann.page.locator("#chat-input").fill("half typed");

  // Ann opens the room again in a second tab of the same browser.
  const second = await ann.context.newPage();
  const secondSockets = sockets(second);
  const opened = Date.now();
  await second.goto(`${server.url}/r/${code}`);
  await second.locator("#commit").waitFor();
  // The first tab says where the seat went, and stops.
  await ann.page.locator("section.replaced").waitFor({ timeout: 1_000 });
  assert.ok(Date.now() - opened < 3_000, "settled at once");
  assert.match((await ann.page.locator("section.replaced").textContent()) ?? "", /Your seat was taken by another tab or connection/);
  assert.equal(await ann.page.locator("#commit").count(), 0, "the old tab offers no move");
  // Nothing there says it is her move, and the chat is closed, what was typed kept.
  // (The walkthrough's help still explains "your move".)
  assert.doesNotMatch(await ann.page.locator("main").innerText(), /Round \d+: your move|Your move — round/);
  assert.equal(await ann.page.locator("#caption").textContent(), "");
  assert.doesNotMatch(await ann.page.title(), /Your move/);
  assert.ok(await ann.page.locator("#chat-input").isDisabled(), "the old tab's chat is closed");
  assert.equal(await ann.page.locator("#chat-input").inputValue(), "half typed");
  assert.match((await ann.page.locator("#chat-closed").textContent()) ?? "", /taken by another tab or connection/);

  // Nothing goes back and forth afterwards.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  assert.equal(first.count, 0, "the old tab did not reconnect");
  assert.equal(secondSockets.count, 1, "the new tab connected once");
  assert.ok(await second.locator("#commit").isVisible(), "the new tab plays");
  const said = /** @type {string[]} */ (await bob.page.evaluate(() => /** @type {any} */ (window).said));
  assert.ok(!said.some((text) => /is back|lost the connection/.test(text)), `Bob heard: ${said.join(" | ")}`);
  assert.doesNotMatch((await bob.page.locator("#state-yellow").textContent()) ?? "", /disconnected/);

  // The old tab takes the seat back on request, and the other one stops.
  await ann.page.locator("#take-back").click();
  await ann.page.locator("#commit").waitFor();
  await second.locator("section.replaced").waitFor({ timeout: 1_000 });
  // And the move goes on from the tab that has it.
  await ann.page.locator("table.board thead button.more:enabled").first().click();
  assert.match((await ann.page.locator("section.assign h2").textContent()) ?? "", /1 of/);

  ann.assertClean();
  bob.assertClean();
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
