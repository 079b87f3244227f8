# What happens in a game, in both interfaces and the plain output
# (client-cli/src/text.rs): the seats, a round's attempts and boosts, the
# pieces turned up, the cake and the families, how a game ended.

# A seat's name: $seat is yellow or blue.
text-seat =
    { $seat ->
        [yellow] Amarillo
       *[blue] Azul
    }
text-mice =
    { $count ->
        [one] { $count } ratón
       *[other] { $count } ratones
    }
# A pool of rated games in words ($pool is the name typed after --pool).
text-pool =
    { $pool ->
        [standard] estándar
        [boost] impulso
        [face_up] boca arriba
        [face_up_boost] boca arriba con impulso
        [face_down] boca abajo
       *[face_down_boost] boca abajo con impulso
    }
# Why a game in a rated room is not rated; $games is how many rated games two players may play together in a day.
text-not-rated =
    { $why ->
        [same_address] ambos jugadores están en la misma dirección de red
        [pair_limit] estos dos jugadores ya jugaron { $games } partidas puntuadas juntos en las últimas 24 horas
        [bot_against_person] un bot juega contra una persona: los bots se puntúan entre bots
        [same_key] la misma clave ocupa ambos asientos
        [aborted] terminó antes de que ambos jugadores hicieran un movimiento
       *[abandoned] ambos jugadores abandonaron a la vez
    }
# Why a seek ended without a game; $reason is the server's own words, for a room it could not make.
text-seek-end =
    { $cause ->
        [cancelled] búsqueda cancelada
        [shutting_down] el servidor se está apagando
        [deal_not_sealed] no sellaste tu reparto a tiempo
       *[no_room] no se pudo crear ninguna sala
    }

## An attempt: who, where, with how many mice, at what, the dice and what came of it

# What the mice went for: a piece ($piece, like 3/5), a steal of the opponent's piece, or the double-blank found blind.
text-attempt-target =
    { $target ->
        [piece] a por { $piece }
        [steal] robando { $piece }
       *[blind] encontraron el doble blanco a ciegas
    }
# What came of an attempt; $value is the piece's pips, $exhausted the mice exhausted.
text-attempt-outcome =
    { $result ->
        [took] se la llevan
        [too_low] por debajo de { $value }
        [exhausted] { $exhausted ->
            [one] { $exhausted } ratón cansado
           *[other] { $exhausted } ratones cansados
        }
        [lost_contest] superados por el otro lado
        [tied_contest] empate: nadie se la lleva
        [stole] la roban, y también el doble blanco
        [exchanged] ambos roban: piezas intercambiadas, doble blanco retirado
       *[no_attempt] ningún intento
    }
# An attempt without dice: $seat $column: $mice $target: $outcome.
text-attempt = { $seat } { $column }: { $mice } { $target }: { $outcome }
# An attempt with its dice ($dice, like 4 2) and their sum; $boosted mice gained a boost.
text-attempt-rolled =
    { $seat } { $column }: { $mice } { $target }, dados { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
        [one] , impulso para { $boosted } ratón
       *[other] , impulso para { $boosted } ratones
    }

## A boost roll

# What came of a boost roll; $pips are the piece's.
text-boost-outcome =
    { $result ->
        [took] se la llevan
        [too_low] por debajo de { $pips }
        [short] insuficiente
       *[nothing] nada a lo que tirar
    }
text-boost = { $seat } { $column } impulso: { $outcome }
# A boost rolled at a piece; $boosted more mice gained a boost.
text-boost-rolled-on =
    { $seat } { $column } impulso a por { $piece }, dados { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , +{ $boosted } impulso
    }
text-boost-rolled =
    { $seat } { $column } impulso, dados { $dice } = { $sum } → { $outcome }{ $boosted ->
        [0] {""}
       *[other] , +{ $boosted } impulso
    }

## A round

# A round's first line: both seats' assignments ($yellow, $blue: like A2 C2).
text-round-header = Ronda { $round }: Amarillo { $yellow } — Azul { $blue }
# The server played a seat's assignment when the deadline passed.
text-deadline-missed = { $seat } dejó pasar el plazo: eligió el servidor
# As text-deadline-missed, with how many deadlines were missed in a row of the $limit that forfeit.
text-deadline-missed-tally = { $seat } dejó pasar el plazo: eligió el servidor ({ $count } de { $limit })
text-deadline-missed-forfeits = { $seat } dejó pasar el plazo: eligió el servidor ({ $count } de { $limit }: abandono)
# A face-down piece turned up: $cell like C3, $piece like 2/5.
text-turns-up = { $cell } se voltea: { $piece }
text-resting =
    { $seat }: { $count ->
        [one] { $count } ratón descansa
       *[other] { $count } ratones descansan
    } la próxima ronda
# Under the cake: a family's pips, pieces taken and mice free to place.
text-family =
    { $seat }: { $pips ->
        [one] { $pips } punto
       *[other] { $pips } puntos
    } en { $pieces ->
        [one] { $pieces } pieza
       *[other] { $pieces } piezas
    }, { $available ->
        [one] { $available } ratón disponible
       *[other] { $available } ratones disponibles
    }

## How a game ended

text-game-over = Fin de la partida: { $outcome }
# Both seats' pips.
text-score = Amarillo { $yellow } – Azul { $blue }
text-end-why =
    { $end ->
        [board_cleared] se acabó el pastel
        [no_moves_left] ningún ratón puede moverse
       *[stall_limit] se alcanzó el límite de bloqueo
    }
# $score is text-score; $decided says what decided the winner (draw: nothing to say), $why is text-end-why.
text-outcome-won =
    { $score }, gana { $winner } { $decided ->
        [pips] por puntos
        [pieces] por número de piezas
        [double_six] por tener el 6/6
       *[draw] {""}
    } ({ $why })
text-outcome-draw = { $score }, empate ({ $why })
# $winner is text-wins or text-nobody-wins, $forfeit is text-forfeit.
text-outcome-forfeit = { $score }, { $winner }: { $forfeit }
# $forfeit is text-forfeit-both.
text-outcome-abandoned = { $score }, partida abandonada: { $forfeit }
text-outcome-abandoned-won = { $score }, partida abandonada: { $forfeit }; { $winner }
text-outcome-aborted = { $score }, partida anulada antes de que ambos jugadores hicieran un movimiento: { $forfeit }; { $winner }, no puntuada
text-wins = gana { $seat }
text-nobody-wins = nadie gana
# A seat that forfeited, and why.
text-forfeit =
    { $seat } { $cause ->
        [missed_deadlines] dejó pasar demasiados plazos
        [disconnected] estuvo ausente demasiado tiempo
        [left] salió de la partida
       *[not_opened] no abrió a tiempo un movimiento sellado
    }
text-forfeit-both =
    ambos jugadores { $cause ->
        [missed_deadlines] dejaron pasar demasiados plazos
        [disconnected] estuvieron ausentes demasiado tiempo
        [left] salieron de la partida
       *[not_opened] no abrieron a tiempo un movimiento sellado
    }

## A probability

# $percent is a whole number.
text-percent = { $percent } %
text-percent-below-one = <1 %
text-percent-above-99 = >99 %

## Un encuentro (una sala que juega hasta un número de victorias). Los
## nombres entran tal cual.

text-match-score = Encuentro a { $first_to } victorias: { $yellow } { $yellow_wins } – { $blue } { $blue_wins }
text-match-won = { $winner } gana el encuentro
text-match-forfeit = { $loser } dejó el encuentro: { $winner } lo gana
text-match-abandoned = Los dos jugadores se fueron: el encuentro terminó, nadie lo gana
text-match-next = La partida { $number } empieza en { $seconds } s (o en cuanto los dos estén listos)
