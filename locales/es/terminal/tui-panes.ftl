# The panes below the board: the rounds and the chat
# (client-cli/src/tui/view/panes.rs). Titles on a box's border.

tui-rounds = Rondas
# Scrolled back: $key shows the newer rounds.
tui-rounds-scrolled = Rondas ({ $key }: más recientes)
# On a narrow screen, the key to the chat.
tui-rounds-chat-key = { $key }: chat
tui-rounds-chat-key-unread = { $key }: chat ({ $count ->
        [one] { $count } nuevo
       *[other] { $count } nuevos
    })
tui-chat = Chat
tui-chat-muted = Chat (silenciado: { $key })
tui-chat-players = Chat · jugadores
tui-chat-players-and-spectators = Chat · jugadores + espectadores
tui-chat-unmute = { $key } vuelve a mostrar el chat
tui-chat-empty = { $key } para escribir algo
# Before what $name said.
tui-chat-said = { $name }:
tui-chat-said-spectator = (espectador) { $name }:
