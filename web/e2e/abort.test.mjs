// A game aborted in the browser (protocol 7). Two browsers on one machine
// play in rated rooms on a server that rates no game whose seats share an
// address: as each game starts, both pages say it is not rated and why,
// and say it again after a reload. Bob leaves in round 1, before both
// players had a move: asked first, he is told the game is aborted; Ann's
// page says it was aborted and nobody wins, and checks the record (Bob's
// leave, signed with his key for round 1) and the result itself; the
// game's page says the same. Bob aborts three games so: his page tells
// it, and Play now tells him he is paired after everyone else.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, createRoom, lookAt, person, screenshot, serverAndBrowser } from "./support.mjs";

const shared = serverAndBrowser();

const NOT_RATED = "This game is not rated: both players are on one network address.";
const ABORTED = "aborted before both players had a move: Blue left the game — nobody wins, not rated";

test("leaving before both players had a move aborts the game: nobody wins, the leave signed; three aborts pair a player last", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce", name: "Bob" });
  let bobKey = "";
  for (let game = 1; game <= 3; game += 1) {
    const code = await createRoom(ann.page, server.url, "Ann", { rated: true });
    await ann.page.getByText("Waiting for an opponent").waitFor();
    await bob.page.goto(`${server.url}/r/${code}`);

    // Round 1 is open on both pages, and both say the game is not rated.
    for (const player of [ann, bob]) {
      await player.page.locator("#commit").waitFor();
      assert.equal(await player.page.locator("#not-rated").textContent(), NOT_RATED);
    }
    if (game === 1) {
      await ann.page.reload();
      await ann.page.locator("#commit").waitFor();
      assert.equal(await ann.page.locator("#not-rated").textContent(), NOT_RATED, "told again after a reload");
      await lookAt(bob.page, "a rated room's game that is not rated", "not-rated");
      await screenshot(ann.page, "not-rated");
    }

    // Bob leaves, told first what it costs.
    await bob.page.locator("#leave").click();
    assert.equal(
      await bob.page.locator("#leave-question").textContent(),
      "Leave the room? Nobody has had a move yet: the game is aborted, nobody wins, and it is not rated.",
    );
    await bob.page.locator("#leave-now").click();
    await bob.page.waitForURL(`${server.url}/`);

    // Ann's page: aborted, nobody wins; the record and the result checked.
    const result = ann.page.locator("section.result");
    await result.waitFor();
    assert.match((await result.textContent()) ?? "", new RegExp(`Yellow 0 – Blue 0, ${ABORTED}`));
    assert.equal(await result.locator(".verdict").count(), 0, "neither won nor lost");
    const fairness = ann.page.locator("#fairness");
    await fairness.filter({ hasText: /Verified fair|NOT FAIR/ }).waitFor();
    assert.match((await fairness.textContent()) ?? "", /^✓ Verified fair by this page.* The result: Blue left, proven by Blue's leave, signed with Blue's key\./);
    if (game > 1) continue;

    await screenshot(ann.page, "game-aborted");
    // The record: no round, Bob's leave signed for round 1; nobody rated.
    const href = (await ann.page.locator("#replay-link").getAttribute("href")) ?? "";
    const finished = await (await fetch(`${server.url}/api/games/${href.slice("/g/".length)}`)).json();
    assert.deepEqual(finished.result.ending, { kind: "aborted", seat: "blue", cause: "left" });
    assert.equal(finished.result.winner, null);
    assert.equal(finished.record.rounds.length, 0);
    assert.deepEqual([finished.record.fair.left.seat, finished.record.fair.left.round], ["blue", 1]);
    assert.equal(finished.rated.ratings, null);
    assert.ok(finished.rated.not_rated, "not rated, and why");
    bobKey = finished.record.fair.keys.blue;

    // The game's page says the same.
    await ann.page.locator("#replay-link").click();
    await ann.page.waitForURL(`${server.url}${href}`);
    await ann.page.locator("p.result", { hasText: ABORTED }).waitFor();
    assert.match((await ann.page.locator("#ratings").textContent()) ?? "", /^Played in a rated room \(Standard\), not rated: /);
  }

  // Bob's page tells his aborts, seen by Ann.
  await ann.page.goto(`${server.url}/p/${bobKey}`);
  const conduct = ann.page.locator("#conduct");
  await conduct.waitFor();
  assert.equal(
    await conduct.textContent(),
    "Aborted 3 of their last 3 games in rated rooms (left, stayed away or did not open before both players had a move): paired after everyone else in Play now.",
  );
  const games = ann.page.locator("table.recent-games tbody tr");
  assert.equal(await games.count(), 3);
  assert.equal(await games.first().locator('td[data-label="Result"]').textContent(), "Aborted by this player, as Blue");
  assert.match((await games.first().locator('td[data-label="Rating"]').textContent()) ?? "", /^Not rated: /);
  await lookAt(ann.page, "a player's page with aborted games", "player-aborts");

  // Play now tells Bob why he may wait longer.
  await bob.page.goto(`${server.url}/play`);
  await bob.page.locator("#play-now").click();
  const told = bob.page.locator("#paired-last");
  await told.waitFor();
  assert.equal(
    await told.textContent(),
    "You aborted 3 of your last 3 rated games (left, stayed away or did not open before both players had a move), so you are paired after everyone else.",
  );
  await lookAt(bob.page, "a search paired last", "play-paired-last");
  await bob.page.locator("#cancel-seek").click();

  for (const player of [ann, bob]) {
    player.assertClean();
    await player.context.close();
  }
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
