# The panel beside the board (client-cli/src/tui/view/panel.rs): the move
# being made, the reveal, the game's end. It can be 26 columns wide.

tui-panel-reveal = Revelación
tui-panel-game-over = Fin de la partida
tui-panel-round = Ronda
tui-panel-replay = Repetición
tui-panel-watching = Mirando
tui-panel-played-elsewhere = Ahora se juega en otro lugar
tui-panel-played-elsewhere-why = Otra pestaña, terminal o dispositivo ocupó este asiento y lo juega. q para salir.
tui-panel-replay-keys = → la ronda siguiente, ← la anterior; Home y End.
tui-panel-watching-secret = Estás mirando. Las asignaciones son secretas hasta que estén las dos.

## The title over the move being made (the shortest that fits is used)

tui-panel-your-move = Tu jugada · { $placed } de { $available ->
        [one] { $available } ratón
       *[other] { $available } ratones
    }
tui-panel-mice-placed = { $placed } de { $available ->
        [one] { $available } ratón
       *[other] { $available } ratones
    }

## Once the move is in ($assignment: like A2 C2)

tui-panel-committed = Jugada sellada: { $assignment }
tui-panel-waiting-for = Esperando a { $seat }…
tui-panel-commit-held = Jugada de la ronda { $round } retenida
tui-panel-commit-held-until = se envía en cuanto vuelva la conexión
# Sealed and sent, not yet taken by the server.
tui-panel-sealed = Sellada aquí: { $assignment }
tui-panel-sent = enviada; esperando a que el servidor la acepte…
tui-panel-sent-not-taken = enviada hace { $clock }, el servidor aún no la ha aceptado: puede estar ocupado o inaccesible
tui-panel-disconnected = Desconectado
# $command: the command that comes back to the room.
tui-panel-seat-kept = Tu asiento se conserva un rato: q, y luego { $command }
tui-panel-reconnecting = Reconectando…
tui-panel-seat-comes-back = tu asiento vuelve solo
tui-panel-nothing-to-decide = Nada que decidir esta ronda: tu única asignación posible se sella por ti.

## The reveal and the game's end

tui-panel-round-revealed = Ronda { $round } revelada
tui-panel-dice-roll = ruedan los dados… (cualquier tecla: el final)
tui-panel-opponent-left = Tu rival se fue: esperando a otro
tui-panel-rematch-asked = Revancha pedida: esperando la respuesta
tui-panel-rematch-key = { $key }: revancha, con los asientos cambiados
tui-panel-next-game = Esperando la próxima partida

## A column of the move: its mice ($count, or -) and what they go for

tui-panel-column-on = { $count } por { $piece }
tui-panel-column-face-down = { $count } por una pieza boca abajo (a ciegas)
# $key picks another piece to steal.
tui-panel-column-steal = { $count } roban { $piece } ({ $key })
tui-panel-column-steal-pick = { $count } roban: { $key } elige el objetivo
tui-panel-column-nothing-to-steal = doble blanco: aún no hay nada que robar
tui-panel-column-empty = vacía
# The odds: of taking the piece, and of the dice matching it (tiring the mice, or a boost).
tui-panel-odds-tire = llevarse { $take } cansancio { $tire }
tui-panel-odds-boost = llevarse { $take } impulso { $boost }
