// The reveal keeps its suspense: from the moment both moves are in until
// the last die is down, nothing a player or a spectator sees gets ahead of
// the dice landed so far — not the cake, the stashes, the pips, the round,
// the panels, the page's title, the live region, nor the result. The page's
// clock is Playwright's (paused, then moved on step by step), so that the
// page is looked at at chosen instants of the reveal.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, createRoom, messagesOf, person, placeMice, roundToMove, screenshot, serverAndBrowser, untilShown } from "./support.mjs";

const shared = serverAndBrowser();

/**
 * The `revealed` events a page receives, as they come.
 * @param {import("playwright-core").Page} page
 */
function revealsOf(page) {
  /** @type {any[]} */
  const reveals = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", (frame) => {
      for (const message of messagesOf(String(frame.payload))) {
        if (message.type === "event" && message.event.kind === "revealed") reveals.push(message.event);
      }
    });
  });
  return reveals;
}

/**
 * What the page shows now, of what a reveal may give away.
 * @param {import("playwright-core").Page} page
 */
async function shown(page) {
  return page.evaluate(() => {
    const room = document.querySelector("section.room");
    const cells = Object.fromEntries([...document.querySelectorAll("td.cell[data-place]")].map((cell) => [cell.getAttribute("data-place"), cell.getAttribute("data-piece")]));
    const stash = (/** @type {string} */ seat) => [...document.querySelectorAll(`#stash-${seat} [data-piece]`)].map((piece) => piece.getAttribute("data-piece"));
    return {
      revealing: room?.getAttribute("data-revealing") === "true",
      landed: Number(room?.getAttribute("data-landed") ?? -1),
      cells,
      stashes: { yellow: stash("yellow"), blue: stash("blue") },
      scores: { yellow: document.getElementById("score-yellow")?.textContent ?? "", blue: document.getElementById("score-blue")?.textContent ?? "" },
      meta: document.querySelector(".room-title .meta")?.textContent ?? "",
      assign: document.querySelectorAll("section.assign").length,
      result: document.querySelectorAll("section.result").length,
      clock: document.querySelectorAll("#clock").length,
      title: document.title,
      announced: document.getElementById("announcer")?.textContent ?? "",
      caption: document.getElementById("caption")?.textContent ?? "",
      tumbling: document.querySelectorAll("table.board .tumbling").length,
    };
  });
}

/** The cake and stashes before a reveal, moved on by its first `landed` beats' changes. */
function expected(/** @type {any} */ before, /** @type {any} */ event, /** @type {number} */ landed) {
  const cells = { ...before.cells };
  const stashes = { yellow: [...before.stashes.yellow], blue: [...before.stashes.blue] };
  const other = (/** @type {string} */ seat) => (seat === "yellow" ? "blue" : "yellow");
  for (const beat of event.beats.slice(0, landed)) {
    for (const change of beat.changes) {
      const place = `${change.column}/${change.row}`;
      if (change.kind === "turn_up") cells[place] = change.piece;
      if (change.kind === "take" || change.kind === "remove") cells[place] = "";
      if (change.kind === "take") stashes[/** @type {"yellow" | "blue"} */ (change.seat)].push(change.piece);
      if (change.kind === "steal") {
        const from = /** @type {"yellow" | "blue"} */ (other(change.seat));
        stashes[from] = stashes[from].filter((piece) => piece !== change.piece);
        stashes[/** @type {"yellow" | "blue"} */ (change.seat)].push(change.piece);
      }
    }
  }
  return { cells, stashes };
}

const sorted = (/** @type {string[]} */ pieces) => [...pieces].sort();
/** "game 1, round 3" of the room's title. @param {string} meta */
const gameAndRound = (meta) => meta.split(" · ")[0];

/**
 * Follows a reveal on a paused page, `step` ms at a time, checking at every
 * instant that what is shown is the cake before it moved on by the beats
 * landed so far, and nothing else; returns how long it lasted and the
 * instants seen.
 * @param {import("playwright-core").Page} page
 * @param {any} before what the page showed before the reveal
 * @param {any} event the `revealed` event
 * @param {{step?: number, screenshotAt?: number, name?: string}} [options]
 */
async function followReveal(page, before, event, options = {}) {
  const step = options.step ?? 50;
  let elapsed = 0;
  let lastLanded = 0;
  const landedSeen = new Set();
  let tumblingSeen = false;
  // What the live region may not say before the end: this round's outcome
  // (earlier rounds' words may still be waiting to be read).
  const round = event.report.round;
  const outcome = new RegExp(`Round ${round}: (?:(?:Yellow|Blue) (?:takes|steals|boosts)|nothing taken)|two steals exchange|Game over|Your move`);
  for (;;) {
    const now = await shown(page);
    if (!now.revealing) break;
    assert.ok(elapsed < 8_000, "the reveal ends");
    // Beats land in order, one after another.
    assert.ok(now.landed >= lastLanded, `landed ${now.landed} after ${lastLanded}`);
    lastLanded = now.landed;
    landedSeen.add(now.landed);
    if (now.tumbling > 0) tumblingSeen = true;
    const wanted = expected(before, event, now.landed);
    assert.deepEqual(now.cells, wanted.cells, `the cake at ${elapsed} ms, ${now.landed} beats landed`);
    assert.deepEqual(sorted(now.stashes.yellow), sorted(wanted.stashes.yellow), `Yellow's stash at ${elapsed} ms`);
    assert.deepEqual(sorted(now.stashes.blue), sorted(wanted.stashes.blue), `Blue's stash at ${elapsed} ms`);
    // Nothing of the round's end: the round, the next move, the result, the clock.
    assert.equal(gameAndRound(now.meta), gameAndRound(before.meta), `the title at ${elapsed} ms`);
    assert.equal(now.assign, 0, `no next move at ${elapsed} ms`);
    assert.equal(now.result, 0, `no result at ${elapsed} ms`);
    assert.equal(now.clock, 0, `no next round's clock at ${elapsed} ms`);
    assert.doesNotMatch(now.title, /Your move|Game over/, `the page's title at ${elapsed} ms`);
    assert.doesNotMatch(now.announced, outcome, `the live region at ${elapsed} ms`);
    if (options.screenshotAt !== undefined && elapsed === options.screenshotAt && options.name) await screenshot(page, options.name);
    await page.clock.runFor(step);
    elapsed += step;
  }
  assert.ok(tumblingSeen, "dice were seen tumbling on the cake");
  assert.ok(landedSeen.size >= Math.min(3, event.beats.length), `beats landed one by one: ${[...landedSeen]}`);
  return elapsed;
}

/** What the page shows before a reveal, to hold the reveal against. @param {import("playwright-core").Page} page */
async function before(page) {
  const now = await shown(page);
  return { cells: now.cells, stashes: now.stashes, meta: now.meta };
}

/**
 * A player who places four mice on one column and commits, on a paused clock.
 * @param {import("playwright-core").Page} page
 */
async function commitPaused(page) {
  const open = page.locator("table.board thead button.more:enabled").first();
  for (let mouse = 0; mouse < 4; mouse += 1) {
    if ((await page.locator("#commit:enabled").count()) > 0) break;
    await open.click();
  }
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.locator("#commit").click();
}

test("a reveal shows nothing ahead of its dice, to a player and a spectator, at every instant", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP });
  await ann.page.clock.install();
  const annReveals = revealsOf(ann.page);
  await createRoom(ann.page, server.url, "Ann", { opponent: "greedy", deadline: "60000" });
  await ann.page.locator("#commit").waitFor();

  // A spectator, with a clock of its own.
  const eve = await person(browser, { viewport: PHONE });
  await eve.page.clock.install();
  const eveReveals = revealsOf(eve.page);
  const code = new URL(ann.page.url()).pathname.slice("/r/".length);
  await eve.page.goto(`${server.url}/r/${code}`);
  await eve.page.locator("td.cell").first().waitFor();
  await eve.page.clock.pauseAt((await eve.page.evaluate(() => Date.now())) + 1_000);

  let changed = 0;
  for (let round = 1; round <= 3; round += 1) {
    const annBefore = await before(ann.page);
    const eveBefore = await before(eve.page);
    await commitPaused(ann.page);
    await ann.page.locator('section.room[data-revealing="true"]').waitFor();
    await eve.page.locator('section.room[data-revealing="true"]').waitFor();
    const event = annReveals[annReveals.length - 1];
    assert.equal(event.report.round, round);
    assert.ok(event.beats.length > 0, "the server cut the round into beats");
    changed += event.beats.filter((/** @type {any} */ beat) => beat.changes.length > 0).length;
    // The moves, both, at once: on the board before any die.
    const lanes = await ann.page.locator("tr.lane .mice").allTextContents();
    assert.ok(lanes.join("").length > 0, "both moves on the board");

    const lasted = await followReveal(ann.page, annBefore, event, { screenshotAt: 1_000, name: `reveal-round-${round}` });
    // The moves alone for 700 ms, then each beat 330 to 700 ms (web/src/reveal.js): a round
    // of one beat is over in 1,350 ms. Followed 50 ms at a time, the end is seen up to 50 ms late.
    const beats = event.beats.length;
    assert.ok(lasted >= 700 + 330 * beats && lasted <= 700 + 700 * beats + 50, `a reveal of ${beats} beats lasted ${lasted} ms`);
    // At its end, the cake is the server's, and the next move is asked.
    const after = await shown(ann.page);
    assert.deepEqual(after.cells, expected(annBefore, event, event.beats.length).cells);
    assert.match(after.announced + after.caption, /./);

    // The spectator sees the same, as slowly.
    const eveEvent = eveReveals[eveReveals.length - 1];
    assert.deepEqual(eveEvent.beats, event.beats);
    await followReveal(eve.page, eveBefore, eveEvent, { step: 100, screenshotAt: 1_000, name: `reveal-spectator-round-${round}` });

    if ((await ann.page.locator("section.result").count()) > 0) break;
    // Time flows again for the next move.
    await ann.page.clock.resume();
    await ann.page.locator("#commit").waitFor();
  }
  // The check meant something: pieces moved during these reveals.
  assert.ok(changed > 0, "some beat changed the cake");
  ann.assertClean();
  eve.assertClean();
});

test("the reveal mid-animation, on a desktop and on a phone", async () => {
  const { server, browser } = shared;
  for (const viewport of [DESKTOP, PHONE]) {
    const dee = await person(browser, { viewport });
    await dee.page.clock.install();
    await createRoom(dee.page, server.url, "Dee", { opponent: "greedy" });
    await dee.page.locator("#commit").waitFor();
    await commitPaused(dee.page);
    await dee.page.locator('section.room[data-revealing="true"]').waitFor();
    // The first roll tumbling, then down, at its piece.
    await dee.page.clock.runFor(900);
    await screenshot(dee.page, "reveal-tumbling");
    await dee.page.locator("table.board .roll-on-cake").first().waitFor();
    await dee.page.clock.runFor(400);
    await screenshot(dee.page, "reveal-landed");
    // The dice sit over their piece, on the screen, never over a lane's mice.
    const overlaps = await dee.page.evaluate(() => {
      const lanes = [...document.querySelectorAll("tr.lane")].map((lane) => lane.getBoundingClientRect());
      return [...document.querySelectorAll("table.board .roll-on-cake")].flatMap((roll) => {
        const box = roll.getBoundingClientRect();
        const off = box.left < -0.5 || box.right > window.innerWidth + 0.5 ? [`dice ${Math.round(box.left)}–${Math.round(box.right)} off the screen`] : [];
        return [...off, ...lanes.filter((lane) => box.bottom > lane.top + 0.5 && box.top < lane.bottom - 0.5).map((lane) => `dice ${Math.round(box.top)}–${Math.round(box.bottom)} over a lane ${Math.round(lane.top)}–${Math.round(lane.bottom)}`)];
      });
    });
    assert.deepEqual(overlaps, [], `${viewport.width}×${viewport.height}`);
    dee.assertClean();
    await dee.context.close();
  }
});

/**
 * The choices each round gives Yellow, as the page receives them.
 * @param {import("playwright-core").Page} page
 * @returns {(round: number) => Promise<any>}
 */
function yellowChoicesOf(page) {
  /** @type {Map<number, any>} */
  const given = new Map();
  /** @type {Map<number, (choices: any) => void>} */
  const waiting = new Map();
  page.on("websocket", (socket) => {
    socket.on("framereceived", (frame) => {
      for (const message of messagesOf(String(frame.payload))) {
        if (message.type !== "event" || message.event.kind !== "round_started") continue;
        given.set(message.event.round, message.event.choices.yellow);
        waiting.get(message.event.round)?.(message.event.choices.yellow);
      }
    });
  });
  return (round) => (given.has(round) ? Promise.resolve(given.get(round)) : new Promise((resolve) => waiting.set(round, resolve)));
}

/**
 * A column a mouse may go on with these choices, other than `besides`: the
 * cake is dealt at random, and its double-blank closes a column while the
 * opponent has nothing to steal.
 * @param {any} choices @param {string} besides
 */
function openColumn(choices, besides = "") {
  const open = ["A", "B", "C", "D"].filter((letter, column) => letter !== besides && ["piece", "face_down"].includes(choices.columns[column].access));
  assert.ok(open.length > 0, `no column open: ${JSON.stringify(choices.columns)}`);
  return open[open.length - 1];
}

/**
 * Places every mouse on `letter` with the keys.
 * @param {import("playwright-core").Page} page @param {string} letter
 */
async function placeWithKeys(page, letter) {
  const heading = page.locator("section.assign h2");
  for (let tries = 0; tries < 20; tries += 1) {
    const [, placed, wanted] = ((await heading.textContent()) ?? "").match(/(\d+)\D+?(\d+)/) ?? [];
    if (placed !== undefined && placed === wanted) return;
    await page.keyboard.press(letter.toLowerCase());
    await page.keyboard.press("ArrowUp");
  }
  assert.fail(`the keys never placed every mouse: ${await heading.textContent()}`);
}

test("a key pressed during a reveal ends it and still does what it does", async () => {
  const { server, browser } = shared;
  const fay = await person(browser, { viewport: DESKTOP });
  const choices = yellowChoicesOf(fay.page);
  await fay.page.clock.install();
  await createRoom(fay.page, server.url, "Fay", { opponent: "greedy" });
  await fay.page.locator("#commit").waitFor();
  // The page's time stands still from the move on: the reveal cannot end by
  // itself, however slow the machine, only by what is pressed.
  const stopTime = async () => fay.page.clock.pauseAt((await fay.page.evaluate(() => Date.now())) + 1_000);
  // Four mice on one column with the keys, Enter; then at once another
  // column's letter and ↑. The next round comes with the reveal, in one frame.
  const first = openColumn(await choices(1));
  await placeWithKeys(fay.page, first);
  await stopTime();
  await fay.page.keyboard.press("Enter");
  await untilShown(fay.page, 'section.room[data-revealing="true"]');
  const second = openColumn(await choices(2), first);
  await fay.page.keyboard.press(second.toLowerCase());
  await fay.page.keyboard.press("ArrowUp");
  // The reveal is over, and the mouse is on the second column, not the first.
  await untilShown(fay.page, 'section.room[data-revealing="false"]');
  const next = fay.page.locator("section.assign");
  if ((await next.count()) > 0) {
    assert.equal(await fay.page.locator(`tr.lane-bottom td[data-column="${second}"] .mice`).getAttribute("aria-label"), `1 mouse of Yellow on ${second}`);
    assert.match((await next.locator("h2").textContent()) ?? "", /1 of/);
  }

  // A tap on a column during a reveal: the reveal ends, and the mouse goes there.
  await fay.page.clock.resume();
  await fay.page.keyboard.press("x");
  await placeWithKeys(fay.page, openColumn(await choices(2)));
  await stopTime();
  await fay.page.keyboard.press("Enter");
  await untilShown(fay.page, 'section.room[data-revealing="true"]');
  const tapped = openColumn(await choices(3));
  await fay.page.locator(`td.cell[data-column="${tapped}"]`).first().click();
  // The tap is handled once the click has reached its target (a timer of
  // 0 ms): 10 ms of the page's time, far from the reveal's end.
  await fay.page.clock.runFor(10);
  await untilShown(fay.page, 'section.room[data-revealing="false"]');
  if ((await next.count()) > 0) {
    assert.equal(await fay.page.locator(`tr.lane-bottom td[data-column="${tapped}"] .mice`).getAttribute("aria-label"), `1 mouse of Yellow on ${tapped}`);
  }
  fay.assertClean();
});

/**
 * Follows a page, on its paused clock, `step` ms at a time, until `done`
 * says so, noting at every instant the reveal shown and the beats landed:
 * the reveals' rounds in the order shown, and the most beats seen landed of
 * each (the dice of each roll seen down, or not), and checking that the
 * cake and stashes are at every instant the ones before the reveal moved on
 * by the beats landed so far, the one before being the cake the reveal
 * before left.
 * @param {import("playwright-core").Page} page
 * @param {any[]} events the page's `revealed` events, as they come
 * @param {any} start what the page showed before the first reveal
 * @param {{step: number, done: () => Promise<boolean>, move?: () => Promise<void>}} how
 */
async function followReveals(page, events, start, how) {
  /** @type {number[]} */
  const order = [];
  /** @type {Map<number, {landed: number, dice: number}>} */
  const seen = new Map();
  let before = start;
  for (;;) {
    const now = await shown(page);
    if (now.revealing) {
      // The title names the round being revealed until its reveal ends.
      const round = Number(/round (\d+)/.exec(now.meta)?.[1]);
      const event = events.find((revealed) => revealed.report.round === round);
      assert.ok(event, `round ${round} shown as revealed`);
      if (order[order.length - 1] !== round) {
        // A new reveal: the one before it was over, and this one starts from the cake it left.
        if (order.length) before = expected(before, events.find((revealed) => revealed.report.round === order[order.length - 1]), Infinity);
        order.push(round);
      }
      const wanted = expected(before, event, now.landed);
      assert.deepEqual(now.cells, wanted.cells, `the cake in round ${round}'s reveal, ${now.landed} beats landed`);
      assert.deepEqual(sorted(now.stashes.yellow), sorted(wanted.stashes.yellow), `Yellow's stash in round ${round}'s reveal`);
      assert.deepEqual(sorted(now.stashes.blue), sorted(wanted.stashes.blue), `Blue's stash in round ${round}'s reveal`);
      const down = await page.locator("table.board .roll-on-cake.down").count();
      const noted = seen.get(round) ?? { landed: 0, dice: 0 };
      seen.set(round, { landed: Math.max(noted.landed, now.landed), dice: noted.dice + down });
      await page.clock.runFor(how.step);
      continue;
    }
    if (await how.done()) break;
    if (how.move) await how.move();
    else await page.clock.runFor(how.step);
  }
  return { order, seen };
}

/**
 * Whether every round revealed to a page was shown, in order, each whole:
 * every beat landed, and dice seen down in each round that rolled any.
 * @param {string} who @param {{order: number[], seen: Map<number, {landed: number, dice: number}>}} followed @param {any[]} events
 */
function assertEveryRevealWhole(who, followed, events) {
  assert.deepEqual(followed.order, events.map((event) => event.report.round), `${who}: every round revealed shown, in order, none skipped`);
  for (const event of events) {
    const round = event.report.round;
    const noted = followed.seen.get(round);
    assert.equal(noted?.landed, event.beats.length, `${who}: every beat of round ${round} landed on screen`);
    const rolled = event.report.attempts.some((/** @type {any} */ attempt) => attempt.dice.length > 0) || event.report.boosts.some((/** @type {any} */ boost) => boost.piece && boost.dice.length > 0);
    if (rolled) assert.ok((noted?.dice ?? 0) > 0, `${who}: round ${round}'s dice seen down`);
  }
}

test("reveals play one after another, each whole: a forced move waits for the one before, a spectator behind sees them all", async () => {
  const { server, browser } = shared;
  // A game against the bot with a move forced on the player (most games
  // end with some: one column left): tried again in a new room if not.
  for (let game = 1; ; game += 1) {
    const gus = await person(browser, { viewport: DESKTOP });
    await gus.page.clock.install();
    const gusReveals = revealsOf(gus.page);
    /** @type {any[]} */
    const started = [];
    let seat = "";
    gus.page.on("websocket", (socket) => {
      socket.on("framereceived", (frame) => {
        for (const message of messagesOf(String(frame.payload))) {
          if (message.type === "joined" && message.state.you) seat = message.state.you;
          if (message.type === "event" && message.event.kind === "round_started") started.push(message.event);
        }
      });
    });
    const code = await createRoom(gus.page, server.url, "Gus", { opponent: "greedy" });
    await gus.page.locator("#commit").waitFor();

    // A spectator whose clock stands still while the whole game is played:
    // every reveal comes while the one before has not ended.
    const ida = await person(browser, { viewport: PHONE });
    await ida.page.clock.install();
    const idaReveals = revealsOf(ida.page);
    await ida.page.goto(`${server.url}/r/${code}`);
    await ida.page.locator("td.cell").first().waitFor();
    await ida.page.clock.pauseAt((await ida.page.evaluate(() => Date.now())) + 1_000);
    const idaStart = await before(ida.page);

    // The player's page on a paused clock too, moved on 50 ms at a time
    // from the first commit to the end: a forced move sealed as a reveal
    // ends is answered by the bot at once, and its reveal comes next.
    const gusStart = await before(gus.page);
    await gus.page.clock.pauseAt((await gus.page.evaluate(() => Date.now())) + 1_000);
    const over = async () => (await gus.page.locator("section.result").count()) > 0;
    const followed = await followReveals(gus.page, gusReveals, gusStart, {
      step: 50,
      done: over,
      move: async () => {
        if ((await gus.page.locator("section.assign #commit").count()) === 0) {
          // Nothing to do but wait: a forced move being sealed, the bot's answer.
          await gus.page.locator('#commit, section.result, section.room[data-revealing="true"]').first().waitFor();
          return;
        }
        await placeMice(gus.page, await roundToMove(gus.page));
        await gus.page.locator("section.assign #commit").click();
        await gus.page.locator('section.room[data-revealing="true"], section.result').first().waitFor();
      },
    });
    const forced = started.filter((event) => event.choices[seat]?.forced && event.round <= gusReveals.length).map((event) => event.round);
    assertEveryRevealWhole("the player", followed, gusReveals);
    await screenshot(gus.page, "reveals-queued-player-end");

    // The spectator's reveals, all waiting: played one after another.
    const idaFollowed = await followReveals(ida.page, idaReveals, idaStart, {
      step: 50,
      done: async () => (await ida.page.locator("section.result").count()) > 0,
    });
    assertEveryRevealWhole("the spectator", idaFollowed, idaReveals);
    assert.equal(idaReveals.length, gusReveals.length, "the spectator saw every round");
    gus.assertClean();
    ida.assertClean();
    await gus.context.close();
    await ida.context.close();
    if (forced.length > 0) break;
    assert.ok(game < 4, "a move was forced on the player in one of three games");
  }
});
