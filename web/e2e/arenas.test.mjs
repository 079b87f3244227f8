// Arenas in the browser (issue 50): an arena made from /arenas lands on
// its page with the countdown; a player on a phone joins one before it
// starts, pauses and joins again, is taken into each game as it is paired
// and brought back to the arena after it, and sees the podium once it is
// over; a watcher sees the standings change.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, commit, nextMove, person, placeMice, screenshot, serverAndBrowser, startTerminal, widths } from "./support.mjs";

/** The longest name a player may have, in the widest letter. */
const LONG_NAME = "W".repeat(32);

/**
 * What of an arena's page does not fit, as found by playing with the
 * longest names: the page wider than the screen, a standings cell whose
 * text runs out of it, the standings wider than their page.
 * @param {import("playwright-core").Page} page
 */
async function arenaOverflow(page) {
  const { scrollWidth, innerWidth, past } = await widths(page);
  const cells = await page.evaluate(() => {
    const table = document.querySelector("#standings table") ?? document.querySelector("#standings");
    const main = document.querySelector("main");
    const out = [...document.querySelectorAll("#standings td, #standings th")]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `a cell runs out: ${cell.textContent?.slice(0, 40)} (${cell.scrollWidth} px in ${cell.clientWidth})`);
    if (table && main && table.getBoundingClientRect().right > main.getBoundingClientRect().right + 0.5) {
      out.push(`the standings end at ${Math.round(table.getBoundingClientRect().right)} px, the page at ${Math.round(main.getBoundingClientRect().right)}`);
    }
    return out;
  });
  return [...(scrollWidth > innerWidth ? [`${scrollWidth} px wide in ${innerWidth}: ${past.join(", ")}`] : []), ...cells];
}

// Every player here comes from this machine's address: the server lets an
// arena pair them (`--rate-one-address`; docs/arenas.md).
const shared = serverAndBrowser(["--rate-one-address"]);

test("an arena made from /arenas lands on its page, live, with its countdown and a Join", async () => {
  const { server, browser } = shared;
  const host = await person(browser, { viewport: DESKTOP, name: "Host", reducedMotion: "reduce" });
  await host.page.goto(`${server.url}/arenas`);
  await host.page.locator("#arena-name").fill("Thursday club");
  await host.page.locator("#minutes").selectOption("30");
  await host.page.locator("#arena-join-code").fill("cheese");
  await host.page.getByRole("button", { name: "Make the arena" }).click();
  await host.page.waitForURL(/\/a\/[0-9A-Z]{8}$/);
  await host.page.locator("#arena-name", { hasText: "Thursday club" }).waitFor();
  const status = (await host.page.locator("#arena-status").textContent()) ?? "";
  assert.match(status, /^Live: (29|30):\d\d left$/);
  assert.match((await host.page.locator("#arena-kind").textContent()) ?? "", /club \(join code\)/);
  assert.ok(await host.page.locator("#join-code").isVisible(), "a club's arena asks for its code");
  // Listed, and linked.
  await host.page.goto(`${server.url}/arenas`);
  await host.page.locator(".arena-list a", { hasText: "Thursday club" }).waitFor();
  await screenshot(host.page, "arenas-list");
  host.assertClean();
  await host.context.close();
});

test("a player joins before the start, pauses and comes back, plays each game paired, and sees the podium", async () => {
  const { server, browser } = shared;
  // An arena of a minute, starting in 15 s, made in a terminal.
  const maker = startTerminal(server, "Club", ["arena", "create", "--minutes", "1", "--starts-in", "15s"]);
  const id = (await maker.output.until("the arena's id", (line) => /^[0-9A-Z]{8}$/.test(line.trim()))).trim();
  const hal = startTerminal(server, "Hal", ["bot", "--policy", "greedy", "arena", "join", id]);
  // And a bot with the longest name there is, in its widest letter.
  const wil = startTerminal(server, LONG_NAME, ["bot", "--policy", "random", "arena", "join", id]);
  // A watcher on a desktop follows the standings.
  const wes = await person(browser, { viewport: DESKTOP, name: "Wes", reducedMotion: "reduce" });
  await wes.page.goto(`${server.url}/a/${id}`);
  await wes.page.locator("#standings", { hasText: "Hal" }).waitFor();
  try {
    const eve = await person(browser, { viewport: PHONE, name: "Eve", reducedMotion: "reduce" });
    await eve.page.goto(`${server.url}/a/${id}`);
    assert.match((await eve.page.locator("#arena-status").textContent()) ?? "", /^Starts in 0:1\d$/);
    await eve.page.locator("#arena-player-name").fill("Eve");
    await eve.page.getByRole("button", { name: "Join", exact: true }).click();
    await eve.page.locator("#arena-notice", { hasText: "paired as soon as the arena starts" }).waitFor();
    await screenshot(eve.page, "arena-joined-upcoming");
    // Paused before the start: on the standings, marked paused.
    await eve.page.getByRole("button", { name: "Pause" }).click();
    await eve.page.locator("#arena-notice", { hasText: "you paused" }).waitFor();
    await eve.page.locator("#standings tr", { hasText: "Eve" }).locator(".paused-mark").waitFor();
    await eve.page.getByRole("button", { name: "Join again" }).click();
    await eve.page.locator("#your-line").waitFor();
    // The longest names fit, on the phone and on the desktop.
    await wes.page.locator("#standings", { hasText: "WWWW" }).waitFor();
    await eve.page.locator("#standings", { hasText: "WWWW" }).waitFor();
    assert.deepEqual(await arenaOverflow(eve.page), [], "the live arena on a phone");
    assert.deepEqual(await arenaOverflow(wes.page), [], "the live arena on a desktop");

    // Each game as it is paired, and back to the arena after it, until
    // the arena is over.
    let games = 0;
    for (;;) {
      const where = await Promise.race([
        eve.page.waitForURL(/\/r\/[0-9A-Z]{5}$/, { timeout: 150_000 }).then(() => "room"),
        eve.page.locator("#podium").waitFor({ timeout: 150_000 }).then(() => "podium"),
      ]);
      if (where === "podium") break;
      while (await nextMove(eve.page)) {
        await placeMice(eve.page);
        await commit(eve.page);
      }
      games += 1;
      // The result, with the way back; no rematch in an arena.
      await eve.page.locator("#arena-return").waitFor();
      assert.equal(await eve.page.locator("#rematch").count(), 0);
      if (games === 1) await screenshot(eve.page, "arena-game-over");
      await eve.page.waitForURL(new RegExp(`/a/${id}$`), { timeout: 30_000 });
    }
    assert.ok(games >= 1, "Eve played");
    const podium = (await eve.page.locator("#podium").textContent()) ?? "";
    assert.match(podium, /First: (Eve|Hal \(greedy bot\)|W+ \(random bot\)), \d+ points? in \d+ games?/);
    assert.equal((await eve.page.locator("#arena-status").textContent()) ?? "", "Finished");
    assert.equal(await eve.page.locator("#arena-error").textContent(), "", "nothing went wrong, coming back as it ended");
    assert.match((await eve.page.locator("#your-line").textContent()) ?? "", /^You finished (1st|2nd|3rd) with \d+ points? in \d+ games?\.$/);
    const eveLine = eve.page.locator("#standings tr", { hasText: "Eve" });
    assert.match((await eveLine.locator(".games").textContent()) ?? "", new RegExp(`^${games}$`));
    await screenshot(eve.page, "arena-podium");
    // The watcher saw it end too, and the standings agree.
    await wes.page.locator("#arena-status", { hasText: "Finished" }).waitFor();
    await wes.page.locator("#podium").waitFor();
    assert.equal(await wes.page.locator("#podium").textContent(), podium);
    // The finished arena fits too, the podium's longest names with it.
    assert.deepEqual(await arenaOverflow(eve.page), [], "the finished arena on a phone");
    assert.deepEqual(await arenaOverflow(wes.page), [], "the finished arena on a desktop");
    const api = await (await fetch(`${server.url}/api/arenas/${id}`)).json();
    assert.equal(api.status, "finished");
    assert.equal(api.standings.find((/** @type {any} */ line) => line.name === "Eve").games, games);
    eve.assertClean();
    wes.assertClean();
    await eve.context.close();
    await wes.context.close();
    assert.equal(await hal.exited, 0, "the bot ends with the arena");
    assert.equal(await wil.exited, 0, "the bot ends with the arena");
  } finally {
    hal.stop();
    wil.stop();
    maker.stop();
  }
});
