// The connection to the server: hello, entering a room, and after a drop
// reconnecting by itself (resuming the seat with its token and the last
// event seen, or watching again, with the seat tokens stored.js keeps). A
// player enters with this browser's public key (keys.js), which signs
// their seals, and their leave during a game.

import { t } from "./catalogue.js";
import { playerKey, proveKey } from "./keys.js";
import { refusalText } from "./refusals.js";
import { seats } from "./stored.js";

export const PROTOCOL_VERSION = 13;

/** Pauses between reconnection attempts grow from this to MAX_PAUSE. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 10_000;
/** Gives up reconnecting after this long. */
const GIVE_UP_MS = 5 * 60_000;
/** Errors that end an entry for good: the room cannot be entered this way. */
const FINAL_ERRORS = new Set([
  "unknown_room",
  "room_full",
  "spectators_full",
  "too_many_rooms",
  "bad_name",
  "bad_options",
  "bad_token",
  "version_mismatch",
  // A rated room's seat, asked without a key (this browser keeps none).
  "key_required",
]);

/**
 * A server's message as a client handles it, one event at a time: an
 * `events` frame (events that happened together) as an `event` each,
 * numbered on from its `seq`; any other message as it is.
 * @param {any} message @returns {any[]}
 */
export function oneByOne(message) {
  if (message?.type !== "events" || !Array.isArray(message.events)) return [message];
  return message.events.map((/** @type {any} */ event, /** @type {number} */ index) => ({ type: "event", seq: message.seq + index, event }));
}

/**
 * A server's message, or null for a frame that is not JSON.
 * @param {string} text @returns {any}
 */
export function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A WebSocket to this server's `/ws` that says hello as `name` once open:
 * each text frame goes to `received`, and `closed` is called once it closes
 * (each with the socket, for a page that has opened another since).
 * @param {string} name
 * @param {(text: string, socket: WebSocket) => void} received
 * @param {(socket: WebSocket) => void} closed
 */
export function greetingSocket(name, received, closed) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", version: PROTOCOL_VERSION, name }));
  });
  socket.addEventListener("message", (event) => received(String(event.data), socket));
  socket.addEventListener("close", () => closed(socket));
  return socket;
}

/**
 * How to enter a room.
 * @typedef {{kind: "create", options: object} | {kind: "join", code: string}
 *   | {kind: "watch", code: string} | {kind: "resume", code: string, token: string}} Entry
 */

/**
 * What the connection reports.
 * @typedef {{kind: "message", message: any} | {kind: "status", status: string}
 *   | {kind: "failed", reason: string, code?: string}} NetEvent
 */

export class Connection {
  /**
   * @param {string} name
   * @param {Entry} entry
   * @param {(event: NetEvent) => void} report
   */
  constructor(name, entry, report) {
    this.name = name;
    this.entry = entry;
    this.report = report;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** The room once in it, and the last event number seen. */
    this.code = "code" in entry ? entry.code.toUpperCase() : null;
    this.lastSeq = 0;
    /** Whether the room was entered (after that, a drop resumes). */
    this.entered = false;
    this.closed = false;
    this.attempt = 0;
    this.downSince = 0;
    /** Messages to send once the room is entered again. */
    /** @type {object[]} */
    this.pending = [];
    /** This browser's public key, once loaded (null: it has none). */
    /** @type {string | null} */
    this.key = null;
    /** This connection's challenge, from its `welcome`: what a proof of the key sent on it answers. */
    /** @type {string | null} */
    this.challenge = null;
    /** Whether the message entering the room under way takes a seat back (`resume`). */
    this.resuming = false;
    /** Whether the room's last game was seen to end (its seat is then given up on the room's word). */
    this.gameEnded = false;
    this.open();
  }

  /** Connects, once the key that goes with the entry is loaded (at once after the first time). */
  open() {
    playerKey().then((key) => {
      this.key = key?.publicKey ?? null;
      if (!this.closed) this.connect();
    });
  }

  connect() {
    this.challenge = null;
    this.socket = greetingSocket(
      this.name,
      (text) => this.received(text),
      () => this.dropped(),
    );
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
        this.challenge = typeof message.challenge === "string" ? message.challenge : null;
        this.enter();
        return;
      case "joined":
        this.gameEnded = message.state.status === "finished";
        this.joined(message);
        break;
      case "state":
        this.gameEnded = message.state.status === "finished";
        this.lastSeq = Math.max(this.lastSeq, message.state.seq);
        break;
      case "event":
        if (message.event.kind === "game_over") this.gameEnded = true;
        if (message.event.kind === "game_started") this.gameEnded = false;
        this.lastSeq = Math.max(this.lastSeq, message.seq);
        break;
      case "error":
        if (message.code === "replaced") {
          // Another tab or device took this seat: it is theirs; this page
          // stops rather than take it back and be pushed out in turn.
          this.closed = true;
          this.socket?.close();
          this.report({ kind: "failed", reason: refusalText(message), code: message.code });
          return;
        }
        if (message.code === "unknown_room" && this.resuming && !this.gameEnded && this.socket) {
          // A room that says it has closed while its game was under way may
          // be a server's stale copy of a room that runs elsewhere now (a
          // cluster's node back from a pause): come back, as after a drop.
          // A seat that really leads nowhere is refused as `bad_token`.
          this.socket.close();
          return;
        }
        if (message.code === "unavailable" && this.socket) {
          // The room is moving to another server of a cluster: come back
          // in a moment, as after a dropped connection.
          this.socket.close();
          return;
        }
        if (!this.entered && message.code === "bad_token" && this.entry.kind === "join") {
          // A seat kept here that the server no longer knows: take the free one.
          if (this.code) seats.forget(this.code);
          const socket = this.socket;
          this.withKey({ type: "join_room", code: this.entry.code }).then((join) => socket?.send(JSON.stringify(join)));
          return;
        }
        if (!this.entered && FINAL_ERRORS.has(message.code)) {
          if (message.code === "bad_token" && this.code) seats.forget(this.code);
          this.closed = true;
          this.socket?.close();
          this.report({ kind: "failed", reason: refusalText(message), code: message.code });
          return;
        }
        break;
      case "left":
        if (this.code) seats.forget(this.code);
        break;
    }
    this.report({ kind: "message", message });
  }

  /** @param {any} message */
  joined(message) {
    const state = message.state;
    this.code = state.code;
    this.lastSeq = Math.max(this.lastSeq, state.seq);
    if (message.token && this.code) seats.set(this.code, message.token, this.name);
    const reconnected = this.entered;
    this.entered = true;
    this.resuming = false;
    this.attempt = 0;
    this.report({ kind: "status", status: reconnected ? "reconnected" : "connected" });
    for (const pending of this.pending.splice(0)) this.send(pending);
  }

  /** The message that enters the room: the first time, or again. */
  async enter() {
    const socket = this.socket;
    const held = this.code ? seats.get(this.code) : null;
    /** @type {object} */
    let message;
    if (held && (this.entered || this.entry.kind === "join" || this.entry.kind === "resume")) {
      const token = this.entry.kind === "resume" && !this.entered ? this.entry.token : held.token;
      message = await this.withKey({ type: "resume", token, last_seq: this.entered ? this.lastSeq : undefined });
    } else if (this.entered && this.code) {
      message = { type: "watch_room", code: this.code };
    } else {
      switch (this.entry.kind) {
        case "create":
          message = await this.withKey({ type: "create_room", options: this.entry.options });
          break;
        case "join":
          message = await this.withKey({ type: "join_room", code: this.entry.code });
          break;
        case "watch":
          message = { type: "watch_room", code: this.entry.code };
          break;
        case "resume":
          message = await this.withKey({ type: "resume", token: this.entry.token });
          break;
      }
    }
    this.resuming = /** @type {{type?: string}} */ (message).type === "resume";
    socket?.send(JSON.stringify(message));
  }

  /**
   * A player's entry, with this browser's key if it has one, and the
   * proof that it holds it, answering this connection's challenge (a
   * rated seat needs one).
   * @param {object} message
   * @returns {Promise<object>}
   */
  async withKey(message) {
    if (!this.key) return message;
    const proof = await proveKey(this.challenge);
    return proof ? { ...message, key: this.key, key_proof: proof } : { ...message, key: this.key };
  }

  dropped() {
    if (this.closed) return;
    const now = Date.now();
    if (this.attempt === 0) this.downSince = now;
    if (now - this.downSince > GIVE_UP_MS) {
      this.closed = true;
      this.report({ kind: "failed", reason: t("net-gave-up") });
      return;
    }
    const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.report({ kind: "status", status: "reconnecting" });
    window.setTimeout(() => this.open(), pause);
  }

  /** Whether a message sent now goes at once. */
  get up() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN && this.entered);
  }

  /**
   * Sends a message; while the connection is down, it waits to be sent
   * once the room is entered again.
   * @param {object} message
   * @returns {boolean} whether it went now
   */
  send(message) {
    if (this.up) {
      this.socket?.send(JSON.stringify(message));
      return true;
    }
    this.pending.push(message);
    return false;
  }

  /**
   * Leaves the room: during a game a forfeit (an abort before both players
   * had a move), with the player's `signature` of it when their seat has a
   * key. The server answers `left`, and the page goes; it connects no more
   * meanwhile. Returns whether the leave went: with the connection down it
   * cannot, and the seat is let go here alone (the server forfeits it once
   * the grace for coming back is over).
   * @param {string | null} signature
   */
  leave(signature) {
    if (this.code) seats.forget(this.code);
    this.closed = true;
    if (this.up) {
      this.socket?.send(JSON.stringify(signature ? { type: "leave", signature } : { type: "leave" }));
      return true;
    }
    this.socket?.close();
    return false;
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
