# The room page's own notices and notifications (state.js).

room-leaving = Saliendo de la sala…
room-checking-fair = Comprobando que la partida fue justa…

## The browser's notifications

room-notify-your-move = Tu turno
room-notify-your-move-body = Sala { $code }, ronda { $round }
room-notify-game-over = Partida terminada
