# What covers the screen for a moment: a game's result and the help
# (client-cli/src/tui/view/popups.rs).

tui-result-title = Fin de la partida { $game }
tui-result-you-win = ¡Ganas!
tui-result-you-lose = Pierdes.
tui-result-verified-fair = ✓ partida verificada como justa: dados que nadie eligió, jugadas que nadie vio antes de tiempo
# $accuracy: each player's, like "Yellow 92 %, Blue 85 %".
tui-result-accuracy = Precisión: { $accuracy }
# Above the command that replays the game.
tui-result-replay = Repetición:
tui-result-earlier-games = Partidas anteriores de la sala:
tui-result-earlier-game = partida { $game }: { $command }
tui-result-keys-rematch = { $close } cerrar   { $rematch } revancha   { $quit } salir
tui-result-keys = { $close } cerrar   { $quit } salir

## The help. A message's lines are the help's lines: at most 74 columns each.

tui-help = Ayuda
tui-help-goal = Pon cada ratón disponible en una columna y luego sella tu jugada.
tui-help-dice =
    Cada ratón tira un dado contra tu pieza más cercana de su columna: los
    dados deben alcanzar sus puntos.
tui-help-boost-game =
    Partida con impulso: los dados con el patrón de la pieza (sus dos mitades,
    o el número de una mitad blanca) dan una tirada de impulso tras la ronda.
tui-help-tired =
    Los dados con el patrón de la pieza (sus dos mitades, o el número de una
    mitad blanca) cansan a los ratones: descansan una ronda.
tui-help-steal = Los ratones en el doble blanco roban una pieza del botín del rival.
tui-help-colours = Piezas en color: las que tiene delante cada familia; magenta: ambas.
# The board's signs, each with what it means: keep the signs.
tui-help-legend = ● ratón  z descansando  ░░░ boca abajo  · llevada  subrayado: última ronda
tui-help-close = Cualquier tecla cierra la ayuda.

## The keys' table: a key, then what it does (a few words)

tui-help-key-columns = ←/→ o a–d
tui-help-key-mice = ↑/↓ o +/-
tui-help-choose-column = elegir una columna
tui-help-add-remove-mouse = poner/quitar un ratón
tui-help-choose-steal = elegir qué robar
tui-help-greedy = la sugerencia codiciosa
tui-help-clear = borrar
tui-help-commit = sellar (en secreto)
tui-help-scroll = recorrer las rondas
tui-help-rematch = revancha (al terminar)
tui-help-say = escribir algo
tui-help-mute = silenciar el chat
tui-help-spectators-chat = chat de los espectadores
tui-help-rounds-or-chat = rondas o chat
tui-help-this-help = esta ayuda
tui-help-quit-asks = salir (con confirmación)
# A replay's keys.
tui-help-key-next = →, l, espacio
tui-help-next-round = la ronda siguiente
tui-help-round-before = la ronda anterior
tui-help-before-round-one = antes de la ronda 1
tui-help-the-end = el final
tui-help-analyse = analizar cada jugada
tui-help-quit = salir
