// A room as players live it, beyond the moves: two players of one name,
// the chats, an opponent who committed and dropped, the end of a game, a
// rematch with seats swapped and its replay, the cues of a player looking
// elsewhere, the help of a first game, and a server restarted mid-game.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DESKTOP,
  PATIENCE_MS,
  PHONE,
  commit,
  createRoom,
  dataDirectory,
  person,
  placeMice,
  playToTheEnd,
  serverAndBrowser,
  startDurableServer,
} from "./support.mjs";

const shared = serverAndBrowser();

/** The lines of a page's chat. @param {import("playwright-core").Page} page */
const chatLines = (page) => page.locator(".chat-line").allTextContents();

/**
 * Waits for the chat line `text` to reach a page over its WebSocket, shown
 * or not; call before the page connects.
 * @param {import("playwright-core").Page} page
 */
function chatReceived(page) {
  /** @type {string[]} */
  const received = [];
  /** @type {{text: string, resolve: () => void}[]} */
  const waiting = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", (frame) => {
      const message = JSON.parse(String(frame.payload));
      if (message.type !== "chat") return;
      received.push(message.text);
      for (const waiter of waiting.filter((waiter) => waiter.text === message.text)) waiter.resolve();
    });
  });
  /** @param {string} text @returns {Promise<void>} */
  return (text) =>
    received.includes(text)
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the chat line "${text}" never reached the page`)), PATIENCE_MS);
          waiting.push({ text, resolve: () => (clearTimeout(timer), resolve()) });
        });
}

test("two players named Ann are told apart, in the families and the chats", async () => {
  const { server, browser } = shared;
  const yellow = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const yellowReceived = chatReceived(yellow.page);
  const code = await createRoom(yellow.page, server.url, "Ann", { deadline: "60000" });
  const blue = await person(browser, { viewport: PHONE, name: "Ann", reducedMotion: "reduce" });
  await blue.page.goto(`${server.url}/r/${code}`);
  for (const page of [yellow.page, blue.page]) await page.locator("#commit").waitFor();
  assert.match((await yellow.page.locator(".family.yellow h2").textContent()) ?? "", /Yellow Ann \(you\)/);
  assert.doesNotMatch((await yellow.page.locator(".family.blue h2").textContent()) ?? "", /\(you\)/);

  // Each chat line names its speaker's seat, not only by colour.
  await yellow.page.locator("#chat-input").fill("hi from the bottom");
  await yellow.page.keyboard.press("Enter");
  await blue.page.locator(".chat-line", { hasText: "hi from the bottom" }).waitFor();
  assert.ok((await chatLines(blue.page)).some((line) => line.includes("Ann (Yellow): hi from the bottom")), String(await chatLines(blue.page)));
  await blue.page.locator("#chat-input").fill("hello");
  await blue.page.keyboard.press("Enter");
  await yellow.page.locator(".chat-line", { hasText: "Ann (Blue): hello" }).waitFor();

  // The spectators' chat, for a player who asks to read it: the lines
  // said before she asked are shown too.
  const eve = await person(browser, { viewport: DESKTOP });
  // Both seats are taken: she watches at once, and is told so.
  await eve.page.goto(`${server.url}/r/${code}`);
  await eve.page.locator("#watching").waitFor();
  await eve.page.locator("td.cell").first().waitFor();
  await eve.page.locator("#chat-input").fill("go go");
  await eve.page.keyboard.press("Enter");
  await yellowReceived("go go");
  assert.ok(!(await chatLines(yellow.page)).some((line) => line.includes("go go")), "not shown before she asks");
  await yellow.page.locator("#spectator-chat").check();
  await yellow.page.locator(".chat-line", { hasText: "go go" }).waitFor();
  // Eve gave no name: she is "A spectator", said once.
  assert.ok((await chatLines(yellow.page)).some((line) => line.trim() === "◇ A spectator: go go"), String(await chatLines(yellow.page)));
  assert.ok((await chatLines(eve.page)).some((line) => line.trim() === "◇ A spectator: go go"), String(await chatLines(eve.page)));
  await eve.page.locator("#chat-input").fill("and again");
  await eve.page.keyboard.press("Enter");
  await yellow.page.locator(".chat-line", { hasText: "and again" }).waitFor();
  await blue.page.locator("#chat-input").fill("still here");
  await blue.page.keyboard.press("Enter");
  await blue.page.locator(".chat-line", { hasText: "still here" }).waitFor();
  assert.ok(!(await chatLines(blue.page)).some((line) => line.includes("go go") || line.includes("and again")), "a player who did not ask reads only the players");

  // Blue commits, then drops: Yellow sees both that Blue's move is in and
  // that Blue is away.
  await placeMice(blue.page);
  await commit(blue.page);
  await blue.page.close();
  await yellow.page.locator("#state-blue", { hasText: "disconnected" }).waitFor();
  assert.match((await yellow.page.locator("#state-blue").textContent()) ?? "", /committed ✓ · disconnected, \d:\d\d left/);
  // Blue comes back in a new tab: the seat and the sealed move are there.
  const back = await blue.context.newPage();
  await back.goto(`${server.url}/r/${code}`);
  await back.locator("#your-move").waitFor();
  await yellow.page.locator("#state-blue", { hasText: /^committed ✓$/ }).waitFor();
  yellow.assertClean();
  eve.assertClean();
  await Promise.all([yellow.context.close(), blue.context.close(), eve.context.close()]);
});

test("a game's end takes the focus; a rematch swaps seats and names the earlier game right; its replay shows its clock", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const code = await createRoom(ann.page, server.url, "Ann", { deadline: "60000", stall: 1 });
  const bob = await person(browser, { viewport: PHONE, name: "Bob", reducedMotion: "reduce" });
  await bob.page.goto(`${server.url}/r/${code}`);
  await Promise.all([playToTheEnd(ann.page), playToTheEnd(bob.page)]);
  // The result has the focus, for a keyboard or a screen reader.
  await ann.page.waitForFunction(() => document.activeElement?.id === "result-title");
  assert.match((await ann.page.locator("section.result h2").textContent()) ?? "", /Game 1 over/);

  await ann.page.locator("#rematch").click();
  await bob.page.locator("#rematch").click();
  // Game 2: Bob is Yellow now; game 1 is listed as it was played.
  for (const page of [ann.page, bob.page]) {
    await page.locator(".meta", { hasText: "game 2" }).waitFor();
    const heading = page.locator("li.past-game > h3");
    await heading.waitFor();
    assert.match((await heading.textContent()) ?? "", /^Game 1: Ann \(Yellow\) vs Bob \(Blue\)/);
  }
  assert.match((await ann.page.locator(".family.blue h2").textContent()) ?? "", /Ann \(you\)/);

  // Its replay: the room's time per round, and nobody "thinking".
  await ann.page.getByRole("link", { name: "Replay game 1" }).click();
  await ann.page.waitForURL(/\/g\//);
  await ann.page.locator(".replay .meta").waitFor();
  assert.match((await ann.page.locator(".replay .meta").textContent()) ?? "", /1:00\/round/);
  assert.match((await ann.page.locator(".replay h1").textContent()) ?? "", /Ann \(Yellow\) vs Bob \(Blue\)/);
  assert.equal(await ann.page.getByText("thinking…").count(), 0);
  await ann.page.keyboard.press("Home");
  await ann.page.getByText("The cake as dealt").waitFor();
  assert.equal(await ann.page.getByText("thinking…").count(), 0);
  ann.assertClean();
  bob.assertClean();
  await Promise.all([ann.context.close(), bob.context.close()]);
});

test("cues: the title, a remembered sound switch, a notification when allowed; help for a first game", async () => {
  const { server, browser } = shared;
  const gus = await person(browser, { viewport: DESKTOP });
  await gus.context.grantPermissions(["notifications"], { origin: server.url });
  // Notifications shown and the tab's visibility, as the page sees them.
  await gus.context.addInitScript(() => {
    const shown = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).notified = shown;
    /** @type {any} */ (window).Notification = class {
      static permission = "granted";
      static requestPermission() {
        return Promise.resolve("granted");
      }
      /** @param {string} title @param {{body?: string}} options */
      constructor(title, options) {
        shown.push(`${title}: ${options?.body ?? ""}`);
      }
    };
    Object.defineProperty(document, "hidden", { get: () => Boolean(/** @type {any} */ (window).away) });
  });
  await gus.page.clock.install();
  const code = await createRoom(gus.page, server.url, "Gus", { opponent: "greedy", deadline: "30000" });
  await gus.page.locator("#commit").waitFor();

  // Whose move it is, in the tab's title; the time left once it runs low.
  await gus.page.waitForFunction(() => document.title.startsWith("Your move"));
  assert.equal(await gus.page.title(), `Your move · Room ${code} · Mice Cake`);
  await gus.page.clock.runFor(20_000);
  await gus.page.waitForFunction(() => /^0:\d\d · Your move/.test(document.title));

  // Help: the walkthrough, and a column's odds before any mouse is placed.
  assert.ok(await gus.page.locator("section.walkthrough").isVisible());
  const odds = gus.page.locator("#column-help table.odds");
  // Only a face-up piece has odds: the chosen column may hold a face-down
  // piece or the double-blank (the deal is random), so the keys A to D
  // choose each column in turn until one shows them.
  for (const letter of ["a", "b", "c", "d"]) {
    if (await odds.isVisible()) break;
    await gus.page.keyboard.press(letter);
  }
  await odds.waitFor({ state: "visible" });
  assert.equal(await odds.locator("thead th").count(), 5);
  await gus.page.locator("#walkthrough-done").click();
  assert.equal(await gus.page.locator("section.walkthrough").count(), 0);
  await gus.page.locator(".legend summary").click();
  assert.match((await gus.page.locator(".legend").textContent()) ?? "", /Tire: /);

  // The sound switch, off at first, remembered.
  assert.equal(await gus.page.locator("#sound").getAttribute("aria-pressed"), "false");
  await gus.page.locator("#sound").click();
  assert.equal(await gus.page.locator("#sound").getAttribute("aria-pressed"), "true");

  // Looking elsewhere: the next move comes as a notification.
  await gus.page.evaluate(() => {
    /** @type {any} */ (window).away = true;
  });
  await placeMice(gus.page);
  await commit(gus.page);
  await gus.page.clock.runFor(6_000);
  await gus.page.waitForFunction(() => /** @type {any} */ (window).notified.length > 0);
  assert.match(String(await gus.page.evaluate(() => /** @type {any} */ (window).notified[0])), /^Your move: Room [A-Z0-9]{5}, round 2$/);

  // After a reload: the walkthrough stays dismissed, the sound on.
  await gus.page.reload();
  await gus.page.locator("#sound").waitFor();
  assert.equal(await gus.page.locator("#sound").getAttribute("aria-pressed"), "true");
  assert.equal(await gus.page.locator("section.walkthrough").count(), 0);
  // The browser holds the sound until the page is tapped: it says so, and a tap brings it back.
  assert.match((await gus.page.locator("#sound-held").textContent()) ?? "", /tap the page or press a key to hear it/);
  await gus.page.locator(".room-title h1").click();
  await gus.page.locator("#sound-held").waitFor({ state: "detached" });

  // The rules, one click away.
  await gus.page.getByRole("link", { name: "Rules" }).first().click();
  await gus.page.waitForURL(/\/rules$/);
  assert.ok((await gus.page.locator("h1, h2").count()) > 2);
  gus.assertClean();
  await gus.context.close();
});

test("a server restarted mid-game: its notice goes once the page is back", async () => {
  const { browser } = shared;
  const data = dataDirectory();
  let server = await startDurableServer(data);
  const port = server.port;
  const hal = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  try {
    await createRoom(hal.page, server.url, "Hal", { opponent: "greedy" });
    await hal.page.locator("#commit").waitFor();
    await server.terminate();
    await hal.page.getByText("The server is restarting").waitFor();
    server = await startDurableServer(data, port);
    // Back: the seat, the move to make, and no word of a restart.
    await hal.page.locator("#connection", { hasText: "back" }).waitFor();
    await hal.page.locator("#commit").waitFor();
    assert.equal(await hal.page.getByText("The server is restarting").count(), 0);
    await placeMice(hal.page);
    await commit(hal.page);
    await hal.page.locator('li.round[data-round="1"]').waitFor();
    hal.assertClean();
  } finally {
    await hal.context.close();
    server.stop();
  }
});
