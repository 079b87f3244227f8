// What the server said, in the player's language: a refusal rendered from
// its code and arguments (`refusal-<code>` in locales/*/common/refusals.ftl;
// the server's English `message` is for logs and clients without a
// catalogue), a pairing called off, a seek ended.

import { hasMessage, t } from "./catalogue.js";

/**
 * A refusal (`{type: "error"}` on the socket, or an HTTP API error) as a
 * sentence. A code this client does not know (a newer server's) shows the
 * server's own message.
 * @param {{code?: unknown, message?: unknown, args?: unknown}} error
 */
export function refusalText(error) {
  const id = `refusal-${String(error.code ?? "")}`;
  if (!error.code || !hasMessage(id)) return t("refusal-unknown-code", { message: String(error.message ?? "") });
  /** @type {Record<string, string | number>} */
  const args = {};
  if (error.args && typeof error.args === "object") {
    for (const [name, value] of Object.entries(error.args)) {
      if (typeof value === "string" || typeof value === "number") args[name] = value;
    }
  }
  return t(id, args);
}

/** Why a pairing was called off (`unpaired`), by whether the seek goes on. @param {{requeued?: unknown}} message */
export function unpairedText(message) {
  return t(message.requeued === false ? "unpaired-not-requeued" : "unpaired-requeued");
}

/** Why an arena's player is not paired (`arena_paused`), by its cause. @param {{cause?: unknown, reason?: unknown}} message */
export function arenaPausedText(message) {
  const id = `arena-paused-${String(message.cause ?? "")}`;
  return hasMessage(id) ? t(id) : t("refusal-unknown-code", { message: String(message.reason ?? "") });
}

/** Why a seek ended (`seek_ended`), by its cause. @param {{cause?: unknown, reason?: unknown}} message */
export function seekEndedText(message) {
  const id = `seek-ended-${String(message.cause ?? "")}`;
  return hasMessage(id) ? t(id) : t("refusal-unknown-code", { message: String(message.reason ?? "") });
}
