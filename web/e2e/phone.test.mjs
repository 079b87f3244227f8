// On a 375×812 phone: the board and Commit fit one screen whatever the
// players' names (32 characters, the most the server takes, in both
// seats), and every link and button is a target a finger hits (44 px
// high at least) — the top bar's, the lobby's, a move's, the walkthrough's
// and a game's end; and a move committed shows as made at once, before
// the server shows its seal.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PHONE, commit, createRoom, person, placeMice, screenshot, serverAndBrowser, settle, widths } from "./support.mjs";

const shared = serverAndBrowser();

/**
 * Where the board and Commit are, and how far the page is scrolled.
 * @param {import("playwright-core").Page} page
 */
async function boardAndCommit(page) {
  return page.evaluate(() => {
    const box = (/** @type {string} */ selector) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect ? { top: rect.top, bottom: rect.bottom } : null;
    };
    return { scrolled: window.scrollY, board: box("table.board"), commit: box("#commit") };
  });
}

/**
 * Every link, button, summary and field shown that is under 44 px high or
 * narrower than 44 px.
 * @param {import("playwright-core").Page} page
 */
async function smallTargets(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("a[href], button, summary, select, input:not([type=checkbox])")]
      .filter((element) => element.getClientRects().length > 0 && !element.closest(".visually-hidden"))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.height < 44 - 0.5 || rect.width < 44 - 0.5)
      .map(({ element, rect }) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`),
  );
}

test("the longest names, in both seats: the board and Commit on one phone screen", async () => {
  const { server, browser } = shared;
  const pairs = [
    ["Wolfgang Amadeus Mozartissimo XY", "M".repeat(32)],
    ["W".repeat(32), "M".repeat(32)],
    // And short ones, as before.
    ["Ann", "Bob"],
  ];
  for (const [yellowName, blueName] of pairs) {
    const yellow = await person(browser, { viewport: PHONE, touch: true });
    const code = await createRoom(yellow.page, server.url, yellowName);
    const blue = await person(browser, { viewport: PHONE, touch: true, name: blueName });
    await blue.page.goto(`${server.url}/r/${code}`);
    for (const [page, seat] of [[yellow.page, "yellow"], [blue.page, "blue"]]) {
      await page.locator("#commit").waitFor();
      await settle(page);
      const layout = await boardAndCommit(page);
      const label = `${seat}, ${yellowName} against ${blueName}`;
      assert.equal(layout.scrolled, 0, `${label}: not scrolled`);
      assert.ok(layout.board && layout.board.top >= 0 && layout.board.bottom <= PHONE.height, `${label}: the whole board on the screen: ${JSON.stringify(layout.board)}`);
      assert.ok(layout.commit && layout.commit.top >= 0 && layout.commit.bottom <= PHONE.height, `${label}: Commit on the screen: ${JSON.stringify(layout.commit)}`);
      const { scrollWidth, innerWidth, past } = await widths(page);
      assert.ok(scrollWidth <= innerWidth, `${label}: ${scrollWidth} px wide; past the edge: ${past.join(", ")}`);
      // The names are whole in the page's text, however cut on screen.
      assert.equal(await page.locator(".family.yellow .player-name").textContent(), yellowName);
      assert.equal(await page.locator(".family.blue .player-name").textContent(), blueName);
      if (yellowName.startsWith("W")) await screenshot(page, `long-names-${seat}`);
    }
    yellow.assertClean();
    blue.assertClean();
    await Promise.all([yellow.context.close(), blue.context.close()]);
  }
});

test("every link and button takes a finger, on a phone: the lobby, a move, the walkthrough, a game's end, not found", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: PHONE, touch: true });
  await ann.page.goto(server.url);
  await ann.page.locator("#name").waitFor();
  assert.deepEqual(await smallTargets(ann.page), [], "the lobby");

  const code = await createRoom(ann.page, server.url, "Ann", { deadline: "60000" });
  const bob = await person(browser, { viewport: PHONE, touch: true, name: "Bob" });
  await bob.page.goto(`${server.url}/r/${code}`);
  await ann.page.locator("#commit").waitFor();
  // A first game: the walkthrough, with its link to the whole rules.
  await ann.page.locator("section.walkthrough a", { hasText: "The whole rules" }).waitFor();
  await ann.page.locator(".legend summary").click();
  assert.deepEqual(await smallTargets(ann.page), [], "a move, the walkthrough and the legend");

  // Both move once, then Bob leaves: Ann's game ends, with its replay.
  await bob.page.locator("#commit").waitFor();
  await placeMice(ann.page);
  await placeMice(bob.page);
  await commit(ann.page);
  await commit(bob.page);
  await bob.page.locator("#commit").waitFor();
  await bob.page.locator("#leave").click();
  await bob.page.locator("#leave-now").click();
  await ann.page.locator("#replay-link", { hasText: "Replay this game" }).waitFor();
  assert.deepEqual(await smallTargets(ann.page), [], "a game's end");
  await screenshot(ann.page, "game-over-targets");

  await ann.page.goto(`${server.url}/r/ZZZZZ`);
  await ann.page.getByRole("heading", { name: "Not found" }).waitFor();
  assert.deepEqual(await smallTargets(ann.page), [], "a page not found");
  await Promise.all([ann.context.close(), bob.context.close()]);
});

// Protocol 13: the server shows a player its own seal with what follows it
// (the other's seal, or the reveal), 250 ms later at most. The page takes
// the move as made at once. The instant is chosen by holding back what the
// server sends Ann: her own seal cannot have come.
test("a move committed shows as made at once, before the server shows its seal", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: PHONE, touch: true });
  /** @type {(string | Buffer)[] | null} */
  let held = null;
  /** @type {string[]} */
  const sent = [];
  /** @type {import("playwright-core").WebSocketRoute | null} */
  let toPage = null;
  await ann.page.routeWebSocket(/\/ws$/, (route) => {
    toPage = route;
    const toServer = route.connectToServer();
    route.onMessage((message) => {
      sent.push(String(message));
      toServer.send(message);
    });
    toServer.onMessage((message) => (held ? held.push(message) : route.send(message)));
  });
  const code = await createRoom(ann.page, server.url, "Ann");
  const bob = await person(browser, { viewport: PHONE, touch: true, name: "Bob" });
  await bob.page.goto(`${server.url}/r/${code}`);
  await ann.page.locator("#commit").waitFor();
  await bob.page.locator("#commit").waitFor();
  await placeMice(ann.page);
  held = [];
  await ann.page.locator("#commit").click();
  await ann.page.locator("section.assign").waitFor({ state: "detached" });
  const seal = () => sent.some((message) => message.includes('"type":"seal"') && message.includes('"round":1,'));
  while (!seal()) await settle(ann.page);
  assert.match((await ann.page.locator("#your-move").textContent()) ?? "", /^Your move: .+, sealed\.$/);
  assert.equal(await ann.page.locator("p.notice").textContent(), "Sealing…");
  assert.equal(await ann.page.locator("#state-yellow").textContent(), "committed ✓");
  assert.equal(await ann.page.locator("#commit").count(), 0, "nothing to commit again");
  await screenshot(ann.page, "sealing");
  // What the server sent goes on: her seal shown, the notice says so.
  const route = /** @type {import("playwright-core").WebSocketRoute} */ (/** @type {unknown} */ (toPage));
  for (const message of held) route.send(message);
  held = null;
  await ann.page.locator("p.notice", { hasText: "Your move is sealed" }).waitFor();
  // Bob's move in, the round is revealed, and round 2 asks Ann again.
  await placeMice(bob.page);
  await commit(bob.page);
  await ann.page.locator('section.assign[data-round="2"] #commit').waitFor();
  ann.assertClean();
  bob.assertClean();
  await Promise.all([ann.context.close(), bob.context.close()]);
});
