// "Play now" in the browser (quick pairing, protocol 7): two browsers seek
// the standard pool, are paired into one room (each on /r/CODE holding a
// seat, Yellow and Blue) and play a whole rated game; then a terminal
// player (`mice-cake play`, a person typing the moves its client suggests)
// is paired through the queue with one of them for a second rated game;
// the ratings their pages show are Glicko-2's, computed here from the
// games' results (Glickman's "Example of the Glicko-2 system", written in
// this file and checked against its worked example). Every player is on
// this machine's address, so the server rates one address's games
// (`--rate-one-address`). A terminal bot (`mice-cake bot play --casual`,
// which declares itself a bot) is paired with a browser, which shows BOT
// beside its name. The bot offered after the wait chosen, kept waiting
// for, then taken: a casual game against the server's strong bot. A search
// cancelled gives the choices back, and seeking again works; a connection
// dropped while seeking seeks again; the server stopping ends the search
// with its reason; a browser without a key is offered a casual game.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DESKTOP,
  PHONE,
  PATIENCE_MS,
  lookAt,
  person,
  playToTheEnd,
  serverAndBrowser,
  screenshot,
  startServer,
  startTerminal,
  typeSuggestions,
} from "./support.mjs";

const shared = serverAndBrowser(["--rate-one-address"]);

// ---------------------------------------------------------------------------
// Glicko-2, from Glickman's "Example of the Glicko-2 system" (2013): each
// game is its own rating period; the volatility by the Illinois algorithm.

/** The factor between the Glicko and Glicko-2 scales. */
const SCALE = 173.7178;
/** The system constant τ. */
const TAU = 0.5;
/** The convergence tolerance ε of the volatility's iteration. */
const EPSILON = 1e-6;
/** Where every player starts. */
const INITIAL = { rating: 1500, deviation: 350, volatility: 0.06 };

/** @typedef {{rating: number, deviation: number, volatility: number}} Glicko */

/**
 * A player's rating after one rating period of games against `games`
 * (each an opponent's rating before the period and the score: 1 a win,
 * 0.5 a draw, 0 a loss).
 * @param {Glicko} player
 * @param {{opponent: Glicko, score: number}[]} games
 * @returns {Glicko}
 */
function glicko2(player, games) {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const g = (/** @type {number} */ phiJ) => 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
  const expected = (/** @type {number} */ muJ, /** @type {number} */ phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
  // Steps 3 and 4: the estimated variance v and the improvement Δ.
  let inverseV = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const e = expected(muJ, phiJ);
    inverseV += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // Step 5: the new volatility σ', by the Illinois algorithm.
  const a = Math.log(sigma * sigma);
  const f = (/** @type {number} */ x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  // Steps 6 and 7: the pre-period deviation, then the new φ' and μ'.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  // Step 8: back to the Glicko scale.
  return { rating: SCALE * muNew + 1500, deviation: SCALE * phiNew, volatility: sigmaNew };
}

/** A rating as the server shows it: rounded (a half to even, as Rust does), `?` while provisional. @param {Glicko} rating */
function shown(rating) {
  const floor = Math.floor(rating.rating);
  const fraction = rating.rating - floor;
  const whole = fraction > 0.5 ? floor + 1 : fraction < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return `${whole}${rating.deviation > 110 ? "?" : ""}`;
}

test("Glicko-2 written here gives the paper's worked example", () => {
  const after = glicko2({ rating: 1500, deviation: 200, volatility: 0.06 }, [
    { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
    { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
    { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
  ]);
  // The paper rounds every step (μ' = −0.2069, so r' = 1464.06); carried
  // exactly, the same steps give 1464.0507, 151.5165 and 0.059996.
  assert.ok(Math.abs(after.rating - 1464.06) < 0.01, `rating ${after.rating}`);
  assert.ok(Math.abs(after.deviation - 151.52) < 0.01, `deviation ${after.deviation}`);
  assert.ok(Math.abs(after.volatility - 0.05999) < 1e-5, `volatility ${after.volatility}`);
  assert.ok(Math.abs(after.rating - 1464.0507) < 1e-4 && Math.abs(after.deviation - 151.5165) < 1e-4, `${after.rating}, ${after.deviation}`);
});

// ---------------------------------------------------------------------------
// The pages.

/**
 * Opens /play and seeks with these choices; the search is shown.
 * @param {import("playwright-core").Page} page
 * @param {string} url
 * @param {{pool?: string, time?: string, rated?: boolean, botAfter?: string}} choices
 */
async function playNow(page, url, choices = {}) {
  await seek(page, url, choices);
  await page.locator("#seek-search").waitFor();
}

/**
 * Opens /play and presses Play now with these choices. When an opponent is
 * already waiting the page may go to the room before the search is ever
 * drawn, so callers that expect a pairing wait for the room (`landed`).
 * @param {import("playwright-core").Page} page
 * @param {string} url
 * @param {{pool?: string, time?: string, rated?: boolean, botAfter?: string}} choices
 */
async function seek(page, url, choices = {}) {
  if (new URL(page.url()).pathname !== "/play") await page.goto(`${url}/play`);
  await page.locator("#pool").selectOption(choices.pool ?? "standard");
  await page.locator("#time").selectOption(choices.time ?? "");
  await page.locator("#bot-after").selectOption(choices.botAfter ?? "0");
  if (choices.rated === false) await page.locator("#rated").uncheck();
  else await page.locator("#rated").check();
  await page.getByRole("button", { name: "Play now", exact: true }).click();
}

/**
 * Puts every available mouse on one column, a different one each round
 * (`turn`): four dice on a piece take it far more often than one die on
 * each, so that a game of two such players ends well before the stall
 * limit of rated play (100 rounds without progress).
 * @param {import("playwright-core").Page} page @param {number} turn
 */
async function placeTogether(page, turn) {
  const heading = page.locator("section.assign h2");
  for (;;) {
    const text = (await heading.textContent()) ?? "";
    const [, placed, wanted] = text.match(/(\d+) of (\d+)/) ?? [];
    if (placed === wanted) return;
    const open = page.locator("table.board thead button.more:enabled");
    const count = await open.count();
    assert.ok(count > 0, `no column takes a mouse: ${text}`);
    await open.nth(turn % count).click();
  }
}

/** The room's code once this page is in it. @param {import("playwright-core").Page} page */
async function landed(page) {
  await page.waitForURL(/\/r\/[0-9A-Z]{5}$/);
  return new URL(page.url()).pathname.slice("/r/".length);
}

/** The seat this page holds ("yellow" or "blue"), once the room is drawn. @param {import("playwright-core").Page} page */
async function seatHeld(page) {
  const mine = page.locator(".family", { has: page.locator("h2 .you") });
  await mine.waitFor();
  const classes = (await mine.getAttribute("class")) ?? "";
  return classes.includes("yellow") ? "yellow" : "blue";
}

/** The seat token kept for room `code`, as net.js keeps it. @param {import("playwright-core").Page} page @param {string} code */
async function keptToken(page, code) {
  return page.evaluate((room) => {
    const held = JSON.parse(localStorage.getItem(`mice-cake:seat:${location.host}:${room}`) ?? "null");
    return held?.token ?? null;
  }, code);
}

/** Quick pairing's seekers on the server now (its metrics). @param {string} url */
async function seekers(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((row) => row.startsWith("mice_cake_seeking "));
  return Number(line?.split(" ")[1] ?? "0");
}

/** Waits until the server has `count` seekers. @param {string} url @param {number} count */
async function untilSeekers(url, count) {
  const end = Date.now() + PATIENCE_MS;
  for (;;) {
    const now = await seekers(url);
    if (now === count) return;
    if (Date.now() > end) throw new Error(`${now} seekers, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The game a page's result links to: its record from the API. @param {import("playwright-core").Page} page @param {string} url */
async function finishedGame(page, url) {
  const href = await page.locator("#replay-link").getAttribute("href");
  const id = (href ?? "").slice("/g/".length);
  assert.match(id, /^[0-9a-f-]{36}$/, `the replay link: ${href}`);
  const game = await (await fetch(`${url}/api/games/${id}`)).json();
  assert.ok(game.rated, `game ${id} is rated`);
  return game;
}

/** A page's score: 1 a win, 0.5 a draw (or nobody won), 0 a loss. @param {any} result @param {"yellow" | "blue"} seat */
const scoreOf = (result, seat) => (result.winner ? (result.winner === seat ? 1 : 0) : 0.5);

test("two browsers paired by Play now play a rated game, then one is paired with a terminal player; the ratings shown are Glicko-2's", async () => {
  const { server, browser } = shared;
  const ann = await person(browser, { viewport: DESKTOP, reducedMotion: "reduce", name: "Ann" });
  const bob = await person(browser, { viewport: PHONE, reducedMotion: "reduce", name: "Bob" });

  // The lobby leads to Play now.
  await ann.page.goto(server.url);
  await ann.page.locator("#play-now-link").click();
  await ann.page.waitForURL(`${server.url}/play`);
  // The title is the catalogue's, set once the page's words have loaded.
  await ann.page.waitForFunction(() => document.title !== "Mice Cake");
  assert.equal(await ann.page.title(), "Play now · Mice Cake");
  await lookAt(ann.page, "the Play now page", "play-choices");

  // Both seek the standard pool, rated; each is shown their rating.
  await playNow(ann.page, server.url, { pool: "standard" });
  await ann.page.locator("#seek-rating", { hasText: "Your rating (Standard): 1500?" }).waitFor();
  assert.match((await ann.page.locator("#seek-asked").textContent()) ?? "", /^Standard · any time per round · rated · no bot$/);
  await ann.page.locator("#seek-waited", { hasText: /Waited [1-9]/ }).waitFor();
  await seek(bob.page, server.url, { pool: "standard" });

  // Paired into one room: each on its page, holding a seat (the token kept where the room page looks).
  const [annCode, bobCode] = await Promise.all([landed(ann.page), landed(bob.page)]);
  assert.equal(annCode, bobCode, "one room for the pair");
  const code = annCode;
  const seats = await Promise.all([seatHeld(ann.page), seatHeld(bob.page)]);
  assert.deepEqual([...seats].sort(), ["blue", "yellow"], "one Yellow, one Blue");
  const [annSeat, bobSeat] = /** @type {("yellow" | "blue")[]} */ (seats);
  assert.match((await keptToken(ann.page, code)) ?? "", /^[0-9a-f]+$/);
  assert.match((await keptToken(bob.page, code)) ?? "", /^[0-9a-f]+$/);
  assert.match((await ann.page.locator(".room-title .meta").textContent()) ?? "", /standard, .*rated/);
  await ann.page.locator(`.family.${bobSeat} .player-name`, { hasText: "Bob" }).waitFor();
  await bob.page.locator(`.family.${annSeat} .player-name`, { hasText: "Ann" }).waitFor();
  const summary = await (await fetch(`${server.url}/api/rooms/${code}`)).json();
  assert.equal(summary.options.public, false, "a pair's room is private");
  assert.equal(summary.options.rated, true);

  // A whole game, each page playing on its own (all its mice on one column a round).
  await Promise.all([
    playToTheEnd(ann.page, { before: (round) => placeTogether(ann.page, round) }),
    playToTheEnd(bob.page, { before: (round) => placeTogether(bob.page, round + 1) }),
  ]);
  await ann.page.locator("#ratings-after", { hasText: "(" }).waitFor();
  const first = await finishedGame(ann.page, server.url);
  assert.equal(first.rated.pool, "standard");
  const annKey = first.rated.keys[annSeat];
  const bobKey = first.rated.keys[bobSeat];
  assert.notEqual(annKey, bobKey);

  // A terminal player seeks the standard pool through the queue, and Ann plays now again.
  const cy = startTerminal({ ws: `127.0.0.1:${server.port}` }, "Cy", ["play", "--pool", "standard", "--bot-after", "0s"]);
  try {
    await untilSeekers(server.url, 1);
    await seek(ann.page, server.url, { pool: "standard" });
    const second = await landed(ann.page);
    assert.notEqual(second, code);
    const annSeat2 = await seatHeld(ann.page);
    const cySeat = annSeat2 === "yellow" ? "blue" : "yellow";
    await ann.page.locator(`.family.${cySeat} .player-name`, { hasText: "Cy" }).waitFor();
    assert.equal(await ann.page.locator(".bot-badge").count(), 0, "a person, no badge");
    await Promise.all([playToTheEnd(ann.page), typeSuggestions(cy)]);
    await ann.page.locator("#ratings-after", { hasText: "(" }).waitFor();
    const game2 = await finishedGame(ann.page, server.url);
    assert.equal(game2.rated.keys[annSeat2], annKey, "Ann's key in both games");
    const cyKey = game2.rated.keys[cySeat];

    // The ratings, from the results played, game after game.
    const annAfter1 = glicko2(INITIAL, [{ opponent: INITIAL, score: scoreOf(first.result, annSeat) }]);
    const bobAfter1 = glicko2(INITIAL, [{ opponent: INITIAL, score: scoreOf(first.result, bobSeat) }]);
    const annAfter2 = glicko2(annAfter1, [{ opponent: INITIAL, score: scoreOf(game2.result, annSeat2) }]);
    const cyAfter2 = glicko2(INITIAL, [{ opponent: annAfter1, score: scoreOf(game2.result, cySeat) }]);
    const expected = [
      { who: "Ann", key: annKey, rating: annAfter2, games: 2 },
      { who: "Bob", key: bobKey, rating: bobAfter1, games: 1 },
      { who: "Cy", key: cyKey, rating: cyAfter2, games: 1 },
    ];
    for (const { who, key, rating, games } of expected) {
      // Exactly, from the API.
      const profile = await (await fetch(`${server.url}/api/players/${key}`)).json();
      const pool = profile.ratings.find((/** @type {any} */ entry) => entry.pool === "standard");
      assert.ok(pool, `${who} has a standard rating`);
      assert.ok(Math.abs(pool.rating.rating - rating.rating) < 0.01, `${who}'s rating: the server's ${pool.rating.rating}, Glicko-2's ${rating.rating}`);
      assert.ok(Math.abs(pool.rating.deviation - rating.deviation) < 0.01, `${who}'s deviation: the server's ${pool.rating.deviation}, Glicko-2's ${rating.deviation}`);
      assert.ok(Math.abs(pool.rating.volatility - rating.volatility) < 1e-6, `${who}'s volatility: the server's ${pool.rating.volatility}, Glicko-2's ${rating.volatility}`);
      assert.equal(pool.rating.games, games, `${who}'s rated games`);
      // Rounded, on their page.
      await bob.page.goto(`${server.url}/p/${key}`);
      const section = bob.page.locator('section.pool-rating[data-pool="standard"]');
      await section.waitFor();
      assert.equal(await section.locator(".rating-value").textContent(), shown(rating), `${who}'s rating on their page`);
      assert.match((await section.locator(".rating-line").textContent()) ?? "", new RegExp(`${games} rated games?: `));
    }
    // The games' records say the same as the pages.
    assert.ok(Math.abs(first.rated.ratings[annSeat].after.rating - annAfter1.rating) < 0.01);
    assert.ok(Math.abs(game2.rated.ratings[annSeat2].before.rating - annAfter1.rating) < 0.01);
  } finally {
    cy.stop();
  }

  for (const who of [ann, bob]) {
    who.assertClean();
    await who.context.close();
  }
  assert.doesNotMatch(server.log(), /ERROR|panicked/);
});

test("the bot offered after the wait chosen: kept waiting for, then taken, a casual game against the strong bot", async () => {
  const { server, browser } = shared;
  const dee = await person(browser, { viewport: PHONE, reducedMotion: "reduce", name: "Dee" });

  // Nobody else seeks: the bot is offered after 10 s.
  await playNow(dee.page, server.url, { pool: "standard", botAfter: "10000" });
  assert.match((await dee.page.locator("#seek-asked").textContent()) ?? "", /the bot offered after 10 s$/);
  const offer = dee.page.locator("#bot-offer");
  await offer.waitFor();
  assert.equal(await dee.page.locator("#offer-text").textContent(), "Nobody yet — play the server's strong bot (unrated)?");
  const waited = Number(((await dee.page.locator("#seek-waited").textContent()) ?? "").match(/\d+/)?.[0]);
  assert.ok(waited >= 9, `offered after ${waited} s`);
  await lookAt(dee.page, "the bot offered", "play-bot-offered");

  // Keep waiting: the offer goes, the search goes on (offered once a seek).
  await dee.page.locator("#keep-waiting").click();
  await offer.waitFor({ state: "hidden" });
  assert.ok(await dee.page.locator("#cancel-seek").isVisible());
  assert.equal(await seekers(server.url), 1, "still seeking");

  // Seeking again offers it again; this time it is taken.
  await dee.page.locator("#cancel-seek").click();
  await playNow(dee.page, server.url, { pool: "standard", botAfter: "10000" });
  await offer.waitFor();
  await dee.page.locator("#play-bot").click();
  const code = await landed(dee.page);
  await untilSeekers(server.url, 0);
  const mine = await seatHeld(dee.page);
  const bot = mine === "yellow" ? "blue" : "yellow";
  // The server's bot: its policy beside the BOT badge.
  await dee.page.locator(`.family.${bot} h2`, { hasText: "strong BOT" }).waitFor();
  assert.match((await keptToken(dee.page, code)) ?? "", /^[0-9a-f]+$/);
  const summary = await (await fetch(`${server.url}/api/rooms/${code}`)).json();
  assert.equal(summary.options.bot, "strong");
  assert.ok(!summary.options.rated, "the bot's game is casual");
  assert.doesNotMatch((await dee.page.locator(".room-title .meta").textContent()) ?? "", /rated/);

  // Played to the end: no rating line, no rating of hers, the game listed as casual.
  await playToTheEnd(dee.page);
  await dee.page.locator("#fairness").waitFor();
  assert.equal(await dee.page.locator("#ratings-after").count(), 0, "no rating line");
  await dee.page.goto(server.url);
  const yours = dee.page.locator("#your-page");
  await yours.waitFor();
  const key = ((await yours.getAttribute("href")) ?? "").slice("/p/".length);
  const profile = await (await fetch(`${server.url}/api/players/${key}`)).json();
  assert.deepEqual([profile.ratings, profile.recent.length, profile.recent[0].rated], [[], 1, undefined], "a casual game, no rating");
  await yours.click();
  await dee.page.locator("table.recent-games").waitFor();
  assert.equal(await dee.page.locator('table.recent-games td[data-label="Pool"]').textContent(), "Casual");
  assert.equal(await dee.page.locator('table.recent-games td[data-label="Rating"]').textContent(), "Casual");
  // As found by playing: her page's footer ended "Leaderboard ·" on a
  // phone, and sent rated play to the lobby. It is its links alone, rated
  // play where it is.
  const footer = dee.page.locator("p.page-links");
  const links = await footer.locator("a").evaluateAll((found) => found.map((link) => [link.textContent, link.getAttribute("href")]));
  assert.deepEqual(links, [["Leaderboard", "/top"], ["Play a rated game", "/play"]]);
  assert.equal(((await footer.textContent()) ?? "").replace(/\s/g, ""), "LeaderboardPlayaratedgame", "nothing but its links");
  dee.assertClean();
  await dee.context.close();
});

test("paired with a terminal bot in a casual game: BOT beside its name, in the pairing and in the room", async () => {
  const { server, browser } = shared;
  const hal = await person(browser, { viewport: PHONE, reducedMotion: "reduce", name: "Hal" });
  // The page is held on "Paired with …" a moment (its seat's `joined` and
  // all that follows kept back, in order), long enough to be read.
  await hal.page.routeWebSocket(/\/ws$/, (route) => {
    const server = route.connectToServer();
    /** @type {(string | Buffer)[] | null} */
    let held = null;
    server.onMessage((message) => {
      if (held) {
        held.push(message);
      } else if (String(message).includes('"type":"joined"')) {
        held = [message];
        setTimeout(() => {
          for (const each of held ?? []) route.send(each);
          held = null;
        }, 1_500);
      } else {
        route.send(message);
      }
    });
  });
  const bot = startTerminal({ ws: `127.0.0.1:${server.port}` }, "Cy", ["bot", "--policy", "greedy", "play", "--casual", "--bot-after", "0s"]);
  try {
    await untilSeekers(server.url, 1);
    await seek(hal.page, server.url, { pool: "standard", rated: false });
    // The terminal names a bot after its policy too.
    const status = hal.page.locator("#seek-status", { hasText: "Paired with Cy (greedy bot)" });
    await status.waitFor();
    assert.equal(await status.locator(".bot-badge").textContent(), "BOT");
    await screenshot(hal.page, "play-paired-with-a-bot");
    await landed(hal.page);
    const mine = await seatHeld(hal.page);
    const theirs = mine === "yellow" ? "blue" : "yellow";
    await hal.page.locator(`.family.${theirs} .player-name`, { hasText: "Cy (greedy bot)" }).waitFor();
    assert.equal(await hal.page.locator(`.family.${theirs} .bot-badge`).textContent(), "BOT");
    assert.equal(await hal.page.locator(`.family.${mine} .bot-badge`).count(), 0, "a person, no badge");
  } finally {
    bot.stop();
  }
  hal.assertClean();
  await hal.context.close();
});

test("a search cancelled gives the choices back and seeking again works; a dropped connection seeks again", async () => {
  const { server, browser } = shared;
  const eve = await person(browser, { viewport: DESKTOP, name: "Eve", reducedMotion: "reduce" });
  const fay = await person(browser, { viewport: PHONE, name: "Fay", reducedMotion: "reduce" });

  // Fay's connection can be cut from here.
  /** @type {{page: import("playwright-core").WebSocketRoute, server: import("playwright-core").WebSocketRoute}[]} */
  const routes = [];
  await fay.page.routeWebSocket(/\/ws$/, (route) => {
    routes.push({ page: route, server: route.connectToServer() });
  });

  // Eve seeks (casual, any pool), is shown the search, and cancels.
  await playNow(eve.page, server.url, { pool: "", rated: false });
  await eve.page.locator("#seek-rating", { hasText: "1500?" }).waitFor();
  assert.match((await eve.page.locator("#seek-asked").textContent()) ?? "", /^Any pool · any time per round · casual · no bot$/);
  await untilSeekers(server.url, 1);
  await lookAt(eve.page, "a search for an opponent", "play-seeking");
  await eve.page.locator("#cancel-seek").click();
  await eve.page.locator("#play-now").waitFor();
  assert.ok(await eve.page.locator("#seek-search").isHidden(), "the search is gone");
  assert.equal(await eve.page.locator("#play-error").textContent(), "", "no error");
  assert.equal(await eve.page.locator("#pool").inputValue(), "", "the choices as they were");
  assert.equal(await eve.page.locator("#rated").isChecked(), false);
  await untilSeekers(server.url, 0);

  // Fay seeks; her connection drops; the page connects again and seeks again.
  await playNow(fay.page, server.url, { pool: "standard", rated: false });
  await untilSeekers(server.url, 1);
  const before = routes.length;
  for (const route of routes.splice(0)) {
    await route.server.close();
    await route.page.close();
  }
  await fay.page.locator("#seek-link", { hasText: "connecting again" }).waitFor();
  await fay.page.locator("#seek-link").waitFor({ state: "hidden" });
  assert.equal(routes.length, 1, `a new connection after ${before}`);
  await untilSeekers(server.url, 1);
  assert.ok(await fay.page.locator("#cancel-seek").isVisible(), "still seeking");

  // Eve seeks again (the standard pool now): the two are paired.
  await seek(eve.page, server.url, { pool: "standard", rated: false });
  const [eveCode, fayCode] = await Promise.all([landed(eve.page), landed(fay.page)]);
  assert.equal(eveCode, fayCode);
  const seats = await Promise.all([seatHeld(eve.page), seatHeld(fay.page)]);
  assert.deepEqual([...seats].sort(), ["blue", "yellow"]);
  assert.doesNotMatch((await eve.page.locator(".room-title .meta").textContent()) ?? "", /rated/);

  for (const who of [eve, fay]) {
    who.assertClean();
    await who.context.close();
  }
});

test("a search the server ends shows why and gives the choices back; a browser without a key is offered a casual game", async () => {
  const { browser } = shared;
  const other = await startServer();
  try {
    // No IndexedDB (some private windows): rated starts unticked, and a rated search is refused here.
    const gil = await person(browser, { viewport: PHONE, name: "Gil", reducedMotion: "reduce" });
    await gil.context.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true }));
    await gil.page.goto(`${other.url}/play`);
    await gil.page.locator("#play-now").waitFor();
    assert.equal(await gil.page.locator("#rated").isChecked(), false, "casual for a browser without a key");
    assert.match((await gil.page.locator("#rated-help").textContent()) ?? "", /cannot keep a key/);
    await gil.page.locator("#rated").check();
    await gil.page.getByRole("button", { name: "Play now", exact: true }).click();
    await gil.page.locator("#play-error", { hasText: "needs this browser's key" }).waitFor();
    assert.equal(await gil.page.locator("#seek-search").isHidden(), true, "no search");
    await lookAt(gil.page, "Play now without a key", "play-keyless");

    // The casual game offered instead: a search, casual.
    await gil.page.locator("#play-casual").click();
    await gil.page.locator("#seek-rating", { hasText: "1500?" }).waitFor();
    assert.match((await gil.page.locator("#seek-asked").textContent()) ?? "", / · casual · /);
    await untilSeekers(other.url, 1);

    // The server stops: the search ends with its reason, and the choices are back.
    await other.terminate();
    await gil.page.locator("#play-error", { hasText: "The search ended: the server is shutting down" }).waitFor();
    assert.ok(await gil.page.locator("#play-now").isVisible());
    assert.ok(await gil.page.locator("#seek-search").isHidden());
    gil.assertClean();
    await gil.context.close();
  } finally {
    other.stop();
  }
});
