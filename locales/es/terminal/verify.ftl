# The terminal's own check of a finished game (`mice-cake verify`, and the
# check after a game played here): the verdict in one line, its notes in
# brackets, and the first broken link it finds. Keys (their first 16
# hexadecimal digits), pool names (standard, face_up, …), record formats and
# the results given (written by the terminal's result line) go in as they are.
# $round is a round's number, 0 for the deal; $seat, $bot, $person and
# $opponent are seats' names (text-seat).

## Lists of rounds, joined with commas: "the deal, rounds 3–5, round 7"

verify-rounds-deal = el reparto
verify-rounds-one = la ronda { $round }
verify-rounds-run = las rondas { $first }–{ $last }

## The verdict

verify-fair = partida verificada como justa: la semilla coincide con el compromiso publicado al inicio, cada sello coincide con su apertura, { $rounds ->
        [0] el reparto sale
        [one] el reparto y los dados de la única ronda salen
       *[other] el reparto y los dados de las { $rounds } rondas salen
    } de la semilla y de los nonces de ambos jugadores, y cada resultado sigue las reglas
verify-aborted-deal = partida verificada: terminó en su reparto, antes de repartir nada; la semilla coincide con el compromiso publicado al inicio, y cada sello, apertura y firma hechos son correctos
verify-unsealed = no se puede probar que sea justa: una partida de antes del juego sellado (formato de registro 1); sus rondas siguen las reglas, pero sus dados salieron solo de la semilla del servidor
# $problem: the first broken link, one of the findings below.
verify-broken = NO ES JUSTA: { $problem }
# $error: why the record could not be fetched or read (from elsewhere).
verify-could-not = no se pudo verificar la partida: { $error }

## Notes after the verdict, each in brackets. $rounds is a list of rounds
## (above).

verify-note-server-everything = (nota: el servidor hizo todas las jugadas, también las del reparto: la partida depende solo de su semilla)
verify-note-server-both = (nota: el servidor hizo las dos jugadas en { $rounds }: esas dependen solo de su semilla)
verify-note-taken-over = (nota: el servidor hizo tu jugada en { $rounds } aunque este cliente había sellado una: demasiado tarde para el plazo, o se perdió)
# $cause: what the result's forfeit rests on (verify-cause-… and the like).
verify-note-result = (el resultado: { $cause })
verify-note-format-2 = (nota: un registro de antes de las jugadas firmadas, formato 2: nada prueba qué jugadas eran de los jugadores y no del servidor)
# Follows the verdict's first sentence directly: it brings its own
# separator. $keys: a list of verify-signed-key, joined with commas.
verify-signed = ; cada jugada que hizo un jugador está firmada por ese jugador ({ $keys })
# $key: the first 16 hexadecimal digits of the player's key.
verify-signed-key = las de { $seat } con la clave { $key }…
verify-note-unsigned-moves = (nota: las jugadas de { $seat } no están firmadas: nada prueba que las hiciera { $seat } y no el servidor)
verify-note-server-bot = (nota: { $seat } es el bot del servidor: sus jugadas son del servidor por diseño)
# $count: how many of the seat's moves (the deal's nonce among them) the
# server made.
verify-note-server-deal = (nota: el servidor hizo el nonce del reparto de { $seat }: { $count ->
        [one] un plazo incumplido
       *[other] plazos incumplidos
    })
verify-note-server-moves = (nota: el servidor hizo la jugada de { $seat } en { $rounds }: { $count ->
        [one] un plazo incumplido
       *[other] plazos incumplidos
    })
verify-note-server-deal-and-moves = (nota: el servidor hizo el nonce del reparto de { $seat } y su jugada en { $rounds }: { $count ->
        [one] un plazo incumplido
       *[other] plazos incumplidos
    })
verify-note-refused-one = ({ $seat } selló un nonce y nunca lo abrió, y la partida se anuló)
verify-note-refused-both = (ambos sellaron un nonce y nunca lo abrieron)
verify-note-unsigned-seal = (nota: el sello de { $seat } no está firmado: nada prueba que lo hiciera { $seat } y no el servidor)

## What a forfeit rests on, for verify-note-result

# Both seats' notes, when both forfeited.
verify-cause-pair = { $first }; { $second }
verify-cause-disconnected = que { $seat } estuviera ausente más allá del periodo de gracia depende solo de la palabra del servidor
verify-cause-not-opened = que { $seat } no abriera a tiempo una jugada sellada depende solo de la palabra del servidor (el registro muestra el sello; si la apertura llegó a tiempo, solo lo vio el servidor)
verify-left-proven = { $seat } salió, como prueba su salida firmada con la clave de { $seat }
verify-left-word = que { $seat } saliera depende solo de la palabra del servidor ({ $seat } no tenía clave con la que firmar su salida)
verify-deal-nonce-missing = { $seat } no selló ningún nonce del reparto a tiempo, como prueba el registro (no contiene ningún sello de { $seat })
# $count: the rounds at the record's end in which the server made the move.
verify-missed-word = que { $seat } incumpliera demasiados plazos depende solo de la palabra del servidor: el servidor hizo la jugada de { $seat } { $count ->
        [one] en la última ronda del registro
       *[other] en cada una de las { $count } últimas rondas del registro
    }, pero la respuesta no da el límite del servidor (una partida guardada antes de que los servidores lo conservaran)
# $limit: the server's limit of missed deadlines in a row; $count: the
# rounds at the record's end in which the server made the move.
verify-missed-proven = { $seat } incumplió { $limit ->
        [one] { $limit } plazo
       *[other] { $limit } plazos seguidos
    }, como prueba el registro: el servidor hizo la jugada de { $seat } { $count ->
        [one] en su última ronda
       *[other] en cada una de sus { $count } últimas rondas
    }

## What is broken: the result given against the record

verify-played-unsealed = la partida se jugó sellada, pero su registro no contiene ningún sello
verify-no-seed = el registro no tiene semilla: la partida no ha terminado, o se quitó la semilla
verify-answer-without-record = la respuesta del servidor no contiene ningún registro
# $error: what the JSON reader says (in English).
verify-not-a-record = no es un registro de partida: { $error }
verify-deal-only = la partida terminó en su reparto: no tiene rondas que leer
# $result: the result the server gives, as the terminal writes a result.
verify-deal-forfeit = el resultado dado ({ $result }) dice que { $seat } perdió por abandono en el reparto, pero una partida que termina antes de que ambos jugadores hayan hecho una jugada se anula, y nadie la gana
verify-deal-result-none = el resultado dado ({ $result }) no es el del registro: la partida terminó en su reparto, sin que nadie se negara a abrir, y sin ganador
verify-deal-result-one = el resultado dado ({ $result }) no es el del registro: la partida terminó en su reparto, con { $seat } negándose a abrir, y sin ganador
verify-deal-result-both = el resultado dado ({ $result }) no es el del registro: la partida terminó en su reparto, con ambos negándose a abrir, y sin ganador
verify-leave-but-other-ending = el registro contiene la salida firmada de { $seat }, pero el resultado dado dice que la partida terminó de otra forma ({ $ending ->
        [played] jugada hasta el final
        [forfeit] un abandono por otra causa
        [abandoned] abandonada por ambos
       *[aborted] anulada por otra causa
    })
verify-left-unproven = el resultado dado dice que { $seat } salió, pero el registro no contiene ninguna salida firmada con la clave de { $seat }: nada prueba que { $seat } saliera
verify-deal-nonce-sealed = el resultado dado dice que { $seat } no selló a tiempo un nonce del reparto, pero el registro contiene el sello de { $seat }
verify-missed-own-move = el resultado dado dice que { $seat } incumplió demasiados plazos, pero la última jugada de { $seat } en el registro es suya
# $count: the moves at the record's end the server made for the seat;
# $limit: how many in a row make a forfeit.
verify-missed-too-few = el resultado dado dice que { $seat } incumplió demasiados plazos, pero { $count ->
        [0] el registro no termina con ninguna jugada hecha por el servidor para { $seat }
        [one] el registro solo termina con { $count } jugada hecha por el servidor para { $seat }
       *[other] las { $count } últimas jugadas hechas por el servidor para { $seat } en el registro no bastan
    } (el límite del servidor: { $limit } seguidas)
verify-limit-zero = la respuesta dice que el servidor hace perder por abandono a un jugador tras 0 plazos incumplidos seguidos, pero ningún servidor funciona con un límite menor que 1
# missed_deadline_limit is the answer's field: never translated.
verify-limit-missing = la respuesta omite el límite del servidor de plazos incumplidos seguidos (missed_deadline_limit), que da toda respuesta con un registro de formato { $format }: sin él, nada dice cuántas jugadas debe haber hecho el servidor para un jugador que pierde por abandono por plazos incumplidos
# $limit: the server's limit of missed deadlines in a row.
verify-deadline-end-one = el servidor hizo la jugada de { $seat } { $limit ->
        [one] en la última ronda del registro
       *[other] en cada una de las { $limit } últimas rondas del registro
    }, su límite de plazos incumplidos seguidos: la partida terminó ahí, con { $seat } perdiendo por abandono por plazos incumplidos, no como dice el resultado dado ({ $result })
verify-deadline-end-both = el servidor hizo las jugadas de Amarillo y de Azul { $limit ->
        [one] en la última ronda del registro
       *[other] en cada una de las { $limit } últimas rondas del registro
    }, su límite de plazos incumplidos seguidos: la partida terminó ahí, abandonada por ambos por plazos incumplidos, no como dice el resultado dado ({ $result })
verify-early-forfeit-one = el resultado dado ({ $result }) dice que { $seat } perdió por abandono, pero no se reveló ninguna ronda: una partida que termina antes de que ambos jugadores hayan hecho una jugada se anula, y nadie la gana
verify-early-forfeit-both = el resultado dado ({ $result }) dice que ambos jugadores perdieron por abandono, pero no se reveló ninguna ronda: una partida que termina antes de que ambos jugadores hayan hecho una jugada se anula, y nadie la gana
verify-aborted-after-rounds = el resultado dado ({ $result }) dice que la partida se anuló antes de que ambos jugadores hicieran una jugada, pero antes se { $count ->
        [one] reveló { $count } ronda
       *[other] revelaron { $count } rondas
    }: desde entonces, una partida termina por abandono
verify-played-but-cut = el resultado dado ({ $result }) dice que la partida se jugó hasta el final, pero su registro se detiene antes del final
# $expected: the result the record plays out to, written as $result is.
verify-result-not-records = el resultado dado ({ $result }) no es el del registro: al volver a jugarlo, el registro da { $expected }
verify-revealed-nothing-dealt = se reveló una ronda en juego, pero el registro dice que no se repartió nada

## What is broken: a rated game

# $reason: why it was not rated (the terminal's words for it).
verify-rated-and-not = se dice que la partida es puntuada y, a la vez, amistosa ({ $reason })
verify-rated-ended-early = se dice que la partida cambió la puntuación de sus jugadores, pero { $how ->
        [aborted] se anuló antes de que ambos jugadores hicieran una jugada
       *[abandoned] ambos la abandonaron a la vez
    }: una partida así nunca es puntuada
verify-unrated-not-so = se dice que la partida es amistosa por { $how ->
        [aborted] anulada
       *[abandoned] abandonada
    }, pero no fue { $how ->
        [aborted] anulada
       *[abandoned] abandonada
    }
verify-rated-unsealed = se dice que la partida se jugó en una sala puntuada, pero su registro no contiene ningún sello
verify-rated-server-deal-nonce = se dice que la partida es puntuada, pero el servidor hizo el nonce del reparto de { $seat }: nada prueba que la clave de { $seat } lo jugara
verify-rated-one-key = se dice que la partida es puntuada, pero una misma clave jugó en ambos puestos: una partida así nunca es puntuada
# $pool and $rules: pool names (standard, boost, face_up, …), as commands write them.
verify-rated-other-pool = se dice que la partida es puntuada en la categoría { $pool }, pero sus reglas son las de la categoría { $rules }
verify-rated-no-pool = se dice que la partida es puntuada en la categoría { $pool }, pero sus reglas no son las de ninguna categoría (otro límite de bloqueo)
verify-rated-other-key = se dice que la partida es puntuada para la clave { $key }… de { $seat }, pero la clave de { $seat } en el registro es otra
verify-room-other-key = la respuesta dice que { $seat } jugó la partida de su sala puntuada con la clave { $key }…, pero la clave de { $seat } en el registro es otra
verify-bot-unsigned = la declaración de bot de { $seat } en el registro no está firmada con la clave de { $seat }
verify-bot-rated = se dice que la partida es puntuada, pero la clave de { $bot } se había declarado bot al empezar y la de { $person } no: un bot contra una persona nunca es puntuado
verify-bot-none = se dice que la partida es amistosa por ser un bot contra una persona, pero ninguna de las dos claves se había declarado bot al empezar
verify-bot-both = se dice que la partida es amistosa por ser un bot contra una persona, pero ambas claves se habían declarado bots al empezar
# Ratings and their deviations (RD) come written to one decimal place, as
# the language writes decimals.
# $opponent: the other seat; $result: how the game went for $seat.
verify-glicko = se dice que la puntuación de { $seat } tras la partida es { $after } (RD { $after_rd }), pero Glicko-2 da { $worked } (RD { $worked_rd }) a partir de la puntuación previa de { $seat }, { $before } (RD { $before_rd }), la de { $opponent }, { $opponent_before } (RD { $opponent_rd }), y { $result ->
        [win] la victoria
        [loss] la derrota
       *[draw] el empate
    } de { $seat }
verify-rated-games = se dice que las partidas puntuadas de { $seat } pasan de { $before } a { $after } con esta sola partida
# $limit: the deviation above which a rating is provisional.
verify-provisional = se dice que la puntuación de { $seat } tras la partida es { $provisional ->
        [yes] provisional
       *[no] establecida
    } con RD { $rd }, pero una puntuación es provisional justo mientras su desviación supera { $limit }

## What is broken: the record against what this client saw in play

verify-witness-commitment-changed = el servidor publicó otro compromiso durante la partida
verify-witness-seal-changed-in-play = el sello de { $seat } para { $round ->
        [0] el reparto
       *[other] la ronda { $round }
    } cambió después de publicarse
verify-witness-not-sealed = el registro no contiene ningún sello: no es la partida sellada que se jugó
verify-witness-other-commitment = el compromiso del registro no es el que se publicó al empezar la partida
verify-witness-round-missing = la ronda { $round } se selló en juego pero falta en el registro
verify-witness-own-move-changed = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: el registro no contiene la jugada que abriste
verify-witness-seal-changed = el sello de { $seat } para { $round ->
        [0] el reparto
       *[other] la ronda { $round }
    } no es el que se publicó antes de abrir las jugadas

## What is broken: the record against itself, the seed and the rules

verify-replay-format = el formato de registro { $found } no es compatible (este motor lee los formatos { $first } a { $last })
# "fair" and "fair.keys", "fair.left" are the record's fields: never translated.
verify-replay-unsealed-with-fair = un registro de formato { $format } no contiene sellos («fair» pertenece a los formatos 2 y 3)
verify-replay-fair-missing = un registro de formato { $format } debe contener su compromiso, sus sellos y sus nonces («fair»)
verify-replay-keys-missing = un registro de formato { $format } debe contener las claves de sus jugadores («fair.keys»)
verify-replay-keys-misplaced = un registro de formato { $format } no contiene claves («fair.keys» pertenece a los formatos 3 y 4)
verify-replay-leave-misplaced = un registro de formato { $format } no contiene ninguna salida («fair.left» pertenece al formato 4)
verify-replay-server-move-claimed = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la jugada de { $seat } consta como suya, pero su nonce es el que la semilla comprometida del servidor da para { $seat } en esa ronda: la hizo el servidor
verify-replay-signed-without-key = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la jugada de { $seat } lleva una firma, pero { $seat } no anunció ninguna clave con la que comprobarla
verify-replay-signed-server-move = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: el servidor hizo la jugada de { $seat }, y sin embargo el registro le da la firma de { $seat }
# $signed: the round the leave names; $stopped: the round under way when
# the record stops (0: the deal).
verify-replay-leave-round = la salida de { $seat } está firmada para { $signed ->
        [0] el reparto
       *[other] la ronda { $signed }
    }, pero el registro se detiene en { $stopped ->
        [0] el reparto
       *[other] la ronda { $stopped }
    }
verify-replay-bad-leave = la salida de { $seat } ({ $round ->
        [0] el reparto
       *[other] ronda { $round }
    }) no está firmada con la clave de { $seat }
verify-replay-unsigned = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la jugada de { $seat } consta como suya, pero no está firmada con la clave de { $seat } (una jugada sin la firma de su jugador es del servidor)
verify-replay-opening-without-seal = el reparto: la apertura de { $seat } no tiene sello
verify-replay-refused-unsealed = el reparto: consta que { $seat } se negó a abrir un sello que nunca hizo
verify-replay-refused-but-opened = el reparto: consta que { $seat } se negó a abrir su nonce, pero su apertura está en el registro
verify-replay-bad-signature = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la firma de { $seat } no coincide con el sello y la clave de { $seat }
verify-replay-fairness-version = la versión de equidad { $found } no es compatible (este motor deriva la versión { $version })
verify-replay-stall-limit = el límite de bloqueo debe ser de 1 a { $max } rondas, no { $limit }
verify-replay-seed = la semilla no coincide con el compromiso publicado al empezar la partida
verify-replay-seal-mismatch = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: la apertura de { $seat } (asignación y nonce) no coincide con su sello
verify-replay-server-nonce = { $round ->
        [0] el reparto
       *[other] ronda { $round }
    }: el servidor hizo la jugada de { $seat }, pero no con el nonce que da su semilla comprometida
verify-replay-seal-count = el registro tiene { $rounds } rondas pero { $sealed } intercambios sellados
verify-replay-layout = el reparto no es el que dan la semilla y los nonces de ambos jugadores
verify-replay-round-number = la ronda { $found } está registrada donde corresponde la ronda { $expected }
# $problem: why (verify-round-illegal, verify-game-over).
verify-replay-round = la ronda { $round } no se puede volver a jugar: { $problem }
# $die: which die of the roll, from 1; $recorded and $derived: its faces.
verify-replay-die = ronda { $round }: el dado { $die } { $kind ->
        [boost] del impulso
       *[attempt] del intento
    } de { $seat } en la columna { $column } es { $recorded } en el registro, pero la semilla y ambos nonces dan { $derived }
verify-replay-report = la ronda { $round } no se vuelve a jugar como se registró: { $part ->
        [assignments] sus asignaciones difieren
        [revealed-pieces] sus piezas volteadas difieren
        [attempts] sus intentos difieren
        [boosts] sus impulsos difieren
        [flips] sus volteos difieren
        [removed-pieces] sus piezas retiradas difieren
        [resting-mice] sus ratones descansando difieren
        [outcomes] sus resultados difieren
       *[other] sus { $part } difieren
    }
verify-replay-outcome = el final registrado de la partida no es el que da volver a jugarla
verify-replay-no-seed = el registro no tiene semilla: sus dados no se pueden comprobar y la partida no puede continuar
verify-game-over = la partida ha terminado
# $problem: why (verify-assignment-…).
verify-round-illegal = la asignación de { $seat } no se puede jugar: { $problem }
verify-assignment-too-many = { $placed ->
        [one] { $placed } ratón colocado
       *[other] { $placed } ratones colocados
    }, pero una familia solo tiene { $mice }
verify-assignment-resting = { $placed ->
        [one] { $placed } ratón colocado
       *[other] { $placed } ratones colocados
    }, pero solo hay { $available } disponibles: los demás están descansando
verify-assignment-unplaced = { $placed } de { $available } ratones disponibles colocados: hay que colocar todos los ratones disponibles
verify-assignment-empty-column = a la columna { $column } no le queda ninguna pieza
verify-assignment-nothing-to-steal = la columna { $column } ofrece el doble blanco, pero el rival aún no tiene nada que robar
verify-assignment-steal-without-target = los ratones en el doble blanco de la columna { $column } deben indicar una pieza del rival que robar
verify-assignment-not-in-stash = el botín del rival no contiene { $piece }
verify-assignment-target-without-steal = { $piece } solo se puede robar con ratones en el doble blanco, y no hay ninguno ahí

## Un encuentro comprobado entero (`mice-cake verify --match ID`). $number y
## $position son números de partidas del encuentro (1 la primera); los
## nombres entran tal cual.

match-verify-whole = el encuentro está entero: { $games ->
    [one] su única partida está, verificada justa
   *[other] sus { $games } partidas están todas, en orden, ninguna quitada ni añadida, cada una verificada justa
}; { $score }; { $how }
match-verify-score = { $yellow } { $yellow_wins } – { $blue } { $blue_wins }
match-verify-goes-on = el encuentro sigue
match-verify-won = { $winner } ganó el encuentro
match-verify-left = { $player } salió de una partida, y con ella del encuentro
match-verify-left-between = { $player } salió entre dos partidas, y perdió el encuentro (según el servidor: ninguna partida lo registra)
match-verify-abandoned = los dos jugadores se fueron: nadie ganó
match-verify-broken = ENCUENTRO NO PROBADO: { $problem }
match-verify-game = partida { $number }: { $problem }
match-verify-unsealed = una partida de antes del juego sellado no puede formar parte de un encuentro
match-verify-no-result = el servidor no da su resultado
match-verify-not-listed = las partidas obtenidas no son las que lista el encuentro
match-verify-after-end = la partida { $number } viene después de que el encuentro ya se ganara
match-verify-wins = las partidas dan un marcador de { $counted }, y el servidor dice { $claimed }
match-verify-not-over = el servidor dice que el encuentro terminó, pero sus partidas no lo terminan: falta una partida al final
match-verify-status = sus partidas terminan el encuentro, pero el servidor dice que está { $status }
match-verify-other-player = una clave distinta de la de { $name } ocupa el asiento de ese jugador
match-verify-bad-id = no es un identificador de encuentro (32 dígitos hexadecimales): { $id }
match-verify-unreadable = la respuesta del servidor no es un encuentro: { $error }
match-chain-no-game = el encuentro no tiene ninguna partida
match-chain-not-in-match = la partida { $number } de la lista no pertenece a ningún encuentro
match-chain-other-match = la partida { $number } de la lista pertenece a otro encuentro
match-chain-out-of-order = la partida { $position } de la lista dice ser la partida { $number } del encuentro: falta una partida, está repetida o fuera de orden
match-chain-broken = la partida { $number } no sigue a la partida { $previous }: falta una partida entre ellas o se añadió una
match-chain-other-rules = la partida { $number } se jugó con otras reglas que la partida 1
match-status-playing = en curso
match-status-won = ganado
match-status-forfeit = ganado por abandono
match-status-abandoned = abandonado
