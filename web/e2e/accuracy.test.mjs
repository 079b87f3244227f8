// Accuracy, where a game ends and on a player's page: a game played to
// its end against the server's bot says, in its result, "Analysing…" while
// the server analyses it, then each player's accuracy (the viewer's seat
// marked "(you)"), equal to the analysis's own figures; the analysis is
// asked once however often the page is drawn again; it wraps on a phone.
// A spectator of that finished room sees it without "(you)"; one told the
// server is busy (503) says the replay's analysis can be asked later, one
// given another failure says it briefly. A rated game between two browsers
// is analysed by the server in the background: both players' pages then
// give their accuracy over their analysed rated games, as the analysis
// counts it; a profile without accuracy shows no line, one of a single
// game says "game". Both browsers are on this machine's address: the
// server rates such games (`--rate-one-address`).

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DESKTOP,
  PATIENCE_MS,
  PHONE,
  createRoom,
  gate,
  lookAt,
  person,
  playUntilRevealed,
  playToTheEnd,
  screenshot,
  serverAndBrowser,
  settle,
  widths,
} from "./support.mjs";

const shared = serverAndBrowser(["--rate-one-address"]);

/** What Chromium logs for the failures the tests serve. */
const LOGGED_FAILURE = /Failed to load resource: the server responded with a status of (503|500)/;
/** The server's words when its analyses are all taken (`AnalysisFailure::Busy`). */
const BUSY = "the server is analysing as many games as it can: try again in a minute";
const WORKING = "Analysing the game for each player's accuracy…";
const BUSY_LINE = "The server is busy analysing other games: the replay's analysis can be asked for later";
const SEATS = /** @type {const} */ (["yellow", "blue"]);
const NAMES = { yellow: "Yellow", blue: "Blue" };

/** An analysis's accuracy as the result shows it: whole percents. @param {any} analysis @param {"yellow" | "blue"} seat */
const percent = (analysis, seat) => Math.round(analysis.players[seat].accuracy);

/**
 * The result's line for this analysis, `you` marked, each seat named.
 * @param {any} analysis @param {{yellow: string, blue: string}} names @param {"yellow" | "blue" | null} you
 */
function accuracyLine(analysis, names, you) {
  const each = SEATS.map((seat) => {
    const label = `${names[seat]} (${NAMES[seat]}${seat === you ? ", you" : ""})`;
    return analysis.players[seat].choices === 0 ? `${label} had no choice` : `${label} ${percent(analysis, seat)} %`;
  });
  return `Accuracy (rounds without a mistake): ${each.join(", ")} — each round in the replay`;
}

/** The analysis the server gives for game `id`, and the game's players' names. @param {string} url @param {string} id */
async function analysed(url, id) {
  const response = await fetch(`${url}/api/games/${id}/analysis`);
  assert.equal(response.status, 200, `the analysis of ${id}`);
  const analysis = await response.json();
  const game = await (await fetch(`${url}/api/games/${id}`)).json();
  return { analysis, names: /** @type {{yellow: string, blue: string}} */ (game.players) };
}

/** @type {Promise<{code: string, id: string, dee: Awaited<ReturnType<typeof person>>, asked: () => number}> | null} */
let botGame = null;

/**
 * Dee plays the greedy bot to the end (once for the file): her result
 * says the game is being analysed — the analysis held back until that is
 * seen — then each player's accuracy. Returns the room, the game's id,
 * her page (left open, so the room stays) and how often it asked.
 */
function playTheBot() {
  botGame ??= (async () => {
    const { server, browser } = shared;
    const dee = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
    const page = dee.page;
    let asked = 0;
    const analysis = gate();
    await page.route("**/api/games/*/analysis", async (route) => {
      asked += 1;
      await analysis.held;
      await route.continue();
    });
    const code = await createRoom(page, server.url, "Dee", { opponent: "greedy", stall: 20 });
    await page.locator(".family.blue h2", { hasText: "greedy BOT" }).waitFor();
    assert.ok((await playToTheEnd(page)) >= 1);

    // Working, once the game has a record; then the answer, by name.
    const line = page.locator("section.result #result-accuracy");
    await line.filter({ hasText: WORKING }).waitFor();
    assert.equal(await line.textContent(), WORKING);
    const href = (await page.locator("#replay-link").getAttribute("href")) ?? "";
    assert.match(href, /^\/g\/[0-9a-f-]{36}$/);
    const id = href.slice("/g/".length);
    analysis.open();
    await page.locator("section.result #result-accuracy[data-state=done]").waitFor({ timeout: 4 * PATIENCE_MS });
    return { code, id, dee, asked: () => asked };
  })();
  return botGame;
}

test("a game against the bot: its result says it is analysed, then each player's accuracy, as the analysis gives it", async () => {
  const { server } = shared;
  const { id, dee, asked } = await playTheBot();
  const page = dee.page;
  const line = page.locator("section.result #result-accuracy");
  const { analysis, names } = await analysed(server.url, id);
  assert.equal(names.yellow, "Dee");
  for (const seat of SEATS) assert.ok(analysis.players[seat].choices > 0, `${seat} had a choice: ${JSON.stringify(analysis.players[seat])}`);
  const said = (await line.textContent()) ?? "";
  assert.equal(said, accuracyLine(analysis, names, "yellow"));
  // Each seat's figure, read back from the words.
  const [, yellow, blue] = said.match(/^Accuracy \(rounds without a mistake\): Dee \(Yellow, you\) (\d+) %, .+ \(Blue\) (\d+) % — each round in the replay$/) ?? [];
  assert.equal(Number(yellow), percent(analysis, "yellow"));
  assert.equal(Number(blue), percent(analysis, "blue"));

  // Drawn again (a chat line comes and goes back to every page; the result
  // closed and opened by a reload would ask again, a redraw must not).
  await page.locator("#chat-input").fill("gg");
  await page.keyboard.press("Enter");
  await page.locator(".chat-line", { hasText: "gg" }).waitFor();
  assert.equal(await line.textContent(), said, "kept across redraws");
  assert.equal(asked(), 1, "the analysis is asked once");

  // On a phone: it wraps, and nothing is wider than the screen.
  await page.setViewportSize(PHONE);
  await settle(page);
  const { scrollWidth, innerWidth, past } = await widths(page);
  assert.ok(scrollWidth <= innerWidth, `${scrollWidth} px wide in ${innerWidth} px; past the edge: ${past.join(", ")}`);
  const box = await line.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the line within the screen: ${JSON.stringify(box)}`);
  await line.scrollIntoViewIfNeeded();
  await screenshot(page, "result-accuracy");
  await page.setViewportSize(DESKTOP);
  await lookAt(page, "a game's result with the players' accuracy");
  dee.assertClean();
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});

test("the finished room watched: the accuracy without (you); a busy server and a failure said, nothing broken", async () => {
  const { server, browser } = shared;
  const { code, id } = await playTheBot();
  const { analysis, names } = await analysed(server.url, id);

  // A spectator: the same figures, nobody's seat marked.
  const eve = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
  await eve.page.goto(`${server.url}/r/${code}`);
  const seen = eve.page.locator("section.result #result-accuracy[data-state=done]");
  await seen.waitFor();
  assert.equal(await seen.textContent(), accuracyLine(analysis, names, null));
  assert.doesNotMatch((await seen.textContent()) ?? "", /you/);
  eve.assertClean();

  // Busy: the server's 503, as it words it.
  const fay = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
  await fay.page.route("**/api/games/*/analysis", (route) => route.fulfill({ status: 503, json: { code: "unavailable", message: BUSY } }));
  await fay.page.goto(`${server.url}/r/${code}`);
  const busy = fay.page.locator("section.result #result-accuracy[data-state=busy]");
  await busy.waitFor();
  assert.equal(await busy.textContent(), BUSY_LINE);
  assert.doesNotMatch((await busy.getAttribute("class")) ?? "", /\berror\b/, "busy is no fault");
  // The rest of the result stands.
  await fay.page.locator("#replay-link").waitFor();
  await lookAt(fay.page, "a game's result, the analysis busy");
  assert.deepEqual(fay.errors.filter((error) => !LOGGED_FAILURE.test(error)), [], "no console error but the 503 served");

  // Another failure: said briefly, as an error.
  const gil = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  await gil.page.route("**/api/games/*/analysis", (route) => route.fulfill({ status: 500, json: { code: "internal", message: `the analysis of game ${id} failed` } }));
  await gil.page.goto(`${server.url}/r/${code}`);
  const failed = gil.page.locator("section.result #result-accuracy[data-state=failed]");
  await failed.waitFor();
  assert.equal(await failed.textContent(), `Could not analyse the game: the analysis of game ${id} failed`);
  assert.match((await failed.getAttribute("class")) ?? "", /\berror\b/);
  await gil.page.locator("#replay-link").waitFor();
  assert.deepEqual(gil.errors.filter((error) => !LOGGED_FAILURE.test(error)), [], "no console error but the 500 served");
  for (const { dialogs } of [fay, gil]) assert.deepEqual(dialogs, []);
});

test("a rated game analysed in the background: each player's page gives their accuracy", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce", name: "Bob" });

  // Three rounds each (a game is rated once both players have had a
  // move), then Bob leaves: a forfeit, rated, analysed as far as played.
  const code = await createRoom(ann.page, server.url, "Ann", { rated: true });
  await bob.page.goto(`${server.url}/r/${code}`);
  await Promise.all([playUntilRevealed(ann.page, 3), playUntilRevealed(bob.page, 3)]);
  await bob.page.locator("#leave").click();
  await bob.page.locator("#leave-now").click();
  await bob.page.waitForURL(`${server.url}/`);
  await ann.page.locator("section.result").waitFor();
  const href = (await ann.page.locator("#replay-link").getAttribute("href")) ?? "";
  const id = href.slice("/g/".length);
  const finished = await (await fetch(`${server.url}/api/games/${id}`)).json();
  const keys = finished.rated.keys;
  assert.match(keys.yellow, /^[0-9a-f]{64}$/);

  // Her result says both players' accuracy, Bob's though he is gone.
  const line = ann.page.locator("#result-accuracy[data-state=done]");
  await line.waitFor({ timeout: 4 * PATIENCE_MS });
  const { analysis, names } = await analysed(server.url, id);
  assert.equal(await line.textContent(), accuracyLine(analysis, names, "yellow"));

  // The server's sweep keeps each player's figures; both pages say them.
  for (const seat of SEATS) {
    /** @type {any} */
    let profile = null;
    for (let tries = 0; !profile?.accuracy; tries += 1) {
      assert.ok(tries < 60, `${seat}'s accuracy is kept: ${JSON.stringify(profile)}`);
      if (tries) await new Promise((done) => setTimeout(done, 500));
      profile = await (await fetch(`${server.url}/api/players/${keys[seat]}`)).json();
    }
    const summary = analysis.players[seat];
    assert.deepEqual(profile.accuracy, { games: 1, rounds: summary.choices, clean_rounds: summary.best_moves });
    const rounds = summary.choices;
    const shown = rounds ? Math.round((100 * summary.best_moves) / rounds) : 100;
    const page = seat === "yellow" ? ann.page : bob.page;
    await page.goto(`${server.url}/p/${keys[seat]}`);
    const said = page.locator("#player-accuracy");
    await said.waitFor();
    assert.equal(
      await said.textContent(),
      rounds
        ? `Accuracy ${shown} % over 1 analysed rated game (${summary.best_moves} of ${rounds} ${rounds === 1 ? "round" : "rounds"} without a mistake)`
        : "Accuracy 100 % over 1 analysed rated game (no round with a choice to judge)",
    );
  }
  await lookAt(bob.page, "a player's page with the accuracy", "player-accuracy");
  ann.assertClean();
  bob.assertClean();
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});

test("a player's page: the accuracy of several games in words, and no line without one", async () => {
  const { server, browser } = shared;
  const { id } = await playTheBot();
  const finished = await (await fetch(`${server.url}/api/games/${id}`)).json();
  // Dee's key, from the game she played (casual: her profile has no accuracy).
  const key = finished.record.fair.keys.yellow;
  assert.match(key ?? "", /^[0-9a-f]{64}$/, "Dee's key, kept with her moves");
  const real = await (await fetch(`${server.url}/api/players/${key}`)).json();
  assert.equal(real.accuracy, undefined, "no rated game analysed");

  const hal = await person(browser, { viewport: DESKTOP });
  const page = hal.page;
  // The real profile, with an accuracy given or left out.
  /** @type {any} */
  let accuracy = { games: 3, rounds: 60, clean_rounds: 51 };
  await page.route(`**/api/players/${key}`, (route) => route.fulfill({ json: accuracy ? { ...real, accuracy } : real }));
  await page.goto(`${server.url}/p/${key}`);
  await page.locator("h1 .player-name", { hasText: "Dee" }).waitFor();
  assert.equal(await page.locator("#player-accuracy").textContent(), "Accuracy 85 % over 3 analysed rated games (51 of 60 rounds without a mistake)");

  accuracy = null;
  await page.reload();
  await page.locator("h1 .player-name", { hasText: "Dee" }).waitFor();
  assert.equal(await page.locator("#player-accuracy").count(), 0, "no line without an accuracy");
  hal.assertClean();
});
