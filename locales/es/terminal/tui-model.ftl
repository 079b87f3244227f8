# The full-screen interface's notices, on the line at the bottom
# (client-cli/src/tui/model.rs): cues, explanations, what a key did.
# $key, $yes, $no are the keys to press, as they are.

tui-notice-back-commit-sent = De vuelta: tu jugada de la ronda { $round } se envía ahora
tui-notice-replaced = Tu asiento se juega ahora desde otra conexión: { $key } para salir
# $reason is the server's refusal, in a sentence.
tui-notice-commit-not-played = La ronda { $round } terminó mientras no había conexión: tu jugada no se jugó ({ $reason })
# Shown in the game's result while its record is checked.
tui-notice-checking-fair = Comprobando que la partida fue justa…
tui-notice-your-move = Te toca — ronda { $round }
# One more missed deadline forfeits the game; $missed is how many were missed in a row.
tui-notice-your-move-last-chance = Te toca — ronda { $round }. Se te pasó el plazo { $missed ->
        [one] { $missed } vez
       *[other] { $missed } veces seguidas
    }: si se te pasa esta, pierdes por abandono
tui-notice-opponent-left = Tu rival se fue: la próxima partida empieza cuando entre otro jugador ({ $key } para salir)
tui-notice-commit-waiting = Tu jugada ya está esperando a que vuelva la conexión
tui-notice-sealed-and-sent = Tu jugada está sellada y enviada: espera a que el servidor la acepte
tui-seek-starting-bot-game = Empezando una partida contra el bot del servidor…
tui-notice-still-looking = Seguimos buscando a una persona ({ $key } para parar)
tui-notice-chat-muted = Chat silenciado ({ $key } para reactivarlo)
tui-notice-chat-back = Chat reactivado
tui-notice-spectators-chat-shown = Ahora ves también el chat de los espectadores ({ $key } para ocultarlo)
tui-notice-spectators-chat-hidden = Chat de los espectadores oculto
tui-notice-leave = ¿Salir de la partida? La pierdes por abandono. { $yes }/{ $no } (cerrar la terminal conserva tu asiento)
tui-notice-all-mice-placed = { $available ->
        [one] tu único ratón disponible ya está colocado
       *[other] los { $available } ratones disponibles ya están colocados
    }; quita uno de otra columna primero
tui-notice-target-where = el objetivo se elige en la columna del doble blanco
tui-notice-sealed-already = Tu jugada de esta ronda ya está sellada: se envía otra vez, sin cambios
tui-notice-commit-held = Reconectando… tu jugada se enviará en cuanto vuelva la conexión, si la ronda { $round } sigue abierta
# $column is a column's letter (A to D).
tui-notice-nothing-to-steal = la columna { $column } es el doble blanco, y tu rival aún no tiene nada que robar
tui-notice-no-piece-left = en la columna { $column } no queda ninguna pieza

## Why the move cannot be committed yet ($placed, $available: mice; $mice: a family's mice; $piece: like 3/5)

tui-not-yet-game-over = Todavía no: la partida ha terminado
tui-not-yet-too-many-mice = Todavía no: { $placed } ratones colocados, pero una familia solo tiene { $mice }
tui-not-yet-resting-mice = Todavía no: { $placed ->
        [one] { $placed } ratón colocado
       *[other] { $placed } ratones colocados
    }, pero solo { $available ->
        [one] hay { $available } disponible
       *[other] hay { $available } disponibles
    }: los demás descansan
tui-not-yet-mice-left = Todavía no: { $placed } de { $available ->
        [one] { $available } ratón disponible colocado
       *[other] { $available } ratones disponibles colocados
    }: hay que colocar todos los ratones disponibles
tui-not-yet-empty-column = Todavía no: en la columna { $column } no queda ninguna pieza
tui-not-yet-nothing-to-steal = Todavía no: la columna { $column } ofrece el doble blanco, pero el rival aún no tiene nada que robar
tui-not-yet-no-target = Todavía no: los ratones en el doble blanco de la columna { $column } deben elegir una pieza del rival para robar
tui-not-yet-target-not-held = Todavía no: el botín del rival no tiene { $piece }
tui-not-yet-target-without-steal = Todavía no: { $piece } solo se puede robar con ratones en el doble blanco, y no hay ninguno
tui-challenge-waiting = Esperando la respuesta — { $key } retira el desafío
