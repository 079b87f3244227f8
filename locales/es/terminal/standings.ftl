# `mice-cake top` and `mice-cake me` (client-cli/src/standings.rs).

## The leaderboard

# An empty leaderboard ($bots: yes for the bots' one), and why.
standings-nobody-leads =
    { $bots ->
        [yes] ningún bot lidera
       *[no] nadie lidera
    } todavía la categoría { $pool }: una puntuación aparece aquí cuando ya no es provisional (una docena de partidas puntuadas, más o menos) y se basa en partidas contra jugadores establecidos (al menos la mitad, contra cinco o más jugadores con 20 partidas puntuadas a lo largo de una semana)
standings-bots-of = bots de la categoría { $pool } (claves que se declararon bots, puntuadas entre bots):
# The leaderboard's column headings: short words over numbers (rd: the rating's deviation).
standings-column-rank = puesto
standings-column-name = nombre
standings-column-rating = puntuación
standings-column-rd = desv.
standings-column-games = partidas

## A player's page

# A player's name, [BOT] for a bot ($badge), and their key.
standings-player = { $name }{ $badge } — clave { $key }
standings-a-bot = un bot: esta clave declaró que la juega un programa; se puntúa entre bots
# A pool's line: its name and rating (padded to line up), rd (the rating's deviation), the games won, lost and drawn.
standings-pool = { $pool } { $rating }  desv. { $deviation }  { $wins } ganadas, { $losses } perdidas, { $draws } empatadas
standings-listed = en la clasificación
# $established of the $needed established opponents needed, $against of its $games games against them.
standings-not-listed = todavía no está en la clasificación: esta recoge una puntuación basada en partidas contra jugadores establecidos — { $established } de los { $needed } necesarios hasta ahora, { $against } de sus { $games } partidas contra ellos (se necesita la mitad)
standings-no-rating = sin puntuación
# The server's operator took games out of a rating: on $day (2025-11-26), in $pool, from $before to $after.
standings-refunded =
    corregida el { $day }: { $pool } { $before } → { $after } ({ $games ->
        [0] las partidas que la movieron
        [one] { $games } partida propia
       *[other] { $games } partidas propias
    } retiradas por el operador del servidor)
# $percent is a whole number; rounds without a mistake ($clean) of all ($rounds).
standings-accuracy =
    precisión del { $percent } % en { $games ->
        [one] { $games } partida puntuada analizada
       *[other] { $games } partidas puntuadas analizadas
    } ({ $clean } de { $rounds } rondas sin errores)
# $last: yes when the player is paired after everyone else for it.
standings-aborted =
    anuló { $aborted } de las últimas { $games } partidas en salas puntuadas{ $last ->
        [yes] : emparejado después de todos los demás
       *[no] {""}
    }
# The command is never translated (ID: a game's id).
standings-latest-games = últimas partidas (mice-cake replay ID):
# One of the latest games: its id, the outcome for the player, the opponent, and the rating it moved (+12), or standings-casual, or standings-not-rated.
standings-recent =
    { $id } { $outcome ->
        [won] ganada
        [lost] perdida
        [drew] empate
        [aborted] anulada
       *[none] {""}
    } contra { $opponent } { $change }
standings-casual = (amistosa)
# $why is text-not-rated.
standings-not-rated = (no puntuada: { $why })
# A game of a match: its number there, and how to prove the match whole ($id, never translated).
standings-match-game = (partida { $number } de un encuentro: mice-cake verify --match { $id })
