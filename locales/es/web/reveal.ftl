# What screen readers are told of a round's reveal (reveals.js).

reveal-dice-roll = { $assignments }. Ruedan los dados.

## What each player took in the round

reveal-takes = { $seat } se lleva { $piece }
reveal-steals = { $seat } roba { $piece }
reveal-boosts-to = { $seat } se lleva { $piece } con impulso
reveal-steals-exchange = los dos robos se intercambian
reveal-taken = Ronda { $round }: { $taken }.
reveal-nothing-taken = Ronda { $round }: nadie se lleva nada.

##

reveal-revealed = Ronda { $round } revelada: Amarillo { $yellow }, Azul { $blue }. { $taken }
