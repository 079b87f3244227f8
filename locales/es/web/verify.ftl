# The browser's own check of a finished game's record (verify.js), in the
# engine's words (`mice-cake verify` says the same): each message but the
# notes is a broken link, which the page shows after "NOT FAIR:"
# (check-not-fair), so it starts in lowercase; the notes (verify-*-proven,
# verify-*-on-servers-word) say what a result's forfeit rests on, after
# "The result:" (check-result).
#
# $round is a round's number, 0 for the deal: each message names it.
# $seat is a seat's name (Yellow, Blue) unless its comment says otherwise.
# $result and $expected are a result as the page writes it elsewhere
# ("Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)").
# "fair.keys", "fair.left" and "missed_deadline_limit" are the record's and
# the answer's fields, as written there: never translated.

## The record's form and keys

verify-format-holds-no-keys = un registro de formato { $format } no contiene claves («fair.keys» es de los formatos 3 y 4)
verify-format-needs-keys = un registro de formato { $format } debe contener las claves de sus jugadores («fair.keys»)
verify-format-holds-no-leave = un registro de formato { $format } no contiene salidas («fair.left» es del formato 4)
verify-key-not-ed25519 = la clave de { $seat } no es una clave pública Ed25519 (64 dígitos hexadecimales)
verify-no-seed = el registro no tiene semilla
verify-exchanges-not-rounds = el registro no contiene un intercambio sellado por ronda

## Seals, nonces and dice against the seed

# $seat is the seat's id, yellow or blue, written in lowercase in English as
# the engine writes it; a translation names the seat.
verify-server-nonce-not-seeds =
    la jugada de { $seat ->
        [yellow] Amarillo
        [blue] Azul
       *[other] { $seat }
    } { $round ->
        [0] en el reparto
       *[other] en la ronda { $round }
    } figura como del servidor, pero su nonce no es el que da la semilla
# $seat is the seat's id, as in verify-server-nonce-not-seeds.
verify-opening-not-seal =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la apertura de { $seat ->
        [yellow] Amarillo
        [blue] Azul
       *[other] { $seat }
    } no coincide con su sello
verify-server-move-claimed =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la jugada de { $seat } figura como suya, pero su nonce es el que la semilla comprometida del servidor da para { $seat } en ese momento: la hizo el servidor
verify-deal-not-seeds = el reparto no es el que dan la semilla y los dos nonces del reparto (fila { $row })
# $seat is the seat's id, as in verify-server-nonce-not-seeds; $kind is
# attempt or boost; $column is a column's letter (A–D); $die is 1, 2 or 3
# (which of the roll's dice); $face and $expected are what the die shows.
verify-die-not-seeds =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: { $kind ->
        [boost] el impulso
       *[attempt] el intento
    } de { $seat ->
        [yellow] Amarillo
        [blue] Azul
       *[other] { $seat }
    } en la columna { $column }, dado { $die }, marca { $face } donde la semilla y los dos nonces dan { $expected }

## Signatures and leaves

verify-signature-mismatch =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la firma de { $seat } no coincide con el sello y la clave de { $seat }
verify-server-move-signed =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: el servidor hizo la jugada de { $seat } y, sin embargo, el registro le da la firma de { $seat }
verify-signature-without-key =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la jugada de { $seat } lleva una firma, pero { $seat } no anunció ninguna clave con la que comprobarla
verify-move-unsigned =
    { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la jugada de { $seat } figura como suya, pero no está firmada con la clave de { $seat } (una jugada sin la firma de su jugador es del servidor)
# $round is the round the leave is signed for, $stopped the one the record
# stops in (0: the deal).
verify-leave-wrong-round =
    la salida de { $seat } está firmada para { $round ->
        [0] el reparto
       *[other] la ronda { $round }
    }, pero el registro se detiene { $stopped ->
        [0] en el reparto
       *[other] en la ronda { $stopped }
    }
verify-leave-unsigned =
    la salida de { $seat } ({ $round ->
        [0] el reparto
       *[other] ronda { $round }
    }) no está firmada con la clave de { $seat }

## The result the server gives with the record

verify-result-forfeit-unrevealed = el resultado dado ({ $result }) dice que { $seat } perdió la partida por abandono, pero no se reveló ninguna ronda: una partida que termina antes de que ambos jugadores hayan hecho una jugada se anula, y nadie la gana
verify-result-abandoned-unrevealed = el resultado dado ({ $result }) dice que ambos jugadores perdieron la partida por abandono, pero no se reveló ninguna ronda: una partida que termina antes de que ambos jugadores hayan hecho una jugada se anula, y nadie la gana
verify-result-aborted-late =
    el resultado dado ({ $result }) dice que la partida se anuló antes de que ambos jugadores hicieran una jugada, pero antes { $count ->
        [one] se reveló { $count } ronda
       *[other] se revelaron { $count } rondas
    }: a partir de ahí, una partida termina por abandono
verify-result-not-played-out = el resultado dado ({ $result }) dice que la partida se jugó hasta el final, pero su registro se detiene antes del final
verify-result-not-the-records = el resultado dado ({ $result }) no es el del registro: el registro, reproducido, da { $expected }
verify-limit-zero = la respuesta dice que el servidor hace perder por abandono a un jugador tras 0 plazos incumplidos seguidos, pero ningún servidor funciona con un límite menor que 1
verify-limit-missing = la respuesta omite el límite de plazos incumplidos seguidos del servidor (missed_deadline_limit), que da toda respuesta con un registro de formato { $format }: sin él, nada dice cuántas jugadas debe haber hecho el servidor por un jugador que pierde por abandono al incumplir plazos
# $count is the server's limit of missed deadlines in a row; $result is the
# result given.
verify-deadlines-ended =
    el servidor hizo la jugada de { $seat } { $count ->
        [one] en la última ronda
       *[other] en cada una de las { $count } últimas rondas
    } del registro, su límite de plazos incumplidos seguidos: la partida terminó ahí, con { $seat } perdiendo por abandono al incumplir plazos, no como dice el resultado dado ({ $result })
# $yellow and $blue are the seats' names.
verify-deadlines-ended-both =
    el servidor hizo las jugadas de { $yellow } y de { $blue } { $count ->
        [one] en la última ronda
       *[other] en cada una de las { $count } últimas rondas
    } del registro, su límite de plazos incumplidos seguidos: la partida terminó ahí, abandonada por ambos al incumplir plazos, no como dice el resultado dado ({ $result })

# How a game ended, in verify-leave-but-other-ending.
verify-ending-played = jugada hasta el final
verify-ending-forfeit = un abandono por otra causa
verify-ending-abandoned = abandonada por ambos
verify-ending-aborted = anulada por otra causa
verify-leave-but-other-ending = el registro contiene la salida firmada de { $seat }, pero el resultado dado dice que la partida terminó de otro modo ({ $ending })

## What a forfeit rests on: a broken link, or a note after "The result:"

verify-left-on-servers-word = que { $seat } saliera de la partida depende de la palabra del servidor ({ $seat } no tenía clave con la que firmar una salida)
verify-left-proven = { $seat } salió de la partida, como prueba su salida, firmada con la clave de { $seat }
verify-left-unproven = el resultado dado dice que { $seat } salió de la partida, pero el registro no contiene ninguna salida firmada con la clave de { $seat }: nada prueba que { $seat } saliera
verify-deal-missed-but-sealed = el resultado dado dice que { $seat } no selló a tiempo un nonce del reparto, pero el registro contiene el sello de { $seat }
verify-deal-missed-proven = { $seat } no selló a tiempo ningún nonce del reparto, como prueba el registro (no contiene ningún sello de { $seat })
verify-missed-but-own-move = el resultado dado dice que { $seat } incumplió demasiados plazos, pero la última jugada de { $seat } en el registro es suya
# $count: the rounds at the record's end in which the server made the move.
verify-missed-on-servers-word =
    que { $seat } incumpliera demasiados plazos depende de la palabra del servidor: el servidor hizo la jugada de { $seat } { $count ->
        [one] en la última ronda
       *[other] en cada una de las { $count } últimas rondas
    } del registro, pero la respuesta no da el límite del servidor (una partida guardada antes de que los servidores lo conservaran)
# $count: the moves at the record's end the server made; $limit: the
# server's limit of missed deadlines in a row (more than $count).
verify-missed-too-few =
    el resultado dado dice que { $seat } incumplió demasiados plazos, pero { $count ->
        [0] el servidor no hizo ninguna de las últimas jugadas de { $seat } en el registro
        [one] el servidor solo hizo la última jugada de { $seat } en el registro
       *[other] las { $count } últimas jugadas que el servidor hizo por { $seat } en el registro no bastan
    } (el límite del servidor: { $limit } seguidos)
# $limit: the server's limit of missed deadlines in a row; $count: the
# rounds at the record's end in which the server made the move (at least
# $limit).
verify-missed-proven =
    { $seat } incumplió { $limit ->
        [one] { $limit } plazo seguido
       *[other] { $limit } plazos seguidos
    }, como prueba el registro: el servidor hizo la jugada de { $seat } { $count ->
        [one] en la última ronda del registro
       *[other] en cada una de las { $count } últimas rondas del registro
    }
verify-disconnected-on-servers-word = que { $seat } estuviera ausente más allá del periodo de gracia depende de la palabra del servidor
verify-not-opened-on-servers-word = que { $seat } no abriera a tiempo una jugada sellada depende de la palabra del servidor (el registro muestra el sello; si la apertura llegó a tiempo, solo lo vio el servidor)
# $cause is the cause as the server sent it (an id such as "timeout").
verify-forfeit-on-servers-word = que { $seat } perdiera por abandono ({ $cause }) depende de la palabra del servidor
# Between the notes of one result, when both players forfeited.
verify-notes-separator = {"; "}

## Ratings (a game in a rated room)

# Why a game in a rated room was not rated, as the server says it.
verify-not-rated-same-address = los dos jugadores están en la misma dirección de red
verify-not-rated-pair-limit = estos dos jugadores ya han jugado 3 partidas puntuadas juntos en las últimas 24 horas
verify-not-rated-bot-against-person = un bot juega contra una persona: los bots se puntúan entre bots
verify-not-rated-same-key = una misma clave ocupa los dos colores
verify-not-rated-aborted = terminó antes de que ambos jugadores hicieran una jugada
verify-not-rated-abandoned = ambos jugadores perdieron por abandono a la vez
# $reason is one of the verify-not-rated-* messages.
verify-rated-and-not = la partida figura como puntuada y, a la vez, como no puntuada ({ $reason })
# $ending is aborted or abandoned.
verify-rated-ended-early =
    la partida habría cambiado las puntuaciones de sus jugadores, pero { $ending ->
        [aborted] se anuló antes de que ambos jugadores hicieran una jugada
       *[abandoned] la abandonaron ambos a la vez
    }: una partida así nunca se puntúa
# $why is aborted or abandoned: what the answer says the game was.
verify-unrated-not-so =
    { $why ->
        [aborted] la partida figura como no puntuada por anulada, pero no se anuló
       *[abandoned] la partida figura como no puntuada por abandonada, pero no se abandonó
    }
verify-rated-server-deal-nonce = la partida figura como puntuada, pero el servidor hizo el nonce del reparto de { $seat }: nada prueba que la clave de { $seat } lo jugara
verify-rated-one-key = la partida figura como puntuada, pero una sola clave jugó los dos colores: una partida así nunca se puntúa
# $pool and $rules are pools' ids, as the server writes them (standard,
# boost, face_up, face_up_boost, face_down, face_down_boost).
verify-rated-other-pool = la partida figura como puntuada en la categoría { $pool }, pero sus reglas son las de la categoría { $rules }
verify-rated-no-pool = la partida figura como puntuada en la categoría { $pool }, pero sus reglas no son las de ninguna categoría (otro límite de bloqueo)
# $key is the first 16 hexadecimal digits of a player's key.
verify-rated-key-not-records = la partida figura como puntuada para la clave { $key }… de { $seat }, pero la clave de { $seat } en el registro es otra
verify-rated-room-key-not-records = la respuesta dice que { $seat } jugó la partida de su sala puntuada con la clave { $key }…, pero la clave de { $seat } en el registro es otra
verify-bot-declaration-unsigned = la declaración de bot de { $seat } en el registro no está firmada con la clave de { $seat }
# $bot is the seat whose key declared itself a bot; $person, the other.
verify-rated-bot-against-person = la partida figura como puntuada, pero la clave de { $bot } se había declarado bot al empezar y la de { $person } no: un bot contra una persona nunca se puntúa
verify-unrated-no-bot = la partida figura como no puntuada por ser un bot contra una persona, pero ninguna de las dos claves se había declarado bot al empezar
verify-unrated-two-bots = la partida figura como no puntuada por ser un bot contra una persona, pero las dos claves se habían declarado bots al empezar
# Glicko-2's figures: a rating and its deviation (RD, as Glicko-2 names it)
# said by the server ($said, $saidDeviation), worked out here ($worked,
# $workedDeviation), before the game ($before, $beforeDeviation) and the
# opponent's before ($other names them; $otherRating, $otherDeviation);
# $result is win, loss or draw: the seat's.
verify-rating-not-glicko =
    la puntuación de { $seat } tras la partida sería { $said } (RD { $saidDeviation }), pero Glicko-2 da { $worked } (RD { $workedDeviation }) a partir de la de { $seat } antes de la partida, { $before } (RD { $beforeDeviation }), la de { $other }, { $otherRating } (RD { $otherDeviation }), y { $result ->
        [win] la victoria
        [loss] la derrota
       *[draw] el empate
    } de { $seat }
verify-rated-games-not-one-more = las partidas puntuadas de { $seat } pasarían de { $before } a { $after } con esta sola partida
# $provisional: yes (the answer says the rating is provisional) or no;
# $limit: the deviation above which a rating is provisional.
verify-provisional-wrong =
    la puntuación de { $seat } tras la partida sería { $provisional ->
        [yes] provisional
       *[no] definitiva
    } con RD { $deviation }, pero una puntuación es provisional justo mientras su desviación supera { $limit }

## A game that ended at its deal

# $version is the record's, as written there.
verify-version-unsupported = la versión de equidad { $version } no es compatible (este motor deriva la versión 1)
verify-deal-opening-without-seal = el reparto: la apertura de { $seat } no tiene sello
verify-deal-refused-without-seal = el reparto: { $seat } figura como que se negó a abrir un sello que nunca hizo
verify-deal-refused-but-opened = el reparto: { $seat } figura como que se negó a abrir su nonce, pero su apertura está en el registro
verify-deal-opening-not-seal = el reparto: la apertura de { $seat } (asignación y nonce) no coincide con su sello
verify-deal-server-nonce-not-seeds = el reparto: el servidor hizo la jugada de { $seat }, pero no con el nonce que da su semilla comprometida
verify-deal-result-forfeit = el resultado dado ({ $result }) dice que { $seat } perdió por abandono en el reparto, pero una partida que termina antes de que ambos jugadores hayan hecho una jugada se anula, y nadie la gana
# $refused: both, one ($seat sealed a nonce and never opened it) or none.
verify-deal-result-not-the-records =
    el resultado dado ({ $result }) no es el del registro: la partida terminó en el reparto, { $refused ->
        [both] con ambos jugadores negándose a abrir
        [one] con { $seat } negándose a abrir
       *[none] sin que nadie se negara a abrir
    }, y sin ganador

## A game of a match

verify-match-link-unreadable = el lugar del registro en su encuentro («fair.match») no se puede leer
