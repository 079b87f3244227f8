// A whole match in two browsers through the real server: Ann makes a room
// from the lobby that plays first to 2 wins; Bob (a phone) joins; they
// play game after game (one round without progress ends each: fast), each
// result saying how the match stands and counting down to the next game,
// "Ready for game N" starting it; a spectator who comes in between two
// games sees the score; once a player has 2 wins both see who won the
// match and "New match"; the last game's page checks the whole match.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, createRoom, lookAt, person, playToTheEnd, screenshot, serverAndBrowser } from "./support.mjs";

const shared = serverAndBrowser();

/** The most games the match may take: draws count for nobody. */
const MOST_GAMES = 12;

test("two browsers play a match to 2 wins, watched from between two games, and the match is checked whole", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });

  // The lobby's choice: first to 2 wins; one round without progress ends a game.
  const code = await createRoom(ann.page, server.url, "Ann", { stall: 1, firstTo: 2 });
  await ann.page.locator("#match-score", { hasText: "A match: first to 2 wins" }).waitFor();

  await bob.page.goto(`${server.url}/r/${code}`);
  await bob.page.locator("#name").fill("Bob");
  await bob.page.getByRole("button", { name: "Enter the room" }).click();
  await ann.page.locator("#match-score", { hasText: /Ann 0 – Bob 0 · first to 2|Bob 0 – Ann 0 · first to 2/ }).waitFor();

  /** @type {Awaited<ReturnType<typeof person>> | null} */
  let watcher = null;
  let over = false;
  for (let game = 1; game <= MOST_GAMES && !over; game += 1) {
    await Promise.all([playToTheEnd(ann.page), playToTheEnd(bob.page)]);
    for (const player of [ann, bob]) await player.page.locator("#match-result").waitFor();
    const said = (await ann.page.locator("#match-result").textContent()) ?? "";
    over = /wins the match/.test(said);
    if (over) break;
    assert.match(said, new RegExp(`^Game ${game} (to (Ann|Bob)|drawn) — `), said);
    // Between two games: the countdown, and the button says what it does.
    await ann.page.locator("#next-game", { hasText: `Game ${game + 1} starts in` }).waitFor();
    assert.equal(await ann.page.locator("#rematch").textContent(), `Ready for game ${game + 1}`);
    if (!watcher) {
      // Someone comes to watch between two games: the score, the result.
      watcher = await person(browser, { viewport: PHONE });
      await watcher.page.goto(`${server.url}/r/${code}`);
      await watcher.page.locator("#match-result").waitFor();
      assert.equal(await watcher.page.locator("#match-result").textContent(), said);
      const score = (await watcher.page.locator("#match-score").textContent()) ?? "";
      assert.match(score, /^(Ann|Bob) \d – (Ann|Bob) \d · first to 2$/);
      assert.equal(await watcher.page.locator("#rematch").count(), 0, "a spectator has no rematch");
      await lookAt(watcher.page, "a spectator between two games of a match", "match-between-games");
    }
    // Both ready: the next game starts at once.
    await ann.page.locator("#rematch").click();
    await ann.page.locator("#rematch", { hasText: `Ready: game ${game + 1} starts soon` }).waitFor();
    await bob.page.locator("#rematch").click();
    for (const player of [ann, bob]) await player.page.locator("section.result").waitFor({ state: "detached" });
  }
  assert.ok(over, `the match ended within ${MOST_GAMES} games`);
  const end = (await ann.page.locator("#match-result").textContent()) ?? "";
  assert.match(end, /^(Ann|Bob) wins the match 2–[01]$/);
  assert.equal(await bob.page.locator("#match-result").textContent(), end);
  assert.equal(await ann.page.locator("#rematch").textContent(), "New match");
  assert.equal(await ann.page.locator("#next-game").count(), 0, "no next game once the match is over");
  await screenshot(bob.page, "match-won");
  if (watcher) await watcher.page.locator("#match-result", { hasText: end }).waitFor();

  // The server's summary agrees, and the last game's page checks the match whole.
  const replay = await ann.page.locator("#replay-link").getAttribute("href");
  assert.ok(replay);
  const game = await (await fetch(`${server.url}/api${replay.replace("/g/", "/games/")}`)).json();
  const summary = await (await fetch(`${server.url}/api/matches/${game.match.id}`)).json();
  assert.equal(summary.status, "won");
  assert.equal(summary.games.length, game.match.number);
  await ann.page.goto(`${server.url}${replay}`);
  await ann.page.locator("#match-place", { hasText: `Game ${game.match.number} of a match to 2 wins` }).waitFor();
  const verdict = ann.page.locator("#match-check.fair");
  await verdict.waitFor();
  const winner = /^(\S+) wins the match (\d)–(\d)$/.exec(end);
  assert.equal(
    await verdict.textContent(),
    `✓ This match is whole: ${summary.games.length} games, in order, each fair; ${winner?.[1]} won ${winner?.[2]}–${winner?.[3]}.`,
  );
  assert.equal(await ann.page.locator("#match-games li").count(), summary.games.length);
  assert.equal(await ann.page.locator('#match-games [aria-current="page"]').count(), 1);
  await lookAt(ann.page, "a game of a match, the match checked whole", "match-checked");

  // Ann's page lists each game with its number in the match.
  const key = game.record.fair.keys[game.match.number % 2 === 1 ? "yellow" : "blue"];
  await ann.page.goto(`${server.url}/p/${key}`);
  await ann.page.locator(".match-game", { hasText: `match game ${game.match.number}` }).waitFor();
  assert.equal(await ann.page.locator(".match-game").count(), summary.games.length);

  for (const who of [ann, bob, watcher]) who?.assertClean();
});

test("the lobby asks for any match length from 1 to 15 wins", async () => {
  const { server, browser } = shared;
  const kim = await person(browser, { viewport: PHONE, name: "Kim" });
  await kim.page.goto(server.url);
  const wins = kim.page.locator("#first-to-wins");
  assert.equal(await wins.isVisible(), false, "asked for only once chosen");
  await kim.page.locator("#first-to").selectOption("other");
  await wins.fill("16");
  await kim.page.locator("form.create button[type=submit]").click();
  assert.equal(await wins.evaluate((input) => /** @type {HTMLInputElement} */ (input).validity.rangeOverflow), true);
  assert.equal(new URL(kim.page.url()).pathname, "/", "16 wins is no match the server plays");
  await wins.fill("15");
  await kim.page.locator("form.create button[type=submit]").click();
  await kim.page.waitForURL(/\/r\/[0-9A-Z]{5}$/);
  await kim.page.locator("#match-score", { hasText: "A match: first to 15 wins" }).waitFor();
  const code = new URL(kim.page.url()).pathname.slice("/r/".length);
  const room = await (await fetch(`${server.url}/api/rooms/${code}`)).json();
  assert.equal(room.options.first_to, 15);
  kim.assertClean();
});
