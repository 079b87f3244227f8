# The leaderboard at /top (leaderboard.js): a pool's best settled ratings,
# people's or bots'.

leaderboard-title = Clasificación · Mice Cake
# $pool: a pool's name (ratings-pool-*); $whose: people or bots.
leaderboard-pool-title = { $whose ->
        [bots] Clasificación: { $pool }, bots · Mice Cake
       *[people] Clasificación: { $pool } · Mice Cake
    }
leaderboard-heading = Clasificación
# $pool: what the address asked for, as it was written.
leaderboard-no-such-pool = Ninguna categoría se llama «{ $pool }»: elige una de estas.
leaderboard-loading = Cargando la clasificación…
leaderboard-bots-only = Solo bots: claves que declararon que las juega un programa. Los bots se puntúan entre bots, nunca contra personas.
leaderboard-all-bots = Todos los bots, con su motor
leaderboard-rule = Solo puntuaciones asentadas, basadas en partidas contra jugadores consolidados: una puntuación marcada con ? es provisional y queda fuera hasta que su jugador haya jugado suficientes partidas puntuadas; y una puntuación aparece en cuanto al menos la mitad de sus partidas, contra al menos cinco jugadores distintos, fueron contra jugadores consolidados (20 partidas puntuadas aquí durante al menos una semana), para que ningún grupo de claves nuevas pueda meter a nadie aquí.
# $status: the HTTP status the server answered with, like 500.
leaderboard-server-answered = El servidor respondió { $status }.
leaderboard-unreachable = No se puede contactar con el servidor.
leaderboard-cannot-load = No se puede cargar la clasificación.
# The name of the links to people's and to bots' leaderboards.
leaderboard-whose = Personas o bots
leaderboard-people = Personas
leaderboard-bots = Bots
# The name of the links to each pool's leaderboard.
leaderboard-pools = Categorías
leaderboard-no-bots = Todavía no hay ningún bot en esta categoría.
leaderboard-nobody = Todavía no hay nadie en esta categoría.

## The table's columns

leaderboard-rank = Puesto
leaderboard-player = Jugador
leaderboard-rating = Puntuación
leaderboard-games = Partidas
