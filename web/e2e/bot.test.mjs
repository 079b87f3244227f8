// A person with only a browser plays the server's bot to the end, on a
// phone, by keyboard alone, in the boost game with every piece face down.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { PHONE, createRoom, launchBrowser, nextMove, person, startServer } from "./support.mjs";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.stop();
});

test("a game against the server's greedy bot, played with the keys alone, to the end", async () => {
  const dee = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
  const page = dee.page;
  await createRoom(page, server.url, "Dee", { opponent: "greedy", reveal: "all_face_down", boost: true, stall: 20 });
  await page.locator(".family.blue .player-name", { hasText: "bot" }).waitFor();
  assert.match((await page.locator(".meta").textContent()) ?? "", /all face down, boost/);

  let rounds = 0;
  while (await nextMove(page)) {
    rounds += 1;
    const heading = page.locator("section.assign h2");
    const [, wanted] = ((await heading.textContent()) ?? "").match(/of (\d+)/) ?? [];
    // a–d picks a column, ↑ adds a mouse; a column that takes none says why.
    for (let column = 0, placed = 0; placed < Number(wanted); column = (column + 1) % 4) {
      await page.keyboard.press("abcd"[column]);
      const before = (await heading.textContent()) ?? "";
      await page.keyboard.press("ArrowUp");
      if ((await heading.textContent()) !== before) placed += 1;
    }
    // A steal needs its target: "t" picks one.
    if ((await page.locator("#steal").count()) > 0) await page.keyboard.press("t");
    await page.keyboard.press("Enter");
    await page.locator(`section.assign[data-round="${rounds}"]`).waitFor({ state: "detached" });
  }
  assert.ok(rounds >= 1);
  // No dice rolled on screen when motion is reduced: every roll is settled.
  assert.equal(await page.locator(".tumbling").count(), 0);
  const result = (await page.locator("section.result").textContent()) ?? "";
  assert.match(result, /Game 1 over/);
  assert.match(result, /Replay this game/);
  dee.assertClean();
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
