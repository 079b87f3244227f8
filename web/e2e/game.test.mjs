// Two people play a whole game in two browsers through the real server;
// a third comes to watch in the middle and sees the earlier rounds; a
// player reloads in the middle of a round and has their seat and their
// commit back; a hostile name is shown as text; the game is replayed.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DESKTOP,
  PHONE,
  commit,
  createRoom,
  person,
  playToTheEnd,
  screenshot,
  serverAndBrowser,
} from "./support.mjs";

const HOSTILE = "<img src=x onerror=alert(1)>";

const shared = serverAndBrowser();

test("two browsers play a whole game, watched from the middle, with a reload in a round", async () => {
  const { server, browser } = shared;
  // The reveals are shown at once (reduced motion): reveal.test.mjs looks
  // at them over time, and a whole game here would wait 3 s a round.
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
  const lobby = await person(browser, { viewport: DESKTOP });

  // Ann, whose name is markup, creates the room from the lobby.
  // A game that stalls ends after 15 rounds: long enough for all below.
  const code = await createRoom(ann.page, server.url, HOSTILE, { stall: 15 });
  await ann.page.getByText("Waiting for an opponent").waitFor();
  assert.equal(await ann.page.locator(".big-code").textContent(), code);

  // The lobby lists it, live, with the name as text.
  await lobby.page.goto(server.url);
  const listed = lobby.page.locator("#rooms tr", { hasText: code });
  await listed.waitFor();
  assert.equal(await listed.locator("td").nth(2).textContent(), HOSTILE);
  await screenshot(lobby.page, "lobby");
  await lobby.page.setViewportSize(PHONE);
  await screenshot(lobby.page, "lobby");

  // Bob follows the invitation link and gives his name.
  await bob.page.goto(`${server.url}/r/${code}`);
  await bob.page.locator("#name").fill("Bob");
  await bob.page.getByRole("button", { name: "Enter the room" }).click();
  for (const player of [ann, bob]) await player.page.locator("#commit").waitFor();
  const yellowName = bob.page.locator(".family.yellow .player-name");
  assert.equal(await yellowName.textContent(), HOSTILE, "the name is shown as typed");
  assert.equal(await bob.page.locator("main img").count(), 0, "no markup from a name");
  assert.match((await bob.page.locator(".family.blue h2").textContent()) ?? "", /Bob \(you\)/);

  // Each plays on its own (a round may be forced for one of them: the
  // server moves for them), meeting only where a check needs both.
  /** @type {Awaited<ReturnType<typeof person>> | null} */
  let watcher = null;
  let shot = { assigning: false, reveal: false };
  let bobReloadedBefore = false;
  /** Resolved once Bob has committed, reloaded and checked his page. */
  let bobCheckedHisCommit = () => {};
  const bobChecked = new Promise((resolve) => {
    bobCheckedHisCommit = () => resolve(undefined);
  });
  let bobHasChecked = false;
  /** The round Bob commits in and reloads, once he starts. */
  let bobChecks = 0;
  /** Waits for Bob's check, unless the server moved for him this round. */
  const bobsCheck = async (/** @type {number} */ round) => {
    for (;;) {
      if (bobHasChecked) return;
      if (bobChecks === round) return bobChecked;
      const blue = await ann.page.locator("#state-blue").textContent();
      if (blue === "committed ✓" && bobChecks !== round) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const annPlays = playToTheEnd(ann.page, {
    before: async (round) => {
      if (round >= 5 && !watcher) {
        // Someone sent the link comes to watch, with no name to give: both
        // seats are taken, so the page watches without asking one.
        watcher = await person(browser, { viewport: DESKTOP });
        await watcher.page.goto(`${server.url}/r/${code}`);
        await watcher.page.locator("#watching").waitFor();
        assert.equal(await watcher.page.locator("#name").count(), 0);
        for (let earlier = 1; earlier < round; earlier += 1) {
          await watcher.page.locator(`li.round[data-round="${earlier}"]`).waitFor();
        }
        assert.equal(await watcher.page.locator(".family.yellow .player-name").textContent(), HOSTILE);
        assert.equal(await watcher.page.locator("section.assign").count(), 0, "a watcher has no move");
        // The round headings are the players' own.
        assert.equal(
          await watcher.page.locator('li.round[data-round="1"] h3').textContent(),
          await ann.page.locator('li.round[data-round="1"] h3').textContent(),
        );
        // A named person following the link once both seats are taken watches too.
        const late = await person(browser, { viewport: DESKTOP, name: "Cleo" });
        await late.page.goto(`${server.url}/r/${code}`);
        await late.page.locator(`li.round[data-round="${round - 1}"]`).waitFor();
        assert.equal(await late.page.locator("section.assign").count(), 0);
        await ann.page.getByText("2 spectators").waitFor();
        late.assertClean();
        await late.context.close();
      }
    },
    placed: async (round) => {
      if (!shot.assigning) {
        shot.assigning = true;
        await screenshot(ann.page, "assigning");
      }
      // Ann keeps her commit back until Bob has checked his, so that his
      // round is still open when he reloads.
      if (round >= 4) await bobsCheck(round);
      const committed = await commit(ann.page);
      if (!shot.reveal && committed >= 2) {
        // A round revealed, in the log.
        shot.reveal = true;
        const reveal = `li.round[data-round="${committed}"]`;
        await ann.page.locator(reveal).waitFor();
        await ann.page.$eval(reveal, (element) => element.scrollIntoView({ block: "center" }));
        await screenshot(ann.page, "revealed");
      }
      return true;
    },
  });

  const bobPlays = playToTheEnd(bob.page, {
    before: async (round) => {
      if (round >= 3 && !bobReloadedBefore) {
        // Bob reloads before committing: his seat is his again.
        bobReloadedBefore = true;
        await bob.page.reload();
        await bob.page.locator(`section.assign[data-round="${round}"]`).waitFor();
        assert.match((await bob.page.locator(".family.blue h2").textContent()) ?? "", /\(you\)/);
      }
    },
    placed: async (round) => {
      if (round === 1) await screenshot(bob.page, "assigning");
      if (round < 4 || bobHasChecked) {
        const committed = await commit(bob.page);
        if (committed === 2) {
          const reveal = `li.round[data-round="2"]`;
          await bob.page.locator(reveal).waitFor();
          await bob.page.$eval(reveal, (element) => element.scrollIntoView({ block: "center" }));
          await screenshot(bob.page, "revealed");
        }
        return true;
      }
      // Bob commits, then reloads in the middle of the round: the page has
      // his seat and his sealed move (kept in the browser: the server cannot
      // give it back), and opens it when Ann's seal comes.
      bobChecks = round;
      await commit(bob.page);
      await bob.page.reload();
      await bob.page.locator("p.notice", { hasText: "Your move is sealed" }).waitFor();
      await bob.page.locator("#your-move").waitFor();
      assert.equal(await bob.page.locator("#state-blue").textContent(), "committed ✓");
      assert.equal(await bob.page.locator(`section.assign[data-round="${round}"]`).count(), 0, "nothing to commit again");
      bobHasChecked = true;
      bobCheckedHisCommit();
      await bob.page.locator(`li.round[data-round="${round}"]`).waitFor();
      return true;
    },
  });

  const [annMoves, bobMoves] = await Promise.all([annPlays, bobPlays]);
  assert.ok(bobHasChecked, "Bob reloaded in the middle of a round");
  const round = Math.max(annMoves, bobMoves);
  // Game over, on every page, with the same result and a replay link.
  const results = [];
  for (const page of [ann.page, bob.page, watcher?.page]) {
    assert.ok(page, "the watcher came");
    await page.locator("section.result").waitFor();
    results.push(await page.locator("section.result p").first().textContent());
  }
  assert.equal(new Set(results).size, 1, `one result: ${results}`);
  // Every page checked the game: the seed against its commitment, the seals
  // it saw, its own moves; the deal, the dice and the rules by the engine.
  for (const page of [ann.page, bob.page, watcher?.page]) {
    assert.ok(page);
    await page.locator("#fairness", { hasText: "Verified fair" }).waitFor();
  }
  for (const page of [ann.page, bob.page]) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "game-over");
  }
  assert.ok(round > 5, `a whole game (${round} rounds)`);
  const played = await ann.page.locator("li.round").count();
  assert.ok(played >= round, `${played} rounds in the log, ${round} moved in`);

  // The replay, round by round, forward and back.
  await ann.page.locator("#replay-link").click();
  await ann.page.waitForURL(/\/g\/[0-9a-f-]{36}$/);
  await ann.page.getByText(`After round ${played} of ${played}`).waitFor();
  await screenshot(ann.page, "replay");
  assert.equal(await ann.page.locator("li.round").count(), played);
  await ann.page.keyboard.press("Home");
  await ann.page.getByText("The cake as dealt").waitFor();
  await ann.page.locator("#next").click();
  await ann.page.getByText(`After round 1 of ${played}`).waitFor();
  assert.equal(await ann.page.locator("li.round").count(), 1);
  await ann.page.keyboard.press("End");
  await ann.page.locator("#previous").click();
  await ann.page.getByText(`After round ${played - 1} of ${played}`).waitFor();

  for (const player of [ann, bob, lobby, watcher]) player?.assertClean();
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
