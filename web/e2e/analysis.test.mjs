// A finished game's analysis on its replay: two terminal bots (the random
// policy, which errs) play a game to the end; its replay asks for the
// analysis on a click, says it is working, is told the server is busy and
// tries again; then each player's summary, the round on the cake analysed
// as the replay steps (keys included, nothing asked again), a costliest
// mistake's link jumping there with its better move drawn on the cake, the
// seat at the bottom chosen, axe-core and a phone's width.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PATIENCE_MS, gate, lookAt, person, screenshot, serverAndBrowser, startTerminal } from "./support.mjs";

const shared = serverAndBrowser();

/** What Chromium logs for the 503 the test serves. */
const LOGGED_503 = /Failed to load resource: the server responded with a status of 503/;
const BUSY = "the server is analysing as many games as it can: try again in a minute";
const MARKS = { yellow: "●", blue: "■" };
const NAMES = { yellow: "Yellow", blue: "Blue" };

/** `A2 C2`, `D2 steal 6/6`: how the page writes a move. @param {{mice: number[], steal?: string}} move */
function moveText(move) {
  const parts = move.mice.flatMap((mice, column) => (mice > 0 ? [`${"ABCD"[column]}${mice}`] : []));
  if (move.steal) parts.push(`steal ${move.steal}`);
  return parts.length ? parts.join(" ") : "nothing";
}

/** One player's move in a round, in any of its forms: a loss said only with its interval, for a mistake. */
const MOVE_LINE = /^[●■] (Yellow|Blue) (had no choice|played .+, as good as any found|played .+, no clear mistake \(≈ \d+\.\d to \d+\.\d pips behind the best found\)|played .+ \(expected [+−]?\d+\.\d\); better: .+ \([+−]?\d+\.\d\): \d+\.\d ± \d+\.\d pips lost)$/;

/** Two terminal bots play a whole game; returns its id. */
async function botsPlayAGame(/** @type {{ws: string, url: string}} */ server) {
  const bot = ["bot", "--policy", "random"];
  const ann = startTerminal(server, "Ann", [...bot, "--seed", "1", "create", "--stall-limit", "10", "--deadline", "0s"]);
  /** @type {ReturnType<typeof startTerminal> | null} */
  let bob = null;
  try {
    const created = await ann.output.until("the room", (line) => line.includes("you are Yellow"));
    const code = created.split(/\s+/)[1];
    bob = startTerminal(server, "Bob", [...bot, "--seed", "2", "join", code]);
    // Line after line (each within the patience), the game as long as it lasts.
    let recorded = "";
    while (!recorded.startsWith("record: /api/games/")) recorded = await ann.output.until("the game's record", () => true);
    const id = recorded.slice("record: /api/games/".length).trim();
    assert.match(id, /^[0-9a-f-]{36}$/, recorded);
    // Stored by the time the game is over; asked until it is, all the same.
    for (let tries = 0; !(await fetch(`${server.url}/api/games/${id}`)).ok; tries += 1) {
      assert.ok(tries < 50, `game ${id} is not stored`);
      await new Promise((done) => setTimeout(done, 100));
    }
    return id;
  } finally {
    ann.stop();
    bob?.stop();
  }
}

test("a game's analysis on its replay: working, busy, the summary, each round as the replay steps, a better move drawn", async () => {
  const { server, browser } = shared;
  const id = await botsPlayAGame(server);

  const ada = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  const page = ada.page;
  // The analysis's requests: the first answered busy, the next held until
  // the page has been seen working.
  let asked = 0;
  const answering = gate();
  await page.route("**/api/games/*/analysis", async (route) => {
    asked += 1;
    if (asked === 1) {
      await route.fulfill({ status: 503, json: { code: "unavailable", message: BUSY } });
      return;
    }
    await answering.held;
    await route.continue();
  });

  await page.goto(`${server.url}/g/${id}`);
  const step = page.locator("p.step");
  await step.filter({ hasText: /^After round \d+ of \d+$/ }).waitFor();
  const [, total] = ((await step.textContent()) ?? "").match(/of (\d+)/) ?? [];
  const rounds = Number(total);
  assert.ok(rounds >= 2, `a game of several rounds (${rounds})`);
  await page.getByRole("heading", { name: "Analysis", exact: true }).waitFor();

  // Busy: the server's words, and "Try again" (by keyboard).
  const status = page.locator("#analysis-status");
  assert.equal(await status.getAttribute("role"), "status");
  await page.locator("#analyse").click();
  await status.filter({ hasText: BUSY }).waitFor();
  assert.match((await status.textContent()) ?? "", /^Could not analyse the game: /);
  await page.locator("#analysis-retry").focus();
  await page.keyboard.press("Enter");

  // Working: said in the live region until the answer is in, which
  // replaces it.
  await status.filter({ hasText: "Analysing the game…" }).waitFor();
  assert.equal(await page.locator("#analysis-summary").count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "analysis-heading", "the focus stays in the section");
  const answered = page.waitForResponse((response) => response.url().endsWith(`/api/games/${id}/analysis`) && response.status() === 200, { timeout: 4 * PATIENCE_MS });
  answering.open();
  const analysis = await (await answered).json();
  assert.equal(analysis.version, 3);
  assert.equal(analysis.rounds.length, rounds);
  const summary = page.locator("#analysis-summary");
  await summary.waitFor();
  assert.doesNotMatch((await status.textContent()) ?? "", /Analysing/);
  assert.match((await status.textContent()) ?? "", /^The game is analysed: Ann \(random bot\) \(Yellow\) played with \d+ % accuracy, Bob \(random bot\) \(Blue\) played with \d+ % accuracy/);

  // The summary, both players by name.
  for (const [seat, name] of /** @type {const} */ ([["yellow", "Ann \\(random bot\\)"], ["blue", "Bob \\(random bot\\)"]])) {
    const line = (await summary.locator(`li[data-seat="${seat}"] p`).first().textContent()) ?? "";
    assert.match(line, new RegExp(`^${MARKS[seat]} ${name} \\(${NAMES[seat]}\\): accuracy \\d+ %, no mistake in \\d+ of \\d+ rounds? with a choice, \\d+\\.\\d pips lost a round on average$`));
    for (const text of await summary.locator(`li[data-seat="${seat}"] button.mistake`).allTextContents()) {
      assert.match(text, /^round \d+ \(−\d+\.\d pips\)$/);
    }
  }

  // At the end, the summary alone; nothing drawn.
  assert.equal(await page.locator("#analysis-round").count(), 0);
  assert.equal(await page.locator("#analysis-drawn").textContent(), "Nothing drawn: the game is over.");

  // Stepping with the keys: the round whose position is on the cake.
  await page.keyboard.press("Home");
  await step.filter({ hasText: "The cake as dealt" }).waitFor();
  await page.locator("#analysis-round-heading", { hasText: "Round 1," }).waitFor();
  await page.keyboard.press("ArrowRight");
  await step.filter({ hasText: `After round 1 of ${rounds}` }).waitFor();
  await page.locator("#analysis-round-heading", { hasText: "Round 2," }).waitFor();
  for (const text of await page.locator("#analysis-round li").allTextContents()) assert.match(text, MOVE_LINE);

  // The board flips to the seat chosen, and back.
  const firstRow = page.locator("table.board tbody tr:not(.lane) th.row-head").first();
  const bottomLane = page.locator("table.board tr.lane-bottom");
  assert.equal(await firstRow.textContent(), "7");
  assert.match((await bottomLane.getAttribute("class")) ?? "", /\byellow\b/);
  assert.equal(await page.locator("#better-yellow").getAttribute("aria-pressed"), "true");
  await page.locator("#better-blue").click();
  await page.locator("#better-blue[aria-pressed=true]").waitFor();
  assert.equal(await firstRow.textContent(), "1");
  assert.match((await bottomLane.getAttribute("class")) ?? "", /\bblue\b/);
  assert.match((await page.locator("#analysis-drawn").textContent()) ?? "", /^(Drawn|Nothing drawn): Blue/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "better-blue");
  await page.locator("#better-yellow").click();
  await page.locator("#better-yellow[aria-pressed=true]").waitFor();
  assert.equal(await firstRow.textContent(), "7");

  // A costliest mistake (the random bot makes some): its link jumps to the
  // round, whose analysis says what was lost, its better move drawn.
  const seat = analysis.players.yellow.costliest.length ? "yellow" : "blue";
  const mistakes = analysis.players[seat].costliest;
  assert.ok(mistakes.length > 0, `a mistake of a pip or more: ${JSON.stringify(analysis.players)}`);
  const mistake = mistakes[0];
  await summary.locator(`li[data-seat="${seat}"] button.mistake`).first().click();
  await step.filter({ hasText: mistake.round === 1 ? "The cake as dealt" : `After round ${mistake.round - 1} of ${rounds}` }).waitFor();
  await page.locator("#analysis-round-heading", { hasText: `Round ${mistake.round},` }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), "analysis-round-heading");
  const said = page.locator(`#analysis-round li[data-seat="${seat}"]`);
  assert.match((await said.textContent()) ?? "", / played .+; better: .+: \d+\.\d ± \d+\.\d pips lost$/);
  assert.match((await said.getAttribute("class")) ?? "", /\blost\b/);
  if (seat === "blue") await page.locator("#better-blue").click();
  const move = analysis.rounds.find((/** @type {any} */ round) => round.round === mistake.round).moves[seat];
  assert.equal(await page.locator("#analysis-drawn").textContent(), `Drawn: ${NAMES[seat]}'s better move for round ${mistake.round}, ${moveText(move.best)}`);
  assert.match((await bottomLane.getAttribute("class")) ?? "", new RegExp(`\\b${seat}\\b`));
  const columns = move.best.mice.flatMap((/** @type {number} */ mice, /** @type {number} */ column) => (mice > 0 ? [[column, mice]] : []));
  assert.equal(await page.locator("tr.lane-bottom td.lane-cell.planned").count(), columns.length);
  for (const [column, mice] of columns) {
    const planned = page.locator(`tr.lane-bottom td.lane-cell.planned[data-column="${"ABCD"[column]}"] .mice`);
    assert.equal(await planned.textContent(), MARKS[seat].repeat(mice));
  }
  await screenshot(page, "replay-analysis");
  await lookAt(page, "a replay with its analysis, a better move drawn", "replay-analysis");

  // Still there at the end; asked once (after the busy answer), never again.
  await page.keyboard.press("End");
  await step.filter({ hasText: `After round ${rounds} of ${rounds}` }).waitFor();
  await summary.waitFor();
  assert.equal(asked, 2, "the analysis asked once more after the busy answer, never again");

  assert.deepEqual(ada.errors.filter((error) => !LOGGED_503.test(error)), [], "no console error but the 503 served");
  assert.deepEqual(ada.dialogs, []);
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
