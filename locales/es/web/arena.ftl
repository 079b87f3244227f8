# An arena's page at /a/ID (arena.js): where it stands, the player's own
# line with Join and Pause, the standings, the featured game, the podium.
# An arena is a tournament with a start and an end; a player's score is in
# points (two a win, one a draw, doubled on a streak).

arena-title = Arena · Mice Cake
# $name: the arena's name.
arena-named-title = { $name } · Arena · Mice Cake
arena-heading = Arena
arena-loading = Cargando la arena…
arena-no-such = No existe esa arena
# $id: the arena's id, eight letters and digits.
arena-no-such-id = Ninguna arena tiene el identificador { $id }.
arena-unreadable = No se puede leer la arena ahora mismo: recarga la página en un momento.
arena-all = Todas las arenas

## Where it stands. $time: a countdown, as a clock shows it (2:05, 1:02:05).

arena-starts-in = Empieza en { $time }
arena-live = En juego: quedan { $time }
arena-ending = Terminando: se juegan las últimas partidas
arena-finished = Terminada

# What kind of arena: $pool is its pool's name (ratings-pool-*); $rated, $club (a join
# code is needed), $bots (bots may join): yes or no.
arena-kind = { $pool } · { $rated ->
        [yes] puntuada
       *[no] amistosa
    } · { $club ->
        [yes] club (código de acceso)
       *[no] abierta a todos
    } · { $bots ->
        [yes] bots bienvenidos
       *[no] sin bots
    }
# $kind: arena-kind; $creator: who made it; $players, $games: how many so far.
arena-kind-line = { $kind } · creada por { $creator } · { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }, { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }

## The standings

arena-standings = Clasificación de la arena
arena-final-standings = Clasificación final
arena-nobody-yet = Todavía no se ha unido nadie.
arena-column-rank = #
arena-column-player = Jugador
# The column of scores: its heading, short, and in full.
arena-column-points = Pts
    .title = Puntos
arena-column-games = Partidas
# A column of marks (on a streak, paused), for screen readers only.
arena-column-marks = Marcas
# A player's mark (🔥) when on a streak.
arena-on-fire = En racha: la próxima victoria cuenta doble
# A player's mark when paused.
arena-paused-mark = en pausa

## The podium, once it is over

arena-podium = Podio
# $place: 1, 2 or 3.
arena-podium-place = { $place ->
        [1] Primer puesto:
        [2] Segundo puesto:
       *[3] Tercer puesto:
    }
# $place: arena-podium-place (in bold); $name: the player; $score: their points.
arena-podium-line = { $place } { $name }, { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } en { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }

## The featured game

# $featured: arena-featured-label (in bold); $yellow, $blue: the players; $watch: a link (arena-watch).
arena-featured = { $featured } { $yellow } contra { $blue } { $watch }
arena-featured-label = Destacada:
arena-watch = Mirar

## The player's own part

# $rank: the player's place, selecting by the language's ordinals (1st, 2nd, 3rd, 4th).
arena-you-finished = Terminaste en el puesto { $rank } con { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } en { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }.
# $rank: as in arena-you-finished; $streak: yes when on a streak.
arena-you-now = Tú: puesto { $rank }, { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } en { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }{ $streak ->
        [yes] {" "}— en racha: una victoria cuenta doble
       *[no] {""}
    }.
arena-you-paused = Estás en pausa: sigues en la clasificación, pero no se te empareja hasta que vuelvas a unirte.
arena-pause = Pausa
arena-join = Unirse
arena-join-again = Volver a unirse
arena-join-early = Únete ya: se te emparejará en cuanto empiece.
arena-your-name = Tu nombre
# The code a club's arena asks of whoever joins it.
arena-join-code = Código de acceso
arena-name-first = Primero, tu nombre.

## News

arena-in-upcoming = Estás dentro: se te emparejará en cuanto empiece la arena.
arena-in-waiting = Estás dentro: esperando a un rival…
# $name: the opponent.
arena-paired = Emparejado con { $name }: vamos a la partida…
# Said to screen readers. $name: the opponent.
arena-paired-announced = Emparejado con { $name }.
# $reason: why joining was refused, a sentence of its own.
arena-not-joined = No te has unido: { $reason }
arena-over = La arena ha terminado.
arena-reconnecting = Conexión perdida: reconectando…
