# The room's chat (chat.js), and how a chat line names who said it
# (chat.js and messages.js). { $name } is a player's or a spectator's name,
# { $seat } a seat's name, Yellow or Blue.

chat-closed-replaced = The chat is closed here: your seat was taken by another tab or connection.
chat-closed-failed = The chat is closed: this page is disconnected.
# The chat's text field, read by screen readers.
chat-input-label = Say something
chat-send = Send
# A checkbox for a player: show what the spectators say to each other.
chat-follow-spectators = Show the spectators' chat
# Before a chat line's text: { $speaker } is who said it ("Ann (Yellow)").
chat-line-speaker = { $speaker }:
chat-heading = Chat
# The list of chat lines, read by screen readers.
chat-lines-label = Chat lines

## Who said a chat line

chat-speaker-seated = { $name } ({ $seat })
# A spectator who gave no name.
chat-speaker-anonymous = A spectator
# A named spectator, as a player sees them.
chat-speaker-spectator = { $name } (spectator)
