# The room page as the game goes (room-draw.js): the title and its line,
# the connection's state, the waiting room, leaving, a seat taken by
# another tab, the result and the rematch.

room-caption-your-move = Ronda { $round }: tu turno.

## The connection's state

room-link-connecting = conectando…
room-link-back = reconectado
room-link-reconnecting = conexión perdida, reconectando…
room-link-failed = desconectado

##

room-entering = Entrando en la sala…
room-dealing = Repartiendo el pastel a partir de la semilla comprometida del servidor y los nonces sellados de los dos jugadores…
room-watching-full = Los dos asientos están ocupados: estás mirando esta partida.
room-your-move-sealed = Tu jugada: { $assignment }, sellada.

## The line under the room's heading

room-meta-game = partida { $game }, ronda { $round }
room-meta-waiting = esperando
room-spectators = { $count ->
    [one] { $count } espectador
   *[other] { $count } espectadores
}
room-clock-label = tiempo restante de la ronda

## The room's tools

room-copy-link = Copiar el enlace de invitación
room-leave = Salir de la sala
room-leave-question-forfeit = ¿Salir de la sala? Pierdes esta partida por abandono: gana { $winner }.
room-leave-question-aborted = ¿Salir de la sala? Nadie ha jugado todavía: la partida se anula, nadie gana y no es puntuada.
room-leave-now = Salir
room-stay = Quedarme
room-not-rated = Esta partida no es puntuada: { $reason }.

## Waiting for players

room-waiting-opponent = Esperando a un rival. Envíale este enlace:
room-waiting-players = Esperando a dos jugadores; la partida empieza cuando estén los dos.

## The seat taken by another tab, window or device

room-take-back = Jugar aquí
room-replaced-heading = Otra pestaña u otra conexión ha ocupado tu asiento
room-replaced = Esta sala se abrió con tu asiento en otra pestaña, ventana o dispositivo. Un asiento se juega desde un solo sitio a la vez: se lo queda el más reciente. Esta página se ha detenido: ni jugadas ni chat desde aquí.

## The result

room-result-close = Cerrar
room-rematch-asked = Revancha pedida
room-rematch = Revancha
room-arena-return = Vuelves a la arena en unos segundos, para emparejarte de nuevo.
room-arena-go-now = Ir ahora
room-result-win = ¡Ganas!
room-result-lose = Pierdes.
room-result-opponent-left = Tu rival ha salido de la sala: el próximo jugador que entre empieza la siguiente partida.
room-result-heading = Partida { $game } terminada
room-result-not-rated = No puntuada: { $reason }.
room-result-replay = Ver la repetición de esta partida
room-result-how-it-ended = Cómo terminó esta partida
room-player = { $name } ({ $seat })
room-rating = { $player } { $rating }
room-rating-change = { $player } { $rating } ({ $change })
room-ratings = Puntuaciones: { $ratings }

## A match: game after game until a player has a number of wins

room-match-score = { $yellow } { $yellow_wins } – { $blue } { $blue_wins } · a { $first_to } victorias
room-match-to = Un encuentro a { $first_to } victorias
room-match-won = { $winner } gana el encuentro { $wins }–{ $losses }
room-match-forfeit = { $loser } abandonó el encuentro: { $winner } lo gana
room-match-abandoned = Los dos jugadores se fueron: el encuentro queda abandonado y nadie lo gana
room-match-game-to = Partida { $number } para { $winner } — { $yellow } { $yellow_wins }, { $blue } { $blue_wins }
room-match-game-drawn = Partida { $number } empatada — { $yellow } { $yellow_wins }, { $blue } { $blue_wins }
room-match-next-game = La partida { $number } empieza en { $clock }, o en cuanto los dos jugadores estén listos.
room-match-ready = Pasar a la partida { $number }
room-match-ready-asked = La partida { $number } empieza pronto
room-match-new = Nuevo encuentro
room-match-new-asked = Nuevo encuentro pedido
