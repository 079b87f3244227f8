# The arenas at /arenas (arenas.js): the list of arenas, and the form that
# makes one.

arenas-title = Arenas · Mice Cake
arenas-heading = Arenas
arenas-loading = Cargando las arenas…
arenas-intro = Un torneo con un inicio y un final: cada uno juega tantas partidas como pueda, y se le vuelve a emparejar según su posición al terminar cada partida. Dos puntos por victoria, uno por empate, el doble tras dos victorias seguidas.
arenas-none = Todavía no hay ninguna arena: crea la primera aquí abajo.
arenas-unreadable = No se pueden leer las arenas ahora mismo: recarga la página en un momento.
# An arena in the list, after its name: $status is where it stands (arena-starts-in, arena-live…),
# $kind what kind it is (arena-kind).
arenas-item = — { $status }; { $players ->
        [one] { $players } jugador
       *[other] { $players } jugadores
    }; { $kind }

## The form that makes an arena

arenas-make-heading = Crear una arena
arenas-its-name = Su nombre
# The arena's name proposed: $name is the player's.
arenas-default-name = Arena de { $name }
# The arena's name proposed to a player without a name yet.
arenas-default-name-ours = Nuestra arena
arenas-your-name = Tu nombre
arenas-starts-label = Empieza
# When the arena starts, in $minutes from now.
arenas-starts = { $minutes ->
        [0] ahora
        [60] dentro de una hora
        [one] dentro de { $minutes } minuto
       *[other] dentro de { $minutes } minutos
    }
arenas-lasts-label = Dura
# How long the arena lasts: $hours and $minutes (15 minutes, 1 hour, 1 h 30, 3 hours).
arenas-lasts = { $hours ->
        [0] { $minutes ->
            [one] { $minutes } minuto
           *[other] { $minutes } minutos
        }
       *[other] { $minutes ->
            [0] { $hours ->
                [one] { $hours } hora
               *[other] { $hours } horas
            }
           *[other] { $hours } h { $minutes }
        }
    }
arenas-pool-label = Categoría
arenas-time-label = Tiempo por ronda
# The time per round the server gives when the arena does not say.
arenas-time-default = El del servidor
# A time per round, in seconds.
arenas-time-seconds = { $seconds } s
arenas-rated-label = Puntuada: sus partidas cambian la puntuación de los jugadores
arenas-join-code-label = Código de acceso (arena de un club)
# The join code field's placeholder: with no code, anyone may join.
arenas-join-code-none = ninguno: abierta a todos
arenas-make = Crear la arena
arenas-keyless = Una arena se crea con la clave de este navegador, y aquí no puede guardar una: necesita HTTPS o localhost, e IndexedDB.
# $reason: why the server refused, a sentence of its own.
arenas-not-made = No se ha creado: { $reason }
# $status: the HTTP status the server answered with, like 500.
arenas-not-made-status = No se ha creado: el servidor respondió { $status }.
arenas-unreachable = No se puede contactar con el servidor ahora mismo: inténtalo de nuevo en un momento.
