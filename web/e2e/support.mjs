// What the browser tests share: the real server and terminal client as
// processes on loopback, Chromium (Debian's, never a downloaded one), pages
// that fail the test on any console error, and a player's moves made by
// clicking, as a person would.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import { after, afterEach, before } from "node:test";

import { chromium } from "playwright-core";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Where the binaries are: `cargo build`'s, unless told otherwise. */
const BINARIES = process.env.MICE_CAKE_BIN_DIR ?? join(REPO, "target/debug");
/** The screenshots the issue asks for, for people to look at. */
export const SCREENSHOTS = join(REPO, "target/web-e2e/screenshots");
/** Longest wait for anything a page or process should do. */
export const PATIENCE_MS = 30_000;

/**
 * The messages of a frame a page received, as the page handles them: an
 * `events` frame as an `event` each (see `oneByOne` in `web/src/net.js`).
 * @param {string} payload @returns {any[]}
 */
export function messagesOf(payload) {
  const message = JSON.parse(payload);
  if (message.type !== "events") return [message];
  return message.events.map((/** @type {any} */ event, /** @type {number} */ index) => ({ type: "event", seq: message.seq + index, event }));
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/** Lines of a child process's output, as they come. */
class Lines {
  /** @param {import("node:stream").Readable[]} streams */
  constructor(streams) {
    /** @type {string[]} */
    this.seen = [];
    /** @type {{wanted: (line: string) => boolean, resolve: (line: string) => void}[]} */
    this.waiting = [];
    for (const stream of streams) {
      createInterface({ input: stream }).on("line", (line) => {
        this.seen.push(line);
        this.waiting = this.waiting.filter((waiter) => {
          if (!waiter.wanted(line)) return true;
          waiter.resolve(line);
          return false;
        });
      });
    }
    this.read = 0;
  }

  /**
   * The next line (after the last one waited for) that `wanted` accepts.
   * @param {string} what
   * @param {(line: string) => boolean} wanted
   * @returns {Promise<string>}
   */
  until(what, wanted) {
    const found = this.seen.slice(this.read).findIndex(wanted);
    if (found >= 0) {
      this.read += found + 1;
      return Promise.resolve(this.seen[this.read - 1]);
    }
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${what} in ${PATIENCE_MS} ms; output so far:\n${this.seen.join("\n")}`)),
        PATIENCE_MS,
      );
      this.waiting.push({
        wanted,
        resolve: (line) => {
          clearTimeout(timer);
          this.read = this.seen.length;
          resolvePromise(line);
        },
      });
    });
  }
}

/**
 * `mice-cake-server` on a free loopback port, keeping nothing on disk.
 * @param {string[]} [flags]
 */
export async function startServer(flags = []) {
  return startServerWith(["--bind", "127.0.0.1:0", "--ephemeral", ...flags]);
}

/**
 * `mice-cake-server` keeping its games in `dataDir`, on `port` (0: a free
 * one), so that it can be stopped and started again where it was.
 * @param {string} dataDir @param {number} port
 */
export async function startDurableServer(dataDir, port = 0) {
  return startServerWith(["--bind", `127.0.0.1:${port}`, "--data-dir", dataDir]);
}

/** A fresh directory for a server's data. */
export function dataDirectory() {
  return mkdtempSync(join(tmpdir(), "mice-cake-web-data-"));
}

/**
 * A node of a cluster: `mice-cake-server` on PostgreSQL and Redis, with
 * `flags`.
 * @param {{database: string, redis: string}} services @param {string[]} [flags]
 */
export async function startNode(services, flags = []) {
  return startServerWith(["--bind", "127.0.0.1:0", "--data-dir", dataDirectory(), "--database", services.database, "--cluster", services.redis, ...flags]);
}

/** Databases and Redis databases made for tests so far. */
let servicesMade = 0;

/**
 * A fresh PostgreSQL database and a Redis database for a cluster, on the
 * servers `tests/services.sh` started (`MICE_CAKE_TEST_POSTGRES`,
 * `MICE_CAKE_TEST_REDIS`, as `.ci/run` gives them); null when they are
 * not given — unless `MICE_CAKE_REQUIRE_SERVICES=1`, as in CI, where that
 * fails.
 * @returns {{database: string, redis: string} | null}
 */
export function clusterServices() {
  const postgres = process.env.MICE_CAKE_TEST_POSTGRES;
  const redis = process.env.MICE_CAKE_TEST_REDIS;
  if (!postgres || !redis) {
    assert.notEqual(process.env.MICE_CAKE_REQUIRE_SERVICES, "1", "MICE_CAKE_TEST_POSTGRES and MICE_CAKE_TEST_REDIS are required");
    return null;
  }
  servicesMade += 1;
  const name = `mc_web_${process.pid}_${servicesMade}`;
  const made = spawnSync("psql", [postgres, "-q", "-v", "ON_ERROR_STOP=1", "-c", `CREATE DATABASE ${name}`], { stdio: ["ignore", "ignore", "inherit"] });
  assert.equal(made.status, 0, `cannot create the database ${name}`);
  // Redis has 16 databases; the end-to-end tests in Rust count up from 1.
  const number = 15 - (servicesMade % 5);
  const redisUrl = `${redis.replace(/\/$/, "")}/${number}`;
  const flushed = spawnSync("redis-cli", ["-u", redisUrl, "FLUSHDB"], { stdio: ["ignore", "ignore", "inherit"] });
  assert.equal(flushed.status, 0, "cannot empty a Redis database");
  return { database: `${postgres.slice(0, postgres.lastIndexOf("/"))}/${name}`, redis: redisUrl };
}

/** @param {string[]} args */
async function startServerWith(args) {
  const child = spawn(join(BINARIES, "mice-cake-server"), args, {
    env: { ...process.env, RUST_LOG: "info", NO_COLOR: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const log = new Lines([child.stderr]);
  const line = await log.until("listening line", (text) => text.includes("listening"));
  const addr = line.split(/\s+/).find((word) => word.startsWith("addr="))?.slice("addr=".length);
  assert.ok(addr, line);
  const exited = new Promise((resolveExit) => child.on("exit", resolveExit));
  return {
    url: `http://${addr}`,
    ws: `ws://${addr}`,
    port: Number(addr.split(":").pop()),
    log: () => log.seen.join("\n"),
    stop: () => child.kill("SIGKILL"),
    /** Pauses it (SIGSTOP), as a machine that stalls does; `resume` lets it go on. */
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    /** Stops it as an operator does (SIGTERM), and waits for it to exit. */
    terminate: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * `mice-cake --plain ARGS…` against `server`, its seats kept apart.
 * @param {{ws: string}} server
 * @param {string} name
 * @param {string[]} args
 */
export function startTerminal(server, name, args) {
  const state = mkdtempSync(join(tmpdir(), "mice-cake-e2e-"));
  const child = spawn(join(BINARIES, "mice-cake"), ["--server", server.ws, "--name", name, "--plain", ...args], {
    // In English whatever the machine's locale: the tests read its words.
    env: { ...process.env, MICE_CAKE_STATE_DIR: state, NO_COLOR: "1", LC_ALL: "C.UTF-8" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output = new Lines([child.stdout, child.stderr]);
  return {
    output,
    /** @param {string} line */
    type: (line) => child.stdin.write(`${line}\n`),
    exited: new Promise((resolveExit) => child.on("exit", (code) => resolveExit(code))),
    stop: () => child.kill("SIGKILL"),
  };
}

/**
 * Plays a `mice-cake --plain` player by typing, at each prompt, the move
 * its client suggests; resolves with its "Game over" line.
 * @param {ReturnType<typeof startTerminal>} terminal
 */
export async function typeSuggestions(terminal) {
  for (;;) {
    const line = await terminal.output.until("a prompt or the end", (text) => text.includes("type your assignment") || text.startsWith("Game over: "));
    if (line.startsWith("Game over: ")) return line;
    terminal.type(line.split("like: ").pop() ?? "");
  }
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // As root (CI) Chromium's sandbox cannot start.
    args: ["--no-sandbox"],
  });
}

/**
 * A server (started with `flags`) and a browser for the tests of one file:
 * started before the first, stopped after the last. Read `server` and
 * `browser` inside tests.
 * @param {string[]} [flags]
 */
export function serverAndBrowser(flags = []) {
  const shared = {
    /** @type {Awaited<ReturnType<typeof startServer>>} */
    server: /** @type {any} */ (null),
    /** @type {import("playwright-core").Browser} */
    browser: /** @type {any} */ (null),
  };
  before(async () => {
    shared.server = await startServer(flags);
    shared.browser = await launchBrowser();
  });
  afterEach(async (t) => {
    if (!t.passed) await tellWhatWasShown(t, shared.browser, shared.server);
  });
  after(async () => {
    await shared.browser?.close();
    shared.server?.stop();
  });
  return shared;
}

/** Lines of the server's log kept with a failed test. */
const LOG_LINES_TOLD = 40;
/** Characters of a page's text kept with a failed test. */
const PAGE_TEXT_TOLD = 800;

/**
 * What a failed test leaves in its report beside the error, so that a
 * failure seen once on a busy CI machine can be read afterwards: each page
 * still open (its address, its room's status, its text), and the last
 * lines of the server's log.
 * @param {import("node:test").TestContext} t
 * @param {import("playwright-core").Browser | null} browser
 * @param {{log: () => string} | null} server
 */
async function tellWhatWasShown(t, browser, server) {
  const pages = browser?.contexts().flatMap((context) => context.pages()) ?? [];
  for (const [index, page] of pages.entries()) {
    const shown = await page
      .evaluate(() => ({ status: document.querySelector("section.room")?.getAttribute("data-status") ?? "", text: (document.querySelector("main") ?? document.body)?.innerText ?? "" }))
      .catch((/** @type {Error} */ error) => ({ status: "", text: `(unreadable: ${error.message})` }));
    t.diagnostic(`page ${index + 1}: ${page.url()} room status "${shown.status}"`);
    for (const line of shown.text.slice(0, PAGE_TEXT_TOLD).split("\n").filter((text) => text.trim())) t.diagnostic(`  | ${line}`);
  }
  for (const line of (server?.log() ?? "").split("\n").slice(-LOG_LINES_TOLD)) t.diagnostic(`server: ${line}`);
}

/**
 * A person: a browser profile of their own (storage included), one page,
 * every console error and uncaught exception kept, and any dialog (an
 * `alert` from injected markup) noted.
 * @param {import("playwright-core").Browser} browser
 * `locale` is the browser's language (its `navigator.languages` and
 * `Accept-Language`): English unless given.
 * @param {{viewport?: {width: number, height: number}, name?: string, reducedMotion?: "reduce" | "no-preference", touch?: boolean, locale?: string}} [options]
 */
export async function person(browser, options = {}) {
  const context = await browser.newContext({
    locale: options.locale ?? "en-US",
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: options.reducedMotion ?? "no-preference",
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  if (options.name) {
    const name = options.name;
    await context.addInitScript((given) => {
      if (!localStorage.getItem("mice-cake:name")) localStorage.setItem("mice-cake:name", given);
    }, name);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const dialogs = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return {
    page,
    context,
    errors,
    dialogs,
    /** Fails if the page logged an error or opened a dialog. */
    assertClean() {
      assert.deepEqual(errors, [], "no console error");
      assert.deepEqual(dialogs, [], "no dialog");
    },
  };
}

/** axe-core, run in the page itself (its CSP refuses a script tag, not the driver's evaluation). */
const AXE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../node_modules/axe-core/axe.min.js"), "utf8");

/** An axe-core violation, as the tests report it. */
/** @typedef {{id: string, impact: string | null, help: string, targets: string[]}} Violation */

/**
 * axe-core's violations on the page as it is now.
 * @param {import("playwright-core").Page} page
 * @returns {Promise<Violation[]>}
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE}\n;void 0`);
  return page.evaluate(async () => {
    // @ts-ignore: injected above
    const results = await window.axe.run(document);
    return results.violations.map((/** @type {any} */ violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((/** @type {any} */ node) => node.target.join(" ")),
    }));
  });
}

/**
 * How wide the page is against its window, and the elements that reach
 * past its right edge (for the failure message).
 * @param {import("playwright-core").Page} page
 */
export async function widths(page) {
  return page.evaluate(() => {
    const describe = (/** @type {Element} */ element) => {
      const classes = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
      const id = element.id ? `#${element.id}` : "";
      return `${element.tagName.toLowerCase()}${id}${classes} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`;
    };
    const past = [...document.querySelectorAll("body *")].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5);
    // The outermost ones: what pushes the page wider.
    const outermost = past.filter((element) => !past.includes(/** @type {Element} */ (element.parentElement)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      past: outermost.slice(0, 8).map(describe),
    };
  });
}

/**
 * Fails on a serious accessibility fault, at a desktop's width and a
 * phone's, or a page wider than a phone; keeps a screenshot at the phone's
 * width if `shot` names one. The page's own size is given back after.
 * @param {import("playwright-core").Page} page @param {string} label @param {string} [shot]
 */
export async function lookAt(page, label, shot) {
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settle(page);
    const grave = (await axeViolations(page)).filter((violation) => violation.impact === "critical" || violation.impact === "serious");
    assert.deepEqual(grave, [], `${label} at ${size.width}×${size.height}: axe-core's violations`);
    if (size === PHONE) {
      const { scrollWidth, innerWidth, past } = await widths(page);
      assert.ok(scrollWidth <= innerWidth, `${label}: ${scrollWidth} px wide in ${innerWidth} px; past the edge: ${past.join(", ")}`);
      if (shot) await screenshot(page, shot);
    }
  }
  await page.setViewportSize(before);
}

/** Lets the page lay itself out at a new size. @param {import("playwright-core").Page} page */
export async function settle(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
}

/**
 * Saves what the page shows now as `target/web-e2e/screenshots/NAME-WxH.png`.
 * @param {import("playwright-core").Page} page
 * @param {string} name
 */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size?.width}x${size?.height}.png`) });
}

/**
 * Waits until this player has to move (returns true) or the game is over
 * (returns false).
 * @param {import("playwright-core").Page} page
 */
export async function nextMove(page) {
  await page.locator("#commit, section.result").first().waitFor();
  return (await page.locator("section.result").count()) === 0;
}

/**
 * A gate a test opens when it has seen what it waits for: requests held
 * at it (`await gate.held`) go on once `gate.open()` is called.
 */
export function gate() {
  /** @type {() => void} */
  let open = () => {};
  /** @type {Promise<null>} */
  const held = new Promise((done) => {
    open = () => done(null);
  });
  return { held, open: () => open() };
}

/**
 * Makes this page's moves until round `round` has been revealed (a forced
 * round the page seals by itself).
 * @param {import("playwright-core").Page} page @param {number} round
 */
export async function playUntilRevealed(page, round) {
  const revealed = page.locator(`li.round[data-round="${round}"]`);
  for (let made = 0; ; made += 1) {
    await page.locator(`#commit, li.round[data-round="${round}"]`).first().waitFor();
    if (await revealed.count()) return;
    await placeMice(page, made);
    await commit(page);
  }
}

/**
 * Places every available mouse by tapping the board's columns (from
 * column `start` on, one column after another), and returns the count.
 * @param {import("playwright-core").Page} page
 * @param {number} start
 */
export async function placeMice(page, start = 0) {
  const heading = page.locator("section.assign h2");
  for (let turn = 0; ; turn += 1) {
    const text = (await heading.textContent()) ?? "";
    // "2 of 4" in English, "2 sur 4" in French: the heading's two numbers.
    const [, placed, wanted] = text.match(/(\d+)\D+?(\d+)/) ?? [];
    if (placed === wanted) return Number(wanted);
    const open = page.locator("table.board thead button.more:enabled");
    const count = await open.count();
    assert.ok(count > 0, `no column takes a mouse: ${text}`);
    await open.nth((start + turn) % count).click();
  }
}

/**
 * Commits what is placed and waits for the server to take it; returns the
 * round it was for.
 * @param {import("playwright-core").Page} page
 */
export async function commit(page) {
  const round = Number(await page.locator("section.assign").getAttribute("data-round"));
  // The next round's panel may be up at once, when this commit was the
  // second one in: wait for this round's to go.
  const taken = page.locator(`section.assign[data-round="${round}"]`);
  for (let attempt = 1; ; attempt += 1) {
    // A message redrawing the page between the press and the release of a
    // click makes the click miss (as it would a person's): try again.
    await page.locator(`section.assign[data-round="${round}"] #commit`).click();
    try {
      await taken.waitFor({ state: "detached", timeout: attempt < 3 ? 5_000 : PATIENCE_MS });
      return round;
    } catch (error) {
      if (attempt < 3 && (await page.locator("p.notice", { hasText: "Sealing" }).count()) === 0) continue;
      const said = await page.locator("main").innerText();
      throw new Error(`the commit for round ${round} was not taken; the page says:\n${said}`, { cause: error });
    }
  }
}

/**
 * Waits for `selector` on `page`; if it never shows, fails saying what the
 * page showed instead, and what had the focus (a key goes there).
 * @param {import("playwright-core").Page} page @param {string} selector
 */
export async function untilShown(page, selector) {
  try {
    await page.locator(selector).waitFor();
  } catch (error) {
    const said = await page.locator("main").innerText().catch(() => "(no main)");
    const focus = await page.evaluate(() => {
      const at = document.activeElement;
      return at ? `${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ""} ${at.textContent?.slice(0, 40) ?? ""}` : "nothing";
    });
    throw new Error(`${selector} never showed; the focus was on ${focus}; the page says:\n${said}`, { cause: error });
  }
}

/**
 * The round this page is asked to move in now.
 * @param {import("playwright-core").Page} page
 */
export async function roundToMove(page) {
  return Number(await page.locator("section.assign").getAttribute("data-round"));
}

/**
 * Plays every round this page has a move in, by clicking, until the game
 * is over; returns how many moves it made. `before` is called with the
 * round (the server's number) before each move is placed, `placed` after.
 * @param {import("playwright-core").Page} page
 * @param {{before?: (round: number) => Promise<void>, placed?: (round: number) => Promise<boolean | void>}} [hooks]
 *   `placed` returning true has committed itself.
 */
export async function playToTheEnd(page, hooks = {}) {
  let moves = 0;
  while (await nextMove(page)) {
    const round = await roundToMove(page);
    if (hooks.before) await hooks.before(round);
    await placeMice(page, round);
    const committed = hooks.placed ? await hooks.placed(round) : false;
    if (!committed) await commit(page);
    moves += 1;
  }
  return moves;
}

/**
 * Opens the lobby, types the name and creates a room with these choices;
 * returns the room's code once the page is in it.
 * @param {import("playwright-core").Page} page
 * @param {string} url
 * @param {string} name
 * @param {{opponent?: string, reveal?: string, deadline?: string, boost?: boolean, stall?: number, rated?: boolean, firstTo?: number}} choices
 */
export async function createRoom(page, url, name, choices = {}) {
  await page.goto(url);
  await page.locator("#name").fill(name);
  await page.locator("#opponent").selectOption(choices.opponent ?? "person");
  await page.locator("#reveal").selectOption(choices.reveal ?? "standard");
  await page.locator("#deadline").selectOption(choices.deadline ?? "0");
  if (choices.boost) await page.locator("#boost").check();
  if (choices.stall) await page.locator("#stall").fill(String(choices.stall));
  if (choices.rated) await page.locator("#rated").check();
  if (choices.firstTo) await page.locator("#first-to").selectOption(String(choices.firstTo));
  // By its place, not its words: the same in every language.
  await page.locator("form.create button[type=submit]").click();
  await page.waitForURL(/\/r\/[0-9A-Z]{5}$/);
  return new URL(page.url()).pathname.slice("/r/".length);
}
