# This browser's challenges (challenges.js, challenge-banner.js): the banner
# at the foot of every page where the browser has its key, a challenge's
# room in words, how a challenge ended. Names, room codes and challenge ids
# are never translated.

# The banner's name, for screen readers.
challenges-region = Desafíos
# A challenge to you: $name challenges, $options is challenges-options' parts (a match to 3, rated, 60 s a round).
challenges-incoming = { $name } te desafía: { $options }
# A challenge you made, waiting for $name to answer it.
challenges-outgoing = Esperando la respuesta de { $name }: { $options }
# How long a challenge still waits, as a clock shows it (9:58).
challenges-left = caduca en { $clock }
# A player the server knows no name for: the first digits of their key.
challenges-unnamed = un jugador ({ $key }…)
challenges-accept = Aceptar
challenges-decline = Rechazar
challenges-cancel = Cancelar
# A link to the challenge's page (/c/ID), to give to whoever it is for.
challenges-its-page = Su enlace
challenges-copy = Copiar el enlace
challenges-copied = Enlace copiado
# A note that a challenge ended, read and put away.
challenges-dismiss = Cerrar
# A link to the room of a challenge accepted in another tab.
challenges-go = Ir a la sala
# An answer to a challenge (accept, decline, cancel) the server refused: $reason says why.
challenges-refused = { $reason }
# How a challenge ended. $side: "to" a challenge made to you, "from" one you made. $end: accepted, declined, cancelled, expired. $name: the other player; $code: the room of one accepted.
challenges-ended =
    { $side ->
        [to]
            { $end ->
                [accepted] Aceptaste el desafío de { $name }: sala { $code }.
                [declined] Rechazaste el desafío de { $name }.
                [cancelled] { $name } retiró su desafío.
               *[expired] El desafío de { $name } caducó.
            }
       *[from]
            { $end ->
                [accepted] { $name } aceptó tu desafío: sala { $code }.
                [declined] { $name } rechazó tu desafío.
                [cancelled] Retiraste tu desafío a { $name }.
               *[expired] Tu desafío a { $name } caducó: nadie lo respondió a tiempo.
            }
    }

## A challenge's room in words: its parts, joined by commas

# The wins that take the match: 1 is a single game.
challenges-match =
    { $first_to ->
        [1] una partida
       *[other] un encuentro a { $first_to } victorias
    }
challenges-rated =
    { $rated ->
        [yes]
            { $first_to ->
                [1] puntuada
               *[other] puntuado
            }
       *[no]
            { $first_to ->
                [1] amistosa
               *[other] amistoso
            }
    }
challenges-time-seconds = { $seconds } s por ronda
challenges-time-minutes = { $minutes } min por ronda
challenges-time-none = sin límite de tiempo
challenges-time-default = el tiempo por ronda del servidor
# How the pieces start, when not rows 1, 3, 5, 7 face up.
challenges-all-face-up = todas las piezas boca arriba
challenges-all-face-down = todas las piezas boca abajo
# A stall limit other than the standard one (100 rounds).
challenges-stall = límite de bloqueo { $limit }
