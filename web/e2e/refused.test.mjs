// A deal refused, as a player sees it: Ann creates a room in her browser;
// the opponent is a client that seals its deal nonce and never opens it
// (what a colluder who saw the deal early would do). Ann's page says the
// game ended at its deal, who refused and that nobody wins, checks that
// record and the result given with it by itself, and the link it offers
// leads to a page that says the same, on a phone too. Nothing logs an
// error.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { PROTOCOL_VERSION } from "../src/net.js";
import { PHONE, createRoom, launchBrowser, person, screenshot, startServer } from "./support.mjs";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;

before(async () => {
  // A second to open, rather than half a minute.
  server = await startServer(["--open-timeout", "1s"]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.stop();
});

test("a deal refused: the page says who refused, checks the deal's record itself, and shows it on a phone", async () => {
  const ann = await person(browser, { reducedMotion: "reduce" });
  const code = await createRoom(ann.page, server.url, "Ann", { opponent: "person" });
  await ann.page.locator(".big-code").waitFor();

  // The refuser: a bare WebSocket client in a page of its own, sealing its
  // deal nonce with the page's own sealing code, and never opening it.
  const rex = await person(browser);
  await rex.page.goto(server.url);
  const assets = await rex.page.evaluate(() => {
    const script = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[type="module"]'));
    return script ? new URL(".", script.src).href : "";
  });
  assert.ok(assets, "the page names its assets");
  const sealed = await rex.page.evaluate(
    async ({ assets, code, version }) => {
      const fair = await import(`${assets}fair.js`);
      const keys = await import(`${assets}keys.js`);
      const socket = new WebSocket(`ws://${location.host}/ws`);
      /** @type {(value: string) => void} */
      let done = () => {};
      const result = new Promise((resolve) => (done = resolve));
      socket.onopen = () => {
        socket.send(JSON.stringify({ type: "hello", version, name: "Rex" }));
        socket.send(JSON.stringify({ type: "join_room", code }));
      };
      socket.onmessage = (message) => {
        const received = JSON.parse(message.data);
        // Events sent together come as one `events` frame.
        const events = received.type === "events" ? received.events : received.type === "event" ? [received.event] : [];
        const started = events.find((/** @type {any} */ event) => event.kind === "game_started");
        if (started) {
          const seal = fair.sealOf(started.commitment, 0, "blue", fair.NOTHING, keys.freshNonce());
          socket.send(JSON.stringify({ type: "seal", round: 0, seal }));
          done(seal);
        }
      };
      // Kept open, never opening: the page stays until the test closes it.
      // @ts-ignore: held for the test's length
      window.refuser = socket;
      return result;
    },
    { assets, code, version: PROTOCOL_VERSION },
  );
  assert.match(String(sealed), /^[0-9a-f]{64}$/);

  // Ann's page: the game ended at its deal, Blue (Rex) refused, checked here.
  const fairness = ann.page.locator("#fairness");
  await fairness.filter({ hasText: /Verified by this page|NOT FAIR/ }).waitFor({ timeout: 30_000 });
  const said = ((await fairness.textContent()) ?? "").trim();
  assert.match(said, /^✓ Verified by this page: the game ended at its deal, before anything was dealt\. Blue sealed a nonce and never opened it, and the game was aborted\./);
  // The result: aborted, nobody wins; that Rex never opened rests on the server's word.
  assert.match(
    (await ann.page.locator("section.result").textContent()) ?? "",
    /aborted before both players had a move: Blue did not open a sealed move in time — nobody wins, not rated/,
  );
  assert.match(said, /The result: that Blue did not open a sealed move in time rests on the server's word/);
  // Rex announced no key: the page says nothing proves his seal was his.
  assert.match(said, /Nothing proves Blue's seal was Blue's own/);
  const link = ann.page.locator("#replay-link");
  assert.equal(((await link.textContent()) ?? "").trim(), "How this game ended");

  // The link's page says the same, by itself, on a phone.
  await ann.page.setViewportSize(PHONE);
  await link.click();
  await ann.page.waitForURL(/\/g\/[0-9a-f-]{36}$/);
  await ann.page.getByText("The game ended at its deal, before anything was dealt.", { exact: true }).waitFor();
  assert.equal(((await ann.page.locator("#refusal").textContent()) ?? "").trim(), "Blue sealed a nonce and never opened it, and the game was aborted.");
  await ann.page.locator("#fairness").filter({ hasText: /^✓ Verified by this page: the game ended at its deal/ }).waitFor();
  const { scrollWidth, innerWidth } = await ann.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `no wider than the phone: ${scrollWidth} > ${innerWidth}`);
  await screenshot(ann.page, "deal-refused");
  ann.assertClean();
  await ann.context.close();
  await rex.context.close();
});
