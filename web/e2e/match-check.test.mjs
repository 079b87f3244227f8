// A match checked whole by the browser (web/src/match-check.js), with no
// browser: the match derivation (fair.js) byte for byte the one the brief
// and the engine give (computed apart, with Python's hashlib), a record's
// place in its match bound by its commitment (verify.js), the rules that
// count a match's games (the engine's `MatchTally`, the protocol's
// `match_game_end`), the chain (`check_chain`) refusing a cut, reordered,
// padded or forged list, and the whole check of a match against what the
// server says of it. The records are made here: the engine's game of
// fixtures/sim-game-3.json (every move the server's, format 2) sealed
// again under each game's place in a match.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { fakePage } from "./fake_page.mjs";
import { useWords } from "./words.mjs";

useWords();
fakePage();

const { commitmentIn, commitmentOf, matchCommitmentOf, matchOrigin, sealOf, NOTHING } = await import("../src/fair.js");
const { brokenLink } = await import("../src/verify.js");
const { checkChain, chainErrorText, checkMatch, countGame, fetchAndCheckMatch, fetchMatch, matchGameEnd, matchVerdictKind, matchVerdictWords, newTally } = await import("../src/match-check.js");
const { saidText } = await import("../src/catalogue.js");

const ID = "07".repeat(16);
const seedOne = "01" + "00".repeat(31);

test("a match's origin and a game's commitment in it are the derivation's, byte for byte", () => {
  // hashlib.sha256(b"mice-cake/fair/v1/match" + bytes([7] * 16) + (3).to_bytes(4, "big"))
  const origin = "99dedb917d117af7d38367a69d7ba2c17f49688d0031f4815aa3bebd66121dde";
  assert.equal(matchOrigin(ID, 3), origin);
  const link = { id: ID, first_to: 3, number: 1, previous: origin };
  // hashlib.sha256(b"mice-cake/fair/v1/match-seed" + seed + id + first_to + number + previous), numbers u32 big-endian
  assert.equal(matchCommitmentOf(seedOne, link), "4482746eb5075cef8d60d3c183732d14e3bdff5464d622511e448afc444545b9");
  assert.equal(commitmentIn(seedOne, link), matchCommitmentOf(seedOne, link));
  // A game alone: the single game's commitment.
  assert.equal(commitmentIn(seedOne, null), commitmentOf(seedOne));
  assert.equal(commitmentOf(seedOne), "b50404dbd89704d5e75ec6c6cb64511c8ab63bab723a854d56cc1227c6d223af");
});

/** The engine's game (yellow wins on pips), as its record. */
const simGame = () => JSON.parse(readFileSync(new URL("fixtures/sim-game-3.json", import.meta.url), "utf8"));

/**
 * `record` sealed again as game `link.number` of a match: its commitment
 * binds its place, and every seal binds the commitment (every move is the
 * server's: its nonces are the seed's, whatever the commitment).
 * @param {any} record @param {import("../src/fair.js").MatchLink} link
 */
function sealedIn(record, link) {
  const commitment = matchCommitmentOf(record.seed, link);
  record.fair.commitment = commitment;
  record.fair.match = link;
  [record.fair.deal, ...record.fair.rounds].forEach((exchange, round) => {
    for (const seat of /** @type {const} */ (["yellow", "blue"])) {
      const assignment = round === 0 ? NOTHING : record.rounds[round - 1].assignments[seat];
      exchange.seals[seat] = sealOf(commitment, round, seat, assignment, exchange.nonces[seat]);
    }
  });
  return record;
}

/** The result a played-out record gives. @param {any} record */
const resultOf = (record) => ({
  winner: record.outcome.winner ?? null,
  score: record.outcome.score,
  ending: { kind: "played", end: record.outcome.end, decided_by: record.outcome.decided_by },
});

/** Game `number`'s id. @param {number} number */
const gameId = (number) => `00000000-0000-4000-8000-${String(number).padStart(12, "0")}`;

/**
 * A match's games, each `/api/games/{id}`'s answer: the engine's game,
 * sealed in its place one after another (each game Yellow wins; the seats
 * change colour each game: Ann wins the odd ones, Bob the even ones).
 * @param {number} count @param {number} firstTo
 */
function matchGames(count, firstTo) {
  const games = [];
  let previous = matchOrigin(ID, firstTo);
  for (let number = 1; number <= count; number++) {
    const record = sealedIn(simGame(), { id: ID, first_to: firstTo, number, previous });
    previous = record.fair.commitment;
    const players = number % 2 === 1 ? { yellow: "Ann", blue: "Bob" } : { yellow: "Bob", blue: "Ann" };
    games.push({ id: gameId(number), room: "DEP8V", players, result: resultOf(record), record, match: { id: ID, number } });
  }
  return games;
}

/**
 * What the server says of the match: Ann (game 1's Yellow) first.
 * @param {any[]} games @param {number} firstTo @param {object} [fields]
 */
const summaryOf = (games, firstTo, fields = {}) => {
  const annWins = games.filter((_, index) => index % 2 === 0).length;
  const bobWins = games.length - annWins;
  const won = annWins >= firstTo ? 0 : bobWins >= firstTo ? 1 : null;
  return {
    id: ID,
    room: "DEP8V",
    first_to: firstTo,
    status: won === null ? "playing" : "won",
    players: [
      { key: null, name: "Ann", wins: annWins },
      { key: null, name: "Bob", wins: bobWins },
    ],
    games: games.map((game) => game.id),
    winner: won,
    ...fields,
  };
};

/** The page's words for a check. @param {any[]} games @param {any} summary */
const said = async (games, summary) => {
  const verdict = await checkMatch(ID, summary, games);
  const words = matchVerdictWords(verdict, summary);
  return { text: saidText(words), kind: matchVerdictKind(words), verdict };
};

test("a record's place in its match is bound by its commitment", async () => {
  const link = { id: ID, first_to: 3, number: 1, previous: matchOrigin(ID, 3) };
  assert.equal(await brokenLink(sealedIn(simGame(), link)), null);
  // Moved to another place, or to none: the seed no longer gives the commitment.
  const moved = sealedIn(simGame(), link);
  moved.fair.match = { ...link, number: 2 };
  assert.equal(await brokenLink(moved), "the seed does not match the commitment published when the game started");
  const alone = sealedIn(simGame(), link);
  delete alone.fair.match;
  assert.equal(await brokenLink(alone), "the seed does not match the commitment published when the game started");
  const unreadable = sealedIn(simGame(), link);
  unreadable.fair.match = { ...link, id: "not hex" };
  assert.equal(await brokenLink(unreadable), 'the record\'s place in its match ("fair.match") cannot be read');
});

test("a whole match holds: every game fair, in order, the wins counted again", async () => {
  const games = matchGames(3, 2);
  const { text, kind } = await said(games, summaryOf(games, 2));
  assert.equal(text, "✓ This match is whole: 3 games, in order, each fair; Ann won 2–1.");
  assert.equal(kind, "fair");
  // A match still under way: so far.
  const two = matchGames(2, 3);
  assert.equal((await said(two, summaryOf(two, 3))).text, "✓ This match is whole so far: 2 games, in order, each fair; Ann 1 – Bob 1, still being played.");
  // A player who left between games: on the server's word.
  const left = (await said(two, summaryOf(two, 3, { status: "forfeit", winner: 1 }))).text;
  assert.equal(left, "✓ This match is whole: 2 games, in order, each fair (Ann 1 – Bob 1); Ann left between two games, on the server's word: Bob won the match.");
});

test("a cut, reordered, padded or forged list of games is not the match", async () => {
  const games = matchGames(4, 3);
  const whole = summaryOf(games, 3);
  assert.equal((await said(games, whole)).verdict.broken, null);
  /** @param {any[]} listed */
  const broken = async (listed) => {
    const { text, kind } = await said(listed, summaryOf(listed, 3));
    assert.equal(kind, "error");
    return text;
  };
  // Game 2 taken out.
  assert.equal(
    await broken([games[0], games[2], games[3]]),
    "NOT WHOLE: game 2 of the list says it is game 3 of the match: a game is missing, repeated or out of order",
  );
  // Games 2 and 3 swapped.
  assert.equal(
    await broken([games[0], games[2], games[1], games[3]]),
    "NOT WHOLE: game 2 of the list says it is game 3 of the match: a game is missing, repeated or out of order",
  );
  // Game 1 put in again.
  assert.equal(
    await broken([games[0], games[0], games[1]]),
    "NOT WHOLE: game 2 of the list says it is game 1 of the match: a game is missing, repeated or out of order",
  );
  // A game 2 sealed in its place, but after another game than game 1: a
  // game between them is missing, or this one was put in.
  const forged = { ...games[1], record: sealedIn(simGame(), { id: ID, first_to: 3, number: 2, previous: "ab".repeat(32) }) };
  assert.equal(
    await broken([games[0], forged]),
    "NOT WHOLE: game 2 does not follow game 1: a game between them is missing or was put in",
  );
  // A game of another match.
  const otherMatch = { ...games[0], record: sealedIn(simGame(), { id: "08".repeat(16), first_to: 3, number: 1, previous: matchOrigin("08".repeat(16), 3) }) };
  assert.equal(await broken([otherMatch, games[1]]), "NOT WHOLE: game 1 of the list belongs to another match");
  // A game whose die was changed is not fair, and named.
  const tampered = structuredClone(games);
  const attempt = tampered[1].record.rounds[2].attempts.find((/** @type {any} */ a) => a.dice.length > 0);
  attempt.dice[0] = (attempt.dice[0] % 6) + 1;
  assert.match(await broken(tampered), /^NOT WHOLE: game 2 is not fair: round 3: .* die 1, shows/);
});

test("what the server says of the match is held against its games", async () => {
  const games = matchGames(3, 2);
  const check = async (/** @type {object} */ fields) => (await said(games, summaryOf(games, 2, fields))).text;
  assert.equal(
    await check({ players: [{ key: null, name: "Ann", wins: 1 }, { key: null, name: "Bob", wins: 1 }] }),
    "NOT WHOLE: the server says Ann has 1 win; the games give 2",
  );
  assert.equal(await check({ status: "playing", winner: null }), "NOT WHOLE: the server says the match is still being played; the games say it is won");
  assert.equal(await check({ winner: 1 }), "NOT WHOLE: the server names another winner than the games give");
  // A game listed that the server answers for with another.
  const swapped = [games[0], { ...games[1], id: gameId(9) }, games[2]];
  assert.equal((await said(swapped, summaryOf(games, 2))).text, "NOT WHOLE: the server gave another game as game 2 of the match");
  // Keys: who played Yellow in game 1 plays Blue in game 2.
  const keyed = summaryOf(games, 2, { players: [{ key: "aa".repeat(32), name: "Ann", wins: 2 }, { key: null, name: "Bob", wins: 1 }] });
  assert.equal((await said(games, keyed)).text, "NOT WHOLE: game 1 was played by another key than Ann's");
  // A game after the match was over.
  const four = matchGames(4, 2);
  const over = summaryOf(four, 2, { players: [{ key: null, name: "Ann", wins: 2 }, { key: null, name: "Bob", wins: 2 }], status: "won", winner: 0 });
  assert.equal((await said(four, over)).text, "NOT WHOLE: game 4 was played after the match was over");
});

test("the match and its games are fetched in order; one that cannot be is said", async () => {
  const games = matchGames(3, 2);
  const summary = summaryOf(games, 2);
  /** @type {string[]} */
  const asked = [];
  const get = async (/** @type {string} */ path) => {
    asked.push(path);
    if (path === `/api/matches/${ID}`) return summary;
    const game = games.find((one) => path === `/api/games/${one.id}`);
    if (!game) throw new Error("404 Not Found");
    return game;
  };
  const fetched = await fetchMatch(ID, get);
  assert.ok("summary" in fetched);
  const verdict = await fetchAndCheckMatch(ID, fetched.summary, get);
  assert.equal(verdict.broken, null);
  assert.deepEqual(asked, [`/api/matches/${ID}`, ...games.map((game) => `/api/games/${game.id}`)]);
  const missing = await fetchAndCheckMatch(ID, { ...summary, games: [games[0].id, gameId(7)] }, get);
  assert.equal(saidText(matchVerdictWords(missing, summary)), "Could not check the match: game 2 of the match could not be fetched: Error: 404 Not Found");
  assert.deepEqual(await fetchMatch("ff".repeat(16), get), { failed: "Error: 404 Not Found" });
});

test("the chain, as the engine checks it: cut, swapped, replaced, padded, another start", () => {
  const firstTo = 3;
  /** Synthetic games: their commitments stand for sealed ones. @param {number} length */
  const chain = (length) => {
    const games = [];
    let previous = matchOrigin(ID, firstTo);
    for (let number = 1; number <= length; number++) {
      const commitment = String(number).padStart(2, "0").repeat(32);
      games.push({ link: { id: ID, first_to: firstTo, number, previous }, commitment, options: { reveal: "standard", boost: false, stall_limit: 100 } });
      previous = commitment;
    }
    return games;
  };
  const games = chain(4);
  assert.equal(checkChain(ID, firstTo, games), null);
  assert.deepEqual(checkChain(ID, firstTo, [games[0], ...games.slice(2)]), { kind: "out_of_order", position: 2, number: 3 });
  assert.ok(checkChain(ID, firstTo, [games[0], games[2], games[1], games[3]]));
  // A game made up to stand where another was: it follows game 1, but
  // game 3 follows the game it replaced.
  const replaced = [...games];
  replaced[1] = { ...games[1], commitment: "99".repeat(32) };
  const replacedError = checkChain(ID, firstTo, replaced);
  assert.deepEqual(replacedError, { kind: "broken", number: 3, previous: 2 });
  assert.equal(chainErrorText(/** @type {any} */ (replacedError)), "game 3 does not follow game 2: a game between them is missing or was put in");
  // A game put in after game 2, those after it renumbered.
  const padded = [games[0], games[1], { link: { ...games[2].link }, commitment: "98".repeat(32), options: games[0].options }];
  for (const game of games.slice(2)) padded.push({ ...game, link: { ...game.link, number: game.link.number + 1 } });
  assert.deepEqual(checkChain(ID, firstTo, padded), { kind: "broken", number: 4, previous: 3 });
  const otherStart = [{ ...games[0], link: { ...games[0].link, previous: "00".repeat(32) } }, ...games.slice(1)];
  const startError = checkChain(ID, firstTo, otherStart);
  assert.deepEqual(startError, { kind: "broken", number: 1, previous: 0 });
  assert.equal(chainErrorText(/** @type {any} */ (startError)), "game 1 does not start the match: a game before it is missing or was put in");
  assert.deepEqual(checkChain("08".repeat(16), firstTo, games), { kind: "other_match", position: 1 });
  assert.deepEqual(checkChain(ID, firstTo, []), { kind: "no_game" });
  // Other rules, whatever the order of the rules' fields.
  const rules = [games[0], { ...games[1], options: { boost: false, stall_limit: 100, reveal: "standard" } }];
  assert.equal(checkChain(ID, firstTo, rules), null);
  assert.deepEqual(checkChain(ID, firstTo, [games[0], { ...games[1], options: { ...games[1].options, boost: true } }]), { kind: "other_rules", number: 2 });
  assert.deepEqual(checkChain(ID, firstTo, [{ ...games[0], link: null }]), { kind: "not_in_match", position: 1 });
});

test("each ending counts as the rules of matches say", () => {
  const played = { kind: "played", end: "board_cleared", decided_by: "pips" };
  assert.deepEqual(matchGameEnd({ winner: "blue", ending: played }), { kind: "won", seat: "blue" });
  assert.deepEqual(matchGameEnd({ winner: null, ending: played }), { kind: "drawn" });
  for (const [cause, counted] of /** @type {const} */ ([
    ["missed_deadlines", { kind: "won", seat: "blue" }],
    ["not_opened", { kind: "won", seat: "blue" }],
    ["left", { kind: "left", seat: "yellow" }],
    ["disconnected", { kind: "left", seat: "yellow" }],
  ])) {
    assert.deepEqual(matchGameEnd({ winner: "blue", ending: { kind: "forfeit", seat: "yellow", cause } }), counted);
    // Aborted at its start: the same against whoever ended it, though it names no winner.
    assert.deepEqual(matchGameEnd({ winner: null, ending: { kind: "aborted", seat: "yellow", cause } }), counted);
  }
  assert.deepEqual(matchGameEnd({ winner: null, ending: { kind: "abandoned", cause: "disconnected" } }), { kind: "both_gone" });
  assert.deepEqual(matchGameEnd({ winner: null, ending: { kind: "aborted", seat: null, cause: "left" } }), { kind: "both_gone" });
});

test("seats change colour and wins follow the player; a player who leaves loses the match", () => {
  // Game 1: Yellow (game 1's Yellow) wins; game 2 is drawn; game 3:
  // Yellow (the same player, back in Yellow) wins: two wins.
  let tally = /** @type {any} */ (newTally(2));
  tally = countGame(tally, { kind: "won", seat: "yellow" });
  tally = countGame(tally, { kind: "drawn" });
  tally = countGame(tally, { kind: "won", seat: "yellow" });
  assert.deepEqual(tally, { first_to: 2, games: 3, wins: { yellow: 2, blue: 0 }, end: { kind: "won", winner: "yellow" } });
  assert.equal(countGame(tally, { kind: "drawn" }), null);
  // Game 3: game 1's Blue sits in Blue again and leaves.
  let left = /** @type {any} */ (newTally(3));
  left = countGame(left, { kind: "won", seat: "blue" });
  left = countGame(left, { kind: "won", seat: "yellow" });
  left = countGame(left, { kind: "left", seat: "blue" });
  assert.deepEqual(left.end, { kind: "forfeit", winner: "yellow" });
  assert.deepEqual(left.wins, { yellow: 0, blue: 2 }, "game 2's Yellow is game 1's Blue");
  assert.deepEqual(countGame(newTally(3), { kind: "both_gone" })?.end, { kind: "abandoned" });
});
