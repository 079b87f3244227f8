# The rounds' log on the room page (log.js): each round's moves, each roll
# with its dice, sum and outcome, the pieces turned up, and the room's
# earlier games.

log-past-game = Partida { $game }: { $yellow } (Amarillo) contra { $blue } (Azul) — { $result }
log-replay-game = Ver la repetición de la partida { $game }
log-heading = Rondas
log-empty = Todavía no se ha jugado ninguna ronda: cada revelación aparece aquí.
log-auto = { $seat } no llegó a tiempo: el servidor eligió
log-contested-waiting = disputada: esperando los otros dados

## A roll

log-attempt = { $seat } { $column } { $mice } por { $target }
log-boost = { $seat } { $column } impulso { $mice } por { $piece }
log-boost-at-nothing = { $seat } { $column } impulso { $mice } por nada

## What a boost's roll did

log-boost-took = se la lleva
log-boost-took-more = se la lleva (+{ $boosted } impulso)
log-boost-below = por debajo de { $pips }
log-boost-below-it = por debajo
log-boost-nothing = nada a lo que tirar

##

log-round = Ronda { $round }: Amarillo { $yellow } — Azul { $blue }
log-turns-up = { $cell } se voltea: { $piece }
log-rolling = rodando
log-dice = dados { $dice }
