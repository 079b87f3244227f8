// A browser page plays against the terminal client (`mice-cake --plain`):
// the terminal creates the room, the browser joins it by its code from the
// lobby, and both see the same end.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, person, playToTheEnd, serverAndBrowser, startTerminal, typeSuggestions } from "./support.mjs";

const shared = serverAndBrowser();

test("a browser plays a terminal client to the end", async () => {
  const { server, browser } = shared;
  const terminal = startTerminal(server, "Tess", ["create", "--deadline", "0s", "--stall-limit", "20"]);
  try {
    const created = await terminal.output.until("the room", (line) => line.includes("you are Yellow"));
    const code = created.split(/\s+/)[1];

    const eli = await person(browser, { viewport: DESKTOP, name: "Eli", reducedMotion: "reduce" });
    await eli.page.goto(server.url);
    await eli.page.locator("#code").fill(code.toLowerCase());
    await eli.page.getByRole("button", { name: "Go to the room" }).click();
    await eli.page.waitForURL(`${server.url}/r/${code}`);
    await eli.page.locator(".family.yellow .player-name", { hasText: "Tess" }).waitFor();

    // The terminal plays its own suggestions; the browser clicks.
    const [end] = await Promise.all([typeSuggestions(terminal), playToTheEnd(eli.page)]);

    const shown = (await eli.page.locator("section.result p").first().textContent()) ?? "";
    const score = shown.match(/Yellow (\d+) – Blue (\d+)/);
    assert.ok(score, shown);
    assert.ok(end.includes(score[0]), `the terminal says "${end}", the browser "${shown}"`);
    eli.assertClean();
  } finally {
    terminal.stop();
  }
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
