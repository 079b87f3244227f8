// The room's chat: the players' channel, which everyone reads, and the
// spectators', which spectators read and players only when they ask
// (`spectator_chat`). Every line names its speaker with their seat, so that
// two players of the same name, or colours, are never all that tells them
// apart.

import { h } from "./dom.js";
import { chatSpeaker } from "./messages.js";
import { seatMark } from "./words.js";

/**
 * @param {import("./state.js").Model} model
 * @param {(event: import("./state.js").RoomEvent) => void} dispatch
 */
export function chatPanel(model, dispatch) {
  const room = model.room;
  // A page that can send no more says so, and keeps what was typed.
  const closed = model.replaced
    ? "The chat is closed here: your seat was taken by another tab or connection."
    : model.link === "failed"
      ? "The chat is closed: this page is disconnected."
      : "";
  // The page is drawn anew as the reveal and the clock go on: what is being
  // typed is kept in the model, not in the input it replaces.
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "chat-input", maxlength: 200, autocomplete: "off", "aria-label": "Say something", value: model.chatDraft, disabled: Boolean(closed), "aria-describedby": closed ? "chat-closed" : undefined }));
  input.addEventListener("input", () => dispatch({ kind: "chat_draft", text: input.value }));
  const form = h("form", { class: "chat-form" }, input, " ", h("button", { type: "submit", disabled: Boolean(closed) }, "Send"));
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
    follow = h("p", { class: "follow" }, h("label", {}, box, " Show the spectators' chat"));
  }
  const lines = model.chat
    .filter((line) => !room.you || line.channel === "players" || model.spectatorChat)
    .map((line) =>
      h(
        "li",
        { class: `chat-line ${line.seat ?? "spectator"}` },
        h("span", { class: "mark", "aria-hidden": "true" }, line.seat ? seatMark(line.seat) : "◇"),
        h("span", { class: "speaker" }, ` ${chatSpeaker(room, line)}: `),
        h("span", { class: "said" }, line.text),
      ),
    );
  return h(
    "section",
    { class: "chat", "aria-label": "Chat" },
    h("h2", {}, "Chat"),
    h("ul", { class: "chat-lines", tabindex: 0, "aria-label": "Chat lines" }, ...lines),
    form,
    closed ? h("p", { class: "notice", id: "chat-closed" }, closed) : null,
    follow,
  );
}
