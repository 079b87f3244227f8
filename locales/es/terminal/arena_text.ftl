# Arenas in words (client-cli/src/arena_text.rs, `mice-cake arena …`).

# $countdown is a clock's time, like 2:05.
arena-starts-in = empieza en { $countdown }
# $left is a clock's time, like 2:05.
arena-live = en curso, quedan { $left }
arena-ending = terminando: se juegan las últimas partidas
arena-finished = terminada
# An arena in a line: its id, name, status (arena-starts-in, …), players and games, its pool (text-pool), rated or not, a club's (only with its join code).
arena-header =
    arena { $id } «{ $name }»: { $status }; { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }, { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }; { $pool }, { $rated ->
        [yes] puntuada
       *[no] amistosa
    }{ $club ->
        [yes] , club (código de acceso)
       *[no] {""}
    }

## The standings

# The standings' column headings: short words, they head columns of numbers.
arena-column-rank = puesto
arena-column-name = nombre
arena-column-score = puntos
arena-column-games = partidas
arena-column-wins = victorias
# Marks after a player's line: on a streak (a win counts double), paused.
arena-mark-streak = en racha
arena-mark-paused = en pausa
arena-nobody-yet = nadie se ha unido todavía
# The game shown on the arena's page; the command to watch it is never translated.
arena-featured = destacada: { $yellow } contra { $blue } en la sala { $code } (mice-cake watch { $code })
# A finished arena's first three ($rank is 1, 2 or 3).
arena-podium =
    { $rank ->
        [1] primer puesto
        [2] segundo puesto
       *[other] tercer puesto
    }: { $name } con { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } en { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }
# The command is never translated.
arena-none-yet = todavía no hay ninguna arena: crea una con mice-cake arena create --minutes 30

## Joined, paired, paused, left

arena-over-placed =
    la arena ha terminado: quedaste en el puesto { $rank } de { $players } con { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    } en { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }
arena-over = la arena ha terminado
# pause and join are words the player types: never translated.
arena-you-are-in = estás dentro (puesto { $rank } de { $players }): te emparejan en cuanto estés libre; escribe pause para parar, join para volver
# q is the key that leaves: never translated.
arena-watching = mirando la clasificación de la arena (q para salir)
# Paired for the next game: $badge is [BOT] after a bot's name or nothing; $streak says a win counts double.
arena-paired =
    emparejado con { $opponent }{ $badge } en la sala { $code } (tú: puesto { $rank }, { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    }{ $streak ->
        [yes] , en racha: una victoria cuenta doble
       *[no] {""}
    })
# Why the player is not paired until they join again (join: a word typed, never translated).
arena-paused =
    sin emparejar en la arena { $arena }: { $cause ->
        [paused] estás en pausa: escribe join para que te vuelvan a emparejar
        [over] la arena ha terminado
        [replaced] te uniste a esta arena desde otra conexión
        [called_off] la partida se anuló
       *[deal_not_sealed] no sellaste tu reparto a tiempo: escribe join para que te vuelvan a emparejar
    }
arena-left = saliste de la arena { $arena }
