// Rated play in the browser (protocol 7): a rated room created from the
// lobby, listed as rated with its player's rating; two browsers with their
// own keys play it until one leaves (by the room's Leave, asked first: a
// forfeit, rated as a loss, the leave signed with his key and kept in the
// record, so that the result says "left" and the page proves it); the
// winner's page tells the change once the game is rated; the replay shows
// both players' ratings before and after, each name a link to the
// player's page; that page shows the rating, the record, the history as a
// chart and the game; the leaderboard leaves provisional ratings out and
// picks its pool by link, people's or bots'. A browser without a key is
// told why a rated room will not seat it, and may watch. Pages are checked
// with axe-core and at a phone's width. Both browsers are on this
// machine's address: the server rates such games (`--rate-one-address`).

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  DESKTOP,
  PHONE,
  createRoom,
  launchBrowser,
  lookAt,
  person,
  playUntilRevealed,
  screenshot,
  startServer,
} from "./support.mjs";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;

before(async () => {
  server = await startServer(["--rate-one-address"]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.stop();
});

test("a rated game: ratings by the names, the change at the end, the replay, the player's page and the leaderboard", async () => {
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce", name: "Bob" });
  const lou = await person(browser, { viewport: DESKTOP });

  // Ann creates a rated room; her rating is read as she sits (1500, provisional).
  const code = await createRoom(ann.page, server.url, "Ann", { rated: true });
  await ann.page.getByText("Waiting for an opponent").waitFor();
  assert.match((await ann.page.locator(".room-title .meta").textContent()) ?? "", /, rated · /);
  await ann.page.locator(".family.yellow .player-rating", { hasText: "1500?" }).waitFor();

  // The lobby lists it as rated, with her rating by her name; a visit makes
  // no key, so Lou has no page of her own to go to.
  await lou.page.goto(server.url);
  const row = lou.page.locator("#rooms tr", { hasText: code });
  await row.filter({ hasText: "1500?" }).waitFor();
  assert.equal(await row.locator('td[data-label="Status"]').textContent(), "waiting, rated");
  assert.equal(await row.locator('td[data-label="Yellow"]').textContent(), "Ann 1500?");
  assert.equal(await lou.page.getByRole("link", { name: "Leaderboard" }).getAttribute("href"), "/top");
  await lou.page.waitForTimeout(500);
  assert.equal(await lou.page.locator("#your-page").count(), 0, "no key, no page of one's own");

  // Bob follows the link; both ratings are shown on both pages.
  await bob.page.goto(`${server.url}/r/${code}`);
  for (const player of [ann, bob]) {
    await player.page.locator("#commit").waitFor();
    await player.page.locator(".family.yellow .player-rating", { hasText: "1500?" }).waitFor();
    await player.page.locator(".family.blue .player-rating", { hasText: "1500?" }).waitFor();
  }

  // No notice that the game is not rated: it is.
  assert.equal(await ann.page.locator("#not-rated").count(), 0);

  // Three rounds each (a game is rated once both players have had a
  // move), then Bob leaves: asked first what it costs, he confirms.
  await Promise.all([playUntilRevealed(ann.page, 3), playUntilRevealed(bob.page, 3)]);
  await bob.page.locator("#leave").click();
  const question = bob.page.locator("#leave-question");
  await question.waitFor();
  assert.equal(await question.textContent(), "Leave the room? You forfeit this game: Yellow wins.");
  assert.equal(await bob.page.evaluate(() => document.activeElement?.id), "stay", "the focus on Stay");
  await screenshot(bob.page, "leave-asked");
  // Stay keeps him in; Leave goes, to the lobby.
  await bob.page.locator("#stay").click();
  await bob.page.locator("#leave").waitFor();
  await bob.page.locator("#leave").click();
  await bob.page.locator("#leave-now").click();
  await bob.page.waitForURL(`${server.url}/`);

  // Ann wins by forfeit: Bob left; once the game is rated, her page tells
  // both changes, Bob's too though he is gone.
  const result = ann.page.locator("section.result");
  await result.waitFor();
  assert.match((await result.textContent()) ?? "", /Yellow wins: Blue left the game/);
  // Her page checked that Bob's key signed his leave.
  await ann.page.locator("#fairness", { hasText: "Verified fair" }).waitFor();
  assert.match((await ann.page.locator("#fairness").textContent()) ?? "", /The result: Blue left, proven by Blue's leave, signed with Blue's key\./);
  const ratings = ann.page.locator("#ratings-after", { hasText: "(−" });
  await ratings.waitFor();
  const [, after, gain, bobAfter, loss] = ((await ratings.textContent()) ?? "").match(/^Ratings: Ann \(Yellow\) (\d+)\? \(\+(\d+)\) · Bob \(Blue\) (\d+)\? \(−(\d+)\)$/) ?? [];
  assert.ok(after && bobAfter, `both ratings after the game: ${await ratings.textContent()}`);
  assert.equal(Number(after) - 1500, Number(gain), "the change is the difference of the figures shown");
  assert.equal(1500 - Number(bobAfter), Number(loss), "the loser's change too");
  await ann.page.locator(".family.yellow .player-rating", { hasText: `${after}?` }).waitFor();
  await screenshot(ann.page, "rated-game-over");

  // The replay: both players' ratings before and after, names linking to their pages.
  await ann.page.locator("#replay-link").click();
  await ann.page.waitForURL(/\/g\/[0-9a-f-]{36}$/);
  const gameId = new URL(ann.page.url()).pathname.slice("/g/".length);
  const line = ann.page.locator("#ratings");
  await line.waitFor();
  assert.match((await line.textContent()) ?? "", new RegExp(`^Rated game \\(Standard\\): Ann \\(Yellow\\) 1500\\? → ${after}\\? \\(\\+${gain}\\) · Bob \\(Blue\\) 1500\\? → \\d+\\? \\(−\\d+\\)$`));
  assert.match((await ann.page.locator(".room-title .meta").textContent()) ?? "", /rated/);
  const annKey = ((await line.locator('a[data-seat="yellow"]').getAttribute("href")) ?? "").slice("/p/".length);
  const bobKey = ((await line.locator('a[data-seat="blue"]').getAttribute("href")) ?? "").slice("/p/".length);
  assert.match(annKey, /^[0-9a-f]{64}$/);
  assert.match(bobKey, /^[0-9a-f]{64}$/);
  assert.notEqual(annKey, bobKey);

  // The record keeps Bob's leave, signed in the round he left: the result
  // says he left, not that he went away.
  const finished = await (await fetch(`${server.url}/api/games/${gameId}`)).json();
  assert.deepEqual(finished.result.ending, { kind: "forfeit", seat: "blue", cause: "left" });
  assert.equal(finished.record.fair.left.seat, "blue");
  assert.equal(finished.record.fair.left.round, finished.record.rounds.length + 1);
  assert.match(finished.record.fair.left.signature, /^[0-9a-f]{128}$/);
  assert.equal(finished.record.fair.keys.blue, bobKey);

  // Ann's page, from the replay: hers ("you"), her rating, record, chart and game.
  await line.locator('a[data-seat="yellow"]').click();
  await ann.page.waitForURL(`${server.url}/p/${annKey}`);
  const pool = ann.page.locator('section.pool-rating[data-pool="standard"]');
  await pool.waitFor();
  assert.equal(await ann.page.locator("h1 .player-name").textContent(), "Ann");
  assert.equal(await ann.page.locator("h1 .you").count(), 1, "her own page says so");
  assert.equal(await ann.page.locator(".bot-badge, #declared-bot").count(), 0, "a person's page: no BOT");
  assert.equal(await pool.locator(".rating-value").textContent(), `${after}?`);
  assert.match((await pool.locator(".rating-line").textContent()) ?? "", /1 rated game: 1 win, 0 losses, 0 draws/);
  const chart = pool.locator("svg.rating-chart");
  assert.equal(await chart.getAttribute("role"), "img");
  assert.equal(await chart.getAttribute("aria-label"), `Rating after 1 rated game: ${after}?.`);
  assert.equal(await chart.locator("circle.point").count(), 1);
  const games = ann.page.locator("table.recent-games tbody tr");
  assert.equal(await games.count(), 1);
  assert.equal(await games.locator('td[data-label="Replay"] a').getAttribute("href"), `/g/${gameId}`);
  assert.equal(await games.locator('td[data-label="Opponent"] a').getAttribute("href"), `/p/${bobKey}`);
  assert.equal(await games.locator('td[data-label="Result"]').textContent(), "Won (forfeit), as Yellow");
  assert.equal(await games.locator('td[data-label="Rating"]').textContent(), `1500? → ${after}? (+${gain})`);
  await lookAt(ann.page, "a player's page", "player-page");

  // Bob's page, seen by Ann: not hers, one loss.
  await games.locator('td[data-label="Opponent"] a').click();
  await ann.page.waitForURL(`${server.url}/p/${bobKey}`);
  await ann.page.locator('section.pool-rating[data-pool="standard"]').waitFor();
  assert.equal(await ann.page.locator("h1 .player-name").textContent(), "Bob");
  assert.equal(await ann.page.locator("h1 .you").count(), 0);
  assert.match((await ann.page.locator(".rating-line").textContent()) ?? "", /0 wins, 1 loss, 0 draws/);

  // The lobby links Ann's page; the leaderboard leaves both out (provisional).
  await ann.page.goto(server.url);
  await ann.page.locator("#your-page").waitFor();
  assert.equal(await ann.page.locator("#your-page").getAttribute("href"), `/p/${annKey}`);
  await ann.page.getByRole("link", { name: "Leaderboard" }).click();
  await ann.page.waitForURL(`${server.url}/top`);
  await ann.page.locator("#no-leaders").waitFor();
  assert.equal(await ann.page.locator('.pools-nav a[aria-current="page"]').textContent(), "Standard");
  await ann.page.locator(".pools-nav").getByRole("link", { name: "Boost", exact: true }).click();
  await ann.page.waitForURL(`${server.url}/top?pool=boost`);
  await ann.page.locator("#no-leaders").waitFor();
  assert.equal(await ann.page.locator('.pools-nav a[aria-current="page"]').textContent(), "Boost");
  assert.equal(await ann.page.locator("#pool-title").textContent(), "Boost");
  assert.equal(await ann.page.locator('.whose-nav a[aria-current="page"]').textContent(), "People");
  await lookAt(ann.page, "the leaderboard", "leaderboard");
  // The bots' leaderboard, by keyboard: the pool kept, bots only, none settled yet.
  await ann.page.locator("#bots-link").focus();
  await ann.page.keyboard.press("Enter");
  await ann.page.waitForURL(`${server.url}/top?pool=boost&bots=1`);
  await ann.page.locator("#no-leaders", { hasText: "No bot is listed in this pool yet." }).waitFor();
  assert.equal(await ann.page.locator('.whose-nav a[aria-current="page"]').textContent(), "Bots");
  assert.equal(await ann.page.locator('.pools-nav a[aria-current="page"]').textContent(), "Boost");
  await ann.page.locator("#bots-only").waitFor();
  await ann.page.locator(".pools-nav").getByRole("link", { name: "Standard", exact: true }).click();
  await ann.page.waitForURL(`${server.url}/top?bots=1`);
  await ann.page.locator("#no-leaders", { hasText: "No bot" }).waitFor();
  await lookAt(ann.page, "the bots' leaderboard", "leaderboard-bots");
  await ann.page.locator("#people-link").click();
  await ann.page.waitForURL(`${server.url}/top`);
  await ann.page.locator("#no-leaders", { hasText: "Nobody is listed" }).waitFor();

  // The API says the same.
  const profile = await (await fetch(`${server.url}/api/players/${annKey}`)).json();
  assert.equal(profile.name, "Ann");
  assert.equal(profile.recent[0].id, gameId);

  // The server's operator (asking from its own machine) takes Bob's rated
  // games out of the ratings: Ann's page says her rating was refunded, and
  // what is left of it — nothing; the game stays in her latest games.
  const refunded = await fetch(`${server.url}/api/ratings/refunds`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ keys: [bobKey] }),
  });
  assert.equal(refunded.status, 200);
  assert.equal((await refunded.json()).games, 1);
  await ann.page.goto(`${server.url}/p/${annKey}`);
  await ann.page.locator("#refunds li").waitFor();
  assert.match(
    (await ann.page.locator("#refunds li").textContent()) ?? "",
    new RegExp(`: ${after}\\? → no rating\\. 1 rated game of yours was taken out of the ratings by the server's operator, and the ratings played again without them\\.$`),
  );
  assert.equal(await ann.page.getByText("No rating yet.").count(), 1);
  assert.ok((await ann.page.locator(`a[href="/g/${gameId}"]`).count()) > 0, "the game stays listed");
  await lookAt(ann.page, "a player's page after a refund", "player-page-refunded");

  for (const who of [ann, bob, lou]) {
    who.assertClean();
    await who.context.close();
  }
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});

test("a browser without a key: a rated room says why it will not seat it and offers to watch; the lobby says so first", async () => {
  const cy = await person(browser, { reducedMotion: "reduce" });
  const code = await createRoom(cy.page, server.url, "Cy", { rated: true });
  await cy.page.getByText("Waiting for an opponent").waitFor();

  // Kim's browser keeps no key (no IndexedDB, as in some private windows).
  const kim = await person(browser, { viewport: PHONE, name: "Kim" });
  await kim.context.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true }));
  await kim.page.goto(`${server.url}/r/${code}`);
  const refusal = kim.page.locator("#key-required");
  await refusal.waitFor();
  assert.equal(await refusal.getAttribute("role"), "alert");
  assert.match((await refusal.textContent()) ?? "", /rated/);
  assert.equal(await kim.page.getByRole("heading", { level: 1 }).textContent(), `Room ${code} is rated`);
  assert.equal(await kim.page.locator(".family .you").count(), 0, "no seat taken");
  await lookAt(kim.page, "a rated room refusing a browser without a key", "key-required");

  // She watches instead.
  await kim.page.locator("#just-watch").click();
  await kim.page.locator(".family.yellow .player-name", { hasText: "Cy" }).waitFor();
  assert.equal(await kim.page.locator(".family .you").count(), 0);

  // In the lobby, a rated room is refused before the server is asked: for
  // want of a key, against a bot, with another stall limit.
  await kim.page.goto(server.url);
  const error = kim.page.locator(".lobby .error");
  await kim.page.locator("#name").fill("Kim");
  await kim.page.locator("#rated").check();
  await kim.page.getByRole("button", { name: "Create the room" }).click();
  await error.filter({ hasText: "cannot keep a key" }).waitFor();
  await kim.page.locator("#opponent").selectOption("greedy");
  await kim.page.getByRole("button", { name: "Create the room" }).click();
  await error.filter({ hasText: "against a person" }).waitFor();
  await kim.page.locator("#opponent").selectOption("person");
  await kim.page.locator("#stall").fill("20");
  await kim.page.getByRole("button", { name: "Create the room" }).click();
  await error.filter({ hasText: "100 rounds without progress" }).waitFor();
  assert.equal(new URL(kim.page.url()).pathname, "/", "still in the lobby");

  kim.assertClean();
  cy.assertClean();
  await kim.context.close();
  await cy.context.close();
});
