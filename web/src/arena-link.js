// An arena page's connection (docs/arenas.md): it watches the arena's
// standings, or plays in it — joined with this browser's key, then paired
// again and again by the server. A pairing's seat (`arena_paired`, then
// `joined` with its token) is kept, and the page goes to the room; the
// room page comes back here when the game is over, and this connection
// joins again. A drop reconnects by itself, joining (or watching) again.

import { t } from "./catalogue.js";
import { playerKey, proveKey } from "./keys.js";
import { greetingSocket, parsed } from "./net.js";
import { refusalText, arenaPausedText } from "./refusals.js";
import { keptForTab, names, seats } from "./stored.js";

/**
 * What the connection reports to the page. A refusal's `reason` is said
 * in the page's language (`refusalText`); a pause's is the server's own.
 * @typedef {{kind: "joined", arena: any, you: any} | {kind: "update", arena: any}
 *   | {kind: "paired", message: any} | {kind: "seated", code: string}
 *   | {kind: "paused", reason: string} | {kind: "refused", code: string, reason: string}
 *   | {kind: "link", status: "connected" | "reconnecting" | "failed"}} ArenaEvent
 */

/**
 * This tab's part in an arena, kept for the tab (sessionStorage): which
 * arena it plays (not paused), and the room of its game under way. The
 * room page sends the tab back to the arena when that game is over; the
 * arena page joins again by itself while `playing`.
 * @typedef {{arena: string, name: string, joinCode: string | null, playing: boolean, code: string | null}} ArenaPlay
 */
export const arenaPlay = /** @type {ReturnType<typeof keptForTab<ArenaPlay>>} */ (keptForTab("mice-cake:arena", (kept) => typeof kept.arena === "string"));

/**
 * What the tab keeps of its play after the arena's `event`. A refusal
 * answers one join, and stops nothing: the tab goes on playing, and joins
 * again as it comes back from its game (its end sends it back to the arena
 * page), or as its connection comes back; never in a loop. Only the player
 * (pausing), the server's pause, or the arena's end stop it.
 * @param {ArenaPlay | null} kept
 * @param {ArenaEvent} event
 * @returns {ArenaPlay | null}
 */
export function keptAfter(kept, event) {
  if (!kept) return kept;
  switch (event.kind) {
    case "seated":
      return { ...kept, code: event.code };
    case "paused":
      return { ...kept, playing: false };
    case "joined":
    case "update":
      return event.arena?.status === "finished" ? { ...kept, playing: false, code: null } : kept;
    default:
      return kept;
  }
}

/**
 * Whether the arena page, opened (back from a game, or reloaded), joins
 * `arena` again: while the tab plays it, whatever the last join's answer.
 * @param {ArenaPlay | null} kept
 * @param {string} arena
 */
export function joinsAgain(kept, arena) {
  return Boolean(kept && kept.arena === arena && kept.playing);
}

/** Most time between two attempts to reconnect. */
const LONGEST_PAUSE_MS = 10_000;

export class ArenaLink {
  /**
   * Connects at once: watching `arena`, or, with `join`, playing it.
   * @param {string} arena
   * @param {string} name
   * @param {{joinCode: string | null} | null} join
   * @param {(event: ArenaEvent) => void} report
   */
  constructor(arena, name, join, report) {
    this.arena = arena;
    this.name = name;
    this.join = join;
    this.report = report;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
    /** The room of the pairing just told, until its seat's `joined`. */
    /** @type {string | null} */
    this.pairCode = null;
    /** This connection's challenge, from its `welcome`: what a proof of the key sent on it answers. */
    /** @type {string | null} */
    this.challenge = null;
    this.connect();
  }

  connect() {
    this.challenge = null;
    this.socket = greetingSocket(
      this.name,
      (text, from) => {
        if (this.socket === from) this.received(text);
      },
      (from) => {
        if (this.socket === from) this.dropped();
      },
    );
  }


  /** Joins (again) as a player. @param {string | null} joinCode */
  async play(joinCode) {
    this.join = { joinCode };
    // Not greeted yet: the welcome joins, with its challenge.
    if (!this.challenge) return;
    const key = await playerKey();
    const proof = key ? await proveKey(this.challenge) : null;
    if (!key || !proof) {
      this.report({
        kind: "refused",
        code: "key_required",
        reason: t("arena-link-no-key"),
      });
      return;
    }
    this.send({
      type: "join_arena",
      arena: this.arena,
      ...(joinCode ? { join_code: joinCode } : {}),
      key: key.publicKey,
      key_proof: proof,
    });
  }

  pause() {
    this.send({ type: "pause_arena" });
  }

  /** Stops: the page is going elsewhere. */
  close() {
    this.closed = true;
    this.socket?.close();
  }

  /** @param {object} message */
  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** @param {string} text */
  received(text) {
    const message = parsed(text);
    if (!message) return;
    switch (message.type) {
      case "welcome":
        this.challenge = typeof message.challenge === "string" ? message.challenge : null;
        names.set(this.name);
        if (this.attempt > 0) this.report({ kind: "link", status: "connected" });
        this.attempt = 0;
        if (this.join) this.play(this.join.joinCode);
        else this.send({ type: "watch_arena", arena: this.arena });
        return;
      case "arena_joined":
        this.report({ kind: "joined", arena: message.arena, you: message.you ?? null });
        return;
      case "arena_update":
        this.report({ kind: "update", arena: message.arena });
        return;
      case "arena_paired":
        this.pairCode = String(message.code ?? "");
        this.report({ kind: "paired", message });
        return;
      case "joined":
        // The seat of the game just paired: kept, and the page goes there.
        if (message.token && message.state?.code && message.state.code === this.pairCode) {
          seats.set(message.state.code, message.token, this.name);
          this.pairCode = null;
          this.report({ kind: "seated", code: message.state.code });
        }
        return;
      case "arena_paused":
        this.report({ kind: "paused", reason: arenaPausedText(message) });
        return;
      case "error":
        this.report({ kind: "refused", code: String(message.code ?? ""), reason: refusalText(message) });
        return;
      default:
        return;
    }
  }

  dropped() {
    this.socket = null;
    if (this.closed) return;
    this.attempt += 1;
    this.report({ kind: "link", status: "reconnecting" });
    const wait = Math.min(500 * this.attempt, LONGEST_PAUSE_MS);
    window.setTimeout(() => {
      if (!this.closed) this.connect();
    }, wait);
  }
}
