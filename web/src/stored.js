// What this browser keeps for the pages, in its storage: the name it plays
// under, the seat tokens of the rooms it sits in, what it sealed in each
// room (a reload must still open a move sealed), and what a tab keeps for
// itself alone (a pairing, an arena's game).

/** @typedef {import("./fair.js").Sealing} Sealing */

/**
 * A value kept for this tab alone (sessionStorage) under `key`, as JSON;
 * read back only if `valid` says it is one.
 * @template T
 * @param {string} key @param {(kept: any) => boolean} valid
 */
export function keptForTab(key, valid) {
  return {
    KEY: key,
    /** @returns {T | null} */
    get() {
      try {
        const kept = JSON.parse(sessionStorage.getItem(key) ?? "null");
        return kept && valid(kept) ? kept : null;
      } catch {
        return null;
      }
    },
    /** @param {T} kept */
    set(kept) {
      sessionStorage.setItem(key, JSON.stringify(kept));
    },
    forget() {
      sessionStorage.removeItem(key);
    },
  };
}

/** @typedef {{token: string, name: string}} HeldSeat */

/** Seat tokens held in this browser, per server and room. */
export const seats = {
  /** @param {string} code */
  key(code) {
    return `mice-cake:seat:${location.host}:${code.toUpperCase()}`; // words-check: a storage key
  },
  /** @param {string} code @returns {HeldSeat | null} */
  get(code) {
    try {
      const held = JSON.parse(localStorage.getItem(seats.key(code)) ?? "null");
      return held && typeof held.token === "string" ? held : null;
    } catch {
      return null;
    }
  },
  /** @param {string} code @param {string} token @param {string} name */
  set(code, token, name) {
    localStorage.setItem(seats.key(code), JSON.stringify({ token, name }));
  },
  /** @param {string} code */
  forget(code) {
    localStorage.removeItem(seats.key(code));
  },
};

/**
 * The name this browser plays under: kept (`set`) only once the server took
 * it; a name typed but not yet taken is proposed for this tab alone.
 */
export const names = {
  get() {
    return localStorage.getItem("mice-cake:name") ?? "";
  },
  /** @param {string} name */
  set(name) {
    if (name) localStorage.setItem("mice-cake:name", name);
    else localStorage.removeItem("mice-cake:name");
    sessionStorage.removeItem("mice-cake:proposed-name");
  },
  proposed() {
    return sessionStorage.getItem("mice-cake:proposed-name") ?? "";
  },
  /** @param {string} name */
  propose(name) {
    sessionStorage.setItem("mice-cake:proposed-name", name);
  },
};

/** What this browser sealed and saw in each room, per server and room. */
export const sealing = {
  /** @param {string} code */
  key(code) {
    return `mice-cake:sealing:${location.host}:${code.toUpperCase()}`; // words-check: a storage key
  },
  /** @param {string} code @returns {Sealing | null} */
  get(code) {
    try {
      return JSON.parse(localStorage.getItem(sealing.key(code)) ?? "null");
    } catch {
      return null;
    }
  },
  /** @param {string} code @param {Sealing} value */
  set(code, value) {
    localStorage.setItem(sealing.key(code), JSON.stringify(value));
  },
};


/** Whether this browser's player reads the spectators' chat (room.js). */
export const spectatorChat = {
  KEY: "mice-cake:spectator-chat",
  get() {
    return localStorage.getItem(spectatorChat.KEY) === "on";
  },
  /** @param {boolean} on */
  set(on) {
    localStorage.setItem(spectatorChat.KEY, on ? "on" : "off");
  },
};

/** Whether this browser's player turned the room's sound on (cues.js). */
export const soundSwitch = {
  KEY: "mice-cake:sound",
  get() {
    return localStorage.getItem(soundSwitch.KEY) === "on";
  },
  /** @param {boolean} on */
  set(on) {
    localStorage.setItem(soundSwitch.KEY, on ? "on" : "off");
  },
};

/** Whether the first game's walkthrough was dismissed in this browser (help.js). */
export const walkthroughDismissed = {
  KEY: "mice-cake:walkthrough",
  get() {
    return localStorage.getItem(walkthroughDismissed.KEY) === "done";
  },
  set() {
    localStorage.setItem(walkthroughDismissed.KEY, "done");
  },
};
