// Quick pairing's connection ("Play now", protocol 6): hello, then `seek`
// with this browser's key and a fresh proof that it holds it (protocol 7);
// what the queue says (`seeking`, `bot_offered`, `paired`, `seek_ended`)
// reported to the page; after a dropped connection, connecting again and
// seeking again (the server forgets a seeker whose connection closed).
//
// A seek lasts until its game begins (protocol 8): seated in the room made
// for the pair, the connection stays until the opponent has come too and
// the game started. If they never come (their server died as they were
// paired), the server calls the pairing off (`unpaired`): the seat is
// forgotten and the search goes on, on the same connection, at the head
// of the queue. Once the game began — or in the bot's room after its offer
// was taken — the seat's token is kept where net.js keeps seat tokens (per
// server and room), so that the room page takes the seat back, and the
// connection closes: the server keeps the seat through the moment the page
// takes to get there. A page that gets there before the game began and
// finds the pairing called off seeks again (`pairing`, used by room.js and
// play.js).

import { playerKey, proveKey } from "./keys.js";
import { greetingSocket, oneByOne, parsed } from "./net.js";
import { refusalText, seekEndedText, unpairedText } from "./refusals.js";
import { keptForTab, names, seats } from "./stored.js";

/** Pauses between reconnection attempts grow from this to MAX_PAUSE. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 10_000;
/** Gives up reconnecting after this long. */
const GIVE_UP_MS = 5 * 60_000;
/** How long a cancelled seek waits for the server's `seek_ended` before closing anyway. */
const CANCEL_WAIT_MS = 3_000;
/** Errors that end a seek (or the bot's room) for good: the page says why. */
const FINAL_ERRORS = new Set([
  "key_required",
  "already_seeking",
  "already_in_room",
  "bad_options",
  "bad_name",
  "bad_key",
  "version_mismatch",
  "shutting_down",
  "too_many_rooms",
  "internal",
]);

/** Errors worth another try on a new connection, as after a drop. */
const PASSING_ERRORS = new Set(["unavailable", "rate_limited", "internal", "too_many_connections", "shutting_down"]);

/**
 * What is sought: a pool (null: any), a time per round in ms (null: any),
 * rated or casual, and the wait before the bot is offered (0: never).
 * @typedef {{pool: string | null, deadline_ms: number | null, rated: boolean, bot_after_ms: number}} Wanted
 */

/**
 * What the seek reports to the page.
 * @typedef {{kind: "seeking", message: any} | {kind: "offered", message: any} | {kind: "paired", message: any}
 *   | {kind: "arriving", code: string} | {kind: "unpaired", code: string, reason: string}
 *   | {kind: "seated", code: string} | {kind: "ended", reason: string} | {kind: "refused", code: string, reason: string}
 *   | {kind: "link", status: "connected" | "reconnecting" | "failed"}} SeekEvent
 */

/**
 * Where a seek stands: seeking (or about to, on a new connection), taking
 * the bot (`cancel_seek` and `create_room` sent), paired (the seat comes
 * with `joined`), seated in the pair's room and waiting for the opponent
 * to come, cancelling (`cancel_seek` sent, the page has its choices back),
 * or over.
 * @typedef {"seeking" | "bot" | "paired" | "seated" | "cancelling" | "over"} Phase
 */

/**
 * A pairing whose room this tab went to before its game began, kept for
 * the tab (sessionStorage): if the room page finds the pairing called
 * off, it comes back to "Play now" and seeks again as it was.
 * `ended`: the server ended the search with the pairing (this tab's deal
 * was never sealed), so it is not started again by itself.
 * @typedef {{code: string, name: string, wanted: Wanted, reason?: string, ended?: boolean}} Pairing
 */
export const pairing = /** @type {ReturnType<typeof keptForTab<Pairing>>} */ (keptForTab("mice-cake:pairing", (kept) => typeof kept.code === "string"));

export class Seeker {
  /**
   * Starts seeking at once.
   * @param {string} name
   * @param {Wanted} wanted
   * @param {(event: SeekEvent) => void} report
   */
  constructor(name, wanted, report) {
    this.name = name;
    this.wanted = wanted;
    this.report = report;
    /** @type {Phase} */
    this.phase = "seeking";
    /** The options of the bot's room, once the offer is taken. */
    /** @type {object | null} */
    this.botOptions = null;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** This browser's public key, once loaded (null: it has none). */
    /** @type {string | null} */
    this.key = null;
    this.attempt = 0;
    this.downSince = 0;
    /** Whether the server has greeted this connection (and so took the name). */
    this.greeted = false;
    /** This connection's challenge, from its `welcome`: what a proof of the key sent on it answers. */
    /** @type {string | null} */
    this.challenge = null;

    /** The pair's room, once seated in it before its game began. */
    /** @type {string | null} */
    this.code = null;
    /** The pair's room `paired` named, until seated there: a drop before its `joined` asks it for the seat. */
    /** @type {string | null} */
    this.pairCode = null;
    /** Whether this connection asks the pair's room for the seat (refused: it seeks on). */
    this.rejoining = false;
    /** Whether this connection was told `seeking`: only then does the server seek for it again after `unpaired`. */
    this.soughtHere = false;
    this.open();
  }

  /** Connects, once the key is loaded (at once after the first time). */
  open() {
    playerKey().then((key) => {
      this.key = key?.publicKey ?? null;
      if (this.phase !== "over" && this.phase !== "cancelling") this.connect();
    });
  }

  connect() {
    this.socket = greetingSocket(
      this.name,
      (text, from) => {
        if (this.socket === from) this.received(text);
      },
      (from) => {
        if (this.socket === from) this.dropped();
      },
    );
    this.greeted = false;
    this.challenge = null;
    this.soughtHere = false;
  }


  /** @param {object} message */
  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /**
   * Sends a player's message, with this browser's key if it has one and
   * the proof that it holds it, answering this connection's challenge (a
   * rated seek needs one).
   * @param {object} message
   */
  async sendWithKey(message) {
    const socket = this.socket;
    const proof = this.key ? await proveKey(this.challenge) : null;
    const keyed = this.key ? { ...message, key: this.key, ...(proof ? { key_proof: proof } : {}) } : message;
    if (socket?.readyState === WebSocket.OPEN && socket === this.socket) socket.send(JSON.stringify(keyed));
  }

  /** What to say once greeted: the seek, or the bot's room once its offer was taken. */
  enter() {
    if (this.phase === "bot" && this.botOptions) {
      this.sendWithKey({ type: "create_room", options: this.botOptions });
    } else if (this.phase === "paired" && this.pairCode && this.key) {
      // Paired, then dropped before the seat's `joined`: the seat may be
      // taken (and its game begun). The room gives it back to this key.
      this.rejoining = true;
      this.sendWithKey({ type: "join_room", code: this.pairCode });
    } else {
      // A new connection seeks anew, whatever the last one was doing.
      this.phase = "seeking";
      this.sendWithKey({ type: "seek", ...this.wanted });
    }
  }

  /** @param {string} text */
  received(text) {
    const message = parsed(text);
    if (!message) return;
    for (const one of oneByOne(message)) this.handle(one);
  }

  /** @param {any} message */
  handle(message) {
    switch (message.type) {
      case "welcome":
        // The server took the name: it is this browser's from now on.
        this.greeted = true;
        this.challenge = typeof message.challenge === "string" ? message.challenge : null;
        names.set(this.name);
        this.enter();
        return;
      case "seeking":
        this.soughtHere = true;
        if (this.phase !== "seeking") return;
        if (this.attempt > 0) this.report({ kind: "link", status: "connected" });
        this.attempt = 0;
        this.report({ kind: "seeking", message });
        return;
      case "bot_offered":
        if (this.phase === "seeking") this.report({ kind: "offered", message });
        return;
      case "paired":
        // Paired, even if the page was cancelling or taking the bot: the
        // pairing was made before the server heard of it, and the seat is
        // taken; its `joined` follows.
        this.phase = "paired";
        this.pairCode = typeof message.code === "string" ? message.code : null;
        this.report({ kind: "paired", message });
        return;
      case "joined":
        this.joined(message);
        return;
      case "event":
        if (this.phase === "seated" && this.code && message.event?.kind === "game_started") this.seated(this.code);
        return;
      case "state":
        if (this.phase === "seated" && this.code && message.state?.status !== "waiting") this.seated(this.code);
        return;
      case "unpaired":
        this.unpaired(message);
        return;
      case "seek_ended":
        this.ended(seekEndedText(message));
        return;
      case "error":
        this.refused(message);
        return;
      case "shutting_down":
        // The server is stopping: it closes the connection next, and the
        // search with it (no `seek_ended` comes first).
        if (this.phase === "seeking" || this.phase === "paired" || this.phase === "bot" || this.phase === "seated") {
          this.finish();
          this.report({ kind: "ended", reason: seekEndedText({ cause: "shutting_down" }) });
        }
        return;
    }
  }

  /**
   * The seat taken: kept, and the page goes to its room (the bot's, or a
   * pair's whose game began), or waits here for the opponent.
   * @param {any} message
   */
  joined(message) {
    this.pairCode = null;
    this.rejoining = false;
    if (this.phase === "seated" && message.token && message.state?.code === this.code && message.state.status === "waiting") {
      // The seat again (asked twice of a room slow to answer): its newest token.
      seats.set(message.state.code, message.token, this.name);
      return;
    }
    if (message.token && message.state?.code) {
      seats.set(message.state.code, message.token, this.name);
      // The bot's room, or a pair whose game began already: go. A
      // pair's room otherwise waits here for the opponent.
      if (this.phase === "paired" && message.state.status === "waiting") {
        this.phase = "seated";
        this.code = message.state.code;
        this.report({ kind: "arriving", code: message.state.code });
      } else {
        this.seated(message.state.code);
      }
    }
  }

  /**
   * The opponent never came: the room is closed, and the search goes on
   * (`seeking` follows) — unless this tab is the one that never sealed
   * the deal (`requeued: false`).
   * @param {any} message
   */
  unpaired(message) {
    // The opponent never came: the room is closed, and the search
    // goes on (`seeking` follows) — unless this tab is the one that
    // never sealed the deal (`requeued: false`).
    if (this.phase === "seated" || this.phase === "paired") {
      if (this.code) seats.forget(this.code);
      this.code = null;
      this.pairCode = null;
      if (message.requeued === false) {
        // This tab never sealed the deal: the server ended the
        // search (`seek_ended` follows), and it is not sought again.
        this.phase = "seated";
        this.ended(unpairedText(message));
        return;
      }
      this.phase = "seeking";
      this.report({ kind: "unpaired", code: String(message.code ?? ""), reason: unpairedText(message) });
      // Seated by joining after a drop, this connection was never the
      // seek's on the server: it seeks again itself.
      if (!this.soughtHere) this.sendWithKey({ type: "seek", ...this.wanted });
    }
  }

  /**
   * Seated in a game that began (or the bot's room): the page goes there.
   * A pair's game is not theirs until both sealed its deal, so the pairing
   * is kept for the room page, which comes back here if it is called off
   * and forgets it once the game is past its deal.
   * @param {string} code
   */
  seated(code) {
    if (this.phase === "paired" || this.phase === "seated") pairing.set({ code, name: this.name, wanted: this.wanted });
    else pairing.forget();
    this.finish();
    this.report({ kind: "seated", code });
  }

  /** `seek_ended`: told to the page unless the page caused it. @param {string} reason */
  ended(reason) {
    switch (this.phase) {
      case "seeking":
      case "paired":
      case "seated":
        // Not asked for: the server stopped, or the pair's room could not be made or entered.
        this.finish();
        this.report({ kind: "ended", reason });
        return;
      case "cancelling":
        this.finish();
        return;
      default:
        // Taking the bot: the answer to its `cancel_seek`.
        return;
    }
  }

  /** An error from the server. @param {any} message */
  refused(message) {
    const code = String(message.code ?? "");
    if (this.rejoining && PASSING_ERRORS.has(code)) {
      // The room cannot be reached just now, or the server is busy: ask
      // again on a new connection.
      this.socket?.close();
      return;
    }
    if (this.rejoining) {
      // No seat of this key's in the pair's room: seek on.
      this.rejoining = false;
      this.pairCode = null;
      this.phase = "seeking";
      this.sendWithKey({ type: "seek", ...this.wanted });
      return;
    }
    // The answer to `create_room` for the bot once paired all the same.
    if (this.phase === "paired" && code === "already_in_room") return;
    if (this.phase === "cancelling" || this.phase === "over") return;
    if (!FINAL_ERRORS.has(code)) return;
    this.finish();
    this.report({ kind: "refused", code, reason: refusalText(message) });
  }

  dropped() {
    this.socket = null;
    if (this.phase === "over") return;
    if (this.phase === "cancelling") {
      this.phase = "over";
      return;
    }
    if (this.phase === "seated" && this.code) {
      // The seat is held a while: the room page takes it back, and comes
      // back here to seek again if the pairing was called off meanwhile.
      const code = this.code;
      pairing.set({ code, name: this.name, wanted: this.wanted });
      this.finish();
      this.report({ kind: "seated", code });
      return;
    }
    const now = Date.now();
    if (this.attempt === 0) this.downSince = now;
    if (now - this.downSince > GIVE_UP_MS) {
      this.phase = "over";
      this.report({ kind: "link", status: "failed" });
      return;
    }
    // Paired but the seat's token lost with the connection: the next
    // connection asks the pair's room for the seat (enter), or, without a
    // key to ask with, seeks again.
    if (this.phase === "paired" && !(this.pairCode && this.key)) this.phase = "seeking";
    const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.report({ kind: "link", status: "reconnecting" });
    window.setTimeout(() => this.open(), pause);
  }

  /**
   * Takes the bot offered: the seek is cancelled and the bot's room made
   * with the options offered (and this browser's key); its `joined` seats
   * the player.
   * @param {object} options
   */
  takeBot(options) {
    if (this.phase !== "seeking") return;
    this.phase = "bot";
    this.botOptions = options;
    if (this.socket?.readyState === WebSocket.OPEN && this.greeted) {
      this.send({ type: "cancel_seek" });
      this.sendWithKey({ type: "create_room", options });
    }
    // Otherwise the next connection makes the room (enter).
  }

  /**
   * Cancels the seek: `cancel_seek`, then the connection closes once the
   * server says the seek ended. A pairing made before the server heard it
   * still seats the player (reported as `seated`).
   */
  cancel() {
    if (this.phase === "over" || this.phase === "cancelling") return;
    if (this.socket?.readyState === WebSocket.OPEN && this.greeted && this.phase === "seeking") {
      this.phase = "cancelling";
      this.send({ type: "cancel_seek" });
      window.setTimeout(() => {
        if (this.phase === "cancelling") this.finish();
      }, CANCEL_WAIT_MS);
      return;
    }
    this.finish();
  }

  /** Over: the connection closes. */
  finish() {
    this.phase = "over";
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
