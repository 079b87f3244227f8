// The connection that hears of this browser's challenges (docs/protocol.md,
// "Challenges"): hello, then, on the welcome, `watch_challenges` with the
// key and the proof that this browser holds it (answering the welcome's
// challenge); what the server says of the key's challenges reported to
// the page (challenge-banner.js). What the page sends — a challenge, an
// answer, whom it takes challenges from — goes once the watch is
// answered, and waits meanwhile. A drop reconnects by itself, with pauses
// growing to half a minute, and watches again.

import { playerKey, proveKey } from "./keys.js";
import { greetingSocket, parsed } from "./net.js";
import { refusalText } from "./refusals.js";
import { names } from "./stored.js";

/** Pauses between reconnection attempts grow from this to MAX_PAUSE. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 30_000;
/** The name a browser that never had one says hello with (the room page's nameless spectator's): a watch shows it to nobody. */
const NAMELESS = "spectator";
/** What the server says of challenges: reported as it comes. */
const HEARD = new Set(["challenges", "challenged", "challenge_sent", "challenge_ended", "challenges_from_set"]);

/**
 * What the connection reports: a message of the server's about challenges,
 * a refusal (with what was last asked, which it most likely answers), or
 * the connection lost and back.
 * @typedef {{kind: "message", message: any} | {kind: "refused", code: string, reason: string, asked: string | null, args: any}
 *   | {kind: "link", status: "connected" | "reconnecting"}} LinkEvent
 */

/** A message to send, and whether it carries the key and its proof. @typedef {{message: Record<string, unknown>, proven: boolean}} Outgoing */

export class ChallengeLink {
  /**
   * Connects at once.
   * @param {(event: LinkEvent) => void} report
   */
  constructor(report) {
    this.report = report;
    /** The name said in `hello`: this browser's, once the server took one. */
    this.name = names.get() || NAMELESS;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** This browser's public key (null: it has none, and nothing is watched). @type {string | null} */
    this.key = null;
    /** This connection's challenge, from its `welcome`. @type {string | null} */
    this.challenge = null;
    /** Whether the watch was answered on this connection (then messages go at once). */
    this.ready = false;
    this.closed = false;
    this.attempt = 0;
    /** What waits for the watch's answer. @type {Outgoing[]} */
    this.pending = [];
    /** The type of the last message sent: what a refusal most likely answers. @type {string | null} */
    this.asked = null;
    this.open();
  }

  open() {
    playerKey().then((key) => {
      this.key = key?.publicKey ?? null;
      if (this.key && !this.closed) this.connect();
    });
  }

  connect() {
    this.ready = false;
    this.challenge = null;
    const socket = greetingSocket(
      this.name,
      (text, from) => {
        if (this.socket === from) this.received(text);
      },
      (from) => {
        if (this.socket === from) this.dropped();
      },
    );
    this.socket = socket;
  }

  /**
   * Says hello again under `name` (a challenge is made under the name the
   * connection said hello with): a new connection, the watch again.
   * @param {string} name
   */
  sayName(name) {
    if (name === this.name) return;
    this.name = name;
    const socket = this.socket;
    this.socket = null;
    stop(socket);
    this.attempt = 0;
    if (this.key && !this.closed) this.connect();
  }

  /** @param {string} text */
  received(text) {
    const message = parsed(text);
    if (!message) return;
    if (message.type === "welcome") {
      this.challenge = typeof message.challenge === "string" ? message.challenge : null;
      if (this.name !== NAMELESS) names.set(this.name);
      if (this.attempt > 0) this.report({ kind: "link", status: "connected" });
      this.attempt = 0;
      this.write({ message: { type: "watch_challenges" }, proven: true });
      return;
    }
    if (message.type === "challenges") {
      this.ready = true;
      this.report({ kind: "message", message });
      for (const outgoing of this.pending.splice(0)) this.write(outgoing);
      return;
    }
    if (HEARD.has(message.type)) {
      this.report({ kind: "message", message });
      return;
    }
    if (message.type === "error") {
      this.report({ kind: "refused", code: String(message.code ?? ""), reason: refusalText(message), asked: this.asked, args: message.args ?? {} });
    }
  }

  /**
   * Sends `message` once the watch is answered (at once if it is); with
   * `proven`, with this browser's key and the proof that it holds it.
   * @param {Record<string, unknown>} message @param {boolean} [proven]
   */
  send(message, proven = false) {
    if (this.ready) this.write({ message, proven });
    else this.pending.push({ message, proven });
  }

  /** @param {Outgoing} outgoing */
  async write(outgoing) {
    const socket = this.socket;
    let message = outgoing.message;
    if (outgoing.proven && this.key) {
      const proof = await proveKey(this.challenge);
      message = { ...message, key: this.key, ...(proof ? { key_proof: proof } : {}) };
    }
    if (socket && socket === this.socket && socket.readyState === WebSocket.OPEN) {
      this.asked = String(message.type);
      socket.send(JSON.stringify(message));
    } else if (message.type !== "watch_challenges") {
      // Lost on the way: sent on the next connection, once it watches.
      this.pending.push(outgoing);
    }
  }

  dropped() {
    this.socket = null;
    this.ready = false;
    if (this.closed) return;
    const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.report({ kind: "link", status: "reconnecting" });
    window.setTimeout(() => {
      if (!this.closed) this.connect();
    }, pause);
  }

  /** Stops: nothing is watched any more. */
  close() {
    this.closed = true;
    const socket = this.socket;
    this.socket = null;
    stop(socket);
  }
}

/**
 * Closes `socket`; one still connecting once it is open (closing it
 * before makes the browser log an error).
 * @param {WebSocket | null} socket
 */
function stop(socket) {
  if (!socket) return;
  if (socket.readyState === WebSocket.CONNECTING) socket.addEventListener("open", () => socket.close(), { once: true });
  else socket.close();
}
