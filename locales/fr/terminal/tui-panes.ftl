# The panes below the board: the rounds and the chat
# (client-cli/src/tui/view/panes.rs). Titles on a box's border.

tui-rounds = Manches
# Scrolled back: $key shows the newer rounds.
tui-rounds-scrolled = Manches ({ $key } : plus récentes)
# On a narrow screen, the key to the chat.
tui-rounds-chat-key = { $key } : discussion
tui-rounds-chat-key-unread = { $key } : discussion ({ $count ->
        [one] { $count } nouveau
       *[other] { $count } nouveaux
    })
tui-chat = Discussion
tui-chat-muted = Discussion (coupée : { $key })
tui-chat-players = Discussion · joueurs
tui-chat-players-and-spectators = Discussion · joueurs + spectateurs
tui-chat-unmute = { $key } rétablit la discussion
tui-chat-empty = { $key } pour écrire
# Before what $name said.
tui-chat-said = { $name } :
tui-chat-said-spectator = (spectateur) { $name } :
