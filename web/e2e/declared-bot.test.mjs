// A program that plays says so (protocol 7): `mice-cake bot` takes a seat
// with its own key and declares itself a bot. Beside its name the page
// shows BOT — in the room, to its opponent and to a spectator, in the
// lobby's list, on its player's page (which leads to the bots'
// leaderboard, and from it to the bots' page, where the engine it named
// and its owner's note show) — never beside a person's. Names of 32
// characters and a note of 200, the longest there are, with the badge, at a
// phone's width and a desktop's.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PROTOCOL_VERSION } from "../src/net.js";
import { DESKTOP, PHONE, lookAt, person, screenshot, serverAndBrowser, settle, startTerminal } from "./support.mjs";

const shared = serverAndBrowser();

/** 32 characters each: the longest a name may be. */
const PERSON = "Wilhelmina Crumbsworth-Pemberton";
const BOT = "Marzipan the Methodical Mousebot";
/** Its owner's note on the bots' page: the longest a note may be. */
const NOTE = "Marzipan plays the greedy policy: the expected pips of every placement, the best taken. Its code is in client-cli; run by the club's server as a sparring partner, every evening. Ask its owner! Thanks.";
/** The bot's name as it plays: the terminal client puts its policy in it, within 32 characters. */
const BOT_SHOWN = "Marzipan the Method (greedy bot)";

/**
 * The key a seat was taken with, as the room's state tells a spectator.
 * @param {import("playwright-core").Page} page a page of the server's
 * @param {string} code @param {"yellow" | "blue"} seat
 * @returns {Promise<string>}
 */
function seatKey(page, code, seat) {
  return page.evaluate(
    ({ code, seat, version }) =>
      new Promise((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/ws`);
        socket.onopen = () => {
          socket.send(JSON.stringify({ type: "hello", version, name: "peek" }));
          socket.send(JSON.stringify({ type: "watch_room", code }));
        };
        socket.onmessage = (message) => {
          const frame = JSON.parse(message.data);
          if (frame.type !== "joined") return;
          socket.close();
          resolve(frame.state.players[seat].key);
        };
      }),
    { code, seat, version: PROTOCOL_VERSION },
  );
}

test("a declared bot shows BOT beside its name: in the room, the lobby and its page", async () => {
  assert.equal(PERSON.length, 32);
  assert.equal(BOT_SHOWN.length, 32);
  const { server, browser } = shared;
  const wil = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
  await wil.page.goto(server.url);
  await wil.page.locator("#name").fill(PERSON);
  await wil.page.getByRole("button", { name: "Create the room" }).click();
  await wil.page.waitForURL(/\/r\/[0-9A-Z]{5}$/);
  const code = new URL(wil.page.url()).pathname.slice("/r/".length);
  await wil.page.getByText("Waiting for an opponent").waitFor();

  const bot = startTerminal(server, BOT, ["bot", "--policy", "greedy", "--note", NOTE, "join", code]);
  try {
    // Its opponent sees the badge beside the bot's name, none beside hers.
    const theirs = wil.page.locator(".family.blue");
    await theirs.locator(".player-name", { hasText: BOT_SHOWN }).waitFor();
    assert.equal(await theirs.locator(".bot-badge").textContent(), "BOT");
    assert.equal(await wil.page.locator(".family.yellow .bot-badge").count(), 0);
    await wil.page.locator("#commit").waitFor();
    await screenshot(wil.page, "room-bot-badge");
    await lookAt(wil.page, "a room with a bot", "room-bot-badge");

    // A spectator on a phone sees it too.
    const lou = await person(browser, { viewport: PHONE, reducedMotion: "reduce" });
    await lou.page.goto(`${server.url}/r/${code}`);
    await lou.page.locator("#watching").waitFor();
    await lou.page.locator(".family.blue .bot-badge").waitFor();
    assert.equal(await lou.page.locator(".family.yellow .bot-badge").count(), 0);

    // The lobby lists the room with the badge by the bot's name.
    await lou.page.goto(server.url);
    const row = lou.page.locator("#rooms tr", { hasText: code });
    await row.locator('td[data-label="Blue"] .bot-badge').waitFor();
    assert.equal(await row.locator('td[data-label="Blue"]').textContent(), `${BOT_SHOWN} BOT 1500?`);
    assert.equal(await row.locator('td[data-label="Yellow"]').textContent(), `${PERSON} 1500?`);
    await row.scrollIntoViewIfNeeded();
    await settle(lou.page);
    await screenshot(lou.page, "lobby-bot-badge");
    await lou.page.setViewportSize(DESKTOP);
    await settle(lou.page);
    await screenshot(lou.page, "lobby-bot-badge");
    await lookAt(lou.page, "the lobby with a bot listed");

    // Its page says it is a bot, and leads to the bots' leaderboard.
    const key = await seatKey(lou.page, code, "blue");
    assert.match(key, /^[0-9a-f]{64}$/);
    await lou.page.goto(`${server.url}/p/${key}`);
    await lou.page.locator("#declared-bot").waitFor();
    assert.equal(await lou.page.locator("h1 .player-name").textContent(), BOT_SHOWN);
    assert.equal(await lou.page.locator("h1 .bot-badge").textContent(), "BOT");
    await lookAt(lou.page, "a bot's page", "player-bot");
    await lou.page.getByRole("link", { name: "Leaderboard" }).click();
    await lou.page.waitForURL(`${server.url}/top?bots=1`);
    await lou.page.locator("#no-leaders", { hasText: "No bot is listed in this pool yet." }).waitFor();

    // From there, the bots' page: the bot with the engine it named (its
    // policy's, this client's version, signed with its key) and its
    // owner's note of 200 characters, within a phone's width.
    await lou.page.locator("#all-bots-link").click();
    await lou.page.waitForURL(`${server.url}/bots`);
    const line = lou.page.locator(`#bots tr[data-key="${key}"]`);
    await line.locator(".bot-engine", { hasText: "mice-cake greedy" }).waitFor();
    assert.equal(await line.locator(".bot-name").textContent(), `${BOT_SHOWN} BOT`);
    assert.match((await line.locator(".bot-engine").textContent()) ?? "", /^mice-cake greedy \d+\.\d+\.\d+by Mice Cake$/);
    assert.equal(await line.locator(".bot-note").textContent(), NOTE);
    assert.equal(await line.locator(".bot-ratings").textContent(), "no rated game yet");
    assert.equal(await line.locator(".bot-games").textContent(), "0");
    await lookAt(lou.page, "the bots' page (a 32-character name, a 200-character note)", "bots-page");

    for (const who of [wil, lou]) {
      who.assertClean();
      await who.context.close();
    }
  } finally {
    bot.stop();
  }
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});
