# A player's page at /p/KEY (players.js): their name, accuracy, rating in
# each pool, refunds, and latest games. Messages ending in -yours are for
# the page of this browser's own key, -theirs for anyone else's.

player-loading = Cargando el jugador…
player-unreachable = No se puede cargar la página de este jugador: no se puede contactar con el servidor.
# The links every player page ends with.
player-leaderboard = Clasificación
player-play-rated = Jugar una partida puntuada

## A key that never played a game here

player-yours-title = Tu página · Mice Cake
player-empty-title = Un jugador · Mice Cake
player-yours-heading = Tu página
player-empty-heading = Un jugador sin partidas
# $play: a link to quick pairing (player-play-now); $rating: where ratings start, 1500.
# “Rated” is the checkbox's label when creating a room.
player-no-games-yours = Todavía no has jugado ninguna partida aquí. { $play } (puntuada salvo que desmarques la casilla), o marca «Puntuada» al crear una sala: una partida puntuada cambia la puntuación de los dos jugadores, que empieza en { $rating }.
player-play-now = Jugar ahora
player-no-games = Este jugador no ha jugado ninguna partida en este servidor.

## A player with games

# The page's title. $who: bot (a program plays the key), you (this browser's key), bot-you, or other.
player-title = { $who ->
        [bot] { $name } (bot) · Mice Cake
        [you] { $name } (tú) · Mice Cake
        [bot-you] { $name } (bot) (tú) · Mice Cake
       *[other] { $name } · Mice Cake
    }
# After the player's name in the heading, on this browser's own page.
player-you = (tú)
player-declared-bot = Un bot: esta clave declaró que la juega un programa. Se puntúa entre bots, nunca contra personas.
# $key: the player's public key (64 hexadecimal digits).
player-key = Clave del jugador { $key }
# Games of rated rooms the player aborted: $aborted of their last $games. $last is yes
# when they aborted so many that quick pairing (“Play now”) pairs them after everyone else.
player-conduct-yours = Partidas anuladas por ti: { $aborted } de { $games ->
        [one] tu última partida
       *[other] tus últimas { $games } partidas
    } en salas puntuadas (te fuiste, no volviste a tiempo o no abriste tu jugada antes de que ambos jugadores hubieran jugado){ $last ->
        [yes] ; se te empareja después de todos los demás en «Jugar ahora»
       *[no] {""}
    }.
player-conduct-theirs = Partidas anuladas por este jugador: { $aborted } de { $games ->
        [one] su última partida
       *[other] sus últimas { $games } partidas
    } en salas puntuadas (se fue, no volvió a tiempo o no abrió su jugada antes de que ambos jugadores hubieran jugado){ $last ->
        [yes] ; se le empareja después de todos los demás en «Jugar ahora»
       *[no] {""}
    }.
# The player's accuracy over the rated games the server analysed: $percent of the
# rounds ($clean of $rounds) without a mistake.
player-accuracy = Precisión del { $percent } % en { $games ->
        [one] { $games } partida puntuada analizada
       *[other] { $games } partidas puntuadas analizadas
    } ({ $clean } de { $rounds } { $rounds ->
        [one] ronda
       *[other] rondas
    } sin errores)
player-accuracy-unjudged = Precisión del { $percent } % en { $games ->
        [one] { $games } partida puntuada analizada
       *[other] { $games } partidas puntuadas analizadas
    } (ninguna ronda con una decisión que evaluar)
player-no-rating-yet = Todavía sin puntuación.
player-latest-games = Últimas partidas

## A pool's rating

# $rating: the rating, as shown (1500, or 1500? while provisional); $provisional: yes or no;
# $record: wins, losses and draws (ratings-record).
player-rating-line = { $rating }{ $provisional ->
        [yes] {" "}provisional
       *[no] {""}
    } · { $games ->
        [one] { $games } partida puntuada
       *[other] { $games } partidas puntuadas
    }: { $record }
# Glicko's rating deviation. $leaderboard: a link to the pool's leaderboard (player-pool-leaderboard).
player-deviation = Desviación { $deviation }: la fuerza real probablemente esté a menos de { $within } puntos de la puntuación. { $leaderboard }
# $pool: the pool's name (ratings-pool-*).
player-pool-leaderboard = Clasificación { $pool }
player-listed = En la clasificación.
# $established: distinct established opponents so far, of the $needed (5); $against: games
# against established players, of all the pool's $games.
player-not-listed = Todavía no está en la clasificación: solo figura una puntuación basada en partidas contra jugadores consolidados (20 partidas puntuadas aquí durante al menos una semana) — { $established } de los { $needed } rivales consolidados necesarios por ahora, y { $against } de { $games } { $games ->
        [one] partida
       *[other] partidas
    } contra ellos (hace falta la mitad).

## Refunds: rated games the server's operator took out of the ratings

player-refunds = Reembolsos
# In place of a rating before or after a refund.
player-no-rating = sin puntuación
# $date: the day; $pool: the pool's name; $before, $after: the ratings (or player-no-rating);
# $games: how many of the player's own games were taken out (0: only others' games were).
player-refund-yours = { $date }, { $pool }: { $before } → { $after }. { $games ->
        [0] El operador del servidor retiró de las puntuaciones partidas puntuadas que no jugaste; tu puntuación cambió al recalcularse las puntuaciones sin ellas.
        [one] El operador del servidor retiró de las puntuaciones { $games } partida puntuada tuya, y las puntuaciones se recalcularon sin ella.
       *[other] El operador del servidor retiró de las puntuaciones { $games } partidas puntuadas tuyas, y las puntuaciones se recalcularon sin ellas.
    }
player-refund-theirs = { $date }, { $pool }: { $before } → { $after }. { $games ->
        [0] El operador del servidor retiró de las puntuaciones partidas puntuadas que este jugador no jugó; su puntuación cambió al recalcularse las puntuaciones sin ellas.
        [one] El operador del servidor retiró de las puntuaciones { $games } partida puntuada suya, y las puntuaciones se recalcularon sin ella.
       *[other] El operador del servidor retiró de las puntuaciones { $games } partidas puntuadas suyas, y las puntuaciones se recalcularon sin ellas.
    }

## The latest games (a table; cards on a phone)

player-none-yet = Ninguna todavía.
player-column-date = Fecha
player-column-pool = Categoría
player-column-opponent = Rival
player-column-result = Resultado
player-column-rating = Puntuación
player-column-replay = Repetición
# A game's result for the player; $seat: the seat they played (Yellow or Blue).
# aborted-self: this player aborted it; aborted-both: both did.
player-result = { $outcome ->
        [won] Ganada
        [lost] Perdida
        [won-forfeit] Ganada (abandono)
        [lost-forfeit] Perdida (abandono)
        [abandoned] Abandonada
        [aborted-both] Anulada por ambos
        [aborted-self] Anulada por este jugador
        [aborted-opponent] Anulada por el rival
       *[draw] Empate
    }, con { $seat }
# A game that changed no rating.
player-match-game = partida { $number } de un encuentro
player-casual = Amistosa
# $reason: why a game of a rated room was not rated.
player-not-rated = No puntuada: { $reason }
# Both players of a game, when the page's player played neither seat.
player-versus = { $yellow } contra { $blue }
# A link to the game's replay; player-replay-which follows it, for screen readers only.
player-replay = Repetición
player-replay-which = de la partida contra { $opponent } del { $date }
