# The game's words, used on every page: the seats, what an attempt went
# for and how it ended, how a game ended, why a game was not rated, the
# options of a room, and the lines that tell a reveal as it plays.

## The two seats, capitalized as names

words-seat-yellow = Amarillo
words-seat-blue = Azul

## An assignment as written and what an attempt went for

words-assignment-steal = robo { $piece }
words-assignment-nothing = nada
words-target-steal = robo { $piece }
words-target-blind = a ciegas: 0/0

## How an attempt ended, in a word or two

words-outcome-took = se la lleva
words-outcome-too-low = por debajo de { $value }
words-outcome-exhausted = { $count ->
    [one] { $count } ratón cansado
   *[other] { $count } ratones cansados
}
words-outcome-lost-contest = superado en los dados
words-outcome-tied-contest = empate
words-outcome-stole = robo logrado
words-outcome-exchanged = intercambio
words-outcome-no-roll = sin tirada

## How a game ended

words-score = Amarillo { $yellow } – Azul { $blue }
words-end-board-cleared = el pastel se acabó
words-end-no-moves-left = ningún ratón puede moverse
words-end-stall-limit = se alcanzó el límite de bloqueo
words-won-pips = { $seat } gana por puntos
words-won-pieces = { $seat } gana por número de piezas
words-won-double-six = { $seat } gana por tener el 6/6
words-won-other = { $seat } gana
words-winner = { $seat } gana
words-no-winner = nadie gana
words-result-won = { $score }, { $won } ({ $why })
words-result-draw = { $score }, empate ({ $why })
words-result-forfeit = { $score }, { $winner }: { $forfeit }
words-result-aborted = { $score }, partida anulada antes de que los dos jugadores movieran: { $forfeit } — { $winner }, no puntuada
words-result-abandoned = { $score }, partida abandonada: { $forfeit }
words-result-abandoned-won = { $score }, partida abandonada: { $forfeit }; { $winner }

## Who forfeited and why

words-forfeit-missed-deadlines = { $who ->
    [both] los dos jugadores dejaron pasar demasiados plazos
   *[other] { $seat } dejó pasar demasiados plazos
}
words-forfeit-disconnected = { $who ->
    [both] los dos jugadores estuvieron ausentes demasiado tiempo
   *[other] { $seat } estuvo ausente demasiado tiempo
}
words-forfeit-left = { $who ->
    [both] los dos jugadores salieron de la partida
   *[other] { $seat } salió de la partida
}
words-forfeit-not-opened = { $who ->
    [both] los dos jugadores no abrieron a tiempo una jugada sellada
   *[other] { $seat } no abrió a tiempo una jugada sellada
}
words-forfeit-other = { $who ->
    [both] los dos jugadores
   *[other] { $seat }
}: { $cause }

## Why a game in a rated room is not rated

words-not-rated-same-address = los dos jugadores están en la misma dirección de red
words-not-rated-pair-limit = estos dos jugadores ya han jugado 3 partidas puntuadas juntos en las últimas 24 horas
words-not-rated-bot-against-person = un bot juega contra una persona: los bots se puntúan entre bots
words-not-rated-same-key = la misma clave ocupa los dos asientos
words-not-rated-aborted = terminó antes de que los dos jugadores movieran
words-not-rated-abandoned = los dos jugadores abandonaron a la vez

## A deal that never started

words-refused-both = Amarillo y Azul sellaron un nonce y nunca lo abrieron, y la partida se anuló.
words-refused = { $seat } selló un nonce y nunca lo abrió, y la partida se anuló.

## A room's options

words-reveal-standard = estándar
words-reveal-all-face-up = todo boca arriba
words-reveal-all-face-down = todo boca abajo
words-variant-boost = impulso
words-variant-deadline = { $clock }/ronda
words-variant-no-deadline = sin plazo
words-variant-rated = puntuada

words-who = { $name } ({ $seat })

## A reveal as it plays

words-rolling-steal = { $seat } tira { $dice ->
    [one] { $dice } dado
   *[other] { $dice } dados
} para robar { $piece }…
words-rolling = { $seat } tira { $dice ->
    [one] { $dice } dado
   *[other] { $dice } dados
} por { $piece } en la columna { $column }…
words-blind = Los ratones de { $seat } encuentran el doble blanco en la columna { $column }: sin tirada.
words-landed-steal-waiting = El { $sum } de { $seat } alcanza { $piece }: si el robo de { $other } también sale bien, se intercambian.
words-landed-contested = El { $sum } de { $seat } alcanza { $piece }: pieza disputada, { $other } también tira por ella.
words-landed-won-contest = El { $sum } de { $seat } supera al { $rival }: { $seat } se lleva { $piece }.
words-landed-took-contested = { $seat } se lleva { $piece } con { $sum }.
words-landed-took = { $seat } { $sum } ≥ { $value }: se lleva { $piece }.
words-landed-lost-contest = El { $rival } de { $winner } supera al { $sum }: { $winner } se lleva { $piece }.
words-landed-tied = Empate a { $sum }: { $piece } se queda.
words-landed-too-low = { $seat } { $sum }, por debajo de { $value }: { $piece } se queda.
words-landed-exhausted = Los dados de { $seat } coinciden con { $piece }: { $count ->
    [one] { $count } ratón cansado
   *[other] { $count } ratones cansados
}, la pieza se queda.
words-landed-stole = { $seat } { $sum } ≥ { $value }: roba { $piece }, con el doble blanco.
words-landed-exchanged = Los dos robos salen bien: las piezas robadas cambian de manos y el doble blanco sale de la partida.
words-boost-took = Impulso de { $seat }: { $sum } ≥ { $pips }, se lleva { $piece } en la columna { $column }.
words-boost-took-more = Impulso de { $seat }: { $sum } ≥ { $pips }, se lleva { $piece } en la columna { $column } (+{ $count ->
    [one] { $count } impulso
   *[other] { $count } impulsos
}).
words-boost-too-low = Impulso de { $seat }: { $sum }, por debajo de { $pips }: { $piece } se queda.
words-boost-nothing = Impulso de { $seat } en la columna { $column }: nada a lo que tirar.
words-boost-rolling = Impulso de { $seat }: { $dice ->
    [one] { $dice } dado
   *[other] { $dice } dados
} por { $piece } en la columna { $column }…
words-turn-up = { $count ->
    [one] Se voltea { $pieces }.
   *[other] Se voltean: { $pieces }.
}
words-round-assignments = Ronda { $round }: Amarillo { $yellow } · Azul { $blue }
