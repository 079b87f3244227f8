# The screens before a game (client-cli/src/tui/view/waiting.rs): seeking
# an opponent, the room waiting for its players, a terminal too small.

tui-seek-connecting = Conectando…
tui-seek-nobody-yet = Todavía no hay nadie con quien jugar.
# $policy is the bot's name (greedy, strong, random); $kind is rated or unrated.
tui-seek-bot-offered = ¿Jugar contra el bot { $policy } del servidor (partida { $kind ->
        [rated] puntuada
       *[unrated] amistosa
    })?  { $yes }: jugar · { $no }: seguir esperando a una persona
tui-seek-waiting = Esperando { $clock }
tui-seek-bot-in = Si no viene nadie, se te ofrecerá el bot del servidor en { $clock } (partida amistosa; tú eliges)
tui-seek-bot-any-moment = El bot del servidor se te ofrecerá en cualquier momento (partida amistosa; tú eliges)
tui-room-code = Sala { $code }
# The command to run follows on the next line.
tui-room-tell-opponent = Esperando a un rival. Dile que ejecute:
# $seat is drawn in its colour.
tui-room-you-play = Juegas con { $seat }
tui-room-waiting-for-players = Esperando a dos jugadores; la partida empieza cuando estén los dos.

## A terminal too small to draw the game (a line can be 20 columns)

tui-small-leave = ¿Salir de la partida?
tui-small-forfeit = La pierdes por abandono.
tui-small-leave-keys = { $yes }: salir · { $no }: quedarse
tui-small-too-small = Terminal demasiado pequeña
# $size: columns×rows, like 60×18.
tui-small-at-least = hazla de al menos { $size }
tui-small-quit = ({ $key } para salir)
tui-room-opponent-coming = El desafío está aceptado: la sala espera a que tu rival ocupe su asiento
