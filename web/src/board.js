// The cake and the families, as the page shows them at one moment: a table
// of rows 1–7 (your own edge at the bottom) between two lanes of mice, one
// per family. While you choose, a tap on a column puts a mouse there and
// your lane's "−" takes one away; during a reveal the lanes hold both
// moves and each roll's dice tumble and land at the piece they go for.

import { t, ungrouped, wordsWith } from "./catalogue.js";
import { botBadge, h } from "./dom.js";
import { back, die, domino } from "./dominoes.js";
import { ratingText } from "./ratings.js";
import { COLUMNS, SEATS, attemptOutcome, clock, opponent, seatMark, seatName } from "./words.js";

/** @typedef {import("./words.js").Seat} Seat */

/**
 * What the board and families show at one moment.
 * @typedef {{
 *   room: any,
 *   view: any,
 *   bottom: Seat,
 *   changed: Set<string>,
 *   reveal: import("./reveal.js").Reveal | null,
 *   frame: import("./reveal.js").Frame | null,
 *   deciding: boolean,
 *   mice: number[],
 *   steal: string | null,
 *   column: number,
 *   now: number,
 *   planned?: boolean,
 * }} Scene
 * `planned`: `mice` and `steal` are a move drawn in the bottom lane
 * without being chosen (a replay's better move), outlined as such.
 */

/** The row nearest to `seat`'s edge with a piece in `column`, or null. */
/** @param {any} view @param {number} column @param {Seat} seat */
function nearestRow(view, column, seat) {
  const rows = seat === "yellow" ? [0, 1, 2, 3, 4, 5, 6] : [6, 5, 4, 3, 2, 1, 0];
  return rows.find((row) => view.board[row][column] !== null) ?? null;
}

/** The piece nearest to `seat`'s edge in `column`, or null. */
/** @param {any} view @param {number} column @param {Seat} seat */
function nearestPiece(view, column, seat) {
  const row = nearestRow(view, column, seat);
  return row === null ? null : view.board[row][column];
}

/** @param {Scene} scene */
export function families(scene) {
  const room = scene.room;
  return h(
    "div",
    { class: "families" },
    ...SEATS.map((seat) => {
      const player = room.players[seat];
      const family = scene.view?.families?.[seat];
      const stash = family ? family.stash : [];
      const resting = family ? family.resting.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0) : 0;
      return h(
        "section",
        { class: `family ${seat}`, "aria-label": t("board-family", { seat: seatName(seat) }) },
        h(
          "h2",
          {},
          h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)),
          ` ${seatName(seat)} `,
          // The server's bot is named after its policy and "bot" ("greedy
          // bot"): beside its badge, the policy says the rest, and the
          // header keeps to one line on a phone.
          h("span", { class: "player-name" }, player ? (player.bot ?? player.name) : "—"),
          player?.bot || player?.declared_bot ? botBadge() : null,
          seat === room.you ? h("span", { class: "you" }, " ", t("board-you")) : null,
          // The rating in the room's pool, from the room shown: during a
          // reveal, the one from before it.
          player?.rating ? h("span", { class: "player-rating" }, " ", h("span", { class: "visually-hidden" }, t("board-rating"), " "), ratingText(player.rating)) : null,
        ),
        h("p", { class: "state", id: `state-${seat}` }, familyState(room, seat)),
        h("p", { class: "score", id: `score-${seat}` }, scoreWords(family, stash.length, resting)),
        h("div", { class: "stash-pieces", id: `stash-${seat}` }, ...stash.map((/** @type {string} */ piece) => h("span", { class: "stash-piece", title: piece, "data-piece": piece }, domino(piece)))),
      );
    }),
  );
}

/**
 * A family's score line: `<strong>94 pips</strong>, 5 pieces · 3 mice
 * ready, 1 resting` (no mice before the game's first view).
 * @param {any} family @param {number} pieces @param {number} resting
 */
function scoreWords(family, pieces, resting) {
  const score = h("strong", {}, t("board-pips", { pips: ungrouped(family ? family.score.pips : 0) }));
  return family
    ? wordsWith("board-score-ready", { score, pieces, mice: family.available, resting })
    : wordsWith("board-score", { score, pieces });
}

/**
 * The cake between the two lanes of mice.
 * @param {Scene} scene
 * @param {{tap: (column: number) => void, less: (column: number) => void}} act
 */
export function board(scene, act) {
  const view = scene.view;
  const top = opponent(scene.bottom);
  const rows = scene.bottom === "yellow" ? [6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6];
  const nearest = Object.fromEntries(SEATS.map((seat) => [seat, COLUMNS.map((_, column) => nearestRow(view, column, seat))]));
  const rolls = rollsOnTheCake(scene);

  const heads = COLUMNS.map((letter, column) => {
    const label = scene.deciding ? columnLabel(scene, column) : letter;
    const open = scene.deciding && isOpen(scene, column);
    const head = scene.deciding
      ? h("button", { type: "button", class: "more column-button", id: `more-${letter}`, "aria-label": label, disabled: !open }, letter)
      : letter;
    if (head instanceof HTMLElement) head.addEventListener("click", () => act.tap(column));
    return h("th", { scope: "col", class: column === scene.column && scene.deciding ? "chosen" : "", "data-column": letter }, head);
  });

  const body = rows.map((row) =>
    h(
      "tr",
      {},
      h("th", { scope: "row", class: "row-head" }, String(row + 1)),
      ...COLUMNS.map((letter, column) => {
        const cell = view.board[row][column];
        const place = `${letter}/${row + 1}`;
        const marks = SEATS.filter((seat) => nearest[seat][column] === row);
        const classes = ["cell", ...marks.map((seat) => `nearest-${seat}`)];
        if (scene.changed.has(place)) classes.push("changed");
        if (scene.deciding && column === scene.column) classes.push("chosen");
        if (scene.deciding && isOpen(scene, column)) classes.push("open");
        const resting = SEATS.filter((seat) => marks.includes(seat) && view.families[seat].resting[column] > 0);
        const here = rolls.filter((roll) => roll.place === place);
        if (here.some((roll) => roll.contest)) classes.push("contest");
        return h(
          "td",
          {
            class: classes.join(" "),
            "data-place": place,
            "data-column": letter,
            "data-piece": cell ?? "",
            "aria-label": cellLabel(`${letter}${row + 1}`, cell, marks, here),
          },
          cell === null ? null : cell === "hidden" ? back() : domino(cell),
          ...resting.map((seat) => h("span", { class: `resting ${seat}`, title: t("board-resting", { seat: seatName(seat) }) }, `${seatMark(seat)}z${view.families[seat].resting[column]}`)),
          ...here.map((roll) => roll.drawn),
        );
      }),
    ),
  );

  const table = h(
    "table",
    { class: `board${scene.deciding ? " deciding" : ""}${scene.reveal ? " revealing" : ""}`, "aria-label": t("board-cake") },
    h("thead", {}, h("tr", {}, h("td", { class: "corner" }), ...heads)),
    h("tbody", {}, lane(scene, top, act), ...body, lane(scene, scene.bottom, act)),
  );
  // A tap anywhere on a column puts a mouse there.
  table.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (!scene.deciding || target.closest("button")) return;
    const cell = target.closest("td[data-column]");
    if (cell) act.tap(COLUMNS.indexOf(/** @type {HTMLElement} */ (cell).dataset.column ?? ""));
  });
  return table;
}

/**
 * What a cell of the cake says to screen readers: `B3: 2/5, nearest for
 * Yellow, Yellow rolled 7: took`.
 * @param {string} place like B3 @param {string | null} cell @param {Seat[]} marks
 * @param {{words: string}[]} rolls
 */
function cellLabel(place, cell, marks, rolls) {
  const what = cell === null ? t("board-cell-empty") : cell === "hidden" ? t("board-cell-face-down") : cell;
  const parts = [t("board-cell", { place, what })];
  if (marks.length === 1) parts.push(t("board-cell-nearest", { seat: seatName(marks[0]) }));
  if (marks.length === 2) parts.push(t("board-cell-nearest-both", { first: seatName(marks[0]), second: seatName(marks[1]) }));
  // The facts about a cell, one after another, as a list.
  return [...parts, ...rolls.map((roll) => roll.words)].join(", ");
}

/** Whether a mouse may go on `column` this round. @param {Scene} scene @param {number} column */
function isOpen(scene, column) {
  const access = scene.room.choices?.[scene.room.you]?.columns[column]?.access;
  return ["piece", "face_down", "steal"].includes(access);
}

/** What tapping a column does, for screen readers. @param {Scene} scene @param {number} column */
function columnLabel(scene, column) {
  const access = scene.room.choices[scene.room.you].columns[column];
  const letter = COLUMNS[column];
  switch (access.access) {
    case "piece":
      return t("board-column-piece", { column: letter, piece: access.piece });
    case "face_down":
      return t("board-column-face-down", { column: letter });
    case "steal":
      return t("board-column-steal", { column: letter });
    case "nothing_to_steal":
      return t("board-column-nothing-to-steal", { column: letter });
    default:
      return t("board-column-empty", { column: letter });
  }
}

/**
 * A family's lane: its mice on each column (your own while you choose,
 * with "−" to take one away; both moves during a reveal).
 * @param {Scene} scene @param {Seat} seat
 * @param {{less: (column: number) => void}} act
 */
function lane(scene, seat, act) {
  const you = scene.room.you;
  const revealed = scene.reveal ? scene.reveal.report.assignments[seat] : null;
  const mine = scene.deciding && seat === you;
  const planned = Boolean(scene.planned) && !scene.deciding && !revealed && seat === scene.bottom;
  const cells = COLUMNS.map((letter, column) => {
    const mice = revealed ? revealed.mice[column] : mine || planned ? scene.mice[column] : 0;
    const access = scene.room.choices?.[seat]?.columns[column]?.access;
    const stealing = mice > 0 && (revealed ? revealed.steal : mine || planned ? scene.steal : null);
    const drawn = planned && mice > 0;
    const args = { count: mice, seat: seatName(seat), column: letter };
    const label = drawn ? t("board-lane-mice-better", args) : t("board-lane-mice", args);
    const tokens = h("span", { class: "mice", role: "img", "aria-label": label }, seatMark(seat).repeat(mice) || (mine ? "·" : ""));
    const less = mine
      ? h("button", { type: "button", class: "less", id: `less-${letter}`, "aria-label": t("board-less", { column: letter }), disabled: mice === 0 }, "−")
      : null;
    less?.addEventListener("click", () => act.less(column));
    const steals = revealed ? columnSteals(scene, seat, column, revealed) : planned ? nearestPiece(scene.view, column, seat) === "0/0" : access === "steal";
    const steal = stealing && steals ? h("span", { class: "steal-target" }, t("board-steal", { piece: stealing })) : null;
    return h("td", { class: `lane-cell ${seat}${drawn ? " planned" : ""}`, "data-column": letter }, tokens, steal, less);
  });
  return h(
    "tr",
    { class: `lane ${seat} ${seat === scene.bottom ? "lane-bottom" : "lane-top"}` },
    h("th", { scope: "row", class: `lane-head ${seat}`, title: t("board-lane", { seat: seatName(seat) }) }, h("span", { class: "mark", "aria-hidden": "true" }, seatMark(seat)), h("span", { class: "visually-hidden" }, t("board-lane", { seat: seatName(seat) }))),
    ...cells,
  );
}

/** Whether the revealed move's steal was made from `column`. @param {Scene} scene @param {Seat} seat @param {number} column @param {any} revealed */
function columnSteals(scene, seat, column, revealed) {
  const attempt = scene.reveal?.report.attempts.find((/** @type {any} */ attempt) => attempt.seat === seat && attempt.column === COLUMNS[column]);
  return Boolean(revealed.steal) && attempt?.target.kind === "steal";
}

/**
 * The dice on the cake at this moment of a reveal: the roll under way
 * (tumbling, then down with its sum), and a mark where each roll landed.
 * @param {Scene} scene
 * @returns {{place: string, contest: boolean, words: string, drawn: HTMLElement}[]}
 */
function rollsOnTheCake(scene) {
  const reveal = scene.reveal;
  const frame = scene.frame;
  if (!reveal || !frame) return [];
  const report = reveal.report;
  const current = frame.slot?.beat.lands;
  /** @type {{place: string, contest: boolean, words: string, drawn: HTMLElement}[]} */
  const shown = [];
  report.attempts.forEach((/** @type {any} */ attempt, /** @type {number} */ index) => {
    const landing = reveal.slots.find((slot) => slot.beat.lands.kind === "attempt" && slot.beat.lands.index === index);
    if (!landing) return;
    const started = frame.slot ? landing.start <= frame.slot.start : frame.done;
    if (!started) return;
    const now = current?.kind === "attempt" && current.index === index;
    const tumbling = now && frame.tumbling;
    const settled = frame.settled.has(index);
    const place = `${attempt.column}/${attempt.row}`;
    const side = attempt.seat === scene.bottom ? "bottom" : "top";
    // The rolls of a contest stay on the cake until it is settled, and
    // both show as it is.
    const open = !settled && !tumbling && attempt.contested;
    const settling = !frame.tumbling && Boolean(frame.slot?.beat.settles.includes(index));
    if (now || open || settling) {
      const outcome = settled ? attemptOutcome(attempt) : attempt.dice.length ? "…" : t("board-no-roll");
      shown.push({
        place,
        contest: attempt.contested,
        words: tumbling ? t("board-dice-rolling", { seat: seatName(attempt.seat) }) : t("board-dice-down", { seat: seatName(attempt.seat), sum: ungrouped(attempt.sum ?? 0), outcome }),
        drawn: rollDrawn(attempt.seat, side, attempt.dice, tumbling, tumbling ? "" : `${attempt.sum}`, settled ? outcomeClass(attempt.result) : "waiting", settled ? outcomeMark(attempt) : "", scene.now),
      });
    } else if (settled) {
      shown.push({
        place,
        contest: false,
        words: t("board-dice-landed", { seat: seatName(attempt.seat), outcome: attemptOutcome(attempt) }),
        drawn: h("span", { class: `landed ${attempt.seat} ${side} ${outcomeClass(attempt.result)}`, "aria-hidden": "true" }, `${seatMark(attempt.seat)}${outcomeMark(attempt)}`),
      });
    }
  });
  if (current?.kind === "boost") {
    const boost = report.boosts[current.index];
    if (boost.piece) {
      const side = boost.seat === scene.bottom ? "bottom" : "top";
      const landed = frame.boosts.has(current.index);
      shown.push({
        place: `${boost.column}/${boost.row}`,
        contest: false,
        words: landed ? t("board-boost-down", { seat: seatName(boost.seat), sum: ungrouped(boost.sum ?? 0) }) : t("board-boost-rolling", { seat: seatName(boost.seat) }),
        drawn: rollDrawn(boost.seat, side, boost.dice, frame.tumbling, frame.tumbling ? "" : `${boost.sum}`, landed ? (boost.result === "took" ? "took" : "failed") : "waiting", landed ? (boost.result === "took" ? "✓" : "✗") : "", scene.now),
      });
    }
  }
  return shown;
}

/** @param {string} result */
function outcomeClass(result) {
  return { took: "took", stole: "took", exchanged: "took", exhausted: "tired", lost_contest: "failed", tied_contest: "tied", too_low: "failed" }[result] ?? "failed";
}

/** A short mark of how an attempt ended: ✓, ✗, =, z2. @param {any} attempt */
function outcomeMark(attempt) {
  switch (attempt.result) {
    case "took":
    case "stole":
    case "exchanged":
      return "✓";
    case "exhausted":
      return `z${attempt.exhausted}`;
    case "tied_contest":
      return "=";
    default:
      return "✗";
  }
}

/**
 * A roll at its piece: the dice (tumbling: faces that change), the sum and
 * how it ended.
 * @param {Seat} seat @param {"top" | "bottom"} side @param {number[]} dice
 * @param {boolean} tumbling @param {string} sum @param {string} ending @param {string} mark @param {number} now
 */
function rollDrawn(seat, side, dice, tumbling, sum, ending, mark, now) {
  const faces = dice.map((value, index) => (tumbling ? tumblingFace(index, now) : value));
  return h(
    "span",
    { class: `roll-on-cake ${seat} ${side} ${tumbling ? "tumbling" : `down ${ending}`}`, "aria-hidden": "true" },
    h("span", { class: "dice" }, ...faces.map((value) => die(value))),
    sum ? h("span", { class: "sum" }, sum) : null,
    mark ? h("span", { class: "tag" }, mark) : null,
  );
}

/** The face a tumbling die shows at `now`: it changes every 70 ms. @param {number} index @param {number} now */
export function tumblingFace(index, now) {
  return ((Math.floor(now / 70) * 5 + index * 3) % 6) + 1;
}

/**
 * A family's status line: seat free, thinking, committed, and away (a
 * player who committed and then dropped has still committed).
 * @param {any} room @param {import("./words.js").Seat} seat
 */
export function familyState(room, seat) {
  const player = room.players[seat];
  if (!player) return t("board-seat-free");
  const playing = room.status === "playing";
  const move = playing ? (room.committed[seat] ? t("board-committed") : player.connected ? t("board-thinking") : "") : "";
  if (!player.connected) {
    const away = player.away_until ? t("board-away-for", { clock: clock(player.away_until - Date.now()) }) : t("board-away");
    // Two states at once, side by side.
    return move ? `${move} · ${away}` : away;
  }
  return move;
}
