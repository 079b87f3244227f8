# The title bar and the line of hints (client-cli/src/tui/view/title.rs).
# A part that does not fit is left out whole: keep them short.

tui-title-reconnecting = reconectando (intento { $attempt })…
tui-title-reconnected = reconectado
tui-title-disconnected = desconectado
tui-title-played-elsewhere = jugada en otro lugar
tui-title-game = partida { $game }
tui-title-match = encuentro { $yellow }–{ $blue }, a { $first_to } victorias
tui-title-game-round = partida { $game }, ronda { $round }
tui-title-rated = puntuada
# A rated room whose game does not count (the rounds' log says why).
tui-title-not-rated = no puntuada
tui-title-unrated = amistosa
tui-title-watching = { $count ->
        [one] { $count } espectador
       *[other] { $count } espectadores
    }

## The room's rules, joined by commas

tui-variant-standard = estándar
tui-variant-all-face-up = todo boca arriba
tui-variant-all-face-down = todo boca abajo
tui-variant-boost = impulso
# The time for a round, like 1:00.
tui-variant-deadline = { $clock }/ronda
tui-variant-no-deadline = sin plazo

## The line of hints ($key, $reason as they are)

tui-hints-replay = ←/→ ronda  Home/End primera/última  a analizar  q salir
# Before the chat line being typed.
tui-hints-say = decir:
tui-hints-send = ⏎ enviar · Esc cancelar
tui-hints-disconnected = Desconectado: { $reason }. q para salir.
tui-hints-replaced = Tu asiento se juega ahora desde otra conexión. q para salir.

## A key and what it does, in a word or two

tui-key-quit = { $key } salir
tui-key-chat = { $key } chat
tui-key-help = { $key } ayuda
tui-key-rounds = { $key } rondas
# The key moves between the columns.
tui-key-column = { $key } col
tui-key-mice = { $key } ratones
tui-key-target = { $key } objetivo
tui-key-suggest = { $key } sugerir
tui-key-clear = { $key } borrar
tui-key-commit = { $key } sellar
tui-key-rematch = { $key } revancha
