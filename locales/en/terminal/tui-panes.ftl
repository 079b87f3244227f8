# The panes below the board: the rounds and the chat
# (client-cli/src/tui/view/panes.rs). Titles on a box's border.

tui-rounds = Rounds
# Scrolled back: $key shows the newer rounds.
tui-rounds-scrolled = Rounds ({ $key }: newer)
# On a narrow screen, the key to the chat.
tui-rounds-chat-key = { $key }: chat
tui-rounds-chat-key-unread = { $key }: chat ({ $count } new)
tui-chat = Chat
tui-chat-muted = Chat (muted: { $key })
tui-chat-players = Chat · players
tui-chat-players-and-spectators = Chat · players + spectators
tui-chat-unmute = { $key } shows the chat again
tui-chat-empty = { $key } says something
# Before what $name said.
tui-chat-said = { $name }:
tui-chat-said-spectator = (spectator) { $name }:
