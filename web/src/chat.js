// The room's chat: the players' channel, which everyone reads, and the
// spectators', which spectators read and players only when they ask
// (`spectator_chat`). Every line names its speaker with their seat, so that
// two players of the same name, or colours, are never all that tells them
// apart.

import { t, wordsWith } from "./catalogue.js";
import { h } from "./dom.js";
import { SPECTATOR_NAME } from "./messages.js";
import { seatMark, seatName } from "./words.js";

/**
 * @param {import("./state.js").Model} model
 * @param {(event: import("./state.js").RoomEvent) => void} dispatch
 */
export function chatPanel(model, dispatch) {
  const room = model.room;
  // A page that can send no more says so, and keeps what was typed.
  const closed = model.replaced
    ? t("chat-closed-replaced")
    : model.link === "failed"
      ? t("chat-closed-failed")
      : "";
  // The page is drawn anew as the reveal and the clock go on: what is being
  // typed is kept in the model, not in the input it replaces.
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "chat-input", maxlength: 200, autocomplete: "off", "aria-label": t("chat-input-label"), value: model.chatDraft, disabled: Boolean(closed), "aria-describedby": closed ? "chat-closed" : undefined }));
  input.addEventListener("input", () => dispatch({ kind: "chat_draft", text: input.value }));
  const form = h("form", { class: "chat-form" }, input, " ", h("button", { type: "submit", disabled: Boolean(closed) }, t("chat-send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (closed) return;
    dispatch({ kind: "chat_send", text: input.value });
  });
  let follow = null;
  if (room.you) {
    const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "spectator-chat", checked: model.spectatorChat }));
    // The page has taken the spectators' lines all along (state.js): the
    // box only shows them, those said before included.
    box.addEventListener("change", () => dispatch({ kind: "follow_spectators", on: box.checked }));
    follow = h("p", { class: "follow" }, h("label", {}, box, " ", t("chat-follow-spectators")));
  }
  const lines = model.chat
    .filter((line) => !room.you || line.channel === "players" || model.spectatorChat)
    .map((line) =>
      h(
        "li",
        { class: `chat-line ${line.seat ?? "spectator"}` },
        h("span", { class: "mark", "aria-hidden": "true" }, line.seat ? seatMark(line.seat) : "◇"),
        h("span", { class: "speaker" }, " ", wordsWith("chat-line-speaker", { speaker: speaker(room, line) }), " "),
        h("span", { class: "said" }, line.text),
      ),
    );
  return h(
    "section",
    { class: "chat", "aria-label": t("chat-heading") },
    h("h2", {}, t("chat-heading")),
    h("ul", { class: "chat-lines", tabindex: 0, "aria-label": t("chat-lines-label") }, ...lines),
    form,
    closed ? h("p", { class: "notice", id: "chat-closed" }, closed) : null,
    follow,
  );
}

/**
 * Who said a chat line, as messages.js's `chatSpeaker` says it, with the
 * name in its own element: "Ann (Yellow)".
 * @param {any} room @param {any} line
 * @returns {Node}
 */
function speaker(room, line) {
  if (line.seat) return wordsWith("chat-speaker-seated", { name: line.name, seat: seatName(line.seat) }, ["name"]);
  if (line.name === SPECTATOR_NAME) return document.createTextNode(t("chat-speaker-anonymous"));
  if (room?.you) return wordsWith("chat-speaker-spectator", { name: line.name }, ["name"]);
  return h("bdi", {}, line.name);
}
