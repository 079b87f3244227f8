# "Play now" (/play), quick pairing: the player's choices, the search for an
# opponent, the server's bot offered, the pairing, and the server's refusals.

play-title = Jugar ahora · Mice Cake
play-looking-title = Buscando rival · Mice Cake
play-paired-title = Rival encontrado · Mice Cake
play-heading = Jugar ahora
play-lead = Enfréntate a quien esté esperando, primero a quien tenga la puntuación más cercana, en una sala privada creada para los dos. ¿No viene nadie? Se te ofrece el bot del servidor tras la espera que elijas.
play-leaderboard = Clasificación

## The choices

# Labels, each before its field.
play-your-name = Tu nombre
play-pool = Categoría
play-time = Tiempo por ronda
play-offer-bot = Ofrecerme el bot del servidor
# The first choice of pool.
play-any-pool = Cualquier categoría
# The choices of time per round.
play-time-any = Cualquiera
play-time-seconds = { $seconds } s
play-time-minutes = { $minutes } min
# The choices of when the server's bot is offered, after "Offer me the server's bot".
play-bot-after = tras { $seconds } s
play-bot-never = nunca
# A checkbox; other messages name it ("under Rated").
play-rated = Puntuada: la partida cambia la puntuación de ambos jugadores
play-rated-help = Tu puntuación pertenece a la clave de este navegador, que la crea y la guarda.
play-keyless = Este navegador no puede guardar una clave aquí, y una puntuación pertenece a la clave de un jugador: una clave necesita WebCrypto, que los navegadores solo dan a las páginas servidas por HTTPS o desde localhost, e IndexedDB, que falta en algunas ventanas privadas. Puedes jugar una partida amistosa: no cambia ninguna puntuación.
play-no-key = Una partida puntuada necesita la clave de este navegador, y aquí no puede guardar ninguna (el porqué, bajo Puntuada). ¿Jugar una partida amistosa en su lugar?
play-start = Jugar ahora
play-casual = Jugar una partida amistosa en su lugar
play-name-first = Elige primero un nombre: es como te verá tu rival.

## The search

play-looking = Buscando rival…
# Told to screen readers as the search starts.
play-looking-announce = Buscando rival.
play-looking-announce-last = Buscando rival. { play-paired-last }
# Under the search's heading: what the player asked for. $pool is a pool's
# name or "Any pool", $time play-asked-time or play-asked-any-time.
play-asked = { $pool } · { $time } · { $rated ->
        [yes] puntuada
       *[no] amistosa
    } · { $botAfter ->
        [0] sin bot
       *[other] el bot ofrecido tras { $botAfter } s
    }
# $time: "30 s", "2 min".
play-asked-time = { $time } por ronda
play-asked-any-time = cualquier tiempo por ronda
# $rating: the player's rating, like 1500 or 1500? (provisional).
play-your-rating = Tu puntuación ({ $pool }): { $rating }
play-paired-last = Interrumpiste { $games ->
        [one] tu última partida puntuada
       *[other] { $aborted } de tus últimas { $games } partidas puntuadas
    } (te fuiste, te ausentaste o no abriste tu jugada sellada antes de que ambos jugadores hubieran jugado), así que se te empareja después de todos los demás.
play-waited = Esperando: { $seconds } s
play-cancel = Cancelar
play-cancelled = Búsqueda cancelada.
play-reconnecting = Se perdió la conexión: reconectando para volver a buscar…
play-unreachable = No se puede contactar con el servidor: no ha respondido durante cinco minutos.

## The server's bot, offered after the wait chosen

# $policy: which bot (strong, greedy, random).
play-bot-offer = Todavía no hay nadie: ¿jugar contra el bot { $policy ->
        [strong] fuerte
        [greedy] codicioso
        [random] aleatorio
       *[other] { $policy }
    } del servidor (partida amistosa)?
play-take-bot = Jugar contra el bot
play-keep-waiting = Seguir esperando
play-starting-bot = Empezando una partida contra el bot…

## Paired

# $badge: a BOT badge after a program's name, or nothing; $rating: the opponent's rating.
play-paired = Rival encontrado: { $name }{ $badge }
play-paired-rated = Rival encontrado: { $name }{ $badge } ({ $rating })
# Told to screen readers. $bot: yes when the opponent is a program.
play-paired-announce = Rival encontrado: { $name }{ $bot ->
        [yes] , un bot
       *[no] {""}
    }. Yendo a la sala { $code }.
play-arriving = Ya estás en la sala { $code }: esperando a que tu rival ocupe su puesto…
play-going = Yendo a la sala { $code }…

## The server's reasons and refusals: $reason is what the server said, a
## sentence or more, in the page's language (common/refusals.ftl)

play-unpaired = El emparejamiento se ha anulado: { $reason } Buscando otro rival…
play-unpaired-ended = El emparejamiento se ha anulado: { $reason } Vuelve a elegir, o pulsa Jugar ahora otra vez.
play-search-ended = La búsqueda ha terminado: { $reason } Vuelve a elegir, o pulsa Jugar ahora otra vez.
# The server's refusal, then why this browser has no key.
play-refused-key = { $reason } { play-keyless }
play-refused-name = { $reason } Elige otro.
