// The page checks a finished game itself, asking the server nothing but the
// record: six spectators watch two terminal bots play to the end, and the
// record five of them are served has been tampered with on the way (a die,
// a seal, the deal, a signature, a move passed off as a player's). Each of
// those says NOT FAIR and names the broken link; the sixth, served the
// record as it is, says it verified the game, every move signed.

import assert from "node:assert/strict";
import { test } from "node:test";

import { DESKTOP, person, serverAndBrowser, startTerminal } from "./support.mjs";

const shared = serverAndBrowser();

/** @typedef {(record: any) => void} Tampering */

/** The spectators: who (for the failure's message), the record as they are served it, what they say. */
/** @type {[string, Tampering, RegExp][]} */
const SPECTATORS = [
  ["Hal", () => {}, /^✓ Verified fair by this page: dice nobody chose, moves nobody saw early, every player's move signed by its player/],
  [
    "Ida",
    (record) => {
      const attempt = record.rounds[0].attempts.find((/** @type {any} */ a) => a.dice.length > 0);
      attempt.dice[0] = (attempt.dice[0] % 6) + 1;
    },
    /^NOT FAIR: round 1: \w+'s attempt in column [A-D], die 1, shows \d where the seed and both nonces give \d/,
  ],
  [
    "Jon",
    (record) => {
      record.fair.rounds[1].seals.blue = "00".repeat(32);
    },
    // Seen in play, the seal is held against the one published then
    // first; the record's own link is broken too.
    /^NOT FAIR: (blue's seal of round 2 is not the one published before the moves were opened|round 2: blue's opening does not match its seal)/,
  ],
  [
    "Kim",
    (record) => {
      const rows = record.layout;
      [rows[0][0], rows[6][3]] = [rows[6][3], rows[0][0]];
    },
    /^NOT FAIR: the deal is not the one the seed and both deal nonces give \(row 1\)/,
  ],
  [
    "Lee",
    (record) => {
      const signature = record.fair.rounds[0].signatures.yellow;
      record.fair.rounds[0].signatures.yellow = (signature[0] === "0" ? "1" : "0") + signature.slice(1);
    },
    // Seen in play, the signature is held against the one published then
    // first; the record's own link is broken too.
    /^NOT FAIR: (.*Yellow's signature of round 1 .*|round 1: Yellow's signature does not match Yellow's seal and key)/i,
  ],
  [
    "Mo",
    (record) => {
      // A move the server made, passed off as the player's: no signature.
      delete record.fair.rounds[1].signatures.blue;
    },
    /^NOT FAIR: (.*Blue's signature of round 2 .*|round 2: Blue's move is recorded as Blue's own, but it is not signed with Blue's key)/i,
  ],
];

test("the page checks the record itself: a die, a seal or the deal tampered with reads NOT FAIR, named", async () => {
  const { server, browser } = shared;
  const bot = ["bot", "--think", "300ms"];
  const ann = startTerminal(server, "Ann", [...bot, "create"]);
  /** @type {ReturnType<typeof startTerminal> | null} */
  let bob = null;
  try {
    const created = await ann.output.until("the room", (line) => line.includes("you are Yellow"));
    const code = created.split(/\s+/)[1];
    const watchers = [];
    /** @type {string[]} */
    const asked = [];
    // Every spectator in before the game starts ("Just watch", though a
    // seat is free), so that each sees its end however short it is.
    for (const [name, tamper, verdict] of SPECTATORS) {
      const watcher = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce" });
      watcher.page.on("request", (request) => asked.push(request.url()));
      // The record on its way from the server, changed as a cheating
      // server would serve it.
      await watcher.page.route("**/api/games/*", async (route) => {
        const response = await route.fetch();
        const finished = await response.json();
        tamper(finished.record);
        await route.fulfill({ response, json: finished });
      });
      await watcher.page.goto(`${server.url}/r/${code}`);
      await watcher.page.locator("#just-watch").click();
      await watcher.page.locator(".family.yellow .player-name", { hasText: "Ann" }).waitFor();
      watchers.push({ name, watcher, verdict });
    }
    bob = startTerminal(server, "Bob", [...bot, "--policy", "random", "join", code]);
    for (const { name, watcher, verdict } of watchers) {
      const fairness = watcher.page.locator("#fairness");
      await fairness.filter({ hasText: /Verified fair|NOT FAIR/ }).waitFor({ timeout: 120_000 });
      const said = ((await fairness.textContent()) ?? "").trim();
      assert.match(said, verdict, `${name}'s page`);
    }
    // Nothing was asked of the server's own check.
    assert.deepEqual(
      asked.filter((url) => /\/api\/games\/[^/]+\/verify/.test(url)),
      [],
    );
  } finally {
    ann.stop();
    bob?.stop();
  }
});
