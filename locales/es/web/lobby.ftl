# The lobby (/): the public rooms, a new room and its options, joining or
# watching a room by its code, and links to the other pages.

lobby-looking = Buscando salas…
lobby-leaderboard = Clasificación
lobby-arenas = Arenas
lobby-your-page = Tu página
# The game's name, the lobby's heading: never translated.
lobby-heading = Mice Cake
# Followed by a link, "The rules".
lobby-lead = Dos familias de ratones compiten por llevarse el pastel. Juega contra un amigo, contra un bot, o mira.
lobby-rules = Las reglas
lobby-play-now = Jugar ahora
lobby-play-now-help = Enfréntate a quien esté esperando, primero a quien tenga la puntuación más cercana; o juega contra el bot del servidor.
# A label, before the name's field.
lobby-your-name = Tu nombre
lobby-public-rooms = Salas públicas

## Joining or watching a room by its code

lobby-join-heading = Entrar en una sala o mirarla
lobby-room-code = Código de sala
lobby-go = Ir a la sala
# K7QMX: an example of a room code, as it is.
lobby-bad-code = Un código de sala tiene cinco letras y cifras, como K7QMX.
lobby-unreachable = No se puede contactar con el servidor; volviendo a intentarlo.

## A new room and its options

lobby-new-room = Nueva sala
lobby-opponent = Rival
# The choices of opponent, after "Opponent".
lobby-opponent-person = una persona (envíale el enlace)
lobby-opponent-strong = el bot fuerte
lobby-opponent-greedy = el bot codicioso
lobby-opponent-random = el bot aleatorio
# Which pieces are dealt face up, after "Pieces".
lobby-pieces = Piezas
lobby-reveal-standard = filas 1, 3, 5, 7 boca arriba
lobby-reveal-all-face-up = todas boca arriba
lobby-reveal-all-face-down = todas boca abajo
# A checkbox: the game's "boost" rule in place of the mice tiring.
lobby-boost = Impulso en lugar de cansancio
lobby-time = Tiempo por ronda
lobby-time-default = el valor por defecto del servidor
lobby-time-seconds = { $seconds } s
lobby-time-minutes = { $minutes } min
lobby-time-none = sin límite
lobby-match = Encuentro
lobby-match-one = una partida (luego revanchas)
lobby-match-first-to = a { $wins } victorias
lobby-match-other = a otro número de victorias
lobby-match-wins = Victorias que ganan el encuentro (de { $min } a { $max })
lobby-stall = Rondas sin progreso que terminan la partida
lobby-private = Privada (no aparece en la lista)
# A checkbox; the refusals below name it ("untick Rated").
lobby-rated = Puntuada: la partida cambia la puntuación de ambos jugadores
lobby-rated-help = Contra una persona, con { $limit } rondas sin progreso; cada jugador necesita una clave, que este navegador crea y guarda.
lobby-record-chat = Guardar el chat con el registro de la partida
lobby-create = Crear la sala
lobby-name-first = Elige primero un nombre: es como te verá tu rival.
lobby-rated-bot = Una partida puntuada se juega contra una persona: una partida contra un bot nunca es puntuada. Elige una persona, o desmarca Puntuada.
lobby-rated-stall = Una partida puntuada termina tras { $limit } rondas sin progreso, el límite estándar: pon ese valor, o desmarca Puntuada.
lobby-rated-keyless = Este navegador no puede guardar una clave en esta página (una clave necesita WebCrypto, que solo se da a las páginas servidas por HTTPS o desde localhost, e IndexedDB), y una puntuación pertenece a una clave. Desmarca Puntuada para jugar una partida amistosa.

## The public rooms: a table, each row a card on a phone

lobby-no-rooms = No hay ninguna sala pública ahora mismo: crea una.
lobby-column-room = Sala
lobby-column-status = Estado
lobby-column-yellow = Amarillo
lobby-column-blue = Azul
lobby-column-round = Ronda
# How many watch the room.
lobby-column-watching = Espectadores
# A room's status, as the server sends it.
lobby-room-status = { $status ->
    [waiting] esperando
    [playing] en juego
    [finished] terminada
   *[other] { $status }
}
lobby-room-status-rated = { $status ->
    [waiting] esperando, puntuada
    [playing] en juego, puntuada
    [finished] terminada, puntuada
   *[other] { $status }, puntuada
}
# Under the table, when it shows only some of the rooms.
lobby-rooms-total = { $total ->
    [one] { $total } sala en total.
   *[other] { $total } salas en total.
}
