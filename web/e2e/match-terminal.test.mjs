// A whole match to 3 wins between the terminal and the browser, through the
// real server: a terminal bot (`mice-cake bot create --first-to 3`) makes
// the room, a browser joins it and plays game after game, saying it is
// ready for the next (the bot always is); a spectator comes in mid-match
// and sees the score and the games so far; both sides end on the same
// winner, and the server's match agrees.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, PHONE, person, playToTheEnd, serverAndBrowser, startTerminal } from "./support.mjs";

const shared = serverAndBrowser();

/** The most games a match to 3 may take: draws count for nobody. */
const MOST_GAMES = 20;

/**
 * Each player's wins in a score as the page says it (`Ann 2 – Bob 1 · first to 3`), by name.
 * @param {string} score
 */
function winsOf(score) {
  const [both = ""] = score.split(" · ");
  return Object.fromEntries(
    both.split(" – ").map((side) => {
      const cut = side.lastIndexOf(" ");
      return [side.slice(0, cut), side.slice(cut + 1)];
    }),
  );
}

test("a terminal bot and a browser play a match to 3 wins, watched from its middle", async () => {
  const { server, browser } = shared;
  // One round without a piece moving ends a game: each is short.
  const terminal = startTerminal(server, "Tess", [
    "bot", "--policy", "greedy", "create", "--first-to", "3", "--deadline", "0s", "--stall-limit", "1",
  ]);
  try {
    const created = await terminal.output.until("the room", (line) => line.includes("you are Yellow"));
    const code = created.split(/\s+/)[1];
    const eli = await person(browser, { viewport: DESKTOP, name: "Eli", reducedMotion: "reduce" });
    // The lobby's code box, as a person types it; the name is known.
    await eli.page.goto(server.url);
    await eli.page.locator("#code").fill(code.toLowerCase());
    await eli.page.getByRole("button", { name: "Go to the room" }).click();
    await eli.page.waitForURL(`${server.url}/r/${code}`);
    await eli.page.locator("#match-score", { hasText: "first to 3" }).waitFor();

    /** @type {Awaited<ReturnType<typeof person>> | null} */
    let watcher = null;
    let over = false;
    let games = 0;
    while (!over && games < MOST_GAMES) {
      games += 1;
      await playToTheEnd(eli.page);
      await eli.page.locator("#match-result").waitFor();
      const said = (await eli.page.locator("#match-result").textContent()) ?? "";
      over = /wins the match/.test(said);
      // The terminal says the same score after each game.
      await terminal.output.until(`the score after game ${games}`, (line) => line.startsWith("Match, first to 3: "));
      if (over) break;
      if (!watcher && games >= 2) {
        // A spectator in the middle of the match: the score, and the games
        // played so far, as the players see them.
        watcher = await person(browser, { viewport: PHONE });
        await watcher.page.goto(`${server.url}/r/${code}`);
        await watcher.page.locator("#match-score", { hasText: "first to 3" }).waitFor();
        // Who has how many wins, as the player sees it. The order follows the
        // seats, which the next game (3 s away: the bot is ready at once) may
        // have swapped already, and a short game may end meanwhile: the two
        // pages agree once both have what the server said last.
        const agreed = async () => {
          for (let tries = 0; tries < 50; tries += 1) {
            const seen = winsOf((await watcher?.page.locator("#match-score").textContent()) ?? "");
            const played = winsOf((await eli.page.locator("#match-score").textContent()) ?? "");
            if (JSON.stringify(seen) === JSON.stringify(played)) return seen;
            await eli.page.waitForTimeout(200);
          }
          return null;
        };
        const wins = await agreed();
        assert.ok(wins, "the spectator's score is the player's");
        assert.deepEqual(Object.keys(wins).sort(), ["Eli", "Tess (greedy bot)"]);
      }
      // Ready, unless the next game began already (the bot was ready first).
      const ready = eli.page.locator("#rematch");
      if (await ready.isVisible()) await ready.click({ timeout: 2000 }).catch(() => {});
      await eli.page.locator("section.result").waitFor({ state: "detached" });
    }
    assert.ok(over, `the match ended within ${MOST_GAMES} games`);
    const end = (await eli.page.locator("#match-result").textContent()) ?? "";
    const winner = end.match(/^(.+) wins the match 3–[0-2]$/);
    assert.ok(winner, end);
    const told = await terminal.output.until("the match's end", (line) => line.endsWith("wins the match"));
    assert.equal(told, `${winner[1]} wins the match`);
    if (watcher) await watcher.page.locator("#match-result", { hasText: end }).waitFor();
    assert.equal(await terminal.exited, 0);

    // The server's match: three wins to the winner, its games in order.
    const replay = await eli.page.locator("#replay-link").getAttribute("href");
    assert.ok(replay);
    const game = await (await fetch(`${server.url}/api${replay.replace("/g/", "/games/")}`)).json();
    const summary = await (await fetch(`${server.url}/api/matches/${game.match.id}`)).json();
    assert.equal(summary.status, "won");
    assert.equal(summary.games.length, game.match.number);
    assert.equal(summary.players[summary.winner].wins, 3);
    assert.equal(summary.players[summary.winner].name, winner[1]);
    eli.assertClean();
  } finally {
    terminal.stop();
  }
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
