// A person with only a browser plays the server's bot to the end, on a
// phone, by keyboard alone, in the boost game with every piece face down.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DESKTOP,
  PHONE,
  commit,
  createRoom,
  nextMove,
  person,
  placeMice,
  roundToMove,
  serverAndBrowser,
} from "./support.mjs";

const shared = serverAndBrowser();

test("a game against the server's greedy bot, played with the keys alone, to the end", async () => {
  const { server, browser } = shared;
  const dee = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
  const page = dee.page;
  await createRoom(page, server.url, "Dee", { opponent: "greedy", reveal: "all_face_down", boost: true, stall: 20 });
  await page.locator(".family.blue h2", { hasText: "greedy BOT" }).waitFor();
  assert.match((await page.locator(".meta").textContent()) ?? "", /all face down, boost/);

  let rounds = 0;
  while (await nextMove(page)) {
    rounds += 1;
    const round = await roundToMove(page);
    const heading = page.locator("section.assign h2");
    const [, wanted] = ((await heading.textContent()) ?? "").match(/of (\d+)/) ?? [];
    // a–d picks a column, ↑ adds a mouse; a column that takes none says why.
    let placed = 0;
    for (let press = 0; placed < Number(wanted); press += 1) {
      assert.ok(press < 40, `the keys placed ${placed} of ${wanted} mice in round ${round}`);
      await page.keyboard.press("abcd"[press % 4]);
      const before = (await heading.textContent()) ?? "";
      await page.keyboard.press("ArrowUp");
      if ((await heading.textContent()) !== before) placed += 1;
    }
    // A steal needs its target: "t" picks one.
    if ((await page.locator("#steal").count()) > 0) await page.keyboard.press("t");
    await page.keyboard.press("Enter");
    await page.locator(`section.assign[data-round="${round}"]`).waitFor({ state: "detached" });
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

/**
 * Where the board and the move's controls are on a phone's screen, and
 * every control smaller than a finger.
 * @param {import("playwright-core").Page} page
 */
async function phoneLayout(page) {
  return page.evaluate(() => {
    const box = (/** @type {string} */ selector) => document.querySelector(selector)?.getBoundingClientRect();
    const small = [...document.querySelectorAll("main button, main select, main input:not([type=checkbox]), main summary")]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width < 44 || rect.height < 44)
      .map(({ element, rect }) => `${element.tagName}#${element.id}.${element.className} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    return {
      scrolled: window.scrollY,
      wide: document.documentElement.scrollWidth,
      board: box("table.board"),
      commit: box("#commit"),
      lane: box("tr.lane-bottom"),
      small,
    };
  });
}

test("a whole game on a phone, by taps, with the board and the move's controls on one screen", async () => {
  const { server, browser } = shared;
  const ida = await person(browser, { viewport: PHONE, touch: true, reducedMotion: "reduce" });
  const page = ida.page;
  await createRoom(page, server.url, "Ida", { opponent: "greedy", stall: 20 });
  let rounds = 0;
  // Every tap, not only the round's start: a stash that grows, a family that
  // commits, a steal's picker must not push Commit off the screen (a tap
  // on it would scroll the page).
  const onOneScreen = async (/** @type {string} */ when) => {
    const layout = await phoneLayout(page);
    assert.equal(layout.scrolled, 0, `round ${rounds}, ${when}: nothing to scroll to`);
    assert.ok(layout.wide <= PHONE.width, `round ${rounds}, ${when}: ${layout.wide} px wide`);
    for (const [what, rect] of Object.entries({ board: layout.board, commit: layout.commit, lane: layout.lane })) {
      assert.ok(rect && rect.top >= 0 && rect.bottom <= PHONE.height, `round ${rounds}, ${when}: the ${what} is on the screen: ${JSON.stringify(rect)}`);
    }
    assert.deepEqual(layout.small, [], `round ${rounds}, ${when}: every control takes a finger`);
  };
  while (await nextMove(page)) {
    rounds += 1;
    await onOneScreen("its start");
    // A tap on a column puts a mouse there; "−" takes one away.
    const heading = page.locator("section.assign h2");
    const open = page.locator("table.board thead button.more:enabled");
    await open.first().tap();
    const column = await page.locator("table.board thead th.chosen").getAttribute("data-column");
    assert.match((await heading.textContent()) ?? "", /1 of/);
    await page.locator(`#less-${column}`).tap();
    assert.match((await heading.textContent()) ?? "", /0 of/);
    await onOneScreen("a mouse put and taken off");
    for (let turn = 0; (await page.locator("#commit:enabled").count()) === 0; turn += 1) {
      assert.ok(turn < 12, "the taps place every mouse");
      await open.nth(turn % (await open.count())).tap();
      await onOneScreen(`tap ${turn + 1}`);
    }
    if ((await page.locator("#steal").count()) > 0) await page.locator("#steal").selectOption({ index: 0 });
    const round = await roundToMove(page);
    await page.locator("#commit").tap();
    assert.equal((await phoneLayout(page)).scrolled, 0, `round ${rounds}: the tap on Commit scrolled`);
    await page.locator(`section.assign[data-round="${round}"]`).waitFor({ state: "detached" });
  }
  assert.ok(rounds >= 1);
  await page.locator("section.result").waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  ida.assertClean();
});

test("with a clock running: the countdown ticks, a chat line being typed is kept, the dice settle", async () => {
  const { server, browser } = shared;
  const fay = await person(browser, { viewport: DESKTOP });
  const page = fay.page;
  await createRoom(page, server.url, "Fay", { opponent: "random", deadline: "60000" });
  await page.locator("#commit").waitFor();

  // The countdown goes down while the page is not redrawn around it.
  const clock = page.locator("#clock");
  const first = await clock.textContent();
  assert.match(first ?? "", /^\d+:\d\d$/);
  // The stopwatch is drawn: no emoji font is needed to see it.
  assert.equal(await clock.locator("svg.icon").count(), 1);
  const commitButton = await page.locator("#commit").elementHandle();
  await page.waitForFunction((before) => document.getElementById("clock")?.textContent !== before, first);
  assert.ok(await commitButton?.evaluate((button) => button.isConnected), "the panel was not redrawn by the clock");

  // Half a line typed across several ticks stays, with the focus and caret.
  const chat = page.locator("#chat-input");
  await chat.click();
  await chat.pressSequentially("good luck", { delay: 120 });
  await page.waitForTimeout(600);
  assert.equal(await chat.inputValue(), "good luck");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "chat-input");
  await chat.pressSequentially(" all");
  await page.keyboard.press("Enter");
  await page.locator(".chat-line", { hasText: "good luck all" }).waitFor();
  assert.equal(await chat.inputValue(), "");

  // A round: the bot answers at once; the dice roll, then settle with outcomes.
  // A roll tumbles for a fifth to a third of a second: a locator, looking
  // every half second, can miss it. The page notes each round it sees
  // tumbling in the log, as the log changes.
  await page.evaluate(() => {
    const tumbled = /** @type {Set<string>} */ (new Set());
    /** @type {any} */ (window).tumbled = tumbled;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll("li.round")) {
        if (item.querySelector(".tumbling")) tumbled.add(/** @type {HTMLElement} */ (item).dataset.round ?? "");
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await placeMice(page);
  const round = await commit(page);
  const reveal = page.locator(`li.round[data-round="${round}"]`);
  await reveal.waitFor();
  // The first roll tumbles in the log too, then every roll settles.
  await page.locator('section.room[data-revealing="false"]').waitFor();
  assert.ok(await page.evaluate((round) => /** @type {any} */ (window).tumbled.has(String(round)), round), "a roll tumbled in the log");
  assert.equal(await reveal.locator(".tumbling").count(), 0);
  const text = (await reveal.textContent()) ?? "";
  assert.match(text, /→/, text);
  fay.assertClean();
});
